"""The table, driven headless with synthetic mouse and key events: hit-testing,
clicks and drops send exactly the intended legal action, the hot-seat curtain,
nothing hidden drawn for the wrong seat, and a whole game through the UI."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.engine.save import Record  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.screenshot import advance  # noqa: E402
from game.ui.session import Session, SessionConfig, build_game  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from zones import hidden_from  # noqa: E402
from conftest import replay_keys, keys_for_tests  # noqa: E402

DEMO = "levels/quick_demo.yaml"
STANDARD = "levels/standard_2p.yaml"
_GAMES: dict = {}


def session(level: str, seats: list[str], seed: int = 3) -> Session:
    """A session on a Game built once per level (loading the cards is slow)."""
    config = SessionConfig(level, seats, seed=seed)
    if level not in _GAMES:
        _GAMES[level] = build_game(config)
    return Session(config, Record(_GAMES[level], seed), threaded=False,
                   keys=replay_keys(len(seats), seed))


@pytest.fixture
def make_app(tmp_path):
    apps = []

    def make(size=(1280, 720)) -> App:
        app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
        keys_for_tests(app)
        apps.append(app)
        return app
    yield make


def table(app: App, s: Session) -> TableScene:
    app.play(s)
    app.step([], 0.016)
    assert isinstance(app.top, TableScene)
    return app.top


def mouse(kind: int, pos, button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(button == 1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def click(app: App, pos) -> None:
    app.step([mouse(pygame.MOUSEMOTION, pos, 0), mouse(pygame.MOUSEBUTTONDOWN, pos),
              mouse(pygame.MOUSEBUTTONUP, pos)], 0.016)


def drag(app: App, src, dst) -> None:
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
              mouse(pygame.MOUSEMOTION, mid), mouse(pygame.MOUSEMOTION, dst)], 0.016)
    app.step([mouse(pygame.MOUSEBUTTONUP, dst)], 0.016)


def reach(s: Session, want, limit: int = 4000) -> bool:
    """Play on (humans at random) until `want(s)` holds where the human decides."""
    for n in range(limit):
        if s.human_to_act() and want(s):
            return True
        advance(s, 1, seed=n)
    return False


def until(s: Session, want, limit: int = 4000) -> None:
    if not reach(s, want, limit):
        pytest.fail("the game never reached the wanted moment")


def reaching(level, seats: list[str], want) -> Session:
    """The first seeded game that reaches a moment few games see (one in ten or
    so; a rule change steers a given seed's game away from it or to it)."""
    for seed in range(40):
        s = session(level, seats, seed=seed)
        if reach(s, want):
            return s
    pytest.fail("no game of 40 seeds reached the wanted moment")


def test_click_on_a_highlighted_cell_places_exactly_that_card(make_app):
    s = session(STANDARD, ["human", "ai:random"])
    t = table(make_app(), s)
    legal = s.legal()
    place = next(a for a in legal if isinstance(a, A.PlaceCard))
    click(t.app, t.lay.cells[place.cell].center)
    assert s.record.actions[0] == place  # the AI seat may have answered since


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_a_drop_lands_on_the_card_under_the_pointer(make_app, size):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: any(isinstance(a, A.PlayCard) and a.target is not None
                           for a in s.legal()))
    app = make_app(size)
    t = table(app, s)
    play = next(a for a in s.legal() if isinstance(a, A.PlayCard) and a.target is not None)
    before = len(s.record.actions)
    target = t.unit_rects[play.target]
    # Aim at the target's corner, not its centre: the drop must use the pointer.
    drag(app, t.hand_rects[play.card].center, (target.right - 3, target.bottom - 3))
    assert s.record.actions[before] == play


def test_an_invalid_drop_sends_nothing_and_says_why(make_app):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase == "equip" and s.view().seats[0].hand)
    app = make_app()
    t = table(app, s)
    card = s.view().seats[0].hand[0]
    before = len(s.record.actions)
    drag(app, t.hand_rects[card].center, t.lay.log.center)  # the log takes nothing
    assert len(s.record.actions) == before
    empty = next((c for c, r in t.lay.cells.items() if c not in t.board.places), None)
    if empty is not None:
        drag(app, t.hand_rects[card].center, t.lay.cells[empty].center)
        assert len(s.record.actions) == before
        assert t.message[0]


def test_space_ends_the_phase(make_app):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: A.EndPhase() in s.legal())
    app = make_app()
    table(app, s)
    before = len(s.record.actions)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], 0.016)
    assert s.record.actions[before] == A.EndPhase()


def test_selecting_a_character_then_a_cell_moves_it(make_app):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: any(isinstance(a, A.Move) and len(a.chars) == 1 for a in s.legal()))
    app = make_app()
    t = table(app, s)
    move = next(a for a in s.legal() if isinstance(a, A.Move) and len(a.chars) == 1)
    before = len(s.record.actions)
    click(app, t.unit_rects[move.chars[0]].center)
    assert t.selection == {move.chars[0]}
    click(app, t.lay.cells[move.cell].center)
    assert s.record.actions[before] == move


