"""The combat panel's buttons read whole (a newcomer's audit: "Protect …", "Attack S…",
and names cut to their first word, which is often a title: "Attack Sergeant")."""
from __future__ import annotations

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import MOVE
from game.ui.table import ink, panels

import test_ui_table
from test_ui_table import scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

# Titles first, a name with "of", and two Sergeants: a first word tells nobody apart.
TITLED = """\
- {id: valen, name: Commander Reiji Valen, type: character, gender: male,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 3, energy: 3}}
- {id: pawlina, name: Princess Pawlina of Felis Prime, type: character, gender: female,
   abilities: {attack: 4, defense: 4, movement: 2, charm: 5, energy: 2}}
- {id: akiko, name: Akiko Sakuragawa, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 5, energy: 1}}
- {id: daigo, name: Sergeant Daigo Hatakeyama, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: mika, name: Sergeant Mika Oda, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: sayo, name: Sayo Tsukimura, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 2, energy: 1}}
- {id: kinako, name: Kinako Purrsworth, type: character, gender: female,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 4, energy: 1}}
- {id: marlowe, name: Captain Marlowe Tetsuhige, type: character, gender: male,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 4, energy: 1}}
"""


def titled_duel(charm: bool = False, theirs=("daigo", "mika"),
                mine=("valen", "pawlina", "akiko"), cards: str = ""):
    """Seat 0's Characters (three) challenge seat 1's at one Location (R33); `cards`,
    more than TITLED's."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(TITLED + cards, seats=2, options=Options(charm_combat=charm))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in mine]
    foes = [sc.char(c, (0, 0), seat=1) for c in theirs]
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    return sc, mine, foes


def painted(monkeypatch, t, draw) -> tuple[list[str], list]:
    """Every text `draw(painter, surface)` writes (as rendered: cut ones end in "…"),
    and what it made clickable."""
    said: list[str] = []
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: said.append(words) or real(words, *a, **k))
    p = t.painter([])
    draw(p, pygame.Surface(t.size))
    return said, p.hits


def duel_panel(t):
    return lambda p, surf: panels.duel(p, surf, t.board.view.duel, t.name, t.plan)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("theirs", [("daigo", "mika"), ("daigo", "mika", "akiko")])
def test_every_duel_choice_reads_whole_and_names_whom(make_app, monkeypatch, size, theirs):
    """Combat between players: "Attack A…", "Protect R…" (a fixed 70 px was the test for
    one line of buttons), and "Attack Sergeant" twice. Every label is whole now, and
    each Character's targets read unlike each other, by a name, not a title (both
    sides' Akiko too: mirror decks)."""
    sc, mine, foes = titled_duel(theirs=theirs)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    said, hits = painted(monkeypatch, t, duel_panel(t))
    plans = [k for _, k in hits if k[0] == "plan"]
    assert len(plans) == len(mine) * (len(foes) + len(mine))  # Stay out, not oneself
    buttons = [w for w in said if w.startswith(("Attack", "Protect", "Hold back"))]
    assert buttons and not [w for w in buttons if w.endswith("…")]
    attack = {w for w in said if w.startswith("Attack ")}
    protect = {w for w in said if w.startswith("Protect ")}
    assert len(attack) == len(foes) and len(protect) == len(mine)
    titles = {"Commander", "Princess", "Sergeant"}
    assert not {w.split(" ", 1)[1] for w in attack | protect} & titles


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_charm_combat_buttons_read_whole(make_app, monkeypatch, size):
    """Charm Combat between players: "Torao Ishibashi charms Akiko …", two abreast at a
    fixed height with most of the panel empty. Every choice's words are whole now."""
    from game.ui.table.words import action_text
    sc, mine, foes = titled_duel(charm=True, theirs=("daigo", "mika", "akiko"))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    assert s.view().duel.stage == "charm"
    said, hits = painted(monkeypatch, t, duel_panel(t))
    acts = [k[1] for _, k in hits if k[0] == "act" and isinstance(k[1], A.CharmAttack)]
    assert len(acts) == len(mine) * len(foes)
    sides = [t.name(c) for c in mine + foes]  # the list of both sides may cut a long name
    assert not [w for w in said if w.endswith("…") and not any(n.startswith(w[:-1]) for n in sides)]
    charms = {w for w in said if " charms " in w}
    assert len(charms) == len(acts)  # no two read alike
    short = panels.short_names(t.painter([]), mine + foes, t.name)
    assert charms <= {action_text(a, t.name) for a in acts} | {
        action_text(a, lambda i: short.get(i, t.name(i))) for a in acts}


