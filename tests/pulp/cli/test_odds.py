"""`journal pulp bag` and `journal pulp odds`, end to end."""

from __future__ import annotations

from pulp.pulp_helpers import LINE, j, p


def test_bag_shows_contents_and_odds(g):
    out = g("pulp", "bag", "-s", "g", "--odds", "3", ok=True).stdout
    assert "The bag holds 26 cubes" in out and "red" in out and "15.4%" in out
    d = j(g, "pulp", "bag", "-s", "g", "--odds", "3")
    assert d["total"] == 26 and abs(d["colours"]["yellow"]["next"] - 5 / 26) < 1e-9
    assert g("pulp", "bag", "-s", "g", "--odds", "0").exit_code == 2


def test_evade_odds_of_an_ability_at_0_show_no_minus_zero(g):
    g("pulp", "ability", "-s", "g", "combat", "=0", ok=True)
    out = g("pulp", "odds", "-s", "g", "--evade", ok=True).stdout
    row = next(line for line in out.splitlines() if line.strip().startswith("Combat"))
    assert row.split()[1:] == ["0", "0.0%", "0.00"]


def test_odds_draws_is_what_bag_odds_shows(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    assert j(g, "pulp", "odds", "-s", "g", "--draws", "3")["draws"] == j(g, "pulp", "bag", "-s", "g", "--odds", "3")
    out = p(g, "odds", "--draws", "3", ok=True).stdout
    assert "  colour  in bag  next draw    1+ in 3  expected" in out


def test_odds_command_json_and_defaults(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    d = j(g, "pulp", "odds", "-s", "g", "--evade", "--pay", "Science")
    assert set(d) == {"evade"} and d["evade"]["pay"] == "science"
    assert {"combat", "science", "diplomacy", "expected_loss", "two_at_zero"} <= set(d["evade"])
    d = j(g, "pulp", "odds", "-s", "g")                               # all three; the search of the line's icons
    assert set(d) == {"draws", "evade", "search"} and d["search"]["draws"] == 4
    d = j(g, "pulp", "odds", "-s", "g", "--search", "2")
    assert set(d) == {"search"}
    assert p(g, "odds", "--pay", "combat").exit_code == 2              # --pay goes with --evade
