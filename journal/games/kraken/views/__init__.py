"""Text views of a campaign, the game interface's views: show (`summary`, ending with what to do
next), list (`status`), the log's headings (`turn_label`), the completion of play (`names`) and
show --json (`public_state`). They render: whether the campaign is over (`result`) and what the
table does next (`next_step`) are the rules' (model/sequence.py).

The sections of show are views/campaign.py's (the crew, the ship, the quests); what
happens away from the ship is views/adventure.py's (loaded only then), the CGM Line Tracker
views/tracker.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.constants import DIFFICULTY_TEXT, FREE_ACTION_TEXT, PHASES, SHOP_COMMANDS
from journal.games.kraken.model.sequence import away, next_step, result
from journal.games.kraken.views.campaign import build_lines, crew_lines, extra_lines, quest_lines, ship_lines
from journal.games.kraken.views.tracker import tracker
from journal.text import plural

if TYPE_CHECKING:
    from collections.abc import Mapping

    from journal.games.kraken.tables import State


def turn_label(state: Mapping[str, Any]) -> str:
    if state["turn"] == 0:
        return "Setup"
    return f"Turn {state['turn']} · Phase {state['phase']} · {PHASES[state['phase']]}"


def public_state(state: dict) -> dict:
    """What `show --json` prints and the sheets draw: the save's state as it is."""
    return state


def status(state: dict) -> str:
    where = "setup" if state["turn"] == 0 else f"turn {state['turn']} · phase {state['phase']}"
    if result(state):
        where = f"campaign {result(state)} ({where})"
    return (f"{where} · {DIFFICULTY_TEXT[state['difficulty']]} · {plural(len(state['lines']), 'line')} · "
            f"{len(state['crew'])} crew · {state['credits']}¢ · {state['xp']} XP")


def summary(state: dict) -> list[str]:
    """show: the campaign, the crew, the ship, what happens away from it, the CGM Line
    Tracker, the quests, and what to do next."""
    s = cast("State", state)
    out = _heading(s)
    out.extend(crew_lines(s))
    out.extend(build_lines(s))
    out.extend(ship_lines(s))
    if away(s):  # views.adventure shows it, loaded only then
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
    crew = state.get("crew")
    members = [c for c in crew.values() if isinstance(c, dict)] if isinstance(crew, dict) else []
    locations = state.get("locations")
    locations = locations if isinstance(locations, dict) else {}
    return {
        "crew": _keys(crew),
        "enemy": _keys((state.get("ground") or {}).get("enemies")),
        "location": _unique([*locations, *(loc.get("name") for loc in locations.values() if isinstance(loc, dict))]),
        "item": _unique(_items(state, members)),
        "weapon": _unique(w for c in members for w in (c.get("weapons") or {})),
        "system": _keys((state.get("ship") or {}).get("systems")),
        "quest": _keys(state.get("quests")),
        "captive": _keys(state.get("captives")),
        "line": _keys(state.get("lines")),
    }


def _keys(table) -> list[str]:
    return [str(k) for k in table] if isinstance(table, dict) else []


def _unique(values) -> list[str]:
    return list(dict.fromkeys(str(v) for v in values if v not in (None, "")))


def _items(state: dict, members: list[dict]) -> list:
    """What the crew members carry, then the ship's storage and its expansion."""
    items = [v for c in members for v in (c.get("inventory") or {}).values()]
    return items + list(state.get("storage") or []) + list(state.get("expansion_storage") or [])
