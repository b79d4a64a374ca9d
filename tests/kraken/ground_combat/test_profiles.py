"""journal/games/kraken/ground_combat/profiles.py: Chapter 14, an enemy's profile from its sheet:
its values, d6 action table and traits."""

from __future__ import annotations

import copy

from kraken.kraken_helpers import apply, fighters

from journal.games.kraken.ground_combat import profiles


def test_copying_states_keeps_tests_independent():
    s = fighters()
    t = copy.deepcopy(s)
    apply(s, profiles.ground_add, label="X", hp=3, agility=2)
    assert s == t
