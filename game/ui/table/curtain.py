"""The curtain's words for a person sitting down at a shared screen: why it is up,
what happened since they last left (the news that matters most to their seat first),
and their Characters out Bonked or Killed. Mixed into TableScene."""
from __future__ import annotations

from collections import Counter

from game.engine import events as E
from game.engine.events import ALL_SEE

from . import popups
from .words import (back_when, coming_back_text, curtain_reason, event_text, fighting,
                    turns_out)

# What the curtain tells a person sitting down of what happened since they left: the
# log's last lines were a Haven's "+1 Movement" to each of their own Characters.
NEWS = (E.HavenBuilt, E.FlashPlayed, E.DisasterDefeated, E.DisasterEndured, E.ItemTaken,
        E.ItemStolen, E.ItemDestroyed, E.LocationAttacked, E.CombatBegan, E.DuelBegan,
        E.RanAway, E.Bonked, E.Killed, E.Transformed, E.CardPlayed, E.CardDiscarded,
        E.ItemDiscarded)


def news_for(e: E.Event, seat: int, owner) -> bool:
    """Whether the curtain tells `seat` of `e`: a headline (NEWS), a card played only
    when it is a Character entering play, and a fall of the seat's own Characters not
    (the curtain's Bonked lines say those)."""
    if not isinstance(e, NEWS):
        return False
    if isinstance(e, E.CardPlayed):
        return e.cell is not None
    return not (isinstance(e, (E.Bonked, E.Killed)) and owner(e.card) == seat)


def news_rank(e: E.Event, seat: int, owner, near: set, homes: dict,
              scavenged: tuple | None = None) -> int | None:
    """How much `e` (every seat's share) matters to `seat`'s person coming back, the
    least first: 0 a loss (a Character of theirs Charmed, an Item taken from one or out
    of their Haven's store), 1 a Character of theirs hurt or commanded by its Charmer,
    or a Combat against them, 2 others coming to or leaving their Havens and where
    theirs stand (`near`), the answer to their asking to stop at a Haven, 3 the other
    headlines (news_for); None: not told. `homes`: each Haven's cell, its owner (now,
    as the curtain is drawn); their Havens those of `seat`. `scavenged`: the cell of the
    Scavenging `e` came inside, whose takes there are Retrieves from under a Location (or
    a Location-turned-Haven, guideline 4.10), out of no Haven's store: a headline, even
    where a Haven stands now; a take elsewhere meanwhile is out of a Haven's store (out
    of one's own: no one's news, s64). Their Characters Bonked or Killed are the
    curtain's lines above these. Moves were no headlines: an owner who let two
    Characters stop at its Haven read only of the Combat that followed (s35w); nor
    orders and answers: the curtain said nothing of them beside a headline (s35w3)."""
    def mine(card) -> bool:
        return card is not None and owner(card) == seat
    havens = {cell for cell, whose in homes.items() if whose == seat}
    scavenging = isinstance(e, E.ItemTaken) and e.cell == scavenged
    match e:
        case E.CharmContest(result="charmed", defender=card) | \
                E.CharmContest(result="charmed_attacker", attacker=card) if mine(card):
            return 0
        case E.ItemStolen(victim=card) | E.ItemDestroyed(holder=card) if mine(card):
            return 0
        case E.ItemTaken(cell=cell, by=by) if not scavenging and cell in havens and \
                not mine(by):
            return 0
        case E.ItemTaken(cell=cell, by=by) if not scavenging and cell in homes and \
                homes[cell] == owner(by):
            return None  # taken up at its own Haven (Equipment played there): no one's loss
        case E.DuelBegan(opponent=opponent) if opponent == seat:
            return 1
        case E.CombatBegan(seat=fought) if fought == seat:  # a Disaster's, theirs to fight
            return 1
        # How it ended, the Disaster Defeated or standing: the curtain said the Combat
        # began and the hits, and a survived Disaster's end nowhere (s56).
        case E.CombatEnded(seat=fought) if fought == seat:
            return 1
        case E.DuelEnded(seat=one, opponent=other) if seat in (one, other):
            return 1
        case E.CharmOrder(charmed=card) if mine(card):
            return 1
        case E.PermissionAnswered(seat=asker) if asker == seat:
            return 2
        case _ if hurt(e, seat, owner) is not None:
            return 1
        case E.DisasterEntered(cell=cell) | E.DisasterRevealed(cell=cell) if cell in near:
            return 2
        case E.DisasterMoved(origin=origin, dest=dest) if origin != dest and dest in near:
            return 2
        case E.Moved(chars=chars, origin=origin, dest=dest) if origin != dest and \
                not mine(chars[0]) and near & {origin, dest}:
            return 2
    return 3 if news_for(e, seat, owner) else None


