"""The table shell's history file (`.NAME.history`) as journal reads and writes every file (issue 31
item 11): a FIFO, a device or a folder there never holds the shell; a regular file round-trips."""

from __future__ import annotations

import json
import os
import time

from journal.play.terminal import CampaignHistory


def test_the_history_round_trips_in_a_regular_file(tmp_path):
    path = tmp_path / ".camp.history"
    history = CampaignHistory(str(path))
    history.store_string("show")
    history.store_string("note first\nsecond")
    assert list(CampaignHistory(str(path)).load_history_strings()) == ["note first\nsecond", "show"]


def test_a_fifo_a_device_or_a_folder_as_history_never_blocks(tmp_path):
    fifo = tmp_path / ".camp.history"
    os.mkfifo(fifo)
    folder = tmp_path / ".dir.history"
    folder.mkdir()
    for path in (fifo, folder, "/dev/zero"):
        history = CampaignHistory(str(path))
        started = time.monotonic()
        assert list(history.load_history_strings()) == []
        history.store_string("show")  # the line is kept in memory only
        assert time.monotonic() - started < 2
    assert not list(tmp_path.glob("*.tmp"))


def test_a_history_that_is_a_link_is_not_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("mine\n")
    link = tmp_path / ".camp.history"
    link.symlink_to(target)
    CampaignHistory(str(link)).store_string("show")
    assert target.read_text() == "mine\n"


def test_play_with_a_fifo_as_its_history_runs_lines_and_leaves(tmp_path):
    """On a real pseudo-terminal: the first Enter runs the line, Ctrl-D leaves (it hung in raw mode)."""
    import pytest

    pytest.importorskip("pexpect")
    from journal_testing import Runner
    from test_play_terminal import EPM_TABLE, Shell

    journal = Runner(tmp_path / "saves")
    journal(*EPM_TABLE, ok=True)
    os.mkfifo(journal.saves / ".table.history")
    sh = Shell(journal.saves, "table")
    sh.ready()
    sh.line("note a line with a FIFO beside")
    sh.ready()
    assert sh.leave("Ctrl-D") == 0
    log = json.loads(journal("--json", "log", "-s", "table").stdout)
    assert log[-1]["command"] == "note a line with a FIFO beside"
