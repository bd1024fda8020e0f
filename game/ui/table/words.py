"""The table in words: actions as button labels, events as log lines, and the
rules keywords a zoomed card explains. Only names the viewer may know are used."""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from typing import NamedTuple

from game.engine import actions as A
from game.engine import events as E
from game.engine.decisions import (Combat, Dealing, Duel, FlashWindow, GuestTake, HavenQuestion,
                                   Placement)
from game.engine.abilities import energy_cost
from game.engine.equipment import abilities_of
from game.engine.cards import CardDef, Effect, Modifier, Step
from game.engine.havens import BUILD_TURNS, BUILDERS
from game.engine.physical import Blow, Forecast, Strike, damage_of
from game.engine.state import DISCARD, RELOAD
from game.engine.terrain import DESTROYED, FIELD_FULL, GIVES, GROUP_FULL, HAVEN, SYMBOLS
from game.engine.view import STATS, UnitView

# Instance id -> card name, or "a face-down card"; a cell -> the name of the card there
# (players know Locations by name, not by grid coordinates).
Namer = Callable[[int | tuple[int, int]], str]
# A Character's cell and whether a Haven is there; None for a card not on the Field.
Where = Callable[[int], tuple[tuple[int, int], bool] | None]

# Each seat's kind as every screen names it ("Player 2 (AI Hard)"): the table said "AI
# hard" in the seat panels and the bar and "(AI)" over the hidden hands, while the
# game-over screen, New game and the saves said "AI Hard" (s45w).
# A Character that neither attacks nor protects in a round is still in the Combat and
# may still be attacked (Combat Between Players; a Disaster's target too): "Stay out"
# read as leaving it (s46w).
HOLD_BACK = "Hold back"

KIND_NAMES = {"human": "Human", "ai:easy": "AI Easy", "ai:normal": "AI Normal",
              "ai:hard": "AI Hard", "ai:random": "AI Random"}

PHASE_NAMES = {"setup": "Setting up the Field", "discard": "Discard phase",
               "reload": "Reload phase", "maintenance": "Maintenance phase",
               "equip": "Equip phase", "move": "Move phase", "scavenge": "Scavenge phase",
               "over": "Game over"}

PHASE_HINTS = {
    "setup": "Place your card: click a glowing cell, or drag the card onto one.",
    "discard": "Click each card you do not want, to discard it; then End phase.",
    "equip": "Drag a card from your hand onto a glowing target, or End phase.",
}


PRONOUNS = {"female": "she", "male": "he"}


def pronoun(cd) -> str:
    """A card's "she", "he" or "it" (by its gender; no card, or none: "it")."""
    return PRONOUNS.get(cd.gender if cd else None, "it")


def phase_hint(phase: str, legal, hand=None) -> str:
    """A phase's hint where turn_hint has none; without its 'End phase' where ending
    the phase is not offered (a guide's rails offer only the step's action). `hand`:
    the viewer's cards in hand, where known. A Discard phase over an empty hand says
    so, and what else may be discarded: "Click each card you do not want" stood
    over an empty hand, the one card offered a Character standing in the Haven, whom
    a Discard Kills (guideline 2.3), s43w."""
    said = PHASE_HINTS.get(phase, "Choose what to do, or End phase.")
    end = any(isinstance(a, A.EndPhase) for a in legal)
    cards = [a.card for a in legal if isinstance(a, A.DiscardCard)]
    if phase == "discard" and hand is not None and not hand:
        if not cards:
            return "Nothing to discard" + (": End phase." if end else ".")
        # Said as an order ("click a card in your Haven to discard it"), it sent a
        # newcomer to Kill their own Characters standing there (s45w).
        said = ("Your hand is empty: click a card in your Haven only to be rid of it (a "
                "Character Discarded is Killed); then End phase: the Reload phase draws up to 7.")
    elif phase == "discard" and hand and not cards and end:
        # The guide's rails offer only End phase: "Nothing to discard" stood over a hand
        # of three (s43r), "Click each card you do not want" before it.
        return "End phase."
    if end:
        return said
    return said.split("; then End phase")[0].split(", or End phase")[0] + "."


def turn_hint(phase: str, legal, scavenged: bool, carry: str | None = None,
              by_haven: bool = False) -> str | None:
    """The Move and Scavenge phases' hint, from what the table allows now: a click
    that would do nothing is not suggested (a second Scavenge in a Turn), and one
    that starts something is (Combat with another player's group, R33). `carry`: how
    to move what the Characters carry (carry_hint), hinted when nothing else is.
    `by_haven`: a Combat may be started by the player's Haven with Attack (R35)."""
    if phase not in ("move", "scavenge"):
        return None
    kinds = {type(a) for a in legal}
    ways, lead = [], ""
    if phase == "move" and A.Move in kinds:
        ways.append("Click your Characters, then a glowing cell")
    if phase == "scavenge":
        verb = {(True, True): "Scavenge or attack it", (True, False): "Scavenge it",
                (False, True): "attack it"}.get((A.Scavenge in kinds, A.AttackLocation in kinds))
        if verb:
            ways.append(f"Click a glowing Location to {verb}")
        elif scavenged:
            lead = SCAVENGED
    # Where the fight is: a Disaster or a group in a cell the selection may move to
    # is moved to first ("glowing" read as the cell's glow, and a click only moved).
    # One clause for both where both are offered: the bar's two lines cut the two.
    haven = HAVEN_TOO if by_haven else ""
    if A.Fight in kinds and A.Challenge in kinds:
        ways.append(FIGHT_OR_ATTACK.format(haven=haven))
    elif A.Fight in kinds:
        ways.append("click a gold-outlined Disaster where your Characters stand to fight it")
    elif A.Challenge in kinds and phase == "scavenge":
        # There the glow is a Scavenge's or this: a cell with another's group glowed
        # beside the Haven, and a newcomer learnt what it offered only by a click (s65).
        ways.append(ATTACK_GLOWING + (HAVEN_BESIDE if by_haven else ""))
    elif A.Challenge in kinds:
        ways.append(f"click another player's Character where yours stand{haven} to attack "
                    "their group")
    if not ways and carry:  # nothing else to do (the guide's store step): the carried
        ways.append(carry)
    end = A.EndPhase in kinds  # the guide offers only its step's action
    if not ways:
        return lead + "End phase." if end else lead or None
    ways[0] = ways[0][0].upper() + ways[0][1:]
    said = lead + "; ".join(ways) + (", or End phase." if end else ".")
    if A.Transform in kinds:
        said += TRANSFORM
    return said


# turn_hint's longest clauses, and what shorter_hints makes of them.
SCAVENGED = "You have Scavenged this Turn (once a Turn). "
# A Scavenge's hints (TableBar._decision_hint), said shorter: without the lead, and
# without what lies under the Disasters still face down.
CLEAR = "Scavenging: the way is clear. "
OVER = re.compile(r"(still face down here), over .+?(\. Turn over the next)")
HAVEN_TOO = " (or beside your Haven with Attack)"
HAVEN_BESIDE = " (your Haven with Attack may attack a cell beside it)"
FIGHT_OR_ATTACK = ("click a gold-outlined Disaster where your Characters stand to fight it, or "
                   "another player's Character there{haven} to attack their group")
FIGHT_OR_ATTACK_SHORT = ("click a gold-outlined Disaster or another player's Character where "
                         "yours stand to fight")
TRANSFORM = " To Transform a Character instead, click it: its panel offers it."
ATTACK_GLOWING = "click a glowing cell with another player's Characters to attack their group"
ATTACK_GLOWING_SHORT = "click another player's glowing group to attack it"
# The last resort: the End phase button is on the bar whenever the hint offers it.
END_TOO = ", or End phase."


def attacked_in(disaster: str, seat: str, phase: str) -> str:
    """How a Combat in another seat's turn came, said before what to do in it (s49)."""
    return f"{disaster} attacks your group in {seat}'s {phase}. "


# That lead in a hint (after the seat's name on a shared screen), for shorter_hints.
ATTACKED_IN = re.compile(r"(^|: )[^:]*? attacks your group in [^.]*?'s [^.]*? phase\. ")

# The Haven owner's question (TableBar.hint), what a yes lets the guests do (Rules for
# Havens): at 960x540 it was cut at "…they may take out what i…" (s68).
PERMITTED = (" Permitted, they may take out what it stores; a Character of yours there may "
             "fight them for it.")


def shorter_hints(hint: str) -> list[str]:
    """Shorter ways to say a turn_hint, each shorter than the one before, for a bar too
    narrow for it whole: at 960x540 the Move phase's, with a fight and another group to
    attack, lost its end ("...to attack their group, or End pha…", s48), what a click
    does cut off. Each keeps every way the hint names, in fewer words: first without the
    Haven that may join in (R35: its glow and the Combat's menu say it), then the fight
    and the attack in one clause, then without the Transform the Character's panel offers;
    a Haven owner's question without what a yes lets the guests do, then without who
    they are (the buttons still say "Permit them to stop" or "Refuse"). Then without
    why no Location glows (a Scavenge made): beside "Build a Haven at Command Bunker"
    it cut what to do to "...drag the Item or Equi…"; a Combat in another's turn
    without how it came, all the bar said at 960x540; a Scavenge's without "the way is
    clear" and what lies under the Disasters, which cut what to retrieve or do (s72's
    playtest). Last, another's group to attack in fewer words and ", or End phase" left
    to its button: a Location's reason pointed at, before the phase's ways, was cut at
    "...to attack thei…" (s72's playtest)."""
    out: list[str] = []

    def then(said: str) -> str:  # a way kept if it is shorter than the last
        if said != (out[-1] if out else hint):
            out.append(said)
        return said
    said = hint
    for long, short in ((HAVEN_TOO, ""), (HAVEN_BESIDE, ""),
                        (FIGHT_OR_ATTACK.format(haven=""), FIGHT_OR_ATTACK_SHORT),
                        (TRANSFORM, ""), (SCAVENGED, ""),
                        (ATTACK_GLOWING, ATTACK_GLOWING_SHORT)):
        for a, b in ((long, short), (long[:1].upper() + long[1:], short[:1].upper() + short[1:])):
            said = said.replace(a, b)
        then(said)
    said = then(ATTACKED_IN.sub(r"\1", said))  # a Combat in another's turn: not how it came
    said = then(OVER.sub(r"\1\2", said.replace(CLEAR, "")))  # a Scavenge: the short
    # The Haven owner's question: without what a yes lets them do, then without who.
    said = then(said.replace(PERMITTED, ""))
    said = then(re.sub(r"asks to let .+ stop at your Haven",
                       "asks to let their group stop at your Haven", said))
    then(said.replace(END_TOO, "."))
    return out


def carry_hint(legal, name: Namer, card_of: Callable[[int], CardDef | None],
               where: Where) -> str | None:
    """How to leave or give what the viewer's Characters carry, as the legal Drops and
    Transfers allow it: what it is (Items, Equipment), who carries it, and where it
    goes ("click Kaede Ironside and drag the Equipment she carries from her panel onto
    a glowing target to leave it or give it"). A hint said "a carried Item" for
    Equipment."""
    moves = [a for a in legal if isinstance(a, (A.Drop, A.Transfer))]
    if not moves:
        return None
    holders = sorted({a.char if isinstance(a, A.Drop) else a.src for a in moves})
    kinds = [cd.type for cd in map(card_of, {a.card for a in moves}) if cd]
    nouns = [("Item" if kinds.count("item") == 1 else "Items") if "item" in kinds else "",
             "Equipment" if "equipment" in kinds else ""]
    cd = card_of(holders[0]) if len(holders) == 1 else None
    who = pronoun(cd)
    whose = {"she": "her", "he": "his"}.get(who, "its")
    drops = [a for a in moves if isinstance(a, A.Drop)]
    verbs = (["store" if all(where(a.char)[1] for a in drops) else "leave"] if drops else []) \
        + (["give"] if len(drops) < len(moves) else [])
    return (f"click {name(holders[0]) if cd else 'a Character'} and drag the "
            f"{' or '.join(n for n in nouns if n) or 'cards'} {who} carries from {whose} panel onto a "
            f"glowing target to {' or '.join(verbs)} it")


