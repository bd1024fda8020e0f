"""What a newcomer found at the window (helper s35w, a three-seat hot-seat game on the
mirror level at 1366x768 and a standard game at 1920x1080 under Xvfb; headless scenes)."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_ui_window_s33w2 import inspector_words, settle

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def zapped_in_a_duel(answerer: int):
    """Seat 0 attacks seat 1's Hero (Combat between players, Charm Combat first, R33)
    and, its turn in the Charm stage, plays the Flash Effect Zap on its own Hero: the
    game waits for seat 1 to answer it (Rules for Flash Effects), the duel still
    waiting for seat 0. `answerer`: the seat whose person is at the screen."""
    from scene import Scene
    from test_rules_timing import CARDS
    from game.engine.state import MOVE
    sc = Scene(CARDS, seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    hero = sc.char("hero", (0, 0))
    sc.char("hero", (0, 0), seat=1)
    zap, = sc.hand(0, "zap")
    sc.hand(1, "zap")
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    assert sc.st.duel.stage == "charm" and sc.st.duel.to_act == 0
    sc.do(A.PlayCard(zap, hero))
    seats = ["human", "human"] if answerer == 1 else ["human", "ai:random"]
    return sc, seats


@pytest.mark.parametrize("answerer", [1, 0])
def test_rules_for_flash_effects_the_combat_panel_waits_for_the_answer_not_the_combat(
        make_app, monkeypatch, answerer):
    """Rules for Flash Effects: one played is answered by the other players before it
    resolves, the Combat it was played in waiting meanwhile. At the window (s35w, shots
    a31, a34) the Combat between players' panel said "Waiting for Player 2…" (whose
    Charm Combat choice was next) to Player 2 and to Player 1 while each was the one
    asked to answer a Flash Effect in the bar. The panel says whose answer, to what, the
    game waits for: the viewer's own ("answer ... or Pass"), or another seat's."""
    sc, seats = zapped_in_a_duel(answerer)
    s = scene_session(sc, seats)
    s.take_seat()
    s.poll = lambda: None  # an AI seat thinks: the moment is held
    drawn = inspector_words(monkeypatch)
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    settle(t, 0.5)
    assert s.viewer == answerer and s.to_act == 1
    assert not [w for w in drawn if w.startswith("Waiting for Player 1")], drawn
    said = ("Answer Player 1's Zap first: a glowing card of yours, or Pass" if answerer == 1
            else "Waiting for Player 2 to answer Player 1's Zap…")
    assert said in drawn, [w for w in drawn if "Zap" in w or "Waiting" in w]


def haven_asked(make_app, size):
    """at_a_neighbour_s_haven's group sent to stop at seat 1's Haven (R36): the seat
    passed to its owner, seated, to permit or refuse, what it shows played."""
    from test_ui_haven_ask import at_a_neighbour_s_haven
    from test_ui_table import click
    s, app, t, group = at_a_neighbour_s_haven(make_app, size)
    for u in group:
        click(app, t.unit_rects[u].center)
    click(app, t.lay.cells[1, 0].center)
    for _ in range(40):
        if s.handoff() == 1:
            s.take_seat()
        app.step([], 0.05)
        if s.viewer == 1 and s.human_to_act() and not t.animator.busy:
            break
    return s, app, t, group


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_rules_for_havens_the_owner_asked_is_told_which_characters_would_stop(
        make_app, size):
    """Rules for Havens: another player "may not stop there without asking your
    permission" (R36). Asked, the owner read "Player 1 asks to stop at your Haven:
    permit or refuse" (s35w, shot a17, and left over from the s34 stop): neither which
    Haven nor who would come, though the group was chosen before the click that asked,
    and the asker's own tokens no longer show it once the seat has passed. The bar
    names the Haven and the Characters the asker sent."""
    s, app, t, group = haven_asked(make_app, size)
    assert s.viewer == 1 and s.to_act == 1
    names = [t.name(u) for u in sorted(group)]
    # And what a yes lets them do (Rules for Havens: "free access to it and may take out
    # any Items or Equipment there"), s56.
    assert t.resting_hint() == (f"Player 2: Player 1 asks to let {names[0]} and {names[1]} stop at "
                                f"your Haven {t.name((1, 0))}: permit or refuse. Permitted, "
                                "they may take out what it stores; a Character of yours "
                                "there may fight them for it."), t.resting_hint()


@pytest.mark.parametrize("seen", [True, False])
def test_basic_terms_drop_the_log_says_under_which_location_an_item_went(seen):
    """Basic Terms, Drop: Items "may go in a Haven or under a Location. If they go
    under a Location they must be Scavenged." The log said "Akiko Sakuragawa (P1)
    dropped a card" (s35w, shot d2): the other players, for whom the card is a secret,
    and the dropper reading back, were not told where it lies to be Scavenged. The line
    names the Location (an Item lies face down there, Equipment face up: either must be
    Scavenged), the card's name only where the viewer may see it."""
    from game.engine import events as E
    from game.ui.table.words import event_text
    names = {2: "Akiko", 5: "Ancient Fox Mask", (0, 1): "Kappa Pond (P1)"}
    said = event_text(E.ItemDropped(2, (0, 1), 5 if seen else None), names.get,
                      "Player {}".format)[0]
    assert said == (f"Akiko dropped {'Ancient Fox Mask' if seen else 'a card'} under "
                    "Kappa Pond (P1)")


