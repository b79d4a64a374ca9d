"""`journal kraken box` (cli/box.py), issue 30 item 1: the player's own FLIGHT TABLE, a row typed the
first time its flight comes (asked on a terminal; a script is told the one command that records
it, which fills the waiting SPACE COMBAT page too), kept in the saves folder for every campaign."""

from __future__ import annotations

import os
import sys

import pytest

from kraken.kraken_helpers import j, state

BOX = os.path.join("saves", "box", "kraken", "flight-table.toml")
RAID = ["kraken", "box", "flight", "9", "--name", "Raid", "--timeline", "-,A", "--objective", "T7", "--enemy",
        "Raider 8-5, 4, 3-1", "--xp", "12"]
FLIGHT_9 = ["kraken", "flight", "-s", "fly", "--difficulty", "3", "--roll", "6"]   # 2 × 3 + d3(6 → 3) = 9


def test_a_flight_the_box_lacks_names_the_one_command_and_that_command_fills_the_page(fly):
    out = " ".join(fly(*FLIGHT_9, ok=True).stdout.split())
    assert ("Flight 9 is not in your box yet: record its row once with journal kraken box flight 9 --name NAME "
            "--timeline CELLS --objective X --enemy SPEC --xp N (it fills this SPACE COMBAT page too).") in out
    assert state(fly, "fly")["combat"]["enemies"] == []
    d = j(fly, *RAID)
    assert d["number"] == 9 and d["name"] == "Raid"
    assert d["messages"][0] == f"Flight 9 Raid is kept in your box ({BOX}) for every later campaign."
    c = state(fly, "fly")["combat"]
    assert c["name"] == "Raid" and c["timeline"] == ["-", "A"] and c["objectives"][0]["target"] == 7
    assert c["enemies"][0]["type"] == "Raider" and state(fly, "fly")["flight"]["xp"] == 12
    with open(BOX, encoding="utf-8") as f:
        text = f.read()
    assert '[flights.9]\nname = "Raid"\ntimeline = ["-", "A"]\nobjectives = ["T7"]' in text
    # the file is a flight table as the shipped one: `flight --table` and `flight-table --table` read it
    assert "9 Raid" in fly("kraken", "flight-table", "--table", BOX, ok=True).stdout


def test_a_row_recorded_once_serves_every_later_flight(fly):
    fly(*RAID, ok=True)   # no flight waits for it: only the box
    d = j(fly, *FLIGHT_9)
    assert d["name"] == "Raid" and d["combat_page"]["enemies"][0]["type"] == "Raider"


def test_the_box_lists_the_rows_it_holds_and_lacks(fly):
    d = j(fly, "kraken", "box")
    assert d["flights"] == {"shipped": [3, 4], "yours": [], "missing": list(range(5, 20))}
    fly(*RAID, ok=True)
    out = " ".join(fly("kraken", "box", ok=True).stdout.split())
    assert "9 Raid (yours)" in out and "4 Accident (the book, shipped)" in out
    assert "journal kraken box flight N --name NAME" in out


@pytest.mark.parametrize("args, says", [
    (["--timeline", "-,Q"], "timeline cell 'Q' is not one of"),
    (["--enemy", "Raider"], "is not an enemy"),
    (["--objective", "Z9"], "is not an objective"),
    (["--xp", "-1"], "xp = -1"),
])
def test_bad_input_is_one_line_and_changes_neither_the_box_nor_the_campaign(fly, args, says):
    fly(*RAID, ok=True)
    fly(*FLIGHT_9[:-1], "1", ok=True)   # flight 2 × 3 + d3(1 → 1) = 7: its page waits
    with open(BOX, "rb") as f:
        before = f.read()
    saved = fly.files("fly")
    xp = [] if "--xp" in args else ["--xp", "3"]
    r = fly("kraken", "box", "flight", "7", "--name", "Ambush", *xp, *args)
    assert r.exit_code == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    with open(BOX, "rb") as f:
        assert f.read() == before
    assert fly.files("fly") == saved


def test_a_flight_number_outside_the_table_is_refused(fly):
    r = fly("kraken", "box", "flight", "20", "--name", "X", "--xp", "1")
    assert r.exit_code == 2 and "a flight number is 3-19" in r.stderr and not os.path.exists(BOX)


def test_a_page_already_filled_by_hand_keeps_its_values(fly):
    fly(*FLIGHT_9, ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "enemy.1", "Pirate 5-2, 3, 1-1", ok=True)
    d = j(fly, *RAID)   # the campaign no longer waits for the row: the box keeps it
    assert d["name"] == "Raid" and state(fly, "fly")["combat"]["enemies"][0]["type"] == "Pirate"


def test_on_a_terminal_the_row_is_asked_as_the_flight_comes_and_kept(fly):
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="80", LINES="24",
               PYTHONPATH=os.pathsep.join(sys.path))
    child = pexpect.spawn(sys.executable, ["-m", "journal", "--saves", "saves", *FLIGHT_9], env=env,
                          dimensions=(24, 80), encoding="utf-8", timeout=120)
    child.expect_exact("Flight 9 is not in your box yet: type its row from the FLIGHT TABLE")
    for question, answer in (("Flight 9 name: ", "Raid"),
                             ("Flight 9 timeline (cells, e.g. -,-,V; Enter: none): ", "-,Q"),
                             ("timeline cell 'Q' is not one of", None),
                             ("Flight 9 timeline (cells, e.g. -,-,V; Enter: none): ", "-,A"),
                             ("Flight 9 objectives (e.g. T7,T9; Enter: none): ", "T7"),
                             ("Flight 9 enemy 1 (e.g. Mine 3-0, 5, 0-0; Enter: no more): ", "Raider 8-5, 4, 3-1"),
                             ("Flight 9 enemy 2 (e.g. Mine 3-0, 5, 0-0; Enter: no more): ", ""),
                             ("Flight 9 XP: ", "12")):
        child.expect_exact(question)
        if answer is not None:
            child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "SPACE COMBAT page, flight 9 'Raid':" in child.before
    assert state(fly, "fly")["combat"]["enemies"][0]["type"] == "Raider"
    assert j(fly, "kraken", "box")["flights"]["yours"] == [9]


