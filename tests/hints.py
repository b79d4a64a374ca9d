"""Hints a player can paste: find every `journal ...` command in what journal printed and
check it against the real Click command tree (commands, sub-commands and options exist).

Placeholders are fine where a value goes (NAME, N, "…"); a command or option that does
not exist, or a hint that is not a whole command line, is not.
"""

from __future__ import annotations

import json
import re
import shlex

import click


# `journal` followed by what could be a command: it ends at a backtick, a closing
# parenthesis, a semicolon, " (" (a remark), the end of the line or a sentence.
_HINT = re.compile(r"(?<![\w/.-])journal ((?:-s |--json |--saves |-)?[a-z][^`)\n;]*)")
_REMARK = re.compile(r" \(| — | - |, (?:or|then|and) |\. [A-Z]| or \(| or journal |,? (?=journal )|\s{2,}")
PLACEHOLDER = re.compile(r"^[\[(]?(?:[A-Z][A-Z0-9_:|=.…+-]*|…|\.\.\.|N|[A-Z]+\.\.\.)[\])]?[.…]*$")


_QUOTED = re.compile(r"`([^`\n]+)`")


def bare_commands(text: str) -> list[str]:
    """Commands quoted without `journal` in front (`pulp engage 1`): not whole command lines."""
    words = _first_words() - {"-s", "--json", "--saves"}
    return [q for q in _QUOTED.findall(text) if q.split(" ", 1)[0] in words and len(q.split()) > 1]


def texts(printed: str) -> list[str]:
    """The human texts in what a command printed (the strings inside a JSON document)."""
    try:
        doc = json.loads(printed)
    except ValueError:
        return [printed]
    out: list[str] = []

    def walk(x):
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(doc)
    return out


def find_hints(text: str) -> list[str]:
    """Each `journal …` command line in `text`, as printed."""
    out = []
    pos = 0
    while (m := _HINT.search(text, pos)) is not None:
        pos = m.start() + len("journal ")
        hint = m.group(1)
        quote = text[m.start() - 1] if m.start() else ""
        if quote in "'\"" and quote and quote in hint:  # 'journal x --help' (Click's own hints)
            hint = hint[: hint.index(quote)]
        cut = _REMARK.search(hint)
        if cut:
            hint = hint[: cut.start()]
        hint = hint.rstrip(" ,:")
        if hint.endswith(".") and not hint.endswith(".."):
            hint = hint[:-1]
        first = hint.split(" ", 1)[0]
        if first in _first_words():
            out.append("journal " + hint)
    return out


# --- hints as values (journal.hints.Hint), checked against the command tree directly --------------

# Alternatives (won|lost), elisions (…) and optional parts ([--pay N]) are not a command a player can
# paste: a word holding "|" or "…", or a bracket beside other text. A lone bracket is a name the
# player gave (the sweep's quest called "["): one value.
TEMPLATE = re.compile(r"[|…]|\[.|.\]")


def hint_problem(hint) -> str | None:
    """Why a Hint is not a whole command that exists (None: it is one): its command path names a
    command, its options are that command's (a flag without value, other options with one), it
    gives no more arguments than the command takes, and a choice is one of the choices."""
    from journal.cli import root
    from journal.hints import PLACEHOLDER

    shown = " ".join(("journal", *hint.command, *hint.words))  # not render(): that collects the hint
    bad = [w for w in hint.words if TEMPLATE.search(w)]
    if bad:
        return f"{shown}: {bad[0]!r} is not one value (give one whole command per line)"
    ctx = click.Context(root, info_name="journal", resilient_parsing=True)
    cmd = root
    for word in hint.command:
        if not isinstance(cmd, click.Group):
            return f"{shown}: {cmd.name} has no sub-command {word!r}"
        sub = cmd.get_command(ctx, word)
        if sub is None:
            return f"{shown}: no command {word!r}"
        ctx = click.Context(sub, info_name=word, parent=ctx, resilient_parsing=True)
        cmd = sub
    if isinstance(cmd, click.Group) and not cmd.invoke_without_command:
        return f"{shown}: {' '.join(hint.command)} is a group: name one of its commands"
    options = {o: p for p in cmd.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)}
    arguments = [p for p in cmd.params if isinstance(p, click.Argument)]
    positional: list[str] = []
    words = list(hint.words)
    while words:
        word = words.pop(0)
        if word.startswith("-") and not word.lstrip("-").isdigit() and len(word) > 1:
            param = options.get(word)
            if param is None:
                return f"{shown}: {' '.join(hint.command)} has no option {word}"
            if param.is_flag or param.count:
                continue
            if not words:
                return f"{shown}: {word} needs a value"
            problem = _value_problem(param, words.pop(0), PLACEHOLDER)
            if problem:
                return f"{shown}: {word} {problem}"
        else:
            positional.append(word)
    room = sum(10**6 if a.nargs == -1 else a.nargs for a in arguments)
    if len(positional) > room:
        return f"{shown}: {' '.join(hint.command)} takes {room} argument(s), not {len(positional)}"
    for arg, word in zip(arguments, positional):
        problem = _value_problem(arg, word, PLACEHOLDER)
        if problem:
            return f"{shown}: {arg.human_readable_name} {problem}"
    return None


