"""s70: three table defects left open by s69. Different cards in one Off Field group
lay overlapped down to a seat mark's width; the Combat panel showed only the newest of
two wide card rows; a Disaster's Damage at 960x540 dropped its "(printed N)"."""
from __future__ import annotations


import pytest

from game.engine.state import MOVE, Lasting, OffField

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_window_s42w import written
from shots import CARDS, shipped, table_shot

make_app = test_ui_table.make_app  # the fixture


# Six different Flash Effects lasting this Turn, each seat's (one group: "this Turn").
FLASH = ("dramatic-entrance", "second-wind", "afterimage-dash", "limit-break-scream",
         "emergency-bento", "overclock")


def busy_off_field(make_app, size, copies: int = 0):
    """A four-player game's Off Field: the six Flash Effects, two Disasters Player 3
    endures one more turn, two Global Effects with uses; and `copies` more Bursts of
    the first Flash Effect, one a seat."""
    from scene import Scene
    sc = Scene(shipped("global_effects", "disasters", "characters", "flash_effects"), seats=4)
    sc.location((0, 0))
    h = sc.char("kaede-ironside", (0, 0))
    for k, cid in enumerate(FLASH + FLASH[:1] * copies):
        card = sc.card(cid, k % 4)
        sc.st.off_field.append(OffField(card, k % 4))
        sc.st.add_lasting(Lasting(card, h, k % 4, until="turn"))
    for cid, seat in (("pop-quiz", 2), ("typhoon-season", 2)):
        sc.st.off_field.append(OffField(sc.card(cid, seat), seat, (h,), 1))
    for cid, seat in (("summer-festival-night", 0), ("supply-drop", 3)):
        sc.st.off_field.append(OffField(sc.card(cid, seat), seat))
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
@pytest.mark.parametrize("copies", [0, 2])
def test_basic_terms_duration_each_different_card_off_field_whole_and_pointed_at(
        make_app, monkeypatch, size, copies):
    """Basic Terms, Duration: a Flash Effect stays in play while its effect lasts. Six
    different ones lasting this Turn lay in one group overlapped to a seat mark's width
    (12 px at 1280x720, 9 at 960x540): a sliver of each, not a card a player tells from
    the next. Different cards of a group now lie side by side, each whole (copies of
    one card still overlap, their seat marks showing), and each is the card pointed at
    anywhere on it."""
    t = busy_off_field(make_app, size, copies)
    table_shot(t, f"off_field_{size[0]}_{copies}")
    _, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [(r, k[1]) for r, k in hits if k[0] == "card"]
    assert len(cards) == 10 + copies, cards
    assert all(t.lay.off_field.contains(r) for r, _ in cards), cards
    ids = {c: t.board.card_id(c) for _, c in cards}
    for k, (r, c) in enumerate(cards):
        others = [d for s, d in cards if d != c and ids[d] != ids[c] and s.colliderect(r)]
        assert not others, (ids[c], r, [ids[d] for d in others])
        if ids[c] in FLASH[1:]:  # one copy each: all of it is its own
            assert t.hit(r.center) == ("card", c) and t.hit(r.move(1, 1).topleft) == ("card", c)


