"""The geometry of a tracker chart, drawn alike as inline SVG (the HTML report) and with
ReportLab's graphics (the PDF's "campaign at a glance" page): the y axis on the track's whole range
(the game's `Scale`: journal/scales.py) with its zones shaded and the lines that end the game
ruled, one polyline per series in its own colour and dash pattern (told apart in greyscale too),
the stages marked and named in a band above the plot, never over the data. Coordinates are in
points, y upwards from the chart's bottom edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from journal.report.model import Chart
from journal.scales import Dash, Scale, style

LEFT, RIGHT, BOTTOM = 34.0, 14.0, 30.0
TITLE_H, STAGE_ROW = 20.0, 10.0   # the title's band, and a row of stage labels above the plot (times em)
LEGEND_ROW = 13.0
LOSS = "#9b1c1c"                  # a line that ends the game


@dataclass
class Line:
    name: str
    colour: str
    dash: Dash
    marker: str
    points: list[tuple[float, float]]


@dataclass
class Key:
    """A legend entry: a series (its line and marker), a shaded zone (a swatch) or a line that ends
    the game (a short red dashed rule)."""
    kind: str       # "series", "zone", "loss"
    name: str
    colour: str
    dash: Dash = ()
    marker: str = ""


@dataclass
class Layout:
    width: float
    height: float
    title: str
    plot: tuple[float, float, float, float]  # x0, y0, x1, y1
    y_ticks: list[tuple[float, str]]
    x_labels: list[tuple[float, str, str]]  # x, text, anchor ("start", "middle", "end")
    lines: list[Line]
    marks: list[tuple[float, str, int, float]]  # x, the stage entered, its label's row, where its label starts
    legend: list[Key]
    em: float = 1.0  # the text's scale: 1 for the PDF's 9 pt ticks, more for a screen's larger text
    zones: list[tuple[float, float, str, str]] = field(default_factory=list)  # y from, y to, name, tint
    rules: list[tuple[float, str]] = field(default_factory=list)  # y of a line that ends the game, its name


def nice_step(span: float, most: int = 6) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most `most` intervals."""
    raw = max(span, 1e-9) / most
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return max(1.0, m * power)
    return 10 * power


def legend_width(name: str, em: float = 1.0) -> float:
    """The room a legend key takes: its line and marker (or swatch), its name, a gap (wider for a
    screen's larger text)."""
    return 24 + 5.2 * len(name) if em == 1 else 28 * em + 5.8 * em * len(name)


def legend_rows(names: list[str], width: float, em: float = 1.0) -> int:
    """How many legend rows the keys' names take across `width`."""
    rows, x = 1, 0.0
    for name in names:
        w = legend_width(name, em)
        if x and x + w > width:
            rows, x = rows + 1, 0.0
        x += w
    return rows if names else 0


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


def empty(chart: Chart) -> bool:
    """A chart with nothing to show: no point, or every series at zero throughout (left out)."""
    return not any(isinstance(v, (int, float)) and v for _label, values in chart.points for v in values.values())


def value_range(chart: Chart, scale: Scale | None = None) -> tuple[float, float, float]:
    """The y axis: the track's whole range when the game gives it (widened if the data leaves it),
    else from 0 (or below) to 1 (or above) in whole tick steps; and the tick step."""
    values = [float(v) for _label, point in chart.points for v in point.values() if isinstance(v, (int, float))]
    lo = min([scale.lo if scale else 0.0, *values])
    hi = max([scale.hi if scale else 1.0, *values])
    step = nice_step(hi - lo)
    if scale and scale.lo == lo and scale.hi == hi:
        return lo, hi, step
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def tick_values(frame: Frame, step: float, gap: float) -> list[float]:
    """The y axis's ticks, every `step` from its bottom, and its top when that is not a tick (THREAT
    21), in place of a tick less than `gap` under it."""
    ticks = [frame.lo + k * step for k in range(int((frame.hi - frame.lo) / step + 1e-9) + 1)]
    if ticks[-1] < frame.hi:
        if frame.y_at(frame.hi) - frame.y_at(ticks[-1]) < gap:
            ticks.pop()
        ticks.append(frame.hi)
    return ticks


