"""The War Titans tracker pages (sheets.py): filled and blank, A4 and Letter, everything inside the
margins."""

from __future__ import annotations

import types

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.games import titans as game
from journal.games.titans.rules import byhand, fight, rifts, turn, upgrade
from journal.pdf import document
from journal.pdf.primitives import MARGIN, PAPERS
from titans.titans_helpers import do, fighting, fresh, j, put, t, with_threat


GAME = types.SimpleNamespace(ID="titans", TITLE=game.TITLE)


def played() -> dict:
    """Turn 2 at Red with damage, supports, tech, a destroyed Titan and a rift facing its Tyrant."""
    s = fighting(4)
    s = put(put(s, "F5", "Tokyo", damage=1), "T1", "Lima")
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 1}, {"city": "Paris", "damage": 0}]
    s["players"]["Ana"]["credits"] = 4
    s["players"]["Cy"]["artifacts"] = ["Storm Crown of the <Deep> & \u00c9ternel"]
    s = do(upgrade.tech, s, "Atlas", "equip", "Plasma Sword", slot="hands", tags=("energy",))
    s = do(upgrade.tech, s, "Brute", "equip", "Radar", slot="head")
    s = do(byhand.damage, s, 4, city="Tokyo")
    s = do(byhand.damage, s, 20, titan="Dyna", direct=True)
    for pid in list(s["rifts"]["South"]["guardians"]):
        s = do(byhand.invader, s, pid, lair=True)
    s = do(turn.pass_turn, do(turn.pass_turn, s, "Ana"), "Bo")
    s = do(fight.move, s, "Cora", "South", anywhere=True)
    s = do(rifts.trial, s, "Cora", "South", "pass")
    return with_threat(s, 17)


def text_spans(pdf_path):
    """(page, x, y, width, text) of every string drawn, from the page content streams."""
    out = []
    reader = PdfReader(pdf_path)
    for n, page in enumerate(reader.pages):
        def visit(text, cm, tm, font, size, n=n):
            if not text.strip():
                return
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            name = str(font.get("/BaseFont", "/Helvetica"))[1:].split("+")[-1]  # an embedded subset: AAAAAA+Name if font else "Helvetica"
            text = text.strip()
            out.append((n, x, y, stringWidth(text, name, size * tm[0]), text))
        page.extract_text(visitor_text=visit)
    return out, reader


def check_margins(pdf_path, paper):
    spans, reader = text_spans(pdf_path)
    w, h = PAPERS[paper]
    assert spans
    for n, x, y, width, txt in spans:
        assert MARGIN - 1 <= x and x + width <= w - MARGIN + 1, (n, x, width, txt)
        assert MARGIN - 1 <= y <= h - MARGIN, (n, y, txt)
    return spans, reader


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_and_blank_sheet(game, tmp_path, paper):
    from pypdf import PdfReader

    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    d = j(game, "pdf", "-s", "g", "-o", str(tmp_path / "g.pdf"), "--paper", paper)
    text = "".join(p.extract_text() for p in PdfReader(d["pdf"]).pages)
    assert "THREAT 1: Green tier" in text and "Atlas" in text and "Invaders on the board" in text
    d = j(game, "sheet", "titans", "-o", str(tmp_path / "b.pdf"), "--paper", paper)
    assert d["pages"] >= 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("make", [lambda: None, fresh, played, lambda: fighting(1)], ids=["blank", "setup", "played", "solo"])
def test_tracker_pages_stay_inside_the_margins(tmp_path, paper, make):
    s = make()
    out = tmp_path / "t.pdf"
    if s is None:
        pages = document.render_blank(GAME, out, paper)
    else:
        assert game.validate(s) == []
        pages = document.render_save(GAME, s, [], out, paper, title="tour", progress=False)
    spans, reader = check_margins(out, paper)
    assert pages == len(reader.pages) >= 2
    text = " ".join(t for *_rest, t in spans)
    assert "War Titans: Invaders Must Die!" in text and "Titan sheets" in text and "Cities" in text


def test_filled_page_shows_the_state(tmp_path):
    s = played()
    out = tmp_path / "p.pdf"
    document.render_save(GAME, s, [], out, "a4", title="tour", progress=False)
    text = " ".join(p.extract_text() for p in PdfReader(out).pages)
    for expected in ("THREAT 17: Red tier", "Red section", "Plasma Sword [energy]", "DESTROYED", "South Rift",
                     "Tyrant vs Cora", "Storm Crown", "F5", "Damage 9/9", "immune as printed"):
        assert expected in text, expected


def test_game_over_is_printed(tmp_path):
    s = do(byhand.threat, fighting(), delta=30, reason="card")
    out = tmp_path / "o.pdf"
    document.render_save(GAME, s, [], out, "letter", title="", progress=False)
    text = PdfReader(out).pages[0].extract_text()
    assert "GAME LOST" in text and "The players lost" in text


def test_the_tracker_page_draws_the_tier_bands_the_rules_use(tmp_path, monkeypatch):
    """Book l.279-285: "GREEN (steps 1-5) ... WHITE (steps 6-10) ... BLUE (steps 11-15) ... RED (steps
    16-20)": the bands are written once (model.TIER_SPANS); the tracker page draws whatever the rules
    read, so a change there shows on the page (here a made-up Blue band)."""
    from journal.games.titans import sheets
    from journal.games.titans.rules import model

    out = tmp_path / "b.pdf"
    document.render_blank(GAME, out, "a4")
    text = PdfReader(out).pages[0].extract_text()
    for tier, (lo, hi) in model.TIER_SPANS.items():
        assert f"{tier.upper()} {lo}-{hi}" in text
    monkeypatch.setitem(sheets.TIER_SPANS, "blue", (11, 14))
    document.render_blank(GAME, out, "a4")
    assert "BLUE 11-14" in PdfReader(out).pages[0].extract_text()