SEER = TITLED + """\
- {id: seer, name: Sayo Seer, type: character, gender: female,
   abilities: {attack: 3, defense: 3, movement: 2, charm: 1, energy: 3},
   effects: [{"on": use, target: {select: disaster, at: here},
              do: [{modify: {attack: "-1"}, for: turn}]}]}
- {id: crow, name: Angry Tengu Crow, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 1, charm: 0}}
- {id: hex, name: General Obsidian Hex, type: disaster, class: minor,
   abilities: {attack: 2, defense: 2, movement: 1, charm: 0}}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_ability_s_targets_are_told_apart_in_combat_with_a_disaster(make_app, monkeypatch,
                                                                       size):
    """An ability used on a Disaster, one button per target: they read "Ability on
    Angry" and "Ability on General", an adjective and a title. Now a short name that
    tells the targets apart, not the first word."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(SEER, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    seer = sc.char("seer", (0, 0))
    crow, hex_ = sc.disaster("crow", (0, 0)), sc.disaster("hex", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(crow))
    assert {a for a in sc.legal() if isinstance(a, A.UseCard)} == {
        A.UseCard(seer, 0, crow), A.UseCard(seer, 0, hex_)}
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, hits = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, [], t.name, t.plan))
    abilities = [w for w in said if w.startswith("Ability")]
    assert len(abilities) == 2 and len(set(abilities)) == 2, said
    assert not any(w.endswith((" Angry", " General")) for w in abilities), abilities


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_charm_won_offers_its_commands_in_the_panel(make_app, monkeypatch, size):
    """Charm Combat with Disasters: all the group won, so the player commands the Minor
    Disaster (List of Actions). The panel said "command the Disaster" and the choices
    were only at the top of the screen; now they are buttons in the panel, whole."""
    from test_rules_charm import _fighting_the_charmer
    sc, hero, charmer = _fighting_the_charmer()
    commands = [a for a in sc.legal() if isinstance(a, A.Command)]
    assert len(commands) == 3
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, hits = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, [], t.name, t.plan))
    assert {k[1] for _, k in hits if k[0] == "act"} >= set(commands)
    assert {"Hand its Item to Hero", "Do not attack", "Do not move"} <= set(said), said
    assert "panel" in t.hint()
    # There alone: the bar offered "Command: do not attack" over them too.
    assert not {k[-1] for _, k in t.bar_buttons()} & set(commands)


def _last_blow():
    """Commander Valen alone fights the Tengu Crow; one attack defeats it."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(SEER, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0))
    crow = sc.disaster("crow", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(crow))
    return sc, valen, crow


def test_a_combat_s_end_waits_for_its_animations(make_app, monkeypatch):
    """At Normal speed the panel said "over", the bar offered the next step and the
    Disaster had left the Field while the hit still played; the Combat cards turned
    over on the group's names. Now the panel, the bar and the Field follow the
    animations, and the cards turn over on the Disaster's face, clear of the words."""
    from game.engine import events as E
    from game.ui.table.anims import Flip, Linger
    sc, valen, crow = _last_blow()
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc), s)
    t.app.settings.anim_speed = "normal"
    assert A.Declare(valen, "attack") in s.legal()
    t.send(A.Declare(valen, "attack"))
    t.app.step([], 0.016)
    assert t.animator.busy and t.fight is not None
    said, hits = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.fight, t.notes, t.name, t.plan))
    assert not [w for w in said if "over" in w], said
    assert not [k for _, k in hits if k[0] in ("act", "plan", "fight")]
    assert t.bar_buttons() == [] and "Combat" in t.hint()
    # Nor do keys or clicks act on the decision after it (they all send through send).
    acted = len(s.record.actions)
    assert s.legal() and not t.send(s.legal()[0]) and len(s.record.actions) == acted
    assert any(isinstance(a, Linger) for a in t.animator.anims)  # the Crow stays a while
    names = pygame.Rect(panels.combat_rect(t).centerx, 0, 10**4, 10**4)
    flips = [a for a in t.animator.anims if isinstance(a, Flip)]
    assert flips and not [a for a in flips if a.rect.colliderect(names)]
    for _ in range(400):
        t.app.step([], 0.05)
        if any(isinstance(n, E.CombatEnded) for n in t.notes):
            break
    monkeypatch.undo()
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.fight, t.notes, t.name, t.plan))
    assert [w for w in said if w.endswith("· over")], said
    while t.animator.busy:
        t.app.step([], 0.05)
    t.app.step([], 0.05)
    assert t.fight is None and t.bar_buttons()


def _drone_fought(make_app, attack: int, equipment: tuple = ()):
    """Valen (with `equipment`, in use) attacks a Tin Soldier Drone of `attack`, which,
    Defeated, deals 1 Damage to each Character here; played until the Combat ends, at
    Normal speed. The table, Valen and the notes' events."""
    from scene import Scene
    from game.engine import events as E
    from game.engine.options import Options
    sc = Scene(TITLED + f"""\
- {{id: drone, name: Tin Soldier Drone, type: disaster, class: minor,
   abilities: {{attack: {attack}, defense: 2, movement: 1, charm: 0}},
   effects: [{{"on": defeated, do: [{{damage: 1, to: here}}]}}]}}
- {{id: shield, name: Riot Shield, type: equipment, abilities: {{defense: 3}}}}
""", options=Options(charm_combat=False))
    sc.location((0, 0))
    valen = sc.char("valen", (0, 0), equipment=equipment)
    sc.unit(valen).using = list(sc.unit(valen).equipment)
    drone = sc.disaster("drone", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(drone))
    t = table(scene_app(make_app, sc), scene_session(sc, ["human"]))
    t.app.settings.anim_speed = "normal"
    t.send(A.Declare(valen, "attack"))
    for _ in range(400):
        t.app.step([], 0.05)
        if any(isinstance(n, E.CombatEnded) for n in t.notes):
            break
    return sc, t, valen


def test_damage_a_defeated_disaster_deals_shows_in_the_ended_combat_s_rows(make_app):
    """Tin Soldier Drone, Defeated, deals 1 Damage to each Character here: it Bonked
    Kaede, yet the panel, "over", still said "Health 1/3" beside her, the hits alone
    counted (s28 newcomer at the window; the Field said Bonked). A card's Damage in the
    round counts as a hit's does: Health 0, as the log and the Field say."""
    from game.engine import events as E
    sc, t, valen = _drone_fought(make_app, 7)
    hit = next(n for n in t.notes if isinstance(n, E.CombatHit) and n.target == valen)
    assert hit.health_after == 1  # the Drone's hit left Valen 1 Health...
    assert any(isinstance(n, E.Damaged) and n.unit == valen for n in t.notes)  # ...its end, 0
    assert t.fight is not None and t.panel_board().units[valen].damage == 4


