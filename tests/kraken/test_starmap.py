"""journal/games/kraken/starmap.py: The Starmap Locations Log (ch. 12, K7): noting a Location, Map
IDs, cleared maps, solving it."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, new_state, with_crew

from journal.errors import RuleError
from journal.games.kraken import flight, phases, ship, starmap
from journal.games.kraken.space_combat import page


def test_location_records_every_parameter_and_rolls_map_ids():
    s = new_state()
    out = apply(s, starmap.location_add, 8, 3, 12, 17, type="Space Station", difficulty=2, ao="no", ai="yes", depth=4,
                teleport=4, special="one-way", species="krakens", roll_maps=True)
    loc = out.state["locations"]["1"]
    assert loc == {"type": "Space Station", "difficulty": 2, "ao": "NO", "ai": "YES", "depth": 4, "teleport": 4,
                   "special": "one-way", "species": "Kraken", "maps": [8, 3, 12, 17], "cleared": [], "solved": False}


def test_map_ids_can_be_rolled_one_at_a_time_and_cleared_maps_underlined():
    s = apply(new_state(), starmap.location_add, type="Overland", difficulty=2, ao="NO", ai="YES", depth=5, teleport=2,
              species="Beasts").state
    s = apply(s, starmap.location_map, 8, slot="1").state
    with pytest.raises(RuleError, match="map 2 has none yet"):
        starmap.location_clear(s, dice(), slot="1", map_no=2)
    s = apply(s, starmap.location_clear, slot="MAP1", map_no=1).state
    assert s["locations"]["1"]["maps"] == [8] and s["locations"]["1"]["cleared"] == [1]
    with pytest.raises(RuleError, match="cleared already"):
        starmap.location_clear(s, dice(), slot="1", map_no=1)


def test_solving_a_location_gives_maps_times_difficulty_times_2_xp():
    """Chapter 13: 'difficulty 3 with 6 Maps, you will receive 36 (3x6x2) XP'."""
    s = apply(new_state(), starmap.location_add, type="Mine", difficulty=3, ao="NO", ai="YES", depth=6, teleport=2,
              species="Lost").state
    out = apply(s, starmap.location_solve, slot="1", reward="four")
    assert out.data["xp_gain"] == 36 and out.state["xp"] == 36
    with pytest.raises(RuleError, match="solved only once"):
        starmap.location_solve(out.state, dice(), slot="1", reward="two")


def test_location_add_records_the_flights_location_rolled_by_hand():
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray")
    s = apply(apply(s, phases.turn).state, phases.phase, to=3).state
    s = apply(s, flight.flight, difficulty=1, cat=CAT, table={}, options=["safe"]).state
    out = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
                species="Lost")
    assert "flight" not in out.state and out.state["locations"]["1"]["land_turn"] == 2
    with pytest.raises(RuleError, match="waits to be generated"):
        page.combat_start(s, dice(), cat=CAT, enemies=["Mine 3-0, 5, 0-0"])
