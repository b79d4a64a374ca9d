"""Pulp Invasion: one test per rule (rulebook, rules notes P1-P6 and A1-A2)."""

from __future__ import annotations

import copy

import pytest

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games import pulp as game
from journal.games.pulp.rules import (by_hand, captains_dice, components, encounter, model, odds, payment,
                                      planet_search, round_end, setup_game)

ALIENS = [("The Quietus", None), ("Kah", "C"), ("Zorn", None)]


def fresh(level="normal", captain="Ana Vex", combat=(4, 6), science=(3, 5), diplomacy=(3, 5),
          chosen=("red", "gray"), faces=None, aliens=ALIENS) -> dict:
    out = setup_game.new(Dice(1, 0), level, captain, {"combat": combat, "science": science, "diplomacy": diplomacy},
                         list(chosen), faces if faces is not None else {"gray": 3}, list(aliens))
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


def line(state, cards, planet="Mars", d=None):
    return run(encounter.begin_round, state, d or dice(), planet, cards)


def with_abilities(state, **values) -> dict:
    s = copy.deepcopy(state)
    for a, v in values.items():
        s["abilities"][a]["value"] = v
    return s


def cubes_total(s) -> dict:
    out = {}
    for c in components.COLOURS:
        out[c] = s["bag"][c] + s["supply"][c] + s["drawn"].get(c, 0) + (s["quietus"] if c == "black" else 0) + \
            sum(w["cubes"].get(c, 0) for w in s["weapons"])
    return out


# --- setup (rulebook Setup; P1) ------------------------------------------------------------

@pytest.mark.parametrize("level,n", [("basic", 4), ("normal", 5), ("advanced", 6)])
def test_setup_seeds_the_bag_by_skill_level(level, n):
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
        fresh(combat=(7, 6))


def test_setup_crew_dice_start_at_6_and_systems_dice_are_rolled():
    s = fresh(chosen=("orange", "yellow"), faces={})
    assert s["dice"]["orange"] == 6 and 1 <= s["dice"]["yellow"] <= 6
    entered = setup_game.new(Dice(1, 0, [2]), "basic", "Bo", {a: (3, 5) for a in components.ABILITIES},
                             ["blue", "gray"], {}, ALIENS)
    assert entered.state["dice"] == {"blue": 6, "gray": 2}
    assert fresh(chosen=("red", "gray"), faces={"gray": 5})["dice"] == {"red": 6, "gray": 5}


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
    s = fresh(aliens=[("Kah", None), ("quietus", None), ("Zorn", None)])
    assert s["hegemony"][1]["name"] == "The Quietus"


# --- card tokens ----------------------------------------------------------------------------

@pytest.mark.parametrize("token,parsed", [
    ("G2C.r.PK", {"kind": "G", "strength": 2, "shows": "C", "cubes": "r", "planets": 1, "key": True, "code": False}),
    ("A4S.o.PP", {"kind": "A", "strength": 4, "shows": "S", "cubes": "o", "planets": 2, "key": False, "code": False}),
    ("L.rb", {"kind": "L", "strength": None, "shows": None, "cubes": "rb", "planets": 0, "key": False,
              "code": False}),
    ("ES", {"kind": "E", "strength": None, "shows": "S", "cubes": "", "planets": 0, "key": False, "code": False}),
    ("g0d.PO", {"kind": "G", "strength": 0, "shows": "D", "cubes": "", "planets": 1, "key": False, "code": True}),
])
def test_card_token_grammar(token, parsed):
    assert components.parse_card(token) == parsed


@pytest.mark.parametrize("bad", ["X2C", "G12C", "G2Q", "G2C.rq", "G2C.Pk", "G2C.r.b", "L3C.rb", "G2C.r.PK.o",
                                 "G2C.rrrrr", ""])
def test_bad_card_tokens_show_the_grammar_and_an_example(bad):
    with pytest.raises(InputError) as e:
        components.parse_card(bad)
    assert "G2C.r.PK" in e.value.message


# --- the encounter phase ----------------------------------------------------------------------

