"""Reading a Pulp Invasion state: the questions several steps of the round ask.

Which aliens and decks are in play (and whether you are past The Quietus, P6), which
cards of the Encounter Line are left and where each takes its engage icon (P2), what a
Super Weapon holds, drawing cubes from the bag, and the loss when two abilities are 0
during an encounter (P3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_CUBES, ABILITY_LABEL, BLACK, COLOURS, EVADED, ICONS, KINDS, LETTER, LEVELS, LOST, OVER,
    PENDING, QUIETUS, SHORT, WHITE, YELLOW, Card, card_token, parse_card,
)
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import LineCard, State, Weapon

StateView = Mapping[str, Any]  # a [state] table, read only (schema.State describes its keys)
CardView = Mapping[str, Any]  # a card of the Encounter Line, read only (a LineCard, or as the save had it)


def n_weapons(state: StateView) -> int:
    """P1: the Super Weapons used, and to be found, at this skill level."""
    return LEVELS[state["level"]]


def alien_name(state: StateView, index: int | None = None) -> str:
    return state["hegemony"][state["alien"] if index is None else index]["name"]


def past_quietus(state: StateView) -> bool:
    """P6: past the Quietus means its deck is empty."""
    q = next((i for i, h in enumerate(state["hegemony"]) if h["name"] == QUIETUS), None)
    return q is not None and state["decks"][q] == 0


def zero_abilities(state: StateView) -> list[str]:
    return [a for a in ABILITIES if state["abilities"][a]["value"] == 0]


def abilities_above_zero(state: StateView) -> list[str]:
    return [a for a in ABILITIES if state["abilities"][a]["value"] > 0]


def pending(state: StateView) -> list[int]:
    return [i for i, c in enumerate(state["line"]) if c["status"] == PENDING]


# --- the Encounter Line (P2) ---------------------------------------------------------------

def icon_source(line: Sequence[CardView], i: int) -> int:
    """P2: the card whose icon card i uses when it is encountered: the nearest card to its right
    not evaded, wrapping from the rightmost to the leftmost; a card left alone uses its own.
    The line is encountered left to right, so the cards right of card i were still to be
    encountered then: a resolved card keeps the icon it was encountered with."""
    n = len(line)
    for step in range(1, n):
        j = (i + step) % n
        if j > i or line[j]["status"] != EVADED:
            return j
    return i


def line_icon(line: Sequence[CardView], i: int) -> str | None:
    """The icon card i takes from the line (P2): the one its icon source shows, if any."""
    return parse_card(line[icon_source(line, i)]["card"])["shows"]


def engage_icon(line: Sequence[CardView], i: int) -> str | None:
    """The icon card i is engaged with: the one a card's text set with --icon (`icon_override`,
    stored because nothing else records it), else the one it takes from the line."""
    return line[i].get("icon_override") or line_icon(line, i)


def shown_line(line: Sequence[CardView]) -> list[dict]:
    """The Encounter Line with each card's derived values filled in, as players read it:
    `engage_strength` as printed and `engage_icon` (P2, or as a card's text set it), for the
    cards that show an Engage Strength."""
    out = []
    for i, card in enumerate(line):
        shown = {k: v for k, v in card.items() if k != "icon_override"}
        strength = parse_card(card["card"])["strength"]
        if strength is not None:
            shown["engage_strength"] = strength
            icon = engage_icon(line, i)
            if icon:
                shown["engage_icon"] = icon
        out.append(shown)
    return out


def line_entry(card: Card) -> LineCard:
    """A card as the Encounter Line keeps it, still to be encountered."""
    return {"card": card_token(card), "kind": KINDS[card["kind"]].lower(), "planets": card["planets"],
            "status": PENDING}


def card_requirement(card: dict) -> str:
    """A shown card's Engage Strength and icon, as players read it ("2 Combat", "0, evade it")."""
    if "engage_strength" not in card:
        return "no strength"
    if card["engage_strength"] == 0:
        return "0, evade it"
    icon = card.get("engage_icon")
    return f"{card['engage_strength']} {ABILITY_LABEL[ICONS[icon]]}" if icon else f"{card['engage_strength']}, no icon"


def check_loss(s: State) -> list[str]:
    """P3: the game is lost the moment two abilities are 0 during an encounter: what to tell the
    table (nothing while it goes on)."""
    zeros = zero_abilities(s)
    if len(zeros) < 2 or s["phase"] == OVER:
        return []
    s["phase"], s["result"] = OVER, LOST
    return [f"{' and '.join(ABILITY_LABEL[a] for a in zeros)} are 0 during an encounter: the game is lost. "
            f"The Cosmic Hegemony invades the Intergalactic Alliance."]


# --- the bag -------------------------------------------------------------------------------

class Draws:
    """The cubes one action draws from the bag, in order: those the player typed (entered, which
    must then be every cube drawn) or those journal draws."""

    def __init__(self, dice: Dice):
        self.dice, self.strict = dice, dice.draws_given
        self.drawn: list[str] = []

    def draw(self, bag: dict) -> str:
        """The next cube out of the bag: typed with --draw, asked on a terminal (a letter or a colour
        name), or drawn by journal."""
        if self.strict and not self.dice.draws:
            so_far = ",".join(SHORT[c] for c in self.drawn) or "none"
            raise InputError(f"{self.dice.draw_option} lists {plural(len(self.drawn), 'cube')} ({so_far}) but the "
                             f"draw goes on: type every cube drawn, in order, redraws included")
        cube = self.dice.draw({c: bag[c] for c in COLOURS}, "bag", LETTER)
        self.drawn.append(cube)
        return cube

    def text(self) -> str:
        return ",".join(SHORT[c] for c in self.drawn) if self.drawn else "nothing"


# --- Super Weapons ---------------------------------------------------------------------------

def weapon_problems(w: dict, label: str) -> list[str]:
    """What a Super Weapon card cannot hold: its one yellow cube, and red/orange/blue cubes up to
    its requirement (none before the requirement is recorded); never black or white."""
    out = []
    cubes = w.get("cubes", {})
    needs = w.get("needs")
    if cubes.get(YELLOW, 0) > 1:
        out.append(f"{label} holds {cubes[YELLOW]} yellow cubes: a Super Weapon card holds its one yellow cube")
    for c in (BLACK, WHITE):
        if cubes.get(c):
            out.append(f"{label} holds {c} cubes: only yellow and the red, orange and blue cubes it needs go "
                       f"on a Super Weapon")
    for c in ABILITY_CUBES:
        have = cubes.get(c, 0)
        if not have:
            continue
        if needs is None:
            out.append(f"{label} holds {have} {c} but its requirement is not recorded (needs)")
        elif have > needs.get(c, 0):
            out.append(f"{label} holds {have} {c} but needs {needs.get(c, 0)}")
    return out


def weapon_index(s: StateView, number: int | None) -> int:
    """Super Weapon `number` (1, 2, ...) among those found."""
    if not s["weapons"]:
        raise RuleError("no Super Weapon has been found yet")
    if not isinstance(number, int) or not 1 <= number <= len(s["weapons"]):
        raise InputError(f"Super Weapon {number}: you have found weapons 1-{len(s['weapons'])}")
    return number - 1


def cubes_met(w: Weapon) -> bool:
    """Understanding: the card holds every cube its requirement names."""
    return "needs" in w and all(w["cubes"].get(c, 0) >= n for c, n in w["needs"].items())


def progress_text(w: Weapon) -> str:
    """A Super Weapon's cubes against its requirement ("red 1/2, blue 0/1")."""
    if "needs" not in w:
        return "requirement not recorded"
    if not w["needs"]:
        return "needs no cubes"
    return ", ".join(f"{c} {w['cubes'].get(c, 0)}/{n}" for c, n in w["needs"].items())
