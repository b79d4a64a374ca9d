"""Issue #13, items 3 and 6: no file can crash the reader, and paths are written, never replaced.

Every TOML or JSON file journal reads (saves, logs, side files, data files named on the
command line) goes through one guarded reader (`journal.files`): regular files only, bounded
size and depth, one-line errors naming the file. Every file journal writes is the path the
player named: symlinks are followed, devices, FIFOs and folders are refused, and a write
that fails (a full disk) leaves every file as it was.
"""

from __future__ import annotations

import errno
import json
import os
import tomllib
from pathlib import Path

import pytest

from journal import files
from journal.errors import InputError, SaveError
from journal import templates
from journal_testing import EPM_NEW, Runner, one_error

DEEP = "a = " + "[" * 3000 + "]" * 3000 + "\n"
TITAN = "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2"




def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.is_symlink()}


# --- the shared reader ------------------------------------------------------------------------

def test_the_reader_refuses_deep_nesting_huge_numbers_and_bad_text(tmp_path):
    for text, expected in ((DEEP, "nested more than 32 deep"), ("a." * 3000 + "b = 1\n", "nested more than 32"),
                           ("a = " + "9" * 5000 + "\n", "a number of more than 4300 digits"),
                           ("a = {" * 3000 + "}" * 3000, "nested more than 32 deep")):
        with pytest.raises(SaveError, match=expected):
            files.parse_toml(text, "x.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'a = "ok"\nb = "\x93"\n')
    with pytest.raises(InputError, match=r"^--board line 2: not valid UTF-8 text \(byte 14\)$"):
        files.read_toml(bad, "--board", InputError)
    for raw in (b"[" * 3000 + b"]" * 3000, b"9" * 5000, b"\xff"):
        with pytest.raises(ValueError):
            files.parse_json(raw)


def test_the_reader_never_waits_on_a_fifo_and_names_what_is_not_a_file(tmp_path):
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="it is a FIFO, not a regular file"):
        files.read_toml(fifo)
    with pytest.raises(SaveError, match="it is a folder"):
        files.read_toml(tmp_path)
    (tmp_path / "dangling.toml").symlink_to(tmp_path / "nothing.toml")
    with pytest.raises(FileNotFoundError):
        files.read_toml(tmp_path / "dangling.toml")
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (files.MAX_BYTES + 1))
    with pytest.raises(SaveError, match="more than the"):
        files.read_toml(big)


# --- saves, logs and the saves folder -------------------------------------------------------------

@pytest.fixture
def camp(journal) -> Runner:
    journal(*EPM_NEW, ok=True)
    journal("epm", "track", "-s", "camp", "epm", "+1", ok=True)
    return journal


def test_a_deeply_nested_save_is_named_by_check_show_and_list(camp):
    (camp.saves / "deep.toml").write_text(DEEP, "utf-8")
    r = camp("check", "-s", "deep")
    one_error(r)
    assert "deep.toml: tables or arrays nested more than 32 deep" in " ".join(r.stdout.split())
    assert "nested more than 32 deep" in one_error(camp("show", "-s", "deep"))
    rows = {row["name"]: row for row in json.loads(camp("--json", "list", ok=True).stdout)}
    assert rows["camp"]["valid"] is True and rows["deep"]["valid"] is False


def test_a_deeply_nested_or_huge_log_line_is_a_damaged_entry(camp):
    log = camp.saves / "camp.log.jsonl"
    good = log.read_bytes()
    for line in (b"[" * 3000 + b"]" * 3000, b'{"n": 2, "x": ' + b"9" * 5000 + b"}"):
        lines = good.split(b"\n")
        lines[1] = line
        log.write_bytes(b"\n".join(lines))
        assert "damaged log entry" in one_error(camp("log", "-s", "camp"))
        assert "damaged log entry" in one_error(camp("undo", "-s", "camp"))


