"""What a game says of its charts' axes: the whole range of each track, the zones (tiers, levels)
shaded on it, the lines that end the game, and the colour each series is drawn in. A game's
sheets module names them in ``CHART_SCALES`` (chart title -> `Scale`); the glance page
(journal/pdf/glance.py) draws each chart on its track's range rather than stretched to the data."""

from __future__ import annotations

from dataclasses import dataclass

Zone = tuple[float, float, str, str]   # from, to, its label, its tint (#rrggbb)


@dataclass(frozen=True)
class Scale:
    lo: float                                   # the track's lowest printed value
    hi: float                                   # ... and its highest
    zones: tuple[Zone, ...] = ()                # shaded bands of values, labelled at the plot's right
    lines: tuple[tuple[float, str], ...] = ()   # a value that ends the game, ruled across and labelled
    colours: tuple[tuple[str, str], ...] = ()   # series -> its own colour (#rrggbb), e.g. a cube's

    def colour(self, series: str) -> str | None:
        return dict(self.colours).get(series)
