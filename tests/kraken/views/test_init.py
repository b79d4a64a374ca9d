"""journal/games/kraken/views/__init__.py, the game interface's views: `show --json`
(`public_state`), `result` once the campaign is over, the names a shell completes (`names`)."""

from __future__ import annotations

from kraken.kraken_helpers import CAT, TABLE, apply, ship_state, state

from journal.games import kraken
from journal.games.kraken import flight, starmap


def test_show_json_has_the_documented_keys(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "line", "note", "-s", "sk", "1", "the beacon", ok=True)
    s = state(camp, "sk")
    assert {"lines", "interlink", "turn", "difficulty", "crew", "credits", "xp", "oxygen"} <= set(s)
    assert set(s["lines"]) == {"1", "2"}
    assert s["lines"]["1"] == {"coords": ["1AA", "1BA", "1BB", "2AC"], "vars": {"A": 1}, "note": "the beacon"}
    ray = s["crew"]["Ray"]
    assert (ray["level"], ray["hp"], ray["hp_max"], ray["status"]) == (1, 8, 8, "active")


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


def test_names_lists_the_campaigns_own_names_by_kind(camp):
    camp("kraken", "crew", "weapon", "-s", "sk", "Ray", "Rifle (3) 4+, 3 A5 RG", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Scout", "--price", "0", "--sp", "10", "--free", ok=True)
    camp("kraken", "storage", "add", "-s", "sk", "Med Kit", ok=True)
    camp("kraken", "quest", "add", "-s", "sk", "Ore Run", ok=True)
    camp("kraken", "location", "add", "-s", "sk", "--type", "Mining Station", "--difficulty", "2", "--ao", "YES",
         "--ai", "NO", "--depth", "4", "--teleport", "0", "--species", "Grey", "--name", "Rock", ok=True)
    names = kraken.names(camp.state("sk"))
    assert set(names) == {"crew", "enemy", "location", "item", "weapon", "system", "quest", "captive", "line"}
    assert names["crew"] == ["Ray"] and names["quest"] == ["Ore Run"] and names["line"] == ["1", "2"]
    assert names["weapon"] == ["Rifle"] and "Med Kit" in names["item"] and "Rifle" in names["item"]
    assert names["location"] == ["1", "Rock"] and names["enemy"] == names["captive"] == []
    assert all(isinstance(v, str) for kind in names.values() for v in kind)


def test_names_of_a_ground_combat_are_its_enemies_labels():
    s = {"crew": {}, "ground": {"enemies": {"E1": {}, "E2": {}}}, "ship": {"systems": {"Laser": {}}},
         "captives": {"C1": {}}}
    names = kraken.names(s)
    assert names["enemy"] == ["E1", "E2"] and names["system"] == ["Laser"] and names["captive"] == ["C1"]


def test_after_the_flight_the_next_step_is_landing_on_the_location_it_found():
    s = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True).state
    s = apply(s, starmap.location_add, type="Mine", difficulty=1, ao="NO", ai="YES", depth=4, teleport=0,
              species="Grey").state
    assert kraken.next_step(s) == ("Phase 3: land on MAP1, the Location the flight found (journal kraken dungeon "
                                   "enter 1), or Phase 4: journal kraken phase 4.")
