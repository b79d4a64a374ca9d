"""Space flight (chapter 9) and space combat (chapter 10): every rule, the book's worked
examples (flight 4 'Accident', the T9 objective example), and hypothesis-driven random
combats that keep SP, shields and Ammo within their bounds."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kraken_helpers import ATTRS, CAT, apply, dice, new_state, with_crew

from journal import templates
from journal.errors import InputError, RuleError
from journal.games.kraken import flight, phases, ship
from journal.games.kraken.model import combat, flight_table, systems as systems_rules
from journal.games.kraken.model.validate import validate
from journal.games.kraken.space_combat import (
    after,
    boarding,
    enemy_fire,
    escape,
    fire,
    objectives as objectives_rules,
    page,
    recharge,
    timeline as timeline_rules,
)
from journal.errors import NeedChoice


def table() -> dict:
    rows, problems = flight_table.parse_table(templates.load("kraken", "flight-table.toml"))
    assert not problems
    return rows


TABLE = table()


def ship_state(systems=("Primary Shields", "Laser", "Laser", "Missile"), crew=("Ray", "Mila", "Dax"),
               phase: int = 3, credits: int = 500) -> dict:
    s = new_state("adventurer", lines=())
    s["credits"] = credits
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=12).state
    for system in systems:
        s = apply(s, ship.ship_buy, system=system, cat=CAT, free=True).state
    s = with_crew(s, *crew)
    s = apply(s, phases.turn).state
    if phase > 1:
        s = apply(s, phases.phase, to=phase).state
    return s


def tech(s: dict, **values) -> dict:
    s = copy.deepcopy(s)
    for name, v in values.items():
        s["crew"][name]["tech"] = v
    return s


def in_combat(enemies=("Mine 3-0, 5, 0-0",), timeline=(), objectives=(), **kw) -> dict:
    s = ship_state(**kw)
    return apply(s, page.combat_start, cat=CAT, enemies=list(enemies), timeline=list(timeline),
                 objectives=list(objectives), xp=6, name="Test").state


# --- the flight table --------------------------------------------------------------------------


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


# --- 9.1-9.2: difficulty and options ------------------------------------------------------------


@pytest.mark.parametrize("options, stealth, difficulty, expected, mods", [
    ([], False, 3, 3, 0),
    (["risky-shortcut"], False, 3, 4, 2),
    (["dangerous-shortcut"], False, 3, 5, 3),
    (["smuggle"], False, 1, 3, 0),
    (["pay-smuggler"], False, 1, 1, 0),                 # 0 raised to 1
    (["risky-shortcut", "smuggle"], False, 2, 5, 2),
    (["safe"], False, 4, 4, 2),
    ([], True, 2, 1, 0),                                # stealth -3, never below 1
])
def test_flight_difficulty_from_options(options, stealth, difficulty, expected, mods):
    s = ship_state(systems=("Stealth Skin", "Laser"))
    out = apply(s, flight.flight, *([6] if "safe" not in options else []), difficulty=difficulty, cat=CAT, table=TABLE,
                options=options, stealth=stealth, avoid="safe" not in options)
    assert out.state["flight"]["difficulty"] == expected
    assert out.state["flight"]["modifications"] == mods


@pytest.mark.parametrize("options, message", [
    (["risky-shortcut", "dangerous-shortcut"], "cannot be combined"),
    (["smuggle", "pay-smuggler"], "cannot be combined"),
    (["safe", "smuggle"], "Safe and Sound"),
    (["smuggle", "smuggle"], "given twice"),
    (["risky-shortcut", "smuggle", "safe"], "one or two"),
])
def test_incompatible_flight_options_are_refused(options, message):
    with pytest.raises(InputError, match=message):
        flight.flight(ship_state(), dice(), difficulty=2, cat=CAT, table=TABLE, options=options)


def test_sensors_add_dice_modifications():
    s = ship_state(systems=("Drone Bay", "Long-range sensors", "Laser"))
    out = apply(s, flight.flight, 6, difficulty=2, cat=CAT, table=TABLE, options=["risky-shortcut"], avoid=True)
    assert out.state["flight"]["modifications"] == 6


def test_pay_a_smuggler_costs_5_and_is_refused_without_them():
    out = apply(ship_state(), flight.flight, 6, difficulty=2, cat=CAT, table=TABLE, options=["pay-smuggler"], avoid=True)
    assert out.state["credits"] == 495
    with pytest.raises(RuleError, match="refused"):
        flight.flight(ship_state(credits=4), dice(6), difficulty=2, cat=CAT, table=TABLE, options=["pay-smuggler"])


def test_flight_is_phase_3s_free_action():
    with pytest.raises(RuleError, match="Phase 3"):
        flight.flight(ship_state(phase=2), dice(), difficulty=2, cat=CAT, table=TABLE)
    s = apply(ship_state(), phases.free_action, kind="shop").state
    with pytest.raises(RuleError, match="free action was already taken"):
        flight.flight(s, dice(), difficulty=2, cat=CAT, table=TABLE)
    out = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True)
    assert out.state["free_action"] == "flight"


def test_stealth_and_nano_skin_need_their_systems():
    with pytest.raises(RuleError, match="Stealth Skin"):
        flight.flight(ship_state(), dice(), difficulty=2, cat=CAT, table=TABLE, stealth=True)
    with pytest.raises(RuleError, match="Nano Skin"):
        flight.flight(ship_state(), dice(), difficulty=2, cat=CAT, table=TABLE, nano_skin=True)


def test_safe_and_sound_avoids_combat_but_cannot_land_this_turn():
    out = apply(ship_state(), flight.flight, difficulty=3, cat=CAT, table=TABLE, options=["safe"])
    f = out.state["flight"]
    assert (f["stage"], f["land"], f["modifications"]) == ("arrived", False, 2) and "combat" not in out.state


def test_nano_skin_avoids_combat_without_a_roll():
    s = ship_state(systems=("Nano Skin", "Laser"))
    out = apply(s, flight.flight, difficulty=5, cat=CAT, table=TABLE, nano_skin=True)
    assert out.state["flight"]["stage"] == "arrived" and "combat" not in out.state


# --- 9.3: the avoid check ---------------------------------------------------------------------------


@pytest.mark.parametrize("roll, difficulty, avoided", [(3, 3, True), (6, 5, True), (2, 3, False), (1, 1, False)])
def test_avoid_check_d6_at_least_flight_difficulty_and_1_fails(roll, difficulty, avoided):
    entered = [roll] if avoided else [roll, 2]
    out = apply(ship_state(), flight.flight, *entered, difficulty=difficulty, cat=CAT, table=TABLE, avoid=True)
    assert out.data["avoid"]["passed"] is avoided
    assert ("combat" in out.state) is not avoided


def test_smuggled_goods_pay_15_when_the_flight_succeeds():
    out = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, options=["smuggle"], avoid=True)
    assert out.state["credits"] == 515


# --- 9.4: the flight number and the SPACE COMBAT page -------------------------------------------------


@pytest.mark.parametrize("difficulty, d6, number", [(1, 1, 3), (1, 6, 5), (2, 3, 6), (8, 6, 19)])
def test_flight_number_is_twice_the_difficulty_plus_d3_capped_at_19(difficulty, d6, number):
    s = ship_state()
    options = ["dangerous-shortcut", "smuggle"] if difficulty == 8 else []
    out = apply(s, flight.flight, d6, difficulty=difficulty if difficulty <= 5 else 4, cat=CAT, table=TABLE,
                options=options)
    assert out.state["flight"]["number"] == number


def test_flight_4_accident_fills_the_space_combat_page():
    """9.4's example: flight 4 'Accident': timeline -,-,-,-,T; objectives T7 T7 T7 T9; two Mines."""
    out = apply(ship_state(), flight.flight, 1, 3, difficulty=1, cat=CAT, table=TABLE, avoid=True)
    c = out.state["combat"]
    assert out.state["flight"]["number"] == 4 and c["name"] == "Accident"
    assert c["timeline"] == ["-", "-", "-", "-", "T"]
    assert [o["target"] for o in c["objectives"]] == [7, 7, 7, 9]
    assert [e["type"] for e in c["enemies"]] == ["Mine", "Mine"]
    assert c["ship"] == {"sp": 12, "sp_max": 12, "shield": 5, "shield_max": 5, "recharge": 2}
    assert c["ammo"] == {"Missile": 2} and c["used"] == {}


