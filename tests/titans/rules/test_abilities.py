"""Invader abilities applied (rules/abilities.py), with the effect vocabulary of the invaders file.

Each category triggers as the rulebook says (Invader Categories and Special Abilities):
Terrestrial when destroyed, Mechanical when a Titan enters its city, Amphibious when a
Titan attacks in its city, Flying when it invades a city. The sample cards' effects are the
cases: Green, White, Blue and Red sections (T2)."""

from __future__ import annotations

import pytest

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.titans.cli import fight as cli_fight, setup as cli_setup
from journal.games.titans.rules import fight, model, opening, turn
from journal.games.titans.rules.fight import Attack
from titans.titans_helpers import DICE_TABLE, apply, dice, do, fighting, put, started, typed, with_threat


def test_flying_effect_damages_the_invaded_city_green():
    out = apply(opening.invade, started(), "North", "Lima")           # F1, Green: city 1
    assert out.state["cities"]["Lima"]["damage"] == 2               # 1 Invasion Damage + 1
    assert out.data["abilities"] == [{"invader": "F1", "category": "flying", "section": "green",
                                      "ability": "The invaded city takes 1 more damage.", "effect": {"city": 1},
                                      "applied": True}]


def test_flying_effect_damages_one_adjacent_city_chosen_by_the_players_white():
    s = with_threat(started(), 6)                                   # White: city 1, adjacent 1
    with pytest.raises(InputError, match="--adjacent CITY is required: F1's ability damages one city adjacent "
                                         "to Lima: one of Buenos Aires, Mexico City, Sao Paulo"):
        opening.invade(s, dice(), "North", "Lima")
    out = typed(cli_setup.read_invade, opening.invade, s, rift="North", city="Lima", adjacent=("sao paulo",))
    assert out.state["cities"]["Lima"]["damage"] == 2 and out.state["cities"]["Sao Paulo"]["damage"] == 1
    with pytest.raises(RuleError, match="Tokyo is not a standing city adjacent to Lima"):
        opening.invade(s, dice(), "North", "Lima", adjacent=("Tokyo",))
    for c in ("Buenos Aires", "Mexico City"):                       # one standing neighbour: no choice
        s["cities"][c].update(damage=model.CITY_HP[s["cities"][c]["type"]], destroyed=True)
    assert apply(opening.invade, s, "North", "Lima").state["cities"]["Sao Paulo"]["damage"] == 1


def test_flying_effect_knocks_down_every_support_blue():
    s = with_threat(started(), 11)
    s["players"]["Bo"]["supports"] = [{"city": "Lima", "damage": 0}, {"city": "Lima", "damage": 1},
                                      {"city": "Paris", "damage": 0}]
    out = apply(opening.invade, s, "North", "Lima")
    assert out.state["players"]["Bo"]["supports"] == [{"city": "Lima", "damage": 1}, {"city": "Lima", "damage": 1},
                                                      {"city": "Paris", "damage": 0}]
    assert any("Knock down 1 yellow Support in Lima" in line for line in out.lines)


def test_flying_effect_raises_threat_only_on_a_refuge_city_red():
    s = with_threat(started(), 16)                                  # Red: city 2, threat +1 if refuge
    refuge = apply(opening.invade, s, "North", "Lima").state          # Lima is a Refuge City (HP 5)
    assert refuge["cities"]["Lima"]["damage"] == 3 and refuge["threat"] == 17
    metro = apply(opening.invade, s, "North", "Tokyo")
    assert metro.state["cities"]["Tokyo"]["damage"] == 3 and metro.state["threat"] == 16
    assert any("THREAT does not move: F1's ability moves it only on a Refuge City" in x for x in metro.lines)


def test_flying_effect_on_a_provoked_invader():
    out = apply(fight.attack, fighting(), Attack("Atlas", successes=0, provoke=True, rift="North"))
    assert out.state["cities"]["Tokyo"]["damage"] == 2 and out.data["abilities"][0]["invader"] == "F1"


def test_an_effect_that_loses_the_game_stops_there():
    s = with_threat(started(), 20)
    s["cities"]["Lima"]["damage"] = 2
    out = apply(opening.invade, s, "North", "Lima")    # Red: 1 + city 2 destroy Lima, +2 THREAT → 21
    assert out.state["phase"] == "over" and out.state["threat"] == 21
    assert any("Refuge City destroyed" in line for line in out.lines)
    assert not any("(F1's ability" in line for line in out.lines if line.startswith("THREAT"))   # threat +1 skipped


