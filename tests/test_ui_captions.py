"""The words over the hand say what is true at each moment (newcomer audits): whose
move everyone watches while the hands are hidden, what each step of the set-up
deals or places when no card or another's shows. Driven headless."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine.decisions import Dealing, Placement  # noqa: E402
from game.engine.events import ALL_SEE  # noqa: E402
from game.engine.setup import still_to_deal  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.table.words import count, deal_caption, place_caption  # noqa: E402
from conftest import keys_for_tests  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import DEMO, FOUR, people_play_a_frame, session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size


def test_hands_hidden_names_the_ai_seat_playing_not_the_next_person(tmp_path):
    """Two people and AI seats at one screen, at the normal speed: while everyone
    watched an AI seat's last move before the curtain, the caption said "Hands hidden
    while Player 1 plays", the person the curtain was coming for. It names the AI seat
    whose move is watched, and while one decides, that one."""
    s = session(DEMO, ["human", "ai:random", "human", "ai:random"], seed=2)
    app = App((1280, 720), Settings(anim_speed="normal"), config=tmp_path, data=tmp_path)
    keys_for_tests(app)
    t = table(app, s)
    rng = random.Random(4)
    seen = {"watching": 0, "deciding": 0}
    for _ in range(3000):
        if s.result is not None or min(seen.values()) >= 3:
            break
        if t.board.view.seat == ALL_SEE:
            v = t.board.view
            playing = v.to_act if s.seats[v.to_act] != "human" else s.acted_by
            assert s.seats[playing] != "human"
            assert t.hand_caption() == f"Hands hidden while Player {playing + 1} (AI Random) plays"
            seen["watching" if s.watch == ALL_SEE else "deciding"] += 1
            if s.watch == ALL_SEE:
                assert s.seats[s.to_act] == "human" and f"Player {s.to_act + 1}" \
                    not in t.hand_caption()
            app.step([], 0.05)
        else:
            people_play_a_frame(app, s, t, rng)
    assert min(seen.values()) >= 3, seen
    app.quit()


def test_each_step_of_the_setup_says_what_the_hand_holds(make_app):
    """Dealing, the hand's caption said "Your cards to place now" over no card. Each
    step says what is true: the cards to place (now, or at this seat's go), that they
    are all placed, and while dealing, what is left to deal face down, as the seat's
    panel counts it."""
    s = session(FOUR, ["human"] + ["ai:random"] * 3)
    t = table(make_app(), s)
    said: set[str] = set()
    rng = random.Random(1)
    while s.view().phase == "setup":
        t.refresh()
        v, words = t.board.view, t.hand_caption()
        me = v.seats[v.seat]
        other = "" if v.to_act == v.seat else f"Player {v.to_act + 1}"
        if isinstance(v.decision, Dealing):
            assert not t.painter([]).hand_cards() and "place" not in words
            disasters, items = still_to_deal(v)[v.seat]
            assert words == deal_caption("Your", disasters, items, other)
            if items:
                assert count(items, "Item") in words
            said.add("dealt" if "all dealt" in words else "deal")
        else:
            assert isinstance(v.decision, Placement)
            shown = len(t.painter([]).hand_cards())
            assert words == place_caption("Your", me.to_place, len(me.haven_to_place), shown,
                                          me.next_location is not None, other)
            assert ("this Location" in words) <= (me.next_location is not None), words
            assert bool(me.to_place or me.haven_to_place) != ("all placed" in words)
            said.add("placed" if "all placed" in words else "place" if shown else "to come")
        if s.human_to_act():
            s.act(rng.choice(s.legal()))
        else:
            s.poll()
    assert said == {"place", "to come", "placed", "deal", "dealt"}, said


def test_setup_captions_in_words():
    assert place_caption("Your", 0, 0, 0, False, "Player 3") == \
        "Your cards are all placed · Player 3 places now"
    assert place_caption("Your", 1, 1, 2, True, "Player 2") == \
        "Your cards to place: this Location and this Haven · Player 2 places now"
    # The Haven alone shows at another's go: "this one" would point at no Location (s43n),
    # "· and 3 Locations" began a clause with "and" (s71).
    assert place_caption("Your", 3, 1, 1, False, "Player 2") == \
        "Your cards to place: this Haven and 3 Locations, turned up one by one · Player 2 " \
        "places now"
    assert place_caption("Your", 3, 0, 0, False, "Player 4") == \
        "Your cards to place: 3 Locations, turned up one by one · Player 4 places now"
    assert deal_caption("Your", (2, 3, 4), 2) == \
        "Your cards to deal now, face down and unseen: about 3 Disasters (a go deals 1 or 2), " \
        "then 2 Items"
    assert deal_caption("Player 1's", (0, 0, 0), 1, "Player 2") == \
        "Player 1's cards to deal, face down and unseen: 1 Item · Player 2 deals now"
    assert deal_caption("Your", (0, 0, 0), 0) == "Your cards are all dealt"
