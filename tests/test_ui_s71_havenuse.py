"""s71: a Haven's own ability from the mouse. The Hall of Quiet Foxes (the mirror
level's Haven: "once per Turn, discard a card at random to search your Draw pile for a
Spirit card") is used by an action keyed to its card, which nothing on the Field draws:
only the List of Actions (key A) sent it. The inspector showing one's own Haven now has
a button for each use offered (Basic Terms, Uses: once per Turn), which asks before it
pays and sends exactly that action; none for another player's Haven, and its ability
dimmed with why once it is not offered (used this Turn)."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A

import test_ui_table
from shots import table_shot
from test_ui_table import click, session, table

make_app = test_ui_table.make_app


def offered_use(s) -> list[A.UseCard]:
    """The uses of the viewer's own Havens the rules offer now."""
    v = s.view()
    mine = {p.card for p in v.places if p.kind == "haven" and p.owner == v.seat}
    return [a for a in s.legal() if isinstance(a, A.UseCard) and a.card in mine]


def at_the_hall(make_app, size):
    """The mirror level driven, not searched: seat 0 places what it is offered first,
    deals where first offered and ends phases, the AI seat playing its own, until the
    Hall's use is offered (seat 0's first Equip phase)."""
    s = session("levels/mirror.yaml", ["human", "ai:easy"])
    for _ in range(200):
        if not s.human_to_act():
            s.poll()
            continue
        if offered_use(s):
            break
        legal = s.legal()
        s.act(next((a for a in legal if isinstance(a, (A.PlaceCard, A.Deal))), None)
              or next((a for a in legal if isinstance(a, A.EndPhase)), legal[0]))
    (use,) = offered_use(s)
    assert s.game.card(use.card).name == "Hall of Quiet Foxes"
    app = make_app(size)
    t = table(app, s)
    return s, app, t, use


def haven_cell(t, seat: int) -> tuple:
    return next(p.cell for p in t.board.view.places if p.kind == "haven" and p.owner == seat)


def on_cell(app, t, cell) -> tuple[int, int]:
    """A point of the cell, brought into view, where no token stands."""
    t.camera.look_at(cell)
    app.step([], 0.016)
    r = t.lay.cells[cell]
    return next(at for at in ((r.x + r.w * i // 8, r.y + r.h * j // 8)
                              for j in range(1, 8) for i in range(1, 8))
                if t.hit(at) == ("cell", cell))


def look_at(app, t, cell) -> None:
    """A click on the Haven's cell: it only shows it."""
    click(app, on_cell(app, t, cell))
    assert t.inspect == cell and t.menu is None


def drawn_words(t, monkeypatch) -> list[str]:
    """The words the inspector draws (ink.fit) for what it shows now."""
    from game.ui.table import ink, panels
    said, real = [], ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, *a, **k: said.append(words) or
                        real(words, *a, **k))
    panels.inspector(t.painter([]), pygame.Surface(t.size), t.inspect, t.name)
    return said


def buttons(t) -> list:
    return [k[1] for _, k in t.hits if k[0] == "act" and isinstance(k[1], A.UseCard)]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_the_own_haven_s_ability_is_a_button_in_the_inspector(make_app, monkeypatch,
                                                                 size):
    s, app, t, use = at_the_hall(make_app, size)
    assert ("card", use.card) in t.board.click  # keyed to a card nothing drew
    look_at(app, t, haven_cell(t, 0))
    assert buttons(t) == [use]
    rect = next(r for r, k in t.hits if k == ("act", use))
    assert t.lay.inspector.contains(rect)
    table_shot(t, f"haven_button_{size[0]}")
    app.step([test_ui_table.mouse(pygame.MOUSEMOTION, rect.center, 0)], 0.016)
    assert "Hall of Quiet Foxes" in t.hint() and "Spirit" in t.hint(), t.hint()
    hand = set(s.view().seats[0].hand)
    before = len(s.record.actions)
    click(app, rect.center)  # it pays at once: asked first
    assert len(s.record.actions) == before and t.menu is not None
    assert t.menu.items[0][1] == use and t.menu.title.startswith("Cost: discard 1 card")
    table_shot(t, f"haven_confirm_{size[0]}")
    row = next(r for r, i in t.menu.rows_shown() if i == 0)
    click(app, row.center)
    assert s.record.actions[before:] == [use]
    for _ in range(20):
        app.step([], 0.05)
    said = [w for w, _ in t.log_lines[-6:]]
    assert "Player 1 used Hall of Quiet Foxes (P1)" in said and \
        any("(the cost of a use)" in w for w in said), said  # paid, then searched
    drawn = set(s.view().seats[0].hand) - hand
    assert len(drawn) == 1 and "Spirit" in s.game.card(drawn.pop()).categories
    # Once per Turn: no button now, its ability dimmed with why.
    look_at(app, t, haven_cell(t, 0))
    assert not buttons(t) and not offered_use(s)
    table_shot(t, f"haven_used_{size[0]}")
    assert "Not now: used this Turn." in drawn_words(t, monkeypatch)


def test_no_button_on_another_player_s_haven(make_app):
    s, app, t, use = at_the_hall(make_app, (1280, 720))
    look_at(app, t, haven_cell(t, 1))
    assert not buttons(t)
    for _ in range(10):  # the tiles' pictures, drawn once loaded
        app.step([], 0.05)
    table_shot(t, "haven_theirs_1280")


def test_the_mouse_player_uses_the_haven_by_its_button(make_app, monkeypatch):
    """The whole-game mouse driver (tests/mouse_player.py) reaches the Haven's use as a
    person does: its cell clicked, then the inspector's button, then Confirm."""
    from mouse_player import MousePlayer
    s, app, t, use = at_the_hall(make_app, (1280, 720))
    player = MousePlayer(app)
    monkeypatch.setattr(player, "decide", lambda t: use)
    assert player.act(t) == use
    assert player.used == {"click card": 1}


def test_the_haven_is_gold_while_its_use_is_offered(make_app, monkeypatch):
    """Found as a Character with an ability is (a gold outline), the pointer over it
    says where its use is; neither once it is used."""
    from game.ui.table import ink
    s, app, t, use = at_the_hall(make_app, (1280, 720))
    cell = haven_cell(t, 0)

    def gold() -> bool:
        lit = []
        monkeypatch.setattr(t, "_lit", lambda surface, key, colour, *a, **k:
                            lit.append((key, colour)))
        t._draw_highlights(pygame.Surface(t.size))
        monkeypatch.undo()
        return (("cell", cell), ink.GOLD) in lit
    at = on_cell(app, t, cell)
    app.step([test_ui_table.mouse(pygame.MOUSEMOTION, at, 0)], 0.016)
    assert gold() and t.hint().endswith("click it, then its Use button at the right."), t.hint()
    click(app, at)
    assert "Use button" not in t.hint()  # shown now
    assert t.send(use) and s.record.actions[-1] == use
    app.step([], 0.016)
    app.step([test_ui_table.mouse(pygame.MOUSEMOTION, on_cell(app, t, cell), 0)], 0.016)
    assert not gold() and "Use button" not in t.hint()
