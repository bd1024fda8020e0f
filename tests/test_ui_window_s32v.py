"""What a newcomer at the live window (helper s32v, Xvfb and xdotool) reported: the hint
while Equipment dragged from the hand hovered a Character said only "Let go here to ...
give it to Kaede Ironside"; that she could not use it (Rules for Equipment: a piece
whose requirement its carrier lacks gives no bonus) came in red only once it was done."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.ui.table.model import Board

import test_ui_table
from test_ui_camera_hand import normal_app, settle
from test_ui_drop_haven import carry
from test_ui_table import STANDARD, laid, until

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def lacking(s):
    """Equipment of the hand with a printed requirement that goes into the Haven, a
    Character of the seat standing there who lacks it, and the Haven's cell."""
    if not s.human_to_act() or s.view().phase != "equip":
        return None
    b = Board(s.view(), s.legal(), s.game.db)
    haven = b.view.seats[b.view.seat].havens[0]
    chars = [u.card for u in b.view.units if u.pos == haven and u.owner == b.view.seat
             and not u.disaster]
    for card in b.hand:
        cd = b.card(card)
        if cd.type != "equipment" or cd.requires.empty or \
                b.drop_targets(("card", card), set()).get(("haven",)) != A.PlayCard(card):
            continue
        lack = [c for c in chars if not s.meets(card, c)]
        if lack:
            return card, lack[0], haven
    return None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_for_equipment_the_drop_hint_says_the_taker_cannot_use_it(tmp_path, size):
    """Rules for Equipment: a Character carries a piece whose requirement it does not
    meet, and its bonuses do not count. Hovering the token with the card, the hint says
    so before the drop; on a token of one who meets it, it does not."""
    s = laid(STANDARD, 2, seed=1)
    until(s, lambda s: lacking(s) is not None)
    card, char, haven = lacking(s)
    app = normal_app(tmp_path, size)
    app.play(s)
    app.step([], 0.016)
    t = app.top
    t.aim(focus="{},{}".format(*haven))
    settle(app)
    carry(app, t, t.hand_rects[card].center, t.unit_rects[char].center)
    cd = s.game.card(card)
    assert t.drop_target(t.unit_rects[char].center, t.drag[3]) == ("unit", char)
    assert t.hint().endswith(f"{t.name(char)} cannot use it: needs {cd.requires.describe()}."), \
        t.hint()
    able = [u.card for u in t.board.view.units if u.pos == haven and u.card != char
            and u.owner == t.board.view.seat and s.meets(card, u.card)]
    for other in able:
        carry(app, t, t.unit_rects[char].center, t.unit_rects[other].center)
        assert "cannot use it" not in t.hint(), t.hint()


def nowhere(s):
    """A card of the hand the rules let go nowhere now, with their reason."""
    if not s.human_to_act() or s.view().phase != "equip":
        return None
    b = Board(s.view(), s.legal(), s.game.db)
    for card in b.hand:
        if not b.drop_targets(("card", card), set()) and s.why_not(A.PlayCard(card)):
            return card
    return None


def test_rules_for_equipment_a_card_with_nowhere_to_go_says_why_while_dragged(tmp_path):
    """Rules for Equipment: one Equipment card may be played per Equip phase (and other
    cards have their own times). A card of the hand that may go nowhere now is dragged:
    the bar said "Drag a card from your hand onto a glowing target, or End phase." over
    it till the drop, and the rules' reason came only then. It now says the reason while
    the card is held."""
    s = laid(STANDARD, 2, seed=1)
    until(s, lambda s: nowhere(s) is not None)
    card = nowhere(s)
    app = normal_app(tmp_path, (1280, 720))
    app.play(s)
    app.step([], 0.016)
    t = app.top
    settle(app)
    carry(app, t, t.hand_rects[card].center, t.lay.field.center)
    assert t.drag is not None and not t.drag[3]
    why = s.why_not(A.PlayCard(card))
    assert t.hint() == t.plain(f"Nowhere to let go of {t.name(card)}: {why}."), t.hint()


