"""Pulp Invasion: what the state shows (`journal show`, `list`, the log's headings, `journal
play`'s status line and completion, `show --json` and the sheets). Whether the game is over and
the step that is due are the rules' (rules/phase.py): this module only renders them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games import TITLES
from journal.games.pulp.rules.components import ABILITIES, ABILITY_LABEL, COLOURS, OVER, PHASE_TEXT, WON, cubes_text
from journal.games.pulp.rules.model import (
    alien_name, card_requirement, n_weapons, past_quietus, progress_text, shown_line,
)
from journal.games.pulp.rules.phase import next_step
from journal.hints import say

if TYPE_CHECKING:
    from journal.games.pulp.tables import Weapon


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


def weapon_line(k: int, w: Weapon) -> str:
    name = f" {w['name']}" if w.get("name") else ""
    used = ", used this round" if w.get("used") else ""
    return f"  {k + 1}{name}: {progress_text(w)} — {'Understood' if w['understood'] else 'not Understood'}{used}"


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
