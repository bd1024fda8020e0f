"""Combat with a Disaster: the panel showed the Disaster's stats but none of the
player's own Characters' numbers, so a newcomer had to open each Character to decide
whether to attack. Now each Character's Attack, Defense and Health left sit beside its
name, and a line over the foot says what the round as planned does to the Disaster."""
from __future__ import annotations

import re

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.abilities import total
from game.engine.options import Options
from game.engine.physical import planned_strike
from game.engine.state import MOVE
from game.ui.table import forecast, ink, panels
from game.ui.table.words import run_text

import test_ui_table
from test_ui_combat_panel import TITLED, duel_panel, painted
from test_ui_table import click, scene_app, scene_session, table

make_app = test_ui_table.make_app  # the fixture: a window at a size, settings apart

CARDS = TITLED + """\
- {id: sword, name: Monomolecular Sword, type: item, bonuses: {attack: "+2"}}
- {id: salaryman, name: Colossal Salaryman of the Endless Overtime, type: disaster,
   class: major, abilities: {attack: 5, defense: 3, movement: 1, charm: 0}}
- {id: clerk, name: Overtime Clerk, type: disaster, class: minor,
   abilities: {attack: 5, defense: 3, movement: 1, charm: 0}}
"""
GROUP = ("pawlina", "daigo", "valen", "mika")  # long names, titles first


def fight(n: int = 4, disaster: str = "salaryman"):
    """The first `n` of GROUP fight the Salaryman, a Major Disaster (Defense 3, Health
    3), or another; Daigo carries the Sword (+2 Attack, Rules for Items) and Pawlina has
    taken 1 Damage."""
    from scene import Scene
    sc = Scene(CARDS, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0), items=["sword"] if c == "daigo" else ())
             for c in GROUP[:n]}
    salaryman = sc.disaster(disaster, (0, 0))
    sc.combat_pile(0, *["blank"] * 12)  # no Combat card changes a total here
    sc.turn(MOVE)
    sc.do(A.Fight(salaryman))
    sc.unit(chars["pawlina"]).damage = 1
    return sc, chars, salaryman


def opened(make_app, sc, size=(1280, 720)):
    s = scene_session(sc, ["human"])
    return s, table(scene_app(make_app, sc, size), s)


def combat_panel(t):
    return lambda p, surf: panels.combat(p, surf, t.board.view.combat, t.notes, t.name, t.plan,
                                         t.swing)


def forecast_line(said: list[str]) -> str:
    """The forecast as the panel wrote it (its words, then what they hang on)."""
    k = next(k for k, w in enumerate(said) if w.startswith(("Your attack", "Nobody attacks")))
    return said[k] + (said[k + 1] if k + 1 < len(said) and said[k + 1].startswith(" · ") else "")


def fight_until(t, s, seen: int, wanted):
    """Fight! pressed, the window stepped on until the log has an event `wanted` says
    yes to after its first `seen` events: that event."""
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(200):
        if any(wanted(e) for e in s.log[seen:]):
            break
        t.app.step([], 0.05)
    return next(e for e in s.log[seen:] if wanted(e))


def fight_until_hit(t, s, seen: int, target: int):
    """fight_until the hit on `target`."""
    return fight_until(t, s, seen, lambda e: isinstance(e, E.CombatHit) and e.target == target)


def test_each_character_s_totals_are_the_engine_s(make_app, monkeypatch):
    """Beside each name: its Attack and Defense totals and Health left (of its base), as
    the engine counts them: Daigo's Sword adds 2 to his Attack, Pawlina's Damage leaves
    her 3 of 4."""
    sc, chars, _ = fight()
    s, t = opened(make_app, sc)
    shown: dict[tuple, tuple] = {}
    real = forecast._strip
    monkeypatch.setattr(forecast, "_strip", lambda *a: shown.setdefault(a[:4], a) and real(*a))
    painted(monkeypatch, t, combat_panel(t))
    expected = set()
    for c in chars.values():
        u = sc.unit(c)
        base = sc.game.card(c).base_health
        expected.add((total(sc.st, u, "attack"), total(sc.st, u, "defense"), base - u.damage,
                      base))
    assert set(shown) == expected
    assert (2 + 2, 2, 2, 2) in expected and (4, 4, 3, 4) in expected  # the Sword; the Damage