GEAR = """\
- {id: cannon, name: Heavy Ion Cannon, type: equipment,
   bonuses: {attack: "+3", movement: "-1"}, costs: {energy: "-1"}}
- {id: montage, name: Training Montage, type: enhancement, bonuses: {movement: "+1"}}
- {id: hat, name: Pirate Captain's Hat, type: item}
"""


def stored_under_geared(make_app, size, load: int = 0):
    """Daigo selected in his Haven, which stores a Hat, carrying the Cannon, Enhancements
    and (`load` above 0) Items: the table, the Hat, and where it is drawn."""
    from test_ui_combat_panel import TITLED
    from test_ui_combat_forecast import opened
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(TITLED + GEAR + "- {id: hat2, name: Hat Two, type: item}\n")
    sc.haven((0, 0), stored=["hat"])
    sc.location((1, 0))
    daigo = sc.char("daigo", (0, 0), equipment=["cannon"],
                    enhancements=["montage"] * (1 + 3 * load), items=["hat2"] * (3 * load))
    sc.turn(MOVE)
    s, t = opened(make_app, sc, size)
    test_ui_table.click(t.app, t.unit_rects[daigo].center)
    t.app.step([], 0.016)
    hat = next(i for _, i in t.board.stored())
    return t, hat, [r for r, k in t.hits if k == ("card", hat)]

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_for_havens_a_stored_item_shows_whole_under_a_geared_character(make_app, size):
    """Rules for Havens: an Item stored in a Haven may be taken up by a Character there.
    Selected in the Haven, a Character carrying Equipment and an Enhancement (its
    totals' lines, its cards' row) left the Haven's section so little room that the
    stored card was cut by the window's foot, only its top showing (s32v, 1920x1080).
    Every stored card now lies whole inside the inspector, still a drag's source."""
    t, hat, shown = stored_under_geared(make_app, size)
    assert shown and all(t.lay.inspector.contains(r) for r in shown), \
        (shown, t.lay.inspector)


