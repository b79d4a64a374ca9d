"""`journal kraken credits`, `xp`, `oxygen`, `grade-price`, `odds`: resources and check odds."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import CREW, NEGATIVES, NUMBER, PRICE_MAX, Number, run
from journal.games.kraken.model.constants import ATTRIBUTES
from journal.options import Delta, DeltaType, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt


DELTA = DeltaType(digits=7)   # Credits, XP and Oxygen move by up to 7 digits (the schema bounds them)


@click.command("credits", context_settings=NEGATIVES)
@save_option
@click.argument("delta", type=DELTA, metavar="DELTA")
@click.option("--buy", is_flag=True, help="A purchase: refused if you cannot pay (K12).")
@reason_option(old=("--why",))
@pass_rt
def credits_cmd(rt: Runtime, save: str | None, delta: Delta, buy: bool, reason: str | None) -> None:
    """Credits: +N, -N (a penalty takes all you have, K12), =N."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.credits, How(log_reason=reason), delta=delta.by, value=delta.to, buy=buy)


@click.command("xp", context_settings=NEGATIVES)
@save_option
@click.argument("delta", type=DELTA, metavar="DELTA")
@reason_option(old=("--why",))
@pass_rt
def xp_cmd(rt: Runtime, save: str | None, delta: Delta, reason: str | None) -> None:
    """Experience points shared by the crew: +N, -N, =N."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.xp, How(log_reason=reason), delta=delta.by, value=delta.to)


@click.command("oxygen", context_settings=NEGATIVES)
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


@click.command("grade-price")
@save_option
@click.argument("grade", type=NUMBER)
@click.argument("price", type=Number(0, PRICE_MAX), required=False)
@reason_option
@pass_rt
def grade_price_cmd(rt: Runtime, save: str | None, grade: int, price: int | None, reason: str | None) -> None:
    """Note an item/weapon grade's price from your book's pages 165/167 (no PRICE: erase it)."""
    from journal.games.kraken import resources as rules

    run(rt, save, rules.grade_price, How(log_reason=reason), grade=grade, price=price)


@click.command(context_settings=NEGATIVES)
@save_option
@click.option("--crew", "member", type=names.CREW_MEMBER, metavar="NAME", help="The crew member who checks.")
@click.option("--attribute", type=names.ATTRIBUTE, metavar="ATTR", help=f"One of {', '.join(ATTRIBUTES)}, psi.")
@click.option("--value", type=NUMBER, metavar="N", help="An attribute value, instead of --crew/--attribute.")
@click.option("--target", type=NUMBER, metavar="N", help="d6 + attribute >= N (an attribute check).")
@click.option("--bulkhead", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (B# bulkhead).")
@click.option("--mine", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (disarm an M# mine).")
@click.option("--laser", type=NUMBER, metavar="N", help="2d6 + Tech >= 10 + N (disarm an L# laser barrier).")
@click.option("--modifier", type=NUMBER, default=0, metavar="N", help="A bonus or malus on the roll.")
@pass_rt
def odds(rt: Runtime, save: str | None, member: str | None, attribute: str | None, value: int | None,
         target: int | None, bulkhead: int | None, mine: int | None, laser: int | None, modifier: int) -> None:
    """The chance of a check, before rolling.

    d6 + attribute >= N (--target), or 2d6 + Tech >= 10 + level for bulkheads, mines
    and laser barriers.
    """
    from journal.games.kraken import odds as rules

    kinds = [(k, v) for k, v in (("target", target), ("bulkhead", bulkhead), ("mine", mine), ("laser", laser))
             if v is not None]
    if len(kinds) != 1:
        raise click.UsageError("give one of --target N, --bulkhead N, --mine N, --laser N")
    kind, n = kinds[0]
    attr = (attribute or ("tech" if kind != "target" else "")).strip().lower()
    who = None
    if value is None:
        who, value = _attribute_of(rt, save, member, attribute, attr)
    dice_count, goal = (1, n) if kind == "target" else (2, 10 + n)
    p = rules.check_odds(value, goal, dice_count, modifier)
    dice_text = "d6" if dice_count == 1 else "2d6"
    label = f"{who}'s {attr.capitalize()}" if who else f"attribute {value}"
    mod = f" {modifier:+d}" if modifier else ""
    what = {"target": "", "bulkhead": f" (B{n} bulkhead)", "mine": f" (M{n} mines)", "laser": f" (L{n} laser)"}[kind]
    lines_out = [f"{dice_text} + {label} ({value}){mod} >= {goal}{what}: {p:.1%}."]
    data = {"dice": dice_text, "attribute": value, "modifier": modifier, "target": goal, "p": p}
    if kind == "bulkhead":
        three = 1 - (1 - p) ** 3
        lines_out.append(f"Within three attempts (then it locks): {three:.1%}.")
        data["p_three"] = three
    rt.emit(lines_out, data)


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
