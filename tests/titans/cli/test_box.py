"""`journal titans box` (cli/box.py), issue 30 item 1: the player's own box entered once, in the saves
folder's box/titans/ in the sample files' format; `new` takes it; an invader's card asked for (a
terminal) or refused naming the one command that records it (a script) the first time that invader
comes out, and kept for every later campaign."""

from __future__ import annotations

import json
import os
import sys

import pytest

from journal import templates
from journal.games.titans.cli.files import load_board, load_dice, load_invaders
from titans.titans_helpers import j

BOX = os.path.join("saves", "box", "titans")
ATLAS = ["--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,player=Ana,city=Tokyo"]
RIFTS = ["--rift", "North=Terrestrial", "--rift", "South=Flying", "--rift", "East=Mech", "--rift", "West=Amphi"]
T1 = ["titans", "box", "card", "T1", "--reward", "1", "--green", "2/1", "--white", "3/1", "--blue", "3/2",
      "--red", "4/2"]


def box_file(part: str) -> bytes:
    with open(os.path.join(BOX, f"{part}.toml"), "rb") as f:
        return f.read()


@pytest.fixture
def boxed(journal):
    """A box with the sample board and four invader types, no card entered."""
    journal("titans", "box", "import", "board", "templates:titans/board-sample.toml", ok=True)
    for name, category in (("Terrestrial", "terrestrial"), ("Flying", "flying"), ("Mech", "mechanical"),
                           ("Amphi", "amphibious")):
        journal("titans", "box", "invader", name, "--category", category, ok=True)
    return journal


def started(journal) -> None:
    """A campaign 'g' from the box, its first turn begun."""
    journal("titans", "new", "g", *ATLAS, *RIFTS, "--seed", "5", ok=True)
    journal("titans", "opening", ok=True)


def test_an_empty_box_says_what_to_record_and_the_command_for_each_part(journal):
    out = journal("titans", "box", ok=True).stdout
    assert f"Your War Titans box ({BOX})" in out
    assert "journal titans box city NAME --type metropolis --yellow CITY --green CITY" in out
    assert "journal titans box invader NAME --category CATEGORY --code X" in out
    assert "journal titans box dice --faces A,B,C,D,E,F" in out
    assert j(journal, "titans", "box") == {"folder": BOX, "board": None, "invaders": None, "dice": None}
    assert not os.path.exists(BOX)  # looking writes nothing


def test_the_board_is_entered_a_city_at_a_time_and_the_box_names_what_is_missing(journal):
    journal("titans", "box", "city", "Toronto", "--type", "refuge", "--yellow", "London", "--green", "Paris",
            ok=True)
    journal("titans", "box", "city", "london", "--type", "Metropolis", "--yellow", "Toronto", "--green", "paris",
            ok=True)  # names written as the box already spells them
    d = j(journal, "titans", "box")["board"]
    assert d["cities"] == ["Toronto", "London"]
    assert d["missing"] == ["city 'Paris' (Toronto's green trail)", "rifts (the Rift Token spots)"]
    out = " ".join(journal("titans", "box", ok=True).stdout.split())
    assert "missing: Paris (Toronto's green trail): journal titans box city Paris --type TYPE" in out
    journal("titans", "box", "city", "Paris", "--type", "refuge", "--yellow", "London", "--green", "Toronto",
            ok=True)
    journal("titans", "box", "rift", "North", "--threatens", "toronto", "--threatens", "Paris", ok=True)
    d = j(journal, "titans", "box")["board"]
    assert d["missing"] == [] and d["rifts"] == ["North"]
    # the file is a board file as the sample's: `new --board` reads it
    import tomllib
    cities, rifts = load_board(tomllib.loads(box_file("board").decode()))
    assert rifts == {"North": {"threatens": ["Toronto", "Paris"]}} and cities["London"]["yellow"] == "Toronto"


