"""Drag and drop on the table: a card from the hand or a Character's token (and what
it carries) picked up, the places it may land lit, what it would do said while held
(`held_over`), and on letting go the one legal action it sends, a question asked of a
Haven's owner, or the reason it slides back. Mixed into TableScene."""
from __future__ import annotations

import pygame

from game.engine import actions as A

from .anims import Fly
from .paint import whose_turn
from .tween import Tween
from .words import cost_words, drop_options, either

DRAG_WIDTH = 64  # a card that follows the pointer, in 1280x720 pixels
# The end of a refusal that asks a typed command for its target (equip.py): a drop names
# whom to drag the card onto instead ("...in your Haven: name one" read as a riddle, s73).
NAME_ONE = ": name one"


class TableDrag:
    """Mixed into TableScene."""

    def _start_drag(self, key, start) -> None:
        self.looked_still = None  # (a drag tried says its own refusal: _drop)
        if key is None or key[0] not in ("card", "unit"):
            return
        rect = self.unit_rects.get(key[1]) if key[0] == "unit" else self._card_rect(key[1])
        pic = self.picture(key, rect)
        if rect is None or pic is None:
            return
        targets = self.drag_targets(key)
        # Held by its top-left corner, the pointer's tip stays free to aim with.
        grab = (-self.px(10), -self.px(10))
        home = pic.get_rect(center=rect.center)
        self.drag = (key, pic, grab, targets, home)
        self.edge_since = None
        self.menu = None
        # What was said of the last action is past once the next thing is picked up: a
        # note left up ("... carries Plasma Slingshot but cannot use it") lay over the
        # Field's foot, on the tokens the card held was to land on, and over the card (s53).
        self.message = ("", 0.0)

    def drag_targets(self, key) -> dict[tuple, A.Action]:
        """Where the thing picked up may land, and the action each landing sends: the
        Board's, the Characters a card played into the Haven goes on to (_takers), and
        in a Combat between players the tokens a Character's choice names (_planned)."""
        targets = self.board.drop_targets(key, self.selection)
        targets.update(self._takers(key, targets))
        if key[0] == "unit":
            targets.update(self._planned(key[1]))
        return targets

    def _planned(self, char: int) -> dict[tuple, A.Action]:
        """Combat between players: the tokens of those the panel offers `char` to attack
        or protect, each with that choice. A drop there plans it as the panel's button
        does (_drop), to go with the others at Fight!. The bar says "or drag one onto
        its target", but only the first to declare had a drop (the rules' one legal
        choice, sent at once) and the others' said "nothing can be done" (s71's
        playtest)."""
        return {("unit", role[1]): A.Engage(char, *role) for _, (kind, *rest) in self.hits
                if kind == "plan" and rest[0] == char and isinstance(role := rest[1], tuple)
                and role[1] != -1}

    def _takers(self, key, targets) -> dict[tuple, A.Action]:
        """Equipment from the hand is played into the first Haven (Equip phase), where
        a Character standing there may take it up (PickUp): let go on one of them, it
        is played, then given to them, as the player meant (it stayed in the Haven, the
        token under the pointer not a target). Not where playing it pays a cost: that
        is asked first, and then nothing follows; nor in the guided game, whose next
        step is its script's, not a pick-up (it said "stays in your Haven: None")."""
        play = targets.get(("haven",))
        if not isinstance(play, A.PlayCard) or cost_words(play, self.board.card) or \
                self.board.card(play.card).type != "equipment" or \
                self.session.guide is not None:
            return {}
        v = self.board.view
        haven = v.seats[v.seat].havens[0]
        return {("unit", u.card): play for u in v.units
                if u.pos == haven and u.owner == v.seat and not u.disaster}

    @staticmethod
    def taker(dst, a: A.Action) -> int | None:
        """The Character a card let go on `dst` is given to once played into the Haven
        (_takers); None for any other drop."""
        return dst[1] if dst[0] == "unit" and isinstance(a, A.PlayCard) and \
            a.target is None else None

    def _take_up(self, card: int, char: int) -> None:
        """The Character a card played into the Haven was let go on takes it up; where
        the rules now refuse, it stays stored there, and the player is told why."""
        take = A.PickUp(card, char)
        if take in self.session.legal():
            self.send(take)
        else:
            self.say(f"{self.name(card)} stays in your Haven: {self.session.why_not(take)}")

    def _card_rect(self, i: int) -> pygame.Rect | None:
        for rect, key in self.hits:
            if key == ("card", i):
                return rect
        return None

    def picture(self, key, rect) -> pygame.Surface | None:
        """What follows the pointer: a small see-through copy, so the glowing
        targets under it stay visible."""
        if rect is None:
            return None
        cid = self.board.card_id(key[1])
        if cid is None:
            return None
        if key[0] == "unit":
            pic = self._group_picture(key[1], rect.w)
        else:
            # One size from anywhere: from the inspector, where faces are a thumb wide,
            # the card held was as small, and unreadable over the Field (a playtest).
            pic = self.app.faces.face(cid, self.px(DRAG_WIDTH)).copy()
        pic.set_alpha(210)
        return pic

    def _group_picture(self, unit: int, size: int) -> pygame.Surface:
        """The token of the unit picked up, in front of those of the group chosen with it
        that move with it (Board.drop_targets), each a third of a token below and to the
        right of the one before: with one token following the pointer, a playtester read
        a move of two as a move of one, though the bar named both."""
        group = [unit, *sorted(self.selection - {unit})] if unit in self.selection else [unit]
        step = size // 3
        pic = pygame.Surface((size + step * (len(group) - 1),) * 2, pygame.SRCALPHA)
        for k, i in reversed(list(enumerate(group))):
            cid = self.board.card_id(i)
            if cid is not None:
                pic.blit(self.app.faces.token(cid, size), (k * step, k * step))
        return pic

    def drop_target(self, pos, targets) -> tuple | None:
        """The target under the pointer: a valid one first, then anything there."""
        under = [key for rect, key in reversed(self.hits) if rect.collidepoint(pos)]
        for key in list(under):
            if key[0] == "cell" and key[1] in self.board.my_havens():
                under.append(("haven",))
            if key == ("seat", self.board.view.seat):
                under.append(("discard",))
        if self.lay.off_field.collidepoint(pos):
            under.append(("off",))
        if self.lay.field.collidepoint(pos):
            under.append(("field",))
        for key in under:
            if key in targets:
                return key
        return under[0] if under else None

    def _on_no_cell(self, unit: int, off: bool, targets) -> str:
        """Why a token let go on no cell (`off` the Field, else on its empty space)
        stays where it stood, and where it may go."""
        b = self.board
        where = "off the Field, on no cell" if off else "on no cell"
        said = f"{self.name(unit)} was let go {where}, and stays at {self.name(b.units[unit].pos)}"
        if targets:
            return said + ": " + drop_options(targets, self.name, b.card, self._where,
                                              None) + "."
        return said + "."

    def _cell_of(self, dst) -> tuple | None:
        """The cell a drop on `dst` aims at: a cell's own, a token's where it stands."""
        b = self.board
        if dst is not None and dst[0] == "cell":
            return dst[1]
        return b.units[dst[1]].pos if dst is not None and dst[0] == "unit" and \
            dst[1] in b.units else None

    def _asking(self, key, dst) -> tuple | None:
        """Where a token held over `dst` would be sent to another player's Haven, its
        owner asked first (R36): the group going and the cell; else None."""
        cell = self._cell_of(dst)
        if key[0] != "unit" or key[1] not in self.board.movable or cell is None or \
                A.AskPermission(cell) not in self.board.legal:
            return None
        return tuple(sorted(self.selection if key[1] in self.selection else {key[1]})), cell

    def _refusal(self, key, dst, held: bool = False) -> str | None:
        """Why letting go of `key` over `dst`, not one of its targets, is refused: the
        rules' reason for what the drop meant (Board.guess); None where the rules give
        none (it means nothing, or something allowed). `held`: said while it is still
        held there, "Not here: ..." ("Can't do that" read as a refusal of what was not
        yet tried, s61)."""
        if dst == key:
            return None
        if (waits := self.waits()) is not None:
            return waits
        if (g := self.session.guide) is not None and (lesson := g.wanted(self.session.state)):
            # On the rails only the lesson's action is offered: the rules' reason named
            # Characters who "can take it now" (s73 stranger), and none could.
            return lesson
        if dst is None:
            return None
        cell = self._cell_of(dst)
        if key[0] == "unit" and cell is not None and \
                (still := self._move_tried(key[1], cell)) is not None:
            # As a click on it then there says it, by its short name: the rules' reason
            # named it in full ("... and Daigo Hatakeyama has 0 Movement left", s52).
            return still
        if key[0] == "card" and (how := self.haven_how(key[1])) is not None:
            return how  # the engine's "not played from the hand" said not how (s73)
        guess = self.board.guess(key, dst, self.selection)
        why = self.session.why_not(guess) if guess is not None else None
        if not why:
            return None
        takers = [k[1] for k in self.board.drops.get(key, {}) if k[0] == "unit"]
        if why.endswith(NAME_ONE) and takers:  # the rules' words to a typed command
            why = why[:-len(NAME_ONE)] + ": drag it onto " + either(
                [self.name(c) for c in takers])
        return f"Not here: {why}" if held else f"Can't do that: {why}"

    def waits(self) -> str | None:
        """Whose decision the person at the screen waits on, where it is not theirs:
        the rules' reasons are the deciding seat's ("Supply Drop is not in your hand",
        of a card dragged in an AI seat's turn, told what that hand held; "you can move
        only your own Characters", of one's own: s64's playtest). None: theirs."""
        s, v = self.session, self.board.view
        if s.result is not None or s.human_to_act() and s.to_act == s.viewer:
            return None
        who = self.seat_name(v.to_act)
        if s.helping():  # (Set up for me)
            return (f"The computer sets up for {'you' if v.to_act == v.seat else who} now: "
                    "wait for it")
        return f"It is {who}'s turn: wait for yours" if whose_turn(v) == v.to_act != v.seat \
            else f"{who} decides now: wait for them"

    def held_over(self) -> str | None:
        """While a thing is held over something that does not take it, what letting go
        there would do, as the drop would say it ("Not here: " for "Can't do that: "):
        the rules' reason, or the question
        to another player's Haven. The bar went on with the phase's hint, and the reason
        came only at the drop (a playtest). Worked out once a place and Board."""
        key, _, _, targets, _ = self.drag
        dst = self.drop_target(self.pointer, targets)
        if dst is None or dst in targets or dst == key:
            return None
        memo = (key, dst, self.board.view.stamp)
        if self._held[0] != memo:
            if (asked := self._asking(key, dst)) is not None:
                group, cell = asked
                owner = self.seat_name(self.board.places[cell].owner)
                words = (f"Let go to ask {owner} to let your group stop at their Haven "
                         f"{self.name(cell)}." if self.may_ask(cell, group) else
                         self.beyond(cell))
            else:
                words = self._refusal(key, dst, held=True)
            self._held = (memo, words and self.plain(words))
        return self._held[1]

    def _drop(self, pos) -> None:
        key, pic, grab, targets, home = self.drag
        self.drag = None
        dst = self.drop_target(pos, targets)
        if dst in targets and (planned := self._as_planned(targets[dst])) is not None:
            self.plan_as(targets[dst], planned)
            return
        if dst in targets and self._do(targets[dst], pos):
            taker = self.taker(dst, targets[dst])
            if taker is not None:
                self._take_up(targets[dst].card, taker)
            return
        if (asked := self._asking(key, dst)) is not None:  # onto another player's Haven
            group, cell = asked
            if self.may_ask(cell, group):
                self.ask_to_stop(group, cell)
            else:
                self.out_of_reach(cell)
            return
        if (why := self._refusal(key, dst)) is not None:
            self.say(why)
        elif key[0] == "unit" and dst in (None, ("field",)) and not home.collidepoint(pos):
            # Let go off every cell (over the bar, a panel, the Field's empty space), it
            # slid back without a word (s65's playtest), as no other refused drop does.
            self.say(self._on_no_cell(key[1], dst is None, targets))
        elif dst is None and key[0] == "card" and targets and not home.collidepoint(pos) \
                or dst is not None and dst != key:
            # Where the drop meant something allowed (a Drop at the carrier's own place),
            # or nothing was meant, what may be done instead: let go over nothing (the
            # inspector's "Your Haven" heading), it slid back unexplained (a playtest).
            havens = self.board.my_havens()
            self.say(f"{self.name(key[1])} can't go there: " + drop_options(
                targets, self.name, self.board.card, self._where,
                havens[0] if havens else None) + ".")
        # Slide back to where it was picked up.
        at = pic.get_rect(topleft=(pos[0] - grab[0], pos[1] - grab[1]))
        self.animator.anims.append(Fly(Tween(self.clock.scale(0.25)), pic, at, home))
