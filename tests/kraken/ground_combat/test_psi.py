"""journal/games/kraken/ground_combat/psi.py: Chapter 14, PSI powers: the check, Ground Combat
attacks and support, Dungeon support, Meditate."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, fight, new_state, started, with_crew, with_enemy

from journal.errors import InputError, RuleError
from journal.games.kraken import crew, crew as crew_rules
from journal.games.kraken.ground_combat import actions, psi, psi as psi_rules, spawn


def psi_fight(psi=2, acted=True) -> dict:
    s = new_state(lines=())
    s = apply(s, crew_rules.crew_add, name="Mila", attrs={"agility": 3, "strength": 4, "tech": 3, "charisma": 2,
                                                     "ranged": 2, "melee": 2}, psi=True).state
    s = with_crew(s, "Ann")
    s["crew"]["Mila"]["psi"] = psi
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = with_enemy(with_enemy(s, "E1", hp=10, armor=3), "E2", hp=10, shield="B:4/0")
    s = started(s)
    return apply(s, actions.ground_simple, name="Mila", action="wait").state if acted else s   # PSI after an action


def test_a_psi_power_comes_after_the_members_regular_action():
    """Ch. 14 PSI POWERS: "During Ground Combat after taking their regular action, Crew
    Members with the PSI Trait may activate a single PSI Power"."""
    s = fight(crew=("Ann", "Ben"))
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=4).state
    s = started(with_enemy(s, "E1", hp=9, actions=["1-6: idle"]))
    with pytest.raises(RuleError, match="after the member's regular action.*Ann has not acted yet"):
        psi_rules.ground_psi(s, dice(6), name="Ann", power="ATTACK")
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK")
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 7


def test_a_lone_wolf_uses_psi_after_each_of_their_two_activations():
    """Ch. 4 'Lone Wolf': "They will have two activations per Ground Combat turn. If they have
    PSI Powers they can also use their PSI Powers twice per Ground Combat turn"."""
    s = fight(crew=("Ann",))
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=4).state
    s = started(with_enemy(s, "E1", hp=9, actions=["1-6: idle"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK").state
    with pytest.raises(RuleError, match="not acted yet since their last PSI power"):
        psi_rules.ground_psi(s, dice(6), name="Ann", power="ATTACK")
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    assert apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK").state["ground"]["enemies"]["E1"]["hp"] == 5


def test_a_psi_attack_may_capture_too():
    """Ch. 4 ('with an attack') and 14: PSI ATTACK's 2 damage leaves a 2 HP enemy at 0."""
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, crew.crew_set, name="Ann", field="psi", value=4).state
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = started(with_enemy(with_enemy(s, "E1", hp=2), "E2", hp=9))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, psi.ground_psi, 3, name="Ann", power="ATTACK", target="E1", capture=True)
    assert out.state["ground"]["enemies"]["E1"]["carrier"] == "Ann"
    with pytest.raises(InputError, match="PSI attack"):
        psi.ground_psi(s, dice(3), name="Ann", power="CURE", capture=True)


def test_psi_shock_example():
    """Ch. 14: PSI 2, PSI SHOCK (6): a 3 makes 5: fail, -1 HP, exhausted; a 6 makes 8."""
    s = psi_fight()
    out = apply(s, psi_rules.ground_psi, 3, name="Mila", power="SHOCK")
    m = out.state["crew"]["Mila"]
    assert (m["hp"], m["psi_exhausted"]) == (7, True)
    out = apply(s, psi_rules.ground_psi, 6, name="Mila", power="SHOCK")
    e = out.state["ground"]["enemies"]
    assert (e["E1"]["hp"], e["E2"]["hp"], e["E2"]["shield"]["power"]) == (8, 8, 4)     # ignores Shields and Armor


@pytest.mark.parametrize("typed, power", [("shock", "SHOCK"), ("PSI SHOCK", "SHOCK"), ("psi-shock", "SHOCK"),
                                          ("cure 2", "CURE II"), ("Cure II", "CURE II"), ("midas", "MIDAS TOUCH"),
                                          ("oxygen", "OXYGEN CREATION"), ("cure_all", "CURE ALL")])
def test_a_psi_power_is_read_as_the_player_types_it(typed, power):
    assert psi_rules.psi_power(typed) == power


def test_an_unknown_psi_power_is_refused_naming_the_powers():
    with pytest.raises(InputError, match="'fireball' is not a PSI power: ATTACK, SHOCK, BLAST"):
        psi_rules.psi_power("fireball")
    with pytest.raises(InputError, match="'shock' is not a PSI power"):     # the rules take the book's name
        psi_rules.ground_psi(psi_fight(), dice(6), name="Mila", power="shock")


def test_a_failed_psi_check_on_a_1_costs_2_hp():
    out = apply(psi_fight(psi=5), psi_rules.ground_psi, 1, name="Mila", power="ATTACK", target="E1")
    assert out.data["success"] is True                                                  # 6 >= 5
    out = apply(psi_fight(psi=1), psi_rules.ground_psi, 1, name="Mila", power="BLAST", target="E1")
    assert out.state["crew"]["Mila"]["hp"] == 6


def test_psi_cure_is_harder_on_yourself_and_flash_always_works():
    s = psi_fight(psi=1)
    s["crew"]["Mila"]["hp"] = 3
    assert apply(s, psi_rules.ground_psi, 4, name="Mila", power="CURE").data["success"] is False      # 5 < 6
    s["crew"]["Ann"]["hp"] = 3
    assert apply(s, psi_rules.ground_psi, 4, name="Mila", power="CURE", target="Ann").state["crew"]["Ann"]["hp"] == 5
    out = apply(s, psi_rules.ground_psi, 2, name="Mila", power="FLASH")
    assert out.state["ground"]["flash"] is True and out.state["crew"]["Mila"]["psi_exhausted"]


def test_meditation_example():
    """Ch. 14: Strength 4 (8 HP), 3 HP lost: the meditation needs 6+."""
    s = psi_fight(acted=False)
    s["crew"]["Mila"].update(hp=5, psi_exhausted=True)
    out = apply(s, psi_rules.meditate, 5, name="Mila")
    assert (out.data["target"], out.data["recovered"], out.state["crew"]["Mila"]["hp"]) == (6, False, 4)
    out = apply(s, psi_rules.meditate, 6, name="Mila")
    assert "psi_exhausted" not in out.state["crew"]["Mila"]


def test_dungeon_psi_powers_cost_nothing_but_the_check():
    s = explorer()
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=3).state
    s["oxygen"] = 10
    out = apply(s, psi_rules.dungeon_psi, 5, name="Ann", power="OXYGEN CREATION")
    assert out.state["oxygen"] == 12
