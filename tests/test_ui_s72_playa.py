"""The s72 playtest's findings at the window (a newcomer's whole games of the standard
level at 1280x720 and 960x540, and the mirror level, against the normal AI)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import test_ui_table  # noqa: E402
from shots import shot  # noqa: E402
from test_ui_table import click, scene_app, scene_session, table  # noqa: E402

from game.engine import actions as A  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _scavenged_at_the_hall(make_app, size):
    """Seat 0's Valen has Scavenged the Idol out of the Hall (it may become a Haven) in
    seat 0's Scavenge phase, against an AI seat; Valen clicked (his menu offers to build
    the Haven, his panel shows the Idol)."""
    from test_ui_combat_panel import TITLED
    from test_ui_window_s35w2 import IDOL
    from test_ui_window_s36m import HALL
    from scene import Scene
    from game.engine.state import SCAVENGE
    sc = Scene(TITLED + IDOL + HALL, seats=2)
    sc.location((0, 0), "hall", under=("idol",))
    valen = sc.char("valen", (0, 0))
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    s = t.session
    s.act(A.Scavenge((0, 0)))
    s.act(A.Retrieve(valen))
    t.app.step([], 0.016)
    click(t.app, t.unit_rects[valen].center)
    t.app.step([], 0.016)
    return t, valen


def test_the_hint_after_a_scavenge_keeps_what_to_do_beside_build_a_haven(make_app):
    """Rules for Locations: a group that Scavenged may turn the Location into a Haven,
    and may store or leave what it took (Items and gear). The Character chosen, its
    button "Build a Haven at Command Bunker" took the hint's room, and the bar's
    instruction was cut: "You have Scavenged this Turn (once a Turn). Click Sergeant
    Daigo Hatakeyama and drag the Item or Equi…" (s72's playtest, 1280x720 and
    960x540). Short of room, the hint is said without why no Location glows: what to
    do is drawn whole."""
    t, valen = _scavenged_at_the_hall(make_app, (960, 540))
    assert t.inspect == valen and A.BuildHaven((0, 0)) in t.board.legal
    assert any(k == ("act", A.BuildHaven((0, 0))) for r, k in t.hits
               if t.lay.bar.contains(r))  # the button is there
    shot(t.app, "s72-scavenged-hint-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows, t.hint_rows
    assert rows.startswith(f"Click {t.name(valen)} and drag the Item") and \
        rows.endswith("to leave it, or End phase."), t.hint_rows
    t.app.quit()


SIREN = """\
- {id: siren, name: NAME, type: disaster, class: major,
   abilities: {attack: 1, defense: 3, movement: 1, charm: 4}}
"""


def _charmed_in_their_maintenance(make_app, name: str = "Siren"):
    """R22 and Charm Combat (R31): the Siren (Charm 4), brought by Player 2, walks in
    Player 2's Maintenance phase onto Player 1's Pawlina (Charm 5) and Valen (Charm 3),
    and Charms Valen: Player 1 may free him, or go on; at 960x540, against an AI seat."""
    from scene import Scene
    from test_ui_combat_forecast import CARDS
    from game.engine.state import DISCARD
    sc = Scene(CARDS + SIREN.replace("NAME", name), seats=2)
    sc.location((1, 0))
    sc.location((0, 0))
    chars = {c: sc.char(c, (0, 0)) for c in ("pawlina", "valen")}
    sc.disaster("siren", (1, 0), seat=1, brought_by=1)  # Movement 1: onto the group
    sc.combat_pile(0, *["blank"] * 12)
    sc.combat_pile(1, *["blank"] * 12)
    sc.turn(DISCARD, seat=1)
    sc.do(A.EndPhase())  # Player 2's Reload and Maintenance phases
    c = sc.st.combat
    assert c is not None and c.stage == "break" and list(c.charmed) == [chars["valen"]]
    assert c.seat == 0 and sc.st.turn_seat == 1
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human", "ai:random"]))
    return t, chars


def test_a_charm_combat_leaves_its_frees_to_the_panel_not_the_bar(make_app):
    """Charm Combat: a Character not Charmed may try to free a Charmed one; each row of
    the Combat panel has its Free buttons, and the hint says so. The Character chosen,
    the bar offered its free again, "Commander Reiji Valen tries to free Doc Ishimaru
    Tonbo", in the hint's room: the bar said only "General Obsidian Hex #1 attacks your
    group in Player 2's Mainte…" at 960x540 (s72's playtest). The bar leaves the frees
    to the panel (and the inspector); its hint is drawn whole."""
    t, chars = _charmed_in_their_maintenance(make_app)
    free = A.BreakCharm(chars["pawlina"], chars["valen"])
    assert free in t.board.legal
    click(t.app, t.unit_rects[chars["pawlina"]].center)
    t.app.step([], 0.016)
    assert t.inspect == chars["pawlina"]
    bar = [k for r, k in t.hits if t.lay.bar.contains(r)]
    assert ("act", free) not in bar and ("act", A.Proceed()) in bar, bar
    assert any(k == ("act", free) for r, k in t.hits if not t.lay.bar.contains(r))  # the panel's
    shot(t.app, "s72-charm-frees-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows and rows == t.resting_hint(), t.hint_rows
    t.app.quit()


def test_a_combat_in_another_s_turn_says_what_to_do_when_short_of_room(make_app):
    """R22: a Disaster walks onto Player 1's group in Player 2's Maintenance phase; the
    bar says how the Combat came, then what to do (s49). With a long name the two did
    not fit at 960x540, and the bar was cut inside the first ("...attacks your group in
    Player 2's Mainte…", s72's playtest): none of what to do. Short of room, it says
    what to do, whole."""
    name = "General Obsidian Hex of the Thousand Paper Lanterns"
    t, chars = _charmed_in_their_maintenance(make_app, name)
    assert t.hint().startswith(f"{name} attacks your group in Player 2's Maintenance phase. ")
    shot(t.app, "s72-their-maintenance-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows, t.hint_rows
    assert rows == t.hint().split("Maintenance phase. ", 1)[1], t.hint_rows
    t.app.quit()


RETRIEVE_CARDS = """\
- {id: tonbo, name: Doc Ishimaru Tonbo, type: character, gender: male,
   abilities: {attack: 2, defense: 3, energy: 3, charm: 2, movement: 3}}
