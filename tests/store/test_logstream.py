"""journal/store/logview.py's stream (issue 31, item 14): the whole log is read as a stream of
checked entries, so that `log`, `check`, `report`, `luck` and `pdf` of a long campaign keep what
they fold, never every entry. These tests prove the streaming itself (a generator that reads the
file as it yields), not its speed."""

from __future__ import annotations

import inspect
import json

import pytest

from journal.errors import SaveError
from journal.store.logview import LogView
from journal.store.paths import SavePaths


def view(journal, entries: int | None = None) -> LogView:
    saves = journal.saves
    if entries is None:
        entries = sum(1 for line in (saves / "camp.log.jsonl").read_bytes().split(b"\n") if line)
    return LogView(SavePaths(str(saves / "camp.toml"), str(saves / "camp.log.jsonl"), "camp"), entries)


@pytest.fixture
def played(camp):
    for i in range(40):
        camp("note", "-s", "camp", f"note {i} " + "x" * 200, ok=True)
    return camp


class Counted:
    """A log file that counts the bytes read from it."""

    def __init__(self, f):
        self.f, self.read_bytes = f, 0

    def read(self, n=-1):
        data = self.f.read(n)
        self.read_bytes += len(data)
        return data

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def test_stream_is_a_generator_that_reads_the_log_as_it_yields(played, monkeypatch):
    v = view(played)
    v.scan(1)
    opened: list[Counted] = []
    real_open = LogView.open

    def counting(self):
        opened.append(Counted(real_open(self)))
        return opened[-1]

    monkeypatch.setattr(LogView, "open", counting)
    entries = v.stream()
    assert inspect.isgenerator(entries)
    assert not opened  # nothing read before the first entry is asked for
    lines = v.lines(chunk=1024)
    next(lines)
    size = (played.saves / "camp.log.jsonl").stat().st_size
    assert size > 8 * 1024 and opened[-1].read_bytes <= 1024  # entry 1 read, not the whole file
    first = next(entries)
    assert first["n"] == 1 and first["kind"] == "new"
    assert [e["n"] for e in entries] == list(range(2, v.entries + 1))


def test_stream_yields_what_read_all_lists_and_the_offsets_of_the_lines(played):
    v = view(played)
    offsets: list[int] = []
    streamed = list(v.stream(offsets))
    assert streamed == v.read_all()
    assert offsets == [e["at"] for e in streamed]
    assert [v.entry_at(at) for at in offsets] == streamed
    assert list(v.stream_back(offsets)) == streamed[::-1]
    back: list[int] = []
    assert list(v.checked_back(back)) == streamed[::-1] and back == offsets[::-1]


def test_a_damaged_line_stops_the_stream_there_naming_it_as_check_does(played):
    log = played.saves / "camp.log.jsonl"
    lines = log.read_bytes().split(b"\n")
    lines[30] = lines[30].replace(b'"kind":"note"', b'"kind":123456', 1)  # same length: nothing moves
    log.write_bytes(b"\n".join(lines))
    v = view(played)
    got = []
    with pytest.raises(SaveError) as e:
        for entry in v.stream():
            got.append(entry["n"])
    assert got == list(range(1, 31))  # every entry before the damaged one, as it was read
    r = played("check", "-s", "camp")
    assert r.exit_code == 1 and "line 31: damaged log entry: entry 31: kind = 123456" in r.stdout
    assert "line 31: damaged log entry: entry 31: kind = 123456" in str(e.value)


def test_a_line_longer_than_any_entry_is_refused_before_it_is_read_whole(played, monkeypatch):
    from journal import files

    monkeypatch.setattr(files, "MAX_BYTES", 2000)
    log = played.saves / "camp.log.jsonl"
    lines = log.read_bytes().split(b"\n")
    lines[5] = lines[5][:-1] + b',"pad":"' + b"y" * 5000 + b'"}'
    log.write_bytes(b"\n".join(lines))
    v = view(played)
    v.end = len(b"\n".join(lines))
    with pytest.raises(SaveError, match="line 6: damaged log entry .not a JSON object."):
        list(v.lines(chunk=512))


