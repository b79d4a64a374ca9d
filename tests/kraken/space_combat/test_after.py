"""journal/games/kraken/space_combat/after.py: After space combat: repairs, SP and Ammo restored, XP
and Credits, smuggling; by hand."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, TABLE, apply, dice, in_combat, ship_state

from journal.errors import RuleError
from journal.games.kraken import flight, ship
from journal.games.kraken.model.flight_table import parse_enemy
from journal.games.kraken.space_combat import after, fire, page, recharge


def test_after_a_won_flight_xp_credits_repairs_and_reload():
    out = apply(ship_state(), flight.flight, 2, 1, difficulty=1, cat=CAT, table=TABLE, avoid=True, options=["smuggle"])
    s = out.state                                                        # flight 3+... difficulty 3: 6 + 1 = 7
    assert s["flight"]["number"] == 7
    s = apply(s, page.combat_set, key="enemy.1", value=parse_enemy("Mine 3-0, 5, 0-0")).state
    s = apply(s, page.combat_set, key="xp", value=5).state
    s = apply(s, ship.ship_system, label="Laser 2", action="damage").state
    s = apply(s, fire.combat_fire, 5, cat=CAT, weapons=[("Missile", 1)]).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    s = out.state
    assert "combat" not in s and s["xp"] == 5 and s["credits"] == 500 + 5 + 15
    assert not any(e.get("damaged") for e in s["ship"]["systems"].values())
    assert s["flight"]["stage"] == "arrived"


def test_combat_end_by_hand_and_flight_end():
    s = in_combat()
    out = apply(s, after.combat_end, result="retreated")
    assert "combat" not in out.state
    with pytest.raises(RuleError, match="no flight"):
        flight.flight_end(out.state, dice())
