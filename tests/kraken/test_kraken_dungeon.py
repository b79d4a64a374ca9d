"""New Locations (chapter 12) and dungeon exploration (chapter 13): the short form, the
generator with dice modifications, Oxygen by atmosphere, the chapter's walk-through
(mines and bulkheads), '?' values, stations, shops, treasures, clearing, solving and
leaving, avoiding combat."""

from __future__ import annotations

import copy

import pytest
from kraken_helpers import apply, dice, new_state, with_crew

from journal import templates
from journal.errors import InputError, RuleError
from journal.games.kraken import equipment, flight, new_location, phases, ship, starmap
from journal.games.kraken.dungeon import avoid, hazards, maps as maps_rules, shops, stations
from journal.games.kraken.ground_combat import spawn
from journal.games.kraken.model import weapons
from journal.games.kraken.model.validate import validate
from journal.games.kraken.space_combat import page
from journal.errors import NeedChoice

GEN, _PROBLEMS = new_location.parse_generator(templates.load("kraken", "location-generator-sample.toml"))
REF = {"path": "templates:kraken/location-generator-sample.toml", "sha256": "0" * 64, "title": "sample"}


def test_the_sample_generator_is_valid():
    assert _PROBLEMS == [] and [t["field"] for t in GEN["tables"]] == list(new_location.GEN_FIELDS)


# --- the short form (ch. 12) -----------------------------------------------------------------------------


def test_short_form_of_the_book_is_read_exactly():
    loc = new_location.parse_short("Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken")
    assert loc == {"type": "Space Station", "difficulty": 2, "ao": "NO", "ai": "YES", "depth": 7, "teleport": 4,
                   "special": "one-way", "species": "Kraken"}


@pytest.mark.parametrize("text, extra", [
    ("Core Planet / Dif. 3 / AO: Hell / AI: yes / Depth: 5 / Telep.: 0 / Beasts", {"special": None}),
    ("Mine / Dif.: 1 / AO: No / AI: No / Depth: 4 / Telep.: 2 / Self-destruction / Lost / Maps: 8, 3, 12",
     {"maps": [8, 3, 12]}),
])
def test_short_form_variants(text, extra):
    loc = new_location.parse_short(text)
    for k, v in extra.items():
        assert loc.get(k) == v


@pytest.mark.parametrize("text", ["Space Station / Dif.: 2 / AO: No", "X / Dif.: 2 / AO: Maybe / AI: YES / Depth: 7 / "
                                  "Telep.: 4 / Kraken", "X / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / Dragons"])
def test_short_form_errors_name_the_problem(text):
    with pytest.raises(InputError):
        new_location.parse_short(text)


def test_location_from_an_event_is_recorded_with_its_values():
    s = new_state()
    out = apply(s, new_location.location_event, text="Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / "
                                          "One-way / Kraken")
    loc = out.state["locations"]["1"]
    assert (loc["type"], loc["difficulty"], loc["depth"], loc["teleport"], loc["special"], loc["maps"]) == (
        "Space Station", 2, 7, 4, "one-way", [])


# --- the generator (ch. 12) -------------------------------------------------------------------------------


def flown(mods_options=("risky-shortcut",), difficulty=2) -> dict:
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray", "Mila")
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=3).state
    from kraken_helpers import CAT

    return apply(s, flight.flight, 6, difficulty=difficulty, cat=CAT, table={}, options=list(mods_options),
                 avoid=True).state


def test_generation_waits_for_each_value_while_modifications_remain():
    s = flown()
    out = apply(s, new_location.location_generate, 3, generator=GEN, ref=REF)
    assert out.data["done"] is False and out.data["values"] == {} and out.data["dice"] == [3]
    out = apply(out.state, new_location.location_modify, generator=GEN, how="+1")
    assert out.data["dice"] == [4] and out.data["modifications_left"] == 1
    out = apply(out.state, new_location.location_modify, 2, generator=GEN, how="reroll")
    assert out.data["dice"] == [2] and out.data["modifications_left"] == 0
    with pytest.raises(RuleError, match="no dice modification"):
        new_location.location_modify(out.state, dice(), generator=GEN, how="-1")
    # no modification left: the rest is rolled at once
    out = apply(out.state, new_location.location_accept, 1, 1, 4, 3, 4, 1, 2, generator=GEN)
    loc = out.state["locations"]["1"]
    assert out.data["done"] and (loc["type"], loc["ao"], loc["ai"], loc["depth"], loc["teleport"], loc["species"]) \
        == ("Overland", "YES", "YES", 7, 2, "Grey")
    assert "flight" not in out.state and loc["difficulty"] == 2


