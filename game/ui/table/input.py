"""The table's input: clicks and keys (a press becomes a drag past DRAG_SLOP: drag.py),
each ending in at most one legal action sent to the session (or a one-line reason
why not); and the camera's
controls, which change only the view: the wheel zooms about the pointer, a drag on
the Field's empty space (or with the middle button) scrolls it, the arrows scroll,
+ and - zoom, F or Home fits the whole Field, C goes back to the decision, and a
click or drag on the minimap moves the view there."""
from __future__ import annotations

import math
import re

import pygame

from game.engine import IllegalAction
from game.engine import actions as A
from game.engine.havens import BUILDERS
from game.engine.terrain import MAX_GROUP

from . import minimap, panels, popups
from .camera import STEP, TOP
from .words import access_words, cost_words, every, still_playable, told_apart

DRAG_SLOP = 6  # pixels the pointer moves before a press becomes a drag
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1)}  # the Field moves the other way: the view goes that way
MENU_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
             pygame.K_HOME, pygame.K_END, pygame.K_RETURN, pygame.K_KP_ENTER)  # an open menu's
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1,
             pygame.K_KP_MINUS: -1}
# A card or token held near the Field's edge scrolls it: within EDGE px of it (scaled),
# once the pointer has stayed there EDGE_DWELL seconds. A drag from the panels beside
# the Field crosses that band at hand speed in a tenth of a second: at once (36 px) it
# scrolled 60 px under the card, and it was let go over the Character beside the one meant.
EDGE, EDGE_DWELL = 24, 0.45
# Seconds the view stands still before what the pointer rests on is what the player
# aims at: a click sooner after the view moved by itself acts on what lay under the
# pointer before it moved (TableInput._aimed).
AIM_SETTLE = 0.6
CARD_ID = re.compile(r"\bc(\d+)\b")  # a card's id in a reason the rules give
CELL = re.compile(r"\((-?\d+), (-?\d+)\)")  # and a cell's coordinates
# What a click on a button is ("act" its action, "plan" a Combat role, ...): a click on
# one while a menu is open closes the menu and does what the button says.
BUTTONS = ("act", "end", "all", "forme", "plan", "fight", "why", "log", "more", "newest")
LOOK = "Just look (no Combat)"  # the menu's row that closes it, sending nothing
# Seconds after the person at the screen acted, or after the curtain rose as they
# watched what that did (a press ends the watching), in which the curtain takes no seat:
# a quick second press of the key would show them the next hand.
HANDOFF_GUARD = 0.8
# Each acts once a press; P too, which passes at a Flash Effect's curtain: held, it
# would pass for each person called in turn.
GO_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p)
# Seconds after Esc skipped what others' actions play in which Esc opens the menu (the
# line saying so shows 3.5 s): a person pressing it twice means the menu.
ESC_AGAIN = 3.0


