"""Ctrl-C at every system call that opens or moves a campaign's files, injected by strace into real
`journal` processes (issue 31 items 1, 4 and 8): a campaign move is whole where it was or where it
went, and says so; a file being opened is never closed twice ("Bad file descriptor")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from journal_testing import EPM_NEW

pytestmark = pytest.mark.skipif(shutil.which("strace") is None, reason="strace injects the Ctrl-Cs")
ROOT = Path(__file__).resolve().parents[1]
MOVED = "rename,renameat,renameat2,unlink,unlinkat"


def journal(saves: Path, *args: str, inject: str | None = None) -> subprocess.CompletedProcess:
    """`journal --saves SAVES ARGS` as its own process (under strace when `inject` names the
    injection: `ioctl:signal=SIGINT:when=7`)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JOURNAL_SAVE": "", "JOURNAL_SAVES": ""}
    command = [sys.executable, "-m", "journal", "--saves", str(saves), *args]
    if inject:
        syscalls = inject.split(":")[0]
        command = ["strace", "-f", "-o", os.devnull, "-e", f"trace={syscalls}", "-e", f"inject={inject}", *command]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=saves.parent, timeout=60)


def calls(saves: Path, syscalls: str, *args: str) -> int:
    """How many of `syscalls` the command makes (strace counts them, on a copy of the folder)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    copy = saves.parent / "counted"
    shutil.copytree(saves, copy)
    done = subprocess.run(["strace", "-f", "-c", "-e", f"trace={syscalls}", sys.executable, "-m", "journal",
                           "--saves", str(copy), *args], capture_output=True, text=True, env=env, timeout=60)
    shutil.rmtree(copy)
    total = [line.split() for line in done.stderr.splitlines() if line.strip().endswith("total")]
    return int(total[0][3]) if total else 0  # % time, seconds, usecs/call, calls


@pytest.fixture
def camp(tmp_path) -> Path:
    saves = tmp_path / "saves"
    assert journal(saves, *EPM_NEW).returncode == 0
    assert journal(saves, "note", "-s", "camp", "first").returncode == 0
    return saves


@pytest.mark.slow
@pytest.mark.parametrize("op", ["delete", "restore", "copy", "rename"])
def test_a_ctrl_c_at_every_file_move_of_a_campaign_move_leaves_it_whole(camp, tmp_path, op):
    """Item 4's SIGINT trial: at each rename or unlink the move makes, a real SIGINT."""
    if op == "restore":
        assert journal(camp, "delete", "camp", "--yes").returncode == 0
    args = {"delete": ["delete", "camp", "--yes"], "restore": ["restore", "camp"], "copy": ["copy", "camp", "c2"],
            "rename": ["rename", "camp", "c2"]}[op]
    count = calls(camp, MOVED, *args)
    assert count >= 3
    for when in range(1, count + 1):
        trial = tmp_path / f"trial{when}"
        shutil.copytree(camp, trial)
        done = journal(trial, *args, inject=f"{MOVED}:signal=SIGINT:when={when}")
        assert done.returncode in (0, 130), done.stderr
        assert "Traceback" not in done.stderr and "nothing was saved" not in done.stderr or \
            "nothing was saved by the unfinished command" in done.stderr, done.stderr
        listed = journal(trial, "list")
        assert listed.returncode == 0 and not (trial / ".move.json").exists()
        names = {p.name for p in trial.iterdir()} | {f".trash/{p.name}" for p in (trial / ".trash").glob("*")}
        for name in ("camp", "c2", ".trash/camp"):
            has_save, has_log = f"{name}.toml" in names, f"{name}.log.jsonl" in names
            assert has_save == has_log, (when, name, sorted(names))  # never split
        whole = [n for n in ("camp", "c2") if f"{n}.toml" in names]
        for name in whole:
            assert journal(trial, "check", "-s", name).returncode == 0
        shutil.rmtree(trial)


@pytest.mark.slow
@pytest.mark.parametrize("args", [["show", "-s", "camp"], ["note", "-s", "camp", "x"]])
def test_a_ctrl_c_while_a_file_is_opened_is_an_interruption(camp, args):
    """Item 8: a SIGINT at each ioctl (Python's open asks whether the file is a terminal while it
    builds the file object): exit 130 or done, never "Bad file descriptor"."""
    count = calls(camp, "ioctl", *args)
    for when in range(max(1, count - 45), count + 1):
        done = journal(camp, *args, inject=f"ioctl:signal=SIGINT:when={when}")
        # (-2: a Ctrl-C while Python still imports journal, before any file of the campaign is opened)
        assert "Bad file descriptor" not in done.stderr and done.returncode in (0, 130, -2), (when, done.stderr)
    assert journal(camp, "check", "-s", "camp").returncode == 0
