"""The documentation stays true: the command reference is the command tree's, and no
relative link leads nowhere."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_command_reference_is_generated_from_the_command_tree():
    script = runpy.run_path(str(ROOT / "scripts" / "command_reference.py"))
    assert script["main"](["--check"]) == 0, "run: python scripts/command_reference.py"
