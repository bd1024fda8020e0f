"""Every shipped card with an effect, a hook or `becomes_haven` does what its text says
(R1: card text first). One row per card: the card is put in play in a small scene, played,
used or triggered the way its text says, and the row names the exact changes expected.

A row's `expect` maps `who.what` to a change (an int: after less before) or to a state
(True/False: after). `who` is `user` (the Character with the card, or the card itself),
`friend` (another of its player's Characters there), `far` (one of its Characters
elsewhere), `foe` (another player's Character there) or `dis` (the Disaster there);
`what` is an ability, `skill:Name`, `damage`, `items`, `hold`, `no_action`, `gone`,
`home` or `allied`. Other keys: `hand`/`foe_hand` (cards in each hand), `drew` (a card of that
`type:` or `category:` came to the hand), `offered` (a use of the card is a legal
action), `combat.ended`, `combat.target_user`, `flash.cancelled`, `destroyed`."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from scene import card_db, empty_deck, of
from test_effects import NO_CHARM, EffectScene

from game.engine.abilities import skill_count, total
from game.engine.actions import (BuildHaven, Fight, Move, Pass, PlayCard, Scavenge, UseCard,
                                 UseEquipment)
from game.engine.cardfile import load_cards
from game.engine.cards import CardDB
from game.engine.disasters import alliance
from game.engine.maintenance import move
from game.engine.events import Cancelled
from game.engine.game import Game
from game.engine.lasting import has_flag
from game.engine.state import EQUIP, MOVE, SCAVENGE, GameState, Place, SeatState
from game.engine.turns import PhaseStep

SHIPPED = load_cards()
FIXTURES = """\
- {id: t-ace, name: Ace, type: character, gender: male, categories: [Alien, Android, Spirit],
   abilities: {attack: 3, defense: 3, movement: 2, charm: 2, energy: 4},
   skills: {Tech: 1, Mech: 1, Pilot: 1, Priest: 1, Magic: 1, Strength: 1, Swordsman: 1,
            Cooking: 1, Blind Luck: 1, Investigation: 1, Music: 1, Computer: 1, Marksman: 1,
            Weapons: 1, Fire Element: 1, Military: 1, Student: 1, Teacher: 1}}
- {id: t-pal, name: Pal, type: character, gender: female, skills: {Tech: 1},
   abilities: {attack: 2, defense: 4, movement: 2, charm: 1, energy: 1}}
- {id: t-rival, name: Rival, type: character, gender: male,
   abilities: {attack: 2, defense: 2, movement: 2, charm: 1, energy: 1}}
- {id: t-kitsune, name: Kitsune, type: character, gender: female, categories: [Spirit],
   abilities: {attack: 1, defense: 1, movement: 1, charm: 1, energy: 1}}
- {id: t-ogre, name: Ogre, type: disaster, class: major,
   abilities: {attack: 5, defense: 20, movement: 1}}
- {id: t-imp, name: Imp, type: disaster, class: minor,
   abilities: {attack: 4, defense: 20, movement: 1}}
- {id: t-gem, name: Gem, type: item}
- {id: t-gear, name: Gear, type: equipment}
- {id: t-rock, name: Rock, type: location}
- {id: t-spark, name: Spark, type: flash_effect, bonuses: {charm: "+1"}}
- id: t-pep
  name: Pep
  type: flash_effect
  effects:
    - {"on": play, target: {select: character, owner: you},
       do: [{modify: {attack: "+1"}, to: target, for: turn}]}
- id: t-nuke
  name: Nuke
  type: item
  effects:
    - {"on": use, target: {select: disaster, at: here}, do: [{damage: 99, to: target}]}