def test_a_flight_number_missing_from_the_table_leaves_the_page_to_fill_by_hand():
    out = apply(ship_state(), flight.flight, 6, difficulty=3, cat=CAT, table=TABLE)
    assert out.state["flight"]["number"] == 9 and out.state["combat"]["enemies"] == []
    assert "not in the flight table" in " ".join(out.lines)
    s = apply(out.state, page.combat_set, key="enemy.1", value="Raider 8-4, 4, 3-1").state
    assert s["combat"]["enemies"][0]["crew"] == 4


# --- 10 (1): the timeline ---------------------------------------------------------------------------


def test_timeline_is_activated_first_and_crossed_out():
    s = in_combat(timeline=["E", "V"])
    with pytest.raises(RuleError, match="activate the timeline first"):
        fire.combat_fire(s, dice(), cat=CAT, weapons=[("Laser", 1)])
    out = apply(s, timeline_rules.combat_timeline, cat=CAT)
    assert out.state["combat"]["crossed"] == 1 and out.state["combat"]["event"] == "E"


def test_evading_raises_the_hit_roll_by_one():
    s = apply(in_combat(timeline=["E"]), timeline_rules.combat_timeline, cat=CAT).state
    out = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Laser", 1)])
    assert out.data["shots"][0]["hit"] is False


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


