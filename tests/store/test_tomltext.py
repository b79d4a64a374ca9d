"""journal/store/tomltext.py: a batch's save texts, each table kept between lines, are the very
texts tomli-w writes (the log's patches and hashes are of those bytes)."""

from __future__ import annotations

import tomli_w
from hypothesis import given, strategies as st

from journal.store.tomltext import TableTexts

KEYS = st.text(min_size=1, max_size=4)  # bare keys, quoted keys, dotted, unicode
PLAIN = st.one_of(st.integers(-3, 3), st.booleans(), st.floats(allow_nan=False), st.text(max_size=4))
VALUES = st.recursive(PLAIN, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3)),
                      max_leaves=12)
DOCS = st.dictionaries(KEYS, VALUES, max_size=4)


@given(st.lists(DOCS, min_size=1, max_size=5))
def test_each_text_is_the_one_tomli_w_writes_whatever_came_before(docs):
    texts = TableTexts()
    for doc in docs:
        try:
            expected = tomli_w.dumps(doc)
        except (TypeError, ValueError):
            continue
        assert texts.dumps(doc) == expected


def test_a_table_kept_is_written_again_when_a_value_changes_to_one_python_finds_equal():
    """1, 1.0 and true are equal to Python and three values to TOML."""
    texts = TableTexts()
    for value in (1, True, 1.0, 1, "1"):
        doc = {"journal": {"entries": 2}, "state": {"crew": {"Ana": {"level": value}}, "items": {}}}
        assert texts.dumps(doc) == tomli_w.dumps(doc)


def test_arrays_of_tables_empty_tables_and_quoted_keys():
    texts = TableTexts()
    for doc in ({"state": {"log": [{"a": 1}, {"b": [1, 2]}], "x": 1}},
                {"state": {"": {}, "a.b": {"c d": {"é": 1}}, "list": [[{"a": 1}]]}},
                {"a": 1, "t": {}, "u": {"v": {}}},
                {}):
        assert texts.dumps(doc) == tomli_w.dumps(doc)
        assert texts.dumps(doc) == tomli_w.dumps(doc)  # the second time from what was kept