def test_nineteen_cards_lasting_this_turn_all_show(make_app, monkeypatch):
    """Nineteen Flash Effects lasting this Turn (eleven different ones, each seat's) at
    960x540: no step down to a seat mark's width held them and the Off Field panel was
    left empty. The last way overlaps them closer: every card in the panel, each with
    some of it its own to point at."""
    from scene import Scene
    import re
    ids = re.findall(r"^- id: (\S+)", (CARDS / "flash_effects.yaml").read_text(), re.M)
    sc = Scene(shipped("characters", "flash_effects"), seats=4)
    sc.location((0, 0))
    h = sc.char("kaede-ironside", (0, 0))
    for k, cid in enumerate((ids * 2)[:19]):
        card = sc.card(cid, k % 4)
        sc.st.off_field.append(OffField(card, k % 4))
        sc.st.add_lasting(Lasting(card, h, k % 4, until="turn"))
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc, (960, 540)),
              scene_session(sc, ["human"] + ["ai:random"] * 3))
    _, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [(r, k[1]) for r, k in hits if k[0] == "card"]
    assert len(cards) == 19 and all(t.lay.off_field.contains(r) for r, _ in cards), cards
    for r, c in cards[:-1]:  # each shows a strip of its own (the later lie over it)
        assert t.hit(r.move(1, r.h // 2).topleft) == ("card", c), (r, c)


def both_sides_drew(seats: int, first: str):
    """Player 1's three fight Player 2's Wall; the round's two Combat cards: `first`
    for the Wall, Guard Stance for its target, Akane (both from Player 1's pile, R22)."""
    from scene import Scene
    from game.engine import actions as A
    from test_rules_combat import CARDS
    from test_ui_s69_combat_panel import GUARD
    sc = Scene(CARDS + GUARD, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    wall = sc.disaster("wall", (0, 0), seat=1, brought_by=1)
    pile = sc.combat_pile(0, first, "guard", "k1", "k2")
    sc.turn(MOVE)
    log = sc.do(A.Fight(wall), *[A.Declare(h, "attack") for h in heroes])
    return sc, log, pile[:2]


@pytest.mark.parametrize("first", ["assault", "guard"])
@pytest.mark.parametrize("seats, size", [(2, (1280, 720)), (4, (1280, 720)),
                                         (4, (960, 540)), (2, (1024, 600))])
def test_basic_terms_combat_cards_both_sides_drew_in_a_round_both_show(
        make_app, monkeypatch, seats, size, first):
    """Rules for Combat: each side draws a Combat card in a round. With both drawn,
    the panel showed only the newest row (Guard Stance, for Akane, from your pile),
    the Wall's card lost to the log (s69: the words' column had room for one wide
    row). Both show now, the older in brief where not both fit whole: each card's name
    and its effects whole, each row the card pointed at, clear of the words around."""
    from game.ui.table import panels
    from test_ui_s68_combat import replayed_table
    sc, log, cards = both_sides_drew(seats, first)
    t = replayed_table(make_app, sc, log, size)
    table_shot(t, f"combat_{size[0]}_{seats}_{first}")
    # (as while the round's hits play: choosing the next, they are said in words, s71)
    said, hits = written(t, monkeypatch, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, {}, None, True))
    rows = [r for r, k in hits if k[0] == "card" and k[1] in cards]
    assert [k[1] for _, k in hits if k[0] == "card" and k[1] in cards] == cards, hits
    assert not rows[0].colliderect(rows[1]), rows
    names = [w for w, _ in said if w in ("Assault", "Guard Stance")]
    assert names == [sc.db[first].name, "Guard Stance"], said
    for w, r in said:  # the words around (the hit, the forecast) stay out of the rows
        inside = [row for row in rows if row.contains(r)]
        assert inside or not any(row.colliderect(r) for row in rows), (w, r, rows)
    t.app.quit()


@pytest.mark.parametrize("seats", [2, 4])
def test_basic_terms_damage_a_disaster_s_printed_numbers_beside_its_totals(
        make_app, monkeypatch, seats):
    """Basic Terms, Damage; Abilities: a total changed from the card's is said "Defense
    7 (printed 6)", in every panel. At 960x540 a Disaster with Damage lost "(printed
    N)" (five rows "Attack 6" "(printed 5)"... would have covered a third of its card):
    the totals too wide in bold are whole in regular type, one row each, the Damage
    under them, within the quarter of the card the rows may cover and clear of the
    words beside it, as at 1280x720."""
    from game.ui.cardface import card_height
    from game.ui.table import panels
    from game.ui.table.panels.rects import disaster_width
    from test_ui_s69_small import STAT, raised_disaster_fight
    t = raised_disaster_fight(make_app, (960, 540), seats, 2)
    table_shot(t, f"damage_960_{seats}")
    words, hits = written(t, monkeypatch, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, {}))
    stats = [(w, r) for w, r in words if STAT.match(w)]
    assert [w for w, _ in stats] == ["Attack 6 (printed 5)", "Defense 7 (printed 6)",
                                     "Damage 2"], words
    face = next(r for r, k in hits if k[0] == "card")
    assert all(r.top >= face.bottom - card_height(disaster_width(t)) // 4 for _, r in stats)
    others = [(w, r) for w, r in words if not STAT.match(w)]
    for w, r in stats:
        assert not [o for o in others if o[1].colliderect(r)], (w, r, others)
    t.app.quit()
