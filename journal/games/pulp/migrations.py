"""Pulp Invasion: the save format's version and how an older save is brought up to it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from journal.errors import JournalError
from journal.games.pulp.rules.components import ENGAGED
from journal.games.pulp.rules.model import line_icon

SCHEMA_VERSION = 2


def drop_derived(state: dict) -> dict:
    """Schema 1 → 2: a line card no longer stores its `engage_strength` and `engage_icon`, which
    are derived from the printed cards and the line (rules note P2; `public_state` shows them). An
    engaged card whose stored icon is not the line's keeps it as `icon_override`: a card's text
    set it (--icon), and nothing else records that."""
    line = state.get("line") if isinstance(state, dict) else None
    if not isinstance(line, list):
        return state
    cards = [dict(c) if isinstance(c, dict) else c for c in line]
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        card.pop("engage_strength", None)
        stored = card.pop("engage_icon", None)
        if stored is None or card.get("status") != ENGAGED:
            continue
        try:
            derived = line_icon(cards, i)
        except (JournalError, KeyError, TypeError, AttributeError):
            derived = None  # a damaged line: keep what the player had; validate names the damage
        if stored != derived:
            card["icon_override"] = stored
    return {**state, "line": cards}


MIGRATIONS: Mapping[int, Callable[[dict], dict]] = {1: drop_derived}  # {from_version: fn(state) -> state}
