"""The rules the first Space Kraken slices left to the player, as the rulebook prints them:
capturing aliens (ch. 4), enemy traits (Zombie, effects after the action), Chain Attack,
Shield chargers, item uses, the faction limit at LV7/LV8, weapons in hand, extra Armor
above Strength 8, the one Mobile transmitter (ch. 4, 14); Hull Breaches, Teleportals,
Disruptors, Gamblers, Quest Masters, the Phase 4 short visit and item prices (ch. 5, 13);
the Treasure Table's printed cell (ch. 14); Recovery after an exploration and fixed event
Locations (ch. 5, 12)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kraken_helpers import CAT, apply, dice, new_state, with_crew
from test_kraken_dungeon import explorer, flown
from test_kraken_ground import _bounds, armed, fighters, started, with_enemy

from journal import templates
from journal.errors import InputError, RuleError
from journal.games.kraken import captives, crew, equipment, new_location, phases, quests, resources, starmap, treasure
from journal.games.kraken.dungeon import elements, hazards, maps, shops
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop, profiles, psi, spawn
from journal.games.kraken.model import exploration, ground
from journal.games.kraken.model.members import crew_armor
from journal.games.kraken.model.validate import validate

TREASURE, _TP = treasure.parse_treasure_table(templates.load("kraken", "treasure-table.toml"))


def waits(s, *names):
    for n in names:
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    return s


# --- capture (ch. 4) ---------------------------------------------------------------------------------------


def test_capture_alien_at_0_to_minus_2_hp():
    """Ch. 4: lowering an alien to 0, -1 or -2 HP with an attack captures it; a captured alien
    is carried by a crew member. Our reading: it counts as defeated (XP, and a Primary's drop)."""
    s = started(with_enemy(fighters(), hp=3, armor=0, xp=4, treasure=2))
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="fists", targets=["E1"], capture=True)   # 1 + 1 + 1
    assert "ground" not in out.state
    assert out.state["captives"] == {"E1": {"name": "E1", "level": 3, "carrier": "Ann"}}
    assert out.state["xp"] == 4 and out.state["loot"] == [{"grade": 2, "from": "E1 (E1)"}]


@pytest.mark.parametrize("hp, captured", [(4, True), (2, True), (1, False)])
def test_capture_below_minus_2_hp_kills(hp, captured):
    """Rifle 3 + 1 boost = 4 damage: 4 HP → 0 and 2 HP → -2 are captured, 1 HP → -3 dies."""
    s = started(armed(with_enemy(fighters(), hp=hp, armor=0)))
    out = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Rifle", targets=["E1"], capture=True)
    assert ("captives" in out.state) is captured
    assert any("too far gone to capture" in x for x in out.lines) is not captured


def test_zombie_trait_does_not_die_below_minus_2_hp():
    """Ch. 4: below -2 HP an alien dies, unless it has the Zombie trait: it stays capturable."""
    s = started(armed(with_enemy(fighters(), hp=1, armor=0, traits=["Zombie"])))
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"], capture=True)   # 1 - 5 = -4
    assert out.state["captives"]["E1"]["carrier"] == "Ann"
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"])
    assert any("a Zombie does not die below -2 HP" in x for x in out.lines)


def test_a_crew_member_carrying_an_alien_cannot_attack():
    s = with_enemy(with_enemy(fighters(), "E1", hp=2, armor=0), "E2", hp=20, armor=0, actions=["1-6: idle"])
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"], capture=True).state
    assert s["ground"]["enemies"]["E1"]["status"] == "captured"
    s = apply(waits(s, "Ben"), enemies.ground_enemy, 1, label="E2").state
    s = apply(s, loop.ground_turn).state
    with pytest.raises(RuleError, match="carries the captured E1 and cannot attack"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="fists", targets=["E2"])
    out = apply(s, actions.ground_simple, name="Ann", action="exchange", captive_to="Ben")
    assert out.state["ground"]["enemies"]["E1"]["carrier"] == "Ben"
    with pytest.raises(RuleError, match="carries the captured E1"):
        attacks.ground_attack(out.state, dice(5), name="Ben", weapon="fists", targets=["E2"])


