"""journal/store/undone.py: the undone file read from its end (last_undo, for undo and redo) and
from its start (read_all, for `log --all` and `check`), on files written line by line here: which
undos stand, where the next undo writes, and each kind of damage named."""

from __future__ import annotations

import json

import pytest

from journal.errors import SaveError
from journal.store.paths import SavePaths
from journal.store.undone import UndoneView, line_bytes, mark_bytes

SHA = "0" * 64
SEED = 7


def entry(n: int) -> dict:
    return {"n": n, "command": f"note n{n}", "summary": f"n{n}", "before": SHA, "after": SHA, "undo": []}


class File:
    """An undone file built line by line, each line at the byte it says."""

    def __init__(self) -> None:
        self.data = b""
        self.starts: list[int] = []  # where each line begins

    def line(self, n: int, count: int | None = None, by: str = "undo") -> File:
        meta: dict = {"at": len(self.data), "time": "2026-12-01T00:00:00Z", "by": by, "log_at": 100 * n}
        if count is not None:
            meta.update(count=count, seed=SEED, left=SHA, restores=SHA, redo=[])
        return self.add(line_bytes(meta, json.dumps(entry(n)).encode("utf-8")))

    def undo(self, *ns: int, mark: bool = True) -> File:
        """One undo of the entries `ns` (oldest first), and its "undone" mark."""
        for i, n in enumerate(ns):
            self.line(n, len(ns) if i == len(ns) - 1 else None, by=f"undo {len(ns)}")
        return self.mark("undone") if mark else self

    def mark(self, what: str) -> File:
        return self.add(mark_bytes(len(self.data), what, "2026-12-01T00:00:01Z"))

    def add(self, raw: bytes) -> File:
        self.starts.append(len(self.data))
        self.data += raw
        return self


def view(tmp_path, f: File) -> UndoneView:
    paths = SavePaths(str(tmp_path / "camp.toml"), str(tmp_path / "camp.log.jsonl"), "camp")
    (tmp_path / "camp.undone.jsonl").write_bytes(f.data)
    return UndoneView(paths, SEED)


def live(*standing: int):
    """Entries `standing` are in the log (a crash left their undo's lines), the others are not."""
    return lambda e, _log_at: e["n"] in standing


def numbers(lines) -> list[int]:
    return [line.entry["n"] for line in lines]


def test_the_last_undo_that_stands_and_the_end_past_its_mark(tmp_path):
    f = File().undo(4, 5).undo(3)
    v = view(tmp_path, f)
    for whole in (True, False):
        end, lines = v.last_undo(live(), whole)
        assert numbers(lines) == [3] and end == len(f.data)
    assert [numbers(u) for u in v.read_all(live())] == [[4, 5], [3]]


def test_no_file_no_undo(tmp_path):
    paths = SavePaths(str(tmp_path / "camp.toml"), str(tmp_path / "camp.log.jsonl"), "camp")
    assert UndoneView(paths, SEED).last_undo(live()) == (0, [])
    assert UndoneView(paths, SEED).read_all(live()) == []


def test_an_undo_whose_entries_stand_and_that_has_no_mark_is_a_crash_leftover_written_over(tmp_path):
    f = File().undo(4, 5).undo(6, mark=False)
    v = view(tmp_path, f)
    end, lines = v.last_undo(live(1, 2, 3, 6))
    assert numbers(lines) == [4, 5] and end == f.starts[3]  # the next undo writes over the leftover
    assert [numbers(u) for u in v.read_all(live(1, 2, 3, 6))] == [[4, 5]]
    assert numbers(v.last_undo(live())[1]) == [6]  # its entry gone from the log: the undo stands


def test_a_redo_that_began_takes_its_undo_back_while_the_entries_stand(tmp_path):
    f = File().undo(4).undo(5).mark("redoing")
    v = view(tmp_path, f)
    assert numbers(v.last_undo(live(5))[1]) == [4]
    assert numbers(v.last_undo(live())[1]) == [5]  # the redo never put the entry back: the undo stands
    assert [numbers(u) for u in v.read_all(live(5))] == [[4]]


def test_a_line_without_count_at_the_end_is_a_leftover_while_its_entry_stands(tmp_path):
    f = File().undo(4).line(6).add(b"\n")
    v = view(tmp_path, f)
    end, lines = v.last_undo(live(6))
    assert numbers(lines) == [4] and end == f.starts[2]
    assert [numbers(u) for u in v.read_all(live(6))] == [[4]]
    with pytest.raises(SaveError, match="the last line of an undo holds no count"):
        v.last_undo(live())
    with pytest.raises(SaveError, match=r"an undo's lines end without its last line \(count\)"):
        v.read_all(live())


def test_a_mark_among_an_undos_lines_is_damage(tmp_path):
    f = File().line(4).mark("undone").line(5, count=2)
    v = view(tmp_path, f)
    with pytest.raises(SaveError, match=f"byte {f.starts[1]}: damaged undone entry: a mark among an undo's lines"):
        v.last_undo(live())
    with pytest.raises(SaveError, match=f"byte {f.starts[1]}: damaged undone entry: a mark that follows no undo"):
        v.read_all(live())


