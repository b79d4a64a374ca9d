"""The suite itself: green on any machine, whatever the length of pytest's temporary folder."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the tests that print most prose about saves and logs (wrapped at 100 columns)
PROSE = ["tests/test_current_campaign.py", "tests/test_hostile_log.py", "tests/test_hostile_files.py",
         "tests/test_cli_common.py", "tests/test_corrupt_saves.py", "tests/test_side_files.py"]


@pytest.mark.slow
@pytest.mark.parametrize("long", [False, True], ids=["short", "long"])
def test_the_prose_tests_pass_with_a_short_and_a_long_temporary_folder(tmp_path, long):
    """Two tests once compared wrapped prose holding an absolute temporary path, so they passed or
    failed with the length of pytest's temporary folder: run them under a short and a long one."""
    if long:
        base = tmp_path / ("t" * 120)
    else:
        base = Path(tempfile.mkdtemp(prefix="j"))  # /tmp/jXXXXXXXX
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(base),
                        *PROSE], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:]


@pytest.mark.slow
def test_the_built_wheel_holds_the_templates_and_the_docs(tmp_path):
    """The tests import the checkout; a player installs the wheel: it must carry the shipped data
    files (journal/_templates) and the guides `journal guide` reads (journal/_docs)."""
    import shutil
    import zipfile

    tree = tmp_path / "tree"  # built from a copy: building leaves build/ and *.egg-info behind
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__",
                                                              ".hypothesis", ".pytest_cache", "saves"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(tree)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    wheel = next(tmp_path.glob("tabletop_journal-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("epm", "titans", "kraken", "pulp"):
        assert f"journal/_templates/{game}/demo.toml" in names
        assert f"journal/_docs/{game}.md" in names
        assert f"journal/games/{game}/schema.py" in names
    assert {"journal/_docs/saves.md", "journal/_docs/report.md", "journal/games/README.md",
            "journal/commands/record.py", "journal/store/atomic.py"} <= names
    assert {"journal/pdf/fontfiles/DejaVuSansCondensed.ttf", "journal/pdf/fontfiles/DejaVuSansCondensed-Bold.ttf",
            "journal/pdf/fontfiles/DejaVuSansMono.ttf", "journal/pdf/fontfiles/LICENSE"} <= names


# --- fsync: off where a test is not about durability ----------------------------------------------

DURABLE = {"store/test_atomic.py", "store/test_interrupts.py", "test_session.py", "test_reliability.py"}


def counted_fsyncs(journal, monkeypatch) -> int:
    """How many times a command (run in this process) asks the system for an fsync."""
    calls = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(fd) or real(fd))
    journal("epm", "new", "f", "--character", "Ana", "--planet", "Zorb:blue", "--at", "Zorb", ok=True)
    journal("note", "a line", ok=True)
    return len(calls)


def test_a_test_that_is_not_about_durability_runs_without_fsync(journal, monkeypatch):
    assert counted_fsyncs(journal, monkeypatch) == 0


@pytest.mark.durable
def test_a_durability_test_runs_with_the_real_fsync(journal, monkeypatch):
    assert counted_fsyncs(journal, monkeypatch) >= 4  # each command: its log, its save, the folder


def test_the_durability_crash_and_interrupt_tests_are_the_ones_marked_durable():
    """Those modules keep the real fsync (tests/conftest.py); no other module asks for it."""
    marked = {str(path.relative_to(ROOT / "tests")) for path in (ROOT / "tests").rglob("test_*.py")
              if re.search(r"^pytestmark = pytest\.mark\.durable\b", path.read_text(encoding="utf-8"), re.M)}
    assert marked == DURABLE
