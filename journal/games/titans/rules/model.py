"""War Titans' numbers and the lookups every rule uses.

The game's constants (rules notes T1-T7 in docs/titans.md), THREAT's tier (derived
from THREAT, never stored: `public_state` adds it for `show --json` and the sheets), whether
the game is over (`result`), the invader card's section in force. (The names the table types
are found in the save by the commands: cli/names.py.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from journal.errors import RuleError

if TYPE_CHECKING:
    from journal.games.titans.tables import State
    from journal.games.interface import Result


# The book's words, each written here once: the rules compare with these names, never with text.
SETUP, OPENING, FIGHT, UPGRADE, ENDING, FINAL, OVER = PHASES = (
    "setup", "opening", "fight", "upgrade", "ending", "final", "over")
DEVELOPMENT, SUPPORTS = "development", "supports"   # the Upgrade Phase's ordered steps 3 and 4 (order.py)
GREEN, WHITE, BLUE, RED = TIERS = ("green", "white", "blue", "red")                      # T1, T2
TERRESTRIAL, MECHANICAL, AMPHIBIOUS, FLYING = CATEGORIES = ("terrestrial", "mechanical", "amphibious", "flying")
METROPOLIS, REFUGE = "metropolis", "refuge"                                              # city types
MELEE, RANGED, ENERGY, PHYSICAL = TAGS = ("melee", "ranged", "energy", "physical")       # Attack Tags
HAND1, HAND2, HANDS, HEAD, CORE, TOOLS = SLOTS = ("hand1", "hand2", "hands", "head", "core", "tools")
INDUSTRY, ARMY, RESEARCH, REFRESH = ACTIONS = ("industry", "army", "research", "refresh")  # Development
COLORS = ("blue", "yellow", "red", "green")              # support pawn colours
ABILITIES = ("hp", "armor", "combat", "movement", "repair")
CHECKS = ("combat", "movement", "repair")
TRIALS = ("sealed", "revealed", "tyrant", "defeated")
RESULTS = ("won", "lost")

THREAT_MAX = 21                 # T1: 0 = numberless first Green step, 21 = numberless sixth Red step
# T1: each tier's numbered steps (0 is the first, numberless Green step; 21, THREAT_MAX, the sixth,
# numberless Red step past 20): the one place the bands are written (tier(), show, the tracker page)
TIER_SPANS = {GREEN: (0, 5), WHITE: (6, 10), BLUE: (11, 15), RED: (16, 20)}
CITY_HP = {METROPOLIS: 4, REFUGE: 5}                                                    # T6
CITY_THREAT = {METROPOLIS: 1, REFUGE: 2}                                                # T4
CITY_LABEL = {METROPOLIS: "Metropolis", REFUGE: "Refuge City"}
TRIGGER = {TERRESTRIAL: "when it is destroyed", MECHANICAL: "when a Titan enters its city",
           AMPHIBIOUS: "when a Titan attacks in its city", FLYING: "when it invades a city"}
BORDER = {TERRESTRIAL: "green", MECHANICAL: "grey", AMPHIBIOUS: "blue", FLYING: "red"}
SLOT_TEXT = {HAND1: "first hand", HAND2: "second hand", HANDS: "both hands (two-handed)", HEAD: "head", CORE: "core",
             TOOLS: "tools"}
PHASE_TEXT = {SETUP: "Setup", OPENING: "Opening Phase", FIGHT: "Fight Phase", UPGRADE: "Upgrade Phase",
              ENDING: "turn over", FINAL: "Final Episode", OVER: "game over"}
PHASE_ORDER = {OPENING: 1, FIGHT: 2, UPGRADE: 3, ENDING: 4}

EPISODE_CARDS = 72
TECH_CARDS = 75
FACE_UP = 3
FINAL_EPISODES = 4
PILOT_CARDS = 8
PAWNS_PER_TYPE = 5              # T5
RIFT_SPOTS = 3                  # Reward Values 1-3 are the rift's spots 1-3
LAIR_SPOTS = PAWNS_PER_TYPE     # a Lair is a row of spots, one per pawn of its type
# T5: the Reward Values the sample's cards print, pawn 1 to 5: a pawn whose card the player's box
# does not hold yet starts on these spots (the players number their pawns the same way)
SAMPLE_REWARDS = (1, 1, 2, 2, 3)
SUPPORTS_MAX = 3                # T6
SUPPORT_HP = 2
SUPPORT_RANGE = 3               # Support Movement: up to 3 city spaces
CHARGES_MAX = 3                 # T6
INDUSTRY_CREDITS = 2
CREDITS_MAX = 999               # what a player's Credits may reach (the save keeps 0-999)
ABILITY_MAX = 99                # a Titan Sheet's numbers (HP, Armor, ...) and a card's damage: 0-99
MAX_PLAYERS = 4
ONE = "O.N.E."                  # the Pilot Card printed in the rulebook (The Pilot Cards)


def tier(threat: int) -> str:
    """T1: the tier whose steps (TIER_SPANS) hold THREAT; 21, the sixth Red step past the track's
    last number, is Red too."""
    for t, (_lo, hi) in TIER_SPANS.items():
        if threat <= hi:
            return t
    return RED


def result(state: Mapping[str, Any]) -> Result | None:
    """"won" or "lost" once the game is over (phase "over", with `result` and `reason`, which
    trackers.end_game writes), else None: the Final Episode still to be played (phase "final") is
    not over yet (T7). The game's hook (views/state.py) says what this says."""
    if state.get("phase") != OVER:
        return None
    return "won" if state.get("result") == "won" else "lost"