@pytest.mark.parametrize("args, says", [
    (["city", "London", "--type", "metropolis", "--yellow", "London", "--green", "Paris"],
     "cities.London.yellow points to the city itself"),
    (["city", "London", "--type", "castle", "--yellow", "A", "--green", "B"], "'castle' is not one of"),
    (["rift", "Toronto", "--threatens", "London"], "has the name of a city"),
    (["card", "T1", "--reward", "4", "--green", "2/1", "--white", "2/1", "--blue", "2/1", "--red", "2/1"],
     "a card's Reward Value is 1-3"),
    (["card", "T1", "--reward", "1", "--green", "2-1", "--white", "2/1", "--blue", "2/1", "--red", "2/1"],
     "--green '2-1': expected HP/DMG, e.g. 3/1"),
    (["card", "Z1", "--reward", "1", "--green", "2/1", "--white", "2/1", "--blue", "2/1", "--red", "2/1"],
     "PAWN 'Z1': expected a pawn of a type in your box (T1-T5)"),
    (["card", "T6", "--reward", "1", "--green", "2/1", "--white", "2/1", "--blue", "2/1", "--red", "2/1"],
     "PAWN 'T6'"),
    (["card", "T1", "--reward", "1", "--green", "2/1", "--white", "2/1", "--blue", "2/1", "--red", "2/1",
      "--immune", "fire"], "--immune 'fire': Attack Tags are"),
    (["invader", "Terrestrial", "--category", "flying", "--code", "T9"], "should be 1-3 letters"),
    (["card", "T1", "--reward", "9" * 5000, "--green", "2/1", "--white", "2/1", "--blue", "2/1", "--red", "2/1"],
     "a card's Reward Value is 1-"),
    (["card", "T1", "--reward", "1", "--green", "2/" + "9" * 5000, "--white", "2/1", "--blue", "2/1", "--red",
      "2/1"], "expected HP/DMG"),
    (["dice", "--faces", "a,b,c,d,e,f", "--red", "z", "--combat", "a", "--movement", "a", "--repair", "a"],
     "red should name the red symbol"),
    (["dice", "--faces", "a,b,c", "--red", "a", "--combat", "a", "--movement", "a", "--repair", "a"],
     "faces should list the 6 faces"),
])
def test_bad_input_is_one_line_and_the_box_is_byte_for_byte_unchanged(journal, args, says):
    journal("titans", "box", "city", "London", "--type", "metropolis", "--yellow", "Toronto", "--green", "Paris",
            ok=True)
    journal("titans", "box", "invader", "Terrestrial", "--category", "terrestrial", ok=True)
    journal("titans", "box", "dice", "--faces", "red,bolt,bolt,gear,wing,blank", "--red", "red", "--combat",
            "red,bolt", "--movement", "wing", "--repair", "gear", ok=True)
    before = {p: box_file(p) for p in ("board", "invaders", "dice")}
    r = journal("titans", "box", *args)
    assert r.exit_code == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert {p: box_file(p) for p in before} == before


def test_cards_and_dice_are_kept_in_the_sample_files_format(boxed):
    boxed(*T1, "--immune", "physical", ok=True)
    boxed("titans", "box", "dice", "--faces", "red,bolt,bolt,gear,wing,blank", "--red", "red", "--combat",
          "red,bolt", "--movement", "wing,bolt", "--repair", "gear,red", ok=True)
    text = box_file("invaders").decode()
    assert "[[Terrestrial.card]]\nreward = 1\ngreen = { hp = 2, dmg = 1 }" in text
    assert 'red = { hp = 4, dmg = 2, immune = ["physical"] }' in text
    import tomllib
    doc = tomllib.loads(text)
    assert doc["Terrestrial"]["card"][1] == {} and len(doc["Flying"]["card"]) == 5
    assert load_dice(tomllib.loads(box_file("dice").decode())) == load_dice(templates.load("titans",
                                                                                          "dice-sample.toml"))
    d = j(boxed, "titans", "box")["invaders"]
    assert d["cards"] == ["T1"] and "T2" in d["missing"] and len(d["missing"]) == 19
    # a whole invaders file in the box is an invaders file for `new --invaders`
    boxed("titans", "box", "import", "invaders", "templates:titans/invaders-sample.toml", ok=True)
    assert load_invaders(tomllib.loads(box_file("invaders").decode())) == load_invaders(
        templates.load("titans", "invaders-sample.toml"))


def test_new_uses_the_box_and_says_so(boxed):
    boxed(*T1, ok=True)
    r = boxed("titans", "new", "g", *ATLAS, *RIFTS, "--seed", "5", ok=True)
    assert (f"From your box ({BOX}): the board (17 cities, 4 rifts), the invader types (1 of 20 cards entered; "
            "the others are asked for as they come out).") in " ".join(r.stdout.split())
    state = j(boxed, "show")["state"]
    assert state["cards"]["T1"]["hp"] == [2, 3, 3, 4]
    assert state["cards"]["T2"] == {"type": "Terrestrial", "reward": 1}   # asked for as it comes out
    assert [state["cards"][f"T{i}"]["reward"] for i in range(2, 6)] == [1, 2, 2, 3]  # the sample's order (T5)
    assert j(boxed, "show")["state"]["rifts"]["North"]["guardians"] == ["T1", "T2", "T5"]


