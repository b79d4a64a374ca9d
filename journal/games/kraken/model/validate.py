"""The former home of `validate`, kept so that `from journal.games.kraken.model.validate import validate`
still works: the hook is journal/games/kraken/schema.py's (the invariants are model/invariants.py)."""

from __future__ import annotations

from journal.games.kraken.schema import validate

__all__ = ["validate"]
