"""Changes by hand, as a card or the table says (rules note A2)."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.titans.cli.names import city_of, pawn_of, player_of, read_picks, titan_of
from journal.games.titans.cli.values import (
    ADJACENT, DISABLE, NEGATIVES, in_range, parse_path, parse_value, run, whole_number,
)
from journal.games.titans.rules.model import ABILITY_MAX, THREAT_MAX
from journal.options import DELTA, Delta, JournalCommand, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt


def read_defeat(state: dict, p: dict) -> dict:
    p["pawn"] = pawn_of(state, p["pawn"])
    p["titan"] = titan_of(state, p["titan"], "--titan")
    return read_picks(state, p, p["titan"])


@click.command(cls=JournalCommand)
@save_option
@click.argument("pawn", metavar="INVADER")
@click.option("--titan", required=True, metavar="TITAN", help="The Titan whose player takes the reward.")
@click.option("--pilot-ability", is_flag=True, help="O.N.E.'s once-in-every-game ability: an invader in a city.")
@ADJACENT
@DISABLE
@reason_option
@pass_rt
def defeat(rt: Runtime, save: str | None, pawn: str, titan: str, pilot_ability: bool, adjacent: tuple[str, ...],
           disable: tuple[str, ...], reason: str | None) -> None:
    """An invader defeated by a card's text: reward, Lair, Terrestrial ability (O.N.E.: --pilot-ability)."""
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.defeat, How(parse=read_defeat, log_reason=reason), pawn=pawn, titan=titan,
           pilot_ability=pilot_ability, adjacent=adjacent, disable=disable)


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("delta", type=DELTA)
@reason_option
@pass_rt
def threat(rt: Runtime, save: str | None, delta: Delta, reason: str | None) -> None:
    """Move THREAT as a card says: +N, -N, or =N."""
    if delta.to is None and not delta.by:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    if delta.to is not None and not 0 <= delta.to <= THREAT_MAX:
        raise InputError(f"=N: THREAT runs 0..{THREAT_MAX}")
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.threat, How(log_reason=reason), delta=delta.by, value=delta.to, reason=reason or "")


def read_damage(state: dict, p: dict) -> dict:
    """The one city, Titan or city's Supports damaged (and whose Supports)."""
    for key, find, option in (("city", city_of, "--city"), ("titan", titan_of, "--titan"),
                              ("support", city_of, "--support"), ("player", player_of, "--player")):
        if p.get(key) is not None:
            p[key] = find(state, p[key], option)
    return p


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.option("--city", metavar="CITY", help="Damage a city.")
@click.option("--titan", metavar="TITAN", help="Damage a Titan (Armor applies unless --direct).")
@click.option("--support", metavar="CITY", help="Damage the Supports on a city.")
@click.option("--player", metavar="PLAYER", help="Whose Supports (when several players have some there).")
@click.option("--direct", is_flag=True, help="Armor does not prevent this damage.")
@click.argument("n", metavar="N")
@reason_option
@pass_rt
def damage(rt: Runtime, save: str | None, city: str | None, titan: str | None, support: str | None,
           player: str | None, direct: bool, n: str, reason: str | None) -> None:
    """Damage as a card says (negative N removes damage)."""
    if sum(x is not None for x in (city, titan, support)) != 1:
        raise InputError("name exactly one of --city C, --titan T, --support C")
    if whole_number(n, "N") == 0:
        raise InputError("N = 0 changes nothing: positive N damages, negative N removes damage")
    in_range(whole_number(n, "N"), -ABILITY_MAX, ABILITY_MAX, "N", "damage by hand is")
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.damage, How(parse=read_damage, log_reason=reason), n=whole_number(n, "N"), city=city,
           titan=titan, support=support, player=player, direct=direct)


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("player")
@click.argument("delta", type=DELTA)
@reason_option
@pass_rt
def credits(rt: Runtime, save: str | None, player: str, delta: Delta, reason: str | None) -> None:
    """Credits gained or paid as a card says: +N, -N, or =N."""
    if delta.to is None and not delta.by:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.credits, How(parse=read_player, log_reason=reason), player=player, delta=delta.by,
           value=delta.to, reason=reason or "")


def read_player(state: dict, p: dict) -> dict:
    p["player"] = player_of(state, p["player"])
    return p


@click.command(cls=JournalCommand)
@save_option
@click.argument("player")
@reason_option
@pass_rt
def lead(rt: Runtime, save: str | None, player: str, reason: str | None) -> None:
    """Hand the Lead Character Token to a player."""
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.lead, How(parse=read_player, log_reason=reason), player=player)


def read_invader(state: dict, p: dict) -> dict:
    p["pawn"] = pawn_of(state, p["pawn"])
    if p.get("city") is not None:
        p["city"] = city_of(state, p["city"], "--city")
    return p


@click.command(cls=JournalCommand)
@save_option
@click.argument("pawn", metavar="INVADER")
@click.option("--city", metavar="CITY", help="Put it on a city (no invasion damage).")
@click.option("--lair", is_flag=True, help="Put it in its Lair.")
@click.option("--rift", "on_rift", is_flag=True, help="Put it back on its rift spot.")
@click.option("--damage", "hurt", type=int, metavar="N", help="Set its damage.")
@reason_option
@pass_rt
def invader(rt: Runtime, save: str | None, pawn: str, city: str | None, lair: bool, on_rift: bool, hurt: int | None,
            reason: str | None) -> None:
    """Move an invader pawn or set its damage as a card says."""
    if sum(bool(x) for x in (city is not None, lair, on_rift)) > 1:
        raise InputError("give one of --city C, --lair, --rift")
    if city is None and not lair and not on_rift and hurt is None:
        raise InputError("say what changes: --city C, --lair, --rift or --damage N")
    if hurt is not None:
        in_range(hurt, 0, ABILITY_MAX, "--damage")
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.invader, How(parse=read_invader, log_reason=reason), pawn=pawn, city=city, lair=lair,
           rift=on_rift, hurt=hurt)


@click.command("set", context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("key", metavar="KEY")
@click.argument("value", metavar="VALUE", required=False)
@click.option("--unset", is_flag=True, help="Remove the key instead.")
@reason_option
@pass_rt
def set_cmd(rt: Runtime, save: str | None, key: str, value: str | None, unset: bool, reason: str | None) -> None:
    """Set any value of the save by hand (validated, logged): set cities.Tokyo.damage 2."""
    if (value is None) != unset:
        raise click.UsageError("give a VALUE, or --unset")
    from journal.games.titans.rules import byhand

    run(rt, save, byhand.set_value, How(log_reason=reason), path=parse_path(key),
           value=None if value is None else parse_value(value), unset=unset)
