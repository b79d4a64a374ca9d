"""The report's SVG charts follow the PDF's rules (issue 27 §4): each axis on its track's whole range
with its zones shaded and the line that ends the game ruled, Pulp's series in their cubes' colours
with dash patterns that survive greyscale, stage labels in a band above the plot, empty charts left
out; the scales are each game's pure data, which the report reads without ReportLab."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from journal import games
from journal.games.pulp.rules.components import CUBE_HEX
from journal.report import charts, svg
from journal.report.html import EM, WIDE
from journal.report.model import Chart


def chart(title: str, series: dict[str, list[float]], marks: dict[int, str] | None = None) -> Chart:
    n = len(next(iter(series.values())))
    points = [(f"Turn {k}" if k else "Set-up", {name: values[k] for name, values in series.items()})
              for k in range(n)]
    return Chart(title, list(series), points, marks or {})


def rendered(c: Chart, game: str) -> str:
    return svg.render(charts.layout(c, WIDE, 215, EM, games.history(game).CHART_SCALES.get(c.title)))


def y_ticks(page: str) -> list[str]:
    """The y axis's labels: right-aligned left of the plot (the x axis's last label is too, lower)."""
    x = min(float(v) for v in re.findall(r'<text x="([^"]+)" y="[^"]+" class="tick" text-anchor="end">', page))
    return re.findall(rf'<text x="{x:.1f}" y="[^"]+" class="tick" text-anchor="end">([^<]+)<', page)


def test_threat_spans_its_whole_track_with_its_tiers_and_the_line_that_loses():
    page = rendered(chart("THREAT", {"THREAT": [0, 1, 2]}), "titans")
    assert y_ticks(page) == ["0", "5", "10", "15", "21"]   # not 0-2, the data's own range
    assert re.findall(r"<rect [^>]*><title>([^<]+)</title>", page) == [
        "Green tier", "White tier", "Blue tier", "Red tier"]
    assert '<title>21: the players lose</title>' in page and "21: the players lose</text>" in page


def test_epm_spans_0_to_25_with_the_25_ruled():
    page = rendered(chart("Signal and EPM Meter", {"Signal": [0, 5, 5], "EPM Meter": [0, 0, 5]}), "epm")
    assert y_ticks(page)[-1] == "25"
    assert "25: Showdown / EPM wins" in page and "Signal: level 4" in page


def test_pulp_series_are_drawn_in_their_cubes_colours_with_distinct_dashes():
    bag = {c.capitalize(): [4, 5] for c in ("red", "orange", "blue", "black", "yellow", "white")}
    page = rendered(chart("Cubes in the bag", bag), "pulp")
    lines = re.findall(r'<polyline [^>]*stroke="(#[0-9a-f]{6})"[^>]*?(?: stroke-dasharray="([^"]+)")?>'
                       r"<title>([^<]+)</title>", page)
    colours = {name: colour for colour, _dash, name in lines}
    assert colours["Red"] == CUBE_HEX["red"] and colours["Blue"] == CUBE_HEX["blue"]
    assert colours["Yellow"] == CUBE_HEX["yellow"] and colours["Orange"] == CUBE_HEX["orange"]
    assert len({dash for _colour, dash, _name in lines}) == 6      # told apart in greyscale too
    abilities = rendered(chart("Abilities", {"Combat": [5, 4], "Science": [4, 3], "Diplomacy": [4, 4]}), "pulp")
    assert re.search(rf'stroke="{CUBE_HEX["red"]}"[^>]*><title>Combat<', abilities)
    assert y_ticks(abilities)[-1] == "10"


def test_stage_labels_sit_in_a_band_above_the_plot():
    c = chart("THREAT", {"THREAT": [0, 6, 21, 21]}, {1: "THREAT White", 2: "THREAT Red", 3: "A very long stage name"})
    lay = charts.layout(c, WIDE, 215, EM, games.history("titans").CHART_SCALES["THREAT"])
    x0, _y0, x1, y1 = lay.plot
    assert lay.marks and all(left >= x0 and left + 5.0 * EM * len(text) <= x1 + 0.5
                             for _x, text, _row, left in lay.marks)
    page = svg.render(lay)
    top = lay.height - y1                                  # the plot's top edge, in the SVG's y (downwards)
    ys = [float(y) for y in re.findall(r'<text x="[^"]+" y="([^"]+)" class="marktext"', page)]
    assert len(ys) == 3 and all(y < top - 3 for y in ys)   # baselines above the plot: never over the data


def test_an_all_zero_chart_is_left_out_of_the_html(journal):
    journal("demo", "titans", ok=True)
    journal("report", "-s", "demo-titans", "--format", "html", ok=True)
    page = next(journal.saves.glob("demo-titans.html")).read_text("utf-8")
    assert 'aria-label="THREAT"' in page and 'aria-label="Cities lost and rifts closed"' not in page
    assert "21: the players lose</text>" in page              # the report draws on the game's scales
    assert charts.empty(chart("Cities lost and rifts closed", {"Cities lost": [0, 0], "Rifts closed": [0, 0]}))


@pytest.mark.parametrize("game", ["epm", "titans", "kraken", "pulp"])
def test_the_charts_scales_and_the_report_import_no_reportlab(game):
    code = (f"import sys, journal.games.{game}.history, journal.report.html, journal.report.svg; "
            "sys.exit('reportlab' in ' '.join(sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
def test_an_all_zero_chart_is_left_out_of_the_text_reports(journal, fmt):
    journal("demo", "titans", ok=True)
    text = journal("report", "-s", "demo-titans", "--format", fmt, ok=True).stdout
    assert "THREAT" in text and "Cities lost and rifts closed" not in text


def test_a_bbcode_chart_keeps_its_columns_lined_up():
    """The fixed-width ([c]) blocks (a chart's table, the dice histograms) keep every space: each
    value under its series' name, and a name's `[` still inert."""
    from journal.report import bbcode

    chart = Chart("Abilities", ["Combat", "Science"], [("Set-up", {"Combat": 4, "Science": 3}),
                                                       ("Round 12", {"Combat": 10, "Science": 5})], {1: "[b]won"})
    [title, block] = bbcode.chart_lines(chart)
    head, *rows = block.removeprefix("[c]").removesuffix("[/c]").split("\n")
    assert head == "         Combat Science Stage"
    for row, values in zip(rows, (("4", "3"), ("10", "5"))):
        assert row[head.index("Combat"):].startswith(values[0]) and row[head.index("Science"):].startswith(values[1])
    assert rows[1].endswith("[\u200bb]won")
    assert bbcode.fixed("a  b\tc") == "a  b c"
