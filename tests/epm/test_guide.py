"""The guide (docs/epm.md) beside the README: a newcomer follows one after the other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def new_saves(page: Path) -> set[str]:
    """The save names a page's console examples create (`journal GAME new NAME`)."""
    return set(re.findall(r"^\$ journal \w+ new ([\w.-]+)", page.read_text(encoding="utf-8"), flags=re.M))


def test_the_guide_and_the_readme_quick_start_create_different_saves():
    """Issue 20 §5: following the README's quick start, then this guide, in the same folder works: the
    guide's `epm new` does not meet a save the quick start made."""
    readme, guide = new_saves(ROOT / "README.md"), new_saves(ROOT / "docs" / "epm.md")
    assert guide and not readme & guide, readme & guide
