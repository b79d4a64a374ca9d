"""journal/games/kraken/equipment.py: Equipment (3.7, ch. 4, ch. 14): inventory slots, using items,
Armor and Shield, crew weapons."""

from __future__ import annotations

import copy

import pytest
from kraken.kraken_helpers import apply, dice, explorer, gear, new_state, wearer, with_crew, with_ship

from journal.errors import InputError, RuleError
from journal.games.kraken import equipment, ship
from journal.games.kraken.dungeon import maps
from journal.games.kraken.ground_combat import actions, loop, profiles, spawn
from journal.games.kraken.schema import validate


def test_storage_and_equipment_move_between_crew_and_ship():
    s = with_ship(with_crew(new_state(), "Ray"), "Laser")
    s = apply(s, ship.storage, item="Welder").state
    s = apply(s, equipment.crew_equip, name="Ray", slot="L", item="welder", from_storage=True).state
    assert s["storage"] == [] and s["crew"]["Ray"]["inventory"]["L"] == "welder"
    s = apply(s, equipment.crew_unequip, name="Ray", slot="L", to_storage=True).state
    assert s["storage"] == ["welder"]


def test_items_outside_combat_cost_no_action_and_heal_half_in_hell():
    s = explorer(ai="HELL")
    s = apply(s, equipment.crew_equip, name="Ann", slot="L", item="Stimpack U").state
    s = apply(s, maps.dungeon_move, how="free", to="inside").state
    s["crew"]["Ann"]["hp"] = 2
    out = apply(s, equipment.crew_use, name="Ann", item="Stimpack", heal_hp=5)
    assert out.state["crew"]["Ann"]["hp"] == 5 and "L" not in out.state["crew"]["Ann"]["inventory"]
    assert out.state["dungeon"]["actions"] == s["dungeon"]["actions"]
    s["oxygen"] = 20
    assert apply(s, equipment.crew_use, name="Ann", item="Oxygen tank", oxygen=8).state["oxygen"] == 25


def test_a_weapon_is_the_one_of_its_name_in_the_inventory():
    s = with_crew(new_state(lines=()), "Ray")
    s = apply(s, equipment.crew_equip, name="Ray", slot="R", item="Rifle + mag").state
    out = apply(s, equipment.crew_weapon, name="Ray", spec="Rifle (3) 4+, 3 A5 RG")
    assert out.state["crew"]["Ray"]["inventory"] == {"R": "Rifle + mag"}
    out = apply(out.state, equipment.crew_weapon, name="Ray", weapon="Rifle", remove=True)
    assert out.state["crew"]["Ray"]["inventory"] == {}
    out = apply(s, equipment.crew_weapon, name="Ray", spec="Axe 5+, 4 ML", slot="2")
    assert out.state["crew"]["Ray"]["inventory"]["2"] == "Axe"
    with pytest.raises(RuleError, match="holds Rifle"):
        equipment.crew_weapon(s, dice(), name="Ray", spec="Axe 5+, 4 ML", slot="R")


def test_only_one_mobile_transmitter_for_the_whole_team():
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Mobile transmitter").state
    with pytest.raises(RuleError, match="only one Mobile transmitter"):
        equipment.crew_equip(s, dice(), name="Ben", slot="1", item="mobile transmitter")
    s["crew"]["Ben"]["inventory"]["2"] = "Mobile Transmitter"
    assert any("only one Mobile transmitter" in p for p in validate(s))


def test_one_tool_set_per_member():
    """Ch. 4: "No one Crew Member can benefit from more than one of the following at any one
    time: Tool set / German Tool set" (l.314); two team mates may each carry one."""
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    s = apply(s, equipment.crew_equip, name="Ann", slot="1", item="Tool set").state
    with pytest.raises(RuleError, match="Ann carries a Tool set already \\(slot 1: Tool set\\): no one crew member "
                                        "can benefit from more than one Tool set or German Tool set"):
        equipment.crew_equip(s, dice(), name="Ann", slot="2", item="German TOOL SET")
    s = apply(s, equipment.crew_equip, name="Ben", slot="1", item="German Tool set").state
    s["crew"]["Ann"]["inventory"]["2"] = "German Tool set"
    assert "state.crew.Ann.inventory: slots 1, 2 hold Tool sets" in " ".join(validate(s))


