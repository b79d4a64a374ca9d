"""War With the Evil Power Master: the rules as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files, clocks or
global randomness, and never mutates the state it is given. Names arrive as the save spells
them (the commands find what the player typed). Rule labels (E1-E8) are the rules notes of
docs/epm.md. The sections: the two trackers and what 25 means (the Final Showdown, the Evil
Power Master's win); setting up; Challenges, steps 1-4; Planets (travel, Data Find, The End);
the Sequence of Play's Story Cards and the outcome; characters and DATA Card items.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, NamedTuple, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.epm.constants import (
    ASSIST, BOOSTER, COLORS, DISCARDED, EN_ROUTE, EPM, EPM_PER_SEGMENT, EXPLORING, FACE_DOWN, FLIPPED, LOSE,
    LOST, PHASE_TEXT, SHOWDOWN, SHOWDOWN_CARD, SIGNAL, STORY_CARDS, TRACK_MAX, TRACKER_NAMES, TWICE, TYPES, WIN,
    WON, Tracker, challenge_level,
)
from journal.games.epm.sequence import active_characters, face_down, no_disc_left, result, travel_hint
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome, copy_state, refuse_if_over

if TYPE_CHECKING:
    from journal.games.epm.tables import Character, Item, Planet, State

ENDINGS = {WON: "the Evil Power Master was defeated", LOST: "the Evil Power Master won"}


def refuse_once_over(state: State) -> None:
    """Nothing happens once the Final Showdown's outcome is recorded, or the EPM Meter reached 25."""
    over = result(state)
    refuse_if_over(over, ENDINGS[over] if over else "")


def all_active(state: State) -> None:
    for c in state["characters"].values():
        c["active"] = True


# --- the trackers (E1) and what reaching 25 means (E8) ---------------------------------------

class Move(NamedTuple):
    """A tracker's move: where it was, where it stopped, what the table does about it."""
    before: int
    after: int
    lines: list[str]


def move_tracker(s: State, tracker: Tracker, value: int, why: str = "") -> Move:
    """E1: a tracker moves toward `value`, stopping at 0 and 25; E8: the Signal at 25 starts the
    Final Showdown, the EPM Meter at 25 loses the game."""
    before, after = s[tracker], max(0, min(TRACK_MAX, value))
    s[tracker] = after
    capped = "" if after == value else f" (capped at {after})"
    name = TRACKER_NAMES[tracker]
    if after != before:
        lines = [f"{'Raise' if after > before else 'Lower'} the {name} {before} → {after}{capped}{why}."]
    else:
        lines = [f"The {name} stays at {after}{capped}."]
    if tracker == SIGNAL:
        lines += level_note(before, after)
        if after == TRACK_MAX and s["phase"] in (EXPLORING, EN_ROUTE):
            lines += start_showdown(s)
    elif after == TRACK_MAX and s["phase"] != LOST:
        s["phase"] = LOST
        lines.append("The EPM Meter reached 25: the Evil Power Master wins. The game is lost.")
    return Move(before, after, lines)


def level_note(before: int, after: int) -> list[str]:
    """E2: a Signal that crosses a band changes the challenge level."""
    a, b = challenge_level(before), challenge_level(after)
    return [f"Challenge level is now {b} (was {a})."] if a != b else []


def start_showdown(s: State) -> list[str]:
    """Final Showdown, E8: Signal 25 → Story Card 13 of the current planet; 1. make all characters
    Active; 2. they may exchange item cards; 3. take the deck Story Card 13 names."""
    s["phase"] = SHOWDOWN
    s["card"] = SHOWDOWN_CARD
    s.pop("showdown_card", None)
    s.pop("last_challenge", None)
    all_active(s)
    return [f"Signal 25: go to Story Card 13 of {s['planet']} — Final Showdown.",
            "Make all characters Active. Characters may freely exchange item cards. "
            "Take the Final Showdown deck Story Card 13 names."]


# --- setting up ----------------------------------------------------------------------------

