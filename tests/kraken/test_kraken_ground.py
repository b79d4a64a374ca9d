"""Ground combat (chapter 14): spawning, initiative, crew actions, the damage pipeline,
enemy actions, PSI, escape, Treasure drops and XP, with the chapter's worked examples
(the Rifle, the ranged boost, the Whip berserk, the weakness example, PSI SHOCK, the
meditation, the Treasure and cash drops) and hypothesis-driven random combats."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kraken_helpers import apply, dice, new_state, with_crew

from journal.errors import InputError, RuleError
from journal.games.kraken import crew as crew_rules, equipment, phases, starmap, treasure
from journal.games.kraken.dungeon import maps, shops
from journal.games.kraken.ground_combat import (
    actions,
    attacks,
    damage,
    enemies,
    loop,
    profiles,
    psi as psi_rules,
    spawn,
)
from journal.games.kraken.model import ground, weapons
from journal.games.kraken.model.validate import validate
from journal.errors import NeedChoice

# --- the notation ---------------------------------------------------------------------------------------


def test_weapon_definition_example():
    """Ch. 14: 'Rifle (3) 4+, 3 A5. Type RG': Strength 3, hits on 4+, 3 damage, 5 Ammo, ranged."""
    w = weapons.parse_attack("Rifle (3) 4+, 3 A5 RG")
    assert (w["name"], w["strength"], w["hit"], w["times"], w["damage"], w["ammo"], w["kind"]) == (
        "Rifle", 3, 4, 1, 3, 5, "RG")
    e = weapons.parse_attack("RG 4+, 2x3 AP Fire WEAKEN 2 G3")
    assert (e["kind"], e["times"], e["damage"], e["flags"], e["types"], e["weaken"], e["grade"]) == (
        "RG", 2, 3, ["AP"], ["fire"], 2, 3)
    with pytest.raises(InputError, match="RG \\(ranged\\) or ML"):
        weapons.parse_attack("Club 4+, 2")
    with pytest.raises(InputError, match="not part of the notation"):
        weapons.parse_attack("Club 4+, 2 ML Sparkles")


@pytest.mark.parametrize("points, hit, expected", [(5, 0, (2, 0)), (5, 1, (1, 1)), (5, 2, (0, 2)), (1, 0, (0, 0)),
                                                   (8, 3, (1, 3))])
def test_ranged_boost_example(points, hit, expected):
    """Ch. 14: Ranged 5 gives two boosts (2 points each): +1 damage and -1 to the roll, or
    +2 damage, or -2 to the roll; the fifth point is lost."""
    assert damage.boosts(points, hit) == expected


def test_boost_beyond_the_points_is_refused():
    with pytest.raises(InputError, match="2 boost"):
        damage.boosts(5, 3)


@pytest.mark.parametrize("types, weak, resist, factor", [
    ({"ice", "toxic", "melee"}, {"toxic", "melee"}, {"ice"}, 2.0),     # the book's example
    ({"fire", "ranged"}, {"fire", "ranged"}, set(), 3.0),
    ({"fire"}, set(), set(), 1.0),
    ({"toxic", "melee"}, set(), {"toxic"}, 0.5),
    ({"toxic", "melee"}, set(), {"toxic", "melee"}, 0.0),
])
def test_weakness_and_resistance(types, weak, resist, factor):
    assert damage.multiplier(types, weak, resist)[0] == factor


def test_half_damage_rounds_up():
    assert damage.apply_multiplier(5, 0.5) == 3


# --- the damage pipeline -----------------------------------------------------------------------------------

RG = weapons.parse_attack("RG 4+, 5")
ML = weapons.parse_attack("ML 4+, 5")


@pytest.mark.parametrize("spec, shield, armor, hp", [
    (RG, {"class": "A", "power": 3}, 1, 1),      # a flash shield stops ranged damage
    (ML, {"class": "A", "power": 3}, 1, 4),      # ... but not melee
    (ML, {"class": "B", "power": 3}, 1, 1),      # an energy shield stops both
    (weapons.parse_attack("RG 4+, 5 IS"), {"class": "B", "power": 3}, 1, 4),
    (weapons.parse_attack("RG 4+, 5 AP"), None, 3, 3),    # half of 3, rounded up: 2
    (weapons.parse_attack("RG 4+, 5 IA"), None, 3, 5),
])
def test_damage_pipeline_shields_then_armor(spec, shield, armor, hp):
    assert damage.pipeline(5, spec, shield, armor)["hp"] == hp


def test_emp_hurts_only_shields_and_cover_adds_armor():
    res = damage.pipeline(5, weapons.parse_attack("RG 4+, 5 EMP"), {"class": "A", "power": 2}, 0)
    assert (res["shield"], res["hp"]) == (2, 0)
    assert damage.pipeline(5, RG, None, 1, cover=True)["hp"] == 3
    assert damage.pipeline(5, weapons.parse_attack("RG 4+, 5 EX"), None, 1, cover=True)["hp"] == 1


# --- a fight ---------------------------------------------------------------------------------------------------


def fighters(crew=("Ann", "Ben"), atmosphere="YES", level=3, boss=False, ambush=False) -> dict:
    s = new_state(lines=())
    s = with_crew(s, *crew)
    return apply(s, spawn.ground_start, *([] if ambush else [1]), 6, 1, level=level, atmosphere=atmosphere,
                 boss=boss, ambush=ambush, map_no=1).state if level > 1 else \
        apply(s, spawn.ground_start, 1, 6, level=level, atmosphere=atmosphere, map_no=1).state


def with_enemy(s, label="E1", **kw) -> dict:
    values = {"hp": 10, "armor": 1, "agility": 3}
    values.update(kw)
    return apply(s, profiles.ground_add, label=label, **values).state


def started(s, crew_roll=6, enemy_roll=1, **kw) -> dict:
    """Past the initiative (a lone wolf or an ambush rolls nothing)."""
    g = s["ground"]
    rolls = [] if g["ambush"] or len(ground.conscious(s, g)) == 1 else [crew_roll, enemy_roll]
    return apply(s, loop.ground_initiative, *rolls, **kw).state


def armed(s, name="Ann", spec="Rifle (3) 4+, 3 A5 RG") -> dict:
    return apply(s, equipment.crew_weapon, name=name, spec=spec).state


# --- spawning -------------------------------------------------------------------------------------------


def test_spawn_level_is_difficulty_plus_e_and_minions_one_lower():
    """Ch. 14: Location Difficulty 1 and E3: a LV4 Primary, Minions LV3."""
    s = new_state(lines=())
    s = with_crew(s, "Ann")
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


def test_ambush_fails_the_reaction_and_the_enemies_act_first():
    s = with_enemy(fighters(ambush=True))
    out = apply(s, loop.ground_initiative)
    assert out.state["ground"]["first"] == "enemies" and out.state["ground"]["step"] == "enemies"


def test_level_above_8_is_capped():
    s = with_crew(new_state(lines=()), "Ann")
    assert apply(s, spawn.ground_start, 1, 6, 1, level=11).state["ground"]["level"] == 8


# --- initiative --------------------------------------------------------------------------------------------


def test_initiative_lowest_agility_plus_d6_and_a_draw_goes_to_the_crew():
    s = with_enemy(fighters(), agility=4)
    s["crew"]["Ann"]["agility"], s["crew"]["Ben"]["agility"] = 2, 5
    assert apply(s, loop.ground_initiative, 4, 2).state["ground"]["first"] == "crew"       # 6 vs 6
    assert apply(s, loop.ground_initiative, 3, 2).state["ground"]["first"] == "enemies"    # 5 vs 6


def test_cover_at_initiative_skips_the_slowest_and_keeps_them_out_of_the_first_turn():
    s = with_enemy(fighters(), agility=4)
    s["crew"]["Ann"]["agility"], s["crew"]["Ben"]["agility"] = 1, 5
    out = apply(s, loop.ground_initiative, 1, 2, cover=["Ann"])
    assert out.data["crew"] == 6 and out.state["ground"]["cover"] == ["Ann"]
    with pytest.raises(RuleError, match="stays in cover"):
        attacks.ground_attack(out.state, dice(6), name="Ann", weapon="fists", targets=["E1"])


def test_a_lone_wolf_wins_initiative_and_acts_twice():
    s = with_enemy(fighters(crew=("Ann",)), agility=9)
    s = apply(s, loop.ground_initiative).state
    assert s["ground"]["first"] == "crew"
    s = apply(s, attacks.ground_attack, 1, name="Ann", weapon="fists", targets=["E1"]).state
    s = apply(s, attacks.ground_attack, 1, name="Ann", weapon="fists", targets=["E1"]).state
    assert s["ground"]["step"] == "enemies"


def test_oxygen_each_turn_in_a_non_breathable_atmosphere():
    s = started(with_enemy(fighters(atmosphere="NO")))
    assert s["oxygen"] == 24


# --- crew actions ------------------------------------------------------------------------------------------


def test_attack_hits_on_the_weapons_value_and_a_6_adds_one():
    s = started(armed(with_enemy(fighters(), armor=0)))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"])
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 10 - 4        # the Rifle example: 3 + 1 on a 6
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 4


def test_a_1_misses_jams_and_spends_no_ammo():
    s = started(armed(with_enemy(fighters())))
    out = apply(s, attacks.ground_attack, 1, name="Ann", weapon="Rifle", targets=["E1"])
    w = out.state["crew"]["Ann"]["weapons"]["Rifle"]
    assert w["jam"] == "jammed" and w["ammo"] == 5
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 10


def test_a_miss_spends_ammo():
    s = started(armed(with_enemy(fighters())))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 3, name="Ann", weapon="Rifle", targets=["E1"])
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 4


def test_berserk_whip_example():
    """Ch. 14: a Whip dealing 3 x 2, Berserk with 2 HP, three hits: 4, 2 and 2."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Whip 4+, 3x2 ML"))
    s["crew"]["Ann"]["melee"] = 1
    out = apply(s, attacks.ground_attack, 4, 5, 4, name="Ann", weapon="Whip", targets=["E1"], berserk=2)
    assert [a["hp_damage"] for a in out.data["attacks"]] == [4, 2, 2]
    assert out.state["crew"]["Ann"]["hp"] == 8 - 2


