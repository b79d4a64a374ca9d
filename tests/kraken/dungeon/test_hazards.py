"""journal/games/kraken/dungeon/hazards.py: Chapter 13, map elements in the way: bulkheads, mines,
laser barriers, '?' values."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, exploring

from journal.errors import InputError, RuleError
from journal.games.kraken import equipment
from journal.games.kraken.dungeon import elements, hazards, maps as maps_rules, stations
from journal.games.kraken.ground_combat import spawn


@pytest.mark.parametrize("tile", ["E?", "B?"])
def test_an_enemys_random_value_is_not_rolled_before_the_combat(tile):
    """Ch. 13 '?' Random Numbers: "You are not allowed to determine the random number before
    entering the combat"."""
    s = exploring()
    with pytest.raises(RuleError, match="rolled as you enter the combat"):
        hazards.dungeon_value(s, dice(6), tile=tile)
    out = apply(s, spawn.ground_start, 6, 1, 6, 1, tile="E?")       # entering the combat rolls it: 6 ÷ 2 = 3
    assert out.state["ground"]["level"] == 2 + 3
    assert apply(s, hazards.dungeon_value, 5, tile="T?").data["value"] == 3   # any other '?' may be rolled now


def test_emergency_release_when_a_disruptor_blocks_the_teleporter():
    s = explorer(special="one-way", teleport=2)
    for _ in range(3):
        s = apply(s, hazards.dungeon_bulkhead, 1, 1, tile="B1", crew="Ann", how="stay").state
    with pytest.raises(RuleError, match="Teleporter can take you out"):
        hazards.dungeon_crack(s, dice(), tile="B1", emergency=True)
    s = apply(s, elements.dungeon_element, tile="D", what="disruptor").state
    assert apply(s, hazards.dungeon_crack, tile="B1", emergency=True).state["dungeon"]["bulkheads"]["1:B1"]["open"]


def test_dungeon_walkthrough_mines_and_bulkheads():
    """Ch. 13's example: Location Difficulty 2, 'Overland', map ID 8. The best Tech (4)
    fails to disarm the mine (4 + 4 < 10): they take 2 + 0 + 2 = 4; the others roll Agility
    2+3 (caught: 2 damage), 4+5 and 5+5 (safe). Bulkhead B2 with Tech 5: 3+3+5 = 11 fails
    against 12, then 6+3+5 = 14 opens it (one Oxygen each, outside); inside is breathable.
    B1 with Tech 4: 5+4+5 = 14 against 11."""
    s = explorer(crew=("Tec", "Dee", "Eve", "Fox"))
    for n, (tech, agi) in {"Tec": (4, 3), "Dee": (5, 3), "Eve": (3, 5), "Fox": (3, 5)}.items():
        s["crew"][n].update(tech=tech, agility=agi)
    s["crew"]["Dee"]["agility"] = 3
    out = apply(s, hazards.dungeon_mine, 2, 2, 2, 4, 5, tile="M", disarm="Tec", how="free")
    assert out.data["hurt"] == {"Tec": 4, "Dee": 2}
    assert out.state["crew"]["Tec"]["hp"] == 8 - 4 and out.state["crew"]["Dee"]["hp"] == 8 - 2
    s = out.state
    out = apply(s, hazards.dungeon_bulkhead, 3, 3, tile="B2", crew="Dee")
    assert (out.data["open"], out.data["total"], out.state["oxygen"]) == (False, 11, 24)
    out = apply(out.state, hazards.dungeon_bulkhead, 6, 3, tile="B2", crew="Dee", how="stay")
    assert (out.data["open"], out.data["total"], out.state["oxygen"]) == (True, 14, 23)
    s = apply(out.state, maps_rules.dungeon_move, to="inside").state
    assert s["oxygen"] == 23                                   # inside is breathable
    s = apply(s, hazards.dungeon_bulkhead, tile="B2").state         # open: no check, inside: free
    assert s["oxygen"] == 23
    s = apply(s, hazards.dungeon_mine, tile="M", to="outside").state    # the mines were dealt with
    assert s["oxygen"] == 22 and s["crew"]["Tec"]["hp"] == 4
    out = apply(s, hazards.dungeon_bulkhead, 5, 4, tile="B1", crew="Dee")
    assert out.data["open"] and (out.data["total"], out.data["target"]) == (14, 11)


