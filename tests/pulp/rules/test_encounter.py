"""1. Encounter Phase: the round's Encounter Line (P1: cubes are never created), encountered left to
right."""

from __future__ import annotations

import copy
import re

import pytest
from pulp.pulp_helpers import cards, cubes_total, dice, fresh, line, resolve_all, with_abilities

from journal.errors import InputError, RuleError
from journal.games.pulp.rules import components, encounter, engage, evade, model, round_end


def test_round_draws_from_the_leftmost_alien_with_cards():
    s = fresh()
    out = line(s, ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"])
    assert out.state["decks"] == [12, 16, 16] and out.state["round"] == 1 and out.state["phase"] == "encounter"
    s = copy.deepcopy(s)
    s["decks"], s["alien"] = [0, 16, 16], 1
    assert line(s, ["G1C.w", "G1C.w", "G1C.w", "G1C.w"]).state["decks"] == [0, 12, 16]


def test_round_takes_exactly_the_cards_the_deck_can_give():
    s = fresh()
    with pytest.raises(InputError, match="draw 4"):
        encounter.begin_round(s, dice(), "Mars", cards(["G2C.w", "G2C.w"]))
    s["decks"][0] = 2
    assert len(line(s, ["G2C.w", "G2D.w"]).state["line"]) == 2


def test_round_puts_the_cards_cubes_from_the_supply_into_the_bag():
    s = fresh()
    out = line(s, ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"])
    assert out.state["bag"]["red"] == 6 and out.state["bag"]["orange"] == 5 and out.state["bag"]["blue"] == 6
    assert out.state["supply"]["red"] == 9


def test_cubes_are_never_created_when_the_supply_runs_out():
    s = fresh("advanced")  # the supply holds 0 yellow
    assert s["supply"]["yellow"] == 0
    out = line(s, ["G2C.y", "L.yr", "G1D.w", "G1D.w"])
    assert out.state["bag"]["yellow"] == 6 and out.state["bag"]["red"] == 5
    assert any("not placed" in m for m in out.lines)
    assert cubes_total(out.state) == components.TOTALS


def test_locations_leave_the_line_and_the_last_drawn_is_kept():
    s = fresh()
    out = line(s, ["L.rb", "G2C.r", "L.ok", "G2D.w"])
    assert [c["card"] for c in out.state["line"]] == ["G2C.r", "G2D.w"]
    assert out.state["location"] == "L.ok"
    out2 = line(round_end.end_round(resolve_all(out.state), dice()).state, ["L.bb", "G1C.w", "G1C.w", "G1D.w"])
    assert out2.state["location"] == "L.bb" and any("replacing L.ok" in m for m in out2.lines)


def test_planets_a_face_up_planet_each_round_then_three_new_ones():
    s = fresh()
    for k in range(3):
        s = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"], planet=f"P{k}").state
        assert s["planets"]["face_up"] == 2 - k
        s = round_end.end_round(resolve_all(s), dice()).state
    assert s["planets"]["searched"] == ["P0", "P1", "P2"]
    out = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"], planet="P3")
    assert out.state["planets"] == {"face_up": 2, "deck": 6, "searched": ["P0", "P1", "P2"]}
    assert any("deal 3 new Planet" in m for m in out.lines)


def test_cards_are_encountered_left_to_right():
    s = line(fresh(), ["G2C.w", "G2D.w", "G2S.w", "G3C.w"]).state
    with pytest.raises(RuleError, match="left to right"):
        engage.engage(s, dice(), 2)
    with pytest.raises(InputError, match="cards 1-4"):
        evade.evade(s, dice(), 5, "combat")


def test_two_abilities_at_zero_when_the_next_encounter_begins_lose():
    s = with_abilities(fresh(), science=0, diplomacy=0)
    out = line(s, ["G2D.w", "A3C.w", "G1S.w", "G2C.w"])
    assert out.state["result"] == "lost" and out.state["decks"] == [16, 16, 16]


def test_the_last_round_in_the_quietus_sector_says_black_cubes_now_cost():
    s = fresh()
    s["decks"][0] = 4
    out = line(s, ["G1C.w", "G1C.w", "G1C.w", "G1D.w"])
    assert any("past The Quietus" in m for m in out.lines) and model.past_quietus(out.state)


def test_a_drawn_card_shows_the_cubes_its_kind_prints():
    """Book l.91: "Take the cubes depicted in the upper left of the drawn cards (Guardforce and Agents
    cards show 1 cube, Locations show 2 cubes)": a card typed with another number is refused,
    named, and the bag is left as it was; an Event's cubes the book does not count."""
    s = fresh()
    for tokens, named in ((["G2C.rr.P", "A3S.o", "L.rb", "G2D.b.P"], "card 1, G2C.rr.P, shows 2 cubes: Guardforce "
                                                                    "cards show 1 cube"),
                          (["G2C.r.P", "A3S", "L.rb", "G2D.b.P"], "card 2, A3S, shows 0 cubes: Agent cards show 1 "
                                                                  "cube (Guardforce and Agents 1, Locations 2), typed "
                                                                  "after a dot, e.g. A3S.r"),
                          (["G2C.r.P", "A3S.o", "L.r", "G2D.b.P"], "card 3, L.r, shows 1 cube: Location cards show "
                                                                   "2 cubes")):
        with pytest.raises(InputError, match=re.escape(named)):
            encounter.begin_round(s, dice(), "Mars", cards(tokens))
    out = line(s, ["G2C.r.P", "ES", "E.rb", "L.rb"])
    assert out.state["bag"]["red"] == s["bag"]["red"] + 3 and out.state["bag"]["blue"] == s["bag"]["blue"] + 2
