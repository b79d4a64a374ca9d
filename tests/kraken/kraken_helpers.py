"""Space Kraken test helpers: states, dice, packs (imported by the kraken tests)."""

from __future__ import annotations

import copy
import json
import tomllib
import types

from journal import templates
from journal.dice import Dice
from journal.games.kraken import (
    catalogue,
    cgm,
    crew,
    equipment,
    phases,
    quests,
    ship,
    starmap,
    start,
    story_lines,
)
from journal.games.kraken.cgm import cells as cells_rules, packs
from journal.games.kraken.dungeon import maps, maps as maps_rules
from journal.games.kraken.ground_combat import actions, loop, profiles, spawn
from journal.games.kraken.model import flight_table, ground
from journal.games.kraken.schema import validate
from journal.games.kraken.space_combat import page

DEMO_PACK = templates.path("kraken", "demo-pack.toml")
CAT = catalogue.load()
ATTRS = {"agility": 3, "strength": 4, "tech": 3, "charisma": 2, "ranged": 2, "melee": 2}


def dice(*entered, seed: int = 7) -> Dice:
    """Physical dice first (as --roll), then the seeded generator."""
    return Dice(seed, 0, entered)


def pack_of(cells: dict, events: dict | None = None, title: str = "Test sheets") -> dict:
    doc = {"pack": {"title": title}, "cells": cells, "events": events or {}}
    pack, problems = packs.parse_pack(doc, "test")
    assert not problems, problems
    return pack


def demo_pack() -> dict:
    with open(DEMO_PACK, "rb") as f:
        pack, problems = packs.parse_pack(tomllib.load(f), "demo")
    assert not problems
    return pack


def new_state(difficulty: str = "adventurer", lines=("1AA",), **kw) -> dict:
    return start.new(difficulty, list(lines), **kw).state


def apply(state: dict, fn, *entered, **params):
    """Run a rules function like the CLI does, checking purity and validity."""
    before = copy.deepcopy(state)
    d = dice(*entered)
    out = fn(state, d, **params)
    d.finish()
    assert state == before, "a rules function mutated its input"
    problems = validate(out.state)
    assert not problems, problems
    return out


def with_crew(state: dict, *names: str) -> dict:
    s = state
    for n in names:
        s = apply(s, crew.crew_add, name=n, attrs=dict(ATTRS)).state
    return s


def set_up(state: dict) -> dict:
    """The set-up complete (3.3, 3.7): a crew member (Ann) and a ship's hull if there are none."""
    s = state
    if not s["crew"]:
        s = with_crew(s, "Ann")
    if not s.get("ship"):
        s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    return s


def ready_state(difficulty: str = "adventurer", lines=("1AA",), **kw) -> dict:
    """A new campaign whose set-up is complete (`set_up`): `turn` may begin turn 1."""
    return set_up(new_state(difficulty, lines, **kw))


def in_turn(state: dict, phase: int = 1) -> dict:
    """Turn 1 begun (manual mode), in `phase`; lines stepped to a red coordinate if needed."""
    s = apply(set_up(state), phases.turn).state
    for slot in list(s["lines"]):
        if s["phase"] == 1 and slot in cgm.SLOTS and slot not in s["done"]:
            s = apply(s, story_lines.step, line=slot, cell=cells_rules.parse_cell("9ZZ")).state
    if phase > 1:
        s = apply(s, phases.phase, to=phase).state
    return s


def with_ship(s, *systems):
    s = copy.deepcopy(s)
    s["credits"] += 500
    s = apply(s, ship.ship_hull, name="Rust Petrel", price=40, sp=12, expansion_sp=4).state
    for name in systems:
        s = apply(s, ship.ship_buy, system=name, cat=CAT).state
    s["credits"] -= 500 - 40 - sum(catalogue.price(CAT, catalogue.find(CAT, n)) for n in systems)
    return s


WALK = {"2HA": "4MA", "2BC": "!A7 3TT", "3TT": "!B8 3FR 4BB", "3FR": "A>4 5AA 5AB", "4BB": "/",
        "5AA": "6AA", "5AB": "6AB", "4MA": "/"}


def walk_state(start):
    s = ready_state("simulation", lines=(start,))
    s["turn"], s["phase"] = 1, 3
    return s


def fight(crew=("Ann", "Ben"), level=3, boss=False, atmosphere="YES", difficulty="adventurer") -> dict:
    """A Ground Combat an event starts (reaction d6 1, second Primary d6 6, Minions d6 1)."""
    s = with_crew(new_state(difficulty, lines=()), *crew)
    return apply(s, spawn.ground_start, 1, 6, 1, level=level, boss=boss, atmosphere=atmosphere, map_no=1).state


