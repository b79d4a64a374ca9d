"""By hand (rules/byhand.py, A2): what a card's text changes: any value of the save, Credits, the
Lead Character, an invader pawn, an invader defeated by a card (O.N.E.'s once-a-game ability)."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.cli import byhand as cli_byhand
from journal.games.titans.rules import byhand, opening, turn
from titans.titans_helpers import apply, dice, do, fighting, fresh, one_game, put, started, typed


def test_one_defeats_an_invader_in_a_city_once_in_every_game():
    s = put(put(do(turn.next_phase, do(opening.opening, one_game())), "F5", "Lima"), "T1", "Paris")
    out = apply(byhand.defeat, s, "F5", "Atlas", pilot_ability=True)
    st = out.state
    assert "F5" not in st["invaders"] and st["rifts"]["North"]["lair"]["3"] == "F5"
    assert st["players"]["Ana"]["credits"] == 3 and st["once_used"] == ["O.N.E."]
    with pytest.raises(RuleError, match="has been used already"):
        byhand.defeat(st, dice(), "T1", "Atlas", pilot_ability=True)
    with pytest.raises(RuleError, match="Brute's pilot is Kira: the once-a-game defeat is O.N.E.'s ability"):
        byhand.defeat(s, dice(), "T1", "Brute", pilot_ability=True)
    with pytest.raises(RuleError, match="F1 guards a rift: O.N.E. chooses an invader in a city"):
        byhand.defeat(s, dice(), "F1", "Atlas", pilot_ability=True)


def test_defeat_by_a_cards_text_gives_the_reward_and_triggers_terrestrial_abilities():
    s = put(fighting(), "T1", "Paris")
    out = apply(byhand.defeat, s, "T1", "Brute")
    assert out.state["players"]["Bo"]["credits"] == 1 and out.state["cities"]["Paris"]["damage"] == 1
    assert out.data["abilities"][0]["invader"] == "T1"
    with pytest.raises(RuleError, match="T3 is in its Lair"):
        byhand.defeat(s, dice(), "T3", "Brute")


def test_set_value_checks_the_result():
    s = fresh()
    assert do(byhand.set_value, s, ["cities", "Tokyo", "damage"], value=2)["cities"]["Tokyo"]["damage"] == 2
    with pytest.raises(InputError, match="state.cities.Tokyo.damage = 9 is outside 0..5"):
        byhand.set_value(s, dice(), ["cities", "Tokyo", "damage"], value=9)
    with pytest.raises(InputError, match="no 'Atlantis'"):
        byhand.set_value(s, dice(), ["cities", "Atlantis", "damage"], value=1)
    st = do(byhand.set_value, s, ["threat"], value=12)
    assert game.public_state(st)["tier"] == "blue" and "tier" not in st
    lost = do(byhand.set_value, started(), ["threat"], value=21)
    assert lost["phase"] == "over" and lost["result"] == "lost"
    assert "refresh" not in do(byhand.set_value, s, ["titans", "Atlas", "refresh"], unset=True)["titans"]["Atlas"]


def test_credits_by_hand_never_below_zero():
    s = do(byhand.credits, fresh(), "Ana", delta=3)
    assert typed(cli_byhand.read_player, byhand.credits, s, player="Atlas", delta=-2).state["players"]["Ana"]["credits"] == 1
    with pytest.raises(RuleError, match="cannot pay"):
        byhand.credits(s, dice(), "Ana", delta=-4)


def test_invader_by_hand_moves_a_pawn_without_invasion_damage():
    s = fighting()
    out = apply(byhand.invader, s, "F5", city="Tokyo", hurt=1)
    assert out.state["invaders"]["F5"] == {"city": "Tokyo", "damage": 1} and out.state["cities"]["Tokyo"]["damage"] == 0
    back = apply(byhand.invader, out.state, "F5", rift=True).state
    assert back["rifts"]["North"]["guardians"] == ["F1", "F2", "F5"]
    assert back["rifts"]["North"]["guardian_damage"] == {"F5": 1}
    with pytest.raises(RuleError, match="is destroyed"):
        byhand.invader(s, dice(), "F1", city="Tokyo", hurt=2)


def test_lead_by_hand():
    assert do(byhand.lead, fresh(), "Bo")["lead"] == "Bo"
    with pytest.raises(RuleError, match="already"):
        byhand.lead(fresh(), dice(), "Ana")
