"""`journal kraken credits`, `xp`, `oxygen`, `grade-price`, `odds`: resources and check odds."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import CREW, NEGATIVES, NUMBER, PRICE_MAX, Number, run
from journal.games.kraken.model.constants import ATTRIBUTES
from journal.games.kraken.odds import CHECK_KINDS
from journal.options import Delta, DeltaType, JournalCommand, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt


DELTA = DeltaType(digits=7)   # Credits, XP and Oxygen move by up to 7 digits (the schema bounds them)


@click.command("credits", context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("delta", type=DELTA, metavar="DELTA")
@click.option("--buy", is_flag=True, help="A purchase: refused if you cannot pay (K12).")
@reason_option(old=("--why",))
@pass_rt
def credits_cmd(rt: Runtime, save: str | None, delta: Delta, buy: bool, reason: str | None) -> None:
    """Credits: +N, -N (a penalty takes all you have, K12), =N."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.credits, How(log_reason=reason), delta=delta.by, value=delta.to, buy=buy)


@click.command("xp", context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("delta", type=DELTA, metavar="DELTA")
@reason_option(old=("--why",))
@pass_rt
def xp_cmd(rt: Runtime, save: str | None, delta: Delta, reason: str | None) -> None:
    """Experience points shared by the crew: +N, -N, =N."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.xp, How(log_reason=reason), delta=delta.by, value=delta.to)


@click.command("oxygen", context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("delta", type=DELTA, metavar="DELTA", required=False)
@click.option("--tanks", type=NUMBER, metavar="N", help="Extra Oxygen the crew's tanks hold (max = 25 + N).")
@reason_option
@pass_rt
def oxygen_cmd(rt: Runtime, save: str | None, delta: Delta | None, tanks: int | None, reason: str | None) -> None:
    """Oxygen shared by the crew (25 + tanks): -N, +N, =N."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.oxygen, How(log_reason=reason), delta=delta.by if delta else None,
        value=delta.to if delta else None, tanks=tanks)


@click.command("grade-price", cls=JournalCommand)
@save_option
@click.argument("grade", type=NUMBER)
@click.argument("price", type=Number(0, PRICE_MAX), required=False)
@reason_option
@pass_rt
def grade_price_cmd(rt: Runtime, save: str | None, grade: int, price: int | None, reason: str | None) -> None:
    """Note an item/weapon grade's price from your book's pages 165/167 (no PRICE: erase it)."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.grade_price, How(log_reason=reason), grade=grade, price=price)


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.option("--crew", "member", type=names.CREW_MEMBER, metavar="NAME", help="The crew member who checks.")
@click.option("--attribute", type=names.ATTRIBUTE, metavar="ATTR", help=f"One of {', '.join(ATTRIBUTES)}, psi.")
@click.option("--value", type=NUMBER, metavar="N", help="An attribute value, instead of --crew/--attribute.")
@click.option("--target", type=NUMBER, metavar="N", help="d6 + attribute >= N (an attribute check).")
@click.option("--bulkhead", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (B# bulkhead).")
@click.option("--mine", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (disarm an M# mine).")
@click.option("--laser", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (disarm an L# laser barrier).")
@click.option("--modifier", type=NUMBER, default=0, metavar="N", help="A bonus or malus on the roll.")
@click.option("--check", "check_kind", type=click.Choice(list(CHECK_KINDS), case_sensitive=False),
              help="The d6 check's kind: avoid, objective, evasion and flank fail on a 1 whatever the total "
                   "(evasion and flank: --target 8 by default; an evasion's value is the pilots' Tech / 2).")
@pass_rt
def odds(rt: Runtime, save: str | None, member: str | None, attribute: str | None, value: int | None,
         target: int | None, bulkhead: int | None, mine: int | None, laser: int | None, modifier: int,
         check_kind: str | None) -> None:
    """The chance of a check, before rolling.

    d6 + attribute >= N (--target; --check names a check where a 1 always fails), or 2d6 +
    Tech >= 10 + level for bulkheads, mines and laser barriers.
    """
    from journal.games.kraken import odds as rules

    kind, n = _odds_kind(target, bulkhead, mine, laser, check_kind)
    attr = (attribute or ("tech" if kind != "target" else "")).strip().lower()
    who = None
    if value is None:
        who, value = _attribute_of(rt, save, member, attribute, attr)
    label = f"{who}'s {attr.capitalize()}" if who else f"attribute {value}"
    rt.emit(*rules.check_chance(kind, n, value, label, modifier, check_kind))


def _odds_kind(target: int | None, bulkhead: int | None, mine: int | None, laser: int | None,
               check_kind: str | None) -> tuple[str, int]:
    """The one check `odds` was asked about: (target|bulkhead|mine|laser, N); an evasion's and a
    Flank's target is 8 unless given."""
    from journal.games.kraken.odds import FIXED_TARGETS

    two_dice = [k for k, v in (("bulkhead", bulkhead), ("mine", mine), ("laser", laser)) if v is not None]
    if check_kind and two_dice:
        raise click.UsageError(f"--check {check_kind} is a d6 check: it goes with --target N, not --{two_dice[0]}")
    if target is None and check_kind in FIXED_TARGETS:
        target = FIXED_TARGETS[check_kind]
    kinds = [(k, v) for k, v in (("target", target), ("bulkhead", bulkhead), ("mine", mine), ("laser", laser))
             if v is not None]
    if len(kinds) != 1:
        raise click.UsageError("give one of --target N, --bulkhead N, --mine N, --laser N")
    return kinds[0]


def _attribute_of(rt: Runtime, save: str | None, member: str | None, attribute: str | None, attr: str
                  ) -> tuple[str, int]:
    """`odds --crew NAME --attribute ATTR`: the crew member's key and their value of `attr` (the
    attribute as typed, `attribute`, for the refusal)."""
    if member is None or not attr:
        raise click.UsageError("give --crew NAME --attribute ATTR (or --value N)")
    with rt.read(save) as s:
        crew_ = s.state.get("crew", {})
    who = CREW.on("--crew").key(s.state, {}, member)
    if attr not in ATTRIBUTES + ("psi",) or attr not in crew_[who]:
        raise InputError(f"--attribute {attribute}: one of {', '.join(ATTRIBUTES)}"
                         + (", psi" if "psi" in crew_[who] else ""))
    return who, crew_[who][attr]
