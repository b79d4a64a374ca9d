"""War Titans: one test per rule (rulebook and rules notes T1-T7, A1-A2), rulebook examples as cases."""

from __future__ import annotations

import pytest
from titans_helpers import (typed, table, BOARD, DICE_TABLE, INVADERS, RIFT_TYPES, TITANS, apply, dice, do, fighting,
                            fresh, put, started, with_threat)

from journal import templates
from journal.games.titans.cli import files
from journal.games.titans.cli import byhand as cli_byhand
from journal.games.titans.cli import fight as cli_fight
from journal.games.titans.cli import setup as cli_setup
from journal.games.titans.cli import upgrade as cli_upgrade
from journal.games.titans.cli.ending import read_assign
from journal.games.titans.rules.ending import Assignment
from journal_testing import TITANS_NEW
from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.rules import board, byhand, checks, ending, fight, model, opening, order, pilots, rifts, setup, turn
from journal.games.titans.rules import upgrade as upgrade_phase
from journal.games.titans.rules.fight import Attack, Repair


RAW_CITIES = templates.load("titans", "board-sample.toml")["cities"]


def upgrade(state):
    return do(turn.next_phase, state) if state["phase"] == "fight" else do(turn.next_phase, do(turn.next_phase, state))


def passed(state, *players):
    """Players who pass their turn first, so a later one may act (the order from the Lead Character)."""
    for p in players:
        state = do(turn.pass_turn, state, p)
    return state


# --- set-up (T5, T1) ------------------------------------------------------------------------

def test_setup_two_players_reward_2_pawns_start_in_the_lair():
    s = fresh(2)
    north = s["rifts"]["North"]
    assert north["type"] == "Flying"
    assert north["guardians"] == ["F1", "F2", "F5"] and north["lair"] == ["F3", "F4"]


def test_setup_three_players_one_reward_2_pawn_per_type_in_the_lair():
    s = fresh(3)
    for r in s["rifts"].values():
        assert len(r["guardians"]) == 4 and len(r["lair"]) == 1
        assert s["cards"][r["lair"][0]]["reward"] == 2


def test_setup_four_players_every_pawn_on_the_rift():
    s = fresh(4)
    for r in s["rifts"].values():
        assert len(r["guardians"]) == 5 and r["lair"] == []


def test_setup_solo_game_sets_up_as_two_players():
    s = fresh(1)
    assert len(s["players"]) == 1
    assert s["rifts"]["West"]["guardians"] == ["T1", "T2", "T5"]


def test_setup_guardians_stand_in_spot_order_by_reward_value():
    s = fresh(3)
    rewards = [s["cards"][p]["reward"] for p in s["rifts"]["South"]["guardians"]]
    assert rewards == sorted(rewards) == [1, 1, 2, 3]


def test_setup_alert_token_on_the_numberless_first_green_step():
    s = fresh()
    assert (s["threat"], s["turn"], s["phase"]) == (0, 0, "setup") and "tier" not in s    # derived, not stored
    assert game.public_state(s)["tier"] == "green"


def test_setup_decks_as_counts():
    d = fresh(3)["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (72, 0, 0)
    assert (d["tech"], d["tech_face_up"], d["tech_discard"], d["final"]) == (72, 3, 0, 4)
    assert (d["pilots"], d["pilot_discard"]) == (8 - 2 * 3, 3)   # two dealt each, one kept


def test_setup_rift_types_are_drawn_when_not_given():
    out = setup.new(table([TITANS[0]], rift_types={"North": "Flying"}), dice())
    kinds = [r["type"] for r in out.state["rifts"].values()]
    assert out.state["rifts"]["North"]["type"] == "Flying" and sorted(kinds) == sorted(RIFT_TYPES.values())
    assert len(out.state["cards"]) == 20 and not game.validate(out.state)


def test_setup_drawn_rift_types_can_be_entered_as_physical_draws():
    from journal.dice import Dice

    d = Dice(1, 0, draws=["Terrestrial", "Mechanical", "Amphibious", "Flying"])
    s = setup.new(table([TITANS[0]], rift_types={}), d).state
    assert [r["type"] for r in s["rifts"].values()] == ["Terrestrial", "Mechanical", "Amphibious", "Flying"]
    assert all(r.source == "entered" for r in d.rolls)


@pytest.mark.parametrize("specs,players,message", [
    ([], 2, "--titan is required"),
    ([TITANS[0]], 2, "one Titan per player"),
    ([TITANS[0]] * 2, 2, "used twice"),
    ([{**TITANS[0], "player": "Atlas"}], 1, "different names"),
    ([{k: v for k, v in TITANS[0].items() if k != "repair"}], 1, "repair=N is missing"),
    ([{**TITANS[0], "color": "purple"}], 1, "not one of blue"),
    ([{**TITANS[0], "color": "red"}, {**TITANS[1], "color": "red"}], 2, "red supports are taken"),
    ([TITANS[0]], 5, "outside 1..4"),
    ([{**TITANS[0], "city": "Atlantis"}], 1, "'Atlantis' is not a city"),
])
def test_new_refuses_a_bad_set_up(specs, players, message):
    with pytest.raises(InputError, match=message):
        cli_setup.read_titans([dict(t) for t in specs], players, BOARD["cities"])


def test_new_refuses_two_rifts_with_one_type():
    with pytest.raises(InputError, match="on another rift"):
        cli_setup.read_rift_types(["North=Flying", "South=flying"], BOARD["rifts"], INVADERS["types"])


@pytest.mark.parametrize("doc,message", [
    ({"cities": {"A": {"type": "metropolis", "yellow": "B", "green": "C"}}}, "at least two"),
    ({"cities": {"A": {"type": "village", "yellow": "B", "green": "B"}, "B": {}}, "rifts": {"R": {}}},
     "cities.A.type"),
    ({"cities": {"A": {"type": "refuge", "yellow": "B", "green": "B"},
                 "B": {"type": "refuge", "yellow": "A", "green": "A"}}, "rifts": {"R": {"threatens": ["A"]}}},
     "same city"),
    ({"cities": {"A": {"type": "refuge", "yellow": "Z", "green": "B"},
                 "B": {"type": "refuge", "yellow": "A", "green": "C"}}, "rifts": {"R": {"threatens": ["A"]}}},
     "cities.A.yellow"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Atlantis"]}}}, "rifts.R.threatens"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Tokyo"], "size": 3}}}, "rifts.R.size"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Tokyo"]}}, "extra": 1}, "extra is not a known key"),
])
def test_board_file_mistakes_name_the_key(doc, message):
    with pytest.raises(InputError, match=message):
        files.load_board(doc, "board")


def test_board_file_round_trip_keeps_trails():
    cities, rifts = files.load_board({"cities": {"A": {"type": "refuge", "yellow": "B", "green": "C", "trails": ["C"]},
                                                 "B": {"type": "metropolis", "yellow": "A", "green": "C"},
                                                 "C": {"type": "metropolis", "yellow": "A", "green": "B"}},
                                      "rifts": {"R": {"threatens": ["A", "B"]}}})
    assert cities["A"] == {"type": "refuge", "damage": 0, "destroyed": False, "yellow": "B", "green": "C",
                           "trails": ["C"]}
    assert rifts == {"R": {"threatens": ["A", "B"]}}


