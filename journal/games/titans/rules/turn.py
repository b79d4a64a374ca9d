"""Moving the turn on: a player passes in an ordered step, `next` closes a phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.model import (
    DEVELOPMENT, ENDING, FIGHT, OPENING, PHASE_TEXT, SETUP, SUPPORTS, UPGRADE,
)
from journal.games.titans.rules.opening import opening
from journal.games.titans.rules.phases import (
    close_step, enter_development, enter_phase, enter_supports, refuse_if_final, refuse_if_over, refuse_if_trial_due,
    repair_hints, repairs_to_roll, turn_line,
)
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State


def next_phase(state: State, dice: Dice) -> Outcome:
    """Close the current phase and start the next (Opening → Fight → Upgrade)."""
    refuse_if_over(state)
    refuse_if_final(state)
    refuse_if_trial_due(state)
    phase = state["phase"]
    if phase in (SETUP, ENDING):
        return opening(state, dice)
    if phase == UPGRADE:
        raise RuleError(say("the Ending Phase is next: ", cmd("titans ending"), " (with ",
                            cmd("titans ending", assign="INVADER=TARGET"), " for each invader whose damage goes "
                            "to a Titan or Supports)"))
    s = copy_state(state)
    lines: list[str] = []
    if phase == OPENING:
        if s["invasions"]:
            lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards were not recorded.)")
        s["invasions"] = 0
        s["phase"] = FIGHT
        seats = [p for p in order.seat_order(s) if order.eligible(s, FIGHT, p)]
        lines.insert(0, say(f"Fight Phase of turn {s['turn']}: from {s['lead']}, clockwise ({', '.join(seats)}), each "
                            f"Titan may move, then attack. ", turn_line(s, FIGHT)))
    else:
        close_step(s, FIGHT, lines)
        s["phase"] = UPGRADE
        lines.insert(0, say(f"Upgrade Phase of turn {s['turn']}: each player rolls a Repair Check, or skips it (",
                            *repair_hints(s, repairs_to_roll(s), upgrade=False), "), then Development."))
    return Outcome(s, f"{PHASE_TEXT[s['phase']]} of turn {s['turn']}", lines, {"phase": s["phase"], "turn": s["turn"]})


def pass_turn(state: State, dice: Dice, player: str | None = None) -> Outcome:
    """A player passes their turn in the step under way (the Fight Phase, Development or
    Support Movement), so the next player, clockwise from the Lead Character, may act.
    Without PLAYER: whoever's turn it is."""
    refuse_if_over(state)
    refuse_if_final(state)
    refuse_if_trial_due(state)
    phase = state["phase"]
    if phase == SETUP:
        raise RuleError("at setup every Titan is placed on a city (Setup 13): nobody passes")
    if phase == ENDING:
        raise RuleError(say(f"turn {state['turn']} is over: start the next with `", cmd("titans opening"), "`"))
    s = copy_state(state)
    lines: list[str] = []
    step = order.step_of(s)
    if step is None:
        raise RuleError(f"nobody passes in the {PHASE_TEXT[phase]}")
    if step == FIGHT:
        enter_phase(s, FIGHT, lines)
    elif step == DEVELOPMENT:
        enter_development(s, lines)
    else:
        enter_supports(s, lines)
    who = order.whose_turn(s, step)
    if player is None:
        if who is None:
            raise RuleError(f"nobody is waiting to act {order.STEP_TEXT[step]}")
        player = who
    pname = player
    if not order.eligible(s, step, pname) and pname not in s["round"]["done"]:
        why = {FIGHT: "their Titan is not on the board", DEVELOPMENT: "they have taken their action or skip it",
               SUPPORTS: "they have no Support on the board"}[step]
        raise RuleError(f"{pname} has nothing to pass {order.STEP_TEXT[step]}: {why}")
    out_of_turn, closed = order.turn(s, step, pname)
    if out_of_turn:
        raise RuleError(out_of_turn)
    acted = s["round"].get("acting") == pname
    order.take(s, step, pname, closed, finished=True)
    what = {FIGHT: "ends their turn in the Fight Phase" if acted else "passes in the Fight Phase",
            DEVELOPMENT: "takes no Development action this turn",
            SUPPORTS: "ends its Support Movement" if acted else "moves no Support this turn"}[step]
    lines.insert(0, f"{pname} {what}.")
    lines.append(turn_line(s, step))
    nxt = order.whose_turn(s, step)
    return Outcome(s, f"{pname} passes ({order.STEP_TEXT[step]})", lines,
                   {"player": pname, "step": step, "next": nxt, "phase": s["phase"]})
