"""Space Kraken fixtures: a pack campaign and a manual one (helpers: kraken_helpers.py)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import DEMO_PACK


@pytest.fixture
def camp(journal):
    """A Space Kraken campaign 'sk' (Adventurer, demo pack, lines 1AA and 1AF, Ray in the crew, a ship)."""
    journal("kraken", "new", "sk", "--difficulty", "adventurer", "--pack", str(DEMO_PACK), "--line", "1AA",
            "--line", "1AF", "--seed", "11", ok=True)
    journal("kraken", "crew", "add", "-s", "sk", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", ok=True)
    journal("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "0", "--sp", "10", ok=True)
    return journal


@pytest.fixture
def manual(journal):
    """A manual campaign 'hand' (Real Life, no pack, lines 2HA and 2BC, Ray and a ship), turn 1 begun."""
    journal("kraken", "new", "hand", "--difficulty", "real-life", "--line", "2HA", "--line", "2BC", "--seed", "3",
            ok=True)
    journal("kraken", "crew", "add", "-s", "hand", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", ok=True)
    journal("kraken", "ship", "hull", "-s", "hand", "Petrel", "--price", "0", "--sp", "10", ok=True)
    journal("kraken", "turn", "-s", "hand", ok=True)
    return journal


@pytest.fixture
def fly(journal):
    """'fly': Adventurer, a ship with shields, two lasers and long-range sensors, three crew, Phase 3."""
    journal("kraken", "new", "fly", "--difficulty", "adventurer", "--seed", "4", ok=True)
    for name, attrs in (("Ray", (3, 4, 3, 2, 2, 2)), ("Mila", (2, 3, 5, 3, 2, 1)), ("Dax", (4, 5, 1, 1, 3, 2))):
        args = [f"--{a}={v}" for a, v in zip(("agility", "strength", "tech", "charisma", "ranged", "melee"), attrs,
                                               strict=True)]
        journal("kraken", "crew", "add", "-s", "fly", name, *args, ok=True)
    journal("kraken", "ship", "hull", "-s", "fly", "Petrel", "--price", "30", "--sp", "12", ok=True)
    for system in ("Primary Shields", "Secondary Shields", "Laser", "Laser", "Long-range sensors"):
        journal("kraken", "ship", "buy", "-s", "fly", system, ok=True)
    journal("kraken", "turn", "-s", "fly", ok=True)
    journal("kraken", "phase", "-s", "fly", "3", ok=True)
    return journal


EVENT = "Mine / Dif.: 1 / AO: No / AI: YES / Depth: 4 / Telep.: 2 / Kraken / Maps: 8, 3"


@pytest.fixture
def gap(journal):
    """'gap': Adventurer, Ray and Mila, a ship with a Teleporter, an event's Location, Phase 3."""
    journal("kraken", "new", "gap", "--difficulty", "adventurer", "--seed", "5", ok=True)
    for name, attrs in (("Ray", (3, 4, 3, 2, 2, 2)), ("Mila", (2, 3, 5, 3, 2, 1))):
        args = [f"--{a}={v}" for a, v in zip(("agility", "strength", "tech", "charisma", "ranged", "melee"), attrs,
                                               strict=True)]
        journal("kraken", "crew", "add", "-s", "gap", name, *args, ok=True)
    journal("kraken", "ship", "hull", "-s", "gap", "Petrel", "--price", "30", "--sp", "12", ok=True)
    journal("kraken", "ship", "buy", "-s", "gap", "Teleporter", ok=True)
    journal("kraken", "location", "event", "-s", "gap", EVENT, ok=True)
    journal("kraken", "turn", "-s", "gap", ok=True)
    journal("kraken", "phase", "-s", "gap", "3", ok=True)
    return journal