def test_round_draws_from_the_leftmost_alien_with_cards():
    s = fresh()
    out = line(s, ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"])
    assert out.state["decks"] == [12, 16, 16] and out.state["round"] == 1 and out.state["phase"] == "encounter"
    s = copy.deepcopy(s)
    s["decks"], s["alien"] = [0, 16, 16], 1
    assert line(s, ["G1C", "G1C", "G1C", "G1C"]).state["decks"] == [0, 12, 16]


def test_round_takes_exactly_the_cards_the_deck_can_give():
    s = fresh()
    with pytest.raises(InputError, match="draw 4"):
        encounter.begin_round(s, dice(), "Mars", ["G2C", "G2C"])
    s["decks"][0] = 2
    assert len(line(s, ["G2C", "G2D"]).state["line"]) == 2


def test_round_puts_the_cards_cubes_from_the_supply_into_the_bag():
    s = fresh()
    out = line(s, ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"])
    assert out.state["bag"]["red"] == 6 and out.state["bag"]["orange"] == 5 and out.state["bag"]["blue"] == 6
    assert out.state["supply"]["red"] == 9


def test_cubes_are_never_created_when_the_supply_runs_out():
    s = fresh("advanced")  # the supply holds 0 yellow
    assert s["supply"]["yellow"] == 0
    out = line(s, ["G2C.y", "G2C.yr", "G1D", "G1D"])
    assert out.state["bag"]["yellow"] == 6 and out.state["bag"]["red"] == 5
    assert any("not placed" in m for m in out.lines)
    assert cubes_total(out.state) == components.TOTALS


def test_locations_leave_the_line_and_the_last_drawn_is_kept():
    s = fresh()
    out = line(s, ["L.rb", "G2C.r", "L.ok", "G2D"])
    assert [c["card"] for c in out.state["line"]] == ["G2C.r", "G2D"]
    assert out.state["location"] == "L.ok"
    out2 = line(round_end.end_round(_resolve_all(out.state), dice()).state, ["L.bb", "G1C", "G1C", "G1D"])
    assert out2.state["location"] == "L.bb" and any("replacing L.ok" in m for m in out2.lines)


def test_planets_a_face_up_planet_each_round_then_three_new_ones():
    s = fresh()
    for k in range(3):
        s = line(s, ["G1C", "G1C", "G1C", "G1D"], planet=f"P{k}").state
        assert s["planets"]["face_up"] == 2 - k
        s = round_end.end_round(_resolve_all(s), dice()).state
    assert s["planets"]["searched"] == ["P0", "P1", "P2"]
    out = line(s, ["G1C", "G1C", "G1C", "G1D"], planet="P3")
    assert out.state["planets"] == {"face_up": 2, "deck": 6, "searched": ["P0", "P1", "P2"]}
    assert any("deal 3 new Planet" in m for m in out.lines)


def _resolve_all(s):
    """Evade whatever is left in the line and search nothing (a test helper)."""
    s = copy.deepcopy(s)
    for c in s["line"]:
        c["status"] = "engaged" if c["status"] == "pending" else c["status"]
    s["phase"] = "search" if s["phase"] == "encounter" else s["phase"]
    return s


# --- P2: engage strengths and icons ----------------------------------------------------------

def engage_view(state) -> list[tuple]:
    return [(c.get("engage_strength"), c.get("engage_icon")) for c in game.public_state(state)["line"]]


def test_engage_strength_example_a():
    """Rulebook Example A: Guardforce 2 Combat, Hostile Agent 4 Super Science, the Nebula with no
    strength of its own, Guardforce 2 Diplomacy (the rightmost takes the leftmost card's icon)."""
    s = line(fresh(), ["G2D", "A4C", "ES", "G2C"]).state
    assert engage_view(s) == [(2, "C"), (4, "S"), (None, None), (2, "D")]


def test_engage_strength_example_b():
    """Rulebook Example B: the Location leaves the line; Guardforce 2 Combat; a card with strength 0
    must be evaded; Guardforce 4 Diplomacy (wrapping to the first card)."""
    s = line(fresh(), ["G2D.r", "A0C.o", "G4S.b", "L.rb"]).state
    assert engage_view(s) == [(2, "C"), (0, "S"), (4, "D")]
    s = run(encounter.engage, s, dice(), 1, pay={"combat": 2}).state
    with pytest.raises(RuleError, match="must be evaded"):
        encounter.engage(s, dice(), 2, pay={"combat": 1})
    s = run(encounter.evade, s, dice(draws=["red", "blue"]), 2, "science").state
    assert engage_view(s)[2] == (4, "D")  # the first card was engaged, not evaded: its icon still counts
    # In Kah's sector the card's text adds 1 Combat: 4 Diplomacy and 1 Combat
    s = with_abilities(s, diplomacy=5)
    out = run(encounter.engage, s, dice(), 3, pay={"diplomacy": 4, "combat": 1}, adds=[(1, "C")])
    assert out.data["need"] == {"combat": 1, "science": 0, "diplomacy": 4}
    with pytest.raises(RuleError, match="does not cover"):
        encounter.engage(s, dice(), 3, pay={"diplomacy": 4}, adds=[(1, "C")])


def test_engage_icon_skips_evaded_cards():
    s = line(fresh(), ["G2C", "G2D", "G2S", "G3C"]).state
    s = run(encounter.engage, s, dice(), 1, pay={"diplomacy": 2}).state
    s = run(encounter.evade, s, dice(draws=["red", "red"]), 2, "combat").state
    # card 3 now takes card 4's icon; card 4 wraps past nothing evaded to card 1
    assert engage_view(s)[2:] == [(2, "C"), (3, "C")]
    s2 = line(fresh(), ["G2C", "G2D", "G2S", "G3C"]).state
    s2 = run(encounter.evade, s2, dice(draws=["red", "red"]), 1, "science").state
    s2 = run(encounter.evade, s2, dice(draws=["blue", "blue"]), 2, "combat").state
    s2 = run(encounter.evade, s2, dice(draws=["orange", "red"]), 3, "combat").state
    assert engage_view(s2)[3] == (3, "C")  # every other card evaded: alone, its own icon


def test_engage_icon_wraps_past_evaded_cards_from_the_rightmost():
    s = line(fresh(), ["G1D", "G1S", "G1C", "G2C"]).state
    s = run(encounter.evade, s, dice(draws=["red", "red"]), 1, "science").state
    s = run(encounter.engage, s, dice(), 2, pay={"combat": 1}).state
    s = run(encounter.engage, s, dice(), 3, pay={"combat": 1}).state
    assert engage_view(s)[3] == (2, "S")  # card 1 evaded: the icon comes from card 2


def test_cards_are_encountered_left_to_right():
    s = line(fresh(), ["G2C", "G2D", "G2S", "G3C"]).state
    with pytest.raises(RuleError, match="left to right"):
        encounter.engage(s, dice(), 2)
    with pytest.raises(InputError, match="cards 1-4"):
        encounter.evade(s, dice(), 5, "combat")


def test_a_missing_icon_asks_for_icon():
    s = line(fresh(), ["G2C", "G2", "G2S", "G3C"]).state
    with pytest.raises(RuleError, match="--icon"):
        encounter.engage(s, dice(), 1)
    assert run(encounter.engage, s, dice(), 1, icon="C").data["need"]["combat"] == 2


def test_a_card_without_strength_is_engaged_without_paying():
    s = line(fresh(), ["ES.PP", "G2D", "G2S", "G3C"]).state
    out = run(encounter.engage, s, dice(), 1)
    assert out.data["paid"] == {"combat": 0, "science": 0, "diplomacy": 0}
    assert out.state["line"][0]["status"] == "engaged"


# --- P3: paying -----------------------------------------------------------------------------

def test_engage_payment_with_the_matching_ability():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(), 1)  # default: point for point with Combat
    assert out.data["paid"]["combat"] == 2 and out.state["abilities"]["combat"]["value"] == 2


def test_engage_payment_two_points_of_one_ability_pay_one_of_another():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(), 1, pay={"combat": 1, "diplomacy": 2})
    assert out.state["abilities"]["combat"]["value"] == 3 and out.state["abilities"]["diplomacy"]["value"] == 1
    with pytest.raises(RuleError, match="does not cover"):
        encounter.engage(s, dice(), 1, pay={"combat": 1, "diplomacy": 1, "science": 1})  # pairs of ONE ability
    assert payment.covers({"combat": 2}, 0, {"diplomacy": 2, "science": 2})
    assert not payment.covers({"combat": 2}, 0, {"diplomacy": 3})


