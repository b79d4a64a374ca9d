"""Space Kraken campaign rules: setup, lines and phases (K4-K5), crew (K10-K11), level
ups, resources (K12), ship, locations (K7), quests (K13), Recovery, save points and undo
(K8), score (K9), rounding up (K14), and validation of hand-edited saves."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kraken_helpers import ATTRS, CAT, apply, demo_pack, dice, in_turn, new_state, pack_of, with_crew

from journal.errors import InputError, RuleError
from journal.games import kraken as game
from journal.games.kraken import (
    catalogue,
    construction,
    crew,
    equipment,
    phases,
    quests,
    resources,
    saving,
    ship,
    starmap,
    start,
    story_lines,
)
from journal.games.kraken.cgm import cells
from journal.games.kraken.dungeon import maps
from journal.games.kraken.model import locations
from journal.games.kraken.model.campaign import score
from journal.games.kraken.model.members import carry_capacity
from journal.games.kraken.model.validate import validate

# --- setup (chapter 3) ---------------------------------------------------------------------


def test_new_campaign_has_100_credits_oxygen_25_and_its_start_lines():
    out = start.new("adventurer", ["1aa", "1AF"], backstory="Debtors")
    s = out.state
    assert (s["credits"], s["oxygen"], s["xp"], s["turn"], s["phase"]) == (100, 25, 0, 0, 0)
    assert s["lines"] == {"1": {"coords": ["1AA"], "vars": {}}, "2": {"coords": ["1AF"], "vars": {}}}
    assert s["backstory"] == "Debtors" and validate(s) == []


@pytest.mark.parametrize("difficulty", ["simulation", "adventurer", "real-life", "hardcore"])
def test_the_four_difficulties(difficulty):
    assert validate(start.new(difficulty, []).state) == []


def test_new_refuses_a_seventh_line_and_an_unknown_difficulty():
    with pytest.raises(InputError, match="6 slots"):
        start.new("adventurer", ["1AA"] * 7)
    with pytest.raises(InputError, match="--difficulty 'easy'"):
        start.new("easy", [])
    with pytest.raises(InputError, match="--line '3H' is not a coordinate"):
        start.new("adventurer", ["3H"])


# --- K4: six slots; LT tiles ------------------------------------------------------------------


def test_new_line_takes_the_first_free_slot():
    s = new_state(lines=("1AA", "1AB", "1AC"))
    del s["lines"]["2"]
    out = apply(s, story_lines.line_add, coord="4xy", note="from event A7")
    assert out.state["lines"]["2"] == {"coords": ["4XY"], "vars": {}, "note": "from event A7"}


def test_no_free_slot_refuses_a_new_line():
    s = new_state(lines=["1AA"] * 6)
    with pytest.raises(RuleError, match="never erase an unresolved line"):
        story_lines.line_add(s, dice(), coord="2AA")


@pytest.mark.parametrize("roll, coord", [(1, "1AA"), (2, "1AB"), (11, "1AK"), (20, "1AT")])
def test_lt_tile_d20_starts_a_line_at_1a_plus_the_rolled_letter(roll, coord):
    s = in_turn(new_state(lines=()), 3)
    out = apply(s, story_lines.lt, roll)
    assert out.state["lines"]["1"]["coords"] == [coord] and out.data["start"] == coord


def test_lt_tile_is_activated_at_once_from_a_pack():
    s = in_turn(new_state(lines=()), 3)
    out = apply(s, story_lines.lt, 11, pack=demo_pack())
    assert out.state["lines"]["1"]["coords"] == ["1AK", "4AA", "4AB", "4AC", "4AE", "4AF"]
    assert out.meta == {"revealed": ["D1", "D2"]}


def test_lt_tile_with_no_free_slot_does_nothing_and_rolls_nothing():
    s = in_turn(new_state(lines=["9AA"] * 6), 3)
    d = dice()
    out = story_lines.lt(s, d)
    assert out.state == s and d.rolls == [] and "nothing happens" in out.summary


# --- K5: Phase 1 ------------------------------------------------------------------------------


def test_turn_activates_every_line_once_slot_1_first():
    s = new_state(lines=("1AA", "1AF"))
    out = apply(s, phases.turn, pack=demo_pack())
    assert list(out.data["lines"]) == ["1", "2"]
    assert out.state["done"] == ["1", "2"] and out.state["turn"] == 1 and out.state["phase"] == 1
    assert out.data["lines"]["1"]["trail"][0].startswith("1AA !B1")


def test_one_line_may_be_skipped_but_not_the_same_one_two_turns_running():
    pack = demo_pack()
    s = apply(new_state(lines=("1AA", "1AF")), phases.turn, pack=pack, skip="2").state
    assert s["skipped"] == "2" and s["lines"]["2"]["coords"] == ["1AF"]
    with pytest.raises(RuleError, match="line 2 was skipped last turn"):
        phases.turn(s, dice(), pack=pack, skip="2")
    s2 = apply(s, phases.turn, pack=pack, skip="1").state
    assert s2["skipped"] == "1" and s2["skipped_before"] == "2"


def test_phase_1_must_activate_every_line_before_phase_2():
    s = apply(new_state(lines=("2HA", "2BC")), phases.turn).state
    with pytest.raises(RuleError, match=r"line\(s\) 1, 2 still wait"):
        phases.phase(s, dice(), to=2)
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("!A7 3TT")).state
    with pytest.raises(RuleError, match="line 2 is mid-way"):
        phases.phase(s, dice(), to=2)
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("5AA")).state
    assert apply(s, phases.phase, to=2).state["phase"] == 2


def test_phase_1_out_of_slot_order_is_noted():
    s = apply(new_state(lines=("2HA", "2BC")), phases.turn).state
    out = apply(s, story_lines.step, line="2", cell=cells.parse_cell("4MB"))
    assert any("line(s) 1 still wait" in ln for ln in out.lines)


def test_phase_3_may_activate_one_line_again():
    s = in_turn(new_state(lines=("1AA",)), 3)
    out = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB"))
    assert out.state["free_action"] == "line" and out.data["activation"] == "free action"
    again = apply(out.state, story_lines.step, line="1", cell=cells.parse_cell("5MB"))
    assert again.data["activation"] == "extra"
    with pytest.raises(RuleError, match="already taken"):
        phases.free_action(out.state, dice(), kind="shop")


def test_a_standby_line_does_nothing_in_phase_1():
    pack = pack_of({"1AA": "!S1 1AB", "1AB": "1AC", "1AC": "/"}, {"S1": {"standby": True}})
    s = apply(new_state(lines=("1AA",)), phases.turn, pack=pack, standby=["1"]).state
    assert s["lines"]["1"]["standby"] == "S1"
    s = apply(s, phases.turn, pack=pack).state
    assert s["lines"]["1"] == {"coords": ["1AA"], "vars": {}, "standby": "S1"}
    s = apply(s, phases.turn, pack=pack, activate=["1"]).state
    assert s["lines"]["1"]["coords"] == ["1AA", "1AB", "1AC"]


def test_decisions_are_taken_in_order_and_unused_ones_refused():
    pack = pack_of({"1AA": "!D1 1AB 1AC", "1AB": "2AA", "1AC": "2AB", "2AA": "/", "2AB": "/",
                    "1BA": "!D2 1BB 1BC", "1BB": "2BB", "1BC": "2BC", "2BB": "/", "2BC": "/"})
    out = apply(new_state(lines=("1AA", "1BA")), phases.turn, pack=pack, choices=["B", "A"])
    assert out.state["lines"]["1"]["coords"][-1] == "2AB" and out.state["lines"]["2"]["coords"][-1] == "2BB"
    with pytest.raises(InputError, match="unused A"):
        phases.turn(new_state(lines=("1AA", "1BA")), dice(), pack=pack, choices=["B", "A", "A"])


def test_two_lines_influence_each_other_through_the_interlink():
    pack = demo_pack()
    s = new_state(lines=("1AA", "1AF"))
    s = apply(s, phases.turn, pack=pack).state
    s = apply(s, phases.turn, 5, pack=pack).state            # line 2's %12 rolls 5: the choir does not hear
    out = apply(s, phases.turn, pack=pack, choices=["A", "B"])    # line 1 opens the vault: K = 1 ...
    assert out.state["interlink"]["K"] == 1
    assert out.data["lines"]["2"]["trail"][0] == "3AA K=1 3AB 3AC: true → 3AB"   # ... which line 2 reads


def test_leader_is_kept_between_lines_and_named_in_events():
    s = with_crew(new_state(lines=("1AA",)), "Ray", "Mila")
    out = apply(s, phases.turn, pack=demo_pack(), leader="mila")
    assert out.state["leader"] == "Mila" and any("(Mila leads)" in ln for ln in out.lines)


# --- phases, Recovery, construction ----------------------------------------------------------


def test_phases_go_in_order():
    s = in_turn(new_state(lines=()), 3)
    with pytest.raises(RuleError, match="phases go in order"):
        phases.phase(s, dice(), to=2)
    with pytest.raises(RuleError, match="first has not begun"):
        phases.phase(new_state(), dice(), to=2)


def test_phase_2_repairs_damaged_systems():
    s = _ship(with_crew(new_state(lines=()), "Ray"), "Laser")
    s = apply(s, ship.ship_system, label="Laser", action="damage").state
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=2)
    assert "damaged" not in out.state["ship"]["systems"]["Laser"] and "repaired Laser" in out.summary


def test_recovery_heals_3_plus_med_bays_sets_unconscious_and_refills_oxygen_once_a_phase():
    s = _ship(with_crew(new_state(lines=()), "Ray", "Mila"), "Med Bay", "Advanced Med Bay")
    s = apply(s, crew.crew_hp, name="Ray", delta=-7).state       # 8 → 1
    s = apply(s, crew.crew_hp, name="Mila", delta=-10).state     # 8 → -2: unconscious
    s = apply(s, resources.oxygen, delta=-20).state
    s = in_turn(s, 5)
    out = apply(s, phases.recover, cat=CAT)
    assert out.data["heal"] == 9
    assert out.state["crew"]["Ray"]["hp"] == 8 and out.state["crew"]["Mila"]["hp"] == 8
    assert out.state["crew"]["Mila"]["status"] == "active" and out.state["oxygen"] == 25
    with pytest.raises(RuleError, match="at the end of Phase 5 already"):
        phases.recover(out.state, dice(), cat=CAT)


def test_a_damaged_med_bay_does_not_heal():
    s = _ship(with_crew(new_state(lines=()), "Ray"), "Med Bay")
    s = apply(s, ship.ship_system, label="Med Bay", action="damage").state
    s = apply(s, phases.turn).state
    # Phase 1 (Phase 2 would repair the Med Bay): a Recovery there follows an exploration played by hand
    assert apply(s, phases.recover, cat=CAT, after=True).data["heal"] == 3


def test_recovery_only_at_the_end_of_phases_1_3_and_5():
    s = in_turn(with_crew(new_state(lines=()), "Ray"), 2)
    with pytest.raises(RuleError, match="Phases 1, 3 and 5"):
        phases.recover(s, dice(), cat=CAT)


def test_construction_discount_is_d6_plus_tech_per_builder_doubled_over_two_turns():
    s = _ship(with_crew(new_state(lines=()), "Ray", "Mila"), "Laser")
    s["credits"] = 40
    s = in_turn(s, 2)
    out = apply(s, construction.build_start, 4, 2, system="Combat Bridge", crew=["Ray", "Mila"], turns=2, cat=CAT)
    assert out.data["discount"] == 2 * ((4 + 3) + (2 + 3)) and out.data["due"] == 3
    s = out.state
    s = apply(s, phases.phase, to=5).state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=2).state          # turn 2: still building
    assert "Combat Bridge" in s["builds"]
    s = apply(s, phases.turn).state
    done = apply(s, phases.phase, to=2)             # turn 3: done, pays max(0, 20 - 24) = 0
    assert "Combat Bridge" in done.state["ship"]["systems"] and done.state["credits"] == 40
    assert done.state["builds"] == {}


def test_construction_that_cannot_be_paid_fails():
    s = _ship(with_crew(new_state(lines=()), "Ray"), "Laser")
    s = in_turn(s, 2)
    s = apply(s, construction.build_start, 1, system="Boarding Shields", crew=["Ray"], turns=1, cat=CAT).state
    s["credits"] = 10
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=2)
    assert "Boarding Shields" not in out.state["ship"]["systems"] and out.state["credits"] == 10
    assert "build fails" in out.summary


# --- crew (K10, K11) -------------------------------------------------------------------------------


def test_crew_attributes_1_to_8_summing_to_16():
    s = new_state()
    with pytest.raises(RuleError, match="add up to 17: they must add up to exactly 16"):
        crew.crew_add(s, dice(), name="Zed", attrs={**ATTRS, "melee": 3})
    with pytest.raises(InputError, match="--agility 0 is outside 1..8"):
        crew.crew_add(s, dice(), name="Zed", attrs={**ATTRS, "agility": 0, "melee": 5})
    with pytest.raises(InputError, match="--tech is required"):
        crew.crew_add(s, dice(), name="Zed", attrs={k: v for k, v in ATTRS.items() if k != "tech"})


@pytest.mark.parametrize("strength, hp", [(1, 2), (4, 8), (7, 14), (8, 14)])
def test_hp_max_is_twice_strength_at_most_14(strength, hp):
    rest = 16 - strength                         # spread over the five other attributes
    others = [min(8, max(1, rest - 4 * 1))] + [1] * 4
    others[1] += rest - sum(others)
    attrs = dict(zip(["agility", "tech", "charisma", "ranged", "melee"], others, strict=True), strength=strength)
    out = apply(new_state(), crew.crew_add, name="Zed", attrs=attrs)
    assert out.state["crew"]["Zed"]["hp_max"] == hp == out.state["crew"]["Zed"]["hp"]


def test_at_most_four_traits_summing_to_zero():
    s = new_state()
    with pytest.raises(RuleError, match="add up to \\+1"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS, traits=[("Tough", 2), ("Slow", -1)])
    with pytest.raises(RuleError, match="5 traits"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS,
                       traits=[("A", 1), ("B", 1), ("C", -1), ("D", -1)], psi=True)
    ok = apply(s, crew.crew_add, name="Zed", attrs=ATTRS, traits=[("Tough", 2), ("Slow", -2)])
    assert ok.state["crew"]["Zed"]["traits"] == {"Tough": 2, "Slow": -2}


def test_one_psi_crew_member_at_level_1():
    s = apply(new_state(), crew.crew_add, name="Mila", attrs=ATTRS, psi=True).state
    assert s["crew"]["Mila"]["psi"] == 1
    with pytest.raises(RuleError, match="Mila has PSI already"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS, psi=True)


def test_at_most_four_crew():
    s = with_crew(new_state(), "A1", "A2", "A3", "A4")
    with pytest.raises(RuleError, match="at most 4 at any time"):
        crew.crew_add(s, dice(), name="A5", attrs=ATTRS)


def test_ray_and_lex_cannot_share_a_crew():
    s = with_crew(new_state(), "Ray")
    with pytest.raises(RuleError, match="cover each other"):
        crew.crew_add(s, dice(), name="lex", attrs=ATTRS)


def test_first_crew_member_leads_and_a_new_leader_follows_a_death():
    s = with_crew(new_state(), "Ray", "Mila")
    assert s["leader"] == "Ray"
    out = apply(s, crew.crew_hp, name="Ray", delta=-12)
    assert out.state["leader"] == "Mila"


@pytest.mark.parametrize("delta, hp, status", [(-7, 1, "active"), (-8, 0, "unconscious"), (-11, 0, "unconscious"),
                                               (+3, 8, "active")])
def test_hp_0_to_minus_3_is_unconscious_recorded_as_0(delta, hp, status):
    s = with_crew(new_state(), "Ray")
    out = apply(s, crew.crew_hp, name="Ray", delta=delta)
    assert (out.state["crew"]["Ray"]["hp"], out.state["crew"]["Ray"]["status"]) == (hp, status)


def test_minus_4_or_lower_kills_and_removes_and_a_preset_may_not_rejoin():
    s = with_crew(new_state(), "Ray", "Zed")
    s["crew"]["Ray"]["inventory"] = {"R": "Rifle"}
    out = apply(s, crew.crew_hp, name="Ray", delta=-12)
    assert "Ray" not in out.state["crew"] and out.state["fallen"] == ["Ray"]
    assert any("Collect Ray's equipment" in ln for ln in out.lines)
    with pytest.raises(RuleError, match="Ray died in this campaign"):
        crew.crew_add(out.state, dice(), name="Ray", attrs=ATTRS)
    custom = apply(out.state, crew.crew_hp, name="Zed", delta=-20)
    assert custom.state["fallen"] == ["Ray"] and custom.state["crew"] == {}


def test_an_unconscious_member_takes_no_further_damage():
    s = apply(with_crew(new_state(), "Ray"), crew.crew_hp, name="Ray", delta=-8).state
    with pytest.raises(RuleError, match="takes no further damage"):
        crew.crew_hp(s, dice(), name="Ray", delta=-1)
    woke = apply(s, crew.crew_hp, name="Ray", delta=2)
    assert woke.state["crew"]["Ray"] | {} and woke.state["crew"]["Ray"]["status"] == "active"


@pytest.mark.parametrize("level, cost", [(1, 4), (2, 9), (3, 16), (7, 64)])
def test_level_up_costs_the_new_level_squared(level, cost):
    """Chapter 14: 'leveling up from Level 2 to 3 requires you to pay 9 XP (3x3)'."""
    assert crew.level_cost(level) == cost


def test_level_up_example_2_to_3_pays_9_xp_and_raises_one_attribute():
    s = with_crew(new_state(), "Ray")
    s["crew"]["Ray"]["level"] = 2
    s["xp"] = 10
    out = apply(s, crew.crew_level_up, name="Ray", attribute="tech")
    assert out.state["xp"] == 1 and out.state["crew"]["Ray"]["level"] == 3 and out.state["crew"]["Ray"]["tech"] == 4
    s["xp"] = 8
    with pytest.raises(RuleError, match="costs 3² = 9 XP and the crew has 8 XP"):
        crew.crew_level_up(s, dice(), name="Ray", attribute="tech")


def test_raising_strength_raises_hp_max_and_hp_together():
    s = with_crew(new_state(), "Ray")
    s["xp"] = 4
    s = apply(s, crew.crew_hp, name="Ray", delta=-3).state       # 5/8
    out = apply(s, crew.crew_level_up, name="Ray", attribute="strength")
    r = out.state["crew"]["Ray"]
    assert (r["strength"], r["hp_max"], r["hp"]) == (5, 10, 7)


def test_level_up_never_raises_an_attribute_above_8():
    s = with_crew(new_state(), "Ray")
    s["crew"]["Ray"]["tech"] = 8
    s["xp"] = 100
    with pytest.raises(RuleError, match="above 8"):
        crew.crew_level_up(s, dice(), name="Ray", attribute="tech")


def test_level_up_into_traits():
    s = with_crew(new_state(), "Ray")
    s["xp"] = 100
    two = apply(s, crew.crew_level_up, name="Ray", traits=[("Brave", 2)])
    assert two.state["crew"]["Ray"]["level"] == 3 and two.state["xp"] == 100 - 4 - 9
    one = apply(s, crew.crew_level_up, name="Ray", traits=[("Brave", 2), ("Slow", -1)])
    assert one.state["crew"]["Ray"]["level"] == 2 and one.state["crew"]["Ray"]["traits"] == {"Brave": 2, "Slow": -1}
    psi = apply(s, crew.crew_level_up, name="Ray", psi=True, traits=[("Slow", -1)])
    assert psi.state["crew"]["Ray"]["psi"] == 1


def test_inventory_capacity_and_overload():
    s = with_crew(new_state(), "Ray")                   # Strength 4: 2 hands + 2 backpack
    assert carry_capacity(4) == 4 and carry_capacity(5) == 4 and carry_capacity(8) == 6 and carry_capacity(1) == 2
    for slot in ("L", "R", "1", "2"):
        s = apply(s, equipment.crew_equip, name="Ray", slot=slot, item=f"thing {slot}").state
    out = apply(s, equipment.crew_equip, name="Ray", slot="3", item="heavy")
    assert out.data["overload"] == 1 and any("-1 to Ranged and Melee" in ln for ln in out.lines)
    s = apply(out.state, equipment.crew_equip, name="Ray", slot="4", item="heavier").state
    assert s["crew"]["Ray"]["inventory"]["4"] == "heavier"
    with pytest.raises(RuleError, match="holds thing L"):
        equipment.crew_equip(s, dice(), name="Ray", slot="L", item="x")


def test_storage_and_equipment_move_between_crew_and_ship():
    s = _ship(with_crew(new_state(), "Ray"), "Laser")
    s = apply(s, ship.storage, item="Welder").state
    s = apply(s, equipment.crew_equip, name="Ray", slot="L", item="welder", from_storage=True).state
    assert s["storage"] == [] and s["crew"]["Ray"]["inventory"]["L"] == "welder"
    s = apply(s, equipment.crew_unequip, name="Ray", slot="L", to_storage=True).state
    assert s["storage"] == ["welder"]


# --- resources (K12, K14) --------------------------------------------------------------------------


def test_a_penalty_you_cannot_cover_takes_all_your_credits_and_nothing_more():
    s = new_state()
    s["credits"] = 12
    out = apply(s, resources.credits, delta=-30)
    assert out.state["credits"] == 0 and any("pay all 12¢ and nothing more" in ln for ln in out.lines)


def test_a_purchase_you_cannot_cover_is_refused():
    s = new_state()
    s["credits"] = 12
    with pytest.raises(RuleError, match="a purchase you cannot cover is refused"):
        resources.credits(s, dice(), delta=-30, buy=True)
    s["credits"] = 5
    s["ship"] = {"hull": "H", "hull_price": 1, "sp": 5, "systems": {}}
    with pytest.raises(RuleError, match="the Teleporter costs 10¢ and you have 5¢"):
        ship.ship_buy(s, dice(), system="teleporter", cat=CAT)


@pytest.mark.parametrize("n, half", [(7, 4), (15, 8), (1, 1), (3, 2), (8, 4), (0, 0)])
def test_always_round_up(n, half):
    """Chapter 4: 'When dividing odd numbers by 2, always round up ... 7 becomes 4, 15 becomes 8'."""
    assert catalogue.half_up(n) == half


def test_round_up_in_ship_magazines_and_sales():
    assert catalogue.price(CAT, "Ammo:Torpedo") == 8            # 15 / 2
    s = _ship(new_state(), "Torpedo")
    s["credits"] = 0
    out = apply(s, ship.ship_sell, label="Torpedo", cat=CAT)
    assert out.state["credits"] == 8


def test_oxygen_is_25_plus_tanks_and_stops_at_0():
    s = new_state()
    out = apply(s, resources.oxygen, delta=-30)
    assert out.state["oxygen"] == 0 and any("Out of Oxygen" in ln for ln in out.lines)
    out = apply(out.state, resources.oxygen, tanks=10)
    out = apply(out.state, resources.oxygen, delta=+50)
    assert out.state["oxygen"] == 35 and out.data["max"] == 35


def test_xp_cannot_go_below_zero():
    with pytest.raises(RuleError, match="cannot take away 3"):
        resources.xp(new_state(), dice(), delta=-3)


# --- ship (chapter 11) ------------------------------------------------------------------------------


def _ship(s, *systems):
    s = copy.deepcopy(s)
    s["credits"] += 500
    s = apply(s, ship.ship_hull, name="Rust Petrel", price=40, sp=12, expansion_sp=4).state
    for name in systems:
        s = apply(s, ship.ship_buy, system=name, cat=CAT).state
    s["credits"] -= 500 - 40 - sum(catalogue.price(CAT, catalogue.find(CAT, n)) for n in systems)
    return s


def test_the_catalogue_holds_every_system_and_weapon_of_chapter_11():
    assert len(CAT) == 34
    expected = {"Advanced Med Bay": 20, "Boarding Armory": 15, "Boarding Shields": 50, "Combat Bridge": 20,
                "Drone Bay": 25, "HyperNavMemory": 15, "Long-range sensors": 15, "Maneuver Engines": 30,
                "Med Bay": 10, "Nano Skin": 40, "Onboard defense": 20, "Repair Drones": 20, "Stealth Skin": 30,
                "Storage Expansion": 10, "Target System": 15, "Teleporter": 10, "Armor": 10, "Heavy Armor": 40,
                "Hull expansion": 15, "Primary Shields": 10, "Secondary Shields": 15, "Dynamic Shields": 30,
                "Autocannon": 25, "EMP missile": 10, "Gauss cannon": 30, "Heavy laser": 15, "Ion cannon": 5,
                "Ion blaster": 10, "Laser": 5, "Missile": 10, "Railgun": 30, "Swarm": 40, "Torpedo": 15,
                "Twin missile": 15}
    assert {n: v["price"] for n, v in CAT.items()} == expected
    assert (CAT["Primary Shields"]["shield"], CAT["Primary Shields"]["recharge"]) == (5, 2)
    assert (CAT["Torpedo"]["damage"], CAT["Torpedo"]["ammo"], CAT["Torpedo"]["special"]) == (18, 1, "HE")
    assert CAT["Heavy Armor"]["armor"] == 2


def test_ship_stats_combine_shields_armor_and_hull_expansions():
    from journal.games.kraken.model.systems import ship_stats

    s = _ship(new_state(), "Primary Shields", "Secondary Shields", "Armor", "Heavy Armor", "Hull expansion",
              "Hull expansion", "Laser", "Laser")
    st_ = ship_stats(s, CAT)
    assert st_ == {"sp": 12 + 8, "shield": 9, "recharge": 4, "armor": 3, "weapons": 2}
    assert list(s["ship"]["systems"])[-2:] == ["Laser", "Laser 2"]


def test_standard_systems_are_owned_once():
    s = _ship(new_state(), "Teleporter")
    with pytest.raises(RuleError, match="has a Teleporter already"):
        ship.ship_buy(s, dice(), system="Teleporter", cat=CAT)


def test_damaged_twice_a_system_is_destroyed():
    s = _ship(new_state(), "Laser")
    s = apply(s, ship.ship_system, label="laser", action="damage").state
    assert s["ship"]["systems"]["Laser"]["damaged"] is True
    out = apply(s, ship.ship_system, label="Laser", action="damage")
    assert "Laser" not in out.state["ship"]["systems"]


def test_hypernavmemory_unlocks_location_slots_3_to_6():
    s = new_state()
    loc = dict(type="Core Planet", difficulty=1, ao="YES", ai="YES", depth=4, teleport=1, species="Grey")
    s = apply(s, starmap.location_add, **loc).state
    s = apply(s, starmap.location_add, **loc).state
    with pytest.raises(RuleError, match="full \\(2 slots"):
        starmap.location_add(s, dice(), **loc)
    s = _ship(s, "HyperNavMemory")
    s = apply(s, starmap.location_add, **loc).state
    assert set(s["locations"]) == {"1", "2", "3"}
    with pytest.raises(RuleError, match="erase those Locations before selling"):
        ship.ship_sell(s, dice(), label="HyperNavMemory", cat=CAT)
    gone = apply(s, ship.ship_system, label="HyperNavMemory", action="destroy")
    assert set(gone.state["locations"]) == {"1", "2"}


# --- the Starmap Locations Log (chapter 12) -----------------------------------------------------------


def test_location_records_every_parameter_and_rolls_map_ids():
    s = new_state()
    out = apply(s, starmap.location_add, 8, 3, 12, 17, type="Space Station", difficulty=2, ao="no", ai="yes", depth=4,
                teleport=4, special="one-way", species="krakens", roll_maps=True)
    loc = out.state["locations"]["1"]
    assert loc == {"type": "Space Station", "difficulty": 2, "ao": "NO", "ai": "YES", "depth": 4, "teleport": 4,
                   "special": "one-way", "species": "Kraken", "maps": [8, 3, 12, 17], "cleared": [], "solved": False}


def test_map_ids_can_be_rolled_one_at_a_time_and_cleared_maps_underlined():
    s = apply(new_state(), starmap.location_add, type="Overland", difficulty=2, ao="NO", ai="YES", depth=5, teleport=2,
              species="Beasts").state
    s = apply(s, starmap.location_map, 8, slot="1").state
    with pytest.raises(RuleError, match="map 2 has none yet"):
        starmap.location_clear(s, dice(), slot="1", map_no=2)
    s = apply(s, starmap.location_clear, slot="MAP1", map_no=1).state
    assert s["locations"]["1"]["maps"] == [8] and s["locations"]["1"]["cleared"] == [1]
    with pytest.raises(RuleError, match="cleared already"):
        starmap.location_clear(s, dice(), slot="1", map_no=1)


def test_solving_a_location_gives_maps_times_difficulty_times_2_xp():
    """Chapter 13: 'difficulty 3 with 6 Maps, you will receive 36 (3x6x2) XP'."""
    s = apply(new_state(), starmap.location_add, type="Mine", difficulty=3, ao="NO", ai="YES", depth=6, teleport=2,
              species="Lost").state
    out = apply(s, starmap.location_solve, slot="1", reward="four")
    assert out.data["xp_gain"] == 36 and out.state["xp"] == 36
    with pytest.raises(RuleError, match="solved only once"):
        starmap.location_solve(out.state, dice(), slot="1", reward="two")


def test_hardcore_and_space_atmospheres():
    s = new_state("hardcore")
    loc = {"type": "Space Station", "ao": "YES", "ai": "YES"}
    assert locations.effective_atmosphere(s, loc, "ao") == "HELL"     # no breathable outside in space, then hardcore
    assert locations.effective_atmosphere(s, loc, "ai") == "NO"
    assert locations.effective_atmosphere(new_state(), loc, "ao") == "NO"


# --- quests (K13) ---------------------------------------------------------------------------------------


def test_urgent_quest_ticks_each_turn_not_activated_and_fails_at_the_fourth():
    s = apply(new_state(lines=()), quests.quest_add, name="Ore", urgent=True, penalty_credits=130).state
    s = apply(s, phases.turn).state
    s = apply(s, quests.quest_activate, name="ore").state
    s = apply(s, phases.phase, to=5).state
    assert s["quests"]["Ore"]["ticks"] == 0
    for expected in (1, 2, 3):
        s = apply(s, phases.turn).state
        s = apply(s, phases.phase, to=5).state
        assert s["quests"]["Ore"]["ticks"] == expected
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=5)
    assert "Ore" not in out.state["quests"] and out.state["credits"] == 0     # K12: pays all it has
    assert "quest Ore failed (fourth tick)" in out.summary


def test_a_new_turn_closes_the_last_one_with_its_quest_timer():
    s = apply(new_state(lines=()), quests.quest_add, name="Ore", urgent=True).state
    s = apply(s, phases.turn).state
    out = apply(s, phases.turn)
    assert out.state["quests"]["Ore"]["ticks"] == 1 and "turn 1 ended: quest Ore tick 1" in out.summary


def test_quests_that_are_not_urgent_have_no_timer():
    s = apply(new_state(lines=()), quests.quest_add, name="Map", reward="a map").state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=5).state
    assert "ticks" not in s["quests"]["Map"]
    out = apply(s, quests.quest_done, name="Map", credits=20, xp=5)
    assert out.state["credits"] == 120 and out.state["xp"] == 5 and out.state["quests"] == {}


# --- saving and loading (K8) ------------------------------------------------------------------------------


def test_simulation_saves_at_the_start_of_a_turn_only():
    s = new_state("simulation", lines=("1AA",))
    out = apply(s, saving.savepoint)
    assert out.state["savepoint"] == {"id": 1, "turn": 0, "at": "before turn 1"}
    assert out.meta["savepoint"] == 1 and out.meta["snapshot"] == out.state
    s = apply(out.state, phases.turn).state
    apply(s, saving.savepoint)
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    with pytest.raises(RuleError, match="start of a turn"):
        saving.savepoint(s, dice())
    turned = apply(s, phases.turn, savepoint=True)
    assert turned.meta["snapshot"]["turn"] == 2 and turned.meta["snapshot"]["done"] == []


def _at_a_clone_station(difficulty: str) -> dict:
    from test_kraken_dungeon import explorer

    return explorer(difficulty_level=difficulty, ao="YES")


def test_adventurer_saves_only_at_clone_stations_and_real_life_never():
    with pytest.raises(RuleError, match="only at clone stations"):
        saving.savepoint(new_state("adventurer"), dice())
    out = apply(_at_a_clone_station("adventurer"), saving.clone_station, tile="C")
    assert out.state["savepoint"]["at"] == "clone station C, MAP1 map 1"
    for d in ("real-life", "hardcore"):
        healed = apply(_at_a_clone_station(d), saving.clone_station, tile="C")
        assert "savepoint" not in healed.state and "snapshot" not in healed.meta
        with pytest.raises(RuleError, match="no save points"):
            saving.savepoint(new_state(d), dice())


def test_clone_station_heals_4_hp_each():
    s = apply(_at_a_clone_station("real-life"), crew.crew_hp, name="Ann", delta=-6).state
    assert apply(s, saving.clone_station, tile="C").state["crew"]["Ann"]["hp"] == 6


def test_reload_restores_the_save_point_state():
    saved = apply(_at_a_clone_station("adventurer"), saving.clone_station, tile="C")
    later = apply(saved.state, maps.dungeon_leave, way="entrance")
    later = apply(later.state, crew.crew_hp, name="Ann", delta=-5)
    out = apply(later.state, saving.reload, snapshot=saved.meta["snapshot"], point=1)
    assert out.state == saved.state and out.meta == {"reload": 1}
    with pytest.raises(RuleError, match="no save-and-load"):
        saving.reload(new_state("hardcore"), dice(), snapshot={}, point=0)


def _entry(rolls=(), revealed=()):
    e = {"rolls": [{"die": "d20", "value": v, "source": "rolled"} for v in rolls]}
    if revealed:
        e["meta"] = {"revealed": list(revealed)}
    return e


@pytest.mark.parametrize("difficulty", ["adventurer", "real-life", "hardcore"])
def test_undo_may_not_take_back_a_roll_or_a_revealed_event_outside_simulation(difficulty):
    s = new_state(difficulty)
    assert "only reloading a save point" in game.undo_refusal(_entry(rolls=[14]), s)
    assert "revealed event A7" in game.undo_refusal(_entry(revealed=["A7"]), s)
    assert game.undo_refusal(_entry(), s) is None


def test_undo_takes_back_anything_in_just_a_simulation():
    assert game.undo_refusal(_entry(rolls=[3], revealed=["A7"]), new_state("simulation")) is None


# --- score (K9) ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty, expected", [("simulation", 4), ("adventurer", 7), ("real-life", 14),
                                                  ("hardcore", 21)])
def test_campaign_score_is_surviving_levels_times_the_difficulty_factor(difficulty, expected):
    s = with_crew(new_state(difficulty), "A", "B", "C")
    s["crew"]["A"]["level"] = 3
    s["crew"]["B"]["level"] = 3                     # 3 + 3 + 1 = 7 (halved and rounded up: 4)
    assert score(s)["score"] == expected


# --- validation of hand-edited saves ---------------------------------------------------------------------------


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.update(credits=-1), "state.credits = -1 is below 0"),
    (lambda s: s.update(oxygen=31), "state.oxygen = 31 is above the maximum 25"),
    (lambda s: s["lines"].update({"7": {"coords": ["1AA"], "vars": {}}}), "state.lines.7: the name is not a line slot"),
    (lambda s: s["lines"]["1"].update(coords=["1AA"] * 8), "state.lines.1.coords has 8 items: at most 7"),
    (lambda s: s["lines"]["1"].update(coords=["3H"]), 'state.lines.1.coords[0] = "3H" is not a coordinate'),
    (lambda s: s["lines"]["1"]["vars"].update(K=1), "state.lines.1.vars.K: the name is not a line variable A-H"),
    (lambda s: s["interlink"].update(A=1), "state.interlink.A: the name is not an interlink variable I-Z"),
    (lambda s: s.update(difficulty="easy"), 'state.difficulty = "easy" is not one of'),
    (lambda s: s.update(phase=2), "state.phase = 2 with state.turn = 0"),
    (lambda s: s.update(mood="good"), "state.mood is not a known key"),
    (lambda s: s["crew"]["Ray"].update(hp=9), "state.crew.Ray.hp = 9 is above state.crew.Ray.hp_max = 8"),
    (lambda s: s["crew"]["Ray"].update(hp=0), 'state.crew.Ray.status = "active" but hp = 0'),
    (lambda s: s.update(leader="Zed"), 'state.leader = "Zed" is not a crew member'),
    (lambda s: s.pop("leader"), "state.leader is missing"),
    (lambda s: s["locations"].update({"3": s["locations"]["1"]}), "state.locations.3: slot 3 needs HyperNavMemory"),
    (lambda s: s["quests"].update(Q={"urgent": True, "activated": False}), "state.quests.Q.ticks is missing"),
    (lambda s: s.update(savepoint={"id": 1, "turn": 9, "at": "x"}), "state.savepoint.turn = 9 is after"),
])
def test_validate_names_the_key_of_every_hand_edit_mistake(edit, message):
    s = with_crew(new_state(lines=("1AA",)), "Ray")
    s = apply(s, starmap.location_add, type="Mine", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Lost").state
    edit(s)
    problems = validate(s)
    assert any(message in p for p in problems), problems


def test_validate_checks_ship_systems_against_the_catalogue():
    s = _ship(new_state(), "Laser")
    s["ship"]["systems"]["Phaser"] = {"system": "Phaser"}
    assert any('state.ship.systems.Phaser.system = "Phaser" is not in the catalogue' in p for p in validate(s))


# --- invariants over random command sequences ---------------------------------------------------------------

OPS = st.lists(st.tuples(st.sampled_from(["hp", "credits", "oxygen", "xp", "level", "equip", "turn", "phase",
                                          "recover", "quest", "line", "buy"]),
                         st.integers(-15, 15)), max_size=30)


@settings(deadline=None)
@given(ops=OPS, seed=st.integers(0, 10 ** 6))
def test_random_campaign_commands_keep_a_valid_state_or_refuse(ops, seed):
    s = _ship(with_crew(new_state("simulation", lines=("1AA", "1AF")), "Ray", "Mila"), "Med Bay")
    pack = demo_pack()
    calls = {
        "hp": lambda s, n: crew.crew_hp(s, dice(seed=seed), name="Mila", delta=n or 1),
        "credits": lambda s, n: resources.credits(s, dice(), delta=n or 1, buy=n % 2 == 0),
        "oxygen": lambda s, n: resources.oxygen(s, dice(), delta=n or 1),
        "xp": lambda s, n: resources.xp(s, dice(), delta=n or 1),
        "level": lambda s, n: crew.crew_level_up(s, dice(), name="Ray", attribute=ATTRS_LIST[abs(n) % 6]),
        "equip": lambda s, n: equipment.crew_equip(s, dice(), name="Ray", slot="LR1234"[abs(n) % 6], item="x"),
        "turn": lambda s, n: phases.turn(s, dice(seed=seed + abs(n)), pack=pack),
        "phase": lambda s, n: phases.phase(s, dice(), to="next"),
        "recover": lambda s, n: phases.recover(s, dice(), cat=CAT),
        "quest": lambda s, n: quests.quest_add(s, dice(), name=f"Q{n}", urgent=n % 2 == 0),
        "line": lambda s, n: story_lines.line_add(s, dice(), coord="1AK"),
        "buy": lambda s, n: ship.ship_buy(s, dice(), system=list(CAT)[abs(n) % len(CAT)], cat=CAT),
    }
    for op, n in ops:
        before = copy.deepcopy(s)
        try:
            out = calls[op](s, n)
        except (RuleError, InputError):
            assert s == before
            continue
        assert s == before
        assert validate(out.state) == [], (op, n, validate(out.state))
        s = out.state
        assert 0 <= s["oxygen"] <= 25 and s["credits"] >= 0 and s["xp"] >= 0 and len(s["crew"]) <= 4
        for c in s["crew"].values():
            assert 0 <= c["hp"] <= c["hp_max"]


ATTRS_LIST = list(ATTRS)


def test_a_line_may_be_skipped_during_phase_1_by_hand():
    s = apply(new_state(lines=("2HA", "2BC")), phases.turn).state
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    with pytest.raises(RuleError, match="activated this turn already"):
        story_lines.line_skip(s, dice(), line="1")
    s = apply(s, story_lines.line_skip, line="2").state
    assert s["skipped"] == "2" and apply(s, phases.phase, to=2).state["phase"] == 2
    s = apply(apply(s, phases.phase, to=5).state, phases.turn).state
    with pytest.raises(RuleError, match="two turns running"):
        story_lines.line_skip(s, dice(), line="2")
