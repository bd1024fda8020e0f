"""Physical Combat between a player's group and a Combat Disaster (rulebook, Combat).

Each round: the Disaster picks its target (a random Character with an Item,
else a random Character); the player may Run Away, else declares for each
Character attack, protect or nothing; then Combat cards are drawn (R11) and
attack and counter-attack are resolved at once.
"""
from __future__ import annotations

from collections.abc import Sequence

from . import charm, effects, flash, locations, special
from . import events as E
from .abilities import has_flag, health, total
from .actions import Action, Declare, Fight, RunAway, RunTo
from .cards import Modifier
from .effects import Ctx
from .events import Event
from .field import neighbours
from .items import drop_all
from .state import MOVE, SCAVENGE, Combat, GameState, Unit
from .terrain import attacked_elsewhere, can_stop, group_symbols, left

MAX_PROTECTORS = 2
MAX_ATTACKERS = {"major": 4, "minor": 3}
# R41: rounds in a row in which nobody is hurt that make a stand-off. A group that
# can hurt the Disaster, or be hurt by it, almost always is within three rounds:
# the Combat cards swing a round, seldom three.
STAND_OFF = 3
BONK_TURNS = 2  # R9: back in the owner's Reload two of its turns later (one full turn out)


def choose_target(st: GameState, chars: Sequence[Unit]) -> Unit:
    """Combat with Disasters: a random Character having an Item, else a random one (R13)."""
    pool = [u for u in chars if u.items] or list(chars)
    return st.rng.choice(sorted(pool, key=lambda u: u.card))


def group(st: GameState) -> list[Unit]:
    c = st.combat
    return sorted(st.chars_at(c.seat, c.cell), key=lambda u: u.card)


def start(st: GameState, seat: int, cell, queue: list[int], context: str,
          ev: list[Event], first_target: Unit | None = None, *, fresh: bool = True) -> None:
    """Combat consists of Charm Combat followed by Physical Combat. Allied Disasters
    are fought together, one at a time, primary first: a `fresh` Combat takes in the
    allies of the Disasters queued (the next in a queue already has them)."""
    from .disasters import alliance

    if fresh:
        queue = list(dict.fromkeys(a.card for q in queue for a in alliance(st, st.units[q])
                                   if a.pos == cell))
    st.combat = Combat(seat, cell, queue[0], queue[1:], context)
    if context != "fight":  # the Disaster attacks them: Charms it won before are over
        charm.release(st, queue[0], st.chars_at(seat, cell))
    ev.append(Event(E.COMBAT_BEGAN, {"seat": seat, "cell": cell, "disaster": queue[0],
                                     "context": context}))
    if not charm.begin(st, ev):
        start_physical(st, ev, first_target)


def _targets(st: GameState, chars: Sequence[Unit]) -> list[Unit]:
    """The Disaster cannot attack a Character that out-charmed it until it is attacked."""
    return [u for u in chars if u.card not in st.combat.resisted]


def start_physical(st: GameState, ev: list[Event], target: Unit | None = None) -> None:
    _start_round(st, ev, target)


def _start_round(st: GameState, ev: list[Event], target: Unit | None = None) -> None:
    c = st.combat
    chars = group(st)
    c.round += 1
    if c.round > 1:
        for u in chars:  # spent Energy comes back 1 point per round of Combat
            u.spent = max(0, u.spent - 1)
    # A Disaster allied with the group is a potential target like its Characters.
    allied = [a for a in st.allied_at(c.seat, c.cell) if a.card != c.disaster]
    pool = _targets(st, chars + allied)
    if target is None or target not in pool:
        target = choose_target(st, pool) if pool else None
    c.target = target.card if target is not None else -1
    c.to_declare = [u.card for u in chars]
    c.attackers = []
    c.protectors = []
    ev.append(Event(E.COMBAT_TARGET, {"round": c.round, "disaster": c.disaster,
                                      "target": c.target}))
    g = st.game
    st.uses = {k: n for k, n in st.uses.items()
               if k[1] < 0 or g.card(k[0]).effects[k[1]].per != "round"}
    d = st.units[c.disaster]
    ids = [u.card for u in chars]
    effects.trigger(st, Ctx(d.card, d.owner, d, c.target, ids), "combat_round", ev)
    for u in chars:
        for card in [u.card] + u.enhancements + u.equipment + u.items:
            if g.card(card).effects_on("combat_round") and u.card in st.units:
                effects.trigger(st, Ctx(card, c.seat, u, c.disaster), "combat_round", ev)
    if c.fled or not group(st):
        end(st, ev)


