"""Seeded, counter-based dice and validated physical dice.

The generator's whole state is two integers kept in the save's ``[journal]`` table:
``seed`` and ``dice`` (a counter). Die number *k* of a campaign is a pure function of
the seed and *k*, so the same seed and the same commands give the same rolls whatever
else happened on the machine (rulebook-free: this is our own bookkeeping).

Physical dice (rules note A1) come in through ``--roll N``: they are used first, in
order, validated against the die being rolled, and recorded as ``entered``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from hashlib import blake2b

from journal.errors import InputError, RuleError, SaveError, typed
from journal.text import plural

AskDie = Callable[..., int | None]  # ask(die, sides[, faces]) -> the face typed, or None: journal rolls
AskDraw = Callable[[str, dict, dict], str | None]  # ask_draw(what, pool, names) -> the item typed, or None

_SPAN = 1 << 64
MAX_SEED = (1 << 63) - 1


def die_value(seed: int, counter: int, sides: int) -> tuple[int, int]:
    """The face of a `sides`-sided die drawn at `counter`; returns (face, next counter).

    Unbiased: 64-bit draws past the largest multiple of `sides` are rejected and the
    next counter value is used instead.
    """
    limit = _SPAN - (_SPAN % sides)
    key = seed.to_bytes(8, "big", signed=False)
    while True:
        digest = blake2b(counter.to_bytes(8, "big"), digest_size=8, key=key).digest()
        counter += 1
        x = int.from_bytes(digest, "big")
        if x < limit:
            return x % sides + 1, counter


class Roll:
    __slots__ = ("die", "value", "source", "label")

    def __init__(self, die: str, value: int | str, source: str, label: str | None = None):
        self.die, self.value, self.source = die, value, source  # source: "rolled" or "entered"
        self.label = label or die       # what the die is for ("reaction d6"), for messages only

    def as_dict(self) -> dict:
        return {"die": self.die, "value": self.value, "source": self.source}


def rolled_line(rolls: list[dict]) -> str | None:
    """What journal rolled or drew itself (never silently): "journal rolled d6: 6, 2; d20: 7."."""
    parts = []
    for verb, kind in (("rolled", int), ("drew", str)):
        groups: dict[str, list[str]] = {}
        for r in rolls:
            if r["source"] == "rolled" and isinstance(r["value"], kind):
                groups.setdefault(r["die"], []).append(str(r["value"]))
        if groups:
            parts.append(f"journal {verb} " + "; ".join(f"{die}: {', '.join(v)}" for die, v in groups.items()))
    return " and ".join(parts) + "." if parts else None


class Dice:
    """Dice (and draws from bags) for one command: entered values first, then the seeded generator.

    ``entered`` are physical dice (``--roll``), ``draws`` physical draws from a pool such
    as a bag of cubes (``--draw``); both are checked and recorded with their source. On a
    terminal, ``ask`` asks for each die and ``ask_draw`` for each draw the command was not
    given (``replay``, ``draw_replay``: what the player typed in an earlier try of it).
    """

    def __init__(self, seed: int | None, counter: int = 0, entered: Iterable[int] = (), option: str = "--roll",
                 draws: Iterable[str] = (), draw_option: str = "--draw", ask: AskDie | None = None,
                 replay: Iterable[int] = (), ask_draw: AskDraw | None = None, draw_replay: Iterable[str] = ()):
        self.seed = seed
        self.counter = counter
        self.entered = list(entered)
        self.option = option
        self.draws = list(draws)
        self.draw_option = draw_option
        self.rolls: list[Roll] = []
        # Entered results are all or none: a command given some must be given all of them.
        self.entered_given, self.draws_given = bool(self.entered), bool(self.draws)
        self.short: list[str] = []        # dice (or draws) needed past the entered ones
        self.ask = ask                    # ask(die, sides[, faces]) -> a typed result, or None to roll
        self.replay = list(replay)        # results the player typed in an earlier try of this command
        self.asked: list[int] = []
        self.ask_draw = ask_draw          # ask_draw(what, pool, names) -> the item typed, or None to draw
        self.draw_replay = list(draw_replay)
        self.labelled = False             # a die was named by what it is for (`label`): messages list them

    def roll(self, sides: int, die: str | None = None, faces: list[str] | None = None, label: str | None = None) -> int:
        """A face 1..sides. `faces` names them (a custom die's symbols, face 1 first): a player asked
        for the die types the name they see. `label` says what the die is for ("reaction d6"): the
        player is asked for it, and refusals name it, by that; the log keeps `die`.

        Once the entered dice are used up, a terminal (`ask`) asks for the next one; without one
        the command is refused (all or none), naming the dice it needs."""
        die = die or f"d{sides}"
        self.labelled = self.labelled or label is not None
        if self.entered:
            return self.entered_roll(sides, die, label)
        if self.replay or self.ask is not None:
            value = self.asked_roll(sides, die, faces, label)
            if value is not None:
                return value
        elif self.entered_given:
            self.short.append(label or die)
        if self.seed is None:
            raise SaveError("this save has no journal.seed to roll with: add one, or enter the dice with --roll")
        value, self.counter = die_value(self.seed, self.counter, sides)
        self.rolls.append(Roll(die, value, "rolled", label))
        return value

    def entered_roll(self, sides: int, die: str, label: str | None = None) -> int:
        """The next die typed with --roll: a face of this die."""
        value = self.entered.pop(0)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            used = len([r for r in self.rolls if isinstance(r.value, int)])
            raise InputError(f"{self.option} {value} is not a {label or die} result: expected 1-{sides}"
                             + (f" (the {ordinal(used + 1)} --roll is the {label})" if label else ""))
        self.rolls.append(Roll(die, value, "entered", label))
        return value

    def asked_roll(self, sides: int, die: str, faces: list[str] | None, label: str | None = None) -> int | None:
        """The die the player types when asked (or typed in an earlier try of the command); None:
        they pressed Enter, and journal rolls this die and the rest of the command's."""
        if self.replay:
            value: int | None = self.replay.pop(0)
        else:
            assert self.ask is not None  # asked only when there is someone to ask
            value = self.ask(label or die, sides, faces) if faces else self.ask(label or die, sides)
        if value is None:
            self.ask = None
            self.entered_given = False    # Enter: journal rolls this die and the rest of the command's
            return None
        if not 1 <= value <= sides:
            raise InputError(f"{value} is not a {label or die} result: expected 1-{sides}")
        self.asked.append(value)
        self.rolls.append(Roll(die, value, "entered", label))
        return value

    def draw(self, pool: dict, what: str = "bag", names: dict | None = None) -> str:
        """Draw one item from a pool of counts ({"red": 4, ...}), weighted by count.

        An entered draw must name an item the pool holds. The caller takes the item out
        of the pool (or puts it back): this only says which one came out. `names` are other
        spellings a player may type for an item when asked ({"r": "red"}).
        """
        total = sum(n for n in pool.values() if n > 0)
        if total <= 0:
            raise RuleError(f"the {what} is empty: nothing to draw")
        if self.draws:
            return self.entered_draw(pool, what)
        if self.draws_given:
            self.short.append(what)
        elif self.draw_replay or self.ask_draw is not None:
            value = self.asked_draw(pool, what, names or {})
            if value is not None:
                return value
        return self.seeded_draw(pool, what, total)

    def entered_draw(self, pool: dict, what: str) -> str:
        """The next draw typed with --draw: an item the pool holds."""
        value = self.draws.pop(0)
        if pool.get(value, 0) <= 0:
            holds = ", ".join(f"{n} {k}" for k, n in pool.items() if n > 0)
            raise InputError(f"{self.draw_option} {value}: the {what} holds no {value} (it holds {holds})")
        self.rolls.append(Roll(what, value, "entered"))
        return value

    def asked_draw(self, pool: dict, what: str, names: dict) -> str | None:
        """The draw the player types when asked (or typed in an earlier try of the command); None:
        they pressed Enter, and journal draws this one and the rest of the command's."""
        if self.draw_replay:
            value: str | None = self.draw_replay.pop(0)
        else:
            assert self.ask_draw is not None  # asked only when there is someone to ask
            value = self.ask_draw(what, pool, names)
        if value is None:
            self.ask_draw = None
            return None
        if pool.get(value, 0) <= 0:
            raise InputError(f"{value}: the {what} holds no {value}")
        self.rolls.append(Roll(what, value, "entered"))
        return value

    def seeded_draw(self, pool: dict, what: str, total: int) -> str:
        """A draw from the campaign's seeded generator, each item weighted by its count."""
        if self.seed is None:
            raise SaveError(f"this save has no journal.seed to draw with: enter the draws with {self.draw_option}")
        k, self.counter = die_value(self.seed, self.counter, total)
        for value, n in pool.items():
            if n > 0:
                k -= n
                if k <= 0:
                    self.rolls.append(Roll(what, value, "rolled"))
                    return value
        raise AssertionError("unreachable: k <= total")  # pragma: no cover

    def short_error(self, at_least: bool = False) -> InputError:
        """Fewer results were entered than the command needs: all of them, or none."""
        draws = self.draws_given and not self.entered_given
        option = self.draw_option if draws else self.option
        given = sum(1 for r in self.rolls if r.source == "entered" and isinstance(r.value, str) == draws)
        needed = [r.label for r in self.rolls if isinstance(r.value, str) == draws]
        what = plural(len(needed), "draw") if draws else plural(len(needed), "die", "dice")
        nxt = self.short[0] if self.short and self.labelled and not draws else None
        return InputError(f"{option} given {plural(given, 'time')} but this command needs "
                          f"{'at least ' if at_least else ''}{what} "
                          f"({', '.join(needed)}): give all of them, or none to let journal "
                          f"{'draw' if draws else 'roll'}"
                          + (f" (the next, the {ordinal(given + 1)} {option}, is the {nxt})" if nxt else ""))

    def check_complete(self) -> None:
        """Refuse too few physical results: a command given some must be given all of them."""
        if self.short:
            raise self.short_error()

    def finish(self) -> None:
        """Refuse physical dice or draws the command did not use (a typo would otherwise vanish)."""
        if self.draws:
            used = sum(1 for r in self.rolls if not isinstance(r.value, int))
            raise InputError(f"{self.draw_option} given {plural(used + len(self.draws), 'time')} but this command drew "
                             f"{used}: unused {', '.join(str(v) for v in self.draws)}")
        if self.entered:
            faces = [r for r in self.rolls if isinstance(r.value, int)]
            extra = ", ".join(str(v) for v in self.entered)
            which = f" ({', '.join(f'{r.label}: {r.value}' for r in faces)})" if self.labelled and faces else ""
            raise InputError(
                f"{self.option} given {plural(len(faces) + len(self.entered), 'time')} but this command rolled "
                f"{plural(len(faces), 'die', 'dice')}{which}: unused {extra}"
            )


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_TERM = r"([+-]?)(?:(\d*)[dD](\d+)|(\d+))"  # patterns compiled when first used (re caches them)
_EXPR = r"[+-]?(?:\d*[dD]\d+|\d+)(?:[+-](?:\d*[dD]\d+|\d+))*"


class DiceExpr:
    def __init__(self, text: str, terms: tuple):
        self.text = text
        self.terms = terms  # (sign, count, sides) for dice, (sign, 0, constant) for numbers

    def roll(self, dice: Dice) -> tuple[int, list[int]]:
        total, faces = 0, []
        for sign, count, sides in self.terms:
            if count == 0:
                total += sign * sides
                continue
            for _ in range(count):
                v = dice.roll(sides)
                faces.append(v)
                total += sign * v
        return total, faces


def parse_expr(text: str) -> DiceExpr:
    """Parse `d6`, `2d6+3`, `d20`, `d3`, `2d6+d4-1` ..."""
    s = text.replace(" ", "")
    hint = "expected dice like d6, 2d6+3, d20 or 3d6-2 (1-100 dice of 2-1000 sides)"
    if not s or not re.fullmatch(_EXPR, s):
        raise InputError(f"{typed(text)} is not a dice expression: {hint}")
    if re.search(r"\d{7}", s):
        raise InputError(f"{typed(text)} is not a dice expression: {hint}; numbers have at most 6 digits")
    terms, n_dice = [], 0
    for m in re.finditer(_TERM, s):
        sign = -1 if m.group(1) == "-" else 1
        if m.group(4) is not None:
            terms.append((sign, 0, int(m.group(4))))
            continue
        count = int(m.group(2) or 1)
        sides = int(m.group(3))
        if not (1 <= count <= 100 and 2 <= sides <= 1000):
            raise InputError(f"{typed(text)} is not a dice expression: {hint}")
        n_dice += count
        terms.append((sign, count, sides))
    if n_dice == 0:
        raise InputError(f"{typed(text)} rolls no dice: {hint}")
    if n_dice > 100:
        raise InputError(f"{typed(text)} rolls {n_dice} dice: at most 100 at once")
    return DiceExpr(text.replace(" ", ""), tuple(terms))
