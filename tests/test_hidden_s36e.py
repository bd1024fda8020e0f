"""s36e, hidden information (R16; Rules for Items: Items are face down): who is told
which Item a Bonked or Killed Character dropped.

Basic Terms, Bonk and Kill: its Items are dropped face down beneath its Location. Its
own player knew them (it Scavenged them or was handed them; its view shows them) and is
told which it dropped, as when it Drops one itself; every other seat sees only how many
("A player sees how many Items each Character holds, never which" is about others).
Before, `items.drop_all` named them to no seat, the holder's neither. A Disaster's Item
stays unnamed: nobody's view shows which it holds."""
from __future__ import annotations

import pytest
from scene import Scene

from game.engine import view
from game.engine.defeat import defeat_character
from game.engine.events import ALL_SEE, ItemDropped, ItemStolen
from game.ui.table.words import event_text

CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: duck, name: Duck, type: item}
- {id: idol, name: Idol, type: item}
- {id: sword, name: Sword, type: equipment, bonuses: {attack: "+1"}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
"""


def scene(seats: int, holder: int):
    """`holder`'s Hero carries a Gem, a Duck and a Sword; every other seat has a Hero
    there too, and an Ogre holding an Idol stands by."""
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0))
    hero = sc.char("hero", (0, 0), seat=holder, items=["gem", "duck"], equipment=["sword"])
    for s in range(seats):
        if s != holder:
            sc.char("hero", (0, 0), seat=s)
    ogre = sc.disaster("ogre", (0, 0), seat=(holder + 1) % seats, items=["idol"])
    return sc, hero, ogre


def told(sc, e, seat) -> bool:
    """Whether `seat`'s share of `e` names its card, in the event and in the log line."""
    share = e.for_seat(seat)
    line, _ = event_text(share, lambda c: f"<{sc.game.card_ids[c]}>" if isinstance(c, int)
                         else str(c), str)
    assert (f"<{sc.game.card_ids[e.card]}>" in line) == (share.card is not None)
    return share.card is not None


@pytest.mark.parametrize("seats, holder", [(2, 0), (2, 1), (3, 1), (3, 2)])
@pytest.mark.parametrize("killed", [False, True])
def test_r16_a_bonked_or_killed_characters_items_are_named_to_its_player_only(
        seats, holder, killed):
    """Basic Terms, Bonk/Kill with Rules for Items: each dropped Item is named to the
    holder's seat, which saw it in its view just before, and to no other seat (nor the
    public share); the Sword, Equipment face up in play, to every seat."""
    sc, hero, _ = scene(seats, holder)
    u = sc.unit(hero)
    gem, duck = u.items
    sword, = u.equipment
    held = {c for v in view(sc.st, holder).units if v.items for c in v.items}
    assert held == {gem, duck}  # its view showed them: nothing new is told
    ev = []
    defeat_character(sc.st, u, killed, None, ev)
    drops = {e.card: e for e in ev if isinstance(e, ItemDropped)}
    assert set(drops) == {gem, duck, sword}
    for seat in (*range(seats), ALL_SEE):
        assert told(sc, drops[gem], seat) == told(sc, drops[duck], seat) == (seat == holder)
        assert told(sc, drops[sword], seat)


@pytest.mark.parametrize("seats, holder", [(2, 0), (2, 1), (3, 1)])
def test_r16_a_disaster_that_bonks_takes_one_item_and_the_rest_are_named_to_its_holder(
        seats, holder):
    """Rules for Disasters: the Ogre that Bonks the Hero takes one of its Items, dropping
    its own Idol: the holder's seat is told which was taken and which the Hero dropped;
    the Idol the Ogre held was seen by nobody and is named to nobody."""
    sc, hero, ogre = scene(seats, holder)
    u = sc.unit(hero)
    items, (sword,), idol = set(u.items), u.equipment, sc.unit(ogre).items[0]
    ev = []
    defeat_character(sc.st, u, False, sc.unit(ogre), ev)
    stolen, = [e for e in ev if isinstance(e, ItemStolen)]
    drops = {e.card: e for e in ev if isinstance(e, ItemDropped)}
    left, = items - {stolen.card}
    assert set(drops) == {idol, left, sword}
    for seat in (*range(seats), ALL_SEE):
        assert (stolen.for_seat(seat).card is not None) == (seat == holder)
        assert told(sc, drops[left], seat) == (seat == holder)
        assert not told(sc, drops[idol], seat)
