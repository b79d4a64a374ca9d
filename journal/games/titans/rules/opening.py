"""The Opening Phase (rulebook): step 1, Threat Level and Episode Cards (THREAT +1, the Episode
Cards to draw: T3); step 2, Invader Movements; step 3, Invasion (`invade`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import player_picks, refuse_unused_picks, trigger
from journal.games.titans.rules.board import lair_take, location
from journal.games.titans.rules.model import (
    ENDING, FIGHT, FLYING, ONE, OPENING, OVER, PHASE_TEXT, SETUP, category, episodes_to_draw, is_one, joined,
    lead_pilot, stats, tier, tier_word,
)
from journal.games.titans.rules.phases import new_round, refuse_if_final, refuse_if_over
from journal.games.titans.rules.trackers import damage_city, move_threat, pilot_check_hints
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def _draw_episodes(s: State, n: int, lines: list[str], choose: bool = False) -> int:
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


def _move_invaders(s: State, lines: list[str]) -> list[dict]:
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


def opening(state: State, dice: Dice, pilot_draw: bool = False) -> Outcome:
    """Opening Phase: THREAT +1 (T4), the Episode Cards to draw (T3), invader movements.
    `pilot_draw`: the Lead Character's pilot O.N.E. draws two Episode Cards and chooses which
    one resolves (its Pilot Card, printed in the rulebook)."""
    _may_open(state, pilot_draw)
    s = copy_state(state)
    s["turn"] += 1
    s["phase"] = OPENING
    s["round"] = new_round()
    lines = [f"Turn {s['turn']}, Opening Phase. Lead Character: {s['lead']}."]
    move_threat(s, 1, "start of the Opening Phase", lines)
    data = {"turn": s["turn"], "lead": s["lead"]}
    if s["phase"] == OVER:
        data.update(threat=s["threat"], tier=tier(s["threat"]), episodes_to_draw=0, phase=OVER, result=s["result"])
        return Outcome(s, f"Turn {s['turn']}: THREAT {s['threat']}, the game is lost", lines, data)
    n = episodes_to_draw(s)
    drawn, chosen = episode_cards(s, n, pilot_draw, lines)
    moved = invader_movements(s, lines)
    lines += _returning_titans(s)
    if drawn:
        lines.append(say("Invasion: for each card, ", cmd("titans invade", rift="RIFT", city="CITY"),
                         f" ({plural(drawn, 'invasion')} to place)."))
    section = tier(s["threat"])
    data.update(threat=s["threat"], tier=section, section=section, episodes_to_draw=n, episodes_drawn=drawn,
                invasions=drawn, invader_moves=moved, phase=s["phase"], decks=dict(s["decks"]),
                pilot_draw=chosen, order=order.seat_order(s))
    summary = (f"Turn {s['turn']} opens: THREAT {s['threat']} ({tier_word(section)}), "
               f"{plural(drawn, 'Episode Card')} drawn")
    if moved:
        summary += ", " + ", ".join(f"{m['invader']} {m['from']}→{m['to']}" for m in moved)
    return Outcome(s, summary, lines, data)


def _may_open(state: State, pilot_draw: bool) -> None:
    """A turn begins once the last one has ended (or the setup is done: every Titan placed)."""
    refuse_if_over(state)
    refuse_if_final(state)
    if state["phase"] not in (SETUP, ENDING):
        raise RuleError(say(f"turn {state['turn']} has not ended (it is in the {PHASE_TEXT[state['phase']]}): "
                            f"finish it with `", cmd("titans ending"), "` first"))
    unplaced = [t for t, v in state["titans"].items() if not v["destroyed"] and location(v) is None]
    if unplaced:
        raise RuleError(say("place every Titan on a city first (Setup 13): ",
                            *joined([cmd("titans move", t, "CITY") for t in unplaced])))
    if pilot_draw and not is_one(lead_pilot(state)):
        raise RuleError(f"{state['lead']}'s pilot is {lead_pilot(state) or 'missing'}: only {ONE} draws two Episode "
                        f"Cards and chooses which one resolves")


def episode_cards(s: State, n: int, pilot_draw: bool, lines: list[str]) -> tuple[int, bool]:
    """Opening step 1, Threat Level and Episode Cards: the Lead Character draws n cards (T3), reads
    the first aloud and resolves it; the others only name a rift and a city. Returns (cards drawn,
    whether O.N.E. chose among two)."""
    drawn = _draw_episodes(s, n, lines, choose=pilot_draw)
    chosen = pilot_draw and drawn >= 2
    if chosen:
        drawn -= 1
        lines.append(f"{lead_pilot(s)} ({s['lead']}'s pilot) draws two Episode Cards and chooses which one "
                     f"resolves: put the other on the Episode Discard Pile unread.")
    s["invasions"] = drawn
    if not drawn:
        return drawn, chosen
    if chosen:
        lines.append(f"{s['lead']} draws {plural(drawn, 'Episode Card')} (the chosen one first). Read it aloud and "
                     f"resolve its text, then put it on the Episode Discard Pile.")
    else:
        lines.append(f"{s['lead']} draws {plural(drawn, 'Episode Card')}. Read the first aloud and resolve its text, "
                     f"then put it on the Episode Discard Pile.")
    if drawn > 1:
        others = "The other card only names" if drawn == 2 else f"The other {plural(drawn - 1, 'card')} only name"
        lines.append(f"{others} a rift and a city (ignore {'its' if drawn == 2 else 'their'} text) and "
                     f"{'goes' if drawn == 2 else 'go'} to the Invasion Discard Pile.")
    return drawn, chosen


def invader_movements(s: State, lines: list[str]) -> list[dict]:
    """Opening step 2, Invader Movements: "During the first game turn the Invader Movements step is
    skipped."""
    if s["turn"] > 1:
        return _move_invaders(s, lines)
    lines.append("Invader Movements are skipped on the first turn.")
    return []


def _returning_titans(s: State) -> list:
    """What a Titan destroyed last turn does this turn: its pilot's die first, then re-entering."""
    lines: list = []
    for name, t in s["titans"].items():
        if t["destroyed"] and t.get("destroyed_turn", s["turn"]) < s["turn"]:
            if t.get("pilot_check"):
                lines.append(say(f"First roll the die for {name}'s pilot {t['pilot']}: ",
                                 *pilot_check_hints(name), "."))
            again = (cmd("titans reenter", name, "CITY") if "pilot" in t
                     else say(cmd("titans reenter", name, "CITY", pilot="NAME"), " (draw a new Pilot Card)"))
            lines.append(say(f"After the Episode Card, {name} re-enters with 1 Hit Point: ", again, "."))
    return lines


