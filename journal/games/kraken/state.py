"""Space Kraken save state: constants, the schema, invariants and derived values.

Every command loads this module (validation runs before and after each command), so it
stays small: no ReportLab, no catalogue unless the ship has systems to check.
"""

from __future__ import annotations

from journal.games.kraken.cgm import LINE_CELLS, SLOTS, VAR_MAX, VAR_MIN
from journal.schema import (
    Bool,
    Int,
    List,
    Map,
    Str,
    Table,
    Validator,
    key_path,
    opt,
    show_value,
)

SCHEMA_VERSION = 2                   # of [state]; a save point's snapshot records it too
# 2: the optional flight, combat, dungeon, ground and loot tables and crew gear (issue 6);
#    a schema 1 state is valid as it is (MIGRATIONS[1] is the identity).

DIFFICULTIES = ("simulation", "adventurer", "real-life", "hardcore")
DIFFICULTY_TEXT = {"simulation": "Just a Simulation", "adventurer": "Adventurer",
                   "real-life": "Real Life", "hardcore": "Hardcore"}
SAVE_DIFFICULTIES = ("simulation", "adventurer")           # K8: the ones with save points
SCORE_FACTOR = {"simulation": (1, 2), "adventurer": (1, 1), "real-life": (2, 1), "hardcore": (3, 1)}  # K9

ATTRIBUTES = ("agility", "strength", "tech", "charisma", "ranged", "melee")
ATTR_SHORT = {"agility": "AGI", "strength": "STR", "tech": "TEC", "charisma": "CHA", "ranged": "RNG",
              "melee": "MEL", "psi": "PSI"}
ATTR_MIN, ATTR_MAX = 1, 8            # 3.4 / K10 (effects may exceed 8: hand-set up to 20)
ATTR_SUM = 16                        # K10
MAX_CREW = 4                         # K10
MAX_TRAITS = 4                       # 3.5 / K10
HP_CAP = 14                          # K10: HP max = min(2 x Strength, 14)
INVENTORY = ("L", "R", "1", "2", "3", "4")   # chapter 4: two hands, four backpack slots
OVERLOAD_MAX = 2
PRESET_CREW = ("Quinn", "Yuna", "Jessica", "Ray", "Murphy", "Mila", "Paul", "Lex", "Ian", "Brent",
               "Herman", "Liu")      # 3.3: the twelve with their own story events
EXCLUSIVE = (("Ray", "Lex"),)        # 3.3: their sheets cover each other in the book

START_CREDITS = 100                  # 3.7
OXYGEN_BASE = 25                     # 3.6

PHASES = {0: "Setup", 1: "Activate story lines", 2: "Ship construction", 3: "Free action",
          4: "Short visit", 5: "Quest timer"}
FREE_ACTIONS = ("flight", "location", "line", "shop", "skip")
FREE_ACTION_TEXT = {"flight": "a space flight to a new Location", "location": "a visit to a known Location",
                    "line": "a story line activated again", "shop": "a visit to a grade 5 Shop",
                    "skip": "nothing (skipped)"}
RESULTS = ("won", "lost")

SPECIES = ("Kraken", "Grey", "Insectoids", "Lost", "Beasts", "Renegades")   # ch. 14 d6 list
ATMOSPHERES = ("YES", "NO", "HELL")
SPECIALS = ("one-way", "self-destruction")
MAX_DEPTH, MIN_DEPTH = 9, 4
LOCATION_SLOTS, LOCATION_SLOTS_HNM = 2, 6    # K7
MAX_TICKS = 4                        # K13: the fourth tick fails an urgent quest
MAX_BUILD_CREW = 3                   # ch. 7

# --- issue 6: flights, space combat, dungeons, ground combat --------------------------------
FLIGHT_OPTIONS = ("risky-shortcut", "dangerous-shortcut", "smuggle", "pay-smuggler", "safe")   # ch. 9.2
FLIGHT_STAGES = ("combat", "arrived", "escaped")
TIMELINE_CODES = ("-", "A", "B", "C", "E", "G", "I", "S", "T", "V")                     # ch. 10 (1)
TIMELINE_TEXT = {"-": "empty", "A": "Attack", "B": "Backup", "C": "Combat", "E": "Evading", "G": "Game over",
                 "I": "Idle", "S": "Shields", "T": "Time", "V": "Victory"}
OBJECTIVE_CHECKS = ("A", "T", "C", "?")
COMBAT_STEPS = ("timeline", "objectives", "fire", "enemy-fire", "boarding", "escape", "recharge")
COMBAT_STEP_TEXT = {"timeline": "1) manage the timeline", "objectives": "2) solve objectives and repair",
                    "fire": "3) define targets and fire", "enemy-fire": "4) enemy fire",
                    "boarding": "5) boarding enemy ships", "escape": "6) attempt to escape",
                    "recharge": "7) recharge"}
SHIP_EFFECTS = ("EMP", "HE")
MAX_TIMELINE, MAX_OBJECTIVES, MAX_ENEMY_SHIPS, MAX_WEAPONS_FIRED = 8, 4, 4, 4
JAMS = ("jammed", "jammed-again", "damaged")     # ch. 14 unjam: 8+, then 6+ (fail: damaged), then 6+ (fail: broken)
WHERE = ("outside", "inside")
DAMAGE_TYPES = ("fire", "ice", "toxic", "ranged", "melee")
GROUND_STEPS = ("spawn", "crew", "enemies")
ENEMY_STATUS = ("active", "defeated", "escaped", "captured")
MAX_TREASURE_GRADE = 6
KNOWN_GRADE_PRICES = {3: 12, 4: 30}  # the only item/weapon prices by grade our rulebook text prints (ch. 13, 14)
ITEM_KINDS = ("cash", "item", "weapon", "ammo", "prototype")   # what a Treasure Table cell gives (ch. 14)

ARMOR_MAX = 8                        # ch. 14: the maximum Armor Level of a hero
ARMOR_PIECES = ("jacket", "helmet", "physical_shield")   # ch. 14: one of each worn at a time
ARMOR_PIECE_TEXT = {"jacket": "jacket", "helmet": "helmet", "physical_shield": "physical Shield"}
HANDS = ("L", "R")

