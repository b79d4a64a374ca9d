"""The sections of show aboard: the crew (profiles, gear, what they carry), the builds,
the ship and its storage, the quests, and what the turn keeps (captives, Gamblers, prices, the fallen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken import catalogue
from journal.games.kraken.model.constants import ARMOR_PIECES, ATTR_SHORT, ATTRIBUTES
from journal.games.kraken.model.members import armor_text, carry_capacity, overload
from journal.games.kraken.model.systems import ship_stats

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State


def crew_lines(s: State) -> list[str]:
    out = ["Crew:" if s["crew"] else "Crew: none yet"]
    for name, c in s["crew"].items():
        attrs = " ".join(f"{ATTR_SHORT[a]} {c[a]}" for a in ATTRIBUTES) + (f" PSI {c['psi']}" if "psi" in c else "")
        status_ = "" if c["status"] == "active" else "  UNCONSCIOUS"
        out.append(f"  {name}: LV{c['level']} HP {c['hp']}/{c['hp_max']}{status_} · {attrs}")
        if c["traits"]:
            out.append("      traits " + ", ".join(f"{t} {v:+d}" for t, v in c["traits"].items()))
        gear = gear_text(c)
        if gear:
            out.append("      gear " + " · ".join(gear))
        if c["inventory"]:
            over = overload(c)
            out.append("      carries " + ", ".join(f"{k}: {v}" for k, v in c["inventory"].items())
                       + f" ({len(c['inventory'])}/{carry_capacity(c['strength'])}"
                       + (f", overload -{over}" if over else "") + ")")
    return out


def gear_text(c: CrewMember) -> list[str]:
    """A crew member's gear (ch. 14): armor, Shield and charger, weapons with their Ammo, PSI exhausted."""
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
    return gear


def build_lines(s: State) -> list[str]:
    return [f"  building the {bname}: {', '.join(b['crew'])} (done Phase 2 of turn {b['due']}, "
            f"pay {max(0, b['cost'] - b['discount'])}¢)" for bname, b in s["builds"].items()]


def ship_lines(s: State) -> list[str]:
    ship = s.get("ship")
    out = []
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
    return out


def quest_lines(s: State) -> list[str]:
    if not s["quests"]:
        return []
    out = ["Quests:"]
    for name, q in s["quests"].items():
        timer = f" · timer {'|' * q['ticks']}{'.' * (3 - q['ticks'])} ({q['ticks']}/3)" if q["urgent"] else ""
        act = " · activated this turn" if q["activated"] else ""
        out.append(f"  {name}{timer}{act}" + (f" · reward: {q['reward']}" if q.get("reward") else "")
                   + (" · Capture" if q.get("capture") else "") + (f" · from {q['master']}" if q.get("master")
                                                                   else ""))
    return out


def extra_lines(s: State) -> list[str]:
    """Captives (ch. 4), what Gamblers gave this turn, the grade prices noted, the fallen (K11)."""
    out = []
    if s.get("captives"):
        out.append("Captives: " + ", ".join(f"{k} ({c['name']}, LV{c['level']}) carried by {c['carrier']}"
                                            for k, c in s["captives"].items()))
    if s.get("gambled"):
        out.append("From Gamblers this turn (they take none back): " + ", ".join(s["gambled"]))
    if s.get("grade_prices"):
        out.append("Grade prices noted: " + ", ".join(f"grade {g} {p}¢" for g, p in s["grade_prices"].items()))
    if s.get("fallen"):
        out.append("Fallen (may not rejoin): " + ", ".join(s["fallen"]))
    return out
