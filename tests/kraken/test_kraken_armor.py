"""Armor worn (ch. 14, ARMOR): "You can carry multiple Armor Items, but may only actively
use one jacket Armor, one helmet and one physical Shield together at the same time.
Physical Shields like an Anti-Terror Shield must be carried in one hand. ... Armor Items
like jackets or helmets may be switched during combat ... The maximum Armor Level of a Hero
is 8." Plus ch. 3.4's 0.5 Armor a Strength point above 8, and `--armor N` as it was."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kraken_helpers import apply, dice, new_state, with_crew

from journal.errors import InputError, RuleError
from journal.games.kraken import equipment
from journal.games.kraken.ground_combat import actions, enemies, loop, profiles, spawn
from journal.games.kraken.model.members import crew_armor, worn_armor
from journal.games.kraken.model.validate import validate


def wearer(*items, crew=("Ann", "Ben"), strength=None) -> dict:
    """Ann (Strength 4: two hands and two backpack slots) carrying `items` as (slot, text)."""
    s = with_crew(new_state(lines=()), *crew)
    for slot, item in items:
        s = apply(s, equipment.crew_equip, name="Ann", slot=slot, item=item).state
    if strength is not None:
        s["crew"]["Ann"]["strength"] = strength
    return s


def gear(s, **kw):
    return apply(s, equipment.crew_gear, name="Ann", **kw)


# --- one of each ---------------------------------------------------------------------------------------------


def test_only_one_jacket_one_helmet_and_one_physical_shield_are_worn():
    s = wearer(("L", "Anti-Terror Shield"), ("R", "Riot shield"), ("1", "Kevlar vest"), ("2", "Flak jacket"))
    out = gear(s, jacket="Kevlar vest:2", helmet="Helmet:1", physical_shield="Anti-Terror Shield:2")
    m = out.state["crew"]["Ann"]
    assert m["jacket"] == {"name": "Kevlar vest", "armor": 2}
    assert m["helmet"] == {"name": "Helmet", "armor": 1}
    assert m["physical_shield"] == {"name": "Anti-Terror Shield", "armor": 2}
    assert out.lines[-2] == "Ann's Armor 5 (Kevlar vest 2 + Helmet 1 + Anti-Terror Shield 2)."
    # a second jacket replaces the first; the helmet and the shield stay
    out = gear(out.state, jacket="Flak jacket:3")
    m = out.state["crew"]["Ann"]
    assert m["jacket"] == {"name": "Flak jacket", "armor": 3} and m["helmet"]["name"] == "Helmet"
    assert "Ann wears the Flak jacket (jacket, Armor 3) instead of the Kevlar vest (one jacket at a time)." in out.lines
    assert worn_armor(m) == 6
    # a second physical Shield (the other hand) replaces the first
    out = gear(out.state, physical_shield="Riot shield:1")
    assert out.state["crew"]["Ann"]["physical_shield"] == {"name": "Riot shield", "armor": 1}
    assert "instead of the Anti-Terror Shield (one physical Shield at a time)" in out.lines[0]
    # --armor N is an unnamed jacket: it and a named jacket replace each other
    out = gear(out.state, armor=4)
    m = out.state["crew"]["Ann"]
    assert m["armor"] == 4 and "jacket" not in m and worn_armor(m) == 4 + 1 + 1
    assert out.lines[:2] == ["Ann: Armor 4.", "It replaces the Flak jacket (one jacket at a time)."]
    out = gear(out.state, jacket="Kevlar vest:2")
    assert "armor" not in out.state["crew"]["Ann"] and "instead of the unnamed jacket" in out.lines[0]
    # none takes a piece off
    out = gear(out.state, jacket="none", helmet="none", physical_shield="none")
    m = out.state["crew"]["Ann"]
    assert not any(k in m for k in ("armor", "jacket", "helmet", "physical_shield"))
    assert out.lines[-1] == "Ann wears no Armor."
    assert gear(out.state, helmet="none").lines[0] == "Ann wears no helmet."


def test_a_jacket_and_an_unnamed_armor_at_once_are_refused_and_caught():
    s = wearer()
    with pytest.raises(InputError, match="give --armor or --jacket, not both"):
        equipment.crew_gear(s, dice(), name="Ann", armor=2, jacket="Kevlar vest:2")
    s["crew"]["Ann"]["armor"] = 2
    s["crew"]["Ann"]["jacket"] = {"name": "Kevlar vest", "armor": 2}
    assert ("state.crew.Ann.armor and state.crew.Ann.jacket: one jacket is worn at a time (armor is an unnamed "
            "jacket; remove one of them, ch. 14)") in validate(s)
    s["crew"]["Ann"]["jacket"] = [{"name": "Kevlar vest", "armor": 2}, {"name": "Flak jacket", "armor": 3}]
    assert any(p.startswith("state.crew.Ann.jacket") and "table" in p for p in validate(s))


# --- the physical Shield in a hand ---------------------------------------------------------------------------


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


def test_a_shield_handed_over_at_a_shop_or_gambler_is_no_longer_worn():
    from journal.games.kraken.dungeon import shops

    s = gear(wearer(("R", "Riot shield + strap")), physical_shield="riot shield:1").state
    assert s["crew"]["Ann"]["physical_shield"]["name"] == "Riot shield"
    out: list[str] = []
    assert shops._discard(s, {"crew": ["Ann"]}, "Riot shield", out) == "Ann"
    assert "physical_shield" not in s["crew"]["Ann"] and not validate(s)
    assert out[-1].startswith("Ann no longer holds the Riot shield in a hand")


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


# --- the total -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("jacket, helmet, shield, strength, total", [
    (2, 1, 2, 4, 5),          # Kevlar vest + Helmet + Anti-Terror Shield
    (4, 3, 2, 4, 8),          # 9 worn: a hero's maximum is 8
    (2, 0, 0, 9, 3),          # Strength 9: +0.5, rounded up (K14)
    (3, 2, 0, 11, 7),         # Strength 11: +1.5 → 2
    (4, 4, 0, 12, 8),         # 8 + 2: capped
    (0, 0, 0, 10, 1),         # no Armor worn, only Strength
])
def test_worn_armor_adds_up_to_at_most_8(jacket, helmet, shield, strength, total):
    s = wearer(("L", "Anti-Terror Shield"), strength=strength)
    kw = {"jacket": f"Vest:{jacket}" if jacket else "none", "helmet": f"Helmet:{helmet}" if helmet else "none",
          "physical_shield": f"Anti-Terror Shield:{shield}" if shield else "none"}
    out = gear(s, **kw)
    m = out.state["crew"]["Ann"]
    assert crew_armor(m) == total
    assert out.data["armor"] == jacket + helmet + shield and out.data["armor_total"] == total
    # the damage pipeline takes the total: an enemy's 9 damage (melee, no Shield) loses `total`
    s = apply(out.state, spawn.ground_start, 1, 6, 1, level=3, atmosphere="YES", map_no=1).state
    s = apply(s, profiles.ground_add, label="E1", hp=10, armor=0, agility=3, actions=["1-6: ML 4+, 9"]).state
    s = apply(s, loop.ground_initiative, 6, 1).state
    for n in ("Ann", "Ben"):
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    hp = s["crew"]["Ann"]["hp"]
    hit = apply(s, enemies.ground_enemy, 1, 5, label="E1", target="Ann")
    assert hit.state["crew"]["Ann"]["hp"] == max(0, hp - (9 - total))
    assert any(f"Armor -{total}" in ln for ln in hit.lines), hit.lines


@settings(deadline=None)
@given(jacket=st.integers(0, 8), helmet=st.integers(0, 8), shield=st.integers(0, 8), strength=st.integers(1, 20),
       unnamed=st.booleans())
def test_armor_total_is_the_sum_plus_strength_capped_at_8(jacket, helmet, shield, strength, unnamed):
    s = wearer(("R", "Riot shield"), strength=strength)
    kw = {"helmet": f"Helmet:{helmet}" if helmet else "none",
          "physical_shield": f"Riot shield:{shield}" if shield else "none"}
    if unnamed:
        kw["armor"] = jacket
    else:
        kw["jacket"] = f"Vest:{jacket}" if jacket else "none"
    m = gear(s, **kw).state["crew"]["Ann"]
    extra = -(-max(0, strength - 8) // 2)
    assert worn_armor(m) == jacket + helmet + shield
    assert crew_armor(m) == min(8, jacket + helmet + shield + extra)
    assert 0 <= crew_armor(m) <= 8


# --- switching in combat, the first form, bad input ----------------------------------------------------------


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


def test_nothing_to_wear_names_every_option():
    with pytest.raises(InputError, match="--jacket\\|--helmet\\|--physical-shield NAME:ARMOR"):
        equipment.crew_gear(wearer(), dice(), name="Ann")


def test_a_piece_not_in_the_inventory_is_noted():
    out = gear(wearer(("1", "Kevlar vest")), jacket="Kevlar vest:2", helmet="Helmet:1")
    assert out.lines[-1] == ("Note: Ann's inventory holds no Helmet: Armor Items take a slot like any item (ch. 3.4): "
                             "journal kraken crew equip Ann SLOT ITEM.")
    assert "Note" not in out.summary


@pytest.mark.parametrize("edit, problem", [
    (lambda m: m.update(jacket={"name": "Vest", "armor": 9}), "state.crew.Ann.jacket.armor = 9 is outside 1..8"),
    (lambda m: m.update(helmet={"name": " ", "armor": 1}), "state.crew.Ann.helmet.name is empty"),
    (lambda m: m.update(helmet=2), "state.crew.Ann.helmet"),
    (lambda m: m.update(helmet={"name": "Helmet", "armor": 1, "class": "B"}),
     "state.crew.Ann.helmet.class is not a known key"),
    (lambda m: m.update(physical_shield={"name": "Riot shield"}), "state.crew.Ann.physical_shield.armor"),
])
def test_validate_names_the_armor_keys(edit, problem):
    s = wearer(("L", "Riot shield"))
    edit(s["crew"]["Ann"])
    assert any(p.startswith(problem) for p in validate(s)), validate(s)
