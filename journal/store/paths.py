"""Where a campaign lives: its save's name or path, its log beside it, links followed safely.

Paths are plain strings written as pathlib writes them (files.clean_path): pathlib alone (with
urllib.parse, which it imports) costs a command more start-up time than reading a save.
"""

from __future__ import annotations

import os
import re

from journal import files
from journal.errors import InputError, SaveError, typed

NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9._-]*"  # compiled when first used (re caches it)
NAME_CHARS = "letters, digits, '.', '_' and '-', starting with a letter or digit"
NAME_RULE = f"a save name ({NAME_CHARS}) or a path ending in .toml"


def folder_of(path: str) -> str:
    """The folder a file is in ('.' for a bare file name)."""
    return os.path.dirname(path) or "."


def beside(path: str, name: str) -> str:
    """The file `name` in the folder of `path`."""
    return os.path.join(os.path.dirname(path), name)


class SavePaths:
    """Where a campaign lives: the save, its log (both paths as strings) and its name."""

    __slots__ = ("save", "log", "name")

    def __init__(self, save: str, log: str, name: str):
        self.save, self.log, self.name = save, log, name

    @property
    def shown(self) -> str:
        return str(self.save)

    @property
    def folder(self) -> str:
        """The folder the save is in (the saves folder, for a save named by NAME)."""
        return folder_of(self.save)

    @property
    def undone(self) -> str:
        """The commands undo took back, beside the log: NAME.undone.jsonl (journal/store/undone.py)."""
        return self.log[: -len(".log.jsonl")] + ".undone.jsonl"


def resolve(ref: str, saves_dir: str) -> SavePaths:
    """A NAME inside the saves folder, or a path to a .toml file; anything else is refused."""
    if not isinstance(ref, str) or not ref:
        raise InputError(f"no save given: expected {NAME_RULE}")
    if ref.endswith(".toml") and len(ref) > 5:
        path = files.clean_path(ref)
    elif re.fullmatch(NAME_PATTERN, ref):
        path = files.clean_path(os.path.join(saves_dir, f"{ref}.toml"))
    else:
        raise InputError(f"{typed(ref)} is not {NAME_RULE}")
    name = os.path.basename(path)[: -len(".toml")]
    log = beside(path, f"{name}.log.jsonl")
    if os.path.islink(path) or os.path.islink(log):
        return _through_links(path, log, name)
    return SavePaths(path, log, name)


def _through_links(path: str, log: str, name: str) -> SavePaths:
    """A save reached through a symlink is the file it points to, with that file's own log:
    commands write there (the link stays a link). Two saves never share one history: a log
    that is a link to another save's log (another name), or a log beside the link that is
    not the real save's, is refused. The log journal appends to is never a link itself."""
    real = os.path.realpath(path)
    broken = files.broken_link(path)
    if broken:
        raise SaveError(f"{path} {broken}: remove the link" + ("" if files.LOOP in broken else
                                                              ", or put the save back where it points"))
    real_name = os.path.basename(real)
    if not real_name.endswith(".toml") or len(real_name) <= 5:
        raise SaveError(f"{path} is a link to {real}, which is not a .toml save")
    real_log = beside(real, f"{real_name[:-5]}.log.jsonl")
    target = os.path.realpath(real_log)
    if os.path.islink(real_log):
        if os.path.basename(target) != os.path.basename(real_log):
            raise SaveError(f"{real_log} is a link to {target}, the log of another save: a save and its log "
                            f"stay together (restore the save's own log)")
        raise SaveError(f"{real_log} is a link (to {target}): journal never appends to a log through a link; "
                        f"put the log itself beside its save")
    if log != real_log and os.path.lexists(log) and os.path.realpath(log) != target:
        what = f"a link to {os.path.realpath(log)}" if os.path.islink(log) else "another file"
        raise SaveError(f"{log} is {what}, but the log of {path} is {real_log}: a save and its log stay "
                        f"together (use one name for the campaign, or move the stray log away)")
    return SavePaths(real, real_log, name)


def journal_file(name: str) -> str | None:
    """What file of journal's a file name is (None: none), so that no PDF is written over one."""
    if name.endswith(".log.jsonl"):
        return "a campaign's log"
    if name.endswith(".undone.jsonl"):
        return "a campaign's undone commands"
    if name.endswith(".toml"):
        return "a save or a file journal keeps beside saves"
    if name == ".current":
        return "the saves folder's current campaign"
    if name.startswith(".") and name.endswith(".cache.json"):
        return "a save's parse cache"
    if name.startswith(".") and name.endswith(".history"):
        return "a campaign's play history"
    return None