def new(characters: list[tuple[str, dict]], planets: list[tuple[str, str]], at: str,
        signal: int = 0, epm: int = 0, starters: list[tuple[str, str]] | None = None) -> Outcome:
    """Start a campaign: characters Active, discs face down, the Ship Mover on `at` (one of the
    planets), the Starter Items dealt as Assist Items, the trackers where they start (E1)."""
    crew: dict[str, Character] = {}
    for name, profs in characters:
        unique(crew, name, "character")
        crew[name] = {"active": True, **{t: profs.get(t, 0) for t in TYPES}}  # type: ignore[typeddict-item]
    discs: dict[str, Planet] = {}
    for name, color in planets:
        unique(discs, name, "planet")
        discs[name] = {"color": color, "status": FACE_DOWN}
    items: dict[str, Item] = {}
    for item, owner in starters or []:
        unique(items, item, "item")
        items[item] = {"owner": owner, "kind": ASSIST}
    state: State = {"signal": signal, "epm": epm, "phase": EXPLORING, "planet": at, "card": 1, "visit": 1,
                    "characters": crew, "items": items, "planets": discs}
    names = ", ".join(crew)
    lines = [f"War With the Evil Power Master: {names} {'begins' if len(crew) == 1 else 'begin'} on {at}.",
             f"Set the Signal Tracker to {signal} and the EPM Meter to {epm}; all characters Active.",
             f"Place the Ship Mover on {at} and take its 13 Story Cards, Book Cover Card on top.",
             f"Read Story Card 1 of {at}."]
    if signal == TRACK_MAX:
        lines += start_showdown(state)
    summary = f"Campaign begins on {at} with {names} (Signal {signal}, EPM {epm})"
    return Outcome(cast(dict, state), summary, lines, {"state": state})


def unique(table: dict, name: str, what: str) -> None:
    """Names are matched ignoring case, so two of a kind may not differ only in case."""
    if not name.strip():
        raise InputError(f"a {what} name is empty")
    if already(table, name) is not None:
        raise InputError(f"two {what}s are named {typed(name)}: names must differ (ignoring case)")


# --- Challenges, steps 1-4 (E2-E5) ---------------------------------------------------------

class Challenge(NamedTuple):
    """A challenge as declared before the die is rolled (steps 1-3)."""
    ctype: str
    character: str
    level: int  # step 1, by the Signal
    proficiency: int  # step 2, the character's for this type (a missing one is 0)
    booster: str | None = None  # step 3, the challenger's own, of this type
    bonus: int = 0  # +1, +2 or +3
    dice: int = 1  # 2 with a roll-twice booster


def declare(state: State, ctype: str, character: str, booster: str | None = None) -> Challenge:
    """Steps 1-3: the level by Signal, the Active character's proficiency, the booster (E2-E4)."""
    level = challenge_level(state["signal"])
    proficiency = cast(int, state["characters"][character].get(ctype, 0))  # ctype: a key chosen at run time
    if booster is None:
        return Challenge(ctype, character, level, proficiency)
    effect = choose_booster(state, booster, character, ctype)["effect"]
    return Challenge(ctype, character, level, proficiency, booster, 0 if effect == TWICE else int(effect),
                     2 if effect == TWICE else 1)


def choose_active_character(state: State, ctype: str, character: str, retry: bool) -> None:
    """Step 2 (E5): only Active characters perform challenges; trying the same challenge again
    takes a different Active character."""
    if not state["characters"][character]["active"]:
        raise RuleError(f"{character} is Inactive: only Active characters may perform challenges "
                        f"(Active: {', '.join(active_characters(state))})")
    if not retry:
        return
    last = state.get("last_challenge")
    if not last:
        raise RuleError("there is no earlier challenge to try again")
    if last["type"] != ctype:
        raise RuleError(f"the challenge to try again is {last['type']}, not {ctype}")
    if last["character"] == character:
        raise RuleError(f"{character} just tried; a different Active character must try again (E5)")


