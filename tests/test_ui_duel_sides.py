"""The duel panel's sides at a crowded Combat between players: each row says who
(the Character's name, whole) and what (what it does, whole) and keeps its numbers
(the other side's public Attack, Defense and Health: rulebook, Combat Between
Players), at 1280x720 too, where "Mi… charmed …" and "Mio… to declare, ordered not
to attack" told neither (s28 newcomer, shots 96_charm and 99_declare3)."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.ui.table import forecast, panels

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import TITLED, duel_panel, painted
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app

ANVIL = """\
- {id: anvil, name: Forward Base Anvil, type: haven, abilities: {attack: 4, defense: 5}}
"""


def numbers_drawn(monkeypatch, t) -> tuple[int, int]:
    """How many Characters' numbers (one's own Attack, Defense and Health, the other
    side's printed Attack and Defense and Health, s47w, or its Health alone where a row
    has room for no more) the duel panel makes, and of how many it draws some."""
    made: list[tuple[int, pygame.Surface]] = []
    for kind in ("stats", "health", "printed", "charm"):
        real = getattr(forecast, kind)
        monkeypatch.setattr(forecast, kind, lambda p, u, *a, _real=real: made.append(
            (u.card, _real(p, u, *a))) or made[-1][1])
    surf = Recorder(t.size)
    duel_panel(t)(t.painter([]), surf)
    monkeypatch.undo()
    return len({c for c, _ in made}), len({c for c, m in made
                                           if any(src is m for src, _ in surf.drawn)})


def crowded(orders: bool):
    """Seat 0's Valen, Pawlina, Akiko challenge seat 1's Daigo, Akiko and Kinako, seat
    1's Haven Forward Base Anvil next door (R35). Charm Combat: Pawlina charms Daigo,
    Kinako charms Valen; with `orders`, each Charmed one is ordered not to attack and
    the round is declared (else the Charm Combat goes on)."""
    from scene import Scene
    from game.engine.options import Options
    from game.engine.state import MOVE, Place
    sc = Scene(TITLED + ANVIL, seats=2, options=Options(charm_combat=True))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("valen", "pawlina", "akiko")]
    foes = [sc.char(c, (0, 0), seat=1) for c in ("daigo", "akiko", "kinako")]
    sc.st.places[(0, 1)] = Place(sc.card("anvil", 1), "haven", 1)
    sc.st.seats[1].havens.append((0, 1))
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)), A.CharmAttack(mine[1], foes[0]),
          A.CharmAttack(foes[2], mine[0]))
    while orders and sc.st.duel.stage in ("charm", "order"):
        legal = sc.legal()
        sc.do(next((a for a in legal if isinstance(a, A.Order) and a.order == "no-attack"),
                   None) or next(a for a in legal if isinstance(a, A.Proceed)))
    return sc, mine, foes


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("orders", [False, True])
def test_each_row_says_who_and_what_whole_and_keeps_its_numbers(make_app, monkeypatch,
                                                                size, orders):
    sc, mine, foes = crowded(orders)
    assert sc.st.duel.stage == ("declare" if orders else "charm")
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    made, drawn = numbers_drawn(monkeypatch, t)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    names = ["Reiji", "Pawlina", "Akiko", "Daigo", "Akiko (P2)", "Kinako"]
    assert set(names) <= set(said), said
    if orders:
        # Both Charmed ones (one a side) are ordered not to attack, said whole; every
        # Character keeps its Attack, Defense and Health; the Haven is named whole.
        assert sum("ordered not to attack" in w and not w.endswith("…") for w in said) == 2, said
        assert made == drawn == 6
        assert "Forward Base Anvil" in said and any(w.startswith("Haven") and
                                                    w.endswith("to declare") for w in said)
    else:
        # Charm Combat: who charmed whom, whole, beside each one's Charm.
        assert {"charmed by Kinako", "charmed by Pawlina"} <= set(said), said
        assert sum(w.startswith("Charm ") for w in said) >= 3, said
    assert not [w for w in said if w.endswith("…")], said
    # Nothing of the sides over anything else of them, nor outside the panel.
    surf = Recorder(t.size)
    duel_panel(t)(t.painter([]), surf)
    r = panels.duel_rect(t)
    side = pygame.Rect(r.x, r.y + 1, int(r.w * 0.34) + 10, r.h - 2)
    # (each by its pixels: a line's box is taller than its letters)
    drawn = [src.get_bounding_rect().move(b.topleft) for src, b in surf.drawn
             if side.contains(b) and b.y > r.y + 30]
    assert drawn and all(r.contains(b) for _, b in surf.drawn)
    over = [(a, b) for k, a in enumerate(drawn) for b in drawn[k + 1:] if a.colliderect(b)]
    assert not over, over


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_haven_two_decks_share_is_named_once(make_app, monkeypatch, size):
    """Mirror decks, each side's Fort fighting from next door (R35): its row read
    "Fort (P1) (Haven)". Now "Fort (P1)", said a Haven's in what it does. And each
    Character keeps its numbers where its name leaves them room."""
    from test_rules_duel import duel_scene as rules_duel, fort
    sc, _, _ = rules_duel(("hero", "dull", "tank"), ("hero", "tank"))
    fort(sc, (-1, 1), 0)
    fort(sc, (1, 1), 1)
    sc.do(A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.__dict__["_laid_alike"] = frozenset({"Fort"})  # as both decks' Havens (mirror decks)
    # Every Character's numbers, the Tanks' too ("Health 10/10" was dropped for width,
    # though the name beside them was four letters).
    assert numbers_drawn(monkeypatch, t) == (5, 5)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert {"Fort (P1)", "Fort (P2)"} <= set(said), said
    assert not [w for w in said if "(Haven)" in w or w.endswith("…")], said
    assert sum(w.startswith("Haven") for w in said) == 2, said
