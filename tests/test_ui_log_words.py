"""The words the window shows: the game log's lines and the game-over account."""
from __future__ import annotations

from game.engine import events as E
from game.ui.table.words import event_text

NAMES = {1: "Sayo", 2: "Torao", 3: "Oni Warlord", 4: "Akiko", 5: "Tengu Crow", 6: "Lure"}


def line(e: E.Event) -> str:
    return event_text(e, lambda i: NAMES.get(i, f"<{i}>"), "Player {}".format)[0]


def test_charm_results_say_who_resists_or_is_charmed_in_words():
    """The log showed the engine's result codes: "(won)", "(charmed_attacker)"."""
    def contest(kind, result):
        return line(E.CharmContest(kind, 3, 1, (None, None), 2, 5, result))
    assert contest("charm", "won") == "Charm: Oni Warlord 2 vs Sayo 5: Sayo resists."
    assert contest("charm", "charmed") == "Charm: Oni Warlord 2 vs Sayo 5: Sayo is Charmed."
    assert contest("charm", "draw").endswith(": a draw: nobody is Charmed.")
    assert contest("duel", "charmed_attacker").endswith(": Oni Warlord is Charmed instead.")
    assert contest("duel", "nothing").endswith(": nobody is Charmed.")
    assert contest("break", "broken") == "Charm break: Oni Warlord 2 vs Sayo 5: Sayo is freed."
    assert contest("break", "held").endswith(": Sayo stays Charmed.")
    for kind, result in (("charm", "won"), ("duel", "charmed_attacker"), ("break", "held")):
        assert f"({result})" not in contest(kind, result)


def test_a_break_won_by_too_little_says_it_needs_twice_the_charm_margin():
    """Charm Combat with a Disaster: a break is made "by beating the Charmed Character
    with twice the amount it was Charmed by". A newcomer read "Reiji 5 vs Vee 1: Vee
    stays Charmed" as a contest won and lost; the line says why."""
    held = line(E.CharmContest("break", 4, 1, (None, None), 5, 1, "held"))
    assert held == ("Charm break: Akiko 5 vs Sayo 1: Sayo stays Charmed (a break must win "
                    "by twice what Sayo was Charmed by).")
    lost = line(E.CharmContest("break", 4, 1, (None, None), 1, 5, "held"))
    assert lost == "Charm break: Akiko 1 vs Sayo 5: Sayo stays Charmed."


def test_orders_are_said_in_player_words():
    """"gives Torao an order: no-protect", "is commanded to no-move": codes, not words."""
    assert line(E.CharmOrder(1, 2, "no-protect")) == "Sayo orders Torao not to protect"
    assert line(E.CharmOrder(1, 2, "hand-over")) == "Sayo orders Torao to hand over an Item"
    assert line(E.CharmOrder(1, 2, "no-ability")) == \
        "Sayo orders Torao to perform no special ability"
    assert line(E.CharmOrder(1, 2, "no-equipment")) == "Sayo orders Torao to use no Equipment"
    assert line(E.CharmOrder(1, 2, "no-cards")) == "Sayo orders Torao to use no card"
    assert line(E.CharmCommand(3, "no-move")) == "Oni Warlord is ordered not to move"
    assert line(E.CharmCommand(3, "no-attack")) == "Oni Warlord is ordered not to attack"


def _hit(target, attackers, damage, result):
    return E.CombatHit(1, target, "character", "major", attackers, 6, 3, damage, 3,
                       3 - damage, 3, result, (), False)


def test_a_hit_says_who_hit_whom_and_ends_its_sentence():
    """"Akiko hit: Attack 6 vs Defense 3, 3 Damage Bonked!" read as if Akiko hit."""
    assert line(_hit(4, (5,), 3, "bonked")) == \
        "Tengu Crow hits Akiko: Attack 6 vs Defense 3, 3 Damage. Bonked!"
    assert line(_hit(4, (5,), 0, "ok")) == "Tengu Crow hits Akiko: Attack 6 vs Defense 3, no Damage."
    assert line(_hit(3, (1, 2), 2, "ok")).startswith("Sayo + Torao hit Oni Warlord: ")