def test_engage_cannot_pay_more_than_an_ability_holds():
    s = line(fresh(), ["G5D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="Combat is only 4"):
        encounter.engage(s, dice(), 1, pay={"combat": 5})
    with pytest.raises(NeedChoice, match="--pay"):
        encounter.engage(s, dice(), 1)  # 5 Combat cannot be paid point for point


def test_a_payment_the_player_must_choose_lists_every_payment_that_works():
    """P3 leaves the choice to the player when point for point cannot pay: NeedChoice lists complete
    --pay answers, the fewest points first; each of them engages the card."""
    s = line(fresh(), ["G5D", "A3C", "G1S", "G2C"]).state  # 5 Combat; Combat 4, Science 3, Diplomacy 3
    with pytest.raises(NeedChoice) as asked:
        encounter.engage(s, dice(), 1)
    need = asked.value
    assert (need.option, need.param) == ("--pay", "pay")
    assert need.values == ["combat=4,diplomacy=2", "combat=4,science=2", "combat=3,science=2,diplomacy=2"]
    assert "--pay combat=4,diplomacy=2; --pay combat=4,science=2; --pay combat=3,science=2,diplomacy=2" in need.message
    for answer in need.values:  # the runtime runs the command again with the answer as typed
        out = run(encounter.engage, s, dice(), 1, pay=answer)
        assert out.data["paid"] == {**{"combat": 0, "science": 0, "diplomacy": 0}, **components.parse_payment(answer)}
    poor = with_abilities(s, combat=2, science=1, diplomacy=1)
    with pytest.raises(RuleError, match="nor 2 points for 1 .*: evade it"):
        encounter.engage(poor, dice(), 1)


def test_evade_asks_which_ability_pays():
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, science=0)
    with pytest.raises(NeedChoice, match="--pay is required: one of combat, diplomacy") as asked:
        encounter.evade(s, dice(), 1)
    assert asked.value.values == ["combat", "diplomacy"]
    assert run(encounter.evade, s, dice(draws=["red", "red"]), 1, pay="diplomacy").data["paid"] == "diplomacy"


def test_engage_overpayment_is_allowed_and_noted():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(), 1, pay={"combat": 3})
    assert any("more than needed" in m for m in out.lines)


def test_loss_when_two_abilities_reach_zero_during_an_encounter():
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, science=0)
    out = run(encounter.engage, s, dice(), 1, pay={"combat": 4})
    assert out.state["phase"] == "over" and out.state["result"] == "lost"
    with pytest.raises(RuleError, match="over"):
        encounter.evade(out.state, dice(), 2, "diplomacy")
    # journal never proposes a losing payment on its own
    s2 = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, science=0, combat=2)
    with pytest.raises(NeedChoice, match="lose the game") as asked:
        encounter.engage(s2, dice(), 1)
    assert asked.value.values == ["combat=1,diplomacy=2"]  # the payment that does not lose


def test_loss_from_an_evade_and_from_a_hand_set_ability():
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, science=0, combat=1, diplomacy=1)
    out = run(encounter.evade, s, dice(draws=["red", "blue"]), 1, "combat")
    assert out.state["result"] == "lost"
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, science=0)
    assert run(by_hand.set_ability, s, dice(), "combat", value=0).state["result"] == "lost"


def test_two_abilities_at_zero_when_the_next_encounter_begins_lose():
    s = with_abilities(fresh(), science=0, diplomacy=0)
    out = line(s, ["G2D", "A3C", "G1S", "G2C"])
    assert out.state["result"] == "lost" and out.state["decks"] == [16, 16, 16]


