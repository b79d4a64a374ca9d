"""journal/games/kraken/cli/ground_combat.py, end to end: `journal kraken ground …`: Ground Combat
(chapter 14)."""

from __future__ import annotations

from kraken.kraken_helpers import CREW, j, state


def test_psi_powers_are_typed_in_any_case_on_the_command_line(manual):
    manual("kraken", "crew", "add", "-s", "hand", "Mila", "--agility", "3", "--strength", "4", "--tech", "3",
           "--charisma", "2", "--ranged", "2", "--melee", "2", "--psi", ok=True)
    r = manual("kraken", "ground", "psi", "-s", "hand", "Mila", "psi", "shock")
    assert r.exit_code == 1 and "there is no Ground Combat going on" in r.stderr    # read, then refused by the rules
    r = manual("kraken", "ground", "psi", "-s", "hand", "Mila", "fireball")
    assert r.exit_code == 2 and "'fireball' is not a PSI power" in r.stderr


def test_an_enemy_without_a_table_asks_for_its_action(fly):
    fly("kraken", "ground", "start", "-s", "fly", "--level", "2", "--crew", "Ray", "--roll", "1", "--roll", "6",
        "--roll", "1", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "X", "--hp", "5", "--agility", "9", ok=True)
    fly("kraken", "ground", "initiative", "-s", "fly", ok=True)     # Ray alone: the lone wolf
    fly("kraken", "ground", "wait", "-s", "fly", "Ray", ok=True)
    fly("kraken", "ground", "wait", "-s", "fly", "Ray", ok=True)
    r = fly("kraken", "ground", "enemy", "-s", "fly", "X")
    assert r.exit_code == 2 and "--action is required" in r.stderr
    d = j(fly, "kraken", "ground", "enemy", "-s", "fly", "X", "--action", "ML 4+, 2", "--roll", "5")
    assert d["attacks"][0]["target"] == "Ray"


def test_an_enemy_is_set_by_hand_with_numbers_a_status_or_a_note(fly):
    """A2: `ground set LABEL FIELD VALUE`: the field in any case, a number where the sheet has
    one, a status, a note; a value that is not a number is refused naming the field."""
    fly("kraken", "ground", "start", "-s", "fly", "--level", "2", "--crew", "Ray", "--roll", "1", "--roll", "6",
        "--roll", "2", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "X", "--hp", "5", "--agility", "3", "--shield", "B:4/1", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "Y", "--hp", "5", "--agility", "3", ok=True)
    d = j(fly, "kraken", "ground", "set", "-s", "fly", "x", "HP", "-1")
    assert d["messages"] == ["X hp = -1 (by hand)."]
    assert state(fly, "fly")["ground"]["enemies"]["X"]["status"] == "defeated"
    fly("kraken", "ground", "set", "-s", "fly", "Y", "shield", "0", ok=False)
    fly("kraken", "ground", "set", "-s", "fly", "X", "status", "ACTIVE", ok=True)
    fly("kraken", "ground", "set", "-s", "fly", "X", "shield", "+2", ok=True)
    fly("kraken", "ground", "set", "-s", "fly", "Y", "note", "Burrows next turn", ok=True)
    g = state(fly, "fly")["ground"]["enemies"]
    assert (g["X"]["status"], g["X"]["shield"]["power"], g["Y"]["note"]) == ("active", 2, "Burrows next turn")
    r = fly("kraken", "ground", "set", "-s", "fly", "X", "armor", "lots")
    assert r.exit_code == 2 and r.stderr.strip() == "Error: armor takes a whole number"
    r = fly("kraken", "ground", "set", "-s", "fly", "X", "mood", "grim")
    assert r.exit_code == 2 and "'mood': hp, shield, armor, agility, escape, weaken, status or note" in r.stderr


