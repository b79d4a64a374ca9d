"""TAB completion in the table shell, read from the real Click tree and the campaign's names.

Pure (no prompt-toolkit here: `terminal` adapts it): given the text before the cursor, the
candidates for the word being typed, as Click knows them: the command is parsed as typed so far
(`make_context(..., resilient_parsing=True)`), the command offers its sub-commands and the
options not given yet (`Command.shell_complete`), a parameter its values
(`Parameter.shell_complete`: Click's choices, a `journal.options.CampaignName`'s names). A
parameter of plain text takes the campaign's names (the game's `names(state) -> {kind: [names]}`)
of the kind it names itself, by its metavar (`PLANET`, `COLOUR[:FACE]`), its name or option
(`--character`), or for a metavar of `NAME` its help ("The character who receives it."); others
(numbers, files, free text) get none.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

import click

from journal.options import OpenCampaign, OrderedGroup
from journal.play import lines

QUIET = re.compile(r"[\w.:+=/,@%-]+")  # a name made of these needs no quotes

@dataclass(frozen=True)
class Candidate:
    text: str        # replaces the word being typed (quoted when needed, a space after it)
    start: int       # where that word starts: minus its length as typed
    display: str
    meta: str = ""


def partial_words(text: str) -> tuple[list[str], str, int]:
    """The finished words before the cursor, the word being typed (unquoted) and its length as typed."""
    words: list[str] = []
    current, start, quote, in_word = "", len(text), None, False
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"' and i + 1 < len(text) and text[i + 1] in '"\\':
                i += 1
                current += text[i]
            else:
                current += ch
        elif ch.isspace():
            if in_word:
                words.append(current)
                current, in_word = "", False
        else:
            if not in_word:
                in_word, start = True, i
            if ch in "'\"":
                quote = ch
            elif ch == "\\" and i + 1 < len(text):
                i += 1
                current += text[i]
            else:
                current += ch
        i += 1
    if not in_word:
        start = len(text)
    return words, current, len(text) - start


def quoted(name: str) -> str:
    """A name as the player types it: quoted when it has spaces or shell characters."""
    if QUIET.fullmatch(name):
        return name
    if not any(c in name for c in '"\\$`'):
        return f'"{name}"'
    return shlex.quote(name)


def matching(partial: str, names: list[str]) -> list[str]:
    """Names starting with what was typed (any case), then names with a word starting so."""
    low = partial.casefold()
    first = [n for n in names if n.casefold().startswith(low)]
    more = [n for n in names if n not in first and any(w.startswith(low) for w in n.casefold().split()[1:])]
    return first + more


def first_sentence(text: str | None) -> str:
    text = (text or "").strip().split("\n")[0]
    return re.split(r"(?<=\.)\s", text, maxsplit=1)[0].rstrip(".")


class Completer:
    """Candidates for the shell's campaign: its commands (as `help` lists them) and its names."""

    def __init__(self, root: click.Group, group: OrderedGroup, game_id: str, campaign: str, names=lambda: {},
                 state=lambda: None):
        self.root, self.group, self.game_id, self.campaign = root, group, game_id, campaign
        self.game_words = lines.game_words(group)
        self.names = names  # () -> {kind: [names]}, the campaign as it is now
        self.state = state  # () -> its state (None when it cannot be read), for names a command picks

    def candidates(self, text: str) -> list[Candidate]:
        words, partial, typed = partial_words(text)
        words, at_top = lines.bare(words, self.game_id)
        asking = words[:1] == [lines.HELP]
        if asking:
            words = words[1:]
        if not words:
            return self.words(self.first_words(asking), partial, typed)
        ctx = self.context(words, at_top, asking)
        if ctx is None or (asking and not isinstance(ctx.command, click.Group)):
            return []
        if isinstance(ctx.command, click.Group):
            subs = [(i.value, i.help or "") for i in ctx.command.shell_complete(ctx, partial)
                    if i.value in ctx.command.list_commands(ctx)]
            return self.words(subs, partial, typed)
        return self.after_command(ctx, words, partial, typed)

    def first_words(self, asking: bool) -> list[tuple[str, str]]:
        """The commands typed first in the shell (and its own words, but after `help`)."""
        top = lines.top_commands(self.root, self.group, self.game_id, self.campaign)
        pool = [(n, c.get_short_help_str(60)) for n, c in top.items()]
        if not asking:
            pool += [(n, first_sentence(h)) for n, h in lines.SHELL_WORDS.items()] + [("exit", "Leave")]
        return pool

    def context(self, words: list[str], at_top: bool, asking: bool) -> click.Context | None:
        """The context of the command the finished words name, parsed by Click as typed so far
        (resilient: what is missing or wrong is no error here); None when they name none."""
        state = self.state()
        ctx = click.Context(self.root, info_name="journal", obj=None if state is None else OpenCampaign(state))
        shared = at_top and words[0] in lines.shadowed(self.root, self.game_words, self.campaign, self.game_id)
        if words[0] in self.game_words and not shared:
            ctx = click.Context(self.group, info_name=self.game_id, parent=ctx)
            cmd = self.group.get_command(ctx, words[0])
        else:
            cmd = lines.shared_commands(self.root).get(words[0]) if shared else self.top(words[0])
        rest = words[1:]
        while isinstance(cmd, click.Group) and rest:
            ctx = click.Context(cmd, info_name=words[-len(rest) - 1], parent=ctx)
            cmd, rest = cmd.get_command(ctx, rest[0]), rest[1:]
        if cmd is None:
            return None
        name = words[-len(rest) - 1]
        if isinstance(cmd, click.Group) or asking:
            return click.Context(cmd, info_name=name, parent=ctx)
        return cmd.make_context(name, list(rest), parent=ctx, resilient_parsing=True)

    def top(self, name: str) -> click.Command | None:
        return lines.top_commands(self.root, self.group, self.game_id, self.campaign).get(name)

    def words(self, pool: list[tuple[str, str]], partial: str, typed: int) -> list[Candidate]:
        return [Candidate(n + " ", -typed, n, meta) for n, meta in pool if n.startswith(partial)]

    # --- after the command -------------------------------------------------------
    def after_command(self, ctx: click.Context, words: list[str], partial: str, typed: int) -> list[Candidate]:
        """An option's value, the options not given yet, or the next argument's values (then,
        when it has none to offer and nothing is typed, the options)."""
        plain = "--" in words
        if option_like(partial) and not plain:
            return self.options(ctx, partial, typed)
        param = None if plain else awaiting(ctx, words)
        if param is not None:
            return self.values(param, ctx, partial, typed)
        param = next_argument(ctx)
        found = self.values(param, ctx, partial, typed) if param is not None else []
        return found or (self.options(ctx, partial, typed) if not partial else [])

    def options(self, ctx: click.Context, partial: str, typed: int) -> list[Candidate]:
        """The options Click offers (those not given yet), by their long names, less the help and
        -s (the shell stays on its campaign)."""
        out = []
        offered = {i.value for i in ctx.command.shell_complete(ctx, partial or "-")}
        for p in ctx.command.get_params(ctx):
            if not isinstance(p, click.Option) or p.name == "save" or "--help" in p.opts:
                continue
            names = [*p.opts, *p.secondary_opts]
            longs = [o for o in names if o.startswith("--")] or names
            out += [Candidate(o + " ", -typed, o, first_sentence(p.help)) for o in longs if o in offered]
        return out

    def values(self, param: click.Parameter, ctx: click.Context, partial: str, typed: int) -> list[Candidate]:
        """The values Click's parameter offers (its choices, the campaign's names a CampaignName
        picks), else for plain text the campaign's names of the kind the parameter names."""
        items = [i for i in param.shell_complete(ctx, "") if i.type == "plain"]
        if items:
            kind = getattr(param.type, "kind", "")
            return [Candidate(quoted(str(n)) + " ", -typed, str(n), kind)
                    for n in matching(partial, [str(i.value) for i in items])]
        if type(param.type) is not click.types.StringParamType:
            return []  # numbers, files, paths, DELTA: nothing to offer
        kind, names = self.kind(param)
        return [Candidate(quoted(n) + " ", -typed, n, kind) for n in matching(partial, names)]

    def kind(self, param: click.Parameter) -> tuple[str, list[str]]:
        """The campaign's names a parameter of plain text takes, (kind, names): the kind its
        metavar names (PLANET, COLOUR[:FACE]), else its name or option (--character), else, for
        a metavar of NAME, the kind its help names; none otherwise."""
        known = self.names() or {}
        for word in named_kinds(param):
            for kind in (word, word.removesuffix("s")):
                if kind in known:
                    return kind, list(known[kind])
        return "", []


