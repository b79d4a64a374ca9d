"""Space Kraken: space flight (chapter 9) and space combat (chapter 10), as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``; the flight table and the ship
catalogue are parsed by the CLI and handed over (``table``, ``cat``). The SPACE COMBAT
page lives in ``[state.combat]``: the timeline, the objectives, up to four enemies, the
ship's SP, shields and Ammo, and the crew used this turn. One command per sub-phase, in
the book's order: timeline, objectives and repairs, fire, enemy fire, boarding, escape,
recharge (which loops to the next turn or ends the combat).

Rulings: A1 (every die can be typed with --roll), A2 (`combat set` changes anything by
hand), K8 (dice are rolled through `dice`, so undo refuses them outside Just a
Simulation), K11 (boarding wounds), K12 (paying a smuggler is a purchase), K14 (d3 =
⌈d6/2⌉, halves round up).
"""

from __future__ import annotations

import copy
import re

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import AMMO, half_up
from journal.games.kraken.state import (
    COMBAT_STEP_TEXT,
    COMBAT_STEPS,
    FLIGHT_OPTIONS,
    MAX_ENEMY_SHIPS,
    MAX_OBJECTIVES,
    MAX_TIMELINE,
    MAX_WEAPONS_FIRED,
    TIMELINE_TEXT,
    ship_stats,
    systems_named,
)
from journal.lookup import find
from journal.outcome import Outcome

# --- chapter 9 ----------------------------------------------------------------------------

OPTION_TEXT = {"risky-shortcut": "Risky Shortcut", "dangerous-shortcut": "Dangerous Shortcut",
               "smuggle": "Smuggle Goods", "pay-smuggler": "Pay a Smuggler", "safe": "Safe and Sound"}
OPTION_DIFFICULTY = {"risky-shortcut": 1, "dangerous-shortcut": 2, "smuggle": 2, "pay-smuggler": -1, "safe": 0}
OPTION_MODIFICATIONS = {"risky-shortcut": 2, "dangerous-shortcut": 3, "safe": 2}
INCOMPATIBLE = (("risky-shortcut", "dangerous-shortcut"), ("smuggle", "pay-smuggler"))
SMUGGLER_FEE = 5
SMUGGLE_BONUS = 15
STEALTH = -3
MAX_FLIGHT_NUMBER = 19
SENSOR_SYSTEMS = ("Drone Bay", "Long-range sensors")   # ch. 11: 2 extra die modifications each

# --- chapter 10 ---------------------------------------------------------------------------

HIT = 4                  # 3) a ship weapon hits on 4+
HIT_BRIDGE = 3           # ... 3+ with a working Combat Bridge
ENEMY_HIT = 4            # 4) an enemy hits on 4+
ENEMY_SIX = 3            # ... a 6 deals 3 more damage
EVADE_TARGET = 8         # 1a) TECH/2 + d6 >= 8 with Maneuver Engines
REPAIR_TARGET = 9        # 2) repair: a T9 tech check
REPAIR_SP = 3            # ... mends 3 SP (or one system)
BOARD_SHIELD = 3         # 5) board a ship with 3 or less Shield energy
BOARD_POINTS = 6         # ... one die per 6 points of Ranged/Melee
BOARD_WOUND = 4          # ... an enemy hit costs a crew member 4 HP
BOARD_SACRIFICE = 3      # ... a sacrifice attack costs 3 HP
BOARD_ROUNDS = 3
BOARD_CREW_LEFT = 2      # enemies boarding you leave 2 crew aboard
BOARD_MIN_CREW = 4       # timeline C: ships with 4+ crew board
HURRY_HEAL = 2           # after boarding: d6 2-6 → 2 HP, 1 → dies
ESCAPE_TARGET, ESCAPE_AGAIN = 20, 15


def _copy(state: dict) -> dict:
    return copy.deepcopy(state)


def d3(dice) -> int:
    """K14: d3 = ⌈d6/2⌉ (the d6 is what is logged and what --roll takes)."""
    return half_up(dice.roll(6))