def hurt(e: E.Event, seat: int, owner) -> tuple[int, int] | None:
    """The Character of `seat`'s that `e` hurt and the Damage, where it was neither
    Bonked nor Killed by it (the curtain says those apart)."""
    match e:
        case E.CombatHit(target=unit, target_kind="character", result="ok",
                         health_before=before, health_after=after) if before > after:
            damage = before - after
        case E.LocationAttacks(target=unit, damage=damage, result="ok") if damage:
            pass
        case E.Damaged(unit=unit, damage=damage, health_after=after) if damage and after > 0:
            pass
        case _:
            return None
    return (unit, damage) if owner(unit) == seat else None


def stood(events, seat: int, owner) -> set:
    """Cells where `seat`'s Characters stood during `events` and may stand no more: a
    move's start, where one fell."""
    out = set()
    for e in events:
        if isinstance(e, E.Moved) and owner(e.chars[0]) == seat:
            out.add(e.origin)
        elif isinstance(e, (E.Bonked, E.Killed)) and owner(e.card) == seat:
            out.add(e.cell)
    return out


class TableCurtain:
    """Mixed into TableScene."""

    def curtain_words(self, seat: int) -> tuple[str, tuple[str, list[str]], list[str]]:
        """Why the curtain is up (the decision waited for), what happened since the
        person sitting down last left (its title and lines), and the seat's Characters
        out Bonked, where and till when, as every seat may read them: the person leaving
        reads the curtain too."""
        s = self.session
        key = (len(s.record.actions), seat, s.left_at[seat], seat in s.unknown)
        if self._curtain_words[0] != key:
            v = s.public_view()
            self._curtain_words = (key, (
                curtain_reason(v, seat, self._log_name, self.seat_name),
                self._news(seat), self._bonked_words(v, seat)))
        return self._curtain_words[1]

    def _news(self, seat: int) -> tuple[str, list[str]]:
        """What happened since the person last left the screen that they need to know
        (_coming_back: the curtain keeps the lines that matter most; their own
        Characters' falls are in the Bonked lines); with none, the log's last lines."""
        s = self.session
        g = s.game

        def said(events, was: bool = False) -> list[str]:
            """Their lines; `was`: whether a Combat was under way before them (the
            headlines, NEWS, never read it)."""
            lines = []
            for e in events:
                lines.append(event_text(e.for_seat(ALL_SEE), self._log_name, self.seat_name,
                                        self._is_haven, g.card, was, g.owner)[0])
                was = fighting((e,), was)
            return [w for w in lines if w]
        news = self._coming_back(seat)
        if not news and seat in s.unknown:
            # Continued from a save that did not keep what they last saw: the latest
            # headlines, said as such (the log's last lines were the seat's own Haven's
            # "+1 Attack" to each of its Characters, under "Last on the table").
            last = [e for e in s.log if news_for(e, seat, g.owner)][-popups.CURTAIN_NEWS:]
            if last:
                return "The game was continued; the latest on the table", said(last)
        if not news:
            # Without the bonuses (on the Field and in the totals): at a game's first
            # curtain the lines were the seat's own Haven's "+1 Attack" to each of its
            # Characters, and nothing of the Field set up.
            log, last = [e for e in s.log if not isinstance(e, E.Modified)], popups.CURTAIN_LOG
            return "Last on the table", said(log[-last * 4:], fighting(log[:-last * 4]))[-last:]
        # From when they last left the screen, or the game opened: "last played" was
        # untrue of a person yet to play.
        return f"Since {self.seat_name(seat)} last looked", news

    def _coming_back(self, seat: int) -> list[str]:
        """What happened since `seat`'s person last left the screen that matters to them
        (news_rank, each line's Headline rank), in the order it happened, in every
        seat's share: the person leaving reads it too. Hurts are summed, one line a
        Character."""
        s, g = self.session, self.session.game

        def owner(card: int) -> int | None:  # whose Character: a Disaster is played by
            return g.owner(card) if g.card(card).type == "character" else None  # nobody (R29)

        events = [e.for_seat(ALL_SEE) for e in s.log[s.left_at[seat]:]]
        v = s.public_view()
        homes = {p.cell: p.owner for p in v.places if p.kind == "haven"}
        havens = {cell for cell, whose in homes.items() if whose == seat}
        near = havens | stood(events, seat, owner) | {
            u.pos for u in v.units if u.owner == seat and not u.disaster}
        name, lines, damage, was = self._log_name, [], {}, False
        # Where a Scavenging is under way, if the person left in the middle of one: only a
        # take there is the Scavenging's. Another's own Haven's takes after one given up
        # by Running Away were told as such ("Gurugu took Nameless Rust-Blade out of Hall
        # of Quiet Foxes (5 times)"), over the Combat between players and the Bonks (s62's
        # playtest, three seats), as were one's own Haven's meanwhile (s64).
        ends = (E.ScavengingBegan, E.ScavengingEnded)
        last = next((e for e in reversed(s.log[:s.left_at[seat]]) if isinstance(e, ends)), None)
        scav = last.cell if isinstance(last, E.ScavengingBegan) else None
        for e in events:
            if isinstance(e, ends):
                scav = e.cell if isinstance(e, E.ScavengingBegan) else None
            rank = news_rank(e, seat, owner, near, homes, scav)
            if (wound := hurt(e, seat, owner)) is not None:
                unit, n = wound
                if unit not in damage:
                    lines.append((rank, unit))
                damage[unit] = damage.get(unit, 0) + n
            elif rank is not None:
                lines.append((rank, coming_back_text(e, seat, name, self.seat_name, havens) or
                              event_text(e, name, self.seat_name, self._is_haven,
                                         g.card, was, g.owner)[0]))
            was = fighting((e,), was)
        # A hurt Character is its unit id, 0 among them (seat 0's first Character).
        said = [(rank, f"{name(w)} took {damage[w]} Damage" if isinstance(w, int) else w)
                for rank, w in lines if isinstance(w, int) or w]
        # The same line again is said once, where first said, as much as it ever matters,
        # with how often: an Item taken out of a Haven's store and put back was 17 lines
        # alike, the curtain's five all one (s61).
        times, ranks = Counter(w for _, w in said), {}
        for rank, w in said:
            ranks[w] = min(rank, ranks.get(w, rank))
        return [popups.Headline(w if times[w] == 1 else f"{w} ({times[w]} times)", rank)
                for w, rank in ranks.items()]

    def _bonked_words(self, v, seat: int) -> list[str]:
        """The seat's Characters out Bonked (R9), each with where it happened (the log's
        last Bonk of it: public) and when it is back in the hand, and those Killed since
        the person last left the screen: someone away from the screen when it happened
        learns it as they sit down."""
        info, log = v.seats[seat], self.session.log
        # Where it fell, if that place is still on the Field (one gone read "at in the
        # middle of the table").
        placed = {p.cell for p in v.places}
        where = {e.card: e.cell for e in log
                 if isinstance(e, (E.Bonked, E.Killed)) and e.cell in placed}

        def at(card) -> str:
            return f" at {self._log_name(where[card])}" if card in where else ""
        out = [f"{self._log_name(card)} was Bonked{at(card)}: back in "
               f"{self.seat_name(seat)}'s hand {back_when(turns_out(v, seat, back))}"
               for card, back in info.set_aside]
        # Killed since they last left the screen (in their discard pile, face up: public):
        # a newcomer learnt it only by reading the whole log back.
        return out + [f"{self._log_name(e.card)} was Killed{at(e.card)}"
                      for e in log[self.session.left_at[seat]:]
                      if isinstance(e, E.Killed) and e.card in info.discard]
