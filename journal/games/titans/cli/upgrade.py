"""The Upgrade Phase: Development actions, Support Movement, Tech Cards and the face-up cards."""

from __future__ import annotations

import click

from journal.errors import InputError
from journal.games.titans.cli.names import city_of, player_of, read_titan, tech_of
from journal.games.titans.cli.values import TAG_CHOICE, in_range, parse_bonus, run
from journal.games.titans.rules import model
from journal.lookup import find
from journal.options import JournalCommand, reason_option, save_option
from journal.runtime import How, Runtime, pass_rt

SLOT_HELP = "hand1, hand2, hands (two-handed), head, core, tools, or hand"


def card_name(card: str, option: str) -> str:
    """A Tech Card's name as typed (not empty)."""
    if not card.strip():
        raise InputError(f"{option}: the Tech Card's name is empty")
    return card.strip()


def slot_name(slot: str) -> str:
    """A Tech Card slot of the Titan Sheet, or "hand" (the first free hand)."""
    slot = slot.strip().lower()
    if slot not in (*model.SLOTS, "hand"):
        raise InputError(f"--slot {slot}: expected one of {', '.join(model.SLOTS)}, or hand (the first free hand)")
    return slot


def face_up_card(state: dict, card: str) -> str:
    """A face-up Tech Card by the name it was given (in any case); a card never named keeps the
    name typed."""
    try:
        return find(state["decks"].get("face_up_cards", []), card, "face-up Tech Card")
    except InputError:
        return card


def names_drawn(draw: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n.strip() for n in draw if n and n.strip())


def read_develop(state: dict, p: dict) -> dict:
    """The player; for army its city, for a research purchase the face-up card (and its slot)."""
    p["player"] = player_of(state, p["player"])
    if "city" in p:
        p["city"] = city_of(state, p["city"], "--city")
    if p.get("card") is not None:
        if p.get("slot") is None:
            titan = state["players"][p["player"]]["titan"]
            raise InputError(f"--slot is required: where {p['card']} goes on {titan}'s sheet "
                             f"({', '.join(model.SLOTS)}, or hand for the first free hand)")
        p["card"] = face_up_card(state, p["card"])
    return p


def development_details(action: str, city: str | None, count: int, card: str | None, redraw: bool,
                        slot: str | None, cost: int, tags: tuple[str, ...], bonus: tuple[str, ...],
                        draw: tuple[str, ...]) -> dict:
    """What the action takes of the options given (refusing those it does not take)."""
    if (draw or bonus) and action != "research":
        raise InputError("--draw and --bonus go with research")
    if action == "army":
        return army_details(city, count)
    if action != "research":
        return {}
    if redraw:
        if card is not None:
            raise InputError(RESEARCH_TAKES)
        if cost or slot or tags or bonus:
            raise InputError("--redraw buys nothing: leave out --slot, --cost, --tag and --bonus")
        return {"redraw": True, "draw": names_drawn(draw)}
    if card is None:
        raise InputError(RESEARCH_TAKES)
    in_range(cost, 0, model.CREDITS_MAX, "--cost")
    return {"card": card_name(card, "--card"), "slot": slot_name(slot) if slot is not None else None, "cost": cost,
            "tags": tags, "bonus": parse_bonus(bonus), "draw": names_drawn(draw)}


RESEARCH_TAKES = ("research takes --card NAME (buy a face-up Tech Card) or --redraw (discard the 3 face-up cards and "
                  "draw 3 new ones)")


def army_details(city: str | None, count: int) -> dict:
    """Army: the city where the Supports bought go, and how many."""
    if city is None:
        raise InputError("army needs --city C: the non-destroyed city where the Supports go")
    in_range(count, 1, model.SUPPORTS_MAX, "--count", "a player buys")
    return {"city": city, "count": count}


@click.command(cls=JournalCommand)
@save_option
@click.argument("player")
@click.argument("action", type=click.Choice(model.ACTIONS, case_sensitive=False))
@click.option("--city", metavar="CITY", help="army: the non-destroyed city for the Supports.")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="army: Supports to buy.")
@click.option("--card", metavar="NAME", help="research: the face-up Tech Card bought.")
@click.option("--redraw", is_flag=True, help="research: discard the 3 face-up cards and draw 3 new ones.")
@click.option("--slot", metavar="SLOT", help=f"research: {SLOT_HELP}.")
@click.option("--cost", type=int, default=0, metavar="N", help="research: the card's cost in Credits.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="research: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="research: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="research: the Tech Card drawn face up to replace it "
                                                            "(with --redraw: the three new ones; optional).")
@pass_rt
def develop(rt: Runtime, save: str | None, player: str, action: str, city: str | None, count: int,
            card: str | None, redraw: bool, slot: str | None, cost: int, tags: tuple[str, ...],
            bonus: tuple[str, ...], draw: tuple[str, ...]) -> None:
    """A Development action, in turn: industry | army --city C [--count N] | research --card NAME|--redraw |
    refresh."""
    from journal.games.titans.rules import upgrade

    action = action.lower()
    details = development_details(action, city, count, card, redraw, slot, cost, tuple(t.lower() for t in tags),
                                  bonus, draw)
    run(rt, save, upgrade.develop, How(parse=read_develop), player=player, action=action, **details)


def read_supports(state: dict, p: dict) -> dict:
    p["player"] = player_of(state, p["player"])
    p["src"], p["dst"] = city_of(state, p["src"], "--from"), city_of(state, p["dst"], "--to")
    if p["src"] == p["dst"]:
        raise InputError("--from and --to are the same city")
    return p


