"""No test depends on the hour, the date or the time zone it runs in: the tests that read time
(sessions of play, undo's questions, the log's and the report's times, achievements' dates,
the saves listing) pass again with the clock at a minute to and a minute past midnight, local
time, in two time zones (tests/conftest.py: JOURNAL_TEST_CLOCK, the clock fixture)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIME_SENSITIVE = ["tests/report/test_report.py", "tests/test_undo_redo.py", "tests/test_log_undo.py",
                  "tests/test_current_campaign.py", "tests/test_campaigns.py", "tests/kraken/cli/test_achievements.py",
                  "tests/test_play.py"]
# POSIX zones need no time zone database: UTC, and ten hours behind it (as Hawaii).
ZONES = ["UTC0", "HST10"]


@pytest.mark.slow
@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("hour", ["23:59", "00:01"])
def test_the_time_sensitive_tests_pass_around_midnight_in_two_time_zones(hour, zone):
    env = {**os.environ, "TZ": zone, "JOURNAL_TEST_CLOCK": hour}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TIME_SENSITIVE], cwd=ROOT,
                       env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_the_clock_setting_names_a_local_time_today(monkeypatch):
    """JOURNAL_TEST_CLOCK=23:59 is today at 23:59 where TZ says the tests run."""
    import time

    from conftest import clock_start

    monkeypatch.setenv("TZ", "HST10")
    time.tzset()
    try:
        start = clock_start("23:59")
        local = time.localtime(start)
        assert (local.tm_hour, local.tm_min) == (23, 59) and time.gmtime(start).tm_hour == 9
        assert time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock_start(None))) == "2026-12-01T20:00:00Z"
    finally:
        monkeypatch.undo()
        time.tzset()
