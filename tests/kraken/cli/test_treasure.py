"""journal/games/kraken/cli/treasure.py, end to end: `journal kraken treasure …` and `treasure-
table`: Treasure drops (chapter 14)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def test_prices_treasure_table_items_and_journal_set(gap, tmp_path):
    r = gap("kraken", "grade-price", "-s", "gap", "4", "31")
    assert r.exit_code == 1 and "the rulebook prints it" in r.stderr
    gap("kraken", "grade-price", "-s", "gap", "2", "6", ok=True)
    gap("kraken", "treasure", "add", "-s", "gap", "--grade", "2", ok=True)
    table = tmp_path / "t.toml"
    table.write_text('[columns.Mine]\n"1-20" = "cash"\n', "utf-8")
    d = j(gap, "kraken", "treasure", "take", "-s", "gap", "--credits", "--table", str(table), "--column", "mine",
          "--roll", "7")
    assert d["kind"] == "cash"
    d = j(gap, "kraken", "treasure", "cash", "-s", "gap", "--roll", "6")
    assert d["credits"] == 6                                                   # grade 2 is noted at 6¢
    out = gap("kraken", "treasure-table", ok=True).stdout
    assert "Underground (1/20): 14: weapon" in out
    gap("kraken", "crew", "equip", "-s", "gap", "Ray", "R", "Med kit U2", ok=True)
    gap("kraken", "crew", "hp", "-s", "gap", "Ray", "-5", ok=True)
    gap("kraken", "crew", "use", "-s", "gap", "Ray", "Med kit", "--heal", "3", ok=True)
    s = state(gap, "gap")
    assert s["crew"]["Ray"]["hp"] == 6 and s["crew"]["Ray"]["inventory"]["R"] == "Med kit U1"
    out = gap("set", "-s", "gap", "crew.Ray.charger", "2", ok=True).stdout
    assert "Set state.crew.Ray.charger = 2 by hand" in out
    r = gap("set", "-s", "gap", "returned", "[5]")
    assert r.exit_code == 2 and "state.returned names Phase 5, after the current Phase 3" in r.stderr
