"""Space Kraken: the save's [state] tables as TypedDicts, for the type checker (tests/test_games.py
holds `State` to name exactly the keys of schema.STATE). The rules and views import these names
under TYPE_CHECKING only: building TypedDicts costs a command more than reading its save.
"""

# No `from __future__ import annotations` here: TypedDict reads NotRequired[...] from live annotations.

from typing import Literal, TypedDict


class Line(TypedDict, total=False):
    """A story line on the CGM Line Tracker (`lines.N`)."""

    coords: list[str]
    vars: dict[str, int]
    note: str
    standby: str
    running: bool


ArmorPiece = Literal["jacket", "helmet", "physical_shield"]   # the pieces a CrewMember wears (constants.ARMOR_PIECES)


class CrewMember(TypedDict, total=False):
    """A crew member's profile (`crew.NAME`): level, HP, attributes, traits, gear and inventory."""

    level: int
    hp: int
    hp_max: int
    status: Literal["active", "unconscious"]
    agility: int
    strength: int
    tech: int
    charisma: int
    ranged: int
    melee: int
    psi: int
    traits: dict[str, int]
    inventory: dict[str, str]
    armor: int
    jacket: dict
    helmet: dict
    physical_shield: dict
    shield: dict
    weapons: dict[str, dict]
    charger: int
    psi_exhausted: bool


class Ship(TypedDict, total=False):
    """The ship (`ship`): its hull, structure points and systems by label."""

    hull: str
    hull_price: int
    sp: int
    expansion_sp: int
    systems: dict[str, dict]


class Location(TypedDict, total=False):
    """A Starmap Locations Log entry (`locations.N`)."""

    name: str
    shops: list[str]
    type: str
    difficulty: int
    ao: str
    ai: str
    depth: int
    teleport: int
    special: str
    species: str
    maps: list[int]
    land_turn: int
    cleared: list[int]
    solved: bool
    fixed: bool


class _StateRequired(TypedDict):
    difficulty: Literal["simulation", "adventurer", "real-life", "hardcore"]
    turn: int
    phase: int
    credits: int
    xp: int
    oxygen: int
    oxygen_tanks: int
    recovered: bool
    done: list[str]
    storage: list[str]
    expansion_storage: list[str]
    lines: dict[str, Line]
    interlink: dict[str, int]
    crew: dict[str, CrewMember]
    locations: dict[str, Location]
    quests: dict[str, dict]
    builds: dict[str, dict]


class State(_StateRequired, total=False):
    """`[state]` of a Space Kraken save, key for key as STATE validates it."""

    backstory: str
    leader: str
    recoveries: list[int]
    skipped: str
    skipped_before: str
    free_action: str
    free_used: bool
    found: str
    savepoint: dict
    result: Literal["won", "lost"]
    fallen: list[str]
    pack: dict
    ship: Ship
    flight: dict
    combat: dict
    dungeon: dict
    ground: dict
    loot: list[dict]
    captives: dict[str, dict]
    returned: list[int]
    gambled: list[str]
    short_visit: bool
    grade_prices: dict[str, int]
    shop: dict
