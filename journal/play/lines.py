"""What a line typed in the table shell means, as the words `journal` would be given.

The player types commands bare: `card 3`, `challenge piloting --character Ana`, `undo`. A line
may still start with `journal` and the campaign's game (`journal epm card 3`): both are dropped.
The game's own commands go under the game (`epm card 3`), the shared ones stay at the top
(`note Ana hid`), exactly as typed on the command line, so that the log records the same
command either way.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator
from contextlib import contextmanager

import click

from journal import games
from journal.store.paths import SavePaths, resolve
from journal.errors import InputError
from journal.options import OrderedGroup
from journal.text import MAX_LINE

QUIT = ("quit", "exit")
HELP = "help"

# The shell's own words, for `help` and completion.
SHELL_WORDS = {
    HELP: "The commands, or one command's options (help COMMAND).",
    "quit": "Leave the table shell (also exit, or Ctrl-D): every command is already saved.",
}


def refused(campaign: str, game_id: str) -> dict[str, str]:
    """Commands that make no sense inside the shell open on `campaign`, and why."""
    return {
        "play": f"the table shell is already open on '{campaign}'",
        "new": f"the table shell stays on '{campaign}': quit, then start a campaign with "
               f"journal {game_id} new NAME ...",
        "use": f"the table shell stays on '{campaign}': quit, then journal use NAME",
        "demo": "the demo campaigns are made outside the table shell: quit, then journal demo",
    }


def split(text: str) -> list[str]:
    """The words of a line, quoted like a shell line (# starts a comment)."""
    if len(text) > MAX_LINE:
        raise InputError(f"the line holds {len(text)} characters: a line holds at most {MAX_LINE}")
    try:
        return shlex.split(text, comments=True)  # at most MAX_LINE characters: bounded time
    except ValueError as e:  # No closing quotation
        raise InputError(f"{str(e)[0].lower()}{str(e)[1:]}: close the quote, or quote a name that has spaces "
                         f"with \"...\"") from None


def bare(words: list[str], game_id: str) -> tuple[list[str], bool]:
    """The words without a leading `journal` and the campaign's game; and whether they named a
    top-level command as the CLI would read it (`journal check`, where War Titans has a `check`)."""
    at_top = words[:1] == ["journal"] and words[1:2] != [game_id]
    if words[:1] == ["journal"]:
        words = words[1:]
    if words[:1] == [game_id]:
        words = words[1:]
    return words, at_top


def game_words(group: OrderedGroup) -> list[str]:
    """The game's own command names, its old names included, read without importing the commands
    of a group that loads them lazily (journal.options.LazyGroup)."""
    ctx = click.Context(group, info_name=group.name)
    return [*group.list_commands(ctx), *group.aliases]


def shared_names(root: click.Group) -> list[str]:
    """The names of the shared commands (the root's commands that are not a game), not importing them."""
    return [n for n in root.list_commands(click.Context(root, info_name="journal")) if n not in games.GAMES]


def shared_commands(root: click.Group) -> dict[str, click.Command]:
    """The shared commands by name (the root imports each one's module)."""
    ctx = click.Context(root, info_name="journal")
    return {n: c for n in shared_names(root) if (c := root.get_command(ctx, n)) is not None}


def top_commands(root: click.Group, group: click.Group, game_id: str, campaign: str) -> dict[str, click.Command]:
    """The commands typed bare in the shell, in playing order: the game's, then the shared ones."""
    ctx = click.Context(group, info_name=game_id, parent=click.Context(root, info_name="journal"))
    no = refused(campaign, game_id)
    out: dict[str, click.Command] = {}
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is not None and not cmd.hidden and name not in no:
            out[name] = cmd
    for name, cmd in shared_commands(root).items():
        if name not in out and name not in no and not cmd.hidden:
            out[name] = cmd
    return out


def shadowed(root: click.Group, words: list[str], campaign: str, game_id: str) -> dict[str, click.Command]:
    """The shared commands a game command of the same name hides in the shell (War Titans'
    `check` and `set`): typed `journal check`, they run."""
    no = refused(campaign, game_id)
    return {n: c for n, c in shared_commands(root).items() if n in words and n not in no and not c.hidden}


@contextmanager
def save_option_hidden(root: click.Group, args: list[str]) -> Iterator[None]:
    """While a command's help is shown in the shell: without -s/--save, which the shell refuses
    (it stays on its campaign)."""
    ctx = click.Context(root, info_name="journal")
    cmd: click.Command | None = root
    hidden: list[click.Option] = []
    for word in args:
        if not isinstance(cmd, click.Group):
            break
        cmd = cmd.get_command(ctx, word)
        if cmd is None:
            break
        ctx = click.Context(cmd, info_name=word, parent=ctx)
        hidden += [p for p in cmd.params if isinstance(p, click.Option) and "-s" in p.opts and not p.hidden]
    for p in hidden:
        p.hidden = True
    try:
        yield
    finally:
        for p in hidden:
            p.hidden = False


def route(words: list[str], root: click.Group, group: OrderedGroup, game_id: str, campaign: SavePaths,
          saves_dir, at_top: bool = False) -> list[str]:
    """The arguments for the root Click group (`["epm", "card", "3"]`, `["note", "hi"]`): the game's
    command of that name, else the shared one (`at_top`: the shared one first). Click reads the
    rest: an option the shell refuses after the command (--json, --saves) is refused there."""
    words = list(words)
    if words and words[0].startswith("-"):
        words = leading_options(root, words, campaign, saves_dir)
    if not words:
        raise InputError("a command is missing: type help for the commands")
    refuse_leaving(words[0], campaign.name, game_id)
    shared = shared_names(root)
    if words[0] in game_words(group) and not (at_top and words[0] in shared):
        return [game_id, *words]
    if words[0] in shared:
        return shared_line(words, game_id)
    return [game_id, *words]  # Click says that there is no such command


def refuse_leaving(first: str, campaign: str, game_id: str) -> None:
    """Refuse a command that would leave the campaign (refused), or another game's command."""
    no = refused(campaign, game_id)
    if first in no:
        raise InputError(no[first])
    if first in games.GAMES:  # another game's commands (the campaign's own id was dropped)
        raise InputError(f"'{campaign}' is a {games.GAMES[game_id][1]} campaign: {first} commands do not "
                         f"apply to it")


def shared_line(words: list[str], game_id: str) -> list[str]:
    """A shared command's line: `sheet` is this campaign's blank trackers; `batch` reads a file."""
    first = words[0]
    if first == "sheet" and not any(w in games.GAMES for w in words[1:]):
        return [first, game_id, *words[1:]]
    if first == "batch" and "-" in words[1:]:
        raise InputError("batch reads a file in the table shell (batch FILE), not the shell's own input")
    return words


def leading_options(root: click.Group, words: list[str], campaign: SavePaths, saves_dir) -> list[str]:
    """The words after the options typed before the command, which the root group's own parser
    reads (Click's, as `journal -s NAME ...` is read): -s naming the shell's own campaign is
    dropped; another save, --saves, --json and the root's other options are refused."""
    ctx = click.Context(root, info_name="journal")
    try:
        opts, rest, order = root.make_parser(ctx).parse_args(list(words))
    except click.UsageError as e:
        raise InputError(e.format_message()) from None
    for param in order:
        if param.name == "save":
            same(opts["save"], campaign, saves_dir)
        elif param.name == "saves":
            raise InputError(f"the table shell stays in its saves folder ({saves_dir}): --saves goes before play")
        elif param.name == "json_mode":
            raise InputError("--json is for scripts (journal --json show, or journal batch), not the table shell")
        else:
            raise InputError(f"{'/'.join(param.opts)} is not an option before a command: type help for the commands")
    return rest


def same(ref: str, campaign: SavePaths, saves_dir) -> None:
    """Refuse a save other than the shell's own campaign."""
    other = resolve(ref, saves_dir)
    if os.path.realpath(other.save) != os.path.realpath(campaign.save):
        raise InputError(f"the table shell plays '{campaign.name}', not '{other.name}': leave -s out, or quit and "
                         f"journal play -s {other.name}")
