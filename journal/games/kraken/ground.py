"""Space Kraken: ground combat (chapter 14), crew gear and Treasure drops, as pure functions.

Enemy profiles are the book's fold-out sheets: players type each enemy's values (or keep
them in a profiles file, see templates/kraken/enemies-sample.toml) and `journal` keeps
its HP, Shield, Armor and effects in ``[state.ground]``. Weapons are written in the book's
own notation, ``Rifle (3) 4+, 3 A5 RG`` (name, Strength needed, hit value, [times x]
damage, Ammo, RG or ML, then AP IA IS EX T2 EMP WEAKEN n, Fire Ice Toxic, G<grade>), and
enemy attacks the same way without a name (``RG 4+, 2x3``).

The loop (ch. 14): spawn (`start`: the levels, the reaction check, a second Primary, the
Minions), the enemies' profiles (`add`), `initiative`, then each turn Oxygen, the crew's
actions, the enemies' actions (rolled on their table, or typed as the player read it)
and the shields' recharge (`turn` closes a turn and opens the next).
"""

from __future__ import annotations

import copy
import re

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.state import (
    DAMAGE_TYPES,
    ITEM_KINDS,
    MAX_TREASURE_GRADE,
    SPECIES,
    crew_armor,
    overload,
)
from journal.lookup import find
from journal.outcome import Outcome

MAX_LEVEL = 8
HELL_BOSS_LEVEL = 6       # a LV6+ Boss battle: a 6 spawns a CREATURE FROM HELL
REACTION = 4              # the reaction check: d6 >= 4
FLANK_TARGET = 8          # Flank: d6 + Agility >= 8, +3 damage
FLANK_BONUS = 3
UNJAM = (8, 6, 6)         # unjam: 8+, then 6+ (fail: damaged), then 6+ (fail: broken)
ENEMY_ESCAPE = 4          # an enemy at its escape value escapes on 4+
ESCAPE_SACRIFICE, ESCAPE_AGAIN = 3, 2
SACRIFICE_FAIL = 2        # a failed escape costs each sacrificed member 2 HP
BERSERK_MAX = 3
MEDITATE_BASE = 3
PSI_FLASH = 3
MIDAS = 3
FISTS = {"name": "fists", "strength": 0, "hit": 4, "times": 1, "damage": 1, "ammo": None, "kind": "ML",
         "flags": [], "weaken": 0, "types": [], "grade": None}
TYPES = ("fire", "ice", "toxic")
FLAGS = ("AP", "IA", "IS", "EX", "T2", "EMP")

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


def _copy(state: dict) -> dict:
    return copy.deepcopy(state)


# --- weapons in the book's notation -----------------------------------------------------------

_WEAPON = re.compile(r"(?P<name>.*?)\s*(?:\((?P<str>\d{1,2})\))?\s*(?P<hit>\d)\s*\+\s*,?\s*"
                     r"(?:(?P<times>\d{1,2})\s*[x×]\s*)?(?P<dmg>\d{1,3})(?P<rest>(?:\s.*)?)", re.IGNORECASE)
WEAPON_HINT = ("expected the book's notation: NAME (STRENGTH) HIT+, [TIMESx]DAMAGE [A<ammo>] RG|ML [AP IA IS EX T2 "
               "EMP WEAKEN n Fire Ice Toxic G<grade>], e.g. \"Rifle (3) 4+, 3 A5 RG\" or \"RG 4+, 2x3\"")


def parse_attack(text: str, default_kind: str | None = None) -> dict:
    """'Rifle (3) 4+, 3 A5 RG' / 'RG 4+, 2x3 Fire' → a weapon or attack."""
    t = " ".join(str(text).replace(",", ", ").split())
    m = _WEAPON.fullmatch(t)
    if not m:
        raise InputError(f"'{text}' is not a weapon: {WEAPON_HINT}")
    name = m["name"].strip()
    kind = None
    if name.upper() in ("RG", "ML"):
        kind, name = name.upper(), ""
    spec = {"name": name, "strength": int(m["str"] or 0), "hit": int(m["hit"]), "times": int(m["times"] or 1),
            "damage": int(m["dmg"]), "ammo": None, "kind": kind, "flags": [], "weaken": 0, "types": [],
            "grade": None}
    if not 1 <= spec["hit"] <= 6 or spec["times"] < 1:
        raise InputError(f"'{text}': a hit value is 1-6 and an attack happens at least once")
    tokens = [x for x in re.split(r"[\s,]+", m["rest"] or "") if x]
    i = 0
    while i < len(tokens):
        tok = tokens[i].upper()
        if re.fullmatch(r"A\d{1,3}", tok):
            spec["ammo"] = int(tok[1:])
        elif re.fullmatch(r"G\d", tok):
            spec["grade"] = int(tok[1:])
        elif tok in ("RG", "ML"):
            if spec["kind"] and spec["kind"] != tok:
                raise InputError(f"'{text}': RG or ML, not both")
            spec["kind"] = tok
        elif tok in FLAGS:
            if tok not in spec["flags"]:
                spec["flags"].append(tok)
        elif tok.startswith("WEAKEN"):
            rest = tok[6:]
            if not rest and i + 1 < len(tokens) and tokens[i + 1].isdigit():
                rest = tokens[i + 1]
                i += 1
            if not rest.isdigit() or int(rest) < 1:
                raise InputError(f"'{text}': WEAKEN takes a number (WEAKEN 2)")
            spec["weaken"] = int(rest)
        elif tok.lower() in TYPES:
            if tok.lower() not in spec["types"]:
                spec["types"].append(tok.lower())
        else:
            raise InputError(f"'{text}': '{tokens[i]}' is not part of the notation: {WEAPON_HINT}")
        i += 1
    spec["kind"] = spec["kind"] or default_kind
    if spec["kind"] is None:
        raise InputError(f"'{text}': say RG (ranged) or ML (melee)")
    return spec


def weapon_spec(w: dict) -> dict:
    """A crew weapon's values with its mod applied (+50% Ammo rounded up, or +1 damage)."""
    spec = parse_attack(w["spec"])
    mod = w.get("mod")
    if mod in ("ammo", "both") and spec["ammo"] is not None:
        spec["ammo"] = half_up(spec["ammo"] * 3)
    if mod in ("damage", "both"):
        spec["damage"] += 1
    return spec


def attack_types(spec: dict) -> set:
    return set(spec["types"]) | {"ranged" if spec["kind"] == "RG" else "melee"}


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
    res = {"shield": 0, "armor": 0, "factor": 1.0, "hp": 0, "through": False}
    ranged = spec.get("kind") == "RG"
    covers = shield is not None and shield["power"] > 0 and (shield["class"] == "B" or ranged)
    if "EMP" in flags:
        if shield is not None:
            res["shield"] = min(shield["power"], dmg)
        return res
    if covers and "IS" not in flags and not psi:
        res["shield"] = min(shield["power"], dmg)
        dmg -= res["shield"]
    if dmg <= 0:
        return res
    res["through"] = True
    a = armor + ((3 if "EX" in flags else 1) if cover else 0)
    if "IA" in flags or psi:
        a = 0
    elif "AP" in flags:
        a = half_up(a)
    res["armor"] = min(a, dmg)
    dmg -= res["armor"]
    if psi:
        res["hp"] = dmg
        return res
    factor, _w, _r = multiplier(attack_types(spec), weak, resist)
    res["factor"] = factor
    res["hp"] = apply_multiplier(dmg, factor)
    return res


def boosts(attribute: int, hit: int = 0) -> tuple[int, int]:
    """Ch. 14: every 2 points of Melee (or Ranged) give +1 damage OR -1 to the hit roll;
    returns (damage bonus, hit bonus) with `hit` steps chosen for the roll."""
    points = attribute // 2
    if not 0 <= hit <= points:
        raise InputError(f"--hit {hit}: {attribute} points give {points} boost(s) (each 2 points: +1 damage or -1 to "
                         f"the roll)")
    return points - hit, hit


# --- crew gear (A2) ------------------------------------------------------------------------------

def _piece(option: str, text: str) -> dict | None:
    """'Kevlar vest:2' → {"name": "Kevlar vest", "armor": 2}; 'none' → None."""
    from journal.games.kraken.state import ARMOR_MAX

    t = str(text).strip()
    if t.casefold() == "none":
        return None
    name, sep, value = t.rpartition(":")
    name = " ".join(name.split())
    if not sep or not name or not value.strip().isdigit() or not 1 <= int(value) <= ARMOR_MAX:
        raise InputError(f"{option} {text}: NAME:ARMOR with an Armor value 1-{ARMOR_MAX} (e.g. \"Kevlar vest:2\"), "
                         f"or none")
    return {"name": name, "armor": int(value)}


def crew_gear(state: dict, dice, name: str, armor: int | None = None, shield: str | None = None,
              charger: int | None = None, jacket: str | None = None, helmet: str | None = None,
              physical_shield: str | None = None) -> Outcome:
    """Ch. 14 Armor: a crew member wears at most one jacket, one helmet and one physical
    Shield (carried in one hand: the item must be in slot L or R), each NAME:ARMOR (or
    none); the Armor is their sum plus the Strength bonus, 8 at most (a hero's maximum).
    `armor` is the first form: an unnamed jacket of that value (0: none). Armor Items may
    be switched during combat: the text prints no cost, so it takes no action (moving an
    item into a hand is the Exchange action's rearranging). Also the active Shield (class A
    flash, B energy; POWER/RECHARGE) and the Shield charger activated each combat turn
    (one a turn: it adds its charge to the Shield's own recharge)."""
    from journal.games.kraken.state import (
        ARMOR_MAX,
        ARMOR_PIECE_TEXT,
        armor_text,
        crew_armor,
        hand_holding,
        hands_text,
        item_named,
        worn_armor,
    )

    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    m = s["crew"][key]
    out = []
    pieces = {"jacket": jacket, "helmet": helmet, "physical_shield": physical_shield}
    if armor is None and shield is None and charger is None and all(v is None for v in pieces.values()):
        raise InputError("give --jacket|--helmet|--physical-shield NAME:ARMOR (or none), --armor N (an unnamed "
                         "jacket), --shield A|B:POWER/RECHARGE (or --shield none) and/or --charger N")
    if armor is not None and jacket is not None:
        raise InputError("--armor N is an unnamed jacket: give --armor or --jacket, not both (one jacket is worn "
                         "at a time)")
    if armor is not None:
        if not 0 <= armor <= ARMOR_MAX:
            raise InputError(f"--armor {armor}: a hero's Armor is 0-{ARMOR_MAX}")
        if armor:
            m["armor"] = armor
        else:
            m.pop("armor", None)
        out.append(f"{key}: Armor {armor}.")
        old = m.pop("jacket", None)
        if old:
            out.append(f"It replaces the {old['name']} (one jacket at a time).")
    changed, missing = False, []
    for k, text in pieces.items():
        if text is None:
            continue
        what = ARMOR_PIECE_TEXT[k]
        option = "--" + k.replace("_", "-")
        piece = _piece(option, text)
        old = m.get(k)
        if k == "jacket" and m.get("armor"):
            old = {"name": "unnamed jacket", "armor": m["armor"]}
        if piece is None:
            m.pop(k, None)
            if k == "jacket":
                m.pop("armor", None)
            out.append(f"{key} takes off the {old['name']} ({what})." if old else f"{key} wears no {what}.")
            changed = changed or old is not None
            continue
        if k == "physical_shield":
            hand = hand_holding(m, piece["name"])
            if hand is None:
                fight = key in (s.get("ground") or {}).get("crew", [])
                raise RuleError(f"{option} {piece['name']}: a physical Shield is carried in one hand (ch. 14) and "
                                f"{key}'s hands hold {hands_text(m)}: put it in a hand first (journal kraken crew "
                                f"equip {key} L|R \"{piece['name']}\")" + ("; in a Ground Combat that is an Exchange "
                                                                           "action (journal kraken ground exchange "
                                                                           f"{key})" if fight else ""))
            piece["name"] = _item_name(m["inventory"][hand], piece["name"])
        if k == "jacket":
            m.pop("armor", None)
        m[k] = piece
        changed = True
        where = f", in {key}'s hand {hand}" if k == "physical_shield" else ""
        line = f"{key} wears the {piece['name']} ({what}, Armor {piece['armor']}{where})"
        if old and old["name"].casefold() != piece["name"].casefold():
            line += f" instead of the {old['name']} (one {what} at a time)"
        out.append(line + ".")
        if k != "physical_shield" and item_named(m, piece["name"]) is None:
            missing.append(piece["name"])
    if changed or (armor is not None and any(m.get(k) for k in pieces)):
        out.append(f"{key}'s {armor_text(m)}." if worn_armor(m) else
                   f"{key} wears no Armor" + (f": {armor_text(m)}." if crew_armor(m) else "."))
        g = s.get("ground")
        if changed and g and key in g.get("crew", []):
            out.append("Switching Armor Items during a Ground Combat takes no action (ch. 14); moving an item into a "
                       "hand or to a team mate is an Exchange action.")
    if shield is not None:
        if shield.strip().lower() == "none":
            m.pop("shield", None)
            out.append(f"{key}: no Shield.")
        else:
            mm = re.fullmatch(r"\s*([ABab])\s*:\s*(\d{1,2})\s*/\s*(\d{1,2})\s*", shield)
            if not mm or int(mm[2]) < 1:
                raise InputError(f"--shield {shield}: CLASS:POWER/RECHARGE, e.g. B:4/1 (A flash, B energy) or none")
            m["shield"] = {"class": mm[1].upper(), "power": int(mm[2]), "recharge": int(mm[3])}
            out.append(f"{key}: Shield class {mm[1].upper()} {mm[2]} (+{mm[3]} a turn).")
    if charger is not None:
        if not 0 <= charger <= 99:
            raise InputError(f"--charger {charger}: the charge it restores each combat turn, 0 (none) to 99")
        if charger:
            m["charger"] = charger
            out.append(f"{key}: a Shield charger restores {charger} each combat turn (one charger a turn)."
                       + ("" if m.get("shield") else f" It charges nothing until {key} has a Shield."))
        else:
            m.pop("charger", None)
            out.append(f"{key}: no Shield charger.")
    summary = " ".join(out).rstrip(".")
    if missing:
        out.append(f"Note: {key}'s inventory holds no {' or '.join(missing)}: Armor Items take a slot like any item "
                   f"(ch. 3.4): journal kraken crew equip {key} SLOT ITEM.")
    return Outcome(s, summary, out,
                   {"name": key, "armor": worn_armor(m), **{k: m.get(k) for k in pieces},
                    "armor_total": crew_armor(m), "shield": m.get("shield"), "charger": m.get("charger")})


