"""The PDF layer: tracker pages, campaign log pages and the text helpers.

PDFs are read back with pypdf. Besides extracted text, `drawn` interprets the page
content streams (text position, font, size and fill grey of every string shown), so
layout checks see exactly what a printer would print.
"""

from __future__ import annotations

import copy
import re
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.games.epm import sheets as epm_sheets
from journal.pdf import document, fonts, logpages
from journal.pdf.fonts import ITALIC
from journal.pdf.primitives import BOLD, MARGIN, PAPERS, REGULAR, fit_text, safe, text_width, wrap_text

GAME = types.SimpleNamespace(ID="epm", TITLE="War With the Evil Power Master")
BO = 'Bo & "Zo\u00eb" <\u03a9>'

STATE = {
    "signal": 8, "epm": 6, "phase": "exploring", "planet": "Kell", "card": 4, "visit": 2,
    "last_challenge": {"type": "piloting", "character": "Ana", "result": "win"},
    "characters": {
        "Ana": {"active": True, "piloting": 1, "diplomacy": -1, "dexterity": 0, "perception": 0, "strength": 0},
        BO: {"active": False, "piloting": 0, "diplomacy": 0, "dexterity": 0, "perception": 0, "strength": 1},
    },
    "items": {
        "Jet Pack": {"owner": "Ana", "kind": "booster", "type": "piloting", "effect": "+2"},
        "Lucky Dice": {"owner": BO, "kind": "booster", "type": "strength", "effect": "twice"},
        "Medkit": {"owner": "Ana", "kind": "assist"},
    },
    "planets": {
        "Zorb": {"color": "blue", "status": "flipped", "boost": 5},
        "Kell": {"color": "pink", "status": "face_down"},
        "Vex": {"color": "yellow", "status": "discarded"},
    },
}

ENTRIES = [
    {"n": 1, "time": "2026-11-29T10:00:00Z", "kind": "new", "command": "epm new demo",
     "summary": "Campaign begins on Kell with Ana and Bo", "turn": "Visit 1 \u00b7 Kell", "rolls": []},
    {"n": 2, "time": "2026-11-29T11:41:13Z", "kind": "command",
     "command": "epm challenge piloting --character Ana",
     "summary": "Ana: piloting challenge (level 5): 3 +1 = 4 \u2192 LOSE", "turn": "Visit 2 \u00b7 Kell",
     "rolls": [{"die": "d6", "value": 3, "source": "entered"}]},
    {"n": 3, "time": "2026-11-29T11:42:00Z", "kind": "note", "command": "note",
     "summary": "Bo & Ana argue about <the plan>", "turn": "Visit 2 \u00b7 Kell", "rolls": []},
    {"n": 4, "time": "2026-11-29T11:43:00Z", "kind": "command", "command": "epm challenge strength",
     "summary": "Bo: strength challenge (level 5): 6 +0 = 6 \u2192 WIN", "turn": "Visit 2 \u00b7 Kell",
     "rolls": [{"die": "d6", "value": 6, "source": "rolled"}]},
]


# --- reading PDFs back -------------------------------------------------------------

