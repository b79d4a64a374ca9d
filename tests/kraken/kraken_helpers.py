"""Space Kraken test helpers: states, dice, packs (imported by the kraken tests)."""

from __future__ import annotations

import copy
import tomllib

from journal import templates
from journal.dice import Dice
from journal.games.kraken import catalogue, cgm, crew, phases, start, story_lines
from journal.games.kraken.cgm import cells as cells_rules, packs
from journal.games.kraken.model.validate import validate

DEMO_PACK = templates.path("kraken", "demo-pack.toml")
CAT = catalogue.load()
ATTRS = {"agility": 3, "strength": 4, "tech": 3, "charisma": 2, "ranged": 2, "melee": 2}


def dice(*entered, seed: int = 7) -> Dice:
    """Physical dice first (as --roll), then the seeded generator."""
    return Dice(seed, 0, entered)


def pack_of(cells: dict, events: dict | None = None, title: str = "Test sheets") -> dict:
    doc = {"pack": {"title": title}, "cells": cells, "events": events or {}}
    pack, problems = packs.parse_pack(doc, "test")
    assert not problems, problems
    return pack


def demo_pack() -> dict:
    with open(DEMO_PACK, "rb") as f:
        pack, problems = packs.parse_pack(tomllib.load(f), "demo")
    assert not problems
    return pack


def new_state(difficulty: str = "adventurer", lines=("1AA",), **kw) -> dict:
    return start.new(difficulty, list(lines), **kw).state


def apply(state: dict, fn, *entered, **params):
    """Run a rules function like the CLI does, checking purity and validity."""
    before = copy.deepcopy(state)
    d = dice(*entered)
    out = fn(state, d, **params)
    d.finish()
    assert state == before, "a rules function mutated its input"
    problems = validate(out.state)
    assert not problems, problems
    return out


def with_crew(state: dict, *names: str) -> dict:
    s = state
    for n in names:
        s = apply(s, crew.crew_add, name=n, attrs=dict(ATTRS)).state
    return s


def in_turn(state: dict, phase: int = 1) -> dict:
    """Turn 1 begun (manual mode), in `phase`; lines stepped to a red coordinate if needed."""
    s = apply(state, phases.turn).state
    for slot in list(s["lines"]):
        if s["phase"] == 1 and slot in cgm.SLOTS and slot not in s["done"]:
            s = apply(s, story_lines.step, line=slot, cell=cells_rules.parse_cell("9ZZ")).state
    if phase > 1:
        s = apply(s, phases.phase, to=phase).state
    return s


