"""journal/games/kraken/cli/achievements.py, end to end: `journal kraken score`, `achievements`,
`achievement`: the campaign score and achievements."""

from __future__ import annotations

import json
import tomllib

from kraken.kraken_helpers import cli_set_up, j


FILE = ".kraken-achievements.toml"


def records(journal) -> dict:
    path = journal.saves / FILE
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


def batch(journal, save, tmp_path, *lines, ok=True):
    f = tmp_path / "batch.txt"
    f.write_text("\n".join(lines) + "\n", "utf-8")
    return journal("batch", "-s", save, str(f), ok=ok)


def test_score_and_the_achievements_file(camp, journal):
    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    d = j(camp, "kraken", "score", "-s", "sk")
    assert (d["levels"], d["score"]) == (2, 2)
    r = camp("kraken", "score", "-s", "sk", "--record")
    assert r.exit_code == 1 and "when the campaign is won" in r.stderr
    camp("kraken", "end", "-s", "sk", "won", ok=True)
    assert j(camp, "kraken", "score", "-s", "sk", "--record")["recorded"] is True
    camp("kraken", "achievement", "unlock", "-s", "sk", "Kraken Hunter", "--bonus", "+1 Ranged", ok=True)
    path = journal.saves / ".kraken-achievements.toml"
    assert path.exists()
    assert "Achievement unlocked: Kraken Hunter" in camp("log", "-s", "sk", "--tail", "1", ok=True).stdout
    # a second campaign sees them; `journal list` does not mistake the file for a save
    journal("kraken", "new", "two", "--difficulty", "simulation", ok=True)
    doc = j(journal, "kraken", "achievements")
    assert doc["achievements"]["Kraken Hunter"]["bonus"] == "+1 Ranged"
    assert doc["scores"][0]["campaign"] == "sk" and doc["scores"][0]["score"] == 2
    names = [row["name"] for row in j(journal, "list")]
    assert sorted(names) == ["sk", "two"]
    r = journal("kraken", "achievement", "unlock", "kraken hunter")
    assert r.exit_code == 1 and "unlocked already" in r.stderr
    journal("kraken", "achievement", "remove", "Kraken Hunter", ok=True)
    assert j(journal, "kraken", "achievements")["achievements"] == {}


def test_unlock_score_and_reload_run_in_a_batch(journal, tmp_path):
    journal("kraken", "new", "sim", "--difficulty", "simulation", "--line", "1AA", "--seed", "2", ok=True)
    cli_set_up(journal, "sim")
    r = batch(journal, "sim", tmp_path,
              "kraken savepoint",
              "kraken turn",
              "kraken achievement unlock 'Kraken Hunter' --bonus '+1 Ranged'",
              "kraken reload",                       # the save point made earlier in this batch
              "kraken end won",
              "kraken score --record")
    assert "Ran 6 commands" in r.stdout
    doc = records(journal)
    assert doc["achievements"]["Kraken Hunter"]["bonus"] == "+1 Ranged"
    assert doc["achievements"]["Kraken Hunter"]["campaign"] == "sim"
    assert [x["campaign"] for x in doc["scores"]] == ["sim"]
    assert journal.state("sim")["turn"] == 0          # reloaded, and the achievement persisted
    log = json.loads(journal("--json", "log", "-s", "sim", ok=True).stdout)
    assert [e["summary"] for e in log][-3] == "Reloaded save point 1 (turn 0, before turn 1)"


def test_a_failed_batch_line_leaves_the_achievements_file_as_it_was(camp, tmp_path):
    camp("kraken", "achievement", "unlock", "Old One", ok=True)
    before = (camp.saves / FILE).read_bytes()
    r = batch(camp, "sk", tmp_path, "kraken achievement unlock New", "kraken credits nonsense", ok=False)
    assert r.exit_code == 2 and "line 2" in r.stderr
    assert (camp.saves / FILE).read_bytes() == before


def test_undo_takes_an_unlock_back_with_the_campaign(camp):
    camp("kraken", "achievement", "unlock", "Old One", ok=True)
    before = (camp.saves / FILE).read_bytes()
    camp("kraken", "achievement", "unlock", "-s", "sk", "Kraken Hunter", ok=True)
    assert "Kraken Hunter" in records(camp)["achievements"]
    camp("undo", "-s", "sk", ok=True)
    assert (camp.saves / FILE).read_bytes() == before


def test_undo_of_a_recorded_score_takes_it_back(camp):
    camp("kraken", "end", "-s", "sk", "won", ok=True)
    camp("kraken", "score", "-s", "sk", "--record", ok=True)
    assert records(camp)["scores"][0]["campaign"] == "sk"
    camp("undo", "-s", "sk", ok=True)
    assert records(camp).get("scores", []) == []


def test_refused_commands_leave_the_file_byte_identical(camp):
    camp("kraken", "achievement", "unlock", "-s", "sk", "Kraken Hunter", ok=True)
    before = (camp.saves / FILE).read_bytes()
    files = camp.files("sk")
    r = camp("kraken", "achievement", "unlock", "-s", "sk", "kraken hunter")
    assert r.exit_code == 1 and "unlocked already" in r.stderr
    r = camp("kraken", "score", "-s", "sk", "--record")
    assert r.exit_code == 1 and "when the campaign is won" in r.stderr
    r = camp("kraken", "achievement", "unlock", "-s", "sk", " ")
    assert r.exit_code == 2 and "name the achievement" in r.stderr
    assert (camp.saves / FILE).read_bytes() == before and camp.files("sk") == files


def test_a_reload_keeps_achievements_unlocked_since_the_save_point(camp):
    camp("kraken", "new", "sim", "--difficulty", "simulation", "--line", "1AA", "--seed", "2", ok=True)
    cli_set_up(camp, "sim")
    camp("kraken", "savepoint", "-s", "sim", ok=True)
    camp("kraken", "turn", "-s", "sim", ok=True)
    camp("kraken", "achievement", "unlock", "-s", "sim", "Survivor", ok=True)
    r = camp("kraken", "reload", "-s", "sim", ok=True)
    assert "Achievements stay unlocked" in r.stdout
    assert "Survivor" in records(camp)["achievements"]
