"""A report as one self-contained HTML file: inline CSS (with a print stylesheet), inline SVG (the
summary card, the charts, each die's faces), no script, and a Content-Security-Policy that forbids
every fetch, so the file opens the same offline and sends nothing anywhere. Everything the player
typed is escaped.

Readable from a phone's 390 px to a desktop's 1280 px: the SVGs are drawn about 360 units wide
with text of 11 units or more and shown at least that wide (never smaller than 11 px on screen),
wide tables scroll inside their own box, long words break.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape

from journal import games
from journal.report import charts, svg
from journal.report.model import Report
from journal.report.story import (Fold, charted, clip, condensed_runs, dice_groups, die_title, entry_text, facts,
                                  headline, point_text, session_heading, short_parts, turn_runs)
from journal.text import plural

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
WIDE = 360.0  # the SVGs' width in user units: about a phone's column at 1 px each
EM = 11 / 9  # the charts' text: 11 units, where the PDF's ticks are 9 pt
STYLE = """
:root { --ink: #1d232b; --muted: #5b6570; --rule: #d5dae0; --shade: #f2f4f7; --accent: #1f5fa8; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       max-width: 52rem; margin: 1.5rem auto; padding: 0 .75rem; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin-bottom: .3rem; } h2 { border-bottom: 2px solid var(--ink); padding-bottom: .2rem;
     margin-top: 2.2rem; } h3 { margin: 1.6rem 0 .4rem; } h4 { background: var(--shade); padding: .2rem .5rem;
     margin: 1rem 0 .3rem; font-size: .95rem; }
p.headline { font-size: 1.15rem; font-weight: 600; }
svg { display: block; } svg.card { width: 100%; min-width: 360px; max-width: 540px; height: auto; margin: .8rem 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .8rem 0; }
dl.facts dt { font-weight: 600; color: var(--muted); } dl.facts dd { margin: 0; min-width: 0; }
ol.entries, ul.points { list-style: none; padding: 0; margin: 0; }
ol.entries li { display: grid; grid-template-columns: 3rem minmax(0, 1fr); gap: .5rem; padding: .15rem 0;
                border-bottom: 1px solid var(--rule); }
