"""2. Planet Search Phase (P5): the search, the cubes drawn and placing them."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, run, searching, with_abilities

from journal.errors import NeedChoice, RuleError
from journal.games.pulp.rules import phase, planet_search, round_end


def test_search_draws_one_cube_per_planet_icon_on_cards_not_evaded():
    s = searching(evaded=(2,))
    count, _ = planet_search.search_count(s)
    assert count == 3  # PP + P; the evaded card's P is disregarded
    out = run(planet_search.search, s, dice(draws=["white", "red", "white"]))
    assert out.data["count"] == 3 and out.state["bag"]["white"] == s["bag"]["white"]
    assert out.state["drawn"]["red"] == 1 and out.state["phase"] == "searched"


def test_search_extra_cubes_and_dice_modify_the_count():
    s = searching(evaded=(2,), chosen=("blue", "gray"), faces={"blue": 3, "gray": 5})
    assert planet_search.search_count(s, 1)[0] == 4
    out = run(planet_search.search, s, dice(), extra=-1, die=("blue", None, None))
    assert out.data["count"] == 3 + 1 - 1 and out.state["dice"] == {"blue": 2, "gray": 5}
    out = run(planet_search.search, s, dice(), die=("gray", None, None))
    assert out.data["count"] == 3 + 1 and out.state["dice"] == {"blue": 3, "gray": 4}


def test_search_white_cubes_return_after_the_search():
    s = searching()
    s["supply"]["white"] += s["bag"]["white"] - 2
    s["bag"]["white"] = 2
    out = run(planet_search.search, s, dice(draws=["white", "white", "red", "blue"]))
    assert out.state["bag"]["white"] == 2 and out.data["drawn"] == ["white", "white", "red", "blue"]


def test_search_yellow_finds_a_super_weapon_with_its_cube():
    s = searching()
    out = run(planet_search.search, s, dice(draws=["yellow", "red", "yellow", "black"]))
    assert len(out.state["weapons"]) == 2
    assert out.state["weapons"][0] == {"cubes": {"yellow": 1}, "understood": False, "used": False}
    assert out.state["quietus"] == 1 and out.data["weapons_found"] == [1, 2]


def test_search_black_past_the_quietus_costs_an_ability_point():
    s = searching()
    s["decks"][0] = 0  # P6: past the Quietus
    out = run(planet_search.search, s, dice(draws=["black", "red", "black", "red"]))
    assert out.state["quietus"] == 0 and out.state["drawn"]["black"] == 2
    with pytest.raises(RuleError, match="black"):
        round_end.end_round(out.state, dice())
    s2 = run(planet_search.assign, out.state, dice(), "black", lose="science").state
    assert s2["abilities"]["science"]["value"] == out.state["abilities"]["science"]["value"] - 1
    assert s2["supply"]["black"] == out.state["supply"]["black"] + 1
    # "you must lose 1 Ability point of your choice": without --lose the player is asked
    with pytest.raises(NeedChoice) as asked:
        planet_search.assign(out.state, dice(), "black")
    assert (asked.value.option, asked.value.values) == ("--lose", ["combat", "science", "diplomacy"])
    assert [h.render() for h in phase.next_step(out.state).hints()] == ["journal pulp assign k"]


def test_black_past_the_quietus_is_automatic_when_there_is_no_choice():
    s = with_abilities(searching(), combat=0, diplomacy=0, science=2)
    s["decks"][0] = 0
    out = run(planet_search.search, s, dice(draws=["black", "red", "red", "red"]))
    assert out.state["abilities"]["science"]["value"] == 1 and out.state["drawn"]["black"] == 0


def test_assign_adds_to_an_ability_up_to_its_maximum():
    s = with_abilities(searching(), combat=5)
    s = run(planet_search.search, s, dice(draws=["red", "red", "white", "blue"])).state
    s = run(planet_search.assign, s, dice(), "red", ability=True).state
    assert s["abilities"]["combat"]["value"] == 6
    with pytest.raises(RuleError, match="maximum 6"):
        planet_search.assign(s, dice(), "red", ability=True)
    s = run(planet_search.assign, s, dice(), "red", supply=True).state
    with pytest.raises(RuleError, match="no red cube"):
        planet_search.assign(s, dice(), "red", ability=True)


def test_finding_every_super_weapon_wins():
    s = searching(level="basic")
    s["weapons"] = [{"cubes": {"yellow": 1}, "understood": False, "used": False} for _ in range(3)]
    s["bag"]["yellow"] -= 3
    out = run(planet_search.search, s, dice(draws=["red", "yellow", "white", "blue"]))
    assert out.state["phase"] == "over" and out.state["result"] == "won"
    assert any("you win" in m for m in out.lines)


def test_spending_keys_and_codes_for_a_planet_action():
    s = searching()
    s["hand"] = ["G1C.w.K", "A2S.w.PKO", "E.O"]
    out = run(planet_search.search, s, dice(draws=["red", "red", "red", "red"]), spend=["K", "O"])
    assert out.state["hand"] == ["A2S.w.PKO"]
    with pytest.raises(RuleError, match="no Key card"):
        planet_search.search(out.state | {"phase": "search", "drawn": s["drawn"]}, dice(), spend=["K", "K"])


def test_scanning_technology_6_turns_only_when_a_yellow_is_drawn():
    s = searching(chosen=("red", "gray"), faces={"gray": 6})
    out = run(planet_search.search, s, dice(draws=["red", "white", "blue", "black"]), die=("gray", None, None))
    assert out.state["dice"]["gray"] == 6
    out = run(planet_search.search, s, dice(draws=["red", "yellow", "blue", "black"]), die=("gray", 6, 4))
    assert out.state["dice"]["gray"] == 4 and any("choose which Super Weapon" in m for m in out.lines)


def test_scanning_technology_1_needs_an_evaded_planet_icon():
    s = searching(faces={"gray": 1})
    with pytest.raises(RuleError, match="no evaded card"):
        planet_search.search(s, dice(), die=("gray", None, None))
    s = searching(evaded=(1,), faces={"gray": 1})
    assert planet_search.search_count(s, 0, [("gray", 1)])[0] == 2 + 1  # A1C.P and G1S.PO, + 1 of the evaded PP


def test_a_search_records_its_odds_of_a_super_weapon_for_the_luck_audit():
    """The chance of at least one yellow in the cubes drawn (journal pulp odds --search N), known
    before the draw, goes into the log entry's meta with what happened: the audit reads it."""
    from journal.games.pulp import history
    from journal.games.pulp.rules.odds import search_odds

    s = searching()
    out = run(planet_search.search, s, dice(draws=["red", "yellow", "blue", "black"]))
    chance = search_odds(s, 4)["at_least_one_yellow"]
    assert out.meta["checks"] == [{"kind": "planet search", "chance": round(chance, 6), "success": True}]
    assert history.checks({"meta": out.meta}, s) == [("planet search", round(chance, 6), True)]
    missed = run(planet_search.search, s, dice(draws=["red", "red", "blue", "black"]))
    assert missed.meta["checks"][0]["success"] is False
    assert history.checks({"meta": {"checks": [{"kind": "x", "chance": 2, "success": True}]}}, s) == []
