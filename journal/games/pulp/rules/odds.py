"""The odds of the next draws from the bag (`journal pulp bag --odds N`)."""

from __future__ import annotations

from math import comb

from journal.errors import InputError
from journal.games.pulp.rules.components import COLOURS


def bag_odds(state: dict, draws: int = 1) -> dict:
    """The chance of each colour on the next draw, and of at least one in the next N draws
    (without replacement), with the expected count."""
    bag = state["bag"]
    total = sum(bag.values())
    if not isinstance(draws, int) or draws < 1:
        raise InputError(f"--odds {draws}: the number of draws is 1 or more")
    n = min(draws, total)
    out = {}
    for c in COLOURS:
        k = bag[c]
        nxt = k / total if total else 0.0
        at_least = (comb(total, n) - comb(total - k, n)) / comb(total, n) if total and n else 0.0
        out[c] = {"count": k, "next": nxt, "at_least_one": at_least, "expected": n * k / total if total else 0.0}
    return {"total": total, "draws": draws, "drawn": n, "colours": out}
