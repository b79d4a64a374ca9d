"""War With the Evil Power Master: the save's [state] table, its validators (`STATE`; the same
keys typed for the type checker are tables.py's), and `validate`: types and ranges first, then
the rules' invariants.
"""

from journal.games.epm.constants import (
    ASSIST, BOOSTER, COLORS, EFFECTS, EN_ROUTE, EXPLORING, FACE_DOWN, FLIPPED, KINDS, LOSE, LOST, PHASES,
    SHOWDOWN, STATUSES, STORY_CARDS, TRACK_MAX, TYPES, WIN, WON,
)
from journal.schema import Bool, Int, Map, Str, Table, key_path, opt, show_value


NAME = Str(describe="a name")
DISC_NUMBER = Int(min(lo for lo, _ in COLORS.values()), max(hi for _, hi in COLORS.values()))
STATE = Table({
    "signal": Int(0, TRACK_MAX),
    "epm": Int(0, TRACK_MAX),
    "phase": Str(choices=PHASES),
    "planet": NAME,
    "card": Int(1, STORY_CARDS),
    "visit": Int(1),
    "showdown_card": opt(Int(1, 99)),
    "last_challenge": opt(Table({"type": Str(choices=TYPES), "character": NAME, "result": Str(choices=(WIN, LOSE))})),
    "characters": Map(Table({"active": Bool(), **{t: opt(Int(-1, 1)) for t in TYPES}}), min_items=1,
                      unique_casefold=True),
    "items": Map(Table({"owner": NAME, "kind": Str(choices=KINDS), "type": opt(Str(choices=TYPES)),
                        "effect": opt(Str(choices=EFFECTS))}), unique_casefold=True),
    "planets": Map(Table({"color": Str(choices=tuple(COLORS)), "status": Str(choices=STATUSES),
                          "boost": opt(DISC_NUMBER)}), min_items=1, unique_casefold=True),
})


def validate(state: dict, changed: set[str] | None = None) -> list[str]:
    """Types, ranges and unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems, changed)  # (only the keys `changed`, when given)
    if problems:
        return problems
    for check in (names_are_not_empty, the_ship_mover_is_on_a_face_down_planet, someone_is_active, items_are_held,
                  flipped_discs_show_their_number, trackers_at_25_end_the_exploring, the_last_challenger_exists):
        problems += check(state)
    return problems


def names_are_not_empty(state: dict) -> list[str]:
    return ["state.characters has a character with an empty name" for name in state["characters"] if not name.strip()]


def the_ship_mover_is_on_a_face_down_planet(state: dict) -> list[str]:
    """The party is on a listed planet, and explores it only while its disc is face down."""
    planets, here = state["planets"], state["planet"]
    if here not in planets:
        return [f"state.planet = {show_value(here)} is not one of the planets ({', '.join(planets)})"]
    if state["phase"] == EXPLORING and planets[here]["status"] != FACE_DOWN:
        return [f"state.phase = \"exploring\" but {key_path('state.planets', here)}.status is "
                f"{show_value(planets[here]['status'])}: a planet is explored while its disc is face down"]
    return []


def someone_is_active(state: dict) -> list[str]:
    """E5: when the last Active character acts, all become Active again."""
    if any(c["active"] for c in state["characters"].values()):
        return []
    return ["state.characters: no character is Active (when the last one acts, all become Active again)"]


def items_are_held(state: dict) -> list[str]:
    """Every item has an owner among the characters; a booster has a type and an effect, an
    Assist Item neither."""
    chars, problems = state["characters"], []
    for name, it in state["items"].items():
        path = key_path("state.items", name)
        if it["owner"] not in chars:
            problems.append(f"{path}.owner = {show_value(it['owner'])} is not a character ({', '.join(chars)})")
        for k in ("type", "effect"):
            if it["kind"] == BOOSTER and k not in it:
                problems.append(f"{path}.{k} is missing: a booster has a type and an effect")
            elif it["kind"] == ASSIST and k in it:
                problems.append(f"{path}.{k}: an assist item has no {k} (only boosters do)")
    return problems


def flipped_discs_show_their_number(state: dict) -> list[str]:
    """E7: a flipped disc shows a number in its colour's range; no other disc shows one."""
    problems = []
    for name, p in state["planets"].items():
        path = key_path("state.planets", name)
        lo, hi = COLORS[p["color"]]
        if p["status"] == FLIPPED and "boost" not in p:
            problems.append(f"{path}.boost is missing: a flipped disc shows its number")
        elif p["status"] == FLIPPED and not lo <= p["boost"] <= hi:
            problems.append(f"{path}.boost = {p['boost']} is outside {lo}..{hi} (a {p['color']} disc)")
        elif p["status"] != FLIPPED and "boost" in p:
            problems.append(f"{path}.boost: only a flipped disc shows its number (status is {show_value(p['status'])})")
    return problems


def trackers_at_25_end_the_exploring(state: dict) -> list[str]:
    """E8: the EPM Meter at 25 has lost the game; the Signal at 25 has started the Final Showdown,
    which alone keeps its card number."""
    problems, phase = [], state["phase"]
    if state["epm"] == TRACK_MAX and phase != LOST:
        problems.append(f"state.epm = 25 but state.phase = {show_value(phase)}: "
                        f"at 25 the Evil Power Master wins (phase \"lost\")")
    if state["signal"] == TRACK_MAX and phase in (EXPLORING, EN_ROUTE):
        problems.append(f"state.signal = 25 but state.phase = {show_value(phase)}: "
                        f"Signal 25 starts the Final Showdown (phase \"showdown\")")
    if "showdown_card" in state and phase not in (SHOWDOWN, WON, LOST):
        problems.append("state.showdown_card is only kept during the Final Showdown")
    return problems


def the_last_challenger_exists(state: dict) -> list[str]:
    last = state.get("last_challenge")
    if last and last["character"] not in state["characters"]:
        return [f"state.last_challenge.character = {show_value(last['character'])} is not a character"]
    return []
