"""The "campaign at a glance" charts of a campaign's PDF: the game's main trackers over the
campaign (its `History`: journal/history.py) from set-up on, each on its track's whole range (the
`CHART_SCALES` of the game's history module: journal/scales.py) with its tiers shaded and the line
that ends the game ruled, the stages (tier, phase) the game entered named in a band above the plot, never over
the data. A chart whose series never leave zero is left out. The charts go into the room the
tracker page leaves when they fit there, onto a page of their own when not.

Series are told apart in greyscale too: each has a dash pattern and a marker shape, and a game may
give a series its own colour (Pulp's cubes are drawn in their colours)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor

from journal.pdf.flow import heading, shorter
from journal.pdf.fonts import ITALIC
from journal.pdf.primitives import BOLD, REGULAR, Page, safe, text_width
from journal.report.charts import Frame, empty, tick_values, value_range, x_labels
from journal.report.model import Chart
from journal.scales import Scale

GREY = HexColor("#5b6570")
RULE = HexColor("#cfd4da")
LEFT, RIGHT, BOTTOM = 30.0, 78.0, 26.0   # the plot's margins in a chart (right: the zones' labels)
TITLE_H, STAGE_ROW, LEGEND_ROW = 16.0, 9.0, 12.0
MIN_H, MAX_H, ALONE_H = 150.0, 200.0, 300.0   # a chart's height: least, beside a tracker, on a page of its own
HEAD_H = 10.5 + 8 + 4
FIRST_ROOM = HEAD_H + MIN_H + 8                 # the heading and a first chart
BESIDE_ROOM = HEAD_H + MIN_H                    # ... beside the tracker's Notes box (a game of one chart)


@dataclass
class Plot:
    """One chart laid out: its frame, its scale and the rows its stage labels take."""
    chart: Chart
    frame: Frame
    scale: Scale
    step: float
    stages: list[tuple[float, str, int]]      # x, label, row of the band above the plot
    width: float
    height: float


def stage_rows(chart: Chart, frame: Frame) -> list[tuple[float, str, int]]:
    """Each stage the game entered at its point's x, on the first row of the band where it does not
    run into the label before it (two rows at most; a label near the right edge ends there)."""
    out: list[tuple[float, str, int]] = []
    ends = [frame.x0 - 99.0, frame.x0 - 99.0]
    for k, label in sorted(chart.marks.items()):
        x = frame.x_at(k)
        w = text_width(safe(label), ITALIC, 6.5) + 6
        start = min(x, frame.x1 - w)
        row = 0 if start >= ends[0] else 1
        ends[row] = start + w
        out.append((x, label, row))
    return out


def legend_rows(names: Sequence[str], width: float) -> int:
    rows, x = 1, 0.0
    for name in names:
        w = 30 + text_width(safe(name), REGULAR, 7.5)
        if x and x + w > width:
            rows, x = rows + 1, 0.0
        x += w
    return rows if len(names) > 1 else 0


def layout(chart: Chart, scale: Scale | None, width: float, height: float) -> Plot:
    lo, hi, step = value_range(chart, scale)
    legend = legend_rows(chart.series, width - LEFT) * LEGEND_ROW
    rows = 2 if any(row for *_x, row in stage_rows(chart, Frame(LEFT, 0, width - RIGHT, 1, len(chart.points), lo,
                                                                 hi))) else (1 if chart.marks else 0)
    top = height - TITLE_H - rows * STAGE_ROW - 4
    frame = Frame(LEFT, BOTTOM + legend, width - RIGHT, top, len(chart.points), lo, hi)
    return Plot(chart, frame, scale or Scale(lo, hi), step, stage_rows(chart, frame), width, height)


def _marker(d: Drawing, shape: str, x: float, y: float, colour: Color, r: float = 2.4) -> None:
    edge = GREY if colour == HexColor("#ffffff") else None
    if shape == "square":
        d.add(Rect(x - r, y - r, 2 * r, 2 * r, fillColor=colour, strokeColor=edge, strokeWidth=0.5))
    elif shape == "triangle":
        d.add(Polygon([x, y + r + 0.6, x - r, y - r, x + r, y - r], fillColor=colour, strokeColor=edge,
                      strokeWidth=0.5))
    elif shape == "diamond":
        d.add(Polygon([x, y + r + 0.6, x + r, y, x, y - r - 0.6, x - r, y], fillColor=colour, strokeColor=edge,
                      strokeWidth=0.5))
    else:
        d.add(Circle(x, y, r, fillColor=colour, strokeColor=edge, strokeWidth=0.5))


def _zones(d: Drawing, p: Plot) -> None:
    """The shaded zones (tiers, levels) across the plot, each named in the right margin."""
    f = p.frame
    for lo, hi, label, tint in p.scale.zones:
        a, b = max(lo, f.lo), min(hi, f.hi)
        if a >= b:
            continue
        y0, y1 = f.y_at(a), f.y_at(b)
        d.add(Rect(f.x0, y0, f.x1 - f.x0, y1 - y0, fillColor=HexColor(tint), strokeColor=None))
        shown, size = shorter(label, REGULAR, 6.5, RIGHT - 6)
        d.add(String(f.x1 + 4, (y0 + y1) / 2 - 2.3, shown, fontName=REGULAR, fontSize=size, fillColor=GREY))


def _axes(d: Drawing, p: Plot) -> None:
    f = p.frame
    for v in tick_values(f, p.step, 9):
        d.add(Line(f.x0, f.y_at(v), f.x1, f.y_at(v), strokeColor=RULE, strokeWidth=0.5))
        d.add(String(f.x0 - 4, f.y_at(v) - 2.5, f"{v:g}", fontName=REGULAR, fontSize=7, textAnchor="end",
                     fillColor=HexColor("#000000") if v == f.hi else GREY))
    for x, label, anchor in x_labels(p.chart, f):
        d.add(String(x, f.y0 - 11, safe(label), fontName=REGULAR, fontSize=7, fillColor=GREY, textAnchor=anchor))
    d.add(Line(f.x0, f.y0, f.x1, f.y0, strokeWidth=0.8))
    d.add(Line(f.x0, f.y0, f.x0, f.y1, strokeWidth=0.5, strokeColor=GREY))
    for value, label in p.scale.lines:
        if f.lo <= value <= f.hi:
            y = f.y_at(value)
            d.add(Line(f.x0, y, f.x1, y, strokeColor=HexColor("#9b1c1c"), strokeWidth=1.2, strokeDashArray=[4, 2]))
            shown, size = shorter(label, BOLD, 6.5, RIGHT - 6)
            d.add(String(f.x1 + 4, y - 2.3, shown, fontName=BOLD, fontSize=size, fillColor=HexColor("#9b1c1c")))


def _stages(d: Drawing, p: Plot) -> None:
    """The stages entered: a dotted rule through the plot, the stage named in the band above it."""
    f = p.frame
    for x, label, row in p.stages:
        d.add(Line(x, f.y0, x, f.y1 + 3 + STAGE_ROW * row, strokeColor=GREY, strokeWidth=0.6, strokeDashArray=[2, 2]))
        w = text_width(safe(label), ITALIC, 6.5)
        start = min(x + 2, f.x1 - w - 3)          # clear of a mark at the plot's right edge
        d.add(String(start, f.y1 + 4 + STAGE_ROW * row, safe(label), fontName=ITALIC, fontSize=6.5, fillColor=GREY))


def series_style(p: Plot, s: int, name: str) -> tuple[Color, tuple, str]:
    look = p.scale.style(name, s)
    return HexColor(look.colour), look.dash, look.marker


def drawing(p: Plot) -> Drawing:
    d = Drawing(p.width, p.height)
    shown, size = shorter(p.chart.title, BOLD, 10, p.width)
    d.add(String(0, p.height - 11, shown, fontName=BOLD, fontSize=size))
    _zones(d, p)
    _axes(d, p)
    _stages(d, p)
    f = p.frame
    for s, name in enumerate(p.chart.series):
        colour, dash, marker = series_style(p, s, name)
        pts = [(f.x_at(k), f.y_at(float(point[name]))) for k, (_label, point) in enumerate(p.chart.points)
               if isinstance(point.get(name), (int, float))]
        if len(pts) > 1:
            d.add(PolyLine([v for pt in pts for v in pt], strokeColor=_visible(colour), strokeWidth=1.6,
                           strokeDashArray=list(dash) or None))
        if len(pts) <= 60:
            for x, y in pts:
                _marker(d, marker, x, y, colour)
    _legend(d, p)
    return d


def _visible(colour: Color) -> Color:
    """A line's colour, but a white series (Pulp's white cubes) drawn in a light grey on paper."""
    return HexColor("#b8b8b8") if colour == HexColor("#ffffff") else colour


def _legend(d: Drawing, p: Plot) -> None:
    if len(p.chart.series) < 2:
        return
    x0 = p.frame.x0
    lx, ly = x0, p.frame.y0 - 24
    for s, name in enumerate(p.chart.series):
        colour, dash, marker = series_style(p, s, name)
        shown = safe(name)
        w = 30 + text_width(shown, REGULAR, 7.5)
        if lx > x0 and lx + w > p.width:
            lx, ly = x0, ly - LEGEND_ROW
        d.add(Line(lx, ly + 2.5, lx + 20, ly + 2.5, strokeColor=_visible(colour), strokeWidth=1.6,
                   strokeDashArray=list(dash) or None))
        _marker(d, marker, lx + 10, ly + 2.5, colour, 2.0)
        d.add(String(lx + 24, ly, shown, fontName=REGULAR, fontSize=7.5))
        lx += w + 6


def draw_beside(page: Page, chart: Chart, unit: str, scale: Scale | None,
                box: tuple[float, float, float, float]) -> None:
    """One chart under its heading in `box` (x, top, w, h), beside the tracker's Notes box."""
    x, top, w, h = box
    head = heading(page.c, x, top, w, "The campaign at a glance", right=(f"one point per {unit.lower()}",)) + 4
    height = min(MAX_H, h - head)
    renderPDF.draw(drawing(layout(chart, scale, w, height)), page.c, x, top - head - height)


