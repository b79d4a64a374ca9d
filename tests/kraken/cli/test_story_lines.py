"""journal/games/kraken/cli/story_lines.py, end to end: `journal kraken step`, `advance`, `lines`,
`line`, `var`, `lt`, `pack`: story lines (ch. 6)."""

from __future__ import annotations

import shutil

from kraken.kraken_helpers import DEMO_PACK, cli_set_up, j, state


def test_step_forms_of_the_issue(manual):
    d = j(manual, "kraken", "step", "-s", "hand", "2", "!A7", "3TT")
    assert (d["next"], d["stopped"], d["ended"]) == ("3TT", False, False) and d["events"] == ["A7"]
    d = j(manual, "kraken", "step", "-s", "hand", "2", "A>4", "3FR", "4BB")
    assert d["next"] == "4BB"
    out = manual("kraken", "step", "-s", "hand", "2", "A>4", "5FR", "5BB", ok=True).stdout
    assert "compares A=0 > 4: false → 5BB" in out and "Look up 5BB next" in out
    d = j(manual, "kraken", "step", "-s", "hand", "1", "4MB")
    assert d["stopped"] is True and d["ended"] is False and "next" not in d
    d = j(manual, "kraken", "step", "-s", "hand", "2", "/")
    assert d["stopped"] is True and d["ended"] is True and "next" not in d
    assert state(manual, "hand")["lines"] == {"1": {"coords": ["2HA", "4MB"], "vars": {}}}


def test_step_takes_the_cell_quoted_whole_and_a_physical_d20(manual):
    d = j(manual, "kraken", "step", "-s", "hand", "1", "%12 5AA 5AB", "--roll", "12")
    assert d["next"] == "5AA" and d["rolls"] == [{"die": "d20", "value": 12, "source": "entered"}]


def test_step_refuses_a_bad_coordinate_with_the_rule_and_changes_nothing(manual):
    before = manual.files("hand")
    r = manual("kraken", "step", "-s", "hand", "1", "3H")
    assert r.exit_code == 2
    assert r.stderr.strip() == "Error: '3H' is not a coordinate: expected sheet digits then two characters, e.g. 3HC"
    r = manual("kraken", "step", "-s", "hand", "1", "A>4", "3FR")
    assert r.exit_code == 2 and "needs 2 coordinates" in r.stderr
    assert manual.files("hand") == before


def test_a_decision_without_choose_fails_naming_the_option(manual):
    before = manual.files("hand")
    r = manual("kraken", "step", "-s", "hand", "2", "!B8", "3FR", "4BB")
    assert r.exit_code == 2
    assert "--choose is required: line 2 reads event B8 at 2BC, a decision: A → 3FR, B → 4BB" in r.stderr
    assert manual.files("hand") == before
    d = j(manual, "kraken", "step", "-s", "hand", "2", "!B8", "3FR", "4BB", "--choose", "b")
    assert d["next"] == "4BB" and d["decisions"] == [{"line": "2", "event": "B8", "choice": "B", "to": "4BB"}]


def test_pack_check_counts_as_a_person_writes(journal, tmp_path):
    """Issue 20 §3: no "(s)" in the output: "1 problem", "1 event", "1 cell"."""
    one = tmp_path / "one.toml"
    one.write_text('[pack]\ntitle = "One"\n[cells]\n"1AA" = "!E1 1AB"\n"1AB" = "A>4 1AC"\n[events.E1]\n'
                   'title = "Alone"\n', "utf-8")
    r = journal("kraken", "pack", "check", str(one))
    assert r.exit_code == 1 and f"{one}: One: 1 cell, 1 event: 1 problem" in " ".join(r.stdout.split())
    assert r.stderr == f"Error: {one} has 1 problem\n"


