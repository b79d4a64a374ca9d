"""The names a player types, found in the save: Titans (or their players), players (or their
Titans or support colours), cities, rifts, invader pawns, Tech Cards. Each is matched exactly,
else once ignoring case (journal.lookup.find), else refused in one line naming the option and the
known names. The commands' `parse=` hooks use them, so that the rules receive the save's keys.

Below them, the names a command takes now, which the table shell offers to complete (`may_...`,
given to journal.options.CampaignName): the Titan whose turn it is, the places it may move to, the
invaders it may attack...
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from journal.errors import InputError, typed
from journal.games.titans.rules import order
from journal.games.titans.rules.board import distance, invaders_at, location, open_rifts
from journal.games.titans.rules.model import FIGHT, OPENING, SETUP, UPGRADE
from journal.games.titans.rules.phases import repairs_to_roll, trial_due
from journal.lookup import find

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def label(option: str | None) -> str:
    return f"{option} " if option else ""


def titan_of(state: dict, name: str, option: str | None = None) -> str:
    """A Titan by its name or by its player's name."""
    titans, players = state["titans"], state["players"]
    for table, what in ((titans, "Titan"), ({p: v["titan"] for p, v in players.items()}, "player")):
        try:
            return table[find(table, name, what)] if what == "player" else find(table, name, what)
        except InputError:
            pass
    raise InputError(f"{label(option)}{typed(name)} is not a Titan or a player: Titans are {', '.join(titans)}; "
                     f"players are {', '.join(players)}")


def player_of(state: dict, name: str, option: str | None = None) -> str:
    """A player by name, by their Titan's name or by their support colour."""
    players = state["players"]
    for key in ("player", "titan", "color"):
        by = {p if key == "player" else v[key]: p for p, v in players.items()}
        try:
            return by[find(by, name, key)]
        except InputError:
            pass
    raise InputError(f"{label(option)}{typed(name)} is not a player: players are {', '.join(players)} "
                     f"(a Titan's name or a support colour works too)")


def city_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["cities"], name, "city", option)


def rift_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["rifts"], name, "rift", option)


def pawn_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["cards"], name, "invader", option)


def tech_of(state: dict, titan: str, name: str, option: str | None = None) -> str:
    """A Tech Card on the Titan's sheet."""
    return find(state["titans"][titan]["tech"], name, f"Tech Card of {titan}", option)


def destination(state: dict, dest: str) -> str:
    """A city or a rift (the rift's name, or "NAME Rift")."""
    places = {**{f"{r} Rift": r for r in state["rifts"]}, **{r: r for r in state["rifts"]},
              **{c: c for c in state["cities"]}}
    try:
        return places[find(places, dest, "place")]
    except InputError:
        raise InputError(f"{typed(dest)} is not a city or a rift: cities are {', '.join(state['cities'])}; rifts are "
                         f"{', '.join(state['rifts'])}") from None


def read_titan(state: dict, p: dict) -> dict:
    """The command's TITAN (a Titan, or its player), found in the save."""
    p["titan"] = titan_of(state, p["titan"])
    return p


def read_picks(state: dict, p: dict, titan: str | None = None) -> dict:
    """The choices an invader ability may need: `adjacent` cities, and Tech Cards of `titan` to
    `disable` (blank ones dropped)."""
    if "adjacent" in p:
        p["adjacent"] = tuple(city_of(state, a, "--adjacent") for a in p["adjacent"] if a and a.strip())
    if "disable" in p:
        p["disable"] = tuple(_card(state, titan, d, "--disable") for d in p["disable"] if d and d.strip())
    return p


def _card(state: dict, titan: str | None, name: str, option: str) -> str:
    if titan is None:
        raise InputError(f"{option} {typed(name)}: no Titan triggers an invader ability here")
    return tech_of(state, titan, name, option)


# --- what the table shell completes: only the names a command takes now (journal.options.CampaignName) ---

