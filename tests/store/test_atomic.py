"""journal/store/atomic.py: a write is whole or absent, keeps the file's mode, never goes
through a link, and clears what killed writers left (issue 21, items 7, 8, 19, 22, 26)."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys

import pytest

from journal.errors import SaveError
from journal.store import atomic
from journal_testing import one_error

pytestmark = pytest.mark.durable  # real fsync here: these tests are about what reaches the disk


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_rewrite_keeps_the_files_mode(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text("old")
    path.chmod(0o640)
    atomic.atomic_write(str(path), b"new")
    assert path.read_bytes() == b"new" and mode(path) == 0o640
    atomic.atomic_write(str(path), b"newer", mode=0o600)
    assert mode(path) == 0o600


def test_a_read_only_file_is_refused_not_replaced(tmp_path):
    path = tmp_path / "a.toml"
    path.write_text("old")
    path.chmod(0o400)
    with pytest.raises(SaveError, match=r"a.toml is read-only \(mode 0400\): journal does not replace it"):
        atomic.atomic_write(str(path), b"new")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_a_link_is_never_written_through(tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("the player's own")
    link = tmp_path / ".kraken-achievements.toml"
    link.symlink_to(mine)
    with pytest.raises(SaveError, match="is a link .*journal never writes through a link in a saves folder"):
        atomic.atomic_write(str(link), b"x = 1\n")
    assert mine.read_text() == "the player's own" and link.is_symlink()


def test_the_log_is_never_appended_to_through_a_link(tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text("mine")
    link = tmp_path / "c.log.jsonl"
    link.symlink_to(mine)
    with pytest.raises(OSError) as e:
        atomic.append_log(str(link), 0, b"{}\n")
    assert e.value.errno == errno.ELOOP and mine.read_text() == "mine"


def test_a_log_shorter_than_its_committed_part_is_refused_never_padded(tmp_path):
    """Item 22: another program replaced the log since it was read; truncating to the committed
    length would extend it with NUL bytes."""
    log = tmp_path / "c.log.jsonl"
    log.write_bytes(b'{"n":1}\n')
    with pytest.raises(SaveError, match="holds 8 bytes, fewer than the 100 it held when this command read it"):
        atomic.append_log(str(log), 100, b'{"n":2}\n')
    assert log.read_bytes() == b'{"n":1}\n'
    atomic.truncate_log(str(log), 100)  # and cutting never lengthens
    assert log.read_bytes() == b'{"n":1}\n'


def test_a_new_log_gets_the_mode_asked_for(tmp_path):
    log = tmp_path / "c.log.jsonl"
    atomic.append_log(str(log), 0, b'{"n":1}\n', 0o600)
    assert mode(log) == 0o600


def test_a_log_appended_in_pieces_is_written_in_blocks_and_says_how_much(tmp_path, monkeypatch):
    """An undo or a redo of many entries hands its lines over one at a time (no one holds them
    whole): they go out in blocks of about 1 MiB, and the count of bytes comes back."""
    log = tmp_path / "c.log.jsonl"
    log.write_bytes(b'{"n":1}\nleft by a crash')
    writes: list[int] = []
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: writes.append(len(data)) or real(fd, data))
    line = b'{"n":2,"summary":"' + b"x" * 1000 + b'"}\n'
    assert atomic.append_log(str(log), 8, (line for _ in range(3000))) == 3000 * len(line)
    assert log.read_bytes() == b'{"n":1}\n' + line * 3000
    assert len(writes) == 3 and all(size >= 1 << 20 for size in writes[:-1])


def test_a_piece_that_fails_to_come_stops_the_append(tmp_path):
    log = tmp_path / "c.log.jsonl"
    log.write_bytes(b'{"n":1}\n')

    def pieces():
        yield b'{"n":2}\n'
        raise SaveError("the undone file changed")

    with pytest.raises(SaveError, match="changed"):
        atomic.append_log(str(log), 8, pieces())
    assert log.read_bytes() == b'{"n":1}\n'  # nothing of it written: the block was not full yet


@pytest.fixture
def folder_refuses(monkeypatch):
    """A folder where no file can be created (faked: the tests may run as root, whom no mode stops)."""
    real_open = os.open

    def refusing(path, flags, *args):
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(atomic.os, "open", refusing)


def test_a_folder_that_refuses_new_files_is_named_not_the_temporary_file(tmp_path, folder_refuses):
    """Item 26: the message named `.c.toml.PID.tmp`."""
    with pytest.raises(PermissionError) as e:
        atomic.atomic_write(str(tmp_path / "c.toml"), b"x")
    assert e.value.filename == str(tmp_path) and "cannot create files in this folder" in e.value.strerror


def test_the_message_for_a_folder_that_refuses_names_it(camp, folder_refuses):
    line = one_error(camp("note", "-s", "camp", "x"))
    assert line == ("Error: saves: Permission denied: journal cannot create files in this folder; nothing was "
                    "saved")


# --- stale temporary files (item 19) -------------------------------------------------------------

def dead_pid() -> int:
    """The number of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_the_next_write_in_a_folder_clears_what_killed_writers_left(tmp_path):
    gone = dead_pid()
    left = [tmp_path / f".c.pdf.{gone}.tmp", tmp_path / f"..current.{gone}.tmp", tmp_path / f".c.toml.{gone}.tmp"]
    running = tmp_path / f".d.pdf.{os.getppid()}.tmp"  # a render still running (our parent process)
    for path in left + [running]:
        path.write_text("half")
    mine = tmp_path / "notes.tmp"  # not journal's: never touched
    mine.write_text("mine")
    atomic.atomic_write(str(tmp_path / "other.toml"), b"x = 1\n")
    assert [p.exists() for p in left] == [False, False, False]
    assert running.exists() and mine.exists()


def test_a_killed_pdf_render_leaves_a_file_the_next_command_removes(camp, tmp_path):
    """Fault injection: a render killed in the middle (os._exit, no clean-up runs)."""
    code = ("import os, sys\n"
            "from journal.pdf import document\n"
            "real = document.Canvas.save\n"
            "def killed(self):\n"
            "    real(self)\n"
            "    os._exit(9)\n"
            "document.Canvas.save = killed\n"
            "from journal.cli import main\n"
            "main(['--saves', 'saves', 'pdf', '-s', 'camp'])\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=camp.saves.parent, capture_output=True, text=True)
    assert done.returncode == 9, done.stderr
    left = [p.name for p in camp.saves.iterdir() if p.name.endswith(".tmp")]
    assert left and left[0].startswith(".camp.pdf.") and not (camp.saves / "camp.pdf").exists()
    camp("note", "-s", "camp", "next", ok=True)
    assert not [p for p in camp.saves.iterdir() if p.name.endswith(".tmp")]
