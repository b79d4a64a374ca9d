"""1b. Evade (rules note P4): pay 1 ability point of your choice, then draw 2 cubes from the bag;
yellow, white and black cubes go back and are drawn again; each red, orange or blue cube lowers
that ability by 1 (ignored at 0) and goes to the supply. The captain's dice that help an evade
act first (red 5, blue 6, gray 2 and 4). The card's icon no longer counts (P2), nor do its
planet icons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.pulp.rules.captains_dice import InHand, die_in_hand, rotate, wrong_place
from journal.games.pulp.rules.components import (
    ABILITY_CUBES, ABILITY_LABEL, BLUE, COLOUR_ABILITY, ENCOUNTER, EVADED, GRAY, RED, SHORT,
    WHITE, YELLOW, DieUse, count_cubes, cubes_text,
)
from journal.games.pulp.rules.encounter import after_encounter, card_label, next_card
from journal.games.pulp.rules.model import Draws, abilities_above_zero, check_loss
from journal.games.pulp.rules.phase import need_phase
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def evade(state: State, dice: Dice, pos: int, pay: str | None = None, die: DieUse | None = None,
          take: Sequence[str] = ()) -> Outcome:
    """1b. Evade card `pos`: `pay` is the ability that pays the point; `die` the one Captain's die used;
    `take` the cubes the blue die on 6 or the gray die on 2 take out of the bag."""
    need_phase(state, (ENCOUNTER,), "evading")
    s = copy_state(state)
    i = next_card(s, pos)
    ability = who_pays(s, pay)
    draws = Draws(dice)
    lines = [f"Evade {card_label(s, i)}: rotate it ninety degrees."]
    used, said = evade_dice(s, draws, die, list(take))
    before = s["abilities"][ability]["value"]
    s["abilities"][ability]["value"] -= 1
    lines += said + [f"Pay 1 {ABILITY_LABEL[ability]}: {before} → {before - 1}."]
    hits, redrawn, said = draw_two_cubes(s, draws)
    s["line"][i]["status"] = EVADED
    loss = check_loss(s)
    lines += said + loss + after_encounter(s)
    summary = f"Evaded {card_label(s, i)}: paid 1 {ability}; drew {draws.text()}" + (" — lost" if loss else "")
    data = {"pos": pos, "card": s["line"][i]["card"], "paid": ability, "drawn": draws.drawn, "hits": hits,
            "redrawn": redrawn, "dice": used, "abilities": s["abilities"], "phase": s["phase"],
            **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def who_pays(s: State, pay: str | None) -> str:
    """Pay 1 Ability point of your choice: an ability above 0 (asked for when not given)."""
    above = abilities_above_zero(s)
    if pay is None and not above:
        raise RuleError("every ability is 0: nothing can pay the evade")
    if pay is None:
        raise NeedChoice(f"--pay is required: one of {', '.join(above)}", "--pay", above,
                         "Which ability pays the evade?")
    if s["abilities"][pay]["value"] == 0:
        raise RuleError(f"{ABILITY_LABEL[pay]} is 0 and cannot pay the evade; pay it with "
                        f"{' or '.join(above) or 'an ability above 0'}")
    return pay


def evade_dice(s: State, draws: Draws, use: DieUse | None, take: list[str]) -> tuple[list[dict], list[str]]:
    """The Captain's die used in an evade (one), before its draw: red 5 takes 2 white cubes out of the
    bag, blue 6 two chosen cubes, gray 2 one chosen cube (not yellow), gray 4 draws one at random."""
    used, lines = [], []
    die = die_in_hand(s, use)
    if die is not None:
        lines += evade_die(s, draws, die, take)
        used.append({"die": die.colour, "face": die.face})
        lines += rotate(s, die.colour, die.face, die.to)
    if take:
        raise InputError(f"only the blue die on 6 (2 cubes) and the gray die on 2 (1 cube) take chosen cubes "
                         f"from the bag (left over: {','.join(SHORT[c] for c in take)})")
    return used, lines


def evade_die(s: State, draws: Draws, die: InHand, take: list[str]) -> list[str]:
    """One die's effect in an evade; the chosen cubes it takes are removed from `take`."""
    colour, face = die.colour, die.face
    if (colour, face) == (RED, 5):
        n = min(2, s["bag"][WHITE])
        to_the_supply(s, [WHITE] * n)
        return [f"The red die on 5: take {plural(n, 'white cube')} out of the bag to the supply."]
    if (colour, face) in ((BLUE, 6), (GRAY, 2)):
        n = 2 if colour == BLUE else 1
        if len(take) < n:
            raise InputError(f"--take: the {colour} die on {face} removes {plural(n, 'chosen cube')} from the bag: "
                             f"name them, e.g. --take {'k,w' if n == 2 else 'k'}")
        chosen = [take.pop(0) for _ in range(n)]
        if colour == GRAY and YELLOW in chosen:
            raise RuleError("the gray die on 2 cannot take a yellow cube")
        to_the_supply(s, chosen)
        return [f"The {colour} die on {face}: take {cubes_text(count_cubes(chosen))} out of the bag to the supply."]
    if (colour, face) == (GRAY, 4):
        if sum(s["bag"].values()) == 0:
            return ["The gray die on 4: the bag is empty, nothing to draw."]
        c = draws.draw(s["bag"])
        if c == YELLOW:
            return ["The gray die on 4: drew yellow, which goes back into the bag."]
        to_the_supply(s, [c])
        return [f"The gray die on 4: drew {c}, which goes to the supply."]
    raise wrong_place(s, colour, face, "evade")


def to_the_supply(s: State, cubes: list[str]) -> None:
    """Cubes out of the bag into the general supply (each must be in the bag)."""
    for c in cubes:
        if s["bag"][c] <= 0:
            raise RuleError(f"the bag holds no {c} cube (it holds {cubes_text(s['bag'], 'nothing')})")
        s["bag"][c] -= 1
        s["supply"][c] += 1


def draw_two_cubes(s: State, draws: Draws) -> tuple[list[str], list[str], list[str]]:
    """Draw until 2 red, orange or blue cubes are drawn (the others go back, P4); each lowers its
    ability by 1 unless it is 0, and goes to the supply. The drawing stops when the bag holds no
    red, orange or blue cube."""
    hits: list[str] = []
    redrawn: list[str] = []
    lines = []
    while len(hits) < 2:
        if not any(s["bag"][c] for c in ABILITY_CUBES):
            lines.append("The bag holds no red, orange or blue cube: the drawing stops (P4).")
            break
        c = draws.draw(s["bag"])
        if c not in COLOUR_ABILITY:
            redrawn.append(c)
            lines.append(f"Drew {c}: back into the bag, draw again.")
            continue
        hits.append(c)
        to_the_supply(s, [c])
        lines.append(lower_ability(s, COLOUR_ABILITY[c], c))
    return hits, redrawn, lines


def lower_ability(s: State, a: str, c: str) -> str:
    v = s["abilities"][a]["value"]
    if v == 0:
        return f"Drew {c}: {ABILITY_LABEL[a]} is already 0 (ignored); the cube goes to the supply."
    s["abilities"][a]["value"] = v - 1
    return f"Drew {c}: {ABILITY_LABEL[a]} {v} → {v - 1}; the cube goes to the supply."

