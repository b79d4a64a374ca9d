"""A play report's content, whatever it is rendered to: the campaign's header and headline, its
sessions of play, the turning points, the story turn by turn (which entries a condensed story
keeps), what each player's piece did, the trackers over time (the game's `History`) and the luck
audit.

Built in one walk back through the log from the save (journal/history.py's `states_back`), so a
report costs about what reading the log costs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from journal import games, history
from journal.errors import InputError, typed
from journal.report.luck import Tally, numbered_sides

if TYPE_CHECKING:
    from journal.games.interface import Game, History

LONG_ODDS = 0.33  # a check won at odds under 1 in 3 is a turning point
SESSION_GAP = timedelta(hours=3)  # a pause this long between two entries starts a new sitting


@dataclass
class Session:
    number: int
    entries: Sequence[dict]  # a list, or the log's entries read again when asked (journal/report/streamed.py)

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
class Point:
    """A turning point: the entry it happened in, its turn heading, what happened."""
    n: object
    turn: str
    text: str
    summary: str = ""  # what journal said at the table


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
    headline: str = ""
    points: list[Point] = field(default_factory=list)
    players: dict[str, dict[str, int]] = field(default_factory=dict)  # who -> {what they did: how many}
    notable: set = field(default_factory=set)  # the entries (n) a condensed story keeps; the rest fold
    faces: dict[str, list[str]] = field(default_factory=dict)  # a custom die's face names, face 1 first
    sittings: int = 0  # the sessions of play of the whole log
    periods: int = 0  # the visit, turn or round the campaign is in


def short_time(value: Any) -> str:
    """'2026-11-29T11:41:13Z' -> '2026-11-29 11:41' (UTC, as the log keeps it)."""
    s = str(value or "")
    return f"{s[:10]} {s[11:16]}" if len(s) >= 16 and s[10] == "T" else s


def parse_time(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def sittings(entries: Iterable[dict]) -> list[list[dict]]:
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

    def __init__(self, hist: History, state: dict, entries: Sequence[dict]):
        self.entries = entries
        n = len(entries)
        self.period = [0] * n
        self.stage = [""] * n
        self.tracks: list[dict] | Sparse[dict] = [{} for _ in range(n)]
        self.checks: list[list] | Sparse[list] = [[] for _ in range(n)]
        self.bags: list[dict] | Sparse[dict] = [{} for _ in range(n)]
        self.points: list[list[str]] | Sparse[list[str]] = [[] for _ in range(n)]
        self.deeds: list[list] | Sparse[list] = [[] for _ in range(n)]
        for i, s in history.states_back(state, list(entries)):
            if i + 1 < n:  # s is the state before entry i + 1
                nxt = entries[i + 1]
                self.checks[i + 1] = hist.checks(nxt, s)
                self.points[i + 1] = hist.turning_points(nxt, s)
                self.deeds[i + 1] = hist.deeds(nxt, s)
                if nxt.get("rolls"):
                    self.bags[i + 1] = hist.bag(s)
            if i >= 0:
                self.period[i] = hist.period(s)
                self.stage[i] = hist.stage(s)
                self.tracks[i] = hist.tracks(s)


T = TypeVar("T")


class Sparse(dict[int, T], Generic[T]):
    """A per-entry value kept only where it is not empty (the others read as `empty`, shared:
    never changed)."""

    def __init__(self, empty: T):
        super().__init__()
        self.empty = empty

    def __missing__(self, key: int) -> T:
        return self.empty


def select(entries: Sequence[dict], periods: list[int], last_session: bool, since: int | None,
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
    if lo == 0 and ends[0] > 0 and walk.period[0]:   # from set-up: the values after the campaign's first entry
        ends = [0, *ends]
    labels = [f"{unit} {walk.period[i]}" if walk.period[i] and (i or lo) else "Set-up" for i in ends]
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


def point_words(walk: Walk, i: int, back_to: str) -> list[str]:
    """What the game names in entry i, the stage it entered there (not one it went back to, as a
    dungeon after its fight), its checks won at long odds."""
    said = list(walk.points[i])
    if (i and walk.stage[i] and walk.stage[i] != walk.stage[i - 1] and walk.stage[i - 1] != "Setup"
            and walk.stage[i] != back_to):
        said.append(f"now {walk.stage[i]}")
    return said + [f"{c.kind} won against odds of {c.chance:.0%}" for c in walk.checks[i]
                   if c.success and c.chance < LONG_ODDS]


def turning_points(walk: Walk, lo: int, hi: int, over: bool, last_roll: int | None = -1) -> list[Point]:
    """The entries that changed the game, in order: what the game names (a city destroyed, a crew
    member down), a tier or phase entered, a check won against odds under 1 in 3, and, once the
    game is over, its last roll (`last_roll`: its index, when the caller knows it) and its last
    entry."""
    entries = walk.entries
    if last_roll == -1:
        last_roll = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].get("rolls")), None)
    last_roll = last_roll if over else None
    out = []
    back_to = walk.stage[lo - 1] if lo else ""  # the stage before the last change
    for i in range(lo, hi):
        said = point_words(walk, i, back_to)
        if i and walk.stage[i] != walk.stage[i - 1]:
            back_to = walk.stage[i - 1]
        said += ["the last roll of the game"] if i == last_roll else []
        said += ["the end"] if over and i == len(entries) - 1 else []
        if said:
            out.append(Point(entries[i].get("n", i + 1), str(entries[i].get("turn") or ""),
                             "; ".join(dict.fromkeys(said)), str(entries[i].get("summary", ""))))
    return out


def players(walk: Walk, lo: int, hi: int, cast: list[str]) -> dict[str, dict[str, int]]:
    """What each player's piece did from lo to hi, the cast first in its order."""
    out: dict[str, dict[str, int]] = {who: {} for who in cast}
    for i in range(lo, hi):
        for deed in walk.deeds[i]:
            facts = out.setdefault(deed.who, {})
            facts[deed.what] = facts.get(deed.what, 0) + deed.n
    return {who: facts for who, facts in out.items() if facts}


