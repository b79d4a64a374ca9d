"""Where the TOML templates are: inside the installed package, or the checkout's templates/."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from journal.errors import SaveError

if TYPE_CHECKING:
    from pathlib import Path

# Strings, not pathlib: a save whose validation reads a template (a Kraken ship's systems) does not
# pay for importing pathlib on every command.
_HERE = os.path.dirname(os.path.realpath(__file__))
_CANDIDATES = (os.path.join(_HERE, "_templates"), os.path.join(os.path.dirname(_HERE), "templates"))


def folder() -> str:
    """The templates folder, as a string."""
    for candidate in _CANDIDATES:
        if os.path.isdir(candidate):
            return candidate
    raise SaveError("journal's templates folder is missing: reinstall journal")  # pragma: no cover


def root() -> Path:
    from pathlib import Path

    return Path(folder())


def path(*parts: str) -> Path:
    return root().joinpath(*parts)


def load(*parts: str) -> dict:
    """A shipped template, read by the guarded reader every journal file goes through."""
    from journal.files import read_toml

    try:
        return read_toml(os.path.join(folder(), *parts), f"template {'/'.join(parts)}")
    except FileNotFoundError:
        raise SaveError(f"template {'/'.join(parts)} is missing: reinstall journal") from None


PREFIX = "templates:"   # a data file of the installed templates, as a player names it: templates:kraken/FILE


def _inside(path: str, folder_path: str) -> bool:
    """Whether a resolved path is the folder or within it."""
    return path == folder_path or path.startswith(folder_path.rstrip(os.sep) + os.sep)


def resolve_text(text: str) -> str:
    """The file a data-file option names: `templates:GAME/FILE` is a file of the installed
    templates (wherever journal is installed), anything else a path as typed; as a string
    (a Kraken pack is resolved on every command that follows a line)."""
    from journal.files import clean_path

    text = str(text)
    if not text.startswith(PREFIX):
        return clean_path(text)
    from journal.errors import InputError

    base = os.path.realpath(folder())
    p = os.path.realpath(os.path.join(base, text[len(PREFIX):]))
    if not _inside(p, base):
        raise InputError(f"{text}: a template is named templates:GAME/FILE, inside journal's templates folder")
    return p


def resolve(text: str) -> Path:
    """`resolve_text`, as a Path."""
    from pathlib import Path

    return Path(resolve_text(text))


def stored(path) -> str:
    """How a save names a data file it keeps using: `templates:GAME/FILE` inside the installed
    templates (it moves with the install), anywhere else the absolute path."""
    p = os.path.realpath(path)
    base = os.path.realpath(folder())
    if _inside(p, base):
        return PREFIX + os.path.relpath(p, base).replace(os.sep, "/")
    return p


def shipped(game: str) -> list[str]:
    """The data files shipped for a game, as a player names them ('templates:GAME/FILE')."""
    folder = root() / game
    return sorted(f"{PREFIX}{game}/{p.name}" for p in folder.glob("*.toml")) if folder.is_dir() else []
