"""Helpers shared by the test suite: an in-process `journal` runner and a standard campaign.

Imported by name (`from journal_testing import run`), which stays unambiguous even
when game test folders have their own conftest.py.
"""

from __future__ import annotations

import os
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
    """Keep what a command printed, for the check that every hint can be pasted (not the
    guides `journal guide` prints: their console examples are replayed by test_tours.py)."""
    if next((str(a) for a in command if not str(a).startswith("-")), None) == "guide":
        return
    for text in (result.stdout, result.stderr):
        if "journal " in text or "`" in text:
            PRINTED.setdefault(text, " ".join(map(str, command)))


def shown_folder(saves: Path) -> str:
    """The saves folder as the command line names it: relative to the working folder when inside
    it (the `saves` fixture works in the test's temporary folder), so that nothing a test
    compares holds a temporary path whose length changes from machine to machine."""
    rel = os.path.relpath(saves)
    return str(saves) if rel.startswith("..") else rel


def run(saves: Path, *args, input=None, env=None):
    """`journal --saves SAVES ARGS...` in-process, with the player's JOURNAL_* variables unset."""
    result = CliRunner().invoke(_Journal(), ["--saves", shown_folder(saves), *map(str, args)], input=input,
                                env={**CLEAN_ENV, **(env or {})}, catch_exceptions=False)
    collect(args, result)
    return result


def ok(saves: Path, *args):
    r = run(saves, *args)
    assert r.exit_code == 0, (args, r.exit_code, r.stdout, r.stderr)
    return r


def played(saves: Path, *commands: list[str]) -> Path:
    """A saves folder after these commands (each must succeed)."""
    for args in commands:
        ok(saves, *args)
    return saves


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

TITANS_NEW = ["titans", "new", "t", "--players", "2",
              "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,pilot=Ono,player=Ana,city=Tokyo",
              "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira,player=Bo,city=London",
              "--rift", "North=Flying", "--rift", "South=Amphibious", "--rift", "East=Mechanical",
              "--rift", "West=Terrestrial", "--seed", "7"]
PULP_NEW = ["pulp", "new", "p", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6",
            "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3",
            "--hegemony", "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]


def named(new_command: list[str], name: str) -> list[str]:
    """A `GAME new NAME ...` command line with another save name."""
    return [*new_command[:2], name, *new_command[3:]]


def imported_by(module: str, args: list[str]) -> bool:
    """Whether `journal ARGS`, run by a fresh Python in the current folder, imports `module`."""
    import subprocess
    import sys

    code = ("import sys\nfrom journal.cli import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
            f"print({module!r} in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    said = r.stdout.strip().splitlines()[-1:]
    assert said in (["True"], ["False"]), r.stderr
    return said == ["True"]


def one_error(result, code: int = 1) -> str:
    """A refusal: exit `code` and exactly one `Error:` line on stderr, no traceback, no
    "internal error"; returns the line."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    return lines[0]
