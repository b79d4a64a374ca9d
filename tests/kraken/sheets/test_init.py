"""journal/games/kraken/sheets/__init__.py, the printable pages: filled and blank, A4 and Letter,
everything inside the margins."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import GAME, adventure_states, full_state, j
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.pdf import document
from journal.pdf.primitives import MARGIN, PAPERS


def _strings(path):
    """(page, x, y, width, text) of every string shown, from the PDF itself."""
    out = []
    reader = PdfReader(str(path))
    for n, page in enumerate(reader.pages):
        def visit(text, cm, tm, font, size, n=n):
            text = text.strip()
            if not text or font is None:
                return
            x = tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            name = str(font.get("/BaseFont", "/Helvetica"))[1:].split("+")[-1]  # an embedded subset: AAAAAA+Name
            scale = abs(tm[0] * cm[0]) or 1
            out.append((n, x, y, stringWidth(text, name, size * scale), text))
        page.extract_text(visitor_text=visit)
    return out, reader


def assert_inside_the_margins(path, paper: str, pages: int) -> None:
    """Every string of the PDF at `path` (`pages` pages) lies inside the page's margins."""
    w, h = PAPERS[paper]
    strings, reader = _strings(path)
    assert len(reader.pages) == pages
    for n, x, y, sw, text in strings:
        assert x >= MARGIN - 1 and x + sw <= w - MARGIN + 1, (paper, n, x, sw, text)
        assert MARGIN - 1 <= y <= h - MARGIN + 1, (paper, n, y, text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("blank", [False, True])
def test_pages_stay_inside_the_margins(tmp_path, paper, blank):
    out = tmp_path / "k.pdf"
    if blank:
        pages = document.render_blank(GAME, out, paper)
    else:
        pages = document.render_save(GAME, full_state(), [], out, paper, title="camp", progress=False)
    assert_inside_the_margins(out, paper, pages)


def test_filled_pages_show_the_campaign(tmp_path):
    out = tmp_path / "k.pdf"
    document.render_save(GAME, full_state(), [], out, "a4", title="camp", progress=False)
    reader = PdfReader(str(out))
    texts = [p.extract_text() for p in reader.pages]
    tracker, ship = texts[0], texts[1]
    assert "CGM LINE TRACKER" in tracker and "STANDBY C3" in tracker and "running: look up 4ZZ" in tracker
    assert "skipped this turn" in tracker and "MAP6" in tracker and "The Very Far Outpost" in tracker
    assert "SPACESHIP: Rust Petrel & <Co>" in ship and "Ammo:Torpedo" in ship and "Welding device" in ship
    assert "Quest 0 <Bo & \"Zoë\"" in ship  # the rest fits once the sheets stop cutting (issue 27, item 3)
    crew_pages = [t for t in texts if "CREW MEMBER:" in t]
    assert len(crew_pages) == 4
    assert any("UNCONSCIOUS" in t and 'Bo & "Zoë" <Ω>' in t for t in crew_pages)


def test_blank_sheet_has_every_page_for_pencil_play(tmp_path):
    out = tmp_path / "b.pdf"
    pages = document.render_blank(GAME, out, "a4")
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    # tracker, ship, a crew profile for each of up to six members (the first one's eight note lines
    # continue on a page of lines: its rules reminder leaves too little room), SPACE COMBAT (its notes
    # continue likewise), GROUND COMBAT, EXPLORATION, the achievements and scores, three ruled log pages
    assert pages == 17
    assert "MAP6" in texts[0] and "Map IDs" in texts[0]
    assert "Twin missile" in texts[1] and "Notes / Quests" in texts[1]
    assert "Notes on page 4" in texts[2] and texts[3].startswith("Notes")
    for crew in texts[2:3] + texts[4:9]:
        assert "CREW MEMBER" in crew and "Backpack 4" in crew and "Combat gear" in crew
    assert "SPACE COMBAT" in texts[9] and "Timeline" in texts[9] and "Objectives" in texts[9]
    assert "Safe and Sound" in texts[9] and "Boarding" in texts[9] and "Notes on page 11" in texts[9]
    assert "GROUND COMBAT" in texts[11] and "Enemies" in texts[11] and "Weak/Res." in texts[11]
    assert "DUNGEON EXPLORATION" in texts[12] and "Bulkheads" in texts[12] and "Treasure drops" in texts[12]
    assert "ACHIEVEMENTS AND SCORES" in texts[13] and "Campaign scores" in texts[13]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["space", "ground"])
