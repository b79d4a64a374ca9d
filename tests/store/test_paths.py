"""journal/store/paths.py: where a campaign lives, links followed only where it is safe
(issue 21, items 4, 7, 26)."""

from __future__ import annotations

import pytest

from journal.errors import SaveError
from journal.store.paths import journal_file, resolve
from journal_testing import one_error


def test_a_symlink_loop_is_called_a_loop(tmp_path):
    (tmp_path / "a.toml").symlink_to("b.toml")
    (tmp_path / "b.toml").symlink_to("a.toml")
    with pytest.raises(SaveError, match=r"a.toml is a symlink loop \(a link that leads back to itself\)"):
        resolve("a", str(tmp_path))
    (tmp_path / "gone.toml").symlink_to("nothing.toml")
    with pytest.raises(SaveError, match="where there is nothing"):
        resolve("gone", str(tmp_path))


def test_the_log_journal_appends_to_is_never_a_link(camp, tmp_path):
    """Item 7: a log link in a folder received from someone would make journal append to any file
    of the player's named like a log."""
    log = camp.saves / "camp.log.jsonl"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "camp.log.jsonl"
    target.write_bytes(log.read_bytes())
    log.unlink()
    log.symlink_to(target)
    before = target.read_bytes()
    line = one_error(camp("note", "-s", "camp", "x"))
    assert "camp.log.jsonl is a link" in line and "journal never appends to a log through a link" in line
    assert target.read_bytes() == before
    log.unlink()
    log.symlink_to(tmp_path / "nowhere" / "camp.log.jsonl")  # dangling: nothing is created there
    assert "is a link" in one_error(camp("note", "-s", "camp", "x"))
    assert not (tmp_path / "nowhere").exists()


def test_journals_own_files_are_named():
    assert journal_file("c.toml") and journal_file("c.log.jsonl") and journal_file(".current")
    assert journal_file(".c.cache.json") and journal_file(".c.history") and journal_file(".kraken-achievements.toml")
    assert journal_file("c.pdf") is None and journal_file("notes.txt") is None
