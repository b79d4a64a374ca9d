"""Click pieces every command group shares: the save option, entered dice, ordered groups.

Game command groups import these from here, never from the root CLI module.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from typing import NamedTuple

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def complete_saves(ctx, param, incomplete):
    """Shell completion for -s: the save names in the saves folder."""
    folder = os.environ.get("JOURNAL_SAVES", "saves")
    root = ctx.find_root()
    if root.params.get("saves"):
        folder = root.params["saves"]
    try:
        names = sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".toml") and not n.startswith("."))
    except OSError:
        return []
    return [n for n in names if n.startswith(incomplete)]


def save_option(f):
    return click.option("-s", "--save", "save", metavar="SAVE", shell_complete=complete_saves,
                        help="The campaign: a save NAME in the saves folder or a path to a .toml file "
                             "(default: env JOURNAL_SAVE, then the current campaign of `journal use`).")(f)


def add_alias(group: click.Group, old: str, cmd: click.Command) -> None:
    """Keep an old command name working (`journal epm outcome` for `journal epm end`), unlisted."""
    alias = object.__new__(type(cmd))  # a shallow copy (what copy.copy does, without importing it)
    alias.__dict__.update(cmd.__dict__)
    alias.hidden = True
    alias.name = old
    group.add_command(alias, old)


def reason_option(f=None, *, old: tuple[str, ...] = ()):
    """`--reason TEXT` on a command that changes something by hand: why (kept in the log).

    `old` spellings (`--why`) stay accepted as hidden aliases.
    """
    def decorate(f):
        if old:
            inner = f

            @functools.wraps(inner)
            def f(*args, **kwargs):
                for spelling in old:
                    value = kwargs.pop(alias_key(spelling), None)
                    if value and not kwargs.get("reason"):
                        kwargs["reason"] = value
                return inner(*args, **kwargs)

            for spelling in old:
                f = click.option(spelling, alias_key(spelling), hidden=True, metavar="TEXT")(f)
        return click.option("--reason", metavar="TEXT", help="Why, as a card or the table says (kept in the log).")(f)

    return decorate(f) if f is not None else decorate


def alias_key(spelling: str) -> str:
    """The parameter name of an old option spelling kept as a hidden alias."""
    return "alias_" + spelling.lstrip("-").replace("-", "_")


class Delta(NamedTuple):
    """A tracker's change as typed: `+N`/`-N` moves it by N (`by`), `=N` sets it (`to`)."""

    by: int | None
    to: int | None


class DeltaType(click.ParamType):
    """DELTA: `+N` or `-N` to move a tracker, `=N` to set it; a bare number is refused, since it
    could mean either. `digits` bounds N (3: up to 999)."""

    name = "delta"

    def __init__(self, digits: int = 3):
        self.digits = digits
        self.pattern = re.compile(rf"([+-])(\d{{1,{digits}}})|=(\d{{1,{digits}}})")

    def get_metavar(self, param, *args, **kwargs) -> str:  # Click 8.2 passes ctx= by keyword
        return "DELTA"

    def convert(self, value, param, ctx) -> Delta:
        if isinstance(value, Delta):
            return value
        text = str(value).strip()
        m = self.pattern.fullmatch(text)
        if m is not None:
            return Delta(None, int(m.group(3))) if m.group(3) is not None else Delta(int(m.group(1) + m.group(2)), None)
        if text.isdigit() and len(text) <= self.digits:
            self.fail(f"'{text}' could mean either: type +{text} to add {text}, or ={text} to set it to {text}",
                      param, ctx)
        shown = text if len(text) <= 24 else f"{text[:10]}…{text[-4:]}"
        self.fail(f"'{shown}' is not a DELTA: type +N or -N to change it, =N to set it (e.g. -3, +2, =12; N has "
                  f"at most {self.digits} digits)", param, ctx)


DELTA = DeltaType()


def rolls_option(f):
    return click.option("--roll", "rolls", type=int, multiple=True, metavar="N",
                        help="A physical die's result, instead of rolling (repeat for several dice).")(f)


# The shared commands a player may also type under a game's name (`journal epm show`).
SHARED_UNDER_GAME = ("show", "log", "undo", "pdf", "note", "check", "set", "roll")


def long_spellings(command: click.Command, args: list[str], group: bool = False) -> list[str]:
    """`args` with each short option typed as a word of its own (`-s NAME`) spelled long
    (`--save NAME`). Click reads both alike, but tries every option word as a long option
    first, and a short one failing that try builds an error whose suggestions import difflib
    (2% of a command's start-up). An option's value stays as typed, so does an option typed
    last without its value (Click's error names it as typed), and so does everything after
    `--` or, for a group, from its command's name on."""
    longs, values = _spellings(command)
    out, i = list(args), 0
    while i < len(out):
        word = out[i]
        if word == "--":
            break
        if word in values:
            if word in longs and i + values[word] < len(out):
                out[i] = longs[word]
            i += 1 + values[word]
        elif group and not word.startswith("-"):
            break
        else:
            i += 1
    return out


@functools.lru_cache(maxsize=None)  # a batch spells each of its lines' commands
def _spellings(command: click.Command) -> tuple[dict[str, str], dict[str, int]]:
    """A command's short options -> their long spelling, and each option word -> how many words
    after it are its value."""
    longs: dict[str, str] = {}
    values: dict[str, int] = {}
    for param in command.params:
        if isinstance(param, click.Option):
            long = next((o for o in param.opts if o.startswith("--")), None)
            count = 0 if param.is_flag or param.count else param.nargs
            for word in (*param.opts, *param.secondary_opts):
                values[word] = count
                if long and len(word) == 2 and word[0] == "-" and word != "--":
                    longs[word] = long
    return longs, values


class OrderedGroup(click.Group):
    """Lists its commands in the order they were written (the order of play), not A-Z.

    Directly under the root (a game's group), the shared commands work too:
    `journal epm show` is `journal show` (and refuses another game's save).
    """

    def list_commands(self, ctx):
        return list(self.commands)

    def resolve_command(self, ctx, args):
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None:
            rest = long_spellings(cmd, rest, group=isinstance(cmd, click.Group))
        return name, cmd, rest

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, name)
        if (cmd is None and name in SHARED_UNDER_GAME and ctx is not None and ctx.parent is not None
                and ctx.parent.parent is None):
            cmd = ctx.parent.command.get_command(ctx.parent, name)
        return cmd


class LazyGroup(OrderedGroup):
    """A game's group whose commands live in the modules of its cli package, each module imported
    when one of its commands runs or a help lists it: a command pays only for its own module.

    `lazy`: command name -> "module:attribute" inside `package`, in the order of play;
    `aliases`: an old name -> the command it stands for (works, unlisted). The modules never import
    the package's group.
    """

    def __init__(self, *args, lazy: dict[str, str], package: str, aliases: dict[str, str] | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy, self.package, self.aliases = lazy, package, dict(aliases or {})

    def list_commands(self, ctx):
        return list(self.lazy)

    def get_command(self, ctx, name):
        if name not in self.commands:
            if name in self.lazy:
                module, _sep, attr = self.lazy[name].partition(":")
                self.add_command(getattr(importlib.import_module(f"{self.package}.{module}"), attr), name)
            elif name in self.aliases:
                add_alias(self, name, self.get_command(ctx, self.aliases[name]))
        return super().get_command(ctx, name)
