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
