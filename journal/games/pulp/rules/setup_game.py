"""Setting up a game of Pulp Invasion (the rulebook's Setup; rules note P1)."""

from __future__ import annotations

from journal.errors import InputError, typed
from journal.games.pulp.rules.components import (ABILITIES, ABILITY_LABEL, ABILITY_MAX, COLOURS, CREW, DECKS,
                                                 DECK_SIZE, DIE_COLOURS, DIE_NAMES, DRAWN, FACE_UP, LEVELS, MINA,
                                                 PLANETS, QUIETUS, TOTALS, colour_name)
from journal.games.pulp.rules.model import is_quietus
from journal.games.pulp.rules.next_steps import next_step
from journal.outcome import Outcome


def new(dice, level: str, captain: str, abilities: dict, dice_chosen: list[str], faces: dict,
        hegemony: list[tuple[str, str | None]]) -> Outcome:
    """Set up (rulebook Setup; P1): abilities from the Captain card, 2 captain's dice (3 for
    Mina Tormelson), crew dice at 6 and systems dice rolled, three alien decks of 16, the bag
    seeded by level, 3 planets face up."""
    level = str(level).lower()
    if level not in LEVELS:
        raise InputError(f"--level {typed(level)} is not a skill level: expected basic, normal or advanced")
    captain = str(captain or "").strip()
    if not captain:
        raise InputError('--captain is required: the Captain card drawn, e.g. --captain "Mina Tormelson"')
    state_ab = {}
    for a in ABILITIES:
        if a not in abilities:
            raise InputError(f"--{a} is required: VALUE/MAX from the Captain card, e.g. --{a} 4/6")
        value, top = abilities[a]
        if not 1 <= top <= ABILITY_MAX:
            raise InputError(f"--{a} {value}/{top}: the maximum is 1-{ABILITY_MAX}")
        if not 0 <= value <= top:
            raise InputError(f"--{a} {value}/{top}: the starting value is 0-{top} (at most the maximum)")
        state_ab[a] = {"value": value, "max": top}
    chosen = [colour_name(d, "--die", DIE_COLOURS) for d in dice_chosen]
    if len(set(chosen)) != len(chosen):
        raise InputError("--die: each captain's die is chosen once (there is one die of each colour)")
    most = 3 if captain.casefold() == MINA else 2
    if not 2 <= len(chosen) <= most:
        who = "Mina Tormelson keeps 2 or 3" if most == 3 else "choose 2 (only Mina Tormelson keeps 3)"
        raise InputError(f"--die given {len(chosen)} time(s): {who} of the dice on the Captain card, "
                         f"e.g. --die red --die gray")
    for colour in faces:
        if colour not in chosen:
            raise InputError(f"--face {colour}=N: the {colour} die is not one of the chosen dice "
                             f"({', '.join(chosen)})")
    if len(hegemony) != DECKS:
        raise InputError(f"--hegemony given {len(hegemony)} time(s): name the 3 Cosmic Hegemony aliens in "
                         f"their row, left to right (e.g. --hegemony \"The Quietus\" --hegemony Kah "
                         f"--hegemony Zorn)")
    aliens = []
    for name, icon in hegemony:
        name = name.strip()
        if not name:
            raise InputError("--hegemony: an alien's name is empty")
        if any(a["name"].casefold() == name.casefold() for a in aliens):
            raise InputError(f"--hegemony: {typed(name)} is named twice")
        alien = {"name": QUIETUS if is_quietus(name) else name}
        if icon:
            alien["icon"] = icon
        aliens.append(alien)
    if sum(1 for a in aliens if a["name"] == QUIETUS) != 1:
        raise InputError("--hegemony: one of the three aliens is The Quietus (black cubes go onto its card)")
    n = LEVELS[level]
    bag = {"red": 4, "orange": 4, "blue": 4, "black": 4, "yellow": n, "white": n}
    state = {
        "level": level, "captain": captain, "round": 0, "phase": "ready",
        "abilities": state_ab, "dice": {},
        "hegemony": aliens, "decks": [DECK_SIZE] * DECKS, "alien": 0, "quietus": 0,
        "bag": bag, "supply": {c: TOTALS[c] - bag[c] for c in COLOURS},
        "drawn": {c: 0 for c in DRAWN},
        "weapons": [], "line": [], "hand": [],
        "planets": {"face_up": FACE_UP, "deck": PLANETS - FACE_UP, "searched": []},
    }
    lines = [f"Pulp Invasion, {level} level: find {n} Super Weapons before the three Encounter decks "
             f"run out. Captain {captain}."]
    rolled = []
    for colour in chosen:
        if colour in faces:
            face = faces[colour]
            if not 1 <= face <= 6:
                raise InputError(f"--face {colour}={face}: a die face is 1-6")
        elif colour in CREW:
            face = 6
        else:
            face = dice.roll(6, f"{colour} d6")
            rolled.append(f"{colour} {face}")
        state["dice"][colour] = face
    lines.append("Tracking cards: " + ", ".join(
        f"{ABILITY_LABEL[a]} {state_ab[a]['value']} (max {state_ab[a]['max']})" for a in ABILITIES) + ".")
    lines.append("Captain's dice: " + ", ".join(f"{c} ({DIE_NAMES[c]}) on {f}" for c, f in state["dice"].items())
                 + "." + (f" Rolled: {', '.join(rolled)}." if rolled else ""))
    lines.append("Aliens, left to right: " + ", ".join(a["name"] for a in aliens)
                 + f"; deal {DECK_SIZE} Encounter cards face down under each.")
    lines.append(f"Seed the bag: 4 red, 4 orange, 4 blue, 4 black, {n} yellow, {n} white; the rest is the "
                 f"supply. Shuffle {n} Super Weapon cards into their deck.")
    lines.append(f"Deal {FACE_UP} Planet cards face up.")
    lines.append("Next: " + next_step(state))
    summary = f"Pulp Invasion ({level}) begins: Captain {captain}, " + \
        ", ".join(f"{c} die {f}" for c, f in state["dice"].items())
    return Outcome(state, summary, lines, {"state": state})