def test_hot_seat_curtain_and_hidden_cards(make_app):
    s = session(DEMO, ["human", "human"], seed=2)
    app = make_app()
    t = table(app, s)
    rng = random.Random(1)
    handoffs = 0
    for _ in range(400):
        if s.result is not None:
            break
        if s.handoff() is not None:
            # Control passed to the other human: only the curtain is drawn.
            assert t.shown == [] and t.curtain_button is not None
            seat = s.handoff()
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ")], 0.016)
            assert s.viewer == seat and s.handoff() is None
            handoffs += 1
            continue
        app.step([], 0.016)
        leaked = set(t.shown) & hidden_from(s.state, s.viewer)
        assert not leaked, f"drawn for seat {s.viewer}: {leaked}"
        assert s.to_act == s.viewer
        s.act(rng.choice(s.legal()))
        app.step([], 0.016)
    assert handoffs >= 2


def test_no_curtain_with_one_human(make_app):
    s = session(DEMO, ["human", "ai:random"], seed=4)
    app = make_app()
    t = table(app, s)
    rng = random.Random(2)
    for _ in range(300):
        if s.result is not None:
            break
        assert s.handoff() is None and t.curtain_button is None
        if s.human_to_act():
            assert not set(t.shown) & hidden_from(s.state, 0)
            s.act(rng.choice(s.legal()))
        app.step([], 0.016)


def test_a_whole_game_through_the_action_list(make_app):
    """Every legal action is reachable from the "All actions" list, so a game can
    always be finished with the mouse: play one that way to the game-over scene."""
    s = session(DEMO, ["human", "ai:random"], seed=1)
    app = make_app()
    t = table(app, s)
    rng = random.Random(3)
    for _ in range(20000):
        if not isinstance(app.top, TableScene):
            break
        if s.human_to_act() and not t.animator.busy and t.board.legal:
            legal = t.board.legal
            want = A.EndPhase() if A.EndPhase() in legal and rng.random() < 0.6 \
                else rng.choice(legal)
            all_button = next(r for r, k in t.hits if k == ("all",))
            click(app, all_button.center)
            menu = t.menu
            index = [a for _, a in menu.items].index(want)
            menu.scroll = max(0, min(len(menu.items) - menu.rows, index))
            row = next(r for r, i in menu.rows_shown() if i == index)
            before = len(s.record.actions)
            click(app, row.center)
            assert s.record.actions[before] == want
        else:
            app.step([], 0.016)
    assert s.result is not None
    assert type(app.top).__name__ == "GameOverScene"


@pytest.mark.parametrize("level,seats", [(STANDARD, 2), ("levels/four_players.yaml", 4)])
def test_every_legal_action_has_a_gesture_or_a_button(level, seats):
    """Beyond the "All actions" list, each legal action is a click, a drop or a button."""
    from game.engine import legal_actions, view
    from game.ui.table.model import Board

    s = session(level, ["ai:random"] * seats, seed=11)
    kinds = set()
    for _ in range(1500):
        if s.result is not None:
            break
        legal = legal_actions(s.state)
        board = Board(view(s.state, s.to_act), legal, s.game.db)
        missing = set(legal) - board.gestured()
        assert not missing, sorted(map(str, missing))[:5]
        kinds.update(type(a) for a in legal)
        s.poll()
    assert len(kinds) >= 8


def test_dragging_a_held_card_onto_another_character_transfers_it(make_app):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: any(isinstance(a, A.Transfer) for a in s.legal()))
    app = make_app((1920, 1080))
    t = table(app, s)
    give = next(a for a in s.legal() if isinstance(a, A.Transfer))
    click(app, t.unit_rects[give.src].center)  # the inspector shows what it holds
    card = next(r for r, k in t.hits if k == ("card", give.card))
    target = t.unit_rects[give.dst]
    before = len(s.record.actions)
    drag(app, card.center, target.center)
    assert s.record.actions[before] == give


def _playable_two_ways(s: Session):
    """A card of the hand with two targets or more, and one of its plays."""
    plays = [a for a in s.legal() if isinstance(a, A.PlayCard) and a.target is not None]
    return next((a for a in plays if sum(b.card == a.card for b in plays) >= 2), None)


def test_a_clicked_card_lights_its_targets_and_a_click_on_one_plays_it(make_app):
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: _playable_two_ways(s) is not None)
    app = make_app()
    t = table(app, s)
    play = _playable_two_ways(s)
    click(app, t.hand_rects[play.card].center)
    assert t.armed == ("card", play.card) and t.menu is not None
    before = len(s.record.actions)
    click(app, t.unit_rects[play.target].center)
    assert s.record.actions[before] == play


@pytest.mark.parametrize("level", [DEMO, STANDARD])
def test_what_only_a_button_offers_is_always_on_the_bar(make_app, level):
    """The bar drops buttons that do not fit: never those with no other gesture."""
    s = session(level, ["human", "ai:random"], seed=6)
    app = make_app()
    t = table(app, s)
    for n in range(400):
        if s.result is not None:
            break
        app.step([], 0.016)
        if s.human_to_act():
            on_bar = {k[1] if k[0] == "act" else A.EndPhase() for _, k in t.hits
                      if k[0] in ("act", "end")}
            assert not [str(a) for a in t.board.only_buttons() if a not in on_bar]
            advance(s, 1, seed=n)