def y_ticks(frame: Frame, step: float, gap: float = 9.0) -> list[tuple[float, str]]:
    return [(frame.y_at(v), f"{v:g}") for v in tick_values(frame, step, gap)]


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


def series_lines(chart: Chart, frame: Frame, scale: Scale | None = None) -> list[Line]:
    """A polyline per series through the points that have a number for it, each in its style (the
    game's colour for it, such as a cube's, when it gives one)."""
    lines = []
    for s, name in enumerate(chart.series):
        pts = [(frame.x_at(k), frame.y_at(float(point[name]))) for k, (_label, point) in enumerate(chart.points)
               if isinstance(point.get(name), (int, float))]
        look = style(scale, name, s)
        lines.append(Line(name, look.colour, look.dash, look.marker, pts))
    return lines


def stage_marks(chart: Chart, frame: Frame, em: float = 1.0) -> list[tuple[float, str, int, float]]:
    """The stages entered, marked where they were entered, each named in the band above the plot
    from its mark on (x, text, row, where the text starts): a label near the right edge ends there,
    none starts left of the plot (where the ticks are); one that would run into a label already on
    its row goes a row up (or, both rows taken, on the row the label before it left free)."""
    marks: list[tuple[float, str, int, float]] = []
    edge = [-math.inf, -math.inf]  # the right end of the last label on each row
    for k, text in sorted(chart.marks.items()):
        x, w = frame.x_at(k), 5.0 * em * len(text)
        left = max(frame.x0, min(x + 2, frame.x1 - w))
        free = [row for row in (0, 1) if left >= edge[row] + 4]
        row = free[0] if free else 1 - marks[-1][2] if marks else 0
        edge[row] = left + w
        marks.append((x, text, row, left))
    return marks


def zones_on(frame: Frame, scale: Scale | None) -> list[tuple[float, float, str, str]]:
    """The scale's zones (tiers, levels) on the plot: y from, y to, name, tint."""
    out = []
    for lo, hi, name, tint in scale.zones if scale else ():
        a, b = max(lo, frame.lo), min(hi, frame.hi)
        if a < b:
            out.append((frame.y_at(a), frame.y_at(b), name, tint))
    return out


def keys(series: list[str], scale: Scale | None) -> list[Key]:
    """The legend: each series when there are several (a chart of one is named by its title), each
    zone's tint and each line that ends the game."""
    looks = [(name, style(scale, name, s)) for s, name in enumerate(series)] if len(series) > 1 else []
    out = [Key("series", name, look.colour, look.dash, look.marker) for name, look in looks]
    out += [Key("zone", name, tint) for _lo, _hi, name, tint in scale.zones] if scale else []
    return out + ([Key("loss", name, LOSS, (4, 2)) for _v, name in scale.lines] if scale else [])


def layout(chart: Chart, width: float = 500.0, height: float = 190.0, em: float = 1.0,
           scale: Scale | None = None) -> Layout:
    """The chart's geometry: `height` without its legend, which adds its rows below; `em` scales the
    room its text takes (1: 9 pt ticks); `scale`: the track's range, zones, lines and colours."""
    lo, hi, step = value_range(chart, scale)
    probe = Frame(LEFT * em, 0, width - RIGHT, 1, len(chart.points), lo, hi)
    rows = 1 + max((row for _x, _t, row, _a in stage_marks(chart, probe, em)), default=-1)
    legend = keys(chart.series, scale)
    legend_h = legend_rows([k.name for k in legend], width - LEFT * em, em) * LEGEND_ROW * em
    total = height + legend_h
    frame = Frame(LEFT * em, BOTTOM * em + legend_h, width - RIGHT, total - (TITLE_H + rows * STAGE_ROW) * em - 4,
                  len(chart.points), lo, hi)
    rules = [(frame.y_at(v), name) for v, name in scale.lines if lo <= v <= hi] if scale else []
    return Layout(width, total, chart.title, (frame.x0, frame.y0, frame.x1, frame.y1), y_ticks(frame, step, 11 * em),
                  x_labels(chart, frame), series_lines(chart, frame, scale), stage_marks(chart, frame, em), legend, em,
                  zones_on(frame, scale), rules)
