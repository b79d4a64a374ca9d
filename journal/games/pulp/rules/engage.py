"""1a. Engage: pay the card's Engage Strength, with the icon it takes from the line (P2), with
abilities (payment.py, P3) helped by captain's dice; strength a card's text adds comes with the
engage. The steps: the Engage Strength; the dice; the payment (proposed, or chosen); paying.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, NoReturn, TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.rules.captains_dice import InHand, die_in_hand, rotate, upgrade_systems_die, wrong_place
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_LABEL, AI_ROLLS, ANY, ENCOUNTER, ENGAGED, FACE_TEXT, ICONS, ORANGE, STRENGTH, SYSTEMS, YELLOW,
    DieUse, parse_card,
)
from journal.games.pulp.rules.encounter import after_encounter, card_label, next_card
from journal.games.pulp.rules.model import check_loss, icon_source, line_icon
from journal.games.pulp.rules.payment import covers, direct_payment, need_text, pay_text, payments, would_lose
from journal.games.pulp.rules.phase import evade_hint, need_phase
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.pulp.tables import LineCard, State


class Strength(NamedTuple):
    """What engaging a card asks: points per ability, and the parts as the table reads them."""
    need: dict[str, int]
    parts: list[str]


class DiceHelp(NamedTuple):
    """What the captain's dice add to an engage: strength against one ability, against any, the dice
    used (for the log), and what to tell the table."""
    bonus: dict[str, int]
    wild: int
    used: list[dict]
    lines: list[str]


def engage(state: State, dice: Dice, pos: int, pay: dict[str, int] | None = None, die: DieUse | None = None,
           adds: Sequence[tuple[int, str]] = (), icon: str | None = None, upgrade: str | None = None) -> Outcome:
    """1a. Engage card `pos`: its Engage Strength (P2 icon, `icon` where a card's text sets it, `adds`
    a card's text adds), the one Captain's `die` used, then the payment: `pay`, or point for point (P3)."""
    need_phase(state, (ENCOUNTER,), "engaging")
    s = copy_state(state)
    i = next_card(s, pos)
    strength = engage_strength(s, i, icon, adds)
    lines = [f"Engage {card_label(s, i)}: Engage Strength " + (", ".join(strength.parts) or "none") + "."]
    helped = engage_dice(s, dice, die, upgrade)
    refuse_dice_that_cannot_help(helped.used, strength.need, card_label(s, i))
    rest = {a: max(0, strength.need[a] - helped.bonus[a]) for a in ABILITIES}
    proposed = pay is None
    pay = pay if pay is not None else propose_payment(s, i, rest, helped.wild)
    check_payment(s, pay, rest, helped.wild, card_label(s, i))
    lines += helped.lines + pay_abilities(s, pay, rest, helped.wild, proposed)
    card = s["line"][i]
    lines += mark_engaged(card)
    loss = check_loss(s)
    lines += loss + (a_payment_that_goes_on(state, rest, helped.wild, pos) if loss and not proposed else [])
    lines += after_encounter(s)
    summary = f"Engaged {card_label(s, i)}: {', '.join(strength.parts) or 'no strength'}; paid {pay_text(pay)}" + \
        ("; dice " + ", ".join(f"{u['die']} {u['face']}" for u in helped.used) if helped.used else "") + \
        (" — lost" if loss else "")
    data = {"pos": pos, "card": card["card"], "need": strength.need, "dice_bonus": helped.bonus,
            "dice_any": helped.wild, "paid": {a: pay.get(a, 0) for a in ABILITIES}, "dice": helped.used,
            "abilities": s["abilities"], "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def mark_engaged(card: LineCard) -> list[str]:
    """The card is engaged: a Key or Code card goes to your hand at the end of the round."""
    card["status"] = ENGAGED
    parsed = parse_card(card["card"])
    what = " and ".join(w for w, f in (("Key", parsed["key"]), ("Code", parsed["code"])) if f)
    return [f"Its {what} card goes to your hand at the end of the round."] if what else []


# --- the Engage Strength ---------------------------------------------------------------------

def engage_strength(s: State, i: int, icon: str | None, adds: Sequence[tuple[int, str]]) -> Strength:
    """The number in the card's upper left, against the icon of the card to its right (P2; a card's
    text may set the icon), plus what a card's text adds. A strength of 0 must be evaded."""
    card = s["line"][i]
    printed = parse_card(card["card"])["strength"]
    if printed == 0:
        raise RuleError(say(f"{card_label(s, i)} has Engage Strength 0: it must be evaded: ", evade_hint(s, i + 1)))
    need = {a: 0 for a in ABILITIES}
    parts = []
    if printed is not None:
        ic = engaged_icon(s, i, icon)
        need[ICONS[ic]] += printed
        parts.append(f"{printed} {ABILITY_LABEL[ICONS[ic]]}")
    for amount, ic in adds:
        need[ICONS[ic]] = max(0, need[ICONS[ic]] + amount)
        parts.append(f"{amount:+d} {ABILITY_LABEL[ICONS[ic]]} (card text)")
    if printed is not None and not any(need.values()):
        # "If a card has an Engage Strength of 0, it must be Evaded instead", however it got there
        raise RuleError(say(f"{card_label(s, i)} has Engage Strength 0 with the card text, {', '.join(parts)}: "
                            f"it must be evaded: ", evade_hint(s, i + 1)))
    return Strength(need, parts)