def test_an_undo_cut_short_is_damage(tmp_path):
    f = File().line(5, count=2)
    v = view(tmp_path, f)
    for read in (lambda: v.last_undo(live()), lambda: v.read_all(live())):
        with pytest.raises(SaveError, match="the undo of entry 5 counts 2 lines, but holds 1"):
            read()


def test_lines_of_two_undos_in_one_count_are_damage(tmp_path):
    f = File().line(4, by="undo").line(5, count=2, by="undo 2")
    v = view(tmp_path, f)
    for read in (lambda: v.last_undo(live()), lambda: v.read_all(live())):
        with pytest.raises(SaveError, match="entry 5 is not undone with entry 4, before it"):
            read()


def test_only_its_last_line_is_read_when_it_tells_that_the_undo_stands(tmp_path):
    f = File().undo(4, 5)
    f.data = b"X" + f.data[1:]  # the first line broken: only a whole read finds it
    v = view(tmp_path, f)
    end, lines = v.last_undo(live(), whole=False)
    assert numbers(lines) == [5] and end == len(f.data)
    with pytest.raises(SaveError, match="not a JSON object"):
        v.last_undo(live())


def test_a_torn_line_at_the_end_is_left_for_the_next_undo_to_write_over(tmp_path):
    f = File().undo(4).add(b'{"at":')
    end, lines = view(tmp_path, f).last_undo(live())
    assert numbers(lines) == [4] and end == f.starts[-1]


def test_blank_lines_at_the_end_are_written_over(tmp_path):
    f = File().undo(4).add(b"\n").add(b"  \n")
    v = view(tmp_path, f)
    end, lines = v.last_undo(live())
    assert numbers(lines) == [4] and end == f.starts[2]
    assert [numbers(u) for u in v.read_all(live())] == [[4]]


def test_a_line_without_count_before_a_mark_is_damage(tmp_path):
    f = File().undo(4).line(6).mark("undone")
    with pytest.raises(SaveError, match=f"byte {f.starts[2]}: damaged undone entry: the last line of an undo holds "
                                        f"no count"):
        view(tmp_path, f).last_undo(live(6))


def test_a_file_of_leftovers_and_blanks_is_written_over_from_its_start(tmp_path):
    assert view(tmp_path, File().add(b"\n  \n")).last_undo(live()) == (0, [])
    assert view(tmp_path, File().undo(6, mark=False)).last_undo(live(6)) == (0, [])
    f = File().undo(4, mark=False).undo(6, mark=False).add(b"\n")
    assert view(tmp_path, f).last_undo(live(4, 6)) == (0, [])  # neither undo committed
    f = File().undo(4).undo(6, mark=False)
    assert numbers(view(tmp_path, f).last_undo(live(4, 6))[1]) == [4]  # marked: it stands, its entries typed again


@pytest.mark.parametrize("raw", [
    b'{"at":0,"time":"t","by":"undo","log_at":5,"entry":{"n":1}}',  # as journal writes it
    b'{"at":0,"by":"a \\",\\"entry\\":{} \\\\","entry":{"n":1}}',  # the key inside a string
    b'{"at":0,"side":{"x.toml":{"entry":1,"z":[2]}},"entry":{"n":1}}',  # inside a nested value
    b'{"at":0,"entry":{"n":1},"entry":{"n":2}}',  # twice: the last one counts, as in any JSON
    b'{"at":0,"entry":{"n":1},"count":3}',  # a key after the entry
    b'{"at": 0, "entry": {"n": 1}}',  # spaced by hand
    b'{"at":0,"entry":{"n":1}} ',
    '{"at":0,"by":"é","entry":{"n":1,"summary":"ü"}}'.encode("utf-8"),
])
def test_a_line_read_in_two_parts_is_the_record_json_reads(raw):
    from journal import files
    from journal.store.undone import split_line

    record, inner = split_line(raw)
    assert record == files.parse_json(raw)
    if inner is not None:
        assert files.parse_json(inner) == record["entry"] and raw.endswith(inner + b"}")


@pytest.mark.parametrize("raw", [b'{"at":0,"entry":{"n":1}', b'{"at":0,"entry":}', b'{"at":0,"entry":{"n":1}}}',
                                 b'{"at":0,"entry":{"n":"\xff"}}'])
def test_a_line_that_is_not_json_is_refused_read_in_parts_or_whole(raw):
    from journal.store.undone import split_line

    with pytest.raises(ValueError):
        split_line(raw)


def test_an_undo_read_from_the_end_keeps_only_its_oldest_lines_and_counts_the_rest(tmp_path):
    f = File().undo(*range(4, 40))
    group, end = view(tmp_path, f).last_group(live(), keep=3)
    assert group is not None and end == len(f.data)
    assert numbers(group.kept) == [4, 5, 6] and group.total == 36 and group.last.entry["n"] == 39
    assert numbers(view(tmp_path, f).last_undo(live())[1]) == list(range(4, 40))
