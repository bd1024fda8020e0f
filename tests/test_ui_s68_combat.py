"""s68: Combat readable in the window. The Combat cards shown say whom each was drawn
for and whose pile it came from (R22: a Disaster's from the fighting player's), in a
Combat with a Disaster, its Charm Combat and a Combat between players; Locations that
attack, and are attacked, say so on the Field."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import MOVE
from game.ui.table import panels
from game.ui.table.words import event_text

import test_ui_table
from scene import Scene
from test_ui_combat_panel import painted
from test_ui_table import scene_app, table

make_app = test_ui_table.make_app  # the fixture


def replayed_table(make_app, sc, log, size=(1280, 720)):
    """The window on a scene played to now (its events the log), for people only."""
    from conftest import replay_keys
    from game.engine.save import Record
    from game.ui.session import Session, SessionConfig
    n = len(sc.st.seats)
    s = Session(SessionConfig("", ["human"] * n, seed=0), Record(sc.game, 0),
                threaded=False, keys=replay_keys(n, 0), replayed=(sc.st, list(log)))
    s.take_seat()
    t = table(scene_app(make_app, sc, size), s)
    for _ in range(30):
        t.app.step([], 1 / 30)
    return t


def combat_words(monkeypatch, t, seat: int = 0, fought: bool = False) -> list[str]:
    """The Combat panel's words, as `seat` is shown it; `fought`, as while the round's
    hits play (its cards' rows: once it is played, the next round's choosing says
    them in words, s71)."""
    from game.engine.view import view
    from game.ui.table.model import Board
    b = t.board if seat == t.board.view.seat else Board(view(t.session.state, seat), [],
                                                        t.session.game.db)
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        t.painter([], b), surf, b.view.combat, t.notes, t.name, {}, None, fought))
    monkeypatch.undo()
    return said


def wall_fight(seats: int = 2):
    """Player 1's three fight Player 2's Wall (test_ui_s64_hand): a round fought, the
    second's target named. Every card drawn came from Player 1's pile (R22)."""
    from test_rules_combat import CARDS
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    wall = sc.disaster("wall", (0, 0), seat=1, brought_by=1)
    sc.combat_pile(0, "assault", "sand", "k1", "k2")
    sc.combat_pile(1, "k3", "k4")
    for seat in range(seats):
        sc.hand(seat, "ring")
    sc.turn(MOVE)
    log = sc.do(A.Fight(wall), *[A.Declare(h, "attack") for h in heroes])
    return sc, heroes, wall, log


@pytest.mark.parametrize("seat", [0, 1])
def test_each_combat_card_shown_names_whom_it_is_for_and_the_fighting_player_s_pile(
        make_app, monkeypatch, seat):
    """Combat with Disasters: "you will draw a Combat card for the Disaster, and a card
    for each Character being attacked" (R22: from the pile of the player whose group
    fights). The panel's rows named the card and its effects only, and the Wall's card,
    Player 2's Disaster, read as drawn from Player 2's deck. Each row now says for whom
    and from whose pile, to the fighter ("your pile") and to the Wall's owner alike."""
    sc, heroes, wall, log = wall_fight()
    drawn = [e for e in log if isinstance(e, E.CombatCard)]
    assert [sc.game.owner(e.card) for e in drawn] == [0, 0]  # the engine: R22
    t = replayed_table(make_app, sc, log)
    said = combat_words(monkeypatch, t, seat, fought=True)
    piles = ("from your pile", "your pile") if seat == 0 else ("from Player 1's pile",
                                                                "P1's pile")
    target = next(e.fighter for e in drawn if e.fighter != wall)
    who = panels.short_names(t.painter([]), [target], t.name)[target]
    for whom in ("Wall", who):  # whole, in words or in short where the row is narrow
        assert {f"for {whom} · {pile}" for pile in piles} & set(said), (whom, said)
    t.app.quit()


def test_the_log_says_whose_pile_a_combat_card_came_from():
    """The log's "Combat card for Wall: Assault" said nothing of the pile; the card
    drawn for a Disaster comes from the fighting player's (R22)."""
    sc, heroes, wall, log = wall_fight()
    e = next(e for e in log if isinstance(e, E.CombatCard) and e.fighter == wall)
    names = {wall: "Wall", e.card: "Assault"}
    line, _ = event_text(e, names.get, "Player {}".format, owner=sc.game.owner)
    assert line == "Combat card for Wall, from Player 0's Combat pile: Assault", line


def kagato_fight():
    """Player 2's Kagato charms Player 1's four (the rulebook's Combat Charm with a
    Disaster): Launch Charmed, the others not; the break stage waits."""
    from test_rules_charm import kagato_scene, script_targets
    sc, ryoko, armitage, akane, launch, kagato, cards = kagato_scene()
    script_targets(sc, [launch, akane, armitage, ryoko])
    log = sc.do(A.Fight(kagato))
    return sc, kagato, launch, log


