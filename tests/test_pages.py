"""The printed page (issue 27, items 3, 4, 5 and 7): every tracker page of every game, filled and
blank, A4 and Letter, for the demo campaigns and for longer ones (five characters, fifteen items,
40-character names, a lost game, a live Space Combat and Ground Combat): nothing cut with an
ellipsis, nothing outside the margins, a Notes box of at least five lines (eight on a blank sheet),
rows for pencil at least 6.5 mm and never striped; Pulp's bag as tick boxes, War Titans' board and
pawn roster, Space Kraken's six crew pages and its achievements page; honest glance charts.

PDFs are read back with pypdf (`drawn` from tests/test_pdf.py interprets the page content)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from journal_testing import ok
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from test_pdf import assert_inside_margins, drawn

from journal import games
from journal.pdf import flow, glance
from journal.pdf.primitives import PAPERS, Page
from journal.report import charts
from journal.report.model import Chart
from journal.scales import Scale

GAMES = ("epm", "titans", "kraken", "pulp")
PAPER_SIZES = ("a4", "letter")
LONG = "Wolfeschlegelsteinhausenbergerdorff"


@pytest.fixture(scope="module")
def demos(tmp_path_factory) -> dict[str, dict]:
    """The state of each game's demo campaign (`journal demo`, run once for the module)."""
    saves = tmp_path_factory.mktemp("demo") / "saves"
    ok(saves, "demo")
    return {g: tomllib.loads((saves / f"demo-{g}.toml").read_text("utf-8"))["state"] for g in GAMES}


def lengthened(state: dict) -> dict:
    """The state with every name of a named table (characters, items, cities, crew...) made 40
    characters long, and every value that named one renamed alike."""
    names: dict[str, str] = {}

    def visit(node, depth):
        if isinstance(node, dict):
            for value in node.values():
                if isinstance(value, dict) and value and depth < 3 and all(isinstance(v, dict) for v in value.values()):
                    names.update({k: f"{k} {LONG}"[:40] for k in value if len(k) < 40 and not k.isdigit()})
                visit(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                visit(value, depth + 1)

    def renamed(node):
        if isinstance(node, dict):
            return {names.get(k, k): renamed(v) for k, v in node.items()}
        if isinstance(node, list):
            return [renamed(v) for v in node]
        return names.get(node, node) if isinstance(node, str) else node

    visit(state, 0)
    return renamed(state)


def epm_long(state: dict) -> dict:
    """Five characters, fifteen items (Gizmo 1 to 15), a lost game, long names."""
    s = copy.deepcopy(state)
    first = next(iter(s["characters"].values()))
    s["characters"].update({"Dmitri Alexandrovich Karamazov-Smirnoff": dict(first), "Eve": dict(first)})
    owners = list(s["characters"])
    s["items"] = {f"Gizmo {i}": {"owner": owners[i % len(owners)], "kind": "booster", "type": "piloting",
                                 "effect": "+2"} for i in range(1, 16)}
    s["phase"] = "lost"
    return lengthened(s)


def titans_lost(state: dict) -> dict:
    s = copy.deepcopy(state)
    s.update(phase="over", result="lost", reason="THREAT reached the sixth Red step", threat=21)
    return lengthened(s)


def pulp_lost(state: dict) -> dict:
    """A lost game, long names (the Cosmic Hegemony's aliens too: a list, not a named table)."""
    s = copy.deepcopy(state)
    s.update(phase="over", result="lost")
    for alien in s["hegemony"]:
        if alien["name"] != "The Quietus":  # (a name the rules know)
            alien["name"] = f"{alien['name']} {LONG}"
    return lengthened(s)


def variants(demos: dict) -> list[tuple[str, str, dict | None]]:
    """(game, what, state) for every rendering checked: the demo, a long one, blank sheets."""
    from kraken.kraken_helpers import adventure_states

    adventure = adventure_states()
    longer = {"epm": [("long", epm_long(demos["epm"]))],
              "titans": [("long, lost", titans_lost(demos["titans"]))],
              "pulp": [("long, lost", pulp_lost(demos["pulp"]))],
              "kraken": [("long", lengthened(demos["kraken"])), ("space combat", adventure["space"]),
                         ("ground combat", lengthened(adventure["ground"]))]}
    return [(g, what, s) for g in GAMES for what, s in [("demo", demos[g]), *longer[g], ("blank", None)]]


def render(path: Path, game: str, state: dict | None, paper: str) -> int:
    """The game's tracker pages alone (no log), with a dozen campaign notes; returns the page count."""
    c = Canvas(str(path), pagesize=PAPERS[paper])
    page = Page(c, paper, "footer")
    page.notes = [f"#{i} a note about what happened at the table" for i in range(12)]
    games.sheets(game).draw_tracker(c, page, state, "a-campaign-with-a-rather-long-name-indeed")
    page.finish()
    c.save()
    return page.finished


@pytest.fixture(scope="module")
def rendered(demos, tmp_path_factory) -> dict[tuple[str, str, str], Path]:
    out = tmp_path_factory.mktemp("pages")
    found = {}
    for game, what, state in variants(demos):
        for paper in PAPER_SIZES:
            path = out / f"{game}-{what.replace(' ', '_').replace(',', '')}-{paper}.pdf"
            render(path, game, state, paper)
            found[(game, what, paper)] = path
    return found


def texts(path: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


def sizes(path: Path) -> list[tuple[float, int, str]]:
    """Every piece of text in the PDF: (its size as printed, in points; page; the text)."""
    import math

    found = []
    for n, page in enumerate(PdfReader(str(path)).pages, 1):
        def visit(text, cm, tm, _font, size, n=n):
            if text.strip():
                found.append((size * math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1]), n, text.strip()))
        page.extract_text(visitor_text=visit)
    return found


