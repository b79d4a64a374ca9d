"""journal/games/kraken/story_lines.py: Chapter 6, Activate story lines: following a line by hand or
from a pack, LT tiles, by hand."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import WALK, apply, demo_pack, dice, in_turn, new_state, pack_of, ready_state, walk_state

from journal.errors import InputError, RuleError
from journal.games.kraken import phases, story_lines
from journal.games.kraken.cgm import cells, cells as cells_rules


STANDBY_PACK = {"1AA": "!S1 1AB", "1AB": "1AC", "1AC": "/"}


STANDBY_EVENTS = {"S1": {"title": "Later", "standby": True}}


def test_new_line_takes_the_first_free_slot():
    s = new_state(lines=("1AA", "1AB", "1AC"))
    del s["lines"]["2"]
    out = apply(s, story_lines.line_add, coord="4xy", note="from event A7")
    assert out.state["lines"]["2"] == {"coords": ["4XY"], "vars": {}, "note": "from event A7"}


def test_a_line_added_during_a_turn_is_activated_now_only_as_an_extra_activation():
    """A line an event writes waits for the next Phase 1; activated now, it is an extra
    activation, and the hint gives its reason."""
    s = in_turn(new_state(lines=("1AA",)))
    out = apply(s, story_lines.line_add, coord="4XY")
    assert ("(or now, if an event says so: journal kraken advance 2 --reason TEXT with a pack, else journal kraken "
            "step 2 CELL --reason TEXT).") in out.lines[-1]
    with pytest.raises(RuleError, match="line 2 has had this turn's Phase 1 activation"):
        story_lines.step(out.state, dice(), line="2", cell=cells.parse_cell("5MB"))
    assert apply(out.state, story_lines.step, line="2", cell=cells.parse_cell("5MB"), reason="event A7").data[
        "activation"] == "extra"


def test_no_free_slot_refuses_a_new_line():
    s = new_state(lines=["1AA"] * 6)
    with pytest.raises(RuleError, match="never erase an unresolved line"):
        story_lines.line_add(s, dice(), coord="2AA")


@pytest.mark.parametrize("roll, coord", [(1, "1AA"), (2, "1AB"), (11, "1AK"), (20, "1AT")])
def test_lt_tile_d20_starts_a_line_at_1a_plus_the_rolled_letter(roll, coord):
    s = in_turn(new_state(lines=()), 3)
    out = apply(s, story_lines.lt, roll)
    assert out.state["lines"]["1"]["coords"] == [coord] and out.data["start"] == coord


def test_lt_tile_is_activated_at_once_from_a_pack():
    s = in_turn(new_state(lines=()), 3)
    out = apply(s, story_lines.lt, 11, pack=demo_pack())
    assert out.state["lines"]["1"]["coords"] == ["1AK", "4AA", "4AB", "4AC", "4AE", "4AF"]
    assert out.meta == {"revealed": ["D1", "D2"]}


def test_lt_tile_with_no_free_slot_does_nothing_and_rolls_nothing():
    s = in_turn(new_state(lines=["9AA"] * 6), 3)
    d = dice()
    out = story_lines.lt(s, d)
    assert out.state == s and d.rolls == [] and "nothing happens" in out.summary


def test_phase_1_out_of_slot_order_is_noted():
    s = apply(ready_state(lines=("2HA", "2BC")), phases.turn).state
    out = apply(s, story_lines.step, line="2", cell=cells.parse_cell("4MB"))
    assert any("line 1 still waits for this turn" in ln for ln in out.lines)


def test_phase_3_may_activate_one_line_again():
    s = in_turn(new_state(lines=("1AA",)), 3)
    out = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB"))
    assert out.state["free_action"] == "line" and out.data["activation"] == "free action"
    with pytest.raises(RuleError, match="already taken"):
        phases.free_action(out.state, dice(), kind="shop")


def test_story_lines_once_each_in_phase_1_and_an_extra_activation_only_with_its_reason():
    """Ch. 6: "you'll activate them each Phase 1: ACTIVATE STORY LINES, and then potentially
    again if you wish during Phase 3: FREE ACTION"; "In the first phase of each turn each
    Line is activated once". Any other activation (an event or card calls for it) is made with
    its reason, and is logged as extra."""
    s = apply(ready_state(lines=("2HA", "2BC")), phases.turn).state
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state     # line 1's Phase 1 activation
    with pytest.raises(RuleError, match=r"line 1 has had this turn's Phase 1 activation \(each line once, ch. 6; "
                                        r".*\): an extra activation .* \(journal kraken step 1 5MB --reason TEXT\)"):
        story_lines.step(s, dice(), line="1", cell=cells.parse_cell("5MB"))
    out = apply(s, story_lines.step, line="1", cell=cells.parse_cell("5MB"), reason="event A7 says so")
    assert out.data["activation"] == "extra" and out.summary.startswith("Line 1 (extra): ")
    assert "An extra activation of line 1 (event A7 says so)." in out.lines
    s = apply(apply(out.state, story_lines.step, line="2", cell=cells.parse_cell("4MC")).state, phases.phase, to=2).state
    with pytest.raises(RuleError, match="story lines are activated in Phase 1, and one again as Phase 3's free action, "
                                        "and this is Phase 2"):
        story_lines.step(s, dice(), line="2", cell=cells.parse_cell("5MC"))
    s = apply(s, phases.phase, to=3).state
    s = apply(s, phases.free_action, kind="shop").state
    with pytest.raises(RuleError, match="this turn's was a visit to a grade 5 Shop"):
        story_lines.step(s, dice(), line="2", cell=cells.parse_cell("5MC"))


def test_an_extra_activation_by_cli_keeps_its_reason_in_the_log(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    r = camp("kraken", "advance", "-s", "sk", "1")
    assert r.exit_code == 1 and "(journal kraken advance 1 --reason TEXT)" in r.stderr
    camp("kraken", "advance", "-s", "sk", "1", "--reason", "the beacon calls again", ok=True)
    log = camp("log", "-s", "sk", ok=True).stdout
    assert "Line 1 (extra): " in log and "(reason: the beacon calls again)" in log


def test_a_line_may_be_skipped_during_phase_1_by_hand():
    s = apply(ready_state(lines=("2HA", "2BC")), phases.turn).state
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    with pytest.raises(RuleError, match="activated this turn already"):
        story_lines.line_skip(s, dice(), line="1")
    s = apply(s, story_lines.line_skip, line="2").state
    assert s["skipped"] == "2" and apply(s, phases.phase, to=2).state["phase"] == 2
    s = apply(apply(s, phases.phase, to=5).state, phases.turn).state
    with pytest.raises(RuleError, match="two turns running"):
        story_lines.line_skip(s, dice(), line="2")


def test_walkthrough_a_red_coordinate_is_noted_and_the_line_is_done():
    """'If the last Coordinate is 2HA ... a red marked Coordinate like 4M: note this new
    Coordinate ... You are done processing Story Line 1.'"""
    out = apply(walk_state("2HA"), story_lines.advance, line="1", pack=pack_of(WALK))
    assert out.state["lines"]["1"]["coords"] == ["2HA", "4MA"]
    assert out.data["stopped"] == "red" and out.data["events"] == []


