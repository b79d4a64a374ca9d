"""3.3-3.5 Set up your crew (rules notes K10-K11): members, HP, levels, the leader, traits.

Adding, hiring and removing members, HP by hand, levelling up, the leader, attributes and
traits by hand (A2).
"""

from __future__ import annotations

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.kraken.model.campaign import copy_state, credits_line, known, pay_credits, set_leader
from journal.games.kraken.model.exploration import shop_here
from journal.games.kraken.model.constants import (
    ATTRIBUTES,
    ATTR_MAX,
    ATTR_MIN,
    ATTR_SUM,
    EXCLUSIVE,
    MAX_CREW,
    MAX_TRAITS,
)
from journal.games.kraken.model.members import (
    UNCONSCIOUS_FLOOR,
    carry_capacity,
    drop_member,
    hp_formula,
    note_fallen,
    preset_member,
    revived,
    strength_changed,
)
from journal.hints import cmd, say
from journal.outcome import Outcome

HIRE_PRICE = 10          # ch. 13 Shops: 10 Credits per Level
SELL_PRICE = 5           # ch. 13 Shops: 5 x Level


def crew_add(state: dict, dice: Dice, name: str, attrs: dict, traits=(), psi: bool = False, level: int = 1,
             hire: bool = False) -> Outcome:
    """K10: attributes 1-8 summing to 16, HP max = min(2 x Strength, 14), at most 4 traits
    summing to 0, one PSI crew member (PSI 1 at creation), at most 4 crew. `hire`: at a
    Shop, 10¢ a level, up to the Shop's grade (ch. 13)."""
    s = copy_state(state)
    name = new_member(s, name)
    preset = preset_member(name)
    if not 1 <= level <= 99:
        raise InputError(f"a crew member's level is 1 or more, not {level}")
    check_attributes(attrs, level)
    trait_map = new_traits(s, traits, psi)
    out: list[str] = []
    if hire:
        hire_member(s, name, level, out)
    hp = hp_formula(attrs["strength"])
    member = {"level": level, "hp": hp, "hp_max": hp, "status": "active",
              **{a: attrs[a] for a in ATTRIBUTES}, "traits": trait_map, "inventory": {}}
    if psi:
        member["psi"] = 1
    s["crew"][name] = member
    shown = ", ".join(f"{a.capitalize()} {attrs[a]}" for a in ATTRIBUTES)
    out.insert(0, f"Fold out {name}'s profile: LV{level}, HP {hp}/{hp}; {shown}"
               + (", PSI 1" if psi else "") + ".")
    if trait_map:
        out.append("Traits: " + ", ".join(f"{t} {v:+d}" for t, v in trait_map.items()) + ".")
    if preset:
        out.append(f"{preset} is a preset crew member with story events of their own.")
    if not s.get("leader"):
        s["leader"] = name
        out.append(say(f"{name} leads the crew (change it with --leader or `", cmd("kraken crew leader", "NAME"),
                       "`)."))
    out.append(f"Carry capacity {carry_capacity(attrs['strength'])} items (two hands and "
               f"{carry_capacity(attrs['strength']) - 2} in the backpack).")
    return Outcome(s, f"{name} joins the crew (LV{level}, HP {hp})", out,
                   {"name": name, "level": level, "hp": hp, "hp_max": hp})


def new_member(s: dict, name: str) -> str:
    """A new member's name (K10-K11): not in the crew yet, at most 4 crew, a preset member
    who died does not rejoin, and two whose sheets cover each other never serve together."""
    name = str(name).strip()
    if not name:
        raise InputError("the crew member's name is empty")
    if any(k.casefold() == name.casefold() for k in s["crew"]):
        raise RuleError(f"{name} is already in the crew")
    if len(s["crew"]) >= MAX_CREW:
        raise RuleError(say(f"the crew has {MAX_CREW} members already: at most {MAX_CREW} at any time (remove one "
                            f"first: ", cmd("kraken crew remove", "NAME"), ")"))
    preset = preset_member(name)
    if preset and preset in s.get("fallen", []):
        raise RuleError(f"{preset} died in this campaign: a preset crew member may not rejoin (rules note K11)")
    for a, b in EXCLUSIVE:
        other = b if preset == a else a if preset == b else None
        if other and any(k.casefold() == other.casefold() for k in s["crew"]):
            raise RuleError(f"{preset} and {other} cannot be in the same crew: their sheets cover each other")
    return name