def engaged_icon(s: State, i: int, icon: str | None) -> str:
    """P2: the icon card i takes from the line, or the one a card's text sets (kept as the card's
    `icon_override`, since nothing else records it)."""
    from_line = line_icon(s["line"], i)
    ic = icon or from_line
    if ic is None:
        src = icon_source(s["line"], i)
        raise NeedChoice(f"--icon is required: {card_label(s, i)} takes its engage icon from card {src + 1} "
                         f"({s['line'][src]['card']}), which shows none: --icon C, D or S, as a card's text gives it",
                         "--icon", list(ICONS), f"Which engage icon does card {i + 1} take (a card's text "
                         f"gives it)?", "icon")
    if ic != from_line:
        s["line"][i]["icon_override"] = ic
    return ic


# --- the Captain's die in an engage -------------------------------------------------------------

NO_UPGRADE = "none"  # --upgrade none: the Engineer's face on 2 adds its strength instead of upgrading


def engage_dice(s: State, dice: Dice, use: DieUse | None, upgrade: str | None) -> DiceHelp:
    """The one Captain's die an engage uses ("You may use the action of one of your Captain's dice"),
    its face applied whole: its strength, against an icon type or any; the Engineer's upgrade of a
    Systems die (on 2 instead of its strength, on 6 with it). The Artificial Intelligence on 1, 3 or
    5 rolls an unowned crew die and uses the rolled face the same way ("Use the rolled die face for
    this current Engage turn"). The die used turns down."""
    bonus = {a: 0 for a in ABILITIES}
    die = die_in_hand(s, use)
    if die is None:
        if upgrade not in (None, NO_UPGRADE):
            raise InputError("only the orange die on 2 or 6 upgrades a Systems die, and no die is used")
        return DiceHelp(bonus, 0, [], [])
    entry: dict = {"die": die.colour, "face": die.face}
    colour, face = die.colour, die.face
    lines: list[str] = []
    rolled = die.colour == YELLOW and die.face in AI_ROLLS
    if rolled:  # the yellow die is used, and turned down, before the rolled face applies
        colour, face, lines = roll_an_unowned_die(s, dice, die)
        entry["rolled"] = {colour: face}
        lines += rotate(s, die.colour, die.face, die.to)
    effect, said, upgraded = face_in_engage(s, colour, face, upgrade, rolled)
    if upgrade not in (None, NO_UPGRADE) and not upgraded:
        raise InputError("only the orange die on 2 or 6 upgrades a Systems die" +
                         (f" (the {colour} die rolled {face})" if rolled else ""))
    if upgraded:
        entry["upgrade"] = upgraded
    lines += said + ([] if rolled else rotate(s, die.colour, die.face, die.to))
    if effect is not None and effect[1] != ANY:
        bonus[effect[1]] += effect[0]
    return DiceHelp(bonus, effect[0] if effect is not None and effect[1] == ANY else 0, [entry], lines)


