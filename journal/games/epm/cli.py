"""`journal epm ...`: thin Click commands over journal.games.epm.rules.

The command line's side of each command: options read and checked here (specs such as
"Ana:piloting=1", a DELTA, names typed in any case found in the save through the `parse=`
hook), then one rules function with resolved values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import click

from journal.errors import InputError, typed
from journal.games import epm as game
from journal.games.epm import rules
from journal.games.epm.constants import (
    ASSIST, BOOSTER, COLORS, DISCARDED, EFFECTS, EPM_PER_SEGMENT, FACE_DOWN, FLIPPED, LOST, TRACK_MAX, TRACKER_NAMES,
    TRACKERS, TYPES, WON, Tracker,
)
from journal.games.epm.sequence import active_characters, face_down
from journal.lookup import find
from journal.options import (
    DELTA, CampaignName, Delta, OrderedGroup, add_alias, reason_option, rolls_option, save_option,
)
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.epm.tables import State

TYPE_CHOICE = click.Choice(TYPES, case_sensitive=False)
NEGATIVES = {"ignore_unknown_options": True}  # so `track signal -3` reads -3 as a value
TABLES = {"character": "characters", "item": "items", "planet": "planets"}  # a kind of name -> its [state] table


@click.group(cls=OrderedGroup, context_settings={"help_option_names": ["-h", "--help"]})
def epm() -> None:
    """War With the Evil Power Master: challenges, Signal and EPM trackers, planets.

    Rules notes E1-E8 (journal guide epm): trackers 0-25; challenge level by
    Signal 0-6/7-12/13+ → 4/5/6; a 1 rolled with a booster destroys it after it counts.
    """


# --- reading typed values ---------------------------------------------------------

def found(**wanted: tuple[str, str | None]) -> Callable[[dict, dict], dict]:
    """A `parse=` hook: each named parameter (`character=("character", "--character")`: its kind
    of name and the option it was typed with), typed in any case, becomes the save's own name."""
    def parse(state: dict, params: dict) -> dict:
        for param, (kind, option) in wanted.items():
            if params.get(param) is not None:
                params[param] = find(state[TABLES[kind]], params[param], kind, option)
        return params
    return parse


def parse_character(spec: str) -> tuple[str, dict]:
    """"Ana:piloting=1,diplomacy=-1" → ("Ana", {"piloting": 1, "diplomacy": -1})."""
    name, profs = spec, ""
    head, sep, tail = spec.rpartition(":")
    if sep and ("=" in tail or not tail.strip()):
        name, profs = head, tail
    name = name.strip()
    if not name:
        raise InputError(f"--character {typed(spec)}: the name is empty (e.g. \"Ana:piloting=1,diplomacy=-1\")")
    values = {}
    for part in filter(None, (p.strip() for p in profs.split(","))):
        key, eq, val = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in TYPES or val.strip() not in ("-1", "0", "+1", "1"):
            raise InputError(f"--character {typed(spec)}: {typed(part)} should be TYPE=+1, TYPE=-1 or TYPE=0 with TYPE "
                             f"one of {', '.join(TYPES)}")
        values[key] = int(val)
    return name, values


def parse_pair(spec: str, option: str, example: str) -> tuple[str, str]:
    head, sep, tail = spec.rpartition(":")
    if not sep or not head.strip() or not tail.strip():
        raise InputError(f"{option} {typed(spec)}: expected NAME:VALUE, e.g. {example}")
    return head.strip(), tail.strip()


def parse_planet(spec: str) -> tuple[str, str]:
    name, color = parse_pair(spec, "--planet", "Zorb:blue")
    color = color.lower()
    if color not in COLORS:
        raise InputError(f"--planet {typed(spec)}: the disc colour is one of {', '.join(COLORS)}")
    return name, color


def parse_booster(spec: str) -> tuple[str, str]:
    ctype, effect = parse_pair(spec, "--booster", "piloting:+2")
    ctype, effect = ctype.lower(), effect.lower()
    if re.fullmatch(r"[123]", effect):
        effect = "+" + effect
    if ctype not in TYPES or effect not in EFFECTS:
        raise InputError(f"--booster {typed(spec)}: expected TYPE:+1|+2|+3|twice with TYPE one of "
                         f"{', '.join(TYPES)}")
    return ctype, effect


