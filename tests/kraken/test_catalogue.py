"""journal/games/kraken/catalogue.py: The Ship Systems catalogue (templates/kraken/catalogue.toml,
rulebook chapter 11)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT

from journal.games.kraken import catalogue


@pytest.mark.parametrize("n, half", [(7, 4), (15, 8), (1, 1), (3, 2), (8, 4), (0, 0)])
def test_always_round_up(n, half):
    """Chapter 4: 'When dividing odd numbers by 2, always round up ... 7 becomes 4, 15 becomes 8'."""
    assert catalogue.half_up(n) == half


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
