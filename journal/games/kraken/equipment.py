"""Equipment (3.7, ch. 4, ch. 14): inventory slots, using items, Armor and Shield, crew weapons."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.kraken.model.campaign import copy_state, known, oxygen_max
from journal.games.kraken.model.constants import (
    ARMOR_MAX,
    ARMOR_PIECE_TEXT,
    INVENTORY,
    JAMS,
    MOBILE_TRANSMITTER,
    OVERLOAD_MAX,
    TOOL_SET,
)
from journal.games.kraken.model.exploration import atmosphere_here
from journal.games.kraken.model.members import (
    armor_text,
    carry_capacity,
    crew_armor,
    hand_holding,
    hands_text,
    heal,
    item_named,
    overload,
    release_shield,
    tool_sets,
    transmitters,
    use_item,
    worn_armor,
)
from journal.games.kraken.model.weapons import describe_attack, parse_attack, unplace_weapon, weapon_slot, weapon_spec
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import ArmorPiece, CrewMember, State


def crew_equip(state: State, dice: Dice, name: str, slot: str, item: str, from_storage: bool = False) -> Outcome:
    """Ch. 4: L, R and backpack 1-4; capacity 2 + 1 per 2 Strength; one or two items over
    it is an overload (-1 / -2 to Ranged and Melee attack rolls)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    sl = str(slot).strip().upper()
    if sl not in INVENTORY:
        raise InputError(f"slot '{slot}' is not an inventory slot: L, R (hands) or 1-4 (backpack)")
    text = str(item).strip()
    if not text:
        raise InputError("the item is empty: name it (e.g. \"Rifle + mag\")")
    if sl in c["inventory"]:
        raise RuleError(f"{key}'s slot {sl} holds {c['inventory'][sl]}: unequip it first")
    cap = carry_capacity(c["strength"])
    if len(c["inventory"]) + 1 > cap + OVERLOAD_MAX:
        raise RuleError(f"{key} carries {len(c['inventory'])} items: capacity {cap} + at most {OVERLOAD_MAX} "
                        f"overload")
    if MOBILE_TRANSMITTER in fold(text) and transmitters(s):
        raise RuleError(f"only one Mobile transmitter may be carried by the whole team (ch. 4): "
                        f"{', '.join(transmitters(s))} has one")
    if TOOL_SET in fold(text) and tool_sets(c):
        held = tool_sets(c)[0]
        raise RuleError(f"{key} carries a Tool set already (slot {held}: {c['inventory'][held]}): no one crew member "
                        f"can benefit from more than one Tool set or German Tool set (ch. 4)")
    out: list[str] = []
    if from_storage:
        _take_from_storage(s, text, out)
    c["inventory"][sl] = text
    c["inventory"] = {k: c["inventory"][k] for k in INVENTORY if k in c["inventory"]}
    out.insert(0, f"{key}: {text} in slot {sl}.")
    over = overload(c)
    if over:
        out.append(f"{key} is overloaded by {over}: -{over} to Ranged and Melee attack rolls in Ground Combat.")
    return Outcome(s, f"{key} takes {text} ({sl})", out, {"name": key, "slot": sl, "item": text, "overload": over})


def _take_from_storage(s: State, text: str, out: list[str]) -> None:
    for where in ("storage", "expansion_storage"):
        hit = next((i for i, x in enumerate(s[where]) if fold(x) == fold(text)), None)
        if hit is not None:
            s[where].pop(hit)
            out.append(f"Taken out of the ship's {'storage' if where == 'storage' else 'EXPANSION storage'}.")
            return
    stored = ", ".join(s["storage"] + s["expansion_storage"]) or "empty"
    raise RuleError(f"'{text}' is not in the ship's storage ({stored})")


def crew_unequip(state: State, dice: Dice, name: str, slot: str, to_storage: bool = False) -> Outcome:
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    sl = str(slot).strip().upper()
    if sl not in INVENTORY:
        raise InputError(f"slot '{slot}' is not an inventory slot: L, R or 1-4")
    if sl not in c["inventory"]:
        raise RuleError(f"{key}'s slot {sl} is empty")
    item = c["inventory"].pop(sl)
    out = [f"{key}: {item} out of slot {sl}."]
    release_shield(c, key, out)
    if to_storage:
        if not s.get("ship"):
            raise RuleError("there is no ship to store it in")
        s["storage"].append(item)
        out.append("Stored in the ship.")
    return Outcome(s, f"{key} puts down {item} ({sl})" + (" into storage" if to_storage else ""), out,
                   {"name": key, "slot": sl, "item": item})


