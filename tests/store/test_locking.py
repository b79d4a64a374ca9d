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


# --- per-campaign locks (issue 31 item 13) --------------------------------------------------------

HOLD = """
import sys, time
from journal.session import Session
from journal.store.paths import resolve
with Session(resolve(sys.argv[2], sys.argv[1]), exclusive=sys.argv[3] == "write"):
    print("held", flush=True)
    time.sleep(float(sys.argv[4]))
"""


def holding(saves, name: str, how: str, seconds: float):
    """A process holding campaign `name`'s lock (`how`: read or write) for `seconds`, as a `pdf`
    of a 100,000-entry campaign holds it while it reads; returns once it holds it."""
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(saves), name, how, str(seconds)], stdout=subprocess.PIPE,
                         text=True, env={**__import__("os").environ, "PYTHONPATH": root})
    assert p.stdout is not None and p.stdout.readline() == "held\n"
    return p


def timed_ok(saves, *args) -> float:
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "journal", "--saves", str(saves), *args], capture_output=True,
                          text=True, env={**__import__("os").environ, "PYTHONPATH": root}, timeout=120)
    assert done.returncode == 0, done.stderr
    return time.monotonic() - started


def waited(saves, how: str, *args) -> float:
    """How long `journal ARGS` took while another process held campaign camp's lock (`how`: read
    or write) for 3 s."""
    holder = holding(saves, "camp", how, 3)
    try:
        return timed_ok(saves, *args)
    finally:
        holder.wait()


def test_a_long_reader_of_one_campaign_never_holds_a_writer_of_another(journal, tmp_path):
    """A `note` on a small campaign while another campaign is read for 20 s (a `pdf` of a
    100,000-entry campaign): the note takes its usual time; a second reader of the long one
    does not wait either; a writer of the long one waits for the reader (same campaign)."""
    from journal_testing import named

    journal(*EPM_NEW, ok=True)
    journal(*named(EPM_NEW, "small"), ok=True)
    usual = timed_ok(journal.saves, "note", "-s", "small", "usual")
    reader = holding(journal.saves, "camp", "read", 20)
    try:
        assert timed_ok(journal.saves, "note", "-s", "small", "meanwhile") < usual + 5
        assert timed_ok(journal.saves, "show", "-s", "camp") < usual + 5  # readers share
        assert timed_ok(journal.saves, "log", "-s", "camp") < usual + 5
    finally:
        reader.kill()
        reader.wait()
    assert waited(journal.saves, "read", "note", "-s", "camp", "after the reader") >= 2  # a writer waits for it


def test_writers_of_one_campaign_serialize(journal):
    journal(*EPM_NEW, ok=True)
    assert waited(journal.saves, "write", "show", "-s", "camp") >= 2


def test_new_and_moves_of_other_campaigns_never_wait_for_a_long_reader(journal):
    """Issue 31 item 13: `new`, `copy`, `rename`, `delete`, `restore` and `use` change the folder's
    names; they hold its lock only while they do, after their own campaign's, so a long reader of
    another campaign (a `pdf` of 100,000 entries) holds none of them."""
    from journal_testing import named

    journal(*EPM_NEW, ok=True)
    journal(*named(EPM_NEW, "small"), ok=True)
    usual = timed_ok(journal.saves, "note", "-s", "small", "usual")
    reader = holding(journal.saves, "camp", "read", 30)
    try:
        for args in (named(EPM_NEW, "third"), ["copy", "small", "fork"], ["rename", "fork", "fork2"],
                     ["delete", "fork2", "--yes"], ["restore", "fork2"], ["use", "small"],
                     ["copy", "camp", "camp2"]):  # copying the long one: readers share
            assert timed_ok(journal.saves, *args) < usual + 5, args
    finally:
        reader.kill()
        reader.wait()
    assert journal("list", ok=True).stdout.count("fork2") == 1


def test_a_move_of_a_campaign_waits_for_its_readers(journal):
    journal(*EPM_NEW, ok=True)
    assert waited(journal.saves, "read", "rename", "camp", "moved") >= 2
    assert journal("show", "-s", "moved", ok=True)


def test_a_command_that_waited_while_its_campaign_was_renamed_looks_again(journal):
    """The move held the campaign's lock; the command that waited for it holds the log it first
    opened, now under another name: it looks again, finds no log under the name it was given, and
    so holds what a campaign without a log holds (the folder's lock), where it finds no save."""
    import os
    import threading
    import time

    journal(*EPM_NEW, ok=True)
    log = str(journal.saves / "camp.log.jsonl")
    mover = holding(journal.saves, "camp", "write", 2)
    held: list[bool] = []

    def command():
        with locking.campaign(str(journal.saves), log, True):
            st = os.stat(journal.saves)
            held.append((st.st_dev, st.st_ino) in locking.HELD)

    waiting = threading.Thread(target=command)
    waiting.start()
    time.sleep(0.5)  # the command has opened the log and waits for its lock
    os.replace(log, journal.saves / "moved.log.jsonl")  # the move, while it holds the campaign's lock
    mover.wait()
    waiting.join(timeout=30)
    assert held == [True]



def test_a_command_that_saw_no_log_looks_again_under_the_folders_lock(journal):
    """Issue 31, found by two demos at once: a command found no log (so it would hold the folder's
    lock), the log came before it had the folder, and another command held the log's lock and wrote
    the campaign beside it (a save at entry 40 over a log of one entry). Under the folder's lock it
    looks again, and holds the log's lock if one has come."""
    import fcntl
    import os
    import threading
    import time

    journal(*EPM_NEW, ok=True)
    log = journal.saves / "camp.log.jsonl"
    os.replace(log, journal.saves / "away")  # no log when the command looks
    folder = os.open(journal.saves, os.O_RDONLY)  # `new`, making the log under the folder's lock
    fcntl.flock(folder, fcntl.LOCK_EX)
    held: list[float] = []

    def command():
        with locking.campaign(str(journal.saves), str(log), True):
            held.append(time.monotonic())

    waiting = threading.Thread(target=command)
    waiting.start()
    time.sleep(0.5)  # it found no log and waits for the folder
    os.replace(journal.saves / "away", log)
    writer = os.open(log, os.O_RDONLY)  # the next command, writing the campaign under its log's lock
    fcntl.flock(writer, fcntl.LOCK_EX)
    os.close(folder)
    time.sleep(0.5)
    released = time.monotonic()
    assert held == []  # it waits for the writer of its campaign, not only for the folder
    os.close(writer)
    waiting.join(timeout=30)
    assert len(held) == 1 and held[0] >= released