def test_a_charm_combat_with_a_disaster_shows_its_cards_for_whom_and_from_whose_pile(
        make_app, monkeypatch):
    """Charm Combat with Disasters: "Draw a Combat card for the Disaster and a card for
    the Character being attacked". Its cards went only to the log: the panel showed none
    through the Charm stage. The last drawn show now, their Charm half, each for whom
    and from the fighting player's pile."""
    sc, kagato, launch, log = kagato_fight()
    assert sc.st.combat is not None and sc.st.combat.stage == "break"
    t = replayed_table(make_app, sc, log)
    said = combat_words(monkeypatch, t)
    assert {"for Kagato · from your pile", "for Kagato · your pile"} & set(said), said
    last = [e for e in log if isinstance(e, E.CharmContest)][-1]
    assert {sc.db[t.board.card_id(c)].name for c in last.cards} <= set(said), said
    t.app.quit()


def test_the_charm_log_line_says_whose_pile_its_cards_came_from():
    sc, kagato, launch, log = kagato_fight()
    e = next(e for e in log if isinstance(e, E.CharmContest))
    line, _ = event_text(e, lambda i: f"<{i}>", "Player {}".format, owner=sc.game.owner)
    assert line.endswith(" Both Combat cards from Player 0's pile."), line


def test_a_duel_s_hits_say_each_card_for_whom_from_its_own_player_s_pile(make_app,
                                                                          monkeypatch):
    """Combat Between Players: "Players use their own Combat cards", a card for each
    Character attacked. The duel panel told the hits only: now first each card drawn,
    for whom and from whose pile."""
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel()
    log = list(sc.do(A.Engage(mine[0], "attack", foes[0]), A.Engage(foes[0], "attack", mine[1]),
                     *[A.Engage(c, "none") for c in (mine[1], foes[1], mine[2])]))
    drawn = [e for e in log if isinstance(e, E.CombatCard)]
    assert {sc.game.owner(e.card) for e in drawn} == {0, 1}
    t = replayed_table(make_app, sc, [])
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.duel(
        p, surf, t.board.view.duel, t.name, {}, log))
    text = " ".join(said)
    assert "from your pile" in text and "from Player 2's pile" in text, said
    t.app.quit()


# Locations that attack and are attacked -----------------------------------------------
LOCATION_CARDS = """\
- {id: hero, name: Hero, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 1}}
- {id: vault, name: Vault, type: location, abilities: {defense: 4},
   requires: {skills: {Money: 1}}}
- {id: fort, name: Fort, type: location, abilities: {attack: 5},
   requires: {skills: {Stealth: 1}}}
- {id: gem, name: Gem, type: item}
"""


def location_table(make_app, heroes: int = 2, size=(1280, 720)):
    """Player 1's Heroes (Attack 3 each) at a Vault (Defense 4, needs Money), in the
    Scavenge phase; a Fort (Attack 5, needs Stealth) and a Plain beside it."""
    from game.engine.state import SCAVENGE
    from test_ui_table import scene_session
    sc = Scene(LOCATION_CARDS)
    sc.location((0, 0), "vault", under=["gem"])
    sc.location((1, 0), "fort")
    sc.location((0, 1))
    group = [sc.char("hero", (0, 0)) for _ in range(heroes)]
    sc.turn(SCAVENGE)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    return sc, group, t


def sent(t, action) -> list[str]:
    """The log lines an action sent from the table adds."""
    before = len(t.log_lines)
    t.send(action)
    for _ in range(3):
        t.app.step([], 0.016)
    return [w for w, _ in t.log_lines[before:]]


def floats(monkeypatch, t, action) -> list[str]:
    """The words an action's events rise with on the Field (the animations')."""
    from game.ui.table import anims
    risen: list[str] = []
    real = anims.Animator._float
    monkeypatch.setattr(anims.Animator, "_float", lambda self, g, words, *a, **k: risen.append(
        words) or real(self, g, words, *a, **k))
    t.clock.factor = 1.0  # (instant animations are never made)
    t.send(action)
    t.app.step([], 0.016)
    monkeypatch.undo()
    return risen


def test_a_location_attacked_shows_its_damage_and_its_health_on_its_tile(make_app,
                                                                         monkeypatch):
    """Rules for Locations: "If a Location has Defense, you can Scavenge it without the
    necessary skills by attacking it ... until the Location's Health is 0 or below."
    Only the log said the Damage; the tile said nothing of the Health left. Now "-2"
    rises over it and its tile reads "Health 2/4" (its printed Defense is its Health)."""
    sc, group, t = location_table(make_app)
    assert "Health 4/4" in tile_words(monkeypatch, t)
    assert floats(monkeypatch, t, A.AttackLocation((0, 0))) == ["-2"]
    assert "Health 2/4" in tile_words(monkeypatch, t), "drawn on the Vault's tile"
    t.app.quit()


