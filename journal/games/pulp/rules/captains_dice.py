"""Captain's dice (rulebook, Dice Icons): what a die in hand shows, turning it down after use,
upgrading a Systems die, and `pulp die`, which sets, rerolls or uses a face on its own
(the Artificial Intelligence's swap and reroll, the Scanning Technology's Understanding,
the Engineer's upgrade). The faces an engage, an evade or a search uses are applied there.
"""

from __future__ import annotations

from typing import NamedTuple, TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.rules.components import (
    AGENT, DIE_COLOURS, ENCOUNTER, FACE_TEXT, FACE_USE, GRAY, GUARDFORCE, IN_ENGAGE, IN_EVADE, IN_SEARCH, ON_ITS_OWN,
    ORANGE, PHASE_TEXT, SYSTEMS, YELLOW, DieUse, parse_card,
)
from journal.games.pulp.rules.model import pending, weapon_index
from journal.games.pulp.rules.phase import refuse_once_over
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


class InHand(NamedTuple):
    """A die in hand for this action: its colour, the face it shows, the face it turns down to."""
    colour: str
    face: int
    to: int | None


WHERE = {IN_ENGAGE: "in an engage", IN_EVADE: "in an evade", IN_SEARCH: "in the planet search",
         ON_ITS_OWN: "on its own during the Encounter phase"}


def where_used(s: State, colour: str, face: int) -> str:
    """Where a face is used: the whole command when it can run now (the next card of the line to
    engage or evade, the die on its own), else the step it belongs to."""
    use = FACE_USE.get((colour, face), IN_ENGAGE)
    left = pending(s) if s["phase"] == ENCOUNTER else []
    if use in (IN_ENGAGE, IN_EVADE) and left:
        return say("it is used with `", cmd(f"pulp {use}", left[0] + 1, die=colour), "`")
    if use == ON_ITS_OWN and s["phase"] == ENCOUNTER:
        return say("it is used with `", cmd("pulp die", colour, use=True), "`")
    return f"it is used {WHERE[use]}"


def rotate(s: State, colour: str, face: int, to: int | None) -> list[str]:
    """A used die turns down to a lower face (one lower unless told; it may skip faces); at its
    lowest face it stays. A die rolled for this action only (not owned) is put back."""
    if to is None:
        to = max(1, face - 1)
    elif face > 1 and not 1 <= to < face:
        raise InputError(f"the {colour} die on {face} turns down to a lower face, 1-{face - 1}, not {to}")
    elif face == 1 and to != 1:
        raise InputError(f"the {colour} die is on its lowest face and stays on 1")
    if colour not in s["dice"]:
        return []
    s["dice"][colour] = to
    return [f"Turn the {colour} die down to {to}." if to != face else f"The {colour} die stays on its lowest face, 1."]


def die_in_hand(s: State, use: DieUse | None) -> InHand | None:
    """The Captain's die an engage, an evade or a search uses ("You may use the action of one of your
    Captain's dice": one die, or none), owned and showing the face the player says."""
    if use is None:
        return None
    colour, face, to = use
    if colour not in s["dice"]:
        owned = ", ".join(f"{c} {f}" for c, f in s["dice"].items()) or "none"
        raise RuleError(f"you have no {colour} die (your dice: {owned})")
    now = s["dice"][colour]
    if face is not None and face != now:
        raise RuleError(say(f"the save has the {colour} die on {now}, not {face}; if it shows {face}, set it "
                            f"first with `", cmd("pulp die", colour, to=face), "`"))
    return InHand(colour, now, to)


def wrong_place(s: State, colour: str, face: int, here: str) -> RuleError:
    """A face used where it has no effect: say where it belongs."""
    return RuleError(say(f"the {colour} die on {face} ({FACE_TEXT[colour][face - 1]}) does nothing in this {here}: ",
                         where_used(s, colour, face)))


def upgrade_systems_die(s: State, target: str | None, sides: int, option: str, param: str) -> list[str]:
    """The Engineer upgrades a Systems die `sides` faces: `target`, else the only one; where the
    player must choose, `option` (and the rules function's `param`) names the choice."""
    systems = [c for c in SYSTEMS if c in s["dice"]]
    if target is None and not systems:
        return ["You have no Systems die to upgrade."]
    if target is None and len(systems) > 1:
        raise NeedChoice(f"{option} is required: which Systems die goes up {plural(sides, 'side')}: "
                         f"{' or '.join(systems)}", option, systems,
                         f"Which Systems die goes up {plural(sides, 'side')}?", param)
    target = target or systems[0]
    if target not in SYSTEMS:
        raise InputError(f"the {target} die is not a Systems die: {' or '.join(SYSTEMS)}")
    if target not in systems:
        raise RuleError(f"you have no {target} Systems die ({', '.join(systems) or 'no Systems die'})")
    before = s["dice"][target]
    s["dice"][target] = min(6, before + sides)
    return [f"Upgrade the {target} die {before} → {s['dice'][target]}."]


# --- pulp die -----------------------------------------------------------------------------

