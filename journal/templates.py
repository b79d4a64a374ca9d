"""Where the TOML templates are: inside the installed package, or the checkout's templates/."""

from __future__ import annotations

import tomllib
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
    p = path(*parts)
    try:
        with open(p, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise SaveError(f"template {'/'.join(parts)} is missing: reinstall journal") from None
