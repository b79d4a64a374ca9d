"""War Titans over a campaign (history.py), for `journal report` and `journal luck`: the checks
whose odds journal knew as they were made, kept by the rules in each log entry."""

from __future__ import annotations

import pytest

from journal.games.interface import Check
from journal.games.titans import history
from journal.games.titans.rules import byhand, checks, fight, pilots, turn
from journal.games.titans.rules.fight import Attack, Repair
from journal.report import luck
from titans.titans_helpers import DICE_TABLE, apply, dice, do, fighting, put


def test_an_attacks_combat_check_is_a_check_with_the_odds_of_destroying_its_first_target():
    """Atlas rolls 4 dice, half of the faces a success (red, bolt, bolt of the sample table); F1 has
    HP 2 at Green: the chance of 2 successes or more is 11/16, as `odds` gives it."""
    s = put(fighting(die_table=DICE_TABLE), "F1", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(1, 2, 6, 6))            # red, bolt: destroyed
    assert out.meta == {"checks": [{"kind": "Combat Check", "chance": 0.6875, "success": True}]}
    assert checks.odds(s, "Atlas", "combat")["at_least"][2] == pytest.approx(0.6875)
    out = apply(fight.attack, s, Attack("Atlas", successes=1))                       # counted on the table
    assert out.meta == {"checks": [{"kind": "Combat Check", "chance": 0.6875, "success": False}]}
    assert apply(fight.attack, put(fighting(), "F1", "Tokyo"), Attack("Atlas", successes=2)).meta == {}


def test_a_repair_check_is_won_when_it_mends_all_it_can():
    s = do(byhand.damage, fighting(die_table=DICE_TABLE), 3, titan="Atlas", direct=True)
    out = apply(fight.repair, s, Repair("Atlas"), dice=dice(4, 6))          # gear, blank; Combat Repair mends 2 at most
    assert out.meta["checks"] == [{"kind": "Repair Check", "chance": pytest.approx(1 / 9), "success": False}]
    s = do(turn.next_phase, s)
    assert apply(fight.repair, s, Repair("Brute"), dice=dice(4, 6)).meta == {}      # nothing to mend: no check


def test_the_pilot_die_is_won_when_the_pilot_survives():
    s = do(byhand.damage, fighting(die_table=DICE_TABLE), 10, titan="Atlas", direct=True)
    out = apply(pilots.pilot_check, s, "Atlas", red=False)
    assert out.meta == {"checks": [{"kind": "pilot die roll", "chance": pytest.approx(5 / 6), "success": True}]}


def test_checks_are_read_from_a_constructed_log():
    """The luck audit reads each entry's checks (and nothing from a hand-edited one that is not a
    check), then weighs them: 2 of 3 Combat Checks won where the odds gave 1.5."""
    log = [{"command": "titans attack Atlas", "meta": {"checks": [{"kind": "Combat Check", "chance": 0.5,
                                                                    "success": True}]}},
           {"command": "titans attack Brute --successes 2",
            "meta": {"checks": [{"kind": "Combat Check", "chance": 0.25, "success": True}]}},
           {"command": "titans attack Atlas", "meta": {"checks": [{"kind": "Combat Check", "chance": 0.75,
                                                                    "success": False}]}},
           {"command": "titans pilot-check Atlas --red",
            "meta": {"checks": [{"kind": "pilot die roll", "chance": 5 / 6, "success": False}]}},
           {"command": "titans threat +1"},
           {"command": "titans attack Atlas", "meta": {"checks": [{"kind": "Combat Check", "chance": 1.5,
                                                                    "success": True}, "nonsense", {}]}},
           {"command": "titans attack Atlas", "meta": ["not", "a", "table"]}]
    found = [history.checks(entry, {}) for entry in log]
    assert found[0] == [Check("Combat Check", 0.5, True)] and found[4:] == [[], [], []]
    tally = luck.Tally()
    for c in found:
        tally.add_checks(c)
    texts = [c["text"] for c in tally.audit()["checks"]]
    assert texts[0].startswith("2 of 3 Combat Checks won where the odds gave 1.5: within the odds")
    assert texts[1].startswith("the one pilot die roll was lost where the odds gave 0.8")


def test_journal_luck_weighs_the_titans_checks(rolling):
    rolling("titans", "opening", "-s", "g", ok=True)
    rolling("titans", "invade", "-s", "g", "--rift", "North", "--city", "Tokyo", ok=True)
    rolling("titans", "attack", "-s", "g", "Atlas", "--roll", "1", "--roll", "2", "--roll", "6", "--roll", "6",
            ok=True)
    out = rolling("luck", "-s", "g", ok=True).stdout
    assert "the one Combat Check was won where the odds gave 0.7: within the odds (p = 1.00)." in out