def _group_row_button(t: TableScene, a) -> pygame.Rect:
    """The button for `a` in the combat panel (not the bar)."""
    return next(r for r, k in t.hits if k == ("act", a) and t.combat_cover.contains(r))


def test_a_charmed_friend_is_freed_from_the_combat_panel(make_app):
    s = reaching(DEMO, ["human", "ai:random"],
                 lambda s: any(isinstance(a, A.BreakCharm) for a in s.legal()))
    app = make_app()
    t = table(app, s)
    free = next(a for a in s.legal() if isinstance(a, A.BreakCharm))
    assert free in t.board.click[("unit", free.char)]  # a click on the Character offers it
    before = len(s.record.actions)
    click(app, _group_row_button(t, free).center)
    assert s.record.actions[before] == free


def test_a_held_card_is_used_from_the_combat_panel(make_app):
    def use_held(s):
        held = {i for u in s.view().units for i in (*u.equipment, *(u.items or ()))}
        return next((a for a in s.legal() if isinstance(a, A.UseCard) and a.card in held), None)

    s = reaching(STANDARD, ["human", "ai:random"],
                 lambda s: s.view().combat is not None and use_held(s) is not None)
    app = make_app()
    t = table(app, s)
    use = use_held(s)
    before = len(s.record.actions)
    click(app, _group_row_button(t, use).center)
    assert s.record.actions[before] == use


def test_a_crowded_character_still_shows_what_its_haven_stores(make_app):
    """At 1280x720 the inspector fits a Character's Equipment, Enhancements and the
    cards stored in its Haven, so each can be dragged onto it."""
    def pickup(s):
        units = {u.card: u for u in s.view().units}
        return next((a for a in s.legal() if isinstance(a, A.PickUp)
                     and units[a.char].equipment and units[a.char].enhancements), None)

    # Built, not sought: a Character in its Haven given the player's Equipment and
    # Enhancement (taken from wherever they are), and an Item stored there (one left
    # unused, R5).
    s = session(DEMO, ["human", "ai:random"], seed=0)
    until(s, lambda s: s.view().phase == "move" and any(
        u.pos == s.state.seats[0].havens[0] for u in s.state.characters(0)))
    st = s.state
    hero = next(u for u in st.characters(0) if u.pos == st.seats[0].havens[0])
    lists = [getattr(st.seats[0], n) for n in ("hand", "draw", "discard")] + [
        getattr(u, n) for u in st.characters(0) for n in ("equipment", "enhancements")]
    for kind, onto in (("equipment", hero.equipment), ("enhancement", hero.enhancements)):
        card = next(c for c in st.game.sections[0]["power"] if st.game.card(c).type == kind)
        next(lst for lst in lists if card in lst).remove(card)
        onto.append(card)
    st.put_under(hero.pos, [st.seats[0].unused.pop()])
    assert pickup(s) is not None
    app = make_app()
    t = table(app, s)
    take = pickup(s)
    click(app, t.unit_rects[take.char].center)
    shown = [k[1] for _, k in t.hits if k[0] == "card"]
    u = t.board.units[take.char]
    assert take.card in shown and set(u.equipment) | set(u.enhancements) <= set(shown)
    t.cancel()
    before = len(s.record.actions)
    card = next(r for r, k in t.hits if k == ("card", take.card))
    drag(app, card.center, t.unit_rects[take.char].center)
    assert s.record.actions[before] == take


def test_a_fanned_card_is_hit_where_it_is_drawn(make_app):
    """Hand cards are drawn tilted: a click on a tilted card's corner hits it, a
    click beside it where its upright box would be does not; the card under the
    pointer rises whole, and is hit all over while it is up."""
    import math
    s = session(DEMO, ["human", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase != "setup" and len(s.view().seats[0].hand) >= 4)
    app = make_app()
    t = table(app, s)
    tilted = {i: a for i, a in t.hand_tilts.items() if abs(a) >= 3}
    assert tilted
    for i, angle in tilted.items():
        r, a = t.hand_rects[i], math.radians(angle)
        # Its top-left corner, 2 px inside the card, turned as drawn (anticlockwise):
        # out of the upright box, and never under the cards drawn after it (right).
        dx, dy = -r.w / 2 + 2, -r.h / 2 + 2
        corner = (round(r.centerx + dx * math.cos(a) + dy * math.sin(a)),
                  round(r.centery - dx * math.sin(a) + dy * math.cos(a)))
        assert not r.collidepoint(corner) and t.hit(corner) == ("card", i)
        assert t.hit((r.left + 1, r.top + 1)) != ("card", i)  # the box's corner: off its face
    i = next(iter(tilted))
    r = t.hand_rects[i]
    app.step([mouse(pygame.MOUSEMOTION, (r.centerx, t.lay.hand.bottom - 10), 0)], 0.016)
    above = (r.centerx, t.lay.hand.top - t.px(20))  # over the Field, on the risen card
    assert t.raised is not None and t.raised[0] == i and t.hit(above) == ("card", i)
