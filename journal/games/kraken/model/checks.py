"""The checks of the story lines, flights and Space Combat whose odds journal knows as they are
made (the play report's luck audit, journal/history.py's `recorded_checks`): each is kept in its
command's log entry, `meta={"checks": [...]}`, with the chance journal computed before the die
(the d6 checks by journal/games/kraken/odds.py).
"""

from __future__ import annotations

from journal.games.kraken.odds import check_odds

D20 = 20


def check(kind: str, chance: float, success: bool) -> dict:
    """One check as the log keeps it: its kind ("evasion"), the chance of success, whether it succeeded."""
    return {"kind": kind, "chance": round(min(1.0, max(0.0, chance)), 6), "success": bool(success)}


def d6_chance(total: int, target: int, one_fails: bool = True) -> float:
    """P(d6 + total >= target); `one_fails`: a 1 on the die always fails (objectives, repairs,
    evasion, the avoid check)."""
    if one_fails:
        target = max(target, total + 2)
    return check_odds(total, target)


def d20_chance(total: int, target: int) -> float:
    """P(d20 + total >= target): the CGM's random switch (%N), an escape."""
    return min(D20, max(0, D20 + 1 - (target - total))) / D20


def with_checks(meta: dict, checks: list[dict]) -> dict:
    """An Outcome's meta with these checks added (none: unchanged)."""
    return {**meta, "checks": [*meta.get("checks", []), *checks]} if checks else meta