def choose_booster(state: State, booster: str, character: str, ctype: str) -> Item:
    """Step 3 (E4): one Challenge Booster, the challenger's own, matching the challenge type."""
    it = state["items"][booster]
    if it["kind"] != BOOSTER:
        raise RuleError(say(f"{booster} is an Assist Item, not a Challenge Booster: use it with `",
                            cmd("epm item use", booster), "`"))
    if it["owner"] != character:
        raise RuleError(f"{booster} belongs to {it['owner']}, not {character}: only the challenger's own "
                        f"booster can be used")
    if it["type"] != ctype:
        raise RuleError(f"{booster} boosts {it['type']} challenges, not {ctype}")
    return it


def challenge(state: State, dice: Dice, ctype: str, character: str, booster: str | None = None,
              retry: bool = False) -> Outcome:
    """A Challenge, steps 1-4: declared, rolled, resolved; then the challenger turns Inactive."""
    refuse_once_over(state)
    choose_active_character(state, ctype, character, retry)
    ch = declare(state, ctype, character, booster)
    faces = [dice.roll(6) for _ in range(ch.dice)]
    total = sum(faces) + ch.proficiency + ch.bonus
    won = total >= ch.level
    destroyed = ch.booster is not None and 1 in faces
    s = copy_state(state)
    calc = " + ".join(str(f) for f in faces) + (f" {ch.proficiency:+d} {ctype}" if ch.proficiency else "") \
        + (f" {ch.bonus:+d} {ch.booster}" if ch.bonus else "")
    shown = WIN.upper() if won else LOSE.upper()
    lines = [f"{ctype.capitalize()} challenge, level {ch.level} (Signal {s['signal']}).",
             f"{character} rolls {calc} = {total}: {shown}. Follow the {shown} instructions."]
    lines += after_the_challenge(s, ch, destroyed)
    again = active_characters(state) == [character]  # the last Active character acted: all are Active again
    s["last_challenge"] = {"type": ctype, "character": character, "result": WIN if won else LOSE}
    summary = f"{character}: {ctype} challenge (level {ch.level}): {calc} = {total} → {shown}" \
        + (" (retry)" if retry else "")
    data = {"type": ctype, "character": character, "level": ch.level, "dice": faces,
            "proficiency": ch.proficiency, "booster": ch.booster, "bonus": ch.bonus, "total": total,
            "result": WIN if won else LOSE, "booster_destroyed": destroyed, "all_active_again": again}
    check = {"kind": "challenge", "chance": round(win_chance(ch), 6), "success": won}  # for the luck audit
    return Outcome(s, summary, lines, data, meta={"checks": [check]})


def win_chance(ch: Challenge) -> float:
    """E3 before the roll: the chance that the challenge's dice, plus proficiency and booster,
    reach its level."""
    outcomes = list(product(range(1, 7), repeat=ch.dice))
    return sum(1 for faces in outcomes if sum(faces) + ch.proficiency + ch.bonus >= ch.level) / len(outcomes)


def after_the_challenge(s: State, ch: Challenge, destroyed: bool) -> list[str]:
    """E4: a 1 rolled with a booster destroys it, once its effect has counted. E5: the challenger
    flips to Inactive; when none is left Active, all become Active again."""
    lines = []
    if destroyed and ch.booster is not None:
        del s["items"][ch.booster]
        lines.append(f"Discard the {ch.booster} booster: a 1 was rolled with it (its effect still counts).")
    s["characters"][ch.character]["active"] = False
    lines.append(f"Flip {ch.character} to Inactive.")
    if not active_characters(s):
        all_active(s)
        lines.append("All characters are Active again: flip every character card to Active.")
    return lines


def odds(state: State, ctype: str, character: str, booster: str | None = None) -> dict:
    """The exact chance to win a challenge before rolling (and to lose the booster)."""
    ch = declare(state, ctype, character, booster)
    outcomes = list(product(range(1, 7), repeat=ch.dice))
    ones = sum(1 for faces in outcomes if 1 in faces) if ch.booster else 0
    return {"type": ctype, "character": character, "level": ch.level, "proficiency": ch.proficiency,
            "booster": ch.booster, "bonus": ch.bonus, "dice": ch.dice, "p_win": win_chance(ch),
            "p_booster_destroyed": ones / len(outcomes), "active": state["characters"][character]["active"]}


