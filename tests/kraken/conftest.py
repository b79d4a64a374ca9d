"""Space Kraken fixtures: a pack campaign and a manual one (helpers: kraken_helpers.py)."""

from __future__ import annotations

import pytest
from kraken_helpers import DEMO_PACK


@pytest.fixture
def camp(journal):
    """A Space Kraken campaign 'sk' (Adventurer, demo pack, lines 1AA and 1AF, Ray in the crew)."""
    journal("kraken", "new", "sk", "--difficulty", "adventurer", "--pack", str(DEMO_PACK), "--line", "1AA",
            "--line", "1AF", "--seed", "11", ok=True)
    journal("kraken", "crew", "add", "-s", "sk", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", ok=True)
    return journal


@pytest.fixture
def manual(journal):
    """A manual campaign 'hand' (Real Life, no pack, lines 2HA and 2BC), turn 1 begun."""
    journal("kraken", "new", "hand", "--difficulty", "real-life", "--line", "2HA", "--line", "2BC", "--seed", "3",
            ok=True)
    journal("kraken", "turn", "-s", "hand", ok=True)
    return journal
