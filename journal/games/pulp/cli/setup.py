"""`journal pulp new`: the rulebook's Setup, as the table did it."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games import pulp as game
from journal.games.pulp.cli.values import colour_name, parse_alien, parse_face, parse_track
from journal.games.pulp.rules import setup_game
from journal.games.pulp.rules.components import ABILITIES, DIE_COLOURS, LEVELS
from journal.options import JournalCommand
from journal.runtime import Runtime, pass_rt


@click.command(cls=JournalCommand)
@click.argument("name")
@click.option("--level", type=click.Choice(list(LEVELS), case_sensitive=False), required=True,
              help="Skill level: basic (4 Super Weapons), normal (5), advanced (6).")
@click.option("--captain", required=True, metavar="NAME", help="The Captain card drawn.")
@click.option("--combat", required=True, metavar="V/MAX", help="Combat at setup and its maximum, e.g. 4/6.")
@click.option("--science", required=True, metavar="V/MAX", help="Super Science at setup / maximum.")
@click.option("--diplomacy", required=True, metavar="V/MAX", help="Diplomacy at setup / maximum.")
@click.option("--die", "dice_chosen", multiple=True, metavar="COLOUR",
              help="A captain's die you keep: red, orange, blue, yellow, gray (2; Mina Tormelson 3).")
@click.option("--face", "faces", multiple=True, metavar="COLOUR=N",
              help="A Systems die's roll at setup (yellow or gray), e.g. gray=4; journal rolls it unless given. "
                   "Crew dice start on 6.")
@click.option("--hegemony", "aliens", multiple=True, metavar="NAME[:ICON]",
              help="The Cosmic Hegemony aliens left to right (3, one of them The Quietus); ICON C, D or S.")
@click.option("--seed", type=int, help="Seed for the dice and draws (default: random).")
@pass_rt
def new(rt: Runtime, name: str, level: str, captain: str, combat: str, science: str, diplomacy: str,
        dice_chosen: tuple[str, ...], faces: tuple[str, ...], aliens: tuple[str, ...], seed: int | None) -> None:
    """Start a game save NAME (the rulebook's Setup)."""
    if not captain.strip():
        raise InputError('--captain is required: the Captain card drawn, e.g. --captain "Mina Tormelson"')
    tracks = dict(zip(ABILITIES, (combat, science, diplomacy)))
    abilities = {a: parse_track(spec, f"--{a}") for a, spec in tracks.items()}
    chosen = [colour_name(d, "--die", DIE_COLOURS) for d in dice_chosen]
    face_of: dict[str, int] = {}
    for colour, face in (parse_face(spec) for spec in faces):
        if colour in face_of:
            raise click.UsageError(f"--face {colour} is given twice: give each die's face once")
        face_of[colour] = face
    hegemony = [parse_alien(a) for a in aliens]
    seed = rt.new_seed(seed)
    setup = rt.setup_dice(seed)
    out = setup_game.new(setup, level.lower(), captain.strip(), abilities, chosen, face_of, hegemony)
    setup.finish()
    rt.create(name, game, out.state, seed, out, dice=setup)
