"""The Crypted Game Master: coordinates (K1), cells (K2), the 7-cell tracker (K3), the
chapter 6 walk-through, STANDBY (K6), packs, lint, and random packs (property tests)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from kraken_helpers import apply, dice, new_state, pack_of

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken import cgm, phases, story_lines
from journal.games.kraken.cgm import cells as cells_rules, engine, packs

# --- K1: coordinates ----------------------------------------------------------------


@pytest.mark.parametrize("text, coord", [("3HC", "3HC"), ("3hc", "3HC"), ("12AB", "12AB"), ("1AA", "1AA"),
                                         ("2O0", "2O0"), ("2I1", "2I1"), (" 4mb ", "4MB")])
def test_coordinate_is_sheet_digits_then_two_characters_upper_cased(text, coord):
    assert cells_rules.parse_coord(text) == coord


def test_coordinate_keeps_zero_and_letter_o_and_one_and_letter_i_distinct():
    assert cells_rules.parse_coord("1O0") != cells_rules.parse_coord("100")
    assert cells_rules.parse_coord("1I1") != cells_rules.parse_coord("111")


@pytest.mark.parametrize("text", ["3H", "HC3", "3H-C", "", "3HCC", "ABC", "3H C", "4M"])
def test_not_a_coordinate_names_the_rule(text):
    with pytest.raises(InputError) as e:
        cells_rules.parse_coord(text)
    assert e.value.message == f"'{text}' is not a coordinate: expected sheet digits then two characters, e.g. 3HC"


def test_the_books_4M_example_is_short_of_a_character():
    """Chapter 6 writes '4M'; rules note K1 need two characters after the sheet number."""
    with pytest.raises(InputError, match="'4M' is not a coordinate"):
        cells_rules.parse_cell("4M")


# --- K2: cells ----------------------------------------------------------------------


@pytest.mark.parametrize("text, kind", [("4MB", "red"), ("/", "end"), ("A>4 3FR 4BB", "cmp"), ("A<B 1AA 1AB", "cmp"),
                                        ("A=1 1AA 1AB", "cmp"), ("4<A 1AA 1AB", "cmp"), ("A>-2 1AA 1AB", "cmp"),
                                        ("A+3 1AB", "add"), ("D-2 1AB", "add"), ("D+A 1AB", "add"),
                                        ("!A7 3TT", "event"), ("!B8 3FR 4BB", "event"), ("%12 1AA 1AB", "random"),
                                        ("!7X 1AA", "event"), ("!EZ 1AA", "event")])
def test_cell_kinds_as_printed(text, kind):
    cell = cells_rules.parse_cell(text)
    assert cell["kind"] == kind
    assert cells_rules.cell_text(cell) == " ".join(text.upper().split())


def test_cell_tokens_may_be_typed_separately():
    assert cells_rules.parse_cell("A>4", ["3FR", "4BB"]) == cells_rules.parse_cell("A>4 3FR 4BB")
    assert cells_rules.parse_cell("a>4", ["3fr", "4bb"])["to"] == ["3FR", "4BB"]


@pytest.mark.parametrize("text, message", [
    ("A>4 3FR", "'A>4' compares (true → first, false → second): it needs 2 coordinates after it, got 1"),
    ("A+1 1AB 1AC", "'A+1' changes A: it needs 1 coordinate after it, got 2"),
    ("!A7", "'!A7' reads an event (two coordinates make it a decision A/B): it needs 1 or 2 coordinates"),
    ("%12 1AA", "'%12' is a random switch (N or higher → first, else second): it needs 2 coordinates"),
    ("%25 1AA 1AB", "'%25' is not a random switch: %N rolls a d20 against N, 1-20"),
    ("!A 1AA", "'!A' is not an event: !ID with ID two characters"),
    ("4+A 1AA", "'4+A': + and - change a variable, so the first term is a letter A-Z"),
    ("AB>4 1AA 1AB", "'AB>4' is not a command"),
    ("/ 1AA", "'/' ends the line and stands alone in its cell: unexpected '1AA'"),
    ("4MB 1AA", "'4MB' is a red coordinate and stands alone in its cell"),
    ("A>4 3F 4BB", "'3F' is not a coordinate"),
    ("", "the cell is empty"),
    ("hello", "'hello' is not a cell"),
])
def test_malformed_cells_are_refused_precisely(text, message):
    with pytest.raises(InputError) as e:
        cells_rules.parse_cell(text)
    assert message in e.value.message


# --- the engine, one cell at a time ---------------------------------------------------


def _line_state(coords=("1AA",), vars_=None, interlink=None):
    s = new_state(lines=())
    s["lines"]["1"] = {"coords": list(coords), "vars": dict(vars_ or {})}
    s["interlink"] = dict(interlink or {})
    s["turn"], s["phase"] = 1, 3
    return s


def _exec(s, text, *rolls, choices=(), hold=False, activate=False, events=None):
    run = engine.Activation(s, dice(*rolls), events, list(choices), hold=hold, activate=activate)
    how, what = engine.exec_cell(run, "1", cells_rules.parse_cell(text))
    return how, what, run


@pytest.mark.parametrize("text, vars_, to", [
    ("A>4 3FR 4BB", {"A": 5}, "3FR"), ("A>4 3FR 4BB", {"A": 4}, "4BB"), ("A>4 3FR 4BB", {}, "4BB"),
    ("A<3 1AA 1AB", {"A": 2}, "1AA"), ("A<3 1AA 1AB", {"A": 3}, "1AB"),
    ("A=1 1AA 1AB", {"A": 1}, "1AA"), ("A=1 1AA 1AB", {"A": 2}, "1AB"), ("A=0 1AA 1AB", {}, "1AA"),
    ("A>B 1AA 1AB", {"A": 2, "B": 1}, "1AA"), ("4<A 1AA 1AB", {"A": 5}, "1AA"), ("A>-2 1AA 1AB", {"A": -1}, "1AA"),
])
def test_compare_true_follows_the_first_coordinate_false_the_second(text, vars_, to):
    s = _line_state(vars_=vars_)
    how, what, _run = _exec(s, text)
    assert (how, what) == ("follow", to)
    assert s["lines"]["1"]["coords"][-1] == to


def test_plus_adds_a_number_to_the_variable():
    s = _line_state(vars_={"A": 2})
    _exec(s, "A+3 1AB")
    assert s["lines"]["1"]["vars"]["A"] == 5


def test_d_plus_a_adds_a_variable_and_leaves_a_unchanged():
    """Chapter 6: 'D+A will add variable A to variable D (in this case A is not changed)'."""
    s = _line_state(vars_={"A": 2, "D": 5})
    _exec(s, "D+A 1AB")
    assert s["lines"]["1"]["vars"] == {"A": 2, "D": 7}


def test_minus_may_go_negative_and_unset_counts_as_zero():
    s = _line_state()
    _exec(s, "D-2 1AB")
    assert s["lines"]["1"]["vars"]["D"] == -2


def test_interlink_variables_are_shared_by_every_line():
    s = _line_state(vars_={"A": 4}, interlink={"K": 1})
    s["lines"]["2"] = {"coords": ["2AA"], "vars": {"A": 100}}
    _exec(s, "K+A 1AB")
    assert s["interlink"]["K"] == 5
    run = engine.Activation(s, dice(), None, [])
    how, what = engine.exec_cell(run, "2", cells_rules.parse_cell("K=5 2AB 2AC"))
    assert what == "2AB" and s["lines"]["2"]["vars"] == {"A": 100}


@pytest.mark.parametrize("roll, to", [(12, "1AA"), (20, "1AA"), (11, "1AB"), (1, "1AB")])
def test_random_switch_rolls_a_d20_n_or_higher_follows_the_first(roll, to):
    s = _line_state()
    how, what, run = _exec(s, "%12 1AA 1AB", roll)
    assert what == to and run.dice.rolls[0].value == roll


def test_event_with_one_coordinate_is_read_and_followed():
    s = _line_state()
    how, what, run = _exec(s, "!A7 3TT")
    assert (how, what) == ("follow", "3TT") and run.revealed == ["A7"]


@pytest.mark.parametrize("choice, to", [("A", "3FR"), ("B", "4BB"), ("b", "4BB")])
def test_decision_event_option_a_first_coordinate_option_b_second(choice, to):
    s = _line_state()
    how, what, run = _exec(s, "!B8 3FR 4BB", choices=[choice])
    assert what == to and run.decisions[0]["choice"] == choice.upper()


def test_decision_without_a_choice_names_the_options():
    s = _line_state(coords=("3TT",))
    with pytest.raises(NeedChoice) as e:
        _exec(s, "!B8 3FR 4BB")
    assert e.value.option == "--choose" and e.value.values == ["A", "B"]
    assert "line 1 reads event B8 at 3TT, a decision: A → 3FR, B → 4BB" in e.value.message


def test_red_coordinate_is_written_and_stops_the_line():
    s = _line_state(coords=("2HA",))
    how, what, _run = _exec(s, "4MB")
    assert (how, what) == ("red", "4MB") and s["lines"]["1"]["coords"] == ["2HA", "4MB"]


def test_slash_ends_the_line():
    s = _line_state()
    how, _what, _run = _exec(s, "/")
    assert how == "end"


# --- K3: the seven cells ----------------------------------------------------------------


def test_every_coordinate_followed_goes_into_the_next_free_cell():
    line = {"coords": ["1AA"], "vars": {}}
    for c in ("1AB", "1AC"):
        engine.write_coord(line, c)
    assert line["coords"] == ["1AA", "1AB", "1AC"]


def test_seven_full_cells_start_again_with_the_last_coordinate_in_cell_1():
    line = {"coords": ["1AA", "1AB", "1AC", "1AD", "1AE", "1AF", "1AG"], "vars": {"A": 1}}
    assert engine.write_coord(line, "1AH") is True
    assert line["coords"] == ["1AG", "1AH"] and line["vars"] == {"A": 1}


# --- the chapter 6 walk-through -------------------------------------------------------------

WALK = {"2HA": "4MA", "2BC": "!A7 3TT", "3TT": "!B8 3FR 4BB", "3FR": "A>4 5AA 5AB", "4BB": "/",
        "5AA": "6AA", "5AB": "6AB", "4MA": "/"}


def _walk_state(start):
    s = new_state("simulation", lines=(start,))
    s["turn"], s["phase"] = 1, 3
    return s


def test_walkthrough_a_red_coordinate_is_noted_and_the_line_is_done():
    """'If the last Coordinate is 2HA ... a red marked Coordinate like 4M: note this new
    Coordinate ... You are done processing Story Line 1.'"""
    out = apply(_walk_state("2HA"), story_lines.advance, line="1", pack=pack_of(WALK))
    assert out.state["lines"]["1"]["coords"] == ["2HA", "4MA"]
    assert out.data["stopped"] == "red" and out.data["events"] == []