def test_walkthrough_event_a7_then_3tt_then_decision_b8():
    """'2BC: execute !A7 ... you will check 3TT next ... another COMMAND B8 ... option A
    3FR, option B 4BB ... keep on following until a red Coordinate or /.'"""
    out = apply(walk_state("2BC"), story_lines.advance, line="1", pack=pack_of(WALK), choices=["A"])
    assert out.state["lines"]["1"]["coords"] == ["2BC", "3TT", "3FR", "5AB", "6AB"]
    assert out.data["events"] == ["A7", "B8"] and out.data["decisions"][0]["choice"] == "A"
    assert out.meta == {"revealed": ["A7", "B8"]}
    out_b = apply(walk_state("2BC"), story_lines.advance, line="1", pack=pack_of(WALK), choices=["B"])
    assert out_b.data["ended"] is True and "1" not in out_b.state["lines"]


def test_walkthrough_a_greater_than_4_compares_the_lines_a():
    """'In case you land on a A>4 command ... compare value A of your current Line with 4.'"""
    s = walk_state("3FR")
    s["lines"]["1"]["vars"]["A"] = 5
    out = apply(s, story_lines.advance, line="1", pack=pack_of(WALK))
    assert out.state["lines"]["1"]["coords"] == ["3FR", "5AA", "6AA"]


def test_walkthrough_by_hand_step_by_step():
    s = walk_state("2BC")
    out = apply(s, story_lines.step, line="1", cell=cells_rules.parse_cell("!A7 3TT"))
    assert out.data["next"] == "3TT" and out.data["stopped"] is False and out.data["ended"] is False
    out = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("!B8 3FR 4BB"), choose="B")
    assert out.data["next"] == "4BB"
    out = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("/"))
    assert out.data["stopped"] is True and out.data["ended"] is True and "next" not in out.data


def test_standby_event_may_be_put_on_hold_and_the_line_waits_on_it():
    s = walk_state("1AA")
    out = apply(s, story_lines.advance, line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS), standby=True)
    line = out.state["lines"]["1"]
    assert line["coords"] == ["1AA"] and line["standby"] == "S1" and out.meta == {}
    with pytest.raises(RuleError, match="on STANDBY at event S1 .Later.: nothing happens until you activate it"):
        story_lines.advance(out.state, dice(), line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS))
    woke = apply(out.state, story_lines.advance, line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS), activate=True,
                 reason="a card")                                   # Phase 3's free action was taken: an extra one
    assert woke.state["lines"]["1"]["coords"] == ["1AA", "1AB", "1AC"] and "standby" not in woke.state["lines"]["1"]
    assert woke.meta == {"revealed": ["S1"]}


def test_standby_is_only_for_events_marked_standby():
    pack = pack_of(STANDBY_PACK, {"S1": {"title": "Now"}})
    out = apply(walk_state("1AA"), story_lines.advance, line="1", pack=pack, standby=True)
    assert "standby" not in out.state["lines"]["1"] and out.data["events"] == ["S1"]


def test_standby_by_hand_with_step():
    s = walk_state("1AA")
    held = apply(s, story_lines.step, line="1", cell=cells_rules.parse_cell("!S1 1AB"), standby=True)
    assert held.state["lines"]["1"]["standby"] == "S1" and held.data["stopped"] is True
    with pytest.raises(RuleError, match="on STANDBY at event S1"):
        story_lines.step(held.state, dice(), line="1", cell=cells_rules.parse_cell("1AZ"), reason="a card")
    woke = apply(held.state, story_lines.step, line="1", cell=cells_rules.parse_cell("!S1 1AB"), reason="a card")
    assert woke.data["next"] == "1AB" and "standby" not in woke.state["lines"]["1"]
    with pytest.raises(InputError, match="only an event"):
        story_lines.step(s, dice(), line="1", cell=cells_rules.parse_cell("A+1 1AB"), standby=True)


def test_a_coordinate_missing_from_the_pack_hands_over_to_step():
    out = apply(walk_state("1AA"), story_lines.advance, line="1", pack=pack_of({"1AA": "A+1 7XY"}))
    assert out.data["stopped"] == "missing" and out.data["next"] == "7XY"
    assert out.state["lines"]["1"]["running"] is True
    done = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("8XY"))
    assert "running" not in done.state["lines"]["1"]
