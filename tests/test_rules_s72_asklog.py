"""s72 (asklog): a Haven's own ability in another player's Turn. Guideline 3.1: "If it
isn't a Global Effect, isn't a Haven's ability, or doesn't say it's a Flash Effect, it
isn't as fast": a Haven's ability is as fast as a Flash Effect, and Flash Effects are
played "throughout the game, except during the Draw phase" (Rules for Flash Effects),
so it answers another player's Flash Effect in that player's Turn. The Hall of Quiet
Foxes (the mirror level's Haven) is used "once per Turn" (its text; Basic Terms, Uses),
each player's Turn a Turn: used in its owner's own Turn, it is offered again in the
next player's, once."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Pass, PlayCard, UseCard
from game.engine.events import CardDrawn, CardUsed
from game.engine.state import MOVE, Place

CARDS = """\
- {id: valen, name: Commander Reiji Valen, type: character, gender: male,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: kitsune, name: Kitsune, type: character, gender: female, categories: [Spirit],
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: daigo, name: Daigo, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- id: hall-of-quiet-foxes
  name: Hall of Quiet Foxes
  type: haven
  categories: [Haven, Sanctuary, Spirit]
  text: "A side hall of the moonlit shrine. The foxes are quiet because they are
    listening: once per Turn, discard a card at random to search your Draw pile for a
    Spirit card."
  effects:
    - "on": use
      cost: {discard: 1}
      do:
        - search: {category: Spirit}
- {id: gem, name: Gem, type: item}
- id: boost
  name: Boost
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you}, cost: {energy: 1},
       do: [{modify: {attack: "+2"}, to: target, for: turn}]}
"""


def foxes_scene(turn_seat: int = 1) -> tuple[Scene, int, int, int]:
    """Seat 0's Haven is the Hall (at (-1, 0)), two cards in its hand, a Spirit among
    its Draw pile; seat 1's Daigo and a Boost in its hand; `turn_seat`'s Move phase.
    Returns the scene, the Hall, Daigo and the Boost."""
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0), under=["gem"])  # (an Item to win: the game goes on)
    sc.location((1, 0), under=["gem"])
    hall = sc.card("hall-of-quiet-foxes", 0)
    sc.st.places[(-1, 0)] = Place(hall, "haven", 0)
    sc.st.seats[0].havens.append((-1, 0))
    sc.haven((2, 0), seat=1)
    sc.char("valen", (0, 0))
    daigo = sc.char("daigo", (1, 0), seat=1)
    sc.hand(0, "valen", "valen")
    sc.draw_pile(0, "daigo", "kitsune", "kitsune")
    sc.draw_pile(1, *["daigo"] * 8)
    boost, = sc.hand(1, "boost")
    sc.turn(MOVE, seat=turn_seat)
    return sc, hall, daigo, boost


def test_guideline_3_1_a_havens_ability_answers_another_players_flash_effect():
    sc, hall, daigo, boost = foxes_scene()
    assert not [a for a in sc.legal() if isinstance(a, UseCard)]  # seat 1 decides
    sc.do(PlayCard(boost, daigo))
    assert sc.st.current_seat() == 0
    assert set(sc.legal()) == {UseCard(hall), Pass()}
    ev = sc.do(UseCard(hall))
    assert of(ev, CardUsed) == [{"seat": 0, "card": hall, "target": None}]
    drawn, = [e.card for e in ev if isinstance(e, CardDrawn)]
    assert "Spirit" in sc.game.card(drawn).categories and drawn in sc.st.seats[0].hand
    # Once per Turn: the window goes on, seat 0 to answer still, with only its Pass.
    assert sc.st.current_seat() == 0 and sc.st.flash_stack
    assert sc.legal() == [Pass()]
    sc.refused(UseCard(hall), "no uses left this turn")
    sc.do(Pass())
    assert not sc.st.flash_stack


def test_uses_per_turn_a_havens_use_in_its_owners_turn_leaves_one_in_the_next():
    """Used in seat 0's own Move phase, the Hall is offered again in seat 1's Turn, in
    the Flash window of seat 1's Boost: "once per Turn" is each Turn's, whoever's."""
    sc, hall, daigo, boost = foxes_scene(turn_seat=0)
    sc.do(UseCard(hall))
    assert UseCard(hall) not in sc.legal()
    sc.until(MOVE, seat=1)
    sc.do(PlayCard(boost, daigo))
    assert sc.st.current_seat() == 0 and UseCard(hall) in sc.legal()
