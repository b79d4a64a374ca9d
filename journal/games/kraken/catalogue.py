"""The Ship Systems catalogue (templates/kraken/catalogue.toml, rulebook chapter 11).

Loaded on first use and kept for the process; the CLI passes it to the rules functions
that price or weigh systems, so the rules stay free of I/O.
"""

from __future__ import annotations

from journal.errors import InputError
from journal.hints import cmd, say
from journal.lookup import find as lookup

CATEGORIES = ("standard", "hull", "shield", "weapon")
CATEGORY_TEXT = {"standard": "Standard systems", "hull": "Hull, armor and structure",
                 "shield": "Shields", "weapon": "Weapons"}
AMMO = "Ammo"  # a ship magazine for one weapon type: {system = "Ammo", for = "Missile"}

_CACHE: dict = {}


def load() -> dict:
    """{name: {category, price, effect, ...}} in the order of the book."""
    if "systems" not in _CACHE:
        from journal import templates

        _CACHE["systems"] = templates.load("kraken", "catalogue.toml")["systems"]
    return _CACHE["systems"]


def half_up(n: int) -> int:
    """Rules note K14: halves of odd numbers round up (7/2 → 4, 15/2 → 8)."""
    return -(-n // 2)


def find(cat: dict, name: str) -> str:
    """The catalogue name the player typed (in any case, the command's reading), or 'Ammo:Weapon'."""
    text = str(name).strip()
    head, sep, tail = text.partition(":")
    if sep and head.strip().casefold() == AMMO.casefold():
        return known(cat, f"{AMMO}:{find(cat, tail)}")
    try:
        return lookup(cat, text, "Ship System")
    except InputError:
        raise _not_in(cat, text) from None


def known(cat: dict, name: str) -> str:
    """A catalogue name as the command found it: a system, or the magazine 'Ammo:Weapon' of a
    weapon with Ammo; anything else is refused."""
    head, sep, weapon = name.partition(":")
    if sep and head == AMMO and weapon in cat:
        if cat[weapon]["category"] != "weapon" or "ammo" not in cat[weapon]:
            with_ammo = ", ".join(n for n, v in cat.items() if v.get("ammo"))
            raise InputError(f"'{weapon}' has unlimited Ammo: ship magazines are for {with_ammo}")
        return name
    if name not in cat:
        raise _not_in(cat, name)
    return name


def _not_in(cat: dict, text: str) -> InputError:
    return InputError(say(f"'{text}' is not a Ship System of the catalogue: see `", cmd("kraken ship catalogue"),
                          f"` (e.g. {', '.join(list(cat)[:4])} …; ship ammo as \"Ammo:Missile\")"))


def price(cat: dict, name: str) -> int:
    """A system's price; a ship magazine costs half its weapon's (rounded up, K14)."""
    if name.startswith(AMMO + ":"):
        return half_up(cat[name[len(AMMO) + 1:]]["price"])
    return cat[name]["price"]


def entry_name(entry: dict) -> str:
    """A ship's system entry ({system, for?}) as a catalogue name."""
    if entry.get("system") == AMMO:
        return f"{AMMO}:{entry.get('for', '')}"
    return entry.get("system", "")
