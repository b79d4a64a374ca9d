"""The "campaign at a glance" page of a campaign's PDF: the game's main trackers over the
campaign (its `History`: journal/history.py), the stages (tier, phase) the game entered marked,
drawn with ReportLab's graphics from the same layout as the HTML report's SVG charts."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor

from journal.pdf.primitives import BOLD, ITALIC, REGULAR, Page, fit_text, heading, safe, text_width
from journal.report import charts as chartmod
from journal.report.model import Chart

GREY = HexColor("#5b6570")
RULE = HexColor("#cfd4da")


def _marker(d: Drawing, shape: str, x: float, y: float, colour: Color, r: float = 2.4) -> None:
    if shape == "square":
        d.add(Rect(x - r, y - r, 2 * r, 2 * r, fillColor=colour, strokeColor=None))
    elif shape == "triangle":
        d.add(Polygon([x, y + r + 0.6, x - r, y - r, x + r, y - r], fillColor=colour, strokeColor=None))
    elif shape == "diamond":
        d.add(Polygon([x, y + r + 0.6, x + r, y, x, y - r - 0.6, x - r, y], fillColor=colour, strokeColor=None))
    else:
        d.add(Circle(x, y, r, fillColor=colour, strokeColor=None))


def drawing(lay: chartmod.Layout) -> Drawing:
    d = Drawing(lay.width, lay.height)
    x0, y0, x1, y1 = lay.plot
    d.add(String(0, lay.height - 11, safe(lay.title), fontName=BOLD, fontSize=10))
    for y, label in lay.y_ticks:
        d.add(Line(x0, y, x1, y, strokeColor=RULE, strokeWidth=0.5))
        d.add(String(x0 - 4, y - 2.5, label, fontName=REGULAR, fontSize=7, fillColor=GREY, textAnchor="end"))
    for x, label, anchor in lay.x_labels:
        d.add(String(x, y0 - 11, safe(label), fontName=REGULAR, fontSize=7, fillColor=GREY, textAnchor=anchor))
    d.add(Line(x0, y0, x1, y0, strokeWidth=0.8))
    for x, label, row, anchor in lay.marks:
        d.add(Line(x, y0, x, y1 + 9 * row, strokeColor=GREY, strokeWidth=0.7, strokeDashArray=[2, 2]))
        shown = fit_text(safe(label), ITALIC, 6.5, x1 - x0)
        d.add(String(x + 2 if anchor == "start" else x - 2, y1 + 3 + 9 * row, shown, fontName=ITALIC, fontSize=6.5,
                     fillColor=GREY, textAnchor=anchor))
    for line in lay.lines:
        colour = HexColor(line.colour)
        if len(line.points) > 1:
            flat = [v for point in line.points for v in point]
            d.add(PolyLine(flat, strokeColor=colour, strokeWidth=1.6, strokeDashArray=list(line.dash) or None))
        if len(line.points) <= 60:
            for x, y in line.points:
                _marker(d, line.marker, x, y, colour)
    _legend(d, lay)
    return d


def _legend(d: Drawing, lay: chartmod.Layout) -> None:
    x0, y0 = lay.plot[0], lay.plot[1]
    lx, ly = x0, y0 - 24
    for name, colour, dash, shape in lay.legend:
        shown = safe(name)
        w = 24 + text_width(shown, REGULAR, 7.5)
        if lx > x0 and lx + w > lay.width:
            lx, ly = x0, ly - chartmod.LEGEND_ROW
        c = HexColor(colour)
        d.add(Line(lx, ly + 2.5, lx + 16, ly + 2.5, strokeColor=c, strokeWidth=1.6, strokeDashArray=list(dash) or None))
        _marker(d, shape, lx + 8, ly + 2.5, c, 2.0)
        d.add(String(lx + 20, ly, shown, fontName=REGULAR, fontSize=7.5))
        lx += w + 6


def draw_page(page: Page, charts: list[Chart], unit: str) -> None:
    """The page: a heading, then each chart across the page, a new page when one does not fit."""
    c = page.c
    page.take(heading(c, page.x0, page.cursor, page.width, "The campaign at a glance", 13,
                      right=f"one point per {unit.lower()}; a dotted line: a new tier or phase"))
    if not charts:
        return
    height = min(210.0, max(150.0, (page.remaining() - 10) / len(charts) - 8))
    for chart in charts:
        lay = chartmod.layout(chart, page.width, height)
        if not page.fits(height + 6):
            page.new_page()
        top = page.take(height + 8)
        renderPDF.draw(drawing(lay), c, page.x0, top - height)
