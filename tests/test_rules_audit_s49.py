"""The audit of 2 Dec 2026 (s49): Card Requirements read while a card is used, for an
Enhancement as for every other card type. Each test names the section, guideline or
ruling it pins."""
from __future__ import annotations

import pytest
from scene import Scene, card_db

from game.engine import LoadError
from game.engine.abilities import active_enhancements, skill_count, total
from game.engine.actions import Transform, UseCard
from game.engine.state import MOVE, Lasting

CARDS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   skills: {Student: 1}, categories: [Alien],
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   skills: {Magic: 2},
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
- {id: gem, name: Gem, type: item}
- {id: notes, name: Cram Notes, type: enhancement, requires: {skills: {Student: 1}},
   bonuses: {attack: "+2"}}
- {id: ears, name: Cat Ears, type: enhancement, requires: {categories: [Alien]},
   bonuses: {defense: "+1"}}
- id: tutor
  name: Tutor
  type: enhancement
  requires: {skills: {Student: 1}}
  costs: {energy: "-1"}
  bonuses: {charm: "+1"}
  effects:
    - {"on": static, do: [{skill: {Genius: 1}}]}
- id: pep
  name: Pep Talk
  type: enhancement
  requires: {skills: {Student: 1}}
  effects:
    - {"on": use, do: [{modify: {charm: "+1"}, to: holder, for: turn}]}
"""


def _ume(sc: Scene, *enhancements: str) -> tuple[int, int]:
    """Seat 0's Ume with Enhancements on a Location, her second card kept aside."""
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0), enhancements=enhancements)
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.turn(MOVE)
    return ume, plum


def _less_student(sc: Scene, unit: int) -> None:
    """An anti-skill for the rest of the Turn, as a card's `skill: {Student: -1}` gives."""
    sc.st.add_lasting(Lasting(unit, unit, 0, skills=(("Student", -1),)))


def test_card_requirements_an_enhancement_whose_skill_is_gone_gives_nothing():
    """Card Requirements: "Some cards require certain skills ... in order to be used";
    Rules for Enhancements: an Enhancement "cannot be used" once what it asks is gone.
    The Cram Notes ask for a Student: Ume, a Student, has +2 Attack from them; with an
    anti-skill taking her Student away she has not, and once it lapses she has again."""
    sc = Scene(CARDS)
    ume, _ = _ume(sc, "notes")
    assert total(sc.st, sc.unit(ume), "attack") == 4
    _less_student(sc, ume)
    assert skill_count(sc.st, [sc.unit(ume)], "Student") == 0
    assert total(sc.st, sc.unit(ume), "attack") == 2
    assert active_enhancements(sc.st, sc.unit(ume)) == []
    sc.st.set_lasting([])
    assert total(sc.st, sc.unit(ume), "attack") == 4


def test_card_requirements_an_enhancement_stays_on_a_form_that_cannot_use_it():
    """Card Requirements with the Rules for Transforming Characters and for Enhancements
    ("only removed if the host card Killed, Bonked, Defeated, or Discarded"): Ume, a
    Student and an Alien, transforms into Plum, neither. Plum keeps the Cram Notes and
    the Cat Ears but uses neither (4 Attack, 4 Defense: her card's); back as Ume, both
    work again."""
    sc = Scene(CARDS)
    ume, plum = _ume(sc, "notes", "ears")
    assert (total(sc.st, sc.unit(ume), "attack"), total(sc.st, sc.unit(ume), "defense")) == (4, 4)
    sc.do(Transform(ume))
    p = sc.unit(plum)
    assert len(p.enhancements) == 2
    assert (total(sc.st, p, "attack"), total(sc.st, p, "defense")) == (4, 4)
    sc.st.seats[0].turns += 1  # her next Turn: the move is hers again
    sc.unit(plum).moved = 0
    sc.st.set_lasting([])
    sc.do(Transform(plum))
    u = sc.unit(ume)
    assert (total(sc.st, u, "attack"), total(sc.st, u, "defense")) == (4, 4)
    assert set(active_enhancements(sc.st, u)) == set(u.enhancements)


def test_card_requirements_an_unusable_enhancements_text_and_cost_are_off_R134():
    """Card Requirements and Rules for Enhancements ("If the cost becomes unpayable, the
    Enhancement cannot be used. Turn the card over"), R134: an Enhancement whose
    requirement its host no longer meets is turned over as one it cannot pay for: its
    text grants no Genius and its cost holds none of her Energy."""
    sc = Scene(CARDS)
    ume, _ = _ume(sc, "tutor")
    u = sc.unit(ume)
    assert skill_count(sc.st, [u], "Genius") == 1 and total(sc.st, u, "energy") == 1
    assert total(sc.st, u, "charm") == 4
    _less_student(sc, ume)
    assert skill_count(sc.st, [u], "Genius") == 0
    assert total(sc.st, u, "energy") == 2 and total(sc.st, u, "charm") == 3


def test_card_requirements_an_unusable_enhancements_use_is_refused_saying_why_R134():
    """Card Requirements, R134: Ume's Pep Talk (it asks for a Student) is hers to use; with
    her Student taken away it is not, and the refusal names the requirement, not Energy."""
    sc = Scene(CARDS)
    ume, _ = _ume(sc, "pep")
    pep, = sc.unit(ume).enhancements
    assert UseCard(pep, 0, None) in sc.legal()
    _less_student(sc, ume)
    assert UseCard(pep, 0, None) not in sc.legal()
    sc.refused(UseCard(pep, 0, None), "does not meet its requirement")


def test_card_requirements_an_enhancements_ability_requirement_is_refused_when_read_R134():
    """Card Requirements ("Ability N+: A specified ability of at least N") with R134: an
    Enhancement's requirement is read while its host's totals are worked out, the very
    totals an Ability N+ requirement reads; as for an Equipment, a Global Effect and an
    Item with bonuses, the card is refused where it is written, not played for ever."""
    with pytest.raises(LoadError, match="requires.abilities: an Ability N.*an Enhancement"):
        card_db("""\
- {id: boost, name: Boost, type: enhancement, requires: {abilities: {attack: 4}},
   bonuses: {attack: "+2"}}
""")


ROD = """\
- {id: rod, name: Rod, type: item, requires: {abilities: {attack: 4}}}
"""


@pytest.mark.parametrize("kind", ["enhancement", "global_effect"])
def test_card_requirements_another_card_whose_requirement_is_an_ability_is_refused_when_read(kind):
    """Card Requirements, Another Card ("Tsunami requires Tenchi, The Master Key, which
    in turn requires the Royalty skill"): the named Item's own requirement is read with
    it (abilities._has_card). On a card whose requirement is read in its beneficiary's
    totals (an Enhancement, R134; a Global Effect, Rules for Global Effects) an Item
    asking Attack 4 is read while that Attack is worked out: the game stopped with a
    RecursionError the first time a total was asked. It is refused where it is written."""
    with pytest.raises(LoadError, match="requires.cards: .*requiring 'rod'.*Ability N"):
        card_db(ROD + f"""\
- {{id: boost, name: Boost, type: {kind}, requires: {{cards: [rod]}}, bonuses: {{attack: "+2"}}}}
""")


def test_card_requirements_another_card_asking_an_ability_still_loads_on_a_location():
    """Control: a Location's requirement is read when a group Scavenges, never inside a
    total, so a Location may require the same Rod (as the Tsunami requires the Key)."""
    db = card_db(ROD + """\
- {id: vault, name: Vault, type: location, requires: {cards: [rod]}}
""")
    assert db["vault"].requires.cards == ("rod",)