_SLOT = Str(choices=SLOTS)
_NAME = Str(describe="a name")
_TEXT = Str(describe="some text")
_VARS = Int(VAR_MIN, VAR_MAX)
_COORD = Str(pattern=r"[0-9]+[0-9A-Z]{2}", describe="a coordinate (sheet digits then two characters, e.g. 3HC)")
_EVENT = Str(pattern=r"[0-9A-Z]{2}", describe="an event ID (two characters 0-9/A-Z)")

_PIECE = Table({"name": _TEXT, "armor": Int(1, ARMOR_MAX)})   # a worn Armor Item and its Armor value

LINE = Table({
    "coords": List(_COORD, max_items=LINE_CELLS),
    "vars": Map(_VARS, key_pattern="[A-H]", key_describe="a line variable A-H"),
    "note": opt(_TEXT),
    "standby": opt(_EVENT),
    "running": opt(Bool()),
})
CREW = Table({
    "level": Int(1, 99),
    "armor": opt(Int(0, ARMOR_MAX)),               # ch. 14: an unnamed jacket (the first form of `crew gear`)
    "jacket": opt(_PIECE),                         # ch. 14: one jacket, one helmet and one physical Shield
    "helmet": opt(_PIECE),                         #   (held in a hand) are worn at a time
    "physical_shield": opt(_PIECE),
    "shield": opt(Table({"class": Str(choices=("A", "B")), "power": Int(1, 99), "recharge": Int(0, 99)})),
    "weapons": opt(Map(Table({"spec": _TEXT, "ammo": opt(Int(0, 999)), "jam": opt(Str(choices=JAMS)),
                              "spent": opt(Bool()), "mod": opt(Str(choices=("ammo", "damage", "both")))}))),
    "charger": opt(Int(1, 99)),                    # ch. 14: the Shield charger activated each combat turn
    "psi_exhausted": opt(Bool()),
    "hp": Int(0, 99),
    "hp_max": Int(1, 99),
    "status": Str(choices=("active", "unconscious")),
    **{a: Int(1, 20) for a in ATTRIBUTES},
    "psi": opt(Int(1, 20)),
    "traits": Map(Int(-9, 9), key_describe="a trait name"),
    "inventory": Map(_TEXT, key_pattern="L|R|[1-4]", key_describe="an inventory slot L, R or 1-4"),
})
SHIP = Table({
    "hull": _NAME,
    "hull_price": Int(0, 100000),
    "sp": Int(1, 999),
    "expansion_sp": opt(Int(1, 999)),
    "systems": Map(Table({"system": _NAME, "for": opt(_NAME), "damaged": opt(Bool())})),
})
LOCATION = Table({
    "name": opt(_TEXT),
    "shops": opt(List(_TEXT)),                     # shops whose trash bonus was taken ("map:tile")
    "type": _TEXT,
    "difficulty": Int(1, 5),
    "ao": Str(choices=ATMOSPHERES),
    "ai": Str(choices=ATMOSPHERES),
    "depth": Int(MIN_DEPTH, MAX_DEPTH),
    "teleport": Int(0, MAX_DEPTH),
    "special": opt(Str(choices=SPECIALS)),
    "species": Str(choices=SPECIES),
    "maps": List(Int(1, 20), max_items=MAX_DEPTH),
    "land_turn": opt(Int(1)),                      # a Location reached too slowly: landing from this turn on
    "cleared": List(Int(1, MAX_DEPTH), max_items=MAX_DEPTH),
    "solved": Bool(),
    "fixed": opt(Bool()),                          # defined by an event: its values cannot be altered (ch. 12)
})
QUEST = Table({
    "urgent": Bool(),
    "ticks": opt(Int(0, MAX_TICKS - 1)),
    "activated": Bool(),
    "reward": opt(_TEXT),
    "penalty": opt(_TEXT),
    "penalty_credits": opt(Int(0, 100000)),
    "note": opt(_TEXT),
    "capture": opt(Bool()),                        # a 'Capture' quest: a carried captive completes it (ch. 4)
    "master": opt(_TEXT),                          # where its Quest Master stood ("MAP1 map 2 Q")
})
BUILD = Table({
    "system": opt(_NAME),
    "hull": opt(_NAME),
    "sp": opt(Int(1, 999)),
    "expansion_sp": opt(Int(1, 999)),
    "crew": List(_NAME, max_items=MAX_BUILD_CREW),
    "turns": Int(1, 2),
    "cost": Int(0, 100000),
    "discount": Int(0, 1000),
    "due": Int(1),
})
class Scalar(Validator):
    """A string or a whole number (generated Location values)."""

    expected = "a string or a whole number"

    def check(self, value, path, problems):
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.wrong_type(value, path, problems)