class TableInput:
    """Mixed into TableScene: reads its Board, hits and layout, changes only the
    selection, the menu, the drag, and the game through `send`."""

    # Input --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.seat_passed()  # before the event: a press is the new person's, kept
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        if event.type == pygame.MOUSEMOTION and event.pos != self.still_after:
            self.still_after = None
        if event.type == pygame.MOUSEMOTION:
            self.aim_here()
        if event.type == pygame.MOUSEMOTION and self.menu is not None:
            self.menu.hover(event.pos)
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in GO_KEYS:
            # The app repeats a key held down (menus scroll so): Space or Enter held
            # would end phase after phase, or take the seat at a curtain for the next
            # person. A key acts once a press; held while AI seats play, Space hurries
            # them, and sends nothing.
            if event.type == pygame.KEYUP:
                self.held.discard(event.key)
                self.hurry = self.hurry and event.key != pygame.K_SPACE
                return
            if event.key in self.held:
                return
            self.held.add(event.key)
            s = self.session
            if event.key == pygame.K_SPACE and s.handoff() is None and not s.human_to_act():
                self.hurry = True
                return
        if self.session.handoff() is not None:
            self._handle_curtain(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.esc_skips():
            return
        if self.skippable() and (event.type == pygame.MOUSEBUTTONDOWN and event.button <= 3
                                 or event.type == pygame.KEYDOWN
                                 and event.key != pygame.K_ESCAPE):
            if event.type == pygame.KEYDOWN and self._keep(event.key) or \
                    event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    self.hit(event.pos) == ("end",) and self._keep(pygame.K_SPACE):
                return  # the phase's key, or its button on the bar: kept, as Space is
            self.skip_replay()  # (the bar says so); the press chooses nothing
            if self.kept_space is not None:  # pressed before: what the bar said it does
                self.use_kept()
                return
            # Said: it did nothing else. A drag begun as the seat was taken, the replay
            # of the others' moves just begun, was dropped unexplained (s64's playtest).
            self.say("Replay skipped: the table shows the game as it is now. Press "
                     "again to choose.", note=True)
            return
        if self.session.watch is not None:
            self._handle_watch(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._left_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 2:
            if self.seen().collidepoint(event.pos):
                self.panning = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.let_go()  # as Esc: the inspector on a Character let go went on showing it
        elif event.type == pygame.MOUSEMOTION and self.panning is not None:
            self._pan_to(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.press and self.drag is None:
            key, start = self.press
            if math.dist(start, event.pos) > DRAG_SLOP:
                if (key is None or key[0] == "cell") and self.seen().collidepoint(start):
                    self.panning = start  # the Field itself is dragged: it scrolls
                    self._pan_to(event.pos)
                else:
                    self._start_drag(key, start)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            self._release(event.pos, event.button)

    def _wheel(self, y: int) -> None:
        """The wheel scrolls an open menu, the log, or zooms the Field under the pointer."""
        if self.menu is not None:
            self.menu.wheel(y)
            self.menu.hover(self.pointer)  # the row now under the pointer
        elif self.lay.log.collidepoint(self.pointer):
            self.log_scroll = max(0, min(len(self.log_lines) - 1, self.log_scroll + y))
        # Anywhere over the Field's part of the window: over the margin round a
        # window of whole cells zoomed in, the wheel did nothing (a playtest).
        elif self.camera.area().collidepoint(self.pointer) and \
                self.camera.zoom(y, self.pointer):
            self._place_field()
            self.aim_here()  # the player moved the view: they see what is there now
            # No card shown large till the pointer moves, as after a click: a token
            # under the wheel rose over three tiles the person zoomed to see (s60).
            self.still_after = self.pointer

    def _left_press(self, pos) -> None:
        """A left press: what it is on is kept till its release (a click) or a drag."""
        last, self.pressed_at = self.pressed_at, pos
        if self.acted < self.sent_count == len(self.session.record.actions) and \
                math.dist(last, pos) <= DRAG_SLOP:
            # The table has not yet taken in the action the last press there sent
            # (the next frame does): this one is its tail, a double click's second,
            # on the Board from before it. It played the hand card again, and the
            # rules said it was not in the hand (s64's playtest).
            return
        key = self._aimed(pos, self.hit(pos))
        if key is False:
            self.say("What you aimed at moved out of sight as the view moved: "
                     "nothing was chosen.")
            return
        self.press = (key, pos)
        if self.press[0] == ("minimap",):
            self.panning = ("map",)
            self._map_jump(pos)

    def _release(self, pos, button: int) -> None:
        """A left or middle release: it ends a pan, drops what is dragged, or clicks."""
        # No zoom where a drag, a scroll or a click lands till the pointer moves: a
        # token just clicked, shown large, covered the ones to click next.
        self.still_after = pos
        if self.panning is not None:
            self.panning = None  # the Field was dragged: no click
        elif button == 1 and self.drag is not None:
            self._drop(pos)
        elif button == 1 and self.press is not None:
            before = self._stir()
            self.click(self.press[0], pos)
            self._unheeded(before)
        self.press = None

    def _stir(self) -> tuple:
        """What a click changes that a person sees it did: an action sent, words said, a
        menu, the Characters chosen, a role planned, a card armed."""
        return (self.sent_count, self.message, self.menu, frozenset(self.selection),
                tuple(self.plan.items()), self.armed)

    def _unheeded(self, before: tuple) -> None:
        """A click in the guided game that did none of that (a cell not lit, a bare part of
        the Field) was met with silence: the line of what the lesson waits for instead."""
        guide = self.session.guide
        if guide is not None and self._stir() == before and \
                (words := guide.wanted(self.session.state)):
            self.say(words, note=True)

    def aim_here(self) -> None:
        """What the pointer is aimed at is what lies under it as the Field lies now."""
        self._aim = (self._placed, self.field_hits)

    def _aimed(self, pos, key: tuple | None) -> tuple | None | bool:
        """What a press on the Field means: what lay under the pointer when the player
        aimed, as the Field lay when the pointer last moved (or once the view had stood
        still AIM_SETTLE seconds since: scene._move_camera). The view moving by itself
        in between (a new decision glided into view, the Field fitted again as it grew)
        slid another cell or token under the pointer, and a Move to the cell beside the
        one meant cannot be taken back. A cell the glide took out of sight is still the
        one meant (a newcomer's deals were dropped, unexplained). False: a token aimed at
        no longer shows (it may have left the Field)."""
        placed, hits = self._aim
        if placed in (None, self._placed) or not self.seen().collidepoint(pos) or \
                key is not None and key[0] not in ("cell", "unit"):
            return key
        aimed = next((k for rect, k in reversed(hits) if rect.collidepoint(pos)), None)
        if aimed is None or aimed[0] == "cell" or any(k == aimed for _, k in self.field_hits):
            return aimed
        return False

    def space_ends(self) -> bool:
        """Whether Space ends the person's phase now (_key), the decision as it stands:
        while a replay plays, it is the one the replay leads to."""
        return A.EndPhase() in self.board.legal and self.menu is None and self.drag is None

    def _keep(self, key: int) -> bool:
        """Space, the phase's key, pressed while a replay of what others did plays in the
        person's own phase: kept, and the phase ended (or asked about) once the replay has
        played (use_kept), as the bar says while it plays. It was taken as the replay's
        skip, and the phase went on (s71's playtest: an AI seat's Combat in one's own
        Turn). Pressed again, the replay is skipped and the phase ends then. Whether kept."""
        if key != pygame.K_SPACE or self.kept_space is not None or not self.space_ends():
            return False
        self.kept_space = self.session.viewer
        self.say("Space kept: your phase ends once this replay has played (a key or a "
                 "click: at once).", note=True)
        return True

    def use_kept(self) -> None:
        """The Space kept while a replay played (_keep), used now it has: as pressed now,
        if it still ends the person's phase; else why not, not silently dropped."""
        seat, self.kept_space = self.kept_space, None
        if seat != self.session.viewer or not self.session.human_to_act():
            return  # the seat passed: the press was another person's
        if self.space_ends():
            self._key(pygame.K_SPACE)
        else:
            self.say("Space kept during the replay was not used: no phase to end now.",
                     note=True)

    def esc_skips(self) -> bool:
        """Esc while the table plays what others did (a replay before the person's
        choice, AI seats' turns as they play): the first skips it, as the bar says any
        key does, and a second within ESC_AGAIN seconds opens the menu (it opened the
        menu at once, s68's pass). Whether it was skipped."""
        s = self.session
        others = self.skippable() or self.animator.busy and not s.human_to_act() \
            and s.handoff() is None and s.watch is None and s.result is None
        held = self.menu or self.selection or self.armed or self.drag  # let go of first
        if not others or held or self.time - self.esc_at < ESC_AGAIN:
            return False
        self.esc_at = self.time
        self.skip_replay()
        self.say("Skipped: the table shows the game as it is now. Esc again: the menu.",
                 note=True)
        if self.kept_space is not None:  # as the bar said: a key plays it at once
            self.use_kept()
        return True

    def pause(self) -> None:
        from ..scenes.pause import PauseScene
        self.skip_replay()  # under the menu, no card left mid-flight: each where it is (s69)
        self.app.push(PauseScene(self.app, self.session))

    def _handle_curtain(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()  # drawn over the curtain: nobody's cards show
            return

        def pressed(k: int, button: pygame.Rect | None) -> bool:
            return (event.type == pygame.KEYDOWN and event.key == k) or \
                (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and
                 button is not None and button.collidepoint(event.pos))
        if self.curtain_ready() < 1:
            return
        if self.session.may_pass_unseen() and pressed(pygame.K_p, self.curtain_pass):
            # Offered to every person called to answer a Flash Effect, whatever their
            # hand holds (a seat passed for uncalled told the others what it held).
            self.session.pass_unseen()
            self.sent_at = self.time  # a second press passes for nobody else
            return
        # Space, as the curtain's button says, not Enter: Enter is Fight! in a Combat's
        # panel, and one pressed as a Haven's choice fought the round sat the next
        # person down in front of the one leaving (tests/test_ui_duel_curtain.py).
        if pressed(pygame.K_SPACE, self.curtain_button):
            # Nothing zoomed where the pointer rests till it moves: a card there rose at
            # once, large, over what the person sat down to see.
            self.still_after = self.pointer
            # Aimed at nothing yet: the Field under the curtain was not theirs to see. A
            # token pressed at once, the pointer resting where the button was, was taken
            # as what lay there before the view glided to their choice, a cell or
            # nothing, and the drag scrolled the Field instead (s64's playtest).
            self._aim = (None, [])
            self.session.take_seat()
            self.animator.clear()  # the last player's animations may show their cards
            # What happened since the curtain rose (the round the last person's Fight!
            # resolved: its hits, a Character Bonked), which that person watched in
            # theirs, is animated in the new person's share: dropped, they never saw it.
            self._reset_log(keep_pending=True)
            self.cancel()
            self.refresh()

    def curtain_ready(self) -> float:
        """How far through HANDOFF_GUARD the curtain is, 0 to 1: its buttons take a press
        only at 1, and are drawn dim and filling till then (a click lost unseen read as
        a button that did not work)."""
        return min(1.0, max(0.0, (self.time - max(self.sent_at, self.curtain_at))
                            / HANDOFF_GUARD))

    def _handle_watch(self, event) -> None:
        """The person leaving watches what their action did (TableScene._hold_curtain):
        a key or a click brings the curtain now, Esc too, as the bar's "any key: now"
        says (it opened the menu over their view: s68); Esc on the curtain, the menu.
        Not a press within HANDOFF_GUARD of the action (Esc aside, no action's tail): it
        is the action's own tail (a double click on the cell run to, Enter after
        clicking Fight!), and it brought the curtain before the move or the hits had
        shown."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.end_watch()
        elif (event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and
                                               event.button in (1, 2, 3))) \
                and self.time - self.sent_at >= HANDOFF_GUARD:
            self.end_watch()

    def _key(self, key: int) -> None:
        if self.menu is not None and key in MENU_KEYS:
            menu, chosen = self.menu, self.menu.key(key)
            if chosen is not None:
                self._chosen(menu, chosen)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.menu = None  # the row to only look
            return
        if key in PAN_KEYS or key in ZOOM_KEYS or key in (pygame.K_f, pygame.K_HOME, pygame.K_c):
            self._camera_key(key)
        elif key == pygame.K_ESCAPE:
            if self.menu or self.selection or self.armed or self.drag:
                self.let_go()
            else:
                self.pause()
        elif key == pygame.K_SPACE and self.menu is not None:
            # A menu is a choice being made ("Confirm: ..." among them): Space there
            # ended the phase under it.
            self.say("A menu is open: click a row or press Enter to choose, Escape to "
                     "close it")
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.drag is not None:
            # A card held: the phase ended under it and its drop was refused (s64's
            # playtest).
            self.say("Let go of what you are dragging first (Escape puts it back)")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter is Fight!, as its button says, and nothing else: it also ended the
            # phase, though that button says Space, and a stray one ended the Move phase
            # of a newcomer with a Character chosen to move (s64's playtest).
            if self.plan or self.unchosen() or ("fight",) in (k for _, k in self.hits):
                self.press_fight()  # as its button (lit with none planned: all hold back)
            elif A.EndPhase() in self.board.legal:
                self.say("Enter ends no phase: Space does (the End phase button)", note=True)
        elif key == pygame.K_SPACE:
            if A.EndPhase() in self.board.legal:
                self.end_phase("Space again ends it.")
            elif self.board.buttons == [A.RunAway()]:  # never by a key meant for a phase
                self.say("Space does not Run Away (its button does): choose in the panel, "
                         "then Fight!")
            elif (d := self.board.view.decision) is not None and d.kind in ("combat", "duel"):
                pass  # a Combat's choices are its panel's buttons, as the bar says
            elif (g := self.session.guide) is not None and g.on_step(self.session.state):
                # The step's target is also the bar's one button (Scavenge): Space, the
                # phase's key elsewhere, did the lesson's step for the person, unseen.
                self.say(g.wanted(self.session.state) or "", note=True)
            elif len(self.board.buttons) == 1:
                self.send(self.board.buttons[0])
        elif key in (pygame.K_a, pygame.K_TAB) and self.board.legal:
            self.open_all()
        elif key == pygame.K_s:
            self.set_up_for_me()

    def end_phase(self, again: str) -> None:
        """Space, or the bar's End phase button: the phase ends, unless it asks first
        (_ask_end), saying how to end it then (`again`). The button ended an Equip phase
        at once while Space asked (s69)."""
        if not self._ask_end(again):
            self.send(A.EndPhase())

    def _ask_end(self, again: str) -> bool:
        """Ending one's Equip phase with cards of the hand still playable asks first,
        once a phase: it ended the phase at once, the cards unplayed and nothing said
        (s68's pass). The next press ends it. Not in the guided game,
        whose steps say when. Whether it asked."""
        b, v, s = self.board, self.board.view, self.session
        if v.phase != "equip" or s.guide is not None or v.seat < 0:
            return False
        playable = [c for c in b.hand if b.click.get(("card", c)) or b.drops.get(("card", c))]
        asked = (v.seat, v.seats[v.seat].turns, v.phase)
        if not playable or self.end_asked == asked:
            return False
        self.end_asked = asked
        self.say(f"You can still play {still_playable(playable, b.card)}: end the Equip "
                 f"phase? {again}", note=True)
        return True

    def let_go(self) -> None:
        """Esc, a right click or a click on nothing: nothing chosen, held or open; and no
        look at what was chosen: let go, the inspector went from "Chosen to move" to
        "Looking at" it, as if it were still picked (s64's playtest; by a right click,
        s65's). A look at something else (a Place, another Character) stays."""
        if self.inspect in self.selection:
            self.inspect = None
        self.cancel()

    def cancel(self) -> None:
        self.menu = None
        self.selection.clear()
        self.chosen_for_them = None
        self.armed = None
        self.drag = None
        self.press = None
        self.panning = None
        self.kept_space = None

    # The camera ---------------------------------------------------------------
    def _camera_key(self, key: int) -> None:
        cam = self.camera
        if key in PAN_KEYS:
            # Over half a cell along each axis, so the view comes to rest a column or a
            # row on: a pitch is wider than tall, and 0.6 of its height sideways was
            # under half a column, the view gliding back to where it was.
            dx, dy = PAN_KEYS[key]
            cam.pan(dx * cam.pitch[0] * 0.6, dy * cam.pitch[1] * 0.6)
        elif key in ZOOM_KEYS:
            cam.zoom(ZOOM_KEYS[key], self.seen().center)
        elif key == pygame.K_c:
            self.bring_into_view()
            cam.snap()
        else:  # F: the whole Field, however small its tiles come
            cam.fit(whole=True)
            cam.snap()
        self._place_field()
        self.aim_here()  # the player moved the view: they see what is there now

    def aim(self, zoom: float | None = None, focus: str | None = None) -> None:
        """Point the camera at once: `zoom` times the smallest readable tile (snapped
        to a rung), `focus` "fit" (the whole Field), "group" (the decision's cells) or
        "x,y" (a cell). For `python main.py screenshot --zoom --focus`."""
        cam = self.camera
        if zoom is not None:
            cam.rung = min(TOP, cam.lowest + round(math.log(max(zoom, 1.0), STEP)))
            cam.fitted = False
        if focus == "fit":
            cam.fit(whole=True)
        elif focus == "group" and zoom is not None:  # the zoom kept: centred on the group
            first = self.board.focus(self.selection)[1]
            if first is not None:
                cam.look_at(first)
        elif focus == "group":
            self.bring_into_view()
        elif focus:
            cam.look_at(tuple(float(n) for n in focus.split(",")))
        cam.set_bounds(self.cells)  # the centre kept over the Field at the new rung
        cam.snap()
        self._place_field()

    def _pan_to(self, pos) -> None:
        """The Field follows the pointer (or, on the minimap, the view goes there)."""
        if self.panning == ("map",):
            self._map_jump(pos)
            return
        self.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
        self.panning = pos
        self._place_field()

    def _map_jump(self, pos) -> None:
        self.camera.look_at(minimap.spot(self.camera, self.lay.map, pos, self.px))
        self._place_field()

    def _edge_scroll(self, dt: float) -> None:
        """A card or token held near the Field's edge scrolls it that way, so a target
        out of sight can be reached: once it has stayed in the edge's band EDGE_DWELL
        seconds, not as it crosses the band on its way in from a panel, nor while it is
        over a Character it may be let go on (the tokens of a tile at the edge lie in
        the band: the one the hint named slid away as the player let go)."""
        seen, (x, y) = self.seen(), self.pointer
        edge = self.px(EDGE)

        def push(near_low: int, near_high: int) -> float:
            return max(0, edge - near_low) - max(0, edge - near_high)
        dx, dy = push(x - seen.left, seen.right - x), push(y - seen.top, seen.bottom - y)
        targets = self.drag[3]
        over = self.drop_target((x, y), targets)
        if not seen.collidepoint(x, y) or not (dx or dy) or \
                over in targets and over[0] == "unit":
            self.edge_since = None
            return
        if self.edge_since is None:
            self.edge_since = self.time
        if self.time - self.edge_since < EDGE_DWELL:
            return
        speed = 18 * dt  # at the very edge, 18 times the band a second (430 px at 720p)
        self.camera.pan(dx * speed, dy * speed)
        self._place_field()

    def hit(self, pos, past: tuple = ()) -> tuple | None:
        """The topmost thing under the pointer, as drawn: the hand card risen under
        it, then a fanned card only where its tilted face is; none of the keys `past`."""
        if self.menu is not None and self.menu.rect.collidepoint(pos):
            return ("menu",)
        if self.raised is not None and self.raised[1].collidepoint(pos):
            return ("card", self.raised[0])
        for rect, key in reversed(self.hits):
            if key not in past and rect.collidepoint(pos) and self._on_face(key, pos):
                return key
        for rect, key in self.log_hits:
            if rect.collidepoint(pos):
                return key
        return None

    def _on_face(self, key: tuple, pos) -> bool:
        angle = self.hand_tilts.get(key[1]) if key[0] == "card" else None
        if angle is None:
            return True
        # The pointer turned back by the card's tilt (rotozoom turns anticlockwise).
        rect = self.hand_rects[key[1]]
        dx, dy = pos[0] - rect.centerx, pos[1] - rect.centery
        a = math.radians(angle)
        return (abs(dx * math.cos(a) - dy * math.sin(a)) <= rect.w / 2
                and abs(dx * math.sin(a) + dy * math.cos(a)) <= rect.h / 2)

    def click(self, key: tuple | None, pos) -> None:
        b = self.board
        # The Character the last click looked at that could not move (_click_unit): the
        # next click alone may be a move tried (_tried_to_move).
        self.looked_still, self._still_click = None, self.looked_still
        if key == ("path",):  # an arrowhead over a cell's edge says what it is; a click
            key = self.hit(pos, past=(key,))  # there is the cell's, as before it did
        if self.menu is not None:
            menu, self.menu = self.menu, None
            chosen = menu.at(pos) if key == ("menu",) else None
            # A card clicked offers a menu and lights its targets: a click on a
            # lit target instead of the menu plays the card there (asked first if it pays).
            lit = b.drops.get(self.armed, {}).get(key) if self.armed is not None else None
            if chosen is not None:
                self._chosen(menu, chosen)
                return
            if lit is not None:
                self._do(lit, pos)
                return
            # A button says what it does: the menu closes and it does it, below. Else the
            # click only closed it, and nothing said so (a newcomer's Walker unpaid, and
            # the Combat's Attack they had clicked unchosen). So does another Character:
            # the click that only closed one's menu was taken for a dead one (s65).
            chooses = key is not None and key[0] == "unit" and menu.title != self.name(key[1])
            if key is None or key[0] not in BUTTONS:
                if key != ("menu",) and menu.items[0][0].startswith("Confirm: "):
                    self.say("Not confirmed, so nothing was done or paid: to do it, click "
                             "it again, then Confirm", note=True)
                if not chooses:
                    return
        if key is None:
            self.let_go()
            return
        kind = key[0]
        if kind == "act":
            self._do(key[1], pos)
        elif kind == "end":
            self.end_phase("Click End phase again to end it.")
        elif kind == "all":
            self.open_all()
        elif kind == "forme":
            self.set_up_for_me()
        elif kind == "unit":
            cell = b.units[key[1]].pos
            if key[1] not in self.selection and (b.move_for(self.selection, cell) is not None
                                                 or self.may_ask(cell)):
                self._click_cell(cell, pos)  # a token on a glowing cell: the cell is meant
            else:
                self._click_unit(key[1], pos)
        elif kind == "cell":
            self._click_cell(key[1], pos)
        elif kind == "card":
            acts = b.click.get(key, [])
            self.armed = key if acts else None
            # A card in play Off Field is spent by a use: asked, never at one click.
            off = any(o.card == key[1] for o in b.view.off_field)
            note = b.uses_note(key[1]) if off else None
            if off and not acts and note in ("no uses left", "used this Turn"):
                self.say(f"{self.name(key[1])}: {note}.")
            elif not acts and key[1] in b.hand and b.legal:
                self._say_unplayable(key[1])
            if len(acts) == 1 and isinstance(acts[0], A.DiscardCard):
                # Chosen, then confirmed: a click discarded it at once, so a misclick
                # lost a card (s68's pass). A drag onto the panel, a gesture made on
                # purpose, still discards.
                self._confirm(acts[0], f"Discard {self.name(key[1])}?", pos)
            else:
                self._offer(acts, pos, self.name(key[1]), ask=off)
        elif kind == "plan":  # a role for a Character in Combat: planned, or unplanned
            _, char, role = key
            if self.plan.get(char) == role:
                del self.plan[char]
            else:
                self.plan[char] = role
        elif kind == "fight":
            self.press_fight()
        elif kind == "why":  # a dim choice in a Combat panel: why it cannot be chosen
            self.say(panels.why_dim(self.painter([]), key, self.plan, self.name))
        elif kind == "seat":  # a player's panel: what they have in play, in the inspector
            self.inspect = panels.Seat(key[1])
            self._stale = True
        elif kind in ("log", "more"):  # a card named in the log, or a row's More…
            self.inspect = key[1] if key[1] in b.units else self.inspect
            self._stale = True
        elif kind == "newest":
            self.log_scroll = 0

    def _click_unit(self, unit: int, pos) -> None:
        b = self.board
        kept = self.selection & set(b.group_of(unit))
        if unit in b.movable and kept and unit not in kept and \
                b.fewest_more(kept | {unit}) is None:
            # Together they may go nowhere, even with more (a fifth lit no cell while the
            # bar said to click a glowing one): refused, and why, at once; the selection
            # stays shown.
            self.say(self.why_not_along(kept, unit))
            return
        self.inspect = unit
        self._stale = True
        chosen_for_them, self.chosen_for_them = self.chosen_for_them, None
        if unit in b.movable:
            if self.selection == {unit} and unit == chosen_for_them:
                # Chosen for them as the Move phase opened: the click that the bar asks
                # for chooses it, as it would have, and let it go silently (a playtest).
                self.say(f"{self.name(unit)} is chosen: click a glowing cell to move "
                         "there (click it again to let go)", note=True)
            elif unit in self.selection:  # let go: the inspector shows one still chosen
                self.selection.discard(unit)
                self.inspect = min(self.selection, default=None)
            else:
                self.selection = kept | {unit}
                # The view stays while the player chooses (it glided to the group's reach
                # at each Character clicked, and the next click hit what slid under the
                # pointer), unless nothing the group may reach shows.
                reach = b.reachable(self.selection)
                if reach and not any(self._rect_of(("cell", c)) for c in reach):
                    self.bring_into_view()
            return
        # A click on one's own Character also just looks at it: its choices come
        # as a menu, never at once; so does a Disaster's Fight (a Combat begun is not
        # taken back). Its group covers the Location it stands on: what the Location
        # offers (Scavenge it, attack it) comes first in that menu.
        u = b.units[unit]
        mine = not u.disaster and u.owner == b.view.seat
        acts = b.click.get(("unit", unit), [])
        if mine:
            acts = b.click.get(("cell", u.pos), []) + acts
        elif not u.disaster:  # another player's: Combat with their group there, asked
            acts = [a for a in b.click.get(("cell", u.pos), [])
                    if isinstance(a, A.Challenge) and a.seat == u.owner] + acts
        if mine and b.view.phase == "move" and A.EndPhase() in b.legal:
            # It lit no cell and said nothing; but a click only looks: why it stays is
            # news, not a refusal (in red it read as an error, s51). A move tried (a drag,
            # a destination clicked next: _click_cell) is refused in red.
            self.say(self.why_still(unit), note=True)
            self.looked_still = unit
        if mine:
            # Its own choices are its buttons in the side panel, which this click shows:
            # the menu repeated them (s64's, s65's playtests). What its Location offers
            # stays, and so do the declarations a Combat's menu plans (_chosen) and a
            # discard, which Kills it for good: the menu asks before it (s30d).
            shown = panels.own_buttons(self.painter([]), u, self.name)[0]
            kept = [a for a in acts if a not in shown or self._as_planned(a) is not None
                    or isinstance(a, A.DiscardCard)]
            if shown and not kept and not self.message[0]:
                self.say(f"{self.name(unit)}'s choices are the buttons in the side panel",
                         note=True)
            acts = kept
        if self.fight_behind():  # what led to the decision still plays: a click only looks
            acts = []
        self._offer(acts, pos, self.name(unit), ask=not u.disaster)
        if self.menu is not None:
            self.menu.plans = True

    def _tried_to_move(self, cell) -> str | None:
        """Why the viewer's Character the last click looked at stays, where this click,
        on another Place with nothing of its own to do, is a move tried (a Character
        clicked, then where it should go: it cannot be chosen, so nothing is chosen);
        None where that is not so (one looked at before that, say in the Equip phase,
        and a Location clicked now to see it)."""
        return self._move_tried(self._still_click if self._still_click == self.inspect
                                else None, cell)

    def _move_tried(self, unit: int | None, cell) -> str | None:
        """Why the viewer's Character `unit`, with no move this Move phase, stays, where
        a move of it to `cell`, a Place with nothing of its own to do, is tried (clicked
        after it, or dragged there); None where that is not so."""
        b, u = self.board, self.board.units.get(unit)
        if u is None or u.disaster or u.owner != b.view.seat or u.pos == cell or \
                u.card in b.movable or cell not in b.places or b.click.get(("cell", cell)) \
                or b.view.phase != "move" or A.EndPhase() not in b.legal:
            return None
        return self.why_still(u.card)

    def _click_cell(self, cell, pos) -> None:
        b = self.board
        if self.selection:
            move = b.move_for(self.selection, cell)
            if move is not None:
                self.send(move)
                return
            if self.may_ask(cell):
                self.ask_to_stop(tuple(sorted(self.selection)), cell)
                return
            if A.AskPermission(cell) in b.legal:  # not asked for a group it would not help
                self.out_of_reach(cell)
                return
        if self.armed is None and (why := self._tried_to_move(cell)):
            self.say(why)  # (the inspector shows the Place clicked, as at any look)
        elif self.armed is None and not self.selection and A.AskPermission(cell) in b.legal:
            self.say(self.how_to_ask(cell), note=True)
        if cell in b.places:  # the inspector shows it: what lies there, what it asks
            self.inspect = cell
            self._stale = True
        acts = b.click.get(("cell", cell), [])
        if self.armed is not None:
            armed = [a for k, a in b.drops.get(self.armed, {}).items() if k == ("cell", cell)]
            acts = armed or acts
        if not acts and self.selection:
            if all(b.units[u].pos == cell for u in self.selection):
                # Where the group stands: a look at it (its Haven's stored cards), not a
                # move refused ("already stands at Home" in red, s33w2).
                return
            # Not a glowing cell: the rules say why (out of reach, too many there, a
            # Planetary Location), not a silent deselect; the group stays chosen for a
            # cell it may go to (three Characters had to be chosen again).
            why = self.why_out(cell)
            if why:
                self.say(why)
            else:
                self.send(A.Move(tuple(sorted(self.selection)), cell))
            return
        self._offer(acts, pos, self.name(cell))

    def _offer(self, acts: list, pos, title: str, ask: bool = False) -> None:
        """One action: do it (unless `ask`). Several: a menu to choose from. Combat
        (with another player, or a Disaster) is always asked, with a row to only look:
        a click on their Haven or Location, or on a Disaster, to see what is there
        started it at once."""
        combat = any(isinstance(a, (A.Challenge, A.Fight)) for a in acts)
        if len(acts) == 1 and not (ask or combat):
            self._do(acts[0], pos)
        elif acts:
            items = [(self.act_words(a), a) for a in acts]
            if combat:
                items.append((LOOK, None))
            self.menu = popups.Menu(title, items, pos, pygame.Rect((0, 0), self.size),
                                    self.lay.px)
            self._clear_of_heading(self.menu)

    def _clear_of_heading(self, menu: popups.Menu) -> None:
        """A menu by the pointer is kept off the side panel's heading (whom it shows):
        a Character's menu covered "Looking at: Mio" beside it (s65 playtest). Left of
        the panel where it fits there, else below the heading (above, if not room)."""
        menu.kept_clear = True
        side, px = self.lay.inspector, self.lay.px
        head = pygame.Rect(side.x, side.y, side.w, px(30))
        if not menu.rect.colliderect(head):
            return
        if menu.rect.w <= side.left - px(10):
            menu.rect.right = min(menu.rect.right, side.left - px(4))
        elif head.bottom + menu.rect.h <= self.size[1]:
            menu.rect.top = head.bottom
        else:
            menu.rect.bottom = head.top

    def refit_menu(self, was: tuple[int, int]) -> None:
        """The window resized from `was` with a menu open: laid out again for this size,
        its place where it was in proportion, as one opened now would be."""
        if self.menu is None:
            return
        (x, y), (w, h) = self.menu.anchor, self.size
        self.menu.fit((x * w // was[0], y * h // was[1]), pygame.Rect((0, 0), self.size),
                      self.lay.px)
        if self.menu.kept_clear:
            self._clear_of_heading(self.menu)

    def _do(self, a: A.Action, pos) -> bool:
        """One click's (or drop's) action: sent, unless it pays at once what cannot be
        taken back (Energy, cards discarded: "Ready Walker" spent its Energy at a
        click) or builds access to a Haven (two Turns tied up). That is asked once, in
        a small menu by the pointer: its first row confirms (a click, or Enter),
        "Cancel", Escape or a click elsewhere sends nothing. False: sent and refused."""
        cost = cost_words(a, self.board.card)
        if isinstance(a, A.BuildAccess):
            # Three Characters tied up for two Turns: one click on a gold Location did
            # it, the hint saying only why it could not be Scavenged (s32v).
            title = access_words(a, self.name)
        elif cost is None:
            return self.send(a)
        else:
            title = f"Cost: {cost}. There is no taking it back."
        self._confirm(a, title, pos)
        return True

    def _confirm(self, a: A.Action, title: str, pos) -> None:
        """Ask before `a`: a small menu by the pointer whose first row confirms."""
        self.menu = popups.Menu(title, [(f"Confirm: {self.act_words(a)}", a), ("Cancel", None)],
                                pos, pygame.Rect((0, 0), self.size), self.lay.px)
        self.menu.asks = True

    def _chosen(self, menu: popups.Menu, a: A.Action) -> None:
        """A menu's row is sent: chosen by name, its cost in its words. Building access
        is asked even so, its row not saying what it commits (two Turns tied up: chosen
        among a Character's actions, it went through unasked)."""
        if isinstance(a, A.BuildAccess) and not menu.asks:
            self._do(a, menu.rect.topleft)
        elif menu.plans and (planned := self._as_planned(a)) is not None:
            # A declaration chosen from a token's menu is planned, as the panel's
            # buttons plan: sent at once, the first one ended the chance to Run Away
            # unwarned (the rules ask for it as the round begins, R27; a playtest).
            # All actions' list sends it: every action is one click away there.
            self.plan_as(a, planned)
        else:
            self.send(a)

    def plan_as(self, a: A.Action, planned: tuple) -> None:
        """A declaration chosen by menu or drop, planned as the panel's button plans it
        (`planned`: _as_planned's (Character, role))."""
        self.plan[planned[0]] = planned[1]
        self.say(f"{self.act_words(a)}: planned, sent with the others at Fight!", note=True)

    def _as_planned(self, a: A.Action) -> tuple | None:
        """(Character, role) where `a`, a declaration in a Combat, is one the Combat panel
        plans (its buttons' keys); else None."""
        if isinstance(a, A.Declare):
            char, role = a.char, a.role
        elif isinstance(a, A.Engage):
            char, role = a.char, (a.role, a.target)
        else:
            return None
        return (char, role) if any(k == ("plan", char, role) for _, k in self.hits) else None

    def may_ask(self, cell, group=None) -> bool:
        """Board.may_ask of the group chosen (by default)."""
        return self.board.may_ask(cell, self.selection if group is None else group)

    def how_to_ask(self, cell) -> str:
        """Another player's Haven clicked with no group chosen: it is only looked at. The
        one question a Turn (R36) is asked for the group that would stop there, so it
        was spent at a bare click, unmeant, the log naming nobody (s70's playtest)."""
        owner = self.seat_name(self.board.places[cell].owner)
        return (f"To stop at {owner}'s Haven {self.name(cell)}, choose the Characters to go there, then "
                f"click it: {owner} is asked first (once a Turn).")

    def out_of_reach(self, cell) -> None:
        """Another player's Haven the group would not reach with a yes: no question is
        spent on it (once a Turn), and why is said."""
        self.say(self.beyond(cell))

    def beyond(self, cell) -> str:
        return (f"{self.name(cell)} is out of this group's reach this Turn, even with its "
                "owner's permission.")

    def ask_to_stop(self, chars: tuple[int, ...], cell) -> None:
        """One click (or drop) moves a group to another player's Haven as to any cell:
        its owner is asked, and at a yes the group goes on there (go_on_asked). It took
        a click to ask and, once answered, another to move."""
        seat = self.session.viewer  # (the seat may pass to the owner as it is sent)
        if self.send(A.AskPermission(cell)):
            self.stop_asked[seat] = (chars, cell)
            owner = self.seat_name(self.board.places[cell].owner)
            self.say(f"{owner} is asked to let your group stop at their Haven "
                     f"{self.name(cell)}: if they permit it, the group goes there.", note=True)

    def go_on_asked(self) -> None:
        """The owner has answered the person's question at their Haven: at a yes the
        group moves there, as the click that asked meant; else the person is told."""
        s, v = self.session, self.board.view
        chars, cell = self.stop_asked.pop(s.viewer)
        owner = self.seat_name(self.board.places[cell].owner)
        answer = dict(v.haven_asks).get((s.viewer, cell))
        # Chosen still (let go while nobody else's answer left them a move): at a no,
        # a click on another glowing cell takes them there.
        self.selection = set(chars)
        self.keep_selection()
        if answer != (v.seats[s.viewer].turns, True):
            self.say(f"{owner} refused: your group may not stop at their Haven this Turn "
                     "(it may still pass over it).")
            return
        move = A.Move(chars, cell)
        if move in self.board.legal:
            if self.send(move):
                self.say(f"{owner} permitted it: your group goes to their Haven.", note=True)
        else:
            self.say(f"{owner} permitted it, but {s.why_not(move)}.")

    def press_fight(self) -> None:
        """Fight! (its button, or Enter): the plan is sent once every Character with a
        choice has one; until then, whom it waits for is said and nothing is sent."""
        left = self.unchosen()
        if left:
            self._ask_first(left)
            return
        self.fights[self.session.viewer] = self.combat_round()
        self.go_on_fighting()

    def combat_round(self) -> tuple | None:
        """The Combat round under way: a Fight! press sends that round's plan alone (the
        next round's choices are the person's to make, and to press Fight! for again)."""
        v = self.board.view
        c = v.combat or v.duel
        # The Disaster too: the next one queued at the cell begins at round 1 again.
        return None if c is None else (c.kind, c.cell, getattr(c, "disaster", None), c.round)

    def _ask_first(self, chars: list[int]) -> None:
        """Fight! waits for a choice for these: said by the names the panel gives them."""
        named = panels.panel_namer(self.painter([]), self.name)
        self.say(f"Choose for {every([named(i) for i in chars])} first, then Fight!")

    def go_on_fighting(self) -> None:
        """Send the next planned declaration (Combat: the first Character still to
        declare; Combat between players: the viewer's next, the players taking turns).
        The rest follow as the table catches up with each; a plan the rules no longer
        allow (the most that may attack were chosen) stops, says why, and that
        Character is chosen for again."""
        c, d = self.board.view.combat, self.board.view.duel
        if c is not None:
            first = c.to_declare[0] if c.stage == "declare" and c.to_declare else None
        else:
            first = panels.duel_first(self.painter([]), d)
        # One the rules leave only Hold back holds back: no choice of the player's is waited
        # for (nor one planned before the rules took it away sent, to be refused).
        forced = first is not None and panels.stays_out(self.board, first)
        if first is None and d is not None and d.stage in ("declare", "final") and \
                d.to_act != self.board.view.seat and self.plan:
            # The other side declares now (the players take turns): the plan waits and
            # goes in as the rules come to it (Fight! there was dropped, unsaid).
            self.say(f"{self.seat_name(d.to_act)} declares now: your plan goes in as the "
                     "rules come to it", note=True)
            return
        if first is None or first not in self.plan and not forced:
            if first is not None and self.fighting:  # Fight! waits for this one's choice
                self._ask_first([first])
            self.fighting = False
            return
        plan = self.plan.pop(first, None)
        if forced or plan is None:
            plan = "none" if c is not None else ("none", -1)
        a = A.Declare(first, plan) if c is not None else A.Engage(first, *plan)
        if a in self.board.legal:
            if self.send(a):
                while self.play_ahead():  # the other person's kept plan, if it is theirs now
                    pass
        else:  # its plan is cleared: the panel asks for it again
            self.fighting = False
            role = plan if c is not None else plan[0]
            self.say(panels.refusal(self.painter([]), first, role, self.session.why_not(a),
                                    self.name))
        self.fighting = self.fighting and (bool(self.plan) or self.stays_out_left())

    def declaring(self) -> bool:
        """Whether the person at the screen has a declaration to make now: while they
        answer a Flash Effect played between declarations, a plan sent with Fight! waits
        (go_on_fighting each frame said "Player 1 declares now" over the Flash Effect's
        question, or refused the plan's next choice and dropped Fight!, s72's playtest)."""
        return any(isinstance(a, (A.Declare, A.Engage)) for a in self.board.legal)

    def play_ahead(self) -> bool:
        """Combat between players with two people at the screen: the players take turns
        declaring, so whoever clicked Fight! with a plan for several Characters is called
        back for each. Their next choice, kept from when they sat (never drawn since), is
        sent for them: no curtain, and the seated person's view stays. One they left to
        make (Hold back aside, when the rules leave nothing else and Run Away is past), or
        one the rules now refuse (told when they sit), brings the curtain up for them.
        Whether one was sent."""
        s = self.session
        seat = s.handoff()
        if seat not in self.fights or self._ahead_at == len(s.record.actions):
            return False
        self._ahead_at = len(s.record.actions)
        legal = s.legal_for(seat)
        own = [a for a in legal if isinstance(a, A.Engage)]
        if not own:
            return False
        char, plan = own[0].char, self.plans.get(seat, {})
        choice = plan.pop(char, None)
        if choice is None:
            if any(a.role != "none" for a in own) or A.RunAway() in legal:
                return False
            choice = ("none", -1)
        a = A.Engage(char, *choice)
        if a not in legal:
            self.fights.pop(seat)
            self.refusals[seat] = panels.refusal(self.painter([]), char, choice[0],
                                                 s.why_not(a), self.name)
            return False
        own = self.sent_count == len(s.record.actions)
        s.act_ahead(seat, a)
        if own:
            # Sent on from this person's own press (a Run Away, a Fight!): what plays is
            # theirs, not the other person's move replayed (the bar said "Replaying the
            # Combat between Player 1 and Player 2" over the final attack after their Run
            # Away, s62's playtest).
            self.sent_count = len(s.record.actions)
        return True

    @property
    def plan(self) -> dict:
        """The plan of the person at the screen; each person's is kept apart, and only
        theirs is ever drawn."""
        return self.plans.setdefault(self.session.viewer, {})

    @plan.setter
    def plan(self, plan: dict) -> None:
        self.plans[self.session.viewer] = plan

    @property
    def fighting(self) -> bool:
        """Whether the person at the screen clicked Fight! and their plan is under way."""
        return self.session.viewer in self.fights

    @fighting.setter
    def fighting(self, on: bool) -> None:
        if on:
            self.fights.setdefault(self.session.viewer, self.combat_round())
        else:
            self.fights.pop(self.session.viewer, None)

    def to_declare(self) -> list[int]:
        """The Characters of the person at the screen still to declare, in the rules'
        order, by the session's viewer: the view shown is nobody's (ALL_SEE) while an AI
        seat declares in Combat between players with two people at the screen, and their
        plan waits for their turn again, not dropped."""
        v, seat = self.board.view, self.session.viewer
        c, d = v.combat, v.duel
        if d is not None and d.stage in ("declare", "final"):  # its Havens too (R35)
            return panels.duel_planned(self.board, d, seat)
        due = c.to_declare if c is not None and c.stage == "declare" else ()
        units = self.board.units
        return [i for i in due if i in units and units[i].owner == seat]

    def unchosen(self) -> list[int]:
        """Those Fight! waits for (panels.unchosen)."""
        return panels.unchosen(self.board, self.to_declare(), self.plan)

    def stays_out_left(self) -> bool:
        """Whether one of the viewer's Characters still to declare has no role but Hold
        back (panels.stays_out): Fight! sends it with no plan."""
        return any(panels.stays_out(self.board, i) for i in self.to_declare())

    def set_up_seat(self) -> int:
        """Whose set-up S hands over or takes back: the person seated; with nobody yet
        (people sharing the screen, the booth's set-up made for both), the seat the AI
        sets up now, whoever presses it sitting there next."""
        s = self.session
        return s.viewer if s.seated else s.to_act

    def set_up_for_me(self) -> None:
        """Set up for me (S, or the bar's button): the AI makes this seat's remaining
        set-up choices, shown as an AI seat's are; pressed again, the person takes over."""
        s, seat = self.session, self.set_up_seat()
        if not s.may_hand_set_up(seat):
            if self.board.view.phase != "setup":
                self.say("S sets up the Field for you: it is set up already")
            elif s.guide is not None:
                self.say("The guided game sets up the Field step by step")
            return
        self.cancel()
        s.hand_set_up(seat, seat not in s.helped, person=True)
        self.refresh()

    def open_all(self) -> None:
        acts, hand = self.board.everything(), list(self.board.hand)
        # Alike copies in the hand are counted as it shows them, left to right.
        order = [hand.index(c) if (c := getattr(a, "card", None)) in hand else len(hand)
                 for a in acts]
        words = told_apart([self.act_words(a) for a in acts], order)
        items = [(w + self._unusable_words(a), a) for w, a in zip(words, acts)]
        self.menu = popups.Menu("Everything you can do now", items, self.lay.bar.bottomright,
                                pygame.Rect((0, 0), self.size), self.lay.px)

    def send(self, action: A.Action) -> bool:
        """Send a legal action to the game; a refusal is shown in one line."""
        if self.fight_behind():  # the decision shown is not yet the game's: wait
            self.say("The Combat is still playing out")
            return False
        by = self.session.viewer
        try:
            self.session.act(action)
        except (IllegalAction, PermissionError) as e:
            self.say(str(e))
            return False
        self.armed = None
        self.menu = None
        self.sent_at, self.sent_count = self.time, len(self.session.record.actions)
        self.sent_by = by
        if isinstance(action, A.Move):  # the group goes, let go: so does the inspector
            self.selection.clear()  # ("Selected: Pawlina" stayed, her token unlit), and
            # of another place (one out of reach, clicked and refused, stayed beside
            # the token gone elsewhere and was read as where it stood, s33w2)
            if self.inspect in action.chars or isinstance(self.inspect, tuple) and \
                    self.inspect != action.cell:
                self.inspect = None
        # What was said of the last action, or of a refused one, is past: left up, it
        # read as this one's error (a drag's, whose drop the log told as done).
        self.message = ("", 0.0)
        self._say_unusable(action)
        return True

    def _say_unplayable(self, card: int) -> None:
        """A card of the hand clicked that no click plays now: why, or how it is played.
        The card rose and nothing else happened (a newcomer clicked the Plasma Slingshot
        in the Move phase, again and again): a drag of it said why, a click never did."""
        b, name = self.board, self.name(card)
        if b.drops.get(("card", card)):  # played by a drag only: onto what, said
            self.say(f"Drag {name} onto a glowing target to play it.", note=True)
            return
        if (how := self.haven_how(card)) is not None:
            self.say(how, note=True)
            return
        why = self.session.why_not(A.PlayCard(card))
        if why:
            self.say(f"{name} can't be played now: {why}.")

    def haven_how(self, card: int) -> str | None:
        """How a Haven card of the hand comes into play, it being "not played from the
        hand" (Rules for Havens: access to it is built); None for another card."""
        b = self.board
        cd = b.card(card)
        if cd is None or cd.type != "haven" or card not in b.view.seats[b.view.seat].hand:
            return None
        at = next((a.cell for a in b.legal if isinstance(a, A.BuildAccess)
                   and a.card == card), None)
        return f"{self.name(card)} is not played from the hand: " + (
            f"click {self.name(at)} to have {BUILDERS} of your Characters there build "
            "access to it." if at is not None else
            f"{BUILDERS} of your Characters at a Location, before they move or you "
            "Scavenge, build access to it (a click on that Location).")

    def _say_unusable(self, a: A.Action) -> None:
        """A card of the viewer's given to one of its Characters that does not meet its
        printed requirement is legal to carry, its bonuses never counted: said, or the
        +3 of a Heavy Ion Cannon handed to one without Weapons was silently missing."""
        lacks = self.unusable(a)
        if lacks is not None and self._carries(*lacks[:2]):
            char, card, needs = lacks
            self.say(f"{self.name(char)} carries {self.name(card)} but cannot use it: "
                     f"needs {needs}", note=True)  # done: a caveat, not a refusal

    def unusable(self, a: A.Action, taker: int | None = None) -> tuple[int, int, str] | None:
        """(Character, card, the requirement in words) where `a` (or a card played into
        the Haven, then taken up by `taker`) gives a Character a card whose printed
        requirement it does not meet; None where it gives none, or to one who may use it."""
        match a:
            case A.PlayCard(card, char) | A.Transfer(card, _, char) | A.PickUp(card, char):
                char = taker if taker is not None else char
                cd = self.board.card(card)
            case _:
                return None
        if char is None or cd is None or cd.type not in ("equipment", "item") \
                or cd.requires.empty or self.session.meets(card, char):
            return None
        return char, card, cd.requires.describe()

    def _unusable_words(self, a: A.Action) -> str:
        """A row of the list that gives a card to one who may not use it says so, as a
        drag says it before the drop (Rules for Equipment): the keyboard's rows did not."""
        lacks = self.unusable(a)
        return "" if lacks is None else \
            f" ({self.name(lacks[0])} cannot use it: needs {lacks[2]})"

    def _carries(self, char: int, card: int) -> bool:
        """Whether the viewer's Character holds `card` now (a take from another player's
        Haven waits for its owner's answer first)."""
        u = self.session.view().units
        return any(v.card == char and v.owner == self.session.viewer
                   and card in (*v.equipment, *(v.items or ())) for v in u)

    def say(self, words: str, note: bool = False) -> None:
        """A line for the player (plain): why something was refused or not done, in the
        red box; `note`, news that is no error (what was done or asked, what comes next),
        in the panels' colours: a permission granted in red read as a failure."""
        self.message = (self.plain(words), 3.5)
        self.noted = note

    def plain(self, words: str) -> str:
        """The rules' reasons name cards by id ("c22 is not stored...") and cells by
        coordinates ("(0, 1) is out of reach"): each becomes the card's name as the seat
        shown may know it, a cell its Place's; the first letter a capital."""
        named = CARD_ID.sub(lambda m: self._named(int(m.group(1))), words)
        named = CELL.sub(lambda m: self.name((int(m.group(1)), int(m.group(2)))), named)
        return named[:1].upper() + named[1:]

    def why_out(self, cell) -> str | None:
        """Why the selected group cannot move to `cell`, as the rules say it (why_not:
        the symbol it lacks, the Movement it has left, a Destroyed Location, another
        player's Haven); None if the move is allowed. Asked while the pointer rests: kept."""
        key = (frozenset(self.selection), cell, self.board.view.stamp)
        if self._why_out[0] != key:
            why = self.session.why_not(A.Move(tuple(sorted(self.selection)), cell))
            self._why_out = (key, self.plain(why) + "." if why else None)
        return self._why_out[1]

    def keep_selection(self) -> None:
        """After a new Board, the selected Characters still free to move. Where they may
        no longer go anywhere together (another came onto the Field, six at most; a
        Location filled up), they are let go and the line says why: they stayed lit with
        no cell to click and no word."""
        b = self.board
        kept = self.selection & b.movable
        if len(kept) > 1 and b.fewest_more(kept) is None:
            group = sorted(kept)
            cell = min((c for i in group for c in b.reachable({i})), default=None)
            why = cell and self.session.why_not(A.Move(tuple(group), cell))
            short = panels.short_names(self.painter([]), group, self.name)
            self.say(f"{every([short[i] for i in group])} can no longer move together: "
                     f"{why or 'no cell is in reach'}. Pick again whom to move.")
            kept = set()
        self.selection = kept

    def why_not_along(self, kept: set[int], unit: int) -> str:
        """Why `unit` may not join the Characters selected (`kept`, who may move): a
        group is at most four, or the rules' reason where they may go now (six on the
        Field, from a Haven), and how to go on."""
        short = panels.short_names(self.painter([]), sorted(kept | {unit}), self.name)
        if len(kept) >= MAX_GROUP:
            return (f"A group is at most {MAX_GROUP} Characters: "
                    f"{every([short[i] for i in sorted(kept)])} are picked. To take "
                    f"{short[unit]} along, click one of them to leave it here.")
        cell = min(self.board.reachable(kept), default=None)
        why = cell and self.session.why_not(A.Move(tuple(sorted(kept | {unit})), cell))
        return f"{short[unit]} cannot go along: {self.plain(why or 'no cell is in reach')}."

    def why_still(self, unit: int) -> str:
        """Why the viewer's Character `unit` has no move in its Move phase: its Movement
        where that is why (frame.movement_still), else the rules' first reason for a
        move to the nearest other Place (Held, No Action, a symbol it lacks...)."""
        said = self.movement_still(unit)
        if said is not None:
            return said
        at = self.board.units[unit].pos
        cell = min((c for c in self.board.places if c != at), default=None,
                   key=lambda c: (max(abs(c[0] - at[0]), abs(c[1] - at[1])), c))
        why = cell is not None and self.session.why_not(A.Move((unit,), cell))
        if why and f"c{unit} " in why:  # the reason names it ("... cannot move this Turn")
            return f"{self.plain(why)}."
        who = panels.short_names(self.painter([]), [unit], self.name)[unit]
        return f"{who} cannot move: {self.plain(why)}." if why else f"{who} cannot move now."

    def _named(self, i: int) -> str:
        return self.name(i) if 0 <= i < len(self.session.game.card_ids) else "a card"
