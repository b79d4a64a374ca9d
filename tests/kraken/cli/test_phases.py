"""journal/games/kraken/cli/phases.py, end to end: `journal kraken turn`, `phase`, `free-action`,
`recover`: the game phases (chapters 5, 8)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


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
    assert state(camp, "sk")["skipped"] == "2"
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
    assert r.exit_code == 1 and "until you activate it: journal kraken advance 2 --activate" in r.stderr
    d = j(camp, "kraken", "advance", "-s", "sk", "2", "--activate", "--choose", "B", "--leader", "Ray")
    assert d["ended"] is True and d["events"] == ["C3", "C4"] and d["activation"] == "free action"
    s = state(camp, "sk")
    assert "2" not in s["lines"] and s["interlink"] == {"K": 1, "L": -1} and s["leader"] == "Ray"


def test_ship_location_quest_and_phases(camp):
    camp("kraken", "ship", "hull", "-s", "sk", "Rust Petrel", "--price", "40", "--sp", "12", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "teleporter", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Ammo:Missile", ok=True)
    s = state(camp, "sk")
    assert s["credits"] == 100 - 40 - 10 - 5 and s["ship"]["systems"]["Ammo:Missile"] == {"system": "Ammo",
                                                                                          "for": "Missile"}
    assert "Railgun" in camp("kraken", "ship", "catalogue", ok=True).stdout
    camp("kraken", "location", "add", "-s", "sk", "--type", "Mining Station", "--difficulty", "2", "--ao", "NO",
         "--ai", "YES", "--depth", "4", "--teleport", "2", "--species", "Kraken", "--maps", "8,3", ok=True)
    camp("kraken", "location", "map", "-s", "sk", "1", "--roll", "12", ok=True)
    camp("kraken", "location", "clear", "-s", "sk", "1", "3", ok=True)
    assert state(camp, "sk")["locations"]["1"]["maps"] == [8, 3, 12] and state(camp, "sk")["locations"]["1"]["cleared"] == [3]
    camp("kraken", "quest", "add", "-s", "sk", "Ore", "--urgent", "--penalty-credits", "5", ok=True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    out = camp("kraken", "phase", "-s", "sk", "4", ok=True).stdout
    assert "Phase 4: short visit: teleport to a cleared map" in out and "MAP1" in out
    out = camp("kraken", "phase", "-s", "sk", "next", ok=True).stdout
    assert "Quest Ore: draw tick 1" in out
    out = camp("kraken", "recover", "-s", "sk", ok=True).stdout
    assert "Recovery: every crew member recovers 3 HP" in out


def test_an_option_of_the_turn_flights_and_combat_typed_twice_is_a_usage_error(camp):
    """Issue 19, item 28: an option that takes one value, typed twice, is a usage error (exit 2)
    in the commands of the turn, the story lines, the flights and the Space Combat too."""
    before = camp.files("sk")
    for args in (("turn", "-s", "sk", "--skip", "1", "--skip", "2"),
                 ("turn", "-s", "sk", "--leader", "Ray", "--leader=Ray"),
                 ("step", "-s", "sk", "1", "4MB", "--choose", "A", "--choose", "B"),
                 ("advance", "-s", "sk", "1", "--reason", "a", "--reason", "b"),
                 ("flight", "-s", "sk", "--difficulty", "1", "--difficulty", "2"),
                 ("combat", "round", "-s", "sk", "--negate", "1", "--negate", "0"),
                 ("location", "clear", "-s", "sk", "1", "2", "--reason", "a", "--reason", "b")):
        r = camp("kraken", *args)
        assert r.exit_code == 2 and "is given twice: give it once" in r.stderr, (args, r.stderr)
    assert camp.files("sk") == before
