"""Text views away from the ship: the flight, combats, the exploration, drops. What comes next
there is the rules' (model/away.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.constants import BULKHEAD_TRIES, COMBAT_STEP_TEXT, OPTION_TEXT, TIMELINE_TEXT
from journal.games.kraken.model.exploration import atmosphere_here, breached, resolved
from journal.games.kraken.model.flight_table import enemy_text
from journal.games.kraken.model.locations import describe_location
from journal.games.kraken.model.members import carrying, crew_armor
from journal.hints import cmd, say
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import Location, State


def adventure_lines(state: State) -> list[str]:
    """Flight, space combat, dungeon, ground combat and Treasure drops (issue 6)."""
    out: list[str] = []
    f = state.get("flight")
    if f:
        opts = ", ".join(OPTION_TEXT[o] for o in f["options"]) or "no options"
        stage = {"combat": "in Space Combat", "arrived": "arrived", "escaped": "escaped (no landing this turn)"}
        out.append(f"Flight: Location Difficulty {f['location_difficulty']}, Flight Difficulty {f['difficulty']} "
                   f"({opts}), {plural(f['modifications'], 'dice modification')}, {stage[f['stage']]}"
                   + (f", flight {f['number']}" if f.get("number") else "")
                   + (f" {f['name']}" if f.get("name") else "")
                   + (", generating the Location" if f.get("generation") else ""))
    if state.get("combat"):
        out.extend(combat_status(state))
    if state.get("dungeon"):
        out.extend(dungeon_status(state))
    if state.get("ground"):
        out.extend(ground_status(state))
    if state.get("loot"):
        out.append("Treasure drops waiting: " + ", ".join(f"grade {x['grade']} ({x['from']})" for x in state["loot"]))
    return out


def combat_status(s: State) -> list[str]:
    """The SPACE COMBAT page as text (for show and combat show)."""
    c = s["combat"]
    out = [_combat_heading(c), _combat_timeline(c)]
    if c["objectives"]:
        out.append("  Objectives: " + " ".join(f"{o['check']}{o['target']}" + (" ✓" if o["solved"] else "")
                                               for o in c["objectives"]))
    for i, e in enumerate(c["enemies"], 1):
        out.append(f"  Enemy {i}: " + (f"{e['type']} destroyed" if e["sp"] == 0 else enemy_text(e)))
    out.append(_combat_own_ship(c))
    used = ", ".join(f"{n} ({w})" for n, w in c["used"].items())
    out.append(f"  Crew used this turn: {used or 'none'}")
    out.extend(_combat_boarding(c))
    return out


def _combat_heading(c: dict) -> str:
    return (f"Space Combat{' ' + repr(c['name']) if c.get('name') else ''}"
            + (f" (flight {c['number']})" if c.get("number") else "")
            + f": turn {c['turn']}, {COMBAT_STEP_TEXT[c['step']]}"
            + (f" · {TIMELINE_TEXT[c['event']]} this turn" if c.get("event") else ""))


def _combat_timeline(c: dict) -> str:
    tl = [("x" + t if i < c["crossed"] else t) for i, t in enumerate(c["timeline"])]
    return "  Timeline: " + (" ".join(tl) if tl else "(empty)") + (" (x = crossed out)" if c["crossed"] else "")


def _combat_own_ship(c: dict) -> str:
    ship = c["ship"]
    return (f"  Your ship: SP {ship['sp']}/{ship['sp_max']}, Shield {ship['shield']}/{ship['shield_max']} "
            f"(+{ship['recharge']})" + (", Ammo " + ", ".join(f"{k} {v}" for k, v in c["ammo"].items())
                                       if c["ammo"] else ""))


def _combat_boarding(c: dict) -> list[str]:
    out = []
    if c.get("boarding"):
        b = c["boarding"]
        out.append(f"  Boarding enemy {b['enemy']} ({'you board' if b['by'] == 'us' else 'they board you'}): round "
                   f"{b['round']}, your {b['dice']} d6 against their {b['enemy_dice']} d6")
    if c.get("boarders"):
        out.append(f"  Boarding you: enemy {', '.join(map(str, c['boarders']))}")
    return out


def dungeon_status(s: State) -> list[str]:
    """The exploration as text (for show and dungeon show): where the team is, then each block of
    the map's state that holds something."""
    d = s["dungeon"]
    loc = s["locations"].get(d["location"], {})
    out = [_dungeon_heading(s, d, loc)]
    team = ", ".join(f"{n} {s['crew'][n]['hp']}/{s['crew'][n]['hp_max']}" for n in d["crew"] if n in s["crew"])
    out.append(f"  Team: {team}")
    out.extend(_dungeon_bulkheads(d))
    if d.get("values"):
        out.append("  '?' values: " + ", ".join(f"{k} = {v}" for k, v in d["values"].items()))
    if d.get("resolved"):
        out.append("  Resolved: " + ", ".join(d["resolved"]))
    out.extend(_dungeon_hazards(d))
    if d.get("portals"):
        out.append(f"  Teleportals on this map: {' '.join(map(str, d['portals']))}"
                   + (f" · standing on portal {d['portal']}" if d.get("portal") else ""))
    if d.get("visit"):
        out.append(say("  A Phase 4 short visit: trade, then ", cmd("kraken dungeon leave", "teleport"), "."))
    if loc:
        out.append(f"  Cleared maps: {', '.join(map(str, loc['cleared'])) or 'none'}")
    return out


