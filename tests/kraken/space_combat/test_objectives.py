"""journal/games/kraken/space_combat/objectives.py: Space combat phase 2, Solve objectives and
repair."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, in_combat, tech

from journal.errors import RuleError
from journal.games.kraken import ship
from journal.games.kraken.space_combat import enemy_fire, objectives as objectives_rules, page, recharge


def test_t9_objective_example():
    """Ch. 10's example: Tech 5 + d6 3 = 8 fails a T9; Tech 4 and 3 + d6 3 = 10 solves it;
    the fourth member (Tech 4) repairs a system with a 5: 9."""
    s = in_combat(objectives=["T9", "C10"], crew=("Ann", "Bo", "Cy", "Di"))
    s = tech(s, Ann=5, Bo=4, Cy=3, Di=4)
    s = apply(s, ship.ship_system, label="Laser 2", action="damage").state
    out = apply(s, objectives_rules.combat_objective, 3, crew=["Ann"])
    assert (out.data["score"], out.data["solved"]) == (8, False)
    out = apply(out.state, objectives_rules.combat_objective, 3, crew=["Bo", "Cy"])
    assert (out.data["score"], out.data["solved"]) == (10, True)
    out = apply(out.state, objectives_rules.combat_repair, 5, cat=CAT, target="Laser 2", crew=["Di"])
    assert out.data["repaired"] and not out.state["ship"]["systems"]["Laser 2"].get("damaged")
    assert set(out.state["combat"]["used"]) == {"Ann", "Bo", "Cy", "Di"}
    with pytest.raises(RuleError, match="used this combat turn"):
        objectives_rules.combat_objective(out.state, dice(6), crew=["Ann"])


def test_objectives_and_repairs_are_recorded_with_their_chance_for_the_luck_audit():
    """Tech 5 + d6 >= 9, a 1 failing: 4, 5 or 6 (1/2)."""
    s = tech(in_combat(objectives=["T9"]), Mila=5)
    out = apply(s, objectives_rules.combat_objective, 3, crew=["Mila"])
    assert out.meta["checks"] == [{"kind": "Space Combat objective", "chance": 0.5, "success": False}]
    s = apply(tech(in_combat(), Ray=8), ship.ship_system, label="Laser", action="damage").state
    out = apply(s, objectives_rules.combat_repair, 1, cat=CAT, target="Laser", crew=["Ray"])
    assert out.meta["checks"] == [{"kind": "Space Combat repair", "chance": round(5 / 6, 6), "success": False}]


def test_objectives_are_solved_in_order_and_a_1_always_fails():
    s = tech(in_combat(objectives=["T2", "T3"]), Ray=8)
    with pytest.raises(RuleError, match="in order"):
        objectives_rules.combat_objective(s, dice(6), crew=["Ray"], objective=2)
    out = apply(s, objectives_rules.combat_objective, 1, crew=["Ray"])
    assert out.data["solved"] is False


def test_attack_objective_mixes_ranged_and_melee():
    s = in_combat(objectives=["A9"])
    s["crew"]["Ray"].update(ranged=5, melee=1)
    s["crew"]["Mila"].update(ranged=1, melee=3)
    out = apply(s, objectives_rules.combat_objective, 2, crew=["Ray", "Mila"])
    assert out.data["total"] == 8 and out.data["score"] == 10


def test_repair_3_sp_with_a_t9():
    s = in_combat()
    s = apply(s, page.combat_set, key="ship.sp", value=5).state
    out = apply(tech(s, Ray=4), objectives_rules.combat_repair, 5, cat=CAT, target="sp", crew=["Ray"])
    assert out.state["combat"]["ship"]["sp"] == 8


def test_all_objectives_solved_wins_at_turns_end_even_with_enemies_left():
    s = tech(in_combat(objectives=["T5"]), Ray=4)
    s = apply(s, objectives_rules.combat_objective, 4, crew=["Ray"]).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    assert apply(s, recharge.combat_recharge, cat=CAT).data["result"] == "won"
