"""Chapter 9, Initiate space flight: options, the avoid check, the SPACE COMBAT page (9.4).

The Location Difficulty and up to two flight options give the flight difficulty and the
dice modifications; a failed (or skipped) avoid check prepares the SPACE COMBAT page from
the flight table; on arrival the smuggling bonus is paid and the new Location waits to be
generated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import AMMO, half_up
from journal.games.kraken.model.campaign import copy_state, pay_credits, refuse_if_over, refuse_setup
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.commands import SHIP_HULL
from journal.games.kraken.model.constants import FLIGHT_OPTIONS, FREE_ACTION_TEXT, OPTION_TEXT
from journal.games.kraken.model.flight_table import MAX_FLIGHT_NUMBER, enemy_text
from journal.games.kraken.model.systems import ship_stats, working
from journal.hints import Text, cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

OPTION_DIFFICULTY = {"risky-shortcut": 1, "dangerous-shortcut": 2, "smuggle": 2, "pay-smuggler": -1, "safe": 0}
OPTION_MODIFICATIONS = {"risky-shortcut": 2, "dangerous-shortcut": 3, "safe": 2}
INCOMPATIBLE = (("risky-shortcut", "dangerous-shortcut"), ("smuggle", "pay-smuggler"))
SMUGGLER_FEE = 5
SMUGGLE_BONUS = 15
STEALTH = -3
SENSOR_SYSTEMS = ("Drone Bay", "Long-range sensors")   # ch. 11: 2 extra die modifications each


@dataclass
class Course:
    """A flight as chosen (ch. 9.1-9.3): the Location Difficulty, the options, the ship's skins and
    the avoid check; then the flight difficulty and the dice modifications they give."""

    difficulty: int
    options: list[str]
    stealth: bool = False
    avoid: bool = False
    nano_skin: bool = False
    sensors: list[tuple[str, int]] = field(default_factory=list)

    @property
    def raw(self) -> int:
        return self.difficulty + sum(OPTION_DIFFICULTY[o] for o in self.options) + (STEALTH if self.stealth else 0)

    @property
    def flight_difficulty(self) -> int:
        return max(1, self.raw)                     # never below 1

    @property
    def modifications(self) -> int:
        return sum(OPTION_MODIFICATIONS.get(o, 0) for o in self.options) + sum(n for _l, n in self.sensors)

    @property
    def combat(self) -> bool:
        return "safe" not in self.options and not self.nano_skin


def flight(state: State, dice: Dice, difficulty: int, cat: dict, table: dict, options=(), stealth: bool = False,
           avoid: bool = False, nano_skin: bool = False, box: bool = False) -> Outcome:
    """Ch. 9: Location Difficulty 1-5, up to two flight options (incompatible pairs refused,
    never below difficulty 1), the avoid check (d6 >= flight difficulty, a 1 fails), and if
    Space Combat comes the flight number (2 × difficulty + d3, at most 19) and the SPACE
    COMBAT page prepared from the flight table (`box`: the player's own, filled in as its
    flights come: a row it lacks is recorded there)."""
    s = copy_state(state)
    refuse_flight(s)
    if not 1 <= difficulty <= 5:
        raise InputError(f"a Location Difficulty is 1-5, not {difficulty}")
    course = Course(difficulty, flight_options(options), stealth, avoid, nano_skin)
    refuse_course(s, course)
    out: list[str] = []
    s["free_action"], s["free_used"] = "flight", True
    course.sensors = [(label, cat[e["system"]].get("modifications", 2)) for label, e in s["ship"]["systems"].items()
                      if e["system"] in SENSOR_SYSTEMS and not e.get("damaged")]
    out.extend(difficulty_lines(course))
    if "pay-smuggler" in course.options:
        pay_credits(s, SMUGGLER_FEE, "the Smuggler's costs", out)
    fd = course.flight_difficulty
    f = {"location_difficulty": difficulty, "difficulty": fd, "options": course.options,
         "modifications": course.modifications, "stage": "arrived", "land": "safe" not in course.options}
    if stealth:
        f["stealth"] = True
    if nano_skin:
        f["nano_skin"] = True
    s["flight"] = f
    data = {"location_difficulty": difficulty, "flight_difficulty": fd, "options": course.options,
            "modifications": course.modifications, "combat": False}
    if not course.combat:
        return _no_combat(s, course, out, data)
    checks: list[dict] = []
    if avoid:
        avoided = _avoid_check(s, dice, course, out, data)
        checks.append(check("avoid Space Combat check", d6_chance(0, fd, one_fails=True), s["flight"].get("avoid") == "passed"))
        if avoided:
            avoided.meta = with_checks(avoided.meta, checks)
            return avoided
    fought = _space_combat(s, dice, cat, table, fd, out, data, box)
    fought.meta = with_checks(fought.meta, checks)
    return fought


def refuse_flight(s: State) -> None:
    """Ch. 8, 9: a flight is Phase 3's one free action, with a ship, and nothing else under way."""
    refuse_if_over(s)
    refuse_setup(s, "space flights happen")
    if s["phase"] != 3:
        raise RuleError(say(f"a space flight is Phase 3's free action, and this is Phase {s['phase']} (",
                            cmd("kraken phase", "3"), ")"))
    if s.get("free_action") not in (None, "flight"):
        raise RuleError(f"this turn's free action was already taken: {FREE_ACTION_TEXT[s['free_action']]}")
    if s.get("free_used"):
        raise RuleError("this turn's free action was a space flight, flown already: Phase 3 is ONE free action")
    if s.get("flight") or s.get("combat"):
        raise RuleError(say("a flight is under way already (", cmd("show"), "): finish it first"))
    if s.get("dungeon"):
        raise RuleError(say("the crew is exploring a Location: leave it first (", cmd("kraken dungeon leave", "WAY"),
                            ")"))
    if not s.get("ship"):
        raise RuleError(say("there is no ship to fly (", SHIP_HULL, ")"))


