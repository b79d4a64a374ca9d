"""The turn's phases: which phase a command belongs to, moving between them, and what the table
does next in each (`next_step`: the last line of `show`, the status line of `play`).

A turn is Opening → Fight → Upgrade (Repair, Gain Charges, Development, Support
Movement) → Ending. A command of a later phase closes the earlier ones (`enter_phase`);
one of a phase that is over is refused (`need_phase`). Whose turn it is inside a step
is in order.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from journal import outcome
from journal.errors import RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.board import invaders_at, location
from journal.games.titans.rules.model import (
    CHARGES_MAX, DEVELOPMENT, ENDING, FIGHT, FINAL, OPENING, PHASE_ORDER, PHASE_TEXT, SETUP, SUPPORTS, UPGRADE,
    face_table, is_one, joined, lead_pilot, result,
)
from journal.hints import Hint, cmd, say
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import Round, State


def refuse_if_over(state: State) -> None:
    """Nothing more happens once the game is over (T1, T7): say how it ended."""
    verdict = result(state)
    outcome.refuse_if_over(verdict, f"the players {verdict}: {state.get('reason', '')}")


def refuse_if_final(state: State) -> None:
    if state["phase"] == FINAL:
        raise RuleError(say("the Final Episode is under way: play it from its card, then record the outcome with `",
                            cmd("titans end", "won"), "` or `", cmd("titans end", "lost"), "`"))


def new_round() -> Round:
    return {"moved": [], "attacked": [], "repaired": [], "developed": [], "charged": False,
            "supports_moved": False, "done": []}


STEP_NAME = {FIGHT: "Fight Phase", DEVELOPMENT: "Development step", SUPPORTS: "Support Movement"}
MISSED = {FIGHT: "did not take a turn", DEVELOPMENT: "did not take an action", SUPPORTS: "moved no Support"}


def close_step(s: State, step: str, lines: list[str]) -> list[str]:
    """An ordered step ends (a command of a later step, `next` or `ending`): who never acted
    passed. Says so, and returns them."""
    missed = order.missed(s, step)
    if missed:
        lines.append(f"(The {STEP_NAME[step]} is over: {', '.join(missed)} {MISSED[step]}.)")
    order.restart(s)
    return missed


def turn_line(s: State, step: str) -> str:
    """Whose turn is next in an ordered step, or what comes after it."""
    who = order.whose_turn(s, step)
    if who is None:
        return STEP_DONE[step](s)
    if step == SETUP:
        return say(f"Next {order.STEP_TEXT[step]}: {who} (", order.hint(s, step, who), ").")
    return say(f"Next {order.STEP_TEXT[step]}: {who} (", order.hint(s, step, who), ", or ", cmd("titans pass", who),
               ").")


def development_done(s: State) -> str:
    """Development is over: Support Movement, from the first player with Supports, then the Ending Phase."""
    who = order.whose_turn(s, SUPPORTS)
    if who is None:
        return say("Development done; nobody has a Support to move: ", cmd("titans ending"), ".")
    return say(f"Development done. Supports may move up to 3 cities, from {who} (", order.hint(s, SUPPORTS, who),
               ", or ", cmd("titans pass", who), "), then ", cmd("titans ending"), ".")


# what comes after an ordered step, once everyone has had their turn
STEP_DONE = {FIGHT: lambda s: say("Every Titan has had its turn: ", cmd("titans next"), " (Upgrade Phase)."),
             DEVELOPMENT: development_done,
             SUPPORTS: lambda s: say("Support Movement done: ", cmd("titans ending"), "."),
             SETUP: lambda s: say("Then start turn 1: ", cmd("titans opening"), ".")}


def enter_phase(s: State, phase: str, lines: list[str]) -> None:
    """Move on to `phase` within this turn (commands belong to a phase; one for a later phase
    closes the earlier ones, and `need_phase` refuses one for an earlier phase)."""
    current = s["phase"]
    if current == phase:
        return
    if current == OPENING:
        if s["invasions"]:
            lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards "
                         f"{'was' if s['invasions'] == 1 else 'were'} not recorded.)")
        s["invasions"] = 0
    if current in (OPENING, FIGHT) and phase != FIGHT:
        close_step(s, FIGHT, lines)
    if phase == UPGRADE:
        lines.append(f"Upgrade Phase of turn {s['turn']}.")
    s["phase"] = phase


def trial_hints(titan: str, rift: str) -> list:
    """The Trial's two outcomes as commands: passed, or failed."""
    return [cmd("titans trial", titan, "pass", rift=rift), " or ", cmd("titans trial", titan, "fail", rift=rift)]


