"""The geometry of a tracker chart, drawn alike as inline SVG (the HTML report) and with
ReportLab's graphics (the PDF's "campaign at a glance" page): axes, ticks, one polyline per
series, the stages marked. Coordinates are in points, y upwards from the chart's bottom edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from journal.report.model import Chart

# Series are told apart in greyscale print too: a dash pattern and a marker shape each.
COLOURS = ["#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#555555", "#b8860b", "#008b8b"]
DASHES = [(), (5, 3), (1.5, 2.5), (7, 2, 1.5, 2), (3, 3), (9, 3), (1, 1.5), (6, 2, 1, 2, 1, 2)]
MARKERS = ["circle", "square", "triangle", "diamond", "circle", "square", "triangle", "diamond"]
LEFT, RIGHT, BOTTOM, TOP = 34.0, 14.0, 30.0, 34.0
LEGEND_ROW = 13.0


@dataclass
class Line:
    name: str
    colour: str
    dash: tuple
    marker: str
    points: list[tuple[float, float]]


@dataclass
class Layout:
    width: float
    height: float
    title: str
    plot: tuple[float, float, float, float]  # x0, y0, x1, y1
    y_ticks: list[tuple[float, str]]
    x_labels: list[tuple[float, str, str]]  # x, text, anchor ("start", "middle", "end")
    lines: list[Line]
    marks: list[tuple[float, str, int, str]]  # x, the stage entered, its label's row (neighbours alternate), anchor
    legend: list[tuple[str, str, tuple, str]]  # name, colour, dash, marker
    em: float = 1.0  # the text's scale: 1 for the PDF's 9 pt ticks, more for a screen's larger text


def nice_step(span: float, most: int = 6) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most `most` intervals."""
    raw = max(span, 1e-9) / most
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return max(1.0, m * power)
    return 10 * power


def legend_width(name: str, em: float = 1.0) -> float:
    """The room a legend key takes: its line and marker, its name, a gap (wider for a screen's
    larger text)."""
    return 24 + 5.2 * len(name) if em == 1 else 28 * em + 5.8 * em * len(name)


def legend_rows(series: list[str], width: float, em: float = 1.0) -> int:
    """How many legend rows the series' names take across `width`."""
    rows, x = 1, 0.0
    for name in series:
        w = legend_width(name, em)
        if x and x + w > width:
            rows, x = rows + 1, 0.0
        x += w
    return rows if series else 0


@dataclass
class Frame:
    """The plot area (x0, y0 to x1, y1) and what it shows: `n` points across, values lo to hi up."""
    x0: float
    y0: float
    x1: float
    y1: float
    n: int
    lo: float
    hi: float

    def x_at(self, k: int) -> float:
        return self.x0 + (self.x1 - self.x0) * (k / (self.n - 1) if self.n > 1 else 0.5)

    def y_at(self, v: float) -> float:
        return self.y0 + (self.y1 - self.y0) * (v - self.lo) / (self.hi - self.lo)


def value_range(chart: Chart) -> tuple[float, float, float]:
    """The y axis: from 0 (or below) to 1 (or above), widened to whole tick steps; and the step."""
    values = [float(v) for _label, point in chart.points for v in point.values() if isinstance(v, (int, float))]
    lo, hi = min([0.0, *values]), max([1.0, *values])
    step = nice_step(hi - lo)
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def y_ticks(frame: Frame, step: float) -> list[tuple[float, str]]:
    lo, hi = frame.lo, frame.hi
    return [(frame.y_at(lo + k * step), f"{lo + k * step:g}") for k in range(int(round((hi - lo) / step)) + 1)]


def label_anchor(k: int, n: int) -> str:
    """The first label starts at its point, the last ends there, the others are centred."""
    if n > 1 and k == 0:
        return "start"
    return "end" if n > 1 and k == n - 1 else "middle"


def x_labels(chart: Chart, frame: Frame) -> list[tuple[float, str, str]]:
    """A label every few points (about 46 pt apart), the last always; the one before it goes when
    the two would touch."""
    n, x_at = frame.n, frame.x_at
    every = max(1, math.ceil(n / max(1, int((frame.x1 - frame.x0) // 46))))
    shown = [k for k in range(n) if k % every == 0 or k == n - 1]
    if len(shown) > 1 and x_at(shown[-1]) - x_at(shown[-2]) < 40:
        del shown[-2]
    return [(x_at(k), chart.points[k][0], label_anchor(k, n)) for k in shown]


def series_lines(chart: Chart, frame: Frame) -> list[Line]:
    """A polyline per series through the points that have a number for it, each in its style."""
    lines = []
    for s, name in enumerate(chart.series):
        pts = [(frame.x_at(k), frame.y_at(float(point[name]))) for k, (_label, point) in enumerate(chart.points)
               if isinstance(point.get(name), (int, float))]
        style = s % len(COLOURS)
        lines.append(Line(name, COLOURS[style], DASHES[style], MARKERS[style], pts))
    return lines


def stage_marks(chart: Chart, frame: Frame, em: float = 1.0) -> list[tuple[float, str, int, str]]:
    """The stages entered, marked where they were entered: a label near the right edge runs
    leftwards; one that would run into a label already on its row goes a row up (or, both rows
    taken, on the row the label before it left free)."""
    marks: list[tuple[float, str, int, str]] = []
    edge = [-math.inf, -math.inf]  # the right end of the last label on each row
    for k, text in sorted(chart.marks.items()):
        x, w = frame.x_at(k), 4.6 * em * len(text)
        anchor = "end" if x + w > frame.x1 and k else "start"
        left, right = (x - w, x) if anchor == "end" else (x, x + w)
        free = [row for row in (0, 1) if left >= edge[row] + 4]
        row = free[0] if free else 1 - marks[-1][2] if marks else 0
        edge[row] = right
        marks.append((x, text, row, anchor))
    return marks


def layout(chart: Chart, width: float = 500.0, height: float = 190.0, em: float = 1.0) -> Layout:
    """The chart's geometry; `em` scales the room its text takes (1: 9 pt ticks)."""
    lo, hi, step = value_range(chart)
    legend = 0 if len(chart.series) <= 1 else legend_rows(chart.series, width - LEFT * em, em) * LEGEND_ROW * em
    frame = Frame(LEFT * em, BOTTOM * em + legend, width - RIGHT, height - TOP * em, len(chart.points), lo, hi)
    lines = series_lines(chart, frame)
    keys = [(ln.name, ln.colour, ln.dash, ln.marker) for ln in lines] if legend else []
    return Layout(width, height, chart.title, (frame.x0, frame.y0, frame.x1, frame.y1), y_ticks(frame, step),
                  x_labels(chart, frame), lines, stage_marks(chart, frame, em), keys, em)
