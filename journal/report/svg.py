"""A chart's layout (journal/report/charts.py) as inline SVG: no script, no external reference;
every text escaped (a crew member's name is the player's text)."""

from __future__ import annotations

from html import escape

from journal.report.charts import Layout, legend_width


def marker(shape: str, x: float, y: float, colour: str, r: float = 2.6) -> str:
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{colour}"/>'
    if shape == "triangle":
        return (f'<polygon points="{x:.1f},{y - r - 0.6:.1f} {x - r:.1f},{y + r:.1f} {x + r:.1f},{y + r:.1f}" '
                f'fill="{colour}"/>')
    if shape == "diamond":
        return (f'<polygon points="{x:.1f},{y - r - 0.6:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r + 0.6:.1f} '
                f'{x - r:.1f},{y:.1f}" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"/>'


def dasharray(dash: tuple) -> str:
    return f' stroke-dasharray="{" ".join(f"{d:g}" for d in dash)}"' if dash else ""


def render(lay: Layout) -> str:
    h = lay.height

    def Y(y: float) -> float:
        return h - y

    x0, y0, x1, y1 = lay.plot
    em = lay.em
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lay.width:g} {h:g}" role="img" '
           f'aria-label="{escape(lay.title)}" class="chart">',
           f'<text x="0" y="{12 * em:.1f}" class="title">{escape(lay.title)}</text>']
    for y, label in lay.y_ticks:
        out.append(f'<line x1="{x0:.1f}" y1="{Y(y):.1f}" x2="{x1:.1f}" y2="{Y(y):.1f}" class="grid"/>')
        out.append(f'<text x="{x0 - 4:.1f}" y="{Y(y) + 3 * em:.1f}" class="tick" text-anchor="end">{escape(label)}</text>')
    for x, label, anchor in lay.x_labels:
        out.append(f'<text x="{x:.1f}" y="{Y(y0) + 12 * em:.1f}" class="tick" text-anchor="{anchor}">{escape(label)}</text>')
    out.append(f'<line x1="{x0:.1f}" y1="{Y(y0):.1f}" x2="{x1:.1f}" y2="{Y(y0):.1f}" class="axis"/>')
    for x, text, row, anchor in lay.marks:
        tx = x + 2 if anchor == "start" else x - 2
        out.append(f'<line x1="{x:.1f}" y1="{Y(y1) - 9 * em * row:.1f}" x2="{x:.1f}" y2="{Y(y0):.1f}" class="mark"/>')
        out.append(f'<text x="{tx:.1f}" y="{Y(y1) - 3 - 9 * em * row:.1f}" class="marktext" text-anchor="{anchor}">'
                   f'{escape(text)}</text>')
    for line in lay.lines:
        pts = " ".join(f"{x:.1f},{Y(y):.1f}" for x, y in line.points)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{line.colour}" stroke-width="1.8"'
                   f'{dasharray(line.dash)}><title>{escape(line.name)}</title></polyline>')
        if len(line.points) <= 60:
            out.extend(marker(line.marker, x, Y(y), line.colour) for x, y in line.points)
    lx, ly = x0, Y(y0) + 26 * em
    for name, colour, dash, shape in lay.legend:
        w = legend_width(name, em)
        if lx > x0 and lx + w > lay.width:
            lx, ly = x0, ly + 13 * em
        out.append(f'<line x1="{lx:.1f}" y1="{ly - 3:.1f}" x2="{lx + 16:.1f}" y2="{ly - 3:.1f}" stroke="{colour}" '
                   f'stroke-width="1.8"{dasharray(dash)}/>')
        out.append(marker(shape, lx + 8, ly - 3, colour, 2.2))
        out.append(f'<text x="{lx + 20:.1f}" y="{ly:.1f}" class="tick">{escape(name)}</text>')
        lx += w
    out.append("</svg>")
    return "\n".join(out)
