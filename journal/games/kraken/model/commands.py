"""The commands several chapters name in their hints, as values (journal.hints): written once.

A hint names whole commands, one per alternative: `combat_ends()` is `journal kraken combat end
won`, `... retreated` and `... lost`, never `won|retreated|lost`.
"""

from __future__ import annotations

from journal.hints import Hint, Text, cmd, say


def location_add() -> Hint:
    """Ch. 12: a Location rolled by hand from the book, its values as the Starmap Locations Log shows them."""
    return cmd("kraken location add", type_="TYPE", difficulty="N", ao="ATMOSPHERE", ai="ATMOSPHERE", depth="N",
               teleport="N", species="SPECIES")


def location_generate() -> Hint:
    return cmd("kraken location generate", generator="FILE")


def either(*hints: Hint, last: str = " or ") -> Text:
    """`a, b or c`: alternatives, each a whole command."""
    parts: list[object] = []
    for i, hint in enumerate(hints):
        if i:
            parts.append(last if i == len(hints) - 1 else ", ")
        parts.append(hint)
    return say(*parts)


def combat_ends() -> Text:
    """Ch. 10: a Space Combat ended by hand."""
    return either(*(cmd("kraken combat end", result) for result in ("won", "retreated", "lost")))


def ground_ends() -> Text:
    """Ch. 14: a Ground Combat ended by hand."""
    return either(*(cmd("kraken ground end", result) for result in ("won", "escaped")))


def crew_add() -> Hint:
    """3.4: a crew member and the six attributes of their profile."""
    return cmd("kraken crew add", "NAME", agility="N", strength="N", tech="N", charisma="N", ranged="N", melee="N")


def objectives_or_fire() -> Text:
    """10 (2), (3): objectives and repairs, or fire."""
    return say("objectives and repairs (", cmd("kraken combat objective", crew="NAME"), ", ",
               cmd("kraken combat repair", "SYSTEM", crew="NAME"), "), or fire (", cmd("kraken combat fire", "WEAPON"),
               ")")


def board_escape_or_recharge() -> Text:
    """10 (5)-(7): after the enemy fire."""
    return say("board an enemy (", cmd("kraken combat board", "N", crew="NAME"), "), try to escape (",
               cmd("kraken combat escape"), ") or recharge (", cmd("kraken combat recharge"), ")")
