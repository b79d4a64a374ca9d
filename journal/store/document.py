"""A save's document: its text read safely, parsed, and judged ([journal] and the game's [state]).

A campaign is two files side by side:

* ``NAME.toml``: the save. A ``[journal]`` table (game, schema, seed, dice counter,
  number of log entries) and a ``[state]`` table owned by the game. Small, plain TOML,
  rewritten whole (atomically) by every command.
* ``NAME.log.jsonl``: the history, one JSON object per line, only ever appended to
  (undo cuts entries off its end): journal/store/logview.py reads it.

The save is the commit point. ``journal.entries`` says how many log entries belong to
the campaign; lines past that (left by a crash between the log append and the save's
rename, or by an undo interrupted after its rename) are ignored by readers and cut off
by the next write. So a crash at any instant leaves either the old or the new
campaign, and one command reads only the end of the log, whatever its length.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from journal import files, games
from journal.dice import MAX_SEED
from journal.errors import SaveError, typed
from journal.schema import Int, Str, Table, opt
from journal.store import folder
from journal.store.migrations import migrate
from journal.store.paths import SavePaths

if TYPE_CHECKING:
    from journal.games.interface import Game

JOURNAL_TABLE = Table({
    "game": Str(describe="a game id"),
    "schema": Int(1),
    "seed": Int(0, MAX_SEED),
    "dice": opt(Int(0, MAX_SEED)),
    "entries": opt(Int(0, MAX_SEED)),
})


def read_save(paths: SavePaths) -> tuple[str, os.stat_result]:
    """The save's text and status: a regular file of UTF-8 text with no other hard link (anything
    else is refused, naming it)."""
    try:
        data, st = files.read_regular(paths.save, paths.shown, one_link=True)
    except (FileNotFoundError, NotADirectoryError):
        there = folder.elsewhere(paths.name, paths.folder)
        if there is not None:
            raise SaveError(f"no save {typed(paths.name)} in {paths.folder}; {there}") from None
        raise SaveError(f"no save {typed(paths.name)} at {paths.shown}: start one with `journal GAME new {paths.name}`"
                        ) from None
    return files.decode(data, paths.shown), st


def read_text(paths: SavePaths) -> str:
    """The save's text (see read_save)."""
    return read_save(paths)[0]


def read_side(path: str | os.PathLike[str]) -> bytes | None:
    """A side file's bytes (None: there is none yet)."""
    try:
        return files.read_bytes(path)
    except FileNotFoundError:
        return None


def parse_side(path: str | os.PathLike[str], data: bytes | None) -> dict:
    """A side file's content (a missing file is empty), or a SaveError naming it."""
    if data is None:
        return {}
    return files.toml_of(data, str(path))


def parse(paths: SavePaths, text: str) -> dict:
    return files.parse_toml(text, paths.shown)


def known_valid(doc: dict) -> tuple[Game | None, dict, list[str]]:
    """A document this version of journal judged valid (check_doc found no problem) when it wrote
    it: its game, the document, and no problem; judged again (check_doc) should its game's schema
    have moved on since."""
    game = games.load(doc["journal"]["game"])
    if doc["journal"]["schema"] != game.SCHEMA_VERSION:
        return check_doc(doc)
    return game, doc, []


def check_doc(doc: dict) -> tuple[Game | None, dict, list[str]]:
    """Validate a parsed save (migrating an older schema in memory).

    Returns (game module, migrated doc, problems). The game is None when the
    [journal] table is too broken to know which game the save belongs to.
    """
    problems: list[str] = []
    for key in doc:
        if key not in ("journal", "state"):
            problems.append(f"{key} is not a known table: a save has [journal] and [state]")
    jt = doc.get("journal")
    if jt is None:
        problems.append("journal is missing: the [journal] table names the game, schema and seed")
        return None, doc, problems
    JOURNAL_TABLE.check(jt, "journal", problems)
    if not isinstance(jt, dict) or not isinstance(jt.get("game"), str):
        return None, doc, problems
    try:
        game = games.load(jt["game"])
    except SaveError as e:
        problems.append(e.message)
        return None, doc, problems
    schema = jt.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool):
        if schema > game.SCHEMA_VERSION:
            problems.append(f"journal.schema = {schema}: this save was written by a newer journal; "
                            f"this version reads {game.ID} saves up to schema {game.SCHEMA_VERSION}")
            return game, doc, problems
        if schema < game.SCHEMA_VERSION and "state" in doc:
            doc = migrate(game, doc)
    if "state" not in doc:
        problems.append("state is missing: the [state] table holds the game")
    else:
        problems.extend(game.validate(doc["state"]))
    return game, doc, problems