"""
DB = CardDB({**SHIPPED.cards, **card_db(FIXTURES).cards})
USER, CELL, FAR, HAVEN = "t-ace", (0, 0), (0, 1), (1, 0)


@dataclass
class Case:
    card: str
    how: str  # static, static_fight, use, use_fight, fight, moved, play, cancel,
    #           turn_start, combat_round, scavenge, revealed, defeated, build
    expect: dict
    target: str | None = None  # whom the player picks: user, friend, foe or dis
    fight: str = "t-ogre"  # the Disaster there, when the card is not one
    place: str = "plain"  # the Location at the user's cell
    items: tuple[str, ...] = ()  # what the user carries
    friend_items: tuple[str, ...] = ()
    dis_items: tuple[str, ...] = ()
    hurt: dict = field(default_factory=dict)  # Damage taken before, by who
    in_haven: bool = False  # the user's group stands in the Haven
    group: tuple[str, ...] = ()  # build: the Characters that build the Haven
    with_dis: bool = False  # revealed: the `fight` Disaster is there already

    def __str__(self) -> str:
        return f"{self.card}-{self.how}"


C = Case
CASES = [
    # Characters
    C("kaede-ironside", "static", {"user.defense": 1}),
    C("daigo-hatakeyama", "combat_round", {"user.attack": 1, "friend.attack": 1,
                                            "far.attack": 0, "foe.attack": 0}),
    C("mio-sprocket", "use", {"drew": "type:equipment", "hand": 0}),
    C("reiji-valen", "turn_start", {"user.movement": 1, "friend.movement": 1,
                                    "far.movement": 0}),
    C("unit-v7", "use_fight", {"dis.defense": -1, "user.energy": -1}, target="dis"),
    C("doc-ishimaru", "use_fight", {"friend.damage": -2}, target="friend", hurt={"friend": 3}),
    C("shin-tokorozawa", "static_fight", {"user.attack": 1}),
    C("sayo-tsukimura", "use_fight", {"dis.attack": -2, "user.energy": -1}, target="dis"),
    C("madame-foxglove", "use", {"user.skill:Priest": 1, "user.skill:Pure Heart": 1,
                                 "user.energy": -1}),
    C("akiko-sakuragawa", "static_fight", {"user.attack": 1}),
    C("gurugu-the-kappa", "static", {"user.defense": 2}, place="kappa-pond"),
    C("umbrella-ghost-pete", "use", {"foe.hold": True, "user.energy": -1}, target="foe"),
    C("grandpa-genzo", "scavenge", {"hand": 1}),
    C("yukiha-shimotsuki", "use", {"foe.no_action": True, "user.energy": -2}, target="foe"),
    C("princess-pawlina", "use", {"hand": 1}),
    C("captain-marlowe", "combat_round", {"user.attack": 1, "friend.attack": 0}),
    C("kinako-purrsworth", "use_fight", {"user.items": 1, "dis.items": -1}, target="dis",
      dis_items=("t-gem",)),
    C("kinako-purrsworth", "fight", {"offered": False}),  # nothing to steal
    C("dozer-bullhorn", "static", {"user.attack": 1}, items=("t-gem",)),
    C("polaris-9", "use", {"user.movement": 1, "friend.movement": 1, "user.energy": -1,
                           "far.movement": 0, "foe.movement": 0}),
    C("dupli-kit", "use_fight", {"combat.target_user": True}, friend_items=("t-gem",)),
    C("vesper-dusk", "combat_round", {"dis.defense": -1}),
    C("fumiko-yumoto", "turn_start", {"user.energy": 1, "friend.energy": 1, "far.energy": 0}),
    C("rinrin-maraca", "use_fight", {"friend.damage": -3, "user.damage": -2},
      hurt={"friend": 3, "user": 2}),
    C("torao-ishibashi", "use_fight", {"user.attack": 2, "user.defense": -1,
                                       "user.energy": -1}),
    C("tadashi-kokuban", "use", {"friend.skill:Genius": 1}, target="friend"),
    C("sumire-mushimegane", "use", {"drew": "type:flash_effect", "hand": 0}),
    C("old-master-noboru", "static", {"user.attack": 2, "user.defense": 2},
      place="ladies-open-air-bath"),
    # ume-hanamaki has no effect of its own: it is a plain 2-card transforming Character
    # (tests/test_rules_transforming.py).
    C("magical-guardian-plum", "use_fight", {"user.defense": 1, "friend.defense": 1,
                                             "user.energy": -1}),
    # Disasters
    C("tidal-kaiju-bubblegill", "revealed", {"user.movement": -1, "friend.movement": -1,
                                              "far.movement": 0}),
    C("general-obsidian-hex", "combat_round", {"dis.attack": 1}),
    C("runaway-mecha-dz9", "combat_round", {"user.damage": 1, "friend.damage": 1}),
    C("oni-warlord-brokentusk", "combat_round", {"user.hold": True, "friend.hold": True,
                                              "foe.hold": False}),
    C("moth-queen", "combat_round", {"user.attack": -1, "friend.attack": -1, "foe.attack": 0}),
    C("doom-doom-girls", "combat_round", {"user.gone": True, "friend.gone": False},
      items=("t-gem",)),
    C("rogue-android-xr0", "combat_round", {"user.items": -1, "destroyed": 1},
      items=("t-gem",)),
    C("admiral-gildmaw", "combat_round", {"user.items": -1, "dis.items": 1},
      items=("t-gem",)),
    C("headless-samurai", "defeated", {"user.movement": 1, "friend.movement": 1,
                                        "far.movement": 0}),
    C("misfiring-orbital-laser", "revealed", {"user.defense": -1, "friend.defense": -1,
                                               "far.defense": 0}),
    C("colossal-stray-cat", "static", {"user.attack": -1, "foe.attack": -1,
                                       "far.attack": 0}),
    C("tin-soldier-drone", "defeated", {"friend.gone": True, "user.gone": False},
      hurt={"friend": 3}),
    C("student-council-enforcer", "combat_round", {"user.items": -2},
      items=("t-gem", "t-gem")),
    C("pickpocket-tanuki", "combat_round", {"user.items": -1, "dis.items": 1,
                                            "combat.ended": True}, items=("t-gem",)),
    C("pickpocket-tanuki", "combat_round", {"combat.ended": False}),  # nothing to steal
    C("bounty-drone", "revealed", {"user.hold": True, "friend.hold": True, "far.hold": False}),
    C("rival-delinquent-gang", "revealed", {"dis.allied": True}, with_dis=True),
    C("angry-tengu-crow", "combat_round", {"user.defense": -1, "friend.defense": -1,
                                        "foe.defense": 0}),
    C("vending-machine-mimic", "combat_round", {"hand": -1, "foe_hand": 0},
      items=("t-gem",)),
    C("jealous-rival-idol", "combat_round", {"user.items": -1, "dis.items": 1},
      items=("t-gem",)),
    C("galactic-tax-audit", "revealed", {"hand": -1, "user.attack": -1, "user.defense": -1}),
    # Enhancements
    C("training-montage", "play", {"user.movement": 1}, in_haven=True),
    C("inner-spirit-awakening", "static", {"user.skill:Illusion Piercing": 1}),
    C("ponytail-of-resolve", "scavenge", {"user.defense": 1}),
    C("cybernetic-upgrade", "static", {"user.skill:Tech": 1}),
    C("cat-ear-reflexes", "combat_round", {"user.defense": 1}),
    C("blessing-of-the-pale-moon", "static", {"user.skill:Pure Heart": 1}),
    C("bandaged-fists", "static", {"user.skill:Martial Arts": 1}),
    C("second-helping", "use", {"friend.energy": 1}, target="friend"),
    # Equipment
    C("hornet-battle-walker", "use_fight", {"dis.damage": 1}, target="dis"),
    C("dragonfly-gyrocopter", "static", {"user.skill:Flying": 1}),
    C("starhopper-dinghy", "use", {"user.home": True, "friend.home": True}),
    C("starhopper-dinghy", "fight", {"offered": False}),  # no escape without Running Away
    C("plasma-slingshot", "use_fight", {"dis.attack": -1}, target="dis"),
    C("bundle-of-paper-wards", "use_fight", {"dis.attack": -1, "dis.defense": -1},
      target="dis", fight="t-imp"),
    C("bundle-of-paper-wards", "fight", {"offered": False}),  # "with a Minor Disaster"
    C("portable-kotatsu", "static", {"user.skill:Speed": -1}),
    C("cat-ear-radar", "scavenge", {"user.defense": 1}),
    C("heavy-ion-cannon", "use_fight", {"dis.damage": 2, "user.energy": -1}, target="dis"),
    C("harisen-of-justice", "use_fight", {"dis.defense": -1}, target="dis"),
    # Flash Effects
    C("dramatic-entrance", "play", {"user.charm": 3, "user.energy": -1}),
    C("second-wind", "play", {"user.damage": -2, "user.defense": 2}, hurt={"user": 2}),
    C("afterimage-dash", "play", {"user.movement": 2, "user.energy": -1}),
    C("limit-break-scream", "play", {"user.attack": 3, "user.energy": -2}),
    C("emergency-bento", "play", {"user.energy": 2}),
    C("cherry-blossom-flurry", "cancel", {"flash.cancelled": True, "user.attack": 0}),
    C("overclock", "play", {"user.attack": 3, "user.energy": -1}),
    C("foxfire-flicker", "play", {"user.attack": 2, "user.energy": -1}),
    C("tactical-retreat", "play", {"user.home": True, "friend.home": True}),
    C("friendship-speech", "play", {"user.attack": 1, "user.charm": 1, "friend.attack": 1,
                                    "friend.charm": 1, "foe.attack": 0}),
    # Global Effects
    C("summer-festival-night", "use", {"user.charm": 1, "far.energy": 1, "foe.charm": 0}),
    C("morning-radio-calisthenics", "use", {"user.defense": 1, "far.defense": 1,
                                            "foe.defense": 0}),
    C("full-moon-rising", "static", {"user.attack": 1, "friend.attack": 0}),
    C("supply-drop", "use", {"hand": 1, "user.energy": 1, "far.energy": 1}),
    C("pirate-radio-anthem", "use", {"user.attack": 1, "far.movement": 1}),
    C("training-arc", "use", {"user.attack": 1, "user.defense": 1, "user.energy": -1},
      target="user", in_haven=True),
    # Havens
    C("forward-base-anvil", "turn_start", {"user.attack": 1, "friend.attack": 1, "far.attack": 0}),
    C("hall-of-quiet-foxes", "use", {"drew": "category:Spirit", "hand": 0}),
    C("the-purring-kettle", "turn_start", {"user.movement": 1, "friend.movement": 1,
                                        "far.movement": 0}),
    C("sakura-yu-inn", "static", {"user.energy": 1, "friend.energy": 1}),
    C("secret-base-under-the-slide", "static", {"user.defense": 2}),
    C("ramen-shop-back-room", "turn_start", {"user.energy": 1}),
    C("lost-and-found-office", "use", {"drew": "type:equipment", "hand": 0}),
    C("dormitory-room-4b", "turn_start", {"user.skill:Student": 1, "friend.skill:Student": 1}),
    # Items
    C("prototype-reactor-core", "use", {"user.energy": 3}),
    C("stolen-mecha-blueprint", "use", {"user.attack": 1, "user.defense": 1}),
    C("dog-tags-of-squad-nine", "use_fight", {"user.defense": 1, "friend.defense": 1,
                                            "far.defense": 0}),
    C("encrypted-data-chip", "use", {"hand": 2}),
    C("emergency-ration-pack", "use", {"user.damage": -2, "user.energy": 1}, hurt={"user": 3}),
    C("ancient-fox-mask", "use", {"user.defense": 2}),
    C("spirit-sealing-gourd", "use_fight", {"dis.damage": 3}, target="dis"),
    C("yokai-field-guide", "use", {"user.skill:Illusion Piercing": 1}),
    C("moon-rabbit-mallet", "use", {"user.attack": 2}),
    C("thermal-katana-shard", "use_fight", {"user.attack": 2}),
    C("golden-melon-pan", "use", {"user.damage": -3, "user.energy": 2}, hurt={"user": 3}),
    C("catnip-crystal", "use_fight", {"combat.ended": True, "dis.gone": False}, fight="t-imp"),
    C("catnip-crystal", "fight", {"offered": False}),  # "with a Minor Disaster"
    C("pirate-captains-hat", "use", {"user.attack": 1, "friend.attack": 1, "far.attack": 0,
                                 "foe.attack": 0}),
    C("can-of-comet-soda", "use", {"user.energy": 2, "user.movement": 1}),
    C("legendary-curry-recipe", "use", {"user.energy": 1, "user.defense": 1,
                                        "friend.energy": 1, "friend.defense": 1}),
    C("box-of-hot-spring-eggs", "use", {"user.damage": -1, "user.energy": 1}, hurt={"user": 2}),
    C("rubber-duck-of-destiny", "scavenge", {"user.defense": 2}),
    C("council-president-diary", "use", {"foe_hand": -1, "hand": 0}, target="foe"),
    C("antique-music-box", "use", {"user.charm": 2, "friend.charm": 2, "far.charm": 0}),
    C("crumpled-love-letter", "use", {"foe.hold": True}, target="foe"),
    C("cursed-idol-photobook", "use", {"user.charm": 2, "user.energy": -1}),
    C("beckoning-cat-figurine", "use", {"dis.allied": True}),
    # Locations
    C("hangar-13", "build", {}, group=("t-ace", "t-ace")),
    C("orbital-drydock-kestrel", "static", {"user.movement": 1, "foe.movement": 1}),
    C("field-hospital-tent", "static", {"user.defense": 1}),
    C("command-bunker", "build", {}, group=("t-ace", "t-ace")),
    C("shrine-steps-under-the-moon", "static", {"dis.attack": -1, "user.attack": 0}),
    C("foxfire-bamboo-grove", "static", {"user.movement": -1, "far.movement": 0}),
    C("hundred-lantern-night-market", "static", {"user.charm": 1}),
    C("mirror-world-torii", "static", {"user.attack": -1, "foe.attack": -1, "dis.attack": 0}),
    C("falling-petal-dojo", "static", {"user.attack": 1, "foe.attack": 1, "dis.attack": 0}),
    C("felis-prime-palace", "static", {"dis.attack": -1, "user.attack": 0}),
    C("felis-prime-palace", "build", {}, group=("princess-pawlina",), items=("catnip-crystal",)),
    C("bounty-office-outpost-zero", "static", {"dis.defense": -1}),
    C("ladies-open-air-bath", "static", {"user.defense": 1}),
    C("school-rooftop", "build", {}, group=("t-ace", "t-ace")),
    C("koban-police-box", "static", {"dis.movement": -1}),
    C("beach-house-yakisoba-stand", "static", {"user.energy": 1}),
    C("haunted-old-school-building", "static", {"user.defense": -1}),
]


def test_every_card_with_an_effect_has_a_row():
    """A new card with `effects:` or `becomes_haven` fails here until it has a row."""
    needed = {c.id for c in SHIPPED.cards.values() if c.effects or c.becomes_haven}
    covered = {case.card for case in CASES}
    assert needed - covered == set()
    assert covered - needed == set()


class CardScene(EffectScene):
    """Two seats; the shipped cards and the fixtures; no Charm Combat (R12)."""

    def __init__(self):
        self.db = DB
        self.game = Game(DB, [empty_deck(s) for s in range(2)], NO_CHARM)
        self.st = GameState(self.game, random.Random(0), [SeatState(turns=1) for _ in range(2)],
                            phase=MOVE, pending=[PhaseStep()])
        self.cancelled: list[dict] = []  # Cancelled events of the row's Flash Effects


def build(case: Case) -> tuple[CardScene, dict[str, int], int]:
    """The scene of a row: who is who, and the card's instance."""
    sc = CardScene()
    kind = DB[case.card].type
    at = HAVEN if case.in_haven or kind == "haven" else CELL
    sc.location(CELL, case.card if kind == "location" else case.place,
                under=[case.card, "t-gem"] if case.how == "revealed" else ["t-gem"])
    sc.location(FAR)
    if kind == "haven":
        sc.st.places[HAVEN] = Place(sc.card(case.card), "haven", 0)
        sc.st.seats[0].havens.append(HAVEN)
    else:
        sc.haven(HAVEN)
    sc.haven((2, 2), seat=1)
    who = {"user": sc.char(case.card if kind == "character" else USER, at, items=case.items),
           "friend": sc.char("t-pal", at, items=case.friend_items),
           "far": sc.char("t-pal", FAR), "foe": sc.char("t-rival", at, seat=1)}
    u = sc.unit(who["user"])
    card = {"character": who["user"], "location": sc.st.places[CELL].card,
            "haven": sc.st.places[HAVEN].card}.get(kind)
    if kind == "disaster" and case.how != "revealed":
        card = who["dis"] = sc.disaster(case.card, at)
    elif kind != "disaster" or case.with_dis:
        who["dis"] = sc.disaster(case.fight, at, items=case.dis_items)
    sc.hand(0, "t-rock", "t-rock")
    if card is None and case.how not in ("play", "cancel", "revealed"):
        card = sc.card(case.card)
        {"item": u.items, "equipment": u.equipment, "enhancement": u.enhancements,
         "global_effect": sc.st.seats[0].hand}[kind].append(card)
        if kind == "equipment" and UseEquipment(card, u.card) in sc.legal():
            sc.do(UseEquipment(card, u.card))  # its text works while in use (Rules for Equipment)
    for name, n in case.hurt.items():
        sc.unit(who[name]).damage = n
    sc.hand(1, "t-rock", "t-rock")
    sc.draw_pile(0, "t-rock", "t-rock", "t-rock", "t-gear", "t-spark", "t-kitsune")
    sc.st.seats[0].discard = [sc.card("t-gear")]
    sc.combat_pile(0, *["blank"] * 6)
    return sc, who, card


