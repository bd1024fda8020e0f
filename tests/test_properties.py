"""Property tests (ARCHITECTURE.md, Tests): random legal play on 1, 2 and 4 seats.

After every action: no card is lost or duplicated (tests/zones.py), no seat's
view names a card hidden from it (R16), the game can go on (or is over and
cannot), Items add up, and a tally made at a Discard phase agrees with R14.
Every 10th action, also: each card sits in a zone that can hold its type and
belongs to its owner, `known` names cards rightly. Every 40th: actions not
legal are refused with a reason and change nothing; action texts round-trip.
Every game ends; a clone is independent of its original; the same seed and the
same choices give the same game (R13).

The examples are derandomized (the same ones every run), so a failure is never
flaky; set ANI_MAYHEM_EXPLORE=1 to draw fresh examples, ten times as many.
A failing example prints its seeds: replay it with
`play_checked(games[seats], seed, chooser, eager)` from this module.
"""
from __future__ import annotations

import copy
import importlib
import os
import random
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st_

from game.engine import (
    Game, GameState, IllegalAction, SeatView, apply, apply_unchecked, is_terminal,
    legal_actions, parse, view, why_not,
)
from game.engine import events as E
from game.engine.actions import Declare, EndPhase, RunAway
from game.engine.decisions import Combat, DisasterMoves, Duel, FlashWindow, GuestTake, Scavenging
from game.engine.save import snapshot
from game.engine.state import DISCARD, OVER
from game.engine.tally import all_scavenged, item_counts
from zones import conservation_problems, dangling, misplaced, wrong_owner, zones

from conftest import ACTION_CAP, choose  # noqa: E402  (tests/ is on sys.path)

EXPLORE = bool(os.environ.get("ANI_MAYHEM_EXPLORE"))


def sized(n: int) -> settings:
    """Hypothesis settings for whole games: n examples (10 n when exploring). No
    shrinking: an example is a whole game, its seeds are all there is to report."""
    return settings(max_examples=n * 10 if EXPLORE else n, deadline=None, database=None,
                    derandomize=not EXPLORE, phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow])


seeds = st_.integers(min_value=0, max_value=2**32 - 1)
eagerness = st_.sampled_from([0.0, 0.5, 0.9])


def deep_snapshot(st: GameState) -> dict:
    """snapshot(), copied: the snapshot holds some of the state's own lists and
    objects (see test_save.py), so a plain one would change with the state."""
    return copy.deepcopy(snapshot(st))


# What a seat may see (R16) -----------------------------------------------------

def visibility(st: GameState) -> tuple[set[int], list[set[int]]]:
    """The card instances every seat may see, and those only seat i may see (R16).

    Face up for everyone: Locations and Havens on the Field, Characters and
    Disasters on it with their Equipment and Enhancements, Equipment under a
    Location or in a Haven (in play it is face up), discard piles, Combat discards, Bonked (set
    aside) Characters, Havens not yet placed, Off Field cards, Destroyed cards
    but Items (removed face down) and the Flash Effects played on the stack.
    The Location a seat is placing, turned over ("Turn over, and place the first":
    Setting Up the Field). A seat's own: its hand, its
    Characters' Items, its Havens' stored cards, the other cards of its transforming
    Characters kept out of play.
    Never: another hand, any Draw or Combat pile, the cards under a Location,
    the Items of another seat's Character or of a Disaster, another seat's
    Haven's stored cards, unused Items, cards not yet dealt."""
    public: set[int] = set()
    own: list[set[int]] = [set() for _ in st.seats]
    if st.top is not None and st.top.kind == "placement":
        public.update(st.seats[st.top.seat].to_place[-1:])
    for i, s in enumerate(st.seats):
        public.update(s.combat_discard, s.discard, (c for c, _ in s.set_aside),
                      s.haven_to_place)
        own[i].update(s.hand)
        own[i].update(s.forms)  # the other forms of its transforming Characters
    for cell, p in st.places.items():
        public.add(p.card)
        if p.kind == "haven":  # its owner's store, open to a guest in it (Rules for Havens)
            for seat in {p.owner} | {u.owner for u in st.units.values()
                                     if u.pos == cell and not u.disaster}:
                own[seat].update(p.under)
        public.update(c for c in p.under if st.game.card(c).type == "equipment")
    for u in st.units.values():
        public.add(u.card)
        public.update(u.equipment)
        public.update(u.enhancements)
        if not u.disaster:
            own[u.owner].update(u.items)
    public.update(o.card for o in st.off_field)
    public.update(b.card for b in st.building)  # a Haven being built lies face up
    public.update(c for c in st.destroyed if c not in st.game.items)
    public.update(e.card for e in st.flash_stack)
    return public, own


