"""journal/games/kraken/crew.py: 3.3-3.5 Set up your crew (rules notes K10-K11): members, HP,
levels, the leader, traits."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import ATTRS, HIRED, apply, dice, exploring, fight, new_state, started, with_crew, with_enemy

from journal.errors import InputError, RuleError
from journal.games.kraken import captives, crew, crew as crew_rules
from journal.games.kraken.dungeon import shops
from journal.games.kraken.ground_combat import actions


def test_crew_attributes_1_to_8_summing_to_16():
    s = new_state()
    with pytest.raises(RuleError, match="add up to 17: they must add up to exactly 16"):
        crew.crew_add(s, dice(), name="Zed", attrs={**ATTRS, "melee": 3})
    with pytest.raises(InputError, match="Agility 0 is outside 1..8"):
        crew.crew_add(s, dice(), name="Zed", attrs={**ATTRS, "agility": 0, "melee": 5})
    with pytest.raises(InputError, match="Tech is missing: a crew member has all six attributes"):
        crew.crew_add(s, dice(), name="Zed", attrs={k: v for k, v in ATTRS.items() if k != "tech"})


@pytest.mark.parametrize("strength, hp", [(1, 2), (4, 8), (7, 14), (8, 14)])
def test_hp_max_is_twice_strength_at_most_14(strength, hp):
    rest = 16 - strength                         # spread over the five other attributes
    others = [min(8, max(1, rest - 4 * 1))] + [1] * 4
    others[1] += rest - sum(others)
    attrs = dict(zip(["agility", "tech", "charisma", "ranged", "melee"], others, strict=True), strength=strength)
    out = apply(new_state(), crew.crew_add, name="Zed", attrs=attrs)
    assert out.state["crew"]["Zed"]["hp_max"] == hp == out.state["crew"]["Zed"]["hp"]


def test_at_most_four_traits_summing_to_zero():
    s = new_state()
    with pytest.raises(RuleError, match="add up to \\+1"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS, traits=[("Tough", 2), ("Slow", -1)])
    with pytest.raises(RuleError, match="5 traits"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS,
                       traits=[("A", 1), ("B", 1), ("C", -1), ("D", -1)], psi=True)
    ok = apply(s, crew.crew_add, name="Zed", attrs=ATTRS, traits=[("Tough", 2), ("Slow", -2)])
    assert ok.state["crew"]["Zed"]["traits"] == {"Tough": 2, "Slow": -2}


def test_one_psi_crew_member_at_level_1():
    s = apply(new_state(), crew.crew_add, name="Mila", attrs=ATTRS, psi=True).state
    assert s["crew"]["Mila"]["psi"] == 1
    with pytest.raises(RuleError, match="Mila has PSI already"):
        crew.crew_add(s, dice(), name="Zed", attrs=ATTRS, psi=True)


def test_at_most_four_crew():
    s = with_crew(new_state(), "A1", "A2", "A3", "A4")
    with pytest.raises(RuleError, match="at most 4 at any time"):
        crew.crew_add(s, dice(), name="A5", attrs=ATTRS)


def test_ray_and_lex_cannot_share_a_crew():
    s = with_crew(new_state(), "Ray")
    with pytest.raises(RuleError, match="cover each other"):
        crew.crew_add(s, dice(), name="lex", attrs=ATTRS)


def test_first_crew_member_leads_and_a_new_leader_follows_a_death():
    s = with_crew(new_state(), "Ray", "Mila")
    assert s["leader"] == "Ray"
    out = apply(s, crew.crew_hp, name="Ray", delta=-12)
    assert out.state["leader"] == "Mila"


@pytest.mark.parametrize("delta, hp, status", [(-7, 1, "active"), (-8, 0, "unconscious"), (-11, 0, "unconscious"),
                                               (+3, 8, "active")])
def test_hp_0_to_minus_3_is_unconscious_recorded_as_0(delta, hp, status):
    s = with_crew(new_state(), "Ray")
    out = apply(s, crew.crew_hp, name="Ray", delta=delta)
    assert (out.state["crew"]["Ray"]["hp"], out.state["crew"]["Ray"]["status"]) == (hp, status)


def test_minus_4_or_lower_kills_and_removes_and_a_preset_may_not_rejoin():
    s = with_crew(new_state(), "Ray", "Zed")
    s["crew"]["Ray"]["inventory"] = {"R": "Rifle"}
    out = apply(s, crew.crew_hp, name="Ray", delta=-12)
    assert "Ray" not in out.state["crew"] and out.state["fallen"] == ["Ray"]
    assert any("Collect Ray's equipment" in ln for ln in out.lines)
    with pytest.raises(RuleError, match="Ray died in this campaign"):
        crew.crew_add(out.state, dice(), name="Ray", attrs=ATTRS)
    custom = apply(out.state, crew.crew_hp, name="Zed", delta=-20)
    assert custom.state["fallen"] == ["Ray"] and custom.state["crew"] == {}


def test_an_unconscious_member_takes_no_further_damage():
    s = apply(with_crew(new_state(), "Ray"), crew.crew_hp, name="Ray", delta=-8).state
    with pytest.raises(RuleError, match="takes no further damage"):
        crew.crew_hp(s, dice(), name="Ray", delta=-1)
    woke = apply(s, crew.crew_hp, name="Ray", delta=2)
    assert woke.state["crew"]["Ray"] | {} and woke.state["crew"]["Ray"]["status"] == "active"


@pytest.mark.parametrize("level, cost", [(1, 4), (2, 9), (3, 16), (7, 64)])
def test_level_up_costs_the_new_level_squared(level, cost):
    """Chapter 14: 'leveling up from Level 2 to 3 requires you to pay 9 XP (3x3)'."""
    assert crew.level_cost(level) == cost


def test_level_up_example_2_to_3_pays_9_xp_and_raises_one_attribute():
    s = with_crew(new_state(), "Ray")
    s["crew"]["Ray"]["level"] = 2
    s["xp"] = 10
    out = apply(s, crew.crew_level_up, name="Ray", attribute="tech")
    assert out.state["xp"] == 1 and out.state["crew"]["Ray"]["level"] == 3 and out.state["crew"]["Ray"]["tech"] == 4
    s["xp"] = 8
    with pytest.raises(RuleError, match="costs 3² = 9 XP and the crew has 8 XP"):
        crew.crew_level_up(s, dice(), name="Ray", attribute="tech")


def test_raising_strength_raises_hp_max_and_hp_together():
    s = with_crew(new_state(), "Ray")
    s["xp"] = 4
    s = apply(s, crew.crew_hp, name="Ray", delta=-3).state       # 5/8
    out = apply(s, crew.crew_level_up, name="Ray", attribute="strength")
    r = out.state["crew"]["Ray"]
    assert (r["strength"], r["hp_max"], r["hp"]) == (5, 10, 7)


def test_level_up_never_raises_an_attribute_above_8():
    s = with_crew(new_state(), "Ray")
    s["crew"]["Ray"]["tech"] = 8
    s["xp"] = 100
    with pytest.raises(RuleError, match="above 8"):
        crew.crew_level_up(s, dice(), name="Ray", attribute="tech")


def test_level_up_into_traits():
    s = with_crew(new_state(), "Ray")
    s["xp"] = 100
    two = apply(s, crew.crew_level_up, name="Ray", traits=[("Brave", 2)])
    assert two.state["crew"]["Ray"]["level"] == 3 and two.state["xp"] == 100 - 4 - 9
    one = apply(s, crew.crew_level_up, name="Ray", traits=[("Brave", 2), ("Slow", -1)])
    assert one.state["crew"]["Ray"]["level"] == 2 and one.state["crew"]["Ray"]["traits"] == {"Brave": 2, "Slow": -1}
    psi = apply(s, crew.crew_level_up, name="Ray", psi=True, traits=[("Slow", -1)])
    assert psi.state["crew"]["Ray"]["psi"] == 1


def test_setting_strength_by_hand_changes_hp_max_as_at_creation():
    """Ch. 3.4: "if you increase Strength during play that Crew Member's HP will be increased
    as well, as it would when creating a Crew Member"; "A Crew Member's HP maximum is equal to
    twice their Strength Attribute, up to a limit of 14 max HP"."""
    s = with_crew(new_state(lines=()), "Ray")                                    # Strength 4: HP 8/8
    s["crew"]["Ray"]["hp"] = 5
    out = apply(s, crew_rules.crew_set, name="Ray", field="strength", value=6)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (12, 9)
    out = apply(out.state, crew_rules.crew_set, name="Ray", field="strength", value=9)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (14, 11)   # at most 14
    out = apply(out.state, crew_rules.crew_set, name="Ray", field="strength", value=3)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (6, 6)