def test_multiple_attacks_stop_on_a_1_and_boosts_apply_to_the_first_only():
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Whip 4+, 3x2 ML"))
    s["crew"]["Ann"]["melee"] = 4
    out = apply(s, attacks.ground_attack, 4, 1, name="Ann", weapon="Whip", targets=["E1"])
    assert [a["roll"] for a in out.data["attacks"]] == [4, 1] and out.data["attacks"][0]["hp_damage"] == 4
    assert "jam" not in out.state["crew"]["Ann"]["weapons"]["Whip"]     # only the first die jams


def test_explosive_weapons_hit_every_enemy():
    s = with_enemy(with_enemy(fighters(), "E1", armor=0), "E2", armor=0)
    s = started(armed(s, spec="Grenade launcher 4+, 3 A2 RG EX"))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 1, 5, name="Ann", weapon="Grenade launcher")
    g = out.state["ground"]["enemies"]
    assert (g["E1"]["hp"], g["E2"]["hp"]) == (10, 7)
    assert out.state["crew"]["Ann"]["weapons"]["Grenade launcher"] == {"spec": "Grenade launcher 4+, 3 A2 RG EX",
                                                                        "ammo": 1, "jam": "jammed"}


def test_weaken_lowers_armor_for_the_combat_without_stacking():
    s = started(armed(with_enemy(fighters(), armor=3, shield="B:1/0"), spec="Cutter 4+, 3 ML WEAKEN 2"))
    s["crew"]["Ann"]["melee"] = 1
    out = apply(s, attacks.ground_attack, 4, name="Ann", weapon="Cutter", targets=["E1"])
    assert out.state["ground"]["enemies"]["E1"]["weaken"] == 2