def test_mechanical_effect_hits_the_entering_titan_through_armor_green():
    out = apply(fight.move, put(fighting(), "M1", "Beijing"), "Atlas", "Beijing")     # titan 1, direct
    assert out.state["titans"]["Atlas"]["damage"] == 1 and out.data["damage"] == 1


def test_mechanical_effect_damage_is_reduced_by_armor_white():
    s = with_threat(put(fighting(), "M1", "Beijing"), 6)                             # titan 2, Armor 1
    out = apply(fight.move, s, "Atlas", "Beijing")
    assert out.state["titans"]["Atlas"]["damage"] == 1 and any("Armor prevents 1" in x for x in out.lines)


def test_mechanical_effect_disables_a_tech_card_chosen_by_the_players_blue():
    s = with_threat(put(fighting(), "M1", "Beijing"), 11)
    s["titans"]["Atlas"]["tech"] = {"Gun": {"slot": "hand1", "charges": 1, "disabled": False},
                                    "Visor": {"slot": "head", "charges": 0, "disabled": False}}
    s["decks"]["tech"] -= 2
    with pytest.raises(InputError, match="--disable CARD is required: M1's ability disables 1 Tech Card of Atlas: "
                                         "one of Gun, Visor"):
        fight.move(s, dice(), "Atlas", "Beijing")
    out = typed(cli_fight.read_move, fight.move, s, titan="Atlas", dest="Beijing", disable=("visor",))
    assert out.state["titans"]["Atlas"]["tech"]["Visor"]["disabled"]
    assert not out.state["titans"]["Atlas"]["tech"]["Gun"]["disabled"]
    s["titans"]["Atlas"]["tech"]["Visor"]["disabled"] = True                        # one left: no choice
    assert apply(fight.move, s, "Atlas", "Beijing").state["titans"]["Atlas"]["tech"]["Gun"]["disabled"]


def test_mechanical_effect_drains_a_charge_from_each_tech_card_red():
    s = with_threat(put(fighting(), "M1", "Beijing"), 16)                             # titan 2, charges -1
    s["titans"]["Atlas"]["tech"] = {"Gun": {"slot": "hand1", "charges": 2, "disabled": False},
                                    "Visor": {"slot": "head", "charges": 0, "disabled": False}}
    s["decks"]["tech"] -= 2
    t = apply(fight.move, s, "Atlas", "Beijing").state["titans"]["Atlas"]
    assert t["damage"] == 1 and (t["tech"]["Gun"]["charges"], t["tech"]["Visor"]["charges"]) == (1, 0)


def test_mechanical_guardians_trigger_as_if_in_the_same_city():
    s = fighting()
    out = apply(fight.move, do(turn.pass_turn, s, "Ana"), "Brute", "East", anywhere=True)   # M1 M2 M5 guard it
    assert [a["invader"] for a in out.data["abilities"]] == ["M1", "M2", "M5"]
    assert out.state["titans"]["Brute"]["damage"] == 3                                 # 1 each, ignoring Armor


def test_an_unused_choice_is_refused():
    with pytest.raises(InputError, match="no invader ability here disables a Tech Card \\(Gun was chosen\\)"):
        fight.move(fighting(), dice(), "Atlas", "Beijing", disable=("Gun",))
    with pytest.raises(InputError, match="no invader ability here damages an adjacent city \\(Paris was chosen\\)"):
        opening.invade(started(), dice(), "North", "Lima", adjacent=("Paris",))


def test_amphibious_effect_takes_dice_from_the_attackers_combat_check_green():
    s = put(put(fighting(die_table=DICE_TABLE), "A1", "Tokyo"), "A2", "Tokyo")     # dice -1 each
    d = dice(2, 2, 2, 2)
    out = apply(fight.attack, s, Attack("Atlas", targets=("A1",)), dice=d)
    assert len(d.rolls) == 2 and out.data["successes"] == 2                        # Combat 4 - 1 - 1
    assert "2 dice (Combat 4, A1 -1, A2 -1)" in " ".join(out.lines)
    typed = apply(fight.attack, s, Attack("Atlas", successes=1, targets=("A1",)))
    assert any("Atlas's dice for this Combat Check: 2 (Combat 4, A1 -1, A2 -1)" in x for x in typed.lines)