# --- captain's dice -----------------------------------------------------------------------------

def test_captains_dice_add_engage_strength_as_their_faces_say():
    s = line(fresh(), ["G4D", "A3C", "G1S", "G2C"]).state  # 4 Combat; red die on 6: +3 vs Combat
    out = run(encounter.engage, s, dice(), 1, dice_used=[("red", None, None)], pay={"combat": 1})
    assert out.data["dice_bonus"]["combat"] == 3 and out.state["abilities"]["combat"]["value"] == 3
    assert out.state["dice"]["red"] == 5  # turned down one face


def test_dice_against_any_type_cover_any_icon():
    s = line(fresh(faces={"gray": 3, "red": 4}), ["G3D", "A3S", "G1S", "G2D"]).state  # 3 Science; red 4: +2 any
    out = run(encounter.engage, s, dice(), 1, dice_used=[("red", 4, 1)])
    assert out.data["dice_any"] == 2 and out.data["paid"]["science"] == 1 and out.state["dice"]["red"] == 1


def test_a_die_that_cannot_help_is_refused():
    s = line(fresh(), ["G2D", "A3S", "G1S", "G2C"]).state  # 2 Science: red 6 is +3 vs Combat
    with pytest.raises(RuleError, match="would not help"):
        encounter.engage(s, dice(), 1, dice_used=[("red", None, None)])


def test_a_used_die_turns_down_and_may_skip_faces_and_stays_at_its_lowest():
    s = line(fresh(), ["G4D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(), 1, dice_used=[("red", 6, 3)], pay={"combat": 1})
    assert out.state["dice"]["red"] == 3
    with pytest.raises(InputError, match="lower face"):
        encounter.engage(s, dice(), 1, dice_used=[("red", 6, 6)], pay={"combat": 1})
    s1 = copy.deepcopy(s)
    s1["dice"]["red"] = 1
    out = run(encounter.engage, s1, dice(), 1, dice_used=[("red", 1, None)], pay={"combat": 3})
    assert out.state["dice"]["red"] == 1


def test_the_face_typed_must_match_the_save():
    s = line(fresh(), ["G4D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="pulp die red --to 4"):
        encounter.engage(s, dice(), 1, dice_used=[("red", 4, None)])
    with pytest.raises(RuleError, match="no blue die"):
        encounter.engage(s, dice(), 1, dice_used=[("blue", None, None)])


def test_artificial_intelligence_rolls_an_unowned_crew_die_for_this_engage():
    s = line(fresh(chosen=("orange", "yellow"), faces={"yellow": 1}), ["G4D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(6), 1, dice_used=[("yellow", None, None)], pay={"combat": 1})
    assert out.data["dice"][0]["rolled"] == {"red": 6} and out.data["dice_bonus"]["combat"] == 3
    assert out.state["dice"] == {"orange": 6, "yellow": 1}
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 1}), ["G4D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="is yours"):
        encounter.engage(s, dice(6), 1, dice_used=[("yellow", None, None)])


def test_artificial_intelligence_rerolls_a_die_when_engaging_an_agent():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 4, "red": 2}), ["A4D", "G3C", "G1S", "G2C"]).state
    out = run(captains_dice.die, s, dice(5), "yellow", use=True, target="red")
    assert out.state["dice"] == {"red": 5, "yellow": 3}
    s2 = line(fresh(chosen=("red", "yellow"), faces={"yellow": 4}), ["G4D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="Agent"):
        captains_dice.die(s2, dice(5), "yellow", use=True, target="red")


def test_artificial_intelligence_swaps_a_die_on_a_guardforce_with_a_planet_icon():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 2}), ["G4D.P", "A3C", "G1S", "G2C"]).state
    out = run(captains_dice.die, s, dice(4), "yellow", use=True, target="red", swap_for="blue")
    assert out.state["dice"] == {"yellow": 1, "blue": 4}


def test_scanning_technology_understands_a_weapon():
    s = line(fresh(faces={"gray": 3}), ["G4D", "A3C", "G1S", "G2C"]).state
    s["weapons"] = [{"cubes": {"yellow": 1}, "understood": False, "used": False, "needs": {"red": 3}}]
    s["bag"]["yellow"] -= 1
    out = run(captains_dice.die, s, dice(), "gray", use=True, weapon=1)
    assert out.state["weapons"][0]["understood"] is True and out.state["dice"]["gray"] == 2


def test_engineer_upgrades_a_systems_die():
    s = line(fresh(captain="Mina Tormelson", chosen=("orange", "gray", "yellow"),
                   faces={"orange": 2, "gray": 3, "yellow": 5}), ["G4D", "A3C", "G1S", "G2C"]).state
    out = run(captains_dice.die, s, dice(), "orange", use=True, target="gray")
    assert out.state["dice"] == {"orange": 1, "gray": 4, "yellow": 5}
    s2 = line(fresh(chosen=("orange", "gray"), faces={"gray": 3}), ["G4D", "A3S", "G1S", "G2C"]).state
    out = run(encounter.engage, s2, dice(), 1, dice_used=[("orange", 6, None)], pay={"science": 2})
    assert out.state["dice"] == {"orange": 5, "gray": 5} and out.data["dice_bonus"]["science"] == 2


def test_a_die_set_by_hand_or_rerolled():
    s = fresh()
    assert run(captains_dice.die, s, dice(), "red", to=2).state["dice"]["red"] == 2
    assert run(captains_dice.die, s, dice(5), "gray", reroll=True).state["dice"]["gray"] == 5


# --- P4: evade --------------------------------------------------------------------------------

def test_evade_pays_one_point_and_draws_two_cubes():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.evade, s, dice(draws=["red", "blue"]), 1, "science")
    ab = out.state["abilities"]
    assert (ab["combat"]["value"], ab["science"]["value"], ab["diplomacy"]["value"]) == (3, 2, 2)
    assert out.state["supply"]["red"] == s["supply"]["red"] + 1 and out.state["bag"]["red"] == s["bag"]["red"] - 1
    assert out.state["line"][0]["status"] == "evaded"