def trial_due(s: State) -> tuple[str, str] | None:
    """(Titan, rift) when a Titan finished its movement this turn on a rift with no invader, whose
    Trial it has not faced yet: "When a Titan finishes its movement on a Rift with no Invaders, it
    will reveal the Rift Token and face the Trial" (round.trial; a card that has since put an
    invader back on the rift, or destroyed the Titan, leaves none due)."""
    titan = s["round"].get("trial")
    if not titan:
        return None
    t = s["titans"].get(titan)
    if not t or t["destroyed"] or "rift" not in t:
        return None
    r = s["rifts"][t["rift"]]
    if r["guardians"] or r["closed"] or r["trial"] not in ("sealed", "revealed"):
        return None
    return titan, t["rift"]


def refuse_if_trial_due(s: State) -> None:
    """The Tyrant Trial is not optional: the Titan that ended its movement on an empty rift faces it
    before anything else happens in the turn."""
    due = trial_due(s)
    if due:
        titan, rift = due
        raise RuleError(say(f"{titan} finished its movement on the empty {rift} Rift: it faces the Trial first (",
                            *trial_hints(titan, rift), ")"))


def need_phase(s: State, phase: str, what: str, trial: bool = False) -> None:
    """Refuse a command whose phase of this turn is over (or before the turn has begun), and any
    but the Trial (`trial`) while a Titan must face one."""
    refuse_if_over(s)
    refuse_if_final(s)
    if not trial:
        refuse_if_trial_due(s)
    current = s["phase"]
    if current == SETUP:
        raise RuleError(say(f"{what} happens during a turn: start turn 1 with `", cmd("titans opening"), "`"))
    if current == ENDING:
        raise RuleError(say(f"turn {s['turn']} is over: start turn {s['turn'] + 1} with `", cmd("titans opening"),
                            f"` before {what}"))
    if PHASE_ORDER[current] > PHASE_ORDER[phase]:
        raise RuleError(f"{what} belongs to the {PHASE_TEXT[phase]}, and turn {s['turn']} is in the "
                        f"{PHASE_TEXT[current]}")


def repairs_to_roll(s: State) -> list[str]:
    """The Titans still to roll the Upgrade Phase's Repair Check (or to skip it): every standing one."""
    return [t for t, v in s["titans"].items() if not v["destroyed"] and t not in s["round"]["repaired"]]


def repair_commands(s: State, titans: list[str], upgrade: bool = True) -> list[Hint]:
    """Each Titan's Repair Check, rolled (or its successes typed, without a face table) or skipped,
    as commands; `upgrade`: from the Fight Phase, which they close."""
    return [h for t in titans for h in (
        cmd("titans repair", t, upgrade=upgrade, successes=None if face_table(s, t) else "N"),
        cmd("titans repair", t, upgrade=upgrade, skip=True))]


def repair_hints(s: State, titans: list[str], upgrade: bool = True) -> list:
    """repair_commands, joined into a sentence."""
    return joined(repair_commands(s, titans, upgrade), "; ")


