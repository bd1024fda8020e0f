"""A Disaster that flees (Basic Terms, Flee: "Running Away, but for Disasters"; R69) takes
its allies with it (Ally Disasters: "the two Disasters move as a group"; R40), and lands
only once every Combat queued at the Location it fled is over."""
from __future__ import annotations

from scene import Scene, of
from test_rulings_s30a import CARDS

from game.engine import combat
from game.engine.actions import Declare, Fight, UseCard
from game.engine.events import CombatBegan
from game.engine.state import MAINTENANCE, MOVE


def horn_scene(phase: str = MOVE):
    """The path is (1, 0), (0, 0); the Hero, with a Horn (used in Combat, the Disaster
    flees), stands at (1, 0); Belle stands at (0, 0) over a Gem."""
    sc = Scene(CARDS)
    sc.location((1, 0))
    sc.location((0, 0), under=["gem"])
    h = sc.char("hero", (1, 0), items=["horn"])
    b = sc.char("belle", (0, 0))
    sc.combat_pile(0, *["blank"] * 8)
    sc.turn(phase)
    return sc, h, sc.unit(h).items[0], b


def test_ally_disasters_an_alliance_flees_as_a_group_R40_R69():
    """Ally Disasters: "When a Disaster allies with another Disaster, the two Disasters
    move as a group"; Basic Terms, Flee: "Running Away, but for Disasters", and Run Away
    moves the group that runs; R40: fighting one allied Disaster is fighting the alliance.
    The Imp leads the Ogre; the Hero fights the Imp and his Horn makes it flee: the Ogre
    flees with it to (0, 0), where the alliance lands together, the Imp first, on Belle;
    the Combat is labelled with the phase it happens in, the Move phase (failed before:
    the Ogre stayed at (1, 0), its Combat with the Hero was fought after the landing's,
    which said "maintenance")."""
    sc, h, horn, b = horn_scene()
    imp = sc.disaster("imp", (1, 0))
    ogre = sc.disaster("ogre", (1, 0))
    sc.unit(ogre).leader = imp
    ev = sc.do(Fight(imp), UseCard(horn, 0))
    assert sc.unit(imp).pos == sc.unit(ogre).pos == (0, 0)
    combats = [d for d in sc.st.pending if isinstance(d, combat.Combat)]
    assert [(c.disaster, c.cell, c.queue) for c in combats] == [(imp, (0, 0), [ogre])]
    assert sc.st.combat.target == b
    landing = of(ev, CombatBegan)[-1]
    assert landing["cell"] == (0, 0) and landing["context"] == "move"


def test_flee_it_lands_once_every_combat_queued_at_the_location_is_over_R69():
    """R69: where a fleeing Disaster arrives "it stops, once the Combat it fled is over";
    Combat with Multiple Disasters: the Disasters there attack one after another. Two Imps,
    not allied, attack the Hero at (1, 0) in the Maintenance phase; the first flees the
    Horn to (0, 0). The second Imp's Combat comes first; only when it is over (the Hero
    Defeats it) does the first Imp land: it picks up the Gem and attacks Belle (failed
    before: it landed at once, and its Combat at (0, 0) was fought before the second
    Imp's at (1, 0))."""
    sc, h, horn, b = horn_scene(MAINTENANCE)
    first = sc.disaster("imp", (1, 0))
    second = sc.disaster("imp", (1, 0))
    ev: list = []
    combat.start(sc.st, 0, (1, 0), [first, second], "maintenance", ev)
    sc.do(UseCard(horn, 0))
    assert sc.unit(first).pos == (0, 0) and sc.st.places[(0, 0)].under != ()
    combats = [d for d in sc.st.pending if isinstance(d, combat.Combat)]
    assert [(c.disaster, c.cell) for c in combats] == [(second, (1, 0))]
    ev = sc.do(Declare(h, "attack"))
    assert second not in sc.st.units
    assert sc.st.combat is not None and sc.st.combat.disaster == first
    assert sc.st.combat.cell == (0, 0) and sc.st.combat.target == b
    assert len(sc.unit(first).items) == 1 and sc.st.places[(0, 0)].under == ()


def test_rules_for_disasters_two_disasters_that_fled_one_location_each_pick_up_an_item():
    """Rules for Disasters: "If a Combat Disaster does not already have an Item, it will
    pick up an Item from the first Location it stops on that has an Item" (each one);
    Ally Disasters: the one Item of an alliance goes to its primary first; two Disasters
    not allied are two. Two Imps, not allied, attack the Hero at (1, 0); the Horn makes
    the first flee, then the second: both land at (0, 0), over two Gems, and
    each picks one up before they attack Belle in the order they arrived (failed before:
    they landed as one band, and the second, empty-handed, took nothing)."""
    sc, h, horn, b = horn_scene(MAINTENANCE)
    sc.location((0, 0), under=["gem", "gem"])
    first = sc.disaster("imp", (1, 0))
    second = sc.disaster("imp", (1, 0))
    ev: list = []
    combat.start(sc.st, 0, (1, 0), [first, second], "maintenance", ev)
    sc.do(UseCard(horn, 0))
    assert sc.st.combat.disaster == second
    sc.do(UseCard(horn, 0))
    assert sc.unit(first).pos == sc.unit(second).pos == (0, 0)
    assert [len(sc.unit(d).items) for d in (first, second)] == [1, 1]
    assert sc.st.places[(0, 0)].under == ()
    assert (sc.st.combat.disaster, sc.st.combat.queue) == (first, [second])
