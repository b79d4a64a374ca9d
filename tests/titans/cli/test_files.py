"""The board, invaders and dice files `new` reads (cli/files.py): shipped ones by
templates:titans/FILE, your own, and every mistake named by its key."""

from __future__ import annotations

import pytest

from journal import templates
from journal.errors import InputError
from journal.games.titans.cli import files
from titans.titans_helpers import DICE, INVADERS, NEW, invader_card, j


RAW_CITIES = templates.load("titans", "board-sample.toml")["cities"]


def test_own_board_and_invader_files(journal, tmp_path):
    board = tmp_path / "board.toml"
    board.write_text('[cities.Alpha]\ntype = "refuge"\nyellow = "Beta"\ngreen = "Gamma"\n'
                     '[cities.Beta]\ntype = "metropolis"\nyellow = "Gamma"\ngreen = "Alpha"\n'
                     '[cities.Gamma]\ntype = "metropolis"\nyellow = "Alpha"\ngreen = "Beta"\n'
                     '[rifts.Deep]\nthreatens = ["Alpha"]\n')
    sec = "{ hp = 2, dmg = 1 }"
    cards = "".join(f"[[Crab.card]]\nreward = {r}\ngreen = {sec}\nwhite = {sec}\nblue = {sec}\nred = {sec}\n"
                    for r in (1, 1, 2, 2, 3))
    inv = tmp_path / "inv.toml"
    inv.write_text('[Crab]\ncategory = "amphibious"\ncode = "CR"\n' + cards)
    d = j(journal, "titans", "new", "own", "--titan", "Atlas:hp=5,armor=0,combat=2,movement=1,repair=1,city=Alpha",
          "--board", str(board), "--invaders", str(inv), "--seed", "1")
    st = d["state"]
    assert st["rifts"] == {"Deep": {"type": "Crab", "threatens": ["Alpha"], "guardians": ["CR1", "CR2", "CR5"],
                                    "lair": {"1": "CR3", "2": "CR4"}, "trial": "sealed", "closed": False}}
    assert st["board"] == "board.toml" and st["invader_cards"] == "inv.toml"
    r = journal("titans", "new", "bad", "--titan", "A:hp=5,armor=0,combat=2,movement=1,repair=1",
                "--board", str(tmp_path / "nope.toml"))
    assert r.exit_code == 2 and "no such file" in r.stderr
    inv.write_text("[Crab\n")
    r = journal("titans", "new", "bad", "--titan", "A:hp=5,armor=0,combat=2,movement=1,repair=1",
                "--board", str(board), "--invaders", str(inv))
    assert r.exit_code == 2 and "inv.toml' line 1, column 6: TOML syntax error" in r.stderr


@pytest.mark.parametrize("doc,message", [
    ({"cities": {"A": {"type": "metropolis", "yellow": "B", "green": "C"}}}, "at least two"),
    ({"cities": {"A": {"type": "village", "yellow": "B", "green": "B"}, "B": {}}, "rifts": {"R": {}}},
     "cities.A.type"),
    ({"cities": {"A": {"type": "refuge", "yellow": "B", "green": "B"},
                 "B": {"type": "refuge", "yellow": "A", "green": "A"}}, "rifts": {"R": {"threatens": ["A"]}}},
     "same city"),
    ({"cities": {"A": {"type": "refuge", "yellow": "Z", "green": "B"},
                 "B": {"type": "refuge", "yellow": "A", "green": "C"}}, "rifts": {"R": {"threatens": ["A"]}}},
     "cities.A.yellow"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Atlantis"]}}}, "rifts.R.threatens"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Tokyo"], "size": 3}}}, "rifts.R.size"),
    ({"cities": RAW_CITIES, "rifts": {"R": {"threatens": ["Tokyo"]}}, "extra": 1}, "extra is not a known key"),
])
def test_board_file_mistakes_name_the_key(doc, message):
    with pytest.raises(InputError, match=message):
        files.load_board(doc, "board")


def test_board_file_round_trip_keeps_trails():
    cities, rifts = files.load_board({"cities": {"A": {"type": "refuge", "yellow": "B", "green": "C", "trails": ["C"]},
                                                 "B": {"type": "metropolis", "yellow": "A", "green": "C"},
                                                 "C": {"type": "metropolis", "yellow": "A", "green": "B"}},
                                      "rifts": {"R": {"threatens": ["A", "B"]}}})
    assert cities["A"] == {"type": "refuge", "damage": 0, "destroyed": False, "yellow": "B", "green": "C",
                           "trails": ["C"]}
    assert rifts == {"R": {"threatens": ["A", "B"]}}


@pytest.mark.parametrize("doc,message", [
    ({"X": {"category": "crawling", "card": [invader_card()] * 5}}, "X.category"),
    ({"X": {"category": "flying", "card": [invader_card()] * 4}}, "5 \\[\\[X.card\\]\\]"),
    ({"X": {"category": "flying", "card": [invader_card(reward=4)] * 5}}, "X.card\\[1\\].reward = 4 is outside 1..3"),
    ({"X": {"category": "flying", "card": [invader_card(red={"hp": 2, "dmg": 1, "immune": ["fire"]})] * 5}},
     "red.immune"),
    ({"X": {"category": "flying", "card": [invader_card(blue=None)] * 5}}, "blue is missing"),
    ({"X": {"category": "flying", "code": "F", "card": [invader_card()] * 5},
      "Y": {"category": "flying", "code": "F", "card": [invader_card()] * 5}}, "Y.code"),
])
def test_invaders_file_mistakes_name_the_key(doc, message):
    if doc.get("X", {}).get("card") and doc["X"]["card"][0].get("blue", 1) is None:
        doc["X"]["card"] = [{k: v for k, v in c.items() if k != "blue"} for c in doc["X"]["card"]]
    with pytest.raises(InputError, match=message):
        files.load_invaders(doc, "invaders")


def test_invaders_file_keeps_per_section_values():
    types, cards = INVADERS["types"], INVADERS["cards"]
    assert types["Mechanical"] == {"category": "mechanical", "code": "M"}
    assert cards["M5"]["reward"] == 3 and cards["M5"]["hp"] == [4, 5, 6, 7] and cards["M5"]["dmg"] == [2, 2, 3, 3]
    assert cards["M3"]["immune"] == [[], [], [], ["energy"]] and "immune" not in cards["M1"]


def test_shipped_data_files_are_named_templates_titans_file(journal):
    args = [a for a in NEW if a != "g"]
    args.insert(2, "x")
    d = j(journal, *args, "--board", "templates:titans/board-sample.toml",
          "--invaders", "templates:titans/invaders-sample.toml", *DICE)
    assert d["state"]["dice"]["faces"][0] == "red"
    r = journal(*args, "--board", "templates:titans/no-such-board.toml")
    assert r.exit_code == 2 and "templates:titans/board-sample.toml" in r.stderr