def _dungeon_heading(s: State, d: dict, loc: Location) -> str:
    """The Location, the map, where the team stands, Oxygen and the actions."""
    where = (f"MAP{d['location']} ({describe_location(s, loc) if loc else '?'}), map {d['map']}"
             + (f" (ID {loc['maps'][d['map'] - 1]})" if loc and len(loc['maps']) >= d['map'] else "")
             + f" of {loc.get('depth', '?')}")
    return (f"Dungeon: {where}, {d['where']} ({atmosphere_here(s, d) if loc else '?'}), "
            + f"Oxygen {s['oxygen']}/{oxygen_max(s)}, {plural(d['actions'], 'action')}"
            + (" · free move pending" if d.get("free_move") else "") + (" · going back" if d.get("backwards") else ""))


def _dungeon_bulkheads(d: dict) -> list[str]:
    locked = [k for k, b in d.get("bulkheads", {}).items() if b["fails"] >= BULKHEAD_TRIES and not b["open"]]
    opened = [k for k, b in d.get("bulkheads", {}).items() if b["open"]]
    if opened or locked:
        return ["  Bulkheads: " + ", ".join([f"{k} open" for k in opened] + [f"{k} LOCKED" for k in locked])]
    return []


def _dungeon_hazards(d: dict) -> list[str]:
    """The Disruptors and the Hull Breaches."""
    out = []
    if d.get("disruptors"):
        out.append("  Disruptors: " + ", ".join(k + (" off" if f"{k}:disruptor" in d.get("disabled", []) else
                                                     " ACTIVE") for k in d["disruptors"]))
    if d.get("breaches"):
        out.append("  Hull Breaches: " + ", ".join(k + (" repaired" if resolved(d, f"{k}:repaired") else " open")
                                                   for k in d["breaches"])
                   + (f" · the team's area is open to {', '.join(breached(d))}" if breached(d) else ""))
    return out


def ground_status(s: State) -> list[str]:
    """The GROUND COMBAT page as text (for show and ground show): the fight, the team, the enemies."""
    g = s["ground"]
    out = [f"Ground Combat LV{g['level']}{' (Boss)' if g['boss'] else ''}{' (ambush)' if g['ambush'] else ''}: "
           + ("spawning" if g["step"] == "spawn" else f"turn {g['turn']}, {g['step']} act"
              + f" (first: {g.get('first')})") + f", atmosphere {g['atmosphere']}"]
    out.extend(_ground_member(s, g, n) for n in g["crew"] if n in s["crew"])
    out.extend(_ground_enemy(k, e) for k, e in g["enemies"].items())
    return out


def _ground_member(s: State, g: dict, n: str) -> str:
    m = s["crew"][n]
    sh = f", Shield {g.get('shields', {}).get(n, m['shield']['power'])}/{m['shield']['power']}" \
        if m.get("shield") else ""
    eff = []
    if n in g.get("cover", []):
        eff.append("cover")
    if m.get("psi_exhausted"):
        eff.append("PSI exhausted")
    if carrying(s, n):
        eff.append(f"carries {carrying(s, n)}")
    acted = g.get("acted", {}).get(n, 0)
    return (f"  {n}: HP {m['hp']}/{m['hp_max']}{sh}, Armor {crew_armor(m)}"
            + (f" · {', '.join(eff)}" if eff else "") + (f" · acted {acted}" if acted else ""))


def _ground_enemy(k: str, e: dict) -> str:
    sh = f", Shield {e['shield']['class']} {e['shield']['power']}/{e['shield']['max']}" if e.get("shield") else ""
    eff = [x for x in (f"weaken {e['weaken']}" if e.get("weaken") else "",
                       "confused" if e.get("confused") else "") if x] + list(e.get("traits", []))
    status = e["status"].upper() + (f" (carried by {e['carrier']})" if e.get("carrier") else "")
    return (f"  {k} {e['name']} LV{e['level']}{' minion' if e['minion'] else ''}: "
            + (status if e["status"] != "active" else f"HP {e['hp']}/{e['hp_max']}{sh}, Armor "
               f"{e['armor']}, Agility {e['agility']}") + (f" · {', '.join(eff)}" if eff else ""))
