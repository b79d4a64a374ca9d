"""The Ending Phase (rules/ending.py, T7): invader damage (to the city, or where the players assign
it: "Instead of the city, this damage can be assigned to Titans or Supports that are present
there"), THREAT, Titan presence and rift status controls, the Lead passing to the right."""

from __future__ import annotations

import pytest

from journal.errors import NeedChoice, RuleError
from journal.games.titans.cli.ending import read_assign
from journal.games.titans.rules import byhand, ending, fight, model, opening, rifts
from journal.games.titans.rules.ending import Assignment
from titans.titans_helpers import (
    apply, dice, do, emptied, ended, fighting, fresh, passed, put, repairs_skipped, typed, tyrant_ready,
    with_supports, with_threat,
)


def test_ending_damage_may_go_to_titans_or_supports_present_so_the_players_choose():
    """Rulebook, Ending Phase step 1: "All the Invaders on the game board deal damage equal to
    their DMG ability to the city they are placed on. Instead of the city, this damage can be
    assigned to Titans or Supports that are present there." """
    s = with_supports(put(fighting(), "F5", "Tokyo"), "Bo", "Tokyo")   # Atlas stands on Tokyo
    with pytest.raises(NeedChoice) as e:
        ending.ending(repairs_skipped(s), None)
    need = e.value
    assert need.option == "--assign" and need.values == ["F5=city", "F5=Atlas", "F5=yellow"]
    assert "--assign F5=city|Atlas|yellow" in need.message
    kw: dict = {"assign": ()}
    need.answer(kw, "F5=Atlas")                                         # what the player picks
    out = typed(read_assign, ending.ending, repairs_skipped(s), **kw)
    dmg = model.stats(s, "F5")["dmg"]
    assert out.data["damage"] == [{"invader": "F5", "target": "Atlas", "kind": "titan", "damage": dmg}]
    assert out.state["cities"]["Tokyo"]["damage"] == s["cities"]["Tokyo"]["damage"]


def test_ending_damage_goes_to_the_city_without_asking_when_nothing_else_is_there():
    s = put(fighting(), "F5", "Paris")                                  # nobody on Paris
    out = apply(ending.ending, repairs_skipped(s))
    assert out.data["damage"][0]["target"] == "Paris"


def test_ending_does_not_ask_about_a_destroyed_city_whose_damage_is_lost():
    s = put(fighting(), "F5", "Tokyo")
    s["cities"]["Tokyo"].update(damage=4, destroyed=True)
    out = apply(ending.ending, repairs_skipped(s))
    assert any("Tokyo is already destroyed" in line for line in out.lines)


def test_two_titans_on_a_guarded_rift_choose_which_takes_the_guardians_damage():
    s = fighting()
    for name in ("Atlas", "Brute"):
        s["titans"][name].pop("city")
        s["titans"][name]["rift"] = "North"
    with pytest.raises(NeedChoice) as e:
        ending.ending(repairs_skipped(s), None)
    assert e.value.values == ["F1=Atlas", "F1=Brute"]


def test_ending_invaders_damage_their_city():
    s = put(put(fighting(), "F1", "Lima"), "F5", "Lima")
    out = apply(ending.ending, repairs_skipped(s))
    assert out.state["cities"]["Lima"]["damage"] == 3 and out.data["damage"] == [
        {"invader": "F1", "target": "Lima", "kind": "city", "damage": 1},
        {"invader": "F5", "target": "Lima", "kind": "city", "damage": 2}]