def test_the_forecast_changes_when_a_character_is_set_to_attack(make_app, monkeypatch):
    """Everyone staying out, the line says nobody attacks; Daigo set to Attack, it says
    his 4 Attack against the Salaryman's Defense 3 does 1 Damage of its 3 Health; with
    Commander Valen too, 8 Attack Defeats it."""
    sc, chars, _ = fight()
    s, t = opened(make_app, sc)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars.values():
        click(t.app, slots["plan", c, "none"].center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert forecast_line(said).startswith("Nobody attacks it this round")
    for who, words in (("daigo", r"Your attack of 4 beats (its )?Defense 3(, so it takes |: )1 "
                                 "Damage of its 3 Health"),
                       ("valen", r"Your attack of 8 beats (its )?Defense 3(, so it takes |: )5 "
                                 "Damage (and is Defeated|Defeats it)")):
        monkeypatch.undo()
        click(t.app, slots["plan", chars[who], "attack"].center)
        said, _ = painted(monkeypatch, t, combat_panel(t))
        assert re.match(words, forecast_line(said)), said
        assert forecast_line(said).endswith(" · before Combat cards")


@pytest.mark.parametrize("attack", [("daigo",), ("pawlina",), ("daigo", "valen"),
                                    ("pawlina", "daigo", "valen", "mika")])
def test_the_forecast_is_what_the_round_then_does(make_app, monkeypatch, attack):
    """The forecast's numbers, read off the panel, are the hit the engine then makes on
    the Salaryman when Fight! sends the plan: Attack, Defense, Damage, and whether it is
    Defeated."""
    sc, chars, salaryman = fight()
    s, t = opened(make_app, sc)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for name, c in chars.items():
        click(t.app, slots["plan", c, "attack" if name in attack else "none"].center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    line = forecast_line(said)
    seen = len(s.log)
    hit = fight_until_hit(t, s, seen, salaryman)
    assert re.match(f"Your attack of {hit.attack} beats (its )?Defense {hit.defense}(, so it "
                    f"takes |: ){hit.damage} Damage", line), (line, hit)
    assert (" Defeat" in line) == (hit.result == "defeated"), (line, hit)


class Recorder(pygame.Surface):
    """A surface that remembers where each surface was drawn on it."""

    def __init__(self, size):
        super().__init__(size)
        self.drawn: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.drawn.append((source, rect))
        return rect


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_numbers_fit_clear_of_the_buttons_and_the_foot(make_app, monkeypatch, size, n):
    """At both window sizes, with one to four Characters all set to Attack (the longest
    forecast): every Character's numbers and the forecast's two lines are drawn inside the panel,
    over no button and under no name; a name that does not fit beside them is cut with
    an ellipsis or given short, never overlaid."""
    sc, chars, _ = fight(n)
    s, t = opened(make_app, sc, size)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for c in chars.values():
        click(t.app, slots["plan", c, "attack"].center)
    strips, texts = [], {}
    real_stats, real_label = forecast.stats, ink.label
    monkeypatch.setattr(forecast, "stats", lambda *a: strips.append(real_stats(*a)) or strips[-1])
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: texts.setdefault(
        id(out := real_label(words, *a, **k)), (words, out))[1])
    p = t.painter([])
    surf = Recorder(t.size)
    combat_panel(t)(p, surf)
    panel = panels.combat_rect(t)
    buttons = [r for r, k in p.hits if k[0] in ("plan", "act", "fight")]
    drawn = {id(src): rect for src, rect in surf.drawn}
    numbers = [drawn[id(x)] for x in strips]
    line = [drawn[i] for i, (w, _) in texts.items() if i in drawn
            and w.startswith(("Your attack", " · before", "Nobody", "At the same time",
                              "It attacks", "Its "))]
    assert len(numbers) == n and len(line) >= 3  # the group's attack, then the Disaster's
    for rect in numbers + line:
        assert panel.contains(rect) and rect.collidelist(buttons) == -1, (rect, buttons)
    assert max(r.bottom for r in line) <= min(r.top for r, k in p.hits if k == ("fight",))
    group = list(chars.values())
    called = tuple(t.name(c) for c in group) + tuple(panels.short_names(p, group, t.name).values())
    rows = [(w, drawn[i]) for i, (w, _) in texts.items() if i in drawn and w.startswith(called)]
    assert len(rows) >= n
    for words, rect in rows:
        assert rect.collidelist(numbers) == -1, (words, rect)


@pytest.mark.parametrize("disaster, most", [("salaryman", 4), ("clerk", 3)])
def test_a_plan_stays_within_the_most_that_may_attack_or_protect(make_app, disaster, most):
    """Combat with Disasters: "up to 4 Characters can attack a Major Disaster, and up to
    3 Characters can attack a Minor Disaster"; "up to 2 Characters can protect the same
    Character". Once that many are planned, nobody else's Attack (or Protect) can be
    planned, so the forecast never counts an attack the rules refuse; taking one back
    offers it again. A plan past the most only stopped at Fight! before."""
    sc, chars, d = fight(4, disaster)
    s, t = opened(make_app, sc)
    group = sorted(chars.values())

    def slots():
        return {k[1:] for r, k in t.hits if k[0] == "plan"}

    def plan(c, role):
        click(t.app, next(r for r, k in t.hits if k == ("plan", c, role)).center)

    for c in group:
        plan(c, "none")
    for c in group[:most]:
        plan(c, "attack")
    assert all((c, "attack") in slots() for c in group[:most])
    if most < len(group):
        assert (group[-1], "attack") not in slots() and (group[-1], "none") in slots()
        plan(group[0], "attack")  # taken back
        assert (group[-1], "attack") in slots()
    target = t.board.view.combat.target
    guards = [c for c in group if c != target]
    for c in group:
        plan(c, "none")
    for c in guards[:2]:
        plan(c, "protect")
    assert (guards[2], "protect") not in slots() and (guards[2], "attack") in slots()


def test_a_new_round_shows_no_role_declared_in_the_last(make_app, monkeypatch):
    """Each round the group declares anew (Combat with Disasters: a round's attacks and
    protections are declared that round): in round 2, before anyone declares, no row
    still says "attacks" or "holds back" from round 1."""
    sc, chars, salaryman = fight()
    s, t = opened(make_app, sc)
    slots = {k: r for r, k in t.hits if k[0] == "plan"}
    for name, c in chars.items():
        click(t.app, slots["plan", c, "attack" if name == "daigo" else "none"].center)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(400):  # Daigo does 1 Damage of 3 (and is Bonked): a second round
        v = t.board.view.combat
        if v is not None and v.round == 2 and v.stage == "declare" and not t.fight_behind():
            break
        t.app.step([], 0.05)
    assert t.board.view.combat.round == 2
    said, _ = painted(monkeypatch, t, combat_panel(t))
    group = list(chars.values())
    called = tuple(t.name(c) for c in group) + tuple(
        panels.short_names(t.painter([]), group, t.name).values())
    rows = [w for w in said if w.startswith(called) and "unanswered" not in w  # not Run Away's
            and not w.endswith((".", " first"))]  # nor the words beside ("… attacks /
    # Pawlina.") nor Fight!'s note broken after a name ("Choose for Pawlina, / Reiji …")
    assert len(rows) == len(t.board.view.combat.to_declare) and not any(w.endswith(("attacks", "holds back", "protects")) for w in rows), rows


RIDE = CARDS + """\
- {id: walker, name: Battle Walker, type: equipment, categories: [Vehicle],
   abilities: {defense: 6}, bonuses: {attack: "+3", defense: "+2"}}
"""


def _riding(n: int = 3):
    """The first `n` of GROUP fight the Salaryman, Daigo in the Battle Walker: the
    others are kept out of the fight (Rules for Equipment)."""
    from scene import Scene
    sc = Scene(RIDE, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0), equipment=["walker"] if c == "daigo" else ())
             for c in GROUP[:n]}
    salaryman = sc.disaster("salaryman", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    walker, = sc.unit(chars["daigo"]).equipment
    sc.do(A.UseEquipment(walker, chars["daigo"]), A.Fight(salaryman))
    return sc, chars, salaryman


def test_roles_the_rules_refuse_are_not_offered_to_those_not_yet_due(make_app, monkeypatch):
    """Combat with a Disaster: the panel let a newcomer plan Attack for Characters who
    cannot attack: kept out by another's Vehicle ("other Characters in the group cannot
    engage in Combat until the Vehicle stops"), or Charmed ("cannot attack the Disaster
    until the Disaster attacks them"). Now those roles are dim, whoever declares first;
    those kept out stay out with no click (test_those_kept_out_stay_out_unasked)."""
    sc, chars, _ = _riding()
    s, t = opened(make_app, sc)
    first = t.board.view.combat.to_declare[0]
    slots = {k[1:] for _, k in t.hits if k[0] == "plan"}
    said, _ = painted(monkeypatch, t, combat_panel(t))
    monkeypatch.undo()
    assert len([w for w in said if w == "Kept out by your Walker"]) == len(chars) - 1, said
    for who, c in chars.items():
        want = {"attack", "none"} if who == "daigo" else set()
        if who == "daigo" and t.board.view.combat.target != c:
            want.add("protect")
        assert {r for x, r in slots if x == c} == want, (who, c == first)
    sc, chars, _ = fight(3)
    charmed = chars["valen"]
    sc.st.combat.charmed[charmed] = 1
    s, t = opened(make_app, sc)
    assert (charmed, "attack") not in {k[1:] for _, k in t.hits if k[0] == "plan"}
    assert (charmed, "none") in {k[1:] for _, k in t.hits if k[0] == "plan"}


def test_a_charmed_character_the_disaster_attacks_may_be_planned_to_attack_r47(make_app):
    """R47: a Charmed Character the Disaster attacks this round counter-attacks; one it
    does not attack still cannot. The panel plans for those after the first to declare
    by the same rule as the engine (it offered Charmed ones only Stay out), and the
    group's Attack counts the attacked one."""
    sc, chars, _ = fight(3)
    c = sc.st.combat
    later = c.to_declare[1:]
    target, other = later[0], later[1]
    c.target = target
    c.charmed[target] = c.charmed[other] = 1
    s, t = opened(make_app, sc)
    planned = {k[1:] for _, k in t.hits if k[0] == "plan"}
    assert (target, "attack") in planned and (other, "attack") not in planned
    v = t.board.view
    attack = {u.card: u.totals[0] for u in v.units if u.card in chars.values()}
    assert forecast.reach(v, v.combat) == sum(a for u, a in attack.items() if u != other)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_those_kept_out_stay_out_unasked(make_app, monkeypatch, size):
    """Daigo in the Battle Walker keeps Pawlina and Valen out of the fight (Rules for
    Equipment): their rows read "… kept out by …", cut, and Fight! stayed dim with
    "Choose for Pawlina first" though Stay out was all she could do: every such row had
    to be clicked. Now they stay out with no click, Stay out lit; why reads whole where
    Attack and Protect would be; Fight! waits for Daigo alone, then declares all three."""
    sc, chars, _ = _riding(3)
    s, t = opened(make_app, sc, size)
    kept = [c for who, c in chars.items() if who != "daigo"]
    said, hits = painted(monkeypatch, t, combat_panel(t))
    keys = [k for _, k in hits]
    assert not [k for k in keys if k[0] == "plan" and k[1] in kept]
    assert said.count("Kept out by your Walker") == len(kept), said
    assert not [w for w in said if "kept out" in w or w.endswith("…")], said
    short = panels.short_names(t.painter([]), [chars["daigo"]], t.name)[chars["daigo"]]
    assert ("fight",) not in keys and f"Choose for {short} first" in said, said
    monkeypatch.undo()
    click(t.app, next(r for r, k in t.hits if k == ("plan", chars["daigo"], "attack")).center)
    said, hits = painted(monkeypatch, t, combat_panel(t))
    assert not [w for w in said if "left to choose" in w or w.startswith("Choose for")], said
    monkeypatch.undo()
    c, before = t.board.view.combat, len(s.record.actions)
    click(t.app, next(r for r, k in t.hits if k == ("fight",)).center)
    for _ in range(200):
        if len(s.record.actions) >= before + 3 or not t.fighting:
            break
        t.app.step([], 0.05)
    plan = {c: "none" for c in kept} | {chars["daigo"]: "attack"}
    assert s.record.actions[before:before + 3] == [A.Declare(i, plan[i]) for i in c.to_declare]


def walker_fight():
    """Three of the group fight a Salaryman Zombie; Daigo carries a Walker, not in use."""
    from scene import Scene
    sc = Scene(RIDE, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0), equipment=["walker"] if c == "daigo" else ())
             for c in GROUP[:3]}
    salaryman = sc.disaster("salaryman", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(salaryman))
    return sc, chars


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_vehicle_readied_says_what_it_does_to_the_group_s_attack(make_app, monkeypatch, size):
    """Readying the Walker in Combat kept the rest of the group out, which cut its Attack
    from 14 to 7 with no word of it. Now the forecast line, where the player looks while
    choosing, says the group's Attack now and before, whole, as the engine counts it."""
    sc, chars = walker_fight()
    s, t = opened(make_app, sc, size)
    before = sum(total(sc.st, sc.unit(c), "attack") for c in chars.values())
    said, _ = painted(monkeypatch, t, combat_panel(t))
    monkeypatch.undo()
    assert not [w for w in said if "(was" in w]
    walker, = sc.unit(chars["daigo"]).equipment
    assert t.send(A.UseEquipment(walker, chars["daigo"]))  # its button may be behind More…
    for _ in range(20):
        t.app.step([], 0.05)
    after = total(sc.st, sc.unit(chars["daigo"]), "attack")
    assert after < before
    said, _ = painted(monkeypatch, t, combat_panel(t))
    # Nobody is set to attack yet: said in that one sentence ("All attacking 16 (was 13) ·
    # Nobody attacks it" said both, s71's playtest).
    assert any(w.startswith("Nobody attacks") and f"{after}, was {before})" in w
               for w in said), said