# What a keyword on a card means, in a line (rulebook, Basic Terms and Abilities).
GLOSSARY = {
    "attack": "Attack: added to the group's Attack to hit one target.",
    "defense": "Defense: an Attack must beat it; base Defense = Health.",
    "movement": "Movement: Locations it may move each Turn.",
    "charm": "Charm: for Charm Combat and Charm requirements.",
    "energy": "Energy: spent to use abilities.",
    "bonk": "Bonk: Health 0 or less; out for a full Turn, Items dropped.",
    "kill": "Kill: Health down to minus base Health in one attack; Discarded.",
    "haven": "Haven: its owner's safe base; Characters enter play there.",
    # A Haven in the hand is not played: the line it showed alone told a newcomer
    # nothing of how (the only way was a click, for a red note of three seconds).
    "another_haven": f"Another Haven, from the hand: {BUILDERS} of your Characters at a "
                     f"Location build access to it for {BUILD_TURNS} Turns, before they move "
                     "or you Scavenge; then it is placed next to that Location in your Equip "
                     "phase.",
    "item": "Item: what the game is won with: the players together need more than half, "
            "then the one with the most wins.",
    "flash_effect": "Flash Effect: played any time, even in another's turn.",
    "global_effect": "Global Effect: stays in play Off Field.",
    "enhancement": "Enhancement: played on a Character in your Haven.",
    "equipment": "Equipment: played into your Haven, carried by Characters.",
    "major": "Major Disaster: comes back to the Field after its cycle.",
    "minor": "Minor Disaster: Discarded at the end of its cycle.",
    "non_combat": "Non-Combat Disaster: Defeat it by its requirements or endure it.",
    "hold": "Hold: cannot leave its Location.",
    "no action": "No Action: cannot move or attack.",
}


def drop_hint(a: A.Action, name: Namer, card_of: Callable[[int], CardDef | None],
              where: Where,
              taker: int | None = None, deciding=None) -> str:
    """What letting go of a dragged thing over its target does, for the hint while it
    hovers there; a card left under a Location says it is lost to its carrier (only
    Scavenging gets it back), so nobody leaves one there by accident. `taker`: the
    Character in the Haven a card played into it is then given to."""
    if taker is not None:
        return f"Let go here to play {name(a.card)} into your Haven and give it to {name(taker)}."
    if recruit(a, card_of):  # where, and why there: "play" alone said neither
        return (f"Let go here to play {name(a.card)} into your Haven: a Character from "
                "the hand enters play there.")
    if isinstance(a, A.Drop) and not where(a.char)[1]:
        cd = card_of(a.card)
        side = "face down" if cd is not None and cd.type == "item" else "face up"
        return (f"Leave {name(a.card)} at {name(where(a.char)[0])}: {side} under it, "
                "only Scavenging gets it back.")
    words = action_text(a, name, card_of, where, deciding=deciding)
    return f"Let go here to {words[:1].lower()}{words[1:]}."


def drop_tag(a: A.Action, where: Where, taker: int | None = None) -> str | None:
    """The word tagged on a target while Equipment or an Item is dragged: what letting go
    there does, in one word (each target looked alike: a give, a store and a card lost
    under a Location, s68). None for a drop of another kind."""
    match a:
        case A.Transfer() | A.PickUp():
            return "Give"
        case A.Drop(char=char):
            return "Store" if (at := where(char)) is not None and at[1] else "Leave"
        case A.PlayCard():
            return "Play, give" if taker is not None else "Play"
        case A.DiscardCard():
            return "Discard"
    return None


def held_next(tags: list[str]) -> str:
    """The bar's words while a piece is held where it is refused (its reason is in red
    under it): where letting go does something, by the targets' tags, and that letting
    go anywhere else keeps it where it was."""
    said = " or ".join(f'"{t}"' for t in tags)
    return (f"Let go over a target tagged {said}; anywhere else, it stays where it was." if
            tags else "Let go anywhere: it stays where it was.")


def recruit(a: A.Action, card_of: Callable[[int], CardDef | None]) -> bool:
    """Whether `a` plays a Character from the hand (Equip Phase: "You may play 1
    Characters from your hand into your Haven")."""
    cd = card_of(a.card) if isinstance(a, A.PlayCard) and a.target is None else None
    return cd is not None and cd.type == "character"


def symbol_rule(card: CardDef) -> str | None:
    """What a Location's Planetary or Dimensional symbol asks of those who move (terrain.
    can_pass), in a line; None where it has neither."""
    needs = [t for t in SYMBOLS if t in card.categories]
    if not needs:
        return None
    return (f"{' and '.join(needs)}: every Character who enters or crosses it needs "
            + ("that symbol" if len(needs) == 1 else "both"))


def scavenge_stops_words(stops: list[tuple[tuple, str | None]], cell: tuple,
                         name: Namer) -> list[str]:
    """Which of the viewer's groups could Scavenge the Location at `cell` and what stops
    the others (`stops`: Session.scavenge_stops, the engine's reasons), a line each:
    "Your group here could Scavenge it.", "Your group at Home (P1) cannot: the
    requirements (Attack 30+) are not met." A reason all share is said once. The panel said
    only what Scavenging needs, and the player worked out who of theirs had it (s68)."""
    def where(at: tuple) -> str:
        return "here" if at == cell else f"at {name(at)}"

    def groups(ats: list[tuple]) -> str:
        return f"Your group{'s' if len(ats) > 1 else ''} {every([where(a) for a in ats])}"
    reasons = {why for _, why in stops}
    if len(stops) > 1 and len(reasons) == 1 and None not in reasons:
        return [f"None of your groups could Scavenge it: {reasons.pop()}."]
    could = [at for at, why in stops if why is None]
    lines = [f"{groups(could)} could Scavenge it."] if could else []
    for why in sorted(r for r in reasons if r is not None):
        lines.append(f"{groups([at for at, w in stops if w == why])} cannot: {why}.")
    return lines


def symbol_lack(need: str, lack: list[str], group: bool) -> str:
    """Who of the viewer's Characters (`group`: of the group chosen to move) lacks a
    Location's `need` symbol, by name (`lack`), in the words of the refusal a move there
    gets (terrain.lack): "needs that symbol" left the player to find out who."""
    if not lack:
        return f"{'Your group has' if group else 'All your Characters have'} the {need} symbol"
    return (f"{every(lack)} {'of your group ' if group else ''}"
            f"{'lacks' if len(lack) == 1 else 'lack'} the {need} symbol "
            f"({GIVES.get(need, 'a skill or category gives it')})")


def owned(name: str, seat: int | None, number: int = 0) -> str:
    """A name told from those that read alike, as every line, button, row and menu says
    it: a Character's number among its owner's of that name (Board.numbers: "Hero #2"),
    then the owner's mark where another seat may hold one alike ("Hero #2 (P2)"; none
    for `seat` None)."""
    return name + (f" #{number}" if number else "") + ("" if seat is None else f" (P{seat + 1})")


def changed(cd: CardDef | None, u: UnitView) -> list[tuple[str, int, int]]:
    """(ability, on the card, now) of each ability of a Character or Disaster whose total
    now (in STATS order: a Character's its owner's view has, a Disaster's every view) is
    not what its card `cd` prints; none where the view has no totals of it."""
    if cd is None or not u.totals:
        return []
    return [(a, cd.ability(a) or 0, now) for a, now in zip(STATS, u.totals)
            if now != (cd.ability(a) or 0)]


def unused_gains(u: UnitView, card: Callable[[int], CardDef | None],
                 meets: Callable[[int, int], bool]) -> dict[str, str]:
    """Of a Character whose totals its owner's view has: for each ability a piece it
    carries would raise or lower once put to use, what the total would then be ("8 with
    the Cannon in use"; of several pieces, the one that changes it most). Rules for
    Equipment: a piece gives its bonuses only once put to use that Turn, and only one
    piece an ability; a newcomer read the Attack without the Walker's +3 and nothing
    said why. Pieces whose requirement is not met, or another piece in use holds an
    ability of, are left out, as are bonuses other than + and - (what they come to
    depends on the order the rules apply them in)."""
    if u.disaster or not u.totals:
        return {}
    # What a piece holds is the engine's reading: its text's modifiers on its user too.
    held = {a for q in u.using if (c := card(q)) for a in abilities_of(c)}
    best: dict[str, tuple[int, str]] = {}
    for piece in u.equipment:
        cd = card(piece)
        if piece in u.using or cd is None or not cd.bonuses or not meets(piece, u.card) \
                or abilities_of(cd) & held \
                or any(m.op not in "+-" or m.ability not in STATS for m in cd.bonuses):
            continue
        for m in cd.bonuses:
            now = u.totals[STATS.index(m.ability)]
            then = max(0, m.apply(now))
            # By its last word, the thing it is ("Walker", "Cannon"; a given name,
            # fonts.given_name, is a person's: "Ion").
            if m.ability not in best or abs(then - now) > abs(best[m.ability][0] - now):
                best[m.ability] = (then, cd.name.split()[-1])
    return {a: f"{then} with the {short} in use" for a, (then, short) in best.items()}


def total_words(ability: str, now: int, printed: int, why: str = "", also: str = "") -> str:
    """An ability's total as every panel says it: "Defense 1 (printed 2)" where its card
    says otherwise, `why` after the number printed ("printed 1: Heavy Ion Cannon -1"),
    then `also` ("7 with the Walker in use"). The combat panel's "Defense 1 (-1)" beside
    the inspector's "(printed 2)" was two ways to say one thing (s56w)."""
    said = [f"printed {printed}" + (f": {why}" if why else "")] if now != printed else []
    said += [also] if also else []
    return f"{ability.capitalize()} {now}" + (f" ({'; '.join(said)})" if said else "")


# An ability's shorter name, for a total too wide for its room even in the least type:
# "Movement 2 (printed 1)" is 112 px at 960x540, and under the combat panel's Disaster
# (105 px) it went onto two rows, "(printed 1)" under "Movement 2" (s70, s71).
BRIEF_ABILITY = {"movement": "move"}


def brief_total_words(ability: str, now: int, printed: int) -> str:
    """total_words by the ability's shorter name (BRIEF_ABILITY): "Move 2 (printed 1)"."""
    return total_words(BRIEF_ABILITY.get(ability, ability), now, printed)


def now_text(changes: list[tuple[str, int, int]], why: dict[str, str] | None = None) -> str:
    """'Now Movement 0 (printed 1: Heavy Ion Cannon -1), Attack 6 (printed 5)': the
    totals its card no longer says, and `why` each changed (`causes`) where known
    ("card 5" was read as a card's number, s42n)."""
    why = why or {}
    return "Now " + ", ".join(total_words(a, now, was, why.get(a) or "")
                              for a, was, now in changes)


def causes(printed: int, now: int, mods: list[tuple[str, Modifier]]) -> str:
    """What took an ability from its card's `printed` value to `now`: each named card's
    modifier ("Heavy Ion Cannon -1"), and what the rest came to ("other effects +1": a
    Location's, a lasting effect's), a total held at 0 not counted as one."""
    said = [f"{who} {m.op if m.op != '=' else ''}{m.value}" for who, m in mods]
    if all(m.op in "+-" for _, m in mods):
        rest = now - printed - sum(m.value if m.op == "+" else -m.value for _, m in mods)
        if rest and not (now == 0 and rest > 0):
            said.append(f"other effects {rest:+d}")
    return ", ".join(said)


def still_reason(who: str, moved: int, printed: int, now: int, why: str) -> str | None:
    """Why the viewer's Character `who`, with no move listed, cannot move, where its
    Movement (`now`, its card's `printed`, `why` it differs: `causes`) is the reason:
    none on it, or none left this Turn; None where Movement is not why."""
    if now - moved > 0:
        return None
    movement = total_words("movement", now, printed if why else now, why)  # why known: said
    if moved > now:  # Movement lowered after the move: "moved 2 of 1" read as a fault
        return f"{who} has moved {moved} this Turn and now has {movement}: none is left."
    if moved:
        return f"{who} has moved {moved} of {now} Movement this Turn: none is left."
    return f"{who} cannot move: {movement}."