def test_t2_weapons_must_be_recharged():
    s = started(armed(with_enemy(fighters(crew=("Ann",)), hp=30), spec="Plasma (1) 4+, 2 RG T2"))
    s = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Plasma", targets=["E1"]).state
    with pytest.raises(RuleError, match="recharged"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="Plasma", targets=["E1"])
    s = apply(s, actions.ground_simple, name="Ann", action="recharge", weapon="Plasma").state
    assert "spent" not in s["crew"]["Ann"]["weapons"]["Plasma"]


def test_flank_adds_3_once_a_turn_and_costs_oxygen_when_not_breathable():
    s = started(with_enemy(fighters(atmosphere="NO"), hp=30, armor=0))
    s["crew"]["Ann"].update(agility=4, melee=1)
    out = apply(s, attacks.ground_attack, 4, 4, name="Ann", weapon="fists", targets=["E1"], flank=True)
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 30 - 4 and out.state["oxygen"] == 23
    with pytest.raises(RuleError, match="one Flank"):
        attacks.ground_attack(out.state, dice(4, 4), name="Ben", weapon="fists", targets=["E1"], flank=True)


def test_a_flank_without_oxygen_is_refused_before_a_berserk_blow_hurts():
    """Legality before effect: a Flank that costs 1 Oxygen when none is left refuses the whole
    attack, so a Berserk wound is never applied for it."""
    s = started(with_enemy(fighters(atmosphere="NO"), hp=30, armor=0))
    s["oxygen"] = 0
    with pytest.raises(RuleError, match="a Flank costs 1 Oxygen here and none is left"):
        attacks.ground_attack(s, dice(4, 4), name="Ann", weapon="fists", targets=["E1"], flank=True, berserk=3)


