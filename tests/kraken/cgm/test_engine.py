"""journal/games/kraken/cgm/engine.py: The CGM engine: following a story line cell by cell
(variables, events, decisions, K2-K6)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from kraken.kraken_helpers import WALK, dice, new_state, pack_of, ready_state, set_up, walk_state

from journal.errors import NeedChoice, RuleError
from journal.games.kraken import cgm, phases, story_lines
from journal.games.kraken.cgm import cells as cells_rules, engine


def _line_state(coords=("1AA",), vars_=None, interlink=None):
    s = ready_state(lines=())
    s["lines"]["1"] = {"coords": list(coords), "vars": dict(vars_ or {})}
    s["interlink"] = dict(interlink or {})
    s["turn"], s["phase"] = 1, 3
    return s


def _exec(s, text, *rolls, choices=(), hold=False, activate=False, events=None):
    run = engine.Activation(s, dice(*rolls), events, list(choices), hold=hold, activate=activate)
    how, what = engine.exec_cell(run, "1", cells_rules.parse_cell(text))
    return how, what, run


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


def validate_ok(state) -> bool:
    from journal.games.kraken.schema import validate

    problems = validate(state)
    assert not problems, problems
    return True


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


def test_a_random_switch_is_recorded_with_its_chance_for_the_luck_audit():
    """%12: a d20 of 12 or more, 9 faces of 20."""
    how, what, run = _exec(_line_state(), "%12 1AA 1AB", 12)
    assert run.checks == [{"kind": "CGM %12 random switch", "chance": 0.45, "success": True}]


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


def test_every_coordinate_followed_goes_into_the_next_free_cell():
    line = {"coords": ["1AA"], "vars": {}}
    for c in ("1AB", "1AC"):
        engine.write_coord(line, c)
    assert line["coords"] == ["1AA", "1AB", "1AC"]


def test_seven_full_cells_start_again_with_the_last_coordinate_in_cell_1():
    line = {"coords": ["1AA", "1AB", "1AC", "1AD", "1AE", "1AF", "1AG"], "vars": {"A": 1}}
    assert engine.write_coord(line, "1AH") is True
    assert line["coords"] == ["1AG", "1AH"] and line["vars"] == {"A": 1}


def test_a_pack_that_loops_at_run_time_ends_with_an_error_not_a_hang():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>0 1AA 1AC", "1AC": "/"})
    with pytest.raises(RuleError, match=f"followed {engine.MAX_STEPS} cells without reaching a red coordinate"):
        story_lines.advance(walk_state("1AA"), dice(), line="1", pack=pack)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=PACKS, seed=st.integers(0, 2 ** 32), choices=st.lists(st.sampled_from("AB"), max_size=40))
@example(cells=DOUBLING, seed=0, choices=[])
def test_random_packs_keep_the_interpreters_invariants(cells, seed, choices):
    """Slot count, 7-cell wrap, variables change only through + and -, the line stops only
    on red or '/' (or a gap in the pack), and a loop is an error, never a hang."""
    pack = pack_of(cells, {"E1": {"standby": True}})
    start = next(iter(cells))
    s = ready_state(lines=(start,))
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
    s2 = ready_state(lines=(start,))
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
    s = set_up(new_state("simulation", lines=starts))
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


def test_engine_never_mutates_the_callers_state():
    s = walk_state("2BC")
    before = copy.deepcopy(s)
    story_lines.advance(s, dice(), line="1", pack=pack_of(WALK), choices=["A"])
    assert s == before