def observe(sc: CardScene, who: dict[str, int], card: int, key: str):
    """The value of one `expect` key now (see the module's docstring)."""
    s0, s1 = sc.st.seats
    if key == "offered":
        return any(isinstance(a, UseCard) and a.card == card for a in sc.legal())
    if key in ("hand", "foe_hand"):
        return len((s0 if key == "hand" else s1).hand)
    if key == "drew":
        return set(s0.hand)
    if key == "destroyed":
        return len(sc.st.destroyed)
    if key == "combat.ended":
        # The Combat at the user's cell: a Disaster that fled stops where it arrives, and
        # fights the Characters there (the glossary's Land on; the path goes on to FAR).
        return sc.st.combat is None or sc.st.combat.cell != CELL
    if key == "combat.target_user":
        return sc.st.combat is not None and sc.st.combat.target == who["user"]
    if key == "flash.cancelled":
        return bool(sc.cancelled)
    name, what = key.split(".")
    if what == "gone":
        return who[name] not in sc.st.units
    u = sc.unit(who[name])
    if what.startswith("skill:"):
        return skill_count(sc.st, [u], what[6:])
    if what in ("hold", "no_action"):
        return has_flag(sc.st, u, what)
    if what == "home":
        return u.pos == HAVEN
    if what == "items":
        return len(u.items)
    if what == "allied":  # a Disaster allied with the user's group or with other Disasters
        return u.ally_seat == 0 or len(alliance(sc.st, u)) > 1
    if what == "damage":
        return u.damage
    return total(sc.st, u, what)


