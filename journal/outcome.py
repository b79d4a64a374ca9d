"""What a rules function returns: the new state and what to tell the table."""

from __future__ import annotations


class Outcome:
    __slots__ = ("state", "summary", "lines", "data", "meta")

    def __init__(self, state: dict, summary: str, lines: list[str] | None = None, data: dict | None = None,
                 meta: dict | None = None):
        self.state = state
        self.summary = summary          # one line, kept in the log
        self.lines = lines or []        # what changed, what to do at the table
        self.data = data or {}          # the command's --json payload
        self.meta = meta or {}          # kept in the log entry as "meta" (e.g. what undo may not revert)


def note(state: dict, dice, text: str) -> Outcome:
    """A free-text note: the state is unchanged, the text goes into the log and the PDF."""
    return Outcome(state, text, [f"Noted: {text}"], {"note": text})


def roll(state: dict, dice, expr) -> Outcome:
    """A loose roll (`journal roll 2d6+3 -s S`): logged, the state unchanged."""
    total, faces = expr.roll(dice)
    if len(faces) == 1 and total == faces[0]:
        summary = f"Rolled {expr.text}: {total}"
    else:
        summary = f"Rolled {expr.text}: {', '.join(str(f) for f in faces)} → {total}"
    return Outcome(state, summary, [summary], {"expr": expr.text, "dice": faces, "total": total})
