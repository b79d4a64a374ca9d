"""Undo you can steer (issue 20, §2): `undo N`, `undo --to ENTRY`, `redo`, the undone commands kept
in NAME.undone.jsonl and shown by `log --all`, checked by `check`, carried by copy/rename/delete;
what a crash leaves; the questions asked on a terminal (test_play_terminal.py asks them on one)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from journal.store import atomic
from journal_testing import one_error


def undone_file(journal, name: str = "camp"):
    return journal.saves / f"{name}.undone.jsonl"


def everything(journal, name: str = "camp") -> tuple[bytes, bytes, bytes | None]:
    """The save, the log and the undone file (None: there is none), byte for byte."""
    path = undone_file(journal, name)
    return (*journal.files(name), path.read_bytes() if path.exists() else None)


def numbers(journal, *args: str) -> list[int]:
    return [e["n"] for e in json.loads(journal("--json", "log", "-s", "camp", *args, ok=True).stdout)]


def play_some(camp) -> None:
    """#2 card 3, #3 Ana's challenge (journal rolls), #4 a note, #5 EPM +1."""
    camp("epm", "card", "-s", "camp", "3", ok=True)
    camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", ok=True)
    camp("note", "-s", "camp", "a", "note", ok=True)
    camp("epm", "track", "-s", "camp", "epm", "+1", ok=True)


# --- undo N, --steps N, --to ENTRY ----------------------------------------------------------------

def test_undo_n_takes_back_the_last_n_commands_and_steps_says_the_same(camp):
    camp("epm", "card", "-s", "camp", "3", ok=True)
    before = camp.files("camp")
    play_some(camp)
    r = camp("undo", "4", "-s", "camp", ok=True)
    assert [line.split(" ", 2)[1] for line in r.stdout.splitlines() if line.startswith("Undid")] == \
        ["#6", "#5", "#4", "#3"]
    assert r.stdout.splitlines()[-1] == "'camp' is back as it was before #3 (journal redo puts them back)."
    assert camp.files("camp") == before
    camp("epm", "card", "-s", "camp", "4", ok=True)
    camp("--json", "undo", "-s", "camp", "--steps", "1", ok=True)
    assert camp.files("camp") == before
    for args, says in ((["2", "--steps", "2"], "N and --steps N say the same: give one of them"),
                       (["2", "--to", "1"], "--to ENTRY says where to stop: give it without N or --steps"),
                       (["0"], "Invalid value for '[N]': 0 is not in the range x>=1")):
        line = one_error(camp("undo", "-s", "camp", *args), 2)
        assert says in line and "(see: journal undo --help)" in line
    assert camp.files("camp") == before


def test_undo_to_goes_back_to_just_after_an_entry_of_the_log(camp):
    play_some(camp)
    r = camp("undo", "-s", "camp", "--to", "2", ok=True)
    assert r.stdout.splitlines()[-1] == "'camp' is back as it was before #3 (journal redo puts them back)."
    assert numbers(camp) == [1, 2] and camp.state("camp")["card"] == 3
    before = everything(camp)
    for to, says in (("2", "--to 2: entry 2 is the last of 'camp': nothing after it to undo"),
                     ("7", "--to 7: 'camp' has 2 entries"),
                     ("0", "--to 0: only 1 command to undo in 'camp' (entry 1 started the campaign)")):
        assert one_error(camp("undo", "-s", "camp", "--to", to)) == f"Error: {says}"
        assert everything(camp) == before


# --- redo ----------------------------------------------------------------------------------------