def test_a_jacket_and_an_unnamed_armor_at_once_are_refused_and_caught():
    s = wearer()
    with pytest.raises(InputError, match="an unnamed jacket of Armor N and a named jacket at once: one jacket is worn"):
        equipment.crew_gear(s, dice(), name="Ann", armor=2, jacket="Kevlar vest:2")
    s["crew"]["Ann"]["armor"] = 2
    s["crew"]["Ann"]["jacket"] = {"name": "Kevlar vest", "armor": 2}
    assert ("state.crew.Ann.armor and state.crew.Ann.jacket: one jacket is worn at a time (armor is an unnamed "
            "jacket; remove one of them, ch. 14)") in validate(s)
    s["crew"]["Ann"]["jacket"] = [{"name": "Kevlar vest", "armor": 2}, {"name": "Flak jacket", "armor": 3}]
    assert any(p.startswith("state.crew.Ann.jacket") and "table" in p for p in validate(s))


def test_a_physical_shield_must_be_held_in_a_hand():
    s = wearer(("1", "Anti-Terror Shield"), ("R", "Rifle + mag"))
    before = copy.deepcopy(s)
    with pytest.raises(RuleError) as e:
        equipment.crew_gear(s, dice(), name="Ann", physical_shield="Anti-Terror Shield:2")
    msg = e.value.message
    assert "\n" not in msg and "a physical Shield is carried in one hand (ch. 14)" in msg
    assert "Ann's hands hold L: empty, R: Rifle + mag" in msg
    assert s == before
    with pytest.raises(RuleError, match="hands hold L: empty, R: Rifle"):          # not carried at all
        equipment.crew_gear(s, dice(), name="Ann", physical_shield="Riot shield:1")
    s = apply(s, equipment.crew_unequip, name="Ann", slot="1").state
    s = apply(s, equipment.crew_equip, name="Ann", slot="L", item="Anti-Terror Shield").state
    out = gear(s, physical_shield="anti-terror shield:2")                          # the inventory's spelling
    assert out.state["crew"]["Ann"]["physical_shield"] == {"name": "Anti-Terror Shield", "armor": 2}
    assert "(physical Shield, Armor 2, in Ann's hand L)" in out.lines[0]
    # it is worn only while held: out of the hand, it comes off
    off = apply(out.state, equipment.crew_unequip, name="Ann", slot="L")
    assert "physical_shield" not in off.state["crew"]["Ann"]
    assert off.lines[1].startswith("Ann no longer holds the Anti-Terror Shield in a hand: it is not worn (Armor now 0")
    # a hand edit that leaves it in the backpack is caught, naming the key and the hands
    bad = copy.deepcopy(off.state)
    bad["crew"]["Ann"]["inventory"]["1"] = "Anti-Terror Shield"
    bad["crew"]["Ann"]["physical_shield"] = {"name": "Anti-Terror Shield", "armor": 2}
    assert ('state.crew.Ann.physical_shield.name = "Anti-Terror Shield" is not held in a hand (L: empty, R: Rifle + '
            'mag): a physical Shield is carried in one hand (ch. 14)') in validate(bad)


def test_in_a_ground_combat_the_refusal_names_the_exchange_action():
    s = wearer(("1", "Riot shield"))
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3, atmosphere="YES", map_no=1).state
    with pytest.raises(RuleError, match=r"in a Ground Combat that is an Exchange action \(journal kraken ground "
                                        r"exchange Ann\)"):
        equipment.crew_gear(s, dice(), name="Ann", physical_shield="Riot shield:1")


