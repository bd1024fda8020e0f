"""What the table shows and what each gesture would do, from the viewer's
SeatView and legal actions only (R16: never the state).

Every legal action gets a gesture here: a click on something drawn, a drop of
something drawn on a target, or a button. `everything` lists them all, so the
"All actions" list can always finish a game with the mouse.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.placement import best, ranked
from game.engine import actions as A
from game.engine.cards import CardDB, CardDef, Modifier
from game.engine.decisions import Combat, Duel, FlashWindow, GuestTake
from game.engine.effects import use_limit
from game.engine.duel import haven_attacks
from game.engine.field import distance
from game.engine.view import STATS, PlaceView, SeatView, UnitView

# ("card", i) ("unit", i) ("cell", (x, y)); and where a card lands without a
# target: ("discard",) the viewer's panel, ("haven",) the viewer's Haven,
# ("off",) the Off Field strip, ("field",) anywhere on the Field.
Key = tuple

# Actions with no natural drag or click: always offered as buttons.
BUTTON_KINDS = (A.EndPhase, A.ContinueScavenging, A.StopScavenging, A.RunAway, A.Pass,
                A.Proceed, A.Command, A.BreakCharm, A.Retrieve, A.Scavenge,
                A.AttackLocation, A.BuildHaven, A.Answer, A.Order)


@dataclass
class Board:
    view: SeatView
    legal: list[A.Action]
    db: CardDB
    known: dict[int, str] = field(default_factory=dict)
    places: dict[tuple, PlaceView] = field(default_factory=dict)
    units_at: dict[tuple, list[UnitView]] = field(default_factory=dict)
    units: dict[int, UnitView] = field(default_factory=dict)
    click: dict[Key, list[A.Action]] = field(default_factory=lambda: defaultdict(list))
    drops: dict[Key, dict[Key, A.Action]] = field(default_factory=lambda: defaultdict(dict))
    moves: dict[frozenset, dict[tuple, A.Move]] = field(default_factory=lambda: defaultdict(dict))
    movable: set[int] = field(default_factory=set)
    buttons: list[A.Action] = field(default_factory=list)
    haven_acts: list[A.Action] = field(default_factory=list)  # the duel panel's buttons (R35)
    suggested: list[tuple] = field(default_factory=list)  # setup: cells to place on, best first
    best: set[tuple] = field(default_factory=set)  # the best three of them, and their ties
    best_for: dict[int, set[tuple]] = field(default_factory=dict)  # each card to place's
    first: int | None = None  # setup: the card to lay first, whose cells are `suggested`
    numbers: dict[int, int] = field(default_factory=dict)  # twins' numbers (_number_twins)
    unlit: set[Key] = field(default_factory=set)  # offered, not glowing: Characters' discards

    def __post_init__(self) -> None:
        v = self.view
        self.known = dict(v.known)
        self.places = {p.cell: p for p in v.places}
        for u in v.units:
            self.units[u.card] = u
            self.units_at.setdefault(u.pos, []).append(u)
        for a in self.legal:
            self._index(a)
        for targets in self.drops.values():  # (those _index found two actions for)
            for key in [k for k, a in targets.items() if a is None]:
                del targets[key]
        self._suggest()
        self._number_twins()

    def _number_twins(self) -> None:
        """A number for each face-up Character of a name its owner shows more than one of
        (a deck may hold two copies), in the order of their instances (the deck's): "Hero
        #2" on its token, its buttons, menus and log lines alike. So for a Disaster of a
        name more than one shows of, whoever's decks they came from: two "Kaiju" on the
        Field at once made "Kaiju attacks Kaede" anyone's. Only what every seat sees
        counts (the Field, the Bonked set aside, the discard piles), so each seat numbers
        them alike, a number never tells of a copy in a hand or a deck, and one stays
        that of its card while its twin is beaten."""
        shown: dict[tuple[int, str], list[int]] = defaultdict(list)
        for u in self.view.units:
            if (cd := self.card(u.card)) is not None:
                shown[-1 if u.disaster else u.owner, cd.name].append(u.card)
        for seat, s in enumerate(self.view.seats):
            for c in (*(c for c, _ in s.set_aside), *s.discard):
                if (cd := self.card(c)) is not None and cd.type in ("character", "disaster"):
                    shown[-1 if cd.type == "disaster" else seat, cd.name].append(c)
        self.numbers = {c: k + 1 for cards in shown.values() if len(cards) > 1
                        for k, c in enumerate(sorted(cards))}

    def _suggest(self) -> None:
        """Setup: the cells each card to place fits best (placement.fit, as the AI
        places), and those of the card to lay first: the Haven once R2 allows it, as
        the AI does, else the Location."""
        free: dict[int, list[tuple]] = defaultdict(list)
        for a in self.legal:
            if isinstance(a, A.PlaceCard):
                free[a.card].append(a.cell)
        if not free:
            return
        kinds = {c: p.kind for c, p in self.places.items()}
        havens = set(self.view.seats[self.view.seat].haven_to_place)
        for card, cells in free.items():
            self.best_for[card] = best(cells, kinds, card in havens)
        first = self.first = next((c for c in free if c in havens), next(iter(free)))
        self.suggested = ranked(sorted(free[first]), kinds, first in havens)
        self.best = self.best_for[first]

    def best_cells(self, held: Key | None) -> set[tuple]:
        """Setup: the best cells for the card held (clicked or dragged), else for the
        card to lay first."""
        return self.best_for.get(held[1], self.best) if held and held[0] == "card" else self.best

    def where(self, char: int) -> tuple[tuple[int, int], bool] | None:
        """A Character's cell and whether a Haven is there (words.Where); None for a
        card not on the Field."""
        u = self.units.get(char)
        return None if u is None else (u.pos, self.places[u.pos].kind == "haven")

    def stack(self) -> list:
        """The Flash Effects played and not yet resolved, the first played first (Rules
        for Flash Effects: last in, first out): public, each a StackEntry."""
        return [e for d in self.view.pending if isinstance(d, FlashWindow) for e in d.entries]

    def lasts_note(self, card: int) -> str | None:
        """How long a Flash Effect in play still lasts (Basic Terms, Duration: it is
        Discarded once the last of its lasting effects ends, R127): the longest of them,
        "the game", the most Turns left, "this Turn", then "this Combat"."""
        until = {x.until for x in self.view.lasting if x.source == card}
        turns = max((x.turns_left for x in self.view.lasting
                     if x.source == card and x.until == "turns"), default=0)
        if "game" in until:
            return "the game"
        if turns:
            return f"{turns} turn{'s' * (turns != 1)}"
        return "this Turn" if "turn" in until else "this Combat" if until else None

    def uses_note(self, card: int) -> str | None:
        """What a card in play with uses has left (Basic Terms, Uses: its printed
        uses last the game, each use once per Turn unless it says otherwise)."""
        cid = self.card_id(card)
        cd = self.db[cid] if cid else None
        if cd is None or not cd.effects_on("use"):
            return None
        used = dict(self.view.uses)
        left = None if cd.uses is None else cd.uses - used.get((card, -1), 0)
        if left is not None and left <= 0:
            return "no uses left"
        if all(used.get((card, i), 0) >= use_limit(e) for i, e in enumerate(cd.effects)
               if e.on == "use"):
            return "used this Turn"
        return None if left is None else f"{left} use{'s' * (left != 1)} left"

    def _index(self, a: A.Action) -> None:
        c, d = self.click, self.drops
        match a:
            case A.PlaceCard(card, cell):
                c[("cell", cell)].append(a)
                d[("card", card)][("cell", cell)] = a
            case A.Deal(cell):
                c[("cell", cell)].append(a)
            case A.DiscardCard(card) if card in self.units:
                # A Character in the Haven: its token clicked (a menu) or dragged onto the
                # player's panel. Discarded, it is Killed (guideline 2.3): offered, never
                # suggested by a glow.
                c[("unit", card)].append(a)
                d[("unit", card)][("discard",)] = a
                self.unlit.add(("unit", card))
            case A.DiscardCard(card):
                c[("card", card)].append(a)
                d[("card", card)][("discard",)] = a
            case A.PlayCard(card, target) if target is not None and target not in self.units:
                # On a Flash Effect on the stack: let go on its card, drawn Off Field
                # while it waits (s73), or anywhere on the Field, as a card with no
                # target, where it is the only one; else the click's menu says which
                # (s72: the drag said "Can't do that: ... Second Wind can take it now").
                c[("card", card)].append(a)
                drops = d[("card", card)]
                drops[("card", target)] = a
                drops[("field",)] = None if ("field",) in drops else a
            case A.PlayCard(card, target):
                c[("card", card)].append(a)
                d[("card", card)][self._landing(card) if target is None
                                  else ("unit", target)] = a
            case A.Move(chars, cell):
                self.moves[frozenset(chars)][cell] = a
                self.movable.update(chars)
            case A.Fight(dis) | A.Transform(dis):
                c[("unit", dis)].append(a)
            case A.Scavenge(cell) | A.AttackLocation(cell) | A.BuildHaven(cell) | A.RunTo(cell) \
                    | A.Challenge(_, cell):  # (AskPermission: only for a group chosen, s70)
                c[("cell", cell)].append(a)
            case A.BuildAccess(card, _, cell):
                c[("card", card)].append(a)
                c[("cell", cell)].append(a)
            case A.PlaceHaven(card, cell):
                c[("cell", cell)].append(a)
            case A.Engage(char, _, target) | A.CharmAttack(char, target) if char in self.units:
                # Combat between players: click a Character for its choices, or
                # drag it onto the one it attacks or protects.
                c[("unit", char)].append(a)
                if target != -1:
                    d[("unit", char)][("unit", target)] = a
            case A.Engage() | A.CharmAttack():
                self.haven_acts.append(a)  # a Haven fighting from next door has no token
            case A.Order(char, _, _) | A.Command("hand-over", char):
                # An order from the List of Actions: a click on the charmer (a Disaster's
                # Item handed over: on the Character it goes to).
                c[("unit", char)].append(a)
            case A.Retrieve(char):
                c[("unit", char)].append(a)
            case A.PickUp(card, char):
                c[("card", card)].append(a)
                d[("card", card)][("unit", char)] = a
            case A.Drop(card, char):
                c[("card", card)].append(a)
                d[("card", card)][("cell", self.units[char].pos)] = a
            case A.Transfer(card, _, dst):
                c[("card", card)].append(a)
                d[("card", card)][("unit", dst)] = a
            case A.Declare(char, _) | A.BreakCharm(char, _):
                c[("unit", char)].append(a)
            case A.UseEquipment(card, _):
                c[("card", card)].append(a)
            case A.UseCard(card, _, target):
                # A Character's own ability is used by clicking its token, a held
                # card's by clicking the card.
                c[("unit" if card in self.units else "card", card)].append(a)
                if target is not None:
                    d[("card", card)][("unit", target)] = a
        if isinstance(a, BUTTON_KINDS) or isinstance(a, A.Challenge) and isinstance(
                self.view.decision, GuestTake):  # fighting a guest's take: an answer
            self.buttons.append(a)

    def _landing(self, card: int) -> Key:
        """Where a card played without a target goes (issue 6, Drag and drop)."""
        kind = self.db[self.known[card]].type
        if kind == "global_effect":
            return ("off",)
        if kind in ("character", "equipment", "haven"):
            return ("haven",)
        return ("field",)

    # Reading the view ------------------------------------------------------
    def outlines(self, held: Key | None = None) -> dict[Key, str]:
        """How each click that acts is outlined, `held` the card clicked or dragged
        (TableFrame._draw_highlights draws this list, gilded reads it): "glow" a cell a
        click acts on (to Scavenge, deal to, run to; the set-up's compact ones: the words
        call them glowing, s42n), "open" a set-up cell the Field would sprawl from,
        "gold" any other (a token with an ability to use, a Disaster to Fight, a card).
        Never what is left unlit on purpose (a Character to discard, a review: the words
        showed with no gold), nor a token lit to move: its glow is drawn where the gold
        would be."""
        best = self.best_cells(held)
        d = self.view.decision
        run = isinstance(d, (Combat, Duel)) and d.stage == "run"
        out = {}
        for k in self.click:
            if k in self.unlit or k[0] == "unit" and k[1] in self.movable:
                continue
            if k[0] == "cell":
                out[k] = "open" if best and not (k[1] in best or run) else "glow"
            else:
                out[k] = "gold"
        return out

    def gilded(self, shows: Callable[[tuple], bool] = lambda cell: True) -> bool:
        """Whether the Field shows a gold outline (outlines): a token's, at a cell `shows`
        says is in view (a cell a click acts on glows, never gold, since s42y)."""
        return any(how == "gold" and k[0] == "unit" and k[1] in self.units
                   and shows(self.units[k[1]].pos) for k, how in self.outlines().items())

    def abled(self) -> list[int]:
        """The Characters a click offers an ability of (A.UseCard), outlined in gold
        (TableFrame._draw_highlights) unless lit to move."""
        return [k[1] for k, acts in self.click.items() if k[0] == "unit" and k[1] in self.units
                and k[1] not in self.movable and any(isinstance(a, A.UseCard) for a in acts)]

    def card_id(self, i: int) -> str | None:
        return self.known.get(i)

    def card(self, i: int) -> CardDef | None:
        """An instance's card, if the viewer may see it."""
        cid = self.known.get(i)
        return self.db[cid] if cid else None

    @property
    def hand(self) -> tuple[int, ...]:
        if self.view.seat < 0:  # the public view: nobody's hand
            return ()
        return self.view.seats[self.view.seat].hand or ()

    def to_place(self) -> list[int]:
        """Setup: the viewer's turned-over Location and Haven, shown where the hand goes
        (nobody's while the table shows no seat's view)."""
        if self.view.seat < 0:
            return []
        me = self.view.seats[self.view.seat]
        cards = [] if me.next_location is None else [me.next_location]
        return cards + list(me.haven_to_place[-1:])

    def modifiers(self, unit: int, ability: str) -> list[tuple[int, Modifier]]:
        """The modifiers of `ability` printed on the cards a Character has that the view
        shows counting now: its Equipment in use, Enhancements and (its owner's view)
        Items. Others (a Location's, a lasting effect's) are in its total only."""
        u = self.units[unit]
        out = []
        for i in [*u.using, *u.enhancements, *(u.items or ())]:
            cd = self.card(i)
            if cd is not None:
                costs = cd.costs_on(ability) if ability != "energy" else ()
                out += [(i, m) for m in (*cd.bonuses_on(ability), *costs)]
        return out

    def stored(self) -> list[tuple[tuple, int]]:
        """Cards stored in the Havens the viewer sees into, with the Haven's cell: its
        own, and another player's where it stands as a guest (R36)."""
        return [(p.cell, i) for p in self.view.places if p.stored for i in p.stored]

    def haven_of(self, card: int) -> tuple | None:
        """The cell of the viewer's Haven whose card is `card`, else None."""
        return next((c for c in self.my_havens() if self.places[c].card == card), None)

    def my_havens(self) -> list[tuple]:
        return [c for c, p in self.places.items()
                if p.kind == "haven" and p.owner == self.view.seat]

    def challengers(self, cell: tuple) -> tuple[list[int], list[int]]:
        """Who fights for the viewer if it begins Combat with another player's group at
        `cell` (duel.begin): its Characters there, and its Havens with Attack next to
        the cell if that is a Location (R35: they fight from next door, with or without
        Characters there)."""
        me = self.view.seat
        chars = [u.card for u in self.units_at.get(cell, []) if u.owner == me and not u.disaster]
        place = self.places.get(cell)
        if place is None:
            return chars, []
        return chars, [p.card for c, p in self.places.items() if p.kind == "haven"
                       and p.owner == me and haven_attacks(self.card(p.card), c, cell, place.kind)]

    def havens_beside(self) -> list[tuple]:
        """The cells of the Havens fighting from next door (R35) in the Combat between
        players under way, shown with its cell: framed alone, the Haven whose buttons
        the panel offered was out of view (s50)."""
        d = self.view.duel
        place = self.places.get(tuple(d.cell)) if d is not None else None
        if place is None:
            return []
        return sorted(c for c, p in self.places.items() if p.kind == "haven"
                      and not p.destroyed and p.owner in (d.attacker, d.defender)
                      and haven_attacks(self.card(p.card), c, tuple(d.cell), place.kind))

    def group_of(self, unit: int) -> list[int]:
        u = self.units[unit]
        return [o.card for o in self.units_at.get(u.pos, [])
                if o.owner == u.owner and not o.disaster]

    # Gestures ----------------------------------------------------------------
    def move_for(self, chars: set[int], cell: tuple) -> A.Move | None:
        return self.moves.get(frozenset(chars), {}).get(cell)

    def reachable(self, chars: set[int]) -> dict[tuple, A.Move]:
        return self.moves.get(frozenset(chars), {})

    def fewest_more(self, chars: set[int]) -> int | None:
        """How few Characters more `chars` need to move as one group (0: they move as
        they are); None where no move takes them all."""
        return min((len(group) - len(chars) for group in self.moves if group >= chars),
                   default=None)

    def drop_targets(self, src: Key, selection: set[int]) -> dict[Key, A.Action]:
        """Where the thing picked up may land, and the action each landing sends."""
        targets = dict(self.drops.get(src, {}))
        if src[0] == "unit" and src[1] in self.movable:
            group = selection if src[1] in selection else {src[1]}
            targets.update({("cell", cell): a for cell, a in self.reachable(group).items()})
        return targets

    def guess(self, src: Key, dst: Key, selection: set[int]) -> A.Action | None:
        """The action a refused drop meant, so the engine can say why not."""
        kind, i = src[0], src[1]
        if kind == "unit" and dst[0] in ("cell", "unit"):
            u = self.units.get(i)
            if u is None or u.disaster or u.owner != self.view.seat:
                return None
            group = selection if i in selection else {i}
            # Dropped on a token: a move to where it stands; where it is already, none.
            cell = dst[1] if dst[0] == "cell" else self.units[dst[1]].pos
            return A.Move(tuple(sorted(group)), cell) if cell != u.pos else None
        if kind != "card":
            return None
        if i in self.hand:
            if dst[0] == "unit":
                return A.PlayCard(i, dst[1])
            if dst[0] == "discard" or dst == ("seat", self.view.seat):
                return A.DiscardCard(i)
            return A.PlayCard(i)
        if i in self.to_place() and dst[0] == "cell":
            return A.PlaceCard(i, dst[1])
        holder = next((u.card for u in self.view.units
                       if i in (u.items or ()) or i in u.equipment), None)
        if holder is not None:
            if dst[0] == "unit":
                return A.Transfer(i, holder, dst[1])
            if dst[0] == "cell":
                return A.Drop(i, holder)
        elif dst[0] == "unit":
            return A.PickUp(i, dst[1])
        return None

    def only_buttons(self) -> list[A.Action]:
        """The buttons no click on the table or drop offers: the bar must show these."""
        elsewhere = {a for acts in self.click.values() for a in acts}
        elsewhere.update(a for targets in self.drops.values() for a in targets.values())
        return [a for a in self.buttons if a not in elsewhere]

    def everything(self) -> list[A.Action]:
        """Every legal action; the card to lay first on the cells it fits best first,
        so taking the first one does not lay a diagonal."""
        rank = {c: k for k, c in enumerate(self.suggested)}
        return sorted(self.legal, key=lambda a: (a.card != self.first, rank.get(a.cell, -1))
                      if isinstance(a, A.PlaceCard) else (False, -1))

    def focus(self, selection: set[int]) -> tuple[list[tuple], tuple | None]:
        """The cells the decision is about, for the camera to show, and the one to
        show first when they do not all fit: where the Combat, the Scavenging or the
        selected group is, else the best cell to place on, else the largest group."""
        v, cells = self.view, set()
        asked = v.under_way("haven_question")
        busy = v.combat or v.duel or v.scavenging or asked
        first = busy.cell if busy is not None else None
        cells.update(self.havens_beside())
        if selection:
            first = first or self.units[next(iter(selection))].pos
            cells.update(self.reachable(selection))
        else:
            keys = list(self.click) + [k for t in self.drops.values() for k in t]
            cells.update(k[1] for k in keys if k[0] == "cell")
            # Another's Haven a group may ask to stop at: a target still, though a click
            # there asks only with the group chosen (s70).
            cells.update(a.cell for a in self.legal if isinstance(a, A.AskPermission))
            cells.update(self.units[k[1]].pos for k in keys
                         if k[0] == "unit" and k[1] in self.units)
            home = self.landing()
            cells.update(home)
            groups = [self.units[u].pos for u in self.movable]
            if not cells and not groups:  # nothing to decide: where the viewer's own are
                groups = [u.pos for u in v.units if u.owner == v.seat and not u.disaster]
            cells.update(groups)
            # The Haven the cards land in before the largest group: at 960x540 the Equip
            # phase showed two Locations, and a card clicked went to a Haven out of view.
            first = first or (self.suggested[0] if self.suggested else None) or \
                (home[0] if home else None) or \
                (max(sorted(set(groups)), key=groups.count) if groups else None)
        if first is not None:
            cells.add(first)
        return sorted(cells), first or (min(cells) if cells else None)

    def landing(self) -> list[tuple]:
        """The viewer's Havens, where a card of the hand may be played to land now
        (a Character, Equipment: _landing); else none."""
        return self.my_havens() if any(("haven",) in t for t in self.drops.values()) else []

    def may_ask(self, cell, group) -> bool:
        """Whether `group` may be sent to `cell`, another player's Haven, its owner
        asked first (R36: another player "may not stop there without asking your
        permission"): not asked yet this Turn, and no further from each of the group
        than its Movement left (as the rules list the question), so no yes is asked
        for in vain."""
        units, go = self.units, STATS.index("movement")
        return bool(group) and A.AskPermission(cell) in self.legal and all(
            units[c].totals and distance(units[c].pos, cell) <= units[c].totals[go] -
            units[c].moved for c in group)

    def gestured(self) -> set[A.Action]:
        """Every action a click, a drop or a button sends (the rest only the list): a
        question at another's Haven, by choosing one who may go there, then the Haven."""
        out = set(self.buttons) | set(self.haven_acts)
        out.update(a for a in self.legal if isinstance(a, A.AskPermission)
                   and any(self.may_ask(a.cell, (c,)) for c in self.movable))
        for acts in self.click.values():
            out.update(acts)
        for targets in self.drops.values():
            out.update(targets.values())
        for cells in self.moves.values():
            out.update(cells.values())
        return out
