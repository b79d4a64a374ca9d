"""Reading a Pulp Invasion state: the questions several steps of the round ask.

Which aliens and decks are in play (and whether you are past The Quietus, P6), which
cards of the Encounter Line are left and where each takes its engage icon (P2), what a
Super Weapon holds, drawing a cube from the bag, and the loss when two abilities are 0
during an encounter (P3).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import (ABILITIES, ABILITY_LABEL, COLOURS, ICONS, KINDS, LEVELS, SHORT,
                                                 card_token, parse_card)


def n_weapons(state: dict) -> int:
    """P1: the Super Weapons used, and to be found, at this skill level."""
    return LEVELS[state["level"]]


def refuse_if_over(state: dict) -> None:
    if state["phase"] == "over":
        how = "won: every Super Weapon was found" if state.get("result") == "won" else \
            "lost: the Cosmic Hegemony invades"
        raise RuleError(f"the game is over ({how}); journal undo, or start a new game")


def alien_name(state: dict, index: int | None = None) -> str:
    return state["hegemony"][state["alien"] if index is None else index]["name"]


def quietus_index(state: dict) -> int | None:
    for i, h in enumerate(state["hegemony"]):
        if is_quietus(h["name"]):
            return i
    return None


def is_quietus(name: str) -> bool:
    n = name.strip().casefold()
    return n in ("the quietus", "quietus")


def past_quietus(state: dict) -> bool:
    """P6: past the Quietus means its deck is empty."""
    q = quietus_index(state)
    return q is not None and state["decks"][q] == 0


def zero_abilities(state: dict) -> list[str]:
    return [a for a in ABILITIES if state["abilities"][a]["value"] == 0]


def pending(state: dict) -> list[int]:
    return [i for i, c in enumerate(state["line"]) if c["status"] == "pending"]


def icon_source(line: list[dict], i: int) -> int:
    """P2: the card whose icon card i uses when it is encountered: the nearest card to its right
    not evaded, wrapping from the rightmost to the leftmost; a card left alone uses its own.
    The line is encountered left to right, so the cards right of card i were still to be
    encountered then: a resolved card keeps the icon it was encountered with."""
    n = len(line)
    for step in range(1, n):
        j = (i + step) % n
        if j > i or line[j]["status"] != "evaded":
            return j
    return i


def line_icon(line: list[dict], i: int) -> str | None:
    """The icon card i takes from the line (P2): the one its icon source shows, if any."""
    return parse_card(line[icon_source(line, i)]["card"])["shows"]


def engage_icon(line: list[dict], i: int) -> str | None:
    """The icon card i is engaged with: the one a card's text set with --icon (`icon_override`,
    stored because nothing else records it), else the one it takes from the line."""
    return line[i].get("icon_override") or line_icon(line, i)


def shown_line(line: list[dict]) -> list[dict]:
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


def line_entry(token: str) -> dict:
    card = parse_card(token)
    return {"card": card_token(card), "kind": KINDS[card["kind"]].lower(), "planets": card["planets"],
            "status": "pending"}


def card_requirement(card: dict) -> str:
    if "engage_strength" not in card:
        return "no strength"
    if card["engage_strength"] == 0:
        return "0, evade it"
    icon = card.get("engage_icon")
    return f"{card['engage_strength']} {ABILITY_LABEL[ICONS[icon]] if icon else '(no icon)'}"


def check_loss(s: dict, lines: list[str]) -> bool:
    """P3: the game is lost the moment two abilities are 0 during an encounter."""
    zeros = zero_abilities(s)
    if len(zeros) >= 2 and s["phase"] != "over":
        s["phase"] = "over"
        s["result"] = "lost"
        lines.append(f"{' and '.join(ABILITY_LABEL[a] for a in zeros)} are 0 during an encounter: the game "
                     f"is lost. The Cosmic Hegemony invades the Intergalactic Alliance.")
        return True
    return False


def draw_cube(dice, bag: dict, strict: bool, drawn: list[str]) -> str:
    if strict and not dice.draws:
        so_far = ",".join(SHORT[c] for c in drawn) or "none"
        raise InputError(f"--draw lists {len(drawn)} cube(s) ({so_far}) but the draw goes on: type every "
                         f"cube drawn, in order, redraws included")
    cube = dice.draw({c: bag[c] for c in COLOURS}, "bag")
    drawn.append(cube)
    return cube


def weapon_problems(w: dict, label: str) -> list[str]:
    """What a Super Weapon card cannot hold: its one yellow cube, and red/orange/blue cubes up to
    its requirement (none before the requirement is recorded); never black or white."""
    out = []
    cubes = w.get("cubes", {})
    needs = w.get("needs")
    if cubes.get("yellow", 0) > 1:
        out.append(f"{label} holds {cubes['yellow']} yellow cubes: a Super Weapon card holds its one yellow cube")
    for c in ("black", "white"):
        if cubes.get(c):
            out.append(f"{label} holds {c} cubes: only yellow and the red, orange and blue cubes it needs go "
                       f"on a Super Weapon")
    for c in ("red", "orange", "blue"):
        have = cubes.get(c, 0)
        if not have:
            continue
        if needs is None:
            out.append(f"{label} holds {have} {c} but its requirement is not recorded (needs)")
        elif have > needs.get(c, 0):
            out.append(f"{label} holds {have} {c} but needs {needs.get(c, 0)}")
    return out


def weapon_index(s: dict, number) -> int:
    if not s["weapons"]:
        raise RuleError("no Super Weapon has been found yet")
    if not isinstance(number, int) or not 1 <= number <= len(s["weapons"]):
        raise InputError(f"Super Weapon {number}: you have found weapons 1-{len(s['weapons'])}")
    return number - 1


def cubes_met(w: dict) -> bool:
    return "needs" in w and all(w["cubes"].get(c, 0) >= n for c, n in w["needs"].items())