def test_capture_after_the_attack_and_only_down_to_minus_2():
    s = with_enemy(with_enemy(fighters(), "E1", hp=2, armor=0), "E2", hp=20, armor=0)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state    # 2 → 0: defeated
    out = apply(s, attacks.ground_capture, label="E1", carrier="Ben")
    assert out.state["ground"]["enemies"]["E1"]["status"] == "captured"
    s["ground"]["enemies"]["E1"]["hp"] = -3
    with pytest.raises(RuleError, match="below -2 it is dead"):
        attacks.ground_capture(s, dice(), label="E1", carrier="Ben")


def test_capture_quest_takes_a_carried_captive():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, captives.captive_add, label="Grey", carrier="Ann", level=3, species="Grey").state
    with pytest.raises(RuleError, match="carries Grey already"):
        captives.captive_add(s, dice(), label="Other", carrier="Ann", level=2)
    s = apply(s, quests.quest_add, name="Bring one back", capture=True).state
    with pytest.raises(RuleError) as e:
        quests.quest_done(s, dice(), name="Bring one back")
    assert str(e.value) == ("Bring one back is a Capture quest: name the captive you hand over (journal kraken quest "
                            "done 'Bring one back' --captive LABEL; captives: Grey); captured aliens must be carried "
                            "by a crew member")
    out = apply(s, quests.quest_done, name="Bring one back", captive="grey", credits=20)
    assert "captives" not in out.state and out.state["credits"] == 120
    s = apply(s, captives.captive_give, label="Grey", to="Ben").state
    assert s["captives"]["Grey"]["carrier"] == "Ben"
    assert "captives" not in apply(s, captives.captive_release, label="Grey").state


def test_the_captive_of_a_carrier_who_leaves_gets_away():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, captives.captive_add, label="X", carrier="Ann", level=2).state
    out = apply(s, crew.crew_remove, name="Ann", died=True)
    assert "captives" not in out.state and any("gets away" in x for x in out.lines)


def test_hand_edited_captives_are_checked():
    s = with_crew(new_state(lines=()), "Ann")
    s["captives"] = {"X": {"name": "X", "level": 2, "carrier": "Zed"}}
    assert any('state.captives.X.carrier = "Zed" is not a crew member' in p for p in validate(s))


# --- enemy traits (ch. 14, Special Traits) -------------------------------------------------------------------


@pytest.mark.parametrize("trait, field, after", [("Regen: +2 HP", "hp", 7), ("Regen: +9 HP", "hp", 10),
                                                 ("Recharge: +2 Shield", "shield", 3)])
def test_enemy_traits_apply_after_its_regular_action(trait, field, after):
    """Ch. 14 Special Traits: after its regular action an enemy applies its traits (HP 5 of
    10, Shield 1 of 4 here): '+N HP' heals up to its maximum, '+N Shield' recharges."""
    s = started(with_enemy(fighters(), hp=10, shield="B:4/0", actions=["1-6: idle"], traits=[trait]))
    s["ground"]["enemies"]["E1"]["hp"] = 5
    s["ground"]["enemies"]["E1"]["shield"]["power"] = 1
    e = apply(waits(s, "Ann", "Ben"), enemies.ground_enemy, 3, label="E1").state["ground"]["enemies"]["E1"]
    assert (e["hp"] if field == "hp" else e["shield"]["power"]) == after
    assert (e["shield"]["power"] if field == "hp" else e["hp"]) == (1 if field == "hp" else 5)


def test_other_enemy_traits_are_shown_to_apply_by_hand():
    s = started(with_enemy(fighters(), actions=["1-6: idle"], traits=["Acid blood"]))
    out = apply(waits(s, "Ann", "Ben"), enemies.ground_enemy, 3, label="E1")
    assert any("traits to apply now (its sheet): Acid blood" in x for x in out.lines)
    with pytest.raises(InputError, match="--trait"):
        profiles.parse_trait(": +1 HP")


