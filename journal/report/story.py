"""The story of a report, as plain text pieces every renderer shares: the headline, the header's
facts, the turning points, the turns of each session (condensed: the routine entries of a turn
folded into one line), each entry's words and dice (marked entered, or rolled by journal, a run
of one die's rolls said once), what each player did, and the dice as text bar charts."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from itertools import groupby

from journal.history import in_words
from journal.report.model import Point, Report, Session
from journal.text import plural

SHORT_LIMIT = 2000  # characters: a chat message (Discord's)
LONG_TEXT = 300  # characters of a name, a turning point or a headline a short report keeps
BAR = 24  # the longest bar of a text histogram, in characters


def clip(text: str, most: int = LONG_TEXT) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def value_text(die: str, value: object, faces: dict[str, list[str]] | None = None) -> str:
    """A die's face as the player reads it: the symbol of a custom die, the number of the others."""
    names = (faces or {}).get(die)
    if names and isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= len(names):
        return names[value - 1]
    return str(value)


def dice_groups(entry: dict, faces: dict[str, list[str]] | None = None) -> list[tuple[str, bool, str]]:
    """An entry's rolls, each run of one die from one source said once: (text, entered, die)."""
    runs: list[tuple[str, str, list[str]]] = []
    for r in entry.get("rolls") or ():
        if not isinstance(r, dict):
            continue
        die, source = str(r.get("die", "?")), "entered" if r.get("source") == "entered" else "rolled"
        if not runs or runs[-1][:2] != (die, source):
            runs.append((die, source, []))
        runs[-1][2].append(value_text(die, r.get("value", "?"), faces))
    out = []
    for die, source, values in runs:
        how = "entered" if source == "entered" else "rolled by journal"
        what = "drew" if die == "bag" else die
        out.append((f"{what} {', '.join(values)} ({how})", source == "entered", die))
    return out


def dice_text(entry: dict, faces: dict[str, list[str]] | None = None) -> str:
    return "; ".join(text for text, _entered, _die in dice_groups(entry, faces))


def entry_text(entry: dict) -> str:
    """What journal said at the table (the summary), with the reason of a change made by hand."""
    text = str(entry.get("summary", ""))
    if entry.get("reason"):
        text += f" (reason: {entry['reason']})"
    return text


def turns(session: Session) -> list[tuple[str, list[dict]]]:
    """The session's entries under their turn headings, as the log groups them."""
    out: list[tuple[str, list[dict]]] = []
    for e in session.entries:
        turn = str(e.get("turn") or "")
        if not out or out[-1][0] != turn:
            out.append((turn, []))
        out[-1][1].append(e)
    return out


def turn_runs(session: Session) -> Iterator[tuple[str, Iterator[dict]]]:
    """`turns` as a stream: each turn heading and its entries as they are read (a session of a long
    campaign is read from the log as it is written; each run is to be read before the next)."""
    for turn, entries in groupby(session.entries, key=lambda e: str(e.get("turn") or "")):
        yield turn, entries


class Fold:
    """The routine entries of a turn, counted as they pass: `folded`'s line without keeping them."""

    def __init__(self) -> None:
        self.count = 0
        self.kinds: Counter = Counter()
        self.numbers: list[str] = []

    def add(self, e: dict) -> None:
        words = str(e.get("command", "")).split()
        self.kinds[words[1] if len(words) > 1 and not words[1].startswith("-") else words[0] if words else "?"] += 1
        if self.count < 8:
            self.numbers.append(f"#{e.get('n', '?')}")
        self.count += 1

    def line(self) -> str:
        said = ", ".join(k if n == 1 else f"{k} ×{n}" for k, n in self.kinds.items())
        numbers = ", ".join(self.numbers) + (", …" if self.count > 8 else "")
        return f"{plural(self.count, 'routine entry', 'routine entries')} ({numbers}): {said}"


def condensed_runs(session: Session, keep: set) -> Iterator[tuple[str, Iterator[dict], Fold]]:
    """`condensed` as a stream: each turn's heading, its kept entries as they are read, and the
    fold of its routine ones (whole once the kept entries are read)."""
    for turn, entries in turn_runs(session):
        fold = Fold()
        yield turn, kept_of(entries, keep, fold), fold


def kept_of(entries: Iterator[dict], keep: set, fold: Fold) -> Iterator[dict]:
    for e in entries:
        if e.get("n") in keep:
            yield e
        else:
            fold.add(e)