def repairs_line(s: State) -> str:
    """After a Repair Check of the Upgrade Phase: who is still to roll theirs, or what comes next."""
    waiting = repairs_to_roll(s)
    if waiting:
        return say("Still to roll a Repair Check: ", *repair_hints(s, waiting, upgrade=False), ".")
    who = order.whose_turn(s, DEVELOPMENT)
    if who:
        return say(f"The Repair Checks are over: Development next, from {who} (", cmd("titans develop", who, "ACTION"),
                   ": industry, army, research or refresh).")
    return say("The Repair Checks are over, and nobody takes a Development action: ", cmd("titans ending"), ".")


def gain_charges(s: State, lines: list[str]) -> None:
    """Upgrade Phase step 2: every enabled Tech Card gains 1 Charge (at most 3; T6). It comes once
    the Repair Checks of step 1 are over: "At the start of the Upgrade Phase each player rolls a
    Repair Check", so a Titan that has neither rolled it nor skipped it holds the phase."""
    if s["round"]["charged"]:
        return
    missing = repairs_to_roll(s)
    if missing:
        raise RuleError(f"at the start of the Upgrade Phase each player rolls a Repair Check: {', '.join(missing)} "
                        f"{'has' if len(missing) == 1 else 'have'} not rolled or skipped it:", repair_commands(s, missing))
    s["round"]["charged"] = True
    gained = []
    for name, t in s["titans"].items():
        for card, tc in t["tech"].items():
            if not tc["disabled"] and tc["charges"] < CHARGES_MAX:
                tc["charges"] += 1
                gained.append(f"{card} ({name}) {tc['charges']}")
    if gained:
        lines.append("Gain Charges: slide each enabled Tech Card one Charge Slot: " + ", ".join(gained) + ".")
    else:
        lines.append("Gain Charges: no enabled Tech Card can gain a Charge.")


def enter_development(s: State, lines: list[str]) -> None:
    enter_phase(s, UPGRADE, lines)
    gain_charges(s, lines)


def enter_supports(s: State, lines: list[str]) -> None:
    """Support Movement (Upgrade step 4) begins: Development is over."""
    enter_development(s, lines)
    if not s["round"]["supports_moved"]:
        close_step(s, DEVELOPMENT, lines)
        s["round"]["supports_moved"] = True


def close_turn(s: State, lines: list[str]) -> list[dict]:
    """The Ending Phase begins: every step of the turn still open closes, each naming who
    missed it (the Fight Phase, Development, Support Movement); the Repair Checks must be over.
    Returns [{"step": ..., "missed": [...]}] for the steps that closed."""
    closed = []
    phase = s["phase"]
    if phase == OPENING and s["invasions"]:
        lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards "
                     f"{'was' if s['invasions'] == 1 else 'were'} not recorded.)")
    s["invasions"] = 0
    if phase in (OPENING, FIGHT):
        closed.append({"step": FIGHT, "missed": close_step(s, FIGHT, lines)})
    gain_charges(s, lines)
    if not s["round"]["supports_moved"]:
        closed.append({"step": DEVELOPMENT, "missed": close_step(s, DEVELOPMENT, lines)})
        s["round"]["supports_moved"] = True
    closed.append({"step": SUPPORTS, "missed": close_step(s, SUPPORTS, lines)})
    for p in s["players"].values():
        for sp in p["supports"]:
            sp.pop("moved", None)       # a Support's movement counts within one Upgrade Phase
    return closed


def opening_hint(s: State) -> str:
    """The `opening` command, with O.N.E.'s choice when O.N.E. flies the lead's Titan."""
    if is_one(lead_pilot(s)):
        return say(cmd("titans opening"), f" ({s['lead']}'s pilot {lead_pilot(s)} may draw two Episode Cards and "
                   f"choose which one resolves: ", cmd("titans opening", pilot_draw=True), ")")
    return say(cmd("titans opening"))


# --- what the table does next, phase by phase ----------------------------------------------------

def next_step(state: Mapping[str, Any]) -> str:
    """What the table does next (the "Next: ..." line of `show`), with the commands to type."""
    step = NEXT.get(state["phase"])
    return step(cast("State", state)) if step else "The game is over."


