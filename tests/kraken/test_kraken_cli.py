"""`journal kraken ...` end to end: the issue's exact command forms and JSON keys, manual
and pack modes, refusals that leave the save untouched, K8 undo and reload, packs that
move, achievements, odds, PDFs and the demo."""

from __future__ import annotations

import json
import shutil

import pytest
from kraken_helpers import DEMO_PACK


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, (args, r.stderr)
    return json.loads(r.stdout)


def state(journal, name="sk"):
    return j(journal, "show", "-s", name)["state"]


# --- the issue's forms ------------------------------------------------------------------------


def test_new_with_difficulty_pack_and_lines(journal):
    out = journal("kraken", "new", "S", "--difficulty", "adventurer", "--pack", str(DEMO_PACK), "--line", "1AA",
                  "--line", "1AF", ok=True).stdout
    assert "Write 1AA in the first cell of line 1." in out and "Write 1AF in the first cell of line 2." in out
    s = state(journal, "S")
    assert (s["difficulty"], s["credits"], s["oxygen"], s["turn"]) == ("adventurer", 100, 25, 0)
    assert s["lines"] == {"1": {"coords": ["1AA"], "vars": {}}, "2": {"coords": ["1AF"], "vars": {}}}
    assert s["pack"]["path"] == "templates:kraken/demo-pack.toml" and len(s["pack"]["sha256"]) == 64


def test_new_without_difficulty_fails_naming_the_choices(journal):
    r = journal("kraken", "new", "S", "--line", "1AA")
    assert r.exit_code == 2 and "--difficulty is required: one of simulation, adventurer, real-life, hardcore" \
        in r.stderr


def test_step_forms_of_the_issue(manual):
    d = j(manual, "kraken", "step", "-s", "hand", "2", "!A7", "3TT")
    assert (d["next"], d["stopped"], d["ended"]) == ("3TT", False, False) and d["events"] == ["A7"]
    d = j(manual, "kraken", "step", "-s", "hand", "2", "A>4", "3FR", "4BB")
    assert d["next"] == "4BB"
    out = manual("kraken", "step", "-s", "hand", "2", "A>4", "5FR", "5BB", ok=True).stdout
    assert "compares A=0 > 4: false → 5BB" in out and "Look up 5BB next" in out
    d = j(manual, "kraken", "step", "-s", "hand", "1", "4MB")
    assert d["stopped"] is True and d["ended"] is False and "next" not in d
    d = j(manual, "kraken", "step", "-s", "hand", "2", "/")
    assert d["stopped"] is True and d["ended"] is True and "next" not in d
    assert state(manual, "hand")["lines"] == {"1": {"coords": ["2HA", "4MB"], "vars": {}}}


def test_step_takes_the_cell_quoted_whole_and_a_physical_d20(manual):
    d = j(manual, "kraken", "step", "-s", "hand", "1", "%12 5AA 5AB", "--roll", "12")
    assert d["next"] == "5AA" and d["rolls"] == [{"die": "d20", "value": 12, "source": "entered"}]


def test_step_refuses_a_bad_coordinate_with_the_rule_and_changes_nothing(manual):
    before = manual.files("hand")
    r = manual("kraken", "step", "-s", "hand", "1", "3H")
    assert r.exit_code == 2
    assert r.stderr.strip() == "Error: '3H' is not a coordinate: expected sheet digits then two characters, e.g. 3HC"
    r = manual("kraken", "step", "-s", "hand", "1", "A>4", "3FR")
    assert r.exit_code == 2 and "needs 2 coordinates" in r.stderr
    assert manual.files("hand") == before


def test_a_decision_without_choose_fails_naming_the_option(manual):
    before = manual.files("hand")
    r = manual("kraken", "step", "-s", "hand", "2", "!B8", "3FR", "4BB")
    assert r.exit_code == 2
    assert "--choose is required: line 2 reads event B8 at 2BC, a decision: A → 3FR, B → 4BB" in r.stderr
    assert manual.files("hand") == before
    d = j(manual, "kraken", "step", "-s", "hand", "2", "!B8", "3FR", "4BB", "--choose", "b")
    assert d["next"] == "4BB" and d["decisions"] == [{"line": "2", "event": "B8", "choice": "B", "to": "4BB"}]


