"""journal/games/kraken/phases.py: Chapter 5, Game phases: a new turn, phases 1-5 in order, the free
action (ch. 8), Phase R."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import (
    CAT,
    TABLE,
    apply,
    demo_pack,
    dice,
    explorer,
    exploring,
    in_combat,
    in_turn,
    new_state,
    ready_state,
    set_up,
    pack_of,
    ship_state,
    with_crew,
    with_ship,
)

from journal.errors import InputError, RuleError
from journal.games.kraken import crew, flight, phases, resources, ship, starmap, story_lines
from journal.games.kraken.cgm import cells
from journal.games.kraken.dungeon import maps
from journal.games.kraken.ground_combat import loop, spawn


def test_set_up_is_complete_before_turn_1():
    """3.3: "Choose 3 Crew Members if not otherwise stated by the CREW BACKSTORY"; 3.7: "with
    which you must buy one of the available Spaceships": `turn` does not begin turn 1 without
    a crew and a ship, and names what is missing. How many members is the player's to say."""
    with pytest.raises(RuleError, match=r"set-up is complete, and there is no crew \(journal kraken crew add NAME "
                                        r".*\), and no ship \(journal kraken ship hull NAME --price P --sp N\)$"):
        phases.turn(new_state(), dice())
    with pytest.raises(RuleError, match=r"there is no ship \(journal kraken ship hull"):
        phases.turn(with_crew(new_state(), "Ann"), dice())
    hull = apply(new_state(), ship.ship_hull, name="Petrel", price=0, sp=10).state
    with pytest.raises(RuleError, match=r"there is no crew \(journal kraken crew add"):
        phases.turn(hull, dice())
    assert apply(with_crew(hull, "Ann"), phases.turn).state["turn"] == 1        # one member: the player's choice


def test_turn_activates_every_line_once_slot_1_first():
    s = ready_state(lines=("1AA", "1AF"))
    out = apply(s, phases.turn, pack=demo_pack())
    assert list(out.data["lines"]) == ["1", "2"]
    assert out.state["done"] == ["1", "2"] and out.state["turn"] == 1 and out.state["phase"] == 1
    assert out.data["lines"]["1"]["trail"][0].startswith("1AA !B1")


def test_one_line_may_be_skipped_but_not_the_same_one_two_turns_running():
    pack = demo_pack()
    s = apply(ready_state(lines=("1AA", "1AF")), phases.turn, pack=pack, skip="2").state
    assert s["skipped"] == "2" and s["lines"]["2"]["coords"] == ["1AF"]
    with pytest.raises(RuleError, match="line 2 was skipped last turn"):
        phases.turn(s, dice(), pack=pack, skip="2")
    s2 = apply(s, phases.turn, pack=pack, skip="1").state
    assert s2["skipped"] == "1" and s2["skipped_before"] == "2"


def test_phase_1_must_activate_every_line_before_phase_2():
    s = apply(ready_state(lines=("2HA", "2BC")), phases.turn).state
    with pytest.raises(RuleError, match=r"lines 1, 2 still wait"):
        phases.phase(s, dice(), to=2)
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("!A7 3TT")).state
    with pytest.raises(RuleError, match="line 2 is mid-way"):
        phases.phase(s, dice(), to=2)
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("5AA")).state
    assert apply(s, phases.phase, to=2).state["phase"] == 2


def test_a_standby_line_does_nothing_in_phase_1():
    pack = pack_of({"1AA": "!S1 1AB", "1AB": "1AC", "1AC": "/"}, {"S1": {"standby": True}})
    s = apply(ready_state(lines=("1AA",)), phases.turn, pack=pack, standby=["1"]).state
    assert s["lines"]["1"]["standby"] == "S1"
    s = apply(s, phases.turn, pack=pack).state
    assert s["lines"]["1"] == {"coords": ["1AA"], "vars": {}, "standby": "S1"}
    s = apply(s, phases.turn, pack=pack, activate=["1"]).state
    assert s["lines"]["1"]["coords"] == ["1AA", "1AB", "1AC"]


def test_decisions_are_taken_in_order_and_unused_ones_refused():
    pack = pack_of({"1AA": "!D1 1AB 1AC", "1AB": "2AA", "1AC": "2AB", "2AA": "/", "2AB": "/",
                    "1BA": "!D2 1BB 1BC", "1BB": "2BB", "1BC": "2BC", "2BB": "/", "2BC": "/"})
    out = apply(ready_state(lines=("1AA", "1BA")), phases.turn, pack=pack, choices=["B", "A"])
    assert out.state["lines"]["1"]["coords"][-1] == "2AB" and out.state["lines"]["2"]["coords"][-1] == "2BB"
    with pytest.raises(InputError, match="unused A"):
        phases.turn(ready_state(lines=("1AA", "1BA")), dice(), pack=pack, choices=["B", "A", "A"])


