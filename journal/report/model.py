"""A play report's content, whatever it is rendered to: the campaign's header, its sessions of
play, the story turn by turn, the trackers over time (the game's `History`) and the luck audit.

Built in one walk back through the log from the save (journal/history.py's `states_back`), so a
report costs about what reading the log costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from journal import games, history
from journal.errors import InputError, typed
from journal.report.luck import Tally

if TYPE_CHECKING:
    from journal.games.interface import Game, History

SESSION_GAP = timedelta(hours=3)  # a pause this long between two entries starts a new sitting


@dataclass
class Session:
    number: int
    entries: list[dict]

    @property
    def span(self) -> str:
        first, last = self.entries[0].get("time", ""), self.entries[-1].get("time", "")
        start, end = short_time(first), short_time(last)
        if start[:10] == end[:10]:
            end = end[11:]
        return start if start == end or not end else f"{start}–{end}"


@dataclass
class Chart:
    title: str
    series: list[str]
    points: list[tuple[str, dict[str, float]]]  # (period label, value of each series)
    marks: dict[int, str]  # point index -> the stage the game entered there


@dataclass
class Report:
    name: str
    game: str
    title: str
    unit: str
    cast: list[str]
    status: str
    result: str | None
    scope: str
    sessions: list[Session]
    charts: list[Chart]
    luck: dict
    total_entries: int


def short_time(value: Any) -> str:
    """'2026-11-29T11:41:13Z' -> '2026-11-29 11:41' (UTC, as the log keeps it)."""
    s = str(value or "")
    return f"{s[:10]} {s[11:16]}" if len(s) >= 16 and s[10] == "T" else s


def parse_time(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def sittings(entries: list[dict]) -> list[list[dict]]:
    """Entries grouped into sittings: a gap of SESSION_GAP or more between two entries starts a new one."""
    groups: list[list[dict]] = []
    last = None
    for e in entries:
        when = parse_time(e.get("time"))
        if not groups or (when is not None and last is not None and when - last >= SESSION_GAP):
            groups.append([])
        groups[-1].append(e)
        last = when or last
    return groups


def parse_turns(text: str) -> tuple[int, int]:
    """--turns A-B (or A alone)."""
    a, sep, b = text.partition("-")
    if not a.strip().isdigit() or (sep and not b.strip().isdigit()) or len(a.strip()) > 9 or len(b.strip()) > 9:
        raise InputError(f"--turns {typed(text)}: expected A-B (two numbers of up to 9 digits) or A")
    lo, hi = int(a), int(b) if sep else int(a)
    if lo > hi:
        raise InputError(f"--turns {text}: the first number is the larger")
    return lo, hi


class Walk:
    """What one walk back through the log gathers for the report: each entry's period, stage and
    trackers (after it), and its checks and bag (from the state before it)."""

    def __init__(self, hist: History, state: dict, entries: list[dict]):
        self.entries = entries
        n = len(entries)
        self.period = [0] * n
        self.stage = [""] * n
        self.tracks: list[dict] = [{} for _ in range(n)]
        self.checks: list[list] = [[] for _ in range(n)]
        self.bags: list[dict] = [{} for _ in range(n)]
        for i, s in history.states_back(state, entries):
            if i + 1 < n:  # s is the state before entry i + 1
                nxt = entries[i + 1]
                self.checks[i + 1] = hist.checks(nxt, s)
                if nxt.get("rolls"):
                    self.bags[i + 1] = hist.bag(s)
            if i >= 0:
                self.period[i] = hist.period(s)
                self.stage[i] = hist.stage(s)
                self.tracks[i] = hist.tracks(s)


def select(entries: list[dict], periods: list[int], last_session: bool, since: int | None,
           turns: tuple[int, int] | None) -> tuple[int, int, str]:
    """The indices [lo, hi) of the entries reported, and what they are called."""
    n = len(entries)
    if last_session:
        last = sittings(entries)[-1] if entries else []
        return n - len(last), n, "the last session of play"
    if since is not None:
        if not 1 <= since <= n:
            raise InputError(f"--since {since}: the log has entries 1 to {n}")
        return since - 1, n, f"entries {since} to {n}"
    if turns is not None:
        picked = [i for i, p in enumerate(periods) if turns[0] <= p <= turns[1]]
        if not picked:
            raise InputError(f"--turns {turns[0]}-{turns[1]}: no entry of the log is in those turns")
        return picked[0], picked[-1] + 1, f"turns {turns[0]} to {turns[1]}"
    return 0, n, "the whole campaign"


def period_ends(walk: Walk, lo: int, hi: int) -> list[int]:
    """The last entry of each period from lo to hi, after the last entry before lo (where the
    first period shown starts from)."""
    ends = [i for i in range(lo, hi - 1) if walk.period[i + 1] != walk.period[i]] + [hi - 1]
    return [lo - 1, *ends] if lo > 0 else ends


def stages_entered(walk: Walk, lo: int, hi: int, ends: list[int]) -> dict[int, str]:
    """The stages (tier, phase) the game entered, by the point (the period's end) they fall in."""
    marks: dict[int, str] = {}
    for i in range(max(lo, 1), hi):
        if walk.stage[i] and walk.stage[i] != walk.stage[i - 1]:
            at = next(k for k, end in enumerate(ends) if end >= i)
            said = marks.get(at, "").split(", ") if at in marks else []
            marks[at] = ", ".join(dict.fromkeys([*said, walk.stage[i]]))
    return marks


def charts(walk: Walk, lo: int, hi: int, unit: str) -> list[Chart]:
    """The trackers at the end of each period from lo to hi, from where the period before ended;
    a point is marked with the stage (tier, phase) the game entered in it."""
    if hi <= lo:
        return []
    ends = period_ends(walk, lo, hi)
    labels = [f"{unit} {walk.period[i]}" if walk.period[i] else "Set-up" for i in ends]
    marks = stages_entered(walk, lo, hi, ends)
    out: list[Chart] = []
    for title in walk.tracks[hi - 1]:
        points = [(label, walk.tracks[i].get(title, {})) for label, i in zip(labels, ends)]
        series = list(dict.fromkeys(name for _label, values in points for name in values))
        out.append(Chart(title, series, points, marks))
    return out


def sessions_in(entries: list[dict], lo: int, hi: int) -> list[Session]:
    """The sittings of the whole log, numbered from the first, cut to the entries [lo, hi)."""
    out, start = [], 0
    for number, group in enumerate(sittings(entries), 1):
        end = start + len(group)
        part = entries[max(lo, start):min(hi, end)]
        if part:
            out.append(Session(number, part))
        start = end
    return out


def build(game: Game, name: str, state: dict, entries: list[dict], last_session: bool = False,
          since: int | None = None, turns: tuple[int, int] | None = None) -> Report:
    """The report of campaign `name` (its game module, its state, its log entries)."""
    hist = games.history(game.ID)
    walk = Walk(hist, state, entries)
    lo, hi, scope = select(entries, walk.period, last_session, since, turns)
    tally = Tally()
    for i in range(lo, hi):
        tally.add_checks(walk.checks[i])
        tally.add_rolls(entries[i].get("rolls"), walk.bags[i])
    return Report(name=name, game=game.ID, title=game.TITLE, unit=hist.UNIT, cast=hist.cast(state),
                  status=game.status(state), result=game.result(state), scope=scope,
                  sessions=sessions_in(entries, lo, hi), charts=charts(walk, lo, hi, hist.UNIT),
                  luck=tally.audit(), total_entries=len(entries))
