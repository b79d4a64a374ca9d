"""War With the Evil Power Master: one test per rule (rulebook and rules notes E1-E8)."""

from __future__ import annotations

import pytest
from epm.epm_helpers import JET, TWICE, dice, en_route, fresh, with_items

from journal.errors import InputError, RuleError
from journal.games import epm as game
from journal.games.epm import rules


# --- E1 trackers --------------------------------------------------------------------

def test_trackers_start_at_zero_unless_told():
    s = fresh()
    assert (s["signal"], s["epm"]) == (0, 0)
    s = fresh(signal=8, epm=3)
    assert (s["signal"], s["epm"]) == (8, 3)


@pytest.mark.parametrize("tracker,start,delta,end", [
    ("signal", 2, -5, 0), ("epm", 1, -3, 0), ("signal", 20, 9, 25), ("epm", 10, 4, 14)])
def test_trackers_never_leave_0_to_25(tracker, start, delta, end):
    s = fresh()
    s[tracker] = start
    out = rules.track(s, dice(), tracker, delta=delta)
    assert out.state[tracker] == end


def test_track_sets_a_tracker_with_equals():
    assert rules.track(fresh(), dice(), "signal", value=12).state["signal"] == 12


# --- E3 challenge total ------------------------------------------------------------------

def test_challenge_total_is_die_plus_proficiency_plus_booster():
    s = with_items(fresh(signal=7), **{"Jet Pack": JET})
    out = rules.challenge(s, dice(2), "piloting", "Ana", booster="Jet Pack")
    assert out.data["total"] == 2 + 1 + 2
    assert out.data["level"] == 5 and out.data["result"] == "win"


def test_negative_proficiency_subtracts():
    out = rules.challenge(fresh(), dice(4), "diplomacy", "Ana")
    assert out.data["total"] == 3 and out.data["result"] == "lose"


def test_total_equal_to_level_wins():
    out = rules.challenge(fresh(signal=13), dice(5), "strength", "Bo")  # 5 + 1 = 6 = level 6
    assert out.data["result"] == "win"


def test_total_below_level_loses():
    out = rules.challenge(fresh(signal=13), dice(5), "strength", "Cy")
    assert out.data["total"] == 5 and out.data["result"] == "lose"


def test_roll_twice_booster_adds_two_dice():
    s = with_items(fresh(signal=13), **{"Lucky Dice": TWICE})
    out = rules.challenge(s, dice(3, 2), "strength", "Bo", booster="Lucky Dice")
    assert out.data["dice"] == [3, 2] and out.data["total"] == 3 + 2 + 1 and out.data["bonus"] == 0


# --- E4 boosters ----------------------------------------------------------------------------

def test_booster_destroyed_on_a_one_but_its_effect_counts():
    s = with_items(fresh(signal=0), **{"Jet Pack": JET})
    out = rules.challenge(s, dice(1), "piloting", "Ana", booster="Jet Pack")
    assert out.data["total"] == 1 + 1 + 2 and out.data["result"] == "win"
    assert out.data["booster_destroyed"] is True
    assert "Jet Pack" not in out.state["items"]
    assert any("Discard the Jet Pack booster" in line for line in out.lines)


def test_roll_twice_booster_destroyed_when_either_die_is_one():
    s = with_items(fresh(), **{"Lucky Dice": TWICE})
    out = rules.challenge(s, dice(6, 1), "strength", "Bo", booster="Lucky Dice")
    assert out.data["booster_destroyed"] and "Lucky Dice" not in out.state["items"]


def test_booster_kept_and_reusable_without_a_one():
    s = with_items(fresh(), **{"Jet Pack": JET})
    out = rules.challenge(s, dice(4), "piloting", "Ana", booster="Jet Pack")
    assert not out.data["booster_destroyed"] and out.state["items"]["Jet Pack"]["owner"] == "Ana"


