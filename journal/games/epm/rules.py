"""War With the Evil Power Master: the rules as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness, and never mutates the state it is given. Rule labels
(E1-E8) are the rules notes of docs/epm.md.
"""

from __future__ import annotations

from itertools import product

from journal.errors import InputError, RuleError, typed
from journal.lookup import find, shell_quote
from journal.outcome import Outcome, copy_state

TYPES = ("piloting", "diplomacy", "dexterity", "perception", "strength")
COLORS = {"blue": (4, 6), "yellow": (6, 8), "pink": (8, 10)}  # Signal Booster Disc ranges
EFFECTS = ("+1", "+2", "+3", "twice")
PHASES = ("exploring", "en_route", "showdown", "won", "lost")
STATUSES = ("face_down", "flipped", "discarded")
TRACK_MAX = 25  # E1: both trackers run 0..25
STORY_CARDS = 13
SHOWDOWN_CARD = 13
EPM_PER_SEGMENT = 2  # E6
PHASE_TEXT = {"exploring": "exploring", "en_route": "en route", "showdown": "Final Showdown",
              "won": "won", "lost": "lost"}


def challenge_level(signal: int) -> int:
    """E2: Signal 0-6 → 4, 7-12 → 5, 13 or higher → 6."""
    if signal <= 6:
        return 4
    if signal <= 12:
        return 5
    return 6


# --- lookups ----------------------------------------------------------------



def _copy(state: dict) -> dict:
    return copy_state(state)


def _refuse_if_over(state: dict) -> None:
    if state["phase"] == "won":
        raise RuleError("the campaign is over: the Evil Power Master was defeated (journal undo, or start anew)")
    if state["phase"] == "lost":
        raise RuleError("the campaign is over: the Evil Power Master won (journal undo, or start anew)")


def _active(state: dict) -> list[str]:
    return [n for n, c in state["characters"].items() if c["active"]]


def face_down(state: dict) -> list[str]:
    """E6: legal destinations are planets whose disc is still face down."""
    return [n for n, p in state["planets"].items() if p["status"] == "face_down"]


def _level_note(before: int, after: int) -> list[str]:
    a, b = challenge_level(before), challenge_level(after)
    return [f"Challenge level is now {b} (was {a})."] if a != b else []


def _all_active(state: dict) -> None:
    for c in state["characters"].values():
        c["active"] = True


def _start_showdown(state: dict, lines: list[str]) -> None:
    """E8: Signal 25 → Story Card 13 of the current planet; everyone Active."""
    state["phase"] = "showdown"
    state["card"] = SHOWDOWN_CARD
    state.pop("showdown_card", None)
    state.pop("last_challenge", None)
    _all_active(state)
    lines.append(f"Signal 25: go to Story Card 13 of {state['planet']} — Final Showdown.")
    lines.append("Make all characters Active. Characters may freely exchange item cards. "
                 "Take the Final Showdown deck Story Card 13 names.")


def _set_tracker(state: dict, tracker: str, value: int, lines: list[str], why: str = "") -> tuple[int, int, bool]:
    """Move a tracker, clamped to 0..25 (E1); apply what reaching 25 means (E8)."""
    before = state[tracker]
    clamped = max(0, min(TRACK_MAX, value))
    state[tracker] = clamped
    label = "Signal Tracker" if tracker == "signal" else "EPM Meter"
    capped = "" if clamped == value else f" (capped at {clamped})"
    if clamped != before:
        verb = "Raise" if clamped > before else "Lower"
        lines.append(f"{verb} the {label} {before} → {clamped}{capped}{why}.")
    else:
        lines.append(f"The {label} stays at {clamped}{capped}.")
    if tracker == "signal":
        lines.extend(_level_note(before, clamped))
        if clamped == TRACK_MAX and state["phase"] in ("exploring", "en_route"):
            _start_showdown(state, lines)
    elif clamped == TRACK_MAX and state["phase"] != "lost":
        state["phase"] = "lost"
        lines.append("The EPM Meter reached 25: the Evil Power Master wins. The game is lost.")
    return before, clamped, clamped != value


