"""Issue #13, items 4 and 5: every input has a clean answer, errors are one line, a batch
prints one JSON document and splits lines on line feeds only."""

from __future__ import annotations

import json
import os

import click
import pytest

from journal import __version__
from journal.cli import one_line
from journal_testing import EPM_NEW, TITANS_NEW, Runner, one_error




@pytest.fixture
def camp(journal) -> Runner:
    journal(*EPM_NEW, ok=True)
    return journal


# --- values that crashed the parsers -------------------------------------------------------------

@pytest.mark.parametrize("key, value, expected", [
    ("x = 1\ny", "5", "'x = 1\\ny': a name or value is one line of text"),
    ("signal", "1\nepm = 3", "'1\\nepm = 3': a name or value is one line of text"),
    ("", "5", "'' is not a key"),
    ("a.b = {c = 1} #", "5", "is not a key"),
    ("signal", "9" * 5000, "a number has at most 4300 digits"),
    ("signal", "[" * 3000, ""),
])
def test_set_refuses_keys_and_values_that_are_not_one_toml_key_and_value(camp, key, value, expected):
    before = camp.files("camp")
    r = camp("set", "-s", "camp", key, value)
    assert r.exit_code in (1, 2) and "internal error" not in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
    assert expected in r.stderr
    assert camp.files("camp") == before


def test_set_takes_a_table_value_as_the_table(camp):
    """`set KEY {a = 1}` once set KEY.a (the value's keys were read as the path)."""
    r = camp("set", "-s", "camp", "characters.Ana", "{a = 1}")
    assert "state.characters.Ana.active is missing" in one_error(r, 2)
    camp("set", "-s", "camp", "characters.Ana", "{active = false, piloting = 1}", ok=True)
    assert camp.state("camp")["characters"]["Ana"] == {"active": False, "piloting": 1}


@pytest.mark.parametrize("key, value", [("x = 1\ny", "5"), ("cities = 1\nthreat", "2"), ("threat", "9" * 5000),
                                        ("threat", "1\nx = 2")])
def test_titans_set_refuses_the_same(journal, key, value):
    journal(*TITANS_NEW, ok=True)
    before = journal.files("t")
    one_error(journal("titans", "set", "-s", "t", key, value), 2)
    assert journal.files("t") == before


@pytest.mark.parametrize("expr", ["d6+" + "9" * 5000, "9" * 5000 + "d6", "d" + "9" * 5000, "d6+1234567"])
def test_roll_refuses_numbers_too_long_for_a_die(journal, expr):
    assert "is not a dice expression" in one_error(journal("roll", expr), 2)


# --- one line, always -----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["epm", "odds", "-s", "camp", "piloting", "--character", "Ana\nBo"],
    ["epm", "item", "use", "-s", "camp", "a\nb"],
    ["epm", "track", "-s", "camp", "signal", "x\ny"],
    ["epm", "flip", "-s", "camp", "Zorb\nKell"],
    ["set", "-s", "camp", "a\nb", "1"],
    ["roll", "d6\n+1"],
    ["show", "-s", "a\nb.toml"],
    ["epm", "new", "x", "--character", "Ana", "--planet", "Zorb:pur\nple"],
])
def test_errors_echo_what_was_typed_quoted_on_one_line(camp, args):
    r = camp(*args)
    assert r.exit_code in (1, 2)
    line = r.stderr.splitlines()[-1]
    assert r.stderr.count("Error: ") == 1 and r.stderr.endswith(line + "\n") and line.startswith("Error: ")
    assert "\\n" in line, line


def test_a_click_usage_error_echoing_a_newline_keeps_the_error_on_one_line(camp):
    r = camp("epm", "track", "-s", "camp", "sig\nnal", "+1")
    assert r.exit_code == 2
    after = r.stderr.split("Error: ", 1)[1]
    assert after.count("\n") == 1 and after.endswith("\n")


def test_the_last_resort_escapes_every_line_break():
    assert one_line("plain") == "plain"
    assert one_line("a\nb\rc\u2028d\x0ce") == "a\\nb\\rc\\u2028d\\x0ce"
    assert len(one_line("x\u2029y\x85z").splitlines()) == 1


