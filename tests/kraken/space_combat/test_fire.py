"""journal/games/kraken/space_combat/fire.py: Space combat phase 3, Define targets and fire: the
ship's weapons, their Ammo and magazines."""

from __future__ import annotations

import re

import pytest
from kraken.kraken_helpers import CAT, apply, dice, in_combat

from journal.errors import InputError, RuleError
from journal.games.kraken import ship
from journal.games.kraken.space_combat import enemy_fire, fire, recharge, timeline as timeline_rules


def test_evading_raises_the_hit_roll_by_one():
    s = apply(in_combat(timeline=["E"]), timeline_rules.combat_timeline, cat=CAT).state
    out = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Laser", 1)])
    assert out.data["shots"][0]["hit"] is False


def test_hit_on_4_or_3_with_a_combat_bridge():
    out = apply(in_combat(), fire.combat_fire, 3, cat=CAT, weapons=[("Laser", 1)])
    assert out.data["shots"][0]["hit"] is False
    s = in_combat(systems=("Combat Bridge", "Laser"))
    out = apply(s, fire.combat_fire, 3, cat=CAT, weapons=[("Laser", 1)])
    assert out.data["shots"][0]["hit"] is True


def test_damage_goes_to_the_shield_then_the_sp():
    s = in_combat(enemies=("Frigate 10-2, 3, 4-1",), systems=("Railgun",))
    out = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Railgun", 1)])
    e = out.state["combat"]["enemies"][0]
    assert (e["shield"], e["sp"]) == (0, 4)


def test_emp_only_lowers_shields():
    s = in_combat(enemies=("Frigate 10-2, 3, 4-1",), systems=("Ion blaster",))
    e = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Ion blaster", 1)]).state["combat"]["enemies"][0]
    assert (e["shield"], e["sp"]) == (0, 10)


def test_he_does_nothing_against_a_shield_and_doubles_on_a_6():
    s = in_combat(enemies=("Frigate 20-2, 3, 4-1",), systems=("Missile",))
    e = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Missile", 1)]).state["combat"]["enemies"][0]
    assert (e["shield"], e["sp"]) == (4, 20)
    s = in_combat(enemies=("Hulk 20-0, 3, 0-0",), systems=("Missile",))
    assert apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Missile", 1)]).state["combat"]["enemies"][0]["sp"] == 8
    assert apply(s, fire.combat_fire, 5, cat=CAT, weapons=[("Missile", 1)]).state["combat"]["enemies"][0]["sp"] == 14


def test_overclocked_burst_spends_3_ammo_for_double_damage():
    s = in_combat(enemies=("Hulk 30-0, 3, 0-0",), systems=("Autocannon",))
    out = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Autocannon", 1)], oc=["Autocannon"])
    assert out.state["combat"]["ammo"]["Autocannon"] == 1 and out.state["combat"]["enemies"][0]["sp"] == 14
    with pytest.raises(InputError, match="overclockable"):
        fire.combat_fire(in_combat(), dice(4), cat=CAT, weapons=[("Laser", 1)], oc=["Laser"])


def test_ammo_is_spent_and_an_empty_weapon_cannot_fire_but_a_magazine_feeds_it():
    s = in_combat(enemies=("Hulk 90-0, 1, 0-0",), systems=("Torpedo",))
    s = apply(s, fire.combat_fire, 2, cat=CAT, weapons=[("Torpedo", 1)]).state
    assert s["combat"]["ammo"]["Torpedo"] == 0
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    with pytest.raises(RuleError, match="0 Ammo left"):
        fire.combat_fire(s, dice(6), cat=CAT, weapons=[("Torpedo", 1)])
    s2 = in_combat(enemies=("Hulk 90-0, 1, 0-0",), systems=("Torpedo", "Ammo:Torpedo"))
    s2 = apply(s2, fire.combat_fire, 2, cat=CAT, weapons=[("Torpedo", 1)]).state
    s2 = apply(s2, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s2 = apply(s2, recharge.combat_recharge, cat=CAT).state
    out = apply(s2, fire.combat_fire, 2, cat=CAT, weapons=[("Torpedo", 1)])
    assert out.state["combat"]["ammo"] == {"Torpedo": 0, "Ammo:Torpedo": 0}


def test_an_unused_crew_member_rerolls_a_miss_once():
    out = apply(in_combat(), fire.combat_fire, 2, 5, cat=CAT, weapons=[("Laser", 1)], reroll=["Dax"])
    assert out.data["shots"][0]["rolls"] == [2, 5] and out.state["combat"]["used"] == {"Dax": "reroll"}


def test_each_ship_weapon_hit_roll_is_recorded_with_its_chance_for_the_luck_audit():
    """A hit roll of 4+ (1/2); with an unused crew member to reroll a miss, 1/2 + 1/2 x 1/2."""
    out = apply(in_combat(), fire.combat_fire, 2, 5, cat=CAT, weapons=[("Laser", 1)], reroll=["Dax"])
    assert out.meta["checks"] == [{"kind": "ship weapon hit", "chance": 0.75, "success": True}]
    out = apply(in_combat(systems=("Combat Bridge", "Laser")), fire.combat_fire, 2, cat=CAT, weapons=[("Laser", 1)])
    assert out.meta["checks"] == [{"kind": "ship weapon hit", "chance": round(4 / 6, 6), "success": False}]


def test_several_targets_need_a_target_system_and_at_most_4_weapons_fire():
    s = in_combat(enemies=("Mine 3-0, 5, 0-0", "Mine 3-0, 5, 0-0"))
    with pytest.raises(RuleError, match="Target System"):
        fire.combat_fire(s, dice(4, 4), cat=CAT, weapons=[("Laser", 1), ("Laser 2", 2)])
    s = in_combat(enemies=("Mine 3-0, 5, 0-0", "Mine 3-0, 5, 0-0"), systems=("Target System", "Laser", "Laser"))
    out = apply(s, fire.combat_fire, 4, 4, cat=CAT, weapons=[("Laser", 1), ("Laser 2", 2)])
    assert [e["sp"] for e in out.state["combat"]["enemies"]] == [0, 0]
    with pytest.raises(InputError, match="at most 4"):
        fire.combat_fire(s, dice(), cat=CAT, weapons=[("Laser", 1)] * 5)


def test_a_damaged_weapon_cannot_fire():
    s = apply(in_combat(), ship.ship_system, label="Laser", action="damage").state
    with pytest.raises(RuleError, match="damaged"):
        fire.combat_fire(s, dice(6), cat=CAT, weapons=[("Laser", 1)])


def test_a_shot_at_an_enemy_destroyed_already_takes_no_die_and_a_refusal_says_which_die_was_which():
    """Ch. 10 (3) 4. Destroy Enemies: "That target can no longer return fire and is eliminated":
    a later weapon aimed at it wastes its shot and rolls nothing, so the dice go to the weapons
    that fire, in order; an extra --roll is refused naming each die used (issue 29 §7)."""
    s = in_combat(enemies=("Mine 1-0, 5, 0-0", "Mine 3-0, 5, 0-0"), systems=("Target System", "Laser", "Laser", "Missile"))
    d = dice(6, 5, 3)
    out = fire.combat_fire(s, d, cat=CAT, weapons=[("Laser", 1), ("Laser 2", 1), ("Missile", 2)])
    assert "Laser 2 → enemy 1: it is destroyed already; the shot is wasted." in out.lines
    with pytest.raises(InputError, match=re.escape("--roll given 3 times but this command rolled 2 dice (Laser hit d6 "
                                                   "(enemy 1): 6, Missile hit d6 (enemy 2): 5): unused 3")):
        d.finish()
