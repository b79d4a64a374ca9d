"""journal/ is type-checked: mypy (default settings, pyproject.toml's [tool.mypy]) finds no error."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_error_in_journal():
    from mypy import api

    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "journal")])
    assert status == 0, out[-5000:] + err