def _item_name(text: str, typed: str) -> str:
    """The item's name as the inventory writes it ("Anti-Terror Shield" for "anti-terror
    shield" typed), else as typed."""
    for cand in (str(text), str(text).split("+")[0]):
        if " ".join(cand.split()).casefold() == typed.casefold():
            return " ".join(cand.split())
    return typed


def weapon_slot(member: dict, label: str) -> str | None:
    """The inventory slot holding a weapon: its name, maybe with a '+ mag' note."""
    want = label.casefold()
    for slot, text in member.get("inventory", {}).items():
        if str(text).split("+")[0].strip().casefold() == want:
            return slot
    return None


def _place(m: dict, key: str, label: str, slot: str | None, out: list[str]) -> None:
    """Put a new weapon in an inventory slot (a hand first) unless its name is there already."""
    from journal.games.kraken.state import INVENTORY, OVERLOAD_MAX, carry_capacity

    have = weapon_slot(m, label)
    inv = m["inventory"]
    if slot is not None:
        sl = str(slot).strip().upper()
        if sl not in INVENTORY:
            raise InputError(f"--slot {slot}: L, R (hands) or 1-4 (backpack)")
        if have == sl:
            return
        if have is not None:
            raise RuleError(f"{key} carries the {label} in slot {have} already")
        if sl in inv:
            raise RuleError(f"{key}'s slot {sl} holds {inv[sl]}: unequip it first")
    elif have is not None:
        out.append(f"The {label} is the one in {key}'s slot {have} ({inv[have]}).")
        return
    else:
        sl = next((x for x in INVENTORY if x not in inv), None)
        if sl is None or len(inv) + 1 > carry_capacity(m["strength"]) + OVERLOAD_MAX:
            out.append(f"{key} has no room for it: it is in no inventory slot until you make room and equip it "
                       f"(journal kraken crew unequip / equip {key} L \"{label}\"): only a weapon in a hand "
                       f"attacks.")
            return
    cap = carry_capacity(m["strength"])
    if len(inv) + 1 > cap + OVERLOAD_MAX:
        raise RuleError(f"{key} carries {len(inv)} items: capacity {cap} + at most {OVERLOAD_MAX} overload")
    inv[sl] = label
    m["inventory"] = {k: inv[k] for k in INVENTORY if k in inv}
    where = "hand" if sl in ("L", "R") else "backpack"
    out.append(f"Write it in {key}'s slot {sl} ({where})." + ("" if sl in ("L", "R") else
                                                            " Only a weapon in a hand attacks (L or R)."))
    from journal.games.kraken.state import overload

    if overload(m):
        out.append(f"{key} is overloaded by {overload(m)}: -{overload(m)} to Ranged and Melee attack rolls in Ground "
                   f"Combat.")


def _unplace(m: dict, label: str, key: str, out: list[str]) -> str | None:
    from journal.games.kraken.state import release_shield

    slot = weapon_slot(m, label)
    if slot is not None:
        del m["inventory"][slot]
        release_shield(m, key, out)
    return slot


def crew_weapon(state: dict, dice, name: str, spec: str | None = None, weapon: str | None = None,
                ammo: int | None = None, remove: bool = False, jam: str | None = None,
                slot: str | None = None) -> Outcome:
    """A crew weapon in the book's notation (Ammo full when added), or its Ammo, jam or
    removal by hand. A new weapon is the one of that name in the inventory, or goes into a
    free slot (a hand first, or `slot`): only a weapon in a hand attacks (ch. 14)."""
    from journal.games.kraken.state import JAMS

    s = _copy(state)
    key = find(s["crew"], name, "crew member")
    m = s["crew"][key]
    weapons = m.setdefault("weapons", {})
    out: list[str] = []
    if spec is not None:
        parsed = parse_attack(spec)
        label = parsed["name"] or "Weapon"
        if not parsed["name"]:
            raise InputError(f"'{spec}': name the weapon first (e.g. \"Rifle (3) 4+, 3 A5 RG\")")
        n, base = 1, label
        while label in weapons:
            n += 1
            label = f"{base} {n}"
        if parsed["strength"] > m["strength"]:
            out.append(f"Note: the {label} needs Strength {parsed['strength']}; {key} has {m['strength']}.")
        _place(m, key, label, slot, out)
        weapons[label] = {"spec": " ".join(spec.split())}
        if parsed["ammo"] is not None:
            weapons[label]["ammo"] = parsed["ammo"] if ammo is None else ammo
        out.insert(0, f"{key} carries the {label}: {_describe(parsed)}.")
        return Outcome(s, f"{key}: weapon {label}", out, {"name": key, "weapon": label, **weapons[label]})
    if weapon is None:
        raise InputError("give a weapon SPEC to add, or --weapon NAME to change one")
    wkey = find(weapons, weapon, f"weapon of {key}", "--weapon")
    w = weapons[wkey]
    if slot is not None:
        raise InputError("--slot places a new weapon (move one with journal kraken crew equip|unequip)")
    if remove:
        del weapons[wkey]
        if not weapons:
            del m["weapons"]
        more: list[str] = []
        gone = _unplace(m, wkey, key, more)
        return Outcome(s, f"{key}: weapon {wkey} erased", [f"{key}: the {wkey} is erased"
                                                           + (f" (slot {gone} emptied)." if gone else ".")] + more,
                       {"name": key})
    if ammo is not None:
        cap = weapon_spec(w)["ammo"]
        if cap is None:
            raise RuleError(f"the {wkey} has unlimited Ammo")
        if not 0 <= ammo <= cap:
            raise InputError(f"--ammo {ammo}: the {wkey} holds 0-{cap}")
        w["ammo"] = ammo
        out.append(f"{key}'s {wkey}: Ammo {ammo}/{cap}.")
    if jam is not None:
        if jam == "none":
            w.pop("jam", None)
            out.append(f"{key}'s {wkey}: not jammed.")
        elif jam in JAMS:
            w["jam"] = jam
            out.append(f"{key}'s {wkey}: {jam}.")
        else:
            raise InputError(f"--jam {jam}: none, {', '.join(JAMS)}")
    if not out:
        raise InputError("nothing to change: --ammo N, --jam STATE or --remove")
    return Outcome(s, " ".join(out).rstrip(".") + " (by hand)", out, {"name": key, "weapon": wkey, **w})


def _describe(spec: dict) -> str:
    times = f"{spec['times']}x" if spec["times"] > 1 else ""
    parts = [f"{spec['hit']}+", f"{times}{spec['damage']} damage", spec["kind"]]
    if spec["ammo"] is not None:
        parts.append(f"Ammo {spec['ammo']}")
    parts += spec["flags"] + ([f"WEAKEN {spec['weaken']}"] if spec["weaken"] else []) + spec["types"]
    if spec["strength"]:
        parts.insert(0, f"Strength {spec['strength']}")
    return ", ".join(parts)


# --- spawning (ch. 14) -------------------------------------------------------------------------

def _ground(s: dict) -> dict:
    g = s.get("ground")
    if not g:
        raise RuleError("there is no Ground Combat going on (journal kraken dungeon enemy TILE, or ground start)")
    return g


