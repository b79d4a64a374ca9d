"""Where the round stands: a command made in the wrong phase of the round is refused, naming the
step that is due (views.next_step), and nothing happens once the game is over."""

from __future__ import annotations

from journal.errors import RuleError
from journal.games.pulp.rules.components import LOST, PHASE_TEXT, WON
from journal.games.pulp.views import next_step, result
from journal.hints import say
from journal.outcome import refuse_if_over

ENDINGS = {WON: "won: every Super Weapon was found", LOST: "lost: the Cosmic Hegemony invades"}


def refuse_once_over(state: dict) -> None:
    over = result(state)
    refuse_if_over(over, ENDINGS[over] if over else "")


def need_phase(state: dict, phases: tuple[str, ...], doing: str) -> None:
    """`doing` happens only in one of `phases` of the round."""
    refuse_once_over(state)
    if state["phase"] not in phases:
        raise RuleError(say(f"{doing} is not possible now ({PHASE_TEXT[state['phase']]}); next: ", next_step(state)))
