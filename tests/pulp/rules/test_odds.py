"""The odds of the bag (exact, checked against hand-computed values): the next draws, an evade
(its own draw rule), a planet search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pulp.pulp_helpers import a_state, fresh

from journal.dice import Dice
from journal.games.pulp.rules import components, odds, setup_game


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), draws=st.integers(1, 40))
def test_bag_odds_are_probabilities_that_add_up(seed, draws):
    rng = random.Random(seed)
    s = setup_game.new(Dice(seed, 0), rng.choice(list(components.LEVELS)), "Rex",
                       {a: (3, 5) for a in components.ABILITIES}, ["red", "gray"], {},
                       [("The Quietus", None), ("Kah", None), ("Zorn", None)]).state
    for c in components.COLOURS:
        move = rng.randint(0, s["supply"][c])
        s["supply"][c] -= move
        s["bag"][c] += move
    o = odds.bag_odds(s, draws)
    assert sum(v["next"] for v in o["colours"].values()) == pytest.approx(1.0)
    for v in o["colours"].values():
        assert 0 <= v["next"] <= v["at_least_one"] <= 1 + 1e-12
        assert v["expected"] <= v["count"] + 1e-9


def test_bag_odds_for_the_next_draws():
    s = fresh()  # 4 red of 26 cubes (normal)
    o = odds.bag_odds(s, 1)
    assert o["total"] == 26 and o["colours"]["red"]["next"] == pytest.approx(4 / 26)
    o = odds.bag_odds(s, 3)
    assert o["colours"]["red"]["at_least_one"] == pytest.approx(1 - (22 * 21 * 20) / (26 * 25 * 24))
    assert o["colours"]["yellow"]["expected"] == pytest.approx(3 * 5 / 26)


def test_evade_odds_are_exact_with_the_evades_own_draw_rule():
    # red 3, orange 2, blue 1: both cubes come from these 6 (yellow, white, black are drawn again).
    # No red in two draws: 3/6 · 2/5 = 1/5, so red 4/5; no orange: 4/6 · 3/5 = 2/5, so 3/5;
    # no blue: 5/6 · 4/5 = 2/3, so 1/3.
    s = a_state({"red": 3, "orange": 2, "blue": 1, "black": 9, "yellow": 5, "white": 5}, combat=1, science=1,
                diplomacy=3)
    o = odds.evade_odds(s)
    assert (o["combat"], o["science"], o["diplomacy"]) == pytest.approx((4 / 5, 3 / 5, 1 / 3))
    assert o["expected_loss"]["combat"] == pytest.approx(4 / 5)          # Combat 1: a second red is ignored
    assert o["expected_loss"]["diplomacy"] == pytest.approx(2 * 1 / 6)
    assert odds.evade_odds(a_state({"red": 3, "orange": 2, "blue": 1}, combat=1, science=1,
                                   diplomacy=3))["combat"] == pytest.approx(4 / 5)   # other colours: no change
    # paying Diplomacy first (3 → 2), two abilities reach 0 when red and orange are drawn:
    # 3/6 · 2/5 + 2/6 · 3/5 = 2/5
    assert odds.evade_odds(s, "diplomacy")["two_at_zero"] == pytest.approx(2 / 5)
    # paying Combat first: Combat is 0, its red cubes are ignored
    paid = odds.evade_odds(s, "combat")
    assert paid["combat"] == 0 and paid["abilities"]["combat"] == 0 and paid["two_at_zero"] == pytest.approx(3 / 5)
    one = odds.evade_odds(a_state({"red": 1, "black": 4}, combat=2))   # one such cube: the drawing stops
    assert (one["combat"], one["science"], one["cubes"]) == (1.0, 0.0, 1)


def test_search_odds_are_the_chance_of_at_least_one_yellow():
    # 2 yellow among 10 cubes, 3 drawn: 1 - C(8,3)/C(10,3) = 1 - 56/120 = 8/15
    s = a_state({"red": 4, "black": 4, "yellow": 2})
    o = odds.search_odds(s, 3)
    assert o["at_least_one_yellow"] == pytest.approx(8 / 15) and o["expected_yellow"] == pytest.approx(0.6)
    assert odds.search_odds(s, 0)["at_least_one_yellow"] == 0
    assert odds.search_odds(s, 99)["at_least_one_yellow"] == 1
