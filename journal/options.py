"""Click pieces every command group shares: the save option, entered dice, ordered groups.

Game command groups import these from here, never from the root CLI module.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
# A key of `click.Context.meta`: the line run under this context names none of the options every
# command takes (help, --json, --saves, -s), so its commands parse their own parameters alone (a
# batch line: Click spends most of a parse on each parameter, given or not). See `lean_words`.
LEAN_LINE = "journal.lean_line"


def complete_saves(ctx, param, incomplete):
    """Shell completion for -s: the save names in the saves folder."""
    from journal.store.folder import find, save_files

    folder = ctx.find_root().params.get("saves") or find(os.environ.get("JOURNAL_SAVES")).folder
    return sorted(n[:-5] for n in save_files(folder) if n.startswith(incomplete))


def save_option(f):
    return click.option("-s", "--save", "save", cls=SaveOption, metavar="SAVE", shell_complete=complete_saves,
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

    def convert(self, value, param, ctx) -> Delta:
        if isinstance(value, Delta):
            return value
        text = str(value).strip()
        sign, number = text[:1], text[1:]
        if sign in ("+", "-", "=") and number.isdecimal() and len(number) <= self.digits:
            return Delta(None, int(number)) if sign == "=" else Delta(int(sign + number), None)
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


# --- one parser: what Click read, option by option ------------------------------------------

class ParsedContext(click.Context):
    """A command's context that keeps the words its command was given, less those Click gave to
    the global options (-s/--save, --json, --saves): the log records the command so."""

    words: list[str] | None = None
    kind: tuple | None = None  # Parsed.params_kind


class GlobalOption(click.Option):
    """An option that says how journal runs rather than what the command does (--json, --saves,
    -s): its words are no part of the command the log records."""


class SaveOption(GlobalOption):
    """-s/--save NAME on a command: the campaign it works on (None: the usual one, Runtime.paths).
    A lean line that names none leaves it out of the parse, its value None as Click would give it."""


class JsonOption(GlobalOption):
    """--json: read before every other option of its command (the help, --version and an error
    are then one JSON document too)."""


def nested_refusal(rt, option: str) -> str | None:
    """Why a global option is refused on a line run inside another command (a batch line, a line
    of the table shell), or None."""
    if getattr(rt, "batch", None) is not None:
        return "global options (--saves, --json, -s) go before `batch`, not on its lines"
    if getattr(rt, "in_shell", False) and option == "--json":
        return "--json is for scripts (journal --json show, or journal batch), not the table shell"
    if getattr(rt, "in_shell", False):
        return f"the table shell stays in its saves folder ({rt.saves_dir}): --saves goes before play"
    return None


def refuse_nested(rt, option: str) -> None:
    from journal.errors import InputError

    said = nested_refusal(rt, option)
    if said is not None:
        raise InputError(said)


def json_given(ctx: click.Context, _param, value) -> None:
    """--json, before or after the command: stdout is exactly one JSON document from now on."""
    if value and not ctx.resilient_parsing and ctx.obj is not None:
        refuse_nested(ctx.obj, "--json")
        ctx.obj.json = True


def saves_given(ctx: click.Context, _param, value) -> None:
    """--saves DIR after the command, as before it."""
    if value is None or ctx.resilient_parsing or ctx.obj is None:
        return
    from journal.errors import InputError
    from journal.store import folder
    from journal.text import word_problem

    rt = ctx.obj
    refuse_nested(rt, "--saves")
    if ctx.find_root().get_parameter_source("saves") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--saves is given twice: give it once", ctx)
    problem = word_problem(value)
    if problem:
        raise InputError(f"--saves: {problem}")
    rt.found = folder.find(value, False)
    rt.saves_dir = rt.found.folder


def json_option(f):
    """--json on the root group (every command under it takes it too)."""
    return click.option("--json", "json_mode", cls=JsonOption, is_flag=True, is_eager=True, callback=json_given,
                        help="Print exactly one JSON document on stdout.")(f)


@functools.cache
def after_command() -> tuple[click.Option, ...]:
    """What every command under the root accepts after its name, as the root does before it (-s
    comes with save_option): hidden from its help, which the root's help explains. Made when a
    command first parses, not when journal starts, and once (a batch parses thousands of lines)."""
    return (JsonOption(["--json"], is_flag=True, is_eager=True, expose_value=False, hidden=True, callback=json_given),
            GlobalOption(["--saves"], metavar="DIR", is_eager=True, expose_value=False, hidden=True,
                         callback=saves_given))


def lean_words(words: list[str]) -> bool:
    """Whether no word of a line could be the help option, --json, --saves or -s/--save (typed
    whole, with `=VALUE`, or -h or -s among a cluster of short options), so the line parses the
    same without them."""
    for word in words:
        if word.startswith("--"):
            if word.split("=", 1)[0] in ("--help", "--json", "--saves", "--save"):
                return False
        elif word.startswith("-") and ("h" in word or "s" in word):
            return False
    return True


def is_global(param: click.Parameter) -> bool:
    return isinstance(param, GlobalOption) or param.name == "save"


class HelpAsked(click.ClickException):
    """-h/--help on a line that runs inside another command (a batch line): its caller refuses it,
    naming the help to read (`ctx.command_path`)."""

    def __init__(self, ctx: click.Context):
        super().__init__("asks for help")
        self.ctx = ctx


def show_help(ctx: click.Context, _param, value) -> None:
    """-h/--help: the command's help, as text or (with --json) as {"help"}."""
    if not value or ctx.resilient_parsing:
        return
    rt = ctx.obj
    if getattr(rt, "batch", None) is not None:
        raise HelpAsked(ctx)
    if rt is not None and getattr(rt, "json", False):
        rt.emit([], {"help": ctx.get_help()})
    else:
        click.echo(ctx.get_help(), color=ctx.color)
    ctx.exit()


