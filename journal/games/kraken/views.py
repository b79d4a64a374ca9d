"""Text views of a Space Kraken campaign: `journal show`, `journal kraken lines`, status lines."""

from __future__ import annotations

from journal.games.kraken.cgm import INTERLINK, LINE_CELLS, LINE_VARS, SLOTS
from journal.games.kraken.state import (
    ARMOR_PIECES,
    ATTR_SHORT,
    ATTRIBUTES,
    DIFFICULTY_TEXT,
    FREE_ACTION_TEXT,
    PHASES,
    armor_text,
    carry_capacity,
    location_capacity,
    overload,
    oxygen_max,
    pending,
)


def turn_label(state: dict) -> str:
    if state["turn"] == 0:
        return "Setup"
    return f"Turn {state['turn']} · Phase {state['phase']} · {PHASES[state['phase']]}"


def status(state: dict) -> str:
    where = "setup" if state["turn"] == 0 else f"turn {state['turn']} · phase {state['phase']}"
    if state.get("result"):
        where = f"campaign {state['result']} ({where})"
    return (f"{where} · {DIFFICULTY_TEXT[state['difficulty']]} · {len(state['lines'])} line(s) · "
            f"{len(state['crew'])} crew · {state['credits']}¢ · {state['xp']} XP")


def _vars(table: dict, letters: str) -> str:
    return " ".join(f"{v}={table[v]}" for v in letters if v in table)


def line_row(slot: str, line: dict | None) -> str:
    if line is None:
        return f"Line {slot}  (free)"
    cells = list(line["coords"]) + ["·"] * (LINE_CELLS - len(line["coords"]))
    row = f"Line {slot}  " + " ".join(f"{c:<5}" for c in cells)
    extra = []
    v = _vars(line["vars"], LINE_VARS)
    if v:
        extra.append(v)
    if line.get("standby"):
        extra.append(f"STANDBY {line['standby']}")
    if line.get("running"):
        extra.append(f"running: look up {line['coords'][-1]}")
    if line.get("note"):
        extra.append(f"note: {line['note']}")
    return row.rstrip() + ("   " + " · ".join(extra) if extra else "")


def location_row(state: dict, slot: str, loc: dict | None) -> str:
    if loc is None:
        return f"  MAP{slot}  (free)"
    from journal.games.kraken.rules import describe_location

    maps = []
    for i in range(loc["depth"]):
        if i < len(loc["maps"]):
            m = str(loc["maps"][i])
            maps.append(f"_{m}_" if i + 1 in loc["cleared"] else m)
        else:
            maps.append("?")
    solved = (" · SOLVED" if loc["solved"] else "") + (" · fixed (an event's)" if loc.get("fixed") else "")
    return f"  MAP{slot}  {describe_location(state, loc)} · maps {' '.join(maps)}{solved}"


def tracker(state: dict) -> list[str]:
    """The CGM Line Tracker page as text (rulebook page 14)."""
    head = "CGM Line Tracker" + ("" if state["turn"] == 0 else f": turn {state['turn']}, Phase {state['phase']}")
    if state.get("pack"):
        head += f" · pack {state['pack']['title']}"
    lines = [head]
    for slot in SLOTS:
        lines.append(line_row(slot, state["lines"].get(slot)))
    lines.append("Interlink  " + (_vars(state["interlink"], INTERLINK) or "(empty)"))
    cap = location_capacity(state)
    lines.append(f"Starmap Locations Log ({cap} slots; cleared maps _underlined_)")
    for slot in SLOTS[:max(cap, max((int(x) for x in state["locations"]), default=0))]:
        lines.append(location_row(state, slot, state["locations"].get(slot)))
    lines.extend(_phase_notes(state))
    return lines


def _phase_notes(state: dict) -> list[str]:
    out = []
    todo = pending(state)
    if todo:
        out.append(f"Phase 1: line(s) {', '.join(todo)} still to activate this turn.")
    if state.get("skipped"):
        out.append(f"Line {state['skipped']} is skipped this turn.")
    if state.get("skipped_before"):
        out.append(f"Line {state['skipped_before']} was skipped last turn (it cannot be skipped this turn).")
    return out


