"""Charm Combat Between Players in the window: the panel says what its buttons do.

At 960x540 a Charm Combat of one Character a side showed "Akiko charms Sayo" and
"Go on" over an empty column, nothing said of either. The stage's rules (Charm Combat
Between Players: turns, the Combat card each, higher Charm, twice to Charm back, a
break, the orders after) are said under the buttons, in whole sentences, only where
they fit: never over a button, never past the panel."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.ui.table import ink, panels
from game.ui.table.panels.duel_panel import HOW

from test_ui_combat_panel import duel_panel, titled_duel
import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


class _Surface(pygame.Surface):
    """A surface that remembers where each text was put."""

    def __init__(self, size, texts: dict):
        super().__init__(size)
        self.texts, self.put = texts, []

    def blit(self, source, dest, *a, **k):
        if id(source) in self.texts:
            at = dest.topleft if isinstance(dest, pygame.Rect) else tuple(dest)[:2]
            self.put.append((self.texts[id(source)], pygame.Rect(at, source.get_size())))
        return super().blit(source, dest, *a, **k)


def _drawn(monkeypatch, t):
    """Each text the duel panel draws with its rectangle, which of them are rows of the
    stage's sentences (as the panel wrapped them), and what it made clickable."""
    from game.ui.table.panels import duel_panel as dp
    texts, rows, label, wrapped = {}, set(), ink.label, dp.wrapped

    def labelled(words, *a, **k):
        img = label(words, *a, **k).copy()  # a copy: the kept one may be shared
        texts[id(img)] = words
        return img

    def wrapping(*a):
        rows.update(out := wrapped(*a))
        return out
    monkeypatch.setattr(ink, "label", labelled)
    monkeypatch.setattr(dp, "wrapped", wrapping)
    p = t.painter([])
    surf = _Surface(t.size, texts)
    duel_panel(t)(p, surf)
    return [(w, r) for w, r in surf.put if w in rows], p.hits


def _charm_duel(make_app, size, mine, theirs):
    sc, mine, foes = titled_duel(charm=True, mine=mine, theirs=theirs)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    assert s.view().duel.stage == "charm"
    return t


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_charm_combat_between_players_says_what_its_buttons_do(make_app, monkeypatch, size):
    """One a side, two buttons: every sentence of the stage's rules is drawn whole,
    under the buttons and inside the panel."""
    t = _charm_duel(make_app, size, ("akiko",), ("daigo",))
    put, hits = _drawn(monkeypatch, t)
    buttons = [r for r, k in hits if k[0] == "act"]
    assert {type(k[1]) for _, k in hits if k[0] == "act"} == {A.CharmAttack, A.Proceed}
    said = " ".join(w for w, _ in put)
    for sentence in HOW["charm"]:
        assert " ".join(sentence.split()) in " ".join(said.split()), sentence
    panel = panels.duel_rect(t.painter([]))
    lines = [r for _, r in put]
    assert lines and all(panel.contains(r) for r in lines)
    assert all(r.top >= max(b.bottom for b in buttons) for r in lines)


def test_charm_hint_gives_way_to_the_buttons(make_app, monkeypatch):
    """Three a side at 960x540: nine charms and Go on fill the column; the sentences
    that do not fit are left out whole, none drawn over a button or past the panel."""
    t = _charm_duel(make_app, (960, 540), ("valen", "pawlina", "akiko"),
                    ("daigo", "mika", "akiko"))
    put, hits = _drawn(monkeypatch, t)
    buttons = [r for r, k in hits if k[0] == "act"]
    panel = panels.duel_rect(t.painter([]))
    lines = [r for _, r in put]
    assert not [r for r in lines if r.collidelist(buttons) != -1 or not panel.contains(r)]
    # Whole sentences, in order, as many as fit: the first k of them, no part of one.
    drawn = " ".join(" ".join(w for w, _ in put).split())
    whole = [" ".join(" ".join(HOW["charm"][:k]).split()) for k in range(len(HOW["charm"]) + 1)]
    assert drawn in whole, drawn


def test_charm_orders_say_what_an_order_is(make_app, monkeypatch):
    """Akiko (Charm 5) Charms Daigo (2); nobody else can charm: the orders come (Charm
    Combat Between Players: "each Character can make the Character it Charmed perform
    1 action, or prevent 1 action"), and the panel says so under its buttons."""
    sc, mine, foes = titled_duel(charm=True, mine=("akiko",), theirs=("daigo",))
    sc.do(A.CharmAttack(mine[0], foes[0]))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (960, 540)), s)
    assert s.view().duel.stage == "order"
    put, hits = _drawn(monkeypatch, t)
    assert {type(k[1]) for _, k in hits if k[0] == "act"} == {A.Order}
    assert " ".join(" ".join(w for w, _ in put).split()) == " ".join(HOW["order"][0].split())


def test_charm_combat_says_its_rules_while_the_other_side_chooses(make_app, monkeypatch):
    """Player 1 went on; Player 2 now chooses whom to charm. The panel said only
    "Waiting for Player 2…" over an empty column, the moment a newcomer has to read:
    the stage's rules are said under it too."""
    sc, mine, foes = titled_duel(charm=True, mine=("akiko",), theirs=("daigo",))
    sc.do(A.Proceed())
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc, (1280, 720))
    app.play(s)  # not stepped: the AI seat has not chosen yet
    t = app.top
    d = t.board.view.duel
    assert t.board.view.seat == 0 and d.stage == "charm" and d.to_act == 1
    put, hits = _drawn(monkeypatch, t)
    assert not [k for _, k in hits if k[0] == "act"]
    said = " ".join(" ".join(w for w, _ in put).split())
    assert said == " ".join(" ".join(HOW["charm"]).split()), said