def test_weapons_in_hand_capture_traits_and_chain_attacks(gap):
    gap("kraken", "crew", "weapon", "-s", "gap", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    assert state(gap, "gap")["crew"]["Ray"]["inventory"] == {"L": "Rifle"}
    gap("kraken", "crew", "weapon", "-s", "gap", "Ray", "Knife 4+, 2 ML", "--slot", "1", ok=True)
    gap("kraken", "crew", "trait", "-s", "gap", "Ray", "Chain Attack:+2", ok=True)
    gap("kraken", "crew", "gear", "-s", "gap", "Mila", "--shield", "B:4/1", "--charger", "2", ok=True)
    gap("kraken", "ground", "start", "-s", "gap", "--level", "3", "--roll", "1", "--roll", "6", "--roll", "1", ok=True)
    d = j(gap, "kraken", "ground", "add", "-s", "gap", "E1", "--hp", "12", "--agility", "2", "--action", "1-6: idle",
          "--trait", "Regen: +1 HP", "--trait", "Zombie")
    assert d["traits"] == ["Regen: +1 HP", "Zombie"]
    gap("kraken", "ground", "add", "-s", "gap", "E2", "--hp", "30", "--agility", "2", "--action", "1-6: idle", ok=True)
    gap("kraken", "ground", "initiative", "-s", "gap", "--roll", "6", "--roll", "1", ok=True)
    r = gap("kraken", "ground", "attack", "-s", "gap", "Ray", "E1", "--weapon", "Knife", "--roll", "5")
    assert r.exit_code == 1 and "not in Ray's hands" in r.stderr
    d = j(gap, "kraken", "ground", "attack", "-s", "gap", "Ray", "E1", "--chain", "1", "--roll", "5", "--roll", "6")
    assert [a["hp"] for a in d["attacks"]] == [8, 4]                          # 3 + 1 boost, then 3 + 1 on a 6
    gap("kraken", "ground", "wait", "-s", "gap", "Mila", ok=True)
    out = gap("kraken", "ground", "enemy", "-s", "gap", "E1", "--roll", "2", ok=True).stdout
    assert "E1's trait Regen: HP 4 → 5." in out
    gap("kraken", "ground", "enemy", "-s", "gap", "E2", "--roll", "2", ok=True)
    gap("kraken", "ground", "turn", "-s", "gap", ok=True)
    gap("kraken", "ground", "attack", "-s", "gap", "Ray", "E1", "--capture", "--carrier", "Mila", "--roll", "6",
        ok=True)
    e1 = state(gap, "gap")["ground"]["enemies"]["E1"]
    assert (e1["status"], e1["carrier"], e1["hp"]) == ("captured", "Mila", 0)       # 5 - (3 + 1 + 1)
    r = gap("kraken", "ground", "attack", "-s", "gap", "Mila", "E2", "--weapon", "fists", "--roll", "5")
    assert r.exit_code == 1 and "cannot attack" in r.stderr
    gap("kraken", "ground", "exchange", "-s", "gap", "Mila", "--captive-to", "Ray", ok=True)
    gap("kraken", "ground", "end", "-s", "gap", "won", ok=True)
    s = state(gap, "gap")
    assert s["captives"]["E1"]["carrier"] == "Ray" and s["returned"] == [3]
    gap("kraken", "quest", "add", "-s", "gap", "Live one", "--capture", ok=True)
    d = j(gap, "kraken", "quest", "done", "-s", "gap", "Live one", "--captive", "E1", "--credits", "15")
    assert "captives" not in state(gap, "gap") and d["credits"] == 100 - 30 - 10 + 15
    out = gap("kraken", "recover", "-s", "gap", ok=True).stdout
    assert "after its Dungeon Exploration or Ground Combat" in out


def test_a_ground_combat_won_by_the_last_blow_gives_no_turn_hint(journal):
    journal("kraken", "new", "g", "--difficulty", "simulation", "--line", "1AA", ok=True)
    for name in ("Ray", "Mila"):
        journal("kraken", "crew", "add", name, *CREW, ok=True)
    journal("kraken", "crew", "weapon", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    journal("kraken", "ground", "start", "--level", "2", "--roll", "1", "--roll", "6", "--roll", "2", ok=True)
    journal("kraken", "ground", "add", "K", "--hp", "1", "--agility", "2", "--xp", "3", "--action", "1-6: idle",
            ok=True)
    journal("kraken", "ground", "initiative", "--roll", "6", "--roll", "1", ok=True)
    journal("kraken", "ground", "wait", "Mila", ok=True)
    out = journal("kraken", "ground", "attack", "Ray", "K", "--roll", "6", ok=True).stdout
    assert "The Ground Combat is won." in out
    assert "is over" not in out and "journal kraken ground turn" not in out