def test_an_enemy_with_the_two_actions_trait_acts_twice():
    s = with_enemy(fighters(), traits=["2 actions"], actions=["1-6: idle"])
    assert s["ground"]["enemies"]["E1"]["acts"] == 2


# --- Chain Attack, Shield chargers, items (ch. 14) --------------------------------------------------------------


def chained(spec="Rifle (3) 4+, 3 A5 RG"):
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec=spec))
    return apply(s, crew.crew_trait, name="Ann", trait="Chain Attack", value=2).state


def test_chain_attack_separate_attacks_boost_only_the_first():
    """Ch. 14: attacks granted by Chain Attack are separate attacks; the Ranged boost (Ranged
    2: +1 damage) applies to the first one only. Each spends its Ammo."""
    out = apply(chained(), attacks.ground_attack, 5, 5, name="Ann", weapon="Rifle", targets=["E1"], chain=1)
    assert [a["hp_damage"] for a in out.data["attacks"]] == [4, 3]
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 3


def test_a_jam_ends_the_chain():
    out = apply(chained(), attacks.ground_attack, 1, name="Ann", weapon="Rifle", targets=["E1"], chain=2)
    w = out.state["crew"]["Ann"]["weapons"]["Rifle"]
    assert w == {"spec": "Rifle (3) 4+, 3 A5 RG", "ammo": 5, "jam": "jammed"} and len(out.data["attacks"]) == 1


def test_chain_attack_needs_the_trait_and_no_t2_weapon():
    s = started(armed(with_enemy(fighters(), hp=30)))
    with pytest.raises(RuleError, match="no Chain Attack trait"):
        attacks.ground_attack(s, dice(5, 5), name="Ann", weapon="Rifle", targets=["E1"], chain=1)
    with pytest.raises(RuleError, match="T2"):
        attacks.ground_attack(chained("Plasma 4+, 2 RG T2"), dice(5, 5), name="Ann", weapon="Plasma", targets=["E1"],
                         chain=1)


def test_shield_charger_adds_to_the_recharge_each_turn():
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, equipment.crew_gear, name="Ann", shield="B:6/1", charger=2).state
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = started(with_enemy(s, actions=["1-6: idle"]))
    s["ground"]["shields"]["Ann"] = 0
    s = apply(waits(s, "Ann", "Ann"), enemies.ground_enemy, 2, label="E1").state
    out = apply(s, loop.ground_turn)
    assert out.state["ground"]["shields"]["Ann"] == 3 and "Shield charger +2" in out.lines[1]


def test_item_uses_are_erased_until_used_up():
    """Ch. 14 U / Use up: a U2 item can be used twice, then it is erased."""
    s = fighters()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Med kit U2").state
    s = started(with_enemy(s))
    s["crew"]["Ben"]["hp"] = 1
    s = apply(s, actions.ground_simple, name="Ann", action="item", item="Med kit", heal=2, target="Ben").state
    assert s["crew"]["Ann"]["inventory"]["1"] == "Med kit U1" and s["crew"]["Ben"]["hp"] == 3
    out = apply(s, actions.ground_simple, name="Ben", action="item", item="Med kit", heal=2)
    assert any("No Med kit in Ben's inventory" in x for x in out.lines)


def test_items_outside_combat_cost_no_action_and_heal_half_in_hell():
    s = explorer(ai="HELL")
    s = apply(s, equipment.crew_equip, name="Ann", slot="L", item="Stimpack U").state
    s = apply(s, maps.dungeon_move, how="free", to="inside").state
    s["crew"]["Ann"]["hp"] = 2
    out = apply(s, equipment.crew_use, name="Ann", item="Stimpack", heal_hp=5)
    assert out.state["crew"]["Ann"]["hp"] == 5 and "L" not in out.state["crew"]["Ann"]["inventory"]
    assert out.state["dungeon"]["actions"] == s["dungeon"]["actions"]
    s["oxygen"] = 20
    assert apply(s, equipment.crew_use, name="Ann", item="Oxygen tank", oxygen=8).state["oxygen"] == 25


