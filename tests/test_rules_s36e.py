"""s36e: what the events say of an endured Disaster whose Duration is over.

Basic Terms, Duration: "The card is Discarded at the end of its last Turn"; Basic Terms,
Defeat: "When a non-Combat Disaster completes the actions described in its instructions,
it is Defeated" (guideline 2.2: "including Turn counters"; 2.3: "A Disaster that has been
Discarded is considered Defeated"). An endured Disaster (R29) whose Turns ran out was
told "Hungry Ghost Curse is Defeated!", and a newcomer read it as beaten; s36e made it a
discard, no Defeat, against the rulebook (s37). It is a Defeat that says why."""
from __future__ import annotations

from scene import Scene, of

from game.engine.actions import Scavenge, StopScavenging
from game.engine.events import ALL_SEE, CardDiscarded, DisasterDefeated, DisasterEndured
from game.engine.state import DISCARD, SCAVENGE
from game.ui.scenes.account import tell
from game.ui.table.curtain import news_for
from game.ui.table.words import event_text

CARDS = """\
- {id: man, name: Man, type: character, gender: male,
   abilities: {attack: 2, defense: 3, movement: 2, charm: 1, energy: 2}}
- {id: idol, name: Idol, type: item}
- id: curse
  name: Hungry Ghost Curse
  type: disaster
  class: minor
  defeat: {skills: {Cooking: 1}}
  endure: {modifiers: {energy: "-1"}, turns: 1}
  effects: [{"on": defeated, do: [{draw: 1, to: player}]}]
"""


def endured(seats: int):
    """Seat 0's Man Scavenges a Location of seat 1's deck and endures its Curse."""
    sc = Scene(CARDS, seats=seats)
    sc.location((0, 0), under=["curse", "idol"], seat=1)
    sc.location((1, 0), under=["idol"])
    man = sc.char("man", (0, 0))
    curse = sc.st.places[(0, 0)].under[0]
    sc.turn(SCAVENGE)
    ev = sc.do(Scavenge((0, 0)))
    assert of(ev, DisasterEndured) and [o.card for o in sc.st.off_field] == [curse]
    sc.do(StopScavenging())
    return sc, man, curse


def test_basic_terms_duration_an_endured_disaster_is_discarded_when_its_turns_run_out():
    """Basic Terms, Duration, with R29: at the end of seat 0's Turn the Curse is
    Discarded to its dealer's pile, Defeated (Basic Terms, Defeat) with its reason, its
    Duration over, in every seat's log line and the curtain's news; its "when Defeated"
    draw runs (guideline 2.3)."""
    sc, man, curse = endured(2)
    top, = sc.draw_pile(1, "idol")
    ev = sc.until(DISCARD, seat=1)
    assert sc.st.off_field == [] and curse in sc.st.seats[1].discard
    assert not [e for e in ev if isinstance(e, CardDiscarded) and e.card == curse]
    done, = [e for e in ev if isinstance(e, DisasterDefeated) and e.card == curse]
    assert done.why == "its Duration is over"
    assert top in sc.st.seats[1].hand  # guideline 2.3: "considered Defeated"
    names = {curse: "Hungry Ghost Curse"}.get
    for seat in (0, 1, ALL_SEE):
        line, _ = event_text(done.for_seat(seat), names, lambda s: f"Player {s + 1}",
                             owner=sc.game.owner)
        assert line == ("Hungry Ghost Curse is Defeated: its Duration is over "
                        "(to Player 2's discard pile)")
        assert news_for(done, seat, sc.game.owner)


def test_basic_terms_defeat_the_account_counts_an_endured_disaster_whose_turns_ran_out():
    """The game-over account's moments list Defeats, and the rulebook counts this one
    ("When a non-Combat Disaster completes the actions described in its instructions, it
    is Defeated"): the Curse is told Defeated once."""
    sc, man, curse = endured(2)
    log = sc.until(DISCARD, seat=1)
    moments = tell(sc.game, log, sc.st).moments
    assert len([m for m in moments if "Defeated" in m and "Curse" in m]) == 1, moments
