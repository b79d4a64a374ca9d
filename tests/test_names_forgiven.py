"""Issue 30 §3 and §4: names forgiven and options where people type them. A game or command name
in any case, a typo answered with "Did you mean", a save whose name differs only by case or that
lives in another saves folder journal knows named in the refusal; the global options (--saves,
--json, -s) after the command as before it."""

from __future__ import annotations

import json

from journal_testing import CLEAN_ENV, EPM_NEW, _Journal, collect, one_error
from click.testing import CliRunner


def bare(*args, env=None):
    """`journal ARGS` with no --saves: the folder is found by the rule."""
    r = CliRunner().invoke(_Journal(), list(map(str, args)), env={**CLEAN_ENV, **(env or {})},
                           catch_exceptions=False)
    collect(args, r)
    return r


def test_a_game_name_is_matched_without_case_and_logged_as_the_game_names_it(camp):
    before = camp.files("camp")
    r = camp("EPM", "card", "3", ok=True)
    assert "Read Story Card 3" in r.stdout and camp.files("camp") != before
    assert json.loads(camp("--json", "log", "--tail", "1", ok=True).stdout)[0]["command"] == "epm card 3"
    assert camp("Show", ok=True).stdout.startswith("War With the Evil Power Master")
    assert camp("epm", "CARD", "4", ok=True).stdout.startswith("Read Story Card 4")


def test_a_typo_in_a_game_or_command_name_gets_did_you_mean(camp):
    before = camp.files("camp")
    r = camp("titan", "show")
    assert one_error(r, 2) == "Error: No such command 'titan'. Did you mean 'titans'? (see: journal --help)"
    assert one_error(camp("lsit"), 2) == "Error: No such command 'lsit'. Did you mean 'list'? (see: journal --help)"
    assert one_error(camp("titans", "chek"), 2).startswith("Error: No such command 'chek'. Did you mean 'check'?")
    assert one_error(camp("epm", "shwo"), 2).startswith("Error: No such command 'shwo'. Did you mean 'show'?")
    assert one_error(camp("xyzzy"), 2) == "Error: No such command 'xyzzy'. (see: journal --help)"
    assert camp.files("camp") == before


def test_a_save_named_in_another_case_is_named_in_the_refusal(camp):
    r = camp("copy", "CAMP", "x")
    assert r.exit_code == 1
    assert one_error(r).endswith("there is 'camp': type the name as it is spelled")
    assert "start one with" not in r.stderr
    assert "there is 'camp'" in one_error(camp("show", "-s", "Camp"))


def test_a_save_in_another_saves_folder_journal_knows_is_named_with_the_command_to_reach_it(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.chdir(tmp_path)
    assert bare(*EPM_NEW).exit_code == 0  # into the data folder: no saves/ here
    saves = data / "journal" / "saves"
    r = bare("--saves", "elsewhere", "show", "-s", "camp")
    assert r.exit_code == 1
    told = one_error(r)  # one line: the temporary path cannot wrap it
    assert told == f"Error: no save 'camp' in elsewhere; there is one in {saves}: journal --saves {saves} show -s camp"
    assert bare("--saves", str(saves), "show", "-s", "camp").exit_code == 0  # the command it names works
    r = bare("--saves", "elsewhere", "show", "-s", "nothing")
    assert "start one with `journal GAME new nothing`" in r.stderr


def test_the_root_options_work_after_the_command(camp):
    """`journal report --saves DIR` and friends: --saves, --json and -s after the command."""
    folder = str(camp.saves)
    r = CliRunner().invoke(_Journal(), ["report", "--saves", folder, "-s", "camp"], env=CLEAN_ENV)
    assert r.exit_code == 0 and r.stdout.startswith("# camp: War With the Evil Power Master")
    r = CliRunner().invoke(_Journal(), ["epm", "show", "--saves", folder, "--json", "-s", "camp"], env=CLEAN_ENV)
    assert r.exit_code == 0 and json.loads(r.stdout)["name"] == "camp"
    r = CliRunner().invoke(_Journal(), ["list", "--saves", folder], env=CLEAN_ENV)
    assert r.exit_code == 0 and r.stdout.startswith("* camp  epm")