def adventure_lines(state: dict) -> list[str]:
    """Flight, space combat, dungeon, ground combat and Treasure drops (issue 6)."""
    out: list[str] = []
    f = state.get("flight")
    if f:
        from journal.games.kraken.flight import OPTION_TEXT

        opts = ", ".join(OPTION_TEXT[o] for o in f["options"]) or "no options"
        stage = {"combat": "in Space Combat", "arrived": "arrived", "escaped": "escaped (no landing this turn)"}
        out.append(f"Flight: Location Difficulty {f['location_difficulty']}, Flight Difficulty {f['difficulty']} "
                   f"({opts}), {f['modifications']} dice modification(s), {stage[f['stage']]}"
                   + (f", flight {f['number']}" if f.get("number") else "")
                   + (f" {f['name']}" if f.get("name") else "")
                   + (", generating the Location" if f.get("generation") else ""))
    if state.get("combat"):
        from journal.games.kraken.flight import combat_status

        out.extend(combat_status(state))
    if state.get("dungeon"):
        from journal.games.kraken.dungeon import dungeon_status

        out.extend(dungeon_status(state))
    if state.get("ground"):
        from journal.games.kraken.ground import ground_status

        out.extend(ground_status(state))
    if state.get("loot"):
        out.append("Treasure drops waiting: " + ", ".join(f"grade {x['grade']} ({x['from']})" for x in state["loot"]))
    return out


def _adventure_next(state: dict) -> str | None:
    if state.get("combat"):
        from journal.games.kraken.flight import next_command

        return next_command(state)
    if state.get("ground"):
        from journal.games.kraken.ground import _next

        g = state["ground"]
        if g["step"] == "spawn":
            return ("Ground Combat: enter the enemies (journal kraken ground add LABEL …), then journal kraken ground "
                    "initiative.")
        return "Ground Combat: " + _next(state, g)
    f = state.get("flight")
    if f and f.get("generation"):
        return "the new Location: journal kraken location modify|accept."
    if f:
        return ("generate the new Location: journal kraken location generate --generator FILE (or, rolled by hand "
                "from the book, location add …).")
    if state.get("loot"):
        drop = state["loot"][0]
        if "d20" in drop:
            return "resolve the Treasure drop: journal kraken treasure cash|item|weapon|ammo|prototype."
        return "take the Treasure drop: journal kraken treasure take --credits|--stimpack."
    if state.get("dungeon"):
        d = state["dungeon"]
        if d.get("free_move"):
            return "the free first move on this map: journal kraken dungeon move --free (or a tile command with --free)."
        if d.get("visit"):
            return ("trade (journal kraken dungeon buy|sell|gamble|mod, quest add), then journal kraken dungeon leave "
                    "teleport.")
        return ("explore: journal kraken dungeon move|bulkhead|mine|laser|enemy|treasure|… (leave: dungeon exit|back|"
                "leave).")
    return None


def next_step(state: dict) -> str:
    if state.get("result"):
        return "The campaign is over" + (": claim your score with `journal kraken score --record`."
                                         if state["result"] == "won" else ".")
    adventure = _adventure_next(state)
    if adventure:
        return adventure
    running = [x for x in SLOTS if state["lines"].get(x, {}).get("running")]
    if running:
        x = running[0]
        return f"line {x}: look up {state['lines'][x]['coords'][-1]} (journal kraken step {x} CELL …)."
    if state["turn"] == 0:
        if not state["crew"]:
            return "choose your crew (journal kraken crew add NAME --agility … --melee …)."
        if not state.get("ship"):
            return "buy a ship hull (journal kraken ship hull NAME --price P --sp N), then its systems."
        return "begin turn 1: journal kraken turn."
    p = state["phase"]
    if p == 1:
        todo = pending(state)
        if todo:
            x = todo[0]
            how = "journal kraken advance" if state.get("pack") else "journal kraken step"
            return f"Phase 1: line {x}: look up {state['lines'][x]['coords'][-1]} ({how} {x} …)."
        return "Phase 2: journal kraken phase 2."
    if p == 2:
        return "Phase 2: start a construction (journal kraken build start …) or go on: journal kraken phase 3."
    if p == 3:
        if state.get("free_action"):
            return "Phase 4: journal kraken phase 4."
        return ("Phase 3: one free action (journal kraken free-action flight|location|shop|skip, or "
                "journal kraken advance LINE), then journal kraken phase 4.")
    if p == 4:
        from journal.games.kraken.state import systems_named

        if state.get("short_visit") or not systems_named(state, "Teleporter") or not any(
                loc["cleared"] for loc in state["locations"].values()):
            return "Phase 5: journal kraken phase 5."
        return "Phase 4: a short visit (journal kraken visit SLOT MAP KIND TILE), or Phase 5: journal kraken phase 5."
    extra = "" if state["recovered"] else "recover (journal kraken recover) if you like, then "
    return f"{extra}a new turn: journal kraken turn."


