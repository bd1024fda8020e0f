"""Playing cards from the hand: the Equip phase's four plays, and Flash Effects
(rulebook, Equip Phase; Rules for Enhancements, Flash Effects, Global Effects)."""
from __future__ import annotations

from . import events as E
from .abilities import active_enhancements, meets, total
from .actions import Action, PlayCard
from .cards import CardDef
from .events import Event
from .state import EQUIP, MOVE, SCAVENGE, GameState, OffField, Unit

# The Equip phase allows one of each of these per Turn.
EQUIP_PLAYS = {"character": 1, "equipment": 2, "enhancement": 4, "global_effect": 8}


def energy_cost(card: CardDef) -> int:
    return sum(m.value for m in card.costs if m.ability == "energy" and m.op == "-")


def _can_host(st: GameState, u: Unit, card: CardDef) -> bool:
    """The beneficiary meets the requirement and can pay the Energy cost."""
    if not card.requires.empty and not meets(st, [u], card.requires):
        return False
    if card.type == "enhancement":
        paid = sum(energy_cost(st.game.card(e)) for e in active_enhancements(st, u))
        return energy_cost(card) <= (st.game.card(u.card).energy or 0) - paid
    return energy_cost(card) <= total(st, u, "energy")


def candidates(st: GameState) -> list[Action]:
    seat = st.turn_seat
    s = st.seats[seat]
    in_haven = sorted((u for u in st.characters(seat) if st.in_haven(u)), key=lambda u: u.card)
    acts: list[Action] = []
    for c in sorted(set(s.hand)):
        card = st.game.card(c)
        bit = EQUIP_PLAYS.get(card.type)
        if bit is None or s.equipped & bit or (card.type != "global_effect" and not s.havens):
            continue
        if card.type == "enhancement":
            acts += [PlayCard(c, u.card) for u in in_haven if _can_host(st, u, card)]
        else:
            acts.append(PlayCard(c))
    return acts


def flash_effects(st: GameState) -> list[Action]:
    """Flash Effects may be played in any phase but the Draw (Reload) phase; here, on
    one of the player's Characters, for the rest of the Turn."""
    seat = st.turn_seat
    chars = sorted(st.characters(seat), key=lambda u: u.card)
    acts: list[Action] = []
    for c in sorted(set(st.seats[seat].hand)):
        card = st.game.card(c)
        if card.type == "flash_effect":
            acts += [PlayCard(c, u.card) for u in chars if _can_host(st, u, card)]
    return acts


def _why_not_play(st: GameState, a: PlayCard) -> str | None:
    s = st.seats[st.turn_seat]
    if a.card not in s.hand:
        return f"c{a.card} is not in your hand"
    card = st.game.card(a.card)
    if card.type == "flash_effect":
        if st.phase not in (EQUIP, MOVE, SCAVENGE):
            return "Flash Effects are played in the Equip, Move and Scavenge phases"
        return "a Flash Effect needs one of your Characters that meets its requirement and cost"
    bit = EQUIP_PLAYS.get(card.type)
    if bit is None:
        return f"a {card.type} card is not played from the hand"
    if st.phase != EQUIP:
        return "this card is played in the Equip phase"
    if s.equipped & bit:
        return f"only one {card.type.replace('_', ' ')} may be played per Equip phase"
    if card.type == "enhancement":
        return "an Enhancement goes on a Character in your Haven that meets its requirement and cost"
    return None


def _play(st: GameState, a: PlayCard, ev: list[Event]) -> None:
    seat = st.turn_seat
    s = st.seats[seat]
    card = st.game.card(a.card)
    s.hand.remove(a.card)
    public = {"seat": seat, "card": a.card, "target": a.target}
    if card.type == "flash_effect":
        u = st.units[a.target]
        u.spent += energy_cost(card)
        u.temp += [m for m in card.bonuses + card.costs if m.ability != "energy"]
        s.discard.append(a.card)
    else:
        s.equipped |= EQUIP_PLAYS[card.type]
        if card.type == "character":
            st.units[a.card] = Unit(a.card, seat, s.havens[0])
            public["cell"] = s.havens[0]
        elif card.type == "equipment":
            st.places[s.havens[0]].under.append(a.card)
        elif card.type == "enhancement":
            st.units[a.target].enhancements.append(a.card)
        else:
            st.off_field.append(OffField(a.card, seat))
    ev.append(Event(E.CARD_PLAYED, public))


HANDLERS = {PlayCard: (_why_not_play, _play)}