@pytest.mark.parametrize("seats, says", [
    (["human", "human"], "Your Haven Fort, fighting from next door"),
    (["ai:random", "human"], "Player 1's Haven Fort, fighting from next door")])
def test_a_haven_fighting_from_next_door_is_named_for_whoever_reads(make_app, monkeypatch,
                                                                    seats, says):
    """A side with no Character at the cell, its Haven fighting from next door: the
    panel read "their Haven" to its own player too. Now "Your Haven" to its owner,
    "Player 1's Haven" to the others, and which Haven it is."""
    from test_rules_duel import duel_scene as rules_duel, fort
    sc, _, (b,) = rules_duel((), ("hero",))
    fort(sc, (-1, 1), 0)
    sc.do(A.Challenge(1, (0, 0)))
    s = scene_session(sc, seats)
    t = table(scene_app(make_app, sc), s)
    assert t.board.view.duel is not None and t.board.view.seat == seats.index("human")
    said, _ = painted(monkeypatch, t, duel_panel(t))
    lines = said[said.index("Player 1 attacks") + 1:said.index("Player 2 defends")]
    lines = [w for w in lines if w != "card values"]  # the other side's, made before its head
    assert " ".join(lines) == says and not [w for w in lines if w.endswith("…")], said


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_charm_orders_are_in_the_panel_alone_and_the_charmed_are_marked(make_app, monkeypatch,
                                                                       size):
    """Charm Combat between players: the orders were on the bar, in the panel and (cut)
    in the inspector, and the panel never said who was Charmed. Now the panel alone
    offers them, and the side list says who is Charmed, and by whom."""
    from test_rules_duel import charm_scene
    sc, (a,), (b,) = charm_scene()
    sc.combat_pile(0, "wow")
    sc.do(A.Challenge(1, (0, 0)), A.CharmAttack(a, b))
    orders = [x for x in sc.legal() if isinstance(x, A.Order)]
    assert orders and sc.st.duel.stage == "order"
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    t.inspect = a
    said, hits = painted(monkeypatch, t, lambda p, surf: (
        panels.inspector(p, surf, t.inspect, t.name), duel_panel(t)(p, surf)))
    acts = [k[1] for _, k in hits if k[0] == "act"]
    assert len(acts) == len(orders) and set(acts) == set(orders)
    assert panels.combat_rect(t).collidelistall([r for r, k in hits if k[0] == "act"])
    assert not [w for w, k in t.bar_buttons() if k[0] == "act"]
    assert f"charmed by {t.name(a)}" in said, said[5:]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_inspector_s_heading_is_whole_or_short_never_cut_bare(make_app, monkeypatch, size):
    """"Selected: Sergeant Daigo Hatakeyam": the heading was cut at the panel's edge with
    no mark. Now the whole name where it fits, else the short one ("Daigo"), and only
    then a cut that ends in an ellipsis."""
    sc, mine, foes = titled_duel()
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    for unit in mine + foes:
        t.inspect = unit
        said, _ = painted(monkeypatch, t, lambda p, surf: panels.inspector(
            p, surf, t.inspect, t.name))
        monkeypatch.undo()
        (head,) = [w for w in said if w.startswith("Looking at: ")]
        width = ink.font(t.px(15), True).size(head)[0]
        assert width <= t.lay.inspector.w - t.px(16), head
        short = panels.short_names(t.painter([]), [unit], t.name)[unit]
        assert head in (f"Looking at: {t.name(unit)}", f"Looking at: {short}"), head


GEARED = TITLED + """\
- {id: walker, name: Battle Walker, type: equipment, categories: [Vehicle],
   abilities: {defense: 6}, bonuses: {attack: "+3", defense: "+2"}}
- {id: armor, name: Battle Armor, type: equipment, bonuses: {defense: "+2"}}
- {id: blade, name: Battle Blade, type: equipment, bonuses: {attack: "+1"}}
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 5, defense: 3, movement: 1, charm: 0}}
"""


