"""Shared fixtures: a temporary saves folder, an in-process `journal` runner, an EPM campaign."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal_testing import EPM_NEW, Runner


@pytest.fixture
def saves(tmp_path) -> Path:
    return tmp_path / "saves"


@pytest.fixture
def journal(saves) -> Runner:
    return Runner(saves)


@pytest.fixture
def camp(journal) -> Runner:
    """An EPM campaign 'camp': Ana (piloting +1, diplomacy -1), Bo (strength +1), Cy; on Zorb."""
    journal(*EPM_NEW, ok=True)
    return journal


def pytest_sessionfinish(session, exitstatus):
    """Every hint printed while the tests ran is a whole command that exists (hints.py)."""
    from hints import bad_hints
    from journal_testing import PRINTED

    bad = bad_hints(PRINTED)
    if bad:
        print(f"\n{len(bad)} hint(s) a player could not paste:")
        for line in bad:
            print("  " + line)
        session.exitstatus = 1
