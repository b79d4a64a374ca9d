"""A current campaign per saves folder (journal use), -s before the command, and the shared
commands typed under a game's name."""

from __future__ import annotations

import json

import pytest

from journal_testing import EPM_NEW

PULP_NEW = ["pulp", "new", "other", "--level", "normal", "--captain", "Mina", "--combat", "4/6", "--science", "3/5",
            "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=4", "--hegemony", "The Quietus",
            "--hegemony", "Kah:C", "--hegemony", "Zorn", "--seed", "1"]


def test_new_makes_the_campaign_current_and_says_so_in_its_last_line(journal):
    r = journal(*EPM_NEW, ok=True)
    assert r.stdout.splitlines()[-1].endswith("now the current campaign.")
    assert journal("use", ok=True).stdout.strip() == "The current campaign is 'camp'."
    assert "Story Card 1" in journal("show", ok=True).stdout
    assert journal("epm", "card", "3", ok=True).stdout.startswith("Read Story Card 3")


def test_use_switches_the_current_campaign_and_list_marks_it(journal):
    journal(*EPM_NEW, ok=True)
    journal(*PULP_NEW, ok=True)
    listed = journal("list", ok=True).stdout.splitlines()
    assert [line[:2] for line in listed] == ["  ", "* "] and "other" in listed[1]
    r = journal("use", "camp", ok=True)
    assert "'camp' (War With the Evil Power Master) is now the current campaign" in r.stdout
    rows = json.loads(journal("--json", "list", ok=True).stdout)
    assert {row["name"]: row["current"] for row in rows} == {"camp": True, "other": False}
    assert json.loads(journal("--json", "use", ok=True).stdout) == {"current": "camp"}


def test_save_is_found_by_option_then_environment_then_current_campaign(journal):
    journal(*EPM_NEW, ok=True)
    journal(*PULP_NEW, ok=True)  # current: other
    assert json.loads(journal("--json", "show", ok=True).stdout)["name"] == "other"
    assert json.loads(journal("--json", "show", env={"JOURNAL_SAVE": "camp"}, ok=True).stdout)["name"] == "camp"
    assert json.loads(journal("--json", "show", "-s", "other", env={"JOURNAL_SAVE": "camp"},
                              ok=True).stdout)["name"] == "other"


def test_save_option_is_also_accepted_before_the_command(journal):
    journal(*EPM_NEW, ok=True)
    journal(*PULP_NEW, ok=True)
    assert json.loads(journal("--json", "-s", "camp", "show", ok=True).stdout)["name"] == "camp"
    assert journal("-s", "camp", "epm", "card", "4", ok=True).stdout.startswith("Read Story Card 4")
    assert journal.state("camp")["card"] == 4


def test_without_any_campaign_the_error_names_all_three_ways(journal):
    r = journal("show")  # none at all: how to start one (issue 30 item 6)
    assert r.exit_code == 2 and "start one with `journal epm new NAME ...`" in r.stderr
    journal(*EPM_NEW, ok=True)
    (journal.saves / ".current").unlink()
    r = journal("show")  # some, none current: the three ways to name one
    assert r.exit_code == 2
    assert "-s NAME" in r.stderr and "JOURNAL_SAVE" in r.stderr and "journal use NAME" in r.stderr


def test_a_current_campaign_whose_save_is_gone_is_named(journal, saves):
    journal(*EPM_NEW, ok=True)
    (saves / "camp.toml").unlink()
    r = journal("show")
    assert r.exit_code == 1 and "current campaign 'camp'" in r.stderr and "journal use NAME" in r.stderr


def test_use_refuses_a_save_that_does_not_exist_and_keeps_the_current_one(journal, saves):
    journal(*EPM_NEW, ok=True)
    before = (saves / ".current").read_bytes()
    r = journal("use", "nope")
    assert r.exit_code == 1 and "no save 'nope'" in r.stderr
    assert (saves / ".current").read_bytes() == before


def test_the_demo_does_not_replace_the_current_campaign(journal):
    journal(*EPM_NEW, ok=True)
    journal("demo", "epm", ok=True)
    assert journal("use", ok=True).stdout.strip() == "The current campaign is 'camp'."


def test_shared_commands_work_under_a_game_name(camp):
    camp("epm", "card", "5", ok=True)
    assert "Story Card 5" in camp("epm", "show", ok=True).stdout
    assert "Read Story Card 5" in camp("epm", "log", "--tail", "1", ok=True).stdout
    assert camp("epm", "undo", ok=True).exit_code == 0
    assert camp.state("camp")["card"] == 1
    r = camp("titans", "show")
    assert r.exit_code == 1 and "`journal titans ...` commands do not apply to it" in r.stderr


@pytest.mark.parametrize("game", ["titans", "kraken", "pulp"])
def test_shared_commands_work_under_every_game_name_whose_commands_load_lazily_or_not(journal, game):
    """`journal kraken show` once said "No such command": its group loads commands lazily."""
    journal("demo", game, ok=True)
    name = f"demo-{game}"
    for words in (["show"], ["log", "--tail", "1"]):
        assert journal(game, *words, "-s", name, ok=True).stdout == journal(*words, "-s", name, ok=True).stdout
    for other in {"epm", "titans", "kraken", "pulp"} - {game}:
        r = journal(other, "show", "-s", name)
        assert r.exit_code == 1 and f"`journal {other} ...` commands do not apply to it" in r.stderr