def test_log_and_check_read_the_campaign_through_the_stream(played, monkeypatch):
    """`log` and `check` never ask for the list of every entry."""
    def refused(self):  # pragma: no cover - the test fails if it runs
        raise AssertionError("read_all called")

    expected = played("log", "-s", "camp").stdout
    as_json = json.loads(played("log", "-s", "camp", "--json").stdout)
    monkeypatch.setattr(LogView, "read_all", refused)
    assert played("log", "-s", "camp").stdout == expected
    assert json.loads(played("log", "-s", "camp", "--json").stdout) == as_json
    assert played("check", "-s", "camp").exit_code == 0
    assert played("log", "-s", "camp", "--all").exit_code == 0


def test_pdf_draws_the_log_from_the_stream_with_the_pages_a_list_gives(played, monkeypatch, tmp_path):
    """The PDF reads the log whole once (checked), then draws each page's entries as it reads
    them again, and walks back for its charts from the end: never the list of every entry."""
    from pypdf import PdfReader

    from journal import games
    from journal.pdf import document

    listed = played("pdf", "-s", "camp", "-o", str(tmp_path / "a.pdf"))
    assert listed.exit_code == 0
    entries = view(played).read_all()

    def refused(self):  # pragma: no cover - the test fails if it runs
        raise AssertionError("read_all called")

    monkeypatch.setattr(LogView, "read_all", refused)
    assert played("pdf", "-s", "camp", "-o", str(tmp_path / "b.pdf")).exit_code == 0
    text = ["".join(p.extract_text() for p in PdfReader(tmp_path / name).pages) for name in ("a.pdf", "b.pdf")]
    assert text[0] == text[1] and "note 39" in text[1]
    state = __import__("tomllib").loads((played.saves / "camp.toml").read_text())["state"]
    hist = games.history("epm")
    streamed = document.Streamed(view(played))
    streamed.read_back(games.load("epm"), state)
    assert streamed.walked is not None
    assert streamed.walked[1].period == document.glance_walk(hist, state, entries).period
    assert streamed.count == len(entries) and list(streamed.offsets) == [e["at"] for e in reversed(entries)]
    assert streamed.notes == document.Entries(entries).notes and len(streamed.notes) == 40


def test_report_and_luck_fold_the_log_as_they_read_it(played, monkeypatch):
    """The report reads the log as a stream (a checked pass, a walk back from the save, the story
    read again as it is written): the same report and luck as built from the list of entries,
    and no entry is kept by the report itself (its sessions read the log again)."""
    from journal.report import markdown, model, streamed
    from journal.session import Session

    with Session(view(played).paths, exclusive=False) as s:
        entries = s.log.read_all()
        listed = model.build(s.game, "camp", s.state, entries)
        folded = streamed.build(s.game, "camp", s.state, s.log)
        assert all(isinstance(session.entries, streamed.Stretch) for session in folded.sessions)
        assert [e for session in folded.sessions for e in session.entries] == entries
        assert markdown.render(folded) == markdown.render(listed)
        assert folded.luck == listed.luck and folded.notable == listed.notable
        for since in (1, 7, 40):
            assert markdown.render(streamed.build(s.game, "camp", s.state, s.log, since=since)) == \
                markdown.render(model.build(s.game, "camp", s.state, entries, since=since))

    def refused(self):  # pragma: no cover - the test fails if it runs
        raise AssertionError("read_all called")

    before = {args: played(*args).stdout for args in (("report", "-s", "camp"), ("luck", "-s", "camp"),
                                                      ("report", "-s", "camp", "--format", "bbcode"),
                                                      ("report", "-s", "camp", "--turns", "1"))}
    monkeypatch.setattr(LogView, "read_all", refused)
    for args, text in before.items():
        assert played(*args).stdout == text


def test_each_pdf_page_is_compressed_as_it_ends_not_held_as_text(played, tmp_path):
    """A page's content is packed (Flate) when the page ends, so a long log's pages are not all
    held as text until the PDF is saved; every reader decodes it to the same text."""
    from pypdf import PdfReader

    assert played("pdf", "-s", "camp", "-o", str(tmp_path / "c.pdf")).exit_code == 0
    raw = (tmp_path / "c.pdf").read_bytes()
    reader = PdfReader(tmp_path / "c.pdf")
    assert raw.count(b"/FlateDecode") >= len(reader.pages)
    assert "note 39" in "".join(p.extract_text() for p in reader.pages)


