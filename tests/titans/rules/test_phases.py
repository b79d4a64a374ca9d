"""The turn's phases (rules/phases.py): a command of a later step closes the earlier ones, naming who
missed them; Gain Charges; the phases in order."""

from __future__ import annotations

import pytest

from journal.errors import RuleError
from journal.games.titans.cli.ending import read_assign
from journal.games.titans.rules import byhand, ending, fight, opening, phases, rifts, turn, upgrade
from journal.games.titans.rules.fight import Attack, Repair
from titans.titans_helpers import (
    apply, dice, do, emptied, ended, equipped, fighting, passed, put, refused, repairs_skipped, started,
    to_development, typed, with_supports,
)


def test_ending_names_the_steps_it_closes_and_who_missed_them():
    s = put(fighting(), "F5", "Paris")
    s = do(fight.attack, put(s, "T1", "Tokyo"), Attack("Atlas", successes=1))      # Ana's Fight turn; Bo never acts
    s = with_supports(s, "Bo", "Lima")
    first = apply(fight.repair, s, Repair("Atlas", upgrade=True, skip=True))              # the Upgrade Phase's Repair Checks
    assert "(The Fight Phase is over: Bo did not take a turn.)" in first.lines
    out = typed(read_assign, ending.ending, repairs_skipped(first.state), assign=("T1=city",))
    assert "(The Development step is over: Ana, Bo did not take an action.)" in out.lines
    assert "(The Support Movement is over: Bo moved no Support.)" in out.lines
    assert out.data["closed"] == [{"step": "development", "missed": ["Ana", "Bo"]},
                                  {"step": "supports", "missed": ["Bo"]}]


def test_development_after_the_repair_checks_closes_the_fight_phase():
    s = repairs_skipped(fighting())
    out = apply(upgrade.develop, s, "Ana", "industry")
    assert out.state["round"]["charged"] and out.state["phase"] == "upgrade"


def test_moving_opens_the_fight_phase_and_notes_unrecorded_invasions():
    out = apply(fight.move, started(), "Atlas", "Beijing")
    assert out.state["phase"] == "fight" and out.state["invasions"] == 0
    assert any("not recorded" in line for line in out.lines)


def test_gain_charges_gives_each_enabled_card_one_charge_up_to_three():
    s = equipped(fighting(), Gun={"slot": "hand1", "charges": 0, "disabled": False},
                  Core={"slot": "core", "charges": 3, "disabled": False},
                  Visor={"slot": "head", "charges": 1, "disabled": True})
    s = do(upgrade.develop, to_development(s), "Ana", "industry")
    tech = s["titans"]["Atlas"]["tech"]
    assert (tech["Gun"]["charges"], tech["Core"]["charges"], tech["Visor"]["charges"]) == (1, 3, 1)
    assert s["round"]["charged"]


def test_ending_applies_gain_charges_when_the_upgrade_phase_was_skipped():
    s = equipped(fighting(), Gun={"slot": "hand1", "charges": 0, "disabled": False})
    assert ended(s)["titans"]["Atlas"]["tech"]["Gun"]["charges"] == 1


def test_phases_run_in_order():
    s = ended(fighting())
    with pytest.raises(RuleError, match="turn 1 is over"):
        fight.move(s, dice(), "Atlas", "Beijing")
    s = to_development(do(opening.opening, s))
    with pytest.raises(RuleError, match="belongs to the Fight Phase"):
        fight.attack(put(s, "F1", "Tokyo"), dice(), Attack("Atlas", successes=1))
    with pytest.raises(RuleError, match="has not ended"):
        opening.opening(s, dice())


def test_closing_the_fight_phase_says_who_did_not_act():
    s = do(fight.move, fighting(3), "Atlas", "Beijing")
    out = apply(turn.next_phase, s)
    assert "(The Fight Phase is over: Bo, Cy did not take a turn.)" in out.lines
    assert out.state["round"]["done"] == [] and "acting" not in out.state["round"]


def test_support_movement_closes_development_and_says_who_did_not_develop():
    s = to_development(fighting(2))
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    out = apply(upgrade.supports_move, s, "Bo", "London", "Paris")
    assert "(The Development step is over: Ana, Bo did not take an action.)" in out.lines
    with pytest.raises(RuleError, match="step 3"):
        upgrade.develop(out.state, dice(), "Ana", "industry")


def test_the_tyrant_trial_is_not_optional():
    """The book, Tyrant Trial: "When a Titan finishes its movement on a Rift with no Invaders, it will
    reveal the Rift Token and face the Trial." After such a move the Trial comes next: the Titan's
    attack, a pass, the next phase, another player's move are refused, naming it; the Trial, pass
    or fail, lets the turn go on."""
    s = do(fight.move, passed(emptied(fighting(), "North"), "Ana"), "Brute", "North")
    assert s["round"]["trial"] == "Brute"
    hints = ("journal titans trial Brute pass --rift North or journal titans trial Brute fail --rift North")
    for fn, args in ((fight.attack, (Attack("Brute", successes=1),)), (turn.pass_turn, ("Bo",)),
                     (turn.next_phase, ()), (fight.repair, (Repair("Brute", successes=1, upgrade=True),)),
                     (ending.ending, ())):
        why = refused(fn, s, *args)
        assert why == f"Brute finished its movement on the empty North Rift: it faces the Trial first ({hints})", fn
    s = do(rifts.trial, s, "Brute", "North", "fail", damage=1, to="Toronto")
    assert "trial" not in s["round"] and do(turn.next_phase, s)["phase"] == "upgrade"
    s = do(fight.move, passed(emptied(fighting(), "North"), "Ana"), "Brute", "North")
    assert "trial" not in do(rifts.trial, s, "Brute", "North", "pass")["round"]


def test_a_titan_on_a_rift_it_stood_on_before_may_face_the_trial_later():
    """Only a move that ends on the empty rift calls for the Trial: a card that puts a guardian back
    there (or a Titan already on the rift from an earlier turn) calls for none."""
    s = do(fight.move, passed(emptied(fighting(), "North"), "Ana"), "Brute", "North")
    s = do(byhand.invader, s, "F1", rift=True)
    assert do(turn.pass_turn, s, "Bo")["round"]["done"] == ["Ana", "Bo"]


def test_next_step_names_what_the_table_does_next_in_each_phase():
    assert phases.next_step(started()) == ("1 invasion to place: journal titans invade --rift RIFT --city CITY "
                                           "(from each Episode Card)")
    assert phases.next_step(fighting()).startswith("Ana's turn: journal titans move Atlas CITY, or journal titans "
                                                   "pass Ana")
    assert phases.next_step(apply(byhand.threat, started(), delta=30, reason="card").state) == "The game is over."