def test_backup_replaces_destroyed_enemies_only():
    s = in_combat(enemies=("Mine 3-0, 5, 0-0", "Mine 3-0, 5, 0-0"), timeline=["-", "B"])
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, fire.combat_fire, 5, cat=CAT, weapons=[("Laser", 1)]).state
    assert s["combat"]["enemies"][0]["sp"] == 0
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert [e["sp"] for e in s["combat"]["enemies"]] == [3, 3]


def test_shields_turn_drops_enemy_shields_and_brings_them_back_without_recharge():
    s = in_combat(enemies=("Frigate 10-2, 3, 6-2",), timeline=["S"])
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert s["combat"]["enemies"][0]["shield"] == 0
    s = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Laser", 1)]).state
    assert s["combat"]["enemies"][0]["sp"] == 7                 # no shield: all 3 damage to SP
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    assert s["combat"]["enemies"][0]["shield"] == 6


def test_combat_timeline_boards_you_when_your_shield_is_low():
    s = in_combat(enemies=("Raider 10-6, 3, 2-1",), timeline=["C"])
    s = apply(s, page.combat_set, key="ship.shield", value="3").state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert s["combat"]["boarders"] == [1]
    with pytest.raises(RuleError, match="boards your ship"):
        objectives_rules.combat_objective(s, dice(), crew=["Ray"])
    out = apply(s, boarding.combat_repel, enemy=1, crew=["Ray", "Mila"])
    b = out.state["combat"]["boarding"]
    assert (b["by"], b["enemy_dice"]) == ("them", 2)             # 6 crew, 2 stay aboard: 4 board, 2 dice


def test_boarding_shields_keep_boarders_off():
    s = in_combat(enemies=("Raider 10-6, 3, 2-1",), timeline=["C"], systems=("Boarding Shields", "Laser"))
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert "boarders" not in s["combat"]


