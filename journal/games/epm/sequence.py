"""War With the Evil Power Master: the Sequence of Play as the state stands, part of the rules.

Whether the game is over and how (`result`, E8), the step the table takes next (`next_step`),
and the readings of the state that the rules, the commands and the views share: who is Active
(a challenge's step 2), which discs are still face down (E6). The views render these; the rules
refuse and hint with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TYPE_CHECKING

from journal.games.epm.constants import EN_ROUTE, EXPLORING, FACE_DOWN, LOST, SHOWDOWN, WON
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


def next_step(state: Mapping[str, Any]) -> str:
    """What the table does next: read the Story Card, travel, play the Final Showdown, or nothing."""
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
