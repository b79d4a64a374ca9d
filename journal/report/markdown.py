"""A report as Markdown (CommonMark, with GitHub-style tables), to paste into a forum post.

Everything the player typed (names, notes, reasons; they reach the summaries too) is text: each
character that could start inline markup (emphasis, code, links, images, raw HTML, entities,
strikethrough, a table's cell break, a heading's closing #) is backslash-escaped, so `*Kell*`
stays `*Kell*` and `<b>` stays `<b>`. Player text never begins a line (each line starts with the
report's own `- #N`, `> ` or heading marks), so block markup cannot form from it.
"""

from __future__ import annotations

from journal.report.model import Chart, Report
from journal.report.story import dice_text, entry_text, facts, session_heading, turns

_ESCAPE = str.maketrans({c: "\\" + c for c in "\\`*_[]<>!&|~#$^"})


def md(text: object) -> str:
    """Plain text, inert as Markdown (one line: a line break would end a list item)."""
    return " ".join(str(text).split()).translate(_ESCAPE)


def story_lines(r: Report) -> list[str]:
    lines = ["## The story", ""]
    if not r.sessions:
        return lines + ["Nothing was played in this part of the log.", ""]
    for s in r.sessions:
        lines += [f"### {md(session_heading(s))}", ""]
        for turn, entries in turns(s):
            lines += [f"#### {md(turn or 'Without a turn')}", ""]
            for e in entries:
                lines += entry_lines(e)
            lines.append("")
    return lines


def entry_lines(e: dict) -> list[str]:
    n = e.get("n", "?")
    if e.get("kind") == "note":
        return ["", f"> {md(e.get('summary', ''))} (note \\#{n})", ""]
    text = md(entry_text(e))
    if e.get("kind") == "new":
        text = f"**{text}**"
    dice = dice_text(e)
    return [f"- \\#{n} {text}" + (f" · {md(dice)}" if dice else "")]


def chart_lines(c: Chart) -> list[str]:
    head = ["", *map(md, c.series), "Stage"]
    lines = [f"### {md(c.title)}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for k, (label, values) in enumerate(c.points):
        cells = [md(label), *(md(f"{values[s]:g}" if s in values else "") for s in c.series), md(c.marks.get(k, ""))]
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def luck_lines(audit: dict) -> list[str]:
    lines = ["## Luck audit", "", "### Checks with known odds", ""]
    lines += [f"- {md(c['text'])}" for c in audit["checks"]] or ["- None in this part of the log."]
    lines += ["", "### Dice", ""]
    if audit["dice"]:
        for d in audit["dice"]:
            faces = ", ".join(f"{face}: {count}" for face, count in enumerate(d["faces"], 1))
            lines.append(f"- {md(d['text'])} Faces {md(faces)}.")
    else:
        lines.append("- No dice in this part of the log.")
    if audit["draws"]:
        drawn = ", ".join(f"{c['colour']} {c['drawn']} (odds {c['expected']:.1f})" for c in audit["draws"]["colours"])
        lines += ["", "### Cubes drawn from the bag", "", f"- {md(audit['draws']['text'])} {md(drawn)}."]
    return lines + [""]


def render(r: Report) -> str:
    lines = [f"# {md(r.name)}: {md(r.title)}", ""]
    lines += [f"- **{md(label)}:** {md(value)}" for label, value in facts(r)]
    lines.append("")
    lines += story_lines(r)
    if r.charts:
        lines += ["## How the game went", ""]
        for c in r.charts:
            lines += chart_lines(c)
    lines += luck_lines(r.luck)
    lines.append("Made with journal, the companion for tabletop campaigns.")
    return "\n".join(lines) + "\n"