# --- the flight table ----------------------------------------------------------------------

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
        try:
            n = int(key)
        except ValueError:
            problems.append(f"{where}: a flight number is 3-19")
            continue
        if not 3 <= n <= MAX_FLIGHT_NUMBER:
            problems.append(f"{where}: a flight number is 3-19")
            continue
        if not isinstance(row, dict):
            problems.append(f"{where} is not a table")
            continue
        unknown = set(row) - {"name", "timeline", "objectives", "enemies", "xp"}
        if unknown:
            problems.append(f"{where}.{min(unknown)} is not a known key: expected name, timeline, objectives, "
                            f"enemies, xp")
        name, xp = row.get("name"), row.get("xp", 0)
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{where}.name is missing: the flight's name")
        if isinstance(xp, bool) or not isinstance(xp, int) or xp < 0:
            problems.append(f"{where}.xp = {xp!r}: expected a whole number 0 or more")
        lists = {}
        for k, most in (("timeline", MAX_TIMELINE), ("objectives", MAX_OBJECTIVES), ("enemies", MAX_ENEMY_SHIPS)):
            v = row.get(k, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                problems.append(f"{where}.{k} is not an array of strings")
                v = []
            elif len(v) > most:
                problems.append(f"{where}.{k} has {len(v)} entries: at most {most}")
            lists[k] = v
        try:
            timeline = parse_timeline(lists["timeline"])
            objectives = [parse_objective(o) for o in lists["objectives"]]
            enemies = [parse_enemy(e) for e in lists["enemies"]]
        except InputError as e:
            problems.append(f"{where}: {e.message}")
            continue
        rows[n] = {"name": name if isinstance(name, str) else "", "timeline": timeline, "objectives": objectives,
                   "enemies": enemies, "xp": xp if isinstance(xp, int) else 0}
    return rows, problems


# --- helpers --------------------------------------------------------------------------------

def _crew_member(s: dict, name: str, option: str = "--crew") -> str:
    return find(s["crew"], name, "crew member", option)


def _available(s: dict, c: dict, names, option: str = "--crew", allow_used: bool = False) -> list[str]:
    """Crew members who may act this space combat turn: conscious and not used yet."""
    out = []
    for n in names:
        key = _crew_member(s, n, option)
        if key in out:
            raise InputError(f"{option} names {key} twice")
        if s["crew"][key]["status"] != "active":
            raise RuleError(f"{key} is unconscious and cannot act")
        if not allow_used and key in c["used"]:
            raise RuleError(f"{key} was used this combat turn already ({c['used'][key]}): each crew member acts "
                            f"once per turn")
        out.append(key)
    return out


def _use(c: dict, names, what: str) -> None:
    for n in names:
        c["used"][n] = what


def _combat(s: dict) -> dict:
    c = s.get("combat")
    if not c:
        raise RuleError("there is no Space Combat going on (a flight that failed to avoid it starts one; an event: "
                        "journal kraken combat start …)")
    return c


def _active(c: dict) -> list[int]:
    return [i for i, e in enumerate(c["enemies"], 1) if e["sp"] > 0]


def _enemy(c: dict, n: int, option: str = "ENEMY") -> dict:
    if not 1 <= n <= len(c["enemies"]):
        raise InputError(f"{option} {n}: the enemies are numbered 1-{len(c['enemies'])}" if c["enemies"]
                         else f"{option} {n}: there are no enemies on the page")
    return c["enemies"][n - 1]


def _page_filled(c: dict) -> None:
    if not c["enemies"] and not c["objectives"]:
        raise RuleError("the SPACE COMBAT page is empty: fill it in from your book first (journal kraken combat set "
                        "enemy.1 \"TYPE SP-CREW, DAMAGE, SHIELD-RECHARGE\", timeline, objectives, xp)")


def _goto(c: dict, step: str) -> None:
    """Sub-phases go in order; a mandatory one cannot be passed over."""
    _page_filled(c)
    cur, want = COMBAT_STEPS.index(c["step"]), COMBAT_STEPS.index(step)
    if want < cur:
        raise RuleError(f"this Space Combat turn is at {COMBAT_STEP_TEXT[c['step']]} already: sub-phases go in "
                        f"order ({COMBAT_STEP_TEXT[step]} comes again next turn)")
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(_boarding_pending(c))
    for k in COMBAT_STEPS[cur:want]:
        if k == "timeline" and c["crossed"] < len(c["timeline"]):
            raise RuleError("activate the timeline first: journal kraken combat timeline")
        if k == "enemy-fire" and _enemy_fire_due(c):
            raise RuleError("the enemies fire first: journal kraken combat enemy-fire")
    c["step"] = step


def _boarding_pending(c: dict) -> str:
    if c.get("boarding"):
        b = c["boarding"]
        return (f"a Boarding Combat with enemy {b['enemy']} is going on: journal kraken combat round"
                + (" (or combat retreat)" if b["by"] == "us" else ""))
    return (f"enemy {c['boarders'][0]} boards your ship: defend with journal kraken combat repel "
            f"{c['boarders'][0]} --crew NAME …")


def _enemy_fire_due(c: dict) -> bool:
    return c["step"] in COMBAT_STEPS[:4] and c.get("event") != "I" and bool(_active(c))


def _working(s: dict, system: str) -> bool:
    return bool(systems_named(s, system))


def _shield_systems(s: dict, cat: dict, working: bool = True) -> list[str]:
    return [label for label, e in s["ship"]["systems"].items()
            if cat.get(e["system"], {}).get("category") == "shield" and not (working and e.get("damaged"))]


def _refresh_shield(s: dict, c: dict, cat: dict) -> None:
    """Damaged shield systems stop adding capacity (and recharge) until repaired."""
    st = ship_stats(s, cat)
    c["ship"]["shield_max"] = st["shield"]
    c["ship"]["recharge"] = st["recharge"]
    c["ship"]["shield"] = min(c["ship"]["shield"], st["shield"])


def _weapons(s: dict, cat: dict, working: bool = True) -> list[str]:
    return [label for label, e in s["ship"]["systems"].items()
            if cat.get(e["system"], {}).get("category") == "weapon" and not (working and e.get("damaged"))]


def _ammo_table(s: dict, cat: dict) -> dict:
    """Full Ammo for every weapon with Ammo and every ship magazine (ch. 9.4: full at the start)."""
    ammo = {}
    for label, e in s["ship"]["systems"].items():
        if e["system"] == AMMO:
            weapon = cat.get(e.get("for", ""), {})
            if weapon.get("ammo"):
                ammo[label] = weapon["ammo"]
        elif cat.get(e["system"], {}).get("ammo"):
            ammo[label] = cat[e["system"]]["ammo"]
    return ammo


def _ammo_left(s: dict, c: dict, label: str) -> int:
    """A weapon's own Ammo plus the magazines of its type (a ship magazine serves every
    weapon of that type, ch. 11)."""
    system = s["ship"]["systems"][label]["system"]
    total = c["ammo"].get(label, 0)
    for mlabel, e in s["ship"]["systems"].items():
        if e["system"] == AMMO and e.get("for") == system:
            total += c["ammo"].get(mlabel, 0)
    return total


def _spend_ammo(s: dict, c: dict, label: str, n: int) -> list[str]:
    system = s["ship"]["systems"][label]["system"]
    sources = [label] + [m for m, e in s["ship"]["systems"].items() if e["system"] == AMMO and e.get("for") == system]
    used = []
    for src in sources:
        while n and c["ammo"].get(src, 0) > 0:
            c["ammo"][src] -= 1
            n -= 1
            used.append(src)
    return used


# --- 9: space flight ----------------------------------------------------------------------

def flight(state: dict, dice, difficulty: int, cat: dict, table: dict, options=(), stealth: bool = False,
           avoid: bool = False, nano_skin: bool = False) -> Outcome:
    """Ch. 9: Location Difficulty 1-5, up to two flight options (incompatible pairs refused,
    never below difficulty 1), the avoid check (d6 >= flight difficulty, a 1 fails), and if
    Space Combat comes the flight number (2 × difficulty + d3, at most 19) and the SPACE
    COMBAT page prepared from the flight table."""
    from journal.games.kraken.rules import _pay, _refuse_if_over, _refuse_setup

    s = _copy(state)
    _refuse_if_over(s)
    _refuse_setup(s, "space flights happen")
    if s["phase"] != 3:
        raise RuleError(f"a space flight is Phase 3's free action, and this is Phase {s['phase']} "
                        f"(journal kraken phase 3)")
    if s.get("free_action") not in (None, "flight"):
        from journal.games.kraken.state import FREE_ACTION_TEXT

        raise RuleError(f"this turn's free action was already taken: {FREE_ACTION_TEXT[s['free_action']]}")
    if s.get("flight") or s.get("combat"):
        raise RuleError("a flight is under way already (journal show): finish it first")
    if s.get("dungeon"):
        raise RuleError("the crew is exploring a Location: leave it first (journal kraken dungeon leave …)")
    if not s.get("ship"):
        raise RuleError("there is no ship to fly (journal kraken ship hull …)")
    if not 1 <= difficulty <= 5:
        raise InputError(f"--difficulty {difficulty}: a Location Difficulty is 1-5")
    opts = []
    for o in options:
        o = str(o).strip().lower()
        if o not in FLIGHT_OPTIONS:
            raise InputError(f"--option {o}: one of {', '.join(FLIGHT_OPTIONS)}")
        if o in opts:
            raise InputError(f"--option {o} is given twice: a flight option is chosen once at most (ch. 9.2)")
        opts.append(o)
    if len(opts) > 2:
        raise InputError(f"--option given {len(opts)} times: one or two flight options at most (ch. 9.2)")
    for a, b in INCOMPATIBLE:
        if a in opts and b in opts:
            raise InputError(f"--option {a} and {b} cannot be combined (ch. 9.2)")
    if "safe" in opts and len(opts) > 1:
        raise InputError("--option safe (Safe and Sound) cannot be combined with any other flight option")
    if stealth and not _working(s, "Stealth Skin"):
        raise RuleError("--stealth needs a working Stealth Skin")
    if nano_skin and not _working(s, "Nano Skin"):
        raise RuleError("--nano-skin needs a working Nano Skin")
    if avoid and (nano_skin or "safe" in opts):
        raise InputError("--avoid: with Safe and Sound or the Nano Skin there is no Space Combat to avoid")
    if not s["crew"]:
        raise RuleError("there is no crew to fly the ship")
    out: list[str] = []
    s["free_action"] = "flight"
    raw = difficulty + sum(OPTION_DIFFICULTY[o] for o in opts) + (STEALTH if stealth else 0)
    fd = max(1, raw)
    mods = sum(OPTION_MODIFICATIONS.get(o, 0) for o in opts)
    sensors = [(label, cat[e["system"]].get("modifications", 2)) for label, e in s["ship"]["systems"].items()
               if e["system"] in SENSOR_SYSTEMS and not e.get("damaged")]
    mods += sum(n for _l, n in sensors)
    parts = [f"Location Difficulty {difficulty}"] + [f"{OPTION_TEXT[o]} {OPTION_DIFFICULTY[o]:+d}" for o in opts
                                                     if OPTION_DIFFICULTY[o]]
    if stealth:
        parts.append(f"Stealth Skin {STEALTH:+d}")
    out.append(f"Space flight: {' '.join(parts[:1])}" + (", " + ", ".join(parts[1:]) if parts[1:] else "")
               + f" → Flight Difficulty {fd}" + (f" (never below 1; {raw} raised to 1)" if raw < 1 else "") + ".")
    if mods:
        src = [f"{OPTION_TEXT[o]} {OPTION_MODIFICATIONS[o]}" for o in opts if o in OPTION_MODIFICATIONS]
        src += [f"{label} {n}" for label, n in sensors]
        out.append(f"Dice modifications for the Location generation: {mods} ({', '.join(src)}).")
    if "pay-smuggler" in opts:
        _pay(s, SMUGGLER_FEE, "the Smuggler's costs", out)
    f = {"location_difficulty": difficulty, "difficulty": fd, "options": opts, "modifications": mods,
         "stage": "arrived", "land": "safe" not in opts}
    if stealth:
        f["stealth"] = True
    if nano_skin:
        f["nano_skin"] = True
    s["flight"] = f
    data = {"location_difficulty": difficulty, "flight_difficulty": fd, "options": opts, "modifications": mods,
            "combat": False}
    if "safe" in opts or nano_skin:
        why = "Safe and Sound: no Space Combat" if "safe" in opts else "the Nano Skin avoids the Space Combat " \
                                                                      "(no XP, Credits or smuggling bonus)"
        out.append(f"{why}.")
        if "safe" in opts:
            out.append("You fly too slowly to land this turn: the new Location can be visited from the next turn.")
        out.append(_next_generate(f))
        return Outcome(s, f"Flight (difficulty {fd}): {why}", out, data)
    if avoid:
        r = dice.roll(6)
        passed = r != 1 and r >= fd
        f["avoid"] = "passed" if passed else "failed"
        data["avoid"] = {"roll": r, "target": fd, "passed": passed}
        if passed:
            out.append(f"Avoid Space Combat: d6 = {r} ≥ {fd}: avoided.")
            if "smuggle" in opts:
                _smuggle(s, out)
            out.append(_next_generate(f))
            return Outcome(s, f"Flight (difficulty {fd}): combat avoided (d6 {r})", out, data)
        why = "a 1 always fails" if r == 1 else f"below {fd}"
        out.append(f"Avoid Space Combat: d6 = {r}, {why}: Space Combat.")
    r = dice.roll(6)
    number = min(MAX_FLIGHT_NUMBER, 2 * fd + half_up(r))
    f["stage"] = "combat"
    f["number"] = number
    row = table.get(number)
    out.append(f"Flight number: 2 × {fd} + d3 (d6 = {r} → {half_up(r)}) = {2 * fd + half_up(r)}"
               + (f", capped at {MAX_FLIGHT_NUMBER}" if 2 * fd + half_up(r) > MAX_FLIGHT_NUMBER else "") + ".")
    if row:
        f["name"], f["xp"] = row["name"], row["xp"]
    out.extend(_prepare(s, cat, row, number))
    data.update(combat=True, number=number, name=row["name"] if row else None, combat_page=s["combat"])
    return Outcome(s, f"Flight (difficulty {fd}): Space Combat, flight {number}"
                   + (f" {row['name']}" if row else " (not in the flight table)"), out, data)


def _smuggle(s: dict, out: list[str]) -> None:
    before = s["credits"]
    s["credits"] += SMUGGLE_BONUS
    out.append(f"Smuggled goods delivered: +{SMUGGLE_BONUS}¢ (Credits {before}¢ → {s['credits']}¢).")


def _next_generate(f: dict) -> str:
    if f["stage"] == "escaped":
        return ("Generate the new Location without dice modifications (journal kraken location generate …); "
                "you cannot land there this turn.")
    mods = f["modifications"]
    return (f"Generate the new Location (journal kraken location generate …) with {mods} dice modification"
            f"{'s' if mods != 1 else ''}" + ("." if f["land"] else "; you cannot land there this turn."))


def _prepare(s: dict, cat: dict, row: dict | None, number: int | None, name: str | None = None,
             xp: int | None = None) -> list[str]:
    """9.4: the SPACE COMBAT page: the flight table's values, the ship at full SP, full
    shields and full Ammo, the crew with no task marked."""
    st = ship_stats(s, cat)
    if st["sp"] < 1:
        raise RuleError("the ship has no structure points")
    c = {"turn": 1, "step": "timeline", "timeline": [], "crossed": 0, "objectives": [], "enemies": [],
         "ship": {"sp": st["sp"], "sp_max": st["sp"], "shield": st["shield"], "shield_max": st["shield"],
                  "recharge": st["recharge"]},
         "ammo": _ammo_table(s, cat), "used": {}}
    if number is not None:
        c["number"] = number
    if row:
        c["timeline"] = list(row["timeline"])
        c["objectives"] = copy.deepcopy(row["objectives"])
        c["enemies"] = copy.deepcopy(row["enemies"])
        if row["name"]:
            c["name"] = row["name"]
        c["xp"] = row["xp"]
    if name:
        c["name"] = name
    if xp is not None:
        c["xp"] = xp
    s["combat"] = c
    out = []
    title = f"flight {number}" if number is not None else "Space Combat"
    if c.get("name"):
        title += f" '{c['name']}'"
    if row is None and number is not None:
        out.append(f"Flight {number} is not in the flight table: fill in the SPACE COMBAT page from your book "
                   f"(journal kraken combat set timeline|objectives|enemy.N …, and xp), or add the row to your "
                   f"flight table.")
    out.append(f"SPACE COMBAT page, {title}:")
    out.append("  Timeline: " + (" ".join(c["timeline"]) if c["timeline"] else "(empty)"))
    out.append("  Objectives: " + (" ".join(f"{o['check']}{o['target']}" for o in c["objectives"])
                                   if c["objectives"] else "(none: defeat every enemy)"))
    for i, e in enumerate(c["enemies"], 1):
        out.append(f"  Enemy {i}: {enemy_text(e)}")
    ship = c["ship"]
    out.append(f"  Your ship: SP {ship['sp']}, Shield {ship['shield']} (+{ship['recharge']}), Armor {st['armor']}"
               + (", Ammo " + ", ".join(f"{k} {v}" for k, v in c["ammo"].items()) if c["ammo"] else "") + ".")
    out.append(f"  Crew: {', '.join(s['crew'])} (each acts once per combat turn).")
    out.append("Turn 1: " + ("activate the timeline (journal kraken combat timeline)." if c["timeline"] else
                             "objectives and repairs (journal kraken combat objective|repair …), then fire "
                             "(journal kraken combat fire WEAPON …)."))
    return out


# --- starting a combat from an event (or by hand) --------------------------------------------

def combat_start(state: dict, dice, cat: dict, table: dict | None = None, number: int | None = None,
                 name: str | None = None, enemies=(), timeline=None, objectives=(), xp: int | None = None) -> Outcome:
    """A Space Combat an event triggers: from a flight table row (--number) or the values the
    event gives (enemies, timeline, objectives, XP)."""
    s = _copy(state)
    from journal.games.kraken.rules import _refuse_if_over

    _refuse_if_over(s)
    if s.get("combat"):
        raise RuleError("a Space Combat is going on already")
    if s.get("dungeon") or s.get("ground"):
        raise RuleError("the crew is on the ground (dungeon or ground combat): finish that first")
    if s.get("flight"):
        raise RuleError("the flight's new Location waits to be generated: do that first (or journal kraken flight-end)")
    if not s.get("ship"):
        raise RuleError("there is no ship (journal kraken ship hull …)")
    if not s["crew"]:
        raise RuleError("there is no crew")
    row = None
    if number is not None:
        if not 3 <= number <= MAX_FLIGHT_NUMBER:
            raise InputError(f"--number {number}: flight numbers are 3-{MAX_FLIGHT_NUMBER}")
        row = (table or {}).get(number)
        if row is None and not enemies:
            raise RuleError(f"flight {number} is not in the flight table: give its --enemy values (or add the row "
                            f"to your flight table and pass --table FILE)")
    if row is None:
        parsed = [parse_enemy(e) for e in enemies]
        if not parsed:
            raise InputError("--enemy is required (e.g. --enemy \"Mine 3-0, 5, 0-0\"), or --number N of the flight "
                             "table")
        if len(parsed) > MAX_ENEMY_SHIPS:
            raise InputError(f"--enemy given {len(parsed)} times: at most {MAX_ENEMY_SHIPS} enemies")
        row = {"name": name or "", "timeline": parse_timeline(timeline or []),
               "objectives": [parse_objective(o) for o in objectives], "enemies": parsed, "xp": xp or 0}
        if len(row["objectives"]) > MAX_OBJECTIVES:
            raise InputError(f"--objective given {len(row['objectives'])} times: at most {MAX_OBJECTIVES}")
    elif enemies or timeline or objectives:
        raise InputError("--number takes the flight table's row: leave out --enemy, --timeline and --objective "
                         "(change the page afterwards with journal kraken combat set …)")
    out = _prepare(s, cat, row, number, name, xp)
    return Outcome(s, f"Space Combat begins: {s['combat'].get('name') or 'an event'} "
                      f"({len(s['combat']['enemies'])} enemies)", out, {"combat": s["combat"]})


# --- 1) the timeline -------------------------------------------------------------------------

def combat_timeline(state: dict, dice, cat: dict, evade=(), evade_enemy: int | None = None, shields=()) -> Outcome:
    """10 (1): activate the leftmost timeline command and cross it out. Attack: the
    enemies fire at once (and again in phase 4); Backup: destroyed enemies are replaced;
    Combat: ships with 4+ crew board you if your Shield is 3 or less; Evading: +1 to hit
    them; Game over / Time / Victory: checked at the turn's end; Idle: no enemy fire;
    Shields: theirs are down this turn."""
    s = _copy(state)
    c = _combat(s)
    _page_filled(c)
    if c["step"] != "timeline":
        raise RuleError(f"the timeline is activated at the start of a combat turn; this turn is at "
                        f"{COMBAT_STEP_TEXT[c['step']]}")
    out: list[str] = []
    if c["crossed"] >= len(c["timeline"]):
        c["step"] = "objectives"
        out.append("The timeline is empty: nothing happens.")
        out.append(_after_timeline(c))
        return Outcome(s, f"Space Combat turn {c['turn']}: timeline empty", out, {"code": None})
    code = c["timeline"][c["crossed"]]
    c["crossed"] += 1
    c["step"] = "objectives"
    data: dict = {"code": code, "cell": c["crossed"]}
    out.append(f"Timeline cell {c['crossed']}: {code} ({TIMELINE_TEXT[code]}): cross it out.")
    if code != "-":
        c["event"] = code
    if code == "A":
        out.append("Attack: the enemies fire at once (and again in phase 4).")
        data["fire"] = _enemy_fire(s, c, dice, cat, evade, evade_enemy, shields, out)
    elif code == "B":
        back = []
        for i, e in enumerate(c["enemies"]):
            if e["sp"] == 0:
                c["enemies"][i] = parse_enemy(e["spec"])
                back.append(i + 1)
        out.append("Backup: " + (f"enemy {', '.join(map(str, back))} replaced by a new ship at full strength."
                                 if back else "no enemy was destroyed, so none is replaced."))
    elif code == "C":
        if _working(s, "Boarding Shields"):
            out.append("Combat: the Boarding Shields keep every boarding party off your ship.")
        elif c["ship"]["shield"] > BOARD_SHIELD:
            out.append(f"Combat: your Shield is {c['ship']['shield']} (more than {BOARD_SHIELD}): nobody boards.")
        else:
            boarders = [i for i in _active(c) if c["enemies"][i - 1]["crew"] >= BOARD_MIN_CREW]
            if boarders:
                c["boarders"] = boarders
                out.append(f"Combat: your Shield is {c['ship']['shield']}: enemy {', '.join(map(str, boarders))} "
                           f"board{'s' if len(boarders) == 1 else ''} your ship (each leaves {BOARD_CREW_LEFT} crew "
                           f"aboard). Defend: journal kraken combat repel N --crew NAME … (choose the order).")
            else:
                out.append("Combat: no enemy ship has 4 or more crew: nobody boards.")
    elif code == "E":
        out.append("Evading: this turn you need one more on the hit roll.")
    elif code == "G":
        out.append("Game over: destroy every enemy or solve every objective by the end of this turn, or the ship "
                   "is destroyed.")
    elif code == "I":
        out.append("Idle: the enemies do not fire this turn (phase 4 is skipped).")
    elif code == "S":
        c["saved_shields"] = [e["shield"] for e in c["enemies"]]
        for e in c["enemies"]:
            e["shield"] = 0
        out.append("Shields: the enemies' shields are down this turn and do not recharge; next turn they come back "
                   "as they were.")
    elif code == "T":
        out.append("Time: destroy every enemy or solve every objective this turn, or retreat at its end (no "
                   "dice modifications or smuggling bonus, no landing this turn).")
    elif code == "V":
        out.append("Victory: at the end of this turn the enemies retreat and you win.")
    else:
        out.append("An empty cell: nothing happens.")
    if s.get("combat"):
        out.append(_after_timeline(c))
    return Outcome(s, f"Space Combat turn {data.get('turn', c['turn'])}: timeline {code} ({TIMELINE_TEXT[code]})",
                   out, data)


def _after_timeline(c: dict) -> str:
    if c.get("boarders"):
        return "Next: repel the boarders (journal kraken combat repel N --crew NAME …)."
    return ("Next: objectives and repairs (journal kraken combat objective|repair …), or fire "
            "(journal kraken combat fire …).")


# --- 2) objectives and repairs -------------------------------------------------------------------

ATTACK_ATTRS = ("ranged", "melee")
CHECK_ATTRS = {"T": ("tech",), "C": ("charisma",), "A": ATTACK_ATTRS}


def check_total(s: dict, names, kind: str) -> tuple[int, list[str]]:
    """The crew's combined attribute for a check: A adds each member's better of Ranged and
    Melee (they may be mixed), T Tech, C Charisma."""
    total, parts = 0, []
    for n in names:
        m = s["crew"][n]
        if kind == "A":
            attr = max(ATTACK_ATTRS, key=lambda a: m[a])
        else:
            attr = CHECK_ATTRS[kind][0]
        total += m[attr]
        parts.append(f"{n} {attr.capitalize()} {m[attr]}")
    return total, parts


def combat_objective(state: dict, dice, crew, check: str | None = None, objective: int | None = None) -> Outcome:
    """10 (2): objectives are solved left to right: the crew members' attribute (A: Ranged
    or Melee, mixed as you like; T: Tech; C: Charisma; ?: one kind for all) + d6 ≥ the
    difficulty; a 1 always fails. Whatever the result, the crew members are used."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "objectives")
    todo = [i for i, o in enumerate(c["objectives"], 1) if not o["solved"]]
    if not todo:
        raise RuleError("there is no objective left to solve" if c["objectives"] else
                        "this Space Combat has no objectives: defeat every enemy")
    n = todo[0]
    if objective is not None and objective != n:
        raise RuleError(f"objectives are solved in order, left to right: objective {n} comes first")
    o = c["objectives"][n - 1]
    names = _available(s, c, crew)
    if not names:
        raise InputError("--crew is required: the crew members who try (their attributes add up)")
    kind = o["check"]
    if kind == "?":
        if check is None:
            best = max("ATC", key=lambda k: check_total(s, names, k)[0])
            kind = best
        else:
            kind = check.upper()
            if kind not in "ATC" or len(kind) != 1:
                raise InputError(f"--check {check}: A (attack), T (tech) or C (charisma)")
    elif check is not None and check.upper() != kind:
        raise InputError(f"objective {n} is {kind}{o['target']}: its letter decides the attribute")
    total, parts = check_total(s, names, kind)
    r = dice.roll(6)
    score = total + r
    ok = r != 1 and score >= o["target"]
    _use(c, names, f"objective {n}")
    out = [f"Objective {n} ({o['check']}{o['target']}): {' + '.join(parts)} + d6 {r} = {score}: "
           + ("solved." if ok else ("a 1 always fails." if r == 1 else f"short of {o['target']}, failed."))]
    if ok:
        o["solved"] = True
        left = [f"{x['check']}{x['target']}" for x in c["objectives"] if not x["solved"]]
        out.append("Every objective is solved: the Space Combat ends at the end of this turn."
                   if not left else f"Next objective: {left[0]}.")
    out.append(f"{', '.join(names)} used this turn.")
    return Outcome(s, f"Objective {n} {o['check']}{o['target']}: {score} ({'solved' if ok else 'failed'})", out,
                   {"objective": n, "check": kind, "total": total, "roll": r, "score": score, "solved": ok})


def _repair(s: dict, c: dict, cat: dict, target: str, out: list[str], who: str) -> str:
    if str(target).strip().lower() == "sp":
        ship = c["ship"]
        before = ship["sp"]
        ship["sp"] = min(ship["sp_max"], before + REPAIR_SP)
        out.append(f"{who}: SP {before} → {ship['sp']}/{ship['sp_max']}.")
        return f"SP {before} → {ship['sp']}"
    key = find(s["ship"]["systems"], target, "ship system")
    e = s["ship"]["systems"][key]
    if not e.get("damaged"):
        raise RuleError(f"the {key} is not damaged")
    del e["damaged"]
    if key in c.get("damaged_now", []):
        c["damaged_now"].remove(key)
    _refresh_shield(s, c, cat)
    out.append(f"{who}: the {key} is repaired (erase its damage mark).")
    return f"{key} repaired"


def _repair_target_check(s: dict, c: dict, target: str) -> None:
    if str(target).strip().lower() == "sp":
        if c["ship"]["sp"] >= c["ship"]["sp_max"]:
            raise RuleError("the ship's SP are full: nothing to repair")
        return
    key = find(s["ship"]["systems"], target, "ship system")
    if not s["ship"]["systems"][key].get("damaged"):
        raise RuleError(f"the {key} is not damaged")


def combat_repair(state: dict, dice, cat: dict, target: str, crew) -> Outcome:
    """10 (2): unused crew repair one damaged system or 3 SP with a T9 tech check (their
    Tech added up, d6, a 1 fails); no Credits, but they are used."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "objectives")
    names = _available(s, c, crew)
    if not names:
        raise InputError("--crew is required: who repairs")
    _repair_target_check(s, c, target)
    total, parts = check_total(s, names, "T")
    r = dice.roll(6)
    score = total + r
    ok = r != 1 and score >= REPAIR_TARGET
    _use(c, names, "repair")
    out = [f"Repair (T{REPAIR_TARGET}): {' + '.join(parts)} + d6 {r} = {score}: "
           + ("success." if ok else ("a 1 always fails." if r == 1 else "failed."))]
    what = _repair(s, c, cat, target, out, "Repaired") if ok else "nothing repaired"
    return Outcome(s, f"Repair {target}: {score} ({'success' if ok else 'failed'})", out,
                   {"target": target, "roll": r, "score": score, "repaired": ok, "result": what})


# --- 3) targets and fire ---------------------------------------------------------------------

def combat_fire(state: dict, dice, cat: dict, weapons=(), target: int | None = None, oc=(), reroll=()) -> Outcome:
    """10 (3): up to 4 weapons, targets chosen before rolling (several targets only with a
    Target System). Each: spend Ammo (OC: 2 more, double damage), hit on 4+ (3+ with a
    Combat Bridge, one more when the enemies are Evading), an unused crew member may
    reroll a miss once; damage goes to the Shield, then the SP. EMP: shields only. HE:
    nothing against a Shield, double SP damage on a 6."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "fire")
    out: list[str] = []
    if len(weapons) > MAX_WEAPONS_FIRED:
        raise InputError(f"{len(weapons)} weapons: at most {MAX_WEAPONS_FIRED} fire in one Space Combat turn")
    plan = []
    labels = []
    for label, tgt in weapons:
        key = find(s["ship"]["systems"], label, "ship weapon")
        e = s["ship"]["systems"][key]
        if cat.get(e["system"], {}).get("category") != "weapon":
            raise InputError(f"the {key} is not a weapon")
        if e.get("damaged"):
            raise RuleError(f"the {key} is damaged: it cannot fire until repaired")
        if key in labels:
            raise InputError(f"the {key} is named twice: each weapon fires once a turn")
        labels.append(key)
        t = tgt if tgt is not None else target
        active = _active(c)
        if t is None:
            if len(active) == 1:
                t = active[0]
            else:
                raise InputError(f"which enemy does the {key} fire at? give --target N (or WEAPON@N); "
                                 f"enemies left: {', '.join(map(str, active)) or 'none'}")
        _enemy(c, t, "target")
        if t not in active:
            raise RuleError(f"enemy {t} is destroyed already: choose another target")
        plan.append([key, t])
    if len({t for _k, t in plan}) > 1 and not _working(s, "Target System"):
        raise RuleError("only a working Target System lets your weapons aim at several ships: one target for all")
    oc_set = set()
    for label in oc:
        key = find(s["ship"]["systems"], label, "ship weapon", "--oc")
        if key not in labels:
            raise InputError(f"--oc {key}: it does not fire this turn")
        if "OC" not in cat[s["ship"]["systems"][key]["system"]].get("special", ""):
            raise InputError(f"--oc {key}: only overclockable (OC) weapons fire in burst mode")
        oc_set.add(key)
    need_ammo: dict = {}
    for key, _t in plan:
        info = cat[s["ship"]["systems"][key]["system"]]
        if info.get("ammo"):
            need = 3 if key in oc_set else 1
            system = s["ship"]["systems"][key]["system"]
            need_ammo[system] = need_ammo.get(system, 0) + need
            if _ammo_left(s, c, key) < need:
                raise RuleError(f"the {key} has {_ammo_left(s, c, key)} Ammo left"
                                + (" (burst mode needs 3)" if need == 3 else "") + ": it cannot fire")
    for system, need in need_ammo.items():
        first = next(k for k, _t in plan if s["ship"]["systems"][k]["system"] == system)
        if _ammo_left(s, c, first) < need:
            raise RuleError(f"the {system} weapons need {need} Ammo this turn and have {_ammo_left(s, c, first)}")
    rerollers = _available(s, c, reroll, "--reroll")
    bridge = _working(s, "Combat Bridge")
    need_roll = (HIT_BRIDGE if bridge else HIT) + (1 if c.get("event") == "E" else 0)
    results = []
    if not plan:
        out.append("No weapon fires this turn.")
    for key, t in plan:
        system = s["ship"]["systems"][key]["system"]
        info = cat[system]
        special = info.get("special", "")
        burst = key in oc_set
        spent = _spend_ammo(s, c, key, 3 if burst else 1) if info.get("ammo") else []
        e = c["enemies"][t - 1]
        res = {"weapon": key, "target": t, "rolls": [], "hit": False, "shield": 0, "sp": 0}
        ammo_note = ""
        if spent:
            ammo_note = " (Ammo " + ", ".join(f"{x} -1" for x in spent) + ")"
        if e["sp"] == 0:
            out.append(f"{key} → enemy {t}: it is destroyed already; the shot is wasted{ammo_note}.")
            results.append(res)
            continue
        r = dice.roll(6)
        res["rolls"].append(r)
        line = f"{key}{' (burst)' if burst else ''} → enemy {t}: d6 {r}"
        if r < need_roll and rerollers:
            who = rerollers.pop(0)
            c["used"][who] = "reroll"
            r = dice.roll(6)
            res["rolls"].append(r)
            line += f", {who} rerolls: {r}"
        if r < need_roll:
            out.append(f"{line}: miss (needs {need_roll}+){ammo_note}.")
            results.append(res)
            continue
        res["hit"] = True
        dmg = info["damage"] * (2 if burst else 1)
        before_sh, before_sp = e["shield"], e["sp"]
        if "EMP" in special:
            e["shield"] -= min(e["shield"], dmg)
            how = f"EMP {dmg}: Shield {before_sh} → {e['shield']} (no SP damage)"
        elif "HE" in special:
            if e["shield"] > 0:
                how = f"HE {dmg}: the Shield ({e['shield']}) stops it, no damage"
            else:
                sp_dmg = dmg * (2 if r == 6 else 1)
                e["sp"] = max(0, e["sp"] - sp_dmg)
                how = f"HE {dmg}{' doubled on a 6' if r == 6 else ''}: SP {before_sp} → {e['sp']}"
        else:
            absorbed = min(e["shield"], dmg)
            e["shield"] -= absorbed
            e["sp"] = max(0, e["sp"] - (dmg - absorbed))
            how = f"{dmg} damage: Shield {before_sh} → {e['shield']}, SP {before_sp} → {e['sp']}"
        res["shield"], res["sp"] = before_sh - e["shield"], before_sp - e["sp"]
        out.append(f"{line}: hit. {how}{ammo_note}.")
        if e["sp"] == 0:
            out.append(f"Enemy {t} ({e['type']}) is destroyed: it no longer fires.")
            res["destroyed"] = True
        results.append(res)
    c["step"] = "enemy-fire"
    if not _enemy_fire_due(c):
        c["step"] = "boarding"
    left = _active(c)
    shown = ", ".join(f"{i} ({enemy_text(c['enemies'][i - 1])})" for i in left)
    out.append(f"Enemies left: {shown}." if left else "Every enemy is destroyed.")
    out.append(_next_after_fire(c))
    hits = sum(1 for r_ in results if r_["hit"])
    return Outcome(s, f"Space Combat turn {c['turn']}: fired {len(plan)} weapon(s), {hits} hit(s)", out,
                   {"shots": results, "enemies": c["enemies"]})


def _next_after_fire(c: dict) -> str:
    if c["step"] == "enemy-fire":
        return "Next: enemy fire (journal kraken combat enemy-fire)."
    return ("Next: board an enemy (journal kraken combat board N --crew …), try to escape (combat escape) or "
            "recharge (journal kraken combat recharge).")


# --- 4) enemy fire ----------------------------------------------------------------------------

def combat_enemy_fire(state: dict, dice, cat: dict, evade=(), evade_enemy: int | None = None, shields=()) -> Outcome:
    """10 (4): every enemy left fires, 1 to 4: d6 ≥ 4 hits, a 6 adds 3 damage. Once a turn,
    with Maneuver Engines, up to two unused crew may evade a hit (Tech ÷ 2 + d6 ≥ 8, a 1
    fails). Damage: Shields, then Armor, then SP; lost SP risk a system (d6, d20)."""
    s = _copy(state)
    c = _combat(s)
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(_boarding_pending(c))
    if COMBAT_STEPS.index(c["step"]) > COMBAT_STEPS.index("enemy-fire"):
        raise RuleError(f"the enemies fired this turn already; this turn is at {COMBAT_STEP_TEXT[c['step']]}")
    if c["step"] == "timeline" and c["crossed"] < len(c["timeline"]):
        raise RuleError("activate the timeline first: journal kraken combat timeline")
    out: list[str] = []
    if c.get("event") == "I":
        raise RuleError("Idle: the enemies do not fire this turn: go on (journal kraken combat board|escape|recharge)")
    if not _active(c):
        raise RuleError("no enemy is left to fire")
    c["step"] = "enemy-fire"
    data = _enemy_fire(s, c, dice, cat, evade, evade_enemy, shields, out)
    if s.get("combat"):
        c["step"] = "boarding"
        out.append(_next_after_fire(c))
    taken = sum(x.get("sp", 0) for x in data)
    return Outcome(s, f"Space Combat turn {c['turn']}: enemy fire, {sum(1 for x in data if x['hit'])} hit(s), "
                      f"{taken} SP lost", out, {"shots": data, "ship": c["ship"], "over": "combat" not in s})


def _enemy_fire(s: dict, c: dict, dice, cat: dict, evade, evade_enemy, shields, out: list[str]) -> list[dict]:
    pilots = _available(s, c, evade, "--evade") if evade else []
    if len(pilots) > 2:
        raise InputError("--evade: up to two crew members pilot the ship")
    if pilots and not _working(s, "Maneuver Engines"):
        raise RuleError("--evade needs working Maneuver Engines")
    if pilots and c.get("evaded"):
        raise RuleError("the ship tried to evade this turn already (once per Space Combat turn)")
    if evade_enemy is not None:
        _enemy(c, evade_enemy, "--evade-enemy")
        if not pilots:
            raise InputError("--evade-enemy: name the pilots with --evade NAME")
    pool = {k: 1 for k in _shield_systems(s, cat, working=False)}
    shield_pref = [find(pool, x, "shield system", "--shield") for x in shields]   # used in order, as 6s come
    armor = ship_stats(s, cat)["armor"]
    shots = []
    for i in _active(c):
        if "combat" not in s:
            break
        e = c["enemies"][i - 1]
        r = dice.roll(6)
        shot = {"enemy": i, "roll": r, "hit": r >= ENEMY_HIT, "sp": 0, "shield": 0}
        shots.append(shot)
        if r < ENEMY_HIT:
            out.append(f"Enemy {i} ({e['type']}) fires: d6 {r}: miss.")
            continue
        dmg = e["damage"] + (ENEMY_SIX if r == 6 else 0)
        line = f"Enemy {i} ({e['type']}) fires: d6 {r}: hit, {dmg} damage" + (" (6: +3)" if r == 6 else "")
        if pilots and not c.get("evaded") and (evade_enemy is None or evade_enemy == i):
            c["evaded"] = True
            _use(c, pilots, "pilot")
            tech = sum(s["crew"][p]["tech"] for p in pilots)
            er = dice.roll(6)
            total = half_up(tech) + er
            ok = er != 1 and total >= EVADE_TARGET
            shot["evade"] = {"pilots": pilots, "roll": er, "total": total, "evaded": ok}
            line += (f"; {' and '.join(pilots)} evade: Tech {tech} ÷ 2 = {half_up(tech)} + d6 {er} = {total}: "
                     + ("evaded, no damage." if ok else ("a 1 always fails." if er == 1 else "failed.")))
            if ok:
                out.append(line)
                continue
        ship = c["ship"]
        eff = e.get("effect")
        sh_before, sp_before = ship["shield"], ship["sp"]
        if eff == "EMP":
            ship["shield"] -= min(ship["shield"], dmg)
            rest = 0
        elif eff == "HE" and ship["shield"] > 0:
            rest = 0
        else:
            absorbed = 0 if eff == "HE" else min(ship["shield"], dmg)
            ship["shield"] -= absorbed
            rest = max(0, dmg - absorbed - armor)
        ship["sp"] = max(0, ship["sp"] - rest)
        shot["shield"], shot["sp"] = sh_before - ship["shield"], sp_before - ship["sp"]
        parts = []
        if eff == "HE" and sh_before > 0:
            parts.append("HE: your Shield stops it")
        else:
            parts.append(f"Shield {sh_before} → {ship['shield']}")
            if eff != "EMP":
                if armor:
                    parts.append(f"Armor -{armor}")
                parts.append(f"SP {sp_before} → {ship['sp']}")
        out.append(f"{line}. {', '.join(parts)}.")
        if ship["sp"] == 0:
            out.append("Your ship's SP reach 0: the ship is lost.")
            _finish(s, c, "lost", out)
            break
        if rest > 0:
            shot["system"] = _system_damage(s, c, dice, cat, shield_pref, out)
    return shots


def _system_damage(s: dict, c: dict, dice, cat: dict, shield_pref: list, out: list[str]) -> dict:
    """10 (4.2): lost SP may damage a system: d6 1-2 none; 3-4 a standard system (d20
    counted through them, damaged ones too); 5 a weapon (the same way); 6 a shield (your
    choice). Damaged again it is destroyed, unless it was damaged this very turn."""
    r = dice.roll(6)
    systems = s["ship"]["systems"]
    if r <= 2:
        out.append(f"  System damage: d6 {r}: no system is damaged.")
        return {"roll": r}
    if r in (3, 4, 5):
        category = "standard" if r <= 4 else "weapon"
        pool = [label for label, e in systems.items() if cat.get(e["system"], {}).get("category") == category]
        what = "standard system" if r <= 4 else "weapon"
        if not pool:
            out.append(f"  System damage: d6 {r}: a {what}, but the ship has none.")
            return {"roll": r}
        n = dice.roll(20)
        label = pool[(n - 1) % len(pool)]
        out.append(f"  System damage: d6 {r}: a {what}; d20 {n} counted through {len(pool)} → {label}.")
        return {"roll": r, "d20": n, "system": label, "result": _damage_system(s, c, cat, label, out)}
    pool = [label for label, e in systems.items() if cat.get(e["system"], {}).get("category") == "shield"]
    if not pool:
        out.append(f"  System damage: d6 {r}: a shield system, but the ship has none.")
        return {"roll": r}
    if len(pool) == 1:
        label = pool[0]
    elif shield_pref:
        label = find({k: 1 for k in pool}, shield_pref.pop(0), "shield system", "--shield")
    else:
        from journal.errors import NeedChoice

        raise NeedChoice(f"--shield is required: a 6 on the system damage roll damages a shield system of your "
                         f"choice: one of {', '.join(pool)}", "--shield", pool, "Which shield system is damaged")
    out.append(f"  System damage: d6 {r}: a shield system: {label}.")
    return {"roll": r, "system": label, "result": _damage_system(s, c, cat, label, out)}


def _damage_system(s: dict, c: dict, cat: dict, label: str, out: list[str]) -> str:
    from journal.games.kraken.rules import _check_removal

    e = s["ship"]["systems"][label]
    now = c.setdefault("damaged_now", [])
    if not e.get("damaged"):
        e["damaged"] = True
        now.append(label)
        out.append(f"  Mark the {label} damaged: it does not work until repaired.")
        result = "damaged"
    elif label in now:
        out.append(f"  The {label} was damaged this very turn: it stays damaged.")
        result = "damaged"
    else:
        out.extend("  " + x for x in _check_removal(s, label, selling=False))
        del s["ship"]["systems"][label]
        c["ammo"].pop(label, None)
        out.append(f"  The {label} is damaged a second time: destroyed, erase it.")
        result = "destroyed"
    _refresh_shield(s, c, cat)
    return result


# --- 5) boarding ---------------------------------------------------------------------------------

def _pool(s: dict, names) -> int:
    """One die per 6 points of the members' best battle attribute (our reading: a party
    with a conscious member has at least one die, as step 5 of the loop gives)."""
    points = sum(max(s["crew"][n]["ranged"], s["crew"][n]["melee"]) for n in names)
    return max(1, points // BOARD_POINTS) if names else 0


def combat_board(state: dict, dice, enemy: int, crew) -> Outcome:
    """10 (5): board one enemy ship with 3 or less Shield and some crew, once a turn; the
    crew you send are used. Your dice: one per 6 points of their better of Ranged and
    Melee; theirs: one per 2 crew."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "boarding")
    if c.get("boarded"):
        raise RuleError("you boarded a ship this turn already: one boarding per Space Combat turn")
    e = _enemy(c, enemy)
    if e["sp"] == 0:
        raise RuleError(f"enemy {enemy} is destroyed")
    if e["crew"] == 0:
        raise RuleError(f"enemy {enemy} ({e['type']}) has no crew: it cannot be boarded")
    if e["shield"] > BOARD_SHIELD:
        raise RuleError(f"enemy {enemy}'s Shield is {e['shield']}: a ship is boarded at {BOARD_SHIELD} or less")
    names = _available(s, c, crew)
    if not names:
        raise InputError("--crew is required: who boards")
    _use(c, names, "boarding")
    c["boarded"] = True
    mine, theirs = _pool(s, names), e["crew"] // 2
    c["boarding"] = {"enemy": enemy, "by": "us", "crew": names, "dice": mine, "enemy_dice": theirs,
                     "enemy_start": theirs, "round": 0}
    points = sum(max(s["crew"][n]["ranged"], s["crew"][n]["melee"]) for n in names)
    out = [f"Boarding enemy {enemy} ({e['type']}): {', '.join(names)} go across (used this turn).",
           f"Your pool: {points} battle points → {mine} d6; theirs: {e['crew']} crew → {theirs} d6.",
           "Roll the rounds: journal kraken combat round [--negate N] [--hurt NAME]… [--sacrifice NAME] (or combat "
           "retreat)."]
    if theirs == 0:
        out.extend(_end_boarding(s, c))
    return Outcome(s, f"Boarding enemy {enemy}: {mine} d6 against {theirs} d6", out, {"boarding": c.get("boarding"),
                                                                                      "dice": mine,
                                                                                      "enemy_dice": theirs})


