"""journal/games/kraken/ground_combat/attacks.py: Chapter 14, Combat actions, Attack: boosts, Flank,
Berserk, Chain Attack, hits, captures."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, armed, dice, fighters, started, waits, with_enemy

from journal.errors import InputError, RuleError
from journal.games.kraken import crew, equipment
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop


def chained(spec="Rifle (3) 4+, 3 A5 RG"):
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec=spec))
    return apply(s, crew.crew_trait, name="Ann", trait="Chain Attack", value=2).state


def test_capture_alien_at_0_to_minus_2_hp():
    """Ch. 4: lowering an alien to 0, -1 or -2 HP with an attack captures it; a captured alien
    is carried by a crew member. Our reading: it counts as defeated (XP, and a Primary's drop)."""
    s = started(with_enemy(fighters(), hp=3, armor=0, xp=4, treasure=2))
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="fists", targets=["E1"], capture=True)   # 1 + 1 + 1
    assert "ground" not in out.state
    assert out.state["captives"] == {"E1": {"name": "E1", "level": 3, "carrier": "Ann"}}
    assert out.state["xp"] == 4 and out.state["loot"] == [{"grade": 2, "from": "E1 (E1)"}]


@pytest.mark.parametrize("hp, captured", [(4, True), (2, True), (1, False)])
def test_capture_below_minus_2_hp_kills(hp, captured):
    """Rifle 3 + 1 boost = 4 damage: 4 HP → 0 and 2 HP → -2 are captured, 1 HP → -3 dies."""
    s = started(armed(with_enemy(fighters(), hp=hp, armor=0)))
    out = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Rifle", targets=["E1"], capture=True)
    assert ("captives" in out.state) is captured
    assert any("too far gone to capture" in x for x in out.lines) is not captured


def test_zombie_trait_does_not_die_below_minus_2_hp():
    """Ch. 4: below -2 HP an alien dies, unless it has the Zombie trait: it stays capturable."""
    s = started(armed(with_enemy(fighters(), hp=1, armor=0, traits=["Zombie"])))
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"], capture=True)   # 1 - 5 = -4
    assert out.state["captives"]["E1"]["carrier"] == "Ann"
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"])
    assert any("a Zombie does not die below -2 HP" in x for x in out.lines)


def test_a_crew_member_carrying_an_alien_cannot_attack():
    s = with_enemy(with_enemy(fighters(), "E1", hp=2, armor=0), "E2", hp=20, armor=0, actions=["1-6: idle"])
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"], capture=True).state
    assert s["ground"]["enemies"]["E1"]["status"] == "captured"
    s = apply(waits(s, "Ben"), enemies.ground_enemy, 1, label="E2").state
    s = apply(s, loop.ground_turn).state
    with pytest.raises(RuleError, match="carries the captured E1 and cannot attack"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="fists", targets=["E2"])
    out = apply(s, actions.ground_simple, name="Ann", action="exchange", captive_to="Ben")
    assert out.state["ground"]["enemies"]["E1"]["carrier"] == "Ben"
    with pytest.raises(RuleError, match="carries the captured E1"):
        attacks.ground_attack(out.state, dice(5), name="Ben", weapon="fists", targets=["E2"])


def test_capture_after_the_attack_and_only_down_to_minus_2():
    s = with_enemy(with_enemy(fighters(), "E1", hp=2, armor=0), "E2", hp=20, armor=0)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state    # 2 → 0: defeated
    out = apply(s, attacks.ground_capture, label="E1", carrier="Ben")
    assert out.state["ground"]["enemies"]["E1"]["status"] == "captured"
    s["ground"]["enemies"]["E1"]["hp"] = -3
    with pytest.raises(RuleError, match="below -2 it is dead"):
        attacks.ground_capture(s, dice(), label="E1", carrier="Ben")


def test_chain_attack_separate_attacks_boost_only_the_first():
    """Ch. 14: attacks granted by Chain Attack are separate attacks; the Ranged boost (Ranged
    2: +1 damage) applies to the first one only. Each spends its Ammo."""
    out = apply(chained(), attacks.ground_attack, 5, 5, name="Ann", weapon="Rifle", targets=["E1"], chain=1)
    assert [a["hp_damage"] for a in out.data["attacks"]] == [4, 3]
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 3