def test_a_disaster_s_target_is_said_as_a_target_and_a_card_that_draws_it_is_named():
    """A target named after "attacks nobody" in the same round read as a contradiction:
    a card that drew the attack (`by`) is named, so the change reads as one. The round is
    the Combat's: "Round 1:" beside the bar's "Round 3 of 20" read as the game's (s43n)."""
    assert line(E.CombatTarget(1, 3, 4)) == "Combat round 1: Oni Warlord targets Akiko"
    assert line(E.CombatTarget(2, 3, 4, by=6)) == "Combat round 2: Lure makes Oni Warlord target Akiko"


def _demo_session(seed: int = 4):
    from test_ui_table import DEMO, session
    return session(DEMO, ["ai:random", "ai:random"], seed=seed)


def test_the_account_counts_each_item_once_and_no_equipment():
    """"took an Item (6 times)" counted Equipment picked up from the Haven, and the same
    Item stored and taken out again; the player held 3."""
    from game.ui.scenes.account import tell
    s = _demo_session()
    while s.state.phase == "setup":  # the Havens placed
        s.poll()
    st, g = s.state, s.game
    haven = next(c for c, p in st.places.items() if p.kind == "haven" and p.owner == 0)
    field = next(c for c, p in st.places.items() if p.kind == "location")
    char = next(i for i, c in enumerate(g.instances) if c.type == "character" and g.owner(i) == 0)
    item = min(g.items)
    kit = next(i for i, c in enumerate(g.instances) if c.type == "equipment")
    log = [E.ItemTaken(char, field, item), E.ItemDropped(char, haven, item),
           E.ItemTaken(char, haven, item), E.ItemTaken(char, haven, kit),
           E.ItemDropped(char, haven, kit), E.ItemTaken(char, haven, kit)]
    moments = tell(g, log, st).moments
    assert moments == [f"Round 1: {g.card(char).name} (P1) took an Item."]


def test_the_account_says_where_every_item_ended_as_the_tally_counts_them():
    """The Disasters held 9, the lines listed explained 5: now each side's Items are told
    by where they ended, and add up to the tally (R14: the Disasters control Items held
    by Disasters, Discarded or Destroyed); the players with none share one line. The
    account reads the whole events and state, shown to every seat: it names no Item (R16:
    which Item a Character holds is hidden)."""
    import re
    from game.ui.scenes.account import item_ends, tell
    for seed in (1, 4, 7):
        s = _demo_session(seed)
        while s.result is None:
            s.poll()
        counts = s.item_counts()
        acc = tell(s.game, s.log, s.state)
        ends = item_ends(s.state, {})
        names = {s.game.card(i).name for i in s.game.items}
        assert not [w for w in acc.items + acc.moments if any(n in w for n in names)]
        for side, n in counts.items():
            assert sum(k for (where, _), k in ends.items() if where == side) == n
        said = {"Player 1": "0", "Player 2": "1", "The Disasters": "disasters",
                "Under the Locations": "field"}
        for line in acc.items:
            if line.endswith((" none.", "an Item.")) and not line.startswith("The Disasters"):
                # The players with none, in one line: "Player 2", "Players 1 and 2", "No player".
                named = [int(n) for n in re.findall(r"\d+", line)] or [1, 2]
                assert all(counts[str(n - 1)] == 0 for n in named), line
                continue
            side = next(v for k, v in said.items() if line.startswith(k))
            total = int(re.search(r" (\d+)[,:]", line)[1]) if "none" not in line else 0
            parts = [int(n) for n in re.findall(r"(?:: |, )(\d+) ", line)] or [total]
            assert total == counts[side] == sum(parts), line


def test_an_order_s_button_reads_without_nested_brackets():
    """List of Actions: an order given to a Charmed Character read "Do not move (Akiko
    Sakuragawa (P2))"; the order still comes first."""
    from game.engine import actions as A
    from game.ui.table.words import action_text
    words = action_text(A.Order(3, 7, "no-move"), lambda c: "Akiko Sakuragawa (P2)")
    assert words == "Do not move — Akiko Sakuragawa (P2)"


def test_the_players_with_no_item_share_one_line_of_the_account():
    """Four seats wrote "Player N holds none." four times over."""
    from collections import Counter
    from types import SimpleNamespace
    import game.ui.scenes.account as account
    st = SimpleNamespace(seats=[None] * 4)
    for ends, want in (({("disasters", "picked up by Disasters"): 5}, "No player holds an Item."),
                       ({("1", "in their Haven"): 2}, "Players 1, 3 and 4 hold none."),
                       ({("0", "in their Haven"): 1, ("1", "carried"): 1, ("3", "carried"): 1},
                        "Player 3 holds none.")):
        account.item_ends, real = (lambda st, how: Counter(ends)), account.item_ends
        try:
            lines = account.where_items_ended(st, {})
        finally:
            account.item_ends = real
        assert sum(line.endswith((" none.", "an Item.")) and "Disasters" not in line
                   for line in lines) == 1
        assert want in lines, lines


