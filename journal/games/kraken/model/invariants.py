"""The rules' invariants of a well-typed `[state]` (what the schema cannot express), each naming its key.

`journal.games.kraken.schema.validate` checks the types and ranges, then these. Every command
runs them before and after, so they stay light: the catalogue and the weapon notation are
loaded only when a state has systems or weapons.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.constants import (
    COMBAT_STEPS,
    DIFFICULTY_TEXT,
    EXCLUSIVE,
    GEN_FIELDS,
    GRADE_PRICES,
    MAX_CREW,
    MAX_TRAITS,
    OVERLOAD_MAX,
    SAVE_DIFFICULTIES,
)
from journal.games.kraken.model.locations import location_capacity
from journal.games.kraken.model.members import (
    carry_capacity,
    hand_holding,
    hands_text,
    overload,
    tool_sets,
    transmitters,
)
from journal.hints import cmd, say
from journal.schema import key_path, show_value

if TYPE_CHECKING:
    from journal.games.kraken.tables import Ship, State


def invariants(s: State, problems: list[str]) -> None:
    """Every invariant of a well-typed state, in the order of the save: the turn, the lines, the
    crew, the ship, the Locations, the quests, what happens away from the ship, the save point."""
    for check in (_turn_and_phase, _lines, _phase_choices, _crew_names, _members, _leader, _builds, _ship,
                  _locations, _quests, _gear, _flight, _combat, _boarding, _dungeon, _ground, _loot, _captives,
                  _captured, _returned, _grade_prices, _transmitters, _dungeon_elements, _savepoint):
        check(s, problems)


def _turn_and_phase(s: State, problems: list[str]) -> None:
    if (s["turn"] == 0) != (s["phase"] == 0):
        problems.append(f"state.phase = {s['phase']} with state.turn = {s['turn']}: phase 0 is the setup "
                        f"before turn 1; turns 1 and later are in phases 1-5")
    if s["oxygen"] > oxygen_max(s):
        problems.append(f"state.oxygen = {s['oxygen']} is above the maximum {oxygen_max(s)} "
                        f"(25 + state.oxygen_tanks)")


def _lines(s: State, problems: list[str]) -> None:
    for slot, line in s["lines"].items():
        path = key_path("state.lines", slot)
        if not line["coords"]:
            problems.append(f"{path}.coords is empty: a line holds at least its start coordinate")
        if line.get("standby") and line.get("running"):
            problems.append(f"{path}: a line on STANDBY is not running (remove running or standby)")
        if line.get("running") is False:
            problems.append(f"{path}.running = false: leave the key out when the line is not running")
    for slot in s["done"]:
        if slot not in s["lines"]:
            problems.append(f"state.done names line {slot}, which is not in use")
    if len(set(s["done"])) != len(s["done"]):
        problems.append("state.done names a line twice")
    if s.get("skipped") and s["skipped"] not in s["lines"]:
        problems.append(f"state.skipped = {show_value(s['skipped'])} is not a line in use")
    if s.get("skipped") and s.get("skipped") == s.get("skipped_before"):
        problems.append(f"state.skipped = {show_value(s['skipped'])}: the same line cannot be skipped two "
                        f"turns running (rules note K5)")


def _phase_choices(s: State, problems: list[str]) -> None:
    """What a turn records: the lines done, the skip, the free action (Phase 3), the Recoveries."""
    if s["turn"] == 0 and (s["done"] or s.get("skipped") or s.get("free_action")):
        problems.append("state.done, skipped and free_action belong to a turn: the setup (turn 0) has none")
    _recoveries(s, problems)
    _free_action(s, problems)


def _free_action(s: State, problems: list[str]) -> None:
    """Phase 3's free action: what it carried out, its grade 5 Shop, the Location its flight found."""
    if s.get("free_used") is not None and (not s["free_used"] or s.get("free_action") not in ("location", "flight")):
        problems.append("state.free_used = true only after a free action of location or flight was carried out "
                        "(leave the key out otherwise)")
    shop = s.get("shop")
    if shop and (s["turn"] == 0 or (shop["by"] == "phase 3" and (s["phase"] != 3 or s.get("free_action") != "shop"))):
        problems.append("state.shop: a Shop away from a Location is an event's (during a turn) or Phase 3's grade 5 "
                        "Shop (in Phase 3, with free_action = \"shop\")")
    if s.get("free_action") and s["phase"] < 3:
        problems.append(f"state.free_action is set in Phase {s['phase']}: it is Phase 3's choice")
    if s.get("found") and (s.get("free_action") != "flight" or s["found"] not in s["locations"]):
        problems.append(f"state.found = {show_value(s['found'])}: the Starmap slot of a Location this turn's space "
                        f"flight found (with free_action = \"flight\"), or leave the key out")


