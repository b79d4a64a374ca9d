"""`journal kraken` for issue 6, end to end: the exact command forms (the flight command,
the Location short form), one command per Space Combat sub-phase, generated Locations,
dungeons, Ground Combat, Treasure, JSON keys, refusals that leave the save untouched,
K8 undo, choices asked for, PDFs."""

from __future__ import annotations

import json

import pytest

SHORT = "Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken"


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, (args, r.stderr)
    return json.loads(r.stdout)


def state(journal, name="fly"):
    return j(journal, "show", "-s", name)["state"]


@pytest.fixture
def fly(journal):
    """'fly': Adventurer, a ship with shields, two lasers and long-range sensors, three crew, Phase 3."""
    journal("kraken", "new", "fly", "--difficulty", "adventurer", "--seed", "4", ok=True)
    for name, attrs in (("Ray", (3, 4, 3, 2, 2, 2)), ("Mila", (2, 3, 5, 3, 2, 1)), ("Dax", (4, 5, 1, 1, 3, 2))):
        args = [f"--{a}={v}" for a, v in zip(("agility", "strength", "tech", "charisma", "ranged", "melee"), attrs,
                                               strict=True)]
        journal("kraken", "crew", "add", "-s", "fly", name, *args, ok=True)
    journal("kraken", "ship", "hull", "-s", "fly", "Petrel", "--price", "30", "--sp", "12", ok=True)
    for system in ("Primary Shields", "Secondary Shields", "Laser", "Laser", "Long-range sensors"):
        journal("kraken", "ship", "buy", "-s", "fly", system, ok=True)
    journal("kraken", "turn", "-s", "fly", ok=True)
    journal("kraken", "phase", "-s", "fly", "3", ok=True)
    return journal


# --- 1. the flight ---------------------------------------------------------------------------------------


def test_flight_command_form_of_the_issue(fly):
    d = j(fly, "kraken", "flight", "-s", "fly", "--difficulty", "2", "--option", "risky-shortcut", "--option",
          "smuggle", "--avoid", "--roll", "6")
    assert (d["location_difficulty"], d["flight_difficulty"], d["options"], d["modifications"]) == (
        2, 5, ["risky-shortcut", "smuggle"], 4)
    assert d["avoid"] == {"roll": 6, "target": 5, "passed": True} and d["combat"] is False
    assert d["rolls"] == [{"die": "d6", "value": 6, "source": "entered"}]
    s = state(fly)
    assert s["flight"]["stage"] == "arrived" and s["credits"] == 100 - 30 - 10 - 15 - 5 - 5 - 15 + 15


def test_flight_into_combat_prepares_the_page(fly):
    d = j(fly, "kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3")
    assert d["number"] == 4 and d["name"] == "Accident" and d["combat"] is True
    page = d["combat_page"]
    assert page["timeline"] == ["-", "-", "-", "-", "T"] and len(page["enemies"]) == 2
    assert page["ship"] == {"sp": 12, "sp_max": 12, "shield": 9, "shield_max": 9, "recharge": 4}


@pytest.mark.parametrize("options", [["risky-shortcut", "dangerous-shortcut"], ["smuggle", "pay-smuggler"],
                                     ["safe", "smuggle"]])
def test_incompatible_options_are_refused_and_the_save_is_untouched(fly, options):
    before = fly.files("fly")
    args = [x for o in options for x in ("--option", o)]
    r = fly("kraken", "flight", "-s", "fly", "--difficulty", "2", *args)
    assert r.exit_code == 2 and "Error:" in r.stderr and fly.files("fly") == before


def test_unknown_option_is_a_usage_error(fly):
    r = fly("kraken", "flight", "-s", "fly", "--difficulty", "2", "--option", "warp")
    assert r.exit_code == 2