_REF = Table({"path": _TEXT, "sha256": Str(pattern="[0-9a-f]{64}", describe="a SHA-256 hex digest"), "title": _TEXT})
GENERATION = Table({
    "generator": _REF,
    "table": Int(0, 99),                 # the table being rolled (index in the generator)
    "dice": List(Int(-99, 999), max_items=20),   # its dice, as rolled and modified
    "values": Map(Scalar()),             # the values already defined
    "spent": Int(0, 999),                # dice modifications spent so far
    "difficulty": Int(1, 5),
})
FLIGHT = Table({
    "location_difficulty": Int(1, 5),
    "difficulty": Int(1, 99),
    "options": List(Str(choices=FLIGHT_OPTIONS), max_items=2),
    "stealth": opt(Bool()),
    "nano_skin": opt(Bool()),
    "modifications": Int(0, 999),
    "stage": Str(choices=FLIGHT_STAGES),
    "land": Bool(),
    "avoid": opt(Str(choices=("passed", "failed"))),
    "number": opt(Int(3, 19)),
    "name": opt(_TEXT),
    "xp": opt(Int(0, 9999)),
    "generation": opt(GENERATION),
})
ENEMY_SHIP = Table({
    "type": _TEXT,
    "spec": _TEXT,                       # as the flight table prints it (Backup rebuilds from it)
    "sp": Int(0, 9999),
    "sp_max": Int(1, 9999),
    "crew": Int(0, 99),
    "damage": Int(0, 999),
    "effect": opt(Str(choices=SHIP_EFFECTS)),
    "shield": Int(0, 9999),
    "shield_max": Int(0, 9999),
    "recharge": Int(0, 9999),
})
BOARDING = Table({
    "enemy": Int(1, MAX_ENEMY_SHIPS),
    "by": Str(choices=("us", "them")),
    "crew": List(_NAME, max_items=MAX_CREW),
    "dice": Int(0, 99),
    "enemy_dice": Int(0, 99),
    "enemy_start": Int(0, 99),
    "round": Int(0, 3),
})
COMBAT = Table({
    "turn": Int(1),
    "step": Str(choices=COMBAT_STEPS),
    "name": opt(_TEXT),
    "number": opt(Int(3, 19)),
    "xp": opt(Int(0, 9999)),
    "timeline": List(Str(choices=TIMELINE_CODES), max_items=MAX_TIMELINE),
    "crossed": Int(0, MAX_TIMELINE),
    "event": opt(Str(choices=TIMELINE_CODES[1:])),
    "objectives": List(Table({"check": Str(choices=OBJECTIVE_CHECKS), "target": Int(1, 99), "solved": Bool()}),
                       max_items=MAX_OBJECTIVES),
    "enemies": List(ENEMY_SHIP, max_items=MAX_ENEMY_SHIPS),
    "ship": Table({"sp": Int(0, 9999), "sp_max": Int(1, 9999), "shield": Int(0, 9999), "shield_max": Int(0, 9999),
                   "recharge": Int(0, 9999)}),
    "ammo": Map(Int(0, 999)),
    "used": Map(_TEXT),
    "fired": opt(Bool()),
    "evaded": opt(Bool()),
    "boarded": opt(Bool()),
    "escape_failed": opt(Bool()),
    "damaged_now": opt(List(_NAME)),
    "saved_shields": opt(List(Int(0, 9999), max_items=MAX_ENEMY_SHIPS)),
    "boarders": opt(List(Int(1, MAX_ENEMY_SHIPS), max_items=MAX_ENEMY_SHIPS)),
    "boarding": opt(BOARDING),
})
_TILES = List(_TEXT)
DUNGEON = Table({
    "location": Str(choices=SLOTS),
    "map": Int(1, MAX_DEPTH),
    "where": Str(choices=WHERE),
    "crew": List(_NAME, max_items=MAX_CREW),
    "actions": Int(0),
    "backwards": opt(Bool()),
    "values": opt(Map(Int(1, 3))),                     # '?' values: "map:tile" -> d6/2 rounded up
    "bulkheads": opt(Map(Table({"fails": Int(0, 3), "open": Bool()}))),
    "resolved": opt(_TILES),                           # mines resolved, enemies defeated, treasures taken ...
    "disabled": opt(_TILES),                           # laser barriers (this map), disruptors (this Location)
    "med": opt(Map(Int(1, 3))),                        # med-station uses
    "treasure_maps": opt(List(Int(1, MAX_DEPTH))),     # maps where a Treasure was activated
    "free_move": opt(Bool()),                          # the free move on entering a map is still to make
    "at": opt(_TEXT),                                  # the Shop, dealer, Gambler or Modder tile the team is on
    "avoid_failed": opt(_TEXT),                        # an enemy tile whose avoidance failed (fight it now)
    "divination": opt(Int(-3, 3)),                     # PSI DIVINATION: the next loot roll +3 / -3
    "midas": opt(Bool()),                              # PSI MIDAS TOUCH: +3 Credits if the next Ground Combat is won
    "surprise": opt(Bool()),                           # PSI SURPRISE: +2 to the next initiative roll
    "disruptors": opt(_TILES),                         # Disruptors the maps show ("map:tile"); see disabled
    "breaches": opt(_TILES),                           # Hull Breaches the maps show ("map:tile"); repaired: resolved
    "near": opt(_TILES),                               # the unrepaired breaches the team's area is connected to
    "portals": opt(List(Int(1, 6), max_items=20)),     # the teleportal numbers of the current map
    "portal": opt(Int(1, 6)),                          # the teleportal the team stands on
    "visit": opt(Bool()),                              # a Phase 4 short visit, not an exploration
})
GROUND_ENEMY = Table({
    "name": _TEXT,
    "species": opt(Str(choices=SPECIES)),
    "level": Int(1, 8),
    "minion": Bool(),
    "hp": Int(-99, 999),
    "hp_max": Int(1, 999),
    "armor": Int(0, 99),
    "agility": Int(0, 99),
    "shield": opt(Table({"class": Str(choices=("A", "B")), "power": Int(0, 999), "max": Int(1, 999),
                         "recharge": Int(0, 999)})),
    "escape": opt(Int(-99, 999)),
    "treasure": opt(Int(0, 99)),
    "xp": opt(Int(0, 9999)),
    "weak": opt(List(Str(choices=DAMAGE_TYPES))),
    "resist": opt(List(Str(choices=DAMAGE_TYPES))),
    "actions": opt(List(Table({"lo": Int(1, 6), "hi": Int(1, 6), "do": _TEXT}))),
    "acts": opt(Int(1, 2)),
    "acted": opt(Int(0, 2)),
    "status": Str(choices=ENEMY_STATUS),
    "weaken": opt(Int(1, 99)),
    "confused": opt(Bool()),
    "note": opt(_TEXT),
    "traits": opt(List(_TEXT)),                        # "Zombie", "Regen: +1 HP" ... (sheet, book p. 170)
    "carrier": opt(_NAME),                             # captured: who carries it
})
GROUND = Table({
    "level": Int(1, 8),
    "boss": Bool(),
    "ambush": Bool(),
    "map": Int(1, MAX_DEPTH),
    "atmosphere": Str(choices=ATMOSPHERES),
    "tile": opt(_TEXT),
    "turn": Int(0),
    "step": Str(choices=GROUND_STEPS),
    "first": opt(Str(choices=("crew", "enemies"))),
    "bonus": opt(Bool()),                              # the reaction check's bonus action
    "second": opt(Bool()),                             # a second Primary Enemy spawned
    "minions": Int(0, 9),
    "enemies": Map(GROUND_ENEMY),
    "crew": List(_NAME, max_items=MAX_CREW),
    "shields": opt(Map(Int(0, 999))),                  # crew shields' charge in this combat
    "acted": opt(Map(Int(0, 3))),                      # crew activations this turn
    "cover": opt(List(_NAME)),
    "last": opt(Map(Str(choices=("melee", "ranged", "other")))),
    "flank": opt(Bool()),
    "escapes": opt(Int(0, 99)),
    "boosts": opt(Map(Int(1, 9))),                     # PSI CONCENTRATE: +2 until the end of the next activation
    "taunt": opt(_NAME),
    "extra": opt(List(_NAME)),                         # PSI MOTIVATION: an extra activation
    "psi_used": opt(Int(1, 2)),                        # PSI powers used this turn (a lone wolf has two)
    "rerolled": opt(Bool()),                           # the lone wolf's (or Talisman's) reroll this turn
    "flash": opt(Bool()),
    "midas": opt(Bool()),
    "surprise": opt(Bool()),
    "from_hell": opt(Bool()),                          # a LV6+ Boss battle rolled a 6: a CREATURE FROM HELL
})
LOOT = Table({"grade": Int(1, MAX_TREASURE_GRADE), "from": _TEXT, "d20": opt(Int(1, 20)),
              "first": opt(Str(choices=("credits", "stimpack"))),
              "kind": opt(Str(choices=ITEM_KINDS))})     # what the Treasure Table cell says, when journal knows it
