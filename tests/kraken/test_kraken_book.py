"""What a careful reading of the Space Kraken rulebook still found (issue 11): each test
quotes the sentence it holds the rules to."""

from __future__ import annotations

import pytest
from kraken_helpers import CAT, apply, dice, new_state, with_crew

from journal.errors import NeedChoice, RuleError
from journal.games.kraken import crew as crew_rules, equipment, flight, phases, saving, ship, starmap, story_lines
from journal.games.kraken.cgm import cells
from journal.games.kraken.dungeon import elements, hazards, maps, shops, stations
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop, profiles, psi as psi_rules, spawn
from journal.games.kraken.model import ground
from journal.games.kraken.space_combat import enemy_fire, recharge


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


def enemy(s: dict, label="E1", **kw) -> dict:
    values = {"hp": 10, "armor": 1, "agility": 3}
    values.update(kw)
    return apply(s, profiles.ground_add, label=label, **values).state


def begun(s: dict, crew_roll=6, enemy_roll=1) -> dict:
    g = s["ground"]
    rolls = [] if len(ground.conscious(s, g)) == 1 else [crew_roll, enemy_roll]
    return apply(s, loop.ground_initiative, *rolls).state


# --- 1. Bosses never escape ------------------------------------------------------------------------------------


@pytest.mark.parametrize("minion", [False, True])
def test_bosses_never_escape_including_their_minions(minion):
    """Ch. 13 Boss: "Bosses never escape (including their Minions)"."""
    s = enemy(fight(boss=True), "B1", hp=10, escape=3, xp=5, minion=minion, actions=["1-6: idle"])
    s = begun(s)
    s["ground"]["enemies"]["B1"]["hp"] = 2
    for n in ("Ann", "Ben"):
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    out = apply(s, enemies.ground_enemy, 6, label="B1")                # the d6 6 is its action roll, not an escape
    assert out.state["ground"]["enemies"]["B1"]["status"] == "active"
    assert "escape" not in out.data and out.data["roll"] == 6
    assert "Bosses never escape (including their Minions)" in "\n".join(out.lines)


def test_an_enemy_that_is_no_boss_still_escapes():
    """Ch. 14: "If an Enemy's HP is at or below its escape value it will try to escape"."""
    s = begun(enemy(fight(), "E1", hp=10, escape=3, xp=5, actions=["1-6: idle"]))
    s["ground"]["enemies"]["E1"]["hp"] = 2
    for n in ("Ann", "Ben"):
        s = apply(s, actions.ground_simple, name=n, action="wait").state
    assert apply(s, enemies.ground_enemy, 6, label="E1").data["escape"] == 6


# --- 16. A member left behind in an escape ---------------------------------------------------------------------


