"""The table: the main scene, where a game is played.

Frames are cheap because the parts that change only when the game changes
(panels, log, hand) are painted once into `_base`, and the Field's tiles into a
layer composed again only when the camera moves; each frame adds only tokens,
highlights, animations and what follows the pointer. The camera (camera.py)
zooms and scrolls the Field; it follows each decision of a human seat.
The window changes the game only by `session.act` with a legal action.
Input (input.py) and drawing (frame.py) are mixed in from modules of their own.
"""
from __future__ import annotations


import math
import time
from collections import Counter
from dataclasses import replace
from functools import cached_property

import pygame

from game.engine import SeatView
from game.engine import actions as A
from game.engine import events as E
from game.engine.decisions import Combat, Duel

from ..cardface import CARD_RATIO, card_height
from ..scene import Scene
from ..fonts import prime
from . import forecast, ink, locations, panels, popups
from .anims import Animator, Fallen
from .camera import TOP, Camera, tile_size
from .bar import TableBar
from .curtain import TableCurtain
from .frame import TableFrame
from .drag import DRAG_WIDTH, TableDrag
from .input import AIM_SETTLE, GO_KEYS, TableInput
from .layout import Layout, compute, token_rects
from .model import Board
from .recap import Recap, since_last_turn, turn_recap
from .tiles import Tiles, header
from .tween import Clock
from .words import (FIGHT_BEGINS, Left, action_text, back_when, charmed_all, event_text,
                    fighting, owned, turns_out)

# Seconds (at the normal speed) from one action to an AI seat's next at the least, so
# they can be followed; its animation and the AI's thinking count in them (s68: the
# pause came after the animation, the thinking after the pause). None after an action
# with nothing to animate (_take_events). And the table stands still AI_BEAT after an
# animation before the next action plays.
AI_PAUSE = 0.35
AI_BEAT = 0.15
HURRY = 6.0  # times faster the AI seats play while the person holds Space
# Seconds (at the normal speed) at most that what others did before this person's
# choices (an AI seat's Combat, Disasters in Maintenance) takes to replay: a longer
# story is played faster, in proportion (a Combat round's cards and hits are 2.5 s).
REPLAY_SPAN = 4.0
# Seconds (at the normal speed) of replay left over which the bar says what plays, not
# what to do, and a press skips it: not a Turn's banner, which a click does not wait on.
REPLAY_TELL = 1.0
# Seconds (at the normal speed) the table stays as the person leaving's action left it,
# once it has played out, before the curtain rises for the next person: a beat to see
# where it ended; longer as what played asks (Animator.look: where a walk ended, the
# words of a Bonked or Killed plate).
LEAVING_LOOK = 0.5
# A Combat the person's action began and ended at once (Charm Combat Charmed the whole
# group) had no panel and no pause: its words stay on the bar this long once played.
SETTLED_LOOK = 2.5
# Where an empty cell lies from the card beside it (the Field's rows run down the
# screen): the sides first, then the corners (cards may be placed corner to corner).
SIDES = (((0, 1), "north"), ((-1, 0), "east"), ((0, -1), "south"), ((1, 0), "west"),
         ((1, 1), "north-west"), ((-1, 1), "north-east"), ((-1, -1), "south-east"),
         ((1, -1), "south-west"))
# Events that fight a round of a Combat, or end it (_keep_fought).
FIGHTS = (E.CombatHit, E.CombatEnded, E.DuelEnded)
NOTED = (E.CombatTarget, E.CombatCard, E.CombatHit, E.CharmContest, E.CombatDeclared,
         E.CombatEnded, E.DuelEnded)  # a Combat's, for its panel
LOG_KEEP = 400  # log lines kept for the panel
# What a share's log is (TableScene._share_in): its lines, its Combat's notes, what the
# next line follows, and how many of the log's events it has logged.
LOGGED = ("log_lines", "notes", "fight_line", "_fold", "_fighting", "_recap", "_log_at")
# What a frame may spend on the faces it shows stood in for (or the zoom's, while the
# pointer rests): the rest are drawn between frames (idle).
URGENT_MS = 2.0
PAINT_MS = 6.0  # the spare time painting the panels between frames wants (2 to 7 ms)
READ_SLICE = 20  # log events a share read ahead takes between two looks at the clock
OPENING_MS = 400.0  # the table's opening may take this long to draw every card small