class Seen:
    """One option as Click's parser read it: `words[start:end]` are its words as typed (a plain
    class: a NamedTuple's class costs every command start-up time)."""

    __slots__ = ("param", "start", "end")

    def __init__(self, param: click.Parameter, start: int, end: int):
        self.param, self.start, self.end = param, start, end


def watch(parser) -> list[tuple[click.Parameter, int, int]]:
    """Have Click's parser note each option it reads: (the option, the words it had left, the
    positional words it had set aside). Click 8's parser keeps its options in `_long_opt` and
    `_short_opt` (journal pins click below 9)."""
    notes: list[tuple[click.Parameter, int, int]] = []

    def noting(option):
        process = option.process

        def noted(value, state):
            process(value, state)
            notes.append((option.obj, len(state.rargs), len(state.largs)))
        return noted

    for option in {*parser._long_opt.values(), *parser._short_opt.values()}:
        option.process = noting(option)
    return notes


def spans(count: int, notes: list[tuple[click.Parameter, int, int]]) -> list[Seen]:
    """Which of the `count` words each option read took: between two options the parser sets
    positional words aside, then takes the option's own words (its name and its values)."""
    out: list[Seen] = []
    done = aside = 0
    for param, left, positional in notes:
        end = count - left
        start = min(done + max(positional - aside, 0), end)
        out.append(Seen(param, start, end))
        done, aside = end, positional
    return out


def spelled(param: click.Parameter, words: list[str]) -> str:
    """The option's name as the player typed it (`--reason=b` is --reason, `-scamp` is -s)."""
    word = words[0] if words else ""
    names = [*param.opts, *getattr(param, "secondary_opts", [])]
    for name in names:
        if word.split("=", 1)[0] == name or (len(name) == 2 and word.startswith(name) and not word.startswith("--")):
            return name
    return "/".join(names)


def refuse_repeated(seen: list[Seen], words: list[str], ctx: click.Context) -> None:
    """An option that takes one value, typed twice (`--booster A --booster B`), or both sides of a
    flag pair (`--active --inactive`), is a usage error: Click would keep the last one silently."""
    first: dict[str, str] = {}  # parameter name -> the spelling that gave it
    for s in seen:
        p = s.param
        if not isinstance(p, click.Option) or p.multiple or p.count or p.callback is show_help:
            continue
        name = spelled(p, words[s.start:s.end])
        said = first.get(str(p.name))
        if said is not None:
            clash = f"{name} is given twice" if said == name else f"{said} and {name} are given together"
            raise click.UsageError(f"{clash}: give {'it' if said == name else 'one of them'} once", ctx)
        first[str(p.name)] = name


