"""Set-up (rulebook, Setup 1-13; rules notes T1, T5): `new`, from the table the players set up.

The board, invaders and dice files are read by the `new` command (cli/files.py), and the
Titans as typed checked there (cli/setup.py): here every value is the table's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError
from journal.games.titans.rules import order
from journal.games.titans.rules.board import lair_text
from journal.games.titans.rules.model import (
    ABILITIES, COLORS, EPISODE_CARDS, FACE_UP, FINAL_EPISODES, PAWNS_PER_TYPE, PILOT_CARDS, SAMPLE_REWARDS, SETUP,
    TECH_CARDS, joined, public_state,
)
from journal.games.titans.rules.phases import new_round, opening_hint
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import Decks, Player, State, Titan


@dataclass
class Table:
    """The game as the players set it up: their Titans in clockwise seating order (each a dict:
    name, player, the five abilities, and optionally color, refresh, blow_tags, blow_dice, pilot, a
    starting city and dice, the sheet's own face table), the board ({"cities", "rifts"}) and the
    invaders ({"types", "cards"}), the invader types they put on rifts (the others are drawn), the
    Lead Character, the face-up Tech Cards they named and the custom die's face table."""

    titans: list[dict]
    board: dict
    invaders: dict
    rift_types: dict = field(default_factory=dict)
    lead: str | None = None
    face_up: tuple[str, ...] = ()
    die_table: dict | None = None
    board_name: str = ""
    invaders_name: str = ""


def new(table: Table, dice: Dice) -> Outcome:
    """Set-up: one Titan per player, the Alert Token on 0, decks as counts, an invader type on each
    rift and its pawns by Reward Value (T5)."""
    players, titans = seat(table.titans)
    state: State = {"threat": 0, "turn": 0, "phase": "setup", "lead": "", "invaded": False, "invasions": 0,
             "round": new_round(), "decks": decks(len(players), table.face_up), "players": players, "titans": titans,
             "cities": copy_state(table.board["cities"]), "rifts": {}, "types": {}, "cards": {}, "invaders": {}}
    if table.board_name:
        state["board"] = table.board_name
    if table.invaders_name:
        state["invader_cards"] = table.invaders_name
    state["lead"] = table.lead or next(iter(players))          # Setup 9
    _placed_in_order(state)
    drawn = rifts(state, table, dice)
    if table.die_table:
        state["dice"] = copy_state(table.die_table)
    return Outcome(cast(dict, state), _summary(state), _set_up_lines(state, drawn),
                   {"state": public_state(state), "rifts": {r: v["type"] for r, v in state["rifts"].items()}})


def seat(specs: list[dict]) -> tuple[dict[str, Player], dict[str, Titan]]:
    """Setup 2 and 12: each player's Titan Sheet, support colour (a free one when not chosen) and
    pilot (an unnamed pilot still sits in the cockpit: the save names it after the Titan).
    Returns (players, titans)."""
    used = [spec["color"] for spec in specs if spec.get("color")]
    free = [c for c in COLORS if c not in used]
    players: dict = {}
    titans: dict = {}
    for spec in specs:
        name, player = spec["name"], spec["player"]
        titan: dict = {"player": player, **{ab: spec[ab] for ab in ABILITIES}}
        if "refresh" in spec:
            titan["refresh"] = spec["refresh"]
        titan["blow_tags"] = list(spec.get("blow_tags", []))
        if spec.get("blow_dice"):
            titan["blow_dice"] = spec["blow_dice"]
        titan.update(blow_ready=True, damage=0, destroyed=False, pilot=spec.get("pilot") or f"{name}'s pilot")
        if spec.get("city"):
            titan["city"] = spec["city"]
        titan["tech"] = {}
        if spec.get("dice"):
            titan["dice"] = copy_state(spec["dice"])
        titans[name] = titan
        players[player] = {"titan": name, "color": spec.get("color") or free.pop(0), "credits": 0, "supports": [],
                           "artifacts": []}
    return players, titans


def decks(players: int, face_up: tuple[str, ...] = ()) -> Decks:
    """Setup 4, 10, 11 and 12: the Episode Cards, the Tech Cards (3 drawn face up, named or not),
    the Final Episodes; two Pilot Cards dealt to each player, one kept and one discarded."""
    d: Decks = {"episode": EPISODE_CARDS, "episode_discard": 0, "invasion_discard": 0,
               "tech": TECH_CARDS - FACE_UP, "tech_face_up": FACE_UP, "tech_discard": 0,
               "final": FINAL_EPISODES, "pilots": PILOT_CARDS - 2 * players, "pilot_discard": players}
    if face_up:
        d["face_up_cards"] = list(face_up)
    return d


def _placed_in_order(state: State) -> None:
    """Setup 13: "Starting with the Lead Character and proceeding clockwise, each player places his
    Titan": a Titan given a starting city goes after every Titan before it in that order."""
    first_unplaced = None
    for p in order.seat_order(state):
        titan = state["players"][p]["titan"]
        if "city" not in state["titans"][titan]:
            first_unplaced = first_unplaced or titan
        elif first_unplaced:
            raise InputError(say(f"{titan} cannot be placed before {first_unplaced}, who comes first from the Lead "
                                 f"Character ({state['lead']}) clockwise (Setup 13): give {first_unplaced} a city "
                                 f"too, or place {titan} after it (", cmd("titans move", titan, "CITY"), ")"))


def rifts(state: State, table: Table, dice: Dice) -> list[str]:
    """Setup 5-8: an invader type on each rift (those the players did not choose are drawn), its
    cards, and its pawns by Reward Value (T5). Returns the rifts whose type was drawn."""
    types, cards = table.invaders["types"], table.invaders["cards"]
    rift_table = table.board["rifts"]
    if len(types) < len(rift_table):
        raise InputError(f"the board has {len(rift_table)} rifts but the invaders file only "
                         f"{plural(len(types), 'invader type')}: each rift needs its own type")
    assigned = dict(table.rift_types)
    drawn = []
    for rift in rift_table:
        if rift not in assigned:
            assigned[rift] = dice.draw({k: 1 for k in types if k not in assigned.values()}, "invader types")
            drawn.append(rift)
    for rift in rift_table:
        kind = assigned[rift]
        code = types[kind]["code"]
        state["types"][kind] = {"category": types[kind]["category"], "code": code}
        ids = [f"{code}{i}" for i in range(1, PAWNS_PER_TYPE + 1)]
        for i, pid in enumerate(ids):  # a card not in the box yet: its numbers are asked as it comes out
            state["cards"][pid] = copy_state(cards[pid]) if pid in cards else {"type": kind,
                                                                              "reward": SAMPLE_REWARDS[i]}
        guardians, lair = setup_pawns(max(2, len(state["players"])), [state["cards"][pid]["reward"] for pid in ids])
        state["rifts"][rift] = {"type": kind, "threatens": list(rift_table[rift]["threatens"]),
                                "guardians": [ids[i] for i in guardians],
                                "lair": {str(spot): ids[i] for spot, i in enumerate(lair, 1)},
                                "trial": "sealed", "closed": False}
    return drawn


def setup_pawns(players: int, rewards: list[int]) -> tuple[list[int], list[int]]:
    """T5: the rift holds players+1 pawns (a solo game sets up as 2 players); the rest start
    in the Lair, Reward-2 pawns first. Returns (guardian indexes by spot, lair indexes)."""
    hold = min(len(rewards), max(2, players) + 1)
    leave = len(rewards) - hold
    by_lair = sorted(range(len(rewards)), key=lambda i: (rewards[i] != 2, -rewards[i], -i))
    lair = sorted(by_lair[:leave])
    guardians = sorted((i for i in range(len(rewards)) if i not in lair), key=lambda i: (rewards[i], i))
    return guardians, lair


def _set_up_lines(state: State, drawn: list[str]) -> list:
    """What the table sets up: the Alert Token, the decks, each rift's pawns; then the Titans' places."""
    names = ", ".join(f"{t} ({v['player']})" for t, v in state["titans"].items())
    lines: list = ["War Titans: Invaders Must Die!",
                   f"{plural(len(state['players']), 'player')}: {names}. Lead Character: {state['lead']}.",
                   "Put the Alert Token on the first, numberless Green step (THREAT 0). Shuffle the Episode Cards "
                   "(72), the Tech Cards (draw 3 face up) and the Final Episodes (4)."]
    for rift, r in state["rifts"].items():
        spots: dict = {}
        for pid in r["guardians"]:
            spots.setdefault(state["cards"][pid]["reward"], []).append(pid)
        shown = ", ".join(f"spot {k}: {' '.join(v)}" for k, v in sorted(spots.items()))
        lair = f"; Lair: {lair_text(r)}" if r["lair"] else ""
        lines.append(f"{rift} Rift: {r['type']}{' (drawn)' if rift in drawn else ''} — {shown}{lair}.")
    unplaced = [state["players"][p]["titan"] for p in order.waiting(state, SETUP)]
    if unplaced:
        lines.append(say(f"Starting with {state['lead']} and going clockwise, place each Titan on a city: ",
                         *joined([cmd("titans move", t, "CITY") for t in unplaced]), "."))
    lines.append(say("Then start turn 1: ", opening_hint(state), "."))
    return lines


def _summary(state: State) -> str:
    names = ", ".join(f"{t} ({v['player']})" for t, v in state["titans"].items())
    return (f"Game set up: {names}; lead {state['lead']}; rifts "
            + ", ".join(f"{r}={v['type']}" for r, v in state["rifts"].items()))