def test_overload_makes_attack_rolls_harder():
    s = started(with_enemy(fighters(), hp=30, armor=0))
    s["crew"]["Ann"]["inventory"] = {k: "stuff" for k in ("L", "R", "1", "2", "3")}   # capacity 4: overload 1
    out = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"])
    assert out.data["attacks"][0]["hit"] is False


def test_unjam_stages_8_then_6_then_6_or_it_breaks():
    s = started(armed(with_enemy(fighters(crew=("Ann",)), hp=30)))
    s["crew"]["Ann"]["tech"] = 2
    s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] = "jammed"
    s = apply(s, actions.ground_unjam, 5, name="Ann", weapon="Rifle").state            # 7 < 8
    assert s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] == "jammed-again"
    s = apply(s, actions.ground_unjam, 3, name="Ann", weapon="Rifle").state            # 5 < 6
    assert s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] == "damaged"
    s2 = apply(s, enemies.ground_enemy, action="idle", label="E1").state
    s2 = apply(s2, loop.ground_turn).state
    out = apply(s2, actions.ground_unjam, 4, name="Ann", weapon="Rifle")                # 6: repaired
    assert "jam" not in out.state["crew"]["Ann"]["weapons"]["Rifle"]
    out = apply(s2, actions.ground_unjam, 3, name="Ann", weapon="Rifle")
    assert "weapons" not in out.state["crew"]["Ann"]


def test_reload_fills_the_weapon():
    s = started(armed(with_enemy(fighters())))
    s["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] = 1
    out = apply(s, actions.ground_simple, name="Ann", action="reload", weapon="Rifle")
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 5


def test_using_a_healing_item_heals_half_in_hell():
    s = started(with_enemy(fighters(atmosphere="HELL")))
    s["crew"]["Ben"]["hp"] = 1
    out = apply(s, actions.ground_simple, name="Ann", action="item", item="Med kit", heal=5, target="Ben")
    assert out.state["crew"]["Ben"]["hp"] == 4


# --- enemy actions -----------------------------------------------------------------------------------------


def test_enemy_action_from_its_table_and_priority_targets():
    s = with_enemy(fighters(), actions=["1-2: idle", "3-6: ML 4+, 3"])
    s = started(armed(s, name="Ben"))
    s = apply(s, attacks.ground_attack, 2, name="Ann", weapon="fists", targets=["E1"]).state   # melee, missed
    s = apply(s, attacks.ground_attack, 2, name="Ben", weapon="Rifle", targets=["E1"]).state    # ranged
    out = apply(s, enemies.ground_enemy, 4, 6, label="E1")
    assert out.data["attacks"][0]["target"] == "Ann"                      # melee attackers first
    assert out.state["crew"]["Ann"]["hp"] == 8 - 4                        # 3 + 1 on a 6
    with pytest.raises(RuleError, match="priority"):
        enemies.ground_enemy(s, dice(4, 6), label="E1", target="Ben")


def test_several_candidates_ask_which_one():
    s = started(with_enemy(fighters(crew=("Ann", "Ben")), actions=["1-6: RG 4+, 2"]), crew_roll=1, enemy_roll=6)
    with pytest.raises(NeedChoice, match="--target is required"):
        enemies.ground_enemy(s, dice(3, 5), label="E1")
    assert apply(s, enemies.ground_enemy, 3, 5, label="E1", target="Ben").state["crew"]["Ben"]["hp"] == 6


def test_cover_makes_enemy_rolls_one_harder_and_adds_armor():
    s = started(with_enemy(fighters(crew=("Ann", "Ben")), actions=["1-6: RG 4+, 3"]))
    s = apply(s, actions.ground_simple, name="Ann", action="cover").state
    s = apply(s, actions.ground_simple, name="Ben", action="cover").state
    out = apply(s, enemies.ground_enemy, 1, 4, label="E1", target="Ann")
    assert out.data["attacks"][0]["hit"] is False
    out = apply(s, enemies.ground_enemy, 1, 5, label="E1", target="Ann")
    assert out.state["crew"]["Ann"]["hp"] == 8 - 2                        # 3 - 1 cover armor


@pytest.mark.parametrize("level, roll, hp", [(7, 4, 8 - 4), (8, 3, 8 - 5), (6, 3, 8)])
def test_level_7_and_8_enemies_hit_harder(level, roll, hp):
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, spawn.ground_start, 1, 6, 6, 1, level=level).state
    s = with_enemy(s, actions=["1-6: ML 4+, 3"])
    s = apply(s, loop.ground_initiative).state                                # lone wolf
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    assert apply(s, enemies.ground_enemy, 1, roll, label="E1").state["crew"]["Ann"]["hp"] == hp


