"""Click pieces every command group shares: the save option, entered dice, ordered groups.

Game command groups import these from here, never from the root CLI module.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def complete_saves(ctx, param, incomplete):
    """Shell completion for -s: the save names in the saves folder."""
    folder = Path(os.environ.get("JOURNAL_SAVES", "saves"))
    root = ctx.find_root()
    if root.params.get("saves"):
        folder = Path(root.params["saves"])
    try:
        names = sorted(p.name[:-5] for p in folder.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []
    return [n for n in names if n.startswith(incomplete)]


def save_option(f):
    return click.option("-s", "--save", "save", metavar="SAVE", shell_complete=complete_saves,
                        help="Save NAME in the saves folder, or a path to a .toml file (env JOURNAL_SAVE).")(f)


def rolls_option(f):
    return click.option("--roll", "rolls", type=int, multiple=True, metavar="N",
                        help="A physical die's result, instead of rolling (repeat for several dice).")(f)


class OrderedGroup(click.Group):
    """Lists its commands in the order they were written (the order of play), not A-Z."""

    def list_commands(self, ctx):
        return list(self.commands)
