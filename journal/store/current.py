"""The current campaign of a saves folder: one line in `.current`, chosen by `new` or `journal use`."""

from __future__ import annotations

import os

from journal import files
from journal.errors import SaveError
from journal.store import atomic
from journal.store.paths import SavePaths, folder_of

CURRENT = ".current"  # one line in the saves folder: the campaign `journal use` chose


def read_current(folder: str) -> str | None:
    """The saves folder's current campaign (a save name, or a path to a .toml file), if any."""
    path = files.clean_path(os.path.join(folder, CURRENT))
    try:
        text = files.read_bytes(path, limit=4096).decode("utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not UTF-8 text: choose the campaign again with `journal use NAME`") from None
    except SaveError as e:
        raise SaveError(f"{e.message}: choose the campaign again with `journal use NAME`") from None
    return text.split("\n")[0].strip() if text else None


def current_ref(paths: SavePaths, folder: str) -> str:
    """How the current-campaign file names a save: its name inside the folder, else its full path."""
    inside = os.path.realpath(folder_of(paths.save)) == os.path.realpath(folder)
    return paths.name if inside else os.path.realpath(paths.save)


def write_current(folder: str, ref: str) -> None:
    """Make `ref` the folder's current campaign (the caller holds the folder's lock). A `.current`
    that is a link is replaced by a file, never written through."""
    os.makedirs(folder, exist_ok=True)
    path = files.clean_path(os.path.join(folder, CURRENT))
    if os.path.islink(path):
        atomic.remove(path)
    atomic.atomic_write(path, (ref + "\n").encode("utf-8"))
