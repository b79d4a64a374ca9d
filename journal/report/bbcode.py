"""A report in BoardGameGeek's markup (BBCode as its forums and session reports take it), to paste
into a session report: headings as bold sized text, lists, the dice as a fixed-width ([c]) table.

Everything the player typed is text: a `[` that could open a tag is followed by a zero-width
space (so `[b]` stays `[b]` to the eye and opens nothing), and `<`, after which BoardGameGeek cuts
a post off, becomes the full-width `＜`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from journal.report.charts import empty
from journal.report.model import Chart, Report
from journal.report.story import (charted, condensed_runs, dice_text, die_title, entry_text, facts, headline,
                                  histogram, player_text, point_text, session_heading, short_parts)

_TAG = re.compile(r"\[")
_SPACE = re.compile(r"\s")
ZWSP = "\u200b"


def inert(text: str) -> str:
    """Text in which no `[` opens a tag and no `<` cuts the post off."""
    return _TAG.sub("[" + ZWSP, text).replace("<", "＜")


def bb(text: object) -> str:
    """Plain text, inert as BBCode, on one line."""
    return inert(" ".join(str(text).split()))


def fixed(text: str) -> str:
    """A line of a fixed-width ([c]) block, inert as BBCode, on one line, its spaces kept: the
    columns and bars stay lined up (`bb` would fold each run of spaces into one)."""
    return inert(_SPACE.sub(" ", text))


def heading(text: str, size: int = 14) -> list[str]:
    return ["", f"[size={size}][b]{bb(text)}[/b][/size]"]


def bullet_list(items: list[str]) -> list[str]:
    """Items already made inert (bb) or the report's own markup."""
    return ["[ul]", *(f"[li]{item}[/li]" for item in items), "[/ul]"] if items else []


def entry_item(e: dict, faces: dict) -> str:
    text = bb(entry_text(e))
    if e.get("kind") == "note":
        return f"[i]Note: {text}[/i] (#{e.get('n', '?')})"
    if e.get("kind") == "new":
        text = f"[b]{text}[/b]"
    dice = dice_text(e, faces)
    return f"#{e.get('n', '?')} {text}" + (f" · {bb(dice)}" if dice else "")


def turn_lines(r: Report) -> Iterator[str]:
    """The story turn by turn (read from the log as it is written), routine entries folded."""
    yield from heading("Turn by turn")
    if not r.sessions:
        yield "Nothing was played in this part of the log."
        return
    for s in r.sessions:
        yield from heading(session_heading(s), 12)
        for turn, kept, fold in condensed_runs(s, r.notable):
            yield f"[b]{bb(turn or 'Without a turn')}[/b]"
            listed = False
            for e in kept:
                yield ("" if listed else "[ul]\n") + f"[li]{entry_item(e, r.faces)}[/li]"
                listed = True
            if fold.count:
                yield ("" if listed else "[ul]\n") + f"[li]{bb(fold.line())}[/li]"
                listed = True
            if listed:
                yield "[/ul]"


def chart_lines(c: Chart) -> list[str]:
    """A tracker over time as a fixed-width table."""
    head = ["", *c.series, "Stage"]
    rows = [[label, *(f"{values[s]:g}" if s in values else "" for s in c.series), c.marks.get(k, "")]
            for k, (label, values) in enumerate(c.points)]
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    table = [" ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [head, *rows]]
    return [f"[b]{bb(c.title)}[/b]", "[c]" + "\n".join(fixed(line) for line in table) + "[/c]"]


def dice_lines(audit: dict) -> list[str]:
    if not charted(audit):
        return []
    block = []
    for k, d in enumerate(charted(audit)):
        block += ([""] if k else []) + [die_title(d)] + ["  " + line for line in histogram(d)]
    return ["[c]" + "\n".join(fixed(line) for line in block) + "[/c]"]


def luck_lines(audit: dict) -> list[str]:
    lines = heading("Luck") + [f"[b]{bb(audit['sentence'])}[/b]"]
    lines += dice_lines(audit)
    items = [bb(c["text"]) for c in audit["checks"]] + [bb(d["text"]) for d in audit["dice"]]
    items += [bb(audit["draws"]["text"])] if audit["draws"] else []
    return lines + bullet_list(items)


def render(r: Report) -> str:
    return "".join(render_parts(r))


def render_parts(r: Report) -> Iterator[str]:
    """The report as pieces of text to write one after the other, each line with its line feed."""
    for line in render_lines(r):
        yield line + "\n"


def render_lines(r: Report) -> Iterator[str]:
    yield from [f"[size=18][b]{bb(r.name)}: {bb(r.title)}[/b][/size]", "", f"[b]{bb(headline(r))}[/b]"]
    yield from bullet_list([f"[b]{bb(label)}:[/b] {bb(value)}" for label, value in facts(r)])
    yield from heading("Turning points")
    yield from bullet_list([bb(point_text(p)) for p in r.points]) or ["None in this part of the log."]
    yield from turn_lines(r)
    if r.players:
        yield from heading("Who did what")
        yield from bullet_list([f"[b]{bb(who)}:[/b] {bb(player_text(f))}" for who, f in r.players.items()])
    shown = [c for c in r.charts if not empty(c)]   # a chart of zeros says nothing
    if shown:
        yield from heading("How the game went")
        for c in shown:
            yield from chart_lines(c)
    yield from luck_lines(r.luck)
    yield from ["", "[i]Made with journal, the companion for tabletop campaigns.[/i]"]


def render_short(r: Report) -> str:
    head, points, luck, left = short_parts(r)
    lines = [f"[b]{bb(head)}[/b]"]
    if points:
        lines += ["", "Turning points:"]
        lines += bullet_list([bb(p) for p in points] + ([f"… and {left} more"] if left else []))
    lines += ["", bb(luck)]
    return "\n".join(lines) + "\n"
