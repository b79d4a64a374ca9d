"""Side files (records that outlive one campaign, like Space Kraken's achievements) commit,
roll back and undo with the save that changed them."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from journal.store import atomic
from journal.store.paths import resolve
from journal.errors import RuleError
from journal.outcome import Outcome
from journal.session import Session

SIDE = ".records.toml"


def unlock(state, dice, name, side):
    """A rules function that adds a record to the side file (and changes nothing else)."""
    doc = side[SIDE]
    if name in doc.get("records", {}):
        raise RuleError(f"{name} is recorded already")
    doc.setdefault("records", {})[name] = {"by": "camp"}
    return Outcome(state, f"Recorded {name}", [f"Recorded {name}."], side={SIDE: doc})


def apply(saves, *names, commit=True):
    paths = resolve("camp", saves)
    with Session(paths) as s:
        for name in names:
            s.apply(unlock, {"name": name}, command=f"unlock {name}", time="t", side_files=(SIDE,))
        if commit:
            s.commit()


def records(saves) -> dict:
    path = saves / SIDE
    return tomllib.loads(path.read_text("utf-8")).get("records", {}) if path.exists() else {}


def test_side_file_changes_commit_with_the_save_and_are_logged(camp, saves):
    apply(saves, "First")
    assert records(saves) == {"First": {"by": "camp"}}
    entry = json.loads((saves / "camp.log.jsonl").read_text().splitlines()[-1])
    assert entry["side"] == {SIDE: [{"path": ["records"], "to": {"First": {"by": "camp"}}}]}
    camp("check", "-s", "camp", ok=True)


def test_side_file_changes_in_one_session_commit_together_like_a_batch(camp, saves):
    apply(saves, "A", "B", commit=False)
    assert not (saves / SIDE).exists()  # nothing touches the disk before commit
    apply(saves, "A", "B")
    assert list(records(saves)) == ["A", "B"]


def test_undo_reverts_the_side_file_with_the_save(camp, saves):
    before = camp.files("camp")
    apply(saves, "First")
    camp("undo", "-s", "camp", ok=True)
    assert records(saves) == {} and camp.files("camp") == before


def test_undo_refuses_when_the_side_file_was_edited_since(camp, saves):
    apply(saves, "First")
    (saves / SIDE).write_text('[records.First]\nby = "someone else"\n')
    r = camp("undo", "-s", "camp", ok=False)
    assert "records" in r.stderr and SIDE in r.stderr
    assert records(saves) == {"First": {"by": "someone else"}}


def test_a_failed_commit_puts_the_side_file_and_the_log_back(camp, saves, monkeypatch):
    apply(saves, "First")
    files, side = camp.files("camp"), (saves / SIDE).read_bytes()
    real = atomic.atomic_write

    def full_disk(path, data, **kwargs):
        if os.path.basename(path) == "camp.toml":
            raise OSError(28, "No space left on device")
        real(path, data, **kwargs)

    monkeypatch.setattr(atomic, "atomic_write", full_disk)
    with pytest.raises(OSError):
        apply(saves, "Second")
    monkeypatch.setattr(atomic, "atomic_write", real)
    assert camp.files("camp") == files and (saves / SIDE).read_bytes() == side


def test_a_crash_before_the_save_commits_is_put_back_by_the_next_writer(camp, saves, monkeypatch):
    apply(saves, "First")
    real = atomic.atomic_write

    def killed(path, data, **kwargs):
        if os.path.basename(path) == "camp.toml":
            raise SystemExit("killed")  # the process dies: no roll-back runs
        real(path, data, **kwargs)

    monkeypatch.setattr("journal.session.Session._roll_back", lambda self, *args: None)
    monkeypatch.setattr(atomic, "atomic_write", killed)
    with pytest.raises(SystemExit):
        apply(saves, "Second")
    monkeypatch.undo()
    assert "Second" in records(saves)  # the side file was written, the save was not
    camp("note", "-s", "camp", "after the crash", ok=True)
    assert records(saves) == {"First": {"by": "camp"}}
    camp("check", "-s", "camp", ok=True)


def test_a_side_file_written_by_another_campaign_meanwhile_is_not_overwritten(camp, saves):
    """Issue 31 item 13: commands on two campaigns no longer wait for each other, so a side file
    both change is checked at commit: the other campaign's write stands, this command is refused
    and changes no file."""
    from journal.errors import SaveError

    apply(saves, "First")
    files = camp.files("camp")
    with Session(resolve("camp", saves)) as s:
        s.apply(unlock, {"name": "Second"}, command="unlock Second", time="t", side_files=(SIDE,))
        (saves / SIDE).write_text('[records.Other]\nby = "kell"\n')  # another campaign's commit
        other = (saves / SIDE).read_bytes()
        with pytest.raises(SaveError, match="changed while this command ran"):
            s.commit()
    assert (saves / SIDE).read_bytes() == other and camp.files("camp") == files