def test_walkthrough_event_a7_then_3tt_then_decision_b8():
    """'2BC: execute !A7 ... you will check 3TT next ... another COMMAND B8 ... option A
    3FR, option B 4BB ... keep on following until a red Coordinate or /.'"""
    out = apply(_walk_state("2BC"), story_lines.advance, line="1", pack=pack_of(WALK), choices=["A"])
    assert out.state["lines"]["1"]["coords"] == ["2BC", "3TT", "3FR", "5AB", "6AB"]
    assert out.data["events"] == ["A7", "B8"] and out.data["decisions"][0]["choice"] == "A"
    assert out.meta == {"revealed": ["A7", "B8"]}
    out_b = apply(_walk_state("2BC"), story_lines.advance, line="1", pack=pack_of(WALK), choices=["B"])
    assert out_b.data["ended"] is True and "1" not in out_b.state["lines"]


def test_walkthrough_a_greater_than_4_compares_the_lines_a():
    """'In case you land on a A>4 command ... compare value A of your current Line with 4.'"""
    s = _walk_state("3FR")
    s["lines"]["1"]["vars"]["A"] = 5
    out = apply(s, story_lines.advance, line="1", pack=pack_of(WALK))
    assert out.state["lines"]["1"]["coords"] == ["3FR", "5AA", "6AA"]


