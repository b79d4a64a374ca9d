"""General space combat rules: what every sub-phase shares, an event's combat, the page by hand.

Who may act this turn, the sub-phases in order, an enemy by number, the shields'
capacity; a combat an event starts; the SPACE COMBAT page set by hand (A2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.flight import prepare_combat
from journal.games.kraken.model.campaign import copy_state, known, refuse_if_over
from journal.games.kraken.model.combat import boarding_pending, current_space_combat, enemy_fire_due
from journal.games.kraken.model.commands import BOARD_ESCAPE_OR_RECHARGE, OBJECTIVES_OR_FIRE, SHIP_HULL
from journal.games.kraken.model.constants import COMBAT_STEPS, COMBAT_STEP_TEXT, MAX_ENEMY_SHIPS, MAX_OBJECTIVES
from journal.games.kraken.model.flight_table import (
    MAX_FLIGHT_NUMBER,
    enemy_text,
    parse_enemy,
    parse_objective,
    parse_timeline,
)
from journal.games.kraken.model.systems import ship_stats
from journal.hints import Text, cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

BOARD_SHIELD = 3         # 5) board a ship with 3 or less Shield energy
BOARD_CREW_LEFT = 2      # enemies boarding you leave 2 crew aboard
BOARD_MIN_CREW = 4       # timeline C: ships with 4+ crew board


def free_crew(s: State, c: dict) -> list[str]:
    """The crew members who may still act this space combat turn: conscious, not used yet."""
    return [n for n, m in s["crew"].items() if m["status"] == "active" and n not in c["used"]]


def available_crew(s: State, c: dict, names, allow_used: bool = False) -> list[str]:
    """Crew members who may act this space combat turn: conscious and not used yet."""
    out = []
    for n in names:
        key = known(s["crew"], n, "crew member")
        if key in out:
            raise InputError(f"{key} is named twice")
        if s["crew"][key]["status"] != "active":
            raise RuleError(f"{key} is unconscious and cannot act")
        if not allow_used and key in c["used"]:
            raise RuleError(f"{key} was used this combat turn already ({c['used'][key]}): each crew member acts "
                            f"once per turn")
        out.append(key)
    return out


def mark_used(c: dict, names, what: str) -> None:
    for n in names:
        c["used"][n] = what


def enemy_at(c: dict, n: int) -> dict:
    if not 1 <= n <= len(c["enemies"]):
        raise InputError(f"there is no enemy {n}: the enemies are numbered 1-{len(c['enemies'])}" if c["enemies"]
                         else f"there is no enemy {n}: there are no enemies on the page")
    return c["enemies"][n - 1]


def page_filled(c: dict) -> None:
    if not c["enemies"] and not c["objectives"]:
        raise RuleError(say("the SPACE COMBAT page is empty: fill it in from your book first (",
                            cmd("kraken combat set", "enemy.1", "TYPE SP-CREW, DAMAGE, SHIELD-RECHARGE"),
                            ", then timeline, objectives and xp the same way)"))


def goto_step(c: dict, step: str) -> None:
    """Sub-phases go in order; a mandatory one cannot be passed over."""
    page_filled(c)
    cur, want = COMBAT_STEPS.index(c["step"]), COMBAT_STEPS.index(step)
    if want < cur:
        raise RuleError(f"this Space Combat turn is at {COMBAT_STEP_TEXT[c['step']]} already: sub-phases go in "
                        f"order ({COMBAT_STEP_TEXT[step]} comes again next turn)")
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(boarding_pending(c))
    for k in COMBAT_STEPS[cur:want]:
        if k == "timeline" and c["crossed"] < len(c["timeline"]):
            raise RuleError(say("activate the timeline first: ", cmd("kraken combat timeline")))
        if k == "enemy-fire" and enemy_fire_due(c):
            raise RuleError(say("the enemies fire first: ", cmd("kraken combat enemy-fire")))
    c["step"] = step


def refresh_shield(s: State, c: dict, cat: dict) -> None:
    """Damaged shield systems stop adding capacity (and recharge) until repaired."""
    st = ship_stats(s, cat)
    c["ship"]["shield_max"] = st["shield"]
    c["ship"]["recharge"] = st["recharge"]
    c["ship"]["shield"] = min(c["ship"]["shield"], st["shield"])


def after_timeline(c: dict) -> Text:
    if c.get("boarders"):
        return say("Next: repel the boarders (", cmd("kraken combat repel", "N", crew="NAME"), ").")
    return say("Next: ", OBJECTIVES_OR_FIRE, ".")


def after_fire(c: dict) -> Text:
    if c["step"] == "enemy-fire":
        return say("Next: enemy fire (", cmd("kraken combat enemy-fire"), ").")
    return say("Next: ", BOARD_ESCAPE_OR_RECHARGE, ".")


def combat_start(state: State, dice, cat: dict, table: dict | None = None, number: int | None = None,
                 name: str | None = None, enemies=(), timeline=None, objectives=(), xp: int | None = None) -> Outcome:
    """A Space Combat an event triggers: from a flight table row (`number`) or the values the
    event gives (enemies, timeline, objectives, XP)."""
    s = copy_state(state)
    _refuse_combat_start(s)
    row = _flight_row(table, number, enemies)
    if row is None:
        row = _event_row(name, enemies, timeline, objectives, xp)
    elif enemies or timeline or objectives:
        raise InputError(say("a row of the flight table brings its own enemies, timeline and objectives (change the "
                             "page afterwards with ", cmd("kraken combat set", "KEY", "VALUE"), ")"))
    out = prepare_combat(s, cat, row, number, name, xp)
    return Outcome(s, f"Space Combat begins: {s['combat'].get('name') or 'an event'} "
                      f"({len(s['combat']['enemies'])} enemies)", out, {"combat": s["combat"]})


def _refuse_combat_start(s: State) -> None:
    """A Space Combat begins aboard the ship, with a crew, when nothing else is going on."""
    refuse_if_over(s)
    if s.get("combat"):
        raise RuleError("a Space Combat is going on already")
    if s.get("dungeon") or s.get("ground"):
        raise RuleError("the crew is on the ground (dungeon or ground combat): finish that first")
    if s.get("flight"):
        raise RuleError(say("the flight's new Location waits to be generated: do that first (or ",
                            cmd("kraken flight-end"), ")"))
    if not s.get("ship"):
        raise RuleError(say("there is no ship (", SHIP_HULL, ")"))
    if not s["crew"]:
        raise RuleError("there is no crew")


def _flight_row(table: dict | None, number: int | None, enemies) -> dict | None:
    """The flight table's row of flight `number` (none without a number, or given the enemies instead)."""
    if number is None:
        return None
    if not 3 <= number <= MAX_FLIGHT_NUMBER:
        raise InputError(f"flight numbers are 3-{MAX_FLIGHT_NUMBER}, not {number}")
    row = (table or {}).get(number)
    if row is None and not enemies:
        raise RuleError(say(f"flight {number} is not in the flight table: give its enemies (",
                            cmd("kraken combat start", number=number, enemy="SPEC"), "), or add the row to your "
                            "flight table (", cmd("kraken combat start", number=number, table="FILE"), ")"))
    return row