def test_enemy_escapes_at_its_escape_value_on_4_plus_and_grants_xp_not_treasure():
    s = with_enemy(fighters(), hp=10, escape=3, xp=7, treasure=3, actions=["1-6: idle"])
    s = started(s)
    s["ground"]["enemies"]["E1"]["hp"] = 3
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ben", action="wait").state
    out = apply(s, enemies.ground_enemy, 4, label="E1")
    assert "ground" not in out.state and out.state["xp"] == 7 and "loot" not in out.state


def test_enemies_act_top_to_bottom():
    s = with_enemy(with_enemy(fighters(), "E1", actions=["1-6: idle"]), "E2", actions=["1-6: idle"])
    s = started(s, crew_roll=1, enemy_roll=6)
    with pytest.raises(RuleError, match="top to bottom"):
        enemies.ground_enemy(s, dice(1), label="E2")


# --- PSI ---------------------------------------------------------------------------------------------------


def psi_fight(psi=2, acted=True) -> dict:
    s = new_state(lines=())
    s = apply(s, crew_rules.crew_add, name="Mila", attrs={"agility": 3, "strength": 4, "tech": 3, "charisma": 2,
                                                     "ranged": 2, "melee": 2}, psi=True).state
    s = with_crew(s, "Ann")
    s["crew"]["Mila"]["psi"] = psi
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = with_enemy(with_enemy(s, "E1", hp=10, armor=3), "E2", hp=10, shield="B:4/0")
    s = started(s)
    return apply(s, actions.ground_simple, name="Mila", action="wait").state if acted else s   # PSI after an action


def test_psi_shock_example():
    """Ch. 14: PSI 2, PSI SHOCK (6): a 3 makes 5: fail, -1 HP, exhausted; a 6 makes 8."""
    s = psi_fight()
    out = apply(s, psi_rules.ground_psi, 3, name="Mila", power="SHOCK")
    m = out.state["crew"]["Mila"]
    assert (m["hp"], m["psi_exhausted"]) == (7, True)
    out = apply(s, psi_rules.ground_psi, 6, name="Mila", power="SHOCK")
    e = out.state["ground"]["enemies"]
    assert (e["E1"]["hp"], e["E2"]["hp"], e["E2"]["shield"]["power"]) == (8, 8, 4)     # ignores Shields and Armor


@pytest.mark.parametrize("typed, power", [("shock", "SHOCK"), ("PSI SHOCK", "SHOCK"), ("psi-shock", "SHOCK"),
                                          ("cure 2", "CURE II"), ("Cure II", "CURE II"), ("midas", "MIDAS TOUCH"),
                                          ("oxygen", "OXYGEN CREATION"), ("cure_all", "CURE ALL")])
def test_a_psi_power_is_read_as_the_player_types_it(typed, power):
    assert psi_rules.psi_power(typed) == power


