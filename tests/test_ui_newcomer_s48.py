"""What a newcomer met at the table (s48): a click on a hand card no click plays now
says why, instead of only raising the card; at 960x540 the Haven's caption in the
inspector and the phase bar's hint are whole (said shorter), not cut."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import actions as A  # noqa: E402
import test_ui_table  # noqa: E402
from test_ui_table import STANDARD, click, session, table, until  # noqa: E402


make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _unplayable(s, t, kind: str):
    """A card of `kind` in the viewer's hand no click or drag plays now."""
    b = t.board
    return next((c for c in b.hand if not b.click.get(("card", c))
                 and not b.drops.get(("card", c)) and b.card(c).type == kind), None)


def test_a_click_on_an_equipment_in_the_move_phase_says_it_is_played_in_the_equip_phase(
        make_app):
    """An Equipment clicked in the Move phase: it rose, and nothing said why (the bar
    kept "Click your Characters..."). Now the engine's reason is said, and nothing sent."""
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase == "move" and any(
        s.game.card(c).type == "equipment" and not any(getattr(a, "card", None) == c
                                                       for a in s.legal())
        for c in s.view().seats[0].hand))
    t = table(make_app(), s)
    card = _unplayable(s, t, "equipment")
    assert card is not None
    before = len(s.record.actions)
    t.message = ("", 0.0)
    click(t.app, t.hand_rects[card].center)
    assert len(s.record.actions) == before and t.menu is None
    said = t.message[0]
    assert said.startswith(f"{t.name(card)} can't be played now:"), said
    assert "Equip phase" in said


def test_a_click_on_a_haven_card_in_the_hand_says_how_a_haven_comes_into_play(make_app):
    """Rules for Havens: a second Haven is built, never played; the click said nothing."""
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase in ("equip", "move") and any(
        s.game.card(c).type == "haven" for c in s.view().seats[0].hand))
    t = table(make_app(), s)
    card = _unplayable(s, t, "haven")
    assert card is not None
    t.message = ("", 0.0)
    click(t.app, t.hand_rects[card].center)
    said = t.message[0]
    assert said.startswith(f"{t.name(card)} is not played from the hand:"), said
    assert "build access" in said
    assert not any(isinstance(a, A.BuildAccess) for a in s.record.actions)


FOUR = "levels/four_players.yaml"


def _cut_lines(monkeypatch) -> list[str]:
    """Every line the inspector fits to its width, as cut (an ellipsis: cut)."""
    from game.ui.table import ink
    from game.ui.table.panels import inspect_panel
    said, fit = [], ink.fit

    def spy(words, px, width, colour=ink.TEXT, bold=False):
        said.append(ink.cut(words, px, width, bold))
        return fit(words, px, width, colour, bold)
    monkeypatch.setattr(inspect_panel.ink, "fit", spy)
    return said


def test_the_havens_caption_in_the_inspector_is_whole_at_960x540(make_app, monkeypatch):
    """At 960x540 the Haven's caption under "Nothing selected" read "Stored here: drag
    one onto a Character th…": the what-to-do was lost. A shorter one that fits is said
    whole."""
    s = session(FOUR, ["human", "ai:random", "ai:random", "ai:random"], seed=2)
    until(s, lambda s: s.view().phase in ("equip", "move", "scavenge") and any(
        p.stored for p in s.view().places if p.owner == 0))
    t = table(make_app((960, 540)), s)
    t.selection, t.inspect = set(), None
    said = _cut_lines(monkeypatch)
    t._stale = True
    t.app.step([], 0.016)
    t.app.draw()
    haven = [w for w in said if "onto a Character" in w]
    assert haven, said
    assert all(not w.endswith("…") for w in haven), haven


def test_the_move_hint_with_a_fight_and_a_group_to_attack_keeps_its_end_at_960x540(
        make_app, monkeypatch):
    """Move phase at 960x540, a Disaster to fight, another group to attack and the Haven
    with Attack beside it: the bar's two rows ended "...attack their group, or End pha…",
    cut. A shorter way to say it is drawn whole, naming every way still."""
    from game.ui.table import ink
    from game.ui.table.words import turn_hint
    s = session(STANDARD, ["human", "ai:random"], seed=5)
    until(s, lambda s: s.view().phase == "move")  # the bar's title: "Move phase"
    t = table(make_app((960, 540)), s)
    hint = turn_hint("move", [A.Move((1,), (0, 1)), A.Fight(7), A.Challenge(1, (0, 0)),
                              A.EndPhase()], False, by_haven=True)
    t.hint = lambda: hint
    t.bar_buttons = lambda: [("List all 83 (A)", ("all",)), ("End phase (Space)", ("end",))]
    said, real = [], ink.fit
    monkeypatch.setattr(ink, "fit", lambda words, px, width, colour=ink.TEXT, *a: (
        said.append((words, ink.font(px).size(words)[0] <= width))
        if colour == ink.GOLD else None, real(words, px, width, colour, *a))[1])
    t._stale = True
    t.app.step([], 0.016)
    assert said and all(whole for _, whole in said), said
    drawn = " ".join(w for w, _ in said)
    assert drawn.endswith("or End phase."), drawn
    for way in ("Click your Characters, then a glowing cell", "gold-outlined Disaster",
                "another player's Character"):
        assert way in drawn, drawn
    assert {("all",), ("end",)} <= {k for _, k in t.hits}