def tracker_of(text: str) -> Tracker:
    """The tracker typed (Click's choice, in any case), as the rules name it."""
    return next(t for t in TRACKERS if t == text.lower())


def check_range(option: str, value: int, low: int, high: int, why: str = "") -> None:
    if not low <= value <= high:
        raise InputError(f"{option} {value} is outside {low}..{high}{why}")


# --- setting up ------------------------------------------------------------------------

@epm.command()
@click.argument("name")
@click.option("--character", "characters", multiple=True, metavar='"NAME:TYPE=±1,..."',
              help='A character and proficiencies, e.g. "Ana:piloting=1,diplomacy=-1" (repeat).')
@click.option("--planet", "planets", multiple=True, metavar="NAME:COLOUR",
              help="A planet and its Signal Booster Disc colour: blue, yellow or pink (repeat).")
@click.option("--at", metavar="PLANET", help="The planet the story starts on (default: the first).")
@click.option("--starter", "starters", multiple=True, metavar="ITEM:OWNER",
              help="A Starter Item (an Assist Item) dealt at setup (repeat).")
@click.option("--signal", type=int, default=0, show_default=True, help="Starting Signal Tracker.")
@click.option("--epm", "epm_value", type=int, default=0, show_default=True, help="Starting EPM Meter.")
@click.option("--seed", type=int, help="Seed for the dice (default: random).")
@pass_rt
def new(rt: Runtime, name: str, characters: tuple[str, ...], planets: tuple[str, ...], at: str | None,
        starters: tuple[str, ...], signal: int, epm_value: int, seed: int | None) -> None:
    """Start a campaign save NAME."""
    if not characters:
        raise InputError("--character is required: at least one, e.g. --character \"Ana:piloting=1\"")
    if not planets:
        raise InputError("--planet is required: at least one, e.g. --planet Zorb:blue")
    chars = [parse_character(c) for c in characters]
    plans = [parse_planet(p) for p in planets]
    pairs = [parse_pair(s, "--starter", '"Stun Baton:Ana"') for s in starters]
    where = find([n for n, _ in plans], at, "planet", "--at") if at is not None else plans[0][0]
    starts = [(item, find([n for n, _ in chars], owner, "character", "--starter")) for item, owner in pairs]
    check_range("--signal", signal, 0, TRACK_MAX)
    check_range("--epm", epm_value, 0, TRACK_MAX - 1, " (at 25 the game is already lost)")
    out = rules.new(chars, plans, where, signal=signal, epm=epm_value, starters=starts)
    rt.create(name, game, out.state, rt.new_seed(seed), out)


# --- challenges ----------------------------------------------------------------------------

@epm.command()
@save_option
@click.argument("ctype", metavar="TYPE", type=TYPE_CHOICE)
@click.option("--character", metavar="NAME", help="The Active character who takes the challenge.")
@click.option("--booster", metavar="ITEM", help="The challenger's booster for this type (declared before rolling).")
@click.option("--retry", is_flag=True, help="Trying the same challenge again: a different character (E5).")
@rolls_option
@pass_rt
def challenge(rt: Runtime, save: str | None, ctype: str, character: str | None, booster: str | None, retry: bool,
              rolls: tuple[int, ...]) -> None:
    """Resolve a challenge: level by Signal, d6 + proficiency + booster."""
    if character is None:
        character = rt.choose("--character", active_characters(rt.current_state(save)),
                              "Which Active character takes the challenge?")
    named = found(character=("character", "--character"), booster=("item", "--booster"))
    rt.run(save, rules.challenge, How(entered=rolls, parse=named), ctype=ctype.lower(), character=character,
           booster=booster, retry=retry)


