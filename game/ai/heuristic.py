"""The yardstick: a simple heuristic player, the kind a programmer writes in an hour,
that the AI levels are measured against (`simulate --seats ai:heuristic,...`).

It reads its seat's view only, and only the plain facts there: printed abilities
(Equipment's bonuses ignored), positions, how many Items and other backs lie under
each place, who carries Items. It stores Items, goes for Locations with Items
under them, fights only what its group beats, protects carriers, runs from what
it cannot hurt, and plays its Characters and Equipment. No world is sampled and
nothing is looked ahead, so a level that does not beat it clearly gains little
from its search. It is a measure, offered to `simulate`, not a level of the window.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine import Action, SeatView
from game.engine.actions import (AttackLocation, Challenge, ContinueScavenging, Declare, Drop,
                                 Deal, Engage, EndPhase, Fight, Move, PickUp, PlaceCard, PlayCard,
                                 Retrieve, RunAway, RunTo, Scavenge, StopScavenging, Transfer)
from game.engine.field import Cell, distance
from game.engine.view import UnitView

from .placement import compactness

NAME = "heuristic"
RESTLESS = 8  # Movement used this Turn after which a group stays put (as policy.py)
PATIENCE = 4  # Combat rounds without Damage to the Disaster after which it runs


class HeuristicAgent:
    name = NAME

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        reading = _Reading(view)
        scores = [reading.score(a) for a in legal]
        top = max(scores)
        best = [a for a, s in zip(legal, scores) if s >= top - 1e-9]
        return best[rng.randrange(len(best))]


class _Reading:
    """One view, read for the plain facts the rules below weigh."""

    def __init__(self, v: SeatView):
        self.v, self.g = v, v.game
        self.units = {u.card: u for u in v.units}
        self.places = {p.cell: p for p in v.places}
        self.havens = v.seats[v.seat].havens

    def ability(self, u: UnitView, name: str) -> int:
        return self.g.card(u.card).ability(name) or 0

    def mine_at(self, cell: Cell) -> list[UnitView]:
        return [u for u in self.v.units if u.owner == self.v.seat and not u.disaster
                and u.pos == cell]

    def attack(self, group: list[UnitView]) -> int:
        return sum(self.ability(u, "attack") for u in group)

    def beats(self, group: list[UnitView], d: UnitView) -> bool:
        """Its attack gets through the Disaster's Defense and Health in two rounds, and
        the Disaster's Attack does not get through the sturdiest Defense."""
        hit = self.attack(group) - self.ability(d, "defense")
        health = self.ability(d, "defense") - d.damage
        return (hit > 0 and 2 * hit >= health and
                self.ability(d, "attack") <= max(self.ability(u, "defense") for u in group) + 2)

    def dangers(self, cell: Cell, group: list[UnitView]) -> int:
        """Combat Disasters it does not beat, and other players' groups bigger and with
        more attack than it, at a cell."""
        n = 0
        for u in self.v.units:
            if u.pos != cell:
                continue
            if u.disaster and self.g.card(u.card).is_combat_disaster and not self.beats(group, u):
                n += 1
        foes: dict[int, list[UnitView]] = {}
        for u in self.v.units:
            if u.pos == cell and not u.disaster and u.owner != self.v.seat:
                foes.setdefault(u.owner, []).append(u)
        return n + sum(len(f) > len(group) and self.attack(f) > self.attack(group)
                       for f in foes.values())

    def worth(self, cell: Cell, group: list[UnitView]) -> float:
        """Where the group would rather stand: home with Items, else near Items."""
        danger = 5.0 * self.dangers(cell, group)
        if any(u.item_count for u in group) and self.havens:
            return -min(distance(cell, h) for h in self.havens) - danger
        spots = [(p.under_items - 0.5 * p.under_disasters, p.cell) for p in self.v.places
                 if p.kind == "location" and not p.destroyed and p.under_items]
        if not spots:
            return -danger
        return max(3.0 + n - 1.5 * distance(cell, c) for n, c in spots) - danger

    # The rules ---------------------------------------------------------------
    def score(self, a: Action) -> float:
        v = self.v
        if isinstance(a, PlaceCard):
            return compactness(a.cell, self.places)
        if isinstance(a, Deal):  # an unseen Item near home, an unseen Disaster away from it
            home = min((distance(a.cell, h) for h in self.havens), default=0)
            return 0.5 + (0.1 * home if v.decision.pile == "disasters" else -0.1 * home)
        if isinstance(a, Retrieve):
            return 10.0 - self.units[a.char].item_count
        if isinstance(a, Drop):
            p = self.places[self.units[a.char].pos]
            mine = p.kind == "haven" and p.owner == v.seat
            return 8.0 if mine and self.g.card(a.card).type == "item" else -5.0
        if isinstance(a, PickUp):
            return 3.0 if self.g.card(a.card).type == "equipment" else -5.0
        if isinstance(a, Transfer):
            return -5.0
        if isinstance(a, Scavenge):
            group = self.mine_at(a.cell)
            return 7.0 if self.attack(group) >= 4 * self.places[a.cell].under_disasters else -1.0
        if isinstance(a, ContinueScavenging):
            return 3.0 if self.attack(self.mine_at(v.scavenging.cell)) >= 5 else -1.0
        if isinstance(a, StopScavenging):
            return 0.0
        if isinstance(a, AttackLocation):
            return -1.0
        if isinstance(a, Fight):
            d = self.units[a.disaster]
            group = self.mine_at(d.pos)
            return 5.0 if d.item_count and self.beats(group, d) else -3.0
        if isinstance(a, Declare):
            return self._declare(a)
        if isinstance(a, RunAway):
            return self._run_away()
        if isinstance(a, RunTo):
            return -min((distance(a.cell, h) for h in self.havens), default=0)
        if isinstance(a, Move):
            group = [self.units[c] for c in a.chars]
            if max(u.moved for u in group) >= RESTLESS:
                return -5.0  # some cards make moves free: no wandering for ever
            gain = self.worth(a.cell, group) - self.worth(group[0].pos, group)
            return gain - 0.5 + 0.1 * len(group) if gain > 0 else -1.0
        if isinstance(a, PlayCard):
            kind = self.g.card(a.card).type
            return {"character": 5.0, "equipment": 4.0, "enhancement": 3.0}.get(kind, -1.0)
        if isinstance(a, Engage):
            return 2.0 if a.role == "attack" else 1.0 if a.role == "protect" else 0.0
        if isinstance(a, Challenge):
            return -3.0
        if isinstance(a, EndPhase):
            return 0.0
        return -0.5

    def _declare(self, a: Declare) -> float:
        c = self.v.combat
        d = self.units[c.disaster]
        group = self.mine_at(c.cell)
        target = self.units.get(c.target)
        if a.role == "protect":
            return 4.0 if target is not None and target.item_count else 1.0
        if a.role == "attack":
            return 3.0 if self.attack(group) > self.ability(d, "defense") else 0.5
        return 0.0

    def _run_away(self) -> float:
        c = self.v.combat
        if c is None:
            duel = self.v.duel
            mine = self.mine_at(duel.cell)
            theirs = [u for u in self.v.units if u.pos == duel.cell and not u.disaster
                      and u.owner != self.v.seat]
            return 4.0 if self.attack(theirs) > 2 * self.attack(mine) else -1.0
        d = self.units[c.disaster]
        if c.round >= PATIENCE and not d.damage:
            return 6.0  # hurting nothing round after round: some rule keeps it from fighting
        return 6.0 if self.attack(self.mine_at(c.cell)) <= self.ability(d, "defense") else -1.0
