"""Pulp Invasion: the save's [state] tables as TypedDicts, for the type checker (tests/test_games.py
holds `State` to name exactly the keys of schema.STATE). The rules and views import these names
under TYPE_CHECKING only: building TypedDicts costs a command more than reading its save.
"""

# No `from __future__ import annotations` here: TypedDict reads NotRequired[...] from live annotations.

from typing import NotRequired, TypedDict


class Ability(TypedDict):
    value: int
    max: int


class Alien(TypedDict):
    name: str
    icon: NotRequired[str]  # C, D or S: the icon Location actions match in its sector


class Weapon(TypedDict):
    """A Super Weapon card found: what Understanding it takes (once recorded), the cubes on it."""
    name: NotRequired[str]
    needs: NotRequired[dict[str, int]]
    cubes: dict[str, int]
    understood: bool
    used: bool  # its power, once per Encounter phase


class LineCard(TypedDict):
    card: str  # the card token
    kind: str
    planets: int
    status: str  # pending, engaged or evaded
    icon_override: NotRequired[str]  # the engage icon a card's text set (--icon); the rest is derived


class Planets(TypedDict):
    face_up: int
    deck: int
    searched: list[str]


class State(TypedDict):
    level: str
    captain: str
    round: int
    phase: str
    result: NotRequired[str]
    abilities: dict[str, Ability]
    dice: dict[str, int]
    hegemony: list[Alien]
    decks: list[int]
    alien: int
    quietus: int
    bag: dict[str, int]
    supply: dict[str, int]
    drawn: dict[str, int]
    weapons: list[Weapon]
    line: list[LineCard]
    hand: list[str]
    location: NotRequired[str]
    planet: NotRequired[str]
    planets: Planets