def test_undo_then_redo_puts_back_every_byte_and_the_same_dice(camp):
    camp("epm", "card", "-s", "camp", "3", ok=True)
    before = everything(camp)
    camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", ok=True)  # journal rolls
    camp("epm", "challenge", "-s", "camp", "strength", "--character", "Bo", ok=True)
    after = everything(camp)
    assert after[2] is None
    camp("undo", "2", "-s", "camp", ok=True)
    assert everything(camp)[:2] == before[:2] and undone_file(camp).exists()
    r = camp("redo", "-s", "camp", ok=True)
    assert " ".join(r.stdout.split()) == " ".join([
        "Redid #3 epm challenge piloting --character Ana: " + json.loads(after[1].splitlines()[2])["summary"],
        "Redid #4 epm challenge strength --character Bo: " + json.loads(after[1].splitlines()[3])["summary"],
        "'camp' is back as it was after #4."])
    assert everything(camp) == after  # the save, the log (the same dice), and no undone file
    camp("check", "-s", "camp", ok=True)


def test_undo_undo_redo_redo_steps_back_and_forth(camp):
    states = [everything(camp)]
    for card in ("3", "4", "5"):
        camp("epm", "card", "-s", "camp", card, ok=True)
        states.append(everything(camp))
    camp("undo", "-s", "camp", ok=True)
    camp("undo", "-s", "camp", "--yes", ok=True)
    assert numbers(camp) == [1, 2]
    assert numbers(camp, "--all") == [1, 2, 3, 4]
    camp("redo", "-s", "camp", ok=True)
    assert numbers(camp) == [1, 2, 3] and camp.state("camp")["card"] == 4
    camp("redo", "-s", "camp", ok=True)
    assert everything(camp) == states[3]
    assert "nothing to redo in 'camp'" in one_error(camp("redo", "-s", "camp"))
    assert everything(camp) == states[3]


def test_redo_is_refused_naming_why_and_changes_no_file(camp, saves):
    assert one_error(camp("redo", "-s", "camp")) == (
        "Error: nothing to redo in 'camp': no undo to take back (journal log --all lists what was undone)")
    play_some(camp)
    camp("undo", "-s", "camp", ok=True)
    camp("epm", "card", "-s", "camp", "9", ok=True)
    before = everything(camp)
    line = one_error(camp("redo", "-s", "camp"))
    assert line.startswith("Error: cannot redo #5 (undone ") and line.endswith(
        "UTC): #5 epm card 9 ran after the undo; redo takes back only the last undo, while nothing else changed since")
    assert everything(camp) == before
    camp("undo", "-s", "camp", ok=True)  # card 9 undone: its undo is the last one now
    path = saves / "camp.toml"
    path.write_text(path.read_text().replace("signal = 0", "signal = 2"))  # a hand edit
    before = everything(camp)
    line = one_error(camp("redo", "-s", "camp"))
    assert "was edited since the undo; redo puts back exact bytes only" in line and "camp.toml" in line
    assert everything(camp) == before


def test_redo_puts_a_side_file_back_byte_for_byte_and_refuses_when_it_changed(camp, saves):
    from test_side_files import SIDE, apply

    apply(saves, "First")
    after = everything(camp), (saves / SIDE).read_bytes()
    camp("undo", "-s", "camp", ok=True)
    camp("redo", "-s", "camp", ok=True)
    assert (everything(camp), (saves / SIDE).read_bytes()) == after
    camp("undo", "-s", "camp", ok=True)
    (saves / SIDE).write_text('[records.Other]\nby = "another campaign"\n')
    before = everything(camp), (saves / SIDE).read_bytes()
    assert "changed since the undo (by another campaign, or by hand)" in one_error(camp("redo", "-s", "camp"))
    assert (everything(camp), (saves / SIDE).read_bytes()) == before


def test_redo_holds_space_krakens_undo_refusals(journal):
    """Rules note K8 holds for redo too: outside Just a Simulation, a command that rolled is not put
    back by redo either (here the undone `set` had made the campaign a simulation)."""
    journal("kraken", "new", "camp", "--difficulty", "adventurer", "--seed", "3", ok=True)
    journal("set", "-s", "camp", "difficulty", "simulation", "--reason", "practice", ok=True)
    journal("roll", "d6", "-s", "camp", ok=True)
    journal("undo", "2", "-s", "camp", ok=True)
    before = everything(journal)
    line = one_error(journal("redo", "-s", "camp"))
    assert line.startswith("Error: cannot redo entry 3 (roll d6): it rolled d6=") and "rules note K8" in line
    assert everything(journal) == before