def _setup_next(state: State) -> str:
    unplaced = [state["players"][p]["titan"] for p in order.waiting(state, SETUP)]
    if unplaced:
        return say("Place each Titan on a city, from the Lead Character clockwise: ",
                   *joined([cmd("titans move", t, "CITY") for t in unplaced]))
    return say("Start turn 1: ", opening_hint(state))


def _opening_next(state: State) -> str:
    titans = state["titans"]
    back = [t for t, v in titans.items() if v["destroyed"] and v.get("destroyed_turn", state["turn"]) < state["turn"]]
    if state["invasions"]:
        msg = say(f"{plural(state['invasions'], 'invasion')} to place: ",
                  cmd("titans invade", rift="RIFT", city="CITY"), " (from each Episode Card)")
    else:
        who = order.whose_turn(state, FIGHT)
        msg = say(f"Fight Phase, {who} first, then clockwise: ", *_fight_turn(state, who)) if who else \
            say("Fight Phase: nobody can act; ", cmd("titans next"))
    if back:
        msg = say(msg, "; ", *joined([cmd("titans reenter", t, "CITY") for t in back]))
    return msg


def _fight_next(state: State) -> str:
    due = trial_due(state)
    if due:
        return say(f"{due[0]} faces the {due[1]} Rift's Trial: ", *trial_hints(*due))
    who = order.whose_turn(state, FIGHT)
    now = say(f"{who}'s turn: ", *_fight_turn(state, who), "; then ") if who else ""
    return say(now, "the Upgrade Phase: ", cmd("titans next"))


def _fight_turn(state: State, player: str) -> list:
    """What a player may do on their Fight turn now, as a line's parts: move (unless it has), attack
    the invaders where its Titan stands, on an empty rift face its Trial; or pass."""
    titan = state["players"][player]["titan"]
    t, rnd = state["titans"][titan], state["round"]
    moves = [] if titan in rnd["moved"] else [cmd("titans move", titan, "CITY")]
    foes = invaders_at(state, location(t))
    if foes:
        moves.append(cmd("titans attack", titan, successes="N", target=list(foes) if len(foes) > 1 else None))
    rift = t.get("rift")
    if rift and not foes and state["rifts"][rift]["trial"] in ("sealed", "revealed"):
        moves += [cmd("titans trial", titan, result, rift=rift) for result in ("pass", "fail")]
    return [*joined(moves), ", or " if moves else "", cmd("titans pass", player)]


def _upgrade_next(state: State) -> str:
    rnd = state["round"]
    waiting = repairs_to_roll(state)
    if not rnd["charged"] and waiting:
        return say("Repair Checks: ", *repair_hints(state, waiting, upgrade=False), "; then Development")
    who = order.whose_turn(state, DEVELOPMENT) if order.step_of(state) == DEVELOPMENT else None
    if who:
        return say(f"Development, {who} first: ", cmd("titans develop", who, "ACTION"), " (industry, army, research "
                   "or refresh), or ", cmd("titans pass", who), "; then Supports move; then ", cmd("titans ending"))
    who = order.whose_turn(state, SUPPORTS)
    if who:
        return say(f"Supports may move, {who} first (", order.hint(state, SUPPORTS, who), ", or ",
                   cmd("titans pass", who), "), then ", cmd("titans ending"))
    return say("Support Movement done: ", cmd("titans ending"))


def _ending_next(state: State) -> str:
    return say(f"Start turn {state['turn'] + 1}: ", opening_hint(state))


def _final_next(state: State) -> str:
    return say("Play the Final Episode from its card, then: ", cmd("titans end", "won"), " or ",
               cmd("titans end", "lost"))


NEXT = {SETUP: _setup_next, OPENING: _opening_next, FIGHT: _fight_next, UPGRADE: _upgrade_next,
        ENDING: _ending_next, FINAL: _final_next}
