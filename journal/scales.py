"""What a game says of its charts' axes, as pure data (no ReportLab: the report imports it too):
the whole range of each track, the zones (tiers, levels) shaded on it, the lines that end the game,
and the colour and dash pattern a series is drawn in. A game's history module names them in
``CHART_SCALES`` (chart title -> `Scale`); the PDF's glance page (journal/pdf/glance.py) and the
report's SVG charts (journal/report/charts.py) draw each chart on its track's range rather than
stretched to the data."""

from __future__ import annotations

from dataclasses import dataclass

Zone = tuple[float, float, str, str]   # from, to, its label, its tint (#rrggbb)
Dash = tuple[float, ...]               # on, off, on, off... in points (or SVG units); () a solid line

# Series are told apart in greyscale print too: a colour, a dash pattern and a marker shape each,
# by the series' order in its chart unless the game gives a series its own colour or dash
COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#555555", "#b8860b", "#008b8b")
DASHES: tuple[Dash, ...] = ((), (5, 3), (1.5, 2.5), (7, 2, 1.5, 2), (3, 3), (9, 3), (1, 1.5), (6, 2, 1, 2, 1, 2))
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Style:
    colour: str     # #rrggbb
    dash: Dash
    marker: str     # circle, square, triangle, diamond


@dataclass(frozen=True)
class Scale:
    lo: float                                   # the track's lowest printed value
    hi: float                                   # ... and its highest
    zones: tuple[Zone, ...] = ()                # shaded bands of values, each named
    lines: tuple[tuple[float, str], ...] = ()   # a value that ends the game, ruled across and named
    colours: tuple[tuple[str, str], ...] = ()   # series -> its own colour (#rrggbb), e.g. a cube's
    dashes: tuple[tuple[str, Dash], ...] = ()   # series -> its own dash pattern

    def style(self, series: str, index: int) -> Style:
        """How the `index`-th series of a chart is drawn: the game's colour and dash for it when it
        gives them, else the `index`-th of the house's."""
        k = index % len(COLOURS)
        return Style(dict(self.colours).get(series, COLOURS[k]), dict(self.dashes).get(series, DASHES[k]), MARKERS[k])


def style(scale: Scale | None, series: str, index: int) -> Style:
    """A series' style on a chart the game may give no scale for."""
    return (scale or Scale(0, 1)).style(series, index)
