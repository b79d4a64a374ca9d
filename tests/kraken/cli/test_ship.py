"""journal/games/kraken/cli/ship.py, end to end: `journal kraken ship …`, `storage …`, `build …`:
the spaceship (ch. 11) and construction (ch. 7)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def test_construction_and_storage_from_the_cli(camp):
    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "20", "--sp", "10", ok=True)
    camp("kraken", "storage", "add", "-s", "sk", "Welder", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "L", "welder", "--from-storage", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "phase", "-s", "sk", "2", ok=True)
    d = j(camp, "kraken", "build", "start", "-s", "sk", "Combat Bridge", "--crew", "Mila", "--crew", "Ray",
          "--turns", "1", "--roll", "6", "--roll", "1")
    assert (d["discount"], d["pay"], d["due"]) == ((6 + 5) + (1 + 3), 5, 2)
    camp("kraken", "free-action", "-s", "sk", "skip")  # refused: not Phase 3
    camp("kraken", "phase", "-s", "sk", "3", ok=True)
    camp("kraken", "free-action", "-s", "sk", "skip", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = camp("kraken", "phase", "-s", "sk", "2", ok=True).stdout
    assert "Pay 5¢ for the Combat Bridge" in out
    s = state(camp, "sk")
    assert "Combat Bridge" in s["ship"]["systems"] and s["storage"] == [] and s["crew"]["Ray"]["inventory"] == {
        "L": "welder"}
