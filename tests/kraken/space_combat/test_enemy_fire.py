"""journal/games/kraken/space_combat/enemy_fire.py: Space combat phase 4, Enemy fire: hits, evading
(after the hit), Shields and Armor, damaged systems."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, in_combat, tech

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.space_combat import enemy_fire, page, recharge, timeline as timeline_rules


def evading_combat(systems=("Maneuver Engines", "Primary Shields", "Laser"), enemies=2) -> dict:
    return tech(in_combat(systems=systems, enemies=["Mine 3-0, 5, 0-0"] * enemies), Ray=5, Mila=4)


def test_the_ship_evades_the_hit_it_chooses_after_seeing_it():
    """Ch. 10 (4) 1a) Evade: "After a successful Enemy hit, you may assign up to two unused
    Crew Members to pilot your Ship. Refer to their combined TECH Attribute, divide the total
    by 2, and add a d6 roll. If the result is 8+ you have avoided all damage"."""
    s = evading_combat()
    fired = apply(s, enemy_fire.combat_enemy_fire, 5, 6, 3, 1, cat=CAT)   # 5 on the Shield; 8 on SP, engines damaged
    c = fired.state["combat"]
    assert (c["ship"]["shield"], c["ship"]["sp"]) == (0, 4)
    assert fired.state["ship"]["systems"]["Maneuver Engines"]["damaged"]
    assert "journal kraken combat evade --crew NAME" in "\n".join(fired.lines)
    out = apply(fired.state, enemy_fire.combat_evade, 4, cat=CAT, crew=["Ray", "Mila"], enemy=2)   # 9 / 2 = 5 + 4
    c = out.state["combat"]
    assert out.data["evaded"] and (c["ship"]["shield"], c["ship"]["sp"]) == (0, 12)
    assert "damaged" not in out.state["ship"]["systems"]["Maneuver Engines"] and c["damaged_now"] == []
    assert c["used"] == {"Ray": "pilot", "Mila": "pilot"} and c["evaded"]
    with pytest.raises(RuleError, match="once per Space Combat turn"):
        enemy_fire.combat_evade(out.state, dice(6), cat=CAT, crew=["Dax"], enemy=1)


def test_a_failed_evasion_leaves_the_damage_and_uses_the_pilots():
    """Ch. 10 (4) 1a): "If the die shows a 1 during this evasion, the attempt will always
    fail. Mark Crew Members assigned to this task as used"; "once per Space Combat turn"."""
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state    # a hit, a miss
    with pytest.raises(RuleError, match="enemy 2 did not hit the ship in that fire"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"], enemy=2)
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 5, cat=CAT).state    # two hits of 5
    out = apply(s, enemy_fire.combat_evade, 1, cat=CAT, crew=["Ray", "Mila"])       # the last hit; a 1 fails
    assert not out.data["evaded"] and out.data["enemy"] == 2
    assert out.state["combat"]["ship"] == s["combat"]["ship"] and out.state["combat"]["used"] == {
        "Ray": "pilot", "Mila": "pilot"}


def test_an_evaded_hit_gives_back_the_system_it_destroyed():
    """Ch. 10 (4) 2: "If it gets damaged a second time, it is destroyed"; evaded, the hit did
    no damage: the system is back, damaged as it was, with its Ammo."""
    s = evading_combat(systems=("Maneuver Engines", "Laser", "Missile"), enemies=1)
    s["ship"]["systems"]["Missile"]["damaged"] = True                   # damaged in an earlier turn
    s["combat"]["ammo"]["Missile"] = 1
    fired = apply(s, enemy_fire.combat_enemy_fire, 6, 5, 2, cat=CAT)     # 8 SP; d6 5 a weapon, d20 2: the Missile
    assert "Missile" not in fired.state["ship"]["systems"]
    out = apply(fired.state, enemy_fire.combat_evade, 6, cat=CAT, crew=["Ray"])   # 5 / 2 = 3 + 6 = 9
    assert list(out.state["ship"]["systems"]) == list(s["ship"]["systems"])
    assert out.state["ship"]["systems"]["Missile"] == {"system": "Missile", "damaged": True}
    assert out.state["combat"]["ammo"]["Missile"] == 1 and out.state["combat"]["ship"]["sp"] == 12


def test_the_evasion_comes_right_after_the_enemy_fire():
    """Ch. 10 (4) 1a): "After a successful Enemy hit": not once the turn has moved on."""
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    with pytest.raises(RuleError, match="right after the enemy fire"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"])
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 1, 2, cat=CAT).state    # two misses
    with pytest.raises(RuleError, match="nothing to evade"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"])


def test_on_a_terminal_enemy_fire_asks_after_each_hit():
    """Ch. 10 (4) 1a): "After a successful Enemy hit, you may assign up to two unused Crew
    Members": asked hit by hit, the player evades the one they choose."""
    s = evading_combat()
    with pytest.raises(NeedChoice) as asked:
        enemy_fire.combat_enemy_fire(s, dice(5, 5), cat=CAT, ask_evade=True)
    assert asked.value.param == "evade_after" and "Ray+Mila" in asked.value.values and "no" in asked.value.values
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 5, 4, cat=CAT, ask_evade=True, evade_after=["no", "Ray+Mila"])
    assert [x.get("evade", {}).get("evaded") for x in out.data["shots"]] == [None, True]
    assert out.state["combat"]["evaded"] and out.state["combat"]["ship"]["shield"] == 0    # the first hit's 5


