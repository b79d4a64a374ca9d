"""Dice and Ability Checks (rules/checks.py): the dice pool with the bonus dice of Tech Cards,
Tyrant Artifacts and the Final Blow, re-rolls, a check rolled by journal, the odds of one."""

from __future__ import annotations

import pytest

from journal.errors import InputError, RuleError
from journal.games import titans as game
from journal.games.titans.cli.values import rolled_only
from journal.games.titans.rules import byhand, checks, fight, opening, pilots, rifts, setup, turn, upgrade
from journal.games.titans.rules.fight import Attack
from titans.titans_helpers import DICE_TABLE, TITANS, apply, dice, do, emptied, ended, fighting, put, table, with_sword

# the sample face table: 1 red, 2 bolt, 3 bolt, 4 gear, 5 wing, 6 blank; combat counts red and bolt


def test_tech_card_bonus_dice_join_the_ability_check():
    s = put(with_sword(fighting(die_table=DICE_TABLE)), "F5", "Tokyo")
    assert s["titans"]["Atlas"]["tech"]["Plasma Sword"]["dice"] == {"combat": 1}
    d = dice(2, 2, 6, 6, 6)
    out = apply(fight.attack, s, Attack("Atlas"), dice=d)
    assert len(d.rolls) == 5 and out.data["successes"] == 2            # Combat 4 + 1
    assert "5 dice (Combat 4, Plasma Sword +1)" in out.lines[1]
    assert checks.dice_pool(s, "Atlas", "repair") == (2, [("Repair", 2)])   # a combat bonus only


def test_disabled_tech_card_gives_no_bonus_dice():
    s = put(with_sword(fighting(die_table=DICE_TABLE)), "F5", "Tokyo")
    s = do(upgrade.tech, s, "Atlas", "disable", "Plasma Sword")
    d = dice(2, 2, 6, 6)
    apply(fight.attack, s, Attack("Atlas"), dice=d)
    assert len(d.rolls) == 4


def test_final_blow_bonus_dice():
    spec = [{**TITANS[0], "blow_dice": 2}, TITANS[1]]
    s = setup.new(table(spec, die_table=DICE_TABLE), dice()).state
    s = put(do(turn.next_phase, do(opening.opening, s)), "F5", "Tokyo")
    d = dice(*[6] * 6)
    out = apply(fight.attack, s, Attack("Atlas", final_blow=True), dice=d)
    assert len(d.rolls) == 6 and "Final Blow +2" in " ".join(out.lines)


def test_tyrant_artifact_bonus_dice_are_never_disabled_nor_ignored():
    s = emptied(fighting(2), "North")
    s = do(rifts.trial, do(fight.move, s, "Atlas", "North"), "Atlas", "North", "pass")
    s = do(turn.next_phase, do(opening.opening, ended(s)))          # turn 2: Bo leads
    s = do(turn.pass_turn, s, "Bo")
    out = apply(rifts.rift_close, s, "North", "Atlas", city="Toronto", artifact="Storm Crown",
                bonus={"repair": 1, "combat": 2})
    p = out.state["players"]["Ana"]
    assert p["artifacts"] == ["Storm Crown"] and p["artifact_dice"] == {"Storm Crown": {"repair": 1, "combat": 2}}
    s = out.state
    s["dice"] = dict(DICE_TABLE)
    s = do(byhand.damage, s, 10, titan="Atlas", direct=True)                  # Tech Cards disabled; not artifacts
    assert checks.dice_pool(s, "Atlas", "combat") == (6, [("Combat", 4), ("Storm Crown", 2)])
    s2 = out.state                                                    # a second Tyrant, same artifact name
    south = emptied(s2, "South")["rifts"]["South"]
    south.update(trial="tyrant", challenger="Atlas", trial_turn=1)
    s2["titans"]["Atlas"].pop("city")
    s2["titans"]["Atlas"]["rift"] = "South"
    s2["round"]["done"] = []
    assert game.validate(s2) == []
    with pytest.raises(RuleError, match="already holds an artifact named Storm Crown"):
        rifts.rift_close(s2, dice(), "South", "Atlas", city="Sao Paulo", artifact="Storm Crown")


def test_reroll_rolls_failed_dice_again_once_each():
    s = put(fighting(die_table=DICE_TABLE), "F5", "Tokyo")
    d = dice(2, 6, 4, 6, 1, 5)                         # bolt, blank, gear, blank; re-roll 2: red, wing
    out = apply(fight.attack, s, Attack("Atlas", reroll=2), dice=d)
    assert out.data["successes"] == 2 and len(d.rolls) == 6
    assert "Re-roll 2 failed dice once each: blank → red, gear → wing: 2 successes." in out.lines
    with pytest.raises(InputError, match="--reroll only goes with a roll by journal"):
        rolled_only(2, 0, 1)
    d = dice(1, 2, 3, 1)
    apply(fight.attack, s, Attack("Atlas", reroll=3), dice=d)                 # no failed die: nothing more is rolled
    assert len(d.rolls) == 4


def test_check_adds_bonus_dice_and_rerolls():
    s = with_sword(fighting(die_table=DICE_TABLE))
    d = dice(6, 6, 6, 6, 6, 2, 2)                  # five blanks; two re-rolled: bolt, bolt
    out = apply(checks.check, s, "Atlas", "combat", reroll=2, dice=d)
    assert out.data["successes"] == 2 and len(d.rolls) == 7 and out.state == s