def attack_limit(st: GameState, disaster: int) -> int:
    return MAX_ATTACKERS[st.game.card(disaster).disaster_class or "minor"]


def candidates(st: GameState) -> list[Action]:
    c = st.combat
    if c.charm_stage:
        return charm.candidates(st)
    if c.running:
        symbols = group_symbols(st, group(st))
        return [RunTo(n) for n in neighbours(c.cell) if can_stop(st, c.seat, symbols, n)]
    acts: list[Action] = []
    char = c.to_declare[0]
    # No Action: it still defends and may Run Away (guidelines 1.1, 1.2), nothing more.
    free = not has_flag(st, st.units[char], "no_action")
    charmed = char in c.charmed  # cannot attack the Disaster until it attacks it
    if free and not charmed and len(c.attackers) < attack_limit(st, c.disaster):
        acts.append(Declare(char, "attack"))
    if free and c.target >= 0 and char != c.target and len(c.protectors) < MAX_PROTECTORS:
        acts.append(Declare(char, "protect"))
    acts.append(Declare(char, "none"))
    if len(c.to_declare) == len(group(st)):
        acts.append(RunAway())  # "say so at the beginning of any Combat round"
    return acts + flash.playable(st, c.seat) + special.candidates(st, c.seat)


def fights(st: GameState) -> list[Action]:
    """Combat Disasters the current player's groups may choose to fight."""
    seat = st.turn_seat
    cells = {u.pos for u in st.characters(seat)}
    return [Fight(u.card) for u in sorted(st.units.values(), key=lambda u: u.card)
            if u.disaster and u.pos in cells and u.ally_seat != seat
            and st.places[u.pos].kind == "location" and st.game.card(u.card).is_combat_disaster
            and not all(charm.charmed_by(st, c, u.card) for c in st.chars_at(seat, u.pos))
            and not charm.commanded_by(st, u.card, seat)]


def _why_not_combat(st: GameState, a: Action) -> str | None:
    c = st.combat
    if c is None:
        return "there is no Combat now"
    if c.running:
        return "choose where the group runs to"
    if isinstance(a, RunTo):
        return "the group is not Running Away"
    if isinstance(a, RunAway):
        return "Running Away is declared at the beginning of a round"
    assert isinstance(a, Declare)
    if a.char not in c.to_declare:
        return f"c{a.char} has nothing to declare now"
    if a.char != c.to_declare[0]:
        return f"declare for c{c.to_declare[0]} first"
    if a.role == "protect" and a.char == c.target:
        return "the Disaster's target cannot protect itself"
    limit = MAX_PROTECTORS if a.role == "protect" else attack_limit(st, c.disaster)
    return f"at most {limit} Characters may {a.role} in a round"


def _why_not_fight(st: GameState, a: Fight) -> str | None:
    if st.phase not in (MOVE, SCAVENGE):
        return "Combat with a Disaster is begun in the Move or Scavenge phase"
    return f"c{a.disaster} is not a Combat Disaster at a Location where you have Characters"


def _fight(st: GameState, a: Fight, ev: list[Event]) -> None:
    d = st.units[a.disaster]
    attacked_elsewhere(st, st.turn_seat, None)
    start(st, st.turn_seat, d.pos, [a.disaster], "fight", ev)