def _card(**over):
    sec = {"hp": 2, "dmg": 1}
    return {"reward": 1, "green": dict(sec), "white": dict(sec), "blue": dict(sec), "red": dict(sec), **over}


@pytest.mark.parametrize("doc,message", [
    ({"X": {"category": "crawling", "card": [_card()] * 5}}, "X.category"),
    ({"X": {"category": "flying", "card": [_card()] * 4}}, "5 \\[\\[X.card\\]\\]"),
    ({"X": {"category": "flying", "card": [_card(reward=4)] * 5}}, "X.card\\[1\\].reward = 4 is outside 1..3"),
    ({"X": {"category": "flying", "card": [_card(red={"hp": 2, "dmg": 1, "immune": ["fire"]})] * 5}},
     "red.immune"),
    ({"X": {"category": "flying", "card": [_card(blue=None)] * 5}}, "blue is missing"),
    ({"X": {"category": "flying", "code": "F", "card": [_card()] * 5},
      "Y": {"category": "flying", "code": "F", "card": [_card()] * 5}}, "Y.code"),
])
def test_invaders_file_mistakes_name_the_key(doc, message):
    if doc.get("X", {}).get("card") and doc["X"]["card"][0].get("blue", 1) is None:
        doc["X"]["card"] = [{k: v for k, v in c.items() if k != "blue"} for c in doc["X"]["card"]]
    with pytest.raises(InputError, match=message):
        files.load_invaders(doc, "invaders")


def test_invaders_file_keeps_per_section_values():
    types, cards = INVADERS["types"], INVADERS["cards"]
    assert types["Mechanical"] == {"category": "mechanical", "code": "M"}
    assert cards["M5"]["reward"] == 3 and cards["M5"]["hp"] == [4, 5, 6, 7] and cards["M5"]["dmg"] == [2, 2, 3, 3]
    assert cards["M3"]["immune"] == [[], [], [], ["energy"]] and "immune" not in cards["M1"]


def _equipped(state, titan="Atlas", **cards):
    """Tech Cards set on a sheet by hand (taken from the deck, so the 75 cards add up)."""
    for name, c in cards.items():
        state["titans"][titan]["tech"][name] = c
        state["decks"]["tech"] -= 1
    return state


# --- THREAT (T1, T2, T4) ----------------------------------------------------------------------

@pytest.mark.parametrize("threat,expected", [(0, "green"), (5, "green"), (6, "white"), (10, "white"), (11, "blue"),
                                             (15, "blue"), (16, "red"), (20, "red"), (21, "red")])
def test_threat_tiers(threat, expected):
    assert model.tier(threat) == expected


@pytest.mark.parametrize("threat,section,hp,dmg", [(3, "green", 3, 1), (7, "white", 4, 2), (12, "blue", 5, 2),
                                                  (18, "red", 6, 3)])
def test_invader_card_section_follows_the_tier(threat, section, hp, dmg):
    s = with_threat(fresh(), threat)
    st = model.stats(s, "F3")                # reward 2: hp 3/4/5/6, dmg 1/2/2/3
    assert (st["section"], st["hp"], st["dmg"]) == (section, hp, dmg)


def test_threat_reaching_21_loses_at_once():
    s = with_threat(started(), 20)
    out = apply(byhand.threat, s, delta=3, reason="Episode card")
    assert out.state["threat"] == 21 and out.state["phase"] == "over" and out.state["result"] == "lost"
    assert "sixth" in out.state["reason"]
    with pytest.raises(RuleError, match="over"):
        opening.opening(out.state, dice())


def test_threat_never_below_zero():
    out = apply(byhand.threat, fresh(), delta=-3, reason="card")
    assert out.state["threat"] == 0 and "THREAT stays at 0" in out.lines[0]


def test_threat_command_needs_a_change_and_takes_an_optional_reason(journal):
    journal(*TITANS_NEW, ok=True)
    out = apply(byhand.threat, fresh(), delta=1, reason=" ")
    assert out.state["threat"] == 1 and "THREAT 0 → 1 (by hand): move the Alert Token up." in out.lines
    r = journal("titans", "threat", "-s", "t", "+0")
    assert r.exit_code == 2 and "a DELTA of 0 changes nothing" in r.stderr
    out = apply(byhand.threat, fresh(), value=9, reason="card")
    assert out.data["tier"] == "white" and "THREAT 0 → 9 (card): move the Alert Token up." in out.lines


def test_threat_rises_at_each_opening_phase():
    s = started()
    assert s["threat"] == 1 and s["turn"] == 1
    s = do(ending.ending, s)
    assert do(opening.opening, s)["threat"] == 2


def test_threat_rises_1_for_a_destroyed_titan():
    s = fighting()
    out = apply(byhand.damage, s, 10, titan="Atlas", direct=True)
    assert out.state["titans"]["Atlas"]["destroyed"] and out.state["threat"] == s["threat"] + 1


def test_threat_rises_1_for_a_pilot_who_dies():
    out = apply(pilots.pilot_dies, fighting(), "Atlas")
    assert out.state["threat"] == 2 and "pilot" not in out.state["titans"]["Atlas"]


def test_threat_rises_1_for_a_destroyed_metropolis_and_2_for_a_refuge_city():
    s = fighting()
    m = apply(byhand.damage, s, 4, city="Tokyo").state
    assert m["cities"]["Tokyo"]["destroyed"] and m["threat"] == s["threat"] + 1
    r = apply(byhand.damage, s, 9, city="Sydney").state
    assert r["cities"]["Sydney"]["destroyed"] and r["cities"]["Sydney"]["damage"] == 5
    assert r["threat"] == s["threat"] + 2


def test_threat_falls_1_when_a_rift_closes():
    s = _tyrant_ready()
    out = apply(rifts.rift_close, s, "North", "Brute", city="Toronto")
    assert out.state["threat"] == s["threat"] - 1


def test_entering_a_tier_says_what_changes():
    out = apply(byhand.threat, with_threat(started(), 15), delta=1, reason="card")
    assert any("Red tier" in line and "immune" in line for line in out.lines)


# --- Episode Cards (T3) -----------------------------------------------------------------------

def test_episodes_one_card_before_the_first_invasion():
    out = apply(opening.opening, fresh(4))
    assert out.data["episodes_to_draw"] == 1 and out.data["threat"] == 1 and out.data["tier"] == "green"


@pytest.mark.parametrize("players,threat,n", [(1, 3, 1), (2, 3, 1), (3, 7, 2), (4, 12, 3), (1, 17, 1), (2, 17, 2),
                                              (3, 17, 3), (4, 17, 4)])
def test_episodes_after_the_first_invasion(players, threat, n):
    s = with_threat(fresh(players), threat - 1)
    s["invaded"] = True
    out = apply(opening.opening, s)
    assert out.data["episodes_to_draw"] == n == out.state["invasions"]