# --- spawning at LV7/LV8 (ch. 14) ---------------------------------------------------------------------------


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


# --- weapons in hand, armor, items (ch. 4, 14) ---------------------------------------------------------------


def test_attacks_use_a_weapon_held_in_a_hand():
    s = fighters()
    for spec in ("Rifle (3) 4+, 3 A5 RG", "Pistol 4+, 2 A6 RG", "Knife 4+, 2 ML"):
        s = apply(s, equipment.crew_weapon, name="Ann", spec=spec).state
    assert s["crew"]["Ann"]["inventory"] == {"L": "Rifle", "R": "Pistol", "1": "Knife"}
    s = started(with_enemy(s, hp=30))
    with pytest.raises(RuleError, match="the Knife is not in Ann's hands \\(it is in backpack slot 1\\)"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="Knife", targets=["E1"])
    assert apply(s, attacks.ground_attack, 5, name="Ann", weapon="Pistol", targets=["E1"]).data["attacks"][0]["hit"]


def test_a_weapon_is_the_one_of_its_name_in_the_inventory():
    s = with_crew(new_state(lines=()), "Ray")
    s = apply(s, equipment.crew_equip, name="Ray", slot="R", item="Rifle + mag").state
    out = apply(s, equipment.crew_weapon, name="Ray", spec="Rifle (3) 4+, 3 A5 RG")
    assert out.state["crew"]["Ray"]["inventory"] == {"R": "Rifle + mag"}
    out = apply(out.state, equipment.crew_weapon, name="Ray", weapon="Rifle", remove=True)
    assert out.state["crew"]["Ray"]["inventory"] == {}
    out = apply(s, equipment.crew_weapon, name="Ray", spec="Axe 5+, 4 ML", slot="2")
    assert out.state["crew"]["Ray"]["inventory"]["2"] == "Axe"
    with pytest.raises(RuleError, match="holds Rifle"):
        equipment.crew_weapon(s, dice(), name="Ray", spec="Axe 5+, 4 ML", slot="R")


@pytest.mark.parametrize("armor, strength, total", [(2, 8, 2), (2, 9, 3), (2, 10, 3), (2, 11, 4), (7, 12, 8)])
def test_extra_armor_above_strength_8(armor, strength, total):
    """Ch. 3.4: each Strength point above 8 grants 0.5 Armor (halves round up, K14); a
    hero's Armor is at most 8."""
    assert crew_armor({"armor": armor, "strength": strength}) == total


def test_only_one_mobile_transmitter_for_the_whole_team():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Mobile transmitter").state
    with pytest.raises(RuleError, match="only one Mobile transmitter"):
        equipment.crew_equip(s, dice(), name="Ben", slot="1", item="mobile transmitter")
    s["crew"]["Ben"]["inventory"]["2"] = "Mobile Transmitter"
    assert any("only one Mobile transmitter" in p for p in validate(s))


# --- Hull Breaches, Teleportals, Disruptors (ch. 13) ---------------------------------------------------------


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
    with pytest.raises(InputError, match="--portals is required"):
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


def test_emergency_release_when_a_disruptor_blocks_the_teleporter():
    s = explorer(special="one-way", teleport=2)
    for _ in range(3):
        s = apply(s, hazards.dungeon_bulkhead, 1, 1, tile="B1", crew="Ann", how="stay").state
    with pytest.raises(RuleError, match="Teleporter can take you out"):
        hazards.dungeon_crack(s, dice(), tile="B1", emergency=True)
    s = apply(s, elements.dungeon_element, tile="D", what="disruptor").state
    assert apply(s, hazards.dungeon_crack, tile="B1", emergency=True).state["dungeon"]["bulkheads"]["1:B1"]["open"]