def combat_repel(state: dict, dice, enemy: int, crew) -> Outcome:
    """10 (1) Combat: an enemy ship with 4+ crew boards you (leaving 2 aboard): your
    defenders fight it as a Boarding Combat (no retreat; it lasts three rounds at most)."""
    s = _copy(state)
    c = _combat(s)
    if c.get("boarding"):
        raise RuleError(_boarding_pending(c))
    if not c.get("boarders"):
        raise RuleError("no enemy is boarding your ship")
    if enemy not in c["boarders"]:
        raise RuleError(f"enemy {enemy} is not boarding: the boarders are {', '.join(map(str, c['boarders']))}")
    # Defenders may have acted this turn already: boarders are fought off by whoever is standing.
    names = _available(s, c, crew, allow_used=True)
    up = [n for n, m in s["crew"].items() if m["status"] == "active"]
    if not names and up:
        raise InputError(f"--crew is required: who defends the ship ({', '.join(up)})")
    c["boarders"].remove(enemy)
    if not c["boarders"]:
        del c["boarders"]
    e = c["enemies"][enemy - 1]
    sent = max(0, e["crew"] - BOARD_CREW_LEFT)
    if not names:
        out = [f"Enemy {enemy} ({e['type']}) boards with {sent} crew and nobody stands to defend the ship."]
        _finish(s, c, "lost", out)
        return Outcome(s, f"Enemy {enemy} boards an undefended ship", out, {"enemy": enemy})
    for n in names:
        c["used"].setdefault(n, "defence")
    mine, theirs = _pool(s, names), sent // 2
    c["boarding"] = {"enemy": enemy, "by": "them", "crew": names, "dice": mine, "enemy_dice": theirs,
                     "enemy_start": theirs, "round": 0}
    out = [f"Enemy {enemy} ({e['type']}) boards with {sent} crew ({BOARD_CREW_LEFT} stay aboard): {theirs} d6.",
           f"Defenders {', '.join(names)}: {mine} d6.",
           "Roll the rounds: journal kraken combat round [--negate N] [--hurt NAME]… [--sacrifice NAME]."]
    if theirs == 0:
        out.extend(_end_boarding(s, c))
    return Outcome(s, f"Enemy {enemy} boards: {theirs} d6 against {mine} d6", out,
                   {"boarding": c.get("boarding"), "dice": mine, "enemy_dice": theirs})