def test_victory_ends_the_combat_won_at_the_turns_end():
    s = apply(in_combat(timeline=["V"]), timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert "combat" not in out.state and out.data["result"] == "won" and out.state["xp"] == 6


def test_game_over_destroys_the_ship_unless_the_enemies_are_beaten():
    s = apply(in_combat(timeline=["G"]), timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.state["result"] == "lost" and "combat" not in out.state


def test_time_retreats_at_the_turns_end_without_modifications():
    out = apply(ship_state(systems=("Drone Bay", "Primary Shields", "Laser")), flight.flight, 1, 3, difficulty=1,
                cat=CAT, table=TABLE, avoid=True)
    s = out.state
    assert s["flight"]["modifications"] == 2
    for _ in range(4):
        s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
        s = apply(s, enemy_fire.combat_enemy_fire, 1, 1, cat=CAT).state
        s = apply(s, recharge.combat_recharge, cat=CAT).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state   # T
    s = apply(s, enemy_fire.combat_enemy_fire, 1, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.data["result"] == "retreated"
    f = out.state["flight"]
    assert (f["stage"], f["modifications"], f["land"]) == ("escaped", 0, False)


# --- 10 (2): objectives and repairs --------------------------------------------------------------


def test_t9_objective_example():
    """Ch. 10's example: Tech 5 + d6 3 = 8 fails a T9; Tech 4 and 3 + d6 3 = 10 solves it;
    the fourth member (Tech 4) repairs a system with a 5: 9."""
    s = in_combat(objectives=["T9", "C10"], crew=("Ann", "Bo", "Cy", "Di"))
    s = tech(s, Ann=5, Bo=4, Cy=3, Di=4)
    s = apply(s, ship.ship_system, label="Laser 2", action="damage").state
    out = apply(s, objectives_rules.combat_objective, 3, crew=["Ann"])
    assert (out.data["score"], out.data["solved"]) == (8, False)
    out = apply(out.state, objectives_rules.combat_objective, 3, crew=["Bo", "Cy"])
    assert (out.data["score"], out.data["solved"]) == (10, True)
    out = apply(out.state, objectives_rules.combat_repair, 5, cat=CAT, target="Laser 2", crew=["Di"])
    assert out.data["repaired"] and not out.state["ship"]["systems"]["Laser 2"].get("damaged")
    assert set(out.state["combat"]["used"]) == {"Ann", "Bo", "Cy", "Di"}
    with pytest.raises(RuleError, match="used this combat turn"):
        objectives_rules.combat_objective(out.state, dice(6), crew=["Ann"])


def test_objectives_are_solved_in_order_and_a_1_always_fails():
    s = tech(in_combat(objectives=["T2", "T3"]), Ray=8)
    with pytest.raises(RuleError, match="in order"):
        objectives_rules.combat_objective(s, dice(6), crew=["Ray"], objective=2)
    out = apply(s, objectives_rules.combat_objective, 1, crew=["Ray"])
    assert out.data["solved"] is False


def test_attack_objective_mixes_ranged_and_melee():
    s = in_combat(objectives=["A9"])
    s["crew"]["Ray"].update(ranged=5, melee=1)
    s["crew"]["Mila"].update(ranged=1, melee=3)
    out = apply(s, objectives_rules.combat_objective, 2, crew=["Ray", "Mila"])
    assert out.data["total"] == 8 and out.data["score"] == 10


def test_repair_3_sp_with_a_t9():
    s = in_combat()
    s = apply(s, page.combat_set, key="ship.sp", value="5").state
    out = apply(tech(s, Ray=4), objectives_rules.combat_repair, 5, cat=CAT, target="sp", crew=["Ray"])
    assert out.state["combat"]["ship"]["sp"] == 8


def test_all_objectives_solved_wins_at_turns_end_even_with_enemies_left():
    s = tech(in_combat(objectives=["T5"]), Ray=4)
    s = apply(s, objectives_rules.combat_objective, 4, crew=["Ray"]).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    assert apply(s, recharge.combat_recharge, cat=CAT).data["result"] == "won"


def test_defeating_every_enemy_does_not_end_a_combat_with_open_objectives():
    s = in_combat(objectives=["T12"])
    s = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Laser", 1)]).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.data["result"] is None and out.state["combat"]["turn"] == 2


# --- 10 (3): targets and fire -----------------------------------------------------------------------


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


# --- 10 (4): enemy fire -------------------------------------------------------------------------------


def test_enemy_hits_on_4_and_a_6_adds_3():
    out = apply(in_combat(), enemy_fire.combat_enemy_fire, 4, cat=CAT)   # 5 damage: the Shield takes it all
    assert out.state["combat"]["ship"] == {"sp": 12, "sp_max": 12, "shield": 0, "shield_max": 5, "recharge": 2}
    out = apply(in_combat(), enemy_fire.combat_enemy_fire, 6, 1, cat=CAT)   # 8: 5 to the Shield, 3 to SP, d6 1: no system
    assert out.state["combat"]["ship"]["sp"] == 9


def test_armor_lowers_sp_damage_after_shields():
    s = in_combat(systems=("Armor", "Laser"))
    assert apply(s, enemy_fire.combat_enemy_fire, 6, 1, cat=CAT).state["combat"]["ship"]["sp"] == 5  # no shield: 8 - 1 armor


def test_maneuver_engines_evade_tech_halved_plus_d6_at_least_8():
    s = tech(in_combat(systems=("Maneuver Engines", "Laser")), Ray=5, Mila=4)
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 4, cat=CAT, evade=["Ray", "Mila"])   # 9 / 2 = 5 (K14) + 4 = 9
    assert out.data["shots"][0]["evade"]["evaded"] and out.state["combat"]["ship"]["sp"] == 12
    assert out.state["combat"]["used"] == {"Ray": "pilot", "Mila": "pilot"}
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 1, cat=CAT, evade=["Ray"])
    assert not out.data["shots"][0]["evade"]["evaded"]
    with pytest.raises(RuleError, match="Maneuver Engines"):
        enemy_fire.combat_enemy_fire(in_combat(), dice(5, 6), cat=CAT, evade=["Ray"])


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
    s = apply(s, page.combat_set, key="ship.shield", value="0").state
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
    s = apply(in_combat(), page.combat_set, key="ship.sp", value="2").state
    out = apply(s, enemy_fire.combat_enemy_fire, 6, cat=CAT)
    assert out.state["result"] == "lost" and "combat" not in out.state


# --- 10 (5): boarding ---------------------------------------------------------------------------------


def boarding_state(enemy="Raider 10-5, 3, 2-1", systems=("Laser",)) -> dict:
    """In phase 5 of the first turn (the enemy fired and missed)."""
    s = in_combat(enemies=(enemy,), systems=systems)
    s["crew"]["Ray"].update(ranged=6, melee=2)
    s["crew"]["Mila"].update(ranged=3, melee=3)
    return apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state


def test_boarding_pools_one_die_per_6_points_and_per_2_enemy_crew():
    out = apply(boarding_state(), boarding.combat_board, enemy=1, crew=["Ray", "Mila"])
    b = out.state["combat"]["boarding"]
    assert (b["dice"], b["enemy_dice"]) == (1, 2)            # 6 + 3 = 9 points: 1 die; 5 crew: 2 dice
    assert out.state["combat"]["used"] == {"Ray": "boarding", "Mila": "boarding"}


def test_boarding_needs_a_shield_of_3_or_less_and_a_crew():
    with pytest.raises(RuleError, match="3 or less"):
        boarding.combat_board(boarding_state("Raider 10-5, 3, 4-1"), dice(), enemy=1, crew=["Ray"])
    with pytest.raises(RuleError, match="no crew"):
        boarding.combat_board(boarding_state("Mine 3-0, 5, 0-0"), dice(), enemy=1, crew=["Ray"])


def test_boarding_round_hits_negation_wounds_and_removed_dice():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray", "Mila"]).state
    # yours: 6 (2 hits); theirs 4, 5, 1, 2 (2 hits); negate 1: one hit left costs Mila 4 HP; 1 hit left for you
    out = apply(s, boarding.combat_round, 6, 4, 5, 1, 2, negate=1, hurt=["Mila"], sacrifice="Ray")
    assert out.state["crew"]["Mila"]["hp"] == 8 - 4
    assert out.state["crew"]["Ray"]["hp"] == 8 - 3
    assert out.state["combat"]["boarding"]["enemy_dice"] == 3


def test_boarding_that_beats_every_defender_destroys_the_ship():
    s = apply(boarding_state("Raider 10-2, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray"]).state
    out = apply(s, boarding.combat_round, 6, 1)
    assert out.state["combat"]["enemies"][0]["sp"] == 0 and "boarding" not in out.state["combat"]


def test_boarding_lasts_three_rounds_and_lost_dice_cost_two_crew_each():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray"]).state
    s = apply(s, boarding.combat_round, 6, 1, 1, 1, 1).state     # 2 hits: one enemy die gone
    s = apply(s, boarding.combat_round, 1, 1, 1, 1).state
    out = apply(s, boarding.combat_round, 1, 1, 1, 1)
    assert "boarding" not in out.state["combat"] and out.state["combat"]["enemies"][0]["crew"] == 6


def test_boarding_armory_rerolls_misses_when_you_board():
    s = apply(boarding_state("Raider 10-2, 3, 2-1", systems=("Boarding Armory", "Laser")), boarding.combat_board,
              enemy=1, crew=["Ray"]).state
    out = apply(s, boarding.combat_round, 2, 1, 6)
    assert out.data["dice"] == [6] and out.state["combat"]["enemies"][0]["sp"] == 0


def test_being_overrun_by_boarders_loses_the_game():
    s = in_combat(enemies=("Raider 10-8, 3, 2-1",), timeline=["C"], crew=("Ray",))
    s = apply(s, page.combat_set, key="ship.shield", value="0").state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, boarding.combat_repel, enemy=1, crew=["Ray"]).state
    out = apply(s, boarding.combat_round, 1, 6, 6, 6)      # 6 hits: Ray takes 24, killed
    assert out.state["result"] == "lost"


