"""`journal pulp ...`: thin Click commands over journal.games.pulp.rules."""

from __future__ import annotations

import re

import click

from journal.options import OrderedGroup, reason_option, rolls_option, save_option
from journal.errors import InputError, typed
from journal.games import pulp as game
from journal.games.pulp.rules import (by_hand, captains_dice, components, encounter, planet_search, round_end,
                                      setup_game)
from journal.runtime import pass_rt

NEGATIVES = {"ignore_unknown_options": True}  # so `ability combat -2` reads -2 as a value


@click.group(cls=OrderedGroup, context_settings={"help_option_names": ["-h", "--help"]})
def pulp():
    """Pulp Invasion: encounter lines, the cube bag, abilities, captain's dice, Super Weapons.

    Card tokens: KIND[STRENGTH][ICON][.CUBES][.FLAGS], e.g. G2C.r.PK (Guardforce, strength
    2, shows Combat, a red cube, a planet icon and a Key), A4S.o.PP, L.rb, ES. Cube
    letters: r red (combat), o orange (science), b blue (diplomacy), k black, y yellow,
    w white. Rules notes P1-P6 (journal guide pulp).
    """


# --- parsing typed values ---------------------------------------------------------

_PAIR = re.compile(r"\s*(\d{1,2})\s*/\s*(\d{1,2})\s*|\s*(\d{1,2})\s*")


def parse_track(text: str, option: str) -> tuple[int, int]:
    m = _PAIR.fullmatch(text)
    if not m:
        raise InputError(f"{option} {typed(text)}: expected VALUE/MAX from the Captain card, e.g. 4/6")
    if m.group(3) is not None:
        return int(m.group(3)), int(m.group(3))
    return int(m.group(1)), int(m.group(2))


def parse_face(spec: str) -> tuple[str, int]:
    colour, eq, face = spec.partition("=")
    if not eq or not face.strip().isdigit():
        raise InputError(f"--face {typed(spec)}: expected COLOUR=FACE, e.g. gray=3")
    return components.colour_name(colour, "--face", components.DIE_COLOURS), int(face)


def parse_alien(spec: str) -> tuple[str, str | None]:
    name, sep, icon = spec.rpartition(":")
    if sep and icon.strip().upper() in components.ICONS and name.strip():
        return name.strip(), icon.strip().upper()
    return spec.strip(), None


_DELTA = re.compile(r"([+-]?)(\d{1,3})|=(\d{1,3})")


def parse_delta(text: str) -> tuple[int | None, int | None]:
    m = _DELTA.fullmatch(text.strip())
    if not m:
        raise InputError(f"{typed(text)} is not a change: type +N or -N, or =N to set it (e.g. -1, +2, =4)")
    if m.group(3) is not None:
        return None, int(m.group(3))
    return int(m.group(1) + m.group(2)), None


def draws_of(specs) -> list[str]:
    out: list[str] = []
    for spec in specs:
        out.extend(components.parse_cubes(spec, "--draw"))
    return out


def dice_of(specs) -> list[tuple]:
    return [components.parse_die(s) for s in specs]


def place_of(text: str, option: str) -> tuple[str, int | None]:
    t = text.strip().lower()
    head, sep, num = t.partition(":")
    if head in ("bag", "supply", "quietus") and not sep:
        return head, None
    if head == "weapon" and sep and num.isdigit():
        return "weapon", int(num)
    raise InputError(f"{option} {typed(text)}: expected bag, supply, quietus or weapon:N")


DRAW_HELP = "The cubes you drew, in order, redraws included: letters r o b k y w, comma-separated."
DIE_HELP = "Use a captain's die: COLOUR, COLOUR:FACE (the face it shows) or COLOUR:FACE:TO (turned down to TO)."


# --- commands ------------------------------------------------------------------------

@pulp.command()
@click.argument("name")
@click.option("--level", type=click.Choice(list(components.LEVELS), case_sensitive=False), required=True,
              help="Skill level: basic (4 Super Weapons), normal (5), advanced (6).")
@click.option("--captain", required=True, metavar="NAME", help="The Captain card drawn.")
@click.option("--combat", required=True, metavar="V/MAX", help="Combat at setup and its maximum, e.g. 4/6.")
@click.option("--science", required=True, metavar="V/MAX", help="Super Science at setup / maximum.")
@click.option("--diplomacy", required=True, metavar="V/MAX", help="Diplomacy at setup / maximum.")
@click.option("--die", "dice_chosen", multiple=True, metavar="COLOUR",
              help="A captain's die you keep: red, orange, blue, yellow, gray (2; Mina Tormelson 3).")
@click.option("--face", "faces", multiple=True, metavar="COLOUR=N",
              help="A die's starting face (crew dice start at 6; systems dice are rolled unless given).")
