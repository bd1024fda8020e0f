"""The shipped cards' audit of 30 Nov 2026, part A (characters, disasters, combat,
locations): clauses whose timing or target the engine played otherwise than the card
says (R1: card text first). Each test names the card and quotes the clause."""
from __future__ import annotations

import random

from scene import card_db, empty_deck
from test_cards import CELL, DB, FAR, HAVEN, CardScene
from test_cards_audit_s27 import end_turn

from game.engine.actions import Challenge, Declare, Fight, UseCard
from game.engine.cards import CardDB
from game.engine.game import Game
from game.engine.options import Options
from game.engine.state import MOVE, GameState, SeatState
from game.engine.turns import PhaseStep

# Star out-charms any shipped Disaster (Charm 12; the Doom-Doom Girls have 6).
STAR = """\
- {id: t-star, name: Star, type: character, gender: female,
   abilities: {attack: 3, defense: 9, movement: 2, charm: 12, energy: 2}}
"""
STAR_DB = CardDB({**DB.cards, **card_db(STAR).cards})


class CharmScene(CardScene):
    """A CardScene with Charm Combat on (R12) that also knows Star."""

    def __init__(self):
        self.db = STAR_DB
        self.game = Game(STAR_DB, [empty_deck(s) for s in range(2)], Options())
        self.st = GameState(self.game, random.Random(0), [SeatState(turns=1) for _ in range(2)],
                            phase=MOVE, pending=[PhaseStep()])
        self.cancelled = []


def board(sc: CardScene) -> CardScene:
    sc.location(CELL)
    sc.location(FAR)
    sc.haven(HAVEN)
    sc.haven((2, 2), seat=1)
    sc.hand(0, "t-rock", "t-rock")
    sc.hand(1, "t-rock", "t-rock")
    sc.combat_pile(0, *["blank"] * 20)
    sc.combat_pile(1, *["blank"] * 20)
    return sc


def test_doom_doom_girls_keep_their_stage_dive_while_they_target_nobody():
    """Doom-Doom Girls: "Stage dive: once per game, the Character they target is Bonked."
    Rules for Disasters: "If the instructions of a Disaster with Movement are not
    applicable then the instructions are ignored until they are applicable"; Charm Combat
    with Disasters: "If a Character wins Charm Combat against a Disaster, that Disaster
    cannot attack the Character until the Character attacks that Disaster." Both Stars
    out-charm the Girls, so the first round they target nobody: nothing is Bonked and the
    once-per-game use is kept. When one Star attacks them, the next round they target
    her, and she is Bonked (the engine spent the use on nobody in the first round)."""
    sc = board(CharmScene())
    a, b = sc.char("t-star", CELL), sc.char("t-star", CELL)
    doom = sc.disaster("doom-doom-girls", CELL)
    sc.turn(MOVE).do(Fight(doom))
    assert sc.st.combat.target == -1 and sorted(sc.st.combat.resisted) == sorted([a, b])
    assert sc.st.uses.get((doom, 0), 0) == 0
    sc.do(Declare(a, "attack"), Declare(b, "none"))
    assert a not in sc.st.units and b in sc.st.units  # a, the one target left, Bonked
    assert sc.st.uses[(doom, 0)] == 1


def test_dupli_kit_is_no_decoy_in_combat_between_players():
    """Dupli-Kit: "Once per Combat round he becomes the Disaster's target in place of the
    Character it picked." In Combat Between Players there is no Disaster and nothing
    picked: the use is not offered (the engine offered it, and it did nothing but spend
    the round's use). In Combat with a Disaster it is."""
    sc = board(CardScene())
    kit = sc.char("dupli-kit", CELL)
    sc.char("t-rival", CELL, seat=1)
    sc.turn(MOVE).do(Challenge(1, CELL))
    assert sc.st.duel is not None
    assert not any(isinstance(x, UseCard) and x.card == kit for x in sc.legal())

    sc = board(CardScene())
    kit = sc.char("dupli-kit", CELL)
    sc.char("t-pal", CELL, items=["t-gem"])
    ogre = sc.disaster("t-ogre", CELL)
    sc.turn(MOVE).do(Fight(ogre))
    assert sc.st.combat.target != kit
    sc.do(UseCard(kit, 0, None))
    assert sc.st.combat.target == kit


def test_vending_machine_mimic_keeps_its_discard_while_the_hand_is_empty():
    """Vending Machine Mimic: "once per game, the player of the Character it targets
    discards a card at random." Rules for Disasters: "If the instructions of a Disaster with
    Movement are not applicable then the instructions are ignored until they are
    applicable." Pal's player holds no card: nothing is discarded, and the once-per-game
    use is kept (the engine spent it on the empty hand); in a later Turn, with two cards
    in the hand, one is discarded."""
    sc = board(CardScene())
    pal = sc.char("t-pal", CELL)
    sc.st.seats[0].hand.clear()
    mimic = sc.disaster("vending-machine-mimic", CELL)
    sc.turn(MOVE).do(Fight(mimic))
    assert sc.st.combat.target == pal and sc.st.uses.get((mimic, 0), 0) == 0
    end_turn(sc)
    sc.hand(0, "t-rock", "t-rock")
    sc.unit(pal).damage = 0
    sc.do(Fight(mimic))
    assert len(sc.st.seats[0].hand) == 1 and sc.st.uses[(mimic, 0)] == 1
