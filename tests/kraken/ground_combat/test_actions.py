"""journal/games/kraken/ground_combat/actions.py: Chapter 14, the other combat actions: Cover,
Reload, Recharge, Item, Exchange, Wait, Unjam, Escape."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, armed, dice, fight, fighters, started, with_enemy

from journal.errors import RuleError
from journal.games.kraken import equipment
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
    assert s["crew"]["Ann"]["inventory"]["1"] == "Med kit U1" and s["crew"]["Ben"]["hp"] == 3
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


def test_reload_fills_the_weapon():
    s = started(armed(with_enemy(fighters())))
    s["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] = 1
    out = apply(s, actions.ground_simple, name="Ann", action="reload", weapon="Rifle")
    assert out.state["crew"]["Ann"]["weapons"]["Rifle"]["ammo"] == 5


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
