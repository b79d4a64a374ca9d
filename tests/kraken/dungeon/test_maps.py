"""journal/games/kraken/dungeon/maps.py: Chapter 13, the maps: landing on a Location, moving, exits,
going back, leaving, solving it."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, exploring

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken import phases, story_lines
from journal.games.kraken.cgm import cells
from journal.games.kraken.dungeon import maps, maps as maps_rules, stations
from journal.games.kraken.ground_combat import spawn


def next_turns_phase_3(s: dict) -> dict:
    """Phase 3 of the next turn: its free action may enter the Location again."""
    s = apply(apply(s, phases.phase, to=5).state, phases.turn).state
    return apply(s, phases.phase, to=3).state


@pytest.mark.parametrize("phase", [2, 4, 5])
def test_no_dungeon_exploration_in_a_phase_that_has_none(phase):
    """Ch. 5: the exploration is Phase 3's free action (or an event's); Phases 2, 4 and 5
    have none."""
    s = exploring(phase=3)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s = apply(apply(apply(s, phases.phase, to=5).state, phases.turn).state, phases.phase, to=phase).state
    with pytest.raises(RuleError, match=f"Phase 3's free action .*this is Phase {phase}"):
        maps.dungeon_enter(s, dice(), slot="1")


def test_an_event_may_start_an_exploration_in_phase_1_or_in_phase_3s_line():
    """Ch. 6: "If a Dungeon Exploration or combat loop is triggered by an Event, it is handled
    the same way as when you ... visited a previously discovered Location again"."""
    s = exploring(phase=1)                                        # Phase 1: an event's exploration
    assert "free_action" not in s
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s["lines"]["1"], s["done"] = {"coords": ["1AA"], "vars": {}}, ["1"]      # activated in Phase 1
    s = apply(s, phases.phase, to=3).state
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("9ZZ")).state   # the line again: the free action
    assert s["free_action"] == "line"
    assert apply(s, maps.dungeon_enter, slot="1").state["dungeon"]   # its event's exploration


@pytest.mark.parametrize("difficulty, reward, grades", [(3, "four", [4, 4, 4, 4]), (3, "two", [5, 5]),
                                                        (5, "four", [6, 6, 6, 6]), (5, "two", [6, 6])])
def test_solving_a_location_books_its_treasures(difficulty, reward, grades):
    """Ch. 13 SOLVING A LOCATION: "you will receive a reward of four Treasures with the
    Treasure grade of the Location's difficulty +1, or two Treasures with the grade of the
    Location's difficulty +2"; "The maximum Treasure grade is 6" (ch. 14)."""
    s = exploring(difficulty=difficulty)
    s["dungeon"]["map"] = 4                                              # the last map
    with pytest.raises(NeedChoice) as asked:
        maps.dungeon_exit(s, dice(), how="free")
    assert asked.value.option == "--reward" and asked.value.values == ["four", "two"]
    out = apply(s, maps.dungeon_exit, how="free", reward=reward)
    assert [x["grade"] for x in out.state["loot"]] == grades and out.state["xp"] == 4 * difficulty * 2
    assert all(x["from"] == "solving MAP1 (Overland)" for x in out.state["loot"])


def test_the_first_move_on_a_map_is_free_and_only_once():
    s = explorer()
    s = apply(s, maps_rules.dungeon_move, how="free").state
    assert s["oxygen"] == 25
    with pytest.raises(RuleError, match="free move"):
        maps_rules.dungeon_move(s, dice(), how="free")


def test_leaving_a_map_clears_it_unless_no_treasure_was_activated():
    s = explorer()
    out = apply(s, maps_rules.dungeon_exit, how="free", keep_uncleared=True)
    assert out.state["locations"]["1"]["cleared"] == [] and out.state["dungeon"]["map"] == 2
    s = apply(s, stations.dungeon_treasure, tile="T1", how="free").state
    with pytest.raises(RuleError, match="Treasure was activated"):
        maps_rules.dungeon_exit(s, dice(), keep_uncleared=True)
    out = apply(s, maps_rules.dungeon_exit)
    assert out.state["locations"]["1"]["cleared"] == [1]


def test_cleared_maps_have_no_enemies_or_treasures():
    s = explorer()
    s["locations"]["1"]["cleared"] = [1]
    with pytest.raises(RuleError, match="cleared"):
        spawn.ground_start(s, dice(), tile="E2")
    assert apply(s, stations.dungeon_treasure, tile="T1", how="free").data["grade"] is None