def roll_an_unowned_die(s: State, dice: Dice, die: InHand) -> tuple[str, int, list[str]]:
    """The Artificial Intelligence on 1, 3 or 5: roll the unowned red, blue or orange die for this
    engage, then put it back (our reading: refused when that die is yours, since it is discarded)."""
    crew = AI_ROLLS[die.face]
    if crew in s["dice"]:
        raise RuleError(f"the yellow die on {die.face} rolls an unowned {crew} die, and the {crew} die is "
                        f"yours (our reading: it would be discarded after the roll)")
    rolled = dice.roll(6, f"{crew} d6")
    return crew, rolled, [f"Artificial Intelligence: roll the {crew} die: {rolled} "
                          f"({FACE_TEXT[crew][rolled - 1]}); put it back after this engage."]


def face_in_engage(s: State, colour: str, face: int, upgrade: str | None,
                   rolled: bool) -> tuple[tuple[int, str] | None, list[str], int]:
    """What a crew face does in an engage: its strength (points, against), what to tell the table, and
    how many sides it upgraded a Systems die. An owned face with nothing for an engage is a slip; a
    rolled one only says so (an evade's or a search's half does nothing in an engage)."""
    if (colour, face) == (ORANGE, 2):
        upgraded = orange_on_2(s, upgrade, rolled)
        if upgraded is not None:
            return None, upgraded, 1
    effect = STRENGTH.get((colour, face))
    if effect is None and not rolled:
        raise wrong_place(s, colour, face, "engage")
    said = strength_said(colour, face, effect, rolled)
    if (colour, face) != (ORANGE, 6):
        return effect, said, 0
    return orange_on_6(s, effect, said, upgrade)


def orange_on_2(s: State, upgrade: str | None, rolled: bool) -> list[str] | None:
    """The orange die on 2: a Systems die up 1 side instead of its strength, when --upgrade names one
    (None: its strength counts); rolled by the yellow die, the choice is asked for."""
    if rolled and upgrade is None:
        systems = [c for c in SYSTEMS if c in s["dice"]]
        raise NeedChoice(f"--upgrade is required: the orange die rolled 2: +1 Engage Strength against Science "
                         f"(--upgrade {NO_UPGRADE}) or a Systems die up 1 side ("
                         f"{', '.join('--upgrade ' + c for c in systems)})", "--upgrade", [NO_UPGRADE, *systems],
                         "The orange die rolled 2: +1 against Science (none), or which Systems die goes up 1 side?",
                         "upgrade")
    if upgrade not in (None, NO_UPGRADE):
        return upgrade_systems_die(s, upgrade, 1, "--upgrade", "upgrade")
    return None


def strength_said(colour: str, face: int, effect: tuple[int, str] | None, rolled: bool) -> list[str]:
    """What the table is told of a face's strength (a rolled face's strength is in the roll's line)."""
    if effect is None:
        return [f"The {colour} die on {face} does nothing in an engage: it adds no Engage Strength."]
    return [] if rolled else [f"The {colour} die on {face}: +{effect[0]} Engage Strength against "
                              f"{'any type' if effect[1] == ANY else ABILITY_LABEL[effect[1]]}."]


def orange_on_6(s: State, effect: tuple[int, str] | None, said: list[str],
                upgrade: str | None) -> tuple[tuple[int, str] | None, list[str], int]:
    """The orange die on 6: its strength, and a Systems die up 2 sides (--upgrade names it)."""
    if not any(c in s["dice"] for c in SYSTEMS):
        return effect, said + ["You have no Systems die to upgrade."], 0
    if upgrade == NO_UPGRADE:
        raise InputError("the orange die on 6 upgrades a Systems die 2 sides with its strength: --upgrade names it")
    return effect, said + upgrade_systems_die(s, upgrade, 2, "--upgrade", "upgrade"), 2


def refuse_dice_that_cannot_help(used: list[dict], need: dict[str, int], label: str) -> None:
    """An owned die that cannot help is a slip of the finger, not a choice."""
    for u in used:
        plain = "rolled" not in u and "upgrade" not in u
        effect = STRENGTH.get((u["die"], u["face"])) if plain else None
        if effect and not (need[effect[1]] if effect[1] != ANY else any(need.values())):
            raise RuleError(f"the {u['die']} die on {u['face']} adds strength against "
                            f"{'any type' if effect[1] == ANY else ABILITY_LABEL[effect[1]]}, and {label} needs "
                            f"{need_text(need, 0)}: it would not help")


# --- paying (P3) ----------------------------------------------------------------------------------

