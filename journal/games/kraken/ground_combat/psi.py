"""Chapter 14, PSI powers: the check, Ground Combat attacks and support, Dungeon support, Meditate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.dungeon.actions import take_action
from journal.games.kraken.ground_combat.attacks import free_carrier, hit_enemy
from journal.games.kraken.ground_combat.loop import acted, crew_turn, end_check, must_attack
from journal.games.kraken.model.campaign import copy_state, known, oxygen_max
from journal.games.kraken.model.constants import IGNORE_ARMOR, IGNORE_SHIELDS, RANGED_KIND
from journal.games.kraken.model.exploration import current_exploration
from journal.games.kraken.model.ground import active_enemies, current_ground_combat, lone_wolf
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.members import heal as heal_fn, wound
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

MEDITATE_BASE = 3
PSI_FLASH = 3
PSI_POWERS = {
    # ground combat: attacks
    "ATTACK": 5, "SHOCK": 6, "BLAST": 7, "LIGHTNING": 8,
    # ground combat: support
    "CONCENTRATE": 5, "CURE": 5, "TAUNT": 5, "TELEKINESIS": 5, "CONFUSE": 6, "FLASH": 6, "CURE II": 8,
    "CURE ALL": 8, "MOTIVATION": 8, "SHIELD": 8,
    # dungeon exploration: support
    "SURPRISE": 3, "DIVINATION": 4, "MIDAS TOUCH": 5, "OXYGEN CREATION": 8,
}
DUNGEON_POWERS = ("SURPRISE", "DIVINATION", "MIDAS TOUCH", "OXYGEN CREATION")
PSI_DAMAGE = {"ATTACK": (2, False), "SHOCK": (2, True), "BLAST": (4, False), "LIGHTNING": (3, True)}
PSI_ATTACK = {"kind": RANGED_KIND, "flags": [IGNORE_SHIELDS, IGNORE_ARMOR], "types": []}   # a PSI attack's damage


PSI_SPELLINGS = {"CURE 2": "CURE II", "MIDAS": "MIDAS TOUCH", "OXYGEN": "OXYGEN CREATION"}
CREW_TARGETED = ("CURE", "CURE II", "CONCENTRATE", "TAUNT", "MOTIVATION")
ENEMY_TARGETED = ("ATTACK", "BLAST", "CONFUSE")
CURES = {"CURE": 2, "CURE II": 5}
CURE_ALL = 2
CONCENTRATE_BOOST = 2
OXYGEN_CREATED = 2


def psi_power(text: str) -> str:
    """A PSI power as the player types it ("shock", "PSI SHOCK", "cure 2", "midas") → its
    name in the book's list."""
    t = " ".join(str(text).strip().upper().replace("-", " ").replace("_", " ").split())
    t = t.removeprefix("PSI ")
    t = PSI_SPELLINGS.get(t, t)
    if t not in PSI_POWERS:
        raise InputError(f"'{text}' is not a PSI power: {', '.join(PSI_POWERS)}")
    return t


def psi_check(s: State, dice: Dice, n: str, power: str, bonus: int, self_target: bool, out: list[str],
              checks: list[dict]) -> bool:
    """Ch. 14 PSI: d6 + PSI (+ one PSI item's bonus) ≥ the power's difficulty (+1 to cure
    yourself). A failure costs 1 HP (2 on a 1; armor and shields do not help) and exhausts
    the PSI trait until the member meditates."""
    m = s["crew"][n]
    diff = PSI_POWERS[power] + (1 if self_target and power in ("CURE", "CURE II") else 0)
    chance = d6_chance(m["psi"] + bonus, diff)
    r = dice.roll(6, label=f"{n}'s PSI d6")
    total = r + m["psi"] + bonus
    ok = total >= diff
    checks.append(check("PSI power", chance, ok))
    out.append(f"PSI {power} ({diff}): d6 {r} + PSI {m['psi']}" + (f" + {bonus}" if bonus else "")
               + f" = {total}: " + ("success." if ok else "failed."))
    if not ok:
        m["psi_exhausted"] = True
        wound(s, n, 2 if r == 1 else 1, out, "failed PSI" + (" on a 1" if r == 1 else ""))
        if n in s["crew"]:
            out.append(f"{n}'s PSI trait is exhausted until they meditate.")
    return ok