@click.option("--hegemony", "aliens", multiple=True, metavar="NAME[:ICON]",
              help="The Cosmic Hegemony aliens left to right (3, one of them The Quietus); ICON C, D or S.")
@click.option("--seed", type=int, help="Seed for the dice and draws (default: random).")
@pass_rt
def new(rt, name, level, captain, combat, science, diplomacy, dice_chosen, faces, aliens, seed):
    """Start a game save NAME (the rulebook's Setup)."""
    abilities = {"combat": parse_track(combat, "--combat"), "science": parse_track(science, "--science"),
                 "diplomacy": parse_track(diplomacy, "--diplomacy")}
    face_map = {}
    for spec in faces:
        colour, face = parse_face(spec)
        face_map[colour] = face
    seed = rt.new_seed(seed)
    setup = rt.setup_dice(seed)
    out = setup_game.new(setup, level, captain, abilities, list(dice_chosen), face_map,
                         [parse_alien(a) for a in aliens])
    setup.finish()
    rt.create(name, game, out.state, seed, out, dice=setup)


@pulp.command("round")
@save_option
@click.option("--planet", metavar="NAME", help="The face-up Planet card you search this round.")
@click.argument("cards", nargs=-1, metavar="CARD...")
@pass_rt
def round_cmd(rt, save, planet, cards):
    """Encounter phase: the planet chosen and the four cards drawn, in order."""
    if not cards:
        raise click.UsageError("give the cards drawn, e.g. G2C.r.PK A4S.o.PP L.rb G2D.b.P")
    if planet is None:
        raise InputError("--planet is required: the face-up Planet card you search this round")
    rt.run(save, encounter.begin_round, planet=planet, cards=list(cards))


@pulp.command(context_settings=NEGATIVES)
@save_option
@click.argument("pos", type=int)
@click.option("--pay", "pays", multiple=True, metavar="ABILITY=N,...",
              help="Ability points paid, e.g. combat=2 or diplomacy=4 (2 points pay 1 of another). "
                   "Default: each point with its matching ability; when that cannot pay (or would lose), "
                   "a terminal asks and a script is refused with the payments that work.")
@click.option("--die", "dice_used", multiple=True, metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--add", "adds", multiple=True, metavar="NICON", help="Engage Strength a card's text adds, e.g. 1C "
              "(or -1D).")
@click.option("--icon", type=click.Choice(["C", "D", "S"], case_sensitive=False),
              help="The engage icon, when a card's text sets it (or the neighbour shows none).")
@click.option("--upgrade", metavar="COLOUR", help="The Systems die the orange die upgrades (faces 2 and 6).")
@rolls_option
@pass_rt
def engage(rt, save, pos, pays, dice_used, adds, icon, upgrade, rolls):
    """Engage card POS: pay its Engage Strength (rulebook 1a; rules notes P2, P3)."""
    pay = components.parse_payment(pays) if pays else None
    rt.run(save, encounter.engage, entered=rolls, pos=pos, pay=pay, dice_used=dice_of(dice_used),
           adds=[components.parse_add(a) for a in adds], icon=icon.upper() if icon else None,
           upgrade=components.colour_name(upgrade, "--upgrade", components.SYSTEMS) if upgrade else None)


@pulp.command()
@save_option
@click.argument("pos", type=int)
@click.option("--pay", metavar="ABILITY", help="The ability that pays 1 point: combat, science or diplomacy "
              "(asked for on a terminal when missing).")