ul.points li { padding: .3rem 0 .3rem .6rem; border-left: 3px solid var(--accent); margin: .4rem 0; }
ul.points .when { display: block; color: var(--muted); font-size: .85rem; }
.n { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
li.new .text { font-weight: 600; } li.folded .text { color: var(--muted); font-style: italic; }
li.note .text { font-style: italic; border-left: 3px solid var(--accent); padding-left: .5rem; }
.dice { display: block; color: var(--muted); font-size: .85rem; }
.die.entered { color: #2e6b3f; } .die.rolled { color: #8a4b08; }
.scroll { overflow-x: auto; max-width: 100%; } .scroll td, .scroll th { overflow-wrap: normal; white-space: nowrap; }
svg.chart { width: 100%; min-width: 360px; max-width: 540px; height: auto; margin: .5rem 0 1rem; }
svg .title { font: 600 13px sans-serif; fill: var(--ink); } svg .tick { font: 11px sans-serif; fill: var(--muted); }
svg .grid { stroke: var(--rule); stroke-width: .6; } svg .axis { stroke: var(--ink); stroke-width: .8; }
svg .mark { stroke: #999; stroke-width: .8; stroke-dasharray: 2 2; } svg .marktext { font: italic 11px sans-serif;
     fill: var(--muted); }
svg .big { font: 700 17px sans-serif; fill: var(--ink); } svg .label { font: 600 12px sans-serif; fill: var(--muted); }
svg .value { font: 13px sans-serif; fill: var(--ink); } svg .badge { font: 700 13px sans-serif; fill: #fff; }
p.luck { font-size: 1.05rem; font-weight: 600; }
table { border-collapse: collapse; margin: .5rem 0; } td, th { border: 1px solid var(--rule); padding: .15rem .5rem;
     text-align: right; font-variant-numeric: tabular-nums; } th { background: var(--shade); }
table.players th:first-child, table.players td:first-child { text-align: left; }
.scroll table.players th { white-space: normal; vertical-align: bottom; }  /* figure columns as narrow as their words */
.scroll table.players td:first-child { white-space: normal; }  /* a long name wraps rather than push them out */
@media screen and (max-width: 560px) {  /* a phone: each player's figures under their name, not a wide table */
  table.players, table.players tbody, table.players tr, table.players td { display: block; }
  table.players tr:first-child { display: none; } table.players tr { margin-bottom: .6rem; }
  .scroll table.players td { white-space: normal; overflow-wrap: anywhere; border-top: none; }
  table.players td:first-child { font-weight: 600; background: var(--shade); border-top: 1px solid var(--rule); }
  table.players td + td { display: flex; justify-content: space-between; gap: 1rem; }
  table.players td + td::before { content: attr(data-what); color: var(--muted); text-align: left; }
}
ul.luck li { margin: .3rem 0; }
details { margin-top: 2.2rem; } details > summary { font-size: 1.3rem; font-weight: 700; cursor: pointer; }
footer { margin-top: 3rem; color: var(--muted); font-size: .8rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; color: #000; }
  h2 { break-after: avoid; } h3, h4 { break-after: avoid; } svg, table { break-inside: avoid; }
  ol.entries li, ul.points li { break-inside: avoid; } a { color: inherit; text-decoration: none; }
  .scroll { overflow: visible; } details > summary { list-style: none; }
  footer { display: none; }
}
"""
BAR_COLOURS = {"entered": "#2e6b3f", "rolled": "#8a4b08", "drawn": "#1f5fa8"}
BADGE = {"won": ("Won", "#2e7d4f"), "lost": ("Lost", "#b03a2e")}


def roll_spans(entry: dict, faces: dict) -> str:
    return "; ".join(f'<span class="die {"entered" if entered else "rolled"}">{escape(text)}</span>'
                     for text, entered, _die in dice_groups(entry, faces))


def entry_item(e: dict, faces: dict) -> str:
    kind = e.get("kind") if e.get("kind") in ("new", "note") else "command"
    text = escape(entry_text(e))
    if kind == "note":
        text = f"Note: {text}"
    dice = roll_spans(e, faces)
    dice = f'<span class="dice">{dice}</span>' if dice else ""
    return (f'<li class="{kind}"><span class="n">#{escape(str(e.get("n", "?")))}</span>'
            f'<span class="text">{text}{dice}</span></li>')


def wrapped(text: str, chars: int) -> list[str]:
    """Words in lines of about `chars` characters (an SVG text does not wrap by itself)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word if len(word) <= chars else word[:chars - 1] + "…")
    return lines or [""]


def card(r: Report) -> str:
    """The summary card: the game, the result, who played, how long, the trackers' final values."""
    length = plural(r.periods, r.unit.lower()) if r.periods else ""
    entries = sum(len(s.entries) for s in r.sessions)
    rows = [("Players", ", ".join(r.cast) or "(nobody named)"),
            ("Length", " · ".join(x for x in (length, plural(entries, "log entry", "log entries"),
                                               plural(r.sittings, "sitting")) if x))]
    rows += [(c.title, " · ".join(f"{k} {v:g}" for k, v in c.points[-1][1].items() if isinstance(v, (int, float))))
             for c in r.charts[:3] if c.points and c.points[-1][1]]
    badge, colour = BADGE.get(str(r.result), ("Under way", "#1f5fa8"))
    out, y = [], 30.0
    for line in wrapped(r.title, 34):
        out.append(f'<text x="14" y="{y:.0f}" class="big">{escape(line)}</text>')
        y += 21
    out.append(f'<rect x="14" y="{y - 9:.0f}" width="{18 + 8.5 * len(badge):.0f}" height="22" rx="11" fill="{colour}"/>'
               f'<text x="23" y="{y + 6:.0f}" class="badge">{badge}</text>')
    y += 36
    for label, value in rows:
        out.append(f'<text x="14" y="{y:.0f}" class="label">{escape(clip(label, 50))}</text>')
        y += 17
        for line in wrapped(clip(value, 400), 48)[:6]:
            out.append(f'<text x="14" y="{y:.0f}" class="value">{escape(line)}</text>')
            y += 17
        y += 6
    h = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDE:g} {h:.0f}" class="card" role="img" '
            f'aria-label="{escape(r.title)}: {badge}"><rect x="1" y="1" width="{WIDE - 2:g}" height="{h - 2:.0f}" '
            f'rx="10" fill="#f7f9fb" stroke="#d5dae0"/>' + "".join(out) + "</svg>")