@epm.command()
@save_option
@click.argument("ctype", metavar="TYPE", type=TYPE_CHOICE)
@click.option("--character", metavar="NAME", required=True, help="The character who would take it.")
@click.option("--booster", metavar="ITEM", help="The booster they would use.")
@pass_rt
def odds(rt: Runtime, save: str | None, ctype: str, character: str, booster: str | None) -> None:
    """The chance to win a challenge, before rolling."""
    with rt.read(save) as s:
        state = cast("State", s.state)  # the session's [state], validated against schema.STATE as it opened
        named = found(character=("character", "--character"), booster=("item", "--booster"))(
            s.state, {"character": character, "booster": booster})
        o = rules.odds(state, ctype.lower(), **named)
    rt.emit(odds_lines(o), o)


def odds_lines(o: dict) -> list[str]:
    with_booster = f" with the {o['booster']}" if o["booster"] else ""
    bonus = f" {o['bonus']:+d} booster" if o["bonus"] else ""
    lines = [f"{o['character']}{with_booster}: {o['type']} challenge at level {o['level']} "
             f"({'2d6' if o['dice'] == 2 else 'd6'} {o['proficiency']:+d} proficiency{bonus}).",
             f"Chance to win: {o['p_win']:.1%}."]
    if o["booster"]:
        lines.append(f"Chance to lose the {o['booster']} (a 1 on any die): {o['p_booster_destroyed']:.1%}.")
    if not o["active"]:
        lines.append(f"Note: {o['character']} is Inactive and cannot take a challenge now.")
    return lines


# --- planets ---------------------------------------------------------------------------------