class TableScene(TableInput, TableDrag, TableBar, TableCurtain, TableFrame, Scene):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.clock = Clock(app.settings.anim_factor)
        self.animator = Animator(self.clock)
        self.size = app.size
        self.lay: Layout | None = None
        # The log's names read its numbers of twins ("Hero #2"): a Board from the first
        # (a game continued named "Bubblegill" of "Bubblegill #2" in its log, built
        # before any Board: s60's booth playtest).
        self.board = Board(session.view(), session.legal(), session.game.db)
        self._base: pygame.Surface | None = None
        self._base_shown: list[int] = []  # the cards the panels' picture shows
        self._base_for: int | None = None  # the seat whose view the panels show
        self._base_cover: pygame.Rect | None = None  # the combat panel they show, if any
        self.camera = Camera()
        self.tiles = Tiles(app.faces, session.game.db, session.game.card_ids)
        self.cells: set[tuple[int, int]] = set()  # placed, or where a card may be placed
        self._field: pygame.Surface | None = None  # the Field's layer (frame.py)
        self._field_key: tuple | None = None
        self._placed: tuple | None = None  # the camera's key when the Field was placed
        self._field_short = False  # a tile stood in scaled: compose again next frame
        self._field_shown: list[int] = []
        self._mini: tuple | None = None  # (key, picture) of the minimap
        self._mini_blocks: tuple | None = None  # (key, picture) of it without its frame
        self._still: pygame.Surface | None = None  # panels, Field and minimap as one
        self.minimap_rect: pygame.Rect | None = None
        self._seen = pygame.Rect(0, 0, 0, 0)  # what shows of the Field (frame.seen)
        # What the Field's layer and the minimap show, besides the camera: a Board
        # rebuilt for a card played or a phase ended leaves them as they were.
        self._field_state: tuple = ()
        self._boards = 0  # Boards built: the minimap asks again what it should show
        self._tokens_at: tuple = ()
        self._mini_asked: tuple | None = None
        self._focused: tuple | None = None  # the decision the camera last went to
        self._others = -1  # the actions made when someone else (or nobody here) last acted
        self.panning: tuple | None = None  # the pointer's last spot while it drags the Field
        # (the camera's key, the Field's hits) as the Field lay when the player aimed
        # (input._aimed); the key last placed, and when the view last moved
        self._aim: tuple = (None, [])
        self._was_placed: tuple | None = None
        self.slid_at = -math.inf
        self.edge_since: float | None = None  # since when a card is held at the Field's edge
        self._hits: list[tuple[pygame.Rect, tuple]] = []
        self._drawing = False
        self.field_hits: list[tuple[pygame.Rect, tuple]] = []
        self.panel_hits: list[tuple[pygame.Rect, tuple]] = []
        self.log_hits: list[tuple[pygame.Rect, tuple]] = []
        self.unit_rects: dict[int, pygame.Rect] = {}
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.hand_tilts: dict[int, float] = {}
        self.raised: tuple[int, pygame.Rect] | None = None  # the hand card risen under the pointer
        self.shown: list[int] = []  # every card drawn face up in the last frame
        self.pointer = (0, 0)
        self.hovered: tuple | None = None  # (card under the pointer, seconds hovered)
        self.tip: tuple = (None, 0.0, False, self.pointer)  # the bar's button: track_tip
        self.still_after: tuple | None = None  # where a press ended: no zoom till it moves
        self.press: tuple | None = None  # (key, pos) of a mouse press not yet released
        self.pressed_at = (-1, -1)  # where the last left press was (input: a double click)
        self.drag: tuple | None = None  # (key, picture, grab offset, targets)
        self.selection: set[int] = set()
        self.chosen_for_them: int | None = None  # chosen as the Move phase opened, unclicked
        # The Character the last click looked at that could not move, and the one the
        # click before this one did (input.py, _tried_to_move).
        self.looked_still: int | None = None
        self._still_click: int | None = None
        self._why_out: tuple = (None, None)  # (selection, cell, stamp): why it is out of reach
        self._held: tuple = (None, None)  # (thing held, place, stamp): held_over's words
        self._why_unlit: tuple = (None, None)  # (cell, stamp): why it is not Scavenged
        # Combat: each person's plan, a role for each Character (panels.combat), and the
        # seats whose Fight! was clicked: a plan is sent a declaration at a time, in
        # order, and kept for its person while another sits (input.py, play_ahead).
        self.plans: dict[int, dict] = {}
        self.fights: dict[int, tuple | None] = {}  # seat -> the Combat round pressed for
        self.refusals: dict[int, str] = {}  # a kept plan the rules refused, told at the seat
        # Each person's group sent to another player's Haven, waiting for its owner's
        # answer (R36): (the group, the cell); it goes on there at a yes (input.py).
        self.stop_asked: dict[int, tuple[tuple[int, ...], tuple[int, int]]] = {}
        self._ahead_at = -1  # the action count play_ahead last looked at
        # The group's Attack this round as last seen (forecast.reach), and its change by
        # a choice since (before, after): the forecast says it where the player looks.
        self._reach: tuple | None = None
        self.swing: tuple[int, int] | None = None
        self.inspect: int | tuple | panels.Seat | None = None  # a unit, a cell, a player
        self._turn: tuple | None = None  # (viewer, turn seat, its turns): inspect is per turn
        self._phase: tuple | None = None  # (_turn, phase): the phase the Board was last in
        self.armed: tuple | None = None  # a clicked card whose targets glow
        self.menu: popups.Menu | None = None
        self.message = ("", 0.0)
        self.noted = False  # the message is news, not a refusal (say)
        self.log_lines: list[tuple[str, int | None]] = []
        self._fold: tuple | None = None  # what the last line gathers (_log): a bonus, draws
        # Log lines of no event (an attack on a Location started over: log_after), by the
        # log's length after the events they follow, for the log rebuilt (_reset_log).
        self._after: dict[int, list[str]] = {}
        # (share, log's length, events pending) the log was last read for (_reset_log):
        # the curtain's press reads it for the person sitting down, and seat_passed, in
        # the same frame, read it again (50 ms a read late in a four-player game, s70).
        self._log_read: tuple | None = None
        # Each share's log, kept as the events come (_keep_shares): a change of the share
        # shown read the whole log again (20 to 75 ms late in a four-player game, s71).
        # The shown share's state is in the attributes LOGGED; the others' here.
        self._shares: dict[int, dict] = {}
        self._log_share = session.shown  # whose share the attributes hold
        # Shares begun in the spare time between frames and not caught up yet
        # (_read_ahead): the first showing of one read 800 events (30 ms, s72).
        self._reading: set[int] = set()
        self._log_at = 0  # the events of the log logged into it
        self.fight_line = ""  # the newest log line of a Combat: what the bar says plays
        self.log_scroll = 0  # lines back from the newest
        self.hint_rows: list[str] = []  # the bar's hint as last drawn
        self.handoff_note = ""  # whose the curtain will be, as the bar left room for it
        self.notes: list[dict] = []  # this Combat's cards and hits, for the combat view
        # The Combat on show: the view's, or the one just ended while its last
        # cards and hits are still being animated.
        self.fight = None
        # While the hits of a round play (or the end of a Combat), the Board from before
        # them, which the combat panels are drawn from (panel_board): the round fought,
        # not the next one nor an ended Combat's absence; and how many notes it had then.
        self.fought: Board | None = None
        self._fought_at = 0
        # The fight that begins in the events a new share replays (_reset_log): the
        # view's Combat, which the panel and its buttons wait for (_show_fight).
        self._ahead: E.Event | None = None
        self.settled = (0.0, "")  # (till when, the words) of a Combat over at once
        self._panel_board: tuple = (None, None)  # (key, Board) of panel_board
        self._known: tuple = (None, {})  # (key, cards) of known_now
        self._gone: dict[int, pygame.Rect] = {}  # tokens the events being fed took away
        self._gone_cells: dict = {}  # and the cells' rects as they were placed then
        self._gone_held: dict[int, Left] = {}  # and what became of what each held
        self._watched: tuple = (None, None)  # (first event, the above) of the last watched
        self.acted = len(session.record.actions)  # actions the Board was built after
        self.ai_wait = 0.0  # since the last action, while an AI seat is to act (AI_PAUSE)
        self.still = 0.0  # since the animations last ended (AI_BEAT)
        self.over_wait = 0.0
        self.time = 0.0
        self.hurry = False  # Space held while AI seats play (TableInput.handle)
        self.held: set[int] = set()  # GO_KEYS down, as their events said (or at a curtain)
        self._curtain_up = False
        self.sent_at = -math.inf  # when this screen's person last sent an action (self.time)
        self.esc_at = -math.inf  # when Esc last skipped what others did (TableInput.esc_skips)
        self.end_asked: tuple | None = None  # the Equip phase Space asked to end (_ask_end)
        self.kept_space: int | None = None  # the seat whose Space waits on a replay (_keep)
        self.sent_count = -1  # and the game's actions made, that one included
        self.sent_by = -1  # and whose seat it was
        self.pace = 1.0  # how much faster than its clock a long replay plays (REPLAY_SPAN)
        self._followed = False  # the camera followed a walk in a replay (_follow)
        self._back_unless_shown = False  # then back to the choice only if none of it shows
        self._fight_framed = None  # the cell of the Combat on show the camera went to
        self._unframed = None  # the camera's rung, centre, hand_moves, fit as a combat panel came
        # Characters whose Bonked event is queued, not yet played: the seat panels do
        # not name them Bonked before the hit that Bonks them shows on the Field.
        self.falling: set[int] = set()
        self.curtain_at = -math.inf  # when the curtain rose after the person leaving watched
        self.rest = 0.0  # seconds the table has been still while they watch
        self.curtain_button: pygame.Rect | None = None
        self.curtain_pass: pygame.Rect | None = None  # its Pass without looking, if offered
        self._curtain_words: tuple = (None, None)  # ((actions, seat), what it says)
        self.combat_cover: pygame.Rect | None = None
        self.message_rect: pygame.Rect | None = None  # where the last message was drawn
        self._stale = True  # the base layer must be painted again
        self._took = False  # events were taken this frame
        self.panels_kept = False  # their last picture kept a frame (frame._make_still)
        self._waiting: set[tuple] = set()  # faces the base layer shows stood in for
        self._viewer = session.viewer
        self._shown = session.shown
        self._ahead_key: tuple | None = None  # (size, viewer) the faces were queued for
        self._learnt: set[tuple[str, int]] = set()  # (card type, width) queued for the level
        self._ahead_rung: int | None = None  # the camera's rung the tiles were queued for
        self._reset_log()  # a resumed game shows its log so far, without replaying it

    # Names ---------------------------------------------------------------------
    def seat_name(self, i: int) -> str:
        return f"Player {i + 1}"

    def name(self, i: int | tuple[int, int]) -> str:
        """A card or cell as the viewer may name it; another seat's Character with its
        owner's mark (a Combat between mirror decks is Akiko against Akiko), one of a
        player's twins with its number (words.owned)."""
        if isinstance(i, tuple):
            return self._place_name(i)
        cid = self.board.card_id(i)
        if not cid:
            return "a face-down card"
        card, g = self.session.game.db[cid], self.session.game
        if card.type != "character":
            return self._face_up_name(i, card)
        mine = g.owner(i) == self.session.shown
        return owned(card.name, None if mine else g.owner(i), self.board.numbers.get(i, 0))

    def short_name(self, i: int) -> str:
        """A card's short name, as its token and the Combat panel say it."""
        return panels.short_names(self.painter([]), [i], self.name)[i]

    def act_words(self, a: A.Action) -> str:
        """An action as the bar's buttons and the menus word it."""
        return action_text(a, self.name, self.board.card, self._where, self.board.challengers,
                           self.board.view.decision)

    def _where(self, char: int) -> tuple[tuple[int, int], bool] | None:
        return self.board.where(char)

    def _log_name(self, i: int | tuple[int, int]) -> str:
        """A card named in the log; a Character with its owner, "(P2)": both seats
        may hold the same Characters (the quick demo deals both one deck); and its number
        among its owner's twins, as its token shows it (words.owned)."""
        if isinstance(i, tuple):
            return self._place_name(i)
        # An id in the viewer's share of an event is one the viewer may know.
        g = self.session.game
        card = g.card(i)
        number = self.board.numbers.get(i, 0)
        return owned(card.name, g.owner(i), number) if card.type == "character" \
            else self._face_up_name(i, card)

    def _face_up_name(self, i: int, card) -> str:
        """A card `card` (not a Character) by its name; a Location or Haven whose name
        another of the decks' shares, with its placer's mark, as its cell is named
        (_place_name): "Forward Base Anvil hits Commander Reiji Valen (P1)" was Player
        3's Haven, read as Player 1's own; a Disaster with its number among its twins
        (Board.numbers: "Tidal Kaiju Bubblegill #2")."""
        if card.type in ("location", "haven") and card.name in self._laid_alike:
            return owned(card.name, self.session.game.owner(i))
        number = self.board.numbers.get(i, 0)  # a Disaster's twins
        return owned(card.name, None, number)

    def _place_name(self, cell: tuple[int, int]) -> str:
        """The Location or Haven at a cell: face up, so anyone may name it. An empty
        cell (where a card may be placed) by a card beside it: "north of Shrine
        Steps" names one cell, as coordinates do, in the words a player uses."""
        places = self.board.view.places
        at = {p.cell: p.card for p in places}
        if cell in at:
            # Mirror decks lay two Locations (and Havens) of one name: the placer's mark
            # tells them apart, as a Character's does.
            named = self.session.game.card(at[cell]).name
            same = [p for p in places if self.session.game.card(p.card).name == named]
            if len(same) == 1 and named not in self._laid_alike:
                return named
            owner = next(p.owner for p in same if p.cell == cell)
            # One player's two of a name are numbered, left to right (the log said
            # "moved from Plain (P1) to Plain (P1)", s69's playtest).
            theirs = sorted(p.cell for p in same if p.owner == owner)
            return owned(named, owner, theirs.index(cell) + 1 if len(theirs) > 1 else 0)
        for (dx, dy), side in SIDES:
            beside = (cell[0] + dx, cell[1] + dy)
            if beside in at:  # by its mark too: two cells were "north of Hangar 13"
                return f"{side} of {self._place_name(beside)}"
        return "in the middle of the table" if not at else f"at {cell[0]},{cell[1]}"

    @cached_property
    def _laid_alike(self) -> frozenset[str]:
        """The names two or more of the decks' Locations and Havens share: each of them
        carries its placer's mark from the first laid (the log said "Player 3 placed
        Hangar 13", later "Hangar 13 (P3)"). Setting Up the Field lays every one of them
        face up, so the mark tells nothing the Field will not."""
        g = self.session.game
        names = Counter(g.card(i).name for sec in g.sections
                        for i in (*sec["locations"], *sec["haven"]))
        return frozenset(n for n, k in names.items() if k > 1)

    def _is_haven(self, cell: tuple[int, int]) -> bool:
        return self._haven_owner(cell) is not None

    def _haven_owner(self, cell: tuple[int, int]) -> int | None:
        """Whose Haven stands at `cell` now (None: no Haven there)."""
        places = self.board.view.places
        return next((p.owner for p in places if p.cell == cell and p.kind == "haven"), None)

    # Scene lifecycle -------------------------------------------------------
    def on_enter(self) -> None:
        self.clock.factor = self.app.settings.anim_factor
        self.refresh()

    def on_exit(self) -> None:
        """A scene comes over the table (the pause menu; Leave the lesson's question, its
        key L pressed with a card held): what the mouse holds is let go, the card back in
        the hand. The button's release went to that scene: the card stayed on the pointer
        under it and after, and the next click dropped it (or a stale press picked it up
        again as the pointer moved)."""
        self.drag = self.press = self.panning = None

    def layout(self, size: tuple[int, int]) -> None:
        was, self.size = self.size, size
        self.refresh()
        self.refit_menu(was)

    def _draw_ahead(self, budget_ms: float) -> None:
        """Draw card faces before they are needed, in the frame's spare time: a face
        takes 10 to 60 ms, and the first drawing of one stalled its frame. Every card
        of the level is known at load: the viewer's own at the hand's size and the
        zoom's, every card at the sizes the animations and panels show its type at,
        and, whenever a panel asks for a size not drawn yet, the rest of its type."""
        faces, g = self.app.faces, self.session.game
        if self._ahead_key != (self.size, self.session.viewer):
            opening = self._ahead_key is None
            self._ahead_key = (self.size, self.session.viewer)
            self._learnt = set()
            self._ahead_rung = None
            faces.missed.clear()
            faces.ahead(self._ahead_keys())
            if opening:  # as the table opens: every card small, a stand-in for any size
                faces.work(OPENING_MS)
        for kind, width in faces.missed - self._learnt:
            self._learnt.add((kind, width))
            faces.ahead([("face", c, width) for c in sorted(set(g.card_ids))
                         if g.db[c].type == kind], "last")
        if self.camera.rung != self._ahead_rung:  # the tiles' pictures at this rung and by it
            self._ahead_rung = self.camera.rung
            places = sorted({c for c in g.card_ids if g.db[c].type in ("location", "haven")})
            sizes = [tile_size(k, self.lay.s) for k in (self._ahead_rung, self._ahead_rung - 1,
                                            self._ahead_rung + 1)
                     if self.camera.floor <= k <= TOP]
            faces.ahead([("art", c, s) for s in sizes for c in places], "first")
            # and the tokens standing on a tile at this rung, one to six to a cell
            w, h = sizes[0]
            cell = pygame.Rect(0, 0, w, h)
            token_px = sorted({r.w for n in range(1, 7)
                               for r in token_rects(cell, n, header(h))[:1]})
            units = sorted({c for c in g.card_ids if g.db[c].type in ("character", "disaster")})
            faces.ahead([("token", c, px) for px in token_px for c in units], "last")
        if budget_ms > 0:
            faces.work(budget_ms)

    def _ahead_keys(self) -> list[tuple]:
        g, px = self.session.game, self.px
        # The viewer's own cards, its Locations and Haven first: they are placed first.
        mine = sorted({g.card(i).id for ids in g.sections[self.session.viewer].values()
                       for i in ids}, key=lambda c: (g.db[c].type not in ("location", "haven"), c))
        level = sorted(set(g.card_ids))
        kinds = {c: g.db[c].type for c in level}
        # The sizes each type is shown at (anims.py, panels/, paint.py).
        sizes = {"combat": (px(90),), "disaster": (px(120), px(76), px(38)),
                 "character": (px(76),), "global_effect": (px(38),)}
        hand = round(px(190) / CARD_RATIO)
        keys: list = []
        # The hand's cards now (the cards to place, setting up), and as they and what its
        # Characters carry follow the pointer (the first drag drew one, 120 to 180 ms).
        b, v = self.board, self.board.view
        drawn = [b.card_id(i) for i in (*b.hand, *b.to_place())]
        carried = [b.card_id(i) for u in v.units if u.owner == v.seat
                   for i in (*u.equipment, *(u.items or ()))]
        keys += [("face", c, hand) for c in drawn if c]
        keys += [("face", c, px(DRAG_WIDTH)) for c in drawn + carried if c]
        places = [c for c in mine if kinds[c] in ("location", "haven")]
        keys += [("face", c, hand) for c in places]
        # The backs that fly as setup ends and play begins (anims.py: cards dealt, drawn).
        keys += [("back", kind, px(n)) for kind, n in (
            ("disaster", 40), ("item", 40), ("item", 34), ("character", 70),
            ("disaster", 120), ("combat", 90))]
        # Every card small (a part each): a face not drawn yet at the size a panel or an
        # animation wants is stood in for by another, scaled, until it is drawn.
        keys += [("face", c, px(40)) for c in level]
        keys += [("token", c, px(44)) for c in level if kinds[c] in ("character", "disaster")]
        # The type sizes faces use, measured (fonts.prime: the first measures of a size
        # made a face's part take tens of ms).
        keys += [("prime", prime, n, it, k, 3) for n, it in [(n, False) for n in range(9, 41)]
                 + [(n, True) for n in range(9, 31)] for k in range(3)]
        keys += [("prime", ink.prime, *size) for size in ink.sizes(px)]
        keys += [("face", c, px(70)) for c in level]  # a card flying (anims.py)
        keys += [("face", c, hand) for c in mine]
        keys += [("face", c, w) for c in level for w in sizes.get(kinds[c], ())]
        keys += [("face", c, panels.disaster_width(self)) for c in level
                 if kinds[c] == "disaster"]
        zoom = popups.zoom_width(self.size, px)
        return keys + [("face", c, zoom) for c in mine]

    def refresh(self, animated: bool = False) -> None:
        """Rebuild the Board from the viewer's view, frame the Field, and repaint the
        static layer; `animated`: with events still to animate, the combat panel keeps
        the Combat they start from."""
        s = self.session
        self.board = Board(s.view(), s.legal(), s.game.db)
        self._boards += 1
        self.cells = set(self.board.places)
        self.cells.update(a.cell for a in self.board.legal if isinstance(a, A.PlaceCard))
        v = self.board.view
        self._field_state = (v.places, v.path, v.phase == "setup", frozenset(self.cells))
        self._tokens_at = tuple((u.pos, u.owner, u.disaster) for u in v.units)
        self.lay = compute(self.size)
        if not (animated or self.animator.busy):
            self._show_fight()
        left = self.to_declare()
        # A plan the rules now refuse is dropped, not kept lit until Fight! (an ally's
        # Vehicle put to use since keeps a Character out). A duel's plan is (role, whom).
        barred = {i: roles for i, roles, _, _ in v.barred}
        self.plan = {k: r for k, r in self.plan.items() if k in left and (
            r if isinstance(r, str) else r[0]) not in barred.get(k, ())}
        # Fight! goes on while a plan is left, or one the rules keep out is still to declare,
        # in the round it was pressed in: the next one opened with "Choose for Kaede first,
        # then Fight!", unpressed (one kept out by a Vehicle was still to declare).
        now = self.combat_round()
        self.fights = {k: r for k, r in self.fights.items() if r == now}
        self.fighting = self.fighting and (bool(self.plan) or self.stays_out_left())
        # Another person's kept plan lasts while its Characters are still to declare.
        due = set(v.duel.pending) if v.duel is not None else set()
        for seat, plan in self.plans.items():
            if seat != s.viewer:
                self.plans[seat] = {k: r for k, r in plan.items() if k in due}
        if v.duel is None:
            self.fights = {k: r for k, r in self.fights.items() if k == s.viewer}
        self._note_swing()
        self.keep_selection()
        self.raised = None  # the hand may have changed under it
        turn = (v.seat, v.turn_seat, v.seats[v.turn_seat].turns)
        if turn != self._turn:  # a new turn, or another seat on show: nothing carried over
            # but a player's panel looked at, while the same seat looks: it is public,
            # and the AI seats' turns pass while a person reads it.
            if not (isinstance(self.inspect, panels.Seat) and self._turn is not None
                    and turn[0] == self._turn[0]):
                self.inspect = None
            self._turn = turn
        if (turn, v.phase) != self._phase:
            self._phase = (turn, v.phase)
            # The Move phase opens on the Character the inspector shows, if it may move:
            # "Selected: Kaede" (clicked in the Equip phase) stood over no cell lit, and
            # a click on her cell showed that Location instead of moving her. Not one who
            # goes nowhere alone: chosen, she lit no cell, and those she may go with not
            # as movable either (the guide's "Click each glowing Character", s42n).
            if v.phase == "move" and not self.selection and self.inspect in self.board.movable \
                    and self.board.reachable({self.inspect}):
                self.selection = {self.inspect}
                self.chosen_for_them = self.inspect
        if self.inspect not in self.board.units and self.inspect not in self.board.places \
                and not isinstance(self.inspect, panels.Seat):
            self.inspect = None  # a unit gone from the Field (a Haven's cell stays)
        self._frame_field()
        self._stale = True

    def _note_swing(self) -> None:
        """Whether the group's Attack changed since the last view in the viewer's round
        of declarations (a Vehicle readied keeps the others out: 14 becomes 7)."""
        v = self.board.view
        c = v.combat
        at = (c.cell, c.disaster, c.round) if c is not None and c.seat == v.seat and \
            c.stage == "declare" else None
        now = forecast.reach(v, c) if at else None
        if at is None or self._reach is None or self._reach[0] != at:
            self.swing = None
        elif None not in (now, self._reach[1]) and now != self._reach[1]:
            self.swing = (self._reach[1], now)
        self._reach = (at, now)

    def _frame_field(self) -> None:
        """The camera over the Field as it now is: the whole of it while the player has
        not zoomed or scrolled, and a new decision of the seat on show in view."""
        s, cam = self.session, self.camera
        cam.view = self.lay.field
        cam.scale = self.lay.s
        cover = self._cover()
        self._cover_field(cover)
        refitted = cam.fitted and cam.refit()
        # A decision is brought into view when a stretch of the person's own begins: a
        # new phase, Turn or kind of decision, or after anyone else acted. Within it the
        # view stays where the person put it: it glided after every card played or
        # move made, and the next drop landed on what slid under the pointer.
        n = len(s.record.actions)
        if n != self.sent_count:
            self._others = n
        v = self.board.view
        # Running Away is a choice of its own, of cells all round the fight: all of
        # them in view (the view went back to where the fight was at its edge, s33w2).
        run = isinstance(v.decision, (Combat, Duel)) and v.decision.stage == "run"
        decision = (s.viewer, v.phase, v.turn_seat, v.rounds,
                    tuple(d.kind for d in v.pending), self._others, run)
        if s.human_to_act() and s.handoff() is None and s.watch is None and (
                decision != self._focused or refitted):
            # Later in the person's own Turn (a phase they went on to, the AI seats'
            # answers to their card) the view is where they looked: it moves only when
            # nothing the decision is about shows. It slid a column to the first of
            # cells too many to show at the Equip phase, and back once the AI seats
            # had answered a card, under a drag aimed at the Haven.
            turn = (s.viewer, s.viewer, v.rounds)  # (the viewer, whose Turn, which round)
            later = not refitted and not run and self._focused is not None and \
                (self._focused[0], self._focused[2], self._focused[3]) == turn
            begun = self._focused is None or self._focused[1:4] != decision[1:4]
            if self._focused is None or self._focused[2:4] != decision[2:4]:
                # Another Turn: what the others did since is the log's newest lines.
                # Scrolled back once, it showed lines as far back for the rest of the game.
                self.log_scroll = 0
            self._focused = decision  # once, unless framing the whole Field moved it away
            if self.fight_behind():
                # The fight on show first, then back to the choice; later in the
                # person's own Turn only if none of it shows (a view they zoomed into
                # while the panel showed was zoomed out again).
                self._followed, self._back_unless_shown = True, later
            else:
                self.bring_into_view(unless_shown=later, home=begun)
        if cover is not None and (self.fight_behind() or not s.human_to_act()
                                  or s.watch is not None):
            # A Combat on show, anyone's, watched or replayed: its cell above the panel
            # (also when fitting the Field moved it away); the Board's focus is the next
            # decision's, which put the fight's cell behind the panel.
            self._frame_fight(again=True)
        if self._field_key is None:
            cam.snap()  # the table opens on the Field, it does not glide there
        self._place_field()

    def fight_cell(self) -> tuple | None:
        """The cell of the Combat the panel shows (the Disaster's or the duel's)."""
        c, d = self.fight, self.duel_shown()
        busy = c if c is not None else d
        return tuple(busy.cell) if busy is not None and busy.stage != "run" else None

    def _cover_field(self, cover: pygame.Rect | None) -> None:
        """The combat panel's place over the Field's lower part (None: no panel). Where
        the view was as a panel came is kept, and gone back to as the last one goes:
        framed above the panel, the fight's cell left the Field a row or a column off
        once the Combat was over, and the person's next click jumped it back (a
        verifying helper's finding). Not if the person moved the view meanwhile: it
        stays where they put it. A fitted view whose fit changed meanwhile (the guided
        game's words gone from its top, the window resized) is fitted again: the rung
        kept was the guide's, and the Field came back a size small, a band empty over it
        (s36w, at 1920x1080)."""
        cam = self.camera
        if cover is not None and cam.cover is None:
            self._unframed = (cam.rung, cam.goal or cam.centre, cam.hand_moves, cam.fit_for())
        elif cover is None and cam.cover is not None and self._unframed is not None:
            rung, centre, moves, fit = self._unframed
            if moves == cam.hand_moves and cam.fitted and fit != cam.fit_for():
                cam.cover = None
                cam.fit()
            elif moves == cam.hand_moves:
                cam.rung, cam.goal = rung, centre
            self._unframed = None
        self.combat_cover = cam.cover = cover
        cam.set_bounds(self.cells)

    def _frame_fight(self, again: bool = False) -> None:
        """A Combat's panel come (or another's) brings its cell into view above it: the
        panel comes as the Combat's first event plays, over the lower part of a view
        framed before, and the fight was seen only in the panel, its hits' words and
        plates at the edge of the view, over another cell."""
        cell = self.fight_cell()
        if cell is not None and (again or cell != self._fight_framed):
            beside = self.panel_board().havens_beside() if self.fight is None else []
            self.camera.show([cell, *beside], cell)
        self._fight_framed = cell

    def bring_into_view(self, unless_shown: bool = False, home: bool = False) -> None:
        """The cells the decision is about (the selected group's, its targets), as
        much of them as the view holds at the smallest readable size; `unless_shown`:
        only when none of them shows, or (`home`: a phase begun) the Haven the hand's
        cards would land in does not (Board.landing): a card clicked there at 960x540
        left only a log line, and a drag had no target in view (s42n)."""
        cells, first = self.board.focus(self.selection)
        landing = self.board.landing() if home else []
        shown = self.camera.shows(cells) and (not landing or self.camera.shows(landing))
        if cells and not (unless_shown and shown):
            self.camera.show(cells, first)

    # Frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tiles.new_frame()
        self._took = False
        self._play(dt)
        # A walk followed as this frame took its events, with nothing to animate (the
        # 'instant' speed): back now, or this frame showed the walk's end, not the
        # person's choice and their Haven (s51).
        self._back_to_choice()
        self._move_camera(dt)
        if self.app.faces.urgent:  # a face shown stood in for, or the zoom's: a little now
            self.app.faces.work(URGENT_MS, urgent_only=True)

    def idle(self, ms: float) -> None:
        """The spare time before the next frame: the panels a frame kept, then the tiles
        stood in for (they show), the shares of the log not shown yet, then faces ahead
        of need."""
        start = time.perf_counter()
        if ms >= PAINT_MS:  # (if not now, the next event or frame paints them)
            self.catch_up()
        self.tiles.work(ms - (time.perf_counter() - start) * 1000)
        self._read_ahead(start + ms / 1000)  # (a few frames' work: the faces take seconds)
        self._draw_ahead(ms - (time.perf_counter() - start) * 1000)

    @property
    def hits(self) -> list[tuple[pygame.Rect, tuple]]:
        """What a click hits: read outside a frame's drawing (a click, a key, a test),
        the panels of the game as it is now, painted first if they wait (catch_up)."""
        if not self._drawing:
            self.catch_up()
        return self._hits

    @hits.setter
    def hits(self, hits: list[tuple[pygame.Rect, tuple]]) -> None:
        self._hits = hits

    def catch_up(self) -> None:
        """The panels a frame kept, painted now (frame.py, _make_still); not while the
        Board is another seat's than the one shown (an action sent, its events not yet
        taken): painted then, the hand it showed was kept as the shown seat's picture,
        the person's hand face up a frame as the AI seats played on (s69)."""
        if self.panels_kept and self.session.handoff() is None and \
                self.board.view.seat == self.session.shown:
            # Cleared first (also when nothing is left to paint): the hint, painted with
            # them, reads the hits under the pointer as last drawn, not through here.
            self.panels_kept = False
            self._make_still(in_frame=False)

    def _move_camera(self, dt: float) -> None:
        """The camera glides (at once at the 'instant' speed), never while the pointer
        holds something; a dragged card or token scrolls the Field at its edges. Held,
        the Field stays where the hand put it, between cells (at 'instant' too: a snap
        to rest each frame undid the edge's small steps), and comes to rest once let go."""
        if self.drag is not None:
            self._edge_scroll(dt)
        held = self.press is not None or self.drag is not None or self.panning is not None
        moved = False
        if self.clock.instant and not held:
            moved = self.camera.goal not in (None, self.camera.centre)
            self.camera.snap()
        elif not held:
            moved = self.camera.update(dt * min(4.0, self.clock.factor))
        if moved or self.camera.key() != self._placed:  # also when aimed from outside
            self._place_field()
        # What the pointer aims at (input._aimed): nothing on the Field while a curtain
        # hides it; once the view has stood still a moment, what the resting pointer is on.
        if self._placed != self._was_placed:
            self._was_placed, self.slid_at = self._placed, self.time
        if self.session.handoff() is not None:
            self._aim = (None, [])
        elif self.time - self.slid_at >= AIM_SETTLE and self._aim[0] != self._placed:
            self.aim_here()

    def _play(self, dt: float) -> None:
        self.time += dt
        card = self._hover_card()
        held = self.hovered[1] + dt if self.hovered and self.hovered[0] == card else 0.0
        self.hovered = (card, held)
        self.track_tip(dt)
        if card is not None and held == 0.0 and self.board.card_id(card) is not None:
            # The zoom's face is drawn ahead while the pointer rests (ZOOM_DELAY).
            self.app.faces.ready(self.board.card_id(card), popups.zoom_width(self.size, self.px))
        s = self.session
        self.hurry = self.hurry and not s.human_to_act()
        self.clock.factor = self.app.settings.anim_factor * (HURRY if self.hurry else 1.0)
        words, left = self.message
        self.message = (words, max(0.0, left - dt))
        self.animator.update(dt * (self.pace if self.replaying() else 1.0))
        if self.board.legal and not self.animator.busy:
            for mark in self.animator.marks:  # a Bonked plate over tokens to choose among
                if isinstance(mark, Fallen) and self.board.units_at.get(mark.cell):
                    mark.give_way(self.clock.scale(mark.look))
        if not self.animator.busy:
            self.pace = 1.0
            self._show_fight()
            if self._cover() != self.camera.cover:
                # The panel went: the view it leaves is what shows (and a view the person
                # moved meanwhile is theirs), not the strip above it, where none of the
                # choice showed and a pan of theirs was undone to bring it back.
                self._place_field()
            self._back_to_choice()
        self.seat_passed()
        while self.play_ahead():  # a kept plan's turn: no curtain for it
            pass
        self._hold_curtain()
        if s.handoff() is not None:
            if not self._curtain_up:  # a key held as it rises (one the booth's cover
                self._curtain_up = True  # took, say) takes no seat till let go
                pressed = pygame.key.get_pressed()
                self.held.update(k for k in GO_KEYS if pressed[k])
            return
        self._curtain_up = False
        if s.pending or self.acted != len(s.record.actions):  # (pending: kept at a curtain)
            self._take_events()
        if not s.human_to_act():
            s.think()  # the worker asked while the last action still plays
            self.ai_wait += dt
        self.still = 0.0 if self.animator.busy else self.still + dt
        if self.animator.busy:
            return
        if s.watch is not None:  # played out: a moment to see it, then the curtain
            self.rest += dt
            if self.rest >= self.clock.scale(max(LEAVING_LOOK, self.animator.look)):
                self.end_watch()
            return
        if s.result is not None:
            self.over_wait += dt
            if self.over_wait >= self.clock.scale(1.5):
                self.app.game_over(s)
            return
        if self.kept_space is not None and not self.skippable() and not self.fight_behind():
            self.use_kept()  # the replay has played: the Space pressed during it
        if s.viewer in self.stop_asked and s.human_to_act() and \
                self.board.view.under_way("haven_question") is None:
            self.go_on_asked()
        if self.fighting and s.human_to_act() and self.declaring():
            self.go_on_fighting()
            # Its last declaration (or the other person's kept one after it) may resolve
            # the round: held now, or this frame drew the curtain before the watching.
            self._hold_curtain()
            if s.watch is not None:  # and this frame drawn in every seat's share
                self._take_events()
            return
        if not s.human_to_act():
            if self.ai_wait >= self.clock.scale(AI_PAUSE) and \
                    self.still >= self.clock.scale(AI_BEAT):
                s.poll()
                if self.acted != len(s.record.actions):
                    self._hold_curtain()
                    if s.handoff() is None:  # (else kept for the person sitting down)
                        # Passed to a person: in their share from this frame, which they
                        # may click on (the next frame's update dropped that press).
                        self.seat_passed()
                        self._take_events()

    def seat_passed(self) -> None:
        """What changes when the seat passes (with nothing to hide, or by the curtain) or
        the share shown does: done as soon as it happens (after an AI seat's action, at
        the next event), not at the next frame's update, which dropped a press made on
        the first frame drawn for the new person (s51: a hot-seat set-up's pass)."""
        s = self.session
        if self._viewer != s.viewer:  # the seat passed with nothing to hide (or the curtain)
            self.cancel()  # no half-made move of the last person's carries over
            self.message = ("", 0.0)  # a refusal may name their hand's cards
            if s.viewer in self.refusals:  # their kept plan, refused while they were away
                self.say(self.refusals.pop(s.viewer))
        if (self._viewer, self._shown) != (s.viewer, s.shown):  # or an AI seat decides
            self._viewer, self._shown = s.viewer, s.shown
            # What is queued was worked out for the seat shown before: its cards must not
            # fly, nor its log lines land, in another's view (the log is read again, and
            # what is left is animated in the new seat's share).
            if self._log_read != (s.shown, len(s.log), len(s.pending)):
                self.animator.clear()
                self._reset_log(keep_pending=True)

    def _hold_curtain(self) -> None:
        """With two people or more at the screen, an action that hands the seat on behind
        the curtain (the last declaration of a round, which resolves it) is first played
        out, in every seat's share (Session.hold_curtain): the curtain rose at once, and
        the one who declared saw what it did only in the log. The table leaves the
        person's share at once, this frame (seat_passed): drawn in it, their hand stayed
        face up to the next person while it played (s68). The curtain rises once it has
        played out, or at a key (end_watch); not at the 'instant' speed, where nothing
        plays."""
        s = self.session
        if s.handoff() is not None and s.seated and s.pending and not self._curtain_up \
                and self.acted != len(s.record.actions) and not self.clock.instant:
            s.hold_curtain()
            self.rest = 0.0
            if not self.animator.busy:  # what is watched is what the action plays now
                self.animator.look = 0.0
            if self.board.view.seat != s.shown:  # a person's action: from where it began
                self.board = Board(s.public_before, [], s.game.db)
            self.seat_passed()

    def end_watch(self) -> None:
        """The person leaving has watched: the curtain for the next person comes, and no
        press takes the seat for HANDOFF_GUARD (a second press of the key that ended
        the watch would show the next hand)."""
        self.session.end_watch()
        self.curtain_at = self.time

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.session
        if s.watch is not None:  # whose the curtain will be
            note = self.handoff_note or popups.handoff_notes(self.seat_name(s.to_act))[-1]
            popups.curtain_coming(surface, note, s.to_act, self.lay.bar,
                                  self.px, self.app.settings.colorblind_marks)

    def _take_events(self) -> None:
        """Catch up with the game: new events animated and logged, the Board rebuilt
        (also after an action that made no event: what is legal has changed)."""
        s = self.session
        new = list(s.pending)
        s.pending.clear()
        self.acted = len(s.record.actions)
        # The Field as these events found it. The person leaving watched them: kept, as
        # the next person's replay of them starts from it (the Field is redrawn as the
        # events left it meanwhile): the tokens they took away, Bonked or Killed, stand
        # where they stood till their hit, and not in the middle of their cell.
        was = (dict(self.unit_rects), self.lay.cells, self.board.units)
        if s.watch is not None:
            self._watched, self.watched_from = (new[0] if new else None, was), self.board
        elif new and new[0] is self._watched[0]:
            was = self._watched[1]
        # The combat panels show the round these events fight till their hits have
        # played; not for the next person replaying them: the Board is past them already.
        if was is not self._watched[1] or s.watch is not None:
            self._keep_fought(new)
        before, cells, units = was
        places, fought = self.board.places, self.board.view.combat or self.board.view.duel
        self.refresh(animated=bool(new) and not self.clock.instant)
        self._gone = {u: r for u, r in before.items() if u not in self.board.units}
        self._gone_cells = cells  # where the cells were then (a duel's end moves them)
        seen = [e.for_seat(s.shown) for e in new]
        self._gone_held = {u: self._left(u, v, seen) for u, v in units.items()
                           if u not in self.board.units}
        self._took = True  # (the panels are painted after this frame: frame._make_still)
        self._follow(seen)
        for at, d in enumerate(seen, len(s.log) - len(new)):
            if isinstance(d, E.Bonked):
                self.falling.add(d.card)
                self.animator.at_cursor(lambda d=d: self._fell(d.card))
            self.animator.at_cursor(lambda d=d, at=at: self._log(d, at))
            self.animator.at_cursor(lambda d=d: self._combat_note(d))
            self.animator.feed(d, self, s.shown, self.seat_name)
        end, told = len(s.log), self._after.pop(len(s.log), [])
        locations.tell(self, places, units, fought is not None, seen)  # attacks over, strikes
        if end not in self._after:  # taken again (the next person's replay): the Board,
            for line in told:  # already past them, shows no attack starting over
                self.log_after(line)
        self._gone, self._gone_cells, self._gone_held = {}, {}, {}
        if s.watch is None:  # (what is watched is the next person's to replay: not yet)
            self._keep_shares()
        if self.replaying():
            self.pace = max(self.pace, self.animator.left() / self.clock.scale(REPLAY_SPAN))
        own = (self.sent_count, self.sent_by) == (len(s.record.actions), s.viewer)
        # (the bar's room: short names)
        if own and (words := charmed_all(seen, self.name, self.short_name)):
            self.settled = (self.time + self.animator.left() + self.clock.scale(SETTLED_LOOK),
                            words)
        if not self.animator.busy:
            self._show_fight()
        # The pause before an AI seat's next action is for following what changed: an
        # action with nothing to animate (an End phase, a Pass, a choice out of sight)
        # lets the next play at once. Each waited AI_PAUSE, still (s69).
        self.ai_wait = 0.0 if self.animator.busy else math.inf

    def log_after(self, line: str) -> None:
        """A log line of no event, after the events being taken (locations.tell: an
        attack on a Location started over, which the engine lifts with no event). Kept
        by its place in the log, so the log rebuilt for the next person at the screen
        has it too: it was dropped there (s69)."""
        self._after.setdefault(len(self.session.log), []).append(line)
        self.animator.at_cursor(lambda: self._log_line(line))

    def _log_line(self, line: str) -> None:
        self._log_read = None
        self.log_lines.append((line, None))
        self._fold = None  # the next event's line gathers nothing into it (_log)

    def _follow(self, seen: list[E.Event]) -> None:
        """While a person watches what they did before the curtain, or what others did
        (replayed before their choice, or as AI seats play), a walk whose end is out of
        sight is followed: the Field is put at once where its start and end show (then
        the walk is laid out from there), and the person's decision brought back into
        view once it has played."""
        s = self.session
        if s.watch is None and (self.sent_count, self.sent_by) == (len(s.record.actions),
                                                                  s.viewer):
            return  # the person's own action: what they chose is in sight
        walks = [(e.origin, e.dest) for e in seen if isinstance(e, (E.Moved, E.DisasterMoved))]
        walks += [(e.cell, e.cell) for e in seen if isinstance(e, E.DisasterEntered)]
        far = [(a, b) for a, b in walks if b is not None and tuple(b) in self.lay.cells
               and not self.seen().contains(self.lay.cells[tuple(b)])]
        if far:
            a, b = far[-1]
            self.camera.show([tuple(c) for c in (a, b) if c is not None], tuple(b))
            self.camera.snap()
            self._place_field()
            self._followed, self._back_unless_shown = True, False

    def _back_to_choice(self) -> None:
        """The camera followed a walk (_follow): once it has played, back to the person's
        choice."""
        s = self.session
        if self._followed and not self.animator.busy and s.human_to_act() and \
                s.watch is None:
            self._followed = False
            self.bring_into_view(unless_shown=self._back_unless_shown)

    def _fell(self, unit: int) -> None:
        self.falling.discard(unit)
        self._stale = True  # the seat panel names it Bonked now

    def replaying(self) -> bool:
        """Whether the table plays out what others did (an AI seat's Combat, the last
        person's action) while this person is to choose: a key or a click skips it."""
        s = self.session
        return self.animator.busy and s.human_to_act() and s.watch is None and \
            s.handoff() is None and (self.sent_count != len(s.record.actions)
                                     or self.sent_by != s.viewer)

    def skippable(self) -> bool:
        """A replay the person waits on (its Combat) or a long one, or the beat of a
        Combat over at once: a press skips it."""
        return self.time < self.settled[0] or self.replaying() and (
            self.fight_behind() or self.animator.left() > self.clock.scale(REPLAY_TELL))

    def skip_replay(self) -> None:
        """What is left of the replay played at once: its log lines land, in order (the
        log keeps the story); a Bonked token's words stay to be read."""
        self.animator.finish()
        self.falling.clear()
        self.pace = 1.0
        self.settled = (0.0, "")
        self._show_fight()
        self._stale = True

    def _keep_fought(self, new: list[E.Event]) -> None:
        """Events that fight a round of a Combat on show (or end it), to be animated:
        the combat panels keep the Board from before them (panel_board) until they have
        played. The duel panel went to the next round, or went with an ended Combat,
        while the hits still rose on the Field; the Disaster's lost the row of one Killed
        and gave the Health an ended Combat restores. Only a Board of the share on show:
        when the seat passes to an AI's turn, the table shows everyone's share at once, and
        the person's Board would show their Characters' totals (face-down Items in them)."""
        v = self.board.view
        if self.fought is None and (v.combat is not None or v.duel is not None) and \
                v.seat == self.session.shown and not self.clock.instant and \
                any(isinstance(e, FIGHTS) for e in new):
            self.fought, self._fought_at = self.board, len(self.notes)

    def duel_shown(self) -> Duel | None:
        """The Combat between players the panels show: the game's, as panel_board has
        it; none while the replay has yet to reach its beginning (_ahead), as with a
        Disaster's (self.fight). Sitting down to a challenge, its panel showed over the
        replayed walk that led to it, its rows lit (s61's left item)."""
        return None if isinstance(self._ahead, E.DuelBegan) else self.panel_board().view.duel

    def panel_board(self) -> Board:
        """The Board the combat panels are drawn from: the game's; while the hits of a
        round play, the one from before them, nothing in it to choose, its Characters'
        and Disasters' Damage as far as the hits have played (the Field's rising numbers
        say the same), the fallen still in their rows: the Health the round leaves, not
        the Health an ended Combat restores."""
        if self.fought is None:
            return self.board
        key = (id(self.fought), len(self.notes))
        if self._panel_board[0] != key:
            b = Board(self.fought.view, [], self.session.game.db)
            damage = {i: u.damage for i, u in b.units.items()}
            health = self.session.game.card
            for n in self.notes[self._fought_at:]:
                if isinstance(n, E.CombatHit):
                    damage[n.target] = n.base_health - max(0, n.health_after)
                    for g in n.protectors:  # (no more than its Health: Bonked at 0)
                        damage[g.id] = min(health(g.id).base_health,
                                           damage.get(g.id, 0) + g.damage)
                elif isinstance(n, E.Damaged) and n.unit in damage:
                    # A card's Damage in the round (a Defeated Disaster's last blast):
                    # the row said Health 1 beside a Character it had Bonked. As the
                    # Health it left (Equipment in use may have taken the Damage).
                    damage[n.unit] = health(n.unit).base_health - max(0, n.health_after)
            b.units = {i: replace(u, damage=damage[i]) if u.damage != damage[i] else u
                       for i, u in b.units.items()}
            b.units_at = {}
            for u in b.units.values():
                b.units_at.setdefault(u.pos, []).append(u)
            self._panel_board = (key, b)
        return self._panel_board[1]

    def _left(self, unit: int, was, seen: list[E.Event]) -> Left:
        """What a unit taken off the Field held, from the events as the viewer sees
        them: the cards it dropped, of which its Equipment now face up under the
        Location (public, as it was in its hands), and the Items Disasters took."""
        dropped = sum(isinstance(d, E.ItemDropped) and d.by == unit for d in seen)
        place = self.board.places.get(tuple(was.pos))
        equipment = sum(c in place.under_equipment for c in was.equipment) if place else 0
        taken = tuple(self._log_name(d.by) for d in seen
                      if isinstance(d, E.ItemStolen) and d.victim == unit)
        return Left(dropped - equipment, equipment, taken)

    def _show_fight(self, combat=None) -> None:
        """The combat panel shows `combat`, or else the view's Combat (and the panel
        goes with the last one) once the animations have played; while the person
        leaving watches, the round they fought stays (panel_board) till the curtain."""
        if combat is None and self.fought is not None and self.session.watch is not None:
            return
        if combat is None and self._ahead is not None:
            if self.animator.busy or self.session.pending:
                return  # the view's Combat begins in what is still to replay
            self._ahead = None  # played (or skipped) without its beginning noted
        combat = combat or self.board.view.combat
        if combat != self.fight or self.fought is not None:
            self.fight, self.fought = combat, None
            self._stale = True

    def _log(self, d: E.Event, at: int | None = None) -> None:
        """Log `d`, the shown share's view of an event; `at`: the event's place in the
        log, of which the share has now logged the events before it and it."""
        if at is not None:
            self._log_at = at + 1
        self._log_read = None  # (a line logged since the log was read)
        game = self.session.game
        for seat, events in self._recap.add(d):  # the others' last Turns, as ours begins
            self.log_lines.append((turn_recap(seat, events, self._log_name, self.seat_name,
                                              game.card, game.owner, self._haven_owner),
                                   None))
            self._fold = None  # a bonus after it is not folded into it
        words, card = event_text(d, self._log_name, self.seat_name, self._is_haven,
                                 game.card, self._fighting, game.owner)
        was, self._fighting = self._fighting, fighting((d,), self._fighting)
        fold = (d.card, tuple(d.mods)) if isinstance(d, E.Modified) and \
            d.card not in (None, d.unit) else ("drew", d.seat, d.how, 1) \
            if isinstance(d, E.CardDrawn) and d.card is None else None
        if words and fold is not None and fold[0] == "drew" and self._fold is not None \
                and self._fold[:3] == fold[:3]:
            # Another's cards drawn one after another (a Reload): one line counting them.
            # "Player 2 drew a card" six times over pushed the news out of a short log.
            fold = (*fold[:3], self._fold[3] + 1)
            words = f"{self.seat_name(d.seat)} drew {fold[3]} cards"
            self.log_lines[-1] = (words, None)
        elif words and fold is not None and fold == self._fold:
            # One card's same bonus to each Character in turn (a Haven's, a leader's, as
            # a Turn begins): one line naming them all. A line each filled the log with
            # eight at a four-player Turn's start, over what the AI seats had just done.
            words = f"{self.log_lines[-1][0]}, {self._log_name(d.unit)}"
            self.log_lines[-1] = (words, self.log_lines[-1][1])
        elif words:
            self.log_lines.append((words, card))
            del self.log_lines[:-LOG_KEEP]
        if words:
            self._fold = fold
            if was or self._fighting or isinstance(d, NOTED):  # a Combat's line
                self.fight_line = words

    def fight_behind(self) -> bool:
        """Whether the combat panels show a Combat the animations have not caught up
        with, or none yet of one begun (a Disaster turned over flips first), or the round
        they play, or the replay has yet to reach the beginning of the game's (_ahead):
        what the game asks next waits until they have. With no panel yet, "Go on to
        physical Combat" was live on the bar for 0.8 s before the Charm Combat it skips
        was shown (s61's playtest, a Scavenge turning over a Charm Disaster)."""
        return self.fought is not None or self.time < self.settled[0] or \
            self._ahead is not None or self.fight != self.board.view.combat

    def _combat_note(self, d: E.Event, live: bool = True) -> None:
        """What the combat panel shows of this Combat so far; `live`, as it is animated:
        a Combat that begins shows its panel then (the one it ended, its end)."""
        ahead = self._ahead is not None and d != self._ahead
        if live and not ahead and isinstance(d, FIGHT_BEGINS):
            self._ahead = None  # the replay has reached the view's fight
        if isinstance(d, E.CombatBegan):
            self.notes = []
            if live and not ahead and self.board.view.combat is not None:
                self._show_fight(self.board.view.combat)
        elif isinstance(d, (*NOTED, E.Damaged, E.RanAway)):  # a card's Damage counts in
            # the rows; a side Run Away declares nothing (the duel panel's rows, s62)
            self.notes.append(d)
        if isinstance(d, FIGHT_BEGINS) and live:
            # One looked at elsewhere is not in it: "Selected: Tonbo" stayed in the
            # inspector over a Combat he had no part in.
            u = self.board.units.get(self.inspect)
            if u is not None and u.pos != d.cell:
                self.inspect = None
                self._stale = True

    def _reset_log(self, keep_pending: bool = False) -> None:
        """The log as the seat shown now may read it: its share's, kept (_keep_shares),
        caught up; read afresh the first time. The events still to animate are dropped
        for a new viewer (the curtain came between), or kept to be logged as they are
        animated."""
        s = self.session
        upto = len(s.log) - len(s.pending) if keep_pending else len(s.log)
        self._share_in(s.shown)
        self._reading.discard(s.shown)  # (begun ahead: caught up here)
        if not 0 < self._log_at <= upto or upto - self._log_at > LOG_KEEP * 2:
            # A share never read, one left far behind, or one that logged events it is
            # to animate again (watched in it): its last events read afresh.
            self._read(s.shown, upto, self.board.view if keep_pending else s.view())
        self._catch_up(upto)
        self.log_scroll = 0  # the newest lines: not where the last person scrolled to
        self.fought = None
        # The notes are read from the log before the events kept to animate; the panel
        # shows the Combat they are of. One that begins in those events is the view's:
        # until the replay reaches its beginning, no panel, and nothing of it to press
        # (fight_behind). It showed at once, its buttons lit under the ended Combat's
        # notes ("... · over", "Last hit on ...") while the replay played (s61).
        self._ahead = next((e.for_seat(s.shown) for e in reversed(s.pending)
                            if isinstance(e, FIGHT_BEGINS)), None) if keep_pending else None
        if self._ahead is not None:
            self.fight = None
            self._stale = True
        if not keep_pending:
            s.pending.clear()  # already in the log: not to be animated
        self._log_read = (s.shown, len(s.log), len(s.pending)) if keep_pending else None

    def _share_in(self, seat: int) -> None:
        """`seat`'s share's log into the attributes LOGGED (a new one empty), the one
        there kept aside."""
        if seat == self._log_share:
            return
        self._shares[self._log_share] = {k: getattr(self, k) for k in LOGGED}
        kept = self._shares.pop(seat, None)
        self._log_share = seat
        if kept is None:
            self._read(seat, 0, None)
        else:
            for k, v in kept.items():
                setattr(self, k, v)

    def _read(self, seat: int, upto: int, v: SeatView | None) -> None:
        """The share of `seat` begun afresh, before the last LOG_KEEP * 2 events to
        `upto` (then caught up): the Combat under way and the others' Turns since the
        reader's as the events before those have them; `v`, the view the events to
        `upto` leave (a game begun mid-Combat: none begins in its log)."""
        log = self.session.log[:upto]
        start = max(0, upto - LOG_KEEP * 2)
        begun = v is not None and (v.combat is not None or v.duel is not None) \
            and not any(isinstance(e, FIGHT_BEGINS) for e in log)
        self.log_lines, self.fight_line, self._fold, self.notes = [], "", None, []
        self._fighting = fighting(log[:start], begun)
        self._recap = Recap(seat)  # the Turns since the reader's began, before the lines
        for e in since_last_turn(log[:start], seat):
            self._recap.add(e.for_seat(seat))
        self._log_at = start

    def _catch_up(self, upto: int) -> None:
        """The share in the attributes given the lines of the log's events to `upto`
        (and the lines of no event after them, log_after), as it would have had them
        logged as they played."""
        s = self.session
        for at in range(self._log_at, upto):
            d = s.log[at].for_seat(self._log_share)
            self._log(d, at)
            self._combat_note(d, live=False)
            for line in self._after.get(at + 1, ()):
                self._log_line(line)

    def _keep_shares(self) -> None:
        """Every other share read so far given the lines of the events just taken, in
        its own view of them (the engine's for_seat): the next change to it costs no
        reading of the log."""
        shown = self._log_share
        for seat in set(self._shares) - self._reading:  # (those read ahead a slice a time)
            self._share_in(seat)
            self._catch_up(len(self.session.log))
        self._share_in(shown)

    def _read_ahead(self, until: float) -> None:
        """Until the clock reads `until`, the shares a person at the screen may be shown
        (each person's, everyone's while AI seats play) and have not been, read a slice
        at a time (READ_SLICE events), as _reset_log would read them at their first
        showing: a continued game's first hand-off to each person read 800 events in
        one frame (30 ms late in a four-player game, s72). Up to the events taken (those
        pending are the next share's to animate, as are those watched before a
        curtain: none is read then); _reset_log ends what is left."""
        s = self.session
        if len(s.humans) < 2 or s.watch is not None:
            return  # (one person: their share alone is ever shown)
        upto, kept = len(s.log) - len(s.pending), self._log_read
        shown = self._log_share
        for seat in (*s.humans, E.ALL_SEE):
            if time.perf_counter() >= until:
                break
            if seat == shown or (seat in self._shares and seat not in self._reading):
                continue
            if seat not in self._shares:  # begun: its last events, from where a read starts
                self._share_in(seat)
                self._read(seat, upto, s.public_view())
                self._reading.add(seat)
            self._share_in(seat)
            while self._log_at < upto and time.perf_counter() < until:
                self._catch_up(min(upto, self._log_at + READ_SLICE))
            if self._log_at >= upto:
                self._reading.discard(seat)
        self._share_in(shown)
        self._log_read = kept  # (the share shown logged nothing)

    # Geometry for the animator ------------------------------------------------
    def px(self, n: float) -> int:
        return self.lay.px(n)

    def cell_rect(self, cell) -> pygame.Rect | None:
        return self._in_sight(self.cell_placed(cell))

    def unit_rect(self, unit: int) -> pygame.Rect | None:
        return self._in_sight(self.unit_placed(unit))

    def cell_placed(self, cell) -> pygame.Rect | None:
        """Where the camera puts a cell now, in sight or not (what stays with a cell is
        drawn from it: at the edge nearest, it lay over another cell)."""
        return self.lay.cells.get(tuple(cell))

    def unit_placed(self, unit: int) -> pygame.Rect | None:
        return self.unit_rects.get(unit)

    def _in_sight(self, rect: pygame.Rect | None) -> pygame.Rect | None:
        """Scrolled out of sight, a place is animated at the edge of the Field nearest
        it: what happens there is seen happening, and never over a panel."""
        seen = self.seen()
        return rect if rect is None or seen.colliderect(rect) else rect.clamp(seen)

    def seat_rect(self, seat: int) -> pygame.Rect:
        n = len(self.board.view.seats)
        h = min(self.lay.seats.h // n, self.px(150))
        return pygame.Rect(self.lay.seats.x, self.lay.seats.y + seat * h, self.lay.seats.w, h)

    def hand_rect(self) -> pygame.Rect:
        return self.lay.hand

    def off_field_rect(self) -> pygame.Rect:
        return self.lay.off_field

    def centre_rect(self) -> pygame.Rect:
        """The middle of the Field that shows: above the combat panel, not over its words."""
        return self.seen() if self.combat_cover is not None else self.lay.field

    def card_stage(self, width: int) -> pygame.Rect:
        if self.combat_cover is not None:  # in the panel, over nothing needed there
            return panels.card_stage(self, width, duel=self.fight is None)
        return pygame.Rect(0, 0, width, card_height(width)).move(
            self.centre_rect().centerx - width // 2, self.centre_rect().centery - width * 7 // 10)

    def vanished(self, unit: int) -> pygame.Rect | None:
        """Where a token the last events took off the Field stood (its rect then)."""
        return self._gone.get(unit)

    def cell_was(self, cell) -> pygame.Rect | None:
        """Where a cell was when the tokens the last events took away were placed."""
        return self._gone_cells.get(tuple(cell))

    def cell_of(self, unit: int) -> tuple | None:
        """The cell a unit stands in, or stood in if the last events took it away."""
        u = self.board.units.get(unit)
        if u is not None:
            return tuple(u.pos)
        was = self._gone.get(unit)
        return next((c for c, r in self._gone_cells.items()
                     if was is not None and r.collidepoint(was.center)), None)

    def carried(self, unit: int) -> Left:
        """What a unit the last events took off the Field held became (_left)."""
        return self._gone_held.get(unit, Left())

    def face(self, instance: int, width: int) -> pygame.Surface | None:
        """A face to animate: one drawn at another size stands in, scaled, while this
        one is drawn (it flies for a fraction of a second)."""
        cid = self.session.game.card(instance).id
        return self.app.faces.face_soon(cid, width)

    def back(self, card_type: str, width: int) -> pygame.Surface:
        return self.app.faces.back(card_type, width)

    def token(self, instance: int, size: int) -> pygame.Surface | None:
        return self.app.faces.token_soon(self.session.game.card(instance).id, size)[0]

    def owner(self, instance: int) -> int:
        return self.session.game.owner(instance)

    def back_when(self, unit: int) -> str:
        """When a Character Bonked is back in its owner's hand, in the seat panel's words,
        from its set_aside entry in the view (R9); one already back (a view past the
        event) said by the rule."""
        v, owner = self.board.view, self.owner(unit)
        back = next((b for c, b in v.seats[owner].set_aside if c == unit), None)
        return back_when(turns_out(v, owner, back)) if back is not None \
            else "after a full turn out"
