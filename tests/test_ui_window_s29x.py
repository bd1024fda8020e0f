"""What a newcomer at the window (helper s29w) reported and left: a click on another
button while a menu asked "Cost: ... Confirm/Cancel" only closed the menu, unsaid; a
refused move let the whole group go."""
from __future__ import annotations

import pytest

import test_autosave
import test_ui_shell
import test_ui_table
from test_ui_cost import costly_fight, walker_button
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart
shell_app = test_ui_shell.app  # the fixture: the window on its title, cards loaded once


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_button_clicked_while_a_confirmation_asks_does_what_it_says(make_app, size):
    """Ready Walker asked "Cost: 1 Energy ... Confirm / Cancel"; the person clicked
    Attack in the Combat's panel instead: the menu closed and Attack stayed unchosen,
    with nothing said. Now the click closes the menu (paying nothing) and chooses
    Attack."""
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    assert t.menu is not None
    attack = next(r for r, k in t.hits if k == ("plan", valen, "attack"))
    assert not t.menu.rect.collidepoint(attack.center)
    click(t.app, attack.center)
    assert t.menu is None and len(s.record.actions) == before  # nothing paid
    assert t.plan.get(valen) == "attack"


def test_a_click_that_only_closes_a_confirmation_says_nothing_was_paid(make_app):
    """A click on the Field (no button there) closes the confirmation, and the bar says
    it was not confirmed: before, the menu just went away."""
    sc, valen, walker = costly_fight()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    before = len(s.record.actions)
    click(t.app, walker_button(t).center)
    t.message = ("", 0)
    spot = next((x, y) for x in range(5, t.size[0], 20) for y in range(5, t.size[1], 20)
                if t.hit((x, y)) is None)
    click(t.app, spot)
    assert t.menu is None and len(s.record.actions) == before
    assert "Not confirmed" in t.message[0] and t.message[1] > 0


