"""journal/games/kraken/model/checks.py: the checks of the story lines, flights and Space Combat whose
odds journal knows as they are made, for the play report's luck audit (`journal luck`)."""

from __future__ import annotations

import json

import pytest

from journal.games.kraken.model.checks import check, d6_chance, d20_chance, with_checks


@pytest.mark.parametrize("total, target, one_fails, chance", [
    (0, 4, False, 3 / 6), (5, 9, True, 3 / 6), (8, 9, True, 5 / 6), (8, 9, False, 1), (0, 7, True, 0),
    (5, 8, True, 4 / 6)])
def test_a_d6_check_counts_the_faces_that_reach_the_target(total, target, one_fails, chance):
    assert d6_chance(total, target, one_fails) == pytest.approx(chance)


@pytest.mark.parametrize("total, target, chance", [(0, 12, 9 / 20), (0, 1, 1), (0, 21, 0), (9, 20, 10 / 20),
                                                   (30, 20, 1)])
def test_a_d20_check_counts_the_faces_that_reach_the_target(total, target, chance):
    assert d20_chance(total, target) == pytest.approx(chance)


def test_checks_join_an_outcomes_meta():
    assert with_checks({"revealed": ["A7"]}, []) == {"revealed": ["A7"]}
    assert with_checks({"checks": [check("a", 0.5, True)]}, [check("b", 2, False)]) == {
        "checks": [{"kind": "a", "chance": 0.5, "success": True}, {"kind": "b", "chance": 1.0, "success": False}]}


def test_journal_luck_counts_a_flight_and_its_space_combat(fly):
    """The luck audit reads what the rules recorded: the avoid check, the objectives, the hit
    rolls of both sides (issue 22 §3)."""
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--avoid", "--roll", "1", "--roll", "3", ok=True)
    fly("kraken", "combat", "timeline", "-s", "fly", ok=True)
    fly("kraken", "combat", "objective", "-s", "fly", "--crew", "Mila", "--roll", "3", ok=True)
    fly("kraken", "combat", "fire", "-s", "fly", "Laser", "--target", "1", "--roll", "5", ok=True)
    report = json.loads(fly("--json", "luck", "-s", "fly", ok=True).stdout)
    kinds = {c["kind"] for c in report["checks"]}
    assert {"avoid Space Combat check", "Space Combat objective", "ship weapon hit"} <= kinds
