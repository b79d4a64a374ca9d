"""Space Kraken and the shared conventions: dice asked for where undo cannot take them back
(K8), the names a shell completes."""

from __future__ import annotations

import json

from journal.games import kraken
from journal.runtime import Runtime


def state(journal, name="sk"):
    return journal.state(name)


# --- K8: where undo cannot take a roll back, a terminal player is asked for each die ---------

def test_rolls_are_undoable_only_in_just_a_simulation():
    assert kraken.rolls_undoable({"difficulty": "simulation"})
    for d in ("adventurer", "real-life", "hardcore"):
        assert not kraken.rolls_undoable({"difficulty": d})


def test_outside_just_a_simulation_a_terminal_player_types_each_die(camp, monkeypatch):
    camp("kraken", "turn", "-s", "sk", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = camp("kraken", "lt", "-s", "sk", input="7\n", ok=True)
    assert "type your die's result (1-20)" in r.stdout and "journal rolled" not in r.stdout
    entry = json.loads(camp("--json", "log", "-s", "sk", "--tail", "1", ok=True).stdout)[0]
    assert entry["rolls"] == [{"die": "d20", "value": 7, "source": "entered"}]


def test_enter_lets_journal_roll_and_says_so(camp, monkeypatch):
    camp("kraken", "turn", "-s", "sk", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = camp("kraken", "lt", "-s", "sk", input="\n", ok=True)
    assert "journal rolled d20: " in r.stdout


def test_just_a_simulation_rolls_without_asking(journal, monkeypatch):
    journal("kraken", "new", "sim", "--difficulty", "simulation", "--line", "1AA", "--seed", "2", ok=True)
    journal("kraken", "turn", "-s", "sim", ok=True)
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = journal("kraken", "lt", "-s", "sim", input="7\n", ok=True)
    assert "type your die's result" not in r.stdout and "journal rolled d20: " in r.stdout


def test_a_script_is_never_asked(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    r = camp("kraken", "lt", "-s", "sk", ok=True)
    assert "type your die's result" not in r.stdout and "journal rolled d20: " in r.stdout


# --- names a shell completes ------------------------------------------------------------------

def test_names_lists_the_campaigns_own_names_by_kind(camp):
    camp("kraken", "crew", "weapon", "-s", "sk", "Ray", "Rifle (3) 4+, 3 A5 RG", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Scout", "--price", "0", "--sp", "10", "--free", ok=True)
    camp("kraken", "storage", "add", "-s", "sk", "Med Kit", ok=True)
    camp("kraken", "quest", "add", "-s", "sk", "Ore Run", ok=True)
    camp("kraken", "location", "add", "-s", "sk", "--type", "Mining Station", "--difficulty", "2", "--ao", "YES",
         "--ai", "NO", "--depth", "4", "--teleport", "0", "--species", "Grey", "--name", "Rock", ok=True)
    names = kraken.names(state(camp))
    assert set(names) == {"crew", "enemy", "location", "item", "weapon", "system", "quest", "captive", "line"}
    assert names["crew"] == ["Ray"] and names["quest"] == ["Ore Run"] and names["line"] == ["1", "2"]
    assert names["weapon"] == ["Rifle"] and "Med Kit" in names["item"] and "Rifle" in names["item"]
    assert names["location"] == ["1", "Rock"] and names["enemy"] == names["captive"] == []
    assert all(isinstance(v, str) for kind in names.values() for v in kind)


def test_names_of_a_ground_combat_are_its_enemies_labels():
    s = {"crew": {}, "ground": {"enemies": {"E1": {}, "E2": {}}}, "ship": {"systems": {"Laser": {}}},
         "captives": {"C1": {}}}
    names = kraken.names(s)
    assert names["enemy"] == ["E1", "E2"] and names["system"] == ["Laser"] and names["captive"] == ["C1"]
