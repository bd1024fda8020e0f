"""New game: a level, 1 to 4 seats (Human or AI, each with a deck), and the options.

The choices are remembered in settings.last_setup and offered again next time.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pygame

from game.engine import LoadError
from game.engine.levels import DEFAULT_LEVELS_DIR, Level, load_level

from ..session import SessionConfig
from ..table.ink import mark
from ..fonts import ellipsize, wrap
from ..widgets import Button, Choice, Label, Widget, colour, font, panel, paragraph, text
from .base import MenuScene

# The levels offered to players; other level files (all_decks) are for simulate. The
# mirror match (one deck on both sides) was only reachable through `play --level`: a
# newcomer found no fair match in the list (s72's playtest).
LEVELS = ("quick_demo", "standard_2p", "solitaire", "four_players", "mirror")
KINDS = (("human", "Human"), ("ai:easy", "AI Easy"), ("ai:normal", "AI Normal"),
         ("ai:hard", "AI Hard"))
# From a taste of the game (a few rounds, then the tally: RULINGS R14 d) to a long one.
ROUND_LIMITS = (3, 5, 10, 12, 20, 30, 40, 50, 75, 100)
MAX_SEATS = 4


def own_seats(level: Level) -> int:
    """The number of players a level is made for: one a deck it names (at most four)."""
    return max(1, min(MAX_SEATS, len(level.decks)))


class Words(Widget):
    """Words the scene draws itself (the level's description), in the form where they
    lie so that no tooltip is placed over them: the Level's covered the description it
    pointed to."""
    focusable = False


class NewGameScene(MenuScene):
    heading = "New game"

    def __init__(self, app):
        super().__init__(app)
        self.error = ""  # why the game could not start, in one line
        self.decks = app.decks
        self.levels = [load_level(DEFAULT_LEVELS_DIR / f"{lv}.yaml", set(self.decks))
                       for lv in LEVELS]
        self.kinds = ["human"] + ["ai:normal"] * (MAX_SEATS - 1)
        # Whether the number of players is the person's (Players touched, or a remembered
        # number that was not its level's), kept when the Level changes, or the level's.
        self.seats_chosen = False
        self._take_level(self.levels[0])
        self._restore(app.settings.last_setup)
        self._build()

    # The choices ----------------------------------------------------------------
    def _restore(self, last: dict) -> None:
        """Take what is still valid from the last setup; skip what is not (it is read
        from the settings file, which a person may have edited: a list where a name
        was, 20.0 where 20 was)."""
        def name(value: object) -> str | None:
            return value if isinstance(value, str) else None

        by_id = {lv.id: lv for lv in self.levels}
        if name(last.get("level")) in by_id:
            self._take_level(by_id[last["level"]])
        kinds, decks = last.get("seats"), last.get("decks")
        valid_kinds = {k for k, _ in KINDS}
        if isinstance(kinds, list) and 1 <= len(kinds) <= MAX_SEATS \
                and all(name(k) in valid_kinds for k in kinds):
            self.seats = len(kinds)
            self.seats_chosen = self.seats != own_seats(self.level)
            self.kinds[:len(kinds)] = kinds
        if isinstance(decks, list):
            for i, d in enumerate(decks[:MAX_SEATS]):
                if name(d) in self.decks:
                    self.deck_ids[i] = d
        if isinstance(last.get("charm_combat"), bool):
            self.charm = last["charm_combat"]
        limit = last.get("round_limit")
        if type(limit) is int and limit in ROUND_LIMITS:  # 20.0 would be saved as 20.0
            # The level's own number is offered as the level's (None), not twice.
            self.round_limit = None if limit == self.level.options.round_limit else limit

    def config(self, seed: int | None = None) -> SessionConfig:
        """The SessionConfig the current choices make."""
        n = self.seats
        return SessionConfig(level=str(Path(self.level.source).resolve()),
                             seats=self.kinds[:n], decks=self.deck_ids[:n],
                             charm_combat=self.charm, round_limit=self.round_limit,
                             seed=random.randrange(1 << 31) if seed is None else seed)

    def limit_options(self) -> list[tuple[int | None, str]]:
        """The round limits offered, in their order, the level's own among them (None:
        it goes with the level) where a number was (it sat between 100 and 10)."""
        own = self.level.options.round_limit
        return [(None if n == own else n, f"{n} (level's)" if n == own else str(n))
                for n in sorted({*ROUND_LIMITS, own})]

    def _take_level(self, level: Level) -> None:
        # A level brings its own table: its decks and options, and its number of players
        # unless one was chosen (every level seats 1 to 4, its decks taken in turn).
        self.level = level
        if not self.seats_chosen:
            self.seats = own_seats(level)
        self.deck_ids = [level.deck_for_seat(i) for i in range(MAX_SEATS)]
        self.charm = level.options.charm_combat
        self.round_limit: int | None = None  # None: the level's

    def _set_level(self, level: Level) -> None:
        self._take_level(level)
        self._sync()
        self.place()  # its description, where it lies

    def _set_seats(self, n: int) -> None:
        self.seats, self.seats_chosen = n, True
        self._sync()

    def seats_note(self) -> str:
        """One line when the players chosen are not the number the level is made for
        (its name may say another: "Standard, two players"), so it is not kept silently."""
        own = own_seats(self.level)
        if self.seats == own:
            return ""
        return (f"The Level is made for {own} player{'s' if own > 1 else ''}; "
                f"kept at {self.seats}, as you chose.")

    def decks_note(self) -> str:
        """Which seats past the Level's decks play a deck an earlier seat does, the
        Level's decks taken in turn (Level.deck_for_seat): Player 3 on Standard, two
        players got Player 1's Steel Rain unsaid, and two Havens of one name stood on
        the Field. A deck repeated by the Level itself (Mirror match) or by the person's
        own choice on that row is not said."""
        again = [(i, self.deck_ids[:i].index(self.deck_ids[i])) for i in
                 range(len(self.level.decks), self.seats)
                 if self.deck_ids[i] in self.deck_ids[:i]
                 and self.deck_ids[i] == self.level.deck_for_seat(i)]
        if not again:
            return ""
        if len(again) == 1:
            (i, j), = again
            deck = self.decks[self.deck_ids[i]].name.removesuffix(" Deck")
            return f"Player {i + 1} plays {deck} again, as Player {j + 1} does."
        seats = " and ".join(str(i + 1) for i, _ in again)
        earlier = " and ".join(str(j + 1) for _, j in again)
        return f"Players {seats} play Players {earlier}'s decks again."

    def _set_kind(self, i: int, kind: str) -> None:
        self.kinds[i] = kind

    def _set_deck(self, i: int, deck: str) -> None:
        self.deck_ids[i] = deck

    def _set_charm(self, on: bool) -> None:
        self.charm = on

    def _set_limit(self, limit: int | None) -> None:
        self.round_limit = limit
        self.place()  # the description says it, where it lies

    def description(self) -> str:
        """The Level's words, with the round limit chosen where they give its own: "40
        rounds" stayed under a Round limit set to 10."""
        own = self.level.options.round_limit
        if self.round_limit is None:
            return self.level.description
        return re.sub(rf"\b{own} rounds\b", f"{self.round_limit} rounds (the level's: {own})",
                      self.level.description)

    # Widgets --------------------------------------------------------------------
    def _build(self) -> None:
        self.level_choice = Choice("Level", [(lv, lv.name) for lv in self.levels], self.level,
                                   self._set_level, "Which Field and decks; each says below.",
                                   split=0.2)
        self.charm_choice = Choice("Charm Combat", [(True, "On"), (False, "Off")], self.charm,
                                   self._set_charm,
                                   "Before a fight, Characters and Disasters with Charm "
                                   "try to win each other over.")
        self.limit_choice = Choice("Round limit", [], None, self._set_limit,
                                   "When every player has had this many Turns, the game "
                                   "ends: a player who holds more Items than each other "
                                   "player and than the Disasters wins; else the Disasters "
                                   "do.")
        self.seat_choice = Choice("Players", [(n, str(n)) for n in range(1, MAX_SEATS + 1)],
                                  self.seats, self._set_seats,
                                  "1 plays alone against the Disasters; up to 4 share one screen.")
        deck_opts = [(d, deck.name.removesuffix(" Deck")) for d, deck in self.decks.items()]
        self.seat_labels = [Label(f"Player {i + 1}") for i in range(MAX_SEATS)]
        self.kind_choices = [Choice("", KINDS, self.kinds[i], lambda k, i=i: self._set_kind(i, k),
                                    "Who plays this seat: a person, or the computer at a level.")
                             for i in range(MAX_SEATS)]
        self.deck_choices = [Choice("", deck_opts, self.deck_ids[i],
                                    lambda d, i=i: self._set_deck(i, d), "This seat's prebuilt deck.")
                             for i in range(MAX_SEATS)]
        self.start = Button("Start", self._start, "Deal the cards and play.", pygame.K_RETURN,
                            primary=True)
        self.back_button = Button("Back", self.back, "Back to the title.", pygame.K_ESCAPE)
        self.about = Words()
        self.notes = Words()  # who shares the screen, and the Level's own number of players
        self.form.add(self.level_choice, self.about, self.charm_choice, self.limit_choice,
                      self.seat_choice, self.notes)
        for row in zip(self.seat_labels, self.kind_choices, self.deck_choices):
            self.form.add(*row)
        self.form.add(self.back_button, self.start)
        self.form.default = self.start
        self.form.focus = self.start
        self._sync()

    def _sync(self) -> None:
        """Show the widgets' values from the choices (a level change resets several)."""
        self.level_choice.set_options(self.level_choice.options, self.level)
        self.charm_choice.set_options(self.charm_choice.options, self.charm)
        self.limit_choice.set_options(self.limit_options(), self.round_limit)
        self.seat_choice.set_options(self.seat_choice.options, self.seats)
        for i in range(MAX_SEATS):
            self.kind_choices[i].set_options(KINDS, self.kinds[i])
            self.deck_choices[i].set_options(self.deck_choices[i].options, self.deck_ids[i])
            for w in (self.seat_labels[i], self.kind_choices[i], self.deck_choices[i]):
                w.visible = i < self.seats

    def place(self):
        h, gap = 46, 12
        for i, w in enumerate((self.level_choice, self.charm_choice, self.limit_choice)):
            w.rect = self.px(100, 150 + (h + gap) * (i + (1 if i else 0)) + (60 if i else 0),
                             440, h)
        # The description's room: two lines of it (the rest of the box, under them, is
        # where the Charm Combat's tooltip goes), the words as wrapped.
        box = self.px(104, 150 + h + 8, 430, 90)
        f = font("label", self.scale)
        lines = wrap(self.description(), f, box.w)
        self.about.rect = pygame.Rect(box.topleft, (max(f.size(w)[0] for w in lines),
                                                    len(lines) * f.get_linesize()))
        self.seat_choice.rect = self.px(620, 150, 560, h)
        for i in range(MAX_SEATS):
            y = 150 + (h + gap) * (i + 1)
            self.seat_labels[i].rect = self.px(648, y, 84, h)
            self.kind_choices[i].rect = self.px(736, y, 190, h)
            self.deck_choices[i].rect = self.px(934, y, 246, h)
        # The notes sit at the foot of the seats' panel: the room between them and
        # Player 4's row is where that row's tooltips go (they covered the note).
        self.notes.rect = self.px(624, 500, 540, 86)
        self.back_button.rect = self.px(100, 610, 200, 56)
        self.start.rect = self.px(940, 610, 240, 56)

    # Actions --------------------------------------------------------------------
    def _start(self) -> None:
        config = self.config()
        self.app.settings.last_setup = {
            "level": self.level.id, "seats": config.seats, "decks": config.decks,
            "charm_combat": self.charm, "round_limit": self.round_limit}
        self.app.save_settings()
        try:
            if self.app.booth is None and self._slots_full():
                from .slots import SlotsScene
                self.app.push(SlotsScene(self.app, replacing=config))
                return
            self.app.start_game(config)
        except (LoadError, ValueError) as e:  # e.g. a deck the rules do not allow
            self.error = f"This game cannot start: {e}"

    def _slots_full(self) -> bool:
        """Every slot holds a game: the player is asked which one to replace."""
        try:
            return self.app.saves.hold_free() is None
        except OSError:
            return False  # nothing can be saved here at all: the game says so and goes on

    def team_lines(self) -> list[tuple[str, pygame.Rect, list[tuple[str, pygame.Rect, str]]]]:
        """Player 1's starting Characters as drawn: each card, its face's box, and its
        lines (words, where, colour) beside the face: the name, on two lines where one
        is too narrow ("Sergeant Daigo Ha..." was cut even at 1920x1080), then Attack
        and Defense."""
        s = self.scale
        small = font("#small", s)
        step = round(18 * s)  # three lines in a row 60 high
        out = []
        for i, card_id in enumerate(self.decks[self.deck_ids[0]].starting_characters[:4]):
            # Two to a row, each 214 wide: a 54 px face, its words in the 152 beside it.
            row = self.px(104 + i % 2 * 222, 460 + i // 2 * 64, 214, 60)
            face = pygame.Rect(0, 0, round(54 * s), round(54 * s))
            face.midleft = row.midleft
            room = row.right - face.right - round(8 * s)
            c = self.app.db[card_id]
            name = wrap(c.name, small, room)
            if len(name) > 2:  # longer than two lines: the second is cut
                name = [name[0], ellipsize(" ".join(name[1:]), small, room)]
            lines = [(w, "normal_text") for w in name]
            lines.append((f"Attack {c.attack} · Defense {c.defense}", "disabled_text"))
            y = row.centery - ((len(lines) - 1) * step + small.get_height()) // 2
            out.append((card_id, face, [
                (words, pygame.Rect((face.right + round(8 * s), y + k * step), small.size(words)),
                 col) for k, (words, col) in enumerate(lines)]))
        return out

    def _draw_team(self, surface: pygame.Surface) -> None:
        """Player 1's starting Characters, so a deck is more than a name: each small
        face beside its name, Attack and Defense in type that reads (the faces alone,
        84 px wide at 1280 x 720, were too small to read)."""
        deck = self.decks[self.deck_ids[0]]
        small = font("#small", self.scale)
        # As wide as the rows of faces under it: "Player 1's deck, Hot Springs Heroes,
        # starts with these Characters:" ran over the panel's border (s35w3); the faces
        # say they are Characters.
        line = self.px(104, 434, 436, 0)
        words = f"Player 1's deck, {deck.name.removesuffix(' Deck')}, starts with these " \
                "Characters:"
        if small.size(words)[0] > line.w:
            words = ellipsize(words.removesuffix(" these Characters:") + ":", small, line.w)
        text(surface, words, small, colour("disabled_text"), line.topleft)
        for card_id, face, lines in self.team_lines():
            surface.blit(self.app.faces.art(card_id, face.size), face.topleft)
            for words, where, col in lines:
                text(surface, words, small, colour(col), where.topleft)

    def draw(self, surface):
        self.draw_backdrop(surface)
        s = self.scale
        # 460 high: the team's rows, three lines each, end at 584.
        panel(surface, self.px(80, 130, 480, 460), s, 150)
        panel(surface, self.px(600, 130, 600, 460), s, 150)
        paragraph(surface, self.description(), font("label", s), colour("disabled_text"),
                  self.about.rect)  # as wide as its widest line: wrapped the same
        humans = sum(k == "human" for k in self.kinds[:self.seats])
        note = ("Only AI seats: you watch the game." if humans == 0 else
                "One human: your cards stay on screen." if humans == 1 else
                f"{humans} humans share this screen; a curtain hides each hand "
                "when the seat changes.")
        # Under it, what the Level was not made for; in smaller type where they take
        # more lines than the room has (four humans, four seats on Standard, two
        # players: the last ran past the panel; raised, under a seat's tooltip).
        notes = [(w, col) for w, col in ((note, "disabled_text"), (self.seats_note(), "normal_text"),
                                         (self.decks_note(), "normal_text")) if w]
        box = self.notes.rect.copy()
        f = next(f for f in (font("label", s), font("#small", s))
                 if sum(len(wrap(w, f, box.w)) for w, _ in notes) * f.get_linesize() <= box.h
                 or f.get_linesize() < font("label", s).get_linesize())
        for words, col in notes:
            box.top += paragraph(surface, words, f, colour(col), box)
        for i in range(self.seats):  # the mark each player wears on the table
            size = round(18 * s)
            r = self.seat_labels[i].rect
            surface.blit(mark(i, size, False, self.app.settings.colorblind_marks),
                         (r.left - size - round(4 * s), r.centery - size // 2))
        self._draw_team(surface)
        text(surface, "Left/Right or a click changes a value; Enter starts.", font("#small", s),
             colour("disabled_text"), self.px(330, 638, 0, 0).midleft, "midleft")
        if self.error:
            paragraph(surface, self.error, font("label", s), pygame.Color("#FF8A80"),
                      self.px(100, 672, 1080, 44))
        self.form.draw(surface)