def check_attributes(attrs: dict, level: int) -> None:
    """K10: all six attributes, each 1-8, adding up to 16 (plus a point a level above 1)."""
    missing = [a for a in ATTRIBUTES if a not in attrs]
    if missing:
        raise InputError(f"{missing[0].capitalize()} is missing: a crew member has all six attributes "
                         f"({', '.join(ATTRIBUTES)})")
    for a in ATTRIBUTES:
        if not ATTR_MIN <= attrs[a] <= ATTR_MAX:
            raise InputError(f"{a.capitalize()} {attrs[a]} is outside {ATTR_MIN}..{ATTR_MAX} (rules note K10)")
    total = sum(attrs[a] for a in ATTRIBUTES)
    extra = level - 1
    if level == 1 and total != ATTR_SUM:
        raise RuleError(f"the six attributes add up to {total}: they must add up to exactly {ATTR_SUM} "
                        f"(rules note K10)")
    if level > 1 and not ATTR_SUM <= total <= ATTR_SUM + extra:
        raise RuleError(f"the six attributes add up to {total}: a level {level} member has {ATTR_SUM} plus up "
                        f"to {extra} level-up point(s), {ATTR_SUM}-{ATTR_SUM + extra}")


def new_traits(s: dict, traits, psi: bool) -> dict:
    """K10: at most 4 traits (PSI included) adding up to 0; one PSI member in the crew."""
    trait_map = _traits(traits)
    if len(trait_map) + (1 if psi else 0) > MAX_TRAITS:
        raise RuleError(f"{len(trait_map) + (1 if psi else 0)} traits (PSI included): at most {MAX_TRAITS} "
                        f"(rules note K10)")
    if sum(trait_map.values()) != 0:
        raise RuleError(f"the trait values add up to {sum(trait_map.values()):+d}: a new crew member's traits "
                        f"must add up to 0 (rules note K10)")
    if psi:
        psi_free(s)
    return trait_map


def psi_free(s: dict, but: str | None = None) -> None:
    """K10: at most one crew member with PSI."""
    others = [n for n, c in s["crew"].items() if "psi" in c and n != but]
    if others:
        raise RuleError(f"{others[0]} has PSI already: at most one crew member with PSI (rules note K10)")


def hire_member(s: dict, name: str, level: int, out: list[str]) -> None:
    """Ch. 13 Shops: a crew member of a level up to the Shop's grade, 10¢ a level."""
    shop = shop_here(s)
    if shop is None:
        raise RuleError(say("crew members are hired at a Shop (ch. 13: \"You can buy a new Crew Member of a Level up "
                            "to the Shop's grade\"): stand on one (", cmd("kraken dungeon shop", "TILE"),
                            "), or Phase 3's grade 5 Shop (", cmd("kraken free-action", "shop"), ")"))
    if level > shop["grade"]:
        raise RuleError(f"{shop['where']} hires crew members up to level {shop['grade']} (the Shop's grade), "
                        f"not level {level}")
    pay_credits(s, HIRE_PRICE * level, f"hiring {name} (level {level}, {HIRE_PRICE}¢ a level)", out)


def _traits(specs) -> dict:
    out: dict = {}
    for spec in specs:
        name, value = spec
        name = str(name).strip()
        if not name:
            raise InputError("a trait has a name, e.g. Tough:2")
        if name.upper() == "PSI":
            raise InputError("PSI is a trait and an attribute of its own, not a trait with a value")
        if not -9 <= value <= 9:
            raise InputError(f"the trait {name} {value:+d}: trait values are -9..9")
        if any(k.casefold() == name.casefold() for k in out):
            raise InputError(f"the trait {name} is named twice")
        out[name] = value
    return out