def test_a_flight_rolled_outside_simulation_cannot_be_undone(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--avoid", "--roll", "6", ok=True)
    r = fly("undo", "-s", "fly")
    assert r.exit_code == 1 and "rules note K8" in r.stderr


def test_flight_table_lists_the_shipped_rows_and_checks_a_players_file(fly, tmp_path):
    out = fly("kraken", "flight-table", ok=True).stdout
    assert "3 Space mines" in out and "4 Accident" in out and "missing: 5, 6" in out
    mine = tmp_path / "table.toml"
    mine.write_text('[flights.9]\nname = "Raid"\ntimeline = ["-", "A"]\nobjectives = []\n'
                    'enemies = ["Raider 8-5, 4, 3-1"]\nxp = 12\n', "utf-8")
    assert "9 Raid" in fly("kraken", "flight-table", "--table", str(mine), ok=True).stdout
    d = j(fly, "kraken", "flight", "-s", "fly", "--difficulty", "4", "--table", str(mine), "--roll", "1")
    assert d["number"] == 9 and d["combat_page"]["enemies"][0]["type"] == "Raider"
    bad = tmp_path / "bad.toml"
    bad.write_text('[flights.2]\nname = "x"\n', "utf-8")
    r = fly("kraken", "flight-table", "--table", str(bad))
    assert r.exit_code == 2 and "flights.2: a flight number is 3-19" in r.stderr


# --- 2. space combat, one command per sub-phase ---------------------------------------------------------


def test_space_combat_sub_phases_through_the_cli(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    r = fly("kraken", "combat", "fire", "-s", "fly", "Laser@1")
    assert r.exit_code == 1 and "activate the timeline first" in r.stderr
    assert j(fly, "kraken", "combat", "timeline", "-s", "fly")["code"] == "-"
    d = j(fly, "kraken", "combat", "objective", "-s", "fly", "--crew", "Mila", "--roll", "2")
    assert (d["score"], d["solved"]) == (7, True)
    d = j(fly, "kraken", "combat", "fire", "-s", "fly", "Laser@1", "--roll", "5")
    assert d["shots"][0]["hit"] is True and d["enemies"][0]["sp"] == 0
    r = fly("kraken", "combat", "recharge", "-s", "fly")
    assert r.exit_code == 1 and "the enemies fire first" in r.stderr
    d = j(fly, "kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "1")
    assert d["shots"] == [{"enemy": 2, "roll": 1, "hit": False, "sp": 0, "shield": 0}]
    d = j(fly, "kraken", "combat", "recharge", "-s", "fly")
    assert (d["turn"], d["result"]) == (2, None)
    out = fly("kraken", "combat", "show", "-s", "fly", ok=True).stdout
    assert "Space Combat 'Accident'" in out


def test_target_system_is_needed_for_two_targets(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    fly("kraken", "combat", "timeline", "-s", "fly", ok=True)
    before = fly.files("fly")
    r = fly("kraken", "combat", "fire", "-s", "fly", "Laser@1", "Laser 2@2", "--roll", "5", "--roll", "5")
    assert r.exit_code == 1 and "Target System" in r.stderr and fly.files("fly") == before


def test_a_shield_choice_is_asked_for_or_named(fly):
    fly("kraken", "combat", "start", "-s", "fly", "--enemy", "Cruiser 20-0, 9, 0-0", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "ship.shield", "0", ok=True)
    r = fly("kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "4", "--roll", "6")
    assert r.exit_code == 2 and "--shield is required" in r.stderr and "Primary Shields, Secondary Shields" in r.stderr
    d = j(fly, "kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "4", "--roll", "6", "--shield",
          "secondary shields")
    assert d["shots"][0]["system"]["system"] == "Secondary Shields"


def test_combat_start_from_an_event_and_set_by_hand(fly):
    d = j(fly, "kraken", "combat", "start", "-s", "fly", "--name", "Ambush at the gate", "--enemy",
          "Raider 8-5, 4, 3-1", "--timeline", "-,A,V", "--objective", "C8", "--xp", "6")
    assert d["combat"]["objectives"] == [{"check": "C", "target": 8, "solved": False}]
    assert j(fly, "kraken", "combat", "set", "-s", "fly", "enemy.1.sp", "2")["combat"]["enemies"][0]["sp"] == 2
    r = fly("kraken", "combat", "set", "-s", "fly", "enemy.1.sp", "99")
    assert r.exit_code == 2 and "outside 0..8" in r.stderr
    fly("kraken", "combat", "end", "-s", "fly", "won", ok=True)
    assert "combat" not in state(fly) and state(fly)["xp"] == 6


# --- 3. new Locations --------------------------------------------------------------------------------------


def test_location_event_takes_the_books_short_form_exactly(fly):
    d = j(fly, "kraken", "location", "event", "-s", "fly", SHORT)
    assert {k: d[k] for k in ("type", "difficulty", "ao", "ai", "depth", "teleport", "special", "species")} == {
        "type": "Space Station", "difficulty": 2, "ao": "NO", "ai": "YES", "depth": 7, "teleport": 4,
        "special": "one-way", "species": "Kraken"}
    r = fly("kraken", "location", "event", "-s", "fly", "Space Station / Dif.: 2")
    assert r.exit_code == 2 and "short form" in r.stderr


def test_generated_location_with_modifications(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "3", "--avoid", "--roll", "6", ok=True)
    d = j(fly, "kraken", "location", "generate", "-s", "fly", "--generator",
          "templates:kraken/location-generator-sample.toml", "--roll", "2")
    assert d["done"] is False and d["modifications_left"] == 2
    d = j(fly, "kraken", "location", "modify", "-s", "fly", "-1")
    assert d["dice"] == [1]
    d = j(fly, "kraken", "location", "accept", "-s", "fly", "--rest", "--roll", "1", "--roll", "1", "--roll", "6",
          "--roll", "6", "--roll", "6", "--roll", "6", "--roll", "2")
    loc = d["location"]
    assert (loc["type"], loc["difficulty"], loc["depth"], loc["teleport"], loc["special"], loc["species"]) == (
        "Core Planet", 3, 9, 9, "self-destruction", "Grey")
    assert "flight" not in state(fly)


def test_check_generator_names_problems(fly, tmp_path):
    bad = tmp_path / "gen.toml"
    bad.write_text('[[tables]]\nfield = "type"\ndice = "d6"\nresults = { "1-5" = "X" }\n', "utf-8")
    r = fly("kraken", "location", "check-generator", str(bad))
    assert r.exit_code == 2 and "a roll of 6 matches 0" in r.stderr
    assert "OK" in fly("kraken", "location", "check-generator", "templates:kraken/location-generator-sample.toml",
                       ok=True).stdout


# --- 4-5. a dungeon and a ground combat ------------------------------------------------------------------------


def test_dungeon_and_ground_combat_through_the_cli(fly):
    fly("kraken", "location", "event", "-s", "fly", "Mine / Dif.: 1 / AO: No / AI: YES / Depth: 4 / Telep.: 2 / "
        "Kraken / Maps: 8, 3", ok=True)
    fly("kraken", "crew", "weapon", "-s", "fly", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    d = j(fly, "kraken", "dungeon", "enter", "-s", "fly", "1")
    assert d["dungeon"]["map"] == 1 and d["dungeon"]["crew"] == ["Ray", "Mila", "Dax"]
    d = j(fly, "kraken", "dungeon", "bulkhead", "-s", "fly", "B1", "--crew", "Mila", "--free", "--roll", "3",
          "--roll", "3")
    assert d["open"] is True and d["total"] == 11
    fly("kraken", "dungeon", "move", "-s", "fly", "--to", "inside", ok=True)
    fly("kraken", "dungeon", "enemy", "-s", "fly", "E1", "--roll", "1", "--roll", "6", "--roll", "1", ok=True)
    d = j(fly, "kraken", "ground", "add", "-s", "fly", "K", "--profile", "kraken drone")
    assert (d["name"], d["hp"], d["level"]) == ("Kraken Drone", 4, 2)
    fly("kraken", "ground", "initiative", "-s", "fly", "--roll", "6", "--roll", "1", ok=True)
    d = j(fly, "kraken", "ground", "attack", "-s", "fly", "Ray", "K", "--roll", "6")
    assert d["attacks"][0]["hp"] == -1 and "ground" not in state(fly)      # 3 + 1 boost + 1 on a 6
    s = state(fly)
    assert s["xp"] == 2 and s["loot"] == [{"grade": 2, "from": "K (Kraken Drone)"}]
    assert s["dungeon"]["resolved"] == ["1:E1"]
    fly("kraken", "treasure", "take", "-s", "fly", "--stimpack", "--roll", "3", ok=True)
    d = j(fly, "kraken", "treasure", "weapon", "-s", "fly", "--roll", "4")
    assert d["roll"] == 4 and "loot" not in state(fly)
    out = fly("kraken", "dungeon", "show", "-s", "fly", ok=True).stdout
    assert "B1 open" in out or "1:B1 open" in out
    r = fly("kraken", "dungeon", "leave", "-s", "fly", "teleport")
    assert r.exit_code == 1 and "no working Teleporter" in r.stderr
    d = j(fly, "kraken", "dungeon", "leave", "-s", "fly", "entrance")
    assert d["way"] == "entrance" and "dungeon" not in state(fly) and state(fly)["locations"]["1"]["cleared"] == [1]


def test_an_enemy_without_a_table_asks_for_its_action(fly):
    fly("kraken", "ground", "start", "-s", "fly", "--level", "2", "--crew", "Ray", "--roll", "1", "--roll", "6",
        "--roll", "1", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "X", "--hp", "5", "--agility", "9", ok=True)
    fly("kraken", "ground", "initiative", "-s", "fly", ok=True)     # Ray alone: the lone wolf
    fly("kraken", "ground", "wait", "-s", "fly", "Ray", ok=True)
    fly("kraken", "ground", "wait", "-s", "fly", "Ray", ok=True)
    r = fly("kraken", "ground", "enemy", "-s", "fly", "X")
    assert r.exit_code == 2 and "--action is required" in r.stderr
    d = j(fly, "kraken", "ground", "enemy", "-s", "fly", "X", "--action", "ML 4+, 2", "--roll", "5")
    assert d["attacks"][0]["target"] == "Ray"


def test_an_enemy_is_set_by_hand_with_numbers_a_status_or_a_note(fly):
    """A2: `ground set LABEL FIELD VALUE`: the field in any case, a number where the sheet has
    one, a status, a note; a value that is not a number is refused naming the field."""
    fly("kraken", "ground", "start", "-s", "fly", "--level", "2", "--crew", "Ray", "--roll", "1", "--roll", "6",
        "--roll", "2", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "X", "--hp", "5", "--agility", "3", "--shield", "B:4/1", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "Y", "--hp", "5", "--agility", "3", ok=True)
    d = j(fly, "kraken", "ground", "set", "-s", "fly", "x", "HP", "-1")
    assert d["messages"] == ["X hp = -1 (by hand)."]
    assert state(fly)["ground"]["enemies"]["X"]["status"] == "defeated"
    fly("kraken", "ground", "set", "-s", "fly", "Y", "shield", "0", ok=False)
    fly("kraken", "ground", "set", "-s", "fly", "X", "status", "ACTIVE", ok=True)
    fly("kraken", "ground", "set", "-s", "fly", "X", "shield", "+2", ok=True)
    fly("kraken", "ground", "set", "-s", "fly", "Y", "note", "Burrows next turn", ok=True)
    g = state(fly)["ground"]["enemies"]
    assert (g["X"]["status"], g["X"]["shield"]["power"], g["Y"]["note"]) == ("active", 2, "Burrows next turn")
    r = fly("kraken", "ground", "set", "-s", "fly", "X", "armor", "lots")
    assert r.exit_code == 2 and r.stderr.strip() == "Error: armor takes a whole number"
    r = fly("kraken", "ground", "set", "-s", "fly", "X", "mood", "grim")
    assert r.exit_code == 2 and "'mood': hp, shield, armor, agility, escape, weaken, status or note" in r.stderr


def test_bad_weapon_notation_names_the_problem(fly):
    r = fly("kraken", "crew", "weapon", "-s", "fly", "Ray", "Rifle four plus")
    assert r.exit_code == 2 and "book's notation" in r.stderr


def test_crew_gear_shows_in_the_summary(fly):
    fly("kraken", "crew", "gear", "-s", "fly", "Ray", "--armor", "2", "--shield", "A:3/1", ok=True)
    out = fly("show", "-s", "fly", ok=True).stdout
    assert "Armor 2 · Shield A 3/1" in out


# --- 6. printables -------------------------------------------------------------------------------------------


def test_pdf_and_blank_sheet_carry_the_new_pages(fly, tmp_path):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    d = j(fly, "pdf", "-s", "fly", "-o", str(tmp_path / "f.pdf"))
    assert d["pages"] >= 9
    d = j(fly, "sheet", "kraken", "-o", str(tmp_path / "b.pdf"))
    assert d["pages"] == 9


def test_the_demo_plays_a_flight_a_space_combat_a_map_and_a_ground_combat(journal):
    journal("demo", ok=True)
    log = j(journal, "log", "-s", "demo-kraken")
    commands = [e["command"] for e in log]
    for needle in ("kraken flight", "kraken combat objective", "kraken combat fire", "kraken location generate",
                   "kraken dungeon mine", "kraken dungeon bulkhead", "kraken ground attack", "kraken ground enemy",
                   "kraken treasure take"):
        assert any(c.startswith(needle) for c in commands), needle
    s = j(journal, "show", "-s", "demo-kraken")["state"]
    assert s["locations"]["1"]["type"] == "Mining Station" and s["locations"]["1"]["cleared"] == [1, 2]