def _hits(faces) -> int:
    return sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces)


def combat_round(state: dict, dice, negate: int | None = None, hurt=(), sacrifice: str | None = None) -> Outcome:
    """10 (5) one Boarding Combat round: roll both pools (4-5 a hit, 6 two; Boarding
    Armory / Onboard defense reroll your misses once), negate enemy hits 1:1, each enemy
    hit left costs a crew member 4 HP (an unconscious one takes a die away), every two
    of your hits left remove one of their dice (one hit left: sacrifice 3 HP for a die)."""
    from journal.games.kraken.rules import wound

    s = _copy(state)
    c = _combat(s)
    b = c.get("boarding")
    if not b:
        raise RuleError("there is no Boarding Combat going on")
    out: list[str] = []
    b["round"] += 1
    mine = [dice.roll(6) for _ in range(b["dice"])]
    theirs = [dice.roll(6) for _ in range(b["enemy_dice"])]
    system = "Boarding Armory" if b["by"] == "us" else "Onboard defense"
    line = f"Boarding round {b['round']}: your dice {' '.join(map(str, mine)) or '-'}"
    if _working(s, system) and any(f < 4 for f in mine):
        again = [(i, dice.roll(6)) for i, f in enumerate(mine) if f < 4]
        for i, f in again:
            mine[i] = f
        line += f", {system} rerolls the misses: {' '.join(map(str, mine))}"
    line += f"; theirs {' '.join(map(str, theirs)) or '-'}."
    out.append(line)
    h_me, h_them = _hits(mine), _hits(theirs)
    most = min(h_me, h_them)
    n = most if negate is None else negate
    if not 0 <= n <= most:
        raise InputError(f"--negate {negate}: you can negate 0-{most} hit(s) this round")
    out.append(f"Hits: yours {h_me}, theirs {h_them}; you negate {n}.")
    wounds = h_them - n
    hurt = list(hurt)
    order = []
    for h in hurt:
        key = find(s["crew"], h, "crew member", "--hurt")
        if key not in b["crew"]:
            raise InputError(f"--hurt {key}: only the crew in this Boarding Combat ({', '.join(b['crew'])}) are hit")
        order.append(key)
    lost_dice = 0
    for k in range(wounds):
        conscious = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "active"]
        if not conscious:
            out.append("Every one of your boarders is down: the remaining hits find nobody.")
            break
        while order and order[0] not in conscious:      # a name given for a member already down: the next one
            order.pop(0)
        if order:
            who = order.pop(0)
        elif len(conscious) == 1:
            who = conscious[0]
        else:
            from journal.errors import NeedChoice

            raise NeedChoice(f"--hurt is required: enemy hit {k + 1} of {wounds} costs one of your boarders "
                             f"{BOARD_WOUND} HP: one of {', '.join(conscious)} (repeat --hurt for each hit)",
                             "--hurt", conscious, "Who takes the hit")
        if wound(s, who, BOARD_WOUND, out, "boarding") in ("unconscious", "killed"):
            lost_dice += 1
    b["dice"] = max(0, b["dice"] - lost_dice)
    if lost_dice:
        out.append(f"You lose {lost_dice} d6 from your pool.")
    left = h_me - n
    removed = left // 2
    if sacrifice is not None:
        if left % 2 != 1:
            raise RuleError("--sacrifice: a sacrifice attack needs exactly one hit left over")
        key = find(s["crew"], sacrifice, "crew member", "--sacrifice")
        if key not in b["crew"] or s["crew"][key]["status"] != "active":
            raise RuleError(f"--sacrifice {key}: a conscious member of this boarding party gives everything")
        status = wound(s, key, BOARD_SACRIFICE, out, "sacrifice attack")
        if status in ("unconscious", "killed"):
            b["dice"] = max(0, b["dice"] - 1)
            out.append("You lose a d6 from your pool.")
        removed += 1
    removed = min(removed, b["enemy_dice"])
    b["enemy_dice"] -= removed
    if removed:
        out.append(f"They lose {removed} d6 ({b['enemy_dice']} left).")
    b["crew"] = [x for x in b["crew"] if x in s["crew"]]
    conscious = [x for x in b["crew"] if s["crew"][x]["status"] == "active"]
    if b["dice"] == 0 and conscious:
        b["dice"] = 1
        out.append("You have no dice left but someone still stands: take a single d6 for the next round.")
    data = {"round": b["round"], "dice": mine, "enemy_dice": theirs, "hits": h_me, "enemy_hits": h_them,
            "negated": n}
    if b["enemy_dice"] == 0 or b["dice"] == 0 or b["round"] >= BOARD_ROUNDS:
        out.extend(_end_boarding(s, c))
        data["over"] = True
    else:
        out.append(f"Next round: journal kraken combat round ({b['dice']} d6 against {b['enemy_dice']} d6)"
                   + (", or combat retreat." if b["by"] == "us" else "."))
    return Outcome(s, f"Boarding round {data['round']}: {h_me} hit(s) against {h_them}", out, data)


