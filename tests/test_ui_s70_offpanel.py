"""s70: three table defects left open by s69. Different cards in one Off Field group
lay overlapped down to a seat mark's width; the Combat panel showed only the newest of
two wide card rows; a Disaster's Damage at 960x540 dropped its "(printed N)"."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine.state import MOVE, Lasting, OffField

import test_ui_table
from test_ui_table import scene_app, scene_session, table
from test_window_s42w import written

make_app = test_ui_table.make_app  # the fixture
CARDS = Path(__file__).parent.parent / "assets" / "cards"
SHOTS = os.environ.get("S70_SHOTS")  # a folder to save the screens to, to look at them


def shot(t, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        t.draw(t.app.screen)
        pygame.image.save(t.app.screen, str(Path(SHOTS) / f"{name}.png"))


def shipped(*files: str) -> str:
    return "".join((CARDS / f"{name}.yaml").read_text(encoding="utf-8") for name in files)


# Six different Flash Effects lasting this Turn, each seat's (one group: "this Turn").
FLASH = ("dramatic-entrance", "second-wind", "afterimage-dash", "limit-break-scream",
         "emergency-bento", "overclock")


def busy_off_field(make_app, size, copies: int = 0):
    """A four-player game's Off Field: the six Flash Effects, two Disasters Player 3
    endures one more turn, two Global Effects with uses; and `copies` more Bursts of
    the first Flash Effect, one a seat."""
    from scene import Scene
    sc = Scene(shipped("global_effects", "disasters", "characters", "flash_effects"), seats=4)
    sc.location((0, 0))
    h = sc.char("kaede-ironside", (0, 0))
    for k, cid in enumerate(FLASH + FLASH[:1] * copies):
        card = sc.card(cid, k % 4)
        sc.st.off_field.append(OffField(card, k % 4))
        sc.st.add_lasting(Lasting(card, h, k % 4, until="turn"))
    for cid, seat in (("pop-quiz", 2), ("typhoon-season", 2)):
        sc.st.off_field.append(OffField(sc.card(cid, seat), seat, (h,), 1))
    for cid, seat in (("summer-festival-night", 0), ("supply-drop", 3)):
        sc.st.off_field.append(OffField(sc.card(cid, seat), seat))
    sc.turn(MOVE)
    return table(scene_app(make_app, sc, size), scene_session(sc, ["human"] + ["ai:random"] * 3))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
@pytest.mark.parametrize("copies", [0, 2])
def test_basic_terms_duration_each_different_card_off_field_whole_and_pointed_at(
        make_app, monkeypatch, size, copies):
    """Basic Terms, Duration: a Flash Effect stays in play while its effect lasts. Six
    different ones lasting this Turn lay in one group overlapped to a seat mark's width
    (12 px at 1280x720, 9 at 960x540): a sliver of each, not a card a player tells from
    the next. Different cards of a group now lie side by side, each whole (copies of
    one card still overlap, their seat marks showing), and each is the card pointed at
    anywhere on it."""
    t = busy_off_field(make_app, size, copies)
    shot(t, f"off_field_{size[0]}_{copies}")
    _, hits = written(t, monkeypatch, lambda p, surf: p.off_field(surf))
    cards = [(r, k[1]) for r, k in hits if k[0] == "card"]
    assert len(cards) == 10 + copies, cards
    assert all(t.lay.off_field.contains(r) for r, _ in cards), cards
    ids = {c: t.board.card_id(c) for _, c in cards}
    for k, (r, c) in enumerate(cards):
        others = [d for s, d in cards if d != c and ids[d] != ids[c] and s.colliderect(r)]
        assert not others, (ids[c], r, [ids[d] for d in others])
        if ids[c] in FLASH[1:]:  # one copy each: all of it is its own
            assert t.hit(r.center) == ("card", c) and t.hit(r.move(1, 1).topleft) == ("card", c)
