"""Captain's dice (Dice Icons): in hand, turned down, upgraded, and `pulp die`."""

from __future__ import annotations

import copy

import pytest
from pulp.pulp_helpers import LINE, a_state, cards, dice, fresh, line, resolve_all, run

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.pulp.rules import captains_dice, encounter, engage, planet_search


def test_a_used_die_turns_down_and_may_skip_faces_and_stays_at_its_lowest():
    s = line(fresh(), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s, dice(), 1, die=("red", 6, 3), pay={"combat": 1})
    assert out.state["dice"]["red"] == 3
    with pytest.raises(InputError, match="lower face"):
        engage.engage(s, dice(), 1, die=("red", 6, 6), pay={"combat": 1})
    s1 = copy.deepcopy(s)
    s1["dice"]["red"] = 1
    out = run(engage.engage, s1, dice(), 1, die=("red", 1, None), pay={"combat": 3})
    assert out.state["dice"]["red"] == 1


def test_the_face_typed_must_match_the_save():
    s = line(fresh(), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="pulp die red --to 4"):
        engage.engage(s, dice(), 1, die=("red", 4, None))
    with pytest.raises(RuleError, match="no blue die"):
        engage.engage(s, dice(), 1, die=("blue", None, None))


def test_artificial_intelligence_rerolls_a_die_when_engaging_an_agent():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 4, "red": 2}), ["A4D.w", "G3C.w", "G1S.w", "G2C.w"]).state
    out = run(captains_dice.die, s, dice(5), "yellow", use=True, target="red")
    assert out.state["dice"] == {"red": 5, "yellow": 3}
    s2 = line(fresh(chosen=("red", "yellow"), faces={"yellow": 4}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="Agent"):
        captains_dice.die(s2, dice(5), "yellow", use=True, target="red")


def test_artificial_intelligence_swaps_a_die_on_a_guardforce_with_a_planet_icon():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 2}), ["G4D.w.P", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(captains_dice.die, s, dice(4), "yellow", use=True, target="red", swap_for="blue")
    assert out.state["dice"] == {"yellow": 1, "blue": 4}


def test_scanning_technology_understands_a_weapon():
    s = line(fresh(faces={"gray": 3}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    s["weapons"] = [{"cubes": {"yellow": 1}, "understood": False, "used": False, "needs": {"red": 3}}]
    s["bag"]["yellow"] -= 1
    out = run(captains_dice.die, s, dice(), "gray", use=True, weapon=1)
    assert out.state["weapons"][0]["understood"] is True and out.state["dice"]["gray"] == 2


def test_engineer_upgrades_a_systems_die():
    s = line(fresh(captain="Mina Tormelson", chosen=("orange", "gray", "yellow"),
                   faces={"orange": 2, "gray": 3, "yellow": 5}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    out = run(captains_dice.die, s, dice(), "orange", use=True, target="gray")
    assert out.state["dice"] == {"orange": 1, "gray": 4, "yellow": 5}
    s2 = line(fresh(chosen=("orange", "gray"), faces={"gray": 3}), ["G4D.w", "A3S.w", "G1S.w", "G2C.w"]).state
    out = run(engage.engage, s2, dice(), 1, die=("orange", 6, None), pay={"science": 2})
    assert out.state["dice"] == {"orange": 5, "gray": 5} and out.data["dice_bonus"]["science"] == 2


def test_a_die_set_by_hand_or_rerolled():
    s = fresh()
    assert run(captains_dice.die, s, dice(), "red", to=2).state["dice"]["red"] == 2
    assert run(captains_dice.die, s, dice(5), "gray", reroll=True).state["dice"]["gray"] == 5


def test_a_die_face_used_in_the_wrong_place_says_where_it_belongs():
    s = line(fresh(chosen=("blue", "gray"), faces={"blue": 1, "gray": 2}), ["G2D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="does nothing in this engage: it is used in the planet search$"):
        engage.engage(s, dice(), 1, die=("blue", None, None))
    with pytest.raises(RuleError, match="it is used with `journal pulp evade 1 --die gray`"):  # the next card
        engage.engage(s, dice(), 1, die=("gray", None, None))
    with pytest.raises(RuleError, match="it is used in the planet search"):
        captains_dice.die(s, dice(), "blue", use=True)
    with pytest.raises(RuleError, match="does nothing in this search: it is used in an evade$"):
        planet_search.search(resolve_all(s), dice(), die=("gray", None, None))
    with pytest.raises(RuleError, match="during the Encounter phase"):
        captains_dice.die(fresh(), dice(), "red", use=True)


def test_artificial_intelligence_swap_needs_a_guardforce_with_a_planet_icon():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 2}), ["G4D.w", "A3C.w", "G1S.w", "G2C.w"]).state
    with pytest.raises(RuleError, match="planet icon"):
        captains_dice.die(s, dice(4), "yellow", use=True, target="red", swap_for="blue")


def test_a_die_used_with_its_own_command_names_that_commands_options():
    s = a_state({"red": 4, "orange": 4, "blue": 4, "black": 4, "yellow": 4, "white": 5})
    s = encounter.begin_round(s, Dice(1, 0), "Mars", cards(LINE)).state
    s["weapons"].append({"cubes": {"yellow": 1}, "understood": False, "used": False})
    s["bag"]["yellow"] -= 1
    with pytest.raises(InputError, match=r"^the gray die on 3 turns down to a lower face, 1-2, not 5$"):
        captains_dice.die(s, Dice(1, 0), "gray", use=True, weapon=1, then=5)     # no --die: `die` has none
    s["dice"] = {"orange": 2, "yellow": 3, "gray": 3}
    with pytest.raises(InputError, match=r"^--target is required: which Systems die"):
        captains_dice.die(s, Dice(1, 0), "orange", use=True)                    # not --upgrade (engage's)
    out = captains_dice.die(s, Dice(1, 0), "orange", use=True, target="gray")
    assert out.state["dice"]["gray"] == 4
