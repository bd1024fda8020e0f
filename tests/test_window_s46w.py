"""What a newcomer found playing four seats at 1280x720 (s46w): a seat panel's Bonked
row cut (or dropped: a row for each time, with room for one)."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine.options import Options
from game.engine.state import DISCARD
import test_ui_table
from test_ui_combat_panel import TITLED
from game.ui.table import ink
from test_ui_seat_panels import Recorder
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]


def inked(t, monkeypatch, draw) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """The words `draw(painter, surface)` writes, each with where, and where its letters
    are (a line's surface has room above and below them)."""
    words: dict[int, str] = {}
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, *a, **k: words.setdefault(
        id(line := real(w, *a, **k)), w) and line)
    surf = Recorder(t.size)
    draw(t.painter([]), surf)
    monkeypatch.undo()
    return [(words[id(src)], rect, src.get_bounding_rect().move(rect.topleft))
            for src, rect in surf.blits if id(src) in words]


def said_out(rows: list[str]) -> int:
    """How many Characters a panel's Bonked rows say are out, read as a player reads
    them ("Bonked: Daigo +1, back…", "3 Bonked, 1 back…", "Bonked: 1 back…, 2 back…")."""
    total = 0
    for row in rows:
        if m := re.match(r"(\d+) Bonked", row):
            total += int(m[1])
            continue
        body = row.removeprefix("Bonked: ")
        if m := re.match(r"(\d+) Characters?,", body):
            total += int(m[1])
        elif counts := re.findall(r"(?:^|, )(\d+) (?:back|due)", body):
            total += sum(map(int, counts))
        else:
            for group in body.split("; "):
                names = re.split(r", (?:back|due) ", group)[0]
                more = re.search(r" \+(\d+)$", names)
                total += names.count(",") + 1 + (int(more[1]) if more else 0)
    return total


@pytest.mark.parametrize("size", SIZES)
def test_four_seat_panels_say_every_bonked_row_whole(make_app, monkeypatch, size):
    """Basic Terms, Bonk; R9; R52. Four seats leave a panel room for one row under the
    Items held. A Character past its turn out, the hand full at its Reload, read "1
    Bonked, back once the hand ha…" at every size; back at two times or more, a row
    each, the second was dropped. Every word in every panel is whole, clear of the turn
    tag, and the Bonked rows count every Character out and say the soonest back."""
    from scene import Scene
    sc = Scene(TITLED, seats=4, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.char("valen", (0, 0))
    turns = {0: [-1, 0, 1, 2], 1: [0], 2: [0, 1], 3: [1, 2, 2]}  # from each seat's turns
    for seat, backs in turns.items():
        for k, n in enumerate(backs):
            card = ("akiko", "daigo", "mika", "sayo", "kinako")[(seat + k) % 5]
            sc.st.seats[seat].set_aside.append((sc.card(card, seat=seat),
                                                sc.st.seats[seat].turns + n))
    sc.turn(DISCARD)  # seat 0's: one of its is back this turn, one past its turn
    soonest = {0: "hand", 1: "hand", 2: "hand", 3: "next turn"}
    t = table(scene_app(make_app, sc, size),
              scene_session(sc, ["human", "ai:normal", "ai:hard", "ai:random"]))
    said = inked(t, monkeypatch, lambda p, surf: p.seats(
        surf, t.session.seats, ["Hot Springs Heroes"] * 4))
    tag = next(letters for w, _, letters in said if w == "YOUR TURN")
    for seat in range(4):
        panel = t.seat_rect(seat)
        mine = [(w, letters) for w, r, letters in said if panel.contains(r)]
        assert not [w for w, _ in mine if "…" in w], (size, mine)
        assert not [w for w, r in mine if w != "YOUR TURN" and r.colliderect(tag)], mine
        rows = [w for w, _ in mine if "Bonked" in w and not w.startswith("Discard")]
        assert said_out(rows) == len(turns[seat]), (size, rows)
        assert soonest[seat] in rows[0] or "due back" in rows[0], (size, rows)