def test_booster_must_belong_to_the_challenger():
    s = with_items(fresh(), **{"Jet Pack": {**JET, "owner": "Bo"}})
    with pytest.raises(RuleError, match="belongs to Bo"):
        rules.challenge(s, dice(4), "piloting", "Ana", booster="Jet Pack")


def test_booster_must_match_the_challenge_type():
    s = with_items(fresh(), **{"Jet Pack": JET})
    with pytest.raises(RuleError, match="boosts piloting"):
        rules.challenge(s, dice(4), "dexterity", "Ana", booster="Jet Pack")


def test_assist_item_is_not_a_booster():
    s = with_items(fresh(), Medkit={"owner": "Ana", "kind": "assist"})
    with pytest.raises(RuleError, match="Assist Item"):
        rules.challenge(s, dice(4), "piloting", "Ana", booster="Medkit")


# --- E5 active characters ---------------------------------------------------------------------

def test_challenger_becomes_inactive():
    out = rules.challenge(fresh(), dice(3), "piloting", "Ana")
    assert out.state["characters"]["Ana"]["active"] is False
    assert "Flip Ana to Inactive." in out.lines


def test_only_active_characters_may_challenge():
    s = rules.challenge(fresh(), dice(3), "piloting", "Ana").state
    with pytest.raises(RuleError, match="Ana is Inactive"):
        rules.challenge(s, dice(3), "piloting", "Ana")


def test_last_active_character_makes_everyone_active_again():
    s = fresh()
    s = rules.challenge(s, dice(3), "piloting", "Ana").state
    s = rules.challenge(s, dice(3), "piloting", "Bo").state
    out = rules.challenge(s, dice(3), "piloting", "Cy")
    assert all(c["active"] for c in out.state["characters"].values())
    assert out.data["all_active_again"] is True
    assert any("All characters are Active again" in line for line in out.lines)


def test_retry_needs_a_different_character():
    s = {**fresh(), "characters": {"Ana": {"active": True, **dict.fromkeys(rules.TYPES, 0)}}}
    s = rules.challenge(s, dice(1), "piloting", "Ana").state  # the only one: all Active again
    with pytest.raises(RuleError, match="just tried"):
        rules.challenge(s, dice(5), "piloting", "Ana", retry=True)


def test_retry_must_be_the_same_challenge():
    s = rules.challenge(fresh(), dice(1), "piloting", "Ana").state
    with pytest.raises(RuleError, match="piloting, not strength"):
        rules.challenge(s, dice(5), "strength", "Bo", retry=True)
    assert rules.challenge(s, dice(5), "piloting", "Bo", retry=True).data["result"] == "win"


def test_flip_by_hand_keeps_one_active():
    s = fresh(characters=[("Ana", {})])
    out = rules.flip(s, dice(), "Ana", active=False)
    assert out.state["characters"]["Ana"]["active"] is True


# --- E6 travel -------------------------------------------------------------------------------------

def test_travel_raises_epm_two_per_segment():
    out = rules.travel(en_route(), dice(), "Kell", 3)
    assert out.state["epm"] == 6 and out.state["planet"] == "Kell"
    assert out.state["phase"] == "exploring" and out.state["card"] == 1 and out.state["visit"] == 2


def test_travel_only_to_face_down_discs():
    s = en_route()  # Zorb discarded
    with pytest.raises(RuleError, match="face down"):
        rules.travel(s, dice(), "Zorb", 1)


def test_cannot_return_to_the_planet_just_left_after_a_data_find():
    s = rules.data_find(fresh(), dice(), 5).state
    with pytest.raises(RuleError, match="flipped"):
        rules.travel(s, dice(), "Zorb", 1)


def test_travel_only_after_the_visit_ends():
    with pytest.raises(RuleError, match="has not ended"):
        rules.travel(fresh(), dice(), "Kell", 1)


def test_travel_that_fills_the_epm_meter_loses():
    s = en_route()
    s["epm"] = 22
    out = rules.travel(s, dice(), "Kell", 2)
    assert out.state["epm"] == 25 and out.state["phase"] == "lost"


