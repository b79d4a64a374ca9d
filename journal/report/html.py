"""A report as one self-contained HTML file: inline CSS (with a print stylesheet), inline SVG
charts, no script, and a Content-Security-Policy that forbids every fetch, so the file opens the
same offline and sends nothing anywhere. Everything the player typed is escaped."""

from __future__ import annotations

from html import escape

from journal.report import charts, svg
from journal.report.model import Report
from journal.report.story import dice_text, entry_text, facts, session_heading, turns

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
STYLE = """
:root { --ink: #1d232b; --muted: #5b6570; --rule: #d5dae0; --shade: #f2f4f7; --accent: #1f5fa8; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       max-width: 52rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.7rem; margin-bottom: .3rem; } h2 { border-bottom: 2px solid var(--ink); padding-bottom: .2rem;
     margin-top: 2.2rem; } h3 { margin: 1.6rem 0 .4rem; } h4 { background: var(--shade); padding: .2rem .5rem;
     margin: 1rem 0 .3rem; font-size: .95rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .8rem 0; }
dl.facts dt { font-weight: 600; color: var(--muted); } dl.facts dd { margin: 0; }
ol.entries { list-style: none; padding: 0; margin: 0; }
ol.entries li { display: grid; grid-template-columns: 3rem 1fr; gap: .5rem; padding: .15rem 0;
                border-bottom: 1px solid var(--rule); }
.n { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
li.new .text { font-weight: 600; }
li.note .text { font-style: italic; border-left: 3px solid var(--accent); padding-left: .5rem; }
.dice { display: block; color: var(--muted); font-size: .85rem; }
.die.entered { color: #2e6b3f; } .die.rolled { color: #8a4b08; }
svg.chart { width: 100%; height: auto; margin: .5rem 0 1rem; }
svg .title { font: 600 11px sans-serif; fill: var(--ink); } svg .tick { font: 9px sans-serif; fill: var(--muted); }
svg .grid { stroke: var(--rule); stroke-width: .6; } svg .axis { stroke: var(--ink); stroke-width: .8; }
svg .mark { stroke: #999; stroke-width: .8; stroke-dasharray: 2 2; } svg .marktext { font: italic 8px sans-serif;
     fill: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0; } td, th { border: 1px solid var(--rule); padding: .15rem .5rem;
     text-align: right; font-variant-numeric: tabular-nums; } th { background: var(--shade); }
ul.luck li { margin: .3rem 0; }
footer { margin-top: 3rem; color: var(--muted); font-size: .8rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; color: #000; }
  h2 { break-after: avoid; } h3, h4 { break-after: avoid; } svg.chart, table { break-inside: avoid; }
  ol.entries li { break-inside: avoid; } a { color: inherit; text-decoration: none; }
  footer { display: none; }
}
"""


def roll_spans(entry: dict) -> str:
    parts = [p.strip() for p in dice_text(entry).split(", ") if p.strip()]
    return ", ".join(f'<span class="die {"entered" if p.endswith("(entered)") else "rolled"}">{escape(p)}</span>'
                     for p in parts)


def entry_item(e: dict) -> str:
    kind = e.get("kind") if e.get("kind") in ("new", "note") else "command"
    text = escape(entry_text(e))
    if kind == "note":
        text = f"Note: {text}"
    dice = roll_spans(e)
    dice = f'<span class="dice">{dice}</span>' if dice else ""
    return (f'<li class="{kind}"><span class="n">#{escape(str(e.get("n", "?")))}</span>'
            f'<span class="text">{text}{dice}</span></li>')


def story(r: Report) -> list[str]:
    out = ['<section id="story"><h2>The story</h2>']
    if not r.sessions:
        out.append("<p>Nothing was played in this part of the log.</p>")
    for s in r.sessions:
        out.append(f"<h3>{escape(session_heading(s))}</h3>")
        for turn, entries in turns(s):
            out.append(f"<h4>{escape(turn or 'Without a turn')}</h4>")
            out.append('<ol class="entries">' + "".join(entry_item(e) for e in entries) + "</ol>")
    out.append("</section>")
    return out


def luck(audit: dict) -> list[str]:
    out = ['<section id="luck"><h2>Luck audit</h2><h3>Checks with known odds</h3><ul class="luck">']
    out += [f"<li>{escape(c['text'])}</li>" for c in audit["checks"]] or ["<li>None in this part of the log.</li>"]
    out.append("</ul><h3>Dice</h3>")
    if not audit["dice"]:
        out.append("<p>No dice in this part of the log.</p>")
    for d in audit["dice"]:
        head = "".join(f"<th>{face}</th>" for face in range(1, len(d["faces"]) + 1))
        row = "".join(f"<td>{count}</td>" for count in d["faces"])
        out.append(f'<p>{escape(d["text"])}</p><table><tr><th>face</th>{head}</tr><tr><th>rolls</th>{row}</tr></table>')
    if audit["draws"]:
        rows = "".join(f"<tr><th>{escape(c['colour'])}</th><td>{c['drawn']}</td><td>{c['expected']:.1f}</td></tr>"
                       for c in audit["draws"]["colours"])
        out.append(f"<h3>Cubes drawn from the bag</h3><p>{escape(audit['draws']['text'])}</p>"
                   f"<table><tr><th>colour</th><th>drawn</th><th>the odds gave</th></tr>{rows}</table>")
    out.append("</section>")
    return out


def render(r: Report) -> str:
    title = f"{r.name}: {r.title}"
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
           f"<header><h1>{escape(title)}</h1><dl class=\"facts\">"]
    out += [f"<dt>{escape(label)}</dt><dd>{escape(value)}</dd>" for label, value in facts(r)]
    out.append("</dl></header>")
    out += story(r)
    if r.charts:
        out.append('<section id="charts"><h2>How the game went</h2>')
        out += [svg.render(charts.layout(c)) for c in r.charts]
        out.append("</section>")
    out += luck(r.luck)
    out.append("<footer>Made with journal, the companion for tabletop campaigns.</footer></body></html>")
    return "\n".join(out) + "\n"
