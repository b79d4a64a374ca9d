"""Pulp Invasion: what the state shows (`journal show`, `list`, the log's headings, `journal
play`'s status line and completion, `show --json` and the sheets, whether the game is over)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TYPE_CHECKING

from journal.games import TITLES
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_LABEL, BLACK, COLOUR_ABILITY, COLOURS, ENCOUNTER, LINE_SIZE, LOST, OVER, PHASE_TEXT, READY,
    SEARCH, SEARCHED, SHORT, WON, cubes_text,
)
from journal.games.pulp.rules.model import (
    abilities_above_zero, alien_name, card_requirement, n_weapons, past_quietus, pending, shown_line,
)
from journal.hints import Hint, cmd, say

if TYPE_CHECKING:
    from journal.games.interface import Result


def result(state: Mapping[str, Any]) -> Result | None:
    """Game End: "won" once every Super Weapon is found, "lost" once two abilities reach 0 during
    an encounter or the decks run out (or as a card's text ended it)."""
    ending = state.get("result")
    return WON if ending == WON else LOST if ending == LOST else None


def public_state(state: dict) -> dict:
    """The state as players read it (`journal show --json`, the sheets): the stored state with
    the derived values filled in, each line card's `engage_strength` (as printed) and
    `engage_icon` (rules note P2, or as a card's text set it)."""
    return {**state, "line": shown_line(state["line"])}


def turn_label(state: dict) -> str:
    if state["round"] == 0:
        return "Setup"
    return f"Round {state['round']} · {alien_name(state)}"  # between rounds: the sector just played


def status(state: dict) -> str:
    ab = " ".join(f"{a[0].upper()}{state['abilities'][a]['value']}" for a in ABILITIES)
    where = f"round {state['round']} · {alien_name(state)} · {PHASE_TEXT[state['phase']]}"
    if state.get("result"):
        where += f" ({state['result']})"
    return f"{where} · {ab} · weapons {len(state['weapons'])}/{n_weapons(state)}"


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (`journal play`): the card
    tokens in play (the Encounter Line, the hand, the Location), the planets chosen, the Captain's
    dice (`colour`), the abilities and the named Super Weapons."""
    cards = [c["card"] for c in state["line"]] + list(state["hand"]) + [state[k] for k in ("location",) if k in state]
    planets = [state["planet"]] if state.get("planet") else []
    return {"card": list(dict.fromkeys(cards)),
            "planet": list(dict.fromkeys(planets + list(state["planets"]["searched"]))),
            "colour": list(state["dice"]), "ability": list(ABILITIES),
            "weapon": [w["name"] for w in state["weapons"] if w.get("name")]}


# --- what comes next ---------------------------------------------------------------------

def next_step(state: Mapping[str, Any]) -> str:
    """The one-line hint every command ends with: the step of the round that is due."""
    phase = state["phase"]
    if phase == READY:
        return next_round(state)
    if phase == ENCOUNTER:
        return next_card_hint(state)
    if phase == SEARCH:
        return say("search the planet: ", cmd("pulp search"), " (a planet's actions: --spend K or O, --extra N)")
    if phase == SEARCHED:
        return place_the_cubes(state)
    return "the game is over."


def next_card_hint(state: Mapping[str, Any]) -> str:
    """1. Encounter Phase: the next card of the line, left to right: engage or evade it (a card whose
    Engage Strength is 0 is evaded; one whose neighbour shows no icon takes it from a card's text)."""
    i = pending(state)[0]
    card = shown_line(state["line"])[i]
    head = f"card {i + 1} {card['card']} ({card_requirement(card)}): "
    if card.get("engage_strength") == 0:
        return say(head, evade_hint(state, i + 1))
    if "engage_strength" in card and "engage_icon" not in card:
        return say(head, cmd("pulp engage", i + 1), " (it asks for --icon C, D or S, as a card's text gives it), or ",
                   evade_hint(state, i + 1))
    return say(head, cmd("pulp engage", i + 1), ", or ", evade_hint(state, i + 1))


def evade_hint(state: Mapping[str, Any], pos: int) -> Hint:
    """`pulp evade POS`, naming the ability that pays when only one can (otherwise the command asks)."""
    above = abilities_above_zero(state)
    return cmd("pulp evade", pos, pay=above[0] if len(above) == 1 else None)


def next_round(state: Mapping[str, Any]) -> str:
    """1. Encounter Phase: choose a planet, draw the line from the leftmost deck with cards."""
    left = state["decks"][state["alien"]]
    if not left:
        return "No Encounter cards are left."
    n = min(LINE_SIZE, left)
    face_up = state["planets"]["face_up"]
    planets = f"choose one of the {face_up} face-up planets" if face_up else \
        "deal 3 new Planet cards face up and choose one"
    return say(f"{planets}, draw {n} cards from {alien_name(state)}'s deck: ",
               Hint(("pulp", "round"), ("--planet", "NAME", *["CARD"] * n)))


def place_the_cubes(state: Mapping[str, Any]) -> str:
    """2. Planet Search: the cubes drawn wait to be placed (the first colour's places named), then the
    round ends; unused cubes go to the supply."""
    waiting = {c: n for c, n in state["drawn"].items() if n}
    if waiting.get(BLACK):
        return say(f"lose 1 ability point per black cube ({waiting[BLACK]}): ", cmd("pulp assign", "k"),
                   " (it asks which ability)")
    if not waiting:
        return say(cmd("pulp end-round"))
    places = cube_places(state, next(iter(waiting)))
    if not places:
        return say(f"{cubes_text(waiting)} drawn, with nowhere to go (unused cubes go to the supply): ",
                   cmd("pulp end-round"))
    return say(f"place {cubes_text(waiting)}: ", *alternatives(places), "; then ", cmd("pulp end-round"),
               " (unused cubes go to the supply)")


def alternatives(hints: list[Hint]) -> list[str | Hint]:
    """Whole commands, one after the other, for a line of prose: a, b, c."""
    return [part for k, hint in enumerate(hints) for part in ((", " if k else ""), hint)]


def cube_places(state: Mapping[str, Any], colour: str) -> list[Hint]:
    """Where a drawn red, orange or blue cube may go: +1 to its ability below its maximum, or onto a
    Super Weapon whose recorded requirement still needs that colour."""
    letter = SHORT[colour]
    ability = state["abilities"][COLOUR_ABILITY[colour]]
    places = [cmd("pulp assign", letter, ability=True)] if ability["value"] < ability["max"] else []
    for k, w in enumerate(state["weapons"]):
        if not w["understood"] and w["cubes"].get(colour, 0) < w.get("needs", {}).get(colour, 0):
            places.append(cmd("pulp assign", letter, weapon=k + 1))
    return places


# --- journal show ---------------------------------------------------------------------------

def summary(state: dict) -> list[str]:
    return [*where(state), *abilities(state), *cubes(state), *places(state), *weapons(state), *encounter_line(state),
            f"Hand: {', '.join(state['hand']) or 'no Key or Code cards'}", say("Next: ", next_step(state))]


def where(state: dict) -> list[str]:
    head = f"{TITLES['pulp']} ({state['level']}, {n_weapons(state)} Super Weapons to find), Captain {state['captain']}"
    if state["phase"] == OVER:
        return [head, f"Game over: {'WON' if state['result'] == WON else 'LOST'} in round {state['round']}."]
    if state["round"] == 0:
        return [head, f"Set up, before round 1 · {alien_name(state)}'s sector comes first"]
    return [head, f"Round {state['round']} · {alien_name(state)}'s sector · {PHASE_TEXT[state['phase']]}"]


def abilities(state: dict) -> list[str]:
    lines = []
    for a in ABILITIES:
        ab = state["abilities"][a]
        bar = "#" * ab["value"] + "." * (ab["max"] - ab["value"])
        lines.append(f"  {ABILITY_LABEL[a]:<10} {ab['value']:>2}/{ab['max']:<2}  [{bar}]")
    return lines


def cubes(state: dict) -> list[str]:
    dice = ", ".join(f"{c} {f}" for c, f in state["dice"].items()) or "none"
    return [f"Captain's dice: {dice}",
            f"Bag ({sum(state['bag'].values())}): " + " · ".join(f"{state['bag'][c]} {c}" for c in COLOURS),
            "Supply: " + " · ".join(f"{state['supply'][c]} {c}" for c in COLOURS)]


def places(state: dict) -> list[str]:
    decks = [f"{h['name']} {state['decks'][k]}{' ←' if k == state['alien'] else ''}"
             for k, h in enumerate(state["hegemony"])]
    past = " (past it)" if past_quietus(state) else ""
    pl = state["planets"]
    here = f"Planet: {state['planet']}" if state.get("planet") else "Planet: none chosen"
    return [f"Decks: {' · '.join(decks)}   Quietus: {state['quietus']} black{past}",
            f"{here}; {pl['face_up']} face up, {pl['deck']} in the deck, {len(pl['searched'])} searched. "
            f"Location: {state.get('location', 'none')}"]


def weapons(state: dict) -> list[str]:
    return [f"Super Weapons found: {len(state['weapons'])}/{n_weapons(state)}"] + \
        [weapon_line(k, w) for k, w in enumerate(state["weapons"])]


def weapon_line(k: int, w: dict) -> str:
    name = f" {w['name']}" if w.get("name") else ""
    used = ", used this round" if w.get("used") else ""
    return f"  {k + 1}{name}: {progress_text(w)} — {'Understood' if w['understood'] else 'not Understood'}{used}"


def progress_text(w: dict) -> str:
    """A Super Weapon's cubes against its requirement ("red 1/2, blue 0/1")."""
    if "needs" not in w:
        return "requirement not recorded"
    if not w["needs"]:
        return "needs no cubes"
    return ", ".join(f"{c} {w['cubes'].get(c, 0)}/{n}" for c, n in w["needs"].items())


def encounter_line(state: dict) -> list[str]:
    lines = []
    if state["line"]:
        lines.append("Encounter Line:")
        lines += [f"  {k + 1} {c['card']:<10} {c['status']:<8} {card_requirement(c)}"
                  for k, c in enumerate(shown_line(state["line"]))]
    waiting = {c: m for c, m in state["drawn"].items() if m}
    if waiting:
        lines.append(f"Drawn, waiting to be placed: {cubes_text(waiting)}")
    return lines
