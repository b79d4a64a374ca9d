"""Chapter 14, the enemies' actions: escaping, the d6 table, attacks by priority, traits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.ground_combat.damage import pipeline
from journal.games.kraken.ground_combat.loop import crew_down, end_check, enemy_key, phase_done
from journal.games.kraken.ground_combat.profiles import is_idle, parse_trait, try_attack
from journal.games.kraken.ground_combat.psi import psi_check, psi_member
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.constants import EXPLOSIVE, TWO_ACTIONS, ZOMBIE
from journal.games.kraken.model.ground import active_enemies, conscious, current_ground_combat
from journal.games.kraken.model.checks import with_checks
from journal.games.kraken.model.members import crew_armor, wound
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

ENEMY_ESCAPE = 4          # an enemy at its escape value escapes on 4+
LEVEL_DAMAGE = {7: 1, 8: 2}   # LV7 and LV8 are stacked LV6 sheets: +1 / +2 damage on every attack
LEVEL_HIT = {8: 1}            # and at LV8 +1 to hit


def ground_enemy(state: State, dice: Dice, label: str, target: str | None = None, action: str | None = None,
                 psi_shield: str | None = None) -> Outcome:
    """Ch. 14 enemy actions, top to bottom: at or below its escape value it first tries to
    escape (d6 ≥ 4; never in a Boss battle, ch. 13: "Bosses never escape (including their
    Minions)"); then a d6 on its action table (or the action you read and type):
    idle, an attack on the crew by priority (melee attackers, then ranged, then the rest;
    you choose within a class; cover +1 to their roll; a 6 adds 1; LV7 +1 and LV8 +2
    damage, LV8 +1 to hit), or a special you apply by hand."""

    s = copy_state(state)
    g = current_ground_combat(s)
    key = enemy_to_act(g, label)
    e = g["enemies"][key]
    psi_n = psi_shielder(s, g, psi_shield)
    out: list[str] = []
    data: dict = {"enemy": key}
    if try_escape(g, dice, key, data, out):
        phase_done(s, g, out)
        end_check(s, g, out)
        return Outcome(s, f"{key} escapes", out, data)
    action = read_action(e, key, action, dice, data, out)
    data["action"] = action
    spec = None if is_idle(action) else try_attack(action)
    if spec is None and psi_shield:
        raise InputError("PSI SHIELD has no attack to shield")
    if is_idle(action):
        out.append(f"{key} does nothing.")
    elif spec is None:
        out.append(say("A special action: apply it by hand (", cmd("kraken ground set", "LABEL", "FIELD", "VALUE"),
                       ", ", cmd("kraken crew hp", "NAME", "DELTA"), ")."))
    else:
        _enemy_attack(s, g, key, spec, target, psi_n, dice, out, data)
    if "ground" in s:
        _traits_after(e, key, out)
        e["acted"] = e.get("acted", 0) + 1
        if e.get("confused"):
            e["confused"] = False
        phase_done(s, g, out)
        end_check(s, g, out)
    return Outcome(s, f"{key}: {action}", out, data, with_checks({}, data.get("checks", [])))


def enemy_to_act(g: dict, label: str) -> str:
    """In the enemies' part of the turn, the enemies act top to bottom, each once (twice with
    the 2 actions trait)."""
    if g["step"] != "enemies":
        if g["step"] == "crew":
            raise RuleError("it is not the enemies' part of the turn")
        raise RuleError(say("the combat has not begun: ", cmd("kraken ground initiative")))
    key = enemy_key(g, label)
    e = g["enemies"][key]
    if e["status"] != "active":
        raise RuleError(f"{key} is {e['status']}")
    todo = [k for k in active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    if key not in todo:
        raise RuleError(f"{key} has acted this turn")
    if todo[0] != key:
        raise RuleError(f"enemies act from top to bottom: {todo[0]} comes first")
    return key


def psi_shielder(s: State, g: dict, psi_shield: str | None) -> str | None:
    """The PSI member who would shield the target (PSI SHIELD: one power a turn)."""
    if psi_shield is None:
        return None
    n = psi_member(s, psi_shield)
    if n not in g["crew"]:
        raise RuleError(f"{n} is not in this Ground Combat")
    if g.get("psi_used"):
        raise RuleError("PSI SHIELD: the PSI member used a power this turn already")
    return n


def try_escape(g: dict, dice: Dice, key: str, data: dict, out: list[str]) -> bool:
    """At or below its escape value an enemy tries to escape first (d6 ≥ 4), except in a
    Boss battle. Returns whether it escaped."""
    e = g["enemies"][key]
    if "escape" not in e or e["hp"] > e["escape"]:
        return False
    if g["boss"]:
        out.append(f"{key} is at {e['hp']} HP (escape value {e['escape']}), but this is a Boss battle: Bosses never "
                   f"escape (including their Minions).")
        return False
    r = dice.roll(6, label=f"{key}'s escape d6")
    data["escape"] = r
    if r >= ENEMY_ESCAPE:
        e["status"] = "escaped"
        out.append(f"{key} is at {e['hp']} HP (escape value {e['escape']}): d6 {r}: it escapes.")
        return True
    out.append(f"{key} tries to escape: d6 {r}: it stays and acts.")
    return False


def read_action(e: dict, key: str, action: str | None, dice: Dice, data: dict, out: list[str]) -> str:
    """The action the enemy takes: the one typed, or a d6 on its action table."""
    if action is not None:
        out.append(f"{key} acts: {action}.")
        return action
    if "actions" not in e:
        raise NeedChoice(f"--action is required: {key} has no action table here: roll its d6 and type the row "
                         f"(e.g. --action \"ML 4+, 3\" or --action idle)", "--action", [], "Action")
    r = dice.roll(6, label=f"{key}'s action d6")
    row = next(x for x in e["actions"] if x["lo"] <= r <= x["hi"])
    data["roll"] = r
    out.append(f"{key} acts: d6 {r}: {row['do']}.")
    return row["do"]


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
        elif tr["name"].casefold() not in (ZOMBIE, TWO_ACTIONS):
            manual.append(t)
    if manual:
        out.append(say(f"{key}'s traits to apply now (its sheet): {', '.join(manual)} (",
                       cmd("kraken ground set", key, "FIELD", "VALUE"), ")."))


def _targets(s: State, g: dict) -> list[str]:
    """Whom an enemy may attack: the one PSI TAUNT named, else the crew who attacked in melee
    last, else those who attacked at range, else anyone conscious."""
    up = conscious(s, g)
    if g.get("taunt") in up:
        return [g["taunt"]]
    last = g.get("last", {})
    for cls in ("melee", "ranged"):
        hit = [n for n in up if last.get(n) == cls]
        if hit:
            return hit
    return up


def victims(s: State, g: dict, key: str, spec: dict, target: str | None) -> list[str]:
    """Who the attack goes to: every conscious member for an explosive one; else one target
    by priority, the player choosing within the class (none: nobody is conscious)."""
    if EXPLOSIVE in spec["flags"]:
        return conscious(s, g)
    pool = _targets(s, g)
    if not pool:
        return []
    if target:
        t = known(s["crew"], target, "crew member")
        if t not in pool:
            raise RuleError(f"{t} is not a target: the enemy attacks by priority, one of {', '.join(pool)}")
        return [t]
    if len(pool) == 1:
        return pool
    raise NeedChoice(f"--target is required: {key} attacks one of {', '.join(pool)} (your choice within "
                     f"its priority)", "--target", pool, "Target")


def _enemy_attack(s: State, g: dict, key: str, spec: dict, target: str | None, psi_n: str | None, dice: Dice,
                  out: list[str], data: dict) -> None:
    """An enemy's attack: its victims, PSI SHIELD, then a hit die for each attack on each
    victim (a 1 ends a multiple attack)."""
    hurt = victims(s, g, key, spec, target)
    if not hurt and EXPLOSIVE not in spec["flags"]:
        out.append("Nobody is conscious to attack.")
        return
    shielded = False
    if psi_n:
        shielded = psi_check(s, dice, psi_n, "SHIELD", 0, False, out, data.setdefault("checks", []))
        g["psi_used"] = g.get("psi_used", 0) + 1
    data["attacks"] = []
    times = 1 if EXPLOSIVE in spec["flags"] else spec["times"]
    for v in hurt:
        for _ in range(times):
            if v not in s["crew"] or s["crew"][v]["status"] != "active":
                break
            rolled = enemy_die(s, g, dice, key, spec, v, times, shielded, out)
            data["attacks"].append(rolled)
            if rolled["roll"] == 1:
                break
    crew_down(s, g, out)


def enemy_die(s: State, g: dict, dice: Dice, key: str, spec: dict, v: str, times: int, shielded: bool,
              out: list[str]) -> dict:
    """One hit die against a crew member: cover and PSI CONFUSE make it harder, LV8 easier;
    a hit goes through the Shield and Armor (cover +1 Armor) to HP."""
    e = g["enemies"][key]
    cover = v in g.get("cover", [])
    need = spec["hit"] + (1 if cover else 0) + (1 if e.get("confused") else 0) - LEVEL_HIT.get(e["level"], 0)
    r = dice.roll(6, label=f"{key}'s hit d6 on {v}")
    rolled = {"target": v, "roll": r, "hit": False}
    if r == 1 or r < need:
        out.append(f"  → {v}: d6 {r}: a miss" + (f" (needs {need}+)" if r != 1 else "")
                   + ("; the attack ends" if r == 1 and times > 1 else "") + ".")
        return rolled
    rolled["hit"] = True
    rolled["hp_damage"] = hp = _enemy_hit(s, g, key, spec, v, r, cover, out)
    if shielded:
        out.append(f"  PSI SHIELD: {v} takes no HP damage from this attack.")
    elif hp:
        wound(s, v, hp, out, key)
    return rolled


def _enemy_hit(s: State, g: dict, key: str, spec: dict, v: str, r: int, cover: bool, out: list[str]) -> int:
    """A hit's damage (a 6 +1, the enemy's level's bonus) through the member's Shield and Armor:
    the Shield's charge spent, what is said; returns the damage left for HP."""
    e = g["enemies"][key]
    lv_dmg = LEVEL_DAMAGE.get(e["level"], 0)
    dmg = spec["damage"] + (1 if r == 6 else 0) + lv_dmg
    m = s["crew"][v]
    sh = {"class": m["shield"]["class"], "power": g.get("shields", {}).get(v, 0)} if m.get("shield") else None
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
    return res["hp"]
