"""Locations that attack and are attacked, in the window's words (Rules for Locations;
R24, R51): the Health a Location with Defense has left on its tile, why a Location
attacks a group that stops there, and a player's attack on one that starts over. The
engine keeps them (terrain.py, locations.py, scavenging.py); nothing here decides."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from game.engine import events as E
from game.engine.cards import CardDef, Requirements
from game.ui.cardface import requirement_parts


def health(place, card: CardDef, seat: int) -> tuple[int, int, int | None] | None:
    """A Location with Defense: (Health left, full Health, whose attack it is, None for
    nobody's). Health is its printed Defense (Basic Terms); each player's attack is its
    own (R51): the viewer's (`seat`) shown first, else the first other's under way."""
    full = card.ability("defense") or 0
    if place.kind != "location" or place.destroyed or full <= 0:
        return None
    sieges = dict(place.siege)
    who = seat if seat in sieges else next(iter(sorted(sieges)), None)
    return full - sieges.get(who, 0), full, who


def badge(place, card: CardDef, seat: int) -> tuple[tuple[str, ...], bool] | None:
    """The tile's words for its Health, longest first (the tile takes the first that
    fits), and whether they are good news (full, or open to the viewer's Scavenging):
    "Health 3/8", "Health 3/8 (P2)" for another's attack, "Open to Scavenge (Health
    -1/8)" once the viewer's has beaten it."""
    h = health(place, card, seat)
    if h is None:
        return None
    left, full, who = h
    whose = "" if who in (None, seat) else f" (P{who + 1})"
    if left > 0:
        return (f"Health {left}/{full}{whose}", f"{left}/{full}{whose}",
                f"{left}/{full}"), left == full
    if not whose:
        return (f"Open to Scavenge (Health {left}/{full})", "Open to Scavenge",
                "Open"), True
    return (f"Open to P{who + 1} (Health {left}/{full})", f"Open to P{who + 1}",
            f"{left}/{full}"), False


def lacking(card: CardDef) -> str:
    """The skills a group needs to stop at `card` unharmed ("Stealth", "Pilot and
    Computer"): a requirement's skills, an Element, Illusion Piercing (locations.striking)."""
    req = card.requires
    parts = requirement_parts(Requirements(skills=req.skills, any_element=req.any_element,
                                           illusion_piercing=req.illusion_piercing), {})
    return " and ".join(parts)


def struck_words(e: E.LocationAttacks, card: CardDef, name: Callable) -> str:
    """Why a Location attacked a group that stopped there, for its player: a newcomer
    saw a Character lose Health on arriving with no word of why."""
    need = lacking(card)
    without = f" without {need}" if need else ""
    return (f"{name(e.cell)} has Attack {e.attack}: it attacks each Character of a group "
            f"that stops there{without}, once per Turn (and once per Combat round while "
            f"fighting there). Damage that neither Bonks nor Kills heals at once.")


def restarts(before: dict, after: dict, events: Iterable[E.Event], seat_name: Callable,
             name: Callable) -> list[tuple[tuple, str]]:
    """The attacks on Locations these events started over (Rules for Locations: "If you
    attack another target or leave the Location you must start over"), each a cell and
    a log line saying whose and why. The engine lifts them with no event of their own."""
    seen = list(events)
    out = []
    for cell, was in before.items():
        now = after.get(cell)
        if now is None or now.kind != "location" or not was.siege:
            continue  # (a Location turned Haven ends every attack: HavenBuilt says so)
        kept = dict(now.siege)
        for seat, damage in was.siege:
            if seat in kept and kept[seat] >= damage:
                continue
            why = _why(seat, cell, seen)
            out.append((cell, f"{seat_name(seat)}'s attack on {name(cell)} starts over"
                              f"{why}: its Health is full again"))
    return out


def _why(seat: int, cell, seen: list[E.Event]) -> str:
    for e in seen:
        match e:
            case E.ScavengingEnded(seat=s, cell=c) if (s, tuple(c)) == (seat, tuple(cell)):
                return " (its Scavenging ended)"
            case E.Moved(origin=o) | E.RanAway(cell=o) if o is not None and \
                    tuple(o) == tuple(cell):
                return " (the group left it)"
    return " (another target was attacked)"


def tell(t, before: dict, units: dict, was_fighting: bool, seen: list[E.Event]) -> None:
    """What the table `t` says of these events' Locations, after them: each attack that
    started over, in the log and over its cell; and, to a person whose group a Location
    attacked as it stopped there, why (a note). `before`, `units`: the Places and units
    as the events found them; `was_fighting`, whether a Combat was under way."""
    from .words import fighting
    for cell, line in restarts(before, t.board.places, seen, t.seat_name, t.name):
        t.log_after(line)
        t.animator.cell_words(t, cell, "Attack starts over")
    seat, fight = t.board.view.seat, was_fighting
    for e in seen:
        if isinstance(e, E.LocationAttacks) and not fight and \
                getattr(units.get(e.target), "owner", None) == seat:
            place = before.get(e.cell) or t.board.places.get(e.cell)
            cid = t.board.card_id(place.card) if place is not None else None
            if cid is not None:
                words = struck_words(e, t.session.game.db[cid], t.name)
                t.animator.at_cursor(lambda words=words: t.say(words, note=True))
                break
        fight = fighting((e,), fight)


def facts(place, card: CardDef, seat: int, seat_name: Callable) -> list[str]:
    """The inspector's lines for a Location that attacks or may be attacked (Rules for
    Locations): whom it attacks and how often; its Health against each attack under
    way, and what starts one over."""
    out = []
    attack = card.ability("attack") or 0
    if attack > 0 and place.kind == "location" and not place.destroyed:
        need = lacking(card)
        out.append(f"Attack {attack} on its card: it attacks each Character of a group that "
                   f"stops here{f' without {need}' if need else ''}, once per Turn and once "
                   f"per Combat round.")
    h = health(place, card, seat)
    if h is not None:
        left, full, _ = h
        sieges = dict(place.siege)
        mine = f"Health {full}/{full}" if seat not in sieges else \
            f"your attack has left it Health {left}/{full}" + (
                ": open to your Scavenging" if left <= 0 else "")
        others = [f"{seat_name(s)}'s attack Health {full - d}/{full}"
                  for s, d in sorted(sieges.items()) if s != seat]
        out.append(f"Defense {full}: attack it to Scavenge it without the requirements; "
                   f"{'; '.join([mine] + others)}. An attack starts over when its group "
                   f"leaves or attacks another target.")
    return out
