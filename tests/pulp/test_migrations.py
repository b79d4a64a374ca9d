"""Older saves are read and written in the current format."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

from pulp.pulp_helpers import j

DATA = Path(__file__).parent / "data"


def test_a_schema_1_save_is_read_and_written_without_its_derived_values(journal):
    """Schema 1 stored each line card's engage_strength and engage_icon (written by the previous
    version: card 1 engaged with --icon D, cards 2 and 3 evaded, card 4 pending). They are derived
    now; only the icon a card's text set is kept (icon_override)."""
    journal.saves.mkdir(parents=True, exist_ok=True)
    old_text = (DATA / "schema1.toml").read_text("utf-8")
    (journal.saves / "old.toml").write_text(old_text, "utf-8")
    shutil.copy(DATA / "schema1.log.jsonl", journal.saves / "old.log.jsonl")
    before = journal.files("old")
    journal("check", "-s", "old", ok=True)
    shown = j(journal, "show", "-s", "old")["state"]
    assert shown == tomllib.loads(old_text)["state"]  # the very keys and values schema 1 stored
    assert [(c["engage_strength"], c["engage_icon"]) for c in shown["line"]] == [(1, "D"), (2, "D"), (1, "S"),
                                                                                 (2, "S")]
    assert "4 G2S.b      pending  2 Science" in journal("show", "-s", "old", ok=True).stdout
    journal("pulp", "ability", "-s", "old", "combat", "+1", ok=True)
    doc = tomllib.loads((journal.saves / "old.toml").read_text("utf-8"))
    assert doc["journal"]["schema"] == 2
    assert [c.get("icon_override") for c in doc["state"]["line"]] == ["D", None, None, None]
    assert not any("engage_strength" in c or "engage_icon" in c for c in doc["state"]["line"])
    assert j(journal, "show", "-s", "old")["state"]["line"] == shown["line"]
    journal("check", "-s", "old", ok=True)
    journal("undo", "-s", "old", ok=True)
    assert journal.files("old") == before