def test_a_refused_move_keeps_the_group_chosen(make_app):
    """Three Characters chosen, a click on a Planetary Location none of them may enter
    said why (R: only Characters with the Planetary symbol enter it) and let the whole
    group go: the person chose the three again. The group stays chosen, and the next
    click on a glowing cell moves them all."""
    from game.engine import actions as A
    sc, chars = test_ui_table.rust_port(3)
    group = set(chars)
    s = scene_session(sc, ["human", "ai:random"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    for c in sorted(group):
        click(app, t.unit_rects[c].center)
    assert t.selection == group
    click(app, test_ui_table.cell_spot(t, (1, 0)))
    assert "Planetary" in t.message[0] and not s.record.actions
    assert t.selection == group
    click(app, t.lay.cells[(0, 1)].center)
    assert s.record.actions == [A.Move(tuple(sorted(group)), (0, 1))]


def test_disasters_that_read_alike_on_the_field_are_numbered(make_app):
    """Two copies of one Disaster on the Field (from two decks, or one) had one token
    label, and the log and the Combat panel one name: "Kaiju attacks Kaede" could be
    either (a newcomer's four-player game: two "Kaiju", two "Swarm" at once). As a
    player's twin Characters are, each is numbered, on its token, in its name and in
    the Combat's words alike; a Disaster alone of its name is not."""
    from scene import Scene
    from game.engine import actions as A
    from game.engine.options import Options
    from game.engine.state import MOVE
    from game.ui.table.panels import combat_namer
    from test_ui_cost import COSTLY
    sc = Scene(COSTLY + """\
- {id: crow, name: Angry Tengu Crow, type: disaster, class: minor,
   abilities: {attack: 4, defense: 2, movement: 2, charm: 1}}
""", seats=2, options=Options(charm_combat=False))
    for x in range(3):
        sc.location((x, 0))
    valen = sc.char("valen", (0, 0))
    first = sc.disaster("brute", (0, 0))
    second = sc.disaster("brute", (1, 0), seat=1)
    crow = sc.disaster("crow", (2, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(first))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc), s)
    assert {t.name(first), t.name(second)} == {"Brute #1", "Brute #2"}
    assert t.name(crow) == "Angry Tengu Crow" and valen not in t.board.numbers
    assert t._log_name(first) == t.name(first)
    said = combat_namer(t.painter([]), t.board.view.combat, t.name)
    assert said(first) == t.app.faces.token_name("brute") + f" #{t.board.numbers[first]}"


def test_the_level_s_words_say_the_round_limit_chosen_and_its_tip_no_rule_number(
        shell_app, monkeypatch):
    """New game: Four players' "All four themed decks on one crowded Field, 40 rounds."
    stayed under a Round limit set to 10; and the Round limit's tooltip said "(R14 d)",
    meaningless to a newcomer: it says in words what happens then."""
    from game.ui.scenes.new_game import NewGameScene
    from test_ui_shell import choose, drawn_text, open_scene
    scene = open_scene(shell_app, NewGameScene)
    choose(shell_app, scene.level_choice, scene.levels[3])
    assert "40 rounds" in scene.level.description
    choose(shell_app, scene.limit_choice, 10)
    words = " ".join(w for w, _ in drawn_text(monkeypatch, shell_app))
    assert "10 rounds (the level's: 40)" in words and "40 rounds" not in words
    assert scene.config(seed=1).round_limit == 10
    tip = scene.limit_choice.hint()
    assert "R14" not in tip and "Items" in tip and "Disasters" in tip
    # No tip of the screen names a ruling by its number (Charm Combat's began "R12:").
    import re
    assert not [w.hint() for w in scene.form.widgets if re.search(r"\bR\d", w.hint())]
    choose(shell_app, scene.limit_choice, None)  # the level's own: its words as written
    assert scene.level.description in " ".join(w for w, _ in drawn_text(monkeypatch,
                                                                            shell_app))


autosave_app = test_autosave.app  # the fixture: a window saving to its own folder


def news_curtain(app) -> tuple[int, tuple]:
    """Two people share the screen in the quick demo (seed 8, the easy AI's choices for
    both), played until, past 60 actions, the curtain waits for the next person with
    news since they last looked: that seat and the curtain's words."""
    from game.ai import make_agent
    from game.ui.session import SessionConfig
    from game.ui.table import TableScene
    from test_autosave import DEMO, person
    agent = make_agent("easy")
    app.start_game(SessionConfig(DEMO, ["human", "human"], seed=8))
    s = app.session
    while True:
        if s.handoff() is not None and len(s.record.actions) > 60:
            seat = s.handoff()
            words = TableScene(app, s).curtain_words(seat)
            if words[1][0].startswith("Since") and s.left_at[seat] > 0:
                return seat, words
            s.take_seat()
        elif s.handoff() is not None:
            s.take_seat()
        else:
            s.act(person(s, agent))


def hot_seat_continued(app, keep_looks: bool):
    """The game is put away as the curtain waits for the next person with news since
    they last looked (`news_curtain`), then continued (from a save as older versions
    wrote it, without `looked`, unless `keep_looks`). The curtain's words before and
    after."""
    import json
    seat, words = news_curtain(app)
    s = app.session
    assert s.result is None
    number = app.saves.held
    app.to_menu()
    path = app.saves.path(number)
    data = json.loads(path.read_text())
    assert data["table"]["looked"][str(seat)] == s.left_after[seat]
    if not keep_looks:
        del data["table"]["looked"]
        path.write_text(json.dumps(data))
    assert continued(app, number).session.handoff() == seat
    return seat, words, app.top.curtain_words(seat)


def continued(app, number: int):
    """The save in slot `number` continued, on the table once loaded."""
    from game.ui.table import TableScene
    app.continue_game(number)
    for _ in range(50):
        if isinstance(app.top, TableScene):
            break
        app.step([], 1 / 60)
    return app.top


def test_a_continued_hot_seat_game_tells_each_person_what_happened_since_they_looked(
        autosave_app):
    """Continued, the curtain showed the seat's own Haven's "+1 Attack" to each of its
    Characters under "Last on the table", not what happened since the person last
    looked: the save did not keep that. It keeps, for each person, after how many
    actions they last left the screen, and the curtain says the same as before."""
    seat, before, after = hot_seat_continued(autosave_app, keep_looks=True)
    assert after[1] == before[1]


def test_a_hot_seat_game_from_an_older_save_says_it_was_continued(autosave_app):
    """A save without what each person last saw (an older version's) still loads; the
    curtain says the game was continued, over the latest headlines, not the log's last
    lines (the seat's own routine bonuses)."""
    from game.engine.events import ALL_SEE
    from game.ui.table.curtain import news_for
    from game.ui.table.words import event_text
    seat, before, after = hot_seat_continued(autosave_app, keep_looks=False)
    title, lines = after[1]
    assert title.startswith("The game was continued")
    s, t = autosave_app.session, autosave_app.top
    headlines = [event_text(e.for_seat(ALL_SEE), t._log_name, t.seat_name, t._is_haven)[0]
                 for e in s.log if news_for(e, seat, s.game.owner)]
    assert lines and lines == headlines[-len(lines):]


def test_what_a_save_says_each_person_last_saw_is_read_warily():
    """A save's "looked" is a person's file: only a human seat's action count within
    the game's counts; anything else is left out, as if it were an older save."""
    from game.ui.slots import looked_of
    seats = ["human", "ai:easy", "human"]
    assert looked_of({"looked": {"0": 5, "1": 3, "2": 41, "3": 1}}, seats, 40) == {0: 5}
    for bad in ([1, 2], "0", {"²": 1}, {"0": True}, {"0": -1}, {"0": 2.0}, {0: 1}):
        assert looked_of({"looked": bad}, seats, 40) == {}, bad
    assert looked_of({}, seats, 40) == {}


def test_a_piece_not_in_use_says_what_it_would_make_of_the_totals(make_app, monkeypatch):
    """Rules for Equipment: a carried piece gives its bonuses only once put to use that
    Turn. The inspector read "Attack 5" for Kaede with a Walker (+3) not yet in use, and
    nothing said why its bonus was missing: it now says "Attack 5 (8 with the Walker in
    use)", whole (wrapped where it is long), from the owner's view, and no more once the
    piece is in use."""
    from scene import Scene
    from game.engine.state import MOVE
    from game.ui.table import ink
    from test_ui_table import STILL_CARDS
    sc = Scene(STILL_CARDS + """\
- {id: lance, name: Royal Lance, type: equipment, requires: {skills: {Royalty: 1}},
   bonuses: {attack: "+2"}}
""")
    for cell in ((0, 0), (1, 0)):
        sc.location(cell)
    sarge = sc.char("sarge", (0, 0), equipment=["cannon", "lance"])
    cannon = sc.unit(sarge).equipment[0]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    drawn = []
    real = ink.fit

    def spy(words, px, width, *a, **k):
        drawn.append(words)
        assert ink.font(px).size(words)[0] <= width or "with" not in words, words  # not cut
        return real(words, px, width, *a, **k)
    monkeypatch.setattr(ink, "fit", spy)

    def inspector() -> str:
        drawn.clear()
        t.inspect, t._stale = sarge, True
        t.app.step([], 0.016)
        return " ".join(drawn)
    said = inspector()
    assert "Attack 5 (8 with the Cannon in use)" in said, said
    assert "Movement 1 (0 with the Cannon in use)" in said
    assert "Lance" not in said  # its requirement is not met: no bonus in use either
    sc.unit(sarge).using = [cannon]
    t.refresh()
    said = inspector()
    assert "Attack 8 (printed 5)" in said and "in use)" not in said