def test_pack_check_lints_and_exits_1_on_problems(journal, tmp_path):
    ok = j(journal, "kraken", "pack", "check", str(DEMO_PACK))
    assert ok["ok"] is True and ok["cells"] == 50 and ok["errors"] == []
    bad = tmp_path / "bad.toml"
    bad.write_text('[pack]\ntitle = "Bad"\n[cells]\n"1AA" = "A+1 1AB"\n"1AB" = "A>9 1AA 1AC"\n'
                   '"2AA" = "B+1 2AA"\n"1AD" = "A>4 1AE"\n', "utf-8")
    r = journal("kraken", "pack", "check", str(bad))
    assert r.exit_code == 1
    assert "cell 1AD: 'A>4' compares" in " ".join(r.stdout.split())   # long lines wrap at 100 columns
    bad.write_text('[pack]\ntitle = "Bad"\n[cells]\n"1AA" = "A+1 1AB"\n"1AB" = "A>9 1AA 1AC"\n'
                   '"2AA" = "B+1 2AA"\n', "utf-8")
    r = journal("kraken", "pack", "check", str(bad))
    assert r.exit_code == 1
    out = " ".join(r.stdout.split())
    assert "coordinate 1AC has no cell in the pack" in out and "cells 2AA never reach" in out


def test_a_pack_that_moved_or_changed(journal, tmp_path):
    pack = tmp_path / "p.toml"
    shutil.copy(DEMO_PACK, pack)
    journal("kraken", "new", "P", "--difficulty", "simulation", "--pack", str(pack), "--line", "1AA", ok=True)
    cli_set_up(journal, "P")
    moved = tmp_path / "moved.toml"
    pack.rename(moved)
    r = journal("kraken", "turn", "-s", "P")
    assert r.exit_code == 1 and "is missing from" in r.stderr and "pack use" in r.stderr
    journal("kraken", "pack", "use", "-s", "P", str(moved), ok=True)
    moved.write_text(moved.read_text("utf-8").replace('"1AA" = "!B1 1BA"', '"1AA" = "!B1 1CA"'), "utf-8")
    r = journal("kraken", "turn", "-s", "P")
    assert r.exit_code == 1 and "changed since this campaign recorded it" in r.stderr
    journal("kraken", "pack", "use", "-s", "P", str(moved), ok=True)
    d = j(journal, "kraken", "turn", "-s", "P")
    assert d["lines"]["1"]["coords"][:2] == ["1AA", "1CA"]


def test_lines_var_and_line_commands(manual):
    manual("kraken", "line", "add", "-s", "hand", "4xy", "--note", "from event A7", ok=True)
    manual("kraken", "var", "-s", "hand", "A", "-3", "--line", "3", ok=True)
    manual("kraken", "var", "-s", "hand", "K", "5", ok=True)
    assert j(manual, "kraken", "var", "-s", "hand", "A", "--line", "3") == {"var": "A", "value": -3, "set": True}
    assert j(manual, "kraken", "var", "-s", "hand", "Q")["value"] == 0
    r = manual("kraken", "var", "-s", "hand", "A", "2")
    assert r.exit_code == 2 and "--line N" in r.stderr
    d = j(manual, "kraken", "lines", "-s", "hand")
    assert d["lines"]["3"] == {"coords": ["4XY"], "vars": {"A": -3}, "note": "from event A7"}
    assert d["interlink"] == {"K": 5} and d["pending"] == ["1", "2"]
    out = manual("kraken", "lines", "-s", "hand", ok=True).stdout
    assert "Line 3  4XY" in out and "A=-3" in out and "note: from event A7" in out and "Interlink  K=5" in out
    manual("kraken", "line", "set", "-s", "hand", "3", "5XY", ok=True)
    manual("kraken", "line", "end", "-s", "hand", "3", ok=True)
    assert "3" not in state(manual, "hand")["lines"]


def test_lt_tile(manual):
    manual("kraken", "step", "-s", "hand", "1", "4MB", ok=True)
    manual("kraken", "step", "-s", "hand", "2", "4MC", ok=True)
    manual("kraken", "phase", "-s", "hand", "3", ok=True)
    d = j(manual, "kraken", "lt", "-s", "hand", "--roll", "20")
    assert d["line"] == "3" and d["start"] == "1AT" and d["next"] == "1AT"


def test_a_shipped_pack_is_named_by_its_templates_path(journal):
    r = journal("kraken", "new", "t", "--difficulty", "adventurer", "--pack", "templates:kraken/demo-pack.toml",
                "--line", "1AA")
    assert r.exit_code == 0, r.stderr
    assert "(templates:kraken/demo-pack.toml)" in r.stdout
    assert journal("kraken", "pack", "check", "templates:kraken/demo-pack.toml").exit_code == 0
    r = journal("kraken", "pack", "check", "templates:kraken/no-such-pack.toml")
    assert r.exit_code == 2 and "no pack at templates:kraken/no-such-pack.toml" in r.stderr
