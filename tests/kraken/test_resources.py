"""journal/games/kraken/resources.py: The crew's resources: Credits (K12), XP, Oxygen (3.6), item
prices by grade (p. 165/167)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, new_state

from journal.errors import RuleError
from journal.games.kraken import resources, ship


def test_a_penalty_you_cannot_cover_takes_all_your_credits_and_nothing_more():
    s = new_state()
    s["credits"] = 12
    out = apply(s, resources.credits, delta=-30)
    assert out.state["credits"] == 0 and any("pay all 12¢ and nothing more" in ln for ln in out.lines)


def test_a_purchase_you_cannot_cover_is_refused():
    s = new_state()
    s["credits"] = 12
    with pytest.raises(RuleError, match="a purchase you cannot cover is refused"):
        resources.credits(s, dice(), delta=-30, buy=True)
    s["credits"] = 5
    s["ship"] = {"hull": "H", "hull_price": 1, "sp": 5, "systems": {}}
    with pytest.raises(RuleError, match="the Teleporter costs 10¢ and you have 5¢"):
        ship.ship_buy(s, dice(), system="Teleporter", cat=CAT)


def test_oxygen_is_25_plus_tanks_and_stops_at_0():
    s = new_state()
    out = apply(s, resources.oxygen, delta=-30)
    assert out.state["oxygen"] == 0 and any("Out of Oxygen" in ln for ln in out.lines)
    out = apply(out.state, resources.oxygen, tanks=10)
    out = apply(out.state, resources.oxygen, delta=+50)
    assert out.state["oxygen"] == 35 and out.data["max"] == 35


def test_xp_cannot_go_below_zero():
    with pytest.raises(RuleError, match="cannot take away 3"):
        resources.xp(new_state(), dice(), delta=-3)
