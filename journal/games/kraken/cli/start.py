"""`journal kraken new` and `end`: a campaign begins (chapter 3) and ends (3.9)."""

from __future__ import annotations

import click

from journal.dice import MAX_SEED
from journal.games import kraken as game
from journal.games.kraken.cli.common import NUMBER, Number, run
from journal.games.kraken.cli.files import load_pack
from journal.games.kraken.model.constants import DIFFICULTIES
from journal.options import JournalCommand, save_option
from journal.runtime import Runtime, pass_rt


@click.command(cls=JournalCommand)
@click.argument("name")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES, case_sensitive=False),
              help="simulation, adventurer, real-life or hardcore (3.2; save rules by rules note K8).")
@click.option("--backstory", metavar="TEXT", help="The crew backstory you chose (book p. 10).")
@click.option("--pack", "pack_path", metavar="FILE", help="A pack TOML transcribing CGM sheets (for advance/turn).")
@click.option("--line", "lines", multiple=True, metavar="COORD", help="A start coordinate (repeat: lines 1, 2, …).")
@click.option("--credits", "credit", type=NUMBER, default=100, show_default=True, help="Starting Credits (3.7).")
@click.option("--seed", type=Number(0, MAX_SEED), help="Seed for the dice (default: random).")
@pass_rt
def new(rt: Runtime, name: str, difficulty: str | None, backstory: str | None, pack_path: str | None,
        lines: tuple[str, ...], credit: int, seed: int | None) -> None:
    """Start a campaign: difficulty, start lines, pack."""
    from journal.games.kraken import start as rules

    if difficulty is None:
        difficulty = rt.choose("--difficulty", list(DIFFICULTIES), "Difficulty")
    pack = info = None
    if pack_path:
        pack, info = load_pack(pack_path)
    out = rules.new(difficulty.lower(), list(lines), info, backstory, credit)
    if pack:
        for slot, line in out.state["lines"].items():
            if line["coords"][0] not in pack["cells"]:
                out.lines.insert(-1, f"Note: the pack has no cell {line['coords'][0]} (line {slot}): you will "
                                     f"step it by hand there.")
    rt.create(name, game, out.state, rt.new_seed(seed), out)


@click.command(cls=JournalCommand)
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@pass_rt
def end(rt: Runtime, save: str | None, result: str) -> None:
    """The campaign is won (a plot point says so) or lost."""
    from journal.games.kraken import start as rules

    run(rt, save, rules.end, result=result.lower())
