"""journal/games/kraken/model/weapons.py: Chapter 14, Weapons definition: the book's weapon
notation, mods, and the slot holding one."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.kraken.model import weapons


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