def _event_row(name: str | None, enemies, timeline, objectives, xp: int | None) -> dict:
    """The combat's page from the values the event gives: its enemies, timeline, objectives and XP."""
    parsed = [parse_enemy(e) for e in enemies]
    if not parsed:
        raise InputError(say("a Space Combat has its enemies (",
                             cmd("kraken combat start", enemy="Mine 3-0, 5, 0-0"), "), or a row of the flight "
                             "table (", cmd("kraken combat start", number="N"), ")"))
    if len(parsed) > MAX_ENEMY_SHIPS:
        raise InputError(f"{len(parsed)} enemies: at most {MAX_ENEMY_SHIPS} enemy ships")
    line = parse_timeline(timeline or [])
    listed = [parse_objective(o) for o in objectives]
    if len(listed) > MAX_OBJECTIVES:
        raise InputError(f"{len(listed)} objectives: at most {MAX_OBJECTIVES}")
    return {"name": name or "", "timeline": line, "objectives": listed, "enemies": parsed, "xp": xp or 0}


_SET_KEYS = "ship.sp|ship.shield|ship.shield_max|ship.recharge|enemy.N|enemy.N.sp|enemy.N.shield|enemy.N.crew|" \
            "enemy.N.remove|ammo.LABEL|timeline|objectives|objective.N|xp|used.NAME|unused.NAME"


def combat_set(state: State, dice: Dice, key: str, value) -> Outcome:
    """A2: any value of the SPACE COMBAT page by hand (a card or the book says so). `key` names
    the value (_SET_KEYS, its names as the page writes them); `value` is what it becomes, read
    by the command: a whole number, an enemy's line (parse_enemy), the timeline's cells, the
    objectives, solved (True) or not, a note of what a crew member did."""
    s = copy_state(state)
    c = current_space_combat(s)
    k = str(key).strip()
    parts = k.split(".")
    msg = _setter(k, parts)(s, c, k, parts, value)
    return Outcome(s, msg + " (by hand)", [msg + " (by hand)."], {"key": k, "combat": c})


def _setter(k: str, parts: list[str]):
    """The part of the page a key names (_SET_KEYS)."""
    if parts[0] == "ship" and len(parts) == 2 and parts[1] in ("sp", "shield", "shield_max", "recharge"):
        return _set_ship
    if parts[0] == "enemy" and len(parts) >= 2:
        return _set_enemy
    if parts[0] == "ammo" and len(parts) >= 2:
        return _set_ammo
    if parts[0] == "objective" and len(parts) == 2:
        return _set_objective
    if parts[0] in ("used", "unused") and len(parts) >= 2:
        return _set_used
    setter = {"timeline": _set_timeline, "objectives": _set_objectives, "xp": _set_xp}.get(k)
    if setter is None:
        raise InputError(f"'{k}' is not something to set: {_SET_KEYS}")
    return setter