def test_turn_runs_phase_1_from_the_pack(camp):
    d = j(camp, "kraken", "turn", "-s", "sk")
    assert d["turn"] == 1 and set(d["lines"]) == {"1", "2"}
    assert d["lines"]["1"]["coords"] == ["1AA", "1BA", "1BB", "2AC"] and d["lines"]["1"]["stopped"] == "red"
    assert d["lines"]["1"]["vars"] == {"A": 1}
    out = camp("log", "-s", "sk", "--tail", "1", ok=True).stdout
    assert "1AA !B1 → 1BA; 1BA A+1 1BB: A 0 → 1 → 1BB; 1BB red 2AC: stop" in out


def test_turn_skip_and_advance_with_choose_roll_leader_standby_activate(camp):
    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", "--psi", ok=True)
    camp("kraken", "turn", "-s", "sk", "--skip", "2", ok=True)
    assert state(camp)["skipped"] == "2"
    r = camp("kraken", "turn", "-s", "sk", "--skip", "2")
    assert r.exit_code == 1 and "skipped last turn" in r.stderr
    d = j(camp, "kraken", "turn", "-s", "sk")
    assert d["lines"]["2"]["trail"][-1] == "1CB red 3AA: stop" and d["skipped"] is None
    r = camp("kraken", "turn", "-s", "sk")
    assert r.exit_code == 2 and "--choose is required: line 1 reads event B2 (The beacon's vault)" in r.stderr
    d = j(camp, "kraken", "turn", "-s", "sk", "--choose", "A", "--standby", "2", "--leader", "mila")
    assert d["lines"]["2"]["standby"] == "C3" and d["lines"]["2"]["stopped"] == "hold"
    camp("kraken", "phase", "-s", "sk", "3", ok=True)
    r = camp("kraken", "advance", "-s", "sk", "2")
    assert r.exit_code == 1 and "add --activate" in r.stderr
    d = j(camp, "kraken", "advance", "-s", "sk", "2", "--activate", "--choose", "B", "--leader", "Ray")
    assert d["ended"] is True and d["events"] == ["C3", "C4"] and d["activation"] == "free action"
    s = state(camp)
    assert "2" not in s["lines"] and s["interlink"] == {"K": 1, "L": -1} and s["leader"] == "Ray"


def test_pack_check_lints_and_exits_1_on_problems(journal, tmp_path):
    ok = j(journal, "kraken", "pack", "check", str(DEMO_PACK))
    assert ok["ok"] is True and ok["cells"] == 50 and ok["errors"] == []
    bad = tmp_path / "bad.toml"
    bad.write_text('[pack]\ntitle = "Bad"\n[cells]\n"1AA" = "A+1 1AB"\n"1AB" = "A>9 1AA 1AC"\n'
                   '"2AA" = "B+1 2AA"\n"1AD" = "A>4 1AE"\n', "utf-8")
    r = journal("kraken", "pack", "check", str(bad))
    assert r.exit_code == 1
    assert "cell 1AD: 'A>4' compares" in " ".join(r.stdout.split())   # long lines wrap at 100 columns
    bad.write_text('[pack]\ntitle = "Bad"\n[cells]\n"1AA" = "A+1 1AB"\n"1AB" = "A>9 1AA 1AC"\n'
                   '"2AA" = "B+1 2AA"\n', "utf-8")
    r = journal("kraken", "pack", "check", str(bad))
    assert r.exit_code == 1
    out = " ".join(r.stdout.split())
    assert "coordinate 1AC has no cell in the pack" in out and "cells 2AA never reach" in out


def test_a_pack_that_moved_or_changed(journal, tmp_path):
    pack = tmp_path / "p.toml"
    shutil.copy(DEMO_PACK, pack)
    journal("kraken", "new", "P", "--difficulty", "simulation", "--pack", str(pack), "--line", "1AA", ok=True)
    moved = tmp_path / "moved.toml"
    pack.rename(moved)
    r = journal("kraken", "turn", "-s", "P")
    assert r.exit_code == 1 and "is missing from" in r.stderr and "pack use" in r.stderr
    journal("kraken", "pack", "use", "-s", "P", str(moved), ok=True)
    moved.write_text(moved.read_text("utf-8").replace('"1AA" = "!B1 1BA"', '"1AA" = "!B1 1CA"'), "utf-8")
    r = journal("kraken", "turn", "-s", "P")
    assert r.exit_code == 1 and "changed since this campaign recorded it" in r.stderr
    journal("kraken", "pack", "use", "-s", "P", str(moved), ok=True)
    d = j(journal, "kraken", "turn", "-s", "P")
    assert d["lines"]["1"]["coords"][:2] == ["1AA", "1CA"]


