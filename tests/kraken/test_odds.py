"""journal/games/kraken/odds.py: the chance of a check before rolling, with the checks where a
natural 1 always fails."""

from __future__ import annotations

import pytest

from journal.games.kraken import odds


@pytest.mark.parametrize("kind,line", [
    ("avoid", 'l.544: "Rolling 1 here is automatically a failure"'),
    ("objective", "l.630: \"If you roll a '1' you have always failed no matter the total result\""),
    ("evasion", 'l.679: "If the die shows a 1 during this evasion, the attempt will always fail"'),
    ("flank", "l.1282: \"A '1' counts as a fail\""),
])
def test_a_natural_1_always_fails_these_checks(kind, line):
    """Issue 29 §6: `odds --value 5 --target 6` is 6/6 for an attribute check, 5/6 where a 1 fails."""
    lines, data = odds.check_chance("target", 6, 5, "attribute 5", check=kind)
    assert data["p"] == pytest.approx(5 / 6) and data["one_fails"], line
    assert lines == [f"d6 + attribute 5 (5) >= 6 ({odds.CHECK_KINDS[kind][1]}): 83.3%."]


def test_an_attribute_check_has_no_automatic_failure():
    """Ch. 4 Attribute Checks: "If the result is equal or above the value displayed in the check,
    it is a success" (l.266)."""
    assert odds.check_chance("target", 6, 5, "attribute 5")[1]["p"] == 1.0
    assert odds.check_odds(5, 6, one_fails=True) == pytest.approx(5 / 6)
    assert odds.check_odds(0, 12, dice_count=2) == pytest.approx(1 / 36)