def test_episodes_first_to_the_episode_discard_others_to_the_invasion_discard():
    s = fresh(4)
    s["invaded"] = True
    d = do(opening.opening, s)["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (69, 1, 2)


def test_episodes_empty_deck_is_remade_from_the_invasion_discard():
    s = fresh(3)
    s["invaded"] = True
    s["decks"].update(episode=1, episode_discard=60, invasion_discard=11)
    out = apply(opening.opening, s)
    d = out.state["decks"]
    assert (d["episode"], d["episode_discard"], d["invasion_discard"]) == (10, 61, 1)
    assert any("Invasion Discard Pile into a new deck" in line for line in out.lines)


# --- Opening Phase: invader movements, invasion --------------------------------------------------

def _end_turn(s):
    return do(ending.ending, s)


def test_invaders_on_a_destroyed_city_follow_the_yellow_trail():
    s = fighting()
    s = put(s, "T1", "Tokyo")
    s = do(byhand.damage, s, 4, city="Tokyo")
    s = do(opening.opening, _end_turn(s))
    assert s["invaders"]["T1"]["city"] == "Sydney"            # Tokyo: yellow → Sydney


def test_invaders_take_the_green_trail_when_the_yellow_city_is_destroyed_even_if_green_is_too():
    s = fighting()
    s = put(s, "T1", "Tokyo")
    for city in ("Tokyo", "Sydney", "Los Angeles"):
        s["cities"][city].update(damage=model.CITY_HP[s["cities"][city]["type"]], destroyed=True)
    s = _end_turn(s)
    out = apply(opening.opening, s)
    assert out.state["invaders"]["T1"]["city"] == "Los Angeles"
    assert out.data["invader_moves"] == [{"invader": "T1", "from": "Tokyo", "to": "Los Angeles", "trail": "green"}]


def test_invader_movements_are_skipped_on_the_first_turn():
    s = fresh()
    s["rifts"]["West"]["guardians"].remove("T1")
    s["invaders"]["T1"] = {"city": "Tokyo", "damage": 0}
    s["cities"]["Tokyo"].update(damage=4, destroyed=True)
    out = apply(opening.opening, s)
    assert out.state["invaders"]["T1"]["city"] == "Tokyo" and "skipped on the first turn" in " ".join(out.lines)


def test_invasion_example_south_rift_to_sao_paulo():
    out = apply(opening.invade, started(), "South", "Sao Paulo")
    s = out.state
    assert out.data["invader"] == "A1" and s["invaders"]["A1"] == {"city": "Sao Paulo", "damage": 0}
    assert s["cities"]["Sao Paulo"]["damage"] == 1 and s["invaded"] and s["invasions"] == 0


def test_invasion_takes_rift_invaders_in_spot_order_then_the_lair():
    s = started()
    order = []
    for _ in range(5):
        out = apply(opening.invade, s, "North", "Toronto")
        order.append(out.data["invader"])
        s = out.state
    assert order == ["F1", "F2", "F5", "F3", "F4"]
    out = apply(opening.invade, s, "North", "Toronto")
    assert out.data["invader"] is None and "No invader is left" in out.lines[0]


def test_invasion_damage_can_destroy_a_city():
    s = do(byhand.set_value, started(), ["cities", "Tokyo", "damage"], value=3)
    out = apply(opening.invade, s, "West", "Tokyo")
    assert out.state["cities"]["Tokyo"]["destroyed"] and out.state["threat"] == 2


def test_invasion_of_a_destroyed_city_deals_no_damage():
    s = do(byhand.damage, fighting(), 4, city="Tokyo")
    out = apply(opening.invade, s, "West", "Tokyo")
    assert out.state["cities"]["Tokyo"]["damage"] == 4 and out.state["threat"] == s["threat"]


def test_flying_invaders_ability_triggers_when_they_invade():
    out = apply(opening.invade, started(), "North", "Lima")
    assert any("F1's Flying ability" in line and "invaded city takes 1 more damage" in line for line in out.lines)


def test_a_closed_rift_sends_no_invader():
    s = _tyrant_ready()
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")
    out = apply(opening.invade, s, "North", "Paris")
    assert out.data["invader"] is None and "closed" in out.lines[0]


# --- Fight Phase: movement -------------------------------------------------------------------------

def test_cities_sharing_a_trail_are_adjacent_example_new_york():
    adj = board.neighbours(fresh())
    assert adj["New York"] == {"Toronto", "Los Angeles", "Mexico City", "London"}


def test_move_up_to_movement_cities():
    s = fighting()
    out = apply(fight.move, s, "Atlas", "Cairo")       # Tokyo → Beijing → Mumbai → Cairo: 3 = movement
    assert out.state["titans"]["Atlas"]["city"] == "Cairo" and out.data["steps"] == 3
    with pytest.raises(RuleError, match="4 cities away"):
        fight.move(s, dice(), "Atlas", "Sao Paulo")
    assert apply(fight.move, s, "Atlas", "Sao Paulo", bonus=1).state["titans"]["Atlas"]["city"] == "Sao Paulo"
    assert apply(fight.move, s, "Atlas", "Lima", anywhere=True).state["titans"]["Atlas"]["city"] == "Lima"


def test_move_once_per_turn_and_before_attacking():
    s = do(fight.move, fighting(), "Atlas", "Beijing")
    with pytest.raises(RuleError, match="already moved"):
        fight.move(s, dice(), "Atlas", "Tokyo")
    s2 = put(fighting(), "M1", "Tokyo")
    s2 = do(fight.attack, s2, Attack("Atlas", successes=1))
    with pytest.raises(RuleError, match="moves, then attacks"):
        fight.move(s2, dice(), "Atlas", "Beijing")


def test_setup_places_titans_anywhere():
    specs = [{k: v for k, v in t.items() if k != "city"} for t in TITANS[:2]]
    s = setup.new(table(specs), dice()).state
    with pytest.raises(RuleError, match="place every Titan"):
        opening.opening(s, dice())
    s = do(fight.move, s, "Atlas", "Cairo")
    s = do(fight.move, s, "Brute", "Lima")
    assert do(opening.opening, s)["titans"]["Brute"]["city"] == "Lima"


def test_mechanical_invaders_ability_triggers_when_a_titan_enters_their_city():
    s = put(fighting(), "M1", "Beijing")
    out = apply(fight.move, s, "Atlas", "Beijing")
    assert any("M1's Mechanical ability" in line for line in out.lines)


def test_moving_opens_the_fight_phase_and_notes_unrecorded_invasions():
    out = apply(fight.move, started(), "Atlas", "Beijing")
    assert out.state["phase"] == "fight" and out.state["invasions"] == 0
    assert any("not recorded" in line for line in out.lines)


def test_moving_onto_an_empty_rift_calls_for_the_trial():
    s = fighting()
    s["rifts"]["North"]["lair"] += s["rifts"]["North"]["guardians"]
    s["rifts"]["North"]["guardians"] = []
    out = apply(fight.move, passed(s, "Ana"), "Brute", "North")
    assert out.state["titans"]["Brute"] == {**out.state["titans"]["Brute"], "rift": "North"}
    assert "city" not in out.state["titans"]["Brute"]
    assert any("face the Trial" in line for line in out.lines)


# --- Fight Phase: attack --------------------------------------------------------------------------

def test_attack_each_success_deals_one_damage():
    s = put(fighting(), "F5", "Tokyo")                       # HP 4 in Green
    out = apply(fight.attack, s, Attack("Atlas", successes=3))
    assert out.state["invaders"]["F5"]["damage"] == 3 and out.data["hits"] == [{"invader": "F5", "damage": 3}]


def test_attack_excess_damage_goes_to_the_next_target_and_is_lost_after_the_last():
    s = put(put(put(fighting(), "F1", "Tokyo"), "F2", "Tokyo", damage=1), "F5", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=6, targets=("F1", "F2")))
    assert out.data["destroyed"] == ["F1", "F2"] and out.data["excess_lost"] == 3
    assert out.state["invaders"] == {"F5": {"city": "Tokyo", "damage": 0}}


