"""Whole-campaign moves as one unit (issue 31 items 1, 4-7; issue 30 item 6): `delete`, `restore`,
`rename`, `copy` and `new` never split a campaign, never leave files behind, never say "nothing was
saved" after their work is done; new names are names, not paths."""

from __future__ import annotations

import errno
import json
import os
import signal
from pathlib import Path

import pytest

from journal import campaigns
from journal.store import moves
from journal_testing import EPM_NEW, named, one_error


def tree(folder: Path) -> dict[str, bytes]:
    """Every file of the saves folder and its trash (the parse cache aside: a shortcut)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".cache.json") and p.name != ".journal-saves"}


class Killed(BaseException):
    """A SIGKILL, as far as the code under test can tell: nothing after it runs."""


def striking(real, at: int, fault: BaseException | None = None, signal_first: bool = False):
    """`os.replace`, failing on its call number `at` (counting from 0) with `fault`, or with a
    real SIGINT delivered just before it runs (`signal_first`)."""
    calls = []

    def call(*args, **kwargs):
        calls.append(args)
        if len(calls) - 1 == at:
            if signal_first:
                signal.raise_signal(signal.SIGINT)
            elif fault is not None:
                raise fault
        return real(*args, **kwargs)
    call.calls = calls
    return call


@pytest.fixture
def played(camp):
    """A campaign with a log, an undone command and a shell history: four files to move."""
    camp("epm", "card", "3", ok=True)
    camp("epm", "card", "5", ok=True)
    camp("undo", ok=True)
    (camp.saves / ".camp.history").write_text("card 3\n")
    return camp


def whole(camp, name: str, where: Path) -> None:
    assert (where / f"{name}.toml").exists() and (where / f"{name}.log.jsonl").exists()
    assert (where / f"{name}.undone.jsonl").exists() and (where / f".{name}.history").exists()


MOVES = {"delete": ("delete", "camp", "--yes"), "rename": ("rename", "camp", "kell")}


@pytest.mark.parametrize("op", ["delete", "rename", "restore"])
@pytest.mark.parametrize("at", [0, 1, 2, 3, 4])  # 0: the move's record; then the log, undone, history, save
def test_an_io_error_at_any_rename_of_a_move_changes_nothing(played, monkeypatch, op, at):
    """Item 1: an EIO between the moves of a campaign's files puts back what moved: "nothing changed"."""
    if op == "restore":
        played("delete", "camp", "--yes", ok=True)
    before = tree(played.saves)
    monkeypatch.setattr(os, "replace", striking(os.replace, at, OSError(errno.EIO, "Input/output error", "x")))
    args = ("restore", "camp") if op == "restore" else MOVES[op]
    error = one_error(played(*args))
    assert error.endswith("; nothing changed"), error
    monkeypatch.undo()
    assert tree(played.saves) == before
    assert not (played.saves / moves.MOVE).exists()


@pytest.mark.parametrize("op", ["delete", "rename", "restore"])
@pytest.mark.parametrize("at", [1, 2, 3, 4])
def test_a_move_killed_at_any_rename_is_finished_by_the_next_command(played, monkeypatch, op, at):
    """Item 1: a kill leaves the move's record; `list` (or any command) finishes it, whole."""
    if op == "restore":
        played("delete", "camp", "--yes", ok=True)
    monkeypatch.setattr(os, "replace", striking(os.replace, at, Killed()))
    folder = str(played.saves)
    with pytest.raises(Killed):
        {"delete": lambda: campaigns.delete(folder, "camp"), "rename": lambda: campaigns.rename(folder, "camp", "kell"),
         "restore": lambda: campaigns.restore(folder, "camp")}[op]()
    monkeypatch.undo()
    assert (played.saves / moves.MOVE).exists()
    listed = played("list", ok=True).stdout
    assert not (played.saves / moves.MOVE).exists()
    name, where = {"delete": ("camp", played.saves / ".trash"), "rename": ("kell", played.saves),
                   "restore": ("camp", played.saves)}[op]
    whole(played, name, where)
    assert (op == "delete") == ("camp" not in listed and "kell" not in listed)
    played("check", "-s", name, ok=True) if op != "delete" else played("restore", "camp", ok=True)