def histogram_svg(d: dict) -> str:
    """A die's faces as a bar chart: a bar per face (or symbol), its count above it."""
    labels, counts = d.get("labels") or [], d.get("counts") or []
    most, n = max(counts or [1]) or 1, max(1, len(labels))
    x0, top, base, step = 8.0, 40.0, 150.0, (WIDE - 16) / n
    out = [f'<text x="0" y="15" class="title">{escape(die_title(d))}</text>']
    for k, (label, count) in enumerate(zip(labels, counts)):
        x, h = x0 + k * step, (base - top) * count / most
        out.append(f'<rect x="{x + step * .15:.1f}" y="{base - h:.1f}" width="{step * .7:.1f}" height="{h:.1f}" '
                   f'fill="{BAR_COLOURS.get(d["source"], "#8a4b08")}"/>')
        out.append(f'<text x="{x + step / 2:.1f}" y="{base - h - 4:.1f}" class="tick" text-anchor="middle">{count}</text>')
        out.append(f'<text x="{x + step / 2:.1f}" y="{base + 15:.1f}" class="tick" text-anchor="middle">'
                   f'{escape(clip(label, max(2, int(step / 6.5))))}</text>')
    out.append(f'<line x1="{x0}" y1="{base}" x2="{WIDE - 8}" y2="{base}" class="axis"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDE:g} 172" class="chart" role="img" '
            f'aria-label="{escape(die_title(d))}">' + "".join(out) + "</svg>")


def points(r: Report) -> list[str]:
    out = ['<section id="points"><h2>Turning points</h2>']
    if not r.points:
        return out + ["<p>None in this part of the log.</p></section>"]
    out.append('<ul class="points">')
    for p in r.points:
        text = point_text(p, when=False)
        out.append(f'<li><span class="when">{escape(p.turn or "Set-up")} · #{escape(str(p.n))}</span>{escape(text)}</li>')
    return out + ["</ul></section>"]


Item = str | Iterator[str]  # a part of the page: a string, or pieces written one after the other


def turn_by_turn(r: Report) -> Iterator[Item]:
    """The story turn by turn (read from the log as it is written), routine entries folded."""
    yield '<section id="turns"><h2>Turn by turn</h2>'
    if not r.sessions:
        yield "<p>Nothing was played in this part of the log.</p>"
    for s in r.sessions:
        yield f"<h3>{escape(session_heading(s))}</h3>"
        for turn, kept, fold in condensed_runs(s, r.notable):
            yield f"<h4>{escape(turn or 'Without a turn')}</h4>"
            yield entry_list(kept, r.faces, fold)
    yield "</section>"


def entry_list(entries: Iterator[dict], faces: dict, fold: Fold | None = None) -> Iterator[str]:
    yield '<ol class="entries">'
    for e in entries:
        yield entry_item(e, faces)
    if fold is not None and fold.count:
        yield f'<li class="folded"><span class="n">…</span><span class="text">{escape(fold.line())}</span></li>'
    yield "</ol>"


def players(r: Report) -> list[str]:
    if not r.players:
        return []
    whats = list(dict.fromkeys(what for facts_ in r.players.values() for what in facts_))
    head = "".join(f"<th>{escape(w)}</th>" for w in whats)
    rows = "".join(f"<tr><td>{escape(who)}</td>"
                   + "".join(f'<td data-what="{escape(w)}">{f.get(w, 0)}</td>' for w in whats) + "</tr>"
                   for who, f in r.players.items())
    return ['<section id="players"><h2>Who did what</h2>',
            f'<div class="scroll"><table class="players"><tr><th></th>{head}</tr>{rows}</table></div></section>']


def story(r: Report) -> Iterator[Item]:
    entries = sum(len(s.entries) for s in r.sessions)
    yield f'<details id="story"><summary>The full story ({plural(entries, "log entry", "log entries")})</summary>'
    if not r.sessions:
        yield "<p>Nothing was played in this part of the log.</p>"
    for s in r.sessions:
        yield f"<h3>{escape(session_heading(s))}</h3>"
        for turn, entries_ in turn_runs(s):
            yield f"<h4>{escape(turn or 'Without a turn')}</h4>"
            yield entry_list(entries_, r.faces)
    yield "</details>"