# --- setting up -------------------------------------------------------------

def new(characters: list[tuple[str, dict]], planets: list[tuple[str, str]], at: str,
        signal: int = 0, epm: int = 0, starters: list[tuple[str, str]] = ()) -> Outcome:
    """Start a campaign: characters Active, discs face down, the party on `at` (E1)."""
    if not characters:
        raise InputError("--character is required: at least one, e.g. --character \"Ana:piloting=1\"")
    if not planets:
        raise InputError("--planet is required: at least one, e.g. --planet Zorb:blue")
    state = {"signal": 0, "epm": 0, "phase": "exploring", "planet": "", "card": 1, "visit": 1,
             "characters": {}, "items": {}, "planets": {}}
    for name, profs in characters:
        _unique(state["characters"], name, "character")
        state["characters"][name] = {"active": True, **{t: profs.get(t, 0) for t in TYPES}}
    for name, color in planets:
        _unique(state["planets"], name, "planet")
        state["planets"][name] = {"color": color, "status": "face_down"}
    state["planet"] = find(state["planets"], at, "planet", "--at")
    for item, owner in starters:
        _unique(state["items"], item, "item")
        state["items"][item] = {"owner": find(state["characters"], owner, "character", "--starter"),
                                "kind": "assist"}
    if not 0 <= signal <= TRACK_MAX:
        raise InputError(f"--signal {signal} is outside 0..{TRACK_MAX}")
    if not 0 <= epm < TRACK_MAX:
        raise InputError(f"--epm {epm} is outside 0..{TRACK_MAX - 1} (at 25 the game is already lost)")
    state["epm"] = epm
    names = ", ".join(state["characters"])
    lines = [f"War With the Evil Power Master: {names} begin on {state['planet']}.",
             f"Set the Signal Tracker to {signal} and the EPM Meter to {epm}; all characters Active.",
             f"Place the Ship Mover on {state['planet']} and take its 13 Story Cards, Book Cover Card on top.",
             f"Read Story Card 1 of {state['planet']}."]
    state["signal"] = signal
    if signal == TRACK_MAX:
        _start_showdown(state, lines)
    summary = f"Campaign begins on {state['planet']} with {names} (Signal {signal}, EPM {epm})"
    return Outcome(state, summary, lines, {"state": state})


def _unique(table: dict, name: str, what: str) -> None:
    if not name.strip():
        raise InputError(f"a {what} name is empty")
    if any(k.casefold() == name.casefold() for k in table):
        raise InputError(f"two {what}s are named {typed(name)}: names must differ (ignoring case)")


# --- challenges ----------------------------------------------------------------

def _booster(state: dict, item: str | None, character: str, ctype: str) -> tuple[str | None, dict | None]:
    """E4: one booster, owned by the challenger, matching the challenge type."""
    if item is None:
        return None, None
    key = find(state["items"], item, "item", "--booster")
    it = state["items"][key]
    if it["kind"] != "booster":
        raise RuleError(f"{key} is an Assist Item, not a Challenge Booster: use it with "
                        f"`journal epm item use {shell_quote(key)}`")
    if it["owner"] != character:
        raise RuleError(f"{key} belongs to {it['owner']}, not {character}: only the challenger's own "
                        f"booster can be used")
    if it["type"] != ctype:
        raise RuleError(f"{key} boosts {it['type']} challenges, not {ctype}")
    return key, it


def challenge_params(state: dict, ctype: str, character: str, booster: str | None):
    """The numbers a challenge is rolled with: (character, booster key, item, level, proficiency, bonus, dice)."""
    name = find(state["characters"], character, "character", "--character")
    key, it = _booster(state, booster, name, ctype)
    level = challenge_level(state["signal"])
    prof = state["characters"][name].get(ctype, 0)  # a missing proficiency is 0
    bonus = int(it["effect"]) if it and it["effect"] != "twice" else 0
    n_dice = 2 if it and it["effect"] == "twice" else 1
    return name, key, it, level, prof, bonus, n_dice


