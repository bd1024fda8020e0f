"""What four newcomers found at one window, a four-seat hot-seat game at 1280x720
(helper s35w3; headless scenes)."""
from __future__ import annotations

from game.engine import events as E

import test_ui_table
from test_ui_window_s35w2 import curtain_scene

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def test_rules_for_charm_combat_the_curtain_tells_the_owner_of_an_order_to_its_character(
        make_app):
    """Charm Combat: the one who Charmed a Character commands it (orders: not to attack,
    not to protect...). Player 4 came back to the screen after Player 3's Pawlina ordered
    Player 4's Torao not to attack, and the curtain had no "Since Player 4 last looked"
    (s35w3, shots p3_10, p4_7): an order is no headline, so the curtain fell back on the
    log's last lines, the person's own earlier moves first; beside any headline the
    order was not said at all. An order to one of the seat's own Characters is news for
    it, among a Combat against it; an order to another's is not."""
    sc, s, t, valen, akiko = curtain_scene(make_app)
    s.match.log.extend([
        E.HavenBuilt(0, (2, 0), valen),  # another headline, of the least rank
        E.CharmOrder(valen, akiko, "no-attack"),
    ])
    title, lines = t.curtain_words(1)[1]
    order = f"{t._log_name(valen)} orders {t._log_name(akiko)} not to attack"
    assert title == "Since Player 2 last looked", (title, lines)
    assert min(lines, key=lambda w: w.rank) == order, lines  # what matters most to it
    assert order not in t.curtain_words(0)[1][1]  # Player 1's order, no news to it


def test_rules_for_havens_the_curtain_tells_the_asker_the_answer(make_app):
    """Rules for Havens (R36): a player asks the Haven's owner to let its group stop
    there, and the owner answers. Player 3 sat down again after Player 4 permitted the
    stop and read "Last on the table" (s35w3, shot p4_2): the answer is no headline.
    The answer to the seat's own question is news for it; for the others it is not."""
    sc, s, t, valen, akiko = curtain_scene(make_app)
    s.match.log.extend([E.HavenBuilt(1, (2, 0), akiko),
                        E.PermissionAnswered(0, (1, 0), False)])
    title, lines = t.curtain_words(0)[1]
    answer = f"Permission refused: Player 1 may not stop at {t._log_name((1, 0))} " \
             "before Player 1's next Turn"
    assert title == "Since Player 1 last looked", (title, lines)
    assert min(lines, key=lambda w: w.rank) == answer, lines  # what matters most to it
    assert answer not in t.curtain_words(1)[1][1]


def test_the_game_over_tally_puts_each_count_on_its_own_name_at_four_seats(
        tmp_path, card_db, monkeypatch):
    """Winning the game: the tally says how many Items each player and the Disasters
    hold. A four-seat game over at 1280x720 (s35w3, shot q95): six rows share the
    panel, and each count stood at its bar's height, under its name, half a row down:
    Player 1's 0 sat between Player 1 and Player 2. Each count lies on its own name's
    line, whatever the number of seats."""
    from conftest import keys_for_tests, replay_keys
    from game.ui.app import App
    from game.ui.scenes import game_over
    from game.ui.session import Session, SessionConfig
    from test_ui_shell import open_scene
    s = Session(SessionConfig("levels/four_players.yaml", ["ai:random"] * 4, round_limit=3,
                              seed=1), threaded=False, keys=replay_keys(4, 1))
    while s.result is None:
        s.poll()
    app = App(config=tmp_path / "config", data=tmp_path / "data")
    keys_for_tests(app)
    app.__dict__["db"] = card_db
    drawn = []
    real = game_over.text
    monkeypatch.setattr(game_over, "text", lambda surface, words, *a, **k: drawn.append(
        (words, real(surface, words, *a, **k))) or drawn[-1][1])
    scene = open_scene(app, lambda a: game_over.GameOverScene(a, s), (1280, 720))
    assert len(scene.bars) == 6
    for label, n, _, _ in scene.bars:
        at = next(i for i, (w, _) in enumerate(drawn) if w == label)
        name, (count, where) = drawn[at][1], drawn[at + 1]
        assert count == str(n), drawn[at:at + 2]
        assert name.top <= where.centery <= name.bottom, (label, name, where)
