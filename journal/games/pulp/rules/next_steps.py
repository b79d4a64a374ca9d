"""What comes next: the one-line hint every command ends with, and the refusal of a
command made in the wrong phase of the round (which names the step that is due).
"""

from __future__ import annotations

from journal.errors import RuleError
from journal.games.pulp.rules.components import LINE_SIZE, PHASE_TEXT, cubes_text
from journal.games.pulp.rules.model import alien_name, pending, refuse_if_over


def need_phase(state: dict, phases: tuple, doing: str) -> None:
    refuse_if_over(state)
    if state["phase"] in phases:
        return
    raise RuleError(f"{doing} is not possible now ({PHASE_TEXT[state['phase']]}); next: {next_step(state)}")


def next_step(state: dict) -> str:
    phase = state["phase"]
    if phase == "ready":
        if not state["decks"][state["alien"]]:
            return "No Encounter cards are left."
        n = min(LINE_SIZE, state["decks"][state["alien"]])
        face_up = state["planets"]["face_up"]
        planets = f"choose one of the {face_up} face-up planets" if face_up else \
            "deal 3 new Planet cards face up and choose one"
        cards = " ".join(["CARD"] * n)
        return f"{planets}, draw {n} cards from {alien_name(state)}'s deck: journal pulp round --planet NAME {cards}"
    if phase == "encounter":
        i = pending(state)[0]
        return (f"card {i + 1} {state['line'][i]['card']}: journal pulp engage {i + 1} [--pay ABILITY=N], "
                f"or journal pulp evade {i + 1} --pay ABILITY")
    if phase == "search":
        return "search the planet: journal pulp search (planet actions: --spend K|O, --extra N)"
    if phase == "searched":
        waiting = {c: n for c, n in state["drawn"].items() if n}
        if waiting.get("black"):
            return "lose 1 ability point per black cube: journal pulp assign k --lose ABILITY"
        if waiting:
            return (f"place {cubes_text(waiting)}: journal pulp assign CUBE --ability|--weapon N "
                    f"(unused ones go to the supply), then journal pulp end-round")
        return "journal pulp end-round"
    return "the game is over."