def _declare(st: GameState, a: Declare, ev: list[Event]) -> None:
    c = st.combat
    c.to_declare.pop(0)
    if a.role == "attack":
        c.attackers.append(a.char)
    elif a.role == "protect":
        c.protectors.append(a.char)
    ev.append(Event(E.COMBAT_DECLARED, {"char": a.char, "role": a.role}))
    if not c.to_declare:
        _resolve_round(st, ev)


def draw_combat(st: GameState, seat: int) -> int | None:
    """Draw from a Combat pile, reshuffling its discard when it is empty (R7)."""
    s = st.seats[seat]
    if not s.combat:
        s.combat, s.combat_discard = s.combat_discard, []
        st.rng.shuffle(s.combat)
    return s.combat.pop() if s.combat else None


def _half(st: GameState, card: int | None) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    half = st.game.card(card).physical if card is not None else None
    return (half.own, half.opponent) if half else ((), ())


def hit(st: GameState, round_: int, target: Unit, attackers: list[int], attack: int,
        defense: int, protectors: list[Unit], ev: list[Event], disaster_class: str | None,
        final: bool = False) -> tuple[int, list[int]]:
    """One hit of a Combat round, with a Disaster (its class) or between players (None):
    Damage = Attack - Defense (R10); protectors take half, at least 1 each. `final`: the
    unanswered attack on a group that Runs Away (R27)."""
    damage = max(0, attack - defense)
    before = health(st, target)
    target.damage += damage
    after = health(st, target)
    base = st.game.card(target.card).base_health
    guard = [max(1, damage // 2) for _ in protectors]
    for p, d in zip(protectors, guard):
        p.damage += d
    if target.disaster:
        result = "defeated" if after <= 0 else "ok"
    else:
        result = "killed" if after <= -base else "bonked" if after <= 0 else "ok"
    ev.append(Event(E.COMBAT_HIT, {
        "round": round_, "target": target.card,
        "target_kind": "disaster" if target.disaster else "character",
        "disaster_class": disaster_class, "attackers": attackers, "attack": attack,
        "defense": defense, "damage": damage, "health_before": before, "health_after": after,
        "base_health": base, "result": result,
        "protectors": [{"id": p.card, "damage": d} for p, d in zip(protectors, guard)],
        "final": final}))
    return damage, guard


def _hit(st: GameState, c: Combat, target: Unit, attackers: list[Unit], attack: int,
         defense: int, protectors: list[Unit], ev: list[Event],
         final: bool = False) -> tuple[int, list[int]]:
    """A hit in this Combat with a Disaster."""
    return hit(st, c.round, target, [u.card for u in attackers], attack, defense, protectors,
               ev, st.game.card(c.disaster).disaster_class, final)


def _resolve_round(st: GameState, ev: list[Event]) -> None:
    c = st.combat
    d = st.units[c.disaster]
    target = st.units.get(c.target)  # None: the Disaster attacks nobody this round
    attackers = [st.units[i] for i in c.attackers]
    protectors = [st.units[i] for i in c.protectors]
    if target is None and not attackers:
        end(st, ev)  # nobody will fight: Combat is over
        return
    before = {u.card: u.damage for u in group(st) + st.allied_at(c.seat, c.cell) + [d]}
    # R11: a Combat card for every attacker, in declaration order, the Disaster first.
    fighters = ([d] if target is not None else []) + attackers
    drawn = [(u, draw_combat(st, c.seat)) for u in fighters]
    for u, card in drawn:
        if card is not None:
            ev.append(Event(E.COMBAT_CARD, {"for": u.card, "card": card}))
    own = {u.card: _half(st, card)[0] for u, card in drawn}
    d_opp = _half(st, drawn[0][1])[1] if target is not None else ()
    char_opp: list[Modifier] = [m for u, card in drawn if u is not d for m in _half(st, card)[1]]
    # Own card first, then the opponent's cards' effects, in the order drawn.
    d_mods = own.get(d.card, ()) + tuple(char_opp)

    def mods(u: Unit) -> tuple[Modifier, ...]:
        return own.get(u.card, ()) + (d_opp if u is target else ())

    if attackers:
        attack_on_d = sum(total(st, a, "attack", mods(a)) for a in attackers)
        _hit(st, c, d, attackers, attack_on_d, total(st, d, "defense", d_mods), [], ev)
        # Attacking a Disaster it out-charmed lets the Disaster attack it again.
        c.resisted = [r for r in c.resisted if r not in c.attackers]
    hurt: list[Unit] = []
    if target is not None:
        t_defense = total(st, target, "defense", mods(target)) + sum(
            total(st, p, "defense") for p in protectors)
        # Allied Disasters attack with their combined Attack (Ally Disasters).
        allies = [a for a in _allies(st, d) if a is not d]
        attack = total(st, d, "attack", d_mods) + sum(total(st, a, "attack") for a in allies)
        damage, guard = _hit(st, c, target, [d] + allies, attack, t_defense, protectors, ev)
        c.charmed.pop(target.card, None)  # attacked by the Disaster: its Charm is over
        hurt = [u for u, n in zip([target] + protectors, [damage] + guard) if n > 0]
    for _, card in drawn:
        if card is not None:
            st.seats[c.seat].combat_discard.append(card)
    # The Location attacks too, once per Combat round, if the group lacks its skills.
    struck = group(st) if locations.attack_on(st, c.cell, group(st)) else []
    for u in struck:
        locations.strike(st, c.cell, u, ev)
    c.quiet = quiet_rounds(st, before, c.quiet)
    _after_hits(st, d, hurt, ev, struck, c.quiet >= STAND_OFF)


def quiet_rounds(st: GameState, before: dict[int, int], so_far: int) -> int:
    """R41: the count of rounds in a row without Damage, after one whose fighters had
    `before` Damage (by card) at its start: one more if none was hurt or removed."""
    quiet = all(i in st.units and st.units[i].damage <= n for i, n in before.items())
    return so_far + 1 if quiet else 0


def _allies(st: GameState, d: Unit) -> list[Unit]:
    from .disasters import alliance

    return [a for a in alliance(st, d) if a.pos == d.pos]


def _after_hits(st: GameState, d: Unit, hurt: list[Unit], ev: list[Event],
                struck: Sequence[Unit], stand_off: bool) -> None:
    """Bonk, Kill and Defeat, then the next round, the end of Combat or, after a
    stand-off, the group Running Away. Only those the Disaster hurt lose an Item to
    it (not those the Location alone hurt)."""
    defeated = health(st, d) <= 0
    for u in hurt + [s for s in struck if s not in hurt]:
        h = health(st, u)
        if u.disaster:  # a Disaster allied with the group
            if h <= 0 and u.card in st.units:
                defeat_disaster(st, u, ev)
            continue
        if h <= 0 and u.card in st.units:
            defeat_character(st, u, h <= -st.game.card(u.card).base_health,
                             None if defeated or u not in hurt else d, ev)
    if defeated:
        defeat_disaster(st, d, ev)
        end(st, ev)
    elif not group(st):
        end(st, ev)
    elif stand_off:
        # R41: else a Disaster and a group that cannot (or will not) hurt each other
        # would fight for ever; this round's attack stands for the final one.
        ev.append(Event(E.RAN_AWAY, {"seat": st.combat.seat, "cell": st.combat.cell,
                                     "stand_off": True}))
        _begin_run(st, ev)
    else:
        _start_round(st, ev)


def defeat_disaster(st: GameState, d: Unit, ev: list[Event]) -> None:
    """A Defeated Disaster is Discarded; its Item is dropped beneath the Location."""
    effects.trigger(st, Ctx(d.card, d.owner, d), "defeated", ev)
    drop_all(st, d, ev)
    del st.units[d.card]
    for a in st.units.values():
        if a.leader == d.card:
            a.leader = -1  # its primary Defeated, the alliance breaks up
    st.seats[d.owner].discard.append(d.card)
    ev.append(Event(E.DISASTER_DEFEATED, {"card": d.card, "cell": d.pos}))


def defeat_character(st: GameState, u: Unit, killed: bool, taker: Unit | None,
                     ev: list[Event]) -> None:
    """Bonk or Kill: Enhancements are Discarded, Equipment and Items dropped under the
    Location; a Disaster that did it swaps its Item for one the Character had."""
    if taker is not None and u.items:
        taken = st.rng.choice(sorted(u.items))
        u.items.remove(taken)
        drop_all(st, taker, ev)
        taker.items.append(taken)
        ev.append(Event(E.ITEM_TAKEN, {"by": taker.card, "from": u.card}))
    owner = st.seats[u.owner]
    owner.discard.extend(u.enhancements)
    drop_all(st, u, ev, equipment=True)
    del st.units[u.card]
    if killed:
        owner.discard.append(u.card)
        ev.append(Event(E.KILLED, {"card": u.card, "cell": u.pos}))
    else:
        owner.set_aside.append((u.card, owner.turns + BONK_TURNS))
        ev.append(Event(E.BONKED, {"card": u.card, "cell": u.pos}))


def end(st: GameState, ev: list[Event]) -> None:
    """End of Combat: Health and Energy are restored; the next Disaster in line attacks."""
    c = st.combat
    chars = group(st)
    for u in chars:
        u.damage = 0
        u.spent = 0
    if c.disaster in st.units:
        st.units[c.disaster].damage = 0
    st.lasting = [x for x in st.lasting if x.until != "combat"]
    ev.append(Event(E.COMBAT_ENDED, {"seat": c.seat, "disaster": c.disaster,
                                     "defeated": c.disaster not in st.units}))
    st.combat = None
    queue = [q for q in c.queue if q in st.units and st.units[q].pos == c.cell]
    if queue and chars:
        start(st, c.seat, c.cell, queue, c.context, ev, fresh=False)


def _run_away(st: GameState, a: RunAway, ev: list[Event]) -> None:
    """The opponent gets one final, unanswered attack; the survivors move 1 Location."""
    c = st.combat
    d = st.units[c.disaster]
    ev.append(Event(E.RAN_AWAY, {"seat": c.seat, "cell": c.cell}))
    target = st.units.get(c.target)
    if target is not None:
        card = draw_combat(st, c.seat)
        own, opp = _half(st, card)
        allies = [a for a in _allies(st, d) if a is not d]
        _hit(st, c, target, [d] + allies,
             total(st, d, "attack", own) + sum(total(st, a, "attack") for a in allies),
             total(st, target, "defense", opp), [], ev, final=True)
        if card is not None:
            st.seats[c.seat].combat_discard.append(card)
    if target is not None and health(st, target) <= 0:
        defeat_character(st, target, health(st, target) <= -st.game.card(target.card).base_health,
                         d, ev)
    _begin_run(st, ev)


def _begin_run(st: GameState, ev: list[Event]) -> None:
    """The survivors choose the Location they run to (RunTo), if there is one."""
    for u in group(st):  # Health is restored when Combat ends, wherever they run
        u.damage = 0
        u.spent = 0
    st.combat.running = True
    if not group(st) or not candidates(st):
        _finish_run(st, ev)


def _run_to(st: GameState, a: RunTo, ev: list[Event]) -> None:
    c = st.combat
    for u in group(st):
        u.pos = a.cell
    ev.append(Event(E.MOVED, {"seat": c.seat, "chars": [u.card for u in st.chars_at(c.seat, a.cell)],
                              "from": c.cell, "to": a.cell}))
    left(st, c.seat, c.cell)
    _finish_run(st, ev)


def _finish_run(st: GameState, ev: list[Event]) -> None:
    c = st.combat
    runner = c.seat
    c.queue = []
    end(st, ev)
    if runner == st.turn_seat:
        st.ending_turn = True  # "This will end your Turn."


HANDLERS = {
    **charm.HANDLERS,
    Declare: (_why_not_combat, _declare),
    RunAway: (_why_not_combat, _run_away),
    RunTo: (_why_not_combat, _run_to),
    Fight: (_why_not_fight, _fight),
}
