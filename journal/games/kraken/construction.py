"""Chapter 7, Ship construction: a system or a hull built in Phase 2, for a discount.

1-3 crew build over 1 or 2 turns; each rolls d6 + Tech, a 2-turn build doubles the
total; the discount comes off the price, paid when the build is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import known as cat_known, price as cat_price
from journal.games.kraken.model.campaign import copy_state, known, pay_credits, refuse_setup
from journal.games.kraken.model.constants import MAX_BUILD_CREW
from journal.games.kraken.model.systems import can_install, install_system
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def build_start(state: State, dice: Dice, system: str | None, crew: list[str], turns: int, cat: dict,
                hull: str | None = None, price: int | None = None, sp: int | None = None,
                expansion_sp: int | None = None) -> Outcome:
    """Ch. 7: 1-3 crew build a system (or a hull) in 1 or 2 turns; each rolls d6 + Tech, a
    2-turn build doubles the total; the discount comes off the price, paid at the end."""
    s = copy_state(state)
    refuse_setup(s, "construction starts")
    if s["phase"] != 2:
        raise RuleError(f"construction starts in Phase 2, and this is Phase {s['phase']}")
    if turns not in (1, 2):
        raise InputError(f"a build takes 1 or 2 turns, not {turns}")
    names = _builders(s, crew)
    label, cost, entry = _what_is_built(s, cat, system, hull, price, sp, expansion_sp)
    if label in s["builds"]:
        raise RuleError(f"the {label} is already being built")
    rolls = []
    for who in names:
        r = dice.roll(6)
        rolls.append((who, r, s["crew"][who]["tech"]))
    total = sum(r + t for _w, r, t in rolls)
    discount = total * (2 if turns == 2 else 1)
    due = s["turn"] + turns
    s["builds"][label] = {**entry, "crew": names, "turns": turns, "cost": cost, "discount": discount, "due": due}
    parts = " + ".join(f"{w} {r}+{t}" for w, r, t in rolls)
    out = [f"Construction of the {label}: {parts} = {total}" + (" × 2 (two turns)" if turns == 2 else "")
           + f" → discount {discount}¢ off {cost}¢.",
           f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} busy building until Phase 2 of turn {due} "
           f"(no Dungeon Exploration or "
           f"Ground Combat for them); pay {max(0, cost - discount)}¢ then."]
    return Outcome(s, f"Build {label} ({turns} turn{'s' if turns > 1 else ''}): discount {discount}, "
                      f"due turn {due}", out,
                   {"build": label, "discount": discount, "cost": cost, "due": due, "pay": max(0, cost - discount)})


def _builders(s: State, crew: list[str]) -> list[str]:
    """1 to 3 crew members, each named once, none building something else already."""
    if not 1 <= len(crew) <= MAX_BUILD_CREW:
        raise InputError(f"{len(crew)} builders: 1 to {MAX_BUILD_CREW} crew members build")
    names = [known(s["crew"], c, "crew member") for c in crew]
    if len(set(names)) != len(names):
        raise InputError("a builder is named twice")
    for bname, b in s["builds"].items():
        for who in names:
            if who in b["crew"]:
                raise RuleError(f"{who} already builds the {bname}")
    return names


def _what_is_built(s: State, cat: dict, system: str | None, hull: str | None, price: int | None, sp: int | None,
                   expansion_sp: int | None) -> tuple[str, int, dict]:
    """(name, price, the build's record): a hull, with its price and SP from the ship's page,
    or a ship system from the catalogue, that the ship can install."""
    if hull is not None:
        if price is None or sp is None:
            raise InputError(say("a hull build needs its price and SP from the ship's page (",
                                 cmd("kraken build start", hull=hull, price="P", sp="N", crew="NAME", turns="1"), ")"))
        entry: dict = {"hull": hull.strip(), "sp": sp}
        if expansion_sp:
            entry["expansion_sp"] = expansion_sp
        return hull.strip(), price, entry
    if system is not None:
        label = cat_known(cat, system)
        cost = cat_price(cat, label) if price is None else price
        can_install(s, label, cat)
        return label, cost, {"system": label}
    raise InputError("a build is a ship system or a hull")


def build_cancel(state: State, dice: Dice, name: str) -> Outcome:
    s = copy_state(state)
    key = known(s["builds"], name, "build")
    b = s["builds"].pop(key)
    msg = f"Construction of the {key} cancelled (no refund); {', '.join(b['crew'])} are free again"
    return Outcome(s, msg, [msg + "."], {"build": key})


def complete_build(s: State, name: str, out: list[str]) -> str:
    """Ch. 7: a build due this Phase 2 is paid (its price less the discount) and installed,
    or fails when the Credits or the ship are not there. Returns the log's note."""
    b = s["builds"].pop(name)
    due = max(0, b["cost"] - b["discount"])
    if s["credits"] < due:
        out.append(f"The {name} is finished but costs {due}¢ and you have {s['credits']}¢: the build fails.")
        return f"the {name} build fails (cannot pay {due}¢)"
    if "hull" in b:
        old = s.get("ship")
        s["ship"] = {"hull": b["hull"], "hull_price": b["cost"], "sp": b["sp"],
                     "systems": old["systems"] if old else {}}
        if "expansion_sp" in b:
            s["ship"]["expansion_sp"] = b["expansion_sp"]
        pay_credits(s, due, f"the {name} hull", out)
        out.append(f"The new ship {b['hull']} is ready ({b['sp']} SP); move your systems over if its "
                   f"blueprint lists them.")
    else:
        if not s.get("ship"):
            out.append(f"The {name} is finished but there is no ship to install it in: the build fails.")
            return f"the {name} build fails (no ship)"
        pay_credits(s, due, f"the {name} (price {b['cost']}¢ - discount {b['discount']}¢)", out)
        label = install_system(s, name)
        out.append(f"Install the {label}: mark it with an X on the ship page.")
    out.append(f"{', '.join(b['crew'])} are free again.")
    return f"{name} built for {due}¢"
