"""`journal demo`: a scripted campaign per game, saved and rendered, repeatable."""

from __future__ import annotations

import json

import pytest

from journal import games


def test_demo_makes_a_valid_save_and_a_pdf_for_every_game(journal):
    doc = json.loads(journal("--json", "demo", ok=True).stdout)
    made = {d["game"]: d for d in doc["demos"]}
    assert set(made) == set(games.GAMES)
    for d in made.values():
        assert (journal.saves / f"{d['save']}.toml").exists()
        assert d["entries"] > 5
        with open(d["pdf"], "rb") as f:
            assert f.read(5) == b"%PDF-"
        journal("check", "-s", d["save"], ok=True)


def test_demo_runs_again_replacing_only_its_own_saves(journal):
    journal("epm", "new", "mine", "--character", "Ana", "--planet", "Zorb:blue", "--seed", "1", ok=True)
    mine = (journal.saves / "mine.toml").read_bytes()
    journal("demo", ok=True)
    first = (journal.saves / "demo-epm.toml").read_bytes()
    journal("undo", "-s", "demo-epm", ok=True)  # the demo played with: an undone command kept beside it
    journal("demo", ok=True)
    assert (journal.saves / "demo-epm.toml").read_bytes() == first
    assert not (journal.saves / "demo-epm.undone.jsonl").exists()
    assert (journal.saves / "mine.toml").read_bytes() == mine


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_one_games_demo_alone(journal, game_id):
    doc = json.loads(journal("--json", "demo", game_id, ok=True).stdout)
    assert [d["game"] for d in doc["demos"]] == [game_id]
    assert sorted(p.name for p in journal.saves.glob("*.toml")) == [f"demo-{game_id}.toml"]


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_game_ships_a_demo_template(game_id):
    from journal import templates

    spec = templates.load(game_id, "demo.toml")
    assert spec["save"].startswith("demo-") and spec["new"].startswith(f"{game_id} new {spec['save']}")


def test_the_try_line_says_how_to_type_journal_where_it_is_not_on_the_path(tmp_path):
    from journal.demo import how_to_type

    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "journal").write_text("#!/bin/sh\n")
    (venv / "journal").chmod(0o755)
    (venv / "activate").write_text("")
    typed, how = how_to_type(str(venv / "journal"), "/usr/bin")  # installed in .venv, not on PATH
    assert typed == str(venv / "journal")
    assert how == f" (journal is not on your PATH: type it as below, or `source {venv / 'activate'}` first to type " \
                  f"plain journal)"
    assert how_to_type(str(venv / "journal"), str(venv)) == ("journal", "")  # the venv is active
    assert how_to_type("/x/journal/__main__.py", "") == ("python3 -m journal", "")


def test_the_demo_ends_with_commands_to_try_one_a_line(journal, tmp_path, monkeypatch):
    # journal runs in-process here: make it the `journal` on PATH, however pytest was started
    # (`pytest`, `python -m pytest`), since the lines to try depend on how journal was typed.
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "journal").write_text("#!/bin/sh\n")
    (bin_folder / "journal").chmod(0o755)
    monkeypatch.setattr("sys.argv", [str(bin_folder / "journal")])
    lines = journal("demo", "epm", ok=True, env={"PATH": str(bin_folder)}).stdout.splitlines()
    assert lines[-3].startswith("Try")
    assert lines[-2:] == ["  journal show -s demo-epm", "  journal log -s demo-epm --tail 5"]


@pytest.mark.slow
def test_demos_run_at_once_never_corrupt_a_log(tmp_path):
    """Issue 21, item 22: two `journal demo` at once wrote NUL bytes into the demo logs (demo
    deleted its files outside the lock, and the log append's truncate extended a log another
    process had replaced). Each run now succeeds or fails with one line, and what is left opens."""
    import subprocess
    import sys

    saves = tmp_path / "saves"
    for _round in range(3):
        procs = [subprocess.Popen([sys.executable, "-m", "journal", "--saves", str(saves), "demo", "epm", "pulp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
                 for _ in range(3)]
        for proc in procs:
            _out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0 or (proc.returncode == 1 and err.count("\n") == 1
                                             and err.startswith("Error: ")), err
        for name in ("demo-epm", "demo-pulp"):
            log = saves / f"{name}.log.jsonl"
            assert b"\x00" not in (log.read_bytes() if log.exists() else b"")
            if (saves / f"{name}.toml").exists():
                check = subprocess.run([sys.executable, "-m", "journal", "--saves", str(saves), "check", "-s", name],
                                       capture_output=True, text=True, cwd=tmp_path)
                assert check.returncode == 0, check.stdout
