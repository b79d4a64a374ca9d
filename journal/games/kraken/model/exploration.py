"""`[state.dungeon]`, where the team stands (ch. 13), read by the rules and the views.

The exploration going on and its Location, tile labels and '?' values, resolved tiles, who
is deployed, and the atmosphere here (a Hull Breach opens an area to the outside).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.locations import effective_atmosphere
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import Location, State


def current_exploration(s: State) -> dict:
    d = s.get("dungeon")
    if not d:
        raise RuleError(say("the crew is not exploring a Location (", cmd("kraken dungeon enter", "SLOT"), ")"))
    if s.get("ground"):
        raise RuleError(say("a Ground Combat is going on: finish it first (", cmd("kraken ground show"),
                            " says what comes next)"))
    return d


def explored_location(s: State, d: dict) -> Location:
    return s["locations"][d["location"]]


def parse_tile(text: str) -> tuple[str, str, str | None]:
    """'B2' → ('B2', 'B', '2'); 'E?' → ('E?', 'E', '?'); 'm' → ('M', 'M', None)."""
    t = str(text).strip().upper()
    m = re.fullmatch(r"([A-Z]+)\s*(\d+|\?)?\s*([A-Z0-9_-]*)", t)
    if not t or not m:
        raise InputError(f"'{text}' is not a tile label: as printed on the map, e.g. B2, M, E?, T1 (E2a, E2b for two "
                         f"alike tiles)")
    return t.replace(" ", ""), m[1], m[2]


def tile_key(d: dict, tile: str) -> str:
    return f"{d['map']}:{tile}"


def tile_value(s: State, d: dict, dice, tile: str, level: str | None, out: list[str]) -> int:
    """Ch. 13 '?': d6 halved (rounded up), rolled once per unknown value and exploration."""
    if level is None:
        return 0
    if level != "?":
        return int(level)
    key = tile_key(d, tile)
    values = d.setdefault("values", {})
    if key not in values:
        r = dice.roll(6, label=f"{tile} '?' d6")
        values[key] = half_up(r)
        out.append(f"{tile}: the '?' is d6 {r} ÷ 2 = {values[key]} (kept for this exploration).")
    return values[key]


def deployed(s: State, d: dict, conscious: bool = True) -> list[str]:
    return [n for n in d["crew"] if n in s["crew"] and (not conscious or s["crew"][n]["status"] == "active")]


def resolved(d: dict, key: str) -> bool:
    return key in d.get("resolved", [])


def resolve(d: dict, key: str) -> None:
    d.setdefault("resolved", [])
    if key not in d["resolved"]:
        d["resolved"].append(key)


def map_cleared(s: State, d: dict) -> bool:
    return d["map"] in explored_location(s, d)["cleared"]


def breached(d: dict) -> list[str]:
    """Ch. 13 Hull Breach: the unrepaired breaches the team's area is connected to."""
    return [k for k in d.get("near", []) if not resolved(d, f"{k}:repaired")]


def shop_here(s: State) -> dict | None:
    """The Shop the crew is at, if any: a Shop tile S# of the exploration (the team stands
    on it; a short visit's too), or a Shop away from a Location (Phase 3's grade 5 Shop, an
    event's) while no combat or flight is going on. → {grade, limit, where}: it sells
    Equipment up to `limit` (ch. 13: "a grade equal to or lower than the Shop grade +
    Location Difficulty"; a Shop away from a Location: its grade), rare Equipment one grade
    above at double price, and hires crew members "of a Level up to the Shop's grade"."""
    d = s.get("dungeon")
    if d:
        kind, _sep, label = str(d.get("at") or "").partition(":")
        if kind != "shop":
            return None
        m = re.fullmatch(r"[A-Z]+(\d)?.*", label)
        grade = int(m[1]) if m and m[1] else d.get("values", {}).get(tile_key(d, label), 0)
        dif = explored_location(s, d)["difficulty"]
        return {"grade": grade, "limit": grade + dif, "where": f"the Shop {label} (MAP{d['location']} map {d['map']})"}
    sh = s.get("shop")
    if not sh or s.get("combat") or s.get("ground") or s.get("flight"):
        return None
    return {"grade": sh["grade"], "limit": sh["grade"],
            "where": "Phase 3's grade 5 Shop" if sh["by"] == "phase 3" else f"the event's grade {sh['grade']} Shop"}


def atmosphere_here(s: State, d: dict, where: str | None = None) -> str:
    """The atmosphere where the team stands: the Location's AO outside, AI inside (ch. 12),
    with Hardcore's and space's changes; an area connected to an unrepaired Hull Breach has
    an Outside atmosphere (ch. 13)."""
    loc = explored_location(s, d)
    w = where or d["where"]
    if w == "inside" and where is None and breached(d):
        w = "outside"
    return effective_atmosphere(s, loc, "ao" if w == "outside" else "ai")


def one_trade(s: State, what: str) -> None:
    """Ch. 5 Phase 4, the short visit: the crew "can visit that trader and perform one of these
    actions ... Once the action is complete, your Crew Members return to your Ship": a trade
    (a purchase, a sale, a gamble, a mod, a hire, a quest accepted) is counted as the visit's one
    action, and a second one is refused. Outside a short visit it does nothing."""
    d = s.get("dungeon")
    if not d or not d.get("visit"):
        return
    if d["actions"]:
        raise RuleError(say(f"{what}: a short visit is one action, and it was taken; back to the ship: ",
                            cmd("kraken dungeon leave", "teleport")))
    d["actions"] = 1


def refuse_unless_at_shop(s: State, what: str, instead: object) -> dict:
    """Ch. 4, 11, 13: crew members, ship systems and hulls are sold at a Shop ("If you do so at a
    Shop you will get Credits"; "for half-price at any Shop"); `instead` is the command that
    removes without selling. Returns the Shop."""
    shop = shop_here(s)
    if shop is None:
        raise RuleError(say(f"{what} is sold at a Shop: stand on one (", cmd("kraken dungeon shop", "TILE"),
                            "), or Phase 3's grade 5 Shop (", cmd("kraken free-action", "shop"),
                            "); removing without selling is free: ", instead))
    return shop
