"""journal/games/kraken/quests.py: Quests (rules note K13): accepting, working on, the urgent
quests' timer, solving, failing."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, new_state, ready_state, with_crew

from journal.errors import RuleError
from journal.games.kraken import captives, phases, quests


def test_urgent_quest_ticks_each_turn_not_activated_and_fails_at_the_fourth():
    s = apply(ready_state(lines=()), quests.quest_add, name="Ore", urgent=True, penalty_credits=130).state
    s = apply(s, phases.turn).state
    s = apply(s, quests.quest_activate, name="Ore").state
    s = apply(s, phases.phase, to=5).state
    assert s["quests"]["Ore"]["ticks"] == 0
    for expected in (1, 2, 3):
        s = apply(s, phases.turn).state
        s = apply(s, phases.phase, to=5).state
        assert s["quests"]["Ore"]["ticks"] == expected
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=5)
    assert "Ore" not in out.state["quests"] and out.state["credits"] == 0     # K12: pays all it has
    assert "quest Ore failed (fourth tick)" in out.summary


def test_a_new_turn_closes_the_last_one_with_its_quest_timer():
    s = apply(ready_state(lines=()), quests.quest_add, name="Ore", urgent=True).state
    s = apply(s, phases.turn).state
    out = apply(s, phases.turn)
    assert out.state["quests"]["Ore"]["ticks"] == 1 and "turn 1 ended: quest Ore tick 1" in out.summary


def test_quests_that_are_not_urgent_have_no_timer():
    s = apply(ready_state(lines=()), quests.quest_add, name="Map", reward="a map").state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=5).state
    assert "ticks" not in s["quests"]["Map"]
    out = apply(s, quests.quest_done, name="Map", credits=20, xp=5)
    assert out.state["credits"] == 120 and out.state["xp"] == 5 and out.state["quests"] == {}


def test_capture_quest_takes_a_carried_captive():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, captives.captive_add, label="Grey", carrier="Ann", level=3, species="Grey").state
    with pytest.raises(RuleError, match="carries Grey already"):
        captives.captive_add(s, dice(), label="Other", carrier="Ann", level=2)
    s = apply(s, quests.quest_add, name="Bring one back", capture=True).state
    with pytest.raises(RuleError) as e:
        quests.quest_done(s, dice(), name="Bring one back")
    assert str(e.value) == ("Bring one back is a Capture quest: name the captive you hand over (journal kraken quest "
                            "done 'Bring one back' --captive LABEL; captives: Grey); captured aliens must be carried "
                            "by a crew member")
    out = apply(s, quests.quest_done, name="Bring one back", captive="Grey", credits=20)
    assert "captives" not in out.state and out.state["credits"] == 120
    s = apply(s, captives.captive_give, label="Grey", to="Ben").state
    assert s["captives"]["Grey"]["carrier"] == "Ben"
    assert "captives" not in apply(s, captives.captive_release, label="Grey").state
