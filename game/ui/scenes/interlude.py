"""Between two attract games in booth mode: the title, and one rules tip."""
from __future__ import annotations

import random

from ..widgets import colour, font, panel, paragraph, text
from .base import MenuScene

TIPS = (
    "Build the Field: each player places Locations, and hides Items and Disasters "
    "under them.",
    "Move your Characters as a group: together their Abilities add up.",
    "Scavenge a Location your group stands on: turn over what lies beneath, Disaster "
    "or Item.",
    "A Disaster stands in the way? Fight it: beat its Defense with your group's Attack.",
    "Carry Items home: an Item stored in your Haven is safe from Disasters.",
    "Charm Combat comes first: out-charm a Minor Disaster with every Character and it "
    "takes one order from you.",
    "When the players together hold more than half of the Items, the one holding the "
    "most wins; when the Disasters do, they win.",
)


class InterludeScene(MenuScene):
    def __init__(self, app, seed: int = 0):
        super().__init__(app)
        self.tip = random.Random(seed).choice(TIPS)

    def handle(self, event):
        pass  # the booth takes every input here

    def draw(self, surface):
        self.draw_backdrop(surface)
        s = self.scale
        r = text(surface, "ANI-MAYHEM", font("#title", s), colour("link_text"),
                 self.px(640, 170, 0, 0).topleft, "center", shadow=True)
        text(surface, "the anime crossover card game, at your table", font("#subheading", s),
             colour("normal_text"), (r.centerx, r.bottom + 24 * s), "center")
        box = self.px(290, 300, 700, 150)
        panel(surface, box, s, 190)
        text(surface, "Did you know?", font("#subheading", s), colour("link_text"),
             (box.left + 24 * s, box.top + 18 * s))
        paragraph(surface, self.tip, font("label", s), colour("normal_text"),
                  box.inflate(-48 * s, -80 * s).move(0, 22 * s))
