"""journal/games/kraken/cli/space_combat.py, end to end: `journal kraken combat …`: Space Combat,
one command per sub-phase (chapter 10)."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def _cli_combat(camp, *crew, enemies=("Mine 3-0, 5, 0-0", "Mine 3-0, 5, 0-0")):
    for name in crew:
        camp("kraken", "crew", "add", "-s", "sk", name, "--agility", "3", "--strength", "4", "--tech", "5",
             "--charisma", "1", "--ranged", "2", "--melee", "1", ok=True)
    camp("kraken", "ship", "hull", "-s", "sk", "Petrel", "--price", "0", "--sp", "12", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Maneuver Engines", "--free", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Laser", "--free", ok=True)
    camp("kraken", "combat", "start", "-s", "sk", *[w for e in enemies for w in ("--enemy", e)], ok=True)


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


def test_in_a_script_a_hit_that_would_lose_the_ship_asks_for_evade_or_no_evade(camp):
    """Ch. 10 (4) 1a) (l.679): the evasion comes "After a successful Enemy hit"; a script's hit
    that would lose the ship is refused until it says --evade NAME or --no-evade, the save
    unchanged (issue 29 §4)."""
    _cli_combat(camp, "Mila", enemies=("Cruiser 9-0, 30, 0-0",))
    before = camp.files("sk")
    r = camp("kraken", "combat", "enemy-fire", "-s", "sk", "--roll", "5")
    assert r.exit_code == 2 and camp.files("sk") == before
    assert " ".join(r.stderr.split()) == (
        "Error: --evade NAME or --no-evade is required: enemy 1's hit (30 damage) would lose the ship, and it can "
        "still be evaded (Maneuver Engines, once this turn; unused crew: Ray, Mila): journal kraken combat enemy-fire "
        "--evade NAME --evade-enemy 1 names its pilots, or journal kraken combat enemy-fire --no-evade takes it")
    out = camp("kraken", "combat", "enemy-fire", "-s", "sk", "--evade", "Mila", "--evade", "Ray", "--roll", "5",
               "--roll", "6", ok=True).stdout
    assert "evaded, no damage" in out and camp.state("sk")["combat"]["ship"]["sp"] == 12


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


def test_space_combat_sub_phases_through_the_cli(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    r = fly("kraken", "combat", "fire", "-s", "fly", "Laser@1")
    assert r.exit_code == 1 and "activate the timeline first" in r.stderr
    assert j(fly, "kraken", "combat", "timeline", "-s", "fly")["code"] == "-"
    d = j(fly, "kraken", "combat", "objective", "-s", "fly", "--crew", "Mila", "--roll", "2")
    assert (d["score"], d["solved"]) == (7, True)
    d = j(fly, "kraken", "combat", "fire", "-s", "fly", "Laser@1", "--roll", "5")
    assert d["shots"][0]["hit"] is True and d["enemies"][0]["sp"] == 0
    r = fly("kraken", "combat", "recharge", "-s", "fly")
    assert r.exit_code == 1 and "the enemies fire first" in r.stderr
    d = j(fly, "kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "1")
    assert d["shots"] == [{"enemy": 2, "roll": 1, "hit": False, "sp": 0, "shield": 0}]
    d = j(fly, "kraken", "combat", "recharge", "-s", "fly")
    assert (d["turn"], d["result"]) == (2, None)
    out = fly("kraken", "combat", "show", "-s", "fly", ok=True).stdout
    assert "Space Combat 'Accident'" in out


def test_target_system_is_needed_for_two_targets(fly):
    fly("kraken", "flight", "-s", "fly", "--difficulty", "1", "--roll", "3", ok=True)
    fly("kraken", "combat", "timeline", "-s", "fly", ok=True)
    before = fly.files("fly")
    r = fly("kraken", "combat", "fire", "-s", "fly", "Laser@1", "Laser 2@2", "--roll", "5", "--roll", "5")
    assert r.exit_code == 1 and "Target System" in r.stderr and fly.files("fly") == before


def test_a_shield_choice_is_asked_for_or_named(fly):
    fly("kraken", "combat", "start", "-s", "fly", "--enemy", "Cruiser 20-0, 9, 0-0", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "ship.shield", "0", ok=True)
    r = fly("kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "4", "--roll", "6")
    assert r.exit_code == 2 and "--shield is required" in r.stderr and "Primary Shields, Secondary Shields" in r.stderr
    d = j(fly, "kraken", "combat", "enemy-fire", "-s", "fly", "--roll", "4", "--roll", "6", "--shield",
          "secondary shields")
    assert d["shots"][0]["system"]["system"] == "Secondary Shields"


def test_combat_start_from_an_event_and_set_by_hand(fly):
    d = j(fly, "kraken", "combat", "start", "-s", "fly", "--name", "Ambush at the gate", "--enemy",
          "Raider 8-5, 4, 3-1", "--timeline", "-,A,V", "--objective", "C8", "--xp", "6")
    assert d["combat"]["objectives"] == [{"check": "C", "target": 8, "solved": False}]
    assert j(fly, "kraken", "combat", "set", "-s", "fly", "enemy.1.sp", "2")["combat"]["enemies"][0]["sp"] == 2
    r = fly("kraken", "combat", "set", "-s", "fly", "enemy.1.sp", "99")
    assert r.exit_code == 2 and "outside 0..8" in r.stderr
    fly("kraken", "combat", "end", "-s", "fly", "won", ok=True)
    assert "combat" not in state(fly, "fly") and state(fly, "fly")["xp"] == 6


def test_combat_set_reads_its_value_as_the_key_holds_it(fly):
    """`combat set KEY VALUE`: the command reads VALUE as the key holds it (a number, an enemy's
    line, the timeline's cells, objectives, solved) and finds the names in KEY in any case;
    the rules refuse what the page cannot hold."""
    fly("kraken", "combat", "start", "-s", "fly", "--enemy", "Raider 8-5, 4, 3-1", "--xp", "6", ok=True)
    before = fly.files("fly")
    r = fly("kraken", "combat", "set", "-s", "fly", "ship.sp", "lots")
    assert r.exit_code == 2 and r.stderr.strip() == "Error: ship.sp takes a whole number, not 'lots'"
    r = fly("kraken", "combat", "set", "-s", "fly", "objective.1", "maybe")
    assert r.exit_code == 2 and "objective.1 takes solved or unsolved" in r.stderr
    r = fly("kraken", "combat", "set", "-s", "fly", "used.zed", "pilot")
    assert r.exit_code == 2 and "'zed' is not a crew member" in r.stderr
    r = fly("kraken", "combat", "set", "-s", "fly", "mood", "grim")
    assert r.exit_code == 2 and "'mood' is not something to set" in r.stderr
    assert fly.files("fly") == before
    fly("kraken", "combat", "set", "-s", "fly", "enemy.2", "Mine 3-0, 5, 0-0", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "timeline", "-,A,V", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "objectives", "T7 ?9", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "objective.2", "SOLVED", ok=True)
    fly("kraken", "combat", "set", "-s", "fly", "used.mila", "pilot", ok=True)
    c = state(fly, "fly")["combat"]
    assert c["enemies"][1]["type"] == "Mine" and c["timeline"] == ["-", "A", "V"] and c["used"] == {"Mila": "pilot"}
    assert [(o["check"], o["target"], o["solved"]) for o in c["objectives"]] == [("T", 7, False), ("?", 9, True)]
    fly("kraken", "combat", "end", "-s", "fly", "won", ok=True)
    assert "combat" not in state(fly, "fly") and state(fly, "fly")["xp"] == 6


def test_combat_round_asks_which_dice_the_boarding_armory_rerolls(camp, monkeypatch):
    """Ch. 10 (5) 1: reroll "as many of your attack dice as you like": in a script the round is
    refused naming --reroll and the dice; the same round with --reroll (the same dice) runs; on
    a terminal the player answers once the dice are seen."""
    from journal.runtime import Runtime

    camp("kraken", "crew", "set", "-s", "sk", "Ray", "ranged", "6", ok=True)
    camp("kraken", "ship", "buy", "-s", "sk", "Boarding Armory", "--free", ok=True)
    camp("kraken", "combat", "start", "-s", "sk", "--enemy", "Raider 10-4, 3, 2-1", ok=True)
    camp("kraken", "combat", "enemy-fire", "-s", "sk", "--roll", "1", ok=True)
    camp("kraken", "combat", "board", "-s", "sk", "1", "--crew", "Ray", ok=True)
    before = camp.files("sk")
    r = camp("kraken", "combat", "round", "-s", "sk", "--roll", "2", "--roll", "1", "--roll", "1")
    assert r.exit_code == 2 and "--reroll is required: your dice show 2 (place 1)" in r.stderr
    assert camp.files("sk") == before
    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    out = camp("kraken", "combat", "round", "-s", "sk", "--roll", "2", "--roll", "1", "--roll", "1", "--roll", "6",
               input="1\n", ok=True).stdout
    assert "Reroll which" in out and "the Boarding Armory rerolls die 1: 6; theirs 1 1." in out
