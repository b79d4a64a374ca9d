"""What every `journal kraken` command shares: running a rule, names, deltas, traits, the catalogue.

A rules function receives the save's own keys: the names a command typed (crew members,
enemy labels, ship systems, weapons, quests, captives, builds), in any case, are found in
the open campaign first (`run(rt, save, fn, named({...}), ...)`: a How whose `parse` finds
them), and an unknown one is refused naming the option that carried it. A rules function's
missing choice is asked for on a terminal (else the error names it); deltas are typed +N, -N
or =N and traits NAME:VALUE. The rules function's own parameters are given by name and
checked against its signature by the type checker (`Runtime.run`'s contract).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from journal.errors import InputError, typed
from journal.lookup import find
from journal.runtime import How

if TYPE_CHECKING:
    from journal.outcome import Outcome
    from journal.runtime import P, Rules, Runtime

NEGATIVES = {"ignore_unknown_options": True}  # `crew hp Ray -3`, `var A -2 --line 1`
AB = click.Choice(["A", "B"], case_sensitive=False)


NUMBER_MAX = 999_999                  # any number a Kraken option takes (a schema bound is tighter)
PRICE_MAX = 100_000                   # a price or penalty in Credits the save holds (model/schema.py)


class Number(click.ParamType):
    """A whole number within LO..HI, typed as it comes (-3, +2): anything else is a usage error
    naming the option and its range, never a crash and never a 5,000-digit echo."""

    name = "integer"

    def __init__(self, lo: int = -NUMBER_MAX, hi: int = NUMBER_MAX) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
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


class Names(NamedTuple):
    """A kind of name a command types, and where the open campaign keeps those names.

    `table(state, params)` is the campaign's names (None when there are none to find now: the
    rules then say why, e.g. no Ground Combat going on); `what` how a refusal calls one, with
    the other parameters at hand (`"weapon of {name}"`); `option` the option that carries it
    (None for an argument); `also` words taken as they are, in any case ("fists")."""

    what: str
    table: Callable[[dict, dict], Collection[str] | None]
    option: str | None = None
    also: tuple[str, ...] = ()

    def on(self, option: str) -> "Names":
        """The same names, typed with `option`."""
        return self._replace(option=option)

    def key(self, state: dict, params: dict, typed_name: str) -> str:
        """The campaign's own key for what the player typed (exact, else in any case)."""
        word = str(typed_name).strip().casefold()
        for also in self.also:
            if word == also.casefold():
                return also
        table = self.table(state, params)
        if table is None:
            return typed_name
        return find(table, typed_name, self.what.format(**params), self.option)


CREW = Names("crew member", lambda s, p: s.get("crew"))
ENEMY = Names("enemy label", lambda s, p: (s.get("ground") or {}).get("enemies"))
SYSTEM = Names("ship system", lambda s, p: (s.get("ship") or {}).get("systems"))
QUEST = Names("quest", lambda s, p: s.get("quests"))
CAPTIVE = Names("captive", lambda s, p: s.get("captives"))
BUILD = Names("build", lambda s, p: s.get("builds"))


def weapons_of(member: str = "name", also: tuple[str, ...] = ()) -> Names:
    """The weapons of the crew member a command names in its parameter `member` (and `also`)."""
    return Names(f"weapon of {{{member}}}",
                 lambda s, p: ((s.get("crew") or {}).get(p.get(member)) or {}).get("weapons"), also=also)


def resolving(names: dict[str, Names], then: Callable[[dict, dict], dict] | None = None
              ) -> Callable[[dict, dict], dict]:
    """A `parse=` hook: each parameter in `names` (a name, or a list of names) becomes the open
    campaign's own key, in the order given (a member before their weapon); `then` reads the
    rest of what the command typed."""
    def parse(state: dict, params: dict) -> dict:
        for param, kind in names.items():
            value = params.get(param)
            if isinstance(value, (list, tuple)):
                params[param] = [kind.key(state, params, v) for v in value]
            elif value is not None:
                params[param] = kind.key(state, params, value)
        return then(state, params) if then else params
    return parse


def named(names: dict[str, Names], how: How | None = None) -> How:
    """How a command runs whose parameters in `names` are names of the campaign: each is found in
    the open campaign first (`resolving`), then `how.parse`, if any, reads the rest."""
    how = how or How()
    how.parse = resolving(names, how.parse)
    return how


def run(rt: Runtime, save: str | None, fn: Rules[P], how: How | None = None, /, *args: P.args,
        **params: P.kwargs) -> Outcome:
    """Run a rules function on the campaign (the runtime wraps what it prints to the screen): its
    parameters are checked against `fn`'s by the type checker, as `Runtime.run` does."""
    return rt.run(save, fn, how, *args, **params)


def run_choosing(rt: Runtime, save: str | None, fn: Rules[P], how: How | None = None, /, *args: P.args,
                 **params: P.kwargs) -> Outcome:
    """Run a line-following rule (its `choices` parameter: the decisions given); a decision nobody
    gave (--choose A|B) is asked for on a terminal, then the command runs again with it;
    otherwise the error names the options."""
    how = how or How()
    how.choice_params.setdefault("--choose", "choices")
    return rt.run(save, fn, how, *args, **params)


def run_asking(rt: Runtime, save: str | None, fn: Rules[P], how: How | None = None, /, *args: P.args,
               **params: P.kwargs) -> Outcome:
    """Run a rules function; a choice it could not make (--shield, --hurt, --faint, --target,
    --action) is asked for on a terminal, else the error names it (the core's NeedChoice)."""
    return rt.run(save, fn, how, *args, **params)


def catalogue() -> dict:
    from journal.games.kraken import catalogue as catmod

    return catmod.load()


def rolls_of(*dice: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`--roll N` naming the command's dice in the order it uses them (only those it comes to:
    a die that depends on an earlier one is asked for on a terminal once it is needed, and a
    script is told which one is next)."""
    return click.option("--roll", "rolls", type=int, multiple=True, metavar="N",
                        help="A physical die's result, instead of rolling (repeat), in the order used: "
                             + ", ".join(dice) + ". Only the dice the command comes to: one more is asked for "
                             "when needed (a script is told which).")