def test_amphibious_effect_damages_the_city_after_the_attack_white():
    s = with_threat(put(fighting(), "A1", "Tokyo"), 6)                               # dice -1, city 1
    out = apply(fight.attack, s, Attack("Atlas", successes=3))
    assert out.data["destroyed"] == ["A1"] and out.state["cities"]["Tokyo"]["damage"] == 1
    assert out.lines.index("A1 is destroyed: Ana gains 1 Credit; put the pawn on spot 3 of the South Lair (its "
                           "first free spot).") < out.lines.index("Tokyo takes 1 damage (A1's ability): put 1 City "
                                                            "Damage Token on it (1/4).")


def test_amphibious_effect_damages_the_attacker_red():
    s = with_threat(put(fighting(), "A1", "Tokyo"), 16)                              # dice -2, titan 1
    s["titans"]["Atlas"]["armor"] = 0
    assert apply(fight.attack, s, Attack("Atlas", successes=1)).state["titans"]["Atlas"]["damage"] == 1


def test_terrestrial_effect_damages_its_city_when_destroyed_green():
    s = put(fighting(), "T1", "Tokyo")
    assert apply(fight.attack, s, Attack("Atlas", successes=2)).state["cities"]["Tokyo"]["damage"] == 1
    assert apply(fight.attack, s, Attack("Atlas", successes=1)).state["cities"]["Tokyo"]["damage"] == 0   # not destroyed


def test_terrestrial_effect_damages_every_titan_and_support_in_its_city_red():
    s = with_threat(put(fighting(), "T1", "Tokyo"), 16)                              # titans 2, supports 2
    s["players"]["Bo"]["supports"] = [{"city": "Tokyo", "damage": 0}, {"city": "London", "damage": 0}]
    out = apply(fight.attack, s, Attack("Atlas", successes=4))
    assert out.state["titans"]["Atlas"]["damage"] == 1                                # Armor 1
    assert out.state["players"]["Bo"]["supports"] == [{"city": "London", "damage": 0}]


def test_terrestrial_guardian_has_no_city_to_damage():
    s = do(fight.move, do(turn.pass_turn, fighting(), "Ana"), "Brute", "West", anywhere=True)
    out = apply(fight.attack, s, Attack("Brute", successes=2, targets=("T1",)))
    assert any("there is none on the West Rift" in line for line in out.lines)


def test_an_ability_without_an_effect_is_a_reminder():
    s = put(fighting(), "T1", "Tokyo")
    s["cards"]["T1"].pop("effect")
    out = apply(fight.attack, s, Attack("Atlas", successes=2))
    assert out.state["cities"]["Tokyo"]["damage"] == 0 and out.data["abilities"][0]["applied"] is False
    assert "(T1's ability has no effect journal applies: resolve it by hand.)" in out.lines


def test_a_missing_choice_names_its_option_and_values():
    s = with_threat(started(), 6)
    with pytest.raises(NeedChoice) as e:
        opening.invade(s, dice(), "North", "Lima")
    assert (e.value.option, e.value.param, e.value.values) == ("--adjacent", "adjacent",
                                                               ["Buenos Aires", "Mexico City", "Sao Paulo"])
    s = with_threat(put(fighting(), "M1", "Beijing"), 11)
    s["titans"]["Atlas"]["tech"] = {"Gun": {"slot": "hand1", "charges": 1, "disabled": False},
                                    "Visor": {"slot": "head", "charges": 0, "disabled": False}}
    s["decks"]["tech"] -= 2
    with pytest.raises(NeedChoice) as e:
        fight.move(s, dice(), "Atlas", "Beijing")
    assert (e.value.option, e.value.param, e.value.values) == ("--disable", "disable", ["Gun", "Visor"])


def test_flying_invaders_ability_triggers_when_they_invade():
    out = apply(opening.invade, started(), "North", "Lima")
    assert any("F1's Flying ability" in line and "invaded city takes 1 more damage" in line for line in out.lines)


def test_mechanical_invaders_ability_triggers_when_a_titan_enters_their_city():
    s = put(fighting(), "M1", "Beijing")
    out = apply(fight.move, s, "Atlas", "Beijing")
    assert any("M1's Mechanical ability" in line for line in out.lines)


def test_amphibious_ability_triggers_on_attack_and_terrestrial_on_death():
    s = put(put(fighting(), "A1", "Tokyo"), "T1", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=2, targets=("T1",)))
    text = " ".join(out.lines)
    assert "A1's Amphibious ability" in text and "T1's Terrestrial ability" in text
