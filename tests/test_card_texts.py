"""The shipped cards do what their printed text says (docs/RULINGS.md R1: card text
beats the rulebook). Each test builds a scene with the real cards of
assets/cards/*.yaml, loaded by the real loader, and quotes the words of the card's
text that it checks."""
from __future__ import annotations

from pathlib import Path

import yaml
from scene import Scene

from game.engine import special
from game.engine.actions import PlayCard, UseCard
from game.engine.memo import reading
from game.engine.options import Options
from game.engine.state import DISCARD, EQUIP, MAINTENANCE, MOVE, OffField

CARD_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards"

# Small fixture cards beside the real ones: a plain Character and a Flash Effect to
# open a Flash window with.
FIXTURES = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 2}}
- id: boost
  name: Boost
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+2"}, to: target, for: turn}]}
"""


def real_cards(*ids: str) -> str:
    """The shipped entries of these card ids, as YAML for a Scene."""
    found = {}
    for path in sorted(CARD_DIR.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or ():
            if entry["id"] in ids:
                found[entry["id"]] = entry
    missing = set(ids) - set(found)
    assert not missing, f"no such shipped card: {sorted(missing)}"
    # `on` is quoted: YAML would read a bare `on` key as true.
    text = yaml.safe_dump([found[i] for i in ids], sort_keys=False, allow_unicode=True)
    return text.replace("\n  - on:", "\n  - \"on\":").replace("- on:", "- \"on\":")


class CardScene(Scene):
    """A Scene whose Game also knows the cards added to it that have a static effect."""

    def card(self, card, seat: int = 0) -> int:
        i = super().card(card, seat)
        if self.game.card(i).effects_on("static"):
            self.game.has_static = self.game.has_static | {i}
        return i


def scene(*ids: str, seats: int = 2) -> CardScene:
    """Real cards `ids` beside the fixtures; a Location at (0, 0), seat 0's Haven at
    (1, 0) and seat 1's at (2, 0); seat 0's Move phase."""
    sc = CardScene(FIXTURES + real_cards(*ids), seats=seats,
                   options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.haven((1, 0))
    if seats > 1:
        sc.haven((2, 0), seat=1)
    for s in range(seats):
        sc.combat_pile(s, *["blank"] * 8)
    return sc.turn(MOVE)


def off_field(sc: Scene, card: str, seat: int) -> int:
    i = sc.card(card, seat)
    sc.st.off_field.append(OffField(i, seat))
    return i


# Global Effects ------------------------------------------------------------------

def test_pirate_radio_anthem_use_in_your_turn_not_in_an_opponents():
    """Pirate Radio Anthem: "Use in your Turn: all your Characters get +1 Attack and
    +1 Movement for this Turn and your next." Answering a Flash Effect in another
    player's Move phase is not in your Turn."""
    sc = scene("pirate-radio-anthem")
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    anthem = off_field(sc, "pirate-radio-anthem", 1)
    boost, = sc.hand(0, "boost")
    sc.do(PlayCard(boost, hero))
    assert sc.st.current_seat() == 1
    assert UseCard(anthem) not in sc.legal()
    # In its own player's Turn it is used.
    sc.st.flash_stack.clear()
    sc.st.pending.pop()
    sc.turn(MOVE, seat=1)
    assert UseCard(anthem) in sc.legal()


def test_training_arc_use_in_your_turn_not_in_an_opponents():
    """Training Arc: "Use in your Turn: one of your Characters in your Haven pays 1
    Energy ..." Answering a Flash Effect in another player's Equip phase is not in
    your Turn."""
    sc = scene("training-arc")
    hero = sc.char("hero", (0, 0))
    home = sc.char("hero", (2, 0), seat=1)
    arc = off_field(sc, "training-arc", 1)
    boost, = sc.hand(0, "boost")
    sc.turn(EQUIP).do(PlayCard(boost, hero))
    assert sc.st.current_seat() == 1
    assert UseCard(arc, 0, home) not in sc.legal()
    sc.st.flash_stack.clear()
    sc.st.pending.pop()
    sc.turn(EQUIP, seat=1)
    assert UseCard(arc, 0, home) in sc.legal()


def test_pirate_radio_anthem_use_in_every_phase_of_your_turn():
    """Pirate Radio Anthem: "Use in your Turn": the Discard phase is in your Turn too,
    and so is a Combat in your Maintenance phase (a Disaster that moved onto you)."""
    sc = scene("pirate-radio-anthem")
    sc.char("hero", (0, 0), seat=1)
    anthem = off_field(sc, "pirate-radio-anthem", 1)
    sc.hand(1, "hero")
    sc.turn(DISCARD, seat=1)
    assert UseCard(anthem) in sc.legal()
    sc.turn(MAINTENANCE, seat=1)
    with reading(sc.st):
        assert UseCard(anthem) in special.candidates(sc.st, 1)


def test_training_arc_use_in_every_phase_of_your_turn():
    """Training Arc: "Use in your Turn: one of your Characters in your Haven ...": in
    your Discard phase too."""
    sc = scene("training-arc")
    home = sc.char("hero", (2, 0), seat=1)
    arc = off_field(sc, "training-arc", 1)
    sc.hand(1, "hero")
    sc.turn(DISCARD, seat=1)
    assert UseCard(arc, 0, home) in sc.legal()
