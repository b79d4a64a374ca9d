"""Setup (rulebook Setup, steps 1-6; rules note P1)."""

from __future__ import annotations

import pytest
from pulp.pulp_helpers import ALIENS, check, cubes_total, fresh

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.pulp.cli.values import parse_alien, parse_track
from journal.games.pulp.rules import components, model, setup_game


@pytest.mark.parametrize("level,n", [("basic", 4), ("normal", 5), ("advanced", 6)])
def test_setup_seeds_the_bag_by_skill_level(level, n):
    """Book l.58: "Seed the bag with 4 cubes each of Combat (red), Science (orange), Diplomacy (blue)
    and Black, as well as a number of Super Weapon (yellow) and White cubes [...] Basic: 4 of each;
    Normal: 5 of each; Advanced: 6 of each": the bag and the set-up's message say the same (both
    read components.starting_bag)."""
    out = setup_game.new(Dice(1, 0), level, "Ana Vex", {"combat": (4, 6), "science": (3, 5), "diplomacy": (3, 5)},
                         ["red", "gray"], {"gray": 3}, list(ALIENS))
    assert (f"Seed the bag: 4 red, 4 orange, 4 blue, 4 black, {n} yellow, {n} white; the rest is the supply. "
            f"Shuffle {n} Super Weapon cards into their deck.") in out.lines
    assert components.starting_bag(level) == out.state["bag"]
    s = check(fresh(level))
    assert s["bag"] == {"red": 4, "orange": 4, "blue": 4, "black": 4, "yellow": n, "white": n}
    assert s["supply"] == {"red": 11, "orange": 11, "blue": 11, "black": 11, "yellow": 6 - n, "white": 10 - n}
    assert model.n_weapons(s) == n and s["weapons"] == []
    assert cubes_total(s) == components.TOTALS and sum(components.TOTALS.values()) == 76


def test_setup_three_decks_of_16_and_three_planets_face_up():
    s = fresh()
    assert s["decks"] == [16, 16, 16] and s["alien"] == 0
    assert s["planets"] == {"face_up": 3, "deck": 9, "searched": []}
    assert [h["name"] for h in s["hegemony"]] == ["The Quietus", "Kah", "Zorn"]
    assert s["hegemony"][1]["icon"] == "C" and "icon" not in s["hegemony"][0]


def test_setup_abilities_from_the_captain_card():
    s = fresh(combat=(4, 6), science=(3, 5), diplomacy=(2, 4))
    assert s["abilities"] == {"combat": {"value": 4, "max": 6}, "science": {"value": 3, "max": 5},
                              "diplomacy": {"value": 2, "max": 4}}
    with pytest.raises(InputError, match="at most the maximum"):
        parse_track("7/6", "--combat")  # the Captain card's numbers are read with the command
    assert parse_track("4/6", "--combat") == (4, 6)


def test_setup_crew_dice_start_at_6_and_systems_dice_are_rolled():
    s = fresh(chosen=("orange", "yellow"), faces={})
    assert s["dice"]["orange"] == 6 and 1 <= s["dice"]["yellow"] <= 6
    entered = setup_game.new(Dice(1, 0, [2]), "basic", "Bo", {a: (3, 5) for a in components.ABILITIES},
                             ["blue", "gray"], {}, ALIENS)
    assert entered.state["dice"] == {"blue": 6, "gray": 2}
    assert fresh(chosen=("red", "gray"), faces={"gray": 5})["dice"] == {"red": 6, "gray": 5}


def test_crew_dice_start_on_6_a_face_given_for_one_is_refused_systems_dice_keep_their_choice():
    """Setup 2: "Set values of the chosen Crew dice to 6; roll the chosen Systems dice to determine their
    initial values"."""
    abilities = {a: (3, 5) for a in components.ABILITIES}
    for crew in components.CREW:
        with pytest.raises(RuleError, match=f"the {crew} die is a Crew die and starts on 6"):
            setup_game.new(Dice(1, 0), "basic", "Bo", abilities, [crew, "gray"], {crew: 4}, ALIENS)
    out = setup_game.new(Dice(1, 0), "basic", "Mina Tormelson", abilities, ["red", "yellow", "gray"],
                         {"yellow": 2, "gray": 5}, ALIENS)
    assert out.state["dice"] == {"red": 6, "yellow": 2, "gray": 5}


def test_setup_two_dice_and_mina_tormelson_keeps_three():
    with pytest.raises(InputError, match="choose 2"):
        fresh(chosen=("red", "blue", "gray"))
    with pytest.raises(InputError, match="choose 2"):
        fresh(chosen=("red",))
    s = fresh(captain="Mina Tormelson", chosen=("red", "blue", "gray"))
    assert set(s["dice"]) == {"red", "blue", "gray"}
    with pytest.raises(InputError, match="once"):
        fresh(chosen=("red", "red"))


def test_setup_names_the_three_aliens_one_of_them_the_quietus():
    with pytest.raises(InputError, match="The Quietus"):
        fresh(aliens=[("Kah", None), ("Zorn", None), ("Vex", None)])
    with pytest.raises(InputError, match="3 Cosmic Hegemony"):
        fresh(aliens=[("The Quietus", None), ("Kah", None)])
    s = fresh(aliens=[parse_alien("Kah"), parse_alien("quietus"), parse_alien("Zorn:S")])  # as typed with --hegemony
    assert s["hegemony"][1]["name"] == "The Quietus" and s["hegemony"][2] == {"name": "Zorn", "icon": "S"}