def test_a_member_left_behind_in_an_escape_is_erased_with_all_they_carry():
    """Ch. 14 Escape: "Any sacrificed Crew Members are abandoned and you must erase their
    profiles, along with all Equipment they carry": one message, nothing to collect."""
    s = fight(crew=("Ann", "Ben"))
    s = apply(s, equipment.crew_equip, name="Ann", slot="L", item="Med kit").state
    s = begun(enemy(s, "E1", agility=5, actions=["1-6: idle"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state        # Ann acted: she is sacrificed
    out = apply(s, actions.ground_escape, 6)                                      # 6 + 3 + 3 ≥ 5
    text = "\n".join(out.lines)
    assert out.data["escaped"] and "Ann" not in out.state["crew"]
    assert "Ann is left behind: erase them and all they carry." in text
    assert "Collect" not in text and "Med kit" not in text


# --- 10. Strength raises HP ------------------------------------------------------------------------------------


def test_setting_strength_by_hand_changes_hp_max_as_at_creation():
    """Ch. 3.4: "if you increase Strength during play that Crew Member's HP will be increased
    as well, as it would when creating a Crew Member"; "A Crew Member's HP maximum is equal to
    twice their Strength Attribute, up to a limit of 14 max HP"."""
    s = with_crew(new_state(lines=()), "Ray")                                    # Strength 4: HP 8/8
    s["crew"]["Ray"]["hp"] = 5
    out = apply(s, crew_rules.crew_set, name="Ray", field="strength", value=6)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (12, 9)
    out = apply(out.state, crew_rules.crew_set, name="Ray", field="strength", value=9)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (14, 11)   # at most 14
    out = apply(out.state, crew_rules.crew_set, name="Ray", field="strength", value=3)
    assert (out.state["crew"]["Ray"]["hp_max"], out.state["crew"]["Ray"]["hp"]) == (6, 6)


# --- 9. Hardcore atmospheres in an event's combat ---------------------------------------------------------------


@pytest.mark.parametrize("given, counts", [("YES", "NO"), ("NO", "HELL"), ("HELL", "HELL")])
def test_hardcore_turns_an_event_combats_atmosphere_too(given, counts):
    """Ch. 3.2 Hardcore: "For the entirety of your campaign non-breathable environments are
    considered hell-conditions and breathable-conditions are considered as non-breathable"."""
    out_ = fight(atmosphere=given, difficulty="hardcore")
    assert out_["ground"]["atmosphere"] == counts
    assert fight(atmosphere=given, difficulty="real-life")["ground"]["atmosphere"] == given


# --- 12. E? is rolled on entering the combat ---------------------------------------------------------------------


@pytest.mark.parametrize("tile", ["E?", "B?"])
def test_an_enemys_random_value_is_not_rolled_before_the_combat(tile):
    """Ch. 13 '?' Random Numbers: "You are not allowed to determine the random number before
    entering the combat"."""
    s = exploring()
    with pytest.raises(RuleError, match="rolled as you enter the combat"):
        hazards.dungeon_value(s, dice(6), tile=tile)
    out = apply(s, spawn.ground_start, 6, 1, 6, 1, tile="E?")       # entering the combat rolls it: 6 ÷ 2 = 3
    assert out.state["ground"]["level"] == 2 + 3
    assert apply(s, hazards.dungeon_value, 5, tile="T?").data["value"] == 3   # any other '?' may be rolled now


# --- 6. PSI after the regular action -----------------------------------------------------------------------------


def test_a_psi_power_comes_after_the_members_regular_action():
    """Ch. 14 PSI POWERS: "During Ground Combat after taking their regular action, Crew
    Members with the PSI Trait may activate a single PSI Power"."""
    s = fight(crew=("Ann", "Ben"))
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=4).state
    s = begun(enemy(s, "E1", hp=9, actions=["1-6: idle"]))
    with pytest.raises(RuleError, match="after the member's regular action.*Ann has not acted yet"):
        psi_rules.ground_psi(s, dice(6), name="Ann", power="ATTACK")
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK")
    assert out.state["ground"]["enemies"]["E1"]["hp"] == 7


def test_a_lone_wolf_uses_psi_after_each_of_their_two_activations():
    """Ch. 4 'Lone Wolf': "They will have two activations per Ground Combat turn. If they have
    PSI Powers they can also use their PSI Powers twice per Ground Combat turn"."""
    s = fight(crew=("Ann",))
    s = apply(s, crew_rules.crew_set, name="Ann", field="psi", value=4).state
    s = begun(enemy(s, "E1", hp=9, actions=["1-6: idle"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK").state
    with pytest.raises(RuleError, match="not acted yet since their last PSI power"):
        psi_rules.ground_psi(s, dice(6), name="Ann", power="ATTACK")
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    assert apply(s, psi_rules.ground_psi, 6, name="Ann", power="ATTACK").state["ground"]["enemies"]["E1"]["hp"] == 5


# --- 2. A revived member waits for the next Ground Combat turn --------------------------------------------------


def test_a_member_healed_from_unconscious_acts_only_from_the_next_combat_turn():
    """Ch. 4: "Healed unconscious Crew Members are active again, but cannot take any actions
    before the next Ground Combat turn"."""
    s = begun(enemy(fight(crew=("Ann", "Ben", "Cid")), "E1", actions=["1-6: idle"]))
    s["crew"]["Ben"].update(hp=0, status="unconscious")
    out = apply(s, actions.ground_simple, name="Ann", action="item", item="Stimpack", heal=4, target="Ben")
    assert out.state["crew"]["Ben"]["status"] == "active"
    assert "no action before the next Ground Combat turn" in "\n".join(out.lines)
    s = out.state
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        attacks.ground_attack(s, dice(6), name="Ben", weapon=None, targets=["E1"])
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        actions.ground_simple(s, dice(), name="Ben", action="wait")
    s = apply(s, actions.ground_simple, name="Cid", action="wait").state     # the crew's part ends without Ben
    assert s["ground"]["step"] == "enemies"
    s = apply(s, enemies.ground_enemy, 1, label="E1").state
    s = apply(s, loop.ground_turn).state                                       # the next turn: Ben acts
    out = apply(s, attacks.ground_attack, 4, name="Ben", weapon=None, targets=["E1"])
    assert out.state["ground"]["acted"]["Ben"] == 1 and "revived" not in out.state["ground"]


def test_a_member_healed_by_hand_in_a_ground_combat_waits_too():
    """Ch. 4: "cannot take any actions before the next Ground Combat turn" (crew hp +N)."""
    s = begun(enemy(fight(crew=("Ann", "Ben")), "E1", actions=["1-6: idle"]))
    s["crew"]["Ben"].update(hp=0, status="unconscious")
    s = apply(s, crew_rules.crew_hp, name="Ben", delta=3).state
    assert s["ground"]["revived"] == ["Ben"]
    with pytest.raises(RuleError, match="healed from unconscious this turn"):
        actions.ground_simple(s, dice(), name="Ben", action="wait")


# --- 5. Recovery at the end of Phases 1, 3 and 5 ----------------------------------------------------------------


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
    journal("kraken", "turn", "-s", "old", ok=True)
    journal("kraken", "phase", "-s", "old", "5", ok=True)
    journal("kraken", "recover", "-s", "old", ok=True)
    path = journal.saves / "old.toml"
    text = path.read_text()
    assert "schema = 3" in text and journal.state("old")["recoveries"] == [5]
    path.write_text(text.replace("schema = 3", "schema = 2").replace("recoveries = [\n    5,\n]\n", ""))
    assert "recoveries" not in path.read_text()
    assert journal("check", "-s", "old").exit_code == 0
    assert journal.state("old")["recovered"] is True
    r = journal("kraken", "recover", "-s", "old")
    assert r.exit_code == 1 and "at the end of Phase 5 already" in r.stderr
    journal("kraken", "xp", "-s", "old", "+2", ok=True)
    assert "schema = 3" in path.read_text() and journal.state("old")["recoveries"] == [5]


# --- 3. Phase 3 is ONE free action -------------------------------------------------------------------------------


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


@pytest.mark.parametrize("phase", [2, 4, 5])
def test_no_dungeon_exploration_in_a_phase_that_has_none(phase):
    """Ch. 5: the exploration is Phase 3's free action (or an event's); Phases 2, 4 and 5
    have none."""
    s = exploring(phase=3)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s = apply(apply(apply(s, phases.phase, to=5).state, phases.turn).state, phases.phase, to=phase).state
    with pytest.raises(RuleError, match=f"Phase 3's free action .*this is Phase {phase}"):
        maps.dungeon_enter(s, dice(), slot="1")


def test_an_event_may_start_an_exploration_in_phase_1_or_in_phase_3s_line():
    """Ch. 6: "If a Dungeon Exploration or combat loop is triggered by an Event, it is handled
    the same way as when you ... visited a previously discovered Location again"."""
    s = exploring(phase=1)                                        # Phase 1: an event's exploration
    assert "free_action" not in s
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s["lines"]["1"], s["done"] = {"coords": ["1AA"], "vars": {}}, ["1"]      # activated in Phase 1
    s = apply(s, phases.phase, to=3).state
    s = apply(s, story_lines.step, line="1", cell=cells.parse_cell("9ZZ")).state   # the line again: the free action
    assert s["free_action"] == "line"
    assert apply(s, maps.dungeon_enter, slot="1").state["dungeon"]   # its event's exploration


def test_one_space_flight_a_turn_then_its_landing():
    """Ch. 8: "You may take one of the following 4 options": one flight, then the Dungeon
    Exploration at the Location it found ("after successfully landing ... you start 'DUNGEON
    EXPLORATION'"), and no second one."""
    from test_kraken_flight import TABLE, ship_state

    s = apply(ship_state(), phases.free_action, kind="flight").state       # declared, then flown
    s = apply(s, flight.flight, 6, difficulty=1, cat=CAT, table=TABLE, avoid=True).state
    s = apply(s, flight.flight_end).state
    with pytest.raises(RuleError, match="flown already"):
        flight.flight(s, dice(6), difficulty=1, cat=CAT, table=TABLE, avoid=True)
    s = apply(s, starmap.location_add, type="Overland", difficulty=1, ao="YES", ai="YES", depth=4, teleport=0,
              species="Grey", maps=[1, 2, 3, 4]).state
    s = apply(s, maps.dungeon_enter, slot="1").state                       # landing after the flight
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    with pytest.raises(RuleError, match="a space flight to a new Location, made already"):
        maps.dungeon_enter(s, dice(), slot="1")


# --- 4, 11, 14. Buying ships and systems, hiring, the grade 5 Shop ----------------------------------------------

HIRED = {"agility": 3, "strength": 4, "tech": 3, "charisma": 2, "ranged": 2, "melee": 3}   # 16 + 1 level point


def test_systems_are_bought_in_phase_2_or_at_a_shop_never_in_a_space_combat():
    """Ch. 5 Phase 2: "If you have enough Credits available you may use them to purchase Ships
    or add new Systems to your current Ship. Note: You can also buy Ships and Ship upgrades at
    a Shop during Dungeon Exploration"."""
    from test_kraken_flight import in_combat, ship_state

    with pytest.raises(RuleError, match="bought in Phase 2 .* or at a Shop, and this is a Space Combat"):
        ship.ship_buy(in_combat(), dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="and this is Phase 3"):
        ship.ship_buy(ship_state(phase=3), dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="and this is Phase 3"):
        ship.ship_hull(ship_state(phase=3), dice(), name="Gull", price=30, sp=10)
    assert "Laser 3" in apply(ship_state(phase=2), ship.ship_buy, system="Laser", cat=CAT).state["ship"]["systems"]
    assert apply(in_combat(), ship.ship_buy, system="Laser", cat=CAT, free=True).data["price"] == 5   # an event's gift
    s = exploring()
    with pytest.raises(RuleError, match="a Dungeon Exploration away from a Shop"):
        ship.ship_buy(s, dice(), system="Laser", cat=CAT)
    s = apply(s, shops.dungeon_shop, tile="S2").state
    assert "Laser" in apply(s, ship.ship_buy, system="Laser", cat=CAT).state["ship"]["systems"]
    s = apply(s, maps.dungeon_move, to="outside").state                # off the Shop's tile
    with pytest.raises(RuleError, match="away from a Shop"):
        ship.ship_buy(s, dice(), system="Laser", cat=CAT)
    with pytest.raises(RuleError, match="not at a shop or ammo dealer"):
        shops.dungeon_buy(s, dice(), item="Rifle", grade=2, prices={})


def test_crew_members_are_hired_at_a_shop_up_to_its_grade():
    """Ch. 13 Shops: "You can buy a new Crew Member of a Level up to the Shop's grade. The cost
    of the Crew Member is 10 Credits for each Level they have"."""
    s = exploring()
    with pytest.raises(RuleError, match="hired at a Shop"):
        crew_rules.crew_add(s, dice(), name="Zed", attrs=dict(HIRED), level=2, hire=True)
    s = apply(s, shops.dungeon_shop, tile="S2").state                  # S2: grade 2
    with pytest.raises(RuleError, match="up to level 2"):
        crew_rules.crew_add(s, dice(), name="Zed", attrs=dict(HIRED, melee=4), level=3, hire=True)
    out = apply(s, crew_rules.crew_add, name="Zed", attrs=dict(HIRED), level=2, hire=True)
    assert out.state["credits"] == s["credits"] - 20 and out.state["crew"]["Zed"]["level"] == 2


def test_the_grade_5_shop_of_phase_3_sells_as_a_dungeons_shop():
    """Ch. 5 Phase 3: "Visit a grade 5 Shop"; ch. 13 Shops: "Rare Equipment can also be bought
    at Shops, which is Equipment with one grade above the Shop's Level. But the price gets
    doubled"."""
    from test_kraken_flight import ship_state

    s = apply(ship_state(phase=3), phases.free_action, kind="shop").state
    assert s["shop"] == {"grade": 5, "by": "phase 3"}
    out = apply(s, shops.dungeon_buy, item="Railgun", grade=5, prices={5: 60})
    assert out.data["cost"] == 60
    with pytest.raises(RuleError, match="up to grade 5"):
        shops.dungeon_buy(s, dice(), item="Plasma cannon", grade=6, prices={6: 100})
    assert apply(s, shops.dungeon_buy, item="Plasma cannon", grade=6, prices={6: 100}, rare=True).data["cost"] == 200
    assert apply(s, shops.dungeon_sell, item="Helmet", value=5).data["gain"] == 3
    assert apply(s, ship.ship_buy, system="Laser", cat=CAT).data["price"] == 5
    assert apply(s, crew_rules.crew_add, name="Zed", attrs=dict(HIRED), level=2, hire=True).state["crew"]["Zed"]
    s = apply(s, phases.phase, to=4).state                               # the Shop is left as Phase 3 ends
    assert "shop" not in s
    with pytest.raises(RuleError, match="not at a shop"):
        shops.dungeon_buy(s, dice(), item="Railgun", grade=5, prices={5: 60})


def test_an_events_shop_offers_the_same_service():
    """Ch. 6: "In some Events you will find Shops, Ammo dealers, Gamblers and Modders which
    offer you the same service as when you find them during Dungeon Exploration"."""
    from test_kraken_flight import ship_state

    s = apply(ship_state(phase=1), shops.event_shop, grade=3).state
    assert apply(s, shops.dungeon_buy, item="Rifle", grade=3, prices={}).data["cost"] == 12
    assert apply(s, ship.ship_buy, system="Laser", cat=CAT).data["price"] == 5
    assert "shop" not in apply(s, phases.phase, to=2).state


# --- 8. Clone stations -------------------------------------------------------------------------------------------


def test_a_clone_station_heals_and_saves_once_per_station_and_exploration_and_only_there():
    """Ch. 13 Clone station: "Here you can Save Your Game if you are playing your campaign at
    the 'Just a Simulation' or 'Adventurer' difficulty Levels. In any difficulty Level it is
    also able to heal each Crew Member 4 HP a single time per Clone Station and per Dungeon
    Exploration"."""
    s = exploring()
    s["crew"]["Ann"]["hp"] = 2
    first = apply(s, saving.clone_station, tile="C")
    assert first.state["crew"]["Ann"]["hp"] == 6 and first.state["savepoint"]["id"] == 1
    s = first.state
    s["crew"]["Ann"]["hp"] = 2
    again = apply(s, saving.clone_station, tile="C")                    # the same station, the same exploration
    assert again.state["crew"]["Ann"]["hp"] == 2 and again.state["savepoint"]["id"] == 1 and not again.meta
    assert "healed you already" in "\n".join(again.lines) and "saved the game already" in "\n".join(again.lines)
    other = apply(s, stations.dungeon_clone, tile="C2")                  # another station heals and saves
    assert other.state["crew"]["Ann"]["hp"] == 6 and other.state["savepoint"]["id"] == 2
    s = apply(apply(s, maps.dungeon_leave, way="entrance").state, phases.phase, to=5).state
    with pytest.raises(RuleError, match="a clone station is a map tile"):
        saving.clone_station(s, dice(), tile="C")                        # Phase 5, no station


# --- 13. Safety Bulkheads -----------------------------------------------------------------------------------------


def test_safety_bulkheads_stay_shut_while_the_boss_of_their_map_lives():
    """Ch. 13 Boss: "you must eliminate a Boss in order to open all Safety Bulkheads on the
    current Map"; Safety Bulkhead: "These elements function as normal doors if there are no
    Bosses present. Otherwise they are completely impassable. They are airtight in either
    case"."""
    s = exploring()
    assert "no Boss lives" in "\n".join(apply(s, elements.dungeon_tile, tile="SB", what="safety-bulkhead",
                                              how="free").lines)
    s = apply(s, elements.dungeon_element, tile="B1", what="boss").state
    assert s["dungeon"]["bosses"] == ["1:B1"]
    with pytest.raises(RuleError, match="Safety Bulkhead SB is impassable while the Boss B1 of map 1 lives"):
        elements.dungeon_tile(s, dice(), tile="SB", what="safety-bulkhead", how="free")
    s = apply(s, spawn.ground_start, 1, 6, 1, tile="B1").state
    s = apply(s, loop.ground_end, result="escaped").state                # escaping leaves the Boss alive
    with pytest.raises(RuleError, match="impassable"):
        elements.dungeon_tile(s, dice(), tile="SB", what="safety-bulkhead", how="free")
    s = apply(s, spawn.ground_start, 1, 6, 1, tile="B1").state
    s = apply(s, loop.ground_end, result="won").state                    # the Boss is defeated
    assert apply(s, elements.dungeon_tile, tile="SB", what="safety-bulkhead", how="free").data["tile"] == "SB"


def test_entering_a_boss_tile_notes_the_boss_of_its_map():
    """Ch. 13: a Boss on the map keeps its Safety Bulkheads shut."""
    s = apply(exploring(), spawn.ground_start, 1, 6, 1, tile="B2").state
    assert s["dungeon"]["bosses"] == ["1:B2"]


# --- 15. A solved Location's Treasures ----------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty, reward, grades", [(3, "four", [4, 4, 4, 4]), (3, "two", [5, 5]),
                                                        (5, "four", [6, 6, 6, 6]), (5, "two", [6, 6])])
def test_solving_a_location_books_its_treasures(difficulty, reward, grades):
    """Ch. 13 SOLVING A LOCATION: "you will receive a reward of four Treasures with the
    Treasure grade of the Location's difficulty +1, or two Treasures with the grade of the
    Location's difficulty +2"; "The maximum Treasure grade is 6" (ch. 14)."""
    s = exploring(difficulty=difficulty)
    s["dungeon"]["map"] = 4                                              # the last map
    with pytest.raises(NeedChoice) as asked:
        maps.dungeon_exit(s, dice(), how="free")
    assert asked.value.option == "--reward" and asked.value.values == ["four", "two"]
    out = apply(s, maps.dungeon_exit, how="free", reward=reward)
    assert [x["grade"] for x in out.state["loot"]] == grades and out.state["xp"] == 4 * difficulty * 2
    assert all(x["from"] == "solving MAP1 (Overland)" for x in out.state["loot"])


# --- 7. Ship evasion after the hit -------------------------------------------------------------------------------


def evading_combat(systems=("Maneuver Engines", "Primary Shields", "Laser"), enemies=2) -> dict:
    from test_kraken_flight import in_combat, tech

    return tech(in_combat(systems=systems, enemies=["Mine 3-0, 5, 0-0"] * enemies), Ray=5, Mila=4)


def test_the_ship_evades_the_hit_it_chooses_after_seeing_it():
    """Ch. 10 (4) 1a) Evade: "After a successful Enemy hit, you may assign up to two unused
    Crew Members to pilot your Ship. Refer to their combined TECH Attribute, divide the total
    by 2, and add a d6 roll. If the result is 8+ you have avoided all damage"."""
    s = evading_combat()
    fired = apply(s, enemy_fire.combat_enemy_fire, 5, 6, 3, 1, cat=CAT)   # 5 on the Shield; 8 on SP, engines damaged
    c = fired.state["combat"]
    assert (c["ship"]["shield"], c["ship"]["sp"]) == (0, 4)
    assert fired.state["ship"]["systems"]["Maneuver Engines"]["damaged"]
    assert "journal kraken combat evade --crew NAME" in "\n".join(fired.lines)
    out = apply(fired.state, enemy_fire.combat_evade, 4, cat=CAT, crew=["Ray", "Mila"], enemy=2)   # 9 / 2 = 5 + 4
    c = out.state["combat"]
    assert out.data["evaded"] and (c["ship"]["shield"], c["ship"]["sp"]) == (0, 12)
    assert "damaged" not in out.state["ship"]["systems"]["Maneuver Engines"] and c["damaged_now"] == []
    assert c["used"] == {"Ray": "pilot", "Mila": "pilot"} and c["evaded"]
    with pytest.raises(RuleError, match="once per Space Combat turn"):
        enemy_fire.combat_evade(out.state, dice(6), cat=CAT, crew=["Dax"], enemy=1)


def test_a_failed_evasion_leaves_the_damage_and_uses_the_pilots():
    """Ch. 10 (4) 1a): "If the die shows a 1 during this evasion, the attempt will always
    fail. Mark Crew Members assigned to this task as used"; "once per Space Combat turn"."""
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state    # a hit, a miss
    with pytest.raises(RuleError, match="enemy 2 did not hit the ship in that fire"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"], enemy=2)
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 5, cat=CAT).state    # two hits of 5
    out = apply(s, enemy_fire.combat_evade, 1, cat=CAT, crew=["Ray", "Mila"])       # the last hit; a 1 fails
    assert not out.data["evaded"] and out.data["enemy"] == 2
    assert out.state["combat"]["ship"] == s["combat"]["ship"] and out.state["combat"]["used"] == {
        "Ray": "pilot", "Mila": "pilot"}


def test_an_evaded_hit_gives_back_the_system_it_destroyed():
    """Ch. 10 (4) 2: "If it gets damaged a second time, it is destroyed"; evaded, the hit did
    no damage: the system is back, damaged as it was, with its Ammo."""
    s = evading_combat(systems=("Maneuver Engines", "Laser", "Missile"), enemies=1)
    s["ship"]["systems"]["Missile"]["damaged"] = True                   # damaged in an earlier turn
    s["combat"]["ammo"]["Missile"] = 1
    fired = apply(s, enemy_fire.combat_enemy_fire, 6, 5, 2, cat=CAT)     # 8 SP; d6 5 a weapon, d20 2: the Missile
    assert "Missile" not in fired.state["ship"]["systems"]
    out = apply(fired.state, enemy_fire.combat_evade, 6, cat=CAT, crew=["Ray"])   # 5 / 2 = 3 + 6 = 9
    assert list(out.state["ship"]["systems"]) == list(s["ship"]["systems"])
    assert out.state["ship"]["systems"]["Missile"] == {"system": "Missile", "damaged": True}
    assert out.state["combat"]["ammo"]["Missile"] == 1 and out.state["combat"]["ship"]["sp"] == 12


def test_the_evasion_comes_right_after_the_enemy_fire():
    """Ch. 10 (4) 1a): "After a successful Enemy hit": not once the turn has moved on."""
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 5, 1, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    with pytest.raises(RuleError, match="right after the enemy fire"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"])
    s = apply(evading_combat(), enemy_fire.combat_enemy_fire, 1, 2, cat=CAT).state    # two misses
    with pytest.raises(RuleError, match="nothing to evade"):
        enemy_fire.combat_evade(s, dice(6), cat=CAT, crew=["Ray"])


def test_on_a_terminal_enemy_fire_asks_after_each_hit():
    """Ch. 10 (4) 1a): "After a successful Enemy hit, you may assign up to two unused Crew
    Members": asked hit by hit, the player evades the one they choose."""
    s = evading_combat()
    with pytest.raises(NeedChoice) as asked:
        enemy_fire.combat_enemy_fire(s, dice(5, 5), cat=CAT, ask_evade=True)
    assert asked.value.param == "evade_after" and "Ray+Mila" in asked.value.values and "no" in asked.value.values
    out = apply(s, enemy_fire.combat_enemy_fire, 5, 5, 4, cat=CAT, ask_evade=True, evade_after=["no", "Ray+Mila"])
    assert [x.get("evade", {}).get("evaded") for x in out.data["shots"]] == [None, True]
    assert out.state["combat"]["evaded"] and out.state["combat"]["ship"]["shield"] == 0    # the first hit's 5


def _cli_combat(camp, *crew):
    for name in crew:
        camp("kraken", "crew", "add", "-s", "sk", name, "--agility", "3", "--strength", "4", "--tech", "5",
             "--charisma", "1", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "0", "--sp", "12", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Maneuver Engines", "--free", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Laser", "--free", ok=True)
    camp("kraken", "combat", "start", "-s", "sk", "--enemy", "Mine 3-0, 5, 0-0", "--enemy", "Mine 3-0, 5, 0-0",
         ok=True)


def test_combat_evade_takes_back_the_hit_after_the_enemy_fire(camp):
    """Ch. 10 (4) 1a): "After a successful Enemy hit, you may assign up to two unused Crew
    Members to pilot your Ship" (`journal kraken combat evade`)."""
    _cli_combat(camp, "Mila")
    out = camp("kraken", "combat", "enemy-fire", "-s", "sk", "--roll", "5", "--roll", "1", "--roll", "4", "--roll",
               "2", ok=True).stdout                                    # two hits of 5: SP 12 → 7 → 2
    assert ("unless you name another with --enemy N, two pilots with two --crew): journal kraken combat evade "
            "--crew NAME.") in " ".join(out.split())
    assert camp.state("sk")["combat"]["ship"]["sp"] == 2
    out = camp("kraken", "combat", "evade", "-s", "sk", "--crew", "Mila", "--crew", "Ray", "--enemy", "1", "--roll",
               "3", ok=True).stdout                                    # Tech 5 + 3 = 8 ÷ 2 = 4, + 3 = 7: failed
    assert "failed (8+ needed)" in " ".join(out.split()) and camp.state("sk")["combat"]["ship"]["sp"] == 2
    r = camp("kraken", "combat", "evade", "-s", "sk", "--crew", "Mila", "--roll", "6")
    assert r.exit_code == 1 and "once per Space Combat turn" in r.stderr


def test_on_a_terminal_enemy_fire_asks_whether_to_evade(camp, monkeypatch):
    """Ch. 10 (4) 1a): the evasion is decided after the hit: on a terminal, asked."""
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    _cli_combat(camp, "Mila")
    r = camp("kraken", "combat", "enemy-fire", "-s", "sk", "--roll", "5", "--roll", "1", "--roll", "5", "--roll", "6",
             input="no\nMila\n")
    assert r.exit_code == 0, r.stderr
    assert "Enemy 1 hits for 5: evade with (no, Ray, Mila, Ray+Mila): no" in r.stdout
    assert "Mila evade: Tech 5 ÷ 2 = 3 + d6 6 = 9: evaded" in r.stdout
    assert camp.state("sk")["combat"]["ship"]["sp"] == 7 and camp.state("sk")["combat"]["used"] == {"Mila": "pilot"}


def test_phase_1s_recovery_comes_at_its_end():
    """Ch. 5 Phase R: "Check this at the end of phases 1, 3 and 5": not while lines still
    wait to be activated."""
    s = exploring(phase=1)
    s = apply(s, maps.dungeon_leave, way="entrance", how="free").state
    s["lines"]["2"] = {"coords": ["1AB"], "vars": {}}                     # line 2 still waits
    with pytest.raises(RuleError, match="at the end of Phase 1, and line\\(s\\) 2 still wait"):
        phases.recover(s, dice(), cat=CAT)
    s = apply(s, story_lines.step, line="2", cell=cells.parse_cell("9ZZ")).state
    assert apply(s, phases.recover, cat=CAT).state["recoveries"] == [1]
