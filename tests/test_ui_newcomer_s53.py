"""What a newcomer met at the window at three seats (two people and an AI seat) at
1366x768, in a booth at 1920x1080 and in Combats between players and Charm Combats (s53);
and the kept panel's picture, whose role buttons looked live for a frame after they were
gone (s52's leftover)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import test_ui_table  # noqa: E402
from test_ui_table import mouse, scene_app, scene_session, table  # noqa: E402

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def _alike(a: pygame.Surface, b: pygame.Surface) -> int:
    return sum(a.get_at((x, y)) == b.get_at((x, y))
               for x in range(a.get_width()) for y in range(a.get_height()))


def test_a_kept_panel_picture_shows_no_live_role_once_declared(make_app):
    """A Combat between players: a role chosen for each of the three, Fight!. The frame
    that sends the first declaration keeps the panels' old picture (painted the next
    frame, for speed), and the declared Character's other roles stood there as live for
    that frame though nothing could click them. In the picture kept they are veiled; the
    role chosen, drawn lit as it is declared, is left as it is, and so are the roles of
    those still to declare, and Fight!, which sends them as the table catches up."""
    from game.engine import actions as A
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    plan = {c: ("attack", foes[0]) for c in mine}
    for char, choice in plan.items():
        test_ui_table.click(t.app, slots["plan", char, choice].center)
    t.app.step([], 0.016)
    fight = next(r for r, k in t.hits if k == ("fight",))
    first = mine[0]
    others = [r for k, r in slots.items() if k[1] == first and k[2] != plan[first]]
    chosen = slots["plan", first, plan[first]]
    later = [r for k, r in slots.items() if k[1] == mine[1]]
    t.app.step([mouse(pygame.MOUSEMOTION, fight.center, 0),
                mouse(pygame.MOUSEBUTTONDOWN, fight.center)], 0.016)
    t.app.step([mouse(pygame.MOUSEMOTION, (5, 5), 0)], 0.016)  # the pointer off the buttons
    screen = t.app.screen
    live = {tuple(r): screen.subsurface(r).copy() for r in others + [chosen, fight] + later}
    before = len(s.record.actions)
    t.app.step([mouse(pygame.MOUSEBUTTONUP, fight.center)], 0.016)
    assert A.Engage(first, *plan[first]) in s.record.actions[before:] and t.panels_kept
    assert first not in t.to_declare() and mine[1] in t.to_declare()
    for r in others:
        assert _alike(live[tuple(r)], screen.subsurface(r)) < r.w * r.h // 4, r
    for r in [chosen, fight] + later:  # Fight! sends the rest as the table catches up
        assert _alike(live[tuple(r)], screen.subsurface(r)) == r.w * r.h, r


def test_a_kept_panel_picture_shows_no_live_fight_while_the_other_side_declares(
        make_app, monkeypatch):
    """The same Fight!, the AI seat still thinking (its worker not done, as in a window):
    the players take turns, so the panel painted next has Fight! dim, "Waiting for Player
    2 to declare"; in the picture kept it stood lit. It is veiled there too."""
    from game.engine import actions as A
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for char in mine:
        test_ui_table.click(t.app, slots["plan", char, ("attack", foes[0])].center)
    t.app.step([], 0.016)
    fight = next(r for r, k in t.hits if k == ("fight",))
    monkeypatch.setattr(s, "poll", lambda: [])  # the AI seat thinks on
    t.app.step([mouse(pygame.MOUSEMOTION, fight.center, 0),
                mouse(pygame.MOUSEBUTTONDOWN, fight.center)], 0.016)
    t.app.step([mouse(pygame.MOUSEMOTION, (5, 5), 0)], 0.016)
    live = t.app.screen.subsurface(fight).copy()
    t.app.step([mouse(pygame.MOUSEBUTTONUP, fight.center)], 0.016)
    assert s.record.actions[-1] == A.Engage(mine[0], "attack", foes[0]) and t.panels_kept
    assert not s.human_to_act()
    assert _alike(live, t.app.screen.subsurface(fight)) < fight.w * fight.h // 4


def test_a_card_picked_up_lets_go_of_the_last_note(make_app):
    """Plasma Slingshot given to one who cannot use it: "... carries Plasma Slingshot but
    cannot use it: needs Marksman", for 3.5 s at the Field's foot. Picked up again at once
    to give it on, the note lay over the tokens of the bottom row it was to land on, and
    over the card held (s53, at 1366x768). A card picked up lets the last words go; the
    drop's own words are the bar's."""
    from test_ui_newcomer_s51 import _card_rects, _two_of_each
    sc, hero, mate, used, spare = _two_of_each()
    t = table(scene_app(make_app, sc, (1366, 768)), scene_session(sc, ["human"]))
    t.app.step([mouse(pygame.MOUSEMOTION, t.unit_rects[hero].center, 0)], 0.016)
    test_ui_table.click(t.app, t.unit_rects[hero].center)
    t.app.step([], 0.016)
    t.say("Hero carries Walker but cannot use it: needs Marksman", note=True)
    t.app.step([], 0.016)
    assert t.message[0] and t.message_rect is not None
    idol = next(iter(sc.unit(hero).items))
    src = _card_rects(t, idol)[0].center
    aim = t.unit_rects[mate].center
    t.app.step([mouse(pygame.MOUSEMOTION, src, 0), mouse(pygame.MOUSEBUTTONDOWN, src),
                mouse(pygame.MOUSEMOTION, (src[0] - 40, src[1]))], 0.016)
    t.app.step([mouse(pygame.MOUSEMOTION, aim)], 0.016)
    assert t.drag is not None
    assert not t.message[0], t.message