# --- Gamblers, Quest Masters, the short visit, prices (ch. 5, 13) ---------------------------------------------


def test_gambler_does_not_take_back_what_it_gave_this_turn():
    s = explorer()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Helmet").state
    s = apply(s, shops.dungeon_shop, tile="G", kind="gambler", how="free").state
    out = apply(s, shops.dungeon_gamble, 6, item="Helmet", grade=3)
    assert out.data["grade"] == 4 and "1" not in out.state["crew"]["Ann"]["inventory"]
    s = apply(out.state, shops.dungeon_gamble, item=None, grade=None, got="Plasma pistol").state
    with pytest.raises(RuleError, match="bad for business"):
        shops.dungeon_gamble(s, dice(3), item="plasma pistol", grade=4)
    s = apply(s, maps.dungeon_leave, way="entrance", how="none").state
    s = apply(s, phases.turn).state
    assert "gambled" not in s


def test_quest_master_once_per_exploration_and_the_quest_remembers_it():
    s = apply(explorer(), shops.dungeon_shop, tile="Q", kind="quest-master", how="free").state
    out = apply(s, quests.quest_add, name="Ore", urgent=True)
    assert out.state["quests"]["Ore"]["master"] == "MAP1 map 1 Q"
    with pytest.raises(RuleError, match="once per exploration"):
        shops.dungeon_shop(s, dice(), tile="Q", kind="quest-master")


def visit_ready(teleport=2):
    s = explorer(teleport=teleport)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state       # map 1 is cleared
    return apply(s, phases.phase, to=4).state


def test_short_visit_in_phase_4_to_a_cleared_map():
    """Ch. 5 Phase 4: teleport to a cleared map with a trader, do one thing, come back."""
    s = visit_ready()
    out = apply(s, shops.short_visit, slot="1", map_no=1, kind="shop", tile="S3")
    v = out.state
    assert v["dungeon"]["visit"] and v["short_visit"] and v["credits"] == 100   # Charisma 2 - 2: no trash bonus
    v = apply(v, shops.dungeon_buy, item="Laser rifle", grade=3, prices=shops.GRADE_PRICES).state
    assert v["credits"] == 88
    with pytest.raises(RuleError, match="short visit is one trade"):
        maps.dungeon_move(v, dice())
    v = apply(v, maps.dungeon_leave, way="teleport").state
    assert "dungeon" not in v and v["locations"]["1"]["cleared"] == [1]
    with pytest.raises(RuleError, match="was made already"):
        shops.short_visit(v, dice(), slot="1", map_no=1, kind="modder", tile="M")


@pytest.mark.parametrize("map_no, teleport, phase, message", [(2, 2, 4, "not cleared"), (1, 0, 4, "teleport value"),
                                                              (1, 2, 5, "Phase 4")])
def test_short_visit_conditions(map_no, teleport, phase, message):
    s = visit_ready(teleport)
    if phase == 5:
        s = apply(s, phases.phase, to=5).state
    with pytest.raises(RuleError, match=message):
        shops.short_visit(s, dice(), slot="1", map_no=map_no, kind="gambler", tile="G")


def test_item_prices_by_grade_the_text_gives():
    """Ch. 13-14: a grade 3 weapon costs 12 Credits, a grade 4 one 30; the others come from
    the book's pages 165/167, noted once with `grade-price`."""
    assert shops.GRADE_PRICES == {3: 12, 4: 30}
    s = apply(explorer(difficulty=2), shops.dungeon_shop, tile="S3", kind="shop", how="free").state
    with pytest.raises(InputError, match="grade-price 5 PRICE"):
        shops.dungeon_buy(s, dice(), item="Railgun", grade=5, prices=shops.GRADE_PRICES)
    s = apply(s, resources.grade_price, grade=5, price=60).state
    assert apply(s, shops.dungeon_buy, item="Railgun", grade=5, prices=shops.GRADE_PRICES).state["credits"] == 40
    with pytest.raises(RuleError, match="the rulebook prints it"):
        resources.grade_price(s, dice(), grade=3, price=15)
    s["grade_prices"]["4"] = 31
    assert any("grade 4 at 30¢" in p for p in validate(s))


