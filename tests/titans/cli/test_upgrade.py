"""`journal titans develop`, `tech`, `supports`, `face-up` (cli/upgrade.py) end to end, and what
they read: bonus dice, slots."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games import titans as game
from journal.games.titans.cli import upgrade as cli_upgrade
from titans.titans_helpers import fighting, j, shown_state, skip_repairs, t


def test_bonus_dice_are_checked():
    with pytest.raises(InputError, match="bonus dice go to a check"):
        cli_upgrade.tech_details("equip", None, "hand", (), False, ("armor+1",), ())
    with pytest.raises(InputError, match="--bonus combat\\+12: expected -9..\\+9 dice, not 0"):
        cli_upgrade.tech_details("equip", None, "hand", (), False, ("combat+12",), ())
    s = fighting()
    s["titans"]["Atlas"]["tech"]["Gun"] = {"slot": "hand1", "charges": 0, "disabled": False, "dice": {"hp": 1}}
    s["decks"]["tech"] -= 1
    assert any("state.titans.Atlas.tech.Gun.dice.hp is not a known key" in p for p in game.validate(s))


def test_research_and_refresh(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    t(game, "attack", "Atlas", "--successes", "2", "--final-blow", ok=True)
    t(game, "credits", "Ana", "+3", "--reason", "Episode card", ok=True)
    t(game, "next", ok=True)
    skip_repairs(game, "Atlas", "Brute")
    r = t(game, "develop", "Ana", "research")
    assert r.exit_code == 2 and "--card NAME" in r.stderr
    d = j(game, "titans", "develop", "-s", "g", "Ana", "research", "--card", "Rail Gun", "--slot", "hand", "--cost", "1")
    assert d["slot"] == "hand1" and d["credits"] == 3
    d = j(game, "titans", "develop", "-s", "g", "Bo", "research", "--redraw")
    assert d["action"] == "research"
    st = shown_state(game)
    assert st["decks"]["tech"] == 68 and st["decks"]["tech_discard"] == 3


def test_refresh_the_final_blow(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    t(game, "attack", "Atlas", "--successes", "2", "--final-blow", ok=True)
    t(game, "next", ok=True)
    skip_repairs(game, "Atlas", "Brute")
    r = t(game, "develop", "Ana", "refresh")                 # 1 Credit from T1; the Refresh Cost is 2
    assert r.exit_code == 1 and "costs 2 Credits and Ana has 1" in r.stderr
    t(game, "credits", "Atlas", "+1", ok=True)
    d = j(game, "titans", "develop", "-s", "g", "Ana", "refresh")
    assert d["credits"] == 0 and shown_state(game)["titans"]["Atlas"]["blow_ready"] is True
