"""A campaign over time: what a game knows of its own history (the `History` protocol each game
keeps in journal/games/ID/history.py), and the states of a campaign entry by entry, rebuilt from
the save and its log.

The log keeps, for each command, the values it changed (`changes`: path, from, to); the save holds
the state after the last entry. Walking back from the save through the changes gives the state
after every entry, at the cost of the changes themselves: no command is replayed.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Iterator
from typing import NamedTuple, Protocol, cast


class Check(NamedTuple):
    """A check whose odds journal knew when it was made: its kind ("challenge"), the chance of
    success, and whether it succeeded."""

    kind: str
    chance: float
    success: bool


class History(Protocol):
    """What a game tells about its own history (journal/games/ID/history.py): pure functions of
    a state (as the save holds it) and of a log entry."""

    UNIT: str  # what a period of play is called: "Visit", "Turn", "Round"

    def period(self, state: dict) -> int:
        """The visit, turn or round the state is in (0: the set-up)."""

    def tracks(self, state: dict) -> dict[str, dict[str, float]]:
        """The game's main trackers, by chart: {"Signal and EPM Meter": {"Signal": 5, "EPM": 4}}."""

    def stage(self, state: dict) -> str:
        """The game's tier or phase ("Challenge level 5", "THREAT Blue"): a change is marked on the charts."""

    def cast(self, state: dict) -> list[str]:
        """Who played: the characters, Titans and their players, crew, captain."""

    def checks(self, entry: dict, before: dict) -> list[Check]:
        """The checks of a log entry whose odds were known, from the state before it."""

    def bag(self, state: dict) -> dict[str, int]:
        """The cubes in the bag ({} for a game without one), for the draws of the next entry."""


def load(game_id: str) -> History:
    """The game's history module, `journal.games.GID.history`."""
    return cast(History, importlib.import_module(f"journal.games.{game_id}.history"))


def _undo(state: dict, change: dict) -> None:
    """Put one changed value back as it was before its command (a key the command added goes)."""
    *parents, key = change["path"][1:]
    node = state
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    if "from" in change:
        value = change["from"]
        node[key] = copy.deepcopy(value) if isinstance(value, (dict, list)) else value
    else:
        node.pop(key, None)


def states_back(state: dict, entries: list[dict]) -> Iterator[tuple[int, dict]]:
    """(i, the state after entries[i]) from the last entry to the first, then (-1, the state
    before the first): one state object changed in place, to be read before the next step.
    `state` (the save's, after the last entry) is not changed. Changes outside [state] (the
    `[journal]` counters, side files) are not states of the game and are skipped."""
    current = copy.deepcopy(state)
    for i in range(len(entries) - 1, -1, -1):
        yield i, current
        for change in reversed(entries[i].get("changes") or ()):
            path = change.get("path")
            if isinstance(path, list) and len(path) > 1 and path[0] == "state":
                _undo(current, change)
    yield -1, current