def ground_start(state: dict, dice, level: int | None = None, tile: str | None = None, boss: bool = False,
                 ambush: bool = False, map_no: int | None = None, atmosphere: str | None = None,
                 crew=()) -> Outcome:
    """Ch. 14 spawning: the Primary level (Location Difficulty + E#, at most 8); a LV6+
    Boss battle rolls for a CREATURE FROM HELL; the reaction check (d6 ≥ 4, failed in an
    ambush) gives a bonus action; a second Primary when d6 < the map number; Minions (level
    - 1, none at LV1) by d6 + map number: 2-5 none, 6-10 one, 11+ two (a Boss has one at
    least); the second Primary's and the Minions' species by d6."""
    from journal.games.kraken import dungeon as dg
    from journal.games.kraken.rules import _refuse_if_over

    s = _copy(state)
    _refuse_if_over(s)
    if s.get("ground"):
        raise RuleError("a Ground Combat is going on already")
    if s.get("combat"):
        raise RuleError("a Space Combat is going on")
    d = s.get("dungeon")
    out: list[str] = []
    key = None
    if d and d.get("visit"):
        raise RuleError("a short visit is one trade on a cleared map: no enemy is there (journal kraken dungeon leave "
                        "teleport)")
    if d:
        if tile is None and level is None:
            raise InputError("name the Enemy or Boss tile (E3, B2, E?) or give --level N (an event's combat)")
        if tile is not None:
            label, kind, lv_txt = dg._tile(tile)
            if kind not in ("E", "B"):
                raise InputError(f"'{label}' is not an Enemy (E#) or Boss (B#) tile")
            boss = boss or kind == "B"
            key = dg._key(d, label)
            if dg._cleared(s, d):
                raise RuleError(f"map {d['map']} is cleared: no enemy or boss is there")
            if dg._resolved(d, key):
                raise RuleError(f"{label} was defeated this exploration: it does not attack again")
            lv = s["locations"][d["location"]]["difficulty"] + dg._value(s, d, dice, label, lv_txt, out)
            if level is not None and level != lv:
                raise InputError(f"--level {level}: {label} at Difficulty "
                                 f"{s['locations'][d['location']]['difficulty']} is level {lv}")
            level = lv
            d.pop("avoid_failed", None)
        if map_no is not None and map_no != d["map"]:
            raise InputError(f"--map: the team is on map {d['map']}")
        map_no = d["map"]
        atmosphere = atmosphere or dg.atmosphere_here(s, d)
        names = [n for n in d["crew"] if n in s["crew"] and s["crew"][n]["status"] == "active"]
    else:
        if level is None:
            raise InputError("--level is required (an event's combat: its level), or explore a Location")
        map_no = map_no or 1
        atmosphere = (atmosphere or "YES").upper()
        if atmosphere not in ("YES", "NO", "HELL"):
            raise InputError(f"--atmosphere {atmosphere}: YES, NO or HELL")
        builders = {n for b in s["builds"].values() for n in b["crew"]}
        if crew:
            names = []
            for c in crew:
                n = find(s["crew"], c, "crew member", "--crew")
                if n not in names:
                    names.append(n)
        else:
            names = [n for n, m in s["crew"].items() if m["status"] == "active" and n not in builders]
        for n in names:
            if n in builders:
                raise RuleError(f"{n} is building and does not join Ground Combats (ch. 7)")
            if s["crew"][n]["status"] != "active":
                raise RuleError(f"{n} is unconscious")
    if not names:
        raise RuleError("no conscious crew member can fight")
    if not 1 <= level:
        raise InputError(f"--level {level}: 1 or more")
    shown = min(level, MAX_LEVEL)
    g = {"level": shown, "boss": boss, "ambush": ambush, "map": map_no, "atmosphere": atmosphere, "turn": 0,
         "step": "spawn", "minions": 0, "enemies": {}, "crew": names}
    if key:
        g["tile"] = key
    if d and d.get("surprise"):
        g["surprise"] = True
        d.pop("surprise")
    if d and d.get("midas"):
        g["midas"] = True
        d.pop("midas")
    sheet = min(shown, 6)
    extra = {7: " (a LV6 sheet: +1 damage to every enemy attack)",
             8: " (a LV6 sheet: +2 damage and +1 to hit on every enemy attack)"}.get(shown, "")
    species = s["locations"][d["location"]]["species"] if d else None
    out.append(f"{'Boss battle' if boss else 'Ground Combat'}: Primary Enemy level {shown}"
               + (f" (capped from {level})" if level > MAX_LEVEL else "") + extra + ".")
    data: dict = {"level": shown, "boss": boss, "ambush": ambush}
    if boss and shown >= HELL_BOSS_LEVEL:
        r = dice.roll(6)
        data["hell"] = r
        if r == 6:
            g["from_hell"] = True
            out.append(f"LV{shown} Boss: d6 6: a CREATURE FROM HELL instead (fold out a random one).")
        else:
            out.append(f"LV{shown} Boss: d6 {r}: no creature from hell.")
    if not g.get("from_hell"):
        out.append(f"Fold out a LV{sheet} {species or 'enemy'} sheet (either profile) for Primary 1.")
    if ambush:
        out.append("Ambush: the reaction check fails; the enemies act first all combat.")
    else:
        r = dice.roll(6)
        data["reaction"] = r
        if r >= REACTION:
            g["bonus"] = True
            out.append(f"Reaction: d6 {r}: one crew member may take a bonus action now (not Flank) or use a PSI "
                       f"power.")
        else:
            out.append(f"Reaction: d6 {r}: no reaction.")
    factions: dict[str, int] = {}
    if species and not g.get("from_hell"):
        factions[species] = 1

    def faction(what: str) -> str:
        """A d6 species; at LV7 and LV8 (stacked LV6 sheets) no more than 2 enemies of one
        faction: a species that would make a third is rolled again."""
        rolls = [dice.roll(6)]
        while shown >= 7 and factions.get(SPECIES[rolls[-1] - 1], 0) >= 2:
            rolls.append(dice.roll(6))
        kind = SPECIES[rolls[-1] - 1]
        factions[kind] = factions.get(kind, 0) + 1
        if len(rolls) > 1:
            out.append(f"{what}: d6 {', '.join(map(str, rolls))}: no more than 2 enemies of one faction at LV{shown} "
                       f"(" + ", ".join(SPECIES[x - 1] for x in rolls[:-1]) + f" rerolled) → {kind}.")
        return kind

    r = dice.roll(6)
    data["second"] = r
    if r < map_no:
        g["second"] = True
        n_out = len(out)
        kind = faction("Second Primary species")
        sp = SPECIES.index(kind) + 1
        out.insert(n_out, f"Second Primary: d6 {r} < map {map_no}: a second LV{sheet} Primary, species d6 {sp}: "
                          f"{kind}.")
        data["second_species"] = kind
    else:
        out.append(f"Second Primary: d6 {r} is not below map {map_no}: none.")
    minions = 0
    if shown > 1 or boss:
        r = dice.roll(6)
        total = r + map_no
        minions = 0 if total <= 5 else 1 if total <= 10 else 2
        line = f"Minions: d6 {r} + map {map_no} = {total}: {minions}"
        if boss and minions == 0:
            minions = 1
            line += " (a Boss always brings one)"
        out.append(line + ".")
        kinds = []
        for i in range(minions):
            kinds.append(faction(f"Minion {i + 1} species"))
        if kinds:
            out.append(f"Minions (LV{max(1, min(shown - 1, 6))}): {', '.join(kinds)}.")
        data["minion_species"] = kinds
    else:
        out.append("Level 1: no Minions.")
    g["minions"] = minions
    s["ground"] = g
    if shown >= 7:
        out.append("No more than 2 enemies of one faction (LV7/LV8): journal rerolled any species that would make a "
                   "third" + ("" if species else " (the first Primary's faction is the sheet you fold out: mind it)")
                   + ".")
    out.append("Enter each enemy's values from its sheet: journal kraken ground add LABEL --hp N --armor N --agility N "
               "… (or --profile NAME), then journal kraken ground initiative.")
    data["minions"] = minions
    return Outcome(s, f"Ground Combat LV{shown}" + (" (Boss)" if boss else "") + f": {1 + bool(g.get('second'))} "
                      f"Primary, {minions} Minion(s)", out, data)


_ACTION = re.compile(r"\s*(\d)\s*(?:-\s*(\d))?\s*:\s*(.+)")


def parse_actions(items) -> list[dict]:
    """'1-2: idle', '3-5: ML 4+, 3', '6: RG 4+, 2x2 Fire' → the enemy's d6 table."""
    rows = []
    for it in items:
        m = _ACTION.fullmatch(str(it))
        if not m:
            raise InputError(f"--action '{it}': ROLL: ACTION, e.g. \"1-2: idle\" or \"3-6: ML 4+, 3\"")
        lo, hi = int(m[1]), int(m[2] or m[1])
        if not 1 <= lo <= hi <= 6:
            raise InputError(f"--action '{it}': rolls 1-6")
        do = m[3].strip()
        if not _is_idle(do) and _try_attack(do) is None and not do:
            raise InputError(f"--action '{it}': an action")
        rows.append({"lo": lo, "hi": hi, "do": do})
    covered = [n for r in rows for n in range(r["lo"], r["hi"] + 1)]
    if rows and sorted(covered) != list(range(1, 7)):
        raise InputError("--action: the table covers each roll 1-6 exactly once")
    return rows


def _is_idle(text: str) -> bool:
    return text.strip().lower().startswith("idle")


def _try_attack(text: str) -> dict | None:
    try:
        return parse_attack(text)
    except InputError:
        return None


_TRAIT = re.compile(r"\s*(?P<name>[^:]+?)\s*(?::\s*(?P<effect>.*?)\s*)?")
_TRAIT_EFFECT = re.compile(r"\+\s*(?P<n>\d{1,3})\s*(?P<what>HP|shields?)", re.IGNORECASE)
ZOMBIE = "zombie"


def parse_trait(text: str) -> dict:
    """An enemy trait as its sheet names it (book p. 170, not in our rulebook text):
    'Zombie', 'Regen: +1 HP', 'Shield boost: +2 Shield'. An effect '+N HP' or '+N Shield'
    is applied after the enemy's regular action (ch. 14, Special Traits); any other trait
    is shown as a reminder to apply by hand."""
    m = _TRAIT.fullmatch(str(text))
    if not m or not m["name"].strip():
        raise InputError(f"--trait '{text}': NAME or NAME: EFFECT (e.g. Zombie, \"Regen: +1 HP\")")
    effect = (m["effect"] or "").strip()
    out = {"name": m["name"].strip(), "effect": effect or None, "hp": 0, "shield": 0}
    e = _TRAIT_EFFECT.fullmatch(effect) if effect else None
    if e:
        out["hp" if e["what"].upper() == "HP" else "shield"] = int(e["n"])
    return out


def has_trait(e: dict, name: str) -> bool:
    return any(parse_trait(t)["name"].casefold() == name for t in e.get("traits", []))


def ground_add(state: dict, dice, label: str, profile: dict | None = None, profile_name: str | None = None,
               name: str | None = None,
               minion: bool = False, level: int | None = None, hp: int | None = None, armor: int | None = None,
               agility: int | None = None, shield: str | None = None, escape: int | None = None,
               treasure: int | None = None, xp: int | None = None, weak=(), resist=(), actions=(),
               acts: int | None = None, species: str | None = None, note: str | None = None,
               traits=()) -> Outcome:
    """An enemy's profile from its sheet (typed, or from a profiles file): HP, Armor,
    Agility, Shield, escape value, Treasure value, XP, weaknesses and resistances, its d6
    action table, its traits."""
    from journal.games.kraken.rules import _species

    s = _copy(state)
    g = _ground(s)
    label = str(label).strip()
    if not label:
        raise InputError("name the enemy (a label such as E1, Boss, Minion 1)")
    if any(k.casefold() == label.casefold() for k in g["enemies"]):
        raise RuleError(f"there is an enemy {label} already")
    if g["step"] != "spawn" and g["turn"] > 0:
        raise RuleError("enemies are entered before the initiative check")
    p = {k: v for k, v in (profile or {}).items() if k != "level"}
    if profile_name:
        p["name"] = profile_name
    vals = {k: v for k, v in {"name": name, "hp": hp, "armor": armor, "agility": agility,
                              "shield": shield, "escape": escape, "treasure": treasure, "xp": xp,
                              "acts": acts, "species": species, "note": note}.items() if v is not None}
    p.update(vals)
    if weak:
        p["weak"] = list(weak)
    if resist:
        p["resist"] = list(resist)
    if actions:
        p["actions"] = list(actions)
    if traits:
        p["traits"] = list(traits)
    for need in ("hp", "agility"):
        if need not in p:
            raise InputError(f"--{need} is required (from the enemy's sheet)")
    expected = max(1, g["level"] - 1) if minion else g["level"]
    lv = max(1, min(MAX_LEVEL, int(level if level is not None else expected)))
    sheet_lv = (profile or {}).get("level")
    notes = []
    if sheet_lv is not None and int(sheet_lv) != min(lv, 6):
        notes.append(f"Note: the profile is a LV{sheet_lv} sheet; this {'Minion' if minion else 'Primary'} is LV{lv} "
                     f"(a LV{min(lv, 6)} sheet).")
    e = {"name": str(p.get("name") or label), "level": lv, "minion": bool(minion), "hp": int(p["hp"]),
         "hp_max": int(p["hp"]), "armor": int(p.get("armor", 0)), "agility": int(p["agility"]), "status": "active"}
    if e["hp"] < 1 or e["armor"] < 0 or e["agility"] < 0:
        raise InputError("--hp is 1 or more, --armor and --agility 0 or more")
    if p.get("species"):
        e["species"] = _species(p["species"])
    if p.get("shield"):
        mm = re.fullmatch(r"\s*([ABab])\s*:\s*(\d{1,3})\s*(?:/\s*(\d{1,3}))?\s*", str(p["shield"]))
        if not mm or int(mm[2]) < 1:
            raise InputError(f"--shield {p['shield']}: CLASS:POWER/RECHARGE, e.g. B:4/1")
        e["shield"] = {"class": mm[1].upper(), "power": int(mm[2]), "max": int(mm[2]), "recharge": int(mm[3] or 0)}
    for k in ("escape", "treasure", "xp"):
        if p.get(k) is not None:
            e[k] = int(p[k])
    for k in ("weak", "resist"):
        if p.get(k):
            vals_ = [str(x).strip().lower() for x in p[k]]
            vals_ = [{"rg": "ranged", "ml": "melee"}.get(x, x) for x in vals_]
            bad = [x for x in vals_ if x not in DAMAGE_TYPES]
            if bad:
                raise InputError(f"--{k} {bad[0]}: one of {', '.join(DAMAGE_TYPES)}")
            e[k] = sorted(set(vals_))
    if p.get("actions"):
        e["actions"] = parse_actions(p["actions"])
    if p.get("acts"):
        if int(p["acts"]) not in (1, 2):
            raise InputError("--acts: an enemy acts once, or twice with the trait")
        if int(p["acts"]) == 2:
            e["acts"] = 2
    if p.get("note"):
        e["note"] = str(p["note"])
    if p.get("traits"):
        raw = p["traits"] if isinstance(p["traits"], list) else [p["traits"]]
        e["traits"] = []
        for t in raw:
            parsed = parse_trait(t)
            e["traits"].append(parsed["name"] + (f": {parsed['effect']}" if parsed["effect"] else ""))
        if any(parse_trait(t)["name"].casefold() == "2 actions" for t in e["traits"]):
            e["acts"] = 2
    g["enemies"][label] = e
    out = [f"{label}: {e['name']} LV{e['level']}{' (Minion)' if minion else ''}, HP {e['hp']}, Armor {e['armor']}, "
           f"Agility {e['agility']}" + (f", Shield {e['shield']['class']} {e['shield']['power']}" if "shield" in e
                                        else "")
           + (f", escapes at {e['escape']}" if "escape" in e else "") + "."]
    if e.get("traits"):
        out.append(f"Traits: {', '.join(e['traits'])}.")
    out.extend(notes)
    if "actions" not in e:
        out.append("No action table: when it acts, roll its d6 yourself and type the action (ground enemy LABEL "
                   "--action …).")
    primaries = sum(1 for x in g["enemies"].values() if not x["minion"])
    want = 1 + bool(g.get("second"))
    if primaries > want or sum(1 for x in g["enemies"].values() if x["minion"]) > g["minions"]:
        out.append(f"Note: the spawn called for {want} Primary and {g['minions']} Minion(s).")
    return Outcome(s, f"Enemy {label}: {e['name']} LV{e['level']} HP {e['hp']}", out, {"label": label, **e})


