"""How often each card of the set showed up in simulated games, from a `simulate --log`
file: the cards nobody ever plays or meets are dead weight in the set
(`python main.py cardstats --log FILE`)."""
from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import count as count_from
from pathlib import Path
from typing import IO

from game.engine import Game, LoadError
from game.engine import events as E
from game.engine.files import BOM, line_of, loads_json, open_plain, other_encoding
from game.engine.save import cards_digest
from game.engine.yamlfile import shown

# What counts as a card taking part, by the event that names it.
PLAYED = {kind.type: what for kind, what in (
    (E.CardPlayed, "played"), (E.FlashPlayed, "played"), (E.CardUsed, "used"),
    (E.CardPlaced, "placed"), (E.CombatCard, "drawn in Combat"),
    (E.DisasterRevealed, "revealed"), (E.DisasterEntered, "entered"),
    (E.ItemTaken, "taken"), (E.ItemStolen, "taken"), (E.Transformed, "transformed into"))}


MAX_LOG_LINE = 1 << 20  # one event; the longest simulate writes are a few hundred bytes
NOT_A_LOG = "not a log written by simulate --log"
# simulate --log's first line of each game: its decks and its cards' digest. Kept here,
# where the log is read, so that reading one loads no AI (simulate imports it).
SETUP = "game_setup"


def read_log(path: str | Path) -> Iterator[str]:
    """The lines of a `simulate --log` file, each read with a bound (a file of one
    endless line) and decoded alone, so that a bad byte is named by its line."""
    p = str(path)
    fd = open_plain(p)  # a FIFO would wait for ever, a device never end, /proc/kmsg wait
    number = 1  # the line, as YAML's reader and the other files' errors count
    try:
        with os.fdopen(fd, "rb") as f:
            for first in count_from(1):
                raw = f.readline(MAX_LOG_LINE + 1)
                if first == 1:  # as files.read_text: a byte order mark is not the log's
                    raw = raw.removeprefix(BOM)
                if not raw:
                    return
                if len(raw) > MAX_LOG_LINE:
                    raise LoadError(p, number, None, f"a line of more than {MAX_LOG_LINE} "
                                                     f"bytes; {NOT_A_LOG}")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise (first == 1 and other_encoding(p, raw)) or LoadError(
                        p, number + line_of(raw, e.start) - 1, None,
                        f"bytes that are not UTF-8; {NOT_A_LOG}") from None
                number += lines_in(text)
                yield text
    except OSError as e:
        raise LoadError(p, None, None, f"cannot read the log: {e.strerror or e}") from None


def lines_in(text: str) -> int:
    """The lines YAML's reader counts in one line of a log (read up to its \\n): one,
    and one more for each NEL, U+2028, U+2029 or lone \\r in it (files.line_of)."""
    body = text[:-2] if text.endswith("\r\n") else text.removesuffix("\n")
    return line_of(body, len(body))


def count(games: Sequence[Game], lines: Iterable[str],
          path: str = "the log") -> dict[str, Counter]:
    """card id -> how many times it was played, used, placed, drawn, revealed, taken.

    Log line i of game g names instances of games[g % len(games)], as simulate plays.
    A line that is not such an event is a LoadError naming `path` and the line."""
    out: dict[str, Counter] = {}
    games_seen = False
    after = 1  # the first line of the next log line, as YAML's reader counts
    for line in lines:
        number, after = after, after + lines_in(line)
        try:
            e = loads_json(line, path)
        except LoadError as err:  # its own line within this one
            if games_seen and not line.endswith("\n"):  # simulate ends every line: cut
                raise LoadError(path, number, None, "the last line is cut short (it has no "
                                "line end): is simulate still writing this log, or was it "
                                "cut? Count it once simulate is done") from None
            raise LoadError(path, number + (err.line or 1) - 1, None,
                            f"{NOT_A_LOG} ({err.message})") from None
        if not isinstance(e, dict):
            raise LoadError(path, number, None, f"{NOT_A_LOG} (each line is one JSON object, "
                                                f"not {shown(e)})")
        index = e.get("game")
        if "game" not in e:
            raise LoadError(path, number, None, f"{NOT_A_LOG} (no game number)")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise LoadError(path, number, "game", f"{NOT_A_LOG} (a game number, not "
                                                  f"{shown(index)})")
        games_seen = True
        if e.get("type") == SETUP and e.get("shown_to", "all") != "all":
            # Counted as the table's, the cards hidden from that seat read as never played.
            raise LoadError(path, number, "shown_to", f"this log is seat "
                            f"{shown(e.get('shown_to'))}'s share (simulate --log-seat): "
                            "cardstats counts every card the table played, from a log of "
                            "every seat's (simulate --log alone)")
        game = games[index % len(games)]
        _of_game(game, e, path, number)
        kind = PLAYED.get(e.get("type")) if isinstance(e.get("type"), str) else None
        if kind is None:
            continue
        card = e.get("card")  # the full log: public and private parts side by side
        if isinstance(card, int) and not isinstance(card, bool):
            out.setdefault(game.card_ids[card], Counter())[kind] += 1
    if not games_seen:  # "0 of 179 cards took part" would read as a finding
        raise LoadError(path, None, None, f"no event of any game in it; {NOT_A_LOG}")
    return out


def _of_game(game: Game, e: dict, path: str, number: int) -> None:
    """LoadError unless the event's seat and card can be its game's: a log names cards by
    their number in its game, so one read with another --level or --seats than simulate
    played was counted as other cards, and the numbers past the last left out."""
    seat, card = e.get("seat"), e.get("card")
    another = "is the log of another level or --seats than these?"
    if e.get("type") == SETUP and e.get("cards") != cards_digest(game):
        decks = e.get("decks")
        played = ", ".join(map(shown, decks)) if isinstance(decks, list) else shown(decks)
        raise LoadError(path, number, "decks", f"game {e['game']} was played with {played}, "
                                               f"not {', '.join(d.id for d in game.decks)}: "
                                               f"{another}")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= len(game.decks):
        raise LoadError(path, number, "seat", f"seat {seat} is no seat of this level's games "
                                              f"({len(game.decks)} seats): {another}")
    if not isinstance(card, int) or isinstance(card, bool):
        return
    if not 0 <= card < len(game.card_ids):
        raise LoadError(path, number, "card", f"c{card} is no card of this level's games "
                                              f"(c0 to c{len(game.card_ids) - 1}): {another}")
    placed = e.get("kind") if e.get("type") == E.CardPlaced.type else None
    if placed is not None and game.card(card).type != placed:
        raise LoadError(path, number, "card", f"c{card} placed as {shown(placed, 20)} is a "
                                              f"{game.card(card).type} here: {another}")


def report(games: Sequence[Game], stats: dict[str, Counter], out: IO[str],
           as_json: bool) -> None:
    """Every card of the decks played, most seen first; then the ones never seen."""
    in_decks = sorted({cid for g in games for cid in g.card_ids})
    unseen = [c for c in in_decks if c not in stats]
    if as_json:
        out.write(json.dumps({"cards": {c: dict(n) for c, n in sorted(stats.items())},
                              "unseen": unseen}) + "\n")
        return
    for cid, n in sorted(stats.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        parts = ", ".join(f"{k} {v}" for k, v in sorted(n.items()))
        out.write(f"{cid:32} {sum(n.values()):6}  {parts}\n")
    out.write(f"{len(stats)} of {len(in_decks)} cards in the decks took part; "
              f"never: {', '.join(unseen) or 'none'}\n")