# --- the LOCATION GENERATOR ------------------------------------------------------------------------

GEN = os.path.join("saves", "box", "kraken", "location-generator.toml")


@pytest.fixture
def arrived(fly):
    """'fly' after a Safe and Sound flight: 2 dice modifications, a Location to generate."""
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--option", "safe", ok=True)
    return fly


def sample_box_without(*cut: str) -> None:
    """The sample generator as the player's box, less some of its results ("type:5") or tables ("ao")."""
    import tomllib

    from journal import templates

    doc = templates.load("kraken", "location-generator-sample.toml")
    for what in cut:
        field, _sep, roll = what.partition(":")
        table = next(t for t in doc["tables"] if t["field"] == field)
        if roll:
            del table["results"][roll]
        else:
            doc["tables"].remove(table)
    from journal.games.kraken.cli.box import GEN_HEADER, generator_text

    os.makedirs(os.path.dirname(GEN), exist_ok=True)
    text = GEN_HEADER + generator_text(doc)
    assert tomllib.loads(text) == doc
    with open(GEN, "w", encoding="utf-8") as f:
        f.write(text)


def test_without_a_generator_the_first_table_is_refused_naming_the_command(arrived):
    saved = arrived.files("fly")
    r = arrived("kraken", "location", "generate", "-s", "fly")
    assert r.exit_code == 2 and r.stderr.strip() == (
        "Error: the type table's dice are not in your box yet: record them with journal kraken box table type "
        "--dice DICE, then run this command again")
    assert arrived.files("fly") == saved
    arrived("kraken", "box", "table", "type", "--dice", "D6", ok=True)
    r = arrived("kraken", "location", "generate", "-s", "fly", "--roll", "5")
    assert r.exit_code == 2 and "the type for d6 = 5 is not in your box yet: record it with journal kraken box " \
                                "result type 5 VALUE" in r.stderr
    arrived("kraken", "box", "result", "type", "5", "Space Station", ok=True)
    d = j(arrived, "kraken", "location", "generate", "-s", "fly", "--roll", "5")
    assert d["dice"] == [5] and d["table"] == 0 and "answers" not in d
    assert "type (d6): 1 of 6 rolls entered" in arrived("kraken", "box", ok=True).stdout


def test_a_box_generator_with_every_roll_generates_as_a_file_does(arrived):
    sample_box_without()
    arrived("kraken", "location", "generate", "-s", "fly", "--roll", "3", ok=True)
    d = j(arrived, "kraken", "location", "accept", "-s", "fly", "--rest", "--roll", "1", "--roll", "1", "--roll",
          "1", "--roll", "2", "--roll", "3", "--roll", "1", "--roll", "1")
    assert d["done"] and d["location"]["type"] == "Mining Station" and d["location"]["depth"] == 4


@pytest.mark.parametrize("args, says", [
    (["result", "type", "7", "X"], "ROLL 7: d6 rolls 1-6"),
    (["result", "ao", "1", "maybe"], "VALUE 'maybe' is no ao: YES, NO, HELL"),
    (["result", "depth", "1", "12"], "VALUE '12' is no depth: 4-9"),
    (["table", "ao", "--dice", "d7"], "'d7'"),
    (["table", "colour", "--dice", "d6"], "'colour' is not one of"),
])
def test_bad_generator_input_is_one_line_and_the_box_is_unchanged(arrived, args, says):
    sample_box_without("type:5")
    with open(GEN, "rb") as f:
        before = f.read()
    r = arrived("kraken", "box", *args)
    assert r.exit_code != 0 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    with open(GEN, "rb") as f:
        assert f.read() == before


def test_on_a_terminal_a_missing_result_is_asked_and_kept(arrived):
    pexpect = pytest.importorskip("pexpect")
    sample_box_without("type:5")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="80", LINES="24",
               PYTHONPATH=os.pathsep.join(sys.path))
    child = pexpect.spawn(sys.executable, ["-m", "journal", "--saves", "saves", "kraken", "location", "generate",
                                           "-s", "fly", "--roll", "5"], env=env, dimensions=(24, 80),
                          encoding="utf-8", timeout=120)
    child.expect_exact("The type for d6 = 5 (a name, e.g. Mining Station): ")
    child.sendline("Space Station")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "type: d6 5 → Space Station" in child.before and "Kept in your box" in child.before
    with open(GEN, encoding="utf-8") as f:
        assert '"5" = "Space Station"' in f.read()
    assert "type (d6): 6 of 6 rolls entered" in arrived("kraken", "box", ok=True).stdout


def test_the_demo_flies_on_the_shipped_table_whatever_the_box_holds(journal):
    journal("kraken", "box", "flight", "4", "--name", "Not the demo's", "--xp", "1", ok=True)
    journal("demo", ok=True)
    log = journal("log", "-s", "demo-kraken", ok=True).stdout
    assert "flight 4 Accident" in log and "Not the demo's" not in log


def test_the_box_is_not_imported_by_show(fly):
    from journal_testing import imported_by

    fly(*RAID, ok=True)
    assert not imported_by("journal.games.kraken.cli.box", ["--saves", "saves", "show", "-s", "fly"])