# The Disaster path's arrowheads, said where a player meets them: the pointer on one, and
# a Disaster looked at (How to play alone explained them, s49).
PATH_WORDS = ("Orange arrowheads: the Disasters' path. In the Maintenance phase of the player "
              "who brought it into play, each Disaster walks on along them.")


def walks_words(seat: int, seat_name: Callable[[int], str], person: int | None) -> str:
    """How a Disaster goes round the Field: `seat` brought it into play (-1: nobody
    known), "your" Maintenance phase where that is the `person` at the screen."""
    whose = "your" if seat == person else f"{seat_name(seat)}'s" if seat >= 0 else "a"
    return f"It walks the orange arrowheads (the Disasters' path) in {whose} Maintenance phase."


def count(n: int, noun: str) -> str:
    """'1 Disaster', '2 Disasters': a count as a player writes it."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def players(seats: tuple[int, ...] | list[int]) -> str:
    """"Player 2", "Players 2 and 4", "Players 1, 2 and 4"."""
    if len(seats) == 1:
        return f"Player {seats[0] + 1}"
    return f"Players {', '.join(str(i + 1) for i in seats[:-1])} and {seats[-1] + 1}"


def endured_left(turns: int, seat: int) -> str:
    """An endured Disaster's Turns left, as counted: its enduring player's (R29: a
    Disaster is played by nobody, so Duration's "for the player that plays it" names
    no one; the affected player's Turns count). "1 turn" read alike at every player's
    Turn (s36w): "1 P1 turn"."""
    return count(turns, f"P{seat + 1} turn")


def off_field_line(terse: str) -> str:
    """The line under a card Off Field (paint._off_words': "2 uses", "spent", "used",
    "1 P3 turn", "2 turns", "this Turn", "the game") in words a newcomer reads: its uses
    as the tooltip says them ("2 uses left", "no uses left", "used this Turn"), an endured
    Disaster's Turns left ("1 more P3 turn": its enduring player's, R29), how long a
    Flash Effect lasts (R127: "ends this Turn", "2 more turns", "all game"). The terse
    ones read as codes (s47w)."""
    if re.fullmatch(r"\d+ uses?", terse):
        return terse + " left"
    if re.fullmatch(r"\d+ (P\d+ )?turns?", terse):
        return terse.replace(" ", " more ", 1)
    return {"spent": "no uses left", "used": "used this Turn", "the game": "all game",
            "this Turn": "ends this Turn", "this Combat": "ends this Combat"}.get(terse, terse)


def endured_until(turns: int, seat: int, turn_seat: int, seat_name: Callable[[int], str]) -> str:
    """When an endured Disaster with `turns` of `seat`'s Turns left (R29: the enduring
    player's) is Discarded: at the end of its last one (Basic Terms, Duration: "The card
    is Discarded at the end of its last Turn"), the Turn under way counting when it is
    `seat`'s (disasters.count_down)."""
    ahead = turns - (turn_seat == seat)  # the enduring player's Turns still to begin
    if ahead <= 0:
        return "Discarded at the end of this Turn"
    which = {1: "next", 2: "second", 3: "third"}.get(ahead, f"{ahead}th")
    return (f"Discarded at the end of {seat_name(seat)}'s {which} Turn"
            + (" from now" if ahead > 1 else ""))


def to_place(locations: int, havens: int) -> str:
    """A seat's cards still to place in setup, by kind: a Location pile is turned over
    one at a time, so the number is the pile's, not the cards shown."""
    parts = [count(n, kind) for n, kind in ((locations, "Location"), (havens, "Haven")) if n]
    return "To place: " + ", ".join(parts)


def place_caption(whose: str, locations: int, havens: int, shown: int, location_shown: bool,
                  other: str = "") -> str:
    """The words over the cards to place: the top of the Location pile (and the
    Haven), `shown` of them, a Location among them or not, and how many Locations are
    left in all; at another seat's go (`other`, the seat placing now) no Location
    shows, the next being turned over at this one's; none left, that they are placed.
    One sentence at each step: "Your cards to place · and 6 Locations, turned up one
    by one" began a clause with "and" (s71's playtest)."""
    cards = "card" if locations + havens == 1 else "cards"
    head = f"{whose} {cards} to place{'' if other else ' now'}"
    if shown and location_shown:
        # "7 Locations left in all, turned over one at a time" beside one was a riddle.
        words = f"{head}: this Location" + (
            f", then {locations - 1} more, turned up one by one" if locations > 1 else "") + (
            " and this Haven" if shown > 1 and locations == 1 else "")
    elif shown:  # the Haven alone: "this one" pointed at no Location (s43n)
        words = f"{head}: this Haven" + (
            f" and {count(locations, 'Location')}, turned up one by one" if locations else "")
    elif locations:
        words = f"{whose} {cards} to place: {count(locations, 'Location')}, turned up one by one"
    elif havens:
        words = f"{whose} {cards} to place: {count(havens, 'Haven')}"
    else:
        words = f"{whose} cards are all placed"
    return words + (f" · {other} places now" if other else "")


def disasters_to_deal(disasters: tuple[int, int, int], short: bool = False) -> str:
    """The Disasters a seat still deals (`disasters`: the fewest, the usual and the
    most, as still_to_deal): exact where it cannot change, "about" the usual where a
    seat may pass after one, "up to" the most where the usual is none (its turn may
    not come: "about 0 Disasters" read as a slip); "" for none. `short`: "6 or so
    Disasters" for a narrow panel."""
    low, usual, high = disasters
    if low == high:
        return count(high, "Disaster") if high else ""
    if not usual:
        return f"up to {count(high, 'Disaster')}"
    return f"{usual} or so Disasters" if short else f"about {count(usual, 'Disaster')}"


def deal_caption(whose: str, disasters: tuple[int, int, int], items: int,
                 other: str = "") -> str:
    """The words over the hand while the Field is dealt, where no card shows: each is
    dealt face down from the top of a shuffled pile, seen by nobody (R17). What the
    seat still deals, the pile dealt now first, as its panel counts them (`disasters`:
    the fewest, the usual and the most: "about", and why, where a seat may pass after
    one; "~6" on the seat panels read as a typo, s42n).
    `other`: the seat dealing now, when it is not this one."""
    low, _, high = disasters
    why = "" if low == high else " (a go deals 1 or 2)"
    left = [disasters_to_deal(disasters) + why] if high else []
    left += [count(items, "Item")] if items else []
    if left:
        words = f"{whose} cards to deal{'' if other else ' now'}, face down and unseen: " \
            + ", then ".join(left)
    else:
        words = f"{whose} cards are all dealt"
    return words + (f" · {other} deals now" if other else "")


def set_up_help(whose: str, mine: bool) -> str:
    """The bar's words while the AI makes a person's set-up choices (Set up for me):
    `whose` Field ("your", "Player 1's"); `mine`, to the person themself, with how to
    take over. No level: "(AI normal)" (the helper's) beside an easy AI seat's panel
    read as the level played against (s33w3, the booth)."""
    return f"The computer is setting up {whose} Field" + (
        " for you: press S or Take over to choose yourself" if mine else "")


# What a forecast hangs on: a Combat card drawn for either side may change a total
# (Physical Combat), and the red "Bonks Daigo" was read as the round's result.
BEFORE_CARDS = " · before Combat cards"
# The duel panel's forecast line where none of the viewer's side attacks, declared or
# planned: while one may still be set to (an Attack offered), not "attacks this round"
# (it stood under the very Attack buttons the panel offered, s71).
NO_ATTACK = "None of yours attacks this round"
NO_ATTACK_YET = "None of yours attacks yet: choose whom to attack"


def forecast_text(f: Forecast, attackers: int, choosing: bool = True,
                  most: int | None = None, was: int | None = None) -> list[tuple[str, str]]:
    """The combat panel's forecast of the round as planned (physical.planned_hit): words
    that say whether it Defeats the Disaster, each with what they hang on (a Combat card
    drawn for the Disaster or its target may change a total); longest first, for the
    panel to take the first that fits. `choosing`: someone still to declare may do more
    than Hold back (else Attack is not advised). `most`: the group's Attack were all
    it lets attack to attack (forecast.reach), None if not known: Attack is not advised
    where even that does no Damage (a playtester was told to "choose Attack to hurt it"
    with 3 against Defense 5). `was`: `most` before a choice this round changed it
    (swing_text's, said here where nobody attacks yet)."""
    if not attackers:
        advice = []
        grew = "" if was is None else f", was {was}"
        if choosing and most is not None and not damage_of(most, f.defense):
            # Sentences, also where short: "Nobody attacks; all attacking, 7 vs Defense
            # 7: no Damage" was read as nonsense (s65 playtest).
            advice = [(f"Nobody attacks it this round, and all of yours attacking ({most}"
                       f"{grew}) would not beat its Defense {f.defense}", BEFORE_CARDS),
                      (f"Nobody attacks it. All attacking, {most}{grew} would not beat its "
                       f"Defense {f.defense}", BEFORE_CARDS),
                      (f"Nobody attacks. {most} at most cannot beat Defense {f.defense}",
                       BEFORE_CARDS)]
        elif choosing and grew:
            advice = [(f"Nobody attacks it yet: choose Attack to hurt it (all of yours "
                       f"attacking: {most}{grew})", BEFORE_CARDS),
                      (f"Nobody attacks it yet: choose Attack (all attacking: {most}{grew})",
                       BEFORE_CARDS),
                      ("Nobody attacks it this round: choose Attack to hurt it", "")]
        elif choosing:
            advice = [("Nobody attacks it this round: choose Attack to hurt it", "")]
        return advice + [("Nobody attacks it this round", "")]
    # Sentences, as the nobody-attacks ones: "Attacking: 4 against Defense 3 — 1 Damage
    # of its 3 Health" was terse (s65's playtest). Damage is Attack less Defense (R10).
    a, d, n, h = f.attack, f.defense, f.damage, f.health
    if f.defeats:
        return [(f"Your attack of {a} beats its Defense {d}, so it takes {n} Damage and is "
                 f"Defeated (it has {h} Health)", BEFORE_CARDS),
                (f"Your attack of {a} beats its Defense {d}, so it takes {n} Damage and is "
                 "Defeated", BEFORE_CARDS),
                (f"Your attack of {a} beats Defense {d}: {n} Damage Defeats it", BEFORE_CARDS),
                (f"Your {a} Attack beats Defense {d} and Defeats it", BEFORE_CARDS)]
    if n:
        return [(f"Your attack of {a} beats its Defense {d}, so it takes {n} Damage of its "
                 f"{h} Health", BEFORE_CARDS),
                (f"Your attack of {a} beats Defense {d}: {n} Damage of its {h} Health",
                 BEFORE_CARDS),
                (f"Your {a} Attack beats Defense {d}: {n} Damage of {h} Health", BEFORE_CARDS)]
    return [(f"Your attack of {a} does not beat its Defense {d}, so it takes no Damage",
             BEFORE_CARDS),
            (f"Your attack of {a} does not beat Defense {d}: no Damage", BEFORE_CARDS),
            (f"Your {a} Attack does not beat Defense {d}: no Damage", BEFORE_CARDS)]


def befalls(b: Blow, name: Namer, long: bool, protecting: bool = False) -> str:
    """What one Disaster's attack does to one Character (physical.Blow), as strike_text
    and run_text say it: Bonks, Kills, a shield takes it, Damage and Health left;
    `long`, a clause for after "so"; `protecting`, a protector's share."""
    who, result = name(b.card), b.result
    if result == "shielded":
        return f"{name(b.shield)} takes the {b.damage} Damage for {who}" if long else \
            f"{name(b.shield)} takes it"
    if result in ("killed", "bonked"):
        verb = "Kills" if result == "killed" else "Bonks"
        return f"{b.damage} Damage {verb} {who}" if long else \
            f"{who} is {'Killed' if result == 'killed' else 'Bonked'}"
    if protecting:  # a protector's half, at least 1 (Protecting)
        return f"{who} takes {b.damage} Damage protecting" if long else \
            f"{who} takes {b.damage}"
    if not b.damage:
        return f"{who} takes no Damage"
    left = b.health - b.damage
    return f"{who} takes {b.damage} Damage and is left at Health {left}" if long else \
        f"{who} is left at Health {left}"