def test_accept_rest_keeps_every_value_and_loses_the_modifications():
    s = apply(flown(), new_location.location_generate, 5, generator=GEN, ref=REF).state
    out = apply(s, new_location.location_accept, 6, 6, 1, 6, 6, 5, 6, generator=GEN, rest=True)
    loc = out.state["locations"]["1"]
    assert (loc["type"], loc["ao"], loc["ai"], loc["depth"], loc["teleport"], loc["special"], loc["species"]) == (
        "Space Station", "HELL", "HELL", 4, 4, "one-way", "Renegades")   # 2d6 12 → 9, deeper than 4 maps: 4
    assert "2 unused dice modification(s) are lost." in out.lines


def test_two_dice_values_modify_one_die_at_a_time():
    s = flown(("dangerous-shortcut",))
    s = apply(s, new_location.location_generate, 1, generator=GEN, ref=REF).state
    for roll in (1, 1, 3):
        s = apply(s, new_location.location_accept, roll, generator=GEN).state
    s = apply(s, new_location.location_accept, 4, 4, generator=GEN).state
    with pytest.raises(InputError, match="--die is required"):
        new_location.location_modify(s, dice(), generator=GEN, how="+1")
    out = apply(s, new_location.location_modify, generator=GEN, how="+1", die=2)
    assert out.data["dice"] == [4, 5]


def test_generated_location_of_a_safe_flight_cannot_be_landed_on_this_turn():
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray")
    s = apply(apply(s, phases.turn).state, phases.phase, to=3).state
    from kraken_helpers import CAT

    s = apply(s, flight.flight, difficulty=1, cat=CAT, table={}, options=["safe"]).state
    s = apply(s, new_location.location_generate, 1, generator=GEN, ref=REF).state
    s = apply(s, new_location.location_accept, 1, 1, 1, 1, 1, 1, generator=GEN, rest=True).state
    assert s["locations"]["1"]["land_turn"] == 2
    with pytest.raises(RuleError, match="too slowly"):
        maps_rules.dungeon_enter(s, dice(8), slot="1")


def test_generator_file_problems_are_named():
    _gen, problems = new_location.parse_generator({"tables": [{"field": "type", "dice": "d6", "results": {"1-5": "X"}}]})
    assert any("a roll of 6 matches 0" in p for p in problems)
    assert any("no table for the ao" in p for p in problems)


# --- dungeon exploration (ch. 13) -----------------------------------------------------------------------------


def explorer(ao="NO", ai="YES", difficulty=2, depth=5, teleport=2, special=None, maps=(8, 3, 4, 5, 6),
             difficulty_level="adventurer", crew=("Ann", "Ben", "Cid")) -> dict:
    s = new_state(difficulty_level, lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = apply(s, ship.ship_buy, system="Teleporter", cat=__import__("kraken_helpers").CAT, free=True).state
    s = with_crew(s, *crew)
    s = apply(s, starmap.location_add, type="Overland", difficulty=difficulty, ao=ao, ai=ai, depth=depth,
              teleport=teleport, species="Kraken", special=special, maps=list(maps)).state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=3).state
    return apply(s, maps_rules.dungeon_enter, slot="1").state


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


def test_the_first_move_on_a_map_is_free_and_only_once():
    s = explorer()
    s = apply(s, maps_rules.dungeon_move, how="free").state
    assert s["oxygen"] == 25
    with pytest.raises(RuleError, match="free move"):
        maps_rules.dungeon_move(s, dice(), how="free")


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


def test_unknown_value_e_question_mark_example():
    """Ch. 13: an 'E?' in a Difficulty 2 Location, d6 6: LV (6/2) + 2 = 5."""
    s = explorer()
    out = apply(s, spawn.ground_start, 6, 1, 6, 1, tile="E?")
    assert out.state["ground"]["level"] == 5 and out.state["dungeon"]["values"] == {"1:E?": 3}


def test_unknown_values_are_rolled_once_per_exploration():
    s = explorer()
    s = apply(s, hazards.dungeon_value, 3, tile="T?").state
    with pytest.raises(RuleError, match="already"):
        hazards.dungeon_value(s, dice(), tile="T?")
    out = apply(s, stations.dungeon_treasure, tile="T?", how="free")
    assert out.data["grade"] == 4                                  # 2 + d6 3 halved up = 2