def test_idle_skips_enemy_fire():
    s = apply(in_combat(timeline=["I"]), timeline_rules.combat_timeline, cat=CAT).state
    with pytest.raises(RuleError, match="Idle"):
        enemy_fire.combat_enemy_fire(s, dice(), cat=CAT)
    assert apply(s, recharge.combat_recharge, cat=CAT).state["combat"]["turn"] == 2


def test_attack_makes_the_enemies_fire_at_once_and_again_in_phase_4():
    s = apply(in_combat(timeline=["A"]), timeline_rules.combat_timeline, 6, 1, cat=CAT).state
    assert s["combat"]["ship"]["sp"] == 12 - (8 - 5)   # 5 + 3 damage, the Shield takes 5
    out = apply(s, enemy_fire.combat_enemy_fire, 2, cat=CAT)
    assert out.data["shots"][0]["hit"] is False


def test_enemy_hits_on_4_and_a_6_adds_3():
    out = apply(in_combat(), enemy_fire.combat_enemy_fire, 4, cat=CAT)   # 5 damage: the Shield takes it all
    assert out.state["combat"]["ship"] == {"sp": 12, "sp_max": 12, "shield": 0, "shield_max": 5, "recharge": 2}
    out = apply(in_combat(), enemy_fire.combat_enemy_fire, 6, 1, cat=CAT)   # 8: 5 to the Shield, 3 to SP, d6 1: no system
    assert out.state["combat"]["ship"]["sp"] == 9


def test_armor_lowers_sp_damage_after_shields():
    s = in_combat(systems=("Armor", "Laser"))
    assert apply(s, enemy_fire.combat_enemy_fire, 6, 1, cat=CAT).state["combat"]["ship"]["sp"] == 5  # no shield: 8 - 1 armor


def test_an_enemys_he_weapon_doubles_the_sp_damage_on_a_6():
    """Ch. 10 (4) 2: "remembering to apply all Weapon effects as usual (EMP, HE, OC)"; (3) HE:
    "If the target has Shields active, the HE Ammo causes no damage ... If you roll a '6' with
    the hit check the SP damage is doubled". A 6 still deals its 3 more damage first."""
    s = in_combat(enemies=("Raider 10-2, 2 HE, 0-0",), systems=("Armor", "Laser"))
    out = apply(s, enemy_fire.combat_enemy_fire, 6, 1, cat=CAT)          # (2 + 3 - 1 Armor) x 2 = 8; d6 1
    assert out.state["combat"]["ship"]["sp"] == 12 - 8
    assert "SP 12 → 4 (HE: the SP damage doubled on a 6)" in out.lines[0]
    assert apply(s, enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state["combat"]["ship"]["sp"] == 12 - 1
    shielded = in_combat(enemies=("Raider 10-2, 2 HE, 0-0",))             # Primary Shields: HE does nothing
    assert apply(shielded, enemy_fire.combat_enemy_fire, 6, cat=CAT).state["combat"]["ship"]["sp"] == 12


def test_maneuver_engines_evade_tech_halved_plus_d6_at_least_8():
    s = tech(in_combat(systems=("Maneuver Engines", "Laser")), Ray=5, Mila=4)
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 4, cat=CAT, evade=["Ray", "Mila"])   # 9 / 2 = 5 (K14) + 4 = 9
    assert out.data["shots"][0]["evade"]["evaded"] and out.state["combat"]["ship"]["sp"] == 12
    assert out.state["combat"]["used"] == {"Ray": "pilot", "Mila": "pilot"}
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 1, cat=CAT, evade=["Ray"])
    assert not out.data["shots"][0]["evade"]["evaded"]
    with pytest.raises(RuleError, match="Maneuver Engines"):
        enemy_fire.combat_enemy_fire(in_combat(), dice(5, 6), cat=CAT, evade=["Ray"])


