"""The table in words: actions as button labels, events as log lines, and the
rules keywords a zoomed card explains. Only names the viewer may know are used."""
from __future__ import annotations

from collections.abc import Callable

from game.engine import actions as A
from game.engine import events as E

# Instance id -> card name, or "a face-down card"; a cell -> the name of the card there
# (players know Locations by name, not by grid coordinates).
Namer = Callable[[int | tuple[int, int]], str]

PHASE_NAMES = {"setup": "Setting up the Field", "discard": "Discard phase",
               "reload": "Reload phase", "maintenance": "Maintenance phase",
               "equip": "Equip phase", "move": "Move phase", "scavenge": "Scavenge phase",
               "over": "Game over"}

PHASE_HINTS = {
    "setup": "Place your card: click a glowing cell, or drag the card onto one.",
    "discard": "Click the cards you do not want to discard them, then End phase.",
    "equip": "Drag a card from your hand onto a glowing target, or End phase.",
    "move": "Click your Characters, then a glowing cell; click a glowing Disaster to fight.",
    "scavenge": "Click a glowing Location to Scavenge it, or End phase.",
}

# What a keyword on a card means, in a line (rulebook, Basic Terms and Abilities).
GLOSSARY = {
    "attack": "Attack: added to the group's to hit one target.",
    "defense": "Defense: an Attack must beat it; base Defense = Health.",
    "movement": "Movement: Locations it may move each Turn.",
    "charm": "Charm: for Charm Combat and Charm requirements.",
    "energy": "Energy: spent to use abilities.",
    "bonk": "Bonk: Health 0 or less; out for a full Turn, Items dropped.",
    "kill": "Kill: Health down to minus base Health in one attack; Discarded.",
    "haven": "Haven: its owner's safe base; Characters enter play there.",
    "item": "Item: what the game is won with; hold more than half to win.",
    "flash_effect": "Flash Effect: played any time, even in another's turn.",
    "global_effect": "Global Effect: stays in play Off Field.",
    "enhancement": "Enhancement: played on a Character in your Haven.",
    "equipment": "Equipment: played into your Haven, carried by Characters.",
    "major": "Major Disaster: comes back to the Field after its cycle.",
    "minor": "Minor Disaster: Discarded at the end of its cycle.",
    "non_combat": "Non-Combat Disaster: Defeat it by its requirements or endure it.",
    "hold": "Hold: cannot leave its Location.",
    "no action": "No Action: cannot move or attack.",
}


def action_text(a: A.Action, name: Namer) -> str:
    """A legal action as a short label for a button."""
    match a:
        case A.PlaceCard(card, cell):
            return f"Place {name(card)} at {name(cell)}"
        case A.EndPhase():
            return "End phase"
        case A.DiscardCard(card):
            return f"Discard {name(card)}"
        case A.PlayCard(card, None):
            return f"Play {name(card)}"
        case A.PlayCard(card, target):
            return f"Play {name(card)} on {name(target)}"
        case A.Move(chars, cell):
            return f"Move {' + '.join(map(name, chars))} to {name(cell)}"
        case A.Fight(d):
            return f"Fight {name(d)}"
        case A.Scavenge(cell):
            return f"Scavenge {name(cell)}"
        case A.AttackLocation(cell):
            return f"Attack the Location at {name(cell)}"
        case A.ContinueScavenging():
            return "Turn over the next Disaster"
        case A.StopScavenging():
            return "Stop Scavenging"
        case A.Retrieve(char):
            return f"{name(char)} retrieves"
        case A.PickUp(card, char):
            return f"{name(char)} picks up {name(card)}"
        case A.Drop(card, char):
            return f"{name(char)} drops {name(card)}"
        case A.Transfer(card, src, dst):
            return f"{name(src)} gives {name(card)} to {name(dst)}"
        case A.Declare(char, role):
            verb = {"attack": "attacks", "protect": "protects", "none": "stays out"}[role]
            return f"{name(char)} {verb}"
        case A.RunAway():
            return "Run Away"
        case A.RunTo(cell):
            return f"Run to {name(cell)}"
        case A.UseCard(card, _, None):
            return f"Use {name(card)}"
        case A.UseCard(card, _, target):
            return f"Use {name(card)} on {name(target)}"
        case A.Pass():
            return "Pass (let it resolve)"
        case A.BuildHaven(cell):
            return f"Build a Haven at {name(cell)}"
        case A.BreakCharm(char, charmed):
            return f"{name(char)} tries to free {name(charmed)}"
        case A.Command(order):
            return "Command: leave us be" if order == "leave" else "Command: drop its Item"
        case A.Proceed():
            return "Go on"
        case A.Challenge(seat, cell):
            return f"Attack Player {seat + 1}'s group at {name(cell)}"
        case A.Engage(char, "none", _):
            return f"{name(char)} stays out"
        case A.Engage(char, role, target):
            return f"{name(char)} {'attacks' if role == 'attack' else 'protects'} {name(target)}"
        case A.CharmAttack(char, target):
            return f"{name(char)} charms {name(target)}"
        case A.Order(char, charmed, order):
            what = "hand over an Item" if order == "hand-over" else "not attack"
            return f"{name(char)} orders {name(charmed)} to {what}"
        case A.AskPermission(cell):
            return f"Ask to stop at the Haven at {name(cell)}"
        case A.Answer(granted):
            return "Permit them to stop" if granted else "Refuse"
    return str(a)


