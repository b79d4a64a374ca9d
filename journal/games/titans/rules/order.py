"""Whose turn it is: "starting from the Lead Character" and clockwise.

The rulebook orders four things that way: placing the Titans (Setup 13), the Fight
Phase ("Starting from the Lead Character, the Active Player can move his Titan", then
attacks), the Development actions and the Support Movement of the Upgrade Phase.
Players are listed in clockwise seating order, so the order of a turn is the player
list rotated to start at the Lead Character.

A step's turn passes on in that order. A player may act only when every player before
them has had their turn: a player who has not acted yet must act or pass
(the `pass` command) first. A player who has begun acting (moved, moved some
Supports) may go on until the next player acts, which ends their turn. Players who
cannot act in the step (a destroyed Titan in the Fight Phase, a Titan on a rift at
Development, no Supports to move) are skipped.

`round.done` holds the players whose turn in the current step is over; `round.acting`
the player who has begun theirs. Both restart with each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.titans.rules.model import DEVELOPMENT, FIGHT, OPENING, SETUP, SUPPORTS, UPGRADE
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.titans.tables import State, Titan


STEP_TEXT = {SETUP: "to place a Titan (Setup 13)", FIGHT: "in the Fight Phase",
             DEVELOPMENT: "to take a Development action", SUPPORTS: "to move Supports"}


def seat_order(state: State) -> list[str]:
    """The players from the Lead Character, clockwise (the seating order of `new`)."""
    players = list(state["players"])
    lead = state["lead"]
    i = players.index(lead) if lead in players else 0
    return players[i:] + players[:i]


def _titan(state: State, player: str) -> Titan:
    return state["titans"][state["players"][player]["titan"]]


def eligible(state: State, step: str, player: str) -> bool:
    """Whether `player` has something to do in `step` at all."""
    t = _titan(state, player)
    on_board = "city" in t or "rift" in t
    if step == SETUP:
        return not t["destroyed"] and not on_board
    if step == FIGHT:
        return not t["destroyed"] and on_board
    if step == DEVELOPMENT:
        return "rift" not in t and player not in state["round"]["developed"]
    return bool(state["players"][player]["supports"])


def _done(state: State, step: str) -> list[str]:
    """Whose turn in `step` is over (nobody's in a step that has not begun)."""
    if step == SETUP or (step == SUPPORTS and not state["round"]["supports_moved"]):
        return []
    return state["round"]["done"]


def waiting(state: State, step: str) -> list[str]:
    """The players still to have their turn in `step`, in order."""
    done = _done(state, step)
    return [p for p in seat_order(state) if p not in done and eligible(state, step, p)]


def step_of(state: State) -> str | None:
    """The ordered step a player's action belongs to now (None outside them)."""
    phase = state["phase"]
    if phase == SETUP:
        return SETUP
    if phase in (OPENING, FIGHT):
        return FIGHT
    if phase == UPGRADE:
        if state["round"]["supports_moved"] or not waiting(state, DEVELOPMENT):
            return SUPPORTS
        return DEVELOPMENT
    return None


def whose_turn(state: State, step: str | None = None) -> str | None:
    step = step or step_of(state)
    if step is None:
        return None
    w = waiting(state, step)
    return w[0] if w else None


def hint(state: State, step: str, player: str) -> str:
    """What `player` may do on their turn in `step`."""
    titan = state["players"][player]["titan"]
    if step == SETUP:
        return say(cmd("titans move", titan, "CITY"))
    if step == FIGHT:
        return f"move or attack with {titan}"
    if step == DEVELOPMENT:
        return say(cmd("titans develop", player, "ACTION"))
    cities = list(dict.fromkeys(sp["city"] for sp in state["players"][player]["supports"]))
    return say(cmd("titans supports", player, from_=cities[0] if len(cities) == 1 else "CITY", to="CITY"))


def turn(state: State, step: str, player: str) -> tuple[str | None, list[str]]:
    """(why `player` may not act now, or None; the players whose turn ends when they do).

    Judged on the state before the action. A player who cannot act in the step at all
    gets None here: the action's own checks say why.
    """
    rnd = state["round"]
    lead = state["lead"]
    if player in _done(state, step):
        nxt = [p for p in waiting(state, step)]
        after = f": it is {nxt[0]}'s turn now" if nxt else ""
        return f"{player}'s turn {STEP_TEXT[step]} is over this turn{after}", []
    closed: list[str] = []
    for p in waiting(state, step):
        if p == player:
            return None, closed
        if step != SETUP and p == rnd.get("acting"):
            closed.append(p)            # they have begun: acting after them ends their turn
            continue
        if step == SETUP:
            return say(f"it is {p}'s turn {STEP_TEXT[step]}, starting from the Lead Character ({lead}) and going "
                       f"clockwise: ", hint(state, step, p)), []
        return say(f"it is {p}'s turn {STEP_TEXT[step]} (starting from the Lead Character, {lead}, clockwise): ",
                   hint(state, step, p), ", or ", cmd("titans pass", p)), []
    return None, closed


def take(s: State, step: str, player: str, closed: list[str], finished: bool) -> None:
    """Record an action by `player` in `step` (after `turn` allowed it)."""
    if step == SETUP:
        return
    rnd = s["round"]
    for p in closed:
        if p not in rnd["done"]:
            rnd["done"].append(p)
    if finished:
        if player not in rnd["done"]:
            rnd["done"].append(player)
        rnd.pop("acting", None)
    else:
        rnd["acting"] = player


def restart(s: State) -> None:
    """A new step begins: nobody has had their turn in it yet."""
    rnd = s["round"]
    rnd["done"] = []
    rnd.pop("acting", None)


def missed(state: State, step: str) -> list[str]:
    """Players who never acted in `step` (it is ending): not done, not acting."""
    acting = state["round"].get("acting")
    return [p for p in waiting(state, step) if p != acting]
