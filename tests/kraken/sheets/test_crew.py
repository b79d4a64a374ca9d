"""journal/games/kraken/sheets/crew.py: Page 3+, a crew member's profile: attributes, HP, level,
traits, inventory, combat gear."""

from __future__ import annotations

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.pdf.primitives import MARGIN, PAPERS


def test_the_crew_page_shows_the_armor_worn(camp, tmp_path):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "L", "Anti-Terror Shield", ok=True)
    camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--jacket", "Kevlar vest:2", "--helmet", "Helmet:1",
         "--physical-shield", "Anti-Terror Shield:2", ok=True)
    for paper in ("a4", "letter"):
        out = tmp_path / f"k-{paper}.pdf"
        camp("pdf", "-s", "sk", "-o", str(out), "--paper", paper, ok=True)
        reader = PdfReader(str(out))
        page = next(p for p in reader.pages if "CREW MEMBER: Ray" in p.extract_text())
        text = page.extract_text()
        assert "Armor worn (one of each)" in text and "Kevlar vest" in text and "Anti-Terror Shield (hand L)" in text
        assert "ARMOR (the sum; 8 at most)" in text
        w = PAPERS[paper][0]
        seen = []

        def visit(s, cm, tm, font, size, seen=seen):
            if s.strip() and font is not None:
                x = tm[4] * cm[0] + cm[4]
                name = str(font.get("/BaseFont", "/Helvetica"))[1:].split("+")[-1]  # an embedded subset: AAAAAA+Name
                seen.append((x, stringWidth(s.strip(), name, size * (abs(tm[0] * cm[0]) or 1)), s.strip()))

        page.extract_text(visitor_text=visit)
        for x, sw, s in seen:
            assert x >= MARGIN - 1 and x + sw <= w - MARGIN + 1, (paper, s)
    blank = tmp_path / "b.pdf"
    camp("sheet", "kraken", "-o", str(blank), ok=True)
    crew = next(p.extract_text() for p in PdfReader(str(blank)).pages if "CREW MEMBER" in p.extract_text())
    words = " ".join(crew.split())
    assert "Physical Shield (in a hand)" in crew and "one helmet and one physical Shield (held in a hand)" in words