def geared(n: int):
    """`n` Characters, each carrying three pieces of Equipment, fight the Brute."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(GEARED, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = [sc.char(c, (0, 0), equipment=["walker", "armor", "blade"])
             for c in ("pawlina", "daigo", "valen", "mika")[:n]]
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Fight(brute))
    return sc, chars


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_piece_of_equipment_can_be_readied_from_the_panel(make_app, monkeypatch, size, n):
    """With three Characters a row's "Ready …" button wrapped below the row and was
    dropped unseen: a newcomer fought without the Vehicle's bonus. Now every choice is
    a button in its row or behind the row's "More…", which shows the Character in the
    inspector with all of them; and "Ready Walker", not "Ready Battle" (three pieces
    begin with "Battle")."""
    from test_ui_table import click
    sc, chars = geared(n)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    ready = {a for a in sc.legal() if isinstance(a, A.UseEquipment)}
    assert len(ready) == 3 * n
    said, hits = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, [], t.name, t.plan))
    monkeypatch.undo()
    shown = {k[1] for _, k in hits if k[0] == "act"} & ready
    more = [k[1] for _, k in hits if k[0] == "more"]
    assert {a.char for a in ready - shown} <= set(more)
    assert {w for w in said if w.startswith("Ready ")} <= {
        "Ready Walker", "Ready Armor", "Ready Blade"}, said
    panel = panels.combat_rect(t)
    assert all(panel.contains(r) for r, k in hits if k[0] in ("act", "more", "plan"))
    for char in more:
        click(t.app, next(r for r, k in t.hits if k == ("more", char)).center)
        assert t.inspect == char
        offered = {k[1] for _, k in t.hits if k[0] == "act"}
        assert {a for a in ready if a.char == char} <= offered


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("theirs", [("daigo", "mika", "akiko", "sayo", "valen"),
                                    ("daigo", "mika", "akiko", "sayo", "valen", "pawlina")])
def test_a_crowded_duel_tells_every_button_s_target(make_app, monkeypatch, size, theirs):
    """Combat between players with five or six defenders: every button was cut to
    "Attac…", "Protec…", "Stay o…", four alike in a row, whom each protects unknown.
    Now nothing is cut and each target has a column under its token and its short name,
    "Attack" over the opponents and "Protect" over the friends; each button is in its
    target's column and carries its token."""
    sc, mine, foes = titled_duel(theirs=theirs)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    tokens: list = []
    said, hits = painted(monkeypatch, t, lambda p, surf: (
        monkeypatch.setattr(p, "token", lambda cid, n, real=p.token: tokens.append(cid) or
                            real(cid, n)), duel_panel(t)(p, surf)))
    plans = [(r, k) for r, k in hits if k[0] == "plan"]
    assert len(plans) == len(mine) * (len(foes) + len(mine))
    assert not [w for w in said if w.endswith("…") and not any(
        t.name(c).startswith(w[:-1]) for c in mine + foes)], said  # the side list may cut
    heads = {k[1]: r for r, k in hits if k[0] == "unit" and r.y > hits[0][0].y}
    short = panels.short_names(t.painter([]), foes, t.name) | panels.short_names(
        t.painter([]), mine, t.name)  # each side's: the column tells the owner
    for r, (_, char, (role, whom)) in plans:
        if role == "none":
            continue
        assert (whom in foes) == (role == "attack")
        column = [c for c, h in heads.items() if h.left >= r.left and h.right <= r.right]
        assert column[-1:] == [whom], (char, role, whom)
    assert {"Attack", "Protect"} <= set(said)
    assert {short[c] for c in mine + foes} <= set(said)  # whole, over each column
    for c in mine + foes:  # a token for each target's column and for each of its buttons
        assert tokens.count(t.board.card_id(c)) >= 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_zoom_never_covers_the_panel_s_buttons(make_app, monkeypatch, size):
    """Hovering a row's "More…" opened the Character's card large, with its rules box,
    over the panel's buttons (sixth newcomer audit). A button shows no card; a token
    in the panel does, clear of every button on the table."""
    from test_ui_table import mouse
    from game.ui.table import popups
    from game.ui.table.frame import CONTROLS
    sc, chars = geared(3)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    shown = []
    real = popups.zoom
    monkeypatch.setattr(popups, "zoom", lambda *a, **k: shown.append(out := real(*a, **k)) or out)

    def rest(pos) -> None:
        t.app.step([mouse(pygame.MOUSEMOTION, pos, 0)], 0.016)
        for _ in range(6):
            t.app.step([], 0.1)
    more = [r for r, k in t.hits if k[0] == "more"]
    assert more
    for r in more:
        rest(r.center)
    assert not shown
    panel = panels.combat_rect(t)
    controls = [r for r, k in t.hits if k[0] in CONTROLS]
    for char in chars:
        rest(next(r for r, k in t.hits if k == ("unit", char) and panel.contains(r)).center)
        assert shown and shown[-1][1].collidelist(controls) == -1, (shown[-1][1], controls)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_six_a_side_stay_inside_the_duel_panel(make_app, size):
    """Six Characters a side: the list of both sides ran out of the panel, under the
    hand (its rows were never lower than 18 px). Now everything drawn is inside it."""
    from scene import Scene
    from game.engine.options import Options
    from test_ui_combat_forecast import Recorder
    six = ("valen", "pawlina", "akiko", "daigo", "mika", "sayo")
    sc = Scene(TITLED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    for seat in (0, 1):
        for c in six:
            sc.char(c, (0, 0), seat=seat)
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    surf = Recorder(t.size)
    p = t.painter([])
    duel_panel(t)(p, surf)
    panel = panels.duel_rect(t)  # (a line taller than the combat panel: the forecast)
    assert len([k for _, k in p.hits if k[0] == "plan"]) == 6 * 12
    assert not [r for _, r in surf.drawn if not panel.contains(r)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_duel_panel_dims_those_a_vehicle_keeps_out(make_app, monkeypatch, size):
    """Combat between players: those an ally's Vehicle keeps out ("other Characters in
    the group cannot engage in Combat until the Vehicle stops", Rules for Equipment)
    were offered Attack and Protect, refused only at Fight!. Now the panel, from the
    view, says why in their row and they stay out with no click: Fight! waits only
    for Valen, the rider."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(GEARED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0), equipment=["walker"] if c == "valen" else ())
            for c in ("valen", "pawlina", "akiko")]
    foes = [sc.char(c, (0, 0), seat=1) for c in ("daigo", "mika")]
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    walker, = sc.unit(mine[0]).equipment
    sc.do(A.UseEquipment(walker, mine[0]), A.Challenge(1, (0, 0)))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    said, hits = painted(monkeypatch, t, duel_panel(t))
    plans = {k[1:] for _, k in hits if k[0] == "plan"}
    for char in mine[1:]:
        assert not {choice for c, choice in plans if c == char}
    assert {("attack", f) for f in foes} <= {choice for c, choice in plans if c == mine[0]}
    assert len([w for w in said if w == "kept out by your Walker"]) == 2, said  # not "to declare"
    assert not [w for w in said if w.endswith("…")], said
    short = panels.short_names(t.painter([]), [mine[0]], t.name)[mine[0]]
    assert ("fight",) not in [k for _, k in hits] and f"Choose for {short} first" in said
    t.plan[mine[0]] = ("attack", foes[0])
    monkeypatch.undo()
    said, hits = painted(monkeypatch, t, duel_panel(t))
    assert ("fight",) in [k for _, k in hits] and not [w for w in said if "left to" in w]
    monkeypatch.undo()
    # A Charmed order not to attack (R34): her Attack dim, Protect and Stay out not.
    from game.engine.state import Lasting
    sc.st.add_lasting(Lasting(foes[0], mine[0], 0, flags=("no_attack",), until="combat"))
    t.refresh()
    monkeypatch.undo()
    said, hits = painted(monkeypatch, t, duel_panel(t))
    plans = {k[1:] for _, k in hits if k[0] == "plan"}
    assert not {c for c in plans if c[0] == mine[0] and c[1][0] == "attack"}
    assert (mine[0], ("none", -1)) in plans and any(w.endswith("ordered not to attack")
                                                    for w in said), said


@pytest.mark.parametrize("duel", [False, True])
def test_run_away_is_at_the_panel_s_foot_alone(make_app, monkeypatch, duel):
    """Run Away sat at the combat panel's foot and again in the bar above it: one
    choice, two buttons a newcomer weighs as two. Now the panel's alone."""
    from test_ui_combat_forecast import fight
    sc = titled_duel()[0] if duel else fight(2)[0]
    assert A.RunAway() in sc.legal()
    s = scene_session(sc, ["human", "ai:random"] if duel else ["human"])
    t = table(scene_app(make_app, sc), s)
    draw = duel_panel(t) if duel else (lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, t.plan))
    _, hits = painted(monkeypatch, t, draw)
    assert ("act", A.RunAway()) in [k for _, k in hits]
    assert ("act", A.RunAway()) not in [k for _, k in t.bar_buttons()]


def test_a_plan_waits_while_an_ai_seat_declares_with_two_people_at_the_screen(make_app,
                                                                             monkeypatch):
    """Combat between players with two people at the screen: Kaede to protect Daigo,
    Daigo to attack Dozer, Fight!; only Kaede's choice was sent, and the panel came
    back with "Choose for Daigo first". While the AI seat declared, the table showed
    nobody's view (ALL_SEE) and dropped the plan as not the viewer's. Now the plan is
    the person's at the screen and waits for their turn; and the sides' column says
    what was chosen ("will protect …"), not "to declare" for both."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(TITLED, seats=3, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("valen", "pawlina")]
    foes = [sc.char(c, (0, 0), seat=1) for c in ("daigo", "mika")]
    for seat in range(3):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    s = scene_session(sc, ["human", "ai:easy", "human"])
    s.take_seat()
    app = scene_app(make_app, sc)
    t = table(app, s)
    plan = {mine[0]: ("protect", mine[1]), mine[1]: ("attack", foes[1])}
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for char, choice in plan.items():
        test_ui_table.click(app, slots["plan", char, choice].center)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    short = panels.short_names(t.painter([]), mine + foes, t.name)
    assert f"will protect {short[mine[1]]}" in said and f"will attack {short[foes[1]]}" in said
    assert "to declare" not in said[:said.index("Player 2 defends")], said
    monkeypatch.undo()
    before = len(s.record.actions)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(300):
        if not t.fighting:
            break
        app.step([], 0.05)
    sent = [a for a in s.record.actions[before:] if isinstance(a, A.Engage) and a.char in mine]
    assert sent == [A.Engage(ch, *plan[ch]) for ch in mine], t.message


def test_one_whose_only_declaration_is_stay_out_needs_no_click(make_app, monkeypatch):
    """A Charmed Character ordered not to attack, with nobody to protect, can only Stay
    out; Fight! stayed grey with "Choose for Valen first" (the panel knew only those
    the view bars from both roles). Now whatever the reason, the legal declarations
    say so: Stay out lit, Fight! lit, and Fight! sends it."""
    from scene import Scene
    from game.engine.options import Options
    from game.engine.state import Lasting
    sc = Scene(TITLED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0))
    daigo = sc.char("daigo", (0, 0), seat=1)
    sc.combat_pile(0, *["blank"] * 6)
    sc.combat_pile(1, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    sc.st.add_lasting(Lasting(daigo, valen, 0, flags=("no_attack",), until="combat"))
    s = scene_session(sc, ["human", "ai:easy"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    assert [a for a in t.board.legal if isinstance(a, A.Engage)] == [A.Engage(valen, "none")]
    said, hits = painted(monkeypatch, t, duel_panel(t))
    assert ("fight",) in [k for _, k in hits] and not [w for w in said if "Choose" in w]
    assert "ordered not to attack" in said and "to declare, ordered not to attack" not in said
    monkeypatch.undo()
    before = len(s.record.actions)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    assert s.record.actions[before:before + 1] == [A.Engage(valen, "none")]


def test_a_disaster_fight_s_only_stay_out_needs_no_click(make_app, monkeypatch):
    """Combat with a Disaster: one Charmed by it (it may not attack the Disaster until
    attacked; here the Disaster attacks nobody this round, R47) alone in its group, so
    nobody to protect: only Stay out is legal. Its Stay out is lit, its Attack and
    Protect dim, and Fight! is lit and sends it."""
    from test_ui_combat_forecast import combat_panel, fight
    sc, chars, _ = fight(1)
    (char,) = chars.values()
    sc.st.combat.charmed[char] = 1
    sc.st.combat.target = -1
    assert [a for a in sc.legal() if isinstance(a, A.Declare)] == [A.Declare(char, "none")]
    s = scene_session(sc, ["human"])
    app = scene_app(make_app, sc)
    t = table(app, s)
    said, hits = painted(monkeypatch, t, combat_panel(t))
    keys = [k for _, k in hits]
    assert ("fight",) in keys and not [k for k in keys if k[0] == "plan"], keys
    assert not [w for w in said if "Choose" in w] and "Attack" in said and "Protect" in said
    monkeypatch.undo()
    before = len(s.record.actions)
    test_ui_table.click(app, next(r for r, k in t.hits if k == ("fight",)).center)
    assert s.record.actions[before:before + 1] == [A.Declare(char, "none")]


@pytest.mark.parametrize("duel", [False, True])
def test_running_away_says_to_click_a_cell_in_either_combat(make_app, duel):
    """Running Away from Combat between players, the bar said "choose with a button in
    the panel", with no panel shown, only glowing cells; the Disaster fight's said to
    click one. Now both do."""
    from test_ui_combat_forecast import fight
    sc = titled_duel()[0] if duel else fight(2)[0]
    sc.do(A.RunAway())
    while duel and not any(isinstance(a, A.RunTo) for a in sc.legal()):  # the final attack
        sc.do(next(a for a in sc.legal() if isinstance(a, A.Engage) and a.role == "none"))
    assert sc.legal() and all(isinstance(a, A.RunTo) for a in sc.legal())
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:random"] if duel
                                                        else ["human"]))
    assert t.hint() == "Running Away: click a glowing cell to run to."


def test_while_an_ai_seat_declares_the_fighters_are_not_told_two_others_fight(make_app,
                                                                               monkeypatch):
    """With two people at the screen the table shows nobody's view while an AI seat
    declares; the duel panel then said "Two other players fight." to the player whose
    fight it is. Now it says whom the table waits for."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(TITLED, seats=3, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    valen = sc.char("valen", (0, 0))
    sc.char("daigo", (0, 0), seat=1)
    for seat in range(3):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)), A.Engage(valen, "none"))
    s = scene_session(sc, ["human", "ai:easy", "human"])
    s.viewer, s.seated = 0, True
    app = scene_app(make_app, sc)
    app.play(s)  # not stepped: the AI seat has not decided yet
    t = app.top
    assert t.board.view.seat == -1 and t.board.view.duel.to_act == 1
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert "Two other players fight." not in said and "Waiting for Player 2…" in said, said


