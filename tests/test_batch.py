"""journal batch: many commands, one log entry each, all or nothing."""

from __future__ import annotations

import json
import time

from journal_testing import one_error


def test_batch_runs_every_line_as_one_entry(camp, tmp_path):
    f = tmp_path / "b.txt"
    f.write_text("# a comment\n\nepm card 3\nepm challenge piloting --character Ana --roll 5\n"
                 "note All good  # trailing comment\nroll 2d6\n")
    r = camp("--json", "batch", "-s", "camp", str(f), ok=True)
    doc = json.loads(r.stdout)
    assert doc["count"] == 4 and [x["line"] for x in doc["results"]] == [3, 4, 5, 6]
    entries = json.loads(camp("--json", "log", "-s", "camp", ok=True).stdout)
    assert [e["command"] for e in entries[1:]] == ["epm card 3", "epm challenge piloting --character Ana --roll 5",
                                                     "note All good", "roll 2d6"]
    assert camp.state("camp")["characters"]["Ana"]["active"] is False


def test_batch_is_all_or_nothing(camp, tmp_path):
    before = camp.files("camp")
    f = tmp_path / "b.txt"
    f.write_text("epm card 3\nepm track epm +2\nepm challenge piloting --character Zed\nepm card 5\n")
    r = camp("batch", "-s", "camp", str(f))
    assert r.exit_code == 2 and r.stderr.startswith("Error: line 3: ")
    assert camp.files("camp") == before


def test_batch_usage_error_names_the_line(camp, tmp_path):
    f = tmp_path / "b.txt"
    f.write_text("epm card 3\nepm card\n")
    r = camp("batch", "-s", "camp", str(f))
    assert r.exit_code == 2 and "line 2" in r.stderr


def test_batch_missing_choice_lists_its_values_on_the_error_line(camp):
    r = camp("batch", "-s", "camp", "-", input="epm challenge --character Ana\n")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == ["Error: line 1: Missing argument 'TYPE'. Choose from: piloting, diplomacy, "
                                     "dexterity, perception, strength"]


def test_batch_lines_are_read_as_the_cli_reads_them(camp, tmp_path):
    """A batch runs its lines under one root context (the root has nothing to parse on a line):
    errors, groups named alone and words that are not one line of text read as on the command line."""
    f = tmp_path / "b.txt"
    cases = {"note a\x00b": "Error: line 2: 'a\\x00b' holds a NUL character: a name or value is text",
             "epm item": "Error: line 2: 'epm item' names a group of commands, not a command: write the whole "
                         "command (see `journal epm item --help`)",
             "epm bogus": "Error: line 2: No such command 'bogus'.",
             "epm track signal": "Error: line 2: Missing argument 'DELTA'."}
    for line, error in cases.items():
        f.write_bytes(f"epm card 2\n{line}\n".encode("utf-8"))
        before = camp.files("camp")
        r = camp("batch", "-s", "camp", str(f))
        assert r.exit_code == 2 and r.stderr.splitlines()[-1] == error, (line, r.stderr)
        assert camp.files("camp") == before
    camp("batch", "-s", "camp", "-", input="epm card 2\nnote -s camp hello\nepm track -s camp signal +2\n", ok=True)
    assert camp.state("camp")["signal"] == 2


def test_batch_lines_end_at_line_feeds_only_from_a_file_or_stdin(camp, tmp_path):
    """A lone CR inside a line is whitespace in that line (as a shell reads it), not a new line;
    a CRLF ends a line."""
    f = tmp_path / "b.txt"
    f.write_bytes(b"note a\rb\r\nepm track signal +1\n")
    r = camp("--json", "batch", "-s", "camp", str(f), ok=True)
    assert json.loads(r.stdout)["count"] == 2
    r = camp("--json", "batch", "-s", "camp", "-", input="note c\rd\n", ok=True)
    assert json.loads(r.stdout)["count"] == 1
    assert camp.state("camp")["signal"] == 1


def test_batch_reads_stdin(camp):
    r = camp("batch", "-s", "camp", "-", input="epm track signal +4\nepm track signal -1\n", ok=True)
    assert "Ran 2 commands" in r.stdout
    assert camp.state("camp")["signal"] == 3


def test_batch_lines_may_name_the_same_save(camp):
    camp("batch", "-s", "camp", "-", input="epm card -s camp 4\n", ok=True)
    r = camp("batch", "-s", "camp", "-", input="epm card -s other 4\n")
    assert r.exit_code == 2 and "runs on 'camp'" in r.stderr