def test_solving_a_location_example():
    """Ch. 13: difficulty 3, 6 maps: 36 XP (3 x 6 x 2), four grade 4 or two grade 5 Treasures."""
    s = explorer(difficulty=3, depth=6, maps=(1, 2, 3, 4, 5, 6))
    s["dungeon"]["map"] = 6
    out = apply(s, maps_rules.dungeon_exit, how="free", reward="two")
    assert out.data["xp"] == 36 and out.state["xp"] == 36 and out.state["locations"]["1"]["solved"]
    assert "dungeon" not in out.state
    assert [x["grade"] for x in out.state["loot"]] == [5, 5]


def test_the_ways_to_leave():
    s = explorer(teleport=2)
    assert "dungeon" not in apply(s, maps_rules.dungeon_leave, way="entrance", how="free").state
    s2 = apply(s, maps_rules.dungeon_exit, how="free").state
    with pytest.raises(RuleError, match="first map"):
        maps_rules.dungeon_leave(s2, dice(), way="entrance")
    assert "dungeon" not in apply(s2, maps_rules.dungeon_leave, way="teleport").state
    s3 = apply(apply(s2, maps_rules.dungeon_exit, how="free").state, maps_rules.dungeon_move, how="free").state
    with pytest.raises(RuleError, match="Teleporter's range"):
        maps_rules.dungeon_leave(s3, dice(), way="teleport")
    out = apply(s3, maps_rules.dungeon_leave, way="exit-location")
    assert "dungeon" not in out.state and out.state["locations"]["1"]["cleared"] == [1, 2, 3]


def test_going_back_forbids_moving_forward_and_one_way_forbids_going_back():
    s = apply(explorer(), maps_rules.dungeon_exit, how="free").state
    s = apply(s, maps_rules.dungeon_back, how="free").state
    assert s["dungeon"]["map"] == 1 and s["dungeon"]["backwards"]
    with pytest.raises(RuleError, match="forward"):
        maps_rules.dungeon_exit(s, dice())
    s = apply(explorer(special="one-way"), maps_rules.dungeon_exit, how="free").state
    with pytest.raises(RuleError, match="One-way"):
        maps_rules.dungeon_back(s, dice())


def test_teleporting_in_to_the_map_after_a_cleared_one():
    s = explorer(teleport=3)
    s = next_turns_phase_3(apply(s, maps_rules.dungeon_leave, way="entrance", how="free").state)
    with pytest.raises(RuleError, match="not cleared"):
        maps_rules.dungeon_enter(s, dice(), slot="1", map_no=3)
    out = apply(s, maps_rules.dungeon_enter, slot="1", map_no=2)
    assert out.state["dungeon"]["map"] == 2


def test_self_destructing_locations_are_erased_when_left():
    s = explorer(special="self-destruction")
    assert "1" not in apply(s, maps_rules.dungeon_leave, way="entrance", how="free").state["locations"]


def test_builders_are_not_deployed():
    s = explorer()
    s = next_turns_phase_3(apply(s, maps_rules.dungeon_leave, way="entrance", how="free").state)
    s["builds"] = {"Med Bay": {"system": "Med Bay", "crew": ["Ann"], "turns": 1, "cost": 10, "discount": 0, "due": 3}}
    assert apply(s, maps_rules.dungeon_enter, slot="1").state["dungeon"]["crew"] == ["Ben", "Cid"]
    with pytest.raises(RuleError, match="building"):
        maps_rules.dungeon_enter(s, dice(), slot="1", crew=["Ann"])


def test_the_exit_tile_is_named_as_the_other_tile_commands_name_theirs():
    """Ch. 13 Moving Forward: "moving onto an Exit Tile 'EX'" (l.903): `dungeon exit EX`, as
    `dungeon laser L1` or `dungeon clone C` (the tile may be left out) (issue 29 §8)."""
    s = explorer()
    out = apply(s, maps_rules.dungeon_exit, how="free", keep_uncleared=True, tile="ex")
    assert out.state["dungeon"]["map"] == 2 and out.lines[0].startswith("Exit tile EX: ")
    assert apply(s, maps_rules.dungeon_exit, how="free", keep_uncleared=True, tile="EXb").lines[0].startswith(
        "Exit tile EXB: ")
    with pytest.raises(InputError, match="'L1' is not an exit tile: EX"):
        maps_rules.dungeon_exit(s, dice(), how="free", tile="L1")