def _recoveries(s: State, problems: list[str]) -> None:
    """Phase R: the phases 1, 3 and 5 (up to the current one, each once) whose Recovery was taken."""
    rec = s.get("recoveries", [])
    if rec and (not s["recovered"] or len(set(rec)) != len(rec) or any(p not in (1, 3, 5) or p > s["phase"]
                                                                       for p in rec)):
        problems.append(f"state.recoveries = {show_value(rec)}: the phases 1, 3 and 5 (up to the current one, "
                        f"each once) whose Recovery was taken, with state.recovered = true")
    if s["recovered"] and not rec and "recoveries" in s:
        problems.append("state.recoveries is empty while state.recovered = true: name the phase of the Recovery")


def _crew_names(s: State, problems: list[str]) -> None:
    """K10, K11: at most four, one name each in any case, one PSI, Ray or Lex, no fallen preset rejoins."""
    crew = s["crew"]
    if len(crew) > MAX_CREW:
        problems.append(f"state.crew has {len(crew)} members: at most {MAX_CREW} at any time (rules note K10)")
    folded: dict[str, str] = {}
    for name in crew:
        if not name.strip():
            problems.append("state.crew has a member with an empty name")
        if name.casefold() in folded:
            problems.append(f"state.crew has both {show_value(folded[name.casefold()])} and {show_value(name)}")
        folded[name.casefold()] = name
    psi = [n for n, c in crew.items() if "psi" in c]
    if len(psi) > 1:
        problems.append(f"state.crew: {', '.join(psi)} all have PSI: at most one crew member may (rules note K10)")
    for a, b in EXCLUSIVE:
        if a.casefold() in folded and b.casefold() in folded:
            problems.append(f"state.crew has both {a} and {b}: their sheets cover each other in the book")
    for name in s.get("fallen", ()):
        if name.casefold() in folded:
            problems.append(f"state.crew.{name}: a preset crew member who died may not rejoin in this "
                            f"campaign (state.fallen, rules note K11)")


def _members(s: State, problems: list[str]) -> None:
    """Each crew member's profile: HP and status (K11), traits (3.5), what is carried (ch. 4)."""
    for name, c in s["crew"].items():
        path = key_path("state.crew", name)
        if c["hp"] > c["hp_max"]:
            problems.append(f"{path}.hp = {c['hp']} is above {path}.hp_max = {c['hp_max']}")
        expect = "unconscious" if c["hp"] == 0 else "active"
        if c["status"] != expect:
            problems.append(f"{path}.status = {show_value(c['status'])} but hp = {c['hp']}: HP 0 is "
                            f"unconscious, above 0 active (rules note K11)")
        traits = len(c["traits"]) + (1 if "psi" in c else 0)
        if traits > MAX_TRAITS:
            problems.append(f"{path} has {traits} traits (PSI included): at most {MAX_TRAITS}")
        if any(not t.strip() for t in c["traits"]):
            problems.append(f"{path}.traits has a trait with an empty name")
        if "PSI" in (t.upper() for t in c["traits"]):
            problems.append(f"{path}.traits: PSI is kept as {path}.psi (its level), not as a trait")
        if overload(c) > OVERLOAD_MAX:
            problems.append(f"{path}.inventory holds {len(c['inventory'])} items: capacity "
                            f"{carry_capacity(c['strength'])} + at most {OVERLOAD_MAX} overload")


