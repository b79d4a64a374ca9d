"""Shared set-ups for the War Titans tests: sample board and cards, seeded dice, checked calls, the
games several test files start from, and the CLI's campaign 'g'."""

from __future__ import annotations

import copy
import json

import pytest

from journal import templates
from journal.errors import RuleError
from journal.dice import Dice
from journal.games import titans as game
from journal.games.titans.cli.files import load_board, load_dice, load_invaders
from journal.games.titans.rules import byhand, ending, fight, opening, rifts, setup, turn, upgrade
from journal.games.titans.rules.board import lair_put

CITIES, RIFTS = load_board(templates.load("titans", "board-sample.toml"))
TYPES, CARDS = load_invaders(templates.load("titans", "invaders-sample.toml"))
BOARD = {"cities": CITIES, "rifts": RIFTS}
INVADERS = {"types": TYPES, "cards": CARDS}
DICE_TABLE = load_dice(templates.load("titans", "dice-sample.toml"))
RIFT_TYPES = {"North": "Flying", "South": "Amphibious", "East": "Mechanical", "West": "Terrestrial"}

TITANS = [
    {"name": "Atlas", "player": "Ana", "hp": 10, "armor": 1, "combat": 4, "movement": 3, "repair": 2,
     "refresh": 2, "blow_tags": ["energy"], "pilot": "Ono", "city": "Tokyo"},
    {"name": "Brute", "player": "Bo", "hp": 12, "armor": 2, "combat": 3, "movement": 2, "repair": 2,
     "pilot": "Kira", "city": "London"},
    {"name": "Cora", "player": "Cy", "hp": 8, "armor": 0, "combat": 3, "movement": 4, "repair": 3,
     "pilot": "Mox", "city": "Sydney"},
    {"name": "Dyna", "player": "Di", "hp": 9, "armor": 1, "combat": 2, "movement": 2, "repair": 1,
     "pilot": "Zed", "city": "Lima"},
]


def dice(*values) -> Dice:
    return Dice(1, 0, list(values))


def table(specs: list[dict], rift_types: dict | None = None, **kw) -> setup.Table:
    """The table `new` sets up: these Titans on the sample board and cards, the rifts' types fixed."""
    return setup.Table([copy.deepcopy(t) for t in specs], BOARD, INVADERS,
                       rift_types=dict(RIFT_TYPES) if rift_types is None else rift_types, **kw)


def fresh(players: int = 2, die_table=None, **kw) -> dict:
    """A set-up game (turn 0) with the sample board and cards and fixed rift types."""
    return setup.new(table(TITANS[:players], die_table=die_table, **kw), dice()).state


def apply(fn, state, *args, **kw):
    """Call a rules function, checking purity (the input is untouched) and a valid result."""
    before = copy.deepcopy(state)
    d = kw.pop("dice", None) or dice()
    out = fn(state, d, *args, **kw)
    assert state == before, "a rules function changed its input state"
    problems = game.validate(out.state)
    assert problems == [], problems
    return out


def do(fn, state, *args, **kw) -> dict:
    return apply(fn, state, *args, **kw).state


def started(players: int = 2, **kw) -> dict:
    """Turn 1, Opening Phase (THREAT 1, one Episode Card drawn)."""
    return do(opening.opening, fresh(players, **kw))


def fighting(players: int = 2, **kw) -> dict:
    """Turn 1, Fight Phase, no invasion recorded."""
    return do(turn.next_phase, started(players, **kw))


def put(state: dict, pid: str, city: str, damage: int = 0) -> dict:
    """Put an invader on a city by hand (no invasion damage)."""
    return do(byhand.invader, state, pid, city=city, hurt=damage if damage else None)


def with_threat(state: dict, value: int) -> dict:
    return do(byhand.set_value, state, ["threat"], value=value)


def typed(read, fn, state, *args, **params):
    """A rules call with its values as the player typed them: the command's own reading of them
    against the campaign (its `parse=` hook) first, as the runtime does."""
    params = read(state, dict(params))
    return apply(fn, state, *args, **params)


# --- games the rules tests start from --------------------------------------------------------

def with_sword(s, **over):
    """Atlas equips the two-handed Plasma Sword [energy], +1 combat die."""
    return do(upgrade.tech, s, "Atlas", "equip", "Plasma Sword", slot="hands", tags=("energy",),
              bonus={"combat": 1}, **over)


def one_game(players=2):
    """A set-up game whose first Titan (the Lead Character's) is flown by O.N.E."""
    spec = [{**TITANS[0], "pilot": "O.N.E."}] + [dict(t) for t in TITANS[1:players]]
    return setup.new(table(spec), dice()).state


def invader_card(section=None, **over):
    """An invaders file's card: HP 2, DMG 1 in every section, plus `section`'s values in each."""
    sec = {"hp": 2, "dmg": 1, **(section or {})}
    return {"reward": 1, "green": dict(sec), "white": dict(sec), "blue": dict(sec), "red": dict(sec), **over}


