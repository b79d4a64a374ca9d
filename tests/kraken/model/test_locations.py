"""journal/games/kraken/model/locations.py: A Location as every chapter reads it (ch. 12, K7):
slots, species, atmospheres, description."""

from __future__ import annotations

from kraken.kraken_helpers import new_state

from journal.games.kraken.model import locations


def test_hardcore_and_space_atmospheres():
    s = new_state("hardcore")
    loc = {"type": "Space Station", "ao": "YES", "ai": "YES"}
    assert locations.effective_atmosphere(s, loc, "ao") == "HELL"     # no breathable outside in space, then hardcore
    assert locations.effective_atmosphere(s, loc, "ai") == "NO"
    assert locations.effective_atmosphere(new_state(), loc, "ao") == "NO"