def invade_from(s: State, rift: str, city: str, lines: list[str], provoked: bool = False, picks: dict | None = None,
            abilities: list | None = None) -> str | None:
    """Take the first invader of a rift (spot order), or "the first one from the Lair" (the pawn on
    its lowest spot), onto a city; Invasion Damage 1. Provoking never takes from the Lair. Returns
    the pawn, or None."""
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
        pid, spot = lair_take(r) or ("", 0)
        dmg = 0
        origin = f"the {rift} Lair (spot {spot})"
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
    if category(s, pid) == FLYING and s["phase"] != OVER:
        rec = trigger(s, pid, ("city", city), lines, picks=picks)
        if abilities is not None:
            abilities.append(rec)
    return pid


def invade(state: State, dice: Dice, rift: str, city: str, adjacent: tuple = (), by_card: bool = False) -> Outcome:
    """Opening step 3, Invasion: an Episode Card's invasion symbol names a rift and a city. A Flying
    invader's ability triggers as it invades (`adjacent`: the city its effect picks). The drawn
    cards call for `invasions` of them (T3); one more only when a card's text says so (`by_card`,
    the command's --reason: A2)."""
    refuse_if_over(state)
    refuse_if_final(state)
    if state["phase"] in (SETUP, ENDING):
        raise RuleError(say("invasions happen during a turn: start it with `", cmd("titans opening"), "`"))
    _may_invade(state, by_card)
    s = copy_state(state)
    rname, cname = rift, city
    lines: list[str] = []
    picks = player_picks(adjacent=adjacent)
    abilities: list = []
    pid = invade_from(s, rname, cname, lines, picks=picks, abilities=abilities)
    refuse_unused_picks(picks)
    if not state["invasions"]:
        lines.append("(An invasion beyond the Episode Cards drawn, as a card's text says.)")
    if s["phase"] == OPENING:
        s["invasions"] = max(0, s["invasions"] - 1)
    if s["phase"] != OVER:
        if s["phase"] == OPENING and s["invasions"]:
            lines.append(say(f"{plural(s['invasions'], 'invasion')} still to place this Opening Phase: ",
                             cmd("titans invade", rift="RIFT", city="CITY"), "."))
        elif s["phase"] == OPENING:
            seats = [p for p in order.seat_order(s) if order.eligible(s, FIGHT, p)]
            lines.append(say(f"Fight Phase next, in turn from the Lead Character ({', then '.join(seats)}): {seats[0]} "
                             f"first (", order.hint(s, FIGHT, seats[0]), ", or ", cmd("titans pass", seats[0]), ").")
                         if seats else say("Fight Phase next: ", cmd("titans next"), "."))
    summary = (f"{pid} invades {cname} from the {rname} Rift" if pid else f"No invader from the {rname} Rift "
               f"for {cname}")
    return Outcome(s, summary, lines, {"invader": pid, "rift": rname, "city": cname,
                                       "city_damage": s["cities"][cname]["damage"],
                                       "destroyed": s["cities"][cname]["destroyed"], "threat": s["threat"],
                                       "invasions": s["invasions"], "by_card": not state["invasions"],
                                       "phase": s["phase"], "abilities": abilities})


def _may_invade(state: State, by_card: bool) -> None:
    """"Each Episode Card drawn in this way will indicate the Rift from which the Invader will
    arrive and the city it will be placed on": as many invasions as the cards drawn call for
    (`invasions`, counted down); one more is a card's text overriding the rules (A2), said so."""
    if state["invasions"] or by_card:
        return
    when = ("this Opening Phase's Episode Cards are all placed" if state["phase"] == OPENING
            else f"invasions come with the Episode Cards of the Opening Phase, not the {PHASE_TEXT[state['phase']]}")
    raise RuleError(say(f"no invasion is left to place: {when}; an invasion a card's text calls for gives its "
                        f"text: ", cmd("titans invade", rift="RIFT", city="CITY", reason="CARD TEXT")))
