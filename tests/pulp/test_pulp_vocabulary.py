"""One vocabulary, hints you can paste (issue 10) for Pulp Invasion: --reason on by-hand changes,
`end won|lost`, `odds` (exact, checked against hand-computed values), whole-command hints,
output that fits 100 columns, exit codes."""

from __future__ import annotations

import copy
import pytest
from pulp_helpers import j, p

from journal.dice import Dice
from journal.errors import InputError
from journal.games import pulp as game
from journal.games.pulp.rules import captains_dice, encounter, odds, setup_game

NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6",
       "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3",
       "--hegemony", "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]
LINE = ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"]


@pytest.fixture
def g(journal):
    journal(*NEW, ok=True)
    return journal


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


def test_every_by_hand_change_takes_an_optional_reason_kept_in_the_log(g):
    p(g, "ability", "combat", "-1", "--reason", "card 1", ok=True)
    p(g, "cubes", "k", "--from", "bag", "--to", "supply", "--reason", "card 2", ok=True)
    p(g, "deck", "2", "-1", "--reason", "card 3", ok=True)
    p(g, "planets", "--deck", "8", "--reason", "card 4", ok=True)
    p(g, "hand", "--gain", "G2C.K", "--reason", "card 5", ok=True)
    p(g, "location", "L.rb", "--reason", "card 6", ok=True)
    p(g, "die", "red", "--to", "4", "--reason", "card 7", ok=True)
    reasons = [e.get("reason") for e in j(g, "log", "-s", "g", "--tail", "7")]
    assert reasons == [f"card {n}" for n in range(1, 8)]
    p(g, "ability", "combat", "+1", ok=True)                           # optional


def test_end_records_a_result_a_card_gives_by_hand(g):
    """The rules end the game by themselves (weapons found, two abilities at 0, no cards left);
    a card whose text ends it is recorded with end won|lost."""
    d = j(g, "pulp", "end", "-s", "g", "LOST", "--reason", "Event: the Hegemony's doomsday device")
    assert (d["result"], d["phase"]) == ("lost", "over")
    assert g.state("g")["result"] == "lost"
    assert j(g, "log", "-s", "g", "--tail", "1")[0]["reason"] == "Event: the Hegemony's doomsday device"
    r = p(g, "end", "won")
    assert r.exit_code == 1 and "the game is over" in r.stderr
    assert p(g, "end", "maybe").exit_code == 2
    g("check", "-s", "g", ok=True)


