"""The printed page (issue 27, items 1, 2, 6 and 8): every character a player types prints (the
embedded DejaVu fonts, the visible replacement of a character no font has, reported once on
stderr), coordinates in the monospaced font, log pages that tell the story, and the glance
page's lighter walk.

Each game's demo is rendered with its cast renamed to 40-character and non-Latin names, filled
and blank, A4 and Letter; the pages are read back with pypdf."""

from __future__ import annotations

import json
import os
import tomllib

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from journal import games
from journal.pdf import document, fonts, logpages
from journal.pdf.primitives import PAPERS, Page, safe

LONG = "\u0141ukasz Wojciechowski-Brz\u0119czyszczykiewic"   # 40 characters
NAMES = [LONG, "\u0395\u03bb\u03ad\u03bd\u03b7", "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
         "\u674e\u5c0f\u9f8d", "Star \u2605", "Tick \u2713"]
ROSTERS = {"epm": "characters", "titans": "titans", "kraken": "crew", "pulp": "captain"}


def renamed(value, names: dict[str, str]):
    """`value` with every string equal to an old name (a key or a value) given its new name."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def demo(journal, saves, game_id: str) -> tuple[dict, list[dict]]:
    """The game's demo state and log, its cast renamed, and a note of every name."""
    journal("demo", game_id, ok=True)
    name = f"demo-{game_id}"
    state = tomllib.loads((saves / f"{name}.toml").read_text())["state"]
    entries = [json.loads(line) for line in (saves / f"{name}.log.jsonl").read_text().splitlines()]
    roster = state[ROSTERS[game_id]]
    old = list(roster) if isinstance(roster, dict) else [roster]
    names = dict(zip(old, NAMES))
    state = renamed(state, names)
    for e in entries:
        for old_name, new_name in names.items():
            e["summary"] = e.get("summary", "").replace(old_name, new_name)
    entries.append({"n": len(entries) + 1, "kind": "note", "summary": "Cast: " + ", ".join(NAMES),
                    "turn": entries[-1].get("turn"), "rolls": []})
    return state, entries


def embedded_only(path) -> None:
    """Every font of every page is a TrueType font embedded in the file (FontFile2)."""
    for page in PdfReader(str(path)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]


