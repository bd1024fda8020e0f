"""Drawing the table each frame: the cached panels, the Field's layer (tiles as
the camera shows them, composed again only when the camera or the Field
changes), then tokens, highlights, the minimap, animations, the drag, menus,
messages and the hover zoom. Drawing changes nothing but what it records of
itself (hit regions, the faces it showed)."""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.engine import actions as A
from game.engine.decisions import Dealing
from game.engine.setup import still_to_deal
from game.engine.view import STATS

from ..faces import disaster_glyph, name_rect
from ..fonts import wrap
from ..kept import Kept
from . import ink, locations, minimap, panels, popups
from .anims import AtCell, Fallen, Float, Fly, Linger, Walk
from .model import Board
from .paint import Painter, combat_seats, whose_turn
from .tiles import badge_rect, header
from .words import (KIND_NAMES, causes, changed, count, deal_caption, drop_tag,
                    endured_until, now_text, place_caption, still_reason, walks_words)

ZOOM_DELAY = 0.3  # seconds of hovering before a card is shown large: passing over is calm
CONTROLS = ("act", "plan", "why", "fight", "more", "end", "all")  # what the zoom keeps clear of
SHORT_TAGS = {"Play, give": "Give"}  # a drop tag as said on a token too narrow for it


class TableFrame:
    """Mixed into TableScene."""

    _gold_memo: tuple | None = None  # (board, camera key, gilded): see gilded
    _thinking_at: dict[int, pygame.Rect] = {}  # where the panels keep the AI's dots
    watched_from: Board | None = None  # the Board a watched action found (scene's _take_events)
    _seats_memo: tuple = (None, None, None)  # (Board, moment, the seat panels' Board): _told
    _held_laid: tuple = ()  # the tokens gone that the Field was last laid round (_still_standing)

    # Drawing ----------------------------------------------------------------------------
    def whose(self) -> str:
        """The viewer's hand and Haven: "Your" for a person, "Player 1's" for an AI seat
        shown to nobody in particular (the booth's attract games); "" for nobody's."""
        seat = self.board.view.seat
        return "" if seat < 0 else "Your" if self.session.seats[seat] == "human" else \
            f"{self.seat_name(seat)}'s"

    def painter(self, shown: list[int], board: Board | None = None) -> Painter:
        p = Painter(self.app.faces, self.session.game.db, self.lay, board or self.board,
                    self.seat_name, shown, self.app.settings.colorblind_marks, self.whose())
        p.falling, p.laid_alike = frozenset(self.falling), self._laid_alike
        p.lifted = self._lifted()
        p.meets = self.session.meets
        p.lacking, p.chosen = self.session.lacking, frozenset(self.selection)
        p.scavenge_stops = self.session.scavenge_stops
        p.known_now = self.known_now()
        p.gold = self.gilded(board or self.board)
        p.fighting = combat_seats(self.fight, self.duel_shown())
        p.behind = self.fight_behind()
        s = self.session
        p.thinking = None if s.result is not None or s.human_to_act() else s.to_act
        return p

    def gilded(self, board: Board) -> bool:
        """board.gilded for the view now, worked out again only when the board or what
        the camera shows changed: every frame asks (its key), and each ask builds the
        board's outlines."""
        key, memo = self.camera.key(), self._gold_memo
        if memo is None or memo[0] is not board or memo[1] != key:
            memo = self._gold_memo = (board, key, board.gilded(self.in_view))
        return memo[2]

    def in_view(self, cell) -> bool:
        """Whether `cell` shows in the Field's view now."""
        return self.camera.shows([cell])

    def known_now(self) -> dict[int, str]:
        """The cards the view shows as the game stands now. A Board is rebuilt once the
        events of an action have been fed, and a frame may be painted between: a Combat
        round's last cards reshuffled into the face-down pile (R7) were drawn face up from
        the Board of the action before."""
        s = self.session
        key = (id(s.state), s.state.actions, s.shown)
        if self._known[0] != key:
            self._known = (key, dict(s.view().known))
        return self._known[1]

    def hand_caption(self) -> str:
        """The words over the hand: whose it is, or why it shows no card, true at each
        step of the set-up."""
        v, s = self.board.view, self.session
        if v.seat < 0 and v.result is not None:  # a finished game at a shared screen (s57)
            return "The game is over: no hand is shown to the people sharing the screen"
        if v.seat < 0 and s.helping():
            return f"Hands hidden while the computer sets up {self.seat_name(v.to_act)}'s Field"
        if v.seat < 0 and s.watch is not None:
            # The last action before the curtain plays out (Session.hold_curtain): whose
            # it is; who is next is the bar's note alone (curtain_coming).
            return f"Hands hidden while {self.playing_out()}"
        if v.seat < 0:  # everyone watches an AI seat decide
            return (f"Hands hidden while {self.seat_name(v.to_act)} "
                    f"({KIND_NAMES.get(s.seats[v.to_act], s.seats[v.to_act])}) plays")
        if v.phase != "setup":
            # Only the tops show (the rest below the window's edge, `layout.fan`): a
            # newcomer saw cut names and did not know how to read or play one (s32w).
            # And what a click on one does: in the person's own Discard phase it discards
            # (as a drag onto their panel does); where none may be played, nothing.
            b = self.board
            acts = [a for c in b.hand for a in b.click.get(("card", c), ())]
            if any(isinstance(a, A.DiscardCard) for a in acts):
                does = "; click it, or drag it onto your panel, to discard it"
            elif acts or any(b.drops.get(("card", c)) for c in b.hand):
                does = "; click or drag it to play it"
            else:
                does = ""
            how = f" · point at a card to see it whole{does}" \
                if self.whose() == "Your" and b.hand else ""
            return f"{self.whose()} hand{how}"
        if v.seat in s.helped:
            return "The computer sets up your Field for you: S takes over"
        other = "" if v.to_act == v.seat else self.seat_name(v.to_act)
        if isinstance(v.decision, Dealing):
            disasters, items = still_to_deal(v)[v.seat]
            return deal_caption(self.whose(), disasters, items, other)
        me = v.seats[v.seat]
        return place_caption(self.whose(), me.to_place, len(me.haven_to_place),
                             len(self.board.to_place()), me.next_location is not None, other)

    def playing_out(self) -> str:
        """Whose action plays out before the curtain: "Player 4 (AI Normal) plays",
        "Player 2's move plays out"."""
        s = self.session
        kind = s.seats[s.acted_by]
        return f"{self.seat_name(s.acted_by)}'s move plays out" if kind == "human" else \
            f"{self.seat_name(s.acted_by)} ({KIND_NAMES.get(kind, kind)}) plays"

    def moment(self) -> Board:
        """The Board the bar and the seat panels tell: while the last action before a
        hand-off plays out, the one it found, whose turn and phase it was. From the live
        one, the bar said "Waiting for Player 1" with Player 1's mark under Player 4's
        THEIR TURN and "Hands hidden while Player 4 plays" (s69's playtest). Only a
        Board of every seat's share (the one shown then)."""
        was, s = self.watched_from, self.session
        return was if s.watch is not None and was is not None and \
            was.view.seat == s.shown else self.board

    def seen(self) -> pygame.Rect:
        """The part of the Field that shows: the camera's window of whole cells, less
        what the combat panel covers (as of the last _place_field: asked often)."""
        return self._seen

    def _cover(self) -> pygame.Rect | None:
        """The combat panel's place over the Field's lower half, while one shows."""
        c, d = self.fight, self.duel_shown()
        if c is not None and c.stage != "run":
            return panels.combat_rect(self)
        if c is None and d and d.stage != "run":
            return panels.duel_rect(self)
        return None

    def _place_field(self) -> None:
        """Where the camera puts each cell and token now, and what a click hits there:
        run whenever the camera or the Field changes, so hits match what is drawn."""
        cam = self.camera
        cam.view = self.lay.field
        cam.scale = self.lay.s
        cover = self._cover()
        if cover != cam.cover:  # a combat panel came or went: the view is what it leaves
            self._cover_field(cover)
        self._frame_fight()
        cam.under_cover()
        self.lay.cells = {c: cam.rect(c) for c in self.cells}
        self._seen, self._placed = cam.seen(), cam.key()
        shown: list[int] = []
        p = self.painter(shown)
        p.field(self.seen())
        self._make_room(p)
        self.field_hits, self.unit_rects, self._field_shown = p.hits, p.unit_rects, shown
        self.minimap_rect = minimap.rect(cam, self.lay.map, self.px)
        self._join_hits()

    def _still_standing(self) -> tuple:
        """The tokens gone from the view that still stand in their cells till their
        event plays (a Disaster defeated, Characters Bonked or Killed): (cell, places
        in it as fractions of it), for each cell."""
        held: dict = {}
        for a in self.animator.anims + self.animator.marks:
            if isinstance(a, Linger) or isinstance(a, Fallen) and a.tween.raw < a.start:
                held.setdefault(a.cell, []).extend(at for pic, _, at in a.tokens if pic)
        return tuple(sorted((c, tuple(ats)) for c, ats in held.items()))

    def _make_room(self, p: Painter) -> None:
        """A cell's tokens laid round those gone that still stand there
        (`_still_standing`): laid anew without them, Mio's token went under the Zombie's
        kept till its defeat played ("Mi" read, s70). They take the slots of the cell
        laid with them all but the slot nearest each one gone."""
        self._held_laid = self._still_standing()
        for cell, spots in self._held_laid:
            r = self.lay.cells.get(cell)
            units = self.board.units_at.get(cell, [])
            if r is None or not units:
                continue
            slots = p._token_slots(cell, r, len(units) + len(spots))
            for fx, fy, fw in spots:
                at = (r.x + fx * r.w + fw * r.w / 2, r.y + fy * r.h + fw * r.w / 2)
                slots.remove(min(slots, key=lambda s: math.dist(s.center, at)))
            order = sorted(units, key=lambda u: (u.disaster, u.owner, u.arrived))
            moved = {u.card: slot for u, slot in zip(order, slots)}
            p.unit_rects.update(moved)
            p.hits = [h for h in p.hits if h[1][0] != "unit" or h[1][1] not in moved] + \
                [(s.clip(self.seen()), ("unit", u)) for u, s in moved.items()
                 if self.seen().colliderect(s)]

    def _join_hits(self) -> None:
        """The Field under the panels (the combat panel is one over it)."""
        self.hits = self.field_hits + [(self.minimap_rect, ("minimap",))] + self.panel_hits

    def _paint_base(self) -> None:
        """The panels round the Field (and the combat panel over its lower half)."""
        if self._cover() != self.camera.cover:  # a combat panel came or went
            self._place_field()
        shown: list[int] = []
        p = self.painter(shown)
        if self._base is None or self._base.get_size() != self.size:
            self._base = pygame.Surface(self.size)
        surf = self._base
        surf.blit(_backdrop(self.size), (0, 0))
        self._told(p, seats=True).seats(surf, self.session.seats,
                                        [d.name for d in self.session.game.decks])
        p.off_field(surf)
        chosen = self.inspect in self.selection
        along = sorted(self.selection - {self.inspect}) if chosen else []
        panels.inspector(p, surf, self.inspect, self.name, along, chosen)
        p.hand(surf, self.hand_caption())
        if self.combat_cover is not None:
            # While a round's hits play, the round fought (panel_board), drawn in the
            # share the table shows: nothing in it to choose.
            fought = self.notes[self._fought_at:] if self.fought is not None else None
            q = self.painter(shown, self.panel_board())
            q.hits, q.waiting = p.hits, p.waiting
            if self.fight is not None:
                panels.combat(q, surf, self.fight, self.notes, self.name, self.plan,
                              self.swing, fought is not None)
            else:
                panels.duel(q, surf, self.duel_shown(), self.name, self.plan, fought,
                            self.notes)
        # The bar's hint reads what the pointer is on in these panels, not in the last
        # picture's: the Run Away button just clicked, gone, still said "Run Away" (s51).
        self.panel_hits = p.hits
        self._join_hits()
        self._paint_bar(p, surf)
        self._stale = False
        self.panels_kept = False
        self._base_key = self._key_now()
        self._base_plan = dict(self.plan)  # the roles drawn lit in it
        self._base_for = self.session.shown
        self._base_cover = self.combat_cover
        self.panel_hits = p.hits
        self._join_hits()
        self.hand_rects = dict(zip(p.hand_cards(), p.hand_rects()))
        self.hand_tilts = p.tilts
        self._base_shown = shown
        self._waiting = p.waiting
        self._thinking_at = p.thinking_at

    def _paint_bar(self, p: Painter, surf: pygame.Surface) -> None:
        """The phase bar, as the game now is: its hint and its buttons (their hits to
        `p.hits`)."""
        q = self._told(p)
        s = self.session
        # While the last action before a hand-off plays out: whose the curtain will be
        # (popups.curtain_coming), in the longest way that leaves the hint whole. Given
        # half the bar, it cut a long hit ("Combat: Captain Marlowe Tetsuhige (P3) +
        # Polaris-9 (P3) + Vesper Dusk (P3) hit …", s73 newcomer).
        notes = popups.handoff_notes(self.seat_name(s.to_act)) if s.watch is not None else ()
        kept = [popups.note_width(w, s.to_act, self.px, self.app.settings.colorblind_marks)
                + self.px(8) for w in notes]
        q.bar(surf, self.hint(), self.bar_buttons(), self.resting_hint(), kept or (0,),
              self.bar_chosen, self.bar_brief)
        self.hint_rows = q.hint_rows
        self.handoff_note = notes[kept.index(q.kept)] if notes else ""

    def _told(self, p: Painter, seats: bool = False) -> Painter:
        """`p`, or while a watched action plays out, a Painter of the Board it found
        (moment) adding its hits and faces waiting to `p`'s; for the `seats` panels, of
        the Board now with that one's turn: their rows change as the hits play (a
        Character Bonked is named once its hit has played)."""
        if (moment := self.moment()) is self.board:
            return p
        if seats:
            if self._seats_memo[:2] != (self.board, moment):
                v = replace(self.board.view, to_act=moment.view.to_act,
                            turn_seat=whose_turn(moment.view))
                self._seats_memo = (self.board, moment, Board(v, [], self.board.db))
            moment = self._seats_memo[2]
        q = self.painter(p.shown, moment)
        q.hits, q.waiting = p.hits, p.waiting
        return q

    def _key_now(self) -> tuple:
        return (self.inspect, len(self.selection), self.hint(), len(self.notes),
                self.fight is None, self.app.settings.colorblind_marks,
                tuple(sorted(self.plan.items())), self.gilded(self.board), self._lifted())

    def _lifted(self) -> int | None:
        """The card being dragged, if a card is."""
        return self.drag[0][1] if self.drag is not None and self.drag[0][0] == "card" else None

    def _compose_field(self) -> bool:
        """The Field's layer: composed again when the camera, the path or the combat
        panel changed, or when a tile not drawn yet at this size stood in scaled; when
        only some cells changed (a card placed or turned over, Equipment dropped), only
        those are drawn again. True when it was."""
        f, seen = self.lay.field, self.seen()
        places, path, setup, cells = self._field_state
        key = (self.camera.key(), path, setup, tuple(seen), self.size)
        at = {pl.cell: pl for pl in places}
        looks = {c: at.get(c) for c in cells}  # a cell's card, or None: a place to put one
        muted = self.animator.muted  # its badge drawn again as its own words end
        looks.update((c, (looks[c], "muted")) for c in muted if c in looks)
        if (key, looks) == self._field_key and not self._field_short:
            return False
        p = self.painter([])
        p.muted = muted
        if self._field_key is not None and key == self._field_key[0] and not self._field_short:
            old = self._field_key[1]
            changed = {c for c in old.keys() | looks.keys() if old.get(c, 0) != looks.get(c, 0)}
            for c in changed:  # the felt under it first: an empty cell is an outline
                r = self.lay.cells.get(c) or self.camera.rect(c)
                self._field.blit(_backdrop(self.size), r.move(-f.x, -f.y), area=r)
            p.tiles(self._field, f, self.tiles, changed)
        else:
            if self._field is None or self._field.get_size() != f.size:
                self._field = pygame.Surface(f.size)
            self._field.blit(_backdrop(self.size), (0, 0), area=f)
            p.tiles(self._field, f, self.tiles)
        self._field_key, self._field_short = (key, looks), self.tiles.short
        return True

    def _compose_minimap(self) -> bool:
        """The minimap's picture: its blocks drawn again when what they show changed
        (the Field, the tokens, the decision's cells), its frame when the camera
        moved. True when it was."""
        area, cam = self.lay.map, self.camera
        asked = (self._boards, frozenset(self.selection), tuple(area), cam.bounds)
        if self._mini_asked != asked:  # a new Board or selection: the same blocks, maybe
            self._mini_asked = asked
            lit = frozenset(self.board.focus(self.selection)[0])
            shows = (self._field_state, self._tokens_at, lit, tuple(area), cam.bounds)
            if self._mini_blocks is None or self._mini_blocks[0] != shows:
                pic = pygame.Surface(area.size)
                pic.blit(_backdrop(self.size), (0, 0), area=area)
                minimap.draw(pic, pic.get_rect(), cam, self.board, lit, self.px,
                             self.session.game.db)
                self._mini_blocks = (shows, pic)
        key = (self._mini_blocks[0], cam.key())
        if self._mini is not None and self._mini[0] == key:
            return False
        pic = self._mini_blocks[1].copy()
        minimap.frame(pic, pic.get_rect(), cam, self.px)
        self._mini = (key, pic)
        return True

    def _draw_still(self, surface: pygame.Surface) -> None:
        """The panels, the Field's layer and the minimap, kept as one picture while
        none of them changes: a frame blits the window once, as before the camera."""
        self._make_still(in_frame=True)
        surface.blit(self._still, (0, 0))

    def _make_still(self, in_frame: bool) -> None:
        """The still picture as the game now is. The panels keep their last picture
        for one frame, and are painted between frames (`idle`) or by the next frame,
        in a frame that applied an action (the Board, the Field and the animations are
        new at once: no frame pays for both; until then no panel can be clicked), and
        when all that changed is a face drawn where another stood in."""
        faces = self.app.faces
        # A combat panel come or gone: the Field is laid out for the panel now, and drew
        # over the old one, kept, for as long as the AI seats played on.
        moved = self._base_cover != self._cover()
        # An action sent before its events are taken (go_on_fighting) may put a card the
        # panels show face down (a reshuffle, R7): they are painted again at once.
        hidden = not self._still_known()
        due = self._stale or moved or hidden or self._base_key != self._key_now()
        better = any(faces.has(k) for k in self._waiting)  # a face stood in for is drawn
        # (never the panels painted for another seat: its hand is hidden from this one)
        fresh = self._base is not None and self._base.get_size() == self.size and \
            self._base_for == self.session.shown and not moved
        base = due or better
        # In the guided game the panels an action made due are painted in its frame: the
        # guide's words (drawn each frame) said "Click the glowing Disaster" a frame
        # before the bar left "Click a glowing cell to move there" (s35b, b106).
        took = self._took and self.session.guide is None
        if base and in_frame and fresh and not self.panels_kept and (took or not due) \
                and not hidden:
            self.panels_kept = True  # (catch_up paints them)
            # Owed whatever the key is by then: a hot-seat hand-off brought back the key
            # of the picture kept, and its buttons, their hits cleared, never came back.
            self._stale = True
            if due:
                # Its hits cleared (a click paints the panels first: `hits`); but the bar,
                # cheap to paint, says what to do now in this frame too: kept, it said
                # "Run Away" a frame after it was taken (s51). Its hint reads the hits as
                # they are, the picture kept's cleared: not through `hits`, which would
                # paint all the panels now. Its buttons whose choices are gone are veiled:
                # Run Away stood there a frame after it was taken, as if live (s52), and so
                # did a declared Character's other roles, and Fight! while the other side
                # declared (s53).
                left = set(self.to_declare())
                for r, k in self.panel_hits:
                    if self._offers_no_more(k, left):
                        self._base.blit(_wash(r.size, VEIL), r)
                self.panel_hits = []
                self._join_hits()
                drawing, self._drawing = self._drawing, True
                try:
                    self._paint_bar(self.painter([]), self._base)
                finally:
                    self._drawing = drawing
            base = due
        elif base:
            self._paint_base()
        field, mini = self._compose_field(), self._compose_minimap()
        if base or field or mini or self._still is None or self._still.get_size() != self.size:
            if self._still is None or self._still.get_size() != self.size:
                self._still = pygame.Surface(self.size)
            self._still.blit(self._base, (0, 0))
            f, seen = self.lay.field, self.seen()
            self._still.blit(self._field, seen, area=seen.move(-f.x, -f.y))
            self._still.blit(self._mini[1], self.lay.map)

    def _offers_no_more(self, key: tuple, left: set[int]) -> bool:
        """Whether a button of the panels' picture kept offers what is there no more: an
        action not legal now; a Combat role of a Character not still to declare (`left`),
        but for the one planned, drawn lit as it is declared; Fight! while the viewer
        declares nothing now (the other side declares) or has one to choose for first."""
        if key[0] == "act":
            return key[1] not in self.board.legal
        if key[0] == "fight":
            return bool(self.unchosen()) or not any(
                isinstance(a, (A.Declare, A.Engage)) for a in self.board.legal)
        return key[0] == "plan" and key[1] not in left and self._base_plan.get(key[1]) != key[2]

    def _still_known(self) -> bool:
        """Whether every card the panels show is one the viewer may still see (not one
        shuffled back into a pile, say): else they are painted again at once."""
        known = self.known_now()
        return all(i in known for i in self._base_shown)

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.handoff() is not None:
            self.shown = []
            seat = self.session.handoff()
            reason, (title, recent), bonked = self.curtain_words(seat)
            self.curtain_button, self.curtain_pass = popups.curtain(
                surface, self.seat_name(seat), seat, reason, title, recent, self.px,
                self.app.settings.colorblind_marks, bonked, self.session.may_pass_unseen(),
                self.curtain_ready())
            return
        self.curtain_button = self.curtain_pass = None  # set only while the curtain is up
        self._drawing = True
        try:
            self._draw_table(surface)
        finally:
            self._drawing = False

    def _draw_table(self, surface: pygame.Surface) -> None:
        if self._still_standing() != self._held_laid:  # a token gone stands no more, or now does
            self._place_field()
        self._draw_still(surface)
        self.shown = self._base_shown + self._field_shown
        self._draw_log(surface)
        self._draw_thinking(surface)
        self._draw_tokens(surface)
        self._draw_beside(surface)
        self._draw_highlights(surface)
        self._draw_hand_hover(surface)
        self._draw_anims(surface)
        self.draw_overlays(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """What lies over the whole table: a card dragged, a menu, a card shown large, a
        message. The guided game's panel is drawn over the table, then these again."""
        if self.drag is not None:
            key, pic, grab, targets, _ = self.drag
            over = self.drop_target(self.pointer, targets)
            a = targets.get(over)
            # Lifted over any token, one it may not go to too: a dimmed Character stays seen.
            at = self._carried_at(pic.get_rect(), grab, over, surface.get_rect())
            surface.blit(pic, at)
            caption = None
            if isinstance(a, A.Drop) and not self._where(a.char)[1]:
                # Where the eyes are: letting go here leaves it (the hint says the rest).
                caption = "Left here: only Scavenging gets it back"
            elif a is None and self._held_piece() and (why := self.held_over()):
                # Over a place that refuses it: the rules' reason, in red where the eyes
                # are (the bar said it in its gold, read as a hint, s68).
                caption = why
            if caption:  # under the card, and under the token it was lifted over
                token = self.unit_rects.get(over[1]) if over is not None and \
                    over[0] == "unit" else None
                self._draw_caption(surface, caption, at.union(token) if token else at,
                                   surface.get_rect())
        if self.menu is not None:
            self.menu.draw(surface)
        self._draw_zoom(surface)
        self._draw_tip(surface)
        self._draw_message(surface)  # above the zoom: a refusal under it went unread

    def _draw_caption(self, surface, words: str, at: pygame.Rect, screen: pygame.Rect) -> None:
        """A red caption under the card carried, wrapped whole."""
        px = self.px(13)
        f = ink.font(px, True)
        rows = wrap(words, f, max(at.w, self.px(300)))
        box = pygame.Rect(0, 0, max(f.size(r)[0] for r in rows), len(rows) * f.get_linesize())
        box.midtop = (at.centerx, at.bottom + self.px(4))
        box.clamp_ip(screen.inflate(-self.px(12), -self.px(6)))
        pygame.draw.rect(surface, (90, 20, 24), box.inflate(self.px(10), self.px(4)),
                         border_radius=self.px(4))
        for k, row in enumerate(rows):
            t = ink.label(row, px, ink.TEXT, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + k * f.get_linesize())))

    def _carried_at(self, rect: pygame.Rect, grab, over, screen: pygame.Rect) -> pygame.Rect:
        """Where a card carried is drawn: held by its top-left corner below and right of
        the pointer; over a token it may land on, lifted just above that token (below it
        where there is no room above under the phase bar, whose hint says what letting
        go does), so the token, its name and its marks stay whole (held by its corner, it
        hid the name the bar's hint spoke of)."""
        x, y = self.pointer[0] - grab[0], self.pointer[1] - grab[1]
        token = self.unit_rects.get(over[1]) if over is not None and over[0] == "unit" else None
        if token is not None:
            gap = self.px(4)
            y = token.top - gap - rect.height
            if y < max(screen.top, self.lay.bar.bottom):
                y = token.bottom + gap
        return rect.move_to(topleft=(x, y)).clamp(screen)

    def _draw_log(self, surface) -> None:
        """The log is drawn every frame (cached lines), so a line can appear as its
        event plays without repainting the table."""
        p = Painter(self.app.faces, self.session.game.db, self.lay, self.board, self.seat_name,
                    self.shown)
        p.log(surface, self.log_lines, self.log_scroll)
        self.log_hits = p.hits
        for rect, _ in self.log_hits:  # the whole line under the pointer, all its rows
            if rect.collidepoint(self.pointer):
                pygame.draw.rect(surface, ink.GOLD, rect.inflate(self.px(4), 0), 1,
                                 border_radius=self.px(3))

    def _draw_thinking(self, surface) -> None:
        """Dots that pulse on the panel of a seat whose AI is deciding, at the right of
        its title ("Player 2"): the panel's foot holds a row of counts when a Bonked row
        fills a short panel (four seats), and the dots were drawn over its "Hand". The
        place is the one its panel kept free (Painter.thinking_at): at a fixed spot they
        covered "THEIR TURN" beside the title (s69)."""
        s = self.session
        if s.result is not None or s.human_to_act() or self.animator.busy:
            return
        if (r := self._thinking_at.get(s.to_act)) is None:
            return
        big = min(self.px(4), r.h // 2)
        for k in range(3):
            lit = int(self.time * 3) % 3 == k
            pygame.draw.circle(surface, ink.GOLD if lit else ink.DIM,
                               (r.x + r.w * (2 * k + 1) // 6, r.centery),
                               big if lit else max(1, big - 1))

    def _draw_tokens(self, surface) -> None:
        hidden = self.animator.hidden
        seen = self.seen()
        surface.set_clip(seen)
        for unit, rect in self.unit_rects.items():
            if unit in hidden or not seen.colliderect(rect):
                continue
            u = self.board.units[unit]
            cid = self.board.card_id(unit)
            surface.blit(self.tiles.token(cid, rect.w), rect)
            self.shown.append(unit)
            if not u.disaster:  # a frame in the owner's colour as well as the mark
                pygame.draw.rect(surface, ink.owner_colour(u.owner), rect, max(1, rect.w // 24))
            m = ink.mark(u.owner, max(8, rect.w // 3), u.disaster,
                         self.app.settings.colorblind_marks)
            # Within the token: 2 px out, a second row's marks stood on the first's names.
            surface.blit(m, rect.topleft)
            corner = m.get_width() + (disaster_glyph(rect.w) if u.disaster else 0)
            band = name_rect(rect).top  # what is written over the art stands above it
            badge = self.app.faces.back("item", max(8, rect.w // 4))
            if u.item_count:
                surface.blit(badge, (rect.right - badge.get_width(), rect.y))
                n = ink.label(str(u.item_count), max(10, rect.w // 4), ink.TEXT, True)
                surface.blit(n, (rect.right - badge.get_width() - n.get_width(), rect.y))
            if (n := self.board.numbers.get(unit)) and rect.w >= 24:
                # One of its player's twins: the number its buttons and lines say. Beside
                # its mark (and a Disaster's glyph) where an Items' count leaves room (on
                # every twin alike), else at the left over the name: under the mark it hid
                # the glyph (s69).
                tag = ink.label(f"#{n}", max(10, rect.w // 4), ink.TEXT, True)
                at = tag.get_rect(topleft=(rect.x + corner + 2, rect.y))
                digit = ink.label("9", max(10, rect.w // 4), ink.TEXT, True)
                if at.right + 4 > rect.right - badge.get_width() - digit.get_width():
                    at.bottomleft = (rect.x + 3, band)
                pygame.draw.rect(surface, ink.PANEL, at.inflate(4, 0), border_radius=3)
                surface.blit(tag, at)
            if u.damage:  # over the art at the right, the name under it read (s69)
                d = ink.label(f"-{u.damage}", max(10, rect.w // 3), ink.BAD, True)
                surface.blit(d, d.get_rect(bottomright=(rect.right - 2, band)))
        surface.set_clip(None)

    def _draw_beside(self, surface) -> None:
        """A Haven fighting from next door (R35) that the view cannot hold with the
        Combat's cell (a row above or below it: above the panel 1280x720 and smaller
        show one row) is named at the Field's edge, under a pointer towards it: it was
        out of sight, the panel's buttons naming a Haven the player could not find."""
        px = max(11, self.px(12))
        for owner, box, words, down in self.beside_tags():
            pygame.draw.rect(surface, ink.PANEL, box, border_radius=self.px(4))
            pygame.draw.rect(surface, ink.owner_colour(owner), box, 1, border_radius=self.px(4))
            x, y, h = box.x + px // 2, box.centery, px // 2
            edge, tip = (y - h // 2, y + h // 2) if down else (y + h // 2, y - h // 2)
            pygame.draw.polygon(surface, ink.GOLD, [(x, edge), (x + 2 * h, edge), (x + h, tip)])
            surface.blit(words, (box.x + 3 * px // 2 + 2, box.y + 1))

    def beside_tags(self) -> list[tuple[int, pygame.Rect, pygame.Surface, bool]]:
        """Where `_draw_beside` names each Haven out of sight: (its owner, the tag's box,
        its words, whether it points down). Measured, not drawn. Two on one side of the
        row shown go one beyond the other: both sides' Havens below it, the second tag
        lay over the first ("Player 1's Haven Fort (P1), f", s53). Where the band by
        the row holds one line (960x540), they go side by side, each in its share of the
        width, saying "fighting from next door" only where it fits whole: the second,
        pushed back into the band, lay over the first ("▼ You", s54)."""
        if self.combat_cover is None or self.fight is not None:
            return []
        seen, field, cover = self.seen(), self.lay.field, self.combat_cover
        b = self.panel_board()
        px = max(11, self.px(12))
        sides: dict[bool, list[tuple[int, int, pygame.Rect]]] = {True: [], False: []}
        for cell in b.havens_beside():
            r = self.lay.cells.get(cell)
            if r is not None and not seen.colliderect(r):
                sides[r.centery > seen.centery].append((cell, b.places[cell].owner, r))
        line = ink.font(px, True).get_height() + 4
        tags: list[tuple[int, pygame.Rect, pygame.Surface, bool]] = []
        for down, side in sides.items():
            band = (seen.bottom + 2, cover.top) if down else (field.top, seen.top - 2)
            across = len(side) * line > band[1] - band[0]
            share = (seen.w - 2 * (len(side) - 1)) // max(1, len(side)) if across else seen.w
            for i, (cell, owner, r) in enumerate(sorted(side, key=lambda e: e[2].centerx)):
                whose = "Your" if owner == b.view.seat else f"{self.seat_name(owner)}'s"
                said, _ = ink.first_whole((f"{whose} Haven {self.name(cell)}, fighting from "
                                           "next door", f"{whose} Haven {self.name(cell)}"),
                                          (px,), share - 2 * px, True)
                words = ink.fit(said, px, share - 2 * px, ink.TEXT, True)
                box = pygame.Rect(0, 0, words.get_width() + 2 * px, words.get_height() + 2)
                # Against the row shown, in the band it leaves by the panel (or the
                # Field's top); across, within its share.
                left = seen.left + i * (share + 2) if across else seen.left
                x = min(max(r.centerx, left + box.w // 2), left + share - box.w // 2)
                box.midtop = (x, seen.bottom + 2)
                if not down:
                    box.midbottom = (x, seen.top - 2)
                while box.collidelist([t[1] for t in tags]) != -1:
                    box.move_ip(0, box.h + 2 if down else -box.h - 2)
                box.clamp_ip(pygame.Rect(field.left, field.top, field.w, cover.top - field.top))
                tags.append((owner, box, words, down))
        return tags

    def _lit(self, surface, key, colour, width: int, over: bool = False) -> None:
        """An outline round what `key` is, where it shows (the Field's within its
        visible part); `over` also washes it pale green: a place to go."""
        rect = self._rect_of(key)
        if rect is None:
            return
        if key[0] == "unit":
            rect = rect.inflate(4, 4)  # round the token, not over its face
        on_field = key[0] in ("cell", "unit") or key == ("haven",)
        surface.set_clip(self.seen() if on_field else None)
        if over:
            surface.blit(_wash(rect.size, TINT), rect)
        pygame.draw.rect(surface, colour, rect, width, border_radius=self.px(6))
        surface.set_clip(None)

    def _draw_highlights(self, surface) -> None:
        b = self.board
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        glow = (int(120 + 100 * pulse), 230, int(120 + 60 * pulse))
        gold = ink.GOLD
        w = max(2, self.px(3))
        # Where the action is: the Location being Scavenged, the Combat's cell.
        for busy, colour in ((b.view.scavenging, gold), (b.view.combat, (226, 116, 28))):
            if busy is not None and busy.cell in self.lay.cells:
                surface.set_clip(self.seen())
                pygame.draw.rect(surface, colour, self.lay.cells[busy.cell].inflate(w * 2, w * 2),
                                 w + 1, border_radius=self.px(8))
                surface.set_clip(None)
        self._draw_inspected(surface, max(1, w - 1))
        if self.drag is not None:
            targets = self.drag[3]
            over = self.drop_target(self.pointer, targets)
            best = b.best_cells(self.drag[0])
            for key in targets:
                if best and key != over and key[0] == "cell" and key[1] not in best:
                    # Setup: a legal cell the Field would sprawl from, drawn as when
                    # nothing is held, so the compact ones stand out while dragging.
                    self._lit(surface, key, ink.OPEN, max(1, w - 1))
                    continue
                place = key[0] == "cell" or key == ("haven",)
                wide = 2 if key == over else 1 if key[0] == "cell" and key[1] in best else 0
                self._lit(surface, key, (255, 255, 255) if key == over else glow, w + wide,
                          over=place)
            if self._held_piece():
                self._draw_drop_marks(surface, targets, over)
            return
        if self.selection:
            for cell in b.reachable(self.selection):
                self._lit(surface, ("cell", cell), glow, w + 1, over=True)
            # Those who may come along glow as the movable do: the bar says to click one,
            # and where the selection goes nowhere alone nothing else glowed (s42n).
            for unit in self.partners():
                self._lit(surface, ("unit", unit), glow, max(1, w - 1))
            for a in b.legal:  # another player's Haven, its owner asked at the click
                if isinstance(a, A.AskPermission) and self.may_ask(a.cell):
                    self._lit(surface, ("cell", a.cell), gold, w, over=True)
            surface.set_clip(self.seen())
            for unit in self.selection:
                if unit in self.unit_rects:
                    pygame.draw.rect(surface, (255, 255, 255), self.unit_rects[unit].inflate(4, 4),
                                     w)
            surface.set_clip(None)
            return
        if self.armed is not None:
            for key in b.drops.get(self.armed, {}):
                self._lit(surface, key, glow, w)
        # Where to run glows as a move's cells do: the thin gold of any click was lost on
        # the player's own Haven's frame, and the bar said "click a glowing cell" (s33w).
        for key, how in b.outlines(self.armed).items():
            if key[0] == "card" and key[1] in self.hand_rects:
                # A fanned card is tilted: a lit tab above it, not an outline around it;
                # close over it, under the caption's letters (it crossed them out, s32w).
                rect = self.hand_rects[key[1]]
                tab = pygame.Rect(0, 0, rect.w // 2, self.px(4))
                tab.midbottom = (rect.centerx, rect.top - self.px(1))
                # Below the caption's letters (the middle card's tab underlined their
                # descenders, "play it", seen at 1280x720 and 960x540): on the card's
                # rim where the caption leaves no room above it.
                tab.top = max(tab.top, self.lay.hand.y + self.px(2)
                              + ink.font(self.px(13)).get_height())
                pygame.draw.rect(surface, glow, tab, border_radius=self.px(3))
            elif key[0] == "card" and self._rect_of(key) is None and \
                    (holder := self.readied_by(key[1])) is not None:
                # Equipment to put to use shows only once its Character is clicked: she
                # glows (nothing did where the guide said to click her, s42n).
                self._lit(surface, ("unit", holder), glow, w)
            elif key[0] == "card" and (cell := b.haven_of(key[1])) is not None:
                # A Haven's own use is a button in its inspector: its cell is gold (s71).
                self._lit(surface, ("cell", cell), gold, max(1, w - 1))
            elif how == "glow":  # a cell to act on: Scavenge, deal to, run to, set up compact
                self._lit(surface, key, glow, w + 1, over=True)
            elif how == "open":  # setup: legal, but the Field would sprawl
                self._lit(surface, key, ink.OPEN, max(1, w - 1))
            else:
                self._lit(surface, key, gold, max(1, w - 1))
        for unit in b.movable:
            self._lit(surface, ("unit", unit), glow, max(1, w - 1))
        for i in b.drops:
            if i not in b.click and i not in b.unlit:
                self._lit(surface, i, glow, max(1, w - 1))

    def _held_piece(self) -> bool:
        """Whether the thing dragged is an Equipment or Item card."""
        key = self.drag[0] if self.drag is not None else None
        cd = self.board.card(key[1]) if key is not None and key[0] == "card" else None
        return cd is not None and cd.type in ("equipment", "item")

    def _draw_drop_marks(self, surface, targets: dict, over) -> None:
        """While Equipment or an Item is dragged: each target tagged with what letting go
        there does ("Give", "Store", "Leave", "Play"), and the viewer's own Characters it
        cannot go to dimmed, by the legal actions the drag offers (every lit target
        looked alike, and a Character it could not go to looked as one it could, s68)."""
        b, seen = self.board, self.seen()
        holder = next((u.card for u in b.view.units if self.drag[0][1] in u.equipment
                       or self.drag[0][1] in (u.items or ())), None)
        surface.set_clip(seen)
        for u in b.view.units:
            rect = self.unit_rects.get(u.card)
            if rect is not None and u.owner == b.view.seat and not u.disaster and \
                    u.card != holder and ("unit", u.card) not in targets:
                surface.blit(_wash(rect.size, (8, 6, 20, 150)), rect)
        surface.set_clip(None)
        for key, t, box in self.drop_tags(targets, over, surface.get_rect()):
            pygame.draw.rect(surface, (255, 255, 255) if key == over else (40, 110, 60), box,
                             border_radius=self.px(4))
            surface.blit(t, t.get_rect(center=box.center))

    def drop_tags(self, targets: dict, over, screen: pygame.Rect) -> list[tuple]:
        """Each target's tag (key, words drawn, box), clear of the card carried and of the
        tags placed before it. A token's "Play, give" wider than the token is "Give"
        (the bar says it whole): four tokens in a Haven had theirs over each other and
        over the tokens (s71's playtest)."""
        px = max(11, self.px(12))
        _, pic, grab, _, _ = self.drag
        carried = self._carried_at(pic.get_rect(), grab, over, screen)
        seen, placed, out = self.seen(), [], []
        # The tokens' first: each has three places on its own token, a cell's has four.
        for key, a in sorted(targets.items(), key=lambda ka: ka[0][0] != "unit"):
            rect = self._rect_of(key)
            word = drop_tag(a, self._where, self.taker(key, a))
            if rect is None or word is None:
                continue
            colour = (20, 16, 36) if key == over else ink.TEXT
            t = ink.label(word, px, colour, True)
            if key[0] == "unit" and word in SHORT_TAGS and t.get_width() > rect.w:
                t = ink.label(SHORT_TAGS[word], px, colour, True)
            box = self._tag_box(t.get_rect().inflate(self.px(10), self.px(2)), key, rect,
                                [carried, *placed], seen if key[0] in ("cell", "unit") or
                                key == ("haven",) else screen)
            placed.append(box)
            out.append((key, t, box))
        return out

    def cell_free(self, cell) -> pygame.Rect | None:
        """The part of a cell, as placed now, between its name and its tokens' marks:
        where its Health badge is (tiles._badge)."""
        rect = self.cell_placed(cell)
        if rect is None:
            return None
        top = rect.top + header(rect.h)
        units = self.board.units
        tops = [r.top - 2 for u, r in self.unit_rects.items()  # (a mark sticks out 2 px)
                if u in units and tuple(units[u].pos) == tuple(cell)]
        return pygame.Rect(rect.x, top, rect.w, max(0, min(tops, default=rect.bottom) - top))

    def _tags(self, targets: dict) -> list[str]:
        """The drop tags of these targets, each once, as tagged (_draw_drop_marks)."""
        tags = (drop_tag(a, self._where, self.taker(key, a)) for key, a in targets.items())
        return list(dict.fromkeys(t for t in tags if t is not None))

    def _tag_box(self, box: pygame.Rect, key, rect: pygame.Rect, clear: list[pygame.Rect],
                 area: pygame.Rect) -> pygame.Rect:
        """Where a drop tag goes: on a token's top edge; in a cell, under its title, clear
        of its tokens below. Where the card carried or a tag placed before (`clear`) would
        cover it (the Haven's "Play" lay under the card held over it), the first place
        beside that neither does: inside the token's top, its bottom edge; the title's
        left or right end, the cell's foot."""
        gap = self.px(6)
        if key[0] == "unit":
            ways = [("midbottom", (rect.centerx, rect.top + box.h // 2)),
                    ("midtop", (rect.centerx, rect.top + 1)),
                    ("midtop", (rect.centerx, rect.bottom - box.h // 2))]
        else:
            top = rect.top + header(rect.h) + gap
            side = 2 * gap  # clear of the cell's glowing edge
            ways = [("midtop", (rect.centerx, top)), ("topleft", (rect.left + side, top)),
                    ("topright", (rect.right - side, top)),
                    ("midbottom", (rect.centerx, rect.bottom - gap))]
        first = None
        for point, at in ways:
            placed = box.copy()
            setattr(placed, point, at)
            placed.clamp_ip(area)
            first = first or placed
            if placed.collidelist(clear) < 0:
                return placed
        return first

    def _draw_inspected(self, surface, w: int) -> None:
        """The cell the inspector shows (a Location or a Haven clicked), marked at its
        corners: every Plain is headed "Plain (P1)" there, and nothing on the Field said
        which one it was (s33w3). Corners, not a frame: a frame is a place to go, or
        the Combat's or the Scavenging's cell."""
        if not isinstance(self.inspect, tuple):
            return
        rect = self._rect_of(("cell", self.inspect))
        if rect is None:
            return
        r = rect.inflate(w * 4, w * 4)  # in the gap round the cell, clear of its glow
        arm = r.w // 6
        # The corners lie outside the cell: at the view's edge, in the Field's margin,
        # never over the combat panel.
        area = self.seen().inflate(w * 4, w * 4).clip(self.lay.field)
        cover = self.camera.cover
        if cover is not None and area.colliderect(cover):
            area.height = max(0, cover.top - area.top)
        surface.set_clip(area)
        for x, y, dx, dy in ((r.left, r.top, 1, 1), (r.right - w, r.top, -1, 1),
                             (r.left, r.bottom - w, 1, -1), (r.right - w, r.bottom - w, -1, -1)):
            surface.fill(ink.SHOWN, pygame.Rect(min(x, x + dx * arm), y, arm + w, w).clip(r))
            surface.fill(ink.SHOWN, pygame.Rect(x, min(y, y + dy * arm), w, arm + w).clip(r))
        surface.set_clip(None)

    def _rect_of(self, key) -> pygame.Rect | None:
        """Where `key` is drawn; None for what is out of sight (scrolled away, or under
        the combat panel)."""
        if key[0] in ("cell", "unit"):
            rect = (self.lay.cells if key[0] == "cell" else self.unit_rects).get(key[1])
            return rect if rect is not None and self.seen().colliderect(rect) else None
        if key[0] == "card":
            return self.hand_rects.get(key[1]) or self._card_rect(key[1])
        if key == ("discard",):
            return self.seat_rect(self.board.view.seat)
        if key == ("haven",):
            havens = self.board.my_havens()
            return self._rect_of(("cell", havens[0])) if havens else None
        if key == ("off",):
            return self.lay.off_field
        if key == ("field",):
            return self.lay.field
        return None

    def _draw_anims(self, surface) -> None:
        """The animator's pictures; words rising over the Field stay within what shows
        of it (never over a panel), tokens walking and those gone (Bonked, Killed,
        Defeated) are seen only on the Field, and no card flies over the phase bar."""
        seen = self.seen()
        room = pygame.Rect(0, self.lay.bar.bottom, self.size[0], self.size[1] - self.lay.bar.bottom)
        for a in self.animator.marks + self.animator.anims:
            if isinstance(a, AtCell):
                a.area = seen
            if isinstance(a, Fallen):
                a.clear = self._plate_clear(seen)
            elif isinstance(a, Fly):
                a.area, a.room = seen, room
        self.animator.stack()  # words rising at one place, one above another
        # The words over the tokens kept till their hit (a Defeated Disaster's fading
        # token hid its "-2"), and a Bonked or Killed plate, once it shows, over them:
        # its words are read, theirs have gone by (the smallest tiles hold no room for
        # them under it).
        def layer(a) -> int:
            return 2 if isinstance(a, Fallen) and a.tween.raw >= a.start else \
                isinstance(a, Float)
        for a in sorted(self.animator.marks + self.animator.anims, key=layer):
            surface.set_clip(seen if isinstance(a, (Walk, AtCell)) else None)
            a.draw(surface)
        surface.set_clip(None)

    def _plate_clear(self, seen: pygame.Rect) -> tuple[list, list, list]:
        """What a Bonked or Killed plate keeps clear of (Fallen.place), in sight: the
        tokens of the cell fought in, the viewer's own Characters (a Killed plate hid
        theirs in a cell glowing to be Scavenged, s71's playtest) and the Health
        badges; the Locations' titles; the other tokens."""
        fought, units, seat = self._fought_cell(), self.board.units, self.board.view.seat
        standing = [(r.clip(seen), units[u]) for u, r in self.unit_rects.items()
                    if u not in self.animator.hidden and u in units and r.colliderect(seen)]
        shown = [r for r, _ in standing]
        keep = [r for r, u in standing if fought is not None and fought.colliderect(r)
                or not u.disaster and u.owner == seat]
        titles = [pygame.Rect(r.x, r.y, r.w, header(r.h)).clip(seen)
                  for c in self.board.places if (r := self.lay.cells.get(c)) is not None
                  and r.colliderect(seen)]
        return keep + self._badges(seen), titles, [r for r in shown if r not in keep]

    def _hover_card(self) -> int | None:
        key = self.hit(self.pointer)
        if key is None or self.drag is not None or self.menu is not None or self.still_after:
            return None
        if key[0] in ("card", "unit", "log"):
            return key[1]
        if key[0] == "cell" and key[1] in self.board.places:
            return self.board.places[key[1]].card
        return None

    def _draw_hand_hover(self, surface) -> None:
        """The hand card under the pointer rises whole and upright; while the pointer
        stays on it there, it is what a click hits (see hit)."""
        key = self.hit(self.pointer)
        self.raised = None
        if key is None or key[0] != "card" or key[1] not in self.hand_rects or self.drag:
            return
        rect = self.hand_rects[key[1]]
        pic = self.app.faces.face(self.board.card_id(key[1]), rect.w)
        up = rect.move(0, min(0, self.size[1] - rect.bottom - self.px(6)))
        if self.combat_cover is not None:  # no higher than a Combat panel's foot: it
            # covered Run Away and the forecast, and met the pointer on its way up to
            # them (a playtest); the zoom beside the pointer shows the card whole
            up.top = max(up.top, min(rect.top, self.combat_cover.bottom))
        surface.blit(pic, up)
        self.raised = (key[1], up)

    def _draw_message(self, surface) -> None:
        words, left = self.message
        if not words or left <= 0:
            return
        rows, box = self._message_place(words)
        self.message_rect = self._framed(box)
        if self.noted:  # news (the guided game left): no refusal's red
            pygame.draw.rect(surface, ink.PANEL, self.message_rect, border_radius=self.px(6))
            pygame.draw.rect(surface, ink.PANEL_EDGE, self.message_rect, max(1, self.px(2)),
                             border_radius=self.px(6))
        else:
            pygame.draw.rect(surface, (90, 20, 24), self.message_rect,
                             border_radius=self.px(6))
        y = box.top
        for row in rows:
            t = ink.label(row, self.px(16), ink.TEXT, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += t.get_height()

    def _message_place(self, words: str) -> tuple[list[str], pygame.Rect]:
        """The message's lines and where they go, each place measured, not drawn (only the
        one chosen is, `_draw_message`). The first place tried that covers no token and
        not the cell fought in, its words whole; else the best by, in turn: clear of the
        cell (a note covered the Disaster fought, s47w), clear of every token's name and
        Health badge (at 1024x600 the Field's foot hid the bottom row's names, s61; the
        booth's note a badge, s69), its words whole (beside the cell they were cut to
        "... cannot use it: needs We…", the Field's top empty, s61), clear of the
        Locations' titles (at the Field's top it hid the top row's names and counts,
        s62), the least of the names hidden, of the titles, of the tokens.
        Tried in turn: above the hand or a Combat's panel (not over its foot: it hid Run
        Away and Fight!), where notes always were; in a cell of the Field in sight with
        nothing in it (no place, no target); the Field's top, under the guided game's
        words; just above or below each row of tokens, or under each row's titles (over
        the Locations' art), nearest the foot first. At each, across the Field, beside
        the cell fought in, then in either half of the Field (beside the tiles)."""
        f, gap = self.lay.field, self.px(10)
        floor = self.combat_cover.top if self.combat_cover is not None else self.lay.hand.top
        ceiling = f.top + round(f.h * self.camera.clear_top)  # the guided game's words above
        room = pygame.Rect(f.x, ceiling, f.w, floor - ceiling)
        cell, seen = self._fought_cell(), self.seen()
        shown = [r for u, r in self.unit_rects.items()
                 if u not in self.animator.hidden and r.colliderect(seen)]
        tokens = [r.clip(seen) for r in shown]
        names = [name_rect(r).clip(seen) for r in shown]
        names += [t[1] for t in self.beside_tags()]  # a Haven fighting from next door named
        names += self._badges(seen)  # a Location's Health (s69: the booth's note hid one)
        titles = [pygame.Rect(r.x, r.y, r.w, header(r.h)).clip(seen) for c in self.board.places
                  if (r := self.lay.cells.get(c)) is not None and r.colliderect(seen)]
        spans = [(f.x + gap, f.right - gap)]
        if cell is not None:
            spans += [(cell.right + gap, f.right - gap), (f.x + gap, cell.left - gap)]
        spans += [(f.x + gap, f.centerx - gap // 2), (f.centerx + gap // 2, f.right - gap)]
        laid = [((left + right) // 2, *self._message_lines(words, right - left))
                for k, (left, right) in enumerate(spans) if k == 0 or right - left >= self.px(180)]
        by_rows = {("bottom", r.top - self.px(6)) for r in tokens} | \
            {("top", r.bottom + self.px(6)) for r in tokens} | \
            {("top", t.bottom + self.px(6)) for t in titles}
        heights = [("bottom", floor - self.px(6)), ("top", ceiling + self.px(8))] + \
            sorted(by_rows, key=lambda e: -e[1])
        places = [(side, y, x, rows, box) for side, y in heights for x, rows, box in laid]
        # After the Field's foot, a cell of it with nothing in it, rather than over a
        # Location's art (the booth's note hid a Health badge there, s69).
        places[len(laid):len(laid)] = [
            ("centery", r.centery, r.centerx, *self._message_lines(words, r.w - 2 * gap))
            for r in self._empty_cells(seen, room)]
        whole = " ".join(words.split())

        def covered(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(box.clip(r).w * box.clip(r).h for r in rects)

        best = None
        for side, y, x, rows, box in places:
            box = box.copy()
            box.centerx = x
            setattr(box, side, y)
            drawn = self._framed(box)
            if best is not None and not room.contains(drawn):
                continue  # the first, across the Field's foot, is kept in any window
            hid, titled = covered(drawn, names), covered(drawn, titles)
            cost = (cell is not None and drawn.colliderect(cell), hid > 0, titled > 0,
                    " ".join(rows) != whole, hid, titled, covered(drawn, tokens))
            if best is None or cost < best[0]:
                best = (cost, rows, box)
            if not any(cost):
                return rows, box
        return best[1], best[2]

    def _badges(self, seen: pygame.Rect) -> list[pygame.Rect]:
        """The Health badges drawn on the Field in `seen` (none while it is laid, nor
        where a Location's own words show: paint's tiles)."""
        b = self.board
        if b.view.phase == "setup":
            return []
        out = []
        for cell, p in b.places.items():
            r = self.lay.cells.get(cell)
            if r is None or not r.colliderect(seen) or cell in self.animator.muted:
                continue
            badge = locations.badge(p, self.session.game.db[b.card_id(p.card)], b.view.seat)
            if badge is not None:
                out.append(badge_rect(badge, r.size).move(r.topleft).clip(seen))
        return out

    def _empty_cells(self, seen: pygame.Rect, room: pygame.Rect) -> list[pygame.Rect]:
        """The cells inside the Field's bounds wholly in sight and in `room` where
        nothing is drawn (no place, no glowing target), nearest the foot first."""
        x0, y0, x1, y1 = self.camera.bounds
        free = [r for c in ((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
                if c not in self.lay.cells and seen.contains(r := self.camera.rect(c))
                and room.contains(r)]
        return sorted(free, key=lambda r: -r.y)

    def _framed(self, box: pygame.Rect) -> pygame.Rect:
        """The message's box as drawn round its lines."""
        return box.inflate(self.px(16), self.px(8))

    def _message_lines(self, words: str, width: int) -> tuple[list[str], pygame.Rect]:
        """A reason says what fails and what would do: wrapped, never cut, as the way out
        is said at its end (three lines at most cut a long refusal's last, s68: the box
        grows instead). The lines as they will be drawn, and the size they take."""
        f = ink.font(self.px(16), True)
        rows = [row for row in wrap(words, f, width) if row]
        sizes = [f.size(row) for row in rows]
        return rows, pygame.Rect(0, 0, max(w for w, _ in sizes), sum(h for _, h in sizes))

    def _fought_cell(self) -> pygame.Rect | None:
        """Where the Combat under way is fought, as much as shows of it; None in none."""
        c, d = self.fight, self.duel_shown()
        cell = c.cell if c is not None else d.cell if d else None
        rect = self.cell_placed(cell) if cell is not None else None
        return rect.clip(self.seen()) if rect is not None and \
            rect.colliderect(self.seen()) else None

    def _endured(self, i: int) -> bool:
        """Whether card `i` is a Disaster endured Off Field (R29), Turns left to it."""
        return self.session.game.card(i).type == "disaster" and \
            any(o.card == i and o.turns_left for o in self.board.view.off_field)

    def _facts(self, i: int) -> tuple[str, ...]:
        """What the zoomed card is doing now, in words, above its keywords."""
        b = self.board
        place = next((p for p in b.places.values() if p.card == i), None)
        if place is not None and place.kind == "location":
            facts = [f"Face down under it: {count(place.under_disasters, 'Disaster')} "
                     f"(purple backs), {count(place.under_items, 'Item')} (silver backs)."]
            if place.under_equipment:  # dropped here, face up: not a Disaster
                names = ", ".join(map(self.name, place.under_equipment))
                facts.append(f"Equipment left here, face up: {names}.")
            return tuple(facts)
        if place is not None and (place.buried_items or place.buried_equipment):
            # A Location turned Haven: what lay under it must still be Scavenged.
            facts = [f"Still under it, to be Scavenged: {count(place.buried_items, 'Item')} "
                     f"(silver backs)."]
            if place.buried_equipment:
                names = ", ".join(map(self.name, place.buried_equipment))
                facts.append(f"Equipment still under it, face up: {names}.")
            return tuple(facts)
        u = b.units.get(i)
        if u is None and (copies := self._copies(i)):
            return copies
        played = next((e for e in b.stack() if e.card == i), None)
        if u is None and played is not None:  # drawn Off Field while it waits (paint)
            on = f" on {self.name(played.target)}" if played.target is not None else ""
            return (f"Played by {self.seat_name(played.seat)}{on}: it resolves once "
                    f"every player passes (the last played resolves first).",)
        if u is None:
            off = next((o for o in b.view.off_field if o.card == i), None)
            note = b.uses_note(i) if off is not None else None
            if note:
                return (f"In play Off Field: {note}.",)
            if off is not None and off.turns_left:  # an endured Disaster: when it goes
                return (f"Endured by {self.seat_name(off.seat)}: " + endured_until(
                    off.turns_left, off.seat, b.view.turn_seat, self.seat_name) + ".",)
            return ()
        whose = "A Disaster" if u.disaster else f"{self.seat_name(u.owner)}'s Character"
        facts = [f"{whose}: Damage {u.damage}, holds {count(u.item_count, 'Item')}."]
        if u.disaster:
            facts.append(walks_words(u.brought_by, self.seat_name,
                                     b.view.seat if self.whose() == "Your" else None))
        if i in b.abled():  # what its outline means, unexplained anywhere (s33w2)
            facts.append("Gold outline: its ability may be used now: click it.")
        elif any(self.readied_by(e) == i for e in u.equipment):
            facts.append("Glowing: its Equipment may be put to use now: click it, then "
                         "the Equipment in the panel at the right.")
        cd = b.card(i)
        now = changed(cd, u)
        if now:  # the totals its card, drawn here, no longer says; why, of a Character
            # (a Disaster's public totals leave out what it holds: `causes` would not)
            why = None if u.disaster else {a: self.causes(i, a) for a, _, _ in now}
            facts.append(now_text(now, why) + ".")
        if i in b.movable:
            facts.append("It can move: click it, then a glowing cell.")
        elif (still := self.movement_still(i)) is not None:
            facts.append(still)
        facts += [self.act_words(a) + "." for a in b.click.get(("unit", i), [])[:3]]
        return tuple(facts)

    def _copies(self, i: int) -> tuple[str, ...]:
        """A piece a Character carries, or its Haven stores, with copies beside it: whether
        it is in use, and how many alike are fanned with it (inspect_panel.stacks): two
        Walkers shown as one face "x2" said nothing of which a drag takes (s51)."""
        b = self.board
        holder = next((u for u in b.view.units if i in u.equipment or i in (u.items or ())
                       or i in u.enhancements), None)
        if holder is not None:
            group = next(g for g in (holder.equipment, holder.items or (), holder.enhancements)
                         if i in g)
        else:
            cell = next((c for c, j in b.stored() if j == i), None)
            if cell is None:
                return ()
            group = [j for c, j in b.stored() if c == cell]
        p = self.painter([])
        cid, mine = b.card_id(i), panels.alike(p, i)
        n = sum(b.card_id(j) == cid and panels.alike(p, j) == mine for j in group)
        others = sum(b.card_id(j) == cid for j in group) - n
        facts = [f"In use this Turn by {self.name(holder.card)}."] \
            if holder is not None and i in holder.using else []
        if n > 1:
            facts.append(f"One of {n} alike here, fanned: a click or a drag on any of "
                         "them takes that one.")
        if others:
            facts.append((f"Another {self.name(i)} is" if others == 1 else
                          f"{others} other copies are") + " shown apart, not alike: each is "
                         "clicked or dragged on its own face.")
        return tuple(facts)

    def causes(self, unit: int, ability: str) -> str:
        """What took a Character's `ability` from its card's value to its total now
        (the view's, its owner's): the cards it has, and the rest (words.causes)."""
        u, cd = self.board.units[unit], self.board.card(unit)
        now = u.totals[STATS.index(ability)]
        return causes(cd.ability(ability) or 0, now,
                      [(self.name(c), m) for c, m in self.board.modifiers(unit, ability)])

    def movement_still(self, unit: int) -> str | None:
        """In the viewer's Move phase, why its Character `unit` has no move where its
        Movement is why (none on it, or none left: words.still_reason); else None."""
        b = self.board
        u, cd = b.units.get(unit), b.card(unit)
        if u is None or cd is None or not u.totals or u.disaster or unit in b.movable \
                or u.owner != b.view.seat or b.view.phase != "move" \
                or A.EndPhase() not in b.legal:
            return None
        now = u.totals[STATS.index("movement")]
        who = panels.short_names(self.painter([]), [unit], self.name)[unit]
        return still_reason(who, u.moved, cd.movement or 0, now, self.causes(unit, "movement"))

    def _draw_zoom(self, surface) -> None:
        if self.hovered is None or self.hovered[1] < ZOOM_DELAY:
            return
        i = self._hover_card()
        cid = self.board.card_id(i) if i is not None else None
        if cid is None and i is not None and self.hit(self.pointer)[0] == "log":
            cid = self.session.game.card(i).id  # named in the viewer's share of the log
        if cid is None:
            return
        # Below the phase bar: its hint says what to do with what is under the pointer.
        below = pygame.Rect(0, self.lay.bar.bottom, surface.get_width(),
                            surface.get_height() - self.lay.bar.bottom)
        if self.lay.log.collidepoint(self.pointer):
            # A card named in the log: the zoom beside it covered the lines being read.
            below.w = self.lay.log.left
        controls = [r for r, k in self.hits if k[0] in CONTROLS]
        pic, rect = popups.zoom(self.app.faces, self.session.game.db[cid], self.pointer,
                                below, self.px, self._facts(i), controls,
                                endured=self._endured(i))
        surface.blit(pic, rect)
        self.shown.append(i)


VEIL = (12, 10, 24, 170)  # over a button in a kept picture whose action is gone
TINT = (140, 255, 160, 60)  # over a cell the selection may go to
WASH_BYTES = 8 * 2 ** 20  # a few dozen cells' and buttons' sizes at 4 bytes a pixel


def _make_wash(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through wash of one colour, kept by size and colour within WASH_BYTES
    (a booth runs a day alone: a dict by size grew with every size met)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill(colour)
    return surf


_wash = Kept(_make_wash, WASH_BYTES)


_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The felt under the Field: a dark vertical gradient, made once per size."""
    if size not in _BACKDROPS:
        _BACKDROPS.clear()
        w, h = size
        surf = pygame.Surface(size)
        top, bottom = pygame.Color(34, 26, 62), pygame.Color(16, 12, 30)
        step = max(1, h // 90)
        for y in range(0, h, step):
            pygame.draw.rect(surf, top.lerp(bottom, y / h), (0, y, w, step))
        _BACKDROPS[size] = surf
    return _BACKDROPS[size]
