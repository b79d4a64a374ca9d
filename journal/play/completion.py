"""TAB completion in the table shell, read from the real Click tree and the campaign's names.

Pure (no prompt-toolkit here: `terminal` adapts it): given the text before the cursor, the
candidates for the word being typed — commands and sub-commands, options, Click choices,
and the campaign's own names (the game's optional `names(state) -> {kind: [names]}`). A value
is completed from the kind its metavar or option names (`--character NAME`, `PLANET`,
`--titan TITAN`, `--rift RIFT`...), else from every name; numbers, files and free text get none.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

import click

from journal.options import CampaignName, OpenCampaign, OrderedGroup
from journal.play import lines

# Option names that say which kind of name they take when their metavar does not.
SYNONYMS = {"owner": "character", "to": "character", "id": "invader", "target": "invader", "pilot_name": "pilot"}

# Metavar words of values that are not names: nothing to complete.
NOT_NAMES = {"n", "delta", "text", "file", "dir", "key", "value", "expr", "face", "pos", "cubes", "place", "nicon",
             "check", "slot", "type", "effect", "save", "v", "max", "seed", "result", "action", "cube", "k", "o"}

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
        top = lines.top_commands(self.root, self.group, self.game_id, self.campaign)
        if not words:
            pool = [(n, c.get_short_help_str(60)) for n, c in top.items()]
            if not asking:
                pool += [(n, first_sentence(h)) for n, h in lines.SHELL_WORDS.items()] + [("exit", "Leave")]
            return self.words(pool, partial, typed)
        shared = at_top and words[0] in lines.shadowed(self.root, self.game_words, self.campaign, self.game_id)
        cmd = lines.shared_commands(self.root)[words[0]] if shared else top.get(words[0])  # `journal check`
        if cmd is None:
            return []
        state = self.state()
        ctx = click.Context(self.root, info_name="journal", obj=None if state is None else OpenCampaign(state))
        if words[0] in self.game_words and not shared:
            ctx = click.Context(self.group, info_name=self.game_id, parent=ctx)
        ctx = click.Context(cmd, info_name=words[0], parent=ctx)
        rest = words[1:]
        while isinstance(cmd, click.Group):
            if not rest:
                subs = [(n, cmd.commands[n].get_short_help_str(60)) for n in cmd.list_commands(ctx)
                        if n in cmd.commands and not cmd.commands[n].hidden]
                return self.words(subs, partial, typed)
            sub = cmd.get_command(ctx, rest[0])
            if sub is None:
                return []
            ctx = click.Context(sub, info_name=rest[0], parent=ctx)
            cmd, rest = sub, rest[1:]
        if asking:
            return []
        return self.for_params(cmd, ctx, rest, partial, typed)

    def words(self, pool: list[tuple[str, str]], partial: str, typed: int) -> list[Candidate]:
        return [Candidate(n + " ", -typed, n, meta) for n, meta in pool if n.startswith(partial)]

    # --- after the command -------------------------------------------------------
    def for_params(self, cmd: click.Command, ctx: click.Context, rest: list[str], partial: str,
                   typed: int) -> list[Candidate]:
        options: dict[str, click.Option] = {}
        arguments: list[click.Argument] = []
        for p in cmd.get_params(ctx):
            if isinstance(p, click.Option):
                for o in (*p.opts, *p.secondary_opts):
                    options[o] = p
            elif isinstance(p, click.Argument):
                arguments.append(p)
        expecting, position, used, plain = None, 0, set(), False
        for word in rest:
            if expecting is not None:
                expecting = None
                continue
            if word == "--" and not plain:
                plain = True
                continue
            if not plain and word.startswith("-") and not re.fullmatch(r"-\d+", word):
                name, eq, _ = word.partition("=")
                option = options.get(name)
                if option is not None:
                    used.add(option.name)
                    if not option.is_flag and not option.count and not eq:
                        expecting = option
                continue
            if position < len(arguments) and arguments[position].nargs == 1:
                position += 1
        if expecting is not None:
            return self.values(expecting, ctx, partial, typed)
        if partial.startswith("-") and not plain:
            return self.options(cmd, ctx, used, partial, typed)
        found = self.values(arguments[position], ctx, partial, typed) if position < len(arguments) else []
        if not found and not partial:
            found = self.options(cmd, ctx, used, partial, typed)
        return found

    def options(self, cmd: click.Command, ctx: click.Context, used: set, partial: str,
                typed: int) -> list[Candidate]:
        out = []
        for p in cmd.get_params(ctx):
            if not isinstance(p, click.Option) or p.hidden or p.name == "save" or "--help" in p.opts:
                continue
            if p.name in used and not p.multiple:
                continue
            longs = [o for o in (*p.opts, *p.secondary_opts) if o.startswith("--")] or list(p.opts)
            for o in longs:
                if o.startswith(partial):
                    out.append(Candidate(o + " ", -typed, o, first_sentence(p.help)))
        return out

    def values(self, param: click.Parameter, ctx: click.Context, partial: str, typed: int) -> list[Candidate]:
        if isinstance(param, click.Option) and (param.is_flag or param.count):
            return []
        if isinstance(param.type, CampaignName):  # the command says which of the campaign's names it takes now
            taken = [item.value for item in param.type.shell_complete(ctx, param, "")]
            return [Candidate(quoted(n) + " ", -typed, n, param.type.kind) for n in matching(partial, taken)]
        if isinstance(param.type, click.Choice):
            choices = [str(c) for c in param.type.choices]
            return [Candidate(quoted(c) + " ", -typed, c) for c in matching(partial, choices)]
        if not isinstance(param.type, click.types.StringParamType):
            return []  # numbers, files, paths: nothing to offer
        kind, names = self.kind(param)
        return [Candidate(quoted(n) + " ", -typed, n, kind) for n in matching(partial, names)]

    def kind(self, param: click.Parameter) -> tuple[str, list[str]]:
        """The campaign's names a parameter takes, (kind, names): the kind its metavar names
        (PLANET, ITEM:OWNER), then none when the metavar is a value (N, TEXT, FILE, DELTA...), then
        the kind its option or argument names (--character NAME, --owner), else every name (none
        for a value such as `roll EXPR` or `note TEXT`)."""
        known = self.names() or {}
        shown = [w.lower() for w in re.findall(r"[A-Za-z]+", param.metavar or "")]
        called = [(param.name or "").lower()] + [o.lstrip("-").replace("-", "_").lower()
                                                 for o in getattr(param, "opts", [])]
        for hints in (shown, None, called, [SYNONYMS.get(h, "") for h in called], None):
            if hints is None:
                if any(h in NOT_NAMES for h in shown + called):
                    return "", []
                continue
            for hint in hints:
                for word in (hint, hint.removesuffix("s")):
                    if word and word in known:
                        return word, list(known[word])
        everything: list[str] = []
        for found in known.values():
            everything += [n for n in found if n not in everything]
        return "", everything
