"""War Titans: the save's [state] tables as TypedDicts, for the type checker (tests/test_games.py
holds `State` to name exactly the keys of schema.STATE). The rules and views import these names
under TYPE_CHECKING only: building TypedDicts costs a command more than reading its save.
"""

# No `from __future__ import annotations` here: TypedDict reads NotRequired[...] from live annotations.

from typing import NotRequired, TypedDict


class Round(TypedDict):
    """Who has done what in the turn under way (order.py reads `done` and `acting`)."""

    moved: list[str]
    attacked: list[str]
    repaired: list[str]
    developed: list[str]
    charged: bool
    supports_moved: bool
    done: list[str]
    acting: NotRequired[str]
    trial: NotRequired[str]     # the Titan that finished its movement on an empty rift: its Trial comes next


class Decks(TypedDict):
    episode: int
    episode_discard: int
    invasion_discard: int
    tech: int
    tech_face_up: int
    tech_discard: int
    final: int
    pilots: int
    pilot_discard: int
    face_up_cards: NotRequired[list[str]]


class Support(TypedDict):
    city: str
    damage: int
    moved: NotRequired[int]     # the cities it has moved in this Upgrade Phase's Support Movement


class Player(TypedDict):
    titan: str
    color: str
    credits: int
    supports: list[Support]
    artifacts: list[str]
    artifact_dice: NotRequired[dict[str, dict[str, int]]]


class TechCard(TypedDict):
    slot: str
    charges: int
    disabled: bool
    tags: NotRequired[list[str]]
    dice: NotRequired[dict[str, int]]


class TitanDice(TypedDict):
    """A Titan's own face table: the keys of the game's (DieTable) it overrides."""

    faces: NotRequired[list[str]]
    red: NotRequired[str]
    combat: NotRequired[list[str]]
    movement: NotRequired[list[str]]
    repair: NotRequired[list[str]]


class Titan(TypedDict):
    player: str
    hp: int
    armor: int
    combat: int
    movement: int
    repair: int
    refresh: NotRequired[int]
    blow_tags: list[str]
    blow_ready: bool
    blow_dice: NotRequired[int]
    pilot: NotRequired[str]
    damage: int
    destroyed: bool
    city: NotRequired[str]
    rift: NotRequired[str]
    destroyed_turn: NotRequired[int]
    pilot_check: NotRequired[bool]
    tech: dict[str, TechCard]
    dice: NotRequired[TitanDice]


class City(TypedDict):
    type: str
    damage: int
    destroyed: bool
    yellow: str
    green: str
    trails: NotRequired[list[str]]


class Rift(TypedDict):
    type: str
    threatens: list[str]
    guardians: list[str]
    lair: dict[str, str]     # spot ("1"-"5") -> pawn
    trial: str
    closed: bool
    challenger: NotRequired[str]
    trial_turn: NotRequired[int]
    guardian_damage: NotRequired[dict[str, int]]


class InvaderType(TypedDict):
    category: str
    code: str


class Card(TypedDict):
    """An invader card: one value per section (green, white, blue, red) where it is a list."""

    type: str
    reward: int
    hp: NotRequired[list[int]]     # hp and dmg are missing while the card is not in the box yet
    dmg: NotRequired[list[int]]
    credits: NotRequired[list[int]]
    immune: NotRequired[list[list[str]]]
    ability: NotRequired[list[str]]
    effect: NotRequired[list[dict]]


class Invader(TypedDict):
    city: str
    damage: int


class DieTable(TypedDict):
    faces: list[str]
    red: str
    combat: list[str]
    movement: list[str]
    repair: list[str]


class State(TypedDict):
    threat: int
    turn: int
    phase: str
    lead: str
    invaded: bool
    invasions: int
    result: NotRequired[str]
    reason: NotRequired[str]
    board: NotRequired[str]
    invader_cards: NotRequired[str]
    round: Round
    once_used: NotRequired[list[str]]
    decks: Decks
    players: dict[str, Player]
    titans: dict[str, Titan]
    cities: dict[str, City]
    rifts: dict[str, Rift]
    types: dict[str, InvaderType]
    cards: dict[str, Card]
    invaders: dict[str, Invader]
    dice: NotRequired[DieTable]
