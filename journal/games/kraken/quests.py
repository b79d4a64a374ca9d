"""Quests (rules note K13): accepting, working on, the urgent quests' timer, solving, failing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, credits_line, known, pay_credits, refuse_setup
from journal.games.kraken.model.constants import MAX_TICKS
from journal.games.kraken.model.exploration import one_trade
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def quest_add(state: State, dice: Dice, name: str, urgent: bool = False, reward: str | None = None,
              penalty: str | None = None, penalty_credits: int | None = None, note: str | None = None,
              capture: bool = False) -> Outcome:
    """A quest from a Quest Master (its sheet, book p. 160, gives the reward, the penalty
    and whether it is urgent) or an event. Standing on a Quest Master tile, the quest
    remembers it. `capture`: a 'Capture' quest, completed by handing over a carried
    captive (ch. 4)."""
    s = copy_state(state)
    name = str(name).strip()
    if not name:
        raise InputError("name the quest")
    if already(s["quests"], name):
        raise RuleError(f"there is a quest {already(s['quests'], name)} already")
    q: dict = {"urgent": urgent, "activated": False}
    if capture:
        q["capture"] = True
    d = s.get("dungeon")
    if d and str(d.get("at", "")).startswith("quest-master:"):
        one_trade(s, f"accepting the quest {name}")
        q["master"] = f"MAP{d['location']} map {d['map']} {d['at'].partition(':')[2]}"
    if urgent:
        q["ticks"] = 0
    for k, v in (("reward", reward), ("penalty", penalty), ("note", note)):
        if v and v.strip():
            q[k] = v.strip()
    if penalty_credits is not None:
        if penalty_credits < 0:
            raise InputError(f"a penalty in Credits is 0 or more, not {penalty_credits}")
        q["penalty_credits"] = penalty_credits
    s["quests"][name] = q
    out = [f"Write the quest {name} in the Notes/Quests section of the ship page"
           + (" with an empty timer (urgent: the fourth tick fails it)." if urgent else ".")]
    if capture:
        out.append(say("A Capture quest: bring the alien back alive, carried by a crew member (",
                       cmd("kraken quest done", as_hint_word(name), captive="LABEL"), ")."))
    return Outcome(s, f"Quest accepted: {name}" + (" (urgent)" if urgent else ""), out, {"quest": name, **q})


def as_hint_word(name: str) -> str:
    """A quest's name as a hint writes it: itself, or NAME when it holds a character a hint reads
    as alternatives or an elision ([ ] | …), so that the hint stays one command to paste."""
    return "NAME" if any(c in name for c in "[]|…") else name


def quest_activate(state: State, dice: Dice, name: str) -> Outcome:
    """K13: an urgent quest worked on this turn gets no tick in Phase 5."""
    s = copy_state(state)
    refuse_setup(s, "quests are worked on")
    key = known(s["quests"], name, "quest")
    s["quests"][key]["activated"] = True
    msg = f"Quest {key} activated this turn"
    extra = " (no timer tick in Phase 5)" if s["quests"][key]["urgent"] else ""
    return Outcome(s, msg, [msg + extra + "."], {"quest": key})


def quest_timer(s: State, out: list[str]) -> list[str]:
    """K13: each urgent quest not activated this turn gets a tick; the fourth fails it."""
    notes = []
    for name in list(s["quests"]):
        q = s["quests"][name]
        if not q["urgent"]:
            continue
        if q["activated"]:
            out.append(f"Quest {name} was activated this turn: no tick.")
            continue
        q["ticks"] += 1
        if q["ticks"] >= MAX_TICKS:
            _fail_quest(s, name, out, "fourth tick")
            notes.append(f"quest {name} failed (fourth tick)")
        else:
            out.append(f"Quest {name}: draw tick {q['ticks']} in its timer ({MAX_TICKS - q['ticks']} before it fails).")
            notes.append(f"quest {name} tick {q['ticks']}")
    return notes


def _fail_quest(s: State, name: str, out: list[str], why: str) -> None:
    q = s["quests"].pop(name)
    out.append(f"Quest {name} fails ({why}): pay the penalty and erase it"
               + (f": {q['penalty']}" if q.get("penalty") else "") + ".")
    if q.get("penalty_credits"):
        pay_credits(s, q["penalty_credits"], f"the {name} penalty", out, purchase=False)


def quest_tick(state: State, dice: Dice, name: str, delta: int) -> Outcome:
    """A2: ticks by hand; a fourth tick fails the quest as in Phase 5."""
    s = copy_state(state)
    key = known(s["quests"], name, "quest")
    q = s["quests"][key]
    if not q["urgent"]:
        raise RuleError(f"{key} is not urgent: it has no timer")
    target = q["ticks"] + delta
    if target < 0:
        raise InputError(f"{key} has {plural(q['ticks'], 'tick')}: cannot take away {-delta}")
    out: list[str] = []
    if target >= MAX_TICKS:
        q["ticks"] = MAX_TICKS - 1
        _fail_quest(s, key, out, "fourth tick")
        return Outcome(s, f"Quest {key} failed (fourth tick, by hand)", out, {"quest": key, "failed": True})
    q["ticks"] = target
    msg = f"Quest {key}: {plural(target, 'tick')}"
    return Outcome(s, msg + " (by hand)", [msg + "."], {"quest": key, "ticks": target})


def quest_done(state: State, dice: Dice, name: str, credits: int = 0, xp: int = 0,
               captive: str | None = None) -> Outcome:
    """A quest solved: erase it and take its reward. A Capture quest takes a captive that a
    crew member carries (ch. 4), which is handed over."""
    s = copy_state(state)
    key = known(s["quests"], name, "quest")
    q = s["quests"].pop(key)
    if credits < 0 or xp < 0:
        raise InputError("a reward in Credits or XP is 0 or more")
    out = [f"Quest {key} solved: erase it" + (f" and take the reward: {q['reward']}" if q.get("reward") else "") + "."]
    if captive is not None or q.get("capture"):
        caps = s.get("captives") or {}
        if captive is None:
            raise RuleError(say(f"{key} is a Capture quest: name the captive you hand over (",
                                cmd("kraken quest done", key, captive="LABEL"),
                                f"; captives: {', '.join(caps) or 'none'}); captured aliens must be carried by a crew "
                                f"member"))
        ckey = known(caps, captive, "captive")
        cap = caps.pop(ckey)
        if not caps:
            del s["captives"]
        out.append(f"{cap['carrier']} hands over the captured {cap['name']} ({ckey}).")
    if credits:
        before = s["credits"]
        s["credits"] += credits
        out.append(credits_line(before, s["credits"]))
    if xp:
        before = s["xp"]
        s["xp"] += xp
        out.append(f"XP {before} → {s['xp']}.")
    return Outcome(s, f"Quest solved: {key}" + (f" (+{credits}¢)" if credits else "") + (f" (+{xp} XP)" if xp else ""),
                   out, {"quest": key, "credits": s["credits"], "xp": s["xp"]})


def quest_fail(state: State, dice: Dice, name: str) -> Outcome:
    s = copy_state(state)
    key = known(s["quests"], name, "quest")
    out: list[str] = []
    _fail_quest(s, key, out, "given up or lost")
    return Outcome(s, f"Quest failed: {key}", out, {"quest": key, "credits": s["credits"]})