# --- initiative and the loop ---------------------------------------------------------------------

def _conscious(s: dict, g: dict) -> list[str]:
    return [n for n in g["crew"] if n in s["crew"] and s["crew"][n]["status"] == "active"]


def _active_enemies(g: dict) -> list[str]:
    return [k for k, e in g["enemies"].items() if e["status"] == "active"]


def _lone(s: dict, g: dict) -> bool:
    return len(_conscious(s, g)) == 1


def _allowed(s: dict, g: dict, name: str) -> int:
    base = 2 if _lone(s, g) else 1
    return base + g.get("extra", []).count(name)


def _oxygen(s: dict, g: dict, out: list[str], faint: str | None) -> None:
    """Combat loop step 1: one Oxygen a turn in a non-breathable or Hell atmosphere."""
    if g["atmosphere"] == "YES":
        return
    if s["oxygen"] >= 1:
        before = s["oxygen"]
        s["oxygen"] -= 1
        out.append(f"Oxygen for this combat turn ({g['atmosphere']}): {before} → {s['oxygen']}.")
        return
    up = _conscious(s, g)
    if faint is None and len(up) > 1:
        from journal.errors import NeedChoice

        raise NeedChoice(f"--faint is required: out of Oxygen, one of {', '.join(up)} becomes unconscious",
                         "--faint", up, "Who faints")
    who = find(s["crew"], faint, "crew member", "--faint") if faint else up[0]
    if who not in up:
        raise InputError(f"--faint {who}: one of {', '.join(up)}")
    s["crew"][who]["hp"], s["crew"][who]["status"] = 0, "unconscious"
    out.append(f"Out of Oxygen: {who} faints (HP 0).")


def ground_initiative(state: dict, dice, cover=(), faint: str | None = None) -> Outcome:
    """Ch. 14 initiative: the lowest Agility of the crew (members set in COVER are skipped
    and stay in cover the first turn) + d6 against the lowest enemy Agility + d6; a draw
    goes to the crew; a lone wolf wins; in an ambush the enemies always act first."""
    s = _copy(state)
    g = _ground(s)
    if g["step"] != "spawn":
        raise RuleError("the initiative was decided already")
    if not g["enemies"]:
        raise RuleError("enter the enemies first (journal kraken ground add LABEL …)")
    out: list[str] = []
    up = _conscious(s, g)
    covered = []
    for c in cover:
        n = find(s["crew"], c, "crew member", "--cover")
        if n not in up:
            raise RuleError(f"--cover {n}: not a conscious member of this combat")
        if any(t.casefold() == "aggressive" for t in s["crew"][n]["traits"]):
            raise RuleError(f"--cover {n}: an AGGRESSIVE member cannot take cover while holding a working weapon")
        covered.append(n)
    rest = [n for n in up if n not in covered]
    data: dict = {}
    if g["ambush"]:
        g["first"] = "enemies"
        out.append("Ambush: the enemies act first for the whole combat (no initiative roll).")
    elif len(up) == 1:
        g["first"] = "crew"
        out.append(f"Lone wolf: {up[0]} wins the initiative.")
    else:
        if not rest:
            raise RuleError("--cover: someone must stay out of cover to set the initiative")
        low = min(rest, key=lambda n: s["crew"][n]["agility"])
        r1 = dice.roll(6)
        surprise = 2 if g.pop("surprise", None) else 0
        mine = s["crew"][low]["agility"] + r1 + surprise
        low_e = min(e["agility"] for e in g["enemies"].values())
        r2 = dice.roll(6)
        theirs = low_e + r2
        g["first"] = "crew" if mine >= theirs else "enemies"
        out.append(f"Initiative: {low}'s Agility {s['crew'][low]['agility']} + d6 {r1}"
                   + (" + 2 (PSI SURPRISE)" if surprise else "") + f" = {mine} against the enemies' lowest Agility "
                   f"{low_e} + d6 {r2} = {theirs}: " + ("the crew acts first." if g["first"] == "crew"
                                                       else "the enemies act first."))
        data.update(crew=mine, enemies=theirs)
    if covered:
        g["cover"] = covered
        out.append(f"In cover the first turn: {', '.join(covered)} (+1 Armor, hit rolls against them +1).")
    g.pop("bonus", None)
    g["turn"] = 1
    g["step"] = g["first"]
    g["acted"] = {n: _allowed(s, g, n) for n in covered}
    g["shields"] = {n: s["crew"][n]["shield"]["power"] for n in g["crew"] if s["crew"][n].get("shield")}
    _oxygen(s, g, out, faint)
    out.append(_next(s, g))
    data["first"] = g["first"]
    return Outcome(s, f"Initiative: {g['first']} first", out, data)


