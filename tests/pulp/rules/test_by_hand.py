"""Set by hand (A2): every tracker a card's text may change."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import cubes_total, dice, fresh, run, searching

from journal.errors import InputError, RuleError
from journal.games.pulp.rules import by_hand, components, planet_search, super_weapons
from journal.games.pulp.rules.components import parse_card


def test_every_tracker_can_be_set_by_hand():
    s = fresh()
    assert run(by_hand.set_ability, s, dice(), "combat", delta=-2).state["abilities"]["combat"]["value"] == 2
    assert run(by_hand.set_ability, s, dice(), "science", delta=9).state["abilities"]["science"]["value"] == 5
    assert run(by_hand.set_ability, s, dice(), "diplomacy", maximum=7, value=7).state["abilities"]["diplomacy"] == \
        {"value": 7, "max": 7}
    out = run(by_hand.move_cubes, s, dice(), ["black", "black"], "supply", "bag")
    assert out.state["bag"]["black"] == 6
    assert run(by_hand.move_cubes, s, dice(), ["black"], "bag", "quietus").state["quietus"] == 1
    with pytest.raises(RuleError, match="only black"):
        by_hand.move_cubes(s, dice(), ["red"], "bag", "quietus")
    assert run(by_hand.set_deck, s, dice(), 2, delta=-3).state["decks"] == [16, 13, 16]
    assert run(by_hand.set_deck, s, dice(), 1, value=0).state["alien"] == 1
    assert run(by_hand.set_planets, s, dice(), face_up=1, deck=5).state["planets"]["face_up"] == 1
    assert run(by_hand.hand, s, dice(), gain=parse_card("G2C.w.K")).state["hand"] == ["G2C.w.K"]
    s2 = run(by_hand.set_location, s, dice(), parse_card("l.rb")).state
    assert s2["location"] == "L.rb" and "location" not in run(by_hand.set_location, s2, dice(), None).state
    with pytest.raises(InputError, match="not a Location"):
        by_hand.set_location(s, dice(), parse_card("G2C.w"))


def test_cubes_moved_by_hand_are_conserved_and_checked_on_weapons():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="not recorded"):
        by_hand.move_cubes(s, dice(), ["red"], "supply", "weapon", dst_weapon=1)
    s = run(super_weapons.weapon, s, dice(), 1, needs={"red": 1}).state
    out = run(by_hand.move_cubes, s, dice(), ["red"], "supply", "weapon", dst_weapon=1)
    assert out.state["weapons"][0]["understood"] is True and cubes_total(out.state) == components.TOTALS


def test_a_deck_behind_you_stays_empty():
    s = fresh()
    s["decks"], s["alien"] = [0, 16, 16], 1
    with pytest.raises(RuleError, match="behind you"):
        by_hand.set_deck(s, dice(), 1, value=3)