def test_batch_refuses_commands_that_change_nothing(camp):
    for line in ("show", "log", "undo", "pdf", "epm odds piloting --character Ana", "epm new x --character A --planet P:blue",
                 "batch -", "--json epm card 3"):
        before = camp.files("camp")
        r = camp("batch", "-s", "camp", "-", input=f"epm card 2\n{line}\n")
        assert r.exit_code == 2 and "line 2" in r.stderr, line
        assert camp.files("camp") == before


def test_batch_undo_reverts_each_line_separately(camp):
    camp("batch", "-s", "camp", "-", input="epm track signal +4\nepm track signal +1\n", ok=True)
    camp("undo", "-s", "camp", ok=True)
    assert camp.state("camp")["signal"] == 4


def test_batch_negative_numbers_and_quotes(camp):
    camp("batch", "-s", "camp", "-", input='epm track epm +5\nepm track epm -2\nnote "a \\"quoted\\" note"\n', ok=True)
    assert camp.state("camp")["epm"] == 3
    entry = json.loads(camp("--json", "log", "-s", "camp", "--tail", "1", ok=True).stdout)[0]
    assert entry["summary"] == 'a "quoted" note'


def test_batch_unbalanced_quote_is_an_error(camp):
    r = camp("batch", "-s", "camp", "-", input='note "oops\n')
    assert r.exit_code == 2 and "line 1" in r.stderr


def test_a_batch_session_reads_its_pending_entries_before_the_log(camp, saves):
    """Session.newest_entries: what a batch did so far (not on disk yet), then the log, newest first."""
    from journal.store.paths import resolve
    from journal.outcome import note
    from journal.session import Session

    for i in range(20):
        camp("note", "-s", "camp", f"on disk {i}", ok=True)
    with Session(resolve("camp", saves)) as s:
        s.apply(note, {"text": "pending 1"}, command="note pending 1", time="t")
        s.apply(note, {"text": "pending 2"}, command="note pending 2", time="t")
        entries = list(s.newest_entries())
    assert [e["summary"] for e in entries[:4]] == ["pending 2", "pending 1", "on disk 19", "on disk 18"]
    assert [e["n"] for e in entries] == list(range(23, 0, -1))   # every entry once, down to the first


def test_a_long_line_is_read_in_linear_time_and_a_longer_one_refused(camp):
    """Issue 21, item 11: a quoted value of 400k characters took 11.5 s while the batch held the
    folder's lock, and a 5 MB line never finished."""

    start = time.perf_counter()
    r = camp("batch", "-s", "camp", "-", input=f'note "{"x" * 90_000}"\n')
    assert r.exit_code == 0 and time.perf_counter() - start < 5, r.stderr
    before = camp.files("camp")
    start = time.perf_counter()
    r = camp("batch", "-s", "camp", "-", input=f'note "{"x" * 5_000_000}"\n')
    assert time.perf_counter() - start < 5
    assert one_error(r, 2) == "Error: line 1 holds 5000007 characters: a batch line holds at most 100000"
    assert camp.files("camp") == before


def test_a_batch_file_that_is_no_regular_file_or_too_big_is_refused_before_it_is_read(camp, tmp_path):
    """Issue 31 item 10: a FIFO (reading it would wait forever), /dev/zero (never ends) and a
    300 MB file (read whole for nothing) are refused at once, naming what they are."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(300 * 1024 * 1024)  # sparse: no disk used
    before = camp.files("camp")
    for path, said in ((fifo, "it is a FIFO"), ("/dev/zero", "it is a device, not a regular file"),
                       (huge, "it holds 314572800 bytes, more than the 16777216"),
                       (tmp_path / "missing.txt", "no batch file")):
        started = time.monotonic()
        error = one_error(camp("batch", "-s", "camp", str(path)), 2)
        assert said in error and time.monotonic() - started < 2, error
    assert camp.files("camp") == before


def test_a_batch_on_stdin_is_read_as_before(camp):
    r = camp("batch", "-s", "camp", "-", input="note from stdin\n", ok=True)
    assert r.stdout.endswith("Ran 1 command on 'camp'.\n")


def test_a_line_of_plain_words_is_split_as_shlex_splits_it():
    """batch reads a line of words between spaces and tabs without shlex (most lines are such);
    a line with a quote, an escape, a comment or another space goes through shlex."""
    import random
    import shlex

    from journal.batch import SHELL_SYNTAX

    pick = random.Random(31)
    chars = " \t\"'\\#ab-=é\x0b\x0c\xa0\u2028\u3000\r"
    for _ in range(20000):
        line = "".join(pick.choice(chars) for _ in range(pick.randint(0, 9))).strip()
        if SHELL_SYNTAX.search(line) is None:
            assert line.split() == shlex.split(line, comments=True), repr(line)