def test_a_member_healed_by_hand_in_a_ground_combat_waits_too():
    """Ch. 4: "cannot take any actions before the next Ground Combat turn" (crew hp +N)."""
    s = started(with_enemy(fight(crew=("Ann", "Ben")), "E1", actions=["1-6: idle"]))
    s["crew"]["Ben"].update(hp=0, status="unconscious")
    s = apply(s, crew_rules.crew_hp, name="Ben", delta=3).state
    assert s["ground"]["revived"] == ["Ben"]
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        actions.ground_simple(s, dice(), name="Ben", action="wait")


def test_crew_members_are_hired_at_a_shop_up_to_its_grade():
    """Ch. 13 Shops: "You can buy a new Crew Member of a Level up to the Shop's grade. The cost
    of the Crew Member is 10 Credits for each Level they have"."""
    s = exploring()
    with pytest.raises(RuleError, match="hired at a Shop"):
        crew_rules.crew_add(s, dice(), name="Zed", attrs=dict(HIRED), level=2, hire=True)
    s = apply(s, shops.dungeon_shop, tile="S2").state                  # S2: grade 2
    with pytest.raises(RuleError, match="up to level 2"):
        crew_rules.crew_add(s, dice(), name="Zed", attrs=dict(HIRED, melee=4), level=3, hire=True)
    out = apply(s, crew_rules.crew_add, name="Zed", attrs=dict(HIRED), level=2, hire=True)
    assert out.state["credits"] == s["credits"] - 20 and out.state["crew"]["Zed"]["level"] == 2


def test_the_captive_of_a_carrier_who_leaves_gets_away():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, captives.captive_add, label="X", carrier="Ann", level=2).state
    out = apply(s, crew.crew_remove, name="Ann", died=True)
    assert "captives" not in out.state and any("gets away" in x for x in out.lines)


def test_hypothesis_helpers_use_a_fresh_member_set():
    s = with_crew(new_state(), "Ann")
    assert s["crew"]["Ann"]["agility"] == ATTRS["agility"]
