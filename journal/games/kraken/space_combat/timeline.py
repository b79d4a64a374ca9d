"""Space combat phase 1, Manage the timeline: the leftmost command is activated and crossed out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import RuleError
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.combat import current_space_combat, ships_left
from journal.games.kraken.model.constants import (
    COMBAT_STEP_TEXT,
    TIMELINE_ATTACK,
    TIMELINE_BACKUP,
    TIMELINE_COMBAT,
    TIMELINE_EVADING,
    TIMELINE_GAME_OVER,
    TIMELINE_IDLE,
    TIMELINE_SHIELDS,
    TIMELINE_TIME,
    TIMELINE_VICTORY,
    TIMELINE_TEXT,
)
from journal.games.kraken.model.flight_table import parse_enemy
from journal.games.kraken.model.systems import working
from journal.games.kraken.model.checks import with_checks
from journal.games.kraken.space_combat.enemy_fire import enemy_fire, evade_hint, fire_checks
from journal.games.kraken.space_combat.page import (
    BOARD_CREW_LEFT,
    BOARD_MIN_CREW,
    BOARD_SHIELD,
    after_timeline,
    page_filled,
)
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def combat_timeline(state: State, dice: Dice, cat: dict, evade=(), evade_enemy: int | None = None, shields=(),
                    ask_evade: bool = False, evade_after=(), no_evade: bool = False) -> Outcome:
    """10 (1): activate the leftmost timeline command and cross it out. Attack: the
    enemies fire at once (and again in phase 4); Backup: destroyed enemies are replaced;
    Combat: ships with 4+ crew board you if your Shield is 3 or less; Evading: +1 to hit
    them; Game over / Time / Victory: checked at the turn's end; Idle: no enemy fire;
    Shields: theirs are down this turn."""
    s = copy_state(state)
    c = current_space_combat(s)
    page_filled(c)
    if c["step"] != "timeline":
        raise RuleError(f"the timeline is activated at the start of a combat turn; this turn is at "
                        f"{COMBAT_STEP_TEXT[c['step']]}")
    out: list[str] = []
    if c["crossed"] >= len(c["timeline"]):
        c["step"] = "objectives"
        out.append("The timeline is empty: nothing happens.")
        out.append(after_timeline(c))
        return Outcome(s, f"Space Combat turn {c['turn']}: timeline empty", out, {"code": None})
    code = c["timeline"][c["crossed"]]
    c["crossed"] += 1
    c["step"] = "objectives"
    data: dict = {"code": code, "cell": c["crossed"]}
    out.append(f"Timeline cell {c['crossed']}: {code} ({TIMELINE_TEXT[code]}): cross it out.")
    if code != "-":
        c["event"] = code
    if code == TIMELINE_ATTACK:
        out.append("Attack: the enemies fire at once (and again in phase 4).")
        data["fire"] = enemy_fire(s, c, dice, cat, evade, evade_enemy, shields, out, ask_evade, evade_after,
                                  no_evade=no_evade, command="kraken combat timeline")
        hint = evade_hint(s, c) if s.get("combat") else None
        if hint:
            out.append(hint)
    elif code == TIMELINE_BACKUP:
        out.append(backup(c))
    elif code == TIMELINE_COMBAT:
        out.append(combat(s, c))
    elif code == TIMELINE_SHIELDS:
        shields_down(c)
        out.append(TIMELINE_SAYS[code])
    else:
        out.append(TIMELINE_SAYS.get(code, "An empty cell: nothing happens."))
    if s.get("combat"):
        out.append(after_timeline(c))
    return Outcome(s, f"Space Combat turn {data.get('turn', c['turn'])}: timeline {code} ({TIMELINE_TEXT[code]})",
                   out, data, with_checks({}, fire_checks(data.get("fire", []))))


# what a timeline command says when it is activated, where it changes nothing on the page at once
TIMELINE_SAYS = {
    TIMELINE_EVADING: "Evading: this turn you need one more on the hit roll.",
    TIMELINE_GAME_OVER: "Game over: destroy every enemy or solve every objective by the end of this turn, or the "
                        "ship is destroyed.",
    TIMELINE_IDLE: "Idle: the enemies do not fire this turn (phase 4 is skipped).",
    TIMELINE_SHIELDS: "Shields: the enemies' shields are down this turn and do not recharge; next turn they come "
                      "back as they were.",
    TIMELINE_TIME: "Time: destroy every enemy or solve every objective this turn, or retreat at its end (no dice "
                   "modifications or smuggling bonus, no landing this turn).",
    TIMELINE_VICTORY: "Victory: at the end of this turn the enemies retreat and you win.",
}


def backup(c: dict) -> str:
    """B: destroyed enemies are replaced by a new ship at full strength."""
    back = []
    for i, e in enumerate(c["enemies"]):
        if e["sp"] == 0:
            c["enemies"][i] = parse_enemy(e["spec"])
            back.append(i + 1)
    return "Backup: " + (f"enemy {', '.join(map(str, back))} replaced by a new ship at full strength."
                         if back else "no enemy was destroyed, so none is replaced.")


def combat(s: State, c: dict) -> str:
    """C: ships with 4+ crew board you if your Shield is 3 or less (not with Boarding Shields)."""
    if working(s, "Boarding Shields"):
        return "Combat: the Boarding Shields keep every boarding party off your ship."
    if c["ship"]["shield"] > BOARD_SHIELD:
        return f"Combat: your Shield is {c['ship']['shield']} (more than {BOARD_SHIELD}): nobody boards."
    boarders = [i for i in ships_left(c) if c["enemies"][i - 1]["crew"] >= BOARD_MIN_CREW]
    if not boarders:
        return "Combat: no enemy ship has 4 or more crew: nobody boards."
    c["boarders"] = boarders
    return say(f"Combat: your Shield is {c['ship']['shield']}: enemy {', '.join(map(str, boarders))} "
               f"board{'s' if len(boarders) == 1 else ''} your ship (each leaves {BOARD_CREW_LEFT} crew "
               f"aboard). Defend: ", cmd("kraken combat repel", "N", crew="NAME"), " for each (choose the order).")


def shields_down(c: dict) -> None:
    """S: the enemies' shields are down this turn (kept, to come back next turn)."""
    c["saved_shields"] = [e["shield"] for e in c["enemies"]]
    for e in c["enemies"]:
        e["shield"] = 0