def typed_words(words: list[str], seen: list[Seen], rest: int | None) -> list[str]:
    """The words of the command as the log records them: without the global options' words, and
    (a group's) without the `rest` words left to its sub-command."""
    dropped = {i for s in seen if is_global(s.param) for i in range(s.start, s.end)}
    end = len(words) - rest if rest is not None else len(words)
    return [w for i, w in enumerate(words[:end]) if i not in dropped]


class Parsed(click.Command):
    """A command whose options Click's own parser reads, noting each one: an option given twice
    is refused, --json is read first, and the context keeps the words as the log records them.
    Under the root, it also takes the global options after its name (after_command())."""

    context_class = ParsedContext

    def params_kind(self, ctx: click.Context) -> tuple:
        """What the command's parameters depend on: under the root or not, the help option's
        names, its own parameters, and whether the line is a lean one (`LEAN_LINE`); kept on the
        command's context, which asks it several times a parse."""
        kind = getattr(ctx, "kind", None)
        if kind is None:
            kind = (ctx.parent is None, tuple(ctx.help_option_names), id(self.params), len(self.params),
                    bool(ctx.meta.get(LEAN_LINE)))
            if isinstance(ctx, ParsedContext):
                ctx.kind = kind
        return kind

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """The command's parameters, made once per kind of context (Click builds the list, and
        checks it for a name given twice, at each of its several calls a parse makes: a batch of
        20,000 lines made 60,000 of them). A lean line's are the command's own alone."""
        key = self.params_kind(ctx)
        kept: dict[tuple, list[click.Parameter]] = vars(self).setdefault("params_kept", {})
        if key not in kept:
            if key[-1]:
                kept[key] = [param for param in self.params if not isinstance(param, SaveOption)]
            else:
                params = super().get_params(ctx)
                kept[key] = params if ctx.parent is None else [*params, *after_command()]
        return list(kept[key])

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Click's parse; a lean line's -s, left out of it, holds None, as Click gives an option
        not typed that has no default."""
        rest = super().parse_args(ctx, args)
        if self.params_kind(ctx)[-1]:
            for param in self.params:
                if isinstance(param, SaveOption) and param.name not in ctx.params:
                    ctx.params[str(param.name)] = None
        return rest

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.callback = show_help
        return option

    def make_parser(self, ctx: click.Context):
        """Click's parser of the command's options, made once per kind of context and handed this
        context at each parse (a batch parses thousands of lines with the same commands), each
        option it reads noted (`watch`, the notes begun again at each parse)."""
        key = self.params_kind(ctx)
        made: dict[tuple, Any] = vars(self).setdefault("parsers_made", {})  # Click's parser
        parser = made.get(key)
        if parser is None:
            parser = made[key] = self.noting_parser(ctx, lean=key[-1])
        parser.ctx = ctx
        parser.allow_interspersed_args = ctx.allow_interspersed_args
        parser.ignore_unknown_options = ctx.ignore_unknown_options
        return parser

    def noting_parser(self, ctx: click.Context, lean: bool):
        """Click's parser, whose `parse_args` notes each option it reads and, for the context it is
        handed (`parser.ctx`), refuses one given twice and keeps the words the log records."""
        parser = super().make_parser(ctx)
        notes = watch(parser)
        parse = parser.parse_args
        group = isinstance(self, click.Group)

        def parse_args(args: list[str]):
            ctx = parser.ctx
            assert ctx is not None  # (make_parser hands it over)
            notes.clear()
            words = list(args)
            try:
                opts, largs, order = parse(args)
            except click.UsageError:
                self.json_anyway(ctx, words)
                raise
            seen = spans(len(words), notes)
            if not ctx.resilient_parsing:
                refuse_repeated(seen, words, ctx)
            if isinstance(ctx, ParsedContext):
                ctx.words = typed_words(words, seen, len(largs) if group else None)
            if lean:  # a lean line: no --json to read first
                return opts, largs, order
            return opts, largs, sorted(order, key=lambda p: not isinstance(p, JsonOption))

        parser.parse_args = parse_args  # type: ignore[method-assign]
        return parser

    def json_anyway(self, ctx: click.Context, words: list[str]) -> None:
        """A usage error while reading the options: with --json anywhere on the line, the error is
        one JSON document too. Click reads the line again, past the options it does not know."""
        parser = click.Command.make_parser(self, ctx)
        parser.ignore_unknown_options = True
        notes = watch(parser)
        with contextlib.suppress(click.UsageError):
            parser.parse_args(list(words))
        if any(isinstance(param, JsonOption) for param, _left, _aside in notes):
            json_given(ctx, None, True)


class JournalCommand(Parsed):
    """A command of journal's groups (OrderedGroup.command_class)."""


