"""Click pieces every command group shares: the save option, entered dice, ordered groups.

Game command groups import these from here, never from the root CLI module.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def complete_saves(ctx, param, incomplete):
    """Shell completion for -s: the save names in the saves folder."""
    from journal.store.folder import find, save_files

    folder = ctx.find_root().params.get("saves") or find(os.environ.get("JOURNAL_SAVES")).folder
    return sorted(n[:-5] for n in save_files(folder) if n.startswith(incomplete))


def save_option(f):
    return click.option("-s", "--save", "save", metavar="SAVE", shell_complete=complete_saves,
                        help="The campaign: a save NAME in the saves folder or a path to a .toml file "
                             "(default: env JOURNAL_SAVE, then the current campaign of `journal use`).")(f)


def add_alias(group: "OrderedGroup", old: str, cmd: click.Command) -> None:
    """Keep an old command name working (`journal epm outcome` for `journal epm end`), unlisted."""
    group.aliases[old] = cmd.name or old


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


class OpenCampaign:
    """The campaign whose names a completion offers (the table shell puts it in the context it
    completes in): its game's state as the save holds it."""

    def __init__(self, state: dict):
        self.state = state


class CampaignName(click.ParamType):
    """A name of the open campaign, as typed (the command finds it in the save): completion offers
    exactly the names `pick(state)` gives, those the command accepts now (`travel` offers the
    planets a party may travel to, `crew hp` the crew). `kind` labels them ("planet")."""

    name = "name"

    def __init__(self, pick: Callable[[dict], Iterable[object]], kind: str):
        self.pick, self.kind = pick, kind

    def convert(self, value, param, ctx):
        return value

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        found = ctx.find_object(OpenCampaign)
        if found is None:
            return []
        names = [str(n) for n in self.pick(found.state)]
        folded = incomplete.casefold()
        return [CompletionItem(n, help=self.kind) for n in names if n.casefold().startswith(folded)]


def rolls_option(f):
    return click.option("--roll", "rolls", type=int, multiple=True, metavar="N",
                        help="A physical die's result, instead of rolling (repeat for several dice).")(f)


# The shared commands a player may also type under a game's name (`journal epm show`).
SHARED_UNDER_GAME = ("show", "log", "undo", "pdf", "note", "check", "set", "roll")


def refuse_repeated(cmd: click.Command, ctx: click.Context, args: list[str]) -> None:
    """An option that takes one value, typed twice (`--booster A --booster B`), or both sides of a
    flag pair (`--active --inactive`), is a usage error: Click would keep the last one silently."""
    single = {word: p for p in cmd.params if isinstance(p, click.Option) and not p.multiple and not p.count
              for word in (*p.opts, *p.secondary_opts)}
    seen: dict[str, str] = {}  # parameter name -> the word that gave it
    words = iter(args)
    for word in words:
        if word == "--":
            return
        name = word.split("=", 1)[0] if word.startswith("--") else word
        param = single.get(name)
        if param is None:
            continue
        if param.name in seen:
            first = seen[param.name]
            said = f"{name} is given twice" if first == name else f"{first} and {name} are given together"
            raise click.UsageError(f"{said}: give {'it' if first == name else 'one of them'} once", ctx)
        seen[str(param.name)] = name
        if not param.is_flag and "=" not in word:
            next(words, None)  # its value


class OrderedGroup(click.Group):
    """Lists its commands in the order they were written (the order of play), not A-Z.

    `aliases`: an old name -> the command it stands for; it works and is not listed (Click's
    documented way, a group that resolves aliases in `get_command`). Directly under the root (a
    game's group), the shared commands work too: `journal epm show` is `journal show` (and refuses
    another game's save).
    """

    def __init__(self, *args, aliases: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.aliases = dict(aliases or {})

    def list_commands(self, ctx):
        return list(self.commands)

    def resolve_command(self, ctx, args):
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None and not isinstance(cmd, click.Group) and not ctx.resilient_parsing:
            refuse_repeated(cmd, click.Context(cmd, info_name=name, parent=ctx), rest)
        return name, cmd, rest

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, self.aliases.get(name, name))
        if (cmd is None and name in SHARED_UNDER_GAME and ctx is not None and ctx.parent is not None
                and ctx.parent.parent is None):
            cmd = ctx.parent.command.get_command(ctx.parent, name)
        return cmd


class LazyGroup(OrderedGroup):
    """A game's group whose commands live in the modules of its cli package, each module imported
    when one of its commands runs or a help lists it: a command pays only for its own module.

    `lazy`: command name -> "module:attribute" inside `package`, in the order of play. The modules
    never import the package's group.
    """

    def __init__(self, *args, lazy: dict[str, str], package: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy, self.package = lazy, package

    def list_commands(self, ctx):
        return list(self.lazy)

    def get_command(self, ctx, name):
        name = self.aliases.get(name, name)
        if name not in self.commands and name in self.lazy:
            module, _sep, attr = self.lazy[name].partition(":")
            self.add_command(getattr(importlib.import_module(f"{self.package}.{module}"), attr), name)
        return super().get_command(ctx, name)
