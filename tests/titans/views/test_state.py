"""The state as scripts and the sheets see it (views/state.py): THREAT's tier derived, not stored."""

from __future__ import annotations

from titans.titans_helpers import NEW, j, shown_state


def test_new_and_show_json_give_the_derived_tier(journal):
    d = j(journal, *NEW)
    assert d["state"]["tier"] == "green" and "tier" not in journal.state("g")
    journal("titans", "set", "-s", "g", "threat", "16", ok=True)
    assert shown_state(journal)["tier"] == "red" and "tier" not in journal.state("g")
