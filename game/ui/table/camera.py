"""The Field's camera: which part of the Field the table shows, and how large.

The Field is a grid of cells, each one pitch wide and tall (a tile and the gap
around it). The camera is a zoom rung (a pitch height, BASE * STEP ** rung) and the cell
shown at the centre of the view (fractional). Zoom steps from rung to rung, so
a tile is drawn once per rung and kept (tiles.py); the centre glides toward a
goal, so the view follows what a decision is about without jumping.

A Field larger than the view is shown through a window of whole cells, centred
in the view, and the camera comes to rest with the window's edges between two
cells: no tile at rest is cut in half, its name or tokens out of sight. Along an
axis where the whole Field fits, it stays centred and does not scroll. While a
panel covers the view's lower part (the combat panel), the view is what it
leaves: the Field scrolls in that, at once (no glide: `under_cover`), and the Combat's
cell can be shown above it, a row of it never taller than that strip (`ceiling`). The
guided game keeps the view's top clear (`clear_top`) for its words.

The smallest rung is the smallest readable tile, 175 x 131 px: a Location's
name in two lines of 13 px bold (the longest, "Hundred-Lantern Night Market",
is 213 px at that size: two lines of 117 and 166 px hold it, beside the
face-down counts), and below it two rows of three 43 px tokens (a token's name
strip is legible from about 40 px; a cell held six tokens or fewer in 98.6% of
the moments sampled from played four-seat games, and eight at the most, which
it shows at 42 px, their names in 11 px type). The ladder is at 1280x720 and
grows with the window as the panels do (`Camera.scale`, Layout.s): a larger window
frames the Field larger (a newcomer could not read four seats' tokens at
1920x1080). Its lowest readable rung (`lowest`) stays the smallest readable tile
at 1280x720, so the table's own framing shows as much of a large Field as 1280x720
would, never less (grown rungs alone showed 4 by 4 cells of it); a Field that
does not fit even so scrolls, and the minimap (minimap.py) shows all of it. F
("fit") and zooming out go below it, as far as the whole Field takes (`floor`):
four seats' Field is 7 or 8 cells a side, and fit showed 4 by 4 of it; there the
names are cut and the tokens small, a map of the Field more than a table to read.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.engine.field import Cell

ASPECT = 1.32  # a pitch's width over its height: the name wants width, tokens height
BASE, STEP, TOP = 136, 1.15, 8  # rung k's pitch height: BASE * STEP ** k px, k <= TOP
FIT_TOP = 4  # "fit" zooms no further in: a Field of a few cards is not blown up
LEAST_PITCH = 24  # px tall: no rung below this, where a tile is a coloured square at best
SLACK = 0.01  # a rung's pitch this share short of the smallest readable still reads (lowest)
GLIDE = 9.0  # per second: how fast the centre closes on its goal (1 - e^-9t)


def gap(pitch_h: int) -> int:
    return max(3, round(pitch_h * 0.035))


def pitch(rung: int, scale: float = 1.0) -> tuple[int, int]:
    """A cell's size at a rung, in a window `scale` times 1280x720 (Layout.s), below
    rung 0 too (lowest)."""
    h = round(BASE * STEP ** rung * scale)
    return round(h * ASPECT), h


def lowest(scale: float) -> int:
    """The smallest rung in a window `scale` times 1280x720: the first whose pitch is
    the smallest readable one's at 1280x720 or more. A larger window frames the Field
    larger (rung 0 grows with it), yet fitting or zooming out may still show as much
    of it as 1280x720 does, names no smaller (a 6 by 7 Field whole at 1920x1080, not
    4 by 4 of it); a smaller window's tiles stay readable, down to TOP's (a screenshot
    below about 420x236: no rung is readable there, and one above TOP had no tiles).
    A rung at most SLACK short of that pitch counts: at 960x540 rung 2's tiles are
    130 px tall to 1280x720's 131, their type the same 13 px, and rung 3's, 14% larger,
    showed 2 by 2 cells of the quick demo's 3 by 3 Field, a hole in its corner (s65)."""
    return min(TOP, math.ceil(math.log((1 - SLACK) / scale, STEP) - 1e-9))


