"""Hand-corrupted saves and damaged logs.

Every command refuses to run on a broken campaign with one `Error:` line naming the
problem (no traceback, no "internal error"), `journal check` lists the problem, and
nothing on disk changes. What a crash legitimately leaves behind (a torn last log line,
entries past `journal.entries`) is ignored by readers and cut off by the next write.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from journal_testing import ok, played, run

NAME = "S"
NEW = ["epm", "new", NAME, "--character", "Ana:piloting=1", "--character", "Bo:strength=1",
       "--planet", "Zorb:blue", "--planet", "Kell:pink", "--at", "Zorb", "--seed", "5",
       "--starter", "Stun Baton:Ana"]
# after these the campaign has 4 log entries: new, track, note, track
HISTORY = [["epm", "track", "-s", NAME, "epm", "+1"], ["note", "-s", NAME, "a quiet landing"],
           ["epm", "track", "-s", NAME, "signal", "+2"]]


# --- driving the CLI in-process ---------------------------------------------------------



def error_line(r) -> str:
    """The refusal is exit 1 and exactly one `Error:` line on stderr, without a traceback."""
    assert r.exit_code == 1, (r.exit_code, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert "internal error" not in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)  # commands name the folder `saves`: no temporary path in their prose
    return played(tmp_path / "saves", NEW, *HISTORY)


def save_path(saves: Path) -> Path:
    return saves / f"{NAME}.toml"


def log_path(saves: Path) -> Path:
    return saves / f"{NAME}.log.jsonl"


# --- editing TOML text by hand ----------------------------------------------------------

def _section_bounds(lines: list[str], header: str) -> tuple[int, int]:
    start = lines.index(header)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    return start, end


def set_key(text: str, header: str, key: str, value: str) -> str:
    """Replace `key = ...` inside the table `header` by `key = value` (value as raw TOML)."""
    lines = text.split("\n")
    start, end = _section_bounds(lines, header)
    for i in range(start + 1, end):
        if lines[i].startswith(f"{key} = "):
            lines[i] = f"{key} = {value}"
            return "\n".join(lines)
    raise AssertionError(f"no {key} in {header}")


def add_line(text: str, header: str, line: str) -> str:
    """Insert a raw line right below a table header."""
    lines = text.split("\n")
    start, _end = _section_bounds(lines, header)
    lines.insert(start + 1, line)
    return "\n".join(lines)


def drop_tables(text: str, prefix: str) -> str:
    """Remove every table whose header starts with `prefix` (header and keys)."""
    lines = text.split("\n")
    out, skipping = [], False
    for line in lines:
        if line.startswith("["):
            skipping = line.startswith(prefix)
        if not skipping:
            out.append(line)
    return "\n".join(out)


def line_of(text: str, needle: str) -> int:
    return text.split("\n").index(needle) + 1


# --- the corruptions ----------------------------------------------------------------------
# each: (id, function(saves) -> expected text naming the problem)

def _edit_save(saves: Path, fn) -> str:
    p = save_path(saves)
    p.write_text(fn(p.read_text("utf-8")), "utf-8")


def toml_syntax_error(saves):
    text = save_path(saves).read_text("utf-8")
    n = line_of(text, "epm = 1")
    _edit_save(saves, lambda t: set_key(t, "[state]", "epm", "= 1"))
    return f"line {n}"


def duplicate_key(saves):
    text = save_path(saves).read_text("utf-8")
    n = line_of(text, "epm = 1") + 1
    _edit_save(saves, lambda t: t.replace("\nepm = 1\n", "\nepm = 1\nepm = 2\n", 1))
    return f"line {n}"


def signal_is_a_string(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "signal", '"five"'))
    return 'state.signal = "five" is a string: expected a whole number 0..25'


def signal_is_a_float(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "signal", "2.5"))
    return "state.signal = 2.5 is a decimal number"


def active_is_a_number(saves):
    _edit_save(saves, lambda t: set_key(t, "[state.characters.Ana]", "active", "1"))
    return "state.characters.Ana.active = 1 is a whole number: expected true or false"


def unknown_key_in_state(saves):
    _edit_save(saves, lambda t: add_line(t, "[state]", "signl = 3"))
    return "state.signl is not a known key"


def dotted_state_key_inside_state(saves):
    # `state.signal = 3` typed below [state] means state.state.signal
    _edit_save(saves, lambda t: add_line(t, "[state]", "state.signal = 3"))
    return "state.state is not a known key"


def dotted_state_key_inside_journal(saves):
    _edit_save(saves, lambda t: add_line(t, "[journal]", "state.signal = 3"))
    return "journal.state is not a known key"


def unknown_table(saves):
    _edit_save(saves, lambda t: t + "\n[extras]\nmood = \"grim\"\n")
    return "extras is not a known table"


def signal_above_range(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "signal", "31"))
    return "state.signal = 31 is outside 0..25"


def epm_below_range(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "epm", "-1"))
    return "state.epm = -1 is outside 0..25"


def card_above_range(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "card", "14"))
    return "state.card = 14 is outside 1..13"


def seed_below_range(saves):
    _edit_save(saves, lambda t: set_key(t, "[journal]", "seed", "-1"))
    return "journal.seed = -1 is outside"


def state_table_removed(saves):
    _edit_save(saves, lambda t: drop_tables(t, "[state"))
    return "state is missing"


def journal_table_removed(saves):
    _edit_save(saves, lambda t: drop_tables(t, "[journal]"))
    return "journal is missing"


def characters_removed(saves):
    _edit_save(saves, lambda t: drop_tables(t, "[state.characters."))
    return "state.characters is missing"


def signal_key_removed(saves):
    _edit_save(saves, lambda t: t.replace("\nsignal = 2\n", "\n", 1))
    return "state.signal is missing"


def unknown_game(saves):
    _edit_save(saves, lambda t: set_key(t, "[journal]", "game", '"chess"'))
    return "journal.game"


def newer_schema(saves):
    _edit_save(saves, lambda t: set_key(t, "[journal]", "schema", "99"))
    return "journal.schema = 99"


def planet_status_typo(saves):
    _edit_save(saves, lambda t: set_key(t, "[state.planets.Kell]", "status", '"face_dwon"'))
    return 'state.planets.Kell.status = "face_dwon" is not one of face_down, flipped, discarded'


def planet_colour_typo(saves):
    _edit_save(saves, lambda t: set_key(t, "[state.planets.Kell]", "color", '"purple"'))
    return 'state.planets.Kell.color = "purple" is not one of'


def flipped_disc_number_out_of_range(saves):
    _edit_save(saves, lambda t: add_line(set_key(t, "[state.planets.Kell]", "status", '"flipped"'),
                                          "[state.planets.Kell]", "boost = 4"))
    return "state.planets.Kell.boost = 4 is outside 8..10 (a pink disc)"


def item_owned_by_unknown_character(saves):
    _edit_save(saves, lambda t: set_key(t, '[state.items."Stun Baton"]', "owner", '"Zed"'))
    return 'state.items."Stun Baton".owner = "Zed" is not a character'


def exploring_a_discarded_planet(saves):
    _edit_save(saves, lambda t: set_key(t, "[state.planets.Zorb]", "status", '"discarded"'))
    return 'state.phase = "exploring" but state.planets.Zorb.status is "discarded"'


def exploring_an_unknown_planet(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "planet", '"Nowhere"'))
    return 'state.planet = "Nowhere" is not one of the planets'


def nobody_active(saves):
    _edit_save(saves, lambda t: set_key(set_key(t, "[state.characters.Ana]", "active", "false"),
                                        "[state.characters.Bo]", "active", "false"))
    return "no character is Active"


def epm_25_but_not_lost(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "epm", "25"))
    return 'state.epm = 25 but state.phase = "exploring"'


def entries_larger_than_the_log(saves):
    _edit_save(saves, lambda t: set_key(t, "[journal]", "entries", "9"))
    return "journal.entries = 9"


def log_missing_its_last_entry(saves):
    p = log_path(saves)
    lines = p.read_bytes().split(b"\n")  # 4 entries and a final b""
    p.write_bytes(b"\n".join(lines[:3]) + b"\n")
    return "journal.entries = 4"


def log_cut_in_the_middle_of_an_entry(saves):
    p = log_path(saves)
    data = p.read_bytes()
    p.write_bytes(data[: len(data) - 40])
    return "journal.entries = 4"


def log_file_deleted(saves):
    log_path(saves).unlink()
    return "journal.entries = 4"


def garbage_last_log_line(saves):
    p = log_path(saves)
    lines = p.read_bytes().split(b"\n")
    lines[3] = b"this is not json"
    p.write_bytes(b"\n".join(lines))
    return "damaged log entry"


def log_entry_renumbered(saves):
    p = log_path(saves)
    lines = p.read_bytes().split(b"\n")
    entry = json.loads(lines[3])
    entry["n"] = 2
    lines[3] = json.dumps(entry).encode()
    p.write_bytes(b"\n".join(lines))
    return "entry 2 found where entry 4 was expected"


def non_utf8_save(saves):
    p = save_path(saves)
    text = p.read_text("utf-8")
    n = line_of(text, 'planet = "Zorb"')
    p.write_bytes(text.replace('planet = "Zorb"', 'planet = "Zo\udcffrb"').encode("utf-8", "surrogateescape"))
    return f"line {n}: not valid UTF-8"


def non_utf8_log_line(saves):
    p = log_path(saves)
    lines = p.read_bytes().split(b"\n")
    lines[3] = lines[3].replace("→".encode(), b"\xff")
    p.write_bytes(b"\n".join(lines))
    return "damaged log entry"


def empty_save(saves):
    save_path(saves).write_bytes(b"")
    return "journal is missing"


def save_is_a_folder(saves):
    save_path(saves).unlink()
    save_path(saves).mkdir()
    return "cannot read"


CORRUPTIONS = [toml_syntax_error, duplicate_key, signal_is_a_string, signal_is_a_float, active_is_a_number,
               unknown_key_in_state, dotted_state_key_inside_state, dotted_state_key_inside_journal,
               unknown_table, signal_above_range, epm_below_range, card_above_range, seed_below_range,
               state_table_removed, journal_table_removed, characters_removed, signal_key_removed,
               unknown_game, newer_schema, planet_status_typo, planet_colour_typo,
               flipped_disc_number_out_of_range, item_owned_by_unknown_character,
               exploring_a_discarded_planet, exploring_an_unknown_planet, nobody_active, epm_25_but_not_lost,
               entries_larger_than_the_log, log_missing_its_last_entry, log_cut_in_the_middle_of_an_entry,
               log_file_deleted, garbage_last_log_line, log_entry_renumbered, non_utf8_save,
               non_utf8_log_line, empty_save, save_is_a_folder]


def _snapshot_all(saves: Path) -> dict[str, bytes | None]:
    return {p.name: (None if p.is_dir() else p.read_bytes()) for p in sorted(saves.iterdir())}


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda f: f.__name__)
def test_check_names_the_problem_and_every_command_refuses_without_touching_files(saves, corrupt):
    expected = corrupt(saves)
    before = _snapshot_all(saves)

    r = run(saves, "check", "-s", NAME)
    error_line(r)
    assert expected in " ".join(r.stdout.split()), r.stdout  # printed wrapped at 100 columns
    assert "saves/S.toml" in r.stdout

    r = run(saves, "--json", "check", "-s", NAME)
    error_line(r)
    doc = json.loads(r.stdout)
    assert doc["valid"] is False
    assert any(expected in p for p in doc["problems"]), doc["problems"]

    for args in (["show", "-s", NAME], ["log", "-s", NAME], ["epm", "track", "-s", NAME, "epm", "+1"],
                 ["note", "-s", NAME, "still", "here"], ["undo", "-s", NAME]):
        r = run(saves, *args)
        line = error_line(r)
        assert expected in line, (args, line)
        assert r.stdout == ""

    assert _snapshot_all(saves) == before


@pytest.mark.parametrize("corrupt", [signal_above_range, toml_syntax_error, entries_larger_than_the_log],
                         ids=lambda f: f.__name__)
def test_json_mode_reports_the_refusal_as_one_json_document(saves, corrupt):
    expected = corrupt(saves)
    r = run(saves, "--json", "epm", "track", "-s", NAME, "epm", "+1")
    error_line(r)
    doc = json.loads(r.stdout)
    assert doc["exit"] == 1 and expected in doc["error"]


def test_out_of_range_signal_message_is_exact(saves):
    _edit_save(saves, lambda t: set_key(t, "[state]", "signal", "31"))
    r = run(saves, "show", "-s", NAME)
    assert error_line(r) == "Error: invalid save saves/S.toml: state.signal = 31 is outside 0..25"
    r = run(saves, "check", "-s", NAME)
    assert "  - state.signal = 31 is outside 0..25" in r.stdout.splitlines()


def test_check_lists_every_problem_and_commands_point_to_check(saves):
    _edit_save(saves, lambda t: set_key(set_key(t, "[state]", "signal", "31"), "[state]", "epm", '"x"'))
    r = run(saves, "check", "-s", NAME)
    error_line(r)
    assert "state.signal = 31 is outside 0..25" in r.stdout
    assert 'state.epm = "x" is a string' in r.stdout
    line = error_line(run(saves, "show", "-s", NAME))
    assert "state.signal = 31 is outside 0..25" in line and f"journal check -s {NAME}" in line


def test_fixing_the_hand_edit_makes_the_save_usable_again(saves):
    good = save_path(saves).read_bytes()
    _edit_save(saves, lambda t: set_key(t, "[state]", "signal", "31"))
    error_line(run(saves, "epm", "track", "-s", NAME, "epm", "+1"))
    save_path(saves).write_bytes(good)
    ok(saves, "check", "-s", NAME)
    ok(saves, "epm", "track", "-s", NAME, "epm", "+1")
    assert tomllib.loads(save_path(saves).read_text("utf-8"))["state"]["epm"] == 2


# --- damage in the middle of the log -----------------------------------------------------
# Commands only read the end of the log (their cost must not grow with the campaign), so
# `check`, which promises to validate the save *and its log*, is what must find this.

def test_garbage_log_line_in_the_middle_is_found_by_check_and_refused_cleanly_by_log(saves):
    p = log_path(saves)
    lines = p.read_bytes().split(b"\n")
    lines[1] = b"garbage"
    p.write_bytes(b"\n".join(lines))
    before = _snapshot_all(saves)
    r = run(saves, "check", "-s", NAME)
    assert r.exit_code == 1 and "damaged log entry" in " ".join(r.stdout.split()), r.stdout
    line = error_line(run(saves, "log", "-s", NAME))
    assert "damaged log entry" in line
    assert _snapshot_all(saves) == before


# --- what a crash leaves behind ----------------------------------------------------------

def committed_log(saves: Path) -> list[dict]:
    data = log_path(saves).read_bytes()
    assert data.endswith(b"\n")
    return [json.loads(line) for line in data.split(b"\n")[:-1]]


def entries_of(saves: Path) -> int:
    return tomllib.loads(save_path(saves).read_text("utf-8"))["journal"]["entries"]


def test_torn_last_log_line_is_ignored_by_readers_and_cut_off_by_the_next_command(saves):
    good_log = log_path(saves).read_bytes()
    torn = b'{"n":5,"time":"2026-01-01T00:00:00Z","kind":"comm'
    log_path(saves).write_bytes(good_log + torn)
    save_before = save_path(saves).read_bytes()

    ok(saves, "check", "-s", NAME)
    r = ok(saves, "--json", "log", "-s", NAME)
    assert [e["n"] for e in json.loads(r.stdout)] == [1, 2, 3, 4]
    r = ok(saves, "--json", "log", "-s", NAME, "--tail", "2")
    assert [e["n"] for e in json.loads(r.stdout)] == [3, 4]
    ok(saves, "show", "-s", NAME)
    # readers leave it where it is
    assert log_path(saves).read_bytes() == good_log + torn
    assert save_path(saves).read_bytes() == save_before

    ok(saves, "epm", "track", "-s", NAME, "epm", "+1")
    entries = committed_log(saves)
    assert [e["n"] for e in entries] == [1, 2, 3, 4, 5]
    assert log_path(saves).read_bytes().startswith(good_log)
    assert torn not in log_path(saves).read_bytes()
    assert entries[-1]["command"] == "epm track epm +1"
    assert entries_of(saves) == 5
    ok(saves, "check", "-s", NAME)


def test_torn_line_after_uncommitted_entry_is_cut_off_too(saves):
    good_log = log_path(saves).read_bytes()
    extra = json.dumps({"n": 5, "command": "epm track epm +9", "summary": "never committed"}).encode() + b"\n"
    log_path(saves).write_bytes(good_log + extra + b'{"n":6,"ti')
    ok(saves, "check", "-s", NAME)
    ok(saves, "note", "-s", NAME, "after the crash")
    entries = committed_log(saves)
    assert [e["n"] for e in entries] == [1, 2, 3, 4, 5]
    assert entries[-1]["summary"] == "after the crash"


def test_uncommitted_entries_past_journal_entries_are_ignored_by_log_and_removed_by_the_next_write(saves):
    # a crash between the log append and the save's rename: the log holds entries the save
    # never committed. Reproduce it exactly: run commands, then put the old save back.
    old_save, old_log = save_path(saves).read_bytes(), log_path(saves).read_bytes()
    ok(saves, "epm", "track", "-s", NAME, "epm", "+5")
    ok(saves, "note", "-s", NAME, "lost to the crash")
    assert len(committed_log(saves)) == 6
    save_path(saves).write_bytes(old_save)

    ok(saves, "check", "-s", NAME)
    r = ok(saves, "--json", "log", "-s", NAME)
    shown = json.loads(r.stdout)
    assert [e["n"] for e in shown] == [1, 2, 3, 4]
    assert all(e["summary"] != "lost to the crash" for e in shown)
    r = ok(saves, "--json", "log", "-s", NAME, "--tail", "1")
    assert [e["n"] for e in json.loads(r.stdout)] == [4]
    r = ok(saves, "--json", "show", "-s", NAME)
    assert json.loads(r.stdout)["state"]["epm"] == 1
    assert log_path(saves).read_bytes() != old_log  # readers do not cut anything

    ok(saves, "epm", "track", "-s", NAME, "signal", "+1")
    entries = committed_log(saves)
    assert [e["n"] for e in entries] == [1, 2, 3, 4, 5]
    assert log_path(saves).read_bytes().startswith(old_log)
    assert entries[-1]["command"] == "epm track signal +1"
    assert all(e["summary"] != "lost to the crash" for e in entries)
    state = tomllib.loads(save_path(saves).read_text("utf-8"))["state"]
    assert (state["epm"], state["signal"]) == (1, 3)
    ok(saves, "check", "-s", NAME)


def test_undo_ignores_uncommitted_entries(saves):
    old_save = save_path(saves).read_bytes()
    ok(saves, "epm", "track", "-s", NAME, "epm", "+5")
    save_path(saves).write_bytes(old_save)  # the +5 never committed
    ok(saves, "undo", "-s", NAME)  # undoes entry 4 (signal +2), not the uncommitted +5
    state = tomllib.loads(save_path(saves).read_text("utf-8"))["state"]
    assert (state["signal"], state["epm"]) == (0, 1)
    assert [e["n"] for e in committed_log(saves)] == [1, 2, 3]
    assert entries_of(saves) == 3
