"""Window defects a verifying newcomer found (s28y's screenshots): a Disaster's Combat
started at one click, a stale "Choose for … first" toast a round later, the Haven
owner's answer to a guest taking a card, the duel's Run Away with no word that the
Turn ends, and a card carried that does not count, unsaid."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine.state import Lasting

import test_ui_table
from test_ui_combat_forecast import fight
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart


def fight_button(t):
    return next(r for r, k in t.hits if k == ("fight",)).center


def test_fight_s_ask_for_a_choice_is_not_said_again_the_next_round_unpressed(make_app):
    """Combat with a Disaster, one of the two kept out (No Action: only Stay out). Fight!
    sent the plan; the round resolved, and round 2 opened with "Choose for Pawlina
    first, then Fight!" though nobody had pressed anything (the press was still on, as
    one Character kept out was still to declare). A Fight! press is one round's."""
    sc, chars, dis = fight(3)
    pawlina, daigo, valen = chars["pawlina"], chars["daigo"], chars["valen"]
    sc.st.add_lasting(Lasting(dis, valen, 0, flags=("no_action",), until="turn"))
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("plan", pawlina, "attack")).center)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("plan", daigo, "none")).center)
    test_ui_table.click(app, fight_button(t))
    for _ in range(20):
        app.step([], 0.016)
    c = t.board.view.combat
    assert c is not None and c.round == 2 and c.to_declare[0] == pawlina, c
    said = t.message[0] if t.message else ""
    assert "Choose for" not in said, said
    assert s.record.actions[-1] == A.Declare(valen, "none")  # round 1's, not round 2's
    assert ("fight",) not in [k for _, k in t.hits]  # dim: a choice is left
    test_ui_table.key(app, pygame.K_RETURN)  # pressed so: said
    assert "Choose for Pawlina" in t.message[0], t.message


def pick(app, t, label: str) -> None:
    """Click the open menu's row that reads `label`."""
    index = [w for w, _ in t.menu.items].index(label)
    test_ui_table.click(app, next(r for r, i in t.menu.rows_shown() if i == index).center)


def test_a_click_on_a_disaster_asks_before_its_combat_as_one_on_a_player_does(make_app):
    """Combat (rulebook, Combat with Disasters) cannot be taken back: a click on General
    Obsidian Hex, meant to look at it, began the fight at once (it Charmed both
    Characters, over in two seconds), while a click on another player's Character asks
    ("Just look (no Combat)"). Now a Disaster's click asks the same: Fight it, or look."""
    from scene import Scene
    from game.engine.options import Options
    from game.engine.state import MOVE
    from test_ui_combat_forecast import CARDS
    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    sc.char("pawlina", (0, 0))
    dis = sc.disaster("salaryman", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    assert A.Fight(dis) in sc.legal()
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    before = len(s.record.actions)
    test_ui_table.click(app, t.unit_rects[dis].center)
    assert len(s.record.actions) == before, s.record.actions[before:]
    assert t.menu is not None and [a for _, a in t.menu.items] == [A.Fight(dis), None]
    assert t.menu.items[1][0] == "Just look (no Combat)"
    pick(app, t, "Just look (no Combat)")
    assert len(s.record.actions) == before and t.menu is None and t.inspect == dis
    test_ui_table.click(app, t.unit_rects[dis].center)
    pick(app, t, t.menu.items[0][0])
    assert s.record.actions[before:] == [A.Fight(dis)]


def a_guest_takes(make_app):
    """Rules for Havens: seat 0's Hero, a guest in seat 1's Haven where seat 1's own
    Hero stands, takes the Idol stored there; seat 1 (the person at the screen)
    answers."""
    from test_rules_items import guest_scene
    sc, stored, hero, _ = guest_scene(owner_home=True)
    sc.do(A.PickUp(stored, hero))
    s = scene_session(sc, ["ai:easy", "human"])
    app = scene_app(make_app, sc)
    return s, app, table(app, s), hero


def bar_words(t) -> dict:
    return {words: key[1] for words, key in t.bar_buttons() if key[0] == "act"}


def test_the_haven_s_owner_answers_a_take_with_buttons_that_say_what_they_do(make_app):
    """Rules for Havens: "you can Combat that player's Characters if they try to take
    something you don't want them to take". The owner was asked "...is taking
    Starhopper Dinghy out of your Haven: permit it, or fight them for it", with one
    button, "Permit them to stop" (the words of R36's question about stopping), and
    fighting offered nowhere said. Now: "Let them take it" and "Fight them for it"."""
    s, app, t, hero = a_guest_takes(make_app)
    assert set(t.board.legal) == {A.Answer(True), A.Challenge(0, (1, 1))}
    bar = bar_words(t)
    assert bar == {"Let them take it": A.Answer(True),
                   "Fight them for it": A.Challenge(0, (1, 1))}, bar
    assert t.hint() == ("Hero (P1) is taking Idol out of your Haven: let them take it, or "
                        "fight them for it."), t.hint()
    before = len(s.record.actions)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("act", A.Challenge(0, (1, 1))))
                        .center)
    assert s.record.actions[before:before + 1] == [A.Challenge(0, (1, 1))]