def test_an_unknown_psi_power_is_refused_naming_the_powers():
    with pytest.raises(InputError, match="'fireball' is not a PSI power: ATTACK, SHOCK, BLAST"):
        psi_rules.psi_power("fireball")
    with pytest.raises(InputError, match="'shock' is not a PSI power"):     # the rules take the book's name
        psi_rules.ground_psi(psi_fight(), dice(6), name="Mila", power="shock")


def test_psi_powers_are_typed_in_any_case_on_the_command_line(manual):
    manual("kraken", "crew", "add", "-s", "hand", "Mila", "--agility", "3", "--strength", "4", "--tech", "3",
           "--charisma", "2", "--ranged", "2", "--melee", "2", "--psi", ok=True)
    r = manual("kraken", "ground", "psi", "-s", "hand", "Mila", "psi", "shock")
    assert r.exit_code == 1 and "there is no Ground Combat going on" in r.stderr    # read, then refused by the rules
    r = manual("kraken", "ground", "psi", "-s", "hand", "Mila", "fireball")
    assert r.exit_code == 2 and "'fireball' is not a PSI power" in r.stderr


def test_a_failed_psi_check_on_a_1_costs_2_hp():
    out = apply(psi_fight(psi=5), psi_rules.ground_psi, 1, name="Mila", power="ATTACK", target="E1")
    assert out.data["success"] is True                                                  # 6 >= 5
    out = apply(psi_fight(psi=1), psi_rules.ground_psi, 1, name="Mila", power="BLAST", target="E1")
    assert out.state["crew"]["Mila"]["hp"] == 6


def test_psi_cure_is_harder_on_yourself_and_flash_always_works():
    s = psi_fight(psi=1)
    s["crew"]["Mila"]["hp"] = 3
    assert apply(s, psi_rules.ground_psi, 4, name="Mila", power="CURE").data["success"] is False      # 5 < 6
    s["crew"]["Ann"]["hp"] = 3
    assert apply(s, psi_rules.ground_psi, 4, name="Mila", power="CURE", target="Ann").state["crew"]["Ann"]["hp"] == 5
    out = apply(s, psi_rules.ground_psi, 2, name="Mila", power="FLASH")
    assert out.state["ground"]["flash"] is True and out.state["crew"]["Mila"]["psi_exhausted"]


def test_meditation_example():
    """Ch. 14: Strength 4 (8 HP), 3 HP lost: the meditation needs 6+."""
    s = psi_fight(acted=False)
    s["crew"]["Mila"].update(hp=5, psi_exhausted=True)
    out = apply(s, psi_rules.meditate, 5, name="Mila")
    assert (out.data["target"], out.data["recovered"], out.state["crew"]["Mila"]["hp"]) == (6, False, 4)
    out = apply(s, psi_rules.meditate, 6, name="Mila")
    assert "psi_exhausted" not in out.state["crew"]["Mila"]


def test_dungeon_psi_powers_cost_nothing_but_the_check():
    from test_kraken_dungeon import explorer

    s = explorer()
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=3).state
    s["oxygen"] = 10
    out = apply(s, psi_rules.dungeon_psi, 5, name="Ann", power="OXYGEN CREATION")
    assert out.state["oxygen"] == 12


# --- escape ------------------------------------------------------------------------------------------------


def test_escape_with_sacrifices_and_earlier_tries():
    s = started(with_enemy(fighters(crew=("Ann", "Ben", "Cid")), agility=9, actions=["1-6: idle"]))
    assert s["ground"]["first"] == "enemies"                                   # 3 + 6 against 9 + 1
    for n, a in (("Ann", 2), ("Ben", 4), ("Cid", 5)):
        s["crew"][n]["agility"] = a
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state            # Ann acted: she must be sacrificed
    out = apply(s, actions.ground_escape, 1)                                         # 1 + 4 + 3 = 8 < 9
    assert out.data["escaped"] is False and out.state["crew"]["Ann"]["hp"] == 6
    s = apply(out.state, loop.ground_turn).state
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    out = apply(s, actions.ground_escape, 1, sacrifice=["Ann"])                      # 1 + 4 + 3 + 2 = 10
    assert out.data["escaped"] and "Ann" not in out.state["crew"] and "ground" not in out.state


# --- after the combat ---------------------------------------------------------------------------------------


