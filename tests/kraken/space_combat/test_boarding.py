"""journal/games/kraken/space_combat/boarding.py: Space combat phase 5, Boarding enemy ships:
boarding, repelling, rounds, healing after."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, in_combat

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.space_combat import boarding, enemy_fire, page, timeline as timeline_rules


def boarding_state(enemy="Raider 10-5, 3, 2-1", systems=("Laser",)) -> dict:
    """In phase 5 of the first turn (the enemy fired and missed)."""
    s = in_combat(enemies=(enemy,), systems=systems)
    s["crew"]["Ray"].update(ranged=6, melee=2)
    s["crew"]["Mila"].update(ranged=3, melee=3)
    return apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state


def test_boarding_pools_one_die_per_6_points_and_per_2_enemy_crew():
    out = apply(boarding_state(), boarding.combat_board, enemy=1, crew=["Ray", "Mila"])
    b = out.state["combat"]["boarding"]
    assert (b["dice"], b["enemy_dice"]) == (1, 2)            # 6 + 3 = 9 points: 1 die; 5 crew: 2 dice
    assert out.state["combat"]["used"] == {"Ray": "boarding", "Mila": "boarding"}


def test_boarding_needs_a_shield_of_3_or_less_and_a_crew():
    with pytest.raises(RuleError, match="3 or less"):
        boarding.combat_board(boarding_state("Raider 10-5, 3, 4-1"), dice(), enemy=1, crew=["Ray"])
    with pytest.raises(RuleError, match="no crew"):
        boarding.combat_board(boarding_state("Mine 3-0, 5, 0-0"), dice(), enemy=1, crew=["Ray"])


def test_boarding_round_hits_negation_wounds_and_removed_dice():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray", "Mila"]).state
    # yours: 6 (2 hits); theirs 4, 5, 1, 2 (2 hits); negate 1: one hit left costs Mila 4 HP; 1 hit left for you
    out = apply(s, boarding.combat_round, 6, 4, 5, 1, 2, negate=1, hurt=["Mila"], sacrifice="Ray")
    assert out.state["crew"]["Mila"]["hp"] == 8 - 4
    assert out.state["crew"]["Ray"]["hp"] == 8 - 3
    assert out.state["combat"]["boarding"]["enemy_dice"] == 3


def test_boarding_that_beats_every_defender_destroys_the_ship():
    s = apply(boarding_state("Raider 10-2, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray"]).state
    out = apply(s, boarding.combat_round, 6, 1)
    assert out.state["combat"]["enemies"][0]["sp"] == 0 and "boarding" not in out.state["combat"]


def test_boarding_lasts_three_rounds_and_lost_dice_cost_two_crew_each():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray"]).state
    s = apply(s, boarding.combat_round, 6, 1, 1, 1, 1).state     # 2 hits: one enemy die gone
    s = apply(s, boarding.combat_round, 1, 1, 1, 1).state
    out = apply(s, boarding.combat_round, 1, 1, 1, 1)
    assert "boarding" not in out.state["combat"] and out.state["combat"]["enemies"][0]["crew"] == 6


def test_boarding_rerolls_are_the_players_choice():
    """Ch. 10 (5) 1: "Check if you own a ship system that allows you to reroll as many of your
    attack dice as you like once in each Boarding combat turn"; Boarding Armory: "Once per
    Boarding Combat turn you can re-roll any amount of your attack dice a single time". The
    player names the dice, once seen; none is rerolled unless named."""
    s = boarding_state("Raider 10-4, 3, 2-1", systems=("Boarding Armory", "Laser"))
    s["crew"]["Mila"].update(ranged=6)
    s = apply(s, boarding.combat_board, enemy=1, crew=["Ray", "Mila"]).state     # 12 points: 2 dice against 2
    with pytest.raises(NeedChoice, match=r"your dice show 4 2 \(places 1-2, in order\); the Boarding Armory .*"
                                         r"--reroll none") as asked:
        boarding.combat_round(s, dice(4, 2, 1, 1))
    assert asked.value.option == "--reroll" and asked.value.param == "rerolls"
    out = apply(s, boarding.combat_round, 4, 2, 1, 1, 6, rerolls=["1"])        # the 4 rerolled to a 6, the 2 kept
    assert out.data["dice"] == [6, 2] and "the Boarding Armory rerolls die 1: 6 2" in out.lines[0]
    out = apply(s, boarding.combat_round, 4, 2, 1, 1, 5, 6, rerolls=["1 2"])   # as typed at the question
    assert out.data["dice"] == [5, 6]
    assert apply(s, boarding.combat_round, 4, 2, 1, 1, rerolls=["none"]).data["dice"] == [4, 2]
    with pytest.raises(InputError, match="a die's place in your roll, 1-2, or none"):
        boarding.combat_round(s, dice(4, 2, 1, 1), rerolls=["3"])


def test_without_the_system_no_die_is_rerolled_and_sixes_ask_nothing():
    s = apply(boarding_state("Raider 10-2, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Ray"]).state
    with pytest.raises(RuleError, match="only a working Boarding Armory rerolls your dice when you board"):
        boarding.combat_round(s, dice(2, 1), rerolls=["1"])
    armed = apply(boarding_state("Raider 10-2, 3, 2-1", systems=("Boarding Armory", "Laser")), boarding.combat_board,
                  enemy=1, crew=["Ray"]).state
    assert apply(armed, boarding.combat_round, 6, 1).data["dice"] == [6]        # nothing to gain: not asked


def test_being_overrun_by_boarders_loses_the_game():
    s = in_combat(enemies=("Raider 10-8, 3, 2-1",), timeline=["C"], crew=("Ray",))
    s = apply(s, page.combat_set, key="ship.shield", value=0).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, boarding.combat_repel, enemy=1, crew=["Ray"]).state
    out = apply(s, boarding.combat_round, 1, 6, 6, 6)      # 6 hits: Ray takes 24, killed
    assert out.state["result"] == "lost"


def test_unconscious_boarders_may_be_healed_in_a_hurry():
    s = apply(boarding_state("Raider 10-8, 3, 2-1"), boarding.combat_board, enemy=1, crew=["Mila"]).state
    s = apply(s, boarding.combat_round, 1, 6, 1, 1, 1).state        # 2 hits: Mila 8 → 0
    assert s["crew"]["Mila"]["status"] == "unconscious" and "boarding" not in s["combat"]   # no one stands
    out = apply(s, boarding.combat_heal, 4, name="Mila")
    assert out.state["crew"]["Mila"]["hp"] == 2
    out = apply(s, boarding.combat_heal, 1, name="Mila")
    assert "Mila" not in out.state["crew"] and "Mila" in out.state["fallen"]
