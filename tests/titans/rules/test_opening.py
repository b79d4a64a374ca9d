"""The Opening Phase (rules/opening.py): THREAT +1, the Episode Cards (T3) and O.N.E.'s choice of
two, Invader Movements along the trails, invasions."""

from __future__ import annotations

import pytest

from journal.errors import RuleError
from journal.games.titans.rules import byhand, model, opening, rifts, setup, turn
from titans.titans_helpers import (
    TITANS, apply, dice, do, ended, fighting, fresh, one_game, put, started, table, tyrant_ready, with_threat,
)


def _end_turn(s):
    return ended(s)


def test_one_draws_two_episode_cards_and_chooses_which_one_resolves():
    s = one_game()
    out = apply(opening.opening, s, pilot_draw=True)
    d = out.state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (70, 2, 0)
    assert out.state["invasions"] == 1 and out.data["pilot_draw"] is True and out.data["episodes_drawn"] == 1
    assert "O.N.E. (Ana's pilot) draws two Episode Cards and chooses which one resolves" in " ".join(out.lines)
    s["invaded"] = True
    s = with_threat(s, 16)                                            # Red: 2 cards, +1 to choose from
    d = apply(opening.opening, s, pilot_draw=True).state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (69, 2, 1)


def test_only_one_may_draw_two_episode_cards():
    with pytest.raises(RuleError, match="Ana's pilot is Ono: only O.N.E. draws two"):
        opening.opening(fresh(), dice(), pilot_draw=True)
    assert "resolves: journal titans opening --pilot-draw)" in setup.new(table([{**TITANS[0], "pilot": "one"}]),
                                                                         dice()).lines[-1]


def test_threat_rises_at_each_opening_phase():
    s = started()
    assert s["threat"] == 1 and s["turn"] == 1
    s = ended(s)
    assert do(opening.opening, s)["threat"] == 2


def test_episodes_one_card_before_the_first_invasion():
    out = apply(opening.opening, fresh(4))
    assert out.data["episodes_to_draw"] == 1 and out.data["threat"] == 1 and out.data["tier"] == "green"


@pytest.mark.parametrize("players,threat,n", [(1, 3, 1), (2, 3, 1), (3, 7, 2), (4, 12, 3), (1, 17, 1), (2, 17, 2),
                                              (3, 17, 3), (4, 17, 4)])
def test_episodes_after_the_first_invasion(players, threat, n):
    s = with_threat(fresh(players), threat - 1)
    s["invaded"] = True
    out = apply(opening.opening, s)
    assert out.data["episodes_to_draw"] == n == out.state["invasions"]


