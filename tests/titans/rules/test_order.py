"""War Titans: "starting from the Lead Character", clockwise — the order of the players' turns
(rules/order.py).

The rulebook orders the Titans' placement (Setup 13), the Fight Phase (movement, then the
attack), the Development actions and the Support Movement that way. An out-of-turn action
is refused naming whose turn it is; `pass` lets a player skip their turn."""

from __future__ import annotations

import pytest

from journal.errors import RuleError
from journal.games.titans.rules import byhand, fight, opening, order, rifts, turn, upgrade
from journal.games.titans.rules.fight import Attack, Repair
from titans.titans_helpers import apply, dice, do, emptied, ended, fighting, put, refused, to_development, unplaced


def test_setup_titans_are_placed_starting_with_the_lead_character_clockwise():
    s = unplaced(3, lead="Bo")                       # seats Ana, Bo, Cy: Bo, then Cy, then Ana
    msg = refused(fight.move, s, "Atlas", "Cairo")
    assert "it is Bo's turn to place a Titan" in msg and "journal titans move Brute CITY" in msg
    out = apply(fight.move, s, "Brute", "Lima")
    assert out.data["next"] == "Cy" and "Next to place a Titan (Setup 13): Cy" in out.lines[-1]
    s = out.state
    assert "it is Cy's turn" in refused(fight.move, s, "Atlas", "Cairo")
    s = do(fight.move, do(fight.move, s, "Cora", "Sydney"), "Atlas", "Cairo")
    assert do(opening.opening, s)["turn"] == 1


def test_fight_phase_goes_from_the_lead_character_clockwise():
    s = fighting(3)                                   # Ana leads: Ana, Bo, Cy
    msg = refused(fight.move, s, "Brute", "Paris")
    assert msg == ("it is Ana's turn in the Fight Phase (starting from the Lead Character, Ana, clockwise): "
                   "move or attack with Atlas, or journal titans pass Ana")
    s = do(fight.move, s, "Atlas", "Beijing")
    assert "it is Bo's turn" in refused(fight.move, s, "Cora", "Lima")       # Bo has not acted yet
    s = do(fight.move, s, "Brute", "Paris")                                  # Ana's turn ends
    assert "Ana's turn in the Fight Phase is over" in refused(fight.attack, put(s, "F1", "Beijing"), Attack("Atlas", successes=1))
    s = do(fight.move, s, "Cora", "Lima")
    assert s["round"]["done"] == ["Ana", "Bo"] and s["round"]["acting"] == "Cy"


def test_fight_turn_is_movement_then_attack_and_the_attack_ends_it():
    s = put(put(fighting(2), "F1", "Beijing"), "F2", "Paris")
    s = do(fight.move, s, "Atlas", "Beijing")
    out = apply(fight.attack, s, Attack("Atlas", successes=1))
    assert out.state["round"]["done"] == ["Ana"] and "acting" not in out.state["round"]
    assert out.lines[-1] == "Next in the Fight Phase: Bo (move or attack with Brute, or journal titans pass Bo)."
    s = do(fight.move, out.state, "Brute", "Paris")
    out = apply(fight.attack, s, Attack("Brute", successes=1))
    assert out.lines[-1] == "Every Titan has had its turn: journal titans next (Upgrade Phase)."


def test_fight_order_follows_the_lead_character_token():
    s = do(opening.opening, ended(fighting(3)))        # the token passed right: Cy leads
    assert s["lead"] == "Cy" and order.seat_order(s) == ["Cy", "Ana", "Bo"]
    assert "it is Cy's turn" in refused(fight.move, s, "Atlas", "Beijing")
    assert "it is Ana's turn" in refused(fight.move, do(turn.pass_turn, s, "Cy"), "Brute", "Paris")


def test_destroyed_titans_are_skipped_in_the_fight_order():
    s = do(byhand.damage, fighting(2), 10, titan="Atlas", direct=True)
    assert order.whose_turn(s, "fight") == "Bo"
    assert apply(fight.move, s, "Brute", "Paris").state["titans"]["Brute"]["city"] == "Paris"
    assert "nothing to pass" in refused(turn.pass_turn, s, "Ana")