def test_check_rolls_an_ability_check_and_changes_nothing():
    s = fighting(die_table=DICE_TABLE)
    out = apply(checks.check, s, "Atlas", "movement", dice=dice(5, 2, 6))   # wing, bolt, blank
    assert out.data["successes"] == 2 and out.state == s


def test_odds_count_the_red_symbol_twice_with_a_two_handed_tech_card():
    s = fighting(die_table=DICE_TABLE)
    s = apply(upgrade.tech, s, "Atlas", "equip", "Maul", slot="hands").state
    s["titans"]["Atlas"]["combat"] = 2
    # one die: 2 successes on red (1/6), 1 on bolt (2/6), none on the 3 others; two dice:
    # 0 → 9/36, 1 → 12/36, 2 → 6/36 + 4/36, 3 → 4/36, 4 → 1/36
    o = checks.odds(s, "Atlas", "combat")
    assert o["red_counts_two"] and o["at_least"] == pytest.approx([1, 27 / 36, 15 / 36, 5 / 36, 1 / 36])


def test_odds_of_a_combat_check_count_the_amphibious_invaders_where_the_titan_stands():
    s = put(fighting(die_table=DICE_TABLE), "A1", "Tokyo")      # A1 (Green): the attacker rolls 1 die less
    o = checks.odds(s, "Atlas", "combat")
    assert o["dice"] == 3 and [p["source"] for p in o["pool"]] == ["Combat", "A1"]


def test_success_symbols_come_from_each_titan_sheet():
    """The book, Titan Abilities: "Each die symbol matching the corresponding symbols of the Combat
    ability printed on the Titan Sheet is counted as a success"; Dice and Ability Checks: "compare
    the symbols on the dice with the symbols shown on the corresponding ability on the Titan
    Sheet", and "some Episode Cards, Tech Cards, etc., can modify the symbols that are considered a
    success". Atlas's sheet counts gear in combat: its rolls and odds use it; Brute's, the game's."""
    spec = [{**TITANS[0], "dice": {"combat": ["gear"]}}, TITANS[1]]
    s = setup.new(table(spec, die_table=DICE_TABLE), dice()).state
    assert s["titans"]["Atlas"]["dice"] == {"combat": ["gear"]} and "dice" not in s["titans"]["Brute"]
    s = put(do(turn.next_phase, do(opening.opening, s)), "F5", "Tokyo")
    out = apply(fight.attack, s, Attack("Atlas"), dice=dice(4, 4, 1, 2))        # gear, gear, red, bolt
    assert out.data["successes"] == 2 and "gear, gear, red, bolt: 2 successes" in " ".join(out.lines)
    assert checks.odds(s, "Atlas", "combat")["successes_on"] == ["gear"]
    assert checks.odds(s, "Atlas", "combat")["at_least"][1] == pytest.approx(1 - (5 / 6) ** 4)
    assert checks.odds(s, "Brute", "combat")["successes_on"] == ["red", "bolt"]
    assert checks.odds(s, "Atlas", "repair")["successes_on"] == ["red", "gear"]  # the game's: the sheet is silent


def test_a_titan_sheet_alone_gives_the_face_table_of_its_checks():
    """Without a game table, a Titan whose sheet gives every key rolls; the other one cannot."""
    spec = [{**TITANS[0], "dice": dict(DICE_TABLE)}, TITANS[1]]
    s = setup.new(table(spec), dice()).state
    assert game.validate(s) == []
    s = do(turn.next_phase, do(opening.opening, s))
    assert apply(checks.check, s, "Atlas", "movement", dice=dice(5, 2, 6)).data["successes"] == 2
    with pytest.raises(RuleError, match="needs the custom dice's face table"):
        checks.check(s, dice(), "Brute", "movement")
    s["titans"]["Atlas"]["dice"] = {"combat": ["gear"]}
    assert game.validate(s) == ["state.titans.Atlas.dice lacks faces, red, movement, repair, and the game has no "
                                "face table to take them from"]
    s["titans"]["Atlas"]["dice"] = {**DICE_TABLE, "combat": ["skull"]}
    assert game.validate(s) == ["state.titans.Atlas.dice.combat: \"skull\" is on no face"]


def test_the_pilot_die_reads_the_red_symbol_of_the_titans_own_table():
    spec = [{**TITANS[0], "dice": {"red": "gear"}}, TITANS[1]]
    s = setup.new(table(spec, die_table=DICE_TABLE), dice()).state
    s = do(byhand.damage, do(turn.next_phase, do(opening.opening, s)), 10, titan="Atlas", direct=True)
    out = apply(pilots.pilot_check, s, "Atlas", dice=dice(4))
    assert out.data["red"] is True and "The die shows gear." in out.lines


def test_odds_with_rerolls_roll_each_failed_die_once_more():
    """Re-rolls ("a re-rolled die cannot be re-rolled again"): one die with a 1/2 chance, one
    re-roll, succeeds 3/4 of the time."""
    half = [1, 1, 1, 0, 0, 0]
    assert checks.distribution(half, 1, reroll=1) == [pytest.approx(1 / 4), pytest.approx(3 / 4)]
    assert checks.distribution(half, 2) == [pytest.approx(1 / 4), pytest.approx(1 / 2), pytest.approx(1 / 4)]
    two = checks.distribution(half, 2, reroll=1)      # 0: both fail and the re-roll fails: 1/4 * 1/2
    assert two[0] == pytest.approx(1 / 8) and sum(two) == 1