def press(t, key) -> None:
    t.app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], 0.016)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_refused_plan_says_who_and_why_and_enter_asks_for_a_new_choice(make_app, size):
    """A plan the rules refuse by the time it is sent (here Attack planned before the
    first to declare was Charmed): the window said "… cannot do that now (at most 4
    Characters may attack in a rou…", cut and wrong, and Enter then did nothing,
    silently. Now one whole line says who and why, that Character's plan is cleared,
    and Enter says whom to choose for."""
    sc, chars, _ = fight(3)
    s, t = opened(make_app, sc, size)
    first = t.board.view.combat.to_declare[0]
    t.plan.update({c: "attack" for c in chars.values()})  # as if planned before
    sc.st.combat.charmed[first] = 1
    t.refresh()
    t.plan[first] = "attack"
    acted = len(s.record.actions)
    press(t, pygame.K_RETURN)
    words, _ = t.message
    assert len(s.record.actions) == acted and first not in t.plan
    assert "Charm" in words and "at most" not in words, words
    short = panels.short_names(t.painter([]), [first], t.name)[first]
    assert words.startswith((t.name(first), short)), words
    assert ink.font(t.px(16), True).size(words)[0] <= t.lay.field.w - t.px(20), words
    press(t, pygame.K_RETURN)  # by the name the panel gives it
    named = panels.panel_namer(t.painter([]), t.name)(first)
    assert t.message[0] == f"Choose for {named} first, then Fight!" and named == short