def test_walkthrough_by_hand_step_by_step():
    s = _walk_state("2BC")
    out = apply(s, story_lines.step, line="1", cell=cells_rules.parse_cell("!A7 3TT"))
    assert out.data["next"] == "3TT" and out.data["stopped"] is False and out.data["ended"] is False
    out = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("!B8 3FR 4BB"), choose="B")
    assert out.data["next"] == "4BB"
    out = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("/"))
    assert out.data["stopped"] is True and out.data["ended"] is True and "next" not in out.data


# --- K6: STANDBY -------------------------------------------------------------------------------

STANDBY_PACK = {"1AA": "!S1 1AB", "1AB": "1AC", "1AC": "/"}
STANDBY_EVENTS = {"S1": {"title": "Later", "standby": True}}


def test_standby_event_may_be_put_on_hold_and_the_line_waits_on_it():
    s = _walk_state("1AA")
    out = apply(s, story_lines.advance, line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS), standby=True)
    line = out.state["lines"]["1"]
    assert line["coords"] == ["1AA"] and line["standby"] == "S1" and out.meta == {}
    with pytest.raises(RuleError, match="on STANDBY at event S1 .Later.: nothing happens until you activate it"):
        story_lines.advance(out.state, dice(), line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS))
    woke = apply(out.state, story_lines.advance, line="1", pack=pack_of(STANDBY_PACK, STANDBY_EVENTS), activate=True)
    assert woke.state["lines"]["1"]["coords"] == ["1AA", "1AB", "1AC"] and "standby" not in woke.state["lines"]["1"]
    assert woke.meta == {"revealed": ["S1"]}