def test_new_without_a_box_keeps_the_samples_and_a_named_file_wins_over_the_box(journal, boxed):
    r = boxed("titans", "new", "s", *ATLAS, "--board", "templates:titans/board-sample.toml", "--invaders",
              "templates:titans/invaders-sample.toml", "--seed", "5", ok=True)
    assert "From your box" not in r.stdout
    assert j(boxed, "show", "-s", "s")["state"]["cards"]["T1"]["hp"]
    from pathlib import Path

    from journal_testing import Runner

    r = Runner(Path("elsewhere").absolute())("titans", "new", "e", *ATLAS, "--seed", "5", ok=True)
    assert "From your box" not in r.stdout and not os.path.exists(os.path.join("elsewhere", "box"))


def test_new_refuses_a_box_whose_board_or_invaders_are_not_whole(journal):
    journal("titans", "box", "city", "London", "--type", "metropolis", "--yellow", "Toronto", "--green", "Paris",
            ok=True)
    r = journal("titans", "new", "g", *ATLAS)
    assert r.exit_code == 1 and "your box's board is not whole yet (city 'Toronto' (London's yellow trail) is " \
                                "missing, and 2 more)" in r.stderr and not os.path.exists("saves/g.toml")
    journal("titans", "box", "import", "board", "templates:titans/board-sample.toml", ok=True)
    journal("titans", "box", "invader", "Terrestrial", "--category", "terrestrial", ok=True)
    r = journal("titans", "new", "g", *ATLAS)
    assert r.exit_code == 1 and "your box holds 1 invader type and the board 4 rifts: record the others with " \
                                "journal titans box invader NAME --category CATEGORY --code X" in r.stderr


def test_an_invader_whose_card_is_missing_is_refused_in_a_script_naming_the_one_command(boxed):
    started(boxed)
    with open("saves/g.toml", "rb") as f:
        before = f.read()
    r = boxed("titans", "invade", "--rift", "North", "--city", "Tokyo")
    assert r.exit_code == 1
    assert r.stderr.strip() == ("Error: the Invader Card of T1 (Terrestrial) is not in your box yet: record it with "
                                "journal titans box card T1 --reward N --green HP/DMG --white HP/DMG --blue HP/DMG "
                                "--red HP/DMG, then run this command again")
    with open("saves/g.toml", "rb") as f:
        assert f.read() == before
    boxed(*T1, ok=True)   # the one command: the box, then the campaign takes it as the invader comes out
    d = j(boxed, "titans", "invade", "--rift", "North", "--city", "Tokyo")
    assert d["messages"][0] == "T1's Invader Card enters the campaign (HP/DMG green to red: 2/1, 3/1, 3/2, 4/2)."
    state = j(boxed, "show")["state"]
    assert state["cards"]["T1"]["hp"] == [2, 3, 3, 4] and state["invaders"]["T1"]["city"] == "Tokyo"
    boxed("undo", "--yes", ok=True)   # the card went in with the invasion, and out with its undo
    assert "hp" not in j(boxed, "show")["state"]["cards"]["T1"]