# --- the Treasure Table (ch. 14) ---------------------------------------------------------------------------


def test_treasure_table_example_underground_14_is_a_weapon():
    """Ch. 14: a grade 4 Primary's drop; in an underground Location a d20 of 14 is a Weapon
    of grade 4 (then a d6 for the row)."""
    assert not _TP and TREASURE["columns"] == {"Underground": {14: "weapon"}}
    s = explorer()
    s["locations"]["1"]["type"] = "Underground Complex"
    s = apply(s, treasure.treasure_add, grade=4).state
    out = apply(s, treasure.treasure_take, 14, first="credits", table=TREASURE)
    assert out.data["kind"] == "weapon" and out.state["credits"] == 104
    with pytest.raises(RuleError, match="gave a Weapon drop"):
        treasure.treasure_resolve(out.state, dice(5), kind="cash", prices={})
    assert apply(out.state, treasure.treasure_resolve, 3, kind="weapon", prices={}).data["roll"] == 3
    other = apply(s, treasure.treasure_take, 13, first="credits", table=TREASURE)
    assert "kind" not in other.data                                        # a cell our text does not print


def test_prototype_rerolls_the_d20_until_an_item_or_weapon():
    table = {"title": "t", "columns": {"Caves": {1: "prototype", **{r: "cash" for r in range(2, 11)},
                                                 **{r: "weapon" for r in range(11, 21)}}}}
    s = apply(new_state(), treasure.treasure_add, grade=3).state
    s = apply(s, treasure.treasure_take, 1, first="stimpack", table=table, column="caves").state
    out = apply(s, treasure.treasure_resolve, 2, 9, 15, 6, 2, kind="prototype", prices={}, table=table, column="Caves")
    assert out.data["d20"] == [2, 9, 15] and (out.data["roll"], out.data["effect"]) == (6, 2)


def test_treasure_table_files_are_checked():
    _t, problems = treasure.parse_treasure_table({"columns": {"X": {"0": "cash", "3-2": "item", "5": "gold"}}})
    assert len(problems) == 3


# --- the campaign (ch. 5, 12) --------------------------------------------------------------------------------


def test_recovery_after_phase_3_only_after_a_dungeon_exploration():
    s = explorer()
    s["oxygen"] = 10
    with pytest.raises(RuleError, match="not during it"):
        phases.recover(s, dice(), cat=CAT)
    back = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    assert back["returned"] == [3]
    assert apply(back, phases.recover, cat=CAT).state["oxygen"] == 25
    s2 = apply(apply(with_crew(new_state(lines=()), "Ann"), phases.turn).state, phases.phase, to=3).state
    with pytest.raises(RuleError, match="there was none"):
        phases.recover(s2, dice(), cat=CAT)
    assert apply(s2, phases.recover, cat=CAT, after=True).state["recovered"]


def test_recovery_after_phase_1_follows_an_events_ground_combat():
    s = apply(with_crew(new_state(lines=()), "Ann"), phases.turn).state
    with pytest.raises(RuleError, match="there was none"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, spawn.ground_start, 1, 6, level=1).state
    s = apply(s, loop.ground_end, result="won").state
    assert s["returned"] == [1] and apply(s, phases.recover, cat=CAT).state["recovered"]
    assert "returned" not in apply(apply(s, phases.phase, to=5).state, phases.turn).state


