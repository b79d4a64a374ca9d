"""Space Kraken and the shared conventions: dice asked for where undo cannot take them back
(K8), the names a shell completes."""

from __future__ import annotations

import json

import pytest

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


# --- one vocabulary: --reason on every by-hand change --------------------------------------------

def last_entry(journal, save="sk") -> dict:
    return json.loads(journal("--json", "log", "-s", save, "--tail", "1", ok=True).stdout)[0]


@pytest.mark.parametrize("args", [
    ("credits", "+5"), ("xp", "+3"), ("oxygen", "-2"), ("crew", "hp", "Ray", "-1"),
    ("crew", "set", "Ray", "tech", "4"), ("crew", "trait", "Ray", "Brave:+1"), ("grade-price", "2", "14"),
    ("line", "set", "1", "1AB"), ("line", "end", "2"), ("var", "K", "3"), ("treasure", "add", "--grade", "2"),
])
def test_a_by_hand_change_takes_a_reason_and_logs_it(camp, args):
    camp("kraken", *args, "-s", "sk", "--reason", "event B2 says so", ok=True)
    assert last_entry(camp)["reason"] == "event B2 says so"
    assert camp("log", "-s", "sk", "--tail", "1", ok=True).stdout.rstrip().endswith("(reason: event B2 says so)")


def test_why_stays_a_hidden_alias_of_reason(camp):
    camp("kraken", "credits", "-s", "sk", "-12", "--buy", "--why", "a Rifle", ok=True)
    assert last_entry(camp)["reason"] == "a Rifle"
    assert "--why" not in camp("kraken", "credits", "--help", ok=True).stdout


def test_every_by_hand_command_offers_reason():
    import click

    from journal.games.kraken.cli import kraken

    ctx = click.Context(kraken)
    by_hand = [("credits",), ("xp",), ("oxygen",), ("grade-price",), ("var",), ("flight-end",), ("crew", "hp"),
               ("crew", "set"), ("crew", "trait"), ("quest", "tick"), ("captive", "add"), ("ship", "hull"),
               ("ship", "buy"), ("ship", "damage"), ("ship", "repair"), ("ship", "destroy"), ("combat", "set"),
               ("combat", "end"), ("ground", "set"), ("ground", "end"), ("dungeon", "value"), ("line", "set"),
               ("line", "end"), ("treasure", "add"), ("treasure", "discard"), ("location", "clear"),
               ("location", "remove")]
    for path in by_hand:
        cmd = kraken
        for word in path:
            cmd = cmd.get_command(ctx, word)
        assert any("--reason" in p.opts for p in cmd.params), path


# --- --choose in any case; data files as templates:kraken/FILE -------------------------------------

def test_choose_and_other_choices_accept_any_case(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", "--choose", "b", ok=True)
    assert "option B → 2AK" in r.stdout
    camp("kraken", "end", "-s", "sk", "WON", ok=True)
    assert state(camp)["result"] == "won"


@pytest.mark.parametrize("args", [
    ("flight-table", "--table", "templates:kraken/flight-table.toml"),
    ("treasure-table", "--table", "templates:kraken/treasure-table.toml"),
    ("ground", "profiles", "--profiles", "templates:kraken/enemies-sample.toml"),
    ("location", "check-generator", "templates:kraken/location-generator-sample.toml"),
    ("pack", "check", "templates:kraken/demo-pack.toml"),
])
def test_every_data_file_option_takes_a_shipped_template(journal, args):
    journal("kraken", *args, ok=True)


def test_a_template_name_stays_inside_the_templates_folder(journal):
    r = journal("kraken", "flight-table", "--table", "templates:../README.md")
    assert r.exit_code == 2 and "templates:GAME/FILE" in r.stderr
    r = journal("kraken", "flight-table", "--table", "templates:kraken/nope.toml")
    assert r.exit_code == 2 and "no file at templates:kraken/nope.toml" in r.stderr


def test_a_campaign_records_a_shipped_pack_by_its_template_name(journal):
    journal("kraken", "new", "p", "--difficulty", "simulation", "--pack", "templates:kraken/demo-pack.toml",
            "--line", "1AA", ok=True)
    assert journal.state("p")["pack"]["path"] == "templates:kraken/demo-pack.toml"