def test_no_name_is_set_too_small_to_read(rendered):
    """Stop 35: long names were "printed" at 1.6 pt (a Titan's Support), 2.2 (the Lead Character),
    3.7 (the Last challenge): a field, a box or a title too narrow for a name now gives it two
    lines, or a line of its own. Nothing on a tracker, demo, long or blank, is under 5 pt."""
    for (game, what, paper), path in rendered.items():
        small = [found for found in sizes(path) if found[0] < 5.0]
        assert not small, (game, what, paper, small[:3])


@pytest.mark.slow  # every page of every game, twice over: the long runs
def test_nothing_is_cut_and_everything_stays_inside_the_margins(rendered):
    """Issue 27 §3: "A test renders every page of every game (...) and finds no `…` in a cell"."""
    for (game, what, paper), path in rendered.items():
        for n, page in enumerate(texts(path), 1):
            assert "\u2026" not in page, (game, what, paper, n)
        assert_inside_margins(path, paper)


def test_long_names_are_printed_whole(demos, rendered):
    """A 40-character name wraps in its cell or is set smaller, every letter printed (spaces aside)."""
    for game, what, names in (("epm", "long", list(epm_long(demos["epm"])["characters"])),
                              ("titans", "long, lost", list(titans_lost(demos["titans"])["cities"])),
                              ("kraken", "long", list(lengthened(demos["kraken"])["crew"]))):
        for paper in PAPER_SIZES:
            text = "".join("".join(texts(rendered[(game, what, paper)])).split())
            for name in names:
                assert "".join(name.split()) in text, (game, paper, name)


def test_epm_items_in_natural_order_and_continued_on_the_next_page(rendered):
    pages = texts(rendered[("epm", "long", "a4")])
    words = " ".join(pages).split()
    order = [int(words[i + 1]) for i, w in enumerate(words[:-1]) if w == "Gizmo" and words[i + 1].isdigit()]
    assert sorted(order) == list(range(1, 16))
    by_owner = {}
    for k in order:
        by_owner.setdefault(k % 5, []).append(k)
    assert all(ks == sorted(ks) for ks in by_owner.values())          # Gizmo 2 before Gizmo 10
    assert "continued on page 2" in pages[0]