def test_a_charm_contest_s_log_line_names_the_combat_cards_behind_its_totals():
    """A newcomer's Character, Charm 3 on her card, was logged "Charm: Kaede Ironside 0
    vs Gurugu the Kappa 2" with nothing to say why: each total counts the Combat card
    drawn for it and the other's card's effects on it (Charm Combat), and the line
    named neither. Now it names each side's card: Valen's 3 is 0 with Sweaty Knuckles
    (-1 to himself) against Daigo's Flustered (-2 to the other side)."""
    from scene import Scene
    from game.engine.options import Options
    from game.ui.table.words import event_text
    sc = Scene(TITLED + """\
- {id: knuckles, name: Sweaty Knuckles, type: combat, physical: {},
   charm: {own: {charm: "-1"}}}
- {id: fluster, name: Flustered, type: combat, physical: {}, charm: {opponent: {charm: "-2"}}}
""", seats=2, options=Options(charm_combat=True))
    sc.location((0, 0))
    valen = sc.char("valen", (0, 0))
    daigo = sc.char("daigo", (0, 0), seat=1)
    sc.combat_pile(0, "knuckles", *["blank"] * 4)
    sc.combat_pile(1, "fluster", *["blank"] * 4)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    ev = sc.do(A.CharmAttack(valen, daigo))
    contest = next(e for e in ev if isinstance(e, E.CharmContest))
    names = {valen: "Valen", daigo: "Daigo"} | dict(zip(contest.cards, ("Sweaty Knuckles",
                                                                         "Flustered")))
    line, _ = event_text(contest, lambda c: names.get(c, str(c)), "P{}".format)
    assert line == "Charm: Valen 0 with Sweaty Knuckles vs Daigo 2 with Flustered: " \
        "Valen is Charmed instead.", line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_many_charm_attacks_read_whole_in_rows_by_character(make_app, monkeypatch, size):
    """Charm Combat between players, four against four: sixteen "X charms Y" buttons
    and Go on did not fit whole ("Kaede charms Pawl…", the verifying audit). Where they
    would be cut, a row for each of the viewer's Characters names it, then its targets
    alone; every choice keeps a button, none cut, none over another."""
    sc, mine, foes = titled_duel(charm=True, theirs=("daigo", "mika", "kinako", "marlowe"),
                                 mine=("valen", "pawlina", "akiko", "sayo"))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    said, hits = painted(monkeypatch, t, duel_panel(t))
    acts = [k[1] for _, k in hits if k[0] == "act"]
    assert sorted(map(str, acts)) == sorted(map(str, s.legal()))
    assert not [w for w in said if w.endswith("…")], said
    rects = [r for r, k in hits if k[0] == "act"]
    assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1:])


