"""War With the Evil Power Master: the save's [state] tables as TypedDicts, for the type checker (tests/test_games.py
holds `State` to name exactly the keys of schema.STATE). The rules and views import these names
under TYPE_CHECKING only: building TypedDicts costs a command more than reading its save.
"""

# No `from __future__ import annotations` here: TypedDict reads NotRequired[...] from live annotations.

from typing import NotRequired, TypedDict


class Character(TypedDict):
    """A character card: its side, and a proficiency (-1, 0, +1) per challenge type (missing: 0)."""
    active: bool
    piloting: NotRequired[int]
    diplomacy: NotRequired[int]
    dexterity: NotRequired[int]
    perception: NotRequired[int]
    strength: NotRequired[int]


class Item(TypedDict):
    """A DATA Card item: a Challenge Booster has a type and an effect, an Assist Item neither."""
    owner: str
    kind: str
    type: NotRequired[str]
    effect: NotRequired[str]


class Planet(TypedDict):
    """A planet's Signal Booster Disc: its colour, its status, the number a flipped one shows."""
    color: str
    status: str
    boost: NotRequired[int]


class LastChallenge(TypedDict):
    """The challenge a `--retry` tries again (E5)."""
    type: str
    character: str
    result: str


class State(TypedDict):
    signal: int
    epm: int
    phase: str
    planet: str
    card: int
    visit: int
    showdown_card: NotRequired[int]
    last_challenge: NotRequired[LastChallenge]
    characters: dict[str, Character]
    items: dict[str, Item]
    planets: dict[str, Planet]
