"""Rules for Transforming Characters (rulebook) and guideline 2.5, with Deck Construction's
"both cards, one counted" (transforming.py, decks.py; docs/RULINGS.md R43).

Where the two books differ the rulebook is followed (R1): a Character transforms in
the Move phase by sacrificing its move, not "anytime" with "no action for 1 Turn",
and a deck without the alternate card is not legal, so no Character ever transforms
"to change stats" without its Skills.
"""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from scene import Scene
from zones import conservation_problems

from game.engine import LoadError, apply, legal_actions, view
from game.engine.abilities import skill_count, total
from game.engine.actions import AskPermission, Declare, Fight, Move, PlayCard, RunAway, Transform, parse
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.cards import Modifier
from game.engine.decks import DEFAULT_DECKS_DIR, check_deck, check_legal, load_deck
from game.engine.events import Transformed
from game.engine.game import Game
from game.engine.state import EQUIP, MOVE, SCAVENGE, Lasting, OffField, Unit
from game.engine.worlds import sample_world
from game.ui.table.model import Board
from game.ui.table.words import action_text, event_text

CARDS = """\
- {id: ume, name: Ume, type: character, gender: female, other_form: plum,
   skills: {Swimming: 1},
   abilities: {attack: 2, defense: 3, movement: 2, charm: 3, energy: 2}}
- {id: plum, name: Plum, type: character, gender: female, other_form: ume,
   skills: {Magic: 2},
   abilities: {attack: 4, defense: 4, movement: 3, charm: 5, energy: 3}}
- {id: pal, name: Pal, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: gem, name: Gem, type: item}
- {id: kettle, name: Kettle, type: equipment, bonuses: {defense: "+1"}}
- {id: ribbon, name: Ribbon, type: enhancement, bonuses: {attack: "+1"}}
- {id: ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 1, defense: 30, movement: 1}}
- id: gust
  name: Gust
  type: disaster
  class: major
  abilities: {attack: 1, defense: 30, movement: 1}
  effects:
    - {"on": combat_round, target: {select: character}, do: [{send_home: true, to: target}]}
- {id: fog, name: Fog, type: disaster, class: minor, defeat: {males: 3},
   endure: {modifiers: {movement: "-1"}}}
"""


def scene(seats: int = 1) -> tuple[Scene, int, int]:
    """Seat 0's Ume on a Location next to its Haven, her second card kept aside."""
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0), under=["gem"])  # not all Scavenged: the game goes on (R14)
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.turn(MOVE)
    return sc, ume, plum


def test_rules_for_transforming_characters_sacrifices_the_move():
    """"You may transform a Character from one form to another during the Movement phase
    by sacrificing that Character's move": offered in the Move phase to a Character that
    has not moved; afterwards the new form has no move left this Turn, and next Turn it
    may move, or transform back."""
    sc, ume, plum = scene()
    assert Transform(ume) in sc.legal()
    assert parse(str(Transform(ume))) == Transform(ume)
    sc.do(Transform(ume))
    assert plum in sc.st.units and ume not in sc.st.units
    assert not [a for a in sc.legal() if isinstance(a, (Move, Transform))]
    sc.refused(Move((plum,), (0, 1)), "cannot move this Turn")
    sc.refused(Transform(plum), "no move left")
    sc.until(MOVE)
    assert Move((plum,), (0, 1)) in sc.legal() and Transform(plum) in sc.legal()
    sc.do(Move((plum,), (0, 1)))
    sc.refused(Transform(plum), "no move left")  # it has used its move


def test_rules_for_transforming_characters_only_in_the_movement_phase():
    """The rulebook names the Movement phase; guideline 2.5's "may transform anytime"
    gives way to it (R1)."""
    sc, ume, _ = scene()
    for phase in (EQUIP, SCAVENGE):
        sc.turn(phase)
        assert Transform(ume) not in sc.legal()
        sc.refused(Transform(ume), "Move phase")


