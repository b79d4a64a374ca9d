"""journal/session.py: an open campaign commits whole or not at all, and says which.

Issue 21: a Ctrl-C or an I/O error at any write of a commit or an undo leaves a campaign every
command opens, and a message that tells the truth (items 1, 2); a crashed `new` can be made
again (6); what no command could read back is refused (3); the dice counter's end (15); a save
written by hand is undone to its bytes (23); hard links (5) and permissions (8).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import stat
import tomllib
from pathlib import Path

import pytest

from journal import files
from journal.dice import MAX_SEED
from journal.store import atomic
from journal_testing import EPM_NEW, ok, one_error, run

pytestmark = pytest.mark.durable  # real fsync here: these tests are about what reaches the disk

# Every function of journal/store/atomic.py a commit or an undo goes through: a Ctrl-C or an
# I/O error is injected before or after each call of them, in turn.
POINTS = ("append_log", "stage", "replace", "sync_folder", "truncate_log", "remove", "clean_stale")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.is_symlink()}


def doc(saves: Path, name: str = "camp") -> dict:
    return tomllib.loads((saves / f"{name}.toml").read_text("utf-8"))


class Fault:
    """At the `at`-th call of the functions in POINTS (counted across them), `when` it runs
    (before or after), do `what`: raise KeyboardInterrupt (as if no handler held Ctrl-C), send
    this process a real SIGINT, or raise a full disk."""

    def __init__(self, monkeypatch, at: int | None = None, when: str = "before", what: str = "raise"):
        self.at, self.when, self.what, self.calls = at, when, what, []
        for name in POINTS:
            monkeypatch.setattr(atomic, name, self.wrap(name, getattr(atomic, name)))

    def wrap(self, name, real):
        def call(*args, **kwargs):
            index = len(self.calls)
            self.calls.append(name)
            if index == self.at and self.when == "before":
                self.strike()
            result = real(*args, **kwargs)
            if index == self.at and self.when == "after":
                self.strike()
            return result
        return call

    def strike(self):
        if self.what == "signal":
            os.kill(os.getpid(), signal.SIGINT)
        elif self.what == "raise":
            raise KeyboardInterrupt
        else:
            raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def base(tmp_path, monkeypatch) -> Path:
    """A campaign of three entries, copied for each trial."""
    monkeypatch.chdir(tmp_path)
    saves = tmp_path / "base"
    ok(saves, *EPM_NEW)
    ok(saves, "epm", "track", "-s", "camp", "signal", "+2")
    ok(saves, "note", "-s", "camp", "a landing")
    return saves


def assert_whole_and_told(base: Path, saves: Path, result, where) -> bool:
    """The campaign is the old one byte for byte (and the message says nothing was saved), or
    the new one (and the message says it was saved); it opens, and the next command appends."""
    before, after = snapshot(base), snapshot(saves)
    line = one_error(result, 130 if "interrupt" in result.stderr else 1)
    assert not [name for name in after if name.endswith(".tmp")], (where, list(after))
    changed = after.get("camp.toml") != before["camp.toml"]
    if changed:
        assert "saved" in line and "nothing was saved" not in line, (where, line)
    else:
        assert "nothing was saved" in line, (where, line)
        assert after == before, where
    ok(saves, "check", "-s", "camp")
    entries = doc(saves)["journal"]["entries"]
    assert [e["n"] for e in json.loads(ok(saves, "--json", "log", "-s", "camp").stdout)] == \
        list(range(1, entries + 1)), where
    ok(saves, "note", "-s", "camp", "next")
    lines = (saves / "camp.log.jsonl").read_bytes().split(b"\n")
    assert lines[-1] == b"" and [json.loads(x)["n"] for x in lines[:-1]] == list(range(1, entries + 2)), where
    return changed


COMMANDS = {"track": ["epm", "track", "-s", "camp", "epm", "+1"],
            "batch": ["batch", "-s", "camp", "-"],  # its lines come from the input below
            "undo": ["undo", "-s", "camp"]}
BATCH = "note one\nepm card 4\n"


def points_of(base, monkeypatch, args) -> int:
    """How many calls of the functions in POINTS the command makes."""
    saves = base.parent / "count"
    shutil.copytree(base, saves)
    with monkeypatch.context() as m:
        fault = Fault(m)
        assert run(saves, *args, input=BATCH).exit_code == 0
    shutil.rmtree(saves)
    return len(fault.calls)


@pytest.mark.parametrize("what", ["raise", "signal"])
@pytest.mark.parametrize("kind", list(COMMANDS))
def test_ctrl_c_at_any_write_of_a_commit_or_an_undo_never_rolls_a_commit_back(base, monkeypatch, kind, what):
    """Item 1: a Ctrl-C before the save's rename saves nothing; after it, the command stands
    (never cut back), and the message says which. A real SIGINT during a commit is held until the
    files are whole."""
    args = COMMANDS[kind]
    seen = {False: 0, True: 0}
    for at in range(points_of(base, monkeypatch, args)):
        for when in ("before", "after"):
            saves = base.parent / f"t-{at}-{when}"
            shutil.copytree(base, saves)
            with monkeypatch.context() as m:
                Fault(m, at, when, what)
                result = run(saves, *args, input=BATCH)
            where = (kind, what, at, when)
            assert result.exit_code == 130, (where, result.stderr)
            seen[assert_whole_and_told(base, saves, result, where)] += 1
            if what == "signal":  # held: the commit went through whole
                assert seen[False] == 0, where
            shutil.rmtree(saves)
    assert seen[True] > 0 and (what == "signal" or seen[False] > 0), seen


def test_ctrl_c_during_the_folder_fsync_keeps_the_commit(base, monkeypatch):
    """Item 1 as reported: the KeyboardInterrupt comes after the rename, during the folder's
    fsync. The log keeps the entry the save counts."""
    saves = base.parent / "fsync"
    shutil.copytree(base, saves)

    def interrupted(folder):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic, "sync_folder", interrupted)
    line = one_error(run(saves, "epm", "track", "-s", "camp", "epm", "+1"), 130)
    monkeypatch.undo()
    assert line == ("Error: interrupted once #4 was saved: the command took effect (journal log shows it)")
    assert doc(saves)["journal"]["entries"] == 4
    ok(saves, "check", "-s", "camp")
    ok(saves, "undo", "-s", "camp")


@pytest.mark.parametrize("when", ["before", "after"])
@pytest.mark.parametrize("point", ["truncate_log", "stage"])
def test_an_io_error_in_undo_leaves_a_campaign_that_opens_and_a_true_message(base, monkeypatch, point, when):
    """Item 2: the save is the undo's commit point. A failure before it changes no byte and says
    so; a failure cutting the log after it is left to the next writer, and the undo stands."""
    saves = base.parent / "undo"
    shutil.copytree(base, saves)
    before = snapshot(saves)
    with monkeypatch.context() as m:
        m.setattr(atomic, point, _striking(getattr(atomic, point), when))
        result = run(saves, "undo", "-s", "camp")
    if point == "stage":  # the save's own write: nothing happened
        assert "No space left on device" in one_error(result) and "nothing was saved" in result.stderr
        assert snapshot(saves) == before
        return
    assert result.exit_code == 0 and result.stdout.startswith("Undid #3"), result.stderr
    assert doc(saves)["journal"]["entries"] == 2
    ok(saves, "check", "-s", "camp")
    ok(saves, "note", "-s", "camp", "next")  # cuts the entry the undo left past journal.entries
    assert [json.loads(x)["n"] for x in (saves / "camp.log.jsonl").read_bytes().split(b"\n")[:-1]] == [1, 2, 3]


def _striking(real, when):
    """`real`, hit by a full disk once (before or after it runs)."""
    done = []

    def call(*args, **kwargs):
        if not done and when == "before":
            done.append(1)
            raise OSError(errno.ENOSPC, "No space left on device")
        result = real(*args, **kwargs)
        if not done:
            done.append(1)
            raise OSError(errno.ENOSPC, "No space left on device")
        return result
    return call


def test_an_undo_whose_log_cut_fails_is_not_repeated_by_a_second_undo(base, monkeypatch):
    """Item 2: the undo that took effect says so; the next undo takes back the command before."""
    saves = base.parent / "twice"
    shutil.copytree(base, saves)
    monkeypatch.setattr(atomic, "truncate_log", _striking(atomic.truncate_log, "before"))
    assert run(saves, "undo", "-s", "camp").stdout.startswith("Undid #3")
    monkeypatch.undo()
    assert ok(saves, "undo", "-s", "camp").stdout.startswith("Undid #2")
    assert doc(saves)["journal"]["entries"] == 1


# --- a crashed `new` (item 6) ---------------------------------------------------------------------

@pytest.mark.parametrize("torn", [False, True])
def test_new_killed_after_its_log_append_can_be_made_again(journal, monkeypatch, torn):
    """The log holds entry 1 (whole, or torn) and no save: `log` says there is no save and advises
    `new`, and `new` clears the leftover."""
    real = atomic.append_log

    def killed_before_the_save(path, end, data, *mode):
        real(path, end, data[: len(data) // 2] if torn else data, *mode)
        raise SystemExit("killed")  # the process dies: nothing is rolled back

    monkeypatch.setattr("journal.session.Session._roll_back", lambda self, *args: None)
    monkeypatch.setattr(atomic, "append_log", killed_before_the_save)
    assert run(journal.saves, *EPM_NEW).exit_code != 0
    monkeypatch.undo()
    assert not (journal.saves / "camp.toml").exists() and (journal.saves / "camp.log.jsonl").stat().st_size
    assert "start one with `journal GAME new camp`" in one_error(journal("log", "-s", "camp"))
    journal(*EPM_NEW, ok=True)
    journal("check", "-s", "camp", ok=True)
    assert len((journal.saves / "camp.log.jsonl").read_bytes().split(b"\n")) == 2


def test_new_still_refuses_the_history_of_an_earlier_campaign(camp):
    camp("note", "-s", "camp", "played on", ok=True)
    (camp.saves / "camp.toml").unlink()
    assert "the history of an earlier campaign" in one_error(camp(*EPM_NEW))


# --- what no command could read back (item 3) --------------------------------------------------------

def test_a_command_whose_log_entry_would_pass_the_reader_limit_is_refused(camp, monkeypatch):
    monkeypatch.setattr(files, "MAX_BYTES", 8192)  # a small limit stands for the 16 MiB one
    before = camp.files("camp")
    line = one_error(camp("batch", "-s", "camp", "-", input=f"note {'x' * 5000}\n"), 2)
    assert "log entry would hold" in line and "more than the 8192 journal reads back" in line
    assert camp.files("camp") == before
    camp("note", "-s", "camp", "y" * 1000, ok=True)
    camp("log", "-s", "camp", "--tail", "1", ok=True)  # what is accepted reads back


def test_a_note_longer_than_a_line_is_refused(camp):
    before = camp.files("camp")
    assert "a note holds at most 100000" in one_error(camp("note", "-s", "camp", "x" * 60_000, "y" * 60_000), 2)
    assert camp.files("camp") == before


# --- the dice counter at its end (item 15) -------------------------------------------------------------

def test_a_dice_counter_at_its_maximum_passes_check_and_the_next_roll_is_refused(camp):
    save = camp.saves / "camp.toml"
    save.write_text(save.read_text("utf-8").replace("dice = 0", f"dice = {MAX_SEED}"), "utf-8")
    camp("check", "-s", "camp", ok=True)
    before = camp.files("camp")
    line = one_error(camp("roll", "d6", "-s", "camp"))
    assert f"journal.dice = {MAX_SEED + 1} is outside 0..{MAX_SEED}" in line and "nothing was saved" in line
    assert camp.files("camp") == before
    camp("roll", "d6", "-s", "camp", "--roll", "3", ok=True)  # entered dice still go


# --- a save written by hand (item 23) ---------------------------------------------------------------

def test_the_first_command_on_a_hand_written_save_is_undone_to_its_bytes(camp):
    save = camp.saves / "camp.toml"
    hand = "# written by hand\n" + save.read_text("utf-8").replace("entries = 1\n", "")
    save.write_text(hand, "utf-8")
    (camp.saves / "camp.log.jsonl").unlink()
    camp("epm", "track", "-s", "camp", "signal", "+3", ok=True)
    assert "Undid #1 epm track signal +3" in camp("undo", "-s", "camp", ok=True).stdout
    assert save.read_text("utf-8") == hand
    assert (camp.saves / "camp.log.jsonl").read_bytes() == b""
    camp("check", "-s", "camp", ok=True)
    assert "its history is empty" in one_error(camp("undo", "-s", "camp"))


def test_the_new_that_created_a_campaign_is_still_never_undone(camp):
    assert "nothing to undo in 'camp': it was just created" in one_error(camp("undo", "-s", "camp"))


# --- hard links (item 5) -----------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["camp.toml", "camp.log.jsonl"])
def test_a_save_or_log_with_another_hard_link_is_refused_naming_it(camp, tmp_path, which):
    os.link(camp.saves / which, tmp_path / "backup")  # as `cp -al` makes
    before = camp.files("camp")
    for args in (["note", "-s", "camp", "x"], ["undo", "-s", "camp"], ["show", "-s", "camp"]):
        line = one_error(camp(*args))
        assert f"saves/{which} has 2 hard links" in line and "keep one link" in line, (args, line)
    assert f"saves/{which} has 2 hard links" in camp("check", "-s", "camp").stdout
    assert camp.files("camp") == before


# --- permissions (item 8) ----------------------------------------------------------------------------

def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_commit_keeps_the_saves_mode_for_the_save_its_log_and_its_cache(camp):
    save = camp.saves / "camp.toml"
    (camp.saves / "camp.log.jsonl").unlink()
    save.write_text(save.read_text("utf-8").replace("entries = 1\n", ""), "utf-8")
    save.chmod(0o600)
    camp("epm", "track", "-s", "camp", "signal", "+1", ok=True)
    assert mode(save) == 0o600
    assert mode(camp.saves / "camp.log.jsonl") == 0o600  # a log it creates
    assert mode(camp.saves / ".camp.cache.json") == 0o600
    camp("undo", "-s", "camp", ok=True)
    assert mode(save) == 0o600


def test_a_read_only_save_is_refused_not_replaced(camp):
    save = camp.saves / "camp.toml"
    save.chmod(0o400)
    before = camp.files("camp")
    line = one_error(camp("epm", "track", "-s", "camp", "signal", "+1"))
    assert line == "Error: saves/camp.toml is read-only (mode 0400): journal does not replace it; make it " \
                   "writable (chmod u+w saves/camp.toml) to play on"
    assert "is read-only" in one_error(camp("undo", "-s", "camp"))
    assert camp.files("camp") == before and mode(save) == 0o400
    camp("check", "-s", "camp", ok=True)  # reading it is fine
    camp("show", "-s", "camp", ok=True)


# --- a hand edit while a command runs (issue 31 item 3) ------------------------------------------

@pytest.mark.parametrize("how", ["rewritten", "in place", "removed", "touched"])
@pytest.mark.parametrize("command", [("note", "-s", "camp", "x"), ("undo", "-s", "camp")])
def test_a_save_changed_while_the_command_ran_is_not_overwritten(base, monkeypatch, how, command):
    """An editor saves while the command's save is being staged (its fsync): the command is
    refused, the editor's bytes stand, the log as it was. Touched only (same bytes): it commits."""
    saves = base.parent / "edited"
    shutil.copytree(base, saves)
    save = saves / "camp.toml"
    edited = save.read_bytes().replace(b"signal = ", b"signal = 1", 1) if how != "touched" else save.read_bytes()
    before = snapshot(saves)
    real = atomic.stage

    def editor_meanwhile(path, *args, **kwargs):
        staged = real(path, *args, **kwargs)
        if path.endswith("camp.toml"):
            if how == "rewritten":
                tmp = saves / "editor.tmp"
                tmp.write_bytes(edited)
                os.replace(tmp, save)
            elif how == "removed":
                save.unlink()
            else:
                with open(save, "r+b") as f:
                    f.write(edited)
                if how == "touched":
                    os.utime(save, ns=(1, 1))
        return staged
    monkeypatch.setattr(atomic, "stage", editor_meanwhile)
    result = run(saves, *command)
    monkeypatch.undo()
    if how == "touched":
        assert result.exit_code == 0, result.stderr
        return
    assert one_error(result).endswith("the save changed while this command ran: run it again (the other "
                                      "program's save stands; nothing was saved)")
    after = snapshot(saves)
    assert after.pop("camp.toml", None) == (None if how == "removed" else edited)
    before.pop("camp.toml")
    after.pop(".camp.cache.json", None), before.pop(".camp.cache.json", None)
    assert after == before