def combat_retreat(state: dict, dice) -> Outcome:
    """10 (5.6): when you board, you may retreat to your ship at the end of a round."""
    s = _copy(state)
    c = _combat(s)
    b = c.get("boarding")
    if not b:
        raise RuleError("there is no Boarding Combat going on")
    if b["by"] != "us":
        raise RuleError("you cannot retreat from your own ship: the boarders stay until the third round is over")
    out = ["Your boarders retreat to your ship."]
    out.extend(_end_boarding(s, c, retreat=True))
    return Outcome(s, f"Boarders retreat from enemy {b['enemy']}", out, {"enemy": b["enemy"]})


def _end_boarding(s: dict, c: dict, retreat: bool = False) -> list[str]:
    b = c.pop("boarding")
    e = c["enemies"][b["enemy"] - 1]
    out = []
    lost = b["enemy_start"] - b["enemy_dice"]
    conscious = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "active"]
    if b["by"] == "them" and not conscious:
        out.append("The boarders overrun your ship: you lose the game.")
        _finish(s, c, "lost", out)
        return out
    if b["by"] == "us" and b["enemy_dice"] == 0 and not retreat:
        e["sp"] = 0
        out.append(f"Enemy {b['enemy']} ({e['type']}): every defender is beaten: their ship is destroyed.")
    elif lost:
        before = e["crew"]
        e["crew"] = max(0, e["crew"] - 2 * lost)
        out.append(f"Enemy {b['enemy']} lost {lost} d6: crew {before} → {e['crew']}.")
    down = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "unconscious"]
    out.append("The Boarding Combat is over.")
    if down:
        out.append(f"Unconscious: {', '.join(down)}: heal them in a hurry (journal kraken combat heal NAME: d6 2-6 "
                   f"→ 2 HP, a 1 kills) or leave them be.")
    if s.get("combat"):
        out.append(_after_boarding(c))
        _check_crew(s, c, out)
    return out


