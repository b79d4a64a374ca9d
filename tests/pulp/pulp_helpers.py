"""Shared pieces of the Pulp Invasion tests: games set up through the CLI (NEW, LINE, `p`, `j`),
states set up through the rules (`fresh`, `line`, `searching`...), and `run`, which applies a
rules function and checks it left its input alone and returned a valid save state."""

from __future__ import annotations

import copy
import json

from journal.dice import Dice
from journal.games import pulp as game
from journal.games.pulp.rules import encounter, engage, evade, setup_game
from journal.games.pulp.rules.components import COLOURS, SYSTEMS, parse_card

# A game through the CLI: Mina Tormelson (keeps 3 dice), Combat 4/6, Science 3/5, Diplomacy 3/5
NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6",
       "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3",
       "--hegemony", "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]
# The rulebook's examples through the CLI: Science and Diplomacy 4/5, Kah's icon Combat
BOOK_NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Ana Vex", "--combat", "4/6", "--science", "4/5",
            "--diplomacy", "4/5", "--die", "red", "--die", "gray", "--face", "gray=3",
            "--hegemony", "The Quietus", "--hegemony", "Kah:C", "--hegemony", "Zorn", "--seed", "11"]
LINE = ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"]
ALIENS = [("The Quietus", None), ("Kah", "C"), ("Zorn", None)]


def p(journal, *args, **kw):
    """`journal pulp COMMAND -s g ARGS...`"""
    return journal("pulp", args[0], "-s", "g", *args[1:], **kw)


def j(journal, *args) -> dict:
    """The JSON document of `journal --json ARGS...`, which must succeed."""
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def fresh(level="normal", captain="Ana Vex", combat=(4, 6), science=(3, 5), diplomacy=(3, 5),
          chosen=("red", "gray"), faces=None, aliens=ALIENS) -> dict:
    """A game set up through the rules. `faces`: the dice's faces (default gray 3): a Systems die's as
    set up, a crew die's turned afterwards (crew dice start on 6, as `pulp die COLOUR --to N` turns one)."""
    faces = faces if faces is not None else {"gray": 3}
    out = setup_game.new(Dice(1, 0), level, captain, {"combat": combat, "science": science, "diplomacy": diplomacy},
                         list(chosen), {c: f for c, f in faces.items() if c in SYSTEMS}, list(aliens))
    out.state["dice"].update({c: f for c, f in faces.items() if c not in SYSTEMS})
    return out.state


def dice(*values, draws=()) -> Dice:
    return Dice(7, 0, list(values), draws=list(draws))


def check(state) -> dict:
    assert game.validate(state) == [], game.validate(state)
    return state


def run(fn, state, *args, **kw):
    """Apply a rules function, asserting it leaves its input alone and returns a valid state."""
    before = copy.deepcopy(state)
    out = fn(state, *args, **kw)
    assert state == before, "a rules function mutated its input"
    check(out.state)
    return out


def cards(tokens) -> list[dict]:
    """Card tokens as the rules take them (the commands parse what was typed)."""
    return [parse_card(t) for t in tokens]


def line(state, tokens, planet="Mars", d=None):
    return run(encounter.begin_round, state, d or dice(), planet, cards(tokens))


def with_abilities(state, **values) -> dict:
    s = copy.deepcopy(state)
    for a, v in values.items():
        s["abilities"][a]["value"] = v
    return s


def cubes_total(s) -> dict:
    out = {}
    for c in COLOURS:
        out[c] = s["bag"][c] + s["supply"][c] + s["drawn"].get(c, 0) + (s["quietus"] if c == "black" else 0) + \
            sum(w["cubes"].get(c, 0) for w in s["weapons"])
    return out


def resolve_all(s):
    """Engage whatever is left in the line and search nothing (a test helper)."""
    s = copy.deepcopy(s)
    for c in s["line"]:
        c["status"] = "engaged" if c["status"] == "pending" else c["status"]
    s["phase"] = "search" if s["phase"] == "encounter" else s["phase"]
    return s


def engage_view(state) -> list[tuple]:
    return [(c.get("engage_strength"), c.get("engage_icon")) for c in game.public_state(state)["line"]]


def searching(tokens=("G1D.w.PP", "A1C.w.P", "G1S.w.PO", "G1C.w.K"), evaded=(), **kw) -> dict:
    """A round whose line is encountered (the cards at the positions `evaded` evaded): time to search."""
    s = line(fresh(**kw), list(tokens)).state
    s = with_abilities(s, combat=6, science=5, diplomacy=5)
    for i in range(len(s["line"])):
        if i + 1 in evaded:
            s = run(evade.evade, s, dice(draws=["red", "red"]), i + 1, "combat").state
        else:
            s = run(engage.engage, s, dice(), i + 1, pay={"combat": 1, "science": 1, "diplomacy": 1}).state
    assert s["phase"] == "search"
    return s


def a_state(bag: dict, **abilities) -> dict:
    """A fresh game whose bag holds `bag` (the rest in the supply) and whose abilities are set."""
    s = setup_game.new(Dice(1, 0), "normal", "Ana", {"combat": (4, 6), "science": (3, 5), "diplomacy": (3, 5)},
                       ["red", "gray"], {"gray": 3}, [("The Quietus", None), ("Kah", None), ("Zorn", None)]).state
    s = copy.deepcopy(s)
    for c in s["bag"]:
        total = s["bag"][c] + s["supply"][c]
        s["bag"][c] = bag.get(c, 0)
        s["supply"][c] = total - s["bag"][c]
    for a, v in abilities.items():
        s["abilities"][a]["value"] = v
    assert game.validate(s) == []
    return s


def busy_pulp(journal):
    """A game with long names, three dice and a weapon in progress (for the 100-column checks)."""
    journal("pulp", "new", "busy", "--level", "advanced", "--captain", "Mina Tormelson", "--combat", "4/6",
            "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--die", "blue",
            "--face", "gray=3", "--hegemony", "The Quietus", "--hegemony", "Kah the Devourer of Worlds:C",
            "--hegemony", "Zorn:S", "--seed", "11", ok=True)
    for cmd in (["round", "--planet", "Vega Prime Outer Colony", *LINE], ["engage", "1", "--pay", "science=2"],
                ["evade", "2", "--pay", "combat", "--draw", "k,r,w,b"], ["engage", "3", "--die", "red:6:4"],
                ["search", "--draw", "y,r"], ["weapon", "1", "--needs", "r1,b1", "--name", "Zeta Ray of Unmaking"],
                ["assign", "r", "--weapon", "1"]):
        journal("pulp", *cmd, "-s", "busy", ok=True)
    return journal
