"""Pulp Invasion's printable pages: filled and blank, A4 and Letter, everything inside the margins."""

from __future__ import annotations

import types

import pytest
from pulp.pulp_helpers import cards
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.dice import Dice
from journal.games import pulp as game
from journal.games.pulp.rules import components, encounter, engage, planet_search, round_end, setup_game, super_weapons
from journal.pdf import document
from journal.pdf.primitives import MARGIN, PAPERS


GAME = types.SimpleNamespace(ID="pulp", TITLE="Pulp Invasion")


ENTRIES = [{"n": 1, "time": "2026-01-01T10:00:00Z", "kind": "new", "command": "pulp new x",
            "summary": "Pulp Invasion (normal) begins", "turn": "Setup", "rolls": []}]


def played(captain="Mina Tormelson", aliens=("The Quietus", "Kah", "Zorn")) -> dict:
    """A game in its second round: a weapon Understood, one waiting, cubes on The Quietus, a hand."""
    d = Dice(3, 0)
    s = setup_game.new(d, "normal", captain, {"combat": (5, 6), "science": (4, 5), "diplomacy": (4, 5)},
                       ["red", "blue", "gray"], {"gray": 2},
                       [(a, "C" if i == 1 else None) for i, a in enumerate(aliens)]).state
    s = encounter.begin_round(s, d, "Mars", cards(["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"])).state
    s = engage.engage(s, d, 1).state
    s = engage.engage(s, d, 2, die=("blue", None, None), pay={"diplomacy": 2}).state
    s = engage.engage(s, d, 3, die=("red", None, None)).state
    s = planet_search.search(s, Dice(3, 0, draws=["yellow", "red", "black", "yellow"])).state
    s = super_weapons.weapon(s, d, 1, needs={"red": 1}, name="Zeta Ray").state
    s = super_weapons.weapon(s, d, 2, needs={"orange": 2, "blue": 1}, name="Gravity Lance").state
    s = planet_search.assign(s, d, "red", weapon=1).state
    s = round_end.end_round(s, d).state
    s = encounter.begin_round(s, d, "Vega IV", cards(["A2D.k.P", "G0S.w", "ES.y.PP", "G1C.o.O"])).state
    s = engage.engage(s, d, 1, pay={"science": 2}).state
    assert game.validate(s) == []
    return s


def strings(path) -> list[dict]:
    """Every string shown on the pages with its page, position, font and size."""
    out = []
    for index, page in enumerate(PdfReader(str(path)).pages):
        def visit(t, cm, tm, font, size, index=index):
            t = t.strip("\n")
            if not t.strip() or not font:
                return
            x = tm[4] * cm[0] + cm[4]
            y = tm[5] * cm[3] + cm[5]
            name = str(font.get("/BaseFont", "/Helvetica"))[1:].split("+")[-1]  # an embedded subset: AAAAAA+Name
            out.append({"page": index, "text": t, "x": x, "y": y, "size": size * cm[0],
                        "width": stringWidth(t, name, size) * cm[0]})
        page.extract_text(visitor_text=visit)
    return out


def render(tmp_path, state, paper, blank=False):
    out = tmp_path / f"{paper}{'-blank' if blank else ''}.pdf"
    if blank:
        pages = document.render_blank(GAME, out, paper)
    else:
        pages = document.render_save(GAME, state, ENTRIES, out, paper, "my game", False)
    return out, pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("blank", [False, True])
def test_tracker_pages_stay_inside_the_margins(tmp_path, paper, blank):
    out, pages = render(tmp_path, played(), paper, blank)
    assert pages == (2 + 3 if blank else 2 + 1)    # two tracker pages, then the log
    w, h = PAPERS[paper]
    items = [d for d in strings(out) if d["page"] < 2]
    assert len(items) > 100
    for d in items:
        where = f"page {d['page'] + 1}: {d['text']!r} at ({d['x']:.1f}, {d['y']:.1f})"
        assert d["x"] >= MARGIN - 0.5, where
        assert d["x"] + d["width"] <= w - MARGIN + 0.5, where
        assert d["y"] >= MARGIN - 0.5, where
        assert d["y"] + 0.75 * d["size"] <= h - MARGIN + 0.5, where


