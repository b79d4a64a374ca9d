"""Chapter 4 attribute checks (and ch. 13 bulkheads, mines, lasers): the chance before rolling.

Some single-d6 checks fail on a natural 1 whatever the total: the avoid check of a flight
(l.544: "Rolling 1 here is automatically a failure"), a combat objective (l.630: "If you roll
a '1' you have always failed no matter the total result"), an evasion (l.679: "If the die
shows a 1 during this evasion, the attempt will always fail") and a Flank (l.1282: "A '1'
counts as a fail"). A plain attribute check (ch. 4) has no such rule.
"""

from __future__ import annotations

# the check kinds `odds --check` names: whether a 1 on the d6 always fails, and the book's words
CHECK_KINDS = {
    "attribute": (False, "an attribute check"),
    "avoid": (True, "an avoid check: a 1 always fails"),
    "objective": (True, "an objective: a 1 always fails"),
    "evasion": (True, "an evasion: a 1 always fails"),
    "flank": (True, "a Flank: a 1 always fails"),
}
FIXED_TARGETS = {"evasion": 8, "flank": 8}     # l.679 "8+", l.1282 "an Agility Check against 8+"


def check_odds(attribute: int, target: int, dice_count: int = 1, modifier: int = 0, one_fails: bool = False) -> float:
    """P(sum of `dice_count` d6 + attribute + modifier >= target); `one_fails`: a single d6
    showing 1 fails whatever the total."""
    faces: list[tuple[int, ...]]
    if dice_count == 1:
        faces = [(a,) for a in range(1, 7)]
    else:
        faces = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    wins = sum(1 for f in faces if sum(f) + attribute + modifier >= target and not (one_fails and f == (1,)))
    return wins / len(faces)


def check_chance(kind: str, n: int, value: int, label: str, modifier: int = 0,
                 check: str | None = None) -> tuple[list[str], dict]:
    """`odds`: a d6 check (`kind` "target", N the target; `check` its kind, see CHECK_KINDS) or a
    2d6 + Tech check against 10 + N (a bulkhead, mines, a laser barrier). → the lines and data."""
    one_fails, check_text = CHECK_KINDS[check or "attribute"]
    dice_count, goal = (1, n) if kind == "target" else (2, 10 + n)
    p = check_odds(value, goal, dice_count, modifier, one_fails=one_fails)
    dice_text = "d6" if dice_count == 1 else "2d6"
    mod = f" {modifier:+d}" if modifier else ""
    what = {"target": f" ({check_text})" if check else "", "bulkhead": f" (B{n} bulkhead)",
            "mine": f" (M{n} mines)", "laser": f" (L{n} laser)"}[kind]
    lines = [f"{dice_text} + {label} ({value}){mod} >= {goal}{what}: {p:.1%}."]
    data = {"dice": dice_text, "attribute": value, "modifier": modifier, "target": goal, "p": p,
            "check": check or "attribute", "one_fails": one_fails}
    if kind == "bulkhead":
        three = 1 - (1 - p) ** 3
        lines.append(f"Within three attempts (then it locks): {three:.1%}.")
        data["p_three"] = three
    return lines, data