def visible(st: GameState, seat: int) -> set[int]:
    """Every card instance `seat` may see (see visibility)."""
    public, own = visibility(st)
    return public | own[seat]


VIEW_FIELDS = {
    # game: the card database and the deck lists, public in this edition (the New game
    # screen shows every seat's deck), never where a card is. pending: the decisions,
    # public records (each of their card ids is examined in view_ids).
    "SeatView": {"game", "seat", "to_act", "phase", "turn_seat", "rounds", "round_limit",
                 "items_total", "path", "seats", "places", "units", "off_field", "lasting", "building",
                 "destroyed", "destroyed_hidden", "wear", "pending", "result", "known", "uses",
                 "used_in", "location_attacked", "location_struck", "challenged", "haven_asks", "stamp",
                 "actions", "barred", "move_start"},
    "SeatInfo": {"hand", "hand_size", "draw_size", "combat_size", "combat_discard", "discard",
                 "discard_items",  # a count: which Items, nobody (Rules for Items)
                 "set_aside", "havens", "to_place", "next_location", "haven_to_place",
                 "to_deal", "unused", "turns", "equipped", "scavenged",
                 "forms", "forms_size"},  # forms: its owner's only
    "PlaceView": {"cell", "card", "kind", "owner", "destroyed", "under_disasters",
                  "under_items", "under_equipment", "stored", "siege", "buried_items",
                  "buried_equipment", "top"},
    "UnitView": {"card", "owner", "pos", "disaster", "damage", "item_count", "items",
                 "equipment", "enhancements", "using", "moved", "spent", "arrived", "leader",
                 "ally_seat", "brought_by", "moved_once",
                 # a Disaster's from public records (view._public_totals); a Character's
                 # for its owner alone (view._owner_totals)
                 "totals"},
}


def view_ids(v: SeatView) -> list[tuple[int, str]]:
    """Every card instance a view names, with where in the view it is named. (Each
    where is worded once for all the cards named there: this runs for every seat after
    every action of the random games.)"""
    out = [(i, "known") for i, _ in v.known]
    for n, s in enumerate(v.seats):
        for name in ("hand", "combat_discard", "discard", "haven_to_place", "forms"):
            cards = getattr(s, name)
            if cards:
                where = f"seats[{n}].{name}"
                out += [(c, where) for c in cards]
        if s.next_location is not None:
            out.append((s.next_location, f"seats[{n}].next_location"))
    for p in v.places:
        where = f"place {p.cell}"
        out.append((p.card, where))
        if p.top is not None:
            out.append((p.top, where + ".top"))
        if p.stored:
            stored = where + ".stored"
            out += [(c, stored) for c in p.stored]
    for u in v.units:
        out.append((u.card, "unit"))
        if u.leader >= 0:
            out.append((u.leader, f"unit c{u.card}.leader"))
        for name in ("items", "equipment", "enhancements", "using"):
            cards = getattr(u, name)
            if cards:
                where = f"unit c{u.card}.{name}"
                out += [(c, where) for c in cards]
    for o in v.off_field:
        out += [(o.card, "off_field")] + [(c, "off_field.chars") for c in o.chars]
    out += [(c, "destroyed") for c in v.destroyed]
    out += [(c, "wear") for c, _damage in v.wear]
    for x in v.lasting:
        out += [(x.source, "lasting.source"), (x.unit, "lasting.unit")]
    for b in v.building:
        out += [(b.card, "building.card")] + [(c, "building.chars") for c in b.chars]
    out += [(card, "uses") for (card, _effect), _n in v.uses]
    out += [(card, "used_in") for (card, _effect), _depth in v.used_in]
    out += [(char, "move_start") for char, _cell in v.move_start]
    for char, _roles, _why, card in v.barred:
        out += [(char, "barred")] + ([(card, "barred.card")] if card >= 0 else [])
    for n, s in enumerate(v.seats):
        if s.set_aside:
            where = f"seats[{n}].set_aside"
            out += [(card, where) for card, _back in s.set_aside]
    for kind in ("under_equipment", "buried_equipment"):
        for p in v.places:
            if cards := getattr(p, kind):
                where = f"place {p.cell}.{kind}"
                out += [(c, where) for c in cards]
    for d in v.pending:
        where = f"pending {type(d).__name__}"
        out += [(i, where) for i in decision_ids(d)]
    return out


