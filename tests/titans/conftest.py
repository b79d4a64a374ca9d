"""The War Titans tests' fixtures: the CLI's campaign 'g', set up with the sample board (`game`), and
with the custom die's face table so that journal rolls (`rolling`)."""

from __future__ import annotations

import pytest

from titans.titans_helpers import DICE, NEW


@pytest.fixture
def game(journal):
    journal(*NEW, ok=True)
    return journal


@pytest.fixture
def rolling(journal):
    journal(*NEW, *DICE, ok=True)
    return journal