@pytest.mark.parametrize("damage", ["shape", "moved", "swapped", "doubled"])
def test_reading_back_names_a_damaged_line_as_the_stream_from_the_start_does(played, damage):
    log = played.saves / "camp.log.jsonl"
    lines = log.read_bytes().split(b"\n")
    if damage == "shape":
        lines[30] = lines[30].replace(b'"kind":"note"', b'"kind":123456', 1)
        lines[35] = lines[35].replace(b'"kind":"note"', b'"kind":654321', 1)  # the first one is named
    elif damage == "moved":
        lines[10] = lines[10].replace(b"xxxx", b"xxxxx", 1)  # every line after it moves
    elif damage == "swapped":
        lines[10], lines[11] = lines[11], lines[10]
    else:
        lines.insert(10, lines[10])
    log.write_bytes(b"\n".join(lines))
    v = view(played)
    with pytest.raises(SaveError) as forward:
        list(v.stream())
    with pytest.raises(SaveError) as back:
        list(view(played).checked_back())
    assert str(back.value) == str(forward.value)


def test_the_walk_back_finds_the_sittings_the_stream_from_the_start_finds(camp, clock):
    """Sittings found from the end of the log (a pause of 3 hours or more starts one) are those
    found from its start, and so is the report of each part of the log."""
    from journal.report import markdown, model, streamed
    from journal.session import Session

    for i, pause in enumerate([0, 4, 1, 2, 3, 0, 5, 2]):
        clock.advance(hours=pause)
        camp("note", "-s", "camp", f"sitting note {i}", ok=True)
    with Session(view(camp).paths, exclusive=False) as s:
        entries = s.log.read_all()
        back = streamed.Read(s.log)
        assert [e["n"] for e in back.backward()] == list(range(len(entries), 0, -1))
        forward = streamed.Read(s.log).forward()
        assert back.sittings == forward.sittings and len(back.sittings) == len(model.sittings(entries)) == 4
        assert back.marks == forward.marks and back.offsets == forward.offsets
        for options in ({}, {"last_session": True}, {"since": 3}, {"turns": (1, 1)}):
            assert markdown.render(streamed.build(s.game, "camp", s.state, s.log, **options)) == \
                markdown.render(model.build(s.game, "camp", s.state, entries, **options))


def test_the_shape_check_at_a_glance_refuses_what_the_exact_check_refuses():
    """entry_problem's fast look (an entry as journal writes it) says sound only of an entry the
    exact check finds sound: every mutation of a real entry is judged alike by both."""
    from journal import log as logmod

    sha = "a" * 64
    good = {"n": 2, "at": 10, "time": "2026-12-01T00:00:00Z", "kind": "command", "command": "epm card 3",
            "summary": "Read", "turn": "Visit 1", "rolls": [{"die": "d6", "value": 3, "source": "rolled"}],
            "before": sha, "after": sha, "undo": [[1, 2, ["x\n"]]], "meta": {},
            "changes": [{"path": ["state", "card"], "from": 1, "to": 3}]}
    assert logmod._plain_entry(good) and logmod.entry_problem(good) is None
    odd = [None, True, 1.5, "x", 7, -1, [], {}, [None], {"a": None}, [[1, 2]], "b" * 64, [1, "x"]]
    for key in [*good, "side", "seed", "reason", "game"]:
        for value in odd:
            mutated = {**good, key: value}
            if logmod._plain_entry(mutated):
                assert logmod.entry_problem(mutated) is None, (key, value)
        mutated = {k: v for k, v in good.items() if k != key}
        if logmod._plain_entry(mutated):
            assert logmod.entry_problem(mutated) is None, key
    for part, values in (("rolls", [{"die": "d6", "value": True, "source": "rolled"}, {"die": 6, "value": 1},
                                    {"die": "d6", "value": 1, "source": "typed"}]),
                         ("changes", [{"path": [], "to": 1}, {"path": ["state", 1], "to": 1}, {"path": ["s"]},
                                      {"path": ["s"], "to": None}, {"path": ["s"], "to": [None]},
                                      {"path": ["s"], "to": 1, "by": 2}])):
        for value in values:
            mutated = {**good, part: [value]}
            assert not logmod._plain_entry(mutated) and logmod.entry_problem(mutated), (part, value)
