"""The player's own box: the data files of a game that a player enters once, a piece at a time
as it comes to the table, and journal keeps for every later campaign (`journal titans box`,
`journal kraken box`). They live in the saves folder, `box/GAME/`, in the formats of the shipped
samples, so that a box can be shared and copying the saves folder carries it.

Each game says what its files hold and how it writes them; this module reads and writes them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError

if TYPE_CHECKING:
    from journal.runtime import Runtime


def folder(rt: Runtime, game: str) -> str:
    """The box of `game` in the saves folder the command uses."""
    return os.path.join(rt.saves_dir, "box", game)


def read(path: str) -> dict | None:
    """A file of the box as written (None: not entered yet), read by the guarded reader."""
    from journal import files

    try:
        return files.read_toml(path, path, RuleError)
    except (FileNotFoundError, NotADirectoryError):
        return None


def update(rt: Runtime, path: str, change: Callable[[dict], dict], layout: Callable[[dict], tuple[str, str]]) -> dict:
    """Read a file of the box, change it (`change(doc) -> doc`, refusing bad input before anything
    is written) and write it atomically, under its folder's lock. `layout(doc)` checks the file
    whole and gives (its header, its text as the sample writes it); a text that does not read back
    as the data is written as tomli-w writes it, after the same header."""
    import tomllib

    import tomli_w

    from journal.store import atomic, locking

    if rt.batch is not None:
        raise InputError("a box command changes your box, not a campaign: run it on its own, not in a batch")
    where = os.path.dirname(path)
    os.makedirs(where, exist_ok=True)
    with locking.locked(where, True):
        doc = change(read(path) or {})
        header, text = layout(doc)
        if tomllib.loads(text) != doc:  # the hand-written layout must read back as the data
            text = tomli_w.dumps(doc)
        atomic.atomic_write(path, (header + text).encode("utf-8"))
    return doc