def test_a_card_recorded_once_serves_every_later_campaign(boxed):
    started(boxed)
    boxed(*T1, ok=True)
    boxed("titans", "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    boxed("titans", "new", "h", *ATLAS, *RIFTS, "--seed", "9", ok=True)
    assert j(boxed, "show")["state"]["cards"]["T1"]["hp"] == [2, 3, 3, 4]


def test_a_pawn_put_on_a_city_by_hand_needs_its_card_too(boxed):
    started(boxed)
    r = boxed("titans", "invader", "F2", "--city", "Lima", "--reason", "card text")
    assert r.exit_code == 1 and "journal titans box card F2" in r.stderr
    assert "T1" in boxed("titans", "show", ok=True).stdout   # show never asks


def test_the_box_is_not_imported_by_show(boxed):
    from journal_testing import imported_by

    started(boxed)
    assert not imported_by("journal.games.titans.cli.box", ["--saves", "saves", "show"])


def test_box_commands_refuse_a_batch(boxed):
    started(boxed)
    r = boxed("batch", "-", input="titans box invader X --category flying\n")
    assert r.exit_code != 0 and "run it on its own, not in a batch" in (r.stderr + r.stdout)


def test_on_a_terminal_the_card_is_asked_as_the_invader_comes_out_and_kept_in_the_box(boxed):
    pexpect = pytest.importorskip("pexpect")
    started(boxed)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="80", LINES="24",
               PYTHONPATH=os.pathsep.join(sys.path))
    child = pexpect.spawn(sys.executable, ["-m", "journal", "--saves", "saves", "titans", "invade", "--rift",
                                           "North", "--city", "Tokyo"], env=env, dimensions=(24, 80),
                          encoding="utf-8", timeout=120)
    child.expect_exact("T1 (Terrestrial) comes out, and its Invader Card is not in your box yet")
    child.expect_exact("T1 Reward Value (1-3; Enter: 1): ")
    child.sendline("")
    child.expect_exact("T1 green section, HP/DMG (e.g. 3/1): ")
    child.sendline("2-1")                               # refused, asked again
    child.expect_exact("--green '2-1': expected HP/DMG, e.g. 3/1")
    child.expect_exact("T1 green section, HP/DMG (e.g. 3/1): ")
    child.sendline("2/1")
    for tier, answer in (("white", "3/1"), ("blue", "3/2"), ("red", "4/2")):
        child.expect_exact(f"T1 {tier} section, HP/DMG (e.g. 3/1): ")
        child.sendline(answer)
    child.expect_exact("T1 red section immune to (melee, ranged, energy, physical; Enter: none): ")
    child.sendline("energy")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "Take T1 (Terrestrial, Green: HP 2, DMG 1)" in child.before
    assert j(boxed, "titans", "box")["invaders"]["cards"] == ["T1"]
    assert 'red = { hp = 4, dmg = 2, immune = ["energy"] }' in box_file("invaders").decode()
    assert json.loads(boxed("--json", "show", ok=True).stdout)["state"]["cards"]["T1"]["immune"][3] == ["energy"]


def test_the_demo_plays_on_the_samples_whatever_the_box_holds(journal):
    journal("titans", "box", "city", "London", "--type", "metropolis", "--yellow", "Toronto", "--green", "Paris",
            ok=True)   # a board not whole: `new` would refuse it
    journal("titans", "box", "dice", "--faces", "a,b,c,d,e,f", "--red", "a", "--combat", "a", "--movement", "b",
            "--repair", "c", ok=True)
    journal("demo", ok=True)
    state = j(journal, "show", "-s", "demo-titans")["state"]
    assert "London" in state["cities"] and "Sydney" in state["cities"] and state.get("dice", {}).get("faces") != \
        ["a", "b", "c", "d", "e", "f"]


def test_a_batch_takes_a_card_from_the_box_and_refuses_one_the_box_lacks(boxed):
    started(boxed)
    boxed(*T1, ok=True)
    r = boxed("batch", "-", input="titans invade --rift North --city Tokyo\n")
    assert r.exit_code == 0, r.stderr
    assert j(boxed, "show")["state"]["cards"]["T1"]["hp"] == [2, 3, 3, 4]
    before = boxed.files("g")
    r = boxed("batch", "-", input="titans invader T2 --city Lima --reason card\n")
    assert r.exit_code == 1 and "journal titans box card T2" in r.stderr and boxed.files("g") == before


def test_in_the_table_shell_the_card_is_asked_at_its_prompt(boxed):
    pytest.importorskip("pexpect")
    from pathlib import Path

    from test_play_terminal import Shell

    started(boxed)
    sh = Shell(Path("saves").absolute(), "g")
    sh.ready()
    sh.line("invade --rift North --city Tokyo")
    sh.expect("T1 (Terrestrial) comes out, and its Invader Card is not in your box yet")
    sh.expect("T1 Reward Value (1-3; Enter: 1)")
    sh.line("")
    for tier, answer in (("green", "2/1"), ("white", "3/1"), ("blue", "3/2"), ("red", "4/2")):
        sh.expect(f"T1 {tier} section, HP/DMG (e.g. 3/1)")
        sh.line(answer)
    sh.expect("T1 red section immune to (melee, ranged, energy, physical; Enter: none)")
    sh.line("")
    sh.expect("Take T1 (Terrestrial, Green: HP 2, DMG 1)")
    sh.ready()
    assert sh.leave() == 0
    assert j(boxed, "titans", "box")["invaders"]["cards"] == ["T1"]


def test_a_name_typed_with_odd_white_space_is_kept_as_its_words(journal):
    """The hostile sweep: a name ending in a vertical tab was recorded as its words and then looked
    up as typed (an internal error)."""
    r = journal("titans", "box", "invader", "Swarm\x0b", "--category", "flying", ok=True)
    assert "Swarm: flying, pawns S1-S5" in r.stdout
    r = journal("titans", "box", "rift", "North\u2028", "--threatens", "Tokyo", ok=True)
    assert "The North Rift threatens Tokyo." in r.stdout
