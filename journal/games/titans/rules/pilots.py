"""Destroyed Titans and their pilots: the pilot die, a dead pilot, a new Pilot Card,
and re-entering the turn after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.titans.rules.board import invaders_at
from journal.games.titans.rules.checks import SET_UP_WITH_TABLE, roll_die
from journal.games.titans.rules.phases import refuse_if_final, refuse_if_over
from journal.games.titans.rules.trackers import move_threat, pilot_check_hints
from journal.games.titans.rules.model import FIGHT, OPENING, face_table
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def _discard_pilot(s: State, name: str, lines: list[str]) -> str:
    t = s["titans"][name]
    pilot = t.pop("pilot")
    t.pop("pilot_check", None)
    s["decks"]["pilot_discard"] += 1
    lines.append(f"{pilot} dies: discard the Pilot Card.")
    move_threat(s, 1, f"pilot {pilot} died", lines)
    if t["destroyed"]:
        lines.append(say(f"Next turn, after the Episode Card, {t['player']} draws a new Pilot Card: ",
                         cmd("titans reenter", name, "CITY", pilot="NAME"), "."))
    else:
        lines.append(say(f"{t['player']} draws a new Pilot Card: ", cmd("titans pilot", name, "NAME"), "."))
    return pilot


def pilot_dies(state: State, dice: Dice, titan: str) -> Outcome:
    """A pilot dies (the red symbol on a destroyed Titan's die, or a card): THREAT +1 (T4)."""
    refuse_if_over(state)
    refuse_if_final(state)
    s = copy_state(state)
    name = titan
    t = s["titans"][name]
    if "pilot" not in t:
        raise RuleError(f"{name}'s cockpit is empty: no pilot to lose")
    lines: list[str] = []
    pilot = _discard_pilot(s, name, lines)
    return Outcome(s, f"{pilot} ({name}) dies", lines, {"titan": name, "player": t["player"], "pilot": pilot,
                                                         "threat": s["threat"], "phase": s["phase"]})


def pilot_check(state: State, dice: Dice, titan: str, red: bool | None = None) -> Outcome:
    """The single die rolled for a destroyed Titan's pilot: the red symbol kills the pilot."""
    refuse_if_over(state)
    s = copy_state(state)
    name = titan
    t = s["titans"][name]
    if not t.get("pilot_check"):
        raise RuleError(f"no pilot die is waiting for {name} (one is rolled when a Titan is destroyed)")
    lines: list[str] = []
    face = None
    if red is None:
        table = face_table(s, name)
        if table is None:
            raise InputError(say("say what the die shows: ", *pilot_check_hints(name), " (journal rolls it only in a "
                                 "game set up with the dice's face table: ", SET_UP_WITH_TABLE, ")"))
        face = roll_die(dice, table)
        sym = table["faces"][face - 1]
        red = sym == table["red"]
        lines.append(f"The die shows {sym}.")
    table = face_table(s, name)
    audit = [{"kind": "pilot die roll", "chance": round(sum(f != table["red"] for f in table["faces"]) / 6, 6),
              "success": not red}] if table else []       # the luck audit: the pilot survives
    if red:
        pilot = _discard_pilot(s, name, lines)
        summary = f"{name}'s pilot die: red, {pilot} dies"
    else:
        t.pop("pilot_check")
        lines.append(f"{t['pilot']} survives and stays in {name}'s cockpit.")
        summary = f"{name}'s pilot die: {t['pilot']} survives"
    return Outcome(s, summary, lines, {"titan": name, "red": red, "face": face, "threat": s["threat"],
                                       "phase": s["phase"]}, meta={"checks": audit} if audit else None)


def _draw_pilot(s: State, lines: list[str]) -> None:
    d = s["decks"]
    if d["pilots"] == 0 and d["pilot_discard"] > 0:
        d["pilots"], d["pilot_discard"] = d["pilot_discard"], 0
        lines.append(f"The Pilot deck is empty: shuffle the discarded Pilot Cards into a new deck ({d['pilots']}).")
    if d["pilots"] == 0:
        raise RuleError("no Pilot Card is left to draw")
    d["pilots"] -= 1


def pilot(state: State, dice: Dice, titan: str, name: str) -> Outcome:
    """A new Pilot Card drawn into an empty cockpit."""
    refuse_if_over(state)
    s = copy_state(state)
    tname = titan
    t = s["titans"][tname]
    if "pilot" in t:
        raise RuleError(f"{tname}'s cockpit holds {t['pilot']}: a new pilot comes only when one dies")
    if t["destroyed"]:
        raise RuleError(say(f"{tname} is destroyed: draw the pilot as it re-enters (",
                            cmd("titans reenter", tname, "CITY", pilot="NAME"), ")"))
    lines: list[str] = []
    _draw_pilot(s, lines)
    t["pilot"] = name
    lines.append(f"{t['player']} draws {t['pilot']} and places the Pilot Card in {tname}'s cockpit.")
    return Outcome(s, f"{t['pilot']} pilots {tname}", lines, {"titan": tname, "pilot": t["pilot"]})


def reenter(state: State, dice: Dice, titan: str, city: str, pilot_name: str | None = None) -> Outcome:
    """A destroyed Titan re-enters the turn after, once the Episode Card is resolved: 1 Hit
    Point left, on a city with no invader; a dead pilot is replaced first."""
    refuse_if_over(state)
    refuse_if_final(state)
    s = copy_state(state)
    name = titan
    t = s["titans"][name]
    if not t["destroyed"]:
        raise RuleError(f"{name} is not destroyed")
    if s["phase"] not in (OPENING, FIGHT):
        raise RuleError("a destroyed Titan re-enters in the next turn's Opening Phase, after the Episode Card "
                        "(or later in that turn's Fight Phase)")
    if t.get("destroyed_turn", 0) >= s["turn"]:
        raise RuleError(f"{name} was destroyed this turn: it re-enters next turn")
    if t.get("pilot_check"):
        raise RuleError(say(f"roll {name}'s pilot die first: ", *pilot_check_hints(name)))
    cname = city
    if invaders_at(s, ("city", cname)):
        raise RuleError(f"{cname} holds invaders ({', '.join(invaders_at(s, ('city', cname)))}): a Titan re-enters "
                        f"on a city with no invader")
    lines: list[str] = []
    if "pilot" not in t:
        if not pilot_name:
            raise InputError(say(f"{name}'s cockpit is empty: draw a Pilot Card and name it: ",
                                 cmd("titans reenter", name, city, pilot="NAME")))
        _draw_pilot(s, lines)
        t["pilot"] = pilot_name
        lines.append(f"{t['player']} draws {t['pilot']}: place the card on {name}'s sheet.")
    elif pilot_name:
        raise RuleError(f"{t['pilot']} survived: {name} keeps its pilot")
    t["destroyed"] = False
    t.pop("destroyed_turn", None)
    t["damage"] = t["hp"] - 1
    t["city"] = cname
    lines.insert(0, f"{name} re-enters on {cname} with 1 Hit Point left ({t['damage']}/{t['hp']} damage). Its "
                    f"Tech Cards stay disabled until re-enabled by repair successes.")
    return Outcome(s, f"{name} re-enters on {cname}", lines, {"titan": name, "city": cname, "damage": t["damage"],
                                                               "pilot": t["pilot"]})