def exploring(difficulty=2, crew=("Ann", "Ben"), maps_=(8, 3, 4, 5), depth=4, phase=3) -> dict:
    """Turn 1, Phase 3: the crew lands on map 1 of MAP1 (Overland, AO NO, AI YES)."""
    s = new_state(lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = apply(s, ship.ship_buy, system="Teleporter", cat=CAT, free=True).state
    s = with_crew(s, *crew)
    s = apply(s, starmap.location_add, type="Overland", difficulty=difficulty, ao="NO", ai="YES", depth=depth,
              teleport=2, species="Kraken", maps=list(maps_)).state
    s = apply(s, phases.turn).state
    if phase > 1:
        s = apply(s, phases.phase, to=phase).state
    return apply(s, maps.dungeon_enter, slot="1").state


HIRED = {"agility": 3, "strength": 4, "tech": 3, "charisma": 2, "ranged": 2, "melee": 3}   # 16 + 1 level point


def waits(s, *names):
    for n in names:
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    return s


def wearer(*items, crew=("Ann", "Ben"), strength=None) -> dict:
    """Ann (Strength 4: two hands and two backpack slots) carrying `items` as (slot, text)."""
    s = with_crew(new_state(lines=()), *crew)
    for slot, item in items:
        s = apply(s, equipment.crew_equip, name="Ann", slot=slot, item=item).state
    if strength is not None:
        s["crew"]["Ann"]["strength"] = strength
    return s


def gear(s, **kw):
    return apply(s, equipment.crew_gear, name="Ann", **kw)


def explorer(ao="NO", ai="YES", difficulty=2, depth=5, teleport=2, special=None, maps=(8, 3, 4, 5, 6),
             difficulty_level="adventurer", crew=("Ann", "Ben", "Cid")) -> dict:
    s = new_state(difficulty_level, lines=())
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=10).state
    s = apply(s, ship.ship_buy, system="Teleporter", cat=CAT, free=True).state
    s = with_crew(s, *crew)
    s = apply(s, starmap.location_add, type="Overland", difficulty=difficulty, ao=ao, ai=ai, depth=depth,
              teleport=teleport, species="Kraken", special=special, maps=list(maps)).state
    s = apply(s, phases.turn).state
    s = apply(s, phases.phase, to=3).state
    return apply(s, maps_rules.dungeon_enter, slot="1").state


def table() -> dict:
    rows, problems = flight_table.parse_table(templates.load("kraken", "flight-table.toml"))
    assert not problems
    return rows


TABLE = table()


def ship_state(systems=("Primary Shields", "Laser", "Laser", "Missile"), crew=("Ray", "Mila", "Dax"),
               phase: int = 3, credits: int = 500) -> dict:
    s = new_state("adventurer", lines=())
    s["credits"] = credits
    s = apply(s, ship.ship_hull, name="Petrel", price=0, sp=12).state
    for system in systems:
        s = apply(s, ship.ship_buy, system=system, cat=CAT, free=True).state
    s = with_crew(s, *crew)
    s = apply(s, phases.turn).state
    if phase > 1:
        s = apply(s, phases.phase, to=phase).state
    return s


def tech(s: dict, **values) -> dict:
    s = copy.deepcopy(s)
    for name, v in values.items():
        s["crew"][name]["tech"] = v
    return s


def in_combat(enemies=("Mine 3-0, 5, 0-0",), timeline=(), objectives=(), **kw) -> dict:
    s = ship_state(**kw)
    return apply(s, page.combat_start, cat=CAT, enemies=list(enemies), timeline=list(timeline),
                 objectives=list(objectives), xp=6, name="Test").state


def fighters(crew=("Ann", "Ben"), atmosphere="YES", level=3, boss=False, ambush=False) -> dict:
    s = new_state(lines=())
    s = with_crew(s, *crew)
    return apply(s, spawn.ground_start, *([] if ambush else [1]), 6, 1, level=level, atmosphere=atmosphere,
                 boss=boss, ambush=ambush, map_no=1).state if level > 1 else \
        apply(s, spawn.ground_start, 1, 6, level=level, atmosphere=atmosphere, map_no=1).state


def with_enemy(s, label="E1", **kw) -> dict:
    values = {"hp": 10, "armor": 1, "agility": 3}
    values.update(kw)
    return apply(s, profiles.ground_add, label=label, **values).state


def started(s, crew_roll=6, enemy_roll=1, **kw) -> dict:
    """Past the initiative (a lone wolf or an ambush rolls nothing)."""
    g = s["ground"]
    rolls = [] if g["ambush"] or len(ground.conscious(s, g)) == 1 else [crew_roll, enemy_roll]
    return apply(s, loop.ground_initiative, *rolls, **kw).state


def armed(s, name="Ann", spec="Rifle (3) 4+, 3 A5 RG") -> dict:
    return apply(s, equipment.crew_weapon, name=name, spec=spec).state


GAME = types.SimpleNamespace(ID="kraken", TITLE="Space Kraken")


ODD = 'Bo & "Zoë" <Ω>'