def _next(s: dict, g: dict) -> str:
    if g["step"] == "crew":
        todo = [n for n in _conscious(s, g) if g.get("acted", {}).get(n, 0) < _allowed(s, g, n)]
        return (f"Turn {g['turn']}: the crew acts ({', '.join(todo)}): journal kraken ground attack|cover|reload|"
                f"unjam|item|escape|psi|meditate|wait NAME …")
    if g["step"] == "enemies":
        todo = [k for k in _active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
        if todo:
            return f"Turn {g['turn']}: the enemies act, top to bottom: journal kraken ground enemy {todo[0]}"
    return f"Turn {g['turn']} is over: journal kraken ground turn"


def _phase_done(s: dict, g: dict, out: list[str]) -> None:
    """Switch from the crew's actions to the enemies' (or the other way) when one side is
    through."""
    if "ground" not in s:
        return
    if g["step"] == "crew":
        todo = [n for n in _conscious(s, g) if g.get("acted", {}).get(n, 0) < _allowed(s, g, n)]
        if todo:
            return
        if g["first"] == "crew":
            g["step"] = "enemies"
    elif g["step"] == "enemies":
        todo = [k for k in _active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
        if todo:
            return
        g.pop("taunt", None)
        if g["first"] == "enemies":
            g["step"] = "crew"
    out.append(_next(s, g))


def _crew_turn(s: dict, g: dict, name: str, option: str = "NAME") -> str:
    n = find(s["crew"], name, "crew member", option)
    if n not in g["crew"]:
        raise RuleError(f"{n} is not in this Ground Combat")
    if s["crew"][n]["status"] != "active":
        raise RuleError(f"{n} is unconscious")
    if g["step"] == "spawn":
        if not g.get("bonus"):
            raise RuleError("the combat has not begun: journal kraken ground initiative (a reaction bonus action "
                            "comes only with a successful reaction check)")
        return n
    if g["step"] != "crew":
        raise RuleError(f"it is the enemies' part of turn {g['turn']}: journal kraken ground enemy LABEL")
    if g.get("acted", {}).get(n, 0) >= _allowed(s, g, n):
        what = "stays in cover this turn" if n in g.get("cover", []) and g["turn"] == 1 else "has acted this turn"
        raise RuleError(f"{n} {what}")
    return n


def _acted(s: dict, g: dict, n: str, out: list[str], last: str = "other") -> None:
    if g["step"] == "spawn":
        g.pop("bonus", None)
        out.append("The reaction bonus action is taken: journal kraken ground initiative.")
        return
    g.setdefault("acted", {})[n] = g.get("acted", {}).get(n, 0) + 1
    if g["acted"][n] > (2 if _lone(s, g) else 1) and n in g.get("extra", []):
        g["extra"].remove(n)
    g.setdefault("last", {})[n] = "other" if last == "cover" else last
    if n in g.get("cover", []) and last != "cover":
        g["cover"].remove(n)
    if n in g.get("boosts", {}) and last in ("melee", "ranged"):
        del g["boosts"][n]
    _phase_done(s, g, out)


# --- crew actions ---------------------------------------------------------------------------------

def _weapon(s: dict, n: str, weapon: str | None) -> tuple[str, dict | None, dict]:
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
    from journal.games.kraken.rules import wound
    from journal.games.kraken.state import carrying

    s = _copy(state)
    g = _ground(s)
    n = _crew_turn(s, g, name)
    m = s["crew"][n]
    held = carrying(s, n)
    if held:
        raise RuleError(f"{n} carries the captured {held} and cannot attack (ch. 4): hand it over first (journal "
                        f"kraken ground exchange {n} --captive-to NAME)")
    wkey, w, spec = _weapon(s, n, weapon)
    out: list[str] = []
    if w is not None:
        where = weapon_slot(m, wkey)
        if where not in ("L", "R"):
            raise RuleError(f"the {wkey} is not in {n}'s hands (" + (f"it is in backpack slot {where}" if where else
                                                                       "it is in no inventory slot")
                            + f"): only a weapon held in a hand attacks (ch. 14); move it with an Exchange action "
                              f"(journal kraken ground exchange {n}, then crew unequip/equip)")
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
        bearer = _free_carrier(s, g, carrier or n, "--carrier")
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
        if len(_conscious(s, g)) < 2:
            raise RuleError("a Flank needs more than one active crew member")
    enemies = _active_enemies(g)
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
        if not (_lone(s, g) or talisman):
            raise RuleError("--reroll: the lone wolf's reroll (or a Talisman)")
        if g.get("rerolled"):
            raise RuleError("--reroll: once per Ground Combat turn")
    data: dict = {"crew": n, "weapon": wkey, "attacks": []}
    if berserk:
        out.append(f"Berserk: {n} pushes {berserk} HP into the blow.")
        if wound(s, n, berserk, out, "berserk") != "active":
            _acted(s, g, n, out, "melee")
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
    out.append(f"{n} attacks with {'bare fists' if wkey == 'fists' else 'the ' + wkey} ({_describe(spec)}); "
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
            if not _active_enemies(g):
                break
            if "EX" in spec["flags"]:
                aims = _active_enemies(g)
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
    _acted(s, g, n, out, "melee" if melee else "ranged")
    _end_check(s, g, out)
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
            tgt = next((k for k in _active_enemies(g)), None)
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
        res = _hit_enemy(g, tgt, dmg, spec, out, f"  → {tgt}: d6 {r}{note}: hit"
                         + (" (6: +1)" if r == 6 else "") + f", {dmg} damage", capture=cap)
        att.update(res)
    return jammed, any_fired


def _hit_enemy(g: dict, tgt: str, dmg: int, spec: dict, out: list[str], head: str, psi: bool = False,
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
                   f"sheet says what it does (ground set {tgt} status active / hp N).")
    elif e["hp"] >= CAPTURE_FLOOR:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (HP 0 to -2: it may be captured instead)"
                                                          if capture is None else "") + ".")
    else:
        out.append(f"{tgt} ({e['name']}) is defeated" + (" (below -2 HP: dead, too far gone to capture)"
                                                          if capture is not None else "") + ".")


def ground_simple(state: dict, dice, name: str, action: str, weapon: str | None = None, item: str | None = None,
                  heal: int | None = None, target: str | None = None, captive_to: str | None = None) -> Outcome:
    """Ch. 14's other actions: Cover (+1 Armor, +1 to be hit, +3 Armor against explosives,
    until the next activation), Reload (a magazine fills the weapon; what was left is
    lost), Recharge a T2 weapon, Use an Item (heal someone, half in Hell; a use of a U
    item is erased), Exchange (a captive may change hands), Wait."""
    from journal.games.kraken.rules import use_item
    from journal.games.kraken.rules import heal as heal_fn

    s = _copy(state)
    g = _ground(s)
    n = _crew_turn(s, g, name)
    out: list[str] = []
    last = "other"
    if action == "cover":
        if g["step"] == "spawn":
            raise RuleError("cover is set at the initiative check (ground initiative --cover NAME)")
        if any(t.casefold() == "aggressive" for t in s["crew"][n]["traits"]):
            raise RuleError(f"{n} is AGGRESSIVE and must attack while they can")
        g.setdefault("cover", [])
        if n not in g["cover"]:
            g["cover"].append(n)
        last = "cover"
        out.append(f"{n} takes cover: +1 Armor (+3 against explosives) and enemy rolls +1 until their next activation.")
    elif action == "reload":
        wkey, w, spec = _weapon(s, n, weapon)
        if w is None or spec["ammo"] is None:
            raise RuleError(f"the {wkey} takes no Ammo")
        lost = w.get("ammo", spec["ammo"])
        w["ammo"] = spec["ammo"]
        out.append(f"{n} reloads the {wkey} with a magazine: Ammo {spec['ammo']}"
                   + (f" ({lost} left in it are lost)" if lost else "") + ". Erase the magazine.")
    elif action == "recharge":
        wkey, w, spec = _weapon(s, n, weapon)
        if w is None or not w.get("spent"):
            raise RuleError(f"the {wkey} needs no recharge")
        w.pop("spent")
        out.append(f"{n} recharges the {wkey} (T2).")
    elif action == "item":
        what = (item or "an item").strip()
        out.append(f"{n} uses {what}.")
        if heal is not None:
            if heal < 1:
                raise InputError("--heal is the HP the item heals, 1 or more")
            who = find(s["crew"], target, "crew member", "--target") if target else n
            if who not in g["crew"]:
                raise RuleError(f"{who} is not in this Ground Combat")
            heal_fn(s, who, heal, out, what, hell=g["atmosphere"] == "HELL")
        if item:
            use_item(s, n, what, out)
        else:
            out.append("Erase a use of it if it has uses (U).")
    elif action == "exchange":
        out.append(f"{n} exchanges and rearranges equipment with a team mate (update the inventories: journal kraken "
                   f"crew equip|unequip).")
        if captive_to is not None:
            from journal.games.kraken.state import carrying

            held = carrying(s, n)
            if not held:
                raise RuleError(f"{n} carries no captive")
            to = _free_carrier(s, g, captive_to, "--captive-to")
            if held in g["enemies"]:
                g["enemies"][held]["carrier"] = to
            else:
                s["captives"][held]["carrier"] = to
            out.append(f"{n} hands the captive {held} to {to}: {to} cannot attack while carrying it.")
    elif action == "wait":
        out.append(f"{n} does nothing this turn.")
    else:
        raise InputError(f"'{action}' is not an action")
    if captive_to is not None and action != "exchange":
        raise InputError("--captive-to goes with the exchange action")
    if g["step"] == "spawn" and action == "cover":
        raise RuleError("cover is set at the initiative check")
    _acted(s, g, n, out, last)
    return Outcome(s, f"{n}: {action}" + (f" ({weapon})" if weapon else ""), out, {"crew": n, "action": action})


def _free_carrier(s: dict, g: dict, name: str, option: str) -> str:
    """The crew member who would carry a captive: conscious, in this combat, carrying none."""
    from journal.games.kraken.state import carrying

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

    s = _copy(state)
    g = _ground(s)
    key = next((k for k in g["enemies"] if k.casefold() == str(label).strip().casefold()), None)
    if key is None:
        raise InputError(f"'{label}' is not an enemy here: {', '.join(g['enemies'])}")
    e = g["enemies"][key]
    if e["status"] != "defeated":
        raise RuleError(f"{key} is {e['status']}: an alien is captured once an attack brings it to 0, -1 or -2 HP")
    if e["hp"] < CAPTURE_FLOOR and not has_trait(e, ZOMBIE):
        raise RuleError(f"{key} is at {e['hp']} HP: below -2 it is dead (only a Zombie survives that)")
    who = _free_carrier(s, g, carrier, "--carrier")
    e["status"] = "captured"
    e["carrier"] = who
    out = [f"{key} ({e['name']}) is captured at {e['hp']} HP: {who} carries it (and cannot attack while carrying "
           f"it)."]
    return Outcome(s, f"{key} captured, carried by {who}", out, {"enemy": key, "carrier": who})


def ground_unjam(state: dict, dice, name: str, weapon: str, bonus: int = 0) -> Outcome:
    """Ch. 14 Unjam: Tech + d6 ≥ 8 (only unjamming bonuses count); a failure makes the next
    try 6+, and failing that damages the weapon; a third try at 6+ repairs it, or it
    breaks and is erased."""
    s = _copy(state)
    g = _ground(s)
    n = _crew_turn(s, g, name)
    wkey, w, _spec = _weapon(s, n, weapon)
    if w is None or not w.get("jam"):
        raise RuleError(f"the {wkey} is not jammed")
    stage = {"jammed": 0, "jammed-again": 1, "damaged": 2}[w["jam"]]
    target = UNJAM[stage]
    r = dice.roll(6)
    total = r + s["crew"][n]["tech"] + bonus
    ok = total >= target
    out = [f"{n} unjams the {wkey}: d6 {r} + Tech {s['crew'][n]['tech']}" + (f" + {bonus}" if bonus else "")
           + f" = {total} against {target}: " + ("cleared." if ok else "failed.")]
    if ok:
        w.pop("jam")
    elif stage == 0:
        w["jam"] = "jammed-again"
        out.append("The next try needs 6+ (fail it and the weapon is damaged).")
    elif stage == 1:
        w["jam"] = "damaged"
        out.append(f"The {wkey} is damaged: a third try at 6+ repairs it, or it breaks.")
    else:
        del s["crew"][n]["weapons"][wkey]
        if not s["crew"][n]["weapons"]:
            del s["crew"][n]["weapons"]
        more: list[str] = []
        gone = _unplace(s["crew"][n], wkey, n, more)
        out.append(f"The {wkey} breaks: erase it" + (f" from slot {gone}" if gone else "")
                   + " (its Ammo may go to a team mate with the same weapon).")
        out.extend(more)
    _acted(s, g, n, out)
    return Outcome(s, f"{n} unjams the {wkey}: {total} vs {target} ({'cleared' if ok else 'failed'})", out,
                   {"crew": n, "weapon": wkey, "roll": r, "total": total, "target": target, "cleared": ok})


def ground_escape(state: dict, dice, sacrifice=(), crew=()) -> Outcome:
    """Ch. 14 Escape: members not yet activated this turn may escape; those already
    activated (and any you choose) are sacrificed. d6 + the lowest Agility of the escapers
    + 3 per sacrificed + 2 per earlier try (+3 PSI FLASH) ≥ the highest enemy Agility.
    Success ends the combat with no rewards (the sacrificed are lost); failure costs each
    sacrificed member 2 HP and ends your turn."""
    from journal.games.kraken.rules import _drop_member, _fallen, wound

    s = _copy(state)
    g = _ground(s)
    if g["step"] != "crew":
        raise RuleError("an escape is a crew action, in the crew's part of the turn")
    up = _conscious(s, g)
    acted = g.get("acted", {})
    forced = [n for n in up if acted.get(n, 0) > 0 or any(t.casefold() == "aggressive" for t in s["crew"][n]["traits"])]
    chosen = [find(s["crew"], x, "crew member", "--sacrifice") for x in sacrifice]
    for x in chosen:
        if x not in up:
            raise RuleError(f"--sacrifice {x}: not a conscious member of this combat")
    sacrificed = list(dict.fromkeys(forced + chosen))
    escapers = [n for n in up if n not in sacrificed]
    if crew:
        wanted = [find(s["crew"], x, "crew member", "--crew") for x in crew]
        for x in wanted:
            if x not in escapers:
                raise RuleError(f"--crew {x}: {x} acted this turn (or is AGGRESSIVE) and can only be sacrificed")
        escapers = wanted
        sacrificed = [n for n in up if n not in escapers]
    if not escapers:
        raise RuleError("nobody is left to escape: at least one member who has not acted this turn")
    enemies = _active_enemies(g)
    low = min(s["crew"][n]["agility"] for n in escapers)
    high = max(g["enemies"][k]["agility"] for k in enemies)
    r = dice.roll(6)
    prev = g.get("escapes", 0)
    flash = PSI_FLASH if g.get("flash") else 0
    total = r + low + ESCAPE_SACRIFICE * len(sacrificed) + ESCAPE_AGAIN * prev + flash
    ok = total >= high
    out = [f"Escape: d6 {r} + lowest Agility {low}" + (f" + 3 × {len(sacrificed)} sacrificed" if sacrificed else "")
           + (f" + 2 × {prev} earlier tries" if prev else "") + (" + 3 PSI FLASH" if flash else "")
           + f" = {total} against the enemies' highest Agility {high}: " + ("you escape." if ok else "failed.")]
    data = {"roll": r, "total": total, "target": high, "escaped": ok, "sacrificed": sacrificed}
    if ok:
        for n in sacrificed:
            out.append(f"{n} is left behind: erase them and all they carry.")
            _fallen(s, n, out)
            _drop_member(s, n, out)
        _close_ground(s, out, "escaped")
        out.append("No rewards or XP. Back to where you were before the combat (if it began as you entered a new map: "
                   "back at the previous map's exit, or the ship from the first map).")
        return Outcome(s, f"Escape: {total} vs {high}: escaped", out, data)
    g["escapes"] = prev + 1
    for n in sacrificed:
        wound(s, n, SACRIFICE_FAIL, out, "left behind for a while")
    if "ground" in s:
        for n in _conscious(s, g):
            g.setdefault("acted", {})[n] = _allowed(s, g, n)
        out.append("Your turn is over.")
        _phase_done(s, g, out)
        _end_check(s, g, out)
    return Outcome(s, f"Escape: {total} vs {high}: failed", out, data)


# --- PSI ------------------------------------------------------------------------------------------

def _power(text: str) -> str:
    t = " ".join(str(text).strip().upper().replace("-", " ").replace("_", " ").split())
    t = t.removeprefix("PSI ")
    if t == "CURE 2":
        t = "CURE II"
    if t == "MIDAS":
        t = "MIDAS TOUCH"
    if t == "OXYGEN":
        t = "OXYGEN CREATION"
    if t not in PSI_POWERS:
        raise InputError(f"'{text}' is not a PSI power: {', '.join(PSI_POWERS)}")
    return t


def psi_check(s: dict, dice, n: str, power: str, bonus: int, self_target: bool, out: list[str]) -> bool:
    """Ch. 14 PSI: d6 + PSI (+ one PSI item's bonus) ≥ the power's difficulty (+1 to cure
    yourself). A failure costs 1 HP (2 on a 1; armor and shields do not help) and exhausts
    the PSI trait until the member meditates."""
    from journal.games.kraken.rules import wound

    m = s["crew"][n]
    diff = PSI_POWERS[power] + (1 if self_target and power in ("CURE", "CURE II") else 0)
    r = dice.roll(6)
    total = r + m["psi"] + bonus
    ok = total >= diff
    out.append(f"PSI {power} ({diff}): d6 {r} + PSI {m['psi']}" + (f" + {bonus}" if bonus else "")
               + f" = {total}: " + ("success." if ok else "failed."))
    if not ok:
        m["psi_exhausted"] = True
        wound(s, n, 2 if r == 1 else 1, out, "failed PSI" + (" on a 1" if r == 1 else ""))
        if n in s["crew"]:
            out.append(f"{n}'s PSI trait is exhausted until they meditate.")
    return ok


def _psi_member(s: dict, name: str) -> str:
    n = find(s["crew"], name, "crew member")
    m = s["crew"][n]
    if "psi" not in m:
        raise RuleError(f"{n} has no PSI trait")
    if m.get("psi_exhausted"):
        raise RuleError(f"{n}'s PSI trait is exhausted: meditate first")
    if m["status"] != "active":
        raise RuleError(f"{n} is unconscious")
    return n


def _psi_window(s: dict, g: dict) -> bool:
    """The crew's part of the turn, or just after it (the last member's action switched to
    the enemies, who have not acted yet; or the turn is over when the enemies went first)."""
    if g["step"] == "crew":
        return True
    enemies_acted = any(e.get("acted") for e in g["enemies"].values())
    if g["step"] == "enemies" and g.get("first") == "crew":
        return not enemies_acted
    return False


def ground_psi(state: dict, dice, name: str, power: str, target: str | None = None, bonus: int = 0,
               capture: bool = False, carrier: str | None = None) -> Outcome:
    """Ch. 14 PSI powers in Ground Combat, used after the member's action (or as the
    reaction bonus): attacks (2-4 damage, ignoring Shields and Armor, one or all enemies;
    `capture`: an enemy left at 0, -1 or -2 HP is captured, carried by `carrier`) and
    support (cures, concentrate, taunt, confuse, flash, motivation, telekinesis)."""
    from journal.games.kraken.rules import heal as heal_fn

    s = _copy(state)
    g = _ground(s)
    p = _power(power)
    if p in DUNGEON_POWERS:
        raise RuleError(f"PSI {p} is a Dungeon Exploration power (journal kraken dungeon psi)")
    if p == "SHIELD":
        raise RuleError("PSI SHIELD is used as an enemy attacks: journal kraken ground enemy LABEL --psi-shield")
    n = _psi_member(s, name)
    if n not in g["crew"]:
        raise RuleError(f"{n} is not in this Ground Combat")
    bonus_action = g["step"] == "spawn"
    if bonus_action and not g.get("bonus"):
        raise RuleError("the combat has not begun: journal kraken ground initiative")
    if not bonus_action:
        if not _psi_window(s, g):
            raise RuleError("PSI powers are used in the crew's part of the turn (after the member's action)")
        if g.get("psi_used", 0) >= (2 if _lone(s, g) else 1):
            raise RuleError("one PSI power per turn (two for a lone wolf)")
    out: list[str] = []
    self_target = False
    tgt_crew = tgt_enemy = None
    if p in ("CURE", "CURE II", "CONCENTRATE", "TAUNT", "MOTIVATION"):
        tgt_crew = find(s["crew"], target, "crew member", "--target") if target else n
        if tgt_crew not in g["crew"]:
            raise RuleError(f"{tgt_crew} is not in this Ground Combat")
        self_target = tgt_crew == n
        if p == "MOTIVATION" and self_target:
            raise InputError("PSI MOTIVATION gives another crew member an extra activation: --target NAME")
    if p in ("ATTACK", "BLAST", "CONFUSE"):
        enemies = _active_enemies(g)
        if target:
            tgt_enemy = next((k for k in enemies if k.casefold() == target.strip().casefold()), None)
            if tgt_enemy is None:
                raise InputError(f"--target {target}: one of {', '.join(enemies)}")
        elif len(enemies) == 1:
            tgt_enemy = enemies[0]
        else:
            raise InputError(f"--target is required: one of {', '.join(enemies)}")
        if p == "CONFUSE" and "confused" in g["enemies"][tgt_enemy]:
            raise RuleError(f"PSI CONFUSE works once per enemy, and {tgt_enemy} was confused already")
    cap = None
    if capture:

        if p not in PSI_DAMAGE:
            raise InputError("--capture goes with a PSI attack")
        bearer = _free_carrier(s, g, carrier or n, "--carrier")
        cap = {"by": bearer, "done": False}
    elif carrier:
        raise InputError("--carrier goes with --capture")
    ok = psi_check(s, dice, n, p, bonus, self_target, out)
    if bonus_action:
        g.pop("bonus", None)
    else:
        g["psi_used"] = g.get("psi_used", 0) + 1
    if p == "FLASH":
        g["flash"] = True
        out.append("PSI FLASH: +3 to this turn's escape check (it works even when the check fails).")
    elif ok:
        if p in PSI_DAMAGE:
            dmg, everyone = PSI_DAMAGE[p]
            for k in (_active_enemies(g) if everyone else [tgt_enemy]):
                _hit_enemy(g, k, dmg, {"kind": "RG", "flags": ["IS", "IA"], "types": []}, out,
                           f"  → {k}: {dmg} damage (ignores Shields and Armor)", psi=True, capture=cap)
            _end_check(s, g, out)
        elif p in ("CURE", "CURE II"):
            heal_fn(s, tgt_crew, 2 if p == "CURE" else 5, out, f"PSI {p}")
        elif p == "CURE ALL":
            for k in g["crew"]:
                if k in s["crew"]:
                    heal_fn(s, k, 2, out, "PSI CURE ALL")
        elif p == "CONCENTRATE":
            g.setdefault("boosts", {})[tgt_crew] = 2
            out.append(f"{tgt_crew}: Ranged and Melee +2 until the end of their next activation.")
        elif p == "TAUNT":
            g["taunt"] = tgt_crew
            out.append(f"On the next enemy turn every enemy targets {tgt_crew} only.")
        elif p == "CONFUSE":
            g["enemies"][tgt_enemy]["confused"] = True
            out.append(f"{tgt_enemy} needs one more to hit until its next activation.")
        elif p == "MOTIVATION":
            g.setdefault("extra", []).append(tgt_crew)
            out.append(f"{tgt_crew} gets an extra activation this turn.")
        elif p == "TELEKINESIS":
            out.append("Move one piece of equipment between crew members (journal kraken crew equip|unequip).")
    return Outcome(s, f"{n}: PSI {p} ({'success' if ok else 'failed'})", out, {"crew": n, "power": p, "success": ok})


def meditate(state: dict, dice, name: str, in_dungeon: bool = False, faint: str | None = None) -> Outcome:
    """Ch. 14 Meditate: a d6 ≥ 3 + the HP the member is missing (nothing modifies it)
    removes the exhaustion; a failure costs 1 HP (2 on a 1). In Ground Combat it is the
    member's action; in a dungeon it costs Oxygen instead (0 / 1 / 2 by atmosphere)."""
    from journal.games.kraken.rules import wound

    s = _copy(state)
    out: list[str] = []
    if in_dungeon:
        from journal.games.kraken import dungeon as dg

        d = dg._dungeon(s)
        n = find(s["crew"], name, "crew member")
        if n not in d["crew"]:
            raise RuleError(f"{n} is not on this exploration")
    else:
        g = _ground(s)
        n = _crew_turn(s, g, name)
    m = s["crew"][n]
    if "psi" not in m:
        raise RuleError(f"{n} has no PSI trait")
    if not m.get("psi_exhausted"):
        raise RuleError(f"{n}'s PSI trait is not exhausted")
    if in_dungeon:
        dg._action(s, d, "stay", None, faint, out, f"{n} meditates")
    need = MEDITATE_BASE + (m["hp_max"] - m["hp"])
    r = dice.roll(6)
    ok = r >= need
    out.append(f"{n} meditates: d6 {r} against {MEDITATE_BASE} + {m['hp_max'] - m['hp']} missing HP = {need}: "
               + ("the PSI trait recovers." if ok else "failed."))
    if ok:
        m.pop("psi_exhausted")
    else:
        wound(s, n, 2 if r == 1 else 1, out, "failed meditation")
    if not in_dungeon and "ground" in s:
        _acted(s, s["ground"], n, out)
        _end_check(s, s["ground"], out)
    return Outcome(s, f"{n} meditates: d6 {r} vs {need} ({'recovered' if ok else 'failed'})", out,
                   {"crew": n, "roll": r, "target": need, "recovered": ok})


def dungeon_psi(state: dict, dice, name: str, power: str, bonus: int = 0) -> Outcome:
    """Ch. 14 Dungeon Exploration PSI powers: SURPRISE (+2 to the next initiative),
    DIVINATION (+3/-3 to the next loot d20), MIDAS TOUCH (+3 Credits if the next Ground
    Combat is won), OXYGEN CREATION (+2 Oxygen)."""
    from journal.games.kraken import dungeon as dg

    s = _copy(state)
    d = dg._dungeon(s)
    p = _power(power)
    if p not in DUNGEON_POWERS:
        raise RuleError(f"PSI {p} is a Ground Combat power")
    n = _psi_member(s, name)
    if n not in d["crew"]:
        raise RuleError(f"{n} is not on this exploration")
    out: list[str] = []
    ok = psi_check(s, dice, n, p, bonus, False, out)
    if ok and s.get("dungeon"):
        dg.dungeon_psi(s, d, p, out)
    return Outcome(s, f"{n}: PSI {p} ({'success' if ok else 'failed'})", out, {"crew": n, "power": p, "success": ok})


# --- the enemies act -------------------------------------------------------------------------------

def ground_enemy(state: dict, dice, label: str, target: str | None = None, action: str | None = None,
                 psi_shield: str | None = None) -> Outcome:
    """Ch. 14 enemy actions, top to bottom: at or below its escape value it first tries to
    escape (d6 ≥ 4); then a d6 on its action table (or the action you read and type):
    idle, an attack on the crew by priority (melee attackers, then ranged, then the rest;
    you choose within a class; cover +1 to their roll; a 6 adds 1; LV7 +1 and LV8 +2
    damage, LV8 +1 to hit), or a special you apply by hand."""

    s = _copy(state)
    g = _ground(s)
    if g["step"] != "enemies":
        raise RuleError("it is not the enemies' part of the turn" if g["step"] == "crew"
                        else "the combat has not begun: journal kraken ground initiative")
    key = next((k for k in g["enemies"] if k.casefold() == str(label).strip().casefold()), None)
    if key is None:
        raise InputError(f"'{label}' is not an enemy here: {', '.join(g['enemies'])}")
    e = g["enemies"][key]
    if e["status"] != "active":
        raise RuleError(f"{key} is {e['status']}")
    todo = [k for k in _active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    if key not in todo:
        raise RuleError(f"{key} has acted this turn")
    if todo[0] != key:
        raise RuleError(f"enemies act from top to bottom: {todo[0]} comes first")
    out: list[str] = []
    data: dict = {"enemy": key}
    if "escape" in e and e["hp"] <= e["escape"]:
        r = dice.roll(6)
        data["escape"] = r
        if r >= ENEMY_ESCAPE:
            e["status"] = "escaped"
            out.append(f"{key} is at {e['hp']} HP (escape value {e['escape']}): d6 {r}: it escapes.")
            _phase_done(s, g, out)
            _end_check(s, g, out)
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
        psi_n = _psi_member(s, psi_shield)
        if psi_n not in g["crew"]:
            raise RuleError(f"{psi_n} is not in this Ground Combat")
        if g.get("psi_used"):
            raise RuleError("PSI SHIELD: the PSI member used a power this turn already")
    if _is_idle(action):
        out.append(f"{key} does nothing.")
        if psi_shield:
            raise InputError("--psi-shield: there is no attack to shield")
    else:
        spec = _try_attack(action)
        if spec is None:
            out.append("A special action: apply it by hand (journal kraken ground set …, crew hp …).")
            if psi_shield:
                raise InputError("--psi-shield: there is no attack to shield")
        else:
            _enemy_attack(s, g, key, spec, target, psi_n, dice, out, data)
    if "ground" in s:
        _traits_after(e, key, out)
        e["acted"] = e.get("acted", 0) + 1
        if e.get("confused"):
            e["confused"] = False
        _phase_done(s, g, out)
        _end_check(s, g, out)
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
    up = _conscious(s, g)
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
    from journal.games.kraken.rules import wound

    e = g["enemies"][key]
    lv_dmg = {7: 1, 8: 2}.get(e["level"], 0)
    lv_hit = 1 if e["level"] == 8 else 0
    if "EX" in spec["flags"]:
        victims = _conscious(s, g)
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
    _crew_down(s, g, out)


def _crew_down(s: dict, g: dict, out: list[str]) -> None:
    """No conscious member left in the combat: the team is lost (our reading: as when the
    Oxygen runs out at a Location)."""
    if "ground" not in s or _conscious(s, g):
        return
    from journal.games.kraken.rules import _drop_member, _fallen

    lost = [n for n in g["crew"] if n in s["crew"]]
    out.append(f"No conscious member is left in the Ground Combat: {', '.join(lost)} are lost.")
    for n in lost:
        _fallen(s, n, out)
        _drop_member(s, n, out)
    s.pop("ground", None)
    d = s.get("dungeon")
    if not d:
        from journal.games.kraken.rules import mark_returned

        mark_returned(s)
    if d:
        from journal.games.kraken import dungeon as dg

        if not dg._deployed(s, d, conscious=True):
            dg._close(s, out, cleared=False)
    if not s["crew"]:
        s["result"] = "lost"
        out.append("Every crew member is dead: the campaign is lost.")


def ground_turn(state: dict, dice, faint: str | None = None) -> Outcome:
    """Ch. 14 loop: the turn ends with the shields' recharge (the crew's by their recharge
    value, up to their power; an enemy's by the recharge its sheet gives); the next begins
    with its Oxygen (1 in a non-breathable or Hell atmosphere), in the same initiative
    order."""
    s = _copy(state)
    g = _ground(s)
    if g["step"] == "spawn":
        raise RuleError("the combat has not begun: journal kraken ground initiative")
    second = "enemies" if g["first"] == "crew" else "crew"
    todo_c = [n for n in _conscious(s, g) if g.get("acted", {}).get(n, 0) < _allowed(s, g, n)]
    todo_e = [k for k in _active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    if g["step"] != second:
        pass                            # still the first side's part: both sides have work left
    elif second == "enemies":
        todo_c = []                     # the crew's part is over (someone may have fallen since)
    else:
        todo_e = []
    if todo_c or todo_e:
        who = (f"{', '.join(todo_c)} (crew)" if todo_c else "") + (" and " if todo_c and todo_e else "") + \
              (f"{', '.join(todo_e)} (enemies)" if todo_e else "")
        raise RuleError(f"turn {g['turn']} is not over: {who} still act (a crew member may `ground wait NAME`)")
    out: list[str] = []
    for n, sh in list(g.get("shields", {}).items()):
        m = s["crew"].get(n)
        if not m or not m.get("shield"):
            continue
        charger = m.get("charger", 0)
        new = min(m["shield"]["power"], sh + m["shield"]["recharge"] + charger)
        if new != sh:
            g["shields"][n] = new
            out.append(f"{n}'s Shield recharges: {sh} → {new}" + (f" (+{m['shield']['recharge']}, Shield charger "
                                                                  f"+{charger})" if charger else "") + ".")
    for k, e in g["enemies"].items():
        if e["status"] == "active" and e.get("shield") and e["shield"]["recharge"]:
            b = e["shield"]["power"]
            e["shield"]["power"] = min(e["shield"]["max"], b + e["shield"]["recharge"])
            if e["shield"]["power"] != b:
                out.append(f"{k}'s Shield recharges: {b} → {e['shield']['power']}.")
        e.pop("acted", None)
    g["turn"] += 1
    g["step"] = g["first"]
    g["acted"] = {}
    for k in ("flank", "psi_used", "flash", "rerolled", "extra", "taunt"):
        g.pop(k, None)
    if g["turn"] == 2:
        g.pop("cover", None)
    out.insert(0, f"Ground Combat turn {g['turn']}.")
    _oxygen(s, g, out, faint)
    _crew_down(s, g, out)
    if "ground" in s:
        out.append(_next(s, g))
    return Outcome(s, f"Ground Combat turn {g['turn']}", out, {"turn": g["turn"]})


def _end_check(s: dict, g: dict, out: list[str]) -> None:
    if "ground" not in s:
        return
    _crew_down(s, g, out)
    if "ground" in s and not _active_enemies(g):
        _close_ground(s, out, "won")


def _close_ground(s: dict, out: list[str], result: str) -> None:
    """After Ground Combat: a Treasure drop per defeated Primary (its Treasure value, at
    most 6; Minions and escaped enemies give none), the XP of every defeated or escaped
    enemy (double in a Boss battle; escaping gives none), PSI MIDAS TOUCH; jams clear."""
    g = s.pop("ground")
    d = s.get("dungeon")
    if not d:
        from journal.games.kraken.rules import mark_returned

        mark_returned(s)
    for k, e in g["enemies"].items():
        if e["status"] == "captured" and e.get("carrier") in s["crew"]:
            label = k
            caps = s.setdefault("captives", {})
            while label in caps:
                label += "'"
            caps[label] = {"name": e["name"], "level": e["level"], "carrier": e["carrier"],
                           **({"species": e["species"]} if e.get("species") else {})}
            out.append(f"Captive {label} ({e['name']}): {e['carrier']} carries it (a Capture quest takes it: journal "
                       f"kraken quest done NAME --captive {label}).")
    if result == "won":
        xp, drops, missing = 0, [], []
        for k, e in g["enemies"].items():
            if e["status"] in ("defeated", "escaped", "captured"):
                if "xp" in e:
                    xp += e["xp"]
                else:
                    missing.append(k)
            if e["status"] in ("defeated", "captured") and not e["minion"]:
                grade = min(MAX_TREASURE_GRADE, e.get("treasure", min(e["level"], 6)))
                if grade >= 1:
                    drops.append((k, grade))
        if g["boss"]:
            xp *= 2
        out.append("The Ground Combat is won." + (" Boss battle: XP doubled." if g["boss"] else ""))
        if xp:
            b = s["xp"]
            s["xp"] += xp
            out.append(f"XP +{xp}: {b} → {s['xp']}.")
        if missing:
            out.append(f"No XP value for {', '.join(missing)}: add it by hand (journal kraken xp +N).")
        for k, grade in drops:
            s.setdefault("loot", []).append({"grade": grade, "from": f"{k} ({g['enemies'][k]['name']})"})
        if drops:
            out.append(f"Treasure drops: {', '.join(f'{k} grade {gr}' for k, gr in drops)} "
                       f"(journal kraken treasure take).")
        if g.get("midas"):
            s["credits"] += MIDAS
            out.append(f"PSI MIDAS TOUCH: +{MIDAS}¢.")
        if d and g.get("tile"):
            from journal.games.kraken import dungeon as dg

            dg._resolve(d, g["tile"])
    else:
        out.append("The Ground Combat is over: you escaped.")
    for n in g["crew"]:
        m = s["crew"].get(n)
        if not m:
            continue
        for w in (m.get("weapons") or {}).values():
            if w.get("jam") in ("jammed", "jammed-again"):
                w.pop("jam")
            w.pop("spent", None)
    if d:
        out.append("Back to the Dungeon Exploration: jammed weapons are cleared (damaged ones are not).")


def ground_set(state: dict, dice, label: str, field: str, value: str) -> Outcome:
    """A2: an enemy's HP, Shield, Armor, status or note by hand (its special traits, a
    card)."""
    s = _copy(state)
    g = _ground(s)
    key = next((k for k in g["enemies"] if k.casefold() == str(label).strip().casefold()), None)
    if key is None:
        raise InputError(f"'{label}' is not an enemy here: {', '.join(g['enemies'])}")
    e = g["enemies"][key]
    f = field.strip().lower()
    out: list[str] = []
    if f in ("hp", "armor", "agility", "shield", "escape", "weaken"):
        try:
            v = int(value)
        except ValueError:
            raise InputError(f"{f} takes a whole number") from None
        if f == "hp":
            if v > e["hp_max"]:
                raise InputError(f"{key}'s HP is at most {e['hp_max']}")
            e["hp"] = v
            if v <= 0 and e["status"] == "active":
                e["status"] = "defeated"
        elif f == "shield":
            if "shield" not in e:
                raise RuleError(f"{key} has no Shield")
            if not 0 <= v <= e["shield"]["max"]:
                raise InputError(f"{key}'s Shield is 0-{e['shield']['max']}")
            e["shield"]["power"] = v
        elif f == "weaken":
            if v < 0:
                raise InputError("weaken is 0 or more")
            if v:
                e["weaken"] = v
            else:
                e.pop("weaken", None)
        else:
            if v < (-99 if f == "escape" else 0):
                raise InputError(f"{f} is 0 or more")
            e[f] = v
        msg = f"{key} {f} = {v}"
    elif f == "status":
        v = value.strip().lower()
        if v not in ("active", "defeated", "escaped"):
            raise InputError("status: active, defeated or escaped")
        e["status"] = v
        msg = f"{key} is {v}"
    elif f == "note":
        e["note"] = value.strip()
        msg = f"{key}: {value.strip()}"
    else:
        raise InputError(f"'{field}': hp, shield, armor, agility, escape, weaken, status or note")
    out.append(msg + " (by hand).")
    _end_check(s, g, out)
    return Outcome(s, msg + " (by hand)", out, {"enemy": key})


def ground_end(state: dict, dice, result: str) -> Outcome:
    """A2: an event or card ends the Ground Combat (won: rewards as usual; escaped: none)."""
    s = _copy(state)
    _ground(s)
    if result not in ("won", "escaped"):
        raise InputError(f"'{result}': won or escaped")
    g = s["ground"]
    if result == "won":
        for e in g["enemies"].values():
            if e["status"] == "active":
                e["status"] = "defeated"
    out: list[str] = []
    _close_ground(s, out, result)
    return Outcome(s, f"Ground Combat ended by hand: {result}", out, {"result": result})


def ground_status(s: dict) -> list[str]:
    g = s["ground"]
    out = [f"Ground Combat LV{g['level']}{' (Boss)' if g['boss'] else ''}{' (ambush)' if g['ambush'] else ''}: "
           + ("spawning" if g["step"] == "spawn" else f"turn {g['turn']}, {g['step']} act"
              + f" (first: {g.get('first')})") + f", atmosphere {g['atmosphere']}"]
    for n in g["crew"]:
        if n not in s["crew"]:
            continue
        m = s["crew"][n]
        sh = f", Shield {g.get('shields', {}).get(n, m['shield']['power'])}/{m['shield']['power']}" \
            if m.get("shield") else ""
        eff = []
        if n in g.get("cover", []):
            eff.append("cover")
        if m.get("psi_exhausted"):
            eff.append("PSI exhausted")
        from journal.games.kraken.state import carrying

        if carrying(s, n):
            eff.append(f"carries {carrying(s, n)}")
        acted = g.get("acted", {}).get(n, 0)
        out.append(f"  {n}: HP {m['hp']}/{m['hp_max']}{sh}, Armor {crew_armor(m)}"
                   + (f" · {', '.join(eff)}" if eff else "") + (f" · acted {acted}" if acted else ""))
    for k, e in g["enemies"].items():
        sh = f", Shield {e['shield']['class']} {e['shield']['power']}/{e['shield']['max']}" if e.get("shield") else ""
        eff = [x for x in (f"weaken {e['weaken']}" if e.get("weaken") else "",
                           "confused" if e.get("confused") else "") if x] + list(e.get("traits", []))
        status = e["status"].upper() + (f" (carried by {e['carrier']})" if e.get("carrier") else "")
        out.append(f"  {k} {e['name']} LV{e['level']}{' minion' if e['minion'] else ''}: "
                   + (status if e["status"] != "active" else f"HP {e['hp']}/{e['hp_max']}{sh}, Armor "
                      f"{e['armor']}, Agility {e['agility']}") + (f" · {', '.join(eff)}" if eff else ""))
    return out


# --- Treasure drops (ch. 14) ----------------------------------------------------------------------

def treasure_add(state: dict, dice, grade: int, count: int = 1, source: str | None = None) -> Outcome:
    """A2 (and the reward for solving a Location): Treasure drops of a grade (at most 6)."""
    s = _copy(state)
    if not 1 <= grade:
        raise InputError("--grade is 1 or more")
    if not 1 <= count <= 20:
        raise InputError("--count is 1-20")
    g = min(grade, MAX_TREASURE_GRADE)
    for _ in range(count):
        s.setdefault("loot", []).append({"grade": g, "from": source or "by hand"})
    msg = f"{count} Treasure drop(s) of grade {g}" + (f" (from grade {grade}: at most 6)" if grade > g else "")
    return Outcome(s, msg, [msg + ": journal kraken treasure take."], {"loot": s["loot"]})


_CELL = re.compile(r"\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*")


def parse_treasure_table(doc: dict, source: str = "treasure table") -> tuple[dict, list[str]]:
    """A Treasure Table file (book p. 167, typed by the player): [treasure] title, then
    [columns."NAME"] with "ROLL" = KIND cells ("14" = "weapon", "1-3" = "cash"); KIND is
    cash, item, weapon, ammo or prototype. → ({title, columns: {NAME: {d20: KIND}}}, problems)."""
    problems: list[str] = []
    head = doc.get("treasure") if isinstance(doc.get("treasure"), dict) else {}
    title = head.get("title") if isinstance(head.get("title"), str) else ""
    cols = doc.get("columns")
    unknown = set(doc) - {"treasure", "columns"}
    if unknown:
        problems.append(f"{source}: {min(unknown)} is not a known table: expected [treasure] and [columns.NAME]")
    if not isinstance(cols, dict):
        return {"title": title, "columns": {}}, problems + [f"{source}: expected [columns.NAME] tables"]
    out: dict = {}
    for name, cells in cols.items():
        if not isinstance(cells, dict):
            problems.append(f"{source}: columns.{name} is not a table")
            continue
        col: dict = {}
        for key, kind in cells.items():
            m = _CELL.fullmatch(str(key))
            if not m:
                problems.append(f"{source}: columns.{name}.{key!r}: a d20 roll N or a range N-M")
                continue
            lo, hi = int(m[1]), int(m[2] or m[1])
            if not 1 <= lo <= hi <= 20:
                problems.append(f"{source}: columns.{name}.{key!r}: rolls 1-20, low to high")
                continue
            if not isinstance(kind, str) or kind.strip().lower() not in ITEM_KINDS:
                problems.append(f"{source}: columns.{name}.{key!r} = {kind!r}: one of {', '.join(ITEM_KINDS)}")
                continue
            for r in range(lo, hi + 1):
                if r in col:
                    problems.append(f"{source}: columns.{name}: the roll {r} has two cells")
                col[r] = kind.strip().lower()
        out[str(name)] = col
    return {"title": title, "columns": out}, problems


def _column(s: dict, table: dict | None, column: str | None) -> tuple[str | None, dict]:
    """The Treasure Table column for this drop: `column`, else the one named like the type
    of the Location being explored."""
    if not table or not table.get("columns"):
        if column:
            raise InputError("--column needs a Treasure Table with columns")
        return None, {}
    cols = table["columns"]
    if column:
        key = next((k for k in cols if k.casefold() == column.strip().casefold()), None)
        if key is None:
            raise InputError(f"--column {column}: the table has {', '.join(cols)}")
        return key, cols[key]
    d = s.get("dungeon")
    loc = s["locations"].get(d["location"]) if d else None
    if loc:
        t = loc["type"].casefold()
        for k in cols:
            if k.casefold() == t or k.casefold() in t:
                return k, cols[k]
    return None, {}


def _first_loot(s: dict) -> dict:
    loot = s.get("loot") or []
    if not loot:
        raise RuleError("no Treasure drop is waiting")
    return loot[0]


def treasure_take(state: dict, dice, first: str, shift: int = 0, table: dict | None = None,
                  column: str | None = None) -> Outcome:
    """Ch. 14 Treasure drop: first a free Stimpack or Credits equal to the grade, then a d20
    on the TREASURE TABLE (book p. 167) for your Location type (PSI DIVINATION: ±3). With
    the table's cell known (`table`, typed from the book; the column is `column` or the
    explored Location's type), journal names what the drop is."""
    s = _copy(state)
    drop = _first_loot(s)
    if "d20" in drop:
        raise RuleError(f"the grade {drop['grade']} drop rolled d20 {drop['d20']} already: resolve it (journal kraken "
                        f"treasure cash|item|weapon|ammo|prototype)")
    if first not in ("credits", "stimpack"):
        raise InputError("--credits or --stimpack")
    out: list[str] = []
    if shift:
        d = s.get("dungeon")
        if abs(shift) != 3:
            raise InputError("--shift: +3 or -3 (PSI DIVINATION)")
        if not d or not d.get("divination"):
            raise RuleError("--shift takes a successful PSI DIVINATION first (journal kraken dungeon psi NAME "
                            "divination)")
        d.pop("divination")
    col_name, col = _column(s, table, column)
    drop["first"] = first
    if first == "credits":
        b = s["credits"]
        s["credits"] += drop["grade"]
        out.append(f"Grade {drop['grade']} drop ({drop['from']}): +{drop['grade']}¢ (Credits {b}¢ → {s['credits']}¢).")
    else:
        out.append(f"Grade {drop['grade']} drop ({drop['from']}): a free Stimpack (journal kraken crew equip …).")
    r = dice.roll(20)
    v = max(1, min(20, r + shift))
    drop["d20"] = v
    kind = col.get(v)
    if kind:
        drop["kind"] = kind
        out.append(f"Treasure Table ({col_name}): d20 {r}" + (f" {shift:+d} = {v}" if shift else "")
                   + f": {_KIND_TEXT[kind]} of grade {drop['grade']}: journal kraken treasure {kind}.")
    else:
        out.append(f"Treasure Table: d20 {r}" + (f" {shift:+d} = {v}" if shift else "") + " for your Location type: "
                   "then journal kraken treasure cash|item|weapon|ammo|prototype as the table says.")
    return Outcome(s, f"Treasure grade {drop['grade']}: {first}, d20 {v}" + (f": {kind}" if kind else ""), out,
                   {"grade": drop["grade"], "first": first, "d20": v, **({"kind": kind} if kind else {})})


_KIND_TEXT = {"cash": "an extra cash drop", "item": "an Item drop", "weapon": "a Weapon drop", "ammo": "an Ammo drop",
              "prototype": "a Prototype drop"}


def treasure_resolve(state: dict, dice, kind: str, prices: dict, value: int | None = None,
                     proto: str | None = None, table: dict | None = None, column: str | None = None) -> Outcome:
    """Ch. 14 what the d20 found: Extra cash (d6 1-5: half the grade's value, 6: all of it),
    an Item or Weapon (d6: the row; choose left or right; weapons come loaded), Ammo (one
    for a weapon of this grade, or two across lower grades), a Prototype (reroll the d20
    until it gives an Item or Weapon — journal rolls it when the column's twenty cells are
    known —, d6 for left or right, then its prototype effect)."""
    from journal.games.kraken.rules import known_prices

    s = _copy(state)
    prices = known_prices(s, prices)
    drop = _first_loot(s)
    if "d20" not in drop:
        raise RuleError("take the drop first: journal kraken treasure take --credits|--stimpack")
    if drop.get("kind") and kind != drop["kind"]:
        raise RuleError(f"the Treasure Table gave {_KIND_TEXT[drop['kind']]} (d20 {drop['d20']}): journal kraken "
                        f"treasure {drop['kind']}")
    grade = drop["grade"]
    out: list[str] = []
    data: dict = {"grade": grade, "kind": kind}
    if kind == "cash":
        if value is None:
            if grade not in prices:
                known = ", ".join(f"grade {g}: {p}¢" for g, p in sorted(prices.items()))
                raise InputError(f"--value is required: the value of grade {grade} is in your book ({known} known)")
            value = prices[grade]
        r = dice.roll(6)
        gain = value if r == 6 else half_up(value)
        b = s["credits"]
        s["credits"] += gain
        out.append(f"Extra cash: d6 {r}: {'all' if r == 6 else 'half'} of grade {grade}'s {value}¢ = {gain}¢ "
                   f"(Credits {b}¢ → {s['credits']}¢).")
        data.update(roll=r, credits=gain)
    elif kind in ("item", "weapon"):
        r = dice.roll(6)
        out.append(f"{kind.capitalize()} drop: grade {grade}, d6 {r}: choose the left or right {kind} of row {r}"
                   + (" (it comes with full Ammo)" if kind == "weapon" else "") + ".")
        data["roll"] = r
    elif kind == "ammo":
        out.append(f"Ammo drop: one magazine for a grade {grade} weapon, or two across weapons of lower grades.")
    elif kind == "prototype":
        col_name, col = _column(s, table, column)
        if proto is None and len(col) == 20 and any(v in ("item", "weapon") for v in col.values()):
            rolls = []
            while not rolls or col[rolls[-1]] not in ("item", "weapon"):
                rolls.append(dice.roll(20))
            proto = col[rolls[-1]]
            out.append(f"Prototype: reroll the d20 until an Item or Weapon ({col_name}): {', '.join(map(str, rolls))} "
                       f"→ {proto}.")
            data["d20"] = rolls
        if proto not in ("item", "weapon"):
            raise InputError("--as item|weapon: what the rerolled d20 gave")
        r = dice.roll(6)
        e = dice.roll(6)
        out.append(f"Prototype {proto}: grade {grade}, d6 {r}: the left or right {proto} of row {r}; prototype effect "
                   f"d6 {e} (book p. 168; no effect if it does not fit). Note the number before its name.")
        data.update(roll=r, effect=e)
    else:
        raise InputError(f"'{kind}': cash, item, weapon, ammo or prototype")
    s["loot"].pop(0)
    if not s["loot"]:
        del s["loot"]
    return Outcome(s, f"Treasure grade {grade}: {kind}", out, data)


def treasure_discard(state: dict, dice) -> Outcome:
    s = _copy(state)
    drop = _first_loot(s)
    s["loot"].pop(0)
    if not s["loot"]:
        del s["loot"]
    msg = f"Treasure drop of grade {drop['grade']} ({drop['from']}) discarded by hand"
    return Outcome(s, msg, [msg + "."], {"grade": drop["grade"]})