def test_attack_destroyed_invader_reward_and_lair_first_free_spot():
    s = put(fighting(), "F5", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=4))
    assert out.state["players"]["Ana"]["credits"] == 3
    assert out.state["rifts"]["North"]["lair"] == ["F3", "F4", "F5"]


def test_attack_reward_per_section_overrides_the_cards_reward():
    s = put(fighting(), "F1", "Tokyo")
    s["cards"]["F1"]["credits"] = [1, 1, 1, 5]
    s = with_threat(s, 16)
    assert apply(fight.attack, s, Attack("Atlas", successes=9)).state["players"]["Ana"]["credits"] == 5


def test_attack_needs_targets_when_several_invaders_are_there():
    s = put(put(fighting(), "F1", "Tokyo"), "F2", "Tokyo")
    with pytest.raises(InputError, match="name the invaders in the order the damage goes \\(here: F1, F2\\): "
                                         "journal titans attack Atlas --successes N --target F1 --target F2"):
        fight.attack(s, dice(), Attack("Atlas", successes=2))
    with pytest.raises(RuleError, match="not on Tokyo"):
        fight.attack(s, dice(), Attack("Atlas", successes=2, targets=("T1",)))
    with pytest.raises(RuleError, match="no invader on London"):
        fight.attack(s, dice(), Attack("Brute", successes=2))


def test_attack_once_per_turn():
    s = do(fight.attack, put(fighting(), "F5", "Tokyo"), Attack("Atlas", successes=1))
    with pytest.raises(RuleError, match="already attacked"):
        fight.attack(s, dice(), Attack("Atlas", successes=1))


def test_provoke_brings_the_first_rift_invader_with_invasion_damage_then_attacks():
    out = apply(fight.attack, fighting(), Attack("Atlas", successes=2, provoke=True, rift="West"))
    s = out.state
    assert out.data["provoked"] == "T1" and out.data["destroyed"] == ["T1"]
    assert any("Tokyo takes 1 Invasion Damage" in line for line in out.lines) and s["invaded"]
    assert s["cities"]["Tokyo"]["damage"] == 2          # + 1 from T1's death throes (its Green effect: city 1)
    assert s["rifts"]["West"]["guardians"] == ["T2", "T5"] and s["rifts"]["West"]["lair"][-1] == "T1"


def test_provoke_never_takes_from_the_lair():
    s = fighting()
    s["rifts"]["West"]["lair"] += s["rifts"]["West"]["guardians"]
    s["rifts"]["West"]["guardians"] = []
    with pytest.raises(RuleError, match="Lair cannot be provoked"):
        fight.attack(s, dice(), Attack("Atlas", successes=2, provoke=True, rift="West"))
    with pytest.raises(InputError, match="name the rift to provoke, one of North, South, East: journal titans attack "
                                         "Atlas --provoke --rift North, journal titans attack Atlas --provoke"):
        fight.attack(s, dice(), Attack("Atlas", successes=2, provoke=True))


def test_immunities_to_attack_tags_apply_only_at_red():
    s = put(fighting(), "M3", "Tokyo")                       # red section: immune to energy
    s = _equipped(s, **{"Plasma Sword": {"slot": "hands", "charges": 0, "disabled": False, "tags": ["energy"]}})
    assert apply(fight.attack, with_threat(s, 15), Attack("Atlas", successes=1, tech=("Plasma Sword",), final_blow=True)).data["immune"] == []
    red = with_threat(s, 16)
    with pytest.raises(RuleError, match="immune"):
        fight.attack(red, dice(), Attack("Atlas", successes=1, tech=("Plasma Sword",)))
    with pytest.raises(RuleError, match="Final Blow bears the energy"):
        fight.attack(red, dice(), Attack("Atlas", successes=1, final_blow=True))
    out = apply(fight.attack, red, Attack("Atlas", successes=1))
    assert out.data["immune"] == ["energy"] and any("immune to energy" in line for line in out.lines)


def test_final_blow_is_spent_and_refreshed_for_its_refresh_cost():
    s = put(fighting(), "F5", "Tokyo")
    s = do(fight.attack, s, Attack("Atlas", successes=4, final_blow=True))
    assert not s["titans"]["Atlas"]["blow_ready"]
    spent = do(byhand.set_value, put(fighting(), "F1", "Tokyo"), ["titans", "Atlas", "blow_ready"], value=False)
    with pytest.raises(RuleError, match="spent"):
        fight.attack(spent, dice(), Attack("Atlas", successes=1, final_blow=True))
    s = upgrade(s)
    out = apply(upgrade_phase.develop, s, "Ana", "refresh")
    assert out.state["titans"]["Atlas"]["blow_ready"] and out.state["players"]["Ana"]["credits"] == 1
    with pytest.raises(RuleError, match="no Refresh Cost"):
        upgrade_phase.develop(s, dice(), "Bo", "refresh")


def test_amphibious_ability_triggers_on_attack_and_terrestrial_on_death():
    s = put(put(fighting(), "A1", "Tokyo"), "T1", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=2, targets=("T1",)))
    text = " ".join(out.lines)
    assert "A1's Amphibious ability" in text and "T1's Terrestrial ability" in text


def test_attack_guardians_on_a_rift_as_in_a_city():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    out = apply(fight.attack, s, Attack("Brute", successes=3, targets=("F1", "F2")))
    r = out.state["rifts"]["North"]
    assert r["guardians"] == ["F2", "F5"] and r["guardian_damage"] == {"F2": 1}
    assert r["lair"] == ["F3", "F4", "F1"]


def test_attack_rolls_with_a_face_table():
    s = put(fighting(die_table=DICE_TABLE), "F5", "Tokyo")
    # faces: 1 red, 2 bolt, 3 bolt, 4 gear, 5 wing, 6 blank; combat counts red and bolt
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(1, 2, 4, 6))
    assert out.data["successes"] == 2 and out.data["rolled"]
    s = _equipped(s, Maul={"slot": "hands", "charges": 0, "disabled": False})
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(1, 2, 4, 6))   # two-handed: red counts 2
    assert out.data["successes"] == 3
    with pytest.raises(InputError, match="count the successes on your custom dice and type them: journal titans "
                                         "attack Atlas --successes N \\(journal rolls them only in a game set up"):
        fight.attack(put(fighting(), "F5", "Tokyo"), dice(), Attack("Atlas"))


