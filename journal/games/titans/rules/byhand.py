"""By hand (A2): what a card's text does that the rules functions do not, logged with
the reason: THREAT, damage, Credits, the Lead Character, an invader pawn, an invader
defeated by a card (O.N.E.'s once-a-game ability), and any value of the save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.titans.rules.board import lair_put, lair_remove, pawn_damage, supports_at
from journal.games.titans.rules.model import (
    CITY_HP, CREDITS_MAX, ENDING, ONE, OVER, SETUP, THREAT_MAX, is_one, rift_of_pawn, stats, tier,
)
from journal.games.titans.rules.phases import refuse_if_final, refuse_if_over
from journal.games.titans.rules.trackers import damage_city, damage_supports, damage_titan, end_game, move_threat
from journal.games.titans.schema import validate
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def threat(state: State, dice: Dice, delta: int | None = None, value: int | None = None, reason: str = "") -> Outcome:
    """A2: THREAT moved by a card's text (0..21; 21 loses, T1); the reason, if given, is said
    with the move (and kept in the log by the runtime)."""
    refuse_if_over(state)
    reason = " ".join((reason or "").split()) or "by hand"
    if state["phase"] == SETUP and (value if value is not None else state["threat"] + (delta or 0)) >= THREAT_MAX:
        raise RuleError(say(f"THREAT {THREAT_MAX} ends the game, and it has not begun: play the Opening Phase first (",
                            cmd("titans opening"), ")"))
    s = copy_state(state)
    lines: list[str] = []
    before = s["threat"]
    move_threat(s, delta or 0, reason, lines, value=value)
    summary = f"THREAT {before} → {s['threat']}" + (" (the game is lost)" if s["phase"] == OVER else "")
    return Outcome(s, summary, lines, {"before": before, "threat": s["threat"], "tier": tier(s["threat"]),
                                       "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})})


def damage(state: State, dice: Dice, n: int, city: str | None = None, titan: str | None = None,
           support: str | None = None, player: str | None = None, direct: bool = False) -> Outcome:
    """A2: damage (or, negative, repair) a city, a Titan or Supports as a card says. Armor
    applies to Titans unless `direct`; destruction and THREAT follow the rules."""
    refuse_if_over(state)
    s = copy_state(state)
    lines: list[str] = []
    if city is not None:
        summary, data = _city_by_hand(s, city, n, lines)
    elif titan is not None:
        summary, data = _titan_by_hand(s, titan, n, direct, lines)
    else:
        assert support is not None, "damage by hand names a city, a Titan or a city's Supports"
        summary, data = _supports_by_hand(s, support, player, n, lines)
    data.update(threat=s["threat"], phase=s["phase"])
    if "result" in s:
        data["result"] = s["result"]
    return Outcome(s, summary, lines, {"n": n, **data})


def _city_by_hand(s: State, city: str, n: int, lines: list[str]) -> tuple[str, dict]:
    c = s["cities"][city]
    if n > 0:
        damage_city(s, city, n, lines, "damage")
    else:
        before = c["damage"]
        c["damage"] = max(0, c["damage"] + n)
        lines.append(f"Remove {plural(before - c['damage'], 'City Damage Token')} from {city} "
                     f"({c['damage']}/{CITY_HP[c['type']]}).")
        if c["destroyed"]:
            c["destroyed"] = False
            lines.append(say(f"{city} is no longer destroyed: take its City Destroyed Token off (THREAT is not "
                             f"lowered: ", cmd("titans threat", "DELTA"), " with a negative DELTA, if the card says "
                             "so)."))
    return f"{city}: {n:+d} damage by hand → {c['damage']}", {"city": city, "damage": c["damage"],
                                                              "destroyed": c["destroyed"]}


def _titan_by_hand(s: State, titan: str, n: int, direct: bool, lines: list[str]) -> tuple[str, dict]:
    t = s["titans"][titan]
    if t["destroyed"]:
        raise RuleError(say(f"{titan} is destroyed: it re-enters with `", cmd("titans reenter", titan, "CITY"), "`"))
    if n > 0:
        damage_titan(s, titan, n, lines, "damage", armor=not direct)
    else:
        before = t["damage"]
        t["damage"] = max(0, t["damage"] + n)
        lines.append(f"Remove {plural(before - t['damage'], 'Damage Token')} from {titan} ({t['damage']}/{t['hp']}).")
    summary = f"{titan}: {n:+d} damage by hand → {t['damage']}" + (" (destroyed)" if t["destroyed"] else "")
    return summary, {"titan": titan, "damage": t["damage"], "destroyed": t["destroyed"]}


def _supports_by_hand(s: State, city: str, player: str | None, n: int, lines: list[str]) -> tuple[str, dict]:
    here = supports_at(s, city)
    if player is None and len(here) == 1:
        player = next(iter(here))
    elif player is None and not here:
        raise RuleError(f"no Support is on {city}")
    elif player is None:
        raise NeedChoice(f"--player is required: Supports of {', '.join(here)} are on {city}", "--player", list(here),
                         f"Whose Supports on {city}?")
    if not here.get(player):
        raise RuleError(f"{player} has no Support on {city}")
    if n > 0:
        got = damage_supports(s, player, city, n, lines, "damage")
        if got < n:
            lines.append(f"{n - got} more damage finds no {player} Support on {city}.")
    else:
        sups = [sp for sp in s["players"][player]["supports"] if sp["city"] == city and sp["damage"]]
        for sp in sups[: -n]:
            sp["damage"] = 0
        lines.append(f"Stand {plural(len(sups[: -n]), 'knocked-down Support')} of {player} on {city} back up.")
    return (f"{player}'s Supports on {city}: {n:+d} damage by hand",
            {"player": player, "city": city, "supports": supports_at(s, city).get(player, 0)})


def credits(state: State, dice: Dice, player: str, delta: int | None = None, value: int | None = None,
            reason: str = "") -> Outcome:
    """A2: Credits gained or paid by a card (never below 0)."""
    refuse_if_over(state)
    s = copy_state(state)
    p = s["players"][player]
    before = p["credits"]
    after = value if value is not None else before + (delta or 0)
    if after < 0:
        raise RuleError(f"{player} has {plural(before, 'Credit')}: cannot pay {before - after}")
    if after > CREDITS_MAX:
        raise RuleError(f"{player} has {plural(before, 'Credit')}: {after} would be more than the {CREDITS_MAX} "
                        f"journal keeps")
    p["credits"] = after
    why = f" ({' '.join(reason.split())})" if reason and reason.strip() else ""
    summary = f"{player}: Credits {before} → {after}"
    return Outcome(s, summary, [f"{summary}{why}."], {"player": player, "before": before, "credits": after})


def lead(state: State, dice: Dice, player: str) -> Outcome:
    """A2: hand the Lead Character Token to a player."""
    refuse_if_over(state)
    s = copy_state(state)
    if s["lead"] == player:
        raise RuleError(f"{player} is already the Lead Character")
    s["lead"] = player
    line = f"Give the Lead Character Token to {player}."
    return Outcome(s, line, [line], {"lead": player})


def invader(state: State, dice: Dice, pawn: str, city: str | None = None, lair: bool = False, rift: bool = False,
            hurt: int | None = None) -> Outcome:
    """A2: put an invader pawn where a card says (a city, its Lair, back on its rift) or set
    its damage. No invasion damage is dealt (use `invade` for an invasion)."""
    refuse_if_over(state)
    s = copy_state(state)
    pid = pawn
    r = s["rifts"][rift_of_pawn(s, pid)]
    lines: list[str] = []
    dmg = pawn_damage(s, pid) if hurt is None else hurt
    moved_to = None
    if city is not None or lair or rift:
        moved_to, dmg = _put_pawn(s, pid, city, lair, dmg, lines)
    _damage_tokens(s, pid, dmg, hurt)
    if hurt is not None:
        lines.append(f"{pid} has {plural(dmg, 'Invader Damage Token')}.")
    if (pid in s["invaders"] or pid in r["guardians"]) and dmg >= stats(s, pid)["hp"]:
        raise RuleError(say(f"{pid} would have {dmg} damage and its HP is {stats(s, pid)['hp']}: an invader with "
                            f"that much damage is destroyed (", cmd("titans invader", pid, lair=True), ")"))
    summary = f"{pid} set by hand: " + (f"to {moved_to}" if moved_to else "") + \
              (f"{', ' if moved_to else ''}damage {dmg}" if hurt is not None else "")
    return Outcome(s, summary, lines, {"invader": pid, "where": moved_to, "damage": dmg})


def _damage_tokens(s: State, pid: str, dmg: int, hurt: int | None) -> None:
    """The pawn's Invader Damage Tokens: on a city, or on its rift (a guardian's damage is kept only
    while it has some); a pawn in its Lair has none (`hurt`: the damage the card sets)."""
    rname = rift_of_pawn(s, pid)
    r = s["rifts"][rname]
    if pid in s["invaders"]:
        s["invaders"][pid]["damage"] = dmg
    elif pid in r["guardians"]:
        gd = r.setdefault("guardian_damage", {})
        gd[pid] = dmg
        if not dmg:
            gd.pop(pid)
        if not gd:
            r.pop("guardian_damage")
    elif hurt:
        raise RuleError(f"{pid} is in the {rname} Lair: a pawn there has no damage")


def _put_pawn(s: State, pid: str, city: str | None, lair: bool, dmg: int, lines: list[str]) -> tuple[str, int]:
    """The pawn taken off wherever it is and put on a city, in its Lair (undamaged) or back on its
    rift's spot (its Reward Value). Returns (where, its damage)."""
    rname = rift_of_pawn(s, pid)
    r = s["rifts"][rname]
    s["invaders"].pop(pid, None)
    if pid in r["guardians"]:
        r["guardians"].remove(pid)
    lair_remove(r, pid)
    r.get("guardian_damage", {}).pop(pid, None)
    if city is not None:
        s["invaders"][pid] = {"city": city, "damage": dmg}
        lines.append(f"Put {pid} on {city}.")
        return city, dmg
    if lair:
        spot = lair_put(r, pid)
        lines.append(f"Put {pid} on spot {spot} of the {rname} Lair (its first free spot).")
        return f"{rname} Lair (spot {spot})", 0
    if r["closed"]:
        raise RuleError(f"the {rname} Rift is closed")
    spot = s["cards"][pid]["reward"]
    r["guardians"].insert(len([g for g in r["guardians"] if s["cards"][g]["reward"] <= spot]), pid)
    lines.append(f"Put {pid} on the {rname} Rift (spot {spot}).")
    return f"{rname} Rift (spot {spot})", dmg


