"""Where the TOML templates are: inside the installed package, or the checkout's templates/."""

from __future__ import annotations

from pathlib import Path

from journal.errors import SaveError

_HERE = Path(__file__).resolve().parent
_CANDIDATES = (_HERE / "_templates", _HERE.parent / "templates")


def root() -> Path:
    for folder in _CANDIDATES:
        if folder.is_dir():
            return folder
    raise SaveError("journal's templates folder is missing: reinstall journal")  # pragma: no cover


def path(*parts: str) -> Path:
    return root().joinpath(*parts)


def load(*parts: str) -> dict:
    """A shipped template, read by the guarded reader every journal file goes through."""
    from journal.files import read_toml

    try:
        return read_toml(path(*parts), f"template {'/'.join(parts)}")
    except FileNotFoundError:
        raise SaveError(f"template {'/'.join(parts)} is missing: reinstall journal") from None


PREFIX = "templates:"


def file_path(text: str) -> Path:
    """A data file a player names: a path, or a shipped one as 'templates:GAME/FILE'
    (e.g. templates:titans/board-sample.toml), found wherever journal is installed."""
    if text.startswith(PREFIX):
        return root().joinpath(*text[len(PREFIX):].split("/"))
    return Path(text)


def shipped(game: str) -> list[str]:
    """The data files shipped for a game, as a player names them ('templates:GAME/FILE')."""
    folder = root() / game
    return sorted(f"{PREFIX}{game}/{p.name}" for p in folder.glob("*.toml")) if folder.is_dir() else []