def test_a_jam_ends_the_chain():
    out = apply(chained(), attacks.ground_attack, 1, name="Ann", weapon="Rifle", targets=["E1"], chain=2)
    w = out.state["crew"]["Ann"]["weapons"]["Rifle"]
    assert w == {"spec": "Rifle (3) 4+, 3 A5 RG", "ammo": 5, "jam": "jammed"} and len(out.data["attacks"]) == 1


def test_chain_attack_needs_the_trait_and_no_t2_weapon():
    s = started(armed(with_enemy(fighters(), hp=30)))
    with pytest.raises(RuleError, match="no Chain Attack trait"):
        attacks.ground_attack(s, dice(5, 5), name="Ann", weapon="Rifle", targets=["E1"], chain=1)
    with pytest.raises(RuleError, match="T2"):
        attacks.ground_attack(chained("Plasma 4+, 2 RG T2"), dice(5, 5), name="Ann", weapon="Plasma", targets=["E1"],
                         chain=1)


def test_attacks_use_a_weapon_held_in_a_hand():
    s = fighters()
    for spec in ("Rifle (3) 4+, 3 A5 RG", "Pistol 4+, 2 A6 RG", "Knife 4+, 2 ML"):
        s = apply(s, equipment.crew_weapon, name="Ann", spec=spec).state
    assert s["crew"]["Ann"]["inventory"] == {"L": "Rifle", "R": "Pistol", "1": "Knife"}
    s = started(with_enemy(s, hp=30))
    with pytest.raises(RuleError, match="the Knife is not in Ann's hands \\(it is in backpack slot 1\\)"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="Knife", targets=["E1"])
    assert apply(s, attacks.ground_attack, 5, name="Ann", weapon="Pistol", targets=["E1"]).data["attacks"][0]["hit"]


def test_attack_hits_on_the_weapons_value_and_a_6_adds_one():
    s = started(armed(with_enemy(fighters(), armor=0)))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 6, name="Ann", weapon="Rifle", targets=["E1"])
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 10 - 4        # the Rifle example: 3 + 1 on a 6
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 4


def test_a_1_misses_jams_and_spends_no_ammo():
    s = started(armed(with_enemy(fighters())))
    out = apply(s, attacks.ground_attack, 1, name="Ann", weapon="Rifle", targets=["E1"])
    w = out.state["crew"]["Ann"]["weapons"]["Rifle"]
    assert w["jam"] == "jammed" and w["ammo"] == 5
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 10


def test_a_miss_spends_ammo():
    s = started(armed(with_enemy(fighters())))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 3, name="Ann", weapon="Rifle", targets=["E1"])
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 4


def test_berserk_whip_example():
    """Ch. 14: a Whip dealing 3 x 2, Berserk with 2 HP, three hits: 4, 2 and 2."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Whip 4+, 3x2 ML"))
    s["crew"]["Ann"]["melee"] = 1
    out = apply(s, attacks.ground_attack, 4, 5, 4, name="Ann", weapon="Whip", targets=["E1"], berserk=2)
    assert [a["hp_damage"] for a in out.data["attacks"]] == [4, 2, 2]
    assert out.state["crew"]["Ann"]["hp"] == 8 - 2


def test_multiple_attacks_stop_on_a_1_and_boosts_apply_to_the_first_only():
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Whip 4+, 3x2 ML"))
    s["crew"]["Ann"]["melee"] = 4
    out = apply(s, attacks.ground_attack, 4, 1, name="Ann", weapon="Whip", targets=["E1"])
    assert [a["roll"] for a in out.data["attacks"]] == [4, 1] and out.data["attacks"][0]["hp_damage"] == 4


def test_a_1_on_any_die_of_a_multiple_attack_weapon_jams_it():
    """Ch. 14: "If you roll a 1, it's always a miss and your Weapon jams" (l.1261); multiple
    attacks: "If you roll a '1' and get a jam you must stop your attack" (l.1416). Only
    explosives are excepted: "Rolling a '1' after the first die roll does not jam" (l.1424).
    A jam wastes no Ammo."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Gatling 4+, 3x2 A9 RG"))
    out = apply(s, attacks.ground_attack, 5, 1, name="Ann", weapon="Gatling", targets=["E1"])
    w = out.state["crew"]["Ann"]["weapons"]["Gatling"]
    assert [a["roll"] for a in out.data["attacks"]] == [5, 1]                 # the third die is never rolled
    assert w["jam"] == "jammed" and w["ammo"] == 9
    assert "the Gatling jams (the attack stops)" in "\n".join(out.lines)
    s = with_enemy(with_enemy(fighters(), "E1", hp=30, armor=0), "E2", hp=30, armor=0)
    s = started(armed(s, spec="Grenade launcher 4+, 3 A2 RG EX"))
    out = apply(s, attacks.ground_attack, 5, 1, name="Ann", weapon="Grenade launcher")
    assert "jam" not in out.state["crew"]["Ann"]["weapons"]["Grenade launcher"]