def die(state: State, dice: Dice, colour: str, to: int | None = None, reroll: bool = False, use: bool = False,
        target: str | None = None, swap_for: str | None = None, weapon: int | None = None,
        then: int | None = None) -> Outcome:
    """A captain's die: set it by hand (A2, `to`), reroll it, or `use` a face whose effect is not part
    of an engage, evade or search."""
    refuse_once_over(state)
    if colour not in state["dice"]:
        raise RuleError(f"you have no {colour} die (your dice: {', '.join(state['dice']) or 'none'})")
    s = copy_state(state)
    face = s["dice"][colour]
    if to is not None or reroll:
        value = to if to is not None else dice.roll(6, f"{colour} d6")
        s["dice"][colour] = value
        line = f"Turn the {colour} die to {to} (was {face})." if to is not None else \
            f"Reroll the {colour} die: {value} (was {face})."
        return Outcome(s, line, [line], {"die": colour, "face": value, "was": face})
    if s["phase"] != ENCOUNTER:
        raise RuleError(f"the {colour} die on {face} is used during the Encounter phase "
                        f"(now: {PHASE_TEXT[s['phase']]})")
    lines, data = use_face(s, dice, InHand(colour, face, then), target, swap_for, weapon)
    if swap_for is not None and "taken" not in data:
        raise InputError("only the yellow die on 2 swaps a die for an unowned one")
    return Outcome(s, f"Used the {colour} die on {face}: " + " ".join(lines), lines,
                   {"die": colour, "face": face, **data})


def use_face(s: State, dice: Dice, used: InHand, target: str | None, swap_for: str | None,
             weapon: int | None) -> tuple[list[str], dict]:
    """A face used on its own: the Artificial Intelligence's swap (2) and rerolls (4, 6), the Scanning
    Technology's Understanding (3), the Engineer's upgrade (orange 2)."""
    colour, face, then = used
    if colour == YELLOW and face in (2, 4, 6):
        return artificial_intelligence(s, dice, used, target, swap_for)
    if (colour, face) == (GRAY, 3):
        k = weapon_index(s, weapon if weapon is not None else which_weapon(s))
        if s["weapons"][k]["understood"]:
            raise RuleError(f"Super Weapon {k + 1} is already Understood")
        s["weapons"][k]["understood"] = True
        return rotate(s, colour, face, then) + [f"Super Weapon {k + 1} is Understood automatically."], \
            {"weapon": k + 1}
    if (colour, face) == (ORANGE, 2):
        lines = upgrade_systems_die(s, target, 1, "--target", "target")
        return lines + rotate(s, colour, face, then), {"upgraded": 1}
    raise wrong_place(s, colour, face, "command")


def which_weapon(s: State) -> int:
    """Scanning Technology 3: "Any 1 Super Weapon in your possession is automatically Understood": the
    player chooses which, of those not Understood yet (none to choose: refused)."""
    left = [str(k + 1) for k, w in enumerate(s["weapons"]) if not w["understood"]]
    if not left:
        raise RuleError("no Super Weapon in your possession waits to be Understood" if s["weapons"] else
                        "no Super Weapon has been found yet")
    if len(left) == 1:
        return int(left[0])
    raise NeedChoice(f"--weapon is required: which Super Weapon is Understood: {', '.join(left)}", "--weapon", left,
                     "Which Super Weapon is Understood?")


def artificial_intelligence(s: State, dice: Dice, used: InHand, target: str | None,
                            swap_for: str | None) -> tuple[list[str], dict]:
    """Artificial Intelligence 2: swap an owned die for an unowned one and roll it (engaging a
    Guardforce card with a planet icon); 4: reroll an owned die (engaging an Agent); 6: reroll one
    (a Guardforce card with a planet icon)."""
    colour, face, then = used
    card = s["line"][pending(s)[0]]
    parsed = parse_card(card["card"])
    if face == 4 and parsed["kind"] != AGENT:
        raise RuleError(f"the yellow die on 4 rerolls a die when engaging an Agent; the card to encounter "
                        f"is {card['card']}")
    if face in (2, 6) and not (parsed["kind"] == GUARDFORCE and parsed["planets"]):
        raise RuleError(f"the yellow die on {face} works when engaging a Guardforce card with a planet "
                        f"icon; the card to encounter is {card['card']}")
    if target is None:
        raise NeedChoice(f"--target is required: which of your dice ({', '.join(s['dice'])}) to "
                         f"{'swap' if face == 2 else 'reroll'}", "--target", list(s["dice"]),
                         f"Which die do you {'swap' if face == 2 else 'reroll'}?")
    if target not in s["dice"]:
        raise RuleError(f"you have no {target} die ({', '.join(s['dice'])})")
    lines = rotate(s, colour, face, then)
    if face != 2:
        value, was = dice.roll(6, f"{target} d6"), s["dice"][target]
        s["dice"][target] = value
        return lines + [f"Reroll your {target} die: {value} (was {was})."], {"rerolled": target, "rolled": value}
    unowned = [c for c in DIE_COLOURS if c not in s["dice"]]
    if swap_for is None:
        raise NeedChoice(f"--swap-for is required: the unowned die you take ({', '.join(unowned)})", "--swap-for",
                         unowned, "Which unowned die do you take?")
    if swap_for in s["dice"]:
        raise RuleError(f"the {swap_for} die is already yours")
    value = dice.roll(6, f"{swap_for} d6")
    del s["dice"][target]
    s["dice"][swap_for] = value
    return lines + [f"Swap your {target} die for the {swap_for} die and roll it: {value}."], \
        {"swapped": target, "taken": swap_for, "rolled": value}