def flight_options(options) -> list[str]:
    """Ch. 9.2: one or two flight options, each once, no incompatible pair, Safe and Sound alone."""
    opts: list[str] = []
    for o in options:
        o = str(o).strip().lower()
        if o not in FLIGHT_OPTIONS:
            raise InputError(f"'{o}' is not a flight option: one of {', '.join(FLIGHT_OPTIONS)}")
        if o in opts:
            raise InputError(f"the flight option {o} is named twice: a flight option is chosen once at most (ch. 9.2)")
        opts.append(o)
    if len(opts) > 2:
        raise InputError(f"{len(opts)} flight options: one or two at most (ch. 9.2)")
    for a, b in INCOMPATIBLE:
        if a in opts and b in opts:
            raise InputError(f"the flight options {a} and {b} cannot be combined (ch. 9.2)")
    if "safe" in opts and len(opts) > 1:
        raise InputError("Safe and Sound cannot be combined with any other flight option")
    return opts


def refuse_course(s: State, course: Course) -> None:
    """The skins need their working systems; there is no Space Combat to avoid without one; a crew flies."""
    if course.stealth and not working(s, "Stealth Skin"):
        raise RuleError("flying in stealth needs a working Stealth Skin")
    if course.nano_skin and not working(s, "Nano Skin"):
        raise RuleError("flying under the Nano Skin needs a working Nano Skin")
    if course.avoid and not course.combat:
        raise InputError("with Safe and Sound or the Nano Skin there is no Space Combat to avoid")
    if not s["crew"]:
        raise RuleError("there is no crew to fly the ship")


def difficulty_lines(course: Course) -> list[str]:
    """Ch. 9.3: how the flight difficulty and the dice modifications add up."""
    opts, raw, fd, mods = course.options, course.raw, course.flight_difficulty, course.modifications
    parts = [f"{OPTION_TEXT[o]} {OPTION_DIFFICULTY[o]:+d}" for o in opts if OPTION_DIFFICULTY[o]]
    if course.stealth:
        parts.append(f"Stealth Skin {STEALTH:+d}")
    out = [f"Space flight: Location Difficulty {course.difficulty}" + (", " + ", ".join(parts) if parts else "")
           + f" → Flight Difficulty {fd}" + (f" (never below 1; {raw} raised to 1)" if raw < 1 else "") + "."]
    if mods:
        src = [f"{OPTION_TEXT[o]} {OPTION_MODIFICATIONS[o]}" for o in opts if o in OPTION_MODIFICATIONS]
        src += [f"{label} {n}" for label, n in course.sensors]
        out.append(f"Dice modifications for the Location generation: {mods} ({', '.join(src)}).")
    return out


def _no_combat(s: State, course: Course, out: list[str], data: dict) -> Outcome:
    """Safe and Sound, or the Nano Skin: no Space Combat (Safe and Sound: no landing this turn)."""
    safe = "safe" in course.options
    why = "Safe and Sound: no Space Combat" if safe else "the Nano Skin avoids the Space Combat " \
                                                          "(no XP, Credits or smuggling bonus)"
    out.append(f"{why}.")
    if safe:
        out.append("You fly too slowly to land this turn: the new Location can be visited from the next turn.")
    out.append(next_location_hint(s["flight"]))
    return Outcome(cast(dict, s), f"Flight (difficulty {course.flight_difficulty}): {why}", out, data)