def test_treasure_drop_example_one_drop_per_primary_not_minions():
    """Ch. 14: a Primary with Treasure grade 4 and two Minions: one drop: 4 Credits or a Stimpack."""
    s = fighters()
    s = with_enemy(s, "P", hp=1, armor=0, treasure=4, xp=6)
    s = with_enemy(s, "M1", hp=1, armor=0, minion=True, xp=2)
    s = with_enemy(s, "M2", hp=1, armor=0, minion=True, xp=2)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["P"]).state
    s = apply(s, attacks.ground_attack, 4, name="Ben", weapon="fists", targets=["M1"]).state
    s = apply(s, loop.ground_set, label="M2", field="status", value="defeated").state
    assert "ground" not in s and s["loot"] == [{"grade": 4, "from": "P (P)"}] and s["xp"] == 10
    out = apply(s, treasure.treasure_take, 14, first="credits")
    assert out.state["credits"] == 104 and out.state["loot"][0]["d20"] == 14


def test_boss_battles_double_the_xp():
    s = with_enemy(fighters(boss=True), hp=1, armor=0, xp=5)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state
    assert s["xp"] == 10


def test_extra_cash_drop_example():
    """Ch. 14: grade 4 (worth 30) and a 5: half, 15 Credits; a 6: all 30."""
    s = new_state()
    s = apply(s, treasure.treasure_add, grade=4).state
    s = apply(s, treasure.treasure_take, 10, first="stimpack").state
    out = apply(s, treasure.treasure_resolve, 5, kind="cash", prices=shops.GRADE_PRICES)
    assert out.data["credits"] == 15 and "loot" not in out.state
    assert apply(s, treasure.treasure_resolve, 6, kind="cash", prices=shops.GRADE_PRICES).data["credits"] == 30


def test_treasure_grades_stop_at_6_and_divination_shifts_the_d20():
    s = apply(new_state(), treasure.treasure_add, grade=8).state
    assert s["loot"][0]["grade"] == 6
    with pytest.raises(RuleError, match="DIVINATION"):
        treasure.treasure_take(s, dice(10), first="credits", shift=3)


def test_midas_touch_pays_3_when_the_combat_is_won():
    s = with_enemy(fighters(), hp=1, armor=0)
    s["ground"]["midas"] = True
    s = started(s)
    assert apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state["credits"] == 103