@click.command(cls=JournalCommand)
@save_option
@click.argument("player")
@click.option("--from", "src", required=True, metavar="CITY", help="Where the Supports are.")
@click.option("--to", "dst", required=True, metavar="CITY", help="Where they go (up to 3 cities away).")
@click.option("--count", type=int, default=1, show_default=True, metavar="N", help="How many.")
@pass_rt
def supports(rt: Runtime, save: str | None, player: str, src: str, dst: str, count: int) -> None:
    """Support Movement: move a player's Supports up to 3 cities."""
    from journal.games.titans.rules import upgrade

    in_range(count, 1, model.SUPPORTS_MAX, "--count", "a player moves")
    run(rt, save, upgrade.supports_move, How(parse=read_supports), player=player, src=src, dst=dst, count=count)


def read_tech(state: dict, p: dict) -> dict:
    """The Titan; the card on its sheet (equip: the face-up card, or the name typed)."""
    read_titan(state, p)
    if p["action"] != "equip":
        p["card"] = tech_of(state, p["titan"], p["card"])
    elif p.get("face_up"):
        p["card"] = face_up_card(state, p["card"])
    return p


def tech_details(action: str, n: int | None, slot: str | None, tags: tuple[str, ...], face_up: bool,
                 bonus: tuple[str, ...], draw: tuple[str, ...]) -> dict:
    """What the action takes of the options given (refusing those it does not take)."""
    if action == "equip":
        return equip_details(n, slot, tags, face_up, bonus, draw)
    if slot is not None or tags or face_up or bonus or draw:
        raise InputError("--slot, --tag, --bonus, --face-up and --draw only go with equip")
    return charges_details(action, n)


def equip_details(n: int | None, slot: str | None, tags: tuple[str, ...], face_up: bool, bonus: tuple[str, ...],
                  draw: tuple[str, ...]) -> dict:
    """Equip: the slot, the card's Attack Tags and bonus dice, and whether it is a face-up one."""
    if slot is None:
        raise InputError(f"equip needs --slot: one of {', '.join(model.SLOTS)}, or hand")
    if n is not None:
        raise InputError("equip takes no number")
    if draw and not face_up:
        raise InputError("--draw names the card drawn to replace a face-up one: it goes with --face-up")
    return {"slot": slot_name(slot), "tags": tags, "bonus": parse_bonus(bonus), "face_up": face_up,
            "draw": names_drawn(draw)}


def charges_details(action: str, n: int | None) -> dict:
    """The number the other actions take: Charges spent (1-3) or set (0-3), none for the rest (T6)."""
    if action == "spend" and (n is None or not 1 <= n <= model.CHARGES_MAX):
        raise InputError(f"spend needs the number of Charges: spend CARD N (1-{model.CHARGES_MAX}, T6)")
    if action == "charge" and (n is None or not 0 <= n <= model.CHARGES_MAX):
        raise InputError(f"charge needs the number of Charges to set: 0-{model.CHARGES_MAX} (T6)")
    if action in ("spend", "charge"):
        return {"n": n}
    if n is not None:
        raise InputError(f"{action} takes no number")
    return {}


@click.command(cls=JournalCommand)
@save_option
@click.argument("titan")
@click.argument("action", type=click.Choice(["equip", "discard", "spend", "charge", "enable", "disable"],
                                            case_sensitive=False))
@click.argument("card")
@click.argument("n", type=int, required=False)
@click.option("--slot", metavar="SLOT", help=f"equip: {SLOT_HELP}.")
@click.option("--tag", "tags", multiple=True, type=TAG_CHOICE, help="equip: an Attack Tag on the card: melee, "
                                                                     "ranged, energy or physical (repeat).")
@click.option("--face-up", is_flag=True, help="equip: the card is one of the face-up ones (default: from the deck).")
@click.option("--bonus", multiple=True, metavar="CHECK+N", help="equip: bonus dice the card gives a check while "
                                                                "enabled, e.g. combat+1 (repeat).")
@click.option("--draw", multiple=True, metavar="NAME", help="equip --face-up: the card drawn face up to replace it.")
@reason_option
@pass_rt
def tech(rt: Runtime, save: str | None, titan: str, action: str, card: str, n: int | None, slot: str | None,
         tags: tuple[str, ...], face_up: bool, bonus: tuple[str, ...], draw: tuple[str, ...],
         reason: str | None) -> None:
    """Tech Cards: equip CARD --slot SLOT | discard CARD | spend CARD N | charge CARD N | enable/disable CARD."""
    from journal.games.titans.rules import upgrade

    action = action.lower()
    details = tech_details(action, n, slot, tuple(t.lower() for t in tags), face_up, bonus, draw)
    card = card_name(card, "CARD") if action == "equip" else card
    run(rt, save, upgrade.tech, How(parse=read_tech, log_reason=reason), titan=titan, action=action, card=card,
           **details)


@click.command("face-up", cls=JournalCommand)
@save_option
@click.argument("names", nargs=-1, metavar="[NAME]...")
@reason_option
@pass_rt
def face_up(rt: Runtime, save: str | None, names: tuple[str, ...], reason: str | None) -> None:
    """Name the face-up Tech Cards beside the board (none: forget the names)."""
    from journal.games.titans.rules import upgrade

    run(rt, save, upgrade.face_up, How(log_reason=reason), names=names_drawn(names))