def _leader(s: State, problems: list[str]) -> None:
    leader = s.get("leader")
    if leader is not None and leader not in s["crew"]:
        problems.append(f"state.leader = {show_value(leader)} is not a crew member")
    if leader is None and s["crew"]:
        problems.append(say("state.leader is missing: with a crew, one of them leads (set it with `",
                            cmd("kraken crew leader", "NAME"), "`)"))


def _builds(s: State, problems: list[str]) -> None:
    """Ch. 7: a build is a system or a hull, built by crew members who build nothing else."""
    busy: dict[str, str] = {}
    for bname, b in s["builds"].items():
        path = key_path("state.builds", bname)
        if ("system" in b) == ("hull" in b):
            problems.append(f"{path}: a build has either a system or a hull")
        if "hull" in b and "sp" not in b:
            problems.append(f"{path}.sp is missing: a hull being built has structure points")
        if not b["crew"]:
            problems.append(f"{path}.crew is empty: at least one crew member builds")
        for who in b["crew"]:
            if who not in s["crew"]:
                problems.append(f"{path}.crew names {show_value(who)}, who is not a crew member")
            elif who in busy:
                problems.append(f"{path}.crew: {who} already builds {busy[who]}")
            busy[who] = bname


def _ship(s: State, problems: list[str]) -> None:
    ship = s.get("ship")
    if not ship:
        if s["expansion_storage"]:
            problems.append("state.expansion_storage holds items but there is no ship")
        return
    if not ship["systems"]:
        if s["expansion_storage"]:
            problems.append("state.expansion_storage needs a Storage Expansion")
        return
    from journal.games.kraken import catalogue as catmod

    cat = catmod.load()
    names: dict[str, list[str]] = {}
    for label, e in ship["systems"].items():
        system = _system(ship, key_path("state.ship.systems", label), e, cat, problems)
        if system is not None:
            names.setdefault(system, []).append(label)
    for system, labels in names.items():
        if len(labels) > 1 and not cat[system].get("multiple"):
            problems.append(f"state.ship.systems: {', '.join(labels)}: a ship has one {system}")
    if s["expansion_storage"] and "Storage Expansion" not in names:
        problems.append("state.expansion_storage holds items but the ship has no Storage Expansion")


def _system(ship: Ship, path: str, e: dict, cat: dict, problems: list[str]) -> str | None:
    """One system of the ship (ch. 11): a magazine for one ship weapon with Ammo, or a system of
    the catalogue (returned, to count the ones a ship has once)."""
    from journal.games.kraken.catalogue import AMMO

    system = e["system"]
    if system == AMMO:
        weapon = e.get("for")
        if weapon is None:
            problems.append(f"{path}.for is missing: a ship magazine is for one weapon type")
        elif weapon not in cat or not cat[weapon].get("ammo"):
            problems.append(f"{path}.for = {show_value(weapon)} is not a ship weapon with Ammo")
        return None
    if "for" in e:
        problems.append(f"{path}.for: only ship magazines (system = \"Ammo\") name a weapon")
    if system not in cat:
        problems.append(say(f"{path}.system = {show_value(system)} is not in the catalogue (`",
                            cmd("kraken ship catalogue"), "`)"))
        return None
    if system == "Hull expansion" and "expansion_sp" not in ship:
        problems.append("state.ship.expansion_sp is missing: a Hull expansion adds the SP printed on "
                        "your ship's page")
    return system