# --- batch -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("epm --help", "'epm --help' asks for help"),
    ("epm track signal +1 -h", "asks for help: a batch line is a command that changes the save "
                               "(see `journal epm track --help` outside the batch)"),
    ("epm", "'epm' names a group of commands, not a command"),
    ("epm item", "see `journal epm item --help`"),
])
def test_a_batch_line_asking_for_help_or_naming_a_group_is_refused_in_one_line(camp, line, expected):
    before = camp.files("camp")
    assert expected in one_error(camp("batch", "-s", "camp", "-", input=f"note first\n{line}\n"), 2)
    r = camp("--json", "batch", "-s", "camp", "-", input=f"{line}\n")
    assert r.exit_code == 2
    doc = json.loads(r.stdout)  # exactly one JSON document: no help text before it
    assert expected in doc["error"] and "Usage:" not in r.stdout
    assert camp.files("camp") == before


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x0c", "\x0b", "\x1c", "\x85"])
def test_batch_splits_lines_on_line_feeds_only(camp, sep):
    r = camp("--json", "batch", "-s", "camp", "-", input=f"note one{sep}epm track signal +7\n")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["count"] == 1
    assert camp.state("camp")["signal"] == 0


def test_batch_accepts_crlf_line_ends(camp):
    r = camp("--json", "batch", "-s", "camp", "-", input="note one\r\nepm track signal +2\r\n")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["count"] == 2 and camp.state("camp")["signal"] == 2


def test_a_name_with_a_line_break_is_refused_before_any_command_runs(journal, saves):
    """A name typed with a line break would break the save, the log and every hint naming it."""
    r = journal("epm", "new", "x", "--character", "Ana\nBo", "--planet", "Zorb:blue")
    assert r.exit_code == 2 and r.stderr.splitlines()[-1] == ("Error: 'Ana\\nBo': a name or value is one line "
                                                               "of text")
    assert not saves.exists() or not any(saves.iterdir())


# --- issue 21 ----------------------------------------------------------------------------------------

CONTROLS = "\x00\x07\x0b\x0c\x1b\x7f\x85\x9b\u2028\u2029\u202e"


def raw_controls(text: str) -> list[str]:
    """The control characters a terminal would act on, left raw in `text`."""
    return [c for c in text if c in CONTROLS or "\ud800" <= c <= "\udfff"]


def test_names_and_notes_print_their_escape_sequences_escaped(journal):
    """Item 9: an OSC title change, a bell, ESC[8m (hides what follows), a C1 CSI, a right-to-left
    override: shown as \\x1b ..., never sent raw to the terminal."""
    nasty = "Ana\x1b]0;pwned\x07\x1b[8m\x9b2J\u202e"
    r = journal("epm", "new", "c", "--character", f"{nasty}", "--planet", "Zorb:blue", ok=True)
    assert not raw_controls(r.stdout) and "\\x1b]0;pwned\\x07" in r.stdout
    for args in (["note", "-s", "c", f"hid {nasty} here"], ["log", "-s", "c"], ["show", "-s", "c"]):
        r = journal(*args, ok=True)
        assert not raw_controls(r.stdout), (args, r.stdout)
        assert "\\x1b[8m" in r.stdout, args
    entries = json.loads(journal("--json", "log", "-s", "c", ok=True).stdout)
    assert entries[-1]["summary"] == f"hid {nasty} here"  # the data keeps the text as typed


@pytest.mark.parametrize("end", ["\x0b", "\x0c", "\x85", "\u2028", "\x1b", "\x07"])
def test_a_control_character_at_a_messages_end_is_escaped(camp, end):
    """Item 26: VT, FF, NEL, U+2028 ... at a message's end stayed raw."""
    for args in (["epm", f"teleport{end}"], ["sheet", f"epm{end}"], ["use", f"x{end}"], ["show", "-s", f"x{end}.toml"],
                 ["show", "-s", f"x.toml{end}"]):
        r = camp(*args)
        assert r.exit_code in (1, 2), (args, r.stdout)
        line = one_error(r, r.exit_code)
        assert not raw_controls(line) and r.stderr.count("\n") == 1, (args, r.stderr)
    assert one_line("x\x0b") == "x\\x0b" and one_line("x\u2028") == "x\\u2028"


@pytest.mark.parametrize("args", [["note", "-s", "camp", "caf\udce9"], ["note", "-s", "camp", "x", "--", "\udcff"],
                                  ["epm", "track", "-s", "camp", "signal", "+1", "--reason", "caf\udce9"],
                                  ["epm", "challenge", "-s", "camp", "piloting", "--character", "An\udce1"],
                                  ["--saves", "s\udcff", "epm", "new", "x", "--character", "Ana", "--planet",
                                   "Zorb:blue"]])
