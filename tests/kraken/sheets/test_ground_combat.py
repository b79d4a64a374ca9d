"""journal/games/kraken/sheets/ground_combat.py: The GROUND COMBAT form (ch. 14): initiative,
combatants, action tables, the damage rules."""

from __future__ import annotations

from kraken.kraken_helpers import GAME, adventure_states
from pypdf import PdfReader

from journal.pdf import document


def test_ground_and_exploration_pages_show_the_fight(tmp_path):
    out = tmp_path / "g.pdf"
    document.render_save(GAME, adventure_states()["ground"], [], out, "a4", title="camp", progress=False)
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    ground = next(t for t in texts if "GROUND COMBAT" in t and "Weak/Res." in t)
    assert "Tunnel <Kraken>" in ground and "2-4: ML 4+, 3" in ground and "Laser gatling" in ground
    explo = next(t for t in texts if "DUNGEON EXPLORATION" in t)
    assert "B2" in explo and "grade" in explo and "MAP1" in explo
