"""The commands every game shares: options, exit codes, JSON, names, notes, rolls, check."""

from __future__ import annotations

import json
import os

import pytest

from journal_testing import EPM_NEW, _Journal


def test_games_lists_the_supported_games(journal):
    rows = json.loads(journal("--json", "games", ok=True).stdout)
    assert {"id": "epm", "title": "War With the Evil Power Master"} in rows


def test_version(journal):
    from journal import __version__
    assert __version__ in journal("--version", ok=True).stdout


def test_list_shows_saves_with_game_and_status(camp):
    camp("epm", "travel", "-s", "camp", "Kell", "--segments", "1")  # refused: still exploring
    out = camp("list", ok=True).stdout
    assert "camp" in out and "epm" in out and "Zorb" in out and "exploring" in out
    rows = json.loads(camp("--json", "list", ok=True).stdout)
    assert rows[0]["name"] == "camp" and rows[0]["valid"] is True


def test_list_marks_invalid_saves_without_failing(camp, saves):
    (saves / "broken.toml").write_text("[journal\n")
    (saves / "half.toml").write_text('[journal]\ngame = "epm"\n')
    (saves / "notes.toml").write_text('title = "not a save"\n')
    rows = {r["name"]: r for r in json.loads(camp("--json", "list", ok=True).stdout)}
    assert rows["broken"]["valid"] is False and "line 1" in rows["broken"]["status"]
    assert rows["half"]["valid"] is False and rows["half"]["game"] == "epm"
    assert "notes" not in rows and rows["camp"]["valid"] is True


def test_show_json_has_game_name_state(camp):
    doc = json.loads(camp("--json", "show", "-s", "camp", ok=True).stdout)
    assert doc["game"] == "epm" and doc["name"] == "camp"
    st = doc["state"]
    assert st["signal"] == 0 and st["epm"] == 0 and st["phase"] == "exploring" and st["planet"] == "Zorb"
    assert st["characters"]["Ana"]["active"] is True
    assert st["planets"]["Kell"]["status"] == "face_down"


def test_json_flag_is_accepted_after_the_command(camp):
    doc = json.loads(camp("show", "-s", "camp", "--json", ok=True).stdout)
    assert doc["name"] == "camp"


@pytest.mark.parametrize("args", [["games"], ["list"], ["show", "-s", "camp"], ["log", "-s", "camp"],
                                  ["check", "-s", "camp"], ["note", "-s", "camp", "hi"],
                                  ["roll", "d6"], ["roll", "d6", "-s", "camp"],
                                  ["epm", "card", "-s", "camp", "2"], ["show", "-s", "nosuch"],
                                  ["epm", "challenge", "-s", "camp", "flying"], ["bogus"]])
def test_json_stdout_is_exactly_one_document(camp, args):
    r = camp("--json", *args)
    json.loads(r.stdout)  # raises if there is not exactly one document


def test_refusals_exit_1_with_one_error_line(camp):
    before = camp.files("camp")
    r = camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Zed")
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("Error: ")
    assert "Traceback" not in r.stderr + r.stdout
    assert camp.files("camp") == before


def test_usage_errors_exit_2(camp):
    assert camp("epm", "challenge", "-s", "camp", "flying").exit_code == 2
    assert camp("nosuchcommand").exit_code == 2


def test_a_missing_choice_lists_its_values_on_the_error_line(journal):
    r = journal("pulp", "new", "p")
    assert r.exit_code == 2
    assert r.stderr == ("Error: Missing option '--level'. Choose from: basic, normal, advanced "
                        "(see: journal pulp new --help)\n")


@pytest.mark.parametrize("args, said", [
    (["epm", "card"], "Missing argument 'NUMBER'."),
    (["epm", "crad", "3"], "No such command 'crad'."),
    (["show", "--tial", "3"], "No such option '--tial'."),
])
def test_a_usage_error_is_one_line_naming_the_help_to_read(journal, args, said):
    """Click's own words (8.2.0 wrote "No such option: --tial", later versions quote it)."""
    r = journal(*args)
    assert r.exit_code == 2 and r.stdout == ""
    spelled = (said, said.replace(" '", ": ").replace("'.", ""))
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith(tuple(f"Error: {s}" for s in spelled))
    assert r.stderr.rstrip().endswith("--help)")


@pytest.mark.parametrize("ref", ["../x", "/etc/passwd", "a/b", ".hidden", "x y", "-x"])
def test_bad_save_names_are_refused(journal, ref):
    r = journal("show", "-s", ref)
    assert r.exit_code in (1, 2) and "Traceback" not in r.stderr


def test_save_may_be_a_path_to_a_toml_file(journal, tmp_path):
    target = tmp_path / "elsewhere" / "my camp.toml"
    target.parent.mkdir()
    journal(*[str(target) if a == "camp" else a for a in EPM_NEW], ok=True)
    assert target.exists() and (target.parent / "my camp.log.jsonl").exists()
    assert json.loads(journal("--json", "show", "-s", str(target), ok=True).stdout)["name"] == "my camp"


