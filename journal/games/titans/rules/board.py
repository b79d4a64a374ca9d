"""The board: where Titans and invaders stand, and the trails between cities.

A location is ("city", name) or ("rift", name). Cities are adjacent when they share a
trail; a rift token is reached from the cities it threatens and is a dead end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.titans.rules.model import rift_of_pawn, stats

if TYPE_CHECKING:
    from journal.games.titans.tables import Rift, State, Titan


def location(titan: Titan) -> tuple[str, str] | None:
    """("city", name), ("rift", name) or None (destroyed, or not placed yet)."""
    if "city" in titan:
        return ("city", titan["city"])
    if "rift" in titan:
        return ("rift", titan["rift"])
    return None


def where_text(titan: Titan) -> str:
    if titan["destroyed"]:
        return "destroyed"
    if "city" in titan:
        return titan["city"]
    if "rift" in titan:
        return f"{titan['rift']} Rift"
    return "not placed"


def loc_text(loc) -> str:
    return loc[1] if loc[0] == "city" else f"the {loc[1]} Rift"


def invaders_at(state: State, loc) -> list[str]:
    """The invaders a Titan at `loc` fights: pawns on that city, or a rift's guardians."""
    if loc is None:
        return []
    kind, name = loc
    if kind == "city":
        return [pid for pid, inv in state["invaders"].items() if inv["city"] == name]
    return list(state["rifts"][name]["guardians"])


# --- a Lair: a row of spots ("place it in the Lair on the first available spot"; an invasion
# "will take the first one from the Lair"). The save keeps {spot: pawn}, spot "1" to "5". ----------

def lair_pawns(rift: Rift) -> list[str]:
    """The pawns in a rift's Lair, spot by spot (the first one is the next to invade)."""
    return [rift["lair"][k] for k in sorted(rift["lair"], key=int)]


def lair_text(rift: Rift) -> str:
    """A Lair as the board shows it: `1:A3 2:A4 4:A1` (its free spots left out), or "empty"."""
    return " ".join(f"{k}:{rift['lair'][k]}" for k in sorted(rift["lair"], key=int)) or "empty"


def lair_put(rift: Rift, pid: str) -> int:
    """A pawn placed "in the Lair on the first available spot": the lowest free one. Returns it."""
    spot = next(k for k in range(1, len(rift["lair"]) + 2) if str(k) not in rift["lair"])
    rift["lair"] = dict(sorted({**rift["lair"], str(spot): pid}.items(), key=lambda kv: int(kv[0])))
    return spot


def lair_take(rift: Rift) -> tuple[str, int] | None:
    """The pawn on the Lair's lowest spot, taken off it (its spot freed): (pawn, spot), or None."""
    if not rift["lair"]:
        return None
    spot = min(rift["lair"], key=int)
    return rift["lair"].pop(spot), int(spot)


def lair_remove(rift: Rift, pid: str) -> None:
    """A pawn taken off the Lair by hand: its spot is free again."""
    rift["lair"] = {k: v for k, v in rift["lair"].items() if v != pid}


def pawn_damage(state: State, pid: str) -> int:
    if pid in state["invaders"]:
        return state["invaders"][pid]["damage"]
    r = state["rifts"][rift_of_pawn(state, pid)]
    return r.get("guardian_damage", {}).get(pid, 0)


def remaining_hp(state: State, pid: str) -> int:
    # a lower tier can leave an invader with as much damage as its HP: the next hit destroys it
    return max(1, stats(state, pid)["hp"] - pawn_damage(state, pid))


def titans_at(state: State, loc) -> list[str]:
    return [n for n, t in state["titans"].items() if not t["destroyed"] and location(t) == loc]


def supports_at(state: State, city: str) -> dict:
    """{player: count} of support pawns in `city`."""
    out = {}
    for p, pl in state["players"].items():
        n = sum(1 for sp in pl["supports"] if sp["city"] == city)
        if n:
            out[p] = n
    return out


def standing(state: State) -> list[str]:
    return [n for n, t in state["titans"].items() if not t["destroyed"]]


def open_rifts(state: State) -> list[str]:
    return [n for n, r in state["rifts"].items() if not r["closed"]]


def neighbours(state: State) -> dict:
    """City -> set of adjacent cities (a city is adjacent to another when they share a trail)."""
    adj: dict[str, set[str]] = {c: set() for c in state["cities"]}
    for c, city in state["cities"].items():
        for other in [city["yellow"], city["green"], *city.get("trails", [])]:
            if other in adj and other != c:
                adj[c].add(other)
                adj[other].add(c)
    return adj


def distance(state: State, start, goal) -> int | None:
    """Steps from one location to another (cities and rift tokens); None when unreachable.

    A rift token is reached from the cities it threatens (its Threat Connector) and is a
    dead end: a Titan stops on it.
    """
    if start == goal:
        return 0
    adj = neighbours(state)
    rift_links = {name: set(r["threatens"]) for name, r in state["rifts"].items()}
    frontier, seen, steps = [start], {start}, 0
    while frontier:
        steps += 1
        nxt = []
        for loc in frontier:
            kind, name = loc
            if kind == "city":
                out = [("city", c) for c in adj[name]]
                out += [("rift", r) for r, cities in rift_links.items() if name in cities]
            else:
                if loc != start:
                    continue            # a Titan stops on a rift token
                out = [("city", c) for c in rift_links[name]]
            for o in out:
                if o == goal:
                    return steps
                if o not in seen:
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    return None


def city_distance(state: State, a: str, b: str) -> int | None:
    if a == b:
        return 0
    adj = neighbours(state)
    frontier, seen, steps = [a], {a}, 0
    while frontier:
        steps += 1
        nxt = []
        for c in frontier:
            for o in adj[c]:
                if o == b:
                    return steps
                if o not in seen:
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    return None