- {id: walker, name: Hornet-Class Battle Walker, type: equipment, bonuses: {attack: "+2"}}
- {id: slingshot, name: Plasma Slingshot, type: equipment, bonuses: {attack: "+1"}}
- {id: reactor, name: Prototype Reactor Core, type: equipment, bonuses: {energy: "+1"}}
"""


def test_a_chosen_character_s_button_says_it_shorter_to_leave_the_hint_whole(make_app):
    """Scavenge Phase: "you may retrieve any Items and Equipment from beneath that
    Location", from the top. Doc Ishimaru Tonbo chosen, his button took the hint's room
    in its longest words, "Retrieve with Doc Ishimaru Tonbo", where "Retrieve with
    Tonbo" (the name his token shows) was offered, and the hint was cut to "...Battle
    Walker first, then Plasma Slingsh…" at 960x540 (s72's playtest). With no room
    beside the hint, a chosen Character's button says the longest of its ways that
    leaves the hint whole, else its shortest; and the hint, short of room, says what
    to retrieve without "Scavenging: the way is clear"."""
    from test_rules_scavenging import CARDS, at
    sc, (tonbo,) = at("plain", "tonbo", under=["walker", "slingshot", "idol", "reactor", "idol"],
                      cards=CARDS + RETRIEVE_CARDS)
    sc.do(A.Scavenge((0, 0)))  # no Disaster: the way is clear
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human"]))
    click(t.app, t.unit_rects[tonbo].center)
    t.menu = None  # its menu offers the same: the bar is what is asked of here
    t.app.step([], 0.016)
    assert t.inspect == tonbo
    bar = [k for r, k in t.hits if t.lay.bar.contains(r)]
    assert ("act", A.Retrieve(tonbo)) in bar, bar
    shot(t.app, "s72-retrieve-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows, t.hint_rows
    assert rows == t.resting_hint().removeprefix("Scavenging: the way is clear. "), t.hint_rows
    assert rows.endswith("Plasma Slingshot and Prototype Reactor Core."), t.hint_rows
    t.app.quit()


def test_turn_over_the_next_disaster_leaves_the_hint_its_room(make_app):
    """Rules for Scavenging: after a Disaster the player turns over the next or stops;
    only a button offers "Turn over the next Disaster", so it always has a place on the
    bar (s56), and it took the hint's room in its longest words: "Scavenging: 1 Disaster
    still face down here, over 1 Item face down, Hornet-Class Battle Walker and Plasma
    Slingshot. Tur…" at 960x540 (s72's playtest), where "Next Disaster" was offered.
    The hint is drawn whole, what lies under the Disasters left out where it must."""
    from test_rules_scavenging import CARDS, at
    sc, (tonbo,) = at("plain", "tonbo", under=["gloom", "gloom", "walker", "slingshot", "idol"],
                      cards=CARDS + RETRIEVE_CARDS)
    sc.do(A.Scavenge((0, 0)))
    assert set(sc.legal()) == {A.ContinueScavenging(), A.StopScavenging()}
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, ["human"]))
    t.app.step([], 0.016)
    bar = [k for r, k in t.hits if t.lay.bar.contains(r)]
    assert ("act", A.ContinueScavenging()) in bar and ("act", A.StopScavenging()) in bar, bar
    shot(t.app, "s72-next-disaster-960")
    rows = " ".join(t.hint_rows)
    assert "…" not in rows, t.hint_rows
    assert rows.startswith("Scavenging: 1 Disaster still face down here") and \
        rows.endswith("Turn over the next, or stop and leave it all here till a later Turn."), \
        t.hint_rows


def test_attack_the_location_has_a_short_way_as_scavenge_has(make_app):
    """Rules for Locations: a group may attack the Location with Defense where it
    stands. Its button, "Attack the Location at Dojo of the Falling Petal (P2)", had no
    shorter words, and beside it the hint was cut to "Click a glowing Location to
    Scavenge or attack it; click a …" (the mirror level at 960x540, s72's playtest).
    Chosen, it may say "Attack the Location here", as Scavenge says "Scavenge here"."""
    from test_ui_s68_combat import location_table
    sc, group, t = location_table(make_app, size=(960, 540))
    attack = A.AttackLocation((0, 0))
    assert attack in t.board.legal
    words = t.act_words(attack)
    assert t._ways(attack, words, frozenset()) == words  # not chosen: its words alone
    assert t._ways(attack, words, frozenset({attack})) == (words, "Attack the Location here")
    t.app.quit()
