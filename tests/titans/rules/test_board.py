"""The board (rules/board.py): cities sharing a trail are adjacent."""

from __future__ import annotations

from journal.games.titans.rules import board
from titans.titans_helpers import fresh


def test_cities_sharing_a_trail_are_adjacent_example_new_york():
    adj = board.neighbours(fresh())
    assert adj["New York"] == {"Toronto", "Los Angeles", "Mexico City", "London"}
