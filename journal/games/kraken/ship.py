"""Chapter 11, Your spaceship: buying the hull and systems, selling them, damage, storage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import entry_name, half_up, known as cat_known, price as cat_price
from journal.games.kraken.model.campaign import copy_state, credits_line, known, pay_credits
from journal.games.kraken.model.commands import SHIP_HULL
from journal.games.kraken.model.exploration import one_trade, refuse_unless_at_shop, shop_here
from journal.games.kraken.model.systems import can_install, check_removal, install_system, systems_named
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def ship_hull(state: State, dice: Dice, name: str, price: int, sp: int, expansion_sp: int | None = None,
              sell_old: bool = False, free: bool = False) -> Outcome:
    """3.7: a ship is bought as a hull first (price and SP from its profile page); in Phase 2
    or at a Shop once the campaign runs."""
    s = copy_state(state)
    name = _hull_name(name, price, sp, expansion_sp)
    out: list[str] = []
    old = s.get("ship")
    if old:
        _old_hull(s, old, sell_old, name, price, sp, out)
    if not free:
        _where_bought(s, "ships")
        pay_credits(s, price, f"the {name} hull", out)
    systems = old["systems"] if old else {}
    s["ship"] = {"hull": name, "hull_price": price, "sp": sp, "systems": systems}
    if expansion_sp:
        s["ship"]["expansion_sp"] = expansion_sp
    elif old and "expansion_sp" in old and any(e["system"] == "Hull expansion" for e in systems.values()):
        raise RuleError(say("the systems moved over include a Hull expansion: give what it adds on this ship (",
                            cmd("kraken ship hull", name, price=price, sp=sp, expansion_sp="X"), ")"))
    out.insert(0, f"Your ship: the {name}, {sp} SP.")
    if systems:
        out.append(f"Systems moved over: {', '.join(systems)} (only those the new blueprint lists).")
    out.append(say("Buy systems for it: ", cmd("kraken ship buy", "SYSTEM"), " (see `", cmd("kraken ship catalogue"),
                   "`)."))
    return Outcome(s, f"Ship hull: {name} ({sp} SP) for {0 if free else price}¢", out,
                   {"hull": name, "sp": sp, "credits": s["credits"]})


def _hull_name(name: str, price: int, sp: int, expansion_sp: int | None) -> str:
    """The hull's name, price and SP as its profile page prints them (and a Hull expansion's SP)."""
    name = str(name).strip()
    if not name:
        raise InputError("name the hull (the ship's name on its profile page)")
    if not 0 <= price <= 100000 or not 1 <= sp <= 999:
        raise InputError("a hull's price is 0 or more and its SP 1-999, as printed on the ship's profile page")
    if expansion_sp is not None and not 1 <= expansion_sp <= 999:
        raise InputError("a Hull expansion adds 1 SP or more on a ship")
    return name


def _old_hull(s: State, old: dict, sell_old: bool, name: str, price: int, sp: int, out: list[str]) -> None:
    """The old hull is sold at a Shop for half its price (one trade), or left behind."""
    if not sell_old:
        out.append(f"The {old['hull']} hull is left behind (use --sell-old at a Shop to get half its price).")
        return
    refuse_unless_at_shop(s, f"the {old['hull']} hull", cmd("kraken ship hull", name, price=price, sp=sp))
    one_trade(s, "selling the old hull")
    before = s["credits"]
    s["credits"] += half_up(old["hull_price"])
    out.append(f"Sell the {old['hull']} hull for half its price, {half_up(old['hull_price'])}¢: "
               + credits_line(before, s["credits"]))


def _where_bought(s: State, what: str) -> None:
    """Ch. 5 Phase 2: "you may use them to purchase Ships or add new Systems to your current
    Ship. Note: You can also buy Ships and Ship upgrades at a Shop during Dungeon
    Exploration" (a Shop's, Phase 3's grade 5 Shop, an event's); and with the starting
    equipment (3.7). Never in the middle of a Space Combat or anywhere else."""
    if s["turn"] == 0 or shop_here(s):
        return
    busy = next((w for k, w in (("combat", "a Space Combat"), ("ground", "a Ground Combat"),
                                ("dungeon", "a Dungeon Exploration away from a Shop"), ("flight", "a flight"))
                 if s.get(k)), None)
    if busy is None and s["phase"] == 2:
        return
    gift = (cmd("kraken ship hull", "NAME", price="P", sp="N", free=True) if what == "ships"
            else cmd("kraken ship buy", "SYSTEM", free=True))
    raise RuleError(say(f"{what} are bought in Phase 2 (ship construction) or at a Shop, and this is "
                        + (busy if busy else f"Phase {s['phase']}") + " (given by an event: ", gift, ")"))


def ship_buy(state: State, dice: Dice, system: str, cat: dict, free: bool = False) -> Outcome:
    """Ch. 11: systems are bought for their catalogue price (K12: refused if you cannot
    pay); ship magazines cost half their weapon's price, rounded up (K14). Bought in Phase
    2 or at a Shop (or with the starting equipment)."""
    s = copy_state(state)
    if not s.get("ship"):
        raise RuleError(say("buy a ship hull first (", SHIP_HULL, ")"))
    if not free:
        _where_bought(s, "ship systems")
    name = cat_known(cat, system)
    can_install(s, name, cat)
    out: list[str] = []
    cost = cat_price(cat, name)
    if not free:
        if shop_here(s):
            one_trade(s, f"buying the {name}")
        pay_credits(s, cost, f"the {name}", out)
    label = install_system(s, name)
    out.insert(0, f"Mark the {label} with an X on the ship page.")
    if name == "HyperNavMemory":
        out.append("The Starmap Locations Log now has six slots (MAP 1-6).")
    return Outcome(s, f"Bought {label} for {0 if free else cost}¢", out,
                   {"system": label, "price": cost, "credits": s["credits"]})


def ship_sell(state: State, dice: Dice, label: str, cat: dict) -> Outcome:
    """Ch. 11: systems sell "for half-price at any Shop" (rounded up, K14); elsewhere `ship
    destroy` erases one without selling."""
    s = copy_state(state)
    ship = s.get("ship")
    if not ship:
        raise RuleError("there is no ship")
    key = known(ship["systems"], label, "ship system")
    check_removal(s, key, selling=True)
    refuse_unless_at_shop(s, f"a ship system ({key})", cmd("kraken ship destroy", key))
    one_trade(s, f"selling the {key}")
    e = ship["systems"].pop(key)
    value = half_up(cat_price(cat, entry_name(e)))
    before = s["credits"]
    s["credits"] += value
    out = [f"Sell the {key} for {value}¢ (half its price): " + credits_line(before, s["credits"]),
           f"Erase the {key} from the ship page."]
    return Outcome(s, f"Sold {key} for {value}¢", out, {"system": key, "value": value, "credits": s["credits"]})


def ship_system(state: State, dice: Dice, label: str, action: str) -> Outcome:
    """Ch. 10-11 by hand: a damaged system is deactivated; damaged again it is destroyed
    and erased; Phase 2 (or `repair`) repairs damage."""
    s = copy_state(state)
    ship = s.get("ship")
    if not ship:
        raise RuleError("there is no ship")
    key = known(ship["systems"], label, "ship system")
    e = ship["systems"][key]
    out: list[str] = []
    if action == "repair":
        if not e.get("damaged"):
            raise RuleError(f"the {key} is not damaged")
        del e["damaged"]
        msg = f"{key} repaired"
        out.append(f"Erase the damage mark on the {key}.")
    elif action == "damage" and not e.get("damaged"):
        e["damaged"] = True
        msg = f"{key} damaged"
        out.append(f"Mark the {key} as damaged: it does not work until repaired (Phase 2 repairs it).")
    else:
        again = action == "damage"
        out.extend(check_removal(s, key, selling=False))
        del ship["systems"][key]
        if s.get("combat"):
            s["combat"]["ammo"].pop(key, None)
        msg = f"{key} destroyed"
        out.insert(0, f"The {key} is destroyed{' (damaged a second time)' if again else ''}: erase it from the "
                      f"ship page.")
    return Outcome(s, msg, out, {"system": key, "action": action})


def storage(state: State, dice: Dice, item: str, remove: bool = False, expansion: bool = False) -> Outcome:
    s = copy_state(state)
    if not s.get("ship"):
        raise RuleError("there is no ship to store anything in")
    where = "expansion_storage" if expansion else "storage"
    label = "EXPANSION storage" if expansion else "storage"
    text = str(item).strip()
    if not text:
        raise InputError("name the item")
    if remove:
        hit = next((i for i, x in enumerate(s[where]) if fold(x) == fold(text)), None)
        if hit is None:
            raise RuleError(f"'{text}' is not in the ship's {label} ({', '.join(s[where]) or 'empty'})")
        text = s[where].pop(hit)
        msg = f"{text} taken out of the ship's {label}"
    else:
        if expansion and not systems_named(s, "Storage Expansion"):
            raise RuleError("the EXPANSION storage needs a working Storage Expansion")
        s[where].append(text)
        msg = f"{text} stored in the ship's {label}"
    return Outcome(s, msg, [msg + "."], {where: list(s[where])})
