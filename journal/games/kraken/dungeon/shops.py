"""Chapter 13, Shops and the other traders, their prices by grade; Phase 4's short visit (ch. 5).

Shops, Ammo dealers, Gamblers, Modders and Quest Masters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.dungeon.actions import choose_team, take_action
from journal.games.kraken.model.campaign import copy_state, known, known_prices, pay_credits, refuse_if_over
from journal.games.kraken.model.commands import either
from journal.games.kraken.model.constants import MAX_TREASURE_GRADE, SHOP_COMMANDS
from journal.games.kraken.model.exploration import (
    current_exploration,
    deployed,
    explored_location,
    one_trade,
    parse_tile,
    resolve,
    resolved,
    shop_here,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.locations import location_at
from journal.games.kraken.model.members import item_slot, release_shield, uses_spent
from journal.games.kraken.model.systems import systems_named
from journal.games.kraken.model.weapons import weapon_notation, weapon_spec
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

SHOP_TRASH = 2                                     # best Charisma - 2 Credits, the first visit
GAMBLE = {1: -1, 2: -1, 3: 0, 4: 0, 5: 0, 6: 1}


def _grade_price(grade: int, price: int | None, prices: dict, what: str) -> int:
    if price is not None:
        if price < 0:
            raise InputError(f"a price is 0 or more Credits, not {price}")
        return price
    if grade in prices:
        return prices[grade]
    noted = ", ".join(f"grade {g} {p}¢" for g, p in sorted(prices.items()))
    raise InputError(say(f"the price of a grade {grade} {what} is in your book (p. 165/167); "
                         f"known here: {noted} (note it once: ", cmd("kraken grade-price", grade, "PRICE"), ")"))


def dungeon_shop(state: State, dice: Dice, tile: str, kind: str = "shop", how: str = "move", to: str | None = None,
                 faint: str | None = None, breach=()) -> Outcome:
    """Ch. 13 Shop S#: the first visit ever sells your trash for the best Charisma - 2
    Credits; it sells grade ≤ # + Location Difficulty (one grade more as rare Equipment at
    double price). Ammo dealer: two magazines for the weapon's grade in Credits, grades up
    to the Location Difficulty + 1. Gambler, Modder: see `dungeon gamble`, `dungeon mod`."""
    s = copy_state(state)
    d = current_exploration(s)
    label, _k, level = parse_tile(tile)
    if kind not in ("shop", "ammo-dealer", "gambler", "modder", "quest-master"):
        raise InputError(f"'{kind}': shop, ammo-dealer, gambler, modder or quest-master")
    out: list[str] = []
    take_action(s, d, how, to, faint, out, f"{kind.replace('-', ' ').capitalize()} {label}", breach=breach)
    if not s.get("dungeon"):
        return Outcome(s, "The team is lost", out, {})
    loc = explored_location(s, d)
    dif = loc["difficulty"]
    d["at"] = f"{kind}:{label}"
    data: dict = {"tile": label, "kind": kind}
    if kind == "shop":
        lv = tile_value(s, d, dice, label, level, out)
        limit = lv + dif
        key = tile_key(d, label)
        if key not in loc.get("shops", []):
            loc.setdefault("shops", []).append(key)
            best = max((s["crew"][n]["charisma"] for n in deployed(s, d)), default=0)
            gain = max(0, best - SHOP_TRASH)
            before = s["credits"]
            s["credits"] += gain
            out.append(f"First visit: your trash sells for the best Charisma {best} - {SHOP_TRASH} = {gain}¢ "
                       f"(Credits {before}¢ → {s['credits']}¢).")
        out.append(say(f"Shop grade {lv} + Difficulty {dif}: Items, Weapons and Ammo up to grade {limit}; rare "
                       f"Equipment of grade {limit + 1} at double price; crew members up to level {lv}; sell at half "
                       f"price (", cmd("kraken dungeon buy", "ITEM", grade="G"), ", ",
                       cmd("kraken dungeon sell", "ITEM", value="V"), ", ", cmd("kraken ship buy", "SYSTEM"), ", ",
                       cmd("kraken crew add", "NAME", hire=True), ")."))
        data.update(grade=lv, limit=limit)
    elif kind == "ammo-dealer":
        out.append(say(f"Ammo dealer: two magazines for a weapon's grade in Credits, grades up to {dif + 1} (",
                       cmd("kraken dungeon buy", "WEAPON", ammo=True, grade="G"), "); it buys Equipment too."))
        data["limit"] = dif + 1
    elif kind == "gambler":
        out.append(say("Gambler: spend an action to trade an Item or Weapon of grade 2+ (",
                       cmd("kraken dungeon gamble", "ITEM", grade="G"), "), or to sell Equipment (",
                       cmd("kraken dungeon sell", "ITEM", value="V"), ")."))
    elif kind == "modder":
        out.append(say("Modder: mod a weapon (+50% Ammo or +1 damage for its grade's price, both for three times it: ",
                       cmd("kraken dungeon mod", "NAME", "WEAPON", ammo=True), ", ",
                       cmd("kraken dungeon mod", "NAME", "WEAPON", damage=True), " or ",
                       cmd("kraken dungeon mod", "NAME", "WEAPON", both=True), "), or sell Equipment."))
    else:
        key = tile_key(d, label) + ":quest"
        if resolved(d, key):
            raise RuleError(f"the Quest Master {label} was activated this exploration already (once per exploration)")
        resolve(d, key)
        out.append(say("Quest Master: accept a quest (", cmd("kraken quest add", "NAME"), ")."))
    return Outcome(s, f"{kind.replace('-', ' ').capitalize()} {label}", out, data)


def event_shop(state: State, dice: Dice, grade: int) -> Outcome:
    """Ch. 6: "In some Events you will find Shops ... which offer you the same service as when
    you find them during Dungeon Exploration": a Shop of the grade the event gives, open until
    the phase ends (buy, sell, hire, ships and systems as at a dungeon's Shop)."""
    s = copy_state(state)
    refuse_if_over(s)
    if s["turn"] < 1:
        raise RuleError(say("events happen during a turn, and the first has not begun: `", cmd("kraken turn"),
                            "` starts turn 1"))
    for k, what in (("combat", "a Space Combat"), ("ground", "a Ground Combat"), ("flight", "a flight")):
        if s.get(k):
            raise RuleError(f"{what} is going on")
    if not 1 <= grade <= MAX_TREASURE_GRADE:
        raise InputError(f"a Shop's grade is 1-{MAX_TREASURE_GRADE}, not {grade}")
    s["shop"] = {"grade": grade, "by": "event"}
    msg = f"An event's grade {grade} Shop, until Phase {s['phase']} ends"
    out: list[str] = [say(msg, f": Items, Weapons and Ammo up to grade {grade}, rare Equipment of grade {grade + 1} "
                               f"at double price, crew members up to level {grade}, ships and systems; sell at half "
                               f"price: ", SHOP_COMMANDS, ".")]
    return Outcome(s, msg, out, {"shop": s["shop"]})


VISIT_KINDS = ("shop", "ammo-dealer", "quest-master", "gambler", "modder")


def short_visit(state: State, dice: Dice, slot: str, map_no: int, kind: str, tile: str, crew=()) -> Outcome:
    """Ch. 5 Phase 4, short visit: with a working Teleporter, teleport to a CLEARED map of a
    Location on the Starmap Locations Log that you can teleport to (its number within the
    Location's teleport value) and has a Shop, Ammo dealer, Quest Master, Gambler or
    Modder; do that one thing there (buy, sell, gamble, mod, accept a quest) and come back
    (`dungeon leave teleport`). Once a turn."""
    s = copy_state(state)
    refuse_if_over(s)
    if s["turn"] < 1 or s["phase"] != 4:
        raise RuleError(say(f"the short visit is Phase 4's (this is Phase {s['phase']}): ", cmd("kraken phase", 4)))
    for k, what in (("dungeon", "a Dungeon Exploration"), ("combat", "a Space Combat"), ("ground", "a Ground Combat"),
                    ("flight", "a flight")):
        if s.get(k):
            raise RuleError(f"{what} is going on")
    if s.get("short_visit"):
        raise RuleError("the short visit of this turn was made already")
    if not systems_named(s, "Teleporter"):
        raise RuleError("no working Teleporter: skip the short visit (Phase 4)")
    if kind not in VISIT_KINDS:
        raise InputError(f"'{kind}': {', '.join(VISIT_KINDS)}")
    key, loc = location_at(s, slot)
    if map_no not in loc["cleared"]:
        cleared = ", ".join(map(str, loc["cleared"])) or "none"
        raise RuleError(f"map {map_no} of MAP{key} is not cleared (cleared: {cleared}): a short visit goes to a "
                        f"cleared map")
    if map_no > loc["teleport"]:
        raise RuleError(f"map {map_no} of MAP{key} is beyond its teleport value {loc['teleport']}: you cannot "
                        f"teleport there")
    names = choose_team(s, crew)
    s["short_visit"] = True
    s["dungeon"] = {"location": key, "map": map_no, "where": "inside", "crew": names, "actions": 0, "visit": True}
    res = dungeon_shop(s, dice, tile, kind, how="none")
    head = (f"Phase 4 short visit: {', '.join(names)} teleport to MAP{key} map {map_no} (ID "
            f"{loc['maps'][map_no - 1]}, cleared), the {kind.replace('-', ' ')} {res.data['tile']}.")
    lines = [head] + res.lines + [say("One trade, then back to the ship: ", cmd("kraken dungeon leave", "teleport"),
                                      ".")]
    return Outcome(res.state, f"Short visit: MAP{key} map {map_no}, {kind.replace('-', ' ')} {res.data['tile']}",
                   lines, {**res.data, "location": key, "map": map_no})


def _at(d: dict, kinds) -> tuple[str, str]:
    at = d.get("at") or ""
    kind, _sep, label = at.partition(":")
    if kind not in kinds:
        raise RuleError(say(f"you are not at a {' or '.join(k.replace('-', ' ') for k in kinds)} (step onto it: ",
                            either(*(cmd(f"kraken dungeon {k}", "TILE") for k in kinds)), ")"))
    return kind, label


def _trader(s: State, kinds) -> tuple[str, dict]:
    """Where the crew trades: a Shop (shop_here: a dungeon's, a short visit's, Phase 3's grade
    5 Shop, an event's) or, in an exploration, the Ammo dealer, Gambler or Modder it is on."""
    shop = shop_here(s)
    if shop and "shop" in kinds:
        return "shop", shop
    d = s.get("dungeon")
    if d and not s.get("ground"):
        kind, _label = _at(d, kinds)
        return kind, {}
    raise RuleError(say(f"you are not at a {' or '.join(k.replace('-', ' ') for k in kinds)} (",
                        either(*(cmd(f"kraken dungeon {k}", "TILE") for k in kinds)),
                        "; Phase 3's grade 5 Shop: ", cmd("kraken free-action", "shop"), ")"))


def dungeon_buy(state: State, dice: Dice, item: str, grade: int, price: int | None = None,
                rare: bool = False, ammo: bool = False) -> Outcome:
    """Buy at the Shop or Ammo dealer the team stands on (a purchase you cannot pay is
    refused, K12): Equipment up to the shop's grade limit (rare: one more, double price);
    Ammo costs the weapon's grade for one magazine (at a dealer: two magazines). Phase 3's
    grade 5 Shop (and an event's) sells the same way, up to its grade."""
    s = copy_state(state)
    prices = known_prices(s)
    kind, shop = _trader(s, ("shop", "ammo-dealer"))
    if not 1 <= grade <= MAX_TREASURE_GRADE:
        raise InputError(f"grades are 1-{MAX_TREASURE_GRADE}, not {grade}")
    out: list[str] = []
    one_trade(s, f"buying the {item}")
    if kind == "ammo-dealer":
        loc = explored_location(s, s["dungeon"])
        if not ammo:
            raise RuleError(say("an Ammo dealer sells only Ammo (", cmd("kraken dungeon buy", item, grade=grade, ammo=True),
                                ")"))
        if grade > loc["difficulty"] + 1:
            raise RuleError(f"this dealer sells Ammo up to grade {loc['difficulty'] + 1}")
        cost = grade
        pay_credits(s, cost, f"two magazines for the {item} (grade {grade})", out)
        msg = f"Bought two magazines for the {item} for {cost}¢"
    else:
        limit = shop["limit"]
        if ammo:
            if grade > limit:
                raise RuleError(f"this shop sells up to grade {limit}")
            cost = grade
            pay_credits(s, cost, f"a magazine for the {item} (grade {grade})", out)
            msg = f"Bought a magazine for the {item} for {cost}¢"
        else:
            if rare and grade != limit + 1:
                raise RuleError(f"rare Equipment is one grade above the shop's limit: grade {limit + 1}")
            if not rare and grade > limit:
                raise RuleError(say(f"this shop sells up to grade {limit} (rare Equipment of grade {limit + 1} at "
                                    f"double price: ", cmd("kraken dungeon buy", item, grade=limit + 1, rare=True), ")"))
            base = _grade_price(grade, price, prices, "Item or Weapon")
            cost = base * (2 if rare else 1)
            pay_credits(s, cost, f"the {item} (grade {grade}{', rare' if rare else ''})", out)
            msg = f"Bought {item} (grade {grade}) for {cost}¢"
    out.insert(0, msg + ".")
    out.append(say("Give it to someone: ", cmd("kraken crew equip", "NAME", "SLOT", "ITEM"), " (a weapon: ",
                   cmd("kraken crew weapon", "NAME", "SPEC"), ")."))
    return Outcome(s, msg, out, {"item": item, "grade": grade, "cost": cost, "credits": s["credits"]})


def dungeon_sell(state: State, dice: Dice, item: str, value: int, faint: str | None = None) -> Outcome:
    """Any Shop (Phase 3's grade 5 Shop and an event's too), Ammo dealer, Gambler or Modder
    buys Equipment at half its value (rounded up, K14); "U/Use Items that do not have their
    full amount of uses cannot be sold" (ch. 13). At a Gambler it is an action ("Spend an
    action here to sell Equipment"); in a short visit, its one action."""
    s = copy_state(state)
    kind, _shop = _trader(s, ("shop", "ammo-dealer", "gambler", "modder"))
    if value < 0:
        raise InputError(f"the Equipment's value is 0 or more Credits, not {value}")
    text = carried_text(s, item)
    if uses_spent(text):
        raise RuleError(f"the {text} has spent some of its uses: U/Use Items that do not have their full amount of "
                        f"uses cannot be sold (ch. 13)")
    out: list[str] = []
    trader_action(s, kind, f"Selling the {item}", faint, out)
    gain = half_up(value)
    before = s["credits"]
    s["credits"] += gain
    msg = f"Sold {item} for {gain}¢ (half of {value}¢)"
    out.insert(0, msg + f": Credits {before}¢ → {s['credits']}¢.")
    _discard(s, s.get("dungeon"), item, out)
    return Outcome(s, msg, out, {"item": item, "gain": gain, "credits": s["credits"]})


def carried_text(s: State, item: str) -> str:
    """The item as a crew member's inventory writes it (the team's, in an exploration), else as
    typed."""
    d = s.get("dungeon")
    names = deployed(s, d, conscious=False) if d else list(s["crew"])
    for n in names:
        slot = item_slot(s["crew"][n], item)
        if slot is not None:
            return str(s["crew"][n]["inventory"][slot])
    return str(item).strip()


def trader_action(s: State, kind: str, what: str, faint: str | None, out: list[str]) -> None:
    """What a trade costs: a short visit's one action; at a Gambler in an exploration, an action
    on its tile (its Oxygen, ch. 13: "Spend an action here"); nothing more at a Shop, Ammo
    dealer or Modder."""
    one_trade(s, what)
    d = s.get("dungeon")
    if kind == "gambler" and d and not d.get("visit"):
        take_action(s, d, "stay", None, faint, out, what + " at the Gambler")


def not_full(s: State, d: dict, item: str) -> bool:
    """Whether the team's sheet shows the item not full: a U item with uses spent, or a weapon
    whose magazine is not fully loaded (a Gambler counts it one grade lower)."""
    for n in deployed(s, d, conscious=False):
        m = s["crew"][n]
        slot = item_slot(m, item)
        if slot is None:
            continue
        text = str(m["inventory"][slot])
        w = next((w for k, w in (m.get("weapons") or {}).items() if fold(k) == fold(text.split("+")[0].strip())),
                 None)
        if w is not None and "ammo" in w:
            spec = weapon_spec(w)
            return spec["ammo"] is not None and w["ammo"] < spec["ammo"]
        return uses_spent(text)
    return False


def _discard(s: State, d: dict | None, item: str, out: list[str]) -> str | None:
    """Erase an item a crew member carries (a deployed one in an exploration) and its combat
    gear, for a weapon (its Ammo with it); on the ship, else from the ship's storage."""
    for n in deployed(s, d, conscious=False) if d else list(s["crew"]):
        m = s["crew"][n]
        slot = item_slot(m, item)
        if slot is None:
            continue
        text = m["inventory"].pop(slot)
        weapons = m.get("weapons") or {}
        wkey = next((k for k in weapons if fold(k) == fold(text.split("+")[0].strip())), None)
        if wkey:
            del weapons[wkey]
            if not weapons:
                del m["weapons"]
        out.append(f"{n} hands over the {text}: slot {slot} erased.")
        release_shield(m, n, out)
        return n
    if d is None and _from_storage(s, item, out):
        return None
    out.append(f"Erase the {item} (it is in none of the {'team' if d else 'crew'}'s inventory slots).")
    return None


def _from_storage(s: State, item: str, out: list[str]) -> bool:
    """An item in the ship's storage (or its EXPANSION storage), erased from it."""
    want = fold(str(item).strip())
    for where, box in (("storage", s["storage"]), ("EXPANSION storage", s["expansion_storage"])):
        i = next((i for i, x in enumerate(box) if want in (fold(x.strip()), fold(x.split("+")[0].strip()))), None)
        if i is not None:
            out.append(f"The {box.pop(i)} leaves the ship's {where}.")
            return True
    return False


def dungeon_gamble(state: State, dice: Dice, item: str | None, grade: int | None, worn: bool = False,
                   got: str | None = None, faint: str | None = None) -> Outcome:
    """Ch. 13 Gambler: "Spend an action here" to discard an Item or Weapon of grade 2+ (one
    grade less if its uses or magazine are not full: `worn`, or the sheet shows it) and roll a
    d6: 1-2 one grade lower, 3-5 the same, 6 one higher (6 stays 6); what you get comes from
    the Treasure Table (d20). Gamblers do not take back what they gave you this turn: name it
    (`got`) once you know what it is."""
    s = copy_state(state)
    if got is not None:
        if item is not None or grade is not None:
            raise InputError("what a Gambler gave you is noted on its own, not with a trade")
        text = str(got).strip()
        if not text:
            raise InputError("name the item or weapon the Gambler gave you")
        s.setdefault("gambled", []).append(text)
        msg = f"The Gambler gave you the {text} this turn"
        return Outcome(s, msg, [msg + ": no Gambler takes it back before the next turn (bad for business)."],
                       {"got": text, "gambled": list(s["gambled"])})
    d = current_exploration(s)
    _at(d, ("gambler",))
    if item is None or grade is None:
        raise InputError(say("name the item you trade and its grade (", cmd("kraken dungeon gamble", "ITEM", grade="N"),
                             "), or what you received (", cmd("kraken dungeon gamble", got="NAME"), ")"))
    if already(s.get("gambled", []), item):
        raise RuleError(f"a Gambler gave you the {item} this turn: Gamblers don't accept what they gave you during "
                        f"this turn (it's bad for business)")
    if not 2 <= grade <= MAX_TREASURE_GRADE:
        raise RuleError(f"the Gambler takes grade 2-{MAX_TREASURE_GRADE}, not grade {grade}")
    worn = worn or not_full(s, d, item)
    out: list[str] = []
    trader_action(s, "gambler", f"Trading the {item}", faint, out)
    counts = grade - 1 if worn else grade
    r = dice.roll(6, label="Gambler d6")
    new = max(1, min(MAX_TREASURE_GRADE, counts + GAMBLE[r]))
    out.append(f"The Gambler takes the {item}" + (f" (counted as grade {counts}: not full)" if worn else "")
               + f": d6 {r} → a random Weapon or Item of grade {new} (the Treasure Table says which, book p. 167).")
    _discard(s, d, item, out)
    out.append(say("Name what you get: ", cmd("kraken dungeon gamble", got="NAME"),
                   " (no Gambler takes it back this turn)."))
    return Outcome(s, f"Gambler: {item} (grade {counts}) → grade {new} (d6 {r})", out,
                   {"item": item, "counted": counts, "roll": r, "grade": new})


def dungeon_mod(state: State, dice: Dice, name: str, weapon: str, mod: str, grade: int | None,
                price: int | None = None) -> Outcome:
    """Ch. 13 Modder: an unmodded weapon gets +50% Ammo (rounded up) or +1 damage for its
    grade's price, or both for three times the price; mark it with a *."""
    s = copy_state(state)
    d = current_exploration(s)
    prices = known_prices(s)
    _at(d, ("modder",))
    who = known(s["crew"], name, "crew member")
    wkey = known(s["crew"][who].get("weapons") or {}, weapon, f"weapon of {who}")
    w = s["crew"][who]["weapons"][wkey]
    if w.get("mod"):
        raise RuleError(f"the {wkey} is modded already")
    if mod not in ("ammo", "damage", "both"):
        raise InputError(f"'{mod}' is no mod: ammo, damage or both")
    spec = weapon_spec(w)
    g = grade if grade is not None else spec.get("grade")
    if g is None:
        raise InputError(say(f"the {wkey}'s grade is not in its spec (G<n>): ",
                             cmd("kraken dungeon mod", who, wkey, grade="N", **{mod: True})))
    if mod in ("ammo", "both") and spec.get("ammo") is None:
        raise RuleError(f"the {wkey} has no Ammo to increase")
    base = _grade_price(g, price, prices, "weapon")
    cost = base * (3 if mod == "both" else 1)
    out: list[str] = []
    one_trade(s, f"modding the {wkey}")
    pay_credits(s, cost, f"modding the {wkey} ({mod})", out)
    w["mod"] = mod
    new = weapon_spec(w)
    if mod in ("ammo", "both") and w.get("ammo") is not None:
        w["ammo"] = min(w["ammo"], new["ammo"])
    out.insert(0, f"The {wkey}* is modded ({mod}): {weapon_notation(new)}.")
    return Outcome(s, f"Modder: {who}'s {wkey} +{mod} for {cost}¢", out, {"weapon": wkey, "mod": mod, "cost": cost})
