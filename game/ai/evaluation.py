"""How good a position is for one seat, from 0 (lost) to 1 (won): the search
levels score the worlds they play out with it.

The game is won on Items held (Game Objective, Winning the Game), so the
score is the seat's Items against its strongest rival (another seat or the
Disasters), an Item in a Haven counting more than one carried through danger,
plus what the seat is about to get: groups standing on Locations they can
Scavenge, carriers near home, Characters in play.
"""
from __future__ import annotations

import math

from game.engine import GameState
from game.engine.abilities import meets, total
from game.engine.field import distance
from game.engine.memo import reading

from .board import threats_at

CARRIED = 0.75  # an Item carried is worth less than one stored: a Disaster may take it
AT_RISK = 0.45  # ...and less again where a Combat Disaster stands
SCAVENGE_HOPE = 0.35  # an Item under a Location the seat's group there may Scavenge
HOME_PULL = 0.04  # per step a carried Item is away from the nearest Haven
CHARACTER = 0.06  # each Character in play: strength to Scavenge and protect with
SCALE = 0.9  # how sharply the margin turns into a win probability


def item_holdings(st: GameState) -> tuple[list[float], float]:
    """Each seat's Items (stored fully, carried at a discount) and the Disasters'."""
    g = st.game
    items = g.items
    seats = [0.0] * len(st.seats)
    disasters = float(len(items.intersection(st.destroyed)))
    for s in st.seats:
        disasters += len(items.intersection(s.discard))
    for p in st.places.values():
        if p.kind == "haven":
            seats[p.owner] += len(items.intersection(p.under))
    for u in st.units.values():
        if not u.items:
            continue
        n = len(items.intersection(u.items))
        if u.disaster:
            disasters += n
        else:
            risk = AT_RISK if threats_at(st, u.pos) else CARRIED
            seats[u.owner] += n * risk
    return seats, disasters


def evaluate(st: GameState, seat: int) -> float:
    r = st.result
    if r is not None:
        return 1.0 / len(r.winners) if seat in r.winners else 0.0
    with reading(st):
        seats, disasters = item_holdings(st)
        rival = max([disasters] + [x for i, x in enumerate(seats) if i != seat])
        return 1.0 / (1.0 + math.exp(-SCALE * (seats[seat] - rival + _prospects(st, seat))))


def _prospects(st: GameState, seat: int) -> float:
    """What the seat is about to get beyond the Items it holds: its Characters in play,
    less each carrier's walk home, and the Items under the Locations its groups stand on
    and meet, as far as the group's Attack is a match for the other backs there."""
    g = st.game
    havens = st.seats[seat].havens
    score = 0.0
    cells: dict = {}
    for u in st.units.values():
        if u.owner == seat and not u.disaster:
            cells.setdefault(u.pos, []).append(u)
            score += CHARACTER
            if u.items and havens:
                score -= HOME_PULL * len(u.items) * min(distance(u.pos, h) for h in havens)
    for cell, group in cells.items():
        p = st.places[cell]
        if p.kind != "location" or p.destroyed or not p.under:
            continue
        n_items = len(g.items.intersection(p.under))
        if n_items and meets(st, group, g.card(p.card).requires):
            backs = len(p.under) - n_items
            strength = sum(total(st, u, "attack") for u in group)
            score += SCAVENGE_HOPE * n_items * min(1.0, strength / (4.0 + 2.0 * backs))
    return score
