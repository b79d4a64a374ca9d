"""The sequence of play (ch. 3, 5): whether the campaign is over (3.9) and what the table does
next, as the commands that do it: set-up (3.3-3.7), a line running, then Phases 1-5 of the turn.
Away from the ship (flight, combats, the exploration, drops) the next step is model/away.py's,
loaded only then. The views render these; they compute nothing of their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.model.campaign import campaign_result, pending
from journal.games.kraken.model.commands import CREW_ADD, SHIP_HULL
from journal.games.kraken.model.systems import systems_named
from journal.hints import Text, cmd, say

if TYPE_CHECKING:
    from collections.abc import Mapping

    from journal.games.interface import Result
    from journal.games.kraken.tables import State

AWAY = ("flight", "combat", "dungeon", "ground", "loot")   # what happens away from the ship (model/away.py)


def result(state: Mapping[str, Any]) -> Result | None:
    """Whether the campaign is over and how: `kraken end` or a combat records won or lost
    (state.result); with no crew member left after set-up it is lost (3.9)."""
    found = campaign_result(cast("State", state))
    if found == "won":
        return "won"
    if found == "lost":
        return "lost"
    return None


def away(state: Mapping[str, Any]) -> bool:
    """Whether something happens away from the ship: a flight, a combat, an exploration, a drop."""
    return any(state.get(k) for k in AWAY)


def next_step(state: Mapping[str, Any]) -> str:
    """What the table does next, as the commands that do it."""
    if result(state):
        if result(state) == "won":
            return say("The campaign is over: claim your score with `", cmd("kraken score", record=True), "`.")
        return "The campaign is over."
    if away(state):
        from journal.games.kraken.model.away import away_next

        adventure = away_next(cast("State", state))
        if adventure:
            return adventure
    running = [x for x in SLOTS if state["lines"].get(x, {}).get("running")]
    if running:
        x = running[0]
        return say(f"line {x}: look up {state['lines'][x]['coords'][-1]} (", cmd("kraken step", x, "CELL"), ").")
    if state["turn"] == 0:
        return setup_next(cast("State", state))
    return PHASE_NEXT[state["phase"]](cast("State", state))


def setup_next(state: State) -> Text:
    """3.3-3.7: the crew, then the ship, then turn 1."""
    if not state["crew"]:
        return say("choose your crew (", CREW_ADD, ").")
    if not state.get("ship"):
        return say("buy a ship hull (", SHIP_HULL, "), then its systems.")
    return say("begin turn 1: ", cmd("kraken turn"), ".")


def phase_1_next(state: State) -> Text:
    """Phase 1 (K5): activate each line in slot order, then Phase 2."""
    todo = pending(state)
    if todo:
        x = todo[0]
        how = cmd("kraken advance", x) if state.get("pack") else cmd("kraken step", x, "CELL")
        return say(f"Phase 1: line {x}: look up {state['lines'][x]['coords'][-1]} (", how, ").")
    return say("Phase 2: ", cmd("kraken phase", "2"), ".")


def phase_2_next(state: State) -> Text:
    """Phase 2: constructions (ch. 7)."""
    return say("Phase 2: start a construction (", cmd("kraken build start", "SYSTEM", crew="NAME", turns="N"),
               ") or go on: ", cmd("kraken phase", "3"), ".")


def phase_3_next(state: State) -> Text:
    """Phase 3: landing on the Location a flight found, or one free action (ch. 8)."""
    found = state.get("found")
    if found and 3 not in (state.get("returned") or []) and found in state["locations"] \
            and state["locations"][found].get("land_turn", 0) <= state["turn"]:
        return say(f"Phase 3: land on MAP{found}, the Location the flight found (", cmd("kraken dungeon enter", found),
                   "), or Phase 4: ", cmd("kraken phase", "4"), ".")
    if state.get("free_action"):
        return say("Phase 4: ", cmd("kraken phase", "4"), ".")
    return say("Phase 3: one free action (", cmd("kraken flight", difficulty="D"), ", ",
               cmd("kraken free-action", "KIND"), ", or ", cmd("kraken advance", "LINE"), "), then ",
               cmd("kraken phase", "4"), ".")


def phase_4_next(state: State) -> Text:
    """Phase 4: a short visit by Teleporter to a cleared Location."""
    if state.get("short_visit") or not systems_named(state, "Teleporter") or not any(
            loc["cleared"] for loc in state["locations"].values()):
        return say("Phase 5: ", cmd("kraken phase", "5"), ".")
    return say("Phase 4: a short visit (", cmd("kraken visit", "SLOT", "MAP", "KIND", "TILE"), "), or Phase 5: ",
               cmd("kraken phase", "5"), ".")


def phase_5_next(state: State) -> Text:
    """Phase 5, then Phase R (recover) if the crew likes, then a new turn."""
    if state["recovered"]:
        return say("a new turn: ", cmd("kraken turn"), ".")
    return say("recover (", cmd("kraken recover"), ") if you like, then a new turn: ", cmd("kraken turn"), ".")


PHASE_NEXT = {1: phase_1_next, 2: phase_2_next, 3: phase_3_next, 4: phase_4_next, 5: phase_5_next}
