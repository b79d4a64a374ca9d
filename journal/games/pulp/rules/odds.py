"""The odds of the bag (`journal pulp odds`, and `journal pulp bag --odds N`), computed exactly
on the cubes in the bag now:

- the next N draws: the chance of each colour, of at least one of it, and how many to expect;
- an evade (rulebook 1b, rules note P4): the chance that it lowers each ability. Yellow, white and
  black cubes drawn go back and are drawn again, so both cubes come from the red, orange and
  blue ones (without replacement: a hit goes to the supply); a cube whose ability is at 0 is
  ignored; with fewer than 2 such cubes in the bag the drawing stops;
- a planet search of N cubes (rulebook 2, P5): the chance of at least one yellow.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, TYPE_CHECKING

from journal.errors import InputError
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_CUBES, ABILITY_LABEL, COLOUR_ABILITY, COLOURS, YELLOW, cubes_text,
)
from journal.games.pulp.rules.phase import alternatives
from journal.hints import cmd, say

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def bag_odds(state: State, draws: int = 1) -> dict:
    """The chance of each colour on the next draw, and of at least one in the next `draws` (1 or
    more, without replacement), with the expected count."""
    bag = state["bag"]
    total = sum(bag.values())
    n = min(draws, total)
    out = {}
    for c in COLOURS:
        k = bag[c]
        nxt = k / total if total else 0.0
        at_least = (comb(total, n) - comb(total - k, n)) / comb(total, n) if total and n else 0.0
        out[c] = {"count": k, "next": nxt, "at_least_one": at_least, "expected": n * k / total if total else 0.0}
    return {"total": total, "draws": draws, "drawn": n, "colours": out}


def bag_lines(state: State, o: dict) -> list[str]:
    """The bag and the odds of its next draws, as a table that fits 100 columns."""
    lines = [f"The bag holds {o['total']} cubes (supply: " +
             ", ".join(f"{state['supply'][c]} {c}" for c in COLOURS) + ")."]
    head = f"  {'colour':<7} {'in bag':>6} {'next draw':>10}"
    many = o["draws"] > 1
    if many:
        head += f" {'1+ in ' + str(o['draws']):>10} {'expected':>9}"
    lines.append(head)
    for c in COLOURS:
        v = o["colours"][c]
        row = f"  {c:<7} {v['count']:>6} {v['next']:>10.1%}"
        if many:
            row += f" {v['at_least_one']:>10.1%} {v['expected']:>9.2f}"
        lines.append(row)
    if o["draws"] > o["total"]:
        lines.append(f"(only {o['drawn']} cubes can be drawn)")
    return lines


def evade_odds(state: State, pay: str | None = None) -> dict:
    """The exact chance that an evade lowers each ability (P4), by enumerating its two draws
    from the red, orange and blue cubes in the bag; `pay`: the ability that pays the evade's
    point first (an ability it leaves at 0 is not lowered again). Also the chance that the
    evade leaves two abilities at 0 (the game is lost, P3)."""
    values = {a: state["abilities"][a]["value"] for a in ABILITIES}
    if pay is not None:
        if values[pay] == 0:
            raise InputError(f"{ABILITY_LABEL[pay]} is 0 and cannot pay the evade")
        values[pay] -= 1
    pool = {c: state["bag"][c] for c in ABILITY_CUBES}
    lowered = {a: Fraction(0) for a in ABILITIES}
    expected = {a: Fraction(0) for a in ABILITIES}
    lose = Fraction(0)
    for p, drawn in two_draws(pool):
        after = lowered_by(values, drawn)
        for a in ABILITIES:
            if after[a] < values[a]:
                lowered[a] += p
                expected[a] += p * (values[a] - after[a])
        if sum(1 for a in ABILITIES if after[a] == 0) >= 2:
            lose += p
    out: dict[str, Any] = {a: float(lowered[a]) for a in ABILITIES}
    out.update(pay=pay, abilities=values, cubes=sum(pool.values()), pool=pool,
               expected_loss={a: float(expected[a]) for a in ABILITIES}, two_at_zero=float(lose))
    return out


def lowered_by(values: dict[str, int], drawn: tuple[str, ...]) -> dict[str, int]:
    """The abilities after the cubes drawn: each red, orange or blue cube lowers its ability by 1, not
    below 0 (P4)."""
    after = dict(values)
    for c in drawn:
        a = COLOUR_ABILITY[c]
        after[a] = max(0, after[a] - 1)
    return after


def two_draws(pool: dict[str, int]) -> list[tuple[Fraction, tuple[str, ...]]]:
    """Every way an evade's two draws can go, with its chance: the cubes drawn in order (fewer when
    the pool runs out)."""
    outcomes: list[tuple[Fraction, tuple[str, ...]]] = []

    def draw(left: dict[str, int], drawn: tuple[str, ...], p: Fraction) -> None:
        total = sum(left.values())
        if len(drawn) == 2 or total == 0:
            outcomes.append((p, drawn))
            return
        for c, k in left.items():
            if k:
                draw({**left, c: k - 1}, drawn + (c,), p * Fraction(k, total))

    draw(pool, (), Fraction(1))
    return outcomes


def evade_lines(o: dict) -> list[str]:
    paid = f"after paying 1 {ABILITY_LABEL[o['pay']]}" if o["pay"] else "before the point you pay"
    lines = [f"An evade draws 2 of the {o['cubes']} red, orange and blue cubes in the bag "
             f"({cubes_text(o['pool'], 'none')}); yellow, white and black ones are drawn again.",
             f"  {'ability':<10} {'value':>5}  {'lowered':>7}  {'expected':>8}   (values {paid})"]
    for a in ABILITIES:
        lines.append(f"  {ABILITY_LABEL[a]:<10} {o['abilities'][a]:>5}  {o[a]:>7.1%}  "
                     f"{-o['expected_loss'][a] + 0.0:>8.2f}")  # + 0.0: no "-0.00" at 0
    if o["pay"]:
        lines.append(f"Chance the evade leaves two abilities at 0 (the game is lost): {o['two_at_zero']:.1%}.")
    else:
        payers = [cmd("pulp odds", evade=True, pay=a) for a in ABILITIES if o["abilities"][a] > 0]
        lines.append(say("With the point paid, and the chance of losing the game: ", *alternatives(payers)))
    return lines


def search_odds(state: State, draws: int) -> dict:
    """The chance that a planet search of `draws` cubes (0 or more) finds at least one yellow (a
    Super Weapon): all the cubes are drawn first (P5), without replacement."""
    total = sum(state["bag"].values())
    yellow = state["bag"][YELLOW]
    n = min(draws, total)
    p = Fraction(comb(total, n) - comb(total - yellow, n), comb(total, n)) if n else Fraction(0)
    expected = Fraction(n * yellow, total) if total else Fraction(0)
    return {"draws": draws, "drawn": n, "yellow": yellow, "total": total, "at_least_one_yellow": float(p),
            "expected_yellow": float(expected)}


def search_lines(o: dict) -> list[str]:
    short = f" (the bag holds only {o['total']})" if o["draws"] > o["total"] else ""
    return [f"A planet search of {o['draws']} cubes{short}: at least one yellow (a Super Weapon) "
            f"{o['at_least_one_yellow']:.1%}; {o['yellow']} yellow of {o['total']} cubes in the bag, "
            f"{o['expected_yellow']:.2f} expected."]