def test_the_scavenge_hint_drops_the_scavenge_once_it_is_used():
    """'Click a glowing Location to Scavenge it' stayed after the Turn's one Scavenge."""
    from game.engine import actions as A
    from game.ui.table.words import turn_hint
    assert turn_hint("scavenge", [A.Scavenge((0, 0)), A.EndPhase()], False) == \
        "Click a glowing Location to Scavenge it, or End phase."
    assert turn_hint("scavenge", [A.EndPhase()], True) == \
        "You have Scavenged this Turn (once a Turn). End phase."
    said = turn_hint("scavenge", [A.Fight(5), A.Challenge(1, (0, 0)), A.EndPhase()], True)
    assert "Scavenge it" not in said and "fight it" in said and "attack their group" in said
    assert turn_hint("equip", [A.EndPhase()], False) is None


def test_a_hint_offers_end_phase_only_when_it_is_offered():
    """The guided game offers only its step's action: at its store step the bar said
    'End phase.' when only the Drop could be done, and at its second Disaster '…or
    Pass' with no Pass offered."""
    from game.engine import actions as A
    from game.ui.table.words import phase_hint, turn_hint
    assert turn_hint("move", [A.Drop(7, 3)], False, "drag it onto a glowing target") == \
        "Drag it onto a glowing target."
    assert turn_hint("move", [A.Move((3,), (0, 1))], False) == \
        "Click your Characters, then a glowing cell."
    assert turn_hint("move", [A.Move((3,), (0, 1)), A.Drop(7, 3), A.EndPhase()], False) == \
        "Click your Characters, then a glowing cell, or End phase."
    assert turn_hint("move", [A.PlayCard(9)], False) is None
    assert phase_hint("equip", [A.PlayCard(9)]) == \
        "Drag a card from your hand onto a glowing target."
    assert phase_hint("discard", [A.DiscardCard(9)]) == \
        "Click each card you do not want, to discard it."
    assert phase_hint("equip", [A.EndPhase()]).endswith(", or End phase.")


def test_an_ability_s_use_says_what_it_does_and_costs():
    """'Use Mio Sprocket' did not say its cost, a card of the hand discarded at random,
    nor what it does: a card was lost with no warning."""
    from game.engine import actions as A
    from game.engine.cardfile import load_cards
    from game.ui.table.words import action_text
    db = load_cards()
    cards = {7: db["mio-sprocket"], 8: db["heavy-ion-cannon"], 9: db["umbrella-ghost-pete"]}
    said = lambda a: action_text(a, lambda i: cards[i].name if i in cards else "Oni Warlord",
                                 cards.get)
    assert said(A.UseCard(7, 0)) == ("Use Mio Sprocket: take an Equipment from your Draw "
                                     "pile (cost: discard 1 card at random)")
    assert said(A.UseCard(8, 0, 3)) == \
        "Use Heavy Ion Cannon on Oni Warlord: 2 Damage (cost: 1 Energy)"
    assert said(A.UseCard(9, 0, 3)).endswith(": Hold it (cost: 1 Energy)")
    # A card the viewer may not see, or no cards given: the name alone.
    assert action_text(A.UseCard(7, 0), lambda i: "Mio Sprocket") == "Use Mio Sprocket"


def test_a_retrieve_or_a_drop_reads_as_a_thing_to_do():
    """The Scavenging bar's button read "Hero retrieves", beside "Stop Scavenging"; a
    Drop named without its place (no `where`) still says what to do."""
    from game.engine import actions as A
    from game.ui.table.words import action_text
    name = {3: "Hero", 7: "Idol"}.get
    assert action_text(A.Retrieve(3), name) == "Retrieve with Hero"
    assert action_text(A.Drop(7, 3), name) == "Drop Idol"


