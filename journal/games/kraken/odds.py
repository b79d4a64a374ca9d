"""Chapter 4 attribute checks (and ch. 13 bulkheads, mines, lasers): the chance before rolling."""

from __future__ import annotations


def check_odds(attribute: int, target: int, dice_count: int = 1, modifier: int = 0) -> float:
    """P(sum of `dice_count` d6 + attribute + modifier >= target)."""
    faces: list[tuple[int, ...]]
    if dice_count == 1:
        faces = [(a,) for a in range(1, 7)]
    else:
        faces = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    wins = sum(1 for f in faces if sum(f) + attribute + modifier >= target)
    return wins / len(faces)
