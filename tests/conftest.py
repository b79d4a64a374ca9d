"""Shared fixtures: a temporary saves folder, an in-process `journal` runner, an EPM campaign."""

from __future__ import annotations

import calendar
import os
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from journal_testing import EPM_NEW, Runner

ROOT = Path(__file__).resolve().parent.parent

# Property tests: a quick default for a developer's run, a thorough `ci` for `pytest -m slow
# --hypothesis-profile ci` (the README's test command). A test that states its own
# max_examples keeps it under both.
settings.register_profile("default", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")  # `--hypothesis-profile ci` loads the other one after this

# Processes the tests start (`python -m journal`, the installed `journal` script) import this
# checkout, as the tests themselves do (pyproject.toml's pytest `pythonpath`), never a stale copy.
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
# A command that finds no saves/ folder uses the player's data folder (journal/store/folder.py):
# the tests' is a temporary one, never the real ~/.local/share/journal.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="journal-tests-data-")


FIXED_TIME = "2026-12-01T20:00:00Z"  # the tests' "now", whatever the hour they run at


def clock_start(setting: str | None) -> float:
    """When the tests' clock starts: JOURNAL_TEST_CLOCK as HH:MM (today at that local time, in the
    time zone TZ names: the slow test tests/test_clock.py runs the time-sensitive tests at 23:59 and
    00:01 in two zones) or as a UTC time YYYY-MM-DDTHH:MM:SSZ; by default FIXED_TIME."""
    setting = setting or FIXED_TIME
    if len(setting) == 5 and setting[2] == ":":
        day = time.localtime()
        return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, int(setting[:2]), int(setting[3:]), 0, 0, 0, -1))
    return calendar.timegm(time.strptime(setting, "%Y-%m-%dT%H:%M:%SZ"))


class Clock:
    """journal's clock (journal.runtime.clock), fixed for a test: it moves only when the test moves
    it, so nothing a test asserts depends on the hour, the date or the time zone it runs in."""

    def __init__(self, start: float):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, **delta: float) -> None:
        """Move the clock on: clock.advance(hours=3)."""
        self.now += timedelta(**delta).total_seconds()

    def stamp(self) -> str:
        """Now as a log entry writes it."""
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.now))


@pytest.fixture(autouse=True)
def clock(monkeypatch) -> Clock:
    """Every in-process command reads this fixed clock (subprocesses read the real one)."""
    fixed = Clock(clock_start(os.environ.get("JOURNAL_TEST_CLOCK")))
    monkeypatch.setattr("journal.runtime.clock", fixed)
    return fixed


def no_fsync(fd: int) -> None:
    """fsync switched off: the data reaches the page cache, which is all a test that is not about
    durability reads back (an fsync costs tens of milliseconds on a loaded machine)."""


@pytest.fixture(autouse=True)
def fsync_off(request, monkeypatch) -> None:
    """Tests run with fsync switched off, except the durability, crash and interrupt tests
    (marked `durable`; tests/test_suite.py checks which modules those are). Processes the tests
    start always fsync."""
    if request.node.get_closest_marker("durable") is None:
        monkeypatch.setattr("journal.store.atomic.fsync", no_fsync)


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    """A saves folder in the test's temporary folder, which is the working folder: commands name
    it `saves`, so what they print holds no temporary path."""
    monkeypatch.chdir(tmp_path)
    return tmp_path / "saves"


@pytest.fixture
def journal(saves) -> Runner:
    return Runner(saves)


@pytest.fixture
def camp(journal) -> Runner:
    """An EPM campaign 'camp': Ana (piloting +1, diplomacy -1), Bo (strength +1), Cy; on Zorb."""
    journal(*EPM_NEW, ok=True)
    return journal


RENDERED: set = set()  # every journal.hints.Hint rendered while the tests ran


@pytest.fixture(autouse=True, scope="session")
def _collect_hints():
    """Keep every hint journal rendered (a rule's `cmd(...)`), to check it at the end."""
    from journal.hints import Hint

    render = Hint.render

    def kept(self):
        RENDERED.add(self)
        return render(self)

    Hint.render = kept  # type: ignore[method-assign]
    yield
    Hint.render = render  # type: ignore[method-assign]


def pytest_sessionfinish(session, exitstatus):
    """Every hint printed while the tests ran is a whole command that exists (hints.py): the
    hints rules give as values, checked against the command tree, and any other `journal ...`
    text found in what was printed."""
    from hints import bad_hint_values, bad_hints
    from journal_testing import PRINTED

    bad = bad_hint_values(RENDERED) + bad_hints(PRINTED)
    if bad:
        print(f"\n{len(bad)} hint(s) a player could not paste:")
        for line in bad:
            print("  " + line)
        session.exitstatus = 1
