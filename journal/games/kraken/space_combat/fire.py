"""Space combat phase 3, Define targets and fire: the ship's weapons, their Ammo and magazines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import AMMO
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.combat import current_space_combat, enemy_fire_due, ships_left
from journal.games.kraken.model.constants import EMP, HIGH_EXPLOSIVE, MAX_WEAPONS_FIRED, OVERCLOCK, TIMELINE_EVADING
from journal.games.kraken.model.flight_table import enemy_text
from journal.games.kraken.model.systems import working
from journal.games.kraken.space_combat.page import after_fire, available_crew, enemy_at, goto_step
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

HIT = 4                  # 3) a ship weapon hits on 4+
HIT_BRIDGE = 3           # ... 3+ with a working Combat Bridge


def _ammo_left(s: State, c: dict, label: str) -> int:
    """A weapon's own Ammo plus the magazines of its type (a ship magazine serves every
    weapon of that type, ch. 11)."""
    system = s["ship"]["systems"][label]["system"]
    total = c["ammo"].get(label, 0)
    for mlabel, e in s["ship"]["systems"].items():
        if e["system"] == AMMO and e.get("for") == system:
            total += c["ammo"].get(mlabel, 0)
    return total


def _spend_ammo(s: State, c: dict, label: str, n: int) -> list[str]:
    system = s["ship"]["systems"][label]["system"]
    sources = [label] + [m for m, e in s["ship"]["systems"].items() if e["system"] == AMMO and e.get("for") == system]
    used = []
    for src in sources:
        while n and c["ammo"].get(src, 0) > 0:
            c["ammo"][src] -= 1
            n -= 1
            used.append(src)
    return used


@dataclass
class Shot:
    """One weapon's fire this turn (10 (3)): the weapon's label, its enemy, its catalogue entry, burst mode."""

    weapon: str
    target: int
    system: str
    info: dict
    burst: bool = False

    @property
    def ammo(self) -> int:
        """The Ammo it spends: 1, 3 in burst mode (OC), none for a weapon without Ammo."""
        return (3 if self.burst else 1) if self.info.get("ammo") else 0


def combat_fire(state: State, dice: Dice, cat: dict, weapons=(), target: int | None = None, oc=(),
                reroll=()) -> Outcome:
    """10 (3): up to 4 weapons, targets chosen before rolling (several targets only with a
    Target System). Each: spend Ammo (OC: 2 more, double damage), hit on 4+ (3+ with a
    Combat Bridge, one more when the enemies are Evading), an unused crew member may
    reroll a miss once; damage goes to the Shield, then the SP. EMP: shields only. HE:
    nothing against a Shield, double SP damage on a 6."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "fire")
    shots = define_targets(s, c, cat, weapons, target)
    overclock(s, shots, oc)
    check_ammo(s, c, shots)
    rerollers = available_crew(s, c, reroll)
    need_roll = (HIT_BRIDGE if working(s, "Combat Bridge") else HIT) + (1 if c.get("event") == TIMELINE_EVADING else 0)
    out: list[str] = []
    if not shots:
        out.append("No weapon fires this turn.")
    checks: list[dict] = []
    results = [fire(s, c, dice, shot, need_roll, rerollers, out, checks) for shot in shots]
    c["step"] = "enemy-fire"
    if not enemy_fire_due(c):
        c["step"] = "boarding"
    left = ships_left(c)
    shown = ", ".join(f"{i} ({enemy_text(c['enemies'][i - 1])})" for i in left)
    out.append(f"Enemies left: {shown}." if left else "Every enemy is destroyed.")
    out.append(after_fire(c))
    hits = sum(1 for r_ in results if r_["hit"])
    return Outcome(s, f"Space Combat turn {c['turn']}: fired {plural(len(shots), 'weapon')}, {plural(hits, 'hit')}", out,
                   {"shots": results, "enemies": c["enemies"]}, with_checks({}, checks))


def define_targets(s: State, c: dict, cat: dict, weapons, target: int | None) -> list[Shot]:
    """10 (3): at most four working weapons, each once, each at an enemy still flying (several
    targets only with a working Target System)."""
    if len(weapons) > MAX_WEAPONS_FIRED:
        raise InputError(f"{len(weapons)} weapons: at most {MAX_WEAPONS_FIRED} fire in one Space Combat turn")
    shots: list[Shot] = []
    for label, tgt in weapons:
        key = known(s["ship"]["systems"], label, "ship weapon")
        e = s["ship"]["systems"][key]
        if cat.get(e["system"], {}).get("category") != "weapon":
            raise InputError(f"the {key} is not a weapon")
        if e.get("damaged"):
            raise RuleError(f"the {key} is damaged: it cannot fire until repaired")
        if any(shot.weapon == key for shot in shots):
            raise InputError(f"the {key} is named twice: each weapon fires once a turn")
        shots.append(Shot(key, _target(c, key, tgt if tgt is not None else target), e["system"], cat[e["system"]]))
    if len({shot.target for shot in shots}) > 1 and not working(s, "Target System"):
        raise RuleError("only a working Target System lets your weapons aim at several ships: one target for all")
    return shots