def test_ending_damage_can_be_assigned_to_titans_and_supports_there():
    s = put(fighting(), "F5", "Tokyo")                               # DMG 2
    s["players"]["Bo"]["supports"] = [{"city": "Tokyo", "damage": 0}]
    out = apply(ending.ending, repairs_skipped(s), assign=(Assignment("F5", "titan", "Atlas"),))
    assert out.state["titans"]["Atlas"]["damage"] == 1 and out.state["cities"]["Tokyo"]["damage"] == 0   # armor 1
    out = typed(read_assign, ending.ending, repairs_skipped(s), assign=("F5=yellow:1",))
    assert out.state["players"]["Bo"]["supports"] == [{"city": "Tokyo", "damage": 1}]
    assert out.state["cities"]["Tokyo"]["damage"] == 1
    with pytest.raises(RuleError, match="Brute is not on Tokyo"):
        ending.ending(repairs_skipped(s), dice(), assign=(Assignment("F5", "titan", "Brute"),))
    with pytest.raises(RuleError, match="more points"):
        ending.ending(repairs_skipped(s), dice(), assign=(Assignment("F5", "titan", "Atlas", 1), Assignment("F5", "city", None, 2)))


def test_ending_rift_guardians_damage_the_titan_on_their_rift():
    s = do(fight.move, passed(fighting(), "Ana"), "Brute", "North")                # F1 1 + F2 1 + F5 2, armor 2 each hit
    out = apply(ending.ending, repairs_skipped(s))
    assert out.state["titans"]["Brute"]["damage"] == 0
    s["titans"]["Brute"]["armor"] = 0
    assert apply(ending.ending, repairs_skipped(s)).state["titans"]["Brute"]["damage"] == 4


def test_titan_presence_control_loses_when_no_titan_stands():
    s = fighting(1)
    s = do(byhand.damage, s, 10, titan="Atlas", direct=True)
    assert s["phase"] == "fight"                                    # destroyed, but the check is at the Ending
    out = apply(ending.ending, repairs_skipped(s))
    assert out.state["phase"] == "over" and out.state["result"] == "lost" and "no Titan" in out.state["reason"]


def test_threat_control_at_the_ending_phase():
    s = put(with_threat(fighting(), 19), "F5", "Tokyo")
    s["cities"]["Tokyo"]["damage"] = 2
    out = apply(ending.ending, repairs_skipped(s), assign=(Assignment("F5", "city"),))   # Tokyo destroyed: 19 → 20; still on
    assert out.state["threat"] == 20 and out.state["phase"] == "ending"
    s = put(with_threat(fighting(), 19), "F5", "Sydney")
    s["cities"]["Sydney"]["damage"] = 3
    out = apply(ending.ending, repairs_skipped(s))                                    # Refuge: +2 → 21: lost
    assert out.state["threat"] == 21 and out.state["result"] == "lost"


def test_rift_status_control_draws_the_final_episode():
    s = tyrant_ready()
    for r in ("South", "East", "West"):
        emptied(s, r)["rifts"][r].update(trial="defeated", closed=True)
    s = do(rifts.rift_close, s, "North", "Brute", city="Toronto")
    out = apply(ending.ending, repairs_skipped(s))
    assert out.state["phase"] == "final" and out.state["decks"]["final"] == 3
    won = apply(ending.end, out.state, "won").state
    assert won["phase"] == "over" and won["result"] == "won"
    with pytest.raises(RuleError, match="Final Episode is under way"):
        opening.opening(out.state, dice())


def test_lead_character_passes_to_the_right():
    s = fresh(4)                                                    # seated clockwise: Ana, Bo, Cy, Di
    leads = []
    for _ in range(5):
        s = do(opening.opening, s)
        leads.append(s["lead"])
        s = ended(s)
    assert leads == ["Ana", "Di", "Cy", "Bo", "Ana"]