def defeat(state: State, dice: Dice, pawn: str, titan: str, pilot_ability: bool = False, adjacent: tuple = (),
           disable: tuple = ()) -> Outcome:
    """An invader defeated by a card's text (a pilot, a Final Blow, a Tech Card, an artifact):
    its reward goes to the Titan's player, the pawn to the first free spot of its Lair, and a
    Terrestrial invader's ability triggers. `pilot_ability`: O.N.E.'s "Once in every game you
    can choose an invader in one city: defeat him and take his reward"."""
    refuse_if_over(state)
    refuse_if_final(state)
    if state["phase"] in (SETUP, ENDING):
        raise RuleError(say("invaders are defeated during a turn: start it with `", cmd("titans opening"), "`"))
    s = copy_state(state)
    pid, name = pawn, titan
    t = s["titans"][name]
    on_city = pid in s["invaders"]
    guardian = pid in s["rifts"][rift_of_pawn(s, pid)]["guardians"]
    if not on_city and not guardian:
        raise RuleError(f"{pid} is in its Lair: only an invader on the board can be defeated")
    lines: list[str] = []
    if pilot_ability:
        pilot_name = t.get("pilot")
        if not is_one(pilot_name):
            raise RuleError(f"{name}'s pilot is {pilot_name or 'missing'}: the once-a-game defeat is {ONE}'s ability")
        if ONE in s.get("once_used", []):
            raise RuleError(f"{ONE}'s once-in-every-game ability has been used already")
        if not on_city:
            raise RuleError(f"{pid} guards a rift: {ONE} chooses an invader in a city")
        s.setdefault("once_used", []).append(ONE)
        lines.append(f"{pilot_name} ({t['player']}'s pilot) uses its once-in-every-game ability on {pid} in "
                     f"{s['invaders'][pid]['city']}.")
    # the Fight's machinery, imported here: the other changes by hand need none of it
    from journal.games.titans.rules.abilities import player_picks, refuse_unused_picks
    from journal.games.titans.rules.fight import kill

    picks = player_picks(adjacent=adjacent, disable=disable)
    abilities: list = []
    credits_ = kill(s, pid, name, lines, picks=picks, abilities=abilities)
    refuse_unused_picks(picks)
    summary = f"{pid} defeated by {name}" + (f" ({ONE})" if pilot_ability else "") + f", +{credits_} Credits"
    return Outcome(s, summary, lines, {"invader": pid, "titan": name, "player": t["player"], "credits": credits_,
                                       "pilot_ability": pilot_ability, "abilities": abilities,
                                       "threat": s["threat"], "phase": s["phase"]})