@pytest.mark.parametrize("paper", ["a4", pytest.param("letter", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_typed_character_prints_on_every_page(journal, saves, tmp_path, capsys, game_id, paper):
    state, entries = demo(journal, saves, game_id)
    game = games.load(game_id)
    out = tmp_path / "filled.pdf"
    capsys.readouterr()
    document.render_save(game, state, entries, str(out), paper, LONG, False)
    err = capsys.readouterr().err
    embedded_only(out)
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    whole = " ".join("\n".join(texts).split())          # a name wrapped at its space reads as one
    for name in NAMES[:3] + NAMES[4:]:
        assert name in whole, name                       # Latin, Greek, Cyrillic and symbols print
    assert "?ukasz" not in whole and "???" not in whole and "Star ?" not in whole
    assert LONG[:20] in texts[0]                         # the long name on the tracker page too
    # no font here has the Chinese name: drawn as U+FFFD, never '?', and said once on stderr
    cjk = NAMES[3]
    assert cjk in whole or fonts.REPLACEMENT * 3 in whole
    if cjk not in whole:
        assert err.count("no font on this computer draws") == 1
        assert "\u674e (U+674E)" in err
    blank = tmp_path / "blank.pdf"
    document.render_blank(game, str(blank), paper)
    embedded_only(blank)
    assert fonts.REPLACEMENT not in "".join(p.extract_text() for p in PdfReader(str(blank)).pages)


def test_a_character_no_font_has_is_replaced_visibly_and_reported(monkeypatch):
    monkeypatch.setattr(fonts, "_fc_match", lambda ch: None)          # a machine without fontconfig fonts
    fonts.take_unprintable()
    assert safe("Ana \U0001f409 \u674e") == f"Ana {fonts.REPLACEMENT} {fonts.REPLACEMENT}"
    assert fonts.take_unprintable() == ["\u674e", "\U0001f409"]
    assert fonts.describe(["\u674e"]) == "\u674e (U+674E)"


def test_a_font_fontconfig_finds_draws_what_dejavu_lacks(monkeypatch):
    """A system font found by fontconfig draws a character DejaVu Sans lacks; the shipped fonts,
    and files ReportLab cannot embed, are never used as a fallback."""
    serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    if not os.path.exists(serif):
        pytest.skip("no DejaVu Serif on this machine")
    monkeypatch.setattr(fonts, "_FALLBACK", {})
    monkeypatch.setattr(fonts, "_BY_FILE", {})
    monkeypatch.setattr(fonts, "_fc_match", lambda ch: serif)
    monkeypatch.setattr(fonts, "covers", lambda name, ch: ch != "x" and fonts.get(name) is not None)
    name = fonts.fallback("x")
    assert name and name.startswith("System")
    assert fonts.drawing(fonts.REGULAR, "x") == name
    monkeypatch.setattr(fonts, "_fc_match", lambda ch: pytest.fail("fontconfig asked again"))
    assert fonts.fallback("y") == name                 # a font found before is tried first, without asking
    monkeypatch.setattr(fonts, "_FALLBACK", {})
    monkeypatch.setattr(fonts, "_BY_FILE", {})
    monkeypatch.setattr(fonts, "_fc_match", lambda ch: os.path.join(fonts.font_dir(), f"{fonts.REGULAR}.ttf"))
    assert fonts.fallback("x") is None


def test_the_shipped_fonts_and_their_licence_are_in_the_package():
    folder = fonts.font_dir()
    for name in fonts.SHIPPED:
        assert os.path.getsize(os.path.join(folder, f"{name}.ttf")) > 100_000
    assert "Bitstream Vera" in open(os.path.join(folder, "LICENSE"), encoding="utf-8").read()


# --- log pages -----------------------------------------------------------------------

def test_every_die_says_who_rolled_it():
    tokens = logpages.roll_tokens([{"die": "d6", "value": 4, "source": "entered"},
                                   {"die": "d6", "value": 1, "source": "entered"},
                                   {"die": "d20", "value": 8, "source": "rolled"}])
    assert tokens == ["d6 4", "1 (entered)", "d20 8 (rolled by journal)"]


def test_a_summary_s_events_and_a_cgm_trace_take_a_line_each():
    trace = "Turn 1, Phase 1: line 1: 1AA !B1 \u2192 1BA; 1BA A+1 1BB: A 0 \u2192 1 \u2192 1BB | line 2: 1AF !C1"
    assert logpages.event_parts(trace) == ["Turn 1, Phase 1: line 1: 1AA !B1 \u2192 1BA",
                                           "1BA A+1 1BB: A 0 \u2192 1 \u2192 1BB", "line 2: 1AF !C1"]
    # a "; " inside parentheses is part of one event
    assert logpages.event_parts("New campaign (line 1: 1AA; line 2: 1AF)") == ["New campaign (line 1: 1AA; line 2: 1AF)"]


def test_a_logged_command_never_shows_where_a_file_lies():
    cmd = "kraken new k --pack /home/ana/Games/packs/demo-pack.toml --line 1AA"
    assert logpages.shown_command(cmd) == "kraken new k --pack demo-pack.toml --line 1AA"
    assert logpages.shown_command("titans new t --board=/srv/x/board.toml") == "titans new t --board=board.toml"
    assert logpages.shown_command("note 'Kell'\"'\"'s queen'") == "note \"Kell's queen\""
    assert logpages.shown_command("kraken crew gear Mila --shield B:2/1") == "kraken crew gear Mila --shield B:2/1"


def test_titans_log_says_a_city_was_destroyed():
    from journal.games.titans import history

    entry = {"changes": [{"path": ["state", "cities", "Beijing", "destroyed"], "from": False, "to": True},
                         {"path": ["state", "rifts", "North"], "from": {"closed": False}, "to": {"closed": True}}]}
    assert history.events(entry) == ["Beijing DESTROYED", "Rift North closed"]


def log_pdf(tmp_path, paper: str, entries: list[dict], events=None):
    """A PDF of the log pages alone, written from `entries` on `paper` (`events`: the game's, as
    journal.pdf.document.events_of gives them)."""
    out = tmp_path / "log.pdf"
    c = Canvas(str(out), pagesize=PAPERS[paper])
    p = Page(c, paper, "t")
    logpages.write_log(p, entries, False, events)
    p.finish()
    c.save()
    return out


def test_kraken_log_says_a_crew_member_is_down():
    from journal.games.kraken import history

    entry = {"changes": [{"path": ["state", "crew", "Mila", "status"], "from": "active", "to": "unconscious"}]}
    assert history.events(entry) == ["Mila DOWN (unconscious)"]


def test_log_pages_set_outcomes_bold_coordinates_in_mono_and_hide_paths(tmp_path):
    from tests.test_pdf import drawn

    game = games.load("kraken")
    entries = [
        {"n": 1, "kind": "new", "summary": "New campaign", "turn": "Setup", "rolls": [],
         "command": "kraken new k --pack /home/ana/secret/demo-pack.toml"},
        {"n": 2, "kind": "command", "turn": "Turn 1", "command": "kraken turn",
         "summary": "Turn 1, Phase 1: line 1: 1AA !B1 \u2192 1BA; 1BA red 2AC: stop", "rolls": []},
        {"n": 3, "kind": "command", "turn": "Turn 1", "command": "kraken combat fire",
         "summary": "Space Combat over: enemy DESTROYED \u2192 WIN",
         "rolls": [{"die": "d6", "value": 6, "source": "rolled"}]},
    ]
    out = log_pdf(tmp_path, "a4", entries, document.events_of(game))  # the log alone, on pages of its own
    strings = drawn(out)
    fonts_of = {d["text"].strip(): d["font"] for d in strings}
    assert fonts_of["1AA"] == fonts.MONO and fonts_of["2AC"] == fonts.MONO
    assert fonts_of["WIN"] == fonts.BOLD and fonts_of["DESTROYED"] == fonts.BOLD
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "secret" not in text and "/home" not in text and "demo-pack.toml" in text
    assert "d6 6 (rolled by journal)" in text and "\u2192" in text and "->" not in text
    ys = sorted({round(d["y"]) for d in strings if d["text"].strip() in ("1AA", "2AC")})
    assert len(ys) == 2                                           # the trace's two steps: two lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_turn_heading_never_stands_alone_at_a_page_s_foot(tmp_path, paper):
    """Turns of one to four entries of one to six lines: wherever a page ends, a turn's heading
    has its first entry's number under it on the same page."""
    from tests.test_pdf import drawn

    entries, n = [], 0
    for turn in range(1, 120):
        for k in range(turn % 4 + 1):
            n += 1
            words = " ".join(["the crew presses on"] * (1 + (turn * 7 + k) % 6 * 5))
            entries.append({"n": n, "kind": "command", "turn": f"Turn {turn}", "summary": f"Event {n}: {words}",
                            "command": "roll 2d6", "rolls": []})
    out = log_pdf(tmp_path, paper, entries)
    strings = drawn(out)
    pages = {d["page"] for d in strings}
    assert len(pages) > 5
    for page in pages:
        on = [d for d in strings if d["page"] == page]
        headings = [d for d in on if d["font"] == fonts.BOLD and d["size"] == 9.5 and d["text"].startswith("Turn ")]
        numbers = [d for d in on if d["font"] == fonts.BOLD and d["size"] == 8.5 and d["text"].isdigit()]
        for h in headings:
            assert any(num["y"] < h["y"] for num in numbers), (page, h["text"])


def test_journal_pdf_names_once_on_stderr_what_it_could_not_print(journal, saves, monkeypatch):
    monkeypatch.setattr(fonts, "_fc_match", lambda ch: None)          # no system font has them
    monkeypatch.setattr(fonts, "_FALLBACK", {})
    journal("epm", "new", "f", "--character", "\u674e\u5c0f\u9f8d", "--planet", "Zorb:blue", "--at", "Zorb", ok=True)
    journal("note", "\u674e\u5c0f\u9f8d and \U0001f409 land on Zorb \u2605", ok=True)
    r = journal("pdf", "-o", str(saves / "f.pdf"), ok=True)
    assert r.stderr.count("no font on this computer draws") == 1
    assert "\u674e (U+674E)" in r.stderr and "U+1F409" in r.stderr and "\u2605" not in r.stderr
    text = " ".join(p.extract_text() for p in PdfReader(str(saves / "f.pdf")).pages)
    assert fonts.REPLACEMENT * 3 in text and "\u2605" in text and "???" not in text
    # the next PDF says it again: each render reports what it could not print
    r = journal("pdf", "-o", str(saves / "g.pdf"), ok=True)
    assert r.stderr.count("no font on this computer draws") == 1


# --- speed ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_the_glance_page_charts_what_the_report_s_walk_charts(journal, saves, game_id):
    """The glance page's lighter walk (trackers only at a period's end, no checks or bag) gives
    the report's charts exactly."""
    from journal.report import model

    state, entries = demo(journal, saves, game_id)
    hist = games.history(game_id)
    n = len(entries)
    assert model.charts(document.glance_walk(hist, state, entries), 0, n, hist.UNIT) == \
        model.charts(model.Walk(hist, state, entries), 0, n, hist.UNIT)


def test_coordinates_are_set_in_the_monospaced_font_whose_zero_is_dotted(tmp_path):
    """Space Kraken's book asks for a zero that differs from O (and 1 from I): coordinate_text
    sets a code in DejaVu Sans Mono, whatever the text around it is set in."""
    from journal.pdf.primitives import coordinate_text
    from tests.test_pdf import drawn

    out = tmp_path / "c.pdf"
    c = Canvas(str(out))
    Page(c, "a4", "")
    w = coordinate_text(c, 50, 700, "30O 1O0 I1", 9)
    coordinate_text(c, 50, 680, "2AC", 9, bold=True)
    c.save()
    shown = {d["text"]: d["font"] for d in drawn(out)}
    assert shown == {"30O 1O0 I1": fonts.MONO, "2AC": fonts.MONO_BOLD}
    assert w == pytest.approx(10 * 0.602 * 9, abs=0.05)          # monospaced: every character as wide


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_logged_command_wraps_whole_under_its_entry(tmp_path, paper):
    """Issue 27 item 3: nothing cut. A command longer than the column (Space Kraken's `location
    accept` with a dozen rolls, a `new` with its whole cast) continues on the lines under it."""
    rolls = " ".join(f"--roll {k}" for k in range(1, 40))
    entries = [{"n": 1, "kind": "new", "turn": "Setup", "summary": "New campaign", "command": f"kraken new k {rolls}",
                "rolls": [], "time": "2026-12-01T20:00:00Z"},
               {"n": 2, "kind": "command", "turn": "Setup", "summary": "Next", "command": "note short", "rolls": []}]
    out = log_pdf(tmp_path, paper, entries)
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "\u2026" not in text
    assert " ".join(text.split()).count("--roll") == 39 and "--roll 39" in " ".join(text.split())