def test_the_list_of_everything_takes_page_and_end_keys(make_app):
    """The window's promise: "Every screen works with the mouse and the keyboard"
    (README). Played with the keyboard at 1920x1080 (s35w, shots k18-k20), a Move
    phase's "Everything you can do now" held 153 rows that Up and Down crossed one at a
    time, and Page Down, Home and End did not move in it (Home re-centred the Field
    under it). Page Up/Down go a page, Home and End to the first and last rows (End
    phase is last), and Enter chooses what they reach."""
    import pygame
    from test_ui_table import key
    from test_ui_window_s33w2 import wide_field
    from test_ui_combat_panel import GEARED
    sc = wide_field(GEARED)
    for c in ("valen", "valen", "valen"):
        sc.char(c, (0, 0))
    from game.engine.state import MOVE
    sc.turn(MOVE)
    s = scene_session(sc, ["human"] * 4)
    s.take_seat()
    t = table(scene_app(make_app, sc, (1920, 1080)), s)
    key(t.app, pygame.K_TAB)
    menu = t.menu
    assert menu is not None and len(menu.items) > 2 * menu.rows, (len(menu.items), menu.rows)
    key(t.app, pygame.K_PAGEDOWN)
    assert menu.focus == menu.rows and menu.scroll <= menu.focus < menu.scroll + menu.rows
    key(t.app, pygame.K_PAGEUP)
    assert menu.focus == 0 and menu.scroll == 0
    key(t.app, pygame.K_END)
    assert menu.focus == len(menu.items) - 1 == menu.scroll + menu.rows - 1
    assert menu.items[menu.focus][1] == A.EndPhase()
    key(t.app, pygame.K_HOME)
    assert t.menu is menu and menu.focus == 0 and menu.scroll == 0
    key(t.app, pygame.K_END)
    key(t.app, pygame.K_RETURN)
    assert s.record.actions[-1] == A.EndPhase()


def test_rules_for_equipment_the_list_says_who_cannot_use_what_it_would_take(make_app):
    """Rules for Equipment: a Character must meet a card's requirement to use it. A
    drag said so before the drop ("... cannot use it: needs Priest", s32v, shot a64);
    played with the keyboard (s35w, shot k13) the list's rows read "Pick up Heavy Ion
    Cannon with Kaede Ironside" for one who could and one who could not alike. Each
    row that gives a card to one who cannot use it says so, as the drag does."""
    import pygame
    from scene import Scene
    from test_rules_equip import GEAR
    from test_ui_table import key
    from game.engine.state import EQUIP
    sc = Scene(GEAR)
    sc.location((0, 0))
    walker, = sc.haven((1, 0), stored=["walker"]).under
    pilot, hero = sc.char("pilot", (1, 0)), sc.char("hero", (1, 0))
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    assert {A.PickUp(walker, pilot), A.PickUp(walker, hero)} <= set(s.legal())
    key(t.app, pygame.K_TAB)
    rows = dict((a, words) for words, a in t.menu.items)
    assert rows[A.PickUp(walker, pilot)] == "Pick up Walker with Pilot"
    assert rows[A.PickUp(walker, hero)] == \
        "Pick up Walker with Hero (Hero cannot use it: needs Pilot)"
