"""What every `journal kraken` command shares: running a rule, deltas, traits, the catalogue.

A rules function's missing choice is asked for on a terminal (else the error names it);
deltas are typed +N, -N or =N and traits NAME:VALUE.
"""

from __future__ import annotations


import click

from journal.errors import InputError, typed

NEGATIVES = {"ignore_unknown_options": True}  # `crew hp Ray -3`, `var A -2 --line 1`
AB = click.Choice(["A", "B"], case_sensitive=False)


NUMBER_MAX = 999_999                  # any number a Kraken option takes (a schema bound is tighter)
PRICE_MAX = 100_000                   # a price or penalty in Credits the save holds (model/schema.py)


class Number(click.ParamType):
    """A whole number within LO..HI, typed as it comes (-3, +2): anything else is a usage error
    naming the option and its range, never a crash and never a 5,000-digit echo."""

    name = "integer"

    def __init__(self, lo: int = -NUMBER_MAX, hi: int = NUMBER_MAX):
        self.lo, self.hi = lo, hi

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            n = value
        else:
            text = str(value).strip()
            digits = text.lstrip("+-")
            if not (digits.isdigit() and digits.isascii() and len(text) - len(digits) <= 1):
                self.fail(f"{typed(short(text))} is not a whole number", param, ctx)
            if len(digits.lstrip("0")) > len(str(max(abs(self.lo), abs(self.hi)))):
                self.fail(f"{short(text)} is outside {self.lo}..{self.hi}", param, ctx)
            n = int(text)
        if not self.lo <= n <= self.hi:
            self.fail(f"{n} is outside {self.lo}..{self.hi}", param, ctx)
        return n


def short(text: str) -> str:
    """What the player typed, cut down for a one-line message (a 5,000-digit number is not echoed)."""
    return text if len(text) <= 24 else f"{text[:10]}…{text[-4:]} ({len(text)} characters)"


NUMBER = Number()


def parse_trait(spec: str, option: str = "--trait") -> tuple[str, int]:
    head, sep, tail = str(spec).rpartition(":")
    try:
        value = int(tail)
    except ValueError:
        value = None
    if not sep or not head.strip() or value is None:
        raise InputError(f"{option} '{spec}': expected NAME:VALUE, e.g. Tough:+2 or Slow:-1")
    return head.strip(), value


def run(rt, save, fn, **params):
    """Run a rules function on the campaign (the runtime wraps what it prints to the screen)."""
    return rt.run(save, fn, **params)


def run_choosing(rt, save, fn, choices: list, **params):
    """Run a line-following rule; a decision nobody gave (--choose A|B) is asked for on a
    terminal, then the command runs again with it; otherwise the error names the options."""
    return run(rt, save, fn, choices=list(choices), choice_params={"--choose": "choices"}, **params)


def run_asking(rt, save, fn, **params):
    """Run a rules function; a choice it could not make (--shield, --hurt, --faint, --target,
    --action) is asked for on a terminal, else the error names it (the core's NeedChoice)."""
    return run(rt, save, fn, **params)


def catalogue() -> dict:
    from journal.games.kraken import catalogue as catmod

    return catmod.load()