# --- issue 31: a batch line's state checked where it changed -------------------------------------------

@pytest.mark.parametrize("change, said", [
    (lambda s: s.update(signal=31), "state.signal = 31 is outside 0..25"),
    (lambda s: s["characters"]["Bo"].update(active="yes"), 'state.characters.Bo.active = "yes"'),
    (lambda s: s.update(bogus=1), "state.bogus is not a known key"),
    (lambda s: s.pop("planet"), "state.planet is missing"),
    (lambda s: s["characters"]["Ana"].update(active=False) or s["characters"]["Bo"].update(active=False)
     or s["characters"]["Cy"].update(active=False), "no character is Active"),
])
def test_a_state_left_invalid_where_it_changed_is_refused_line_after_line(camp, saves, change, said):
    """Each new state is checked where it differs from the one before it (which was valid): its
    changed keys' types and ranges, then the game's invariants. The change comes after lines that
    passed, in one session with a batch's texts."""
    from journal.errors import RuleError
    from journal.outcome import Outcome, copy_state
    from journal.session import Session
    from journal.store.paths import resolve
    from journal.store.tomltext import TableTexts

    def changed(state, _dice):
        new = copy_state(state)
        change(new)
        return Outcome(new, "changed")

    with Session(resolve("camp", str(saves))) as s:
        s.texts = TableTexts().after
        s.apply(lambda state, _dice: Outcome(state, "a note"), {}, command="note a", time="2026-01-01T00:00:00Z")
        s.apply(lambda state, _dice: Outcome({**state, "card": 3}, "card 3"), {}, command="epm card 3",
                time="2026-01-01T00:00:00Z")
        with pytest.raises(RuleError) as e:
            s.apply(changed, {}, command="x", time="2026-01-01T00:00:00Z")
        assert said in e.value.message and "would leave an invalid save" in e.value.message