def challenge(state: dict, dice, ctype: str, character: str, booster: str | None = None,
              retry: bool = False) -> Outcome:
    """Steps 1-4 of a Challenge (E2-E5)."""
    _refuse_if_over(state)
    if ctype not in TYPES:
        raise InputError(f"{typed(ctype)} is not a challenge type: expected one of {', '.join(TYPES)}")
    name, key, it, level, prof, bonus, n_dice = challenge_params(state, ctype, character, booster)
    s = _copy(state)
    char = s["characters"][name]
    if not char["active"]:
        raise RuleError(f"{name} is Inactive: only Active characters may perform challenges "
                        f"(Active: {', '.join(_active(s))})")
    last = s.get("last_challenge")
    if retry:
        if not last:
            raise RuleError("--retry: there is no earlier challenge to try again")
        if last["type"] != ctype:
            raise RuleError(f"--retry: the challenge to try again is {last['type']}, not {ctype}")
        if last["character"] == name:
            raise RuleError(f"--retry: {name} just tried; a different Active character must try again (E5)")
    faces = [dice.roll(6) for _ in range(n_dice)]
    total = sum(faces) + prof + bonus
    win = total >= level
    destroyed = key is not None and 1 in faces
    lines = []
    parts = " + ".join(str(f) for f in faces)
    calc = parts + (f" {prof:+d} {ctype}" if prof else "") + (f" {bonus:+d} {key}" if bonus else "")
    result = "WIN" if win else "LOSE"
    summary = f"{name}: {ctype} challenge (level {level}): {calc} = {total} → {result}"
    if retry:
        summary += " (retry)"
    lines.append(f"{ctype.capitalize()} challenge, level {level} (Signal {s['signal']}).")
    lines.append(f"{name} rolls {calc} = {total}: {result}. Follow the {result} instructions.")
    if destroyed:
        del s["items"][key]
        lines.append(f"Discard the {key} booster: a 1 was rolled with it (its effect still counts).")
    char["active"] = False
    lines.append(f"Flip {name} to Inactive.")
    again = False
    if not _active(s):
        _all_active(s)
        again = True
        lines.append("All characters are Active again: flip every character card to Active.")
    s["last_challenge"] = {"type": ctype, "character": name, "result": "win" if win else "lose"}
    data = {"type": ctype, "character": name, "level": level, "dice": faces, "proficiency": prof,
            "booster": key, "bonus": bonus, "total": total, "result": "win" if win else "lose",
            "booster_destroyed": destroyed, "all_active_again": again}
    return Outcome(s, summary, lines, data)


def odds(state: dict, ctype: str, character: str, booster: str | None = None) -> dict:
    """The exact chance to win a challenge before rolling (and to lose the booster)."""
    if ctype not in TYPES:
        raise InputError(f"{typed(ctype)} is not a challenge type: expected one of {', '.join(TYPES)}")
    name, key, it, level, prof, bonus, n_dice = challenge_params(state, ctype, character, booster)
    outcomes = list(product(range(1, 7), repeat=n_dice))
    wins = sum(1 for faces in outcomes if sum(faces) + prof + bonus >= level)
    ones = sum(1 for faces in outcomes if 1 in faces) if key else 0
    return {"type": ctype, "character": name, "level": level, "proficiency": prof, "booster": key,
            "bonus": bonus, "dice": n_dice, "p_win": wins / len(outcomes),
            "p_booster_destroyed": ones / len(outcomes), "active": state["characters"][name]["active"]}


# --- planets --------------------------------------------------------------------