def test_the_filled_tracker_shows_the_game(tmp_path):
    out, _ = render(tmp_path, played(), "a4")
    reader = PdfReader(str(out))
    page1, page2 = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    for expected in ("Pulp Invasion", "Player Tracking Card", "Mina Tormelson", "normal (5 weapons)", "Combat",
                     "Super Science", "Diplomacy", "of max 6", "Captain's dice", "Weapons Specialist",
                     "Encounter Line", "A2D.k.P", "ENGAGED", "NEXT", "PENDING", "L.rb", "The bag", "supply",
                     "(", "%"):
        assert expected in page1, expected
    for expected in ("Cosmic Hegemony sectors", "The Quietus", "Kah", "icon: Combat", "deck: 8 of 16 left",
                     "black cubes on it: 1", "Super Weapons", "Zeta Ray", "Gravity Lance", "r1", "o2,b1",
                     "Understood", "G2C.r.PK", "Searched: Mars", "Vega IV", "Rules reminder"):
        assert expected in page2, expected


def test_the_bag_chart_gives_the_odds_of_the_next_draw(tmp_path):
    s = played()
    out, _ = render(tmp_path, s, "a4")
    total = sum(s["bag"].values())
    labels = {d["text"].strip() for d in strings(out) if d["page"] == 0}
    for c in components.COLOURS:
        assert f"{s['bag'][c]} ({s['bag'][c] / total:.0%})" in labels, c


def test_long_names_are_set_smaller_never_cut_nor_spilled(tmp_path):
    s = played(aliens=("The Quietus", "Kah the Unspeakable Devourer of Seventeen Galaxies", "Zorn"))
    s["captain"] = "Captain Maximilian Theodore Featherstonehaugh-Smythe the Third of Vex " * 2
    s["weapons"][0]["name"] = "The Extraordinarily Long-Named Quantum Disintegrator Mk VII" * 2
    s["planets"]["searched"] = [f"Planet {i} with a long name" for i in range(12)]
    out, _ = render(tmp_path, s, "letter")
    w, _h = PAPERS["letter"]
    for d in strings(out):
        assert d["x"] + d["width"] <= w - MARGIN + 0.5, d["text"]
    first = PdfReader(str(out)).pages[0].extract_text()
    assert "\u2026" not in first
    assert s["captain"].strip() in first.replace("\n", " ")


def white_strings(path, page_no: int) -> list[str]:
    """The strings drawn in white (fill grey 1) on a page: text on the black current-value boxes."""
    reader = PdfReader(str(path))
    page = reader.pages[page_no]
    grey, out = 0.0, []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"g":
            grey = float(operands[0])
        elif op in (b"rg", b"k"):
            grey = None
        elif op == b"Tj" and grey == 1:
            raw = operands[0]
            out.append(raw if isinstance(raw, str) else bytes(raw).decode("cp1252"))
    return out


def test_the_current_ability_values_are_white_on_black(tmp_path):
    s = played()
    s["abilities"]["combat"]["value"] = 6   # at its maximum
    s["abilities"]["science"]["value"] = 0
    s["abilities"]["diplomacy"]["value"] = 3
    out, _ = render(tmp_path, s, "a4")
    digits = sorted(t for t in white_strings(out, 0) if t.isdigit())
    assert digits == ["0", "3", "6"]
    blank, _ = render(tmp_path, None, "a4", blank=True)
    assert [t for t in white_strings(blank, 0) if t.isdigit()] == []


def test_the_line_shows_engage_strengths_derived_from_the_cards(tmp_path):
    """The save stores no engage strength or icon: the sheet derives them (rules note P2)."""
    s = played()
    assert not any("engage_strength" in c or "engage_icon" in c for c in s["line"])
    out, _ = render(tmp_path, s, "a4")
    shown = {d["text"].strip() for d in strings(out) if d["page"] == 0}
    for expected in ("Engage: 2 Science", "Engage: 0, evade it", "Engage: no strength", "Engage: 1 Diplomacy"):
        assert expected in shown, expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rules_reminder_goes_to_the_next_page_when_the_notes_leave_it_no_room(tmp_path, monkeypatch, paper):
    """Issue 27 item 3: nothing left out silently. Where the reminder does not fit above the notes,
    the notes keep their page and the reminder comes on the next one."""
    import journal.games.pulp.sheets as sheets

    def text(path) -> str:
        return " ".join(p.extract_text() for p in PdfReader(str(path)).pages)

    out, pages = render(tmp_path, played(), paper)
    assert "Rules reminder" in text(out)
    monkeypatch.setattr(sheets, "notes_height", lambda blank, *a, **k: 10_000)  # no room above the notes
    crowded = tmp_path / "crowded"
    crowded.mkdir()
    out2, pages2 = render(crowded, played(), paper)
    assert "Rules reminder" in text(out2) and len(PdfReader(str(out2)).pages) == len(PdfReader(str(out)).pages) + 1