def test_a_used_up_or_broken_shield_item_is_no_longer_worn():
    s = wearer(("L", "Energy buckler U1"))
    s = gear(s, physical_shield="Energy buckler:3").state
    out = apply(s, equipment.crew_use, name="Ann", item="Energy buckler")
    assert "physical_shield" not in out.state["crew"]["Ann"] and "L" not in out.state["crew"]["Ann"]["inventory"]
    assert any("no longer holds the Energy buckler" in ln for ln in out.lines)
    # a shield that is also written as a weapon goes when the weapon is erased
    s = wearer()
    s = apply(s, equipment.crew_weapon, name="Ann", spec="Shield bash 5+, 1 ML", slot="L").state
    s = gear(s, physical_shield="Shield bash:1").state
    out = apply(s, equipment.crew_weapon, name="Ann", weapon="Shield bash", remove=True)
    assert "physical_shield" not in out.state["crew"]["Ann"]
    assert any("no longer holds the Shield bash" in ln for ln in out.lines)


def test_switching_armor_during_combat_takes_no_action():
    """Ch. 14: jackets and helmets "may be switched during combat" (no cost printed; only
    exchanging items with a team mate costs an action)."""
    s = wearer(("L", "Anti-Terror Shield"))
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3, atmosphere="YES", map_no=1).state
    s = apply(s, profiles.ground_add, label="E1", hp=10, armor=0, agility=3, actions=["1-6: idle"]).state
    s = apply(s, loop.ground_initiative, 6, 1).state
    g = copy.deepcopy(s["ground"])
    out = gear(s, helmet="Helmet:1", physical_shield="Anti-Terror Shield:2")
    assert out.state["ground"] == g                          # no activation spent, same step
    assert any(ln.startswith("Switching Armor Items during a Ground Combat takes no action (ch. 14)")
               for ln in out.lines)
    # Ann still has her activation: she can attack
    assert apply(out.state, actions.ground_simple, name="Ann", action="wait").state["ground"]["acted"]["Ann"] == 1


def test_armor_n_is_an_unnamed_jacket_as_before():
    s = wearer()
    out = gear(s, armor=3)
    assert out.lines == ["Ann: Armor 3."] and out.summary == "Ann: Armor 3"
    assert out.state["crew"]["Ann"]["armor"] == 3 and out.data["armor"] == 3
    out = gear(out.state, helmet="Helmet:1")
    assert out.lines[1] == "Ann's Armor 4 (jacket 3 + Helmet 1)."
    assert gear(out.state, armor=0).state["crew"]["Ann"].get("armor") is None
    with pytest.raises(InputError, match="a hero's Armor is 0-8"):
        equipment.crew_gear(s, dice(), name="Ann", armor=9)


@pytest.mark.parametrize("option, text", [("jacket", "Kevlar vest"), ("helmet", "Helmet:0"), ("helmet", "Helmet:9"),
                                          ("jacket", ":2"), ("physical_shield", "Riot shield:two")])
def test_bad_armor_pieces_are_refused(option, text):
    s = wearer(("L", "Riot shield"))
    with pytest.raises(InputError, match=r"NAME:ARMOR with an Armor value 1-8 \(e.g. \"Kevlar vest:2\"\), or none"):
        equipment.crew_gear(s, dice(), name="Ann", **{option: text})


def test_nothing_to_wear_names_every_piece():
    with pytest.raises(InputError, match="nothing for Ann to wear: a jacket, a helmet, a physical Shield, an unnamed "
                                         "jacket's Armor, a Shield or a Shield charger"):
        equipment.crew_gear(wearer(), dice(), name="Ann")


def test_a_piece_not_in_the_inventory_is_noted():
    out = gear(wearer(("1", "Kevlar vest")), jacket="Kevlar vest:2", helmet="Helmet:1")
    assert out.lines[-1] == ("Note: Ann's inventory holds no Helmet: Armor Items take a slot like any item (ch. 3.4): "
                             "journal kraken crew equip Ann SLOT ITEM.")
    assert "Note" not in out.summary