def test_bytes_that_are_not_utf8_are_a_usage_error_naming_them(camp, args):
    """Item 12: `journal note $'caf\\xe9'` gave "internal error (UnicodeEncodeError)"; with --saves
    it created the campaign, then said nothing was saved."""
    before = sorted(p.name for p in camp.saves.parent.rglob("*"))
    line = one_error(camp(*args), 2)
    assert "is not UTF-8 text: type names, notes and values in UTF-8" in line and "\\x" in line, line
    assert sorted(p.name for p in camp.saves.parent.rglob("*")) == before
    assert json.loads(camp("--json", *args).stdout)["exit"] == 2


def test_an_environment_that_is_not_utf8_is_refused_too(camp):
    from click.testing import CliRunner

    from journal_testing import CLEAN_ENV, _Journal

    assert "JOURNAL_SAVE: 'caf\\xe9' is not UTF-8" in one_error(camp("show", env={"JOURNAL_SAVE": "caf\udce9"}), 2)
    r = CliRunner().invoke(_Journal(), ["list"], env={**CLEAN_ENV, "JOURNAL_SAVES": "s\udcff"})
    assert "--saves: 's\\xff' is not UTF-8" in one_error(r, 2)


def test_a_strict_output_encoding_never_turns_a_saved_command_into_a_traceback(camp):
    """Item 12, in a real process: bytes that are not UTF-8 on the command line, and text an ASCII
    stdout cannot take."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii:strict", "PYTHONUTF8": "0"}
    base = [sys.executable, "-m", "journal", "--saves", "saves"]
    r = subprocess.run(base + ["note", "-s", "camp", b"caf\xe9"], cwd=camp.saves.parent, env=env,
                       capture_output=True)
    assert r.returncode == 2 and r.stderr.startswith(b"Error: 'caf\\xe9' is not UTF-8"), r.stderr
    for args in (["note", "-s", "camp", "café"], ["--json", "note", "-s", "camp", "naïve"]):
        r = subprocess.run(base + args, cwd=camp.saves.parent, env=env, capture_output=True)
        assert r.returncode == 0 and b"Traceback" not in r.stderr and not r.stderr, r.stderr
    assert json.loads(r.stdout)["summary"] == "naïve"  # ASCII JSON, the same text
    assert [e["summary"] for e in json.loads(camp("--json", "log", "-s", "camp").stdout)[-2:]] == ["café", "naïve"]


def test_ctrl_c_exits_130_saying_interrupted(camp, monkeypatch):
    """Item 20: it said "Error: aborted" and exited 1."""
    from journal.runtime import Runtime, failure

    before = camp.files("camp")

    def pressed(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(Runtime, "now", pressed)
    r = camp("epm", "track", "-s", "camp", "signal", "+1")
    assert one_error(r, 130) == "Error: interrupted: nothing was saved by the unfinished command"
    assert camp.files("camp") == before
    try:  # a Ctrl-C at one of Click's prompts reaches journal as an Abort made of it
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise click.exceptions.Abort() from None
    except click.exceptions.Abort as e:
        assert failure(e) == ("interrupted: nothing was saved by the unfinished command", 130)
    assert failure(click.exceptions.Abort()) == ("aborted; nothing was saved", 1)


@pytest.mark.parametrize("args, key", [(["--help"], "help"), (["show", "--help"], "help"), (["epm", "-h"], "help"),
                                       (["--version"], "version")])
def test_json_help_and_version_are_one_json_document(journal, args, key):
    """Item 21: `journal --json --help`, `--json --version` and `--json show --help` printed text."""
    r = journal("--json", *args, ok=True)
    doc = json.loads(r.stdout)
    assert list(doc) == [key]
    assert doc[key].startswith("Usage: journal") if key == "help" else doc[key] == __version__


def test_a_group_without_its_command_is_a_one_line_usage_error(journal):
    """Item 21: `journal --json epm` put the whole help into "error"."""
    r = journal("--json", "epm")
    assert r.exit_code == 2 and json.loads(r.stdout) == {"error": "Missing command. (see: journal epm --help)",
                                                         "exit": 2}
    r = journal("epm")
    assert r.stderr == "Error: Missing command. (see: journal epm --help)\n" and "Commands:" in r.stdout


def test_a_word_that_is_a_value_keeps_its_commands_json(camp):
    r = camp("--json", "note", "-s", "camp", "--", "-h")
    assert json.loads(r.stdout)["summary"] == "-h"


def test_undo_steps_0_is_a_usage_error(camp):
    """Item 26: it exited 1."""
    assert "0 is not in the range x>=1" in one_error(camp("undo", "-s", "camp", "--steps", "0"), 2)