def test_unconscious_boarders_may_be_healed_in_a_hurry():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Mila"]).state
    s = apply(s, boarding.combat_round, 1, 6, 1, 1, 1).state        # 2 hits: Mila 8 → 0
    assert s["crew"]["Mila"]["status"] == "unconscious" and "boarding" not in s["combat"]   # no one stands
    out = apply(s, boarding.combat_heal, 4, name="Mila")
    assert out.state["crew"]["Mila"]["hp"] == 2
    out = apply(s, boarding.combat_heal, 1, name="Mila")
    assert "Mila" not in out.state["crew"] and "Mila" in out.state["fallen"]


# --- 10 (6-7): escape, recharge, after the combat --------------------------------------------------------


def test_escape_d20_plus_unused_tech_20_then_15():
    s = tech(in_combat(), Ray=3, Mila=5, Dax=1)
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, escape.combat_escape, 10)
    assert (out.data["total"], out.data["escaped"]) == (19, False)
    s = apply(out.state, recharge.combat_recharge, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, escape.combat_escape, 6)
    assert out.data["target"] == 15 and out.data["escaped"] and "combat" not in out.state


def test_recharge_fills_shields_up_to_their_maximum_and_frees_the_crew():
    s = in_combat(enemies=("Frigate 10-2, 3, 6-4",))
    s = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Laser", 1)], reroll=[]).state
    s = apply(s, enemy_fire.combat_enemy_fire, 4, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    assert s["combat"]["ship"]["shield"] == 4 and s["combat"]["enemies"][0]["shield"] == 6   # 2 + 2; 3 + 4 capped


def test_repair_drones_mend_in_the_recharge_phase():
    s = apply(in_combat(systems=("Repair Drones", "Laser")), page.combat_set, key="ship.sp", value="4").state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    assert apply(s, recharge.combat_recharge, cat=CAT, drones="sp").state["combat"]["ship"]["sp"] == 7


def test_after_a_won_flight_xp_credits_repairs_and_reload():
    out = apply(ship_state(), flight.flight, 2, 1, difficulty=1, cat=CAT, table=TABLE, avoid=True, options=["smuggle"])
    s = out.state                                                        # flight 3+... difficulty 3: 6 + 1 = 7
    assert s["flight"]["number"] == 7
    s = apply(s, page.combat_set, key="enemy.1", value="Mine 3-0, 5, 0-0").state
    s = apply(s, page.combat_set, key="xp", value="5").state
    s = apply(s, ship.ship_system, label="Laser 2", action="damage").state
    s = apply(s, fire.combat_fire, 5, cat=CAT, weapons=[("Missile", 1)]).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    s = out.state
    assert "combat" not in s and s["xp"] == 5 and s["credits"] == 500 + 5 + 15
    assert not any(e.get("damaged") for e in s["ship"]["systems"].values())
    assert s["flight"]["stage"] == "arrived"


def test_combat_end_by_hand_and_flight_end():
    s = in_combat()
    out = apply(s, after.combat_end, result="retreated")
    assert "combat" not in out.state
    with pytest.raises(RuleError, match="no flight"):
        flight.flight_end(out.state, dice())


# --- hypothesis: random space combats stay within bounds ---------------------------------------------------

ENEMY_SPECS = st.sampled_from(["Mine 3-0, 5, 0-0", "Raider 8-5, 4, 3-1", "Frigate 12-6, 6 HE, 5-2",
                               "Drone 4-0, 3 EMP, 2-2", "Cruiser 20-8, 7, 8-3"])
SYSTEMS = st.lists(st.sampled_from(["Primary Shields", "Secondary Shields", "Laser", "Missile", "Autocannon",
                                    "Torpedo", "Ion cannon", "Armor", "Combat Bridge", "Maneuver Engines",
                                    "Repair Drones", "Target System", "Boarding Armory", "Teleporter"]),
                   min_size=1, max_size=7, unique=True)


def _bounds(s: dict) -> None:
    assert validate(s) == []
    c = s.get("combat")
    if not c:
        return
    assert 0 <= c["ship"]["sp"] <= c["ship"]["sp_max"]
    assert 0 <= c["ship"]["shield"] <= c["ship"]["shield_max"]
    for e in c["enemies"]:
        assert 0 <= e["sp"] <= e["sp_max"] and 0 <= e["shield"] <= e["shield_max"]
    for label, n in c["ammo"].items():
        e = s["ship"]["systems"][label]
        cap = CAT[e["for"]]["ammo"] if e["system"] == "Ammo" else CAT[e["system"]]["ammo"]
        assert 0 <= n <= cap


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(enemies=st.lists(ENEMY_SPECS, min_size=1, max_size=4), systems=SYSTEMS, seed=st.integers(0, 2 ** 32),
       timeline=st.lists(st.sampled_from(["-", "A", "B", "C", "E", "I", "S", "V", "T", "G"]), max_size=8),
       objectives=st.lists(st.sampled_from(["T7", "A8", "C6", "?9"]), max_size=3), choices=st.data())
def test_random_space_combats_end_within_bounds(enemies, systems, seed, timeline, objectives, choices):
    s = ship_state(systems=systems)
    s = page.combat_start(s, dice(), cat=CAT, enemies=enemies, timeline=timeline, objectives=objectives, xp=3).state
    _bounds(s)
    for step in range(400):
        if "combat" not in s:
            break
        c = s["combat"]
        d = dice(seed=seed + step)
        free = [n for n, m in s["crew"].items() if n not in c["used"] and m["status"] == "active"]
        try:
            if c.get("boarding"):
                party = list(c["boarding"]["crew"])
                first = choices.draw(st.sampled_from(party))
                out = boarding.combat_round(s, d, hurt=([first] + party) * 8)
            elif c.get("boarders"):
                standing = [n for n, m in s["crew"].items() if m["status"] == "active"]
                out = boarding.combat_repel(s, d, enemy=c["boarders"][0], crew=standing[:2])
            elif c["step"] == "timeline" and c["crossed"] < len(c["timeline"]):
                out = timeline_rules.combat_timeline(s, d, cat=CAT, shields=[k for k in s["ship"]["systems"] if "Shields" in k] * 4)
            elif c["step"] in ("timeline", "objectives") and free and choices.draw(st.booleans()):
                if any(not o["solved"] for o in c["objectives"]):
                    out = objectives_rules.combat_objective(s, d, crew=free[:choices.draw(st.integers(1, len(free)))])
                else:
                    out = fire.combat_fire(s, d, cat=CAT, weapons=[], target=None)
            elif c["step"] in ("timeline", "objectives", "fire"):
                working = [k for k, e in s["ship"]["systems"].items()
                           if CAT.get(e["system"], {}).get("category") == "weapon" and not e.get("damaged")
                           and (not CAT[e["system"]].get("ammo") or fire._ammo_left(s, c, k) > 0)]
                active = combat.ships_left(c)
                tgt = active[0] if active else None
                shots = [(w, tgt) for w in working[:4]] if tgt else []
                out = fire.combat_fire(s, d, cat=CAT, weapons=shots, reroll=free[:1])
            elif c["step"] == "enemy-fire" and combat.enemy_fire_due(c):
                shields = [k for k in s["ship"]["systems"] if "Shields" in k] * 4
                can_evade = systems_rules.working(s, "Maneuver Engines") and not c.get("evaded")
                out = enemy_fire.combat_enemy_fire(s, d, cat=CAT, shields=shields,
                                           evade=free[:2] if can_evade and choices.draw(st.booleans()) else [])
            elif c["step"] == "boarding" and choices.draw(st.booleans()):
                cands = [i for i in combat.ships_left(c) if c["enemies"][i - 1]["crew"] and
                         c["enemies"][i - 1]["shield"] <= 3]
                if cands and free and not c.get("boarded"):
                    out = boarding.combat_board(s, d, enemy=cands[0], crew=free)
                else:
                    out = escape.combat_escape(s, d)
            else:
                out = recharge.combat_recharge(s, d, cat=CAT)
        except (RuleError, InputError):
            # a move the rules refuse here (e.g. boarding a ship that cannot be boarded): go on plainly
            if combat.enemy_fire_due(c) and not (c["step"] == "timeline" and c["crossed"] < len(c["timeline"])):
                out = enemy_fire.combat_enemy_fire(s, d, cat=CAT, shields=[k for k in s["ship"]["systems"]
                                                                   if "Shields" in k] * 4)
            else:
                out = recharge.combat_recharge(s, d, cat=CAT)
        s = out.state
        _bounds(s)
    else:
        s = after.combat_end(s, dice(), "retreated").state
    assert "combat" not in s
    _bounds(s)


def test_hypothesis_helpers_use_a_fresh_member_set():
    s = with_crew(new_state(), "Ann")
    assert s["crew"]["Ann"]["agility"] == ATTRS["agility"]


def test_the_turn_phases_and_recovery_wait_for_the_combat():
    s = in_combat()
    with pytest.raises(RuleError, match="Space Combat is going on"):
        phases.turn(s, dice())
    with pytest.raises(RuleError, match="Space Combat is going on"):
        phases.phase(s, dice(), to=4)
    with pytest.raises(RuleError, match="not during it"):
        phases.recover(s, dice(), cat=CAT)
    out = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True)
    with pytest.raises(RuleError, match="not generated yet"):
        phases.phase(out.state, dice(), to=4)
    assert "flight" not in apply(out.state, flight.flight_end).state


