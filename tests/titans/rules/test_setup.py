"""Set-up (rules/setup.py; rulebook Setup 1-13, rules note T5): the pawns on each rift by Reward
Value, the Alert Token, the decks, the rifts' invader types, the Titans placed in order."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games import titans as game
from journal.games.titans.rules import order, setup
from titans.titans_helpers import RIFT_TYPES, TITANS, dice, fresh, table


def test_setup_two_players_reward_2_pawns_start_in_the_lair():
    s = fresh(2)
    north = s["rifts"]["North"]
    assert north["type"] == "Flying"
    assert north["guardians"] == ["F1", "F2", "F5"] and north["lair"] == {"1": "F3", "2": "F4"}


def test_setup_three_players_one_reward_2_pawn_per_type_in_the_lair():
    s = fresh(3)
    for r in s["rifts"].values():
        assert len(r["guardians"]) == 4 and len(r["lair"]) == 1
        assert s["cards"][r["lair"]["1"]]["reward"] == 2


def test_setup_four_players_every_pawn_on_the_rift():
    s = fresh(4)
    for r in s["rifts"].values():
        assert len(r["guardians"]) == 5 and r["lair"] == {}


def test_setup_solo_game_sets_up_as_two_players():
    s = fresh(1)
    assert len(s["players"]) == 1
    assert s["rifts"]["West"]["guardians"] == ["T1", "T2", "T5"]


def test_setup_guardians_stand_in_spot_order_by_reward_value():
    s = fresh(3)
    rewards = [s["cards"][p]["reward"] for p in s["rifts"]["South"]["guardians"]]
    assert rewards == sorted(rewards) == [1, 1, 2, 3]


def test_setup_alert_token_on_the_numberless_first_green_step():
    s = fresh()
    assert (s["threat"], s["turn"], s["phase"]) == (0, 0, "setup") and "tier" not in s    # derived, not stored
    assert game.public_state(s)["tier"] == "green"


def test_setup_decks_as_counts():
    d = fresh(3)["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (72, 0, 0)
    assert (d["tech"], d["tech_face_up"], d["tech_discard"], d["final"]) == (72, 3, 0, 4)
    assert (d["pilots"], d["pilot_discard"]) == (8 - 2 * 3, 3)   # two dealt each, one kept


def test_setup_rift_types_are_drawn_when_not_given():
    out = setup.new(table([TITANS[0]], rift_types={"North": "Flying"}), dice())
    kinds = [r["type"] for r in out.state["rifts"].values()]
    assert out.state["rifts"]["North"]["type"] == "Flying" and sorted(kinds) == sorted(RIFT_TYPES.values())
    assert len(out.state["cards"]) == 20 and not game.validate(out.state)


def test_setup_drawn_rift_types_can_be_entered_as_physical_draws():
    from journal.dice import Dice

    d = Dice(1, 0, draws=["Terrestrial", "Mechanical", "Amphibious", "Flying"])
    s = setup.new(table([TITANS[0]], rift_types={}), d).state
    assert [r["type"] for r in s["rifts"].values()] == ["Terrestrial", "Mechanical", "Amphibious", "Flying"]
    assert all(r.source == "entered" for r in d.rolls)


def test_setup_city_at_new_follows_the_placement_order():
    specs = [{k: v for k, v in t.items() if k != "city"} for t in TITANS[:2]]
    specs[1]["city"] = "London"                        # Brute placed, but Atlas (the lead's) not
    with pytest.raises(InputError, match="Brute cannot be placed before Atlas, who comes first"):
        setup.new(table(specs), dice())
    s = setup.new(table(specs, lead="Bo"), dice()).state
    assert s["titans"]["Brute"]["city"] == "London"    # Bo leads: Brute is placed first
    assert order.whose_turn(s, "setup") == "Ana"
