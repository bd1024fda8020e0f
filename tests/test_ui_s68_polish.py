"""s68 polish: a Location beaten says its Damage, then "Open to Scavenge!", one after the
other between its name and its group's tokens, its Health badge waiting until they
end, and the log says its Health below 0 with the rule's "0 or below"; a piece held
where it is refused says the reason once (red, under it), the bar what to do instead;
the drop tags stay clear of the card carried. At 1280x720."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.ui.table.words import event_text

import test_ui_table
from test_ui_s68_combat import location_table
from test_ui_s68_text import carry, equip_table, labels, lifted
from shots import shot

make_app = test_ui_table.make_app  # the fixture


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_location_beaten_says_its_damage_then_open_clear_of_tokens_and_badge(
        make_app, monkeypatch, size):
    """Rules for Locations (Health 0 or below: "They can Scavenge the Location"): three
    Heroes beat the Vault, 5 Damage. The "-5" and "Open to Scavenge!" rose together, the
    second over the Heroes' tokens and names, the first over the tile's new "Open to
    Scavenge" badge. Frame by frame now: no two words over each other nor over a token,
    and the badge drawn only once the words are gone."""
    from game.ui.table.anims import Float
    sc, group, t = location_table(make_app, heroes=3, size=size)
    t.app.settings.anim_speed = "normal"
    said = labels(monkeypatch)
    t.send(A.AttackLocation((0, 0)))
    seen, badge_with_words, badge_after = set(), [], False
    for k in range(80):
        del said[:]
        t.app.step([], 1 / 30)
        words = [(f.words, r) for f in t.animator.anims if isinstance(f, Float)
                 and (r := f.rect(f.lift or 0)) is not None]
        seen |= {id(w) for w, _ in words}
        for i, (_, r) in enumerate(words):
            assert r.collidelist([q for _, q in words[i + 1:]]) < 0, (k, words)
            assert r.collidelist([t.unit_rects[u] for u in group]) < 0, (k, r)
        badge = any(w.startswith("Open to Scavenge") and not w.endswith("!") for w in said)
        if words and badge:
            badge_with_words.append(k)
        badge_after |= badge and not t.animator.anims
        if k == 35:
            shot(t.app, f"s68_polish_vault_{size[0]}")
    assert len(seen) == 2, "the Damage and Open to Scavenge! both shown"
    assert not badge_with_words, badge_with_words
    assert badge_after, "the badge drawn once the words ended"
    t.app.quit()


def test_the_log_says_a_location_s_health_below_zero_with_the_rule():
    """The rulebook's Hot Legs ends at Health -1 ("They can Scavenge the Location"):
    the Health as it is (a review found "Health 0" at -11), but "-1" alone read as a
    fault; the rule's "0 or below" is said with it."""
    e = E.LocationAttacked(seat=0, cell=(0, 0), attack=9, defense=4, health_before=4,
                           health_after=-1)
    line, _ = event_text(e, {(0, 0): "Vault"}.get, "Player {}".format)
    assert line == ("Player 0 attacks Vault: Attack 9 vs Defense 4, 5 Damage, Health -1 "
                    "(0 or below): open to Player 0's Scavenging"), line


def test_a_refused_piece_s_reason_is_said_once_the_bar_says_what_to_do(make_app,
                                                                       monkeypatch):
    """Held over Hero #2 at another Location, the Walker's refusal (guideline 2.7) was
    in red under the card and again in the bar's gold. Said once now, in red where the
    hand is; the bar says where letting go does something, by the targets' tags."""
    s, t, she, pal, far, rookie = equip_table(make_app, (1280, 720), 2)
    walker, start = lifted(t, she)
    carry(t.app, t, start, t.unit_rects[far].center)
    said = labels(monkeypatch)
    t.app.step([], 0.016)
    why = "Items and Equipment are transferred between Characters at the same Location"
    assert t.held_over() == f"Not here: {why}"
    text = " ".join(said)
    assert text.count("transferred between") == 1, said  # the red caption's, wrapped
    assert why not in t.hint() and "transferred" not in " ".join(t.hint_rows), t.hint()
    assert t.hint() == ('Let go over a target tagged "Leave" or "Give"; anywhere else, '
                        'it stays where it was.'), t.hint()
    shot(t.app, "s68_polish_refused")


@pytest.mark.parametrize("where", ["title", "middle", "rookie"])
def test_drop_tags_are_not_under_the_card_carried(make_app, monkeypatch, where):
    """The Walker from the hand carried over the Haven: its "Play" tag, under the
    Haven's title, lay under the card held there, and Rookie's "Play, give" under the
    card lifted over her. Each tag goes where the card does not cover it."""
    s, t, she, pal, far, rookie = equip_table(make_app, (1280, 720), 2)
    card = next(iter(t.hand_rects))
    haven = t.lay.cells[(0, 1)]
    end = {"title": (haven.centerx - 30, haven.top + 45), "middle": haven.center,
           "rookie": t.unit_rects[rookie].center}[where]
    carry(t.app, t, t.hand_rects[card].center, end)
    t.app.step([], 0.016)
    _, pic, grab, targets, _ = t.drag
    over = t.drop_target(t.pointer, targets)
    carried = t._carried_at(pic.get_rect(), grab, over, t.app.screen.get_rect())
    words = {("haven",): "Play", ("unit", rookie): "Play, give"}
    tags = [(words[k], box) for k, _, box in t.drop_tags(targets, over, t.app.screen.get_rect())
            if k in words]
    assert {w for w, _ in tags} == {"Play", "Play, give"}, tags
    for word, box in tags:
        assert not box.colliderect(carried), (word, box, carried)
        assert box.colliderect(haven), (word, box)  # on the Haven still
    shot(t.app, f"s68_polish_tags_{where}")