def test_list_skips_what_is_not_a_regular_file_saying_so(camp):
    (camp.saves / "dangling.toml").symlink_to(camp.saves / "nothing.toml")
    os.mkfifo(camp.saves / "f.toml")
    (camp.saves / "folder.toml").mkdir()
    rows = {row["name"]: row for row in json.loads(camp("--json", "list", ok=True).stdout)}
    assert rows["camp"]["valid"] is True
    assert rows["dangling"]["status"] == "skipped: a symlink to nothing"
    assert rows["f"]["status"] == "skipped: a FIFO, not a save file"
    assert rows["folder"]["status"] == "skipped: a folder, not a save file"
    out = camp("list", ok=True).stdout
    assert "f       ?" in out or "skipped: a FIFO" in out


def test_a_fifo_is_never_read_as_a_save_a_log_or_the_current_campaign(camp):
    os.mkfifo(camp.saves / "f.toml")
    assert "it is a FIFO, not a regular file" in one_error(camp("show", "-s", "f"))
    log = camp.saves / "camp.log.jsonl"
    log.rename(camp.saves / "kept.log.jsonl")
    os.mkfifo(log)
    assert "it is a FIFO" in one_error(camp("show", "-s", "camp"))
    log.unlink()
    (camp.saves / "kept.log.jsonl").rename(log)
    current = camp.saves / ".current"
    current.unlink()
    os.mkfifo(current)
    assert "it is a FIFO" in one_error(camp("show"))


def test_a_side_file_that_is_a_fifo_is_refused_naming_it(camp):
    from journal.store.paths import resolve
    from journal.session import Session

    os.mkfifo(camp.saves / ".side.toml")
    with Session(resolve("camp", camp.saves)) as s:
        with pytest.raises(SaveError, match=r"\.side\.toml: it is a FIFO"):
            s.side_doc(".side.toml")


# --- data files named on the command line ------------------------------------------------------

@pytest.mark.parametrize("option", ["--board", "--invaders", "--dice"])
def test_titans_data_files_that_cannot_be_read_are_named(journal, tmp_path, option):
    deep, bad, fifo = tmp_path / "deep.toml", tmp_path / "bad.toml", tmp_path / "fifo.toml"
    deep.write_text(DEEP, "utf-8")
    bad.write_bytes(b'title = "x"\nname = "\x93"\n')
    os.mkfifo(fifo)
    for path, expected in ((deep, "nested more than 32 deep"), (bad, "line 2: not valid UTF-8 text (byte 20)"),
                           (fifo, "it is a FIFO"), (tmp_path, "it is a folder"), (tmp_path / "no", "no such file")):
        line = one_error(journal("titans", "new", "g", "--titan", TITAN, option, str(path)), 2)
        assert option in line and expected in line, line
    assert not (journal.saves / "g.toml").exists()


def test_a_board_with_a_list_for_a_city_type_names_the_key(journal, tmp_path):
    board = tmp_path / "board.toml"
    text = templates.path("titans", "board-sample.toml").read_text("utf-8")
    first = next(line for line in text.split("\n") if line.startswith("type = "))
    board.write_text(text.replace(first, "type = []", 1), "utf-8")
    line = one_error(journal("titans", "new", "g", "--titan", TITAN, "--board", str(board)), 2)
    assert ".type should be" in line


# --- PDFs: written to the path named ------------------------------------------------------------------

def test_pdf_follows_a_symlink_to_a_regular_file_and_keeps_its_mode(camp, tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"%PDF-1.4 old")  # an existing PDF is replaced; any other file is refused
    real.chmod(0o600)
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    camp("pdf", "-s", "camp", "-o", str(link), ok=True)
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")
    assert real.stat().st_mode & 0o777 == 0o600
    camp("sheet", "epm", "-o", str(link), ok=True)
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("command", [["pdf", "-s", "camp"], ["sheet", "epm"]])
def test_pdf_refuses_devices_fifos_and_folders(camp, tmp_path, command):
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    device = tmp_path / "device.pdf"
    device.symlink_to("/dev/null")  # a link: even a regression replaces the link, never the device
    folder_link = tmp_path / "folder.pdf"
    folder_link.symlink_to(tmp_path)
    for out, kind in ((fifo, "a FIFO"), (device, "a device")):
        line = one_error(camp(*command, "-o", str(out)), 2)
        assert f"is {kind}: a PDF is written to a regular file" in line
    r = camp(*command, "-o", str(folder_link))  # Click's own check: a usage error
    assert r.exit_code == 2 and "is a directory" in r.stderr
    assert fifo.exists() and not fifo.is_file() and device.is_symlink() and folder_link.is_symlink()
    assert os.path.realpath(device) == "/dev/null"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# --- saves through symlinks --------------------------------------------------------------------------

