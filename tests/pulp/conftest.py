"""Pulp Invasion games set up through the CLI, on the save `g`."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import BOOK_NEW, NEW


@pytest.fixture
def g(journal):
    """Mina Tormelson's game (NEW)."""
    journal(*NEW, ok=True)
    return journal


@pytest.fixture
def book(journal):
    """The game the rulebook's examples are played in (BOOK_NEW)."""
    journal(*BOOK_NEW, ok=True)
    return journal
