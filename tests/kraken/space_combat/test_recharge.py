"""journal/games/kraken/space_combat/recharge.py: Space combat phase 7, Recharge, and the loop: the
combat ends or the next turn begins."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st
from kraken.kraken_helpers import CAT, TABLE, apply, dice, in_combat, ship_state

from journal.errors import InputError, RuleError
from journal.games.kraken import flight
from journal.games.kraken.model import combat, systems as systems_rules
from journal.games.kraken.schema import validate
from journal.games.kraken.space_combat import (
    after,
    boarding,
    enemy_fire,
    escape,
    fire,
    objectives as objectives_rules,
    page,
    recharge,
    timeline as timeline_rules,
)


ENEMY_SPECS = st.sampled_from(["Mine 3-0, 5, 0-0", "Raider 8-5, 4, 3-1", "Frigate 12-6, 6 HE, 5-2",
                               "Drone 4-0, 3 EMP, 2-2", "Cruiser 20-8, 7, 8-3"])


SYSTEMS = st.lists(st.sampled_from(["Primary Shields", "Secondary Shields", "Laser", "Missile", "Autocannon",
                                    "Torpedo", "Ion cannon", "Armor", "Combat Bridge", "Maneuver Engines",
                                    "Repair Drones", "Target System", "Boarding Armory", "Teleporter"]),
                   min_size=1, max_size=7, unique=True)


def _bounds(s: dict) -> None:
    assert validate(s) == []
    c = s.get("combat")
    if not c:
        return
    assert 0 <= c["ship"]["sp"] <= c["ship"]["sp_max"]
    assert 0 <= c["ship"]["shield"] <= c["ship"]["shield_max"]
    for e in c["enemies"]:
        assert 0 <= e["sp"] <= e["sp_max"] and 0 <= e["shield"] <= e["shield_max"]
    for label, n in c["ammo"].items():
        e = s["ship"]["systems"][label]
        cap = CAT[e["for"]]["ammo"] if e["system"] == "Ammo" else CAT[e["system"]]["ammo"]
        assert 0 <= n <= cap


def test_victory_ends_the_combat_won_at_the_turns_end():
    s = apply(in_combat(timeline=["V"]), timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert "combat" not in out.state and out.data["result"] == "won" and out.state["xp"] == 6


def test_game_over_destroys_the_ship_unless_the_enemies_are_beaten():
    s = apply(in_combat(timeline=["G"]), timeline_rules.combat_timeline, cat=CAT).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.state["result"] == "lost" and "combat" not in out.state


def test_time_retreats_at_the_turns_end_without_modifications():
    out = apply(ship_state(systems=("Drone Bay", "Primary Shields", "Laser")), flight.flight, 1, 3, difficulty=1,
                cat=CAT, table=TABLE, avoid=True)
    s = out.state
    assert s["flight"]["modifications"] == 2
    for _ in range(4):
        s = apply(s, timeline_rules.combat_timeline, cat=CAT).state
        s = apply(s, enemy_fire.combat_enemy_fire, 1, 1, cat=CAT).state
        s = apply(s, recharge.combat_recharge, cat=CAT).state
    s = apply(s, timeline_rules.combat_timeline, cat=CAT).state   # T
    s = apply(s, enemy_fire.combat_enemy_fire, 1, 1, cat=CAT).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.data["result"] == "retreated"
    f = out.state["flight"]
    assert (f["stage"], f["modifications"], f["land"]) == ("escaped", 0, False)


def test_defeating_every_enemy_does_not_end_a_combat_with_open_objectives():
    s = in_combat(objectives=["T12"])
    s = apply(s, fire.combat_fire, 6, cat=CAT, weapons=[("Laser", 1)]).state
    out = apply(s, recharge.combat_recharge, cat=CAT)
    assert out.data["result"] is None and out.state["combat"]["turn"] == 2


def test_recharge_fills_shields_up_to_their_maximum_and_frees_the_crew():
    s = in_combat(enemies=("Frigate 10-2, 3, 6-4",))
    s = apply(s, fire.combat_fire, 4, cat=CAT, weapons=[("Laser", 1)], reroll=[]).state
    s = apply(s, enemy_fire.combat_enemy_fire, 4, cat=CAT).state
    s = apply(s, recharge.combat_recharge, cat=CAT).state
    assert s["combat"]["ship"]["shield"] == 4 and s["combat"]["enemies"][0]["shield"] == 6   # 2 + 2; 3 + 4 capped


def test_repair_drones_mend_in_the_recharge_phase():
    s = apply(in_combat(systems=("Repair Drones", "Laser")), page.combat_set, key="ship.sp", value=4).state
    s = apply(s, enemy_fire.combat_enemy_fire, 1, cat=CAT).state
    assert apply(s, recharge.combat_recharge, cat=CAT, drones="sp").state["combat"]["ship"]["sp"] == 7


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(enemies=st.lists(ENEMY_SPECS, min_size=1, max_size=4), systems=SYSTEMS, seed=st.integers(0, 2 ** 32),
       timeline=st.lists(st.sampled_from(["-", "A", "B", "C", "E", "I", "S", "V", "T", "G"]), max_size=8),
       objectives=st.lists(st.sampled_from(["T7", "A8", "C6", "?9"]), max_size=3), choices=st.data())
def test_random_space_combats_end_within_bounds(enemies, systems, seed, timeline, objectives, choices):
    s = ship_state(systems=systems)
    s = page.combat_start(s, dice(), cat=CAT, enemies=enemies, timeline=timeline, objectives=objectives, xp=3).state
    _bounds(s)
    for step in range(400):
        if "combat" not in s:
            break
        c = s["combat"]
        d = dice(seed=seed + step)
        free = [n for n, m in s["crew"].items() if n not in c["used"] and m["status"] == "active"]
        try:
            if c.get("boarding"):
                party = list(c["boarding"]["crew"])
                first = choices.draw(st.sampled_from(party))
                rerolls = choices.draw(st.sampled_from(["none", "1", "1 2"])).split()
                system = "Boarding Armory" if c["boarding"]["by"] == "us" else "Onboard defense"
                if rerolls[-1] > str(c["boarding"]["dice"]):
                    rerolls = ["none"]
                out = boarding.combat_round(s, d, hurt=([first] + party) * 8,
                                            rerolls=rerolls if systems_rules.working(s, system) else None)
            elif c.get("boarders"):
                standing = [n for n, m in s["crew"].items() if m["status"] == "active"]
                out = boarding.combat_repel(s, d, enemy=c["boarders"][0], crew=standing[:2])
            elif c["step"] == "timeline" and c["crossed"] < len(c["timeline"]):
                out = timeline_rules.combat_timeline(s, d, cat=CAT, shields=[k for k in s["ship"]["systems"]
                                                                             if "Shields" in k] * 4, no_evade=True)
            elif c["step"] in ("timeline", "objectives") and free and choices.draw(st.booleans()):
                if any(not o["solved"] for o in c["objectives"]):
                    out = objectives_rules.combat_objective(s, d, crew=free[:choices.draw(st.integers(1, len(free)))])
                else:
                    out = fire.combat_fire(s, d, cat=CAT, weapons=[], target=None)
            elif c["step"] in ("timeline", "objectives", "fire"):
                working = [k for k, e in s["ship"]["systems"].items()
                           if CAT.get(e["system"], {}).get("category") == "weapon" and not e.get("damaged")
                           and (not CAT[e["system"]].get("ammo") or fire._ammo_left(s, c, k) > 0)]
                active = combat.ships_left(c)
                tgt = active[0] if active else None
                shots = [(w, tgt) for w in working[:4]] if tgt else []
                out = fire.combat_fire(s, d, cat=CAT, weapons=shots, reroll=free[:1])
            elif c["step"] == "enemy-fire" and combat.enemy_fire_due(c):
                shields = [k for k in s["ship"]["systems"] if "Shields" in k] * 4
                can_evade = systems_rules.working(s, "Maneuver Engines") and not c.get("evaded")
                evade = free[:2] if can_evade and choices.draw(st.booleans()) else []
                out = enemy_fire.combat_enemy_fire(s, d, cat=CAT, shields=shields, evade=evade, no_evade=not evade)
            elif c["step"] == "boarding" and choices.draw(st.booleans()):
                cands = [i for i in combat.ships_left(c) if c["enemies"][i - 1]["crew"] and
                         c["enemies"][i - 1]["shield"] <= 3]
                if cands and free and not c.get("boarded"):
                    out = boarding.combat_board(s, d, enemy=cands[0], crew=free)
                else:
                    out = escape.combat_escape(s, d)
            else:
                out = recharge.combat_recharge(s, d, cat=CAT)
        except (RuleError, InputError):
            # a move the rules refuse here (e.g. boarding a ship that cannot be boarded): go on plainly
            if combat.enemy_fire_due(c) and not (c["step"] == "timeline" and c["crossed"] < len(c["timeline"])):
                out = enemy_fire.combat_enemy_fire(s, d, cat=CAT, shields=[k for k in s["ship"]["systems"]
                                                                   if "Shields" in k] * 4, no_evade=True)
            else:
                out = recharge.combat_recharge(s, d, cat=CAT)
        s = out.state
        _bounds(s)
    else:
        s = after.combat_end(s, dice(), "retreated").state
    assert "combat" not in s
    _bounds(s)