@pytest.fixture
def counted(monkeypatch):
    """Records, per call, the note lines `notes_box` draws and each table `grid` draws (its rows,
    row height and striping), whichever sheets module calls them."""
    import importlib
    import pkgutil

    from journal.games.kraken import sheets as kraken_sheets

    seen: dict[str, list] = {"notes": [], "grids": []}
    real_notes, real_grid = flow.notes_box, flow.grid

    def notes_box(c, page, blank=False, *args, **kw):
        lines = real_notes(c, page, blank, *args, **kw)
        seen["notes"].append((lines, blank, kw.get("least")))
        return lines

    def grid(c, x, y, widths, rows, row_h=14.0, *args, **kw):
        seen["grids"].append((rows, row_h, kw.get("zebra", True)))
        return real_grid(c, x, y, widths, rows, row_h, *args, **kw)

    modules = [importlib.import_module(f"journal.games.{g}.sheets") for g in ("epm", "titans", "pulp")]
    modules += [importlib.import_module(f"journal.games.kraken.sheets.{m.name}")
                for m in pkgutil.iter_modules(kraken_sheets.__path__)]
    for module in modules:
        if hasattr(module, "notes_box"):
            monkeypatch.setattr(module, "notes_box", notes_box)
        if hasattr(module, "grid"):
            monkeypatch.setattr(module, "grid", grid)
    return seen


