"""validate: each hand edit's mistake is named by its key; commands refuse an invalid save."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from pulp.pulp_helpers import LINE, fresh, line

from journal.games import pulp as game


def test_check_names_a_hand_edit_and_commands_refuse(g):
    path = g.saves / "g.toml"
    doc = tomllib.loads(path.read_text("utf-8"))
    doc["state"]["bag"]["red"] = 9
    path.write_text(tomli_w.dumps(doc), "utf-8")
    r = g("check", "-s", "g")
    assert r.exit_code == 1 and "state.bag.red: bag 9 + supply 11" in r.stdout and "the game has 15" in r.stdout
    r = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE)
    assert r.exit_code == 1 and "state.bag.red" in r.stderr


@pytest.mark.parametrize("edit,message", [
    (lambda s: s["abilities"]["combat"].update(value=7), "state.abilities.combat.value = 7 is above its max 6"),
    (lambda s: s["bag"].update(red=5), "state.bag.red: bag 5 + supply 11"),
    (lambda s: s["supply"].update(white=11), "state.supply.white = 11 is outside 0..10"),
    (lambda s: s.update(decks=[16, 16]), "state.decks has 2 counts"),
    (lambda s: s.update(colour="red"), "state.colour is not a known key"),
    (lambda s: s["dice"].update(purple=3), "state.dice.purple: the name is not a die colour"),
    (lambda s: s["dice"].update(red=7), "state.dice.red = 7 is outside 1..6"),
    (lambda s: s.update(alien=1), "state.decks[0] = 16, but state.alien = 1"),
    (lambda s: s.update(result="won"), "a result ends the game"),
    (lambda s: s.update(hand=["G2C.w"]), "state.hand[0] = \"G2C.w\" has no Key"),
    (lambda s: s.update(location="G2C.w"), "not a Location card"),
])
def test_validate_names_the_key_of_each_hand_edit_mistake(edit, message):
    s = fresh()
    edit(s)
    problems = game.validate(s)
    assert any(message in p for p in problems), problems


def test_validate_checks_the_line_against_rulings_p2():
    s = line(fresh(), ["G2D.w", "A4C.w", "ES", "G2C.w"]).state
    s["line"][0]["engage_icon"] = "D"  # derived (P2), never stored since schema 2
    assert any("state.line[0].engage_icon is not a known key" in p for p in game.validate(s))
    s = line(fresh(), ["G2D.w", "A4C.w", "ES", "G2C.w"]).state
    s["line"][0]["icon_override"] = "D"  # only an engaged card keeps the icon a card's text set
    assert any("state.line[0].icon_override: only an engaged card" in p for p in game.validate(s))
    s = line(fresh(), ["G2D.w", "A4C.w", "ES", "G2C.w"]).state
    s["line"][1]["card"] = "A4Q"
    assert any("state.line[1].card" in p and "G2C.r.PK" in p for p in game.validate(s))
