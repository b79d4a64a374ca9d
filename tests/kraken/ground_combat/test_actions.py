"""journal/games/kraken/ground_combat/actions.py: Chapter 14, the other combat actions: Cover,
Reload, Recharge, Item, Exchange, Wait, Unjam, Escape."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, armed, dice, exploring, fight, fighters, started, with_enemy

from journal.errors import NeedChoice, RuleError
from journal.games.kraken import crew, equipment
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop


def test_a_member_left_behind_in_an_escape_is_erased_with_all_they_carry():
    """Ch. 14 Escape: "Any sacrificed Crew Members are abandoned and you must erase their
    profiles, along with all Equipment they carry": one message, nothing to collect."""
    s = fight(crew=("Ann", "Ben"))
    s = apply(s, equipment.crew_equip, name="Ann", slot="L", item="Med kit").state
    s = started(with_enemy(s, "E1", agility=5, actions=["1-6: idle"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state        # Ann acted: she is sacrificed
    out = apply(s, actions.ground_escape, 6)                                      # 6 + 3 + 3 ≥ 5
    text = "\n".join(out.lines)
    assert out.data["escaped"] and "Ann" not in out.state["crew"]
    assert "Ann is left behind: erase them and all they carry." in text
    assert "Collect" not in text and "Med kit" not in text


def test_a_member_healed_from_unconscious_acts_only_from_the_next_combat_turn():
    """Ch. 4: "Healed unconscious Crew Members are active again, but cannot take any actions
    before the next Ground Combat turn"."""
    s = started(with_enemy(fight(crew=("Ann", "Ben", "Cid")), "E1", actions=["1-6: idle"]))
    s["crew"]["Ben"].update(hp=0, status="unconscious")
    out = apply(s, actions.ground_simple, name="Ann", action="item", item="Stimpack", heal=4, target="Ben")
    assert out.state["crew"]["Ben"]["status"] == "active"
    assert "no action before the next Ground Combat turn" in "\n".join(out.lines)
    s = out.state
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        attacks.ground_attack(s, dice(6), name="Ben", weapon=None, targets=["E1"])
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        actions.ground_simple(s, dice(), name="Ben", action="wait")
    s = apply(s, actions.ground_simple, name="Cid", action="wait").state     # the crew's part ends without Ben
    assert s["ground"]["step"] == "enemies"
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    s = apply(s, loop.ground_turn).state                                       # the next turn: Ben acts
    out = apply(s, attacks.ground_attack, 4, name="Ben", weapon=None, targets=["E1"])
    assert out.state["ground"]["acted"]["Ben"] == 1 and "revived" not in out.state["ground"]


def test_item_uses_are_erased_until_used_up():
    """Ch. 14 U / Use up: a U2 item can be used twice, then it is erased."""
    s = fighters()
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Med kit U2").state
    s = started(with_enemy(s))
    s["crew"]["Ben"]["hp"] = 1
    s = apply(s, actions.ground_simple, name="Ann", action="item", item="Med kit", heal=2, target="Ben").state
    assert s["crew"]["Ann"]["inventory"]["1"] == "Med kit U1/2" and s["crew"]["Ben"]["hp"] == 3
    out = apply(s, actions.ground_simple, name="Ben", action="item", item="Med kit", heal=2)
    assert any("No Med kit in Ben's inventory" in x for x in out.lines)


def test_unjam_stages_8_then_6_then_6_or_it_breaks():
    s = started(armed(with_enemy(fighters(crew=("Ann",)), hp=30)))
    s["crew"]["Ann"]["tech"] = 2
    s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] = "jammed"
    s = apply(s, actions.ground_unjam, 5, name="Ann", weapon="Rifle").state            # 7 < 8
    assert s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] == "jammed-again"
    s = apply(s, actions.ground_unjam, 3, name="Ann", weapon="Rifle").state            # 5 < 6
    assert s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] == "damaged"
    s2 = apply(s, enemies.ground_enemy, action="idle", label="E1").state
    s2 = apply(s2, loop.ground_turn).state
    out = apply(s2, actions.ground_unjam, 4, name="Ann", weapon="Rifle")                # 6: repaired
    assert "jam" not in out.state["crew"]["Ann"]["weapons"]["Rifle"]
    out = apply(s2, actions.ground_unjam, 3, name="Ann", weapon="Rifle")
    assert "weapons" not in out.state["crew"]["Ann"]


