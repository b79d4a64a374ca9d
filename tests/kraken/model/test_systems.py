"""journal/games/kraken/model/systems.py: The ship's systems as every chapter reads them (ch. 11):
stats, installing, losing one."""

from __future__ import annotations

from kraken.kraken_helpers import CAT, new_state, with_ship


def test_ship_stats_combine_shields_armor_and_hull_expansions():
    from journal.games.kraken.model.systems import ship_stats

    s = with_ship(new_state(), "Primary Shields", "Secondary Shields", "Armor", "Heavy Armor", "Hull expansion",
              "Hull expansion", "Laser", "Laser")
    st_ = ship_stats(s, CAT)
    assert st_ == {"sp": 12 + 8, "shield": 9, "recharge": 4, "armor": 3, "weapons": 2}
    assert list(s["ship"]["systems"])[-2:] == ["Laser", "Laser 2"]
