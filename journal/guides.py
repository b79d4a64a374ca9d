"""`journal guide`: the guides in docs/, shipped with journal (journal._docs) so that they
are there wherever journal is installed."""

from __future__ import annotations

from pathlib import Path

from journal import games
from journal.errors import SaveError

_HERE = Path(__file__).resolve().parent
_CANDIDATES = (_HERE / "_docs", _HERE.parent / "docs")

# guide name -> what it is about (a game's guide is named by the game's id)
OTHER_GUIDES = {
    "kraken-adventures": "Space Kraken: flights, Space Combat, Locations, dungeons and Ground Combat",
    "saves": "save files, the saves folder, the log, check, --json, batch, exit codes, scripting",
    "report": "play reports in Markdown and HTML, the campaign at a glance, the luck audit",
    "templates": "the data files you can give journal: packs, boards, invader cards, dice, tables",
    "commands": "the reference of every command (docs/commands/)",
    "development": "how the code is laid out, tests and benchmarks",
}


def names() -> dict[str, str]:
    """Every guide: the games' first, then the others."""
    return {**{gid: title for gid, (_m, title) in games.GAMES.items()}, **OTHER_GUIDES}


def root() -> Path:
    for folder in _CANDIDATES:
        if folder.is_dir():
            return folder
    raise SaveError("journal's guides are missing: reinstall journal")  # pragma: no cover


def text(name: str) -> str:
    """The guide's Markdown text."""
    path = root() / ("commands/journal.md" if name == "commands" else f"{name}.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        raise SaveError(f"the {name} guide is missing ({path}): reinstall journal") from None