def test_reloading_uses_a_magazine_the_member_carries_and_erases_it():
    """Ch. 14 Reload Weapon: "You may use a Magazine in one of your Crew Member's Item slots to
    reload their Weapon. Any Ammo currently in the Weapon is lost." (l.1284): refused without
    one; two magazines in a slot become one; the weapon's own slot holds one ("Rifle + mag")."""
    s = started(armed(with_enemy(fighters())))
    s["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] = 1
    with pytest.raises(RuleError, match="Ann carries no magazine for the Rifle"):
        actions.ground_simple(s, dice(), name="Ann", action="reload", weapon="Rifle")
    s["crew"]["Ann"]["inventory"]["1"] = "Rifle mag x2"
    out = apply(s, actions.ground_simple, name="Ann", action="reload", weapon="Rifle")
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 5
    assert out.state["crew"]["Ann"]["inventory"]["1"] == "Rifle mag"
    s["crew"]["Ann"]["inventory"].update({"1": "rifle MAG", "L": "Rifle + mag"})
    with pytest.raises(NeedChoice, match="--slot is required: Ann carries magazines for the Rifle in slots L, 1"):
        actions.ground_simple(s, dice(), name="Ann", action="reload", weapon="Rifle")
    out = apply(s, actions.ground_simple, name="Ann", action="reload", weapon="Rifle", mag_slot="L")
    assert out.state["crew"]["Ann"]["inventory"] == {"L": "Rifle", "1": "rifle MAG"}
    out = apply(s, actions.ground_simple, name="Ann", action="reload", weapon="Rifle", mag_slot="1")
    assert out.state["crew"]["Ann"]["inventory"] == {"L": "Rifle + mag"}
    assert "Erase the magazine from Ann's slot 1 (now empty)." in out.lines


def test_using_a_healing_item_heals_half_in_hell():
    s = started(with_enemy(fighters(atmosphere="HELL")))
    s["crew"]["Ben"]["hp"] = 1
    out = apply(s, actions.ground_simple, name="Ann", action="item", item="Med kit", heal=5, target="Ben")
    assert out.state["crew"]["Ben"]["hp"] == 4


def test_escape_with_sacrifices_and_earlier_tries():
    s = started(with_enemy(fighters(crew=("Ann", "Ben", "Cid")), agility=9, actions=["1-6: idle"]))
    assert s["ground"]["first"] == "enemies"                                   # 3 + 6 against 9 + 1
    for n, a in (("Ann", 2), ("Ben", 4), ("Cid", 5)):
        s["crew"][n]["agility"] = a
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state            # Ann acted: she must be sacrificed
    out = apply(s, actions.ground_escape, 1)                                         # 1 + 4 + 3 = 8 < 9
    assert out.data["escaped"] is False and out.state["crew"]["Ann"]["hp"] == 6
    s = apply(out.state, loop.ground_turn).state
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    out = apply(s, actions.ground_escape, 1, sacrifice=["Ann"])                      # 1 + 4 + 3 + 2 = 10
    assert out.data["escaped"] and "Ann" not in out.state["crew"] and "ground" not in out.state


def aggressive(spec="Rifle (3) 4+, 3 A5 RG"):
    s = fighters()
    s = apply(s, crew.crew_trait, name="Ann", trait="Aggressive", value=1).state
    return armed(with_enemy(s, hp=30), spec=spec) if spec else with_enemy(s, hp=30)


def test_an_aggressive_member_with_no_functional_weapon_in_hand_may_take_cover():
    """Ch. 14: "If a Crew Member has the AGGRESSIVE trait, they cannot be set to cover mode
    unless they have no functional Weapons in their hands" (l.1227); "Only if their Weapon is
    empty or jammed or they have no Weapon in hand can they choose another action" (l.1272)."""
    with pytest.raises(RuleError, match="Ann is AGGRESSIVE and holds a working Rifle"):
        loop.ground_initiative(aggressive(), dice(6, 1), cover=["Ann"])
    assert apply(aggressive(spec=None), loop.ground_initiative, 6, 1, cover=["Ann"]).state["ground"]["cover"] == \
        ["Ann"]
    s = aggressive()
    s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] = "jammed"
    assert apply(s, loop.ground_initiative, 6, 1, cover=["Ann"]).state["ground"]["cover"] == ["Ann"]
    s = started(aggressive())
    s["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] = 0
    assert apply(s, actions.ground_simple, name="Ann", action="cover").state["ground"]["cover"] == ["Ann"]


def test_an_aggressive_member_with_a_loaded_working_weapon_must_attack():
    """Ch. 14: "Crew Members with the Trait aggressive must attack if they can and can't perform
    any other action in this case" (l.1272): waiting, an item, cover, meditating are refused,
    naming the attack."""
    s = started(aggressive())
    for action in ("wait", "cover", "item", "exchange"):
        with pytest.raises(RuleError, match="Ann is AGGRESSIVE and holds a loaded, working Rifle: they must attack "
                                            "and can't perform any other action \\(ch. 14\\): journal kraken ground "
                                            "attack Ann E1 --weapon Rifle"):
            actions.ground_simple(s, dice(), name="Ann", action=action, item="Med kit")
    s["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] = 0                          # empty: another action
    assert apply(s, actions.ground_simple, name="Ann", action="wait").state["ground"]["acted"] == {"Ann": 1}
    s = started(aggressive())
    assert apply(s, actions.ground_simple, name="Ben", action="wait").state["ground"]["acted"] == {"Ben": 1}


def test_a_damaged_weapon_is_repaired_by_a_tech_check_outside_combat():
    """Ch. 14: "When you return to Dungeon Exploration all jammed Weapons are unjammed, but
    damaged Weapons are not repaired. You can try to repair them with a dice check as you would
    during combat" (l.1290); "Damaged Weapons can be repaired with Tech Checks, that may repair
    or ruin the Weapon" (l.1543). In a dungeon it is an action where the team stands (its
    Oxygen); on the ship every weapon is repaired already."""
    s = apply(exploring(), equipment.crew_weapon, name="Ann", spec="Rifle (3) 4+, 3 A5 RG").state
    s["crew"]["Ann"]["weapons"]["Rifle"]["jam"] = "damaged"
    oxygen = s["oxygen"]
    out = apply(s, actions.ground_unjam, 3, name="Ann", weapon="Rifle")            # 3 + Tech 3 = 6: repaired
    assert "jam" not in out.state["crew"]["Ann"]["weapons"]["Rifle"]
    assert out.state["oxygen"] == oxygen - 1 and out.state["dungeon"]["actions"] == s["dungeon"]["actions"] + 1
    assert out.meta["checks"] == [{"kind": "weapon repair", "chance": 0.666667, "success": True}]
    out = apply(s, actions.ground_unjam, 2, name="Ann", weapon="Rifle")            # 5 < 6: it breaks
    assert "weapons" not in out.state["crew"]["Ann"]
    ship = apply(fighters(), equipment.crew_weapon, name="Ann", spec="Rifle (3) 4+, 3 A5 RG").state
    del ship["ground"]
    with pytest.raises(RuleError, match="on the ship every weapon is repaired"):
        actions.ground_unjam(ship, dice(6), name="Ann", weapon="Rifle")
