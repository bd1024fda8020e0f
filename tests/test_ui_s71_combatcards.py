"""s71: the Combat panels' card rows say the cards drawn in the round, each for the side
it was drawn for. A newcomer's Disaster Combat after a Charm break (Space Pirate Admiral
Gildmaw): while the round's hits played the panel named the Charm break's Cheap Shot
"for Daigo" and neither card of the round (drawn after the Board it is drawn from); in
the round's choosing it listed the Charm Combat's cards as if this round's."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.options import Options
from game.engine.state import MOVE
from game.ui.table import panels

import test_ui_table
from scene import Scene
from shots import shipped, table_shot
from test_rules_charm import script_targets
from test_ui_combat_panel import painted
from test_ui_s68_combat import replayed_table
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture

SIZES = [(1280, 720), (960, 540)]


def gildmaw_after_a_break(against: str = "cheap-shot"):
    """Player 1's Kaede and Daigo fight Player 2's Gildmaw (Charm 3). Its Charm Combat:
    Kaede resists (Deep Breath against Wink), Daigo is Charmed (Haymaker against
    Rocket Punch); Kaede tries to break it (Blushing Retreat: Daigo's Charm -2), against
    Daigo's card `against`: Cheap Shot (his Charm -2), broken. Broken, round 1's cards,
    Gildmaw's then its target Daigo's: Cheap Shot (its foe's Defense -2), Dodge Roll
    (Defense +2). Against Sparkly Aura (+3) it holds, Mio and Reiji in the group too
    (Mio Charmed by Heroic Monologue against Deep Breath; Reiji resisting Deep Breath
    with Whiff, left to try to break hers). Every card from Player 1's pile (R22)."""
    broken = against == "cheap-shot"
    more = () if broken else ("mio-sprocket", "reiji-valen")
    sc = Scene(shipped("characters", "disasters", "combat"), seats=2)
    sc.location((0, 0))
    sc.location((1, 0))
    group = [sc.char(c, (0, 0)) for c in ("kaede-ironside", "daigo-hatakeyama", *more)]
    gildmaw = sc.disaster("admiral-gildmaw", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, "deep-breath", "wink", "haymaker", "rocket-punch",
                   *(() if broken else ("heroic-monologue", "deep-breath", "deep-breath",
                                        "whiff")),
                   "blushing-retreat", against, "cheap-shot", "dodge-roll", *["whiff"] * 6)
    sc.turn(MOVE)
    script_targets(sc, group)
    kaede, daigo = group[:2]
    log = sc.do(A.Fight(gildmaw), A.BreakCharm(kaede, daigo))
    assert [e.result for e in log if isinstance(e, E.CharmContest)] == \
        ["won", "charmed", *(() if broken else ("charmed", "won")),
         "broken" if broken else "held"]
    assert sc.st.combat.stage == ("declare" if broken else "break")
    return sc, kaede, daigo, gildmaw, log


def combat_said(monkeypatch, t) -> list[str]:
    """The Combat panel's words as the table draws it now (frame._paint_base): while a
    round's hits play, from the Board before them (panel_board)."""
    fought = t.fought is not None

    def draw(p, surf):
        panels.combat(t.painter([], t.panel_board()), surf, t.fight, t.notes, t.name, t.plan,
                      None, fought)
    said, _ = painted(monkeypatch, t, draw)
    monkeypatch.undo()
    return said


def fight_round(monkeypatch, t, roles: dict[int, str], shot: str) -> list[list[str]]:
    """`roles` declared at the normal speed: the panel's words in each frame while the
    round's hits play once both its cards are noted; the last with a hit saved."""
    normal_speed(t.app, t)
    for char, role in roles.items():
        t.send(A.Declare(char, role))
    frames = []
    for _ in range(400):
        t.app.step([], 0.05)
        if t.fought is None:
            if frames:
                break
            continue
        if len([n for n in t.notes[t._fought_at:] if isinstance(n, E.CombatCard)]) == 2:
            frames.append(combat_said(monkeypatch, t))
            if any(w.startswith("Last hit") for w in frames[-1]) and shot:
                table_shot(t, shot)  # the last of them kept
    return frames


@pytest.mark.parametrize("size", SIZES)
def test_while_the_hits_play_the_round_s_two_cards_show_each_for_its_fighter(
        make_app, monkeypatch, size):
    """Combat with Disasters: "you will draw a Combat card for the Disaster, and a card
    for each Character being attacked, in that order". While round 1's hits played, the
    panel showed one row, the Charm break's Cheap Shot "for Daigo", and neither of the
    round's cards (the log said Cheap Shot for Gildmaw, Dodge Roll for Daigo). Now both,
    and nothing of the Charm Combat: Gildmaw's card said as Gildmaw's (its Defense -2
    to "You", the side it counts against), Daigo's as his."""
    sc, kaede, daigo, gildmaw, log = gildmaw_after_a_break()
    t = replayed_table(make_app, sc, log, size)
    frames = fight_round(monkeypatch, t, {kaede: "attack", daigo: "attack"},
                         f"round_fought_{size[0]}")
    assert frames
    for said in frames:
        assert said.count("Cheap Shot") == 1 and "Dodge Roll" in said, said
        assert not {"Wink", "Blushing Retreat", "Rocket Punch"} & set(said), said
        whom = [w for w in said if w.startswith("for ")]
        assert whom[0].startswith(("for Pirate · ", "for Pirate (Defeated)")), said
        assert whom[-1].startswith("for Daigo"), said
    t.app.quit()


@pytest.mark.parametrize("size", SIZES)
def test_choosing_the_next_round_the_last_cards_are_said_to_be_an_earlier_draw(
        make_app, monkeypatch, size):
    """Choosing for round 1 after the Charm break, the panel listed Charm Combat's last
    three cards, an earlier contest's Rocket Punch bare among them, as rows of this
    round (whose cards are drawn at Fight!). Now the last draw alone, in words, said
    to be Charm Combat's; choosing for round 2, round 1's."""
    sc, kaede, daigo, gildmaw, log = gildmaw_after_a_break()
    t = replayed_table(make_app, sc, log, size)
    table_shot(t, f"charm_drawn_{size[0]}")
    said = " ".join(combat_said(monkeypatch, t))
    assert "Charm Combat's cards: Blushing Retreat for Kaede, Cheap Shot for Daigo." in said
    assert "Rocket Punch" not in said and said.count("Cheap Shot") == 1, said
    fight_round(monkeypatch, t, {kaede: "none", daigo: "attack"}, f"round_1_fought_{size[0]}")
    assert t.board.view.combat is not None and t.board.view.combat.round == 2
    table_shot(t, f"round_1_drawn_{size[0]}")
    said = " ".join(combat_said(monkeypatch, t))
    assert "Round 1's cards: Cheap Shot for Pirate, Dodge Roll for Daigo." in said, said
    assert "Blushing Retreat" not in said and said.count("Cheap Shot") == 1, said
    t.app.quit()


def test_a_charm_break_s_cards_say_each_side_by_its_character(make_app, monkeypatch):
    """Charm Combat with Disasters: "Any Character not Charmed by the Disaster can
    attempt a Charm break of another Character... Draw a Combat card for both
    Characters." Blushing Retreat, drawn for Kaede breaking Daigo's Charm, lowers its
    opponent's Charm: Daigo's, which the row said was Gildmaw's ("Pirate ♥-2"). Between
    two of the group each side is named by its Character."""
    sc, kaede, daigo, gildmaw, log = gildmaw_after_a_break("sparkly-aura")
    t = replayed_table(make_app, sc, log)
    table_shot(t, "charm_break_held_1280")
    said = combat_said(monkeypatch, t)
    at = said.index("Blushing Retreat")
    assert said[at - 2:at] == ["Daigo", "Daigo"], said  # each card's chips, by whom they change
    assert {"for Kaede · from your pile", "for Daigo · from your pile"} <= set(said), said
    t.app.quit()


def duel_hits(monkeypatch, t) -> list[str]:
    """The duel panel's words as the table draws it while a round's hits play."""
    def draw(p, surf):
        panels.duel(t.painter([], t.panel_board()), surf, t.duel_shown(), t.name, t.plan,
                    t.notes[t._fought_at:], t.notes)
    said, _ = painted(monkeypatch, t, draw)
    monkeypatch.undo()
    return said


@pytest.mark.parametrize("size", SIZES)
def test_a_combat_between_players_shows_each_side_s_card_as_the_hits_play(
        make_app, monkeypatch, size):
    """Combat Between Players: "Players use their own Combat cards... draw a Combat card
    for each Character that is being attacked". Kaede attacks Mio, Mio attacks Daigo:
    Mio's card from Player 2's pile, Daigo's from Player 1's. While the hits played the
    panel said "The Combat cards are drawn…", then the hits, and neither card (drawn
    after the Board it is drawn from). Each now, for its Character, from its pile."""
    sc = Scene(shipped("characters", "combat"), seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    kaede, daigo = sc.char("kaede-ironside", (0, 0)), sc.char("daigo-hatakeyama", (0, 0))
    mio = sc.char("mio-sprocket", (0, 0), seat=1)
    sc.combat_pile(0, "dodge-roll", "whiff", "whiff")
    sc.combat_pile(1, "cheap-shot", "whiff", "whiff")
    sc.turn(MOVE)
    log = sc.do(A.Challenge(1, (0, 0)), A.Engage(kaede, "attack", mio),
                A.Engage(mio, "attack", daigo))
    t = replayed_table(make_app, sc, log, size)
    normal_speed(t.app, t)
    t.send(A.Engage(daigo, "none"))
    cards = ["Combat card Cheap Shot for Mio, from Player 2's pile",
             "Combat card Dodge Roll for Daigo, from your pile"]
    seen = []
    for _ in range(400):
        t.app.step([], 0.05)
        if t.fought is None:
            if seen:
                break
            continue
        noted = [n for n in t.notes[t._fought_at:] if isinstance(n, E.CombatCard)]
        said = " ".join(duel_hits(monkeypatch, t))
        seen.append(said)
        assert all(w in said for w in cards[:len(noted)]), said
        if " hits Daigo" in said:
            table_shot(t, f"duel_hits_{size[0]}")
    assert seen and all(w in seen[-1] for w in cards), seen
    t.app.quit()