def _mul(m, n):
    """Affine matrices [a b c d e f] multiplied the PDF way (m then n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]


def drawn(path) -> list[dict]:
    """Every string shown on every page: page, x, y (baseline start), text, font, size,
    width and fill grey (None when the fill is a colour)."""
    reader = PdfReader(str(path))
    out = []
    for index, page in enumerate(reader.pages):
        fonts = {str(k): _font(v.get_object()) for k, v in page["/Resources"]["/Font"].items()}
        ctm, stack = [1, 0, 0, 1, 0, 0], []
        tm = lm = [1, 0, 0, 1, 0, 0]
        font, size, leading, grey, codes = None, 0.0, 0.0, 0.0, {}

        def show(raw):
            nonlocal tm
            s = "".join(codes.get(b, chr(b)) for b in raw)
            w = stringWidth(s, font, size)
            m = _mul(tm, ctm)
            out.append({"page": index, "x": m[4], "y": m[5], "text": s, "font": font, "size": size,
                        "width": w * m[0], "grey": grey})
            tm = _mul([1, 0, 0, 1, w, 0], tm)

        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append((ctm, grey))
            elif op == b"Q":
                ctm, grey = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"BT":
                tm = lm = [1, 0, 0, 1, 0, 0]
            elif op == b"Tf":
                (font, codes), size = fonts[str(operands[0])], float(operands[1])
            elif op == b"TL":
                leading = float(operands[0])
            elif op == b"Tm":
                tm = lm = [float(v) for v in operands]
            elif op in (b"Td", b"TD"):
                if op == b"TD":
                    leading = -float(operands[1])
                tm = lm = _mul([1, 0, 0, 1, float(operands[0]), float(operands[1])], lm)
            elif op == b"T*":
                tm = lm = _mul([1, 0, 0, 1, 0, -leading], lm)
            elif op == b"g":
                grey = float(operands[0])
            elif op in (b"rg", b"k", b"sc", b"scn"):
                grey = None
            elif op == b"Tj":
                show(_raw(operands[0]))
            elif op == b"TJ":
                for part in operands[0]:
                    if isinstance(part, (int, float)):
                        tm = _mul([1, 0, 0, 1, -float(part) / 1000 * size, 0], tm)
                    else:
                        show(_raw(part))
            elif op in (b"'", b'"'):
                tm = lm = _mul([1, 0, 0, 1, 0, -leading], lm)
                show(_raw(operands[-1]))
    return out


def _font(obj) -> tuple[str, dict[int, str]]:
    """A page font's name (without the subset's AAAAAA+ tag) and its codes' characters (from its
    ToUnicode map: an embedded subset numbers its characters in the order they were first met)."""
    name = str(obj["/BaseFont"])[1:].split("+")[-1]
    codes: dict[int, str] = {}
    if "/ToUnicode" in obj:
        cmap = obj["/ToUnicode"].get_object().get_data().decode("latin-1")
        for code, uni in re.findall(r"<([0-9A-Fa-f]{2})> <([0-9A-Fa-f]{4})>", cmap):
            codes[int(code, 16)] = chr(int(uni, 16))
    return name, codes


def _raw(obj) -> bytes:
    return getattr(obj, "original_bytes", None) or bytes(obj)


def page_texts(path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


def assert_inside_margins(path, paper):
    """No string starts, ends or sits outside the safe margins of the page."""
    w, h = PAPERS[paper]
    items = [d for d in drawn(path) if d["text"].strip()]
    assert items
    for d in items:
        where = f"page {d['page'] + 1}: {d['text']!r} at ({d['x']:.1f}, {d['y']:.1f})"
        assert d["x"] >= MARGIN - 0.01, where
        assert d["x"] + d["width"] <= w - MARGIN + 0.01, where
        assert d["y"] - 0.25 * d["size"] >= MARGIN - 0.01, where
        assert d["y"] + 0.75 * d["size"] <= h - MARGIN + 0.01, where


def big_state():
    """Eight characters, twenty items and ten planets, with very long names."""
    s = copy.deepcopy(STATE)
    s.update(phase="showdown", signal=25, epm=19, showdown_card=2)
    names = ["Ana", BO, "Captain Maximilian Theodore Featherstonehaugh-Smythe the Third of Vex"] + \
        [f"Crew member {i}" for i in range(5)]
    s["characters"] = {n: {"active": i % 2 == 0, "piloting": i % 3 - 1, "diplomacy": 0, "dexterity": 1,
                           "perception": -1, "strength": 0} for i, n in enumerate(names)}
    s["items"] = {f"Item {i} " + "with an extraordinarily long name " * 2: {
        "owner": names[i % len(names)], "kind": "booster" if i % 3 else "assist",
        "type": "perception", "effect": "twice"} for i in range(20)}
    for it in s["items"].values():
        if it["kind"] == "assist":
            del it["type"], it["effect"]
    s["planets"] = {f"Planet {i} " + "Extraordinarily Long Name " * 3: {
        "color": ("blue", "yellow", "pink")[i % 3], "status": "face_down"} for i in range(10)}
    s["planet"] = next(iter(s["planets"]))
    return s


def synthetic_entries(n, turn_every=50):
    out = []
    for i in range(1, n + 1):
        out.append({"n": i, "time": "2026-11-29T11:41:13Z", "kind": "note" if i % 7 == 0 else "command",
                    "command": f"epm challenge piloting --character Ana --roll {i % 6 + 1}",
                    "summary": f"Event {i} on the bridge: Ana rolls {i % 6 + 1}",
                    "turn": f"Visit {i // turn_every + 1} \u00b7 Kell",
                    "rolls": [{"die": "d6", "value": i % 6 + 1, "source": "entered" if i % 2 else "rolled"}]})
    return out


# --- documents ---------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_render_save_page_size_and_metadata(tmp_path, paper):
    out = tmp_path / "c.pdf"
    pages = document.render_save(GAME, STATE, ENTRIES, out, paper, "my-campaign", False)
    reader = PdfReader(str(out))
    assert pages == len(reader.pages) >= 2
    w, h = PAPERS[paper]
    for p in reader.pages:
        assert float(p.mediabox.width) == pytest.approx(w, abs=0.01)
        assert float(p.mediabox.height) == pytest.approx(h, abs=0.01)
    assert reader.metadata.author == "journal"
    assert "my-campaign" in reader.metadata.title
    assert [p.name for p in tmp_path.iterdir()] == ["c.pdf"]  # no temp file left behind


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tracker_page_shows_the_state(tmp_path, paper):
    out = tmp_path / "c.pdf"
    document.render_save(GAME, STATE, ENTRIES, out, paper, "my-campaign", False)
    tracker = page_texts(out)[0]
    for expected in ("Ana", 'Bo & "Zo\u00eb"', "Signal Tracker: 8", "EPM Meter: 6", "Zorb", "Kell", "Vex",
                     "flipped (+5)", "face down", "discarded", "Jet Pack", "Lucky Dice", "Medkit",
                     "twice", "+2", "Final Showdown", "EPM wins", "Challenge level 5", "my-campaign"):
        assert expected in tracker, expected
    assert BO in tracker                               # Greek prints: the embedded font has it
    # the current positions: the only white numbers are the current track boxes
    white = {d["text"] for d in drawn(out) if d["page"] == 0 and d["grey"] == 1 and d["text"].isdigit()}
    assert white == {"8", "6", "4"}                    # Signal, EPM, Story Card


def test_tracker_marks_positions_that_change(tmp_path):
    state = copy.deepcopy(STATE)
    state.update(signal=13, epm=0, card=12)
    out = tmp_path / "c.pdf"
    document.render_save(GAME, state, [], out, "a4", "x", False)
    white = sorted(d["text"] for d in drawn(out) if d["page"] == 0 and d["grey"] == 1 and d["text"].isdigit())
    assert white == ["0", "12", "13"]
    assert "Challenge level 6" in page_texts(out)[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_log_pages_group_entries_by_turn(tmp_path, paper):
    out = tmp_path / "c.pdf"
    document.render_save(GAME, STATE, ENTRIES, out, paper, "my-campaign", False)
    log = "\n".join(page_texts(out)[1:])
    for expected in ("Campaign log", "Visit 1 \u00b7 Kell", "Visit 2 \u00b7 Kell",
                     "Campaign begins on Kell with Ana and Bo",
                     "Ana: piloting challenge (level 5): 3 +1 = 4 \u2192 LOSE",
                     "Bo & Ana argue about <the plan>", "d6 3 (entered)", "d6 6",
                     "epm challenge piloting --character Ana", "2026-11-29 11:41", "page 2"):
        assert expected in log, expected
    assert log.count("Visit 2 \u00b7 Kell") == 1        # one heading for three entries
    notes = [d for d in drawn(out) if d["text"].startswith("Bo & Ana argue")]
    assert [d["font"] for d in notes] == [ITALIC]
    assert all(d["font"] == REGULAR for d in drawn(out) if d["text"].startswith("Ana: piloting"))


def test_long_log_has_every_entry_and_continued_headings(tmp_path):
    n = 2000
    out = tmp_path / "c.pdf"
    pages = document.render_save(GAME, STATE, synthetic_entries(n), out, "a4", "long", False)
    assert pages >= 20
    items = drawn(out)
    log = [d for d in items if d["page"] > 0]
    numbers = [int(d["text"]) for d in log
               if d["text"].isdigit() and d["font"] == BOLD and d["x"] < MARGIN + logpages.NUM_W]
    assert sorted(numbers) == list(range(1, n + 1))
    summaries = {d["text"] for d in log}
    assert all(f"Event {i} on the bridge: Ana rolls {i % 6 + 1}" in summaries for i in range(1, n + 1))
    # a page starting in the middle of a turn repeats its heading
    assert sum(d["text"].strip() == "(continued)" for d in log) >= 5
    glance = {d["page"] for d in items if d["text"] == "The campaign at a glance"}
    assert glance == {0}  # the campaign at a glance beside the tracker's Notes box, before the log
    for p in range(1, pages):
        first = max((d for d in log if d["page"] == p and d["font"] == BOLD and d["size"] == 9.5),
                    key=lambda d: d["y"])
        assert first["text"].startswith("Visit ")
    assert_inside_margins(out, "a4")


def test_progress_bar_on_stderr(tmp_path, capsys):
    document.render_save(GAME, STATE, synthetic_entries(450), tmp_path / "c.pdf", "a4", "x", True)
    assert "Rendering campaign log" in capsys.readouterr().err


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_drawn_outside_the_margins(tmp_path, paper):
    entries = synthetic_entries(120, turn_every=7)
    entries[3]["summary"] = "x" * 900                                  # one unbreakable word
    entries[4]["summary"] = "a very long story " * 300                 # longer than a page
    entries[5]["command"] = "epm note " + "blah " * 80
    entries[6]["rolls"] = [{"die": "d6", "value": v, "source": "entered"} for v in range(1, 7)] * 3
    entries[7]["turn"] = "An endless turn title " * 10
    out = tmp_path / "c.pdf"
    pages = document.render_save(GAME, big_state(), entries, out, paper, "a long campaign name " * 8, False)
    assert pages >= 4
    assert_inside_margins(out, paper)
    text = "\n".join(page_texts(out))
    assert "Crew member 4" in text and "Planet 9" in text and "Item 19" in text
    assert "\u2026" in text                                             # long names were shortened


def test_huge_state_continues_on_more_tracker_pages(tmp_path):
    s = big_state()
    s["characters"] = {f"Hero {i}": {"active": True, "piloting": 1} for i in range(40)}
    s["items"] = {f"Gadget {i}": {"owner": f"Hero {i % 40}", "kind": "assist"} for i in range(70)}
    s["planets"] = {f"World {i}": {"color": "pink", "status": "discarded"} for i in range(30)}
    s["planet"] = "World 29"
    out = tmp_path / "c.pdf"
    pages = document.render_save(GAME, s, ENTRIES, out, "letter", "huge", False)
    texts = page_texts(out)
    log_start = next(i for i, t in enumerate(texts) if "Campaign log" in t)
    assert log_start >= 2 and pages == log_start + 1    # trackers continue; the short log fits one page
    tracker = "\n".join(texts[:log_start])
    for name in [f"Hero {i}" for i in range(40)] + [f"Gadget {i}" for i in range(70)] + \
            [f"World {i}" for i in range(30)]:
        assert f"{name}\n" in tracker, name
    assert "Characters" in texts[1] or "(continued)" in texts[1]
    assert_inside_margins(out, "letter")


def test_track_height_matches_what_track_draws():
    from reportlab.pdfgen.canvas import Canvas

    from journal.pdf.primitives import track, track_height
    c = Canvas("/dev/null")
    for w, bands, marks, label in [(500, epm_sheets.LEVEL_BANDS, {25: "x"}, "L"), (200, (), None, None)]:
        used = track(c, 10, 800, w, 0, 25, current=3, bands=bands, marks=marks, label=label)
        assert used == pytest.approx(track_height(w, 0, 25, bands=bands, marks=marks, label=label))
    assert track_height(200, 0, 25) > track_height(500, 0, 25)   # narrow tracks wrap onto rows


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_render_blank(tmp_path, paper):
    out = tmp_path / "blank.pdf"
    pages = document.render_blank(GAME, out, paper)
    reader = PdfReader(str(out))
    assert pages == len(reader.pages) >= 2
    w, h = PAPERS[paper]
    assert float(reader.pages[0].mediabox.width) == pytest.approx(w, abs=0.01)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(h, abs=0.01)
    texts = page_texts(out)
    for expected in ("Signal Tracker", "EPM Meter", "Characters", "Items by owner", "Planets",
                     "Challenge level 4", "Final Showdown", "EPM wins", "4-6", "6-8", "8-10",
                     "Piloting", "Strength", "Rules reminder"):
        assert expected in texts[0], expected
    log = texts[-document.BLANK_LOG_PAGES]   # the tracker may take two pages: eight note lines for pencil
    assert "What happened" in log and "Rolls" in log
    assert not any(d["grey"] == 1 and d["text"].isdigit() for d in drawn(out))  # no current position
    assert_inside_margins(out, paper)


def test_failed_render_leaves_no_file(tmp_path, monkeypatch):
    def draw_tracker(c, page, state, title):
        c.drawString(100, 100, "half a page")
        raise RuntimeError("boom")

    broken = types.SimpleNamespace(ID="x", TITLE="X")
    monkeypatch.setattr(document, "sheets_of", lambda game: types.SimpleNamespace(draw_tracker=draw_tracker))
    monkeypatch.setattr(document, "beside_room", lambda game, state, entries: 0.0)   # a game without a history
    out = tmp_path / "c.pdf"
    out.write_bytes(b"%PDF-old")
    with pytest.raises(RuntimeError):
        document.render_save(broken, {}, ENTRIES, str(out), "a4", "x", False)
    assert out.read_bytes() == b"%PDF-old"
    assert [p.name for p in tmp_path.iterdir()] == ["c.pdf"]


# --- text helpers ------------------------------------------------------------------

def test_safe_keeps_every_printable_character_and_literal_markup():
    assert safe("\u00e9\u00f1\u00fc\u00df \u00c9 \u00e7") == "\u00e9\u00f1\u00fc\u00df \u00c9 \u00e7"
    assert safe('<b>&amp; "q" \'s\'') == '<b>&amp; "q" \'s\''
    assert safe("\u03a9 \u2603 \u270e \u0141ukasz \u0414\u043c\u0438\u0442\u0440\u0438\u0439") == \
        "\u03a9 \u2603 \u270e \u0141ukasz \u0414\u043c\u0438\u0442\u0440\u0438\u0439"
    assert safe("4 \u2192 LOSE") == "4 \u2192 LOSE"
    assert safe("a\u200db\u00adc") == "abc"                # invisible format characters: nothing
    assert safe("a\tb\nc") == "a b c"
    assert safe(None) == "" and safe(12) == "12"


def test_fit_text_truncates_with_an_ellipsis():
    name = "Captain Maximilian Theodore Featherstonehaugh-Smythe"
    short = fit_text(name, BOLD, 9, 80)
    assert short.endswith("\u2026") and name.startswith(short[:-1])
    assert stringWidth(short, BOLD, 9) <= 80
    assert fit_text("Ana", BOLD, 9, 80) == "Ana"
    assert fit_text("Ana", BOLD, 9, 1) == ""


@pytest.mark.slow
@settings(deadline=None)
@given(st.text(max_size=300), st.sampled_from([REGULAR, BOLD, ITALIC]),
       st.floats(min_value=5, max_value=14), st.floats(min_value=20, max_value=400))
def test_wrap_and_fit_never_exceed_the_width(s, font, size, width):
    fonts.get(font)

    def real(line):  # as drawn: a character the font lacks in the font that draws it
        return sum(stringWidth(piece, f, size) for f, piece in fonts.runs(line, font))

    lines = wrap_text(s, font, size, width)
    assert lines
    for line in lines:
        assert real(line) <= width + 1e-6
    # nothing is lost but whitespace
    assert "".join(lines).replace(" ", "") == "".join(safe(s).split())
    fitted = fit_text(s, font, size, width)
    assert real(fitted) <= width + 1e-6
    assert text_width(safe(s), font, size) == pytest.approx(real(safe(s)))


def test_the_real_game_module_renders(tmp_path):
    from journal import games
    game = games.load("epm")
    out = tmp_path / "c.pdf"
    for _ in range(2):          # the second call finds the imported sheets submodule
        assert document.render_save(game, STATE, ENTRIES, out, "a4", "real", False) >= 2
    assert "Signal Tracker: 8" in page_texts(out)[0]


def test_a_long_hyphenated_name_breaks_at_its_hyphens():
    """Stop 34: "Зорбулон-Великий-Дальний" in the Planets column broke inside a word."""
    name = "Зорбулон-Великий-Дальний"
    width = text_width(safe("Зорбулон-Великий-"), REGULAR, 8) + 1
    assert wrap_text(name, REGULAR, 8, width) == ["Зорбулон-Великий-", "Дальний"]
    assert wrap_text(name, REGULAR, 8, text_width(safe("Зорбулон-"), REGULAR, 8) + 1) == [
        "Зорбулон-", "Великий-", "Дальний"]
    one = wrap_text("Pneumonoultramicroscopic-x", REGULAR, 8, 40)  # a part longer than a line: anywhere
    assert "".join(one) == "Pneumonoultramicroscopic-x" and len(one) > 2
    assert all(text_width(line, REGULAR, 8) <= 40 for line in one)


def test_a_name_too_long_for_its_line_takes_two_rather_than_shrink_unreadable():
    from journal.pdf.flow import READABLE, fitted_lines

    assert fitted_lines("Ana", BOLD, 10, 100) == (["Ana"], 10)
    name = "Александра Константиновна Долгорукова-Оболенская"
    one = 100 * 10 / text_width(safe(name), BOLD, 10)
    assert one < READABLE
    lines, size = fitted_lines(safe(name), BOLD, 10, 100)
    assert len(lines) == 2 and size > one and size <= 7.0
    assert " ".join(lines) == safe(name)
    assert all(text_width(line, BOLD, size) <= 100 + 1e-6 for line in lines)
    word = "Wolfeschlegelsteinhausenbergerdorff" * 2  # no place to break: anywhere, as it is larger
    lines, size = fitted_lines(word, BOLD, 10, 60)
    assert "".join(lines) == word and size > 60 * 10 / text_width(word, BOLD, 10)