ACCESS = """\
- {id: office, name: Bounty Office, type: location, requires: {abilities: {attack: 30}}}
- {id: den, name: Secret Base Under the Slide, type: haven}
- {id: gem, name: Gem, type: item}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_for_havens_building_access_is_told_and_asked_before_it_is_done(make_app, size):
    """Rules for Havens: "3 Characters must remain at a Location for 2 Turns doing
    nothing except 'building' access to the Haven." Three Characters at a Location they
    may not Scavenge, a Haven card in the hand: the Location glowed, the pointer on it
    said only why it could not be Scavenged, and one click set the card
    and tied the three up for two Turns (s32v). The pointer now says what a click there
    does, and the click asks first, saying what it commits; Cancel sends nothing."""
    from test_ui_combat_forecast import opened
    sc, den, build = access_scene()
    assert build in sc.legal() and A.Scavenge((0, 0)) not in sc.legal()
    s, t = opened(make_app, sc, size)
    cell = t.lay.cells[(0, 0)]
    spot = (cell.left + t.px(6), cell.top + t.px(6))  # the Location, off its tokens
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, spot, 0)], 0.016)
    assert t.hint() == f"A click here (asked first): {t.act_words(build)}.", t.hint()
    sent = len(s.record.actions)
    test_ui_table.click(t.app, spot)
    assert len(s.record.actions) == sent and t.menu is not None
    assert "2 Turns doing nothing but build" in t.menu.title, t.menu.title
    test_ui_table.click(t.app, t.menu.rect.move(0, t.menu.rect.h).center)  # elsewhere
    assert len(s.record.actions) == sent and den in s.view().seats[0].hand


def access_scene(scavenge: bool = False):
    """Three Characters at a Location they may not Scavenge (`scavenge`: may, a Gem
    under it), a Haven card in the hand, in the Scavenge phase: the scene, the card and
    the BuildAccess it allows."""
    from test_ui_combat_panel import TITLED
    from scene import Scene
    from game.engine.state import SCAVENGE
    sc = Scene(TITLED + ACCESS)
    sc.haven((0, 1))
    if scavenge:
        sc.location((0, 0), "plain", under=["gem"])
    else:
        sc.location((0, 0), "office")
    chars = [sc.char(c, (0, 0)) for c in ("valen", "pawlina", "akiko")]
    den, = sc.hand(0, "den")
    sc.turn(SCAVENGE)
    return sc, den, A.BuildAccess(den, tuple(sorted(chars)), (0, 0))


@pytest.mark.parametrize("size", [(1280, 720)])
def test_rules_for_havens_building_access_chosen_in_a_menu_is_asked_too(make_app, size):
    """The same commitment chosen as a row of a menu of actions (here "Everything you
    can do now", as from a Character's menu) went through at once, unasked: it is now
    asked first, as a click on the Location; the question's own row sends it."""
    from test_ui_combat_forecast import opened
    sc, den, build = access_scene()
    s, t = opened(make_app, sc, size)
    t.open_all()
    row = next(r for r, i in t.menu.rows_shown() if t.menu.items[i][1] == build)
    sent = len(s.record.actions)
    test_ui_table.click(t.app, row.center)
    assert len(s.record.actions) == sent and t.menu is not None and t.menu.asks
    assert "2 Turns doing nothing but build" in t.menu.title, t.menu.title
    confirm = next(r for r, i in t.menu.rows_shown() if t.menu.items[i][1] == build)
    test_ui_table.click(t.app, confirm.center)
    assert s.record.actions[sent:] == [build]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("load", [1, 2])
def test_rules_for_havens_the_stored_cards_never_lie_on_the_characters_own(make_app, size,
                                                                           load):
    """Rules for Havens: a stored Item is taken up by a Character there, by a drag from
    it. Under a Character with more cards still, the Haven's section rose over her own
    cards: its heading covered her Items' label and its card lay on hers, so a drag
    there took the Haven's card (a review). It is never drawn over them, nor below the
    window's foot (another review): her cards shrink first to leave it room."""
    t, hat, shown = stored_under_geared(make_app, size, load)
    assert shown and all(t.lay.inspector.contains(r) for r in shown), (shown, size)
    others = [r for r, k in t.hits if t.lay.inspector.contains(r) and k != ("card", hat)
              and k[0] in ("card", "act", "unit")]
    assert not [r for r in others for h in shown if r.colliderect(h)], size


def test_the_build_words_stand_only_where_a_click_would_build(make_app):
    """Where the gold Location may also be Scavenged, a click opens a menu whose first
    row Scavenges: the hint said only "A click here (asked first): ... build access",
    and Enter there Scavenged (a review). The build's words stand only where building
    is all a click there does."""
    from test_ui_combat_forecast import opened
    sc, den, build = access_scene(scavenge=True)
    assert A.Scavenge((0, 0)) in sc.legal() and build in sc.legal()
    s, t = opened(make_app, sc, (1280, 720))
    cell = t.lay.cells[(0, 0)]
    spot = (cell.left + t.px(6), cell.top + t.px(6))
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, spot, 0)], 0.016)
    assert "build access" not in t.hint(), t.hint()


def test_a_location_s_reason_stands_where_a_challenge_is_offered(make_app):
    """Rules for Scavenging: a group that does not meet a Location's requirements may
    not Scavenge it, and the pointer on it said why. Since the build's words came, any
    action a click on the cell offers (here a Challenge of another player's Character
    there) hid that reason (a review); only a build does now."""
    from test_ui_combat_panel import TITLED
    from scene import Scene
    from game.engine.state import SCAVENGE
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(TITLED + """\
- {id: vault, name: Bounty Vault, type: location, requires: {abilities: {attack: 30}}}
- {id: gem, name: Gem, type: item}
""", seats=2)
    sc.haven((0, 1))
    sc.haven((1, 1), seat=1)
    sc.location((0, 0), "vault", under=["gem"])
    sc.char("valen", (0, 0))
    sc.char("daigo", (0, 0), seat=1)
    sc.turn(SCAVENGE)
    assert A.Scavenge((0, 0)) not in sc.legal()
    assert any(isinstance(a, A.Challenge) for a in sc.legal())
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, ["human", "ai:random"]))
    t.app.step([], 0.05)
    cell = t.lay.cells[(0, 0)]
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, (cell.left + t.px(6),
                                                         cell.top + t.px(6)), 0)], 0.016)
    assert "does not meet the requirements" in t.hint(), t.hint()


