"""How to play: the rules in the project's words (how_to_play.md), then its rulings.

The rulings page is read from docs/RULINGS.md itself, so the help on screen is
always the reading the engine follows.
"""
from __future__ import annotations

import re
from pathlib import Path

import pygame

from ..faces import card_height
from ..fonts import wrap
from ..widgets import Button, colour, font, panel, text
from .base import MenuScene

RULES_TEXT = Path(__file__).with_name("how_to_play.md")
RULINGS = Path(__file__).resolve().parents[3] / "docs" / "RULINGS.md"
Block = tuple[str, str]  # ("h2" | "p" | "li" | "cards", text)


def parse_pages(source: str) -> list[tuple[str, list[Block]]]:
    """'# Title' starts a page, '## ' a subheading, '- ' a bullet, '! ' a row of cards
    (card ids, or back:TYPE for a card's back); other lines are paragraphs."""
    pages: list[tuple[str, list[Block]]] = []
    for line in source.splitlines():
        line = line.strip()
        if line.startswith("# "):
            pages.append((line[2:], []))
        elif line.startswith("## "):
            pages[-1][1].append(("h2", line[3:]))
        elif line.startswith("- "):
            pages[-1][1].append(("li", line[2:]))
        elif line.startswith("! "):
            pages[-1][1].append(("cards", line[2:]))
        elif line:
            pages[-1][1].append(("p", line))
    return pages


def parse_rulings(source: str) -> list[Block]:
    """Each 'R<n>.' paragraph of RULINGS.md as a bullet, its sections as subheadings."""
    blocks: list[Block] = []
    for line in source.replace("`", "").splitlines():  # code marks read as noise on screen
        start = re.match(r"R(\d+)\.\s+(.*)", line)
        if line.startswith("## "):
            blocks.append(("h2", line[3:]))
        elif start:
            blocks.append(("li", f"R{start[1]}: {start[2]}"))
        elif line.startswith(" ") and blocks and blocks[-1][0] == "li":
            blocks[-1] = ("li", f"{blocks[-1][1]} {line.strip()}")
    return [(kind, _FILE_NOTE.sub("", words)) for kind, words in blocks
            if not words.startswith("R") or ":" in words]


# "(docs/rules-coverage.md)", "(orders.py)": where a ruling is played, for the next
# engineer; a player reads the page, not the repository.
_FILE_NOTE = re.compile(r"\s*\([^()]*(?:\.md|\.py|docs/)[^()]*\)")


def load_pages() -> list[tuple[str, list[Block]]]:
    pages = parse_pages(RULES_TEXT.read_text(encoding="utf-8"))
    # A player reads the page, not the repository: no file is named on it.
    intro = ("p", "Where the rulebooks disagree or say nothing, the game follows these "
                  "rulings. Card text beats them all.")
    pages.append(("Rulings", [intro] + parse_rulings(RULINGS.read_text(encoding="utf-8"))))
    return pages


class Tab(Button):
    """A page's tab: its key is drawn on it, and a tooltip of the key alone ("[3]")
    floated beside the tab chosen (s65 playtest): none."""

    def hint(self) -> str:
        return ""


class Page:
    """A page laid out: its lines (a font, words and colour, rendered when first shown)
    and card faces, each with its place from the page's top; its bullets; its height."""

    def __init__(self):
        self.items: list[tuple[pygame.Surface | tuple, pygame.Rect]] = []
        self.dots: list[tuple[int, int]] = []  # bullet centres
        self.dot_radius, self.dot_colour = 0, (0, 0, 0)
        self.height = 1

    def snap(self, y: float, down: bool = False) -> int:
        """The top (`down`: the foot) of the line or card row that `y` cuts, else `y`:
        a view scrolled there starts on a whole line."""
        cut = [r for _, r in self.items if r.top < y < r.bottom]
        if not cut:
            return round(y)
        return max(r.bottom for r in cut) if down else min(r.top for r in cut)

    def draw(self, surface: pygame.Surface, inner: pygame.Rect, scroll: int) -> None:
        """What of the page shows in `inner`, scrolled `scroll` pixels down."""
        top, bottom = scroll, scroll + inner.height
        for k, (item, rect) in enumerate(self.items):
            if rect.bottom < top or rect.top > bottom:
                continue
            if isinstance(item, tuple):  # words not rendered yet
                f, line, ink = item
                item = f.render(line, True, ink)
                self.items[k] = (item, rect)
            surface.blit(item, (inner.left + rect.x, inner.top + rect.y - scroll))
        for x, y in self.dots:
            if top - self.dot_radius <= y <= bottom + self.dot_radius:
                pygame.draw.circle(surface, self.dot_colour,
                                   (inner.left + x, inner.top + y - scroll), self.dot_radius)


