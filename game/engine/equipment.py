"""Rules for Equipment: putting carried pieces to use, their costs, their own Health,
and Vehicles.

"A Character cannot use more than 1 piece Equipment to give a bonus to the same
ability per Turn even if that Equipment gives a bonus to another ability", and "the
Character using the Equipment must pay the cost or meet the requirement". A player
chooses which pieces each Character uses ("any Equipment they will use, before Combat
cards are drawn"): a piece is put to use for the current Turn, its Energy cost paid
then, and from then on it gives its bonuses and drawbacks, and its text works, until
the Turn ends (abilities.in_use). A piece counts for every ability it modifies. This
is one of the uses offered at any time (anytime.py).

"When an Equipment has its own Defense ... treat it as having Health. Health is not
automatically restored at the end of the turn. When Health = 0, Discard." A piece in
use with its own Defense takes the Damage dealt to its user (a Character in a Vehicle
is attacked through it); "Any Character that is in a Vehicle when it runs out of
Health takes 1 Damage to their Health." A Character uses one Vehicle at a time (R133):
the Driver / Pilot is "in control of a vehicle", "in" it (Basic Terms, Rules for
Equipment).
"""
from __future__ import annotations

from .abilities import energy_cost, equipment_usable, in_use, total, vehicle
from .actions import Action, UseEquipment
from .cards import VEHICLE_CLASSES, CardDef
from .events import CardDiscarded, EquipmentUsed, Event
from .lasting import NO_EQUIPMENT, has_any_flag, has_flag
from .state import GameState, Unit


_VEHICLES = frozenset(VEHICLE_CLASSES)

# The `to` of a step that reaches the piece's own user.
_USER = frozenset(("holder", "group", "here", "yours"))


def abilities_of(card: CardDef) -> set[str]:
    """The abilities a piece gives its user a bonus to: it is its user's one piece for
    each of them. Its text's modifiers on its user count as its printed bonuses do:
    Cat-Ear Radar's "+1 Defense" when Scavenging is a bonus to Defense, so its wearer
    may not use another piece giving one that Turn ("even if that Equipment gives a
    bonus to another ability", Rules for Equipment). A penalty is no bonus: Portable
    Kotatsu's -1 Movement leaves its wearer free to use a piece that adds Movement."""
    out = {m.ability for m in card.bonuses if m.bonus}
    for e in card.effects:
        for s in e.steps:
            if s.kind == "modify" and s.to in _USER:
                out.update(m.ability for m in s.value if m.bonus)
    return out


def why_not(st: GameState, u: Unit, piece: int) -> str | None:
    if piece not in u.equipment:  # first: `piece` may name no card at all
        return f"c{u.card} does not carry c{piece}"
    g = st.game
    card = g.card(piece)
    if has_any_flag(st, u, NO_EQUIPMENT):  # "Use an Equipped card" is an action (List of Actions)
        return f"c{u.card} may take no action now (No Action, or its charmer forbids it)"
    if piece in u.using:
        return f"c{piece} is in use already this Turn"
    if not equipment_usable(st, u, card):
        return f"c{u.card} does not meet c{piece}'s requirement"
    if energy_cost(card) > total(st, u, "energy"):
        return f"c{u.card} cannot pay c{piece}'s cost of {energy_cost(card)} Energy"
    if u.using and card.categories & _VEHICLES:  # R133: one Vehicle at a time
        ride = next((q for q in u.using if g.card(q).categories & _VEHICLES), None)
        if ride is not None:
            return (f"c{u.card} is in a Vehicle already this Turn, c{ride}: "
                    f"a Character uses one Vehicle at a time")
    taken = abilities_of(card) & {a for q in u.using for a in abilities_of(g.card(q))}
    if taken:
        return (f"another piece already gives a bonus to {', '.join(sorted(taken))} "
                f"for c{u.card} this Turn")
    return None


def candidates(st: GameState, seat: int) -> list[Action]:
    acts: list[Action] = []
    for u in st.characters_by_card(seat):
        for e in u.equipment:  # most carry none: no comprehension made for them
            if why_not(st, u, e) is None:
                acts.append(UseEquipment(e, u.card))
    return acts


def explain(st: GameState, a: UseEquipment) -> str:
    u = st.units.get(a.char)
    if u is None or u.disaster or u.owner != st.current_seat():
        return "only your own Characters use Equipment"
    return why_not(st, u, a.card) or "Equipment cannot be put to use now"


def use(st: GameState, a: UseEquipment, ev: list[Event]) -> None:
    u = st.units[a.char]
    cost = energy_cost(st.game.card(a.card))
    u.using.append(a.card)
    u.spent += cost
    ev.append(EquipmentUsed(a.char, a.card, cost))


def end_of_turn(st: GameState) -> None:
    """Pieces are chosen anew each Turn."""
    for u in st.units.values():
        u.using.clear()


def grounded(st: GameState, u: Unit) -> int | None:
    """"If a Vehicle is used in Combat, other Characters in the group cannot engage in
    Combat until the Vehicle stops": the Vehicle another of its group is in, if any."""
    if vehicle(st, u) is not None:
        return None
    for o in st.chars_at(u.owner, u.pos):
        if o is not u and (ride := vehicle(st, o)) is not None:
            return ride
    return None


def kept_out(st: GameState, u: Unit) -> tuple[str, int] | None:
    """Why a Character may neither attack nor protect, in a Combat with a Disaster or
    between players, if so: "no_action" (it still defends and may Run Away: guidelines
    1.1, 1.2), or "vehicle" with the ally's Vehicle that keeps it out (grounded)."""
    if has_flag(st, u, "no_action"):
        return "no_action", -1
    ride = grounded(st, u)
    return None if ride is None else ("vehicle", ride)


def why_kept_out(st: GameState, u: Unit) -> str | None:
    """kept_out in a refusal's words."""
    out = kept_out(st, u)
    if out is None:
        return None
    if out[0] == "no_action":
        return "it has No Action: it only defends and may Run Away"
    return f"an ally's Vehicle, {st.game.card(out[1]).name}, keeps it out of the fight"


def absorb(st: GameState, u: Unit, damage: int, ev: list[Event]) -> int:
    """The Damage that reaches a Character through the piece with its own Defense it
    uses, if any: the piece takes it; out of Health, it is Discarded, and a Vehicle's
    rider takes 1 Damage."""
    if damage <= 0 or u.disaster:
        return damage
    g = st.game
    piece = next((e for e in in_use(st, u) if g.card(e).defense is not None), None)
    if piece is None:
        return damage
    worn = st.wear.get(piece, 0) + damage
    if worn < (g.card(piece).defense or 0):
        st.wear[piece] = worn
        return 0
    st.wear.pop(piece, None)
    u.equipment.remove(piece)
    st.seats[g.owner(piece)].discard.append(piece)
    ev.append(CardDiscarded(piece, u.owner, "out of Health"))
    return 1 if g.card(piece).categories & _VEHICLES else 0
