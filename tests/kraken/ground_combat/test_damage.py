"""journal/games/kraken/ground_combat/damage.py: Chapter 14, Ground combat rules: damage through
Shields and Armor, weakness, resistance."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.kraken.ground_combat import damage
from journal.games.kraken.model import weapons


RG = weapons.parse_attack("RG 4+, 5")


ML = weapons.parse_attack("ML 4+, 5")


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