# --- E7 data find and the end ---------------------------------------------------------------------

def test_data_find_flips_the_disc_and_raises_signal():
    out = rules.data_find(fresh(signal=3), dice(), 6)
    assert out.state["planets"]["Zorb"] == {"color": "blue", "status": "flipped", "boost": 6}
    assert out.state["signal"] == 9 and out.state["phase"] == "en_route"


@pytest.mark.parametrize("color,low,high", [("blue", 4, 6), ("yellow", 6, 8), ("pink", 8, 10)])
def test_data_find_boost_must_lie_in_the_disc_colour_range(color, low, high):
    s = fresh(planets=[("P", color)], at="P")
    assert rules.data_find(s, dice(), low).state["signal"] == low
    assert rules.data_find(s, dice(), high).state["signal"] == high
    for bad in (low - 1, high + 1):
        with pytest.raises(InputError):
            rules.data_find(s, dice(), bad)


def test_the_end_discards_the_disc():
    out = rules.the_end(fresh(), dice())
    assert out.state["planets"]["Zorb"]["status"] == "discarded" and out.state["phase"] == "en_route"


def test_items_exchange_only_en_route_or_in_showdown():
    s = with_items(fresh(), **{"Jet Pack": JET})
    with pytest.raises(RuleError, match="only while en route"):
        rules.item_give(s, dice(), "Jet Pack", "Bo")
    s = rules.the_end(s, dice()).state
    assert rules.item_give(s, dice(), "Jet Pack", "Bo").state["items"]["Jet Pack"]["owner"] == "Bo"
    s = with_items(fresh(signal=25), **{"Jet Pack": JET})
    assert s["phase"] == "showdown"
    assert rules.item_give(s, dice(), "Jet Pack", "Bo").state["items"]["Jet Pack"]["owner"] == "Bo"


# --- E8 end of game ----------------------------------------------------------------------------------

def test_signal_25_starts_the_final_showdown_at_story_card_13():
    s = rules.challenge(fresh(signal=20), dice(3), "piloting", "Ana").state
    out = rules.data_find(s, dice(), 5)
    assert out.state["signal"] == 25 and out.state["phase"] == "showdown" and out.state["card"] == 13
    assert all(c["active"] for c in out.state["characters"].values())
    assert "Signal 25: go to Story Card 13 of Zorb — Final Showdown." in out.lines


def test_signal_25_by_the_story_also_starts_the_showdown():
    out = rules.track(fresh(signal=22), dice(), "signal", delta=4)
    assert out.state["phase"] == "showdown" and out.state["signal"] == 25


def test_epm_25_loses_the_game():
    out = rules.track(fresh(epm=20), dice(), "epm", delta=5)
    assert out.state["phase"] == "lost"
    with pytest.raises(RuleError, match="over"):
        rules.challenge(out.state, dice(3), "piloting", "Ana")


def test_outcome_recorded_only_in_the_showdown():
    with pytest.raises(RuleError):
        rules.outcome(fresh(), dice(), "won")
    assert rules.outcome(fresh(signal=25), dice(), "won").state["phase"] == "won"
    assert rules.outcome(fresh(signal=25), dice(), "lost").state["phase"] == "lost"


def test_showdown_cards_are_recorded_separately():
    out = rules.card(fresh(signal=25), dice(), 3)
    assert out.state["showdown_card"] == 3 and out.state["card"] == 13


# --- story cards, items, odds ------------------------------------------------------------------------------

def test_story_cards_run_1_to_13():
    assert rules.card(fresh(), dice(), 13).state["card"] == 13
    with pytest.raises(InputError):
        rules.card(fresh(), dice(), 14)


def test_no_story_card_while_en_route():
    with pytest.raises(RuleError, match="en route"):
        rules.card(en_route(), dice(), 2)


def test_assist_item_is_discarded_after_use():
    s = with_items(fresh(), Medkit={"owner": "Ana", "kind": "assist"})
    assert "Medkit" not in rules.item_use(s, dice(), "Medkit").state["items"]