def test_a_plan_the_rules_come_to_refuse_is_dropped_at_once(make_app):
    """Attack planned for Characters, then one of them gets in a Vehicle: the others'
    Attack stayed lit until Fight! refused it ("other Characters in the group cannot
    engage in Combat until the Vehicle stops"). Now the plans the view says the rules
    refuse are dropped as the table catches up; Stay out plans stay."""
    sc, chars = walker_fight()
    s, t = opened(make_app, sc)
    pawlina, valen = chars["pawlina"], chars["valen"]
    t.plan.update({pawlina: "attack", valen: "none"})
    walker, = sc.unit(chars["daigo"]).equipment
    assert t.send(A.UseEquipment(walker, chars["daigo"]))
    t.refresh()
    assert t.plan == {valen: "none"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_combat_between_players_shows_one_s_own_totals_and_the_other_side_s_health(
        make_app, monkeypatch, size):
    """Combat between players: beside each of the viewer's Characters, its Attack and
    Defense totals and Health left as the engine counts them; beside the other side's,
    Health left (public: its Damage is on the table) and the Attack and Defense printed
    on its card, under the side's head "card values" (s47w: Health alone left nothing to
    judge by). Not as totals: a Place's or an Off Field effect, or a face-down Item, may
    change them, and the view has none of their totals (an earlier build worked them out
    from their cards and showed a Defense of 5 where the engine counted 6: a review's
    finding)."""
    from test_ui_combat_panel import duel_panel, titled_duel
    sc, mine, foes = titled_duel()
    sc.unit(foes[0]).damage = 1
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    shown: list[tuple] = []
    real = forecast._strip
    monkeypatch.setattr(forecast, "_strip", lambda *a: shown.append(a[:4]) or real(*a))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    expected = []
    for c in mine:
        u, base = sc.unit(c), sc.game.card(c).base_health
        expected.append((total(sc.st, u, "attack"), total(sc.st, u, "defense"),
                         base - u.damage, base))
    for c in foes:
        cd, u = sc.game.card(c), sc.unit(c)
        expected.append((cd.ability("attack"), cd.ability("defense"),
                         cd.base_health - u.damage, cd.base_health))
    assert shown == expected
    assert said.count("card values") == 1, said  # the other side's head, over its chips


BRUTE = CARDS + """\
- {id: brute, name: Brute, type: disaster, class: major,
   abilities: {attack: 12, defense: 1, movement: 1, charm: 0}}
"""


def strike_line(said: list[str]) -> str | None:
    """The Disaster's attack as the panel wrote it."""
    return next((w for w in said if w.startswith(("At the same time it attacks",
                                                   "It attacks", "Its "))), None)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_disaster_defeated_may_still_kill_and_the_forecast_says_so(make_app, monkeypatch,
                                                                      size):
    """The forecast said in green "Defeats it" and the Disaster's attack, landing in the
    same round (Physical Combat: attack and counter-attack are simultaneous), Killed the
    Character. Now a second line says what its attack does: Pawlina's 4 Attack Defeats
    the Brute (Health 1), and its 12 against her Defense 4 Kills her (8 Damage from
    Health 3: at least her base Health below 0, Basic Terms), in red."""
    from scene import Scene
    sc = Scene(BRUTE, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    pawlina = sc.char("pawlina", (0, 0))
    brute = sc.disaster("brute", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(brute))
    sc.unit(pawlina).damage = 1
    s, t = opened(make_app, sc, size)
    click(t.app, next(r for r, k in t.hits if k == ("plan", pawlina, "attack")).center)
    colours = {}
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, size, colour, *a: colours.setdefault(
        words, colour) and real(words, size, colour, *a))
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert "Defeats it" in forecast_line(said)
    line = strike_line(said)
    assert line is not None and "Kills Pawlina" in line and "12 " in line, said
    assert colours[line] == ink.BAD
    seen = len(s.log)
    assert fight_until(t, s, seen, lambda e: isinstance(e, E.Killed)).card == pawlina


@pytest.mark.parametrize("roles", [("attack",) * 4, ("protect", "protect", "attack", "none"),
                                   ("none", "protect", "none", "none")])
def test_the_disaster_s_attack_is_what_the_round_then_does(make_app, monkeypatch, roles):
    """Its attack's numbers, read off the panel, are the hit the engine then makes on
    its target with the protectors set (their Defense added, each taking half, at
    least 1: Protecting): Attack, Defense, each one's Damage, and Bonk or Kill."""
    sc, chars, salaryman = fight()
    s, t = opened(make_app, sc, (1920, 1080))
    target = t.board.view.combat.target
    others = iter(roles)
    plan = {c: "attack" if c == target else next(others) for c in chars.values()}
    for c, role in plan.items():
        click(t.app, next(r for r, k in t.hits if k == ("plan", c, role)).center)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    line = strike_line(said)
    seen = len(s.log)
    hit = fight_until_hit(t, s, seen, target)
    short = panels.short_names(t.painter([]), list(chars.values()), t.name)
    beats = "beats" if hit.damage else "does not beat"
    assert re.search(f"(: (its Attack )?{hit.attack} {beats} Defense {hit.defense}, so |"
                     f"(, |^Its ){hit.attack} against Defense {hit.defense}: )", line), (line, hit)
    words = {"killed": (f"Kills {short[target]}", f"{short[target]} is Killed"),
             "bonked": (f"Bonks {short[target]}", f"{short[target]} is Bonked"),
             "ok": (f"left at Health {hit.health_after}",) if hit.damage
             else (f"{short[target]} takes no Damage",)}
    assert any(w in line for w in words[hit.result]), (line, hit)
    for g in hit.protectors:
        assert re.search(f"{short[g.id]}( and [^,]*)? takes? {g.damage}", line) or \
            f"Damage Bonks {short[g.id]}" in line or f"{short[g.id]} is Bonked" in line, \
            (line, hit)
    assert len(hit.protectors) == roles.count("protect") - (plan.get(target) == "protect")


def test_the_disaster_attacking_nobody_adds_nothing(make_app, monkeypatch):
    """A round in which the Disaster attacks nobody (kept from attacking): no line about
    its attack."""
    sc, chars, _ = fight(2)
    sc.st.combat.target = -1
    s, t = opened(make_app, sc)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert strike_line(said) is None and forecast_line(said)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [1, 4])
