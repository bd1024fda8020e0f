"""Playing cards from the hand: the Equip phase's four plays (rulebook, Equip Phase;
Rules for Enhancements, Equipment, Global Effects); Flash Effects go to flash.py."""
from __future__ import annotations

from .abilities import energy_cost, meets, total, upkeep
from .actions import Action, PlayCard
from .cards import CardDef
from .effects import trigger
from .events import CardPlayed, Event
from .lasting import has_flag
from .state import EQUIP, GameState, OffField, Unit
from .targets import Ctx

# The Equip phase allows one of each of these per Turn.
EQUIP_PLAYS = {"character": 1, "equipment": 2, "enhancement": 4, "global_effect": 8}


def _kind(card: CardDef) -> str:
    """A card type as the rulebook writes it: "Equipment", "Global Effect"."""
    return card.type.replace("_", " ").title()


def _cannot_host(st: GameState, u: Unit, card: CardDef) -> str | None:
    """Why the beneficiary cannot take the card, or None: it must meet the requirement
    and pay the Energy cost out of the Energy it has now, what the Enhancements it keeps
    hold left out (Rules for Enhancements: "If an Enhancement has a cost, it must be met
    in order to play"). The costs held after this card's in upkeep's order (Global
    Effects after Enhancements, carried Items after both) give way to it, as they would
    once it is played. "Equip cards" is an action, none for a Character with No Action
    (List of Actions)."""
    if has_flag(st, u, "no_action"):
        return f"c{u.card} has No Action: it cannot be Equipped (List of Actions)"
    if not card.requires.empty and not meets(st, [u], card.requires):
        return f"c{u.card} does not meet the requirement of {card.name}"
    g = st.game
    gives_way = sum(energy_cost(g.card(p)) for p in upkeep(st, u)[1]
                    if card.type == "enhancement" or g.card(p).type == "item")
    if energy_cost(card) > total(st, u, "energy") + gives_way:
        return f"c{u.card} cannot pay the Energy cost of {card.name}"
    return None


def _enhancement_refused(st: GameState, seat: int, a: PlayCard, card: CardDef) -> str | None:
    """Why an Enhancement may not go on the Character named, by the first rule that keeps
    it off: "on a Character in your Haven" (Equip Phase), one of the player's own (R128),
    then the host's own conditions."""
    u = st.units.get(a.target) if a.target is not None else None
    if u is None or u.disaster:
        return "an Enhancement is played on one of your Characters in your Haven: name one"
    if u.owner != seat:
        where = "a guest in your Haven" if u.pos in st.seats[seat].havens else "not yours"
        return (f"c{u.card} is another player's Character ({where}): an Enhancement goes on "
                "one of your own Characters in your Haven (R128)")
    if u.pos not in st.seats[seat].havens:
        return f"c{u.card} is not in your Haven: an Enhancement is played on a Character there"
    return _cannot_host(st, u, card)


def candidates(st: GameState) -> list[Action]:
    seat = st.turn_seat
    s = st.seats[seat]
    # "on a Character in your Haven": not one staying in another player's Haven, nor a
    # guest staying in the player's (R128).
    in_haven = [u for u in st.characters_by_card(seat) if u.pos in s.havens]
    acts: list[Action] = []
    for c in sorted(set(s.hand)):
        card = st.game.card(c)
        bit = EQUIP_PLAYS.get(card.type)
        if bit is None or s.equipped & bit or (card.type != "global_effect" and not s.havens):
            continue
        if card.type == "enhancement":
            acts += [PlayCard(c, u.card) for u in in_haven if _cannot_host(st, u, card) is None]
        elif not _other_form_in_play(st, seat, card):
            acts.append(PlayCard(c))
    return acts


def _other_form_in_play(st: GameState, seat: int, card: CardDef) -> bool:
    """Rules for Transforming Characters: "A single player cannot have both forms of a
    transforming Character in play at the same time." """
    return card.type == "character" and any(
        st.game.card(u.card).other_form == card.id for u in st.characters_by_card(seat))


def explain(st: GameState, a: PlayCard) -> str | None:
    s = st.seats[st.current_seat()]
    if a.card not in s.hand:
        return f"c{a.card} is not in your hand"
    card = st.game.card(a.card)
    bit = EQUIP_PLAYS.get(card.type)
    if bit is None:
        return f"{_kind(card)} cards are not played from the hand"
    if st.phase != EQUIP:
        return "this card is played in the Equip phase"
    if s.equipped & bit:
        return f"only one {_kind(card)} may be played per Equip phase"
    if card.type == "enhancement":
        return _enhancement_refused(st, st.current_seat(), a, card)
    if a.target is not None:  # the others have no target: the Haven, or Off Field
        goes = "Off Field" if card.type == "global_effect" else "into your Haven"
        return f"c{a.card} is played {goes}, not on a Character"
    if _other_form_in_play(st, st.current_seat(), card):
        return f"the other form of {card.name} is in play: a player cannot have both"
    return None


def play(st: GameState, a: PlayCard, ev: list[Event]) -> None:
    seat = st.current_seat()
    card = st.game.card(a.card)
    s = st.seats[seat]
    s.hand.remove(a.card)
    s.equipped |= EQUIP_PLAYS[card.type]
    holder = None
    cell = None
    if card.type == "character":
        holder = st.add_unit(Unit(a.card, seat, s.havens[0]))
        cell = s.havens[0]
    elif card.type == "equipment":
        st.put_under(s.havens[0], [a.card])
    elif card.type == "enhancement":
        holder = st.units[a.target]
        holder.enhancements.append(a.card)
    else:
        st.off_field.append(OffField(a.card, seat))
    ev.append(CardPlayed(seat, a.card, a.target, cell))
    trigger(st, Ctx(a.card, seat, holder, a.target), "play", ev)
