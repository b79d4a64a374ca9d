"""Space combat phase 2, Solve objectives and repair."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.checks import check as audited, d6_chance
from journal.games.kraken.model.combat import current_space_combat
from journal.games.kraken.model.constants import CHECK_ATTACK, CHECK_CHARISMA, CHECK_CHOOSE, CHECK_TECH
from journal.games.kraken.space_combat.page import available_crew, goto_step, mark_used, refresh_shield
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

REPAIR_TARGET = 9        # 2) repair: a T9 tech check
REPAIR_SP = 3            # ... mends 3 SP (or one system)
ATTACK_ATTRS = ("ranged", "melee")
CHECK_ATTRS = {CHECK_ATTACK: ATTACK_ATTRS, CHECK_TECH: ("tech",), CHECK_CHARISMA: ("charisma",)}   # in "ATC" order


def check_total(s: State, names, kind: str) -> tuple[int, list[str]]:
    """The crew's combined attribute for a check: A adds each member's better of Ranged and
    Melee (they may be mixed), T Tech, C Charisma."""
    total, parts = 0, []
    for n in names:
        m = cast(dict, s["crew"][n])   # its attributes named at run time
        if kind == CHECK_ATTACK:
            attr = max(ATTACK_ATTRS, key=lambda a: m[a])
        else:
            attr = CHECK_ATTRS[kind][0]
        total += m[attr]
        parts.append(f"{n} {attr.capitalize()} {m[attr]}")
    return total, parts


def combat_objective(state: State, dice, crew, check: str | None = None, objective: int | None = None) -> Outcome:
    """10 (2): objectives are solved left to right: the crew members' attribute (A: Ranged
    or Melee, mixed as you like; T: Tech; C: Charisma; ?: one kind for all) + d6 ≥ the
    difficulty; a 1 always fails. Whatever the result, the crew members are used."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "objectives")
    n = _next_objective(c, objective)
    o = c["objectives"][n - 1]
    names = available_crew(s, c, crew)
    if not names:
        raise InputError(say("who tries the objective (their attributes add up)? ",
                             cmd("kraken combat objective", crew="NAME")))
    kind = _objective_check(s, names, n, o, check)
    total, parts = check_total(s, names, kind)
    r = dice.roll(6, label=f"objective {n} d6")
    score = total + r
    ok = r != 1 and score >= o["target"]
    mark_used(c, names, f"objective {n}")
    out = [f"Objective {n} ({o['check']}{o['target']}): {' + '.join(parts)} + d6 {r} = {score}: "
           + ("solved." if ok else ("a 1 always fails." if r == 1 else f"short of {o['target']}, failed."))]
    if ok:
        o["solved"] = True
        left = [f"{x['check']}{x['target']}" for x in c["objectives"] if not x["solved"]]
        out.append("Every objective is solved: the Space Combat ends at the end of this turn."
                   if not left else f"Next objective: {left[0]}.")
    out.append(f"{', '.join(names)} used this turn.")
    return Outcome(s, f"Objective {n} {o['check']}{o['target']}: {score} ({'solved' if ok else 'failed'})", out,
                   {"objective": n, "check": kind, "total": total, "roll": r, "score": score, "solved": ok},
                   {"checks": [audited("Space Combat objective", d6_chance(total, o["target"], one_fails=True), ok)]})


def _next_objective(c: dict, objective: int | None) -> int:
    """The first objective not solved yet (1 = the leftmost): they are solved left to right."""
    todo = [i for i, o in enumerate(c["objectives"], 1) if not o["solved"]]
    if not todo:
        raise RuleError("there is no objective left to solve" if c["objectives"] else
                        "this Space Combat has no objectives: defeat every enemy")
    n = todo[0]
    if objective is not None and objective != n:
        raise RuleError(f"objectives are solved in order, left to right: objective {n} comes first")
    return n


def _objective_check(s: State, names: list[str], n: int, o: dict, check: str | None) -> str:
    """The attribute checked: the objective's letter; for ?, the one named (or the crew's best)."""
    kind = o["check"]
    if kind == CHECK_CHOOSE:
        if check is None:
            return max(CHECK_ATTRS, key=lambda k: check_total(s, names, k)[0])
        kind = check.upper()
        if kind not in CHECK_ATTRS:
            raise InputError(f"'{check}' is not a check: A (attack), T (tech) or C (charisma)")
    elif check is not None and check.upper() != kind:
        raise InputError(f"objective {n} is {kind}{o['target']}: its letter decides the attribute")
    return kind


def repair(s: State, c: dict, cat: dict, target: str, out: list[str], who: str) -> str:
    if target == "sp":
        ship = c["ship"]
        before = ship["sp"]
        ship["sp"] = min(ship["sp_max"], before + REPAIR_SP)
        out.append(f"{who}: SP {before} → {ship['sp']}/{ship['sp_max']}.")
        return f"SP {before} → {ship['sp']}"
    key = known(s["ship"]["systems"], target, "ship system")
    e = s["ship"]["systems"][key]
    if not e.get("damaged"):
        raise RuleError(f"the {key} is not damaged")
    del e["damaged"]
    if key in c.get("damaged_now", []):
        c["damaged_now"].remove(key)
    refresh_shield(s, c, cat)
    out.append(f"{who}: the {key} is repaired (erase its damage mark).")
    return f"{key} repaired"


def check_repair_target(s: State, c: dict, target: str) -> None:
    if target == "sp":
        if c["ship"]["sp"] >= c["ship"]["sp_max"]:
            raise RuleError("the ship's SP are full: nothing to repair")
        return
    key = known(s["ship"]["systems"], target, "ship system")
    if not s["ship"]["systems"][key].get("damaged"):
        raise RuleError(f"the {key} is not damaged")


def combat_repair(state: State, dice, cat: dict, target: str, crew) -> Outcome:
    """10 (2): unused crew repair one damaged system or 3 SP with a T9 tech check (their
    Tech added up, d6, a 1 fails); no Credits, but they are used."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "objectives")
    names = available_crew(s, c, crew)
    if not names:
        raise InputError(say("who repairs? ", cmd("kraken combat repair", target, crew="NAME")))
    check_repair_target(s, c, target)
    total, parts = check_total(s, names, CHECK_TECH)
    r = dice.roll(6, label="repair d6")
    score = total + r
    ok = r != 1 and score >= REPAIR_TARGET
    mark_used(c, names, "repair")
    out = [f"Repair (T{REPAIR_TARGET}): {' + '.join(parts)} + d6 {r} = {score}: "
           + ("success." if ok else ("a 1 always fails." if r == 1 else "failed."))]
    what = repair(s, c, cat, target, out, "Repaired") if ok else "nothing repaired"
    return Outcome(s, f"Repair {target}: {score} ({'success' if ok else 'failed'})", out,
                   {"target": target, "roll": r, "score": score, "repaired": ok, "result": what},
                   {"checks": [audited("Space Combat repair", d6_chance(total, REPAIR_TARGET, one_fails=True), ok)]})
