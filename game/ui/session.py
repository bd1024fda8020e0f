"""A game in the window: the match (game/match.py: the game, who sits where, the
seats' generators), whose seat the table shows, and the AI worker.

The session is the match controller (ARCHITECTURE.md, The window): it plays the
match's loop, keeps the queue of events still to animate, and runs AI decisions
in a worker process so frames never stall. Scenes read only `view()` (the seat in
`viewer`) and the events' seat shares.
"""
from __future__ import annotations

import dataclasses
import multiprocessing as mp
import os
import queue
import signal
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai import LEVELS, make_agent
from game.engine import (Action, Event, Game, GameState, Options, SeatView, legal_actions, view,
                         why_not)
from game.engine.abilities import equipment_usable
from game.engine.actions import Pass
from game.engine.cardfile import DEFAULT_CARDS_DIR, load_cards
from game.engine.decks import DEFAULT_DECKS_DIR, Deck, check_legal, load_decks
from game.engine.errors import LoadError
from game.engine.events import ALL_SEE
from game.engine.flash import FlashWindow
from game.engine.levels import MAX_ROUND_LIMIT, MAX_SEATS, load_level
from game.engine.save import Record, Replay, save
from game.engine.scavenging import scavenge_stop
from game.engine.state import SETUP
from game.engine.tally import item_counts
from game.engine.terrain import unit_symbols
from game.match import Match, Question, fresh_keys, load_game

from .table.paint import whose_turn
from .table.words import KIND_NAMES, PHASE_NAMES

if TYPE_CHECKING:
    from .guide import Guide

SEAT_KINDS = ("human", "ai:easy", "ai:normal", "ai:hard", "ai:random")
# The AI that makes a person's set-up choices when they hand them over (Set up for me):
# normal, the better placer of the two quick levels, at 0.4 ms a set-up choice (median
# on the standard level; 1.7 ms the most), made here rather than by the worker.
SET_UP_HELPER = "normal"


@dataclass
class SessionConfig:
    level: str  # a level file, e.g. levels/quick_demo.yaml
    seats: list[str]  # one of SEAT_KINDS per seat
    decks: list[str] = field(default_factory=list)  # deck ids per seat; empty: the level's
    charm_combat: bool = True
    round_limit: int | None = None  # None: the level's
    seed: int = 0


def ai_level(kind: str) -> str:
    """The agent level a seat kind asks for, or the nearest one written so far.

    AI levels arrive one by one; until 'hard' exists a hard seat plays the
    strongest level there is, so a remembered setup never fails to start."""
    want = kind.partition(":")[2]
    if want in LEVELS:
        return want
    for level in ("hard", "normal", "easy", "random"):
        if level in LEVELS:
            return level
    raise KeyError(f"no AI level for seat kind {kind!r}")


def build_game(config: SessionConfig, cards: Path = DEFAULT_CARDS_DIR,
               known: Mapping[str, Deck] | None = None) -> Game:
    """The Game a config describes, loaded and checked as simulate's are (match.load_game);
    with no level (a saved game of a level from elsewhere), its decks and options.
    `known`: the deck files read already (App.decks), else read here."""
    n = len(config.seats)
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"a game has 1 to {MAX_SEATS} seats")
    if len(config.decks) > n:  # the ones past the seats were dropped without a word
        raise ValueError(f"{len(config.decks)} decks were named for {n} seat{'s' * (n > 1)}: "
                         "name at most one deck for each seat (an empty name keeps the "
                         "level's deck)")
    if config.round_limit is not None and (type(config.round_limit) is not int  # 20.0
                                           or not 1 <= config.round_limit <= MAX_ROUND_LIMIT):
        raise ValueError(f"the round limit must be a whole number from 1 to {MAX_ROUND_LIMIT}")
    if not config.level:
        if len(config.decks) != n:
            raise ValueError("a game without a level needs a deck for every seat")
        db = load_cards(cards)
        if known is None or any(d not in known for d in config.decks):  # (match.load_games)
            known = load_decks(DEFAULT_DECKS_DIR, db)
        unknown = [d for d in config.decks if d not in known]
        if unknown:
            raise ValueError(f"unknown deck {unknown[0]!r}")
        options = Options(config.charm_combat, config.round_limit or Options().round_limit)
        check_legal([known[d] for d in dict.fromkeys(config.decks)], db, options)
        return Game(db, [known[d] for d in config.decks], options)
    return load_game(config.level, n, config.decks, charm_combat=config.charm_combat,
                     round_limit=config.round_limit, cards=cards, known=known)


