"""Paying an engage (rules note P3): each point with the matching ability, or with 2 points of
one other ability; captain's dice add strength against one icon type or against any.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from journal.games.pulp.rules.components import ABILITIES, ABILITY_LABEL

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def covers(need: dict, wild: int, pay: dict) -> bool:
    """P3: does paying `pay` (plus `wild` points of dice strength against any type) meet `need`?
    Each point is paid with the matching ability or with 2 points of one other ability."""
    r = [need.get(a, 0) for a in ABILITIES]
    p = [pay.get(a, 0) for a in ABILITIES]
    for w0 in range(min(wild, r[0]) + 1):
        for w1 in range(min(wild - w0, r[1]) + 1):
            w2 = min(wild - w0 - w1, r[2])
            rest = [r[0] - w0, r[1] - w1, r[2] - w2]
            short = sum(max(0, rest[k] - p[k]) for k in range(3))
            spare = sum(max(0, p[k] - rest[k]) // 2 for k in range(3))
            if short <= spare:
                return True
    return False


def direct_payment(s: State, need: dict, wild: int) -> dict | None:
    """The payment journal proposes without --pay: each point with its matching ability
    (dice 'any' strength placed where it helps), if the abilities can afford it."""
    best = None
    r = [need.get(a, 0) for a in ABILITIES]
    have = [s["abilities"][a]["value"] for a in ABILITIES]
    for w0 in range(min(wild, r[0]) + 1):
        for w1 in range(min(wild - w0, r[1]) + 1):
            w2 = min(wild - w0 - w1, r[2])
            rest = [r[0] - w0, r[1] - w1, r[2] - w2]
            if all(rest[k] <= have[k] for k in range(3)):
                total = sum(rest)
                if best is None or total < best[0]:
                    best = (total, rest)
    if best is None:
        return None
    return {a: best[1][k] for k, a in enumerate(ABILITIES) if best[1][k]}


def payments(s: State, need: dict, wild: int) -> list[dict]:
    """Every payment of `need` the abilities can afford (P3), none paying a point it could keep;
    those that leave two abilities at 0 (and lose the game) only when no other pays. Fewest
    points first."""
    have = [s["abilities"][a]["value"] for a in ABILITIES]
    found = []
    for points in product(*(range(h + 1) for h in have)):
        pay = dict(zip(ABILITIES, points))
        if covers(need, wild, pay) and not any(pay[a] and covers(need, wild, {**pay, a: pay[a] - 1})
                                               for a in ABILITIES):
            found.append({a: n for a, n in pay.items() if n})
    found.sort(key=lambda pay: (sum(pay.values()), pay_text(pay)))
    safe = [pay for pay in found if not would_lose(s, pay)]
    return safe or found


def would_lose(s: State, pay: dict) -> bool:
    return sum(1 for a in ABILITIES if s["abilities"][a]["value"] - pay.get(a, 0) == 0) >= 2


def need_text(rest: dict, wild: int) -> str:
    parts = [f"{n} {ABILITY_LABEL[a]}" for a, n in rest.items() if n]
    text = " + ".join(parts) if parts else "nothing"
    return text + (f" (dice add {wild} against any type)" if wild and parts else "")


def pay_text(pay: dict) -> str:
    return ",".join(f"{a}={n}" for a, n in pay.items() if n) or "nothing"
