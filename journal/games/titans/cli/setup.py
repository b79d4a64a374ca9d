"""Setting up a War Titans game, and the Opening Phase: `new`, `opening`, `invade`."""

from __future__ import annotations

import re

import click

from journal.errors import InputError, RuleError, typed
from journal.games import titans as game
from journal.games.titans.cli.files import (
    SAMPLE_BOARD, SAMPLE_INVADERS, load_board, load_dice, load_invaders, read_data_file,
)
from journal.games.titans.cli.names import city_of, may_invade, player_of, read_picks, rift_of
from journal.games.titans.cli.values import ADJACENT, run, whole_number
from journal.games.titans.rules import model
from journal.hints import cmd, say
from journal.lookup import find
from journal.schema import fold
from journal.options import CampaignName, JournalCommand, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt
from journal.text import plural


def parse_titan(spec: str) -> dict:
    """"Atlas:hp=10,armor=1,combat=4,movement=3,repair=2[,refresh=2,blow=energy,pilot=..,player=..,
    color=..,city=..,dice=FILE]" → a dict (dice=FILE: the Titan Sheet's own face table, read by `new`)."""
    name, sep, rest = spec.partition(":")
    if not sep or not name.strip():
        raise InputError(f"--titan {typed(spec)}: expected NAME:KEY=VALUE,..., {TITAN_HINT}")
    out: dict = {"name": name.strip()}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, val = part.partition("=")
        key, val = key.strip().lower(), val.strip()
        if not eq or not val:
            raise InputError(f"--titan {typed(spec)}: {typed(part)} should be KEY=VALUE, {TITAN_HINT}")
        if key in out:
            raise InputError(f"--titan {typed(spec)}: {key} is given twice")
        out.update(titan_value(spec, key, val))
    return out


TITAN_HINT = ('e.g. "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2" (also refresh=N, blow=TAG+TAG, '
              'blow_dice=N, pilot=NAME, player=NAME, color=COLOUR, city=CITY, dice=FILE)')


def titan_value(spec: str, key: str, val: str) -> dict:
    """One KEY=VALUE of a --titan spec, read: {the key it fills: its value}."""
    if key in model.ABILITIES or key == "refresh":
        return {key: sheet_number(spec, key, val)}
    if key in ("blow_dice", "blowdice"):
        return {"blow_dice": sheet_number(spec, key, val)}
    if key == "blow":
        tags = [t.strip().lower() for t in re.split(r"[+/ ]", val) if t.strip()]
        bad = [t for t in tags if t not in model.TAGS]
        if bad:
            raise InputError(f"--titan {typed(spec)}: blow={val}: Attack Tags are {', '.join(model.TAGS)} "
                             f"(join several with +)")
        return {"blow_tags": tags}
    if key in ("pilot", "player", "city"):
        return {key: val}
    if key == "dice":
        return {"dice_file": val}
    if key in ("color", "colour"):
        return {"color": val.lower()}
    raise InputError(f"--titan {typed(spec)}: unknown key {typed(key)}, {TITAN_HINT}")


def sheet_number(spec: str, key: str, val: str) -> int:
    """A number printed on the Titan Sheet: 0-99."""
    n = whole_number(val, f"--titan {typed(spec)}: {key}")
    if not 0 <= n <= 99:
        raise InputError(f"--titan {typed(spec)}: {key}={n} is outside 0..99")
    return n


def sheet_dice(spec: dict, table: dict | None) -> dict:
    """A Titan given its own face table (dice=FILE): the file read, over the game's table."""
    file = spec.pop("dice_file", None)
    if file is None:
        return spec
    doc, name = read_data_file(file, "", f"--titan {typed(spec['name'])}: dice=")
    return {**spec, "dice": load_dice(doc, f"--titan {typed(spec['name'])}: dice={name}", over=table or {})}


def read_titans(specs: list[dict], players: int | None, cities: dict) -> list[dict]:
    """The Titans as typed, one per player: names all different (Titans and players; an unnamed
    player is P1, P2...), support colours different, the five abilities, a starting city of the
    board."""
    if not specs:
        raise InputError('--titan is required, one per player, e.g. --titan "Atlas:hp=10,armor=1,combat=4,'
                         'movement=3,repair=2"')
    if players is None:
        players = len(specs)
    if not 1 <= players <= model.MAX_PLAYERS:
        raise InputError(f"--players {players} is outside 1..{model.MAX_PLAYERS} (War Titans is for 1-4 players)")
    if len(specs) != players:
        raise InputError(f"--players {players} but {plural(len(specs), '--titan')} given: one Titan per player")
    taken: set[str] = set()
    colors: list[str] = []
    out = []
    for i, spec in enumerate(specs, 1):
        spec = {**spec, "player": (spec.get("player") or f"P{i}").strip()}
        _names(spec, taken)
        _color(spec, colors)
        _abilities(spec)
        if spec.get("city"):
            spec["city"] = find(cities, spec["city"], "city", f"--titan {typed(spec['name'])}: city=")
        out.append(spec)
    return out