def psi_member(s: State, name: str) -> str:
    n = known(s["crew"], name, "crew member")
    m = s["crew"][n]
    if "psi" not in m:
        raise RuleError(f"{n} has no PSI trait")
    if m.get("psi_exhausted"):
        raise RuleError(f"{n}'s PSI trait is exhausted: meditate first")
    if m["status"] != "active":
        raise RuleError(f"{n} is unconscious")
    return n


def _psi_window(s: State, g: dict) -> bool:
    """The crew's part of the turn, or just after it (the last member's action switched to
    the enemies, who have not acted yet; or the turn is over when the enemies went first)."""
    if g["step"] == "crew":
        return True
    enemies_acted = any(e.get("acted") for e in g["enemies"].values())
    if g["step"] == "enemies" and g.get("first") == "crew":
        return not enemies_acted
    return False


def ground_psi(state: State, dice: Dice, name: str, power: str, target: str | None = None, bonus: int = 0,
               capture: bool = False, carrier: str | None = None) -> Outcome:
    """Ch. 14 PSI powers in Ground Combat, used after the member's regular action (a lone
    wolf: after each of their two), or as the reaction bonus: attacks (2-4 damage,
    ignoring Shields and Armor, one or all enemies; `capture`: an enemy left at 0, -1 or
    -2 HP is captured, carried by `carrier`) and support (cures, concentrate, taunt,
    confuse, flash, motivation, telekinesis)."""
    s = copy_state(state)
    g = current_ground_combat(s)
    p = ground_power(power)
    n = psi_member(s, name)
    if n not in g["crew"]:
        raise RuleError(f"{n} is not in this Ground Combat")
    bonus_action = psi_moment(s, g, n)
    tgt_crew = crew_target(s, g, n, p, target)
    tgt_enemy = enemy_target(g, n, p, target)
    cap = psi_capture(s, g, n, p, capture, carrier)
    out: list[str] = []
    checks: list[dict] = []
    ok = psi_check(s, dice, n, p, bonus, tgt_crew == n, out, checks)
    if bonus_action:
        g.pop("bonus", None)
    else:
        g["psi_used"] = g.get("psi_used", 0) + 1
    if p == "FLASH":
        g["flash"] = True
        out.append("PSI FLASH: +3 to this turn's escape check (it works even when the check fails).")
    elif ok:
        psi_effect(s, g, p, tgt_crew or tgt_enemy or "", cap, out)
    return Outcome(s, f"{n}: PSI {p} ({'success' if ok else 'failed'})", out, {"crew": n, "power": p, "success": ok},
                   with_checks({}, checks))


def ground_power(p: str) -> str:
    """A Ground Combat power (PSI SHIELD is used as an enemy attacks; the Dungeon Exploration
    powers are used there)."""
    if p not in PSI_POWERS:
        raise InputError(f"'{p}' is not a PSI power: {', '.join(PSI_POWERS)}")
    if p in DUNGEON_POWERS:
        raise RuleError(say(f"PSI {p} is a Dungeon Exploration power (", cmd("kraken dungeon psi", "NAME", p), ")"))
    if p == "SHIELD":
        raise RuleError(say("PSI SHIELD is used as an enemy attacks: ",
                            cmd("kraken ground enemy", "LABEL", psi_shield="NAME")))
    return p


def psi_moment(s: State, g: dict, n: str) -> bool:
    """When a PSI power is used: as the reaction bonus action (returns True), or in the
    crew's part of the turn after the member's regular action, one a turn (two for a lone
    wolf)."""
    if g["step"] == "spawn":
        if not g.get("bonus"):
            raise RuleError(say("the combat has not begun: ", cmd("kraken ground initiative")))
        return True
    if not _psi_window(s, g):
        raise RuleError("PSI powers are used in the crew's part of the turn (after the member's action)")
    if g.get("psi_used", 0) >= (2 if lone_wolf(s, g) else 1):
        raise RuleError("one PSI power per turn (two for a lone wolf)")
    if g.get("acted", {}).get(n, 0) <= g.get("psi_used", 0):
        raise RuleError(say(f"a PSI power comes after the member's regular action (ch. 14: \"after taking their "
                            f"regular action, Crew Members with the PSI Trait may activate a single PSI Power\"): "
                            f"{n} has not acted yet" + (" since their last PSI power" if g.get("psi_used") else "")
                            + " (its action first, e.g. ", cmd("kraken ground attack", n, "TARGET"), ")"))
    return False


