"""Every kind of pending decision, for readers of the stack (the window, the AI, tests).

Each is defined with the rule it belongs to; this module only gathers them:

| decision | what the game waits for | module |
|---|---|---|
| Placement | a seat to place a Location or its Haven (setup) | setup.py |
| Dealing | a seat to deal a Disaster or an Item face down under a Location (setup) | setup.py |
| PhaseStep | the current player in its phase (automatic in Reload, Maintenance) | turns.py |
| DisasterMoves | nobody: the Disasters moving in the Maintenance phase | maintenance.py |
| Scavenging | the group Scavenging: go on, retrieve, or stop | scavenging.py |
| Combat | a group against a Disaster: Charm breaks, a command, declarations, where to run | combat.py |
| Duel | Combat between players: Charm, orders, declarations, where to run | duel.py |
| FlashWindow | a seat to answer the Flash Effects played, or pass | flash.py |
| HavenQuestion | a Haven's owner to let another player's group stop there | havens.py |
| GuestTake | a Haven's owner to let a guest take a card out, or fight it | havens.py |
| Getaway | a thief to take its one full movement after stealing, or stay | steal.py |
"""
from .combat import Combat
from .duel import Duel
from .flash import FlashWindow
from .havens import GuestTake, HavenQuestion
from .maintenance import DisasterMoves
from .scavenging import Scavenging
from .steal import Getaway
from .setup import Dealing, Placement
from .turns import PhaseStep

__all__ = ["Combat", "Dealing", "DisasterMoves", "Duel", "FlashWindow", "Getaway", "GuestTake",
           "HavenQuestion", "PhaseStep", "Placement", "Scavenging"]