# --- Tyrant Trial and rifts ------------------------------------------------------------------------

def _on_empty_north():
    s = fighting()
    s["rifts"]["North"]["lair"] += s["rifts"]["North"]["guardians"]
    s["rifts"]["North"]["guardians"] = []
    return do(fight.move, passed(s, "Ana"), "Brute", "North")


def _tyrant_ready():
    s = do(rifts.trial, _on_empty_north(), "Brute", "North", "pass")
    s = do(ending.ending, s)
    return do(turn.next_phase, do(opening.opening, s))


def test_trial_needs_a_titan_on_an_unguarded_rift():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    with pytest.raises(RuleError, match="still guarded"):
        rifts.trial(s, dice(), "Brute", "North", "pass")
    with pytest.raises(RuleError, match="not on the South Rift"):
        rifts.trial(s, dice(), "Brute", "South", "pass")


def test_trial_after_fighting_the_guardians_waits_for_next_turn():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    s = do(fight.attack, s, Attack("Brute", successes=9, targets=("F1", "F2", "F5")))
    with pytest.raises(RuleError, match="next turn"):
        rifts.trial(s, dice(), "Brute", "North", "pass")


def test_trial_pass_faces_the_tyrant_next_turn():
    out = apply(rifts.trial, _on_empty_north(), "Brute", "North", "pass")
    r = out.state["rifts"]["North"]
    assert (r["trial"], r["challenger"], r["trial_turn"]) == ("tyrant", "Brute", 1)
    with pytest.raises(RuleError, match="next turn"):
        rifts.rift_close(out.state, dice(), "North", "Brute", city="Toronto")


def test_trial_fail_follows_the_rift_token_damage_and_a_threatened_city():
    out = apply(rifts.trial, _on_empty_north(), "Brute", "North", "fail", damage=3, to="London")
    t = out.state["titans"]["Brute"]
    assert t["city"] == "London" and t["damage"] == 1 and out.state["rifts"]["North"]["trial"] == "revealed"
    with pytest.raises(InputError, match="--to CITY is required"):
        rifts.trial(_on_empty_north(), dice(), "Brute", "North", "fail")
    with pytest.raises(RuleError, match="not threatened"):
        rifts.trial(_on_empty_north(), dice(), "Brute", "North", "fail", to="Tokyo")


def test_titan_on_a_rift_skips_development():
    s = upgrade(_on_empty_north())
    with pytest.raises(RuleError, match="skips the Development"):
        upgrade_phase.develop(s, dice(), "Bo", "industry")
    assert "Bo" not in order.waiting(s, "development")


def test_rift_close_artifact_threat_and_a_threatened_city():
    s = _tyrant_ready()
    with pytest.raises(InputError, match="--city is required"):
        rifts.rift_close(s, dice(), "North", "Brute")
    out = typed(cli_fight.read_rift_close, rifts.rift_close, s, rift="North", titan="Bo", city="moscow",
                artifact="Storm Crown")
    st = out.state
    assert st["rifts"]["North"]["closed"] and st["rifts"]["North"]["trial"] == "defeated"
    assert st["players"]["Bo"]["artifacts"] == ["Storm Crown"] and st["titans"]["Brute"]["city"] == "Moscow"
    assert out.data["open_rifts"] == ["South", "East", "West"]


def test_rift_close_refused_without_the_trial():
    with pytest.raises(RuleError, match="pass the Trial first"):
        rifts.rift_close(_on_empty_north(), dice(), "North", "Brute", city="Toronto")


def test_tyrant_fight_lost():
    out = apply(rifts.trial, _tyrant_ready(), "Brute", "North", "fail", damage=2, to="Toronto")
    assert out.state["rifts"]["North"]["trial"] == "revealed" and "challenger" not in out.state["rifts"]["North"]


# --- repairs and charges (T6) -----------------------------------------------------------------------

def test_repair_successes_heal_charge_or_re_enable():
    s = _equipped(do(byhand.damage, fighting(), 4, titan="Atlas", direct=True),
                  Gun={"slot": "hand1", "charges": 1, "disabled": False},
                  Visor={"slot": "head", "charges": 2, "disabled": True})
    s = upgrade(s)
    out = apply(fight.repair, s, Repair("Atlas", successes=4, heal=2, charge=("Gun",), enable=("Visor",)))
    t = out.state["titans"]["Atlas"]
    assert t["damage"] == 2 and t["tech"]["Gun"]["charges"] == 2
    assert t["tech"]["Visor"] == {"slot": "head", "charges": 0, "disabled": False}   # T6: restarts at 0
    with pytest.raises(RuleError, match="only 2 available|4 successes spent"):
        fight.repair(s, dice(), Repair("Atlas", successes=2, heal=2, charge=("Gun",)))


def test_repair_default_heals_as_much_as_it_can():
    s = upgrade(do(byhand.damage, fighting(), 2, titan="Atlas", direct=True))
    out = apply(fight.repair, s, Repair("Atlas", successes=3))
    assert out.state["titans"]["Atlas"]["damage"] == 0 and out.data["unspent"] == 1


def test_tech_cards_hold_at_most_three_charges():
    s = upgrade(_equipped(fighting(), Gun={"slot": "hand1", "charges": 3, "disabled": False}))
    with pytest.raises(RuleError, match="already has 3 Charges"):
        fight.repair(s, dice(), Repair("Atlas", successes=1, charge=("Gun",)))
    with pytest.raises(InputError, match="0-3"):
        cli_upgrade.tech_details("charge", 4, None, (), False, (), ())


def test_combat_repair_only_unmoved_on_a_city_without_invaders_capped_at_repair():
    s = do(byhand.damage, fighting(), 5, titan="Atlas", direct=True)
    out = apply(fight.repair, s, Repair("Atlas", successes=4))
    assert out.data["kind"] == "Combat Repair" and out.state["titans"]["Atlas"]["damage"] == 3
    with pytest.raises(RuleError, match="already moved"):
        fight.move(out.state, dice(), "Atlas", "Beijing")
    moved = do(fight.move, s, "Atlas", "Beijing")
    with pytest.raises(RuleError, match="has moved this turn"):
        fight.repair(moved, dice(), Repair("Atlas", successes=1))
    with pytest.raises(RuleError, match="invaders are on Tokyo"):
        fight.repair(put(s, "F1", "Tokyo"), dice(), Repair("Atlas", successes=1))


def test_repair_action_on_a_refuge_city_succeeds_without_rolling():
    s = upgrade(do(byhand.damage, fighting(3), 3, titan="Cora", direct=True))     # Cora on Sydney, repair 3
    out = apply(fight.repair, s, Repair("Cora"))
    assert out.data["successes"] == 3 and out.state["titans"]["Cora"]["damage"] == 0


def test_repair_action_comes_before_gain_charges():
    s = upgrade(fighting())
    s = do(upgrade_phase.develop, s, "Ana", "industry")
    with pytest.raises(RuleError, match="step 1"):
        fight.repair(s, dice(), Repair("Brute", successes=1))