# --- Planets (E6, E7) -------------------------------------------------------------------------

def travel(state: State, dice: Dice, planet: str, segments: int) -> Outcome:
    """E6: go to a planet whose disc is face down; EPM +2 per path segment."""
    refuse_once_over(state)
    if state["phase"] == SHOWDOWN:
        raise RuleError("the Final Showdown is under way: there is no more travelling")
    if state["phase"] != EN_ROUTE:
        raise RuleError(say(f"the visit to {state['planet']} has not ended: record `", cmd("epm data-find", boost="N"),
                            "` or `", cmd("epm the-end"), "` first"))
    allowed = face_down(state)
    if planet not in allowed:
        status = state["planets"][planet]["status"].replace("_", " ")
        where = f"; you may travel to {', '.join(allowed)}" if allowed else "; no planet has a face-down disc left"
        raise RuleError(f"{planet}'s disc is {status}: you may only travel to planets whose disc is face down{where}")
    s = copy_state(state)
    why = f" ({segments} segment{'s' if segments != 1 else ''} × {EPM_PER_SEGMENT})"
    move = move_tracker(s, EPM, s["epm"] + EPM_PER_SEGMENT * segments, why)
    summary = (f"Travelled {s['planet']} → {planet}, {segments} segment{'s' if segments != 1 else ''}: "
               f"EPM {move.before} → {move.after}")
    if s["phase"] == LOST:
        return Outcome(s, summary + " — the Evil Power Master wins", move.lines,
                       {"planet": planet, "epm": move.after, "phase": LOST})
    s.update(planet=planet, phase=EXPLORING, card=1, visit=s["visit"] + 1)
    s.pop("last_challenge", None)
    lines = move.lines + [f"Place the Ship Mover on {planet} and take its 13 Story Cards, Book Cover Card on top.",
                          f"Read Story Card 1 of {planet}."]
    return Outcome(s, summary, lines, {"planet": planet, "epm": move.after, "phase": s["phase"], "visit": s["visit"]})


def refuse_unless_exploring(state: State, ending: str) -> None:
    """A planet visit ends (Data Find, The End) only while the party explores it."""
    refuse_once_over(state)
    if state["phase"] != EXPLORING:
        raise RuleError(f"{ending} ends a planet visit, and the party is {PHASE_TEXT[state['phase']]}")


def data_find(state: State, dice: Dice, boost: int) -> Outcome:
    """E7: a Data Find flips the current planet's disc and raises the Signal by the number on it."""
    refuse_unless_exploring(state, "a Data Find")
    s = copy_state(state)
    planet = s["planets"][s["planet"]]
    disc_shows(planet["color"], boost)
    planet.update(status=FLIPPED, boost=boost)
    s["phase"] = EN_ROUTE
    move = move_tracker(s, SIGNAL, s["signal"] + boost)
    lines = [f"Flip {s['planet']}'s Signal Booster Disc ({planet['color']}, {boost}).", *move.lines]
    if s["phase"] == EN_ROUTE:
        lines += end_the_visit(s)
    summary = f"Data Find on {s['planet']}: disc {boost}, Signal {move.before} → {move.after}"
    return Outcome(s, summary, lines, {"planet": s["planet"], "boost": boost, "signal": move.after,
                                       "phase": s["phase"], "level": challenge_level(move.after)})


def disc_shows(color: str, boost: int | None) -> None:
    """Signal Booster Disc strength (E7): the number a disc of this colour may show."""
    lo, hi = COLORS[color]
    if boost is None or not lo <= boost <= hi:
        raise InputError(f"a {color} disc shows {lo}-{hi}" + (f", not {boost}" if boost is not None else ""))


def the_end(state: State, dice: Dice) -> Outcome:
    """E7: The End, a fruitless end or death: discard the current planet's disc."""
    refuse_unless_exploring(state, "The End")
    s = copy_state(state)
    s["planets"][s["planet"]]["status"] = DISCARDED
    lines = [f"Discard {s['planet']}'s Signal Booster Disc. You cannot return to {s['planet']}.", *end_the_visit(s)]
    return Outcome(s, f"The End on {s['planet']}: disc discarded", lines,
                   {"planet": s["planet"], "phase": s["phase"]})


