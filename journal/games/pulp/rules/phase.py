"""Where the round stands, part of the rules: whether the game is over and how (`result`), the
step of the round that is due (`next_step`, with the whole commands that take it), and the
refusal of a command made in the wrong phase of the round, or once the game is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TYPE_CHECKING

from journal.errors import RuleError
from journal.games.pulp.rules.components import (
    BLACK, COLOUR_ABILITY, ENCOUNTER, LINE_SIZE, LOST, PHASE_TEXT, READY, SEARCH, SEARCHED, SHORT, WON, cubes_text,
)
from journal.games.pulp.rules.model import abilities_above_zero, alien_name, card_requirement, pending, shown_line
from journal.hints import Hint, cmd, say
from journal.outcome import refuse_if_over
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.interface import Result
    from journal.games.pulp.tables import State

ENDINGS = {WON: "won: every Super Weapon was found", LOST: "lost: the Cosmic Hegemony invades"}


def result(state: Mapping[str, Any]) -> Result | None:
    """Game End: "won" once every Super Weapon is found, "lost" once two abilities reach 0 during
    an encounter or the decks run out (or as a card's text ended it)."""
    ending = state.get("result")
    return WON if ending == WON else LOST if ending == LOST else None


def refuse_once_over(state: State) -> None:
    over = result(state)
    refuse_if_over(over, ENDINGS[over] if over else "")


def need_phase(state: State, phases: tuple[str, ...], doing: str) -> None:
    """`doing` happens only in one of `phases` of the round."""
    refuse_once_over(state)
    if state["phase"] not in phases:
        raise RuleError(say(f"{doing} is not possible now ({PHASE_TEXT[state['phase']]}); next: ", next_step(state)))


# --- what comes next ---------------------------------------------------------------------

def next_step(state: Mapping[str, Any]) -> str:
    """The one-line hint every command ends with: the step of the round that is due."""
    phase = state["phase"]
    if phase == READY:
        return next_round(state)
    if phase == ENCOUNTER:
        return next_card_hint(state)
    if phase == SEARCH:
        return say("search the planet: ", cmd("pulp search"), " (a planet's actions: --spend K or O, --extra N)")
    if phase == SEARCHED:
        return place_the_cubes(state)
    return "the game is over."


def next_card_hint(state: Mapping[str, Any]) -> str:
    """1. Encounter Phase: the next card of the line, left to right: engage or evade it (a card whose
    Engage Strength is 0 is evaded; one whose neighbour shows no icon takes it from a card's text)."""
    i = pending(state)[0]
    card = shown_line(state["line"])[i]
    head = f"card {i + 1} {card['card']} ({card_requirement(card)}): "
    if card.get("engage_strength") == 0:
        return say(head, evade_hint(state, i + 1))
    if "engage_strength" in card and "engage_icon" not in card:
        return say(head, cmd("pulp engage", i + 1), " (it asks for --icon C, D or S, as a card's text gives it), or ",
                   evade_hint(state, i + 1))
    return say(head, cmd("pulp engage", i + 1), ", or ", evade_hint(state, i + 1))


def evade_hint(state: Mapping[str, Any], pos: int) -> Hint:
    """`pulp evade POS`, naming the ability that pays when only one can (otherwise the command asks)."""
    above = abilities_above_zero(state)
    return cmd("pulp evade", pos, pay=above[0] if len(above) == 1 else None)


def next_round(state: Mapping[str, Any]) -> str:
    """1. Encounter Phase: choose a planet, draw the line from the leftmost deck with cards."""
    left = state["decks"][state["alien"]]
    if not left:
        return "No Encounter cards are left."
    n = min(LINE_SIZE, left)
    face_up = state["planets"]["face_up"]
    if face_up:
        planets = "choose the face-up planet" if face_up == 1 else f"choose one of the {face_up} face-up planets"
    else:
        planets = "deal 3 new Planet cards face up and choose one"
    return say(f"{planets}, draw {plural(n, 'card')} from {alien_name(state)}'s deck: ",
               Hint(("pulp", "round"), ("--planet", "NAME", *["CARD"] * n)))


def place_the_cubes(state: Mapping[str, Any]) -> str:
    """2. Planet Search: the cubes drawn wait to be placed (the first colour's places named), then the
    round ends; unused cubes go to the supply."""
    waiting = {c: n for c, n in state["drawn"].items() if n}
    if waiting.get(BLACK):
        return say(f"lose 1 ability point per black cube ({waiting[BLACK]}): ", cmd("pulp assign", "k"),
                   " (it asks which ability)")
    if not waiting:
        return say(cmd("pulp end-round"))
    places = cube_places(state, next(iter(waiting)))
    if not places:
        return say(f"{cubes_text(waiting)} drawn, with nowhere to go (unused cubes go to the supply): ",
                   cmd("pulp end-round"))
    return say(f"place {cubes_text(waiting)}: ", *alternatives(places), "; then ", cmd("pulp end-round"),
               " (unused cubes go to the supply)")


def alternatives(hints: list[Hint]) -> list[str | Hint]:
    """Whole commands, one after the other, for a line of prose: a, b, c."""
    return [part for k, hint in enumerate(hints) for part in ((", " if k else ""), hint)]


def cube_places(state: Mapping[str, Any], colour: str) -> list[Hint]:
    """Where a drawn red, orange or blue cube may go: +1 to its ability below its maximum, or onto a
    Super Weapon whose recorded requirement still needs that colour."""
    letter = SHORT[colour]
    ability = state["abilities"][COLOUR_ABILITY[colour]]
    places = [cmd("pulp assign", letter, ability=True)] if ability["value"] < ability["max"] else []
    for k, w in enumerate(state["weapons"]):
        if not w["understood"] and w["cubes"].get(colour, 0) < w.get("needs", {}).get(colour, 0):
            places.append(cmd("pulp assign", letter, weapon=k + 1))
    return places
