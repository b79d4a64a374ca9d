"""The Opening Phase: THREAT +1, the Episode Cards (T3), invader movements and
invasions (`invade`).
"""

from __future__ import annotations

from journal.errors import RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import player_picks, refuse_unused_picks, trigger
from journal.games.titans.rules.board import location
from journal.games.titans.rules.model import (
    ONE, PHASE_TEXT, category, city_of, episodes_to_draw, is_one, lead_pilot, plural, rift_of, stats, tier, tier_word,
)
from journal.games.titans.rules.phases import new_round, refuse_if_final, refuse_if_over
from journal.games.titans.rules.trackers import damage_city, move_threat
from journal.lookup import shell_quote as q
from journal.outcome import Outcome, copy_state


def _draw_episodes(s: dict, n: int, lines: list[str], choose: bool = False) -> int:
    """Draw n Episode Cards: the first to the Episode Discard Pile, the rest to the Invasion
    Discard Pile; an empty deck is remade from the Invasion Discard Pile. `choose`: O.N.E.
    draws one more with the first and keeps one (the other goes to the Episode Discard Pile)."""
    d = s["decks"]
    drawn = 0
    for i in range(n + (1 if choose else 0)):
        if d["episode"] == 0 and d["invasion_discard"] > 0:
            d["episode"], d["invasion_discard"] = d["invasion_discard"], 0
            lines.append(f"The Episode deck is empty: shuffle the Invasion Discard Pile into a new deck "
                         f"({d['episode']} cards).")
        if d["episode"] == 0:
            lines.append("No Episode Card is left to draw (the deck and the Invasion Discard Pile are empty).")
            break
        d["episode"] -= 1
        if i == 0 or (choose and i == 1):
            d["episode_discard"] += 1
        else:
            d["invasion_discard"] += 1
        drawn += 1
    return drawn


def _move_invaders(s: dict, lines: list[str]) -> list[dict]:
    """Opening step 2: invaders on a destroyed city follow its yellow trail, or the green one
    when the yellow points to a destroyed city (even if the green does too)."""
    moved = []
    for pid, inv in s["invaders"].items():
        here = s["cities"][inv["city"]]
        if not here["destroyed"]:
            continue
        to = here["yellow"]
        trail = "yellow"
        if s["cities"][to]["destroyed"]:
            to, trail = here["green"], "green"
        moved.append({"invader": pid, "from": inv["city"], "to": to, "trail": trail})
    for m in moved:
        s["invaders"][m["invader"]]["city"] = m["to"]
        lines.append(f"Move {m['invader']} from destroyed {m['from']} to {m['to']} ({m['trail']} trail).")
    return moved


def opening(state: dict, dice, pilot_draw: bool = False) -> Outcome:
    """Opening Phase: THREAT +1 (T4), the Episode Cards to draw (T3), invader movements.
    `pilot_draw`: the Lead Character's pilot O.N.E. draws two Episode Cards and chooses which
    one resolves (its Pilot Card, printed in the rulebook)."""
    refuse_if_over(state)
    refuse_if_final(state)
    if state["phase"] not in ("setup", "ending"):
        raise RuleError(f"turn {state['turn']} has not ended (it is in the {PHASE_TEXT[state['phase']]}): "
                        f"finish it with `journal titans ending` first")
    unplaced = [t for t, v in state["titans"].items() if not v["destroyed"] and location(v) is None]
    if unplaced:
        raise RuleError("place every Titan on a city first (Setup 13): "
                        + ", ".join(f"journal titans move {q(t)} CITY" for t in unplaced))
    s = copy_state(state)
    s["turn"] += 1
    s["phase"] = "opening"
    s["round"] = new_round()
    lines = [f"Turn {s['turn']}, Opening Phase. Lead Character: {s['lead']}."]
    move_threat(s, 1, "start of the Opening Phase", lines)
    data = {"turn": s["turn"], "lead": s["lead"]}
    if s["phase"] == "over":
        data.update(threat=s["threat"], tier=tier(s["threat"]), episodes_to_draw=0, phase="over", result=s["result"])
        return Outcome(s, f"Turn {s['turn']}: THREAT {s['threat']}, the game is lost", lines, data)
    n = episodes_to_draw(s)
    if pilot_draw and not is_one(lead_pilot(s)):
        raise RuleError(f"--pilot-draw: {s['lead']}'s pilot is {lead_pilot(s) or 'missing'}; only {ONE} draws "
                        f"two Episode Cards and chooses which one resolves")
    drawn = _draw_episodes(s, n, lines, choose=pilot_draw)
    chosen_from = 2 if pilot_draw and drawn >= 2 else 1
    if chosen_from == 2:
        drawn -= 1
        lines.append(f"{lead_pilot(s)} ({s['lead']}'s pilot) draws two Episode Cards and chooses which one "
                     f"resolves: put the other on the Episode Discard Pile unread.")
    s["invasions"] = drawn
    if drawn:
        extra = drawn - 1
        first = (f"{s['lead']} draws {plural(drawn, 'Episode Card')}. Read the first aloud and resolve its text, "
                 f"then put it on the Episode Discard Pile.")
        if chosen_from == 2:
            first = (f"{s['lead']} draws {plural(drawn, 'Episode Card')} (the chosen one first). Read it aloud and "
                     f"resolve its text, then put it on the Episode Discard Pile.")
        lines.append(first)
        if extra:
            lines.append(f"The other {plural(extra, 'card')} only name a rift and a city (ignore their text) and "
                         f"go to the Invasion Discard Pile.")
    moved = []
    if s["turn"] > 1:
        moved = _move_invaders(s, lines)
    else:
        lines.append("Invader Movements are skipped on the first turn.")
    for name, t in s["titans"].items():
        if t["destroyed"] and t.get("destroyed_turn", s["turn"]) < s["turn"]:
            if t.get("pilot_check"):
                lines.append(f"First roll the die for {name}'s pilot {t['pilot']}: journal titans pilot-check "
                             f"{q(name)} --red|--not-red.")
            pilot = "" if "pilot" in t else " --pilot NAME (draw a new Pilot Card)"
            lines.append(f"After the Episode Card, {name} re-enters with 1 Hit Point: journal titans reenter "
                         f"{q(name)} CITY{pilot}.")
    if drawn:
        lines.append(f"Invasion: for each card, journal titans invade --rift RIFT --city CITY "
                     f"({plural(drawn, 'invasion')} to place).")
    section = tier(s["threat"])
    data.update(threat=s["threat"], tier=section, section=section, episodes_to_draw=n, episodes_drawn=drawn,
                invasions=drawn, invader_moves=moved, phase=s["phase"], decks=dict(s["decks"]),
                pilot_draw=chosen_from == 2, order=order.seat_order(s))
    summary = (f"Turn {s['turn']} opens: THREAT {s['threat']} ({tier_word(section)}), "
               f"{plural(drawn, 'Episode Card')} drawn")
    if moved:
        summary += ", " + ", ".join(f"{m['invader']} {m['from']}→{m['to']}" for m in moved)
    return Outcome(s, summary, lines, data)


