"""journal/games/kraken/ground_combat/loop.py: Chapter 14, Combat initiative and the combat loop, to
the combat's end and its rewards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from kraken.kraken_helpers import apply, dice, fighters, new_state, started, waits, with_crew, with_enemy

from journal.errors import InputError, RuleError
from journal.games.kraken import crew, equipment, treasure
from journal.games.kraken.ground_combat import actions, attacks, enemies, loop, profiles, spawn
from journal.games.kraken.model import ground, weapons
from journal.games.kraken.schema import validate


TRAITS = st.sampled_from([[], ["Zombie"], ["Regen: +2 HP"], ["Recharge: +1 Shield"], ["Acid blood"]])


ATTACKS = st.sampled_from(["ML 4+, 3", "RG 4+, 2x2", "RG 3+, 4 AP", "ML 5+, 5 Fire", "RG 4+, 2 EX", "idle"])


WEAPONS = st.sampled_from(["Rifle (3) 4+, 3 A5 RG", "Whip 4+, 3x2 ML", "Grenade 4+, 3 A2 RG EX",
                           "Plasma 4+, 4 A3 RG T2 IS", "Axe (2) 5+, 4 ML AP WEAKEN 1"])


def still_to_act(s: dict, g: dict) -> tuple[list[str], list[str], list[str]]:
    """A random combat's next actor: the conscious crew, those who may still act this turn, the
    enemies who may still act."""
    up = ground.conscious(s, g)
    todo_c = [n for n in up if g.get("acted", {}).get(n, 0) < ground.activations_allowed(s, g, n)]
    todo_e = [k for k in ground.active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    return up, todo_c, todo_e


def _bounds(s: dict) -> None:
    assert validate(s) == []
    for m in s["crew"].values():
        assert 0 <= m["hp"] <= m["hp_max"]
        for w in (m.get("weapons") or {}).values():
            cap = weapons.weapon_spec(w)["ammo"]
            assert cap is None or 0 <= w.get("ammo", cap) <= cap
    g = s.get("ground")
    if g:
        for n, v in g.get("shields", {}).items():
            assert 0 <= v <= s["crew"][n]["shield"]["power"]
        for e in g["enemies"].values():
            assert e["hp"] <= e["hp_max"]
            if e.get("shield"):
                assert 0 <= e["shield"]["power"] <= e["shield"]["max"]


def test_shield_charger_adds_to_the_recharge_each_turn():
    s = with_crew(new_state(lines=()), "Ann")
    s = apply(s, equipment.crew_gear, name="Ann", shield="B:6/1", charger=2).state
    s = apply(s, spawn.ground_start, 1, 6, 1, level=3).state
    s = started(with_enemy(s, actions=["1-6: idle"]))
    s["ground"]["shields"]["Ann"] = 0
    s = apply(waits(s, "Ann", "Ann"), enemies.ground_enemy, 2, label="E1").state
    out = apply(s, loop.ground_turn)
    assert out.state["ground"]["shields"]["Ann"] == 3 and "Shield charger +2" in out.lines[1]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), n_enemies=st.integers(1, 3), data=st.data())
def test_random_fights_with_captures_traits_and_chains_stay_valid(seed, n_enemies, data):
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    for n in ("Ann", "Ben"):
        s = apply(s, equipment.crew_weapon, name=n, spec=data.draw(st.sampled_from(
            ["Rifle (3) 4+, 3 A5 RG", "Whip 4+, 3x2 ML", "Axe 5+, 4 ML AP", "Gun 3+, 2 A3 RG EX"]))).state
        s = apply(s, crew.crew_trait, name=n, trait="Chain Attack", value=1).state
        s = apply(s, equipment.crew_gear, name=n, shield="B:3/1", charger=data.draw(st.integers(0, 2))).state
    s = spawn.ground_start(s, dice(seed=seed), level=data.draw(st.integers(1, 8))).state
    for i in range(n_enemies):
        s = profiles.ground_add(s, dice(), label=f"E{i + 1}", hp=data.draw(st.integers(1, 9)), agility=3,
                          shield=data.draw(st.sampled_from([None, "B:2/1"])), traits=data.draw(TRAITS),
                          actions=["1-2: idle", "3-6: ML 4+, 2"], xp=2).state
    s = loop.ground_initiative(s, dice(seed=seed + 1)).state
    for step in range(200):
        g = s.get("ground")
        if not g:
            break
        d = dice(seed=seed + 2 + step)
        up, todo_c, todo_e = still_to_act(s, g)
        try:
            if g["step"] == "crew" and todo_c:
                n = todo_c[0]
                w = next(iter(s["crew"][n].get("weapons") or {}), "fists")
                target = data.draw(st.sampled_from(ground.active_enemies(g)))
                out = attacks.ground_attack(s, d, name=n, weapon=w, targets=[target], chain=data.draw(st.integers(0, 1)),
                                       capture=data.draw(st.booleans()))
            elif g["step"] == "enemies" and todo_e:
                pool = enemies._targets(s, g)
                out = enemies.ground_enemy(s, d, label=todo_e[0], target=data.draw(st.sampled_from(pool)) if pool else None)
            else:
                out = loop.ground_turn(s, d)
        except (RuleError, InputError):
            n = todo_c[0] if g["step"] == "crew" and todo_c else None
            out = actions.ground_simple(s, d, name=n, action="wait") if n else loop.ground_turn(s, d)
        s = out.state
        _bounds(s)
        for label, cap in (s.get("captives") or {}).items():
            assert cap["carrier"] in s["crew"], label
    if s.get("ground"):                         # 200 steps and still fighting (weapons jammed)
        s = loop.ground_end(s, dice(), "escaped").state
    _bounds(s)


def test_ambush_fails_the_reaction_and_the_enemies_act_first():
    s = with_enemy(fighters(ambush=True))
    out = apply(s, loop.ground_initiative)
    assert out.state["ground"]["first"] == "enemies" and out.state["ground"]["step"] == "enemies"


def test_initiative_lowest_agility_plus_d6_and_a_draw_goes_to_the_crew():
    s = with_enemy(fighters(), agility=4)
    s["crew"]["Ann"]["agility"], s["crew"]["Ben"]["agility"] = 2, 5
    assert apply(s, loop.ground_initiative, 4, 2).state["ground"]["first"] == "crew"       # 6 vs 6
    assert apply(s, loop.ground_initiative, 3, 2).state["ground"]["first"] == "enemies"    # 5 vs 6


def test_cover_at_initiative_skips_the_slowest_and_keeps_them_out_of_the_first_turn():
    s = with_enemy(fighters(), agility=4)
    s["crew"]["Ann"]["agility"], s["crew"]["Ben"]["agility"] = 1, 5
    out = apply(s, loop.ground_initiative, 1, 2, cover=["Ann"])
    assert out.data["crew"] == 6 and out.state["ground"]["cover"] == ["Ann"]
    with pytest.raises(RuleError, match="stays in cover"):
        attacks.ground_attack(out.state, dice(6), name="Ann", weapon="fists", targets=["E1"])


def test_a_lone_wolf_wins_initiative_and_acts_twice():
    s = with_enemy(fighters(crew=("Ann",)), agility=9)
    s = apply(s, loop.ground_initiative).state
    assert s["ground"]["first"] == "crew"
    s = apply(s, attacks.ground_attack, 1, name="Ann", weapon="fists", targets=["E1"]).state
    s = apply(s, attacks.ground_attack, 1, name="Ann", weapon="fists", targets=["E1"]).state
    assert s["ground"]["step"] == "enemies"


def test_oxygen_each_turn_in_a_non_breathable_atmosphere():
    s = started(with_enemy(fighters(atmosphere="NO")))
    assert s["oxygen"] == 24


def test_treasure_drop_example_one_drop_per_primary_not_minions():
    """Ch. 14: a Primary with Treasure grade 4 and two Minions: one drop: 4 Credits or a Stimpack."""
    s = fighters()
    s = with_enemy(s, "P", hp=1, armor=0, treasure=4, xp=6)
    s = with_enemy(s, "M1", hp=1, armor=0, minion=True, xp=2)
    s = with_enemy(s, "M2", hp=1, armor=0, minion=True, xp=2)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["P"]).state
    s = apply(s, attacks.ground_attack, 4, name="Ben", weapon="fists", targets=["M1"]).state
    s = apply(s, loop.ground_set, label="M2", field="status", value="defeated").state
    assert "ground" not in s and s["loot"] == [{"grade": 4, "from": "P (P)"}] and s["xp"] == 10
    out = apply(s, treasure.treasure_take, 14, first="credits")
    assert out.state["credits"] == 104 and out.state["loot"][0]["d20"] == 14


def test_boss_battles_double_the_xp():
    s = with_enemy(fighters(boss=True), hp=1, armor=0, xp=5)
    s = started(s)
    s = apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state
    assert s["xp"] == 10


def test_midas_touch_pays_3_when_the_combat_is_won():
    s = with_enemy(fighters(), hp=1, armor=0)
    s["ground"]["midas"] = True
    s = started(s)
    assert apply(s, attacks.ground_attack, 4, name="Ann", weapon="fists", targets=["E1"]).state["credits"] == 103


def test_a_team_with_nobody_conscious_is_lost():
    s = started(with_enemy(fighters(crew=("Ann",)), actions=["1-6: ML 2+, 30"]))
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    s = apply(s, actions.ground_simple, name="Ann", action="wait").state
    out = apply(s, enemies.ground_enemy, 1, 5, label="E1")
    assert out.state["crew"] == {} and out.state["result"] == "lost" and "ground" not in out.state


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n_crew=st.integers(1, 3), n_enemies=st.integers(1, 3), seed=st.integers(0, 2 ** 32),
       atmosphere=st.sampled_from(["YES", "NO", "HELL"]), data=st.data())
def test_random_ground_combats_end_within_bounds(n_crew, n_enemies, seed, atmosphere, data):
    names = ["Ann", "Ben", "Cid"][:n_crew]
    s = with_crew(new_state(lines=()), *names)
    for n in names:
        s = apply(s, equipment.crew_weapon, name=n, spec=data.draw(WEAPONS)).state
        if data.draw(st.booleans()):
            s = apply(s, equipment.crew_gear, name=n, armor=data.draw(st.integers(0, 3)),
                      shield=data.draw(st.sampled_from(["A:2/1", "B:3/1", "none"]))).state
    s = spawn.ground_start(s, dice(seed=seed), level=data.draw(st.integers(1, 8)), atmosphere=atmosphere).state
    for i in range(n_enemies):
        rows = [f"1-3: {data.draw(ATTACKS)}", f"4-6: {data.draw(ATTACKS)}"]
        s = profiles.ground_add(s, dice(), label=f"E{i + 1}", hp=data.draw(st.integers(1, 12)),
                          armor=data.draw(st.integers(0, 3)), agility=data.draw(st.integers(1, 6)),
                          shield=data.draw(st.sampled_from([None, "A:2/1", "B:3/2"])),
                          escape=data.draw(st.sampled_from([None, 1, 3])), actions=rows, xp=3, treasure=2).state
    s = loop.ground_initiative(s, dice(seed=seed + 1), faint=names[0]).state
    _bounds(s)
    for step in range(300):
        g = s.get("ground")
        if not g:
            break
        d = dice(seed=seed + 2 + step)
        up, todo_c, todo_e = still_to_act(s, g)
        try:
            if g["step"] == "crew" and todo_c:
                n = todo_c[0]
                choice = data.draw(st.sampled_from(["attack", "attack", "cover", "escape", "reload", "unjam"]))
                w = next(iter(s["crew"][n].get("weapons") or {}), "fists")
                if choice == "attack":
                    targets = [data.draw(st.sampled_from(ground.active_enemies(g)))]
                    out = attacks.ground_attack(s, d, name=n, weapon=w, targets=targets, hit=0, flank=False)
                elif choice == "escape":
                    out = actions.ground_escape(s, d)
                elif choice == "unjam":
                    out = actions.ground_unjam(s, d, name=n, weapon=w)
                else:
                    out = actions.ground_simple(s, d, name=n, action=choice, weapon=w if choice == "reload" else None)
            elif g["step"] == "enemies" and todo_e:
                k = todo_e[0]
                pool = enemies._targets(s, g)
                out = enemies.ground_enemy(s, d, label=k, target=data.draw(st.sampled_from(pool)) if pool else None)
            else:
                out = loop.ground_turn(s, d, faint=up[0] if up else None)
        except (RuleError, InputError):
            n = todo_c[0] if g["step"] == "crew" and todo_c else None
            out = actions.ground_simple(s, d, name=n, action="wait") if n else loop.ground_turn(s, d, faint=up[0])
        s = out.state
        _bounds(s)
    else:
        s = loop.ground_end(s, dice(), "escaped").state
    assert "ground" not in s
    _bounds(s)


def test_after_an_events_ground_combat_the_crew_is_back_on_the_ship_weapons_repaired_and_psi_recovered():
    """Ch. 14: "If you are back at your spaceship all Weapons, no matter if jammed or damaged,
    will be repaired" (l.1290); "If you are back on board of your spaceship your PSI Trait will
    recover from exhaustion automatically" (l.1340). An event's Ground Combat (no exploration)
    ends on the ship; one in a dungeon clears only jams."""
    s = with_enemy(fighters(), hp=1, armor=0)
    s = apply(s, equipment.crew_weapon, name="Ben", spec="Rifle (3) 4+, 3 A5 RG").state
    s["crew"]["Ben"]["weapons"]["Rifle"]["jam"] = "damaged"
    s["crew"]["Ben"].update(psi=1, psi_exhausted=True)
    out = apply(started(s), attacks.ground_attack, 5, name="Ann", weapon="fists", targets=["E1"])
    assert "ground" not in out.state
    assert out.state["crew"]["Ben"]["weapons"]["Rifle"] == {"spec": "Rifle (3) 4+, 3 A5 RG", "ammo": 5}
    assert "psi_exhausted" not in out.state["crew"]["Ben"]
    assert "Back on the ship: every weapon is unjammed and repaired; an exhausted PSI trait recovers." in out.lines


def test_the_reaction_bonus_action_is_offered_before_the_initiative_and_a_finished_turn_says_so():
    """Ch. 14 spawning: with a successful reaction check "one crew member may take a bonus
    action" before the initiative check, so the hint offers it there; once the crew, acting
    last, is through, the turn is over (not "the crew acts ()") (issue 29 §8)."""
    s = with_crew(new_state(lines=()), "Ann", "Ben")
    out = apply(s, spawn.ground_start, 5, 6, 1, level=3, map_no=1)                 # reaction 5: a bonus action
    hint = out.lines[-1]
    assert hint.index("ground add") < hint.index("the reaction's bonus action") < hint.index("ground initiative")
    assert "journal kraken ground attack NAME TARGET" in hint and "journal kraken ground psi NAME POWER" in hint
    plain = apply(s, spawn.ground_start, 1, 6, 1, level=3, map_no=1)
    assert "bonus action" not in plain.lines[-1] and "journal kraken ground initiative" in plain.lines[-1]
    s = started(with_enemy(plain.state, actions=["1-6: idle"]), crew_roll=1, enemy_roll=6)   # the enemies first
    s = apply(s, enemies.ground_enemy, 3, label="E1").state
    out = apply(waits(s, "Ann"), actions.ground_simple, name="Ben", action="wait")
    assert out.lines[-1] == "Turn 1 is over: journal kraken ground turn"
    assert ground.turn_hint(out.state, out.state["ground"]) == "Turn 1 is over: journal kraken ground turn"
