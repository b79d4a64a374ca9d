"""War Titans' numbers and the lookups every rule uses.

The game's constants (rules notes T1-T7 in docs/titans.md), THREAT's tier (derived
from THREAT, never stored: `public_state` adds it for `show --json` and the sheets), the
invader card's section in force. (The names the table types are found in the save by the
commands: cli/names.py.)
"""

from __future__ import annotations

from journal.errors import RuleError


THREAT_MAX = 21                 # T1: 0 = numberless first Green step, 21 = numberless sixth Red step
TIERS = ("green", "white", "blue", "red")
TIER_SPANS = {"green": (0, 5), "white": (6, 10), "blue": (11, 15), "red": (16, 20)}   # T1
CITY_HP = {"metropolis": 4, "refuge": 5}                                                # T6
CITY_THREAT = {"metropolis": 1, "refuge": 2}                                            # T4
CITY_LABEL = {"metropolis": "Metropolis", "refuge": "Refuge City"}
CATEGORIES = ("terrestrial", "mechanical", "amphibious", "flying")
TRIGGER = {"terrestrial": "when it is destroyed", "mechanical": "when a Titan enters its city",
           "amphibious": "when a Titan attacks in its city", "flying": "when it invades a city"}
BORDER = {"terrestrial": "green", "mechanical": "grey", "amphibious": "blue", "flying": "red"}
COLORS = ("blue", "yellow", "red", "green")              # support pawn colours
TAGS = ("melee", "ranged", "energy", "physical")          # Attack Tags
ABILITIES = ("hp", "armor", "combat", "movement", "repair")
CHECKS = ("combat", "movement", "repair")
SLOTS = ("hand1", "hand2", "hands", "head", "core", "tools")
SLOT_TEXT = {"hand1": "first hand", "hand2": "second hand", "hands": "both hands (two-handed)",
             "head": "head", "core": "core", "tools": "tools"}
PHASES = ("setup", "opening", "fight", "upgrade", "ending", "final", "over")
PHASE_TEXT = {"setup": "Setup", "opening": "Opening Phase", "fight": "Fight Phase", "upgrade": "Upgrade Phase",
              "ending": "turn over", "final": "Final Episode", "over": "game over"}
PHASE_ORDER = {"opening": 1, "fight": 2, "upgrade": 3, "ending": 4}
TRIALS = ("sealed", "revealed", "tyrant", "defeated")
RESULTS = ("won", "lost")
ACTIONS = ("industry", "army", "research", "refresh")

EPISODE_CARDS = 72
TECH_CARDS = 75
FACE_UP = 3
FINAL_EPISODES = 4
PILOT_CARDS = 8
PAWNS_PER_TYPE = 5              # T5
RIFT_SPOTS = 3                  # Reward Values 1-3 are the rift's spots 1-3
SUPPORTS_MAX = 3                # T6
SUPPORT_HP = 2
SUPPORT_RANGE = 3               # Support Movement: up to 3 city spaces
CHARGES_MAX = 3                 # T6
INDUSTRY_CREDITS = 2
MAX_PLAYERS = 4
ONE = "O.N.E."                  # the Pilot Card printed in the rulebook (The Pilot Cards)


def tier(threat: int) -> str:
    """T1: Green 0-5, White 6-10, Blue 11-15, Red 16-20 (and 21, the sixth Red step)."""
    if threat <= 5:
        return "green"
    if threat <= 10:
        return "white"
    if threat <= 15:
        return "blue"
    return "red"


def episodes_to_draw(state: dict) -> int:
    """T3: 1 before the first invasion; then max(1, players-1), or `players` at Red."""
    if not state["invaded"]:
        return 1
    players = len(state["players"])
    return players if tier(state["threat"]) == "red" else max(1, players - 1)


def episodes_for(players: int, threat: int, invaded: bool) -> int:
    """The same count for any table (sheets and help text use it)."""
    if not invaded:
        return 1
    return players if tier(threat) == "red" else max(1, players - 1)


def plural(n: int, noun: str, many: str | None = None) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"


def joined(parts: list, sep: str = ", ") -> list:
    """The parts of a line (text and hints) with `sep` between them: `say(*joined(hints))`."""
    out: list = []
    for i, part in enumerate(parts):
        out += [sep, part] if i else [part]
    return out


def tier_word(t: str) -> str:
    return t.capitalize()


def category(state: dict, pid: str) -> str:
    return state["types"][state["cards"][pid]["type"]]["category"]


def rift_of_pawn(state: dict, pid: str) -> str:
    kind = state["cards"][pid]["type"]
    for name, r in state["rifts"].items():
        if r["type"] == kind:
            return name
    raise RuleError(f"invader {pid} ({kind}) belongs to no rift")  # validate() prevents this


def stats(state: dict, pid: str) -> dict:
    """The invader card's section in force (T2): hp, dmg, reward (Credits), immune, ability."""
    card = state["cards"][pid]
    t = tier(state["threat"])
    i = TIERS.index(t)
    return {"section": t, "hp": card["hp"][i], "dmg": card["dmg"][i],
            "reward": card["credits"][i] if "credits" in card else card["reward"],
            # the rulebook: "Invaders become immune to Attack Tags only on THREAT Level Red"
            "immune": list(card["immune"][i]) if "immune" in card and t == "red" else [],
            "ability": card["ability"][i] if "ability" in card else "",
            "effect": dict(card["effect"][i]) if "effect" in card else {}}


def is_one(pilot: str | None) -> bool:
    """The pilot O.N.E. (the Pilot Card printed in the rulebook), however its name is typed."""
    return pilot is not None and "".join(ch for ch in pilot.casefold() if ch.isalnum()) == "one"


def lead_pilot(s: dict) -> str | None:
    return s["titans"][s["players"][s["lead"]]["titan"]].get("pilot")
