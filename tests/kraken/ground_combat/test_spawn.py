"""journal/games/kraken/ground_combat/spawn.py: Chapter 14, Spawn enemies: the Primary level, the
reaction check, a second Primary, Minions."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, explorer, exploring, fight, new_state, set_up, with_crew

from journal.games.kraken import phases, starmap
from journal.games.kraken.dungeon import maps
from journal.games.kraken.ground_combat import profiles, spawn


@pytest.mark.parametrize("given, counts", [("YES", "NO"), ("NO", "HELL"), ("HELL", "HELL")])
def test_hardcore_turns_an_event_combats_atmosphere_too(given, counts):
    """Ch. 3.2 Hardcore: "For the entirety of your campaign non-breathable environments are
    considered hell-conditions and breathable-conditions are considered as non-breathable"."""
    out_ = fight(atmosphere=given, difficulty="hardcore")
    assert out_["ground"]["atmosphere"] == counts
    assert fight(atmosphere=given, difficulty="real-life")["ground"]["atmosphere"] == given


def test_entering_a_boss_tile_notes_the_boss_of_its_map():
    """Ch. 13: a Boss on the map keeps its Safety Bulkheads shut."""
    s = apply(exploring(), spawn.ground_start, 1, 6, 1, tile="B2").state
    assert s["dungeon"]["bosses"] == ["1:B2"]


def test_no_more_than_two_enemies_of_one_faction_at_lv7_and_lv8():
    """Ch. 14: at LV7 and LV8 a species that would make a third of one faction is rerolled.
    The Location's species (Kraken) is the first Primary's."""
    s = explorer(difficulty=5)
    s["dungeon"]["map"] = 5
    # reaction 1; second Primary d6 1 < 5: species 1 Kraken (the second); minions 6 + 5 = 11: two,
    # species 1 (a third Kraken: reroll), 1 (again), 3 Insectoids, then 3 Insectoids
    out = apply(s, spawn.ground_start, 1, 1, 1, 6, 1, 1, 3, 3, tile="E2")
    assert out.state["ground"]["level"] == 7 and out.data["second_species"] == "Kraken"
    assert out.data["minion_species"] == ["Insectoids", "Insectoids"]
    s["locations"]["1"]["difficulty"] = 4                                        # LV6: no limit
    out = apply(s, spawn.ground_start, 1, 1, 1, 6, 1, 1, tile="E2")
    assert out.data["minion_species"] == ["Kraken", "Kraken"]


def test_unknown_value_e_question_mark_example():
    """Ch. 13: an 'E?' in a Difficulty 2 Location, d6 6: LV (6/2) + 2 = 5."""
    s = explorer()
    out = apply(s, spawn.ground_start, 6, 1, 6, 1, tile="E?")
    assert out.state["ground"]["level"] == 5 and out.state["dungeon"]["values"] == {"1:E?": 3}


def test_spawn_level_is_difficulty_plus_e_and_minions_one_lower():
    """Ch. 14: Location Difficulty 1 and E3: a LV4 Primary, Minions LV3."""
    s = new_state(lines=())
    s = set_up(with_crew(s, "Ann"))
    s = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Grey", maps=[1, 2, 3, 4]).state
    s = apply(apply(s, phases.turn).state, phases.phase, to=3).state
    s = apply(s, maps.dungeon_enter, slot="1").state
    out = apply(s, spawn.ground_start, 5, 2, 5, 3, tile="E3")          # reaction 5, second 2 (not < 1), minions 5+1
    assert out.state["ground"]["level"] == 4 and out.state["ground"]["minions"] == 1
    assert out.data["minion_species"] == ["Insectoids"] and out.state["ground"]["bonus"] is True
    g = apply(out.state, profiles.ground_add, label="M1", hp=4, agility=2, minion=True).state["ground"]
    assert g["enemies"]["M1"]["level"] == 3


@pytest.mark.parametrize("map_no, second_roll, second", [(1, 1, False), (3, 2, True), (3, 3, False), (7, 6, True)])
def test_second_primary_when_d6_is_below_the_map_number(map_no, second_roll, second):
    s = with_crew(new_state(lines=()), "Ann")
    entered = [1, second_roll] + ([4] if second else []) + [1]
    out = apply(s, spawn.ground_start, *entered, level=3, map_no=map_no)
    assert bool(out.state["ground"].get("second")) is second


@pytest.mark.parametrize("roll, map_no, minions", [(1, 1, 0), (4, 1, 0), (5, 1, 1), (6, 4, 1), (6, 5, 2)])
def test_minions_by_d6_plus_map_number(roll, map_no, minions):
    s = with_crew(new_state(lines=()), "Ann")
    entered = [1, 6, roll] + [1] * minions
    out = apply(s, spawn.ground_start, *entered, level=3, map_no=map_no)
    assert out.state["ground"]["minions"] == minions


def test_no_minions_at_level_1_and_a_boss_brings_one():
    s = with_crew(new_state(lines=()), "Ann")
    assert apply(s, spawn.ground_start, 1, 6, level=1).state["ground"]["minions"] == 0
    out = apply(s, spawn.ground_start, 1, 6, 1, 2, level=3, boss=True)
    assert out.state["ground"]["minions"] == 1


def test_a_level_6_boss_may_be_a_creature_from_hell():
    s = with_crew(new_state(lines=()), "Ann")
    out = apply(s, spawn.ground_start, 6, 1, 6, 1, 2, level=6, boss=True)
    assert out.state["ground"]["from_hell"] is True


def test_level_above_8_is_capped():
    s = with_crew(new_state(lines=()), "Ann")
    assert apply(s, spawn.ground_start, 1, 6, 1, level=11).state["ground"]["level"] == 8
