"""Setting up a War Titans game, and the Opening Phase: `new`, `opening`, `invade`."""

from __future__ import annotations

import click

from journal.errors import InputError, typed
from journal.games import titans as game
from journal.games.titans import rules  # each part of the turn is imported when a command uses it
from journal.games.titans.cli.values import (
    ADJACENT,
    SAMPLE_BOARD,
    SAMPLE_INVADERS,
    parse_titan,
    read_data_file,
)
from journal.options import save_option
from journal.runtime import pass_rt


@click.command()
@click.argument("name")
@click.option("--players", type=int, metavar="N", help="How many players (1-4; default: one per --titan).")
@click.option("--titan", "titan_specs", multiple=True, metavar='"NAME:hp=N,armor=N,..."',
              help="A player's Titan: hp, armor, combat, movement, repair; optional refresh=N (Final Blow "
                   "Refresh Cost), blow=TAG[+TAG], pilot=NAME, player=NAME, color=blue|yellow|red|green, "
                   "city=CITY (its starting city). One per player, in clockwise seating order.")
@click.option("--board", metavar="FILE", help="Your board: cities, trails, rifts (default: the sample board, "
                                             "templates:titans/board-sample.toml).")
@click.option("--invaders", metavar="FILE", help="Your invader cards (default: the sample cards, "
                                                 "templates:titans/invaders-sample.toml).")
@click.option("--dice", "dice_file", metavar="FILE",
              help="Optional custom-die face table, so journal can roll checks (a sample: "
                   "templates:titans/dice-sample.toml).")
@click.option("--rift", "rift_specs", multiple=True, metavar="RIFT=TYPE",
              help="The invader type you put on a rift (repeat); the others are drawn from the seed.")
@click.option("--lead", metavar="PLAYER", help="The first Lead Character (default: the first player).")
@click.option("--face-up", "face_up", multiple=True, metavar="NAME",
              help="A Tech Card drawn face up at setup, by name (repeat, up to 3; optional).")
@click.option("--seed", type=int, help="Seed for the dice (default: random).")
@pass_rt
def new(rt, name, players, titan_specs, board, invaders, dice_file, rift_specs, lead, face_up, seed):
    """Set up a game save NAME (rules note T5): Titans, board, rifts and their invaders."""
    specs = [parse_titan(t) for t in titan_specs]
    board_doc, board_name = read_data_file(board, SAMPLE_BOARD, "--board")
    inv_doc, inv_name = read_data_file(invaders, SAMPLE_INVADERS, "--invaders")
    cities, rifts_ = rules.setup.load_board(board_doc, f"--board {board_name}")
    types, cards = rules.setup.load_invaders(inv_doc, f"--invaders {inv_name}")
    table = None
    if dice_file:
        dice_doc, dice_name = read_data_file(dice_file, "", "--dice")
        table = rules.setup.load_dice(dice_doc, f"--dice {dice_name}")
    assigned = {}
    for spec in rift_specs:
        r, eq, kind = spec.partition("=")
        if not eq or not r.strip() or not kind.strip():
            raise InputError(f"--rift {typed(spec)}: expected RIFT=TYPE, e.g. North=Flying")
        assigned[r.strip()] = kind.strip()
    seed = rt.new_seed(seed)
    dice = rt.setup_dice(seed, draw_option="--rift")  # draws the invader types of unassigned rifts
    out = rules.setup.new(specs, players, {"cities": cities, "rifts": rifts_}, {"types": types, "cards": cards},
                    dice, rifts=assigned, lead=lead, die_table=table,
                    board_name=board_name, invaders_name=inv_name, face_up=face_up)
    dice.finish()
    rt.create(name, game, out.state, seed, out, dice=dice)


@click.command()
@save_option
@click.option("--pilot-draw", is_flag=True,
              help="The Lead Character's pilot O.N.E. draws two Episode Cards and chooses which one resolves.")
@pass_rt
def opening(rt, save, pilot_draw):
    """Start a turn: THREAT +1, Episode Cards to draw (T3), invader movements.

    --json: threat, tier, episodes_to_draw, invader_moves, turn, lead, phase, order.
    """
    rt.run(save, rules.opening.opening, pilot_draw=pilot_draw)


@click.command()
@save_option
@click.option("--rift", required=True, metavar="RIFT", help="The rift on the Episode Card's invasion symbol.")
@click.option("--city", required=True, metavar="CITY", help="The city on the Episode Card's invasion symbol.")
@ADJACENT
@pass_rt
def invade(rt, save, rift, city, adjacent):
    """An invasion: the rift's first invader (spot order), else its Lair's; 1 Invasion Damage."""
    rt.run(save, rules.opening.invade, rift=rift, city=city, adjacent=adjacent)
