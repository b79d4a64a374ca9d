"""journal/games/kraken/cli/dungeon.py, end to end: `journal kraken dungeon …` and `visit`: Dungeon
Exploration (ch. 13), Phase 4's short visit."""

from __future__ import annotations

from kraken.kraken_helpers import CREW, j, state


def test_dungeon_and_ground_combat_through_the_cli(fly):
    fly("kraken", "location", "event", "-s", "fly", "Mine / Dif.: 1 / AO: No / AI: YES / Depth: 4 / Telep.: 2 / "
        "Kraken / Maps: 8, 3", ok=True)
    fly("kraken", "crew", "weapon", "-s", "fly", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    d = j(fly, "kraken", "dungeon", "enter", "-s", "fly", "1")
    assert d["dungeon"]["map"] == 1 and d["dungeon"]["crew"] == ["Ray", "Mila", "Dax"]
    d = j(fly, "kraken", "dungeon", "bulkhead", "-s", "fly", "B1", "--crew", "Mila", "--free", "--roll", "3",
          "--roll", "3")
    assert d["open"] is True and d["total"] == 11
    fly("kraken", "dungeon", "move", "-s", "fly", "--to", "inside", ok=True)
    fly("kraken", "dungeon", "enemy", "-s", "fly", "E1", "--roll", "1", "--roll", "6", "--roll", "1", ok=True)
    d = j(fly, "kraken", "ground", "add", "-s", "fly", "K", "--profile", "kraken drone")
    assert (d["name"], d["hp"], d["level"]) == ("Kraken Drone", 4, 2)
    fly("kraken", "ground", "initiative", "-s", "fly", "--roll", "6", "--roll", "1", ok=True)
    d = j(fly, "kraken", "ground", "attack", "-s", "fly", "Ray", "K", "--roll", "6")
    assert d["attacks"][0]["hp"] == -1 and "ground" not in state(fly, "fly")      # 3 + 1 boost + 1 on a 6
    s = state(fly, "fly")
    assert s["xp"] == 2 and s["loot"] == [{"grade": 2, "from": "K (Kraken Drone)"}]
    assert s["dungeon"]["resolved"] == ["1:E1"]
    fly("kraken", "treasure", "take", "-s", "fly", "--stimpack", "--roll", "3", ok=True)
    d = j(fly, "kraken", "treasure", "weapon", "-s", "fly", "--roll", "4")
    assert d["roll"] == 4 and "loot" not in state(fly, "fly")
    out = fly("kraken", "dungeon", "show", "-s", "fly", ok=True).stdout
    assert "B1 open" in out or "1:B1 open" in out
    r = fly("kraken", "dungeon", "leave", "-s", "fly", "teleport")
    assert r.exit_code == 1 and "no working Teleporter" in r.stderr
    d = j(fly, "kraken", "dungeon", "leave", "-s", "fly", "entrance")
    assert d["way"] == "entrance" and "dungeon" not in state(fly, "fly") and state(fly, "fly")["locations"]["1"]["cleared"] == [1]


def test_breaches_disruptors_teleportals_and_the_short_visit(gap):
    gap("kraken", "crew", "equip", "-s", "gap", "Mila", "1", "Welding device", ok=True)
    gap("kraken", "dungeon", "enter", "-s", "gap", "1", ok=True)
    gap("kraken", "dungeon", "move", "-s", "gap", "--free", "--to", "inside", ok=True)
    d = j(gap, "kraken", "dungeon", "move", "-s", "gap", "--to", "inside", "--breach", "H1")
    assert d["oxygen"] == 24
    d = j(gap, "kraken", "dungeon", "breach", "-s", "gap", "H1", "--crew", "Mila")
    assert d["repaired"] is True
    d = j(gap, "kraken", "dungeon", "move", "-s", "gap", "--to", "inside", "--breach", "H1")
    assert d["oxygen"] == 23
    gap("kraken", "dungeon", "element", "-s", "gap", "D", "disruptor", ok=True)
    gap("kraken", "dungeon", "element", "-s", "gap", "P2", "teleportal", "--portals", "2", ok=True)
    d = j(gap, "kraken", "dungeon", "tile", "-s", "gap", "P2", "teleportal")
    assert d["portal"] == 2
    before = gap.files("gap")
    r = gap("kraken", "dungeon", "leave", "-s", "gap", "teleport")
    assert r.exit_code == 1 and "Disruptor D on map 1 is active" in r.stderr and gap.files("gap") == before
    gap("kraken", "dungeon", "tile", "-s", "gap", "D", "disruptor", ok=True)
    gap("kraken", "dungeon", "leave", "-s", "gap", "teleport", ok=True)
    gap("kraken", "recover", "-s", "gap", ok=True)
    out = gap("kraken", "phase", "-s", "gap", "4", ok=True).stdout
    assert "(journal kraken visit SLOT MAP KIND TILE)" in out
    d = j(gap, "kraken", "visit", "-s", "gap", "1", "1", "gambler", "G")
    assert d["kind"] == "gambler" and d["map"] == 1
    gap("kraken", "crew", "equip", "-s", "gap", "Ray", "1", "Helmet", ok=True)
    d = j(gap, "kraken", "dungeon", "gamble", "-s", "gap", "Helmet", "--grade", "2", "--roll", "4")
    assert d["grade"] == 2
    gap("kraken", "dungeon", "gamble", "-s", "gap", "--got", "Stun baton", ok=True)
    r = gap("kraken", "dungeon", "gamble", "-s", "gap", "Stun baton", "--grade", "2")
    assert r.exit_code == 1 and "bad for business" in r.stderr
    gap("kraken", "dungeon", "leave", "-s", "gap", "teleport", ok=True)
    r = gap("kraken", "visit", "-s", "gap", "1", "1", "shop", "S1")
    assert r.exit_code == 1 and "made already" in r.stderr


def test_dungeon_enemy_outside_a_dungeon_names_no_option_of_another_command(journal):
    journal("kraken", "new", "g", "--difficulty", "simulation", "--line", "1AA", ok=True)
    journal("kraken", "crew", "add", "Ray", *CREW, ok=True)
    r = journal("kraken", "dungeon", "enemy", "E1")
    assert r.exit_code == 1 and "--level is required" not in r.stderr
    assert "journal kraken dungeon enter SLOT" in r.stderr and "journal kraken ground start --level N" in r.stderr


def test_a_die_known_only_once_an_earlier_one_is_seen_is_asked_for_then(gap, monkeypatch):
    """Issue 29 §7, ch. 14 spawning: the Minions' species d6 is rolled only once the Minions d6
    shows one: a command takes its dice in the order it uses them; a script is told which die
    is next, a terminal is asked for it; the --roll help names them in order."""
    gap("kraken", "dungeon", "enter", "-s", "gap", "1", ok=True)
    before = gap.files("gap")
    r = gap("kraken", "dungeon", "enemy", "-s", "gap", "E2", "--roll", "5", "--roll", "2", "--roll", "6")
    assert r.exit_code == 2 and gap.files("gap") == before
    assert " ".join(r.stderr.split()) == (
        "Error: --roll given 3 times but this command needs 4 dice (reaction d6, second Primary d6, Minions d6, "
        "Minion 1 species d6): give all of them, or none to let journal roll (the next, the 4th --roll, is the "
        "Minion 1 species d6)")
    r = gap("kraken", "dungeon", "enemy", "-s", "gap", "E2", "--roll", "5", "--roll", "2", "--roll", "6", "--roll", "3",
            "--roll", "4")
    assert r.exit_code == 2 and "rolled 4 dice (reaction d6: 5, second Primary d6: 2, Minions d6: 6, Minion 1 " \
                                "species d6: 3): unused 4" in " ".join(r.stderr.split())
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    r = gap("kraken", "dungeon", "enemy", "-s", "gap", "E2", "--roll", "5", "--roll", "2", "--roll", "6",
            input="3\n", ok=True)
    assert "Minion 1 species d6 result (1-6; Enter: journal rolls)" in r.stdout
    assert state(gap, "gap")["ground"]["minions"] == 1 and "journal rolled" not in r.stdout
    help_text = " ".join(gap("kraken", "dungeon", "enemy", "--help", ok=True).stdout.split())
    assert "in the order used: a '?' level d6, creature from hell d6 (a LV6+ Boss), reaction d6, second Primary d6" \
           in help_text
