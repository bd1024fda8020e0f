"""The bar's words and buttons: what the table shows, what the pointer or a drag is
over, the decision and the phase, in that order; its tooltip; the bar's buttons for
the choice at hand. Mixed into TableScene (reads what TableFrame and TableInput keep)."""
from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine.decisions import (Combat, Dealing, Duel, FlashWindow, GuestTake, HavenQuestion,
                                   Scavenging)
from game.engine import events as E
from game.engine.field import distance

from ..fonts import wrap
from ..widgets import TOOLTIP_DELAY
from . import ink, panels, verdict
from .paint import item_counts
from .words import (CLEAR, KIND_NAMES, PATH_WORDS, PERMITTED, PHASE_NAMES, action_text,
                    attacked_in, carry_hint, count, drop_hint, effect_words, every, held_next,
                    hold_back_words, phase_hint, recruit, run_hint, set_up_help, turn_hint,
                    waiting_under)

# Shorter ways to say a bar button, longest first, for where the hint leaves less room:
# beside the Charm stage's long hint "Go on to physical Combat", its way on, found none
# at 960x540 (nor at 1280x720 in another seat's phase), and was in the list alone (s52).
BAR_WAYS = {"Go on to physical Combat": ("Go on to physical Combat", "Go on to Combat",
                                         "Go on"),
            "Turn over the next Disaster": ("Turn over the next Disaster", "Next Disaster")}