def test_event_location_values_are_fixed():
    """Ch. 12: a Location an event reveals is noted as printed; its fixed values cannot be
    altered (the flight's dice modifications do not apply to it, and the flight's own
    Location is still to generate)."""
    s = flown()
    assert s["flight"]["modifications"] == 2
    out = apply(s, new_location.location_event, text="Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / "
                                           "Kraken")
    assert out.state["locations"]["1"]["fixed"] is True and out.state["flight"] == s["flight"]
    assert any("fixed; the flight's dice modifications do not apply" in x for x in out.lines)
    assert "fixed" not in apply(new_state(), starmap.location_add, type="Moon", difficulty=1, ao="YES", ai="YES",
                                depth=4, teleport=0, species="Grey").state["locations"]["1"]


def test_hand_edited_returned_phases_are_checked():
    s = new_state(lines=())
    s["returned"] = [1]
    assert any("state.returned belongs to a turn" in p for p in validate(s))


# --- hypothesis: random fights with captures, traits, chains and chargers stay valid ---------------------------

TRAITS = st.sampled_from([[], ["Zombie"], ["Regen: +2 HP"], ["Recharge: +1 Shield"], ["Acid blood"]])


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), n_enemies=st.integers(1, 3), data=st.data())
def test_random_fights_with_captures_traits_and_chains_stay_valid(seed, n_enemies, data):
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    for n in ("Ann", "Ben"):
        s = apply(s, equipment.crew_weapon, name=n, spec=data.draw(st.sampled_from(
            ["Rifle (3) 4+, 3 A5 RG", "Whip 4+, 3x2 ML", "Axe 5+, 4 ML AP", "Gun 3+, 2 A3 RG EX"]))).state
        s = apply(s, crew.crew_trait, name=n, trait="Chain Attack", value=1).state
        s = apply(s, equipment.crew_gear, name=n, shield="B:3/1", charger=data.draw(st.integers(0, 2))).state
    s = spawn.ground_start(s, dice(seed=seed), level=data.draw(st.integers(1, 8))).state
    for i in range(n_enemies):
        s = profiles.ground_add(s, dice(), label=f"E{i + 1}", hp=data.draw(st.integers(1, 9)), agility=3,
                          shield=data.draw(st.sampled_from([None, "B:2/1"])), traits=data.draw(TRAITS),
                          actions=["1-2: idle", "3-6: ML 4+, 2"], xp=2).state
    s = loop.ground_initiative(s, dice(seed=seed + 1)).state
    for step in range(200):
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
                w = next(iter(s["crew"][n].get("weapons") or {}), "fists")
                target = data.draw(st.sampled_from(ground.active_enemies(g)))
                out = attacks.ground_attack(s, d, name=n, weapon=w, targets=[target], chain=data.draw(st.integers(0, 1)),
                                       capture=data.draw(st.booleans()))
            elif g["step"] == "enemies" and todo_e:
                pool = enemies._targets(s, g)
                out = enemies.ground_enemy(s, d, label=todo_e[0], target=data.draw(st.sampled_from(pool)) if pool else None)
            else:
                out = loop.ground_turn(s, d)
        except (RuleError, InputError):
            n = todo_c[0] if g["step"] == "crew" and todo_c else None
            out = actions.ground_simple(s, d, name=n, action="wait") if n else loop.ground_turn(s, d)
        s = out.state
        _bounds(s)
        for label, cap in (s.get("captives") or {}).items():
            assert cap["carrier"] in s["crew"], label
    else:
        s = loop.ground_end(s, dice(), "escaped").state
    _bounds(s)


def test_a_psi_attack_may_capture_too():
    """Ch. 4 ('with an attack') and 14: PSI ATTACK's 2 damage leaves a 2 HP enemy at 0."""
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, crew.crew_set, name="Ann", field="psi", value=4).state
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = started(with_enemy(with_enemy(s, "E1", hp=2), "E2", hp=9))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, psi.ground_psi, 3, name="Ann", power="ATTACK", target="E1", capture=True)
    assert out.state["ground"]["enemies"]["E1"]["carrier"] == "Ann"
    with pytest.raises(InputError, match="PSI attack"):
        psi.ground_psi(s, dice(3), name="Ann", power="CURE", capture=True)