def _locations(s: State, problems: list[str]) -> None:
    cap = location_capacity(s)
    for slot, loc in s["locations"].items():
        path = key_path("state.locations", slot)
        if int(slot) > cap:
            problems.append(f"{path}: slot {slot} needs HyperNavMemory (2 slots without it, rules note K7)")
        if loc["teleport"] > loc["depth"]:
            problems.append(f"{path}.teleport = {loc['teleport']} is deeper than depth = {loc['depth']}")
        if len(loc["maps"]) > loc["depth"]:
            problems.append(f"{path}.maps has {len(loc['maps'])} IDs for depth {loc['depth']}")
        for m in loc["cleared"]:
            if m > len(loc["maps"]):
                problems.append(f"{path}.cleared names map {m}, which has no Map ID yet")
        if len(set(loc["cleared"])) != len(loc["cleared"]):
            problems.append(f"{path}.cleared names a map twice")


def _quests(s: State, problems: list[str]) -> None:
    for name, q in s["quests"].items():
        path = key_path("state.quests", name)
        if q["urgent"] and "ticks" not in q:
            problems.append(f"{path}.ticks is missing: an urgent quest has a timer (0-3 ticks)")
        if not q["urgent"] and "ticks" in q:
            problems.append(f"{path}.ticks: only urgent quests have a timer")
        if not name.strip():
            problems.append("state.quests has a quest with an empty name")


def _gear(s: State, problems: list[str]) -> None:
    """Ch. 14: PSI exhaustion, one jacket, a physical Shield held in a hand, each weapon's Ammo."""
    for name, m in s["crew"].items():
        path = key_path("state.crew", name)
        if m.get("psi_exhausted") is False:
            problems.append(f"{path}.psi_exhausted = false: leave the key out when PSI is not exhausted")
        if m.get("psi_exhausted") and "psi" not in m:
            problems.append(f"{path}.psi_exhausted: {name} has no PSI")
        if m.get("armor") and m.get("jacket"):
            problems.append(f"{path}.armor and {path}.jacket: one jacket is worn at a time (armor is an unnamed "
                            f"jacket; remove one of them, ch. 14)")
        ps = m.get("physical_shield")
        if isinstance(ps, dict) and isinstance(ps.get("name"), str) and hand_holding(m, ps["name"]) is None:
            problems.append(f"{path}.physical_shield.name = {show_value(ps['name'])} is not held in a hand "
                            f"({hands_text(m)}): a physical Shield is carried in one hand (ch. 14)")
        for wname, w in (m.get("weapons") or {}).items():
            _weapon(key_path(f"{path}.weapons", wname), w, problems)


def _weapon(path: str, w: dict, problems: list[str]) -> None:
    """A carried weapon: its spec in the book's notation, its Ammo within the spec's capacity."""
    from journal.games.kraken.model.weapons import weapon_spec

    try:
        spec = weapon_spec(w)
    except Exception as error:  # noqa: BLE001 - an InputError naming the notation
        problems.append(f"{path}.spec = {show_value(w.get('spec'))}: {getattr(error, 'message', error)}")
        return
    if "ammo" in w and spec["ammo"] is None:
        problems.append(f"{path}.ammo: the weapon has unlimited Ammo (no A<n> in its spec)")
    elif "ammo" in w and w["ammo"] > spec["ammo"]:
        problems.append(f"{path}.ammo = {w['ammo']} is above its capacity {spec['ammo']}")


def _flight(s: State, problems: list[str]) -> None:
    f = s.get("flight")
    if not f:
        return
    if f["stage"] == "combat" and not s.get("combat"):
        problems.append("state.flight.stage = \"combat\" but there is no state.combat")
    gen = f.get("generation")
    if gen:
        if f["stage"] == "combat":
            problems.append("state.flight.generation: a Location is generated after the Space Combat")
        if gen["spent"] > f["modifications"]:
            problems.append(f"state.flight.generation.spent = {gen['spent']} is above state.flight.modifications = "
                            f"{f['modifications']}")
        _generation(gen, problems)