def _names(spec: dict, taken: set[str]) -> None:
    name, player = spec["name"], spec["player"]
    if not name:
        raise InputError("--titan: a Titan's name is empty")
    if fold(player) == fold(name):
        raise InputError(f"--titan {typed(name)}: the player and the Titan need different names")
    for label in (name, player):
        if fold(label) in taken:
            raise InputError(f"--titan {typed(name)}: the name {typed(label)} is used twice (Titan and player names "
                             f"must all differ)")
    taken.update((fold(name), fold(player)))


def _color(spec: dict, colors: list[str]) -> None:
    color = spec.get("color")
    if color is None:
        return
    if color not in model.COLORS:
        raise InputError(f"--titan {typed(spec['name'])}: color={color} is not one of {', '.join(model.COLORS)}")
    if color in colors:
        raise InputError(f"--titan {typed(spec['name'])}: the {color} supports are taken: each player has a different "
                         f"colour")
    colors.append(color)


def _abilities(spec: dict) -> None:
    for ab in model.ABILITIES:
        if ab not in spec:
            raise InputError(f"--titan {typed(spec['name'])}: {ab}=N is missing (give hp, armor, combat, movement, "
                             f"repair)")
    if spec["hp"] < 1:
        raise InputError(f"--titan {typed(spec['name'])}: hp={spec['hp']} should be 1 or more")


def read_rift_types(specs: tuple[str, ...], rifts: dict, types: dict) -> dict:
    """--rift RIFT=TYPE: the invader type the players put on a rift (each type on one rift)."""
    assigned: dict = {}
    for spec in specs:
        r, eq, kind = spec.partition("=")
        if not eq or not r.strip() or not kind.strip():
            raise InputError(f"--rift {typed(spec)}: expected RIFT=TYPE, e.g. North=Flying")
        rift = find(rifts, r.strip(), "rift", "--rift")
        kname = find(types, kind.strip(), "invader type", "--rift")
        if kname in assigned.values():
            raise InputError(f"--rift {rift}={kname}: {kname} is on another rift already")
        assigned[rift] = kname
    return assigned


def read_face_up(names: tuple[str, ...]) -> tuple[str, ...]:
    up = tuple(n.strip() for n in names if n and n.strip())
    if len(up) > model.FACE_UP:
        raise InputError(f"--face-up given {len(up)} times: {model.FACE_UP} Tech Cards are drawn face up (Setup 10)")
    return up


def from_box(rt: Runtime, board: str | None, invaders: str | None, dice_file: str | None) -> dict:
    """The parts of the player's box `new` takes: each one no file is named for (box.for_new). The
    demo plays on the samples, whatever the box holds."""
    import os

    from journal.games.titans.cli import box
    from journal.runtime import Mode

    if all((board, invaders, dice_file)) or rt.mode == Mode.DEMO or not os.path.isdir(box.folder(rt)):
        return {}
    return box.for_new(rt, board is None, invaders is None, dice_file is None)


def board_of(boxed: dict, board: str | None) -> tuple[tuple[dict, dict], str]:
    """(cities, rifts) and the board's name: the file named, else the box's, else the sample."""
    if "board" in boxed:
        return load_board(boxed["board"], "your box's board"), "your box"
    board_doc, board_name = read_data_file(board, SAMPLE_BOARD, "--board")
    return load_board(board_doc, f"--board {board_name}"), board_name


def invaders_of(boxed: dict, invaders: str | None, rifts: dict) -> tuple[tuple[dict, dict], str]:
    """(types, cards) and the cards' name: the file named, else the box's (its cards entered so far:
    the others are asked for as they come out), else the sample."""
    if "invaders" in boxed:
        inv = boxed["invaders"]
        if len(inv.types) < len(rifts):
            raise RuleError(say(f"your box holds {plural(len(inv.types), 'invader type')} and the board "
                                f"{plural(len(rifts), 'rift')}: record the others with ",
                                cmd("titans box invader", "NAME", category="CATEGORY", code="X")))
        return (inv.types, inv.cards), "your box"
    inv_doc, inv_name = read_data_file(invaders, SAMPLE_INVADERS, "--invaders")
    return load_invaders(inv_doc, f"--invaders {inv_name}"), inv_name


@click.command(cls=JournalCommand)
@click.argument("name")
@click.option("--players", type=int, metavar="N", help="How many players (1-4; default: one per --titan).")
@click.option("--titan", "titan_specs", multiple=True, metavar='"NAME:hp=N,armor=N,..."',
              help="A player's Titan: hp, armor, combat, movement, repair; optional refresh=N (Final Blow "
                   "Refresh Cost), blow=TAG[+TAG], pilot=NAME, player=NAME, color=blue|yellow|red|green, "
                   "city=CITY (its starting city), dice=FILE (the success symbols its sheet prints, over --dice). "
                   "One per player, in clockwise seating order.")
