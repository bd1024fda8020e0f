"""What a newcomer found playing last week (s46w): at four seats and 1280x720 a seat
panel's Bonked row cut (or dropped: a row for each time, with room for one); "Stay out"
on the button of a Character that stays in the Combat; and the mouse player of the
whole-game tests unable to use the duel panel."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine import actions as A
from game.engine.options import Options
from game.engine.state import DISCARD
import test_ui_table
from test_ui_combat_panel import TITLED
from game.ui.table import ink
from test_ui_seat_panels import Recorder
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(960, 540), (1024, 600), (1280, 720), (1280, 1024), (1366, 768), (1600, 900),
         (1920, 1080), (2560, 1440), (3840, 2160)]


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
    tag = next(letters for w, _, letters in said if w.endswith("TURN"))  # (s71: "TURN")
    for seat in range(4):
        panel = t.seat_rect(seat)
        mine = [(w, letters) for w, r, letters in said if panel.contains(r)]
        assert not [w for w, _ in mine if "…" in w], (size, mine)
        assert not [w for w, r in mine if not w.endswith("TURN") and r.colliderect(tag)], mine
        rows = [w for w, _ in mine if "Bonked" in w and not w.startswith("Discard")]
        assert said_out(rows) == len(turns[seat]), (size, rows)
        assert soonest[seat] in rows[0] or "due back" in rows[0], (size, rows)


# 2. A Combat between players: the choice to do nothing this round ---------------------

LEAVES = re.compile(r"\bstays? out\b|\bstaying out\b|\bleaves?\b|\bout of (the|this) Combat",
                    re.I)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("mine,theirs", [
    (("valen", "pawlina", "akiko"), ("daigo",)),
    (("valen", "pawlina", "akiko"), ("daigo", "mika", "akiko")),
    (("valen", "pawlina", "akiko", "kinako"), ("daigo", "mika", "sayo", "marlowe"))])  # a grid
def test_the_duel_s_choice_to_do_nothing_keeps_the_character_in_the_combat(
        make_app, monkeypatch, size, mine, theirs):
    """Combat Between Players: "Each Character in the Combat can either Attack or
    Protect another Character"; one that does neither is still in the Combat and may be
    attacked (the log says so, s45w). Its button said "Stay out", and its row "will stay
    out". No word of the panel, its button whole in the grid, nor of the bar over that
    button, says the Character leaves; the bar says it may still be attacked."""
    from game.ui.table.words import HOLD_BACK, action_text
    from test_ui_combat_panel import duel_panel, painted, titled_duel
    from test_ui_table import click, mouse
    sc, mine, foes = titled_duel(theirs=theirs, mine=mine)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    hold = {k[1]: r for r, k in t.hits if k[0] == "plan" and k[2] == ("none", -1)}
    assert set(hold) == set(mine)
    click(t.app, hold[mine[0]].center)  # planned: "will …"
    said, _ = painted(monkeypatch, t, duel_panel(t))
    monkeypatch.undo()
    assert HOLD_BACK in said and not [w for w in said if LEAVES.search(w)], said
    room = hold[mine[1]].w - t.px(8)  # fixed_button's words
    assert ink.font(t.px(13), True).size(HOLD_BACK)[0] <= room
    t.app.step([mouse(pygame.MOUSEMOTION, hold[mine[1]].center, 0)], 0.016)
    bar = t.hint()
    assert bar.startswith(HOLD_BACK) and "may still be attacked" in bar, bar
    assert not LEAVES.search(bar) and not LEAVES.search(
        action_text(A.Engage(mine[1], "none", -1), t.name)), bar


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_disaster_fight_s_choice_to_do_nothing_says_the_same_whole(make_app, monkeypatch,
                                                                     size):
    """With a Disaster, its target may declare nothing and still take the hit: the same
    words, whole in their button (sized for "Stay out" alone, "Hold ba…")."""
    from game.ui.table.words import HOLD_BACK
    from test_ui_combat_forecast import _riding, combat_panel, opened
    from test_ui_combat_panel import painted
    sc, _, _ = _riding(3)
    _, t = opened(make_app, sc, size)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert said.count(HOLD_BACK) == 3, said
    assert not [w for w in said if LEAVES.search(w) or w.startswith("Hold") and "…" in w], said


# 3. A whole game with a Combat between players, played by mouse ----------------------

def test_a_whole_game_with_a_combat_between_players_by_mouse(make_app):
    """tests/mouse_player.py declared in a Combat between players only by a click on a
    token or a drag onto the target, never with the duel panel a person uses. Player 1's
    three challenged Player 2's two (the easy AI), Daigo carrying the Idol; a round
    limit of 1. The mouse plays it all from the duel to Game over: every round's
    choices by the duel panel's buttons and Fight!, the Idol taken back, the game won."""
    from scene import Scene
    from game.engine import events as E
    from game.engine.state import MOVE
    from game.ui.scenes.game_over import GameOverScene
    from mouse_player import MousePlayer
    sc = Scene(TITLED + "- {id: idol, name: Idol, type: item}\n", seats=2,
               options=Options(charm_combat=False, round_limit=1))
    sc.location((0, 0))
    sc.location((1, 0), under=["idol"])
    for c in ("valen", "pawlina", "akiko"):
        sc.char(c, (0, 0))
    sc.char("daigo", (0, 0), seat=1, items=["idol"])
    sc.char("mika", (0, 0), seat=1)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    s = scene_session(sc, ["human", "ai:easy"])
    player = MousePlayer(table(scene_app(make_app, sc), s).app, prefer=("duel panel",))
    assert isinstance(player.play(max_frames=3000), GameOverScene)
    mine = [a for a in s.record.actions if isinstance(a, A.Engage) and s.game.owner(a.char) == 0]
    assert player.used.get("duel panel", 0) >= 2 and len(mine) >= 4, (player.used, mine)
    assert not [g for g in player.used if g.endswith("unit to unit")], player.used
    assert any(isinstance(e, E.DuelEnded) for e in s.log) and s.result.winners == (0,)


# 4. Panels a frame kept come back, whatever the key is by then (s46n) -----------------

def test_panels_kept_a_frame_are_painted_with_their_buttons_even_if_nothing_differs_then(
        make_app):
    """A frame that took events keeps the panels' last picture and clears their hits, to
    paint them after it (frame._make_still). In a hot-seat game the defender sat down to
    a Combat panel whose buttons could not be clicked: by the time they were owed, the
    key of the picture was as it had been (the same seat, hint and plan), so nothing was
    painted and the hits stayed empty. Here the key is changed and changed back."""
    s = test_ui_table.session(test_ui_table.STANDARD, ["human", "human"])
    t = table(make_app((1280, 720)), s)
    t.app.draw()
    panel = [k for _, k in t.hits if k[0] not in ("cell", "unit", "minimap")]
    assert panel, "the panels' own hits (the bar's buttons, the hand, the seats)"
    was = t.inspect
    t.inspect = ("elsewhere",)  # the key differs: the panels are due
    t._took = True  # a frame that took events: they are painted after it
    t._make_still(in_frame=True)
    assert t.panels_kept and not t.panel_hits
    t.inspect = was  # as the picture kept was, before anything paints it
    assert [k for _, k in t.hits if k[0] not in ("cell", "unit", "minimap")] == panel
