"""The s69 newcomer playtest's wording: the person's four-seat panel and game over's
account (docs/window.md, s69)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace  # noqa: E402

import pytest  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.state import DISCARD, MOVE  # noqa: E402
from scene import Scene  # noqa: E402
from test_rules_combat import CARDS  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_seat_panels import seat_words  # noqa: E402
from test_ui_table import scene_app, scene_session, table  # noqa: E402
from shots import shot, table_shot  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
SIZES = [(1280, 720), (960, 540)]


def four_seats(moment: str) -> Scene:
    """Four seats, Player 3's group (deck "Neon Claws", the playtest's) at (0, 0) and
    Player 2's Disaster beside it: `moment` "their turn" (Player 2's Move phase, the
    Disaster away), "combat" (it walks onto the group in Player 2's Maintenance phase,
    R22) or "my turn" (Player 3's Discard phase)."""
    sc = Scene(CARDS, seats=4)
    sc.game.decks = (*sc.game.decks[:2], replace(sc.game.decks[2], name="Neon Claws"),
                     sc.game.decks[3])
    sc.location((1, 0), under=["blank"])  # a Location left to Scavenge: no game over
    sc.location((0, 0))
    sc.char("tank", (0, 0), seat=2)
    if moment != "their turn":
        sc.disaster("ogre", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the Tank
    sc.turn({"their turn": MOVE, "combat": DISCARD, "my turn": DISCARD}[moment],
            seat=2 if moment == "my turn" else 1)
    if moment == "combat":
        sc.do(A.EndPhase())  # Player 2's Reload and Maintenance phases
        assert sc.st.combat is not None and sc.st.combat.seat == 2
    return sc


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("people", [1, 4])
def test_the_person_s_four_seat_panel_says_you_and_the_same_words_at_every_moment(
        make_app, monkeypatch, size, people):
    """Four seats: called to a Combat in another's turn, the person's panel read
    "Player 3 (you)", "Neon Claws" at 960x540 but "Player 3", "Human · Neon Claws" at
    1280x720, and in their own turn "Player 3" with no "(you)" (s69 playtest). The
    panel of the person at the window says "(you)" in hot-seat and one-person games,
    at every size, and the line under it reads the same in their turn, in a Combat in
    another's turn and in another's turn (hot-seat: Player 2 is at the window then)."""
    kinds = ["human"] * 4 if people == 4 else ["ai:random", "ai:random", "human", "ai:random"]
    lines = {}
    for moment, tag in [*([("their turn", None)] if people == 1 else []),
                        ("combat", "YOUR COMBAT"), ("my turn", "YOUR TURN")]:
        sc = four_seats(moment)
        t = table(scene_app(make_app, sc, size), scene_session(sc, kinds))
        assert t.session.view().seat == 2
        mine = seat_words(t, monkeypatch)[2]
        monkeypatch.undo()
        assert mine[0] == "Player 3 (you)", (moment, mine)
        assert (tag in mine) if tag else not any("YOUR" in w for w in mine), (moment, mine)
        lines[moment] = mine[1]
        table_shot(t, f"s69_you_{people}_{moment.replace(' ', '_')}_{size[0]}")
        t.app.quit()
    assert len(set(lines.values())) == 1, lines
    assert lines["combat"].endswith("Neon Claws"), lines


@pytest.mark.parametrize("size", SIZES)
def test_how_it_went_lays_out_every_seat_s_line_alike(tmp_path, monkeypatch, size):
    """Game over, How it went, four seats: Player 1's "beat 6 Disasters; Characters
    Bonked 2 times, 1 Killed" stayed whole and the three longer lines broke after
    "Disasters;" (s69 playtest). Each line is whole, or each breaks at its semicolon."""
    import dataclasses
    from collections import Counter
    from test_ui_game_over import drawn, ended
    from game.ui.app import App
    from game.ui.settings import Settings
    from game.ui.scenes import game_over
    app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
    real = game_over.GameOverScene.__init__

    def with_tally(self, *a, **k):  # the playtest's fights
        real(self, *a, **k)
        self.account = dataclasses.replace(
            self.account, defeated=Counter({0: 6, 1: 3, 2: 6, 3: 5}),
            bonked=Counter({0: 2, 1: 1, 2: 4, 3: 4}), killed=Counter({0: 1}))
    monkeypatch.setattr(game_over.GameOverScene, "__init__", with_tally)
    _, words, _ = drawn(app, ended("round limit, a winner"), size, monkeypatch)
    firsts = [next(w for w, _ in words if w.startswith(f"Player {i}: beat"))
              for i in range(1, 5)]  # each seat's line's first row
    assert all(w.endswith("Killed") for w in firsts) or \
        all(w.endswith("Disasters;") for w in firsts), firsts
    shot(app, f"s69_how_it_went_{size[0]}")
    app.quit()


def test_one_player_s_two_locations_of_a_name_are_numbered(make_app):
    """Basic Terms, Location: a deck may hold two of one Location. The log said "Hero
    moved from Plain (P1) to Plain (P1)" (s69's playtest): one player's two of a name
    are numbered left to right, as a player's twin Characters are; another player's one
    of that name keeps its mark alone."""
    sc = Scene(CARDS, seats=2)
    for cell in ((0, 0), (1, 0)):
        sc.location(cell)
    sc.location((2, 0), seat=1)
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "human"]))
    assert [t.name(c) for c in ((0, 0), (1, 0), (2, 0))] == [
        "Plain #1 (P1)", "Plain #2 (P1)", "Plain (P2)"]
    t.app.quit()