def _number(k: str, value, lo: int = 0, hi: int = 9999) -> int:
    """A whole number within what the page allows for `k`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{k} takes a whole number")
    if not lo <= value <= hi:
        raise InputError(f"{k} = {value} is outside {lo}..{hi}")
    return value


def _set_ship(s: State, c: dict, k: str, parts: list[str], value) -> str:
    field = parts[1]
    hi = c["ship"]["sp_max"] if field == "sp" else c["ship"]["shield_max"] if field == "shield" else 9999
    before = c["ship"][field]
    c["ship"][field] = _number(k, value, 0, hi)
    if field == "shield_max":
        c["ship"]["shield"] = min(c["ship"]["shield"], c["ship"]["shield_max"])
    return f"Your ship's {field} {before} → {c['ship'][field]}"


def _set_enemy(s: State, c: dict, k: str, parts: list[str], value) -> str:
    """enemy.N (its whole line, as the flight table prints it), enemy.N.remove, enemy.N.sp/shield/crew."""
    if not parts[1].isdigit():
        raise InputError(f"'{k}': enemy.N with N 1-{MAX_ENEMY_SHIPS}")
    n = int(parts[1])
    if len(parts) == 2:
        if not isinstance(value, dict):
            raise InputError(f"{k} takes an enemy's line as the flight table prints it (e.g. \"Mine 3-0, 5, 0-0\")")
        e = value
        if not 1 <= n <= MAX_ENEMY_SHIPS:
            raise InputError(f"enemy.{n}: enemies are numbered 1-{MAX_ENEMY_SHIPS}")
        if n <= len(c["enemies"]):
            c["enemies"][n - 1] = e
        elif n == len(c["enemies"]) + 1:
            c["enemies"].append(e)
        else:
            raise InputError(f"enemy.{n}: the next free enemy number is {len(c['enemies']) + 1}")
        return f"Enemy {n}: {enemy_text(e)}"
    if parts[2] == "remove":
        enemy_at(c, n)
        c["enemies"].pop(n - 1)
        return f"Enemy {n} erased (the others move up)"
    if parts[2] not in ("sp", "shield", "crew"):
        raise InputError(f"'{k}' is not something to set: {_SET_KEYS}")
    e = enemy_at(c, n)
    field = parts[2]
    hi = e["sp_max"] if field == "sp" else e["shield_max"] if field == "shield" else 99
    before = e[field]
    e[field] = _number(k, value, 0, hi)
    return f"Enemy {n} {field} {before} → {e[field]}"


def _set_ammo(s: State, c: dict, k: str, parts: list[str], value) -> str:
    label = known(c["ammo"], ".".join(parts[1:]), "weapon or magazine with Ammo")
    before = c["ammo"][label]
    c["ammo"][label] = _number(k, value, 0, 999)
    return f"{label} Ammo {before} → {c['ammo'][label]}"


def _set_timeline(s: State, c: dict, k: str, parts: list[str], value) -> str:
    c["timeline"] = list(value)
    c["crossed"] = min(c["crossed"], len(c["timeline"]))
    return "Timeline: " + (" ".join(c["timeline"]) or "(empty)")


def _set_objectives(s: State, c: dict, k: str, parts: list[str], value) -> str:
    objs = list(value)
    if len(objs) > MAX_OBJECTIVES:
        raise InputError(f"at most {MAX_OBJECTIVES} objectives")
    c["objectives"] = objs
    return "Objectives: " + (" ".join(f"{o['check']}{o['target']}" for o in objs) or "(none)")


def _set_objective(s: State, c: dict, k: str, parts: list[str], value) -> str:
    try:
        n = int(parts[1])
        o = c["objectives"][n - 1]
        if n < 1:
            raise IndexError
    except (ValueError, IndexError):
        raise InputError(f"'{k}': objective.N with N 1-{len(c['objectives'])}") from None
    if not isinstance(value, bool):
        raise InputError(f"{k} takes solved or unsolved")
    o["solved"] = value
    return f"Objective {n} ({o['check']}{o['target']}) {'solved' if value else 'unsolved'}"


def _set_xp(s: State, c: dict, k: str, parts: list[str], value) -> str:
    c["xp"] = _number(k, value, 0, 9999)
    return f"The flight's XP: {c['xp']}"


def _set_used(s: State, c: dict, k: str, parts: list[str], value) -> str:
    name = known(s["crew"], ".".join(parts[1:]), "crew member")
    if parts[0] == "used":
        c["used"][name] = str(value).strip() or "by hand"
        return f"{name} marked used ({c['used'][name]})"
    c["used"].pop(name, None)
    return f"{name} unmarked"
