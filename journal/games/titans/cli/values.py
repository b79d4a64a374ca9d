"""What the War Titans commands read from the command line: whole numbers, bonus dice, dotted keys
and values; and the options several commands share. (Names: names.py; the files `new` reads:
files.py; Titan specs: setup.py.)"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from journal.errors import InputError, typed
from journal.games.titans.rules import model
from journal.games.titans.rules.checks import MAX_DICE

if TYPE_CHECKING:
    from journal.outcome import Outcome
    from journal.runtime import How, P, Rules, Runtime

NEGATIVES = {"ignore_unknown_options": True}  # so `threat -1` and `damage --city X -2` read the number
TAG_CHOICE = click.Choice(model.TAGS, case_sensitive=False)

ADJACENT = click.option("--adjacent", multiple=True, metavar="CITY",
                        help="The adjacent city an invader ability's effect damages (when there is a choice).")
DISABLE = click.option("--disable", multiple=True, metavar="CARD",
                       help="A Tech Card an invader ability's effect disables (when there is a choice; repeat).")


def whole_number(text: str, what: str) -> int:
    """`text` as a whole number, or an error naming `what`."""
    try:
        return int(text.strip())
    except ValueError:
        raise InputError(f"{what}: {typed(text)} is not a whole number") from None


_BONUS = r"\s*([A-Za-z]+)\s*([+-]\s*\d{1,2})\s*"


def parse_bonus(texts: Iterable[str], option: str = "--bonus") -> dict | None:
    """("combat+1", "repair+2") → {"combat": 1, "repair": 2}: bonus dice a card adds to checks
    (-9..+9 each, not 0)."""
    out: dict = {}
    for text in texts:
        m = re.fullmatch(_BONUS, text)
        if not m:
            raise InputError(f"{option} {typed(text)}: expected CHECK+N, e.g. combat+1 "
                             f"(checks: {', '.join(model.CHECKS)})")
        key, n = m.group(1).lower(), int(m.group(2).replace(" ", ""))
        if key not in model.CHECKS:
            raise InputError(f"{option} {typed(text)}: bonus dice go to a check: {', '.join(model.CHECKS)}")
        if key in out:
            raise InputError(f"{option} {key} is given twice")
        if not -9 <= n <= 9 or n == 0:
            raise InputError(f"{option} {key}{n:+d}: expected -9..+9 dice, not 0")
        out[key] = n
    return out or None


def at_least(n: int, lo: int, option: str, what: str = "") -> None:
    """Refuse a number below `lo`: `--damage -1: expected 0 or more`."""
    if n < lo:
        raise InputError(f"{option} {n}: {what or 'expected'} {lo} or more")


def in_range(n: int, lo: int, hi: int, option: str, what: str = "expected") -> None:
    """Refuse a number outside what the table can show: `--bonus 120: expected 0-99`."""
    if not lo <= n <= hi:
        raise InputError(f"{option} {n}: {what} {lo}-{hi}")


def dice_counts(bonus_dice: int, reroll: int) -> None:
    """Extra dice and re-rolls a card gives: 0 to the most dice rolled at once."""
    in_range(bonus_dice, 0, MAX_DICE, "--bonus-dice", "extra dice are")
    in_range(reroll, 0, MAX_DICE, "--reroll", "re-rolls are")


def rolled_only(successes: int | None, bonus_dice: int, reroll: int) -> None:
    """A check's successes are typed (--successes N, 0 or more: the rules bound them by the dice)
    or rolled by journal; re-rolls go only with a roll, extra dice with either."""
    dice_counts(bonus_dice, reroll)
    if successes is None:
        return
    at_least(successes, 0, "--successes")
    if reroll:
        raise InputError("--reroll only goes with a roll by journal (leave out --successes)")


def parse_path(text: str) -> list[str]:
    """`cities."New York".damage` → ["cities", "New York", "damage"] (TOML dotted keys)."""
    from journal import assign

    path = assign.key_path(text, hint="write it as in the save, e.g. threat, cities.Tokyo.damage or "
                                      "titans.Atlas.tech.\"Plasma Sword\".charges")
    return path[1:] if path[0] == "state" else path


def parse_value(text: str) -> object:
    """A TOML value (2, true, "text", ["a", "b"]); anything else is read as plain text."""
    from journal import assign

    return assign.value(text)


def run(rt: Runtime, save: str | None, fn: Rules[P], how: How | None = None, /, *args: P.args,
        **params: P.kwargs) -> Outcome:
    """Run a rules function on the campaign, as `Runtime.run` does (its parameters checked against
    `fn`'s by the type checker). An invader whose card the save does not hold yet (the player's box
    is filled in as the invaders come out) is looked up in the box, asked for on a terminal, or the
    command is refused naming the one that records it (cli/box.py); then the command runs again,
    the card entering the save with it."""
    cards: dict[str, dict] = {}
    while True:
        try:
            return rt.run(save, model.with_cards(fn, cards) if cards else fn, how, *args, **params)
        except model.MissingCard as missing:
            if missing.pid in cards:
                raise
            from journal.games.titans.cli import box

            cards[missing.pid] = box.card_for(rt, missing)
