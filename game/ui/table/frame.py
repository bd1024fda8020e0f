"""Drawing the table each frame: the cached base layer, then tokens, highlights,
animations, the drag, menus, messages and the hover zoom. Drawing changes nothing
but what it records of itself (hit regions, the faces it showed)."""
from __future__ import annotations

import math

import pygame

from game.engine import actions as A
from game.engine.decisions import (Combat, Duel, FlashWindow, GuestTake, HavenQuestion,
                                   Scavenging)

from . import ink, panels, popups
from .paint import Painter
from .words import PHASE_HINTS, action_text

ZOOM_DELAY = 0.3  # seconds of hovering before a card is shown large: passing over is calm


class TableFrame:
    """Mixed into TableScene."""

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
        match v.decision:
            case FlashWindow():
                return "A Flash Effect was played: respond with one of yours, or Pass."
            case HavenQuestion():
                return (f"{self.seat_name(v.turn_seat)} asks to stop at your Haven: "
                        "permit or refuse.")
            case GuestTake():
                return ("A guest is taking a card out of your Haven: permit it, or fight "
                        "them for it.")
            case Combat(stage="run"):
                return "Running Away: click a glowing cell to run to."
            case Combat(stage="break"):
                return "Charm Combat: free your Charmed Characters (their Free buttons), or go on."
            case Combat(stage="command"):
                return "Charm Combat won: command the Disaster with a button above."
            case Combat():
                return "Combat: choose for each Character, or Run Away."
            case Duel():
                return ("Combat between players: click each of your Characters for its "
                        "choices, or drag it onto its target.")
            case Scavenging(cell=cell, stage="continue"):
                return (f"Scavenging: {b.places[cell].under_disasters} Disaster(s) still face "
                        "down here. Turn over the next, or stop.")
            case Scavenging():
                return "Scavenging: the way is clear. Retrieve the Items with a Character here."
        if self.selection:
            return "Click a glowing cell to move there (right-click to cancel)."
        return PHASE_HINTS.get(v.phase, "Choose what to do, or End phase.")

    def bar_buttons(self) -> list[tuple[str, tuple]]:
        """The bar is laid out from the right and drops what does not fit at its left:
        the actions only a button offers go rightmost, the rest while there is room."""
        only = self.board.only_buttons()
        rest = [a for a in self.board.buttons if a not in only]
        acts = [a for a in rest + only if not isinstance(a, A.EndPhase)][-4:]
        out = [(action_text(a, self.name), ("act", a)) for a in acts]
        if self.board.legal:
            out.append((f"All {len(self.board.legal)} actions (A)", ("all",)))
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
        if c is not None and c.stage != "run":
            # The panel covers the Field's lower half: what lies under it cannot be hit.
            self.combat_cover = panels.combat_rect(p)
            p.hits = [(r, k) for r, k in p.hits if not self.combat_cover.colliderect(r)
                      or k[0] not in ("unit", "cell")]
            panels.combat(p, surf, c, self.notes, self.name)
        d = v.duel
        if c is None and d is not None and d.stage != "run":
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
        self.hand_tilts = p.tilts
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
        self.curtain_button = None  # set only while the curtain is on screen
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
        cover = self.combat_cover
        if cover is not None:
            # Nothing on the Field under the combat panel glows through it.
            surface.set_clip(pygame.Rect(0, 0, self.size[0], cover.top))
        # Where the action is: the Location being Scavenged, the Combat's cell.
        for busy, colour in ((b.view.scavenging, gold), (b.view.combat, (226, 116, 28))):
            rect = self.lay.cells.get(busy.cell) if busy is not None else None
            if rect is not None:
                pygame.draw.rect(surface, colour, rect.inflate(w * 2, w * 2), w + 1,
                                 border_radius=self.px(8))
        surface.set_clip(None)
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
            if key[0] == "card" and key[1] in self.hand_rects:
                # A fanned card is tilted: a lit tab above it, not an outline around it.
                rect = self.hand_rects[key[1]]
                tab = pygame.Rect(0, 0, rect.w // 2, self.px(6))
                tab.midbottom = (rect.centerx, rect.top - self.px(3))
                pygame.draw.rect(surface, glow, tab, border_radius=self.px(3))
                continue
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
        """Where `key` is drawn; None for what the combat panel covers."""
        if key[0] in ("cell", "unit"):
            rect = (self.lay.cells if key[0] == "cell" else self.unit_rects).get(key[1])
            cover = self.combat_cover
            return None if rect is None or cover is not None and cover.colliderect(rect) \
                else rect
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
        """The hand card under the pointer rises whole and upright; while the pointer
        stays on it there, it is what a click hits (see hit)."""
        key = self.hit(self.pointer)
        self.raised = None
        if key is None or key[0] != "card" or key[1] not in self.hand_rects or self.drag:
            return
        rect = self.hand_rects[key[1]]
        pic = self.app.faces.face(self.board.card_id(key[1]), rect.w)
        up = rect.move(0, min(0, self.size[1] - rect.bottom - self.px(6)))
        surface.blit(pic, up)
        self.raised = (key[1], up)

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
