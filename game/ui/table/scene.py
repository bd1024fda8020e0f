"""The table: the main scene, where a game is played.

Frames are cheap because the parts that change only when the game changes
(the Field, panels, log, hand) are painted once into `_base` and blitted; each
frame adds only tokens, highlights, animations and what follows the pointer.
The window changes the game only by `session.act` with a legal action.
"""
from __future__ import annotations

import math

import pygame

from game.engine import IllegalAction
from game.engine import actions as A

from ..scene import Scene
from . import ink, panels, popups
from .anims import Animator, Fly
from .layout import Layout, compute
from .model import Board
from .paint import Painter
from .tween import Clock, Tween
from .words import PHASE_HINTS, action_text, event_text

DRAG_SLOP = 6  # pixels the pointer moves before a press becomes a drag
ZOOM_DELAY = 0.3  # seconds of hovering before a card is shown large: passing over is calm
AI_PAUSE = 0.35  # seconds between AI decisions at normal speed, so they can be followed
LOG_KEEP = 400  # log lines kept for the panel


class TableScene(Scene):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.clock = Clock(app.settings.anim_factor)
        self.animator = Animator(self.clock)
        self.size = app.size
        self.lay: Layout | None = None
        self.board: Board | None = None
        self._base: pygame.Surface | None = None
        self.hits: list[tuple[pygame.Rect, tuple]] = []
        self.log_hits: list[tuple[pygame.Rect, tuple]] = []
        self.unit_rects: dict[int, pygame.Rect] = {}
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.shown: list[int] = []  # every card drawn face up in the last frame
        self.pointer = (0, 0)
        self.hovered: tuple | None = None  # (card under the pointer, seconds hovered)
        self.press: tuple | None = None  # (key, pos) of a mouse press not yet released
        self.drag: tuple | None = None  # (key, picture, grab offset, targets)
        self.selection: set[int] = set()
        self.inspect: int | None = None
        self.armed: tuple | None = None  # a clicked card whose targets glow
        self.menu: popups.Menu | None = None
        self.message = ("", 0.0)
        self.log_lines: list[tuple[str, int | None]] = []
        self.log_scroll = 0
        self.notes: list[dict] = []  # this Combat's cards and hits, for the combat view
        # The Combat on show: the view's, or the one just ended while its last
        # cards and hits are still being animated.
        self.fight = None
        self.acted = len(session.record.actions)  # actions the Board was built after
        self.ai_wait = 0.0
        self.over_wait = 0.0
        self.time = 0.0
        self.curtain_button: pygame.Rect | None = None
        self.combat_cover: pygame.Rect | None = None
        self._tiles: pygame.Surface | None = None
        self._tiles_key: tuple | None = None
        self._stale = True  # the base layer must be painted again
        self._viewer = session.viewer
        self._reset_log()  # a resumed game shows its log so far, without replaying it

    # Names ---------------------------------------------------------------------
    def seat_name(self, i: int) -> str:
        return f"Player {i + 1}"

    def name(self, i: int) -> str:
        cid = self.board.card_id(i) if self.board else None
        return self.session.game.db[cid].name if cid else "a face-down card"

    def _log_name(self, i: int) -> str:
        # An id in the viewer's share of an event is one the viewer may know.
        return self.session.game.card(i).name

    # Scene lifecycle -------------------------------------------------------
    def on_enter(self) -> None:
        self.clock.factor = self.app.settings.anim_factor
        self.refresh()

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the Board from the viewer's view and repaint the static layer."""
        s = self.session
        self.board = Board(s.view(), s.legal(), s.game.db)
        cells = set(self.board.places)
        cells.update(a.cell for a in self.board.legal if isinstance(a, A.PlaceCard))
        self.lay = compute(self.size, cells)
        if self.board.view.combat is not None:
            self.fight = self.board.view.combat
        self.selection &= self.board.movable
        if self.inspect is not None and self.inspect not in self.board.units:
            self.inspect = None
        self._stale = True

    # Input --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if self.session.handoff() is not None:
            self._handle_curtain(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            if self.menu is not None:
                self.menu.wheel(event.y)
            elif self.lay.log.collidepoint(self.pointer):
                self.log_scroll = max(0, min(len(self.log_lines) - 1, self.log_scroll + event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = (self.hit(event.pos), event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
        elif event.type == pygame.MOUSEMOTION and self.press and self.drag is None:
            key, start = self.press
            if math.dist(start, event.pos) > DRAG_SLOP:
                self._start_drag(key, start)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag is not None:
                self._drop(event.pos)
            elif self.press is not None:
                self.click(self.press[0], event.pos)
            self.press = None

    def _handle_curtain(self, event) -> None:
        go = (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)) or \
             (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and
              self.curtain_button is not None and self.curtain_button.collidepoint(event.pos))
        if go:
            self.session.take_seat()
            self.animator.clear()  # the last player's animations may show their cards
            self._reset_log()
            self.cancel()
            self.refresh()

    def _key(self, key: int) -> None:
        if self.menu is not None and key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                                             pygame.K_RETURN, pygame.K_KP_ENTER):
            chosen = self.menu.key(key)
            if chosen is not None:
                self.send(chosen)
            return
        if key == pygame.K_ESCAPE:
            if self.menu or self.selection or self.armed or self.drag:
                self.cancel()
            else:
                from ..scenes.pause import PauseScene
                self.app.push(PauseScene(self.app, self.session))
        elif key in (pygame.K_SPACE, pygame.K_RETURN):
            if A.EndPhase() in self.board.legal:
                self.send(A.EndPhase())
            elif len(self.board.buttons) == 1:
                self.send(self.board.buttons[0])
        elif key in (pygame.K_a, pygame.K_TAB) and self.board.legal:
            self.open_all()

    def cancel(self) -> None:
        self.menu = None
        self.selection.clear()
        self.armed = None
        self.drag = None
        self.press = None

    def hit(self, pos) -> tuple | None:
        """The topmost thing under the pointer."""
        if self.menu is not None and self.menu.rect.collidepoint(pos):
            return ("menu",)
        for rect, key in reversed(self.hits):
            if rect.collidepoint(pos):
                return key
        for rect, key in self.log_hits:
            if rect.collidepoint(pos):
                return key
        return None

    def click(self, key: tuple | None, pos) -> None:
        b = self.board
        if self.menu is not None:
            chosen = self.menu.at(pos) if key == ("menu",) else None
            self.menu = None
            if chosen is not None:
                self.send(chosen)
            return
        if key is None:
            self.cancel()
            return
        kind = key[0]
        if kind == "act":
            self.send(key[1])
        elif kind == "end":
            self.send(A.EndPhase())
        elif kind == "all":
            self.open_all()
        elif kind == "unit":
            self._click_unit(key[1], pos)
        elif kind == "cell":
            self._click_cell(key[1], pos)
        elif kind == "card":
            acts = b.click.get(key, [])
            self.armed = key if acts else None
            self._offer(acts, pos, self.name(key[1]))
        elif kind == "log":
            self.inspect = key[1] if key[1] in b.units else self.inspect
            self._stale = True

    def _click_unit(self, unit: int, pos) -> None:
        b = self.board
        self.inspect = unit
        self._stale = True
        if unit in b.movable:
            if unit in self.selection:
                self.selection.discard(unit)
            else:
                group = set(b.group_of(unit))
                self.selection = (self.selection & group) | {unit}
            return
        # A click on one's own Character also just looks at it: its choices come
        # as a menu, never at once; a Disaster's (Fight) is done at once.
        mine = not b.units[unit].disaster and b.units[unit].owner == b.view.seat
        self._offer(b.click.get(("unit", unit), []), pos, self.name(unit), ask=mine)

    def _click_cell(self, cell, pos) -> None:
        b = self.board
        if self.selection:
            move = b.move_for(self.selection, cell)
            if move is not None:
                self.send(move)
                return
        acts = b.click.get(("cell", cell), [])
        if self.armed is not None:
            armed = [a for k, a in b.drops.get(self.armed, {}).items() if k == ("cell", cell)]
            acts = armed or acts
        if not acts:
            self.selection.clear()
        self._offer(acts, pos, f"At {cell[0]},{cell[1]}")

    def _offer(self, acts: list, pos, title: str, ask: bool = False) -> None:
        """One action: do it (unless `ask`). Several: a menu to choose from."""
        if len(acts) == 1 and not ask:
            self.send(acts[0])
        elif acts:
            self.menu = popups.Menu(title, [(action_text(a, self.name), a) for a in acts],
                                    pos, pygame.Rect((0, 0), self.size), self.lay.px)

    def open_all(self) -> None:
        items = [(action_text(a, self.name), a) for a in self.board.everything()]
        self.menu = popups.Menu("Everything you can do now", items, self.lay.bar.bottomright,
                                pygame.Rect((0, 0), self.size), self.lay.px)

    def send(self, action: A.Action) -> bool:
        """Send a legal action to the game; a refusal is shown in one line."""
        try:
            self.session.act(action)
        except (IllegalAction, PermissionError) as e:
            self.say(str(e))
            return False
        self.armed = None
        self.menu = None
        if isinstance(action, A.Move):
            self.selection.clear()
        return True

    def say(self, words: str) -> None:
        self.message = (words, 3.5)

    # Drag and drop -----------------------------------------------------------------
    def _start_drag(self, key, start) -> None:
        if key is None or key[0] not in ("card", "unit"):
            return
        rect = self.unit_rects.get(key[1]) if key[0] == "unit" else self._card_rect(key[1])
        pic = self.picture(key, rect)
        if rect is None or pic is None:
            return
        targets = self.board.drop_targets(key, self.selection)
        # Held by its top-left corner, the pointer's tip stays free to aim with.
        grab = (-self.px(10), -self.px(10))
        home = pic.get_rect(center=rect.center)
        self.drag = (key, pic, grab, targets, home)
        self.menu = None

    def _card_rect(self, i: int) -> pygame.Rect | None:
        for rect, key in self.hits:
            if key == ("card", i):
                return rect
        return None

    def picture(self, key, rect) -> pygame.Surface | None:
        """What follows the pointer: a small see-through copy, so the glowing
        targets under it stay visible."""
        if rect is None:
            return None
        cid = self.board.card_id(key[1])
        if cid is None:
            return None
        if key[0] == "unit":
            pic = self.app.faces.token(cid, rect.w).copy()
        else:
            pic = self.app.faces.face(cid, min(rect.w, self.px(64))).copy()
        pic.set_alpha(210)
        return pic

    def drop_target(self, pos, targets) -> tuple | None:
        """The target under the pointer: a valid one first, then anything there."""
        under = [key for rect, key in reversed(self.hits) if rect.collidepoint(pos)]
        for key in list(under):
            if key[0] == "cell" and key[1] in self.board.my_havens():
                under.append(("haven",))
            if key == ("seat", self.board.view.seat):
                under.append(("discard",))
        if self.lay.off_field.collidepoint(pos):
            under.append(("off",))
        if self.lay.field.collidepoint(pos):
            under.append(("field",))
        for key in under:
            if key in targets:
                return key
        return under[0] if under else None

    def _drop(self, pos) -> None:
        key, pic, grab, targets, home = self.drag
        self.drag = None
        dst = self.drop_target(pos, targets)
        if dst in targets and self.send(targets[dst]):
            return
        if dst is not None and dst != key:
            guess = self.board.guess(key, dst, self.selection)
            why = self.session.why_not(guess) if guess is not None else None
            self.say(f"Can't do that: {why}" if why else "That can't go there.")
        # Slide back to where it was picked up.
        at = pic.get_rect(topleft=(pos[0] - grab[0], pos[1] - grab[1]))
        self.animator.anims.append(Fly(Tween(self.clock.scale(0.25)), pic, at, home))

    # Frames ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        card = self._hover_card()
        held = self.hovered[1] + dt if self.hovered and self.hovered[0] == card else 0.0
        self.hovered = (card, held)
        self.clock.factor = self.app.settings.anim_factor
        words, left = self.message
        self.message = (words, max(0.0, left - dt))
        self.animator.update(dt)
        s = self.session
        if self._viewer != s.viewer:
            self._viewer = s.viewer
            self._reset_log()
        if s.handoff() is not None:
            return
        if self.acted != len(s.record.actions):
            self._take_events()
        if self.animator.busy:
            return
        if s.result is not None:
            self.over_wait += dt
            if self.over_wait >= self.clock.scale(1.5):
                self.app.game_over(s)
            return
        if not s.human_to_act():
            self.ai_wait += dt
            if self.ai_wait >= self.clock.scale(AI_PAUSE):
                s.poll()
                if self.acted != len(s.record.actions):
                    self.ai_wait = 0.0
                    self._take_events()

    def _take_events(self) -> None:
        """Catch up with the game: new events animated and logged, the Board rebuilt
        (also after an action that made no event: what is legal has changed)."""
        s = self.session
        new = list(s.pending)
        s.pending.clear()
        self.acted = len(s.record.actions)
        self.refresh()
        self._paint_base()
        for e in new:
            d = e.for_seat(s.viewer)
            self.animator.at_cursor(lambda d=d: self._log(d))
            self.animator.at_cursor(lambda d=d: self._combat_note(d))
            self.animator.feed(d, self, s.viewer, self.seat_name)

    def _log(self, d: dict) -> None:
        words, card = event_text(d, self._log_name, self.seat_name)
        if words:
            self.log_lines.append((words, card))
            del self.log_lines[:-LOG_KEEP]

    def _combat_note(self, d: dict) -> None:
        if d["type"] == "combat_began":
            self.notes = []
        elif d["type"] == "combat_ended":
            self.fight = self.board.view.combat if self.board else None
        elif d["type"] in ("combat_card", "combat_hit", "charm_contest", "combat_declared"):
            self.notes.append(d)

    def _reset_log(self) -> None:
        """The log as the (new) viewer may read it."""
        self.log_lines = []
        self.notes = []
        for e in self.session.log[-LOG_KEEP * 2:]:
            self._log(e.for_seat(self.session.viewer))
            self._combat_note(e.for_seat(self.session.viewer))
        self.session.pending.clear()  # already in the log: not to be animated

    # Geometry for the animator ------------------------------------------------
    def px(self, n: float) -> int:
        return self.lay.px(n)

    def cell_rect(self, cell) -> pygame.Rect | None:
        return self.lay.cells.get(tuple(cell))

    def unit_rect(self, unit: int) -> pygame.Rect | None:
        return self.unit_rects.get(unit)

    def seat_rect(self, seat: int) -> pygame.Rect:
        n = len(self.board.view.seats)
        h = min(self.lay.seats.h // n, self.px(150))
        return pygame.Rect(self.lay.seats.x, self.lay.seats.y + seat * h, self.lay.seats.w, h)

    def hand_rect(self) -> pygame.Rect:
        return self.lay.hand

    def centre_rect(self) -> pygame.Rect:
        return self.combat_cover or self.lay.field

    def face(self, instance: int, width: int) -> pygame.Surface | None:
        cid = self.session.game.card(instance).id
        return self.app.faces.face(cid, width)

    def back(self, card_type: str, width: int) -> pygame.Surface:
        return self.app.faces.back(card_type, width)

    def token(self, instance: int, size: int) -> pygame.Surface | None:
        return self.app.faces.token(self.session.game.card(instance).id, size)

    # Drawing ----------------------------------------------------------------------------
    def hint(self) -> str:
        b, v, s = self.board, self.board.view, self.session
        if v.result is not None:
            return "The game is over."
        if not b.legal:
            who = v.to_act
            kind = s.seats[who]
            return f"Waiting for {self.seat_name(who)}" + ("" if kind == "human" else
                                                          f" (AI {kind[3:]}) to decide…")
        if v.stack:
            return "A Flash Effect was played: respond with one of yours, or Pass."
        if v.asking is not None and any(isinstance(a, A.Answer) for a in b.legal):
            return f"{self.seat_name(v.turn_seat)} asks to stop at your Haven: permit or refuse."
        if v.duel is not None:
            return ("Combat between players: click each of your Characters for its choices, "
                    "or drag it onto its target.")
        if v.combat is not None:
            if v.combat.running:
                return "Running Away: click a glowing cell to run to."
            return "Combat: choose for each Character, or Run Away."
        if v.scavenging is not None:
            return "Scavenging: choose what to do next."
        if self.selection:
            return "Click a glowing cell to move there (right-click to cancel)."
        return PHASE_HINTS.get(v.phase, "Choose what to do, or End phase.")

    def bar_buttons(self) -> list[tuple[str, tuple]]:
        out = []
        for a in self.board.buttons:
            if isinstance(a, A.EndPhase):
                continue
            out.append((action_text(a, self.name), ("act", a)))
        out = out[:4]
        if self.board.legal:
            out.append((f"All actions ({len(self.board.legal)})", ("all",)))
        if A.EndPhase() in self.board.legal:
            out.append(("End phase (Space)", ("end",)))
        return out

    def _paint_base(self) -> None:
        shown: list[int] = []
        p = Painter(self.app.faces, self.session.game.db, self.lay, self.board, self.seat_name,
                    shown, self.app.settings.colorblind_marks)
        v = self.board.view
        key = (self.size, tuple(self.lay.cells.items()), v.places, v.path, v.phase == "setup")
        if self._tiles_key != key:
            # The Field's cards change far less often than the rest: kept apart.
            self._tiles = _backdrop(self.size).copy()
            p.tiles(self._tiles)
            self._tiles_key = key
        if self._base is None or self._base.get_size() != self.size:
            self._base = pygame.Surface(self.size)
        surf = self._base
        surf.blit(self._tiles, (0, 0))
        p.field()
        p.seats(surf, self.session.seats, [d.name for d in self.session.game.decks])
        p.off_field(surf)
        panels.inspector(p, surf, self.inspect, self.name)
        p.hand(surf)
        c = self.fight
        self.combat_cover = None
        if c is not None and not c.running:
            # The panel covers the Field's lower half: what lies under it cannot be hit.
            self.combat_cover = panels.combat_rect(p)
            p.hits = [(r, k) for r, k in p.hits if not self.combat_cover.colliderect(r)
                      or k[0] not in ("unit", "cell")]
            panels.combat(p, surf, c, self.notes, self.name)
        d = dict(v.duel) if v.duel else None
        if c is None and d is not None and d["stage"] != "run":
            self.combat_cover = panels.combat_rect(p)
            p.hits = [(r, k) for r, k in p.hits if not self.combat_cover.colliderect(r)
                      or k[0] not in ("unit", "cell")]
            panels.duel(p, surf, d, self.name)
        p.bar(surf, self.hint(), self.bar_buttons())
        self._stale = False
        self._base_key = self._key_now()
        self.hits = p.hits
        self.unit_rects = p.unit_rects
        self.hand_rects = dict(zip(p.hand_cards(), p.hand_rects()))
        self._base_shown = shown

    def _key_now(self) -> tuple:
        return (self.inspect, len(self.selection), self.hint(), len(self.notes),
                self.fight is None, self.app.settings.colorblind_marks)

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.handoff() is not None:
            self.shown = []
            seat = self.session.handoff()
            self.curtain_button = popups.curtain(surface, self.seat_name(seat), seat, self.px)
            return
        if self._stale or self._base_key != self._key_now():
            self._paint_base()
        surface.blit(self._base, (0, 0))
        self.shown = list(self._base_shown)
        self._draw_log(surface)
        self._draw_thinking(surface)
        self._draw_tokens(surface)
        self._draw_highlights(surface)
        self._draw_hand_hover(surface)
        self.animator.draw(surface)
        if self.drag is not None:
            key, pic, grab, _, _ = self.drag
            surface.blit(pic, (self.pointer[0] - grab[0], self.pointer[1] - grab[1]))
        if self.menu is not None:
            self.menu.draw(surface, self.pointer)
        self._draw_message(surface)
        self._draw_zoom(surface)

    def _draw_log(self, surface) -> None:
        """The log is drawn every frame (cached lines), so a line can appear as its
        event plays without repainting the table."""
        p = Painter(self.app.faces, self.session.game.db, self.lay, self.board, self.seat_name,
                    self.shown)
        p.log(surface, self.log_lines, self.log_scroll)
        self.log_hits = p.hits
        for rect, _ in self.log_hits:
            if rect.collidepoint(self.pointer):
                pygame.draw.rect(surface, ink.GOLD, rect, 1, border_radius=self.px(3))

    def _draw_thinking(self, surface) -> None:
        """Dots that pulse on the panel of a seat whose AI is deciding."""
        s = self.session
        if s.result is not None or s.human_to_act() or self.animator.busy:
            return
        r = self.seat_rect(s.to_act)
        for k in range(3):
            lit = int(self.time * 3) % 3 == k
            pygame.draw.circle(surface, ink.GOLD if lit else ink.DIM,
                               (r.x + self.px(16 + 12 * k), r.bottom - self.px(16)),
                               self.px(4 if lit else 3))

    def _draw_tokens(self, surface) -> None:
        hidden = self.animator.hidden
        faces = self.app.faces
        cover = self.combat_cover
        for unit, rect in self.unit_rects.items():
            if unit in hidden or (cover is not None and cover.colliderect(rect)):
                continue
            u = self.board.units[unit]
            cid = self.board.card_id(unit)
            surface.blit(faces.token(cid, rect.w), rect)
            self.shown.append(unit)
            if not u.disaster:  # a frame in the owner's colour as well as the mark
                pygame.draw.rect(surface, ink.owner_colour(u.owner), rect, max(1, rect.w // 24))
            m = ink.mark(u.owner, max(8, rect.w // 3), u.disaster,
                         self.app.settings.colorblind_marks)
            surface.blit(m, (rect.x - 2, rect.y - 2))
            if u.item_count:
                badge = faces.back("item", max(8, rect.w // 4))
                surface.blit(badge, (rect.right - badge.get_width(), rect.y))
                n = ink.label(str(u.item_count), max(10, rect.w // 4), ink.TEXT, True)
                surface.blit(n, (rect.right - badge.get_width() - n.get_width(), rect.y))
            if u.damage:
                d = ink.label(f"-{u.damage}", max(10, rect.w // 3), ink.BAD, True)
                surface.blit(d, (rect.right - d.get_width(), rect.bottom - d.get_height()))

    def _draw_highlights(self, surface) -> None:
        b = self.board
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        glow = (int(120 + 100 * pulse), 230, int(120 + 60 * pulse))
        gold = ink.GOLD
        w = max(2, self.px(3))
        if self.drag is not None:
            targets = self.drag[3]
            over = self.drop_target(self.pointer, targets)
            for key in targets:
                rect = self._rect_of(key)
                if rect is not None:
                    if key[0] == "cell" or key == ("haven",):
                        surface.blit(_tint(rect.size), rect)
                    pygame.draw.rect(surface, (255, 255, 255) if key == over else glow, rect,
                                     w + (2 if key == over else 0), border_radius=self.px(6))
            return
        if self.selection:
            for cell in b.reachable(self.selection):
                rect = self.lay.cells[cell]
                surface.blit(_tint(rect.size), rect)
                pygame.draw.rect(surface, glow, rect, w + 1, border_radius=self.px(6))
            for unit in self.selection:
                if unit in self.unit_rects:
                    pygame.draw.rect(surface, (255, 255, 255), self.unit_rects[unit].inflate(4, 4),
                                     w)
            return
        if self.armed is not None:
            for key in b.drops.get(self.armed, {}):
                rect = self._rect_of(key)
                if rect is not None:
                    pygame.draw.rect(surface, glow, rect, w, border_radius=self.px(6))
        for key in b.click:
            rect = self._rect_of(key)
            if rect is not None:
                pygame.draw.rect(surface, gold, rect, max(1, w - 1), border_radius=self.px(5))
        for unit in b.movable:
            if unit in self.unit_rects:
                pygame.draw.rect(surface, glow, self.unit_rects[unit].inflate(4, 4), max(1, w - 1))
        for i in b.drops:
            rect = self._rect_of(i)
            if rect is not None and i not in b.click:
                pygame.draw.rect(surface, glow, rect, max(1, w - 1), border_radius=self.px(5))

    def _rect_of(self, key) -> pygame.Rect | None:
        if key[0] == "cell":
            return self.lay.cells.get(key[1])
        if key[0] == "unit":
            return self.unit_rects.get(key[1])
        if key[0] == "card":
            return self.hand_rects.get(key[1]) or self._card_rect(key[1])
        if key == ("discard",):
            return self.seat_rect(self.board.view.seat)
        if key == ("haven",):
            havens = self.board.my_havens()
            return self.lay.cells.get(havens[0]) if havens else None
        if key == ("off",):
            return self.lay.off_field
        if key == ("field",):
            return self.lay.field
        return None

    def _hover_card(self) -> int | None:
        key = self.hit(self.pointer)
        if key is None or self.drag is not None or self.menu is not None:
            return None
        if key[0] in ("card", "unit", "log"):
            return key[1]
        if key[0] == "cell" and key[1] in self.board.places:
            return self.board.places[key[1]].card
        return None

    def _draw_hand_hover(self, surface) -> None:
        key = self.hit(self.pointer)
        if key is None or key[0] != "card" or key[1] not in self.hand_rects or self.drag:
            return
        rect = self.hand_rects[key[1]]
        pic = self.app.faces.face(self.board.card_id(key[1]), rect.w)
        surface.blit(pic, rect.move(0, min(0, self.size[1] - rect.bottom - self.px(6))))

    def _draw_message(self, surface) -> None:
        words, left = self.message
        if not words or left <= 0:
            return
        t = ink.fit(words, self.px(16), self.lay.field.w - self.px(20), ink.TEXT, True)
        box = t.get_rect(midbottom=(self.lay.field.centerx, self.lay.hand.top - self.px(6)))
        pygame.draw.rect(surface, (90, 20, 24), box.inflate(self.px(16), self.px(8)),
                         border_radius=self.px(6))
        surface.blit(t, box)

    def _facts(self, i: int) -> tuple[str, ...]:
        """What the zoomed card is doing now, in words, above its keywords."""
        b = self.board
        place = next((p for p in b.places.values() if p.card == i), None)
        if place is not None and place.kind == "location":
            return (f"Face down under it: {place.under_disasters} Disasters (purple backs), "
                    f"{place.under_items} Items (silver backs).",)
        u = b.units.get(i)
        if u is None:
            return ()
        whose = "A Disaster" if u.disaster else f"{self.seat_name(u.owner)}'s Character"
        facts = [f"{whose}: Damage {u.damage}, holds {u.item_count} Items."]
        if i in b.movable:
            facts.append("It can move: click it, then a glowing cell.")
        facts += [action_text(a, self.name) + "." for a in b.click.get(("unit", i), [])[:3]]
        return tuple(facts)

    def _draw_zoom(self, surface) -> None:
        if self.hovered is None or self.hovered[1] < ZOOM_DELAY:
            return
        i = self._hover_card()
        cid = self.board.card_id(i) if i is not None else None
        if cid is None and i is not None and self.hit(self.pointer)[0] == "log":
            cid = self.session.game.card(i).id  # named in the viewer's share of the log
        if cid is None:
            return
        pic, rect = popups.zoom(self.app.faces, self.session.game.db[cid], self.pointer,
                                surface.get_rect(), self.px, self._facts(i))
        surface.blit(pic, rect)
        self.shown.append(i)


_TINTS: dict[tuple[int, int], pygame.Surface] = {}


def _tint(size: tuple[int, int]) -> pygame.Surface:
    """A pale green wash over a cell the selection may go to."""
    if size not in _TINTS:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((140, 255, 160, 60))
        _TINTS[size] = surf
    return _TINTS[size]


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