CAPTIVE = Table({"name": _TEXT, "level": Int(1, 8), "species": opt(Str(choices=SPECIES)), "carrier": _NAME})

STATE = Table({
    "difficulty": Str(choices=DIFFICULTIES),
    "backstory": opt(_TEXT),
    "turn": Int(0),
    "phase": Int(0, 5),
    "leader": opt(_NAME),
    "credits": Int(0),
    "xp": Int(0),
    "oxygen": Int(0),
    "oxygen_tanks": Int(0, 999),
    "recovered": Bool(),
    "done": List(_SLOT, max_items=len(SLOTS)),
    "skipped": opt(_SLOT),
    "skipped_before": opt(_SLOT),
    "free_action": opt(Str(choices=FREE_ACTIONS)),
    "savepoint": opt(Table({"id": Int(1), "turn": Int(0), "at": _TEXT})),
    "result": opt(Str(choices=RESULTS)),
    "fallen": opt(List(_NAME)),
    "storage": List(_TEXT),
    "expansion_storage": List(_TEXT),
    "pack": opt(Table({"path": _TEXT, "sha256": Str(pattern="[0-9a-f]{64}", describe="a SHA-256 hex digest"),
                       "title": _TEXT})),
    "lines": Map(LINE, key_pattern="[1-6]", key_describe="a line slot 1-6"),
    "interlink": Map(_VARS, key_pattern="[I-Z]", key_describe="an interlink variable I-Z"),
    "crew": Map(CREW),
    "ship": opt(SHIP),
    "locations": Map(LOCATION, key_pattern="[1-6]", key_describe="a Starmap Locations Log slot 1-6"),
    "quests": Map(QUEST),
    "builds": Map(BUILD),
    "flight": opt(FLIGHT),
    "combat": opt(COMBAT),
    "dungeon": opt(DUNGEON),
    "ground": opt(GROUND),
    "loot": opt(List(LOOT)),
    "captives": opt(Map(CAPTIVE)),                 # captured aliens, each carried by a crew member (ch. 4)
    "returned": opt(List(Int(1, 5), max_items=5)), # phases of this turn that ended a Dungeon Exploration or
                                                   # Ground Combat (Phase R at the end of Phases 1 and 3)
    "gambled": opt(List(_TEXT)),                   # what Gamblers gave you this turn: they take none of it back
    "short_visit": opt(Bool()),                    # Phase 4's short visit was made this turn
    "grade_prices": opt(Map(Int(0, 100000), key_pattern="[1-6]", key_describe="a grade 1-6")),
})


# --- derived values ----------------------------------------------------------------------

def hp_formula(strength: int) -> int:
    """K10: HP max = 2 x Strength, at most 14."""
    return min(2 * strength, HP_CAP)