def summary(state: dict) -> list[str]:
    s = state
    title = f"Space Kraken ({DIFFICULTY_TEXT[s['difficulty']]}): {turn_label(s)}"
    if s.get("result"):
        title += f" · campaign {s['result'].upper()}"
    out = [title]
    if s.get("backstory"):
        out.append(f"  Backstory: {s['backstory']}")
    out.append(f"  Credits {s['credits']}¢ · XP {s['xp']} · Oxygen {s['oxygen']}/{oxygen_max(s)}"
               + (f" · leader {s['leader']}" if s.get("leader") else "")
               + (" · recovered this turn" if s["recovered"] and s["turn"] else ""))
    if s.get("free_action"):
        out.append(f"  Phase 3 free action: {FREE_ACTION_TEXT[s['free_action']]}")
    if s.get("savepoint"):
        sp = s["savepoint"]
        out.append(f"  Save point {sp['id']}: turn {sp['turn']}, {sp['at']}")
    out.append("Crew:" if s["crew"] else "Crew: none yet")
    for name, c in s["crew"].items():
        attrs = " ".join(f"{ATTR_SHORT[a]} {c[a]}" for a in ATTRIBUTES) + (f" PSI {c['psi']}" if "psi" in c else "")
        status_ = "" if c["status"] == "active" else "  UNCONSCIOUS"
        out.append(f"  {name}: LV{c['level']} HP {c['hp']}/{c['hp_max']}{status_} · {attrs}")
        if c["traits"]:
            out.append("      traits " + ", ".join(f"{t} {v:+d}" for t, v in c["traits"].items()))
        gear = []
        if any(c.get(k) for k in ARMOR_PIECES):
            gear.append(armor_text(c))
        elif c.get("armor"):
            gear.append(f"Armor {c['armor']}")
        if c.get("shield"):
            gear.append(f"Shield {c['shield']['class']} {c['shield']['power']}/{c['shield']['recharge']}")
        if c.get("charger"):
            gear.append(f"Shield charger +{c['charger']}")
        for w, spec in (c.get("weapons") or {}).items():
            state_ = f" {spec['ammo']} Ammo" if "ammo" in spec else ""
            state_ += f" ({spec['jam']})" if spec.get("jam") else ""
            gear.append(f"{w}{'*' if spec.get('mod') else ''}: {spec['spec']}{state_}")
        if c.get("psi_exhausted"):
            gear.append("PSI exhausted")
        if gear:
            out.append("      gear " + " · ".join(gear))
        if c["inventory"]:
            over = overload(c)
            out.append("      carries " + ", ".join(f"{k}: {v}" for k, v in c["inventory"].items())
                       + f" ({len(c['inventory'])}/{carry_capacity(c['strength'])}"
                       + (f", overload -{over}" if over else "") + ")")
    for bname, b in s["builds"].items():
        out.append(f"  building the {bname}: {', '.join(b['crew'])} (done Phase 2 of turn {b['due']}, "
                   f"pay {max(0, b['cost'] - b['discount'])}¢)")
    ship = s.get("ship")
    if ship:
        from journal.games.kraken import catalogue
        from journal.games.kraken.state import ship_stats

        st = ship_stats(s, catalogue.load() if ship["systems"] else {})
        out.append(f"Ship: {ship['hull']} · SP {st['sp']} · Shields {st['shield']} (+{st['recharge']}/turn) · "
                   f"Armor {st['armor']}")
        if ship["systems"]:
            out.append("  systems " + ", ".join(label + (" (DAMAGED)" if e.get("damaged") else "")
                                                for label, e in ship["systems"].items()))
    else:
        out.append("Ship: none yet")
    if s["storage"] or s["expansion_storage"]:
        out.append("  storage " + ", ".join(s["storage"]) + (" · EXPANSION " + ", ".join(s["expansion_storage"])
                                                             if s["expansion_storage"] else ""))
    out.extend(adventure_lines(s))
    out.extend(tracker(s))
    if s["quests"]:
        out.append("Quests:")
        for name, q in s["quests"].items():
            timer = f" · timer {'|' * q['ticks']}{'.' * (3 - q['ticks'])} ({q['ticks']}/3)" if q["urgent"] else ""
            act = " · activated this turn" if q["activated"] else ""
            out.append(f"  {name}{timer}{act}" + (f" · reward: {q['reward']}" if q.get("reward") else "")
                       + (" · Capture" if q.get("capture") else "") + (f" · from {q['master']}" if q.get("master")
                                                                       else ""))
    if s.get("captives"):
        out.append("Captives: " + ", ".join(f"{k} ({c['name']}, LV{c['level']}) carried by {c['carrier']}"
                                            for k, c in s["captives"].items()))
    if s.get("gambled"):
        out.append("From Gamblers this turn (they take none back): " + ", ".join(s["gambled"]))
    if s.get("grade_prices"):
        out.append("Grade prices noted: " + ", ".join(f"grade {g} {p}¢" for g, p in s["grade_prices"].items()))
    if s.get("fallen"):
        out.append("Fallen (may not rejoin): " + ", ".join(s["fallen"]))
    out.append("Next: " + next_step(s))
    return out
