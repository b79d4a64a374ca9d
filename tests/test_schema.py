"""journal/schema.py: a validator's quick `valid` yes never hides a problem.

Tables, maps and arrays skip building a key's path for a value their validator calls valid
(most of a save's validation). Whatever the value, the problems found with that shortcut must
be exactly those found by checking everything."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from journal import games, schema
from journal.schema import Bool, Int, List, Map, Str, Table, opt

SCHEMA = Table({
    "n": Int(0, 9),
    "low": opt(Int(1)),
    "flag": Bool(),
    "kind": opt(Str(choices=("red", "blue"))),
    "code": opt(Str(pattern=r"[A-Z]{1,2}", describe="1-2 capitals")),
    "note": opt(Str(nonempty=False)),
    "name": opt(Str()),
    "crew": opt(Map(Table({"hp": Int(0, 5), "tags": opt(List(Str(), max_items=2))}), min_items=1,
                    unique_casefold=True)),
    "codes": opt(Map(Int(), key_pattern=r"[a-z]+", key_describe="lower case")),
    "lines": opt(List(Table({"name": Str(), "n": opt(Int())}), unique_casefold="name")),
})

values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(" \tAZaz", max_size=3)
    | st.sampled_from(["red", "blue", "A", "AB", "abc", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["n", "low", "flag", "kind", "code", "note", "name", "crew", "codes", "lines", "hp", "tags",
                         "Ana", "ana", "x", "Bo"]), inner, max_size=5),
    max_leaves=20)


def everything_checked(validator, value) -> list[str]:
    """The problems found with no quick yes anywhere."""
    problems: list[str] = []
    with pytest.MonkeyPatch.context() as mp:
        for cls in (schema.Validator, Int, Bool, Str, Table, Map, List):
            mp.setattr(cls, "valid", lambda self, value: False)
        validator.check(value, "state", problems)
    return problems


def quickly_checked(validator, value) -> list[str]:
    problems: list[str] = []
    validator.check(value, "state", problems)
    return problems


@settings(deadline=None)
@given(values)
def test_the_quick_yes_finds_exactly_the_problems_a_full_check_finds(value):
    assert quickly_checked(SCHEMA, value) == everything_checked(SCHEMA, value)
    if SCHEMA.valid(value):
        assert quickly_checked(SCHEMA, value) == []


@settings(deadline=None)
@given(st.integers(0, 9), st.booleans(), st.sampled_from(["red", "blue", "green", " ", ""]),
       st.dictionaries(st.sampled_from(["Ana", "ana", "Bo"]), st.integers(-1, 6), max_size=3))
def test_near_valid_documents_are_judged_alike(n, flag, kind, crew):
    value = {"n": n, "flag": flag, "kind": kind, "crew": {k: {"hp": hp} for k, hp in crew.items()}}
    assert quickly_checked(SCHEMA, value) == everything_checked(SCHEMA, value)


def test_every_game_demo_state_is_judged_alike_and_valid(journal):
    import tomllib

    journal("demo", ok=True)
    for path in sorted(journal.saves.glob("demo-*.toml")):
        doc = tomllib.loads(path.read_text("utf-8"))
        game = games.load(doc["journal"]["game"])
        assert game.validate(doc["state"]) == [], path.name
        broken = {**doc["state"], "turn": -5, "unknown_key": 1}
        found = game.validate(broken)
        assert found and any("unknown_key" in p for p in found), path.name


def test_names_equal_under_unicode_normalisation_are_one_name():
    """Issue 21, item 24: "José" with a composed é (NFC) and with e + a combining accent (NFD) are
    the same name to a player; so are they to journal, as "Ana" and "ana" are."""
    import unicodedata

    from journal.lookup import find
    from journal.schema import casefold_twins, fold

    nfc, nfd = unicodedata.normalize("NFC", "José"), unicodedata.normalize("NFD", "José")
    assert nfc != nfd and fold(nfc) == fold(nfd) == fold("JOSÉ")
    assert find({nfd: 1, "Ana": 2}, nfc, "character") == nfd
    assert find({nfc: 1}, "jOSE\u0301", "character") == nfc
    problems: list[str] = []
    casefold_twins([nfc, nfd], "state.characters", "name", problems)
    assert problems and "differ only in how their letters are encoded" in problems[0]
    problems = []
    casefold_twins(["Ana", "ana"], "state.characters", "name", problems)
    assert problems == ['state.characters: "Ana" and "ana" differ only in case: names must differ ignoring case']


def test_a_save_with_two_spellings_of_one_name_is_invalid(camp):
    import unicodedata

    save = camp.saves / "camp.toml"
    text = save.read_text("utf-8").replace("[state.characters.Cy]", f'[state.characters."{unicodedata.normalize("NFD", "José")}"]')
    text = text.replace("[state.characters.Bo]", f'[state.characters."{unicodedata.normalize("NFC", "José")}"]')
    save.write_text(text, "utf-8")
    r = camp("check", "-s", "camp")
    assert r.exit_code == 1 and "differ only in how their letters are encoded" in " ".join(r.stdout.split())
