"""journal/games/kraken/dungeon/stations.py: Chapter 13, map elements that help: med, Oxygen and
clone stations (K8), Treasures."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer

from journal.errors import RuleError
from journal.games.kraken.dungeon import stations


def test_med_station_heals_up_to_4_three_times_and_halves_in_hell():
    s = explorer()
    s["crew"]["Ann"]["hp"] = 1
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="free").state
    assert s["crew"]["Ann"]["hp"] == 5
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="stay").state
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="stay").state
    with pytest.raises(RuleError, match="3 times"):
        stations.dungeon_med(s, dice(), tile="MS", name="Ann", how="stay")
    h = explorer(ao="HELL")
    h["crew"]["Ann"]["hp"] = 1
    assert apply(h, stations.dungeon_med, tile="MS", name="Ann", how="free").state["crew"]["Ann"]["hp"] == 3


def test_oxygen_station_refills():
    s = explorer()
    s["oxygen"] = 3
    assert apply(s, stations.dungeon_oxygen, tile="O", how="free").state["oxygen"] == 25


@pytest.mark.parametrize("level, saves", [("simulation", True), ("adventurer", True), ("real-life", False),
                                          ("hardcore", False)])
def test_clone_station_heals_4_once_and_saves_by_difficulty(level, saves):
    s = explorer(difficulty_level=level, ao="YES")       # (Hardcore's NO counts as HELL: healing halved)
    s["crew"]["Ann"]["hp"] = 2
    out = apply(s, stations.dungeon_clone, tile="C", how="free")
    assert out.state["crew"]["Ann"]["hp"] == 6
    assert ("savepoint" in out.meta) is saves
    again = apply(out.state, stations.dungeon_clone, tile="C", how="stay", savepoint=False)
    assert again.state["crew"]["Ann"]["hp"] == 6


def test_treasure_grade_is_difficulty_plus_t_once_per_exploration():
    """Ch. 13: T2 in a Difficulty 2 Location: a grade 4 drop."""
    s = explorer()
    out = apply(s, stations.dungeon_treasure, tile="T2", how="free")
    assert out.state["loot"] == [{"grade": 4, "from": "Treasure T2, MAP1 map 1"}]
    assert apply(out.state, stations.dungeon_treasure, tile="T2", how="stay").data["grade"] is None
    assert apply(explorer(difficulty=5), stations.dungeon_treasure, tile="T3", how="free").data["grade"] == 6