def end_the_visit(s: State) -> list[str]:
    """After a Data Find or The End the party is en route: items may change hands, then it travels."""
    s["phase"] = EN_ROUTE
    s.pop("last_challenge", None)
    if not face_down(s):
        return [say(no_disc_left(s), ".")]
    return [say("Travel on to a planet with a face-down disc: ", travel_hint(s), "."),
            "While en route, characters may freely exchange item cards."]


def disc(state: State, dice: Dice, planet: str, status: str, boost: int | None = None) -> Outcome:
    """A2: set a disc by hand when a card says so (no tracker moves)."""
    refuse_once_over(state)
    s = copy_state(state)
    p = s["planets"][planet]
    if status == FLIPPED:
        disc_shows(p["color"], boost)
    if planet == s["planet"] and s["phase"] == EXPLORING and status != FACE_DOWN:
        raise RuleError(say(f"the party is exploring {planet}: end the visit with `", cmd("epm data-find", boost="N"),
                            "` or `", cmd("epm the-end"), "`"))
    p["status"] = status
    if status == FLIPPED and boost is not None:
        p["boost"] = boost
    else:
        p.pop("boost", None)
    line = f"{planet}'s disc is now {status.replace('_', ' ')}{f' ({boost})' if status == FLIPPED else ''}."
    return Outcome(s, line, [line], {"planet": planet, "status": status})


# --- Sequence of Play: the Story Card being read ------------------------------------------------

def card(state: State, dice: Dice, number: int) -> Outcome:
    """Record the Story Card being read (1-13), or in the Final Showdown the showdown card."""
    refuse_once_over(state)
    s = copy_state(state)
    if s["phase"] == EN_ROUTE:
        raise RuleError(f"the party is en route from {s['planet']}: travel to a planet first")
    if s["phase"] == SHOWDOWN:
        return showdown_card(s, number)
    if not 1 <= number <= STORY_CARDS:
        raise InputError(f"Story Card {number}: a planet has Story Cards 1-{STORY_CARDS}")
    s["card"] = number
    line = f"Read Story Card {number} of {s['planet']}."
    return Outcome(s, line, [line], {"planet": s["planet"], "card": number})


def showdown_card(s: dict, number: int) -> Outcome:
    """Final Showdown, 4: play by normal rules; the last card reveals the outcome."""
    if not 1 <= number <= 99:
        raise InputError(f"Final Showdown card {number}: expected 1-99, the number on the card")
    s["showdown_card"] = number
    line = f"Read Final Showdown card {number}."
    return Outcome(s, line, [line, "Play it by the normal rules; the last card reveals the outcome.",
                             say("Record it with `", cmd("epm end", WON), "` or `", cmd("epm end", LOST), "`.")],
                   {"showdown_card": number})


def track(state: State, dice: Dice, tracker: Tracker, delta: int | None = None, value: int | None = None) -> Outcome:
    """A2: a story-directed change of the Signal Tracker or EPM Meter (`delta`, or set to `value`)."""
    refuse_once_over(state)
    s = copy_state(state)
    move = move_tracker(s, tracker, value if value is not None else s[tracker] + (delta or 0))
    label = "Signal" if tracker == SIGNAL else "EPM"
    how = f"={value}" if value is not None else f"{delta:+d}"
    summary = f"{label} {move.before} → {move.after} ({how}, by the story)"
    return Outcome(s, summary, move.lines, {"tracker": tracker, "before": move.before, "after": move.after,
                                            "phase": s["phase"], "level": challenge_level(s["signal"])})