def test_a_space_is_a_quarter_em_or_more_at_every_size():
    """At 1280 x 720 the log's 13 px Noto Sans drew its space 3 px wide and a digit's
    hinted glyph reached into it: '4Damage', '8vs', 'Mimichits'; the game-over screen's
    and menus' fonts too ('4in their Haven', 'Player 2holds' at 1024x600, s61)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.init()
    from game.ui import widgets
    from game.ui.table import ink
    fonts = [ink.font(px, bold) for bold in (False, True) for px in range(10, 33)]
    fonts += [widgets.font(role, scale, spaced=True) for role in ("label", "#small")
              for scale in (0.5, 0.6, 0.75, 0.8, 0.85, 1, 1.5)]
    for f in fonts:
        for space in (" ", "\u00a0"):  # a count kept with its word: "Bonked 2\u00a0times"
            assert f.size(f"4{space}D")[0] - f.size("4D")[0] >= f.point_size / 4, \
                (f.point_size, space)
        assert f.render("4 D", True, (255, 255, 255)).get_width() >= f.size("4 D")[0]


def test_a_log_line_s_indented_rows_keep_inside_the_log():
    """A log line's later rows are indented: wrapped at the first row's width, they
    ran past the window's edge at 1920 x 1080."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.init()
    from game.ui.table import ink
    from game.ui.table.paint import hanging
    line = ("Shin Tokorozawa (P1) + Commander Reiji Valen (P1) + Sergeant Daigo Hatakeyama "
            "(P1) hit Colossal Stray Cat Omochi: Attack 14 vs Defense 9, 5 Damage. Defeated!")
    for px, width, indent in ((13, 276, 8), (20, 313, 12)):
        rows = hanging(line, px, width, indent)
        assert len(rows) >= 3 and " ".join(rows) == line
        assert ink.font(px).size(rows[0])[0] <= width
        assert all(indent + ink.font(px).size(row)[0] <= width for row in rows[1:])


def test_new_game_names_player_1_s_characters_in_type_that_reads(tmp_path, monkeypatch):
    """'Player 1 starts with (Demo Deck)' over four faces 84 px wide, whose names
    nobody could read at 1280 x 720: the deck and each Character's name and Attack
    and Defense are now in the screen's small type."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.scenes import new_game
    from game.ui.settings import Settings
    app = App((1280, 720), Settings(), config=tmp_path, data=tmp_path)
    scene = new_game.NewGameScene(app)
    said = []
    real = new_game.text
    monkeypatch.setattr(new_game, "text", lambda s, words, f, *a, **k: (
        said.append((words, f.get_height())), real(s, words, f, *a, **k))[1])
    scene._draw_team(app.screen)
    deck = scene.decks[scene.deck_ids[0]]
    assert said[0][0] == "Player 1's deck, Demo, starts with these Characters:"
    for card_id in deck.starting_characters[:4]:
        c = app.db[card_id]
        assert (c.name, said[0][1]) in said
        assert (f"Attack {c.attack} · Defense {c.defense}", said[0][1]) in said
    assert said[0][1] >= 16


def test_a_cancelled_flash_effect_is_named_in_every_seat_s_share():
    """After a chain of Flash Effects the log said "A card was Cancelled": both cards
    are Flash Effects played face up on the stack, so every seat's log names them (the
    engine tells every seat, `to=everyone`). A card told to its owner alone (an Item
    of a custom card file) is "a hidden card" to the others."""
    names = {7: "Overclock", 8: "Cherry Blossom Flurry"}.get
    e = E.Cancelled(7, 8, to=E.everyone(2))
    for seat in (0, 1, E.ALL_SEE):
        assert event_text(e.for_seat(seat), names, "Player {}".format) == \
            ("Overclock is Cancelled by Cherry Blossom Flurry: it has no effect", 7)
    hidden = E.Cancelled(7, 8, to=(0,))
    assert event_text(hidden.for_seat(1), names, "Player {}".format) == \
        ("Overclock is Cancelled by a hidden card: it has no effect", 7)


def test_the_final_attack_on_those_who_run_away_is_said_only_when_it_is_made():
    """The log read "Player 1 Runs Away! One last attack on them first, unanswered" also
    when the Disaster attacked nobody (no target: the engine makes no final attack).
    Now the run is said alone, and the final attack on its hit, when there is one."""
    from game.engine import actions as A
    from test_ui_combat_forecast import fight

    def said(target: bool) -> list[str]:
        sc, _, _ = fight(2)
        if not target:
            sc.st.combat.target = -1
        words = [event_text(e, str, "Player {}".format)[0] for e in sc.do(A.RunAway())]
        return [w for w in words if w]

    lines = said(True)
    assert lines[0] == "Player 0 Runs Away!"
    hits = [w for w in lines if "hits" in w]
    assert len(hits) == 1 and hits[0].startswith("Final attack, unanswered: "), lines
    assert said(False) == ["Player 0 Runs Away!"]


def test_a_placed_location_is_named_by_its_cell_as_its_deals_are():
    """Mirror decks lay two Locations of one name: "Player 1 placed Kappa Pond" did not
    say which, where "Deal face down under Kappa Pond (P1)" did. The placing is named
    by its cell, which carries the placer's mark where the name is shared."""
    def name(x) -> str:
        return "Kappa Pond (P1)" if x == (2, 3) else "Kappa Pond"
    words, card = event_text(E.CardPlaced(0, 7, (2, 3), "location"), name, "Player {}".format)
    assert words == "Player 0 placed Kappa Pond (P1)" and card == 7


