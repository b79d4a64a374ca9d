"""Chapter 14, an enemy's profile from its sheet: its values, d6 action table and traits."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.constants import DAMAGE_TYPES, MAX_LEVEL, TWO_ACTIONS
from journal.games.kraken.model.ground import current_ground_combat
from journal.games.kraken.model.locations import parse_species
from journal.games.kraken.model.weapons import parse_attack
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

_ACTION = re.compile(r"\s*(\d)\s*(?:-\s*(\d))?\s*:\s*(.+)")


def parse_actions(items) -> list[dict]:
    """'1-2: idle', '3-5: ML 4+, 3', '6: RG 4+, 2x2 Fire' → the enemy's d6 table."""
    rows: list[dict[str, Any]] = []
    for it in items:
        m = _ACTION.fullmatch(str(it))
        if not m:
            raise InputError(f"'{it}' is not a row of an action table: ROLL: ACTION, e.g. \"1-2: idle\" or "
                             f"\"3-6: ML 4+, 3\"")
        lo, hi = int(m[1]), int(m[2] or m[1])
        if not 1 <= lo <= hi <= 6:
            raise InputError(f"'{it}': an action table's rolls are 1-6")
        do = m[3].strip()
        if not is_idle(do) and try_attack(do) is None and not do:
            raise InputError(f"'{it}': the row names no action")
        rows.append({"lo": lo, "hi": hi, "do": do})
    covered = [n for r in rows for n in range(r["lo"], r["hi"] + 1)]
    if rows and sorted(covered) != list(range(1, 7)):
        raise InputError("an action table covers each roll 1-6 exactly once")
    return rows


def is_idle(text: str) -> bool:
    return text.strip().casefold().startswith("idle")


def try_attack(text: str) -> dict | None:
    try:
        return parse_attack(text)
    except InputError:
        return None


_TRAIT = re.compile(r"\s*(?P<name>[^:]+?)\s*(?::\s*(?P<effect>.*?)\s*)?")
_TRAIT_EFFECT = re.compile(r"\+\s*(?P<n>\d{1,3})\s*(?P<what>HP|shields?)", re.IGNORECASE)


def parse_trait(text: str) -> dict:
    """An enemy trait as its sheet names it (book p. 170, not in our rulebook text):
    'Zombie', 'Regen: +1 HP', 'Shield boost: +2 Shield'. An effect '+N HP' or '+N Shield'
    is applied after the enemy's regular action (ch. 14, Special Traits); any other trait
    is shown as a reminder to apply by hand."""
    m = _TRAIT.fullmatch(str(text))
    if not m or not m["name"].strip():
        raise InputError(f"'{text}' is not a trait: NAME or NAME: EFFECT (e.g. Zombie, \"Regen: +1 HP\")")
    effect = (m["effect"] or "").strip()
    out = {"name": m["name"].strip(), "effect": effect or None, "hp": 0, "shield": 0}
    e = _TRAIT_EFFECT.fullmatch(effect) if effect else None
    if e:
        out["hp" if e["what"].upper() == "HP" else "shield"] = int(e["n"])
    return out


def has_trait(e: dict, name: str) -> bool:
    return any(parse_trait(t)["name"].casefold() == name for t in e.get("traits", []))


_SHIELD = re.compile(r"\s*([ABab])\s*:\s*(\d{1,3})\s*(?:/\s*(\d{1,3}))?\s*")
SHORT_TYPES = {"rg": "ranged", "ml": "melee"}


def ground_add(state: State, dice: Dice, label: str, profile: dict | None = None, profile_name: str | None = None,
               name: str | None = None,
               minion: bool = False, level: int | None = None, hp: int | None = None, armor: int | None = None,
               agility: int | None = None, shield: str | None = None, escape: int | None = None,
               treasure: int | None = None, xp: int | None = None, weak=(), resist=(), actions=(),
               acts: int | None = None, species: str | None = None, note: str | None = None,
               traits=()) -> Outcome:
    """An enemy's profile from its sheet (typed, or from a profiles file): HP, Armor,
    Agility, Shield, escape value, Treasure value, XP, weaknesses and resistances, its d6
    action table, its traits."""
    s = copy_state(state)
    g = current_ground_combat(s)
    label = new_label(g, label)
    p = _sheet_values(profile, profile_name, {
        "name": name, "hp": hp, "armor": armor, "agility": agility, "shield": shield, "escape": escape,
        "treasure": treasure, "xp": xp, "acts": acts, "species": species, "note": note,
    }, (("weak", weak), ("resist", resist), ("actions", actions), ("traits", traits)))
    for need in ("hp", "agility"):
        if need not in p:
            raise InputError(say(f"the enemy's {'HP' if need == 'hp' else 'Agility'} is needed, from its sheet (",
                                 cmd("kraken ground add", label, hp="N", agility="N"), ")"))
    expected = max(1, g["level"] - 1) if minion else g["level"]
    lv = max(1, min(MAX_LEVEL, int(level if level is not None else expected)))
    e = enemy_sheet(p, label, lv, minion)
    g["enemies"][label] = e
    out = _enemy_added(e, label, minion)
    sheet_lv = (profile or {}).get("level")
    if sheet_lv is not None and int(sheet_lv) != min(lv, 6):
        out.append(f"Note: the profile is a LV{sheet_lv} sheet; this {'Minion' if minion else 'Primary'} is LV{lv} "
                   f"(a LV{min(lv, 6)} sheet).")
    if "actions" not in e:
        out.append(say("No action table: when it acts, roll its d6 yourself and type the action (",
                       cmd("kraken ground enemy", "LABEL", action="TEXT"), ")."))
    out.extend(spawn_note(g))
    return Outcome(s, f"Enemy {label}: {e['name']} LV{e['level']} HP {e['hp']}", out, {"label": label, **e})


