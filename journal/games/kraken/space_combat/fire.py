"""Space combat phase 3, Define targets and fire: the ship's weapons, their Ammo and magazines."""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import AMMO
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.combat import current_space_combat, enemy_fire_due, ships_left
from journal.games.kraken.model.constants import MAX_WEAPONS_FIRED
from journal.games.kraken.model.flight_table import enemy_text
from journal.games.kraken.model.systems import working
from journal.games.kraken.space_combat.page import after_fire, available_crew, enemy_at, goto_step
from journal.lookup import find
from journal.outcome import Outcome

HIT = 4                  # 3) a ship weapon hits on 4+
HIT_BRIDGE = 3           # ... 3+ with a working Combat Bridge


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


def combat_fire(state: dict, dice, cat: dict, weapons=(), target: int | None = None, oc=(), reroll=()) -> Outcome:
    """10 (3): up to 4 weapons, targets chosen before rolling (several targets only with a
    Target System). Each: spend Ammo (OC: 2 more, double damage), hit on 4+ (3+ with a
    Combat Bridge, one more when the enemies are Evading), an unused crew member may
    reroll a miss once; damage goes to the Shield, then the SP. EMP: shields only. HE:
    nothing against a Shield, double SP damage on a 6."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "fire")
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
        active = ships_left(c)
        if t is None:
            if len(active) == 1:
                t = active[0]
            else:
                raise InputError(f"which enemy does the {key} fire at? give --target N (or WEAPON@N); "
                                 f"enemies left: {', '.join(map(str, active)) or 'none'}")
        enemy_at(c, t, "target")
        if t not in active:
            raise RuleError(f"enemy {t} is destroyed already: choose another target")
        plan.append([key, t])
    if len({t for _k, t in plan}) > 1 and not working(s, "Target System"):
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
    rerollers = available_crew(s, c, reroll, "--reroll")
    bridge = working(s, "Combat Bridge")
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
    if not enemy_fire_due(c):
        c["step"] = "boarding"
    left = ships_left(c)
    shown = ", ".join(f"{i} ({enemy_text(c['enemies'][i - 1])})" for i in left)
    out.append(f"Enemies left: {shown}." if left else "Every enemy is destroyed.")
    out.append(after_fire(c))
    hits = sum(1 for r_ in results if r_["hit"])
    return Outcome(s, f"Space Combat turn {c['turn']}: fired {len(plan)} weapon(s), {hits} hit(s)", out,
                   {"shots": results, "enemies": c["enemies"]})