@pytest.mark.parametrize("paper", PAPER_SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_notes_box_keeps_five_lines_and_eight_on_a_blank_sheet(demos, tmp_path, counted, game, paper):
    """Issue 27 §3 and §5: "the Notes box keeps at least five lines on every tracker on A4 and Letter,
    or continues"; "at least eight note lines per tracker" on a blank sheet."""
    for state in (demos[game], epm_long(demos[game]) if game == "epm" else lengthened(demos[game]), None):
        counted["notes"].clear()
        render(tmp_path / "n.pdf", game, state, paper)
        assert counted["notes"], "a tracker without a Notes box"
        for lines, blank, least in counted["notes"]:
            assert lines >= (least or (8 if blank else 5)), (lines, blank, least)
        if state is None:                              # every page of a blank set, Space Kraken's crew and
            assert all(lines >= 8 for lines, _b, _l in counted["notes"]), counted["notes"]   # adventure pages too


@pytest.mark.parametrize("paper", PAPER_SIZES)
def test_kraken_blank_pages_keep_every_rule_beside_their_eight_note_lines(tmp_path, paper):
    """Issue 27 §5 and the brief: eight note lines pushed the Armor rule off the crew page; now the
    rules are all printed (a crew page without room for them names the page that has them) and the
    notes continue on the next page where a page has no room for both."""
    from journal.games.kraken.sheets import crew, exploration, ground_combat

    path = tmp_path / "k.pdf"
    render(path, "kraken", None, paper)
    pages = texts(path)
    text = " ".join(pages)
    for key, _body in crew.CREW_RULES + exploration.RULES + ground_combat.RULES:
        assert f"{key}:" in text, key
    crew_pages = [k for k, page in enumerate(pages) if page.startswith("CREW MEMBER")]
    assert len(crew_pages) == 6
    for k in crew_pages:
        assert "Armor:" in pages[k] or f"Rules reminder: page {crew_pages[0] + 1}" in pages[k]


@pytest.mark.parametrize("game", GAMES)
def test_blank_rows_for_pencil_are_tall_enough_and_never_striped(tmp_path, counted, game):
    """Issue 27 §5: "write-in rows at least 6.5 mm, no striping on rows to write in"."""
    render(tmp_path / "b.pdf", game, None, "letter")
    write_in = [(row_h, zebra) for rows, row_h, zebra in counted["grids"]
                if rows and all(cell is None or callable(cell) for row in rows for cell in row)]
    assert write_in or game == "pulp"          # Pulp draws its tables itself: rows of 22 pt and more
    for row_h, zebra in write_in:
        assert row_h >= 6.5 * mm and zebra is False, (row_h, zebra)


def test_pulp_blank_bag_is_tick_boxes_in_the_bag_and_in_the_supply(tmp_path):
    path = tmp_path / "p.pdf"
    render(path, "pulp", None, "a4")
    page = texts(path)[0]
    for label in ("red (15)", "orange (15)", "blue (15)", "black (15)", "yellow (6)", "white (10)"):
        assert label in page, label
    assert page.count("in the bag") >= 6 and page.count("in the supply") >= 6


def test_pulp_after_the_game_nothing_reads_next(rendered):
    page = texts(rendered[("pulp", "long, lost", "a4")])[0]
    assert "GAME LOST" in page and "NEXT" not in page and "PENDING" not in page


def test_titans_turn_over_reads_end_of_turn(demos, tmp_path):
    s = copy.deepcopy(demos["titans"])
    s.update(phase="ending", turn=2)
    path = tmp_path / "t.pdf"
    render(path, "titans", s, "a4")
    page = texts(path)[0]
    assert "END OF TURN 2" in page and "TURN OVER" not in page


def test_titans_sheet_with_a_board_prints_its_cities_and_the_twenty_pawns(journal, tmp_path):
    from journal import templates

    board = templates.path("titans", "board-sample.toml")
    journal("sheet", "titans", "--board", str(board), "-o", str(tmp_path / "b.pdf"), ok=True)
    text = " ".join(texts(tmp_path / "b.pdf"))
    for city in ("New York", "Toronto", "Los Angeles", "Sydney", "Metropolis", "Refuge", "North rift"):
        assert city in text, city
    assert "Invader pawns" in text
    words = text.split()
    assert all(str(k) in words for k in range(1, 6))
    bad = journal("sheet", "epm", "--board", str(board), "-o", str(tmp_path / "e.pdf"), ok=False)
    assert "--board is for War Titans" in bad.stderr and not (tmp_path / "e.pdf").exists()
    missing = journal("sheet", "titans", "--board", "nowhere.toml", "-o", str(tmp_path / "m.pdf"), ok=False)
    assert "no such file" in missing.stderr and "Traceback" not in missing.stderr


def test_titans_blank_roster_has_twenty_pawn_rows(tmp_path, counted):
    render(tmp_path / "t.pdf", "titans", None, "a4")
    pawns = [row for rows, _h, _z in counted["grids"] for row in rows if len(row) == 9 and callable(row[0])]
    assert len(pawns) == 20


def test_kraken_blank_sheet_has_six_crew_pages_and_the_achievements(rendered):
    pages = texts(rendered[("kraken", "blank", "a4")])
    assert sum(p.lstrip().startswith("CREW MEMBER") for p in pages) == 6
    assert "ACHIEVEMENTS AND SCORES" in pages[-1] and "Campaign scores" in pages[-1]


@pytest.mark.slow
def test_no_rule_labels_and_one_heading_style(rendered):
    for (game, what, paper), path in rendered.items():
        text = " ".join(texts(path))
        for label in ("(K5)", "P1-P6", "rules notes"):
            assert label not in text, (game, what, label)
        for shouting in ("NOTES", "TRAITS", "INVENTORY", "TIMELINE", "BULKHEADS"):
            assert shouting not in text.split(), (game, what, shouting)


def test_kraken_destroyed_stamp_sits_clear_of_the_boxes(rendered):
    items = [d for d in drawn(rendered[("kraken", "space combat", "a4")]) if d["text"].strip()]
    stamps = [d for d in items if d["text"] == "DESTROYED"]
    assert stamps
    for stamp in stamps:
        same_column = [d for d in items if d["page"] == stamp["page"] and abs(d["x"] - stamp["x"]) < 60]
        damage = min(d["y"] for d in same_column if d["text"] in ("DAMAGE", "SHIELD", "RECHARGE") and d["y"] > stamp["y"])
        log = max(d["y"] for d in same_column if d["text"] == "SP log" and d["y"] < stamp["y"])
        assert log + 8 < stamp["y"] < damage - 20      # between the DAMAGE boxes' bottom and the SP log


def test_the_marker_arrow_stays_clear_of_the_track_label():
    from journal.pdf import primitives

    assert primitives.LABEL_H - 10 >= primitives.MARKER_H - 2       # label baseline to the arrow's top: >= 7 pt


# --- flow -----------------------------------------------------------------------------------

def test_natural_order():
    assert flow.natural(["Gizmo 10", "Gizmo 2", "gizmo 1", "Axe"]) == ["Axe", "gizmo 1", "Gizmo 2", "Gizmo 10"]


def test_a_cell_too_long_wraps_and_its_row_grows():
    rows = [["short", "x"], [LONG + " " + LONG, "y"]]
    heights = flow.grid_heights([60, 40], rows, row_h=14, size=8)
    assert heights[0] == 14 and heights[1] > 14


def test_a_heading_too_long_is_written_shorter_never_cut(tmp_path):
    path = tmp_path / "h.pdf"
    c = Canvas(str(path))
    flow.heading(c, 50, 700, 120, ("A heading far too long for its column", "Short"), right=("a note", None))
    flow.heading(c, 50, 600, 150, ("A heading that fits alone", "Short"), right=("a rather long note", "a note"))
    c.save()
    text = texts(path)[0]
    assert "\u2026" not in text and "A heading far" not in text and "Short" in text
    assert "A heading that fits alone" in text and "a rather long note" not in text


def test_a_section_out_of_room_says_where_it_continues(tmp_path):
    path = tmp_path / "c.pdf"
    c = Canvas(str(path))
    page = Page(c, "a4", "f")
    page.take(page.remaining() - 40)
    flow.notes_box(c, page)
    page.finish()
    c.save()
    first, second = texts(path)
    assert "Notes on page 2" in first and "Notes" in second


# --- glance charts ----------------------------------------------------------------------------

def chart(title: str, series: dict[str, list[float]], marks: dict[int, str] | None = None) -> Chart:
    n = len(next(iter(series.values())))
    points = [(f"Turn {k + 1}", {name: values[k] for name, values in series.items()}) for k in range(n)]
    return Chart(title, list(series), points, marks or {})


def test_axes_span_the_whole_track():
    scale = games.history("titans").CHART_SCALES["THREAT"]
    lo, hi, _step = charts.value_range(chart("THREAT", {"THREAT": [1, 2]}), scale)
    assert (lo, hi) == (0, 21)
    assert [z[2] for z in scale.zones] == ["Green tier", "White tier", "Blue tier", "Red tier"]
    epm = games.history("epm").CHART_SCALES["Signal and EPM Meter"]
    assert charts.value_range(chart("Signal and EPM Meter", {"Signal": [0, 2], "EPM Meter": [0, 1]}), epm)[:2] == (0, 25)
    assert epm.lines and epm.lines[0][0] == 25


def test_pulp_series_are_drawn_in_their_cubes_colours():
    from journal.games.pulp.rules.components import CUBE_HEX

    scales = games.history("pulp").CHART_SCALES
    bag = scales["Cubes in the bag"]
    assert [bag.style(c, k).colour for k, c in enumerate(["Red", "Orange", "Blue"])] == \
        [CUBE_HEX["red"], CUBE_HEX["orange"], CUBE_HEX["blue"]]
    assert len({bag.style(c, k).dash for k, c in enumerate(["Red", "Orange", "Blue", "Black", "Yellow", "White"])}) == 6
    assert scales["Abilities"].style("Combat", 0).colour == CUBE_HEX["red"] and scales["Abilities"].hi == 10


def test_empty_charts_are_left_out_and_stage_labels_sit_above_the_plot(tmp_path):
    path = tmp_path / "g.pdf"
    c = Canvas(str(path))
    page = Page(c, "a4", "f")
    page.take(300)                                    # a tracker took the top of the page
    shown = [chart("Cities lost and rifts closed", {"Cities lost": [0, 0], "Rifts closed": [0, 0]}),
              chart("THREAT", {"THREAT": [3, 7, 12]}, {1: "THREAT White", 2: "THREAT Blue"})]
    glance.draw_page(page, shown, "Turn", scales={"THREAT": Scale(0, 21)})
    assert page.finished == 0                         # into the tracker page's free space
    page.finish()
    c.save()
    text = texts(path)[0]
    assert "THREAT" in text and "Cities lost" not in text
    items = drawn(path)
    plot_top = max(d["y"] for d in items if d["text"] == "21")
    for label in ("THREAT White", "THREAT Blue"):
        assert min(d["y"] for d in items if d["text"] == label) > plot_top


def test_charts_that_do_not_fit_go_to_a_page_of_their_own(tmp_path):
    c = Canvas(str(tmp_path / "g.pdf"))
    page = Page(c, "a4", "f")
    page.take(page.remaining() - 60)
    glance.draw_page(page, [chart("THREAT", {"THREAT": [3, 7]})], "Turn", scales={"THREAT": Scale(0, 21)})
    assert page.finished == 1


def test_the_notes_box_leaves_room_for_the_charts_past_its_five_lines(tmp_path):
    c = Canvas(str(tmp_path / "k.pdf"))
    page = Page(c, "a4", "f")
    page.keep_free = glance.FIRST_ROOM
    assert flow.notes_box(c, page) >= 5 and page.remaining() >= glance.FIRST_ROOM
    page.take(page.remaining() - flow.notes_height() - 1)
    assert flow.notes_box(c, page) == 5                # never fewer than five for the charts' sake


def test_the_glance_charts_fill_the_tracker_pages_free_space(demos, tmp_path):
    """Issue 27 §4: "the chart goes into the tracker page's free space when it fits, a page of its own
    only when it does not"."""
    from journal.pdf import document

    saves = tmp_path / "saves"
    ok(saves, "demo", "titans")
    state = tomllib.loads((saves / "demo-titans.toml").read_text("utf-8"))["state"]
    import json

    entries = [json.loads(line) for line in (saves / "demo-titans.log.jsonl").read_text("utf-8").splitlines()]
    out = tmp_path / "t.pdf"
    document.render_save(games.load("titans"), state, entries, str(out), "a4", "demo-titans", False)
    pages = texts(out)
    at = [k for k, text in enumerate(pages) if "The campaign at a glance" in text]
    assert len(at) == 1 and "Titan sheets" in pages[at[0]]


def demo_pdf(tmp_path: Path, game: str, paper: str) -> Path:
    import json

    from journal.pdf import document

    saves = tmp_path / "saves"
    ok(saves, "demo", game)
    state = tomllib.loads((saves / f"demo-{game}.toml").read_text("utf-8"))["state"]
    entries = [json.loads(line) for line in (saves / f"demo-{game}.log.jsonl").read_text("utf-8").splitlines()]
    out = tmp_path / f"{game}-{paper}.pdf"
    document.render_save(games.load(game), state, entries, str(out), paper, f"demo-{game}", False)
    return out


def test_epms_one_chart_goes_beside_the_notes_box_on_the_tracker_page(tmp_path):
    """The brief: EPM's glance chart alone left half an A4 page empty; it does not fit under the
    Notes box's five lines, so it goes beside them, in the tracker page's free space."""
    out = demo_pdf(tmp_path, "epm", "a4")
    pages = texts(out)
    assert "The campaign at a glance" in pages[0] and "Signal and EPM Meter" in pages[0]
    assert "Campaign log" in pages[1]
    items = [d for d in drawn(out) if d["page"] == 0]
    notes = next(d for d in items if d["text"] == "Notes")
    glance_head = next(d for d in items if d["text"] == "The campaign at a glance")
    mid = PAPERS["a4"][0] / 2
    assert notes["x"] < mid < glance_head["x"] and abs(notes["y"] - glance_head["y"]) < 1   # side by side
    lines = {d["text"] for d in items if d["y"] < notes["y"] and d["x"] < mid}
    assert "#32 A message from the rebels: the Power Master's fortress is" in lines   # the latest notes, at half width


def test_the_log_starts_under_charts_that_took_a_page_of_their_own(tmp_path):
    """No glance page is a chart and an empty half page: on Letter's shorter page EPM's chart fits
    neither under nor beside the Notes box, so it takes a page of its own, and the log starts under
    it there."""
    pages = texts(demo_pdf(tmp_path, "epm", "letter"))
    assert "The campaign at a glance" not in pages[0]
    assert "The campaign at a glance" in pages[1] and "Campaign log" in pages[1]
    assert "Campaign begins on Zorb" in pages[1]