def _sheet_values(profile: dict | None, profile_name: str | None, typed: dict, lists) -> dict[str, Any]:
    """The sheet's values: the profile's (its sheet's level aside), then those typed over them."""
    p: dict[str, Any] = {k: v for k, v in (profile or {}).items() if k != "level"}
    if profile_name:
        p["name"] = profile_name
    p.update({k: v for k, v in typed.items() if v is not None})
    p.update({k: list(v) for k, v in lists if v})
    return p


def _enemy_added(e: dict, label: str, minion: bool) -> list[str]:
    """The enemy as entered: its values, its traits."""
    out = [f"{label}: {e['name']} LV{e['level']}{' (Minion)' if minion else ''}, HP {e['hp']}, Armor {e['armor']}, "
           f"Agility {e['agility']}" + (f", Shield {e['shield']['class']} {e['shield']['power']}" if "shield" in e
                                        else "")
           + (f", escapes at {e['escape']}" if "escape" in e else "") + "."]
    if e.get("traits"):
        out.append(f"Traits: {', '.join(e['traits'])}.")
    return out


def new_label(g: dict, label: str) -> str:
    """A new enemy's label, before the initiative check: not empty, not one of this combat's."""
    label = str(label).strip()
    if not label:
        raise InputError("name the enemy (a label such as E1, Boss, Minion 1)")
    if already(g["enemies"], label):
        raise RuleError(f"there is an enemy {already(g['enemies'], label)} already")
    if g["step"] != "spawn" and g["turn"] > 0:
        raise RuleError("enemies are entered before the initiative check")
    return label


def enemy_sheet(p: dict, label: str, lv: int, minion: bool) -> dict:
    """The enemy's record from its sheet's values (ch. 14 fold-out sheets)."""
    e: dict[str, Any] = {"name": str(p.get("name") or label), "level": lv, "minion": bool(minion), "hp": int(p["hp"]),
         "hp_max": int(p["hp"]), "armor": int(p.get("armor", 0)), "agility": int(p["agility"]), "status": "active"}
    if e["hp"] < 1 or e["armor"] < 0 or e["agility"] < 0:
        raise InputError("an enemy's HP is 1 or more, its Armor and Agility 0 or more")
    if p.get("species"):
        e["species"] = parse_species(p["species"])
    if p.get("shield"):
        e["shield"] = parse_shield(str(p["shield"]))
    for k in ("escape", "treasure", "xp"):
        if p.get(k) is not None:
            e[k] = int(p[k])
    for k in ("weak", "resist"):
        if p.get(k):
            e[k] = damage_types(p[k], "weakness" if k == "weak" else "resistance")
    if p.get("actions"):
        e["actions"] = parse_actions(p["actions"])
    _enemy_acts(e, p)
    if p.get("note"):
        e["note"] = str(p["note"])
    _enemy_traits(e, p)
    return e


def _enemy_acts(e: dict, p: dict) -> None:
    """An enemy acts once a turn, twice with the trait (`acts` 2)."""
    if p.get("acts"):
        if int(p["acts"]) not in (1, 2):
            raise InputError(f"an enemy acts once, or twice with the trait, not {p['acts']} times")
        if int(p["acts"]) == 2:
            e["acts"] = 2


def _enemy_traits(e: dict, p: dict) -> None:
    """The enemy's traits as the book writes them; the two-actions trait makes it act twice."""
    if p.get("traits"):
        e["traits"] = [trait_text(parse_trait(t)) for t in (p["traits"] if isinstance(p["traits"], list)
                                                            else [p["traits"]])]
        if any(parse_trait(t)["name"].casefold() == TWO_ACTIONS for t in e["traits"]):
            e["acts"] = 2


def parse_shield(text: str) -> dict:
    """An enemy's Shield as its sheet gives it: CLASS:POWER/RECHARGE (B:4/1; A:3 recharges 0)."""
    mm = _SHIELD.fullmatch(text)
    if not mm or int(mm[2]) < 1:
        raise InputError(f"'{text}' is no Shield: CLASS:POWER/RECHARGE, e.g. B:4/1")
    return {"class": mm[1].upper(), "power": int(mm[2]), "max": int(mm[2]), "recharge": int(mm[3] or 0)}


def damage_types(values, what: str) -> list[str]:
    """Weaknesses or resistances (`what`): fire, ice, toxic, ranged (RG), melee (ML)."""
    found = [str(x).strip().casefold() for x in values]
    found = [SHORT_TYPES.get(x, x) for x in found]
    bad = [x for x in found if x not in DAMAGE_TYPES]
    if bad:
        raise InputError(f"'{bad[0]}' is not a {what}: one of {', '.join(DAMAGE_TYPES)}")
    return sorted(set(found))


def trait_text(trait: dict) -> str:
    return trait["name"] + (f": {trait['effect']}" if trait["effect"] else "")


def spawn_note(g: dict) -> list[str]:
    """More enemies than the spawn called for: a reminder (an event may bring more)."""
    primaries = sum(1 for x in g["enemies"].values() if not x["minion"])
    want = 1 + bool(g.get("second"))
    if primaries > want or sum(1 for x in g["enemies"].values() if x["minion"]) > g["minions"]:
        return [f"Note: the spawn called for {want} Primary and {plural(g['minions'], 'Minion')}."]
    return []
