"""Dice: counter-based seeded generator, physical dice (rules note A1), expressions."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from journal.dice import Dice, die_value, parse_expr
from journal.errors import InputError


def test_same_seed_and_counter_give_the_same_die():
    assert [die_value(42, k, 6) for k in range(50)] == [die_value(42, k, 6) for k in range(50)]


def test_different_seeds_give_different_sequences():
    seq1 = [die_value(1, k, 20)[0] for k in range(30)]
    seq2 = [die_value(2, k, 20)[0] for k in range(30)]
    assert seq1 != seq2


@given(st.integers(0, 2**63 - 1), st.integers(0, 10**9), st.sampled_from([2, 3, 6, 20, 100, 1000]))
def test_die_faces_stay_within_the_die(seed, counter, sides):
    face, nxt = die_value(seed, counter, sides)
    assert 1 <= face <= sides and nxt > counter


def test_d6_is_roughly_uniform():
    d = Dice(123)
    counts = Counter(d.roll(6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_counter_advances_only_for_rolled_dice():
    d = Dice(5, 10, [4])
    assert d.roll(6) == 4 and d.counter == 10
    d.roll(6)
    assert d.counter > 10


def test_entered_dice_are_used_first_and_recorded():
    d = Dice(5, 0, [3, 6])
    assert [d.roll(6), d.roll(6)] == [3, 6]
    d.roll(6)
    assert [r.source for r in d.rolls] == ["entered", "entered", "rolled"]


@pytest.mark.parametrize("value,sides", [(7, 6), (0, 6), (-1, 6), (21, 20), (4, 3)])
def test_entered_dice_are_validated_against_the_die(value, sides):
    with pytest.raises(InputError, match=f"--roll {value} is not a d{sides} result: expected 1-{sides}"):
        Dice(1, 0, [value]).roll(sides)


def test_unused_entered_dice_are_refused():
    d = Dice(1, 0, [3, 4])
    d.roll(6)
    with pytest.raises(InputError, match="unused 4"):
        d.finish()


@pytest.mark.parametrize("text,terms", [
    ("d6", ((1, 1, 6),)), ("2d6+3", ((1, 2, 6), (1, 0, 3))), ("d20", ((1, 1, 20),)), ("D3", ((1, 1, 3),)),
    ("3d6-2", ((1, 3, 6), (-1, 0, 2))), ("2d6+d4-1", ((1, 2, 6), (1, 1, 4), (-1, 0, 1)))])
def test_dice_expressions_parse(text, terms):
    assert parse_expr(text).terms == terms


@pytest.mark.parametrize("text", ["", "6", "d", "2x6", "d1", "101d6", "d6+", "d6 +", "dd6", "2d6*2"])
def test_bad_dice_expressions_are_refused(text):
    with pytest.raises(InputError):
        parse_expr(text)


def test_expression_total_includes_modifiers():
    total, faces = parse_expr("2d6+3").roll(Dice(1, 0, [2, 5]))
    assert faces == [2, 5] and total == 10


def test_draws_come_from_the_pool_weighted_by_count():
    d = Dice(9)
    counts = Counter(d.draw({"red": 3, "blue": 1, "white": 0}) for _ in range(4000))
    assert set(counts) == {"red", "blue"} and 2700 < counts["red"] < 3300


def test_entered_draws_must_be_in_the_pool():
    d = Dice(9, 0, draws=["red", "black"])
    assert d.draw({"red": 1}) == "red"
    with pytest.raises(InputError, match="--draw black: the bag holds no black"):
        d.draw({"red": 1, "blue": 2})
    assert d.rolls[0].as_dict() == {"die": "bag", "value": "red", "source": "entered"}


def test_drawing_from_an_empty_pool_is_refused():
    from journal.errors import RuleError
    with pytest.raises(RuleError, match="empty"):
        Dice(1).draw({"red": 0})


def test_unused_entered_draws_are_refused():
    d = Dice(1, 0, [2], draws=["red", "blue"])
    d.roll(6)
    d.draw({"red": 1})
    with pytest.raises(InputError, match="unused blue"):
        d.finish()