@pytest.mark.parametrize("op", ["delete", "rename", "restore", "copy"])
def test_a_ctrl_c_in_the_middle_of_a_move_waits_until_it_is_whole(played, monkeypatch, op):
    """Item 4: a real SIGINT between two renames: the move finishes, exit 130 says it took effect."""
    if op == "restore":
        played("delete", "camp", "--yes", ok=True)
    monkeypatch.setattr(os, "replace", striking(os.replace, 2, signal_first=True))
    args = {"delete": MOVES["delete"], "rename": MOVES["rename"], "restore": ("restore", "camp"),
            "copy": ("copy", "camp", "kell")}[op]
    r = played(*args)
    error = one_error(r, 130)
    assert error.startswith("Error: interrupted once") and error.endswith("it took effect"), error
    monkeypatch.undo()
    whole(played, *({"delete": ("camp", played.saves / ".trash"), "rename": ("kell", played.saves),
                     "restore": ("camp", played.saves), "copy": ("kell", played.saves)}[op]))
    assert not (played.saves / moves.MOVE).exists()


def test_a_failed_copy_leaves_nothing_and_can_be_retried(played, monkeypatch):
    """Item 5: ENOSPC on the copy's save: the copy's log and history go; the retry works."""
    before = tree(played.saves)
    real = campaigns.atomic.atomic_write

    def full(path, *args, **kwargs):
        if str(path).endswith("kell2.toml"):
            raise OSError(errno.ENOSPC, "No space left on device", path)
        return real(path, *args, **kwargs)
    monkeypatch.setattr(campaigns.atomic, "atomic_write", full)
    assert one_error(played("copy", "camp", "kell2")).endswith("No space left on device; nothing changed")
    monkeypatch.undo()
    assert tree(played.saves) == before
    played("copy", "camp", "kell2", ok=True)
    played("check", "-s", "kell2", ok=True)


def test_a_copy_killed_before_its_save_is_taken_back_by_the_next_command(played, monkeypatch):
    real = campaigns.atomic.atomic_write

    def killed(path, *args, **kwargs):
        if str(path).endswith("kell2.toml"):
            raise Killed()
        return real(path, *args, **kwargs)
    monkeypatch.setattr(campaigns.atomic, "atomic_write", killed)
    with pytest.raises(Killed):
        campaigns.copy(str(played.saves), "camp", "kell2")
    monkeypatch.undo()
    assert (played.saves / "kell2.log.jsonl").exists()
    played(*named(EPM_NEW, "kell2"), ok=True)  # the next command takes the half copy back first
    assert json.loads((played.saves / "kell2.log.jsonl").read_text().splitlines()[-1])["n"] == 1


def test_a_rename_refused_by_the_system_leaves_the_campaign_and_the_current_one(played, monkeypatch):
    """Item 5: EACCES during `rename camp k3`: no k3 file, `.current` still names camp."""
    monkeypatch.setattr(os, "replace", striking(os.replace, 1, PermissionError(errno.EACCES, "Permission denied")))
    assert one_error(played("rename", "camp", "k3")).endswith("Permission denied; nothing changed")
    monkeypatch.undo()
    assert not list(played.saves.glob("*k3*")) and (played.saves / ".current").read_text() == "camp\n"


def test_after_its_work_a_move_never_says_nothing_was_saved(played, monkeypatch):
    """Item 4: the output fails once the campaign moved (a full disk behind stdout)."""
    from journal.runtime import Runtime

    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Runtime, "emit", full)
    for args, what in ((("copy", "camp", "c2"), "the copy 'c2'"), (("rename", "c2", "c3"), "the rename to 'c3'"),
                       (("delete", "c3", "--yes"), "the move of 'c3' to the trash"),
                       (("restore", "c3"), "the restore of 'c3'")):
        error = one_error(played(*args))
        assert "nothing was saved" not in error and f"{what} was saved before this, and stands" in error, error