def test_repair_rolls_with_a_face_table():
    s = upgrade(do(byhand.damage, fighting(die_table=DICE_TABLE), 2, titan="Atlas", direct=True))
    out = apply(fight.repair, s, Repair("Atlas"), dice=dice(4, 1))        # gear, red: repair counts both
    assert out.data["successes"] == 2 and out.data["rolled"] and out.state["titans"]["Atlas"]["damage"] == 0


def test_gain_charges_gives_each_enabled_card_one_charge_up_to_three():
    s = _equipped(fighting(), Gun={"slot": "hand1", "charges": 0, "disabled": False},
                  Core={"slot": "core", "charges": 3, "disabled": False},
                  Visor={"slot": "head", "charges": 1, "disabled": True})
    s = do(upgrade_phase.develop, upgrade(s), "Ana", "industry")
    tech = s["titans"]["Atlas"]["tech"]
    assert (tech["Gun"]["charges"], tech["Core"]["charges"], tech["Visor"]["charges"]) == (1, 3, 1)
    assert s["round"]["charged"]


# --- Upgrade Phase: development, supports, tech ----------------------------------------------------

def test_industry_gains_two_credits():
    out = apply(upgrade_phase.develop, upgrade(fighting()), "Ana", "industry")
    assert out.state["players"]["Ana"]["credits"] == 2


def test_army_supports_cost_one_credit_at_most_three_each_on_a_non_destroyed_city():
    s = passed(upgrade(do(byhand.damage, fighting(), 4, city="Tokyo")), "Ana")
    s["players"]["Bo"]["credits"] = 5
    with pytest.raises(RuleError, match="destroyed"):
        upgrade_phase.develop(s, dice(), "Bo", "army", city="Tokyo")
    with pytest.raises(RuleError, match="at most 3"):
        upgrade_phase.develop(s, dice(), "Bo", "army", city="London", count=4)
    out = apply(upgrade_phase.develop, s, "Bo", "army", city="London", count=3)
    assert out.state["players"]["Bo"]["credits"] == 2 and len(out.state["players"]["Bo"]["supports"]) == 3
    s["players"]["Bo"]["credits"] = 1
    with pytest.raises(RuleError, match="cost 2 Credits"):
        upgrade_phase.develop(s, dice(), "Bo", "army", city="London", count=2)


def test_one_development_action_per_player_per_turn():
    s = do(upgrade_phase.develop, upgrade(fighting()), "Ana", "industry")
    with pytest.raises(RuleError, match="already taken"):
        typed(cli_upgrade.read_develop, upgrade_phase.develop, s, player="Atlas", action="industry")


def test_research_buys_a_face_up_card_into_an_empty_slot_and_draws_a_replacement():
    s = upgrade(fighting())
    s["players"]["Ana"]["credits"] = 3
    out = apply(upgrade_phase.develop, s, "Ana", "research", card="Plasma Sword", slot="hands", cost=2,
                tags=("energy",))
    st = out.state
    assert st["titans"]["Atlas"]["tech"]["Plasma Sword"] == {"slot": "hands", "charges": 0, "disabled": False,
                                                             "tags": ["energy"]}
    assert (st["decks"]["tech"], st["decks"]["tech_face_up"], st["players"]["Ana"]["credits"]) == (71, 3, 1)


def test_research_redraw_discards_the_three_face_up_cards():
    out = apply(upgrade_phase.develop, upgrade(fighting()), "Ana", "research", redraw=True)
    d = out.state["decks"]
    assert (d["tech"], d["tech_face_up"], d["tech_discard"]) == (69, 3, 3)


def test_research_remakes_an_empty_tech_deck_from_the_discards():
    s = upgrade(fighting())
    s["decks"].update(tech=1, tech_discard=71)
    d = apply(upgrade_phase.develop, s, "Ana", "research", redraw=True).state["decks"]
    assert (d["tech"], d["tech_face_up"], d["tech_discard"]) == (72, 3, 0)


def test_tech_slot_must_be_empty_and_two_handed_takes_both_hands():
    s = fighting()
    s = do(upgrade_phase.tech, s, "Atlas", "equip", "Blade", slot="hand")
    assert s["titans"]["Atlas"]["tech"]["Blade"]["slot"] == "hand1"
    with pytest.raises(RuleError, match="both hands .* taken by Blade"):
        upgrade_phase.tech(s, dice(), "Atlas", "equip", "Maul", slot="hands")
    s = do(upgrade_phase.tech, s, "Atlas", "equip", "Knife", slot="hand")
    assert s["titans"]["Atlas"]["tech"]["Knife"]["slot"] == "hand2"
    with pytest.raises(RuleError, match="both hand slots are taken"):
        upgrade_phase.tech(s, dice(), "Atlas", "equip", "Spoon", slot="hand")
    s = do(upgrade_phase.tech, s, "Atlas", "discard", "Blade")
    assert s["decks"]["tech_discard"] == 1
    with pytest.raises(InputError, match="--slot wings"):
        cli_upgrade.slot_name("Wings")


def test_tech_spend_charges():
    s = _equipped(fighting(), Gun={"slot": "hand1", "charges": 2, "disabled": False})
    out = typed(cli_upgrade.read_tech, upgrade_phase.tech, s, titan="Atlas", action="spend", card="gun", n=2)
    assert out.state["titans"]["Atlas"]["tech"]["Gun"]["charges"] == 0
    with pytest.raises(RuleError, match="has 2 Charges, not 3"):
        upgrade_phase.tech(s, dice(), "Atlas", "spend", "Gun", n=3)
    s["titans"]["Atlas"]["tech"]["Gun"]["disabled"] = True
    with pytest.raises(RuleError, match="disabled"):
        upgrade_phase.tech(s, dice(), "Atlas", "spend", "Gun", n=1)


def test_support_movement_up_to_three_cities():
    s = upgrade(fighting())
    s["players"]["Bo"]["supports"] = [{"city": "London", "damage": 1}, {"city": "London", "damage": 0}]
    out = apply(upgrade_phase.supports_move, s, "Bo", "London", "Beijing", count=1)   # London-Moscow-Beijing
    sups = out.state["players"]["Bo"]["supports"]
    assert sorted((x["city"], x["damage"]) for x in sups) == [("Beijing", 0), ("London", 1)]
    with pytest.raises(RuleError, match="up to 3 cities"):
        upgrade_phase.supports_move(s, dice(), "Bo", "London", "Sydney")
    after = out.state
    with pytest.raises(RuleError, match="step 3"):
        upgrade_phase.develop(after, dice(), "Ana", "industry")


# --- supports as damage sponges (T6) -----------------------------------------------------------------

