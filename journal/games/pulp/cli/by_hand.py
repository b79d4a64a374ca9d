"""`journal pulp ability`, `cubes`, `deck`, `planets`, `hand`, `location`, `end`: what a card's text
changes by hand (rules note A2), each with an optional --reason kept in the log."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.pulp.cli.values import ability_name, parse_cubes, place_of
from journal.games.pulp.rules import by_hand
from journal.games.pulp.rules.components import (
    ABILITY_MAX, CODE, DECKS, FACE_UP, KEY, LOST, PLANETS, WON, card_token, parse_card,
)
from journal.options import DELTA, Delta, JournalCommand, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt

NEGATIVES = {"ignore_unknown_options": True}  # so `ability combat -2` reads -2 as a value


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("ability", metavar="ABILITY")
@click.argument("delta", type=DELTA, metavar="DELTA", required=False)
@click.option("--max", "maximum", type=int, metavar="N", help="Its new maximum.")
@reason_option
@pass_rt
def ability(rt: Runtime, save: str | None, ability: str, delta: Delta | None, maximum: int | None,
            reason: str | None) -> None:
    """Move an ability as a card says: +N, -N, =N (and/or --max N)."""
    a = ability_name(ability)
    if maximum is not None and not 1 <= maximum <= ABILITY_MAX:
        raise InputError(f"--max {maximum}: an ability's maximum is 1-{ABILITY_MAX}")
    if delta is None and maximum is None:
        raise InputError("give a change (+N, -N, =N) and/or --max N")
    if delta is not None and delta.by is not None and abs(delta.by) > ABILITY_MAX:
        raise InputError(f"{delta.by:+d}: an ability track runs 0-{ABILITY_MAX} at most, so it moves at most "
                         f"{ABILITY_MAX}")
    rt.run(save, by_hand.set_ability, How(log_reason=reason), ability=a, delta=delta.by if delta else None,
           value=delta.to if delta else None, maximum=maximum)


@click.command(cls=JournalCommand)
@save_option
@click.argument("cubes", metavar="CUBES")
@click.option("--from", "src", required=True, metavar="PLACE", help="bag, supply, quietus or weapon:N.")
@click.option("--to", "dst", required=True, metavar="PLACE", help="bag, supply, quietus or weapon:N.")
@reason_option
@pass_rt
def cubes(rt: Runtime, save: str | None, cubes: str, src: str, dst: str, reason: str | None) -> None:
    """Move cubes as a card says (they are never created or destroyed)."""
    a, an = place_of(src, "--from")
    b, bn = place_of(dst, "--to")
    moved = parse_cubes(cubes, "CUBES")
    if not moved:
        raise InputError("name the cubes to move, e.g. k,k or r,w")
    if (a, an) == (b, bn):
        raise InputError("--from and --to are the same place")
    rt.run(save, by_hand.move_cubes, How(log_reason=reason), cubes=moved, src=a, dst=b, src_weapon=an, dst_weapon=bn)


@click.command(context_settings=NEGATIVES, cls=JournalCommand)
@save_option
@click.argument("alien", type=int, metavar="ALIEN")
@click.argument("delta", type=DELTA, metavar="DELTA")
@reason_option
@pass_rt
def deck(rt: Runtime, save: str | None, alien: int, delta: Delta, reason: str | None) -> None:
    """Change alien ALIEN's (1-3) Encounter deck as a card says: +N, -N, =N."""
    if not 1 <= alien <= DECKS:
        raise InputError(f"ALIEN {alien}: the aliens are numbered 1-{DECKS}, left to right")
    rt.run(save, by_hand.set_deck, How(log_reason=reason), alien=alien, delta=delta.by, value=delta.to)


@click.command(cls=JournalCommand)
@save_option
@click.option("--face-up", type=int, metavar="N", help="Planet cards face up (0-3).")
@click.option("--deck", type=int, metavar="N", help="Planet cards left in the deck.")
@reason_option
@pass_rt
def planets(rt: Runtime, save: str | None, face_up: int | None, deck: int | None, reason: str | None) -> None:
    """Set the planets by hand, as a card says."""
    if face_up is None and deck is None:
        raise InputError("give --face-up N and/or --deck N")
    if face_up is not None and not 0 <= face_up <= FACE_UP:
        raise InputError(f"--face-up {face_up}: 0-{FACE_UP} Planet cards lie face up")
    if deck is not None and not 0 <= deck <= PLANETS - FACE_UP:
        raise InputError(f"--deck {deck}: the planet deck holds 0-{PLANETS - FACE_UP} cards")
    rt.run(save, by_hand.set_planets, How(log_reason=reason), face_up=face_up, deck=deck)


@click.command(cls=JournalCommand)
@save_option
@click.option("--gain", metavar="CARD", help="A Key or Code card into your hand (a card token, e.g. G2C.K).")
@click.option("--discard", metavar="K|O|CARD", help="A Key (K) or Code (O) card, or that card, out of your hand.")
@reason_option
@pass_rt
def hand(rt: Runtime, save: str | None, gain: str | None, discard: str | None, reason: str | None) -> None:
    """Key and Code cards in hand, by hand, as a card says."""
    if (gain is None) == (discard is None):
        raise InputError("give --gain CARD or --discard K|O|CARD")
    which = None
    if discard is not None:
        which = discard.strip().upper() if discard.strip().upper() in (KEY, CODE) else card_token(parse_card(discard))
    rt.run(save, by_hand.hand, How(log_reason=reason), gain=parse_card(gain) if gain is not None else None,
           discard=which)


@click.command(cls=JournalCommand)
@save_option
@click.argument("card", metavar="CARD", required=False)
@click.option("--discard", is_flag=True, help="Discard the current Location.")
@reason_option
@pass_rt
def location(rt: Runtime, save: str | None, card: str | None, discard: bool, reason: str | None) -> None:
    """Replace (L...) or discard the current Location, as a card says."""
    if (card is None) == (not discard):
        raise InputError("give a Location card (e.g. L.rb) or --discard")
    rt.run(save, by_hand.set_location, How(log_reason=reason), card=parse_card(card) if card is not None else None)


@click.command(cls=JournalCommand)
@save_option
@click.argument("result", type=click.Choice([WON, LOST], case_sensitive=False))
@reason_option
@pass_rt
def end(rt: Runtime, save: str | None, result: str, reason: str | None) -> None:
    """The game ends, won or lost, because a card's text says so (the rules end it by themselves otherwise)."""
    rt.run(save, by_hand.end_game, How(log_reason=reason), ending=result.lower())