@epm.command()
@save_option
@click.argument("planet", type=CampaignName(face_down, "planet"))
@click.option("--segments", type=int, required=True, metavar="N", help="Path segments travelled (EPM +2 each).")
@pass_rt
def travel(rt: Runtime, save: str | None, planet: str, segments: int) -> None:
    """Travel to a planet whose disc is face down (EPM +2 per segment)."""
    most = -(-TRACK_MAX // EPM_PER_SEGMENT)  # 13 segments fill the EPM Meter from 0 (E6)
    if not 1 <= segments <= most:
        raise InputError(f"--segments {segments}: the path segments travelled are 1-{most} ({most} already raise "
                         f"the EPM Meter from 0 past {TRACK_MAX})")
    rt.run(save, rules.travel, How(parse=found(planet=("planet", None))), planet=planet, segments=segments)


@epm.command("data-find")
@save_option
@click.option("--boost", type=int, required=True, metavar="N", help="The number on the flipped disc.")
@pass_rt
def data_find(rt: Runtime, save: str | None, boost: int) -> None:
    """Data Find: flip the planet's disc, Signal + its number; the visit ends."""
    rt.run(save, rules.data_find, boost=boost)


@epm.command("the-end")
@save_option
@pass_rt
def the_end(rt: Runtime, save: str | None) -> None:
    """The End: discard the planet's disc; the visit ends."""
    rt.run(save, rules.the_end)


@epm.command(context_settings=NEGATIVES)
@save_option
@click.argument("number", type=int)
@pass_rt
def card(rt: Runtime, save: str | None, number: int) -> None:
    """Record the Story Card being read (1-13), or the Final Showdown card."""
    rt.run(save, rules.card, number=number)


@epm.command(context_settings=NEGATIVES)
@save_option
@click.argument("tracker", type=click.Choice(TRACKERS, case_sensitive=False))
@click.argument("delta", type=DELTA, metavar="DELTA")
@reason_option
@pass_rt
def track(rt: Runtime, save: str | None, tracker: str, delta: Delta, reason: str | None) -> None:
    """Move a tracker as the story says: +N, -N, or =N to set it."""
    if delta.by == 0:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    if (delta.to is not None and delta.to > TRACK_MAX) or (delta.by is not None and abs(delta.by) > TRACK_MAX):
        typed_delta = f"={delta.to}" if delta.to is not None else f"{delta.by:+d}"
        raise InputError(f"{typed_delta}: the {TRACKER_NAMES[tracker_of(tracker)]} runs 0-{TRACK_MAX} (E1): =0 to "
                         f"={TRACK_MAX}, or a move of at most {TRACK_MAX}")
    rt.run(save, rules.track, How(log_reason=reason), tracker=tracker_of(tracker), delta=delta.by, value=delta.to)


@epm.command()
@save_option
@click.argument("result", type=click.Choice([WON, LOST], case_sensitive=False))
@reason_option
@pass_rt
def end(rt: Runtime, save: str | None, result: str, reason: str | None) -> None:
    """The game ends: record what the Final Showdown's last card reveals (won or lost), or lost when no
    planet has a face-down disc left."""
    rt.run(save, rules.outcome, How(log_reason=reason), ending=result.lower())


add_alias(epm, "outcome", end)


# --- by hand, as a card's text says ---------------------------------------------------------------

@epm.command()
@save_option
@click.argument("character")
@click.option("--active/--inactive", default=None, help="The side to show (default: turn it over).")
@reason_option
@pass_rt
def flip(rt: Runtime, save: str | None, character: str, active: bool | None, reason: str | None) -> None:
    """Flip a character card by hand, as a card's text says."""
    rt.run(save, rules.flip, How(log_reason=reason, parse=found(character=("character", None))),
           character=character, active=active)


@epm.command()
@save_option
@click.argument("planet")
@click.option("--flip", "flipped", type=int, metavar="N", help="Flipped, showing N.")
@click.option("--discard", is_flag=True, help="Discarded.")
@click.option("--face-down", is_flag=True, help="Face down again.")
@reason_option
@pass_rt
def disc(rt: Runtime, save: str | None, planet: str, flipped: int | None, discard: bool, face_down: bool,
         reason: str | None) -> None:
    """Set a planet's disc by hand, as a card's text says."""
    chosen = [x for x in (flipped is not None, discard, face_down) if x]
    if len(chosen) != 1:
        raise click.UsageError("give exactly one of --flip N, --discard, --face-down")
    status = FLIPPED if flipped is not None else DISCARDED if discard else FACE_DOWN
    rt.run(save, rules.disc, How(log_reason=reason, parse=found(planet=("planet", None))),
           planet=planet, status=status, boost=flipped)


# --- DATA Cards: items -------------------------------------------------------------------------

@epm.group(cls=OrderedGroup)
def item() -> None:
    """Challenge Boosters and Assist Items."""


@item.command("add")
@save_option
@click.argument("name", metavar="ITEM")
@click.option("--owner", required=True, metavar="NAME", help="The character who gets it.")
@click.option("--booster", metavar="TYPE:EFFECT", help="A Challenge Booster: TYPE:+1|+2|+3|twice.")
@click.option("--assist", is_flag=True, help="An Assist Item (one use).")
@reason_option
@pass_rt
def item_add(rt: Runtime, save: str | None, name: str, owner: str, booster: str | None, assist: bool,
             reason: str | None) -> None:
    """A character gains an item (from a DATA Card)."""
    if bool(booster) == assist:
        raise click.UsageError("give exactly one of --booster TYPE:EFFECT or --assist")
    ctype, effect = parse_booster(booster) if booster else (None, None)
    rt.run(save, rules.item_add, How(log_reason=reason, parse=found(owner=("character", "--owner"))),
           item=name.strip(), owner=owner, kind=BOOSTER if booster else ASSIST, ctype=ctype, effect=effect)


@item.command("give")
@save_option
@click.argument("name", metavar="ITEM")
@click.option("--to", "to", required=True, metavar="NAME", help="The character who receives it.")
@pass_rt
def item_give(rt: Runtime, save: str | None, name: str, to: str) -> None:
    """Hand an item to another character (en route or in the Final Showdown)."""
    rt.run(save, rules.item_give, How(parse=found(item=("item", None), to=("character", "--to"))),
           item=name, to=to)


@item.command("use")
@save_option
@click.argument("name", metavar="ITEM")
@pass_rt
def item_use(rt: Runtime, save: str | None, name: str) -> None:
    """Use an Assist Item: follow the card, then it is discarded."""
    rt.run(save, rules.item_use, How(parse=found(item=("item", None))), item=name)


@item.command("discard")
@save_option
@click.argument("name", metavar="ITEM")
@reason_option
@pass_rt
def item_discard(rt: Runtime, save: str | None, name: str, reason: str | None) -> None:
    """Discard an item because a card says so."""
    rt.run(save, rules.item_discard, How(log_reason=reason, parse=found(item=("item", None))), item=name)
