"""Horde (rulebook, Horde): the bonus each Horde in play gives the like cards, a
unit's Attack and Defense and a Location's printed ones."""
from __future__ import annotations

from .state import GameState, Unit


def horde_bonus(st: GameState, u: Unit, herd: list[tuple[int, frozenset]] | None = None) -> int:
    """Horde: every other like card in play is +1 Attack and Defense per Horde; Hordes
    give each other the bonus only through another category they share. `herd`: the
    Hordes in play (`hordes_in_play`), when the caller has them."""
    g = st.game
    # "Cards on Havens do not affect the Field and are not in Play" (guidelines, In Play).
    if not g.hordes or not g.likes[u.card] or st.in_haven(u):
        return 0
    return _likes(st, u.card, herd)


def place_ability(st: GameState, card: int, ability: str) -> int:
    """A Location's Attack or Defense: the printed one, and +1 for each Horde in play
    sharing a category with it ("every other like card in play"; a Location is in
    play). A Location without the ability gets none from a Horde."""
    printed = st.game.card(card).ability(ability) or 0
    return printed + _likes(st, card) if printed and st.game.hordes else printed


def _likes(st: GameState, card: int, herd: list[tuple[int, frozenset]] | None = None) -> int:
    """The Hordes in play, other than `card`, that share a category with it but Horde."""
    cats = st.game.likes[card]
    if not cats:
        return 0
    if herd is None:
        herd = hordes_in_play(st)
    return sum(1 for h, like in herd if h != card and not cats.isdisjoint(like))


def hordes_in_play(st: GameState) -> list[tuple[int, frozenset]]:
    """The Hordes in play, each card with its categories but Horde: on the Field and not
    in a Haven, or Off Field ("These cards are still in play": an endured non-Combat
    Disaster, a Global Effect); listed once while a reading is open."""
    memo = st.scratch.memo if st.scratch is not None else None
    if memo is not None and "herd" in memo:
        return memo["herd"]
    hordes = st.game.hordes
    herd = [(h.card, hordes[h.card]) for h in st.units.values()
            if h.card in hordes and not st.in_haven(h)]
    herd += [(o.card, hordes[o.card]) for o in st.off_field if o.card in hordes]
    if memo is not None:
        memo["herd"] = herd
    return herd
