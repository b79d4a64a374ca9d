"""War With the Evil Power Master's history for the luck audit: each challenge keeps the chance
to win that journal knew when it was made (E3: a d6, two added with a roll-twice booster, plus
proficiency and booster, against the level)."""

from __future__ import annotations

import json

import pytest
from epm.epm_helpers import JET, TWICE, dice, fresh, with_items

from journal.games.epm import history, rules
from journal.games.interface import Check


def test_a_challenge_records_its_chance_to_win_for_the_luck_audit():
    s = with_items(fresh(signal=7), **{"Jet Pack": JET})  # level 5: a d6 +1 piloting +2 Jet Pack
    out = rules.challenge(s, dice(2), "piloting", "Ana", booster="Jet Pack")
    assert out.meta["checks"] == [{"kind": "challenge", "chance": round(5 / 6, 6), "success": True}]


def test_a_roll_twice_challenge_records_the_chance_of_two_dice_added():
    s = with_items(fresh(signal=13), **{"Lucky Dice": TWICE})  # level 6: 2d6 +1 strength
    out = rules.challenge(s, dice(1, 2), "strength", "Bo", booster="Lucky Dice")
    assert out.data["result"] == "lose"
    [check] = out.meta["checks"]
    assert check["chance"] == pytest.approx(30 / 36, abs=1e-6)  # 2d6 of at least 5
    assert check["success"] is False


def test_the_recorded_chance_is_the_odds_command_s():
    s = fresh(signal=8)
    out = rules.challenge(s, dice(3), "piloting", "Ana")
    assert out.meta["checks"][0]["chance"] == pytest.approx(rules.odds(s, "piloting", "Ana")["p_win"], abs=1e-6)


def test_the_luck_audit_reads_the_check_the_challenge_recorded():
    entry = {"command": "epm challenge piloting --character Ana --roll 3", "summary": "(not read)",
             "meta": {"checks": [{"kind": "challenge", "chance": 0.5, "success": False}]}}
    assert history.checks(entry, {}) == [Check("challenge", 0.5, False)]


def test_a_challenge_logged_before_checks_were_recorded_is_read_from_its_entry():
    state = {"signal": 8, "characters": {"Ana": {"active": True, "piloting": 1}}, "items": {}}
    entry = {"command": "epm challenge piloting --character Ana --roll 3",
             "summary": "Ana: piloting challenge (level 5): 3 +1 piloting = 4 → LOSE",
             "rolls": [{"die": "d6", "value": 3, "source": "entered"}]}
    [check] = history.checks(entry, state)
    assert check == Check("challenge", rules.odds(state, "piloting", "Ana")["p_win"], False)
    assert check.chance == pytest.approx(3 / 6)


def test_journal_luck_counts_a_challenge_with_the_odds_journal_knew(journal):
    journal("epm", "new", "c", "--character", "Ana:piloting=1", "--character", "Bo:strength=1", "--character",
            "Cy:dexterity=1", "--planet", "Zorb:blue", "--planet", "Kell:pink", "--planet", "Vex:yellow", ok=True)
    journal("epm", "challenge", "piloting", "--character", "Ana", "--roll", "3", ok=True)  # level 4: needs 3+
    audit = json.loads(journal("--json", "luck", ok=True).stdout)
    assert [(c["kind"], c["count"], c["successes"], c["expected"]) for c in audit["checks"]] == \
        [("challenge", 1, 1, pytest.approx(4 / 6, abs=1e-3))]