def strike_text(s: Strike, name: Namer) -> list[tuple[str, str]]:
    """The Disaster's attack this round as planned (physical.planned_strike), said
    under the group's: the two land at once (Physical Combat), so a Disaster Defeated
    may still Bonk or Kill; before Combat cards, as the group's. Sentences, as the
    group's ("It attacks Reiji: 4 vs 4 — no Damage to Reiji" was terse, s65's playtest).
    Longest first, as forecast_text."""
    target = s.blows[0]
    whom = name(target.card)
    said = [every([befalls(b, name, True, b is not target) for b in s.blows]),
            _in_short(s, name)]
    beats = "beats" if s.damage else "does not beat"
    heads = (f"At the same time it attacks {whom}: its Attack {s.attack} {beats} Defense "
             f"{s.defense}, so ",
             f"At the same time it attacks {whom}: {s.attack} {beats} Defense {s.defense}, so ",
             f"It attacks {whom}: {s.attack} {beats} Defense {s.defense}, so ")
    # What it does to each, whole, before the shorter heads; then in short.
    return [(head + said[0], BEFORE_CARDS) for head in heads] + \
        [(head + said[1], BEFORE_CARDS) for head in heads[1:]] + \
        [(f"It attacks {whom}, {s.attack} against Defense {s.defense}: {said[1]}", BEFORE_CARDS),
         (f"Its {s.attack} against Defense {s.defense}: {said[1]}", BEFORE_CARDS)]


def _in_short(s: Strike, name: Namer) -> str:
    """What the Disaster's attack does to each, in short: protectors hurt alike together
    ("Pawlina and Reiji take 1"): with two, a line cut at 1920x1080."""
    target, *guards = s.blows
    alike = defaultdict(list)
    for b in guards:
        if b.result == "ok":
            alike[b.damage].append(name(b.card))
    return every([befalls(b, name, False, b is not target) for b in (target, *guards)
                  if b is target or b.result != "ok"]
                 + [f"{every(w)} take{'s' * (len(w) == 1)} {n}" for n, w in alike.items()])


def strike_outcome(s: Strike, name: Namer) -> str:
    """strike_text's short words without its numbers, for where no way it says fits:
    "Its 7 against Defense 11: Daigo takes no Damage and Hornet-Cl…" lost who takes the
    hit (s73)."""
    said = _in_short(s, name)
    return said[:1].upper() + said[1:]


def duel_hit_text(whom: str, cd: CardDef | None, attack: int, health: int, base: int,
                  printed: int, guards: list[str], shield: str | None = None,
                  disaster: bool = False) -> list[str]:
    """What the viewer's attack on one of the other side's Characters does this round,
    in Combat between players, from what the viewer may know: its own `attack` total,
    the target's Health left (of `base`) and the Defense printed on the cards of the
    target and its protectors (`guards`). Their Defense totals are in no view but
    their owner's (Items face down), so the words give the Defense at or below which
    the attack Bonks or Kills (Basic Terms: Bonk, Kill), never a total. `shield`: a
    piece of Equipment in use with its own Defense takes the Damage first. An allied
    `disaster` "is neither Bonked nor Killed, simply Defeated" (Basic Terms: Defeat), at
    Health 0 as a Bonk. Longest first, as forecast_text."""
    who = pronoun(cd)
    him, his = {"she": ("her", "her"), "he": ("him", "his")}.get(who, ("it", "its"))
    if guards:  # the protectors' Defense adds to the target's (Protecting)
        his, him = "their", whom
        whom = f"{whom} (protected by {', '.join(guards)})"
        head = f"Attacking {whom}: {attack} against their Defense ({printed} on their cards)"
    else:
        head = f"Attacking {whom}: {attack} against {his} Defense ({printed} on {his} card)"
    bonk, kill = attack - health, attack - health - base  # the Defense that lets it through
    verb, kill = ("Defeat", -1) if disaster else ("Bonk", kill)
    card = f"{printed} on {'cards' if guards else 'card'}"
    if shield is not None:
        ends = [f"{shield} takes the Damage first"] * 4
    elif bonk < 0:
        ends = [f"not enough to {verb} {him} (Health {health})", f"cannot {verb} ({card})",
                f"cannot {verb} ({card})", f"cannot {verb}"]
    else:
        kills = ("", "") if kill < 0 else (", Kills if it is 0", ", Kills if 0") if kill == 0 \
            else (f", Kills if {kill} or less",) * 2
        ends = [f"{verb}s {him} if {his} Defense is {bonk} or less{kills[0]}",
                f"{verb}s if Defense {bonk} or less{kills[1]} ({card})",
                f"{verb}s if Defense {bonk} or less ({card})", f"{verb}s if Defense {bonk} or less"]
    # the same number of variants whatever the case: a line of several targets zips them;
    # the viewer's Attack said on the target ("Marlowe: 3 Attack" read as Marlowe's own)
    return [f"{head} — {ends[0]}", f"{attack} Attack on {whom} — {ends[1]}",
            f"{whom}: {ends[2]}", f"{whom}: {ends[3]}"]


def turns_out(v, seat: int, back: int) -> int:
    """back_when's `left` for a seat's set_aside entry `back` in the view `v`: -1 once
    the Reload of the turn it was due at has passed with it still out (the hand was
    full), where the turns count alone still read "this turn" till the seat's next."""
    left = back - v.seats[seat].turns
    due_now = v.turn_seat == seat and v.phase in (DISCARD, RELOAD)
    return -1 if left == 0 and not due_now else left


def back_when(left: int, short: bool = False) -> str:
    """When a Bonked Character is back in its owner's hand: at the Reload of the owner's
    turn `left` turns on, counting its turn under way (R9: one full turn out; the
    view's set_aside entry less the seat's turns). `short`: "in 2 turns" for a narrow
    panel. Past its turn it waits for a Reload with room: it comes back only as one of
    the draws (Basic Terms, Bonk), and a full hand draws none."""
    if left < 0:
        return "once the hand has room"
    return {0: "this turn", 1: "next turn", 2: "in 2 turns" if short else
            "the turn after next"}.get(left, f"in {left} turns")


def hold_back_words(who: str, haven: bool) -> str:
    """The bar's line over a Hold back button: it does not take a Character out of the
    Combat (Combat Between Players: whoever is in it may be attacked); a Haven fighting
    from next door is not attacked (R35)."""
    if haven:
        return f"{HOLD_BACK}: {who} does not attack this round."
    return (f"{HOLD_BACK}: {who} neither attacks nor protects this round, and stays in "
            "the Combat: it may still be attacked.")


def back_said(left: int) -> list[str]:
    """A seat panel's ways to say when a Bonked Character is back (back_when's `left`),
    the longest first: past its turn, in fewer words too, where "back once the hand has
    room" was cut at every window size (s46w)."""
    said = [f"back {back_when(left, short=True)}"]
    return said + ["due back (hand full)", "due back"] if left < 0 else said


class Left(NamedTuple):
    """What Characters taken off the Field held, as the viewer's events tell it: Items
    dropped face down and Equipment dropped face up under the Location (Basic Terms:
    Bonk, Kill), and the names of the Disasters that each took one of the Items first
    (R9: a Disaster that Bonks or Kills takes an Item)."""
    items: int = 0
    equipment: int = 0
    taken: tuple[str, ...] = ()

    def __add__(self, other: Left) -> Left:  # type: ignore[override]
        return Left(self.items + other.items, self.equipment + other.equipment,
                    self.taken + other.taken)


def fallen_text(fallen: list[tuple[str, str, str]], left: Left) -> list[str]:
    """The lines over Characters just Bonked or Killed at a cell, where they stood
    (`fallen`: each one's "bonked" or "killed", whose it is, "your", "Player 2's", and
    for a Bonked one when it is back, back_when's words). A Bonked one is out for a
    full turn of its owner's, then back in the hand at a Reload (Basic Terms, Bonk;
    R9): said in the seat panel's words, where "out for a turn" read as back next
    turn; a Killed one is Discarded (Basic Terms: Kill). What they held is said as it
    went: `left` under the Location, Items face down and Equipment face up, and an Item
    a Disaster took."""
    lines = []
    for how, when in dict.fromkeys((h, w) for h, _, w in fallen):
        owners = {o for h, o, w in fallen if (h, w) == (how, when)}
        whose, s = (owners.pop(), "") if len(owners) == 1 else ("their owners'", "s")
        lines += [f"Bonked: back in {whose} hand{s}", when] \
            if how == "bonked" else [f"Killed: to {whose} discard pile{s}"]
    parts = ([f"{count(left.items, 'Item')} face down"] if left.items else []) + \
        ([f"{left.equipment} Equipment face up"] if left.equipment else [])
    if parts:
        lines.append("Left here: " + ", ".join(parts))
    for name in dict.fromkeys(left.taken):
        lines.append(f"{name} took {count(left.taken.count(name), 'Item')}")
    return lines


def run_text(whom: str, ends_turn: bool = False, final: Strike | None = None,
             name: Namer | None = None) -> list[str]:
    """What Running Away costs, said beside Run Away while it is offered: the Disaster
    gets one final attack, unanswered (Basic Terms: Run Away; R27), and "This will end
    your Turn" for the player whose Turn it is. `final`: that attack by the view's
    totals (physical.planned_strike, no protector), said as the Fight line says its
    own: the runner read only "it still attacks Mio once" and Mio was Bonked (s70's
    playtest). Longest first."""
    end = "; your Turn ends" if ends_turn else ""
    said = []
    if final is not None and name is not None:
        blow, beats = final.blows[0], "beats" if final.damage else "does not beat"
        so, short = befalls(blow, name, True), befalls(blow, name, False)
        said = [f"Running Away: it still attacks {whom} once, unanswered: {final.attack} "
                f"{beats} Defense {final.defense}, so {so} (before Combat cards){end}",
                f"Running Away: its last attack, {final.attack} vs Defense "
                f"{final.defense}: {so}{end}",
                f"Running Away: its last attack, {final.attack} vs Defense "
                f"{final.defense}: {short}{end}",
                f"Running Away: {final.attack} vs Defense {final.defense}, {short}{end}",
                f"Running Away: {short}{end}"]
    return said + [f"Running Away: it still attacks {whom} once, unanswered{end}",
                   f"Running Away: it attacks {whom} once more{end}",
                   f"Running Away: one last attack{end}",
                   "Running Away: it still attacks once"]


def swing_text(before: int, after: int) -> list[str]:
    """The group's Attack, all attacking, changed by a choice this round, to say ahead of
    the forecast; longest first. Said as the forecast says "all attacking": "Group's
    Attack now 12 (was 8) · 5 vs Defense 5" read as two totals of the same attack."""
    return [f"All attacking now {after} (was {before}) · ",
            f"All attacking {after} (was {before}) · ", f"All {after} (was {before}) · "]


# The List of Actions' orders, as a player reads them (orders.py).
ORDER_WORDS = {"hand-over": "hand over an Item", "release": "release the one it Charmed",
               "no-attack": "do not attack", "no-protect": "do not protect",
               "no-move": "do not move", "no-ability": "perform no special ability",
               "no-equipment": "use no Equipment", "no-cards": "use no card"}


def order_to(order: str) -> str:
    """An order as the log reports it: "orders X not to move", "... to hand over an Item"."""
    words = ORDER_WORDS.get(order, order)
    return f"not to {words.removeprefix('do not ')}" if words.startswith("do not ") \
        else f"to {words}"


# A Charm contest's result, said of the one it befalls: kind -> result -> (who, what).
CHARM_RESULTS = {
    "charm": {"charmed": ("defender", "is Charmed"), "won": ("defender", "resists"),
              "draw": (None, "a draw: nobody is Charmed")},
    "duel": {"charmed": ("defender", "is Charmed"),
             "charmed_attacker": ("attacker", "is Charmed instead"),
             "nothing": (None, "nobody is Charmed")},
    "break": {"broken": ("defender", "is freed"), "held": ("defender", "stays Charmed")},
}