def test_save_from_environment(camp):
    r = camp("show", env={"JOURNAL_SAVE": "camp"}, ok=True)
    assert "Zorb" in r.stdout


def test_saves_folder_from_environment(journal, tmp_path):
    folder = tmp_path / "env-saves"
    r = journal.runner.invoke(_Journal(), EPM_NEW, env={"JOURNAL_SAVES": str(folder)})
    assert r.exit_code == 0 and (folder / "camp.toml").exists()


def test_new_refuses_an_existing_save(camp):
    before = camp.files("camp")
    r = camp(*EPM_NEW)
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert camp.files("camp") == before


def test_missing_save_is_a_clear_error(journal):
    r = journal("show", "-s", "ghost")
    assert r.exit_code == 1 and "no save 'ghost'" in r.stderr


def test_note_goes_into_the_log(camp):
    camp("note", "-s", "camp", "Found", "the", "<key> & \"map\"", ok=True)
    entry = json.loads(camp("--json", "log", "-s", "camp", "--tail", "1", ok=True).stdout)[0]
    assert entry["summary"] == 'Found the <key> & "map"' and entry["kind"] == "note"


def test_note_refuses_empty_text(camp):
    assert camp("note", "-s", "camp", "  ").exit_code == 2


def test_roll_without_a_save_is_not_logged(journal):
    doc = json.loads(journal("--json", "roll", "2d6+3", ok=True).stdout)
    assert len(doc["dice"]) == 2 and doc["total"] == sum(doc["dice"]) + 3
    assert not journal.saves.exists()


def test_roll_with_a_save_is_logged_and_seeded(camp):
    a = json.loads(camp("--json", "roll", "3d20", "-s", "camp", ok=True).stdout)
    camp("undo", "-s", "camp", ok=True)
    b = json.loads(camp("--json", "roll", "3d20", "-s", "camp", ok=True).stdout)
    assert a["dice"] == b["dice"]
    log = json.loads(camp("--json", "log", "-s", "camp", "--tail", "1", ok=True).stdout)[0]
    assert [r["value"] for r in log["rolls"]] == b["dice"] and log["rolls"][0]["die"] == "d20"


def test_roll_takes_physical_dice(camp):
    doc = json.loads(camp("--json", "roll", "2d6", "-s", "camp", "--roll", "6", "--roll", "2", ok=True).stdout)
    assert doc["dice"] == [6, 2] and doc["total"] == 8
    assert camp("roll", "d6", "-s", "camp", "--roll", "9").exit_code == 2


def test_check_reports_valid_saves(camp):
    r = camp("--json", "check", "-s", "camp", ok=True)
    assert json.loads(r.stdout) == {"save": "saves/camp.toml", "valid": True, "problems": []}


def test_check_lists_every_problem(camp, saves):
    path = saves / "camp.toml"
    text = path.read_text().replace("signal = 0", "signal = 31").replace("epm = 0", "epm = -2")
    path.write_text(text)
    r = camp("check", "-s", "camp")
    assert r.exit_code == 1
    assert "state.signal = 31 is outside 0..25" in r.stdout and "state.epm = -2 is outside 0..25" in r.stdout
    r = camp("epm", "card", "-s", "camp", "3")
    assert r.exit_code == 1 and "state.signal = 31 is outside 0..25" in r.stderr


def test_commands_refuse_a_save_of_a_newer_schema(camp, saves):
    path = saves / "camp.toml"
    path.write_text(path.read_text().replace("schema = 1", "schema = 99"))
    r = camp("show", "-s", "camp")
    assert r.exit_code == 1 and "newer journal" in r.stderr


def test_older_schema_is_migrated_on_load(camp, saves, monkeypatch):
    from journal.games import epm

    def add_note(state):
        return {**state, "signal": state["signal"] + 1}

    monkeypatch.setattr(epm, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(epm, "MIGRATIONS", {1: add_note})
    doc = json.loads(camp("--json", "show", "-s", "camp", ok=True).stdout)
    assert doc["state"]["signal"] == 1
    camp("epm", "card", "-s", "camp", "2", ok=True)
    assert "schema = 2" in (saves / "camp.toml").read_text()


def test_prompt_for_a_missing_choice_only_on_a_terminal(camp):
    r = camp("epm", "challenge", "-s", "camp", "piloting")
    assert r.exit_code == 2 and "--character is required: one of Ana, Bo, Cy" in r.stderr


def test_no_traceback_for_internal_errors(camp, monkeypatch):
    from journal.games.epm import rules

    def broken(*a, **k):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(rules, "card", broken)
    before = camp.files("camp")
    r = camp("epm", "card", "-s", "camp", "3")
    assert r.exit_code == 1 and r.stderr.startswith("Error: internal error") and "Traceback" not in r.stderr
    assert camp.files("camp") == before


def test_python_dash_m_journal_works():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "journal", "--version"], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join([os.getcwd(), os.environ.get("PYTHONPATH", "")])})
    assert r.returncode == 0 and "journal" in r.stdout


