"""1b. Evade (P4): pay 1 point, draw 2 cubes; the dice that help an evade."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import dice, fresh, line, run, with_abilities

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.rules import by_hand, evade


def test_evade_asks_which_ability_pays():
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, science=0)
    with pytest.raises(NeedChoice, match="--pay is required: one of combat, diplomacy") as asked:
        evade.evade(s, dice(), 1)
    assert asked.value.values == ["combat", "diplomacy"]
    assert run(evade.evade, s, dice(draws=["red", "red"]), 1, pay="diplomacy").data["paid"] == "diplomacy"


def test_loss_from_an_evade_and_from_a_hand_set_ability():
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, science=0, combat=1, diplomacy=1)
    out = run(evade.evade, s, dice(draws=["red", "blue"]), 1, "combat")
    assert out.state["result"] == "lost"
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, science=0)
    assert run(by_hand.set_ability, s, dice(), "combat", value=0).state["result"] == "lost"


def test_evade_pays_one_point_and_draws_two_cubes():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(evade.evade, s, dice(draws=["red", "blue"]), 1, "science")
    ab = out.state["abilities"]
    assert (ab["combat"]["value"], ab["science"]["value"], ab["diplomacy"]["value"]) == (3, 2, 2)
    assert out.state["supply"]["red"] == s["supply"]["red"] + 1 and out.state["bag"]["red"] == s["bag"]["red"] - 1
    assert out.state["line"][0]["status"] == "evaded"


def test_evade_yellow_white_and_black_go_back_and_are_redrawn():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(evade.evade, s, dice(draws=["yellow", "black", "red", "white", "orange"]), 1, "diplomacy")
    assert out.data["hits"] == ["red", "orange"] and out.data["redrawn"] == ["yellow", "black", "white"]
    assert out.state["bag"]["yellow"] == s["bag"]["yellow"] and out.state["bag"]["black"] == s["bag"]["black"]


def test_evade_at_zero_the_cube_is_ignored_but_leaves_the_bag():
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, combat=0)
    out = run(evade.evade, s, dice(draws=["red", "orange"]), 1, "diplomacy")
    assert out.state["abilities"]["combat"]["value"] == 0 and out.state["supply"]["red"] == s["supply"]["red"] + 1
    assert any("ignored" in m for m in out.lines)


def test_evade_stops_when_the_bag_holds_no_red_orange_or_blue():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    for c in ("red", "orange", "blue"):
        s["supply"][c] += s["bag"][c]
        s["bag"][c] = 0
    s["bag"]["red"], s["supply"]["red"] = 1, s["supply"]["red"] - 1
    out = run(evade.evade, s, dice(draws=["white", "red"]), 1, "diplomacy")
    assert out.data["hits"] == ["red"] and any("stops" in m for m in out.lines)


def test_evade_entered_draws_are_checked_and_must_be_complete():
    s = line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    s["supply"]["yellow"] += s["bag"]["yellow"]
    s["bag"]["yellow"] = 0
    with pytest.raises(InputError, match="holds no yellow"):
        evade.evade(s, dice(draws=["yellow"]), 1, "combat")
    with pytest.raises(InputError, match="type every cube"):
        evade.evade(s, dice(draws=["red", "white"]), 1, "combat")


def test_evade_pays_with_an_ability_above_zero():
    s = with_abilities(line(fresh(), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state, combat=0)
    with pytest.raises(RuleError, match="Combat is 0"):
        evade.evade(s, dice(draws=["red", "red"]), 1, "combat")


def test_evade_dice_remove_cubes_from_the_bag_first():
    s = line(fresh(faces={"red": 5, "gray": 2}), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(evade.evade, s, dice(draws=["red", "blue"]), 1, "combat", die=("red", None, None))
    assert out.state["bag"]["white"] == s["bag"]["white"] - 2 and out.state["dice"] == {"red": 4, "gray": 2}
    out = run(evade.evade, s, dice(draws=["red", "blue"]), 1, "combat", die=("gray", None, None), take=["black"])
    assert out.state["bag"]["black"] == s["bag"]["black"] - 1 and out.state["dice"] == {"red": 5, "gray": 1}
    with pytest.raises(RuleError, match="cannot take a yellow"):
        evade.evade(s, dice(draws=["red", "blue"]), 1, "combat", die=("gray", None, None), take=["yellow"])
    s4 = line(fresh(faces={"gray": 4}), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(evade.evade, s4, dice(draws=["white", "red", "blue"]), 1, "combat", die=("gray", None, None))
    assert out.state["supply"]["white"] == s4["supply"]["white"] + 1