def test_two_lines_influence_each_other_through_the_interlink():
    pack = demo_pack()
    s = ready_state(lines=("1AA", "1AF"))
    s = apply(s, phases.turn, pack=pack).state
    s = apply(s, phases.turn, 5, pack=pack).state            # line 2's %12 rolls 5: the choir does not hear
    out = apply(s, phases.turn, pack=pack, choices=["A", "B"])    # line 1 opens the vault: K = 1 ...
    assert out.state["interlink"]["K"] == 1
    assert out.data["lines"]["2"]["trail"][0] == "3AA K=1 3AB 3AC: true → 3AB"   # ... which line 2 reads


def test_leader_is_kept_between_lines_and_named_in_events():
    s = set_up(with_crew(new_state(lines=("1AA",)), "Ray", "Mila"))
    out = apply(s, phases.turn, pack=demo_pack(), leader="Mila")
    assert out.state["leader"] == "Mila" and any("(Mila leads)" in ln for ln in out.lines)


def test_phases_go_in_order():
    s = in_turn(new_state(lines=()), 3)
    with pytest.raises(RuleError, match="phases go in order"):
        phases.phase(s, dice(), to=2)
    with pytest.raises(RuleError, match="first has not begun"):
        phases.phase(new_state(), dice(), to=2)


def test_phase_2_repairs_damaged_systems():
    s = with_ship(with_crew(new_state(lines=()), "Ray"), "Laser")
    s = apply(s, ship.ship_system, label="Laser", action="damage").state
    s = apply(s, phases.turn).state
    out = apply(s, phases.phase, to=2)
    assert "damaged" not in out.state["ship"]["systems"]["Laser"] and "repaired Laser" in out.summary


def test_recovery_heals_3_plus_med_bays_sets_unconscious_and_refills_oxygen_once_a_phase():
    s = with_ship(with_crew(new_state(lines=()), "Ray", "Mila"), "Med Bay", "Advanced Med Bay")
    s = apply(s, crew.crew_hp, name="Ray", delta=-7).state       # 8 → 1
    s = apply(s, crew.crew_hp, name="Mila", delta=-10).state     # 8 → -2: unconscious
    s = apply(s, resources.oxygen, delta=-20).state
    s = in_turn(s, 5)
    out = apply(s, phases.recover, cat=CAT)
    assert out.data["heal"] == 9
    assert out.state["crew"]["Ray"]["hp"] == 8 and out.state["crew"]["Mila"]["hp"] == 8
    assert out.state["crew"]["Mila"]["status"] == "active" and out.state["oxygen"] == 25
    with pytest.raises(RuleError, match="at the end of Phase 5 already"):
        phases.recover(out.state, dice(), cat=CAT)


def test_a_damaged_med_bay_does_not_heal():
    s = with_ship(with_crew(new_state(lines=()), "Ray"), "Med Bay")
    s = apply(s, ship.ship_system, label="Med Bay", action="damage").state
    s = apply(s, phases.turn).state
    # Phase 1 (Phase 2 would repair the Med Bay): a Recovery there follows an exploration played by hand
    assert apply(s, phases.recover, cat=CAT, after=True).data["heal"] == 3


def test_recovery_only_at_the_end_of_phases_1_3_and_5():
    s = in_turn(with_crew(new_state(lines=()), "Ray"), 2)
    with pytest.raises(RuleError, match="Phases 1, 3 and 5"):
        phases.recover(s, dice(), cat=CAT)


def test_a_turn_recovers_after_phase_1s_event_combat_and_again_after_phase_3s_exploration():
    """Ch. 5 Phase R: "Check this at the end of phases 1, 3 and 5: If an Event in Phase 1
    triggers a Dungeon Exploration or a Ground Combat you may also Recover after it. If you
    returned to your Ship after a Dungeon Exploration during Phase 3 you may Recover. If you
    did not trigger a Recovery phase during the entire turn, you are allowed to trigger it
    after the QUEST TIMER in Phase 5"."""
    s = exploring(phase=1)                                    # Phase 1: an event's exploration
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s = apply(s, phases.recover, cat=CAT).state
    assert s["recoveries"] == [1]
    with pytest.raises(RuleError, match="at the end of Phase 1 already"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, phases.phase, to=3).state
    s = apply(s, maps.dungeon_enter, slot="1").state          # Phase 3's free action
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s = apply(s, phases.recover, cat=CAT).state               # a second Recovery this turn
    assert s["recoveries"] == [1, 3] and s["recovered"]
    s = apply(s, phases.phase, to=5).state
    with pytest.raises(RuleError, match="Phase 5's Recovery is for a turn that had none"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, phases.turn).state
    assert "recoveries" not in s and not s["recovered"]
    assert apply(apply(s, phases.phase, to=5).state, phases.recover, cat=CAT).state["recoveries"] == [5]