class TableBar:
    """Mixed into TableScene."""

    _run_memo: tuple = (None, "")  # (view stamp, seat, cell): the Run Away line

    def hint(self) -> str:
        """The bar's line. On a screen people share it begins with the seat deciding:
        a seat passed with nothing to hide (no curtain between) says whose it is now."""
        words = self._hint()
        if len(self.session.humans) >= 2 and self.board.legal:
            return f"{self.seat_name(self.board.view.seat)}: {words}"
        return words

    @staticmethod
    def _stack(place) -> tuple[int, tuple[int, ...]]:
        """The Items (a count) and Equipment Scavenging takes at a place: under a
        Location, or still under a Location turned Haven (not the Haven's store)."""
        return (place.buried_items, place.buried_equipment) if place.kind == "haven" \
            else (place.under_items, place.under_equipment)

    def _under(self, place, below_top: bool = False) -> str | None:
        """The cards under a Location below its Disasters, as the seat may know them:
        the Items face down by count, the Equipment (face up) by name; None if none.
        `below_top`: those under the top card (PlaceView.top; None: a face-down Item)."""
        items, equipment = self._stack(place)
        if below_top and place.top is None:
            items -= 1
        parts = [f"{count(items, 'Item')} face down"] if items > 0 else []
        parts += [self.name(e) for e in equipment if not (below_top and e == place.top)]
        return every(parts) if parts else None

    def resting_hint(self) -> str:
        """The hint with the pointer on nothing: the bar's buttons are laid out in the
        room it leaves. Laid out for the hint of the moment, a button went as the pointer
        reached it (a Location's short reason gave way to the phase's long words, which
        took its room), and the click there did nothing."""
        pointer, self.pointer = self.pointer, (-1, -1)
        try:
            return self.hint()
        finally:
            self.pointer = pointer

    def _hint(self) -> str:
        """The bar's words: the first part below with something to say, in this order
        (what the table shows before what is decided; what the pointer or a drag is
        over before the decision; the phase's words last)."""
        for part in (self._shown_hint, self._drag_hint, self._waiting_hint,
                     self._pointed_hint, self._decision_hint, self._selection_hint):
            if (words := part()) is not None:
                return words
        return self._phase_words()

    def _shown_hint(self) -> str | None:
        """The game's end, or the moves the table is still playing out."""
        v, s = self.board.view, self.session
        if v.result is not None:  # who won and how, as the game-over screen heads it
            said = verdict.headline(v.result, self.seat_name, verdict.only_human(s.seats))
            return f"{said}{'' if said.endswith('!') else '.'} " + verdict.why(
                v.result, item_counts(v), len(v.seats),
                verdict.last_round(v.rounds, v.round_limit), v.round_limit)
        if self.fight_behind() or self.skippable():
            return self._playing_hint()
        if s.watch is not None:  # the moment shown, not the next (moment)
            return self.playing_out()
        return None

    def _drag_hint(self) -> str | None:
        """What letting go of a dragged card does, or why it cannot go."""
        b, s = self.board, self.session
        if self.drag is not None and (over := self.drop_target(
                self.pointer, self.drag[3])) in self.drag[3]:  # what letting go does
            a = self.drag[3][over]
            taker = self.taker(over, a)
            words = drop_hint(a, self.name, b.card, self._where, taker, b.view.decision)
            # Said before the drop, not only after: a newcomer gave the Heavy Ion Cannon
            # to one without Weapons and learnt it in red once it was done (s32v).
            lacks = self.unusable(a, taker)
            return words if lacks is None else \
                f"{words} {self.name(lacks[0])} cannot use it: needs {lacks[2]}."
        if self.drag is not None and self.drag[3] and (words := self.held_over()):
            # A piece's refusal is said in red under it (draw_overlays): the bar, what to
            # do instead (it said the same reason again, in its gold).
            return held_next(self._tags(self.drag[3])) if self._held_piece() else words
        if self.drag is not None and not self.drag[3]:
            # Dragged with nowhere to go: why, while it is held (the bar said "Drag a
            # card ... onto a glowing target" over a second Equipment of the phase, and
            # the rules' reason came only at the drop, s32v).
            key = self.drag[0]
            if (waits := self.waits()) is not None:  # not the rules' reason: another's
                return waits
            guess = b.guess(key, self.drop_target(self.pointer, {}) or ("field",),
                            self.selection)
            why = guess is not None and s.why_not(guess)
            if why:
                return self.plain(f"Nowhere to let go of {self.name(key[1])}: {why}.")
        if self.drag is not None and len(self.drag[3]) == 1 and \
                recruit(a := next(iter(self.drag[3].values())), b.card):
            # Held off the Haven, where she would go: the bar said only "Drag a card
            # from your hand onto a glowing target".
            return (f"{self.name(a.card)} enters play in your Haven, as every Character "
                    "from the hand does: let go over the glowing Haven.")
        return None

    def _waiting_hint(self) -> str | None:
        """Set up for the person, or another seat to decide."""
        b, v, s = self.board, self.board.view, self.session
        if s.helping():
            mine = v.to_act == v.seat
            return set_up_help("your" if mine else f"{self.seat_name(v.to_act)}'s", mine) + (
                " · hurrying" if self.hurry else " · hold Space to hurry")
        if not b.legal:
            who = v.to_act
            kind = s.seats[who]
            if kind == "human":
                return f"Waiting for {self.seat_name(who)}"
            # Space hurries what is shown, not the thinking: offered only while it plays.
            level = KIND_NAMES.get(kind, kind)
            if not s.humans:  # the booth's show: a passer-by read "Waiting for" as jargon
                return f"The computer is playing: {self.seat_name(who)} ({level}) decides…"
            return f"Waiting for {self.seat_name(who)} ({level}) to decide…" + (
                " hurrying" if self.hurry else " (hold Space to hurry)"
                if s.humans and self.animator.busy else "")
        return None

    def _pointed_hint(self) -> str | None:
        """What the pointer is over in a Combat panel, a path or a seat panel."""
        b, v = self.board, self.board.view
        over = self.hit(self.pointer)
        if over is not None and over[0] == "why":  # a dim choice in a Combat panel
            return panels.why_dim(self.painter([]), over, self.plan, self.name)
        if over is not None and over[0] == "plan" and over[2] in ("none", ("none", -1)):
            card = b.card(over[1])
            return hold_back_words(self.name(over[1]), card is not None and card.type == "haven")
        if over == ("path",):
            return PATH_WORDS
        if over is not None and over[0] == "seat":  # it said nothing, nor did a click
            if over[1] == v.seat and self.whose() == "Your":
                return "Your panel: a click shows what you have in play, at the right."
            return (f"{self.seat_name(over[1])}'s panel: a click shows what they have in "
                    "play, at the right.")
        if over is not None and over[0] == "cell" and over != ("cell", self.inspect) and any(
                isinstance(a, A.UseCard) and b.haven_of(a.card) == over[1] for a in b.legal):
            return f"{self.name(over[1])}: click it, then its Use button at the right."
        if over is not None and over[0] == "act" and not self.lay.bar.collidepoint(self.pointer):
            # A panel's button, whole: "Ability on Daigo" said not which, nor what it
            # does. Not the bar's own: its label is that already, and its words took the
            # bar's instruction away (bar_tip). Said as what a click does: "Mio tries to
            # free Reiji" alone in the bar read as done already (s71's playtest).
            return f"A click here: {self.act_words(over[1])}."
        return None

    def _decision_hint(self) -> str | None:
        """The decision pending, in words: dealing, a Flash Effect to answer, a
        Haven's question, a Combat, a Duel, Scavenging."""
        b, v = self.board, self.board.view
        # Basic Terms, Run Away: offered only at a round's beginning, and never after a
        # Transform this Turn; the bar named it regardless (a review).
        run = ", or Run Away" if A.RunAway() in b.legal else ""
        # A Combat in another's turn says how it came: a Disaster walked onto the group in
        # their Maintenance phase, and the bar said only "Combat: choose..." (s49).
        c = v.combat
        lead = attacked_in(self.name(c.disaster), self.seat_name(v.turn_seat),
                           PHASE_NAMES.get(v.phase, v.phase)) \
            if c is not None and c.seat == v.seat != v.turn_seat else ""
        match v.decision:
            case Dealing(pile="disasters", dealt=0):
                return "Deal a Disaster face down: click a glowing Location."
            case Dealing(pile="disasters") if any(isinstance(a, A.Pass) for a in b.legal):
                return "Deal a second Disaster (click a glowing Location), or Pass."
            case Dealing(pile="disasters"):  # the guide offers no Pass
                return "Deal a second Disaster: click a glowing Location."
            case Dealing():
                return "Deal an Item face down under the Disasters: click a glowing Location."
            case FlashWindow(entries=[*_, top] as entries):  # what is answered, what it does
                on = f" on {self.name(top.target)}" if top.target is not None else ""
                play = self.session.game.card(top.card).effects_on("play")
                does = effect_words(play[0]) if play else ""
                played = (f"{self.seat_name(top.seat)} played the Flash Effect "
                          f"{self.name(top.card)}{on}" + (f", {does}" if does else ""))
                then = waiting_under(entries, self.name, self.seat_name, most=1)  # one bar
                # "respond with one of yours" was said to a hand with nothing to answer
                # with, and did not say which cards answer (Rules for Flash Effects).
                if all(isinstance(a, A.Pass) for a in b.legal):
                    return f"{played}: nothing of yours answers it, Pass to let it resolve.{then}"
                return f"{played}: answer with a glowing card of yours, or Pass.{then}"
            case HavenQuestion(cell=cell):
                # Who would come, as the asker chose them (R36: "asking your
                # permission"): the owner read only that someone asked (s35w). An AI
                # seat asks for no group: its Characters go unnamed.
                chars, at = self.stop_asked.get(v.turn_seat, ((), None))
                who = f"let {every([self.name(c) for c in chars])} stop" \
                    if at == cell and chars else "stop"
                # What a yes lets them do, in the rulebook's words (Rules for Havens): a
                # playtester's guest took a stored card with no word of it (s56).
                return (f"{self.seat_name(v.turn_seat)} asks to {who} at your Haven "
                        f"{self.name(cell)}: permit or refuse.{PERMITTED}")
            case GuestTake(char=char, card=card):  # the owner's view names the card
                return (f"{self.name(char)} is taking {self.name(card)} out of your Haven: "
                        "let them take it, or fight them for it.")
            case Combat(stage="run", cell=here) | Duel(stage="run", cell=here):  # cells glow
                return self._run_words(here)
            case Combat(stage="break"):
                # Combat: "Any Character not Charmed by the Disaster can attempt a Charm
                # break of another": the Free buttons are on those not Charmed, and "their
                # Free buttons" sent a playtester to the Charmed ones (s57).
                return (f"{lead}Charm Combat: a Character not Charmed may try to free a "
                        "Charmed one (its Free buttons), or go on to physical Combat.")
            case Combat(stage="command"):
                return f"{lead}Charm Combat won: command the Disaster with a button in the panel."
            case Combat() if self.plan and not self.unchosen():
                # Every choice made, the bar still asked for them (s32v at the live window).
                return (f"{lead}Combat: each of your Characters has its choice: Fight! "
                        f"(Enter){run}.")
            case Combat():
                return f"{lead}Combat: choose for each Character{run}."
            case Duel(stage="declare" | "final") as d if not b.haven_acts or any(
                    isinstance(a, (A.Engage, A.CharmAttack)) and a.char in b.units
                    for a in b.legal) or panels.duel_planned(b, d, v.seat):
                # A Haven beside its Characters is planned as they are (R35).
                haven = " and your Haven" if panels.duel_havens(b, d, v.seat) and \
                    panels.duel_planned(b, d, v.seat) else ""
                # Basic Terms, Run Away: "This will end your Turn", the runner's alone (R33f).
                ends = " Running Away ends your Turn." if A.RunAway() in b.legal and \
                    v.seat == v.turn_seat else ""
                return (f"Combat between players: choose for each of your Characters{haven} "
                        f"in the panel, then Fight! (or drag one onto its target).{ends}")
            case Duel(stage="declare" | "final"):  # no Character of the seat's is there
                return ("Combat between players: your Haven fights from next door; choose "
                        "its target with a button in the panel.")
            case Duel():
                return "Combat between players: choose with a button in the panel."
            # What lies under it, and what stopping leaves (Scavenge Phase: "If you stop,
            # you must 'leave' the Location"; "only initiate Scavenging once per Turn"):
            # "Turn over the next, or stop" said neither (a playtest).
            case Scavenging(cell=cell, stage="continue"):
                under = self._under(b.places[cell])
                return (f"Scavenging: {count(b.places[cell].under_disasters, 'Disaster')} "
                        f"still face down here{f', over {under}' if under else ''}. Turn over "
                        "the next, or stop and leave it all here till a later Turn.")
            case Scavenging(cell=cell):
                place = b.places[cell]
                items, equipment = self._stack(place)
                if items + len(equipment) <= 1:
                    return f"{CLEAR}Retrieve {self._under(place) or 'it'} with a Character here."
                # Which comes first, as the stack shows it: the Retrieve button took "the
                # card on top" unnamed (s59).
                top = self.name(place.top) if place.top is not None else "an Item face down"
                return (f"{CLEAR}Retrieve from the top: {top} first, "
                        f"then {self._under(place, below_top=True)}.")
        return None

    def _selection_hint(self) -> str | None:
        """With Characters chosen: where they may go and how to gather a group."""
        b = self.board
        if not self.selection:
            return None
        over = self.hit(self.pointer)  # a cell out of reach: why, before a click
        if over is not None and over[0] == "cell" and self.may_ask(over[1]):
            return (f"Click to move there: {self.seat_name(b.places[over[1]].owner)} is "
                    "asked first, as it is their Haven (right-click to cancel).")
        if over is not None and over[0] == "cell" and over[1] in b.places and \
                over[1] not in b.reachable(self.selection) and \
                over[1] != b.units[next(iter(self.selection))].pos and \
                (why := self.why_out(over[1])):
            return why
        # A group moves together: say how to gather it, while one more may join; and
        # only that where the chosen go nowhere without (no cell glowed, s42n).
        if (more := b.fewest_more(self.selection)):
            if more == 1:
                return ("Click a glowing Character here to take along, then a glowing "
                        "cell (right-click to cancel).")
            # One taken along lights no cell yet: said, as the bar said "a glowing
            # cell" after the first (s43w).
            short = panels.short_names(self.painter([]), sorted(self.selection), self.name)
            return (f"{every([short[i] for i in sorted(self.selection)])} can move only "
                    f"with {more} more of yours here: click the glowing Characters to "
                    "take along, then a glowing cell (right-click to cancel).")
        if self.partners():
            return ("Click a glowing cell to move there, or another Character here "
                    "to take it along (right-click to cancel).")
        return "Click a glowing cell to move there (right-click to cancel)."

    def _phase_words(self) -> str:
        """The phase's words: set-up, a ready button, how to carry, why nothing
        may be Scavenged."""
        b, v = self.board, self.board.view
        if v.phase == "setup":
            # Four players' set-up is some thirty choices before a move: the hint said
            # nothing of the button that makes them (s60's booth playtest).
            s, seat = self.session, self.set_up_seat()
            return ("Place your card on a glowing cell: the brightest keep the Field compact"
                    + (", or S sets up the rest for you." if s.may_hand_set_up(seat)
                       and seat not in s.helped else "."))
        if (ready := self._ready_hint()) is not None:
            return ready
        carry = carry_hint(b.legal, self.name, b.card, self._where)
        mine = {u.pos for u in v.units if u.owner == v.seat and not u.disaster}
        by_haven = any(isinstance(a, A.Challenge) and a.cell not in mine for a in b.legal)
        scavenged = v.seats[v.turn_seat].scavenged
        told = (turn_hint(v.phase, b.legal, scavenged, carry, by_haven)
                or phase_hint(v.phase, b.legal, b.hand))
        # Once a Scavenge was made, "once a Turn" is why for every Location, and the bar
        # says it as done (the rules' "may be initiated only once per Turn", left there
        # after the Items were taken, read as a fault). Unasked, a reason is told only
        # where ending the phase is all that is left.
        over = self.hit(self.pointer)  # a Haven built, or access to one: a click's
        acts = b.click.get(over, []) if over is not None and over[0] == "cell" else []
        if acts and all(isinstance(a, (A.BuildHaven, A.BuildAccess)) for a in acts):
            # Words, not a reason it cannot be Scavenged; with a Scavenge there too, the
            # click opens a menu and the usual words stand (a review).
            ask = " (asked first)" if any(isinstance(a, A.BuildAccess) for a in acts) else ""
            does = "; or ".join(map(self.act_words, acts)) if len(acts) <= 2 else \
                f"a menu of the {len(acts)} ways to build here"
            return f"A click here{ask}: {does}."
        # Why nothing may be Scavenged comes before how to carry: "drag the Equipment
        # she carries" was all the bar said where the group lacked the card's skill.
        bare = turn_hint(v.phase, b.legal, scavenged, None, by_haven)
        if v.phase == "scavenge" and not scavenged and (why := self._why_not_scavenged(
                bare if bare == "End phase." else None)):
            # Where other cells glow for a Combat, what they offer follows the reason:
            # pointed at the Location, the reason alone left the glow unexplained (s65).
            glow = bare is not None and bare != "End phase." and not why.endswith(bare) \
                and any(isinstance(a, A.Challenge) for a in b.legal)
            return f"{why} {bare}" if glow else why
        return told

    def partners(self) -> set[int]:
        """The viewer's Characters standing with those selected who may join them in a
        move (as a click on one takes it along: input's _click_unit), or on the way to
        one where more must come (none glowed where two more were needed, s43w)."""
        b = self.board
        others = set(b.group_of(next(iter(self.selection)))) & b.movable - self.selection
        return {o for o in others if b.fewest_more(self.selection | {o}) is not None}

    def _list_words(self) -> str:
        """What the list of every action is for, and what makes it long: a row for each
        choice of the viewer's Characters moving together and each cell they reach ("each
        group" read as those standing together, a review)."""
        rows = self.board.legal
        n, moves = len(rows), sum(isinstance(a, A.Move) for a in rows)
        if n == 1:
            return ("The one thing you may do now, in a list: for when the table does not "
                    "show you where to click.")
        why = "" if not moves else f" All {n} rows are moves" if moves == n else \
            f" {moves} of the {n} rows {'is a move' if moves == 1 else 'are moves'}"
        return (f"A list of everything you may do now, {n} actions: for when the table "
                f"does not show you where to click.{why}" + (
                    ": a row for each choice of your Characters moving together and each "
                    "cell they reach." if moves else ""))

    def track_tip(self, dt: float) -> None:
        """How long the pointer has rested on the bar button under it, and whether it
        came there by a move of the person's: a button the bar slid under a resting
        pointer (End phase clicked, the list's button took its place) is not asked
        about (bar_tip)."""
        over = self.hit(self.pointer) if self.lay.bar.collidepoint(self.pointer) else None
        key, held, pointed, at = self.tip
        moved = self.pointer != at
        # Rested on since it was first pointed at: slid under, the rest counts from a move.
        self.tip = (over, held + dt, pointed, self.pointer) if over == key and (
            pointed or not moved) else (over, 0.0, moved, self.pointer)

    def bar_tip(self) -> str | None:
        """The words of the tooltip by the bar's button under the pointer (only the
        list's says more than its label): shown after a rest, as a menu's tooltips.
        The bar's instruction stays: it gave way to them, and read "Every action you
        may take now..." where the phase said what to do (s42n)."""
        key, held, pointed, _ = self.tip
        if key == ("all",) and pointed and held >= TOOLTIP_DELAY and self.board.legal:
            return self._list_words()
        return None

    def _draw_tip(self, surface) -> None:
        """bar_tip's words in a box under its button, right-aligned with it."""
        words = self.bar_tip()
        button = next((r for r, k in self.hits if k == self.tip[0]), None)
        if words is None or button is None:
            return
        f, pad = ink.font(self.px(14)), self.px(8)
        rows = wrap(words, f, self.px(340))
        box = pygame.Rect(0, 0, max(f.size(r)[0] for r in rows) + 2 * pad,
                          len(rows) * f.get_linesize() + 2 * pad)
        box.topright = (button.right, button.bottom + self.px(6))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, ink.PANEL, box, border_radius=pad)
        pygame.draw.rect(surface, ink.GOLD, box, 1, border_radius=pad)
        for j, row in enumerate(rows):
            surface.blit(ink.label(row, self.px(14), ink.TEXT),
                         (box.x + pad, box.y + pad + j * f.get_linesize()))

    def _playing_hint(self) -> str:
        """What the table plays now: of a Combat, its newest log line (the card turned
        over, the hit, then the Bonked, the end of the Combat: not "the hits play out"
        after them), not a later line of something else ("Combat: — Round 2: Player
        1's turn —" while the person leaving watched their round); else the log's
        newest line. A replay of what others did says whose and that a press skips it."""
        v, duel = self.board.view, self.duel_shown()
        if self.time < self.settled[0]:
            return self.settled[1]
        fight = self.fight is not None or duel is not None
        now = self.fight_line if fight else \
            self.log_lines[-1][0].strip("— ") if self.log_lines else ""
        if not self.replaying():
            if (foe := self._ran_from()) is not None:
                # The viewer's own Run Away: what plays is the final attack it brings
                # (Run Away: "one final, unanswered attack"), the other's kept plan.
                now = now.removeprefix("Final attack, unanswered: ")
                return f"You Run Away: {foe}'s final attack, unanswered: {now}"
            return now if now.startswith("Combat") else f"Combat: {now}" if now else \
                "Combat: the cards and hits play out…"
        what = (f"{self.seat_name(self.fight.seat)}'s Combat against "
                f"{self._log_name(self.fight.disaster)}" if self.fight is not None else
                f"the Combat between {self.seat_name(duel.attacker)} and "
                f"{self.seat_name(duel.defender)}" if duel is not None else
                "what came before your choice" if v.turn_seat == v.seat else
                f"{self.seat_name(v.turn_seat)}'s turn")
        return f"Replaying {what}: {now} ({self._replay_keys()})"

    def _replay_keys(self) -> str:
        """What a press does while a replay plays in the person's own phase: Space, the
        phase's key, ends the phase once it has played (input._keep), said here so that no
        press does other than the bar says (it skipped the replay, s71's playtest)."""
        if self.kept_space is not None:
            return "Space kept: the phase ends after it; a key or click: now"
        if self.space_ends() and not self.fight_behind():
            # The bar's End phase button, there in a replay that is not a Combat, is
            # kept as Space is (input._keep): named with it.
            return "Space or End phase: after it; another key or click: skip"
        if self.space_ends():
            return "Space: End phase after it; another key or a click: skip"
        return "any key or click: skip"

    def _ran_from(self) -> str | None:
        """The player the viewer's side Ran Away from in the round of a Combat between
        players playing out (its notes), or None. (From a Disaster the bar's "Combat:"
        lines, the run's and the end's among them, read as they are.)"""
        seat, duel = self.board.view.seat, self.duel_shown()
        played = self.notes[self._fought_at:] if self.fought is not None else ()
        if duel is None or self.fight is not None or not any(
                isinstance(n, E.RanAway) and n.seat == seat for n in played):
            return None
        return self.seat_name(duel.defender if duel.attacker == seat else duel.attacker)

    def _ready_hint(self) -> str | None:
        """Where the phase's words would ask what may not be done now and Equipment may
        be put to use: how (the guide's rails in a Discard phase offered only that, and
        the bar said "Click each card you do not want, to discard it", s42n)."""
        b, v = self.board, self.board.view
        ready = [a for a in b.legal if isinstance(a, A.UseEquipment)]
        asked = {"discard": A.DiscardCard, "equip": A.PlayCard}.get(v.phase)
        if not ready or asked is None or any(isinstance(a, asked) for a in b.legal):
            return None
        end = ", or End phase" if A.EndPhase() in b.legal else ""
        if len({a.char for a in ready}) > 1:
            return ("Put Equipment to use: click a glowing Character, then the glowing "
                    f"Equipment in the panel at the right{end}.")
        a = ready[0]
        card = self.name(a.card)
        who = "" if self.inspect == a.char else \
            f"your {self.name(a.char)} ({self.standing(a.char)}), then "
        return f"Put {card} to use: click {who}the glowing {card} in the panel at the right{end}."

    def standing(self, char: int) -> str:
        """Where the viewer's Character stands: "in your Haven", or "at Shrine Steps"."""
        cell, haven = self._where(char)
        mine = haven and self.board.places[cell].owner == self.board.view.seat
        return "in your Haven" if mine else f"at {self.name(cell)}"

    def readied_by(self, card: int) -> int | None:
        """The Character who may put Equipment `card` to use now, if any."""
        return next((a.char for a in self.board.click.get(("card", card), ())
                     if isinstance(a, A.UseEquipment)), None)

    def _run_words(self, here) -> str:
        """Where the group Running Away from `here` may go and why not elsewhere
        (words.run_hint), worked out once a view: the bar is asked every frame, and
        each shut cell's reason lists the legal actions again."""
        b = self.board
        key = (b.view.stamp, b.view.seat, here)
        if self._run_memo[0] != key:
            self._run_memo = (key, run_hint(
                [self.name(a.cell) for a in b.legal if isinstance(a, A.RunTo)],
                [self.session.why_not(A.RunTo(c)) for c in b.places
                 if distance(c, here) == 1 and A.RunTo(c) not in b.legal]))
        return self._run_memo[1]

    def _why_not_scavenged(self, then: str | None) -> str | None:
        """Under the pointer, a Location where the viewer's Characters stand that they
        may neither Scavenge nor attack now: why, as the rules say it (a newcomer met an
        unlit Location and no word why); with `then` (the bar's words where ending the
        phase is all that is left), the first such Location's, the pointer elsewhere,
        followed by `then`."""
        b, over = self.board, self.hit(self.pointer)
        pointed = None
        if over is not None and over[0] in ("cell", "unit"):
            pointed = over[1] if over[0] == "cell" else b.units[over[1]].pos
        if pointed is not None and self._unlit(pointed):
            cell = pointed
        elif then is None:  # something else to do: the bar says it
            return None
        else:  # nothing to Scavenge anywhere: why not where they stand, unasked (a
            # newcomer was told only "End phase.")
            cell = next((c for c in sorted(b.units_at) if self._unlit(c)), None)
        if cell is None:
            return None
        key = (cell, b.view.stamp)
        if self._why_unlit[0] != key:
            why = self.session.why_not(A.Scavenge(cell))
            # With Defense it may be attacked instead (Rules for Locations): the Scavenge's
            # reason alone sent a newcomer to attack it, refused too (s36w).
            hit = self.session.why_not(A.AttackLocation(cell)) if why and \
                self.board.card(b.places[cell].card).ability("defense") else None
            if hit and hit != why:
                why = f"{why}; nor may it be attacked: {hit}"
            self._why_unlit = (key, self.plain(f"{cell}: {why}.") if why else None)
        why = self._why_unlit[1]
        return f"{why} {then}" if why and cell != pointed else why

    def _unlit(self, cell) -> bool:
        """A Location where the viewer's Characters stand that they may neither
        Scavenge nor attack now."""
        b = self.board
        place = b.places.get(cell)
        return place is not None and place.kind == "location" and any(
            u.owner == b.view.seat and not u.disaster for u in b.units_at.get(cell, ())) \
            and A.Scavenge(cell) not in b.legal and A.AttackLocation(cell) not in b.legal \
            and not any(isinstance(a, (A.BuildHaven, A.BuildAccess))
                        for a in b.click.get(("cell", cell), ()))

    def bar_buttons(self) -> list[tuple[str | tuple[str, ...], tuple]]:
        """The bar is laid out from the right and drops what does not fit at its left:
        the actions only a button offers go rightmost, the rest while there is room;
        `bar_chosen`, those of the Characters chosen (`bar_brief`) and those only a
        button offers (paint.bar makes room for them: "Turn over the next Disaster" went
        from a shared screen's last round, found only in the All-actions list, s56)."""
        self.bar_chosen = self.bar_brief = frozenset()
        if self.fight_behind():
            return []
        only = self.board.only_buttons()
        offered = set(panels.panel_acts(self.board))  # the combat panels', there alone
        c = self.board.view.combat
        if c is not None and c.seat == self.board.view.seat:
            # A Charm Combat's frees are its rows' Free buttons (and the inspector's): the
            # chosen one's again in the bar, "Commander Reiji Valen tries to free Doc
            # Ishimaru Tonbo", took the hint's room at 960x540 (s72's playtest).
            offered.update(a for a in self.board.legal if isinstance(a, A.BreakCharm))
        rest, chosen = self._for_chosen([a for a in self.board.buttons
                                         if a not in only and a not in offered])
        only = [a for a in only if a not in offered]
        self.bar_chosen, self.bar_brief = chosen | frozenset(only), chosen
        acts = [a for a in rest + only if not isinstance(a, A.EndPhase)][-4:]
        out = [(BAR_WAYS.get(w := self.act_words(a)) or self._ways(a, w, chosen), ("act", a))
               for a in acts]
        if self.board.legal:
            # A list to look things up in, not so many things to do: no count on it
            # ("All 516 actions" frightened a newcomer in a Move phase, s33w2, and "List
            # all 324 actions" puzzled one at 1024x600, s64); the pointer says how many
            # and why. Of actions: "List all 45 (A)" did not say what it listed (s49);
            # shorter where the bar is short, still a list of actions. One wording for
            # any count: "1 action (A)" read as a budget of actions left (s65).
            out.append((("List actions (A)", "Actions (A)"), ("all",)))
        if A.EndPhase() in self.board.legal:
            out.append(("End phase (Space)", ("end",)))
        s, seat = self.session, self.set_up_seat()
        if s.may_hand_set_up(seat) and seat in s.helped:
            out.append(("Take over set-up (S)", ("forme",)))
        elif s.may_hand_set_up(seat) and self.board.legal:  # at the person's own choice
            out.append(("Set up for me (S)", ("forme",)))
        return out

    def _ways(self, a: A.Action, words: str, chosen: frozenset) -> str | tuple[str, str]:
        """A chosen Character's action also with the short names its tokens show
        ("Retrieve with Daigo"), for the bar to keep room for the hint (paint.bar)."""
        if a not in chosen:
            return words
        b = self.board
        short = panels.short_names(self.painter([]), [i for i in (
            *self.selection, self.inspect) if i is not None and i in b.units], self.name)
        shorter = action_text(a, lambda i: short.get(i) or self.name(i), b.card, self._where,
                              b.challengers, b.view.decision)
        if isinstance(a, A.Scavenge):  # where they stand: the Location's long name took
            shorter = "Scavenge here"  # the hint's room at 960x540 (s65 playtest)
        if isinstance(a, A.AttackLocation):  # and "...at Dojo of the Falling Petal (P2)"
            shorter = "Attack the Location here"  # cut the hint (s72's playtest)
        return (words, shorter) if shorter != words else words

    def _for_chosen(self, acts: list[A.Action]) -> tuple[list[A.Action], frozenset]:
        """The bar follows the Characters chosen (selected, or shown in the side panel):
        of a kind of action they can do, theirs alone ("Retrieve with Tonbo" stayed
        with Daigo chosen), put last, which the bar keeps when short of room; and
        theirs. Each action is a Character's if a click on its token offers it: its
        own, and for the viewer's, its Location's first (input's _click_unit menu)."""
        b, offered = self.board, set()
        for i in self.selection | ({self.inspect} if self.inspect is not None else set()):
            u = b.units.get(i)
            if u is not None:
                offered.update(b.click.get(("unit", i), []))
                if not u.disaster and u.owner == b.view.seat:
                    offered.update(b.click.get(("cell", u.pos), []))
        theirs = [a for a in acts if a in offered]
        kinds = {type(a) for a in theirs}
        return [a for a in acts if type(a) not in kinds] + theirs, frozenset(theirs)