def decision_ids(d) -> list[int]:
    """The card ids a pending decision names (every one must be in plain view)."""
    match d:
        case Combat():
            return [d.disaster, d.target, *d.queue, *d.to_declare, *d.attackers,
                    *d.protectors, *d.charmed, *d.resisted, *d.breakers, *d.tried,
                    *d.landing]
        case Duel():
            return [*d.fighters, *d.pending, *(i for w, _r, t in d.declared for i in (w, t)),
                    *d.charm_attacked, *d.charm_defended, *d.tried,
                    *(i for c, (w, _m) in d.charmed.items() for i in (c, w)),
                    *(i for pair in d.to_order for i in pair)]
        case FlashWindow():
            return [i for e in d.entries for i in (e.card, e.target) if i is not None]
        case Scavenging():
            return [d.revealed]
        case DisasterMoves():
            return list(d.movers)
        case GuestTake():
            return [d.char, d.card]
    return []


def leaks(st: GameState, seat: int, names: bool = True,
          seen: tuple[set[int], list[set[int]]] | None = None) -> list[str]:
    """Cards that seat's view names but R16 hides from it; with `names`, also wrong
    card ids in `known`. `seen` is visibility(st), when the caller has it."""
    v = view(st, seat)
    public, own = seen or visibility(st)
    out = []
    for card, where in view_ids(v):
        if card >= 0 and card not in public and card not in own[seat]:
            what = st.game.card(card)
            out.append(f"seat {seat} sees hidden c{card} ({what.type} {what.id}) in its "
                       f"view's {where}")
    if names:
        out += [f"known says c{i} is {name}, it is {st.game.card(i).id}"
                for i, name in v.known if st.game.card(i).id != name]
    if v.to_act != st.current_seat():
        out.append(f"the view says seat {v.to_act} acts, the state says {st.current_seat()}")
    return out


# R14, worked out again from the counts --------------------------------------------

def r14(st: GameState) -> tuple[tuple[int, ...], bool, str] | None:
    counts = item_counts(st)
    half = st.items_total / 2
    n = len(st.seats)
    players = sum(counts[str(i)] for i in range(n))
    if counts["disasters"] > half:
        return (), True, "majority"
    if players > half:
        most = max(counts[str(i)] for i in range(n))
        return tuple(i for i in range(n) if counts[str(i)] == most), False, "majority"
    if all_scavenged(st) or st.rounds >= st.game.options.round_limit:
        reason = "all_scavenged" if all_scavenged(st) else "round_limit"
        for i in range(n):
            rivals = [counts[str(j)] for j in range(n) if j != i] + [counts["disasters"]]
            if all(counts[str(i)] > r for r in rivals):
                return (i,), False, reason
        return (), True, reason
    return None


# The checks made after every action --------------------------------------------

def check_state(st: GameState, events, where: str, legal: list, full: bool = True) -> None:
    """`legal` is legal_actions(st); `full` adds the slower checks."""
    listed = zones(st)
    problems = conservation_problems(st, listed) + dangling(st)
    if full:
        problems += misplaced(st, listed) + wrong_owner(st)
    seen = visibility(st)
    for seat in range(len(st.seats)):
        problems += leaks(st, seat, full, seen)
    if st.result is None:
        if not legal:
            problems.append(f"no legal action for seat {st.current_seat()} ({st.phase})")
    elif legal:
        problems.append("legal actions after the game is over")
    if st.path:  # setup is over: the Items are dealt
        counts = item_counts(st)
        if sum(counts.values()) != st.items_total:
            problems.append(f"Items by controller {counts} do not add up to {st.items_total}")
    began = [e.public["phase"] for e in events if isinstance(e, E.PhaseBegan)]
    if began and began[-1] == DISCARD or st.result is not None and any(
            isinstance(e, E.GameOver) for e in events):
        expected = r14(st)  # R14: the tally is made at the start of every Discard phase
        got = None if st.result is None else (st.result.winners, st.result.disasters_win,
                                              st.result.reason)
        if got != expected:
            problems.append(f"the tally gives {got}, R14 gives {expected} "
                            f"(items {item_counts(st)} of {st.items_total}, "
                            f"round {st.rounds})")
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)


