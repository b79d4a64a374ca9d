"""journal/games/kraken/ground_combat/enemies.py: Chapter 14, the enemies' actions: escaping, the d6
table, attacks by priority, traits."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, armed, dice, fight, fighters, new_state, started, waits, with_crew, with_enemy

from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop, profiles, spawn


@pytest.mark.parametrize("minion", [False, True])
def test_bosses_never_escape_including_their_minions(minion):
    """Ch. 13 Boss: "Bosses never escape (including their Minions)"."""
    s = with_enemy(fight(boss=True), "B1", hp=10, escape=3, xp=5, minion=minion, actions=["1-6: idle"])
    s = started(s)
    s["ground"]["enemies"]["B1"]["hp"] = 2
    for n in ("Ann", "Ben"):
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    out = apply(s, enemies.ground_enemy, 6, label="B1")                # the d6 6 is its action roll, not an escape
    assert out.state["ground"]["enemies"]["B1"]["status"] == "active"
    assert "escape" not in out.data and out.data["roll"] == 6
    assert "Bosses never escape (including their Minions)" in "\n".join(out.lines)


def test_an_enemy_that_is_no_boss_still_escapes():
    """Ch. 14: "If an Enemy's HP is at or below its escape value it will try to escape"."""
    s = started(with_enemy(fight(), "E1", hp=10, escape=3, xp=5, actions=["1-6: idle"]))
    s["ground"]["enemies"]["E1"]["hp"] = 2
    for n in ("Ann", "Ben"):
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    assert apply(s, enemies.ground_enemy, 6, label="E1").data["escape"] == 6


@pytest.mark.parametrize("trait, field, after", [("Regen: +2 HP", "hp", 7), ("Regen: +9 HP", "hp", 10),
                                                 ("Recharge: +2 Shield", "shield", 3)])
def test_enemy_traits_apply_after_its_regular_action(trait, field, after):
    """Ch. 14 Special Traits: after its regular action an enemy applies its traits (HP 5 of
    10, Shield 1 of 4 here): '+N HP' heals up to its maximum, '+N Shield' recharges."""
    s = started(with_enemy(fighters(), hp=10, shield="B:4/0", actions=["1-6: idle"], traits=[trait]))
    s["ground"]["enemies"]["E1"]["hp"] = 5
    s["ground"]["enemies"]["E1"]["shield"]["power"] = 1
    e = apply(waits(s, "Ann", "Ben"), enemies.ground_enemy, 3, label="E1").state["ground"]["enemies"]["E1"]
    assert (e["hp"] if field == "hp" else e["shield"]["power"]) == after
    assert (e["shield"]["power"] if field == "hp" else e["hp"]) == (1 if field == "hp" else 5)


def test_other_enemy_traits_are_shown_to_apply_by_hand():
    s = started(with_enemy(fighters(), actions=["1-6: idle"], traits=["Acid blood"]))
    out = apply(waits(s, "Ann", "Ben"), enemies.ground_enemy, 3, label="E1")
    assert any("traits to apply now (its sheet): Acid blood" in x for x in out.lines)
    with pytest.raises(InputError, match="': \\+1 HP' is not a trait: NAME or NAME: EFFECT"):
        profiles.parse_trait(": +1 HP")


def test_an_enemy_with_the_two_actions_trait_acts_twice():
    s = with_enemy(fighters(), traits=["2 actions"], actions=["1-6: idle"])
    assert s["ground"]["enemies"]["E1"]["acts"] == 2


def test_enemy_action_from_its_table_and_priority_targets():
    s = with_enemy(fighters(), actions=["1-2: idle", "3-6: ML 4+, 3"])
    s = started(armed(s, name="Ben"))
    s = apply(s, attacks.ground_attack, 2, name="Ann", weapon="fists", targets=["E1"]).state   # melee, missed
    s = apply(s, attacks.ground_attack, 2, name="Ben", weapon="Rifle", targets=["E1"]).state    # ranged
    out = apply(s, enemies.ground_enemy, 4, 6, label="E1")
    assert out.data["attacks"][0]["target"] == "Ann"                      # melee attackers first
    assert out.state["crew"]["Ann"]["hp"] == 8 - 4                        # 3 + 1 on a 6
    with pytest.raises(RuleError, match="priority"):
        enemies.ground_enemy(s, dice(4, 6), label="E1", target="Ben")


def test_several_candidates_ask_which_one():
    s = started(with_enemy(fighters(crew=("Ann", "Ben")), actions=["1-6: RG 4+, 2"]), crew_roll=1, enemy_roll=6)
    with pytest.raises(NeedChoice, match="--target is required"):
        enemies.ground_enemy(s, dice(3, 5), label="E1")
    assert apply(s, enemies.ground_enemy, 3, 5, label="E1", target="Ben").state["crew"]["Ben"]["hp"] == 6


def test_cover_makes_enemy_rolls_one_harder_and_adds_armor():
    s = started(with_enemy(fighters(crew=("Ann", "Ben")), actions=["1-6: RG 4+, 3"]))
    s = apply(s, actions.ground_simple, name="Ann", action="cover").state
    s = apply(s, actions.ground_simple, name="Ben", action="cover").state
    out = apply(s, enemies.ground_enemy, 1, 4, label="E1", target="Ann")
    assert out.data["attacks"][0]["hit"] is False
    out = apply(s, enemies.ground_enemy, 1, 5, label="E1", target="Ann")
    assert out.state["crew"]["Ann"]["hp"] == 8 - 2                        # 3 - 1 cover armor


@pytest.mark.parametrize("level, roll, hp", [(7, 4, 8 - 4), (8, 3, 8 - 5), (6, 3, 8)])
def test_level_7_and_8_enemies_hit_harder(level, roll, hp):
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, spawn.ground_start, 1, 6, 6, 1, level=level).state
    s = with_enemy(s, actions=["1-6: ML 4+, 3"])
    s = apply(s, loop.ground_initiative).state                                # lone wolf
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    assert apply(s, enemies.ground_enemy, 1, roll, label="E1").state["crew"]["Ann"]["hp"] == hp


def test_enemy_escapes_at_its_escape_value_on_4_plus_and_grants_xp_not_treasure():
    s = with_enemy(fighters(), hp=10, escape=3, xp=7, treasure=3, actions=["1-6: idle"])
    s = started(s)
    s["ground"]["enemies"]["E1"]["hp"] = 3
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ben", action="wait").state
    out = apply(s, enemies.ground_enemy, 4, label="E1")
    assert "ground" not in out.state and out.state["xp"] == 7 and "loot" not in out.state


def test_enemies_act_top_to_bottom():
    s = with_enemy(with_enemy(fighters(), "E1", actions=["1-6: idle"]), "E2", actions=["1-6: idle"])
    s = started(s, crew_roll=1, enemy_roll=6)
    with pytest.raises(RuleError, match="top to bottom"):
        enemies.ground_enemy(s, dice(1), label="E2")
