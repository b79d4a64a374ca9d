"""journal/games/kraken/model/campaign.py: The campaign as every chapter handles it: guards, paying
(K12), save points (K8), the score."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import new_state, with_crew

from journal.games.kraken.model.campaign import score


@pytest.mark.parametrize("difficulty, expected", [("simulation", 4), ("adventurer", 7), ("real-life", 14),
                                                  ("hardcore", 21)])
def test_campaign_score_is_surviving_levels_times_the_difficulty_factor(difficulty, expected):
    s = with_crew(new_state(difficulty), "A", "B", "C")
    s["crew"]["A"]["level"] = 3
    s["crew"]["B"]["level"] = 3                     # 3 + 3 + 1 = 7 (halved and rounded up: 4)
    assert score(s)["score"] == expected