def test_enemy_hits_and_evasions_are_recorded_with_their_chance_for_the_luck_audit():
    """Each enemy hits on 4+ (1/2); an evasion of Tech 9 ÷ 2 = 5 needs a d6 of 3+ (4 faces of 6)."""
    s = tech(in_combat(systems=("Maneuver Engines", "Laser")), Ray=5, Mila=4)
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 4, cat=CAT, evade=["Ray", "Mila"])
    assert out.meta["checks"] == [{"kind": "enemy hit", "chance": 0.5, "success": True},
                                  {"kind": "evasion", "chance": round(4 / 6, 6), "success": True}]
    fired = apply(s, enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state
    out = apply(fired, enemy_fire.combat_evade, 2, cat=CAT, crew=["Ray", "Mila"])
    assert out.meta["checks"] == [{"kind": "evasion", "chance": round(4 / 6, 6), "success": False}]


@pytest.mark.parametrize("d6, d20, damaged", [(2, None, None), (3, 1, "Maneuver Engines"), (4, 3, "Maneuver Engines"),
                                              (5, 2, "Laser 2"), (5, 3, "Laser")])
def test_system_damage_table_counts_through_the_systems(d6, d20, damaged):
    s = in_combat(systems=("Maneuver Engines", "Teleporter", "Laser", "Laser", "Primary Shields"))
    entered = [6, d6] + ([d20] if d20 else [])
    out = apply(s, enemy_fire.combat_enemy_fire, *entered, cat=CAT)
    marked = [k for k, e in out.state["ship"]["systems"].items() if e.get("damaged")]
    assert marked == ([damaged] if damaged else [])


def test_a_6_damages_a_shield_of_your_choice():
    s = in_combat(systems=("Primary Shields", "Secondary Shields", "Laser"))
    s = apply(s, page.combat_set, key="ship.shield", value=0).state
    with pytest.raises(NeedChoice, match="--shield is required"):
        enemy_fire.combat_enemy_fire(s, dice(4, 6), cat=CAT)
    out = apply(s, enemy_fire.combat_enemy_fire, 4, 6, cat=CAT, shields=["Secondary Shields"])
    assert out.state["ship"]["systems"]["Secondary Shields"]["damaged"] is True
    assert out.state["combat"]["ship"]["shield_max"] == 5


def test_damaged_twice_is_destroyed_unless_damaged_this_very_turn():
    s = in_combat(enemies=("Mine 3-0, 2, 0-0", "Mine 3-0, 2, 0-0"), systems=("Laser",))
    out = apply(s, enemy_fire.combat_enemy_fire, 4, 5, 1, 4, 5, 1, cat=CAT)
    assert out.state["ship"]["systems"]["Laser"]["damaged"] is True
    s = out.state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    out = apply(s, enemy_fire.combat_enemy_fire, 4, 5, 1, 1, cat=CAT)
    assert "Laser" not in out.state["ship"]["systems"]


def test_losing_the_last_sp_loses_the_game():
    s = apply(in_combat(), page.combat_set, key="ship.sp", value=2).state
    out = apply(s, enemy_fire.combat_enemy_fire, 6, cat=CAT)
    assert out.state["result"] == "lost" and "combat" not in out.state


def test_a_hit_that_would_lose_the_ship_is_not_taken_silently_while_it_can_be_evaded():
    """Ch. 10 (4) 1a) (l.679): "After a successful Enemy hit, you may assign up to two unused Crew
    Members to pilot your Ship": a hit that loses the ship would end the campaign before
    `combat evade` runs, so a script names its choice, --evade NAME or --no-evade (issue 29 §4)."""
    s = tech(in_combat(systems=("Maneuver Engines", "Primary Shields", "Laser"), enemies=["Cruiser 9-0, 30, 0-0"]),
             Ray=5, Mila=4)
    with pytest.raises(InputError, match=r"--evade NAME or --no-evade is required: enemy 1's hit \(30 damage\) would "
                                         r"lose the ship.*journal kraken combat enemy-fire --evade NAME --evade-enemy 1 "
                                         r"names its pilots, or journal kraken combat enemy-fire --no-evade takes it"):
        enemy_fire.combat_enemy_fire(s, dice(5), cat=CAT)
    lost = apply(s, enemy_fire.combat_enemy_fire, 5, cat=CAT, no_evade=True)
    assert lost.state["result"] == "lost"
    evaded = apply(s, enemy_fire.combat_enemy_fire, 5, 6, cat=CAT, evade=["Ray", "Mila"], evade_enemy=1)
    assert evaded.data["shots"][0]["evade"]["evaded"] and evaded.state["combat"]["ship"]["sp"] == 12
    small = tech(in_combat(systems=("Maneuver Engines", "Primary Shields", "Laser")), Ray=5, Mila=4)
    assert "result" not in apply(small, enemy_fire.combat_enemy_fire, 5, cat=CAT).state   # not lethal: no question
    with pytest.raises(InputError, match="goes without --evade"):
        enemy_fire.combat_enemy_fire(s, dice(5), cat=CAT, no_evade=True, evade=["Ray"])
    plain = in_combat(enemies=["Cruiser 9-0, 30, 0-0"])                                    # no Maneuver Engines
    assert apply(plain, enemy_fire.combat_enemy_fire, 5, cat=CAT).state["result"] == "lost"