def matches(sc: CardScene, cards: set[int], want: str) -> bool:
    """One of the cards is of the `type:T` or has the `category:C` wanted."""
    key, value = want.split(":")
    defs = [sc.game.card(c) for c in cards]
    return any(d.type == value if key == "type" else value in d.categories for d in defs)


def trigger(sc: CardScene, case: Case, who: dict[str, int], card: int,
            measure) -> dict:
    """Put the game where the card acts; `measure()` is called just before it acts."""
    how, kind = case.how, DB[case.card].type
    pick = who.get(case.target) if case.target else None
    if how in ("use_fight", "static_fight", "defeated", "fight"):
        sc.do(Fight(who["dis"]))
    if kind == "global_effect":
        sc.turn(EQUIP).do(PlayCard(card))
    if how in ("static", "static_fight"):
        sc.game.has_static = sc.game.has_static - {card}
        before = measure()
        sc.game.has_static = sc.game.has_static | {card}
        return before
    if how == "play":
        card = sc.hand(0, "t-rock", "t-rock", case.card)[-1]
    elif how == "cancel":
        pep = sc.hand(0, "t-rock", "t-rock", "t-pep")[-1]
        card = sc.hand(1, "t-rock", case.card)[-1]
    before = measure()
    if how in ("use", "use_fight"):
        index = next(i for i, e in enumerate(DB[case.card].effects) if e.on == "use")
        sc.do(UseCard(card, index, pick))
    elif how == "play" and kind == "enhancement":
        sc.turn(EQUIP).do(PlayCard(card, who["user"]))
    elif how == "play":
        sc.do(PlayCard(card, who["user"]), Pass())
    elif how == "cancel":
        ev = sc.do(PlayCard(pep, who["user"]), PlayCard(card, pep), Pass())
        sc.cancelled = of(ev, Cancelled)
    elif how == "moved":
        sc.do(Move((who["user"],), FAR))
    elif how == "turn_start":
        sc.until(MOVE)
    elif how == "combat_round":
        sc.do(Fight(who["dis"]))
    elif how in ("scavenge", "revealed"):
        sc.turn(SCAVENGE).do(Scavenge(CELL))
    elif how == "defeated":
        nuke = sc.card("t-nuke")
        sc.unit(who["user"]).items.append(nuke)
        sc.do(UseCard(nuke, 0, who["dis"]))
    return before


