"""journal/games/kraken/dungeon/elements.py: Chapter 13, map elements: doors and obstacles,
Disruptors, Hull Breaches, Teleportals, Safety Bulkheads."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, exploring

from journal.errors import InputError, RuleError
from journal.games.kraken import equipment
from journal.games.kraken.dungeon import elements, maps
from journal.games.kraken.ground_combat import loop, spawn
from journal.games.kraken.model import exploration


def test_safety_bulkheads_stay_shut_while_the_boss_of_their_map_lives():
    """Ch. 13 Boss: "you must eliminate a Boss in order to open all Safety Bulkheads on the
    current Map"; Safety Bulkhead: "These elements function as normal doors if there are no
    Bosses present. Otherwise they are completely impassable. They are airtight in either
    case"."""
    s = exploring()
    assert "no Boss lives" in "\n".join(apply(s, elements.dungeon_tile, tile="SB", what="safety-bulkhead",
                                              how="free").lines)
    s = apply(s, elements.dungeon_element, tile="B1", what="boss").state
    assert s["dungeon"]["bosses"] == ["1:B1"]
    with pytest.raises(RuleError, match="Safety Bulkhead SB is impassable while the Boss B1 of map 1 lives"):
        elements.dungeon_tile(s, dice(), tile="SB", what="safety-bulkhead", how="free")
    s = apply(s, spawn.ground_start, 1, 6, 1, tile="B1").state
    s = apply(s, loop.ground_end, result="escaped").state                # escaping leaves the Boss alive
    with pytest.raises(RuleError, match="impassable"):
        elements.dungeon_tile(s, dice(), tile="SB", what="safety-bulkhead", how="free")
    s = apply(s, spawn.ground_start, 1, 6, 1, tile="B1").state
    s = apply(s, loop.ground_end, result="won").state                    # the Boss is defeated
    assert apply(s, elements.dungeon_tile, tile="SB", what="safety-bulkhead", how="free").data["tile"] == "SB"


def test_hull_breach_gives_connected_areas_an_outside_atmosphere():
    """Ch. 13: areas connected to an unrepaired Hull Breach have an Outside atmosphere (NO
    here: 1 Oxygen an action); a welding device repairs it and the effect ends at once."""
    s = apply(explorer(ao="NO", ai="YES"), maps.dungeon_move, how="free", to="inside").state
    s = apply(s, maps.dungeon_move, to="inside", breach=["H1"]).state
    assert s["oxygen"] == 24 and exploration.atmosphere_here(s, s["dungeon"]) == "NO"
    with pytest.raises(RuleError, match="no welding device"):
        elements.dungeon_breach(s, dice(), tile="H1", crew="Ann")
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Welding device").state
    s = apply(s, elements.dungeon_breach, tile="H1", crew="Ann").state          # onto the breach: still exposed
    assert s["oxygen"] == 23 and exploration.atmosphere_here(s, s["dungeon"]) == "YES"
    s = apply(s, maps.dungeon_move, to="inside", breach=["H1"]).state
    assert s["oxygen"] == 23                                               # repaired: breathable again
    s = apply(s, elements.dungeon_breach, tile="H1", crew="Ann", undo=True).state
    assert exploration.atmosphere_here(s, s["dungeon"]) == "NO"
    with pytest.raises(RuleError, match="not repaired"):
        elements.dungeon_breach(apply(s, elements.dungeon_element, tile="H2", what="breach").state, dice(), tile="H2",
                          crew="Ann", undo=True)


def test_a_move_away_from_the_breach_area_leaves_it_behind():
    s = apply(explorer(ao="NO", ai="YES"), maps.dungeon_move, how="free", to="inside", breach=["H1"]).state
    s = apply(s, maps.dungeon_move, to="inside").state
    assert s["oxygen"] == 25 and "near" not in s["dungeon"]


@pytest.mark.parametrize("portals, rolls, lands", [([3, 3, 5], (), 3), ([3, 5], (4, 3), 3), ([3, 5], (4, 1, 5), 5),
                                                   ([3], (), 3)])
def test_teleportal_goes_to_its_twin_or_rolls_a_d6(portals, rolls, lands):
    """Ch. 13: to the teleportal with the same number; with none, a d6 names the target
    (your own number: back where you stood; a number not on the map: roll again)."""
    s = apply(explorer(), maps.dungeon_move, how="free").state
    if portals == [3]:
        rolls = (3,)
    out = apply(s, elements.dungeon_tile, *rolls, tile="P3", what="teleportal", portals=portals)
    assert out.data["portal"] == lands and out.state["dungeon"]["portal"] == lands


def test_each_teleportation_costs_an_action():
    s = apply(explorer(), maps.dungeon_move, how="free").state
    s = apply(s, elements.dungeon_element, tile="P3", what="teleportal", portals=[5]).state
    s = apply(s, elements.dungeon_tile, 3, tile="P3", what="teleportal").state          # back on P3: one action
    assert (s["oxygen"], s["dungeon"]["actions"]) == (24, 2)
    s = apply(s, elements.dungeon_tile, 5, tile="P3", what="teleportal", how="stay").state
    assert (s["oxygen"], s["dungeon"]["actions"], s["dungeon"]["portal"]) == (23, 3, 5)
    with pytest.raises(InputError, match=r"the numbers of the teleportals on map 1 are needed \(journal kraken dungeon "
                                         r"tile P4 teleportal --portals 4,5\)"):
        elements.dungeon_tile(s, dice(), tile="P4", what="teleportal")


def test_disruptor_blocks_leaving_by_teleport_until_entered():
    s = apply(explorer(teleport=2), maps.dungeon_move, how="free").state
    s = apply(s, elements.dungeon_element, tile="D", what="disruptor").state
    with pytest.raises(RuleError, match="Disruptor D on map 1 is active"):
        maps.dungeon_leave(s, dice(), way="teleport")
    t = apply(s, elements.dungeon_tile, tile="P1", what="teleportal", portals=[1, 1]).state      # portals still work
    assert t["dungeon"]["portal"] == 1
    s = apply(s, elements.dungeon_tile, tile="D", what="disruptor").state
    assert "dungeon" not in apply(s, maps.dungeon_leave, way="teleport").state


def test_a_disruptor_on_a_cleared_map_has_no_effect():
    s = apply(explorer(teleport=2), elements.dungeon_element, tile="D", what="disruptor").state
    s["locations"]["1"]["cleared"] = [1]
    assert elements.active_disruptors(s, s["dungeon"]) == []