def test_a_save_linked_under_two_names_is_one_campaign(camp):
    s = camp.saves
    (s / "b.toml").symlink_to("camp.toml")
    (s / "b.log.jsonl").symlink_to("camp.log.jsonl")
    camp("check", "-s", "b", ok=True)
    camp("note", "-s", "b", "through the link", ok=True)
    assert (s / "b.toml").is_symlink() and (s / "b.log.jsonl").is_symlink()
    assert "entries = 3" in (s / "camp.toml").read_text("utf-8")
    camp("note", "-s", "camp", "directly", ok=True)
    camp("undo", "-s", "b", ok=True)   # takes back "directly": one history, whatever the name
    camp("check", "-s", "camp", ok=True)
    camp("check", "-s", "b", ok=True)
    log = (s / "camp.log.jsonl").read_text("utf-8").split("\n")
    assert json.loads(log[-2])["summary"] == "through the link"


def test_a_linked_save_beside_another_log_is_refused(camp):
    s = camp.saves
    (s / "b.toml").symlink_to("camp.toml")
    (s / "b.log.jsonl").write_text("", "utf-8")
    before = snapshot(s)
    line = one_error(camp("note", "-s", "b", "x"))
    assert "b.log.jsonl is another file, but the log of" in line
    (s / "b.log.jsonl").unlink()
    camp(*[a if a != "camp" else "other" for a in EPM_NEW], ok=True)
    (s / "b.log.jsonl").symlink_to("other.log.jsonl")
    line = one_error(camp("note", "-s", "b", "x"))
    assert "is a link to" in line and "other.log.jsonl" in line
    assert snapshot(s)["camp.toml"] == before["camp.toml"]


def test_a_log_linked_to_another_saves_log_is_refused(camp):
    s = camp.saves
    camp(*[a if a != "camp" else "other" for a in EPM_NEW], ok=True)
    (s / "other.log.jsonl").unlink()
    (s / "other.log.jsonl").symlink_to("camp.log.jsonl")
    before = snapshot(s)
    assert "is a link to" in one_error(camp("note", "-s", "other", "x"))
    assert snapshot(s) == before


# --- a full disk ----------------------------------------------------------------------------------------

