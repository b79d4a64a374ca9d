"""The save format of `[state]`: every table, its keys, types and ranges (`STATE`; the same keys
typed for the type checker are tables.py's), and `validate(state)`.

`validate` runs before and after every command (and show on loading), so it stays light:
the invariants it checks after the types (model/invariants.py) load the catalogue and the weapon
notation only when a state has systems or weapons. The versions of this format and the migrations
of an older save are in migrations.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.games.kraken.cgm import LINE_CELLS, SLOTS, VAR_MAX, VAR_MIN
from journal.games.kraken.model.constants import (
    ARMOR_MAX,
    ATMOSPHERES,
    ATTRIBUTES,
    COMBAT_STEPS,
    DAMAGE_TYPES,
    DIFFICULTIES,
    ENEMY_STATUS,
    FLIGHT_OPTIONS,
    FLIGHT_STAGES,
    FREE_ACTIONS,
    GROUND_STEPS,
    ITEM_KINDS,
    JAMS,
    MAX_BUILD_CREW,
    MAX_CREW,
    MAX_DEPTH,
    MAX_ENEMY_SHIPS,
    MAX_OBJECTIVES,
    MAX_TICKS,
    MAX_TIMELINE,
    MAX_TREASURE_GRADE,
    MIN_DEPTH,
    OBJECTIVE_CHECKS,
    RESULTS,
    SHIP_EFFECTS,
    SPECIALS,
    SPECIES,
    TIMELINE_CODES,
    WHERE,
)
from journal.games.kraken.model.invariants import invariants
from journal.schema import Bool, Int, List, Map, Str, Table, Validator, opt

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

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
SYSTEM = Table({"system": _NAME, "for": opt(_NAME), "damaged": opt(Bool())})
SHIP = Table({
    "hull": _NAME,
    "hull_price": Int(0, 100000),
    "sp": Int(1, 999),
    "expansion_sp": opt(Int(1, 999)),
    "systems": Map(SYSTEM),
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
HIT = Table({                             # an enemy's hit of this turn's last enemy fire, and what it took:
    "enemy": Int(1, MAX_ENEMY_SHIPS),     # enough to take it back if the ship evades it afterwards (10, 4.1a)
    "roll": Int(1, 6),
    "damage": Int(0, 9999),
    "shield": Int(0, 9999),               # Shield energy it took (absorbed, or an EMP's)
    "clamped": opt(Int(0, 9999)),         # Shield energy lost as the shield system it damaged lowered the capacity
    "sp": Int(0, 9999),
    "system": opt(Table({"label": _NAME, "result": Str(choices=("damaged", "stays", "destroyed")),
                         "entry": opt(SYSTEM), "index": opt(Int(0, 999)), "ammo": opt(Int(0, 999)),
                         "locations": opt(Map(LOCATION, key_pattern="[1-6]", key_describe="a log slot 1-6")),
                         "expansion_storage": opt(List(_TEXT))})),
    "evaded": opt(Bool()),
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
    "fire": opt(Table({"step": Str(choices=COMBAT_STEPS), "hits": List(HIT, max_items=MAX_ENEMY_SHIPS)})),
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
    "at": opt(_TEXT),                                  # the Shop, dealer, Gambler, Modder or laser tile the team is on
    "avoid_failed": opt(_TEXT),                        # an enemy tile whose avoidance failed (fight it now)
    "divination": opt(Int(-3, 3)),                     # PSI DIVINATION: the next loot roll +3 / -3
    "midas": opt(Bool()),                              # PSI MIDAS TOUCH: +3 Credits if the next Ground Combat is won
    "surprise": opt(Bool()),                           # PSI SURPRISE: +2 to the next initiative roll
    "disruptors": opt(_TILES),                         # Disruptors the maps show ("map:tile"); see disabled
    "bosses": opt(_TILES),                             # Bosses the maps show ("map:tile"): while one lives, the
                                                       # map's Safety Bulkheads stay shut (defeated: resolved)
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
    "revived": opt(List(_NAME)),                       # healed from unconscious this turn: no action before the
                                                       # next Ground Combat turn (ch. 4)
})
LOOT = Table({"grade": Int(1, MAX_TREASURE_GRADE), "from": _TEXT, "d20": opt(Int(1, 20)),
              "first": opt(Str(choices=("credits", "stimpack"))),
              "kind": opt(Str(choices=ITEM_KINDS))})     # what the Treasure Table cell says, when the program knows it
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
    "recovered": Bool(),                           # a Recovery happened this turn (Phase 5 then has none)
    "recoveries": opt(List(Int(1, 5), max_items=3)),  # the phases (1, 3, 5) whose Phase R was taken this turn
    "done": List(_SLOT, max_items=len(SLOTS)),
    "skipped": opt(_SLOT),
    "skipped_before": opt(_SLOT),
    "free_action": opt(Str(choices=FREE_ACTIONS)),
    "free_used": opt(Bool()),                      # the chosen free action was carried out (flown, entered)
    "found": opt(_SLOT),                           # the Starmap slot of the Location this turn's flight found
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
    "shop": opt(Table({"grade": Int(1, MAX_TREASURE_GRADE),   # a Shop away from a Location: Phase 3's grade 5
                       "by": Str(choices=("phase 3", "event"))})),   # Shop or an event's, until the phase ends
})


def validate(state: dict, changed: set[str] | None = None) -> list[str]:
    """Types, ranges, unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems, changed)  # (only the keys `changed`, when given)
    if not isinstance(state, dict):
        return problems
    typed = not problems
    try:
        invariants(cast("State", state), problems)   # well typed: STATE's validators passed
    except (KeyError, TypeError, AttributeError, ValueError):
        if typed:  # pragma: no cover - a well-typed state never gets here
            raise
    # (with type errors, the invariants that could still be checked are reported too)
    return problems