def crew_target(s: State, g: dict, n: str, p: str, target: str | None) -> str | None:
    """The crew member a cure, CONCENTRATE, TAUNT or MOTIVATION goes to (the PSI member
    unless another is named; MOTIVATION: another, who may act this turn)."""
    if p not in CREW_TARGETED:
        return None
    who = known(s["crew"], target, "crew member") if target else n
    if who not in g["crew"]:
        raise RuleError(f"{who} is not in this Ground Combat")
    if p == "MOTIVATION" and who == n:
        raise InputError(say("PSI MOTIVATION gives another crew member an extra activation: ",
                             cmd("kraken ground psi", n, "MOTIVATION", target="NAME")))
    if p == "MOTIVATION" and who in g.get("revived", []):
        raise RuleError(f"{who} was healed from unconscious this turn: no action before the next Ground "
                        f"Combat turn (ch. 4)")
    return who


def enemy_target(g: dict, n: str, p: str, target: str | None) -> str | None:
    """The enemy an ATTACK, BLAST or CONFUSE goes to (the only one left needs no name);
    CONFUSE works once per enemy."""
    if p not in ENEMY_TARGETED:
        return None
    enemies = active_enemies(g)
    if target:
        key = known(g["enemies"], target, "enemy label")
        if key not in enemies:
            raise InputError(f"{key} is {g['enemies'][key]['status']}: PSI {p} goes to one of {', '.join(enemies)}")
    elif len(enemies) == 1:
        key = enemies[0]
    else:
        raise InputError(say(f"PSI {p} needs a target: one of {', '.join(enemies)} (",
                             cmd("kraken ground psi", n, p, target="ENEMY"), ")"))
    if p == "CONFUSE" and "confused" in g["enemies"][key]:
        raise RuleError(f"PSI CONFUSE works once per enemy, and {key} was confused already")
    return key


def psi_capture(s: State, g: dict, n: str, p: str, capture: bool, carrier: str | None) -> dict | None:
    """A PSI attack may capture an enemy it brings to 0, -1 or -2 HP (ch. 4)."""
    if capture:
        if p not in PSI_DAMAGE:
            raise InputError(f"PSI {p} captures nobody: only a PSI attack may capture")
        return {"by": free_carrier(s, g, carrier or n), "done": False}
    if carrier:
        raise InputError("a carrier is named for a capture, and this power captures nobody")
    return None


def psi_effect(s: State, g: dict, p: str, aim: str, cap: dict | None, out: list[str]) -> None:
    """What a successful Ground Combat power does to its target (`aim`: the crew member or
    the enemy it goes to; empty for a power without one)."""
    if p in PSI_DAMAGE:
        dmg, everyone = PSI_DAMAGE[p]
        for k in (active_enemies(g) if everyone else [aim]):
            hit_enemy(g, k, dmg, PSI_ATTACK, out, f"  → {k}: {dmg} damage (ignores Shields and Armor)", psi=True,
                      capture=cap)
        end_check(s, g, out)
    elif p in CURES:
        heal_fn(s, aim, CURES[p], out, f"PSI {p}")
    elif p == "CURE ALL":
        for k in g["crew"]:
            if k in s["crew"]:
                heal_fn(s, k, CURE_ALL, out, "PSI CURE ALL")
    elif p == "CONCENTRATE":
        g.setdefault("boosts", {})[aim] = CONCENTRATE_BOOST
        out.append(f"{aim}: Ranged and Melee +2 until the end of their next activation.")
    elif p == "TAUNT":
        g["taunt"] = aim
        out.append(f"On the next enemy turn every enemy targets {aim} only.")
    elif p == "CONFUSE":
        g["enemies"][aim]["confused"] = True
        out.append(f"{aim} needs one more to hit until its next activation.")
    elif p == "MOTIVATION":
        g.setdefault("extra", []).append(aim)
        out.append(f"{aim} gets an extra activation this turn.")
    elif p == "TELEKINESIS":
        out.append(say("Move one piece of equipment between crew members (", cmd("kraken crew unequip", "NAME", "SLOT"),
                       ", ", cmd("kraken crew equip", "NAME", "SLOT", "ITEM"), ")."))