def test_a_haven_with_nobody_to_attack_holds_back_unasked(make_app, monkeypatch):
    """Player 1's Haven attacked Player 2's Character from next door, alone; a round
    nobody attacked in, and the Haven Ran Away (R44): the final attack, with nobody on
    the other side at the cell. The Character's one choice, Hold back, was made for it;
    Player 2's Haven beside the fight, whose one button was Hold back too, waited for a
    click ("Choose for ... first", met at 1366x768). It holds back unasked, the sides'
    column saying so whole ("Haven, from next door: can only hol…" was cut): Fight!
    sends both."""
    from game.engine import actions as A
    from test_rules_duel import duel_scene, fort
    from test_ui_combat_panel import duel_panel, painted
    sc, _, (hero,) = duel_scene((), ("hero",))
    fort(sc, (-1, 1), 0)
    theirs = fort(sc, (0, 1), 1)
    sc.do(A.Challenge(1, (0, 0)))
    while sc.st.duel.stage != "final":
        sc.do(next(a for a in sc.legal() if getattr(a, "role", None) == "none"))
    assert sc.st.duel.pending == [hero, theirs]
    s = scene_session(sc, ["ai:random", "human"])
    t = table(scene_app(make_app, sc, (1366, 768)), s)
    assert t.to_declare() == [hero, theirs] and t.unchosen() == []
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert "Haven, can only hold back" in said and not [w for w in said if w.endswith("…")]
    before = len(s.record.actions)
    test_ui_table.click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(60):
        if len(s.record.actions) >= before + 2:
            break
        t.app.step([], 0.05)
    assert s.record.actions[before:before + 2] == [A.Engage(hero, "none"),
                                                   A.Engage(theirs, "none")], t.message


def test_two_havens_beside_a_fight_out_of_sight_are_named_apart(make_app):
    """Both sides' Havens fight from next door, both in the row under the one shown above
    the panel at 1366x768: each is named at the Field's edge, pointing down, and the
    second tag lay over the first ("Player 1's Haven Fort (P1), f"). One goes beyond the
    other."""
    from game.engine import actions as A
    from test_rules_duel import duel_scene, fort
    sc, _, (hero,) = duel_scene((), ("hero",))
    fort(sc, (-1, 1), 0)
    fort(sc, (0, 1), 1)
    sc.do(A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, (1366, 768)), scene_session(sc, ["ai:random", "human"]))
    t.app.step([], 0.016)
    tags = t.beside_tags()
    assert len(tags) == 2 and all(down for *_, down in tags)
    (_, one, _, _), (_, two, _, _) = tags
    assert not one.colliderect(two), (one, two)
    assert all(t.lay.field.contains(box) and box.bottom <= t.combat_cover.top for _, box, _, _ in tags)


def test_a_haven_from_next_door_is_asked_while_an_ally_of_the_other_side_stands_there():
    """Allying with Characters: a Disaster allied with a group is "included in the pool of
    potential targets as though it were one of your Characters", so a Haven fighting
    from next door (R35) still has someone to attack while one allied with the other side
    stands at the cell, though none of that side's Characters does: the panel asks it
    (panels.common.stays_out), as the engine will offer it the attack."""
    from game.engine import actions as A
    from game.engine.game import legal_actions
    from game.engine.view import view
    from game.ui.table.model import Board
    from game.ui.table.panels.common import stays_out
    from test_rules_duel import CARDS, duel_scene, fort
    sc, _, (hero,) = duel_scene((), ("hero",), cards=CARDS + """\
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
""")
    fort(sc, (-1, 1), 0)
    theirs = fort(sc, (0, 1), 1)
    lackey = sc.card("lackey", 1)  # made before any view: the views' parts know its card
    sc.do(A.Challenge(1, (0, 0)))
    while sc.st.duel.stage != "final":
        sc.do(next(a for a in sc.legal() if getattr(a, "role", None) == "none"))

    def asked() -> bool:
        return not stays_out(Board(view(sc.st, 1), legal_actions(sc.st), sc.db), theirs)

    assert not asked()  # nobody of Player 1's side stands there
    sc.disaster(lackey, (0, 0), seat=1)
    sc.st.ally_unit(sc.unit(lackey), 0)
    assert asked()
    sc.do(A.Engage(hero, "none"))
    assert A.Engage(theirs, "attack", lackey) in sc.legal()
