"""Issue #13, item 1: `check` validates the log as strictly as the save.

A log entry of the wrong shape, a log beside another campaign's save, a save without
`journal.entries`: `check` names the problem, every command refuses with the same one
line, and nothing on disk changes (an undo that fails included).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from journal_testing import PULP_NEW, named, ok, one_error, played, run

NAME = "s"
EPM = ["epm", "new", NAME, "--character", "Ana:piloting=1", "--character", "Bo", "--planet", "Zorb:blue",
       "--planet", "Kell:pink", "--at", "Zorb", "--seed", "5"]
PULP = named(PULP_NEW, NAME)
HISTORY = [["epm", "track", "-s", NAME, "epm", "+1"], ["note", "-s", NAME, "a quiet landing"],
           ["epm", "track", "-s", NAME, "signal", "+2"]]  # entries 2-4
COMMANDS = [["show", "-s", NAME], ["log", "-s", NAME], ["log", "-s", NAME, "--tail", "1"],
            ["note", "-s", NAME, "more"], ["undo", "-s", NAME], ["epm", "track", "-s", NAME, "epm", "+1"]]


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)  # commands name the folder `saves`: no temporary path in their prose
    return played(tmp_path / "saves", EPM, *HISTORY)


def files(saves: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(saves.iterdir()) if p.is_file()}




def edit_entry(saves: Path, index: int, fn) -> None:
    """Change one log entry (0-based line) in place, by a function of its dict."""
    log = saves / f"{NAME}.log.jsonl"
    lines = log.read_text("utf-8").split("\n")
    entry = json.loads(lines[index])
    fn(entry)
    lines[index] = json.dumps(entry, ensure_ascii=False)
    log.write_text("\n".join(lines), "utf-8")


def _drop(key):
    return lambda e: e.pop(key)


def _put(key, value):
    return lambda e: e.__setitem__(key, value)


SHAPES = [
    ("summary_missing", -2, _drop("summary"), "entry 4: summary is missing"),
    ("command_missing", -2, _drop("command"), "entry 4: command is missing"),
    ("before_missing", -2, _drop("before"), "entry 4: before is missing"),
    ("after_missing", -2, _drop("after"), "entry 4: after is missing"),
    ("undo_missing", -2, _drop("undo"), "entry 4: undo is missing"),
    ("summary_is_a_number", -2, _put("summary", 5), "entry 4: summary = 5 is a whole number: expected text"),
    ("rolls_is_text", -2, _put("rolls", "x"), "entry 4: rolls is a string: expected an array"),
    ("undo_holds_a_number", -2, _put("undo", [[5]]), "entry 4: undo[0] is not a line patch"),
    ("after_not_a_hash", -2, _put("after", "abc"), "entry 4: after is not a SHA-256"),
    ("changes_without_path", -2, _put("changes", [{"from": 1}]), "entry 4: changes[0].path is not a list"),
    ("changes_with_null", -2, _put("changes", [{"path": ["state", "epm"], "from": None, "to": 1}]),
     "entry 4: changes[0] holds a null"),
    ("meta_is_a_list", -2, _put("meta", [1]), "entry 4: meta is an array: expected an object"),
    ("reason_is_a_number", -2, _put("reason", 1), "entry 4: reason = 1 is a whole number"),
    ("turn_is_a_table", -2, _put("turn", {}), "entry 4: turn = a table is a table"),
    ("time_is_a_boolean", -2, _put("time", True), "entry 4: time = true is a boolean"),
    ("kind_is_a_list", -2, _put("kind", []), "entry 4: kind = an array is an array"),
    ("side_escapes_the_folder", -2, _put("side", {"../x.toml": []}), "a side file is a .toml file in the saves"),
    ("side_changes_not_a_list", -2, _put("side", {"a.toml": 3}), "side.\"a.toml\" is a whole number"),
    ("entry_without_its_number", -2, lambda e: e.clear(), "n is missing"),
    ("middle_entry_summary_missing", 1, _drop("summary"), "entry 2: summary is missing"),
    ("first_entry_command_missing", 0, _drop("command"), "entry 1: command is missing"),
]


@pytest.mark.parametrize("case", SHAPES, ids=[c[0] for c in SHAPES])
def test_check_names_a_log_entry_of_the_wrong_shape(saves, case):
    _id, index, fn, expected = case
    edit_entry(saves, index, fn)
    before = files(saves)
    r = run(saves, "check", "-s", NAME)
    one_error(r)
    assert expected in " ".join(r.stdout.split()), r.stdout  # printed wrapped at 100 columns
    if index == -2:  # the last entry: every command reads it, and refuses naming it
        for args in COMMANDS:
            assert expected in one_error(run(saves, *args)), args
    assert files(saves) == before


def test_undo_with_the_last_summary_deleted_changes_no_byte(saves):
    edit_entry(saves, -2, _drop("summary"))
    before = files(saves)
    line = one_error(run(saves, "undo", "-s", NAME))
    assert "entry 4: summary is missing" in line
    assert files(saves) == before
    assert "entries = 4" in (saves / f"{NAME}.toml").read_text("utf-8")


def test_undo_whose_save_write_fails_changes_no_byte(saves, monkeypatch):
    """Undo writes the save first (its commit point): should that fail, nothing has changed."""
    from journal.store import atomic

    def full(path, data, *rest, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "atomic_write", full)
    before = files(saves)
    line = one_error(run(saves, "undo", "-s", NAME))
    assert "No space left on device" in line and "nothing was saved" in line
    assert files(saves) == before


@pytest.mark.parametrize("change, expected", [
    (_drop("changes"), "does not record the values it changed"),
    # a hand edit turned a table the command changed into a value: refused, not a crash
    (_put("changes", [{"path": ["state", "signal", "x"], "from": 1}]), "cannot undo entry 4"),
], ids=["no_changes_recorded", "change_under_a_value_that_is_no_table"])
def test_undo_after_a_hand_edit_refuses_what_it_cannot_revert(saves, change, expected):
    edit_entry(saves, -2, change)
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("signal = 2", "signal = 3"), "utf-8")
    before = files(saves)
    assert expected in one_error(run(saves, "undo", "-s", NAME))
    assert files(saves) == before


def test_a_crash_leftover_past_entries_is_only_checked_for_what_is_read(saves):
    """An uncommitted entry (past journal.entries) is cut off by the next write: only its
    number and side changes are read, so a torn-but-whole line of it is no problem."""
    log = saves / f"{NAME}.log.jsonl"
    log.write_bytes(log.read_bytes() + json.dumps({"n": 5, "command": "x"}).encode() + b"\n")
    ok(saves, "check", "-s", NAME)
    log.write_bytes(log.read_bytes() + json.dumps({"n": 6, "side": {"/etc/x.toml": []}}).encode() + b"\n")
    assert "a side file is a .toml file" in one_error(run(saves, "note", "-s", NAME, "x"))


# --- the log belongs to its save ----------------------------------------------------------

def test_a_save_beside_another_games_log_is_refused(saves, tmp_path):
    other = tmp_path / "other"
    ok(other, *PULP)
    log = saves / f"{NAME}.log.jsonl"
    (saves / f"{NAME}.toml").write_bytes((other / f"{NAME}.toml").read_bytes())
    before = files(saves)
    r = run(saves, "check", "-s", NAME)
    one_error(r)
    shown = " ".join(r.stdout.split())  # printed wrapped at 100 columns
    assert "is the history of a War With the Evil Power Master campaign" in shown
    assert "Pulp Invasion save" in shown
    for args in (["note", "-s", NAME, "x"], ["show", "-s", NAME], ["undo", "-s", NAME]):
        assert "War With the Evil Power Master campaign" in one_error(run(saves, *args))
    assert files(saves) == before
    assert log.read_bytes() == before[log.name]


def test_a_save_beside_another_campaigns_log_of_the_same_game_is_refused(saves, tmp_path):
    other = tmp_path / "other"
    ok(other, *EPM[:-1], "6")  # the same game, another seed
    ok(other, "epm", "track", "-s", NAME, "epm", "+1")
    (saves / f"{NAME}.toml").write_bytes((other / f"{NAME}.toml").read_bytes())
    before = files(saves)
    assert "its entry 1 has seed 5, but journal.seed = 6" in one_error(run(saves, "note", "-s", NAME, "x"))
    assert files(saves) == before


def test_hand_edits_keep_the_log_tied_to_its_save(saves):
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("signal = 2", "signal = 7"), "utf-8")
    ok(saves, "check", "-s", NAME)
    ok(saves, "note", "-s", NAME, "after the edit")
    ok(saves, "undo", "-s", NAME)


def test_an_old_log_without_the_tie_is_accepted(saves):
    """Logs written before entry 1 recorded its game and seed (and before entries recorded where
    they stand, `at`): the command names the game."""
    for index in range(4):
        edit_entry(saves, index, lambda e: e.pop("at"))
    edit_entry(saves, 0, lambda e: (e.pop("game"), e.pop("seed")))
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("signal = 2", "signal = 7"), "utf-8")
    ok(saves, "check", "-s", NAME)
    ok(saves, "note", "-s", NAME, "fine")


def test_entry_1_records_the_game_and_the_seed(saves):
    first = json.loads((saves / f"{NAME}.log.jsonl").read_text("utf-8").split("\n")[0])
    assert first["game"] == "epm" and first["seed"] == 5


def test_a_history_started_on_a_hand_written_save_is_tied_too(saves):
    (saves / f"{NAME}.log.jsonl").unlink()
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("entries = 4\n", ""), "utf-8")
    ok(saves, "note", "-s", NAME, "a fresh history")
    first = json.loads((saves / f"{NAME}.log.jsonl").read_text("utf-8").split("\n")[0])
    assert first["n"] == 1 and first["game"] == "epm" and first["seed"] == 5


# --- journal.entries ------------------------------------------------------------------------

def test_entries_removed_by_hand_is_named_not_minus_one(saves):
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("entries = 4\n", ""), "utf-8")
    before = files(saves)
    r = run(saves, "check", "-s", NAME)
    one_error(r)
    assert "journal.entries is missing" in r.stdout and "set journal.entries = 4" in r.stdout
    for args in (["undo", "-s", NAME], ["note", "-s", NAME, "x"]):
        line = one_error(run(saves, *args))
        assert "journal.entries is missing" in line and "only -1" not in line
    assert files(saves) == before


def test_undo_on_an_empty_history_says_so(saves):
    (saves / f"{NAME}.log.jsonl").unlink()
    save = saves / f"{NAME}.toml"
    save.write_text(save.read_text("utf-8").replace("entries = 4\n", ""), "utf-8")
    assert "its history is empty" in one_error(run(saves, "undo", "-s", NAME))


def test_new_refuses_to_cut_an_earlier_campaigns_log(saves):
    (saves / f"{NAME}.toml").unlink()
    before = files(saves)
    assert "is already there" in one_error(run(saves, *EPM))
    assert files(saves) == before


@pytest.mark.parametrize("change", ["swap", "drop_and_pad"])
def test_a_reordered_log_is_refused_by_writing_commands_as_check_refuses_it(saves, change):
    """Issue 31 item 9: lines 2 and 3 swapped (the last entry still where it was written): `note`
    is refused as `check` and `log` refuse it, every byte as it was."""
    log = saves / f"{NAME}.log.jsonl"
    lines = log.read_bytes().split(b"\n")
    if change == "swap":
        lines[1], lines[2] = lines[2], lines[1]
    else:  # entry 2 replaced by a line of its length that is entry 3 again
        lines[1] = lines[2][: len(lines[1])] if len(lines[2]) >= len(lines[1]) else lines[2] + b" " * (
            len(lines[1]) - len(lines[2]))
    log.write_bytes(b"\n".join(lines))
    before = files(saves)
    refused = one_error(run(saves, "log", "-s", NAME)).split("Error: ", 1)[1]
    assert "line 2" in refused and refused in run(saves, "check", "-s", NAME).stdout
    for command in (("note", "-s", NAME, "x"), ("undo", "-s", NAME)):
        assert one_error(run(saves, *command)).split("Error: ", 1)[1] == refused
        assert files(saves) == before
