"""The shell's widgets: buttons, choices and sliders in a keyboard-friendly form.

Sizes come from the scene's layout in pixels; fonts scale with the window
height (`scale` is height / 720), so a menu reads the same at 720p and 4K.
Colours and font sizes are read from theme.json (pygame-gui's theme format).
The pointer is read from events only, never from pygame.mouse, so synthetic
events drive a form exactly as a real mouse does.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pygame

from .fonts import balanced_wrap, wrap
from .kept import Kept

THEME_PATH = Path(__file__).with_name("theme.json")
_THEME: dict = json.loads(THEME_PATH.read_text(encoding="utf-8"))
TOOLTIP_DELAY = 0.45  # seconds of hovering before a tooltip shows


def colour(name: str, element: str = "defaults") -> pygame.Color:
    table = _THEME.get(element, {}).get("colours", {})
    return pygame.Color(table.get(name) or _THEME["defaults"]["colours"][name])


def _font_spec(role: str) -> dict:
    return _THEME.get(role, _THEME["defaults"]).get("font", _THEME["defaults"]["font"])


@lru_cache(maxsize=64)
def _font_file(bold: bool) -> str:
    # pygame-gui, a dependency already, ships Noto Sans: readable and the same everywhere.
    # Found, not imported: importing pygame_gui for the path took 90 ms of the first frame
    # to show words (the booth's first, s70).
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(Path(find_spec("pygame_gui").submodule_search_locations[0]) / "data" / name)


WIDE_SPACE = "\u2004"  # a three-per-em space


class _Spaced(pygame.font.Font):
    """Noto Sans at a size whose space rounds to under a quarter em (13 px: 3 px, and
    a digit's hinted glyph reaching past its advance) sets words almost touching:
    '4Damage', '8vs', 'Mimichits' in the table's log, '4in their Haven' and 'Player
    2holds', 'Bonked 2times' on the game-over screen (s61). Its spaces, no-break ones
    too, are measured and drawn a third em."""

    def size(self, text: str) -> tuple[int, int]:
        return super().size(_widened(text))

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        return super().render(_widened(text), *args, **kwargs)


def _widened(text: str) -> str:
    return text.replace(" ", WIDE_SPACE).replace("\u00a0", WIDE_SPACE)


class _Apart(pygame.font.Font):
    """Noto Sans with each space after a digit measured and drawn a third em: at 11 and
    12 px its space is a quarter em, and a hinted digit reaching past its advance met
    the word after it, "2 P4turns" under an endured Disaster Off Field (s71's playtest).
    Only there: every space widened at those sizes changed the forecasts' wording (their
    ways are chosen by width)."""

    def size(self, text: str) -> tuple[int, int]:
        return super().size(_apart(text))

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        return super().render(_apart(text), *args, **kwargs)


def _apart(text: str) -> str:
    return re.sub(r"(?<=\d)[ \u00a0]", WIDE_SPACE, text)


@lru_cache(maxsize=16)
def digits_apart(px: int, bold: bool) -> pygame.font.Font:
    """Noto Sans at `px` (a real size) with a space after a digit a third em (_Apart)."""
    return _Apart(_font_file(bold), px)


@lru_cache(maxsize=128)
def _font(px: int, bold: bool, spaced: bool) -> pygame.font.Font:
    f = pygame.font.Font(_font_file(bold), px)
    return _Spaced(_font_file(bold), px) if spaced and f.size(" ")[0] * 4 < px else f


def font(role: str, scale: float, bold: bool | None = None,
         spaced: bool = False) -> pygame.font.Font:
    """The theme's font for a role ("button", "label", "#title", ...) at a window scale.
    `spaced`: a space under a quarter em widened (_Spaced), for lines of counts beside
    words (the table's, the game-over account's); the menus' words keep their wrap."""
    spec = _font_spec(role)
    heavy = spec.get("bold") == "1" if bold is None else bold
    return _font(max(10, round(int(spec["size"]) * scale)), heavy, spaced)


# The words the menus draw, kept in bytes as the table's lines are (ink.LINES_BYTES): a
# booth's game-over screens bring new ones each game, a heading's line at 1920x1080 is
# some 300 KB, and 1024 of them were kept.
WORDS_BYTES = 32 * 2 ** 20


def _words(words: str, f: pygame.font.Font, col: tuple) -> pygame.Surface:
    return f.render(words, True, col)


_render = Kept(_words, WORDS_BYTES)


def text(surface: pygame.Surface, words: str, f: pygame.font.Font, col: Any,
         pos: tuple[float, float], anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    # Menus draw the same words every frame: each is rendered once per font and colour.
    img = _render(words, f, tuple(pygame.Color(col)))
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        off = max(1, f.get_height() // 18)
        surface.blit(_render(words, f, tuple(colour("text_shadow"))), rect.move(off, off))
    surface.blit(img, rect)
    return rect


def paragraph(surface: pygame.Surface, words: str, f: pygame.font.Font, col: Any,
              rect: pygame.Rect, centred: bool = False) -> int:
    """Wrapped text from the top of `rect`, each line `centred` in it or from its left;
    returns the height used."""
    y = rect.top
    for line in wrap(words, f, rect.width):
        if centred:
            text(surface, line, f, col, (rect.centerx, y), "midtop")
        else:
            text(surface, line, f, col, (rect.left, y))
        y += f.get_linesize()
    return y - rect.top


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The menus' background: a night-sky gradient with faint speed lines."""
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = pygame.Color("#241A48"), colour("dark_bg")
    band = max(1, h // 120)
    for y in range(0, h, band):
        pygame.draw.rect(surf, top.lerp(bottom, y / h), (0, y, w, band))
    lines = pygame.Surface(size, pygame.SRCALPHA)
    step = max(24, h // 18)
    for i, x in enumerate(range(-h, w, step)):
        alpha = 10 + (i * 37) % 14  # a little uneven, like hand-inked screentone
        pygame.draw.line(lines, (255, 255, 255, alpha), (x, h), (x + h * 0.6, 0), max(1, h // 360))
    surf.blit(lines, (0, 0))
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float, alpha: int = 225) -> None:
    """A rounded translucent card for a group of widgets."""
    surface.blit(_panel(rect.size, round(14 * scale), max(1, round(2 * scale)), alpha), rect)


@lru_cache(maxsize=32)
def _panel(size: tuple[int, int], radius: int, edge: int, alpha: int) -> pygame.Surface:
    # Made once per size: a 4K translucent layer is too big to build every frame.
    layer = pygame.Surface(size, pygame.SRCALPHA)
    bg = colour("dark_bg")
    pygame.draw.rect(layer, (bg.r, bg.g, bg.b, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, colour("normal_border"), layer.get_rect(), edge, border_radius=radius)
    return layer


@lru_cache(maxsize=4)
def veil(size: tuple[int, int]) -> pygame.Surface:
    """The dimming laid over a scene that an overlay (the pause menu) covers."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((8, 5, 18, 170))
    return layer


def key_name(key: int) -> str:
    return {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_SPACE: "Space"}.get(
        key, pygame.key.name(key).upper())


class Widget:
    focusable = True

    def __init__(self, tooltip: str = "", key: int | None = None):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tooltip = tooltip
        self.key = key  # a shortcut that activates it from anywhere in the form
        self.keys_said = ""  # the keys it is drawn with when more than `key` press it
        self.visible = True

    def keys(self) -> str:
        return self.keys_said or ("" if self.key is None else key_name(self.key))

    def hint(self) -> str:
        """The tooltip with the shortcut, so keys are discoverable by hovering."""
        if not self.keys():
            return self.tooltip
        return f"{self.tooltip}  [{self.keys()}]" if self.tooltip else f"[{self.keys()}]"

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def drag(self, pos: tuple[int, int]) -> None:
        pass

    def activate(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        """Left/Right on the focused widget; False if it has no use for them."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool, scale: float) -> None:
        pass

    def _box(self, surface: pygame.Surface, focused: bool, scale: float,
             fill: str | None = None) -> None:
        radius = round(int(_THEME["defaults"]["misc"]["shape_corner_radius"]) * scale)
        bg = fill or ("selected_bg" if focused else "normal_bg")
        pygame.draw.rect(surface, colour(bg), self.rect, border_radius=radius)
        edge = "selected_border" if focused else "normal_border"
        width = max(2, round((3 if focused else 2) * scale))
        pygame.draw.rect(surface, colour(edge), self.rect, width, border_radius=radius)


class Label(Widget):
    focusable = False

    def __init__(self, words: str):
        super().__init__()
        self.words = words

    def draw(self, surface, focused, scale):
        text(surface, self.words, font("label", scale), colour("normal_text"), self.rect.midleft,
             "midleft")


class Button(Widget):
    def __init__(self, label: str, on_click: Callable[[], None], tooltip: str = "",
                 key: int | None = None, primary: bool = False):
        super().__init__(tooltip, key)
        self.label, self.on_click, self.primary = label, on_click, primary
        self._flash = 0.0  # a moment of the pressed colour, so a key press is seen

    def activate(self):
        self._flash = 0.12
        self.on_click()

    def tick(self, dt: float) -> None:
        self._flash = max(0.0, self._flash - dt)

    def draw(self, surface, focused, scale):
        # The primary button (what Enter means here) is always gold; a press flashes.
        gold = self.primary != (self._flash > 0)
        self._box(surface, focused, scale, "active_bg" if gold else None)
        f = font("button", scale)
        if f.size(self.label)[0] > self.rect.width - 40 * scale:
            f = font("label", scale)  # a long label steps down rather than spill
        text(surface, self.label, f, colour("active_text" if gold else "normal_text"),
             self.rect.center, "center")
        if self.keys():
            text(surface, self.keys(), font("#small", scale),
                 colour("active_text" if gold else "disabled_text"),
                 (self.rect.right - 12 * scale, self.rect.centery), "midright")


class Choice(Widget):
    """A labelled value stepped with ‹ › (click a side, or Left/Right). `ordered`: the
    options are an order (slow to instant), stepped to either end and no further, the
    arrow there dimmed; else they go round (Animation speed went from Instant on to
    Slow, a playtest)."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], tooltip: str = "", key: int | None = None,
                 split: float = 0.42, ordered: bool = False):
        super().__init__(tooltip, key)
        self.label, self.on_change = label, on_change
        self.split = split  # the share of the width the label takes
        self.ordered = ordered
        self.set_options(options, value)

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any) -> None:
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def adjust(self, step):
        to = min(len(self.options) - 1, max(0, self.index + step)) if self.ordered else \
            (self.index + step) % len(self.options)
        if to != self.index:
            self.index = to
            self.on_change(self.value)
        return True

    def activate(self):
        self.adjust(1)

    def click(self, pos):
        # The left third of the value box (the ‹) steps back; the rest, label too, steps on.
        box = self._value_box()
        self.adjust(-1 if box.left <= pos[0] < box.left + box.width / 3 else 1)

    def _value_box(self) -> pygame.Rect:
        if not self.label:
            return self.rect
        return pygame.Rect(self.rect.left + self.rect.width * self.split, self.rect.top,
                           self.rect.width * (1 - self.split), self.rect.height)

    def draw(self, surface, focused, scale):
        self._box(surface, focused, scale)
        pad = 14 * scale
        ink = colour("normal_text")
        if self.label:
            text(surface, self.label, font("label", scale), ink,
                 (self.rect.left + pad, self.rect.centery), "midleft")
        box = self._value_box()
        f = font("button", scale)
        arrows = colour("link_text" if focused else "disabled_text")
        end = colour("disabled_bg")  # an order's arrow at its end: no step that way
        # The arrows near the box's edges, the words clear of them by a gap: "Hot Springs
        # Heroes" touched them at every size (s69's playtest).
        edge = 8 * scale
        left = text(surface, "‹", f, end if self.ordered and self.index == 0 else arrows,
                    (box.left + edge, box.centery), "midleft")
        text(surface, "›", f, end if self.ordered and self.index == len(self.options) - 1
             else arrows, (box.right - edge, box.centery), "midright")
        words = self.options[self.index][1]
        inner = box.width - 2 * (left.right - box.left + 12 * scale)
        for f in (f, font("label", scale), font("label", scale * 0.9)):
            if f.size(words)[0] <= inner:  # a long value steps down before it is cut
                break
        while f.size(words)[0] > inner and len(words) > 2:
            words = words[:-2] + "…"
        text(surface, words, f, ink, box.center, "center")


class Slider(Widget):
    """A 0..1 value: click or drag on the track, or Left/Right in tenths."""

    def __init__(self, label: str, value: float, on_change: Callable[[float], None],
                 tooltip: str = ""):
        super().__init__(tooltip)
        self.label, self.value, self.on_change = label, value, on_change

    def _track(self) -> pygame.Rect:
        left = self.rect.left + self.rect.width * 0.42 + self.rect.height * 0.4
        right = self.rect.right - self.rect.height * 1.6
        return pygame.Rect(left, self.rect.centery - 3, max(1, right - left), 6)

    def _set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 2)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def click(self, pos):
        track = self._track()
        self._set((pos[0] - track.left) / track.width)

    drag = click

    def adjust(self, step):
        self._set(self.value + step / 10)
        return True

    def draw(self, surface, focused, scale):
        self._box(surface, focused, scale)
        pad = 14 * scale
        text(surface, self.label, font("label", scale), colour("normal_text"),
             (self.rect.left + pad, self.rect.centery), "midleft")
        track = self._track()
        pygame.draw.rect(surface, colour("disabled_bg"), track.inflate(0, 4 * scale),
                         border_radius=round(4 * scale))
        filled = track.copy()
        filled.width = round(track.width * self.value)
        pygame.draw.rect(surface, colour("link_text"), filled.inflate(0, 4 * scale),
                         border_radius=round(4 * scale))
        knob = (track.left + filled.width, track.centery)
        pygame.draw.circle(surface, colour("normal_text"), knob, round(10 * scale))
        text(surface, f"{round(self.value * 100)}%", font("label", scale), colour("normal_text"),
             (self.rect.right - pad, self.rect.centery), "midright")


class Form:
    """Widgets with one focus: the pointer focuses what it hovers, Tab and the
    arrow keys move focus, Enter or Space activates, Left/Right adjusts."""

    def __init__(self, widgets: Sequence[Widget] = ()):
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.scale = 1.0
        self._pointer: tuple[int, int] | None = None
        self._hover_time = 0.0
        self._dragging: Widget | None = None
        self._keyed = False  # focus was moved with the keyboard: its tooltip may show
        # Enter presses this button unless a button has the focus (a dialog's default);
        # Space still steps a focused choice.
        self.default: Button | None = None
        self.sound: Callable[[str], None] = lambda name: None  # the scene sets app.sound

    def _use(self, w: Widget, how: Callable[[], object]) -> None:
        """Activate or click a widget, with its sound: a button clicks, a value ticks."""
        how()
        self.sound("click" if isinstance(w, Button) else "tick")

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def _focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible]

    def at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self._focusable()):
            if w.rect.collidepoint(pos):
                return w
        return None

    def move_focus(self, step: int) -> None:
        order = self._focusable()
        if not order:
            return
        i = order.index(self.focus) if self.focus in order else (-1 if step > 0 else 0)
        self.focus = order[(i + step) % len(order)]
        self._pointer = None  # a keyboard move hides a pointer tooltip
        self._hover_time = 0.0
        self._keyed = True

    def handle(self, event: pygame.event.Event) -> bool:
        """True if a widget used the event."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            self._hover_time = 0.0
            if self._dragging is not None:
                self._dragging.drag(event.pos)
                return True
            under = self.at(event.pos)
            if under is not None:
                self.focus = under
                self._keyed = False
            return under is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            under = self.at(event.pos)
            if under is None:
                return False
            self.focus = under
            self._dragging = under
            self._use(under, lambda: under.click(event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = None
            return False
        if event.type != pygame.KEYDOWN:
            return False
        shift = event.mod & pygame.KMOD_SHIFT
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if shift else 1)
        elif event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            if self.focus is None or not self.focus.adjust(step):
                return False
            self.sound("tick")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            target = self.focus if self.focus in self._focusable() else None
            if event.key != pygame.K_SPACE and self.default is not None \
                    and not isinstance(target, Button):
                target = self.default
            if target is None:
                return False
            self._use(target, target.activate)
        else:
            for w in self._focusable():
                if w.key == event.key:
                    self.focus = w
                    self._use(w, w.activate)
                    return True
            return False
        return True

    def update(self, dt: float) -> None:
        self._hover_time += dt
        for w in self.widgets:
            if isinstance(w, Button):
                w.tick(dt)

    def tooltip_box(self, w: Widget, size: tuple[int, int], screen: pygame.Rect,
                    gap: int) -> pygame.Rect:
        """Where w's tooltip goes: beside it, below, above or before it, whichever
        covers the least of the widgets (labels included; beside a left column it
        covered the right column's "Players"), the first of equals."""
        places = []
        for side in ("midleft", "midtop", "midbottom", "midright"):
            box = pygame.Rect((0, 0), size)
            setattr(box, side, {"midleft": (w.rect.right + gap, w.rect.centery),
                                "midtop": (w.rect.centerx, w.rect.bottom + gap),
                                "midbottom": (w.rect.centerx, w.rect.top - gap),
                                "midright": (w.rect.left - gap, w.rect.centery)}[side])
            box.clamp_ip(screen)
            places.append(box)

        def covered(box: pygame.Rect) -> int:
            return sum(box.clip(o.rect).width * box.clip(o.rect).height
                       for o in self.widgets if o.visible)
        return min(places, key=covered)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface, w is self.focus, self.scale)
        w = self.focus
        pointed = w is not None and self._pointer is not None and w.rect.collidepoint(self._pointer)
        if w is not None and (pointed or self._keyed) and self._hover_time >= TOOLTIP_DELAY \
                and w.hint():
            self._tooltip(surface, w)

    def _tooltip(self, surface: pygame.Surface, w: Widget) -> None:
        f = font("tool_tip", self.scale)
        pad = round(8 * self.scale)
        lines = balanced_wrap(w.hint(), f, round(360 * self.scale))
        width = max(f.size(line)[0] for line in lines) + 2 * pad
        box = self.tooltip_box(w, (width, len(lines) * f.get_linesize() + 2 * pad),
                               surface.get_rect(), pad)
        pygame.draw.rect(surface, colour("dark_bg", "tool_tip"), box, border_radius=pad)
        pygame.draw.rect(surface, colour("normal_border", "tool_tip"), box, 1, border_radius=pad)
        for i, line in enumerate(lines):
            text(surface, line, f, colour("normal_text", "tool_tip"),
                 (box.left + pad, box.top + pad + i * f.get_linesize()))


def column(rect: pygame.Rect, widgets: Sequence[Widget], height: float, gap: float) -> None:
    """Stack widgets down from the top of `rect`, each the full width."""
    y = rect.top
    for w in widgets:
        w.rect = pygame.Rect(rect.left, round(y), rect.width, round(height))
        y += height + gap
