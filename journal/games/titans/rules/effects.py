"""The effect vocabulary of invader abilities: what `journal` applies when one triggers.

An invader card's section may carry, beside its `ability` text, an `effect` table made of
the keys below. When the ability triggers (rulebook, "Invader Categories and Special
Abilities": Terrestrial when destroyed, Mechanical when a Titan enters its city,
Amphibious when a Titan attacks in its city, Flying when it invades a city) the effect
is applied; an ability without an effect is only shown, as a reminder to resolve by hand.

"Its city" is the city the invader stands on (a guardian's rift has no city: city
damage there is lost). "The Titan" is the Titan that triggered the ability: the Titan
entering (Mechanical), the attacker (Amphibious), the Titan that destroyed it
(Terrestrial); a Flying invader has none.
"""

from __future__ import annotations

from journal.errors import InputError
from journal.games.titans.rules.model import AMPHIBIOUS, FLYING, METROPOLIS, REFUGE

# key -> (kind, lo, hi, meaning); kind "int" or "bool" or "city type"
KEYS = {
    "city": ("int", 0, 99, "N damage to its city"),
    "adjacent": ("int", 0, 99, "N damage to one city adjacent to its city, chosen by the players (asked for when not given)"),
    "titan": ("int", 0, 99, "N damage to the Titan that triggered it (Armor applies unless direct)"),
    "titans": ("int", 0, 99, "N damage to every Titan in its city (Armor applies unless direct)"),
    "supports": ("int", 0, 99, "N damage to every Support in its city"),
    "knock_down": ("bool", 0, 0, "every standing Support in its city is knocked down (1 damage)"),
    "direct": ("bool", 0, 0, "the Titan damage of this effect ignores Armor"),
    "dice": ("int", -9, 9, "the attacker rolls N more dice (negative: fewer) in its Combat Check (Amphibious)"),
    "charges": ("int", -3, 3, "each Tech Card of the Titan gains N Charges (negative: loses), within 0-3"),
    "disable": ("int", 0, 5, "N Tech Cards of the Titan are disabled, chosen by the players (asked for when not given)"),
    "threat": ("int", -21, 21, "THREAT moves by N"),
    "threat_if": ("city type", 0, 0, "the THREAT change only if its city is a \"refuge\" or a \"metropolis\""),
}
CITY_TYPES = (REFUGE, METROPOLIS)
NEEDS_TITAN = ("titan", "charges", "disable")      # a Flying invader has no triggering Titan


def load(source: str, path: str, value, category: str) -> dict:
    """An `effect` table from an invaders file, checked key by key (one-line errors)."""
    if not isinstance(value, dict):
        raise InputError(f"{source}: {path} should be a table, e.g. {{ city = 1 }} (keys: {', '.join(KEYS)})")
    out: dict = {}
    for k, v in value.items():
        if k not in KEYS:
            raise InputError(f"{source}: {path}.{k} is not a known effect: expected {', '.join(KEYS)}")
        kind, lo, hi, _ = KEYS[k]
        if kind == "bool":
            if not isinstance(v, bool):
                raise InputError(f"{source}: {path}.{k} = {v!r} should be true or false")
            if v:
                out[k] = True
        elif kind == "city type":
            if v not in CITY_TYPES:
                raise InputError(f"{source}: {path}.{k} should be \"refuge\" or \"metropolis\"")
            out[k] = v
        else:
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise InputError(f"{source}: {path}.{k} = {v!r} should be a whole number {lo}..{hi}")
            if v:
                out[k] = v
    problem = mismatch(out, category)
    if problem:
        raise InputError(f"{source}: {path}: {problem}")
    return out


def mismatch(effect: dict, category: str) -> str | None:
    """An effect that cannot apply to this category of invader, or keys that need another key."""
    if category == FLYING:
        bad = [k for k in NEEDS_TITAN if k in effect]
        if bad:
            return (f"{bad[0]} acts on the Titan that triggered the ability, and a Flying invader's ability "
                    f"triggers when it invades (no Titan): use titans (every Titan in its city)")
    if "dice" in effect and category != AMPHIBIOUS:
        return "dice changes the attacker's Combat Check: only an Amphibious ability triggers on an attack"
    if effect.get("direct") and not ("titan" in effect or "titans" in effect):
        return "direct goes with titan or titans (the Titan damage that ignores Armor)"
    if "threat_if" in effect and "threat" not in effect:
        return "threat_if goes with threat"
    return None


def describe(effect: dict) -> str:
    """A short text of an effect, for the sheets and `show`."""
    parts = []
    for k, v in effect.items():
        if k in ("direct", "threat_if"):
            continue
        if KEYS[k][0] == "bool":
            parts.append(k.replace("_", " "))
        elif k in ("dice", "charges", "threat"):
            parts.append(f"{k} {v:+d}")
        else:
            parts.append(f"{k} {v}")
    if effect.get("direct"):
        parts.append("ignores Armor")
    if "threat_if" in effect:
        parts.append(f"THREAT only on a {effect['threat_if']} city")
    return ", ".join(parts)
