"""Commands the player can paste, as values.

A rule says which command comes next as a `Hint` (the command's words and its arguments), not
as typed text: `cmd("epm travel", "PLANET", segments="N")`. The runtime renders it as the line
a player pastes (`journal epm travel PLANET --segments N`, names quoted for the shell), and the
tests check every hint against the Click command tree itself.

Prose that names a command is a `Text`: `say("the visit has ended: ", cmd("epm travel", ...))`.
A Text is the rendered line (a `str`, so it prints, joins and compares as one) that keeps its
parts, so the hints inside it stay values.
"""

from __future__ import annotations

import re
import shlex
from typing import NamedTuple, Union

# A placeholder the player replaces (PLANET, N, ITEM:OWNER, NAME=N): written as it is, never quoted.
PLACEHOLDER = r"[A-Z][A-Z0-9_]*(?:[:=][A-Z][A-Z0-9_]*)*"

Value = Union[str, int]


class Hint(NamedTuple):
    """`journal WORDS...`: a whole command line, split into the words a shell reads.

    `command` is the command's path under `journal` ("kraken", "ground", "enemy"); `words` are
    what follows it: arguments and options in the order typed.
    """

    command: tuple[str, ...]
    words: tuple[str, ...] = ()

    def render(self) -> str:
        """The line to paste: `journal` and the words, each quoted as a shell reads it back
        (a placeholder such as PLANET or N stays as it is)."""
        shown = [w if re.fullmatch(PLACEHOLDER, w) else shlex.quote(w) for w in self.words]
        return " ".join(("journal", *self.command, *shown))

    def __str__(self) -> str:
        return self.render()


def cmd(command: str, *args: Value, **options: Value | bool | list[Value] | None) -> Hint:
    """A hint: `cmd("epm challenge", "TYPE", booster="Zap Gun")` is
    `journal epm challenge TYPE --booster 'Zap Gun'`.

    `command` is the command's words under `journal`; `args` its arguments; each keyword an
    option (`face_down=True` is the flag `--face-down`, a list repeats the option, None and
    False leave it out; a trailing `_` is dropped, for `from_=...`).
    """
    words = [str(a) for a in args]
    for key, value in options.items():
        flag = "--" + key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            words.append(flag)
            continue
        for one in value if isinstance(value, list) else [value]:
            words += [flag, str(one)]
    return Hint(tuple(command.split()), tuple(words))


class Text(str):
    """A line of prose with commands in it: the rendered text, keeping its parts.

    `Text("Read the card, then ", cmd("epm card", "N"), ".")`; any other part is written with
    str(). It is a str, so it prints, joins and compares as the line the player reads.
    """

    parts: tuple[str | Hint, ...]

    def __new__(cls, *parts: object) -> "Text":
        kept = tuple(p if isinstance(p, (Hint, Text)) else str(p) for p in parts)
        flat: list[str | Hint] = []
        for p in kept:
            flat.extend(p.parts if isinstance(p, Text) else (p,))
        self = super().__new__(cls, "".join(p.render() if isinstance(p, Hint) else p for p in flat))
        self.parts = tuple(flat)
        return self

    def hints(self) -> list[Hint]:
        return [p for p in self.parts if isinstance(p, Hint)]


def say(*parts: object) -> Text:
    """A line of prose with commands in it (see Text)."""
    return Text(*parts)


def hints_in(value: object) -> list[Hint]:
    """The hints a line, a message or a list of lines holds."""
    if isinstance(value, Hint):
        return [value]
    if isinstance(value, Text):
        return value.hints()
    if isinstance(value, (list, tuple)):
        return [h for v in value for h in hints_in(v)]
    return []