def outcome(r: Report) -> str:
    """The result said once: "Won (visit 4 · Ruun · Signal 25 · EPM 13)", "Under way: turn 2 · ..."."""
    if r.result in ("won", "lost"):
        word = str(r.result)
        rest = [part for part in r.status.split(" · ") if not re.search(rf"\b{word}\b", part, re.I)]
        return f"{word.capitalize()} ({' · '.join(rest)})" if rest else word.capitalize()
    return f"Under way: {r.status}"


def headline(r: Report) -> str:
    """The report's first sentence: the game's own, and how many sittings it took."""
    said = r.headline or f"{r.title}: {r.status}"
    return f"{said}, in {in_words(r.sittings, 'sitting')}." if r.sittings else f"{said}."


def facts(r: Report) -> list[tuple[str, str]]:
    """The header: (label, value) pairs."""
    sessions = len(r.sessions)
    entries = sum(len(s.entries) for s in r.sessions)
    first = r.sessions[0].entries[0].get("n") if r.sessions else None
    last = r.sessions[-1].entries[-1].get("n") if r.sessions else None
    span = f"entries {first} to {last} of {r.total_entries}" if entries else "no entries"
    return [("Game", r.title),
            ("Played by", ", ".join(r.cast) or "(nobody named)"),
            ("Outcome" if r.result else "Outcome so far", outcome(r)),
            ("This report", f"{r.scope}: {span}, {plural(sessions, 'session')} of play (times in UTC)")]


def session_heading(s: Session) -> str:
    return f"Session {s.number} · {s.span}"


def point_text(p: Point, when: bool = True) -> str:
    """"Visit 3 · Vex (#27): now Challenge level 6 — Data Find on Vex: disc 8, Signal 5 → 13"
    (when=False: without the turn and the entry's number)."""
    summary = clip(" ".join(p.summary.split()), 160)
    said = summary if summary.startswith(p.text) else p.text + (f" — {summary}" if summary else "")
    return f"{p.turn or 'Set-up'} (#{p.n}): {said}" if when else said[:1].upper() + said[1:]


def folded(entries: list[dict]) -> str:
    """The routine entries of a turn in one line: how many, their numbers, what they were."""
    fold = Fold()
    for e in entries:
        fold.add(e)
    return fold.line()


def condensed(session: Session, keep: set) -> list[tuple[str, list[dict], list[dict]]]:
    """The session's turns: (heading, the entries kept, the routine ones folded)."""
    return [(turn, [e for e in entries if e.get("n") in keep], [e for e in entries if e.get("n") not in keep])
            for turn, entries in turns(session)]


def player_text(facts: dict[str, int]) -> str:
    return " · ".join(f"{what}: {n}" for what, n in facts.items())


def histogram(d: dict) -> list[str]:
    """A die's faces as a text bar chart: a line per face (or symbol), the bar, the count."""
    labels = d.get("labels") or [str(f) for f in range(1, len(d["faces"]) + 1)]
    counts = d.get("counts") or d.get("faces") or [0] * len(labels)
    most, width = max(counts) or 1, max(len(lb) for lb in labels)
    return [f"{lb.rjust(width)} {'█' * round(BAR * c / most) if c else '·'} {c}" for lb, c in zip(labels, counts)]


def charted(audit: dict) -> list[dict]:
    """What the luck's bar charts show: each kind of die (yours and journal's apart), then the
    cubes drawn from a bag, by colour."""
    draws = audit.get("draws")
    if not draws or not draws["draws"]:
        return list(audit["dice"])
    return audit["dice"] + [{"title": f"cubes drawn from the bag ({plural(draws['draws'], 'cube')})",
                             "source": "drawn", "labels": [c["colour"] for c in draws["colours"]],
                             "counts": [c["drawn"] for c in draws["colours"]]}]


def die_title(d: dict) -> str:
    if d.get("title"):
        return str(d["title"])
    who = "entered by you" if d["source"] == "entered" else "rolled by journal"
    return f"{d['die']}, {who} ({plural(d['rolls'], 'roll')})"


def short_parts(r: Report, limit: int = SHORT_LIMIT) -> tuple[str, list[str], str, int]:
    """What --short says: the headline, as many turning points as fit the limit, the luck
    sentence, and how many points were left out (the renderer says so)."""
    head, luck = clip(headline(r), 600), clip(r.luck["sentence"], 600)
    points = [clip(point_text(p)) for p in r.points]
    budget = limit - len(head) - len(luck) - 200  # the renderer's own words and markup
    kept: list[str] = []
    for p in points:
        if sum(len(k) + 12 for k in kept) + len(p) + 12 > budget:
            break
        kept.append(p)
    return head, kept, luck, len(points) - len(kept)
