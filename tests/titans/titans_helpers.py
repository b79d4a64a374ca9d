"""Shared set-ups for the War Titans tests: sample board and cards, seeded dice, checked calls."""

from __future__ import annotations

import copy

from journal import templates
from journal.dice import Dice
from journal.games import titans as game
from journal.games.titans.cli.files import load_board, load_dice, load_invaders
from journal.games.titans.rules import byhand, opening, setup, turn

CITIES, RIFTS = load_board(templates.load("titans", "board-sample.toml"))
TYPES, CARDS = load_invaders(templates.load("titans", "invaders-sample.toml"))
BOARD = {"cities": CITIES, "rifts": RIFTS}
INVADERS = {"types": TYPES, "cards": CARDS}
DICE_TABLE = load_dice(templates.load("titans", "dice-sample.toml"))
RIFT_TYPES = {"North": "Flying", "South": "Amphibious", "East": "Mechanical", "West": "Terrestrial"}

TITANS = [
    {"name": "Atlas", "player": "Ana", "hp": 10, "armor": 1, "combat": 4, "movement": 3, "repair": 2,
     "refresh": 2, "blow_tags": ["energy"], "pilot": "Ono", "city": "Tokyo"},
    {"name": "Brute", "player": "Bo", "hp": 12, "armor": 2, "combat": 3, "movement": 2, "repair": 2,
     "pilot": "Kira", "city": "London"},
    {"name": "Cora", "player": "Cy", "hp": 8, "armor": 0, "combat": 3, "movement": 4, "repair": 3,
     "pilot": "Mox", "city": "Sydney"},
    {"name": "Dyna", "player": "Di", "hp": 9, "armor": 1, "combat": 2, "movement": 2, "repair": 1,
     "pilot": "Zed", "city": "Lima"},
]


def dice(*values) -> Dice:
    return Dice(1, 0, list(values))


def table(specs: list[dict], rift_types: dict | None = None, **kw) -> setup.Table:
    """The table `new` sets up: these Titans on the sample board and cards, the rifts' types fixed."""
    return setup.Table([copy.deepcopy(t) for t in specs], BOARD, INVADERS,
                       rift_types=dict(RIFT_TYPES) if rift_types is None else rift_types, **kw)


def fresh(players: int = 2, die_table=None, **kw) -> dict:
    """A set-up game (turn 0) with the sample board and cards and fixed rift types."""
    return setup.new(table(TITANS[:players], die_table=die_table, **kw), dice()).state


def apply(fn, state, *args, **kw):
    """Call a rules function, checking purity (the input is untouched) and a valid result."""
    before = copy.deepcopy(state)
    d = kw.pop("dice", None) or dice()
    out = fn(state, d, *args, **kw)
    assert state == before, "a rules function changed its input state"
    problems = game.validate(out.state)
    assert problems == [], problems
    return out


def do(fn, state, *args, **kw) -> dict:
    return apply(fn, state, *args, **kw).state


def started(players: int = 2, **kw) -> dict:
    """Turn 1, Opening Phase (THREAT 1, one Episode Card drawn)."""
    return do(opening.opening, fresh(players, **kw))


def fighting(players: int = 2, **kw) -> dict:
    """Turn 1, Fight Phase, no invasion recorded."""
    return do(turn.next_phase, started(players, **kw))


def put(state: dict, pid: str, city: str, damage: int = 0) -> dict:
    """Put an invader on a city by hand (no invasion damage)."""
    return do(byhand.invader, state, pid, city=city, hurt=damage if damage else None)



def with_threat(state: dict, value: int) -> dict:
    return do(byhand.set_value, state, ["threat"], value=value)


def typed(read, fn, state, *args, **params):
    """A rules call with its values as the player typed them: the command's own reading of them
    against the campaign (its `parse=` hook) first, as the runtime does."""
    params = read(state, dict(params))
    return apply(fn, state, *args, **params)
