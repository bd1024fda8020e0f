"""Tokens gone from the Field are drawn where their cell is now, not where it was when
they went: a Combat's end moves the camera (its panel closes, the Field slides), and a
Defeated Disaster's fade showed at the wrong cell. A Character Killed says where it
stood that it goes to its owner's discard pile, as a Bonked one says it is out for a
turn (the same plate, the same code)."""
from __future__ import annotations

import pytest

from game.engine import events as E
from game.ui.settings import Settings
from game.ui.table import ink
from game.ui.table.anims import Fallen, Linger
from game.ui.table.tiles import header

import test_ui_table
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import _last_blow, titled_duel
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def normal(make_app, sc, seats, size):
    s = scene_session(sc, seats)
    app = scene_app(make_app, sc, size)
    app.settings = Settings(anim_speed="normal")
    t = table(app, s)
    t.clock.factor = app.settings.anim_factor
    return s, t


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_defeated_disaster_fades_where_its_cell_is_now(make_app, size):
    """The Crow's last blow: its token stays till the hit plays, then fades. The camera
    moves meanwhile (here a zoom): the token goes with its cell, at its place and size
    in it."""
    from game.engine import actions as A
    sc, valen, crow = _last_blow()
    s, t = normal(make_app, sc, ["human"], size)
    cell = sc.unit(crow).pos
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    linger = next(a for a in t.animator.anims if isinstance(a, Linger))

    def drawn():
        rec = Recorder(t.size)
        linger.draw(rec)
        return rec.drawn[-1][1], t.lay.cells[cell]

    at0, r0 = drawn()
    (x0, y0), w0 = at0.center, at0.w
    t.camera.zoom(1, t.lay.cells[cell].center)
    t.camera.snap()
    t._place_field()
    at1, r1 = drawn()
    (x1, y1), w1 = at1.center, at1.w
    assert r1 != r0  # the cell moved
    assert abs(x1 - (r1.x + (x0 - r0.x) * r1.w / r0.w)) <= 2
    assert abs(y1 - (r1.y + (y0 - r0.y) * r1.h / r0.h)) <= 2
    assert abs(w1 - w0 * r1.w / r0.w) <= 2  # at the zoom now


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_killed_character_says_it_goes_to_the_discard_pile_where_it_stood(
        make_app, monkeypatch, size):
    """Daigo alone, hurt to Health 1 of 2, attacked by all three (11 against his
    Defense 2: 9 Damage takes him to -8, past -2): Killed. Under his cell's name, as
    the duel ends and the Field slides (its panel goes once the hits have played): "Killed: to Player 2's discard pile", and the
    Item he held left there face down (Basic Terms: Bonk, Kill)."""
    sc, mine, foes = titled_duel(theirs=("daigo",))
    sc.unit(foes[0]).damage = 1
    sc.unit(foes[0]).items.append(sc.card("sayo", seat=1))  # an Item held, face down
    s, t = normal(make_app, sc, ["human", "ai:random"], size)
    cell = sc.unit(foes[0]).pos
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(
        words, *a, **k))
    was, stood = t.lay.cells[cell], t.unit_rects[foes[0]]
    slots = {k[1:]: r for r, k in t.hits if k[0] == "plan"}
    for c in mine:
        click(t.app, slots[c, ("attack", foes[0])].center)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(600):
        if t.animator.marks:
            break
        t.app.step([], 1 / 30)
    assert any(isinstance(e, E.Killed) and e.card == foes[0] for e in s.log)
    mark = next(m for m in t.animator.marks if isinstance(m, Fallen))
    assert mark.cell == cell and mark.fallen == [("killed", "Player 2's", "")]
    assert {"Killed: to Player 2's discard pile", "Left here: 1 Item face down"} <= set(said)
    placed = ((stood.x - was.x) / was.w, (stood.y - was.y) / was.h)
    slid = False
    while mark in t.animator.marks:
        t.app.step([], 1 / 30)
        tile = mark.cell_rect()
        assert tile == t.lay.cells[cell]
        slid = slid or tile != was  # the duel's panel went once the hits had played
        rec = Recorder(t.size)
        mark.draw(rec)
        if mark.tween.raw < mark.start:  # his token, where he stood in his cell
            at = rec.drawn[-1][1]
            assert abs(at.x - (tile.x + placed[0] * tile.w)) <= 2
            assert abs(at.y - (tile.y + placed[1] * tile.h)) <= 2
        elif mark.alpha > 0:  # then the words, under its name
            assert rec.drawn[-1][1].top == tile.y + header(tile.h)
    assert slid


def test_the_words_of_a_cell_where_some_were_bonked_and_one_killed():
    """One plate for a cell: each kind of fall its lines, whose in one word where all
    are one seat's; what they held said once, by where it went."""
    from game.ui.table.words import Left, fallen_text
    assert fallen_text([("bonked", "your", "the turn after next"), ("killed", "Player 2's", ""),
                        ("bonked", "your", "the turn after next")],
                       Left(2, 1) + Left(0, 1, ("Brute",)) + Left(1, 0, ("Brute",))) == [
        "Bonked: back in your hand", "the turn after next",
        "Killed: to Player 2's discard pile",
        "Left here: 3 Items face down, 2 Equipment face up", "Brute took 2 Items"]
    assert fallen_text([("killed", "your", ""), ("killed", "Player 2's", "")], Left()) == [
        "Killed: to their owners' discard piles"]


STEALS = """\
- {id: ogre, name: Big Ogre, type: disaster, class: minor,
   abilities: {attack: 9, defense: 9, movement: 1, charm: 0}}
- {id: gem, name: Gem, type: item}
- {id: blade, name: Battle Blade, type: equipment, bonuses: {attack: "+1"}}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("items, equipment, said_left", [
    (["gem"], [], None),  # its one Item taken: nothing left here
    (["gem", "gem"], ["blade"], "Left here: 1 Item face down, 1 Equipment face up"),
    ([], ["blade"], "Left here: 1 Equipment face up")])
def test_the_plate_says_what_a_disaster_took_and_what_was_left(
        make_app, monkeypatch, size, items, equipment, said_left):
    """A Disaster that Bonks or Kills a Character takes one of its Items first (R9), and
    its Equipment is dropped face up (everyone saw it carried): the plate said 'N cards
    it held: left here face down' of all of them."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_ui_combat_panel import TITLED
    sc = Scene(TITLED + STEALS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    daigo = sc.char("daigo", (0, 0), items=items, equipment=equipment)
    ogre = sc.disaster("ogre", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(ogre))
    s, t = normal(make_app, sc, ["human"], size)
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(
        words, *a, **k))
    t.send(A.Declare(daigo, "attack"))
    for _ in range(300):
        if t.animator.marks:
            break
        t.app.step([], 1 / 30)
    assert any(isinstance(e, (E.Bonked, E.Killed)) for e in s.log)
    mark = next(m for m in t.animator.marks if isinstance(m, Fallen))
    assert [w for w in said if w.startswith(("Left here", "Big Ogre took"))] == \
        [said_left] * bool(said_left) + ["Big Ogre took 1 Item"] * bool(items)
    assert not any("held" in w for w in said)
    assert mark.left.items + mark.left.equipment == len(sc.st.places[(0, 0)].under)
