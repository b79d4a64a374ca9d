"""The printable pages: filled and blank, A4 and Letter, everything inside the margins."""

from __future__ import annotations

import types

import pytest
from kraken_helpers import ATTRS, CAT, apply, demo_pack, new_state
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from journal.games.kraken import crew, equipment, phases, quests, ship as ship_rules, starmap, story_lines
from journal.pdf import document
from journal.pdf.primitives import MARGIN, PAPERS

GAME = types.SimpleNamespace(ID="kraken", TITLE="Space Kraken")
ODD = 'Bo & "Zoë" <Ω>'


def full_state() -> dict:
    """Six lines (one on STANDBY, one running, one with a note), six locations, four crew."""
    s = new_state("adventurer", lines=("1AA", "3AB", "2HA", "2BC", "3XY", "4ZZ"))
    s["credits"] = 1000
    s = apply(s, ship_rules.ship_hull, name="Rust Petrel & <Co>", price=40, sp=12, expansion_sp=4).state
    for system in ("HyperNavMemory", "Teleporter", "Med Bay", "Storage Expansion", "Primary Shields", "Laser", "Laser",
                   "Armor", "Hull expansion", "Ammo:Torpedo"):
        s = apply(s, ship_rules.ship_buy, system=system, cat=CAT).state
    s = apply(s, ship_rules.ship_system, label="Laser 2", action="damage").state
    for name in ("Ray", "Mila", ODD, "Dax Orr the Unusually Long-Named Mercenary"):
        s = apply(s, crew.crew_add, name=name, attrs=dict(ATTRS), traits=[("Tough", 2), ("Slow", -2)],
                  psi=name == "Mila").state
    for slot in ("L", "R", "1", "2", "3", "4"):
        s = apply(s, equipment.crew_equip, name="Ray", slot=slot, item=f"Very long item name number {slot} + mag").state
    s = apply(s, crew.crew_hp, name=ODD, delta=-8).state
    for i in range(6):
        s = apply(s, starmap.location_add, *([7] * (4 + i)), type="Mining Station" if i % 2 else "Space Station",
                  difficulty=1 + i % 5, ao="NO", ai="YES", depth=4 + i, teleport=2, species="Kraken",
                  special="one-way" if i == 1 else None, roll_maps=True, name="The Very Far Outpost" if i == 2 else None
                  ).state
        s = apply(s, starmap.location_clear, slot=str(i + 1), map_no=1).state
    for q in range(3):
        s = apply(s, quests.quest_add, name=f"Quest {q} <{ODD}>", urgent=q != 1, reward="20 Credits and a map",
                  penalty="Lose 10", penalty_credits=10).state
    s = apply(s, ship_rules.storage, item="Welding device").state
    s = apply(s, ship_rules.storage, item="Spare battery", expansion=True).state
    pack = demo_pack()
    s = apply(s, phases.turn, pack=pack, standby=["2"], skip="3").state   # lines 4-6 are missing from the pack
    s = apply(s, story_lines.line_note, line="1", text="A very long note about the beacon & its <vault>, twice").state
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
    # tracker, ship, one crew profile, SPACE COMBAT, GROUND COMBAT, EXPLORATION, three ruled log pages
    assert pages == 9
    assert "MAP6" in texts[0] and "Map IDs" in texts[0]
    assert "Twin missile" in texts[1] and "NOTES / QUESTS" in texts[1]
    assert "CREW MEMBER" in texts[2] and "Backpack 4" in texts[2] and "COMBAT GEAR" in texts[2]
    assert "SPACE COMBAT" in texts[3] and "TIMELINE" in texts[3] and "OBJECTIVES" in texts[3]
    assert "Safe and Sound" in texts[3] and "Boarding" in texts[3]
    assert "GROUND COMBAT" in texts[4] and "ENEMIES" in texts[4] and "Weak/Res." in texts[4]
    assert "DUNGEON EXPLORATION" in texts[5] and "BULKHEADS" in texts[5] and "TREASURE DROPS" in texts[5]


