"""Invader abilities applied: the effect vocabulary (effects.py) as it triggers.

Terrestrial when destroyed, Mechanical when a Titan enters its city, Amphibious when a
Titan attacks in its city, Flying when it invades a city. The players' choices an
effect needs (an adjacent city, Tech Cards to disable) come with the command, found by
name in the save; a missing one is asked for (NeedChoice, which names the option).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.titans.rules.board import invaders_at, neighbours, titans_at
from journal.games.titans.rules.model import (
    CHARGES_MAX, CITY_LABEL, MECHANICAL, OVER, SUPPORT_HP, TRIGGER, category, stats, tier_word,
)
from journal.games.titans.rules.trackers import damage_city, damage_titan, move_threat
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State, Titan


def _ability_line(state: State, pid: str, when: str) -> str:
    st = stats(state, pid)
    cat = category(state, pid)
    text = f": {st['ability']}" if st["ability"] else ""
    return (f"{pid}'s {cat.capitalize()} ability triggers ({when}): read the {tier_word(st['section'])} "
            f"section of its card{text}")


def player_picks(adjacent=(), disable=()) -> dict:
    """The players' choices an ability may need: an adjacent city, Tech Cards to disable."""
    return {"adjacent": [a for a in adjacent if a and a.strip()], "disable": [d for d in disable if d and d.strip()]}


def refuse_unused_picks(picks: dict) -> None:
    """A choice no ability asked for is refused (a typo would otherwise vanish)."""
    if picks["adjacent"]:
        raise InputError(f"no invader ability here damages an adjacent city ({picks['adjacent'][0]} was chosen)")
    if picks["disable"]:
        raise InputError(f"no invader ability here disables a Tech Card ({picks['disable'][0]} was chosen)")


def trigger(s: State, pid: str, loc, lines: list[str], titan: str | None = None, picks: dict | None = None,
             apply: bool = True) -> dict:
    """An invader's special ability triggers: name it (the section in force, T2) and apply its
    effect, if its card has one; otherwise it stays a reminder for the table."""
    cat = category(s, pid)
    st = stats(s, pid)
    lines.append(_ability_line(s, pid, TRIGGER[cat]))
    record = {"invader": pid, "category": cat, "section": st["section"], "ability": st["ability"],
              "effect": st["effect"], "applied": bool(st["effect"])}
    if not st["effect"]:
        if st["ability"]:
            lines.append(f"({pid}'s ability has no effect journal applies: resolve it by hand.)")
    elif apply:
        apply_effect(s, pid, st["effect"], loc, lines, titan, picks)
    return record


def apply_effect(s: State, pid: str, eff: dict, loc, lines: list[str], titan: str | None,
                 picks: dict | None) -> None:
    """Apply an effect (effects.KEYS) at `loc`: its city and the one next to it, the Supports
    there, the Titans there and the triggering Titan, THREAT. Stops as soon as the game is lost."""
    picks = picks if picks is not None else player_picks()
    why = f"{pid}'s ability"
    for part in (_on_cities, _on_supports, _on_titans, _on_threat):
        if s["phase"] != OVER:
            part(s, eff, loc, lines, why, titan, picks)


def _on_cities(s: State, eff: dict, loc, lines: list[str], why: str, titan: str | None, picks: dict) -> None:
    """`city`: damage to its city; `adjacent`: to one standing city next to it, the players' pick."""
    city = loc[1] if loc is not None and loc[0] == "city" else None
    if eff.get("city"):
        if city:
            damage_city(s, city, eff["city"], lines, f"damage ({why})")
        else:
            lines.append(f"{why} damages its city: there is none on the {loc[1]} Rift, so the damage is lost.")
    if eff.get("adjacent") and s["phase"] != OVER:
        if city is None:
            lines.append(f"{why} damages a city next to its own: there is none by the {loc[1]} Rift.")
            return
        near = sorted(c for c in neighbours(s)[city] if not s["cities"][c]["destroyed"])
        target = _pick_adjacent(picks, near, city, why, lines)
        if target:
            damage_city(s, target, eff["adjacent"], lines, f"damage ({why})")


def _on_supports(s: State, eff: dict, loc, lines: list[str], why: str, titan: str | None, picks: dict) -> None:
    """`knock_down` and `supports`: the Supports in its city."""
    city = loc[1] if loc is not None and loc[0] == "city" else None
    if city and eff.get("knock_down"):
        _knock_down(s, city, lines, why)
    if city and eff.get("supports") and s["phase"] != OVER:
        _hit_supports(s, city, eff["supports"], lines, why)


def _on_titans(s: State, eff: dict, loc, lines: list[str], why: str, titan: str | None, picks: dict) -> None:
    """`titans`: every Titan there; `titan`, `charges`, `disable`: the Titan that triggered it."""
    armor = not eff.get("direct", False)
    if eff.get("titans"):
        for name in titans_at(s, loc):
            if s["phase"] != OVER:
                damage_titan(s, name, eff["titans"], lines, f"damage ({why})", armor=armor)
    if titan is None or s["phase"] == OVER or s["titans"][titan]["destroyed"]:
        return
    if eff.get("titan"):
        damage_titan(s, titan, eff["titan"], lines, f"damage ({why})", armor=armor)
    t = s["titans"][titan]
    if eff.get("charges") and not t["destroyed"] and s["phase"] != OVER:
        _move_charges(t, titan, eff["charges"], lines, why)
    if eff.get("disable") and not t["destroyed"] and s["phase"] != OVER:
        _disable_tech(s, titan, eff["disable"], lines, why, picks)


