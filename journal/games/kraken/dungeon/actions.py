"""Chapter 13, what every tile of an exploration shares: actions, Oxygen, the team, the end.

One Move-and-activate action and the Oxygen it costs, the team deployed, fainting, the
team lost, and the exploration's end (the map left is cleared).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import known, mark_returned
from journal.games.kraken.model.exploration import atmosphere_here, breached, deployed, parse_tile, tile_key
from journal.games.kraken.model.members import drop_member, note_fallen
from journal.games.kraken.model.weapons import back_on_ship
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import Location, State

OXYGEN_COST = {"YES": 0, "NO": 1, "HELL": 2}      # ch. 13: breathable 0, none 1, hell 2


def deployed_member(s: State, d: dict, name: str) -> str:
    """A crew member on this exploration, conscious."""
    key = known(s["crew"], name, "crew member")
    if key not in d["crew"]:
        raise RuleError(f"{key} is not on this exploration (deployed: {', '.join(d['crew'])})")
    if s["crew"][key]["status"] != "active":
        raise RuleError(f"{key} is unconscious")
    return key


def _near(d: dict, how: str, to: str | None, breach) -> str | None:
    """`to` is "outside" or "inside"; `breach` the Hull Breaches the area stepped into is
    connected to (ch. 13). Moving without one leaves any
    breach behind."""
    if to is not None and to not in ("outside", "inside"):
        raise InputError(f"'{to}' is neither outside nor inside (the atmosphere of where you step)")
    if breach and how not in ("move", "free"):
        raise InputError("the Hull Breaches of the area you step into go with a move")
    if how in ("move", "free"):
        if breach:
            near = [tile_key(d, parse_tile(t)[0]) for t in breach]
            noted = d.setdefault("breaches", [])
            noted.extend(b for b in near if b not in noted)
            d["near"] = near
        else:
            d.pop("near", None)
    return to


def take_action(s: State, d: dict, how: str, to: str | None, faint: str | None, out: list[str], what: str,
                breach=()) -> int:
    """One Move-and-activate (or activate) action: Oxygen by the atmosphere of where the
    team ends up (0 breathable, 1 none, 2 hell; ch. 13; an area connected to an unrepaired
    Hull Breach is Outside), nothing for the free move on entering a map or a tile another
    move already triggered. Out of Oxygen, a conscious member faints for each action that
    costs Oxygen. A short visit (Phase 4) has no actions. Returns the Oxygen spent."""
    if how not in ("move", "stay", "none", "free"):
        raise InputError(f"'{how}': move, stay, none or free")
    if d.get("visit") and how != "none":
        raise RuleError(say("a short visit is one trade where you teleported: no moves (",
                            cmd("kraken dungeon leave", "teleport"), " to go back to the ship)"))
    to = _near(d, how, to, breach)
    if how == "none":
        return 0
    if how in ("move", "free"):
        d.pop("at", None)                 # off the trader's tile (a tile command sets it again)
    if how == "free":
        _free_move(d, to, out, what)
        return 0
    d.pop("free_move", None)
    if how == "move" and to:
        d["where"] = to
    if how == "move":
        d.pop("portal", None)
    d.pop("avoid_failed", None)
    d["actions"] += 1
    return _breathe(s, d, faint, out, what)


def _free_move(d: dict, to: str | None, out: list[str], what: str) -> None:
    """The first move on entering a map is free: no Oxygen."""
    if not d.get("free_move"):
        raise RuleError("the free move is the first move on entering a map, and it was made already")
    d.pop("free_move", None)
    if to:
        d["where"] = to
    d["actions"] += 1
    out.append(f"{what}: the free move on entering the map (no Oxygen).")


def _breathe(s: State, d: dict, faint: str | None, out: list[str], what: str) -> int:
    """The action's Oxygen, by the atmosphere where the team ends up; short of it, someone faints.
    Returns the Oxygen spent."""
    atm = atmosphere_here(s, d)
    cost = OXYGEN_COST[atm]
    where = f"{d['where']} ({atm})" + (f", open to the Hull Breach {', '.join(k.split(':')[1] for k in breached(d))}"
                                       if breached(d) and d["where"] == "inside" else "")
    if cost == 0:
        out.append(f"{what}: {where}: no Oxygen.")
        return 0
    before = s["oxygen"]
    if before >= cost:
        s["oxygen"] -= cost
        out.append(f"{what}: {where}: Oxygen {before} → {s['oxygen']}.")
        if s["oxygen"] == 0:
            out.append("Out of Oxygen: from now on each action that costs Oxygen makes a conscious member faint.")
        return cost
    s["oxygen"] = 0
    out.append(f"{what}: {where} costs {cost} Oxygen and {before} {'is' if before == 1 else 'are'} left: "
               f"Oxygen {before} → 0, and someone faints.")
    _faint(s, d, faint, out)
    return before


def _faint(s: State, d: dict, faint: str | None, out: list[str]) -> None:
    up = deployed(s, d)
    if not up:
        return
    if faint is not None:
        who = deployed_member(s, d, faint)
    elif len(up) == 1:
        who = up[0]
    else:
        from journal.errors import NeedChoice

        raise NeedChoice(f"--faint is required: out of Oxygen, one of {', '.join(up)} becomes unconscious",
                         "--faint", up, "Who faints")
    m = s["crew"][who]
    out.append(f"{who} faints for lack of Oxygen: HP {m['hp']} → 0 (unconscious).")
    m["hp"], m["status"] = 0, "unconscious"
    all_down(s, d, out)


def all_down(s: State, d: dict, out: list[str]) -> bool:
    """Ch. 13: with no conscious deployed member the whole team is lost."""
    if deployed(s, d) or not s.get("dungeon"):
        return False
    lost = list(deployed(s, d, conscious=False))
    out.append(f"No conscious member is left at the Location: {', '.join(lost)} are lost.")
    for n in lost:
        note_fallen(s, n, out)
        drop_member(s, n, out)
    close_exploration(s, out, cleared=False)
    if not s["crew"]:
        s["result"] = "lost"
        out.append("Every crew member is dead: the campaign is lost.")
    else:
        out.append("The Dungeon Exploration is over; the campaign goes on with the crew on the ship.")
    return True


def close_exploration(s: State, out: list[str], cleared: bool = True, keep_uncleared: bool = False) -> None:
    """The exploration ends: the map left is cleared (ch. 13), weapons are repaired on the
    ship, PSI recovers, a self-destructing Location is erased."""
    d = s.pop("dungeon")
    slot = d["location"]
    loc = s["locations"].get(slot)
    back_on_ship(s, d["crew"])
    if d.get("visit"):
        out.append("The short visit is over: the crew teleports back to the ship, where every weapon is unjammed and "
                   "repaired and an exhausted PSI trait recovers.")
        return
    mark_returned(s)
    if loc and cleared:
        clear_map(s, d, loc, out, keep_uncleared)
    out.append(say("Back on the ship: every weapon is unjammed and repaired; an exhausted PSI trait recovers. You "
                   "may recover in Phase R (", cmd("kraken recover"), ")."))
    if loc and loc.get("special") == "self-destruction":
        del s["locations"][slot]
        out.append(f"Self-destruction: MAP{slot} is erased from the Starmap Locations Log.")


def clear_map(s: State, d: dict, loc: Location, out: list[str], keep_uncleared: bool) -> None:
    n = d["map"]
    if n in loc["cleared"] or n > len(loc["maps"]):
        return
    if keep_uncleared:
        if n in d.get("treasure_maps", []):
            raise RuleError(f"a Treasure was activated on map {n}, so it is cleared as you leave: it cannot stay "
                            f"uncleared")
        out.append(f"Map {n} is left uncleared (no Treasure was activated there).")
        return
    loc["cleared"] = sorted(loc["cleared"] + [n])
    out.append(f"Map {n} (ID {loc['maps'][n - 1]}) is cleared: underline it on the Locations Log.")


def roll_map_ids(s: State, loc: Location, n: int, dice: Dice, out: list[str]) -> None:
    while len(loc["maps"]) < n:
        r = dice.roll(20)
        loc["maps"].append(r)
        out.append(f"Map {len(loc['maps'])}: Map ID d20 = {r} (note it; do not look at the map before you enter).")


def choose_team(s: State, crew) -> list[str]:
    """The crew members deployed: those named (`crew`), else every conscious one not building.

    Nobody building (ch. 7) or unconscious may go down, and somebody must.
    """
    builders = {n for b in s["builds"].values() for n in b["crew"]}
    if crew:
        names = []
        for c in crew:
            n = known(s["crew"], c, "crew member")
            if n in names:
                raise InputError(f"{n} is named twice")
            names.append(n)
    else:
        names = [n for n, m in s["crew"].items() if m["status"] == "active" and n not in builders]
    for n in names:
        if n in builders:
            raise RuleError(f"{n} is building and does not join Dungeon Explorations (ch. 7)")
        if s["crew"][n]["status"] != "active":
            raise RuleError(f"{n} is unconscious and cannot be deployed")
    if not names:
        raise RuleError("nobody can be deployed (conscious and not building)")
    return names
