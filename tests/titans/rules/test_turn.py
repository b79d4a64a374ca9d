"""Passing (rules/turn.py): a player who does nothing in an ordered step passes; `next` closes a
phase."""

from __future__ import annotations

import pytest

from journal.errors import RuleError
from journal.games.titans.rules import fight, order, turn, upgrade
from titans.titans_helpers import apply, dice, do, ended, fighting, refused, to_development, unplaced


def test_setup_has_no_pass():
    with pytest.raises(RuleError, match="nobody passes"):
        turn.pass_turn(unplaced(2), dice())


def test_pass_skips_a_players_fight_turn():
    s = fighting(2)
    out = apply(turn.pass_turn, s)                              # no name: whoever's turn it is
    assert out.data == {"player": "Ana", "step": "fight", "next": "Bo", "phase": "fight"}
    assert out.lines[0] == "Ana passes in the Fight Phase."
    s = do(fight.move, out.state, "Brute", "Paris")
    out = apply(turn.pass_turn, s, "Bo")
    assert out.lines[0] == "Bo ends their turn in the Fight Phase." and out.data["next"] is None
    with pytest.raises(RuleError, match="nobody is waiting"):
        turn.pass_turn(out.state, dice())


def test_pass_out_of_turn_is_refused():
    s = fighting(3)
    assert "it is Ana's turn" in refused(turn.pass_turn, s, "Bo")
    s = do(turn.pass_turn, s, "Ana")
    assert "Ana's turn in the Fight Phase is over" in refused(turn.pass_turn, s, "Ana")
    with pytest.raises(RuleError, match="turn 1 is over"):
        turn.pass_turn(ended(s), dice())


def test_pass_takes_no_development_action():
    s = to_development(fighting(2))
    out = apply(turn.pass_turn, s, "Ana")
    assert out.lines[0] == "Ana takes no Development action this turn." and out.data["step"] == "development"
    assert out.state["round"]["charged"]                    # Gain Charges comes before Development
    assert "Ana" not in out.state["round"]["developed"] and order.waiting(out.state, "development") == ["Bo"]
    with pytest.raises(RuleError, match="Ana's turn to take a Development action is over"):
        upgrade.develop(out.state, dice(), "Ana", "industry")