def check_seats(path: str | Path, seats: Sequence[str], game: Game) -> None:
    """LoadError naming the file that lists the seats, unless there is one per deck."""
    if len(seats) != game.seats:
        def count(n: int, word: str) -> str:
            return f"{n} {word}" + ("s" if n != 1 else "")
        raise LoadError(str(path), None, "seats", f"{count(len(seats), 'seat')} for a game of "
                                                  f"{count(game.seats, 'deck')}")


WORKER_RESTARTS = 2  # worker processes started again after one dies, before giving up on them


class _Worker:
    """A process that turns questions into actions, so an AI's thinking never holds
    the window's interpreter lock (a thread did: 57 fps idle, 38 while hard
    thought). It is handed the Game once and then, per decision, only what the
    seat may know: its view (without the Game, put back there), its legal actions
    and its generator; agents choose from these alone, so replays stay exact."""

    def __init__(self, game: Game, levels: list[str | None]) -> None:
        ctx = mp.get_context("spawn")  # not fork: the window's SDL state stays here
        reader, writer = ctx.Pipe(duplex=False)
        self._done = ctx.Queue()
        self._proc = ctx.Process(target=_think, args=(levels, reader, self._done),
                                 daemon=True, name="ai-worker")
        self._proc.start()
        # The process's end of the pipe is its own now: with none left here, a write to
        # a worker gone fails (BrokenPipeError) where it blocked for ever. A queue's
        # feeder thread, writing the Game (71 KB, more than a pipe holds) to a worker
        # killed before it read it, lived on with its pipes (s73: some 400 booth games
        # put away in their first seconds filled the 1024 open files a process has).
        reader.close()
        # The Game goes first, written by the thread while the process starts: as an
        # argument of start(), it held the window's frame until the new interpreter
        # read it (0.4 to 0.6 s).
        self._jobs: queue.Queue = queue.Queue()
        threading.Thread(target=_feed, args=(self._jobs, writer), daemon=True,
                         name="ai-jobs").start()
        self._jobs.put(game)

    def submit(self, ticket: int, q: Question) -> None:
        self._jobs.put((ticket, q.seat, dataclasses.replace(q.view, game=None), q.legal,
                        q.rng))

    def result(self) -> tuple | None:
        try:
            return self._done.get_nowait()
        except queue.Empty:
            return None

    def alive(self) -> bool:
        return self._proc.is_alive()

    def stop(self) -> None:
        # Ended at once, thinking or not: no answer is wanted any more. Asked to stop
        # through its queue, a worker mid-thought read it only once it had answered, and
        # Quit waited for it (1.0 to 1.2 s, the join's timeout, s68). Nothing of the
        # game lives only here: the record is the window's.
        self._proc.kill()
        self._proc.join()
        self._jobs.put(None)  # the feeding thread ends (at once where a write failed)


def _feed(jobs: queue.Queue, pipe) -> None:
    """Writes each job to the worker's pipe, in order, till None or the worker is gone."""
    with pipe:
        while (job := jobs.get()) is not None:
            try:
                pipe.send(job)
            except OSError:  # the worker is gone (stop): nobody reads the rest
                return