# R41, said first: the log's column cuts long lines at the right.
STAND_OFF = "Stand-off: "
STAND_OFF_WHY = " (3 rounds, no Damage)"


def event_text(e: dict, name: Namer, seat_name: Callable[[int], str]) -> tuple[str, int | None]:
    """One log line and the card it names (for hover), or None for no line."""
    t = e["type"]
    g = e.get
    match t:
        case E.TURN_BEGAN:
            return f"— Round {e['round']}: {seat_name(e['seat'])}'s turn —", None
        case E.CARD_PLACED:
            return f"{seat_name(e['seat'])} placed {name(e['card'])}", e["card"]
        case E.CARDS_DEALT:
            return f"{e['items']} Items and the Disasters dealt face down", None
        case E.CARD_DRAWN:
            return (f"{seat_name(e['seat'])} drew {name(e['card'])}", e["card"]) if "card" in e \
                else (f"{seat_name(e['seat'])} drew a card", None)
        case E.CARD_DISCARDED:
            who = f"{seat_name(e['seat'])} discarded" if "seat" in e else "Discarded:"
            return f"{who} {name(e['card'])}", e["card"]
        case E.CARD_PLAYED:
            on = f" on {name(e['target'])}" if g("target") is not None else ""
            return f"{seat_name(e['seat'])} played {name(e['card'])}{on}", e["card"]
        case E.CHARACTER_RETURNED:
            return f"{name(e['card'])} is back in {seat_name(e['seat'])}'s hand", e["card"]
        case E.DISASTER_ENTERED:
            return f"{name(e['card'])} entered the Field", e["card"]
        case E.DISASTER_REVEALED:
            return f"Turned over: {name(e['card'])}!", e["card"]
        case E.DISASTER_MOVED:
            return f"{name(e['card'])} moved", e["card"]
        case E.DISASTER_LEFT:
            return f"{name(e['card'])} left the Field", e["card"]
        case E.DISASTER_ENDURED:
            return f"{seat_name(e['seat'])} must endure {name(e['card'])}", e["card"]
        case E.DISASTER_DEFEATED:
            return f"{name(e['card'])} is Defeated!", e["card"]
        case E.MOVED:
            who = " + ".join(map(name, e["chars"]))
            return f"{who} moved to {name(tuple(e['to']))}", e["chars"][0]
        case E.LOCATION_ATTACKS:
            return f"A Location attacks {name(e['target'])}: {e['damage']} Damage", e["target"]
        case E.LOCATION_ATTACKED:
            return (f"{seat_name(e['seat'])} attacks a Location: "
                    f"{e['attack']} vs {e['defense']}"), None
        case E.SCAVENGING_BEGAN:
            return f"{seat_name(e['seat'])} Scavenges {name(tuple(e['cell']))}", None
        case E.SCAVENGING_ENDED:
            return "Scavenging ends", None
        case E.ITEM_TAKEN:
            what = name(e["card"]) if "card" in e else "a face-down card"
            return f"{name(e['by'])} took {what}", e.get("card", e["by"])
        case E.ITEM_DROPPED:
            what = name(e["card"]) if "card" in e else "a card"
            return f"{name(e['by'])} dropped {what}", e.get("card", e["by"])
        case E.ITEM_TRANSFERRED:
            what = name(e["card"]) if "card" in e else "a card"
            return f"{name(e['from'])} gave {what} to {name(e['to'])}", e.get("card", e["to"])
        case E.ITEM_DESTROYED:
            return "An Item was Destroyed", None
        case E.COMBAT_BEGAN:
            return f"Combat! {seat_name(e['seat'])} against {name(e['disaster'])}", e["disaster"]
        case E.COMBAT_TARGET:
            return f"Round {e['round']}: {name(e['disaster'])} attacks {name(e['target'])}", \
                e["target"]
        case E.COMBAT_DECLARED:
            role = {"attack": "attacks", "protect": "protects", "none": "stays out"}[e["role"]]
            return f"{name(e['char'])} {role}", e["char"]
        case E.COMBAT_CARD:
            return f"Combat card for {name(e['for'])}: {name(e['card'])}", e["card"]
        case E.COMBAT_HIT:
            res = {"bonked": " Bonked!", "killed": " Killed!", "defeated": " Defeated!"}
            return (f"{name(e['target'])} hit: Attack {e['attack']} vs Defense {e['defense']}, "
                    f"{e['damage']} Damage{res.get(e['result'], '')}"), e["target"]
        case E.COMBAT_ENDED:
            return ("Combat over: the Disaster is Defeated" if e["defeated"]
                    else "Combat over"), e["disaster"]
        case E.RAN_AWAY:
            if e.get("stand_off"):
                return f"{STAND_OFF}{seat_name(e['seat'])} Runs Away{STAND_OFF_WHY}", None
            return f"{seat_name(e['seat'])} Runs Away!", None
        case E.BONKED:
            return f"{name(e['card'])} is Bonked", e["card"]
        case E.KILLED:
            return f"{name(e['card'])} is Killed", e["card"]
        case E.CHARM_CONTEST:
            return (f"Charm: {name(e['attacker'])} {e['attacker_charm']} vs "
                    f"{name(e['defender'])} {e['defender_charm']} ({e['result']})"), e["attacker"]
        case E.CHARM_COMMAND:
            return f"{name(e['disaster'])} is commanded to {e['order']}", e["disaster"]
        case E.EFFECT if e["step"] == "modify":
            return f"{name(e['card'])}: {', '.join(e['mods'])} to {name(e['unit'])}", e["card"]
        case E.EFFECT if e["step"] == "damage":
            return f"{name(e['card'])} deals {e['damage']} Damage to {name(e['unit'])}", e["card"]
        case E.CARD_USED:
            return f"{seat_name(e['seat'])} used {name(e['card'])}", e["card"]
        case E.FLASH_PLAYED:
            return f"{seat_name(e['seat'])} plays the Flash Effect {name(e['card'])}", e["card"]
        case E.FLASH_RESOLVED:
            return f"{name(e['card'])} takes effect", e["card"]
        case E.PASSED:
            return f"{seat_name(e['seat'])} passes", None
        case E.CANCELLED:
            return "A card was Cancelled", None
        case E.HAVEN_BUILT:
            return f"{seat_name(e['seat'])} built a Haven", None
        case E.DUEL_BEGAN:
            return f"Combat! {seat_name(e['seat'])} attacks {seat_name(e['opponent'])}", None
        case E.DUEL_ENDED:
            over = f"Combat between {seat_name(e['seat'])} and {seat_name(e['opponent'])} over"
            return (f"{STAND_OFF}{over}{STAND_OFF_WHY}" if e.get("stand_off") else over), None
        case E.CHARM_ORDER:
            return f"{name(e['char'])} gives {name(e['charmed'])} an order: {e['order']}", \
                e["char"]
        case E.PERMISSION_ASKED:
            return f"{seat_name(e['seat'])} asks {seat_name(e['owner'])} to stop at their Haven", \
                None
        case E.PERMISSION_ANSWERED:
            return ("Permission granted" if e["granted"] else "Permission refused"), None
        case E.DISASTERS_ALLIED:
            return f"{name(e['ally'])} allies with another", e["ally"]
        case E.GAME_OVER:
            if e["disasters_win"]:
                return "Game over: the Disasters win", None
            return f"Game over: {', '.join(map(seat_name, e['winners']))} win(s)", None
    return "", None