def outcome(state: State, dice: Dice, ending: str) -> Outcome:
    """E8: the last Final Showdown card reveals the outcome ("won" or "lost"); the player records it.
    Our reading where the book is silent: en route with no face-down disc left, nowhere is left to
    travel, and the table may record the campaign lost."""
    refuse_once_over(state)
    stranded = state["phase"] == EN_ROUTE and not face_down(state)
    if stranded and ending == LOST:
        s = copy_state(state)
        s["phase"] = LOST
        line = "No planet has a face-down disc left: the Evil Power Master is never found, and prevails."
        return Outcome(s, line, [line], {"phase": LOST})
    if state["phase"] != SHOWDOWN:
        raise RuleError("the outcome is recorded at the end of the Final Showdown (it starts at Signal 25)" +
                        (": with no disc left, only `lost` ends the campaign before it" if stranded else ""))
    s = copy_state(state)
    s["phase"] = ending
    if ending == WON:
        line = "The Evil Power Master is defeated: the campaign is won!"
    else:
        line = "The Final Showdown is lost: the Evil Power Master prevails."
    return Outcome(s, line, [line], {"phase": ending})


# --- characters and DATA Cards --------------------------------------------------------------

def flip(state: State, dice: Dice, character: str, active: bool | None = None) -> Outcome:
    """A2: flip a character card by hand (a card's text says so); E5 keeps someone Active."""
    refuse_once_over(state)
    s = copy_state(state)
    char = s["characters"][character]
    char["active"] = (not char["active"]) if active is None else active
    lines = [f"Flip {character} to {'Active' if char['active'] else 'Inactive'}."]
    if not active_characters(s):
        all_active(s)
        lines.append("No character was left Active: all characters are Active again (E5).")
    return Outcome(s, lines[0], lines, {"character": character, "active": char["active"]})


def item_add(state: State, dice: Dice, item: str, owner: str, kind: str, ctype: str | None = None,
             effect: str | None = None) -> Outcome:
    """A DATA Card item comes into a character's possession: a Challenge Booster (a type and an
    effect) or an Assist Item."""
    refuse_once_over(state)
    s = copy_state(state)
    unique(s["items"], item, "item")
    if kind == BOOSTER and ctype is not None and effect is not None:
        s["items"][item] = {"owner": owner, "kind": BOOSTER, "type": ctype, "effect": effect}
        what = f"{ctype} booster, {'roll twice' if effect == TWICE else effect}"
    else:
        s["items"][item] = {"owner": owner, "kind": ASSIST}
        what = "Assist Item, one use"
    line = f"{owner} takes the {item} ({what})."
    return Outcome(s, line, [line], {"item": item, **s["items"][item]})


def item_give(state: State, dice: Dice, item: str, to: str) -> Outcome:
    """E7: item cards change hands only while en route or in the Final Showdown."""
    refuse_once_over(state)
    if state["phase"] not in (EN_ROUTE, SHOWDOWN):
        raise RuleError(f"items can be exchanged only while en route or during the Final Showdown "
                        f"(the party is exploring {state['planet']})")
    s = copy_state(state)
    giver = s["items"][item]["owner"]
    if giver == to:
        raise InputError(f"{to} already has the {item}")
    s["items"][item]["owner"] = to
    line = f"{giver} gives the {item} to {to}."
    return Outcome(s, line, [line], {"item": item, "from": giver, "owner": to})


def item_use(state: State, dice: Dice, item: str) -> Outcome:
    """An Assist Item: follow the card, then discard it (a Challenge Booster is not used up)."""
    refuse_once_over(state)
    s = copy_state(state)
    it = s["items"][item]
    if it["kind"] == BOOSTER:
        raise RuleError(say(f"{item} is a Challenge Booster: it is used with `",
                            cmd("epm challenge", it["type"], character=it["owner"], booster=item), "`"))
    del s["items"][item]
    line = f"{it['owner']} uses the {item}: follow the card's instructions, then discard it."
    return Outcome(s, f"{it['owner']} used the {item}", [line], {"item": item, "owner": it["owner"]})


def item_discard(state: State, dice: Dice, item: str) -> Outcome:
    """A2: discard an item because a card says so."""
    refuse_once_over(state)
    s = copy_state(state)
    it = s["items"].pop(item)
    line = f"Discard the {item} ({it['owner']})."
    return Outcome(s, line, [line], {"item": item, "owner": it["owner"]})
