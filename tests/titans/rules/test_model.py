"""The game's numbers (rules/model.py): THREAT's tier (T1), whether the game is over (`result`) and
the invader card's section in force (T2)."""

from __future__ import annotations

import pytest

from journal.games.titans.rules import model
from journal.games.titans.rules import byhand, ending
from titans.titans_helpers import apply, fresh, started, with_threat


@pytest.mark.parametrize("threat,expected", [(0, "green"), (5, "green"), (6, "white"), (10, "white"), (11, "blue"),
                                             (15, "blue"), (16, "red"), (20, "red"), (21, "red")])
def test_threat_tiers(threat, expected):
    assert model.tier(threat) == expected


@pytest.mark.parametrize("threat,section,hp,dmg", [(3, "green", 3, 1), (7, "white", 4, 2), (12, "blue", 5, 2),
                                                  (18, "red", 6, 3)])
def test_invader_card_section_follows_the_tier(threat, section, hp, dmg):
    """Book l.279 prints, for the Green tier, "use the characteristics in the white section of the
    Invader Cards" (and l.281 "yellow section" for the White tier); l.304: "The Invader Card is
    divided into four different sections, each marked with a different color: Green, White, Blue
    and Red [...] refer to the relevant section": each tier reads its own colour's section (T2),
    the Green tier the Green one."""
    s = with_threat(fresh(), threat)
    st = model.stats(s, "F3")                # reward 2: hp 3/4/5/6, dmg 1/2/2/3
    assert (st["section"], st["hp"], st["dmg"]) == (section, hp, dmg)


def test_result_is_said_once_the_game_is_over_and_not_before_the_final_episode_is_played():
    s = started()
    assert model.result(s) is None
    assert model.result({**s, "phase": "final"}) is None                      # T7: still to be played
    assert model.result(apply(byhand.threat, s, delta=30, reason="card").state) == "lost"
    assert model.result(apply(ending.end, {**s, "phase": "final"}, result="won").state) == "won"