def _generation(gen: dict, problems: list[str]) -> None:
    """Ch. 12: each table of the generator before the current one defined its value (one
    each: a Location value has one table), as the value's kind."""
    values = gen["values"]
    for field, value in values.items():
        if field not in GEN_FIELDS:
            problems.append(f"state.flight.generation.values.{field} is not a Location value: one of "
                            f"{', '.join(GEN_FIELDS)}")
        elif (field in ("depth", "teleport")) != (isinstance(value, int) and not isinstance(value, bool)):
            kind = "a whole number" if field in ("depth", "teleport") else "text"
            problems.append(f"state.flight.generation.values.{field} = {show_value(value)}: the {field} is {kind}")
    if len(values) != gen["table"]:
        problems.append(f"state.flight.generation.table = {gen['table']}: the tables before it define "
                        f"{gen['table']} value{'s' if gen['table'] != 1 else ''}, and "
                        f"state.flight.generation.values holds {len(values)}")


def _combat(s: State, problems: list[str]) -> None:
    """Ch. 10: a Space Combat needs a ship; its timeline, both sides' SP and Shields, what it names."""
    c = s.get("combat")
    if not c:
        return
    if not s.get("ship"):
        problems.append("state.combat: a Space Combat needs a ship (state.ship)")
    if c["crossed"] > len(c["timeline"]):
        problems.append(f"state.combat.crossed = {c['crossed']} is above the {len(c['timeline'])} timeline cells")
    ship = c["ship"]
    if ship["sp"] > ship["sp_max"]:
        problems.append(f"state.combat.ship.sp = {ship['sp']} is above state.combat.ship.sp_max = {ship['sp_max']}")
    if ship["shield"] > ship["shield_max"]:
        problems.append(f"state.combat.ship.shield = {ship['shield']} is above state.combat.ship.shield_max = "
                        f"{ship['shield_max']}")
    for i, enemy in enumerate(c["enemies"]):
        path = f"state.combat.enemies[{i}]"
        if enemy["sp"] > enemy["sp_max"]:
            problems.append(f"{path}.sp = {enemy['sp']} is above its sp_max = {enemy['sp_max']}")
        if enemy["shield"] > enemy["shield_max"]:
            problems.append(f"{path}.shield = {enemy['shield']} is above its shield_max = {enemy['shield_max']}")
    systems = (s.get("ship") or {}).get("systems", {})
    for label in c["ammo"]:
        if label not in systems:
            problems.append(f"state.combat.ammo names {show_value(label)}, which is not a ship system")
    for name in c["used"]:
        if name not in s["crew"]:
            problems.append(f"state.combat.used names {show_value(name)}, who is not a crew member")
    if c["step"] not in COMBAT_STEPS:  # pragma: no cover - the schema checks it
        problems.append("state.combat.step is unknown")


def _boarding(s: State, problems: list[str]) -> None:
    """Ch. 10 (5): the enemy ship boarded, the crew boarding it, the ships that board us."""
    c = s.get("combat")
    if not c:
        return
    b = c.get("boarding")
    if b:
        if b["enemy"] > len(c["enemies"]):
            problems.append(f"state.combat.boarding.enemy = {b['enemy']}: there are {len(c['enemies'])} enemies")
        for name in b["crew"]:
            if name not in s["crew"]:
                problems.append(f"state.combat.boarding.crew names {show_value(name)}, who is not a crew member")
    for n in c.get("boarders", []):
        if n > len(c["enemies"]):
            problems.append(f"state.combat.boarders names enemy {n}: there are {len(c['enemies'])}")


