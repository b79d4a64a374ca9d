"""journal/games/kraken/cli/flight.py, end to end: `journal kraken flight`, `flight-table`, `flight-
end`: space flight (chapter 9)."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import j, state


def test_flight_command_form_of_the_issue(fly):
    d = j(fly, "kraken", "flight", "-s", "fly", "--difficulty", "2", "--option", "risky-shortcut", "--option",
          "smuggle", "--avoid", "--roll", "6")
    assert (d["location_difficulty"], d["flight_difficulty"], d["options"], d["modifications"]) == (
        2, 5, ["risky-shortcut", "smuggle"], 4)
    assert d["avoid"] == {"roll": 6, "target": 5, "passed": True} and d["combat"] is False
    assert d["rolls"] == [{"die": "d6", "value": 6, "source": "entered"}]
    s = state(fly, "fly")
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