def test_med_station_heals_up_to_4_three_times_and_halves_in_hell():
    s = explorer()
    s["crew"]["Ann"]["hp"] = 1
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="free").state
    assert s["crew"]["Ann"]["hp"] == 5
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="stay").state
    s = apply(s, stations.dungeon_med, tile="MS", name="Ann", how="stay").state
    with pytest.raises(RuleError, match="3 times"):
        stations.dungeon_med(s, dice(), tile="MS", name="Ann", how="stay")
    h = explorer(ao="HELL")
    h["crew"]["Ann"]["hp"] = 1
    assert apply(h, stations.dungeon_med, tile="MS", name="Ann", how="free").state["crew"]["Ann"]["hp"] == 3


def test_oxygen_station_refills():
    s = explorer()
    s["oxygen"] = 3
    assert apply(s, stations.dungeon_oxygen, tile="O", how="free").state["oxygen"] == 25


@pytest.mark.parametrize("level, saves", [("simulation", True), ("adventurer", True), ("real-life", False),
                                          ("hardcore", False)])
def test_clone_station_heals_4_once_and_saves_by_difficulty(level, saves):
    s = explorer(difficulty_level=level, ao="YES")       # (Hardcore's NO counts as HELL: healing halved)
    s["crew"]["Ann"]["hp"] = 2
    out = apply(s, stations.dungeon_clone, tile="C", how="free")
    assert out.state["crew"]["Ann"]["hp"] == 6
    assert ("savepoint" in out.meta) is saves
    again = apply(out.state, stations.dungeon_clone, tile="C", how="stay", savepoint=False)
    assert again.state["crew"]["Ann"]["hp"] == 6


def test_shop_trash_bonus_once_and_the_grade_limit():
    s = explorer(difficulty=3)
    s["crew"]["Ben"]["charisma"] = 6
    out = apply(s, shops.dungeon_shop, tile="S2", how="free")
    assert out.state["credits"] == 100 + 4 and out.data["limit"] == 5          # 3 + 2
    out = apply(out.state, shops.dungeon_shop, tile="S2", how="stay")
    assert out.state["credits"] == 104
    s = out.state
    out = apply(s, shops.dungeon_buy, item="Laser rifle", grade=3, prices=shops.GRADE_PRICES)
    assert out.state["credits"] == 104 - 12
    out = apply(s, shops.dungeon_buy, item="Rare gun", grade=6, prices=shops.GRADE_PRICES, price=50, rare=True)
    assert out.state["credits"] == 104 - 100
    with pytest.raises(RuleError, match="up to grade 5"):
        shops.dungeon_buy(s, dice(), item="x", grade=6, prices=shops.GRADE_PRICES, price=5)
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3, prices={}, ammo=True).state["credits"] == 101


def test_ammo_dealer_two_magazines_for_the_grade_up_to_difficulty_plus_1():
    s = apply(explorer(difficulty=2), shops.dungeon_shop, tile="A", kind="ammo-dealer", how="free").state
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3, prices={}, ammo=True).state["credits"] == 97
    with pytest.raises(RuleError, match="up to grade 3"):
        shops.dungeon_buy(s, dice(), item="Rail", grade=4, prices={}, ammo=True)


@pytest.mark.parametrize("roll, grade, worn, result", [(1, 3, False, 2), (4, 3, False, 3), (6, 3, False, 4),
                                                       (6, 6, False, 6), (3, 3, True, 2)])
def test_gambler_trades_for_another_grade(roll, grade, worn, result):
    s = apply(explorer(), shops.dungeon_shop, tile="G", kind="gambler", how="free").state
    assert apply(s, shops.dungeon_gamble, roll, item="Helmet", grade=grade, worn=worn).data["grade"] == result


def test_modder_adds_ammo_or_damage_for_the_grades_price():
    s = explorer()
    s["credits"] = 200
    s = apply(s, equipment.crew_weapon, name="Ann", spec="Laser gatling (2) 4+, 3x3 A10 RG G4").state
    s = apply(s, shops.dungeon_shop, tile="MOD", kind="modder", how="free").state
    out = apply(s, shops.dungeon_mod, name="Ann", weapon="Laser gatling", mod="damage", grade=None,
                prices=shops.GRADE_PRICES)
    assert out.state["credits"] == 170                                            # grade 4: 30
    assert weapons.weapon_spec(out.state["crew"]["Ann"]["weapons"]["Laser gatling"])["damage"] == 4   # 3x3 → 3x4
    out = apply(s, shops.dungeon_mod, name="Ann", weapon="Laser gatling", mod="both", grade=None, prices=shops.GRADE_PRICES)
    assert out.state["credits"] == 110 and weapons.weapon_spec(out.state["crew"]["Ann"]["weapons"]["Laser gatling"])[
        "ammo"] == 15