def test_evade_yellow_white_and_black_go_back_and_are_redrawn():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.evade, s, dice(draws=["yellow", "black", "red", "white", "orange"]), 1, "diplomacy")
    assert out.data["hits"] == ["red", "orange"] and out.data["redrawn"] == ["yellow", "black", "white"]
    assert out.state["bag"]["yellow"] == s["bag"]["yellow"] and out.state["bag"]["black"] == s["bag"]["black"]


def test_evade_at_zero_the_cube_is_ignored_but_leaves_the_bag():
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, combat=0)
    out = run(encounter.evade, s, dice(draws=["red", "orange"]), 1, "diplomacy")
    assert out.state["abilities"]["combat"]["value"] == 0 and out.state["supply"]["red"] == s["supply"]["red"] + 1
    assert any("ignored" in m for m in out.lines)


def test_evade_stops_when_the_bag_holds_no_red_orange_or_blue():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    for c in ("red", "orange", "blue"):
        s["supply"][c] += s["bag"][c]
        s["bag"][c] = 0
    s["bag"]["red"], s["supply"]["red"] = 1, s["supply"]["red"] - 1
    out = run(encounter.evade, s, dice(draws=["white", "red"]), 1, "diplomacy")
    assert out.data["hits"] == ["red"] and any("stops" in m for m in out.lines)


def test_evade_entered_draws_are_checked_and_must_be_complete():
    s = line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state
    s["supply"]["yellow"] += s["bag"]["yellow"]
    s["bag"]["yellow"] = 0
    with pytest.raises(InputError, match="holds no yellow"):
        encounter.evade(s, dice(draws=["yellow"]), 1, "combat")
    with pytest.raises(InputError, match="type every cube"):
        encounter.evade(s, dice(draws=["red", "white"]), 1, "combat")


def test_evade_pays_with_an_ability_above_zero():
    s = with_abilities(line(fresh(), ["G2D", "A3C", "G1S", "G2C"]).state, combat=0)
    with pytest.raises(RuleError, match="Combat is 0"):
        encounter.evade(s, dice(draws=["red", "red"]), 1, "combat")


def test_evade_dice_remove_cubes_from_the_bag_first():
    s = line(fresh(faces={"red": 5, "gray": 2}), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.evade, s, dice(draws=["red", "blue"]), 1, "combat",
              dice_used=[("red", None, None), ("gray", None, None)], take=["black"])
    assert out.state["bag"]["white"] == s["bag"]["white"] - 2 and out.state["bag"]["black"] == s["bag"]["black"] - 1
    assert out.state["dice"] == {"red": 4, "gray": 1}
    with pytest.raises(RuleError, match="cannot take a yellow"):
        encounter.evade(s, dice(draws=["red", "blue"]), 1, "combat", dice_used=[("gray", None, None)], take=["yellow"])
    s4 = line(fresh(faces={"gray": 4}), ["G2D", "A3C", "G1S", "G2C"]).state
    out = run(encounter.evade, s4, dice(draws=["white", "red", "blue"]), 1, "combat", dice_used=[("gray", None, None)])
    assert out.state["supply"]["white"] == s4["supply"]["white"] + 1


# --- P5: planet search ----------------------------------------------------------------------------

def searching(cards=("G1D.PP", "A1C.P", "G1S.PO", "G1C.K"), evade=(), **kw) -> dict:
    s = line(fresh(**kw), list(cards)).state
    s = with_abilities(s, combat=6, science=5, diplomacy=5)
    for i in range(len(s["line"])):
        if i + 1 in evade:
            s = run(encounter.evade, s, dice(draws=["red", "red"]), i + 1, "combat").state
        else:
            s = run(encounter.engage, s, dice(), i + 1, pay={"combat": 1, "science": 1, "diplomacy": 1}).state
    assert s["phase"] == "search"
    return s


def test_search_draws_one_cube_per_planet_icon_on_cards_not_evaded():
    s = searching(evade=(2,))
    count, _ = planet_search.search_count(s)
    assert count == 3  # PP + P; the evaded card's P is disregarded
    out = run(planet_search.search, s, dice(draws=["white", "red", "white"]))
    assert out.data["count"] == 3 and out.state["bag"]["white"] == s["bag"]["white"]
    assert out.state["drawn"]["red"] == 1 and out.state["phase"] == "searched"


def test_search_extra_cubes_and_dice_modify_the_count():
    s = searching(evade=(2,), chosen=("blue", "gray"), faces={"blue": 3, "gray": 5})
    assert planet_search.search_count(s, 1)[0] == 4
    out = run(planet_search.search, s, dice(), extra=-1, dice_used=[("blue", None, None), ("gray", None, None)])
    assert out.data["count"] == 3 + 1 + 1 - 1 and out.state["dice"] == {"blue": 2, "gray": 4}


