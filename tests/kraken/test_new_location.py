"""journal/games/kraken/new_location.py: Chapter 12, Creating a new location: the LOCATION GENERATOR
and an event's short form."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import CAT, apply, dice, new_state, with_crew

from journal import templates
from journal.errors import InputError, RuleError
from journal.games.kraken import flight, new_location, phases, ship, starmap
from journal.games.kraken.dungeon import maps as maps_rules
from journal.games.kraken.schema import validate


GEN, _PROBLEMS = new_location.parse_generator(templates.load("kraken", "location-generator-sample.toml"))


REF = {"path": "templates:kraken/location-generator-sample.toml", "sha256": "0" * 64, "title": "sample"}


def flown(mods_options=("risky-shortcut",), difficulty=2) -> dict:
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray", "Mila")
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=3).state
    return apply(s, flight.flight, 6, difficulty=difficulty, cat=CAT, table={}, options=list(mods_options),
                 avoid=True).state


def test_event_location_values_are_fixed():
    """Ch. 12: a Location an event reveals is noted as printed; its fixed values cannot be
    altered (the flight's dice modifications do not apply to it, and the flight's own
    Location is still to generate)."""
    s = flown()
    assert s["flight"]["modifications"] == 2
    out = apply(s, new_location.location_event, text="Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / "
                                           "Kraken")
    assert out.state["locations"]["1"]["fixed"] is True and out.state["flight"] == s["flight"]
    assert any("fixed; the flight's dice modifications do not apply" in x for x in out.lines)
    assert "fixed" not in apply(new_state(), starmap.location_add, type="Moon", difficulty=1, ao="YES", ai="YES",
                                depth=4, teleport=0, species="Grey").state["locations"]["1"]


def test_the_sample_generator_is_valid():
    assert _PROBLEMS == [] and [t["field"] for t in GEN["tables"]] == list(new_location.GEN_FIELDS)


def test_short_form_of_the_book_is_read_exactly():
    loc = new_location.parse_short("Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / One-way / Kraken")
    assert loc == {"type": "Space Station", "difficulty": 2, "ao": "NO", "ai": "YES", "depth": 7, "teleport": 4,
                   "special": "one-way", "species": "Kraken"}


@pytest.mark.parametrize("text, extra", [
    ("Core Planet / Dif. 3 / AO: Hell / AI: yes / Depth: 5 / Telep.: 0 / Beasts", {"special": None}),
    ("Mine / Dif.: 1 / AO: No / AI: No / Depth: 4 / Telep.: 2 / Self-destruction / Lost / Maps: 8, 3, 12",
     {"maps": [8, 3, 12]}),
])
def test_short_form_variants(text, extra):
    loc = new_location.parse_short(text)
    for k, v in extra.items():
        assert loc.get(k) == v


@pytest.mark.parametrize("text", ["Space Station / Dif.: 2 / AO: No", "X / Dif.: 2 / AO: Maybe / AI: YES / Depth: 7 / "
                                  "Telep.: 4 / Kraken", "X / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / Dragons"])
def test_short_form_errors_name_the_problem(text):
    with pytest.raises(InputError):
        new_location.parse_short(text)


def test_location_from_an_event_is_recorded_with_its_values():
    s = new_state()
    out = apply(s, new_location.location_event, text="Space Station / Dif.: 2 / AO: No / AI: YES / Depth: 7 / Telep.: 4 / "
                                          "One-way / Kraken")
    loc = out.state["locations"]["1"]
    assert (loc["type"], loc["difficulty"], loc["depth"], loc["teleport"], loc["special"], loc["maps"]) == (
        "Space Station", 2, 7, 4, "one-way", [])


def test_generation_waits_for_each_value_while_modifications_remain():
    s = flown()
    out = apply(s, new_location.location_generate, 3, generator=GEN, ref=REF)
    assert out.data["done"] is False and out.data["values"] == {} and out.data["dice"] == [3]
    out = apply(out.state, new_location.location_modify, generator=GEN, how="+1")
    assert out.data["dice"] == [4] and out.data["modifications_left"] == 1
    out = apply(out.state, new_location.location_modify, 2, generator=GEN, how="reroll")
    assert out.data["dice"] == [2] and out.data["modifications_left"] == 0
    with pytest.raises(RuleError, match="no dice modification"):
        new_location.location_modify(out.state, dice(), generator=GEN, how="-1")
    # no modification left: the rest is rolled at once
    out = apply(out.state, new_location.location_accept, 1, 1, 4, 3, 4, 1, 2, generator=GEN)
    loc = out.state["locations"]["1"]
    assert out.data["done"] and (loc["type"], loc["ao"], loc["ai"], loc["depth"], loc["teleport"], loc["species"]) \
        == ("Overland", "YES", "YES", 7, 2, "Grey")
    assert "flight" not in out.state and loc["difficulty"] == 2


def test_accept_rest_keeps_every_value_and_loses_the_modifications():
    s = apply(flown(), new_location.location_generate, 5, generator=GEN, ref=REF).state
    out = apply(s, new_location.location_accept, 6, 6, 1, 6, 6, 5, 6, generator=GEN, rest=True)
    loc = out.state["locations"]["1"]
    assert (loc["type"], loc["ao"], loc["ai"], loc["depth"], loc["teleport"], loc["special"], loc["species"]) == (
        "Space Station", "HELL", "HELL", 4, 4, "one-way", "Renegades")   # 2d6 12 → 9, deeper than 4 maps: 4
    assert "2 unused dice modifications are lost." in out.lines


def test_two_dice_values_modify_one_die_at_a_time():
    s = flown(("dangerous-shortcut",))
    s = apply(s, new_location.location_generate, 1, generator=GEN, ref=REF).state
    for roll in (1, 1, 3):
        s = apply(s, new_location.location_accept, roll, generator=GEN).state
    s = apply(s, new_location.location_accept, 4, 4, generator=GEN).state
    with pytest.raises(InputError, match="the teleport is rolled with 2 dice; a modification changes one of them: "
                                         "journal kraken location modify \\+1 --die N"):
        new_location.location_modify(s, dice(), generator=GEN, how="+1")
    out = apply(s, new_location.location_modify, generator=GEN, how="+1", die=2)
    assert out.data["dice"] == [4, 5]


def test_generated_location_of_a_safe_flight_cannot_be_landed_on_this_turn():
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = with_crew(s, "Ray")
    s = apply(apply(s, phases.turn).state, phases.phase, to=3).state
    s = apply(s, flight.flight, difficulty=1, cat=CAT, table={}, options=["safe"]).state
    s = apply(s, new_location.location_generate, 1, generator=GEN, ref=REF).state
    s = apply(s, new_location.location_accept, 1, 1, 1, 1, 1, 1, generator=GEN, rest=True).state
    assert s["locations"]["1"]["land_turn"] == 2
    with pytest.raises(RuleError, match="too slowly"):
        maps_rules.dungeon_enter(s, dice(8), slot="1")


def test_generator_file_problems_are_named():
    _gen, problems = new_location.parse_generator({"tables": [{"field": "type", "dice": "d6", "results": {"1-5": "X"}}]})
    assert any("a roll of 6 matches 0" in p for p in problems)
    assert any("no table for the ao" in p for p in problems)


def test_a_generation_edited_by_hand_is_named_by_check_and_refused_never_a_crash():
    """Issue 21: `table = 1` typed by hand while generating made `location accept` crash
    (KeyError 'type'): `check` names it, and the commands refuse it naming the value."""
    s = apply(flown(), new_location.location_generate, 3, generator=GEN, ref=REF).state
    s["flight"]["generation"]["table"] = 1                              # the type was never defined
    assert ("state.flight.generation.table = 1: the tables before it define 1 value, and "
            "state.flight.generation.values holds 0") in validate(s)
    with pytest.raises(RuleError, match="generation.table = 1, but state.flight.generation.values has no type, "
                                        "which an earlier table of the generator defines"):
        new_location.location_accept(s, dice(1), generator=GEN)
    s["flight"]["generation"]["values"] = {"ao": "YES"}                 # the right count, not the right value
    assert validate(s) == []
    with pytest.raises(RuleError, match="has no type"):
        new_location.location_modify(s, dice(1), generator=GEN, how="+1")
    s["flight"]["generation"].update(values={"type": "Mine", "depth": "deep"}, table=9)
    problems = validate(s)
    assert "state.flight.generation.values.depth = \"deep\": the depth is a whole number" in problems
    with pytest.raises(RuleError, match="the generator's tables are 0 to 6"):
        new_location.location_accept(s, dice(1), generator=GEN)


def test_location_generate_on_the_players_box_asks_what_it_lacks_and_takes_the_answers():
    """Ch. 12, "Roll a dice on each table found on the LOCATION GENERATOR": a table of the player's box
    whose dice or whose result for the roll is not entered yet is asked for (MissingResult, a choice
    the runtime asks on a terminal); the answers, checked as a generator file's, fill it."""
    box = {"title": "box", "tables": [dict(t, rows=[r for r in t["rows"] if t["field"] != "type" or r[0] != 5])
                                      if t["field"] != "ao" else {"field": "ao", "count": None, "sides": None,
                                                                   "rows": []} for t in GEN["tables"]]}
    with pytest.raises(new_location.MissingResult) as missing:
        apply(flown(), new_location.location_generate, 5, generator=box, ref=REF)
    assert missing.value.key == "type:5" and missing.value.values == []
    with pytest.raises(new_location.MissingResult, match="' ': a name"):
        apply(flown(), new_location.location_generate, 5, generator=box, ref=REF, answers={"type:5": " "})
    out = apply(flown(), new_location.location_generate, 5, generator=box, ref=REF, answers={"type:5": "Hive"})
    assert "type: d6 5 → Hive" in out.lines[1] and out.data["answers"] == {"type:5": "Hive"}
    s, box = out.state, new_location.with_answers(box, {"type:5": "Hive"})   # kept in the box by the command
    with pytest.raises(new_location.MissingResult) as missing:   # the ao table: its dice first
        apply(s, new_location.location_accept, 2, generator=box)
    assert missing.value.key == "ao:dice"
    with pytest.raises(new_location.MissingResult, match="not dice"):
        apply(s, new_location.location_accept, 2, generator=box, answers={"ao:dice": "d7"})
    with pytest.raises(new_location.MissingResult) as missing:
        apply(s, new_location.location_accept, 2, generator=box, answers={"ao:dice": "d6"})
    assert missing.value.key == "ao:2" and missing.value.values == ["YES", "NO", "HELL"]
    done = apply(s, new_location.location_accept, 2, generator=box, answers={"ao:dice": "d6", "ao:2": "hell"})
    assert done.state["flight"]["generation"]["values"] == {"type": "Hive"} and "ao: d6 2 → HELL" in done.lines[1]
