"""s68: Combat readable in the window. The Combat cards shown say whom each was drawn
for and whose pile it came from (R22: a Disaster's from the fighting player's), in a
Combat with a Disaster, its Charm Combat and a Combat between players; Locations that
attack, and are attacked, say so on the Field."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import MOVE
from game.ui.table import panels
from game.ui.table.words import event_text

import test_ui_table
from scene import Scene
from test_ui_combat_panel import painted
from test_ui_table import scene_app, table

make_app = test_ui_table.make_app  # the fixture


def replayed_table(make_app, sc, log, size=(1280, 720)):
    """The window on a scene played to now (its events the log), for people only."""
    from conftest import replay_keys
    from game.engine.save import Record
    from game.ui.session import Session, SessionConfig
    n = len(sc.st.seats)
    s = Session(SessionConfig("", ["human"] * n, seed=0), Record(sc.game, 0),
                threaded=False, keys=replay_keys(n, 0), replayed=(sc.st, list(log)))
    s.take_seat()
    t = table(scene_app(make_app, sc, size), s)
    for _ in range(30):
        t.app.step([], 1 / 30)
    return t


def combat_words(monkeypatch, t, seat: int = 0) -> list[str]:
    """The Combat panel's words, as `seat` is shown it."""
    from game.engine.view import view
    from game.ui.table.model import Board
    b = t.board if seat == t.board.view.seat else Board(view(t.session.state, seat), [],
                                                        t.session.game.db)
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        t.painter([], b), surf, b.view.combat, t.notes, t.name, {}))
    monkeypatch.undo()
    return said


def wall_fight():
    """Player 1's three fight Player 2's Wall (test_ui_s64_hand): a round fought, the
    second's target named. Every card drawn came from Player 1's pile (R22)."""
    from test_rules_combat import CARDS
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    wall = sc.disaster("wall", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, "assault", "sand", "k1", "k2")
    sc.combat_pile(1, "k3", "k4")
    for seat in (0, 1):
        sc.hand(seat, "ring")
    sc.turn(MOVE)
    log = sc.do(A.Fight(wall), *[A.Declare(h, "attack") for h in heroes])
    return sc, heroes, wall, log


@pytest.mark.parametrize("seat", [0, 1])
def test_each_combat_card_shown_names_whom_it_is_for_and_the_fighting_player_s_pile(
        make_app, monkeypatch, seat):
    """Combat with Disasters: "you will draw a Combat card for the Disaster, and a card
    for each Character being attacked" (R22: from the pile of the player whose group
    fights). The panel's rows named the card and its effects only, and the Wall's card,
    Player 2's Disaster, read as drawn from Player 2's deck. Each row now says for whom
    and from whose pile, to the fighter ("your pile") and to the Wall's owner alike."""
    sc, heroes, wall, log = wall_fight()
    drawn = [e for e in log if isinstance(e, E.CombatCard)]
    assert [sc.game.owner(e.card) for e in drawn] == [0, 0]  # the engine: R22
    t = replayed_table(make_app, sc, log)
    said = combat_words(monkeypatch, t, seat)
    piles = ("from your pile", "your pile") if seat == 0 else ("from Player 1's pile",
                                                                "P1's pile")
    target = next(e.fighter for e in drawn if e.fighter != wall)
    who = panels.short_names(t.painter([]), [target], t.name)[target]
    for whom in ("Wall", who):  # whole, in words or in short where the row is narrow
        assert {f"for {whom} · {pile}" for pile in piles} & set(said), (whom, said)
    t.app.quit()


def test_the_log_says_whose_pile_a_combat_card_came_from():
    """The log's "Combat card for Wall: Assault" said nothing of the pile; the card
    drawn for a Disaster comes from the fighting player's (R22)."""
    sc, heroes, wall, log = wall_fight()
    e = next(e for e in log if isinstance(e, E.CombatCard) and e.fighter == wall)
    names = {wall: "Wall", e.card: "Assault"}
    line, _ = event_text(e, names.get, "Player {}".format, owner=sc.game.owner)
    assert line == "Combat card for Wall, from Player 0's Combat pile: Assault", line


def kagato_fight():
    """Player 2's Kagato charms Player 1's four (the rulebook's Combat Charm with a
    Disaster): Launch Charmed, the others not; the break stage waits."""
    from test_rules_charm import kagato_scene, script_targets
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    log = sc.do(A.Fight(kagato))
    return sc, kagato, launch, log


def test_a_charm_combat_with_a_disaster_shows_its_cards_for_whom_and_from_whose_pile(
        make_app, monkeypatch):
    """Charm Combat with Disasters: "Draw a Combat card for the Disaster and a card for
    the Character being attacked". Its cards went only to the log: the panel showed none
    through the Charm stage. The last drawn show now, their Charm half, each for whom
    and from the fighting player's pile."""
    sc, kagato, launch, log = kagato_fight()
    assert sc.st.combat is not None and sc.st.combat.stage == "break"
    t = replayed_table(make_app, sc, log)
    said = combat_words(monkeypatch, t)
    assert {"for Kagato · from your pile", "for Kagato · your pile"} & set(said), said
    last = [e for e in log if isinstance(e, E.CharmContest)][-1]
    assert {sc.db[t.board.card_id(c)].name for c in last.cards} <= set(said), said
    t.app.quit()


def test_the_charm_log_line_says_whose_pile_its_cards_came_from():
    sc, kagato, launch, log = kagato_fight()
    e = next(e for e in log if isinstance(e, E.CharmContest))
    line, _ = event_text(e, lambda i: f"<{i}>", "Player {}".format, owner=sc.game.owner)
    assert line.endswith(" Both Combat cards from Player 0's pile."), line


def test_a_duel_s_hits_say_each_card_for_whom_from_its_own_player_s_pile(make_app,
                                                                          monkeypatch):
    """Combat Between Players: "Players use their own Combat cards", a card for each
    Character attacked. The duel panel told the hits only: now first each card drawn,
    for whom and from whose pile."""
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel()
    log = list(sc.do(A.Engage(mine[0], "attack", foes[0]), A.Engage(foes[0], "attack", mine[1]),
                     *[A.Engage(c, "none") for c in (mine[1], foes[1], mine[2])]))
    drawn = [e for e in log if isinstance(e, E.CombatCard)]
    assert {sc.game.owner(e.card) for e in drawn} == {0, 1}
    t = replayed_table(make_app, sc, [])
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.duel(
        p, surf, t.board.view.duel, t.name, {}, log))
    text = " ".join(said)
    assert "from your pile" in text and "from Player 2's pile" in text, said
    t.app.quit()