def test_a_take_answered_says_who_and_where_and_no_card():
    """The log said "A guest takes a card out of a Haven": whose guest, which Haven? It
    names the guest and the Haven; the card is named by the take itself (ItemTaken,
    told only to the two players), never here."""
    from game.engine import events as E
    from game.ui.table.words import event_text
    names = {3: "Kaede Ironside (P1)", (1, 1): "The Purring Kettle"}
    let = event_text(E.TakeAnswered((1, 1), 3, True), names.get, "Player {}".format)[0]
    fought = event_text(E.TakeAnswered((1, 1), 3, False), names.get, "Player {}".format)[0]
    assert let == ("The owner of The Purring Kettle lets Kaede Ironside (P1) take a card out "
                   "of it")
    assert fought == ("Kaede Ironside (P1) tries to take a card out of The Purring Kettle: "
                      "its owner fights them for it")


def test_the_duel_s_run_away_warns_that_it_ends_the_turn_only_in_one_s_own_turn(make_app):
    """Basic Terms, Run Away: "This will end your Turn"; R33f: only the Turn of the
    runner whose Turn it is (the initiator's goes on when the other player runs). The
    Disaster Combat panel says "Running Away: ... your Turn ends"; the duel's Run Away
    said nothing of it. Now the bar says so to the player whose Turn it is, and the
    other player, also offered Run Away, is not told so."""
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel()
    assert A.RunAway() in sc.legal() and sc.st.turn_seat == 0 == sc.st.current_seat()
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:easy"]))
    assert t.hint().endswith(" Running Away ends your Turn."), t.hint()
    sc, mine, foes = titled_duel()
    sc.do(A.Engage(mine[0], "none"))  # the players take turns: the defender's now (R33b)
    assert A.RunAway() in sc.legal() and sc.st.current_seat() == 1
    t = table(scene_app(make_app, sc), scene_session(sc, ["ai:easy", "human"]))
    assert t.board.view.seat == 1 and "Turn" not in t.hint(), t.hint()


ARMS = """\
- {id: reiji, name: Commander Reiji Valen, type: character, gender: male,
   skills: {Military: 1}, abilities: {attack: 3, defense: 4, movement: 2, charm: 4, energy: 2}}
- {id: kaede, name: Kaede Ironside, type: character, gender: female,
   skills: {Weapons: 1}, abilities: {attack: 3, defense: 4, movement: 2, charm: 4, energy: 2}}
- {id: cannon, name: Heavy Ion Cannon, type: equipment, requires: {skills: {Weapons: 1}},
   bonuses: {attack: "+3", movement: "-1"}}
- {id: charm, name: Lucky Charm, type: item, requires: {skills: {Weapons: 1}},
   bonuses: {charm: "+1"}}
"""


