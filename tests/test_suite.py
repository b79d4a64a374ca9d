"""The suite itself: green on any machine, whatever the length of pytest's temporary folder."""

from __future__ import annotations

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
