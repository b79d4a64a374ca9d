"""Chapter 14, Weapons definition: the book's weapon notation, mods, and the slot holding one.

``Rifle (3) 4+, 3 A5 RG``: name, Strength needed, hit value, [times x] damage, Ammo, RG or
ML, then AP IA IS EX T2 EMP WEAKEN n, Fire Ice Toxic, G<grade>; enemy attacks are written
the same way without a name (``RG 4+, 2x3``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from journal.errors import InputError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.constants import HANDS, MELEE_KIND, RANGED_KIND, WEAKEN, WEAPON_FLAGS
from journal.games.kraken.model.members import release_shield
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State

_WEAPON = re.compile(r"(?P<name>.*?)\s*(?:\((?P<str>\d{1,2})\))?\s*(?P<hit>\d)\s*\+\s*,?\s*"
                     r"(?:(?P<times>\d{1,2})\s*[x×]\s*)?(?P<dmg>\d{1,3})(?P<rest>(?:\s.*)?)", re.IGNORECASE)
WEAPON_HINT = ("expected the book's notation: NAME (STRENGTH) HIT+, [TIMESx]DAMAGE [A<ammo>] RG|ML [AP IA IS EX T2 "
               "EMP WEAKEN n Fire Ice Toxic G<grade>], e.g. \"Rifle (3) 4+, 3 A5 RG\" or \"RG 4+, 2x3\"")
TYPES = ("fire", "ice", "toxic")
KINDS = (RANGED_KIND, MELEE_KIND)
FLAGS = WEAPON_FLAGS


def parse_attack(text: str, default_kind: str | None = None) -> dict[str, Any]:
    """'Rifle (3) 4+, 3 A5 RG' / 'RG 4+, 2x3 Fire' → a weapon or attack: name, strength, hit, times,
    damage, ammo (None: unlimited), kind (RG or ML), flags, weaken, types, grade."""
    t = " ".join(str(text).replace(",", ", ").split())
    m = _WEAPON.fullmatch(t)
    if not m:
        raise InputError(f"'{text}' is not a weapon: {WEAPON_HINT}")
    name = m["name"].strip()
    kind = None
    if name.upper() in KINDS:
        kind, name = name.upper(), ""
    spec: dict[str, Any] = {"name": name, "strength": int(m["str"] or 0), "hit": int(m["hit"]),
                            "times": int(m["times"] or 1), "damage": int(m["dmg"]), "ammo": None, "kind": kind,
                            "flags": [], "weaken": 0, "types": [], "grade": None}
    if not 1 <= spec["hit"] <= 6 or spec["times"] < 1:
        raise InputError(f"'{text}': a hit value is 1-6 and an attack happens at least once")
    tokens = [x for x in re.split(r"[\s,]+", m["rest"] or "") if x]
    i = 0
    while i < len(tokens):
        i = _read_token(spec, tokens, i, text)
    spec["kind"] = spec["kind"] or default_kind
    if spec["kind"] is None:
        raise InputError(f"'{text}': say {RANGED_KIND} (ranged) or {MELEE_KIND} (melee)")
    return spec


def _read_token(spec: dict[str, Any], tokens: list[str], i: int, text: str) -> int:
    """One word after the damage: A<ammo>, G<grade>, RG or ML, a flag, WEAKEN n, a damage type.
    Returns the index of the next word."""
    tok = tokens[i].upper()
    if re.fullmatch(r"A\d{1,3}", tok):
        spec["ammo"] = int(tok[1:])
    elif re.fullmatch(r"G\d", tok):
        spec["grade"] = int(tok[1:])
    elif tok in KINDS:
        if spec["kind"] and spec["kind"] != tok:
            raise InputError(f"'{text}': {RANGED_KIND} or {MELEE_KIND}, not both")
        spec["kind"] = tok
    elif tok in FLAGS:
        if tok not in spec["flags"]:
            spec["flags"].append(tok)
    elif tok.startswith(WEAKEN):
        return _read_weaken(spec, tokens, i, text)
    elif tok.lower() in TYPES:
        if tok.lower() not in spec["types"]:
            spec["types"].append(tok.lower())
    else:
        raise InputError(f"'{text}': '{tokens[i]}' is not part of the notation: {WEAPON_HINT}")
    return i + 1


def _read_weaken(spec: dict[str, Any], tokens: list[str], i: int, text: str) -> int:
    """WEAKEN n (or WEAKENn): the number may be the next word. Returns the index of the next word."""
    rest = tokens[i].upper()[len(WEAKEN):]
    if not rest and i + 1 < len(tokens) and tokens[i + 1].isdigit():
        rest = tokens[i + 1]
        i += 1
    if not rest.isdigit() or int(rest) < 1:
        raise InputError(f"'{text}': {WEAKEN} takes a number ({WEAKEN} 2)")
    spec["weaken"] = int(rest)
    return i + 1


def weapon_spec(w: dict) -> dict[str, Any]:
    """A crew weapon's values with its mod applied (+50% Ammo rounded up, or +1 damage)."""
    spec = parse_attack(w["spec"])
    mod = w.get("mod")
    if mod in ("ammo", "both") and spec["ammo"] is not None:
        spec["ammo"] = half_up(spec["ammo"] * 3)
    if mod in ("damage", "both"):
        spec["damage"] += 1
    return spec