def test_combat_repair_trial_and_tyrant_fights_take_their_turn_in_order():
    s = do(byhand.damage, fighting(2), 3, titan="Brute", direct=True)
    assert "it is Ana's turn" in refused(fight.repair, s, Repair("Brute", successes=1))
    s = do(fight.repair, do(turn.pass_turn, s, "Ana"), Repair("Brute", successes=1))
    assert s["round"]["acting"] == "Bo"
    s = emptied(fighting(2), "North")
    s["titans"]["Brute"].pop("city")
    s["titans"]["Brute"]["rift"] = "North"                            # Brute waits on the empty rift
    assert "it is Ana's turn" in refused(rifts.trial, s, "Brute", "North", "pass")
    s = do(rifts.trial, do(turn.pass_turn, s, "Ana"), "Brute", "North", "pass")
    s = do(turn.next_phase, do(opening.opening, ended(s)))     # turn 2: Bo leads, then Ana
    s = put(s, "F3", "Tokyo")
    assert "it is Bo's turn" in refused(fight.attack, s, Attack("Atlas", successes=1))
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")       # the Tyrant fight ends Bo's turn
    assert s["round"]["done"] == ["Bo"] and order.whose_turn(s, "fight") == "Ana"
    assert apply(fight.attack, s, Attack("Atlas", successes=1)).state["round"]["done"] == ["Bo", "Ana"]


def test_out_of_turn_refusals_come_after_the_actions_own_checks():
    s = put(fighting(2), "F1", "Tokyo")
    with pytest.raises(RuleError, match="no invader on London"):
        fight.attack(s, dice(), Attack("Brute", successes=2))
    assert "it is Ana's turn" in refused(fight.attack, put(s, "F2", "London"), Attack("Brute", successes=2))


def test_development_goes_from_the_lead_character_clockwise():
    s = to_development(do(turn.next_phase, do(opening.opening, ended(fighting(2)))))   # turn 2: Bo leads
    msg = refused(upgrade.develop, s, "Ana", "industry")
    assert msg == ("it is Bo's turn to take a Development action (starting from the Lead Character, Bo, "
                   "clockwise): journal titans develop Bo ACTION, or journal titans pass Bo")
    out = apply(upgrade.develop, s, "Bo", "industry")
    assert out.lines[-1] == ("Next to take a Development action: Ana (journal titans develop Ana ACTION, or journal "
                             "titans pass Ana).")
    out = apply(upgrade.develop, out.state, "Ana", "industry")
    assert out.lines[-1] == "Development done; nobody has a Support to move: journal titans ending."


def test_titan_on_a_rift_is_skipped_in_the_development_order():
    s = emptied(fighting(3), "North")
    s = to_development(do(rifts.trial, do(fight.move, s, "Atlas", "North"), "Atlas", "North", "pass"))
    assert order.waiting(s, "development") == ["Bo", "Cy"]
    assert apply(upgrade.develop, s, "Bo", "industry").state["players"]["Bo"]["credits"] == 2


def test_support_movement_goes_from_the_lead_character_clockwise():
    s = to_development(fighting(2))
    s["players"]["Ana"]["supports"] = [{"city": "Tokyo", "damage": 0}, {"city": "Cairo", "damage": 0}]
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    s = do(upgrade.develop, do(upgrade.develop, s, "Ana", "industry"), "Bo", "industry")
    assert "it is Ana's turn to move Supports" in refused(upgrade.supports_move, s, "Bo", "London", "Paris")
    out = apply(upgrade.supports_move, s, "Ana", "Tokyo", "Beijing")
    assert "Ana may move more Supports; then Bo" in out.lines[-1]
    s = do(upgrade.supports_move, out.state, "Ana", "Cairo", "Mumbai")          # her turn goes on
    s = do(upgrade.supports_move, s, "Bo", "London", "Paris")                    # Bo's ends hers
    assert "Ana's turn to move Supports is over" in refused(upgrade.supports_move, s, "Ana", "Beijing", "Tokyo")


def test_players_without_supports_are_skipped_in_support_movement():
    s = do(turn.pass_turn, do(turn.pass_turn, to_development(fighting(2)), "Ana"), "Bo")
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 0}]
    assert order.step_of(s) == "supports" and order.whose_turn(s) == "Bo"
    out = apply(upgrade.supports_move, s, "Bo", "London", "Paris")
    assert out.lines[-1] == "When every player has moved their Supports: journal titans ending."
