"""journal/games/kraken/flight.py: Chapter 9, Initiate space flight: options, the avoid check, the
SPACE COMBAT page (9.4)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, TABLE, apply, dice, ship_state

from journal.errors import InputError, RuleError
from journal.games.kraken import flight, phases, starmap
from journal.games.kraken.dungeon import maps
from journal.games.kraken.model.flight_table import parse_enemy
from journal.games.kraken.space_combat import page


def test_one_space_flight_a_turn_then_its_landing():
    """Ch. 8: "You may take one of the following 4 options": one flight, then the Dungeon
    Exploration at the Location it found ("after successfully landing ... you start 'DUNGEON
    EXPLORATION'"), and no second one."""
    s = apply(ship_state(), phases.free_action, kind="flight").state       # declared, then flown
    s = apply(s, flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True).state
    s = apply(s, flight.flight_end).state
    with pytest.raises(RuleError, match="flown already"):
        flight.flight(s, dice(6), difficulty=1, cat=CAT, table=TABLE, avoid=True)
    s = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Grey", maps=[1, 2, 3, 4]).state
    s = apply(s, maps.dungeon_enter, slot="1").state                       # landing after the flight
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    with pytest.raises(RuleError, match="a space flight to a new Location, made already"):
        maps.dungeon_enter(s, dice(), slot="1")


def test_the_avoid_check_is_recorded_with_its_chance_for_the_luck_audit():
    """Flight difficulty 3: a d6 of 3 or more avoids the Space Combat (4 faces of 6)."""
    out = apply(ship_state(), flight.flight, 3, difficulty=3, cat=CAT, table=TABLE, avoid=True)
    assert out.meta["checks"] == [{"kind": "avoid Space Combat check", "chance": round(4 / 6, 6), "success": True}]
    out = apply(ship_state(), flight.flight, 1, 3, difficulty=1, cat=CAT, table=TABLE, avoid=True)   # a 1 fails
    assert out.meta["checks"] == [{"kind": "avoid Space Combat check", "chance": round(5 / 6, 6), "success": False}]


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
    (["smuggle", "smuggle"], "smuggle is named twice"),
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


@pytest.mark.parametrize("roll, difficulty, avoided", [(3, 3, True), (6, 5, True), (2, 3, False), (1, 1, False)])
def test_avoid_check_d6_at_least_flight_difficulty_and_1_fails(roll, difficulty, avoided):
    entered = [roll] if avoided else [roll, 2]
    out = apply(ship_state(), flight.flight, *entered, difficulty=difficulty, cat=CAT, table=TABLE, avoid=True)
    assert out.data["avoid"]["passed"] is avoided
    assert ("combat" in out.state) is not avoided


def test_smuggled_goods_pay_15_when_the_flight_succeeds():
    out = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, options=["smuggle"], avoid=True)
    assert out.state["credits"] == 515


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
    s = apply(out.state, page.combat_set, key="enemy.1", value=parse_enemy("Raider 8-4, 4, 3-1")).state
    assert s["combat"]["enemies"][0]["crew"] == 4


def test_flight_row_fills_the_page_the_box_lacked_and_only_while_it_waits():
    """9.4, "transfer the values defined on the FLIGHT TABLE to the SPACE COMBAT page": a row the
    player's box did not hold fills the page of that flight once they record it."""
    from journal.games.kraken.cli.box import checked_row

    out = apply(ship_state(), flight.flight, 6, difficulty=3, cat=CAT, table=TABLE, box=True)
    assert "not in your box yet" in " ".join(out.lines)
    row = checked_row(9, {"name": "Raid", "timeline": ["-", "A"], "objectives": ["T7"],
                          "enemies": ["Raider 8-5, 4, 3-1"], "xp": 12})
    filled = apply(out.state, flight.flight_row, number=9, row=row, cat=CAT, note="kept")
    c = filled.state["combat"]
    assert filled.lines[0] == "kept" and c["name"] == "Raid" and c["timeline"] == ["-", "A"] and c["xp"] == 12
    assert c["enemies"][0]["sp"] == 8 and filled.state["flight"]["name"] == "Raid"
    with pytest.raises(RuleError, match="filled in already"):
        apply(filled.state, flight.flight_row, number=9, row=row, cat=CAT)
    with pytest.raises(RuleError, match="no Space Combat of flight 8"):
        apply(out.state, flight.flight_row, number=8, row=row, cat=CAT)