def notable(walk: Walk, lo: int, hi: int, points: list[Point]) -> set:
    """The entries a condensed story keeps: the set-up, notes, turning points, checks, dice and
    deeds; the routine rest (a story card read, a plain move) folds into one line per turn."""
    marked = {p.n for p in points}
    keep = set()
    for i in range(lo, hi):
        e = walk.entries[i]
        n = e.get("n", i + 1)
        if (n in marked or e.get("kind") in ("new", "note") or e.get("rolls") or walk.checks[i]
                or walk.deeds[i] or e.get("reason")):
            keep.add(n)
    return keep


def build(game: Game, name: str, state: dict, entries: list[dict], last_session: bool = False,
          since: int | None = None, turns: tuple[int, int] | None = None) -> Report:
    """The report of campaign `name` (its game module, its state, its log entries)."""
    hist = games.history(game.ID)
    walk = Walk(hist, state, entries)
    lo, hi, scope = select(entries, walk.period, last_session, since, turns)
    faces: dict[str, list[str]] = {}
    tally = Tally(lambda die: die_sides(die, faces, hist, state))
    for i in range(lo, hi):
        tally.add_checks(walk.checks[i])
        tally.add_rolls(entries[i].get("rolls"), walk.bags[i])
    result, cast = game.result(state), hist.cast(state)
    points = turning_points(walk, lo, hi, result is not None)
    return Report(name=name, game=game.ID, title=game.TITLE, unit=hist.UNIT, cast=cast,
                  status=game.status(state), result=result, scope=scope,
                  sessions=sessions_in(entries, lo, hi), charts=charts(walk, lo, hi, hist.UNIT),
                  luck=tally.audit(faces), total_entries=len(entries), headline=hist.headline(state, result),
                  points=points, players=players(walk, lo, hi, cast), notable=notable(walk, lo, hi, points),
                  faces=faces, sittings=len(sittings(entries)), periods=hist.period(state))


def die_sides(die: str, faces: dict[str, list[str]], hist: History, state: dict) -> int | None:
    """How many faces a die of the log has ("d6", "orange d6", a custom die the game names), its
    face names noted in `faces`; None: not a die (a bag's draw)."""
    if die not in faces:
        named = hist.die_faces(die, state)
        if named:
            faces[die] = named
    if die in faces:
        return len(faces[die])
    return numbered_sides(die)
