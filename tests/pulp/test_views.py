"""What the state shows: `show` (and --json), hints that are whole commands, 100 columns."""

from __future__ import annotations

from pulp.pulp_helpers import LINE, busy_pulp, j

from journal.games import pulp as game
from journal.games.pulp.rules import odds


def test_show_json_has_the_documented_keys(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    st = j(g, "show", "-s", "g")["state"]
    for a in ("combat", "science", "diplomacy"):
        assert set(st["abilities"][a]) == {"value", "max"}
    for c in ("red", "orange", "blue", "black", "yellow", "white"):
        assert isinstance(st["bag"][c], int) and isinstance(st["supply"][c], int)
    assert st["decks"] == [12, 16, 16] and st["alien"] == 0 and st["quietus"] == 0
    assert st["weapons"] == [] and st["phase"] == "encounter" and st["round"] == 1 and "result" not in st
    assert st["line"][0] == {"card": "G2C.r.PK", "kind": "guardforce", "planets": 1, "status": "pending",
                             "engage_strength": 2, "engage_icon": "S"}
    assert [c["engage_icon"] for c in st["line"]] == ["S", "D", "C"]


def test_hints_are_whole_commands(g):
    out = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True).stdout
    assert "Next: card 1 G2C.r.PK (2 Science): journal pulp engage 1, or journal pulp evade 1\n" in out
    assert "pulp engage 1 --pay ..." not in out and "[--pay" not in out and "ABILITY" not in out
    out = g("show", "-s", "g", ok=True).stdout
    assert "Next: card 1 G2C.r.PK (2 Science): journal pulp engage 1" in out


def test_show_bag_and_odds_of_a_busy_game_fit_100_columns(journal):
    busy_pulp(journal)
    rows = game.summary(journal.state("busy"))
    assert max(len(r) for r in rows if r.startswith(" ")) <= 100       # the tables, before any wrapping
    for cmd in (["show"], ["log"], ["pulp", "bag", "--odds", "5"], ["pulp", "odds"], ["pulp", "odds", "--search", "9"]):
        out = journal(*cmd, "-s", "busy", ok=True).stdout
        assert max(len(line) for line in out.splitlines()) <= 100, cmd
    st = journal.state("busy")
    lines = odds.bag_lines(st, odds.bag_odds(st, 12))
    assert max(len(line) for line in lines) <= 100
