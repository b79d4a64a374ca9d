"""War With the Evil Power Master: what the state shows (`journal show`, `list`, the log's
headings, `journal play`'s status line and completion, `show --json`). Whether the game is over
and what comes next are the rules' (sequence.py): this module only renders them.
"""

from __future__ import annotations

from journal.games import TITLES
from journal.games.epm.constants import (
    BOOSTER, EXPLORING, FLIPPED, LOST, PHASE_TEXT, SHOWDOWN, TRACK_MAX, TWICE, TYPES, WON, challenge_level,
)
from journal.games.epm.sequence import next_step
from journal.hints import say


def turn_label(state: dict) -> str:
    label = f"Visit {state['visit']} · {state['planet']}"
    phase = state["phase"]
    if phase in (SHOWDOWN, WON) or (phase == LOST and state["signal"] == TRACK_MAX):
        label += " · Final Showdown"
    return label


def status(state: dict) -> str:
    return (f"visit {state['visit']} · {state['planet']} · {PHASE_TEXT[state['phase']]} · "
            f"Signal {state['signal']} · EPM {state['epm']}")


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (`journal play`)."""
    return {"character": list(state["characters"]), "planet": list(state["planets"]), "item": list(state["items"])}


def public_state(state: dict) -> dict:
    """`show --json` and the sheets read the save's values as they are."""
    return state


def summary(state: dict) -> list[str]:
    return [where(state), *trackers(state), *characters(state), *items(state), *planets(state),
            say("Next: ", next_step(state))]


def where(state: dict) -> str:
    place = f"Visit {state['visit']} on {state['planet']} ({PHASE_TEXT[state['phase']]})"
    if state["phase"] in (EXPLORING, SHOWDOWN):
        place += f", Story Card {state['card']}"
    if "showdown_card" in state:
        place += f", Final Showdown card {state['showdown_card']}"
    return f"{TITLES['epm']}: {place}"


def trackers(state: dict) -> list[str]:
    return [f"  Signal {state['signal']:>2}/25   challenge level {challenge_level(state['signal'])}",
            f"  EPM    {state['epm']:>2}/25"]


def proficiencies(character: dict) -> str:
    shown = [f"{t} {character.get(t, 0):+d}" for t in TYPES if character.get(t, 0)]
    return ", ".join(shown) or "no proficiencies"


def characters(state: dict) -> list[str]:
    w = max(len(n) for n in state["characters"])
    return ["Characters:"] + [f"  {name:<{w}}  {'Active  ' if c['active'] else 'Inactive'}  {proficiencies(c)}"
                              for name, c in state["characters"].items()]


def item_text(item: dict) -> str:
    if item["kind"] != BOOSTER:
        return "assist item"
    return f"{item['type']} booster {'roll twice' if item['effect'] == TWICE else item['effect']}"


def items(state: dict) -> list[str]:
    return (["Items:" if state["items"] else "Items: none"]
            + [f"  {name} ({it['owner']}): {item_text(it)}" for name, it in state["items"].items()])


def planets(state: dict) -> list[str]:
    w = max(len(n) for n in state["planets"])
    lines = ["Planets:"]
    for name, p in state["planets"].items():
        shown = p["status"].replace("_", " ") + (f" ({p['boost']})" if p["status"] == FLIPPED else "")
        here = "  ← Ship Mover" if name == state["planet"] else ""
        lines.append(f"  {name:<{w}}  {p['color']:<6}  {shown}{here}")
    return lines
