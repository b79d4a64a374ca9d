"""Reading what the player types into the values the rules take: abilities (`c`, `Super
Science`), cube and die colours (`k`, `grey`), cube lists (`k,r,o`), payments (`combat=2`),
strength a card's text adds (`1C`), weapon requirements (`r2,b1`), a die (`red:4:2`), a
Captain card's tracks (`4/6`), aliens (`Kah:C`) and places (`weapon:2`). Each error names
the option it was typed with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from journal.errors import InputError, typed
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_MAX, COLOURS, DIE_COLOURS, GRAY, ICON_OF, ICONS, LETTER, QUIETUS, SCIENCE, SHORT, TOTALS,
    DieUse,
)


def ability_name(text: str, option: str = "ABILITY") -> str:
    """combat, science or diplomacy, typed in full, by its first letter or its icon letter."""
    t = str(text).strip().lower()
    for a in ABILITIES:
        if t in (a, a[0], ICON_OF[a].lower()) or (a == SCIENCE and t in ("super science", "super-science")):
            return a
    raise InputError(f"{option} {typed(text)} is not an ability: expected combat, science or diplomacy "
                     f"(or c, s, d)")


def colour_name(text: str, option: str = "CUBE", allowed: tuple[str, ...] = COLOURS) -> str:
    """A cube or die colour, by name or letter (`grey` is gray)."""
    t = str(text).strip().lower()
    c = LETTER.get(t, t)
    if c == "grey":
        c = GRAY
    if c not in allowed:
        shown = ", ".join(f"{SHORT.get(a, a)} ({a})" if a in SHORT else a for a in allowed)
        raise InputError(f"{option} {typed(text)} is not one of {shown}")
    return c


def parse_cubes(text: str, option: str = "--draw") -> list[str]:
    """`k,r,o` (or `kro`, or colour names) → ["black", "red", "orange"]."""
    out = []
    for part in filter(None, (p.strip() for p in str(text).split(","))):
        low = part.lower()
        if low in COLOURS or low in LETTER:
            out.append(LETTER.get(low, low))
        elif all(ch in LETTER for ch in low):
            out.extend(LETTER[ch] for ch in low)
        else:
            raise InputError(f"{option} {typed(text)}: {typed(part)} is not a cube: use r (red), o (orange), "
                             f"b (blue), k (black), y (yellow), w (white), comma-separated, e.g. k,r,o")
    return out


def draws_of(specs: Iterable[str]) -> list[str]:
    """Every --draw, in order: the cubes drawn from the real bag."""
    return [c for spec in specs for c in parse_cubes(spec, "--draw")]


def parse_payment(specs: str | Iterable[str]) -> dict[str, int]:
    """`combat=2,science=2` (several --pay are added up) → {"combat": 2, "science": 2}."""
    pay: dict[str, int] = {}
    for spec in ([specs] if isinstance(specs, str) else specs):
        for part in filter(None, (p.strip() for p in spec.split(","))):
            key, eq, val = part.partition("=")
            if not eq or not val.strip().isdigit():
                raise InputError(f"--pay {typed(spec)}: {typed(part)} should be ABILITY=N, e.g. combat=2,science=2")
            a = ability_name(key, "--pay")
            pay[a] = pay.get(a, 0) + int(val)
    return pay


ADD = re.compile(r"([+-]?)(\d)\s*([CDS])", re.IGNORECASE)  # 0-9, as a card prints an Engage Strength


def parse_add(text: str) -> tuple[int, str]:
    """`1C` (or +1C, -1D) → (1, "C"): engage strength a card's text adds (or removes)."""
    m = ADD.fullmatch(str(text).strip())
    if not m:
        raise InputError(f"--add {typed(text)}: expected a strength 0-9 and an icon, e.g. 1C, 2D or -1S")
    n = int(m.group(2))
    return (-n if m.group(1) == "-" else n), m.group(3).upper()


NEED = re.compile(r"(red|orange|blue|[rob])\s*=?\s*(\d{1,2})", re.IGNORECASE)


