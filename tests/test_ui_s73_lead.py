"""s73 (lead): a Flash Effect waiting for answers was drawn nowhere on the table.

The bar named it in words ("Player 2 played the Flash Effect Boost on Daigo ...: answer
with a glowing card of yours, or Pass"), but no card showed it: not the Off Field, not
the Field, not a Combat's panel (s73's newcomer playtest). Rules for Flash Effects: they
work last in, first out; the cards played are public. The Off Field shows them first,
under "to resolve", zoomed and told as the cards in play are."""
from __future__ import annotations

import pytest

from game.engine import actions as A

import test_ui_table
from shots import table_shot
from test_ui_s72_asklog import foxes_window

make_app = test_ui_table.make_app


def off_field_cards(t) -> list[int]:
    return [k[1] for r, k in t.hits if k[0] == "card" and t.lay.off_field.contains(r)]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_flash_effect_waiting_for_answers_is_shown_off_field(make_app, size):
    s, app, t, hall = foxes_window(make_app, size)
    boost = s.view().pending[-1].entries[-1].card
    t.draw(t.app.screen)
    table_shot(t, f"s73_flash_waiting_{size[0]}")
    assert off_field_cards(t) == [boost]
    facts = t._facts(boost)
    assert facts and facts[0].startswith("Played by Player 2 on Daigo"), facts
    assert "resolves once every player passes" in facts[0]
    t.send(A.Pass())
    for _ in range(40):
        app.step([], 0.05)
    assert not t.board.stack()
    t.draw(t.app.screen)
    table_shot(t, f"s73_flash_resolved_{size[0]}")
    # Resolved: a Flash Effect that lasts is Off Field as before, under how long it lasts.
    shown = off_field_cards(t)
    assert shown == ([boost] if any(o.card == boost for o in t.board.view.off_field)
                     else []), shown
    assert not any(f.startswith("Played by") for f in t._facts(boost))


def test_a_flash_effect_cancelling_one_waiting_is_let_go_on_its_card_off_field(make_app):
    """Rules for Flash Effects (one that cancels another on the stack): drawn Off Field
    while it waits, the card to cancel is where a person drags the canceller, one of
    three (s72 let it go anywhere on the Field only, the targets drawn nowhere): let go
    on the bottom one, it cancels that one, not another."""
    from test_ui_s72_playb import DUEL_CARDS, FLURRY, SPARK
    from test_ui_table import drag, duel_scene, scene_app, scene_session, table
    sc, _, _ = duel_scene(cards=DUEL_CARDS + SPARK + FLURRY)
    spark, cancel = sc.hand(0, "spark", "flurry")
    first, flurry = sc.hand(1, "flurry", "flurry")
    for card in (spark, first, cancel):
        sc.do(next(a for a in sc.legal() if isinstance(a, A.PlayCard) and a.card == card))
    s = scene_session(sc, ["ai:easy", "human"])
    s.take_seat()
    app = scene_app(make_app, sc, (1280, 720))
    t = table(app, s)
    assert s.human_to_act() and s.viewer == 1
    t.draw(t.app.screen)
    table_shot(t, "s73_flurry_on_the_stack")
    assert off_field_cards(t) == [spark, first, cancel]
    src = next(r for r, k in t.hits if k == ("card", flurry)).center
    dst = next(r for r, k in t.hits if k == ("card", spark)
               and t.lay.off_field.contains(r)).center
    drag(app, src, dst)
    assert s.record.actions[:1] == [A.PlayCard(flurry, spark)], s.record.actions


def test_the_lesson_s_run_away_says_why(card_db):
    """The guided game's first fight made a stranger Run Away unexplained (s73's stranger
    playtest). Before what Running Away does (Basic Terms, Run Away) the guide says why:
    where the group's Attack together cannot beat the Disaster's Defense (Rules for
    Combat), in the totals the Combat panel shows; else (the lesson's own fight: Akiko's
    Attack 8 against the Cat's Defense 7) that the lesson Runs Away to show how."""
    from game.engine import apply
    from game.engine.abilities import total
    from game.match import load_game
    from game.ui.guide import SEED, Guide, find_script
    game = load_game("levels/quick_demo.yaml", 2)
    script = find_script(game)
    guide, st = Guide(script), game.new_state(SEED)
    told = 0
    for a in script.actions:
        if isinstance(a, A.RunAway) and guide.scripted(st) is not None:
            c = st.pending[-1]
            group = st.chars_at(c.seat, c.cell)
            attack = sum(total(st, u, "attack") for u in group)
            defense = total(st, st.units[c.disaster], "defense")
            _, words = guide.words(st)
            why = f"Attack ({attack}" if attack < defense else "the lesson Runs Away, to show how"
            assert why in words and words.index(why) < words.index("one last attack"), words
            told += 1
        apply(st, a)
    assert told


def test_an_outmatched_group_is_told_its_attack_cannot_beat_the_disaster_s_defense():
    """The guide's reason where the numbers give it: a lone Ryoko against a Disaster of
    Defense 30 (Rules for Combat: the group's Attack against its Defense)."""
    from scene import Scene
    from game.engine.combat import Combat
    from game.engine.state import MOVE
    from game.ui.guide import _outmatched
    from test_rules_combat import CARDS
    from test_ui_s69_offfield import BRUTE
    sc = Scene(CARDS + BRUTE, seats=2)
    sc.location((0, 0))
    hero = sc.char("ryoko", (0, 0))
    brute = sc.disaster("brute", (0, 0), seat=1, brought_by=1)
    sc.turn(MOVE)
    sc.do(A.Fight(brute))
    top = sc.st.pending[-1]
    assert isinstance(top, Combat)
    from game.engine.abilities import total
    attack, defense = total(sc.st, sc.st.units[hero], "attack"), \
        total(sc.st, sc.st.units[brute], "defense")
    assert attack < defense, (attack, defense)
    words = _outmatched(sc.st, top)
    assert words == f"Your Attack ({attack}) cannot beat its Defense ({defense}): Run Away. ", \
        words


def test_a_flash_effect_on_the_stack_is_named_with_whose_it_is():
    """Three on the stack, two of them Flurries: the menu's and the drop's words read
    "Play Flurry on Flurry" for both (s73's review). A Flash Effect on the stack is named
    with its player, as the Off Field's marks show them: "on Flurry (P1)"."""
    from game.ui.table.words import action_text, drop_hint
    from test_ui_s72_playb import _flash_to_cancel
    board, flurry = _flash_to_cancel(stack=3)
    plays = [a for a in board.legal if isinstance(a, A.PlayCard) and a.card == flurry]
    names = {c: board.db[board.card_id(c)].name for c in board.known}

    def name(i):
        return names.get(i, str(i))
    said = [action_text(a, name, deciding=board.view.decision) for a in plays]
    assert len(set(said)) == 3, said
    seats = {e.card: e.seat for e in board.view.decision.entries}
    for a, words in zip(plays, said):
        assert words == f"Play Flurry on {name(a.target)} (P{seats[a.target] + 1})", words
    hint = drop_hint(plays[0], name, board.card, lambda c: None, None, board.view.decision)
    assert hint == f"Let go here to {said[0][:1].lower()}{said[0][1:]}.", hint
