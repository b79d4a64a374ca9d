"""Rules fidelity (issue 11) for War Titans: the Ending Phase's damage goes where the players
choose, and a command that closes earlier steps says which, and who missed them."""

from __future__ import annotations

import pytest
from titans_helpers import typed, apply, do, fighting, put

from journal.games.titans.cli.ending import read_assign
from journal.errors import NeedChoice
from journal.games.titans.rules import ending, fight, model, upgrade
from journal.games.titans.rules.fight import Attack

def _with_supports(s: dict, player: str, city: str, n: int = 1) -> dict:
    s["players"][player]["supports"] += [{"city": city, "damage": 0} for _ in range(n)]
    return s


def test_ending_damage_may_go_to_titans_or_supports_present_so_the_players_choose():
    """Rulebook, Ending Phase step 1: "All the Invaders on the game board deal damage equal to
    their DMG ability to the city they are placed on. Instead of the city, this damage can be
    assigned to Titans or Supports that are present there." """
    s = _with_supports(put(fighting(), "F5", "Tokyo"), "Bo", "Tokyo")   # Atlas stands on Tokyo
    with pytest.raises(NeedChoice) as e:
        ending.ending(s, None)
    need = e.value
    assert need.option == "--assign" and need.values == ["F5=city", "F5=Atlas", "F5=yellow"]
    assert "--assign F5=city|Atlas|yellow" in need.message
    kw: dict = {"assign": ()}
    need.answer(kw, "F5=Atlas")                                         # what the player picks
    out = typed(read_assign, ending.ending, s, **kw)
    dmg = model.stats(s, "F5")["dmg"]
    assert out.data["damage"] == [{"invader": "F5", "target": "Atlas", "kind": "titan", "damage": dmg}]
    assert out.state["cities"]["Tokyo"]["damage"] == s["cities"]["Tokyo"]["damage"]


def test_ending_damage_goes_to_the_city_without_asking_when_nothing_else_is_there():
    s = put(fighting(), "F5", "Paris")                                  # nobody on Paris
    out = apply(ending.ending, s)
    assert out.data["damage"][0]["target"] == "Paris"


def test_ending_does_not_ask_about_a_destroyed_city_whose_damage_is_lost():
    s = put(fighting(), "F5", "Tokyo")
    s["cities"]["Tokyo"].update(damage=4, destroyed=True)
    out = apply(ending.ending, s)
    assert any("Tokyo is already destroyed" in line for line in out.lines)


def test_two_titans_on_a_guarded_rift_choose_which_takes_the_guardians_damage():
    s = fighting()
    for name in ("Atlas", "Brute"):
        s["titans"][name].pop("city")
        s["titans"][name]["rift"] = "North"
    with pytest.raises(NeedChoice) as e:
        ending.ending(s, None)
    assert e.value.values == ["F1=Atlas", "F1=Brute"]


def test_ending_in_a_script_is_refused_naming_the_choices(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,city=London", "--seed", "7", ok=True)
    journal("titans", "opening", ok=True)
    journal("titans", "invade", "--rift", "North", "--city", "London", ok=True)
    invader = journal.state("g")["invaders"]
    (pid,) = invader
    before = journal.files("g")
    r = journal("titans", "ending")
    assert r.exit_code == 2 and f"--assign {pid}=city|Brute" in r.stderr
    assert journal.files("g") == before
    journal("titans", "ending", "--assign", f"{pid}=Brute", ok=True)


def test_ending_names_the_steps_it_closes_and_who_missed_them():
    s = put(fighting(), "F5", "Paris")
    s = do(fight.attack, put(s, "T1", "Tokyo"), Attack("Atlas", successes=1))      # Ana's Fight turn; Bo never acts
    s = _with_supports(s, "Bo", "Lima")
    out = typed(read_assign, ending.ending, s, assign=("T1=city",))
    assert "(The Fight Phase is over: Bo did not take a turn.)" in out.lines
    assert "(The Repair Checks are over: Atlas, Brute made none.)" in out.lines
    assert "(The Development step is over: Ana, Bo did not take an action.)" in out.lines
    assert "(The Support Movement is over: Bo moved no Support.)" in out.lines
    assert out.data["closed"] == [{"step": "fight", "missed": ["Bo"]}, {"step": "repair", "missed": ["Atlas", "Brute"]},
                                  {"step": "development", "missed": ["Ana", "Bo"]},
                                  {"step": "supports", "missed": ["Bo"]}]


def test_development_names_the_repair_checks_it_closes():
    s = do(upgrade.develop, fighting(), "Ana", "industry")
    assert "(The Repair Checks are over: Atlas, Brute made none.)" in apply(
        upgrade.develop, fighting(), "Ana", "industry").lines
    assert s["round"]["charged"]


def test_ending_asks_a_player_at_a_terminal_where_the_damage_goes(journal, monkeypatch):
    from journal.runtime import Runtime

    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=0,combat=4,movement=3,repair=2,city=Tokyo",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,city=London", "--seed", "7", ok=True)
    journal("titans", "opening", ok=True)
    journal("titans", "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    (pid,) = journal.state("g")["invaders"]
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("titans", "ending", input="nobody\n" + f"{pid}=atlas\n")
    assert r.exit_code == 0, r.stderr
    assert f"{pid} deals 1 damage on Tokyo: to whom?" in r.stdout and f"{pid}=city" in r.stdout   # the menu
    st = journal.state("g")
    assert st["titans"]["Atlas"]["damage"] == 1 and st["cities"]["Tokyo"]["damage"] == 1  # the invasion's only