def travel(state: dict, dice, planet: str, segments: int) -> Outcome:
    """E6: go to a planet whose disc is face down; EPM +2 per path segment."""
    _refuse_if_over(state)
    if state["phase"] == "showdown":
        raise RuleError("the Final Showdown is under way: there is no more travelling")
    if state["phase"] != "en_route":
        raise RuleError(f"the visit to {state['planet']} has not ended: record `journal epm data-find --boost N` "
                        f"or `journal epm the-end` first")
    if not 1 <= segments <= 99:
        raise InputError(f"--segments {segments}: expected the number of path segments travelled, 1 or more")
    key = find(state["planets"], planet, "planet")
    allowed = face_down(state)
    if key not in allowed:
        status = state["planets"][key]["status"].replace("_", " ")
        where = f"; you may travel to {', '.join(allowed)}" if allowed else "; no planet has a face-down disc left"
        raise RuleError(f"{key}'s disc is {status}: you may only travel to planets whose disc is face down"
                        f"{where}")
    s = _copy(state)
    lines = []
    why = f" ({segments} segment{'s' if segments != 1 else ''} × {EPM_PER_SEGMENT})"
    before, after, _ = _set_tracker(s, "epm", s["epm"] + EPM_PER_SEGMENT * segments, lines, why)
    summary = f"Travelled {s['planet']} → {key}, {segments} segment(s): EPM {before} → {after}"
    if s["phase"] == "lost":
        return Outcome(s, summary + " — the Evil Power Master wins", lines,
                       {"planet": key, "epm": after, "phase": "lost"})
    s["planet"] = key
    s["phase"] = "exploring"
    s["card"] = 1
    s["visit"] += 1
    s.pop("last_challenge", None)
    lines.append(f"Place the Ship Mover on {key} and take its 13 Story Cards, Book Cover Card on top.")
    lines.append(f"Read Story Card 1 of {key}.")
    return Outcome(s, summary, lines, {"planet": key, "epm": after, "phase": s["phase"], "visit": s["visit"]})


def _end_visit(s: dict, lines: list[str]) -> None:
    s["phase"] = "en_route"
    s.pop("last_challenge", None)
    left = face_down(s)
    if left:
        lines.append(f"Travel on to a planet with a face-down disc: {', '.join(left)} "
                     f"(journal epm travel PLANET --segments N).")
        lines.append("While en route, characters may freely exchange item cards.")
    else:
        lines.append("No planet has a face-down disc left: the rules give nowhere to travel. "
                     "Follow your cards (epm track / epm disc) or end the campaign.")


def data_find(state: dict, dice, boost: int) -> Outcome:
    """E7: flip the current planet's disc and raise the Signal by the number on it."""
    _refuse_if_over(state)
    if state["phase"] != "exploring":
        raise RuleError(f"a Data Find ends a planet visit, and the party is {PHASE_TEXT[state['phase']]}")
    s = _copy(state)
    planet = s["planets"][s["planet"]]
    lo, hi = COLORS[planet["color"]]
    if not lo <= boost <= hi:
        raise InputError(f"--boost {boost}: a {planet['color']} disc shows {lo}-{hi}")
    planet["status"] = "flipped"
    planet["boost"] = boost
    lines = [f"Flip {s['planet']}'s Signal Booster Disc ({planet['color']}, {boost})."]
    s["phase"] = "en_route"
    before, after, _ = _set_tracker(s, "signal", s["signal"] + boost, lines)
    summary = f"Data Find on {s['planet']}: disc {boost}, Signal {before} → {after}"
    if s["phase"] == "en_route":
        _end_visit(s, lines)
    return Outcome(s, summary, lines, {"planet": s["planet"], "boost": boost, "signal": after,
                                       "phase": s["phase"], "level": challenge_level(after)})