def describe_attack(spec: dict) -> str:
    times = f"{spec['times']}x" if spec["times"] > 1 else ""
    parts = [f"{spec['hit']}+", f"{times}{spec['damage']} damage", spec["kind"]]
    if spec["ammo"] is not None:
        parts.append(f"Ammo {spec['ammo']}")
    parts += spec["flags"] + ([f"WEAKEN {spec['weaken']}"] if spec["weaken"] else []) + spec["types"]
    if spec["strength"]:
        parts.insert(0, f"Strength {spec['strength']}")
    return ", ".join(parts)


def weapon_notation(spec: dict) -> str:
    times = f"{spec['times']}x" if spec["times"] > 1 else ""
    ammo = f" A{spec['ammo']}" if spec.get("ammo") is not None else ""
    flags = " ".join(spec["flags"])
    return f"{spec['hit']}+, {times}{spec['damage']}{ammo} {spec['kind']}{(' ' + flags) if flags else ''}"


def weapon_slot(member: CrewMember, label: str) -> str | None:
    """The inventory slot holding a weapon: its name, maybe with a '+ mag' note."""
    want = fold(label)
    for slot, text in member.get("inventory", {}).items():
        if fold(str(text).split("+")[0].strip()) == want:
            return slot
    return None


def unplace_weapon(m: CrewMember, label: str, key: str, out: list[str]) -> str | None:
    slot = weapon_slot(m, label)
    if slot is not None:
        del m["inventory"][slot]
        release_shield(m, key, out)
    return slot


def ready_weapons(member: CrewMember) -> list[str]:
    """Ch. 14: the weapons in a hand (L or R) that can attack now: neither jammed nor damaged,
    charged (T2), with Ammo left, and not too heavy for the member (an AGGRESSIVE member holding
    one must attack)."""
    ready = []
    for key, w in (member.get("weapons") or {}).items():
        if weapon_slot(member, key) not in HANDS or w.get("jam") or w.get("spent"):
            continue
        spec = weapon_spec(w)
        if spec["ammo"] is not None and w.get("ammo", spec["ammo"]) <= 0:
            continue
        if spec["strength"] <= member.get("strength", 0):
            ready.append(key)
    return ready


# Ch. 4, ch. 14: a Magazine in an inventory slot, noted with the weapon it is for: "Rifle mag" (one),
# "Rifle mag x2" (two of a kind share a slot), or "Rifle + mag" (the weapon's own slot holds one)
_MAGAZINE = re.compile(r"(?P<weapon>.+?)\s+(?:mag|magazine|ammo)(?:\s*[x×]\s*(?P<count>[12]))?", re.IGNORECASE)
_SPARE = re.compile(r"(?P<weapon>[^+]+?)\s*\+\s*(?:mag|magazine|ammo)", re.IGNORECASE)


def magazines(member: CrewMember, label: str) -> dict[str, int]:
    """The member's inventory slots holding a Magazine for the weapon `label`, and how many each."""
    want = fold(label.strip())
    found = {}
    for slot, text in member.get("inventory", {}).items():
        t = " ".join(str(text).split())
        spare, mag = _SPARE.fullmatch(t), _MAGAZINE.fullmatch(t)
        if spare and fold(spare["weapon"]) == want:
            found[slot] = 1
        elif mag and fold(mag["weapon"]) == want:
            found[slot] = int(mag["count"] or 1)
    return found


def use_magazine(member: CrewMember, slot: str, label: str) -> str:
    """Erase one Magazine from `slot` (two become one; the weapon's spare leaves the weapon):
    returns what the slot holds now ("" when it is empty)."""
    text = " ".join(str(member["inventory"][slot]).split())
    spare, mag = _SPARE.fullmatch(text), _MAGAZINE.fullmatch(text)
    if spare:
        left = spare["weapon"].strip()
    elif mag and int(mag["count"] or 1) == 2:
        left = f"{mag['weapon'].strip()} mag"
    else:
        left = ""
    if left:
        member["inventory"][slot] = left
    else:
        del member["inventory"][slot]
    return left


def back_on_ship(s: State, names) -> None:
    """Ch. 14: "If you are back at your spaceship all Weapons, no matter if jammed or damaged, will
    be repaired and ready to use again instantly", T2 weapons charged; "If you are back on board
    of your spaceship your PSI Trait will recover from exhaustion automatically"."""
    for name in names:
        m = s["crew"].get(name)
        if not m:
            continue
        for w in (m.get("weapons") or {}).values():
            w.pop("jam", None)
            w.pop("spent", None)
        m.pop("psi_exhausted", None)