def _move_charges(t: Titan, titan: str, n: int, lines: list[str], why: str) -> None:
    """Each Tech Card of the Titan gains (or loses) n Charges, within 0-3 (T6)."""
    changed = []
    for card, tc in t["tech"].items():
        new = max(0, min(CHARGES_MAX, tc["charges"] + n))
        if new != tc["charges"]:
            tc["charges"] = new
            changed.append(f"{card} {new}/{CHARGES_MAX}")
    verb = "gains" if n > 0 else "loses"
    lines.append(f"Each Tech Card of {titan} {verb} {plural(abs(n), 'Charge')} ({why}): "
                 + (", ".join(changed) if changed else "none changes") + ".")


def _on_threat(s: State, eff: dict, loc, lines: list[str], why: str, titan: str | None, picks: dict) -> None:
    """`threat`, only on a city of the type `threat_if` names when it names one."""
    if not eff.get("threat"):
        return
    city = loc[1] if loc is not None and loc[0] == "city" else None
    cond = eff.get("threat_if")
    if cond and not (city and s["cities"][city]["type"] == cond):
        lines.append(f"THREAT does not move: {why} moves it only on a {CITY_LABEL[cond]}.")
    else:
        move_threat(s, eff["threat"], why, lines)


def _pick_adjacent(picks: dict, near: list[str], city: str, why: str, lines: list[str]) -> str | None:
    """The standing city next to `city` the players picked (or the only one)."""
    if not near:
        lines.append(f"{why}: no standing city is adjacent to {city}, so the damage is lost.")
        return None
    if picks["adjacent"]:
        c = picks["adjacent"].pop(0)
        if c not in near:
            raise RuleError(f"{c} is not a standing city adjacent to {city} ({', '.join(near)}): {why} damages "
                            f"one of those")
        return c
    if len(near) == 1:
        return near[0]
    raise NeedChoice(f"--adjacent CITY is required: {why} damages one city adjacent to {city}: one of "
                     f"{', '.join(near)}", "--adjacent", near, f"{why} damages a city adjacent to {city}: which one?")


def _disable_tech(s: State, titan: str, n: int, lines: list[str], why: str, picks: dict) -> None:
    t = s["titans"][titan]
    enabled = [c for c, tc in t["tech"].items() if not tc["disabled"]]
    k = min(n, len(enabled))
    if k == 0:
        lines.append(f"{why} disables a Tech Card of {titan}: it has no enabled one.")
        return
    chosen: list[str] = []
    while picks["disable"] and len(chosen) < k:
        c = picks["disable"].pop(0)
        if c not in enabled or c in chosen:
            raise RuleError(f"{c} is not an enabled Tech Card of {titan} ({', '.join(enabled)}): {why} disables "
                            f"one of those")
        chosen.append(c)
    rest = [c for c in enabled if c not in chosen]
    if len(chosen) < k:
        if len(rest) != k - len(chosen):
            raise NeedChoice(f"--disable CARD is required: {why} disables {plural(k - len(chosen), 'Tech Card')} "
                             f"of {titan}: one of {', '.join(rest)}", "--disable", rest,
                             f"{why} disables a Tech Card of {titan}: which one?")
        chosen += rest
    for c in chosen:
        t["tech"][c]["disabled"] = True
        lines.append(f"Disable {c} ({titan}, {why}): flip it upside down; it gives no bonus until re-enabled.")


def _knock_down(s: State, city: str, lines: list[str], why: str) -> None:
    for pl in s["players"].values():
        k = 0
        for sp in pl["supports"]:
            if sp["city"] == city and sp["damage"] == 0:
                sp["damage"] = 1
                k += 1
        if k:
            color = pl["color"]
            lines.append(f"Knock down {plural(k, color + ' Support')} in {city} ({why}): lay "
                         f"{'it' if k == 1 else 'them'} down.")
    if not any(sp["city"] == city for pl in s["players"].values() for sp in pl["supports"]):
        lines.append(f"{why} knocks down the Supports in {city}: there are none.")


def _hit_supports(s: State, city: str, n: int, lines: list[str], why: str) -> None:
    hit = False
    for p, pl in s["players"].items():
        kept, down, gone = [], 0, 0
        for sp in pl["supports"]:
            if sp["city"] != city:
                kept.append(sp)
                continue
            hit = True
            sp["damage"] += n
            if sp["damage"] >= SUPPORT_HP:
                gone += 1
            else:
                down += 1
                kept.append(sp)
        pl["supports"] = kept
        color = pl["color"]
        if gone:
            lines.append(f"{plural(gone, color + ' Support')} in {city} {'is' if gone == 1 else 'are'} destroyed "
                         f"({why}): return {'it' if gone == 1 else 'them'} to {p}.")
        if down:
            lines.append(f"{plural(down, color + ' Support')} in {city} {'is' if down == 1 else 'are'} knocked "
                         f"down ({why}).")
    if not hit:
        lines.append(f"{why} damages every Support in {city}: there are none.")


def titan_enters(s: State, loc, lines: list[str], titan: str | None = None, picks: dict | None = None) -> list[dict]:
    """A Titan enters a city (or a guarded rift, whose guardians are "played as if they are
    occupying the same city"): the Mechanical invaders there trigger."""
    if isinstance(loc, str):
        loc = ("city", loc)
    out = []
    for pid in invaders_at(s, loc):
        if category(s, pid) == MECHANICAL and s["phase"] != OVER:
            if titan is not None and s["titans"][titan]["destroyed"]:
                break
            out.append(trigger(s, pid, loc, lines, titan=titan, picks=picks))
    return out
