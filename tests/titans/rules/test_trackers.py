"""THREAT and damage (rules/trackers.py): the Alert Token (T1/T4: 21 loses at once), destroyed
cities and Titans, Armor, Supports soaking damage (T6)."""

from __future__ import annotations

import pytest

from journal.errors import RuleError
from journal.games.titans.rules import byhand, ending, opening
from journal.games.titans.rules.ending import Assignment
from titans.titans_helpers import apply, dice, equipped, fighting, fresh, put, repairs_skipped, started, with_threat


def test_threat_reaching_21_loses_at_once():
    s = with_threat(started(), 20)
    out = apply(byhand.threat, s, delta=3, reason="Episode card")
    assert out.state["threat"] == 21 and out.state["phase"] == "over" and out.state["result"] == "lost"
    assert "sixth" in out.state["reason"]
    with pytest.raises(RuleError, match="over"):
        opening.opening(out.state, dice())


def test_threat_never_below_zero():
    out = apply(byhand.threat, fresh(), delta=-3, reason="card")
    assert out.state["threat"] == 0 and "THREAT stays at 0" in out.lines[0]


def test_threat_rises_1_for_a_destroyed_titan():
    s = fighting()
    out = apply(byhand.damage, s, 10, titan="Atlas", direct=True)
    assert out.state["titans"]["Atlas"]["destroyed"] and out.state["threat"] == s["threat"] + 1


def test_threat_rises_1_for_a_destroyed_metropolis_and_2_for_a_refuge_city():
    s = fighting()
    m = apply(byhand.damage, s, 4, city="Tokyo").state
    assert m["cities"]["Tokyo"]["destroyed"] and m["threat"] == s["threat"] + 1
    r = apply(byhand.damage, s, 9, city="Sydney").state
    assert r["cities"]["Sydney"]["destroyed"] and r["cities"]["Sydney"]["damage"] == 5
    assert r["threat"] == s["threat"] + 2


def test_entering_a_tier_says_what_changes():
    out = apply(byhand.threat, with_threat(started(), 15), delta=1, reason="card")
    assert any("Red tier" in line and "immune" in line for line in out.lines)


def test_supports_example_toronto_two_supports_take_four_damage():
    s = fighting()
    s["players"]["Bo"]["supports"] = [{"city": "Toronto", "damage": 0}, {"city": "Toronto", "damage": 0}]
    one = apply(byhand.damage, s, 1, support="Toronto")
    assert one.state["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 1},
                                                      {"city": "Toronto", "damage": 0}]
    assert "lay it down" in one.lines[0]
    two = apply(byhand.damage, one.state, 1, support="Toronto").state
    assert two["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 0}]
    four = apply(byhand.damage, s, 4, support="Toronto").state
    assert four["players"]["Bo"]["supports"] == []


def test_supports_example_mexico_city_damaged_support_takes_one_more():
    s = fighting()
    s["players"]["Bo"]["supports"] = [{"city": "Mexico City", "damage": 1}]
    out = apply(byhand.damage, s, 1, support="Mexico City")
    assert out.state["players"]["Bo"]["supports"] == [] and "return it to Bo" in out.lines[0]


def test_armor_prevents_damage_each_time():
    s = fighting()
    out = apply(byhand.damage, s, 3, titan="Brute")
    assert out.state["titans"]["Brute"]["damage"] == 1 and "Armor prevents 2" in out.lines[0]
    assert apply(byhand.damage, s, 3, titan="Brute", direct=True).state["titans"]["Brute"]["damage"] == 3


def test_destroyed_titan_is_removed_its_tech_disabled_and_its_pilot_die_is_asked_for():
    s = equipped(put(fighting(), "F5", "Tokyo"), Gun={"slot": "hand1", "charges": 2, "disabled": False})
    s["titans"]["Atlas"]["damage"] = 9
    out = apply(ending.ending, repairs_skipped(s), assign=(Assignment("F5", "titan", "Atlas"),))    # DMG 2, Armor 1
    t = out.state["titans"]["Atlas"]
    assert t["destroyed"] and "city" not in t and t["tech"]["Gun"]["disabled"] and t["pilot_check"]
    assert out.state["threat"] == s["threat"] + 1 and out.data["destroyed_titans"] == ["Atlas"]
    assert any("pilot-check Atlas" in line for line in out.lines)
