"""journal/toml_text.py writes saves: the text tomli-w gives for the same document, faster.

It is held to tomli-w on every shipped template, on every game's demo save and on generated
documents (strings that need escapes, keys that need quotes, arrays of tables short and long),
and what it writes reads back as the same document."""

from __future__ import annotations

import datetime
import math
import tomllib

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from journal import templates, toml_text

TEMPLATES = sorted(templates.root().rglob("*.toml"))

scalars = (st.text(max_size=30) | st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1) | st.booleans()
           | st.floats(allow_nan=False) | st.dates() | st.datetimes() | st.times())
keys = st.text(max_size=12) | st.sampled_from(["name", "Jet Pack", "a.b", "x-1", "_", ""])


def documents():
    values = st.recursive(
        scalars,
        lambda inner: (st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4)
                       | st.lists(st.dictionaries(keys, inner, max_size=3), min_size=1, max_size=3)),
        max_leaves=25)
    return st.dictionaries(keys, values, max_size=6)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_shipped_template_is_written_as_tomli_w_writes_it(path):
    doc = tomllib.loads(path.read_text("utf-8"))
    assert toml_text.dumps(doc) == tomli_w.dumps(doc)


def test_every_game_demo_save_is_written_as_tomli_w_writes_it(journal):
    journal("demo", ok=True)
    saves = sorted(journal.saves.glob("demo-*.toml"))
    assert len(saves) == 4
    for path in saves:
        text = path.read_text("utf-8")
        doc = tomllib.loads(text)
        assert toml_text.dumps(doc) == tomli_w.dumps(doc) == text, path.name


@settings(deadline=None)
@given(documents())
def test_a_generated_document_is_written_as_tomli_w_writes_it_and_reads_back_the_same(doc):
    text = toml_text.dumps(doc)
    assert text == tomli_w.dumps(doc)
    assert tomllib.loads(text) == doc


def test_strings_escape_quotes_backslashes_and_control_characters_but_not_tabs():
    assert toml_text.string('say "hi"\\\n\t\x00\x7f\x1b') == '"say \\"hi\\"\\\\\\n\t\\u0000\\u007f\\u001b"'
    assert toml_text.key("Jet Pack") == '"Jet Pack"' and toml_text.key("jet_pack-2") == "jet_pack-2"
    assert toml_text.key("") == '""'


def test_an_array_of_tables_is_inline_only_while_each_table_fits_a_line():
    short = {"cards": [{"id": "F1", "hp": 1}]}
    assert toml_text.dumps(short) == 'cards = [\n    { id = "F1", hp = 1 },\n]\n'
    long = {"cards": [{"text": "x" * 90}]}
    assert toml_text.dumps(long) == f'[[cards]]\ntext = "{"x" * 90}"\n'


def test_infinity_is_written_as_toml_writes_it():
    assert toml_text.dumps({"x": math.inf, "y": -math.inf}) == "x = inf\ny = -inf\n"


def test_what_toml_cannot_hold_is_refused_as_tomli_w_refuses_it():
    with pytest.raises(TypeError, match="not TOML serializable"):
        toml_text.dumps({"x": {1, 2}})
    with pytest.raises(TypeError, match="A string is required"):
        toml_text.dumps({"x": {1: 2}})
    with pytest.raises(ValueError, match="offset times"):
        toml_text.dumps({"t": datetime.time(1, 2, tzinfo=datetime.timezone.utc)})