def invade_from(s: dict, rift: str, city: str, lines: list[str], provoked: bool = False, picks: dict | None = None,
            abilities: list | None = None) -> str | None:
    """Take the first invader of a rift (spot order), or of its Lair, onto a city; Invasion
    Damage 1. Provoking never takes from the Lair. Returns the pawn, or None."""
    r = s["rifts"][rift]
    if r["closed"]:
        lines.append(f"The {rift} Rift is closed: no invader comes through it.")
        return None
    if r["guardians"]:
        pid = r["guardians"].pop(0)
        dmg = r.get("guardian_damage", {}).pop(pid, 0)
        if not r.get("guardian_damage"):
            r.pop("guardian_damage", None)
        origin = f"the {rift} Rift (spot {s['cards'][pid]['reward']})"
    elif r["lair"] and not provoked:
        pid = r["lair"].pop(0)
        dmg = 0
        origin = f"the {rift} Lair"
    else:
        where = "Rift" if provoked else "Rift or its Lair"
        lines.append(f"No invader is left on the {rift} {where}: nobody invades {city}.")
        return None
    s["invaders"][pid] = {"city": city, "damage": dmg}
    s["invaded"] = True
    st = stats(s, pid)
    lines.append(f"Take {pid} ({s['cards'][pid]['type']}, {tier_word(st['section'])}: HP {st['hp']}, "
                 f"DMG {st['dmg']}) from {origin} and place it on {city}.")
    damage_city(s, city, 1, lines, "Invasion Damage")
    if category(s, pid) == "flying" and s["phase"] != "over":
        rec = trigger(s, pid, ("city", city), lines, picks=picks)
        if abilities is not None:
            abilities.append(rec)
    return pid


def invade(state: dict, dice, rift: str, city: str, adjacent: tuple = ()) -> Outcome:
    """Opening step 3: an Episode Card's invasion symbol names a rift and a city. A Flying
    invader's ability triggers as it invades (`adjacent`: the city its effect picks)."""
    refuse_if_over(state)
    refuse_if_final(state)
    if state["phase"] in ("setup", "ending"):
        raise RuleError("invasions happen during a turn: start it with `journal titans opening`")
    s = copy_state(state)
    rname = rift_of(s, rift, "--rift")
    cname = city_of(s, city, "--city")
    lines: list[str] = []
    picks = player_picks(adjacent=adjacent)
    abilities: list = []
    pid = invade_from(s, rname, cname, lines, picks=picks, abilities=abilities)
    refuse_unused_picks(picks)
    if s["phase"] == "opening":
        s["invasions"] = max(0, s["invasions"] - 1)
    if s["phase"] != "over":
        if s["phase"] == "opening" and s["invasions"]:
            lines.append(f"{plural(s['invasions'], 'invasion')} still to place this Opening Phase.")
        elif s["phase"] == "opening":
            seats = [p for p in order.seat_order(s) if order.eligible(s, "fight", p)]
            lines.append(f"Fight Phase next, in turn from the Lead Character ({', then '.join(seats)}): move "
                         f"(journal titans move TITAN CITY) and attack (journal titans attack TITAN --successes N), "
                         f"or pass (journal titans pass PLAYER).")
    summary = (f"{pid} invades {cname} from the {rname} Rift" if pid else f"No invader from the {rname} Rift "
               f"for {cname}")
    return Outcome(s, summary, lines, {"invader": pid, "rift": rname, "city": cname,
                                       "city_damage": s["cities"][cname]["damage"],
                                       "destroyed": s["cities"][cname]["destroyed"], "threat": s["threat"],
                                       "invasions": s["invasions"], "phase": s["phase"], "abilities": abilities})