def test_undo_and_redo_refuse_to_run_in_a_batch(camp, tmp_path):
    batch = tmp_path / "b.txt"
    for word in ("undo", "redo", "undo --to 1"):
        batch.write_text(f"epm card 4\n{word}\n")
        line = one_error(camp("batch", "-s", "camp", str(batch)), 2)
        assert f"line 2: '{word}' cannot run in a batch" in line


# --- log --all, check ----------------------------------------------------------------------------

def test_log_all_shows_the_undone_commands_marked_with_when_and_by_which_undo(camp):
    play_some(camp)
    camp("undo", "-s", "camp", "--to", "3", ok=True)
    camp("epm", "card", "-s", "camp", "7", ok=True)
    plain = camp("log", "-s", "camp", ok=True).stdout
    assert "undone" not in plain and "Read Story Card 7 of Zorb." in plain  # log keeps its view
    shown = camp("log", "-s", "camp", "--all", ok=True).stdout.splitlines()
    assert [line[:5].strip() for line in shown[1:]] == ["1", "2", "3", "4", "5", "4"]
    assert shown[4].startswith("    4  (undone) Note: a note   (undone ") and shown[4].endswith(
        " UTC by journal undo --to 3)")
    assert shown[5].startswith("    5  (undone) EPM 0 → 1")
    assert shown[6] == "    4  Read Story Card 7 of Zorb."
    entries = json.loads(camp("--json", "log", "-s", "camp", "--all", "--tail", "3", ok=True).stdout)
    assert [(e["n"], "undone" in e) for e in entries] == [(4, True), (5, True), (4, False)]
    assert entries[0]["undone"]["by"] == "undo --to 3" and entries[0]["undone"]["time"].endswith("Z")
    assert entries[0]["command"] == "note a note"


def test_check_accepts_the_undone_file_and_names_what_is_wrong_in_it(camp, saves):
    play_some(camp)
    camp("undo", "2", "-s", "camp", ok=True)
    assert camp("check", "-s", "camp", ok=True).stdout.endswith("is valid: War With the Evil Power Master, "
                                                                 "3 log entries.\n")
    path = undone_file(camp)
    good = path.read_bytes()
    first, second = good.split(b"\n")[:2]
    for bad, says in ((b"{not json\n" + second + b"\n", "byte 0: damaged undone entry: not a JSON object"),
                      (first.replace(b'"by":"undo 2"', b'"by":"undo  2"') + b"\n" + second + b"\n",
                       "a line written at byte 459 stands at byte 460"),  # the line after a longer one
                      (first + b"\n" + second.replace(b'"seed":7', b'"seed":8') + b"\n",
                       "holds the undone commands of another campaign (seed 8, but journal.seed = 7)"),
                      (first + b"\n", "an undo's lines end without its last line (count)")):
        path.write_bytes(bad)
        r = camp("check", "-s", "camp")
        assert r.exit_code == 1, bad
        assert says in " ".join(r.stdout.split()), r.stdout
        assert "Error: " in camp("log", "-s", "camp", "--all").stderr
        camp("log", "-s", "camp", ok=True)  # the log alone reads no undone file
    path.write_bytes(good)
    camp("check", "-s", "camp", ok=True)


