"""The campaign as every chapter handles it: guards, paying (K12), save points (K8), the score.

Copying a state, the guards commands share (the campaign over, a combat or exploration
going on, before turn 1), paying Credits, the leader, Oxygen's maximum (3.6), the lines
Phase 1 still waits for (K5), Phase R's mark, save points, grade prices and the campaign
score (K9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.errors import InputError, RuleError, typed
from journal.games.kraken.cgm import SLOTS
from journal.games.kraken.migrations import SCHEMA_VERSION
from journal.games.kraken.model.commands import COMBAT_ENDS, CREW_ADD, GROUND_ENDS, LOCATION_ADD, LOCATION_GENERATE
from journal.games.kraken.model.constants import (
    DIFFICULTY_TEXT,
    FREE_ACTION_TEXT,
    GRADE_PRICES,
    OXYGEN_BASE,
    SAVE_DIFFICULTIES,
    SCORE_FACTOR,
)
from journal.hints import cmd, say
from journal.outcome import copy_state  # the core's deep copy of TOML data, used by every chapter
from journal.outcome import refuse_if_over as over

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def campaign_result(s: State) -> str | None:
    """Whether the campaign is over: won or lost as recorded (`kraken end`, a lost combat), or lost
    because no crew member is left once turn 1 has begun (3.9 "If all of your Crew Members are
    dead ... you have lost the game"), however they died (by hand too: `crew hp`, `set`)."""
    if s.get("result") in ("won", "lost"):
        return s["result"]
    if s.get("turn", 0) >= 1 and not s.get("crew"):
        return "lost"
    return None


def refuse_if_over(s: State) -> None:
    """Nothing more happens once the campaign is over (won or lost, `campaign_result`)."""
    result = campaign_result(s)
    why = " (no crew member is left)" if result == "lost" and not s.get("result") else ""
    over(result, f"the campaign was {result}{why}, nothing more happens on the story lines")


def crew_lost(s: State, out: list[str]) -> None:
    """3.9: once turn 1 has begun, the last crew member gone loses the campaign, however it
    happened: it is recorded, as a lost Space Combat records it."""
    if s["turn"] >= 1 and not s["crew"] and not s.get("result"):
        s["result"] = "lost"
        out.append("No crew member is left: the campaign is lost (3.9).")


def refuse_busy(s: State, what: str) -> None:
    """A turn or phase does not move on in the middle of a combat, an exploration or a flight."""
    if s.get("combat"):
        raise RuleError(say(f"{what}: a Space Combat is going on (", cmd("kraken combat show"), " says what comes "
                            "next; or by hand: ", COMBAT_ENDS, ")"))
    if s.get("ground"):
        raise RuleError(say(f"{what}: a Ground Combat is going on (", cmd("kraken ground show"), " says what comes "
                            "next; or by hand: ", GROUND_ENDS, ")"))
    if s.get("dungeon"):
        raise RuleError(say(f"{what}: the crew is exploring a Location (", cmd("kraken dungeon leave", "WAY"),
                            ", or ", cmd("kraken dungeon exit"), " on the last map)"))
    if s.get("flight"):
        raise RuleError(say(f"{what}: the flight's new Location is not generated yet (", LOCATION_GENERATE, ", ",
                            LOCATION_ADD, ", ", cmd("kraken location event", "SHORT-FORM"), ", or drop it: ",
                            cmd("kraken flight-end"), ")"))


def refuse_setup(s: State, what: str = "story lines are activated") -> None:
    if s["turn"] == 0:
        raise RuleError(say(f"{what} during a turn, and the first has not begun: `", cmd("kraken turn"),
                            "` starts turn 1"))


def credits_line(before: int, after: int) -> str:
    return f"Credits {before}¢ → {after}¢."


def pay_credits(s: State, amount: int, what: str, lines: list[str], purchase: bool = True) -> int:
    """K12: a purchase you cannot cover is refused; a penalty takes all your Credits and
    nothing more. Returns what was paid."""
    have = s["credits"]
    if amount <= have:
        s["credits"] = have - amount
        lines.append(f"Pay {amount}¢ for {what}: " + credits_line(have, s["credits"]))
        return amount
    if purchase:
        raise RuleError(f"{what} costs {amount}¢ and you have {have}¢: a purchase you cannot cover is "
                        f"refused (rules note K12)")
    s["credits"] = 0
    lines.append(f"{what}: {amount}¢ due but you have {have}¢: pay all {have}¢ and nothing more "
                 f"(rules note K12).")
    return have


def known(table, key: str, what: str) -> str:
    """A name the command found in the campaign (cli/common.py): the save's own key, else refused."""
    if key in table:
        return key
    article = "an" if what[:1] in "aeiou" else "a"
    among = f"one of {', '.join(table)}" if table else "there is none"
    raise InputError(f"{typed(key)} is not {article} {what}: {among}")


def set_leader(s: State, leader: str | None, lines: list[str]) -> None:
    if leader is None:
        return
    if not s["crew"]:
        raise RuleError(say("there is no crew to lead yet (", CREW_ADD, ")"))
    name = known(s["crew"], leader, "crew member")
    if name != s.get("leader"):
        lines.append(f"{name} leads the crew from the front (was {s.get('leader') or 'nobody'}).")
    s["leader"] = name


def oxygen_max(state: State) -> int:
    return OXYGEN_BASE + state.get("oxygen_tanks", 0)


def pending(state: State) -> list[str]:
    """Phase 1 (K5): the lines still to activate this turn, slot order."""
    if state["turn"] < 1 or state["phase"] != 1:
        return []
    return [slot for slot in SLOTS if slot in state["lines"] and slot not in state["done"]
            and slot != state.get("skipped") and not state["lines"][slot].get("standby")]


def exploration_phase(s: State, out: list[str], slot: str | None = None) -> None:
    """When a Dungeon Exploration may begin (ch. 5, 8): as Phase 3's ONE free action (a
    known Location; or landing after the flight that was the free action, on the Location
    it found: `slot`); or because an event starts it (a line's activation: Phase 1, or the
    line activated again in Phase 3). Never in Phases 2, 4 (its short visit is no
    exploration) or 5, nor before turn 1."""
    if s["turn"] == 0:
        raise RuleError(say("a Dungeon Exploration happens during a turn, and the first has not begun: `",
                            cmd("kraken turn"), "` starts turn 1"))
    p = s["phase"]
    if p == 1:
        return                                            # an event's exploration
    if p != 3:
        visit = ((" (the short visit: ", cmd("kraken visit", "SLOT", "MAP", "KIND", "TILE"), ")") if p == 4 else ())
        raise RuleError(say(f"a Dungeon Exploration is Phase 3's free action (or an event's, in Phase 1), and this is "
                            f"Phase {p}", *visit))
    fa = s.get("free_action")
    if fa is None or (fa == "location" and not s.get("free_used")):
        s["free_action"], s["free_used"] = "location", True
        out.append("Phase 3 free action: a visit to a known Location.")
        return
    if fa == "flight" and 3 not in s.get("returned", []):
        landing_after_flight(s, slot)
        return
    if fa == "line":
        return                                            # an event of the line activated again
    what = FREE_ACTION_TEXT[fa] + (", made already" if fa in ("location", "flight") else "")
    raise RuleError(f"Phase 3 is ONE free action, and this turn's was {what}: no other Dungeon Exploration this "
                    f"turn unless an event starts one")


def landing_after_flight(s: State, slot: str | None) -> None:
    """Ch. 8: "Initiate a space flight to potentially discover and land at a new Location":
    after the turn's flight the crew lands on the Location it found, and on no other."""
    found = s.get("found")
    if slot is None or slot == found:
        return
    if found is None:
        raise RuleError("Phase 3 is ONE free action, and this turn's was a space flight that found no Location: "
                        "no Dungeon Exploration this turn unless an event starts one")
    raise RuleError(f"Phase 3 is ONE free action, and this turn's was a space flight: the crew lands on the "
                    f"Location it found (MAP{found}), not on MAP{slot}")


def mark_returned(s: State) -> None:
    """Phase R (ch. 5): a Dungeon Exploration or a Ground Combat ended in this phase, so the
    crew may recover at its end (Phases 1 and 3)."""
    if s["turn"] >= 1 and s["phase"] in (1, 3):
        ret = s.setdefault("returned", [])
        if s["phase"] not in ret:
            ret.append(s["phase"])


def save_point(s: State, where: str, out: list[str], meta: dict) -> None:
    if s["difficulty"] not in SAVE_DIFFICULTIES:
        raise RuleError(f"{DIFFICULTY_TEXT[s['difficulty']]} has no save points: there is no save-and-load "
                        f"(rules note K8)")
    old = s.get("savepoint")
    point = {"id": (old["id"] + 1) if old else 1, "turn": s["turn"], "at": where}
    s["savepoint"] = point
    meta["savepoint"] = point["id"]
    meta["schema"] = SCHEMA_VERSION
    meta["snapshot"] = copy_state(s)
    out.append(say(f"Save point {point['id']}: turn {s['turn']}, {where}. Photograph your CGM Line Tracker, "
                   f"crew profiles and ship page, or keep `", cmd("pdf"), "`."))


def known_prices(s: State) -> dict[int, int]:
    """Item and weapon prices by grade, the one place the rules read them: the ones our rulebook
    text prints (GRADE_PRICES: grade 3 12¢, grade 4 30¢) and the ones the player copied from
    their book (`grade-price`, state.grade_prices)."""
    out = {int(k): v for k, v in (s.get("grade_prices") or {}).items()}
    out.update(GRADE_PRICES)
    return out


def score(state: State) -> dict:
    """K9: surviving crew levels, x1/2 (rounded up) / 1 / 2 / 3 by difficulty."""
    levels = sum(c["level"] for c in state["crew"].values())
    num, den = SCORE_FACTOR[state["difficulty"]]
    value = -(-levels * num // den)
    return {"levels": levels, "factor": num / den, "score": value, "difficulty": state["difficulty"]}