def test_lines_var_and_line_commands(manual):
    manual("kraken", "line", "add", "-s", "hand", "4xy", "--note", "from event A7", ok=True)
    manual("kraken", "var", "-s", "hand", "A", "-3", "--line", "3", ok=True)
    manual("kraken", "var", "-s", "hand", "K", "5", ok=True)
    assert j(manual, "kraken", "var", "-s", "hand", "A", "--line", "3") == {"var": "A", "value": -3, "set": True}
    assert j(manual, "kraken", "var", "-s", "hand", "Q")["value"] == 0
    r = manual("kraken", "var", "-s", "hand", "A", "2")
    assert r.exit_code == 2 and "--line N" in r.stderr
    d = j(manual, "kraken", "lines", "-s", "hand")
    assert d["lines"]["3"] == {"coords": ["4XY"], "vars": {"A": -3}, "note": "from event A7"}
    assert d["interlink"] == {"K": 5} and d["pending"] == ["1", "2"]
    out = manual("kraken", "lines", "-s", "hand", ok=True).stdout
    assert "Line 3  4XY" in out and "A=-3" in out and "note: from event A7" in out and "Interlink  K=5" in out
    manual("kraken", "line", "set", "-s", "hand", "3", "5XY", ok=True)
    manual("kraken", "line", "end", "-s", "hand", "3", ok=True)
    assert "3" not in state(manual, "hand")["lines"]


def test_lt_tile(manual):
    manual("kraken", "step", "-s", "hand", "1", "4MB", ok=True)
    manual("kraken", "step", "-s", "hand", "2", "4MC", ok=True)
    manual("kraken", "phase", "-s", "hand", "3", ok=True)
    d = j(manual, "kraken", "lt", "-s", "hand", "--roll", "20")
    assert d["line"] == "3" and d["start"] == "1AT" and d["next"] == "1AT"


def test_show_json_has_the_documented_keys(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "line", "note", "-s", "sk", "1", "the beacon", ok=True)
    s = state(camp)
    assert {"lines", "interlink", "turn", "difficulty", "crew", "credits", "xp", "oxygen"} <= set(s)
    assert set(s["lines"]) == {"1", "2"}
    assert s["lines"]["1"] == {"coords": ["1AA", "1BA", "1BB", "2AC"], "vars": {"A": 1}, "note": "the beacon"}
    ray = s["crew"]["Ray"]
    assert (ray["level"], ray["hp"], ray["hp_max"], ray["status"]) == (1, 8, 8, "active")


# --- crew and resources -------------------------------------------------------------------------


def test_crew_add_exact_form(journal):
    journal("kraken", "new", "c", "--difficulty", "hardcore", ok=True)
    journal("kraken", "crew", "add", "-s", "c", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", "--trait", "Tough:2", "--trait", "Slow:-2", "--psi",
            ok=True)
    ray = state(journal, "c")["crew"]["Ray"]
    assert ray["traits"] == {"Tough": 2, "Slow": -2} and ray["psi"] == 1 and ray["hp_max"] == 8
    r = journal("kraken", "crew", "add", "-s", "c", "Zed", "--agility", "3", "--strength", "4", "--tech", "3",
                "--charisma", "2", "--ranged", "2", "--melee", "3")
    assert r.exit_code == 1 and "add up to 17" in r.stderr


def test_crew_hp_takes_plain_negative_numbers_and_removes_the_dead(camp):
    d = j(camp, "kraken", "crew", "hp", "-s", "sk", "Ray", "-3")
    assert (d["hp"], d["status"]) == (5, "active")
    out = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-6", ok=True).stdout
    assert "unconscious" in out and state(camp)["crew"]["Ray"]["status"] == "unconscious"
    r = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-1")
    assert r.exit_code == 1 and "no further damage" in r.stderr
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "+1", ok=True)
    out = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-5", ok=True).stdout
    assert "killed" in out and state(camp)["crew"] == {} and state(camp)["fallen"] == ["Ray"]


