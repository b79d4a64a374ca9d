"""The commands that close the rulebook gaps, end to end: captives, traits, Chain Attack and
Shield chargers in Ground Combat, Hull Breaches, Disruptors and Teleportals, the short
visit, grade prices, the Treasure Table, item uses, Recovery after an exploration, and
`journal set` on a Space Kraken save."""

from __future__ import annotations

import json

import pytest

EVENT = "Mine / Dif.: 1 / AO: No / AI: YES / Depth: 4 / Telep.: 2 / Kraken / Maps: 8, 3"


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, (args, r.stderr)
    return json.loads(r.stdout)


def state(journal, name="gap"):
    return j(journal, "show", "-s", name)["state"]


@pytest.fixture
def gap(journal):
    """'gap': Adventurer, Ray and Mila, a ship with a Teleporter, an event's Location, Phase 3."""
    journal("kraken", "new", "gap", "--difficulty", "adventurer", "--seed", "5", ok=True)
    for name, attrs in (("Ray", (3, 4, 3, 2, 2, 2)), ("Mila", (2, 3, 5, 3, 2, 1))):
        args = [f"--{a}={v}" for a, v in zip(("agility", "strength", "tech", "charisma", "ranged", "melee"), attrs,
                                               strict=True)]
        journal("kraken", "crew", "add", "-s", "gap", name, *args, ok=True)
    journal("kraken", "ship", "hull", "-s", "gap", "Petrel", "--price", "30", "--sp", "12", ok=True)
    journal("kraken", "ship", "buy", "-s", "gap", "Teleporter", ok=True)
    journal("kraken", "location", "event", "-s", "gap", EVENT, ok=True)
    journal("kraken", "turn", "-s", "gap", ok=True)
    journal("kraken", "phase", "-s", "gap", "3", ok=True)
    return journal


def test_weapons_in_hand_capture_traits_and_chain_attacks(gap):
    gap("kraken", "crew", "weapon", "-s", "gap", "Ray", "Rifle (3) 4+, 3 A5 RG G2", ok=True)
    assert state(gap)["crew"]["Ray"]["inventory"] == {"L": "Rifle"}
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
    e1 = state(gap)["ground"]["enemies"]["E1"]
    assert (e1["status"], e1["carrier"], e1["hp"]) == ("captured", "Mila", 0)       # 5 - (3 + 1 + 1)
    r = gap("kraken", "ground", "attack", "-s", "gap", "Mila", "E2", "--weapon", "fists", "--roll", "5")
    assert r.exit_code == 1 and "cannot attack" in r.stderr
    gap("kraken", "ground", "exchange", "-s", "gap", "Mila", "--captive-to", "Ray", ok=True)
    gap("kraken", "ground", "end", "-s", "gap", "won", ok=True)
    s = state(gap)
    assert s["captives"]["E1"]["carrier"] == "Ray" and s["returned"] == [3]
    gap("kraken", "quest", "add", "-s", "gap", "Live one", "--capture", ok=True)
    d = j(gap, "kraken", "quest", "done", "-s", "gap", "Live one", "--captive", "E1", "--credits", "15")
    assert "captives" not in state(gap) and d["credits"] == 100 - 30 - 10 + 15
    out = gap("kraken", "recover", "-s", "gap", ok=True).stdout
    assert "after its Dungeon Exploration or Ground Combat" in out


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


def test_prices_treasure_table_items_and_journal_set(gap, tmp_path):
    r = gap("kraken", "grade-price", "-s", "gap", "4", "31")
    assert r.exit_code == 1 and "the rulebook prints it" in r.stderr
    gap("kraken", "grade-price", "-s", "gap", "2", "6", ok=True)
    gap("kraken", "treasure", "add", "-s", "gap", "--grade", "2", ok=True)
    table = tmp_path / "t.toml"
    table.write_text('[columns.Mine]\n"1-20" = "cash"\n', "utf-8")
    d = j(gap, "kraken", "treasure", "take", "-s", "gap", "--credits", "--table", str(table), "--column", "mine",
          "--roll", "7")
    assert d["kind"] == "cash"
    d = j(gap, "kraken", "treasure", "cash", "-s", "gap", "--roll", "6")
    assert d["credits"] == 6                                                   # grade 2 is noted at 6¢
    out = gap("kraken", "treasure-table", ok=True).stdout
    assert "Underground (1/20): 14: weapon" in out
    gap("kraken", "crew", "equip", "-s", "gap", "Ray", "R", "Med kit U2", ok=True)
    gap("kraken", "crew", "hp", "-s", "gap", "Ray", "-5", ok=True)
    gap("kraken", "crew", "use", "-s", "gap", "Ray", "Med kit", "--heal", "3", ok=True)
    s = state(gap)
    assert s["crew"]["Ray"]["hp"] == 6 and s["crew"]["Ray"]["inventory"]["R"] == "Med kit U1"
    out = gap("set", "-s", "gap", "crew.Ray.charger", "2", ok=True).stdout
    assert "Set state.crew.Ray.charger = 2 by hand" in out
    r = gap("set", "-s", "gap", "returned", "[5]")
    assert r.exit_code == 2 and "state.returned names Phase 5, after the current Phase 3" in r.stderr


def test_captives_by_hand(gap):
    gap("kraken", "captive", "add", "-s", "gap", "Grey", "--carrier", "Ray", "--level", "3", "--species", "grey",
        ok=True)
    r = gap("kraken", "captive", "give", "-s", "gap", "Grey", "Ray")
    assert r.exit_code == 1 and "carries Grey already" in r.stderr
    gap("kraken", "captive", "give", "-s", "gap", "Grey", "Mila", ok=True)
    assert "Captives: Grey (Grey, LV3) carried by Mila" in gap("show", "-s", "gap", ok=True).stdout
    gap("kraken", "captive", "release", "-s", "gap", "Grey", ok=True)
    assert "captives" not in state(gap)