def the_end(state: dict, dice) -> Outcome:
    """E7: a fruitless end or death: discard the current planet's disc."""
    _refuse_if_over(state)
    if state["phase"] != "exploring":
        raise RuleError(f"The End ends a planet visit, and the party is {PHASE_TEXT[state['phase']]}")
    s = _copy(state)
    s["planets"][s["planet"]]["status"] = "discarded"
    lines = [f"Discard {s['planet']}'s Signal Booster Disc. You cannot return to {s['planet']}."]
    _end_visit(s, lines)
    return Outcome(s, f"The End on {s['planet']}: disc discarded", lines,
                   {"planet": s["planet"], "phase": s["phase"]})


def disc(state: dict, dice, planet: str, status: str, boost: int | None = None) -> Outcome:
    """A2: set a disc by hand when a card says so (no tracker moves)."""
    _refuse_if_over(state)
    s = _copy(state)
    key = find(s["planets"], planet, "planet")
    p = s["planets"][key]
    if status not in STATUSES:
        raise InputError(f"{typed(status)} is not a disc status: expected one of {', '.join(STATUSES)}")
    if status == "flipped":
        lo, hi = COLORS[p["color"]]
        if boost is None or not lo <= boost <= hi:
            raise InputError(f"a flipped {p['color']} disc needs its number: --flip {lo}-{hi}")
        p["boost"] = boost
    else:
        p.pop("boost", None)
    if key == s["planet"] and s["phase"] == "exploring" and status != "face_down":
        raise RuleError(f"the party is exploring {key}: end the visit with `journal epm data-find --boost N` or "
                        f"`journal epm the-end`")
    p["status"] = status
    shown = status.replace("_", " ") + (f" ({boost})" if status == "flipped" else "")
    line = f"{key}'s disc is now {shown}."
    return Outcome(s, line, [line], {"planet": key, "status": status})


def card(state: dict, dice, number: int) -> Outcome:
    """Record the Story Card being read (1-13), or the Final Showdown card."""
    _refuse_if_over(state)
    s = _copy(state)
    if s["phase"] == "en_route":
        raise RuleError(f"the party is en route from {s['planet']}: travel to a planet first")
    if s["phase"] == "showdown":
        if not 1 <= number <= 99:
            raise InputError(f"Final Showdown card {number}: expected 1 or more")
        s["showdown_card"] = number
        line = f"Read Final Showdown card {number}."
        return Outcome(s, line, [line, "Play it by the normal rules; the last card reveals the outcome "
                                       "(journal epm end won|lost)."], {"showdown_card": number})
    if not 1 <= number <= STORY_CARDS:
        raise InputError(f"Story Card {number}: a planet has Story Cards 1-{STORY_CARDS}")
    s["card"] = number
    line = f"Read Story Card {number} of {s['planet']}."
    return Outcome(s, line, [line], {"planet": s["planet"], "card": number})


def track(state: dict, dice, tracker: str, delta: int | None = None, value: int | None = None) -> Outcome:
    """A2: a story-directed change of the Signal Tracker or EPM Meter, logged."""
    _refuse_if_over(state)
    if tracker not in ("signal", "epm"):
        raise InputError(f"{typed(tracker)} is not a tracker: expected signal or epm")
    s = _copy(state)
    target = value if value is not None else s[tracker] + delta
    if value is None and delta == 0:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    lines: list[str] = []
    before, after, _ = _set_tracker(s, tracker, target, lines)
    label = "Signal" if tracker == "signal" else "EPM"
    how = f"={value}" if value is not None else f"{delta:+d}"
    summary = f"{label} {before} → {after} ({how}, by the story)"
    return Outcome(s, summary, lines, {"tracker": tracker, "before": before, "after": after,
                                       "phase": s["phase"], "level": challenge_level(s["signal"])})


