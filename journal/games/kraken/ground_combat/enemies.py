"""Chapter 14, the enemies' actions: escaping, the d6 table, attacks by priority, traits."""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.kraken.ground_combat.damage import pipeline
from journal.games.kraken.ground_combat.loop import crew_down, end_check, phase_done
from journal.games.kraken.ground_combat.profiles import ZOMBIE, is_idle, parse_trait, try_attack
from journal.games.kraken.ground_combat.psi import psi_check, psi_member
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.ground import active_enemies, conscious, current_ground_combat
from journal.games.kraken.model.members import crew_armor, wound
from journal.lookup import find
from journal.outcome import Outcome

ENEMY_ESCAPE = 4          # an enemy at its escape value escapes on 4+


def ground_enemy(state: dict, dice, label: str, target: str | None = None, action: str | None = None,
                 psi_shield: str | None = None) -> Outcome:
    """Ch. 14 enemy actions, top to bottom: at or below its escape value it first tries to
    escape (d6 ≥ 4; never in a Boss battle, ch. 13: "Bosses never escape (including their
    Minions)"); then a d6 on its action table (or the action you read and type):
    idle, an attack on the crew by priority (melee attackers, then ranged, then the rest;
    you choose within a class; cover +1 to their roll; a 6 adds 1; LV7 +1 and LV8 +2
    damage, LV8 +1 to hit), or a special you apply by hand."""

    s = copy_state(state)
    g = current_ground_combat(s)
    if g["step"] != "enemies":
        raise RuleError("it is not the enemies' part of the turn" if g["step"] == "crew"
                        else "the combat has not begun: journal kraken ground initiative")
    key = next((k for k in g["enemies"] if k.casefold() == str(label).strip().casefold()), None)
    if key is None:
        raise InputError(f"'{label}' is not an enemy here: {', '.join(g['enemies'])}")
    e = g["enemies"][key]
    if e["status"] != "active":
        raise RuleError(f"{key} is {e['status']}")
    todo = [k for k in active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    if key not in todo:
        raise RuleError(f"{key} has acted this turn")
    if todo[0] != key:
        raise RuleError(f"enemies act from top to bottom: {todo[0]} comes first")
    out: list[str] = []
    data: dict = {"enemy": key}
    if "escape" in e and e["hp"] <= e["escape"] and g["boss"]:
        out.append(f"{key} is at {e['hp']} HP (escape value {e['escape']}), but this is a Boss battle: Bosses never "
                   f"escape (including their Minions).")
    elif "escape" in e and e["hp"] <= e["escape"]:
        r = dice.roll(6)
        data["escape"] = r
        if r >= ENEMY_ESCAPE:
            e["status"] = "escaped"
            out.append(f"{key} is at {e['hp']} HP (escape value {e['escape']}): d6 {r}: it escapes.")
            phase_done(s, g, out)
            end_check(s, g, out)
            return Outcome(s, f"{key} escapes", out, data)
        out.append(f"{key} tries to escape: d6 {r}: it stays and acts.")
    if action is None:
        if "actions" not in e:
            from journal.errors import NeedChoice

            raise NeedChoice(f"--action is required: {key} has no action table here: roll its d6 and type the row "
                             f"(e.g. --action \"ML 4+, 3\" or --action idle)", "--action", [], "Action")
        r = dice.roll(6)
        row = next(x for x in e["actions"] if x["lo"] <= r <= x["hi"])
        action = row["do"]
        data["roll"] = r
        out.append(f"{key} acts: d6 {r}: {action}.")
    else:
        out.append(f"{key} acts: {action}.")
    data["action"] = action
    psi_n = None
    if psi_shield is not None:
        psi_n = psi_member(s, psi_shield)
        if psi_n not in g["crew"]:
            raise RuleError(f"{psi_n} is not in this Ground Combat")
        if g.get("psi_used"):
            raise RuleError("PSI SHIELD: the PSI member used a power this turn already")
    if is_idle(action):
        out.append(f"{key} does nothing.")
        if psi_shield:
            raise InputError("--psi-shield: there is no attack to shield")
    else:
        spec = try_attack(action)
        if spec is None:
            out.append("A special action: apply it by hand (journal kraken ground set LABEL FIELD VALUE, journal kraken crew hp NAME DELTA).")
            if psi_shield:
                raise InputError("--psi-shield: there is no attack to shield")
        else:
            _enemy_attack(s, g, key, spec, target, psi_n, dice, out, data)
    if "ground" in s:
        _traits_after(e, key, out)
        e["acted"] = e.get("acted", 0) + 1
        if e.get("confused"):
            e["confused"] = False
        phase_done(s, g, out)
        end_check(s, g, out)
    return Outcome(s, f"{key}: {action}", out, data)


def _traits_after(e: dict, key: str, out: list[str]) -> None:
    """Ch. 14 Special Traits: after its regular action an enemy applies its trait effects:
    '+N HP' heals it (up to its HP max), '+N Shield' recharges its Shield (up to its
    maximum); other traits are shown to apply by hand (ground set)."""
    if e["status"] != "active":
        return
    manual = []
    for t in e.get("traits", []):
        tr = parse_trait(t)
        if tr["hp"]:
            b = e["hp"]
            e["hp"] = min(e["hp_max"], b + tr["hp"])
            out.append(f"{key}'s trait {tr['name']}: HP {b} → {e['hp']}.")
        elif tr["shield"]:
            if e.get("shield"):
                b = e["shield"]["power"]
                e["shield"]["power"] = min(e["shield"]["max"], b + tr["shield"])
                out.append(f"{key}'s trait {tr['name']}: Shield {b} → {e['shield']['power']}.")
        elif tr["name"].casefold() not in (ZOMBIE, "2 actions"):
            manual.append(t)
    if manual:
        out.append(f"{key}'s traits to apply now (its sheet): {', '.join(manual)} (journal kraken ground set …).")


def _targets(s: dict, g: dict) -> list[str]:
    up = conscious(s, g)
    if g.get("taunt") in up:
        return [g["taunt"]]
    last = g.get("last", {})
    for cls in ("melee", "ranged"):
        hit = [n for n in up if last.get(n) == cls]
        if hit:
            return hit
    return up


def _enemy_attack(s: dict, g: dict, key: str, spec: dict, target: str | None, psi_n: str | None, dice,
                  out: list[str], data: dict) -> None:
    e = g["enemies"][key]
    lv_dmg = {7: 1, 8: 2}.get(e["level"], 0)
    lv_hit = 1 if e["level"] == 8 else 0
    if "EX" in spec["flags"]:
        victims = conscious(s, g)
    else:
        pool = _targets(s, g)
        if not pool:
            out.append("Nobody is conscious to attack.")
            return
        if target:
            t = find(s["crew"], target, "crew member", "--target")
            if t not in pool:
                raise RuleError(f"--target {t}: the enemy attacks by priority: one of {', '.join(pool)}")
        elif len(pool) == 1:
            t = pool[0]
        else:
            from journal.errors import NeedChoice

            raise NeedChoice(f"--target is required: {key} attacks one of {', '.join(pool)} (your choice within "
                             f"its priority)", "--target", pool, "Target")
        victims = [t]
    shielded = False
    if psi_n:
        ok = psi_check(s, dice, psi_n, "SHIELD", 0, False, out)
        g["psi_used"] = g.get("psi_used", 0) + 1
        shielded = ok
    data["attacks"] = []
    times = 1 if "EX" in spec["flags"] else spec["times"]
    for v in victims:
        for i in range(times):
            if v not in s["crew"] or s["crew"][v]["status"] != "active":
                break
            cover = v in g.get("cover", [])
            need = spec["hit"] + (1 if cover else 0) + (1 if e.get("confused") else 0) - lv_hit
            r = dice.roll(6)
            att = {"target": v, "roll": r, "hit": False}
            data["attacks"].append(att)
            if r == 1 or r < need:
                out.append(f"  → {v}: d6 {r}: a miss" + (f" (needs {need}+)" if r != 1 else "")
                           + ("; the attack ends" if r == 1 and times > 1 else "") + ".")
                if r == 1:
                    break
                continue
            att["hit"] = True
            dmg = spec["damage"] + (1 if r == 6 else 0) + lv_dmg
            m = s["crew"][v]
            sh = None
            if m.get("shield"):
                sh = {"class": m["shield"]["class"], "power": g.get("shields", {}).get(v, 0)}
            res = pipeline(dmg, spec, sh, crew_armor(m), cover=cover)
            parts = []
            if res["shield"]:
                g["shields"][v] -= res["shield"]
                parts.append(f"Shield -{res['shield']} ({g['shields'][v]} left)")
            if res["armor"]:
                parts.append(f"Armor -{res['armor']}" + (" (cover)" if cover else ""))
            out.append(f"  → {v}: d6 {r}: hit" + (" (6: +1)" if r == 6 else "") + (f" (LV{e['level']}: +{lv_dmg})"
                                                                                   if lv_dmg else "")
                       + f", {dmg} damage" + (f": {', '.join(parts)}" if parts else "") + ".")
            att["hp_damage"] = res["hp"]
            if shielded:
                out.append(f"  PSI SHIELD: {v} takes no HP damage from this attack.")
                continue
            if res["hp"]:
                wound(s, v, res["hp"], out, key)
    crew_down(s, g, out)