def meditate(state: State, dice: Dice, name: str, in_dungeon: bool = False, faint: str | None = None) -> Outcome:
    """Ch. 14 Meditate: a d6 ≥ 3 + the HP the member is missing (nothing modifies it)
    removes the exhaustion; a failure costs 1 HP (2 on a 1). In Ground Combat it is the
    member's action; in a dungeon it costs Oxygen instead (0 / 1 / 2 by atmosphere)."""
    s = copy_state(state)
    out: list[str] = []
    if in_dungeon:
        d = current_exploration(s)
        n = known(s["crew"], name, "crew member")
        if n not in d["crew"]:
            raise RuleError(f"{n} is not on this exploration")
    else:
        g = current_ground_combat(s)
        n = crew_turn(s, g, name)
        must_attack(s, g, n)
    m = s["crew"][n]
    if "psi" not in m:
        raise RuleError(f"{n} has no PSI trait")
    if not m.get("psi_exhausted"):
        raise RuleError(f"{n}'s PSI trait is not exhausted")
    if in_dungeon:
        take_action(s, d, "stay", None, faint, out, f"{n} meditates")
    need = MEDITATE_BASE + (m["hp_max"] - m["hp"])
    chance = d6_chance(0, need)
    r = dice.roll(6, label=f"{n}'s meditation d6")
    ok = r >= need
    out.append(f"{n} meditates: d6 {r} against {MEDITATE_BASE} + {m['hp_max'] - m['hp']} missing HP = {need}: "
               + ("the PSI trait recovers." if ok else "failed."))
    if ok:
        m.pop("psi_exhausted")
    else:
        wound(s, n, 2 if r == 1 else 1, out, "failed meditation")
    if not in_dungeon and "ground" in s:
        acted(s, s["ground"], n, out)
        end_check(s, s["ground"], out)
    return Outcome(s, f"{n} meditates: d6 {r} vs {need} ({'recovered' if ok else 'failed'})", out,
                   {"crew": n, "roll": r, "target": need, "recovered": ok}, with_checks({}, [check("meditation", chance, ok)]))


def dungeon_psi(state: State, dice: Dice, name: str, power: str, bonus: int = 0) -> Outcome:
    """Ch. 14 Dungeon Exploration PSI powers: SURPRISE (+2 to the next initiative),
    DIVINATION (+3/-3 to the next loot d20), MIDAS TOUCH (+3 Credits if the next Ground
    Combat is won), OXYGEN CREATION (+2 Oxygen)."""
    s = copy_state(state)
    d = current_exploration(s)
    if power not in PSI_POWERS:
        raise InputError(f"'{power}' is not a PSI power: {', '.join(PSI_POWERS)}")
    p = power
    if p not in DUNGEON_POWERS:
        raise RuleError(f"PSI {p} is a Ground Combat power")
    n = psi_member(s, name)
    if n not in d["crew"]:
        raise RuleError(f"{n} is not on this exploration")
    out: list[str] = []
    checks: list[dict] = []
    ok = psi_check(s, dice, n, p, bonus, False, out, checks)
    if ok and s.get("dungeon"):
        dungeon_support(s, d, p, out)
    return Outcome(s, f"{n}: PSI {p} ({'success' if ok else 'failed'})", out, {"crew": n, "power": p, "success": ok},
                   with_checks({}, checks))


def dungeon_support(s: State, d: dict, power: str, out: list[str]) -> None:
    """Dungeon PSI support powers (after a successful PSI check)."""
    if power == "SURPRISE":
        d["surprise"] = True
        out.append("PSI SURPRISE: +2 to the next Ground Combat initiative roll.")
    elif power == "DIVINATION":
        out.append(say("PSI DIVINATION: +3 or -3 to the next loot d20 (", cmd("kraken treasure take", shift="+3"),
                       " or ", cmd("kraken treasure take", shift="-3"), ")."))
        d["divination"] = 3
    elif power == "MIDAS TOUCH":
        d["midas"] = True
        out.append("PSI MIDAS TOUCH: +3 Credits if the next Ground Combat is won.")
    elif power == "OXYGEN CREATION":
        before = s["oxygen"]
        s["oxygen"] = min(oxygen_max(s), s["oxygen"] + OXYGEN_CREATED)
        out.append(f"PSI OXYGEN CREATION: Oxygen {before} → {s['oxygen']}.")
