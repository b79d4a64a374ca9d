"""journal/games/kraken/start.py: Chapter 3, Start a game: a new campaign (3.1-3.8) and its end, won
or lost (3.9)."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.kraken import start
from journal.games.kraken.schema import validate


def test_new_campaign_has_100_credits_oxygen_25_and_its_start_lines():
    out = start.new("adventurer", ["1aa", "1AF"], backstory="Debtors")
    s = out.state
    assert (s["credits"], s["oxygen"], s["xp"], s["turn"], s["phase"]) == (100, 25, 0, 0, 0)
    assert s["lines"] == {"1": {"coords": ["1AA"], "vars": {}}, "2": {"coords": ["1AF"], "vars": {}}}
    assert s["backstory"] == "Debtors" and validate(s) == []


@pytest.mark.parametrize("difficulty", ["simulation", "adventurer", "real-life", "hardcore"])
def test_the_four_difficulties(difficulty):
    assert validate(start.new(difficulty, []).state) == []


def test_new_refuses_a_seventh_line_and_an_unknown_difficulty():
    with pytest.raises(InputError, match="6 slots"):
        start.new("adventurer", ["1AA"] * 7)
    with pytest.raises(InputError, match="'easy' is not a difficulty"):
        start.new("easy", [])
    with pytest.raises(InputError, match="start line '3H' is not a coordinate"):
        start.new("adventurer", ["3H"])
