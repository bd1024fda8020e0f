"""The rule-based player: a score for every legal action, from plain priorities.

Go for Locations the group can Scavenge (their requirements met, Items under
them), fight what the group can beat, run from what it cannot hurt, protect a
Character carrying an Item, carry Items home and store them in the Haven. The
easy level plays it on a world sampled from its view, with some looseness; the
search levels play it in their playouts and use it to order their candidates.
It reads only what the acting seat could see in that world: positions,
abilities, and how many Items and other backs lie under each place.
"""
from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

from game.engine import Action, Game, GameState, apply_unchecked, legal_actions
from game.engine.abilities import health, meets, total
from game.engine.actions import (AttackLocation, BreakCharm, BuildHaven, Challenge,
                                 CharmAttack, Command, ContinueScavenging, Deal, Declare,
                                 DiscardCard, Drop, EndPhase, Engage, Fight, Move, Order, Pass,
                                 PickUp, PlaceCard, PlaceHaven, PlayCard, Proceed, Retrieve,
                                 RunAway, RunTo, Scavenge, StopScavenging, Transfer,
                                 Transform, UseEquipment)
from game.engine.charm import takes_part
from game.engine.combat import free_to_fight
from game.engine.effects import uses_left
from game.engine.field import distance, neighbours
from game.engine.horde import place_ability
from game.engine.lasting import TRANSFORMED, has_flag
from game.engine.locations import striking
from game.engine.memo import reading
from game.engine.scavenging import Stage, barred, location_health
from game.engine.state import Cell, Unit

from .board import (Ground, Total, bonks_one, can_beat, can_hurt, disaster_attack, disaster_fight,
                    fight, ground, group_attack, haven_attacks, items_under, may_attack,
                    out_charms, outmatched, spare_equipment, team_attack, threats_at, totals_at,
                    totals_fighting)
from .placement import fit

BLUNDER = -2.5  # a rule score this low is a move the search does not weigh
HAVEN_FIRST = 10.0  # above any Location's placement: the Haven goes down first (`_place`)
# A Combat between players' declarations and its Charm stage's moves (R34): taken as the
# rules read them in a fight the side is winning (`shortlist`).
FIGHTING_ON = (Engage, CharmAttack, BreakCharm, Proceed)
FOES_DANGER = 3.0  # an outmatching group of another player against a Disaster's 1
RESTLESS = 8  # Movement used this Turn after which a group stays put
SIEGE_TURN = 3.0  # a Turn more of attacking a Location to open it: two cells' walk (`_worth`)
PLAY_VALUE = {"character": 5.0, "equipment": 4.0, "enhancement": 3.5, "global_effect": 2.0}


