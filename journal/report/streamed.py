"""A report of a campaign's log read as a stream (journal/store/logview.py), for a campaign of any
length: what the report keeps is counts, the few entries it names and a handful of numbers per
entry, never the entries themselves.

Three reads of the log, under the reader's lock: one checked pass from the start (where each line
starts, each entry's sitting, whether it rolled dice or is kept by a condensed story); one walk
back from the save through the changes the log records (each entry's period and stage, the
trackers where a period ends, the checks, deeds and turning points where there are any, and the
luck tallied as it goes); and, when the report is written, the story read again from the log, a
sitting at a time (`Stretch`).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, overload

from journal import games, history
from journal.report.luck import Tally
from journal.report.model import (SESSION_GAP, Report, Session, Sparse, Walk, charts, die_sides,
                                  parse_time, players, select, turning_points)

if TYPE_CHECKING:
    from journal.games.interface import Game, History
    from journal.store.logview import LogView

ROLLED = 1  # the entry holds dice
KEPT = 2  # a condensed story keeps it whatever else it holds (the set-up, a note, a change with a reason)


class Stretch(Sequence[dict]):
    """Entries [lo, hi) of a log that was read and checked whole under the same lock: read again
    from the log when asked (a stream when iterated, one line by its index)."""

    def __init__(self, log: LogView, offsets: Sequence[int], lo: int, hi: int):
        self.log, self.offsets, self.lo, self.hi = log, offsets, lo, max(lo, hi)

    def __len__(self) -> int:
        return self.hi - self.lo

    @overload
    def __getitem__(self, k: int) -> dict: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[dict]: ...

    def __getitem__(self, k: int | slice) -> dict | Sequence[dict]:
        if isinstance(k, slice):
            lo, hi, _step = k.indices(len(self))
            return Stretch(self.log, self.offsets, self.lo + lo, self.lo + hi)
        if not -len(self) <= k < len(self):
            raise IndexError(k)
        entry = self.log.entry_at(self.offsets[self.lo + k % len(self)])
        assert entry is not None  # a line of the log read whole a moment ago
        return entry

    def __iter__(self) -> Iterator[dict]:
        if self.hi > self.lo:
            yield from self.log.entries_from(self.offsets[self.lo], self.hi - self.lo)


class Read:
    """One checked pass over the log, from the start (`forward`) or from the end (`backward`, a
    walk back reading the log as it goes): where each line starts, each entry's marks (ROLLED,
    KEPT) and the first entry of each sitting (a gap of SESSION_GAP or more starts one)."""

    def __init__(self, log: LogView):
        self.log = log
        self.offsets: array[int] = array("q")
        self.marks = bytearray()
        self.sittings: list[int] = []

    def forward(self) -> Read:
        last = None
        for i, e in enumerate(self.log.stream(self.offsets)):
            when = parse_time(e.get("time"))
            if not self.sittings or (when is not None and last is not None and when - last >= SESSION_GAP):
                self.sittings.append(i)
            last = when or last
            self.marks.append(marks_of(e))
        return self

    def backward(self) -> Iterator[dict]:
        """The entries, newest first, as `forward` would read them (the same marks and sittings, found
        from the end: a sitting starts at an entry whose time is SESSION_GAP or more after that of
        the entry with a time before it), kept once the last is read."""
        n = self.log.entries
        self.marks = bytearray(n)
        later: tuple[int, datetime] | None = None  # the nearest later entry with a time
        i = n
        for e in self.log.checked_back(self.offsets):
            i -= 1
            self.marks[i] = marks_of(e)
            when = parse_time(e.get("time"))
            if when is not None:
                if later is not None and later[1] - when >= SESSION_GAP:
                    self.sittings.append(later[0])
                later = i, when
            yield e
        self.offsets.reverse()
        self.sittings = ([0] if n else []) + self.sittings[::-1]

    def __len__(self) -> int:
        return len(self.offsets)

    def entries(self, lo: int = 0, hi: int | None = None) -> Stretch:
        return Stretch(self.log, self.offsets, lo, len(self) if hi is None else hi)

    def newest_first(self) -> Iterator[dict]:
        return self.log.stream_back(self.offsets)


def marks_of(e: dict) -> int:
    return (ROLLED if e.get("rolls") else 0) | (KEPT if e.get("kind") in ("new", "note") or e.get("reason") else 0)


class Folded(Walk):
    """`Walk` of a streamed log: the same per-entry answers (period, stage, and where there are any:
    trackers, checks, bag, turning points, deeds), kept only where they say something. The trackers
    are kept where a period ends and at `keep` (the entries just before and at the end of the part
    reported); the luck of entries [lo, hi) goes into `tally` as the walk passes them."""

    def __init__(self, hist: History, state: dict, n: int, newest_first: Iterator[dict], keep: set[int],
                 span: tuple[int, int] | None = None, tally: Tally | None = None):
        self.period, self.stage = [0] * n, [""] * n
        self.tracks, self.bags = Sparse[dict]({}), Sparse[dict]({})
        self.checks, self.points, self.deeds = Sparse[list]([]), Sparse[list[str]]([]), Sparse[list]([])
        self.hist, self.span, self.tally = hist, span or (0, 0), tally
        self.last: dict | None = None  # the entry read last: entry i, at step i of the walk
        self.after: dict | None = None  # entry i + 1
        stages: dict[str, str] = {}
        for i, s in history.states_back_from(state, self.reading(newest_first), n):
            if i + 1 < n and self.after is not None:  # s is the state before entry i + 1
                self.before(i + 1, self.after, s)
            if i >= 0:
                self.period[i] = period = hist.period(s)
                stage = hist.stage(s)
                self.stage[i] = stages.setdefault(stage, stage)  # one string per stage, not per entry
                if i in keep or i == 0 or i + 1 == n or period != self.period[i + 1]:  # set-up charted too
                    self.tracks[i] = hist.tracks(s)
                self.after = self.last
        if tally is not None:
            for kind in tally.checks.values():  # added newest first: put back in the log's order
                kind.reverse()
            tally.draws.reverse()

    def reading(self, newest_first: Iterator[dict]) -> Iterator[dict]:
        for entry in newest_first:
            self.last = entry
            yield entry

    def before(self, j: int, entry: dict, s: dict) -> None:
        """What entry j did, seen from the state before it."""
        hist = self.hist
        checks = hist.checks(entry, s)
        if checks:
            self.checks[j] = checks
        said = hist.turning_points(entry, s)
        if said:
            self.points[j] = said
        deeds = hist.deeds(entry, s)
        if deeds:
            self.deeds[j] = deeds
        bag = hist.bag(s) if entry.get("rolls") else {}
        if bag:
            self.bags[j] = bag
        tally = self.tally
        if tally is not None and self.span[0] <= j < self.span[1]:
            tally.add_checks(checks[::-1])  # each entry's own order reversed, the whole reversed at the end
            drawn = len(tally.draws)
            tally.add_rolls(entry.get("rolls"), bag)
            tally.draws[drawn:] = tally.draws[drawn:][::-1]


def scope(read: Read, periods: list[int], last_session: bool, since: int | None,
          turns: tuple[int, int] | None) -> tuple[int, int, str]:
    """`model.select` of a streamed log (its last sitting known from the checked pass)."""
    n = len(read)
    if last_session:
        return (read.sittings[-1] if n else 0), n, "the last session of play"
    return select(read.entries(), periods, False, since, turns)


def notable(walk: Walk, read: Read, lo: int, hi: int, marked: set) -> set:
    """`model.notable` from the marks of the checked pass (entry i is entry number i + 1)."""
    return {i + 1 for i in range(lo, hi)
            if read.marks[i] or i + 1 in marked or walk.checks[i] or walk.deeds[i]}


def sessions(read: Read, lo: int, hi: int) -> list[Session]:
    """The sittings of the whole log, numbered from the first, cut to the entries [lo, hi), each
    read again from the log when the report is written."""
    out = []
    bounds = [*read.sittings, len(read)]
    for number, (start, end) in enumerate(zip(bounds, bounds[1:]), 1):
        if max(lo, start) < min(hi, end):
            out.append(Session(number, read.entries(max(lo, start), min(hi, end))))
    return out


def build(game: Game, name: str, state: dict, log: LogView, last_session: bool = False,
          since: int | None = None, turns: tuple[int, int] | None = None) -> Report:
    """`model.build` of the log read as a stream: the same report. The whole campaign, or entries
    since one, are read in one walk back; the last sitting and turns are found first, from the
    start or in a first walk."""
    hist = games.history(game.ID)
    read = Read(log)
    n = log.entries
    faces: dict[str, list[str]] = {}
    tally = Tally(lambda die: die_sides(die, faces, hist, state))
    if since is not None and not 1 <= since <= n:
        read.forward()  # the log checked first, as every reader does, then --since refused
    if turns is None and not last_session:
        lo, hi, said = select([{}] * n, [], False, since, None)
        newest_first = read.backward()
        walk = Folded(hist, state, n, newest_first, {lo - 1, hi - 1}, (lo, hi), tally)
        for _rest in newest_first:  # pragma: no cover - the walk reads every entry
            pass
    else:
        read.forward()
        periods = Folded(hist, state, n, read.newest_first(), set()).period if turns else []
        lo, hi, said = scope(read, periods, last_session, since, turns)
        walk = Folded(hist, state, n, read.newest_first(), {lo - 1, hi - 1}, (lo, hi), tally)
    walk.entries = read.entries()
    result, cast = game.result(state), hist.cast(state)
    last_roll = next((i for i in range(len(read) - 1, -1, -1) if read.marks[i] & ROLLED), None)
    points = turning_points(walk, lo, hi, result is not None, last_roll)
    return Report(name=name, game=game.ID, title=game.TITLE, unit=hist.UNIT, cast=cast,
                  status=game.status(state), result=result, scope=said,
                  sessions=sessions(read, lo, hi), charts=charts(walk, lo, hi, hist.UNIT),
                  luck=tally.audit(faces), total_entries=len(read), headline=hist.headline(state, result),
                  points=points, players=players(walk, lo, hi, cast),
                  notable=notable(walk, read, lo, hi, {p.n for p in points}),
                  faces=faces, sittings=len(read.sittings), periods=hist.period(state))