def _think(levels: list[str | None], jobs, done) -> None:
    """The worker process's loop: one agent per AI seat, as the session made them; the
    Game comes first in `jobs`."""
    # Ctrl-C in the terminal reaches the whole process group: the window stops this
    # process itself (stop()), and here it printed a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A window that dies abruptly (a crash, kill -9) never stops it: it waited for its
    # jobs for ever, an orphan of 45 MB (s70). The parent's sentinel reads EOF once
    # the window's process is gone, mid-thought too; a thread blocked on it costs
    # nothing meanwhile and touches no decision.
    threading.Thread(target=_end_with, args=(mp.parent_process(),), daemon=True,
                     name="window-watch").start()
    agents = [None if lv is None else make_agent(lv) for lv in levels]
    try:
        game = jobs.recv()
        while True:  # till the window kills it (stop)
            ticket, seat, v, legal, rng = jobs.recv()
            try:
                done.put((ticket, agents[seat].choose(dataclasses.replace(v, game=game),
                                                      legal, rng), None))
            except Exception as e:  # surfaced on the window's side by Session.poll
                done.put((ticket, None, e))
    except EOFError:  # the window is gone (the jobs' pipe closed): ended without a word
        return


def _end_with(window) -> None:
    """Ends this process once `window`, the process that started it, has ended."""
    window.join()
    os._exit(0)


