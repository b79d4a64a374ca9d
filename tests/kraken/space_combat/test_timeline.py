"""journal/games/kraken/space_combat/timeline.py: Space combat phase 1, Manage the timeline: the
leftmost command is activated and crossed out."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, in_combat

from journal.errors import RuleError
from journal.games.kraken.space_combat import (
    boarding,
    enemy_fire,
    fire,
    objectives as objectives_rules,
    page,
    recharge,
    timeline as timeline_rules,
)


def test_timeline_is_activated_first_and_crossed_out():
    s = in_combat(timeline=["E", "V"])
    with pytest.raises(RuleError, match="activate the timeline first"):
        fire.combat_fire(s, dice(), cat=CAT, weapons=[("Laser", 1)])
    out = apply(s, timeline_rules.combat_timeline, cat=CAT)
    assert out.state["combat"]["crossed"] == 1 and out.state["combat"]["event"] == "E"


def test_backup_replaces_destroyed_enemies_only():
    s = in_combat(enemies=("Mine 3-0, 5, 0-0", "Mine 3-0, 5, 0-0"), timeline=["-", "B"])
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, fire.combat_fire, 5, cat=CAT, weapons=[("Laser", 1)]).state
    assert s["combat"]["enemies"][0]["sp"] == 0
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert [e["sp"] for e in s["combat"]["enemies"]] == [3, 3]


def test_shields_turn_drops_enemy_shields_and_brings_them_back_without_recharge():
    s = in_combat(enemies=("Frigate 10-2, 3, 6-2",), timeline=["S"])
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert s["combat"]["enemies"][0]["shield"] == 0
    s = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Laser", 1)]).state
    assert s["combat"]["enemies"][0]["sp"] == 7                 # no shield: all 3 damage to SP
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    assert s["combat"]["enemies"][0]["shield"] == 6


def test_combat_timeline_boards_you_when_your_shield_is_low():
    s = in_combat(enemies=("Raider 10-6, 3, 2-1",), timeline=["C"])
    s = apply(s, page.combat_set, key="ship.shield", value=3).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert s["combat"]["boarders"] == [1]
    with pytest.raises(RuleError, match="boards your ship"):
        objectives_rules.combat_objective(s, dice(), crew=["Ray"])
    out = apply(s, boarding.combat_repel, enemy=1, crew=["Ray", "Mila"])
    b = out.state["combat"]["boarding"]
    assert (b["by"], b["enemy_dice"]) == ("them", 2)             # 6 crew, 2 stay aboard: 4 board, 2 dice


def test_boarding_shields_keep_boarders_off():
    s = in_combat(enemies=("Raider 10-6, 3, 2-1",), timeline=["C"], systems=("Boarding Shields", "Laser"))
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    assert "boarders" not in s["combat"]