# A Charm contest over the Field, its sides' totals by their names, the side it went to
# first: {kind: {result: (the first, "a" attacker or "d" defender; the verb)}}.
CHARM_FLOATS = {
    "charm": {"charmed": ("a", "Charms"), "won": ("d", "resists"), "draw": ("a", "ties")},
    "duel": {"charmed": ("a", "Charms"), "charmed_attacker": ("d", "Charms"),
             "nothing": ("a", "fails to Charm")},
    "break": {"broken": ("a", "frees"), "held": ("a", "fails to free")},
}


def charm_float(e: E.CharmContest, short: Namer) -> str:
    """The words rising over a Charm contest: "Torao (3) resists Cat (2)". "Charm 2 vs
    3: won" read as the 2 winning: it was the Cat's 2 against Torao's 3 (s70 playtest)."""
    sides = {"a": f"{short(e.attacker)} ({e.attacker_charm})",
             "d": f"{short(e.defender)} ({e.defender_charm})"}
    first, verb = CHARM_FLOATS.get(e.kind, {}).get(e.result, ("a", "vs"))
    return f"{sides[first]} {verb} {sides['d' if first == 'a' else 'a']}"


# Whom a step of an effect reaches, where the action's words do not say it.
STEP_TO = {"group": " to the group", "yours": " to your Characters",
           "disasters_here": ": the Disasters here"}
TYPE_WORDS = {"equipment": "an Equipment", "flash_effect": "a Flash Effect",
              "character": "a Character", "item": "an Item"}


def mod_words(mods) -> str:
    """Modifiers in a few words: '-2 Charm, -1 Energy', 'Movement set to 1', 'Attack
    halved' ('=1 Movement' and '/2 Attack' were a card's notation, not words: s60's
    playtest)."""
    return ", ".join(map(_one_mod, mods))


def _one_mod(m) -> str:
    ability = m.ability.capitalize()
    match m.op, m.value:
        case "=", v:
            return f"{ability} set to {v}"
        case "x", 2:
            return f"{ability} doubled"
        case "x", v:
            return f"{ability} ×{v}"
        case "/", 2:
            return f"{ability} halved"
        case "/", v:
            return f"{ability} divided by {v}"
    return f"{m.op}{m.value} {ability}"


def _step_words(step: Step) -> str:
    """One step of an effect in a few words ('-1 Defense', 'draw 2 cards')."""
    v, to = step.value, STEP_TO.get(step.to, "")
    match step.kind:
        case "modify":
            return mod_words(v) + to
        case "skill":
            return "gains " + ", ".join(name for name, _ in v)
        case "heal":
            return "heal all Damage" if v == "all" else f"heal {v} Damage"
        case "damage":
            return f"{v} Damage"
        case "draw":
            return f"draw {count(v, 'card')}"
        case "search" if "type" in v:
            return f"take {TYPE_WORDS.get(v['type'], 'a card')} from your Draw pile"
        case "search":
            return f"take a «{v.get('category')}» card from your Draw pile"
        case "discard":
            return f"they discard {count(v, 'card')}"
        case "hold":
            return "Hold it"
        case "no_action":
            return "No Action for it"
        case "steal":
            return "steal its Item"
        case "send_home":
            return "send the group home"
        case "flee":
            return "the Disasters here flee"
        case "ally":
            return "the Disasters here ally with the group"
        case "hook" if v == "decoy":
            return "it draws the Disaster's attack"
        case "hook" if v == "salvage":
            return "take back the last Equipment discarded"
    return ""


def effect_costs(effect: Effect) -> list[str]:
    """What a use pays: "1 Energy", "discard 1 card at random"."""
    return ([f"{effect.energy} Energy"] if effect.energy else []) + (
        [f"discard {count(effect.discards, 'card')} at random"] if effect.discards else [])


def cost_words(a: A.Action, card_of: Callable[[int], CardDef | None]) -> str | None:
    """What an action pays at once and cannot take back, as its button's question says
    it ("1 Energy", "discard 1 card at random"): a piece of Equipment readied pays its
    Energy for the Turn (Rules for Equipment), an ability its printed cost, a card
    played the cost of its effect on play (a Flash Effect's, Rules for Flash Effects;
    an Enhancement's printed cost is held while it stays, not paid at once). None when
    nothing is paid, or the viewer may not see the card (`card_of`: None)."""
    cd = card_of(a.card) if isinstance(a, (A.UseEquipment, A.UseCard, A.PlayCard)) else None
    if cd is None:
        return None
    if isinstance(a, A.UseEquipment):
        costs = [f"{energy_cost(cd)} Energy"] if energy_cost(cd) else []
    elif isinstance(a, A.PlayCard):  # the engine pays the first (flash.py)
        costs = [c for e in cd.effects_on("play")[:1] for c in effect_costs(e)]
    else:
        costs = effect_costs(cd.effects[a.effect]) if a.effect < len(cd.effects) else []
    return ", ".join(costs) or None


def access_words(a: A.BuildAccess, name: Namer) -> str:
    """What building access to a Haven commits (Rules for Havens: "3 Characters must
    remain at a Location for 2 Turns doing nothing except 'building' access")."""
    return (f"{' + '.join(map(name, a.chars))} stay at {name(a.cell)} {BUILD_TURNS} Turns "
            f"doing nothing but build access to {name(a.card)}, which leaves your hand; then "
            "you may place the Haven next to it in your next Equip phase, or it goes back "
            "to your hand.")


def effect_words(effect: Effect) -> str:
    """What an ability does and what it costs, from the card's data: 'take an
    Equipment from your Draw pile (cost: discard 1 card at random)'."""
    does = "; ".join(w for w in map(_step_words, effect.steps) if w)
    costs = effect_costs(effect)
    cost = f"cost: {', '.join(costs)}" if costs else ""
    return f"{does} ({cost})" if does and cost else does or cost


def action_text(a: A.Action, name: Namer,
                card_of: Callable[[int], CardDef | None] | None = None,
                where: Where | None = None,
                challengers: Callable[[tuple[int, int]], tuple[list[int], list[int]]]
                | None = None, deciding=None) -> str:
    """A legal action as a short label for a button: what to do, as a player says it.
    With `card_of` (an instance's card, if the viewer may see it), an ability's use says
    what it does and costs; with `where` (a Character's cell, and whether a Haven is
    there, None off the Field), a Drop says where it leaves the card, and that a Haven
    stores it, and a Character's discard that it is Killed; with
    `challengers` (the viewer's Characters at a cell and its Havens that fight there,
    model.Board.challengers), Combat with another player's group says who attacks;
    with `deciding` (the decision the game waits for), a Pass says what it passes."""
    match a:
        case A.PlaceCard(card, cell):
            return f"Place {name(card)} {name(cell)}"  # an empty cell: "north of ..."
        case A.Deal(cell):
            return f"Deal face down under {name(cell)}"
        case A.EndPhase():
            return "End phase"
        case A.DiscardCard(card):
            # A Character in the Haven "Discarded is considered Killed" (guideline 2.3).
            killed = where is not None and where(card) is not None
            return f"Discard {name(card)}" + (" (Killed, for good)" if killed else "")
        case A.PlayCard(card, target):
            on = f" on {name(target)}" if target is not None else ""
            if isinstance(deciding, FlashWindow) and (e := next(
                    (e for e in deciding.entries if e.card == target), None)) is not None:
                # A Flash Effect on the stack by whose it is: three on it read "Play
                # Flurry on Flurry" twice (s73 review), the cards alike by name.
                on = f" on {owned(name(target), e.seat)}"
            cost = cost_words(a, card_of) if card_of is not None else None
            return f"Play {name(card)}{on}" + (f" (cost: {cost})" if cost else "")
        case A.Move(chars, cell):
            return f"Move {' + '.join(map(name, chars))} to {name(cell)}"
        case A.Fight(d):
            return f"Fight {name(d)}"
        case A.Transform(char):
            return f"Transform {name(char)} (instead of moving)"
        case A.Scavenge(cell):
            return f"Scavenge {name(cell)}"
        case A.AttackLocation(cell):
            return f"Attack the Location at {name(cell)}"
        case A.ContinueScavenging():
            return "Turn over the next Disaster"
        case A.StopScavenging():
            return "Stop Scavenging"
        case A.Retrieve(char):
            return f"Retrieve with {name(char)}"
        case A.PickUp(card, char):
            return f"Pick up {name(card)} with {name(char)}"
        case A.Drop(card, char) if where is not None:
            # Which it is matters: a card left under a Location must be Scavenged again.
            cell, haven = where(char)
            return f"Store {name(card)} in {name(cell)}" if haven \
                else f"Drop {name(card)} at {name(cell)}"
        case A.Drop(card, char):
            return f"Drop {name(card)}"
        case A.Transfer(card, src, dst):
            return f"Give {name(card)} from {name(src)} to {name(dst)}"
        case A.Declare(char, role):
            verb = {"attack": "attacks", "protect": "protects", "none": "holds back"}[role]
            return f"{name(char)} {verb}"
        case A.RunAway():
            return "Run Away"
        case A.RunTo(cell):
            return f"Run to {name(cell)}"
        case A.UseEquipment(card, char):
            cost = cost_words(a, card_of) if card_of is not None else None
            return f"Use {name(card)} with {name(char)} this Turn" + (
                f" (cost: {cost})" if cost else "")
        case A.UseCard(used, effect, target):
            cd = card_of(used) if card_of is not None else None
            # A Character's use on itself read "Use Mr. Tadashi Kokuban on Mr. Tadashi
            # Kokuban: gains Genius" (s73's playtest).
            self_ = {"male": "himself", "female": "herself"}.get(
                cd.gender if cd is not None else None, "itself")
            on = "" if target is None else f" on {self_}" if target == used \
                else f" on {name(target)}"
            e = cd.effects[effect] if cd is not None and effect < len(cd.effects) else None
            what = effect_words(e) if e is not None and e.on == "use" else ""
            return f"Use {name(used)}{on}" + (f": {what}" if what else "")
        case A.Pass() if isinstance(deciding, Dealing):
            return "Pass (deal no second Disaster)"  # set-up: nothing is resolving
        case A.Pass() if isinstance(deciding, FlashWindow):
            return "Pass (let it resolve)"
        case A.Pass():
            return "Pass"
        case A.BuildHaven(cell):
            return f"Build a Haven at {name(cell)}"
        case A.BuildAccess(card, chars, cell):
            return (f"{' + '.join(map(name, chars))} build access to {name(card)} "
                    f"at {name(cell)}")
        case A.PlaceHaven(card, cell):
            return f"Place {name(card)} at {name(cell)}"
        case A.BreakCharm(char, charmed):
            return f"{name(char)} tries to free {name(charmed)}"
        case A.Command("hand-over", char):
            return f"Command: hand its Item to {name(char)}"
        case A.Command(order):
            return f"Command: {ORDER_WORDS.get(order, order)}"
        case A.Proceed() if isinstance(deciding, Combat):
            # What follows, said ("Go on" did not, s49): the Charm stage waits only while
            # one not Charmed may still free one (charm.waiting), so its end never leaves
            # every Character Charmed nor every one out-charming: the rounds come next.
            return "Go on to physical Combat"
        case A.Proceed():
            return "Go on"
        case A.Challenge() if isinstance(deciding, GuestTake):  # the other answer
            return "Fight them for it"
        case A.Challenge(seat, cell) if challengers is not None:
            # Who attacks: a Haven next door fights with no Character of the viewer's
            # there, and the menu of the Character clicked (the one attacked) said only
            # "Attack ...", as if someone at the cell did.
            chars, havens = challengers(cell)
            who = ["your group"] if chars else []
            if havens:
                who.append(f"your Haven{'s' * (len(havens) > 1)} "
                           + " and ".join(map(name, havens)))
            verb = "attack" if len(who) > 1 else "attacks"
            said = f"{' and '.join(who)} {verb} Player {seat + 1}'s group at {name(cell)}"
            return said[0].upper() + said[1:]
        case A.Challenge(seat, cell):
            return f"Attack Player {seat + 1}'s group at {name(cell)}"
        case A.Engage(char, "none", _):
            return f"{name(char)} holds back"
        case A.Engage(char, role, target):
            return f"{name(char)} {'attacks' if role == 'attack' else 'protects'} {name(target)}"
        case A.CharmAttack(char, target):
            return f"{name(char)} charms {name(target)}"
        case A.Order(char, charmed, order):
            # The order first: a button cut short still says which it is.
            # A dash, not brackets: the name may end in its owner's mark, "(P2)".
            return f"{ORDER_WORDS.get(order, order).capitalize()} — {name(charmed)}"
        case A.AskPermission(cell):
            return f"Ask to stop at the Haven at {name(cell)}"
        case A.Answer() if isinstance(deciding, GuestTake):  # its one Answer: yes
            return "Let them take it"
        case A.Answer(granted):
            return "Permit them to stop" if granted else "Refuse"
    return str(a)


