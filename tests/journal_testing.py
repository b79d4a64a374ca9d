"""Helpers shared by the test suite: an in-process `journal` runner and a standard campaign.

Imported by name (`from journal_testing import run`), which stays unambiguous even
when game test folders have their own conftest.py.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from click.testing import CliRunner

from journal.cli import main


class _Journal:
    """Lets CliRunner drive journal.cli.main (our entry point, with its error handling)."""

    name = "journal"

    def main(self, args=(), prog_name=None, **_extra):
        main(list(args))


CLEAN_ENV = {"JOURNAL_SAVE": None, "JOURNAL_SAVES": None, "JOURNAL_DEBUG": None, "COLUMNS": None}


# Every hint journal printed while the tests ran: text -> the command that printed it
# (checked against the command tree when the session ends: conftest.py).
PRINTED: dict[str, str] = {}


def collect(command, result) -> None:
    """Keep what a command printed, for the check that every hint can be pasted."""
    for text in (result.stdout, result.stderr):
        if "journal " in text or "`" in text:
            PRINTED.setdefault(text, " ".join(map(str, command)))


def run(saves: Path, *args, input=None, env=None):
    """`journal --saves SAVES ARGS...` in-process, with the player's JOURNAL_* variables unset."""
    result = CliRunner().invoke(_Journal(), ["--saves", str(saves), *map(str, args)], input=input,
                                env={**CLEAN_ENV, **(env or {})}, catch_exceptions=False)
    collect(args, result)
    return result


def ok(saves: Path, *args):
    r = run(saves, *args)
    assert r.exit_code == 0, (args, r.exit_code, r.stdout, r.stderr)
    return r


class Runner:
    def __init__(self, saves: Path):
        self.saves = saves
        self.runner = CliRunner()

    def __call__(self, *args, input=None, env=None, ok=None):
        result = run(self.saves, *args, input=input, env=env)
        if ok is True:
            assert result.exit_code == 0, result.stderr or result.stdout
        elif ok is False:
            assert result.exit_code != 0, result.stdout
        return result

    def state(self, name: str) -> dict:
        return tomllib.loads((self.saves / f"{name}.toml").read_text("utf-8"))["state"]

    def files(self, name: str) -> tuple[bytes, bytes]:
        log = self.saves / f"{name}.log.jsonl"
        return (self.saves / f"{name}.toml").read_bytes(), log.read_bytes() if log.exists() else b""


EPM_NEW = ["epm", "new", "camp", "--character", "Ana:piloting=1,diplomacy=-1", "--character", "Bo:strength=1",
           "--character", "Cy", "--planet", "Zorb:blue", "--planet", "Kell:pink", "--planet", "Vex:yellow",
           "--at", "Zorb", "--seed", "7"]