def test_search_white_cubes_return_after_the_search():
    s = searching()
    s["supply"]["white"] += s["bag"]["white"] - 2
    s["bag"]["white"] = 2
    out = run(planet_search.search, s, dice(draws=["white", "white", "red", "blue"]))
    assert out.state["bag"]["white"] == 2 and out.data["drawn"] == ["white", "white", "red", "blue"]


def test_search_yellow_finds_a_super_weapon_with_its_cube():
    s = searching()
    out = run(planet_search.search, s, dice(draws=["yellow", "red", "yellow", "black"]))
    assert len(out.state["weapons"]) == 2
    assert out.state["weapons"][0] == {"cubes": {"yellow": 1}, "understood": False, "used": False}
    assert out.state["quietus"] == 1 and out.data["weapons_found"] == [1, 2]


def test_search_black_past_the_quietus_costs_an_ability_point():
    s = searching()
    s["decks"][0] = 0  # P6: past the Quietus
    out = run(planet_search.search, s, dice(draws=["black", "red", "black", "red"]))
    assert out.state["quietus"] == 0 and out.state["drawn"]["black"] == 2
    with pytest.raises(RuleError, match="black"):
        round_end.end_round(out.state, dice())
    s2 = run(planet_search.assign, out.state, dice(), "k", lose="science").state
    assert s2["abilities"]["science"]["value"] == out.state["abilities"]["science"]["value"] - 1
    assert s2["supply"]["black"] == out.state["supply"]["black"] + 1


def test_black_past_the_quietus_is_automatic_when_there_is_no_choice():
    s = with_abilities(searching(), combat=0, diplomacy=0, science=2)
    s["decks"][0] = 0
    out = run(planet_search.search, s, dice(draws=["black", "red", "red", "red"]))
    assert out.state["abilities"]["science"]["value"] == 1 and out.state["drawn"]["black"] == 0


def test_assign_adds_to_an_ability_up_to_its_maximum():
    s = with_abilities(searching(), combat=5)
    s = run(planet_search.search, s, dice(draws=["red", "red", "white", "blue"])).state
    s = run(planet_search.assign, s, dice(), "r", ability=True).state
    assert s["abilities"]["combat"]["value"] == 6
    with pytest.raises(RuleError, match="maximum 6"):
        planet_search.assign(s, dice(), "r", ability=True)
    s = run(planet_search.assign, s, dice(), "r", supply=True).state
    with pytest.raises(RuleError, match="no red cube"):
        planet_search.assign(s, dice(), "r", ability=True)


def test_a_super_weapon_is_understood_when_its_cubes_are_placed():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="--needs"):
        planet_search.assign(s, dice(), "r", weapon=1)
    s = run(planet_search.weapon, s, dice(), 1, needs={"red": 2}).state
    s = run(planet_search.assign, s, dice(), "r", weapon=1).state
    assert s["weapons"][0]["understood"] is False
    with pytest.raises(RuleError, match="needs 0 blue"):
        planet_search.assign(s, dice(), "b", weapon=1)
    out = run(planet_search.assign, s, dice(), "r", weapon=1)
    assert out.state["weapons"][0] == {"cubes": {"yellow": 1, "red": 2}, "understood": True, "used": False,
                                       "needs": {"red": 2}}
    assert any("Understood" in m for m in out.lines)


def test_a_weapon_without_requirement_works_at_once_and_is_used_once_per_encounter_phase():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    s = run(planet_search.weapon, s, dice(), 1, needs={}).state
    assert s["weapons"][0]["understood"] is True
    s = round_end.end_round(s, dice()).state
    s = line(s, ["G1C", "G1C", "G1C", "G1D"]).state
    s = run(planet_search.weapon, s, dice(), 1, use=True).state
    with pytest.raises(RuleError, match="already used"):
        planet_search.weapon(s, dice(), 1, use=True)


def test_finding_every_super_weapon_wins():
    s = searching(level="basic")
    s["weapons"] = [{"cubes": {"yellow": 1}, "understood": False, "used": False} for _ in range(3)]
    s["bag"]["yellow"] -= 3
    out = run(planet_search.search, s, dice(draws=["red", "yellow", "white", "blue"]))
    assert out.state["phase"] == "over" and out.state["result"] == "won"
    assert any("you win" in m for m in out.lines)


# --- round end and P6 ---------------------------------------------------------------------------

def test_round_end_keys_and_codes_of_engaged_cards_go_to_the_hand():
    s = run(planet_search.search, searching(evade=(1,)), dice(draws=["red", "white", "blue"])).state
    out = run(round_end.end_round, s, dice())
    assert out.state["hand"] == ["G1S.PO", "G1C.K"]  # the evaded card keeps nothing
    assert out.state["drawn"] == {"red": 0, "orange": 0, "blue": 0, "black": 0}
    assert out.state["supply"]["red"] == s["supply"]["red"] + 1
    assert out.state["line"] == [] and "planet" not in out.state and out.state["planets"]["searched"] == ["Mars"]
    assert run(round_end.end_round, s, dice(), leave=[4]).state["hand"] == ["G1S.PO"]