def test_standby_is_only_for_events_marked_standby():
    pack = pack_of(STANDBY_PACK, {"S1": {"title": "Now"}})
    out = apply(_walk_state("1AA"), story_lines.advance, line="1", pack=pack, standby=True)
    assert "standby" not in out.state["lines"]["1"] and out.data["events"] == ["S1"]


def test_standby_by_hand_with_step():
    s = _walk_state("1AA")
    held = apply(s, story_lines.step, line="1", cell=cells_rules.parse_cell("!S1 1AB"), standby=True)
    assert held.state["lines"]["1"]["standby"] == "S1" and held.data["stopped"] is True
    with pytest.raises(RuleError, match="on STANDBY at event S1"):
        story_lines.step(held.state, dice(), line="1", cell=cells_rules.parse_cell("1AZ"))
    woke = apply(held.state, story_lines.step, line="1", cell=cells_rules.parse_cell("!S1 1AB"))
    assert woke.data["next"] == "1AB" and "standby" not in woke.state["lines"]["1"]
    with pytest.raises(InputError, match="only an event"):
        story_lines.step(s, dice(), line="1", cell=cells_rules.parse_cell("A+1 1AB"), standby=True)


# --- packs and lint ----------------------------------------------------------------------------


def test_pack_format_as_pinned():
    doc = {"pack": {"title": "Demo sheets"},
           "cells": {"1AA": "A+1 1AB", "1AB": "A>2 1AC 1AD", "1AC": "2BC", "1AD": "/", "2BC": "/"},
           "events": {"A7": {"title": "Distress call", "text": "…", "standby": True}}}
    pack, problems = packs.parse_pack(doc, "p")
    assert problems == []
    assert pack["cells"]["1AC"] == {"kind": "red", "coord": "2BC"}
    assert pack["events"]["A7"]["standby"] is True


def test_pack_problems_name_the_cell():
    doc = {"pack": {"title": "T", "colour": "red"},
           "cells": {"1AA": "A>4 1AB", "1A": "/", "1AC": 3, "1ac": "/"},
           "events": {"A": {}, "B1": {"title": 3, "mood": "x"}},
           "extra": {}}
    _pack, problems = packs.parse_pack(doc, "p")
    text = "\n".join(problems)
    for part in ("[extra] is not a pack table", "pack.colour is not a known key",
                 "cell 1AA: 'A>4' compares", "cell 1A: '1A' is not a coordinate", "cell 1AC: should be a string",
                 "events.A: 'A' is not an event ID", "events.B1.title should be a string",
                 "events.B1.mood is not a known key"):
        assert part in text, part
    _pack, problems = packs.parse_pack({"cells": {}}, "p")
    assert any("[pack] is missing" in p for p in problems)


def test_lint_finds_dangling_coordinates_and_loops_with_no_red_stop():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>2 1AA 1AC", "1AC": "9ZZ",
                    "2AA": "B+1 2AB", "2AB": "%10 2AA 2AB"},
                   {"U1": {"title": "never used"}})
    errors, warnings = packs.lint(pack)
    assert any("red coordinate 9ZZ has no cell" in e for e in errors)
    loops = [e for e in errors if "loops forever" in e]
    assert len(loops) == 1 and "cells 2AA, 2AB never reach a red coordinate or '/'" in loops[0]
    assert any("[events.U1] is not used" in w for w in warnings)


