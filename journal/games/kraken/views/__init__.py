"""Text views of a campaign, the game interface's views: show (`summary`, ending with what to do
next), list (`status`), the log's headings (`turn_label`), the status line of play (`next_step`) and
its completion (`names`), show --json (`public_state`) and `result`.

The sections of show are views/campaign.py's (the crew, the ship, the quests); what
happens away from the ship is views/adventure.py's (loaded only then), the CGM Line Tracker
views/tracker.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.model.campaign import campaign_result, oxygen_max, pending
from journal.games.kraken.model.commands import CREW_ADD, SHIP_HULL
from journal.games.kraken.model.constants import DIFFICULTY_TEXT, FREE_ACTION_TEXT, PHASES, SHOP_COMMANDS
from journal.games.kraken.model.systems import systems_named
from journal.games.kraken.views.campaign import build_lines, crew_lines, extra_lines, quest_lines, ship_lines
from journal.games.kraken.views.tracker import tracker
from journal.hints import Text, cmd, say
from journal.text import plural

if TYPE_CHECKING:
    from collections.abc import Mapping

    from journal.games.interface import Result
    from journal.games.kraken.tables import State

AWAY = ("flight", "combat", "dungeon", "ground", "loot")   # what views.adventure shows, loaded only then


def turn_label(state: Mapping[str, Any]) -> str:
    if state["turn"] == 0:
        return "Setup"
    return f"Turn {state['turn']} · Phase {state['phase']} · {PHASES[state['phase']]}"


def result(state: Mapping[str, Any]) -> Result | None:
    """Whether the campaign is over and how: `kraken end` or a combat records won or lost
    (state.result); with no crew member left after set-up it is lost (3.9)."""
    found = campaign_result(cast("State", state))
    if found == "won":
        return "won"
    if found == "lost":
        return "lost"
    return None


def public_state(state: dict) -> dict:
    """What `show --json` prints and the sheets draw: the save's state as it is."""
    return state


def status(state: dict) -> str:
    where = "setup" if state["turn"] == 0 else f"turn {state['turn']} · phase {state['phase']}"
    if result(state):
        where = f"campaign {result(state)} ({where})"
    return (f"{where} · {DIFFICULTY_TEXT[state['difficulty']]} · {plural(len(state['lines']), 'line')} · "
            f"{len(state['crew'])} crew · {state['credits']}¢ · {state['xp']} XP")


def next_step(state: Mapping[str, Any]) -> str:
    """What the table does next, as the commands that do it."""
    if result(state):
        if result(state) == "won":
            return say("The campaign is over: claim your score with `", cmd("kraken score", record=True), "`.")
        return "The campaign is over."
    if any(state.get(k) for k in AWAY):
        from journal.games.kraken.views.adventure import adventure_next

        adventure = adventure_next(cast("State", state))
        if adventure:
            return adventure
    running = [x for x in SLOTS if state["lines"].get(x, {}).get("running")]
    if running:
        x = running[0]
        return say(f"line {x}: look up {state['lines'][x]['coords'][-1]} (", cmd("kraken step", x, "CELL"), ").")
    if state["turn"] == 0:
        return _setup_next(cast("State", state))
    return PHASE_NEXT[state["phase"]](cast("State", state))


def _setup_next(state: State) -> Text:
    """3.3-3.7: the crew, then the ship, then turn 1."""
    if not state["crew"]:
        return say("choose your crew (", CREW_ADD, ").")
    if not state.get("ship"):
        return say("buy a ship hull (", SHIP_HULL, "), then its systems.")
    return say("begin turn 1: ", cmd("kraken turn"), ".")


def _phase_1_next(state: State) -> Text:
    todo = pending(state)
    if todo:
        x = todo[0]
        how = cmd("kraken advance", x) if state.get("pack") else cmd("kraken step", x, "CELL")
        return say(f"Phase 1: line {x}: look up {state['lines'][x]['coords'][-1]} (", how, ").")
    return say("Phase 2: ", cmd("kraken phase", "2"), ".")


def _phase_2_next(state: State) -> Text:
    return say("Phase 2: start a construction (", cmd("kraken build start", "SYSTEM", crew="NAME", turns="N"),
               ") or go on: ", cmd("kraken phase", "3"), ".")


def _phase_3_next(state: State) -> Text:
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


def _phase_4_next(state: State) -> Text:
    if state.get("short_visit") or not systems_named(state, "Teleporter") or not any(
            loc["cleared"] for loc in state["locations"].values()):
        return say("Phase 5: ", cmd("kraken phase", "5"), ".")
    return say("Phase 4: a short visit (", cmd("kraken visit", "SLOT", "MAP", "KIND", "TILE"), "), or Phase 5: ",
               cmd("kraken phase", "5"), ".")


def _phase_5_next(state: State) -> Text:
    if state["recovered"]:
        return say("a new turn: ", cmd("kraken turn"), ".")
    return say("recover (", cmd("kraken recover"), ") if you like, then a new turn: ", cmd("kraken turn"), ".")


PHASE_NEXT = {1: _phase_1_next, 2: _phase_2_next, 3: _phase_3_next, 4: _phase_4_next, 5: _phase_5_next}


def summary(state: dict) -> list[str]:
    """show: the campaign, the crew, the ship, what happens away from it, the CGM Line
    Tracker, the quests, and what to do next."""
    s = cast("State", state)
    out = _heading(s)
    out.extend(crew_lines(s))
    out.extend(build_lines(s))
    out.extend(ship_lines(s))
    if any(s.get(k) for k in AWAY):
        from journal.games.kraken.views.adventure import adventure_lines

        out.extend(adventure_lines(s))
    out.extend(tracker(s))
    out.extend(quest_lines(s))
    out.extend(extra_lines(s))
    out.append("Next: " + next_step(s))
    return out


def _heading(s: State) -> list[str]:
    title = f"Space Kraken ({DIFFICULTY_TEXT[s['difficulty']]}): {turn_label(s)}"
    if result(s):
        title += f" · campaign {str(result(s)).upper()}"
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
    return out


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's own names by kind, for a shell to complete (play): crew
    members, ground enemies' labels, Location slots and names, items, weapons, ship
    systems, quests, captives and story line slots. Read from the state as it is, no rules."""
    def keys(table) -> list[str]:
        return [str(k) for k in table] if isinstance(table, dict) else []

    def unique(values) -> list[str]:
        return list(dict.fromkeys(str(v) for v in values if v not in (None, "")))

    crew = state.get("crew")
    members = [c for c in crew.values() if isinstance(c, dict)] if isinstance(crew, dict) else []
    locations = state.get("locations")
    locations = locations if isinstance(locations, dict) else {}
    items = [v for c in members for v in (c.get("inventory") or {}).values()]
    items += list(state.get("storage") or []) + list(state.get("expansion_storage") or [])
    return {
        "crew": keys(crew),
        "enemy": keys((state.get("ground") or {}).get("enemies")),
        "location": unique([*locations, *(loc.get("name") for loc in locations.values() if isinstance(loc, dict))]),
        "item": unique(items),
        "weapon": unique(w for c in members for w in (c.get("weapons") or {})),
        "system": keys((state.get("ship") or {}).get("systems")),
        "quest": keys(state.get("quests")),
        "captive": keys(state.get("captives")),
        "line": keys(state.get("lines")),
    }
