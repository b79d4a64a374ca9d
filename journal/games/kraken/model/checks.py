"""The checks whose odds journal knows as they are made, for the play report's luck audit
(journal/history.py's `recorded_checks`): each is kept in its command's log entry,
`meta={"checks": [...]}`, with the chance journal computed before the die (the d6 checks by
journal/games/kraken/odds.py).
"""

from __future__ import annotations

from journal.games.kraken.odds import check_odds

D20 = 20


def check(kind: str, chance: float, success: bool) -> dict:
    """One check as the log keeps it: its kind ("evasion"), the chance of success, whether it succeeded."""
    return {"kind": kind, "chance": round(min(1.0, max(0.0, chance)), 6), "success": bool(success)}


def d6_chance(total: int, target: int, one_fails: bool = False, dice_count: int = 1) -> float:
    """P(d6 + total >= target) (2d6 with `dice_count=2`); `one_fails`: a 1 on the die always fails
    (a hit roll, a Flank, objectives, repairs, evasion, the avoid check)."""
    if one_fails and dice_count == 1:
        target = max(target, total + 2)  # a 1 never reaches it
    return check_odds(total, target, dice_count)


def d20_chance(total: int, target: int) -> float:
    """P(d20 + total >= target): the CGM's random switch (%N), an escape."""
    return min(D20, max(0, D20 + 1 - (target - total))) / D20


def hit_chance(need: int, reroll: bool = False) -> float:
    """A hit die: d6 >= need, a 1 always misses; `reroll`: a failed die may be rolled again."""
    p = d6_chance(0, need, one_fails=True)
    return p + (1 - p) * p if reroll else p


def opposed_chance(mine: int, theirs: int) -> float:
    """P(d6 + mine >= d6 + theirs): an initiative check (a draw goes to the crew)."""
    return sum(check_odds(mine, theirs + r) for r in range(1, 7)) / 6


def with_checks(meta: dict, checks: list[dict]) -> dict:
    """An Outcome's meta with these checks added (none: unchanged)."""
    return {**meta, "checks": [*meta.get("checks", []), *checks]} if checks else meta