def test_run_away_is_said_to_leave_the_target_one_attack(make_app, monkeypatch, size, n):
    """Running Away gives the Disaster one final, unanswered attack (Basic Terms: Run
    Away): a Character died of it with no warning. While Run Away is offered, the foot
    says by it, whole at both sizes and clear of the buttons, that the Disaster still
    attacks its target once; once the round is declared (no Run Away), it does not."""
    sc, chars, _ = fight(n)
    s, t = opened(make_app, sc, size)
    assert A.RunAway() in t.board.legal
    surf = Recorder(t.size)
    texts = {}
    real = ink.label
    monkeypatch.setattr(ink, "label", lambda words, *a, **k: texts.setdefault(
        id(out := real(words, *a, **k)), (words, out))[1])
    p = t.painter([])
    combat_panel(t)(p, surf)
    drawn = [(texts[id(src)][0], rect) for src, rect in surf.drawn if id(src) in texts]
    k = next(k for k, (w, _) in enumerate(drawn) if w.startswith("Running Away"))
    c, names = t.board.view.combat, panels.short_names(p, list(chars.values()), t.name)
    final = planned_strike(t.board.view, c.disaster, c.target)  # the target alone (R27)
    said = run_text(names[c.target], True, final, names.get)  # the group's player's Turn
    assert any("your Turn ends" in w for w in said)
    note = drawn[k:k + 1] if drawn[k][0] in said else drawn[k:k + 2]
    assert " ".join(w for w, _ in note) in said, note
    buttons = [r for r, k in p.hits if k[0] in ("plan", "act", "fight")]
    assert all(not w.endswith("…") and panels.combat_rect(t).contains(r)
               and r.collidelist(buttons) == -1 for w, r in note), note
    if n == 1:
        return
    monkeypatch.undo()
    sc.do(A.Declare(sc.st.combat.to_declare[0], "none"))  # running is for a round's beginning
    t.refresh()
    assert A.RunAway() not in t.board.legal
    said, _ = painted(monkeypatch, t, combat_panel(t))
    assert not [w for w in said if "Running Away" in w], said


