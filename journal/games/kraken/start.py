"""Chapter 3, Start a game: a new campaign (3.1-3.8) and its end, won or lost (3.9).

Every rules module holds pure functions ``fn(state, dice, **params) -> Outcome``: no
files, clocks or global randomness, and the given state is never mutated. Rule labels
(K1-K14, A1-A2) are the rules notes of docs/kraken.md; chapter numbers the rulebook's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from journal.errors import InputError
from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.cgm.cells import parse_coord
from journal.games.kraken.model.campaign import campaign_result, copy_state
from journal.games.kraken.model.commands import CREW_ADD, SHIP_HULL
from journal.games.kraken.model.constants import DIFFICULTIES, DIFFICULTY_TEXT, START_CREDITS
from journal.hints import cmd, say
from journal.outcome import Outcome, refuse_if_over

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def new(difficulty: str, lines: list[str], pack: dict | None = None, backstory: str | None = None,
        credits: int = START_CREDITS) -> Outcome:
    """3.1-3.8: difficulty, backstory, 100¢ (3.7), Oxygen 25 (3.6), the start lines (3.8)."""
    if difficulty not in DIFFICULTIES:
        raise InputError(f"'{difficulty}' is not a difficulty: one of {', '.join(DIFFICULTIES)}")
    if len(lines) > len(SLOTS):
        raise InputError(f"{len(lines)} start lines: the tracker has {len(SLOTS)} slots")
    if not 0 <= credits <= 100000:
        raise InputError(f"starting Credits are 0 or more, not {credits}")
    s: dict[str, Any] = {"difficulty": difficulty, "turn": 0, "phase": 0, "credits": credits, "xp": 0, "oxygen": 25,
         "oxygen_tanks": 0, "recovered": False, "done": [], "storage": [], "expansion_storage": [],
         "lines": {}, "interlink": {}, "crew": {}, "locations": {}, "quests": {}, "builds": {}}
    if backstory and backstory.strip():
        s["backstory"] = backstory.strip()
    if pack:
        s["pack"] = pack
    out = [f"Space Kraken, {DIFFICULTY_TEXT[difficulty]}: {credits}¢, Oxygen 25."]
    for i, coord in enumerate(lines):
        slot = SLOTS[i]
        s["lines"][slot] = {"coords": [parse_coord(coord, "start line ")], "vars": {}}
        out.append(f"Write {s['lines'][slot]['coords'][0]} in the first cell of line {slot}.")
    if pack:
        out.append(f"Pack: {pack['title']} ({pack['path']}).")
    out.append(say("Next: choose your crew (", CREW_ADD, "), buy a ship hull (", SHIP_HULL, ") and systems (",
                   cmd("kraken ship buy", "SYSTEM"), "), then `", cmd("kraken turn"), "` begins turn 1."))
    where = "; ".join(f"line {k}: {v['coords'][0]}" for k, v in s["lines"].items()) or "no lines yet"
    summary = f"New {DIFFICULTY_TEXT[difficulty]} campaign ({where})"
    return Outcome(s, summary, out, {"difficulty": difficulty, "lines": {k: v["coords"][0]
                                                                         for k, v in s["lines"].items()}})


def end(state: State, dice, result: str) -> Outcome:
    """3.9: a plot point says the campaign is won; losing the crew or the ship loses it."""
    s = copy_state(state)
    if result not in ("won", "lost"):
        raise InputError(f"'{result}' is not a result: won or lost")
    refuse_if_over(campaign_result(s), f"the campaign was {campaign_result(s)} already")
    s["result"] = result
    if result == "won":
        out = ["The campaign is won!", say("Claim your Campaign Score: ", cmd("kraken score", record=True), ".")]
    else:
        out = ["The campaign is lost."]
    return Outcome(s, f"The campaign is {result}", out, {"result": result})