@pytest.mark.parametrize("case", [c for c in CASES if c.how != "build"], ids=str)
def test_card_does_what_its_text_says(case: Case):
    """The card's text (R1), through the effect language (docs/card-format.md)."""
    sc, who, card = build(case)

    def measure():
        return {k: observe(sc, who, card, k) for k in case.expect}

    before = trigger(sc, case, who, card, measure)
    after = measure()
    for key, want in case.expect.items():
        if key == "drew":
            assert matches(sc, after[key] - before[key], want), f"{case}: {key}"
        elif isinstance(want, bool):
            assert after[key] is want, f"{case}: {key} is {after[key]}"
        else:
            assert after[key] - before[key] == want, f"{case}: {key} {before[key]} -> {after[key]}"


@pytest.mark.parametrize("case", [c for c in CASES if c.how == "build"], ids=str)
def test_location_becomes_a_haven_for_the_group_its_text_names(case: Case):
    """Rules for Locations: once its Disasters are revealed, the group its text names
    can make it a Haven (guideline 4.10)."""
    sc = CardScene()
    sc.location(CELL, case.card, under=["t-ogre", "t-gem"])
    sc.haven(HAVEN)
    sc.char("t-pal", CELL)
    sc.turn(SCAVENGE)
    sc.char(case.group[0], CELL, items=case.items)
    for c in case.group[1:]:
        sc.char(c, CELL)
    assert BuildHaven(CELL) not in sc.legal()  # a Disaster is still under it
    sc.st.take_top(CELL)
    sc.do(BuildHaven(CELL))
    assert sc.st.places[CELL].kind == "haven" and CELL in sc.st.seats[0].havens


def test_a_location_does_not_become_a_haven_for_another_group():
    """Rules for Locations: only the Characters and Items its text names will do."""
    sc = CardScene()
    for i, card in enumerate(c.card for c in CASES if c.how == "build"):
        sc.location((i, 0), card)
        sc.char("t-pal", (i, 0))
    sc.turn(SCAVENGE)
    assert not [a for a in sc.legal() if isinstance(a, BuildHaven)]


def test_colossal_stray_cat_will_not_move():
    """Its text, "Sits on a district. Will not move." (R1): Movement 0, so the full
    Movement it takes in the Maintenance phase leaves it where it is."""
    sc = CardScene()
    sc.location(CELL)
    sc.location(FAR)
    cat = sc.disaster("colossal-stray-cat", CELL)
    move(sc.st, cat, [])
    assert sc.unit(cat).pos == CELL
