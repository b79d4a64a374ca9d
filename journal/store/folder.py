"""Which saves folder a command works in, found the way git finds its repository.

In order: `--saves DIR`, then the environment variable JOURNAL_SAVES, then the nearest `saves/`
folder made by journal (it holds the marker file `.journal-saves`) in the working folder or one
of its parents, then an unmarked `saves/` in the working folder that already holds campaigns (a
folder an older journal made: found as before), and last the user's data folder
(`~/.local/share/journal/saves` on Linux, by platformdirs). Walking up costs a few `stat`s;
platformdirs is imported only when nothing nearer is found.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from journal import files
from journal.store import atomic

SAVES = "saves"
MARKER = ".journal-saves"
MARKER_TEXT = (
    "This folder holds journal's campaigns: journal finds it from this folder's parent and every\n"
    "folder below it, as git finds a repository (`journal where` says which folder a command uses).\n"
)


class Found(NamedTuple):
    """A saves folder, as commands name it, and why it is the one."""

    folder: str
    how: str  # "option", "env", "nearest", "here" or "data"
    why: str


def data_folder() -> str:
    """The user's own saves folder, inside the platform's data folder."""
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("journal", appauthor=False), SAVES)


def is_marked(folder: str) -> bool:
    return os.path.isfile(os.path.join(folder, MARKER))


def save_files(folder: str) -> list[str]:
    """The *.toml entries of a saves folder (or of its trash), by name: the campaigns' saves, and
    any other TOML file kept there (none when it is no folder)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(n for n in names if n.endswith(".toml") and len(n) > 5 and not n.startswith("."))


def holds_campaigns(folder: str) -> bool:
    """Whether an unmarked folder looks like one an older journal made (a save's log, `.current`)."""
    try:
        with os.scandir(folder) as it:
            return any(e.name == ".current" or e.name.endswith(".log.jsonl") for e in it)
    except OSError:
        return False


def find(option: str | None = None, from_env: bool = False, start: str | None = None) -> Found:
    """The saves folder a command uses: `option` is the value of --saves (or of JOURNAL_SAVES when
    `from_env`); `start` the folder to look from (the working folder)."""
    if option:
        how = "env" if from_env else "option"
        why = "named by JOURNAL_SAVES" if from_env else "named by --saves"
        return Found(files.clean_path(option), how, why)
    here = os.path.abspath(start or os.getcwd())
    folder = here
    while True:
        candidate = os.path.join(folder, SAVES)
        if is_marked(candidate):
            if folder == here:
                return Found(SAVES, "nearest", "the saves/ folder made by journal in this folder")
            return Found(candidate, "nearest", "the nearest saves/ folder made by journal, above this folder")
        if folder == here and holds_campaigns(candidate):
            return Found(SAVES, "here", "a saves/ folder of campaigns in this folder (made by an older journal)")
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return Found(data_folder(), "data", "your data folder: no saves/ folder made by journal here or above")


def mark(folder: str) -> None:
    """Mark a saves folder as journal's (made on demand): the next search from below finds it.
    A folder that is marked already, or cannot be written, is left as it is."""
    path = os.path.join(folder, MARKER)
    if os.path.lexists(path):
        return
    try:
        os.makedirs(folder, exist_ok=True)
        atomic.atomic_write(files.clean_path(path), MARKER_TEXT.encode("utf-8"))
    except OSError:
        pass  # a read-only folder: its saves still work, it is just not found from below


def spelled_otherwise(name: str, folder: str) -> str | None:
    """A save of `folder` whose name differs from `name` only by case ('Solo' for 'solo')."""
    folded = name.casefold()
    same = [n[:-5] for n in save_files(folder) if n[:-5].casefold() == folded and n[:-5] != name]
    return same[0] if same else None


def elsewhere(name: str, folder: str) -> str | None:
    """Where a save `name` missing from `folder` is after all, said for the refusal (None: nowhere
    journal knows): the same name spelled in another case there, or a save of that name in another
    saves folder journal finds from here (the nearest saves/ made by journal, the data folder)."""
    import shlex

    other = spelled_otherwise(name, folder)
    if other is not None:
        return f"there is {other!r}: type the name as it is spelled"
    here = os.path.realpath(folder)
    for candidate in dict.fromkeys([find().folder, data_folder()]):
        if os.path.realpath(candidate) == here:
            continue
        spelled = name if os.path.isfile(os.path.join(candidate, f"{name}.toml")) else spelled_otherwise(name, candidate)
        if spelled is not None:
            shown = os.path.abspath(candidate)
            return (f"there is one in {shown}: journal --saves {shlex.quote(shown)} show -s "
                    f"{shlex.quote(spelled)}")
    return None
