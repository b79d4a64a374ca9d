"""Space combat phase 7, Recharge, and the loop: the combat ends or the next turn begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import RuleError
from journal.games.kraken.model.campaign import copy_state
from journal.games.kraken.model.combat import current_space_combat, ships_left
from journal.games.kraken.model.constants import TIMELINE_GAME_OVER, TIMELINE_SHIELDS, TIMELINE_TIME, TIMELINE_VICTORY
from journal.games.kraken.model.systems import working
from journal.games.kraken.space_combat.after import finish_combat
from journal.games.kraken.space_combat.objectives import check_repair_target, repair
from journal.games.kraken.space_combat.page import goto_step
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def combat_recharge(state: State, dice, cat: dict, drones: str | None = None) -> Outcome:
    """10 (7) and LOOP: shields recharge (yours and theirs, up to their maximum; theirs not
    in a Shields turn), Repair Drones mend a system or 3 SP, the crew marks are erased; then
    the combat ends (won, lost, retreated) or the next turn begins."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "recharge")
    out: list[str] = []
    ship = c["ship"]
    before = ship["shield"]
    ship["shield"] = min(ship["shield_max"], ship["shield"] + ship["recharge"])
    out.append(f"Recharge: your Shield {before} → {ship['shield']}/{ship['shield_max']}.")
    if c.get("event") == TIMELINE_SHIELDS:
        for e, saved in zip(c["enemies"], c.pop("saved_shields", []), strict=False):
            e["shield"] = min(e["shield_max"], saved)
        out.append("The enemies' shields come back as they were before the Shields turn (no recharge).")
    else:
        for i, e in enumerate(c["enemies"], 1):
            if e["sp"] > 0 and e["shield"] < e["shield_max"]:
                b = e["shield"]
                e["shield"] = min(e["shield_max"], e["shield"] + e["recharge"])
                if e["shield"] != b:
                    out.append(f"Enemy {i} Shield {b} → {e['shield']}/{e['shield_max']}.")
    if drones is not None:
        if not working(s, "Repair Drones"):
            raise RuleError("a repair by drones needs working Repair Drones")
        check_repair_target(s, c, drones)
        repair(s, c, cat, drones, out, "Repair Drones")
    result = _turn_end(s, c, out)
    data = {"turn": c["turn"], "result": result, "ship": c["ship"]}
    if result:
        return Outcome(s, f"Space Combat over: {result}", out, data)
    c["turn"] += 1
    c["step"] = "timeline"
    c["used"] = {}
    for k in ("event", "evaded", "boarded", "damaged_now", "fire"):
        c.pop(k, None)
    out.append(say(f"Every crew member is unused again. Space Combat turn {c['turn']}: ",
                   *(("activate the timeline (", cmd("kraken combat timeline"), ").")
                     if c["crossed"] < len(c["timeline"]) else ("objectives, repairs and fire (the timeline is empty).",))))
    data["turn"] = c["turn"]
    return Outcome(s, f"Space Combat turn {c['turn'] - 1} ends; turn {c['turn']} begins", out, data)


def _won(c: dict) -> bool:
    if c["objectives"]:
        return all(o["solved"] for o in c["objectives"])
    return not ships_left(c)


def _saved(c: dict) -> bool:
    """Game over / Time: 'destroy all Enemies or solve all objectives' this turn."""
    return not ships_left(c) or (bool(c["objectives"]) and all(o["solved"] for o in c["objectives"]))


def _turn_end(s: State, c: dict, out: list[str]) -> str | None:
    if _won(c):
        out.append("Every objective is solved: the Space Combat is won." if c["objectives"]
                   else "Every enemy is destroyed: the Space Combat is won.")
        finish_combat(s, c, "won", out)
        return "won"
    event = c.get("event")
    if event == TIMELINE_VICTORY:
        out.append("Victory: the enemies retreat: the Space Combat is won.")
        finish_combat(s, c, "won", out)
        return "won"
    if event == TIMELINE_GAME_OVER and not _saved(c):
        out.append("Game over: the enemies are not beaten by the end of the turn: your ship is destroyed.")
        finish_combat(s, c, "lost", out)
        return "lost"
    if event == TIMELINE_TIME and not _saved(c):
        out.append("Time: you lost too much time and retreat (you survive).")
        finish_combat(s, c, "retreated", out)
        return "retreated"
    return None
