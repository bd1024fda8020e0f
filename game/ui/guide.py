"""The guided first game: a quick demo with a fixed seed, in which a newcomer does,
one by one, the six things the game is made of (STEPS), each explained, then plays
on freely.

It is the real engine all the way. The opening is found by playing: from the fixed
seed, the guided seat takes the first legal action that does a step not yet done,
and otherwise decides as the easy AI would (from its own view, with a fixed
generator); the other seat is the easy AI with fixed keys. That opening (every
action of both seats, until the sixth step is done) is the script. In the game,
the guided seat is offered only its next scripted action (so that one target
glows, and the text says what to do and why), and the AI seat plays its scripted
actions; once the script is played out, everything is legal again and the AI
decides for itself. A script the rules no longer allow stops the guide, never the
game: the guided seat is then offered every legal action. The person may leave the
lesson at any time (`leave`): the same game, played freely from there.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai import make_agent
from game.engine import Action, Game, GameState, legal_actions, view
from game.engine import actions as A
from game.engine import abilities
from game.engine.decisions import Combat, Dealing, Scavenging
from game.engine.state import SETUP
from game.match import Agent, Match, derived_keys

SEED = 38  # a quick demo in which all six steps come within about 70 actions
KEYS = ("guide", SEED)  # the AI seat's generator keys: derived_keys(2, *KEYS)
MAX_ACTIONS = 400  # the search for the opening gives up here (it takes ~85)
STEPS = ("place", "move", "scavenge", "fight", "store", "charm")
# The way off the rails (app.py: on the guide's panel, its key, the pause menu), what
# it does, and where the lesson is found again: never rejoined, begun again.
LEAVE = "Leave the lesson"
LEAVE_WHAT = ("The guide stops; the computer plays Player 2 for itself from here. To start "
              "the lesson again: Guided first game on the title.")
AGAIN = "You left the lesson. To start it again: Guided first game on the title."
TITLES = {
    "place": "Place a Location",
    "move": "Move a group",
    "scavenge": "Scavenge",
    "fight": "Fight a Disaster",
    "store": "Store an Item in your Haven",
    "charm": "Charm Combat",
}
WHY = {
    "place": "The Field is built from everyone's Locations, and Items and Disasters lie "
             "hidden under them. Drag your Location onto the glowing cell.",
    "move": "Characters standing together move as a group, and in a Combat their "
            "Abilities add up. Click each glowing Character, then the glowing cell.",
    "scavenge": "Your group stands on a Location: Scavenging turns over what lies under "
                "it, Items to take or Disasters to beat. Click the glowing Location.",
    "fight": "A Disaster stands with your group. Fight it: beat its Defense with your "
             "group's Attack to defeat it. Click the gold-outlined Disaster.",
    # The Item is on no tile: its carrier shows it at the right once clicked (s72: "Drag
    # the Item" alone sent a newcomer looking over the Field for it).
    "store": "Stored in your Haven, an Item is safe from Disasters and counts for you. "
             "Click your {carrier} in the Haven, then drag the Item shown at the right "
             "onto the glowing Haven.",
    "charm": "Before the blows comes Charm against Charm. Out-charmed by all of you, a "
             "Minor Disaster takes one order; a Charmed friend can be broken free. Click "
             "the glowing choice.",
}


def step_of(st: GameState, a: Action) -> str | None:
    """Which of the six steps `a` does, if any."""
    game = st.game
    if isinstance(a, A.PlaceCard) and game.card(a.card).type == "location":
        return "place"
    if isinstance(a, A.Move) and len(a.chars) >= 2:
        return "move"
    if isinstance(a, A.Scavenge):
        return "scavenge"
    if isinstance(a, A.Fight):
        return "fight"
    if isinstance(a, A.Drop) and game.card(a.card).type == "item":
        place = st.places[st.units[a.char].pos]
        if place.kind == "haven" and place.owner == st.current_seat():
            return "store"
    if isinstance(a, (A.Command, A.BreakCharm)):
        return "charm"
    return None


@dataclass
class Script:
    """The guided opening: every action of both seats, and which step each one does."""

    actions: list[Action] = field(default_factory=list)
    steps: dict[int, str] = field(default_factory=dict)  # action index -> step

    @property
    def order(self) -> list[str]:
        return [self.steps[i] for i in sorted(self.steps)]


def find_script(game: Game, seed: int = SEED, seat: int = 0) -> Script:
    """Play the opening from `seed` (see the module's docstring)."""
    easy = make_agent("easy")
    agents: list[Agent | None] = [easy] * game.seats
    agents[seat] = None
    match = Match.new(game, seed, agents, derived_keys(game.seats, *KEYS))
    rng = random.Random(seed)
    script = Script()
    while not match.over and len(script.steps) < len(STEPS) \
            and match.state.actions < MAX_ACTIONS:
        st = match.state
        if match.to_act != seat:
            match.step()
            script.actions.append(match.record.actions[-1])
            continue
        legal = legal_actions(st)
        new = [a for a in legal if step_of(st, a) not in (None, *script.steps.values())]
        action = new[0] if new else easy.choose(view(st, seat), legal, rng)
        step = step_of(st, action)
        if step is not None and step not in script.steps.values():
            script.steps[len(script.actions)] = step
        match.play(action)
        script.actions.append(action)
    return script


class ScriptedAgent:
    """The AI seat of the guided game: its scripted actions, then its own decisions."""

    def __init__(self, script: Script, then: Agent):
        self.script, self.then = script, then
        self.name = then.name

    def choose(self, v, legal: Sequence[Action], rng: random.Random) -> Action:
        n = v.actions
        if n < len(self.script.actions) and self.script.actions[n] in legal:
            return self.script.actions[n]
        return self.then.choose(v, legal, rng)


class Guide:
    """What the guided seat is offered, and what it is told, at each decision."""

    def __init__(self, script: Script, seat: int = 0):
        self.script, self.seat = script, seat

    def scripted(self, st: GameState) -> Action | None:
        """The guided seat's next scripted action, if the script still runs."""
        n = st.actions
        if n < len(self.script.actions) and st.current_seat() == self.seat:
            return self.script.actions[n]
        return None

    def offer(self, st: GameState, legal: list[Action]) -> list[Action]:
        """The actions the table offers the guided seat: its scripted one only."""
        a = self.scripted(st)
        return [a] if a is not None and a in legal else legal

    @property
    def steps_total(self) -> int:
        return len(self.script.steps)

    def done(self, st: GameState) -> int:
        """Steps done so far."""
        return sum(i < st.actions for i in self.script.steps)

    def over(self, st: GameState) -> bool:
        return st.actions >= len(self.script.actions)

    def words(self, st: GameState) -> tuple[str, str]:
        """(heading, what to do and why) for the decision now."""
        total = self.steps_total
        if self.over(st):
            top = st.pending[-1] if st.pending else None
            last = self.script.actions[-1] if self.script.actions else None
            # (that Combat only: a later one of the person's is theirs to play, s73 review)
            if isinstance(top, Combat) and top.seat == self.seat and \
                    isinstance(last, A.Fight) and top.disaster == last.disaster:
                # The last step opens a Combat whose choices are all the person's: the
                # panel's buttons unexplained, "goes on freely" stood over them.
                return ("You have played every step: now fight", "Every choice is yours. "
                        "In the panel choose Attack for each Character (Protect shields the "
                        "one attacked), then press Fight! (Enter).")
            return ("You have played every step", "The guided part is over: the game goes "
                    "on freely against the easy AI. Hold more Items than the Disasters!")
        a = self.scripted(st)
        step = self.script.steps.get(st.actions)
        if a is not None and step is not None:
            k = self.script.order.index(step) + 1
            return f"Step {k} of {total}: {TITLES[step]}", _why(st, step, a)
        # Between two steps come many actions: the heading names the one asked now
        # ("next: Move a group" alone stood over "Play Training Montage", read as the
        # wrong instruction), then the step they lead to, so that a newcomer sees what
        # is counted. Setting up (some 30 actions: the Haven, more Locations, the deal)
        # leads to no step: it is named for itself.
        done = self.done(st)
        if a is None:
            return (f"{done} of {total} steps done, next: {TITLES[self.script.order[done]]}",
                    "The other player is deciding; watch the log on the right.")
        now, why = _between(st, a)
        if st.phase == SETUP and self.script.order[done] != "place":
            # "1 of 6 steps done" stood still through the Haven and two more Locations,
            # read as the count broken; "(no step)", said for it, was jargon (s33w).
            return f"Setting up the Field, now: {now} · then step {done + 1} of {total}", why
        return f"Now: {now} · {done}/{total} done, next: {TITLES[self.script.order[done]]}", why

    def on_step(self, st: GameState) -> bool:
        """Whether the action asked now is one of the six steps (the lesson's point: a
        key never does it for the person)."""
        return self.scripted(st) is not None and st.actions in self.script.steps

    def wanted(self, st: GameState) -> str | None:
        """A short line for a click that did nothing while the lesson waits for its
        scripted action (it was met with silence): where to click, in the words the
        guide's panel says it; None while the lesson asks nothing of the person."""
        if self.over(st) or self.scripted(st) is None:
            return None
        how = _how(self.words(st)[1])
        return f"The lesson waits: {how[:1].lower()}{how[1:]}"


# The words in which the guide's sentences say where to click (or press).
POINTS = ("glowing", "gold-outlined", "press Space")


def _how(words: str) -> str:
    """The sentence of the guide's `words` that says where to click, from its first
    clause that does to its last ("Nothing more to do in the Move phase: press Space,
    ..." is "press Space, ..."); the last sentence where none does."""
    sentences = [w.strip() for w in words.replace(". ", ".\n").splitlines() if w.strip()]
    said = next((w for w in reversed(sentences) if any(k in w for k in POINTS)), sentences[-1])
    clauses = said.split(": ")
    at = [k for k, c in enumerate(clauses) if any(w in c for w in POINTS)] or [0]
    return ": ".join(clauses[at[0]:at[-1] + 1]).rstrip(".") + "."


def _between(st: GameState, a: Action) -> tuple[str, str]:
    """What is asked by an action between two steps, in a few words for the heading,
    and what to do, and why."""
    game = st.game
    top = st.pending[-1] if st.pending else None
    match a:
        case A.PlaceCard(card=card) if game.card(card).type == "haven":
            return "Place your Haven", (
                "Place your Haven: your home on the Field, where Items are kept safe "
                "from Disasters. Drag your Haven onto the glowing cell.")
        case A.PlaceCard():
            return "Place a Location", ("Place your next Location on the glowing cell: "
                                        "the Field grows.")
        # The seat panels count the Disasters left to deal "about": say why.
        case A.Deal() if isinstance(top, Dealing):
            return "Deal", (
                "Deal face down: two Disasters, then one Item, under each Location. "
                "Click the glowing Location. A go deals 1 or 2 Disasters, so the "
                "panels' counts of them are about how many.")
        case A.Pass() if isinstance(top, Dealing):
            return "Pass", "Pass: this go deals one Disaster, not two. Click the glowing Pass."
        case A.EndPhase():
            return "End the phase", (
                f"Nothing more to do in the {st.phase} phase for now: press Space, or "
                "the End phase button, to go on.")
        # The card by name: a glow over one card of a fanned hand was missed, and a card
        # whose own art is green (Training Montage) was taken for it.
        case A.DiscardCard(card=card):
            return "Discard a card", (
                f"Discard {game.card(card).name}, the glowing card: a hand is kept "
                "small, and a new card is drawn.")
        case A.PlayCard(card=card):
            return "Play a card", (f"Play {game.card(card).name}, the glowing card: drag "
                                   "it onto its glowing target.")
        # A group is clicked whole: "the glowing Character" had one of two clicked (s72).
        case A.Move(chars=chars) if len(chars) > 1:
            names = " and ".join(game.card(c).name for c in chars)
            return "Move", f"Move: click each glowing Character ({names}), then the glowing cell."
        case A.Move():
            return "Move", "Move: click the glowing Character, then the glowing cell."
        case A.Retrieve():
            return "Take an Item", "The way is clear: take the Item with the glowing Character."
        # The script's own moves between its steps, each said (a bare "Do as the glowing
        # choice shows" stood over Running Away from the Cat, s36b).
        case A.Scavenge():
            return "Scavenge", ("Your group stands on a Location with cards under it: "
                                "Scavenge it. Click the glowing Location.")
        case A.Fight():
            return "Fight", ("A Disaster stands with your group: fight it. Click the "
                             "gold-outlined Disaster.")
        case A.RunAway():
            return "Run Away", (
                _outmatched(st, top) + "It gets one last attack; then your Characters "
                "move 1 Location and your Turn ends. Click the glowing Run Away.")
        case A.RunTo():
            return "Run to", ("Running Away, your Characters move 1 Location: click the "
                              "glowing cell.")
        case A.UseEquipment(card=card, char=char):
            # Whose and where: both players may show an Akiko (the demo deals one deck).
            how = "the glowing Ready button" if isinstance(top, Combat) else \
                f"your {game.card(char).name} ({_standing(st, char)}), then the glowing " \
                f"{game.card(card).name} at the right"
            return "Ready Equipment", ("Equipment helps only in a Turn it is put to use, "
                                       f"for its cost. Click {how}.")
        case A.Command() | A.BreakCharm():
            return "Charm Combat", WHY["charm"]
        case A.ContinueScavenging() | A.StopScavenging():
            return "Scavenge", "Scavenging goes on card by card: click the glowing choice."
        # Which role and why: "attacks, protects a friend, or stays out" over a Hold back
        # three rounds running, beside the panel's "choose Attack to hurt it", read as a
        # lesson against the game's own advice (a playtest).
        case A.Declare(char=char, role="attack") if isinstance(top, Combat):
            return "Combat", (f"{game.card(char).name} attacks: the Attack of all who "
                              "attack adds up against the Disaster's Defense. Click the "
                              "glowing Attack.")
        case A.Declare(char=char, role="protect") if isinstance(top, Combat):
            return "Combat", (f"{game.card(char).name} protects the one the Disaster "
                              "attacks, taking part of its Damage. Click the glowing "
                              "Protect.")
        case A.Declare(char=char) if isinstance(top, Combat):
            return "Combat", (f"This round the lesson keeps {game.card(char).name} back, "
                              "neither attacking nor protecting: once it ends, every "
                              "choice is yours. Click the glowing Hold back.")
        case A.Proceed():
            return "Go on", "Go on: click the glowing button."
        case A.PickUp() | A.Drop() | A.Transfer():
            return "Pass an Item", ("Items change hands between your Characters: drag the "
                                    "glowing card.")
    if isinstance(top, Scavenging):
        return "Scavenge", "Scavenging: click the glowing choice."
    return "Choose", "Do as the glowing choice shows."


def _outmatched(st: GameState, top) -> str:
    """Why the lesson Runs Away (a stranger was made to Run Away from the first fight
    unexplained, s73): the group's Attack together against the Disaster's Defense, in the
    totals the Combat panel shows, where they say it; else that the lesson shows how.
    Short: with what Running Away does, two rows above Leave the lesson at 960x540."""
    if not isinstance(top, Combat) or top.disaster not in st.units:
        return ""
    group = st.chars_at(top.seat, top.cell)
    attack = sum(abilities.total(st, u, "attack") for u in group)
    defense = abilities.total(st, st.units[top.disaster], "defense")
    if not group or attack >= defense:  # the script's choice, said as one
        return "This time the lesson Runs Away, to show how. "
    return f"Your Attack ({attack}) cannot beat its Defense ({defense}): Run Away. "


def _why(st: GameState, step: str, a: Action) -> str:
    """A step's words, naming the Character who carries the Item to store."""
    carrier = st.game.card(a.char).name if isinstance(a, A.Drop) else ""
    return WHY[step].format(carrier=carrier)


def _standing(st: GameState, char: int) -> str:
    """Where the guided seat's Character stands, in its words: "in your Haven"."""
    place = st.places[st.units[char].pos]
    mine = place.kind == "haven" and place.owner == st.current_seat()
    return "in your Haven" if mine else f"at {st.game.card(place.card).name}"


def attach(session) -> None:
    """Make `session` (a quick demo of SEED, the guided seat 0 a human) the guided game:
    the guided seat is offered its script, the AI seat plays its part of it."""
    script = find_script(session.game, session.record.seed)
    session.guide = Guide(script)
    ai = session.match.agents[1]
    if ai is not None:
        session.match.agents[1] = ScriptedAgent(script, ai)


def leave(session) -> None:
    """The person leaves the lesson and plays this game on freely: the guided seat is
    offered every legal action, the AI seat decides for itself (as the AI level it was
    given, which the script wrapped), and the save is no longer a guided one, so that
    Continue does not bring back a guide whose script the game has left. There is no
    way back onto it: the lesson starts over from the title."""
    ai = session.match.agents[1]
    if isinstance(ai, ScriptedAgent):
        session.match.agents[1] = ai.then
    session.guide = None
    session.left_lesson = True
