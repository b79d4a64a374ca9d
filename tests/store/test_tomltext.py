"""journal/store/tomltext.py: a batch's save texts, each table kept between lines, are the very
texts tomli-w writes (the log's patches and hashes are of those bytes)."""

from __future__ import annotations

import pytest
import tomli_w
from hypothesis import given, strategies as st

from journal.log import diff_values
from journal.store.tomltext import TableTexts

KEYS = st.text(min_size=1, max_size=4)  # bare keys, quoted keys, dotted, unicode
SMALL_KEYS = st.sampled_from(["a", "b", "c"])  # few keys: tables come and go at the same paths
PLAIN = st.one_of(st.integers(-3, 3), st.booleans(), st.floats(allow_nan=False), st.text(max_size=4))


def documents(keys):
    values = st.recursive(PLAIN, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(keys, inner, max_size=3)), max_leaves=12)
    return st.dictionaries(keys, values, max_size=4)


def texts_in_turn(docs: list[dict]) -> None:
    """Each document's text from the last one's and the paths where they differ, as a batch
    writes them, is tomli-w's."""
    texts, before = TableTexts(), None
    for doc in docs:
        try:
            expected = tomli_w.dumps(doc)
        except (TypeError, ValueError):
            continue
        differ: set[tuple] = set()
        if before is not None:
            diff_values(before, doc, differ=differ)
        assert texts.after(before, doc, differ) == expected
        before = doc


@given(st.lists(documents(KEYS), min_size=1, max_size=5))
def test_each_text_is_the_one_tomli_w_writes_whatever_came_before(docs):
    texts_in_turn(docs)


@given(st.lists(documents(SMALL_KEYS), min_size=2, max_size=8))
def test_tables_that_come_go_and_come_back_at_one_path_are_written_as_they_now_are(docs):
    texts_in_turn(docs)


def test_a_table_kept_is_written_again_when_a_value_changes_to_one_python_finds_equal():
    """1, 1.0 and true are equal to Python and three values to TOML; so are 0.0 and -0.0."""
    texts_in_turn([{"journal": {"entries": 2}, "state": {"crew": {"Ana": {"level": value}}, "items": {}}}
                   for value in (1, True, 1.0, 1, "1", [1], [True], [1.0], 0.0, -0.0)])


def test_a_table_whose_keys_come_in_another_order_is_written_in_that_order():
    texts_in_turn([{"state": {"crew": {"Ana": {"a": 1}, "Bo": {"b": 2}}, "n": 1}},
                   {"state": {"crew": {"Bo": {"b": 2}, "Ana": {"a": 1}}, "n": 1}},
                   {"state": {"n": 1, "crew": {"Bo": {"b": 2}, "Ana": {"a": 1}}}}])


def test_a_table_removed_then_added_again_is_not_given_its_old_text():
    texts_in_turn([{"s": {"p": {"c": {"x": 1}}, "n": 1}},
                   {"s": {"n": 2}},
                   {"s": {"p": {"c": {"x": 2}}, "n": 2}}])


@pytest.mark.parametrize("then", [{}, {"arr": [1]}])  # the array gone, or holding no table
def test_tables_below_an_array_of_tables_are_written_as_they_are_once_it_is_gone(then):
    texts_in_turn([{"s": {"t": {"a": {"x": 1}}}},
                   {"s": {"t": {"a": {"x": 1}, "arr": [{"k": 1}]}}},
                   {"s": {"t": {"a": {"x": 2}, "arr": [{"k": 1}]}}},
                   {"s": {"t": {"a": {"x": 2}, **then}}}])


def test_a_document_not_after_the_last_one_is_written_whole():
    texts = TableTexts()
    one, two = {"s": {"t": {"x": 1}}}, {"s": {"t": {"x": 2}}}
    assert texts.after(None, one, set()) == tomli_w.dumps(one)
    assert texts.after(None, two, set()) == tomli_w.dumps(two)
    assert texts.after(one, one, set()) == tomli_w.dumps(one)  # `one` is not the last document: all written


def test_arrays_of_tables_empty_tables_and_quoted_keys():
    texts = TableTexts()
    for doc in ({"state": {"log": [{"a": 1}, {"b": [1, 2]}], "x": 1}},
                {"state": {"": {}, "a.b": {"c d": {"é": 1}}, "list": [[{"a": 1}]]}},
                {"a": 1, "t": {}, "u": {"v": {}}},
                {}):
        assert texts.after(None, doc, set()) == tomli_w.dumps(doc)
        assert texts.after(doc, doc, set()) == tomli_w.dumps(doc)  # the second time from what was kept