def propose_payment(s: State, i: int, rest: dict[str, int], wild: int) -> dict[str, int]:
    """Without a payment: point for point with the matching abilities, unless that cannot pay or
    would lose the game; then the player chooses (NeedChoice)."""
    pay = direct_payment(s, rest, wild)
    if pay is None:
        ask_payment(s, i, rest, wild, "cannot be paid point for point")
    if would_lose(s, pay) and sum(rest.values()) > 0:
        ask_payment(s, i, rest, wild, "paid point for point would leave two abilities at 0 and lose the game")
    return pay


def check_payment(s: State, pay: dict[str, int], rest: dict[str, int], wild: int, label: str) -> None:
    """P3: the abilities hold what is paid, and it covers the Engage Strength left after dice."""
    for a, n in pay.items():
        have = s["abilities"][a]["value"]
        if n > have:
            raise RuleError(f"paying {n} {ABILITY_LABEL[a]}: {ABILITY_LABEL[a]} is only {have}"
                            f"{what_works(s, rest, wild)}")
    if not covers(rest, wild, pay):
        raise RuleError(f"paying {pay_text(pay)} does not cover {label}: it needs {need_text(rest, wild)} after "
                        f"dice; each point is paid with the matching ability or with 2 points of one other "
                        f"ability{what_works(s, rest, wild)}")


def pay_abilities(s: State, pay: dict[str, int], rest: dict[str, int], wild: int, proposed: bool) -> list[str]:
    """Move the cubes down on the Player Tracking cards for the abilities paid with."""
    lines = []
    for a in ABILITIES:
        if pay.get(a):
            before = s["abilities"][a]["value"]
            s["abilities"][a]["value"] -= pay[a]
            lines.append(f"Move the {ABILITY_LABEL[a]} cube down {before} → {s['abilities'][a]['value']}.")
    if not any(pay.values()):
        lines.append("Nothing to pay.")
    spare = [a for a in ABILITIES if pay.get(a) and covers(rest, wild, {**pay, a: pay[a] - 1})]
    if spare and not proposed:
        lines.append(f"(You pay more than needed: {', '.join(ABILITY_LABEL[a] for a in spare)} could pay "
                     f"1 point less.)")
    return lines


def a_payment_that_goes_on(state: State, rest: dict[str, int], wild: int, pos: int) -> list[str]:
    """The player's own payment lost the game: name one that would not have, if any."""
    safe = [p for p in payments(state, rest, wild) if not would_lose(state, p)]
    if not safe:
        return []
    return [say(f"(Paid with --pay {pay_text(safe[0])} instead, the game would go on: ", cmd("undo"), ", then ",
                cmd("pulp engage", pos, pay=pay_text(safe[0])), ".)")]


def what_works(s: State, rest: dict[str, int], wild: int) -> str:
    """The payments that cover `rest` (P3), as options to type, for a refusal to name."""
    found = payments(s, rest, wild)
    if not found:
        return f"; no payment covers it ({ability_line(s)}): evade the card"
    loses = " (each loses the game)" if would_lose(s, found[0]) else ""
    return f"; payments that work{loses}: " + "; ".join(f"--pay {pay_text(pay)}" for pay in found)


def ability_line(state: State) -> str:
    return ", ".join(f"{ABILITY_LABEL[a]} {state['abilities'][a]['value']}/{state['abilities'][a]['max']}"
                     for a in ABILITIES)


def ask_payment(s: State, i: int, rest: dict[str, int], wild: int, why: str) -> NoReturn:
    """The player chooses how to pay (P3): NeedChoice lists every payment that works as a
    complete --pay answer (asked on a terminal, named in a script's refusal); those that
    leave two abilities at 0 only when no other pays."""
    found = payments(s, rest, wild)
    where = f"{card_label(s, i)} needs {need_text(rest, wild)}, which {why}"
    mine = f"(2 points of one ability pay 1 of another; you have {ability_line(s)})"
    if not found:
        raise RuleError(f"{where}, nor 2 points for 1 {mine}: evade it")
    options = [pay_text(pay) for pay in found]
    loses = " (each way loses the game)" if would_lose(s, found[0]) else ""
    raise NeedChoice(f"--pay is required: {where}: {'; '.join('--pay ' + o for o in options)}{loses} {mine}, "
                     f"or evade it", "--pay", options, f"{where[0].upper()}{where[1:]}; pay with{loses}")
