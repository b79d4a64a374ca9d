"""The suite itself: green on any machine, whatever the length of pytest's temporary folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the tests that print most prose about saves and logs (wrapped at 100 columns)
PROSE = ["tests/test_current_campaign.py", "tests/test_hostile_log.py", "tests/test_hostile_files.py",
         "tests/test_cli_common.py", "tests/test_corrupt_saves.py", "tests/test_side_files.py"]


@pytest.mark.slow
@pytest.mark.parametrize("length", [8, 180])
def test_the_prose_tests_pass_with_a_short_and_a_long_temporary_folder(tmp_path, length):
    """Two tests once compared wrapped prose holding an absolute temporary path, so they passed or
    failed with the length of pytest's temporary folder: run them under a short and a long one."""
    base = tmp_path / ("t" * max(1, length - len(str(tmp_path)) - 1))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(base),
                        *PROSE], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:]