def _dungeon(s: State, problems: list[str]) -> None:
    """Ch. 13: the exploration is at a logged Location, on a map it has, with crew members, not in a combat."""
    d = s.get("dungeon")
    if not d:
        return
    loc = s["locations"].get(d["location"])
    if loc is None:
        problems.append(f"state.dungeon.location = {show_value(d['location'])} is not in state.locations")
    elif d["map"] > loc["depth"]:
        problems.append(f"state.dungeon.map = {d['map']} is deeper than the Location's depth {loc['depth']}")
    elif d["map"] > len(loc["maps"]):
        problems.append(f"state.dungeon.map = {d['map']} has no Map ID yet in state.locations.{d['location']}.maps")
    for name in d["crew"]:
        if name not in s["crew"]:
            problems.append(f"state.dungeon.crew names {show_value(name)}, who is not a crew member")
    if s.get("combat"):
        problems.append("state.dungeon and state.combat: the crew cannot explore during a Space Combat")


def _ground(s: State, problems: list[str]) -> None:
    """Ch. 14: a Ground Combat's crew, its enemies' HP, Shields and action rows, the crew's Shields."""
    g = s.get("ground")
    if not g:
        return
    crew = s["crew"]
    for name in g["crew"]:
        if name not in crew:
            problems.append(f"state.ground.crew names {show_value(name)}, who is not a crew member")
    for label, enemy in g["enemies"].items():
        _ground_enemy(key_path("state.ground.enemies", label), enemy, problems)
    for name, v in g.get("shields", {}).items():
        m = crew.get(name)
        if m is None or not m.get("shield"):
            problems.append(f"state.ground.shields names {show_value(name)}, who has no Shield")
        elif v > m["shield"]["power"]:
            problems.append(f"state.ground.shields.{name} = {v} is above the Shield's power {m['shield']['power']}")
    if g["step"] != "spawn" and g["turn"] < 1:
        problems.append("state.ground.turn is 0 but the combat has begun")
    if s.get("combat"):
        problems.append("state.ground and state.combat: a Ground Combat and a Space Combat at once")


def _ground_enemy(path: str, enemy: dict, problems: list[str]) -> None:
    if enemy["hp"] > enemy["hp_max"]:
        problems.append(f"{path}.hp = {enemy['hp']} is above its hp_max = {enemy['hp_max']}")
    sh = enemy.get("shield")
    if sh and sh["power"] > sh["max"]:
        problems.append(f"{path}.shield.power = {sh['power']} is above its max = {sh['max']}")
    for row in enemy.get("actions", []):
        if row["lo"] > row["hi"]:
            problems.append(f"{path}.actions: a row from {row['lo']} to {row['hi']} is backwards")


def _loot(s: State, problems: list[str]) -> None:
    for i, drop in enumerate(s.get("loot", [])):
        if drop.get("d20") is not None and "first" not in drop:
            problems.append(f"state.loot[{i}].d20 without first (credits or stimpack)")
        if drop.get("kind") and drop.get("d20") is None:
            problems.append(f"state.loot[{i}].kind without d20: the Treasure Table is read after the d20")


def _carriers(s: State) -> dict[str, str]:
    """Who carries which captive (ch. 4): crew member -> the captive's label."""
    return {c["carrier"]: label for label, c in (s.get("captives") or {}).items()}


def _captives(s: State, problems: list[str]) -> None:
    """Ch. 4: each captive is carried by a crew member, one captive each."""
    seen: dict[str, str] = {}
    for label, c in (s.get("captives") or {}).items():
        path = key_path("state.captives", label)
        if c["carrier"] not in s["crew"]:
            problems.append(f"{path}.carrier = {show_value(c['carrier'])} is not a crew member")
        elif c["carrier"] in seen:
            problems.append(f"{path}.carrier: {c['carrier']} carries {seen[c['carrier']]} already (one captive "
                            f"each)")
        seen[c["carrier"]] = label


