"""journal/games/kraken/sheets/space_combat.py: The SPACE COMBAT form (ch. 10): the flight,
timeline, objectives, enemies, ship and crew."""

from __future__ import annotations

from kraken.kraken_helpers import GAME, adventure_states
from pypdf import PdfReader

from journal.pdf import document


def test_space_combat_page_shows_the_combat(tmp_path):
    out = tmp_path / "s.pdf"
    document.render_save(GAME, adventure_states()["space"], [], out, "a4", title="camp", progress=False)
    texts = [p.extract_text() for p in PdfReader(str(out)).pages]
    page = next(t for t in texts if "SPACE COMBAT" in t and "Timeline" in t)
    assert "COMBAT TURN 1" in page and "Kraken Frigate" in page and "T7" in page and "?9" in page
    assert "Evading" in page and "DESTROYED" in page and "12/12" in page
