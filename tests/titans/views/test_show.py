"""`journal show` and `journal list` (views/show.py): the game in its own words, --json with the
documented keys, rows that fit 100 columns."""

from __future__ import annotations

from journal.games import titans as game
from titans.titans_helpers import DICE, shown_state


def busy_titans(journal):
    """A three-player game in its second turn with long names, Supports, Tech Cards and invaders."""
    journal("titans", "new", "busy", "--players", "3", *DICE,
            "--titan", "Atlas Prime:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,blow=energy+melee,"
                       "pilot=O.N.E.,player=Ana Maria,city=New York",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira Vex,player=Bo,city=London",
            "--titan", "Cora:hp=8,armor=0,combat=3,movement=4,repair=3,pilot=Mox,player=Cy,city=Sao Paulo",
            "--seed", "5", ok=True)
    for cmd in (["opening"], ["invade", "--rift", "North", "--city", "New York"],
                ["move", "Atlas Prime", "Toronto"], ["attack", "Brute", "--provoke", "--rift", "East",
                                                      "--successes", "1"],
                ["pass", "Cy"], ["next"], ["credits", "Bo", "+9"], ["repair", "Atlas Prime", "--skip"],
                ["repair", "Brute", "--skip"], ["repair", "Cora", "--skip"], ["develop", "Ana Maria", "industry"],
                ["develop", "Bo", "army", "--city", "London", "--count", "3"],
                ["tech", "Brute", "equip", "Very Long Named Plasma Sword Mk II", "--slot", "hands", "--tag",
                 "energy", "--bonus", "combat+1"],
                ["tech", "Cora", "equip", "Visor", "--slot", "head", "--bonus", "repair+1"],
                ["develop", "Cy", "industry"], ["supports", "Bo", "--from", "London", "--to", "Paris"],
                ["face-up", "Rail Gun", "Ion Shield"], ["invader", "T1", "--city", "London"],
                ["invader", "M1", "--city", "London"], ["invader", "F2", "--city", "London", "--damage", "1"]):
        journal("titans", *cmd, "-s", "busy", ok=True)
    return journal


def test_show_json_has_the_documented_keys(game):
    st = shown_state(game)
    assert {"threat", "tier", "players", "cities", "titans", "rifts", "phase", "turn"} <= set(st)
    assert {"type", "damage", "destroyed"} <= set(st["cities"]["Tokyo"])
    assert {"damage", "destroyed", "city"} <= set(st["titans"]["Atlas"])
    assert st["rifts"]["North"]["closed"] is False and "result" not in st


def test_show_and_list_speak_the_game(game):
    out = game("show", "-s", "g", ok=True).stdout
    assert "THREAT  0/21" in out and "Next: Start turn 1: journal titans opening" in out
    assert "Setup" in game("list", ok=True).stdout or "turn 0" in game("list", ok=True).stdout


def test_show_and_odds_of_a_busy_game_fit_100_columns(journal):
    busy_titans(journal)
    state = journal.state("busy")
    rows = game.summary(state)
    assert max(len(r) for r in rows if r.startswith(" ")) <= 100     # the tables, before any wrapping
    for cmd in (["show"], ["log"], ["titans", "odds", "Brute", "combat"]):
        out = journal(*cmd, "-s", "busy", ok=True).stdout
        assert max(len(line) for line in out.splitlines()) <= 100, cmd
    out = journal("titans", "ending", "-s", "busy", "--assign", "T1=city", "--assign", "M1=city",
                  "--assign", "F2=yellow", "--assign", "F1=city", "--assign", "A1=city", ok=True).stdout
    assert max(len(line) for line in out.splitlines()) <= 100
    wide = journal("titans", "ending", "-s", "busy", env={"COLUMNS": "60"})
    assert wide.exit_code == 1                                   # (the turn is over) ...
    out = journal("show", "-s", "busy", env={"COLUMNS": "60"}, ok=True).stdout
    assert max(len(line) for line in out.splitlines() if not line.startswith(" ")) <= 60   # prose at 60