def parse_needs(text: str) -> dict[str, int]:
    """`r2,b1` → {"red": 2, "blue": 1}; `none` → {} (usable without being Understood)."""
    t = str(text).strip().lower()
    if t in ("none", "-", "0"):
        return {}
    needs: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in t.split(","))):
        m = NEED.fullmatch(part)
        if not m or int(m.group(2)) < 1:
            raise InputError(f"--needs {typed(text)}: {typed(part)} should be a cube colour and a count: r (red), "
                             f"o (orange) or b (blue), e.g. r2,b1 (or none)")
        c = LETTER.get(m.group(1), m.group(1))
        needs[c] = needs.get(c, 0) + int(m.group(2))
        if needs[c] > TOTALS[c]:
            raise InputError(f"--needs {typed(text)}: the game has {TOTALS[c]} {c} cubes")
    if not needs:
        raise InputError(f"--needs {typed(text)}: expected cube counts such as r2,b1 (or none)")
    return needs


def parse_die(spec: str | None, option: str = "--die") -> DieUse | None:
    """`red` / `red:4` (the face it shows) / `red:4:2` (then turned down to 2); None: no die."""
    if spec is None:
        return None
    parts = [p.strip() for p in str(spec).split(":")]
    if not 1 <= len(parts) <= 3 or not all(p for p in parts):
        raise InputError(f"{option} {typed(spec)}: expected COLOUR[:FACE[:TO]], e.g. red, red:4 or red:4:2")
    colour = colour_name(parts[0], option, DIE_COLOURS)
    nums: list[int | None] = []
    for p in parts[1:]:
        if not p.isdigit() or not 1 <= int(p) <= 6:
            raise InputError(f"{option} {typed(spec)}: a die face is 1-6")
        nums.append(int(p))
    nums += [None] * (2 - len(nums))
    return DieUse(colour, nums[0], nums[1])


TRACK = re.compile(r"\s*(\d{1,2})\s*/\s*(\d{1,2})\s*|\s*(\d{1,2})\s*")


def parse_track(text: str, option: str) -> tuple[int, int]:
    """`4/6` (the Captain card's setup value and maximum; `4`: both) → (4, 6), in range."""
    m = TRACK.fullmatch(text)
    if not m:
        raise InputError(f"{option} {typed(text)}: expected VALUE/MAX from the Captain card, e.g. 4/6")
    value, top = (int(m.group(3)), int(m.group(3))) if m.group(3) is not None else (int(m.group(1)), int(m.group(2)))
    if not 1 <= top <= ABILITY_MAX:
        raise InputError(f"{option} {value}/{top}: the maximum is 1-{ABILITY_MAX}")
    if not 0 <= value <= top:
        raise InputError(f"{option} {value}/{top}: the starting value is 0-{top} (at most the maximum)")
    return value, top


def parse_face(spec: str) -> tuple[str, int]:
    """`gray=3`: a chosen die's starting face."""
    colour, eq, face = spec.partition("=")
    if not eq or not face.strip().isdigit():
        raise InputError(f"--face {typed(spec)}: expected COLOUR=FACE, e.g. gray=3")
    c = colour_name(colour, "--face", DIE_COLOURS)
    if not 1 <= int(face) <= 6:
        raise InputError(f"--face {c}={int(face)}: a die face is 1-6")
    return c, int(face)


def parse_alien(spec: str) -> tuple[str, str | None]:
    """`Kah:C` → ("Kah", "C"): an alien and its icon; `quietus`, in any case, is The Quietus."""
    name, sep, icon = spec.rpartition(":")
    if sep and icon.strip().upper() in ICONS and name.strip():
        name, shown = name.strip(), icon.strip().upper()
    else:
        name, shown = spec.strip(), None
    if not name:
        raise InputError("--hegemony: an alien's name is empty")
    return (QUIETUS if name.casefold() in ("the quietus", "quietus") else name), shown


def place_of(text: str, option: str) -> tuple[str, int | None]:
    """bag, supply, quietus or weapon:N."""
    t = text.strip().lower()
    head, sep, num = t.partition(":")
    if head in ("bag", "supply", "quietus") and not sep:
        return head, None
    if head == "weapon" and sep and num.isdigit():
        return "weapon", int(num)
    raise InputError(f"{option} {typed(text)}: expected bag, supply, quietus or weapon:N")
