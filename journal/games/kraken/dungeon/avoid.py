"""Chapter 13, Avoiding a Ground Combat: Run, Camouflage, Charisma, Intimidate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, pay_credits
from journal.games.kraken.model.constants import MAX_LEVEL
from journal.games.kraken.model.exploration import (
    current_exploration,
    deployed,
    explored_location,
    map_cleared,
    parse_tile,
    resolved,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

RUN_BASE, CAMO_BASE, CHARISMA_BASE = 9, 2, 5       # avoiding a Ground Combat
CHARISMA_FACTOR = 3                                # Charisma: level × 3 + 5
AVOID_WAYS = ("run", "camouflage", "charisma", "intimidate")


def dungeon_avoid(state: State, dice: Dice, tile: str, way: str, pay: int = 0) -> Outcome:
    """Ch. 13, avoiding a Ground Combat with an Enemy (never a Boss): Run (d6 + the lowest
    and highest Agility ≥ level + 9), Camouflage (each member d6 + Tech ≥ level + 2),
    Charisma (d6 + every Charisma + Credits paid ≥ level × 3 + 5), Intimidate (the level is
    below the second lowest crew level: no roll). Success skips the combat this time only."""
    s = copy_state(state)
    d = current_exploration(s)
    label, key, level = enemy_in_the_way(s, d, tile)
    if way not in AVOID_WAYS:
        raise InputError(f"'{way}': run, camouflage, charisma or intimidate")
    if pay < 0:
        raise InputError(f"Credits paid are 0 or more, not {pay}")
    if pay and way == "intimidate":
        raise InputError("Credits are paid with Charisma, not to intimidate")
    out: list[str] = []
    lv = min(explored_location(s, d)["difficulty"] + tile_value(s, d, dice, label, level, out), MAX_LEVEL)
    team = deployed(s, d)
    checks: list[dict] = []
    if way == "run":
        ok = run_away(s, dice, team, lv, out, checks)
    elif way == "camouflage":
        ok = camouflage(s, dice, team, lv, out, checks)
    elif way == "charisma":
        ok = persuade(s, dice, lv, pay, out, checks)
    else:
        ok = intimidate(s, team, lv, out)
    if ok:
        out.append(f"The Ground Combat with {label} is avoided this time (the enemy stays).")
    else:
        d["avoid_failed"] = key
        out.append(say("The Ground Combat begins: ", cmd("kraken dungeon enemy", label), "."))
    return Outcome(s, f"Avoid {label} ({way}): {'avoided' if ok else 'failed'}", out,
                   {"tile": label, "way": way, "level": lv, "avoided": ok}, with_checks({}, checks))


def enemy_in_the_way(s: State, d: dict, tile: str) -> tuple[str, str, str | None]:
    """An Enemy tile (never a Boss: it cannot be avoided) still on an uncleared map, not
    defeated this exploration, and not one the team failed to avoid already. Returns its
    label, its key on the map and its printed level."""
    label, kind, level = parse_tile(tile)
    if kind == "B":
        raise RuleError("a Boss encounter cannot be avoided")
    if kind != "E":
        raise InputError(f"'{label}' is not an Enemy tile: E#")
    key = tile_key(d, label)
    if map_cleared(s, d):
        raise RuleError(f"map {d['map']} is cleared: no enemy is there")
    if resolved(d, key):
        raise RuleError(f"{label} was defeated this exploration: it does not attack again")
    if d.get("avoid_failed") == key:
        raise RuleError(say(f"you failed to avoid {label}: the Ground Combat begins (",
                            cmd("kraken dungeon enemy", label), ")"))
    return label, key, level


def run_away(s: State, dice: Dice, team: list[str], lv: int, out: list[str], checks: list[dict]) -> bool:
    """Run: d6 + the lowest and the highest Agility of the team ≥ level + 9."""
    agis = sorted(s["crew"][n]["agility"] for n in team)
    chance = d6_chance(agis[0] + agis[-1], lv + RUN_BASE)
    r = dice.roll(6, label="run d6")
    total = r + agis[0] + agis[-1]
    ok = total >= lv + RUN_BASE
    checks.append(check("run check", chance, ok))
    out.append(f"Run: d6 {r} + lowest Agility {agis[0]} + highest {agis[-1]} = {total} against {lv + RUN_BASE}: "
               + ("you get away." if ok else "caught."))
    return ok


def camouflage(s: State, dice: Dice, team: list[str], lv: int, out: list[str], checks: list[dict]) -> bool:
    """Camouflage: each member d6 + Tech ≥ level + 2; one seen and it fails."""
    ok = True
    for n in team:
        chance = d6_chance(s["crew"][n]["tech"], lv + CAMO_BASE)
        r = dice.roll(6, label=f"{n}'s camouflage d6")
        t = r + s["crew"][n]["tech"]
        good = t >= lv + CAMO_BASE
        checks.append(check("camouflage check", chance, good))
        ok = ok and good
        out.append(f"Camouflage, {n}: d6 {r} + Tech {s['crew'][n]['tech']} = {t} against {lv + CAMO_BASE}: "
                   + ("hidden." if good else "seen."))
    return ok


def persuade(s: State, dice: Dice, lv: int, pay: int, out: list[str], checks: list[dict]) -> bool:
    """Charisma: d6 + the Charisma of every conscious member + the Credits paid ≥ level × 3 + 5
    (the bribe is paid whatever comes of it)."""
    if pay:
        pay_credits(s, pay, "a bribe", out)
    cha = sum(m["charisma"] for m in s["crew"].values() if m["status"] == "active")
    goal = lv * CHARISMA_FACTOR + CHARISMA_BASE
    chance = d6_chance(cha + pay, goal)
    r = dice.roll(6, label="Charisma d6")
    total = r + cha + pay
    ok = total >= goal
    checks.append(check("Charisma check", chance, ok))
    out.append(f"Charisma: d6 {r} + the crew's Charisma {cha}" + (f" + {pay}¢" if pay else "")
               + f" = {total} against {goal}: " + ("they let you pass." if ok else "no deal."))
    return ok


def intimidate(s: State, team: list[str], lv: int, out: list[str]) -> bool:
    """Intimidate: no roll; it works when the enemy's level is below the second lowest crew
    level (else choose another way: nothing happened)."""
    levels = sorted(s["crew"][n]["level"] for n in team)
    if len(levels) < 2:
        raise RuleError("Intimidate compares with the second lowest crew level: it takes two crew members")
    ok = lv < levels[1]
    line = (f"Intimidate: enemy level {lv} " + (f"< {levels[1]}" if ok else f"is not below {levels[1]}")
            + " (the second lowest crew level): " + ("they back off." if ok else "it does not work."))
    if not ok:
        raise RuleError(line + " Choose another way (no roll was made)")
    out.append(line)
    return ok
