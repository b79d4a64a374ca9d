"""Captain's dice (rulebook, Dice Icons): what a die in hand shows, turning it down after use,
upgrading a Systems die, and `pulp die`, which sets, rerolls or uses a face on its own
(the Artificial Intelligence's swap and reroll, the Scanning Technology's Understanding,
the Engineer's upgrade). The faces an engage, an evade or a search uses are applied there.
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import (DIE_COLOURS, FACE_TEXT, FACE_USE, PHASE_TEXT, SYSTEMS,
                                                 colour_name, parse_card)
from journal.games.pulp.rules.model import pending, refuse_if_over, weapon_index
from journal.outcome import Outcome, copy_state


_WHERE = {"engage": "journal pulp engage POS --die {d}", "evade": "journal pulp evade POS --die {d}",
          "search": "journal pulp search --die {d}", "die": "journal pulp die {d} --use"}


def rotate(s: dict, colour: str, face: int, to: int | None, lines: list[str], spec: str) -> None:
    """A used die turns down to a lower face (one lower unless told; it may skip faces);
    at its lowest face it stays. `spec` is the option as typed (--die red:6:4, --then 4)."""
    if to is None:
        to = max(1, face - 1)
    elif face > 1 and not 1 <= to < face:
        raise InputError(f"{spec}: a used die turns down to a lower face, 1-{face - 1}")
    elif face == 1 and to != 1:
        raise InputError(f"{spec}: the die is on its lowest face and stays on 1")
    if colour in s["dice"]:
        s["dice"][colour] = to
        lines.append(f"Turn the {colour} die down to {to}." if to != face else
                     f"The {colour} die stays on its lowest face, 1.")


def dice_in_hand(s: dict, specs):
    """The captain's dice one action uses (`--die COLOUR[:FACE[:TO]]`), each at most once:
    (colour, the face it shows, the face it turns down to or None, the option as typed)."""
    seen = set()
    for colour, face, to in specs:
        spec = colour + (f":{face}" if face else "") + (f":{to}" if to else "")
        if colour in seen:
            raise InputError(f"--die {colour} given twice: each die is used once per action")
        seen.add(colour)
        yield colour, _die_in_hand(s, colour, face, spec), to, f"--die {spec}"


def _die_in_hand(s: dict, colour: str, face: int | None, spec: str) -> int:
    if colour not in s["dice"]:
        owned = ", ".join(f"{c} {f}" for c, f in s["dice"].items()) or "none"
        raise RuleError(f"--die {spec}: you have no {colour} die (your dice: {owned})")
    now = s["dice"][colour]
    if face is not None and face != now:
        raise RuleError(f"--die {spec}: the save has the {colour} die on {now}, not {face}; if it shows "
                        f"{face}, set it first with `journal pulp die {colour} --to {face}`")
    return now


def wrong_place(colour: str, face: int, here: str) -> RuleError:
    """A face used where it has no effect: say where it belongs."""
    where = FACE_USE.get((colour, face), "engage")
    what = FACE_TEXT[colour][face - 1]
    return RuleError(f"the {colour} die on {face} ({what}) does nothing in this {here}: it is used with "
                     f"`{_WHERE[where].format(d=colour)}`")


def upgrade_systems_die(s: dict, target: str | None, sides: int, lines: list[str], required: bool,
                        option: str = "--upgrade") -> None:
    """The Engineer upgrades a Systems die `sides` faces; `option` names the command's option
    that chooses it (engage --upgrade, die --target)."""
    systems = [c for c in SYSTEMS if c in s["dice"]]
    if target is not None:
        target = colour_name(target, option, SYSTEMS)
    if target is None:
        if len(systems) == 1:
            target = systems[0]
        elif not systems:
            lines.append("You have no Systems die to upgrade.")
            return
        elif required:
            raise InputError(f"{option} is required: which Systems die goes up {sides} side(s): "
                             f"{' or '.join(systems)}")
        else:
            return
    if target not in systems:
        raise RuleError(f"{option} {target}: you have no {target} Systems die "
                        f"({', '.join(systems) or 'no Systems die'})")
    before = s["dice"][target]
    s["dice"][target] = min(6, before + sides)
    lines.append(f"Upgrade the {target} die {before} → {s['dice'][target]}.")


def die(state: dict, dice, colour: str, to: int | None = None, reroll: bool = False, use: bool = False,
        target: str | None = None, swap_for: str | None = None, weapon: int | None = None,
        then: int | None = None) -> Outcome:
    """A captain's die: set it by hand (A2), reroll it, or use a face whose effect is not part
    of an engage, evade or search (swap/reroll by the Artificial Intelligence, Understand a
    weapon by Scanning Technology, upgrade a Systems die by the Engineer)."""
    refuse_if_over(state)
    colour = colour_name(colour, "COLOUR", DIE_COLOURS)
    s = copy_state(state)
    if colour not in s["dice"]:
        owned = ", ".join(s["dice"]) or "none"
        raise RuleError(f"you have no {colour} die (your dice: {owned})")
    if sum(1 for x in (to is not None, reroll, use) if x) != 1:
        raise InputError("give exactly one of --to FACE, --reroll or --use")
    lines = []
    face = s["dice"][colour]
    if to is not None:
        if not 1 <= to <= 6:
            raise InputError(f"--to {to}: a die face is 1-6")
        s["dice"][colour] = to
        line = f"Turn the {colour} die to {to} (was {face})."
        return Outcome(s, line, [line], {"die": colour, "face": to, "was": face})
    if reroll:
        value = dice.roll(6, f"{colour} d6")
        s["dice"][colour] = value
        line = f"Reroll the {colour} die: {value} (was {face})."
        return Outcome(s, line, [line], {"die": colour, "face": value, "was": face})
    if s["phase"] != "encounter":
        raise RuleError(f"the {colour} die on {face} is used during the Encounter phase "
                        f"(now: {PHASE_TEXT[s['phase']]})")
    key = (colour, face)
    spec = f"--then {then}"
    nxt = s["line"][pending(s)[0]]
    nparsed = parse_card(nxt["card"])
    data = {"die": colour, "face": face}
    if colour == "yellow" and face in (2, 4, 6):
        if face == 4 and nparsed["kind"] != "A":
            raise RuleError(f"the yellow die on 4 rerolls a die when engaging an Agent; the card to encounter "
                            f"is {nxt['card']}")
        if face in (2, 6) and not (nparsed["kind"] == "G" and nparsed["planets"]):
            raise RuleError(f"the yellow die on {face} works when engaging a Guardforce card with a planet "
                            f"icon; the card to encounter is {nxt['card']}")
        if target is None:
            raise InputError(f"--target is required: which of your dice ({', '.join(s['dice'])}) to "
                             f"{'swap' if face == 2 else 'reroll'}")
        tgt = colour_name(target, "--target", DIE_COLOURS)
        if tgt not in s["dice"]:
            raise RuleError(f"--target {tgt}: you have no {tgt} die ({', '.join(s['dice'])})")
        rotate(s, colour, face, then, lines, spec)
        if face == 2:
            if swap_for is None:
                unowned = [c for c in DIE_COLOURS if c not in s["dice"]]
                raise InputError(f"--swap-for is required: the unowned die you take ({', '.join(unowned)})")
            new = colour_name(swap_for, "--swap-for", DIE_COLOURS)
            if new in s["dice"]:
                raise RuleError(f"--swap-for {new}: the {new} die is already yours")
            value = dice.roll(6, f"{new} d6")
            del s["dice"][tgt]
            s["dice"][new] = value
            lines.append(f"Swap your {tgt} die for the {new} die and roll it: {value}.")
            data.update(swapped=tgt, taken=new, rolled=value)
        else:
            value = dice.roll(6, f"{tgt} d6")
            was = s["dice"][tgt]
            s["dice"][tgt] = value
            lines.append(f"Reroll your {tgt} die: {value} (was {was}).")
            data.update(rerolled=tgt, rolled=value)
    elif key == ("gray", 3):
        k = weapon_index(s, weapon)
        w = s["weapons"][k]
        if w["understood"]:
            raise RuleError(f"Super Weapon {weapon} is already Understood")
        w["understood"] = True
        rotate(s, colour, face, then, lines, spec)
        lines.append(f"Super Weapon {weapon} is Understood automatically.")
        data.update(weapon=weapon)
    elif key == ("orange", 2):
        upgrade_systems_die(s, target, 1, lines, True, "--target")
        rotate(s, colour, face, then, lines, spec)
        data.update(upgraded=1)
    else:
        raise wrong_place(colour, face, "command")
    if swap_for is not None and "taken" not in data:
        raise InputError("--swap-for goes with the yellow die on 2")
    summary = f"Used the {colour} die on {face}: " + " ".join(lines)
    return Outcome(s, summary, lines, data)
