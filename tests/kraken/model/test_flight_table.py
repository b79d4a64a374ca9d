"""journal/games/kraken/model/flight_table.py: The FLIGHT TABLE (book p. 163): timeline cells,
objectives and enemy ships as printed."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import TABLE

from journal.errors import InputError
from journal.games.kraken.model import flight_table


def test_flight_table_ships_the_rows_the_rulebook_prints():
    assert set(TABLE) == {3, 4}
    mines = TABLE[3]
    assert (mines["name"], mines["timeline"], mines["objectives"], mines["xp"]) == ("Space mines", ["-", "-", "V"], [],
                                                                                     5)
    accident = TABLE[4]
    assert accident["timeline"] == ["-", "-", "-", "-", "T"]
    assert [f"{o['check']}{o['target']}" for o in accident["objectives"]] == ["T7", "T7", "T7", "T9"]
    assert accident["xp"] == 8 and len(accident["enemies"]) == 2


def test_enemy_definition_reads_sp_crew_damage_shield_recharge():
    """9.4: 'Mine 3-0, 5, 0-0' is a Mine with 3 SP, no crew, 5 damage, no shield, no recharge."""
    e = flight_table.parse_enemy("Mine 3-0, 5, 0-0")
    assert (e["type"], e["sp"], e["crew"], e["damage"], e["shield"], e["recharge"]) == ("Mine", 3, 0, 5, 0, 0)
    e = flight_table.parse_enemy("Kraken Frigate 12-6, 4 HE, 5-2")
    assert (e["type"], e["sp"], e["crew"], e["effect"], e["shield_max"], e["recharge"]) == ("Kraken Frigate", 12, 6,
                                                                                           "HE", 5, 2)
    with pytest.raises(InputError, match="SP-CREW"):
        flight_table.parse_enemy("Mine 3, 5")


def test_flight_table_format_problems_are_named():
    _rows, problems = flight_table.parse_table({"flights": {"2": {"name": "x"}, "5": {"name": "Raid", "enemies": ["bad"],
                                                                         "timeline": ["Q"]}}})
    assert any("flights.2: a flight number is 3-19" in p for p in problems)
    assert any("flights.5" in p for p in problems)
