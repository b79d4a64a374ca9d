"""journal/games/kraken/model/members.py: Crew members as every chapter reads and hurts them
(3.3-3.5, ch. 4, ch. 14, K10-K11)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from kraken.kraken_helpers import apply, dice, gear, new_state, wearer, with_crew

from journal.errors import RuleError
from journal.games.kraken import equipment
from journal.games.kraken.ground_combat import actions, enemies, loop, profiles, spawn
from journal.games.kraken.model.members import carry_capacity, crew_armor, worn_armor
from journal.games.kraken.schema import validate


def test_inventory_capacity_and_overload():
    s = with_crew(new_state(), "Ray")                   # Strength 4: 2 hands + 2 backpack
    assert carry_capacity(4) == 4 and carry_capacity(5) == 4 and carry_capacity(8) == 6 and carry_capacity(1) == 2
    for slot in ("L", "R", "1", "2"):
        s = apply(s, equipment.crew_equip, name="Ray", slot=slot, item=f"thing {slot}").state
    out = apply(s, equipment.crew_equip, name="Ray", slot="3", item="heavy")
    assert out.data["overload"] == 1 and any("-1 to Ranged and Melee" in ln for ln in out.lines)
    s = apply(out.state, equipment.crew_equip, name="Ray", slot="4", item="heavier").state
    assert s["crew"]["Ray"]["inventory"]["4"] == "heavier"
    with pytest.raises(RuleError, match="holds thing L"):
        equipment.crew_equip(s, dice(), name="Ray", slot="L", item="x")


@pytest.mark.parametrize("armor, strength, total", [(2, 8, 2), (2, 9, 3), (2, 10, 3), (2, 11, 4), (7, 12, 8)])
def test_extra_armor_above_strength_8(armor, strength, total):
    """Ch. 3.4: each Strength point above 8 grants 0.5 Armor (halves round up, K14); a
    hero's Armor is at most 8."""
    assert crew_armor({"armor": armor, "strength": strength}) == total


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


def test_a_shield_handed_over_at_a_shop_or_gambler_is_no_longer_worn():
    from journal.games.kraken.dungeon import shops

    s = gear(wearer(("R", "Riot shield + strap")), physical_shield="riot shield:1").state
    assert s["crew"]["Ann"]["physical_shield"]["name"] == "Riot shield"
    out: list[str] = []
    assert shops._discard(s, {"crew": ["Ann"]}, "Riot shield", out) == "Ann"
    assert "physical_shield" not in s["crew"]["Ann"] and not validate(s)
    assert out[-1].startswith("Ann no longer holds the Riot shield in a hand")


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
