"""The Upgrade Phase: Development actions, Support Movement, Tech Cards and the face-up cards."""

from __future__ import annotations

import click

from journal.games.titans import rules  # each part of the turn is imported when a command uses it
from journal.games.titans.cli.values import TAG_CHOICE, parse_bonus
from journal.games.titans.rules import model
from journal.options import save_option
from journal.runtime import pass_rt


@click.command()
@save_option
@click.argument("player")
@click.argument("action", type=click.Choice(model.ACTIONS, case_sensitive=False))
@click.option("--city", metavar="CITY", help="army: the non-destroyed city for the Supports.")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="army: Supports to buy.")
@click.option("--card", metavar="NAME", help="research: the face-up Tech Card bought.")
@click.option("--redraw", is_flag=True, help="research: discard the 3 face-up cards and draw 3 new ones.")
@click.option("--slot", metavar="SLOT", help="research: hand1, hand2, hands (two-handed), head, core, tools, "
                                             "or hand.")
@click.option("--cost", type=int, default=0, metavar="N", help="research: the card's cost in Credits.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="research: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="research: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="research: the Tech Card drawn face up to replace it "
                                                            "(with --redraw: the three new ones; optional).")
@pass_rt
def develop(rt, save, player, action, city, count, card, redraw, slot, cost, tags, bonus, draw):
    """A Development action, in turn: industry | army --city C [--count N] | research --card NAME|--redraw |
    refresh."""
    rt.run(save, rules.upgrade.develop, player=player, action=action.lower(), city=city, count=count, card=card,
           redraw=redraw, slot=slot, cost=cost, tags=tuple(t.lower() for t in tags), draw=draw,
           bonus=parse_bonus(bonus))


@click.command()
@save_option
@click.argument("player")
@click.option("--from", "src", required=True, metavar="CITY", help="Where the Supports are.")
@click.option("--to", "dst", required=True, metavar="CITY", help="Where they go (up to 3 cities away).")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="How many.")
@pass_rt
def supports(rt, save, player, src, dst, count):
    """Support Movement: move a player's Supports up to 3 cities."""
    rt.run(save, rules.upgrade.supports_move, player=player, src=src, dst=dst, count=count)


@click.command()
@save_option
@click.argument("titan")
@click.argument("action", type=click.Choice(["equip", "discard", "spend", "charge", "enable", "disable"],
                                            case_sensitive=False))
@click.argument("card")
@click.argument("n", type=int, required=False)
@click.option("--slot", metavar="SLOT", help="equip: hand1, hand2, hands (two-handed), head, core, tools, or hand.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="equip: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--face-up", is_flag=True, help="equip: the card is one of the face-up ones (default: from the deck).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="equip: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="equip --face-up: the card drawn face up to replace it.")
@pass_rt
def tech(rt, save, titan, action, card, n, slot, tags, face_up, bonus, draw):
    """Tech Cards: equip CARD --slot SLOT | discard CARD | spend CARD N | charge CARD N | enable/disable CARD."""
    rt.run(save, rules.upgrade.tech, titan=titan, action=action.lower(), card=card, slot=slot, n=n,
           tags=tuple(t.lower() for t in tags), face_up=face_up, bonus=parse_bonus(bonus), draw=draw)


@click.command("face-up")
@save_option
@click.argument("names", nargs=-1, metavar="[NAME]...")
@pass_rt
def face_up(rt, save, names):
    """Name the face-up Tech Cards beside the board (none: forget the names)."""
    rt.run(save, rules.upgrade.face_up, names=names)
