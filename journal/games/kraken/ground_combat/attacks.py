"""Chapter 14, Combat actions, Attack: boosts, Flank, Berserk, Chain Attack, hits, captures.

A weapon held in a hand attacks; an enemy brought to 0, -1 or -2 HP may be captured (ch. 4).
The steps, as the book lists them: the attacker and the weapon in hand, the boosts
(Ranged or Melee, Berserk, Flank), the targets, then each attack's hit dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.ground_combat.damage import attack_types, boosts, multiplier, pipeline
from journal.games.kraken.ground_combat.loop import acted, crew_turn, end_check, enemy_key, has_crew_trait
from journal.games.kraken.ground_combat.profiles import has_trait
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.constants import (
    CHAIN_ATTACK,
    CHARGED,
    EXPLOSIVE,
    FISTS_NAMES,
    INDEPENDENT_TARGETING,
    MELEE_KIND,
    TALISMAN,
    ZOMBIE,
)
from journal.games.kraken.model.ground import active_enemies, conscious, current_ground_combat, lone_wolf
from journal.games.kraken.model.checks import check, d6_chance, hit_chance, with_checks
from journal.games.kraken.model.members import carrying, overload, wound
from journal.games.kraken.model.weapons import describe_attack, weapon_slot, weapon_spec
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State

FLANK_TARGET = 8          # Flank: d6 + Agility >= 8, +3 damage
FLANK_BONUS = 3
BERSERK_MAX = 3
CHAIN_MAX = 9             # the extra attacks a Chain Attack trait may grant, as journal takes them
FISTS = {"name": "fists", "strength": 0, "hit": 4, "times": 1, "damage": 1, "ammo": None, "kind": MELEE_KIND,
         "flags": [], "weaken": 0, "types": [], "grade": None}


@dataclass
class Attack:
    """One Attack action (ch. 14): who attacks, with which weapon, at whom, with which boosts.

    `held` is the weapon's record on the crew sheet (its Ammo, a jam), None for bare fists;
    `rolls` what each hit die did (the command's data), `jammed` whether the weapon jammed,
    `checks` the hit rolls (and Flank) with the chance journal knew (the luck audit).
    """

    attacker: str
    weapon: str
    held: dict | None
    spec: dict
    aims: list[str] = field(default_factory=list)
    hit_boost: int = 0
    damage_boost: int = 0
    damage_bonus: int = 0
    overload: int = 0
    reroll: bool = False
    capture: dict | None = None
    rolls: list[dict] = field(default_factory=list)
    jammed: bool = False
    checks: list[dict] = field(default_factory=list)

    @property
    def melee(self) -> bool:
        return self.spec["kind"] == MELEE_KIND

    @property
    def explosive(self) -> bool:
        return EXPLOSIVE in self.spec["flags"]

    @property
    def has_ammo(self) -> bool:
        """An Ammo weapon with a shot left (bare fists and unlimited weapons always have)."""
        if self.held is None or self.spec["ammo"] is None:
            return True
        return self.held.get("ammo", self.spec["ammo"]) > 0


def weapon_of(s: State, n: str, weapon: str | None) -> tuple[str, dict | None, dict]:
    """The weapon a crew member names: (its name, its record on the sheet, its values); bare
    fists have no record."""
    if weapon is None or weapon in FISTS_NAMES:
        return "fists", None, dict(FISTS)
    weapons = s["crew"][n].get("weapons") or {}
    key = known(weapons, weapon, f"weapon of {n}")
    return key, weapons[key], weapon_spec(weapons[key])


def ground_attack(state: State, dice: Dice, name: str, weapon: str | None, targets=(), hit: int = 0,
                  berserk: int = 0, flank: bool = False, reroll: bool = False, faint: str | None = None,
                  chain: int = 0, capture: bool = False, carrier: str | None = None) -> Outcome:
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
    n = attacker_ready(s, g, name)
    m = s["crew"][n]
    wkey, w, spec = weapon_of(s, n, weapon)
    if w is not None:
        weapon_ready(m, n, wkey, w, spec)
    check_chain(m, n, spec, chain)
    bearer = captive_bearer(s, g, n, capture, carrier)
    a = Attack(n, wkey, w, spec, reroll=reroll, capture={"by": bearer, "done": False} if capture else None)
    attribute, points = boost_points(s, g, a)
    a.damage_boost, a.hit_boost = boosts(points, hit)
    check_berserk(a, berserk)
    check_flank(s, g, flank)
    a.aims = choose_targets(g, m, a, targets, chain)
    check_reroll(s, g, m, reroll)
    out: list[str] = []
    data: dict = {"crew": n, "weapon": wkey, "attacks": a.rolls}
    if berserk and go_berserk(s, n, berserk, out) != "active":
        acted(s, g, n, out, "melee")
        return Outcome(s, f"{n} goes berserk and collapses", out, data)
    a.damage_bonus = a.damage_boost + berserk + (try_flank(s, g, dice, a, m, out) if flank else 0)
    a.overload = overload(m)
    out.append(announce(a, attribute, points))
    attack_chain(s, g, dice, a, chain, out)
    _after_attacks(a, out)
    acted(s, g, n, out, "melee" if a.melee else "ranged")
    end_check(s, g, out)
    hits = sum(1 for r in a.rolls if r["hit"])
    return Outcome(s, f"{n} attacks with the {wkey}: {plural(hits, 'hit')}" + (", jammed" if a.jammed else "")
                   + (f", captures {a.capture['done']}" if a.capture and a.capture["done"] else ""), out, data,
                   with_checks({}, a.checks))


def _after_attacks(a: Attack, out: list[str]) -> None:
    """After the attacks: a charged weapon (T2) that did not jam must be recharged; a capture
    that found nobody at 0, -1 or -2 HP is said."""
    if a.held is not None and CHARGED in a.spec["flags"] and not a.jammed:
        a.held["spent"] = True
        out.append(f"The {a.weapon} (T2) must be recharged before it fires again.")
    if a.capture and not a.capture["done"]:
        out.append("Nobody was brought to 0, -1 or -2 HP: no capture.")


# --- legality: who attacks, with what, at whom ------------------------------------------------

def attacker_ready(s: State, g: dict, name: str) -> str:
    """A conscious member whose turn it is, carrying no captive (ch. 4: they cannot attack)."""
    n = crew_turn(s, g, name)
    held = carrying(s, n)
    if held:
        raise RuleError(say(f"{n} carries the captured {held} and cannot attack (ch. 4): hand it over first (",
                            cmd("kraken ground exchange", n, captive_to="NAME"), ")"))
    return n


def weapon_ready(m: CrewMember, n: str, wkey: str, w: dict, spec: dict) -> None:
    """Ch. 14: only a weapon held in a hand attacks, unjammed, charged, with Ammo left, and
    one the member is strong enough for."""
    where = weapon_slot(m, wkey)
    if where not in ("L", "R"):
        raise RuleError(say(f"the {wkey} is not in {n}'s hands (",
                            f"it is in backpack slot {where}" if where else "it is in no inventory slot",
                            "): only a weapon held in a hand attacks (ch. 14); move it with an Exchange action (",
                            cmd("kraken ground exchange", n), ", then ", cmd("kraken crew unequip", n, "SLOT"),
                            " and ", cmd("kraken crew equip", n, "L", wkey), ")"))
    if w.get("jam"):
        raise RuleError(say(f"the {wkey} is {w['jam']}: unjam it first (", cmd("kraken ground unjam", n, wkey), ")"))
    if w.get("spent"):
        raise RuleError(say(f"the {wkey} (T2) must be recharged first: ", cmd("kraken ground recharge", n, wkey)))
    if spec["ammo"] is not None and w.get("ammo", spec["ammo"]) <= 0:
        raise RuleError(say(f"the {wkey} is empty: reload it (", cmd("kraken ground reload", n, wkey), ")"))
    if spec["strength"] > m["strength"]:
        raise RuleError(f"the {wkey} needs Strength {spec['strength']}; {n} has {m['strength']}")


def check_chain(m: CrewMember, n: str, spec: dict, chain: int) -> None:
    """The Chain Attack trait's extra attacks; a T2 weapon never fires twice in a turn."""
    if not chain:
        return
    if not 1 <= chain <= CHAIN_MAX:
        raise InputError(f"the Chain Attack trait grants 1-{CHAIN_MAX} extra attacks, not {chain}")
    if not has_crew_trait(m, CHAIN_ATTACK):
        raise RuleError(f"{n} has no Chain Attack trait")
    if CHARGED in spec["flags"]:
        raise RuleError("a T2 weapon cannot fire twice in one turn, even with a trait that allows repeat fire")


def captive_bearer(s: State, g: dict, n: str, capture: bool, carrier: str | None) -> str | None:
    """Who carries an enemy this attack captures (the attacker, unless another is named)."""
    if capture:
        return free_carrier(s, g, carrier or n)
    if carrier:
        raise InputError("a carrier is named for a capture, and this attack captures nobody")
    return None


def boost_points(s: State, g: dict, a: Attack) -> tuple[str, int]:
    """The attribute that boosts this attack (Melee or Ranged) and its points (PSI CONCENTRATE
    adds 2 until the member's next attack)."""
    attribute: Literal["melee", "ranged"] = "melee" if a.melee else "ranged"
    return attribute, s["crew"][a.attacker][attribute] + g.get("boosts", {}).get(a.attacker, 0)


def check_berserk(a: Attack, berserk: int) -> None:
    if not berserk:
        return
    if not a.melee:
        raise InputError("Berserk is for a melee attack")
    if not 1 <= berserk <= BERSERK_MAX:
        raise InputError(f"Berserk turns up to {BERSERK_MAX} HP into damage, not {berserk}")


def check_flank(s: State, g: dict, flank: bool) -> None:
    """One Flank attempt a combat turn, never as the reaction bonus action, with a team mate
    to flank with, and 1 Oxygen to pay where the air is not breathable."""
    if not flank:
        return
    if g["step"] == "spawn":
        raise RuleError("the reaction bonus action cannot be a Flank")
    if g.get("flank"):
        raise RuleError("one Flank attempt per combat turn")
    if len(conscious(s, g)) < 2:
        raise RuleError("a Flank needs more than one active crew member")
    if g["atmosphere"] != "YES" and s["oxygen"] < 1:
        raise RuleError("a Flank costs 1 Oxygen here and none is left")


def choose_targets(g: dict, m: CrewMember, a: Attack, targets, chain: int) -> list[str]:
    """Ch. 14 Choosing targets: an explosive weapon hits every enemy; melee attacks may be
    split between targets, ranged ones go to a single target (unless the Independent
    Targeting trait); no more targets than attacks."""
    enemies = active_enemies(g)
    if not enemies:
        raise RuleError("no enemy is left")
    if a.explosive:
        return list(enemies)
    aims = [active_enemy(g, t) for t in targets]
    if not aims:
        if len(enemies) > 1:
            raise InputError(f"name the target: one of {', '.join(enemies)}")
        aims = list(enemies)
    if not a.melee and len(set(aims)) > 1 and not has_crew_trait(m, INDEPENDENT_TARGETING):
        raise RuleError("ranged attacks go to a single target (unless the Independent Targeting trait)")
    most = a.spec["times"] * (1 + chain)
    if len(aims) > most:
        raise InputError(f"the {a.weapon} attacks {plural(most, 'time')}: at most {plural(most, 'target')}")
    return aims


def active_enemy(g: dict, label: str) -> str:
    """An enemy of this combat still fighting."""
    key = enemy_key(g, label)
    if g["enemies"][key]["status"] != "active":
        raise RuleError(f"{key} is {g['enemies'][key]['status']}")
    return key


def check_reroll(s: State, g: dict, m: CrewMember, reroll: bool) -> None:
    """The lone wolf's reroll (or a Talisman's), once a Ground Combat turn."""
    if not reroll:
        return
    talisman = any(TALISMAN in str(v).casefold() for v in m["inventory"].values())
    if not (lone_wolf(s, g) or talisman):
        raise RuleError("only a lone wolf (or a Talisman's bearer) rerolls a failed die")
    if g.get("rerolled"):
        raise RuleError("one reroll per Ground Combat turn")


# --- the boosts that cost something: Berserk and Flank ----------------------------------------

def go_berserk(s: State, n: str, berserk: int, out: list[str]) -> str:
    """Berserk: up to 3 HP turned into melee damage; the member may collapse doing it."""
    out.append(f"Berserk: {n} pushes {berserk} HP into the blow.")
    return wound(s, n, berserk, out, "berserk")


def try_flank(s: State, g: dict, dice: Dice, a: Attack, m: CrewMember, out: list[str]) -> int:
    """Flank: 1 Oxygen where the air is not breathable, then d6 + Agility ≥ 8 (a 1 fails)
    gives +3 damage. Returns the damage bonus."""
    g["flank"] = True
    if g["atmosphere"] != "YES":
        s["oxygen"] -= 1
        out.append(f"Flank: 1 Oxygen ({g['atmosphere']}): Oxygen {s['oxygen'] + 1} → {s['oxygen']}.")
    chance = d6_chance(m["agility"], FLANK_TARGET, one_fails=True)
    r = dice.roll(6, label="Flank d6")
    ok = r != 1 and r + m["agility"] >= FLANK_TARGET
    a.checks.append(check("Flank", chance, ok))
    out.append(f"Flank: d6 {r} + Agility {m['agility']} = {r + m['agility']}: "
               + ("+3 damage." if ok else ("a 1 fails." if r == 1 else "no bonus.")))
    return FLANK_BONUS if ok else 0


def announce(a: Attack, attribute: str, points: int) -> str:
    """The attack as the table reads it: the weapon, its values, the boosts chosen."""
    chosen = ([f"+{a.damage_boost} damage"] if a.damage_boost else []) \
        + ([f"-{a.hit_boost} to the roll"] if a.hit_boost else [])
    return (f"{a.attacker} attacks with {'bare fists' if a.weapon == 'fists' else 'the ' + a.weapon} "
            f"({describe_attack(a.spec)}); {attribute.capitalize()} {points}: "
            + (", ".join(chosen) or "no boost") + (f"; overload +{a.overload} to the roll" if a.overload else "") + ".")


# --- the attacks: a chain of them, each with its hit dice ---------------------------------------

def attack_chain(s: State, g: dict, dice: Dice, a: Attack, chain: int, out: list[str]) -> None:
    """The attack, then each extra one a Chain Attack grants (a separate attack with its own
    Ammo and no boost; an empty weapon or a jam ends the chain)."""
    for link in range(1 + chain):
        if link:
            if not a.has_ammo:
                out.append(f"Chain Attack {link}: the {a.weapon} is empty: the chain ends.")
                return
            if not active_enemies(g):
                return
            if a.explosive:
                a.aims = active_enemies(g)
            out.append(f"Chain Attack {link} (a separate attack, no boost):")
        aims = a.aims if a.explosive else a.aims[link * a.spec["times"]:] or [a.aims[-1]]
        fired = hit_dice(s, g, dice, a, aims, link == 0, out)
        spend_ammo(a, fired, out)
        if a.jammed:
            if link < chain:
                out.append("The jam ends the chain.")
            return


def spend_ammo(a: Attack, fired: bool, out: list[str]) -> None:
    """A weapon that does not jam spends one Ammo, even when it hits nothing (ch. 14: "If a
    Weapon jams it will waste no Ammo"); an explosive one spends it unless it only rolled 1s."""
    if a.held is None or a.spec["ammo"] is None:
        return
    if a.explosive:
        spends = fired
    else:
        spends = not a.jammed
    if spends:
        a.held["ammo"] = a.held.get("ammo", a.spec["ammo"]) - 1
        out.append(f"The {a.weapon}: Ammo {a.held['ammo']}/{a.spec['ammo']}.")


def hit_dice(s: State, g: dict, dice: Dice, a: Attack, aims: list[str], first_link: bool, out: list[str]) -> bool:
    """One attack's hit dice: one per target for EX, else one per multiple attack. The boost
    goes to the first die of the first attack, and to every die of an explosive weapon's
    first attack (ch. 14: "Each bonus is applied to all hits made by an explosive Weapon").
    Returns whether any die showed more than a 1."""
    fired = False
    rolls_n = len(aims) if a.explosive else a.spec["times"]
    for i in range(rolls_n):
        tgt = next_target(g, a, aims, i)
        if tgt is None:
            break
        boosted = first_link and (i == 0 or a.explosive)
        need = a.spec["hit"] - (a.hit_boost if boosted else 0) + a.overload
        r, note = roll_to_hit(g, dice, a, need)
        rolled = {"target": tgt, "roll": r, "hit": False}
        a.rolls.append(rolled)
        if r == 1:
            if rolled_a_one(a, tgt, i, note, out):
                break
            continue
        fired = True
        if r < need:
            out.append(f"  → {tgt}: d6 {r}{note}: a miss (needs {need}+).")
            continue
        rolled["hit"] = True
        a.checks[-1]["success"] = True
        bonus = a.damage_bonus if boosted else 0
        dmg = a.spec["damage"] + bonus + (1 if r == 6 else 0)
        rolled.update(hit_enemy(g, tgt, dmg, a.spec, out, f"  → {tgt}: d6 {r}{note}: hit"
                                + (" (6: +1)" if r == 6 else "") + f", {dmg} damage", capture=a.capture))
    return fired


def next_target(g: dict, a: Attack, aims: list[str], i: int) -> str | None:
    """Whom the i-th die aims at; an enemy down already gives way to the next one still
    fighting (a melee or explosive attack only: a ranged attack's single target is gone)."""
    tgt = aims[i] if a.explosive else aims[min(i, len(aims) - 1)]
    if g["enemies"][tgt]["status"] == "active":
        return tgt
    left = active_enemies(g)
    if not left or not (a.melee or a.explosive):
        return None
    return left[0]


def roll_to_hit(g: dict, dice: Dice, a: Attack, need: int) -> tuple[int, str]:
    """A hit die, rerolled once a turn when it failed and the attacker may reroll (its check
    is noted as a miss, with the chance journal knew; a hit marks it a success)."""
    a.checks.append(check("hit roll", hit_chance(need, a.reroll and not g.get("rerolled")), False))
    r = dice.roll(6, label=f"{a.weapon} hit d6")
    if (r == 1 or r < need) and a.reroll and not g.get("rerolled"):
        g["rerolled"] = True
        r2 = dice.roll(6, label=f"{a.weapon} reroll d6")
        return r2, f" (rerolled {r} → {r2})"
    return r, ""


def rolled_a_one(a: Attack, tgt: str, i: int, note: str, out: list[str]) -> bool:
    """A 1 always misses and jams the weapon (not bare fists), on any die of a multiple
    attack (ch. 14: "If you roll a '1' and get a jam you must stop your attack"); an
    explosive weapon jams only on its first die and rolls on for each target ("Rolling a '1'
    after the first die roll does not jam your Weapon"). Returns whether the attack stops."""
    if a.held is not None and (i == 0 or not a.explosive):
        a.jammed = True
        a.held["jam"] = "jammed"
        out.append(f"  → {tgt}: d6 1{note}: a miss, and the {a.weapon} jams"
                   + ("." if a.explosive else " (the attack stops)."))
        return not a.explosive
    out.append(f"  → {tgt}: d6 1{note}: a miss" + ("" if a.explosive else "; the attack stops") + ".")
    return not a.explosive


# --- a hit: damage through Shield and Armor, an enemy down, a capture ---------------------------

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
        out.append(say(f"{tgt} ({e['name']}) is down at {e['hp']} HP; a Zombie does not die below -2 HP (ch. 4): its "
                       f"sheet says what it does (", cmd("kraken ground set", tgt, "status", "active"), ", ",
                       cmd("kraken ground set", tgt, "hp", "N"), ")."))
    elif e["hp"] >= CAPTURE_FLOOR:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (HP 0 to -2: it may be captured instead)"
                                                          if capture is None else "") + ".")
    else:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (below -2 HP: dead, too far gone to capture)"
                                                          if capture is not None else "") + ".")