def _enospc(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_on_the_save_write_leaves_log_and_save_as_before(camp, monkeypatch):
    from journal.store import atomic

    real = atomic.atomic_write

    def full_for_saves(path, data, **kwargs):
        if str(path).endswith("camp.toml"):
            _enospc()
        real(path, data, **kwargs)

    before = snapshot(camp.saves)
    monkeypatch.setattr(atomic, "atomic_write", full_for_saves)
    line = one_error(camp("epm", "track", "-s", "camp", "signal", "+2"))
    assert "No space left on device" in line and "nothing was saved" in line
    assert snapshot(camp.saves) == before


def test_a_full_disk_during_the_log_append_cuts_the_half_entry(camp, monkeypatch):
    from journal.store import atomic

    real = atomic.append_log

    def half_then_full(path, end, data, *mode):
        real(path, end, data[: len(data) // 2], *mode)  # a torn append, then the disk is full
        _enospc()

    before = snapshot(camp.saves)
    monkeypatch.setattr(atomic, "append_log", half_then_full)
    assert "No space left on device" in one_error(camp("note", "-s", "camp", "x"))
    assert snapshot(camp.saves) == before


def test_a_full_disk_on_a_side_file_puts_back_the_log_and_the_other_side_files(camp, monkeypatch):
    from journal.store import atomic
    from journal.store.paths import resolve
    from journal.outcome import Outcome
    from journal.session import Session

    side = camp.saves / ".records.toml"
    side.write_text("count = 1\n", "utf-8")

    def bump(state, dice, side):
        return Outcome(state, "bumped", [], {}, side={".new.toml": {"made": True},  # written first, put back
                                                     ".records.toml": {"count": side[".records.toml"]["count"] + 1}})

    real = atomic.atomic_write

    def full_on_records(path, data, **kwargs):
        if os.path.basename(path) == ".records.toml":
            _enospc()
        real(path, data, **kwargs)

    before = snapshot(camp.saves)
    monkeypatch.setattr(atomic, "atomic_write", full_on_records)
    with Session(resolve("camp", camp.saves)) as s:
        s.apply(bump, {}, command="bump", time="t", side_files=(".new.toml", ".records.toml"))
        with pytest.raises(OSError):
            s.commit()
    assert snapshot(camp.saves) == before
    assert tomllib.loads(side.read_text("utf-8")) == {"count": 1}


def test_a_full_disk_when_new_makes_its_campaign_current_keeps_the_campaign(journal, monkeypatch):
    """The save's rename committed the campaign: a failure after it never removes it (issue 31
    item 7); the message says it could not be made current, and how to make it so."""
    from journal.store import atomic

    real = atomic.atomic_write

    def full_on_current(path, data, **kwargs):
        if os.path.basename(path) == ".current":
            _enospc()
        real(path, data, **kwargs)

    monkeypatch.setattr(atomic, "atomic_write", full_on_current)
    r = journal(*EPM_NEW, ok=True)
    assert "could not be made the current campaign (No space left on device)" in " ".join(r.stdout.split())
    monkeypatch.undo()
    journal("check", "-s", "camp", ok=True)
    assert not (journal.saves / ".current").exists()


def test_demo_removes_a_link_named_like_its_save_never_the_save_it_points_to(camp):
    (camp.saves / "demo-epm.toml").symlink_to("camp.toml")
    (camp.saves / "demo-epm.log.jsonl").symlink_to("camp.log.jsonl")
    before = snapshot(camp.saves)
    camp("demo", "epm", ok=True)
    after = snapshot(camp.saves)
    assert after["camp.toml"] == before["camp.toml"] and after["camp.log.jsonl"] == before["camp.log.jsonl"]
    assert not (camp.saves / "demo-epm.toml").is_symlink()
    camp("check", "-s", "demo-epm", ok=True)


def test_a_dangling_link_is_named_and_new_never_creates_a_save_through_it(journal, tmp_path):
    journal.saves.mkdir(parents=True)
    (journal.saves / "x.toml").symlink_to(tmp_path / "elsewhere.toml")
    assert "where there is nothing" in one_error(journal("show", "-s", "x"))
    one_error(journal(*[a if a != "camp" else "x" for a in EPM_NEW]))
    assert not (tmp_path / "elsewhere.toml").exists()


# --- issue 21: no output path or planted link destroys a file -----------------------------------------

@pytest.mark.parametrize("command", [["pdf", "-s", "camp"], ["sheet", "epm"]])
def test_pdf_never_overwrites_journals_files_or_a_file_that_is_not_a_pdf(camp, tmp_path, command):
    """Item 4: the save, its log, .current, the cache, another campaign's files, any file that is
    not a PDF and a read-only one are refused; an existing PDF is replaced."""
    s = camp.saves
    camp(*[a if a != "camp" else "other" for a in EPM_NEW], ok=True)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(b"%PDF-1.4 kept")
    locked.chmod(0o400)
    before = snapshot(s)
    for out in (s / "camp.toml", s / "camp.log.jsonl", s / ".current", s / ".camp.cache.json", s / "other.toml",
                s / "new.log.jsonl", notes, locked):
        line = one_error(camp(*command, "-o", str(out)), 2)
        assert "a PDF is written to a file of its own" in line or "is not a PDF" in line \
            or "is read-only" in line, line
    assert snapshot(s) == before and notes.read_text() == "mine" and locked.read_bytes() == b"%PDF-1.4 kept"
    out = tmp_path / "out.pdf"
    camp(*command, "-o", str(out), ok=True)
    camp(*command, "-o", str(out), ok=True)  # an existing PDF is replaced
    assert out.read_bytes().startswith(b"%PDF")


def test_a_link_in_the_saves_folder_is_never_written_through(camp, tmp_path):
    """Item 7: a saves folder received from someone else cannot overwrite the player's files."""
    mine = tmp_path / "mine.txt"
    mine.write_text("mine")
    pdf = camp.saves / "camp.pdf"
    pdf.symlink_to(mine)
    assert "journal never writes through a link in a saves folder" in one_error(camp("pdf", "-s", "camp"))
    assert "journal never writes through a link" in one_error(camp("pdf", "-s", "camp", "-o", str(pdf)), 2)
    assert mine.read_text() == "mine"
    current = camp.saves / ".current"
    current.unlink()
    current.symlink_to(mine)
    camp("use", "camp", ok=True)  # the link is replaced by a file of its own
    assert mine.read_text() == "mine" and not current.is_symlink() and current.read_text() == "camp\n"
    dangling = tmp_path / "out.pdf"
    dangling.symlink_to(tmp_path / "made" / "by" / "it.pdf")
    assert "where there is nothing" in one_error(camp("pdf", "-s", "camp", "-o", str(dangling)), 2)
    assert not (tmp_path / "made").exists()


def test_a_side_file_that_is_a_link_is_refused_and_nothing_is_written(camp, tmp_path):
    from journal.store.paths import resolve
    from journal.outcome import Outcome
    from journal.session import Session

    mine = tmp_path / "mine.toml"
    mine.write_text("count = 1\n")
    (camp.saves / ".records.toml").symlink_to(mine)

    def bump(state, dice, side):
        return Outcome(state, "bumped", [], {}, side={".records.toml": {"count": side[".records.toml"]["count"] + 1}})

    before = snapshot(camp.saves)
    with Session(resolve("camp", camp.saves)) as s:
        s.apply(bump, {}, command="bump", time="t", side_files=(".records.toml",))
        with pytest.raises(SaveError, match="never writes through a link"):
            s.commit()
    assert mine.read_text() == "count = 1\n" and snapshot(camp.saves) == before


def test_list_names_a_symlink_loop_as_skipped(camp):
    """Item 13."""
    (camp.saves / "loop.toml").symlink_to("loop.toml")
    rows = {row["name"]: row for row in json.loads(camp("--json", "list", ok=True).stdout)}
    assert rows["loop"]["status"] == "skipped: a symlink loop (a link that leads back to itself)"
    assert rows["camp"]["valid"] is True
    assert "skipped: a symlink loop" in camp("list", ok=True).stdout


def test_a_socket_and_a_byte_order_mark_are_named_as_what_they_are(camp):
    """Item 26: not "No such device or address", not "Invalid statement"."""
    import socket

    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind("saves/sock.toml")  # relative: a socket path holds at most 107 bytes
        assert one_error(camp("show", "-s", "sock")) == \
            "Error: cannot read saves/sock.toml: it is a socket, not a regular file"
    finally:
        sock.close()
    (camp.saves / "bom.toml").write_bytes(b"\xef\xbb\xbf" + (camp.saves / "camp.toml").read_bytes())
    assert "saves/bom.toml starts with a byte-order mark (BOM" in one_error(camp("show", "-s", "bom"))
    assert "byte-order mark" in camp("check", "-s", "bom").stdout


def test_a_json_text_with_few_brackets_is_not_walked_and_a_deep_one_still_is(monkeypatch):
    """Issue 31 item 15: the depth walk is skipped when the text cannot nest past the limit."""
    from journal import files

    walked = []
    real = files.too_deep
    monkeypatch.setattr(files, "too_deep", lambda value, *a: walked.append(1) or real(value, *a))
    assert files.parse_json(b'{"n":1,"changes":[{"path":["state","signal"],"from":0,"to":1}]}')["n"] == 1
    assert walked == []
    with pytest.raises(ValueError, match="nested too deeply"):
        files.parse_json("[" * 33 + "]" * 33)
    assert walked == [1]
    assert files.parse_json('"' + "[" * 40 + '"') == "[" * 40  # brackets in a string: walked, and fine