def test_level_up_and_resources(camp):
    assert j(camp, "kraken", "xp", "-s", "sk", "+9")["xp"] == 9
    d = j(camp, "kraken", "crew", "level-up", "-s", "sk", "Ray", "--attribute", "strength")
    assert (d["level"], d["cost"], d["xp"]) == (2, 4, 5)
    assert state(camp)["crew"]["Ray"]["hp_max"] == 10
    assert j(camp, "kraken", "credits", "-s", "sk", "-30")["credits"] == 70
    r = camp("kraken", "credits", "-s", "sk", "-80", "--buy")
    assert r.exit_code == 1 and "refused (rules note K12)" in r.stderr
    out = camp("kraken", "credits", "-s", "sk", "-80", ok=True).stdout
    assert "pay all 70¢ and nothing more" in out
    assert j(camp, "kraken", "oxygen", "-s", "sk", "-4")["oxygen"] == 21
    assert j(camp, "kraken", "oxygen", "-s", "sk", "=25")["oxygen"] == 25
    assert j(camp, "kraken", "credits", "-s", "sk", "=12")["credits"] == 12


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


def test_odds_before_rolling(camp):
    d = j(camp, "kraken", "odds", "-s", "sk", "--crew", "ray", "--attribute", "tech", "--target", "8")
    assert abs(d["p"] - 2 / 6) < 1e-9
    d = j(camp, "kraken", "odds", "-s", "sk", "--crew", "Ray", "--bulkhead", "2")
    assert d["target"] == 12 and abs(d["p"] - 10 / 36) < 1e-9 and abs(d["p_three"] - (1 - (26 / 36) ** 3)) < 1e-9
    out = camp("kraken", "odds", "--value", "4", "--target", "8", ok=True).stdout
    assert out.startswith("d6 + attribute 4 (4) >= 8: 50.0%")


# --- K8: undo, save points, reload ---------------------------------------------------------------


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
    journal("kraken", "turn", "-s", "sim", ok=True)
    before = journal.files("sim")
    journal("kraken", "turn", "-s", "sim", "--roll", "9", ok=True)
    journal("undo", "-s", "sim", ok=True)
    assert journal.files("sim") == before


