"""A chart's layout (journal/report/charts.py) as inline SVG: no script, no external reference;
every text escaped (a crew member's name is the player's text)."""

from __future__ import annotations

from html import escape

from journal.report.charts import LOSS, STAGE_ROW, Key, Layout, legend_width

PAPER_GREY = "#b8b8b8"  # a white series (Pulp's white cubes) drawn on white


def marker(shape: str, x: float, y: float, colour: str, r: float = 2.6) -> str:
    edge = f' stroke="{PAPER_GREY}" stroke-width="0.8"' if colour.lower() == "#ffffff" else ""
    if shape == "square":
        return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{colour}"'
                f'{edge}/>')
    if shape == "triangle":
        return (f'<polygon points="{x:.1f},{y - r - 0.6:.1f} {x - r:.1f},{y + r:.1f} {x + r:.1f},{y + r:.1f}" '
                f'fill="{colour}"{edge}/>')
    if shape == "diamond":
        return (f'<polygon points="{x:.1f},{y - r - 0.6:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r + 0.6:.1f} '
                f'{x - r:.1f},{y:.1f}" fill="{colour}"{edge}/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"{edge}/>'


def dasharray(dash: tuple) -> str:
    return f' stroke-dasharray="{" ".join(f"{d:g}" for d in dash)}"' if dash else ""


def stroke(colour: str) -> str:
    """A line's colour: a white one (Pulp's white cubes) in a light grey, seen on the page."""
    return PAPER_GREY if colour.lower() == "#ffffff" else colour


def key(k: Key, x: float, y: float) -> str:
    """A legend key whose name's baseline is at y: a series' line and marker, a zone's swatch or the
    red dashed rule of a line that ends the game."""
    if k.kind == "zone":
        return (f'<rect x="{x + 3:.1f}" y="{y - 9:.1f}" width="12" height="9" fill="{k.colour}" stroke="#8a929b" '
                f'stroke-width="0.6"/>')
    line = (f'<line x1="{x:.1f}" y1="{y - 3:.1f}" x2="{x + 18:.1f}" y2="{y - 3:.1f}" stroke="{stroke(k.colour)}" '
            f'stroke-width="{1.4 if k.kind == "loss" else 1.8}"{dasharray(k.dash)}/>')
    return line + (marker(k.marker, x + 9, y - 3, k.colour, 2.2) if k.kind == "series" else "")


def render(lay: Layout) -> str:
    h = lay.height

    def Y(y: float) -> float:
        return h - y

    x0, y0, x1, y1 = lay.plot
    em = lay.em
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lay.width:g} {h:g}" role="img" '
           f'aria-label="{escape(lay.title)}" class="chart">',
           f'<text x="0" y="{12 * em:.1f}" class="title">{escape(lay.title)}</text>']
    for za, zb, name, tint in lay.zones:
        out.append(f'<rect x="{x0:.1f}" y="{Y(zb):.1f}" width="{x1 - x0:.1f}" height="{zb - za:.1f}" fill="{tint}">'
                   f'<title>{escape(name)}</title></rect>')
    for y, label in lay.y_ticks:
        out.append(f'<line x1="{x0:.1f}" y1="{Y(y):.1f}" x2="{x1:.1f}" y2="{Y(y):.1f}" class="grid"/>')
        out.append(f'<text x="{x0 - 4:.1f}" y="{Y(y) + 3 * em:.1f}" class="tick" text-anchor="end">{escape(label)}</text>')
    for x, label, anchor in lay.x_labels:
        out.append(f'<text x="{x:.1f}" y="{Y(y0) + 12 * em:.1f}" class="tick" text-anchor="{anchor}">{escape(label)}</text>')
    out.append(f'<line x1="{x0:.1f}" y1="{Y(y0):.1f}" x2="{x1:.1f}" y2="{Y(y0):.1f}" class="axis"/>')
    for y, name in lay.rules:
        out.append(f'<line x1="{x0:.1f}" y1="{Y(y):.1f}" x2="{x1:.1f}" y2="{Y(y):.1f}" stroke="{LOSS}" '
                   f'stroke-width="1.4" stroke-dasharray="4 2"><title>{escape(name)}</title></line>')
    for x, text, row, left in lay.marks:              # in the band above the plot, never over the data
        base = y1 + 5 + STAGE_ROW * em * row
        out.append(f'<line x1="{x:.1f}" y1="{Y(base - 2):.1f}" x2="{x:.1f}" y2="{Y(y0):.1f}" class="mark"/>')
        out.append(f'<text x="{left:.1f}" y="{Y(base):.1f}" class="marktext">{escape(text)}</text>')
    for line in lay.lines:
        pts = " ".join(f"{x:.1f},{Y(y):.1f}" for x, y in line.points)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{stroke(line.colour)}" stroke-width="1.8"'
                   f'{dasharray(line.dash)}><title>{escape(line.name)}</title></polyline>')
        if len(line.points) <= 60:
            out.extend(marker(line.marker, x, Y(y), line.colour) for x, y in line.points)
    lx, ly = x0, Y(y0) + 26 * em
    for k in lay.legend:
        w = legend_width(k.name, em)
        if lx > x0 and lx + w > lay.width:
            lx, ly = x0, ly + 13 * em
        out.append(key(k, lx, ly))
        out.append(f'<text x="{lx + 20:.1f}" y="{ly:.1f}" class="tick">{escape(k.name)}</text>')
        lx += w
    out.append("</svg>")
    return "\n".join(out)