def full_state() -> dict:
    """Six lines (one on STANDBY, one running, one with a note), six locations, four crew."""
    s = new_state("adventurer", lines=("1AA", "3AB", "2HA", "2BC", "3XY", "4ZZ"))
    s["credits"] = 1000
    s = apply(s, ship.ship_hull, name="Rust Petrel & <Co>", price=40, sp=12, expansion_sp=4).state
    for system in ("HyperNavMemory", "Teleporter", "Med Bay", "Storage Expansion", "Primary Shields", "Laser", "Laser",
                   "Armor", "Hull expansion", "Ammo:Torpedo"):
        s = apply(s, ship.ship_buy, system=system, cat=CAT).state
    s = apply(s, ship.ship_system, label="Laser 2", action="damage").state
    for name in ("Ray", "Mila", ODD, "Dax Orr the Unusually Long-Named Mercenary"):
        s = apply(s, crew.crew_add, name=name, attrs=dict(ATTRS), traits=[("Tough", 2), ("Slow", -2)],
                  psi=name == "Mila").state
    for slot in ("L", "R", "1", "2", "3", "4"):
        s = apply(s, equipment.crew_equip, name="Ray", slot=slot, item=f"Very long item name number {slot} + mag").state
    s = apply(s, crew.crew_hp, name=ODD, delta=-8).state
    for i in range(6):
        s = apply(s, starmap.location_add, *([7] * (4 + i)), type="Mining Station" if i % 2 else "Space Station",
                  difficulty=1 + i % 5, ao="NO", ai="YES", depth=4 + i, teleport=2, species="Kraken",
                  special="one-way" if i == 1 else None, roll_maps=True, name="The Very Far Outpost" if i == 2 else None
                  ).state
        s = apply(s, starmap.location_clear, slot=str(i + 1), map_no=1).state
    for q in range(3):
        s = apply(s, quests.quest_add, name=f"Quest {q} <{ODD}>", urgent=q != 1, reward="20 Credits and a map",
                  penalty="Lose 10", penalty_credits=10).state
    s = apply(s, ship.storage, item="Welding device").state
    s = apply(s, ship.storage, item="Spare battery", expansion=True).state
    pack = demo_pack()
    s = apply(s, phases.turn, pack=pack, standby=["2"], skip="3").state   # lines 4-6 are missing from the pack
    s = apply(s, story_lines.line_note, line="1", text="A very long note about the beacon & its <vault>, twice").state
    return s


def adventure_states() -> dict:
    """A space combat mid-way, a dungeon with a ground combat, Treasure drops."""
    from journal.games.kraken.dungeon import hazards, maps, stations
    from journal.games.kraken.space_combat import fire, objectives, page as page_rules, timeline
    from journal.games.kraken import equipment
    from journal.games.kraken.ground_combat import loop, profiles, spawn

    s = full_state()
    s = apply(s, equipment.crew_weapon, name="Ray", spec="Laser gatling (2) 4+, 3x3 A10 RG G4").state
    s = apply(s, equipment.crew_gear, name="Ray", armor=2, shield="B:4/1").state
    space = apply(s, page_rules.combat_start, cat=CAT, enemies=["Mine 3-0, 5, 0-0", "Kraken Frigate 12-6, 6 HE, 5-2",
                                                         "Raider with a very long name 8-5, 4, 3-1"],
                  timeline=["-", "E", "A", "V"], objectives=["T7", "?9"], xp=8, name=ODD).state
    space = apply(space, timeline.combat_timeline, cat=CAT).state
    space = apply(space, objectives.combat_objective, 6, crew=["Ray"]).state
    space = apply(space, fire.combat_fire, 5, cat=CAT, weapons=[("Laser", 1)]).state
    ground = apply(s, maps.dungeon_enter, slot="1", map_no=2).state            # map 1 is cleared: teleport on
    ground = apply(ground, hazards.dungeon_bulkhead, 1, 1, tile="B2", crew="Ray", how="free").state
    ground = apply(ground, stations.dungeon_treasure, tile="T1").state
    ground = apply(ground, spawn.ground_start, 5, 6, 6, 2, tile="E2").state
    ground = apply(ground, profiles.ground_add, label="E1", name="Tunnel <Kraken>", hp=9, armor=1, agility=4,
                   shield="B:2/1", escape=2, treasure=3, xp=5, weak=["fire"], resist=["toxic"],
                   actions=["1: idle", "2-4: ML 4+, 3", "5-6: RG 4+, 2x2"]).state
    ground = apply(ground, profiles.ground_add, label="M1", hp=4, armor=0, agility=3, minion=True).state
    ground = apply(ground, loop.ground_initiative, 6, 1).state
    return {"space": space, "ground": ground}


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, (args, r.stderr)
    return json.loads(r.stdout)


def state(journal, name):
    return j(journal, "show", "-s", name)["state"]


HUGE = "9" * 5000


CREW = ("--agility", "3", "--strength", "4", "--tech", "3", "--charisma", "2", "--ranged", "2", "--melee", "2")


def cli_set_up(journal, name: str) -> None:
    """The set-up of campaign `name` completed by commands (3.3, 3.7): Ann, and a ship's hull."""
    journal("kraken", "crew", "add", "-s", name, "Ann", *CREW, ok=True)
    journal("kraken", "ship", "hull", "-s", name, "Petrel", "--price", "0", "--sp", "10", ok=True)
