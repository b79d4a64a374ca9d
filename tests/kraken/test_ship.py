"""journal/games/kraken/ship.py: Chapter 11, Your spaceship: buying the hull and systems, selling
them, damage, storage."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, exploring, in_combat, new_state, ship_state, with_ship

from journal.errors import RuleError
from journal.games.kraken import catalogue, ship, starmap
from journal.games.kraken.dungeon import maps, shops


def test_round_up_in_ship_magazines_and_sales():
    assert catalogue.price(CAT, "Ammo:Torpedo") == 8            # 15 / 2
    s = with_ship(new_state(), "Torpedo")
    s["credits"], s["turn"], s["phase"], s["shop"] = 0, 1, 2, {"grade": 3, "by": "event"}
    out = apply(s, ship.ship_sell, label="Torpedo", cat=CAT)
    assert out.state["credits"] == 8


def test_systems_and_hulls_are_sold_at_a_shop_and_removed_anywhere():
    """Ch. 11: "You can also sell your Ship and / or Ship Systems for half- price at any Shop"
    (l.759). Away from a Shop a system is erased without selling (ship destroy), and a hull
    left behind."""
    s = with_ship(new_state(), "Torpedo")
    with pytest.raises(RuleError, match="a ship system \\(Torpedo\\) is sold at a Shop: .*removing without "
                                        "selling is free: journal kraken ship destroy Torpedo"):
        ship.ship_sell(s, dice(), label="Torpedo", cat=CAT)
    with pytest.raises(RuleError, match="the Rust Petrel hull is sold at a Shop"):
        ship.ship_hull(s, dice(), name="Gull", price=0, sp=10, sell_old=True)
    assert apply(s, ship.ship_hull, name="Gull", price=0, sp=10).state["ship"]["hull"] == "Gull"
    assert apply(s, ship.ship_system, label="Torpedo", action="destroy").state["ship"]["systems"] == {}


def test_standard_systems_are_owned_once():
    s = with_ship(new_state(), "Teleporter")
    with pytest.raises(RuleError, match="has a Teleporter already"):
        ship.ship_buy(s, dice(), system="Teleporter", cat=CAT)


def test_damaged_twice_a_system_is_destroyed():
    s = with_ship(new_state(), "Laser")
    s = apply(s, ship.ship_system, label="Laser", action="damage").state
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
    s = with_ship(s, "HyperNavMemory")
    s = apply(s, starmap.location_add, **loc).state
    assert set(s["locations"]) == {"1", "2", "3"}
    with pytest.raises(RuleError, match="erase those Locations before selling"):
        ship.ship_sell(s, dice(), label="HyperNavMemory", cat=CAT)
    gone = apply(s, ship.ship_system, label="HyperNavMemory", action="destroy")
    assert set(gone.state["locations"]) == {"1", "2"}


def test_systems_are_bought_in_phase_2_or_at_a_shop_never_in_a_space_combat():
    """Ch. 5 Phase 2: "If you have enough Credits available you may use them to purchase Ships
    or add new Systems to your current Ship. Note: You can also buy Ships and Ship upgrades at
    a Shop during Dungeon Exploration"."""
    with pytest.raises(RuleError, match="bought in Phase 2 .* or at a Shop, and this is a Space Combat"):
        ship.ship_buy(in_combat(), dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="and this is Phase 3"):
        ship.ship_buy(ship_state(phase=3), dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="and this is Phase 3"):
        ship.ship_hull(ship_state(phase=3), dice(), name="Gull", price=30, sp=10)
    assert "Laser 3" in apply(ship_state(phase=2), ship.ship_buy, system="Laser", cat=CAT).state["ship"]["systems"]
    assert apply(in_combat(), ship.ship_buy, system="Laser", cat=CAT, free=True).data["price"] == 5   # an event's gift
    s = exploring()
    with pytest.raises(RuleError, match="a Dungeon Exploration away from a Shop"):
        ship.ship_buy(s, dice(), system="Laser", cat=CAT)
    s = apply(s, shops.dungeon_shop, tile="S2").state
    assert "Laser" in apply(s, ship.ship_buy, system="Laser", cat=CAT).state["ship"]["systems"]
    s = apply(s, maps.dungeon_move, to="outside").state                # off the Shop's tile
    with pytest.raises(RuleError, match="away from a Shop"):
        ship.ship_buy(s, dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="not at a shop or ammo dealer"):
        shops.dungeon_buy(s, dice(), item="Rifle", grade=2)
