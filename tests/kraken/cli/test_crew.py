"""journal/games/kraken/cli/crew.py, end to end: `journal kraken crew …`: the crew (3.3-3.5), their
inventory, Armor, Shield and weapons."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def test_crew_add_exact_form(journal):
    journal("kraken", "new", "c", "--difficulty", "hardcore", ok=True)
    journal("kraken", "crew", "add", "-s", "c", "Ray", "--agility", "3", "--strength", "4", "--tech", "3",
            "--charisma", "2", "--ranged", "2", "--melee", "2", "--trait", "Tough:2", "--trait", "Slow:-2", "--psi",
            ok=True)
    ray = state(journal, "c")["crew"]["Ray"]
    assert ray["traits"] == {"Tough": 2, "Slow": -2} and ray["psi"] == 1 and ray["hp_max"] == 8
    r = journal("kraken", "crew", "add", "-s", "c", "Zed", "--agility", "3", "--strength", "4", "--tech", "3",
                "--charisma", "2", "--ranged", "2", "--melee", "3")
    assert r.exit_code == 1 and "add up to 17" in r.stderr


def test_crew_hp_takes_plain_negative_numbers_and_removes_the_dead(camp):
    d = j(camp, "kraken", "crew", "hp", "-s", "sk", "Ray", "-3")
    assert (d["hp"], d["status"]) == (5, "active")
    out = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-6", ok=True).stdout
    assert "unconscious" in out and state(camp, "sk")["crew"]["Ray"]["status"] == "unconscious"
    r = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-1")
    assert r.exit_code == 1 and "no further damage" in r.stderr
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "+1", ok=True)
    out = camp("kraken", "crew", "hp", "-s", "sk", "Ray", "-5", ok=True).stdout
    assert "killed" in out and state(camp, "sk")["crew"] == {} and state(camp, "sk")["fallen"] == ["Ray"]


def test_hand_set_commands_are_logged(camp):
    camp("kraken", "crew", "set", "-s", "sk", "Ray", "tech", "9", ok=True)
    camp("kraken", "crew", "set", "-s", "sk", "Ray", "HP-Max", "7", ok=True)     # the field in any case, - for _
    camp("kraken", "crew", "trait", "-s", "sk", "Ray", "Brave:+1", ok=True)
    camp("kraken", "crew", "trait", "-s", "sk", "Ray", "Brave", "--remove", ok=True)
    camp("kraken", "crew", "hp", "-s", "sk", "Ray", "=3", ok=True)
    camp("kraken", "quest", "add", "-s", "sk", "Ore", "--urgent", ok=True)
    camp("kraken", "quest", "tick", "-s", "sk", "Ore", "2", ok=True)
    camp("kraken", "quest", "tick", "-s", "sk", "Ore", "-1", ok=True)
    s = state(camp, "sk")
    assert s["crew"]["Ray"]["tech"] == 9 and s["crew"]["Ray"]["traits"] == {} and s["crew"]["Ray"]["hp"] == 3
    assert s["crew"]["Ray"]["hp_max"] == 7
    assert s["quests"]["Ore"]["ticks"] == 1
    log = camp("log", "-s", "sk", ok=True).stdout
    assert "Ray: tech 3 → 9 (by hand)" in log and "Quest Ore: 1 tick(s) (by hand)" in log


def test_bad_weapon_notation_names_the_problem(fly):
    r = fly("kraken", "crew", "weapon", "-s", "fly", "Ray", "Rifle four plus")
    assert r.exit_code == 2 and "book's notation" in r.stderr


def test_crew_gear_shows_in_the_summary(fly):
    fly("kraken", "crew", "gear", "-s", "fly", "Ray", "--armor", "2", "--shield", "A:3/1", ok=True)
    out = fly("show", "-s", "fly", ok=True).stdout
    assert "Armor 2 · Shield A 3/1" in out


def test_crew_gear_wears_a_jacket_a_helmet_and_a_physical_shield(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "L", "Anti-Terror Shield", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Kevlar vest", ok=True)
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "2", "Helmet", ok=True)
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--jacket", "Kevlar vest:2", "--helmet", "Helmet:1",
             "--physical-shield", "Anti-Terror Shield:2", ok=True)
    assert r.stdout.splitlines() == [
        "Ray wears the Kevlar vest (jacket, Armor 2).",
        "Ray wears the Helmet (helmet, Armor 1).",
        "Ray wears the Anti-Terror Shield (physical Shield, Armor 2, in Ray's hand L).",
        "Ray's Armor 5 (Kevlar vest 2 + Helmet 1 + Anti-Terror Shield 2)."]
    d = j(camp, "kraken", "crew", "gear", "-s", "sk", "Ray", "--helmet", "none")
    assert (d["armor"], d["armor_total"], d["helmet"]) == (4, 4, None)
    assert d["jacket"] == {"name": "Kevlar vest", "armor": 2}
    assert d["physical_shield"] == {"name": "Anti-Terror Shield", "armor": 2}
    out = camp("show", "-s", "sk", ok=True).stdout
    assert "gear Armor 4 (Kevlar vest 2 + Anti-Terror Shield 2)" in out
    state = j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]
    assert state["jacket"] == {"name": "Kevlar vest", "armor": 2} and "helmet" not in state


def test_a_shield_not_in_a_hand_is_refused_and_the_save_is_unchanged(camp, saves):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Anti-Terror Shield", ok=True)
    before = (saves / "sk.toml").read_bytes()
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--physical-shield", "Anti-Terror Shield:2")
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [(
        "Error: a physical Shield is carried in one hand (ch. 14) and Ray's hands hold L: empty, R: empty: put the "
        "Anti-Terror Shield in a hand first (journal kraken crew equip Ray L 'Anti-Terror Shield' or journal kraken "
        "crew equip Ray R 'Anti-Terror Shield')")]
    assert (saves / "sk.toml").read_bytes() == before
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--helmet", "Helmet")
    assert r.exit_code == 2 and "NAME:ARMOR with an Armor value 1-8" in r.stderr
    assert (saves / "sk.toml").read_bytes() == before


def test_the_shield_comes_off_when_it_leaves_the_hand(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "R", "Riot shield", ok=True)
    camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--physical-shield", "Riot shield:1", ok=True)
    r = camp("kraken", "crew", "unequip", "-s", "sk", "Ray", "R", ok=True)
    assert "Ray no longer holds the Riot shield in a hand: it is not worn (Armor now 0" in r.stdout
    assert "physical_shield" not in j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]


def test_armor_n_prints_and_saves_as_before(camp):
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "2", ok=True)
    assert r.stdout == "Ray: Armor 2.\n"
    d = j(camp, "kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "3")
    assert d["armor"] == 3 and d["summary"] == "Ray: Armor 3"
    assert j(camp, "show", "-s", "sk")["state"]["crew"]["Ray"]["armor"] == 3
    assert "gear Armor 3" in camp("show", "-s", "sk", ok=True).stdout
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "2", "--jacket", "Vest:1")
    assert r.exit_code == 2 and "give --armor or --jacket, not both" in r.stderr


def test_crew_gear_names_the_options_it_takes(camp):
    """The command line's side of `crew gear`: nothing to wear, or two jackets at once, names its options."""
    before = camp.files("sk")
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray")
    assert r.exit_code == 2 and "give --jacket|--helmet|--physical-shield NAME:ARMOR (or none), --armor N" in r.stderr
    r = camp("kraken", "crew", "gear", "-s", "sk", "Ray", "--armor", "2", "--jacket", "Kevlar vest:2")
    assert r.exit_code == 2 and "give --armor or --jacket, not both" in r.stderr
    assert camp.files("sk") == before


def test_a_hand_set_shield_outside_the_hands_fails_validate(camp):
    camp("kraken", "crew", "equip", "-s", "sk", "Ray", "1", "Riot shield", ok=True)
    r = camp("set", "-s", "sk", "crew.Ray.physical_shield", '{name = "Riot shield", armor = 1}')
    assert r.exit_code == 2
    assert 'state.crew.Ray.physical_shield.name = "Riot shield" is not held in a hand (L: empty, R: empty)' in r.stderr