def _turn_titan(s: State) -> str | None:
    """The Titan whose turn it is: to be placed at setup, to act in the Fight Phase."""
    step = order.step_of(s)
    if step not in (SETUP, FIGHT):
        return None
    who = order.whose_turn(s, step)
    return s["players"][who]["titan"] if who else None


def may_move(state: Mapping[str, Any]) -> list[str]:
    """`move`: the Titan whose turn it is, unless it has moved or attacked (a Titan moves, then attacks)."""
    s = cast("State", state)
    titan = _turn_titan(s)
    rnd = s["round"]
    if titan is None or titan in rnd["moved"] or titan in rnd["attacked"] or trial_due(s):
        return []
    return [titan]


def may_move_to(state: Mapping[str, Any]) -> list[str]:
    """`move`'s CITY: at setup any city; then the cities and open rifts within the Titan's Movement."""
    s = cast("State", state)
    titans = may_move(s)
    if not titans:
        return []
    if s["phase"] == SETUP:
        return list(s["cities"])
    t = s["titans"][titans[0]]
    here = location(t)
    places = [("city", c) for c in s["cities"]] + [("rift", r) for r in open_rifts(s)]
    return [name for kind, name in places if (kind, name) != here
            and (steps := distance(s, here, (kind, name))) is not None and steps <= t["movement"]]


def may_attack(state: Mapping[str, Any]) -> list[str]:
    """`attack`: the Titan whose Fight turn it is, when it has not attacked and finds invaders where it
    stands (or, on a city, a rift it may provoke)."""
    s = cast("State", state)
    titan = _turn_titan(s)
    if titan is None or s["phase"] == SETUP or titan in s["round"]["attacked"] or trial_due(s):
        return []
    here = location(s["titans"][titan])
    return [titan] if invaders_at(s, here) or (here and here[0] == "city" and may_provoke(s)) else []


def may_target(state: Mapping[str, Any]) -> list[str]:
    """`attack --target`: the invaders where the attacking Titan stands."""
    s = cast("State", state)
    titans = may_attack(s)
    return invaders_at(s, location(s["titans"][titans[0]])) if titans else []


def may_provoke(state: Mapping[str, Any]) -> list[str]:
    """`attack --provoke --rift`: the open rifts with an invader left on them (never a Lair)."""
    s = cast("State", state)
    return [r for r in open_rifts(s) if s["rifts"][r]["guardians"]]


def may_invade(state: Mapping[str, Any]) -> list[str]:
    """`invade --rift`: the rifts still open."""
    return open_rifts(cast("State", state))


def may_pass(state: Mapping[str, Any]) -> list[str]:
    """`pass`: the player whose turn it is in the step under way."""
    s = cast("State", state)
    step = order.step_of(s)
    who = order.whose_turn(s, step) if step not in (None, SETUP) else None
    return [who] if who and not trial_due(s) else []


def may_repair(state: Mapping[str, Any]) -> list[str]:
    """`repair`: in the Upgrade Phase, the Titans still to roll their Repair Check; in the Fight
    Phase, the one whose turn it is, if it has not moved (Combat Repair)."""
    s = cast("State", state)
    if s["phase"] == UPGRADE:
        return [] if s["round"]["charged"] else repairs_to_roll(s)
    return may_move(s) if s["phase"] in (OPENING, FIGHT) else []


def may_face_trial(state: Mapping[str, Any]) -> list[str]:
    """`trial`: the Titan that must face one now, else a Titan whose turn it is on an empty rift."""
    s = cast("State", state)
    due = trial_due(s)
    if due:
        return [due[0]]
    titan = _turn_titan(s)
    rift = s["titans"][titan].get("rift") if titan else None
    return [titan] if titan and rift and not s["rifts"][rift]["guardians"] else []


def may_reenter(state: Mapping[str, Any]) -> list[str]:
    """`reenter`: the Titans destroyed on an earlier turn."""
    return [t for t, v in state["titans"].items() if v["destroyed"] and v.get("destroyed_turn", state["turn"])
            < state["turn"]]