def test_episodes_first_to_the_episode_discard_others_to_the_invasion_discard():
    s = fresh(4)
    s["invaded"] = True
    d = do(opening.opening, s)["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (69, 1, 2)


def test_episodes_empty_deck_is_remade_from_the_invasion_discard():
    s = fresh(3)
    s["invaded"] = True
    s["decks"].update(episode=1, episode_discard=60, invasion_discard=11)
    out = apply(opening.opening, s)
    d = out.state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (10, 61, 1)
    assert any("Invasion Discard Pile into a new deck" in line for line in out.lines)


def test_invaders_on_a_destroyed_city_follow_the_yellow_trail():
    s = fighting()
    s = put(s, "T1", "Tokyo")
    s = do(byhand.damage, s, 4, city="Tokyo")
    s = do(opening.opening, _end_turn(s))
    assert s["invaders"]["T1"]["city"] == "Sydney"            # Tokyo: yellow → Sydney


def test_invaders_take_the_green_trail_when_the_yellow_city_is_destroyed_even_if_green_is_too():
    s = fighting()
    s = put(s, "T1", "Tokyo")
    for city in ("Tokyo", "Sydney", "Los Angeles"):
        s["cities"][city].update(damage=model.CITY_HP[s["cities"][city]["type"]], destroyed=True)
    s = _end_turn(s)
    out = apply(opening.opening, s)
    assert out.state["invaders"]["T1"]["city"] == "Los Angeles"
    assert out.data["invader_moves"] == [{"invader": "T1", "from": "Tokyo", "to": "Los Angeles", "trail": "green"}]


def test_invader_movements_are_skipped_on_the_first_turn():
    s = fresh()
    s["rifts"]["West"]["guardians"].remove("T1")
    s["invaders"]["T1"] = {"city": "Tokyo", "damage": 0}
    s["cities"]["Tokyo"].update(damage=4, destroyed=True)
    out = apply(opening.opening, s)
    assert out.state["invaders"]["T1"]["city"] == "Tokyo" and "skipped on the first turn" in " ".join(out.lines)


def test_invasion_example_south_rift_to_sao_paulo():
    out = apply(opening.invade, started(), "South", "Sao Paulo")
    s = out.state
    assert out.data["invader"] == "A1" and s["invaders"]["A1"] == {"city": "Sao Paulo", "damage": 0}
    assert s["cities"]["Sao Paulo"]["damage"] == 1 and s["invaded"] and s["invasions"] == 0


def test_invasion_takes_rift_invaders_in_spot_order_then_the_lair():
    s = started()
    order = []
    for _ in range(5):
        out = apply(opening.invade, s, "North", "Toronto", by_card=True)
        order.append(out.data["invader"])
        s = out.state
    assert order == ["F1", "F2", "F5", "F3", "F4"]
    out = apply(opening.invade, s, "North", "Toronto", by_card=True)
    assert out.data["invader"] is None and "No invader is left" in out.lines[0]


def test_invasion_damage_can_destroy_a_city():
    s = do(byhand.set_value, started(), ["cities", "Tokyo", "damage"], value=3)
    out = apply(opening.invade, s, "West", "Tokyo")
    assert out.state["cities"]["Tokyo"]["destroyed"] and out.state["threat"] == 2


def test_invasion_of_a_destroyed_city_deals_no_damage():
    s = do(byhand.damage, fighting(), 4, city="Tokyo")
    out = apply(opening.invade, s, "West", "Tokyo", by_card=True)
    assert out.state["cities"]["Tokyo"]["damage"] == 4 and out.state["threat"] == s["threat"]


def test_a_closed_rift_sends_no_invader():
    s = tyrant_ready()
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")
    out = apply(opening.invade, s, "North", "Paris", by_card=True)
    assert out.data["invader"] is None and "closed" in out.lines[0]


def test_invasions_count_down_the_episode_cards_drawn():
    """Book l.164: "After the first Invader has invaded Earth, the Lead Character draws 1 more Episode
    Card for 3-player games [...] Each Episode Card drawn in this way will indicate the Rift from which
    the Invader will arrive and the city it will be placed on": two cards, two invasions, then none
    unless a card's text calls for one (A2)."""
    s = ended(fighting(3))
    s["invaded"] = True
    s = do(opening.opening, s)
    assert s["invasions"] == 2
    out = apply(opening.invade, s, "North", "Paris")
    assert out.data["invasions"] == 1 and not out.data["by_card"]
    assert "1 invasion still to place this Opening Phase: journal titans invade --rift RIFT --city CITY." in out.lines
    out = apply(opening.invade, out.state, "East", "Beijing")
    assert out.data["invasions"] == 0 and any(line.startswith("Fight Phase next") for line in out.lines)
    with pytest.raises(RuleError, match="no invasion is left to place: this Opening Phase's Episode Cards are all "
                                        "placed"):
        opening.invade(out.state, dice(), "North", "Moscow")
    fight = do(turn.next_phase, out.state)
    with pytest.raises(RuleError, match="invasions come with the Episode Cards of the Opening Phase, not the Fight "
                                        "Phase"):
        opening.invade(fight, dice(), "North", "Moscow")
    extra = apply(opening.invade, fight, "North", "Moscow", by_card=True)
    assert extra.data["by_card"] and extra.data["invader"] and extra.state["phase"] == "fight"


def test_episodes_the_other_cards_are_counted_in_good_english():
    """Issue 30 §8: one other card "only names a rift", never "The other 1 card only name"."""
    def others(threat):
        s = fresh(threat)
        s["invaded"] = True
        return [line for line in apply(opening.opening, s).lines if line.startswith("The other")]

    assert others(3) == ["The other card only names a rift and a city (ignore its text) and goes to the Invasion "
                         "Discard Pile."]
    assert others(4) == ["The other 2 cards only name a rift and a city (ignore their text) and go to the Invasion "
                         "Discard Pile."]
