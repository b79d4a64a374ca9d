"""THREAT and damage: the trackers every phase moves, and the end of the game (`end_game`;
whether it is over, `result`, is the model's: model.py).

The Alert Token (T1/T4: 21 loses at once), City Damage (T6: destroyed at HP, THREAT
+1/+2), Titan damage (Armor; destroyed at HP, THREAT +1) and Supports (2 HP each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.titans.rules.model import (
    CITY_HP, CITY_LABEL, CITY_THREAT, OVER, RED, SUPPORT_HP, THREAT_MAX, episodes_to_draw, tier, tier_word,
)
from journal.hints import cmd, say
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def end_game(s: State, result: str, reason: str, lines: list[str]) -> None:
    """The game is over (T7): won, or lost (T1: THREAT 21; a card's text)."""
    s["phase"] = OVER
    s["invasions"] = 0
    s["result"] = result
    s["reason"] = reason
    if result == "won":
        lines.append(f"The players have won: {reason}.")
    else:
        lines.append(f"The game is over and the players have lost: {reason}.")


def move_threat(s: State, delta: int, why: str, lines: list[str], value: int | None = None) -> None:
    """Move the Alert Token (T1/T4), clamped to 0..21; reaching 21 loses at once (T1, T7)."""
    if s["phase"] == OVER:
        return
    before = s["threat"]
    target = value if value is not None else before + delta
    after = max(0, min(THREAT_MAX, target))
    s["threat"] = after
    capped = "" if after == target else f", capped at {after}"
    if after > before:
        lines.append(f"THREAT {before} → {after} ({why}{capped}): move the Alert Token up.")
    elif after < before:
        lines.append(f"THREAT {before} → {after} ({why}{capped}): move the Alert Token down.")
    else:
        lines.append(f"THREAT stays at {after} ({why}{capped}).")
    if after == THREAT_MAX:
        end_game(s, "lost", "THREAT reached the sixth, numberless Red step", lines)
        return
    now = tier(after)
    if now != tier(before):
        n = episodes_to_draw(s)
        lines.append(f"The Alert Token is in the {tier_word(now)} tier: use the {tier_word(now)} "
                     f"section of the Invader Cards; {plural(n, 'Episode Card')} per Opening Phase"
                     + (" (Invaders are immune to Attack Tags now)." if now == RED else "."))


def damage_city(s: State, city: str, n: int, lines: list[str], why: str) -> int:
    """Damage a city (T6): never below 0, destroyed when damage reaches HP (THREAT +1/+2)."""
    c = s["cities"][city]
    hp = CITY_HP[c["type"]]
    if c["destroyed"] or n <= 0:
        if c["destroyed"] and n > 0:
            lines.append(f"{city} is already destroyed: the {why} is lost.")
        return 0
    dealt = min(n, hp - c["damage"])
    c["damage"] += dealt
    lines.append(f"{city} takes {dealt} {why}: put {plural(dealt, 'City Damage Token')} on it "
                 f"({c['damage']}/{hp}).")
    if c["damage"] >= hp:
        c["destroyed"] = True
        lines.append(f"{city} is destroyed: put a City Destroyed Token on it.")
        move_threat(s, CITY_THREAT[c["type"]], f"{CITY_LABEL[c['type']]} destroyed", lines)
    return dealt


def damage_titan(s: State, name: str, n: int, lines: list[str], why: str, armor: bool = True) -> int:
    """Damage a Titan: Armor prevents up to its value (per damage); destroyed at HP."""
    t = s["titans"][name]
    if t["destroyed"] or n <= 0:
        return 0
    prevented = min(t["armor"], n) if armor else 0
    dealt = min(n - prevented, t["hp"] - t["damage"])
    t["damage"] += dealt
    shield = f" (Armor prevents {prevented})" if prevented else ""
    if dealt:
        lines.append(f"{name} suffers {n} {why}{shield}: put {plural(dealt, 'Titan Damage Token')} on its sheet "
                     f"({t['damage']}/{t['hp']}).")
    else:
        lines.append(f"{name} suffers {n} {why}, all prevented by its Armor ({t['damage']}/{t['hp']}).")
    if t["damage"] >= t["hp"]:
        _destroy_titan(s, name, lines)
    return dealt


def _destroy_titan(s: State, name: str, lines: list[str]) -> None:
    """A destroyed Titan: off the board, Tech Cards disabled, pilot die, THREAT +1 (T4)."""
    t = s["titans"][name]
    t["destroyed"] = True
    t["damage"] = t["hp"]
    t["destroyed_turn"] = s["turn"]
    for r in s["rifts"].values():
        if r.get("challenger") == name:
            del r["challenger"]
            r.pop("trial_turn", None)
            r["trial"] = "revealed"
    t.pop("city", None)
    t.pop("rift", None)
    for tc in t["tech"].values():
        tc["disabled"] = True
    lines.append(f"{name} is destroyed: remove its miniature from the board and flip its Tech Cards "
                 f"upside down (disabled).")
    if "pilot" in t:
        t["pilot_check"] = True
        lines.append(say(f"Roll one die for {t['pilot']}: on the red symbol the pilot dies (",
                         *pilot_check_hints(name), ")."))
    lines.append(say(f"Next turn, after the Episode Card, {name} re-enters with 1 Hit Point on a city with no "
                     f"Invader (", cmd("titans reenter", name, "CITY"), ")."))
    move_threat(s, 1, f"{name} destroyed", lines)


def pilot_check_hints(titan: str) -> list:
    """What the pilot's die shows, as commands: the red symbol, or another."""
    return [cmd("titans pilot-check", titan, red=True), " or ", cmd("titans pilot-check", titan, not_red=True)]


def damage_supports(s: State, player: str, city: str, n: int, lines: list[str], why: str) -> int:
    """Supports soak damage (T6: 2 HP each): a knocked-down one takes the next point."""
    sups = s["players"][player]["supports"]
    dealt = 0
    color = s["players"][player]["color"]
    while n > 0:
        here = [i for i, sp in enumerate(sups) if sp["city"] == city]
        if not here:
            break
        i = max(here, key=lambda k: sups[k]["damage"])   # finish a knocked-down support first
        sups[i]["damage"] += 1
        n -= 1
        dealt += 1
        if sups[i]["damage"] >= SUPPORT_HP:
            del sups[i]
            lines.append(f"A {color} Support in {city} is destroyed ({why}): return it to {player}.")
        else:
            lines.append(f"A {color} Support in {city} takes 1 damage ({why}): lay it down.")
    return dealt