@pytest.mark.parametrize("args, said", [
    (["log"], ""),                                                   # a reader: nothing to say
    (["epm", "card", "5"], "#2 was saved before this, and stands"),  # a command that saved first
])
def test_a_reader_that_stops_reading_ends_the_command_quietly(camp, saves, args, said):
    """`journal log | head`: once what reads the output has gone, journal stops as Unix tools do
    (exit 141, as a shell reports a program stopped by SIGPIPE), with no "Broken pipe" error; a
    command that had saved says so."""
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-m", "journal", "--saves", "saves", *args, "-s", "camp"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "JOURNAL_DEBUG": ""})
    p.stdout.close()  # before journal writes a byte: its first write finds no reader
    err = p.stderr.read().decode()
    assert p.wait() == 141
    assert err == (f"Error: the output's reader stopped reading; {said}\n" if said else "")


def test_shell_completion_offers_games_commands_and_saves(camp):
    def complete(words, cword):
        env = {"_JOURNAL_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
        return camp.runner.invoke(_Journal(), [], env=env).stdout

    assert "plain,epm" in complete("journal ep", 1)
    assert "plain,challenge" in complete("journal epm cha", 2)
    assert "plain,camp" in complete(f"journal --saves {camp.saves} show -s ca", 5)


def test_an_unwritable_saves_folder_is_a_clear_error(journal, tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    r = journal.runner.invoke(_Journal(), ["--saves", str(blocker / "sub"), *EPM_NEW])
    assert r.exit_code == 1 and r.stderr.startswith("Error: ") and "Traceback" not in r.stderr
    assert "internal error" not in r.stderr


PULP_NEW = ["pulp", "new", "other", "--level", "basic", "--captain", "Mina Tormelson", "--combat", "4/6",
            "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3",
            "--hegemony", "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "1"]


@pytest.mark.parametrize("args", [["epm", "card", "-s", "other", "2"],
                                  ["epm", "odds", "-s", "other", "piloting", "--character", "Ana"],
                                  ["epm", "challenge", "-s", "other", "piloting"]])
def test_one_games_commands_refuse_another_games_save(journal, args):
    journal(*PULP_NEW, ok=True)
    before = journal.files("other")
    r = journal(*args)
    assert r.exit_code == 1 and r.stderr.strip() == (
        "Error: 'other' is a Pulp Invasion save: `journal epm ...` commands do not apply to it")
    assert journal.files("other") == before


def test_batch_lines_of_another_game_are_refused(journal):
    journal(*PULP_NEW, ok=True)
    r = journal("batch", "-s", "other", "-", input="note fine\nepm card 2\n")
    assert r.exit_code == 1 and "line 2" in r.stderr and "do not apply" in r.stderr


def test_set_changes_any_value_by_hand_and_is_logged(camp):
    r = camp("set", "-s", "camp", "signal", "9", ok=True)
    assert r.stdout.strip() == "Set state.signal = 9 by hand (was 0)."
    camp("set", "-s", "camp", "characters.Bo.active", "false", ok=True)
    camp("set", "-s", "camp", "planet", "Kell", ok=True)  # a bare word is text
    st = camp.state("camp")
    assert (st["signal"], st["characters"]["Bo"]["active"], st["planet"]) == (9, False, "Kell")
    entry = json.loads(camp("--json", "log", "-s", "camp", "--tail", "1", ok=True).stdout)[0]
    assert entry["command"] == "set planet Kell" and "by hand" in entry["summary"]
    camp("undo", "-s", "camp", ok=True)
    assert camp.state("camp")["planet"] == "Zorb"


def test_set_takes_quoted_keys_and_negative_numbers(camp):
    camp("epm", "item", "add", "-s", "camp", "Jet Pack", "--owner", "Ana", "--booster", "piloting:+2", ok=True)
    camp("set", "-s", "camp", 'items."Jet Pack".effect', "+3", ok=True)
    assert camp.state("camp")["items"]["Jet Pack"]["effect"] == "+3"
    camp("set", "-s", "camp", "characters.Ana.piloting", "-1", ok=True)
    assert camp.state("camp")["characters"]["Ana"]["piloting"] == -1


@pytest.mark.parametrize("args,message", [
    (["signal", "31"], "that would make the save invalid: state.signal = 31 is outside 0..25"),
    (["signal", "five"], 'state.signal = "five" is a string'),
    (["nosuch", "1"], "state.nosuch is not a known key"),
    (["characters.Zed.active", "true"], "there is no table 'Zed'"),
    (["a b", "1"], "'a b' is not a key"),
    (["card", "--unset"], "state.card is missing"),
])
def test_set_refuses_what_would_break_the_save(camp, args, message):
    before = camp.files("camp")
    r = camp("set", "-s", "camp", *args)
    assert r.exit_code == 2 and message in r.stderr
    assert camp.files("camp") == before


def test_set_runs_in_a_batch(camp):
    camp("batch", "-s", "camp", "-", input="set epm 4\nepm track epm +1\n", ok=True)
    assert camp.state("camp")["epm"] == 5