def told_apart(rows: list[str], order: list[int]) -> list[str]:
    """Rows in the same words, each with the number of the copy it is, counted by
    `order` (then as listed): two alike copies of a card in the hand played alike read
    "Play Zap on Hero (copy 1)" and "(copy 2)"; one row for both hid the second choice."""
    alike: dict[str, list[int]] = defaultdict(list)
    for k, words in enumerate(rows):
        alike[words].append(k)
    out = list(rows)
    for words, ks in alike.items():
        if len(ks) > 1:
            for n, k in enumerate(sorted(ks, key=order.__getitem__), 1):
                out[k] = f"{words} (copy {n})"
    return out


def either(names: list[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]


# A cell next to a group Running Away, shut, by the rule that shuts it (Refusal.kind).
RUN_SHUT = {**{t: t for t in SYMBOLS}, HAVEN: "another player's Haven",
            DESTROYED: "Destroyed", GROUP_FULL: "full", FIELD_FULL: "full"}


def run_hint(lit: list[str], shut: list[str | None]) -> str:
    """Where a group Running Away may go, in a line (Basic Terms, Run Away: "Move any
    remaining Characters 1 Location"): the cells it may run to (`lit`, named) and why
    each other Location next to it is shut (`shut`: the engine's why_not of a RunTo,
    terrain.why_not_run_to's Refusal, sorted by its kind: sorting by its words misfiled
    one reworded). One glowing cell, a Disaster on it, and no word of why no other was
    lit read as a trap (s69's playtest: the others were Planetary)."""
    why: dict[str, int] = defaultdict(int)
    for reason in filter(None, shut):
        why[RUN_SHUT.get(getattr(reason, "kind", None), "shut")] += 1
    if not why:
        return "Running Away: click a glowing cell to run to."
    n, lacks = sum(why.values()), [t for t in SYMBOLS if t in why]
    if len(lit) <= 2:
        only = f"only {every(lit).replace(' and ', ' or ')} {'is' if len(lit) == 1 else 'are'} open"
        others = f"the {n} others next to it are" if n > 1 else "the other next to it is"
    else:  # most are open: the glow says which, the words only what is shut (s69: seven
        # cells named under "only" filled three lines)
        only = f"click one of the {len(lit)} glowing cells"
        others = f"{n} next to it are" if n > 1 else "one next to it is"
    # Why a Haven is shut: "one next to it is another player's Haven" alone did not say
    # (s72's playtest); no leave is asked in a Run Away (Rules for Havens: not "stop
    # there without asking your permission").
    haven = RUN_SHUT[HAVEN] in why
    if len(why) == 1:
        return (f"Running Away 1 Location: {only}; {others} {next(iter(why))}"
                + (", which your group cannot enter." if lacks else
                   ", where none stops without its owner's leave." if haven else "."))
    notes = ([f"your group lacks the symbol{'s' * (len(lacks) > 1)}"] * bool(lacks)
             + ["a Haven only with its owner's leave"] * haven)
    return (f"Running Away 1 Location: {only}; {others} "
            + ", ".join(f"{k} {w}" for w, k in why.items())
            + (f" ({'; '.join(notes)})." if notes else "."))


# What the Equip Phase lets a player play, one of each a Turn ("You may play 1
# Characters ... 1 piece of Equipment ... 1 Enhancement ... 1 Global Effect"), as said.
ONE_A_TURN = {"character": "a Character", "equipment": "a piece of Equipment",
              "enhancement": "an Enhancement", "global_effect": "a Global Effect"}


def still_playable(cards: list[int], card_of: Callable[[int], CardDef | None]) -> str:
    """The cards of a hand still playable, as plays: one of each kind the Equip Phase
    allows once a Turn, and the Flash Effects by count. "You can still play 5 cards"
    counted three pieces of Equipment, of which one may be played (s71's playtest)."""
    kinds = [cd.type for c in cards if (cd := card_of(c)) is not None]
    said = [words for kind, words in ONE_A_TURN.items() if kind in kinds]
    flash = kinds.count("flash_effect")
    if flash:
        said.append("a Flash Effect" if flash == 1 else f"{flash} Flash Effects")
    return every(said) if said else count(len(cards), "card")


def every(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else names[0]


def charmed_all(seen: list[E.Event], name: Namer, short: Namer) -> str | None:
    """What a Combat begun and ended in the events `seen` did, where Charm Combat
    Charmed the whole group (Charm Combat: the Disaster will "leave on the next Turn";
    "Charmed Characters cannot attack the Disaster until the Disaster attacks them"),
    the Characters by `short` names; None for any other events."""
    k = max((k for k, d in enumerate(seen) if isinstance(d, E.CombatBegan)), default=None)
    end = next((d for d in seen[k or 0:] if isinstance(d, E.CombatEnded)), None)
    charmed = [d.defender for d in seen[k or 0:] if isinstance(d, E.CharmContest)
               and d.kind == "charm" and d.result == "charmed"]
    if k is None or end is None or end.defeated or not charmed:
        return None
    return (f"{name(seen[k].disaster)} Charmed {every(list(map(short, charmed)))}: the Combat "
            "is over. Charmed, they cannot attack it until it attacks them; it leaves "
            "next Turn.")


# Where a card of the hand played with no target lands (model.Board._landing).
LANDINGS = {("haven",): "it enters play in your Haven ({home}): drop it there",
            ("off",): "it goes Off Field: drop it on the Off Field strip",
            ("field",): "drop it anywhere on the Field to play it"}


def drop_options(targets: dict[tuple, A.Action], name: Namer,
                 card_of: Callable[[int], CardDef | None],
                 where: Where,
                 home: tuple[int, int] | None) -> str:
    """What may be done with a thing dragged, from the legal actions its glowing targets
    send: said when it is dropped where the rules allow nothing, though they allow it
    somewhere ("That can't go there." said neither where nor why). `where`: a
    Character's cell and whether a Haven is there; `home`: the viewer's Haven."""
    acts = list(targets.values())
    says = []
    drop = next((a for a in acts if isinstance(a, A.Drop)), None)
    gives = [name(a.dst) for a in acts if isinstance(a, A.Transfer)]
    if drop is not None:
        cell, haven = where(drop.char)
        who = pronoun(card_of(drop.char))
        verb = "store it only in the Haven" if haven else "leave it only"
        says.append(f"{name(drop.char)} can {verb} where {who} stands ({name(cell)})"
                    + (f", or give it to {either(gives)}" if gives else ""))
    elif gives:
        giver = next(a.src for a in acts if isinstance(a, A.Transfer))
        says.append(f"{name(giver)} can give it only to {either(gives)}")
    takers = [name(a.char) for a in acts if isinstance(a, A.PickUp)]
    if takers:
        says.append(f"{either(takers)} can pick it up")
    for verb, kind in (("play", A.PlayCard), ("use", A.UseCard)):
        on = [name(a.target) for a in acts if isinstance(a, kind) and a.target is not None]
        if on:
            says.append(f"{verb} it on {either(on)}")
    for key, a in targets.items():
        if isinstance(a, A.PlayCard) and a.target is None and key in LANDINGS:
            # (let go on a Character in that Haven, it is then given to them: input._takers)
            given = [name(k[1]) for k, b in targets.items() if k[0] == "unit" and b == a]
            whom = "a Character there" if len(given) > 2 else either(given) if given else ""
            says.append(LANDINGS[key].format(home=name(home) if home else "your Haven")
                        + (f", or on {whom} to give it to them" if whom else ""))  # (3 lines)
    if any(isinstance(a, A.DiscardCard) for a in acts):
        says.append("discard it on your panel")
    for verb, kind in (("move", A.Move), ("place", A.PlaceCard)):
        if any(isinstance(a, kind) for a in acts):
            says.append(f"{verb} it to a glowing cell")
    fights = [("charm" if isinstance(a, A.CharmAttack) else a.role, a.target) for a in acts
              if isinstance(a, (A.Engage, A.CharmAttack))]
    for verb in ("attack", "protect", "charm"):
        on = [name(t) for v, t in fights if v == verb]
        if on:
            says.append(f"{verb} {either(on)}")
    return "; ".join(says) if says else "nothing can be done with it now"


def _charm_piles(cards, seat_name: Callable[[int], str],
                 owner: Callable[[int], int] | None) -> str:
    """The one pile a Charm contest's Combat cards came from: a Disaster's fighting
    player's (R22); between players each card says its own."""
    seats = [owner(c) for c in cards if c is not None] if owner else []
    if len(set(seats)) != 1:
        return ""  # none, or each said by its card
    both = "Both Combat cards" if len(seats) == 2 else "The Combat card"
    return f" {both} from {seat_name(seats[0])}'s pile."


def _guards_text(guards: tuple[E.Guard, ...], damage: int, name: Namer) -> str:
    """The protectors' shares of a hit of `damage` (R10: half each, at least 1): the log
    said only the target's Damage, though the protectors took theirs too; a share the
    minimum made says so, or "no Damage" then "1 Damage" reads as a mistake."""
    if not guards:
        return ""
    shares = ", ".join(f"{name(g.id)} {g.damage} Damage" for g in guards)
    least = any(g.damage > damage // 2 for g in guards)
    why = " (a protector takes at least 1 Damage each Combat round)" if least else ""
    return f" Protecting: {shares}{why}."


# When a card's text deals Damage, by its trigger (cards.TRIGGERS); "use" goes unsaid:
# the line before says the card was used.
DAMAGE_WHEN = {"defeated": " as it is Defeated", "combat_round": " in the Combat round",
               "revealed": " as it is turned over", "turn_start": " at the start of the Turn"}


def _damage_when(card: CardDef | None) -> str:
    """When `card`'s text deals Damage, where it does so at one moment only."""
    whens = {e.on for e in card.effects if any(s.kind == "damage" for s in e.steps)} \
        if card is not None else set()
    return DAMAGE_WHEN.get(whens.pop(), "") if len(whens) == 1 else ""


FIGHT_BEGINS, FIGHT_ENDS = (E.CombatBegan, E.DuelBegan), (E.CombatEnded, E.DuelEnded, E.RanAway)


def fighting(events, was: bool = False) -> bool:
    """Whether a Combat is under way after `events` (`was`: before them). Damage dealt
    in one lasts until it ends; out of one (a Location's strike at a stop, a card's
    text) it heals at once unless it Bonks or Kills (R24). Those who Run Away are out
    of it: their stop's strike comes before the Combat's end."""
    for e in reversed(events):
        if isinstance(e, FIGHT_BEGINS + FIGHT_ENDS):
            return isinstance(e, FIGHT_BEGINS)
    return was


# Where a card played with no target goes (Rules for Equipment, for Global Effects).
_PLAYED_INTO = {"equipment": " into their Haven", "global_effect": " Off Field"}


def event_text(e: E.Event, name: Namer, seat_name: Callable[[int], str],
               haven: Callable[[tuple[int, int]], bool] = lambda cell: False,
               card_of: Callable[[int], CardDef | None] = lambda i: None,
               in_combat: bool = False,
               owner: Callable[[int], int] | None = None) -> tuple[str, int | None]:
    """One log line and the card it names (for hover), or "" for no line. `e` is the
    viewer's share: a secret it may not see is None. `haven`: whether a cell holds a
    Haven (an Item left there is stored, not dropped); `card_of`: a card named in it,
    for when its text dealt Damage; `in_combat`: whether a Combat was under way
    (`fighting`), for whether Damage that neither Bonks nor Kills heals at once;
    `owner`: whose deck a card is from (the decks are public), for where a Defeated
    Disaster goes, or a Flash Effect whose Duration is over."""
    def healed(damage: int, health: int) -> str:
        # The panel said "No Damage" beside "...: 1 Damage" (R24).
        return ", healed at once" if damage and health > 0 and not in_combat else ""

    def what(card: int | None, hidden: str = "a card") -> str:
        return name(card) if card is not None else hidden

    def pile(card: int) -> str:
        # Into its dealer's discard pile, which grows in others' Turns: say whose.
        return f" (to {seat_name(owner(card))}'s discard pile)" if owner else ""

    match e:
        case E.TurnBegan(seat=seat, round=rnd):
            return f"— Round {rnd}: {seat_name(seat)}'s turn —", None
        case E.CardPlaced(seat=seat, card=card, cell=cell):
            # By its cell: mirror decks lay two of a name, told apart by the placer's
            # mark ("Kappa Pond (P1)"), as the deals under them are.
            return f"{seat_name(seat)} placed {name(cell)}", card
        case E.CardDealt(seat=seat, cell=cell, kind=kind):
            card = "an Item" if kind == "item" else "a Disaster"
            return f"{seat_name(seat)} dealt {card} under {name(cell)}", None
        case E.CardsDealt(items=items):
            return f"{count(items, 'Item')} and the Disasters dealt face down", None
        case E.CardDrawn(seat=seat, card=card):
            return f"{seat_name(seat)} drew {what(card)}", card
        case E.CardDiscarded(card=card, seat=seat, why="effect" | "cost" as why) \
                if seat is not None:
            # Not the player's choice ("Player 1 discarded" read as one they made).
            cause = "a card's effect" if why == "effect" else "the cost of a use"
            return (f"{name(card)} discarded at random from {seat_name(seat)}'s hand "
                    f"({cause})"), card
        case E.CardDiscarded(card=card, why="out of Health"):
            return f"{name(card)} discarded: out of Health", card
        case E.CardDiscarded(card=card, why=E.DURATION_OVER):  # a Flash Effect's
            return f"{name(card)} is Discarded: its Duration is over{pile(card)}", card
        case E.ItemDiscarded(card=card, seat=seat):
            return (f"{seat_name(seat)} discarded {what(card, 'an Item')} from its Haven, "
                    f"face down"), card
        case E.CardDiscarded(card=card, seat=seat):
            who = f"{seat_name(seat)} discarded" if seat is not None else "Discarded:"
            return f"{who} {name(card)}", card
        case E.CardPlayed(seat=seat, card=card, target=target, cell=cell):
            # Where a card with no target went: "played Dragonfly Gyrocopter" did not say.
            kind = played.type if cell is None and (played := card_of(card)) else None
            on = f" on {name(target)}" if target is not None else _PLAYED_INTO.get(kind, "")
            return f"{seat_name(seat)} played {name(card)}{on}", card
        case E.CharacterReturned(seat=seat, card=card):
            return f"{name(card)} is back in {seat_name(seat)}'s hand", card
        case E.DisasterEntered(card=card):
            return f"{name(card)} entered the Field", card
        case E.DisasterRevealed(card=card):
            return f"Turned over: {exclaimed(name(card))}", card
        case E.DisasterMoved(card=card, origin=origin, dest=dest) if origin == dest:
            return f"{name(card)} stays at {name(dest)}", card  # Movement 0, or nowhere to go
        case E.DisasterMoved(card=card, dest=dest):
            return f"{name(card)} moved to {name(dest)}", card
        case E.DisasterLeft(card=card):
            return f"{name(card)} left the Field", card
        case E.DisasterEndured(card=card, seat=seat, chars=chars, turns=turns):
            # What enduring does, and to whom (Rules for Disasters): the line named only
            # the card, and it lay Off Field with no word of its effect (a playtest).
            cd, called = card_of(card), name(card)
            # "Pop Quiz!: -1 Energy" read oddly (s60's playtest): no colon after a "!".
            does = f"{' ' if called[-1:] in '!?' else ': '}{mod_words(cd.endure)} to " \
                f"{every([name(c) for c in chars])} for {endured_left(turns, seat)}" \
                if cd is not None and cd.endure and chars else ""
            return f"{seat_name(seat)} must endure {called}{does}", card
        case E.DisasterDefeated(card=card, why=why) if why:
            # Its instructions complete (Basic Terms, Defeat), not beaten: a newcomer read
            # "Defeated!" of an endured Curse as the group's win.
            return f"{name(card)} is Defeated: {why}{pile(card)}", card
        case E.DisasterDefeated(card=card):
            return f"{name(card)} is Defeated!{pile(card)}", card
        case E.Transformed(card=card, form=form):
            return f"{name(form)} transforms into {name(card)}", card
        case E.Moved(chars=chars, dest=dest):
            return f"{' + '.join(map(name, chars))} moved to {name(dest)}", chars[0]
        case E.LocationAttacks(cell=cell, target=target, attack=attack, defense=defense,
                               damage=damage, health_after=after):
            # When and why (R24): "Fort attacks Hero: 2 Damage" as a group arrived read
            # as a Disaster's attack, or as a bug.
            when = " in the Combat round" if in_combat else " as the group stops there"
            return (f"{name(cell)} attacks {name(target)}{when}: Attack {attack} vs Defense "
                    f"{defense}, {damage or 'no'} Damage{healed(damage, after)}"), target
        case E.LocationAttacked(seat=seat, cell=cell, attack=attack, defense=defense,
                                health_before=before, health_after=after):
            # "attacks a Location: 3 vs 5" said neither which, nor what it did (s34w).
            # Health may go below 0 (Hot Legs ends at -1); Scavenging it may still wait for
            # another Turn (once a Turn, guideline 2.9): "open", not "Scavenge now"; and
            # open to this player only, each player's attack its own (R51). "Health -1"
            # read as a fault: the rule's "0 or below" with it (the rulebook's own -1).
            left = f"Health {after} (0 or below): open to {seat_name(seat)}'s Scavenging" \
                if after <= 0 else f"Health {after} left"
            return (f"{seat_name(seat)} attacks {name(cell)}: Attack {attack} vs Defense "
                    f"{defense}, {before - after or 'no'} Damage, {left}"), None
        case E.ScavengingBegan(seat=seat, cell=cell):
            return f"{seat_name(seat)} Scavenges {name(cell)}", None
        case E.ScavengingEnded():
            return "Scavenging ends", None
        # Where from: "General Obsidian Hex took a face-down card" after Kaede was
        # Charmed read as her Item taken; it was the one under the Location.
        case E.ItemTaken(by=by, card=card, cell=cell):
            where = "out of" if haven(cell) else "from under"
            return f"{name(by)} took {what(card, 'a face-down card')} {where} {name(cell)}", \
                card or by
        case E.ItemStolen(by=by, victim=victim, card=card):
            return f"{name(by)} took {what(card, 'a face-down card')} from {name(victim)}", \
                card or by
        case E.ItemDropped(by=by, card=card, cell=cell) if haven(cell):
            return f"{name(by)} stored {what(card)} in {name(cell)}", card or by
        case E.ItemDropped(by=by, card=card, cell=cell):  # where it is to be Scavenged
            return f"{name(by)} dropped {what(card)} under {name(cell)}", card or by
        case E.ItemTransferred(src=src, dst=dst, card=card):
            return f"{name(src)} gave {what(card)} to {name(dst)}", card or dst
        case E.ItemDestroyed():
            return "An Item was Destroyed", None
        case E.CombatBegan(seat=seat, disaster=d):
            return f"Combat! {seat_name(seat)} against {name(d)}", d
        case E.CombatTarget(round=rnd, disaster=d, target=target) if target < 0:
            # Out-charmed by all, or ordered not to attack: the round says which.
            return f"Combat round {rnd}: {name(d)} attacks nobody this round", d
        # A target named later in the round is a new one: a card drew the attack (`by`).
        case E.CombatTarget(round=rnd, disaster=d, target=target, by=by) if by is not None:
            return f"Combat round {rnd}: {name(by)} makes {name(d)} target {name(target)}", target
        case E.CombatTarget(round=rnd, disaster=d, target=target):
            return f"Combat round {rnd}: {name(d)} targets {name(target)}", target
        # Between players (a target, -1 for none): whom, and that one who does nothing
        # is still in the Combat. "Naomi stays out" over "Leo hits Naomi" read as a
        # contradiction, and "Ryoko attacks" said not whom (s45w).
        case E.CombatDeclared(char=char, role="none", target=-1):
            cd = card_of(char)  # a Haven fighting from next door (R35) is not attacked
            still = "" if cd is not None and cd.type == "haven" else " (and may still be attacked)"
            return f"{name(char)} neither attacks nor protects this round{still}", char
        case E.CombatDeclared(char=char, role=role, target=int(target)):
            return f"{name(char)} {role}s {name(target)}", char
        case E.CombatDeclared(char=char, role=role):
            # With a Disaster: one doing nothing may still be its target, as the panel's
            # Hold back button says (s46w).
            verb = {"attack": "attacks", "protect": "protects", "none": "holds back"}[role]
            return f"{name(char)} {verb}", char
        case E.CombatCard(fighter=fighter, card=card):
            # Whose pile: a Disaster's card comes from the fighting player's (R22), which
            # read as the Disaster's own deck's.
            drawn = f", from {seat_name(owner(card))}'s Combat pile" if owner else ""
            return f"Combat card for {name(fighter)}{drawn}: {name(card)}", card
        case E.CombatHit(target=target, target_kind=kind, attackers=attackers, attack=attack,
                         defense=defense, damage=damage, health_before=before,
                         health_after=after, result=result, protectors=guards, final=final):
            res = {"bonked": " Bonked!", "killed": " Killed!", "defeated": " Defeated!"}
            if not attackers:
                # A protected Character nobody attacks: its protectors still take their
                # minimum (Protecting), and the line said "hit X" with nobody hitting.
                return (f"Nobody attacks {name(target)}.{res.get(result, '')}"
                        f"{_guards_text(guards, damage, name)}"), target
            hits = "hits" if len(attackers) == 1 else "hit"
            # The hit made on a side that Ran Away: without saying so the log read as if
            # the Combat went on after the run. Said here, on the hit itself, as there is
            # none when nobody was attacked (no target, none declared).
            lead = "Final attack, unanswered: " if final else ""
            # Equipment in use with its own Defense takes the Damage first (Rules for
            # Equipment): the Health kept read as a wrong line.
            kept = damage - (before - after) if kind == "character" else 0
            piece = "" if kept <= 0 else ", taken by the Equipment in use" if kept == damage \
                else f", {kept} of it taken by the Equipment in use"
            return (f"{lead}{' + '.join(map(name, attackers))} {hits} {name(target)}: "
                    f"Attack {attack} vs Defense {defense}, {damage or 'no'} Damage{piece}."
                    f"{res.get(result, '')}"
                    f"{_guards_text(guards, damage, name)}"), target
        case E.CombatEnded(disaster=d, defeated=defeated):
            # The Damage just dealt is gone from the panels: the log says why.
            return ("Combat ends: the Disaster is Defeated" if defeated else "Combat ends") \
                + "; Health and Energy are restored", d
        case E.RanAway(seat=seat):
            return f"{seat_name(seat)} Runs Away!", None
        case E.Bonked(card=card):
            return f"{name(card)} is Bonked", card
        case E.Killed(card=card):
            return f"{name(card)} is Killed", card
        case E.CharmContest(kind=kind, attacker=a, defender=d, cards=cards, attacker_charm=x,
                            defender_charm=y, result=result):
            who, what = CHARM_RESULTS.get(kind, {}).get(result, (None, result))
            said = f"{name(a if who == 'attacker' else d)} {what}" if who else what
            contest = "Charm break" if kind == "break" else "Charm"
            # Each total counts both Combat cards drawn (its own, the other's effects on
            # it): named, a total unlike the Character's card ("Charm 3": 0) reads why.
            # Whose piles (R22): one for both said once, after; each its own, by each card.
            apart = owner is not None and len({owner(c) for c in cards if c is not None}) > 1
            mine, theirs = (f" with {name(c)}" + (f" ({seat_name(owner(c))}'s pile)" if apart
                                                  else "") if c is not None else ""
                            for c in (*cards, None, None)[:2])
            # A break won by less than it needs read as a contest lost ("5 vs 1: stays
            # Charmed"): it must win by twice what the Character was Charmed by.
            why = (f" (a break must win by twice what {name(d)} was Charmed by)"
                   if result == "held" and x > y else "")
            return (f"{contest}: {name(a)} {x}{mine} vs {name(d)} {y}{theirs}: {said}{why}."
                    f"{_charm_piles(cards, seat_name, owner)}"), a
        case E.CharmCommand(disaster=d, order=order):
            return f"{name(d)} is ordered {order_to(order)}", d
        case E.Modified(card=card, unit=unit, mods=mods) if card == unit:
            return f"{name(card)}: {', '.join(mods)}", card  # its own: named once
        case E.Modified(card=card, unit=unit, mods=mods):
            return f"{what(card, 'A face-down Item')}: {', '.join(mods)} to {name(unit)}", \
                card if card is not None else unit
        case E.Damaged(card=card, unit=unit, damage=damage, health_after=after):
            # Not a hit of the Combat (a Disaster's own text, an Item used): after a hit
            # with "no Damage", "X deals 1 Damage" read as a contradiction.
            when = _damage_when(card_of(card)) if card is not None else ""
            return (f"By its card text, {what(card, 'a face-down Item')} deals {damage} Damage "
                    f"to {name(unit)}{when}{healed(damage, after)}"), \
                card if card is not None else unit
        case E.CardUsed(seat=seat, card=card):
            return f"{seat_name(seat)} used {name(card)}", card
        case E.FlashPlayed(seat=seat, card=card):
            return f"{seat_name(seat)} plays the Flash Effect {name(card)}", card
        case E.FlashResolved(card=card):
            return f"{name(card)} takes effect", card
        case E.Passed(seat=seat):
            return f"{seat_name(seat)} passes", None
        case E.Cancelled(card=card, by=by):
            # The Cancelled card was face up on the stack; what Cancelled it is hidden
            # (None) only where it was an Item of another player's.
            what = name(by) if by is not None else "a hidden card"
            return f"{name(card)} is Cancelled by {what}: it has no effect", card
        case E.HavenBuilt(seat=seat, card=card):
            return f"{seat_name(seat)} turned {name(card)} into their Haven", card
        case E.DuelBegan(seat=seat, opponent=opponent):
            return f"Combat! {seat_name(seat)} attacks {seat_name(opponent)}", None
        case E.DuelEnded(seat=seat, opponent=opponent):
            return (f"The Combat between {seat_name(seat)} and {seat_name(opponent)} ends; "
                    "Health and Energy are restored"), None
        case E.CharmOrder(char=char, charmed=charmed, order=order):
            return f"{name(char)} orders {name(charmed)} {order_to(order)}", char
        # "asks Player 1 to stop at their Haven" read as the asker's Haven, and the
        # answer named neither the Haven nor who was answered (s34w).
        case E.PermissionAsked(seat=seat, cell=cell, owner=owner):
            return f"{seat_name(seat)} asks to stop at {seat_name(owner)}'s Haven {name(cell)}", \
                None
        case E.PermissionAnswered(seat=seat, cell=cell, granted=granted):
            # A yes holds until the asker's next Turn (a Run Away in another's Turn, R36);
            # a no as long, since the next question waits for that Turn (one a Turn).
            until = f"{'until' if granted else 'before'} {seat_name(seat)}'s next Turn"
            return (f"Permission {'granted' if granted else 'refused'}: {seat_name(seat)} "
                    f"may {'' if granted else 'not '}stop at {name(cell)} {until}"), None
        case E.EquipmentUsed(by=by, card=card, cost=cost):
            paid = f", paying {cost} Energy" if cost else ""
            return f"{name(by)} uses {name(card)} this Turn{paid}", card
        case E.AccessBuilt(seat=seat, card=card):
            return f"{seat_name(seat)} built access to {name(card)}", card
        case E.TakeAnswered(cell=cell, by=by, let=True):
            # Which card: the take's own line names it to the two players (ItemTaken).
            return f"The owner of {name(cell)} lets {name(by)} take a card out of it", by
        case E.TakeAnswered(cell=cell, by=by):
            return (f"{name(by)} tries to take a card out of {name(cell)}: its owner "
                    "fights them for it"), by
        case E.DisastersAllied(ally=ally) | E.DisasterJoinedGroup(ally=ally):
            return f"{name(ally)} allies with another", ally
        case E.GameOver(disasters_win=True):
            return "Game over: the Disasters win" + over_reason(e, seat_name), None
        case E.GameOver(winners=(winner,)):  # ("Player 2 win(s)", s43w)
            return f"Game over: {seat_name(winner)} wins" + over_reason(e, seat_name), None
        case E.GameOver(winners=winners):  # all tied for the most share it (R14 b)
            return (f"Game over: {players(winners)} share the win"
                    + over_reason(e, seat_name)), None
    return "", None


# What ended a game no side won by holding more than half (R14 c, d).
OVER_ENDS = {"round_limit": "the round limit was reached",
             "all_scavenged": "every Location had been Scavenged"}


def over_reason(e: E.GameOver, seat_name: Callable[[int], str]) -> str:
    """Why the game ended, after the log's "Game over: Player 2 wins" (R14 a-d), from the
    tally the event carries; "" without one. The log's last line named the winner alone,
    and a game ended by the round limit read as one won by a majority (s45w)."""
    items = e.items
    if not items:
        return ""
    total = sum(items.values())
    seats = sorted(int(k) for k in items if k.isdigit())
    held = {i: items[str(i)] for i in seats}
    d = items.get("disasters", 0)
    most = max(held.values(), default=0)
    if e.reason == "majority" and e.disasters_win:  # R14 a
        return f": they hold {d} of the {count(total, 'Item')}, more than half"
    if e.reason == "majority":  # R14 b
        who = "the players together hold" if len(seats) > 1 else f"{seat_name(seats[0])} holds"
        each = "" if len(e.winners) == 1 else " each"
        most_of = f", and {players(e.winners)} the most ({most}{each})" if len(seats) > 1 else ""
        return (f": {who} {sum(held.values())} of the {count(total, 'Item')}, more than "
                f"half{most_of}")
    ended = OVER_ENDS.get(e.reason, "")
    if e.winners:  # R14 c, d: more than each other player and the Disasters
        each = "" if len(e.winners) == 1 else " each"
        return f": {ended}, and {players(e.winners)} held the most Items ({most}{each})"
    if d > most:
        return f": {ended}, and the Disasters held the most Items ({d})"
    if d == most:
        return f": {ended}, and no player held more Items than the Disasters ({d})"
    tied = [i for i in seats if held[i] == most]
    return f": {ended}, and {players(tied)} tied for the most ({most} each): no single leader"


def coming_back_text(e: E.Event, seat: int, name: Namer, seat_name: Callable[[int], str],
                     havens: set) -> str:
    """The curtain's line of `e` for `seat`'s person coming back (`havens`: theirs),
    where the log's says too little: whose Haven others came into or left, where a
    Disaster came in, whose Item was Destroyed, who was Charmed, how their Combat with a
    Disaster ended; "" where the log's will do."""
    def place(cell) -> str:
        return f"{seat_name(seat)}'s Haven {name(cell)}" if cell in havens else name(cell)
    match e:
        case E.Moved(chars=chars, origin=origin, dest=dest):
            return (f"{' + '.join(map(name, chars))} moved "
                    f"{'out of' if origin in havens else 'from'} {place(origin)} "
                    f"{'into' if dest in havens else 'to'} {place(dest)}")
        case E.DisasterEntered(card=card, cell=cell):
            return f"{name(card)} entered the Field at {name(cell)}"
        case E.DisasterRevealed(card=card, cell=cell):
            return f"Turned over at {name(cell)}: {exclaimed(name(card))}"
        case E.ItemDestroyed(holder=holder, card=card):
            what = name(card) if card is not None else "An Item"
            return f"{what} of {name(holder)} was Destroyed"
        case E.CharmContest(attacker=a, defender=d,
                            result="charmed" | "charmed_attacker" as result):
            charmed, by = (a, d) if result == "charmed_attacker" else (d, a)
            return f"{name(charmed)} is Charmed by {name(by)}"
        case E.CombatEnded(seat=fought, disaster=d, defeated=defeated) if fought == seat:
            return f"The Combat against {name(d)} is over: " + (
                "it was Defeated" if defeated else "it still stands")
    return ""


def exclaimed(words: str) -> str:
    """The words with an exclamation mark, not a second one: "Pop Quiz!!" (s57)."""
    return words if words.endswith(("!", "?")) else words + "!"


def waiting_under(entries, name: Namer, seat_name: Callable[[int], str], most: int = 3) -> str:
    """The Flash Effects under the top of the stack, in the order they resolve after it
    (the last played first), as a sentence, the first `most` named and the rest counted;
    "" with none. Only the top one was told: a player answered a Flash Effect with no
    word that theirs still waited under it (a playtest). All named, six of them ran off
    the bar's end and pushed the curtain's buttons off the window (s57)."""
    under = [f"{seat_name(e.seat)}'s {name(e.card)}"
             + (f" on {name(e.target)}" if e.target is not None else "")
             for e in reversed(entries[:-1])]
    if not under:
        return ""
    more = len(under) - most
    named = ", then ".join(under[:most] if more > 0 else under)
    return f" Then, waiting under it: {named}" + (
        f", and {more} more (the game log has them)." if more > 0 else ".")


def curtain_reason(v, seat: int, name: Namer, seat_name: Callable[[int], str]) -> str:
    """Why `seat` is asked to take the seat, from the decision the game waits for in
    `v`, the view every seat has: the person leaving reads the curtain too."""
    who = seat_name(seat)
    phase = f"{seat_name(v.turn_seat)}'s {PHASE_NAMES.get(v.phase, v.phase)}"
    match v.decision:
        case FlashWindow(entries=[*_, top] as entries):
            on = f" on {name(top.target)}" if top.target is not None else ""
            under = waiting_under(entries, name, seat_name)
            played = f"{seat_name(top.seat)} played {name(top.card)}{on}"
            more = f".{under}" if under else ""
            # The Combat fought now (one begun on top of another is: a thief's getaway).
            fight = next((d for d in reversed(v.pending) if d.kind in ("combat", "duel")),
                         None)
            if fight is None:
                return f"{played}: {who}, you may respond{more}"
            # In a Combat, which, in whose phase: one played in a Disaster's attack in
            # another's Maintenance phase said neither (s57).
            which = f"{seat_name(fight.seat)}'s Combat against {name(fight.disaster)}" \
                if fight.kind == "combat" else \
                f"Combat between {seat_name(fight.attacker)} and {seat_name(fight.defender)}"
            return f"{phase}, {which}: {played}. {who}, you may respond{more}"
        case HavenQuestion(cell=cell):  # which Haven (a seat may have several, R2)
            return (f"{seat_name(v.turn_seat)} asks to stop at {who}'s Haven {name(cell)}: "
                    f"{who} answers")
        case GuestTake(char=char, cell=cell):
            return f"{name(char)} takes a card out of {who}'s Haven {name(cell)}: {who} answers"
        case Placement():
            return f"Setting up the Field: {who} places a card"
        case Dealing(pile="disasters"):
            return f"Setting up the Field: {who} deals a Disaster"
        case Dealing():
            return f"Setting up the Field: {who} deals an Item"
        # A Disaster walking onto their group in another's Maintenance phase: the curtain
        # said "Combat against Hex: Player 1 decides", the news of it cut (a playtest).
        case Combat(disaster=disaster, cell=cell) if v.turn_seat != seat:
            return (f"{name(disaster)} attacks {who}'s group at {name(cell)} in {phase}: "
                    f"{who} decides")
        case Combat(disaster=disaster):
            return f"Combat against {name(disaster)}: {who} decides"
        case Duel(attacker=attacker, defender=defender, cell=cell):
            return (f"Combat between {seat_name(attacker)} and {seat_name(defender)} at "
                    f"{name(cell)}: {who} decides")
    if seat == v.turn_seat:
        return f"{who}'s turn: {PHASE_NAMES.get(v.phase, v.phase)}"
    return f"{who} decides"