def _avoid_check(s: State, dice: Dice, course: Course, out: list[str], data: dict) -> Outcome | None:
    """Ch. 9.3: d6 at least the flight difficulty avoids the Space Combat (a 1 always fails)."""
    fd, f = course.flight_difficulty, s["flight"]
    r = dice.roll(6, label="avoid d6")
    passed = r != 1 and r >= fd
    f["avoid"] = "passed" if passed else "failed"
    data["avoid"] = {"roll": r, "target": fd, "passed": passed}
    if not passed:
        why = "a 1 always fails" if r == 1 else f"below {fd}"
        out.append(f"Avoid Space Combat: d6 = {r}, {why}: Space Combat.")
        return None
    out.append(f"Avoid Space Combat: d6 = {r} ≥ {fd}: avoided.")
    if "smuggle" in course.options:
        deliver_smuggled_goods(s, out)
    out.append(next_location_hint(f))
    return Outcome(cast(dict, s), f"Flight (difficulty {fd}): combat avoided (d6 {r})", out, data)


def _space_combat(s: State, dice: Dice, cat: dict, table: dict, fd: int, out: list[str], data: dict,
                  box: bool = False) -> Outcome:
    """Ch. 9.4: the flight number (2 × flight difficulty + d3, at most 19) and its SPACE COMBAT page."""
    f = s["flight"]
    r = dice.roll(6, label="flight number d3 (a d6 halved)")
    number = min(MAX_FLIGHT_NUMBER, 2 * fd + half_up(r))
    f["stage"] = "combat"
    f["number"] = number
    row = table.get(number)
    out.append(f"Flight number: 2 × {fd} + d3 (d6 = {r} → {half_up(r)}) = {2 * fd + half_up(r)}"
               + (f", capped at {MAX_FLIGHT_NUMBER}" if 2 * fd + half_up(r) > MAX_FLIGHT_NUMBER else "") + ".")
    if row:
        f["name"], f["xp"] = row["name"], row["xp"]
    out.extend(prepare_combat(s, cat, row, number, box=box))
    data.update(combat=True, number=number, name=row["name"] if row else None, combat_page=s["combat"])
    return Outcome(cast(dict, s), f"Flight (difficulty {fd}): Space Combat, flight {number}"
                   + (f" {row['name']}" if row else " (not in the flight table)"), out, data)


def deliver_smuggled_goods(s: State, out: list[str]) -> None:
    before = s["credits"]
    s["credits"] += SMUGGLE_BONUS
    out.append(f"Smuggled goods delivered: +{SMUGGLE_BONUS}¢ (Credits {before}¢ → {s['credits']}¢).")


def next_location_hint(f: dict) -> Text:
    generate = cmd("kraken location generate", generator="FILE")
    if f["stage"] == "escaped":
        return say("Generate the new Location without dice modifications (", generate, "); "
                   "you cannot land there this turn.")
    mods = f["modifications"]
    return say("Generate the new Location (", generate, f") with {mods} dice modification"
               f"{'s' if mods != 1 else ''}" + ("." if f["land"] else "; you cannot land there this turn."))


def full_ammo(s: State, cat: dict) -> dict:
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


def prepare_combat(s: State, cat: dict, row: dict | None, number: int | None, name: str | None = None,
             xp: int | None = None, box: bool = False) -> list[str]:
    """9.4: the SPACE COMBAT page: the flight table's values, the ship at full SP, full
    shields and full Ammo, the crew with no task marked (`box`: the table is the player's
    own, and a row it lacks is recorded there once)."""
    st = ship_stats(s, cat)
    if st["sp"] < 1:
        raise RuleError("the ship has no structure points")
    c: dict[str, Any] = {"turn": 1, "step": "timeline", "timeline": [], "crossed": 0, "objectives": [], "enemies": [],
         "ship": {"sp": st["sp"], "sp_max": st["sp"], "shield": st["shield"], "shield_max": st["shield"],
                  "recharge": st["recharge"]},
         "ammo": full_ammo(s, cat), "used": {}}
    if number is not None:
        c["number"] = number
    if row:
        c["timeline"] = list(row["timeline"])
        c["objectives"] = copy_state(row["objectives"])
        c["enemies"] = copy_state(row["enemies"])
        if row["name"]:
            c["name"] = row["name"]
        c["xp"] = row["xp"]
    if name:
        c["name"] = name
    if xp is not None:
        c["xp"] = xp
    s["combat"] = c
    out: list[str] = []
    if row is None and number is not None and box:
        out.append(say(f"Flight {number} is not in your box yet: record its row once with ",
                       cmd("kraken box flight", number, name="NAME", timeline="CELLS", objective="X", enemy="SPEC",
                           xp="N"), " (it fills this SPACE COMBAT page too)."))
    elif row is None and number is not None:
        out.append(say(f"Flight {number} is not in the flight table: fill in the SPACE COMBAT page from your book (",
                       cmd("kraken combat set", "timeline", "CELLS"), ", ", cmd("kraken combat set", "objectives", "X,X"),
                       ", ", cmd("kraken combat set", "enemy.N", "SPEC"), ", ", cmd("kraken combat set", "xp", "N"),
                       "), or add the row to your flight table."))
    out.extend(_combat_page(s, c, number, st["armor"]))
    return out