def test_supports_example_toronto_two_supports_take_four_damage():
    s = fighting()
    s["players"]["Bo"]["supports"] = [{"city": "Toronto", "damage": 0}, {"city": "Toronto", "damage": 0}]
    one = apply(byhand.damage, s, 1, support="Toronto")
    assert one.state["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 1},
                                                      {"city": "Toronto", "damage": 0}]
    assert "lay it down" in one.lines[0]
    two = apply(byhand.damage, one.state, 1, support="Toronto").state
    assert two["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 0}]
    four = apply(byhand.damage, s, 4, support="Toronto").state
    assert four["players"]["Bo"]["supports"] == []


def test_supports_example_mexico_city_damaged_support_takes_one_more():
    s = fighting()
    s["players"]["Bo"]["supports"] = [{"city": "Mexico City", "damage": 1}]
    out = apply(byhand.damage, s, 1, support="Mexico City")
    assert out.state["players"]["Bo"]["supports"] == [] and "return it to Bo" in out.lines[0]


def test_destroyed_supports_can_be_bought_again():
    s = passed(upgrade(fighting()), "Ana")
    s["players"]["Bo"].update(credits=1, supports=[{"city": "London", "damage": 0} for _ in range(3)])
    with pytest.raises(RuleError, match="at most 3"):
        upgrade_phase.develop(s, dice(), "Bo", "army", city="London")
    s = do(byhand.damage, s, 2, support="London")
    assert len(apply(upgrade_phase.develop, s, "Bo", "army", city="London").state["players"]["Bo"]["supports"]) == 3


# --- Ending Phase (T7) ----------------------------------------------------------------------------------

def test_ending_invaders_damage_their_city():
    s = put(put(fighting(), "F1", "Lima"), "F5", "Lima")
    out = apply(ending.ending, s)
    assert out.state["cities"]["Lima"]["damage"] == 3 and out.data["damage"] == [
        {"invader": "F1", "target": "Lima", "kind": "city", "damage": 1},
        {"invader": "F5", "target": "Lima", "kind": "city", "damage": 2}]


def test_ending_damage_can_be_assigned_to_titans_and_supports_there():
    s = put(fighting(), "F5", "Tokyo")                               # DMG 2
    s["players"]["Bo"]["supports"] = [{"city": "Tokyo", "damage": 0}]
    out = apply(ending.ending, s, assign=(Assignment("F5", "titan", "Atlas"),))
    assert out.state["titans"]["Atlas"]["damage"] == 1 and out.state["cities"]["Tokyo"]["damage"] == 0   # armor 1
    out = typed(read_assign, ending.ending, s, assign=("F5=yellow:1",))
    assert out.state["players"]["Bo"]["supports"] == [{"city": "Tokyo", "damage": 1}]
    assert out.state["cities"]["Tokyo"]["damage"] == 1
    with pytest.raises(RuleError, match="Brute is not on Tokyo"):
        ending.ending(s, dice(), assign=(Assignment("F5", "titan", "Brute"),))
    with pytest.raises(RuleError, match="more points"):
        ending.ending(s, dice(), assign=(Assignment("F5", "titan", "Atlas", 1), Assignment("F5", "city", None, 2)))


def test_ending_rift_guardians_damage_the_titan_on_their_rift():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")                # F1 1 + F2 1 + F5 2, armor 2 each hit
    out = apply(ending.ending, s)
    assert out.state["titans"]["Brute"]["damage"] == 0
    s["titans"]["Brute"]["armor"] = 0
    assert apply(ending.ending, s).state["titans"]["Brute"]["damage"] == 4


def test_armor_prevents_damage_each_time():
    s = fighting()
    out = apply(byhand.damage, s, 3, titan="Brute")
    assert out.state["titans"]["Brute"]["damage"] == 1 and "Armor prevents 2" in out.lines[0]
    assert apply(byhand.damage, s, 3, titan="Brute", direct=True).state["titans"]["Brute"]["damage"] == 3


def test_destroyed_titan_is_removed_its_tech_disabled_and_its_pilot_die_is_asked_for():
    s = _equipped(put(fighting(), "F5", "Tokyo"), Gun={"slot": "hand1", "charges": 2, "disabled": False})
    s["titans"]["Atlas"]["damage"] = 9
    out = apply(ending.ending, s, assign=(Assignment("F5", "titan", "Atlas"),))    # DMG 2, Armor 1
    t = out.state["titans"]["Atlas"]
    assert t["destroyed"] and "city" not in t and t["tech"]["Gun"]["disabled"] and t["pilot_check"]
    assert out.state["threat"] == s["threat"] + 1 and out.data["destroyed_titans"] == ["Atlas"]
    assert any("pilot-check Atlas" in line for line in out.lines)


def test_titan_presence_control_loses_when_no_titan_stands():
    s = fighting(1)
    s = do(byhand.damage, s, 10, titan="Atlas", direct=True)
    assert s["phase"] == "fight"                                    # destroyed, but the check is at the Ending
    out = apply(ending.ending, s)
    assert out.state["phase"] == "over" and out.state["result"] == "lost" and "no Titan" in out.state["reason"]


def test_threat_control_at_the_ending_phase():
    s = put(with_threat(fighting(), 19), "F5", "Tokyo")
    s["cities"]["Tokyo"]["damage"] = 2
    out = apply(ending.ending, s, assign=(Assignment("F5", "city"),))   # Tokyo destroyed: 19 → 20; still on
    assert out.state["threat"] == 20 and out.state["phase"] == "ending"
    s = put(with_threat(fighting(), 19), "F5", "Sydney")
    s["cities"]["Sydney"]["damage"] = 3
    out = apply(ending.ending, s)                                    # Refuge: +2 → 21: lost
    assert out.state["threat"] == 21 and out.state["result"] == "lost"


def test_rift_status_control_draws_the_final_episode():
    s = _tyrant_ready()
    for r in ("South", "East", "West"):
        rift = s["rifts"][r]
        rift["lair"] += rift["guardians"]
        rift.update(guardians=[], trial="defeated", closed=True)
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")
    out = apply(ending.ending, s)
    assert out.state["phase"] == "final" and out.state["decks"]["final"] == 3
    won = apply(ending.end, out.state, "won").state
    assert won["phase"] == "over" and won["result"] == "won"
    with pytest.raises(RuleError, match="Final Episode is under way"):
        opening.opening(out.state, dice())


def test_lead_character_passes_to_the_right():
    s = fresh(4)                                                    # seated clockwise: Ana, Bo, Cy, Di
    leads = []
    for _ in range(5):
        s = do(opening.opening, s)
        leads.append(s["lead"])
        s = do(ending.ending, s)
    assert leads == ["Ana", "Di", "Cy", "Bo", "Ana"]


def test_ending_applies_gain_charges_when_the_upgrade_phase_was_skipped():
    s = _equipped(fighting(), Gun={"slot": "hand1", "charges": 0, "disabled": False})
    assert do(ending.ending, s)["titans"]["Atlas"]["tech"]["Gun"]["charges"] == 1


def test_phases_run_in_order():
    s = do(ending.ending, fighting())
    with pytest.raises(RuleError, match="turn 1 is over"):
        fight.move(s, dice(), "Atlas", "Beijing")
    s = upgrade(do(opening.opening, s))
    with pytest.raises(RuleError, match="belongs to the Fight Phase"):
        fight.attack(put(s, "F1", "Tokyo"), dice(), Attack("Atlas", successes=1))
    with pytest.raises(RuleError, match="has not ended"):
        opening.opening(s, dice())


# --- destroyed Titans and pilots --------------------------------------------------------------------------

def _destroyed(red: bool | None = False):
    s = do(byhand.damage, fighting(), 10, titan="Atlas", direct=True)
    if red is not None:
        s = do(pilots.pilot_check, s, "Atlas", red=red)
    return s


def test_pilot_check_red_symbol_kills_the_pilot():
    out = apply(pilots.pilot_check, _destroyed(None), "Atlas", red=True)
    t = out.state["titans"]["Atlas"]
    assert "pilot" not in t and "pilot_check" not in t and out.state["threat"] == 3
    assert out.state["decks"]["pilot_discard"] == 3


def test_pilot_check_other_symbols_keep_the_pilot():
    out = apply(pilots.pilot_check, _destroyed(None), "Atlas", red=False)
    assert out.state["titans"]["Atlas"]["pilot"] == "Ono" and out.state["threat"] == 2


def test_pilot_check_rolls_the_face_table():
    s = do(byhand.damage, fighting(die_table=DICE_TABLE), 10, titan="Atlas", direct=True)
    assert apply(pilots.pilot_check, s, "Atlas", dice=dice(1)).data["red"] is True
    assert apply(pilots.pilot_check, s, "Atlas", dice=dice(5)).data["red"] is False
    with pytest.raises(InputError, match="say what the die shows: journal titans pilot-check Atlas --red or journal "
                                         "titans pilot-check Atlas --not-red"):
        pilots.pilot_check(_destroyed(None), dice(), "Atlas")


def test_destroyed_titan_reenters_next_turn_with_one_hit_point_on_a_city_without_invaders():
    s = _destroyed(False)
    with pytest.raises(RuleError, match="next turn"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")
    s = do(opening.opening, do(ending.ending, s))
    with pytest.raises(RuleError, match="holds invaders"):
        pilots.reenter(put(s, "F1", "Cairo"), dice(), "Atlas", "Cairo")
    out = apply(pilots.reenter, s, "Atlas", "Cairo")
    t = out.state["titans"]["Atlas"]
    assert not t["destroyed"] and t["city"] == "Cairo" and t["damage"] == 9 and t["pilot"] == "Ono"


def test_reenter_with_a_new_pilot_after_the_pilot_died():
    s = do(opening.opening, do(ending.ending, _destroyed(True)))
    with pytest.raises(InputError, match="cockpit is empty: draw a Pilot Card and name it: journal titans reenter "
                                         "Atlas Cairo --pilot NAME"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")
    out = apply(pilots.reenter, s, "Atlas", "Cairo", pilot_name="Nova")
    assert out.state["titans"]["Atlas"]["pilot"] == "Nova" and out.state["decks"]["pilots"] == 3


def test_reenter_waits_for_the_pilot_die():
    s = do(opening.opening, do(ending.ending, _destroyed(None)))
    with pytest.raises(RuleError, match="pilot die first"):
        pilots.reenter(s, dice(), "Atlas", "Cairo")


def test_pilot_deck_is_remade_from_the_discards():
    s = fighting(4)
    assert s["decks"]["pilots"] == 0
    s = do(pilots.pilot_dies, s, "Dyna")
    out = apply(pilots.pilot, s, "Dyna", "Nova")
    assert out.state["decks"]["pilots"] == 4 and out.state["decks"]["pilot_discard"] == 0


# --- by hand (A2) -------------------------------------------------------------------------------------------

def test_set_value_checks_the_result():
    s = fresh()
    assert do(byhand.set_value, s, ["cities", "Tokyo", "damage"], value=2)["cities"]["Tokyo"]["damage"] == 2
    with pytest.raises(InputError, match="state.cities.Tokyo.damage = 9 is outside 0..5"):
        byhand.set_value(s, dice(), ["cities", "Tokyo", "damage"], value=9)
    with pytest.raises(InputError, match="no 'Atlantis'"):
        byhand.set_value(s, dice(), ["cities", "Atlantis", "damage"], value=1)
    st = do(byhand.set_value, s, ["threat"], value=12)
    assert game.public_state(st)["tier"] == "blue" and "tier" not in st
    lost = do(byhand.set_value, started(), ["threat"], value=21)
    assert lost["phase"] == "over" and lost["result"] == "lost"
    assert "refresh" not in do(byhand.set_value, s, ["titans", "Atlas", "refresh"], unset=True)["titans"]["Atlas"]


def test_credits_by_hand_never_below_zero():
    s = do(byhand.credits, fresh(), "Ana", delta=3)
    assert typed(cli_byhand.read_player, byhand.credits, s, player="Atlas", delta=-2).state["players"]["Ana"]["credits"] == 1
    with pytest.raises(RuleError, match="cannot pay"):
        byhand.credits(s, dice(), "Ana", delta=-4)


def test_invader_by_hand_moves_a_pawn_without_invasion_damage():
    s = fighting()
    out = apply(byhand.invader, s, "F5", city="Tokyo", hurt=1)
    assert out.state["invaders"]["F5"] == {"city": "Tokyo", "damage": 1} and out.state["cities"]["Tokyo"]["damage"] == 0
    back = apply(byhand.invader, out.state, "F5", rift=True).state
    assert back["rifts"]["North"]["guardians"] == ["F1", "F2", "F5"]
    assert back["rifts"]["North"]["guardian_damage"] == {"F5": 1}
    with pytest.raises(RuleError, match="is destroyed"):
        byhand.invader(s, dice(), "F1", city="Tokyo", hurt=2)


def test_lead_by_hand():
    assert do(byhand.lead, fresh(), "Bo")["lead"] == "Bo"
    with pytest.raises(RuleError, match="already"):
        byhand.lead(fresh(), dice(), "Ana")


def test_names_match_ignoring_case_and_players_stand_for_their_titans():
    s = typed(cli_fight.read_move, fight.move, fighting(), titan="ana", dest="beijing").state
    assert s["titans"]["Atlas"]["city"] == "Beijing"
    with pytest.raises(InputError, match="not a Titan or a player"):
        cli_fight.read_move(s, {"titan": "Zed", "dest": "Tokyo"})


def test_check_rolls_an_ability_check_and_changes_nothing():
    s = fighting(die_table=DICE_TABLE)
    out = apply(checks.check, s, "Atlas", "movement", dice=dice(5, 2, 6))   # wing, bolt, blank
    assert out.data["successes"] == 2 and out.state == s


def test_combat_repair_and_the_repair_action_in_one_turn():
    s = do(byhand.damage, fighting(), 5, titan="Atlas", direct=True)
    s = do(fight.repair, s, Repair("Atlas", successes=2))
    s = do(fight.repair, s, Repair("Atlas", successes=2, upgrade=True))
    assert s["titans"]["Atlas"]["damage"] == 1
    with pytest.raises(RuleError, match="already made its Repair Check"):
        fight.repair(s, dice(), Repair("Atlas", successes=1))


def test_mechanical_ability_triggers_when_a_failed_trial_puts_the_titan_in_its_city():
    s = put(_on_empty_north(), "M1", "London")
    out = apply(rifts.trial, s, "Brute", "North", "fail", to="London")
    assert any("M1's Mechanical ability" in line for line in out.lines)