def check_refusals(st: GameState, seen: list, rng: random.Random, where: str) -> None:
    """Actions not legal now are refused with a reason and change nothing; every
    legal action's text form round-trips."""
    legal = legal_actions(st)
    for a in legal:
        assert parse(str(a)) == a, f"{where}: {a!r} -> {str(a)!r} does not parse back"
        assert why_not(st, a) is None, f"{where}: legal {a} refused: {why_not(st, a)}"
    pool = [a for a in seen if a not in legal] + [EndPhase(), RunAway(), Declare(10**6, "none")]
    pool = [a for a in pool if a not in legal]
    before = deep_snapshot(st)
    for a in rng.sample(pool, min(3, len(pool))):
        reason = why_not(st, a)
        assert isinstance(reason, str) and reason, f"{where}: {a} is not legal, yet no reason"
        with pytest.raises(IllegalAction):
            apply(st, a)
    assert deep_snapshot(st) == before, f"{where}: a refused action changed the state"


def play_checked(game: Game, seed: int, chooser: int, eager: float) -> GameState:
    st = game.new_state(seed)
    rng = random.Random(chooser)
    check_rng = random.Random(seed ^ chooser)
    seen: list = []
    legal = legal_actions(st)
    check_state(st, [], f"seed={seed} chooser={chooser} eager={eager}, before any action", legal)
    for n in range(1, ACTION_CAP + 1):
        action = choose(rng, legal, eager)
        where = f"seed={seed} chooser={chooser} eager={eager}, after action {n} '{action}'"
        if len(seen) < 400:
            seen += legal[:4]
        events = apply_unchecked(st, action)
        legal = legal_actions(st)
        check_state(st, events, where, legal, full=n % 10 == 0 or st.result is not None)
        if n % 40 == 0 and st.result is None:
            check_refusals(st, seen, check_rng, where)
        if is_terminal(st):
            break
    assert is_terminal(st), (f"seed={seed} chooser={chooser} eager={eager}: no end after "
                             f"{ACTION_CAP} actions (round {st.rounds}, {st.phase})")
    assert st.phase == OVER
    assert st.rounds <= game.options.round_limit
    return st


@sized(12)
@given(seed=seeds, chooser=seeds, eager=eagerness)
def test_random_play_one_seat(games, seed, chooser, eager):
    """Solitaire (R15): cards conserved, nothing hidden shown, the game ends."""
    play_checked(games[1], seed, chooser, eager)


@sized(6)
@given(seed=seeds, chooser=seeds, eager=eagerness)
def test_random_play_two_seats(games, seed, chooser, eager):
    play_checked(games[2], seed, chooser, eager)


@sized(2)
@given(seed=seeds, chooser=seeds, eager=st_.sampled_from([0.0, 0.5]))
def test_random_play_four_seats(games, seed, chooser, eager):
    play_checked(games[4], seed, chooser, eager)


def test_view_fields_are_all_examined():
    """A new field in a view must be added to view_ids above, or it could leak
    hidden cards unseen by the leak test."""
    view_module = importlib.import_module("game.engine.view")  # `view` is also a function
    for cls, names in VIEW_FIELDS.items():
        got = {f.name for f in fields(getattr(view_module, cls))}
        assert got == names, f"{cls} fields changed: examine {sorted(got ^ names)} for R16"


# Clones and determinism ----------------------------------------------------------

def advance(st: GameState, rng: random.Random, count: int) -> list:
    done = []
    for _ in range(count):
        if st.result is not None:
            break
        a = choose(rng, legal_actions(st), 0.5)
        apply_unchecked(st, a)
        done.append(a)
    return done


