"""The Spaceship page (chapter 11): a very long storage or quest list goes on to the next page with
a "continued on page N" line, nothing cut or dropped (issue 27 §3)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import GAME, full_state
from pypdf import PdfReader

from journal.pdf import document


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_storage_and_quests_continue_on_the_next_page(tmp_path, paper):
    s = full_state()
    s["storage"] = [f"Crate of spare parts number {k} with a rather long description" for k in range(1, 61)]
    s["quests"] = {f"Quest {k}: deliver the ore to the far station": {
        "urgent": k % 2 == 0, "ticks": k % 4, "reward": f"{k * 10} credits and a favour from the guild",
        "penalty": "lose the guild's trust"} for k in range(1, 36)}
    s["builds"] = {"Med Bay": {"crew": ["Ray"], "due": 4, "cost": 20, "discount": 0}}
    out = tmp_path / "s.pdf"
    document.render_save(GAME, s, [], str(out), paper, title="camp", progress=False)
    pages = [p.extract_text() for p in PdfReader(str(out)).pages]
    ship = next(k for k, text in enumerate(pages) if "SPACESHIP: " in text)
    assert "Storage and quests continued on page" in pages[ship]
    assert "Storage (continued)" in pages[ship + 1] and "Notes / Quests (continued)" in pages[ship + 1]
    text = " ".join(" ".join(p.split()) for p in pages)
    for k in range(1, 61):
        assert f"number {k} with a rather long description" in text, k
    for k in range(1, 36):
        assert f"Quest {k}: deliver the ore to the far station" in text, k
    assert "Construction (Phase 2" in text and "Med Bay" in text and "\u2026" not in text