def test_undo_and_redo_read_the_undone_file_from_its_end_only(camp, saves):
    """The cost of a command does not grow with the campaign: undo and redo read the last undo's
    lines, not the whole file (a damaged line far before is only seen by check and log --all)."""
    play_some(camp)
    camp("undo", "-s", "camp", ok=True)
    camp("epm", "track", "-s", "camp", "epm", "+1", ok=True)
    path = undone_file(camp)
    data = bytearray(path.read_bytes())
    data[data.index(b'"summary":"') + 11] ^= 0x20  # one letter of an old undone entry, its length kept
    path.write_bytes(bytes(data))
    camp("undo", "-s", "camp", ok=True)
    camp("redo", "-s", "camp", ok=True)
    camp("undo", "-s", "camp", ok=True)
    assert camp("check", "-s", "camp").exit_code == 0  # a letter is no damage to the shape
    path.write_bytes(b"x" + path.read_bytes()[1:])
    assert "damaged undone entry" in camp("check", "-s", "camp").stdout
    camp("redo", "-s", "camp", ok=True)


def test_undo_reads_only_the_last_line_of_an_earlier_undo(camp):
    play_some(camp)
    camp("undo", "3", "-s", "camp", ok=True)  # three lines, the last one counts them, then its mark
    camp("epm", "card", "-s", "camp", "6", ok=True)
    path = undone_file(camp)
    path.write_bytes(b"x" + path.read_bytes()[1:])  # its first line damaged
    camp("undo", "-s", "camp", ok=True)
    camp("redo", "-s", "camp", ok=True)
    assert "byte 0: damaged undone entry" in camp("check", "-s", "camp").stdout


# --- crashes, links, whole campaigns ---------------------------------------------------------------

def test_lines_a_crash_left_of_an_undo_that_never_committed_are_skipped_and_written_over(camp, saves):
    play_some(camp)
    before = everything(camp)
    camp("undo", "2", "-s", "camp", ok=True)
    *lines, mark = undone_file(camp).read_bytes().splitlines(keepends=True)
    assert json.loads(mark)["mark"] == "undone"  # written once the undo's save was renamed
    leftover = b"".join(lines)
    # as if the undo was killed after writing its lines, before its save was renamed (and its mark)
    (saves / "camp.toml").write_bytes(before[0])
    (saves / "camp.log.jsonl").write_bytes(before[1])
    undone_file(camp).write_bytes(leftover + leftover[:40])  # and a torn line after them
    assert numbers(camp, "--all") == [1, 2, 3, 4, 5]  # no entry both live and undone
    camp("check", "-s", "camp", ok=True)
    assert "nothing to redo" in one_error(camp("redo", "-s", "camp"))
    camp("undo", "-s", "camp", ok=True)
    lines = undone_file(camp).read_bytes().splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["at"] == 0  # written over, from the start
    assert json.loads(lines[1])["mark"] == "undone"
    assert numbers(camp, "--all") == [1, 2, 3, 4, 5]


def test_lines_a_redo_left_after_its_commit_are_skipped_and_written_over(camp):
    from journal.store.undone import mark_bytes

    play_some(camp)
    camp("undo", "-s", "camp", ok=True)
    lines = undone_file(camp).read_bytes()
    camp("redo", "-s", "camp", ok=True)
    # as if the redo was killed after its save was renamed, before it cut the undo's lines
    undone_file(camp).write_bytes(lines + mark_bytes(len(lines), "redoing", "2026-12-01T00:00:00Z"))
    assert numbers(camp, "--all") == [1, 2, 3, 4, 5]
    camp("check", "-s", "camp", ok=True)
    assert "nothing to redo" in one_error(camp("redo", "-s", "camp"))
    camp("undo", "-s", "camp", ok=True)
    camp("redo", "-s", "camp", ok=True)
    assert not undone_file(camp).exists()