def test_treasure_grade_is_difficulty_plus_t_once_per_exploration():
    """Ch. 13: T2 in a Difficulty 2 Location: a grade 4 drop."""
    s = explorer()
    out = apply(s, stations.dungeon_treasure, tile="T2", how="free")
    assert out.state["loot"] == [{"grade": 4, "from": "Treasure T2, MAP1 map 1"}]
    assert apply(out.state, stations.dungeon_treasure, tile="T2", how="stay").data["grade"] is None
    assert apply(explorer(difficulty=5), stations.dungeon_treasure, tile="T3", how="free").data["grade"] == 6


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


def next_turns_phase_3(s: dict) -> dict:
    """Phase 3 of the next turn: its free action may enter the Location again."""
    s = apply(apply(s, phases.phase, to=5).state, phases.turn).state
    return apply(s, phases.phase, to=3).state


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


# --- avoiding a ground combat -----------------------------------------------------------------------------


def team(s, **agility):
    s = copy.deepcopy(s)
    for n, a in agility.items():
        s["crew"][n]["agility"] = a
    return s


def test_avoid_by_running():
    s = team(explorer(), Ann=2, Ben=5, Cid=3)                       # E2 at difficulty 2: LV4, needs 13
    assert apply(s, avoid.dungeon_avoid, 6, tile="E2", way="run").data["avoided"] is True
    out = apply(s, avoid.dungeon_avoid, 5, tile="E2", way="run")
    assert out.data["avoided"] is False
    with pytest.raises(RuleError, match="failed to avoid"):
        avoid.dungeon_avoid(out.state, dice(6), tile="E2", way="charisma")


def test_avoid_by_camouflage_needs_everyone():
    s = explorer()
    for n in ("Ann", "Ben", "Cid"):
        s["crew"][n]["tech"] = 3
    assert apply(s, avoid.dungeon_avoid, 4, 4, 3, tile="E1", way="camouflage").data["avoided"] is True   # LV3: 5+
    assert apply(s, avoid.dungeon_avoid, 4, 1, 6, tile="E1", way="camouflage").data["avoided"] is False


def test_avoid_by_charisma_with_credits():
    s = explorer()                                                  # LV4: 17; Charisma 2 x 3 = 6
    out = apply(s, avoid.dungeon_avoid, 5, tile="E2", way="charisma", pay=6)
    assert out.data["avoided"] and out.state["credits"] == 94


def test_avoid_by_intimidation_compares_with_the_second_lowest_level():
    s = explorer(difficulty=1)
    for n, lv in (("Ann", 1), ("Ben", 3), ("Cid", 5)):
        s["crew"][n]["level"] = lv
    assert apply(s, avoid.dungeon_avoid, tile="E1", way="intimidate").data["avoided"]     # LV2 < 3
    with pytest.raises(RuleError, match="not below"):
        avoid.dungeon_avoid(s, dice(), tile="E2", way="intimidate")


def test_a_boss_cannot_be_avoided():
    with pytest.raises(RuleError, match="Boss"):
        avoid.dungeon_avoid(explorer(), dice(), tile="B2", way="run")


def test_every_dungeon_state_validates():
    s = explorer()
    assert validate(s) == []
    s["dungeon"]["map"] = 9
    assert any("deeper" in p for p in validate(s))


def test_location_add_records_the_flights_location_rolled_by_hand():
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray")
    s = apply(apply(s, phases.turn).state, phases.phase, to=3).state
    from kraken_helpers import CAT

    s = apply(s, flight.flight, difficulty=1, cat=CAT, table={}, options=["safe"]).state
    out = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
                species="Lost")
    assert "flight" not in out.state and out.state["locations"]["1"]["land_turn"] == 2
    with pytest.raises(RuleError, match="waits to be generated"):
        page.combat_start(s, dice(), cat=CAT, enemies=["Mine 3-0, 5, 0-0"])