def test_rules_for_transforming_characters_first_form_leaves_play_second_comes_in():
    """"Remove the card for the first form from play when the Character transforms, and
    bring in the second card": the first card is kept out of play (not Discarded), and
    the same card comes back when she transforms back."""
    sc, ume, plum = scene()
    ev = sc.do(Transform(ume))
    assert [e for e in ev if isinstance(e, Transformed)] == [Transformed(0, plum, ume, (0, 0))]
    s = sc.st.seats[0]
    assert s.forms == [ume] and ume not in s.discard and ume not in s.hand
    assert total(sc.st, sc.unit(plum), "attack") == 4
    assert skill_count(sc.st, [sc.unit(plum)], "Magic") == 2
    assert skill_count(sc.st, [sc.unit(plum)], "Swimming") == 0
    sc.until(MOVE)
    sc.do(Transform(plum))
    assert ume in sc.st.units and s.forms == [plum]


def test_rules_for_transforming_characters_the_new_form_is_the_same_character_R43():
    """R43: the second card comes in as the same Character: where she stands, her group,
    her Items, Equipment and Enhancements, her Damage, and what lasts on her."""
    sc, ume, plum = scene()
    pal = sc.char("pal", (0, 0))
    u = sc.unit(ume)
    u.items = sc.cards(["gem"])
    u.equipment = sc.cards(["kettle"])
    u.enhancements = sc.cards(["ribbon"])
    u.damage = 1
    u.arrived = 7
    sc.st.add_lasting(Lasting(pal, ume, 0, mods=(Modifier("attack", "+", 2),),
                              until="turns", turns_left=2))
    sc.st.off_field.append(OffField(sc.card("fog"), 0, chars=(ume, pal), turns_left=2))
    items, equipment, enhancements = u.items[:], u.equipment[:], u.enhancements[:]
    sc.do(Transform(ume))
    p = sc.unit(plum)
    assert (p.pos, p.owner, p.damage, p.arrived) == ((0, 0), 0, 1, 7)
    assert (p.items, p.equipment, p.enhancements) == (items, equipment, enhancements)
    assert total(sc.st, p, "attack") == 4 + 2 + 1  # her printed 4, the lasting +2, Ribbon
    assert total(sc.st, p, "movement") == 3 - 1  # the Fog she endures goes on
    assert sc.st.off_field[0].chars == (plum, pal)
    assert {c.card for c in sc.st.chars_at(0, (0, 0))} == {plum, pal}