def test_three_failed_tries_lock_a_bulkhead_then_crack_it_with_a_weapon():
    s = explorer()
    s = apply(s, equipment.crew_weapon, name="Ann", spec="Shotgun (2) 4+, 3 A2 RG G3").state
    for _ in range(3):
        s = apply(s, hazards.dungeon_bulkhead, 1, 1, tile="B3", crew="Ann", how="stay").state
    with pytest.raises(RuleError, match="locked"):
        hazards.dungeon_bulkhead(s, dice(6, 6), tile="B3", crew="Ann", how="stay")
    out = apply(s, hazards.dungeon_crack, tile="B3", crew="Ann", weapon="Shotgun")
    assert out.state["crew"]["Ann"]["weapons"]["Shotgun"]["ammo"] == 0
    assert out.state["dungeon"]["bulkheads"]["1:B3"]["open"]
    s2 = apply(s, equipment.crew_weapon, name="Ben", spec="Pistol 4+, 2 A6 RG G1").state
    with pytest.raises(RuleError, match="grade 3 or more"):
        hazards.dungeon_crack(s2, dice(), tile="B3", crew="Ben", weapon="Pistol")


def test_emergency_release_on_one_way_locations():
    s = explorer(special="one-way", teleport=0)
    for _ in range(3):
        s = apply(s, hazards.dungeon_bulkhead, 1, 1, tile="B1", crew="Ann", how="stay").state
    out = apply(s, hazards.dungeon_crack, tile="B1", emergency=True)
    assert out.state["dungeon"]["bulkheads"]["1:B1"]["open"]
    s2 = explorer()
    for _ in range(3):
        s2 = apply(s2, hazards.dungeon_bulkhead, 1, 1, tile="B1", crew="Ann", how="stay").state
    with pytest.raises(RuleError, match="One-way"):
        hazards.dungeon_crack(s2, dice(), tile="B1", emergency=True)


def test_laser_barrier_hurts_on_entering_and_can_be_disabled():
    s = explorer()
    s = apply(s, equipment.crew_gear, name="Ann", armor=2, shield="B:5/1").state
    out = apply(s, hazards.dungeon_laser, tile="L1", how="free")
    assert out.data["hurt"] == {"Ann": 1, "Ben": 3, "Cid": 3}     # 2 + 1, Armor applies, Shields do not
    out = apply(out.state, hazards.dungeon_laser, 6, 6, tile="L1", disarm="Ben")
    assert out.data["disarm"]["ok"] and "1:L1" in out.state["dungeon"]["disabled"]
    assert apply(out.state, hazards.dungeon_laser, tile="L1").data.get("disabled")


def test_laser_barrier_entered_to_disarm_deals_its_damage_then_the_disarm_is_one_more_action():
    """Ch. 13, l.1029: "Each time you enter a Laser barrier it will activate, dealing damage to
    all Crew Members on that Tile"; l.1033-1035: disarming is "a successful Tech Check with two
    d6 performed as an action on the Tile … If you fail the check, you take damage as you
    would when entering the Laser Barrier" (issue 29 §2)."""
    s = explorer()                                                   # outside: 1 Oxygen an action
    oxygen = s["oxygen"]
    out = apply(s, hazards.dungeon_laser, 6, 6, tile="L1", disarm="Ben")
    assert out.data["hurt"] == {"Ann": 3, "Ben": 3, "Cid": 3}        # entering: 2 + 1
    assert out.data["disarm"]["ok"] and "1:L1" in out.state["dungeon"]["disabled"]
    assert out.state["oxygen"] == oxygen - 2 and out.state["dungeon"]["actions"] == s["dungeon"]["actions"] + 2
    failed = apply(s, hazards.dungeon_laser, 1, 1, tile="L1", disarm="Ben")
    assert failed.data["hurt"] == {"Ann": 6, "Ben": 6, "Cid": 6}     # entering, then the failed check
    assert not failed.data["disarm"]["ok"] and "disabled" not in failed.state["dungeon"]
    entered = apply(s, hazards.dungeon_laser, tile="L1")
    again = apply(entered.state, hazards.dungeon_laser, 1, 1, tile="L1", disarm="Ben")   # on it: the action only
    assert again.data["hurt"] == {"Ann": 3, "Ben": 3, "Cid": 3} and again.state["oxygen"] == oxygen - 2
    stay = apply(entered.state, hazards.dungeon_laser, 6, 6, tile="L1", disarm="Ben", how="stay")
    assert stay.data["hurt"] == {} and stay.data["disarm"]["ok"]
    with pytest.raises(RuleError, match="disabled already"):
        hazards.dungeon_laser(stay.state, dice(6, 6), tile="L1", disarm="Ann")
    with pytest.raises(InputError, match="activates as you enter it"):
        hazards.dungeon_laser(entered.state, dice(), tile="L1", how="stay")


def test_unknown_values_are_rolled_once_per_exploration():
    s = explorer()
    s = apply(s, hazards.dungeon_value, 3, tile="T?").state
    with pytest.raises(RuleError, match="already"):
        hazards.dungeon_value(s, dice(), tile="T?")
    out = apply(s, stations.dungeon_treasure, tile="T?", how="free")
    assert out.data["grade"] == 4                                  # 2 + d6 3 halved up = 2
