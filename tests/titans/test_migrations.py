"""Older saves brought up to the current schema (migrations.py): the turn record (schema 2), the
tier derived instead of stored (schema 3), each Lair a row of spots (schema 4)."""

from __future__ import annotations

import copy
import tomllib

import tomli_w

from journal.games import titans as game
from titans.titans_helpers import fighting, shown_state, t


def test_a_schema_2_save_with_a_stored_tier_is_read_and_upgraded(game):
    """Schema 3 derives the tier from THREAT: an older save's stored tier is dropped as it is
    read, the next command writes the save without it, and `show --json` still shows it."""
    t(game, "opening", ok=True)
    t(game, "threat", "=7", "--reason", "card", ok=True)
    path = game.saves / "g.toml"
    text = path.read_text()
    assert "schema = 4" in text and "tier" not in text
    path.write_text(text.replace("schema = 4", "schema = 2").replace("threat = 7\n", 'threat = 7\ntier = "white"\n'))
    assert 'tier = "white"' in path.read_text()
    game("check", "-s", "g", ok=True)
    assert shown_state(game)["tier"] == "white"
    t(game, "threat", "+4", "--reason", "card", ok=True)
    text = path.read_text()
    assert "schema = 4" in text and "tier" not in game.state("g") and game.state("g")["threat"] == 11
    assert shown_state(game)["tier"] == "blue"
    game("undo", "-s", "g", ok=True)                       # back to the schema-2 text, read as before
    assert 'tier = "white"' in path.read_text() and shown_state(game)["tier"] == "white"
    game("check", "-s", "g", ok=True)


def test_the_migration_to_schema_3_drops_the_stored_tier():
    from journal.games import titans

    assert titans.MIGRATIONS[2]({"threat": 7, "tier": "white", "turn": 1}) == {"threat": 7, "turn": 1}


def test_schema_1_saves_gain_the_turn_record():
    s = fighting(3)
    old = copy.deepcopy(s)
    del old["round"]["done"]
    assert any("state.round.done is missing" in p for p in game.validate(old))
    assert game.validate(game.MIGRATIONS[1](old)) == []
    old["round"].update(moved=["Atlas", "Brute"], attacked=["Atlas"])      # Ana attacked, Bo has moved
    new = game.MIGRATIONS[1](old)
    assert new["round"]["done"] == ["Ana"] and new["round"]["acting"] == "Bo" and game.validate(new) == []
    old["round"].update(moved=[], attacked=[], developed=["Ana"])
    old["phase"] = "upgrade"
    assert game.MIGRATIONS[1](old)["round"]["done"] == ["Ana"]


def test_a_schema_1_save_file_is_read_and_upgraded(journal):
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--seed", "1", ok=True)
    path = journal.saves / "g.toml"
    doc = tomllib.loads(path.read_text())
    doc["journal"]["schema"] = 1
    del doc["state"]["round"]["done"]
    path.write_text(tomli_w.dumps(doc))
    journal("check", "-s", "g", ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    assert journal.state("g")["round"]["done"] == []


def test_a_schema_3_save_keeps_its_lairs_as_rows_of_spots(journal):
    """Schema 4 keeps each Lair as the board's row of spots ({spot: pawn}); a schema 3 save kept a
    list in the order the pawns would leave: its first pawn takes spot 1, and invades first."""
    journal("titans", "new", "g", "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,city=Tokyo",
            "--rift", "North=Flying", "--seed", "1", ok=True)
    path = journal.saves / "g.toml"
    doc = tomllib.loads(path.read_text())
    doc["journal"]["schema"] = 3
    doc["state"]["rifts"]["North"]["lair"] = ["F4", "F3"]
    path.write_text(tomli_w.dumps(doc))
    journal("check", "-s", "g", ok=True)
    journal("titans", "opening", "-s", "g", ok=True)                     # written back in schema 4
    assert journal.state("g")["rifts"]["North"]["lair"] == {"1": "F4", "2": "F3"}
    assert game.MIGRATIONS[3]({"rifts": {"N": {"lair": []}}}) == {"rifts": {"N": {"lair": {}}}}
    assert game.MIGRATIONS[3]("not a table") == "not a table"