def public_state(state: Mapping[str, Any]) -> dict:
    """The save's values plus the derived ones (`tier`, from THREAT: T1): what `show --json`
    prints, `new` reports and the sheets draw."""
    return {**state, "tier": tier(state["threat"])}


def episodes_to_draw(state: State) -> int:
    """T3: 1 before the first invasion; then max(1, players-1), or `players` at Red."""
    if not state["invaded"]:
        return 1
    players = len(state["players"])
    return players if tier(state["threat"]) == RED else max(1, players - 1)


def episodes_for(players: int, threat: int, invaded: bool) -> int:
    """The same count for any table (sheets and help text use it)."""
    if not invaded:
        return 1
    return players if tier(threat) == RED else max(1, players - 1)


def joined(parts: list, sep: str = ", ") -> list:
    """The parts of a line (text and hints) with `sep` between them: `say(*joined(hints))`."""
    out: list = []
    for i, part in enumerate(parts):
        out += [sep, part] if i else [part]
    return out


def tier_word(t: str) -> str:
    return t.capitalize()


def category(state: State, pid: str) -> str:
    return state["types"][state["cards"][pid]["type"]]["category"]


def rift_of_pawn(state: State, pid: str) -> str:
    kind = state["cards"][pid]["type"]
    for name, r in state["rifts"].items():
        if r["type"] == kind:
            return name
    raise RuleError(f"invader {pid} ({kind}) belongs to no rift")  # validate() prevents this


class MissingCard(RuleError):
    """An invader whose card's numbers the save does not hold yet (the player's box is filled in as
    the invaders come out: docs/titans.md, "Your own box"): the command that needs them finds them
    in the box, asks for them on a terminal, or is refused naming the command that records them."""

    def __init__(self, pid: str, kind: str, category: str, code: str, reward: int):
        from journal.hints import cmd, say

        super().__init__(say(f"the Invader Card of {pid} ({kind}) is not in your box yet: record it with ",
                             cmd("titans box card", pid, reward="N", green="HP/DMG", white="HP/DMG", blue="HP/DMG",
                                 red="HP/DMG"), ", then run this command again"))
        self.pid, self.kind, self.category, self.code, self.reward = pid, kind, category, code, reward


def with_cards(fn: Callable[..., Any], cards: Mapping[str, dict]) -> Callable[..., Any]:
    """A rules function run with invader cards the save did not hold yet (found in the player's box
    or typed as the invader came out: `cards`, pawn -> its card's entry): they enter the save in the
    same command, and its lines say so first."""

    def entered(state: State, dice: Any, **params: Any) -> Any:
        s: dict = {**state, "cards": dict(state["cards"])}
        said = []
        for pid, card in cards.items():
            if pid in s["cards"] and "hp" not in s["cards"][pid]:
                s["cards"][pid] = {**card, "type": s["cards"][pid]["type"]}
                said.append(f"{pid}'s Invader Card enters the campaign (HP/DMG green to red: "
                            + ", ".join(f"{h}/{d}" for h, d in zip(card["hp"], card["dmg"])) + ").")
        out = fn(s, dice, **params)
        out.lines = [*said, *(out.lines or [out.summary])]
        return out

    entered.__name__ = getattr(fn, "__name__", "rules")
    return entered


def stats(state: State, pid: str) -> dict:
    """The invader card's section in force (T2): hp, dmg, reward (Credits), immune, ability. Each
    tier reads its own colour's section, as the Invader Cards text names them ("Green, White, Blue
    and Red"), though the THREAT Level text prints "white" for the Green tier and "yellow" for
    the White one."""
    card = state["cards"][pid]
    if "hp" not in card or "dmg" not in card:
        kind = state["types"][card["type"]]
        raise MissingCard(pid, card["type"], kind["category"], kind["code"], card["reward"])
    t = tier(state["threat"])
    i = TIERS.index(t)
    return {"section": t, "hp": card["hp"][i], "dmg": card["dmg"][i],
            "reward": card["credits"][i] if "credits" in card else card["reward"],
            # the rulebook: "Invaders become immune to Attack Tags only on THREAT Level Red"
            "immune": list(card["immune"][i]) if "immune" in card and t == RED else [],
            "ability": card["ability"][i] if "ability" in card else "",
            "effect": dict(card["effect"][i]) if "effect" in card else {}}


DIE_KEYS = ("faces", "red", *CHECKS)   # a face table: the six faces, the red symbol, each check's successes


def face_table(state: State, titan: str) -> dict | None:
    """The custom dice's face table for a Titan's checks: "Each die symbol matching the
    corresponding symbols of the Combat ability printed on the Titan Sheet is counted as a
    success". The Titan's own table (its sheet, or a card that changes its symbols) overrides
    the game's key by key; None when the two together do not give every key."""
    table = {**state.get("dice", {}), **state["titans"][titan].get("dice", {})}
    return table if all(k in table for k in DIE_KEYS) else None


def is_one(pilot: str | None) -> bool:
    """The pilot O.N.E. (the Pilot Card printed in the rulebook), however its name is typed."""
    return pilot is not None and "".join(ch for ch in pilot.casefold() if ch.isalnum()) == "one"


def lead_pilot(s: State) -> str | None:
    return s["titans"][s["players"][s["lead"]]["titan"]].get("pilot")