def crew_remove(state: dict, dice: Dice, name: str, sell: bool = False, died: bool = False) -> Outcome:
    """Ch. 4: a crew member may leave at any time (sold at a Shop for 5 x Level)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    level = s["crew"][key]["level"]
    out = [f"Erase {key}'s profile."]
    if sell:
        before = s["credits"]
        s["credits"] += SELL_PRICE * level
        out.append(f"Sold at a Shop for {SELL_PRICE * level}¢: " + credits_line(before, s["credits"]))
    if died:
        note_fallen(s, key, out)
    drop_member(s, key, out)
    how = "died" if died else "sold" if sell else "left"
    return Outcome(s, f"{key} {how} (removed from the crew)", out, {"name": key, "removed": how})


def crew_hp(state: dict, dice: Dice, name: str, delta: int | None = None, value: int | None = None) -> Outcome:
    """K11: 0 to -3 unconscious (recorded as 0); -4 or lower killed and removed. Healing
    stops at HP max; an unconscious member takes no further damage (chapter 4)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    before = c["hp"]
    out: list[str] = []
    if value is not None:
        if not 0 <= value <= c["hp_max"]:
            raise InputError(f"={value}: {key}'s HP is 0..{c['hp_max']}")
        c["hp"] = value
    else:
        if not delta:
            raise InputError("a DELTA of 0 changes nothing: type -N for damage, +N for healing, =N to set")
        if delta < 0 and c["status"] == "unconscious":
            raise RuleError(say(f"{key} is unconscious and takes no further damage (chapter 4); if a card kills "
                                f"them: ", cmd("kraken crew remove", key, died=True)))
        raw = before + delta
        if raw <= UNCONSCIOUS_FLOOR - 1:
            out.append(f"{key} takes {-delta} damage: HP {before} → {raw}: killed.")
            note_fallen(s, key, out)
            drop_member(s, key, out)
            return Outcome(s, f"{key}: HP {before} {delta:+d} → {raw}: killed", out,
                           {"name": key, "hp": None, "status": "killed"})
        c["hp"] = max(0, min(c["hp_max"], raw))
        if delta > 0 and raw > c["hp_max"]:
            out.append(f"(healing stops at HP max {c['hp_max']})")
    was = c["status"]
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    shown = f"{key}: HP {before} → {c['hp']}/{c['hp_max']}"
    out.insert(0, shown + ".")
    if c["status"] == "unconscious" and was == "active":
        out.append(f"{key} is unconscious (HP 0 to -3 count as 0): cross out the last health point.")
    elif c["status"] == "active" and was == "unconscious":
        out.append(f"{key} is conscious again (no action before the next Ground Combat turn).")
        revived(s, key, [])
    how = f"={value}" if value is not None else f"{delta:+d}"
    return Outcome(s, f"{shown} ({how})", out, {"name": key, "hp": c["hp"], "status": c["status"]})


def level_cost(level: int, levels: int = 1) -> int:
    """Ch. 14 Level Up: each new level costs (new level)² XP (2 → 3 costs 9)."""
    return sum((level + i) ** 2 for i in range(1, levels + 1))