def _combat_page(s: State, c: dict, number: int | None, armor: int) -> list[str]:
    """The SPACE COMBAT page as filled in, and turn 1's first step."""
    title = f"flight {number}" if number is not None else "Space Combat"
    if c.get("name"):
        title += f" '{c['name']}'"
    out = [f"SPACE COMBAT page, {title}:"]
    out.append("  Timeline: " + (" ".join(c["timeline"]) if c["timeline"] else "(empty)"))
    out.append("  Objectives: " + (" ".join(f"{o['check']}{o['target']}" for o in c["objectives"])
                                   if c["objectives"] else "(none: defeat every enemy)"))
    for i, e in enumerate(c["enemies"], 1):
        out.append(f"  Enemy {i}: {enemy_text(e)}")
    ship = c["ship"]
    out.append(f"  Your ship: SP {ship['sp']}, Shield {ship['shield']} (+{ship['recharge']}), Armor {armor}"
               + (", Ammo " + ", ".join(f"{k} {v}" for k, v in c["ammo"].items()) if c["ammo"] else "") + ".")
    out.append(f"  Crew: {', '.join(s['crew'])} (each acts once per combat turn).")
    out.append(say("Turn 1: ", *(("activate the timeline (", cmd("kraken combat timeline"), ").") if c["timeline"] else
                                 ("objectives and repairs (", cmd("kraken combat objective", crew="NAME"), ", ",
                                  cmd("kraken combat repair", "SYSTEM", crew="NAME"), "), then fire (",
                                  cmd("kraken combat fire", "WEAPON"), ")."))))
    return out


def flight_row(state: State, dice: Dice, number: int, row: dict, cat: dict, note: str = "") -> Outcome:
    """9.4, a flight whose row the player's box did not hold: the row as they record it (from the
    book's FLIGHT TABLE) fills the SPACE COMBAT page of that flight, while it is still as the flight
    left it (nothing entered, turn 1 not begun). `note`: what the box keeps, said first."""
    s = copy_state(state)
    c, f = s.get("combat"), s.get("flight")
    if not c or c.get("number") != number:
        raise RuleError(f"no Space Combat of flight {number} is under way: the row is kept for the next one")
    if c["timeline"] or c["objectives"] or c["enemies"] or c["turn"] != 1 or c["step"] != "timeline":
        raise RuleError(say(f"the SPACE COMBAT page of flight {number} is filled in already: change it by hand (",
                            cmd("kraken combat set", "KEY", "VALUE"), ")"))
    c["timeline"], c["objectives"], c["enemies"] = list(row["timeline"]), copy_state(row["objectives"]), \
        copy_state(row["enemies"])
    c["xp"] = row["xp"]
    if row["name"]:
        c["name"] = row["name"]
    if f:
        f["name"], f["xp"] = row["name"], row["xp"]
    lines = ([note] if note else []) + _combat_page(s, c, number, ship_stats(s, cat)["armor"])
    return Outcome(cast(dict, s), f"Flight {number} {row['name']}: its SPACE COMBAT page from the flight table",
                   lines, {"number": number, "name": row["name"], "combat_page": s["combat"]})


def flight_end(state: State, dice) -> Outcome:
    """A2: drop the flight (its dice modifications are lost)."""
    s = copy_state(state)
    if s.get("combat"):
        raise RuleError(say("a Space Combat is going on: end it first (", cmd("kraken combat end", "won"), ", ",
                            cmd("kraken combat end", "retreated"), " or ", cmd("kraken combat end", "lost"), ")"))
    if not s.get("flight"):
        raise RuleError("there is no flight under way")
    del s["flight"]
    msg = "The flight is closed (unused dice modifications are lost)"
    return Outcome(s, msg, [msg + "."], {"flight": None})