def set_value(state: State, dice: Dice, path: list[str], value=None, unset: bool = False) -> Outcome:
    """A2: set any value of the save by hand (a card's text overrides the rules); the result
    must still be a valid save; THREAT set to 21 ends the game (T1)."""
    _ = dice
    if not path:
        raise InputError("name the key to set, e.g. cities.Tokyo.damage")
    s = copy_state(state)
    node = _table_of(s, path)
    leaf = path[-1]
    before = node.get(leaf, None)
    if unset:
        if leaf not in node:
            raise InputError(f"{'.'.join(path)} is not set")
        del node[leaf]
    else:
        node[leaf] = value
    if path == ["threat"] and not unset and _whole(value) == THREAT_MAX and s["phase"] != OVER:
        end_game(s, "lost", "THREAT reached the sixth, numberless Red step", [])
    problems = validate(s)
    if problems:
        raise InputError(f"that would make the save invalid: {problems[0]}")
    shown = "(removed)" if unset else _show(value)
    line = f"Set {'.'.join(path)} = {shown} by hand (was {_show(before) if before is not None else 'unset'})."
    return Outcome(s, line, [line], {"path": path, "before": before, "value": None if unset else value})


def _table_of(s: State, path: list[str]) -> dict:
    """The table of the save that holds the key `path` names (its last part)."""
    node: object = s
    for part in path[:-1]:
        if not isinstance(node, dict) or part not in node:
            raise InputError(f"{'.'.join(path)}: there is no {part!r} here")
        node = node[part]
    if not isinstance(node, dict):
        raise InputError(f"{'.'.join(path)}: {path[-2]!r} is not a table")
    return node


def _whole(v: object) -> int | None:
    """A whole number typed (not true or false), else None."""
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _show(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)
