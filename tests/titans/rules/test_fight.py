"""The Fight Phase (rules/fight.py): step 1, Movement (at setup, placing the Titans); step 2,
Attack (targets in order, excess damage, rewards, Provoke, Attack Tag immunities at Red, the Final
Blow, the Combat Check); Combat Repair and the Repair Action."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games.titans.cli import upgrade as cli_upgrade
from journal.games.titans.rules import byhand, ending, fight, opening, setup, upgrade
from journal.games.titans.rules.fight import Attack, Repair
from titans.titans_helpers import (
    DICE_TABLE, TITANS, apply, dice, do, emptied, equipped, fighting, passed, put, refused, repairs_skipped, table,
    to_upgrade_phase, unplaced, with_sword, with_threat,
)


def test_immunity_ignores_every_equipped_tech_card_bearing_the_tag():
    s = put(with_sword(fighting(die_table=DICE_TABLE)), "M3", "Tokyo")     # M3 at Red: immune to energy
    red = with_threat(s, 16)
    d = dice(1, 1, 1, 1)                                               # four red symbols
    out = apply(fight.attack, red, Attack("Atlas"), dice=d)                    # Plasma Sword not declared
    assert out.data["ignored_tech"] == ["Plasma Sword"] and len(d.rolls) == 4      # no +1 die
    assert out.data["successes"] == 4                                  # and no two-handed double red
    assert "Atlas ignores Plasma Sword (energy) in this attack: no bonus from it." in out.lines
    d = dice(1, 1, 1, 1, 1)
    assert apply(fight.attack, with_threat(s, 15), Attack("Atlas"), dice=d).data["successes"] == 10   # Blue: 5 reds × 2


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


def test_moving_onto_an_empty_rift_calls_for_the_trial():
    s = emptied(fighting(), "North")
    out = apply(fight.move, passed(s, "Ana"), "Brute", "North")
    assert out.state["titans"]["Brute"] == {**out.state["titans"]["Brute"], "rift": "North"}
    assert "city" not in out.state["titans"]["Brute"]
    assert any("faces the Trial" in line for line in out.lines) and out.state["round"]["trial"] == "Brute"


def test_attack_each_success_deals_one_damage():
    s = put(fighting(), "F5", "Tokyo")                       # HP 4 in Green
    out = apply(fight.attack, s, Attack("Atlas", successes=3))
    assert out.state["invaders"]["F5"]["damage"] == 3 and out.data["hits"] == [{"invader": "F5", "damage": 3}]


def test_attack_excess_damage_goes_to_the_next_target_and_is_lost_after_the_last():
    s = put(put(put(fighting(), "F1", "Tokyo"), "F2", "Tokyo", damage=1), "F5", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=6, targets=("F1", "F2"), bonus_dice=2))
    assert out.data["destroyed"] == ["F1", "F2"] and out.data["excess_lost"] == 3
    assert out.state["invaders"] == {"F5": {"city": "Tokyo", "damage": 0}}


def test_attack_destroyed_invader_reward_and_lair_first_free_spot():
    s = put(fighting(), "F5", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas", successes=4))
    assert out.state["players"]["Ana"]["credits"] == 3
    assert out.state["rifts"]["North"]["lair"] == {"1": "F3", "2": "F4", "3": "F5"}
    assert "F5 is destroyed: Ana gains 3 Credits; put the pawn on spot 3 of the North Lair (its first free spot)." \
        in out.lines


def test_the_lair_is_a_row_of_spots():
    """The book, Attack: "Remove the Invader Pawn and place it in the Lair on the first available
    spot"; Invasion: "If no Invader is available on a Rift, the Lead Character will take the first
    one from the Lair". A defeated pawn takes the lowest free spot, an invasion takes the pawn on
    the lowest spot: F1, put on spot 1 once F3 has left it, is the next to invade, before F4."""
    s = fighting()
    for pid, city in (("F1", "Tokyo"), ("F2", "Cairo"), ("F5", "Lima")):
        s = put(s, pid, city)                                    # the North Rift is empty
    assert s["rifts"]["North"]["lair"] == {"1": "F3", "2": "F4"}
    out = apply(opening.invade, s, "North", "Paris", by_card=True)
    assert "Take F3 (Flying, Green: HP 3, DMG 1) from the North Lair (spot 1) and place it on Paris." in out.lines
    assert out.state["rifts"]["North"]["lair"] == {"2": "F4"}
    out = apply(fight.attack, out.state, Attack("Atlas", successes=4))
    assert "put the pawn on spot 1 of the North Lair (its first free spot)" in " ".join(out.lines)
    assert out.state["rifts"]["North"]["lair"] == {"1": "F1", "2": "F4"}
    out = apply(opening.invade, out.state, "North", "Moscow", by_card=True)
    assert out.data["invader"] == "F1" and out.state["rifts"]["North"]["lair"] == {"2": "F4"}


def test_attack_reward_per_section_overrides_the_cards_reward():
    s = put(fighting(), "F1", "Tokyo")
    s["cards"]["F1"]["credits"] = [1, 1, 1, 5]
    s = with_threat(s, 16)
    assert apply(fight.attack, s, Attack("Atlas", successes=9, bonus_dice=5)).state["players"]["Ana"]["credits"] == 5


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
    assert s["rifts"]["West"]["guardians"] == ["T2", "T5"] and s["rifts"]["West"]["lair"]["3"] == "T1"


def test_provoke_never_takes_from_the_lair():
    s = emptied(fighting(), "West")
    with pytest.raises(RuleError, match="Lair cannot be provoked"):
        fight.attack(s, dice(), Attack("Atlas", successes=2, provoke=True, rift="West"))
    with pytest.raises(InputError, match="name the rift to provoke, one of North, South, East: journal titans attack "
                                         "Atlas --provoke --rift North, journal titans attack Atlas --provoke"):
        fight.attack(s, dice(), Attack("Atlas", successes=2, provoke=True))


def test_immunities_to_attack_tags_apply_only_at_red():
    s = put(fighting(), "M3", "Tokyo")                       # red section: immune to energy
    s = equipped(s, **{"Plasma Sword": {"slot": "hands", "charges": 0, "disabled": False, "tags": ["energy"]}})
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
    s = repairs_skipped(to_upgrade_phase(s))
    out = apply(upgrade.develop, s, "Ana", "refresh")
    assert out.state["titans"]["Atlas"]["blow_ready"] and out.state["players"]["Ana"]["credits"] == 1
    with pytest.raises(RuleError, match="no Refresh Cost"):
        upgrade.develop(s, dice(), "Bo", "refresh")


def test_attack_guardians_on_a_rift_as_in_a_city():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")
    out = apply(fight.attack, s, Attack("Brute", successes=3, targets=("F1", "F2")))
    r = out.state["rifts"]["North"]
    assert r["guardians"] == ["F2", "F5"] and r["guardian_damage"] == {"F2": 1}
    assert r["lair"] == {"1": "F3", "2": "F4", "3": "F1"}


def test_attack_rolls_with_a_face_table():
    s = put(fighting(die_table=DICE_TABLE), "F5", "Tokyo")
    # faces: 1 red, 2 bolt, 3 bolt, 4 gear, 5 wing, 6 blank; combat counts red and bolt
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(1, 2, 4, 6))
    assert out.data["successes"] == 2 and out.data["rolled"]
    s = equipped(s, Maul={"slot": "hands", "charges": 0, "disabled": False})
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(1, 2, 4, 6))   # two-handed: red counts 2
    assert out.data["successes"] == 3
    with pytest.raises(InputError, match="count the successes on your custom dice and type them: journal titans "
                                         "attack Atlas --successes N \\(journal rolls them only in a game set up"):
        fight.attack(put(fighting(), "F5", "Tokyo"), dice(), Attack("Atlas"))


def test_repair_successes_heal_charge_or_re_enable():
    s = equipped(do(byhand.damage, fighting(), 4, titan="Atlas", direct=True),
                  Gun={"slot": "hand1", "charges": 1, "disabled": False},
                  Visor={"slot": "head", "charges": 2, "disabled": True})
    s = to_upgrade_phase(s)
    out = apply(fight.repair, s, Repair("Atlas", successes=4, heal=2, charge=("Gun",), enable=("Visor",), bonus_dice=2))
    t = out.state["titans"]["Atlas"]
    assert t["damage"] == 2 and t["tech"]["Gun"]["charges"] == 2
    assert t["tech"]["Visor"] == {"slot": "head", "charges": 0, "disabled": False}   # T6: restarts at 0
    with pytest.raises(RuleError, match="only 2 available|4 successes spent"):
        fight.repair(s, dice(), Repair("Atlas", successes=2, heal=2, charge=("Gun",)))


def test_repair_default_heals_as_much_as_it_can():
    s = to_upgrade_phase(do(byhand.damage, fighting(), 2, titan="Atlas", direct=True))
    out = apply(fight.repair, s, Repair("Atlas", successes=3, bonus_dice=1))
    assert out.state["titans"]["Atlas"]["damage"] == 0 and out.data["unspent"] == 1


def test_tech_cards_hold_at_most_three_charges():
    s = to_upgrade_phase(equipped(fighting(), Gun={"slot": "hand1", "charges": 3, "disabled": False}))
    with pytest.raises(RuleError, match="already has 3 Charges"):
        fight.repair(s, dice(), Repair("Atlas", successes=1, charge=("Gun",)))
    with pytest.raises(InputError, match="0-3"):
        cli_upgrade.tech_details("charge", 4, None, (), False, (), ())


def test_combat_repair_only_unmoved_on_a_city_without_invaders_capped_at_repair():
    s = do(byhand.damage, fighting(), 5, titan="Atlas", direct=True)
    out = apply(fight.repair, s, Repair("Atlas", successes=4, bonus_dice=2))
    assert out.data["kind"] == "Combat Repair" and out.state["titans"]["Atlas"]["damage"] == 3
    with pytest.raises(RuleError, match="already moved"):
        fight.move(out.state, dice(), "Atlas", "Beijing")
    moved = do(fight.move, s, "Atlas", "Beijing")
    with pytest.raises(RuleError, match="has moved this turn"):
        fight.repair(moved, dice(), Repair("Atlas", successes=1))
    with pytest.raises(RuleError, match="invaders are on Tokyo"):
        fight.repair(put(s, "F1", "Tokyo"), dice(), Repair("Atlas", successes=1))


def test_repair_action_on_a_refuge_city_succeeds_without_rolling():
    s = to_upgrade_phase(do(byhand.damage, fighting(3), 3, titan="Cora", direct=True))     # Cora on Sydney, repair 3
    out = apply(fight.repair, s, Repair("Cora"))
    assert out.data["successes"] == 3 and out.state["titans"]["Cora"]["damage"] == 0


def test_repair_action_comes_before_gain_charges():
    s = to_upgrade_phase(fighting())
    s = do(fight.repair, s, Repair("Brute", successes=1))
    s = do(upgrade.develop, do(fight.repair, s, Repair("Atlas", skip=True)), "Ana", "industry")
    with pytest.raises(RuleError, match="already made its Repair Check"):
        fight.repair(s, dice(), Repair("Brute", successes=1))


def test_each_player_rolls_a_repair_check_in_the_upgrade_phase():
    """The book, Upgrade Phase, Step 1: "At the start of the Upgrade Phase each player rolls a Repair
    Check". The phase goes on (Gain Charges, Development, the Ending Phase) only once each player
    has rolled it, or said they skip it (`--skip`, logged)."""
    s = to_upgrade_phase(fighting())
    with pytest.raises(RuleError) as refusal:
        apply(upgrade.develop, s, "Ana", "industry")
    assert refusal.value.message == ("at the start of the Upgrade Phase each player rolls a Repair Check: Atlas, "
                                     "Brute have not rolled or skipped it:")
    assert refusal.value.commands == (  # one a line under the Error line (issue 30 item 8)
        "journal titans repair Atlas --upgrade --successes N", "journal titans repair Atlas --upgrade --skip",
        "journal titans repair Brute --upgrade --successes N", "journal titans repair Brute --upgrade --skip")
    out = apply(fight.repair, s, Repair("Atlas", successes=1))
    assert out.lines[-1] == ("Still to roll a Repair Check: journal titans repair Brute --successes N; journal "
                             "titans repair Brute --skip.")
    assert "Brute has not" in refused(ending.ending, out.state)
    out = apply(fight.repair, out.state, Repair("Brute", skip=True))
    assert out.lines == ["Brute: no Repair Check this Upgrade Phase (Bo skips it).",
                         "The Repair Checks are over: Development next, from Ana (journal titans develop Ana ACTION: "
                         "industry, army, research or refresh)."]
    assert out.data["skipped"] and out.state["round"]["repaired"] == ["Atlas", "Brute"]
    assert apply(upgrade.develop, out.state, "Ana", "industry").state["round"]["charged"]
    with pytest.raises(RuleError, match="Combat Repair is the player's choice: nothing to skip"):
        fight.repair(fighting(), dice(), Repair("Atlas", skip=True))


def test_repair_rolls_with_a_face_table():
    s = to_upgrade_phase(do(byhand.damage, fighting(die_table=DICE_TABLE), 2, titan="Atlas", direct=True))
    out = apply(fight.repair, s, Repair("Atlas"), dice=dice(4, 1))        # gear, red: repair counts both
    assert out.data["successes"] == 2 and out.data["rolled"] and out.state["titans"]["Atlas"]["damage"] == 0


def test_combat_repair_and_the_repair_action_in_one_turn():
    s = do(byhand.damage, fighting(), 5, titan="Atlas", direct=True)
    s = do(fight.repair, s, Repair("Atlas", successes=2))
    s = do(fight.repair, s, Repair("Atlas", successes=2, upgrade=True))
    assert s["titans"]["Atlas"]["damage"] == 1
    with pytest.raises(RuleError, match="already made its Repair Check"):
        fight.repair(s, dice(), Repair("Atlas", successes=1))


def test_setup_places_each_titan_once():
    s = do(fight.move, unplaced(2), "Atlas", "Cairo")
    assert "already placed on Cairo" in refused(fight.move, s, "Atlas", "Lima")


def test_a_titan_facing_a_tyrant_is_told_the_whole_commands():
    s = fighting()
    emptied(s, "North")["rifts"]["North"].update(trial="tyrant", challenger="Atlas", trial_turn=0)
    s["titans"]["Atlas"].pop("city")
    s["titans"]["Atlas"]["rift"] = "North"
    with pytest.raises(RuleError) as e:
        fight.move(s, None, "Atlas", "Tokyo")
    assert ("`journal titans rift close North --titan Atlas` or `journal titans trial Atlas fail --rift North "
            "--to CITY`") in str(e.value)


def test_a_destroyed_refuge_city_gives_no_success_without_rolling():
    """The book, Upgrade Phase step 1: "If the Titan occupies a Refuge City (Green), it automatically
    obtains a success for each point of its Repair ability." Reading: a destroyed Refuge City is no
    refuge: its Titan rolls (or types) its Repair Check."""
    s = do(byhand.damage, fighting(3), 2, titan="Cora", direct=True)        # Cora on Sydney, a Refuge City
    s = to_upgrade_phase(do(byhand.damage, s, 5, city="Sydney"))
    out = apply(fight.repair, s, Repair("Cora", successes=0))
    assert out.data["successes"] == 0 and out.state["titans"]["Cora"]["damage"] == 2