def _captured(s: State, problems: list[str]) -> None:
    """Ch. 4: an alien captured in a Ground Combat (at 0 HP or below) is carried by a crew member who
    carries no other captive."""
    busy = _carriers(s)
    for label, e in ((s.get("ground") or {}).get("enemies") or {}).items():
        path = key_path("state.ground.enemies", label)
        if e["status"] != "captured":
            if "carrier" in e:
                problems.append(f"{path}.carrier: only a captured alien has a carrier")
            continue
        who = e.get("carrier")
        if who is None:
            problems.append(f"{path}.carrier is missing: a captured alien is carried by a crew member")
        elif who not in s["crew"]:
            problems.append(f"{path}.carrier = {show_value(who)} is not a crew member")
        elif who in busy:
            problems.append(f"{path}.carrier: {who} carries {busy[who]} already (one captive each)")
        else:
            busy[who] = label
        if e["hp"] > 0:
            problems.append(f"{path}.hp = {e['hp']}: an alien is captured at 0 HP or below")


def _returned(s: State, problems: list[str]) -> None:
    ret = s.get("returned")
    if ret is None:
        return
    if s["turn"] == 0:
        problems.append("state.returned belongs to a turn: the setup (turn 0) has none")
    if len(set(ret)) != len(ret):
        problems.append("state.returned names a phase twice")
    for p in ret:
        if p > s["phase"]:
            problems.append(f"state.returned names Phase {p}, after the current Phase {s['phase']}")


def _grade_prices(s: State, problems: list[str]) -> None:
    for key, price in (s.get("grade_prices") or {}).items():
        known = GRADE_PRICES.get(int(key))
        if known is not None and price != known:
            problems.append(f"state.grade_prices.{key} = {price}: the rulebook prints grade {key} at {known}¢")


def _transmitters(s: State, problems: list[str]) -> None:
    tx = transmitters(s)
    if len(tx) > 1:
        problems.append(f"state.crew: {', '.join(tx)}: only one Mobile transmitter may be carried by the whole "
                        f"team (ch. 4)")
    for name, m in s.get("crew", {}).items():
        tools = tool_sets(m)
        if len(tools) > 1:
            problems.append(f"{key_path('state.crew', name)}.inventory: slots {', '.join(tools)} hold Tool sets: "
                            f"no one crew member can benefit from more than one Tool set or German Tool set (ch. 4)")


# a tile of the exploration as the commands note it: MAP:TILE, and what happened there (MAP:TILE:what)
_TILE_ENTRY = re.compile(r"[1-9]:[^:\s]+(?::[^:\s]+)?")
_TILE_LISTS = {"resolved": True, "disabled": True, "disruptors": False, "bosses": False, "breaches": False}


def _dungeon_elements(s: State, problems: list[str]) -> None:
    d = s.get("dungeon")
    if not d:
        return
    for key, what in _TILE_LISTS.items():
        for i, entry in enumerate(d.get(key) or []):
            if not isinstance(entry, str) or not _TILE_ENTRY.fullmatch(entry) or (not what and entry.count(":") > 1):
                problems.append(f"state.dungeon.{key}[{i}] = {show_value(entry)}: a tile is written MAP:TILE"
                                + (" or MAP:TILE:WHAT" if what else "") + ", e.g. \"1:M\""
                                + (" or \"1:C:clone\"" if what else ""))
    for b in d.get("near", []):
        if b not in d.get("breaches", []):
            problems.append(f"state.dungeon.near names {show_value(b)}, which is not in state.dungeon.breaches")
    if d.get("portal") is not None and d["portal"] not in d.get("portals", []):
        problems.append(f"state.dungeon.portal = {d['portal']} is not in state.dungeon.portals")


def _savepoint(s: State, problems: list[str]) -> None:
    sp = s.get("savepoint")
    if sp and s["difficulty"] not in SAVE_DIFFICULTIES:
        problems.append(f"state.savepoint: {DIFFICULTY_TEXT[s['difficulty']]} has no save points (rules note K8)")
    if sp and sp["turn"] > s["turn"]:
        problems.append(f"state.savepoint.turn = {sp['turn']} is after the current turn {s['turn']}")
