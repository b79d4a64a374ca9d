"""A War With the Evil Power Master state to test the rules on, and dice that show given faces."""

from __future__ import annotations

import copy

from journal.dice import Dice
from journal.games.epm import rules


def fresh(**kw) -> dict:
    """Ana (piloting +1, diplomacy -1), Bo (strength +1) and Cy, exploring Zorb (blue); Kell (pink)
    and Vex (yellow) face down."""
    chars = kw.pop("characters", [("Ana", {"piloting": 1, "diplomacy": -1}), ("Bo", {"strength": 1}), ("Cy", {})])
    planets = kw.pop("planets", [("Zorb", "blue"), ("Kell", "pink"), ("Vex", "yellow")])
    return rules.new(chars, planets, kw.pop("at", "Zorb"), **kw).state


def dice(*values) -> Dice:
    return Dice(1, 0, list(values))


def with_items(state, **items) -> dict:
    s = copy.deepcopy(state)
    s["items"].update(items)
    return s


def en_route(state=None) -> dict:
    """After The End on the current planet (Zorb's disc discarded)."""
    return rules.the_end(state or fresh(), dice()).state


JET = {"owner": "Ana", "kind": "booster", "type": "piloting", "effect": "+2"}
TWICE = {"owner": "Bo", "kind": "booster", "type": "strength", "effect": "twice"}
