"""A report as Markdown (CommonMark, with GitHub-style tables), to paste into a blog, a forum
that takes Markdown, or (with --short) a chat such as Discord: the headline, the turning points,
the story turn by turn with routine entries folded, who did what, the trackers, the luck in one
sentence with a text bar chart of each die, then the full story.

Everything the player typed (names, notes, reasons; they reach the summaries too) is text: each
character that could start inline markup (emphasis, code, links, images, raw HTML, entities,
strikethrough, a table's cell break, a heading's closing #) is backslash-escaped, so `*Kell*`
stays `*Kell*` and `<b>` stays `<b>`. Player text never begins a line (each line starts with the
report's own `- #N`, `> ` or heading marks), so block markup cannot form from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from journal.report.charts import empty
from journal.report.model import Chart, Report
from journal.report.story import (charted, condensed_runs, dice_text, die_title, entry_text, facts, headline,
                                  histogram, player_text, point_text, session_heading, short_parts, turn_runs)

_FENCE = str.maketrans({"`": "'", "~": "-"})  # a label inside a code fence cannot close it
# What could start inline markup, and only that (a forum shows a needless backslash): a backslash,
# code, emphasis, a link or an image's bracket, raw HTML or an autolink (< before a letter, /, ! or
# ?), an entity (&name; &#1;), strikethrough (~~).
_INLINE = re.compile(r"[\\`*_\[]|<(?=[A-Za-z/!?])|&(?=#?\w+;)|~(?=~)")


def md(text: object) -> str:
    """Plain text, inert as Markdown (one line: a line break would end a list item)."""
    return _INLINE.sub(lambda m: "\\" + m.group(0), " ".join(str(text).split()))


_BLOCK = re.compile(r"^(?:[#>+=-]|\d{1,9}(?=[.)]))")


def block_safe(text: str) -> str:
    """Inert text (md) that begins a line's content (after "> "): no heading, list, quote or
    setext mark may form from its first characters."""
    found = _BLOCK.match(text)
    if not found:
        return text
    if found.group(0)[0].isdigit():
        return found.group(0) + "\\" + text[found.end():]
    return "\\" + text


def cell(text: object) -> str:
    """Text in a table's cell: inert, and no | to end the cell early."""
    return md(text).replace("|", "\\|")


def heading(text: object) -> str:
    """Text of a heading: inert, and no # a closing sequence could take."""
    return md(text).replace("#", "\\#")


def story_lines(r: Report) -> Iterator[str]:
    """The full story, every entry (read from the log as it is written)."""
    yield from ["## The full story", ""]
    if not r.sessions:
        yield from ["Nothing was played in this part of the log.", ""]
        return
    for s in r.sessions:
        yield from [f"### {heading(session_heading(s))}", ""]
        for turn, entries in turn_runs(s):
            yield from [f"#### {heading(turn or 'Without a turn')}", ""]
            for e in entries:
                yield from entry_lines(e, r.faces)
            yield ""


def turn_lines(r: Report) -> Iterator[str]:
    """The story turn by turn, each turn's routine entries folded into one line."""
    yield from ["## Turn by turn", ""]
    if not r.sessions:
        yield from ["Nothing was played in this part of the log.", ""]
        return
    for s in r.sessions:
        yield from [f"### {heading(session_heading(s))}", ""]
        for turn, kept, fold in condensed_runs(s, r.notable):
            yield from [f"#### {heading(turn or 'Without a turn')}", ""]
            for e in kept:
                yield from entry_lines(e, r.faces)
            if fold.count:
                yield f"- {md(fold.line())}"
            yield ""


def point_lines(r: Report) -> list[str]:
    lines = ["## Turning points", ""]
    lines += [f"- {md(point_text(p))}" for p in r.points] or ["- None in this part of the log."]
    return lines + [""]


def player_lines(r: Report) -> list[str]:
    if not r.players:
        return []
    return ["## Who did what", "", *(f"- **{md(who)}:** {md(player_text(f))}" for who, f in r.players.items()), ""]


def entry_lines(e: dict, faces: dict | None = None) -> list[str]:
    n = e.get("n", "?")
    if e.get("kind") == "note":
        return ["", f"> {block_safe(md(e.get('summary', '')))} (note #{n})", ""]
    text = md(entry_text(e))
    if e.get("kind") == "new":
        text = f"**{text}**"
    dice = dice_text(e, faces)
    return [f"- #{n} {text}" + (f" · {md(dice)}" if dice else "")]


def chart_lines(c: Chart) -> list[str]:
    head = ["", *map(cell, c.series), "Stage"]
    lines = [f"### {heading(c.title)}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for k, (label, values) in enumerate(c.points):
        cells = [cell(label), *(cell(f"{values[s]:g}" if s in values else "") for s in c.series),
                 cell(c.marks.get(k, ""))]
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def histogram_lines(audit: dict) -> list[str]:
    """Each die's faces as a text bar chart, in a code block (a forum keeps its columns)."""
    if not charted(audit):
        return []
    lines = ["### Face by face", "", "```"]
    for k, d in enumerate(charted(audit)):
        lines += ([""] if k else []) + [die_title(d).translate(_FENCE)]
        lines += ["  " + line.translate(_FENCE) for line in histogram(d)]
    return lines + ["```", ""]


def luck_lines(audit: dict) -> list[str]:
    lines = ["## Luck audit", "", md(audit["sentence"]), ""]
    lines += histogram_lines(audit)
    lines += ["### Checks with known odds", ""]
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
    return "".join(render_parts(r))


def render_parts(r: Report) -> Iterator[str]:
    """The report as pieces of text to write one after the other (its story read from the log as
    they are made): each line with its line feed."""
    for line in render_lines(r):
        yield line + "\n"


def render_lines(r: Report) -> Iterator[str]:
    yield from [f"# {heading(r.name)}: {heading(r.title)}", "", f"**{md(headline(r))}**", ""]
    yield from [f"- **{md(label)}:** {md(value)}" for label, value in facts(r)]
    yield ""
    yield from point_lines(r)
    yield from turn_lines(r)
    yield from player_lines(r)
    shown = [c for c in r.charts if not empty(c)]   # a chart of zeros says nothing
    if shown:
        yield from ["## How the game went", ""]
        for c in shown:
            yield from chart_lines(c)
    yield from luck_lines(r.luck)
    yield from story_lines(r)
    yield "Made with journal, the companion for tabletop campaigns."


def render_short(r: Report) -> str:
    """The headline, the turning points and the luck sentence, at most 2,000 characters (a chat
    message): plain lines and a list, nothing a chat would show as raw markup."""
    head, points, luck, left = short_parts(r)
    lines = [f"**{md(head)}**", ""]
    if points:
        lines += ["Turning points:", *(f"- {md(p)}" for p in points)]
        lines += [f"- … and {left} more"] if left else []
        lines.append("")
    lines.append(md(luck))
    return "\n".join(lines) + "\n"
