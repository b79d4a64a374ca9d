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