def test_spending_keys_and_codes_for_a_planet_action():
    s = searching()
    s["hand"] = ["G1C.K", "A2S.PKO", "E.O"]
    out = run(planet_search.search, s, dice(draws=["red", "red", "red", "red"]), spend=["K", "O"])
    assert out.state["hand"] == ["A2S.PKO"]
    with pytest.raises(RuleError, match="no Key card"):
        planet_search.search(out.state | {"phase": "search", "drawn": s["drawn"]}, dice(), spend=["K", "K"])


def test_an_empty_deck_moves_play_to_the_next_alien():
    s = fresh()
    for _ in range(4):
        s = line(s, ["G1C", "G1C", "G1C", "G1D"]).state
        s = round_end.end_round(_resolve_all(s), dice()).state
    assert s["decks"] == [0, 16, 16] and s["alien"] == 1 and model.past_quietus(s)


def test_past_the_quietus_means_its_deck_is_empty():
    s = fresh(aliens=[("Kah", None), ("The Quietus", None), ("Zorn", None)])
    assert not model.past_quietus(s)
    s["decks"] = [0, 0, 16]
    s["alien"] = 2
    assert model.past_quietus(s)


def test_the_game_is_lost_when_the_decks_are_exhausted():
    s = fresh()
    s["decks"], s["alien"] = [0, 0, 4], 2
    s = line(s, ["G1C", "G1C", "G1C", "G1D"]).state
    out = run(round_end.end_round, _resolve_all(s), dice())
    assert out.state["result"] == "lost" and out.state["phase"] == "over"


# --- set by hand (A2) -------------------------------------------------------------------------------

def test_every_tracker_can_be_set_by_hand():
    s = fresh()
    assert run(by_hand.set_ability, s, dice(), "combat", delta=-2).state["abilities"]["combat"]["value"] == 2
    assert run(by_hand.set_ability, s, dice(), "science", delta=9).state["abilities"]["science"]["value"] == 5
    assert run(by_hand.set_ability, s, dice(), "d", maximum=7, value=7).state["abilities"]["diplomacy"] == \
        {"value": 7, "max": 7}
    out = run(by_hand.move_cubes, s, dice(), ["black", "black"], "supply", "bag")
    assert out.state["bag"]["black"] == 6
    assert run(by_hand.move_cubes, s, dice(), ["black"], "bag", "quietus").state["quietus"] == 1
    with pytest.raises(RuleError, match="only black"):
        by_hand.move_cubes(s, dice(), ["red"], "bag", "quietus")
    assert run(by_hand.set_deck, s, dice(), 2, delta=-3).state["decks"] == [16, 13, 16]
    assert run(by_hand.set_deck, s, dice(), 1, value=0).state["alien"] == 1
    assert run(by_hand.set_planets, s, dice(), face_up=1, deck=5).state["planets"]["face_up"] == 1
    assert run(by_hand.hand, s, dice(), gain="G2C.K").state["hand"] == ["G2C.K"]
    s2 = run(by_hand.set_location, s, dice(), "l.rb").state
    assert s2["location"] == "L.rb" and "location" not in run(by_hand.set_location, s2, dice(), discard=True).state
    with pytest.raises(InputError, match="not a Location"):
        by_hand.set_location(s, dice(), "G2C")


def test_cubes_moved_by_hand_are_conserved_and_checked_on_weapons():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="not recorded"):
        by_hand.move_cubes(s, dice(), ["red"], "supply", "weapon", dst_weapon=1)
    s = run(planet_search.weapon, s, dice(), 1, needs={"red": 1}).state
    out = run(by_hand.move_cubes, s, dice(), ["red"], "supply", "weapon", dst_weapon=1)
    assert out.state["weapons"][0]["understood"] is True and cubes_total(out.state) == components.TOTALS


# --- validate: hand edits are named ------------------------------------------------------------------

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
    (lambda s: s.update(hand=["G2C"]), "state.hand[0] = \"G2C\" has no Key"),
    (lambda s: s.update(location="G2C"), "not a Location card"),
])
def test_validate_names_the_key_of_each_hand_edit_mistake(edit, message):
    s = fresh()
    edit(s)
    problems = game.validate(s)
    assert any(message in p for p in problems), problems


def test_validate_checks_the_line_against_rulings_p2():
    s = line(fresh(), ["G2D", "A4C", "ES", "G2C"]).state
    s["line"][0]["engage_icon"] = "D"  # derived (P2), never stored since schema 2
    assert any("state.line[0].engage_icon is not a known key" in p for p in game.validate(s))
    s = line(fresh(), ["G2D", "A4C", "ES", "G2C"]).state
    s["line"][0]["icon_override"] = "D"  # only an engaged card keeps the icon a card's text set
    assert any("state.line[0].icon_override: only an engaged card" in p for p in game.validate(s))
    s = line(fresh(), ["G2D", "A4C", "ES", "G2C"]).state
    s["line"][1]["card"] = "A4Q"
    assert any("state.line[1].card" in p and "G2C.r.PK" in p for p in game.validate(s))