def free_carrier(s: State, g: dict, name: str) -> str:
    """The crew member who would carry a captive: conscious, in this combat, carrying none."""
    who = known(s["crew"], name, "crew member")
    if who not in g["crew"] or s["crew"][who]["status"] != "active":
        raise RuleError(f"{who} cannot carry the captive: a conscious member of this combat carries it")
    if carrying(s, who):
        raise RuleError(f"{who} carries {carrying(s, who)} already (one captive each)")
    return who


def ground_capture(state: State, dice: Dice, label: str, carrier: str) -> Outcome:
    """Ch. 4: an enemy an attack brought to 0, -1 or -2 HP (a Zombie: any HP at or below 0)
    is captured rather than killed, carried by a conscious member of the combat (no
    action; they cannot attack while carrying it). Captured aliens count as defeated."""

    s = copy_state(state)
    g = current_ground_combat(s)
    key = enemy_key(g, label)
    e = g["enemies"][key]
    if e["status"] != "defeated":
        raise RuleError(f"{key} is {e['status']}: an alien is captured once an attack brings it to 0, -1 or -2 HP")
    if e["hp"] < CAPTURE_FLOOR and not has_trait(e, ZOMBIE):
        raise RuleError(f"{key} is at {e['hp']} HP: below -2 it is dead (only a Zombie survives that)")
    who = free_carrier(s, g, carrier)
    e["status"] = "captured"
    e["carrier"] = who
    out = [f"{key} ({e['name']}) is captured at {e['hp']} HP: {who} carries it (and cannot attack while carrying "
           f"it)."]
    return Outcome(s, f"{key} captured, carried by {who}", out, {"enemy": key, "carrier": who})
