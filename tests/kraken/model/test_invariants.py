"""journal/games/kraken/model/invariants.py: the rules' invariants of a well-typed state, each
naming its key."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import explorer

from journal.games.kraken.schema import validate


@pytest.mark.parametrize("key, entry", [("resolved", "x"), ("resolved", "1:"), ("resolved", "M:1"),
                                        ("disabled", "1:L1:laser:x"), ("bosses", "1:B1:boss")])
def test_check_names_a_dungeon_tile_that_is_not_map_tile_what(key, entry):
    """Issue 21: `[state.dungeon] resolved = ["x"]` passed `check`, and `pdf` crashed in the
    exploration sheet: an entry is MAP:TILE (with what happened there: MAP:TILE:WHAT)."""
    s = explorer()
    assert validate(s) == []
    s["dungeon"][key] = [entry]
    assert any(p.startswith(f'state.dungeon.{key}[0] = "{entry}": a tile is written MAP:TILE') for p in validate(s)), \
        validate(s)
    s["dungeon"][key] = ["1:M"] if key != "disabled" else ["1:D:disruptor"]
    assert validate(s) == []
