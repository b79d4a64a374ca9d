"""journal/games/kraken/cli/quests.py, end to end: `journal kraken quest …` and `captive …`: quests
(K13) and captured aliens (chapter 4)."""

from __future__ import annotations

from kraken.kraken_helpers import state


def test_captives_by_hand(gap):
    gap("kraken", "captive", "add", "-s", "gap", "Grey", "--carrier", "Ray", "--level", "3", "--species", "grey",
        ok=True)
    r = gap("kraken", "captive", "give", "-s", "gap", "Grey", "Ray")
    assert r.exit_code == 1 and "carries Grey already" in r.stderr
    gap("kraken", "captive", "give", "-s", "gap", "Grey", "Mila", ok=True)
    assert "Captives: Grey (Grey, LV3) carried by Mila" in gap("show", "-s", "gap", ok=True).stdout
    gap("kraken", "captive", "release", "-s", "gap", "Grey", ok=True)
    assert "captives" not in state(gap, "gap")