def luck(audit: dict) -> list[str]:
    out = ['<section id="luck"><h2>Luck</h2>', f'<p class="luck">{escape(audit["sentence"])}</p>']
    out += [histogram_svg(d) for d in charted(audit)]
    out.append('<h3>Checks with known odds</h3><ul class="luck">')
    out += [f"<li>{escape(c['text'])}</li>" for c in audit["checks"]] or ["<li>None in this part of the log.</li>"]
    out.append("</ul><h3>Dice</h3>")
    if not audit["dice"]:
        out.append("<p>No dice in this part of the log.</p>")
    for d in audit["dice"]:
        head = "".join(f"<th>{escape(label)}</th>" for label in d["labels"])
        row = "".join(f"<td>{count}</td>" for count in d["counts"])
        out.append(f'<p>{escape(d["text"])}</p><div class="scroll"><table><tr><th>face</th>{head}</tr>'
                   f'<tr><th>rolls</th>{row}</tr></table></div>')
    if audit["draws"]:
        rows = "".join(f"<tr><th>{escape(c['colour'])}</th><td>{c['drawn']}</td><td>{c['expected']:.1f}</td></tr>"
                       for c in audit["draws"]["colours"])
        out.append(f"<h3>Cubes drawn from the bag</h3><p>{escape(audit['draws']['text'])}</p>"
                   f'<div class="scroll"><table><tr><th>colour</th><th>drawn</th><th>the odds gave</th></tr>{rows}'
                   f"</table></div>")
    out.append("</section>")
    return out


def page(title: str, body: list[str]) -> str:
    return "".join(page_parts(title, body))


def page_parts(title: str, body: Iterable[Item]) -> Iterator[str]:
    """The page, in pieces to write one after the other: each part of the body on a line of its own."""
    yield "\n".join(["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
                     f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
                     '<meta name="viewport" content="width=device-width, initial-scale=1">',
                     f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"])
    for item in body:
        yield "\n"
        if isinstance(item, str):
            yield item
        else:
            yield from item
    yield "\n<footer>Made with journal, the companion for tabletop campaigns.</footer></body></html>\n"


def header(r: Report) -> list[str]:
    return [f"<header><h1>{escape(r.name)}: {escape(r.title)}</h1>",
            f'<p class="headline">{escape(headline(r))}</p>', card(r), '<dl class="facts">',
            *(f"<dt>{escape(label)}</dt><dd>{escape(value)}</dd>" for label, value in facts(r)), "</dl></header>"]


def render(r: Report) -> str:
    return "".join(render_parts(r))


def render_parts(r: Report) -> Iterator[str]:
    """The page as pieces of text to write one after the other (its story read from the log as
    they are made)."""
    return page_parts(f"{r.name}: {r.title}", body(r))


def body(r: Report) -> Iterator[Item]:
    yield from header(r) + points(r)
    yield from turn_by_turn(r)
    yield from players(r)
    shown = [c for c in r.charts if not charts.empty(c)]   # an all-zero chart says nothing
    if shown:
        scales = games.history(r.game).CHART_SCALES        # each track's range, zones, lines, colours
        yield '<section id="charts"><h2>How the game went</h2>'
        yield from [svg.render(charts.layout(c, WIDE, 215, EM, scales.get(c.title))) for c in shown]
        yield "</section>"
    yield from luck(r.luck)
    yield from story(r)


def render_short(r: Report) -> str:
    """The headline, the card, the turning points and the luck sentence."""
    head, kept, luck_said, left = short_parts(r)
    body = [f"<header><h1>{escape(r.name)}: {escape(r.title)}</h1>", f'<p class="headline">{escape(head)}</p>',
            card(r), "</header>"]
    if kept:
        body.append('<section id="points"><h2>Turning points</h2><ul class="points">')
        body += [f"<li>{escape(p)}</li>" for p in kept] + ([f"<li>… and {left} more</li>"] if left else [])
        body.append("</ul></section>")
    body.append(f'<p class="luck">{escape(luck_said)}</p>')
    return page(f"{r.name}: {r.title}", body)