def with_supports(s: dict, player: str, city: str, n: int = 1) -> dict:
    """Supports of `player` put on `city` by hand."""
    s["players"][player]["supports"] += [{"city": city, "damage": 0} for _ in range(n)]
    return s


def to_upgrade_phase(state):
    """The Upgrade Phase of this turn (from the Opening or the Fight Phase)."""
    return do(turn.next_phase, state) if state["phase"] == "fight" else do(turn.next_phase, do(turn.next_phase, state))


def repairs_skipped(state):
    """Each player who has not rolled the Upgrade Phase's Repair Check says they skip it."""
    for titan, t in state["titans"].items():
        if not t["destroyed"] and titan not in state["round"]["repaired"]:
            state = do(fight.repair, state, fight.Repair(titan, upgrade=True, skip=True))
    return state


def to_development(state):
    """The Upgrade Phase of this turn, its Repair Checks skipped: Development next."""
    return repairs_skipped(to_upgrade_phase(state))


def ended(state, *args, **kw):
    """The Ending Phase of this turn, the Repair Checks skipped."""
    return do(ending.ending, repairs_skipped(state), *args, **kw)


def passed(state, *players):
    """Players who pass their turn first, so a later one may act (the order from the Lead Character)."""
    for p in players:
        state = do(turn.pass_turn, state, p)
    return state


def equipped(state, titan="Atlas", **cards):
    """Tech Cards set on a sheet by hand (taken from the deck, so the 75 cards add up)."""
    for name, c in cards.items():
        state["titans"][titan]["tech"][name] = c
        state["decks"]["tech"] -= 1
    return state


def emptied(s: dict, rift: str) -> dict:
    """A rift's guardians all put in its Lair by hand (each on the first free spot)."""
    r = s["rifts"][rift]
    for pid in r["guardians"]:
        lair_put(r, pid)
    r["guardians"] = []
    return s


def on_empty_north():
    """Brute on the North Rift, its guardians gone to the Lair (Ana passed her Fight turn)."""
    s = emptied(fighting(), "North")
    return do(fight.move, passed(s, "Ana"), "Brute", "North")


def tyrant_ready():
    """Turn 2's Fight Phase: Brute passed the North Rift's Trial last turn and faces its Tyrant."""
    s = do(rifts.trial, on_empty_north(), "Brute", "North", "pass")
    s = ended(s)
    return do(turn.next_phase, do(opening.opening, s))


def refused(fn, state, *args, **kw) -> str:
    """The one-line refusal of an out-of-turn action; the input state is left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as e:
        fn(state, dice(), *args, **kw)
    assert state == before and "\n" not in e.value.message
    return e.value.message


def unplaced(players=3, lead=None):
    """A set-up game whose Titans are still to be placed (Setup 13)."""
    specs = [{k: v for k, v in t.items() if k != "city"} for t in TITANS[:players]]
    return setup.new(table(specs, lead=lead), dice()).state


# --- the CLI's campaign 'g' (the `game` and `rolling` fixtures: conftest.py) ---------------------

NEW = ["titans", "new", "g", "--players", "2",
       "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,pilot=Ono,player=Ana,city=Tokyo",
       "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira,player=Bo,city=London",
       "--rift", "North=Flying", "--rift", "South=Amphibious", "--rift", "East=Mechanical",
       "--rift", "West=Terrestrial", "--seed", "7"]
DICE = ["--dice", "templates:titans/dice-sample.toml"]


def j(journal, *args):
    """The JSON document a command prints (it must succeed)."""
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr or r.stdout
    return json.loads(r.stdout)


def t(journal, *args, **kw):
    """`journal titans COMMAND -s g ARGS...`"""
    return journal("titans", args[0], "-s", "g", *args[1:], **kw)


def skip_repairs(journal, *titans, save: str | None = "g"):
    """The players of these Titans skip the Upgrade Phase's Repair Check (`repair TITAN --upgrade --skip`)."""
    for titan in titans:
        journal("titans", "repair", *(["-s", save] if save else []), titan, "--upgrade", "--skip", ok=True)


def shown_state(journal):
    """The state of the campaign 'g' as `show --json` gives it (with its derived values)."""
    return j(journal, "show", "-s", "g")["state"]


def white_flying_game(journal):
    """A one-Titan game 'g' at White (THREAT 6): Flying on the North Rift, Mechanical on the East."""
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--rift", "North=Flying", "--rift", "East=Mechanical", "--seed", "1", ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    journal("titans", "threat", "-s", "g", "=6", "--reason", "card", ok=True)


def mechanical_blue_game(journal):
    """The same at Blue, M1 on Beijing, Atlas with two Tech Cards."""
    white_flying_game(journal)
    journal("titans", "threat", "-s", "g", "=11", "--reason", "card", ok=True)        # Blue: M1 disables 1
    journal("titans", "invader", "-s", "g", "M1", "--city", "Beijing", ok=True)
    for card, slot in (("Gun", "hand1"), ("Visor", "head")):
        journal("titans", "tech", "-s", "g", "Atlas", "equip", card, "--slot", slot, ok=True)