def draw_page(page: Page, charts: list[Chart], unit: str, scales: Mapping[str, Scale] | None = None) -> None:
    """The charts (from set-up: journal/report/model.py) under a heading, from the page's cursor
    when the heading and the first chart fit there (the tracker's free space), else from the top of
    a new page; a chart that does not fit goes to the next page; a chart of zeros is left out."""
    scales = scales or {}
    shown = [ch for ch in charts if not empty(ch)]
    beside, page.beside = page.beside, None
    if not shown:
        return
    if beside and len(shown) == 1:             # the room the tracker's Notes box left beside itself
        draw_beside(page, shown[0], unit, scales.get(shown[0].title), beside)
        return
    head = HEAD_H
    if not page.fits(FIRST_ROOM):
        page.new_page()
    c = page.c
    page.take(heading(c, page.x0, page.cursor, page.width, "The campaign at a glance",
                      right=(f"one point per {unit.lower()}, from set-up; dotted: a new tier or phase",
                             f"one point per {unit.lower()}")) + 4)
    at_top = page.cursor >= page.top - head - 1
    room = page.remaining() - 8 * len(shown)
    height = min(ALONE_H if at_top else MAX_H, max(MIN_H, room / len(shown)))
    for chart in shown:
        if not page.fits(height + 8):
            page.new_page()
        top = page.take(height + 8)
        renderPDF.draw(drawing(layout(chart, scales.get(chart.title), page.width, height)), c, page.x0, top - height)
