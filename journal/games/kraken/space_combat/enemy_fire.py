"""Space combat phase 4, Enemy fire: hits, evading, Shields and Armor, damaged systems."""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.combat import boarding_pending, current_space_combat, ships_left
from journal.games.kraken.model.constants import COMBAT_STEPS, COMBAT_STEP_TEXT
from journal.games.kraken.model.systems import check_removal, ship_stats, working
from journal.games.kraken.space_combat.after import finish_combat
from journal.games.kraken.space_combat.page import after_fire, available_crew, enemy_at, mark_used, refresh_shield
from journal.lookup import find
from journal.outcome import Outcome

ENEMY_HIT = 4            # 4) an enemy hits on 4+
ENEMY_SIX = 3            # ... a 6 deals 3 more damage
EVADE_TARGET = 8         # 1a) TECH/2 + d6 >= 8 with Maneuver Engines


def combat_enemy_fire(state: dict, dice, cat: dict, evade=(), evade_enemy: int | None = None, shields=()) -> Outcome:
    """10 (4): every enemy left fires, 1 to 4: d6 ≥ 4 hits, a 6 adds 3 damage. Once a turn,
    with Maneuver Engines, up to two unused crew may evade a hit (Tech ÷ 2 + d6 ≥ 8, a 1
    fails). Damage: Shields, then Armor, then SP; lost SP risk a system (d6, d20)."""
    s = copy_state(state)
    c = current_space_combat(s)
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(boarding_pending(c))
    if COMBAT_STEPS.index(c["step"]) > COMBAT_STEPS.index("enemy-fire"):
        raise RuleError(f"the enemies fired this turn already; this turn is at {COMBAT_STEP_TEXT[c['step']]}")
    if c["step"] == "timeline" and c["crossed"] < len(c["timeline"]):
        raise RuleError("activate the timeline first: journal kraken combat timeline")
    out: list[str] = []
    if c.get("event") == "I":
        raise RuleError("Idle: the enemies do not fire this turn: go on (journal kraken combat board N --crew NAME, journal kraken combat escape or journal kraken combat recharge)")
    if not ships_left(c):
        raise RuleError("no enemy is left to fire")
    c["step"] = "enemy-fire"
    data = enemy_fire(s, c, dice, cat, evade, evade_enemy, shields, out)
    if s.get("combat"):
        c["step"] = "boarding"
        out.append(after_fire(c))
    taken = sum(x.get("sp", 0) for x in data)
    return Outcome(s, f"Space Combat turn {c['turn']}: enemy fire, {sum(1 for x in data if x['hit'])} hit(s), "
                      f"{taken} SP lost", out, {"shots": data, "ship": c["ship"], "over": "combat" not in s})


def enemy_fire(s: dict, c: dict, dice, cat: dict, evade, evade_enemy, shields, out: list[str]) -> list[dict]:
    pilots = available_crew(s, c, evade, "--evade") if evade else []
    if len(pilots) > 2:
        raise InputError("--evade: up to two crew members pilot the ship")
    if pilots and not working(s, "Maneuver Engines"):
        raise RuleError("--evade needs working Maneuver Engines")
    if pilots and c.get("evaded"):
        raise RuleError("the ship tried to evade this turn already (once per Space Combat turn)")
    if evade_enemy is not None:
        enemy_at(c, evade_enemy, "--evade-enemy")
        if not pilots:
            raise InputError("--evade-enemy: name the pilots with --evade NAME")
    pool = {k: 1 for k in _shield_systems(s, cat, working=False)}
    shield_pref = [find(pool, x, "shield system", "--shield") for x in shields]   # used in order, as 6s come
    armor = ship_stats(s, cat)["armor"]
    shots = []
    for i in ships_left(c):
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
            mark_used(c, pilots, "pilot")
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
            finish_combat(s, c, "lost", out)
            break
        if rest > 0:
            shot["system"] = _system_damage(s, c, dice, cat, shield_pref, out)
    return shots


def _shield_systems(s: dict, cat: dict, working: bool = True) -> list[str]:
    return [label for label, e in s["ship"]["systems"].items()
            if cat.get(e["system"], {}).get("category") == "shield" and not (working and e.get("damaged"))]


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
        out.extend("  " + x for x in check_removal(s, label, selling=False))
        del s["ship"]["systems"][label]
        c["ammo"].pop(label, None)
        out.append(f"  The {label} is damaged a second time: destroyed, erase it.")
        result = "destroyed"
    refresh_shield(s, c, cat)
    return result