def test_a_team_with_nobody_conscious_is_lost():
    s = started(with_enemy(fighters(crew=("Ann",)), actions=["1-6: ML 2+, 30"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, enemies.ground_enemy, 1, 5, label="E1")
    assert out.state["crew"] == {} and out.state["result"] == "lost" and "ground" not in out.state


# --- hypothesis: random ground combats stay within bounds -------------------------------------------------

ATTACKS = st.sampled_from(["ML 4+, 3", "RG 4+, 2x2", "RG 3+, 4 AP", "ML 5+, 5 Fire", "RG 4+, 2 EX", "idle"])
WEAPONS = st.sampled_from(["Rifle (3) 4+, 3 A5 RG", "Whip 4+, 3x2 ML", "Grenade 4+, 3 A2 RG EX",
                           "Plasma 4+, 4 A3 RG T2 IS", "Axe (2) 5+, 4 ML AP WEAKEN 1"])


def _bounds(s: dict) -> None:
    assert validate(s) == []
    for m in s["crew"].values():
        assert 0 <= m["hp"] <= m["hp_max"]
        for w in (m.get("weapons") or {}).values():
            cap = weapons.weapon_spec(w)["ammo"]
            assert cap is None or 0 <= w.get("ammo", cap) <= cap
    g = s.get("ground")
    if g:
        for n, v in g.get("shields", {}).items():
            assert 0 <= v <= s["crew"][n]["shield"]["power"]
        for e in g["enemies"].values():
            assert e["hp"] <= e["hp_max"]
            if e.get("shield"):
                assert 0 <= e["shield"]["power"] <= e["shield"]["max"]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n_crew=st.integers(1, 3), n_enemies=st.integers(1, 3), seed=st.integers(0, 2 ** 32),
       atmosphere=st.sampled_from(["YES", "NO", "HELL"]), data=st.data())
def test_random_ground_combats_end_within_bounds(n_crew, n_enemies, seed, atmosphere, data):
    names = ["Ann", "Ben", "Cid"][:n_crew]
    s = with_crew(new_state(lines=()), *names)
    for n in names:
        s = apply(s, equipment.crew_weapon, name=n, spec=data.draw(WEAPONS)).state
        if data.draw(st.booleans()):
            s = apply(s, equipment.crew_gear, name=n, armor=data.draw(st.integers(0, 3)),
                      shield=data.draw(st.sampled_from(["A:2/1", "B:3/1", "none"]))).state
    s = spawn.ground_start(s, dice(seed=seed), level=data.draw(st.integers(1, 8)), atmosphere=atmosphere).state
    for i in range(n_enemies):
        rows = [f"1-3: {data.draw(ATTACKS)}", f"4-6: {data.draw(ATTACKS)}"]
        s = profiles.ground_add(s, dice(), label=f"E{i + 1}", hp=data.draw(st.integers(1, 12)),
                          armor=data.draw(st.integers(0, 3)), agility=data.draw(st.integers(1, 6)),
                          shield=data.draw(st.sampled_from([None, "A:2/1", "B:3/2"])),
                          escape=data.draw(st.sampled_from([None, 1, 3])), actions=rows, xp=3, treasure=2).state
    s = loop.ground_initiative(s, dice(seed=seed + 1), faint=names[0]).state
    _bounds(s)
    for step in range(300):
        g = s.get("ground")
        if not g:
            break
        d = dice(seed=seed + 2 + step)
        up = ground.conscious(s, g)
        todo_c = [n for n in up if g.get("acted", {}).get(n, 0) < ground.activations_allowed(s, g, n)]
        todo_e = [k for k in ground.active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
        try:
            if g["step"] == "crew" and todo_c:
                n = todo_c[0]
                choice = data.draw(st.sampled_from(["attack", "attack", "cover", "escape", "reload", "unjam"]))
                w = next(iter(s["crew"][n].get("weapons") or {}), "fists")
                if choice == "attack":
                    targets = [data.draw(st.sampled_from(ground.active_enemies(g)))]
                    out = attacks.ground_attack(s, d, name=n, weapon=w, targets=targets, hit=0, flank=False)
                elif choice == "escape":
                    out = actions.ground_escape(s, d)
                elif choice == "unjam":
                    out = actions.ground_unjam(s, d, name=n, weapon=w)
                else:
                    out = actions.ground_simple(s, d, name=n, action=choice, weapon=w if choice == "reload" else None)
            elif g["step"] == "enemies" and todo_e:
                k = todo_e[0]
                pool = enemies._targets(s, g)
                out = enemies.ground_enemy(s, d, label=k, target=data.draw(st.sampled_from(pool)) if pool else None)
            else:
                out = loop.ground_turn(s, d, faint=up[0] if up else None)
        except (RuleError, InputError):
            n = todo_c[0] if g["step"] == "crew" and todo_c else None
            out = actions.ground_simple(s, d, name=n, action="wait") if n else loop.ground_turn(s, d, faint=up[0])
        s = out.state
        _bounds(s)
    else:
        s = loop.ground_end(s, dice(), "escaped").state
    assert "ground" not in s
    _bounds(s)


def test_copying_states_keeps_tests_independent():
    s = fighters()
    t = copy.deepcopy(s)
    apply(s, profiles.ground_add, label="X", hp=3, agility=2)
    assert s == t


@pytest.mark.parametrize("edit, message", [
    (lambda s: s["ground"]["enemies"]["E1"].update(hp=99), "state.ground.enemies.E1.hp = 99 is above its hp_max"),
    (lambda s: s["ground"].update(crew=["Zed"]), 'state.ground.crew names "Zed"'),
    (lambda s: s["crew"]["Ann"].update(weapons={"Gun": {"spec": "Gun four"}}), "state.crew.Ann.weapons.Gun.spec"),
    (lambda s: s["crew"]["Ann"].update(weapons={"Gun": {"spec": "Gun 4+, 2 RG A3", "ammo": 7}}),
     "state.crew.Ann.weapons.Gun.ammo = 7 is above its capacity 3"),
    (lambda s: s["crew"]["Ann"].update(armor=9), "state.crew.Ann.armor = 9 is outside 0..8"),
    (lambda s: s.update(loot=[{"grade": 7, "from": "x"}]), "state.loot[0].grade = 7 is outside 1..6"),
])
def test_hand_edited_ground_combats_are_checked(edit, message):
    s = with_enemy(fighters())
    edit(s)
    assert any(message in p for p in validate(s)), validate(s)
