"""The book's numbers: the Challenge Level by Signal (Challenges, step 1)."""

from __future__ import annotations

import pytest

from journal.games.epm.constants import challenge_level


# --- E2 challenge level ------------------------------------------------------------

@pytest.mark.parametrize("signal,level", [(0, 4), (6, 4), (7, 5), (12, 5), (13, 6), (25, 6)])
def test_challenge_level_by_signal(signal, level):
    """"Signal Tracker position 0 - 6: 4; 7 - 12: 5; 13 or higher: 6." """
    assert challenge_level(signal) == level
