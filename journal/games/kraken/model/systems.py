"""The ship's systems as every chapter reads them (ch. 11): stats, installing, losing one.

Which systems work, what they add up to, installing one, and what losing one takes with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import RuleError
from journal.games.kraken.catalogue import AMMO
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def systems_named(state: State, system: str, working: bool = True) -> list[str]:
    ship = state.get("ship") or {}
    return [label for label, e in ship.get("systems", {}).items()
            if e.get("system") == system and not (working and e.get("damaged"))]


def working(s: State, system: str) -> bool:
    return bool(systems_named(s, system))


def ship_stats(state: State, cat: dict) -> dict:
    """SP, shields, recharge and armor of the working (undamaged) systems."""
    ship = state.get("ship")
    if not ship:
        return {"sp": 0, "shield": 0, "recharge": 0, "armor": 0, "weapons": 0}
    out = {"sp": ship["sp"], "shield": 0, "recharge": 0, "armor": 0, "weapons": 0}
    for e in ship["systems"].values():
        info = cat.get(e.get("system"), {})
        if e.get("system") == "Hull expansion":
            out["sp"] += ship.get("expansion_sp", 0)   # structure counts even when damaged
        if e.get("damaged"):
            continue
        out["shield"] += info.get("shield", 0)
        out["recharge"] += info.get("recharge", 0)
        out["armor"] += info.get("armor", 0)
        if info.get("category") == "weapon":
            out["weapons"] += 1
    return out


def can_install(s: State, name: str, cat: dict) -> None:
    if name.startswith(AMMO + ":"):
        return
    info = cat[name]
    ship = s.get("ship")
    if ship and not info.get("multiple"):
        owned = [label for label, e in ship["systems"].items() if e["system"] == name]
        if owned:
            raise RuleError(f"the ship has a {name} already (one of each standard system)")
    if name == "Hull expansion" and ship and "expansion_sp" not in ship:
        raise RuleError(say("a Hull expansion adds the SP printed on your ship's page: record it first with `",
                            cmd("set", "ship.expansion_sp", "X"), "`"))


def install_system(s: State, name: str) -> str:
    systems = s["ship"]["systems"]
    label, n = name, 1
    while label in systems:
        n += 1
        label = f"{name} {n}"
    if name.startswith(AMMO + ":"):
        systems[label] = {"system": AMMO, "for": name[len(AMMO) + 1:]}
    else:
        systems[label] = {"system": name}
    return label


def check_removal(s: State, key: str, selling: bool) -> list[str]:
    """What losing a system takes with it; refuses a sale that would lose stored data."""
    e = s["ship"]["systems"][key]
    lost: list[str] = []
    if e["system"] == "HyperNavMemory" and len(systems_named(s, "HyperNavMemory", working=False)) == 1:
        far = [x for x in s["locations"] if int(x) > 2]
        if far and selling:
            raise RuleError(f"the Starmap Locations Log uses MAP {', '.join(far)}: erase those Locations "
                            f"before selling the HyperNavMemory")
        for x in far:
            del s["locations"][x]
        if far:
            lost.append(f"Locations in MAP {', '.join(far)} are lost with the HyperNavMemory.")
    if e["system"] == "Storage Expansion" and s["expansion_storage"]:
        if selling:
            raise RuleError("the EXPANSION storage holds items: move them out before selling it")
        lost.append(f"Everything in the EXPANSION storage is lost: {', '.join(s['expansion_storage'])}.")
        s["expansion_storage"] = []
    return lost
