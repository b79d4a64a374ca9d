"""journal/store/locking.py: writers serialize, readers share; no lock known, no command run."""

from __future__ import annotations

import pytest

from journal.errors import SaveError
from journal.store import locking
from journal_testing import EPM_NEW, one_error


def test_a_system_without_a_known_lock_refuses_rather_than_run_unserialized(tmp_path, monkeypatch):
    monkeypatch.setattr(locking, "fcntl", None)
    monkeypatch.setattr(locking.sys, "platform", "plan9")
    with pytest.raises(SaveError, match="no file locking journal knows"):
        with locking.locked(str(tmp_path), True):
            pass


def test_a_command_on_such_a_system_says_why_and_writes_nothing(journal, monkeypatch):
    journal(*EPM_NEW, ok=True)
    before = journal.files("camp")
    monkeypatch.setattr(locking, "fcntl", None)
    monkeypatch.setattr(locking.sys, "platform", "plan9")
    assert "POSIX fcntl or Windows msvcrt" in one_error(journal("epm", "card", "3"))
    assert journal.files("camp") == before


def test_posix_locks_the_folder_itself_and_leaves_no_file(tmp_path):
    with locking.locked(str(tmp_path), True):
        pass
    with locking.locked(str(tmp_path), False):
        pass
    assert list(tmp_path.iterdir()) == []


def test_a_second_lock_of_the_same_folder_in_one_process_is_an_error_not_a_hang(tmp_path):
    """Issue 21, item 10: a lock taken inside another on the same folder (flock: per open file)
    would wait for the first forever."""
    with locking.locked(str(tmp_path), True):
        with pytest.raises(RuntimeError, match="already locked by this command"):
            with locking.locked(str(tmp_path), False):
                pass
    with locking.locked(str(tmp_path), False):  # released: taken again
        pass


def test_check_in_a_batch_is_refused_not_a_deadlock(journal):
    """`epm check` in a batch opened a reader's lock inside the batch's writer's lock."""
    import signal

    journal(*EPM_NEW, ok=True)
    before = journal.files("camp")

    def hang(*_args):
        raise TimeoutError("the batch hung")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(30)
    try:
        r = journal("batch", "-s", "camp", "-", input="epm card 4\nepm check\n")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert one_error(r, 2) == "Error: line 2: check cannot run inside a batch: check the save before or after it"
    assert journal.files("camp") == before