def crew_use(state: State, dice: Dice, name: str, item: str, heal_hp: int | None = None, target: str | None = None,
             oxygen: int | None = None) -> Outcome:
    """Ch. 13-14: using an item outside Ground Combat costs no action (a Ground Combat's is
    `ground item`): a healing item heals its wearer or another member (half in a Hell
    atmosphere), an Oxygen item refills Oxygen; a use of a U item is erased."""
    s = copy_state(state)
    if s.get("ground"):
        raise RuleError(say("in a Ground Combat an item takes an action: ", cmd("kraken ground item", "NAME", "ITEM")))
    key = known(s["crew"], name, "crew member")
    if s["crew"][key]["status"] != "active":
        raise RuleError(f"{key} is unconscious")
    out = [f"{key} uses {str(item).strip()}."]
    d = s.get("dungeon")
    if heal_hp is not None:
        if heal_hp < 1:
            raise InputError(f"an item heals 1 HP or more, not {heal_hp}")
        who = known(s["crew"], target, "crew member") if target else key
        hell = False
        if d:
            hell = atmosphere_here(s, d) == "HELL"
        heal(s, who, heal_hp, out, str(item).strip(), hell=hell)
    elif target:
        raise InputError(f"the {str(item).strip()} heals nobody here: a target is healed by the HP an item heals")
    if oxygen is not None:
        if oxygen < 1:
            raise InputError(f"an Oxygen item gives 1 Oxygen or more, not {oxygen}")
        before = s["oxygen"]
        s["oxygen"] = min(oxygen_max(s), before + oxygen)
        out.append(f"Oxygen {before} → {s['oxygen']}.")
    use_item(s, key, item, out)
    return Outcome(s, f"{key} uses {str(item).strip()}", out, {"name": key, "item": str(item).strip()})


# --- Armor and Shield (ch. 14) --------------------------------------------------------------

def _piece(what: str, text: str) -> dict | None:
    """'Kevlar vest:2' → {"name": "Kevlar vest", "armor": 2}; 'none' → None."""
    t = str(text).strip()
    if t.casefold() == "none":
        return None
    name, sep, value = t.rpartition(":")
    name = " ".join(name.split())
    if not sep or not name or not value.strip().isdigit() or not 1 <= int(value) <= ARMOR_MAX:
        raise InputError(f"{typed(text)} is no {what}: NAME:ARMOR with an Armor value 1-{ARMOR_MAX} (e.g. "
                         f"\"Kevlar vest:2\"), or none")
    return {"name": name, "armor": int(value)}


