"""journal/games/kraken/schema.py, `validate(state)`: a hand-edited save is checked against the
schema and the invariants (model/invariants.py), each problem naming its key."""

from __future__ import annotations

import pytest
from kraken.kraken_helpers import (
    apply,
    explorer,
    fighters,
    in_combat,
    new_state,
    wearer,
    with_crew,
    with_enemy,
    with_ship,
)

from journal.games.kraken import starmap
from journal.games.kraken.schema import validate


@pytest.mark.parametrize("edit, message", [
    (lambda s: s.update(credits=-1), "state.credits = -1 is below 0"),
    (lambda s: s.update(oxygen=31), "state.oxygen = 31 is above the maximum 25"),
    (lambda s: s["lines"].update({"7": {"coords": ["1AA"], "vars": {}}}), "state.lines.7: the name is not a line slot"),
    (lambda s: s["lines"]["1"].update(coords=["1AA"] * 8), "state.lines.1.coords has 8 items: at most 7"),
    (lambda s: s["lines"]["1"].update(coords=["3H"]), 'state.lines.1.coords[0] = "3H" is not a coordinate'),
    (lambda s: s["lines"]["1"]["vars"].update(K=1), "state.lines.1.vars.K: the name is not a line variable A-H"),
    (lambda s: s["interlink"].update(A=1), "state.interlink.A: the name is not an interlink variable I-Z"),
    (lambda s: s.update(difficulty="easy"), 'state.difficulty = "easy" is not one of'),
    (lambda s: s.update(phase=2), "state.phase = 2 with state.turn = 0"),
    (lambda s: s.update(mood="good"), "state.mood is not a known key"),
    (lambda s: s["crew"]["Ray"].update(hp=9), "state.crew.Ray.hp = 9 is above state.crew.Ray.hp_max = 8"),
    (lambda s: s["crew"]["Ray"].update(hp=0), 'state.crew.Ray.status = "active" but hp = 0'),
    (lambda s: s.update(leader="Zed"), 'state.leader = "Zed" is not a crew member'),
    (lambda s: s.pop("leader"), "state.leader is missing"),
    (lambda s: s["locations"].update({"3": s["locations"]["1"]}), "state.locations.3: slot 3 needs HyperNavMemory"),
    (lambda s: s["quests"].update(Q={"urgent": True, "activated": False}), "state.quests.Q.ticks is missing"),
    (lambda s: s.update(savepoint={"id": 1, "turn": 9, "at": "x"}), "state.savepoint.turn = 9 is after"),
])
def test_validate_names_the_key_of_every_hand_edit_mistake(edit, message):
    s = with_crew(new_state(lines=("1AA",)), "Ray")
    s = apply(s, starmap.location_add, type="Mine", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Lost").state
    edit(s)
    problems = validate(s)
    assert any(message in p for p in problems), problems


def test_validate_checks_ship_systems_against_the_catalogue():
    s = with_ship(new_state(), "Laser")
    s["ship"]["systems"]["Phaser"] = {"system": "Phaser"}
    assert any('state.ship.systems.Phaser.system = "Phaser" is not in the catalogue' in p for p in validate(s))


def test_hand_edited_captives_are_checked():
    s = with_crew(new_state(lines=()), "Ann")
    s["captives"] = {"X": {"name": "X", "level": 2, "carrier": "Zed"}}
    assert any('state.captives.X.carrier = "Zed" is not a crew member' in p for p in validate(s))


def test_hand_edited_returned_phases_are_checked():
    s = new_state(lines=())
    s["returned"] = [1]
    assert any("state.returned belongs to a turn" in p for p in validate(s))


@pytest.mark.parametrize("edit, problem", [
    (lambda m: m.update(jacket={"name": "Vest", "armor": 9}), "state.crew.Ann.jacket.armor = 9 is outside 1..8"),
    (lambda m: m.update(helmet={"name": " ", "armor": 1}), "state.crew.Ann.helmet.name is empty"),
    (lambda m: m.update(helmet=2), "state.crew.Ann.helmet"),
    (lambda m: m.update(helmet={"name": "Helmet", "armor": 1, "class": "B"}),
     "state.crew.Ann.helmet.class is not a known key"),
    (lambda m: m.update(physical_shield={"name": "Riot shield"}), "state.crew.Ann.physical_shield.armor"),
])
def test_validate_names_the_armor_keys(edit, problem):
    s = wearer(("L", "Riot shield"))
    edit(s["crew"]["Ann"])
    assert any(p.startswith(problem) for p in validate(s)), validate(s)


def test_every_dungeon_state_validates():
    s = explorer()
    assert validate(s) == []
    s["dungeon"]["map"] = 9
    assert any("deeper" in p for p in validate(s))


@pytest.mark.parametrize("edit, message", [
    (lambda c: c["ship"].update(sp=99), "state.combat.ship.sp = 99 is above state.combat.ship.sp_max = 12"),
    (lambda c: c["enemies"][0].update(shield=9), "state.combat.enemies[0].shield = 9 is above its shield_max = 0"),
    (lambda c: c.update(crossed=5), "state.combat.crossed = 5 is above the 0 timeline cells"),
    (lambda c: c["used"].update(Zed="pilot"), 'state.combat.used names "Zed", who is not a crew member'),
    (lambda c: c["ammo"].update(Railgun=2), 'state.combat.ammo names "Railgun", which is not a ship system'),
    (lambda c: c.update(step="lunch"), "state.combat.step"),
    (lambda c: c.update(timeline=["Q"]), "state.combat.timeline[0]"),
])
def test_hand_edited_combat_pages_are_checked(edit, message):
    s = in_combat()
    edit(s["combat"])
    assert any(message in p for p in validate(s)), validate(s)


@pytest.mark.parametrize("edit, message", [
    (lambda s: s["ground"]["enemies"]["E1"].update(hp=99), "state.ground.enemies.E1.hp = 99 is above its hp_max"),
    (lambda s: s["ground"].update(crew=["Zed"]), 'state.ground.crew names "Zed"'),
    (lambda s: s["crew"]["Ann"].update(weapons={"Gun": {"spec": "Gun four"}}), "state.crew.Ann.weapons.Gun.spec"),
    (lambda s: s["crew"]["Ann"].update(weapons={"Gun": {"spec": "Gun 4+, 2 RG A3", "ammo": 7}}),
     "state.crew.Ann.weapons.Gun.ammo = 7 is above its capacity 3"),
    (lambda s: s["crew"]["Ann"].update(armor=9), "state.crew.Ann.armor = 9 is outside 0..8"),
    (lambda s: s.update(loot=[{"grade": 7, "from": "x"}]), "state.loot[0].grade = 7 is outside 1..6"),
])
def test_hand_edited_ground_combats_are_checked(edit, message):
    s = with_enemy(fighters())
    edit(s)
    assert any(message in p for p in validate(s)), validate(s)
