"""journal/games/kraken/space_combat/escape.py: Space combat phase 6, Attempt to escape."""

from __future__ import annotations

from kraken.kraken_helpers import CAT, apply, in_combat, tech

from journal.games.kraken.space_combat import enemy_fire, escape, recharge


def test_escape_d20_plus_unused_tech_20_then_15():
    s = tech(in_combat(), Ray=3, Mila=5, Dax=1)
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, escape.combat_escape, 10)
    assert (out.data["total"], out.data["escaped"]) == (19, False)
    s = apply(out.state, recharge.combat_recharge, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, escape.combat_escape, 6)
    assert out.data["target"] == 15 and out.data["escaped"] and "combat" not in out.state



def test_an_escape_is_recorded_with_its_chance_for_the_luck_audit():
    """d20 + Tech 9 >= 20: 10 faces of 20."""
    s = tech(in_combat(), Ray=3, Mila=5, Dax=1)
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, escape.combat_escape, 10)
    assert out.meta["checks"] == [{"kind": "Space Combat escape", "chance": 0.5, "success": False}]