"""The rulebook's numbers and names, chapter by chapter (3.2 difficulties to 14 gear)."""

from __future__ import annotations

from typing import Final

from journal.games.kraken.model.commands import either
from journal.hints import cmd, say

DIFFICULTIES = ("simulation", "adventurer", "real-life", "hardcore")
DIFFICULTY_TEXT = {"simulation": "Just a Simulation", "adventurer": "Adventurer",
                   "real-life": "Real Life", "hardcore": "Hardcore"}
SAVE_DIFFICULTIES = ("simulation", "adventurer")           # K8: the ones with save points
SCORE_FACTOR = {"simulation": (1, 2), "adventurer": (1, 1), "real-life": (2, 1), "hardcore": (3, 1)}  # K9

ATTRIBUTES: Final = ("agility", "strength", "tech", "charisma", "ranged", "melee")
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
MOBILE_TRANSMITTER = "mobile transmitter"
TOOL_SET = "tool set"                # ch. 4: a Tool set or a German Tool set, one per crew member

START_CREDITS = 100                  # 3.7
OXYGEN_BASE = 25                     # 3.6
CLONE_HEAL = 4           # ch. 13: a clone station heals each crew member 4 HP

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
GEN_FIELDS = ("type", "ao", "ai", "depth", "teleport", "special", "species")   # ch. 12: a generator's tables
LOCATION_SLOTS, LOCATION_SLOTS_HNM = 2, 6    # K7
MAX_TICKS = 4                        # K13: the fourth tick fails an urgent quest
MAX_BUILD_CREW = 3                   # ch. 7

# --- flights, space combat, dungeons, ground combat (issue 6) -----------------------------
FLIGHT_OPTIONS = ("risky-shortcut", "dangerous-shortcut", "smuggle", "pay-smuggler", "safe")   # ch. 9.2
OPTION_TEXT = {"risky-shortcut": "Risky Shortcut", "dangerous-shortcut": "Dangerous Shortcut",
               "smuggle": "Smuggle Goods", "pay-smuggler": "Pay a Smuggler", "safe": "Safe and Sound"}
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
BULKHEAD_TRIES = 3                                 # the third failure locks it
DAMAGE_TYPES = ("fire", "ice", "toxic", "ranged", "melee")
# The weapon notation's kinds and flags (ch. 14, Weapons definition, book p. 145-146)
RANGED_KIND, MELEE_KIND = "RG", "ML"
ARMOR_PIERCING = "AP"     # only half the target's Armor applies
IGNORE_ARMOR = "IA"       # the target's Armor gives no benefit
IGNORE_SHIELDS = "IS"     # Energy and Flash Shields give no benefit
EXPLOSIVE = "EX"          # hits every opposing target, a hit die each
CHARGED = "T2"            # recharged (an action) before it fires again
EMP = "EMP"               # only hurts Shields
# Traits the rules read by name (a crew member's, ch. 14; an enemy's sheet, book p. 170)
AGGRESSIVE = "aggressive"
CHAIN_ATTACK = "chain attack"
INDEPENDENT_TARGETING = "independent targeting"
TWO_ACTIONS = "2 actions"
ZOMBIE = "zombie"
TALISMAN = "talisman"     # an Item, not a trait: the Grade 4 Talisman allows a reroll of an attack die
GROUND_STEPS = ("spawn", "crew", "enemies")
FISTS_NAMES = ("fists", "bare fists")   # a crew member's attack without a weapon, as typed
ENEMY_STATUS = ("active", "defeated", "escaped", "captured")
MAX_LEVEL = 8
MAX_TREASURE_GRADE = 6
# Item and weapon prices by grade: the book's own examples give these two (a grade 3 weapon costs
# 12, modding a grade 4 weapon 30, ch. 13, 14); the price list is on book p. 165/167: the player
# notes the others once (`grade-price`, state.grade_prices) or gives one (--price).
GRADE_PRICES = {3: 12, 4: 30}
ITEM_KINDS = ("cash", "item", "weapon", "ammo", "prototype")   # what a Treasure Table cell gives (ch. 14)

ARMOR_MAX = 8                        # ch. 14: the maximum Armor Level of a hero
ARMOR_PIECES: Final = ("jacket", "helmet", "physical_shield")   # ch. 14: one of each worn at a time
ARMOR_PIECE_TEXT = {"jacket": "jacket", "helmet": "helmet", "physical_shield": "physical Shield"}
HANDS = ("L", "R")
# what a Treasure drop's d20 gives, as the commands that resolve it (hints name whole commands)
TREASURE_COMMANDS = either(*(cmd(f"kraken treasure {kind}") for kind in ("cash", "item", "weapon", "ammo", "prototype")))

# What a Shop sells, as the commands a player types there (dungeon, short visit, Phase 3, event)
SHOP_COMMANDS = say("`", cmd("kraken dungeon buy", "ITEM", grade="G"), "`, `", cmd("kraken dungeon sell", "ITEM", value="N"),
                    "`, `", cmd("kraken ship buy", "SYSTEM"), "`, `",
                    cmd("kraken crew add", "NAME", hire=True, level="N", agility="N", strength="N", tech="N",
                        charisma="N", ranged="N", melee="N"), "`")

# ch. 10: an enemy ship's weapon effect (the flight table's EMP, see above, or HE: nothing through a Shield,
# double SP damage on a 6); ch. 14: the flags of the weapon notation, and WEAKEN n
HIGH_EXPLOSIVE = "HE"
WEAPON_FLAGS = (ARMOR_PIERCING, IGNORE_ARMOR, IGNORE_SHIELDS, EXPLOSIVE, CHARGED, EMP)
WEAKEN = "WEAKEN"

# ch. 10 (1): the timeline's commands (TIMELINE_CODES, TIMELINE_TEXT)
(TIMELINE_ATTACK, TIMELINE_BACKUP, TIMELINE_COMBAT, TIMELINE_EVADING, TIMELINE_GAME_OVER, TIMELINE_IDLE,
 TIMELINE_SHIELDS, TIMELINE_TIME, TIMELINE_VICTORY) = ("A", "B", "C", "E", "G", "I", "S", "T", "V")
# ch. 10 (2): an objective's check (OBJECTIVE_CHECKS; "?": the player chooses)
CHECK_ATTACK, CHECK_TECH, CHECK_CHARISMA, CHECK_CHOOSE = "A", "T", "C", "?"
# ch. 11: a ship weapon's burst mode (its catalogue special)
OVERCLOCK = "OC"