def charm_break():
    """The Siren (Charm 4) Charms Valen (Charm 3), not Pawlina (Charm 5): the group may
    try to break the Charm (Charm Combat with a Disaster)."""
    from scene import Scene
    sc = Scene(CARDS + """\
- {id: siren, name: Siren, type: disaster, class: major,
   abilities: {attack: 1, defense: 3, movement: 1, charm: 4}}
""")
    sc.location((0, 0))
    sc.location((1, 0))
    chars = {c: sc.char(c, (0, 0)) for c in ("pawlina", "valen")}
    siren = sc.disaster("siren", (0, 0))
    sc.combat_pile(0, *["blank"] * 12)
    sc.turn(MOVE)
    sc.do(A.Fight(siren))
    assert sc.st.combat.stage == "break" and list(sc.st.combat.charmed) == [chars["valen"]]
    return sc, chars


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_charm_combat_shows_each_character_s_charm(make_app, monkeypatch, size):
    """Where the player chooses in Charm Combat (a break, a command), the rows showed
    Attack and Defense, which it does not read: now each Character's Charm total, as
    the engine counts it, beside its name; the Disaster's is on its card."""
    sc, chars = charm_break()
    s, t = opened(make_app, sc, size)
    chips: list[tuple[str, str]] = []
    real = forecast.chip
    monkeypatch.setattr(forecast, "chip", lambda a, text, *r: chips.append((a, text))
                        or real(a, text, *r))
    painted(monkeypatch, t, combat_panel(t))
    assert chips == [("charm", str(total(sc.st, sc.unit(c), "charm")))
                     for c in sorted(chars.values())], chips


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_charm_combat_between_players_shows_charm_beside_each_side(make_app, monkeypatch,
                                                                     size):
    """Choosing "Kaede charms Gurugu" showed no numbers. Now, in Charm Combat between
    players, one's own Characters' Charm totals sit beside them as chips, and the
    other side's Charm printed on its card, said as such (its Items are face down)."""
    from test_ui_combat_panel import duel_panel, titled_duel
    sc, mine, foes = titled_duel(charm=True)
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    assert t.board.view.duel.stage == "charm"
    chips: list[tuple[str, str]] = []
    real = forecast.chip
    monkeypatch.setattr(forecast, "chip", lambda a, text, *r: chips.append((a, text))
                        or real(a, text, *r))
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert chips == [("charm", str(total(sc.st, sc.unit(c), "charm"))) for c in mine], chips
    from game.ui.table.panels.duel_panel import HOW  # the stage's rules, said under the buttons
    assert [w for w in said if w.startswith("Charm ")
            and not any(w in sentence for sentence in HOW["charm"])] == [
        f"Charm {sc.game.card(c).charm} on its card" for c in foes], said


def test_equipment_with_its_own_defense_is_said_to_take_the_disaster_s_attack(make_app,
                                                                              monkeypatch):
    """Daigo rides the Battle Walker (its own Defense 6: it takes the Damage first, Rules
    for Equipment): the line says the Walker takes the Salaryman's attack, not Daigo's
    Health, and the round then leaves his Health as it was."""
    sc, chars, _ = _riding(2)
    daigo = chars["daigo"]
    sc.st.combat.target = daigo
    s, t = opened(make_app, sc, (1920, 1080))
    said, _ = painted(monkeypatch, t, combat_panel(t))
    line = strike_line(said)
    assert line is not None and "Battle Walker takes" in line and "Health" not in line, line
    seen = len(s.log)
    click(t.app, next(r for r, k in t.hits if k == ("plan", daigo, "none")).center)
    hit = fight_until_hit(t, s, seen, daigo)
    assert hit.damage and hit.health_after == hit.health_before, hit