def carry_capacity(strength: int) -> int:
    """Chapter 3.4: two hands plus one backpack item for every 2 points of Strength (our
    reading: complete pairs, Str 5 → 2), at most the four backpack slots."""
    return 2 + min(4, strength // 2)


def overload(member: dict) -> int:
    """Items carried beyond capacity (chapter 4: -1 / -2 to attack rolls; at most 2)."""
    return max(0, len(member.get("inventory", {})) - carry_capacity(member.get("strength", 1)))


def worn_armor(member: dict) -> int:
    """Ch. 14: the Armor of the pieces worn, added up (the unnamed `armor`, a jacket, a
    helmet, a physical Shield), before Strength and the cap."""
    return member.get("armor", 0) + sum(member[k]["armor"] for k in ARMOR_PIECES if member.get(k))


def strength_armor(member: dict) -> int:
    """Ch. 3.4: 0.5 Armor for each Strength point above 8 (halves round up, K14)."""
    return -(-max(0, member.get("strength", 0) - 8) // 2)


def crew_armor(member: dict) -> int:
    """Ch. 3.4 and 14: the Armor worn (jacket + helmet + physical Shield), plus 0.5 for
    each Strength point above 8 (halves round up, K14), at most 8 (a hero's maximum)."""
    return min(ARMOR_MAX, worn_armor(member) + strength_armor(member))


def armor_pieces(member: dict) -> list[str]:
    """The pieces worn, as "Kevlar vest 2" (the unnamed `armor` as "jacket 2")."""
    out = [f"jacket {member['armor']}"] if member.get("armor") else []
    return out + [f"{member[k]['name']} {member[k]['armor']}" for k in ARMOR_PIECES if member.get(k)]


def armor_text(member: dict) -> str:
    """'Armor 5 (Kevlar vest 2 + Helmet 1 + Anti-Terror Shield 2)': the total the damage
    uses, with the pieces, the Strength bonus and the cap shown."""
    pieces = armor_pieces(member)
    extra, worn = strength_armor(member), worn_armor(member)
    if not pieces:
        return f"Armor {crew_armor(member)}" + (f" (from Strength {member['strength']})" if extra else "")
    parts = " + ".join(pieces + ([f"{extra} Strength"] if extra else []))
    cap = f" = {worn + extra}, a hero's maximum is {ARMOR_MAX}" if worn + extra > ARMOR_MAX else ""
    return f"Armor {crew_armor(member)} ({parts}{cap})"


def item_named(member: dict, name: str, slots=INVENTORY) -> str | None:
    """The inventory slot (of `slots`) whose item is `name`: its whole text, or its name
    before a '+' note or a U<n> uses mark, ignoring case."""
    import re

    want = " ".join(str(name).split()).casefold()
    for slot in slots:
        text = str(member.get("inventory", {}).get(slot, ""))
        base = re.sub(r"(?<![\w])U\d{0,2}(?![\w])", "", text.split("+")[0])
        if text and want in (" ".join(text.split()).casefold(), " ".join(base.split()).casefold()):
            return slot
    return None


def hand_holding(member: dict, name: str) -> str | None:
    """The hand slot (L or R) holding the item `name` (see item_named)."""
    return item_named(member, name, HANDS)


def hands_text(member: dict) -> str:
    """'L: Rifle + mag, R: empty'."""
    inv = member.get("inventory", {})
    return ", ".join(f"{h}: {inv.get(h, 'empty')}" for h in HANDS)


def release_shield(member: dict, name: str, out: list[str]) -> None:
    """Ch. 14: a physical Shield is worn only while held in a hand: once its item has left
    the hands it is no longer worn (called after an item leaves an inventory slot)."""
    ps = member.get("physical_shield")
    if ps and hand_holding(member, ps["name"]) is None:
        del member["physical_shield"]
        out.append(f"{name} no longer holds the {ps['name']} in a hand: it is not worn (Armor now "
                   f"{crew_armor(member)}; wear it again from a hand: journal kraken crew gear {name} "
                   f"--physical-shield \"{ps['name']}:{ps['armor']}\").")


def carrying(state: dict, name: str) -> str | None:
    """The captive (its label) a crew member carries, if any (ch. 4: they cannot attack)."""
    for label, c in (state.get("captives") or {}).items():
        if c.get("carrier") == name:
            return label
    g = state.get("ground") or {}
    for label, e in g.get("enemies", {}).items():
        if e.get("status") == "captured" and e.get("carrier") == name:
            return label
    return None


MOBILE_TRANSMITTER = "mobile transmitter"


def transmitters(state: dict) -> list[str]:
    """Ch. 4: only one Mobile transmitter may be carried by the whole team."""
    return [f"{n}:{slot}" for n, m in state.get("crew", {}).items() for slot, item in m.get("inventory", {}).items()
            if MOBILE_TRANSMITTER in str(item).casefold()]


def systems_named(state: dict, system: str, working: bool = True) -> list[str]:
    ship = state.get("ship") or {}
    return [label for label, e in ship.get("systems", {}).items()
            if e.get("system") == system and not (working and e.get("damaged"))]


def location_capacity(state: dict, working: bool = False) -> int:
    """K7: 2 slots, 6 while HyperNavMemory is installed (working=True: and undamaged)."""
    return LOCATION_SLOTS_HNM if systems_named(state, "HyperNavMemory", working) else LOCATION_SLOTS


def oxygen_max(state: dict) -> int:
    return OXYGEN_BASE + state.get("oxygen_tanks", 0)


def ship_stats(state: dict, cat: dict) -> dict:
    """SP, shields, recharge and armor of the working (undamaged) systems."""
    ship = state.get("ship")
    if not ship:
        return {"sp": 0, "shield": 0, "recharge": 0, "armor": 0, "weapons": 0}
    out = {"sp": ship["sp"], "shield": 0, "recharge": 0, "armor": 0, "weapons": 0}
    for e in ship["systems"].values():
        info = cat.get(e.get("system"), {})
        if e.get("system") == "Hull expansion":
            out["sp"] += ship.get("expansion_sp", 0)   # structure counts even when damaged
        if e.get("damaged"):
            continue
        out["shield"] += info.get("shield", 0)
        out["recharge"] += info.get("recharge", 0)
        out["armor"] += info.get("armor", 0)
        if info.get("category") == "weapon":
            out["weapons"] += 1
    return out


def score(state: dict) -> dict:
    """K9: surviving crew levels, x1/2 (rounded up) / 1 / 2 / 3 by difficulty."""
    levels = sum(c["level"] for c in state["crew"].values())
    num, den = SCORE_FACTOR[state["difficulty"]]
    value = -(-levels * num // den)
    return {"levels": levels, "factor": num / den, "score": value, "difficulty": state["difficulty"]}


def pending(state: dict) -> list[str]:
    """Phase 1 (K5): the lines still to activate this turn, slot order."""
    if state["turn"] < 1 or state["phase"] != 1:
        return []
    return [slot for slot in SLOTS if slot in state["lines"] and slot not in state["done"]
            and slot != state.get("skipped") and not state["lines"][slot].get("standby")]


# --- validation ----------------------------------------------------------------------------

def validate(state: dict) -> list[str]:
    """Types, ranges, unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems)
    if not isinstance(state, dict):
        return problems
    typed = not problems
    try:
        _invariants(state, problems)
    except (KeyError, TypeError, AttributeError, ValueError):
        if typed:  # pragma: no cover - a well-typed state never gets here
            raise
    # (with type errors, the invariants that could still be checked are reported too)
    return problems


def _invariants(s: dict, problems: list[str]) -> None:
    if (s["turn"] == 0) != (s["phase"] == 0):
        problems.append(f"state.phase = {s['phase']} with state.turn = {s['turn']}: phase 0 is the setup "
                        f"before turn 1; turns 1 and later are in phases 1-5")
    if s["oxygen"] > oxygen_max(s):
        problems.append(f"state.oxygen = {s['oxygen']} is above the maximum {oxygen_max(s)} "
                        f"(25 + state.oxygen_tanks)")
    for slot, line in s["lines"].items():
        path = key_path("state.lines", slot)
        if not line["coords"]:
            problems.append(f"{path}.coords is empty: a line holds at least its start coordinate")
        if line.get("standby") and line.get("running"):
            problems.append(f"{path}: a line on STANDBY is not running (remove running or standby)")
        if line.get("running") is False:
            problems.append(f"{path}.running = false: leave the key out when the line is not running")
    for key in ("done",):
        for slot in s[key]:
            if slot not in s["lines"]:
                problems.append(f"state.{key} names line {slot}, which is not in use")
        if len(set(s[key])) != len(s[key]):
            problems.append(f"state.{key} names a line twice")
    if s.get("skipped") and s["skipped"] not in s["lines"]:
        problems.append(f"state.skipped = {show_value(s['skipped'])} is not a line in use")
    if s.get("skipped") and s.get("skipped") == s.get("skipped_before"):
        problems.append(f"state.skipped = {show_value(s['skipped'])}: the same line cannot be skipped two "
                        f"turns running (rulings K5)")
    if s["turn"] == 0 and (s["done"] or s.get("skipped") or s.get("free_action")):
        problems.append("state.done, skipped and free_action belong to a turn: the setup (turn 0) has none")
    if s.get("free_action") and s["phase"] < 3:
        problems.append(f"state.free_action is set in Phase {s['phase']}: it is Phase 3's choice")
    _validate_crew(s, problems)
    _validate_ship(s, problems)
    _validate_locations(s, problems)
    for name, q in s["quests"].items():
        path = key_path("state.quests", name)
        if q["urgent"] and "ticks" not in q:
            problems.append(f"{path}.ticks is missing: an urgent quest has a timer (0-3 ticks)")
        if not q["urgent"] and "ticks" in q:
            problems.append(f"{path}.ticks: only urgent quests have a timer")
        if not name.strip():
            problems.append("state.quests has a quest with an empty name")
    _validate_adventure(s, problems)
    sp = s.get("savepoint")
    if sp and s["difficulty"] not in SAVE_DIFFICULTIES:
        problems.append(f"state.savepoint: {DIFFICULTY_TEXT[s['difficulty']]} has no save points (rulings K8)")
    if sp and sp["turn"] > s["turn"]:
        problems.append(f"state.savepoint.turn = {sp['turn']} is after the current turn {s['turn']}")


def _validate_crew(s: dict, problems: list[str]) -> None:
    crew = s["crew"]
    if len(crew) > MAX_CREW:
        problems.append(f"state.crew has {len(crew)} members: at most {MAX_CREW} at any time (rulings K10)")
    folded = {}
    for name in crew:
        if not name.strip():
            problems.append("state.crew has a member with an empty name")
        if name.casefold() in folded:
            problems.append(f"state.crew has both {show_value(folded[name.casefold()])} and {show_value(name)}")
        folded[name.casefold()] = name
    psi = [n for n, c in crew.items() if "psi" in c]
    if len(psi) > 1:
        problems.append(f"state.crew: {', '.join(psi)} all have PSI: at most one crew member may (rulings K10)")
    for a, b in EXCLUSIVE:
        if a.casefold() in folded and b.casefold() in folded:
            problems.append(f"state.crew has both {a} and {b}: their sheets cover each other in the book")
    for name in s.get("fallen", ()):
        if name.casefold() in folded:
            problems.append(f"state.crew.{name}: a preset crew member who died may not rejoin in this "
                            f"campaign (state.fallen, rulings K11)")
    for name, c in crew.items():
        path = key_path("state.crew", name)
        if c["hp"] > c["hp_max"]:
            problems.append(f"{path}.hp = {c['hp']} is above {path}.hp_max = {c['hp_max']}")
        expect = "unconscious" if c["hp"] == 0 else "active"
        if c["status"] != expect:
            problems.append(f"{path}.status = {show_value(c['status'])} but hp = {c['hp']}: HP 0 is "
                            f"unconscious, above 0 active (rulings K11)")
        traits = len(c["traits"]) + (1 if "psi" in c else 0)
        if traits > MAX_TRAITS:
            problems.append(f"{path} has {traits} traits (PSI included): at most {MAX_TRAITS}")
        if any(not t.strip() for t in c["traits"]):
            problems.append(f"{path}.traits has a trait with an empty name")
        if "PSI" in (t.upper() for t in c["traits"]):
            problems.append(f"{path}.traits: PSI is kept as {path}.psi (its level), not as a trait")
        over = overload(c)
        if over > OVERLOAD_MAX:
            problems.append(f"{path}.inventory holds {len(c['inventory'])} items: capacity "
                            f"{carry_capacity(c['strength'])} + at most {OVERLOAD_MAX} overload")
    leader = s.get("leader")
    if leader is not None and leader not in crew:
        problems.append(f"state.leader = {show_value(leader)} is not a crew member")
    if leader is None and crew:
        problems.append("state.leader is missing: with a crew, one of them leads (set it with "
                        "`journal kraken crew leader NAME`)")
    busy: dict[str, str] = {}
    for bname, b in s["builds"].items():
        path = key_path("state.builds", bname)
        if ("system" in b) == ("hull" in b):
            problems.append(f"{path}: a build has either a system or a hull")
        if "hull" in b and "sp" not in b:
            problems.append(f"{path}.sp is missing: a hull being built has structure points")
        if not b["crew"]:
            problems.append(f"{path}.crew is empty: at least one crew member builds")
        for who in b["crew"]:
            if who not in crew:
                problems.append(f"{path}.crew names {show_value(who)}, who is not a crew member")
            elif who in busy:
                problems.append(f"{path}.crew: {who} already builds {busy[who]}")
            busy[who] = bname


def _validate_ship(s: dict, problems: list[str]) -> None:
    ship = s.get("ship")
    if not ship:
        if s["expansion_storage"]:
            problems.append("state.expansion_storage holds items but there is no ship")
        return
    if not ship["systems"]:
        if s["expansion_storage"]:
            problems.append("state.expansion_storage needs a Storage Expansion")
        return
    from journal.games.kraken import catalogue as catmod

    cat = catmod.load()
    names = {}
    for label, e in ship["systems"].items():
        path = key_path("state.ship.systems", label)
        system = e["system"]
        if system == catmod.AMMO:
            weapon = e.get("for")
            if weapon is None:
                problems.append(f"{path}.for is missing: a ship magazine is for one weapon type")
            elif weapon not in cat or not cat[weapon].get("ammo"):
                problems.append(f"{path}.for = {show_value(weapon)} is not a ship weapon with Ammo")
            continue
        if "for" in e:
            problems.append(f"{path}.for: only ship magazines (system = \"Ammo\") name a weapon")
        if system not in cat:
            problems.append(f"{path}.system = {show_value(system)} is not in the catalogue "
                            f"(`journal kraken ship catalogue`)")
            continue
        names.setdefault(system, []).append(label)
        if system == "Hull expansion" and "expansion_sp" not in ship:
            problems.append("state.ship.expansion_sp is missing: a Hull expansion adds the SP printed on "
                            "your ship's page")
    for system, labels in names.items():
        if len(labels) > 1 and not cat[system].get("multiple"):
            problems.append(f"state.ship.systems: {', '.join(labels)}: a ship has one {system}")
    if s["expansion_storage"] and "Storage Expansion" not in names:
        problems.append("state.expansion_storage holds items but the ship has no Storage Expansion")


def _validate_locations(s: dict, problems: list[str]) -> None:
    cap = location_capacity(s)
    for slot, loc in s["locations"].items():
        path = key_path("state.locations", slot)
        if int(slot) > cap:
            problems.append(f"{path}: slot {slot} needs HyperNavMemory (2 slots without it, rulings K7)")
        if loc["teleport"] > loc["depth"]:
            problems.append(f"{path}.teleport = {loc['teleport']} is deeper than depth = {loc['depth']}")
        if len(loc["maps"]) > loc["depth"]:
            problems.append(f"{path}.maps has {len(loc['maps'])} IDs for depth {loc['depth']}")
        for m in loc["cleared"]:
            if m > len(loc["maps"]):
                problems.append(f"{path}.cleared names map {m}, which has no Map ID yet")
        if len(set(loc["cleared"])) != len(loc["cleared"]):
            problems.append(f"{path}.cleared names a map twice")


def _validate_adventure(s: dict, problems: list[str]) -> None:
    """Flights, space combat, dungeons and ground combat (issue 6): cross-references and
    ranges the schema cannot express."""
    crew = s["crew"]
    f, c, d, g = s.get("flight"), s.get("combat"), s.get("dungeon"), s.get("ground")
    for name, m in crew.items():
        path = key_path("state.crew", name)
        if m.get("psi_exhausted") is False:
            problems.append(f"{path}.psi_exhausted = false: leave the key out when PSI is not exhausted")
        if m.get("psi_exhausted") and "psi" not in m:
            problems.append(f"{path}.psi_exhausted: {name} has no PSI")
        if m.get("armor") and m.get("jacket"):
            problems.append(f"{path}.armor and {path}.jacket: one jacket is worn at a time (armor is an unnamed "
                            f"jacket; remove one of them, ch. 14)")
        ps = m.get("physical_shield")
        if isinstance(ps, dict) and isinstance(ps.get("name"), str) and hand_holding(m, ps["name"]) is None:
            problems.append(f"{path}.physical_shield.name = {show_value(ps['name'])} is not held in a hand "
                            f"({hands_text(m)}): a physical Shield is carried in one hand (ch. 14)")
        for wname, w in (m.get("weapons") or {}).items():
            wpath = key_path(f"{path}.weapons", wname)
            try:
                from journal.games.kraken.ground import weapon_spec

                spec = weapon_spec(w)
            except Exception as e:  # noqa: BLE001 - an InputError naming the notation
                problems.append(f"{wpath}.spec = {show_value(w.get('spec'))}: {getattr(e, 'message', e)}")
                continue
            if "ammo" in w and spec["ammo"] is None:
                problems.append(f"{wpath}.ammo: the weapon has unlimited Ammo (no A<n> in its spec)")
            elif "ammo" in w and w["ammo"] > spec["ammo"]:
                problems.append(f"{wpath}.ammo = {w['ammo']} is above its capacity {spec['ammo']}")
    if f and f["stage"] == "combat" and not c:
        problems.append("state.flight.stage = \"combat\" but there is no state.combat")
    if f and f.get("generation"):
        gen = f["generation"]
        if f["stage"] == "combat":
            problems.append("state.flight.generation: a Location is generated after the Space Combat")
        if gen["spent"] > f["modifications"]:
            problems.append(f"state.flight.generation.spent = {gen['spent']} is above state.flight.modifications = "
                            f"{f['modifications']}")
    if c:
        if not s.get("ship"):
            problems.append("state.combat: a Space Combat needs a ship (state.ship)")
        if c["crossed"] > len(c["timeline"]):
            problems.append(f"state.combat.crossed = {c['crossed']} is above the {len(c['timeline'])} timeline cells")
        ship = c["ship"]
        if ship["sp"] > ship["sp_max"]:
            problems.append(f"state.combat.ship.sp = {ship['sp']} is above state.combat.ship.sp_max = {ship['sp_max']}")
        if ship["shield"] > ship["shield_max"]:
            problems.append(f"state.combat.ship.shield = {ship['shield']} is above state.combat.ship.shield_max = "
                            f"{ship['shield_max']}")
        for i, e in enumerate(c["enemies"], 1):
            path = f"state.combat.enemies[{i - 1}]"
            if e["sp"] > e["sp_max"]:
                problems.append(f"{path}.sp = {e['sp']} is above its sp_max = {e['sp_max']}")
            if e["shield"] > e["shield_max"]:
                problems.append(f"{path}.shield = {e['shield']} is above its shield_max = {e['shield_max']}")
        systems = (s.get("ship") or {}).get("systems", {})
        for label in c["ammo"]:
            if label not in systems:
                problems.append(f"state.combat.ammo names {show_value(label)}, which is not a ship system")
        for name in c["used"]:
            if name not in crew:
                problems.append(f"state.combat.used names {show_value(name)}, who is not a crew member")
        b = c.get("boarding")
        if b:
            if b["enemy"] > len(c["enemies"]):
                problems.append(f"state.combat.boarding.enemy = {b['enemy']}: there are {len(c['enemies'])} enemies")
            for name in b["crew"]:
                if name not in crew:
                    problems.append(f"state.combat.boarding.crew names {show_value(name)}, who is not a crew member")
        for n in c.get("boarders", []):
            if n > len(c["enemies"]):
                problems.append(f"state.combat.boarders names enemy {n}: there are {len(c['enemies'])}")
        if c["step"] not in COMBAT_STEPS:  # pragma: no cover - the schema checks it
            problems.append("state.combat.step is unknown")
    if d:
        loc = s["locations"].get(d["location"])
        if loc is None:
            problems.append(f"state.dungeon.location = {show_value(d['location'])} is not in state.locations")
        elif d["map"] > loc["depth"]:
            problems.append(f"state.dungeon.map = {d['map']} is deeper than the Location's depth {loc['depth']}")
        elif d["map"] > len(loc["maps"]):
            problems.append(f"state.dungeon.map = {d['map']} has no Map ID yet in state.locations.{d['location']}.maps")
        for name in d["crew"]:
            if name not in crew:
                problems.append(f"state.dungeon.crew names {show_value(name)}, who is not a crew member")
        if c:
            problems.append("state.dungeon and state.combat: the crew cannot explore during a Space Combat")
    if g:
        for name in g["crew"]:
            if name not in crew:
                problems.append(f"state.ground.crew names {show_value(name)}, who is not a crew member")
        for label, e in g["enemies"].items():
            path = key_path("state.ground.enemies", label)
            if e["hp"] > e["hp_max"]:
                problems.append(f"{path}.hp = {e['hp']} is above its hp_max = {e['hp_max']}")
            sh = e.get("shield")
            if sh and sh["power"] > sh["max"]:
                problems.append(f"{path}.shield.power = {sh['power']} is above its max = {sh['max']}")
            for row in e.get("actions", []):
                if row["lo"] > row["hi"]:
                    problems.append(f"{path}.actions: a row from {row['lo']} to {row['hi']} is backwards")
        for name, v in g.get("shields", {}).items():
            m = crew.get(name)
            if m is None or not m.get("shield"):
                problems.append(f"state.ground.shields names {show_value(name)}, who has no Shield")
            elif v > m["shield"]["power"]:
                problems.append(f"state.ground.shields.{name} = {v} is above the Shield's power {m['shield']['power']}")
        if g["step"] != "spawn" and g["turn"] < 1:
            problems.append("state.ground.turn is 0 but the combat has begun")
        if c:
            problems.append("state.ground and state.combat: a Ground Combat and a Space Combat at once")
    for i, drop in enumerate(s.get("loot", [])):
        if drop.get("d20") is not None and "first" not in drop:
            problems.append(f"state.loot[{i}].d20 without first (credits or stimpack)")
        if drop.get("kind") and drop.get("d20") is None:
            problems.append(f"state.loot[{i}].kind without d20: the Treasure Table is read after the d20")
    _validate_more(s, problems)


def _validate_more(s: dict, problems: list[str]) -> None:
    """Captives, Phase R, Gamblers, prices, the team's items, dungeon elements (the gaps
    closed after issue 6)."""
    crew = s["crew"]
    carriers: dict[str, str] = {}
    for label, c in (s.get("captives") or {}).items():
        path = key_path("state.captives", label)
        if c["carrier"] not in crew:
            problems.append(f"{path}.carrier = {show_value(c['carrier'])} is not a crew member")
        elif c["carrier"] in carriers:
            problems.append(f"{path}.carrier: {c['carrier']} carries {carriers[c['carrier']]} already (one captive "
                            f"each)")
        carriers[c["carrier"]] = label
    g = s.get("ground")
    for label, e in ((g or {}).get("enemies") or {}).items():
        path = key_path("state.ground.enemies", label)
        if e["status"] == "captured":
            who = e.get("carrier")
            if who is None:
                problems.append(f"{path}.carrier is missing: a captured alien is carried by a crew member")
            elif who not in crew:
                problems.append(f"{path}.carrier = {show_value(who)} is not a crew member")
            elif who in carriers:
                problems.append(f"{path}.carrier: {who} carries {carriers[who]} already (one captive each)")
            else:
                carriers[who] = label
            if e["hp"] > 0:
                problems.append(f"{path}.hp = {e['hp']}: an alien is captured at 0 HP or below")
        elif "carrier" in e:
            problems.append(f"{path}.carrier: only a captured alien has a carrier")
    ret = s.get("returned")
    if ret is not None:
        if s["turn"] == 0:
            problems.append("state.returned belongs to a turn: the setup (turn 0) has none")
        if len(set(ret)) != len(ret):
            problems.append("state.returned names a phase twice")
        for p in ret:
            if p > s["phase"]:
                problems.append(f"state.returned names Phase {p}, after the current Phase {s['phase']}")
    for key, price in (s.get("grade_prices") or {}).items():
        known = KNOWN_GRADE_PRICES.get(int(key))
        if known is not None and price != known:
            problems.append(f"state.grade_prices.{key} = {price}: the rulebook prints grade {key} at {known}¢")
    tx = transmitters(s)
    if len(tx) > 1:
        problems.append(f"state.crew: {', '.join(tx)}: only one Mobile transmitter may be carried by the whole "
                        f"team (ch. 4)")
    d = s.get("dungeon")
    if d:
        for b in d.get("near", []):
            if b not in d.get("breaches", []):
                problems.append(f"state.dungeon.near names {show_value(b)}, which is not in state.dungeon.breaches")
        if d.get("portal") is not None and d["portal"] not in d.get("portals", []):
            problems.append(f"state.dungeon.portal = {d['portal']} is not in state.dungeon.portals")
