"""Campaigns that follow the player (issue 22 §1): the saves folder found from wherever you stand,
`where`, and copy, rename, delete to the trash, restore; `sheet` without a game."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from journal.store import folder
from journal_testing import CLEAN_ENV, EPM_NEW, _Journal, collect, named, one_error


def bare(*args, env=None, input=None):
    """`journal ARGS` with no --saves: the folder is found by the rule."""
    r = CliRunner().invoke(_Journal(), list(map(str, args)), env={**CLEAN_ENV, **(env or {})}, input=input,
                           catch_exceptions=False)
    collect(args, r)
    return r


def test_the_nearest_saves_folder_made_by_journal_is_found_from_below(tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / folder.MARKER).write_text("x")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert bare(*EPM_NEW).exit_code == 0
    assert (tmp_path / "saves" / "camp.toml").exists()
    monkeypatch.chdir(tmp_path / "a")
    r = bare("list")
    assert r.stdout.startswith("* camp  epm")
    where = json.loads(bare("--json", "where").stdout)
    assert where["folder"] == str(tmp_path / "saves") and where["how"] == "nearest"
    monkeypatch.chdir(tmp_path)
    assert bare("where").stdout.splitlines()[1] == "Why: the saves/ folder made by journal in this folder."


def test_without_a_saves_folder_near_campaigns_go_to_the_data_folder_and_it_is_marked(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.chdir(tmp_path)
    assert bare(*EPM_NEW).exit_code == 0
    saves = data / "journal" / "saves"
    assert (saves / "camp.toml").exists() and (saves / folder.MARKER).exists()
    assert not (tmp_path / "saves").exists()
    r = bare("where")
    assert r.stdout.splitlines()[:2] == [f"Saves folder: {saves}",
                                         "Why: your data folder: no saves/ folder made by journal here or above."]
    told = " ".join(r.stdout.split())  # wrapped where the temporary path's length puts it
    assert "start one with --saves saves before its game's `new`: journal marks the saves/ folder" in told  # §5


def test_a_saves_folder_made_by_a_named_new_is_marked_and_found_from_below(tmp_path, monkeypatch):
    """Issue 30 §5: `journal --saves saves epm new x` marks the folder it makes, as `new` without
    --saves does, so `journal list` from a subfolder finds it; `where` there says no more how."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert bare("--saves", "saves", *EPM_NEW).exit_code == 0
    assert (tmp_path / "saves" / folder.MARKER).exists()
    (tmp_path / "notes").mkdir()
    monkeypatch.chdir(tmp_path / "notes")
    assert bare("list").stdout.startswith("* camp  epm")
    monkeypatch.chdir(tmp_path)
    found = json.loads(bare("--json", "where").stdout)
    assert found["how"] == "nearest" and found["make_here"] is None


def test_a_named_folder_that_already_existed_is_left_unmarked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    assert bare("--saves", "mine", *EPM_NEW).exit_code == 0
    assert not (tmp_path / "mine" / folder.MARKER).exists()


