"""journal/games/kraken/migrations.py: an older save is read and upgraded to the current schema."""

from __future__ import annotations

import pytest

from kraken.kraken_helpers import cli_set_up, state

from journal.games.kraken.migrations import SCHEMA_VERSION


@pytest.mark.parametrize("phase, taken", [(1, [1]), (2, [1]), (3, [3]), (4, [3]), (5, [5])])
def test_a_schema_2_state_that_recovered_gets_the_phase_of_its_recovery(phase, taken):
    """Schema 3 records the phases whose Recovery was taken; a schema 2 state only knew that
    the turn had one: the latest of Phases 1, 3 and 5 up to the current phase."""
    from journal.games import kraken

    old = {"turn": 2, "phase": phase, "recovered": True}
    assert kraken.MIGRATIONS[2](old) == {**old, "recoveries": taken} and "recoveries" not in old
    assert kraken.MIGRATIONS[2]({"turn": 2, "phase": 3, "recovered": False}) == {"turn": 2, "phase": 3,
                                                                               "recovered": False}


def test_a_schema_2_save_is_read_and_upgraded_to_schema_3(journal):
    """An older save is read: the migration fills what schema 3 records."""
    journal("kraken", "new", "old", "--difficulty", "real-life", "--seed", "3", ok=True)
    journal("kraken", "crew", "add", "-s", "old", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", ok=True)
    journal("kraken", "ship", "hull", "-s", "old", "Petrel", "--price", "0", "--sp", "10", ok=True)
    journal("kraken", "turn", "-s", "old", ok=True)
    journal("kraken", "phase", "-s", "old", "5", ok=True)
    journal("kraken", "recover", "-s", "old", ok=True)
    path = journal.saves / "old.toml"
    text = path.read_text()
    assert f"schema = {SCHEMA_VERSION}" in text and journal.state("old")["recoveries"] == [5]
    path.write_text(text.replace(f"schema = {SCHEMA_VERSION}", "schema = 2").replace("recoveries = [\n    5,\n]\n", ""))
    assert "recoveries" not in path.read_text()
    assert journal("check", "-s", "old").exit_code == 0
    assert journal.state("old")["recovered"] is True
    r = journal("kraken", "recover", "-s", "old")
    assert r.exit_code == 1 and "at the end of Phase 5 already" in r.stderr
    journal("kraken", "xp", "-s", "old", "+2", ok=True)
    assert f"schema = {SCHEMA_VERSION}" in path.read_text() and journal.state("old")["recoveries"] == [5]


def test_a_schema_1_save_is_read_and_upgraded_to_the_current_schema(journal):
    journal("kraken", "new", "old", "--difficulty", "simulation", "--seed", "3", ok=True)
    path = journal.saves / "old.toml"
    path.write_text(path.read_text().replace(f"schema = {SCHEMA_VERSION}", "schema = 1"))
    assert journal("check", "-s", "old").exit_code == 0
    journal("kraken", "xp", "-s", "old", "+2", ok=True)
    text = path.read_text()
    assert f"schema = {SCHEMA_VERSION}" in text and "schema = 1" not in text
    assert journal.state("old")["xp"] == 2


def test_a_schema_3_state_after_its_flight_takes_the_last_location_as_the_one_it_found():
    """Schema 4 records the Location the turn's flight found (`found`): a schema 3 state in
    Phase 3 after its flight did not, and the last Location of its log is taken as it."""
    from journal.games import kraken

    old = {"turn": 2, "phase": 3, "free_action": "flight", "free_used": True, "locations": {"1": {}, "2": {}}}
    assert kraken.MIGRATIONS[3](old) == {**old, "found": "2"} and "found" not in old
    for other in ({**old, "free_action": "location"}, {**old, "phase": 4}, {**old, "flight": {"stage": "arrived"}},
                  {**old, "locations": {}}):
        assert kraken.MIGRATIONS[3](other) == other


def test_a_schema_3_save_after_its_flight_lands_on_that_location(journal):
    journal("kraken", "new", "old", "--difficulty", "simulation", "--seed", "3", ok=True)
    cli_set_up(journal, "old")
    journal("kraken", "turn", "-s", "old", ok=True)
    journal("kraken", "phase", "-s", "old", "3", ok=True)
    journal("kraken", "free-action", "-s", "old", "flight", ok=True)
    journal("kraken", "location", "add", "-s", "old", "--type", "Mine", "--difficulty", "1", "--ao", "NO", "--ai",
            "YES", "--depth", "4", "--teleport", "0", "--species", "Grey", ok=True)
    path = journal.saves / "old.toml"
    text = path.read_text()
    assert 'found = "1"' in text
    path.write_text(text.replace(f"schema = {SCHEMA_VERSION}", "schema = 3").replace('found = "1"\n', ""))
    assert journal("check", "-s", "old").exit_code == 0 and state(journal, "old")["found"] == "1"
    journal("kraken", "dungeon", "enter", "-s", "old", "1", ok=True)