def test_an_engaged_card_keeps_the_icon_it_was_encountered_with():
    """Derived, not stored: card 1 engaged with card 2's icon keeps it when card 2 is evaded later;
    only an icon a card's text set (--icon) is stored (icon_override)."""
    s = line(fresh(), ["G1D", "A1C", "G1S", "G2S"]).state
    s = run(encounter.engage, s, dice(), 1, pay={"combat": 1}).state
    s = run(encounter.evade, s, dice(draws=["red", "blue"]), 2, "science").state
    assert engage_view(s) == [(1, "C"), (1, "S"), (1, "S"), (2, "D")]
    assert all("engage_strength" not in c and "engage_icon" not in c and "icon_override" not in c
               for c in s["line"])
    s = run(encounter.engage, s, dice(), 3, pay={"diplomacy": 1}, icon="D").state
    assert s["line"][2]["icon_override"] == "D" and engage_view(s)[2] == (1, "D")
    s = run(encounter.engage, with_abilities(s, diplomacy=4), dice(), 4, pay={"diplomacy": 2}, icon="D").state
    assert "icon_override" not in s["line"][3]  # --icon as the line gives it: nothing to record


def test_bag_odds_for_the_next_draws():
    s = fresh()  # 4 red of 26 cubes (normal)
    o = odds.bag_odds(s, 1)
    assert o["total"] == 26 and o["colours"]["red"]["next"] == pytest.approx(4 / 26)
    o = odds.bag_odds(s, 3)
    assert o["colours"]["red"]["at_least_one"] == pytest.approx(1 - (22 * 21 * 20) / (26 * 25 * 24))
    assert o["colours"]["yellow"]["expected"] == pytest.approx(3 * 5 / 26)


# --- more of the captain's dice ----------------------------------------------------------------

def test_a_die_face_used_in_the_wrong_place_says_where_it_belongs():
    s = line(fresh(chosen=("blue", "gray"), faces={"blue": 1, "gray": 2}), ["G2D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="pulp search --die blue"):
        encounter.engage(s, dice(), 1, dice_used=[("blue", None, None)])
    with pytest.raises(RuleError, match="pulp evade POS --die gray"):
        encounter.engage(s, dice(), 1, dice_used=[("gray", None, None)])
    with pytest.raises(RuleError, match="pulp search --die blue"):
        captains_dice.die(s, dice(), "blue", use=True)
    with pytest.raises(RuleError, match="during the Encounter phase"):
        captains_dice.die(fresh(), dice(), "red", use=True)


def test_scanning_technology_6_turns_only_when_a_yellow_is_drawn():
    s = searching(chosen=("red", "gray"), faces={"gray": 6})
    out = run(planet_search.search, s, dice(draws=["red", "white", "blue", "black"]), dice_used=[("gray", None, None)])
    assert out.state["dice"]["gray"] == 6
    out = run(planet_search.search, s, dice(draws=["red", "yellow", "blue", "black"]), dice_used=[("gray", 6, 4)])
    assert out.state["dice"]["gray"] == 4 and any("choose which Super Weapon" in m for m in out.lines)


def test_scanning_technology_1_needs_an_evaded_planet_icon():
    s = searching(faces={"gray": 1})
    with pytest.raises(RuleError, match="no evaded card"):
        planet_search.search(s, dice(), dice_used=[("gray", None, None)])
    s = searching(evade=(1,), faces={"gray": 1})
    assert planet_search.search_count(s, 0, [("gray", 1)])[0] == 2 + 1  # A1C.P and G1S.PO, + 1 of the evaded PP


def test_engineer_2_upgrades_instead_of_adding_strength_when_told():
    s = line(fresh(chosen=("orange", "gray"), faces={"orange": 2, "gray": 3}), ["G1D", "A3S", "G1S", "G2C"]).state
    out = run(encounter.engage, s, dice(), 1, dice_used=[("orange", None, None)], upgrade="gray", pay={"science": 1})
    assert out.state["dice"] == {"orange": 1, "gray": 4} and out.data["dice_bonus"]["science"] == 0
    out = run(encounter.engage, s, dice(), 1, dice_used=[("orange", None, None)])
    assert out.state["dice"] == {"orange": 1, "gray": 3} and out.data["paid"]["science"] == 0
    with pytest.raises(InputError, match="only the orange die on 2 or 6"):
        encounter.engage(s, dice(), 1, upgrade="gray", pay={"science": 1})


def test_artificial_intelligence_swap_needs_a_guardforce_with_a_planet_icon():
    s = line(fresh(chosen=("red", "yellow"), faces={"yellow": 2}), ["G4D", "A3C", "G1S", "G2C"]).state
    with pytest.raises(RuleError, match="planet icon"):
        captains_dice.die(s, dice(4), "yellow", use=True, target="red", swap_for="blue")


def test_weapons_by_hand_and_their_use_in_the_encounter_phase():
    s = run(planet_search.search, searching(), dice(draws=["yellow", "red", "red", "blue"])).state
    with pytest.raises(RuleError, match="Encounter phase"):
        planet_search.weapon(s, dice(), 1, understood=True, use=True)
    s = run(planet_search.weapon, s, dice(), 1, understood=True).state
    assert s["weapons"][0]["understood"] is True
    with pytest.raises(InputError, match="weapons 1-1"):
        planet_search.weapon(s, dice(), 2, name="X")


def test_a_deck_behind_you_stays_empty():
    s = fresh()
    s["decks"], s["alien"] = [0, 16, 16], 1
    with pytest.raises(RuleError, match="behind you"):
        by_hand.set_deck(s, dice(), 1, value=3)


def test_the_last_round_in_the_quietus_sector_says_black_cubes_now_cost():
    s = fresh()
    s["decks"][0] = 4
    out = line(s, ["G1C", "G1C", "G1C", "G1D"])
    assert any("past The Quietus" in m for m in out.lines) and model.past_quietus(out.state)