def test_rules_for_transforming_characters_cannot_be_moved_that_turn_except_by_a_disaster():
    """"A Character that is transforming cannot be moved that Turn except by a Disaster":
    her group cannot Run Away with her, but a Disaster may still send her home."""
    sc, ume, plum = scene()
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.do(Fight(ogre))
    assert RunAway() in sc.legal()  # before she transforms, her group may run
    sc, ume, plum = scene()
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.do(Transform(ume), Fight(ogre))
    assert RunAway() not in sc.legal()
    sc.refused(RunAway(), "transformed")

    sc, ume, plum = scene(seats=2)
    sc.haven((-1, 0), seat=1)
    assert AskPermission((-1, 0)) in sc.legal()  # to stop at another player's Haven
    sc.do(Transform(ume))
    assert AskPermission((-1, 0)) not in sc.legal()

    sc, ume, plum = scene()
    gust = sc.disaster("gust", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.do(Transform(ume), Fight(gust))
    assert sc.unit(plum).pos == (1, 0)  # the Disaster sent her to her Haven


def test_guideline_2_5_no_action_for_a_turn_gives_way_to_the_rulebook():
    """Guideline 2.5 says a transformed Character has "no action for 1 Turn"; the
    rulebook's price is the move only (R1): she may still fight this Turn."""
    sc, ume, plum = scene()
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.do(Transform(ume))
    assert Fight(ogre) in sc.legal()
    sc.do(Fight(ogre))
    assert Declare(plum, "attack") in sc.legal()


def test_rules_for_transforming_characters_only_with_the_other_card_kept_aside():
    """"1-card transforming Characters only transform when the conditions on the cards are
    met": the engine offers no transformation to a Character without a second card (its
    card text does it); nor to a 2-card one whose other card is not kept aside."""
    sc, ume, plum = scene()
    pal = sc.char("pal", (0, 1))
    assert Transform(pal) not in sc.legal()
    sc.refused(Transform(pal), "2-card transforming")
    sc.st.seats[0].forms = []
    sc.st.seats[0].hand = [plum]
    assert Transform(ume) not in sc.legal()


def test_rules_for_transforming_characters_a_player_never_has_both_forms_in_play():
    """"A single player cannot have both forms of a transforming Character in play at the
    same time": the other form cannot be played from the hand while one is in play."""
    sc, ume, plum = scene()
    sc.st.seats[0].forms = []
    sc.st.seats[0].hand = [plum]
    sc.turn(EQUIP)
    assert PlayCard(plum) not in sc.legal()
    sc.refused(PlayCard(plum), "both")
    sc.st.seats[0].hand = sc.cards(["pal"])
    assert PlayCard(sc.st.seats[0].hand[0]) in sc.legal()  # another Character may come in


def test_rules_for_transforming_characters_the_card_aside_is_seen_by_its_owner_only():
    """R16 with "Keep the second card out of play": its owner knows which card it keeps
    aside, the others only how many; a transformation is public."""
    sc, ume, plum = scene(seats=2)
    mine, theirs = view(sc.st, 0), view(sc.st, 1)
    assert mine.seats[0].forms == (plum,) and plum in dict(mine.known)
    assert theirs.seats[0].forms is None and theirs.seats[0].forms_size == 1
    assert plum not in dict(theirs.known)
    ev = sc.do(Transform(ume))
    shown, = [e for e in ev if isinstance(e, Transformed)]
    assert shown.for_seat(1) == shown
    theirs = view(sc.st, 1)
    assert plum in dict(theirs.known) and ume not in dict(theirs.known)


# Deck Construction -----------------------------------------------------------------
DB = load_cards(DEFAULT_CARDS_DIR)
HOT_SPRINGS = load_deck(DEFAULT_DECKS_DIR / "hot-springs-heroes.yaml", DB)


def test_deck_construction_both_cards_of_a_transforming_character_one_counted():
    """"You must have both cards for 2-card transforming Characters to use either in your
    deck. One counts towards your deck, the other does not. Keep the second card out of
    play": the shipped deck keeps Magical Guardian Plum in `other_forms`, uncounted (its
    Disasters are worked out from the Power cards without her); without her the deck is
    not legal, and a game keeps her out of every pile."""
    assert HOT_SPRINGS.other_forms == ("magical-guardian-plum",)
    assert check_deck(HOT_SPRINGS, DB) == []
    assert "magical-guardian-plum" not in HOT_SPRINGS.all_cards()
    problems = check_deck(replace(HOT_SPRINGS, other_forms=()), DB)
    assert any("must be in other_forms" in p for p in problems), problems
    game = Game(DB, [HOT_SPRINGS])
    st = game.new_state(1)
    aside, = st.seats[0].forms
    assert game.card(aside).id == "magical-guardian-plum"
    s = st.seats[0]
    assert aside not in s.hand + s.draw and aside not in st.units


def test_guideline_2_5_both_forms_cannot_count_in_a_deck():
    """Guideline 2.5: "You cannot have both forms of a transforming Character in your
    deck", read with the rulebook's "One counts towards your deck, the other does not"."""
    power = HOT_SPRINGS.power + (("magical-guardian-plum", 1),)
    both = replace(HOT_SPRINGS, power=power, other_forms=())
    assert any("both forms" in p for p in check_deck(both, DB))
    twice = replace(HOT_SPRINGS, power=power)
    assert any("not counted itself" in p for p in check_deck(twice, DB))
    stray = replace(HOT_SPRINGS, other_forms=("magical-guardian-plum", "fumiko-yumoto"))
    assert any("fumiko-yumoto" in p for p in check_deck(stray, DB))


def test_deck_construction_other_forms_take_characters_only(tmp_path: Path):
    """A deck file's `other_forms` names Characters: one clear error with its line."""
    text = (DEFAULT_DECKS_DIR / "hot-springs-heroes.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("other_forms: [magical-guardian-plum]",
                                "other_forms: [haymaker]"), encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("other_forms"))
    with pytest.raises(LoadError) as err:
        load_deck(bad, DB)
    assert (err.value.line, err.value.field) == (line, "other_forms")
    assert "character" in err.value.message


