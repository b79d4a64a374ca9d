"""Chapter 14, Combat actions, Attack: boosts, Flank, Berserk, Chain Attack, hits, captures.

A weapon held in a hand attacks; an enemy brought to 0, -1 or -2 HP may be captured (ch. 4).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.kraken.ground_combat.damage import attack_types, boosts, multiplier, pipeline
from journal.games.kraken.ground_combat.loop import acted, crew_turn, end_check
from journal.games.kraken.ground_combat.profiles import ZOMBIE, has_trait
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.ground import active_enemies, conscious, current_ground_combat, lone_wolf
from journal.games.kraken.model.members import carrying, overload, wound
from journal.games.kraken.model.weapons import describe_attack, weapon_slot, weapon_spec
from journal.lookup import find, shell_quote
from journal.outcome import Outcome

FLANK_TARGET = 8          # Flank: d6 + Agility >= 8, +3 damage
FLANK_BONUS = 3
BERSERK_MAX = 3
FISTS = {"name": "fists", "strength": 0, "hit": 4, "times": 1, "damage": 1, "ammo": None, "kind": "ML",
         "flags": [], "weaken": 0, "types": [], "grade": None}


def weapon_of(s: dict, n: str, weapon: str | None) -> tuple[str, dict | None, dict]:
    if weapon is None or weapon.strip().lower() in ("fists", "bare fists"):
        return "fists", None, dict(FISTS)
    weapons = s["crew"][n].get("weapons") or {}
    key = find(weapons, weapon, f"weapon of {n}", "WEAPON")
    return key, weapons[key], weapon_spec(weapons[key])


def ground_attack(state: dict, dice, name: str, weapon: str | None, targets=(), hit: int = 0, berserk: int = 0,
                  flank: bool = False, reroll: bool = False, faint: str | None = None, chain: int = 0,
                  capture: bool = False, carrier: str | None = None) -> Outcome:
    """Ch. 14 Attack with a weapon held in a hand (L or R; a member carrying a captive
    cannot attack): boost with Ranged/Melee (every 2 points +1 damage or -1 to the roll,
    the first attack of a multiple one or of a chain only), roll each attack (a 1 misses
    and jams the weapon, stopping the attack; a 6 adds 1 damage), Ammo spent unless it
    jammed; EX hits every enemy; Berserk turns up to 3 HP into melee damage; Flank
    (Agility 8+) adds 3. `chain`: the extra attacks the Chain Attack trait grants (each a
    separate attack with its own Ammo; a jam ends the chain). `capture`: an enemy this
    attack brings to 0, -1 or -2 HP is captured instead (ch. 4), carried by `carrier`."""
    s = copy_state(state)
    g = current_ground_combat(s)
    n = crew_turn(s, g, name)
    m = s["crew"][n]
    held = carrying(s, n)
    if held:
        raise RuleError(f"{n} carries the captured {held} and cannot attack (ch. 4): hand it over first (journal "
                        f"kraken ground exchange {n} --captive-to NAME)")
    wkey, w, spec = weapon_of(s, n, weapon)
    out: list[str] = []
    if w is not None:
        where = weapon_slot(m, wkey)
        if where not in ("L", "R"):
            raise RuleError(f"the {wkey} is not in {n}'s hands (" + (f"it is in backpack slot {where}" if where else
                                                                       "it is in no inventory slot")
                            + f"): only a weapon held in a hand attacks (ch. 14); move it with an Exchange action "
                              f"(journal kraken ground exchange {n}, then journal kraken crew unequip {n} SLOT and journal "
                              f"kraken crew equip {n} L {shell_quote(wkey)})")
        if w.get("jam"):
            raise RuleError(f"the {wkey} is {w['jam']}: unjam it first (journal kraken ground unjam {n} {wkey})")
        if w.get("spent"):
            raise RuleError(f"the {wkey} (T2) must be recharged first: journal kraken ground recharge {n} {wkey}")
        if spec["ammo"] is not None and w.get("ammo", spec["ammo"]) <= 0:
            raise RuleError(f"the {wkey} is empty: reload it (journal kraken ground reload {n} {wkey})")
        if spec["strength"] > m["strength"]:
            raise RuleError(f"the {wkey} needs Strength {spec['strength']}; {n} has {m['strength']}")
    if chain:
        if not 1 <= chain <= 9:
            raise InputError(f"--chain {chain}: the extra attacks the Chain Attack trait grants, 1-9")
        if not any(t.casefold() == "chain attack" for t in m["traits"]):
            raise RuleError(f"--chain: {n} has no Chain Attack trait")
        if "T2" in spec["flags"]:
            raise RuleError("a T2 weapon cannot fire twice in one turn, even with a trait that allows repeat fire")
    bearer = None
    if capture:
        bearer = free_carrier(s, g, carrier or n, "--carrier")
    elif carrier:
        raise InputError("--carrier goes with --capture")
    melee = spec["kind"] == "ML"
    attr = "melee" if melee else "ranged"
    points = m[attr] + g.get("boosts", {}).get(n, 0)
    dmg_boost, hit_boost = boosts(points, hit)
    if berserk:
        if not melee:
            raise InputError("--berserk is a melee attack")
        if not 1 <= berserk <= BERSERK_MAX:
            raise InputError(f"--berserk {berserk}: up to {BERSERK_MAX} HP")
    if flank:
        if g["step"] == "spawn":
            raise RuleError("the reaction bonus action cannot be a Flank")
        if g.get("flank"):
            raise RuleError("one Flank attempt per combat turn")
        if len(conscious(s, g)) < 2:
            raise RuleError("a Flank needs more than one active crew member")
    enemies = active_enemies(g)
    if not enemies:
        raise RuleError("no enemy is left")
    if "EX" in spec["flags"]:
        aims = list(enemies)
    else:
        aims = []
        for t in targets:
            key = next((k for k in g["enemies"] if k.casefold() == str(t).strip().casefold()), None)
            if key is None:
                raise InputError(f"target '{t}' is not an enemy here: {', '.join(enemies)}")
            if g["enemies"][key]["status"] != "active":
                raise RuleError(f"{key} is {g['enemies'][key]['status']}")
            aims.append(key)
        if not aims:
            if len(enemies) == 1:
                aims = list(enemies)
            else:
                raise InputError(f"TARGET is required: one of {', '.join(enemies)}")
        indep = any(t.casefold() == "independent targeting" for t in m["traits"])
        if not melee and len(set(aims)) > 1 and not indep:
            raise RuleError("ranged attacks go to a single target (unless the Independent Targeting trait)")
        if len(aims) > spec["times"] * (1 + chain):
            raise InputError(f"the {wkey} attacks {spec['times'] * (1 + chain)} time(s): at most "
                             f"{spec['times'] * (1 + chain)} target(s)")
    if reroll:
        talisman = any("talisman" in str(v).lower() for v in m["inventory"].values())
        if not (lone_wolf(s, g) or talisman):
            raise RuleError("--reroll: the lone wolf's reroll (or a Talisman)")
        if g.get("rerolled"):
            raise RuleError("--reroll: once per Ground Combat turn")
    data: dict = {"crew": n, "weapon": wkey, "attacks": []}
    if berserk:
        out.append(f"Berserk: {n} pushes {berserk} HP into the blow.")
        if wound(s, n, berserk, out, "berserk") != "active":
            acted(s, g, n, out, "melee")
            return Outcome(s, f"{n} goes berserk and collapses", out, data)
    bonus = dmg_boost + berserk
    if flank:
        g["flank"] = True
        if g["atmosphere"] != "YES":
            if s["oxygen"] < 1:
                raise RuleError("a Flank costs 1 Oxygen here and none is left")
            s["oxygen"] -= 1
            out.append(f"Flank: 1 Oxygen ({g['atmosphere']}): Oxygen {s['oxygen'] + 1} → {s['oxygen']}.")
        r = dice.roll(6)
        ok = r != 1 and r + m["agility"] >= FLANK_TARGET
        out.append(f"Flank: d6 {r} + Agility {m['agility']} = {r + m['agility']}: "
                   + ("+3 damage." if ok else ("a 1 fails." if r == 1 else "no bonus.")))
        if ok:
            bonus += FLANK_BONUS
    over = overload(m)
    boost_txt = []
    if dmg_boost:
        boost_txt.append(f"+{dmg_boost} damage")
    if hit_boost:
        boost_txt.append(f"-{hit_boost} to the roll")
    out.append(f"{n} attacks with {'bare fists' if wkey == 'fists' else 'the ' + wkey} ({describe_attack(spec)}); "
               f"{attr.capitalize()} {points}: "
               + (", ".join(boost_txt) or "no boost") + (f"; overload +{over} to the roll" if over else "") + ".")
    cap = {"by": bearer, "done": False} if capture else None
    jammed = False
    rolls_n = len(aims) if "EX" in spec["flags"] else spec["times"]
    for link in range(1 + chain):
        if link:
            if w is not None and spec["ammo"] is not None and w.get("ammo", spec["ammo"]) <= 0:
                out.append(f"Chain Attack {link}: the {wkey} is empty: the chain ends.")
                break
            if not active_enemies(g):
                break
            if "EX" in spec["flags"]:
                aims = active_enemies(g)
                rolls_n = len(aims)
            out.append(f"Chain Attack {link} (a separate attack, no boost):")
        first_link = link == 0
        link_aims = aims if "EX" in spec["flags"] else aims[link * spec["times"]:] or [aims[-1]]
        jammed, any_fired = _attack_rolls(s, g, dice, spec, w, wkey, link_aims, rolls_n, melee,
                                          hit_boost if first_link else 0, bonus if first_link else 0, over, reroll,
                                          cap, data, out)
        if w is not None and spec["ammo"] is not None and (any_fired or ("EX" in spec["flags"] and not jammed)) \
                and not (jammed and "EX" not in spec["flags"]):
            w["ammo"] = w.get("ammo", spec["ammo"]) - 1
            out.append(f"The {wkey}: Ammo {w['ammo']}/{spec['ammo']}.")
        if jammed:
            if link < chain:
                out.append("The jam ends the chain.")
            break
    if w is not None and "T2" in spec["flags"] and not jammed:
        w["spent"] = True
        out.append(f"The {wkey} (T2) must be recharged before it fires again.")
    if cap and not cap["done"]:
        out.append("Nobody was brought to 0, -1 or -2 HP: no capture.")
    acted(s, g, n, out, "melee" if melee else "ranged")
    end_check(s, g, out)
    hits = sum(1 for a in data["attacks"] if a["hit"])
    return Outcome(s, f"{n} attacks with the {wkey}: {hits} hit(s)" + (", jammed" if jammed else "")
                   + (f", captures {cap['done']}" if cap and cap["done"] else ""), out, data)


def _attack_rolls(s: dict, g: dict, dice, spec: dict, w: dict | None, wkey: str, aims: list, rolls_n: int,
                  melee: bool, hit_boost: int, bonus: int, over: int, reroll: bool, cap: dict | None, data: dict,
                  out: list[str]) -> tuple[bool, bool]:
    """One attack: its hit rolls (one per target for EX, else one per multiple attack).
    Returns (jammed, any die fired)."""
    jammed = False
    any_fired = False
    for i in range(rolls_n):
        tgt = aims[i] if "EX" in spec["flags"] else aims[min(i, len(aims) - 1)]
        e = g["enemies"][tgt]
        if e["status"] != "active":
            tgt = next((k for k in active_enemies(g)), None)
            if tgt is None:
                break
            if not melee and "EX" not in spec["flags"]:
                break
            e = g["enemies"][tgt]
        need = spec["hit"] - (hit_boost if i == 0 else 0) + over
        r = dice.roll(6)
        note = ""
        if (r == 1 or r < need) and reroll and not g.get("rerolled"):
            g["rerolled"] = True
            r2 = dice.roll(6)
            note = f" (rerolled {r} → {r2})"
            r = r2
        att = {"target": tgt, "roll": r, "hit": False}
        data["attacks"].append(att)
        if r == 1:
            if i == 0 and spec["name"] != "fists" and w is not None:
                jammed = True
                w["jam"] = "jammed"
                out.append(f"  → {tgt}: d6 1{note}: a miss, and the {wkey} jams" + (" (the attack stops)."
                                                                                     if "EX" not in spec["flags"]
                                                                                     else "."))
                if "EX" not in spec["flags"]:
                    break
                continue
            out.append(f"  → {tgt}: d6 1{note}: a miss" + ("" if "EX" in spec["flags"] else "; the attack stops")
                       + ".")
            if "EX" not in spec["flags"]:
                any_fired = True
                break
            continue
        any_fired = True
        if r < need:
            out.append(f"  → {tgt}: d6 {r}{note}: a miss (needs {need}+).")
            continue
        att["hit"] = True
        first = i == 0 or "EX" in spec["flags"]
        dmg = spec["damage"] + (bonus if first else 0) + (1 if r == 6 else 0)
        res = hit_enemy(g, tgt, dmg, spec, out, f"  → {tgt}: d6 {r}{note}: hit"
                         + (" (6: +1)" if r == 6 else "") + f", {dmg} damage", capture=cap)
        att.update(res)
    return jammed, any_fired


def hit_enemy(g: dict, tgt: str, dmg: int, spec: dict, out: list[str], head: str, psi: bool = False,
               capture: dict | None = None) -> dict:
    e = g["enemies"][tgt]
    armor = max(0, e["armor"] - e.get("weaken", 0))
    res = pipeline(dmg, spec, e.get("shield"), armor, e.get("weak", []), e.get("resist", []), psi=psi)
    parts = []
    if res["shield"]:
        e["shield"]["power"] -= res["shield"]
        parts.append(f"Shield -{res['shield']} ({e['shield']['power']} left)")
    if res["armor"]:
        parts.append(f"Armor -{res['armor']}")
    if res["factor"] != 1.0:
        w_, r_ = multiplier(attack_types(spec), e.get("weak", []), e.get("resist", []))[1:]
        parts.append(f"x{res['factor']:g} ({w_} weakness, {r_} resistance)")
    before = e["hp"]
    e["hp"] -= res["hp"]
    parts.append(f"HP {before} → {e['hp']}")
    line = f"{head}: {', '.join(parts)}."
    if spec.get("weaken") and res["through"] and spec["weaken"] > e.get("weaken", 0):
        e["weaken"] = spec["weaken"]
        line += f" WEAKEN {spec['weaken']}: its Armor is {spec['weaken']} lower for this combat."
    out.append(line)
    if e["hp"] <= 0:
        _down(g, tgt, e, out, capture)
    return {"hp_damage": res["hp"], "shield": res["shield"], "armor": res["armor"], "factor": res["factor"],
            "hp": e["hp"]}


CAPTURE_FLOOR = -2      # ch. 4: an alien brought to 0, -1 or -2 HP by an attack can be captured


def _down(g: dict, tgt: str, e: dict, out: list[str], capture: dict | None) -> None:
    """An enemy at 0 HP or below is out of the fight. Ch. 4: at 0, -1 or -2 it may be
    captured instead of killed; below -2 it dies, unless it has the Zombie trait (it does
    not die: its sheet, book p. 170, says what it does; journal keeps it down and
    capturable)."""
    zombie = has_trait(e, ZOMBIE)
    can_capture = e["hp"] >= CAPTURE_FLOOR or zombie
    if capture is not None and not capture["done"] and can_capture:
        e["status"] = "captured"
        e["carrier"] = capture["by"]
        capture["done"] = tgt
        out.append(f"{tgt} ({e['name']}) is captured at {e['hp']} HP: {capture['by']} carries it (and cannot attack "
                   f"while carrying it).")
        return
    e["status"] = "defeated"
    if e["hp"] < CAPTURE_FLOOR and zombie:
        out.append(f"{tgt} ({e['name']}) is down at {e['hp']} HP; a Zombie does not die below -2 HP (ch. 4): its "
                   f"sheet says what it does (journal kraken ground set {tgt} status active, journal kraken ground set {tgt} hp N).")
    elif e["hp"] >= CAPTURE_FLOOR:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (HP 0 to -2: it may be captured instead)"
                                                          if capture is None else "") + ".")
    else:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (below -2 HP: dead, too far gone to capture)"
                                                          if capture is not None else "") + ".")


def free_carrier(s: dict, g: dict, name: str, option: str) -> str:
    """The crew member who would carry a captive: conscious, in this combat, carrying none."""
    who = find(s["crew"], name, "crew member", option)
    if who not in g["crew"] or s["crew"][who]["status"] != "active":
        raise RuleError(f"{option} {who}: a conscious member of this combat carries the captive")
    if carrying(s, who):
        raise RuleError(f"{option} {who}: {who} carries {carrying(s, who)} already (one captive each)")
    return who


def ground_capture(state: dict, dice, label: str, carrier: str) -> Outcome:
    """Ch. 4: an enemy an attack brought to 0, -1 or -2 HP (a Zombie: any HP at or below 0)
    is captured rather than killed, carried by a conscious member of the combat (no
    action; they cannot attack while carrying it). Captured aliens count as defeated."""

    s = copy_state(state)
    g = current_ground_combat(s)
    key = next((k for k in g["enemies"] if k.casefold() == str(label).strip().casefold()), None)
    if key is None:
        raise InputError(f"'{label}' is not an enemy here: {', '.join(g['enemies'])}")
    e = g["enemies"][key]
    if e["status"] != "defeated":
        raise RuleError(f"{key} is {e['status']}: an alien is captured once an attack brings it to 0, -1 or -2 HP")
    if e["hp"] < CAPTURE_FLOOR and not has_trait(e, ZOMBIE):
        raise RuleError(f"{key} is at {e['hp']} HP: below -2 it is dead (only a Zombie survives that)")
    who = free_carrier(s, g, carrier, "--carrier")
    e["status"] = "captured"
    e["carrier"] = who
    out = [f"{key} ({e['name']}) is captured at {e['hp']} HP: {who} carries it (and cannot attack while carrying "
           f"it)."]
    return Outcome(s, f"{key} captured, carried by {who}", out, {"enemy": key, "carrier": who})
