"""3.3-3.5 Set up your crew (rules notes K10-K11): members, HP, levels, the leader, traits.

Adding, hiring and removing members, HP by hand, levelling up, the leader, attributes and
traits by hand (A2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.kraken.model.campaign import copy_state, credits_line, known, pay_credits, set_leader
from journal.games.kraken.model.exploration import one_trade, refuse_unless_at_shop, shop_here
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
from journal.lookup import already
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State

HIRE_PRICE = 10          # ch. 13 Shops: 10 Credits per Level
SELL_PRICE = 5           # ch. 13 Shops: 5 x Level


def crew_add(state: State, dice: Dice, name: str, attrs: dict, traits=(), psi: bool = False, level: int = 1,
             hire: bool = False, reason: str | None = None) -> Outcome:
    """K10: attributes 1-8 summing to 16, HP max = min(2 x Strength, 14), at most 4 traits
    summing to 0, one PSI crew member (PSI 1 at creation), at most 4 crew. New crew come from
    set-up (at level 1: "All Crew Members start a new campaign at Level 1"), a Shop (`hire`:
    10¢ a level, up to the Shop's grade, ch. 13) or a card (`reason` names it). A member above
    level 1 "can immediately Level Up to the purchased Level": each level-up is +1 attribute
    point, or two buy a positive trait, or one a positive and a negative trait (ch. 14)."""
    s = copy_state(state)
    name = new_member(s, name)
    preset = preset_member(name)
    if not 1 <= level <= 99:
        raise InputError(f"a crew member's level is 1 or more, not {level}")
    joining(s, level, hire, reason)
    trait_map = new_traits(s, traits, psi)
    spent = traits_level_ups(trait_map, level)
    check_attributes(attrs, level, spent)
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
        out.append("Traits: " + ", ".join(f"{t} {v:+d}" for t, v in trait_map.items())
                   + (f" (some bought with {spent} of the {plural(level - 1, 'level-up')})" if spent else "") + ".")
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


def joining(s: State, level: int, hire: bool, reason: str | None) -> None:
    """Where a new member comes from (3.3, ch. 13): set-up at level 1, a Shop's hire, or a card
    the player names (`--reason`)."""
    if s["turn"] == 0:
        if level != 1:
            raise RuleError(f"all crew members start a new campaign at level 1 (3.3), not level {level}: a member of "
                            f"a higher level is hired at a Shop or joins by a card, once the campaign runs")
        return
    if not hire and not (reason and reason.strip()):
        raise RuleError(say("once the campaign runs, new crew members are hired at a Shop (",
                            cmd("kraken crew add", "NAME", hire=True), ") or join by a card: name it (",
                            cmd("kraken crew add", "NAME", reason="TEXT"), ")"))


def bought_cost(values: list[int]) -> int | None:
    """Ch. 14 Level Up: the level-ups traits take when bought, a positive one two, a positive
    and a negative one together one; None when they cannot be bought so (a negative one alone,
    a trait of 0)."""
    pos = sum(1 for v in values if v > 0)
    neg = sum(1 for v in values if v < 0)
    if pos + neg != len(values) or neg > pos:
        return None
    return neg + 2 * (pos - neg)


def traits_level_ups(traits: dict, level: int) -> int:
    """K10 and ch. 14: a new member's traits add up to 0, except those a member above level 1
    bought with the level-ups they joined with. Returns the fewest level-ups the traits take
    (every way of reading them is tried: the attribute points left are the most it allows)."""
    values = list(traits.values())
    costs = [bought_cost([v for i, v in enumerate(values) if not mask >> i & 1]) for mask in range(1 << len(values))
             if sum(v for i, v in enumerate(values) if mask >> i & 1) == 0]
    fewest = min((c for c in costs if c is not None), default=None)
    if fewest == 0:
        return 0
    total = f"the trait values add up to {sum(values):+d}: a new crew member's traits must add up to 0 (rules note K10)"
    if level == 1:
        raise RuleError(total)
    if fewest is None:
        raise RuleError(total + "; a member above level 1 buys a positive trait with two level-ups, or a positive and "
                                "a negative one with one")
    if fewest > level - 1:
        raise RuleError(f"{total}, and the traits beyond that take {plural(fewest, 'level-up')} (two for a positive "
                        f"trait, one for a positive and a negative): a level {level} member has {level - 1}")
    return fewest


def new_member(s: State, name: str) -> str:
    """A new member's name (K10-K11): not in the crew yet, at most 4 crew, a preset member
    who died does not rejoin, and two whose sheets cover each other never serve together."""
    name = str(name).strip()
    if not name:
        raise InputError("the crew member's name is empty")
    twin = already(s["crew"], name)
    if twin:
        raise RuleError(f"{name} is already in the crew" + (f" (as {twin})" if twin != name else ""))
    if len(s["crew"]) >= MAX_CREW:
        raise RuleError(say(f"the crew has {MAX_CREW} members already: at most {MAX_CREW} at any time (remove one "
                            f"first: ", cmd("kraken crew remove", "NAME"), ")"))
    preset = preset_member(name)
    if preset and preset in s.get("fallen", []):
        raise RuleError(f"{preset} died in this campaign: a preset crew member may not rejoin (rules note K11)")
    for a, b in EXCLUSIVE:
        other = b if preset == a else a if preset == b else None
        if other and already(s["crew"], other):
            raise RuleError(f"{preset} and {other} cannot be in the same crew: their sheets cover each other")
    return name


def check_attributes(attrs: dict, level: int, traits_spent: int = 0) -> None:
    """K10: all six attributes, each 1-8, adding up to 16 (plus a point for each level above 1
    not spent on traits)."""
    missing = [a for a in ATTRIBUTES if a not in attrs]
    if missing:
        raise InputError(f"{missing[0].capitalize()} is missing: a crew member has all six attributes "
                         f"({', '.join(ATTRIBUTES)})")
    for a in ATTRIBUTES:
        if not ATTR_MIN <= attrs[a] <= ATTR_MAX:
            raise InputError(f"{a.capitalize()} {attrs[a]} is outside {ATTR_MIN}..{ATTR_MAX} (rules note K10)")
    total = sum(attrs[a] for a in ATTRIBUTES)
    extra = level - 1 - traits_spent
    if extra == 0 and total != ATTR_SUM:
        raise RuleError(f"the six attributes add up to {total}: they must add up to exactly {ATTR_SUM} "
                        f"(rules note K10)" + ("; the level-ups went to traits" if traits_spent else ""))
    if extra > 0 and not ATTR_SUM <= total <= ATTR_SUM + extra:
        raise RuleError(f"the six attributes add up to {total}: a level {level} member has {ATTR_SUM} plus up "
                        f"to {plural(extra, 'level-up point')}, {ATTR_SUM}-{ATTR_SUM + extra}"
                        + (f" ({plural(traits_spent, 'level-up')} went to traits)" if traits_spent else ""))


def new_traits(s: State, traits, psi: bool) -> dict:
    """K10: at most 4 traits (PSI included); one PSI member in the crew (what they add up to:
    traits_level_ups)."""
    trait_map = _traits(traits)
    count = len(trait_map) + (1 if psi else 0)
    if count > MAX_TRAITS:
        raise RuleError(f"{count} traits (PSI included): at most {MAX_TRAITS} (rules note K10)")
    if psi:
        psi_free(s)
    return trait_map


def psi_free(s: State, but: str | None = None) -> None:
    """K10: at most one crew member with PSI."""
    others = [n for n, c in s["crew"].items() if "psi" in c and n != but]
    if others:
        raise RuleError(f"{others[0]} has PSI already: at most one crew member with PSI (rules note K10)")


def hire_member(s: State, name: str, level: int, out: list[str]) -> None:
    """Ch. 13 Shops: a crew member of a level up to the Shop's grade, 10¢ a level."""
    shop = shop_here(s)
    if shop is None:
        raise RuleError(say("crew members are hired at a Shop (ch. 13: \"You can buy a new Crew Member of a Level up "
                            "to the Shop's grade\"): stand on one (", cmd("kraken dungeon shop", "TILE"),
                            "), or Phase 3's grade 5 Shop (", cmd("kraken free-action", "shop"), ")"))
    if level > shop["grade"]:
        raise RuleError(f"{shop['where']} hires crew members up to level {shop['grade']} (the Shop's grade), "
                        f"not level {level}")
    one_trade(s, f"hiring {name}")
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
        if already(out, name):
            raise InputError(f"the trait {name} is named twice")
        out[name] = value
    return out


def crew_remove(state: State, dice: Dice, name: str, sell: bool = False, died: bool = False) -> Outcome:
    """Ch. 4: a crew member may leave at any time ("If you do so at a Shop you will get Credits":
    sold at a Shop for 5 x Level, ch. 13)."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    level = s["crew"][key]["level"]
    out = [f"Erase {key}'s profile."]
    if sell:
        refuse_unless_at_shop(s, f"a crew member ({key})", cmd("kraken crew remove", key))
        one_trade(s, f"selling {key}")
        before = s["credits"]
        s["credits"] += SELL_PRICE * level
        out.append(f"Sold at a Shop for {SELL_PRICE * level}¢: " + credits_line(before, s["credits"]))
    if died:
        note_fallen(s, key, out)
    drop_member(s, key, out)
    how = "died" if died else "sold" if sell else "left"
    return Outcome(s, f"{key} {how} (removed from the crew)", out, {"name": key, "removed": how})


def crew_hp(state: State, dice: Dice, name: str, delta: int | None = None, value: int | None = None) -> Outcome:
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


def crew_level_up(state: State, dice: Dice, name: str, attribute: str | None = None, traits=(), psi: bool = False
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
        out.append(f"New {'trait' if len(gained) == 1 else 'traits'}: {', '.join(gained)} (permanent).")
        what = ", ".join(gained)
    return Outcome(s, f"{key} levels up to {c['level']} ({what}) for {cost} XP", out,
                   {"name": key, "level": c["level"], "cost": cost, "xp": s["xp"]})


def raisable(c: CrewMember, key: str, attribute: str) -> None:
    """An attribute a level up raises: one of the six, or PSI for the PSI member; never above 8."""
    if attribute == "psi":
        if "psi" not in c:
            raise RuleError(f"{key} has no PSI trait to raise")
    elif attribute not in ATTRIBUTES:
        raise InputError(f"{typed(attribute)} is not an attribute: one of {', '.join(ATTRIBUTES)}, or psi")
    held = cast(dict, c)[attribute]   # an attribute named at run time
    if held >= ATTR_MAX:
        raise RuleError(f"{key}'s {attribute.capitalize()} is {held} already: a level up does not raise an "
                        f"attribute above {ATTR_MAX}")


def traits_gained(s: State, c: CrewMember, key: str, traits, psi: bool) -> tuple[dict, int]:
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
        if already(c["traits"], t):
            raise RuleError(f"{key} has the trait {t} already")
    if psi:
        if "psi" in c:
            raise RuleError(f"{key} has PSI already")
        psi_free(s)
    return new, levels


def crew_leader(state: State, dice: Dice, name: str) -> Outcome:
    s = copy_state(state)
    out: list[str] = []
    set_leader(s, name, out)
    msg = f"{s['leader']} leads the crew"
    return Outcome(s, msg, out or [msg + " already."], {"leader": s["leader"]})


CREW_FIELDS = ATTRIBUTES + ("level", "hp_max", "psi")


def crew_set(state: State, dice: Dice, name: str, field: str, value: int) -> Outcome:
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
        _set_psi(s, key, c, value)
    else:
        _set_value(c, f, value, before, out)
    c["status"] = "active" if c["hp"] > 0 else "unconscious"
    msg = f"{key}: {f} {before if before is not None else '-'} → {value if value or f != 'psi' else '-'}"
    out.insert(0, msg + " (by hand).")
    if f in ATTRIBUTES and value > ATTR_MAX:
        out.append(f"Above {ATTR_MAX}: only some rules and effects allow that.")
    return Outcome(s, msg + " (by hand)", out, {"name": key, "field": f, "value": value})


def _set_psi(s: State, key: str, c: CrewMember, value: int) -> None:
    """PSI 0 takes the power away; otherwise it is one crew member's only, and it counts as a trait (K10)."""
    if value == 0:
        c.pop("psi", None)
        return
    psi_free(s, but=key)
    if "psi" not in c and len(c["traits"]) >= MAX_TRAITS:
        raise RuleError(f"{key} has {MAX_TRAITS} traits already (PSI is a trait too)")
    c["psi"] = value


def _set_value(c: CrewMember, f: str, value: int, before, out: list[str]) -> None:
    """An attribute, the level or HP max: HP stays within the maximum; Strength changes HP max (K10)."""
    cast(dict, c)[f] = value
    if f == "hp_max" and c["hp"] > value:
        c["hp"] = value
        out.append(f"HP lowered to the new maximum, {value}.")
    if f == "strength":
        strength_changed(c, before, out)


def crew_trait(state: State, dice: Dice, name: str, trait: str, value: int | None = None, remove: bool = False
               ) -> Outcome:
    """A2: add, change or erase a trait by hand."""
    s = copy_state(state)
    key = known(s["crew"], name, "crew member")
    c = s["crew"][key]
    t = str(trait).strip()
    if not t or t.upper() == "PSI":
        raise InputError(say("a trait has a name (PSI is set with `", cmd("kraken crew set", "NAME", "psi", "N"), "`)"))
    existing = already(c["traits"], t)
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
