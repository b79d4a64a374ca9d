"""The campaign as every chapter handles it: guards, paying (K12), save points (K8), the score.

Copying a state, the guards commands share (the campaign over, a combat or exploration
going on, before turn 1), paying Credits, the leader, Oxygen's maximum (3.6), the lines
Phase 1 still waits for (K5), Phase R's mark, save points, grade prices and the campaign
score (K9).
"""

from __future__ import annotations

import copy

from journal.errors import RuleError
from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.model.constants import (
    DIFFICULTY_TEXT,
    KNOWN_GRADE_PRICES,
    OXYGEN_BASE,
    SAVE_DIFFICULTIES,
    SCORE_FACTOR,
)
from journal.games.kraken.model.schema import SCHEMA_VERSION
from journal.lookup import find


def copy_state(state: dict) -> dict:
    return copy.deepcopy(state)


def refuse_if_over(s: dict) -> None:
    if s.get("result"):
        raise RuleError(f"the campaign is over ({s['result']}): nothing more happens on the story lines")


def refuse_busy(s: dict, what: str) -> None:
    """A turn or phase does not move on in the middle of a combat, an exploration or a flight."""
    if s.get("combat"):
        raise RuleError(f"{what}: a Space Combat is going on (journal kraken combat show says what comes next; or journal kraken combat end won|retreated|lost by hand)")
    if s.get("ground"):
        raise RuleError(f"{what}: a Ground Combat is going on (journal kraken ground show says what comes next; or journal kraken ground end won|escaped by hand)")
    if s.get("dungeon"):
        raise RuleError(f"{what}: the crew is exploring a Location (journal kraken dungeon leave WAY, or journal kraken dungeon exit on the last map)")
    if s.get("flight"):
        raise RuleError(f"{what}: the flight's new Location is not generated yet (journal kraken location generate "
                        f"--generator FILE, journal kraken location add …, journal kraken location event SHORT-FORM, "
                        f"or drop it: journal kraken flight-end)")


def refuse_setup(s: dict, what: str = "story lines are activated") -> None:
    if s["turn"] == 0:
        raise RuleError(f"{what} during a turn, and the first has not begun: "
                        f"`journal kraken turn` starts turn 1")


def credits_line(before: int, after: int) -> str:
    return f"Credits {before}¢ → {after}¢."


def pay_credits(s: dict, amount: int, what: str, lines: list[str], purchase: bool = True) -> int:
    """K12: a purchase you cannot cover is refused; a penalty takes all your Credits and
    nothing more. Returns what was paid."""
    have = s["credits"]
    if amount <= have:
        s["credits"] = have - amount
        lines.append(f"Pay {amount}¢ for {what}: " + credits_line(have, s["credits"]))
        return amount
    if purchase:
        raise RuleError(f"{what} costs {amount}¢ and you have {have}¢: a purchase you cannot cover is "
                        f"refused (rulings K12)")
    s["credits"] = 0
    lines.append(f"{what}: {amount}¢ due but you have {have}¢: pay all {have}¢ and nothing more "
                 f"(rulings K12).")
    return have


def set_leader(s: dict, leader: str | None, lines: list[str]) -> None:
    if leader is None:
        return
    if not s["crew"]:
        raise RuleError("--leader: there is no crew yet (journal kraken crew add ...)")
    name = find(s["crew"], leader, "crew member", "--leader")
    if name != s.get("leader"):
        lines.append(f"{name} leads the crew from the front (was {s.get('leader') or 'nobody'}).")
    s["leader"] = name


def oxygen_max(state: dict) -> int:
    return OXYGEN_BASE + state.get("oxygen_tanks", 0)


def pending(state: dict) -> list[str]:
    """Phase 1 (K5): the lines still to activate this turn, slot order."""
    if state["turn"] < 1 or state["phase"] != 1:
        return []
    return [slot for slot in SLOTS if slot in state["lines"] and slot not in state["done"]
            and slot != state.get("skipped") and not state["lines"][slot].get("standby")]


def mark_returned(s: dict) -> None:
    """Phase R (ch. 5): a Dungeon Exploration or a Ground Combat ended in this phase, so the
    crew may recover at its end (Phases 1 and 3)."""
    if s["turn"] >= 1 and s["phase"] in (1, 3):
        ret = s.setdefault("returned", [])
        if s["phase"] not in ret:
            ret.append(s["phase"])


def save_point(s: dict, where: str, out: list[str], meta: dict) -> None:
    if s["difficulty"] not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[s['difficulty']]} has no save points: there is no save-and-load "
                        f"(rulings K8)")
    old = s.get("savepoint")
    point = {"id": (old["id"] + 1) if old else 1, "turn": s["turn"], "at": where}
    s["savepoint"] = point
    meta["savepoint"] = point["id"]
    meta["schema"] = SCHEMA_VERSION
    meta["snapshot"] = copy.deepcopy(s)
    out.append(f"Save point {point['id']}: turn {s['turn']}, {where}. Photograph your CGM Line Tracker, "
               f"crew profiles and ship page, or keep `journal pdf`.")


def known_prices(s: dict, prices: dict | None = None) -> dict:
    """Item and weapon prices by grade: the ones our rulebook text prints (grade 3 12¢,
    grade 4 30¢) and the ones the player copied from their book (`grade-price`)."""
    out = {int(k): v for k, v in (s.get("grade_prices") or {}).items()}
    out.update(KNOWN_GRADE_PRICES)
    if prices:
        out.update({int(k): v for k, v in prices.items()})
    return out


def score(state: dict) -> dict:
    """K9: surviving crew levels, x1/2 (rounded up) / 1 / 2 / 3 by difficulty."""
    levels = sum(c["level"] for c in state["crew"].values())
    num, den = SCORE_FACTOR[state["difficulty"]]
    value = -(-levels * num // den)
    return {"levels": levels, "factor": num / den, "score": value, "difficulty": state["difficulty"]}
