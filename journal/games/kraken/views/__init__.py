"""Text views of a campaign: `journal show` (ending with what to do next) and `journal list`."""

from __future__ import annotations

from journal.games.kraken import catalogue
from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.model.campaign import oxygen_max, pending
from journal.games.kraken.model.constants import (
    ARMOR_PIECES,
    ATTRIBUTES,
    ATTR_SHORT,
    SHOP_COMMANDS,
    DIFFICULTY_TEXT,
    FREE_ACTION_TEXT,
    PHASES,
)
from journal.games.kraken.model.members import armor_text, carry_capacity, overload
from journal.games.kraken.model.systems import ship_stats, systems_named
from journal.games.kraken.views.tracker import tracker

AWAY = ("flight", "combat", "dungeon", "ground", "loot")   # what views.adventure shows, loaded only then


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


def next_step(state: dict) -> str:
    if state.get("result"):
        return "The campaign is over" + (": claim your score with `journal kraken score --record`."
                                         if state["result"] == "won" else ".")
    if any(state.get(k) for k in AWAY):
        from journal.games.kraken.views.adventure import adventure_next

        adventure = adventure_next(state)
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
            how = f"journal kraken advance {x}" if state.get("pack") else f"journal kraken step {x} CELL"
            return f"Phase 1: line {x}: look up {state['lines'][x]['coords'][-1]} ({how})."
        return "Phase 2: journal kraken phase 2."
    if p == 2:
        return "Phase 2: start a construction (journal kraken build start …) or go on: journal kraken phase 3."
    if p == 3:
        if state.get("free_action"):
            return "Phase 4: journal kraken phase 4."
        return ("Phase 3: one free action (journal kraken flight --difficulty D, journal kraken free-action KIND, "
                "or journal kraken advance LINE), then journal kraken phase 4.")
    if p == 4:
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
    if s.get("shop"):
        which = ("Phase 3's grade 5 Shop" if s["shop"]["by"] == "phase 3"
                 else f"an event's grade {s['shop']['grade']} Shop")
        out.append(f"  At {which} until Phase {s['phase']} ends: {SHOP_COMMANDS}")
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
    if any(s.get(k) for k in AWAY):
        from journal.games.kraken.views.adventure import adventure_lines

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
