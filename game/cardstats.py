"""How often each card of the set showed up in simulated games, from a `simulate --log`
file: the cards nobody ever plays or meets are dead weight in the set
(`python main.py cardstats --log FILE`)."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import IO

from game.engine import Game
from game.engine import events as E

# What counts as a card taking part, by the event that names it.
PLAYED = {kind.type: what for kind, what in (
    (E.CardPlayed, "played"), (E.FlashPlayed, "played"), (E.CardUsed, "used"),
    (E.CardPlaced, "placed"), (E.CombatCard, "drawn in Combat"),
    (E.DisasterRevealed, "revealed"), (E.DisasterEntered, "entered"),
    (E.ItemTaken, "taken"), (E.ItemStolen, "taken"), (E.Transformed, "transformed into"))}


def count(games: Sequence[Game], lines: Iterable[str]) -> dict[str, Counter]:
    """card id -> how many times it was played, used, placed, drawn, revealed, taken.

    Log line i of game g names instances of games[g % len(games)], as simulate plays."""
    out: dict[str, Counter] = {}
    for line in lines:
        e = json.loads(line)
        kind = PLAYED.get(e.get("type"))
        if kind is None:
            continue
        game = games[e["game"] % len(games)]
        card = e.get("card")  # the full log: public and private parts side by side
        if isinstance(card, int) and 0 <= card < len(game.card_ids):
            out.setdefault(game.card_ids[card], Counter())[kind] += 1
    return out


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