def test_adventure_pages_stay_inside_the_margins(tmp_path, paper, which):
    out = tmp_path / "a.pdf"
    pages = document.render_save(GAME, adventure_states()[which], [], out, paper, title="camp", progress=False)
    assert_inside_the_margins(out, paper, pages)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_and_blank_sheet(camp, tmp_path, paper):
    from pypdf import PdfReader

    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = tmp_path / "c.pdf"
    d = j(camp, "pdf", "-s", "sk", "-o", str(out), "--paper", paper)
    text = "\n".join(p.extract_text() for p in PdfReader(str(out)).pages)
    for part in ("CGM LINE TRACKER", "Interlink memory", "Starmap Locations Log", "SPACESHIP", "Notes / Quests",
                 "CREW MEMBER: Ray", "CREW MEMBER: Mila", "Campaign log", "2AC"):
        assert part in text, part
    assert d["pages"] >= 5
    blank = tmp_path / "b.pdf"
    d = j(camp, "sheet", "kraken", "-o", str(blank), "--paper", paper)
    text = "\n".join(p.extract_text() for p in PdfReader(str(blank)).pages)
    assert "MAP6" in text and "CREW MEMBER" in text and "Railgun" in text


def _titles(path) -> list[str]:
    """The adventure pages a PDF holds, in order."""
    texts = [p.extract_text() for p in PdfReader(str(path)).pages]
    return [title for t in texts for title in ("SPACE COMBAT", "GROUND COMBAT", "DUNGEON EXPLORATION")
            if t.lstrip().startswith(title) or f"\n{title}" in t[:200]]


def test_pdf_prints_the_combat_and_dungeon_pages_only_while_one_is_under_way(fly, tmp_path):
    """Issue 22 §2: "Space Kraken prints combat and dungeon pages only while one is under way
    (blank ones come from `sheet`)"."""
    j(fly, "pdf", "-s", "fly", "-o", str(tmp_path / "n.pdf"))
    assert _titles(tmp_path / "n.pdf") == []
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    j(fly, "pdf", "-s", "fly", "-o", str(tmp_path / "f.pdf"))
    assert _titles(tmp_path / "f.pdf") == ["SPACE COMBAT"]
    d = j(fly, "sheet", "kraken", "-o", str(tmp_path / "b.pdf"))
    assert d["pages"] == 17 and _titles(tmp_path / "b.pdf") == ["SPACE COMBAT", "GROUND COMBAT", "DUNGEON EXPLORATION"]
    out = tmp_path / "g.pdf"
    document.render_save(GAME, adventure_states()["ground"], [], out, "a4", title="camp", progress=False)
    assert _titles(out) == ["GROUND COMBAT", "DUNGEON EXPLORATION"]


def test_coordinates_print_in_a_font_whose_zero_is_not_the_letter_o(tmp_path):
    """The book asks for a slashed zero: every CGM coordinate, variable and Map ID cell of the Line
    Tracker is set in DejaVu Sans Mono (a dotted zero; I, 1, O and 0 told apart)."""
    out = tmp_path / "k.pdf"
    document.render_save(GAME, full_state(), [], str(out), "a4", title="camp", progress=False)
    seen = []
    PdfReader(str(out)).pages[0].extract_text(visitor_text=lambda t, cm, tm, font, size: seen.append(
        (t.strip(), str(font.get("/BaseFont", "")) if font else "")))
    coords = [font for t, font in seen if t in ("1AA", "3AB", "2HA")]
    assert len(coords) == 3 and all(font.endswith("DejaVuSansMono-Bold") for font in coords), seen[:40]
