"""The interface every game declares: what the core may ask of it (`Game`), its printed pages
(`Sheets`) and its history for the play report (`History`, with the `Check`s it knew the odds of).

Only type checking and the tests import this module (journal/games/conformance.py holds every game
to it under mypy, tests/test_games.py at run time), and the report, for `Check`: a command does
not pay for building protocols it never asks about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, NamedTuple, Protocol, runtime_checkable

from journal.scales import Scale

Result = Literal["won", "lost"]  # a game's result(state), when it is over


@runtime_checkable
class Game(Protocol):
    """What the core may ask of a game: the package `journal.games.ID` itself (its
    `__init__.py` imports each hook from the game's own files: schema.py, views.py,
    migrations.py). journal/games/conformance.py holds every game to it under mypy, and
    tests/test_games.py at run time."""

    ID: str
    TITLE: str
    SCHEMA_VERSION: int
    # {from_version: fn(state) -> state}, applied in order when an older save is read
    MIGRATIONS: Mapping[int, Callable[[dict], dict]]

    def validate(self, state: dict, changed: set[str] | None = None) -> list[str]:
        """Every problem of a [state] table, each naming its key ([] for a valid one). `changed`:
        the only keys whose types and ranges need checking (the others are those of a state found
        valid); None: all of them. The rules' invariants are checked whatever it says."""

    def summary(self, state: dict) -> list[str]:
        """`journal show`, ending with a "Next: ..." line."""

    def status(self, state: dict) -> str:
        """One line for `journal list` (turn, phase)."""

    def turn_label(self, state: dict) -> str:
        """The log heading an entry is grouped under ("Visit 2 · Kell", "Round 3")."""

    def next_step(self, state: dict) -> str:
        """What the table does next (the status line of `journal play`)."""

    def names(self, state: dict) -> dict[str, list[str]]:
        """The campaign's own names by kind, for TAB completion in `journal play`."""

    def public_state(self, state: dict) -> dict:
        """The state `show --json` prints and the sheets draw: the save's values plus derived ones."""

    def result(self, state: dict) -> Result | None:
        """Whether the game is over, and how: "won", "lost", or None while it goes on."""

    def undo_refusal(self, entry: dict, state: dict) -> str | None:
        """Why `undo` may not revert this log entry, nor `redo` put it back (None: they may)."""

    def rolls_undoable(self, state: dict) -> bool:
        """Whether undo could take a roll back (False: a terminal player is asked for each die)."""


class Sheets(Protocol):
    """A game's ReportLab pages, `journal.games.ID.sheets` (imported only for PDFs)."""

    def draw_tracker(self, c, page, state: dict | None, title: str) -> None:
        """The tracker page(s) of a campaign (None: a blank sheet)."""


class Deed(NamedTuple):
    """One thing a player's piece did in a log entry, for the report's per-player table: who (a
    character, Titan, crew member or captain, as `cast` names them), what ("challenges won",
    "damage taken") and how many (n)."""

    who: str
    what: str
    n: int


class Check(NamedTuple):
    """A check whose odds journal knew when it was made: its kind ("challenge"), the chance of
    success, and whether it succeeded."""

    kind: str
    chance: float
    success: bool


@runtime_checkable
class History(Protocol):
    """What a game tells about its own history, `journal.games.ID.history` (imported only for
    reports and the PDF's glance page): pure functions of a state (as the save holds it) and of a
    log entry; journal/history.py rebuilds the states."""

    UNIT: str  # what a period of play is called: "Visit", "Turn", "Round"
    # each chart's axis on its track's whole range, its zones and lines, its series' colours (journal/scales.py)
    CHART_SCALES: dict[str, Scale]

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

    def headline(self, state: dict, result: str | None) -> str:
        """One sentence a reader understands without knowing the game, from the state at the end and
        the game's result ("Ana, Bo and Cy beat the Evil Power Master on Ruun after 4 visits, Signal 25, EPM 13")."""

    def turning_points(self, entry: dict, before: dict) -> list[str]:
        """What in a log entry changed the game (a city destroyed, a rift closed, a crew member
        down, a Super Weapon found), read from what the entry recorded and the state before it;
        the report adds the tiers crossed, the long-odds checks won and the last roll itself."""

    def deeds(self, entry: dict, before: dict) -> list[Deed]:
        """What each player's piece did in a log entry (challenges or attacks made and won, damage
        dealt and taken, items found)."""

    def die_faces(self, die: str, state: dict) -> list[str] | None:
        """The names of a custom die's faces, face 1 first, as the player types them (None: a
        die whose faces are its numbers)."""