def _target(c: dict, key: str, t: int | None) -> int:
    active = ships_left(c)
    if t is None:
        if len(active) != 1:
            raise InputError(say(f"which enemy does the {key} fire at? ", cmd("kraken combat fire", key, target="N"),
                                 f" (or WEAPON@N for one weapon); enemies left: "
                                 f"{', '.join(map(str, active)) or 'none'}"))
        t = active[0]
    enemy_at(c, t)
    if t not in active:
        raise RuleError(f"enemy {t} is destroyed already: choose another target")
    return t


def overclock(s: State, shots: list[Shot], oc) -> None:
    """Burst mode (OC weapons only): 2 more Ammo, double damage."""
    for label in oc:
        key = known(s["ship"]["systems"], label, "ship weapon")
        shot = next((x for x in shots if x.weapon == key), None)
        if shot is None:
            raise InputError(f"the {key} does not fire this turn: no burst mode")
        if OVERCLOCK not in shot.info.get("special", ""):
            raise InputError(f"the {key} is not overclockable (OC): only those fire in burst mode")
        shot.burst = True


def check_ammo(s: State, c: dict, shots: list[Shot]) -> None:
    """Every weapon with Ammo has enough, its own and its type's magazines together."""
    need_ammo: dict[str, int] = {}
    for shot in shots:
        if shot.ammo:
            need_ammo[shot.system] = need_ammo.get(shot.system, 0) + shot.ammo
            have = _ammo_left(s, c, shot.weapon)
            if have < shot.ammo:
                raise RuleError(f"the {shot.weapon} has {have} Ammo left"
                                + (" (burst mode needs 3)" if shot.burst else "") + ": it cannot fire")
    for system, need in need_ammo.items():
        first = next(shot.weapon for shot in shots if shot.system == system)
        if _ammo_left(s, c, first) < need:
            raise RuleError(f"the {system} weapons need {need} Ammo this turn and have {_ammo_left(s, c, first)}")


def fire(s: State, c: dict, dice: Dice, shot: Shot, need_roll: int, rerollers: list[str], out: list[str],
         checks: list[dict]) -> dict:
    """One weapon fires: its Ammo is spent, a d6 of at least `need_roll` hits (an unused crew member
    may reroll a miss), and the hit's damage is dealt; its hit roll goes to `checks` (the luck
    audit), with the reroll in its chance when a crew member is there to make it."""
    spent = _spend_ammo(s, c, shot.weapon, shot.ammo) if shot.ammo else []
    key, t = shot.weapon, shot.target
    e = c["enemies"][t - 1]
    res: dict = {"weapon": key, "target": t, "rolls": [], "hit": False, "shield": 0, "sp": 0}
    ammo_note = " (Ammo " + ", ".join(f"{x} -1" for x in spent) + ")" if spent else ""
    if e["sp"] == 0:
        out.append(f"{key} → enemy {t}: it is destroyed already; the shot is wasted{ammo_note}.")
        return res
    p = d6_chance(0, need_roll)
    chance = p + (1 - p) * p if rerollers else p
    r = dice.roll(6, label=f"{key} hit d6 (enemy {t})")
    res["rolls"].append(r)
    line = f"{key}{' (burst)' if shot.burst else ''} → enemy {t}: d6 {r}"
    if r < need_roll and rerollers:
        who = rerollers.pop(0)
        c["used"][who] = "reroll"
        r = dice.roll(6, label=f"{who}'s reroll d6 ({key})")
        res["rolls"].append(r)
        line += f", {who} rerolls: {r}"
    checks.append(check("ship weapon hit", chance, r >= need_roll))
    if r < need_roll:
        out.append(f"{line}: miss (needs {need_roll}+){ammo_note}.")
        return res
    res["hit"] = True
    before_sh, before_sp = e["shield"], e["sp"]
    how = hit(e, shot.info["damage"] * (2 if shot.burst else 1), shot.info.get("special", ""), r)
    res["shield"], res["sp"] = before_sh - e["shield"], before_sp - e["sp"]
    out.append(f"{line}: hit. {how}{ammo_note}.")
    if e["sp"] == 0:
        out.append(f"Enemy {t} ({e['type']}) is destroyed: it no longer fires.")
        res["destroyed"] = True
    return res


def hit(e: dict, dmg: int, special: str, roll: int) -> str:
    """A hit's damage: to the Shield, then the SP. EMP: the Shield only. HE: nothing against a
    Shield, double SP damage on a 6. Returns how it went."""
    before_sh, before_sp = e["shield"], e["sp"]
    if EMP in special:
        e["shield"] -= min(e["shield"], dmg)
        return f"EMP {dmg}: Shield {before_sh} → {e['shield']} (no SP damage)"
    if HIGH_EXPLOSIVE in special:
        if e["shield"] > 0:
            return f"HE {dmg}: the Shield ({e['shield']}) stops it, no damage"
        e["sp"] = max(0, e["sp"] - dmg * (2 if roll == 6 else 1))
        return f"HE {dmg}{' doubled on a 6' if roll == 6 else ''}: SP {before_sp} → {e['sp']}"
    absorbed = min(e["shield"], dmg)
    e["shield"] -= absorbed
    e["sp"] = max(0, e["sp"] - (dmg - absorbed))
    return f"{dmg} damage: Shield {before_sh} → {e['shield']}, SP {before_sp} → {e['sp']}"
