"""Crew members as every chapter reads and hurts them (3.3-3.5, ch. 4, ch. 14, K10-K11).

HP, carry capacity and overload, the Armor worn, what the hands hold, captives carried,
Mobile transmitters; wounds, healing, death and leaving the crew; items with uses (U).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.campaign import crew_lost
from journal.games.kraken.model.constants import (
    ARMOR_MAX,
    ARMOR_PIECES,
    HANDS,
    HP_CAP,
    INVENTORY,
    MOBILE_TRANSMITTER,
    PRESET_CREW,
    TOOL_SET,
)
from journal.hints import cmd, say
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State


def hp_formula(strength: int) -> int:
    """K10: HP max = 2 x Strength, at most 14."""
    return min(2 * strength, HP_CAP)


def strength_changed(member: CrewMember, before: int, out: list[str]) -> int:
    """Ch. 3.4: "if you increase Strength during play that Crew Member's HP will be increased
    as well, as it would when creating a Crew Member" (K10: HP max = 2 x Strength, at most
    14); "When a Crew Member's HP maximum increases, their current HP increases by the same
    amount" (a conscious one's). A lower Strength lowers HP max, and HP down to it. Returns
    the change of HP max."""
    gain = hp_formula(member["strength"]) - hp_formula(before)
    if not gain:
        return 0
    old_max = member["hp_max"]
    member["hp_max"] = max(1, old_max + gain)
    if gain > 0 and member["status"] == "active":
        member["hp"] += gain
    member["hp"] = min(member["hp"], member["hp_max"])
    out.append(f"HP max {old_max} → {member['hp_max']}; current HP "
               + (f"rises with it to {member['hp']}." if gain > 0 else f"{member['hp']} (at most the maximum)."))
    return member["hp_max"] - old_max


def carry_capacity(strength: int) -> int:
    """Chapter 3.4: two hands plus one backpack item for every 2 points of Strength (our
    reading: complete pairs, Str 5 → 2), at most the four backpack slots."""
    return 2 + min(4, strength // 2)


def overload(member: CrewMember) -> int:
    """Items carried beyond capacity (chapter 4: -1 / -2 to attack rolls; at most 2)."""
    return max(0, len(member.get("inventory", {})) - carry_capacity(member.get("strength", 1)))


def worn_armor(member: CrewMember) -> int:
    """Ch. 14: the Armor of the pieces worn, added up (the unnamed `armor`, a jacket, a
    helmet, a physical Shield), before Strength and the cap."""
    return member.get("armor", 0) + sum(member[k]["armor"] for k in ARMOR_PIECES if member.get(k))


def strength_armor(member: CrewMember) -> int:
    """Ch. 3.4: 0.5 Armor for each Strength point above 8 (halves round up, K14)."""
    return -(-max(0, member.get("strength", 0) - 8) // 2)


def crew_armor(member: CrewMember) -> int:
    """Ch. 3.4 and 14: the Armor worn (jacket + helmet + physical Shield), plus 0.5 for
    each Strength point above 8 (halves round up, K14), at most 8 (a hero's maximum)."""
    return min(ARMOR_MAX, worn_armor(member) + strength_armor(member))


def armor_pieces(member: CrewMember) -> list[str]:
    """The pieces worn, as "Kevlar vest 2" (the unnamed `armor` as "jacket 2")."""
    out = [f"jacket {member['armor']}"] if member.get("armor") else []
    return out + [f"{member[k]['name']} {member[k]['armor']}" for k in ARMOR_PIECES if member.get(k)]


def armor_text(member: CrewMember) -> str:
    """'Armor 5 (Kevlar vest 2 + Helmet 1 + Anti-Terror Shield 2)': the total the damage
    uses, with the pieces, the Strength bonus and the cap shown."""
    pieces = armor_pieces(member)
    extra, worn = strength_armor(member), worn_armor(member)
    if not pieces:
        return f"Armor {crew_armor(member)}" + (f" (from Strength {member['strength']})" if extra else "")
    parts = " + ".join(pieces + ([f"{extra} Strength"] if extra else []))
    cap = f" = {worn + extra}, a hero's maximum is {ARMOR_MAX}" if worn + extra > ARMOR_MAX else ""
    return f"Armor {crew_armor(member)} ({parts}{cap})"


def item_named(member: CrewMember, name: str, slots=INVENTORY) -> str | None:
    """The inventory slot (of `slots`) whose item is `name`: its whole text, or its name
    before a '+' note or a U<n> uses mark, ignoring case."""
    want = fold(" ".join(str(name).split()))
    for slot in slots:
        text = str(member.get("inventory", {}).get(slot, ""))
        base = _USES.sub("", text.split("+")[0])
        if text and want in (fold(" ".join(text.split())), fold(" ".join(base.split()))):
            return slot
    return None


def hand_holding(member: CrewMember, name: str) -> str | None:
    """The hand slot (L or R) holding the item `name` (see item_named)."""
    return item_named(member, name, HANDS)


def hands_text(member: CrewMember) -> str:
    """'L: Rifle + mag, R: empty'."""
    inv = member.get("inventory", {})
    return ", ".join(f"{h}: {inv.get(h, 'empty')}" for h in HANDS)


def release_shield(member: CrewMember, name: str, out: list[str]) -> None:
    """Ch. 14: a physical Shield is worn only while held in a hand: once its item has left
    the hands it is no longer worn (called after an item leaves an inventory slot)."""
    ps = member.get("physical_shield")
    if ps and hand_holding(member, ps["name"]) is None:
        del member["physical_shield"]
        out.append(say(f"{name} no longer holds the {ps['name']} in a hand: it is not worn (Armor now "
                       f"{crew_armor(member)}; wear it again from a hand: ",
                       cmd("kraken crew gear", name, physical_shield=f"{ps['name']}:{ps['armor']}"), ")."))


def carrying(state: State, name: str) -> str | None:
    """The captive (its label) a crew member carries, if any (ch. 4: they cannot attack)."""
    for label, c in (state.get("captives") or {}).items():
        if c.get("carrier") == name:
            return label
    g = state.get("ground") or {}
    for label, e in g.get("enemies", {}).items():
        if e.get("status") == "captured" and e.get("carrier") == name:
            return label
    return None


def transmitters(state: State) -> list[str]:
    """Ch. 4: only one Mobile transmitter may be carried by the whole team."""
    return [f"{n}:{slot}" for n, m in state.get("crew", {}).items() for slot, item in m.get("inventory", {}).items()
            if MOBILE_TRANSMITTER in fold(str(item))]


def tool_sets(member: CrewMember) -> list[str]:
    """Ch. 4: "No one Crew Member can benefit from more than one of the following at any one time:
    Tool set / German Tool set": the slots holding one."""
    return [slot for slot, item in member.get("inventory", {}).items() if TOOL_SET in fold(str(item))]


UNCONSCIOUS_FLOOR = -3   # K11: 0 to -3 unconscious, -4 or lower killed


def wound(s: State, name: str, amount: int, out: list[str], why: str = "") -> str:
    """Damage to a crew member (K11, ch. 4): an unconscious member takes no further damage;
    HP 0 to -3 is unconscious (recorded as 0); -4 or lower is killed and removed.
    Returns "active", "unconscious", "killed" or "spared" (already unconscious)."""
    c = s["crew"][name]
    why = f" ({why})" if why else ""
    if amount <= 0:
        out.append(f"{name} takes no damage{why}.")
        return c["status"]
    if c["status"] == "unconscious":
        out.append(f"{name} is unconscious and takes no further damage{why}.")
        return "spared"
    before = c["hp"]
    raw = before - amount
    if raw <= UNCONSCIOUS_FLOOR - 1:
        out.append(f"{name} takes {amount} damage{why}: HP {before} → {raw}: killed.")
        note_fallen(s, name, out)
        drop_member(s, name, out)
        return "killed"
    c["hp"] = max(0, raw)
    if c["hp"] == 0:
        c["status"] = "unconscious"
        out.append(f"{name} takes {amount} damage{why}: HP {before} → {raw}: unconscious (counts as 0).")
        return "unconscious"
    out.append(f"{name} takes {amount} damage{why}: HP {before} → {c['hp']}/{c['hp_max']}.")
    return "active"


def heal(s: State, name: str, amount: int, out: list[str], why: str = "", hell: bool = False) -> int:
    """Healing stops at HP max; in a Hell atmosphere it heals half, rounded up (ch. 12, K14).
    Returns the HP gained."""
    c = s["crew"][name]
    if hell:
        amount = half_up(amount)
    before = c["hp"]
    c["hp"] = min(c["hp_max"], before + amount)
    was = c["status"]
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    woke = " (conscious again)" if was == "unconscious" and c["status"] == "active" else ""
    note = " (halved: Hell atmosphere)" if hell else ""
    out.append(f"{name} heals {amount}{note}{f' ({why})' if why else ''}: HP {before} → {c['hp']}/{c['hp_max']}{woke}.")
    if woke:
        revived(s, name, out)
    return c["hp"] - before


def revived(s: State, name: str, out: list[str]) -> None:
    """Ch. 4: "Healed unconscious Crew Members are active again, but cannot take any actions
    before the next Ground Combat turn": in a Ground Combat they wait for its next turn."""
    g = s.get("ground")
    if not g or name not in g["crew"]:
        return
    if name not in g.setdefault("revived", []):
        g["revived"].append(name)
    out.append(f"{name} is active again, but takes no action before the next Ground Combat turn.")


def preset_member(name: str) -> str | None:
    folded = fold(name.strip())
    return next((p for p in PRESET_CREW if p.casefold() == folded), None)


def note_fallen(s: State, name: str, out: list[str]) -> None:
    preset = preset_member(name)
    if preset:
        s.setdefault("fallen", [])
        if preset not in s["fallen"]:
            s["fallen"].append(preset)
        out.append(f"{preset} cannot rejoin your crew in this campaign: note it (rules note K11).")


def _scrub(s: State, name: str, out: list[str] | None = None) -> None:
    """A member who leaves the crew leaves the combat and dungeon tables too (a captive
    they carried gets away)."""
    for label, cap in list((s.get("captives") or {}).items()):
        if cap["carrier"] == name:
            del s["captives"][label]
            if out is not None:
                out.append(f"The captive {cap['name']} ({label}) that {name} carried gets away.")
    if s.get("captives") == {}:
        del s["captives"]
    c = s.get("combat")
    if c:
        c["used"].pop(name, None)
        b = c.get("boarding")
        if b and name in b["crew"]:
            b["crew"].remove(name)
    d = s.get("dungeon")
    if d and name in d["crew"]:
        d["crew"].remove(name)
    if s.get("ground"):
        _leave_ground(s["ground"], name, out)


def _leave_ground(g: dict, name: str, out: list[str] | None) -> None:
    """The Ground Combat forgets the member: its crew, shields, activations, cover, taunts; a
    captured alien they carried counts as defeated."""
    if name in g["crew"]:
        g["crew"].remove(name)
    for key in ("shields", "acted", "last", "boosts"):
        if key in g:
            g[key].pop(name, None)
    for key in ("cover", "extra", "revived"):
        if key in g and name in g[key]:
            g[key].remove(name)
    if g.get("taunt") == name:
        del g["taunt"]
    for label, e in g["enemies"].items():
        if e.get("carrier") == name:
            e.pop("carrier")
            e["status"] = "defeated"
            if out is not None:
                out.append(f"Nobody carries the captured {label} any more: it counts as defeated.")


def drop_member(s: State, name: str, out: list[str], abandoned: bool = False) -> None:
    """A member leaves the crew (dead, sold, left). Their equipment may be collected, unless
    they were `abandoned` (left behind in an escape: erased with all they carry, ch. 14)."""
    _scrub(s, name, out)
    c = s["crew"].pop(name)
    if c["inventory"] and not abandoned:
        items = ", ".join(f"{slot}: {item}" for slot, item in c["inventory"].items())
        out.append(f"Collect {name}'s equipment if you can: {items}.")
    for bname in list(s["builds"]):
        b = s["builds"][bname]
        if name in b["crew"]:
            b["crew"].remove(name)
            if not b["crew"]:
                del s["builds"][bname]
                out.append(f"Nobody is left to build the {bname}: the construction stops.")
    if s.get("leader") == name:
        if s["crew"]:
            s["leader"] = next(iter(s["crew"]))
            out.append(f"{s['leader']} leads the crew now.")
        else:
            del s["leader"]
    crew_lost(s, out)


# A U item's uses (ch. 14): "U" one use, "U3" three; once journal has erased a use it writes what is
# left of the full amount, "U2/3", so that the sheet shows the item is no longer full
_USES = re.compile(r"(?<![\w])U(\d{0,2})(?:/(\d{1,2}))?(?![\w])")


def uses_spent(text: str) -> bool:
    """Whether an item's uses mark shows uses spent ("Med kit U1/2"): U/Use items "that do not have
    their full amount of uses cannot be sold" (ch. 13), and a Gambler counts them a grade lower."""
    hit = _USES.search(str(text).split("+")[0])
    return bool(hit and hit[2] and int(hit[1] or 1) < int(hit[2]))


def item_slot(member: CrewMember, item: str) -> str | None:
    """The inventory slot holding an item: its text, or its name before a '+' note or a
    U<n> uses mark ("Med kit U2" is the Med kit), ignoring case."""
    want = fold(str(item).strip())
    for slot, text in member.get("inventory", {}).items():
        base = fold(_USES.sub("", str(text).split("+")[0]).strip())
        if fold(str(text).strip()) == want or base == want:
            return slot
    return None


def use_item(s: State, name: str, item: str, out: list[str]) -> None:
    """Ch. 14 ITEMS DEFINITION, U / Use up: an item marked U is erased when used once, U<n>
    after n uses (one use is erased each time, "U3" → "U2/3", so the sheet keeps the full
    amount; used-up items cannot be reloaded). An item not found in the inventory is only
    noted."""
    m = s["crew"][name]
    slot = item_slot(m, item)
    if slot is None:
        out.append(f"(No {item} in {name}'s inventory: erase a use of it by hand if it has uses.)")
        return
    text = m["inventory"][slot]
    hit = _USES.search(text)
    if not hit:
        return
    left = int(hit[1] or 1) - 1
    if left <= 0:
        del m["inventory"][slot]
        out.append(f"The {item} is used up: erased from {name}'s slot {slot}.")
        release_shield(m, name, out)
        return
    full = hit[2] or hit[1]
    m["inventory"][slot] = text[:hit.start()] + f"U{left}/{full}" + text[hit.end():]
    out.append(f"{name}'s {item}: {left} use{'s' if left != 1 else ''} left (slot {slot}: "
               f"{m['inventory'][slot]}).")