def parsing_command(cmd: click.Command) -> click.Command:
    """A command of a journal group parses as `Parsed` does: it is declared so
    (`@click.command(cls=JournalCommand)`, or a group's `command_class`). One declared otherwise
    is a mistake of ours, named here rather than parsed another way."""
    if not isinstance(cmd, Parsed):
        raise TypeError(f"command {cmd.name!r} ({type(cmd).__module__}.{type(cmd).__qualname__}) is not a "
                        f"journal.options.JournalCommand: declare it with @click.command(cls=JournalCommand)")
    return cmd


def short_help(cmd: click.Command) -> str:
    """A command's line in a list of commands: its first sentence, whole (a help wraps it onto
    the next lines rather than cut it with "...")."""
    return cmd.get_short_help_str(limit=10_000)


class OrderedGroup(Parsed, click.Group):
    """Lists its commands in the order they were written (the order of play), not A-Z.

    `aliases`: an old name -> the command it stands for; it works and is not listed (Click's
    documented way, a group that resolves aliases in `get_command`). Directly under the root (a
    game's group), the shared commands work too: `journal epm show` is `journal show` (and refuses
    another game's save).
    """

    command_class = JournalCommand

    def __init__(self, *args, aliases: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.aliases = dict(aliases or {})

    def list_commands(self, ctx):
        return list(self.commands)

    def format_commands(self, ctx, formatter):
        """The commands and their first sentences, wrapped to the help's width, never cut."""
        rows = [(n, short_help(c)) for n in self.list_commands(ctx)
                if (c := self.get_command(ctx, n)) is not None and not c.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(parsing_command(cmd), name)

    def resolve_command(self, ctx, args):
        """A command name in any case (`journal EPM card 3`); a name journal does not know is
        refused with the names it is close to ("Did you mean 'titans'?")."""
        name = click.utils.make_str(args[0])
        cmd = None if name.startswith("-") else self.get_command(ctx, name)
        if cmd is not None:  # (Click's resolve_command would look it up again)
            return name, cmd, args[1:]
        if not name.startswith("-"):
            known = self.known_names(ctx)
            folded = {n.casefold(): n for n in known}
            if name.casefold() in folded:
                return super().resolve_command(ctx, [folded[name.casefold()], *args[1:]])
            if not ctx.resilient_parsing:
                raise click.UsageError(no_such_command(name, known), ctx)
        return super().resolve_command(ctx, args)

    def known_names(self, ctx) -> list[str]:
        """The names a player may type here: its commands, their old names, and (a game's group)
        the shared commands it runs too."""
        under_root = ctx is not None and ctx.parent is not None and ctx.parent.parent is None
        return [*self.list_commands(ctx), *self.aliases, *(SHARED_UNDER_GAME if under_root else ())]

    def get_command(self, ctx, name):
        cmd = super().get_command(ctx, self.aliases.get(name, name))
        if (cmd is None and name in SHARED_UNDER_GAME and ctx is not None and ctx.parent is not None
                and ctx.parent.parent is None):
            cmd = ctx.parent.command.get_command(ctx.parent, name)
        return parsing_command(cmd) if cmd is not None else None  # also a command the group was made with


def no_such_command(name: str, known: list[str]) -> str:
    """`No such command 'titan'. Did you mean 'titans'?` (any case: 'Crad' finds 'card')."""
    import difflib

    folded = {n.casefold(): n for n in known}
    close = [folded[n] for n in difflib.get_close_matches(name.casefold(), list(folded))]
    said = f"No such command {name!r}."
    if len(close) == 1:
        return f"{said} Did you mean {close[0]!r}?"
    if close:
        return f"{said} Did you mean one of {', '.join(repr(c) for c in close)}?"
    return said


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
