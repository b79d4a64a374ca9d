"""Where the round stands: the step that is due (next_step, hints that are whole commands) and
whether the game is over (result)."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, fresh, line, run, searching, with_abilities

from journal.errors import NeedChoice
from journal.games import pulp as game
from journal.games.pulp.rules import engage, model, phase, planet_search, round_end


def test_next_step_names_the_step_due_as_whole_commands():
    """Each step of the round, with the command that does it as a value (journal.hints)."""
    s = fresh()
    step = phase.next_step(s)
    assert step == ("choose one of the 3 face-up planets, draw 4 cards from The Quietus's deck: "
                    "journal pulp round --planet NAME CARD CARD CARD CARD")
    assert [h.words for h in step.hints()] == [("--planet", "NAME", "CARD", "CARD", "CARD", "CARD")]
    s = line(s, ["G1D.w.PP", "A1C.w.P", "G1S.w.PO", "G1C.w.K"]).state
    assert [h.render() for h in phase.next_step(s).hints()] == ["journal pulp engage 1", "journal pulp evade 1"]
    s = searching()
    assert phase.next_step(s) == \
        "search the planet: journal pulp search (a planet's actions: --spend K or O, --extra N)"
    s = run(planet_search.search, s, dice(draws=["red", "white", "white", "white"])).state
    assert [h.render() for h in phase.next_step(s).hints()] == ["journal pulp assign r --ability",
                                                                "journal pulp end-round"]
    s = run(planet_search.assign, s, dice(), "red", supply=True).state
    assert phase.next_step(s) == "journal pulp end-round"
    s = run(round_end.end_round, s, dice()).state
    assert phase.next_step(s).startswith("choose one of the 2 face-up planets")


def test_result_says_how_the_game_ended():
    s = fresh()
    assert phase.result(s) is None
    lost = run(engage.engage, line(s, ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state | {"abilities": {
        "combat": {"value": 4, "max": 6}, "science": {"value": 0, "max": 5}, "diplomacy": {"value": 3, "max": 5}}},
        dice(), 1, pay={"combat": 4}).state
    assert phase.result(lost) == "lost" and phase.next_step(lost) == "the game is over."
    assert game.status(lost).startswith("round 1 · The Quietus · game over (lost)")


def test_every_hint_names_what_is_known_and_is_a_whole_command():
    """Issue 20 §4: an ability, a cube or a weapon the state knows is named (no ABILITY, CUBE, N); a
    choice the command asks for on a terminal is left to it; alternatives are separate commands."""
    s = with_abilities(line(fresh(), ["G1D.w", "A1C.w", "G1S.w", "G1C.w"]).state, combat=0, science=0)
    assert phase.next_step(s).hints()[1].render() == "journal pulp evade 1 --pay diplomacy"  # the only one left
    s = searching()
    s["weapons"] = [{"cubes": {"yellow": 1}, "understood": False, "used": False, "needs": {"red": 1}},
                    {"cubes": {"yellow": 1}, "understood": False, "used": False, "needs": {"blue": 1}},
                    {"cubes": {"yellow": 1}, "understood": False, "used": False}]
    s["abilities"]["combat"]["value"] = s["abilities"]["combat"]["max"]
    s["bag"]["yellow"] -= 3
    s = run(planet_search.search, s, dice(draws=["red", "white", "white", "white"])).state
    step = phase.next_step(s)
    assert [h.render() for h in step.hints()] == ["journal pulp assign r --weapon 1", "journal pulp end-round"]
    assert step.startswith("place 1 red: ")


def test_a_card_with_no_icon_reads_plainly_and_its_hint_names_icon():
    """Issue 20 §4: "A Pulp card with no icon gets a hint that names --icon, and its label has no nested
    brackets"; engaging it asks for the icon (a script is told --icon C, D or S)."""
    s = line(fresh(), ["G2C.r.PK", "A2.o.PP", "G2D.b.P", "G1S.w"]).state
    assert model.card_requirement(model.shown_line(s["line"])[0]) == "2, no icon"
    step = phase.next_step(s)
    assert step.startswith("card 1 G2C.r.PK (2, no icon): journal pulp engage 1 (it asks for --icon C, D or S")
    assert [h.render() for h in step.hints()] == ["journal pulp engage 1", "journal pulp evade 1"]
    with pytest.raises(NeedChoice) as asked:
        engage.engage(s, dice(), 1)
    assert (asked.value.option, asked.value.values, asked.value.param) == ("--icon", ["C", "D", "S"], "icon")


def test_next_step_counts_one_face_up_planet_and_one_card_in_good_english():
    """Issue 30 §8: never "choose one of the 1 face-up planets" nor "draw 1 cards"."""
    s = fresh()
    s["planets"]["face_up"] = 1
    s["decks"][s["alien"]] = 1
    assert phase.next_step(s).startswith("choose the face-up planet, draw 1 card from The Quietus's deck: ")
