"""War With the Evil Power Master: what the state shows (`journal show`, `list`, the log's
headings, `journal play`'s status line and completion, `show --json`, whether the game is over),
and the readings of it the rules share: who is Active, which discs are still face down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TYPE_CHECKING

from journal.games import TITLES
from journal.games.epm.constants import (
    BOOSTER, EN_ROUTE, EXPLORING, FACE_DOWN, FLIPPED, LOST, PHASE_TEXT, SHOWDOWN, TRACK_MAX, TWICE, TYPES, WON,
    challenge_level,
)
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.interface import Result


def active_characters(state: Mapping[str, Any]) -> list[str]:
    """Step 2: the characters who may perform a challenge."""
    return [n for n, c in state["characters"].items() if c["active"]]


def face_down(state: Mapping[str, Any]) -> list[str]:
    """E6: legal destinations are planets whose disc is still face down."""
    return [n for n, p in state["planets"].items() if p["status"] == FACE_DOWN]


def result(state: Mapping[str, Any]) -> Result | None:
    """E8: the phase says it: "won" or "lost" once recorded (or once the EPM Meter reached 25)."""
    phase = state["phase"]
    return WON if phase == WON else LOST if phase == LOST else None


def turn_label(state: dict) -> str:
    label = f"Visit {state['visit']} · {state['planet']}"
    phase = state["phase"]
    if phase in (SHOWDOWN, WON) or (phase == LOST and state["signal"] == TRACK_MAX):
        label += " · Final Showdown"
    return label


def status(state: dict) -> str:
    return (f"visit {state['visit']} · {state['planet']} · {PHASE_TEXT[state['phase']]} · "
            f"Signal {state['signal']} · EPM {state['epm']}")


def next_step(state: dict) -> str:
    phase = state["phase"]
    if phase == EXPLORING:
        return f"Read Story Card {state['card']} of {state['planet']} and follow it."
    if phase == EN_ROUTE:
        return say("Travel: ", travel_hint(state)) if face_down(state) else no_disc_left(state)
    if phase == SHOWDOWN:
        return say("Play the Final Showdown deck; record its last card with `", cmd("epm end", WON), "` or `",
                   cmd("epm end", LOST), "`.")
    return "The campaign is over."


def travel_hint(state: Mapping[str, Any]) -> str:
    """E6: travel to a planet whose disc is face down, named when it is the only one (the path
    segments are counted on the board)."""
    left = face_down(state)
    if len(left) == 1:
        return say(cmd("epm travel", left[0], segments="N"))
    return say(cmd("epm travel", "PLANET", segments="N"), f" ({', '.join(left)})")


def no_disc_left(state: Mapping[str, Any]) -> str:
    """No planet has a face-down disc: the book gives nowhere to travel (our reading: a card may turn a
    disc face down again; otherwise the table records the campaign lost)."""
    return say("No planet has a face-down disc left, so there is nowhere to travel: if a card turns a disc face "
               "down again, ", cmd("epm disc", "PLANET", face_down=True), "; otherwise the campaign is lost: ",
               cmd("epm end", LOST))


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