class HowToPlayScene(MenuScene):
    heading = "How to play"

    def __init__(self, app):
        super().__init__(app)
        self.pages = load_pages()
        self.page = 0
        self.scroll = 0.0
        self.tabs = [Tab(title, lambda i=i: self.show(i), key=pygame.K_1 + i if i < 9 else None)
                     for i, (title, _) in enumerate(self.pages)]
        self.done = Button("Back", self.back, "Back to where you were.", pygame.K_ESCAPE)
        self.form.add(*self.tabs, self.done)
        self._body: Page | None = None
        self._dragging = False
        self.show(0)

    def show(self, i: int) -> None:
        self.page = i % len(self.pages)
        self.scroll = 0.0
        self._body = None
        for j, tab in enumerate(self.tabs):
            tab.primary = j == self.page
        self.form.focus = self.tabs[self.page]

    def place(self):
        n = len(self.tabs)
        h = min(44.0, (470 - (n - 1) * 6) / n)
        for i, tab in enumerate(self.tabs):
            tab.rect = self.px(80, 132 + i * (h + 6), 240, h)
        self.done.rect = self.px(80, 620, 240, 52)
        self.view = self.px(370, 132, 830, 540)
        self._body = None

    # The page laid out once, drawn where it shows in the view ---------------------
    def body(self) -> Page:
        if self._body is None:
            self._body = self._layout(self.pages[self.page][1])
        return self._body

    def _layout(self, blocks: list[Block]) -> Page:
        """Where each line and card of the page goes, its words rendered only once it
        shows (`Page.draw`): the Rulings page as one surface was 20,000 pixels tall, and
        making it took a third of a second at 1920x1080, nearly one at 3840x2160, each
        time the page was opened."""
        s = self.scale
        width = self.inner().width - round(16 * s)
        para, head = font("text_box", s), font("#subheading", s)
        page = Page()
        y = 0
        for kind, words in blocks:
            if kind == "cards":
                y = self._card_row(words.split(), width, y, page) + round(14 * s)
                continue
            f = head if kind == "h2" else para
            ink = colour("link_text" if kind == "h2" else "normal_text")
            indent = round(26 * s) if kind == "li" else 0
            if kind == "h2" and page.items:
                y += round(14 * s)
            if kind == "li":
                page.dots.append((round(9 * s), y + f.get_linesize() // 2))
            for line in wrap(words, f, width - indent):
                page.items.append(((f, line, ink), pygame.Rect(indent, y, width - indent,
                                                               f.get_linesize())))
                y += f.get_linesize()
            y += round(10 * s)
        # The page ends where its last screen starts on a whole line (blank below): the
        # end of a page scrolled to showed its top line cut in half (s73 stranger).
        room = self.inner().height
        page.height = max(1, y)
        if page.height > room:
            page.height = page.snap(page.height - room, down=True) + room
        page.dot_radius, page.dot_colour = max(2, round(4 * s)), colour("link_text")
        return page

    def _card_row(self, cards: list[str], width: int, y: int, page: Page) -> int:
        """Card faces (or 'back:TYPE' backs) side by side; returns the y below them."""
        gap = round(12 * self.scale)
        w = min(round(120 * self.scale), (width - gap * (len(cards) - 1)) // len(cards))
        faces = self.app.faces
        for i, card in enumerate(cards):
            kind, _, name = card.partition(":")
            img = faces.back(name, w) if kind == "back" else faces.face(card, w)
            page.items.append((img, img.get_rect(topleft=(i * (w + gap), y))))
        return y + card_height(w)

    def inner(self) -> pygame.Rect:
        """The view less its padding: where the page's text goes."""
        return self.view.inflate(-2 * round(28 * self.scale), -2 * round(24 * self.scale))

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.body().height - self.inner().height)

    def scroll_by(self, dy: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, self.scroll + dy))

    def _bar(self) -> pygame.Rect:
        return pygame.Rect(self.view.right - round(18 * self.scale), self.view.top + 12,
                           round(8 * self.scale), self.view.height - 24)

    # Input ------------------------------------------------------------------------
    def handle(self, event):
        line = font("text_box", self.scale).get_linesize()
        keys = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: self.view.height * 0.8,
                pygame.K_PAGEUP: -self.view.height * 0.8, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
        elif event.type == pygame.KEYDOWN and event.key in keys:
            self.scroll_by(keys[event.key])
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):  # a screen: whole lines
                self.scroll = min(self.max_scroll, self.body().snap(self.scroll))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                            pygame.K_TAB):
            back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB
                                                  and event.mod & pygame.KMOD_SHIFT)
            self.show(self.page + (-1 if back else 1))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self._bar().inflate(24, 0).collidepoint(event.pos):
            self._dragging = True
            self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP:
            self._dragging = False
        else:
            super().handle(event)

    def cancel(self) -> None:
        self._dragging = False

    def _drag_to(self, y: int) -> None:
        bar = self._bar()
        self.scroll = min(1.0, max(0.0, (y - bar.top) / bar.height)) * self.max_scroll

    # Drawing ----------------------------------------------------------------------
    def draw(self, surface):
        self.draw_backdrop(surface)
        s = self.scale
        panel(surface, self.view, s, 170)
        title = self.pages[self.page][0]
        inner = self.inner()
        body = self.body()
        clip = surface.get_clip()
        surface.set_clip(inner)
        body.draw(surface, inner, round(self.scroll))
        surface.set_clip(clip)
        if self.max_scroll > 0:
            bar = self._bar()
            pygame.draw.rect(surface, colour("disabled_bg"), bar, border_radius=bar.width // 2)
            shown = inner.height / body.height
            thumb = pygame.Rect(bar.left, 0, bar.width, max(bar.width * 3, bar.height * shown))
            thumb.top = bar.top + (bar.height - thumb.height) * (self.scroll / self.max_scroll)
            pygame.draw.rect(surface, colour("link_text"), thumb, border_radius=bar.width // 2)
        text(surface, f"{title}  ·  page {self.page + 1} of {len(self.pages)}", font("#small", s),
             colour("disabled_text"), (self.view.right, self.view.top - 8 * s), "bottomright")
        text(surface, "Left/Right: page   Up/Down, wheel: scroll", font("#small", s),
             colour("disabled_text"), (self.view.left, self.view.bottom + 6 * s), "topleft")
        self.form.draw(surface)
