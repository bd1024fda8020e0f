"""The Bonked or Killed plate (anims.Fallen) and the tokens still standing where it
shows (s71's playtest, left in docs/window.md): a Killed plate filling its cell hid the
person's own Characters there for its seconds of reading, in a cell glowing to be
Scavenged right after the Combat; and a Bonked plate over another token cut off that
token's last line (its name, its Health)."""
from __future__ import annotations

import pygame
import pytest

from game.engine.state import SCAVENGE
from game.ui.table.anims import Fallen
from game.ui.table.tween import Tween
from game.ui.table.words import Left

import test_ui_table
from shots import table_shot
from scene import Scene
from test_ui_combat_forecast import Recorder
from test_ui_combat_panel import TITLED
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(1280, 720), (960, 540)]
FIELDS = {2: (3, 3), 4: (4, 3)}  # seats: the Field's columns and rows
CELL = (1, 1)
NAMES = ("valen", "pawlina", "akiko", "marlowe")


def at_cell(make_app, size, seats: int, mine: int, theirs: int):
    """The person's `mine` Characters and Player 2's `theirs` at a Location in the
    middle of a Field of `seats` seats, in the person's Scavenge phase (the cell glows
    to be Scavenged): the table, the person's tokens, the others'."""
    sc = Scene(TITLED, seats=seats)
    cols, rows = FIELDS[seats]
    for x in range(cols):
        for y in range(rows):
            sc.location((x, y))
    ours = [sc.char(NAMES[k], CELL) for k in range(mine)]
    foes = [sc.char(("mika", "sayo")[k], CELL, seat=1) for k in range(theirs)]
    sc.turn(SCAVENGE)
    seats_kinds = ["human"] + ["ai:random"] * (seats - 1)
    return table(scene_app(make_app, sc, size), scene_session(sc, seats_kinds)), ours, foes


def plate_shown(t, how: str) -> pygame.Rect:
    """A plate for Sergeant Daigo of Player 2, Bonked or Killed (`how`) at CELL with an
    Item left there, shown whole: where the table draws it."""
    mark = Fallen(Tween(30.0), CELL, lambda: t.cell_placed(CELL), 0.0, 0.01)
    mark.add(t.tiles.token("daigo", 40), (0.1, 0.6, 0.2), how, "Player 2's",
             "the turn after next" if how == "bonked" else "", Left(items=1), t.px)
    t.animator.marks.append(mark)
    t.app.step([], 0.5)
    assert mark.alpha == 255
    rec = Recorder(t.size)
    t._draw_anims(rec)
    return next(r for pic, r in rec.drawn if pic is mark.plate(t.cell_placed(CELL).size))


def told_whole_by_its_cell(t, plate: pygame.Rect) -> None:
    """The plate's words all in sight (what is drawn of it is clipped to what shows of
    the Field), against its own cell or in it."""
    assert t.seen().contains(plate), (plate, t.seen())
    assert plate.inflate(6, 6).colliderect(t.cell_placed(CELL)), (plate, t.cell_placed(CELL))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats, mine", [(2, 4), (4, 2), (4, 4)])
def test_a_killed_plate_leaves_the_person_s_characters_clear(make_app, size, seats, mine):
    """Basic Terms: Kill. The plate says where the Killed Character goes, and for its
    seconds the person's own Characters at that cell, the ones they Scavenge with or
    move now, stay in sight whole, name and Health band too."""
    t, ours, _ = at_cell(make_app, size, seats, mine, 0)
    plate = plate_shown(t, "killed")
    table_shot(t, f"s72_killed_{seats}s_{mine}_{size[0]}")
    for u in ours:
        assert not plate.colliderect(t.unit_rects[u]), (u, plate, t.unit_rects[u])
    told_whole_by_its_cell(t, plate)
    t.app.quit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 4])
def test_a_bonked_plate_cuts_no_standing_token_s_last_line(make_app, size, seats):
    """R9 (Bonked). Two rows of tokens stand at the cell, the person's and Player 2's:
    the plate lay over the second row's tops, or over a token's foot, its name and
    Health band hidden. It touches none of them now."""
    t, ours, foes = at_cell(make_app, size, seats, 2, 2)
    plate = plate_shown(t, "bonked")
    table_shot(t, f"s72_bonked_{seats}s_{size[0]}")
    for u in ours + foes:
        assert not plate.colliderect(t.unit_rects[u]), (u, plate, t.unit_rects[u])
    told_whole_by_its_cell(t, plate)
    t.app.quit()