def test_rules_for_transforming_characters_a_sampled_world_keeps_the_cards_aside():
    """R16: the AI's worlds (worlds.py) keep each seat's cards aside as its view shows
    them, before and after a transformation; the other seat's are dealt again."""
    game = Game(DB, [HOT_SPRINGS, HOT_SPRINGS])
    st = game.new_state(3)
    while st.pending and type(st.top).__name__ in ("Placement", "Dealing"):  # setup
        apply(st, legal_actions(st)[0])
    s = st.seats[0]
    ume = next(c for c in s.hand + s.draw if game.card(c).id == "ume-hanamaki")
    (s.hand if ume in s.hand else s.draw).remove(ume)
    st.add_unit(Unit(ume, 0, s.havens[0]))
    st.phase, st.turn_seat = MOVE, 0
    for seat in (0, 1):
        v = view(st, seat)
        w = sample_world(game, v, random.Random(seat))
        assert view(w, seat) == v and not conservation_problems(w)
    apply(st, Transform(ume))
    for seat in (0, 1):
        v = view(st, seat)
        w = sample_world(game, v, random.Random(seat))
        assert view(w, seat) == v and not conservation_problems(w)
        assert w.seats[0].forms == [ume]  # Plum is in play, so Ume is the card aside


def test_rules_for_transforming_characters_the_window_offers_and_tells_it():
    """The window's click on the Character offers the transformation, the All actions
    list names it, and the log tells it (game/ui/table: model.py, words.py)."""
    sc, ume, plum = scene()
    board = Board(view(sc.st, 0), sc.legal(), sc.db)
    assert Transform(ume) in board.click[("unit", ume)]
    name = {ume: "Ume", plum: "Plum"}.get
    assert action_text(Transform(ume), name) == "Transform Ume (instead of moving)"
    shown, = [e for e in sc.do(Transform(ume)) if isinstance(e, Transformed)]
    assert event_text(shown, name, str) == ("Ume transforms into Plum", plum)


def test_deck_construction_a_transformer_without_its_other_card_is_one_error_line(tmp_path):
    """Every way into a game (check_legal) refuses the deck in one line naming the file
    and the line of the Character whose other card is missing."""
    text = (DEFAULT_DECKS_DIR / "hot-springs-heroes.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("other_forms: [magical-guardian-plum]\n", ""), encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.strip() == "ume-hanamaki: 1")
    with pytest.raises(LoadError) as err:
        check_legal([load_deck(bad, DB)], DB)
    assert str(err.value).startswith(f"{bad}:{line}: deck is not legal: Ume Hanamaki")
    assert "\n" not in str(err.value)


RETREAT = """\
- id: retreat
  name: Retreat
  type: flash_effect
  effects:
    - "on": play
      target: {select: character, owner: you}
      do:
        - send_home: true
          to: group
"""


def test_rules_for_transforming_characters_a_players_card_does_not_move_her_that_turn():
    """Rules for Transforming Characters: "A Character that is transforming cannot be
    moved that Turn except by a Disaster." A player's own card that sends her group
    home (Tactical Retreat, Starhopper Dinghy) takes the rest of the group and leaves
    her where she transformed; the next Turn it may take her."""
    sc = Scene(CARDS + RETREAT)
    sc.location((0, 0), under=["gem"])
    sc.location((0, 1), under=["gem"])
    sc.haven((1, 0))
    ume = sc.char("ume", (0, 0))
    pal = sc.char("pal", (0, 0))
    plum = sc.card("plum")
    sc.st.seats[0].forms = [plum]
    sc.turn(MOVE)
    sc.do(Transform(ume))
    retreat, = sc.hand(0, "retreat")
    sc.do(PlayCard(retreat, pal))
    assert sc.unit(pal).pos == (1, 0)  # the rest of the group goes home
    assert sc.unit(plum).pos == (0, 0)  # she transformed this Turn: she stays
    sc.until(MOVE)
    retreat, = sc.hand(0, "retreat")
    sc.do(PlayCard(retreat, plum))
    assert sc.unit(plum).pos == (1, 0)