class Session:
    _worker: _Worker | None = None  # also when __init__ refused its config (see __del__)

    def __init__(self, config: SessionConfig, record: Record | None = None,
                 threaded: bool = True, keys: Sequence[bytes] | None = None,
                 replayed: tuple[GameState, list[Event]] | None = None,
                 decks: Mapping[str, Deck] | None = None):
        """A new game (or `record`, a saved one, with the state and events its actions
        reached if already replayed). The seats' generator keys come from the record,
        else `keys` (tests, screenshots), else the operating system. `decks`: the deck
        files read already (App.decks), not read again."""
        for kind in config.seats:
            if kind not in SEAT_KINDS:
                raise ValueError(f"unknown seat kind {kind!r} ({', '.join(SEAT_KINDS)})")
        record = record or Record(build_game(config, known=decks), config.seed)
        if config.level:  # a Rematch from any folder finds the same level file
            config.level = os.path.abspath(config.level)
        self.config = config
        self.seats = list(config.seats)
        if not record.keys:  # a new game, or a save from before seats had keys
            record.keys = tuple(keys or fresh_keys(record.game.seats))
        self.match = Match(record, [None if k == "human" else make_agent(ai_level(k))
                                    for k in self.seats], replayed)
        self.guide: Guide | None = None  # the guided first game's (game/ui/guide.py)
        self.left_lesson = False  # a guided game the person left to play freely (guide.leave)
        # Moves people made here: their actions, and Set up for me pressed (hand_set_up);
        # the booth offers two players until one.
        self.human_moves = 0
        self.helped: set[int] = set()  # people's seats whose set-up choices the AI makes
        self.helper = make_agent(SET_UP_HELPER)
        self._saved_before = bool(record.actions)  # a Continue: moves were kept already
        # Called after every action is applied (the window's autosave).
        self.on_action: Callable[[], None] | None = None
        self.humans = [i for i, k in enumerate(self.seats) if k == "human"]
        self.pending: deque[Event] = deque()  # events the table has not animated yet
        # The seat whose view is drawn: a human, or seat 0 when only AIs play.
        self.viewer = self.humans[0] if self.humans else 0
        # With people sharing the screen nobody sits there yet as the game opens (a new
        # one, or one resumed): the first to decide takes the seat, as at a hand-off.
        self.seated = len(self.humans) < 2
        # Where in the log each person last left the screen, and after how many actions
        # (a save keeps those: Session.looked): what the curtain tells them on their
        # return happened after it. A game continued from a save without them: where it
        # was loaded, the seats in `unknown` (the curtain says the game was continued).
        self.left_at = {seat: len(self.match.log) for seat in self.humans}
        self.left_after = {seat: len(record.actions) for seat in self.humans}
        self.unknown = set(self.humans) if record.actions else set()
        # The share the table shows while what the last action before a hand-off did
        # plays out, before the curtain rises for the next person (hold_curtain): every
        # seat's (ALL_SEE); None: no wait.
        self.watch: int | None = None
        self._unseen: list[Event] = []  # what they watch, for the next person once seated
        self.public_before: SeatView | None = None  # (_by_a_person)
        self.acted_by: int | None = None  # the seat whose action was the last one here
        # An AI seat's Turn began since the person seated last took the seat: the people
        # all watched it, hands hidden (shown), so whoever is asked next, the last person
        # too, takes the seat first (s72: Player 3's hand came up for a Disaster of the AI
        # seat's Turn, the next person at the screen). Their Turn in the state then.
        self.watched_ai = False
        self._turn = self.state.turn_seat
        self._levels = [None if k == "human" else ai_level(k) for k in self.seats]
        self._worker = _Worker(self.game, self._levels) if threaded and self.humans != list(
            range(len(self.seats))) else None
        self.worker_deaths = 0
        self._ticket = 0
        self._asked: int | None = None  # ticket of the AI decision being thought about
        self._question: Question | None = None  # and the question itself
        self._answer: Action | None = None  # and the worker's answer, once it came (think)
        # A save continued as a seat that cannot answer a Flash Effect is asked (the
        # person seated then was about to Pass): passed for, as after any action, or
        # its curtain came up once to offer only Pass.
        self._pass_unanswering()
        self._pass_seat()

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self):
        return self.match.state

    @property
    def log(self) -> list[Event]:
        """Every event so far (of a saved game too); read through for_seat."""
        return self.match.log

    @classmethod
    def replayed(cls, replay: Replay, seats: list[str], level: str = "",
                 threaded: bool = True) -> Session:
        """A save loaded by `replay` (run to its end here if it is not yet), continued
        with the given seat kinds: the same state, log and seat generators."""
        record, state = replay.run()
        check_seats(replay.path, seats, record.game)
        opts = record.game.options
        config = SessionConfig(level, list(seats), [d.id for d in record.game.decks],
                               opts.charm_combat, opts.round_limit, record.seed)
        return cls(config, record, threaded, replayed=(state, replay.events))

    # What the table reads -------------------------------------------------
    @property
    def to_act(self) -> int:
        return self.state.current_seat()

    @property
    def result(self):
        return self.state.result

    def human_to_act(self) -> bool:
        return self.state.result is None and self.to_act in self.humans and not self.helping()

    def helping(self) -> bool:
        """The AI makes the set-up choice now, for the person whose seat acts (Set up
        for me): the table shows it as an AI seat's."""
        st = self.state
        return st.phase == SETUP and st.result is None and st.current_seat() in self.helped

    def may_hand_set_up(self, seat: int) -> bool:
        """Whether a person may hand `seat`'s set-up choices to the AI, or take them back:
        a person's seat while the Field is set up, outside the guided game (its steps are
        its script's)."""
        return self.state.phase == SETUP and self.state.result is None and \
            seat in self.humans and self.guide is None

    def hand_set_up(self, seat: int, on: bool = True, person: bool = False) -> None:
        """The AI makes the rest of `seat`'s set-up choices (`on`), from its view only and
        with its generator keyed as an AI seat's (Match.ask), so a replay is exact; else
        the person takes them back. Only that seat's: another person sets up their own.
        `person`: a person asked (Set up for me), a move of theirs: the game is kept
        (worth_keeping) and saved, as after an action. It was not, and the pause menu
        said "Nobody has moved yet" over the Field the helper laid (s69). The booth's
        set-up for its visitors is nobody's move."""
        if not self.may_hand_set_up(seat):
            raise PermissionError("the set-up is not this seat's to hand over")
        if on:
            self.helped.add(seat)
        else:
            self.helped.discard(seat)
        self._pass_seat()  # taken back by a person not seated: as at a hand-off
        if person:
            self.human_moves += 1
            if self.on_action is not None:
                self.on_action()

    def handoff(self) -> int | None:
        """The human who must take the seat before the table may show their view.

        Only with two humans or more: control passing from one human to another, or
        the game opening, hides the table until the next one says they sit there; not
        yet while the last action before it plays out, hands hidden (hold_curtain)."""
        if len(self.humans) < 2 or not self.human_to_act() or self.watch is not None or \
                self._at_screen(self.to_act):
            return None
        return self.to_act

    def _at_screen(self, seat: int) -> bool:
        """Whether `seat`'s person sits at the screen now: seated, and no AI seat's Turn
        watched by all since (watched_ai)."""
        return self.seated and seat == self.viewer and not self.watched_ai

    def hold_curtain(self) -> None:
        """The curtain waits while what the last action did plays out (the round a
        declaration resolved: its hits, a Character Bonked), in every seat's share: the
        hands hidden, for the next person is at the screen already. It played in the
        leaving person's share, their hand face up for 0.5 to 3.9 s before the curtain
        (s68). The next person sees it all again, in their share, once seated."""
        if self.handoff() is None or not self.seated:
            raise PermissionError("no person leaves the screen")
        self.watch = ALL_SEE
        self._unseen = list(self.pending)

    def end_watch(self) -> None:
        """The watching is over (played out, or a key pressed): the curtain comes over
        the table, and what was watched waits to be animated for the next person."""
        if self.watch is not None:
            self.watch = None
            self.pending.extendleft(reversed(self._unseen))
            self._unseen = []

    def take_seat(self) -> None:
        self.end_watch()
        seat = self.handoff()
        if seat is not None:
            self._sit(seat)

    def _sit(self, seat: int) -> None:
        if self.seated and self.viewer != seat:
            self.looked(self.viewer, len(self.record.actions), len(self.log))
        self.viewer, self.seated, self.watched_ai = seat, True, False

    def last_looks(self) -> dict[int, int]:
        """For a save: after how many actions each person sharing the screen last left
        it (the one seated looks now), where known."""
        if len(self.humans) < 2:
            return {}
        out = {seat: n for seat, n in self.left_after.items() if seat not in self.unknown}
        if self.seated:
            out[self.viewer] = len(self.record.actions)
        return out

    def looked(self, seat: int, actions: int, at: int) -> None:
        """`seat`'s person left the screen after `actions` actions, the log `at` long
        then (or did so before the game was saved: App.resume)."""
        self.left_after[seat], self.left_at[seat] = actions, at
        self.unknown.discard(seat)

    def leave_seat(self) -> None:
        """Nobody sits at the screen any more (a booth's game hidden while idle): with two
        people or more sharing it, whoever comes back says at the curtain who they are
        before a hand is shown (with one, there is no other hand for them to see)."""
        if len(self.humans) >= 2:
            self.end_watch()
            if self.seated:
                self.looked(self.viewer, len(self.record.actions), len(self.log))
            self.seated = False

    def _pass_seat(self) -> None:
        """The seat passes at once, with no curtain, to a human whose view knows no card
        the one on show does not (the last person's, or nobody's as the game opens):
        setting up, the deals go round hands still empty. The screen then shows only
        what the person leaving may see, and what they alone knew goes with them."""
        seat = self.handoff()
        if seat is None:
            return
        old = self.viewer if self.seated and not self.watched_ai else ALL_SEE
        before = {i for i, _ in view(self.state, old).known}
        new = view(self.state, seat)
        # The other forms of its transforming Characters are drawn nowhere (the table
        # names a form once it is in play): they alone brought the curtain up before
        # each of one seat's placements and deals, the hands still empty.
        forms = set(new.seats[seat].forms or ())
        if {i for i, _ in new.known} - forms <= before and \
                _told_only(self.log, seat, old) <= before:
            self._sit(seat)

    @property
    def shown(self) -> int:
        """The seat whose share of the game the table draws: the viewer's, or nobody's
        (ALL_SEE, what every seat sees) while an AI seat decides with two people or more at
        the screen: they all watch, and the last one's hand must not stay face up; while
        the last action before a hand-off plays out (hold_curtain); and once the game is
        over: it ends at the start of a turn (R14's tally, or the round
        limit), and the last person seated drew their hand face up under "Game over" to
        everyone at the screen, no curtain between (s57)."""
        if self.watch is not None:
            return self.watch
        if len(self.humans) >= 2 and not self.human_to_act():
            return ALL_SEE
        return self.viewer

    def view(self) -> SeatView:
        return view(self.state, self.shown)

    def public_view(self) -> SeatView:
        """What every seat sees: all the curtain may tell, with two people before it."""
        return view(self.state, ALL_SEE)

    def legal(self) -> list[Action]:
        """The viewer's legal actions; none while someone else must decide, nor while the
        viewer has not taken the seat again after an AI seat's Turn (watched_ai): its
        last action played out before the curtain offered their choices."""
        return [] if self.watched_ai else self.legal_for(self.viewer)

    def legal_for(self, seat: int) -> list[Action]:
        """A human seat's legal actions while it decides (seated or not); else none."""
        if not self.human_to_act() or self.to_act != seat:
            return []
        legal = legal_actions(self.state)
        return self.guide.offer(self.state, legal) if self.guide is not None else legal

    def why_not(self, action: Action) -> str | None:
        return why_not(self.state, action)

    def item_counts(self) -> dict[str, int]:
        return item_counts(self.state)

    def meets(self, card: int, char: int) -> bool:
        """Whether the Character `char` meets the requirement printed on `card` (Rules
        for Equipment, Rules for Items: else it carries it and its bonuses do not
        count), by the engine's test: a skill may come from another card. True (nothing
        to say) where the view gives none of its Character's totals: a face-down Item of
        another player may then decide it (view._owner_totals), and the answer would
        tell of it."""
        if not next((u.totals for u in self.view().units if u.card == char), None):
            return True
        st = self.state
        return equipment_usable(st, st.units[char], st.game.card(card))

    def lacking(self, need: str, chars: Sequence[int]) -> list[int]:
        """Of `chars`, the viewer's own Characters without the `need` symbol (Rules for
        Locations: Planetary, Dimensional), by the engine's test (terrain.unit_symbols:
        a skill may come from an Item they carry, which their owner sees). Another
        player's are never among them: their face-down Items may give it."""
        st = self.state
        return [i for i in chars if (u := st.units.get(i)) is not None and not u.disaster
                and u.owner == self.viewer and need not in unit_symbols(st, u)]

    def scavenge_stops(self, cell) -> list[tuple[tuple, str | None]]:
        """For each group of the viewer's own (its Characters at one cell), what stops it
        Scavenging the Location at `cell`, None where nothing does (scavenging.
        scavenge_stop: the legal Scavenge actions' tests), by where it stands."""
        st = self.state
        groups: dict[tuple, list] = {}
        for u in st.characters_by_card(self.viewer):
            groups.setdefault(u.pos, []).append(u)
        return [(at, scavenge_stop(st, g, cell)) for at, g in sorted(groups.items())]

    # Changing the game ----------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        """A human's action; IllegalAction (nothing changed) if the rules refuse it."""
        if self.handoff() is not None or self.to_act != self.viewer or self.helping() or \
                self.watched_ai:
            raise PermissionError("not this seat's decision")
        return self._by_a_person(action)

    def act_ahead(self, seat: int, action: Action) -> list[Event]:
        """A choice a person made while seated, sent for them now that the rules come
        to it with another person at the screen (a Combat between players' plan: the
        players take turns declaring). No curtain rises and the view shown stays the
        seated person's; IllegalAction if the rules now refuse it."""
        if self.handoff() != seat:
            raise PermissionError("not an absent person's decision")
        return self._by_a_person(action)

    def _by_a_person(self, action: Action) -> list[Event]:
        seat = self.to_act
        # Every seat's view as the action found it, where a hold may follow: the table
        # plays it out from there (its combat panels keep the round fought on it).
        self.public_before = self.public_view() if len(self.humans) >= 2 else None
        events = self.match.play(action)
        self.human_moves += 1
        return self._played(events, seat)

    def _played(self, events: list[Event], seat: int) -> list[Event]:
        self.acted_by = seat
        turn, self._turn = self._turn, self.state.turn_seat
        if turn != self._turn and self._turn not in self.humans and len(self.humans) >= 2:
            self.watched_ai = True
        self.pending.extend(events)
        self._asked = None
        self._pass_unanswering()
        self._pass_seat()
        if self.on_action is not None:
            self.on_action()
        return events

    def _pass_unanswering(self) -> None:
        """Passes for a person away from the screen asked to answer a Flash Effect who,
        as every seat sees, has nothing to answer it with (`_no_answer`): one Flash
        Effect in a four-seat Combat called each of the three others to the curtain to
        Pass, then the first back (s36w). The log says they passed."""
        while self.human_to_act() and not self._at_screen(self.to_act) and self._no_answer():
            self.pending.extend(self.match.play(Pass()))

    def _no_answer(self) -> bool:
        """Whether the seat asked to answer a Flash Effect surely has no answer, by what
        every seat sees: its hand is empty (Flash Effects come from it) and none of its
        Havens and Global Effects (face up) has a use at all, the uses as fast as a Flash
        Effect being theirs (guideline 3.1). Never by what its hand holds: passing for
        those with no Flash Effect that may answer, and calling the others, told everyone
        at the screen which held one (s37p); nor by whether a use may be made now, which
        may hang on a face-down Item (the Energy it gives, a skill it grants)."""
        st = self.state
        seat = st.current_seat()
        if not isinstance(st.top, FlashWindow) or st.seats[seat].hand:
            return False
        fast = [st.places[h].card for h in st.seats[seat].havens] + \
            [o.card for o in st.off_field if o.seat == seat]
        return not any(c in st.game.has_use for c in fast)

    def may_pass_unseen(self) -> bool:
        """Whether the curtain is up for a person asked to answer a Flash Effect, who may
        then Pass without sitting down (`pass_unseen`), whatever their hand holds."""
        return self.handoff() is not None and isinstance(self.state.top, FlashWindow)

    def pass_unseen(self) -> list[Event]:
        """Pass for the person the curtain calls to answer a Flash Effect, the seat not
        taken: nothing of their hand shows. The screen is nobody's from then (its last
        person has left it): whoever is called next, the player who played the Flash
        Effect too, sits behind the curtain, as after a Pass made seated."""
        if not self.may_pass_unseen():
            raise PermissionError("no Flash Effect waits behind the curtain for an answer")
        self.leave_seat()
        return self._by_a_person(Pass())

    def think(self) -> bool:
        """Whether an AI seat's decision is ready for `poll`: the worker is asked as soon
        as the state is known (the table may still animate the last action: s68, it was
        asked once that had played and AI_PAUSE more had passed, its thinking added
        after both), and its answer kept till the table applies it. Without a worker
        (tests, screenshots), and setting up, poll decides there and then: ready."""
        if self.state.result is not None or self.human_to_act():
            return False
        # A set-up choice is the rules' first choice at every level (11 ms at most on four
        # seats, 0.2 to 1.3 ms the median): made here, not waiting for the worker process
        # to start (3 to 4 s, the table empty, as a game and a booth's show began).
        if self._worker is None or self.state.phase == SETUP:
            return True
        if self._asked is None:
            self._ticket += 1
            self._asked, self._question, self._answer = self._ticket, self.match.ask(), None
            self._worker.submit(self._ticket, self._question)
        while self._answer is None:
            done = self._worker.result()
            if done is None:
                if not self._worker.alive():
                    self._worker_lost()
                    return self._worker is None  # none left: poll decides here
                return False
            ticket, action, error = done
            if error is not None:
                raise error
            if ticket == self._asked:  # (not a dead worker's question's, asked again)
                self._answer = action
        return True

    def poll(self) -> list[Event]:
        """Advance AI seats: apply the decision `think` has ready (asking for it first if
        need be). Call once a frame when the table is ready for the next action."""
        if not self.think():
            return []
        if self._worker is None or self.state.phase == SETUP:
            q = self.match.ask()
            agent = self.helper if self.helping() else self.match.agents[q.seat]
            return self._played(self.match.answer(q, agent.choose(q.view, q.legal, q.rng),
                                                  agent), q.seat)
        return self._played(self.match.answer(self._question, self._answer),
                            self._question.seat)

    def _worker_lost(self) -> None:
        """The worker process died mid-thought (killed for memory, say): the table
        waited on it for ever. A new one is asked the same question, which it answers
        as the dead one would have (an agent decides from the question alone), up to
        WORKER_RESTARTS times; at the death after that the window's own process decides,
        slower but sure."""
        self._worker.stop()
        self._worker = None
        self.worker_deaths += 1
        if self.worker_deaths <= WORKER_RESTARTS:
            self._worker = _Worker(self.game, self._levels)
            self._ticket += 1
            self._asked = self._ticket
            self._worker.submit(self._ticket, self._question)
        else:
            self._asked = self._question = None  # poll decides here from now on

    def worth_keeping(self) -> bool:
        """Whether the game earns a save slot: a person has chosen something in it (here,
        or before a Continue), or no person plays it (AI seats, watched). A game left
        before anyone's first choice (Start, then Quit to menu; someone called away) is
        nothing to go back to, and each such game took a slot until every slot held an
        empty one: New game deals a fresh one as quickly."""
        return self.human_moves > 0 or self._saved_before or not self.humans

    @cached_property
    def level_name(self) -> str:
        """The level's own name ("Standard, two players"); its file name where the file
        can no longer be read (a save of a level since removed)."""
        if not self.config.level:
            return "A game"
        try:
            return load_level(self.config.level).name
        except LoadError:
            return Path(self.config.level).stem.replace("_", " ").capitalize()

    def summary(self) -> str:
        """The game in one line, for a list of saves, all of it public: what (level, round,
        phase), then after ": " whose turn it is, who sits where and the Items held. Games
        of one level differed only in their time ("Four players, round 1")."""
        counts = self.item_counts()
        items = "-".join(str(counts[str(i)]) for i in range(len(self.seats)))
        kinds = " v ".join(KIND_NAMES.get(k, k) for k in self.seats)
        v = self.view()  # the round under way, as the log heads it (rounds: completed)
        level = self.level_name + (" (guided)" if self.guide is not None else "")
        return (f"{level} · Round {min(v.rounds + 1, v.round_limit)} of {v.round_limit} · "
                f"{PHASE_NAMES.get(v.phase, v.phase)}: Player {whose_turn(v) + 1}'s turn · "
                f"{kinds} · Items {items}")

    def save(self, path: str | Path) -> None:
        save(self.record, path)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    def __del__(self) -> None:
        # A session left behind (a new game, back to the menu) ends its worker.
        self.close()



def _told_only(log: list[Event], seat: int, old: int) -> set[int]:
    """The cards the secrets of `seat`'s share of the log name and `old`'s do not (an
    Item taken face down, since Destroyed): the log, read again in the new seat's
    share, would name them to the person leaving. Every secret is a card (events.py)."""
    return {c for e in log if e.secret and seat in e.to and old not in e.to
            for name in e.secret if isinstance(c := getattr(e, name), int)}
