"""Setting up a game of Pulp Invasion (the rulebook's Setup, steps 1-6; rules note P1)."""

from __future__ import annotations

from typing import Any

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_LABEL, COLOURS, CREW, DECK_SIZE, DECKS, DIE_NAMES, DRAWN, FACE_UP, LEVELS, MINA, PLANETS,
    QUIETUS, READY, TOTALS, cubes_text, starting_bag,
)
from journal.games.pulp.rules.phase import next_step
from journal.hints import say
from journal.lookup import already
from journal.outcome import Outcome


def new(dice: Dice, level: str, captain: str, abilities: dict[str, tuple[int, int]], dice_chosen: list[str],
        faces: dict[str, int], hegemony: list[tuple[str, str | None]]) -> Outcome:
    """Set up (rulebook Setup; P1): abilities from the Captain card (value, maximum), 2 captain's dice
    (3 for Mina Tormelson) with crew dice at 6 and systems dice rolled unless a face is given, three
    alien decks of 16, the bag seeded by level, 3 planets face up."""
    check_the_dice(captain, dice_chosen, faces)
    aliens = row_of_aliens(hegemony)
    n = LEVELS[level]
    bag = starting_bag(level)
    state: dict[str, Any] = {
        "level": level, "captain": captain, "round": 0, "phase": READY,
        "abilities": {a: {"value": abilities[a][0], "max": abilities[a][1]} for a in ABILITIES}, "dice": {},
        "hegemony": aliens, "decks": [DECK_SIZE] * DECKS, "alien": 0, "quietus": 0,
        "bag": bag, "supply": {c: TOTALS[c] - bag[c] for c in COLOURS},
        "drawn": {c: 0 for c in DRAWN},
        "weapons": [], "line": [], "hand": [],
        "planets": {"face_up": FACE_UP, "deck": PLANETS - FACE_UP, "searched": []},
    }
    rolled = set_the_dice(state["dice"], dice, dice_chosen, faces)
    lines = [f"Pulp Invasion, {level} level: find {n} Super Weapons before the three Encounter decks "
             f"run out. Captain {captain}.",
             "Tracking cards: " + ", ".join(f"{ABILITY_LABEL[a]} {abilities[a][0]} (max {abilities[a][1]})"
                                            for a in ABILITIES) + ".",
             "Captain's dice: " + ", ".join(f"{c} ({DIE_NAMES[c]}) on {f}" for c, f in state["dice"].items()) + "." +
             (f" Rolled: {', '.join(rolled)}." if rolled else ""),
             "Aliens, left to right: " + ", ".join(a["name"] for a in aliens) +
             f"; deal {DECK_SIZE} Encounter cards face down under each.",
             f"Seed the bag: {cubes_text(bag)}; the rest is the supply. Shuffle {n} Super Weapon cards into "
             f"their deck.",
             f"Deal {FACE_UP} Planet cards face up.",
             say("Next: ", next_step(state))]
    summary = f"Pulp Invasion ({level}) begins: Captain {captain}, " + \
        ", ".join(f"{c} die {f}" for c, f in state["dice"].items())
    return Outcome(state, summary, lines, {"state": state})


def check_the_dice(captain: str, chosen: list[str], faces: dict[str, int]) -> None:
    """Setup 2: choose 2 dice of those on the Captain card (Mina Tormelson keeps all 3), one die of
    each colour; a starting face only for a chosen Systems die ("Set values of the chosen Crew dice
    to 6; roll the chosen Systems dice to determine their initial values")."""
    if len(set(chosen)) != len(chosen):
        raise InputError("each captain's die is chosen once (there is one die of each colour)")
    most = 3 if captain.casefold() == MINA else 2
    if not 2 <= len(chosen) <= most:
        who = "Mina Tormelson keeps 2 or 3" if most == 3 else "choose 2 (only Mina Tormelson keeps 3)"
        raise InputError(f"{len(chosen)} captain's dice chosen: {who} of the dice on the Captain card")
    for colour in faces:
        if colour not in chosen:
            raise InputError(f"the {colour} die is not one of the chosen dice ({', '.join(chosen)})")
        if colour in CREW:
            raise RuleError(f"--face {colour}: the {colour} die is a Crew die and starts on 6 (Setup: \"Set values "
                            f"of the chosen Crew dice to 6\"); --face gives a Systems die's roll (yellow, gray)")


def row_of_aliens(hegemony: list[tuple[str, str | None]]) -> list[dict]:
    """Setup 1: the 3 Cosmic Hegemony aliens in a row, left to right, one of them The Quietus; an
    alien's icon, where recorded, is the one Location actions match in its sector."""
    if len(hegemony) != DECKS:
        raise InputError(f"{len(hegemony)} aliens named: name the 3 Cosmic Hegemony aliens in their row, left to "
                         f"right (The Quietus, and two others)")
    aliens: list[dict] = []
    for name, icon in hegemony:
        if already([a["name"] for a in aliens], name) is not None:
            raise InputError(f"{typed(name)} is named twice among the aliens")
        aliens.append({"name": name, **({"icon": icon} if icon else {})})
    if sum(1 for a in aliens if a["name"] == QUIETUS) != 1:
        raise InputError("one of the three aliens is The Quietus (black cubes go onto its card)")
    return aliens


def set_the_dice(owned: dict[str, int], dice: Dice, chosen: list[str], faces: dict[str, int]) -> list[str]:
    """Setup 2: crew dice on 6, systems dice rolled (unless the face is given): those rolled."""
    rolled = []
    for colour in chosen:
        if colour in faces:
            owned[colour] = faces[colour]
        elif colour in CREW:
            owned[colour] = 6
        else:
            owned[colour] = dice.roll(6, f"{colour} d6")
            rolled.append(f"{colour} {owned[colour]}")
    return rolled
