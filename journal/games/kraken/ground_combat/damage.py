"""Chapter 14, Ground combat rules: damage through Shields and Armor, weakness, resistance.

Flags AP, IA, IS, EX and EMP; weaknesses and resistances multiply the damage; every two
points of Ranged or Melee give a boost.
"""

from __future__ import annotations

from typing import Any

from journal.errors import InputError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.constants import (
    ARMOR_PIERCING,
    EMP,
    EXPLOSIVE,
    IGNORE_ARMOR,
    IGNORE_SHIELDS,
    RANGED_KIND,
)
from journal.text import plural

COVER_ARMOR, COVER_EXPLOSIVE = 1, 3       # cover: +1 Armor, +3 against explosives


def attack_types(spec: dict) -> set:
    return set(spec["types"]) | {"ranged" if spec["kind"] == RANGED_KIND else "melee"}


def multiplier(types, weak=(), resist=()) -> tuple[float, int, int]:
    """Ch. 14 weakness and resistance: each matched weakness cancels a resistance; 2+
    weaknesses x3, 1 x2, none x1, 1 resistance x0.5, 2+ resistances no damage."""
    w = len(set(types) & set(weak))
    r = len(set(types) & set(resist))
    net = w - r
    factor = 3.0 if net >= 2 else 2.0 if net == 1 else 1.0 if net == 0 else 0.5 if net == -1 else 0.0
    return factor, w, r


def apply_multiplier(dmg: int, factor: float) -> int:
    return half_up(dmg) if factor == 0.5 else int(dmg * factor)


def pipeline(dmg: int, spec: dict, shield: dict | None, armor: int, weak=(), resist=(), cover: bool = False,
             psi: bool = False) -> dict:
    """Ch. 14 damage: the Shield absorbs first (A: ranged attacks only; B: ranged and
    melee; IS ignores it; EMP only hurts shields), then Armor (AP: half, rounded up; IA:
    none; cover +1, +3 against explosives), then weakness/resistance, then HP."""
    flags = spec.get("flags", [])
    res: dict[str, Any] = {"shield": 0, "armor": 0, "factor": 1.0, "hp": 0, "through": False}
    if EMP in flags:
        if shield is not None:
            res["shield"] = min(shield["power"], dmg)
        return res
    if shield is not None and _shield_absorbs(spec, shield, psi):
        res["shield"] = min(shield["power"], dmg)
        dmg -= res["shield"]
    if dmg <= 0:
        return res
    res["through"] = True
    res["armor"] = min(_armor_against(armor, flags, cover, psi), dmg)
    dmg -= res["armor"]
    if psi:
        res["hp"] = dmg
        return res
    factor, _w, _r = multiplier(attack_types(spec), weak, resist)
    res["factor"] = factor
    res["hp"] = apply_multiplier(dmg, factor)
    return res


def _shield_absorbs(spec: dict, shield: dict, psi: bool) -> bool:
    """A charged Shield absorbs a ranged attack (class A) or any (class B), unless the weapon
    ignores shields (IS) or it is PSI."""
    ranged = spec.get("kind") == RANGED_KIND
    return shield["power"] > 0 and (shield["class"] == "B" or ranged) \
        and IGNORE_SHIELDS not in spec.get("flags", []) and not psi


def _armor_against(armor: int, flags, cover: bool, psi: bool) -> int:
    """The Armor an attack meets: cover +1 (+3 against explosives); none against IA or PSI, half
    (rounded up) against AP."""
    a = armor + ((COVER_EXPLOSIVE if EXPLOSIVE in flags else COVER_ARMOR) if cover else 0)
    if IGNORE_ARMOR in flags or psi:
        return 0
    if ARMOR_PIERCING in flags:
        return half_up(a)
    return a


def boosts(attribute: int, hit: int = 0) -> tuple[int, int]:
    """Ch. 14: every 2 points of Melee (or Ranged) give +1 damage OR -1 to the hit roll;
    returns (damage bonus, hit bonus) with `hit` steps chosen for the roll."""
    points = attribute // 2
    if not 0 <= hit <= points:
        raise InputError(f"{attribute} points give {plural(points, 'boost')} (each 2 points: +1 damage or -1 to the "
                         f"roll), not {hit} on the roll")
    return points - hit, hit