def _after_boarding(c: dict) -> str:
    if c.get("boarders"):
        return f"Next: repel enemy {c['boarders'][0]} (journal kraken combat repel {c['boarders'][0]} --crew …)."
    if c["step"] in ("timeline", "objectives"):
        return _after_timeline(c)
    return "Next: try to escape (journal kraken combat escape) or recharge (journal kraken combat recharge)."


def combat_heal(state: dict, dice, name: str) -> Outcome:
    """10 (5): after a Boarding Combat an unconscious crew member may be healed in a hurry:
    d6 2-6 → 2 HP (back next turn), 1 → dies."""
    from journal.games.kraken.rules import _drop_member, _fallen

    s = _copy(state)
    c = _combat(s)
    if c.get("boarding"):
        raise RuleError("heal in a hurry after the Boarding Combat")
    key = find(s["crew"], name, "crew member")
    m = s["crew"][key]
    if m["status"] != "unconscious":
        raise RuleError(f"{key} is not unconscious")
    r = dice.roll(6)
    out = []
    if r == 1:
        out.append(f"Healing {key} in a hurry: d6 1: {key} dies (keep their equipment if you like).")
        _fallen(s, key, out)
        _drop_member(s, key, out)
        _check_crew(s, c, out)
        return Outcome(s, f"{key} healed in a hurry: d6 1, dies", out, {"name": key, "roll": r, "died": True})
    m["hp"] = min(m["hp_max"], HURRY_HEAL)
    m["status"] = "active"
    c["used"][key] = "healed in a hurry"
    out.append(f"Healing {key} in a hurry: d6 {r}: {key} is back on 2 HP (available next combat turn).")
    return Outcome(s, f"{key} healed in a hurry: d6 {r}, 2 HP", out, {"name": key, "roll": r, "died": False})