def option_like(word: str) -> bool:
    """Whether a word is an option's name (a negative number is a value)."""
    return word.startswith("-") and not re.fullmatch(r"-\d+", word)


def awaiting(ctx: click.Context, words: list[str]) -> click.Parameter | None:
    """The option whose value is being typed: among its last finished words (as many as the option
    takes values), the last option's name is one of its names (as Click's own completion reads it)."""
    for p in ctx.command.get_params(ctx):
        if isinstance(p, click.Option) and not (p.is_flag or p.count):
            last = next((w for w in reversed(words[1:][-p.nargs:]) if option_like(w)), None)
            if last in (*p.opts, *p.secondary_opts):
                return p
    return None


def next_argument(ctx: click.Context) -> click.Parameter | None:
    """The first argument Click has no value for yet from the words typed."""
    for p in ctx.command.get_params(ctx):
        if isinstance(p, click.Argument) and p.name is not None and (
                p.nargs == -1 or ctx.get_parameter_source(p.name) is not click.core.ParameterSource.COMMANDLINE):
            return p
    return None


def named_kinds(param: click.Parameter) -> list[str]:
    """The words a parameter names itself by, as kinds of names may be called: its metavar's,
    its name and options', then, for a metavar of NAME, its help's."""
    shown = [w.lower() for w in re.findall(r"[A-Za-z]+", param.metavar or "")]
    called = [(param.name or "").lower()] + [o.lstrip("-").replace("-", "_").lower()
                                             for o in getattr(param, "opts", [])]
    told = re.findall(r"[a-z]+", (getattr(param, "help", None) or "").lower()) if shown == ["name"] else []
    return shown + called + told