def _value_problem(param, value: str, placeholder) -> str | None:
    if re.fullmatch(placeholder, value) or not isinstance(param.type, click.Choice):
        return None
    choices = [c.lower() for c in param.type.choices]
    return None if value.lower() in choices else f"{value!r} is not one of {', '.join(param.type.choices)}"


def bad_hint_values(hints) -> list[str]:
    return sorted({p for h in hints if (p := hint_problem(h))})


def _first_words() -> set[str]:
    from journal.cli import root

    return set(root.list_commands(click.Context(root))) | {"-s", "--json", "--saves"}


def problems(hint: str) -> list[str]:
    """What in `hint` is not a real command line (empty: it is one)."""
    from journal.cli import root

    try:
        tokens = shlex.split(hint.replace("…", " … "))
    except ValueError as e:
        return [f"{hint}: {e}"]
    tokens = tokens[1:]  # journal
    ctx = click.Context(root, info_name="journal")
    cmd: click.Command = root
    found: list[str] = []
    path = ["journal"]
    while isinstance(cmd, click.Group):
        while tokens and tokens[0].startswith("-"):  # global options before the command
            opt = tokens.pop(0)
            if opt in ctx.help_option_names:  # `journal epm --help`: a group's help is a whole command
                return []
            param = _option(cmd, opt, ctx)
            if param is None:
                return [f"{hint}: `{' '.join(path)}` has no option {opt}"]
            if not param.is_flag and tokens:
                tokens.pop(0)
        if not tokens:
            if cmd.invoke_without_command:  # a group that does something alone (`journal titans box`)
                return []
            return [f"{hint}: `{' '.join(path)}` needs a command"]
        word = tokens.pop(0)
        if word in ("...", "…", "[OPTIONS]") and len(path) <= 2:  # `journal epm ...`: the game's commands
            return []
        names = word.split("|")
        subs = [cmd.get_command(ctx, n) for n in names]
        if any(s is None for s in subs):
            bad = [n for n, s in zip(names, subs) if s is None]
            return [f"{hint}: `{' '.join(path)}` has no command {'|'.join(bad)}"]
        if len(subs) > 1:  # "board|escape|recharge": each must exist; their options are not checked
            return []
        path.append(word)
        ctx = click.Context(subs[0], info_name=word, parent=ctx)
        cmd = subs[0]
    for i, tok in enumerate(tokens):
        word = tok.strip("[]()")
        if not word.startswith("-") or re.fullmatch(r"-\d+", word) or word in ("-", "--"):
            continue
        for name in re.split(r"[|]", word.rstrip("…")):
            name = name.split("=", 1)[0]
            if name and _option(cmd, name, ctx) is None:
                found.append(f"{hint}: `{' '.join(path)}` has no option {name}")
    return found


def _option(cmd: click.Command, name: str, ctx: click.Context):
    for p in cmd.get_params(ctx):
        if isinstance(p, click.Option) and (name in p.opts or name in p.secondary_opts):
            return p
    return None


def bad_hints(printed: dict[str, str]) -> list[str]:
    """Each problem in the printed texts, with the command that printed it."""
    seen, out = set(), []
    for printed_text, command in printed.items():
        for text in texts(printed_text):
            out += _bad_in(text, command, seen)
    return out


def _bad_in(text: str, command: str, seen: set) -> list[str]:
    out = []
    for hint in find_hints(text):
        if hint not in seen:
            seen.add(hint)
            out += [f"{p}   [printed by: {command}]" for p in problems(hint)]
    for bare in bare_commands(text):
        if bare not in seen:
            seen.add(bare)
            out.append(f"`{bare}` is not a whole command (journal ...)   [printed by: {command}]")
    return out