# --- 6) escape -----------------------------------------------------------------------------------

def combat_escape(state: dict, dice) -> Outcome:
    """10 (6): d20 + the Tech of every unused crew member ≥ 20 (15 after a failed try in this
    combat): you escape; the battle counts as lost (a new Location without dice
    modifications, no landing this turn)."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "escape")
    free = [n for n, m in s["crew"].items() if n not in c["used"] and m["status"] == "active"]
    tech = sum(s["crew"][n]["tech"] for n in free)
    target = ESCAPE_AGAIN if c.get("escape_failed") else ESCAPE_TARGET
    r = dice.roll(20)
    total = r + tech
    ok = total >= target
    parts = " + ".join(f"{n} {s['crew'][n]['tech']}" for n in free) or "no unused crew"
    out = [f"Escape: d20 {r} + Tech ({parts}) = {total} against {target}: " + ("escaped." if ok else "failed.")]
    if ok:
        _finish(s, c, "escaped", out)
    else:
        c["escape_failed"] = True
        c["step"] = "recharge"
        out.append(f"A later try in this combat needs {ESCAPE_AGAIN}. Next: journal kraken combat recharge.")
    return Outcome(s, f"Escape: d20 {r} + {tech} = {total} ({'escaped' if ok else 'failed'})", out,
                   {"roll": r, "tech": tech, "total": total, "target": target, "escaped": ok})


# --- 7) recharge and loop ---------------------------------------------------------------------------

def combat_recharge(state: dict, dice, cat: dict, drones: str | None = None) -> Outcome:
    """10 (7) and LOOP: shields recharge (yours and theirs, up to their maximum; theirs not
    in a Shields turn), Repair Drones mend a system or 3 SP, the crew marks are erased; then
    the combat ends (won, lost, retreated) or the next turn begins."""
    s = _copy(state)
    c = _combat(s)
    _goto(c, "recharge")
    out: list[str] = []
    ship = c["ship"]
    before = ship["shield"]
    ship["shield"] = min(ship["shield_max"], ship["shield"] + ship["recharge"])
    out.append(f"Recharge: your Shield {before} → {ship['shield']}/{ship['shield_max']}.")
    if c.get("event") == "S":
        for e, saved in zip(c["enemies"], c.pop("saved_shields", []), strict=False):
            e["shield"] = min(e["shield_max"], saved)
        out.append("The enemies' shields come back as they were before the Shields turn (no recharge).")
    else:
        for i, e in enumerate(c["enemies"], 1):
            if e["sp"] > 0 and e["shield"] < e["shield_max"]:
                b = e["shield"]
                e["shield"] = min(e["shield_max"], e["shield"] + e["recharge"])
                if e["shield"] != b:
                    out.append(f"Enemy {i} Shield {b} → {e['shield']}/{e['shield_max']}.")
    if drones is not None:
        if not _working(s, "Repair Drones"):
            raise RuleError("--drones needs working Repair Drones")
        _repair_target_check(s, c, drones)
        _repair(s, c, cat, drones, out, "Repair Drones")
    result = _turn_end(s, c, out)
    data = {"turn": c["turn"], "result": result, "ship": c["ship"]}
    if result:
        return Outcome(s, f"Space Combat over: {result}", out, data)
    c["turn"] += 1
    c["step"] = "timeline"
    c["used"] = {}
    for k in ("event", "evaded", "boarded", "damaged_now"):
        c.pop(k, None)
    out.append(f"Every crew member is unused again. Space Combat turn {c['turn']}: "
               + ("activate the timeline (journal kraken combat timeline)." if c["crossed"] < len(c["timeline"])
                  else "objectives, repairs and fire (the timeline is empty)."))
    data["turn"] = c["turn"]
    return Outcome(s, f"Space Combat turn {c['turn'] - 1} ends; turn {c['turn']} begins", out, data)


def _won(c: dict) -> bool:
    if c["objectives"]:
        return all(o["solved"] for o in c["objectives"])
    return not _active(c)


def _saved(c: dict) -> bool:
    """Game over / Time: 'destroy all Enemies or solve all objectives' this turn."""
    return not _active(c) or (bool(c["objectives"]) and all(o["solved"] for o in c["objectives"]))


def _turn_end(s: dict, c: dict, out: list[str]) -> str | None:
    if _won(c):
        out.append("Every objective is solved: the Space Combat is won." if c["objectives"]
                   else "Every enemy is destroyed: the Space Combat is won.")
        _finish(s, c, "won", out)
        return "won"
    event = c.get("event")
    if event == "V":
        out.append("Victory: the enemies retreat: the Space Combat is won.")
        _finish(s, c, "won", out)
        return "won"
    if event == "G" and not _saved(c):
        out.append("Game over: the enemies are not beaten by the end of the turn: your ship is destroyed.")
        _finish(s, c, "lost", out)
        return "lost"
    if event == "T" and not _saved(c):
        out.append("Time: you lost too much time and retreat (you survive).")
        _finish(s, c, "retreated", out)
        return "retreated"
    return None


def _check_crew(s: dict, c: dict, out: list[str]) -> None:
    if not s["crew"] and s.get("combat"):
        out.append("Your last crew member is lost: you lose the game.")
        _finish(s, c, "lost", out)


def _finish(s: dict, c: dict, result: str, out: list[str]) -> None:
    """AFTER SPACE COMBAT: damaged systems repaired, SP restored and Ammo refilled for
    free; a successful flight's XP and as many Credits (and the smuggling bonus)."""
    s.pop("combat", None)
    if result == "lost":
        s["result"] = "lost"
        if s.get("flight"):
            del s["flight"]
        out.append("The campaign is lost.")
        return
    fixed = [label for label, e in s["ship"]["systems"].items() if e.pop("damaged", None)]
    out.append("After the Space Combat: " + (f"{', '.join(fixed)} repaired, " if fixed else "")
               + "structure points restored and Ammo refilled for free.")
    f = s.get("flight")
    if result == "won":
        gain = c.get("xp", 0)
        if f and f.get("nano_skin"):
            gain = 0
        if gain:
            xb, cb = s["xp"], s["credits"]
            s["xp"] += gain
            s["credits"] += gain
            out.append(f"The flight is a success: +{gain} XP (XP {xb} → {s['xp']}) and +{gain}¢ "
                       f"(Credits {cb}¢ → {s['credits']}¢).")
        if f and "smuggle" in f["options"]:
            _smuggle(s, out)
        if f:
            f["stage"] = "arrived"
    else:
        if f:
            f["stage"] = "escaped"
            f["modifications"] = 0
            f["land"] = False
        out.append("The battle counts as lost: no XP" + (", no smuggling bonus" if f and "smuggle" in f["options"]
                                                         else "") + ".")
    if f:
        out.append(_next_generate(f))