def tile_words(monkeypatch, t) -> list[str]:
    """The words the Field's tiles are drawn with, as the table paints them afresh."""
    import pygame
    from game.ui.table import ink
    from game.ui.table.tiles import Tiles
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(
        words, *a, **k))
    g = t.session.game
    t.painter([]).tiles(pygame.Surface(t.lay.field.size), t.lay.field,
                        Tiles(t.app.faces, g.db, g.card_ids))
    monkeypatch.undo()
    return said


def test_a_location_beaten_says_open_to_scavenge(make_app, monkeypatch):
    """Three Heroes, Attack 9 against Defense 4: 5 Damage takes the Vault's Health 4
    to -1, "They can Scavenge the Location" (the rulebook's Hot Legs)."""
    sc, group, t = location_table(make_app, heroes=3)
    assert floats(monkeypatch, t, A.AttackLocation((0, 0))) == ["-5", "Open to Scavenge!"]
    drawn = tile_words(monkeypatch, t)  # whole, its Health too where the tile is wide
    assert {"Open to Scavenge (Health -1/4)", "Open to Scavenge"} & set(drawn), drawn
    t.app.quit()


def test_an_attack_on_a_location_that_starts_over_is_said(make_app, monkeypatch):
    """"If you attack another target or leave the Location you must start over": the
    engine lifted the attack with no word, and the Vault's Damage was simply gone. The
    log now says whose attack started over and why, and the tile its Health full."""
    from game.engine.state import MOVE
    sc, group, t = location_table(make_app)
    sent(t, A.AttackLocation((0, 0)))
    sc.st.phase = MOVE  # (straight to a Move: the next Turn's, as far as the attack goes)
    t.refresh()
    said = sent(t, A.Move(tuple(group), (0, 1)))
    assert "Player 1's attack on Vault starts over (the group left it): its Health is " \
        "full again" in said, said
    assert "Health 4/4" in tile_words(monkeypatch, t)
    t.app.quit()


def test_a_location_that_attacks_a_group_on_entry_says_why(make_app):
    """Rules for Locations: "If a group of Characters, without the required skills,
    stops at a Location with Attack, the Location Attacks each Character." A Hero lost
    Health walking into the Fort, and the log said "Fort attacks Hero: 2 Damage". The
    line says when now, and a note to its player says why and how often."""
    from game.engine.state import MOVE
    sc, group, t = location_table(make_app, heroes=1)
    sc.st.phase = MOVE
    t.refresh()
    said = sent(t, A.Move(tuple(group), (1, 0)))
    assert "Fort attacks Hero (P1) as the group stops there: Attack 5 vs Defense 3, 2 Damage, " \
        "healed at once" in said, said
    words, _ = t.message
    assert words.startswith("Fort has Attack 5: it attacks each Character of a group that "
                            "stops there without Stealth, once per Turn"), words
    t.app.quit()


def test_a_charm_duel_s_panel_names_the_last_contest_s_cards_and_piles(make_app,
                                                                       monkeypatch):
    """Charm Combat Between Players: "Each player will draw a Combat card for their own
    Character." The panel offered the next charms with no word of the contest just
    made: it says it now, each card with the pile it came from."""
    from test_ui_combat_panel import titled_duel
    sc, mine, foes = titled_duel(charm=True)
    log = list(sc.do(A.CharmAttack(mine[0], foes[0])))
    contest = next(e for e in log if isinstance(e, E.CharmContest))
    assert [sc.game.owner(c) for c in contest.cards] == [0, 1]
    t = replayed_table(make_app, sc, log)
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.duel(
        p, surf, t.board.view.duel, t.name, {}, None, t.notes))
    text = " ".join(said)
    assert "with Blank (Player 1's pile) vs" in text and "with Blank (Player 2's pile):" \
        in text, said
    t.app.quit()


def test_a_location_looked_at_says_whom_it_attacks_and_its_health(make_app, monkeypatch):
    """The inspector's Location said its requirement and stack, nothing of its Attack
    or its Health: whom the Fort attacks and how often (R24), and the Vault's Health
    left against the viewer's attack and what starts it over (R51)."""
    sc, group, t = location_table(make_app)
    sent(t, A.AttackLocation((0, 0)))

    def looked(cell) -> str:
        said, _ = painted(monkeypatch, t, lambda p, surf: panels.inspect_panel._location(
            p, surf, cell, t.name))
        monkeypatch.undo()
        return " ".join(said)
    fort, vault = looked((1, 0)), looked((0, 0))
    assert "Attack 5 on its card: it attacks each Character of a group that stops here " \
        "without Stealth, once per Turn and once per Combat round." in fort, fort
    assert "your attack has left it Health 2/4." in vault and \
        "An attack starts over when its group leaves or attacks another target." in vault, vault
    t.app.quit()