def test_lint_accepts_loops_that_can_leave():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>2 1AC 1AA", "1AC": "/"})
    assert packs.lint(pack) == ([], [])


def test_the_demo_pack_is_clean_and_uses_every_command_kind():
    from kraken_helpers import demo_pack

    pack = demo_pack()
    assert packs.lint(pack) == ([], [])
    kinds = {c["kind"] for c in pack["cells"].values()}
    assert kinds == {"red", "end", "cmp", "add", "event", "random"}
    texts = [cells_rules.cell_text(c) for c in pack["cells"].values()]
    assert {op for t in texts for op in "<>=+-" if op in t.split()[0] and t[0] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} \
        == set("<>=+-")
    assert any(c["kind"] == "event" and len(c["to"]) == 2 for c in pack["cells"].values())
    assert any(e.get("standby") for e in pack["events"].values())
    interlink_written = {c["var"] for c in pack["cells"].values() if c["kind"] == "add" and c["var"] in cgm.INTERLINK}
    assert {"K", "L"} <= interlink_written


def test_a_pack_that_loops_at_run_time_ends_with_an_error_not_a_hang():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>0 1AA 1AC", "1AC": "/"})
    with pytest.raises(RuleError, match=f"followed {engine.MAX_STEPS} cells without reaching a red coordinate"):
        story_lines.advance(_walk_state("1AA"), dice(), line="1", pack=pack)


def test_a_coordinate_missing_from_the_pack_hands_over_to_step():
    out = apply(_walk_state("1AA"), story_lines.advance, line="1", pack=pack_of({"1AA": "A+1 7XY"}))
    assert out.data["stopped"] == "missing" and out.data["next"] == "7XY"
    assert out.state["lines"]["1"]["running"] is True
    done = apply(out.state, story_lines.step, line="1", cell=cells_rules.parse_cell("8XY"))
    assert "running" not in done.state["lines"]["1"]


# --- random packs: the interpreter's invariants ---------------------------------------------------

COORDS = [f"1A{c}" for c in "ABCDEFGH"]
VARS = "ABK"


def _operand():
    return st.one_of(st.integers(-3, 5).map(str), st.sampled_from(VARS))


def _cell_text():
    to = st.sampled_from(COORDS)
    return st.one_of(
        to,                                                        # red
        st.just("/"),
        st.tuples(st.sampled_from(VARS), st.sampled_from("<>="), _operand(), to, to).map(
            lambda t: f"{t[0]}{t[1]}{t[2]} {t[3]} {t[4]}"),
        st.tuples(st.sampled_from(VARS), st.sampled_from("+-"), st.one_of(st.integers(0, 5).map(str),
                                                                         st.sampled_from(VARS)), to).map(
            lambda t: f"{t[0]}{t[1]}{t[2]} {t[3]}"),
        st.tuples(st.sampled_from(["E1", "E2"]), to).map(lambda t: f"!{t[0]} {t[1]}"),
        st.tuples(st.sampled_from(["E1", "E2"]), to, to).map(lambda t: f"!{t[0]} {t[1]} {t[2]}"),
        st.tuples(st.integers(1, 20), to, to).map(lambda t: f"%{t[0]} {t[1]} {t[2]}"),
    )


PACKS = st.dictionaries(st.sampled_from(COORDS), _cell_text(), min_size=1, max_size=len(COORDS))


def _vars(s):
    return {**{k: v for k, v in s["lines"]["1"]["vars"].items()}, **s["interlink"]}


# How a random pack may legitimately be refused: a loop with no red stop, or a loop like
# `A+A` doubling a variable past what a save file holds (2^63).
REFUSALS = ("without reaching a red coordinate", "more than a save file can hold")
DOUBLING = {"1AA": "A+1 1AB", "1AB": "A+A 1AB"}


def legitimate_refusal(e: RuleError) -> bool:
    return any(r in e.message for r in REFUSALS)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=PACKS, seed=st.integers(0, 2 ** 32), choices=st.lists(st.sampled_from("AB"), max_size=40))
