"""The story of a report, as plain text pieces both renderers share: the header's facts, the
turns of each session, each entry's words and dice (marked entered, or rolled by journal)."""

from __future__ import annotations

from journal.report.model import Report, Session


def roll_text(roll: dict) -> str:
    die, value = roll.get("die", "?"), roll.get("value", "?")
    how = "entered" if roll.get("source") == "entered" else "rolled by journal"
    return f"{'drew ' + str(value) if die == 'bag' else f'{die} {value}'} ({how})"


def dice_text(entry: dict) -> str:
    return ", ".join(roll_text(r) for r in entry.get("rolls") or () if isinstance(r, dict))


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


def facts(r: Report) -> list[tuple[str, str]]:
    """The header: (label, value) pairs."""
    outcome = {"won": "won", "lost": "lost"}.get(r.result or "", "under way")
    sessions = len(r.sessions)
    entries = sum(len(s.entries) for s in r.sessions)
    first = r.sessions[0].entries[0].get("n") if r.sessions else None
    last = r.sessions[-1].entries[-1].get("n") if r.sessions else None
    span = f"entries {first} to {last} of {r.total_entries}" if entries else "no entries"
    return [("Game", r.title),
            ("Played by", ", ".join(r.cast) or "(nobody named)"),
            ("Outcome so far", f"{outcome}: {r.status}"),
            ("This report", f"{r.scope}: {span}, {sessions} session{'s' if sessions != 1 else ''} of play "
                            f"(times in UTC)")]


def session_heading(s: Session) -> str:
    return f"Session {s.number} · {s.span}"