@functools.lru_cache(maxsize=8)
def typical_defense(game: Game) -> float:
    """The median Defense of the Combat Disasters in the game's decks (public lists)."""
    values = sorted(c.defense for c in game.instances if c.is_combat_disaster)
    return values[len(values) // 2] if values else 0


def choose(st: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The best-scored of these actions, ties broken at random. The playouts hand it
    the engine's quick listing, in which only whole groups move: their shortcut, and
    what the rules prefer anyway. The danger of a cell is read with the strengths
    groups have now (`Scorer`, `there`): a playout scores every step."""
    scores = Scorer(st, there=False).scores(legal)
    top = max(scores)
    best = [a for a, s in zip(legal, scores) if s >= top - 1e-9]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


SHUFFLES = (PickUp, Drop, Transfer)  # free, and undoable: the way to loops for ever
AIMLESS = -0.3  # the score of a move to a cell no better for the group (`_move`)
NO_WAY = -0.5  # an attack in Combat between players that its side cannot get through
PROTECT_IDLE = -0.2  # guarding a Character no attack of the foes' gets through to
FLEE = 3.0  # `_run_away` this high: a Combat the rules run from (3.5 and up; 1.0 is a maybe)


def candidates(legal: Sequence[Action], scores: Sequence[float]) -> list[int]:
    """What a search weighs, best first: not the free Item shuffles the rules do not
    favour, nor moves to a cell no better for the group (searched, the noise of
    playouts took them and walked groups to and fro for ever: a move needs a reason
    the rules can name, a target nearer, danger further, home nearer with an Item),
    nor what the rules call a blunder."""
    def floor(a: Action) -> float:
        return 0.0 if isinstance(a, SHUFFLES) else AIMLESS + 1e-6 if isinstance(a, Move) \
            else BLUNDER
    keep = [i for i, a in enumerate(legal) if scores[i] > floor(a)]
    return sorted(keep or range(len(legal)), key=lambda i: -scores[i])


CLEAR = 3.0  # a rule score this far ahead of the next is taken without looking ahead


def shortlist(world: GameState, legal: Sequence[Action], width: int, setup: bool) -> list[int]:
    """The indices of what a search level weighs, the rules' best `width` candidates
    first, less a Move the rules would at once walk partly back (`_taken_back`) and,
    unless the rules take it first, a Move walking any of its movers back to where
    they stood when this Move phase began (`_walks_back`); only
    the rules' first choice where they leave no doubt (it is CLEAR points ahead) or
    the Field is still being laid, too far from any Item for a playout of a turn to
    tell placements apart; and the rules' declaration or Charm move in a
    Combat between players its side is winning: the reading that started the fight
    and keeps it from Running Away (`board.fight`) plays it to the end. Searched, a
    few dozen playouts, each drawing Combat cards, had hard guard one Knight with
    another instead of attacking, lose the fight and then flee it; and had normal and
    hard make a Charm attack its target out-Charms (R34), be Charmed by it, and flee."""
    scorer = Scorer(world)
    scores = scorer.scores(legal)
    ranked = candidates(legal, scores)
    # The Move phase's own moves only: a thief's getaway home is no walk back.
    start = dict(world.move_start) if world.top is not None and world.top.kind == "phase" \
        else {}
    order = list(itertools.islice(
        (i for i in ranked if not (i != ranked[0] and _walks_back(world, start, legal[i]))
         and not _taken_back(world, legal[i])), width)) or ranked[:width]
    if setup or len(order) == 1 or scores[order[0]] - scores[order[1]] >= CLEAR or (
            world.duel is not None and isinstance(legal[order[0]], FIGHTING_ON)
            and scorer.winning()):
        return order[:1]
    return order


def _walks_back(world: GameState, start: dict[int, Cell], a: Action) -> bool:
    """A Move taking any of its movers that has walked this phase back to the cell it
    stood at when this Move phase began (`start`, from `GameState.move_start`; one sent
    away without walking, by a Disaster or a Run Away, goes home for a reason): a walk
    there and back, which the playouts, never reading where anyone began, do not see
    (both legs the search's own took one Character of the quick demo out with her
    group, back alone, and on, where the rules walk her on in one move). Where the
    rules like it best, something done since names the reason (an Item taken to carry
    home)."""
    return isinstance(a, Move) and any(start.get(c) == a.cell and world.units[c].moved
                                       for c in a.chars)


def _taken_back(world: GameState, a: Action) -> bool:
    """A Move leaving some of the seat's Characters behind after which the rules, next,
    walk some of the movers back to where they came from: their best action, of every
    action listed (every split of every group), is such a move (a walk there and back
    with nothing done between). The playouts list moves of whole groups only
    (`legal_actions`, quick), so they never see the walk back (`_together` calls the
    movers home to those left), and the search took the leg for what it is not. Where
    the rules' best walks those left behind on (to the movers, or their own way), the
    leg is no shuttle. The walks back are scored first, then the rest until one does
    better: a leg the rules keep mostly stops early."""
    if not isinstance(a, Move):
        return False
    here = world.units[a.chars[0]].pos
    if all(u.card in a.chars for u in world.chars_at(world.current_seat(), here)):
        return False  # a whole group: the playouts read what follows
    after = world.clone()
    apply_unchecked(after, a)
    if after.current_seat() != world.current_seat():
        return False
    movers = set(a.chars)
    legal = legal_actions(after)
    back = [isinstance(b, Move) and b.cell == here and not movers.isdisjoint(b.chars)
            for b in legal]
    if not any(back):
        return False
    scorer = Scorer(after)
    with reading(after):
        top = max(scorer.score(b) for b, k in zip(legal, back) if k)
        return not any(scorer.score(b) > top + 1e-9 for b, k in zip(legal, back) if not k)


class Scorer:
    """Scores for the actions of the seat acting now; caches what several share.

    `there`: a cell's danger is read with the Attack and Defense a group would have
    standing there (`board.totals_at`) and fighting there (`armed`): a decision's
    reading. A playout's (`choose`) reads them as they are now: reading them there
    costs a playout step about a sixth more, as the playouts score every step, and
    fighting there (on the mirror level, whose decks' Akiko has "+1 Attack in Combat")
    a tenth more."""

    def __init__(self, st: GameState, there: bool = True):
        self.st = st
        self.there = there
        self.seat = st.current_seat()
        self.havens = st.seats[self.seat].havens
        self._spots: list[tuple[Cell, float, Unit | None]] | None = None
        self._worths: dict[tuple[int, ...], list[float | None | bool]] = {}  # by group
        self._values: dict[tuple[tuple[int, ...], Cell, tuple[int, ...]], float] = {}
        self._threats: dict[Cell, list[Unit]] | None = None
        self._foes: dict[Cell, dict[int, list[Unit]]] | None = None
        self._totals: dict[tuple[int, str], int] = {}
        self._danger: dict[tuple[tuple[int, ...], Cell], float] = {}
        self._fortified: dict[Cell, list[int]] | None = None
        self._carriers: list[Unit] | None = None

    def tot(self, st: GameState, u: Unit, ability: str) -> int:
        """abilities.total, once per unit and ability: the state does not change while
        its actions are scored."""
        key = (u.card, ability)
        if key not in self._totals:
            self._totals[key] = total(st, u, ability)
        return self._totals[key]

    def scores(self, legal: Sequence[Action]) -> list[float]:
        with reading(self.st):  # reading only: static effects worked out once per unit
            return [self.score(a) for a in legal]

    def score(self, a: Action) -> float:
        handler = _RULES.get(type(a))
        # Abilities of cards in play (UseCard) are beyond these rules: rather not.
        return handler(self, a) if handler is not None else _FIXED.get(type(a), -0.5)

    # Where to go ------------------------------------------------------------
    def spots(self) -> list[tuple[Cell, float, Unit | None]]:
        """Where a group may go for Items: Locations with Items under them, and Combat
        Disasters carrying Items (a Disaster Defeated drops its Item beneath the
        Location: Rules for Disasters). Each as (cell, the most it can be worth to any
        group, the Disaster or None): what it is worth to one group (`_worth`) is
        worked out only when `_best_target` asks, as the danger there and the Turns a
        siege takes only lower it. Most of a decision's time went to reading the worth
        of every target for every group a move makes."""
        if self._spots is None:
            st = self.st
            self._spots = []
            for cell, p in st.places.items():
                if p.kind == "location" and not p.destroyed:
                    n, backs = items_under(st, cell)
                    if n:
                        self._spots.append((cell, 6.0 + n - 0.6 * backs, None))
            self._spots += [(d.pos, 6.0 + len(d.items), d) for d in self.carriers()]
        return self._spots

    def _worth(self, group: list[Unit], spot: tuple[Cell, float, Unit | None]) -> float | None:
        """What a spot is worth to the group as a target: its most, less the danger
        there and the Turns of a siege of a Location whose requirements it lacks; None
        where it is no target of the group's: a Disaster it does not beat, a Location it
        can neither meet nor break into. Each is read with the seat's Characters already
        standing at the spot, as the group would be there: a Combat is the seat's whole
        group there, and "your Characters must 'attempt' the Location by trying to meet
        the requirements for the Location they are at" (Scavenge Phase). So a Location
        is the group's where it meets it with them and they do not alone (a Scout walks
        to a Bower, two females, where another stands), not where they Scavenge it
        without the group."""
        cell, most, d = spot
        key = {u.card for u in group}
        others = [u for u in self._group_at(cell) if u.card not in key]
        side = group + others
        siege = 0
        if d is not None:
            if not self._defeats(side, d, self.tot_at(cell, side)):
                return None
        elif not self._meets_there(cell, group, others) \
                and (siege := self._break_in(cell, group)) is None:
            return None
        return most - 3.0 * self.danger(cell, side) - SIEGE_TURN * siege

    def _meets_there(self, cell: Cell, group: list[Unit], others: list[Unit]) -> bool:
        """The group meets the requirements of the Location at `cell`: alone, or with
        the seat's Characters standing there (`others`) when those do not alone (they
        would Scavenge it without the group)."""
        st = self.st
        needs = st.game.card(st.places[cell].card).requires
        if meets(st, group, needs):
            return True
        return bool(others) and meets(st, group + others, needs) and not meets(st, others, needs)

    def _best_target(self, cell: Cell, group: list[Unit]) -> float:
        """The best of the group's targets from `cell`: its worth less 1.5 a cell of the
        walk there (0 if it has none). Read from the most each can be worth down, and
        no further than a target whose most cannot beat the best found: the worth is
        its most less what is never below nothing, so the answer is the same as
        reading every one."""
        spots = self.spots()
        key = tuple(u.card for u in group)
        worths = self._worths.get(key)
        if worths is None:  # False: not read yet (None: no target of the group's)
            worths = self._worths[key] = [False] * len(spots)
        best = None
        for bound, i, walk in sorted([(most - 1.5 * (d := distance(cell, t)), i, d)
                                      for i, (t, most, _) in enumerate(spots)], reverse=True):
            if best is not None and bound <= best:
                break
            worth = worths[i]
            if worth is False:
                worth = worths[i] = self._worth(group, spots[i])
            if worth is not None:
                value = worth - 1.5 * walk
                if best is None or value > best:
                    best = value
        return 0.0 if best is None else best

    def _break_in(self, cell: Cell, group: list[Unit]) -> int | None:
        """The Turns beyond the first the group's attacks take to open the Location at
        `cell`, whose requirements it lacks: "If a Location has Defense, you can
        Scavenge it without the necessary skills by attacking it. You get 1 attack per
        Turn" (Rules for Locations), from the Health its seat's attack under way left
        (R51). None where its attack does not get through, the Location bars one of
        them, or it would strike them each Turn (R24)."""
        st = self.st
        place = st.places[cell]
        if st.game.card(place.card).defense is None or any(
                st.game.card(u.card).id in barred(st, cell) for u in group):
            return None
        tot = self.tot_at(cell, group)
        if striking(st, cell, group) > min(tot(st, u, "defense") for u in group):
            return None
        left = location_health(st, cell, self.seat)
        if left <= 0:
            return 0
        through = sum(tot(st, u, "attack") for u in group if not has_flag(st, u, "no_action")) \
            - place_ability(st, place.card, "defense")
        return -(-left // through) - 1 if through > 0 else None

    def carriers(self) -> list[Unit]:
        """Combat Disasters carrying Items: once the Locations' Items are all taken, the
        only Items left to win, which no move would go for when only Locations were
        targets (every seat sat in its Haven to the round limit)."""
        if self._carriers is None:
            g = self.st.game
            self._carriers = [u for u in self.st.units.values() if u.disaster and u.items
                              and g.card(u.card).is_combat_disaster]
        return self._carriers

    def threats(self, cell: Cell) -> list[Unit]:
        if self._threats is None:
            self._threats = {}
            for cell_ in {u.pos for u in self.st.units.values() if u.disaster}:
                self._threats[cell_] = threats_at(self.st, cell_)
        return self._threats.get(cell, [])

    def foes(self, cell: Cell) -> dict[int, list[Unit]]:
        """Other players' Characters at a cell, by seat."""
        if self._foes is None:
            self._foes = {}
            for u in self.st.units.values():
                if not u.disaster and u.owner != self.seat:
                    self._foes.setdefault(u.pos, {}).setdefault(u.owner, []).append(u)
        return self._foes.get(cell, {})

    def danger(self, cell: Cell, group: list[Unit]) -> float:
        """What at a cell would beat the group standing there (with what the cell and
        its companions there give it): Combat Disasters it cannot beat, and, weighing
        FOES_DANGER each, other players' groups that outmatch it in Combat between
        players, or their Havens next to it alone (R35 b) (a Disaster may be run from;
        a player picks its moment)."""
        threats, foes, forts = self.threats(cell), self.foes(cell), self.fortified(cell)
        if not threats and not foes and not forts:
            return 0.0
        key = (tuple(u.card for u in group), cell)
        found = self._danger.get(key)
        if found is None:
            st, tot = self.st, self.tot_at(cell, group)
            sides = {**{seat: [] for seat in forts}, **foes}
            found = self._danger[key] = (
                sum(not can_beat(st, group, d, tot) for d in threats)
                + FOES_DANGER * sum(outmatched(st, group, side,
                                               self.armed(cell, group, seat, side, tot,
                                                          self.there),
                                               self._ground(cell, group, seat, side))
                                    for seat, side in sides.items()))
        return found

    def fortified(self, cell: Cell) -> list[int]:
        """The other players whose Havens attack at a cell (R35). Worked out once, from
        the Havens with Attack: most have none, and every cell a group might stand on
        is asked."""
        if self._fortified is None:
            st = self.st
            near = {n for seat, s in enumerate(st.seats) if seat != self.seat
                    for h in s.havens if st.game.card(st.places[h].card).ability("attack")
                    for n in neighbours(h)}
            self._fortified = {c: seats for c in near if (seats := [
                seat for seat in range(len(st.seats))
                if seat != self.seat and haven_attacks(st, seat, c)])}
        return self._fortified.get(cell, [])

    def tot_at(self, cell: Cell, group: list[Unit]) -> Total:
        """tot, with the group's Attack and Defense as they would be at `cell`."""
        there = totals_at(self.st, group, cell) if self.there else None
        if not there:
            return self.tot

        def tot(st: GameState, u: Unit, ability: str) -> int:
            value = there.get((u.card, ability))
            return self.tot(st, u, ability) if value is None else value
        return tot

    def armed(self, cell: Cell, group: list[Unit], foe: int, foes: list[Unit],
              base: Total, fighting: bool = True) -> Total:
        """`base`, with both sides' Attack and Defense as they would be in a Combat
        between players at `cell` (`board.totals_fighting`: "+1 Attack in Combat"), and
        the foes' Equipment not used this Turn put to use (`board.spare_equipment`), as
        it may be once the fight starts: a fight read before it starts as it would go
        once under way (`_duel_reading`), so the rules neither start one they then flee
        nor walk alone into one they would lose. Without `fighting`, the totals of now."""
        there = totals_fighting(self.st, cell, self.seat, group, foe, foes) if fighting else {}
        mine = {u.card for u in group}

        def tot(st: GameState, u: Unit, ability: str) -> int:
            value = there.get((u.card, ability))
            if value is None:
                value = base(st, u, ability)
            return value if u.card in mine else value + spare_equipment(st, u, ability)
        return tot

    def place_value(self, cell: Cell, group: list[Unit], company: Sequence[Unit] = ()) -> float:
        """How good it is for the group to stand at a cell, with the danger there read
        for it and the `company` of its seat standing there too: a Combat there is
        fought by all of them (R33, R35)."""
        key = (tuple(u.card for u in group), cell, tuple(u.card for u in company))
        if key not in self._values:
            self._values[key] = self._place_value(cell, group, list(company))
        return self._values[key]

    def _place_value(self, cell: Cell, group: list[Unit], company: list[Unit]) -> float:
        danger = self.danger(cell, group + company)
        if any(u.items for u in group):
            home = min((distance(cell, h) for h in self.havens), default=0)
            return 10.0 - 2.0 * home - 4.0 * danger
        return self._best_target(cell, group) - 1.0 * danger

    def _group_at(self, cell: Cell) -> list[Unit]:
        return self.st.chars_at(self.seat, cell)

    # The rules, one per kind of action --------------------------------------
    def _move(self, a: Move) -> float:
        group = [self.st.units[c] for c in a.chars]
        here = group[0].pos
        if max(u.moved for u in group) >= RESTLESS:
            return -5.0  # some cards make moves free: never wander to and fro for ever
        stay = [u for u in self._group_at(here) if u.card not in a.chars]
        there = self._group_at(a.cell)
        # Danger read for the movers alone where others stay with them made leaving
        # look a gain: a Character walked out of its group and back all Move phase.
        gain = (self.place_value(a.cell, group, there) - self.place_value(here, group, stay)
                + self._together(a.cell, there, group) - self._together(here, stay, group))
        # Bigger groups first among the moves that gain; a move that gains nothing is none.
        return gain + AIMLESS + (0.2 * len(group) if gain > 0 else 0.0)

    def _together(self, cell: Cell, others: list[Unit], group: list[Unit]) -> float:
        """What the group and others of its seat at a cell are worth there beyond what
        each is worth alone: a Location whose requirements they meet only together,
        danger they stand up to only together. Never below nothing: a carrier among
        them does not make the others' prospects worth less."""
        if not others:
            return 0.0
        # Beyond the better of the others alone and the group in their company: a place
        # value is a whole group's, not a sum over its members, so "less each alone"
        # would count a bad cell twice; and `_move` has the group's value in their
        # company already, which the group's alone (its danger read alone) left out
        # here once more.
        return max(0.0, self.place_value(cell, others + group)
                   - max(self.place_value(cell, others), self.place_value(cell, group, others)))

    def _place(self, a: PlaceCard) -> float:
        """Where the Field stays compact and grows around the Havens (placement.fit);
        a Haven as soon as R2 allows (HAVEN_FIRST)."""
        st = self.st
        places = {c: p.kind for c, p in st.places.items()}
        if st.game.card(a.card).type != "haven":
            return fit(a.cell, places, haven=False)
        return HAVEN_FIRST + fit(a.cell, places, haven=True)

    def _deal(self, a: Deal) -> float:
        """Setup: an unseen Item near home, an unseen Disaster away from it."""
        top = self.st.top
        home = min((distance(a.cell, h) for h in self.havens), default=0)
        return 0.5 + (0.1 * home if top.pile == "disasters" else -0.1 * home)

    def _play(self, a: PlayCard) -> float:
        st = self.st
        if st.flash_stack or st.combat is not None:
            return -0.5  # Flash Effects: their effects are beyond these rules
        return PLAY_VALUE.get(st.game.card(a.card).type, -0.5)

    def _pick_up(self, a: PickUp) -> float:
        return 3.0 if self.st.game.card(a.card).type == "equipment" else -2.0

    def _drop(self, a: Drop) -> float:
        st = self.st
        u = st.units[a.char]
        p = st.places[u.pos]
        stored = p.kind == "haven" and p.owner == self.seat
        return 6.0 if stored and st.game.card(a.card).type == "item" else -3.0

    def _transfer(self, a: Transfer) -> float:
        st = self.st
        if st.game.card(a.card).type != "item":
            return -1.0
        src, dst = st.units[a.src], st.units[a.dst]
        return 0.3 * (self.tot(st, dst, "defense") - self.tot(st, src, "defense")) - 0.8

    def _transform(self, a: Transform) -> float:
        """A transformation costs the move: worth it for a form printed stronger, never
        for one whose Health the Damage carried uses up (Bonked at once, R116), nor for
        one that shuts its group in a Combat it would run from (`_shuts_in`)."""
        g = self.st.game
        now = g.card(a.char)
        other = g.db[now.other_form]
        if other.base_health <= self.st.units[a.char].damage:
            return -5.0
        if self._shuts_in(a):
            return BLUNDER - 1.0
        gain = sum((other.ability(x) or 0) - (now.ability(x) or 0) for x in ("attack", "defense"))
        return 1.0 + 0.5 * gain if gain > 0 else -1.0

    def _shuts_in(self, a: Transform) -> bool:
        """Transformed in a Combat, the Character "cannot be moved that Turn except by a
        Disaster" (Rules for Transforming), so its group may not Run Away (R114 to
        R116): true where the Combat, read with the new form, is still one the rules
        run from (`_run_away` at FLEE or more), and no Character of the group has
        transformed already (the bar a transformation adds to Running Away; combat.py
        and duel.py also keep it to a round's beginning, which comes again).
        Read on a copy with the transformation made, seldom: only a deck with a
        2-card transforming Character offers one, and only in its Move phase."""
        st = self.st
        combat = st.combat or st.duel
        u = st.units[a.char]
        if combat is None or u.pos != combat.cell or any(
                has_flag(st, x, TRANSFORMED) for x in self._group_at(u.pos)):
            return False
        after = st.clone()
        apply_unchecked(after, a)
        return Scorer(after, self.there)._run_away(RunAway()) >= FLEE

    def _scavenge(self, a: Scavenge) -> float:
        group = self._group_at(a.cell)
        _, backs = items_under(self.st, a.cell)
        return 7.0 - (2.0 * backs if self._weak(group) else 0.0)

    def _weak(self, group: list[Unit]) -> bool:
        """The group's attack does not get through a typical Disaster's Defense."""
        return group_attack(self.st, group, self.tot) <= typical_defense(self.st.game)

    def _attack_location(self, a: AttackLocation) -> float:
        st = self.st
        defense = place_ability(st, st.places[a.cell].card, "defense")
        return 4.0 if group_attack(st, self._group_at(a.cell), self.tot) > defense else -1.0

    def _continue(self, a: ContinueScavenging) -> float:
        return -1.0 if self._weak(self._group_at(self.st.scavenging.cell)) else 3.0

    def _stop(self, a: StopScavenging) -> float:
        return -5.0 if self.st.scavenging.stage == Stage.RETRIEVE else 0.0

    def _retrieve(self, a: Retrieve) -> float:
        u = self.st.units[a.char]
        return 10.0 + 0.3 * self.tot(self.st, u, "defense") - 0.5 * len(u.items)

    def _fight(self, a: Fight) -> float:
        d = self.st.units[a.disaster]
        if not self._defeats(self._group_at(d.pos), d, self.tot):
            return -3.0
        return 5.0 if d.items else -1.0

    def _defeats(self, group: list[Unit], d: Unit, tot: Total) -> bool:
        """The group beats the Disaster (`can_beat`, no Charm Combat to lose) and, played
        out as the rules read whether to Run Away (`disaster_fight`, its worst pick of
        target), Defeats it: `can_beat` asks only that one of the group outlasts it, and
        a Fight started on it alone was fled once the weaker were Bonked."""
        st = self.st
        return can_beat(st, self._fighters(group), d, tot) and out_charms(st, group, d, tot) \
            and disaster_fight(st, group, d, None, tot, striking(st, d.pos, group)).defeated

    def _combat_parts(self):
        st = self.st
        c = st.combat
        return c, st.units[c.disaster], self._group_at(c.cell), st.units.get(c.target)

    def _fighters(self, group: list[Unit]) -> list[Unit]:
        """Who of the group may attack a Disaster: No Action and a Vehicle keep the
        others out. A Character that lost a Charm Combat counts: its Charm is over
        once the Disaster attacks it."""
        return [u for u in group if free_to_fight(self.st, u)]

    def _declare(self, a: Declare) -> float:
        st = self.st
        c, d, group, target = self._combat_parts()
        fighters = self._fighters(group)
        hurt = can_hurt(st, fighters, d, self.tot)
        if a.role == "attack":
            return 3.0 if hurt else 0.3
        if a.role == "protect":
            if target is not None and target.items:
                others = [u for u in fighters if u.card != a.char]
                return 4.5 if not hurt or can_hurt(st, others, d, self.tot) else 2.5
            tough = target is not None and \
                self.tot(st, d, "attack") > self.tot(st, target, "defense")
            return 2.0 if tough else 1.0
        return 0.0

    def _run_away(self, a: RunAway) -> float:
        st = self.st
        if st.combat is None:
            return self._duel_run()
        c, d, group, target = self._combat_parts()
        fighters = self._fighters(group)
        if not can_hurt(st, fighters, d, self.tot):
            return 6.0  # a Combat it cannot win goes on until it runs (Combat with a Disaster)
        played = disaster_fight(st, group, d, target, self.tot,
                                striking(st, c.cell, group))
        final_bonks = target is not None and disaster_attack(st, d, self.tot) \
            - self.tot(st, target, "defense") >= health(st, target)
        if not played.standing and not played.defeated and (len(group) > 1 or not final_bonks):
            return 5.0  # all Bonked if it stays; after the final, unanswered attack some stand
        if any(u.items for u in group) and not can_beat(st, fighters, d, self.tot) and (
                played.carriers_bonked or not played.defeated) and not (
                played.defeated and final_bonks and target.items):
            # Not beaten in about two rounds, nor, played out, Defeated with every carrier
            # standing (a Disaster that gets through to nobody is beaten however long);
            # and not where the final attack Bonks the carrier it targets, which staying
            # trades for the Disaster's Defeat.
            return 3.5
        return -1.0

    # Combat between players (R33, R34) ------------------------------------------
    def _duel_foe(self) -> int:
        d = self.st.duel
        return d.defender if self.seat == d.attacker else d.attacker

    def _duel_sides(self) -> tuple[list[Unit], list[Unit]]:
        cell = self.st.duel.cell
        return self.st.chars_at(self.seat, cell), self.st.chars_at(self._duel_foe(), cell)

    def _challenge(self, a: Challenge) -> float:
        """Only a fight it wins, against Characters carrying Items (they drop under the
        Location, R33 d, where its group stands to Scavenge them): the reading that
        keeps it from Running Away once it is in (`_duel_run`), which sees a freeze once
        it is made, with the freezes the foes could make still to come (`_frozen`), so
        it never starts a fight it then flees; with the foes' Havens next to the cell
        attacking (R35), and both sides as they would be once it starts (`armed`)."""
        st = self.st
        group, foes = self._group_at(a.cell), st.chars_at(a.seat, a.cell)
        carriers = sum(1 for u in foes if u.items)
        if not carriers:
            return BLUNDER - 1.0
        mine_left, theirs = fight(st, group, foes,
                                  self.armed(a.cell, group, a.seat, foes, self.tot),
                                  self._frozen(group, foes, self._charmable(group, foes)),
                                  self._ground(a.cell, group, a.seat, foes))
        if theirs or not mine_left:
            return BLUNDER - 1.0
        return 2.0 + 1.5 * carriers

    def _ground(self, cell: Cell, group: list[Unit], foe: int, foes: list[Unit]) -> Ground:
        """What `cell` adds to a fight there of `group` against `foe`'s `foes` (R24, R35)."""
        return ground(self.st, cell, self.seat, group, foe, foes)

    def _charmable(self, group: list[Unit], foes: list[Unit]) -> frozenset[int]:
        """Those of the group the foes could Charm before the rounds (R12, R34): each
        foe that takes part makes one Charm attack, on the strongest it out-Charms, and
        orders it not to attack. Counted as if every attack Charms; that the group may
        Charm first is left out: a fight it starts must not hang on Charm."""
        st = self.st
        if not st.game.options.charm_combat:
            return frozenset()
        open_ = sorted((u for u in group if takes_part(st, u)),
                       key=lambda u: -self.tot(st, u, "attack"))
        out = set()
        for f in sorted((f for f in foes if takes_part(st, f)
                         and not has_flag(st, f, "no_action")),
                        key=lambda f: -self.tot(st, f, "charm")):
            u = next((u for u in open_ if u.card not in out
                      and self.tot(st, u, "charm") < self.tot(st, f, "charm")), None)
            if u is not None:
                out.add(u.card)
        return frozenset(out)

    def _frozen(self, group: list[Unit], foes: list[Unit],
                charmed: frozenset[int]) -> frozenset[int]:
        """`charmed`, and those of the group the foes' own abilities could make No Action
        once the fight starts: each foe whose card has such a use on an opponent's
        Character at its Location, the target made No Action (Yukiha Shimotsuki's
        freeze; not a drawback on the user), its conditions not read, unused this Turn and
        within its Energy (what it spent comes back a point a round of the fight),
        freezes the strongest left. Abilities are otherwise beyond these rules;
        unread, this one turned a fight they started into one they fled."""
        st = self.st
        out = set(charmed)
        for f in foes:
            if has_flag(st, f, "no_action"):
                continue
            for i, e in enumerate(st.game.card(f.card).effects):
                if e.on == "use" and e.target is not None and e.target.owner == "opponent" \
                        and e.target.at == "here" \
                        and any(x.kind == "no_action" and x.to == "target" for x in e.steps) \
                        and uses_left(st, f.card, i, e) \
                        and self.tot(st, f, "energy") + f.spent >= e.energy:
                    u = max((u for u in group if u.card not in out and may_attack(st, u)),
                            key=lambda u: self.tot(st, u, "attack"), default=None)
                    if u is not None:
                        out.add(u.card)
                    break  # one freeze a foe
        return frozenset(out)

    def _duel_reading(self) -> tuple[int, int]:
        """The Combat between players under way played out (`board.fight`): how many of
        each side, this seat's first, stand."""
        group, foes = self._duel_sides()
        return fight(self.st, group, foes, self.tot,
                     ground=self._ground(self.st.duel.cell, group, self._duel_foe(), foes))

    def winning(self) -> bool:
        """In the Combat between players under way, this seat's side wins as read."""
        mine, theirs = self._duel_reading()
        return theirs == 0 and mine > 0

    def _duel_run(self) -> float:
        mine, theirs = self._duel_reading()
        if theirs == 0 and mine > 0:
            return BLUNDER - 1.0  # a fight it is winning: stand
        if mine == 0 and theirs > 0:
            return 5.0
        group, foes = self._duel_sides()
        return -0.2 if bonks_one(self.st, group, foes, self.tot) else 1.0

    def _engage(self, a: Engage) -> float:
        st = self.st
        u, t = st.units.get(a.char), st.units.get(a.target)
        if a.role == "attack" and t is not None:
            defense = self.tot(st, t, "defense")
            on = [st.units[w] for w, r, x in st.duel.declared
                  if r == "attack" and x == t.card and w in st.units]  # its side's, so far
            if u is None or self.tot(st, u, "attack") > defense:  # a Haven's, or one that hurts
                hurts = 3.0
            elif team_attack(st, self._duel_sides()[0], self.tot) > defense:
                hurts = 1.2  # with the rest of its side: above guarding one without Items
            else:
                # Its whole side cannot get through: the attack only draws the target a
                # Combat card. Below doing nothing, so that where neither side can hurt
                # the other, nobody attacks and the Combat ends (R44) instead of going on
                # for ever ("Combat continues until" one side is Bonked or Runs Away).
                return NO_WAY
            if self._bonks(on, t):
                return hurts - 2.0  # Bonked already by those declared: strike elsewhere
            bonks = 2.0 if u is not None and self._bonks(on + [u], t) else 0.0
            return hurts + bonks + (0.5 if on else 0.0) + (1.0 if t.items else 0.0)
        if a.role == "protect" and t is not None:
            if self._foes_reach() <= self.tot(st, t, "defense"):
                # Nothing of theirs gets through to it: guarding it only takes the
                # protector's Damage, and keeps its attack out of the fight.
                return PROTECT_IDLE
            return 2.5 if t.items else 1.0
        return 0.0

    def _foes_reach(self) -> int:
        """At most what the other side's attacks on one of ours come to, Combat cards
        left out: three Characters teamed (R33 b) and every Haven of theirs next to the
        cell (R35; a Haven counts among the three, so this is a bound)."""
        foes = self._duel_sides()[1]
        forts = haven_attacks(self.st, self._duel_foe(), self.st.duel.cell)
        return team_attack(self.st, foes, self.tot) + sum(forts)

    def _bonks(self, on: list[Unit], t: Unit) -> bool:
        """These attacks together Bonk the target this round. `board.fight` reads a
        side as going first for a foe it can Bonk; the attacks follow that reading."""
        if not on:
            return False
        st = self.st
        attack = sum(self.tot(st, w, "attack") for w in on)
        return attack - self.tot(st, t, "defense") >= health(st, t)

    def _charm_attack(self, a: CharmAttack) -> float:
        st = self.st
        mine = self.tot(st, st.units[a.char], "charm")
        return 1.5 if mine > self.tot(st, st.units[a.target], "charm") else -1.0

    def _order(self, a: Order) -> float:
        return 2.0 if a.order == "hand-over" else 1.0

    def _run_to(self, a: RunTo) -> float:
        home = min((distance(a.cell, h) for h in self.havens), default=0)
        return -home - 2.0 * len(threats_at(self.st, a.cell))

    def _command(self, a: Command) -> float:
        d = self.st.units[self.st.combat.disaster]
        return 2.0 if a.order == "hand-over" and d.items else 1.0 if a.order == "no-attack" else 0.5

    def _discard(self, a: DiscardCard) -> float:
        """A card is kept (one drawn for it is no better, as far as the rules know); a
        Character in the Haven discarded is Killed for good (guideline 2.3): a blunder,
        never weighed by the search."""
        return BLUNDER - 1.0 if a.card in self.st.units else -1.0

    def _use_equipment(self, a: UseEquipment) -> float:
        """A piece worth its drawbacks and cost is put to use."""
        card = self.st.game.card(a.card)
        net = sum(m.value if m.op in ("+", "x") else -m.value for m in card.bonuses
                  if m.op != "=")
        cost = sum(m.value for m in card.costs if m.ability == "energy")
        return 1.0 + 0.5 * net - 0.5 * cost if net > 0 else -1.0


# Actions scored the same wherever they are taken: ending a phase, passing and going on
# are the baseline every other score is against; a built Haven placed is never lost.
_FIXED = {EndPhase: 0.0, Pass: 0.0, Proceed: 0.0, BreakCharm: 1.0, BuildHaven: 6.0,
          PlaceHaven: 5.0}
_RULES = {
    Move: Scorer._move, PlaceCard: Scorer._place, Deal: Scorer._deal, PlayCard: Scorer._play,
    PickUp: Scorer._pick_up, Drop: Scorer._drop, Transfer: Scorer._transfer,
    Scavenge: Scorer._scavenge, AttackLocation: Scorer._attack_location,
    ContinueScavenging: Scorer._continue, StopScavenging: Scorer._stop,
    Retrieve: Scorer._retrieve, Fight: Scorer._fight, Declare: Scorer._declare,
    RunAway: Scorer._run_away, RunTo: Scorer._run_to, Command: Scorer._command,
    DiscardCard: Scorer._discard, UseEquipment: Scorer._use_equipment,
    Challenge: Scorer._challenge, Engage: Scorer._engage,
    CharmAttack: Scorer._charm_attack, Order: Scorer._order, Transform: Scorer._transform,
}