def test_an_older_journals_saves_folder_here_is_found_as_before(tmp_path, monkeypatch):
    """A saves/ made before the marker existed, holding campaigns, still works from its folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert bare("--saves", "saves", *EPM_NEW).exit_code == 0
    (tmp_path / "saves" / folder.MARKER).unlink()  # as an older journal left it
    assert json.loads(bare("--json", "where").stdout)["how"] == "here"
    assert bare("show").exit_code == 0


def test_saves_option_and_environment_win(tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / folder.MARKER).write_text("x")
    monkeypatch.chdir(tmp_path)
    assert json.loads(bare("--json", "--saves", "other", "where").stdout)["how"] == "option"
    found = json.loads(bare("--json", "where", env={"JOURNAL_SAVES": "elsewhere"}).stdout)
    assert found["how"] == "env" and found["folder"] == str(tmp_path / "elsewhere")


def test_copy_is_a_fork_with_its_log(camp):
    camp("epm", "card", "3", ok=True)
    r = camp("copy", "camp", "what-if", ok=True)
    assert r.stdout.startswith("Copied 'camp' to 'what-if' (2 log entries)")
    camp("epm", "card", "5", "-s", "what-if", ok=True)
    assert camp.state("camp")["card"] == 3 and camp.state("what-if")["card"] == 5
    assert camp("log", "-s", "what-if", ok=True).stdout.count("Read Story Card") == 2
    assert camp("undo", "-s", "what-if", ok=True).exit_code == 0
    assert camp.files("what-if") == camp.files("camp")  # undone: the fork is the campaign again
    assert "already exists" in one_error(camp("copy", "camp", "what-if"))


def test_rename_moves_the_campaign_and_the_current_one_follows(camp):
    r = camp("rename", "camp", "kell-run", ok=True)
    assert r.stdout == "Renamed 'camp' to 'kell-run'. It is still the current campaign.\n"
    assert not (camp.saves / "camp.toml").exists() and not (camp.saves / "camp.log.jsonl").exists()
    assert camp("show", ok=True).stdout.startswith("War With the Evil Power Master")
    assert camp("check", ok=True).stdout.startswith("saves/kell-run.toml is valid")
    assert "not a save name" in one_error(camp("rename", "kell-run", "../x"), 2)


def test_delete_asks_on_a_terminal_and_needs_yes_in_scripts(camp):
    assert "needs --yes" in one_error(camp("delete", "camp"), 2)
    assert (camp.saves / "camp.toml").exists()
    r = camp("delete", "camp", "--yes", ok=True)
    assert "`journal restore camp` brings it back" in r.stdout
    assert not (camp.saves / "camp.toml").exists() and not (camp.saves / ".current").exists()
    assert camp("list", "--trash", ok=True).stdout.startswith("  camp  epm")


def test_the_trash_keeps_every_deleted_campaign_and_restore_brings_one_back(camp):
    before = camp.files("camp")
    camp("delete", "camp", "--yes", ok=True)
    camp(*EPM_NEW, ok=True)
    r = camp("delete", "camp", "--yes", ok=True)
    assert "as 'camp-2'" in r.stdout
    assert [row["name"] for row in json.loads(camp("--json", "list", "--trash").stdout)] == ["camp", "camp-2"]
    camp("restore", "camp", ok=True)
    assert camp.files("camp") == before
    assert "already exists" in one_error(camp("restore", "camp-2", "--as", "camp"))
    camp("restore", "camp-2", "--as", "second", ok=True)
    assert camp("check", "-s", "second", ok=True)
    assert "holds no campaign" in one_error(camp("restore", "nothing"))


def test_delete_on_a_terminal_asks(camp, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda self: True)
    r = camp("delete", "camp", input="n\n")
    assert r.exit_code == 1 and (camp.saves / "camp.toml").exists()
    assert "Move campaign 'camp' to the trash? [y/N]" in r.stdout
    camp("delete", "camp", input="y\n", ok=True)
    assert not (camp.saves / "camp.toml").exists()


def test_sheet_without_a_game_uses_the_current_campaigns_and_writes_where_pdf_does(camp):
    r = camp("sheet", ok=True)
    assert r.stdout.startswith("Wrote saves/epm-sheet.pdf (")
    assert camp("pdf", ok=True).stdout.startswith("Wrote saves/camp.pdf (")
    camp(*named(EPM_NEW, "other"), ok=True)
    assert (camp.saves / "epm-sheet.pdf").exists()


def test_the_checkouts_own_saves_folder_is_marked():
    root = Path(__file__).resolve().parent.parent
    assert (root / "saves" / folder.MARKER).is_file()
    assert folder.find(start=str(root / "docs")).folder == str(root / "saves")
    assert os.path.basename(folder.data_folder()) == "saves"