@sized(12)
@given(seats=st_.sampled_from([1, 2, 4]), seed=seeds, chooser=seeds,
       prefix=st_.integers(0, 600), more=st_.integers(1, 300))
def test_clone_is_independent(games, seats, seed, chooser, prefix, more):
    st = games[seats].new_state(seed)
    advance(st, random.Random(chooser), prefix)
    before = deep_snapshot(st)
    clone = st.clone()
    assert deep_snapshot(clone) == before, "a fresh clone differs from its original"
    assert clone.game is st.game, "a clone must share the Game, not copy it"
    # Play on the clone: the original does not change.
    done = advance(clone, random.Random(chooser + 1), more)
    assert deep_snapshot(st) == before, f"playing {len(done)} actions on a clone changed " \
                                        f"the original (seed={seed}, prefix={prefix})"
    # The original, given the clone's choices, reaches the clone's state: the clone
    # carries the random generator's state too (R13).
    after_clone = deep_snapshot(clone)
    for a in done:
        apply(st, a)
    assert deep_snapshot(st) == after_clone
    # And now playing on the original leaves the clone alone.
    advance(st, random.Random(chooser + 2), more)
    assert deep_snapshot(clone) == after_clone, "playing on the original changed its clone"


@sized(10)
@given(seats=st_.sampled_from([1, 2, 4]), seed=seeds, chooser=seeds,
       length=st_.integers(1, 1500))
def test_same_seed_same_choices_same_game(games, seats, seed, chooser, length):
    """R13: chance comes from the state's own generator, so a game is its seed and
    its choices; the events are the same too."""
    game = games[seats]
    runs = []
    for _ in range(2):
        st = game.new_state(seed)
        rng = random.Random(chooser)
        log = []
        for _ in range(length):
            if st.result is not None:
                break
            a = choose(rng, legal_actions(st), 0.5)
            log.append((str(a), [e.for_seat(None) for e in apply_unchecked(st, a)]))
        runs.append((deep_snapshot(st), log))
    assert runs[0][1] == runs[1][1], f"seed={seed} chooser={chooser}: the events differ"
    assert runs[0][0] == runs[1][0], f"seed={seed} chooser={chooser}: the states differ"


@sized(6)
@given(seats=st_.sampled_from([1, 2, 4]), seed=seeds)
def test_setup_depends_on_the_seed_only(games, seats, seed):
    """Two new states from one seed are equal; from another seed they differ."""
    game = games[seats]
    assert deep_snapshot(game.new_state(seed)) == deep_snapshot(game.new_state(seed))
    assert deep_snapshot(game.new_state(seed)) != deep_snapshot(game.new_state(seed + 1))


# Targeted: an effect that moves cards keeps them in zones that can hold them ------

def test_searching_the_draw_pile_never_puts_a_disaster_in_the_hand(games):
    """The Draw pile holds Power cards and Disasters; a hand only Power cards. A
    `search: {category: C}` effect (Hall of Quiet Foxes: "search your Draw pile for
    a Spirit card") must not take a Spirit Disaster into the hand, where it could
    never enter play (R8: a Disaster drawn enters play)."""
    game = games[1]  # Moonlit Shrine, whose Haven is the Hall of Quiet Foxes
    found = None
    for seed in range(60):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while st.result is None and found is None:
            legal = legal_actions(st)
            uses = [a for a in legal if type(a).__name__ == "UseCard"
                    and st.game.card(a.card).id == "hall-of-quiet-foxes"]
            spirits = [c for c in st.seats[0].draw if st.game.card(c).type == "disaster"
                       and "Spirit" in st.game.card(c).categories]
            if uses and spirits:
                found = st, uses[0], spirits[0]
                break
            apply_unchecked(st, choose(rng, legal, 0.5))
        if found:
            break
    assert found, "no game reached a usable Hall of Quiet Foxes with a Spirit Disaster to draw"
    st, use, spirit = found
    draw = st.seats[0].draw
    draw.remove(spirit)
    draw.append(spirit)  # the top of the pile: the first card a search looks at
    assert not conservation_problems(st)
    apply(st, use)
    assert misplaced(st) == [] and conservation_problems(st) == [], (
        f"c{spirit} ({st.game.card(spirit).id}, a Spirit Disaster) went to the hand: "
        f"{misplaced(st)}")
