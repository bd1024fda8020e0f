"""A scene: one screen of the window (title, table, pause menu, ...).

The App keeps a stack of scenes. Only the top scene gets input and updates;
drawing starts at the highest opaque scene and goes up, so a translucent
scene (pause menu, hand-off curtain) is drawn over the one below it.

Lifecycle, as the App calls it:
- `layout(size)` before the first `on_enter`, and for every scene in the
  stack whenever the window changes size (a scene below an overlay is drawn,
  so it must be laid out too). Sizes go from 1280x720 to 3840x2160.
- `on_enter()` when pushed, and again when the scene above it is popped.
- `on_exit()` when popped or replaced, and when another scene is pushed on it.
- `handle(event)` for each input event while on top. Esc backs out.
- `update(dt)` once a frame while on top, `dt` in seconds.
- `draw(surface)` every frame it is visible; it changes nothing.

Stack changes asked for during a frame happen after the event or update that
asked for them, so a scene never finds itself handling an event after it was
popped.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True  # False: the scene below is drawn first (pause menu, curtain)

    def __init__(self, app: "App"):
        self.app = app

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def cancel(self) -> None:
        """What the pointer holds is let go, its release never to come here (a booth's
        idle cover took the input): the table's card or Field, the rules' scrollbar."""

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def idle(self, ms: float) -> None:
        """The time left before the next frame is due: work done ahead of need."""