def test_an_explosive_weapons_boost_applies_to_every_die():
    """Ch. 14: "Each bonus is applied to all hits made by an explosive Weapon" (l.1392); EX: "If
    you increased the hit chance or the damage value by using your Melee or Ranged Attribute,
    this effect is applied to each of these dice rolls" (l.1424)."""
    s = with_enemy(with_enemy(fighters(), "E1", hp=30, armor=0), "E2", hp=30, armor=0)
    s = started(armed(s, spec="Grenade launcher 5+, 3 A2 RG EX"))
    s["crew"]["Ann"]["ranged"] = 4                                             # two boosts
    out = apply(s, attacks.ground_attack, 4, 4, name="Ann", weapon="Grenade launcher", hit=1)   # 5+ - 1: 4 hits
    assert [a["hit"] for a in out.data["attacks"]] == [True, True]
    assert [a["hp_damage"] for a in out.data["attacks"]] == [4, 4]              # +1 damage on each too


def test_each_hit_roll_is_recorded_with_its_chance_for_the_luck_audit():
    """A hit die's chance (d6 >= the need, a 1 always misses) and whether it hit, kept in the
    log entry's meta for `journal luck`."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Gatling 4+, 3x2 A9 RG"))
    s["crew"]["Ann"]["ranged"] = 2
    out = apply(s, attacks.ground_attack, 3, 5, 2, name="Ann", weapon="Gatling", targets=["E1"], hit=1)
    assert out.meta["checks"] == [{"kind": "hit roll", "chance": 0.666667, "success": True},    # 3+
                                  {"kind": "hit roll", "chance": 0.5, "success": True},
                                  {"kind": "hit roll", "chance": 0.5, "success": False}]


def test_explosive_weapons_hit_every_enemy():
    s = with_enemy(with_enemy(fighters(), "E1", armor=0), "E2", armor=0)
    s = started(armed(s, spec="Grenade launcher 4+, 3 A2 RG EX"))
    s["crew"]["Ann"]["ranged"] = 1
    out = apply(s, attacks.ground_attack, 1, 5, name="Ann", weapon="Grenade launcher")
    g = out.state["ground"]["enemies"]
    assert (g["E1"]["hp"], g["E2"]["hp"]) == (10, 7)
    assert out.state["crew"]["Ann"]["weapons"]["Grenade launcher"] == {"spec": "Grenade launcher 4+, 3 A2 RG EX",
                                                                        "ammo": 1, "jam": "jammed"}


def test_weaken_lowers_armor_for_the_combat_without_stacking():
    s = started(armed(with_enemy(fighters(), armor=3, shield="B:1/0"), spec="Cutter 4+, 3 ML WEAKEN 2"))
    s["crew"]["Ann"]["melee"] = 1
    out = apply(s, attacks.ground_attack, 4, name="Ann", weapon="Cutter", targets=["E1"])
    assert out.state["ground"]["enemies"]["E1"]["weaken"] == 2


def test_t2_weapons_must_be_recharged():
    s = started(armed(with_enemy(fighters(crew=("Ann",)), hp=30), spec="Plasma (1) 4+, 2 RG T2"))
    s = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Plasma", targets=["E1"]).state
    with pytest.raises(RuleError, match="recharged"):
        attacks.ground_attack(s, dice(5), name="Ann", weapon="Plasma", targets=["E1"])
    s = apply(s, actions.ground_simple, name="Ann", action="recharge", weapon="Plasma").state
    assert "spent" not in s["crew"]["Ann"]["weapons"]["Plasma"]


def test_flank_adds_3_once_a_turn_and_costs_oxygen_when_not_breathable():
    s = started(with_enemy(fighters(atmosphere="NO"), hp=30, armor=0))
    s["crew"]["Ann"].update(agility=4, melee=1)
    out = apply(s, attacks.ground_attack, 4, 4, name="Ann", weapon="fists", targets=["E1"], flank=True)
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 30 - 4 and out.state["oxygen"] == 23
    with pytest.raises(RuleError, match="one Flank"):
        attacks.ground_attack(out.state, dice(4, 4), name="Ben", weapon="fists", targets=["E1"], flank=True)


def test_a_flank_without_oxygen_is_refused_before_a_berserk_blow_hurts():
    """Legality before effect: a Flank that costs 1 Oxygen when none is left refuses the whole
    attack, so a Berserk wound is never applied for it."""
    s = started(with_enemy(fighters(atmosphere="NO"), hp=30, armor=0))
    s["oxygen"] = 0
    with pytest.raises(RuleError, match="a Flank costs 1 Oxygen here and none is left"):
        attacks.ground_attack(s, dice(4, 4), name="Ann", weapon="fists", targets=["E1"], flank=True, berserk=3)


def test_overload_makes_attack_rolls_harder():
    s = started(with_enemy(fighters(), hp=30, armor=0))
    s["crew"]["Ann"]["inventory"] = {k: "stuff" for k in ("L", "R", "1", "2", "3")}   # capacity 4: overload 1
    out = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"])
    assert out.data["attacks"][0]["hit"] is False


def test_flank_adds_its_3_to_the_first_hit_of_a_multiple_attack_only():
    """Ch. 14 Multiple attacks (l.1410-1414): "Melee or Ranged Attribute bonuses which improve hit
    chance or damage of your Weapon only apply to the first of these grouped attacks"; Flank
    (l.1282) "grants their Ranged or Melee attack +3 damage": on a 2x3 weapon the first hit
    deals 3 + 3, the second 3 (issue 29 §9)."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Twin blade (1) 3+, 2x3 ML"))
    s["crew"]["Ann"].update(agility=4, melee=1)
    out = apply(s, attacks.ground_attack, 4, 4, 4, name="Ann", weapon="Twin blade", targets=["E1"], flank=True)
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 30 - (3 + 3) - 3
    assert [x for x in out.lines if x.startswith("  → E1")] == ["  → E1: d6 4: hit, 6 damage: HP 30 → 24.",
                                                                 "  → E1: d6 4: hit, 3 damage: HP 24 → 21."]


def test_an_attack_short_of_dice_names_the_next_one():
    """Issue 29 §7: the dice are taken in the order the attack uses them (l.1282 the Flank's
    Agility check first, then l.1416 "Roll one die at a time to hit with each attack"): one
    short, the refusal says which die comes next."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0), spec="Twin blade (1) 3+, 2x3 ML"))
    s["crew"]["Ann"].update(agility=4)
    d = dice(4, 4)                                                      # --roll 4 --roll 4
    attacks.ground_attack(s, d, name="Ann", weapon="Twin blade", targets=["E1"], flank=True)
    with pytest.raises(InputError, match=r"needs 3 dice \(Flank d6, Twin blade hit d6, Twin blade hit d6\): give all "
                                         r"of them, or none to let journal roll \(the next, the 3rd --roll, is the "
                                         r"Twin blade hit d6\)"):
        d.check_complete()