@click.option("--draw", "draws", multiple=True, metavar="CUBES", help=DRAW_HELP)
@click.option("--die", "dice_used", multiple=True, metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--take", metavar="CUBES", help="Cubes you choose to take out of the bag (blue die 6, gray die 2).")
@pass_rt
def evade(rt, save, pos, pay, draws, dice_used, take):
    """Evade card POS: pay 1 point, draw 2 cubes (rulebook 1b; rules note P4)."""
    rt.run(save, encounter.evade, draws=draws_of(draws), pos=pos, pay=pay, dice_used=dice_of(dice_used),
           take=components.parse_cubes(take, "--take") if take else [])


@pulp.command(context_settings=NEGATIVES)
@save_option
@click.option("--extra", type=int, default=0, metavar="N", help="Cubes a card adds to (or takes from) the draw.")
@click.option("--draw", "draws", multiple=True, metavar="CUBES", help=DRAW_HELP)
@click.option("--die", "dice_used", multiple=True, metavar="COLOUR[:FACE[:TO]]", help=DIE_HELP)
@click.option("--spend", multiple=True, metavar="K|O", help="Pay a Key (K) or Code (O) card for a planet action.")
@pass_rt
def search(rt, save, extra, draws, dice_used, spend):
    """Planet search: a cube per planet icon on the cards not evaded (rulebook 2; rules note P5)."""
    rt.run(save, planet_search.search, draws=draws_of(draws), extra=extra, dice_used=dice_of(dice_used),
           spend=list(spend))


@pulp.command()
@save_option
@click.argument("cube", metavar="CUBE")
@click.option("--ability", is_flag=True, help="+1 to the matching ability (up to its maximum).")
@click.option("--weapon", type=int, metavar="N", help="Onto Super Weapon N, toward Understanding it.")
@click.option("--lose", metavar="ABILITY", help="A black cube past The Quietus: the ability that loses 1.")
@click.option("--supply", is_flag=True, help="Leave the cube unused (to the supply).")
@pass_rt
def assign(rt, save, cube, ability, weapon, lose, supply):
    """Place a cube the search drew: r, o or b (or k past The Quietus)."""
    rt.run(save, planet_search.assign, cube=cube, ability=ability, weapon=weapon, lose=lose, supply=supply)


@pulp.command()
@save_option
@click.argument("number", type=int, metavar="N")
@click.option("--needs", metavar="CUBES", help="What Understanding it takes, as printed: e.g. r2,b1 (or none).")
@click.option("--name", metavar="NAME", help="The weapon's name.")
@click.option("--understood/--not-understood", default=None, help="Set by hand, as a card says.")
@click.option("--use", is_flag=True, help="Use its power (once per Encounter phase).")
@reason_option
@pass_rt
def weapon(rt, save, number, needs, name, understood, use, reason):
    """A found Super Weapon: its requirement, name, or use."""
    rt.run(save, planet_search.weapon, number=number,
           needs=components.parse_needs(needs) if needs is not None else None, name=name, understood=understood,
           use=use, log_reason=reason)


@pulp.command()
@save_option
@click.argument("colour", metavar="COLOUR")
@click.option("--to", "to", type=int, metavar="FACE", help="Turn it to FACE (by hand, as a card or die says).")
@click.option("--reroll", is_flag=True, help="Roll it again (--roll N for your own roll).")
@click.option("--use", is_flag=True, help="Use its face on its own: yellow 2/4/6, gray 3, orange 2.")
@click.option("--target", metavar="COLOUR", help="With --use: the die to swap or reroll, or to upgrade.")
@click.option("--swap-for", metavar="COLOUR", help="With --use on yellow 2: the unowned die you take.")
@click.option("--weapon", type=int, metavar="N", help="With --use on gray 3: the weapon Understood.")
@click.option("--then", type=int, metavar="FACE", help="With --use: the lower face it turns to (default: one lower).")
@rolls_option
@reason_option
@pass_rt
def die(rt, save, colour, to, reroll, use, target, swap_for, weapon, then, rolls, reason):
    """A captain's die: --to FACE, --reroll, or --use its face."""
    rt.run(save, captains_dice.die, entered=rolls, colour=colour, to=to, reroll=reroll, use=use, target=target,
           swap_for=swap_for, weapon=weapon, then=then, log_reason=reason)


@pulp.command("end-round")
@save_option
@click.option("--leave", multiple=True, type=int, metavar="POS",
              help="An engaged Key/Code card you do not keep (default: all go to the hand).")
@pass_rt
def end_round(rt, save, leave):
    """Round end: discard the line and the planet, keep Key/Code cards, next alien if its deck is empty."""
    rt.run(save, round_end.end_round, leave=list(leave))


@pulp.command()
@save_option
@click.option("--odds", "draws", type=int, default=1, show_default=True, metavar="N",
              help="Also the chance of at least one of each colour in the next N draws (journal pulp odds "
                   "--draws N).")
@pass_rt
def bag(rt, save, draws):
    """What is in the bag and the chance of each colour (read only)."""
    from journal.games.pulp.rules import odds  # exact fractions: loaded by the commands that need them

    with rt.read(save) as s:
        st = s.state
    o = odds.bag_odds(st, draws)
    rt.emit(odds.bag_lines(st, o), o)


@pulp.command("odds")
@save_option
@click.option("--draws", type=int, metavar="N", help="The next N draws: the chance of each colour, of at least "
                                                     "one of it, and how many to expect.")
@click.option("--evade", is_flag=True, help="The chance that an evade lowers each ability (its own draw rule).")
@click.option("--pay", metavar="ABILITY", help="With --evade: the ability that pays the evade's point first "
                                               "(combat, science or diplomacy).")
@click.option("--search", type=int, metavar="N", help="A planet search of N cubes: the chance of at least one "
                                                      "yellow (default: the planet icons on the line).")
@pass_rt
def odds_cmd(rt, save, draws, evade, pay, search):
    """Exact odds on the cubes in the bag now: the next --draws N, an --evade, a --search of N cubes.

    Without an option: the next draw, an evade and (during a round) the planet search.
    --json: draws (colours), evade (combat, science, diplomacy, expected_loss, two_at_zero),
    search (at_least_one_yellow, expected_yellow): the parts asked for.
    """
    from journal.games.pulp.rules import odds

    if pay is not None and not evade:
        raise click.UsageError("--pay goes with --evade")
    with rt.read(save) as s:
        st = s.state
    lines, data = [], {}
    everything = draws is None and not evade and search is None
    if draws is not None or everything:
        data["draws"] = odds.bag_odds(st, 1 if draws is None else draws, "--draws")
        lines += odds.bag_lines(st, data["draws"])
    if evade or everything:
        data["evade"] = odds.evade_odds(st, components.ability_name(pay, "--pay") if pay else None)
        lines += odds.evade_lines(data["evade"])
    if search is None and everything and st["line"]:
        search = planet_search.search_count(st)[0]
    if search is not None:
        data["search"] = odds.search_odds(st, search)
        lines += odds.search_lines(data["search"])
    rt.emit(lines, data)


@pulp.command(context_settings=NEGATIVES)
@save_option
@click.argument("ability", metavar="ABILITY")
@click.argument("delta", metavar="DELTA", required=False)
@click.option("--max", "maximum", type=int, metavar="N", help="Its new maximum.")
@reason_option
@pass_rt
def ability(rt, save, ability, delta, maximum, reason):
    """Move an ability as a card says: +N, -N, =N (and/or --max N)."""
    change, value = parse_delta(delta) if delta is not None else (None, None)
    rt.run(save, by_hand.set_ability, ability=ability, delta=change, value=value, maximum=maximum,
           log_reason=reason)


@pulp.command()
@save_option
@click.argument("cubes", metavar="CUBES")
@click.option("--from", "src", required=True, metavar="PLACE", help="bag, supply, quietus or weapon:N.")
@click.option("--to", "dst", required=True, metavar="PLACE", help="bag, supply, quietus or weapon:N.")
@reason_option
@pass_rt
def cubes(rt, save, cubes, src, dst, reason):
    """Move cubes as a card says (they are never created or destroyed)."""
    a, an = place_of(src, "--from")
    b, bn = place_of(dst, "--to")
    rt.run(save, by_hand.move_cubes, cubes=components.parse_cubes(cubes, "CUBES"), src=a, dst=b, src_weapon=an,
           dst_weapon=bn, log_reason=reason)


@pulp.command(context_settings=NEGATIVES)
@save_option
@click.argument("alien", type=int, metavar="ALIEN")
@click.argument("delta", metavar="DELTA")
@reason_option
@pass_rt
def deck(rt, save, alien, delta, reason):
    """Change alien ALIEN's (1-3) Encounter deck as a card says: +N, -N, =N."""
    change, value = parse_delta(delta)
    rt.run(save, by_hand.set_deck, alien=alien, delta=change, value=value, log_reason=reason)


@pulp.command()
@save_option
@click.option("--face-up", type=int, metavar="N", help="Planet cards face up (0-3).")
@click.option("--deck", type=int, metavar="N", help="Planet cards left in the deck.")
@reason_option
@pass_rt
def planets(rt, save, face_up, deck, reason):
    """Set the planets by hand, as a card says."""
    rt.run(save, by_hand.set_planets, face_up=face_up, deck=deck, log_reason=reason)


@pulp.command()
@save_option
@click.option("--gain", metavar="CARD", help="A Key or Code card into your hand (a card token, e.g. G2C.K).")
@click.option("--discard", metavar="K|O|CARD", help="A Key (K) or Code (O) card, or that card, out of your hand.")
@reason_option
@pass_rt
def hand(rt, save, gain, discard, reason):
    """Key and Code cards in hand, by hand, as a card says."""
    rt.run(save, by_hand.hand, gain=gain, discard=discard, log_reason=reason)


@pulp.command()
@save_option
@click.argument("card", metavar="CARD", required=False)
@click.option("--discard", is_flag=True, help="Discard the current Location.")
@reason_option
@pass_rt
def location(rt, save, card, discard, reason):
    """Replace (L...) or discard the current Location, as a card says."""
    rt.run(save, by_hand.set_location, token=card, discard=discard, log_reason=reason)


@pulp.command()
@save_option
@click.argument("result", type=click.Choice(["won", "lost"], case_sensitive=False))
@reason_option
@pass_rt
def end(rt, save, result, reason):
    """The game ends, won or lost, because a card's text says so (the rules end it by themselves otherwise)."""
    rt.run(save, by_hand.end_game, result=result.lower(), log_reason=reason)