def armed_pair(make_app, phase: str):
    """Seat 0's Reiji (no Weapons) and Kaede (Weapons, carrying the Heavy Ion Cannon and
    the Lucky Charm) at one Location, in `phase`, shown to the person at seat 0: the
    session, app, table, and (reiji, kaede, cannon, charm)."""
    from scene import Scene
    sc = Scene(ARMS)
    sc.location((0, 0))
    reiji = sc.char("reiji", (0, 0))
    kaede = sc.char("kaede", (0, 0), equipment=["cannon"], items=["charm"])
    cannon, charm = sc.unit(kaede).equipment[0], sc.unit(kaede).items[0]
    sc.turn(phase)
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    return s, app, table(app, s), (reiji, kaede, cannon, charm)

def test_a_card_given_to_one_who_cannot_use_it_says_so(make_app):
    """Rules for Equipment (and for Items): "If an Equipment has a cost or requirement,
    the Character using the Equipment must ... meet the requirement". Heavy Ion Cannon
    (Needs: Weapons) given to Reiji, who has no Weapons, is his to carry, its +3 never
    counted, and nothing said so. Now the window says it, as the engine's requirement
    test finds it; given to Kaede (Weapons), nothing is said."""
    from game.engine.state import MOVE
    s, app, t, (reiji, kaede, cannon, charm) = armed_pair(make_app, MOVE)
    assert t.send(A.Transfer(cannon, kaede, reiji))
    assert t.message[0] == ("Commander Reiji Valen carries Heavy Ion Cannon but cannot use "
                            "it: needs Weapons"), t.message
    t.message = ("", 0.0)
    assert t.send(A.Transfer(cannon, reiji, kaede))
    assert not t.message[0], t.message
    assert t.send(A.Transfer(charm, kaede, reiji))  # an Item, face down: its owner knows it
    assert t.message[0] == ("Commander Reiji Valen carries Lucky Charm but cannot use it: "
                            "needs Weapons"), t.message


def test_whether_a_card_given_can_be_used_is_unsaid_where_a_hidden_item_may_decide(make_app):
    """Hidden information: a face-down Item of another player whose effect reaches past
    its own player's Characters (here one taking Weapons away from those with it) may
    decide whether Reiji can use the Cannon; saying so would tell of it. As the view gives
    no totals of one's own Characters then (view._owner_totals), nothing is said."""
    from scene import Scene
    from game.engine.state import MOVE
    sc = Scene(ARMS + """\
- {id: jammer, name: Jammer, type: item,
   effects: [{"on": static, do: [{skill: {Weapons: -1}, to: opponents_here}]}]}
""", seats=2)
    sc.location((0, 0))
    reiji = sc.char("reiji", (0, 0))
    kaede = sc.char("kaede", (0, 0), equipment=["cannon"])
    sc.char("reiji", (1, 1), seat=1, items=["jammer"])
    cannon = sc.unit(kaede).equipment[0]
    sc.turn(MOVE)
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:easy"]))
    assert t.send(A.Transfer(cannon, kaede, reiji))
    assert not t.message[0], t.message


def test_a_fight_press_ends_with_its_disaster_s_combat(make_app):
    """Combat with Multiple Disasters: the next Disaster queued at the cell is fought
    from round 1 again, so a Fight! press kept by its round alone carried into it (a
    review's finding on 4a2fad1): the round it covers names its Disaster."""
    from scene import Scene
    from game.engine import combat
    from game.engine.options import Options
    from game.engine.state import MOVE
    sc = Scene(ARMS + """\
- {id: rat, name: Rat, type: disaster, class: minor,
   abilities: {attack: 0, defense: 0, movement: 1, charm: 0}}
""", options=Options(charm_combat=False))
    sc.location((0, 0))
    kaede = sc.char("kaede", (0, 0))
    first, second = sc.disaster("rat", (0, 0)), sc.disaster("rat", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    combat.start(sc.st, 0, (0, 0), [first, second], "fight", [])  # as a Scavenge's two
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    before = t.combat_round()
    assert before is not None and sc.st.pending[-1].disaster == first
    sc.do(A.Declare(kaede, "attack"))
    while sc.st.pending[-1].kind == "combat" and sc.st.pending[-1].disaster == first:
        sc.do(A.Proceed() if A.Proceed() in sc.legal() else sc.legal()[0])
    t.refresh()
    after = t.combat_round()
    assert sc.st.pending[-1].disaster == second and after[-1] == before[-1] == 1
    assert after != before
