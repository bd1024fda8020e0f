"""Equipment dragged from the hand onto a Character standing in its own Haven (booth
helper's report): the rules play it into the Haven (Equip phase), and the token
under the pointer was no target, so the card stayed stored there. Let go on the
Character, it is played and then taken up by that Character (PickUp), as the hint
says. Driven headless with posted mouse events at the normal speed."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import actions as A  # noqa: E402
from game.ui.table.model import Board  # noqa: E402
from test_ui_camera_hand import normal_app, settle  # noqa: E402
from test_ui_table import FOUR, laid, mouse, table, until  # noqa: E402


def stored(s):
    """Equipment of the hand that goes into the Haven, and the player's Characters
    standing in that Haven (the first: the one it goes into)."""
    if not s.human_to_act():
        return None
    b = Board(s.view(), s.legal(), s.game.db)
    haven = b.view.seats[b.view.seat].havens[0]
    chars = [u.card for u in b.view.units if u.pos == haven and u.owner == b.view.seat
             and not u.disaster]
    card = next((c for c in b.hand if b.card(c).type == "equipment"
                 and b.drop_targets(("card", c), set()).get(("haven",)) == A.PlayCard(c)), None)
    return (card, chars, haven) if card is not None and len(chars) >= 2 else None


def carry(app, t, start, end) -> None:
    """A drag at hand speed: the card held, moved in steps of a 50 ms frame."""
    app.step([mouse(pygame.MOUSEMOTION, start, 0), mouse(pygame.MOUSEBUTTONDOWN, start)], 0.05)
    for k in range(1, 9):
        app.step([mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // 8,
                                             start[1] + (end[1] - start[1]) * k // 8))], 0.05)


def at_the_haven(tmp_path, size):
    """A four-seat table at the normal speed in the Equip phase, a card in the hand
    that goes into the Haven where Characters of the seat stand, the view on it:
    (session, app, table, card, the Characters, the Haven's cell)."""
    s = laid(FOUR, 4)
    until(s, lambda s: stored(s) is not None)
    card, chars, haven = stored(s)
    app = normal_app(tmp_path, size)
    t = table(app, s)
    t.aim(focus="{},{}".format(*haven))
    settle(app)
    return s, app, t, card, chars, haven


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_equipment_let_go_on_a_character_in_its_haven_goes_to_that_character(tmp_path, size):
    s, app, t, card, chars, haven = at_the_haven(tmp_path, size)
    char = chars[-1]  # not the first token: the one under the pointer, whichever it is
    end = t.unit_rects[char].center
    sent = len(s.record.actions)
    carry(app, t, t.hand_rects[card].center, end)
    assert t.drop_target(end, t.drag[3]) == ("unit", char)
    # and, where the taker lacks the card's requirement, that it cannot use it (s32v)
    lacks = "" if s.meets(card, char) else \
        f" {t.name(char)} cannot use it: needs {s.game.card(card).requires.describe()}."
    assert t.hint() == (f"Let go here to play {t.name(card)} into your Haven and give it "
                        f"to {t.name(char)}.{lacks}")
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.05)
    assert s.record.actions[sent:] == [A.PlayCard(card), A.PickUp(card, char)]
    held = next(u for u in s.view().units if u.card == char)
    assert card in held.equipment


def test_equipment_let_go_on_the_haven_beside_its_characters_is_stored(tmp_path):
    """Let go on the Haven's tile, off its tokens, the card is played into the Haven
    and stays stored there, as before."""
    s, app, t, card, chars, haven = at_the_haven(tmp_path, (1280, 720))
    cell = t.lay.cells[haven]
    end = (cell.left + t.px(8), cell.bottom - t.px(8))
    assert not any(r.collidepoint(end) for r in t.unit_rects.values())
    sent = len(s.record.actions)
    carry(app, t, t.hand_rects[card].center, end)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.05)
    assert s.record.actions[sent:] == [A.PlayCard(card)]


def test_equipment_let_go_where_it_cannot_go_says_it_may_go_to_them(tmp_path):
    """Let go on a Location, nothing is sent, and the refusal says where it may go: into
    the Haven, or on a Character standing there (it said only the Haven; with the
    Characters among the targets it raised KeyError)."""
    s, app, t, card, chars, haven = at_the_haven(tmp_path, (1280, 720))
    seen = t.seen()
    cell = next(c for c, r in t.lay.cells.items() if seen.contains(r)
                and t.board.places.get(c) is not None and t.board.places[c].kind == "location")
    end = (t.lay.cells[cell].left + t.px(8), t.lay.cells[cell].bottom - t.px(8))
    sent = len(s.record.actions)
    carry(app, t, t.hand_rects[card].center, end)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 0.05)
    assert len(s.record.actions) == sent
    said = t.message[0]
    assert "it enters play in your Haven" in said and "to give it to them" in said
    assert all(t.name(c) in said for c in chars) if len(chars) <= 2 else \
        "or on a Character there to give it to them" in said, said


def test_the_guided_game_offers_no_pick_up_after_its_scripted_play(tmp_path):
    """The guided first game offers only its script's next action: a card played into
    the Haven is not then taken up, so its Characters there are no drop targets (let go
    on one, the hint promised to give it them, and the table said "... stays in your
    Haven: None", the rules allowing what the script did not)."""
    from game.ui.app import GUIDE_KEYS, GUIDE_SEED, attach_guide
    from game.ui.session import Session, SessionConfig
    from game.match import derived_keys
    config = SessionConfig("levels/quick_demo.yaml", ["human", "ai:easy"], seed=GUIDE_SEED)
    s = Session(config, keys=derived_keys(2, *GUIDE_KEYS), threaded=False)
    attach_guide(s)
    script = s.guide.script.actions
    played = None
    while played is None:
        a = script[len(s.record.actions)]
        if s.human_to_act():
            legal = s.legal()
            if len(legal) == 1 and isinstance(legal[0], A.PlayCard) and \
                    s.game.card(legal[0].card).type == "equipment":
                played = legal[0]
                break
            s.act(a)
        else:
            s.poll()
    t = table(normal_app(tmp_path, (1280, 720)), s)
    v = t.board.view
    haven = v.seats[v.seat].havens[0]
    chars = [u.card for u in v.units if u.pos == haven and u.owner == v.seat]
    targets = t.drag_targets(("card", played.card))
    assert chars and targets.get(("haven",)) == played
    assert not any(("unit", c) in targets for c in chars)
