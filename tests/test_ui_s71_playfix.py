"""The s71 newcomer playtest's findings at the window (/tmp/s71/play): words that left
a reason out, said one thing and its opposite, or read cut at 960x540."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.ui.table import forecast

import test_ui_table
from shots import table_shot
from test_ui_combat_panel import TITLED, painted
from test_ui_table import scene_app, scene_session, table
from test_ui_duel_plan import plan_and_fight
from test_ui_s62_play import duel_words_as_fought
from test_ui_watching import normal_speed

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


class Runs:
    """An AI seat that Runs Away when it may, else takes the first choice."""

    def choose(self, view, legal, rng):
        return A.RunAway() if A.RunAway() in legal else legal[0]


def charmed_then_ran_from(make_app):
    """Seat 0's Akiko and Reiji challenge seat 1's Pawlina (R33), seat 1 an AI; in
    Charm Combat Pawlina Charms Reiji and orders him not to attack (R34). Seat 0 plans
    Akiko: Attack Pawlina, Reiji: Protect Akiko, and Fight!: Akiko is declared, seat 1
    Runs Away, and Reiji, whom the rules now leave Hold back alone, holds back."""
    from scene import Scene
    from game.engine.options import Options
    from game.engine.state import MOVE
    sc = Scene(TITLED, seats=2, options=Options(charm_combat=True))
    sc.location((0, 0))
    sc.location((1, 0))
    akiko, reiji = (sc.char(c, (0, 0)) for c in ("akiko", "valen"))
    pawlina = sc.char("pawlina", (0, 0), seat=1)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)), A.Proceed(), A.CharmAttack(pawlina, reiji))
    while sc.st.duel.stage in ("charm", "order"):
        order = A.Order(pawlina, reiji, "no-attack")
        sc.do(order if order in sc.legal() else A.Proceed())
    s = scene_session(sc, ["human", "ai:random"])
    s.match.agents[1] = Runs()
    app = scene_app(make_app, sc)
    t = table(app, s)
    normal_speed(app, t)
    table_shot(t, "01_declare")
    plan_and_fight(app, t, {akiko: ("attack", pawlina), reiji: ("protect", akiko)})
    return reiji, s, app, t


def test_one_held_back_by_a_charm_and_a_run_says_why(make_app, monkeypatch):
    """Reiji, Charmed and ordered not to attack, planned to protect Akiko; Player 2 Ran
    Away, and in the final attack nobody protects (Combat Between Players: Running
    Away). The round said "Reiji holds back", no reason given (s71 playtest, g1
    64_pvp_result): it says both, the order and the run."""
    reiji, s, app, t = charmed_then_ran_from(make_app)

    seen = duel_words_as_fought(monkeypatch, app, t, "03_final_attack")
    assert seen, "the final attack played in the panel"
    for said in seen:
        assert "holds back: ordered not to attack" in said, said  # Reiji's row
        text = " ".join(said)  # the round's column, in lines
        assert "Reiji holds back: ordered not to attack, and nobody protects once " \
            "Player 2 has Run Away." in text, said


def test_the_forecast_says_the_group_s_attack_and_that_nobody_attacks_as_one(make_app,
                                                                             monkeypatch):
    """Combat with a Disaster: readying Daigo's Cannon raised the group's Attack, all
    attacking, from 13 to 16, and the forecast read "All attacking 16 (was 13) · Nobody
    attacks it this round: choose Attack to hurt it" (s71 playtest, g1 38): all attack,
    and nobody does. Before anyone is set to attack, the change is said in the one
    sentence that says nobody attacks yet."""
    from test_ui_combat_forecast import combat_panel, fight, opened
    sc, chars, _ = fight(2)
    s, t = opened(make_app, sc)
    most = forecast.reach(t.board.view, t.board.view.combat)
    t.swing = (most - 3, most)  # as _note_swing leaves it after the Cannon, kept so
    t._note_swing = lambda: None
    said, _ = painted(monkeypatch, t, combat_panel(t))
    monkeypatch.undo()
    t._stale = True  # (drawn anew for the shot)
    table_shot(t, "04_swing_nobody_attacks")
    line = next(w for w in said if w.startswith("Nobody attacks"))
    assert not [w for w in said if w.startswith("All ")], said
    assert f"{most}, was {most - 3}" in line, line
    # Once one is set to attack, the change leads the forecast of that attack.
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    test_ui_table.click(t.app, slots["plan", chars["daigo"], "attack"].center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert any(w.startswith("All ") for w in said) and \
        any(w.startswith("Your attack") for w in said), said


def test_every_set_up_caption_reads_as_a_sentence(make_app):
    """The hand's caption at each step of a two-player set-up, a person against an AI
    (s71 playtest, g1 12: "Your cards to place · and 6 Locations, turned up one by one"
    began a clause with "and"): each clause between the dots begins with whose cards
    or who acts, and says what, after a colon, where cards are left."""
    import random
    from test_ui_table import STANDARD, session
    s = session(STANDARD, ["human", "ai:random"])
    t = table(make_app((1280, 720)), s)
    said, rng = set(), random.Random(1)
    while s.view().phase == "setup":
        t.refresh()
        said.add(t.hand_caption())
        if "this Haven and" in t.hand_caption() and "05_setup_haven" not in said:
            said.add("05_setup_haven")
            t._stale = True
            table_shot(t, "05_setup_haven")
        if s.human_to_act():
            s.act(rng.choice(s.legal()))
        else:
            s.poll()
    said.discard("05_setup_haven")
    assert len(said) > 5, said
    for words in said:
        first, *rest = words.split(" · ")
        assert first.startswith("Your ") and (":" in first or first.endswith(
            ("all placed", "all dealt"))), words
        assert all(c.startswith("Player ") and c.endswith(" now") for c in rest), words


@pytest.mark.parametrize("deck", ["Moonlit Shrine", "Hot Springs Heroes", "Neon Claws"])
@pytest.mark.parametrize("moment", ["my turn", "combat"])
def test_the_person_s_four_seat_panel_says_its_deck_whole(make_app, monkeypatch, deck,
                                                          moment):
    """Four seats at 960x540: the person's panel read "Player 2 (you)", "Moonlit" beside
    "YOUR TURN" (s71 playtest, g2 20_p2_960). The deck's name is whole under the title,
    beside the tag, in their turn and in a Combat in another's."""
    from dataclasses import replace
    from test_ui_s69_wording import four_seats
    from test_ui_seat_panels import seat_words
    sc = four_seats(moment)
    sc.game.decks = (*sc.game.decks[:2], replace(sc.game.decks[2], name=deck),
                     sc.game.decks[3])
    kinds = ["ai:random", "ai:random", "human", "ai:random"]
    t = table(scene_app(make_app, sc, (960, 540)), scene_session(sc, kinds))
    mine = seat_words(t, monkeypatch)[2]
    monkeypatch.undo()
    table_shot(t, f"06_seat_{deck.split()[0]}_{moment.replace(' ', '_')}")
    assert mine[0] == "Player 3 (you)" and mine[1] == deck, mine
    assert any(w.endswith("TURN" if moment == "my turn" else "COMBAT") for w in mine), mine


