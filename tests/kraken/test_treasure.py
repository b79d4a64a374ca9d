"""journal/games/kraken/treasure.py: Chapter 14, Treasure drops: taking one, resolving it on the
TREASURE TABLE, the table file."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, new_state

from journal import templates
from journal.errors import RuleError
from journal.games.kraken import treasure


TREASURE, _TP = treasure.parse_treasure_table(templates.load("kraken", "treasure-table.toml"))


def test_treasure_table_example_underground_14_is_a_weapon():
    """Ch. 14: a grade 4 Primary's drop; in an underground Location a d20 of 14 is a Weapon
    of grade 4 (then a d6 for the row)."""
    assert not _TP and TREASURE["columns"] == {"Underground": {14: "weapon"}}
    s = explorer()
    s["locations"]["1"]["type"] = "Underground Complex"
    s = apply(s, treasure.treasure_add, grade=4).state
    out = apply(s, treasure.treasure_take, 14, first="credits", table=TREASURE)
    assert out.data["kind"] == "weapon" and out.state["credits"] == 104
    with pytest.raises(RuleError, match="gave a Weapon drop"):
        treasure.treasure_resolve(out.state, dice(5), kind="cash")
    assert apply(out.state, treasure.treasure_resolve, 3, kind="weapon").data["roll"] == 3
    other = apply(s, treasure.treasure_take, 13, first="credits", table=TREASURE)
    assert "kind" not in other.data                                        # a cell our text does not print


def test_prototype_rerolls_the_d20_until_an_item_or_weapon():
    table = {"title": "t", "columns": {"Caves": {1: "prototype", **{r: "cash" for r in range(2, 11)},
                                                 **{r: "weapon" for r in range(11, 21)}}}}
    s = apply(new_state(), treasure.treasure_add, grade=3).state
    s = apply(s, treasure.treasure_take, 1, first="stimpack", table=table, column="Caves").state
    out = apply(s, treasure.treasure_resolve, 2, 9, 15, 6, 2, kind="prototype", table=table, column="Caves")
    assert out.data["d20"] == [2, 9, 15] and (out.data["roll"], out.data["effect"]) == (6, 2)


def test_treasure_table_files_are_checked():
    _t, problems = treasure.parse_treasure_table({"columns": {"X": {"0": "cash", "3-2": "item", "5": "gold"}}})
    assert len(problems) == 3


def test_extra_cash_drop_example():
    """Ch. 14: grade 4 (worth 30) and a 5: half, 15 Credits; a 6: all 30."""
    s = new_state()
    s = apply(s, treasure.treasure_add, grade=4).state
    s = apply(s, treasure.treasure_take, 10, first="stimpack").state
    out = apply(s, treasure.treasure_resolve, 5, kind="cash")
    assert out.data["credits"] == 15 and "loot" not in out.state
    assert apply(s, treasure.treasure_resolve, 6, kind="cash").data["credits"] == 30


def test_treasure_grades_stop_at_6_and_divination_shifts_the_d20():
    s = apply(new_state(), treasure.treasure_add, grade=8).state
    assert s["loot"][0]["grade"] == 6
    with pytest.raises(RuleError, match="DIVINATION"):
        treasure.treasure_take(s, dice(10), first="credits", shift=3)