@pytest.mark.parametrize("stage", ["break", "command"])
def test_charm_combat_does_not_say_the_disaster_attacks_nobody(make_app, monkeypatch, stage):
    """In Charm Combat the Disaster has chosen no target yet (physical Combat's rounds
    come after): the panel said "Kagato attacks nobody this round." over "Charm Combat
    won: command the Disaster", a round that had not begun. It says the Charm stage
    alone."""
    from game.engine.charm import Stage
    sc, chars, salaryman = fight(2)
    c = sc.st.combat
    c.stage, c.target = Stage(stage), -1
    s, t = opened(make_app, sc)
    said, _ = painted(monkeypatch, t, combat_panel(t))
    text = " ".join(said)
    assert "attacks nobody" not in text and "Charm Combat" in text


VESTED = TITLED + """\
- {id: vest, name: Kevlar Vest, type: item, bonuses: {defense: "+2"}}
"""


def vested_duel():
    """Seat 0's three Characters challenge seat 1's Daigo, hurt (Health 1 of 2) and
    holding a face-down Item worth +2 Defense (his total 4, known to his owner alone),
    and Mika."""
    from scene import Scene
    sc = Scene(VESTED, seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("valen", "pawlina", "akiko")]
    foes = [sc.char("daigo", (0, 0), seat=1, items=["vest"]), sc.char("mika", (0, 0), seat=1)]
    sc.unit(foes[0]).damage = 1
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)))
    return sc, mine, foes


def duel_forecast(said: list[str]) -> str:
    """The duel panel's forecast as written: its words, then what they hang on."""
    k = next(k for k, w in enumerate(said) if w.startswith("None of yours")
             or said[k + 1:k + 2] == [" · before Combat cards"])
    return said[k] + (said[k + 1] if k + 1 < len(said) and said[k + 1].startswith(" · ") else "")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("attackers, target", [
    ((2,), 0), ((0,), 0), ((0, 2), 0), ((2,), 1), ((0,), 1), ((0, 1, 2), 1)])
def test_combat_between_players_forecasts_one_s_own_attack_honestly(make_app, monkeypatch,
                                                                    size, attackers, target):
    """Combat between players had no forecast. Now a line under the panel says what the
    viewer's planned attack does, from what the viewer may know: its own Attack total,
    the target's Health left and the Defense on its card, and the Defense at or below
    which the attack Bonks or Kills. Daigo's Defense total (4, with a face-down Item) is
    never said; what the round then does agrees with the line."""
    sc, mine, foes = vested_duel()
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    assert duel_forecast(said) == "None of yours attacks yet: choose whom to attack"  # (s71)
    slots = {k[1:]: r for r, k in t.hits if k[0] == "plan"}
    for k, c in enumerate(mine):
        choice = ("attack", foes[target]) if k in attackers else ("none", -1)
        click(t.app, slots[c, choice].center)
    monkeypatch.undo()
    said, _ = painted(monkeypatch, t, duel_panel(t))
    line = duel_forecast(said)
    whom = panels.short_names(t.painter([]), [foes[target]], t.name)[foes[target]]
    attack = sum(total(sc.st, sc.unit(mine[k]), "attack") for k in attackers)
    # Whose Attack: "Marlowe: 3 Attack — cannot Bonk" read as Marlowe's own (a
    # newcomer's challenge at 1280x720); the viewer's is on the target.
    assert not re.match(rf"{re.escape(whom)}: \d+ Attack", line), line
    assert line.startswith((f"Attacking {whom}: {attack} against", f"{attack} Attack on {whom} — ",
                            f"{whom}: Bonks")), line
    assert line.endswith(" · before Combat cards") and not line.endswith("…"), line
    assert "(2 on card)" in line or "(2 on his card)" in line or "(2 on her card)" in line or \
        re.fullmatch(rf"{whom}: Bonks if Defense \d+ or less · .*", line), line
    # Nothing of Daigo's Item shows: without it (his total 2, not 4) the line is the same.
    daigo = sc.unit(foes[0])
    vest, daigo.items = daigo.items, []
    t.refresh()
    monkeypatch.undo()
    assert duel_forecast(painted(monkeypatch, t, duel_panel(t))[0]) == line
    daigo.items = vest
    t.refresh()
    bonk = int(re.search(r"Bonks (?:\w+ )?if (?:\w+ )?Defense (?:is )?(\d+) or less", line)[1])
    kill = re.search(r"Kills if (?:it is )?(\d+)", line)
    # Fight!: the hit on the target lands as the line said it would for its Defense.
    seen = len(s.log)
    hit = fight_until_hit(t, s, seen, foes[target])
    assert hit.attack == attack
    expected = "killed" if kill and hit.defense <= int(kill[1]) else \
        "bonked" if hit.defense <= bonk else "ok"
    assert hit.result == expected, (line, hit)