@pytest.mark.parametrize("args", [("rename", "camp", "kell.toml"), ("copy", "camp", "x.toml"),
                                  ("rename", "camp", "sub/kell"), ("copy", "camp", "../x")])
def test_a_new_name_is_a_name_not_a_path(played, args):
    """Item 6: `rename kell kell.toml` no longer moves the campaign out of the saves folder."""
    before = tree(played.saves)
    assert "is not a save name" in one_error(played(*args), 2)
    assert tree(played.saves) == before and not Path("kell.toml").exists() and not Path("x.toml").exists()


def test_restore_as_a_toml_name_is_refused(played):
    played("delete", "camp", "--yes", ok=True)
    assert "is not a save name" in one_error(played("restore", "camp", "--as", "x.toml"), 2)
    assert (played.saves / ".trash" / "camp.toml").exists()


def test_new_never_deletes_the_campaign_it_committed(journal, monkeypatch):
    """Item 7: an I/O error making it current comes after the commit: the campaign stays, and
    the message says what happened."""
    from journal import runtime

    def broken(folder, ref):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(runtime, "write_current", broken)
    r = journal(*EPM_NEW, ok=True)
    assert " ".join(r.stdout.split()).endswith("Saved as 'camp' (saves/camp.toml); it could not be made the "
                                               "current campaign (Input/output error): `journal use camp`.")
    monkeypatch.undo()
    journal("check", "-s", "camp", ok=True)


def test_delete_restore_and_new_say_what_is_current(camp):
    """Issue 30 item 6: delete the current campaign, restore it, and `show` works on it again."""
    r = camp("delete", "camp", "--yes", ok=True)
    assert " ".join(r.stdout.split()).endswith("No campaign is current now: `journal use NAME` chooses one.")
    r = camp("restore", "camp", ok=True)
    assert r.stdout == "Restored 'camp' from the trash (1 log entry). It is now the current campaign.\n"
    assert camp("show", ok=True).stdout.startswith("War With the Evil Power Master")
    r = camp(*named(EPM_NEW, "second"), ok=True)
    assert " ".join(r.stdout.split()).endswith("Saved as 'second' (saves/second.toml), now the current "
                                               "campaign instead of 'camp'.")
    camp("delete", "camp", "--yes", ok=True)
    assert "It is now the current campaign" not in camp("restore", "camp", ok=True).stdout


@pytest.mark.parametrize("record", [
    {"op": "delete", "renames": [["../outside.toml", "camp.toml"]], "made": [], "commit": None, "current": None},
    {"op": "delete", "renames": [["camp.toml", "/tmp/x.toml"]], "made": [], "commit": None, "current": None},
    {"op": "copy", "renames": [], "made": ["notes.txt"], "commit": "x.toml", "current": None},
    "not json"])
def test_a_move_record_journal_did_not_write_moves_nothing(camp, record):
    """A saves folder received from someone cannot make journal move or remove another file."""
    (camp.saves / moves.MOVE).write_text(record if isinstance(record, str) else json.dumps(record))
    before = tree(camp.saves)
    error = one_error(camp("show"))
    assert "is not a record of a move journal began" in error
    assert tree(camp.saves) == before


def test_with_no_campaign_at_all_a_command_says_how_to_start_one(journal, camp):
    camp("delete", "camp", "--yes", ok=True)
    r = journal("show")
    assert r.exit_code == 2 and "no campaign in saves/ yet: start one with `journal epm new NAME ...`" in r.stderr
    camp(*named(EPM_NEW, "other"), ok=True)
    camp("use", "--help", ok=True)