def _one_name_each(said: list[str], t, chars) -> dict[int, set[str]]:
    """How the panel's words name each Character: by its whole card name, its short
    name (panels.short_names, as its token on the Field), or both."""
    import re
    text = " ".join(said)  # a name a line broke is whole again
    short = panels.short_names(t.painter([]), list(chars), t.name)
    used = {}
    for c in chars:
        whole = t.board.card(c).name
        rest = text.replace(whole, "")
        used[c] = {way for way, said in (("whole", rest != text), ("short", re.search(
            rf"\b{re.escape(short[c])}\b", rest))) if said}
    return used


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [2, 4])
def test_the_combat_panel_names_each_character_one_way(make_app, monkeypatch, size, n):
    """Commander Reiji Valen's row read "Commander Reiji Valen attacks" where it fitted
    and Pawlina's "Pawlina attacks" where hers did not; the words beside said "General
    Obsidian Hex attacks Kinako Purrsworth." and the forecast under them "it attacks
    Kinako". Every Character is named one way in the whole panel now: its short name,
    as its token on the Field says it (and as the forecast must, for room)."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(SEER, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = [sc.char(c, (0, 0)) for c in ("pawlina", "valen", "daigo", "kinako")[:n]]
    hex_ = sc.disaster("hex", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(hex_))
    s = scene_session(sc, ["human"])
    t = table(scene_app(make_app, sc, size), s)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars:
        test_ui_table.click(t.app, slots["plan", c, "attack"].center)
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, t.plan, t.swing))
    target = t.board.view.combat.target
    assert any(w.startswith("Your attack") for w in said)  # the forecast is there
    used = _one_name_each(said, t, chars)
    assert used[target] and all(len(ways) <= 1 for ways in used.values()), (used, said)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("theirs", [("daigo",), ("daigo", "mika", "sayo")])
def test_the_duel_panel_names_each_character_one_way(make_app, monkeypatch, size, theirs):
    """Between players: "Sayo Tsukimura (P2)" in the sides' column, where her whole name
    fitted, "Attack Sayo" on the buttons beside it; "will attack Sergeant Mika Oda
    (P2)" under Pawlina, "will protect Pawlina" under Reiji. One name each now."""
    sc, mine, foes = titled_duel(theirs=theirs)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    slots = {k[1:]: r for r, k in t.hits if k[0] == "plan"}
    test_ui_table.click(t.app, slots[mine[0], ("attack", foes[-1])].center)
    test_ui_table.click(t.app, slots[mine[1], ("protect", mine[0])].center)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    used = _one_name_each(said, t, mine + foes)
    assert all(used.values()) and all(len(ways) == 1 for ways in used.values()), (used, said)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_combat_panel_names_its_disaster_as_its_token_does(make_app, monkeypatch, size):
    """"Combat · round 1 · Player 1 against General Obsidian Hex" over "General Obsidian
    Hex attacks Pawlina.", while its token on the Field and the panel's buttons called
    it "Hex". The Disaster is named one way in the whole panel now: as its token."""
    from scene import Scene
    from game.engine.options import Options
    sc = Scene(SEER, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = [sc.char(c, (0, 0)) for c in ("pawlina", "valen")]
    hex_ = sc.disaster("hex", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(hex_))
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human"]))
    said, _ = painted(monkeypatch, t, lambda p, surf: panels.combat(
        p, surf, t.board.view.combat, t.notes, t.name, t.plan, t.swing))
    token = t.app.faces.token_name(t.board.card_id(hex_))
    assert token == "Hex" and chars
    text = " ".join(said)
    assert "Obsidian" not in text, said
    assert any(w.endswith(f"against {token}") for w in said), said
    assert f"{token} attacks" in text, said


def test_the_duel_panel_s_foot_says_one_thing_while_another_declares(make_app, monkeypatch):
    """Against an AI that declares first: "Choose for Daigo and Mika first" was drawn
    over "Waiting for Player 1 to declare…" at the panel's foot. One line now: what is
    left to choose while there is some, then whom the table waits for."""
    sc, mine, foes = titled_duel()
    s = scene_session(sc, ["ai:easy", "human"])
    s.poll = lambda: None  # the AI thinks: the moment is held
    t = table(scene_app(make_app, sc), s)
    assert t.board.view.seat == 1 and t.board.view.duel.to_act == 0
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert [w for w in said if w.startswith("Choose for")], said
    assert not [w for w in said if w.startswith("Waiting for")], said
    for f in foes:
        t.plan[f] = ("attack", mine[0])
    monkeypatch.undo()
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert "Waiting for Player 1 to declare…" in said
    assert not [w for w in said if w.startswith("Choose for")], said


def test_enter_names_whom_it_waits_for_as_the_duel_panel_does(make_app):
    """"Choose for Commander Reiji Valen, Princess Pawlina of Felis Prime and Akiko
    Sakuragawa first, then Fight!", under a panel that calls them Reiji, Pawlina and
    Akiko. The message uses the panel's names."""
    sc, mine, foes = titled_duel()
    t = table(scene_app(make_app, sc), scene_session(sc, ["human", "ai:easy"]))
    test_ui_table.key(t.app, pygame.K_RETURN)
    short = panels.short_names(t.painter([]), mine + foes, t.name)
    from game.ui.table.words import every
    assert t.message[0] == f"Choose for {every([short[c] for c in mine])} first, then Fight!"
    assert "Commander" not in t.message[0]


def test_a_dim_duel_choice_says_why_when_pointed_at_or_clicked_r35(make_app):
    """The duel panel's grey buttons said nothing (the Disaster Combat panel's say why).
    Here three Characters have declared Attack on the Tank, the most on one Character,
    and the Haven next door is left: its Attack is dim and says so, and a Character's
    choices not made say it has declared."""
    from test_rules_duel import duel_scene as rules_duel, fort
    sc, mine, (b,) = rules_duel(("hero",) * 3, ("tank",))
    h = fort(sc, (1, 1), 0)
    sc.combat_pile(0, "blank", "blank", "blank")
    sc.do(A.Challenge(1, (0, 0)), A.Engage(mine[0], "attack", b), A.Engage(b, "none"),
          A.Engage(mine[1], "attack", b), A.Engage(mine[2], "attack", b))
    app = scene_app(make_app, sc)
    t = table(app, scene_session(sc, ["human", "ai:random"]))
    names = panels.short_names(t.painter([]), mine + [b], t.name)
    for key, says in (
            (("why", h, ("attack", b)), f"cannot attack {names[b]}: at most 3 attack one"),
            (("why", mine[0], ("none", -1)), f"{names[mine[0]]} has declared this round: "
                                             f"it attacks {names[b]}.")):
        rect = next(r for r, k in t.hits if k == key)
        app.step([test_ui_table.mouse(pygame.MOUSEMOTION, rect.center, 0)], 0.016)
        assert says in t.hint(), t.hint()
        test_ui_table.click(app, rect.center)
        assert says in t.message[0], t.message


def test_the_plan_takes_no_more_attackers_on_one_character_than_the_rules_r33(make_app):
    """Combat Between Players: "Up to 3 Characters can team their attacks against the
    same target." A person planned three Characters and their Haven next door all on the
    Tank: the panel took the fourth, the forecast counted it, and Fight! sent it as
    "stays out" without a word. The plan now counts itself: with three planned, the
    fourth's Attack on the Tank is dim and says why; the first three may still change."""
    from test_rules_duel import duel_scene as rules_duel, fort
    sc, mine, (b,) = rules_duel(("hero",) * 3, ("tank",))
    h = fort(sc, (1, 1), 0)
    sc.combat_pile(0, "blank", "blank", "blank")
    sc.do(A.Challenge(1, (0, 0)))
    app = scene_app(make_app, sc)
    t = table(app, scene_session(sc, ["human", "ai:random"]))
    for c in mine:
        t.plan[c] = ("attack", b)
    app.step([], 0.016)
    keys = {k for _, k in t.hits}
    assert ("plan", h, ("attack", b)) not in keys and ("why", h, ("attack", b)) in keys
    assert ("plan", h, ("none", -1)) in keys and ("plan", mine[2], ("none", -1)) in keys
    names = panels.short_names(t.painter([]), mine + [b], t.name)
    why = panels.why_dim(t.painter([]), ("why", h, ("attack", b)), t.plan, t.name)
    assert f"cannot attack {names[b]}: at most 3 attack one Character, and " in why, why
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("charm", [False, True])
def test_a_name_both_sides_share_keeps_its_owner_s_mark(make_app, monkeypatch, size, charm):
    """Mirror decks: both sides' Foxglove in the duel panel's column read "Foxglove (…"
    beside "Charm 5 on its card", the mark that tells them apart cut (the Charm
    buttons too). A name is cut before its mark, never the mark."""
    lady = """\
- {id: lady, name: Lady Moonflower Nightingale, type: character, gender: female,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 5, energy: 2}}
"""
    sc, mine, foes = titled_duel(charm=charm, mine=("lady", "kinako", "marlowe"),
                                 theirs=("lady", "kinako", "marlowe"), cards=lady)
    t = table(scene_app(make_app, sc, size), scene_session(sc, ["human", "ai:random"]))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    short = panels.short_names(t.painter([]), mine + foes, t.name)
    marked = [short[f] for f in foes]
    assert all(w.endswith(" (P2)") for w in marked), short  # the viewer's own: unmarked
    given = tuple(w[:-len(" (P2)")] for w in marked)
    named = [w for w in said if w.startswith(given) and " (" in w or w.endswith("(P2)")]
    assert named and all(w.endswith("(P2)") for w in named), named
    assert not [w for w in said if w.startswith(given) and w.endswith("…")], said  # buttons


def test_damage_a_card_deals_that_equipment_took_is_not_shown_as_lost(make_app):
    """Rules for Equipment: a piece in use with its own Defense takes the Damage first.
    The Drone's last blast of 1 on Valen, his Riot Shield in use taking it, left his
    Health as it was; the ended panel counted the blast's 1 against him all the same
    (a review's finding): the row shows the Health the event says is left."""
    from game.engine import events as E
    sc, t, valen = _drone_fought(make_app, 0, ("shield",))
    blast = next(n for n in t.notes if isinstance(n, E.Damaged) and n.unit == valen)
    assert blast.health_after == sc.game.card(valen).base_health  # the Shield took it
    assert t.fight is not None and t.panel_board().units[valen].damage == 0
