"""What a newcomer at the window (helper s31w) reported: a piece of Equipment handed
from one Character to another flew across the table as an Item's face-down back."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import EQUIP
from game.ui.table.anims import Fly

import test_ui_table
from test_ui_window_s28z import ARMS, armed_pair
from test_ui_table import click, scene_app, scene_session, space, table
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def flights(t) -> list[Fly]:
    return [a for a in t.animator.anims if isinstance(a, Fly)]


def test_a_card_handed_over_flies_as_the_viewer_knows_it(make_app):
    """Rules for Equipment: Equipment is played face up, and carried where all see it;
    an Item is kept face down, known to its owner. Kaede handing her Heavy Ion Cannon to
    Reiji flew a silver Item back from her to him (the log said "gave Heavy Ion Cannon"):
    a newcomer read that an Item, a card that counts to win, had changed hands. The card
    now flies face up where the viewer's share of the event names it (her Cannon, her
    own Lucky Charm), and as a back only where it hides it (another's Item)."""
    s, app, t, (reiji, kaede, cannon, charm) = armed_pair(make_app, EQUIP)
    normal_speed(app, t)
    for card in (cannon, charm):
        holder = next(u.card for u in s.view().units if card in (*u.equipment, *u.items))
        taker = reiji if holder == kaede else kaede
        assert t.send(A.Transfer(card, holder, taker))
        app.step([], 0.016)
        fly, = flights(t)
        assert fly.pic is not t.back("item", fly.pic.get_width()), t.name(card)
        assert fly.pic is t.face(card, fly.pic.get_width()), t.name(card)
        t.animator.clear()
    # The share that hides the card (another player's Item): a back, as before.
    t.animator.feed(E.ItemTransferred(kaede, reiji, None), t, 0, t.seat_name)
    fly, = flights(t)
    assert fly.pic is t.back("item", fly.pic.get_width())
    pygame.display.flip()


def test_the_character_looked_at_in_the_equip_phase_is_the_one_to_move(make_app):
    """Move phase: "Click your Characters, then a glowing cell". A newcomer clicked
    Kaede in the Equip phase (to give her the Cannon) and ended the phase: the inspector
    went on saying "Selected: Kaede Ironside", no cell glowed, and a click on the cell
    she was to go to showed that Location instead of moving her. The Move phase now
    opens with the Character the inspector shows, if she is the viewer's and may move,
    as the one selected: her cells glow and a click on one moves her."""
    t, s, kaede = kaede_looked_at_then_move(make_app)
    assert t.selection == {kaede}
    before = len(s.record.actions)
    click(t.app, t.lay.cells[(1, 0)].center)
    assert s.record.actions[before] == A.Move((kaede,), (1, 0))


def kaede_looked_at_then_move(make_app):
    """Kaede, clicked in the Equip phase to look at her, then End phase: the Move phase
    (Reiji beside her, a Location to go to at (1, 0)). The table, session and Kaede."""
    from scene import Scene
    sc = Scene(ARMS)
    sc.location((0, 0))
    sc.location((1, 0))
    kaede = sc.char("kaede", (0, 0))
    sc.char("reiji", (0, 0))
    sc.turn(EQUIP)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    click(app, t.unit_rects[kaede].center)
    assert t.inspect == kaede and not t.selection
    space(app)  # End phase: the Move phase
    assert s.view().phase == "move"
    return t, s, kaede


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_card_played_to_no_place_on_the_field_is_shown_whole_and_sharp(make_app, size):
    """A card played that goes to no unit and no cell (Equipment into its Haven, a
    Global Effect Off Field: the event names neither) flew to the middle of the Field and
    grew there to half its width, a face drawn 70 pixels wide scaled up fivefold: Player
    2's "Nameless Rust-Bl…" blocky and unreadable at 1280x720 and at 1920x1080, the one
    look the others get at what was played. It is now shown there at a size it reads
    (as a Disaster turned over is), from a face drawn at that size: no flight draws a
    played card larger than its picture."""
    from scene import Scene
    sc = Scene(ARMS + "- {id: rally, name: Rally, type: global_effect, "
                      "bonuses: {attack: \"+1\"}}\n", seats=2)
    sc.location((0, 0))
    sc.char("kaede", (0, 0))
    cannon, rally = sc.hand(1, "cannon", "rally")
    sc.turn(EQUIP)
    s = scene_session(sc, ["human", "human"])
    app = scene_app(make_app, sc, size)
    t = table(app, s)
    normal_speed(app, t)
    for card in (cannon, rally):
        t.animator.clear()
        t.animator.feed(E.CardPlayed(1, card, None, None), t, 0, t.seat_name)
        shown = flights(t)
        assert shown, t.name(card)
        for fly in shown:  # never scaled up from its picture
            assert max(fly.src.w, fly.dst.w) <= fly.pic.get_width(), (t.name(card), fly.src,
                                                                       fly.dst, fly.pic)
        assert max(fly.dst.w for fly in shown) >= t.px(120), t.name(card)


def test_a_card_an_effect_discards_is_not_logged_as_the_player_s_choice():
    """Galactic Tax Audit: "the group's player discards a card at random". Drawn in
    the Reload phase, it took Starhopper Dinghy from the hand, and the log said "Player
    1 discarded Starhopper Dinghy", the line of a card the player chose to discard in the
    Discard phase: a newcomer looked for what they had clicked. A discard by a card's
    effect now says it was at random and not theirs; one a player chose reads as before;
    a piece of Equipment worn out says why (Rules for Equipment: Health)."""
    from game.ui.table.words import event_text

    def line(e):
        return event_text(e, {7: "Starhopper Dinghy"}.get, lambda s: f"Player {s + 1}")[0]
    chosen = line(E.CardDiscarded(7, 0))
    assert chosen == "Player 1 discarded Starhopper Dinghy"
    forced = line(E.CardDiscarded(7, 0, "effect"))
    assert "at random" in forced and "Player 1's hand" in forced, forced
    assert not forced.startswith("Player 1 discarded"), forced
    worn = line(E.CardDiscarded(7, 0, "out of Health"))
    assert worn.endswith("out of Health") and not worn.startswith("Player 1 discarded"), worn
    # A use's cost "discard a card at random" (Hall of Quiet Foxes): the player chose the
    # use, not the card.
    paid = line(E.CardDiscarded(7, 0, "cost"))
    assert "at random" in paid and "Player 1's hand" in paid and "cost" in paid, paid
    assert not paid.startswith("Player 1 discarded"), paid


def test_the_first_curtain_does_not_read_out_the_seat_s_own_bonuses(make_app):
    """The hot-seat curtain tells the person sitting down what happened since they
    last looked, or with nothing new the log's last lines. At a four-seat game's first
    curtain those were "Forward Base Anvil: +1 Attack to Sergeant Daigo Hatakeyama (P1)",
    to Mio, to Reiji: their own Haven's bonus at the start of their turn, the noise the
    news lines were made to leave out, and nothing of the Field just set up. A bonus
    (shown on the Field and in the totals) is no longer among those lines."""
    import random
    from game.ui.table.words import event_text
    from test_ui_table import session, set_up_face_up
    s = session("levels/four_players.yaml", ["human", "ai:normal", "human", "ai:normal"])
    app = make_app()
    t = table(app, s)
    seat = set_up_face_up(app, s, random.Random(2))
    _, (title, lines), _ = t.curtain_words(seat)
    assert lines, title
    bonuses = {event_text(e.for_seat(-1), t._log_name, t.seat_name)[0]
               for e in s.log if isinstance(e, E.Modified)}
    assert bonuses, "the first turn began with no bonus: nothing tested"
    assert not bonuses & set(lines), (title, lines)
