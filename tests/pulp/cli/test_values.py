"""What the player types: a malformed value is a usage error (exit 2); values listed in a help are
accepted in any case."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import LINE, NEW, p


@pytest.mark.parametrize("args", [["ability", "combat", "x"], ["ability", "luck", "+1"], ["cubes", "q", "--from",
                                                                                              "bag", "--to", "supply"],
                                  ["deck", "9", "+1"], ["odds", "--draws", "0"], ["odds", "--evade", "--pay", "luck"],
                                  ["round", "--planet", "Mars", "X9"]])
def test_a_malformed_value_is_a_usage_error_exit_2(g, args):
    r = p(g, *args)
    assert r.exit_code == 2 and "Error: " in r.stderr, r.stderr


def test_values_listed_in_a_help_are_accepted_in_any_case(journal):
    args = [a if a != "normal" else "NORMAL" for a in NEW]
    journal(*args, ok=True)
    g = journal
    p(g, "cubes", "K", "--from", "BAG", "--to", "Supply", ok=True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    p(g, "engage", "1", "--icon", "s", "--pay", "Science=2", ok=True)
    p(g, "evade", "2", "--pay", "COMBAT", "--draw", "K,R,B", ok=True)
    p(g, "engage", "3", "--die", "RED", ok=True)
    p(g, "search", "--draw", "Y,R", ok=True)
    p(g, "assign", "R", "--supply", ok=True)
    p(g, "end", "Won", ok=True)
    assert g.state("g")["result"] == "won"


def test_typed_values_are_read_into_the_rules_own():
    from journal.errors import InputError
    from journal.games.pulp.cli import values

    assert values.ability_name("Super Science") == "science" and values.ability_name("d") == "diplomacy"
    assert values.colour_name("grey", "--die", ("gray",)) == "gray"
    assert values.parse_cubes("k,ro") == ["black", "red", "orange"]
    assert values.parse_payment(["combat=2", "c=1,science=2"]) == {"combat": 3, "science": 2}
    assert values.parse_add("-1d") == (-1, "D") and values.parse_needs("r2,b1") == {"red": 2, "blue": 1}
    assert values.parse_die("red:4:2") == ("red", 4, 2) and values.parse_die("gray") == ("gray", None, None)
    assert values.parse_alien("The QUIETUS:s") == ("The Quietus", "S") and values.parse_track("5", "--combat") == (5, 5)
    for bad in (lambda: values.parse_die("red:3:4:1"), lambda: values.parse_track("4/11", "--combat"),
                lambda: values.parse_face("gray=7"), lambda: values.parse_alien("  "),
                lambda: values.place_of("weapon", "--to")):
        with pytest.raises(InputError):
            bad()
