"""The Super Weapons found: what Understanding each takes (as its card says), its name, whether it
is Understood (a Scanning Technology face or a card's text may say so), and its power, used once
during each Encounter phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import RuleError
from journal.games.pulp.rules.components import ENCOUNTER, YELLOW, needs_text
from journal.games.pulp.rules.model import cubes_met, progress_text, weapon_index
from journal.games.pulp.rules.phase import refuse_once_over
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.pulp.tables import State, Weapon


def weapon(state: State, dice: Dice, number: int, needs: dict[str, int] | None = None, name: str | None = None,
           understood: bool | None = None, use: bool = False) -> Outcome:
    """Super Weapon `number`: its `name`, the cubes it `needs` as printed, `understood` set by hand (A2),
    or its once-per-Encounter-phase `use`."""
    refuse_once_over(state)
    s = copy_state(state)
    w = s["weapons"][weapon_index(s, number)]
    lines = []
    if name is not None:
        w["name"] = name
        lines.append(f"Super Weapon {number} is the {name}.")
    if needs is not None:
        lines += record_the_requirement(w, number, needs)
    if understood is not None:
        lines.append(understood_by_hand(w, number, understood))
    if use:
        lines.append(use_the_power(s, w, number))
    return Outcome(s, weapon_summary(w, number, needs, name, understood, use), lines, {"weapon": number, **w})


def understood_by_hand(w: Weapon, number: int, understood: bool) -> str:
    """A2: Understood or not as a card says; a weapon holding every cube it needs stays Understood."""
    w["understood"] = understood
    if not understood and cubes_met(w):
        raise RuleError(f"Super Weapon {number} holds every cube it needs: it is Understood")
    return f"Super Weapon {number} is {'Understood' if understood else 'not Understood'} (by hand)."


def weapon_summary(w: Weapon, number: int, needs: dict[str, int] | None, name: str | None, understood: bool | None,
                   use: bool) -> str:
    """The log's line: what the command changed on the weapon."""
    parts = [f"named {name}" if name is not None else "", f"needs {needs_text(needs)}" if needs is not None else "",
             ("Understood" if understood else "not Understood") if understood is not None else "",
             "used" if use else ""]
    label = f"Super Weapon {number}" + (f" ({w['name']})" if w.get("name") and name is None else "")
    return f"{label}: {', '.join(p for p in parts if p)}" + \
        (" — Understood" if needs is not None and w["understood"] else "")


def record_the_requirement(w: Weapon, number: int, needs: dict[str, int]) -> list[str]:
    """The cubes Understanding takes, as the card says; a card that needs none works at once."""
    for c, n in w["cubes"].items():
        if c != YELLOW and n > needs.get(c, 0):
            raise RuleError(f"Super Weapon {number} already holds {n} {c}: it cannot need {needs_text(needs)}")
    w["needs"] = needs
    lines = [f"Super Weapon {number} needs {needs_text(needs)} to be Understood ({progress_text(w)})."]
    if cubes_met(w) and not w["understood"]:
        w["understood"] = True
        lines.append(f"Super Weapon {number} is Understood" + (": it works without cubes." if not needs else "."))
    return lines


def use_the_power(s: State, w: Weapon, number: int) -> str:
    """An Understood weapon's power, once during each Encounter phase."""
    if not w["understood"]:
        raise RuleError(f"Super Weapon {number} is not Understood yet ({progress_text(w)})")
    if s["phase"] != ENCOUNTER:
        raise RuleError("a Super Weapon's power is used during the Encounter phase")
    if w["used"]:
        raise RuleError(f"Super Weapon {number} was already used this Encounter phase")
    w["used"] = True
    return f"Use Super Weapon {number}{' (' + w['name'] + ')' if w.get('name') else ''}: follow its card. " \
           f"Once per Encounter phase."
