"""The FLIGHT TABLE (book p. 163): timeline cells, objectives and enemy ships as printed."""

from __future__ import annotations

import re

from journal.errors import InputError
from journal.games.kraken.model.constants import MAX_ENEMY_SHIPS, MAX_OBJECTIVES, MAX_TIMELINE, TIMELINE_TEXT

MAX_FLIGHT_NUMBER = 19
_ENEMY = re.compile(r"(?P<type>.+?)\s+(?P<sp>\d{1,4})\s*-\s*(?P<crew>\d{1,2})\s*,\s*(?P<dmg>\d{1,3})\s*"
                    r"(?P<eff>EMP|HE)?\s*,\s*(?P<sh>\d{1,4})\s*-\s*(?P<rc>\d{1,4})", re.IGNORECASE)
_OBJECTIVE = re.compile(r"([ATC?])\s*(\d{1,2})", re.IGNORECASE)
ENEMY_HINT = "expected TYPE SP-CREW, DAMAGE, SHIELD-RECHARGE as the flight table prints it, e.g. \"Mine 3-0, 5, 0-0\""


def parse_enemy(text) -> dict:
    """'Mine 3-0, 5, 0-0' → an enemy ship at full strength (a damage may carry EMP or HE)."""
    m = _ENEMY.fullmatch(str(text).strip())
    if not m:
        raise InputError(f"'{text}' is not an enemy: {ENEMY_HINT}")
    sp = int(m["sp"])
    if sp < 1:
        raise InputError(f"'{text}': an enemy has at least 1 SP")
    e = {"type": m["type"].strip(), "spec": " ".join(str(text).split()), "sp": sp, "sp_max": sp,
         "crew": int(m["crew"]), "damage": int(m["dmg"]), "shield": int(m["sh"]), "shield_max": int(m["sh"]),
         "recharge": int(m["rc"])}
    if m["eff"]:
        e["effect"] = m["eff"].upper()
    return e


def enemy_text(e: dict) -> str:
    dmg = f"{e['damage']}" + (f" {e['effect']}" if e.get("effect") else "")
    return f"{e['type']} {e['sp']}/{e['sp_max']} SP, crew {e['crew']}, damage {dmg}, shield {e['shield']}/" \
           f"{e['shield_max']} (+{e['recharge']})"


def parse_objective(text) -> dict:
    m = _OBJECTIVE.fullmatch(str(text).strip())
    if not m or int(m[2]) < 1:
        raise InputError(f"'{text}' is not an objective: a letter A (attack), T (tech), C (charisma) or ? (choose) "
                         f"and a difficulty, e.g. T9")
    return {"check": m[1].upper(), "target": int(m[2]), "solved": False}


_TIMELINE_WORDS = {v.casefold(): k for k, v in TIMELINE_TEXT.items()}


def parse_timeline(cells) -> list[str]:
    out = []
    for cell in cells:
        t = str(cell).strip()
        code = t.upper() if t.upper() in TIMELINE_TEXT else _TIMELINE_WORDS.get(t.casefold())
        if t in ("", "-", "–"):
            code = "-"
        if code is None:
            raise InputError(f"timeline cell '{cell}' is not one of - (empty), A Attack, B Backup, C Combat, "
                             f"E Evading, G Game over, I Idle, S Shields, T Time, V Victory")
        out.append(code)
    if len(out) > MAX_TIMELINE:
        raise InputError(f"a timeline has at most {MAX_TIMELINE} cells, got {len(out)}")
    return out


def parse_table(doc: dict, source: str = "flight table") -> tuple[dict, list[str]]:
    """A flight table file ([flights.N] name, timeline, objectives, enemies, xp) → ({N: row}, problems)."""
    problems: list[str] = []
    flights = doc.get("flights")
    if not isinstance(flights, dict):
        return {}, [f"{source}: expected [flights.N] tables (N = 3-19)"]
    rows = {}
    for key, row in flights.items():
        where = f"{source}: flights.{key}"
        n = _flight_number(key)
        if n is None:
            problems.append(f"{where}: a flight number is 3-19")
            continue
        if not isinstance(row, dict):
            problems.append(f"{where} is not a table")
            continue
        parsed = _flight_row(row, where, problems)
        if parsed is not None:
            rows[n] = parsed
    return rows, problems


def _flight_number(key) -> int | None:
    """A flight's number, 3-19 (None: not one)."""
    try:
        n = int(key)
    except ValueError:
        return None
    return n if 3 <= n <= MAX_FLIGHT_NUMBER else None


def _flight_row(row: dict, where: str, problems: list[str]) -> dict | None:
    """One [flights.N] table: its name, XP and the SPACE COMBAT page's lists (None: they do not read)."""
    unknown = set(row) - {"name", "timeline", "objectives", "enemies", "xp"}
    if unknown:
        problems.append(f"{where}.{min(unknown)} is not a known key: expected name, timeline, objectives, "
                        f"enemies, xp")
    name, xp = row.get("name"), row.get("xp", 0)
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{where}.name is missing: the flight's name")
    if isinstance(xp, bool) or not isinstance(xp, int) or xp < 0:
        problems.append(f"{where}.xp = {xp!r}: expected a whole number 0 or more")
    lists = _row_lists(row, where, problems)
    try:
        timeline = parse_timeline(lists["timeline"])
        objectives = [parse_objective(o) for o in lists["objectives"]]
        enemies = [parse_enemy(e) for e in lists["enemies"]]
    except InputError as e:
        problems.append(f"{where}: {e.message}")
        return None
    return {"name": name if isinstance(name, str) else "", "timeline": timeline, "objectives": objectives,
            "enemies": enemies, "xp": xp if isinstance(xp, int) else 0}


def _row_lists(row: dict, where: str, problems: list[str]) -> dict[str, list]:
    """The timeline, objectives and enemies: arrays of strings, each within its page's size."""
    lists = {}
    for k, most in (("timeline", MAX_TIMELINE), ("objectives", MAX_OBJECTIVES), ("enemies", MAX_ENEMY_SHIPS)):
        v = row.get(k, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            problems.append(f"{where}.{k} is not an array of strings")
            v = []
        elif len(v) > most:
            problems.append(f"{where}.{k} has {len(v)} entries: at most {most}")
        lists[k] = v
    return lists