def test_an_undo_typed_again_to_the_same_bytes_stands_and_a_redo_that_failed_leaves_it_undone(camp, saves,
                                                                                                monkeypatch):
    """An undo that committed, whose command is then typed again in the same second to the same
    bytes (a script), is still undone: its "undone" mark tells it from what a crash leaves."""
    camp("epm", "card", "-s", "camp", "3", ok=True)
    before = everything(camp)
    camp("undo", "-s", "camp", ok=True)
    kept = undone_file(camp).read_bytes()
    log = saves / "camp.log.jsonl"
    log.write_bytes(before[1])  # #2 typed again: the very same entry
    (saves / "camp.toml").write_bytes(before[0])
    assert numbers(camp, "--all") == [1, 2, 2]
    camp("undo", "-s", "camp", ok=True)
    assert undone_file(camp).read_bytes().startswith(kept)  # not written over
    real = atomic.atomic_write

    def full_disk(path, data, *args, **kwargs):
        if os.path.basename(path) == "camp.toml":
            raise OSError(28, "No space left on device", path)
        return real(path, data, *args, **kwargs)

    undone_before = undone_file(camp).read_bytes()
    monkeypatch.setattr(atomic, "atomic_write", full_disk)
    assert "No space left on device" in one_error(camp("redo", "-s", "camp"))
    monkeypatch.undo()
    assert undone_file(camp).read_bytes() == undone_before  # the redo's mark cut off again
    camp("redo", "-s", "camp", ok=True)
    assert numbers(camp, "--all") == [1, 2, 2] and undone_file(camp).read_bytes() == kept


def test_an_undo_whose_save_cannot_be_written_leaves_every_file_as_it_was(camp, saves, monkeypatch):
    play_some(camp)
    camp("undo", "-s", "camp", ok=True)
    camp("epm", "card", "-s", "camp", "8", ok=True)
    before = everything(camp)
    real = atomic.atomic_write

    def full_disk(path, data, *args, **kwargs):
        if os.path.basename(path) == "camp.toml":
            raise OSError(28, "No space left on device", path)
        return real(path, data, *args, **kwargs)

    monkeypatch.setattr(atomic, "atomic_write", full_disk)
    assert "No space left on device" in one_error(camp("undo", "-s", "camp"))
    assert everything(camp) == before


def test_an_undone_file_that_is_a_link_or_shared_is_refused(camp, saves, tmp_path):
    play_some(camp)
    elsewhere = tmp_path / "mine.txt"
    elsewhere.write_text("my own file\n")
    undone_file(camp).symlink_to(elsewhere)
    before = camp.files("camp")
    assert "is a link" in one_error(camp("undo", "-s", "camp"))
    assert camp.files("camp") == before and elsewhere.read_text() == "my own file\n"
    undone_file(camp).unlink()
    camp("undo", "-s", "camp", ok=True)
    os.link(undone_file(camp), tmp_path / "copy.jsonl")
    assert "hard link" in one_error(camp("redo", "-s", "camp"))


def test_copy_rename_delete_and_restore_carry_the_undone_commands(camp, saves):
    play_some(camp)
    full = camp.files("camp")
    camp("undo", "-s", "camp", ok=True)
    kept = undone_file(camp).read_bytes()
    camp("copy", "camp", "fork", ok=True)
    assert undone_file(camp, "fork").read_bytes() == kept
    camp("rename", "fork", "other", ok=True)
    assert undone_file(camp, "other").read_bytes() == kept and not undone_file(camp, "fork").exists()
    camp("delete", "other", "--yes", ok=True)
    assert not undone_file(camp, "other").exists()
    camp("restore", "other", ok=True)
    camp("redo", "-s", "other", ok=True)
    assert camp.files("other") == full and not undone_file(camp, "other").exists()
    assert numbers(camp, "--all") == [1, 2, 3, 4, 5]  # the original still has its undone #5


def test_new_refuses_to_start_beside_another_campaigns_undone_commands(camp, saves):
    play_some(camp)
    camp("undo", "-s", "camp", ok=True)
    shutil.copyfile(undone_file(camp), undone_file(camp, "next"))
    line = one_error(camp("epm", "new", "next", "--character", "Ana", "--planet", "Zorb:blue"))
    assert "next.undone.jsonl is already there (the undone commands of an earlier campaign 'next')" in line
    assert not (saves / "next.toml").exists()


