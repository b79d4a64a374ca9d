"""The files a player names: packs, flight tables, generators, enemy profiles, Treasure Tables.

A campaign refers to its pack by path and SHA-256 (`[state.pack]`): the cells are not
copied into the save, which stays small and quick to rewrite; a pack that moved is
pointed to again with `pack use`, and one whose cells changed is refused until adopted.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError

if TYPE_CHECKING:
    from journal.runtime import Runtime

FLIGHT_TABLE = "flight-table.toml"
TREASURE_TABLE = "treasure-table.toml"
GENERATOR_SAMPLE = "location-generator-sample.toml"
ENEMIES_SAMPLE = "enemies-sample.toml"

# --- CGM packs -------------------------------------------------------------------------------
_PACKS: dict[str, dict] = {}   # sha256 -> parsed pack (a batch reads a pack once)


class NoPack(InputError):
    """Nothing at a pack's path (a dangling link included): the pack is missing, not unreadable."""


def stem(path: str) -> str:
    """A file's name without its last suffix (pathlib's `stem`): a pack's title when it has none."""
    return os.path.splitext(os.path.basename(os.fspath(path)))[0]


def stored_path(path: str) -> str:
    """How a save names its pack (or generator): 'templates:kraken/...' inside the installed
    templates folder (it moves with the install), anywhere else absolute."""
    from journal import templates

    return templates.stored(path)


def real_path(text: str) -> str:
    """A file the player (or a save) names; 'templates:kraken/…' is a file of the installed
    templates (journal.templates.resolve_text: the one resolver of every data-file option)."""
    from journal import templates

    return templates.resolve_text(text)


def read_pack(path: str, shown: str | None = None) -> tuple[dict, dict, list[str]]:
    """(pack, info for the save, problems) of a pack file; refuses unreadable files."""
    from journal import files
    from journal.games.kraken.cgm import packs
    from hashlib import sha256

    shown = shown or str(path)
    try:  # the guarded reader: a regular file, bounded in size and depth (journal/files.py)
        data = files.read_bytes(path, f"the pack {shown}", InputError)
    except FileNotFoundError:
        raise NoPack(f"no pack at {shown}") from None
    digest = sha256(data).hexdigest()
    if digest in _PACKS:
        pack = _PACKS[digest]
        return pack, {"path": stored_path(path), "sha256": digest, "title": pack["title"]}, []
    doc = files.toml_of(data, f"the pack {shown}", InputError)
    pack, problems = packs.parse_pack(doc, shown)
    if not problems:
        _PACKS[digest] = pack
    return pack, {"path": stored_path(path), "sha256": digest, "title": pack["title"] or stem(path)}, problems


def read_pack_like(path: str, shown: str) -> tuple[dict, dict]:
    """A TOML file the player supplies (flight table, generator, enemy profiles): its
    parsed document and {path, sha256} to record it like a pack."""
    from journal import files
    from hashlib import sha256

    try:  # the guarded reader: a regular file, bounded in size and depth (journal/files.py)
        data = files.read_bytes(path, shown, InputError)
    except FileNotFoundError:
        raise InputError(f"no file at {shown}") from None
    doc = files.toml_of(data, shown, InputError)
    return doc, {"path": stored_path(path), "sha256": sha256(data).hexdigest(), "title": stem(path)}


def load_pack(path_text: str) -> tuple[dict, dict]:
    pack, info, problems = read_pack(real_path(path_text), path_text)
    if problems:
        more = f" (and {len(problems) - 1} more: journal kraken pack check {path_text})" if len(problems) > 1 else ""
        raise InputError(problems[0] + more)
    return pack, info


def campaign_pack(rt: Runtime, save: str | None, state: dict | None = None) -> dict:
    """The pack this campaign follows, checked against the SHA-256 the save recorded."""
    if state is None:
        state = rt.current_state(save)
    info = state.get("pack") if isinstance(state, dict) else None
    if not info:
        raise RuleError("this campaign has no pack: follow lines by hand (journal kraken step LINE CELL) "
                        "or add one (journal kraken pack use FILE)")
    path = real_path(info["path"])
    try:
        pack, now, problems = read_pack(path, str(path))
    except NoPack:
        raise RuleError(f"the pack {info['title']} is missing from {path}: if it moved, point to it again "
                        f"with `journal kraken pack use FILE`") from None
    except InputError as e:            # something is there (a folder, a FIFO, a link loop...): the reader says what
        raise RuleError(f"the pack {info['title']} cannot be read: {e.message}") from None
    if now["sha256"] != info["sha256"]:
        raise RuleError(f"the pack {path} changed since this campaign recorded it: check it "
                        f"(journal kraken pack check {path}) and adopt it with `journal kraken pack use {path}`")
    if problems:
        raise RuleError(problems[0])
    return pack


# --- flight tables, generators, enemy profiles, Treasure Tables ------------------------------

def _templates(name: str) -> str:
    from journal import templates

    return os.path.join(templates.folder(), "kraken", name)


def load_table(path_text: str | None) -> dict:
    from journal.games.kraken.model import flight_table

    path = real_path(path_text) if path_text else _templates(FLIGHT_TABLE)
    doc, _info = read_pack_like(path, path_text or f"templates:kraken/{FLIGHT_TABLE}")
    rows, problems = flight_table.parse_table(doc, str(path_text or FLIGHT_TABLE))
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return rows


def load_generator(path_text: str) -> tuple[dict, dict]:
    from journal.games.kraken import new_location as rules

    doc, info = read_pack_like(real_path(path_text), path_text)
    gen, problems = rules.parse_generator(doc, path_text)
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    info["title"] = gen["title"] or stem(path_text)
    return gen, info


def campaign_generator(rt: Runtime, save: str | None) -> dict:
    state = rt.current_state(save)
    gen = ((state.get("flight") or {}).get("generation") or {}) if isinstance(state, dict) else {}
    ref = gen.get("generator")
    if not ref:
        raise RuleError("no Location is being generated (journal kraken location generate --generator FILE)")
    path = real_path(ref["path"])
    try:
        g, info = load_generator(str(path))
    except InputError as e:
        raise RuleError(f"the generator {path} cannot be read any more: {e.message}") from None
    if info["sha256"] != ref["sha256"]:
        raise RuleError(f"the generator {path} changed since the generation began: finish with the same tables")
    return g


def load_profiles(path_text: str | None) -> dict:
    path = real_path(path_text) if path_text else _templates(ENEMIES_SAMPLE)
    doc, _info = read_pack_like(path, path_text or f"templates:kraken/{ENEMIES_SAMPLE}")
    enemies = doc.get("enemies")
    if not isinstance(enemies, dict) or not all(isinstance(v, dict) for v in enemies.values()):
        raise InputError(f"{path}: expected [enemies.NAME] tables")
    return enemies


def load_treasure_table(path_text: str | None) -> dict:
    """The Treasure Table file (default: templates:kraken/treasure-table.toml, the one cell
    our rulebook text prints)."""
    from journal.games.kraken.treasure import parse_treasure_table

    path = real_path(path_text) if path_text else _templates(TREASURE_TABLE)
    doc, _info = read_pack_like(path, path_text or f"templates:kraken/{TREASURE_TABLE}")
    table, problems = parse_treasure_table(doc, str(path_text or TREASURE_TABLE))
    if problems:
        raise InputError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    return table