def test_a_tier_change_mid_damage_lets_the_players_order_the_invaders():
    """The book gives no order for the Invader Damage, and a city destroyed on the way can move THREAT
    to another tier, whose section of the Invader Cards the invaders after it use. The players order
    the invaders (`--order`); without it they strike as `show` lists them, and the output says
    which ones dealt the new tier's damage."""
    s = put(put(with_threat(fighting(), 5), "F1", "Cairo"), "F3", "Paris")
    s["cities"]["Cairo"]["damage"] = 3
    out = apply(ending.ending, repairs_skipped(s))                     # F1 destroys Cairo: White; F3 deals 2
    assert out.state["threat"] == 6 and out.state["cities"]["Paris"]["damage"] == 2
    assert ("The tier changed during the Invader Damage: F3 deals the damage of the White section (the players may "
            "order the invaders: journal undo, then journal titans ending --order F3 --order F1).") in out.lines
    out = typed(read_assign, ending.ending, repairs_skipped(s), order=("f3",))
    assert out.state["cities"]["Paris"]["damage"] == 1 and out.state["threat"] == 6
    with pytest.raises(RuleError, match="T1 deals no damage this Ending Phase"):
        ending.ending(repairs_skipped(s), dice(), order=("T1",))


def test_damage_assigned_to_supports_goes_from_one_to_the_next_and_the_rest_is_lost():
    """Book l.233: the damage goes to Supports "Instead of the city"; l.395: "If it suffers 2 or more
    damage, it must be removed"; l.399 (Toronto): "The same applies to the second Support in case of
    excess damage". The book is silent past the last Support: as excess attack damage with no other
    Invader to take it is lost (l.200), it is lost, never sent on to the city."""
    s = with_supports(put(fighting(), "F5", "Paris"), "Bo", "Paris", 2)          # F5: DMG 2
    s["players"]["Bo"]["supports"][0]["damage"] = 1                              # one knocked down
    out = typed(read_assign, ending.ending, repairs_skipped(s), assign=("F5=yellow",))
    assert out.state["players"]["Bo"]["supports"] == [{"city": "Paris", "damage": 1}]   # the second took the rest
    assert out.data["damage"] == [{"invader": "F5", "target": "Bo's Supports", "kind": "support", "damage": 2}]
    s["players"]["Bo"]["supports"] = [{"city": "Paris", "damage": 1}]
    out = typed(read_assign, ending.ending, repairs_skipped(s), assign=("F5=yellow",))
    assert out.state["players"]["Bo"]["supports"] == [] and out.state["cities"]["Paris"]["damage"] == 0
    assert out.state["threat"] == s["threat"]
    assert "1 of F5's damage finds no yellow Support left in Paris: it is lost (it went to the Supports instead of " \
           "the city)." in out.lines
    assert out.data["damage"] == [{"invader": "F5", "target": "Bo's Supports", "kind": "support", "damage": 1,
                                   "lost": 1}]
    assert out.summary.startswith("Turn 1 ends: F5→Bo's Supports 1 (1 lost);")


def test_the_ending_log_line_says_the_damage_a_destroyed_city_loses():
    """Book l.233: "If the city is destroyed as a consequence of this action, place a City Destroyed
    Token onto it": a destroyed city takes no more, so the log line and the report say the damage
    is lost, as the output does (not "F5→Tokyo 2")."""
    s = put(fighting(), "F5", "Tokyo")
    s["cities"]["Tokyo"].update(damage=4, destroyed=True)
    out = apply(ending.ending, repairs_skipped(s))
    assert "Tokyo is already destroyed: the damage from F5 is lost." in out.lines
    assert out.data["damage"] == [{"invader": "F5", "target": "Tokyo", "kind": "city", "damage": 0, "lost": 2}]
    assert out.summary.startswith("Turn 1 ends: F5→Tokyo 0 (2 lost);")
    s = put(fighting(), "F5", "Tokyo")
    s["cities"]["Tokyo"]["damage"] = 3                                       # a Metropolis one point from destroyed
    out = apply(ending.ending, repairs_skipped(s), assign=(Assignment("F5", "city"),))
    assert out.data["damage"] == [{"invader": "F5", "target": "Tokyo", "kind": "city", "damage": 1, "lost": 1}]
    assert "The rest of F5's damage (1) is lost: Tokyo had no more to take." in out.lines
    assert out.summary.startswith("Turn 1 ends: F5→Tokyo 1 (1 lost);")
