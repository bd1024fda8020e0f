"""Drawing the table each frame: the cached panels, the Field's layer (tiles as
the camera shows them, composed again only when the camera or the Field
changes), then tokens, highlights, the minimap, animations, the drag, menus,
messages and the hover zoom. Drawing changes nothing but what it records of
itself (hit regions, the faces it showed)."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pygame

from game.engine import actions as A
from game.engine.decisions import (Combat, Dealing, Duel, FlashWindow, GuestTake, HavenQuestion,
                                   Scavenging)
from game.engine import events as E
from game.engine.events import ALL_SEE
from game.engine.field import distance
from game.engine.setup import still_to_deal
from game.engine.view import STATS

from ..faces import disaster_glyph, name_rect
from ..fonts import wrap
from ..kept import Kept
from ..widgets import TOOLTIP_DELAY
from . import ink, locations, minimap, panels, popups, verdict
from .anims import AtCell, Fallen, Float, Fly, Linger, Walk
from .model import Board
from .paint import Painter, combat_seats, item_counts, whose_turn
from .tiles import badge_rect, header
from .words import (KIND_NAMES, PATH_WORDS, PERMITTED, PHASE_NAMES, action_text, back_when,
                    carry_hint, causes, changed, coming_back_text, count, curtain_reason,
                    deal_caption, drop_hint, drop_tag, effect_words, endured_until, event_text,
                    every, fighting, held_next, hold_back_words, now_text, phase_hint,
                    place_caption, recruit, run_hint, set_up_help, still_reason, turn_hint,
                    turns_out, waiting_under, walks_words)

ZOOM_DELAY = 0.3  # seconds of hovering before a card is shown large: passing over is calm
CONTROLS = ("act", "plan", "why", "fight", "more", "end", "all")  # what the zoom keeps clear of
# What the curtain tells a person sitting down of what happened since they left: the
# log's last lines were a Haven's "+1 Movement" to each of their own Characters.
NEWS = (E.HavenBuilt, E.FlashPlayed, E.DisasterDefeated, E.DisasterEndured, E.ItemTaken,
        E.ItemStolen, E.ItemDestroyed, E.LocationAttacked, E.CombatBegan, E.DuelBegan,
        E.RanAway, E.Bonked, E.Killed, E.Transformed, E.CardPlayed, E.CardDiscarded,
        E.ItemDiscarded)


def news_for(e: E.Event, seat: int, owner) -> bool:
    """Whether the curtain tells `seat` of `e`: a headline (NEWS), a card played only
    when it is a Character entering play, and a fall of the seat's own Characters not
    (the curtain's Bonked lines say those)."""
    if not isinstance(e, NEWS):
        return False
    if isinstance(e, E.CardPlayed):
        return e.cell is not None
    return not (isinstance(e, (E.Bonked, E.Killed)) and owner(e.card) == seat)


def news_rank(e: E.Event, seat: int, owner, near: set, homes: dict,
              scavenged: tuple | None = None) -> int | None:
    """How much `e` (every seat's share) matters to `seat`'s person coming back, the
    least first: 0 a loss (a Character of theirs Charmed, an Item taken from one or out
    of their Haven's store), 1 a Character of theirs hurt or commanded by its Charmer,
    or a Combat against them, 2 others coming to or leaving their Havens and where
    theirs stand (`near`), the answer to their asking to stop at a Haven, 3 the other
    headlines (news_for); None: not told. `homes`: each Haven's cell, its owner (now,
    as the curtain is drawn); their Havens those of `seat`. `scavenged`: the cell of the
    Scavenging `e` came inside, whose takes there are Retrieves from under a Location (or
    a Location-turned-Haven, guideline 4.10), out of no Haven's store: a headline, even
    where a Haven stands now; a take elsewhere meanwhile is out of a Haven's store (out
    of one's own: no one's news, s64). Their Characters Bonked or Killed are the
    curtain's lines above these. Moves were no headlines: an owner who let two
    Characters stop at its Haven read only of the Combat that followed (s35w); nor
    orders and answers: the curtain said nothing of them beside a headline (s35w3)."""
    def mine(card) -> bool:
        return card is not None and owner(card) == seat
    havens = {cell for cell, whose in homes.items() if whose == seat}
    scavenging = isinstance(e, E.ItemTaken) and e.cell == scavenged
    match e:
        case E.CharmContest(result="charmed", defender=card) | \
                E.CharmContest(result="charmed_attacker", attacker=card) if mine(card):
            return 0
        case E.ItemStolen(victim=card) | E.ItemDestroyed(holder=card) if mine(card):
            return 0
        case E.ItemTaken(cell=cell, by=by) if not scavenging and cell in havens and \
                not mine(by):
            return 0
        case E.ItemTaken(cell=cell, by=by) if not scavenging and cell in homes and \
                homes[cell] == owner(by):
            return None  # taken up at its own Haven (Equipment played there): no one's loss
        case E.DuelBegan(opponent=opponent) if opponent == seat:
            return 1
        case E.CombatBegan(seat=fought) if fought == seat:  # a Disaster's, theirs to fight
            return 1
        # How it ended, the Disaster Defeated or standing: the curtain said the Combat
        # began and the hits, and a survived Disaster's end nowhere (s56).
        case E.CombatEnded(seat=fought) if fought == seat:
            return 1
        case E.DuelEnded(seat=one, opponent=other) if seat in (one, other):
            return 1
        case E.CharmOrder(charmed=card) if mine(card):
            return 1
        case E.PermissionAnswered(seat=asker) if asker == seat:
            return 2
        case _ if hurt(e, seat, owner) is not None:
            return 1
        case E.DisasterEntered(cell=cell) | E.DisasterRevealed(cell=cell) if cell in near:
            return 2
        case E.DisasterMoved(origin=origin, dest=dest) if origin != dest and dest in near:
            return 2
        case E.Moved(chars=chars, origin=origin, dest=dest) if origin != dest and \
                not mine(chars[0]) and near & {origin, dest}:
            return 2
    return 3 if news_for(e, seat, owner) else None


def hurt(e: E.Event, seat: int, owner) -> tuple[int, int] | None:
    """The Character of `seat`'s that `e` hurt and the Damage, where it was neither
    Bonked nor Killed by it (the curtain says those apart)."""
    match e:
        case E.CombatHit(target=unit, target_kind="character", result="ok",
                         health_before=before, health_after=after) if before > after:
            damage = before - after
        case E.LocationAttacks(target=unit, damage=damage, result="ok") if damage:
            pass
        case E.Damaged(unit=unit, damage=damage, health_after=after) if damage and after > 0:
            pass
        case _:
            return None
    return (unit, damage) if owner(unit) == seat else None


def stood(events, seat: int, owner) -> set:
    """Cells where `seat`'s Characters stood during `events` and may stand no more: a
    move's start, where one fell."""
    out = set()
    for e in events:
        if isinstance(e, E.Moved) and owner(e.chars[0]) == seat:
            out.add(e.origin)
        elif isinstance(e, (E.Bonked, E.Killed)) and owner(e.card) == seat:
            out.add(e.cell)
    return out


# Shorter ways to say a bar button, longest first, for where the hint leaves less room:
# beside the Charm stage's long hint "Go on to physical Combat", its way on, found none
# at 960x540 (nor at 1280x720 in another seat's phase), and was in the list alone (s52).
BAR_WAYS = {"Go on to physical Combat": ("Go on to physical Combat", "Go on to Combat",
                                         "Go on"),
            "Turn over the next Disaster": ("Turn over the next Disaster", "Next Disaster")}


class TableFrame:
    """Mixed into TableScene."""

    _gold_memo: tuple | None = None  # (board, camera key, gilded): see gilded
    _thinking_at: dict[int, pygame.Rect] = {}  # where the panels keep the AI's dots
    _run_memo: tuple = (None, "")  # (view stamp, seat, cell): the Run Away line
    watched_from: Board | None = None  # the Board a watched action found (scene's _take_events)
    _seats_memo: tuple = (None, None, None)  # (Board, moment, the seat panels' Board): _told
    _held_laid: tuple = ()  # the tokens gone that the Field was last laid round (_still_standing)

    # Drawing ----------------------------------------------------------------------------
    def hint(self) -> str:
        """The bar's line. On a screen people share it begins with the seat deciding:
        a seat passed with nothing to hide (no curtain between) says whose it is now."""
        words = self._hint()
        if len(self.session.humans) >= 2 and self.board.legal:
            return f"{self.seat_name(self.board.view.seat)}: {words}"
        return words

    @staticmethod
    def _stack(place) -> tuple[int, tuple[int, ...]]:
        """The Items (a count) and Equipment Scavenging takes at a place: under a
        Location, or still under a Location turned Haven (not the Haven's store)."""
        return (place.buried_items, place.buried_equipment) if place.kind == "haven" \
            else (place.under_items, place.under_equipment)

    def _under(self, place, below_top: bool = False) -> str | None:
        """The cards under a Location below its Disasters, as the seat may know them:
        the Items face down by count, the Equipment (face up) by name; None if none.
        `below_top`: those under the top card (PlaceView.top; None: a face-down Item)."""
        items, equipment = self._stack(place)
        if below_top and place.top is None:
            items -= 1
        parts = [f"{count(items, 'Item')} face down"] if items > 0 else []
        parts += [self.name(e) for e in equipment if not (below_top and e == place.top)]
        return every(parts) if parts else None

    def resting_hint(self) -> str:
        """The hint with the pointer on nothing: the bar's buttons are laid out in the
        room it leaves. Laid out for the hint of the moment, a button went as the pointer
        reached it (a Location's short reason gave way to the phase's long words, which
        took its room), and the click there did nothing."""
        pointer, self.pointer = self.pointer, (-1, -1)
        try:
            return self.hint()
        finally:
            self.pointer = pointer

    def _hint(self) -> str:
        """The bar's words: the first part below with something to say, in this order
        (what the table shows before what is decided; what the pointer or a drag is
        over before the decision; the phase's words last)."""
        for part in (self._shown_hint, self._drag_hint, self._waiting_hint,
                     self._pointed_hint, self._decision_hint, self._selection_hint):
            if (words := part()) is not None:
                return words
        return self._phase_words()

    def _shown_hint(self) -> str | None:
        """The game's end, or the moves the table is still playing out."""
        v, s = self.board.view, self.session
        if v.result is not None:  # who won and how, as the game-over screen heads it
            said = verdict.headline(v.result, self.seat_name, verdict.only_human(s.seats))
            return f"{said}{'' if said.endswith('!') else '.'} " + verdict.why(
                v.result, item_counts(v), len(v.seats),
                verdict.last_round(v.rounds, v.round_limit), v.round_limit)
        if self.fight_behind() or self.skippable():
            return self._playing_hint()
        if s.watch is not None:  # the moment shown, not the next (moment)
            return self.playing_out()
        return None

    def _drag_hint(self) -> str | None:
        """What letting go of a dragged card does, or why it cannot go."""
        b, s = self.board, self.session
        if self.drag is not None and (over := self.drop_target(
                self.pointer, self.drag[3])) in self.drag[3]:  # what letting go does
            a = self.drag[3][over]
            taker = self.taker(over, a)
            words = drop_hint(a, self.name, b.card, self._where, taker)
            # Said before the drop, not only after: a newcomer gave the Heavy Ion Cannon
            # to one without Weapons and learnt it in red once it was done (s32v).
            lacks = self.unusable(a, taker)
            return words if lacks is None else \
                f"{words} {self.name(lacks[0])} cannot use it: needs {lacks[2]}."
        if self.drag is not None and self.drag[3] and (words := self.held_over()):
            # A piece's refusal is said in red under it (draw_overlays): the bar, what to
            # do instead (it said the same reason again, in its gold).
            return held_next(self._tags(self.drag[3])) if self._held_piece() else words
        if self.drag is not None and not self.drag[3]:
            # Dragged with nowhere to go: why, while it is held (the bar said "Drag a
            # card ... onto a glowing target" over a second Equipment of the phase, and
            # the rules' reason came only at the drop, s32v).
            key = self.drag[0]
            if (waits := self.waits()) is not None:  # not the rules' reason: another's
                return waits
            guess = b.guess(key, self.drop_target(self.pointer, {}) or ("field",),
                            self.selection)
            why = guess is not None and s.why_not(guess)
            if why:
                return self.plain(f"Nowhere to let go of {self.name(key[1])}: {why}.")
        if self.drag is not None and len(self.drag[3]) == 1 and \
                recruit(a := next(iter(self.drag[3].values())), b.card):
            # Held off the Haven, where she would go: the bar said only "Drag a card
            # from your hand onto a glowing target".
            return (f"{self.name(a.card)} enters play in your Haven, as every Character "
                    "from the hand does: let go over the glowing Haven.")
        return None

    def _waiting_hint(self) -> str | None:
        """Set up for the person, or another seat to decide."""
        b, v, s = self.board, self.board.view, self.session
        if s.helping():
            mine = v.to_act == v.seat
            return set_up_help("your" if mine else f"{self.seat_name(v.to_act)}'s", mine) + (
                " · hurrying" if self.hurry else " · hold Space to hurry")
        if not b.legal:
            who = v.to_act
            kind = s.seats[who]
            if kind == "human":
                return f"Waiting for {self.seat_name(who)}"
            # Space hurries what is shown, not the thinking: offered only while it plays.
            level = KIND_NAMES.get(kind, kind)
            if not s.humans:  # the booth's show: a passer-by read "Waiting for" as jargon
                return f"The computer is playing: {self.seat_name(who)} ({level}) decides…"
            return f"Waiting for {self.seat_name(who)} ({level}) to decide…" + (
                " hurrying" if self.hurry else " (hold Space to hurry)"
                if s.humans and self.animator.busy else "")
        return None

    def _pointed_hint(self) -> str | None:
        """What the pointer is over in a Combat panel, a path or a seat panel."""
        b, v = self.board, self.board.view
        over = self.hit(self.pointer)
        if over is not None and over[0] == "why":  # a dim choice in a Combat panel
            return panels.why_dim(self.painter([]), over, self.plan, self.name)
        if over is not None and over[0] == "plan" and over[2] in ("none", ("none", -1)):
            card = b.card(over[1])
            return hold_back_words(self.name(over[1]), card is not None and card.type == "haven")
        if over == ("path",):
            return PATH_WORDS
        if over is not None and over[0] == "seat":  # it said nothing, nor did a click
            if over[1] == v.seat and self.whose() == "Your":
                return "Your panel: a click shows what you have in play, at the right."
            return (f"{self.seat_name(over[1])}'s panel: a click shows what they have in "
                    "play, at the right.")
        if over is not None and over[0] == "cell" and over != ("cell", self.inspect) and any(
                isinstance(a, A.UseCard) and b.haven_of(a.card) == over[1] for a in b.legal):
            return f"{self.name(over[1])}: click it, then its Use button at the right."
        if over is not None and over[0] == "act" and not self.lay.bar.collidepoint(self.pointer):
            # A panel's button, whole: "Ability on Daigo" said not which, nor what it
            # does. Not the bar's own: its label is that already, and its words took the
            # bar's instruction away (bar_tip).
            return self.act_words(over[1])
        return None

    def _decision_hint(self) -> str | None:
        """The decision pending, in words: dealing, a Flash Effect to answer, a
        Haven's question, a Combat, a Duel, Scavenging."""
        b, v = self.board, self.board.view
        # Basic Terms, Run Away: offered only at a round's beginning, and never after a
        # Transform this Turn; the bar named it regardless (a review).
        run = ", or Run Away" if A.RunAway() in b.legal else ""
        # A Combat in another's turn says how it came: a Disaster walked onto the group in
        # their Maintenance phase, and the bar said only "Combat: choose..." (s49).
        c = v.combat
        lead = (f"{self.name(c.disaster)} attacks your group in "
                f"{self.seat_name(v.turn_seat)}'s {PHASE_NAMES.get(v.phase, v.phase)}. ") \
            if c is not None and c.seat == v.seat != v.turn_seat else ""
        match v.decision:
            case Dealing(pile="disasters", dealt=0):
                return "Deal a Disaster face down: click a glowing Location."
            case Dealing(pile="disasters") if any(isinstance(a, A.Pass) for a in b.legal):
                return "Deal a second Disaster (click a glowing Location), or Pass."
            case Dealing(pile="disasters"):  # the guide offers no Pass
                return "Deal a second Disaster: click a glowing Location."
            case Dealing():
                return "Deal an Item face down under the Disasters: click a glowing Location."
            case FlashWindow(entries=[*_, top] as entries):  # what is answered, what it does
                on = f" on {self.name(top.target)}" if top.target is not None else ""
                play = self.session.game.card(top.card).effects_on("play")
                does = effect_words(play[0]) if play else ""
                played = (f"{self.seat_name(top.seat)} played the Flash Effect "
                          f"{self.name(top.card)}{on}" + (f", {does}" if does else ""))
                then = waiting_under(entries, self.name, self.seat_name, most=1)  # one bar
                # "respond with one of yours" was said to a hand with nothing to answer
                # with, and did not say which cards answer (Rules for Flash Effects).
                if all(isinstance(a, A.Pass) for a in b.legal):
                    return f"{played}: nothing of yours answers it, Pass to let it resolve.{then}"
                return f"{played}: answer with a glowing card of yours, or Pass.{then}"
            case HavenQuestion(cell=cell):
                # Who would come, as the asker chose them (R36: "asking your
                # permission"): the owner read only that someone asked (s35w). An AI
                # seat asks for no group: its Characters go unnamed.
                chars, at = self.stop_asked.get(v.turn_seat, ((), None))
                who = f"let {every([self.name(c) for c in chars])} stop" \
                    if at == cell and chars else "stop"
                # What a yes lets them do, in the rulebook's words (Rules for Havens): a
                # playtester's guest took a stored card with no word of it (s56).
                return (f"{self.seat_name(v.turn_seat)} asks to {who} at your Haven "
                        f"{self.name(cell)}: permit or refuse.{PERMITTED}")
            case GuestTake(char=char, card=card):  # the owner's view names the card
                return (f"{self.name(char)} is taking {self.name(card)} out of your Haven: "
                        "let them take it, or fight them for it.")
            case Combat(stage="run", cell=here) | Duel(stage="run", cell=here):  # cells glow
                return self._run_words(here)
            case Combat(stage="break"):
                # Combat: "Any Character not Charmed by the Disaster can attempt a Charm
                # break of another": the Free buttons are on those not Charmed, and "their
                # Free buttons" sent a playtester to the Charmed ones (s57).
                return (f"{lead}Charm Combat: a Character not Charmed may try to free a "
                        "Charmed one (its Free buttons), or go on to physical Combat.")
            case Combat(stage="command"):
                return f"{lead}Charm Combat won: command the Disaster with a button in the panel."
            case Combat() if self.plan and not self.unchosen():
                # Every choice made, the bar still asked for them (s32v at the live window).
                return (f"{lead}Combat: each of your Characters has its choice: Fight! "
                        f"(Enter){run}.")
            case Combat():
                return f"{lead}Combat: choose for each Character{run}."
            case Duel(stage="declare" | "final") as d if not b.haven_acts or any(
                    isinstance(a, (A.Engage, A.CharmAttack)) and a.char in b.units
                    for a in b.legal) or panels.duel_planned(b, d, v.seat):
                # A Haven beside its Characters is planned as they are (R35).
                haven = " and your Haven" if panels.duel_havens(b, d, v.seat) and \
                    panels.duel_planned(b, d, v.seat) else ""
                # Basic Terms, Run Away: "This will end your Turn", the runner's alone (R33f).
                ends = " Running Away ends your Turn." if A.RunAway() in b.legal and \
                    v.seat == v.turn_seat else ""
                return (f"Combat between players: choose for each of your Characters{haven} "
                        f"in the panel, then Fight! (or drag one onto its target).{ends}")
            case Duel(stage="declare" | "final"):  # no Character of the seat's is there
                return ("Combat between players: your Haven fights from next door; choose "
                        "its target with a button in the panel.")
            case Duel():
                return "Combat between players: choose with a button in the panel."
            # What lies under it, and what stopping leaves (Scavenge Phase: "If you stop,
            # you must 'leave' the Location"; "only initiate Scavenging once per Turn"):
            # "Turn over the next, or stop" said neither (a playtest).
            case Scavenging(cell=cell, stage="continue"):
                under = self._under(b.places[cell])
                return (f"Scavenging: {count(b.places[cell].under_disasters, 'Disaster')} "
                        f"still face down here{f', over {under}' if under else ''}. Turn over "
                        "the next, or stop and leave it all here till a later Turn.")
            case Scavenging(cell=cell):
                place = b.places[cell]
                items, equipment = self._stack(place)
                if items + len(equipment) <= 1:
                    return (f"Scavenging: the way is clear. Retrieve {self._under(place) or 'it'}"
                            " with a Character here.")
                # Which comes first, as the stack shows it: the Retrieve button took "the
                # card on top" unnamed (s59).
                top = self.name(place.top) if place.top is not None else "an Item face down"
                return (f"Scavenging: the way is clear. Retrieve from the top: {top} first, "
                        f"then {self._under(place, below_top=True)}.")
        return None

    def _selection_hint(self) -> str | None:
        """With Characters chosen: where they may go and how to gather a group."""
        b = self.board
        if not self.selection:
            return None
        over = self.hit(self.pointer)  # a cell out of reach: why, before a click
        if over is not None and over[0] == "cell" and self.may_ask(over[1]):
            return (f"Click to move there: {self.seat_name(b.places[over[1]].owner)} is "
                    "asked first, as it is their Haven (right-click to cancel).")
        if over is not None and over[0] == "cell" and over[1] in b.places and \
                over[1] not in b.reachable(self.selection) and \
                over[1] != b.units[next(iter(self.selection))].pos and \
                (why := self.why_out(over[1])):
            return why
        # A group moves together: say how to gather it, while one more may join; and
        # only that where the chosen go nowhere without (no cell glowed, s42n).
        if (more := b.fewest_more(self.selection)):
            if more == 1:
                return ("Click a glowing Character here to take along, then a glowing "
                        "cell (right-click to cancel).")
            # One taken along lights no cell yet: said, as the bar said "a glowing
            # cell" after the first (s43w).
            short = panels.short_names(self.painter([]), sorted(self.selection), self.name)
            return (f"{every([short[i] for i in sorted(self.selection)])} can move only "
                    f"with {more} more of yours here: click the glowing Characters to "
                    "take along, then a glowing cell (right-click to cancel).")
        if self.partners():
            return ("Click a glowing cell to move there, or another Character here "
                    "to take it along (right-click to cancel).")
        return "Click a glowing cell to move there (right-click to cancel)."

    def _phase_words(self) -> str:
        """The phase's words: set-up, a ready button, how to carry, why nothing
        may be Scavenged."""
        b, v = self.board, self.board.view
        if v.phase == "setup":
            # Four players' set-up is some thirty choices before a move: the hint said
            # nothing of the button that makes them (s60's booth playtest).
            s, seat = self.session, self.set_up_seat()
            return ("Place your card on a glowing cell: the brightest keep the Field compact"
                    + (", or S sets up the rest for you." if s.may_hand_set_up(seat)
                       and seat not in s.helped else "."))
        if (ready := self._ready_hint()) is not None:
            return ready
        carry = carry_hint(b.legal, self.name, b.card, self._where)
        mine = {u.pos for u in v.units if u.owner == v.seat and not u.disaster}
        by_haven = any(isinstance(a, A.Challenge) and a.cell not in mine for a in b.legal)
        scavenged = v.seats[v.turn_seat].scavenged
        told = (turn_hint(v.phase, b.legal, scavenged, carry, by_haven)
                or phase_hint(v.phase, b.legal, b.hand))
        # Once a Scavenge was made, "once a Turn" is why for every Location, and the bar
        # says it as done (the rules' "may be initiated only once per Turn", left there
        # after the Items were taken, read as a fault). Unasked, a reason is told only
        # where ending the phase is all that is left.
        over = self.hit(self.pointer)  # a Haven built, or access to one: a click's
        acts = b.click.get(over, []) if over is not None and over[0] == "cell" else []
        if acts and all(isinstance(a, (A.BuildHaven, A.BuildAccess)) for a in acts):
            # Words, not a reason it cannot be Scavenged; with a Scavenge there too, the
            # click opens a menu and the usual words stand (a review).
            ask = " (asked first)" if any(isinstance(a, A.BuildAccess) for a in acts) else ""
            does = "; or ".join(map(self.act_words, acts)) if len(acts) <= 2 else \
                f"a menu of the {len(acts)} ways to build here"
            return f"A click here{ask}: {does}."
        # Why nothing may be Scavenged comes before how to carry: "drag the Equipment
        # she carries" was all the bar said where the group lacked the card's skill.
        bare = turn_hint(v.phase, b.legal, scavenged, None, by_haven)
        if v.phase == "scavenge" and not scavenged and (why := self._why_not_scavenged(
                bare if bare == "End phase." else None)):
            # Where other cells glow for a Combat, what they offer follows the reason:
            # pointed at the Location, the reason alone left the glow unexplained (s65).
            glow = bare is not None and bare != "End phase." and not why.endswith(bare) \
                and any(isinstance(a, A.Challenge) for a in b.legal)
            return f"{why} {bare}" if glow else why
        return told

    def partners(self) -> set[int]:
        """The viewer's Characters standing with those selected who may join them in a
        move (as a click on one takes it along: input's _click_unit), or on the way to
        one where more must come (none glowed where two more were needed, s43w)."""
        b = self.board
        others = set(b.group_of(next(iter(self.selection)))) & b.movable - self.selection
        return {o for o in others if b.fewest_more(self.selection | {o}) is not None}

    def _list_words(self) -> str:
        """What the list of every action is for, and what makes it long: a row for each
        choice of the viewer's Characters moving together and each cell they reach ("each
        group" read as those standing together, a review)."""
        rows = self.board.legal
        n, moves = len(rows), sum(isinstance(a, A.Move) for a in rows)
        if n == 1:
            return ("The one thing you may do now, in a list: for when the table does not "
                    "show you where to click.")
        why = "" if not moves else f" All {n} rows are moves" if moves == n else \
            f" {moves} of the {n} rows {'is a move' if moves == 1 else 'are moves'}"
        return (f"A list of everything you may do now, {n} actions: for when the table "
                f"does not show you where to click.{why}" + (
                    ": a row for each choice of your Characters moving together and each "
                    "cell they reach." if moves else ""))

    def track_tip(self, dt: float) -> None:
        """How long the pointer has rested on the bar button under it, and whether it
        came there by a move of the person's: a button the bar slid under a resting
        pointer (End phase clicked, the list's button took its place) is not asked
        about (bar_tip)."""
        over = self.hit(self.pointer) if self.lay.bar.collidepoint(self.pointer) else None
        key, held, pointed, at = self.tip
        moved = self.pointer != at
        # Rested on since it was first pointed at: slid under, the rest counts from a move.
        self.tip = (over, held + dt, pointed, self.pointer) if over == key and (
            pointed or not moved) else (over, 0.0, moved, self.pointer)

    def bar_tip(self) -> str | None:
        """The words of the tooltip by the bar's button under the pointer (only the
        list's says more than its label): shown after a rest, as a menu's tooltips.
        The bar's instruction stays: it gave way to them, and read "Every action you
        may take now..." where the phase said what to do (s42n)."""
        key, held, pointed, _ = self.tip
        if key == ("all",) and pointed and held >= TOOLTIP_DELAY and self.board.legal:
            return self._list_words()
        return None

    def _draw_tip(self, surface) -> None:
        """bar_tip's words in a box under its button, right-aligned with it."""
        words = self.bar_tip()
        button = next((r for r, k in self.hits if k == self.tip[0]), None)
        if words is None or button is None:
            return
        f, pad = ink.font(self.px(14)), self.px(8)
        rows = wrap(words, f, self.px(340))
        box = pygame.Rect(0, 0, max(f.size(r)[0] for r in rows) + 2 * pad,
                          len(rows) * f.get_linesize() + 2 * pad)
        box.topright = (button.right, button.bottom + self.px(6))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, ink.PANEL, box, border_radius=pad)
        pygame.draw.rect(surface, ink.GOLD, box, 1, border_radius=pad)
        for j, row in enumerate(rows):
            surface.blit(ink.label(row, self.px(14), ink.TEXT),
                         (box.x + pad, box.y + pad + j * f.get_linesize()))

    def _playing_hint(self) -> str:
        """What the table plays now: of a Combat, its newest log line (the card turned
        over, the hit, then the Bonked, the end of the Combat: not "the hits play out"
        after them), not a later line of something else ("Combat: — Round 2: Player
        1's turn —" while the person leaving watched their round); else the log's
        newest line. A replay of what others did says whose and that a press skips it."""
        v, duel = self.board.view, self.duel_shown()
        if self.time < self.settled[0]:
            return self.settled[1]
        fight = self.fight is not None or duel is not None
        now = self.fight_line if fight else \
            self.log_lines[-1][0].strip("— ") if self.log_lines else ""
        if not self.replaying():
            if (foe := self._ran_from()) is not None:
                # The viewer's own Run Away: what plays is the final attack it brings
                # (Run Away: "one final, unanswered attack"), the other's kept plan.
                now = now.removeprefix("Final attack, unanswered: ")
                return f"You Run Away: {foe}'s final attack, unanswered: {now}"
            return now if now.startswith("Combat") else f"Combat: {now}" if now else \
                "Combat: the cards and hits play out…"
        what = (f"{self.seat_name(self.fight.seat)}'s Combat against "
                f"{self._log_name(self.fight.disaster)}" if self.fight is not None else
                f"the Combat between {self.seat_name(duel.attacker)} and "
                f"{self.seat_name(duel.defender)}" if duel is not None else
                "what came before your choice" if v.turn_seat == v.seat else
                f"{self.seat_name(v.turn_seat)}'s turn")
        return f"Replaying {what}: {now} (any key or click: skip)"

    def _ran_from(self) -> str | None:
        """The player the viewer's side Ran Away from in the round of a Combat between
        players playing out (its notes), or None. (From a Disaster the bar's "Combat:"
        lines, the run's and the end's among them, read as they are.)"""
        seat, duel = self.board.view.seat, self.duel_shown()
        played = self.notes[self._fought_at:] if self.fought is not None else ()
        if duel is None or self.fight is not None or not any(
                isinstance(n, E.RanAway) and n.seat == seat for n in played):
            return None
        return self.seat_name(duel.defender if duel.attacker == seat else duel.attacker)

    def _ready_hint(self) -> str | None:
        """Where the phase's words would ask what may not be done now and Equipment may
        be put to use: how (the guide's rails in a Discard phase offered only that, and
        the bar said "Click each card you do not want, to discard it", s42n)."""
        b, v = self.board, self.board.view
        ready = [a for a in b.legal if isinstance(a, A.UseEquipment)]
        asked = {"discard": A.DiscardCard, "equip": A.PlayCard}.get(v.phase)
        if not ready or asked is None or any(isinstance(a, asked) for a in b.legal):
            return None
        end = ", or End phase" if A.EndPhase() in b.legal else ""
        if len({a.char for a in ready}) > 1:
            return ("Put Equipment to use: click a glowing Character, then the glowing "
                    f"Equipment in the panel at the right{end}.")
        a = ready[0]
        card = self.name(a.card)
        who = "" if self.inspect == a.char else \
            f"your {self.name(a.char)} ({self.standing(a.char)}), then "
        return f"Put {card} to use: click {who}the glowing {card} in the panel at the right{end}."

    def standing(self, char: int) -> str:
        """Where the viewer's Character stands: "in your Haven", or "at Shrine Steps"."""
        cell, haven = self._where(char)
        mine = haven and self.board.places[cell].owner == self.board.view.seat
        return "in your Haven" if mine else f"at {self.name(cell)}"

    def readied_by(self, card: int) -> int | None:
        """The Character who may put Equipment `card` to use now, if any."""
        return next((a.char for a in self.board.click.get(("card", card), ())
                     if isinstance(a, A.UseEquipment)), None)

    def _run_words(self, here) -> str:
        """Where the group Running Away from `here` may go and why not elsewhere
        (words.run_hint), worked out once a view: the bar is asked every frame, and
        each shut cell's reason lists the legal actions again."""
        b = self.board
        key = (b.view.stamp, b.view.seat, here)
        if self._run_memo[0] != key:
            self._run_memo = (key, run_hint(
                [self.name(a.cell) for a in b.legal if isinstance(a, A.RunTo)],
                [self.session.why_not(A.RunTo(c)) for c in b.places
                 if distance(c, here) == 1 and A.RunTo(c) not in b.legal]))
        return self._run_memo[1]

    def _why_not_scavenged(self, then: str | None) -> str | None:
        """Under the pointer, a Location where the viewer's Characters stand that they
        may neither Scavenge nor attack now: why, as the rules say it (a newcomer met an
        unlit Location and no word why); with `then` (the bar's words where ending the
        phase is all that is left), the first such Location's, the pointer elsewhere,
        followed by `then`."""
        b, over = self.board, self.hit(self.pointer)
        pointed = None
        if over is not None and over[0] in ("cell", "unit"):
            pointed = over[1] if over[0] == "cell" else b.units[over[1]].pos
        if pointed is not None and self._unlit(pointed):
            cell = pointed
        elif then is None:  # something else to do: the bar says it
            return None
        else:  # nothing to Scavenge anywhere: why not where they stand, unasked (a
            # newcomer was told only "End phase.")
            cell = next((c for c in sorted(b.units_at) if self._unlit(c)), None)
        if cell is None:
            return None
        key = (cell, b.view.stamp)
        if self._why_unlit[0] != key:
            why = self.session.why_not(A.Scavenge(cell))
            # With Defense it may be attacked instead (Rules for Locations): the Scavenge's
            # reason alone sent a newcomer to attack it, refused too (s36w).
            hit = self.session.why_not(A.AttackLocation(cell)) if why and \
                self.board.card(b.places[cell].card).ability("defense") else None
            if hit and hit != why:
                why = f"{why}; nor may it be attacked: {hit}"
            self._why_unlit = (key, self.plain(f"{cell}: {why}.") if why else None)
        why = self._why_unlit[1]
        return f"{why} {then}" if why and cell != pointed else why

    def _unlit(self, cell) -> bool:
        """A Location where the viewer's Characters stand that they may neither
        Scavenge nor attack now."""
        b = self.board
        place = b.places.get(cell)
        return place is not None and place.kind == "location" and any(
            u.owner == b.view.seat and not u.disaster for u in b.units_at.get(cell, ())) \
            and A.Scavenge(cell) not in b.legal and A.AttackLocation(cell) not in b.legal \
            and not any(isinstance(a, (A.BuildHaven, A.BuildAccess))
                        for a in b.click.get(("cell", cell), ()))

    def bar_buttons(self) -> list[tuple[str | tuple[str, ...], tuple]]:
        """The bar is laid out from the right and drops what does not fit at its left:
        the actions only a button offers go rightmost, the rest while there is room;
        `bar_chosen`, those of the Characters chosen (`bar_brief`) and those only a
        button offers (paint.bar makes room for them: "Turn over the next Disaster" went
        from a shared screen's last round, found only in the All-actions list, s56)."""
        self.bar_chosen = self.bar_brief = frozenset()
        if self.fight_behind():
            return []
        only = self.board.only_buttons()
        offered = set(panels.panel_acts(self.board))  # the combat panels', there alone
        rest, chosen = self._for_chosen([a for a in self.board.buttons
                                         if a not in only and a not in offered])
        only = [a for a in only if a not in offered]
        self.bar_chosen, self.bar_brief = chosen | frozenset(only), chosen
        acts = [a for a in rest + only if not isinstance(a, A.EndPhase)][-4:]
        out = [(BAR_WAYS.get(w := self.act_words(a)) or self._ways(a, w, chosen), ("act", a))
               for a in acts]
        if self.board.legal:
            # A list to look things up in, not so many things to do: no count on it
            # ("All 516 actions" frightened a newcomer in a Move phase, s33w2, and "List
            # all 324 actions" puzzled one at 1024x600, s64); the pointer says how many
            # and why. Of actions: "List all 45 (A)" did not say what it listed (s49);
            # shorter where the bar is short, still a list of actions. One wording for
            # any count: "1 action (A)" read as a budget of actions left (s65).
            out.append((("List actions (A)", "Actions (A)"), ("all",)))
        if A.EndPhase() in self.board.legal:
            out.append(("End phase (Space)", ("end",)))
        s, seat = self.session, self.set_up_seat()
        if s.may_hand_set_up(seat) and seat in s.helped:
            out.append(("Take over set-up (S)", ("forme",)))
        elif s.may_hand_set_up(seat) and self.board.legal:  # at the person's own choice
            out.append(("Set up for me (S)", ("forme",)))
        return out

    def _ways(self, a: A.Action, words: str, chosen: frozenset) -> str | tuple[str, str]:
        """A chosen Character's action also with the short names its tokens show
        ("Retrieve with Daigo"), for the bar to keep room for the hint (paint.bar)."""
        if a not in chosen:
            return words
        b = self.board
        short = panels.short_names(self.painter([]), [i for i in (
            *self.selection, self.inspect) if i is not None and i in b.units], self.name)
        shorter = action_text(a, lambda i: short.get(i) or self.name(i), b.card, self._where,
                              b.challengers, b.view.decision)
        if isinstance(a, A.Scavenge):  # where they stand: the Location's long name took
            shorter = "Scavenge here"  # the hint's room at 960x540 (s65 playtest)
        return (words, shorter) if shorter != words else words

    def _for_chosen(self, acts: list[A.Action]) -> tuple[list[A.Action], frozenset]:
        """The bar follows the Characters chosen (selected, or shown in the side panel):
        of a kind of action they can do, theirs alone ("Retrieve with Tonbo" stayed
        with Daigo chosen), put last, which the bar keeps when short of room; and
        theirs. Each action is a Character's if a click on its token offers it: its
        own, and for the viewer's, its Location's first (input's _click_unit menu)."""
        b, offered = self.board, set()
        for i in self.selection | ({self.inspect} if self.inspect is not None else set()):
            u = b.units.get(i)
            if u is not None:
                offered.update(b.click.get(("unit", i), []))
                if not u.disaster and u.owner == b.view.seat:
                    offered.update(b.click.get(("cell", u.pos), []))
        theirs = [a for a in acts if a in offered]
        kinds = {type(a) for a in theirs}
        return [a for a in acts if type(a) not in kinds] + theirs, frozenset(theirs)

    def whose(self) -> str:
        """The viewer's hand and Haven: "Your" for a person, "Player 1's" for an AI seat
        shown to nobody in particular (the booth's attract games); "" for nobody's."""
        seat = self.board.view.seat
        return "" if seat < 0 else "Your" if self.session.seats[seat] == "human" else \
            f"{self.seat_name(seat)}'s"

    def painter(self, shown: list[int], board: Board | None = None) -> Painter:
        p = Painter(self.app.faces, self.session.game.db, self.lay, board or self.board,
                    self.seat_name, shown, self.app.settings.colorblind_marks, self.whose())
        p.falling, p.laid_alike = frozenset(self.falling), self._laid_alike
        p.lifted = self._lifted()
        p.meets = self.session.meets
        p.lacking, p.chosen = self.session.lacking, frozenset(self.selection)
        p.scavenge_stops = self.session.scavenge_stops
        p.known_now = self.known_now()
        p.gold = self.gilded(board or self.board)
        p.fighting = combat_seats(self.fight, self.duel_shown())
        p.behind = self.fight_behind()
        s = self.session
        p.thinking = None if s.result is not None or s.human_to_act() else s.to_act
        return p

    def gilded(self, board: Board) -> bool:
        """board.gilded for the view now, worked out again only when the board or what
        the camera shows changed: every frame asks (its key), and each ask builds the
        board's outlines."""
        key, memo = self.camera.key(), self._gold_memo
        if memo is None or memo[0] is not board or memo[1] != key:
            memo = self._gold_memo = (board, key, board.gilded(self.in_view))
        return memo[2]

    def in_view(self, cell) -> bool:
        """Whether `cell` shows in the Field's view now."""
        return self.camera.shows([cell])

    def known_now(self) -> dict[int, str]:
        """The cards the view shows as the game stands now. A Board is rebuilt once the
        events of an action have been fed, and a frame may be painted between: a Combat
        round's last cards reshuffled into the face-down pile (R7) were drawn face up from
        the Board of the action before."""
        s = self.session
        key = (id(s.state), s.state.actions, s.shown)
        if self._known[0] != key:
            self._known = (key, dict(s.view().known))
        return self._known[1]

    def hand_caption(self) -> str:
        """The words over the hand: whose it is, or why it shows no card, true at each
        step of the set-up."""
        v, s = self.board.view, self.session
        if v.seat < 0 and v.result is not None:  # a finished game at a shared screen (s57)
            return "The game is over: no hand is shown to the people sharing the screen"
        if v.seat < 0 and s.helping():
            return f"Hands hidden while the computer sets up {self.seat_name(v.to_act)}'s Field"
        if v.seat < 0 and s.watch is not None:
            # The last action before the curtain plays out (Session.hold_curtain): whose
            # it is; who is next is the bar's note alone (curtain_coming).
            return f"Hands hidden while {self.playing_out()}"
        if v.seat < 0:  # everyone watches an AI seat decide
            return (f"Hands hidden while {self.seat_name(v.to_act)} "
                    f"({KIND_NAMES.get(s.seats[v.to_act], s.seats[v.to_act])}) plays")
        if v.phase != "setup":
            # Only the tops show (the rest below the window's edge, `layout.fan`): a
            # newcomer saw cut names and did not know how to read or play one (s32w).
            # And what a click on one does: in the person's own Discard phase it discards
            # (as a drag onto their panel does); where none may be played, nothing.
            b = self.board
            acts = [a for c in b.hand for a in b.click.get(("card", c), ())]
            if any(isinstance(a, A.DiscardCard) for a in acts):
                does = "; click it, or drag it onto your panel, to discard it"
            elif acts or any(b.drops.get(("card", c)) for c in b.hand):
                does = "; click or drag it to play it"
            else:
                does = ""
            how = f" · point at a card to see it whole{does}" \
                if self.whose() == "Your" and b.hand else ""
            return f"{self.whose()} hand{how}"
        if v.seat in s.helped:
            return "The computer sets up your Field for you: S takes over"
        other = "" if v.to_act == v.seat else self.seat_name(v.to_act)
        if isinstance(v.decision, Dealing):
            disasters, items = still_to_deal(v)[v.seat]
            return deal_caption(self.whose(), disasters, items, other)
        me = v.seats[v.seat]
        return place_caption(self.whose(), me.to_place, len(me.haven_to_place),
                             len(self.board.to_place()), me.next_location is not None, other)

    def playing_out(self) -> str:
        """Whose action plays out before the curtain: "Player 4 (AI Normal) plays",
        "Player 2's move plays out"."""
        s = self.session
        kind = s.seats[s.acted_by]
        return f"{self.seat_name(s.acted_by)}'s move plays out" if kind == "human" else \
            f"{self.seat_name(s.acted_by)} ({KIND_NAMES.get(kind, kind)}) plays"

    def moment(self) -> Board:
        """The Board the bar and the seat panels tell: while the last action before a
        hand-off plays out, the one it found, whose turn and phase it was. From the live
        one, the bar said "Waiting for Player 1" with Player 1's mark under Player 4's
        THEIR TURN and "Hands hidden while Player 4 plays" (s69's playtest). Only a
        Board of every seat's share (the one shown then)."""
        was, s = self.watched_from, self.session
        return was if s.watch is not None and was is not None and \
            was.view.seat == s.shown else self.board

    def seen(self) -> pygame.Rect:
        """The part of the Field that shows: the camera's window of whole cells, less
        what the combat panel covers (as of the last _place_field: asked often)."""
        return self._seen

    def _cover(self) -> pygame.Rect | None:
        """The combat panel's place over the Field's lower half, while one shows."""
        c, d = self.fight, self.duel_shown()
        if c is not None and c.stage != "run":
            return panels.combat_rect(self)
        if c is None and d and d.stage != "run":
            return panels.duel_rect(self)
        return None

    def _place_field(self) -> None:
        """Where the camera puts each cell and token now, and what a click hits there:
        run whenever the camera or the Field changes, so hits match what is drawn."""
        cam = self.camera
        cam.view = self.lay.field
        cam.scale = self.lay.s
        cover = self._cover()
        if cover != cam.cover:  # a combat panel came or went: the view is what it leaves
            self._cover_field(cover)
        self._frame_fight()
        cam.under_cover()
        self.lay.cells = {c: cam.rect(c) for c in self.cells}
        self._seen, self._placed = cam.seen(), cam.key()
        shown: list[int] = []
        p = self.painter(shown)
        p.field(self.seen())
        self._make_room(p)
        self.field_hits, self.unit_rects, self._field_shown = p.hits, p.unit_rects, shown
        self.minimap_rect = minimap.rect(cam, self.lay.map, self.px)
        self._join_hits()

    def _still_standing(self) -> tuple:
        """The tokens gone from the view that still stand in their cells till their
        event plays (a Disaster defeated, Characters Bonked or Killed): (cell, places
        in it as fractions of it), for each cell."""
        held: dict = {}
        for a in self.animator.anims + self.animator.marks:
            if isinstance(a, Linger) or isinstance(a, Fallen) and a.tween.raw < a.start:
                held.setdefault(a.cell, []).extend(at for pic, _, at in a.tokens if pic)
        return tuple(sorted((c, tuple(ats)) for c, ats in held.items()))

    def _make_room(self, p: Painter) -> None:
        """A cell's tokens laid round those gone that still stand there
        (`_still_standing`): laid anew without them, Mio's token went under the Zombie's
        kept till its defeat played ("Mi" read, s70). They take the slots of the cell
        laid with them all but the slot nearest each one gone."""
        self._held_laid = self._still_standing()
        for cell, spots in self._held_laid:
            r = self.lay.cells.get(cell)
            units = self.board.units_at.get(cell, [])
            if r is None or not units:
                continue
            slots = p._token_slots(cell, r, len(units) + len(spots))
            for fx, fy, fw in spots:
                at = (r.x + fx * r.w + fw * r.w / 2, r.y + fy * r.h + fw * r.w / 2)
                slots.remove(min(slots, key=lambda s: math.dist(s.center, at)))
            order = sorted(units, key=lambda u: (u.disaster, u.owner, u.arrived))
            moved = {u.card: slot for u, slot in zip(order, slots)}
            p.unit_rects.update(moved)
            p.hits = [h for h in p.hits if h[1][0] != "unit" or h[1][1] not in moved] + \
                [(s.clip(self.seen()), ("unit", u)) for u, s in moved.items()
                 if self.seen().colliderect(s)]

    def _join_hits(self) -> None:
        """The Field under the panels (the combat panel is one over it)."""
        self.hits = self.field_hits + [(self.minimap_rect, ("minimap",))] + self.panel_hits

    def _paint_base(self) -> None:
        """The panels round the Field (and the combat panel over its lower half)."""
        if self._cover() != self.camera.cover:  # a combat panel came or went
            self._place_field()
        shown: list[int] = []
        p = self.painter(shown)
        if self._base is None or self._base.get_size() != self.size:
            self._base = pygame.Surface(self.size)
        surf = self._base
        surf.blit(_backdrop(self.size), (0, 0))
        self._told(p, seats=True).seats(surf, self.session.seats,
                                        [d.name for d in self.session.game.decks])
        p.off_field(surf)
        chosen = self.inspect in self.selection
        along = sorted(self.selection - {self.inspect}) if chosen else []
        panels.inspector(p, surf, self.inspect, self.name, along, chosen)
        p.hand(surf, self.hand_caption())
        if self.combat_cover is not None:
            # While a round's hits play, the round fought (panel_board), drawn in the
            # share the table shows: nothing in it to choose.
            fought = self.notes[self._fought_at:] if self.fought is not None else None
            q = self.painter(shown, self.panel_board())
            q.hits, q.waiting = p.hits, p.waiting
            if self.fight is not None:
                panels.combat(q, surf, self.fight, self.notes, self.name, self.plan,
                              self.swing, fought is not None)
            else:
                panels.duel(q, surf, self.duel_shown(), self.name, self.plan, fought,
                            self.notes)
        # The bar's hint reads what the pointer is on in these panels, not in the last
        # picture's: the Run Away button just clicked, gone, still said "Run Away" (s51).
        self.panel_hits = p.hits
        self._join_hits()
        self._paint_bar(p, surf)
        self._stale = False
        self.panels_kept = False
        self._base_key = self._key_now()
        self._base_plan = dict(self.plan)  # the roles drawn lit in it
        self._base_for = self.session.shown
        self._base_cover = self.combat_cover
        self.panel_hits = p.hits
        self._join_hits()
        self.hand_rects = dict(zip(p.hand_cards(), p.hand_rects()))
        self.hand_tilts = p.tilts
        self._base_shown = shown
        self._waiting = p.waiting
        self._thinking_at = p.thinking_at

    def _paint_bar(self, p: Painter, surf: pygame.Surface) -> None:
        """The phase bar, as the game now is: its hint and its buttons (their hits to
        `p.hits`)."""
        q = self._told(p)
        q.bar(surf, self.hint(), self.bar_buttons(), self.resting_hint(),
              self.lay.bar.w // 2 if self.session.watch is not None else 0, self.bar_chosen,
              self.bar_brief)
        self.hint_rows = q.hint_rows

    def _told(self, p: Painter, seats: bool = False) -> Painter:
        """`p`, or while a watched action plays out, a Painter of the Board it found
        (moment) adding its hits and faces waiting to `p`'s; for the `seats` panels, of
        the Board now with that one's turn: their rows change as the hits play (a
        Character Bonked is named once its hit has played)."""
        if (moment := self.moment()) is self.board:
            return p
        if seats:
            if self._seats_memo[:2] != (self.board, moment):
                v = replace(self.board.view, to_act=moment.view.to_act,
                            turn_seat=whose_turn(moment.view))
                self._seats_memo = (self.board, moment, Board(v, [], self.board.db))
            moment = self._seats_memo[2]
        q = self.painter(p.shown, moment)
        q.hits, q.waiting = p.hits, p.waiting
        return q

    def _key_now(self) -> tuple:
        return (self.inspect, len(self.selection), self.hint(), len(self.notes),
                self.fight is None, self.app.settings.colorblind_marks,
                tuple(sorted(self.plan.items())), self.gilded(self.board), self._lifted())

    def _lifted(self) -> int | None:
        """The card being dragged, if a card is."""
        return self.drag[0][1] if self.drag is not None and self.drag[0][0] == "card" else None

    def _compose_field(self) -> bool:
        """The Field's layer: composed again when the camera, the path or the combat
        panel changed, or when a tile not drawn yet at this size stood in scaled; when
        only some cells changed (a card placed or turned over, Equipment dropped), only
        those are drawn again. True when it was."""
        f, seen = self.lay.field, self.seen()
        places, path, setup, cells = self._field_state
        key = (self.camera.key(), path, setup, tuple(seen), self.size)
        at = {pl.cell: pl for pl in places}
        looks = {c: at.get(c) for c in cells}  # a cell's card, or None: a place to put one
        muted = self.animator.muted  # its badge drawn again as its own words end
        looks.update((c, (looks[c], "muted")) for c in muted if c in looks)
        if (key, looks) == self._field_key and not self._field_short:
            return False
        p = self.painter([])
        p.muted = muted
        if self._field_key is not None and key == self._field_key[0] and not self._field_short:
            old = self._field_key[1]
            changed = {c for c in old.keys() | looks.keys() if old.get(c, 0) != looks.get(c, 0)}
            for c in changed:  # the felt under it first: an empty cell is an outline
                r = self.lay.cells.get(c) or self.camera.rect(c)
                self._field.blit(_backdrop(self.size), r.move(-f.x, -f.y), area=r)
            p.tiles(self._field, f, self.tiles, changed)
        else:
            if self._field is None or self._field.get_size() != f.size:
                self._field = pygame.Surface(f.size)
            self._field.blit(_backdrop(self.size), (0, 0), area=f)
            p.tiles(self._field, f, self.tiles)
        self._field_key, self._field_short = (key, looks), self.tiles.short
        return True

    def _compose_minimap(self) -> bool:
        """The minimap's picture: its blocks drawn again when what they show changed
        (the Field, the tokens, the decision's cells), its frame when the camera
        moved. True when it was."""
        area, cam = self.lay.map, self.camera
        asked = (self._boards, frozenset(self.selection), tuple(area), cam.bounds)
        if self._mini_asked != asked:  # a new Board or selection: the same blocks, maybe
            self._mini_asked = asked
            lit = frozenset(self.board.focus(self.selection)[0])
            shows = (self._field_state, self._tokens_at, lit, tuple(area), cam.bounds)
            if self._mini_blocks is None or self._mini_blocks[0] != shows:
                pic = pygame.Surface(area.size)
                pic.blit(_backdrop(self.size), (0, 0), area=area)
                minimap.draw(pic, pic.get_rect(), cam, self.board, lit, self.px,
                             self.session.game.db)
                self._mini_blocks = (shows, pic)
        key = (self._mini_blocks[0], cam.key())
        if self._mini is not None and self._mini[0] == key:
            return False
        pic = self._mini_blocks[1].copy()
        minimap.frame(pic, pic.get_rect(), cam, self.px)
        self._mini = (key, pic)
        return True

    def _draw_still(self, surface: pygame.Surface) -> None:
        """The panels, the Field's layer and the minimap, kept as one picture while
        none of them changes: a frame blits the window once, as before the camera."""
        self._make_still(in_frame=True)
        surface.blit(self._still, (0, 0))

    def _make_still(self, in_frame: bool) -> None:
        """The still picture as the game now is. The panels keep their last picture
        for one frame, and are painted between frames (`idle`) or by the next frame,
        in a frame that applied an action (the Board, the Field and the animations are
        new at once: no frame pays for both; until then no panel can be clicked), and
        when all that changed is a face drawn where another stood in."""
        faces = self.app.faces
        # A combat panel come or gone: the Field is laid out for the panel now, and drew
        # over the old one, kept, for as long as the AI seats played on.
        moved = self._base_cover != self._cover()
        # An action sent before its events are taken (go_on_fighting) may put a card the
        # panels show face down (a reshuffle, R7): they are painted again at once.
        hidden = not self._still_known()
        due = self._stale or moved or hidden or self._base_key != self._key_now()
        better = any(faces.has(k) for k in self._waiting)  # a face stood in for is drawn
        # (never the panels painted for another seat: its hand is hidden from this one)
        fresh = self._base is not None and self._base.get_size() == self.size and \
            self._base_for == self.session.shown and not moved
        base = due or better
        # In the guided game the panels an action made due are painted in its frame: the
        # guide's words (drawn each frame) said "Click the glowing Disaster" a frame
        # before the bar left "Click a glowing cell to move there" (s35b, b106).
        took = self._took and self.session.guide is None
        if base and in_frame and fresh and not self.panels_kept and (took or not due) \
                and not hidden:
            self.panels_kept = True  # (catch_up paints them)
            # Owed whatever the key is by then: a hot-seat hand-off brought back the key
            # of the picture kept, and its buttons, their hits cleared, never came back.
            self._stale = True
            if due:
                # Its hits cleared (a click paints the panels first: `hits`); but the bar,
                # cheap to paint, says what to do now in this frame too: kept, it said
                # "Run Away" a frame after it was taken (s51). Its hint reads the hits as
                # they are, the picture kept's cleared: not through `hits`, which would
                # paint all the panels now. Its buttons whose choices are gone are veiled:
                # Run Away stood there a frame after it was taken, as if live (s52), and so
                # did a declared Character's other roles, and Fight! while the other side
                # declared (s53).
                left = set(self.to_declare())
                for r, k in self.panel_hits:
                    if self._offers_no_more(k, left):
                        self._base.blit(_wash(r.size, VEIL), r)
                self.panel_hits = []
                self._join_hits()
                drawing, self._drawing = self._drawing, True
                try:
                    self._paint_bar(self.painter([]), self._base)
                finally:
                    self._drawing = drawing
            base = due
        elif base:
            self._paint_base()
        field, mini = self._compose_field(), self._compose_minimap()
        if base or field or mini or self._still is None or self._still.get_size() != self.size:
            if self._still is None or self._still.get_size() != self.size:
                self._still = pygame.Surface(self.size)
            self._still.blit(self._base, (0, 0))
            f, seen = self.lay.field, self.seen()
            self._still.blit(self._field, seen, area=seen.move(-f.x, -f.y))
            self._still.blit(self._mini[1], self.lay.map)

    def _offers_no_more(self, key: tuple, left: set[int]) -> bool:
        """Whether a button of the panels' picture kept offers what is there no more: an
        action not legal now; a Combat role of a Character not still to declare (`left`),
        but for the one planned, drawn lit as it is declared; Fight! while the viewer
        declares nothing now (the other side declares) or has one to choose for first."""
        if key[0] == "act":
            return key[1] not in self.board.legal
        if key[0] == "fight":
            return bool(self.unchosen()) or not any(
                isinstance(a, (A.Declare, A.Engage)) for a in self.board.legal)
        return key[0] == "plan" and key[1] not in left and self._base_plan.get(key[1]) != key[2]

    def _still_known(self) -> bool:
        """Whether every card the panels show is one the viewer may still see (not one
        shuffled back into a pile, say): else they are painted again at once."""
        known = self.known_now()
        return all(i in known for i in self._base_shown)

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.handoff() is not None:
            self.shown = []
            seat = self.session.handoff()
            reason, (title, recent), bonked = self.curtain_words(seat)
            self.curtain_button, self.curtain_pass = popups.curtain(
                surface, self.seat_name(seat), seat, reason, title, recent, self.px,
                self.app.settings.colorblind_marks, bonked, self.session.may_pass_unseen(),
                self.curtain_ready())
            return
        self.curtain_button = self.curtain_pass = None  # set only while the curtain is up
        self._drawing = True
        try:
            self._draw_table(surface)
        finally:
            self._drawing = False

    def curtain_words(self, seat: int) -> tuple[str, tuple[str, list[str]], list[str]]:
        """Why the curtain is up (the decision waited for), what happened since the
        person sitting down last left (its title and lines), and the seat's Characters
        out Bonked, where and till when, as every seat may read them: the person leaving
        reads the curtain too."""
        s = self.session
        key = (len(s.record.actions), seat, s.left_at[seat], seat in s.unknown)
        if self._curtain_words[0] != key:
            v = s.public_view()
            self._curtain_words = (key, (
                curtain_reason(v, seat, self._log_name, self.seat_name),
                self._news(seat), self._bonked_words(v, seat)))
        return self._curtain_words[1]

    def _news(self, seat: int) -> tuple[str, list[str]]:
        """What happened since the person last left the screen that they need to know
        (_coming_back: the curtain keeps the lines that matter most; their own
        Characters' falls are in the Bonked lines); with none, the log's last lines."""
        s = self.session
        g = s.game

        def said(events, was: bool = False) -> list[str]:
            """Their lines; `was`: whether a Combat was under way before them (the
            headlines, NEWS, never read it)."""
            lines = []
            for e in events:
                lines.append(event_text(e.for_seat(ALL_SEE), self._log_name, self.seat_name,
                                        self._is_haven, g.card, was, g.owner)[0])
                was = fighting((e,), was)
            return [w for w in lines if w]
        news = self._coming_back(seat)
        if not news and seat in s.unknown:
            # Continued from a save that did not keep what they last saw: the latest
            # headlines, said as such (the log's last lines were the seat's own Haven's
            # "+1 Attack" to each of its Characters, under "Last on the table").
            last = [e for e in s.log if news_for(e, seat, g.owner)][-popups.CURTAIN_NEWS:]
            if last:
                return "The game was continued; the latest on the table", said(last)
        if not news:
            # Without the bonuses (on the Field and in the totals): at a game's first
            # curtain the lines were the seat's own Haven's "+1 Attack" to each of its
            # Characters, and nothing of the Field set up.
            log, last = [e for e in s.log if not isinstance(e, E.Modified)], popups.CURTAIN_LOG
            return "Last on the table", said(log[-last * 4:], fighting(log[:-last * 4]))[-last:]
        # From when they last left the screen, or the game opened: "last played" was
        # untrue of a person yet to play.
        return f"Since {self.seat_name(seat)} last looked", news

    def _coming_back(self, seat: int) -> list[str]:
        """What happened since `seat`'s person last left the screen that matters to them
        (news_rank, each line's Headline rank), in the order it happened, in every
        seat's share: the person leaving reads it too. Hurts are summed, one line a
        Character."""
        s, g = self.session, self.session.game

        def owner(card: int) -> int | None:  # whose Character: a Disaster is played by
            return g.owner(card) if g.card(card).type == "character" else None  # nobody (R29)

        events = [e.for_seat(ALL_SEE) for e in s.log[s.left_at[seat]:]]
        v = s.public_view()
        homes = {p.cell: p.owner for p in v.places if p.kind == "haven"}
        havens = {cell for cell, whose in homes.items() if whose == seat}
        near = havens | stood(events, seat, owner) | {
            u.pos for u in v.units if u.owner == seat and not u.disaster}
        name, lines, damage, was = self._log_name, [], {}, False
        # Where a Scavenging is under way, if the person left in the middle of one: only a
        # take there is the Scavenging's. Another's own Haven's takes after one given up
        # by Running Away were told as such ("Gurugu took Nameless Rust-Blade out of Hall
        # of Quiet Foxes (5 times)"), over the Combat between players and the Bonks (s62's
        # playtest, three seats), as were one's own Haven's meanwhile (s64).
        ends = (E.ScavengingBegan, E.ScavengingEnded)
        last = next((e for e in reversed(s.log[:s.left_at[seat]]) if isinstance(e, ends)), None)
        scav = last.cell if isinstance(last, E.ScavengingBegan) else None
        for e in events:
            if isinstance(e, ends):
                scav = e.cell if isinstance(e, E.ScavengingBegan) else None
            rank = news_rank(e, seat, owner, near, homes, scav)
            if (wound := hurt(e, seat, owner)) is not None:
                unit, n = wound
                if unit not in damage:
                    lines.append((rank, unit))
                damage[unit] = damage.get(unit, 0) + n
            elif rank is not None:
                lines.append((rank, coming_back_text(e, seat, name, self.seat_name, havens) or
                              event_text(e, name, self.seat_name, self._is_haven,
                                         g.card, was, g.owner)[0]))
            was = fighting((e,), was)
        # A hurt Character is its unit id, 0 among them (seat 0's first Character).
        said = [(rank, f"{name(w)} took {damage[w]} Damage" if isinstance(w, int) else w)
                for rank, w in lines if isinstance(w, int) or w]
        # The same line again is said once, where first said, as much as it ever matters,
        # with how often: an Item taken out of a Haven's store and put back was 17 lines
        # alike, the curtain's five all one (s61).
        times, ranks = Counter(w for _, w in said), {}
        for rank, w in said:
            ranks[w] = min(rank, ranks.get(w, rank))
        return [popups.Headline(w if times[w] == 1 else f"{w} ({times[w]} times)", rank)
                for w, rank in ranks.items()]

    def _bonked_words(self, v, seat: int) -> list[str]:
        """The seat's Characters out Bonked (R9), each with where it happened (the log's
        last Bonk of it: public) and when it is back in the hand, and those Killed since
        the person last left the screen: someone away from the screen when it happened
        learns it as they sit down."""
        info, log = v.seats[seat], self.session.log
        # Where it fell, if that place is still on the Field (one gone read "at in the
        # middle of the table").
        placed = {p.cell for p in v.places}
        where = {e.card: e.cell for e in log
                 if isinstance(e, (E.Bonked, E.Killed)) and e.cell in placed}

        def at(card) -> str:
            return f" at {self._log_name(where[card])}" if card in where else ""
        out = [f"{self._log_name(card)} was Bonked{at(card)}: back in "
               f"{self.seat_name(seat)}'s hand {back_when(turns_out(v, seat, back))}"
               for card, back in info.set_aside]
        # Killed since they last left the screen (in their discard pile, face up: public):
        # a newcomer learnt it only by reading the whole log back.
        return out + [f"{self._log_name(e.card)} was Killed{at(e.card)}"
                      for e in log[self.session.left_at[seat]:]
                      if isinstance(e, E.Killed) and e.card in info.discard]

    def _draw_table(self, surface: pygame.Surface) -> None:
        if self._still_standing() != self._held_laid:  # a token gone stands no more, or now does
            self._place_field()
        self._draw_still(surface)
        self.shown = self._base_shown + self._field_shown
        self._draw_log(surface)
        self._draw_thinking(surface)
        self._draw_tokens(surface)
        self._draw_beside(surface)
        self._draw_highlights(surface)
        self._draw_hand_hover(surface)
        self._draw_anims(surface)
        self.draw_overlays(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """What lies over the whole table: a card dragged, a menu, a card shown large, a
        message. The guided game's panel is drawn over the table, then these again."""
        if self.drag is not None:
            key, pic, grab, targets, _ = self.drag
            over = self.drop_target(self.pointer, targets)
            a = targets.get(over)
            # Lifted over any token, one it may not go to too: a dimmed Character stays seen.
            at = self._carried_at(pic.get_rect(), grab, over, surface.get_rect())
            surface.blit(pic, at)
            caption = None
            if isinstance(a, A.Drop) and not self._where(a.char)[1]:
                # Where the eyes are: letting go here leaves it (the hint says the rest).
                caption = "Left here: only Scavenging gets it back"
            elif a is None and self._held_piece() and (why := self.held_over()):
                # Over a place that refuses it: the rules' reason, in red where the eyes
                # are (the bar said it in its gold, read as a hint, s68).
                caption = why
            if caption:  # under the card, and under the token it was lifted over
                token = self.unit_rects.get(over[1]) if over is not None and \
                    over[0] == "unit" else None
                self._draw_caption(surface, caption, at.union(token) if token else at,
                                   surface.get_rect())
        if self.menu is not None:
            self.menu.draw(surface)
        self._draw_zoom(surface)
        self._draw_tip(surface)
        self._draw_message(surface)  # above the zoom: a refusal under it went unread

    def _draw_caption(self, surface, words: str, at: pygame.Rect, screen: pygame.Rect) -> None:
        """A red caption under the card carried, wrapped whole."""
        px = self.px(13)
        f = ink.font(px, True)
        rows = wrap(words, f, max(at.w, self.px(300)))
        box = pygame.Rect(0, 0, max(f.size(r)[0] for r in rows), len(rows) * f.get_linesize())
        box.midtop = (at.centerx, at.bottom + self.px(4))
        box.clamp_ip(screen.inflate(-self.px(12), -self.px(6)))
        pygame.draw.rect(surface, (90, 20, 24), box.inflate(self.px(10), self.px(4)),
                         border_radius=self.px(4))
        for k, row in enumerate(rows):
            t = ink.label(row, px, ink.TEXT, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + k * f.get_linesize())))

    def _carried_at(self, rect: pygame.Rect, grab, over, screen: pygame.Rect) -> pygame.Rect:
        """Where a card carried is drawn: held by its top-left corner below and right of
        the pointer; over a token it may land on, lifted just above that token (below it
        where there is no room above under the phase bar, whose hint says what letting
        go does), so the token, its name and its marks stay whole (held by its corner, it
        hid the name the bar's hint spoke of)."""
        x, y = self.pointer[0] - grab[0], self.pointer[1] - grab[1]
        token = self.unit_rects.get(over[1]) if over is not None and over[0] == "unit" else None
        if token is not None:
            gap = self.px(4)
            y = token.top - gap - rect.height
            if y < max(screen.top, self.lay.bar.bottom):
                y = token.bottom + gap
        return rect.move_to(topleft=(x, y)).clamp(screen)

    def _draw_log(self, surface) -> None:
        """The log is drawn every frame (cached lines), so a line can appear as its
        event plays without repainting the table."""
        p = Painter(self.app.faces, self.session.game.db, self.lay, self.board, self.seat_name,
                    self.shown)
        p.log(surface, self.log_lines, self.log_scroll)
        self.log_hits = p.hits
        for rect, _ in self.log_hits:  # the whole line under the pointer, all its rows
            if rect.collidepoint(self.pointer):
                pygame.draw.rect(surface, ink.GOLD, rect.inflate(self.px(4), 0), 1,
                                 border_radius=self.px(3))

    def _draw_thinking(self, surface) -> None:
        """Dots that pulse on the panel of a seat whose AI is deciding, at the right of
        its title ("Player 2"): the panel's foot holds a row of counts when a Bonked row
        fills a short panel (four seats), and the dots were drawn over its "Hand". The
        place is the one its panel kept free (Painter.thinking_at): at a fixed spot they
        covered "THEIR TURN" beside the title (s69)."""
        s = self.session
        if s.result is not None or s.human_to_act() or self.animator.busy:
            return
        if (r := self._thinking_at.get(s.to_act)) is None:
            return
        big = min(self.px(4), r.h // 2)
        for k in range(3):
            lit = int(self.time * 3) % 3 == k
            pygame.draw.circle(surface, ink.GOLD if lit else ink.DIM,
                               (r.x + r.w * (2 * k + 1) // 6, r.centery),
                               big if lit else max(1, big - 1))

    def _draw_tokens(self, surface) -> None:
        hidden = self.animator.hidden
        seen = self.seen()
        surface.set_clip(seen)
        for unit, rect in self.unit_rects.items():
            if unit in hidden or not seen.colliderect(rect):
                continue
            u = self.board.units[unit]
            cid = self.board.card_id(unit)
            surface.blit(self.tiles.token(cid, rect.w), rect)
            self.shown.append(unit)
            if not u.disaster:  # a frame in the owner's colour as well as the mark
                pygame.draw.rect(surface, ink.owner_colour(u.owner), rect, max(1, rect.w // 24))
            m = ink.mark(u.owner, max(8, rect.w // 3), u.disaster,
                         self.app.settings.colorblind_marks)
            # Within the token: 2 px out, a second row's marks stood on the first's names.
            surface.blit(m, rect.topleft)
            corner = m.get_width() + (disaster_glyph(rect.w) if u.disaster else 0)
            band = name_rect(rect).top  # what is written over the art stands above it
            badge = self.app.faces.back("item", max(8, rect.w // 4))
            if u.item_count:
                surface.blit(badge, (rect.right - badge.get_width(), rect.y))
                n = ink.label(str(u.item_count), max(10, rect.w // 4), ink.TEXT, True)
                surface.blit(n, (rect.right - badge.get_width() - n.get_width(), rect.y))
            if (n := self.board.numbers.get(unit)) and rect.w >= 24:
                # One of its player's twins: the number its buttons and lines say. Beside
                # its mark (and a Disaster's glyph) where an Items' count leaves room (on
                # every twin alike), else at the left over the name: under the mark it hid
                # the glyph (s69).
                tag = ink.label(f"#{n}", max(10, rect.w // 4), ink.TEXT, True)
                at = tag.get_rect(topleft=(rect.x + corner + 2, rect.y))
                digit = ink.label("9", max(10, rect.w // 4), ink.TEXT, True)
                if at.right + 4 > rect.right - badge.get_width() - digit.get_width():
                    at.bottomleft = (rect.x + 3, band)
                pygame.draw.rect(surface, ink.PANEL, at.inflate(4, 0), border_radius=3)
                surface.blit(tag, at)
            if u.damage:  # over the art at the right, the name under it read (s69)
                d = ink.label(f"-{u.damage}", max(10, rect.w // 3), ink.BAD, True)
                surface.blit(d, d.get_rect(bottomright=(rect.right - 2, band)))
        surface.set_clip(None)

    def _draw_beside(self, surface) -> None:
        """A Haven fighting from next door (R35) that the view cannot hold with the
        Combat's cell (a row above or below it: above the panel 1280x720 and smaller
        show one row) is named at the Field's edge, under a pointer towards it: it was
        out of sight, the panel's buttons naming a Haven the player could not find."""
        px = max(11, self.px(12))
        for owner, box, words, down in self.beside_tags():
            pygame.draw.rect(surface, ink.PANEL, box, border_radius=self.px(4))
            pygame.draw.rect(surface, ink.owner_colour(owner), box, 1, border_radius=self.px(4))
            x, y, h = box.x + px // 2, box.centery, px // 2
            edge, tip = (y - h // 2, y + h // 2) if down else (y + h // 2, y - h // 2)
            pygame.draw.polygon(surface, ink.GOLD, [(x, edge), (x + 2 * h, edge), (x + h, tip)])
            surface.blit(words, (box.x + 3 * px // 2 + 2, box.y + 1))

    def beside_tags(self) -> list[tuple[int, pygame.Rect, pygame.Surface, bool]]:
        """Where `_draw_beside` names each Haven out of sight: (its owner, the tag's box,
        its words, whether it points down). Measured, not drawn. Two on one side of the
        row shown go one beyond the other: both sides' Havens below it, the second tag
        lay over the first ("Player 1's Haven Fort (P1), f", s53). Where the band by
        the row holds one line (960x540), they go side by side, each in its share of the
        width, saying "fighting from next door" only where it fits whole: the second,
        pushed back into the band, lay over the first ("▼ You", s54)."""
        if self.combat_cover is None or self.fight is not None:
            return []
        seen, field, cover = self.seen(), self.lay.field, self.combat_cover
        b = self.panel_board()
        px = max(11, self.px(12))
        sides: dict[bool, list[tuple[int, int, pygame.Rect]]] = {True: [], False: []}
        for cell in b.havens_beside():
            r = self.lay.cells.get(cell)
            if r is not None and not seen.colliderect(r):
                sides[r.centery > seen.centery].append((cell, b.places[cell].owner, r))
        line = ink.font(px, True).get_height() + 4
        tags: list[tuple[int, pygame.Rect, pygame.Surface, bool]] = []
        for down, side in sides.items():
            band = (seen.bottom + 2, cover.top) if down else (field.top, seen.top - 2)
            across = len(side) * line > band[1] - band[0]
            share = (seen.w - 2 * (len(side) - 1)) // max(1, len(side)) if across else seen.w
            for i, (cell, owner, r) in enumerate(sorted(side, key=lambda e: e[2].centerx)):
                whose = "Your" if owner == b.view.seat else f"{self.seat_name(owner)}'s"
                said, _ = ink.first_whole((f"{whose} Haven {self.name(cell)}, fighting from "
                                           "next door", f"{whose} Haven {self.name(cell)}"),
                                          (px,), share - 2 * px, True)
                words = ink.fit(said, px, share - 2 * px, ink.TEXT, True)
                box = pygame.Rect(0, 0, words.get_width() + 2 * px, words.get_height() + 2)
                # Against the row shown, in the band it leaves by the panel (or the
                # Field's top); across, within its share.
                left = seen.left + i * (share + 2) if across else seen.left
                x = min(max(r.centerx, left + box.w // 2), left + share - box.w // 2)
                box.midtop = (x, seen.bottom + 2)
                if not down:
                    box.midbottom = (x, seen.top - 2)
                while box.collidelist([t[1] for t in tags]) != -1:
                    box.move_ip(0, box.h + 2 if down else -box.h - 2)
                box.clamp_ip(pygame.Rect(field.left, field.top, field.w, cover.top - field.top))
                tags.append((owner, box, words, down))
        return tags

    def _lit(self, surface, key, colour, width: int, over: bool = False) -> None:
        """An outline round what `key` is, where it shows (the Field's within its
        visible part); `over` also washes it pale green: a place to go."""
        rect = self._rect_of(key)
        if rect is None:
            return
        if key[0] == "unit":
            rect = rect.inflate(4, 4)  # round the token, not over its face
        on_field = key[0] in ("cell", "unit") or key == ("haven",)
        surface.set_clip(self.seen() if on_field else None)
        if over:
            surface.blit(_wash(rect.size, TINT), rect)
        pygame.draw.rect(surface, colour, rect, width, border_radius=self.px(6))
        surface.set_clip(None)

    def _draw_highlights(self, surface) -> None:
        b = self.board
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        glow = (int(120 + 100 * pulse), 230, int(120 + 60 * pulse))
        gold = ink.GOLD
        w = max(2, self.px(3))
        # Where the action is: the Location being Scavenged, the Combat's cell.
        for busy, colour in ((b.view.scavenging, gold), (b.view.combat, (226, 116, 28))):
            if busy is not None and busy.cell in self.lay.cells:
                surface.set_clip(self.seen())
                pygame.draw.rect(surface, colour, self.lay.cells[busy.cell].inflate(w * 2, w * 2),
                                 w + 1, border_radius=self.px(8))
                surface.set_clip(None)
        self._draw_inspected(surface, max(1, w - 1))
        if self.drag is not None:
            targets = self.drag[3]
            over = self.drop_target(self.pointer, targets)
            best = b.best_cells(self.drag[0])
            for key in targets:
                if best and key != over and key[0] == "cell" and key[1] not in best:
                    # Setup: a legal cell the Field would sprawl from, drawn as when
                    # nothing is held, so the compact ones stand out while dragging.
                    self._lit(surface, key, ink.OPEN, max(1, w - 1))
                    continue
                place = key[0] == "cell" or key == ("haven",)
                wide = 2 if key == over else 1 if key[0] == "cell" and key[1] in best else 0
                self._lit(surface, key, (255, 255, 255) if key == over else glow, w + wide,
                          over=place)
            if self._held_piece():
                self._draw_drop_marks(surface, targets, over)
            return
        if self.selection:
            for cell in b.reachable(self.selection):
                self._lit(surface, ("cell", cell), glow, w + 1, over=True)
            # Those who may come along glow as the movable do: the bar says to click one,
            # and where the selection goes nowhere alone nothing else glowed (s42n).
            for unit in self.partners():
                self._lit(surface, ("unit", unit), glow, max(1, w - 1))
            for a in b.legal:  # another player's Haven, its owner asked at the click
                if isinstance(a, A.AskPermission) and self.may_ask(a.cell):
                    self._lit(surface, ("cell", a.cell), gold, w, over=True)
            surface.set_clip(self.seen())
            for unit in self.selection:
                if unit in self.unit_rects:
                    pygame.draw.rect(surface, (255, 255, 255), self.unit_rects[unit].inflate(4, 4),
                                     w)
            surface.set_clip(None)
            return
        if self.armed is not None:
            for key in b.drops.get(self.armed, {}):
                self._lit(surface, key, glow, w)
        # Where to run glows as a move's cells do: the thin gold of any click was lost on
        # the player's own Haven's frame, and the bar said "click a glowing cell" (s33w).
        for key, how in b.outlines(self.armed).items():
            if key[0] == "card" and key[1] in self.hand_rects:
                # A fanned card is tilted: a lit tab above it, not an outline around it;
                # close over it, under the caption's letters (it crossed them out, s32w).
                rect = self.hand_rects[key[1]]
                tab = pygame.Rect(0, 0, rect.w // 2, self.px(4))
                tab.midbottom = (rect.centerx, rect.top - self.px(1))
                # Below the caption's letters (the middle card's tab underlined their
                # descenders, "play it", seen at 1280x720 and 960x540): on the card's
                # rim where the caption leaves no room above it.
                tab.top = max(tab.top, self.lay.hand.y + self.px(2)
                              + ink.font(self.px(13)).get_height())
                pygame.draw.rect(surface, glow, tab, border_radius=self.px(3))
            elif key[0] == "card" and self._rect_of(key) is None and \
                    (holder := self.readied_by(key[1])) is not None:
                # Equipment to put to use shows only once its Character is clicked: she
                # glows (nothing did where the guide said to click her, s42n).
                self._lit(surface, ("unit", holder), glow, w)
            elif key[0] == "card" and (cell := b.haven_of(key[1])) is not None:
                # A Haven's own use is a button in its inspector: its cell is gold (s71).
                self._lit(surface, ("cell", cell), gold, max(1, w - 1))
            elif how == "glow":  # a cell to act on: Scavenge, deal to, run to, set up compact
                self._lit(surface, key, glow, w + 1, over=True)
            elif how == "open":  # setup: legal, but the Field would sprawl
                self._lit(surface, key, ink.OPEN, max(1, w - 1))
            else:
                self._lit(surface, key, gold, max(1, w - 1))
        for unit in b.movable:
            self._lit(surface, ("unit", unit), glow, max(1, w - 1))
        for i in b.drops:
            if i not in b.click and i not in b.unlit:
                self._lit(surface, i, glow, max(1, w - 1))

    def _held_piece(self) -> bool:
        """Whether the thing dragged is an Equipment or Item card."""
        key = self.drag[0] if self.drag is not None else None
        cd = self.board.card(key[1]) if key is not None and key[0] == "card" else None
        return cd is not None and cd.type in ("equipment", "item")

    def _draw_drop_marks(self, surface, targets: dict, over) -> None:
        """While Equipment or an Item is dragged: each target tagged with what letting go
        there does ("Give", "Store", "Leave", "Play"), and the viewer's own Characters it
        cannot go to dimmed, by the legal actions the drag offers (every lit target
        looked alike, and a Character it could not go to looked as one it could, s68)."""
        b, seen = self.board, self.seen()
        holder = next((u.card for u in b.view.units if self.drag[0][1] in u.equipment
                       or self.drag[0][1] in (u.items or ())), None)
        surface.set_clip(seen)
        for u in b.view.units:
            rect = self.unit_rects.get(u.card)
            if rect is not None and u.owner == b.view.seat and not u.disaster and \
                    u.card != holder and ("unit", u.card) not in targets:
                surface.blit(_wash(rect.size, (8, 6, 20, 150)), rect)
        surface.set_clip(None)
        px = max(11, self.px(12))
        _, pic, grab, _, _ = self.drag
        carried = self._carried_at(pic.get_rect(), grab, over, surface.get_rect())
        for key, a in targets.items():
            rect = self._rect_of(key)
            word = drop_tag(a, self._where, self.taker(key, a))
            if rect is None or word is None:
                continue
            t = ink.label(word, px, (20, 16, 36) if key == over else ink.TEXT, True)
            box = self._tag_box(t.get_rect().inflate(self.px(10), self.px(2)), key, rect,
                                carried, seen if key[0] in ("cell", "unit") or
                                key == ("haven",) else surface.get_rect())
            pygame.draw.rect(surface, (255, 255, 255) if key == over else (40, 110, 60), box,
                             border_radius=self.px(4))
            surface.blit(t, t.get_rect(center=box.center))

    def cell_free(self, cell) -> pygame.Rect | None:
        """The part of a cell, as placed now, between its name and its tokens' marks:
        where its Health badge is (tiles._badge)."""
        rect = self.cell_placed(cell)
        if rect is None:
            return None
        top = rect.top + header(rect.h)
        units = self.board.units
        tops = [r.top - 2 for u, r in self.unit_rects.items()  # (a mark sticks out 2 px)
                if u in units and tuple(units[u].pos) == tuple(cell)]
        return pygame.Rect(rect.x, top, rect.w, max(0, min(tops, default=rect.bottom) - top))

    def _tags(self, targets: dict) -> list[str]:
        """The drop tags of these targets, each once, as tagged (_draw_drop_marks)."""
        tags = (drop_tag(a, self._where, self.taker(key, a)) for key, a in targets.items())
        return list(dict.fromkeys(t for t in tags if t is not None))

    def _tag_box(self, box: pygame.Rect, key, rect: pygame.Rect, carried: pygame.Rect,
                 area: pygame.Rect) -> pygame.Rect:
        """Where a drop tag goes: on a token's top edge; in a cell, under its title, clear
        of its tokens below. Where the card carried would cover it (the Haven's "Play"
        lay under the card held over it), the first place beside that it does not: inside
        the token's top, its bottom edge; the title's left or right end, the cell's foot."""
        gap = self.px(6)
        if key[0] == "unit":
            ways = [("midbottom", (rect.centerx, rect.top + box.h // 2)),
                    ("midtop", (rect.centerx, rect.top + 1)),
                    ("midtop", (rect.centerx, rect.bottom - box.h // 2))]
        else:
            top = rect.top + header(rect.h) + gap
            side = 2 * gap  # clear of the cell's glowing edge
            ways = [("midtop", (rect.centerx, top)), ("topleft", (rect.left + side, top)),
                    ("topright", (rect.right - side, top)),
                    ("midbottom", (rect.centerx, rect.bottom - gap))]
        first = None
        for point, at in ways:
            placed = box.copy()
            setattr(placed, point, at)
            placed.clamp_ip(area)
            first = first or placed
            if not placed.colliderect(carried):
                return placed
        return first

    def _draw_inspected(self, surface, w: int) -> None:
        """The cell the inspector shows (a Location or a Haven clicked), marked at its
        corners: every Plain is headed "Plain (P1)" there, and nothing on the Field said
        which one it was (s33w3). Corners, not a frame: a frame is a place to go, or
        the Combat's or the Scavenging's cell."""
        if not isinstance(self.inspect, tuple):
            return
        rect = self._rect_of(("cell", self.inspect))
        if rect is None:
            return
        r = rect.inflate(w * 4, w * 4)  # in the gap round the cell, clear of its glow
        arm = r.w // 6
        # The corners lie outside the cell: at the view's edge, in the Field's margin,
        # never over the combat panel.
        area = self.seen().inflate(w * 4, w * 4).clip(self.lay.field)
        cover = self.camera.cover
        if cover is not None and area.colliderect(cover):
            area.height = max(0, cover.top - area.top)
        surface.set_clip(area)
        for x, y, dx, dy in ((r.left, r.top, 1, 1), (r.right - w, r.top, -1, 1),
                             (r.left, r.bottom - w, 1, -1), (r.right - w, r.bottom - w, -1, -1)):
            surface.fill(ink.SHOWN, pygame.Rect(min(x, x + dx * arm), y, arm + w, w).clip(r))
            surface.fill(ink.SHOWN, pygame.Rect(x, min(y, y + dy * arm), w, arm + w).clip(r))
        surface.set_clip(None)

    def _rect_of(self, key) -> pygame.Rect | None:
        """Where `key` is drawn; None for what is out of sight (scrolled away, or under
        the combat panel)."""
        if key[0] in ("cell", "unit"):
            rect = (self.lay.cells if key[0] == "cell" else self.unit_rects).get(key[1])
            return rect if rect is not None and self.seen().colliderect(rect) else None
        if key[0] == "card":
            return self.hand_rects.get(key[1]) or self._card_rect(key[1])
        if key == ("discard",):
            return self.seat_rect(self.board.view.seat)
        if key == ("haven",):
            havens = self.board.my_havens()
            return self._rect_of(("cell", havens[0])) if havens else None
        if key == ("off",):
            return self.lay.off_field
        if key == ("field",):
            return self.lay.field
        return None

    def _draw_anims(self, surface) -> None:
        """The animator's pictures; words rising over the Field stay within what shows
        of it (never over a panel), tokens walking and those gone (Bonked, Killed,
        Defeated) are seen only on the Field, and no card flies over the phase bar."""
        seen = self.seen()
        room = pygame.Rect(0, self.lay.bar.bottom, self.size[0], self.size[1] - self.lay.bar.bottom)
        for a in self.animator.marks + self.animator.anims:
            if isinstance(a, AtCell):
                a.area = seen
            if isinstance(a, Fallen):
                a.clear = self._plate_clear(seen)
            elif isinstance(a, Fly):
                a.area, a.room = seen, room
        self.animator.stack()  # words rising at one place, one above another
        # The words over the tokens kept till their hit (a Defeated Disaster's fading
        # token hid its "-2"), and a Bonked or Killed plate, once it shows, over them:
        # its words are read, theirs have gone by (the smallest tiles hold no room for
        # them under it).
        def layer(a) -> int:
            return 2 if isinstance(a, Fallen) and a.tween.raw >= a.start else \
                isinstance(a, Float)
        for a in sorted(self.animator.marks + self.animator.anims, key=layer):
            surface.set_clip(seen if isinstance(a, (Walk, AtCell)) else None)
            a.draw(surface)
        surface.set_clip(None)

    def _plate_clear(self, seen: pygame.Rect) -> tuple[list, list, list]:
        """What a Bonked or Killed plate keeps clear of (Fallen.place), in sight: the
        tokens of the cell fought in and the Health badges; the Locations' titles; the
        other tokens."""
        fought = self._fought_cell()
        shown = [r.clip(seen) for u, r in self.unit_rects.items()
                 if u not in self.animator.hidden and r.colliderect(seen)]
        keep = [r for r in shown if fought is not None and fought.colliderect(r)]
        titles = [pygame.Rect(r.x, r.y, r.w, header(r.h)).clip(seen)
                  for c in self.board.places if (r := self.lay.cells.get(c)) is not None
                  and r.colliderect(seen)]
        return keep + self._badges(seen), titles, [r for r in shown if r not in keep]

    def _hover_card(self) -> int | None:
        key = self.hit(self.pointer)
        if key is None or self.drag is not None or self.menu is not None or self.still_after:
            return None
        if key[0] in ("card", "unit", "log"):
            return key[1]
        if key[0] == "cell" and key[1] in self.board.places:
            return self.board.places[key[1]].card
        return None

    def _draw_hand_hover(self, surface) -> None:
        """The hand card under the pointer rises whole and upright; while the pointer
        stays on it there, it is what a click hits (see hit)."""
        key = self.hit(self.pointer)
        self.raised = None
        if key is None or key[0] != "card" or key[1] not in self.hand_rects or self.drag:
            return
        rect = self.hand_rects[key[1]]
        pic = self.app.faces.face(self.board.card_id(key[1]), rect.w)
        up = rect.move(0, min(0, self.size[1] - rect.bottom - self.px(6)))
        if self.combat_cover is not None:  # no higher than a Combat panel's foot: it
            # covered Run Away and the forecast, and met the pointer on its way up to
            # them (a playtest); the zoom beside the pointer shows the card whole
            up.top = max(up.top, min(rect.top, self.combat_cover.bottom))
        surface.blit(pic, up)
        self.raised = (key[1], up)

    def _draw_message(self, surface) -> None:
        words, left = self.message
        if not words or left <= 0:
            return
        rows, box = self._message_place(words)
        self.message_rect = self._framed(box)
        if self.noted:  # news (the guided game left): no refusal's red
            pygame.draw.rect(surface, ink.PANEL, self.message_rect, border_radius=self.px(6))
            pygame.draw.rect(surface, ink.PANEL_EDGE, self.message_rect, max(1, self.px(2)),
                             border_radius=self.px(6))
        else:
            pygame.draw.rect(surface, (90, 20, 24), self.message_rect,
                             border_radius=self.px(6))
        y = box.top
        for row in rows:
            t = ink.label(row, self.px(16), ink.TEXT, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += t.get_height()

    def _message_place(self, words: str) -> tuple[list[str], pygame.Rect]:
        """The message's lines and where they go, each place measured, not drawn (only the
        one chosen is, `_draw_message`). The first place tried that covers no token and
        not the cell fought in, its words whole; else the best by, in turn: clear of the
        cell (a note covered the Disaster fought, s47w), clear of every token's name and
        Health badge (at 1024x600 the Field's foot hid the bottom row's names, s61; the
        booth's note a badge, s69), its words whole (beside the cell they were cut to
        "... cannot use it: needs We…", the Field's top empty, s61), clear of the
        Locations' titles (at the Field's top it hid the top row's names and counts,
        s62), the least of the names hidden, of the titles, of the tokens.
        Tried in turn: above the hand or a Combat's panel (not over its foot: it hid Run
        Away and Fight!), where notes always were; in a cell of the Field in sight with
        nothing in it (no place, no target); the Field's top, under the guided game's
        words; just above or below each row of tokens, or under each row's titles (over
        the Locations' art), nearest the foot first. At each, across the Field, beside
        the cell fought in, then in either half of the Field (beside the tiles)."""
        f, gap = self.lay.field, self.px(10)
        floor = self.combat_cover.top if self.combat_cover is not None else self.lay.hand.top
        ceiling = f.top + round(f.h * self.camera.clear_top)  # the guided game's words above
        room = pygame.Rect(f.x, ceiling, f.w, floor - ceiling)
        cell, seen = self._fought_cell(), self.seen()
        shown = [r for u, r in self.unit_rects.items()
                 if u not in self.animator.hidden and r.colliderect(seen)]
        tokens = [r.clip(seen) for r in shown]
        names = [name_rect(r).clip(seen) for r in shown]
        names += [t[1] for t in self.beside_tags()]  # a Haven fighting from next door named
        names += self._badges(seen)  # a Location's Health (s69: the booth's note hid one)
        titles = [pygame.Rect(r.x, r.y, r.w, header(r.h)).clip(seen) for c in self.board.places
                  if (r := self.lay.cells.get(c)) is not None and r.colliderect(seen)]
        spans = [(f.x + gap, f.right - gap)]
        if cell is not None:
            spans += [(cell.right + gap, f.right - gap), (f.x + gap, cell.left - gap)]
        spans += [(f.x + gap, f.centerx - gap // 2), (f.centerx + gap // 2, f.right - gap)]
        laid = [((left + right) // 2, *self._message_lines(words, right - left))
                for k, (left, right) in enumerate(spans) if k == 0 or right - left >= self.px(180)]
        by_rows = {("bottom", r.top - self.px(6)) for r in tokens} | \
            {("top", r.bottom + self.px(6)) for r in tokens} | \
            {("top", t.bottom + self.px(6)) for t in titles}
        heights = [("bottom", floor - self.px(6)), ("top", ceiling + self.px(8))] + \
            sorted(by_rows, key=lambda e: -e[1])
        places = [(side, y, x, rows, box) for side, y in heights for x, rows, box in laid]
        # After the Field's foot, a cell of it with nothing in it, rather than over a
        # Location's art (the booth's note hid a Health badge there, s69).
        places[len(laid):len(laid)] = [
            ("centery", r.centery, r.centerx, *self._message_lines(words, r.w - 2 * gap))
            for r in self._empty_cells(seen, room)]
        whole = " ".join(words.split())

        def covered(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(box.clip(r).w * box.clip(r).h for r in rects)

        best = None
        for side, y, x, rows, box in places:
            box = box.copy()
            box.centerx = x
            setattr(box, side, y)
            drawn = self._framed(box)
            if best is not None and not room.contains(drawn):
                continue  # the first, across the Field's foot, is kept in any window
            hid, titled = covered(drawn, names), covered(drawn, titles)
            cost = (cell is not None and drawn.colliderect(cell), hid > 0, titled > 0,
                    " ".join(rows) != whole, hid, titled, covered(drawn, tokens))
            if best is None or cost < best[0]:
                best = (cost, rows, box)
            if not any(cost):
                return rows, box
        return best[1], best[2]

    def _badges(self, seen: pygame.Rect) -> list[pygame.Rect]:
        """The Health badges drawn on the Field in `seen` (none while it is laid, nor
        where a Location's own words show: paint's tiles)."""
        b = self.board
        if b.view.phase == "setup":
            return []
        out = []
        for cell, p in b.places.items():
            r = self.lay.cells.get(cell)
            if r is None or not r.colliderect(seen) or cell in self.animator.muted:
                continue
            badge = locations.badge(p, self.session.game.db[b.card_id(p.card)], b.view.seat)
            if badge is not None:
                out.append(badge_rect(badge, r.size).move(r.topleft).clip(seen))
        return out

    def _empty_cells(self, seen: pygame.Rect, room: pygame.Rect) -> list[pygame.Rect]:
        """The cells inside the Field's bounds wholly in sight and in `room` where
        nothing is drawn (no place, no glowing target), nearest the foot first."""
        x0, y0, x1, y1 = self.camera.bounds
        free = [r for c in ((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
                if c not in self.lay.cells and seen.contains(r := self.camera.rect(c))
                and room.contains(r)]
        return sorted(free, key=lambda r: -r.y)

    def _framed(self, box: pygame.Rect) -> pygame.Rect:
        """The message's box as drawn round its lines."""
        return box.inflate(self.px(16), self.px(8))

    def _message_lines(self, words: str, width: int) -> tuple[list[str], pygame.Rect]:
        """A reason says what fails and what would do: wrapped, never cut, as the way out
        is said at its end (three lines at most cut a long refusal's last, s68: the box
        grows instead). The lines as they will be drawn, and the size they take."""
        f = ink.font(self.px(16), True)
        rows = [row for row in wrap(words, f, width) if row]
        sizes = [f.size(row) for row in rows]
        return rows, pygame.Rect(0, 0, max(w for w, _ in sizes), sum(h for _, h in sizes))

    def _fought_cell(self) -> pygame.Rect | None:
        """Where the Combat under way is fought, as much as shows of it; None in none."""
        c, d = self.fight, self.duel_shown()
        cell = c.cell if c is not None else d.cell if d else None
        rect = self.cell_placed(cell) if cell is not None else None
        return rect.clip(self.seen()) if rect is not None and \
            rect.colliderect(self.seen()) else None

    def _endured(self, i: int) -> bool:
        """Whether card `i` is a Disaster endured Off Field (R29), Turns left to it."""
        return self.session.game.card(i).type == "disaster" and \
            any(o.card == i and o.turns_left for o in self.board.view.off_field)

    def _facts(self, i: int) -> tuple[str, ...]:
        """What the zoomed card is doing now, in words, above its keywords."""
        b = self.board
        place = next((p for p in b.places.values() if p.card == i), None)
        if place is not None and place.kind == "location":
            facts = [f"Face down under it: {count(place.under_disasters, 'Disaster')} "
                     f"(purple backs), {count(place.under_items, 'Item')} (silver backs)."]
            if place.under_equipment:  # dropped here, face up: not a Disaster
                names = ", ".join(map(self.name, place.under_equipment))
                facts.append(f"Equipment left here, face up: {names}.")
            return tuple(facts)
        if place is not None and (place.buried_items or place.buried_equipment):
            # A Location turned Haven: what lay under it must still be Scavenged.
            facts = [f"Still under it, to be Scavenged: {count(place.buried_items, 'Item')} "
                     f"(silver backs)."]
            if place.buried_equipment:
                names = ", ".join(map(self.name, place.buried_equipment))
                facts.append(f"Equipment still under it, face up: {names}.")
            return tuple(facts)
        u = b.units.get(i)
        if u is None and (copies := self._copies(i)):
            return copies
        if u is None:
            off = next((o for o in b.view.off_field if o.card == i), None)
            note = b.uses_note(i) if off is not None else None
            if note:
                return (f"In play Off Field: {note}.",)
            if off is not None and off.turns_left:  # an endured Disaster: when it goes
                return (f"Endured by {self.seat_name(off.seat)}: " + endured_until(
                    off.turns_left, off.seat, b.view.turn_seat, self.seat_name) + ".",)
            return ()
        whose = "A Disaster" if u.disaster else f"{self.seat_name(u.owner)}'s Character"
        facts = [f"{whose}: Damage {u.damage}, holds {count(u.item_count, 'Item')}."]
        if u.disaster:
            facts.append(walks_words(u.brought_by, self.seat_name,
                                     b.view.seat if self.whose() == "Your" else None))
        if i in b.abled():  # what its outline means, unexplained anywhere (s33w2)
            facts.append("Gold outline: its ability may be used now: click it.")
        elif any(self.readied_by(e) == i for e in u.equipment):
            facts.append("Glowing: its Equipment may be put to use now: click it, then "
                         "the Equipment in the panel at the right.")
        cd = b.card(i)
        now = changed(cd, u)
        if now:  # the totals its card, drawn here, no longer says; why, of a Character
            # (a Disaster's public totals leave out what it holds: `causes` would not)
            why = None if u.disaster else {a: self.causes(i, a) for a, _, _ in now}
            facts.append(now_text(now, why) + ".")
        if i in b.movable:
            facts.append("It can move: click it, then a glowing cell.")
        elif (still := self.movement_still(i)) is not None:
            facts.append(still)
        facts += [self.act_words(a) + "." for a in b.click.get(("unit", i), [])[:3]]
        return tuple(facts)

    def _copies(self, i: int) -> tuple[str, ...]:
        """A piece a Character carries, or its Haven stores, with copies beside it: whether
        it is in use, and how many alike are fanned with it (inspect_panel.stacks): two
        Walkers shown as one face "x2" said nothing of which a drag takes (s51)."""
        b = self.board
        holder = next((u for u in b.view.units if i in u.equipment or i in (u.items or ())
                       or i in u.enhancements), None)
        if holder is not None:
            group = next(g for g in (holder.equipment, holder.items or (), holder.enhancements)
                         if i in g)
        else:
            cell = next((c for c, j in b.stored() if j == i), None)
            if cell is None:
                return ()
            group = [j for c, j in b.stored() if c == cell]
        p = self.painter([])
        cid, mine = b.card_id(i), panels.alike(p, i)
        n = sum(b.card_id(j) == cid and panels.alike(p, j) == mine for j in group)
        others = sum(b.card_id(j) == cid for j in group) - n
        facts = [f"In use this Turn by {self.name(holder.card)}."] \
            if holder is not None and i in holder.using else []
        if n > 1:
            facts.append(f"One of {n} alike here, fanned: a click or a drag on any of "
                         "them takes that one.")
        if others:
            facts.append((f"Another {self.name(i)} is" if others == 1 else
                          f"{others} other copies are") + " shown apart, not alike: each is "
                         "clicked or dragged on its own face.")
        return tuple(facts)

    def causes(self, unit: int, ability: str) -> str:
        """What took a Character's `ability` from its card's value to its total now
        (the view's, its owner's): the cards it has, and the rest (words.causes)."""
        u, cd = self.board.units[unit], self.board.card(unit)
        now = u.totals[STATS.index(ability)]
        return causes(cd.ability(ability) or 0, now,
                      [(self.name(c), m) for c, m in self.board.modifiers(unit, ability)])

    def movement_still(self, unit: int) -> str | None:
        """In the viewer's Move phase, why its Character `unit` has no move where its
        Movement is why (none on it, or none left: words.still_reason); else None."""
        b = self.board
        u, cd = b.units.get(unit), b.card(unit)
        if u is None or cd is None or not u.totals or u.disaster or unit in b.movable \
                or u.owner != b.view.seat or b.view.phase != "move" \
                or A.EndPhase() not in b.legal:
            return None
        now = u.totals[STATS.index("movement")]
        who = panels.short_names(self.painter([]), [unit], self.name)[unit]
        return still_reason(who, u.moved, cd.movement or 0, now, self.causes(unit, "movement"))

    def _draw_zoom(self, surface) -> None:
        if self.hovered is None or self.hovered[1] < ZOOM_DELAY:
            return
        i = self._hover_card()
        cid = self.board.card_id(i) if i is not None else None
        if cid is None and i is not None and self.hit(self.pointer)[0] == "log":
            cid = self.session.game.card(i).id  # named in the viewer's share of the log
        if cid is None:
            return
        # Below the phase bar: its hint says what to do with what is under the pointer.
        below = pygame.Rect(0, self.lay.bar.bottom, surface.get_width(),
                            surface.get_height() - self.lay.bar.bottom)
        if self.lay.log.collidepoint(self.pointer):
            # A card named in the log: the zoom beside it covered the lines being read.
            below.w = self.lay.log.left
        controls = [r for r, k in self.hits if k[0] in CONTROLS]
        pic, rect = popups.zoom(self.app.faces, self.session.game.db[cid], self.pointer,
                                below, self.px, self._facts(i), controls,
                                endured=self._endured(i))
        surface.blit(pic, rect)
        self.shown.append(i)


VEIL = (12, 10, 24, 170)  # over a button in a kept picture whose action is gone
TINT = (140, 255, 160, 60)  # over a cell the selection may go to
WASH_BYTES = 8 * 2 ** 20  # a few dozen cells' and buttons' sizes at 4 bytes a pixel


def _make_wash(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through wash of one colour, kept by size and colour within WASH_BYTES
    (a booth runs a day alone: a dict by size grew with every size met)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(colour)
    return surf


_wash = Kept(_make_wash, WASH_BYTES)


_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The felt under the Field: a dark vertical gradient, made once per size."""
    if size not in _BACKDROPS:
        _BACKDROPS.clear()
        w, h = size
        surf = pygame.Surface(size)
        top, bottom = pygame.Color(34, 26, 62), pygame.Color(16, 12, 30)
        step = max(1, h // 90)
        for y in range(0, h, step):
            pygame.draw.rect(surf, top.lerp(bottom, y / h), (0, y, w, step))
        _BACKDROPS[size] = surf
    return _BACKDROPS[size]
