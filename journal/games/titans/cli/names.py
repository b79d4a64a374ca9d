"""The names a player types, found in the save: Titans (or their players), players (or their
Titans or support colours), cities, rifts, invader pawns, Tech Cards. Each is matched exactly,
else once ignoring case (journal.lookup.find), else refused in one line naming the option and the
known names. The commands' `parse=` hooks use them, so that the rules receive the save's keys.
"""

from __future__ import annotations

from journal.errors import InputError, typed
from journal.lookup import find


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
