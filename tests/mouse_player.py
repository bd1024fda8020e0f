"""A player made of mouse events, for whole-game tests of the window.

At each decision of a human seat it picks an action as the easy AI would from
that seat's view, finds where the table offers it (a glowing token, cell, card
or button, by the table's own hit regions: `TableScene.hits` and `hit`, and
`drop_target` for drops), and clicks or drags there with synthetic
MOUSEMOTION / MOUSEBUTTONDOWN / MOUSEBUTTONUP events through `App.step` (what
the view has scrolled away it brings back with a click on the minimap). It
never calls the session itself: a gesture that does not send exactly the
chosen action fails the test, naming the action and the gesture. Among the ways a
table offers an action it picks one at random, or one of those it `prefer`s.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from game.ai import make_agent
from game.engine import actions as A
from game.ui.scenes.game_over import GameOverScene
from game.ui.table import TableScene, minimap
from game.ui.table.input import HANDOFF_GUARD

DT = 1 / 60
Point = tuple[int, int]


class GestureFailed(AssertionError):
    pass


class MousePlayer:
    def __init__(self, app, seed: int = 0, on_frame: Callable[[object], None] | None = None,
                 prefer: tuple[str, ...] = ()):
        self.app = app
        self.prefer = prefer  # gesture names used wherever offered (a test's aim)
        self.agent = make_agent("easy")
        self.rng = random.Random(seed)
        self.on_frame = on_frame or (lambda app: None)  # called after every frame
        self.used: dict[str, int] = {}  # gesture kind -> times used, for the tests to check

    # Raw input ---------------------------------------------------------------
    def step(self, events: list | None = None, dt: float = DT) -> None:
        self.app.step(events or [], dt)
        self.on_frame(self.app)

    def _ev(self, kind: int, pos: Point, button: int = 1) -> pygame.event.Event:
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=button)

    def click(self, pos: Point, button: int = 1) -> None:
        self.step([self._ev(pygame.MOUSEMOTION, pos)])  # hovered first, as a hand moves
        self.step([self._ev(pygame.MOUSEBUTTONDOWN, pos, button),
                   self._ev(pygame.MOUSEBUTTONUP, pos, button)])

    def drag(self, src: Point, dst: Point) -> None:
        self.step([self._ev(pygame.MOUSEMOTION, src), self._ev(pygame.MOUSEBUTTONDOWN, src)])
        for k in (1, 2, 3):
            at = (src[0] + (dst[0] - src[0]) * k // 3, src[1] + (dst[1] - src[1]) * k // 3)
            self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                          buttons=(1, 0, 0))])
        self.step([self._ev(pygame.MOUSEBUTTONUP, dst)])

    def key(self, key: int) -> None:
        self.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""),
                   pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="")])

    # Menus ----------------------------------------------------------------------
    def press(self, widget) -> None:
        """Click a menu scene's widget where it is drawn."""
        assert widget.visible, widget
        self.click(widget.rect.center)

    def choose(self, choice, value, limit: int = 12) -> None:
        """Click a Choice's value box (its right part steps on) until it shows `value`."""
        for _ in range(limit):
            if choice.value == value:
                return
            box = choice._value_box()
            self.click((box.right - box.w // 6, box.centery))
        raise GestureFailed(f"{choice.label or 'a choice'} never showed {value!r}")

    # Where things are -------------------------------------------------------
    @staticmethod
    def spot(rects: list[pygame.Rect], ok: Callable[[Point], bool]) -> Point | None:
        """A point in one of `rects` (centre first, then a grid) where `ok` holds."""
        for r in rects:
            pts = [r.center] + [(r.x + r.w * i // 8, r.y + r.h * j // 8)
                                for j in range(1, 8) for i in range(1, 8)]
            for p in pts:
                if ok(p):
                    return p
        return None

    def still(self, t: TableScene, frames: int = 120) -> None:
        """Frames till the view has stopped gliding (after a minimap click, a zoom): a
        person aims at a cell where it rests; a point taken mid-glide missed a cell half
        behind the Field's left edge by the time the click landed (s72's four-seat run)."""
        for _ in range(frames):
            if t.camera.goal is None:
                return
            self.step()

    def where(self, t: TableScene, key: tuple) -> Point | None:
        """A point on screen where `key` is the topmost thing the pointer hits."""
        self.still(t)
        rects = [r for r, k in t.hits if k == key]
        screen = pygame.Rect((0, 0), t.size)
        return self.spot([r.clip(screen) for r in rects], lambda p: t.hit(p) == key)

    def landing(self, t: TableScene, src: tuple, dst: tuple) -> Point | None:
        """A point where a drag of `src` would land on `dst`."""
        self.still(t)
        targets = t.drag_targets(src)
        if dst == ("discard",):
            rects = [t.seat_rect(t.board.view.seat)]
        elif dst == ("haven",):
            rects = [t.lay.cells[c] for c in t.board.my_havens()]
        elif dst == ("off",):
            rects = [t.lay.off_field]
        elif dst == ("field",):
            rects = [t.lay.field]
        else:
            rects = [r for r, k in t.hits if k == dst]
        return self.spot(rects, lambda p: t.drop_target(p, targets) == dst)

    # The table --------------------------------------------------------------------
    @staticmethod
    def ready(t: TableScene) -> bool:
        """A human must decide and the table shows it (no curtain, nothing moving, the
        view at rest: a click aimed during its glide landed on another cell, no Fight!
        sending a plan)."""
        s = t.session
        return (s.human_to_act() and s.handoff() is None and not t.animator.busy
                and t.camera.goal is None
                and not t.fight_behind() and bool(t.board.legal)
                and len(s.record.actions) == t.acted
                and not (t.fighting and t.declaring()))  # (a Flash Effect first: theirs)

    def decide(self, t: TableScene) -> A.Action:
        s = t.session
        return self.agent.choose(s.view(), list(t.board.legal), self.rng)

    def gestures(self, t: TableScene, a: A.Action) -> list[tuple[str, Callable[[], None]]]:
        """Every way the table offers `a`, as (name, do it)."""
        b = t.board
        out = []
        if a == A.EndPhase():
            out.append(("end button", lambda: self._end_button(t)))
            out.append(("space", lambda: self._space(t)))
        if any(k == ("act", a) for _, k in t.hits):
            out.append(("button", lambda: self._click_key(t, ("act", a))))
        if isinstance(a, A.Declare) and any(k == ("plan", a.char, a.role) for _, k in t.hits):
            out.append(("plan and fight", lambda: self._plan_and_fight(t, a)))
        if isinstance(a, A.Engage) and any(k == ("plan", a.char, (a.role, a.target))
                                           for _, k in t.hits):
            out.append(("duel panel", lambda: self._plan_and_fight(t, a)))
        elif isinstance(a, A.Engage) and any(k == ("fight",) for _, k in t.hits) and \
                not any(k[:2] == ("plan", a.char) for _, k in t.hits):
            # The rules leave it Hold back alone, planned without a click: Fight! sends it.
            out.append(("fight", lambda: self.click(self._need(t, ("fight",)))))
        if isinstance(a, A.Move):
            out.append(("select and move", lambda: self._move(t, a)))
            # A drag onto a cell out of view takes a scroll first: a person selects then.
            seen = t.seen()
            if len(a.chars) == 1 and seen.contains(t.lay.cells[a.cell]) and \
                    a.chars[0] in t.unit_rects and seen.contains(t.unit_rects[a.chars[0]]):
                out.append(("drag to move",
                            lambda: self._drag(t, ("unit", a.chars[0]), ("cell", a.cell))))
        if isinstance(a, A.AskPermission):  # asked for a group going there (s70), as a move
            asker = next((c for c in sorted(b.movable) if t.may_ask(a.cell, {c})), None)
            if asker is not None:
                out.append(("select and ask", lambda: self._move(t, A.Move((asker,), a.cell))))
        planned = any(k == ("plan", a.char, _choice(a)) for _, k in t.hits) \
            if isinstance(a, (A.Declare, A.Engage)) else False
        for src, targets in b.drops.items():
            for dst, act in targets.items():
                if act == a and planned and isinstance(a, A.Engage):
                    # A drop in a Combat between players plans, as the panel does (s71):
                    # Fight! sends it.
                    out.append((f"drag {src[0]} to {dst[0]} and fight",
                                lambda src=src, dst=dst: self._plan_and_fight(
                                    t, a, lambda: self._drag(t, src, dst))))
                elif act == a:
                    out.append((f"drag {src[0]} to {dst[0]}",
                                lambda src=src, dst=dst: self._drag(t, src, dst)))
        for key, acts in b.click.items():
            if a in acts and planned:  # a token's menu plans it, as the panel does
                out.append((f"click {key[0]} and fight", lambda key=key: self._plan_and_fight(
                    t, a, lambda: self._click_then_pick(t, key, a))))
            elif a in acts:
                out.append((f"click {key[0]}", lambda key=key: self._click_then_pick(t, key, a)))
        return out

    def act(self, t: TableScene) -> A.Action:
        """One decision of the seat on show, made with the mouse; fails loudly if
        the gesture did not send exactly that action."""
        s = t.session
        a = self.decide(t)
        ways = self.gestures(t, a)
        if not ways:
            raise GestureFailed(f"no gesture offers {a} ({type(a).__name__})")
        name, do = self.rng.choice([w for w in ways if w[0] in self.prefer] or ways)
        before = len(s.record.actions)
        try:
            do()
            if len(s.record.actions) == before and t.menu is not None and \
                    any(x == a for _, x in t.menu.items):
                self._pick(t, a)  # it pays at once: "Confirm: ..." (TableInput._do)
        except GestureFailed as e:
            raise GestureFailed(f"{name} for {a}: {e}") from None
        if len(s.record.actions) == before or s.record.actions[before] != a:
            got = s.record.actions[before] if len(s.record.actions) > before else "nothing"
            raise GestureFailed(f"{name} for {a} sent {got}; the table said {t.message[0]!r}")
        self.used[name] = self.used.get(name, 0) + 1
        return a

    def _clean(self, t: TableScene, need: tuple | None = None) -> None:
        """A right-click drops a half-made choice (a selection, an open menu), and the
        inspector's look at a Character chosen with it (s66): where `need`, the thing
        to click next, shows in the inspector, only a menu is closed, by a click on
        nothing (the choice, and the inspector, kept)."""
        at = self.where(t, need) if need is not None else None
        if at is not None and t.lay.inspector.collidepoint(at):
            if t.menu is not None:
                self.click(self._nothing(t))
        elif t.menu is not None or t.selection or t.armed is not None:
            self.click(t.lay.log.center, button=3)

    def _nothing(self, t: TableScene) -> Point:
        """A point where a click hits nothing: it closes a menu, and does no more."""
        seen, bar = t.seen(), t.lay.bar
        for at in (bar.center, (seen.left + 3, seen.bottom - 3), (seen.right - 3, seen.top + 3),
                   (seen.left + 3, seen.top + 3), (seen.right - 3, seen.bottom - 3)):
            if t.hit(at) is None:
                return at
        raise GestureFailed("nowhere to click on nothing")

    def _need(self, t: TableScene, key: tuple) -> Point:
        at = self.where(t, key)
        known = t.lay.cells if key[0] == "cell" else t.board.units if key[0] == "unit" else {}
        if at is None and known and key[1] in known:
            # Scrolled out of sight: a click on the minimap brings it into view.
            cell = key[1] if key[0] == "cell" else t.board.units[key[1]].pos
            self.click(minimap.point(t.camera, t.lay.map, cell, t.px))
            at = self.where(t, key)
        if at is None:
            raise GestureFailed(f"{key} is not on screen")
        return at

    def _click_key(self, t: TableScene, key: tuple) -> None:
        self._clean(t, key)
        self.click(self._need(t, key))

    def _space(self, t: TableScene) -> None:
        """Space; asked whether to end an Equip phase with cards still playable
        (TableInput._ask_end), Space again, as the line says."""
        before = len(t.session.record.actions)
        self.key(pygame.K_SPACE)
        if len(t.session.record.actions) == before and "Space again" in t.message[0]:
            self.key(pygame.K_SPACE)

    def _end_button(self, t: TableScene) -> None:
        """The bar's End phase; asked as Space is (s69), clicked again."""
        before = len(t.session.record.actions)
        self._click_key(t, ("end",))
        if len(t.session.record.actions) == before and "End phase again" in t.message[0]:
            self._click_key(t, ("end",))

    def _move(self, t: TableScene, a: A.Move) -> None:
        self._clean(t)
        for c in a.chars:
            self.click(self._need(t, ("unit", c)))
        self.click(self._need(t, ("cell", a.cell)))

    def _show(self, t: TableScene, src: tuple) -> None:
        """A card held by a Character, or stored in a Haven, is drawn in the
        inspector once that Character, or one in that Haven, is clicked; a Haven's own
        card, once its cell is (its uses are buttons there, s71)."""
        if src[0] != "card" or self.where(t, src) is not None:
            return
        b = t.board
        haven = next((pl.cell for pl in b.view.places if pl.card == src[1]), None)
        if haven is not None:
            self.click(self._need(t, ("cell", haven)))
            return
        holder = next((u.card for u in b.view.units
                       if src[1] in (u.items or ()) or src[1] in u.equipment), None)
        cell = None
        if holder is None:
            cell = next((c for c, i in b.stored() if i == src[1]), None)
            holder = next((u.card for u in b.units_at.get(cell, ())
                           if u.owner == b.view.seat and not u.disaster), None)
        if holder is not None:
            self.click(self._need(t, ("unit", holder)))
            if t.menu is not None:  # the click opened the Character's menu: closed, the
                self.click(self._nothing(t))  # inspector kept on it
        if cell is not None and self.where(t, src) is None:
            # Her buttons left the Haven's cards no room ("4 cards stored: click the
            # Haven to see them"): the choice let go, the Haven clicked, as it says.
            self.click(t.lay.log.center, button=3)
            self.click(self._need(t, ("cell", cell)))

    def _drag(self, t: TableScene, src: tuple, dst: tuple) -> None:
        self._clean(t, src)
        self._show(t, src)
        if self.landing(t, src, dst) is None and dst[0] in ("cell", "unit"):
            self._need(t, dst)  # scrolled out of sight: the minimap brings it back first
        elif self.landing(t, src, dst) is None and dst == ("haven",) and t.board.my_havens():
            self._need(t, ("cell", t.board.my_havens()[0]))  # the Haven, alike
        start = self._need(t, src)
        end = self.landing(t, src, dst)
        if end is None:
            raise GestureFailed(f"nowhere to drop {src} on {dst}")
        self.drag(start, end)

    def _click_then_pick(self, t: TableScene, key: tuple, a: A.Action) -> None:
        """Click the thing; if it offers a menu, or (an own Character) shows its
        choices as buttons in the inspector, pick `a` there."""
        self._clean(t)
        self._show(t, key)
        if self.where(t, key) is None and any(k == ("act", a) for _, k in t.hits):
            self.click(self._need(t, ("act", a)))  # a Haven's use: its inspector's button
            return
        before = len(t.session.record.actions)
        self.click(self._need(t, key))
        if len(t.session.record.actions) > before:
            return
        if t.menu is not None:
            self._pick(t, a)
        elif any(k == ("act", a) for _, k in t.hits):
            self.click(self._need(t, ("act", a)))

    def _plan_and_fight(self, t: TableScene, a: A.Declare | A.Engage,
                        plan: Callable[[], None] | None = None) -> None:
        """A combat panel: the role's button for that Character (between players, the
        role and whom: the duel panel's), or `plan`, another way to plan it (its token's
        menu); Fight! waits for a choice for each of the others with one, each chosen
        among its lit buttons as the easy AI would; then Fight!, which sends them in
        turn, the players taking turns (see ready)."""
        self._clean(t)
        if plan is None:
            self.click(self._need(t, ("plan", a.char, _choice(a))))
        else:
            plan()
        for char in t.unchosen():
            lit = [_declaration(char, k[2]) for _, k in t.hits if k[:2] == ("plan", char)]
            pick = self.agent.choose(t.board.view, lit, self.rng)
            self.click(self._need(t, ("plan", char, _choice(pick))))
        self.click(self._need(t, ("fight",)))

    def _pick(self, t: TableScene, a: A.Action) -> None:
        menu = t.menu
        index = [x for _, x in menu.items].index(a)
        for _ in range(len(menu.items)):
            rows = dict((i, r) for r, i in menu.rows_shown())
            if index in rows:
                self.click(rows[index].center)
                return
            down = -1 if index > max(rows) else 1
            self.step([self._ev(pygame.MOUSEMOTION, menu.rect.center),
                       pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=down)])
        raise GestureFailed(f"{a} never scrolled into the menu")

    def take_seat(self, t: TableScene) -> None:
        assert t.curtain_button is not None, "a hand-off without the curtain on screen"
        self.click(t.curtain_button.center)

    # A whole game ----------------------------------------------------------------
    def play(self, max_frames: int = 20000) -> GameOverScene:
        """Play on until the Game over scene shows: decide for humans, take the seat
        at the curtain, and otherwise let frames pass (the AI thinks on its thread)."""
        for _ in range(max_frames):
            top = self.app.top
            if isinstance(top, GameOverScene):
                return top
            assert isinstance(top, TableScene), f"unexpected scene {type(top).__name__}"
            s = top.session
            if s.handoff() is not None and top.curtain_button is not None:
                if top.curtain_ready() < 1:
                    # Its button takes a press once the hand-over guard is over: a person
                    # waits for it to fill (here in one frame), and does not click it some
                    # twenty times (two frames each) till it takes one.
                    self.step(dt=(1 - top.curtain_ready()) * HANDOFF_GUARD + DT)
                else:
                    self.take_seat(top)
            elif self.ready(top):
                self.act(top)
            else:
                acted = len(s.record.actions)
                self.step()
                if len(s.record.actions) == acted and not top.animator.busy:
                    time.sleep(0.0005)  # an AI seat is thinking on its worker thread
        raise GestureFailed(f"no Game over after {max_frames} frames")


def _choice(a: A.Declare | A.Engage) -> str | tuple[str, int]:
    """What a combat panel's plan button for `a` carries: the role; between players,
    the role and whom."""
    return a.role if isinstance(a, A.Declare) else (a.role, a.target)


def _declaration(char: int, choice: str | tuple[str, int]) -> A.Declare | A.Engage:
    return A.Declare(char, choice) if isinstance(choice, str) else A.Engage(char, *choice)
