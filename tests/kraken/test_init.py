"""journal/games/kraken/__init__.py, the undo hooks of the game interface: `rolls_undoable` (outside
Just a Simulation a terminal player types each die, K8) and `undo_refusal` (a roll or a revealed
event is not undone, K8)."""

from __future__ import annotations

import json

import pytest
from kraken.kraken_helpers import DEMO_PACK, cli_set_up, new_state

from journal.games import kraken, kraken as game
from journal.runtime import Runtime


def _entry(rolls=(), revealed=()):
    e = {"rolls": [{"die": "d20", "value": v, "source": "rolled"} for v in rolls]}
    if revealed:
        e["meta"] = {"revealed": list(revealed)}
    return e


@pytest.mark.parametrize("difficulty", ["adventurer", "real-life", "hardcore"])
def test_undo_may_not_take_back_a_roll_or_a_revealed_event_outside_simulation(difficulty):
    s = new_state(difficulty)
    assert "goes back past new information" in game.undo_refusal(_entry(rolls=[14]), s)
    assert "revealed event A7" in game.undo_refusal(_entry(revealed=["A7"]), s)
    assert game.undo_refusal(_entry(), s) is None


def test_a_refused_undo_hints_reload_only_when_there_is_a_save_point():
    """Issue 20 §4: every hint runs as pasted: `journal kraken reload` only when a save point
    was made (an Adventurer's at a clone station; none at all in Real Life or Hardcore)."""
    s = new_state("adventurer")
    assert "journal kraken reload" not in game.undo_refusal(_entry(rolls=[14]), s)
    s["savepoint"] = {"id": 1, "turn": 2, "at": "a clone station"}
    assert "(rules note K8) (journal kraken reload). A die typed wrong?" in game.undo_refusal(_entry(rolls=[14]), s)
    assert "none was made yet" in game.undo_refusal(_entry(rolls=[14]), new_state("adventurer"))
    assert game.undo_refusal(_entry(rolls=[14]), new_state("real-life")).startswith(
        "it rolled d20=14: in Real Life nothing goes back past new information: it has no save points (rules note K8)")
    assert game.undo_refusal(_entry(revealed=["A7"]), new_state("real-life")).endswith("(rules note K8)")


@pytest.mark.parametrize("difficulty", ["adventurer", "real-life", "hardcore"])
def test_a_refused_undo_of_a_roll_names_the_by_hand_commands_with_reason(difficulty):
    """Issue 30 §7: a mistyped `--roll 3` cannot be undone (K8); the refusal says how to correct
    the table without a reload: the commands that set the values by hand, each with --reason."""
    told = game.undo_refusal(_entry(rolls=[3]), new_state(difficulty))
    assert told.endswith(". A die typed wrong? Set what it changed by hand, saying why: journal kraken line set LINE "
                         "COORD --reason TEXT, journal kraken crew hp NAME DELTA --reason TEXT or journal kraken set "
                         "KEY VALUE --reason TEXT")
    assert [h.render() for h in told.hints()][-3:] == [
        "journal kraken line set LINE COORD --reason TEXT", "journal kraken crew hp NAME DELTA --reason TEXT",
        "journal kraken set KEY VALUE --reason TEXT"]


def test_undo_takes_back_anything_in_just_a_simulation():
    assert game.undo_refusal(_entry(rolls=[3], revealed=["A7"]), new_state("simulation")) is None


def test_undo_refuses_a_die_roll_outside_simulation(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "5", ok=True)
    before = camp.files("sk")
    r = camp("undo", "-s", "sk")
    assert r.exit_code == 1 and "it rolled d20=5" in r.stderr and "rules note K8" in r.stderr
    assert camp.files("sk") == before
    camp("kraken", "xp", "-s", "sk", "+3", ok=True)
    camp("undo", "-s", "sk", ok=True)


def test_undo_refuses_a_revealed_event_outside_simulation(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    r = camp("undo", "-s", "sk")
    assert r.exit_code == 1 and "it revealed event B1, C1" in r.stderr


def test_simulation_undoes_anything(journal):
    journal("kraken", "new", "sim", "--difficulty", "simulation", "--pack", str(DEMO_PACK), "--line", "1AF", ok=True)
    cli_set_up(journal, "sim")
    journal("kraken", "turn", "-s", "sim", ok=True)
    before = journal.files("sim")
    journal("kraken", "turn", "-s", "sim", "--roll", "9", ok=True)
    journal("undo", "-s", "sim", ok=True)
    assert journal.files("sim") == before


def test_rolls_are_undoable_only_in_just_a_simulation():
    assert kraken.rolls_undoable({"difficulty": "simulation"})
    for d in ("adventurer", "real-life", "hardcore"):
        assert not kraken.rolls_undoable({"difficulty": d})


def test_a_terminal_player_types_each_die(camp, monkeypatch):
    camp("kraken", "turn", "-s", "sk", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = camp("kraken", "lt", "-s", "sk", input="7\n", ok=True)
    assert "d20 result (1-20; Enter: journal rolls): " in r.stdout and "journal rolled" not in r.stdout
    entry = json.loads(camp("--json", "log", "-s", "sk", "--tail", "1", ok=True).stdout)[0]
    assert entry["rolls"] == [{"die": "d20", "value": 7, "source": "entered"}]


def test_enter_lets_journal_roll_and_says_so(camp, monkeypatch):
    camp("kraken", "turn", "-s", "sk", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = camp("kraken", "lt", "-s", "sk", input="\n", ok=True)
    assert "journal rolled d20: " in r.stdout


def test_just_a_simulation_asks_for_each_die_as_every_difficulty_does(journal, monkeypatch):
    """Issue 30 §2: on a terminal every game and difficulty asks (undo taking it back or not)."""
    journal("kraken", "new", "sim", "--difficulty", "simulation", "--line", "1AA", "--seed", "2", ok=True)
    cli_set_up(journal, "sim")
    journal("kraken", "turn", "-s", "sim", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("kraken", "lt", "-s", "sim", input="7\n", ok=True)
    assert "d20 result (1-20; Enter: journal rolls): " in r.stdout and "journal rolled" not in r.stdout


def test_a_script_is_never_asked(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    r = camp("kraken", "lt", "-s", "sk", ok=True)
    assert "Enter: journal rolls" not in r.stdout and "journal rolled d20: " in r.stdout