def test_clone_station_save_point_and_reload(camp):
    camp("kraken", "location", "add", "-s", "sk", "--type", "Overland", "--difficulty", "1", "--ao", "YES",
         "--ai", "YES", "--depth", "4", "--teleport", "0", "--species", "Grey", "--maps", "8,3,4,5", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-5", ok=True)
    r = camp("kraken", "clone-station", "-s", "sk")
    assert r.exit_code == 1 and "a clone station is a map tile" in r.stderr
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "phase", "-s", "sk", "3", ok=True)
    camp("kraken", "dungeon", "enter", "-s", "sk", "1", ok=True)
    out = camp("kraken", "clone-station", "-s", "sk", "C", ok=True).stdout
    assert "Ray heals 4 (clone station): HP 3 → 7/8." in out and "Save point 1" in out
    saved = state(camp)
    camp("kraken", "dungeon", "leave", "-s", "sk", "entrance", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-2", ok=True)
    d = j(camp, "kraken", "reload", "-s", "sk")
    assert d["turn"] == 1 and state(camp) == saved
    r = camp("kraken", "savepoint", "-s", "sk")
    assert r.exit_code == 1 and "only at clone stations" in r.stderr


def test_real_life_has_no_reload(manual):
    r = manual("kraken", "reload", "-s", "hand")
    assert r.exit_code == 1 and "Real Life has no save-and-load" in r.stderr


# --- ship, locations, quests, phases -------------------------------------------------------------


def test_ship_location_quest_and_phases(camp):
    camp("kraken", "ship", "hull", "-s", "sk", "Rust Petrel", "--price", "40", "--sp", "12", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "teleporter", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Ammo:Missile", ok=True)
    s = state(camp)
    assert s["credits"] == 100 - 40 - 10 - 5 and s["ship"]["systems"]["Ammo:Missile"] == {"system": "Ammo",
                                                                                          "for": "Missile"}
    assert "Railgun" in camp("kraken", "ship", "catalogue", ok=True).stdout
    camp("kraken", "location", "add", "-s", "sk", "--type", "Mining Station", "--difficulty", "2", "--ao", "NO",
         "--ai", "YES", "--depth", "4", "--teleport", "2", "--species", "Kraken", "--maps", "8,3", ok=True)
    camp("kraken", "location", "map", "-s", "sk", "1", "--roll", "12", ok=True)
    camp("kraken", "location", "clear", "-s", "sk", "1", "3", ok=True)
    assert state(camp)["locations"]["1"]["maps"] == [8, 3, 12] and state(camp)["locations"]["1"]["cleared"] == [3]
    camp("kraken", "quest", "add", "-s", "sk", "Ore", "--urgent", "--penalty-credits", "5", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = camp("kraken", "phase", "-s", "sk", "4", ok=True).stdout
    assert "Phase 4: short visit: teleport to a cleared map" in out and "MAP1" in out
    out = camp("kraken", "phase", "-s", "sk", "next", ok=True).stdout
    assert "Quest Ore: draw tick 1" in out
    out = camp("kraken", "recover", "-s", "sk", ok=True).stdout
    assert "Recovery: every crew member recovers 3 HP" in out


def test_a_command_on_another_games_save_is_refused(journal):
    journal("epm", "new", "e", "--character", "Ana", "--planet", "Zorb:blue", ok=True)
    r = journal("kraken", "xp", "-s", "e", "+3")
    assert r.exit_code == 1 and "is a War With the Evil Power Master save: `journal kraken ...` commands" in r.stderr


def test_batch_runs_kraken_lines(camp, tmp_path):
    batch = tmp_path / "b.txt"
    batch.write_text("kraken turn\nkraken phase 3\nkraken free-action skip\nkraken phase 5\n", "utf-8")
    camp("batch", "-s", "sk", str(batch), ok=True)
    s = state(camp)
    assert (s["turn"], s["phase"], s["free_action"]) == (1, 5, "skip")


def test_once_the_campaign_is_over_the_story_lines_stop_and_the_refusal_names_undo(manual):
    """The game interface's result() reads what `end` recorded; a turn is refused once it is
    over, naming the command that takes the end back."""
    from journal.games import kraken

    manual("kraken", "end", "-s", "hand", "lost", ok=True)
    assert kraken.result(state(manual, "hand")) == "lost"
    assert "campaign lost" in manual("list", ok=True).stdout
    r = manual("kraken", "turn", "-s", "hand")
    assert r.exit_code == 1 and r.stderr.startswith("Error: the game is over: the campaign was lost, nothing more "
                                                    "happens on the story lines (journal undo takes the last")
    r = manual("kraken", "end", "-s", "hand", "won")
    assert r.exit_code == 1 and r.stderr.startswith("Error: the game is over: the campaign was lost already "
                                                    "(journal undo takes the last command back")


# --- printables and the demo ----------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_and_blank_sheet(camp, tmp_path, paper):
    from pypdf import PdfReader

    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = tmp_path / "c.pdf"
    d = j(camp, "pdf", "-s", "sk", "-o", str(out), "--paper", paper)
    text = "\n".join(p.extract_text() for p in PdfReader(str(out)).pages)
    for part in ("CGM LINE TRACKER", "INTERLINK MEMORY", "STARMAP LOCATIONS LOG", "SPACESHIP", "NOTES / QUESTS",
                 "CREW MEMBER: Ray", "CREW MEMBER: Mila", "Campaign log", "2AC"):
        assert part in text, part
    assert d["pages"] >= 5
    blank = tmp_path / "b.pdf"
    d = j(camp, "sheet", "kraken", "-o", str(blank), "--paper", paper)
    text = "\n".join(p.extract_text() for p in PdfReader(str(blank)).pages)
    assert "MAP6" in text and "CREW MEMBER" in text and "Railgun" in text


def test_demo_plays_a_few_turns_of_the_demo_pack(journal):
    doc = j(journal, "demo")
    made = {d["game"]: d for d in doc["demos"]}["kraken"]
    s = state(journal, made["save"])
    assert s["turn"] == 3 and s["interlink"] == {"K": 1, "L": -1, "M": 1}
    assert set(s["lines"]) == {"1", "2"} and s["crew"]["Dax Orr"]["status"] == "unconscious"
    assert s["savepoint"]["at"].startswith("clone station") and "Med Bay" in s["ship"]["systems"]
    log = journal("log", "-s", made["save"], ok=True).stdout
    assert "3AH !C4: option A → 3AI" in log and "!C3: STANDBY" in log and "%12: d20 7" in log


def test_a_missing_decision_is_asked_for_on_a_terminal(camp, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", input="b\n\n")  # B, then Enter: journal rolls the d20 (K8 asks)
    assert r.exit_code == 0, r.stderr
    assert "option B → 2AK" in r.stdout and state(camp)["interlink"]["K"] == -1


def test_hand_set_commands_are_logged(camp):
    camp("kraken", "crew", "set", "-s", "sk", "Ray", "tech", "9", ok=True)
    camp("kraken", "crew", "set", "-s", "sk", "Ray", "HP-Max", "7", ok=True)     # the field in any case, - for _
    camp("kraken", "crew", "trait", "-s", "sk", "Ray", "Brave:+1", ok=True)
    camp("kraken", "crew", "trait", "-s", "sk", "Ray", "Brave", "--remove", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "=3", ok=True)
    camp("kraken", "quest", "add", "-s", "sk", "Ore", "--urgent", ok=True)
    camp("kraken", "quest", "tick", "-s", "sk", "Ore", "2", ok=True)
    camp("kraken", "quest", "tick", "-s", "sk", "Ore", "-1", ok=True)
    s = state(camp)
    assert s["crew"]["Ray"]["tech"] == 9 and s["crew"]["Ray"]["traits"] == {} and s["crew"]["Ray"]["hp"] == 3
    assert s["crew"]["Ray"]["hp_max"] == 7
    assert s["quests"]["Ore"]["ticks"] == 1
    log = camp("log", "-s", "sk", ok=True).stdout
    assert "Ray: tech 3 → 9 (by hand)" in log and "Quest Ore: 1 tick(s) (by hand)" in log


def test_construction_and_storage_from_the_cli(camp):
    camp("kraken", "crew", "add", "-s", "sk", "Mila", "--agility", "2", "--strength", "3", "--tech", "5",
         "--charisma", "3", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "20", "--sp", "10", ok=True)
    camp("kraken", "storage", "add", "-s", "sk", "Welder", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "L", "welder", "--from-storage", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "phase", "-s", "sk", "2", ok=True)
    d = j(camp, "kraken", "build", "start", "-s", "sk", "Combat Bridge", "--crew", "Mila", "--crew", "Ray",
          "--turns", "1", "--roll", "6", "--roll", "1")
    assert (d["discount"], d["pay"], d["due"]) == ((6 + 5) + (1 + 3), 5, 2)
    camp("kraken", "free-action", "-s", "sk", "skip")  # refused: not Phase 3
    camp("kraken", "phase", "-s", "sk", "3", ok=True)
    camp("kraken", "free-action", "-s", "sk", "skip", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = camp("kraken", "phase", "-s", "sk", "2", ok=True).stdout
    assert "Pay 5¢ for the Combat Bridge" in out
    s = state(camp)
    assert "Combat Bridge" in s["ship"]["systems"] and s["storage"] == [] and s["crew"]["Ray"]["inventory"] == {
        "L": "welder"}


def test_a_shipped_pack_is_named_by_its_templates_path(journal):
    r = journal("kraken", "new", "t", "--difficulty", "adventurer", "--pack", "templates:kraken/demo-pack.toml",
                "--line", "1AA")
    assert r.exit_code == 0, r.stderr
    assert "(templates:kraken/demo-pack.toml)" in r.stdout
    assert journal("kraken", "pack", "check", "templates:kraken/demo-pack.toml").exit_code == 0
    r = journal("kraken", "pack", "check", "templates:kraken/no-such-pack.toml")
    assert r.exit_code == 2 and "no pack at templates:kraken/no-such-pack.toml" in r.stderr


def test_a_schema_1_save_is_read_and_upgraded_to_the_current_schema(journal):
    journal("kraken", "new", "old", "--difficulty", "simulation", "--seed", "3", ok=True)
    path = journal.saves / "old.toml"
    path.write_text(path.read_text().replace("schema = 3", "schema = 1"))
    assert journal("check", "-s", "old").exit_code == 0
    journal("kraken", "xp", "-s", "old", "+2", ok=True)
    text = path.read_text()
    assert "schema = 3" in text and "schema = 1" not in text
    assert journal.state("old")["xp"] == 2