@click.option("--board", metavar="FILE", help="Your board: cities, trails, rifts (default: your box's, see "
                                             "`journal titans box`; without one, the sample board, "
                                             "templates:titans/board-sample.toml).")
@click.option("--invaders", metavar="FILE", help="Your invader cards (default: your box's; without one, the sample "
                                                 "cards, templates:titans/invaders-sample.toml).")
@click.option("--dice", "dice_file", metavar="FILE",
              help="Optional custom-die face table, so journal can roll checks (default: your box's, if it has "
                   "one; a sample: templates:titans/dice-sample.toml).")
@click.option("--rift", "rift_specs", multiple=True, metavar="RIFT=TYPE",
              help="The invader type you put on a rift (repeat); the others are drawn from the seed.")
@click.option("--lead", metavar="PLAYER", help="The first Lead Character (default: the first player).")
@click.option("--face-up", "face_up", multiple=True, metavar="NAME",
              help="A Tech Card drawn face up at setup, by name (repeat, up to 3; optional).")
@click.option("--seed", type=int, help="Seed for the dice (default: random).")
@pass_rt
def new(rt: Runtime, name: str, players: int | None, titan_specs: tuple[str, ...], board: str | None,
        invaders: str | None, dice_file: str | None, rift_specs: tuple[str, ...], lead: str | None,
        face_up: tuple[str, ...], seed: int | None) -> None:
    """Set up a game save NAME (rules note T5): Titans, board, rifts and their invaders."""
    from journal.games.titans.rules import setup

    specs = [parse_titan(t) for t in titan_specs]
    boxed = from_box(rt, board, invaders, dice_file)
    (cities, rifts), board_name = board_of(boxed, board)
    (types, cards), inv_name = invaders_of(boxed, invaders, rifts)
    table = boxed.get("dice")
    if dice_file:
        dice_doc, dice_name = read_data_file(dice_file, "", "--dice")
        table = load_dice(dice_doc, f"--dice {dice_name}")
    specs = read_titans([sheet_dice(spec, table) for spec in specs], players, cities)
    seated = {"players": setup.seat(specs)[0]}
    setup_table = setup.Table(specs, {"cities": cities, "rifts": rifts}, {"types": types, "cards": cards},
                              rift_types=read_rift_types(rift_specs, rifts, types),
                              lead=player_of(seated, lead, "--lead") if lead is not None else None,
                              face_up=read_face_up(face_up), die_table=table, board_name=board_name,
                              invaders_name=inv_name)
    seed = rt.new_seed(seed)
    dice = rt.setup_dice(seed, draw_option="--rift")  # draws the invader types of unassigned rifts
    out = setup.new(setup_table, dice)
    dice.finish()
    if boxed:
        out.lines.insert(1, boxed["said"])
        out.data["box"] = [part for part in ("board", "invaders", "dice") if part in boxed]
    rt.create(name, game, out.state, seed, out, dice=dice)


@click.command(cls=JournalCommand)
@save_option
@click.option("--pilot-draw", is_flag=True,
              help="The Lead Character's pilot O.N.E. draws two Episode Cards and chooses which one resolves.")
@pass_rt
def opening(rt: Runtime, save: str | None, pilot_draw: bool) -> None:
    """Start a turn: THREAT +1, Episode Cards to draw (T3), invader movements.

    --json: threat, tier, episodes_to_draw, invader_moves, turn, lead, phase, order.
    """
    from journal.games.titans.rules import opening as opening_phase

    run(rt, save, opening_phase.opening, pilot_draw=pilot_draw)


def read_invade(state: dict, p: dict) -> dict:
    p["rift"] = rift_of(state, p["rift"], "--rift")
    p["city"] = city_of(state, p["city"], "--city")
    return read_picks(state, p)


@click.command(cls=JournalCommand)
@save_option
@click.option("--rift", required=True, metavar="RIFT", type=CampaignName(may_invade, "rift"),
              help="The rift on the Episode Card's invasion symbol.")
@click.option("--city", required=True, metavar="CITY", help="The city on the Episode Card's invasion symbol.")
@ADJACENT
@reason_option
@pass_rt
def invade(rt: Runtime, save: str | None, rift: str, city: str, adjacent: tuple[str, ...], reason: str | None) -> None:
    """An invasion: the rift's first invader, else its Lair's; one per Episode Card (more: --reason)."""
    from journal.games.titans.rules import opening as opening_phase

    run(rt, save, opening_phase.invade, How(parse=read_invade, log_reason=reason), rift=rift, city=city,
           adjacent=adjacent, by_card=reason is not None)
