"""War With the Evil Power Master (`epm`): story cards, challenges, two 0-25 trackers."""

from __future__ import annotations

from journal.games.epm.rules import (COLORS, EFFECTS, PHASE_TEXT, PHASES, STATUSES, STORY_CARDS,
                                     TRACK_MAX, TYPES, challenge_level, face_down)
from journal.schema import Bool, Int, Map, Str, Table, key_path, opt, show_value

ID = "epm"
TITLE = "War With the Evil Power Master"
SCHEMA_VERSION = 1
MIGRATIONS: dict = {}  # {from_version: fn(state) -> state}, applied in order on load

_NAME = Str(describe="a name")
STATE = Table({
    "signal": Int(0, TRACK_MAX),
    "epm": Int(0, TRACK_MAX),
    "phase": Str(choices=PHASES),
    "planet": _NAME,
    "card": Int(1, STORY_CARDS),
    "visit": Int(1),
    "showdown_card": opt(Int(1, 99)),
    "last_challenge": opt(Table({"type": Str(choices=TYPES), "character": _NAME,
                                 "result": Str(choices=("win", "lose"))})),
    "characters": Map(Table({"active": Bool(), **{t: opt(Int(-1, 1)) for t in TYPES}}), min_items=1,
                      unique_casefold=True),
    "items": Map(Table({"owner": _NAME, "kind": Str(choices=("booster", "assist")),
                        "type": opt(Str(choices=TYPES)), "effect": opt(Str(choices=EFFECTS))}), unique_casefold=True),
    "planets": Map(Table({"color": Str(choices=tuple(COLORS)), "status": Str(choices=STATUSES),
                          "boost": opt(Int(4, 10))}), min_items=1, unique_casefold=True),
})


def validate(state: dict) -> list[str]:
    """Types, ranges and unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems)
    if problems:
        return problems
    chars, items, planets = state["characters"], state["items"], state["planets"]
    for name in chars:
        if not name.strip():
            problems.append("state.characters has a character with an empty name")
    if state["planet"] not in planets:
        problems.append(f"state.planet = {show_value(state['planet'])} is not one of the planets "
                        f"({', '.join(planets)})")
    elif state["phase"] == "exploring" and planets[state["planet"]]["status"] != "face_down":
        problems.append(f"state.phase = \"exploring\" but {key_path('state.planets', state['planet'])}.status "
                        f"is {show_value(planets[state['planet']]['status'])}: a planet is explored while its "
                        f"disc is face down")
    if not any(c["active"] for c in chars.values()):
        problems.append("state.characters: no character is Active (when the last one acts, all become "
                        "Active again)")
    for name, it in items.items():
        path = key_path("state.items", name)
        if it["owner"] not in chars:
            problems.append(f"{path}.owner = {show_value(it['owner'])} is not a character "
                            f"({', '.join(chars)})")
        if it["kind"] == "booster":
            for k in ("type", "effect"):
                if k not in it:
                    problems.append(f"{path}.{k} is missing: a booster has a type and an effect")
        else:
            for k in ("type", "effect"):
                if k in it:
                    problems.append(f"{path}.{k}: an assist item has no {k} (only boosters do)")
    for name, p in planets.items():
        path = key_path("state.planets", name)
        if p["status"] == "flipped":
            lo, hi = COLORS[p["color"]]
            if "boost" not in p:
                problems.append(f"{path}.boost is missing: a flipped disc shows its number")
            elif not lo <= p["boost"] <= hi:
                problems.append(f"{path}.boost = {p['boost']} is outside {lo}..{hi} (a {p['color']} disc)")
        elif "boost" in p:
            problems.append(f"{path}.boost: only a flipped disc shows its number "
                            f"(status is {show_value(p['status'])})")
    if state["epm"] == TRACK_MAX and state["phase"] != "lost":
        problems.append(f"state.epm = 25 but state.phase = {show_value(state['phase'])}: "
                        f"at 25 the Evil Power Master wins (phase \"lost\")")
    if state["signal"] == TRACK_MAX and state["phase"] in ("exploring", "en_route"):
        problems.append(f"state.signal = 25 but state.phase = {show_value(state['phase'])}: "
                        f"Signal 25 starts the Final Showdown (phase \"showdown\")")
    if "showdown_card" in state and state["phase"] not in ("showdown", "won", "lost"):
        problems.append("state.showdown_card is only kept during the Final Showdown")
    last = state.get("last_challenge")
    if last and last["character"] not in chars:
        problems.append(f"state.last_challenge.character = {show_value(last['character'])} is not a character")
    return problems


def turn_label(state: dict) -> str:
    label = f"Visit {state['visit']} · {state['planet']}"
    phase = state["phase"]
    if phase in ("showdown", "won") or (phase == "lost" and state["signal"] == TRACK_MAX):
        label += " · Final Showdown"
    return label


def status(state: dict) -> str:
    return (f"visit {state['visit']} · {state['planet']} · {PHASE_TEXT[state['phase']]} · "
            f"Signal {state['signal']} · EPM {state['epm']}")


def _profs(c: dict) -> str:
    shown = [f"{t} {c.get(t, 0):+d}" for t in TYPES if c.get(t, 0)]
    return ", ".join(shown) or "no proficiencies"


def next_step(state: dict) -> str:
    phase = state["phase"]
    if phase == "exploring":
        return f"Read Story Card {state['card']} of {state['planet']} and follow it."
    if phase == "en_route":
        left = face_down(state)
        return (f"Travel: journal epm travel PLANET --segments N ({', '.join(left)})" if left
                else "No face-down disc is left: follow your cards.")
    if phase == "showdown":
        return "Play the Final Showdown deck; record its last card with `journal epm end won|lost`."
    return "The campaign is over."


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (`journal play`)."""
    return {"character": list(state["characters"]), "planet": list(state["planets"]), "item": list(state["items"])}


def summary(state: dict) -> list[str]:
    phase = PHASE_TEXT[state["phase"]]
    where = f"Visit {state['visit']} on {state['planet']} ({phase})"
    if state["phase"] in ("exploring", "showdown"):
        where += f", Story Card {state['card']}"
    if "showdown_card" in state:
        where += f", Final Showdown card {state['showdown_card']}"
    lines = [f"{TITLE}: {where}",
             f"  Signal {state['signal']:>2}/25   challenge level {challenge_level(state['signal'])}",
             f"  EPM    {state['epm']:>2}/25", "Characters:"]
    w = max(len(n) for n in state["characters"])
    for name, c in state["characters"].items():
        lines.append(f"  {name:<{w}}  {'Active  ' if c['active'] else 'Inactive'}  {_profs(c)}")
    lines.append("Items:" if state["items"] else "Items: none")
    for name, it in state["items"].items():
        if it["kind"] == "booster":
            what = f"{it['type']} booster {'roll twice' if it['effect'] == 'twice' else it['effect']}"
        else:
            what = "assist item"
        lines.append(f"  {name} ({it['owner']}): {what}")
    lines.append("Planets:")
    w = max(len(n) for n in state["planets"])
    for name, p in state["planets"].items():
        st = p["status"].replace("_", " ") + (f" ({p['boost']})" if p["status"] == "flipped" else "")
        here = "  ← Ship Mover" if name == state["planet"] else ""
        lines.append(f"  {name:<{w}}  {p['color']:<6}  {st}{here}")
    lines.append("Next: " + next_step(state))
    return lines


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None