def sized(monkeypatch, draw) -> list[tuple[str, int]]:
    """Each line `draw()` writes through ink.label, with its size of type."""
    from game.ui.table import ink
    said: list[tuple[str, int]] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda w, px, *a, **k: said.append((w, px)) or
                        real(w, px, *a, **k))
    draw()
    monkeypatch.undo()
    return said


def spaced(px: int, bold: bool = False) -> bool:
    """Whether the table's type at `px` sets "P4 turns" apart: at 11 px and 13 the
    hinted "4" meets the "t" ("2 P4turns", s71), at 12 and 14 up it does not."""
    from game.ui.table import ink
    f = ink.font(px, bold)
    return px in (12, 14) or px > 14 or f.size(" ")[0] * 4 > px + 1


def test_off_field_lines_at_960_are_whole_apart_and_inside(make_app, monkeypatch):
    """Four seats at 960x540, two Global Effects with a use left and a Disaster endured
    one more turn: their lines were 9 px, "1 use" over "left" 9 px apart against the
    panel's foot, "P4turn" (s71 playtest, g2 15_p1_960). Each line is whole, at 12 px
    at least, its spaces seen, its rows apart and inside the panel."""
    from game.engine.state import MOVE, OffField
    from scene import Scene
    from shots import shipped
    from test_window_s42w import written
    sc = Scene(shipped("global_effects", "disasters", "characters"), seats=4)
    sc.location((0, 0))
    sc.char("kaede-ironside", (0, 0))
    for cid, seat, used in [("training-arc", 0, 1), ("morning-radio-calisthenics", 1, 1),
                            ("galactic-tax-audit", 3, None)]:
        card = sc.card(cid, seat)
        sc.st.off_field.append(OffField(card, seat, (), 0 if used else 1))
        if used:
            sc.st.uses[(card, -1)] = used
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, (960, 540)),
              scene_session(sc, ["human"] + ["ai:random"] * 3))
    table_shot(t, "07_off_field_960")
    said, _ = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    sizes = sized(monkeypatch, lambda: t.painter([]).off_field(pygame.Surface(t.size)))
    r = t.lay.off_field
    rows = said[1:]
    assert " ".join(w for w, _ in rows) == "1 use left 1 use left 1 more P4 turn", rows
    assert all(px >= 12 and spaced(px, True) for w, px in sizes if w != "Off Field"), sizes
    assert all(b.bottom <= r.bottom - 2 and r.contains(b) for _, b in rows), rows
    for (_, a), (_, b) in zip(rows[::2], rows[1::2]):  # each line's two rows
        assert b.top - a.top >= 11, rows


@pytest.mark.parametrize("ready", [0.5, 1.0])
def test_the_curtain_s_news_is_legible_and_its_wait_is_said(monkeypatch, ready):
    """The curtain at 960x540: "Since Player 1 last looked" and its lines about 10 px,
    "for 2 P4turns" (s71 playtest, g2 14_curtain_960); and while the bar fills, Space
    did nothing, unsaid (g2 19). The lines are 14 px at least, their spaces seen; while
    the bar fills the button says to wait a moment, then takes Space."""
    from game.ui.table import popups
    pygame.init()
    surf = pygame.Surface((960, 540))
    news = ["Player 4 must endure Mysterious Fog: Movement set to 1 to Torao Ishibashi (P4) "
            "and Old Master Noboru (P4) for 2 P4 turns", "Combat! Player 3 against a Rival"]
    said = sized(monkeypatch, lambda: popups.curtain(
        surf, "Player 1", 0, "Player 1's turn: Discard phase", "Since Player 1 last looked",
        news, lambda n: max(1, round(n * 0.75)), ready=ready))
    lines = [(w, px) for w, px in said if w.startswith(("Since", "Player 4", "Combat!"))]
    assert len(lines) == 3 and all(px >= 14 and spaced(px) for _, px in lines), said
    words = [w for w, _ in said]
    if ready < 1:
        assert "I am Player 1: a moment…" in words and "I am Player 1 (Space)" not in words
    else:
        assert "I am Player 1 (Space)" in words
