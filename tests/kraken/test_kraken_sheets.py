"""The printable pages: filled and blank, A4 and Letter, everything inside the margins."""

from __future__ import annotations

import types

import pytest
from kraken_helpers import ATTRS, CAT, apply, demo_pack, new_state
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.games.kraken import rules, sheets
from journal.pdf import document
from journal.pdf.primitives import MARGIN, PAPERS

GAME = types.SimpleNamespace(ID="kraken", TITLE="Space Kraken", sheet_module=lambda: sheets)
ODD = 'Bo & "Zoë" <Ω>'


def full_state() -> dict:
    """Six lines (one on STANDBY, one running, one with a note), six locations, four crew."""
    s = new_state("adventurer", lines=("1AA", "3AB", "2HA", "2BC", "3XY", "4ZZ"))
    s["credits"] = 1000
    s = apply(s, rules.ship_hull, name="Rust Petrel & <Co>", price=40, sp=12, expansion_sp=4).state
    for system in ("HyperNavMemory", "Teleporter", "Med Bay", "Storage Expansion", "Primary Shields", "Laser", "Laser",
                   "Armor", "Hull expansion", "Ammo:Torpedo"):
        s = apply(s, rules.ship_buy, system=system, cat=CAT).state
    s = apply(s, rules.ship_system, label="Laser 2", action="damage").state
    for name in ("Ray", "Mila", ODD, "Dax Orr the Unusually Long-Named Mercenary"):
        s = apply(s, rules.crew_add, name=name, attrs=dict(ATTRS), traits=[("Tough", 2), ("Slow", -2)],
                  psi=name == "Mila").state
    for slot in ("L", "R", "1", "2", "3", "4"):
        s = apply(s, rules.crew_equip, name="Ray", slot=slot, item=f"Very long item name number {slot} + mag").state
    s = apply(s, rules.crew_hp, name=ODD, delta=-8).state
    for i in range(6):
        s = apply(s, rules.location_add, *([7] * (4 + i)), type="Mining Station" if i % 2 else "Space Station",
                  difficulty=1 + i % 5, ao="NO", ai="YES", depth=4 + i, teleport=2, species="Kraken",
                  special="one-way" if i == 1 else None, roll_maps=True, name="The Very Far Outpost" if i == 2 else None
                  ).state
        s = apply(s, rules.location_clear, slot=str(i + 1), map_no=1).state
    for q in range(3):
        s = apply(s, rules.quest_add, name=f"Quest {q} <{ODD}>", urgent=q != 1, reward="20 Credits and a map",
                  penalty="Lose 10", penalty_credits=10).state
    s = apply(s, rules.storage, item="Welding device").state
    s = apply(s, rules.storage, item="Spare battery", expansion=True).state
    pack = demo_pack()
    s = apply(s, rules.turn, pack=pack, standby=["2"], skip="3").state   # lines 4-6 are missing from the pack
    s = apply(s, rules.line_note, line="1", text="A very long note about the beacon & its <vault>, twice").state
    return s


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
            name = str(font.get("/BaseFont", "/Helvetica"))[1:]
            scale = abs(tm[0] * cm[0]) or 1
            out.append((n, x, y, stringWidth(text, name, size * scale), text))
        page.extract_text(visitor_text=visit)
    return out, reader


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("blank", [False, True])
def test_pages_stay_inside_the_margins(tmp_path, paper, blank):
    out = tmp_path / "k.pdf"
    if blank:
        pages = document.render_blank(GAME, out, paper)
    else:
        pages = document.render_save(GAME, full_state(), [], out, paper, title="camp", progress=False)
    w, h = PAPERS[paper]
    strings, reader = _strings(out)
    assert len(reader.pages) == pages
    for n, x, y, sw, text in strings:
        assert x >= MARGIN - 1 and x + sw <= w - MARGIN + 1, (paper, n, x, sw, text)
        assert MARGIN - 1 <= y <= h - MARGIN + 1, (paper, n, y, text)


def test_filled_pages_show_the_campaign(tmp_path):
    out = tmp_path / "k.pdf"
    document.render_save(GAME, full_state(), [], out, "a4", title="camp", progress=False)
    reader = PdfReader(str(out))
    texts = [p.extract_text() for p in reader.pages]
    tracker, ship = texts[0], texts[1]
    assert "CGM LINE TRACKER" in tracker and "STANDBY C3" in tracker and "running: look up 4ZZ" in tracker
    assert "skipped this turn" in tracker and "MAP6" in tracker and "The Very Far Outpost" in tracker
    assert "SPACESHIP: Rust Petrel & <Co>" in ship and "Ammo:Torpedo" in ship and "Welding device" in ship
    assert "Quest 0 <Bo & \"Zoë\" <?>>" in ship
    crew_pages = [t for t in texts if "CREW MEMBER:" in t]
    assert len(crew_pages) == 4
    assert any("UNCONSCIOUS" in t and 'Bo & "Zoë" <?>' in t for t in crew_pages)


def test_blank_sheet_has_every_page_for_pencil_play(tmp_path):
    out = tmp_path / "b.pdf"
    pages = document.render_blank(GAME, out, "a4")
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    assert pages == 6                      # tracker, ship, one crew profile, three ruled log pages
    assert "MAP6" in texts[0] and "Map IDs" in texts[0]
    assert "Twin missile" in texts[1] and "NOTES / QUESTS" in texts[1]
    assert "CREW MEMBER" in texts[2] and "Backpack 4" in texts[2]
