"""`journal kraken crew gear` with the Armor worn (ch. 14): jacket, helmet and physical
Shield from the command line, refusals that leave the save alone, the summary and the
crew page."""

from __future__ import annotations

import json

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.pdf.primitives import MARGIN, PAPERS


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, (args, r.stderr)
    return json.loads(r.stdout)


def test_crew_gear_wears_a_jacket_a_helmet_and_a_physical_shield(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "L", "Anti-Terror Shield", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Kevlar vest", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "2", "Helmet", ok=True)
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--jacket", "Kevlar vest:2", "--helmet", "Helmet:1",
             "--physical-shield", "Anti-Terror Shield:2", ok=True)
    assert r.stdout.splitlines() == [
        "Ray wears the Kevlar vest (jacket, Armor 2).",
        "Ray wears the Helmet (helmet, Armor 1).",
        "Ray wears the Anti-Terror Shield (physical Shield, Armor 2, in Ray's hand L).",
        "Ray's Armor 5 (Kevlar vest 2 + Helmet 1 + Anti-Terror Shield 2)."]
    d = j(camp, "kraken", "crew", "gear", "-s", "sk", "Ray", "--helmet", "none")
    assert (d["armor"], d["armor_total"], d["helmet"]) == (4, 4, None)
    assert d["jacket"] == {"name": "Kevlar vest", "armor": 2}
    assert d["physical_shield"] == {"name": "Anti-Terror Shield", "armor": 2}
    out = camp("show", "-s", "sk", ok=True).stdout
    assert "gear Armor 4 (Kevlar vest 2 + Anti-Terror Shield 2)" in out
    state = j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]
    assert state["jacket"] == {"name": "Kevlar vest", "armor": 2} and "helmet" not in state


def test_a_shield_not_in_a_hand_is_refused_and_the_save_is_unchanged(camp, saves):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Anti-Terror Shield", ok=True)
    before = (saves / "sk.toml").read_bytes()
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--physical-shield", "Anti-Terror Shield:2")
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [(
        "Error: --physical-shield Anti-Terror Shield: a physical Shield is carried in one hand (ch. 14) and Ray's "
        "hands hold L: empty, R: empty: put it in a hand first (journal kraken crew equip Ray L "
        "'Anti-Terror Shield' or journal kraken crew equip Ray R 'Anti-Terror Shield')")]
    assert (saves / "sk.toml").read_bytes() == before
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--helmet", "Helmet")
    assert r.exit_code == 2 and "NAME:ARMOR with an Armor value 1-8" in r.stderr
    assert (saves / "sk.toml").read_bytes() == before


def test_the_shield_comes_off_when_it_leaves_the_hand(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "R", "Riot shield", ok=True)
    camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--physical-shield", "Riot shield:1", ok=True)
    r = camp("kraken", "crew", "unequip", "-s", "sk", "Ray", "R", ok=True)
    assert "Ray no longer holds the Riot shield in a hand: it is not worn (Armor now 0" in r.stdout
    assert "physical_shield" not in j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]


def test_armor_n_prints_and_saves_as_before(camp):
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "2", ok=True)
    assert r.stdout == "Ray: Armor 2.\n"
    d = j(camp, "kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "3")
    assert d["armor"] == 3 and d["summary"] == "Ray: Armor 3"
    assert j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]["armor"] == 3
    assert "gear Armor 3" in camp("show", "-s", "sk", ok=True).stdout
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "2", "--jacket", "Vest:1")
    assert r.exit_code == 2 and "give --armor or --jacket, not both" in r.stderr


def test_a_hand_set_shield_outside_the_hands_fails_validate(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Riot shield", ok=True)
    r = camp("set", "-s", "sk", "crew.Ray.physical_shield", '{name = "Riot shield", armor = 1}')
    assert r.exit_code == 2
    assert 'state.crew.Ray.physical_shield.name = "Riot shield" is not held in a hand (L: empty, R: empty)' in r.stderr


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
                name = str(font.get("/BaseFont", "/Helvetica"))[1:]
                seen.append((x, stringWidth(s.strip(), name, size * (abs(tm[0] * cm[0]) or 1)), s.strip()))

        page.extract_text(visitor_text=visit)
        for x, sw, s in seen:
            assert x >= MARGIN - 1 and x + sw <= w - MARGIN + 1, (paper, s)
    blank = tmp_path / "b.pdf"
    camp("sheet", "kraken", "-o", str(blank), ok=True)
    crew = next(p.extract_text() for p in PdfReader(str(blank)).pages if "CREW MEMBER" in p.extract_text())
    assert "Physical Shield (in a hand)" in crew and "one helmet and one physical Shield (held in a" in crew