# --- issue 6: the SPACE COMBAT page, the ground combat sheet, the exploration state -------------------


def adventure_states() -> dict:
    """A space combat mid-way, a dungeon with a ground combat, Treasure drops."""
    from journal.games.kraken.dungeon import hazards, maps, stations
    from journal.games.kraken.space_combat import fire, objectives, page as page_rules, timeline
    from journal.games.kraken import equipment
    from journal.games.kraken.ground_combat import loop, profiles, spawn

    s = full_state()
    s = apply(s, equipment.crew_weapon, name="Ray", spec="Laser gatling (2) 4+, 3x3 A10 RG G4").state
    s = apply(s, equipment.crew_gear, name="Ray", armor=2, shield="B:4/1").state
    space = apply(s, page_rules.combat_start, cat=CAT, enemies=["Mine 3-0, 5, 0-0", "Kraken Frigate 12-6, 6 HE, 5-2",
                                                         "Raider with a very long name 8-5, 4, 3-1"],
                  timeline=["-", "E", "A", "V"], objectives=["T7", "?9"], xp=8, name=ODD).state
    space = apply(space, timeline.combat_timeline, cat=CAT).state
    space = apply(space, objectives.combat_objective, 6, crew=["Ray"]).state
    space = apply(space, fire.combat_fire, 5, cat=CAT, weapons=[("Laser", 1)]).state
    ground = apply(s, maps.dungeon_enter, slot="1", map_no=2).state            # map 1 is cleared: teleport on
    ground = apply(ground, hazards.dungeon_bulkhead, 1, 1, tile="B2", crew="Ray", how="free").state
    ground = apply(ground, stations.dungeon_treasure, tile="T1").state
    ground = apply(ground, spawn.ground_start, 5, 6, 6, 2, tile="E2").state
    ground = apply(ground, profiles.ground_add, label="E1", name="Tunnel <Kraken>", hp=9, armor=1, agility=4,
                   shield="B:2/1", escape=2, treasure=3, xp=5, weak=["fire"], resist=["toxic"],
                   actions=["1: idle", "2-4: ML 4+, 3", "5-6: RG 4+, 2x2"]).state
    ground = apply(ground, profiles.ground_add, label="M1", hp=4, armor=0, agility=3, minion=True).state
    ground = apply(ground, loop.ground_initiative, 6, 1).state
    return {"space": space, "ground": ground}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("which", ["space", "ground"])
def test_adventure_pages_stay_inside_the_margins(tmp_path, paper, which):
    out = tmp_path / "a.pdf"
    pages = document.render_save(GAME, adventure_states()[which], [], out, paper, title="camp", progress=False)
    w, h = PAPERS[paper]
    strings, reader = _strings(out)
    assert len(reader.pages) == pages
    for n, x, y, sw, text in strings:
        assert x >= MARGIN - 1 and x + sw <= w - MARGIN + 1, (paper, n, x, sw, text)
        assert MARGIN - 1 <= y <= h - MARGIN + 1, (paper, n, y, text)


def test_space_combat_page_shows_the_combat(tmp_path):
    out = tmp_path / "s.pdf"
    document.render_save(GAME, adventure_states()["space"], [], out, "a4", title="camp", progress=False)
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    page = next(t for t in texts if "SPACE COMBAT" in t and "TIMELINE" in t)
    assert "COMBAT TURN 1" in page and "Kraken Frigate" in page and "T7" in page and "?9" in page
    assert "Evading" in page and "DESTROYED" in page and "12/12" in page


def test_ground_and_exploration_pages_show_the_fight(tmp_path):
    out = tmp_path / "g.pdf"
    document.render_save(GAME, adventure_states()["ground"], [], out, "a4", title="camp", progress=False)
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    ground = next(t for t in texts if "GROUND COMBAT" in t and "Weak/Res." in t)
    assert "Tunnel <Kraken>" in ground and "2-4: ML 4+, 3" in ground and "Laser gatling" in ground
    explo = next(t for t in texts if "DUNGEON EXPLORATION" in t)
    assert "B2" in explo and "grade" in explo and "MAP1" in explo
