"""journal/games/kraken/dungeon/avoid.py: Chapter 13, Avoiding a Ground Combat: Run, Camouflage,
Charisma, Intimidate."""

from __future__ import annotations

import copy

import pytest
from kraken.kraken_helpers import apply, dice, explorer

from journal.errors import RuleError
from journal.games.kraken.dungeon import avoid


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