def test_the_duel_forecast_names_every_target_and_each_protector(make_app, monkeypatch):
    """Two targets, one protected: each is in the line, and a protected one is attacked
    through its protectors' Defense too (their cards' 4, Protecting)."""
    sc, mine, foes = vested_duel()
    sc.do(A.Engage(mine[0], "attack", foes[0]), A.Engage(foes[0], "attack", mine[0]),
          A.Engage(mine[1], "none", -1), A.Engage(foes[1], "protect", foes[0]))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, (1920, 1080)), s)
    t.plan[mine[2]] = ("attack", foes[1])
    said, _ = painted(monkeypatch, t, duel_panel(t))
    line = duel_forecast(said)
    daigo, mika = panels.short_names(t.painter([]), foes, t.name).values()
    first, second, _ = line.split(" · ")
    assert first.startswith(f"Daigo (protected by {mika}): ") and \
        "Bonks if Defense 3 or less" in first, line
    assert second.startswith(f"{mika}: ") and "Bonks if Defense 1 or less" in second, line


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_allied_disaster_in_a_duel_is_forecast_defeated_never_bonked(make_app, monkeypatch,
                                                                        size):
    """A Disaster allied with the other side, attacked in Combat between players: "A
    Combat Disaster is neither Bonked nor Killed, simply Defeated" (Basic Terms). The
    line said "Bonks if Defense 3 or less, Kills if 2 or less"; it says "Defeats", and
    the round Defeats it as said."""
    from scene import Scene
    sc = Scene(TITLED + """\
- {id: lackey, name: Lackey, type: disaster, class: minor,
   abilities: {attack: 1, defense: 1, movement: 1}}
""", seats=2, options=Options(charm_combat=False))
    sc.location((0, 0))
    sc.location((1, 0))
    mine = [sc.char(c, (0, 0)) for c in ("valen", "pawlina")]
    sc.char("daigo", (0, 0), seat=1)
    lackey = sc.disaster("lackey", (0, 0), seat=0)
    sc.st.ally_unit(sc.unit(lackey), 1)
    for seat in (0, 1):
        sc.combat_pile(seat, *["blank"] * 6)
    sc.turn(MOVE)
    sc.do(A.Challenge(1, (0, 0)), A.Engage(mine[0], "attack", lackey))
    s = scene_session(sc, ["human", "ai:random"])
    t = table(scene_app(make_app, sc, size), s)
    said, _ = painted(monkeypatch, t, duel_panel(t))
    line = duel_forecast(said)
    assert "Bonk" not in line and "Kill" not in line, line
    defeats = int(re.search(r"Defeats (?:it )?if (?:its )?Defense (?:is )?(\d+) or less", line)[1])
    seen = len(s.log)
    click(t.app, next(r for r, k in t.hits if k == ("plan", mine[1], ("none", -1))).center)
    hit = fight_until_hit(t, s, seen, lackey)
    assert hit.result == ("defeated" if hit.defense <= defeats else "ok"), (line, hit)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("fourth", ["target", "other"])
def test_fight_waits_for_every_choice_and_a_full_role_says_why(make_app, monkeypatch, size,
                                                               fourth):
    """Tenth newcomer audit, a Minor Disaster: three set to Attack, the fourth's Attack was
    grey with no reason, and Fight! lit. Enter then made the fourth Stay out unasked
    (the Disaster's target: Protect was grey too), or, the fourth free to Protect, Fight!
    went grey only once clicked ("Choose for Reiji first"). Now the grey Attack says why
    (the rulebook: at most 3 attack a Minor Disaster in a round) pointed at or clicked,
    and Fight! and Enter send nothing until the fourth has chosen."""
    sc, chars, _ = fight(4, "clerk")
    c = sc.st.combat
    four = list(chars.values())
    last = four[-1] if fourth == "target" else four[0]
    c.target = last if fourth == "target" else four[-1]
    s, t = opened(make_app, sc, size)
    for who in four:
        if who != last:
            click(t.app, next(r for r, k in t.hits if k == ("plan", who, "attack")).center)
    short = panels.short_names(t.painter([]), four, t.name)
    said, hits = painted(monkeypatch, t, combat_panel(t))
    keys = [k for _, k in hits]
    assert ("fight",) not in keys, keys
    assert f"Choose for {short[last]} first" in " ".join(said), said  # maybe on two lines
    assert ("plan", last, "none") in keys and (("plan", last, "protect") in keys) == (
        fourth == "other")
    monkeypatch.undo()
    grey = next(r for r, k in t.hits if k == ("why", last, "attack"))
    t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, grey.center, 0)], 0.016)
    why = t.hint()
    assert why.startswith(f"{short[last]} cannot attack: at most 3 Characters attack a "
                          "Minor Disaster in a round"), why
    assert all(short[i] in why for i in four if i != last)
    if fourth == "target":  # its Protect is dim too, and says its own reason
        other = next(r for r, k in t.hits if k == ("why", last, "protect"))
        t.app.step([test_ui_table.mouse(pygame.MOUSEMOTION, other.center, 0)], 0.016)
        assert t.hint() == f"{short[last]} cannot protect: the Disaster attacks it; it may " \
            "protect only another.", t.hint()
    acted = len(s.record.actions)
    click(t.app, grey.center)
    assert t.message[0] == why and last not in t.plan
    for key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        press(t, key)
        assert len(s.record.actions) == acted, s.record.actions[acted:]
    assert t.message[0] == f"Choose for {short[last]} first, then Fight!"  # as the panel
    click(t.app, next(r for r, k in t.hits if k == ("plan", last, "none")).center)
    assert ("fight",) in [k for _, k in t.hits]
    order = list(c.to_declare)
    press(t, pygame.K_RETURN)
    for _ in range(200):
        if len(s.record.actions) >= acted + 4 or not t.fighting:
            break
        t.app.step([], 0.05)
    assert s.record.actions[acted:acted + 4] == [
        A.Declare(i, "none" if i == last else "attack") for i in order]
