"""Rifts and Tyrants (rules/rifts.py): the Tyrant Trial on an unguarded rift, the Tyrant fought a
turn later, the rift closed (THREAT -1, the Tyrant Artifact)."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games.titans.cli import fight as cli_fight
from journal.games.titans.rules import fight, rifts
from journal.games.titans.rules.fight import Attack
from titans.titans_helpers import apply, dice, do, fighting, on_empty_north, passed, put, typed, tyrant_ready


def test_threat_falls_1_when_a_rift_closes():
    s = tyrant_ready()
    out = apply(rifts.rift_close, s, "North", "Brute", city="Toronto")
    assert out.state["threat"] == s["threat"] - 1


def test_trial_needs_a_titan_on_an_unguarded_rift():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    with pytest.raises(RuleError, match="still guarded"):
        rifts.trial(s, dice(), "Brute", "North", "pass")
    with pytest.raises(RuleError, match="not on the South Rift"):
        rifts.trial(s, dice(), "Brute", "South", "pass")


def test_trial_after_fighting_the_guardians_waits_for_next_turn():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    s = do(fight.attack, s, Attack("Brute", successes=9, targets=("F1", "F2", "F5"), bonus_dice=6))
    with pytest.raises(RuleError, match="next turn"):
        rifts.trial(s, dice(), "Brute", "North", "pass")


def test_trial_pass_faces_the_tyrant_next_turn():
    out = apply(rifts.trial, on_empty_north(), "Brute", "North", "pass")
    r = out.state["rifts"]["North"]
    assert (r["trial"], r["challenger"], r["trial_turn"]) == ("tyrant", "Brute", 1)
    with pytest.raises(RuleError, match="next turn"):
        rifts.rift_close(out.state, dice(), "North", "Brute", city="Toronto")


def test_trial_fail_follows_the_rift_token_damage_and_a_threatened_city():
    out = apply(rifts.trial, on_empty_north(), "Brute", "North", "fail", damage=3, to="London")
    t = out.state["titans"]["Brute"]
    assert t["city"] == "London" and t["damage"] == 1 and out.state["rifts"]["North"]["trial"] == "revealed"
    with pytest.raises(InputError, match="--to CITY is required"):
        rifts.trial(on_empty_north(), dice(), "Brute", "North", "fail")
    with pytest.raises(RuleError, match="not threatened"):
        rifts.trial(on_empty_north(), dice(), "Brute", "North", "fail", to="Tokyo")


def test_rift_close_artifact_threat_and_a_threatened_city():
    s = tyrant_ready()
    with pytest.raises(InputError, match="--city is required"):
        rifts.rift_close(s, dice(), "North", "Brute")
    out = typed(cli_fight.read_rift_close, rifts.rift_close, s, rift="North", titan="Bo", city="moscow",
                artifact="Storm Crown")
    st = out.state
    assert st["rifts"]["North"]["closed"] and st["rifts"]["North"]["trial"] == "defeated"
    assert st["players"]["Bo"]["artifacts"] == ["Storm Crown"] and st["titans"]["Brute"]["city"] == "Moscow"
    assert out.data["open_rifts"] == ["South", "East", "West"]


def test_rift_close_refused_without_the_trial():
    s = on_empty_north()
    del s["round"]["trial"]                     # as if Brute stood there since an earlier turn
    with pytest.raises(RuleError, match="pass the Trial first"):
        rifts.rift_close(s, dice(), "North", "Brute", city="Toronto")


def test_tyrant_fight_lost():
    out = apply(rifts.trial, tyrant_ready(), "Brute", "North", "fail", damage=2, to="Toronto")
    assert out.state["rifts"]["North"]["trial"] == "revealed" and "challenger" not in out.state["rifts"]["North"]


def test_mechanical_ability_triggers_when_a_failed_trial_puts_the_titan_in_its_city():
    s = put(on_empty_north(), "M1", "London")
    out = apply(rifts.trial, s, "Brute", "North", "fail", to="London")
    assert any("M1's Mechanical ability" in line for line in out.lines)


def test_a_second_titan_may_not_step_onto_a_rift_whose_trial_is_passed():
    """Book l.192: "If it succeeds in the first part of the Trial, move the Titan into the second
    part of the Rift Token where it will face the Tyrant himself in the next turn": the Trial is
    behind and the Tyrant is Brute's, so Atlas would have nothing to do there (and lose its
    Development). The move is refused; a card that sends it there (`--anywhere`) is said so."""
    s = tyrant_ready()
    msg = "Brute passed the North Rift's Trial and faces its Tyrant: Atlas would find nothing to do there"
    with pytest.raises(RuleError, match=msg) as e:
        fight.move(s, dice(), "Atlas", "North")
    assert "journal titans move Atlas North --anywhere" in e.value.message
    s = passed(s, "Bo")
    out = apply(fight.move, s, "Atlas", "North", anywhere=True)
    assert out.state["titans"]["Atlas"]["rift"] == "North" and "trial" not in out.state["round"]
    assert ("Brute faces the North Tyrant here: Atlas has no Trial to face; it stands on the rift until it moves "
            "on (its player skips Development meanwhile).") in out.lines