def test_phase_3_is_one_choice_a_flight_or_a_line():
    """Ch. 5 Phase 3: "Choose ONE of the following"; ch. 8: "Initiate a space flight to
    potentially discover and land at a new Location". After the flight the crew explores the
    Location it found and no other, and no story line is activated; after a line, no flight."""
    s = apply(ship_state(), starmap.location_add, type="Mine", difficulty=1, ao="NO", ai="YES", depth=4,
              teleport=0, species="Grey", maps=[1, 2, 3, 4]).state              # MAP1, known before the turn
    s["lines"]["1"] = {"coords": ["2HA"], "vars": {}}
    s = apply(s, flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True).state   # avoided: arrived
    with pytest.raises(RuleError, match="this turn's was a space flight: no story line is activated after it"):
        story_lines.step(s, dice(), line="1", cell=cells.parse_cell("4MB"))
    s = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Grey", maps=[5, 6, 7, 8]).state                         # MAP2: the flight's find
    assert s["found"] == "2"
    with pytest.raises(RuleError, match=r"the crew lands on the Location it found \(MAP2\), not on MAP1"):
        maps.dungeon_enter(s, dice(), slot="1")
    assert apply(s, maps.dungeon_enter, slot="2").state["dungeon"]["location"] == "2"
    lined = ship_state()
    lined["lines"]["1"] = {"coords": ["2HA"], "vars": {}}
    lined = apply(lined, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    with pytest.raises(RuleError, match="already taken: a story line activated again"):
        flight.flight(lined, dice(6), difficulty=1, cat=CAT, table=TABLE, avoid=True)


def test_phase_3_is_one_free_action():
    """Ch. 5 Phase 3. FREE ACTION: "Choose ONE of the following: Initiate Space Flight, ...
    Start a Dungeon Exploration at an already discovered Location, ... Select a Story Line to
    activate it again, ... Visit a grade 5 Shop, ... Skip this phase"."""
    s = exploring(phase=3)                                        # the free action: a known Location
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    with pytest.raises(RuleError, match="ONE free action.*a visit to a known Location, made already"):
        maps.dungeon_enter(s, dice(), slot="1")
    with pytest.raises(RuleError, match="already taken"):
        phases.free_action(s, dice(), kind="shop")
    s = apply(apply(apply(s, phases.phase, to=5).state, phases.turn).state, phases.phase, to=3).state
    s = apply(s, phases.free_action, kind="shop").state           # a grade 5 Shop ...
    with pytest.raises(RuleError, match="ONE free action, and this turn's was a visit to a grade 5 Shop"):
        maps.dungeon_enter(s, dice(), slot="1")                   # ... and no exploration besides


def test_phase_1s_recovery_comes_at_its_end():
    """Ch. 5 Phase R: "Check this at the end of phases 1, 3 and 5": not while lines still
    wait to be activated."""
    s = exploring(phase=1)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s["lines"]["2"] = {"coords": ["1AB"], "vars": {}}                     # line 2 still waits
    with pytest.raises(RuleError, match="at the end of Phase 1, and line 2 still waits"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("9ZZ")).state
    assert apply(s, phases.recover, cat=CAT).state["recoveries"] == [1]


def test_recovery_after_phase_3_only_after_a_dungeon_exploration():
    s = explorer()
    s["oxygen"] = 10
    with pytest.raises(RuleError, match="not during it"):
        phases.recover(s, dice(), cat=CAT)
    back = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    assert back["returned"] == [3]
    assert apply(back, phases.recover, cat=CAT).state["oxygen"] == 25
    s2 = apply(apply(set_up(with_crew(new_state(lines=()), "Ann")), phases.turn).state, phases.phase, to=3).state
    with pytest.raises(RuleError, match="there was none"):
        phases.recover(s2, dice(), cat=CAT)
    assert apply(s2, phases.recover, cat=CAT, after=True).state["recovered"]


def test_recovery_after_phase_1_follows_an_events_ground_combat():
    s = apply(set_up(with_crew(new_state(lines=()), "Ann")), phases.turn).state
    with pytest.raises(RuleError, match="there was none"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, spawn.ground_start, 1, 6, level=1).state
    s = apply(s, loop.ground_end, result="won").state
    assert s["returned"] == [1] and apply(s, phases.recover, cat=CAT).state["recovered"]
    assert "returned" not in apply(apply(s, phases.phase, to=5).state, phases.turn).state


def test_the_turn_phases_and_recovery_wait_for_the_combat():
    s = in_combat()
    with pytest.raises(RuleError, match="Space Combat is going on"):
        phases.turn(s, dice())
    with pytest.raises(RuleError, match="Space Combat is going on"):
        phases.phase(s, dice(), to=4)
    with pytest.raises(RuleError, match="not during it"):
        phases.recover(s, dice(), cat=CAT)
    out = apply(ship_state(), flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True)
    with pytest.raises(RuleError, match="not generated yet"):
        phases.phase(out.state, dice(), to=4)
    assert "flight" not in apply(out.state, flight.flight_end).state