@example(cells=DOUBLING, seed=0, choices=[])
def test_random_packs_keep_the_interpreters_invariants(cells, seed, choices):
    """Slot count, 7-cell wrap, variables change only through + and -, the line stops only
    on red or '/' (or a gap in the pack), and a loop is an error, never a hang."""
    pack = pack_of(cells, {"E1": {"standby": True}})
    start = next(iter(cells))
    s = new_state(lines=(start,))
    s["turn"], s["phase"] = 1, 3
    run = engine.Activation(s, dice(seed=seed), pack["events"], list(choices) + ["A"] * 2000)
    how = None
    for _ in range(engine.MAX_STEPS):
        line = s["lines"]["1"]
        at = line["coords"][-1]
        cell = pack["cells"].get(at)
        if cell is None:
            how = "missing"
            break
        before_vars, before_coords = _vars(s), list(line["coords"])
        try:
            how, what = engine.exec_cell(run, "1", cell)
        except RuleError as e:
            assert legitimate_refusal(e) and cell["kind"] == "add", e.message
            how = "refused"
            break
        after_vars = _vars(s) if how != "end" else before_vars
        if cell["kind"] == "add":
            changed = {k for k in set(before_vars) | set(after_vars) if before_vars.get(k, 0) != after_vars.get(k, 0)}
            assert changed <= {cell["var"]}
            by = cell["by"] if isinstance(cell["by"], int) else before_vars.get(cell["by"], 0)
            expect = before_vars.get(cell["var"], 0) + (by if cell["op"] == "+" else -by)
            assert after_vars.get(cell["var"], 0) == expect
        else:
            assert {k: v for k, v in after_vars.items() if v} == {k: v for k, v in before_vars.items() if v}
        if how == "end":
            break
        coords = s["lines"]["1"]["coords"]
        assert 1 <= len(coords) <= cgm.LINE_CELLS
        if len(before_coords) == cgm.LINE_CELLS:
            assert coords == [before_coords[-1], coords[-1]]
        else:
            assert coords == before_coords + [coords[-1]]
        if how != "follow":
            assert how == "red" and cell["kind"] == "red"
            break
        assert cell["kind"] not in ("red", "end")
    # and the engine's own loop stops the same way, or refuses a loop
    s2 = new_state(lines=(start,))
    s2["turn"], s2["phase"] = 1, 3
    run2 = engine.Activation(s2, dice(seed=seed), pack["events"], list(choices) + ["A"] * 2000)
    try:
        stop, _what = engine.follow(run2, "1", pack["cells"])
    except RuleError as e:
        assert legitimate_refusal(e), e.message
    else:
        assert stop in ("red", "end", "missing")


@settings(deadline=None)
@given(cells=PACKS, seed=st.integers(0, 2 ** 32), turns=st.integers(1, 6), n_lines=st.integers(1, 6),
       adds=st.integers(0, 3))
@example(cells=DOUBLING, seed=0, turns=1, n_lines=1, adds=0)
def test_random_campaigns_keep_six_slots_and_valid_saves(cells, seed, turns, n_lines, adds):
    pack = pack_of(cells)
    starts = [list(cells)[i % len(cells)] for i in range(n_lines)]
    s = new_state("simulation", lines=starts)
    for t in range(turns):
        choices: list[str] = []
        while True:
            try:
                out = phases.turn(s, dice(seed=seed + t), pack=pack, choices=list(choices))
                break
            except NeedChoice:
                choices.append("AB"[(seed + len(choices)) % 2])
            except RuleError as e:
                assert legitimate_refusal(e), e.message
                return
        assert validate_ok(out.state)
        s = out.state
        assert len(s["lines"]) <= 6
        for _ in range(adds):
            try:
                s = story_lines.line_add(s, dice(), coord=starts[0]).state
            except RuleError as e:
                assert len(s["lines"]) == 6 and "all six story line slots are in use" in e.message
        assert len(s["lines"]) <= 6 and validate_ok(s)
        if any(ln.get("running") for ln in s["lines"].values()):
            return


def validate_ok(state) -> bool:
    from journal.games.kraken.model.validate import validate

    problems = validate(state)
    assert not problems, problems
    return True


def test_engine_never_mutates_the_callers_state():
    s = _walk_state("2BC")
    before = copy.deepcopy(s)
    story_lines.advance(s, dice(), line="1", pack=pack_of(WALK), choices=["A"])
    assert s == before