def outcome(state: dict, dice, result: str) -> Outcome:
    """E8: the last Final Showdown card reveals the outcome; the player records it."""
    _refuse_if_over(state)
    if state["phase"] != "showdown":
        raise RuleError("the outcome is recorded at the end of the Final Showdown (it starts at Signal 25)")
    if result not in ("won", "lost"):
        raise InputError(f"{typed(result)} is not an outcome: expected won or lost")
    s = _copy(state)
    s["phase"] = result
    if result == "won":
        line = "The Evil Power Master is defeated: the campaign is won!"
    else:
        line = "The Final Showdown is lost: the Evil Power Master prevails."
    return Outcome(s, line, [line], {"phase": result})


# --- characters and items ------------------------------------------------------------

def flip(state: dict, dice, character: str, active: bool | None = None) -> Outcome:
    """A2: flip a character card by hand (a card's text says so)."""
    _refuse_if_over(state)
    s = _copy(state)
    name = find(s["characters"], character, "character")
    char = s["characters"][name]
    char["active"] = (not char["active"]) if active is None else active
    lines = [f"Flip {name} to {'Active' if char['active'] else 'Inactive'}."]
    if not _active(s):
        _all_active(s)
        lines.append("No character was left Active: all characters are Active again (E5).")
    return Outcome(s, lines[0], lines, {"character": name, "active": s["characters"][name]["active"]})


def item_add(state: dict, dice, item: str, owner: str, kind: str, ctype: str | None = None,
             effect: str | None = None) -> Outcome:
    """A DATA Card item comes into a character's possession."""
    _refuse_if_over(state)
    s = _copy(state)
    item = item.strip()
    _unique(s["items"], item, "item")
    who = find(s["characters"], owner, "character", "--owner")
    if kind == "booster":
        if ctype not in TYPES or effect not in EFFECTS:
            raise InputError("--booster TYPE:EFFECT: TYPE one of " + ", ".join(TYPES) +
                             "; EFFECT one of " + ", ".join(EFFECTS))
        s["items"][item] = {"owner": who, "kind": "booster", "type": ctype, "effect": effect}
        what = f"{ctype} booster, {'roll twice' if effect == 'twice' else effect}"
    else:
        s["items"][item] = {"owner": who, "kind": "assist"}
        what = "Assist Item, one use"
    line = f"{who} takes the {item} ({what})."
    return Outcome(s, line, [line], {"item": item, **s["items"][item]})


def item_give(state: dict, dice, item: str, to: str) -> Outcome:
    """E7: item cards change hands only while en route or in the Final Showdown."""
    _refuse_if_over(state)
    if state["phase"] not in ("en_route", "showdown"):
        raise RuleError(f"items can be exchanged only while en route or during the Final Showdown "
                        f"(the party is exploring {state['planet']})")
    s = _copy(state)
    key = find(s["items"], item, "item")
    who = find(s["characters"], to, "character", "--to")
    giver = s["items"][key]["owner"]
    if giver == who:
        raise InputError(f"{who} already has the {key}")
    s["items"][key]["owner"] = who
    line = f"{giver} gives the {key} to {who}."
    return Outcome(s, line, [line], {"item": key, "from": giver, "owner": who})


def item_use(state: dict, dice, item: str) -> Outcome:
    """An Assist Item: follow the card, then discard it."""
    _refuse_if_over(state)
    s = _copy(state)
    key = find(s["items"], item, "item")
    it = s["items"][key]
    if it["kind"] == "booster":
        raise RuleError(f"{key} is a Challenge Booster: it is used with "
                        f"`journal epm challenge TYPE --booster {shell_quote(key)}`")
    del s["items"][key]
    line = f"{it['owner']} uses the {key}: follow the card's instructions, then discard it."
    return Outcome(s, f"{it['owner']} used the {key}", [line], {"item": key, "owner": it["owner"]})


def item_discard(state: dict, dice, item: str) -> Outcome:
    """A2: discard an item because a card says so."""
    _refuse_if_over(state)
    s = _copy(state)
    key = find(s["items"], item, "item")
    it = s["items"].pop(key)
    line = f"Discard the {key} ({it['owner']})."
    return Outcome(s, line, [line], {"item": key, "owner": it["owner"]})
