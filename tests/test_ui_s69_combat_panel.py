"""s69: the Combat panel's card rows. Each side a Combat card's half changes is said by
its name ("You" only to the person whose group fights: the card's "You" and "Foe" read
as the viewer's when another seat fought), and whom a card was for and whose pile it
came from reads whole at standard and four-player size."""
from __future__ import annotations

import pytest

from game.engine import actions as A
from game.engine import events as E
from game.engine.state import MOVE

import test_ui_table
from scene import Scene
from test_ui_s68_combat import combat_words, replayed_table

make_app = test_ui_table.make_app  # the fixture

# A card whose both halves change a side: its drawer's Defense, the other's Attack.
GUARD = """\
- {id: guard, name: Guard Stance, type: combat,
   physical: {own: {defense: "+1"}, opponent: {attack: "-1"}}, charm: {}}
"""


def guarded_fight(seats: int, second: str = "guard"):
    """Player 1's three fight Player 2's Wall; its card (Assault: Attack +2 to the one
    it is drawn for) and its target's (`second`, Guard Stance: Defense +1, the other
    side's Attack -1), both from Player 1's pile (R22)."""
    from test_rules_combat import CARDS
    sc = Scene(CARDS + GUARD, seats=seats)
    sc.location((0, 0))
    sc.location((1, 0))
    heroes = [sc.char(c, (0, 0)) for c in ("hero", "akane", "ryoko")]
    wall = sc.disaster("wall", (0, 0), seat=1, brought_by=1)
    pile = sc.combat_pile(0, "assault", second, "k1", "k2")
    sc.turn(MOVE)
    log = sc.do(A.Fight(wall), *[A.Declare(h, "attack") for h in heroes])
    drawn = [e for e in log if isinstance(e, E.CombatCard)]
    assert [(e.card, e.fighter == wall) for e in drawn] == [(pile[0], True), (pile[1], False)]
    return sc, wall, log


def sides_said(said: list[str]) -> list[str]:
    """The words said beside the effects' chips: every side's name, in drawing order."""
    return [w for w in said if w in ("You", "Foe", "Wall", "Player 1")]


@pytest.mark.parametrize("seats, viewer, sides", [
    (2, 0, ["Wall", "You", "Wall"]),  # the fighter: its Wall's +2, its own +1, the Wall's -1
    (2, 1, ["Wall", "Player 1", "Wall"]),  # the Wall's owner
    (4, 2, ["Wall", "Player 1", "Wall"]),  # Player 3 watches Player 1 fight
])
def test_a_combat_card_s_effects_name_each_side_you_only_to_the_fighting_person(
        make_app, monkeypatch, seats, viewer, sides):
    """A Combat card's half is "You" (its drawer) and "Foe" (the other side) on its face.
    The panel said so: Assault, drawn for the Wall, read "You +2" to everyone, and to
    Player 3 watching Player 1 fight, Guard Stance's "You +1" read as Player 3's. Each
    side is named now: the Wall by its token's word, the group "You" to its person and
    "Player 1" to anyone else, as the panel's title says."""
    sc, wall, log = guarded_fight(seats)
    t = replayed_table(make_app, sc, log)
    said = combat_words(monkeypatch, t, viewer, fought=True)
    assert sides_said(said) == sides, said
    t.app.quit()


@pytest.mark.parametrize("second", ["sand", "guard"])
@pytest.mark.parametrize("seats, size", [(2, (1280, 720)), (4, (1280, 720)),
                                         (4, (1024, 600))])
def test_whom_a_combat_card_was_for_and_whose_pile_read_whole(make_app, monkeypatch,
                                                              seats, size, second):
    """Beside a card's effects, "for Akane · from Player 1's pile" was said "P1's pile"
    at standard size, where the name and one effect leave the line room (Sand in the
    Eyes: the Wall's Attack -2). The row lays the name and its effects over whom now
    where they are wide, and that line shrinks a size before it is said in short: in
    words where the effects are one, whole at every size."""
    sc, wall, log = guarded_fight(seats, second)
    t = replayed_table(make_app, sc, log, size)
    said = combat_words(monkeypatch, t, 1, fought=True)
    whom = [w for w in said if w.startswith("for ")]
    assert len(whom) == 2 and not [w for w in whom if w.endswith("…")], said
    if size == (1280, 720) and second == "sand":
        assert all(w.endswith(" · from Player 1's pile") for w in whom), whom
    t.app.quit()