def test_the_hand_s_caption_says_a_click_discards_in_the_discard_phase(make_app):
    """Discard Phase: a card of the hand is discarded by a click, and a drag takes it
    nowhere; the caption said "click or drag it to play it" there (s32v at the live
    window). It says what a click does, and a click does it."""
    from test_ui_discard_s30d import discard_scene
    s, app, t, _, _, card = discard_scene(make_app)
    assert t.hand_caption().endswith("click it, or drag it onto your panel, to discard it"), \
        t.hand_caption()
    assert t.board.click[("card", card)] == [A.DiscardCard(card)]
    assert t.board.drops[("card", card)][("discard",)] == A.DiscardCard(card)


def test_the_hand_s_caption_in_another_seat_s_turn_says_no_click(make_app):
    """Discard Phase: "Discard any cards in your hand", and the other phases: a player
    plays in its own Turn. In another player's Turn (from its Discard phase, which the AI
    plays on from) a click on a card of one's hand does nothing, and the caption said it
    discards or plays it (a review): it says only how to see a card whole."""
    from scene import Scene
    from test_ui_discard_s30d import CARDS
    from test_ui_table import scene_app, scene_session, table
    from game.engine.state import DISCARD
    sc = Scene(CARDS, seats=2)
    for x in range(3):
        sc.location((x, 0), under=["idol"])
    sc.haven((1, 1))
    sc.haven((2, 1), seat=1)
    sc.char("mio", (0, 0))
    sc.char("reiji", (2, 1), seat=1)
    card, = sc.hand(0, "mio")
    sc.hand(1, "mio")
    sc.turn(DISCARD, seat=1)
    t = table(scene_app(make_app, sc, (1280, 720)), scene_session(sc, ["human", "ai:easy"]))
    assert t.board.view.seat == 0 and t.board.view.turn_seat == 1, t.board.view
    assert not t.board.click.get(("card", card))
    assert t.hand_caption() == "Your hand · point at a card to see it whole", t.hand_caption()


def test_a_combat_s_bar_points_at_fight_once_every_choice_is_made(make_app):
    """Combat: each Character declares, then the round is fought (Fight!). With a
    choice made for every Character, the bar still said "choose for each Character, or
    Run Away" (s32v at the live window). It points at Fight! then, and asks until."""
    from test_ui_combat_forecast import fight, opened
    sc, chars, _ = fight(2)
    s, t = opened(make_app, sc)
    assert t.hint() == "Combat: choose for each Character, or Run Away.", t.hint()
    first, second = t.unchosen()
    t.plan[first] = "attack"
    assert t.hint() == "Combat: choose for each Character, or Run Away.", t.hint()
    t.plan[second] = "attack"
    assert not t.unchosen() and "Fight! (Enter)" in t.hint(), t.hint()


def test_a_combat_s_bar_names_run_away_only_when_it_may_be_done(make_app):
    """Basic Terms, Run Away: "say so at the beginning of any Combat round". Once a
    Character has declared this round Run Away is not offered, and the bar still said
    "..., or Run Away" (a review)."""
    from test_ui_combat_forecast import fight, opened
    sc, chars, _ = fight(3)
    sc.do(A.Declare(sc.st.combat.to_declare[0], "attack"))
    s, t = opened(make_app, sc)
    assert A.RunAway() not in t.board.legal
    assert t.hint() == "Combat: choose for each Character.", t.hint()
    for c in t.unchosen():
        t.plan[c] = "attack"
    assert t.hint() == "Combat: each of your Characters has its choice: Fight! (Enter).", \
        t.hint()