def crew_gear(state: State, dice: Dice, name: str, armor: int | None = None, shield: str | None = None,
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
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    m = s["crew"][key]
    pieces: dict[ArmorPiece, str | None] = {"jacket": jacket, "helmet": helmet, "physical_shield": physical_shield}
    if armor is None and shield is None and charger is None and all(v is None for v in pieces.values()):
        raise InputError(f"nothing for {key} to wear: a jacket, a helmet, a physical Shield, an unnamed jacket's "
                         f"Armor, a Shield or a Shield charger")
    if armor is not None and jacket is not None:
        raise InputError("an unnamed jacket of Armor N and a named jacket at once: one jacket is worn at a time")
    out: list[str] = []
    if armor is not None:
        unnamed_jacket(m, key, armor, out)
    missing = _wear_armor_items(s, m, key, pieces, armor is not None, out)
    if shield is not None:
        set_shield(m, key, shield, out)
    if charger is not None:
        set_charger(m, key, charger, out)
    summary = " ".join(out).rstrip(".")
    if missing:
        out.append(say(f"Note: {key}'s inventory holds no {' or '.join(missing)}: Armor Items take a slot like any "
                       f"item (ch. 3.4): ", cmd("kraken crew equip", key, "SLOT", "ITEM"), "."))
    return Outcome(s, summary, out,
                   {"name": key, "armor": worn_armor(m), **{k: m.get(k) for k in pieces},
                    "armor_total": crew_armor(m), "shield": m.get("shield"), "charger": m.get("charger")})


def _wear_armor_items(s: State, m: CrewMember, key: str, pieces: dict, unnamed: bool, out: list[str]) -> list[str]:
    """The jacket, helmet and physical Shield named (or none), then the Armor worn; returns the
    items named that the inventory does not hold."""
    changed, missing = False, []
    for k, text in pieces.items():
        if text is not None:
            was_changed, item = wear_piece(s, m, key, k, text, out)
            changed = changed or was_changed
            missing += [item] if item else []
    if changed or (unnamed and any(m.get(k) for k in pieces)):
        armor_worn(s, m, key, changed, out)
    return missing


def unnamed_jacket(m: CrewMember, key: str, armor: int, out: list[str]) -> None:
    """An unnamed jacket of Armor N (0: none), instead of any jacket worn."""
    if not 0 <= armor <= ARMOR_MAX:
        raise InputError(f"Armor {armor}: a hero's Armor is 0-{ARMOR_MAX}")
    if armor:
        m["armor"] = armor
    else:
        m.pop("armor", None)
    out.append(f"{key}: Armor {armor}.")
    old = m.pop("jacket", None)
    if old:
        out.append(f"It replaces the {old['name']} (one jacket at a time).")


def wear_piece(s: State, m: CrewMember, key: str, k: ArmorPiece, text: str, out: list[str]
               ) -> tuple[bool, str | None]:
    """One Armor Item put on or taken off (one of each kind worn at a time; a physical Shield
    is held in a hand). Returns whether what is worn changed, and the item's name when the
    inventory does not hold it."""
    what = ARMOR_PIECE_TEXT[k]
    piece = _piece(what, text)
    old = m.get(k)
    if k == "jacket" and m.get("armor"):
        old = {"name": "unnamed jacket", "armor": m["armor"]}
    if piece is None:
        m.pop(k, None)
        if k == "jacket":
            m.pop("armor", None)
        out.append(f"{key} takes off the {old['name']} ({what})." if old else f"{key} wears no {what}.")
        return old is not None, None
    where = ""
    if k == "physical_shield":
        hand = shield_hand(s, m, key, piece["name"])
        piece["name"] = _item_name(m["inventory"][hand], piece["name"])
        where = f", in {key}'s hand {hand}"
    if k == "jacket":
        m.pop("armor", None)
    m[k] = piece
    line = f"{key} wears the {piece['name']} ({what}, Armor {piece['armor']}{where})"
    if old and fold(old["name"]) != fold(piece["name"]):
        line += f" instead of the {old['name']} (one {what} at a time)"
    out.append(line + ".")
    missing = k != "physical_shield" and item_named(m, piece["name"]) is None
    return True, piece["name"] if missing else None


def shield_hand(s: State, m: CrewMember, key: str, name: str) -> str:
    """Ch. 14: a physical Shield is carried in one hand: the hand holding it."""
    hand = hand_holding(m, name)
    if hand is not None:
        return hand
    fight = key in (s.get("ground") or {}).get("crew", [])
    raise RuleError(say(f"a physical Shield is carried in one hand (ch. 14) and {key}'s hands hold {hands_text(m)}: "
                        f"put the {name} in a hand first (", cmd("kraken crew equip", key, "L", name),
                        " or ", cmd("kraken crew equip", key, "R", name), ")",
                        *(("; in a Ground Combat that is an Exchange action (", cmd("kraken ground exchange", key),
                           ")") if fight else ())))


def armor_worn(s: State, m: CrewMember, key: str, changed: bool, out: list[str]) -> None:
    """The Armor the member now wears; switching Armor Items in a Ground Combat is free."""
    out.append(f"{key}'s {armor_text(m)}." if worn_armor(m) else
               f"{key} wears no Armor" + (f": {armor_text(m)}." if crew_armor(m) else "."))
    g = s.get("ground")
    if changed and g and key in g.get("crew", []):
        out.append("Switching Armor Items during a Ground Combat takes no action (ch. 14); moving an item into a "
                   "hand or to a team mate is an Exchange action.")


_SHIELD = re.compile(r"\s*([ABab])\s*:\s*(\d{1,2})\s*/\s*(\d{1,2})\s*")


def set_shield(m: CrewMember, key: str, shield: str, out: list[str]) -> None:
    """The active Shield: class A (flash) or B (energy), POWER/RECHARGE; or none."""
    if shield.strip().casefold() == "none":
        m.pop("shield", None)
        out.append(f"{key}: no Shield.")
        return
    mm = _SHIELD.fullmatch(shield)
    if not mm or int(mm[2]) < 1:
        raise InputError(f"{typed(shield)} is no Shield: CLASS:POWER/RECHARGE, e.g. B:4/1 (A flash, B energy) or "
                         f"none")
    m["shield"] = {"class": mm[1].upper(), "power": int(mm[2]), "recharge": int(mm[3])}
    out.append(f"{key}: Shield class {mm[1].upper()} {mm[2]} (+{mm[3]} a turn).")


def set_charger(m: CrewMember, key: str, charger: int, out: list[str]) -> None:
    """The Shield charger used each combat turn (one a turn): its charge, 0 for none."""
    if not 0 <= charger <= 99:
        raise InputError(f"a Shield charger restores 0 (none) to 99 each combat turn, not {charger}")
    if charger:
        m["charger"] = charger
        out.append(f"{key}: a Shield charger restores {charger} each combat turn (one charger a turn)."
                   + ("" if m.get("shield") else f" It charges nothing until {key} has a Shield."))
    else:
        m.pop("charger", None)
        out.append(f"{key}: no Shield charger.")


def _item_name(text: str, typed: str) -> str:
    """The item's name as the inventory writes it ("Anti-Terror Shield" for "anti-terror
    shield" typed), else as typed."""
    for cand in (str(text), str(text).split("+")[0]):
        if fold(" ".join(cand.split())) == fold(typed):
            return " ".join(cand.split())
    return typed


# --- weapons (ch. 14) ------------------------------------------------------------------------

def _place(m: CrewMember, key: str, label: str, slot: str | None, out: list[str]) -> None:
    """Put a new weapon in an inventory slot (a hand first) unless its name is there already."""
    have = weapon_slot(m, label)
    inv = m["inventory"]
    if slot is not None:
        sl = _slot_named(key, label, slot, have, inv)
        if sl is None:
            return
    elif have is not None:
        out.append(f"The {label} is the one in {key}'s slot {have} ({inv[have]}).")
        return
    else:
        free = next((x for x in INVENTORY if x not in inv), None)
        if free is None or len(inv) + 1 > carry_capacity(m["strength"]) + OVERLOAD_MAX:
            out.append(say(f"{key} has no room for it: it is in no inventory slot until you make room and equip it (",
                           cmd("kraken crew unequip", key, "L"), ", then ", cmd("kraken crew equip", key, "L", label),
                           "): only a weapon in a hand attacks."))
            return
        sl = free
    cap = carry_capacity(m["strength"])
    if len(inv) + 1 > cap + OVERLOAD_MAX:
        raise RuleError(f"{key} carries {len(inv)} items: capacity {cap} + at most {OVERLOAD_MAX} overload")
    inv[sl] = label
    m["inventory"] = {k: inv[k] for k in INVENTORY if k in inv}
    where = "hand" if sl in ("L", "R") else "backpack"
    out.append(f"Write it in {key}'s slot {sl} ({where})." + ("" if sl in ("L", "R") else
                                                            " Only a weapon in a hand attacks (L or R)."))
    if overload(m):
        out.append(f"{key} is overloaded by {overload(m)}: -{overload(m)} to Ranged and Melee attack rolls in Ground "
                   f"Combat.")


def _slot_named(key: str, label: str, slot: str, have: str | None, inv: dict) -> str | None:
    """The slot the player names, free for the weapon; None when the weapon is in it already."""
    sl = str(slot).strip().upper()
    if sl not in INVENTORY:
        raise InputError(f"slot {typed(slot)} is not an inventory slot: L, R (hands) or 1-4 (backpack)")
    if have == sl:
        return None
    if have is not None:
        raise RuleError(f"{key} carries the {label} in slot {have} already")
    if sl in inv:
        raise RuleError(f"{key}'s slot {sl} holds {inv[sl]}: unequip it first")
    return sl


def crew_weapon(state: State, dice: Dice, name: str, spec: str | None = None, weapon: str | None = None,
                ammo: int | None = None, remove: bool = False, jam: str | None = None,
                slot: str | None = None) -> Outcome:
    """A crew weapon in the book's notation (Ammo full when added), or its Ammo, jam or
    removal by hand. A new weapon is the one of that name in the inventory, or goes into a
    free slot (a hand first, or `slot`): only a weapon in a hand attacks (ch. 14)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    m = s["crew"][key]
    if spec is not None:
        return new_weapon(s, m, key, spec, ammo, slot)
    if weapon is None:
        raise InputError(say("a weapon is added in the book's notation, or named to change it: ",
                             cmd("kraken crew weapon", key, "SPEC"), " or ",
                             cmd("kraken crew weapon", key, weapon="NAME", ammo="N")))
    weapons = m.get("weapons") or {}
    wkey = known(weapons, weapon, f"weapon of {key}")
    w = weapons[wkey]
    if slot is not None:
        raise InputError(say("a slot is chosen for a new weapon; the " + wkey + " moves like any item (",
                             cmd("kraken crew unequip", key, "SLOT"), ", then ",
                             cmd("kraken crew equip", key, "SLOT", wkey), ")"))
    if remove:
        del weapons[wkey]
        if not weapons:
            del m["weapons"]
        more: list[str] = []
        gone = unplace_weapon(m, wkey, key, more)
        return Outcome(s, f"{key}: weapon {wkey} erased", [f"{key}: the {wkey} is erased"
                                                           + (f" (slot {gone} emptied)." if gone else ".")] + more,
                       {"name": key})
    out: list[str] = []
    if ammo is not None:
        set_ammo(w, key, wkey, ammo, out)
    if jam is not None:
        set_jam(w, key, wkey, jam, out)
    if not out:
        raise InputError(f"nothing to change on the {wkey}: its Ammo, its jam, or erase it")
    return Outcome(s, " ".join(out).rstrip(".") + " (by hand)", out, {"name": key, "weapon": wkey, **w})


def new_weapon(s: State, m: CrewMember, key: str, spec: str, ammo: int | None, slot: str | None) -> Outcome:
    """A weapon written in the book's notation joins the member's weapons (a second of the
    same name is numbered), its Ammo full, in a slot of the inventory."""
    weapons = m.setdefault("weapons", {})
    parsed = parse_attack(spec)
    if not parsed["name"]:
        raise InputError(f"'{spec}': name the weapon first (e.g. \"Rifle (3) 4+, 3 A5 RG\")")
    label = base = parsed["name"]
    n = 1
    while label in weapons:
        n += 1
        label = f"{base} {n}"
    out: list[str] = []
    if parsed["strength"] > m["strength"]:
        out.append(f"Note: the {label} needs Strength {parsed['strength']}; {key} has {m['strength']}.")
    _place(m, key, label, slot, out)
    weapons[label] = {"spec": " ".join(spec.split())}
    if parsed["ammo"] is not None:
        weapons[label]["ammo"] = parsed["ammo"] if ammo is None else ammo
    out.insert(0, f"{key} carries the {label}: {describe_attack(parsed)}.")
    return Outcome(cast(dict, s), f"{key}: weapon {label}", out, {"name": key, "weapon": label, **weapons[label]})


def set_ammo(w: dict, key: str, wkey: str, ammo: int, out: list[str]) -> None:
    cap = weapon_spec(w)["ammo"]
    if cap is None:
        raise RuleError(f"the {wkey} has unlimited Ammo")
    if not 0 <= ammo <= cap:
        raise InputError(f"the {wkey} holds 0-{cap} Ammo, not {ammo}")
    w["ammo"] = ammo
    out.append(f"{key}'s {wkey}: Ammo {ammo}/{cap}.")


def set_jam(w: dict, key: str, wkey: str, jam: str, out: list[str]) -> None:
    """A jam by hand: none, jammed, jammed-again or damaged (ch. 14 Unjam's stages)."""
    if jam == "none":
        w.pop("jam", None)
        out.append(f"{key}'s {wkey}: not jammed.")
    elif jam in JAMS:
        w["jam"] = jam
        out.append(f"{key}'s {wkey}: {jam}.")
    else:
        raise InputError(f"{typed(jam)} is not a jam: none, {', '.join(JAMS)}")
