"""journal/games/kraken/cgm/cells.py: CGM coordinates and cells as the sheets print them (rules
notes K1, K2)."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.kraken.cgm import cells as cells_rules


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