@pytest.mark.parametrize("how", ["script", "json"])
def test_undo_never_asks_in_a_script(camp, saves, how):
    """An old command is undone without a question when no terminal can answer."""
    camp("epm", "card", "-s", "camp", "3", ok=True)
    log = saves / "camp.log.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    old = json.loads(lines[-1])["time"].encode()
    log.write_bytes(b"".join(lines[:-1]) + lines[-1].replace(old, b"2020-01-01T00:00:00Z"))
    r = camp(*(["--json"] if how == "json" else []), "undo", "-s", "camp", ok=True)
    assert "Undo #2" not in r.stdout and numbers(camp) == [1]


# --- long undos (issue 31: undo --to 1 of 100,000 entries, streamed) ----------------------------------

def test_a_long_undo_lists_ten_commands_and_counts_the_rest_and_json_lists_every_one(camp):
    """An undo (or redo) of more commands than a screen shows names the ten nearest the present
    and counts the rest; --json still lists every one, read back one at a time, as `log` does."""
    lines = "".join(f"note line {i}\n" for i in range(30))
    camp("batch", "-s", "camp", "-", input=lines, ok=True)
    logged = json.loads(camp("--json", "log", "-s", "camp", ok=True).stdout)
    before = everything(camp)
    r = camp("undo", "-s", "camp", "--to", "1", ok=True)
    said = r.stdout.splitlines()
    assert [line.split(" ", 2)[1] for line in said if line.startswith("Undid #")] == \
        [f"#{n}" for n in range(31, 21, -1)]
    assert said[-2:] == ["Undid 20 more commands, #2-#21 (journal log --all lists them).",
                         "'camp' is back as it was before #2 (journal redo puts them back)."]
    undone = everything(camp)
    r = camp("redo", "-s", "camp", ok=True)
    said = r.stdout.splitlines()
    assert [line.split(" ", 2)[1] for line in said if line.startswith("Redid #")] == [f"#{n}" for n in range(2, 12)]
    assert said[-2:] == ["Redid 20 more commands, #12-#31 (journal log lists them).",
                         "'camp' is back as it was after #31."]
    assert everything(camp) == before
    undo_json = json.loads(camp("--json", "undo", "-s", "camp", "--to", "1", ok=True).stdout)
    assert undo_json == logged[:0:-1]  # newest first, as `undo` lists them, every one
    assert everything(camp)[:2] == undone[:2]
    redo_json = camp("--json", "redo", "-s", "camp", ok=True).stdout
    assert json.loads(redo_json) == logged[1:]
    assert everything(camp) == before


def test_a_short_undo_in_json_is_the_very_text_of_its_list(camp):
    from journal.runtime import json_text

    camp("epm", "card", "-s", "camp", "3", ok=True)
    camp("epm", "card", "-s", "camp", "4", ok=True)
    logged = json.loads(camp("--json", "log", "-s", "camp", ok=True).stdout)
    assert camp("--json", "undo", "2", "-s", "camp", ok=True).stdout == json_text(logged[:0:-1]) + "\n"


def test_redo_refuses_an_undone_file_changed_while_it_reads_it(camp, monkeypatch):
    """redo reads the undo's lines twice (checked from the end, then streamed into the log): a line
    changed in between is refused before the commit point, and every file stays as it was."""
    from journal.store import undone

    play_some(camp)
    camp("undo", "3", "-s", "camp", ok=True)
    before = everything(camp)
    real = undone.UndoneView.last_group

    def then_changed(self, *args, **kwargs):
        found = real(self, *args, **kwargs)
        path = undone_file(camp)
        data = path.read_bytes()
        path.write_bytes(data.replace(b"a note", b"A note"))  # the same length, other bytes
        return found

    monkeypatch.setattr(undone.UndoneView, "last_group", then_changed)
    line = one_error(camp("redo", "-s", "camp"))
    assert "changed while redo read it: nothing was redone" in line
    assert everything(camp)[:2] == before[:2]
