"""Core helpers for what players read and name: prose wrapped to the screen, shipped data files."""

from __future__ import annotations

import io
import sys
import time

from journal import templates
from journal.text import MAX_WIDTH, plural, shown, wrap, width


def test_width_is_the_terminal_width_at_most_100(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert width() == MAX_WIDTH == 100
    monkeypatch.setenv("COLUMNS", "72")
    assert width() == 72
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert width() == 100  # not a terminal (a pipe, a file): 100


def test_prose_wraps_at_spaces_and_keeps_short_lines_and_indents():
    line = "Fight Phase next, in turn from the Lead Character (Ana, then Bo): " + "move and attack, " * 6 + "done."
    out = wrap([line, "short"], 60)
    assert all(len(x) <= 60 for x in out) and out[-1] == "short"
    assert " ".join(out[:-1]) == line
    rows = wrap(["  " + "word " * 30], 40)
    assert rows[0].startswith("  word") and all(r.startswith("    word") for r in rows[1:])


def test_a_command_hint_is_never_split_so_it_can_be_pasted():
    hint = "journal titans supports PLAYER --from CITY --to CITY"
    line = "Development done. Supports may move up to 3 cities (" + hint + "), then journal titans ending."
    for columns in range(40, 100):
        out = wrap([line], columns)
        assert any(hint in x for x in out), columns
        assert any("journal titans ending." in x for x in out)
    out = wrap(["Use the card: `pulp engage 1 --pay combat=2 --die red:6:4` " + "and more words " * 5], 40)
    assert any("`pulp engage 1 --pay combat=2 --die red:6:4`" in x for x in out)


def test_a_shipped_data_file_is_named_templates_game_file():
    assert templates.resolve("templates:titans/board-sample.toml") == templates.path("titans", "board-sample.toml")
    assert templates.resolve("my/board.toml").as_posix() == "my/board.toml"
    assert "templates:titans/dice-sample.toml" in templates.shipped("titans")
    assert templates.shipped("no-such-game") == []


# --- shell words: the same as shlex, in linear time (issue 21, item 11) ----------------------------


def test_shown_escapes_what_a_terminal_would_act_on():
    assert shown("plain é 名前") == "plain é 名前"
    assert shown("a\x1b[8mb\x07\x9b\u2028\u202e\udce9") == "a\\x1b[8mb\\x07\\x9b\\u2028\\u202e\\udce9"


def test_a_line_at_the_length_limit_is_split_by_shlex_in_bounded_time(camp):
    """Issue 21 item 11: shlex builds a quoted word a character at a time (a 400k-character value
    took 11.5 s, a 5 MB line never finished, while a batch held the folder's lock). A line holds
    at most MAX_LINE characters, so the worst line shlex reads is bounded: well under a second."""
    from journal.text import MAX_LINE

    line = 'note "' + "x" * (MAX_LINE - 20) + '"'
    start = time.perf_counter()
    r = camp("batch", "-", input=f"{line}\n")
    assert time.perf_counter() - start < 5.0 and r.exit_code == 0, r.stderr
    longer = camp("batch", "-", input='note "' + "x" * MAX_LINE + '"\n')
    assert longer.exit_code == 2 and f"a batch line holds at most {MAX_LINE}" in longer.stderr



def test_a_name_already_taken_is_the_same_ignoring_case_and_unicode_form():
    from journal.lookup import already

    assert already(["Ana", "Jos\u00e9"], "ANA") == "Ana"
    assert already(["Ana", "Jos\u00e9"], "jose\u0301") == "Jos\u00e9"  # e and a combining accent
    assert already(["Ana"], "Bo") is None


def test_an_unknown_name_is_refused_listing_the_known_ones_in_plural():
    import pytest as _pytest

    from journal.errors import InputError
    from journal.lookup import find

    with _pytest.raises(InputError, match=r"^--character 'Zed' is not a character: known characters are Ana, Bo$"):
        find({"Ana": 1, "Bo": 2}, "Zed", "character", "--character")
    with _pytest.raises(InputError, match=r"is not a weapon of Ray: known weapons of Ray are Laser$"):
        find({"Laser": 1}, "Gun", "weapon of Ray")


def test_plural_is_written_as_a_person_writes_it():
    assert [plural(1, "cube"), plural(2, "cube"), plural(0, "cube")] == ["1 cube", "2 cubes", "0 cubes"]
    assert plural(2, "planet search") == "2 planet searches"  # -es after s, x, z, ch, sh
    assert [plural(3, w) for w in ("bonus", "box", "blitz", "crash")] == ["3 bonuses", "3 boxes", "3 blitzes",
                                                                          "3 crashes"]
    assert plural(3, "die", "dice") == "3 dice" and plural(1, "die", "dice") == "1 die"
