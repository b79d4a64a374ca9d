"""`journal pulp`: the group lists its commands in the order of play."""

from __future__ import annotations

def test_help_lists_commands_in_playing_order(journal):
    out = journal("pulp", "--help", ok=True).stdout
    order = [out.index(f"  {c} ") for c in ("new", "round", "engage", "evade", "search", "assign", "weapon",
                                            "die", "end-round", "bag")]
    assert order == sorted(order)