def crew_level_up(state: dict, dice: Dice, name: str, attribute: str | None = None, traits=(), psi: bool = False
                  ) -> Outcome:
    """K10: a level costs (new level)² XP and gives +1 to one attribute (max 8); raising
    Strength raises HP max and HP together. Instead: two levels for one positive trait, or
    one level for a positive and a negative trait (ch. 14); PSI is a positive trait."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    if (attribute is not None) + (bool(traits) or psi) != 1:
        raise InputError(say("a level up raises one attribute (", cmd("kraken crew level-up", key, attribute="ATTR"),
                             ") or brings traits instead: one positive trait for two levels (",
                             cmd("kraken crew level-up", key, trait="NAME:+N"), "), or a positive and a negative "
                             "one for one level; PSI counts as a positive trait"))
    new: dict = {}
    if attribute is not None:
        raisable(c, key, attribute)
        levels = 1
    else:
        new, levels = traits_gained(s, c, key, traits, psi)
    cost = level_cost(c["level"], levels)
    if s["xp"] < cost:
        steps = " + ".join(f"{c['level'] + i}²" for i in range(1, levels + 1))
        raise RuleError(f"levelling {key} up to {c['level'] + levels} costs {steps} = {cost} XP and the crew "
                        f"has {s['xp']} XP")
    xp_before = s["xp"]
    s["xp"] -= cost
    c["level"] += levels
    out = [f"{key} is now level {c['level']}: pay {cost} XP (XP {xp_before} → {s['xp']})."]
    if attribute is not None:
        before = c[attribute]
        c[attribute] += 1
        out.append(f"{attribute.capitalize()} {before} → {c[attribute]}.")
        if attribute == "strength":
            strength_changed(c, before, out)
            out.append(f"Carry capacity is {carry_capacity(c['strength'])}.")
        what = f"+1 {attribute.capitalize()}"
    else:
        c["traits"].update(new)
        if psi:
            c["psi"] = 1
        gained = [f"{t} {v:+d}" for t, v in new.items()] + (["PSI 1"] if psi else [])
        out.append(f"New trait(s): {', '.join(gained)} (permanent).")
        what = ", ".join(gained)
    return Outcome(s, f"{key} levels up to {c['level']} ({what}) for {cost} XP", out,
                   {"name": key, "level": c["level"], "cost": cost, "xp": s["xp"]})


def raisable(c: dict, key: str, attribute: str) -> None:
    """An attribute a level up raises: one of the six, or PSI for the PSI member; never above 8."""
    if attribute == "psi":
        if "psi" not in c:
            raise RuleError(f"{key} has no PSI trait to raise")
    elif attribute not in ATTRIBUTES:
        raise InputError(f"{typed(attribute)} is not an attribute: one of {', '.join(ATTRIBUTES)}, or psi")
    if c[attribute] >= ATTR_MAX:
        raise RuleError(f"{key}'s {attribute.capitalize()} is {c[attribute]} already: a level up does not raise an "
                        f"attribute above {ATTR_MAX}")


def traits_gained(s: dict, c: dict, key: str, traits, psi: bool) -> tuple[dict, int]:
    """Ch. 14 Level Up with traits: one positive trait for two levels, or a positive and a
    negative one for one level (PSI is a positive trait); at most 4 traits, none twice.
    Returns the new traits and the levels they cost."""
    new = _traits(traits)
    pos = [t for t, v in new.items() if v > 0] + (["PSI"] if psi else [])
    neg = [t for t, v in new.items() if v < 0]
    if any(v == 0 for v in new.values()):
        raise InputError("a trait gained at a level up is positive or negative, not 0")
    levels = {(1, 0): 2, (1, 1): 1}.get((len(pos), len(neg)))
    if levels is None:
        raise InputError("traits at a level up: one positive trait (costs two levels), or one positive and "
                         "one negative (one level)")
    have = len(c["traits"]) + (1 if "psi" in c else 0)
    if have + len(pos) + len(neg) > MAX_TRAITS:
        raise RuleError(f"{key} has {have} traits: at most {MAX_TRAITS}")
    for t in new:
        if any(k.casefold() == t.casefold() for k in c["traits"]):
            raise RuleError(f"{key} has the trait {t} already")
    if psi:
        if "psi" in c:
            raise RuleError(f"{key} has PSI already")
        psi_free(s)
    return new, levels


def crew_leader(state: dict, dice: Dice, name: str) -> Outcome:
    s = copy_state(state)
    out: list[str] = []
    set_leader(s, name, out)
    msg = f"{s['leader']} leads the crew"
    return Outcome(s, msg, out or [msg + " already."], {"leader": s["leader"]})


CREW_FIELDS = ATTRIBUTES + ("level", "hp_max", "psi")


def crew_set(state: dict, dice: Dice, name: str, field: str, value: int) -> Outcome:
    """A2: set an attribute, level, HP max or PSI by hand (a card or effect says so); a new
    Strength changes HP max as at creation (3.4, K10)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    f = field
    if f not in CREW_FIELDS:
        raise InputError(f"'{field}' is not something to set: {', '.join(CREW_FIELDS)} (HP: crew hp)")
    lo, hi = {"level": (1, 99), "hp_max": (1, 99), "psi": (0, 20)}.get(f, (1, 20))
    if not lo <= value <= hi:
        raise InputError(f"{f} {value} is outside {lo}..{hi}")
    before = c.get(f)
    out: list[str] = []
    if f == "psi":
        if value == 0:
            c.pop("psi", None)
        else:
            psi_free(s, but=key)
            if "psi" not in c and len(c["traits"]) >= MAX_TRAITS:
                raise RuleError(f"{key} has {MAX_TRAITS} traits already (PSI is a trait too)")
            c["psi"] = value
    else:
        c[f] = value
        if f == "hp_max" and c["hp"] > value:
            c["hp"] = value
            out.append(f"HP lowered to the new maximum, {value}.")
        if f == "strength":
            strength_changed(c, before, out)
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    msg = f"{key}: {f} {before if before is not None else '-'} → {value if value or f != 'psi' else '-'}"
    out.insert(0, msg + " (by hand).")
    if f in ATTRIBUTES and value > ATTR_MAX:
        out.append(f"Above {ATTR_MAX}: only some rules and effects allow that.")
    return Outcome(s, msg + " (by hand)", out, {"name": key, "field": f, "value": value})


def crew_trait(state: dict, dice: Dice, name: str, trait: str, value: int | None = None, remove: bool = False
               ) -> Outcome:
    """A2: add, change or erase a trait by hand."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    t = str(trait).strip()
    if not t or t.upper() == "PSI":
        raise InputError(say("a trait has a name (PSI is set with `", cmd("kraken crew set", "NAME", "psi", "N"), "`)"))
    existing = next((k for k in c["traits"] if k.casefold() == t.casefold()), None)
    if remove:
        if existing is None:
            raise RuleError(f"{key} has no trait {t}")
        del c["traits"][existing]
        msg = f"{key}: trait {existing} erased"
    else:
        if value is None or not -9 <= value <= 9:
            raise InputError("give the trait's value: NAME:+N or NAME:-N (-9..9)")
        if existing is None and len(c["traits"]) + (1 if "psi" in c else 0) >= MAX_TRAITS:
            raise RuleError(f"{key} has {MAX_TRAITS} traits: at most {MAX_TRAITS} active at any time")
        if existing:
            del c["traits"][existing]
        c["traits"][t] = value
        msg = f"{key}: trait {t} {value:+d}"
    return Outcome(s, msg + " (by hand)", [msg + "."], {"name": key, "traits": dict(c["traits"])})