def tile_size(rung: int, scale: float = 1.0) -> tuple[int, int]:
    """A tile's size at a rung: its pitch less the gap (Camera.rect)."""
    pw, ph = pitch(rung, scale)
    return pw - gap(ph), ph - gap(ph)


class Camera:
    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 1, 1)  # the Field's part of the window
        self.scale = 1.0  # the window's size against 1280x720 (Layout.s): tiles grow with it
        self.cover: pygame.Rect | None = None  # a panel over the view's lower part
        self.clear_top = 0.0  # the share of the view's height kept clear (the guide's words)
        self.rung = 0
        self.centre = (0.0, 0.0)
        self.goal: tuple[float, float] | None = None
        self.bounds = (0, 0, 0, 0)  # the cells' bounding box: x0, y0, x1, y1
        self.cells: frozenset = frozenset()  # the Places' cells
        self.fitted = True  # follows the whole Field until the player zooms or pans
        self.whole = False  # fitted by the F key: the whole Field, however small
        self._fitted_to: tuple | None = None  # what the last fit was made for (refit)
        self.hand_moves = 0  # the times the person moved the view (zoom, pan, look_at)

    # Geometry -------------------------------------------------------------------
    @property
    def pitch(self) -> tuple[int, int]:
        return pitch(self.rung, self.scale)

    @property
    def lowest(self) -> int:
        return lowest(self.scale)

    @property
    def floor(self) -> int:
        """The smallest rung the view zooms out to: the smallest readable (`lowest`), or
        below it as far as the whole Field takes (F's, `fit(whole=True)`): zoomed in a
        notch from the whole Field, a notch out did not go back to it."""
        return min(self.lowest, self._fitting(True), self.ceiling)

    @property
    def ceiling(self) -> int:
        """The largest rung: TOP, or under a cover the largest whose tiles fit the strip
        it leaves, however small (not below LEAST_PITCH): at 960x540 the guided game's
        words and the combat panel leave 101 px, and the smallest readable row, 135 px
        tall, lay over the panel's title (s71). What shows of the gaps round them
        stops at the cover (`seen`)."""
        rung = TOP
        if self.cover is not None:
            room = self.area().h
            while tile_size(rung, self.scale)[1] > room and \
                    pitch(rung - 1, self.scale)[1] >= LEAST_PITCH:
                rung -= 1
        return rung

    def area(self, covered: bool = True) -> pygame.Rect:
        """The view less its top kept clear, and less what the cover hides (`covered`)."""
        v = self.view
        top = v.y + round(v.h * self.clear_top)
        bottom = min(v.bottom, self.cover.top) if covered and self.cover is not None \
            else v.bottom
        return pygame.Rect(v.x, top, v.w, max(1, bottom - top))

    def origin(self) -> tuple[int, int]:
        """Where cell (0, 0)'s centre is on screen, rounded once so that tiles sit on
        whole pixels and every gap is the same."""
        pw, ph = self.pitch
        a = self.area()
        return round(a.centerx - self.centre[0] * pw), round(a.centery - self.centre[1] * ph)

    def rect(self, cell: Cell) -> pygame.Rect:
        pw, ph = self.pitch
        ox, oy = self.origin()
        g = gap(ph)
        return pygame.Rect(ox + cell[0] * pw - pw // 2 + g // 2,
                           oy + cell[1] * ph - ph // 2 + g // 2, pw - g, ph - g)

    def world(self, pos) -> tuple[float, float]:
        """The (fractional) cell under a point of the screen."""
        pw, ph = self.pitch
        ox, oy = self.origin()
        return (pos[0] - ox) / pw, (pos[1] - oy) / ph

    def _across(self, rung: int, covered: bool = True) -> tuple[tuple[int, float, int], ...]:
        """Per axis: the Field's length in cells, the view's, and the window's (whole
        cells; the view's own length, in cells, where the Field fits in it)."""
        pw, ph = pitch(rung, self.scale)
        x0, y0, x1, y1 = self.bounds
        a = self.area(covered)
        out = []
        for field, view in ((x1 - x0 + 1, a.w / pw), (y1 - y0 + 1, a.h / ph)):
            out.append((field, view, field if field <= view else max(1, math.floor(view))))
        return tuple(out)

    def seen(self, rung: int | None = None, covered: bool = True) -> pygame.Rect:
        """What shows of the Field at a rung (now, by default): the window of whole
        cells centred in the view (less what the cover hides)."""
        rung = self.rung if rung is None else rung
        pw, ph = pitch(rung, self.scale)
        a = self.area(covered)
        (fx, vx, nx), (fy, vy, ny) = self._across(rung, covered)
        r = pygame.Rect(0, 0, a.w if fx <= vx else nx * pw, a.h if fy <= vy else ny * ph)
        r.center = a.center
        return r.clip(a) if covered and self.cover is not None else r  # (a row's gap)

    def shows(self, cells: Iterable[Cell]) -> bool:
        """Whether any of `cells` shows now (where the view is, not where it glides)."""
        seen = self.seen()
        return any(seen.colliderect(self.rect(c)) for c in cells)

    def key(self) -> tuple:
        """Changes exactly when what the camera shows does."""
        return self.rung, self.origin(), tuple(self.seen())

    # Where the centre may be ----------------------------------------------------
    def _clamp(self, c: tuple[float, float]) -> tuple[float, float]:
        """Along an axis where the Field fits, its middle; elsewhere the window stays
        over the Field (never scrolled past its edge)."""
        out = []
        for (field, view, n), lo, hi, v in zip(self._across(self.rung), self.bounds[:2],
                                               self.bounds[2:], c):
            if field <= view:
                out.append((lo + hi) / 2)
            else:
                out.append(min(max(v, lo + (n - 1) / 2), hi - (n - 1) / 2))
        return out[0], out[1]

    def _rest(self, c: tuple[float, float], near: tuple[float, float] | None = None,
              within=None) -> tuple[float, float]:
        """The resting centre nearest `c`: the window's edges between cells. `within`
        (per axis, an interval or None) is kept to when a resting place over the Field is
        in it: the one nearest `near` (else `c`), however far from `c`."""
        out = []
        for k, ((field, view, n), edge_lo, edge_hi) in enumerate(zip(
                self._across(self.rung), self.bounds[:2], self.bounds[2:])):
            v = c[k]
            if field > view:
                off = ((n - 1) / 2) % 1
                lo, hi = within[k] if within and within[k] else (-math.inf, math.inf)
                # The resting places in `within` that keep the window over the Field.
                lo, hi = max(lo, edge_lo + (n - 1) / 2), min(hi, edge_hi - (n - 1) / 2)
                first = math.ceil(lo - off - 1e-9) + off
                last = math.floor(hi - off + 1e-9) + off
                if first <= last:
                    t = (near or c)[k]
                    v = min((min(max(s, first), last) for s in (
                        math.floor(t - off) + off, math.ceil(t - off) + off)),
                        key=lambda s: abs(s - t))
                else:  # None inside: the span is the rows that show, centred to whole
                    # pixels, a hair off the resting places: the one nearest it, not
                    # nearest where the view was (a Combat's cell, one row showing, stayed
                    # a row short).
                    v = min((math.floor(v - off) + off, math.ceil(v - off) + off),
                            key=lambda s: abs(s - v))
            out.append(v)
        return self._clamp((out[0], out[1]))

    # Moving ---------------------------------------------------------------------
    def set_bounds(self, cells: Iterable[Cell]) -> None:
        cells = list(cells) or [(0, 0)]
        self.cells = frozenset(cells)  # what a fit's window should hold most of (_fullest)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        self.bounds = (min(xs), min(ys), max(xs), max(ys))
        self.centre = self._clamp(self.centre)
        self.goal = self._rest(self.goal or self.centre)

    def _fits(self, box, rung: int, covered: bool = True) -> bool:
        x0, y0, x1, y1 = box
        pw, ph = pitch(rung, self.scale)
        area = self.seen(rung, covered)
        return x1 - x0 + 1 <= area.w / pw + 1e-9 and y1 - y0 + 1 <= area.h / ph + 1e-9

    def fit(self, whole: bool | None = None) -> None:
        """The largest rung (up to FIT_TOP) showing the whole Field (in the whole view:
        a combat panel coming and going does not zoom it). The table follows the Field
        so no lower than the smallest readable rung, and scrolls past that; `whole` (the
        F key, "fit"), as low as the whole Field takes, down to a pitch LEAST_PITCH
        tall: four seats' 8 by 8 Field showed 4 by 4 at 1366x768. None: as the last fit
        (refit). The centre glides to the Field's middle."""
        self.whole = self.whole if whole is None else whole
        self.rung = self._fitting(self.whole)
        self.goal = self._fullest()
        self.fitted, self._fitted_to = True, self.fit_for()

    def _fullest(self) -> tuple[float, float]:
        """The resting centre nearest the Field's middle whose window holds the most of
        its Places: of a 3-wide Field a 2-wide window rests half a cell off its middle,
        either side, and took the first, over an empty corner (s65's playtest)."""
        x0, y0, x1, y1 = self.bounds
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        ways = []
        for k, (field, view, n) in enumerate(self._across(self.rung)):
            near = [mid[k]]
            if field > view:
                off = ((n - 1) / 2) % 1
                near = [math.floor(mid[k] - off) + off, math.ceil(mid[k] - off) + off]
            ways.append((n, near))

        def held(c) -> int:
            return sum(all(abs(cell[k] - c[k]) <= (ways[k][0] - 1) / 2 + 1e-9 for k in (0, 1))
                       for cell in self.cells)
        best = max(((x, y) for x in ways[0][1] for y in ways[1][1]),
                   key=lambda c: (held(c), -abs(c[0] - mid[0]) - abs(c[1] - mid[1])))
        return self._rest(best)

    def _fitting(self, whole: bool) -> int:
        """fit's rung: `whole`, below the smallest readable where the Field takes it."""
        r = max(FIT_TOP, self.lowest)  # a window too small for FIT_TOP's tiles to read
        while not self._fits(self.bounds, r, covered=False) and (
                r > self.lowest or whole and pitch(r - 1, self.scale)[1] >= LEAST_PITCH):
            r -= 1
        return r

    def fit_for(self) -> tuple:
        """What a fit depends on: the Field's cells, the view and its clear top. Not the
        combat panel's cover: the table frames the fight above it and goes back after
        (TableScene._cover_field); fitted again as it went, the Field jumped to its
        middle at the person's next click."""
        return self.bounds, tuple(self.view), self.scale, self.clear_top

    def refit(self) -> bool:
        """Fit again where the Field, the window or the guide's words over it changed
        since the last fit; True if so. Fitting at every refresh put a Field larger
        than the view back in its middle while the AI seats answered a card the
        person had just played, and brought the person's decision back after: the
        view slid a column there and back under their hand."""
        if self._fitted_to == self.fit_for():
            return False
        self.fit()
        return True

    def zoom(self, steps: int, about) -> bool:
        """Up or down the ladder, the point under `about` staying where it is (then
        settling to rest)."""
        rung = min(self.ceiling, max(self.floor, self.rung + steps))
        if rung == self.rung:
            return False
        wx, wy = self.world(about)
        self.rung = rung
        pw, ph = self.pitch
        a = self.area()
        off = ((about[0] - a.centerx) / pw, (about[1] - a.centery) / ph)
        self.centre = self._clamp((wx - off[0], wy - off[1]))
        # At rest, the cell pointed at still under the pointer (the nearest resting place
        # could move it a cell away: three notches in, a playtest), and in sight where it
        # cannot be: zoomed in from a fitted Field, the pointer over an edge cell lay in
        # the margin round the new window of whole cells, and the view rested on the far
        # side (s60's playtest).
        within = []
        for w, o, (_, _, n), px in zip((wx, wy), off, self._across(rung), (pw, ph)):
            cell = round(w)
            # A pixel inside: the view is drawn at whole pixels, and on the border
            # between two cells the pointer is over neither.
            lo = max(cell - 0.5 - o + 1 / px, cell - (n - 1) / 2)
            hi = min(cell + 0.5 - o - 1 / px, cell + (n - 1) / 2)
            within.append((lo, hi) if lo <= hi else (cell - (n - 1) / 2, cell + (n - 1) / 2))
        self._by_hand(within=tuple(within))
        return True

    def pan(self, dx: float, dy: float) -> None:
        """Move the Field by (dx, dy) pixels, as a hand drags it. A Field that fits
        does not move, and stays fitted (a card held at its edge tries to scroll it)."""
        pw, ph = self.pitch
        centre = self._clamp((self.centre[0] - dx / pw, self.centre[1] - dy / ph))
        if centre != self._clamp(self.centre):
            self.centre = centre
            self._by_hand()

    def look_at(self, spot: tuple[float, float]) -> None:
        self.centre = self._clamp(spot)
        self._by_hand()

    def _by_hand(self, within=None) -> None:
        """The person put the view where it is: it rests there (`within`: as _rest),
        no longer fitted."""
        self.goal, self.fitted, self.whole = self._rest(self.centre, within=within), False, False
        self.hand_moves += 1

    def show(self, cells: Iterable[Cell], first: Cell) -> None:
        """Bring `cells` into what shows, zooming out only as far as needed and moving
        as little as it can; when they do not fit even at the smallest rung, `first`
        at least is shown."""
        cells = list(cells)
        if not cells:
            return
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        box = (min(xs), min(ys), max(xs), max(ys))
        while self.rung > self.lowest and not self._fits(box, self.rung):
            self.rung -= 1  # about the view's centre, which the goal below moves from
        pw, ph = self.pitch
        area, v = self.seen(), self.area()
        spans = (((area.left - v.centerx) / pw, (area.right - v.centerx) / pw),
                 ((area.top - v.centery) / ph, (area.bottom - v.centery) / ph))
        base = self.goal or self.centre
        target, within = [], []
        for k, (lo, hi) in enumerate(((box[0], box[2]), (box[1], box[3]))):
            s_lo, s_hi = spans[k]
            low, high = hi + 0.5 - s_hi, lo - 0.5 - s_lo  # centres showing lo..hi
            now = base[k]
            if low > high:  # longer than what shows: centred on them, `first` kept in
                low, high = first[k] + 0.5 - s_hi, first[k] - 0.5 - s_lo
                now = (lo + hi) / 2
            target.append(min(max(now, low), high))
            within.append((low, high))
        self.goal = self._rest((target[0], target[1]), near=base, within=within)

    def update(self, dt: float) -> bool:
        """Glide toward the goal; True when the view moved."""
        if self.goal is None:
            return False
        if self.cover is not None:
            self.under_cover()
            return True
        pw, ph = self.pitch
        (cx, cy), (gx, gy) = self.centre, self.goal
        if abs(gx - cx) * pw < 0.5 and abs(gy - cy) * ph < 0.5:
            self.snap()
            return True
        k = 1 - math.exp(-GLIDE * dt)
        self.centre = (cx + (gx - cx) * k, cy + (gy - cy) * k)
        return True

    def under_cover(self) -> None:
        """Under a panel (the combat panel), the view goes where it is bound at once: in
        the strip the panel leaves, a glide showed half a second of slivers, a row's
        name strips over another's art, the fought cell's name cut (s69's playtest). A
        row too tall for the strip is made smaller (`ceiling`)."""
        if self.cover is not None:
            if self.rung > self.ceiling:
                self.rung = self.ceiling
                self.goal = self._rest(self.goal or self.centre)
            self.snap()

    def snap(self) -> None:
        if self.goal is not None:
            self.centre, self.goal = self.goal, None
