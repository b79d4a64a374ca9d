"""journal/games/kraken/cli/saving.py, end to end: `journal kraken savepoint`, `clone-station`,
`reload`: saving and loading (3.2, K8)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def test_clone_station_save_point_and_reload(camp):
    camp("kraken", "location", "add", "-s", "sk", "--type", "Overland", "--difficulty", "1", "--ao", "YES",
         "--ai", "YES", "--depth", "4", "--teleport", "0", "--species", "Grey", "--maps", "8,3,4,5", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-5", ok=True)
    r = camp("kraken", "clone-station", "-s", "sk")
    assert r.exit_code == 1 and "a clone station is a map tile" in r.stderr
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "phase", "-s", "sk", "3", ok=True)
    camp("kraken", "dungeon", "enter", "-s", "sk", "1", ok=True)
    out = camp("kraken", "clone-station", "-s", "sk", "C", ok=True).stdout
    assert "Ray heals 4 (clone station): HP 3 → 7/8." in out and "Save point 1" in out
    saved = state(camp, "sk")
    camp("kraken", "dungeon", "leave", "-s", "sk", "entrance", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-2", ok=True)
    d = j(camp, "kraken", "reload", "-s", "sk")
    assert d["turn"] == 1 and state(camp, "sk") == saved
    r = camp("kraken", "savepoint", "-s", "sk")
    assert r.exit_code == 1 and "only at clone stations" in r.stderr


def test_real_life_has_no_reload(manual):
    r = manual("kraken", "reload", "-s", "hand")
    assert r.exit_code == 1 and "Real Life has no save-and-load" in r.stderr