# --- by hand (A2) -----------------------------------------------------------------------------------

_SET_KEYS = "ship.sp|ship.shield|ship.shield_max|ship.recharge|enemy.N|enemy.N.sp|enemy.N.shield|enemy.N.crew|" \
            "enemy.N.remove|ammo.LABEL|timeline|objectives|objective.N|xp|used.NAME|unused.NAME"


def combat_set(state: dict, dice, key: str, value: str) -> Outcome:
    """A2: any value of the SPACE COMBAT page by hand (a card or the book says so)."""
    s = _copy(state)
    c = _combat(s)
    k = str(key).strip()
    parts = k.split(".")
    out: list[str] = []

    def number(lo=0, hi=9999) -> int:
        try:
            n = int(str(value).strip())
        except ValueError:
            raise InputError(f"{k} takes a whole number, not '{value}'") from None
        if not lo <= n <= hi:
            raise InputError(f"{k} = {n} is outside {lo}..{hi}")
        return n

    if parts[0] == "ship" and len(parts) == 2 and parts[1] in ("sp", "shield", "shield_max", "recharge"):
        field = parts[1]
        hi = c["ship"]["sp_max"] if field == "sp" else c["ship"]["shield_max"] if field == "shield" else 9999
        before = c["ship"][field]
        c["ship"][field] = number(0, hi)
        if field == "shield_max":
            c["ship"]["shield"] = min(c["ship"]["shield"], c["ship"]["shield_max"])
        msg = f"Your ship's {field} {before} → {c['ship'][field]}"
    elif parts[0] == "enemy" and len(parts) >= 2:
        try:
            n = int(parts[1])
        except ValueError:
            raise InputError(f"'{k}': enemy.N with N 1-{MAX_ENEMY_SHIPS}") from None
        if len(parts) == 2:
            e = parse_enemy(value)
            if not 1 <= n <= MAX_ENEMY_SHIPS:
                raise InputError(f"enemy.{n}: enemies are numbered 1-{MAX_ENEMY_SHIPS}")
            if n <= len(c["enemies"]):
                c["enemies"][n - 1] = e
            elif n == len(c["enemies"]) + 1:
                c["enemies"].append(e)
            else:
                raise InputError(f"enemy.{n}: the next free enemy number is {len(c['enemies']) + 1}")
            msg = f"Enemy {n}: {enemy_text(e)}"
        elif parts[2] == "remove":
            _enemy(c, n)
            c["enemies"].pop(n - 1)
            msg = f"Enemy {n} erased (the others move up)"
        elif parts[2] in ("sp", "shield", "crew"):
            e = _enemy(c, n)
            field = parts[2]
            hi = e["sp_max"] if field == "sp" else e["shield_max"] if field == "shield" else 99
            before = e[field]
            e[field] = number(0, hi)
            msg = f"Enemy {n} {field} {before} → {e[field]}"
        else:
            raise InputError(f"'{k}' is not something to set: {_SET_KEYS}")
    elif parts[0] == "ammo" and len(parts) >= 2:
        label = find(c["ammo"], ".".join(parts[1:]), "weapon or magazine with Ammo")
        before = c["ammo"][label]
        c["ammo"][label] = number(0, 999)
        msg = f"{label} Ammo {before} → {c['ammo'][label]}"
    elif k == "timeline":
        cells = [x for x in str(value).replace(",", " ").split()]
        c["timeline"] = parse_timeline(cells)
        c["crossed"] = min(c["crossed"], len(c["timeline"]))
        msg = "Timeline: " + (" ".join(c["timeline"]) or "(empty)")
    elif k == "objectives":
        objs = [parse_objective(x) for x in str(value).replace(",", " ").split()]
        if len(objs) > MAX_OBJECTIVES:
            raise InputError(f"at most {MAX_OBJECTIVES} objectives")
        c["objectives"] = objs
        msg = "Objectives: " + (" ".join(f"{o['check']}{o['target']}" for o in objs) or "(none)")
    elif parts[0] == "objective" and len(parts) == 2:
        try:
            n = int(parts[1])
            o = c["objectives"][n - 1]
            if n < 1:
                raise IndexError
        except (ValueError, IndexError):
            raise InputError(f"'{k}': objective.N with N 1-{len(c['objectives'])}") from None
        v = str(value).strip().lower()
        if v not in ("solved", "unsolved"):
            raise InputError(f"{k} takes solved or unsolved")
        o["solved"] = v == "solved"
        msg = f"Objective {n} ({o['check']}{o['target']}) {v}"
    elif k == "xp":
        c["xp"] = number(0, 9999)
        msg = f"The flight's XP: {c['xp']}"
    elif parts[0] in ("used", "unused") and len(parts) >= 2:
        name = _crew_member(s, ".".join(parts[1:]), k)
        if parts[0] == "used":
            c["used"][name] = str(value).strip() or "by hand"
            msg = f"{name} marked used ({c['used'][name]})"
        else:
            c["used"].pop(name, None)
            msg = f"{name} unmarked"
    else:
        raise InputError(f"'{k}' is not something to set: {_SET_KEYS}")
    out.append(msg + " (by hand).")
    return Outcome(s, msg + " (by hand)", out, {"key": k, "combat": c})


def combat_end(state: dict, dice, result: str) -> Outcome:
    """A2: an event or card ends the Space Combat (won, retreated, lost)."""
    s = _copy(state)
    c = _combat(s)
    if result not in ("won", "retreated", "lost"):
        raise InputError(f"'{result}': won, retreated or lost")
    c.pop("boarding", None)
    c.pop("boarders", None)
    out = [f"The Space Combat ends by hand: {result}."]
    _finish(s, c, result, out)
    return Outcome(s, f"Space Combat ended by hand: {result}", out, {"result": result})


def flight_end(state: dict, dice) -> Outcome:
    """A2: drop the flight (its dice modifications are lost)."""
    s = _copy(state)
    if s.get("combat"):
        raise RuleError("a Space Combat is going on: end it first (journal kraken combat end …)")
    if not s.get("flight"):
        raise RuleError("there is no flight under way")
    del s["flight"]
    msg = "The flight is closed (unused dice modifications are lost)"
    return Outcome(s, msg, [msg + "."], {"flight": None})


def combat_status(s: dict) -> list[str]:
    """The SPACE COMBAT page as text (journal show, combat show)."""
    c = s["combat"]
    out = [f"Space Combat{' ' + repr(c['name']) if c.get('name') else ''}"
           + (f" (flight {c['number']})" if c.get("number") else "")
           + f": turn {c['turn']}, {COMBAT_STEP_TEXT[c['step']]}"
           + (f" · {TIMELINE_TEXT[c['event']]} this turn" if c.get("event") else "")]
    tl = [("x" + t if i < c["crossed"] else t) for i, t in enumerate(c["timeline"])]
    out.append("  Timeline: " + (" ".join(tl) if tl else "(empty)") + (" (x = crossed out)" if c["crossed"] else ""))
    if c["objectives"]:
        out.append("  Objectives: " + " ".join(f"{o['check']}{o['target']}" + (" ✓" if o["solved"] else "")
                                               for o in c["objectives"]))
    for i, e in enumerate(c["enemies"], 1):
        out.append(f"  Enemy {i}: " + (f"{e['type']} destroyed" if e["sp"] == 0 else enemy_text(e)))
    ship = c["ship"]
    out.append(f"  Your ship: SP {ship['sp']}/{ship['sp_max']}, Shield {ship['shield']}/{ship['shield_max']} "
               f"(+{ship['recharge']})" + (", Ammo " + ", ".join(f"{k} {v}" for k, v in c["ammo"].items())
                                          if c["ammo"] else ""))
    used = ", ".join(f"{n} ({w})" for n, w in c["used"].items())
    out.append(f"  Crew used this turn: {used or 'none'}")
    if c.get("boarding"):
        b = c["boarding"]
        out.append(f"  Boarding enemy {b['enemy']} ({'you board' if b['by'] == 'us' else 'they board you'}): round "
                   f"{b['round']}, your {b['dice']} d6 against their {b['enemy_dice']} d6")
    if c.get("boarders"):
        out.append(f"  Boarding you: enemy {', '.join(map(str, c['boarders']))}")
    return out


def next_command(s: dict) -> str:
    c = s["combat"]
    if c.get("boarding") or c.get("boarders"):
        return _boarding_pending(c) + "."
    step = c["step"]
    if step == "timeline" and c["crossed"] < len(c["timeline"]):
        return "Space Combat: activate the timeline (journal kraken combat timeline)."
    if step in ("timeline", "objectives"):
        return ("Space Combat: objectives and repairs (journal kraken combat objective|repair --crew …), then fire "
                "(journal kraken combat fire WEAPON …).")
    if step == "fire":
        return "Space Combat: fire (journal kraken combat fire WEAPON … --target N)."
    if step == "enemy-fire" and _enemy_fire_due(c):
        return "Space Combat: enemy fire (journal kraken combat enemy-fire)."
    return ("Space Combat: board (journal kraken combat board N --crew …), escape (combat escape) or recharge "
            "(journal kraken combat recharge).")