def test_damage_that_heals_at_once_is_said_to_and_combat_damage_is_not(tmp_path):
    """'Fort attacks Hero: 2 Damage' while Hero's panel said "No Damage": a Location's
    strike at a stop heals at once unless it Bonks or Kills (R24), and its line says
    so; in a Combat the Damage stays until the Combat ends, and its line does not."""
    from game.engine.actions import Declare, Fight, Move
    from game.engine.state import MOVE
    from game.ui.app import App
    from game.ui.settings import Settings
    from conftest import keys_for_tests
    from scene import Scene
    from test_rules_combat import LOCATION_CARDS
    from test_ui_table import scene_app, scene_session, table
    sc = Scene(LOCATION_CARDS)
    sc.location((0, 0), "fort")  # Attack 5, requires Stealth
    sc.location((1, 0))
    hero = sc.char("hero", (1, 0))  # Defense 3, Health 3
    wall = sc.disaster("wall", (0, 0))  # Attack 3
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)

    def make(size):
        app = App(size, Settings(anim_speed="instant"), config=tmp_path, data=tmp_path)
        keys_for_tests(app)
        return app
    t = table(scene_app(make, sc), scene_session(sc, ["human"]))

    def lines(action) -> list[str]:
        before = len(t.log_lines)
        t.send(action)
        t.app.step([], 0.016)
        return [w for w, _ in t.log_lines[before:] if "Fort attacks" in w]
    stop = "Fort attacks Hero (P1) as the group stops there: Attack 5 vs Defense 3, 2 Damage"
    fight = "Fort attacks Hero (P1) in the Combat round: Attack 5 vs Defense 3, 2 Damage"
    assert lines(Move((hero,), (0, 0))) == [stop + ", healed at once"]
    lines(Fight(wall))
    assert lines(Declare(hero, "none")) == [fight]
    t._reset_log()  # the log read afresh (a new viewer) says the same
    said = [w for w, _ in t.log_lines if "Fort attacks" in w]
    assert said == [stop + ", healed at once", fight]


def test_a_defeated_disaster_s_line_says_whose_discard_pile_it_goes_to():
    """Rules for Disasters: a Defeated Disaster is Discarded, into the pile of the player
    who dealt it. A newcomer's discard pile grew in other players' Turns with nothing to
    say why; the log's line now says whose pile (the decks, and so the dealer, are
    public)."""
    e = E.DisasterDefeated(7, (0, 0))
    said = event_text(e, lambda i: NAMES.get(i, f"<{i}>"), "Player {}".format,
                      owner=lambda i: 2)[0]
    assert said == f"{NAMES.get(7, '<7>')} is Defeated! (to Player 2's discard pile)", said


def test_an_item_taken_says_where_from_charm_combat_with_disasters():
    """Charm Combat with Disasters: "If all the Characters at a Location are Charmed, the
    Disaster will take an Item from the Location". The log said "General Obsidian Hex
    took a face-down card", read as the Charmed Character's own Item taken (s28
    newcomer, shot 54_scavenged). Now it says from under which Location (or out of
    which Haven)."""
    names = {**NAMES, (1, 0): "Hangar 13", (2, 0): "Fort"}

    def said(e):
        return event_text(e, lambda i: names.get(i, f"<{i}>"), "Player {}".format,
                          haven=lambda cell: cell == (2, 0))[0]
    assert said(E.ItemTaken(3, (1, 0), None)) == \
        "Oni Warlord took a face-down card from under Hangar 13"
    assert said(E.ItemTaken(1, (2, 0), 6)) == "Sayo took Lure out of Fort"
