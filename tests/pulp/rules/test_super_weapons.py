"""The Super Weapons found: requirement, Understanding, once-per-Encounter-phase use."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, line, run, searching

from journal.errors import InputError, RuleError
from journal.games.pulp.rules import planet_search, round_end, super_weapons


def test_a_super_weapon_is_understood_when_its_cubes_are_placed():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="--needs"):
        planet_search.assign(s, dice(), "red", weapon=1)
    s = run(super_weapons.weapon, s, dice(), 1, needs={"red": 2}).state
    s = run(planet_search.assign, s, dice(), "red", weapon=1).state
    assert s["weapons"][0]["understood"] is False
    with pytest.raises(RuleError, match="needs 0 blue"):
        planet_search.assign(s, dice(), "blue", weapon=1)
    out = run(planet_search.assign, s, dice(), "red", weapon=1)
    assert out.state["weapons"][0] == {"cubes": {"yellow": 1, "red": 2}, "understood": True, "used": False,
                                       "needs": {"red": 2}}
    assert any("Understood" in m for m in out.lines)


def test_a_weapon_without_requirement_works_at_once_and_is_used_once_per_encounter_phase():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    s = run(super_weapons.weapon, s, dice(), 1, needs={}).state
    assert s["weapons"][0]["understood"] is True
    s = round_end.end_round(s, dice()).state
    s = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"]).state
    s = run(super_weapons.weapon, s, dice(), 1, use=True).state
    with pytest.raises(RuleError, match="already used"):
        super_weapons.weapon(s, dice(), 1, use=True)


def test_weapons_by_hand_and_their_use_in_the_encounter_phase():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="Encounter phase"):
        super_weapons.weapon(s, dice(), 1, understood=True, use=True)
    s = run(super_weapons.weapon, s, dice(), 1, understood=True).state
    assert s["weapons"][0]["understood"] is True
    with pytest.raises(InputError, match="weapons 1-1"):
        super_weapons.weapon(s, dice(), 2, name="X")
