"""journal/store/logview.py: the committed log, read from its end (issue 21, items 6, 16, 17).

Each entry records the byte at which it was written (`at`). Reading the last entry, every command
sees whether a line before it grew, shrank, appeared or went; a change that keeps every length
(one digit for another) is found by `check`, `log` and `pdf`, which read every line.
"""

from __future__ import annotations

import json

import pytest

from journal.store.logview import never_committed
from journal_testing import Runner, one_error

COMMANDS = [["note", "-s", "camp", "more"], ["undo", "-s", "camp"], ["epm", "track", "-s", "camp", "epm", "+1"],
            ["show", "-s", "camp"], ["log", "-s", "camp", "--tail", "1"]]


@pytest.fixture
def played(camp) -> Runner:
    camp("epm", "track", "-s", "camp", "signal", "+2", ok=True)
    camp("note", "-s", "camp", "a landing", ok=True)
    camp("note", "-s", "camp", "another", ok=True)
    return camp


def lines(journal) -> list[bytes]:
    return (journal.saves / "camp.log.jsonl").read_bytes().split(b"\n")


def put(journal, lines_: list[bytes]) -> None:
    (journal.saves / "camp.log.jsonl").write_bytes(b"\n".join(lines_))


def test_every_entry_records_where_it_was_written(played):
    offset = 0
    for line in lines(played)[:-1]:
        assert json.loads(line)["at"] == offset
        offset += len(line) + 1


@pytest.mark.parametrize("damage", ["not_json", "line_removed", "line_doubled", "spaces_added"])
def test_damage_inside_the_committed_body_is_refused_by_every_command_as_check_names_it(played, damage):
    log = lines(played)
    if damage == "not_json":
        log[2] = log[2][:40]
    elif damage == "line_removed":
        del log[1]
    elif damage == "line_doubled":
        log.insert(1, log[1])
    else:
        log[1] = json.dumps(json.loads(log[1])).encode()  # valid JSON, other spacing
    put(played, log)
    before = played.files("camp")
    r = played("check", "-s", "camp")
    assert r.exit_code == 1
    problem = r.stdout.split("  - ", 1)[1].replace("\n    ", " ").strip()
    for args in COMMANDS:
        assert one_error(played(*args)).endswith(problem), (args, problem)
    assert played.files("camp") == before


def test_a_change_that_keeps_every_length_is_found_by_check_log_and_pdf(played):
    """One character changed for another of the same length inside an earlier entry's number:
    writing commands read every line's head (issue 31 item 9) and refuse it as check does."""
    log = lines(played)
    log[1] = log[1].replace(b'"n":2', b'"n":7')
    put(played, log)
    assert "entry 7 where entry 2 was expected" in one_error(played("note", "-s", "camp", "refused"))
    assert "entry 7 where entry 2 was expected" in played("check", "-s", "camp").stdout
    for args in (["log", "-s", "camp"], ["pdf", "-s", "camp"]):
        assert "entry 7 where entry 2 was expected" in one_error(played(*args))


def test_blank_lines_after_the_last_committed_entry_are_ignored_and_cut_off(played):
    """Item 17: what the docs say of lines past the committed end holds for blank ones too."""
    good = (played.saves / "camp.log.jsonl").read_bytes()
    (played.saves / "camp.log.jsonl").write_bytes(good + b"\n  \n\n")
    played("check", "-s", "camp", ok=True)
    played("show", "-s", "camp", ok=True)
    played("note", "-s", "camp", "after", ok=True)
    log = lines(played)
    assert log[-1] == b"" and b"" not in log[:-1] and json.loads(log[-2])["summary"] == "after"
    played("undo", "-s", "camp", ok=True)
    assert (played.saves / "camp.log.jsonl").read_bytes() == good


def test_a_log_beside_no_save_was_never_committed_when_it_holds_entry_1_at_most(tmp_path):
    log = tmp_path / "c.log.jsonl"
    assert never_committed(str(log))
    for data, expected in ((b"", True), (b"\n\n", True), (b'{"n":1,"kind":"new"}\n', True),
                           (b'{"n":1,"kind":"ne', True), (b'{"n":1}\n{"n":2}\n', False), (b'{"n":2}\n', False),
                           (b"garbage\n", False)):
        log.write_bytes(data)
        assert never_committed(str(log)) is expected, data