def test_boosters_are_not_used_up():
    s = with_items(fresh(), **{"Jet Pack": JET})
    with pytest.raises(RuleError, match="Challenge Booster"):
        rules.item_use(s, dice(), "Jet Pack")


def test_starter_items_are_assist_items():
    s = fresh(starters=[("Stun Baton", "Bo")])
    assert s["items"]["Stun Baton"] == {"owner": "Bo", "kind": "assist"}


def test_odds_are_exact():
    s = fresh(signal=7)  # level 5
    assert rules.odds(s, "piloting", "Ana")["p_win"] == pytest.approx(3 / 6)  # d6 + 1 >= 5: 4, 5, 6
    assert rules.odds(s, "diplomacy", "Ana")["p_win"] == pytest.approx(1 / 6)  # d6 - 1 >= 5: only 6
    assert rules.odds(fresh(signal=13), "diplomacy", "Ana")["p_win"] == 0  # d6 - 1 >= 6: never
    s = with_items(fresh(signal=13), **{"Lucky Dice": TWICE})
    o = rules.odds(s, "strength", "Bo", "Lucky Dice")  # 2d6 + 1 >= 6: 2d6 >= 5 → 30/36
    assert o["p_win"] == pytest.approx(30 / 36) and o["p_booster_destroyed"] == pytest.approx(11 / 36)


def test_new_refuses_duplicate_names_ignoring_case():
    with pytest.raises(InputError, match="two characters"):
        fresh(characters=[("Ana", {}), ("ana", {})])


def test_every_rules_result_is_a_valid_save_state():
    s = with_items(fresh(), **{"Jet Pack": JET})
    for step in (lambda x: rules.challenge(x, dice(1), "piloting", "Ana", booster="Jet Pack"),
                 lambda x: rules.data_find(x, dice(), 4),
                 lambda x: rules.travel(x, dice(), "Kell", 2),
                 lambda x: rules.track(x, dice(), "signal", delta=30)):
        s = step(s).state
        assert game.validate(s) == []


def test_disc_set_by_hand_needs_the_number_shown():
    with pytest.raises(InputError, match="a yellow disc shows 6-8, not 9"):
        rules.disc(fresh(), dice(), "Vex", "flipped", boost=9)
    assert rules.disc(fresh(), dice(), "Vex", "flipped", boost=7).state["planets"]["Vex"]["boost"] == 7


def test_with_no_face_down_disc_left_the_table_may_record_the_campaign_lost():
    """The book: "You may travel to any planet that still has a Signal Booster Disc", and says nothing of
    a campaign with none left. Our reading: `end lost` is accepted then (en route, no face-down disc);
    `end won` still waits for the Final Showdown."""
    s = en_route(fresh(planets=[("Zorb", "blue")]))
    with pytest.raises(RuleError, match="only `lost` ends the campaign"):
        rules.outcome(s, dice(), "won")
    out = rules.outcome(s, dice(), "lost")
    assert out.state["phase"] == "lost" and "never found" in out.lines[0]
    with pytest.raises(RuleError, match="Final Showdown"):
        rules.outcome(en_route(), dice(), "lost")  # Kell and Vex are still face down: travel on


def test_a_trip_says_segment_and_segments_as_a_person_writes_them():
    assert "1 segment:" in rules.travel(en_route(), dice(), "Kell", 1).summary
    assert "2 segments:" in rules.travel(en_route(), dice(), "Kell", 2).summary


def test_new_says_who_begins_in_good_english():
    """Issue 30 §8: "Ana begins on Zorb", never "Ana begin on Zorb"."""
    one = rules.new([("Ana", {})], [("Zorb", "blue")], "Zorb")
    assert one.lines[0] == "War With the Evil Power Master: Ana begins on Zorb."
    two = rules.new([("Ana", {}), ("Bo", {})], [("Zorb", "blue")], "Zorb")
    assert two.lines[0] == "War With the Evil Power Master: Ana, Bo begin on Zorb."
