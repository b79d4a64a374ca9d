"""journal/games/kraken/saving.py: 3.2 Saving and loading (rules note K8): save points, clone
stations, reloading a save point."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import apply, dice, explorer, exploring, new_state, ready_state

from journal.errors import RuleError
from journal.games.kraken import crew, phases, saving, story_lines
from journal.games.kraken.cgm import cells
from journal.games.kraken.dungeon import maps, stations


def _at_a_clone_station(difficulty: str) -> dict:
    return explorer(difficulty_level=difficulty, ao="YES")


def test_simulation_saves_at_the_start_of_a_turn_only():
    s = ready_state("simulation", lines=("1AA",))
    out = apply(s, saving.savepoint)
    assert out.state["savepoint"] == {"id": 1, "turn": 0, "at": "before turn 1"}
    assert out.meta["savepoint"] == 1 and out.meta["snapshot"] == out.state
    s = apply(out.state, phases.turn).state
    apply(s, saving.savepoint)
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("4MB")).state
    with pytest.raises(RuleError, match="start of a turn"):
        saving.savepoint(s, dice())
    turned = apply(s, phases.turn, savepoint=True)
    assert turned.meta["snapshot"]["turn"] == 2 and turned.meta["snapshot"]["done"] == []


def test_adventurer_saves_only_at_clone_stations_and_real_life_never():
    with pytest.raises(RuleError, match="only at clone stations"):
        saving.savepoint(new_state("adventurer"), dice())
    out = apply(_at_a_clone_station("adventurer"), saving.clone_station, tile="C")
    assert out.state["savepoint"]["at"] == "clone station C, MAP1 map 1"
    for d in ("real-life", "hardcore"):
        healed = apply(_at_a_clone_station(d), saving.clone_station, tile="C")
        assert "savepoint" not in healed.state and "snapshot" not in healed.meta
        with pytest.raises(RuleError, match="no save points"):
            saving.savepoint(new_state(d), dice())


def test_clone_station_heals_4_hp_each():
    s = apply(_at_a_clone_station("real-life"), crew.crew_hp, name="Ann", delta=-6).state
    assert apply(s, saving.clone_station, tile="C").state["crew"]["Ann"]["hp"] == 6


def test_reload_restores_the_save_point_state():
    saved = apply(_at_a_clone_station("adventurer"), saving.clone_station, tile="C")
    later = apply(saved.state, maps.dungeon_leave, way="entrance")
    later = apply(later.state, crew.crew_hp, name="Ann", delta=-5)
    out = apply(later.state, saving.reload, snapshot=saved.meta["snapshot"], point=1)
    assert out.state == saved.state and out.meta == {"reload": 1}
    with pytest.raises(RuleError, match="no save-and-load"):
        saving.reload(new_state("hardcore"), dice(), snapshot={}, point=0)


def test_a_clone_station_heals_once_per_station_and_exploration_and_saves_at_each_activation():
    """Ch. 13 Clone station (l.997): "Here you can Save Your Game if you are playing your campaign at
    the 'Just a Simulation' or 'Adventurer' difficulty Levels. In any difficulty Level it is
    also able to heal each Crew Member 4 HP a single time per Clone Station and per Dungeon
    Exploration": the once is the healing's; every activation saves (issue 29 §5)."""
    s = exploring()
    s["crew"]["Ann"]["hp"] = 2
    first = apply(s, saving.clone_station, tile="C")
    assert first.state["crew"]["Ann"]["hp"] == 6 and first.state["savepoint"]["id"] == 1
    s = first.state
    s["crew"]["Ann"]["hp"] = 2
    again = apply(s, saving.clone_station, tile="C")                    # the same station, the same exploration
    assert again.state["crew"]["Ann"]["hp"] == 2 and again.state["savepoint"]["id"] == 2
    assert again.meta["savepoint"] == 2 and again.meta["snapshot"] == again.state
    assert "healed you already" in "\n".join(again.lines) and "saved the game already" not in "\n".join(again.lines)
    other = apply(s, stations.dungeon_clone, tile="C2")                  # another station heals and saves
    assert other.state["crew"]["Ann"]["hp"] == 6 and other.state["savepoint"]["id"] == 2
    s = apply(apply(s, maps.dungeon_leave, way="entrance").state, phases.phase, to=5).state
    with pytest.raises(RuleError, match="a clone station is a map tile"):
        saving.clone_station(s, dice(), tile="C")                        # Phase 5, no station


def test_turn_savepoint_is_just_a_simulation_s_only():
    """3.2 (l.174): Adventurer: "You can save and load your game at any clone station" (rules
    note K8), not at the beginning of each turn as Just a Simulation does (l.172): `turn
    --savepoint` is refused, the state untouched (issue 29 §1)."""
    s = ready_state("adventurer", lines=("1AA",))
    with pytest.raises(RuleError, match="Adventurer saves only at clone stations"):
        phases.turn(s, dice(), savepoint=True)
    for d in ("real-life", "hardcore"):
        with pytest.raises(RuleError, match="no save points"):
            phases.turn(ready_state(d, lines=("1AA",)), dice(), savepoint=True)
    assert "savepoint" not in apply(s, phases.turn).state


def test_an_older_save_that_marked_a_station_saved_still_loads_and_saves_again():
    """Issue 29 §17: a save written when a clone station saved once per exploration (its
    resolved key "…:clone-save") stays valid, and the station saves at its next activation."""
    from journal.games.kraken.schema import validate

    s = exploring()
    s["dungeon"]["resolved"] = ["1:C:clone", "1:C:clone-save"]
    s["savepoint"] = {"id": 1, "turn": 1, "at": "clone station C, MAP1 map 1"}
    assert validate(s) == []
    out = apply(s, saving.clone_station, tile="C")
    assert out.state["savepoint"]["id"] == 2 and out.meta["snapshot"] == out.state
