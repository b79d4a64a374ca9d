"""journal/games/kraken/dungeon/actions.py: Chapter 13, what every tile of an exploration shares:
actions, Oxygen, the team, the end."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer

from journal.errors import NeedChoice
from journal.games.kraken.dungeon import maps as maps_rules


@pytest.mark.parametrize("difficulty, ao, cost", [("adventurer", "YES", 0), ("adventurer", "NO", 1),
                                                  ("adventurer", "HELL", 2), ("hardcore", "YES", 1),
                                                  ("hardcore", "NO", 2), ("hardcore", "HELL", 2)])
def test_oxygen_per_action_by_atmosphere_and_hardcore_swaps(difficulty, ao, cost):
    s = explorer(ao=ao, difficulty_level=difficulty)
    s = apply(s, maps_rules.dungeon_move, how="free").state
    out = apply(s, maps_rules.dungeon_move)
    assert out.state["oxygen"] == 25 - cost


def test_space_stations_have_no_breathable_outside():
    s = explorer(ao="YES")
    s["locations"]["1"]["type"] = "Space Station"
    s = apply(s, maps_rules.dungeon_move, how="free").state
    assert apply(s, maps_rules.dungeon_move).state["oxygen"] == 24


def test_out_of_oxygen_a_member_faints_for_each_action():
    s = explorer()
    s["oxygen"] = 0
    s = apply(s, maps_rules.dungeon_move, how="free").state
    with pytest.raises(NeedChoice, match="--faint is required"):
        maps_rules.dungeon_move(s, dice())
    out = apply(s, maps_rules.dungeon_move, faint="Ben")
    assert out.state["crew"]["Ben"]["status"] == "unconscious"


def test_with_no_conscious_member_left_the_team_is_lost():
    s = explorer(crew=("Ann", "Ben"))
    s["oxygen"] = 0
    s = apply(s, maps_rules.dungeon_move, how="free").state
    s = apply(s, maps_rules.dungeon_move, faint="Ann").state
    out = apply(s, maps_rules.dungeon_move)
    assert "dungeon" not in out.state and out.state["crew"] == {} and out.state["result"] == "lost"
