"""Ability checks rolled with the custom-die face table, and their odds (read only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import click

from journal.games.titans.cli.names import read_titan, titan_of
from journal.games.titans.cli.values import dice_counts, run
from journal.games.titans.rules import checks, model
from journal.options import JournalCommand, reason_option, rolls_option, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.titans.tables import State


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan")
@click.argument("ability", type=click.Choice(model.CHECKS, case_sensitive=False))
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice from cards.")
@click.option("--reroll", type=int, default=0, metavar="N", help="Re-roll up to N failed dice once.")
@rolls_option
@reason_option
@pass_rt
def check(rt: Runtime, save: str | None, titan: str, ability: str, bonus_dice: int, reroll: int,
          rolls: tuple[int, ...], reason: str | None) -> None:
    """Roll an ability check with the custom-die face table (--dice at new)."""
    dice_counts(bonus_dice, reroll)
    run(rt, save, checks.check, How(entered=rolls, parse=read_titan, log_reason=reason), titan=titan,
           ability=ability.lower(), bonus_dice=bonus_dice, reroll=reroll)


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan")
@click.argument("ability", type=click.Choice(model.CHECKS, case_sensitive=False))
@click.option("--bonus-dice", type=int, default=0, metavar="N", help="Extra dice from cards.")
@pass_rt
def odds(rt: Runtime, save: str | None, titan: str, ability: str, bonus_dice: int) -> None:
    """The chance of at least k successes in an ability check, for each k (read only; needs the face table).

    --json: titan, ability, dice, pool, successes_on, red_counts_two, at_least (at_least[k]: the
    chance of k or more successes), expected.
    """
    dice_counts(bonus_dice, 0)
    with rt.read(save) as s:
        o = checks.odds(cast("State", s.state), titan_of(s.state, titan), ability.lower(), bonus_dice)
    red = " (the red symbol counts 2: a Two-Handed Tech Card)" if o["red_counts_two"] else ""
    lines = [f"{o['titan']}'s {o['ability'].capitalize()} Check: {o['dice']} dice "
             f"({checks.pool_text([(p['source'], p['dice']) for p in o['pool']])}"
             f"{f', +{bonus_dice} bonus' if bonus_dice else ''}); a success on "
             f"{', '.join(o['successes_on']) or 'no face'}{red}.",
             f"  {'successes':>9}  {'chance of at least':>18}"]
    lines += [f"  {k:>9}  {p:>18.1%}" for k, p in enumerate(o["at_least"]) if k] or ["  No die to roll: no success."]
    lines.append(f"Expected successes: {o['expected']:.2f}.")
    rt.emit(lines, o)
