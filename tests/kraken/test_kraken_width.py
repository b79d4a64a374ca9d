"""Human output fits 100 columns (DESIGN.md): a busy campaign's `show`, the Line Tracker and
the combat, ground and dungeon pages, and what every command of the demo campaign prints."""

from __future__ import annotations

import shlex

import pytest

from journal import templates
from journal.text import wrap

WIDTH = 100


def too_wide(text: str) -> list[str]:
    """Lines over 100 columns (the core's "Saved as '…' (PATH)" holds a path: not prose)."""
    return [line for line in text.splitlines() if len(line) > WIDTH and not line.startswith("Saved as '")]


def demo_commands() -> list[list[str]]:
    spec = templates.load("kraken", "demo.toml")
    folder = str(templates.root())
    lines = [spec["new"]] + spec["commands"].splitlines()
    return [shlex.split(x.replace("{templates}", folder), comments=True) for x in lines if x.strip()
            and not x.strip().startswith("#")]


def test_a_busy_campaign_fits_100_columns_at_every_step(journal):
    pages = 0
    for args in demo_commands():
        r = journal(*args, ok=True)
        assert not too_wide(r.stdout), (args, too_wide(r.stdout))
        state = journal.state("demo-kraken")
        views = [("show", "-s", "demo-kraken"), ("kraken", "lines", "-s", "demo-kraken")]
        views += [("kraken", what, "show", "-s", "demo-kraken") for what, key in
                  (("combat", "combat"), ("ground", "ground"), ("dungeon", "dungeon")) if state.get(key)]
        for view in views:
            out = journal(*view, ok=True).stdout
            assert not too_wide(out), (args, view, too_wide(out))
            pages += 1
    assert pages > 150      # the combat, ground and dungeon pages were shown along the way


@pytest.mark.parametrize("columns, width", [("60", 60), ("300", 100), (None, 100), ("x", 100)])
def test_prose_wraps_at_the_terminal_width_at_most_100(monkeypatch, columns, width):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    line = "Ray attacks the Kraken drone with the Rifle and hits it twice; " * 4
    out = wrap(["  " + line.strip()])
    assert all(len(x) <= width for x in out) and len(out) > 1
    assert out[1].startswith("    ")                     # continued under its indent + 2
    assert " ".join(" ".join(out).split()) == " ".join(line.split())


def test_a_command_in_a_wrapped_line_is_never_split(monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    text = ("Next: board an enemy (journal kraken combat board N --crew NAME), try to escape "
            "(journal kraken combat escape) or recharge (journal kraken combat recharge).")
    out = wrap([text])
    for hint in ("journal kraken combat board N --crew NAME", "journal kraken combat escape",
                 "journal kraken combat recharge"):
        assert any(hint in line for line in out), out
