"""journal/games/kraken/cli/locations.py, end to end: `journal kraken location …`: the Starmap
Locations Log and new Locations (chapter 12)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


SHORT = "Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken"


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
    assert "flight" not in state(fly, "fly")


def test_check_generator_names_problems(fly, tmp_path):
    bad = tmp_path / "gen.toml"
    bad.write_text('[[tables]]\nfield = "type"\ndice = "d6"\nresults = { "1-5" = "X" }\n', "utf-8")
    r = fly("kraken", "location", "check-generator", str(bad))
    assert r.exit_code == 2 and "a roll of 6 matches 0" in r.stderr
    assert "OK" in fly("kraken", "location", "check-generator", "templates:kraken/location-generator-sample.toml",
                       ok=True).stdout