def test_odds_draws_is_what_bag_odds_shows(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    assert j(g, "pulp", "odds", "-s", "g", "--draws", "3")["draws"] == j(g, "pulp", "bag", "-s", "g", "--odds", "3")
    out = p(g, "odds", "--draws", "3", ok=True).stdout
    assert "  colour  in bag  next draw    1+ in 3  expected" in out


def test_evade_odds_are_exact_with_the_evades_own_draw_rule():
    # red 3, orange 2, blue 1: both cubes come from these 6 (yellow, white, black are drawn again).
    # No red in two draws: 3/6 · 2/5 = 1/5, so red 4/5; no orange: 4/6 · 3/5 = 2/5, so 3/5;
    # no blue: 5/6 · 4/5 = 2/3, so 1/3.
    s = a_state({"red": 3, "orange": 2, "blue": 1, "black": 9, "yellow": 5, "white": 5}, combat=1, science=1,
                diplomacy=3)
    o = odds.evade_odds(s)
    assert (o["combat"], o["science"], o["diplomacy"]) == pytest.approx((4 / 5, 3 / 5, 1 / 3))
    assert o["expected_loss"]["combat"] == pytest.approx(4 / 5)          # Combat 1: a second red is ignored
    assert o["expected_loss"]["diplomacy"] == pytest.approx(2 * 1 / 6)
    assert odds.evade_odds(a_state({"red": 3, "orange": 2, "blue": 1}, combat=1, science=1,
                                   diplomacy=3))["combat"] == pytest.approx(4 / 5)   # other colours: no change
    # paying Diplomacy first (3 → 2), two abilities reach 0 when red and orange are drawn:
    # 3/6 · 2/5 + 2/6 · 3/5 = 2/5
    assert odds.evade_odds(s, "diplomacy")["two_at_zero"] == pytest.approx(2 / 5)
    # paying Combat first: Combat is 0, its red cubes are ignored
    paid = odds.evade_odds(s, "combat")
    assert paid["combat"] == 0 and paid["abilities"]["combat"] == 0 and paid["two_at_zero"] == pytest.approx(3 / 5)
    one = odds.evade_odds(a_state({"red": 1, "black": 4}, combat=2))   # one such cube: the drawing stops
    assert (one["combat"], one["science"], one["cubes"]) == (1.0, 0.0, 1)


def test_search_odds_are_the_chance_of_at_least_one_yellow():
    # 2 yellow among 10 cubes, 3 drawn: 1 - C(8,3)/C(10,3) = 1 - 56/120 = 8/15
    s = a_state({"red": 4, "black": 4, "yellow": 2})
    o = odds.search_odds(s, 3)
    assert o["at_least_one_yellow"] == pytest.approx(8 / 15) and o["expected_yellow"] == pytest.approx(0.6)
    assert odds.search_odds(s, 0)["at_least_one_yellow"] == 0
    assert odds.search_odds(s, 99)["at_least_one_yellow"] == 1


def test_odds_command_json_and_defaults(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    d = j(g, "pulp", "odds", "-s", "g", "--evade", "--pay", "Science")
    assert set(d) == {"evade"} and d["evade"]["pay"] == "science"
    assert {"combat", "science", "diplomacy", "expected_loss", "two_at_zero"} <= set(d["evade"])
    d = j(g, "pulp", "odds", "-s", "g")                               # all three; the search of the line's icons
    assert set(d) == {"draws", "evade", "search"} and d["search"]["draws"] == 4
    d = j(g, "pulp", "odds", "-s", "g", "--search", "2")
    assert set(d) == {"search"}
    assert p(g, "odds", "--pay", "combat").exit_code == 2              # --pay goes with --evade


def test_hints_are_whole_commands(g):
    out = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True).stdout
    assert "journal pulp engage 1 [--pay ABILITY=N]" in out and "journal pulp evade 1 --pay ABILITY" in out
    assert "pulp engage 1 --pay ..." not in out
    out = g("show", "-s", "g", ok=True).stdout
    assert "Next: card 1 G2C.r.PK: journal pulp engage 1" in out


def test_a_die_used_with_its_own_command_names_that_commands_options():
    s = a_state({"red": 4, "orange": 4, "blue": 4, "black": 4, "yellow": 4, "white": 5})
    s = encounter.begin_round(s, Dice(1, 0), "Mars", LINE).state
    s["weapons"].append({"cubes": {"yellow": 1}, "understood": False, "used": False})
    s["bag"]["yellow"] -= 1
    with pytest.raises(InputError, match=r"^--then 5: a used die turns down to a lower face, 1-2$"):
        captains_dice.die(s, Dice(1, 0), "gray", use=True, weapon=1, then=5)     # not --die: `die` has none
    s["dice"] = {"orange": 2, "yellow": 3, "gray": 3}
    with pytest.raises(InputError, match=r"^--target is required: which Systems die"):
        captains_dice.die(s, Dice(1, 0), "orange", use=True)                    # not --upgrade (engage's)
    out = captains_dice.die(s, Dice(1, 0), "ORANGE", use=True, target="Gray")
    assert out.state["dice"]["gray"] == 4


def busy_pulp(journal):
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


def test_show_bag_and_odds_of_a_busy_game_fit_100_columns(journal):
    busy_pulp(journal)
    rows = game.summary(journal.state("busy"))
    assert max(len(r) for r in rows if r.startswith(" ")) <= 100       # the tables, before any wrapping
    for cmd in (["show"], ["log"], ["pulp", "bag", "--odds", "5"], ["pulp", "odds"], ["pulp", "odds", "--search", "9"]):
        out = journal(*cmd, "-s", "busy", ok=True).stdout
        assert max(len(line) for line in out.splitlines()) <= 100, cmd
    st = journal.state("busy")
    lines = odds.bag_lines(st, odds.bag_odds(st, 12))
    assert max(len(line) for line in lines) <= 100


@pytest.mark.parametrize("args", [["ability", "combat", "x"], ["ability", "luck", "+1"], ["cubes", "q", "--from",
                                                                                              "bag", "--to", "supply"],
                                  ["deck", "9", "+1"], ["odds", "--draws", "0"], ["odds", "--evade", "--pay", "luck"],
                                  ["round", "--planet", "Mars", "X9"]])
def test_a_malformed_value_is_a_usage_error_exit_2(g, args):
    r = p(g, *args)
    assert r.exit_code == 2 and "Error: " in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["engage", "1", "--pay", "combat=2"], ["search"], ["end-round"],
                                  ["cubes", "y,y", "--from", "supply", "--to", "bag"], ["location", "--discard"],
                                  ["hand", "--discard", "K"]])
def test_a_rules_refusal_is_exit_1(g, args):
    r = p(g, *args)
    assert r.exit_code == 1 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr


def test_values_listed_in_a_help_are_accepted_in_any_case(journal):
    args = [a if a != "normal" else "NORMAL" for a in NEW]
    journal(*args, ok=True)
    g = journal
    p(g, "cubes", "K", "--from", "BAG", "--to", "Supply", ok=True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    p(g, "engage", "1", "--icon", "s", "--pay", "Science=2", ok=True)
    p(g, "evade", "2", "--pay", "COMBAT", "--draw", "K,R,B", ok=True)
    p(g, "engage", "3", "--die", "RED", ok=True)
    p(g, "search", "--draw", "Y,R", ok=True)
    p(g, "assign", "R", "--supply", ok=True)
    p(g, "end", "Won", ok=True)
    assert g.state("g")["result"] == "won"