@pytest.mark.parametrize("edit, message", [
    (lambda c: c["ship"].update(sp=99), "state.combat.ship.sp = 99 is above state.combat.ship.sp_max = 12"),
    (lambda c: c["enemies"][0].update(shield=9), "state.combat.enemies[0].shield = 9 is above its shield_max = 0"),
    (lambda c: c.update(crossed=5), "state.combat.crossed = 5 is above the 0 timeline cells"),
    (lambda c: c["used"].update(Zed="pilot"), 'state.combat.used names "Zed", who is not a crew member'),
    (lambda c: c["ammo"].update(Railgun=2), 'state.combat.ammo names "Railgun", which is not a ship system'),
    (lambda c: c.update(step="lunch"), "state.combat.step"),
    (lambda c: c.update(timeline=["Q"]), "state.combat.timeline[0]"),
])
def test_hand_edited_combat_pages_are_checked(edit, message):
    s = in_combat()
    edit(s["combat"])
    assert any(message in p for p in validate(s)), validate(s)


def test_an_empty_page_must_be_filled_before_the_combat_goes_on():
    out = apply(ship_state(), flight.flight, 6, difficulty=3, cat=CAT, table=TABLE)
    with pytest.raises(RuleError, match="page is empty"):
        recharge.combat_recharge(out.state, dice(), cat=CAT)
    with pytest.raises(RuleError, match="page is empty"):
        timeline_rules.combat_timeline(out.state, dice(), cat=CAT)
