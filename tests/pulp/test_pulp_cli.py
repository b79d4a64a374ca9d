"""`journal pulp ...` end to end through the CLI: the issue's exact forms, JSON keys, messages."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6",
       "--science", "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3",
       "--hegemony", "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]
LINE = ["G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"]
DATA = Path(__file__).parent / "data"


@pytest.fixture
def g(journal):
    journal(*NEW, ok=True)
    return journal


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)


def test_new_in_the_exact_form_of_the_issue(journal):
    d = j(journal, *NEW)
    st = d["state"]
    assert st["level"] == "normal" and st["captain"] == "Mina Tormelson" and st["dice"] == {"red": 6, "gray": 3}
    assert [h["name"] for h in st["hegemony"]] == ["The Quietus", "Kah", "Zorn"]
    out = journal("show", "-s", "g", ok=True).stdout
    assert "Next: choose one of the 3 face-up planets" in out


def test_systems_dice_rolled_at_setup_are_logged_with_their_source(journal):
    args = [a for a in NEW if a not in ("--face", "gray=3")]
    state = j(journal, *args)["state"]
    first = j(journal, "log", "-s", "g")[0]
    assert first["rolls"] == [{"die": "gray d6", "value": state["dice"]["gray"], "source": "rolled"}]
    assert j(journal, "show", "-s", "g")["state"]["dice"]["gray"] == state["dice"]["gray"]


def test_show_json_has_the_documented_keys(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    st = j(g, "show", "-s", "g")["state"]
    for a in ("combat", "science", "diplomacy"):
        assert set(st["abilities"][a]) == {"value", "max"}
    for c in ("red", "orange", "blue", "black", "yellow", "white"):
        assert isinstance(st["bag"][c], int) and isinstance(st["supply"][c], int)
    assert st["decks"] == [12, 16, 16] and st["alien"] == 0 and st["quietus"] == 0
    assert st["weapons"] == [] and st["phase"] == "encounter" and st["round"] == 1 and "result" not in st
    assert st["line"][0] == {"card": "G2C.r.PK", "kind": "guardforce", "planets": 1, "status": "pending",
                             "engage_strength": 2, "engage_icon": "S"}
    assert [c["engage_icon"] for c in st["line"]] == ["S", "D", "C"]


def test_a_schema_1_save_is_read_and_written_without_its_derived_values(journal):
    """Schema 1 stored each line card's engage_strength and engage_icon (written by the previous
    version: card 1 engaged with --icon D, cards 2 and 3 evaded, card 4 pending). They are derived
    now; only the icon a card's text set is kept (icon_override)."""
    journal.saves.mkdir(parents=True, exist_ok=True)
    old_text = (DATA / "schema1.toml").read_text("utf-8")
    (journal.saves / "old.toml").write_text(old_text, "utf-8")
    shutil.copy(DATA / "schema1.log.jsonl", journal.saves / "old.log.jsonl")
    before = journal.files("old")
    journal("check", "-s", "old", ok=True)
    shown = j(journal, "show", "-s", "old")["state"]
    assert shown == tomllib.loads(old_text)["state"]  # the very keys and values schema 1 stored
    assert [(c["engage_strength"], c["engage_icon"]) for c in shown["line"]] == [(1, "D"), (2, "D"), (1, "S"),
                                                                                 (2, "S")]
    assert "4 G2S.b      pending  2 Science" in journal("show", "-s", "old", ok=True).stdout
    journal("pulp", "ability", "-s", "old", "combat", "+1", ok=True)
    doc = tomllib.loads((journal.saves / "old.toml").read_text("utf-8"))
    assert doc["journal"]["schema"] == 2
    assert [c.get("icon_override") for c in doc["state"]["line"]] == ["D", None, None, None]
    assert not any("engage_strength" in c or "engage_icon" in c for c in doc["state"]["line"])
    assert j(journal, "show", "-s", "old")["state"]["line"] == shown["line"]
    journal("check", "-s", "old", ok=True)
    journal("undo", "-s", "old", ok=True)
    assert journal.files("old") == before


def test_a_round_from_the_table(g):
    out = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True).stdout
    assert "Put into the bag from the supply: 2 red, 1 orange, 2 blue." in out
    assert "Location L.rb goes below Mars." in out
    assert "Encounter Line: 1 G2C.r.PK (2 Science) · 2 A4S.o.PP (4 Diplomacy) · 3 G2D.b.P (2 Combat)" in out
    d = j(g, "pulp", "engage", "-s", "g", "1", "--pay", "science=2")
    assert d["paid"] == {"combat": 0, "science": 2, "diplomacy": 0} and d["abilities"]["science"]["value"] == 1
    out = g("pulp", "evade", "-s", "g", "2", "--pay", "combat", "--draw", "k,r,w,b", ok=True).stdout
    assert "Drew black: back into the bag, draw again." in out and "Drew blue: Diplomacy 3 → 2" in out
    out = g("pulp", "engage", "-s", "g", "3", "--die", "red:6:4", ok=True).stdout
    assert "The red die on 6: +3 Engage Strength against Combat." in out and "Turn the red die down to 4." in out
    d = j(g, "pulp", "search", "-s", "g", "--draw", "y,r")
    assert d["count"] == 2 and d["drawn"] == ["yellow", "red"] and d["weapons_found"] == [1]
    assert [r["source"] for r in d["rolls"]] == ["entered", "entered"]
    g("pulp", "weapon", "-s", "g", "1", "--needs", "r1,b1", "--name", "Zeta Ray", ok=True)
    out = g("pulp", "assign", "-s", "g", "r", "--weapon", "1", ok=True).stdout
    assert "Put the red cube on Super Weapon 1 (red 1/1, blue 0/1)." in out
    out = g("pulp", "end-round", "-s", "g", ok=True).stdout
    assert "Take into your hand: G2C.r.PK" in out
    st = g.state("g")
    assert st["phase"] == "ready" and st["hand"] == ["G2C.r.PK"] and st["planets"]["searched"] == ["Mars"]
    log = g("log", "-s", "g", ok=True).stdout
    assert "— Round 1 · The Quietus —" in log and "bag=black (entered)" in log


def test_a_bad_card_token_shows_the_grammar_and_changes_nothing(g):
    before = g.files("g")
    r = g("pulp", "round", "-s", "g", "--planet", "Mars", "G2C.r.PK", "A4X", "L.rb", "G2D.b.P")
    assert r.exit_code == 2 and r.stderr.startswith("Error: card 'A4X'")
    assert "KIND[STRENGTH][ICON][.CUBES][.FLAGS]" in r.stderr and "G2C.r.PK" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert g.files("g") == before


def test_a_drawn_cube_must_be_in_the_bag(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    before = g.files("g")
    g("pulp", "cubes", "-s", "g", "y,y,y,y,y", "--from", "bag", "--to", "supply", ok=True)
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "y,r,b")
    assert r.exit_code == 2 and "the bag holds no yellow" in r.stderr
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,b,o")
    assert r.exit_code == 2 and "unused orange" in r.stderr
    r = g("pulp", "evade", "-s", "g", "1", "--pay", "combat", "--draw", "r,q")
    assert r.exit_code == 2 and "'q' is not a cube" in r.stderr
    g("undo", "-s", "g", ok=True)
    assert g.files("g") == before


def test_evade_without_pay_in_a_script_names_the_option(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    r = g("pulp", "evade", "-s", "g", "1")
    assert r.exit_code == 2 and "--pay is required: one of combat, science, diplomacy" in r.stderr


def test_a_missing_payment_in_a_script_names_the_option_and_the_payments(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D", "A0C", "G4S", "L.rb", ok=True)
    before = g.files("g")
    r = g("pulp", "engage", "-s", "g", "1")  # 5 Combat, and Combat is 4
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("Error: --pay is required: card 1 (G5D) needs 5 Combat")
    assert "--pay combat=4,diplomacy=2; --pay combat=4,science=2; --pay combat=3,science=2,diplomacy=2" in r.stderr
    assert g.files("g") == before


def test_a_missing_payment_is_asked_for_on_a_terminal(g, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D", "A0C", "G4S", "L.rb", ok=True)
    r = g("pulp", "engage", "-s", "g", "1", input="combat=4,science=2\n")
    assert r.exit_code == 0, r.stderr
    assert "Card 1 (G5D) needs 5 Combat" in r.stdout and "combat=3,science=2,diplomacy=2" in r.stdout  # the menu
    assert "Move the Combat cube down 4 → 0." in r.stdout and "Move the Science cube down 3 → 1." in r.stdout
    r = g("pulp", "evade", "-s", "g", "2", "--draw", "r,b", input="diplomacy\n")
    assert r.exit_code == 0, r.stderr
    assert "Which ability pays the evade?" in r.stdout and "Pay 1 Diplomacy: 3 → 2." in r.stdout
    assert [c["status"] for c in g.state("g")["line"]] == ["engaged", "evaded", "pending"]


def test_seeded_draws_are_shown_and_replay(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    d1 = j(g, "pulp", "evade", "-s", "g", "1", "--pay", "combat")
    assert d1["rolls"] and all(r["source"] == "rolled" and r["die"] == "bag" for r in d1["rolls"])
    g("undo", "-s", "g", ok=True)
    d2 = j(g, "pulp", "evade", "-s", "g", "1", "--pay", "combat")
    assert d1["drawn"] == d2["drawn"]


def test_negative_numbers_are_typed_plainly(g):
    assert j(g, "pulp", "ability", "-s", "g", "combat", "-2")["after"] == {"value": 2, "max": 6}
    assert j(g, "pulp", "ability", "-s", "g", "science", "=5", "--max", "6")["after"] == {"value": 5, "max": 6}
    assert j(g, "pulp", "deck", "-s", "g", "2", "-4")["decks"] == [16, 12, 16]
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.PP", "G1C", "G1D", "G1S", ok=True)
    for pos in (1, 2, 3, 4):
        g("pulp", "engage", "-s", "g", str(pos), ok=True)
    assert j(g, "pulp", "search", "-s", "g", "--extra", "-1", "--draw", "w")["count"] == 1


def test_bag_shows_contents_and_odds(g):
    out = g("pulp", "bag", "-s", "g", "--odds", "3", ok=True).stdout
    assert "The bag holds 26 cubes" in out and "red" in out and "15.4%" in out
    d = j(g, "pulp", "bag", "-s", "g", "--odds", "3")
    assert d["total"] == 26 and abs(d["colours"]["yellow"]["next"] - 5 / 26) < 1e-9
    assert g("pulp", "bag", "-s", "g", "--odds", "0").exit_code == 2


def test_evade_odds_of_an_ability_at_0_show_no_minus_zero(g):
    g("pulp", "ability", "-s", "g", "combat", "=0", ok=True)
    out = g("pulp", "odds", "-s", "g", "--evade", ok=True).stdout
    row = next(line for line in out.splitlines() if line.strip().startswith("Combat"))
    assert row.split()[1:] == ["0", "0.0%", "0.00"]


def test_dice_by_hand_and_rerolled_with_a_physical_die(g):
    assert j(g, "pulp", "die", "-s", "g", "red", "--to", "2")["face"] == 2
    d = j(g, "pulp", "die", "-s", "g", "gray", "--reroll", "--roll", "5")
    assert d["face"] == 5 and d["rolls"] == [{"die": "gray d6", "value": 5, "source": "entered"}]
    r = g("pulp", "die", "-s", "g", "gray", "--reroll", "--roll", "7")
    assert r.exit_code == 2 and "expected 1-6" in r.stderr
    assert g("pulp", "die", "-s", "g", "blue", "--to", "3").exit_code == 1


def test_engage_refusals_are_one_line_and_change_nothing(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G5D", "A0C", "G4S", "L.rb", ok=True)
    before = g.files("g")
    for args, message in ((["2"], "left to right"), (["1"], "--pay"), (["1", "--pay", "combat=2"], "does not cover"),
                          (["1", "--pay", "combat=9"], "Combat is only 4"), (["1", "--pay", "x=1"], "not an ability"),
                          (["1", "--die", "blue"], "no blue die"), (["1", "--add", "C1"], "--add 'C1'")):
        r = g("pulp", "engage", "-s", "g", *args)
        assert r.exit_code in (1, 2) and message in r.stderr and len(r.stderr.strip().splitlines()) == 1, \
            (args, r.stderr)
    assert g.files("g") == before


def test_assign_weapon_and_hand_commands(g):
    g("pulp", "round", "-s", "g", "--planet", "Mars", "G1C.PPP", "G1C", "G1D", "G1S", ok=True)
    for pos in (1, 2, 3, 4):
        g("pulp", "engage", "-s", "g", str(pos), ok=True)
    g("pulp", "search", "-s", "g", "--draw", "y,o,k", ok=True)
    assert g.state("g")["quietus"] == 1
    assert g("pulp", "assign", "-s", "g", "o", "--weapon", "1").exit_code == 1  # requirement not recorded
    d = j(g, "pulp", "weapon", "-s", "g", "1", "--needs", "o1")
    assert d["needs"] == {"orange": 1} and d["understood"] is False
    d = j(g, "pulp", "assign", "-s", "g", "orange", "--weapon", "1")
    assert d["weapons"][0]["understood"] is True
    assert g("pulp", "assign", "-s", "g", "o", "--ability", "--supply").exit_code == 2
    g("pulp", "end-round", "-s", "g", ok=True)
    assert j(g, "pulp", "hand", "-s", "g", "--gain", "A2D.K")["hand"] == ["A2D.K"]
    assert j(g, "pulp", "hand", "-s", "g", "--discard", "K")["hand"] == []


def test_cubes_move_between_places_and_check_still_passes(g):
    g("pulp", "cubes", "-s", "g", "k,k", "--from", "supply", "--to", "bag", ok=True)
    g("pulp", "cubes", "-s", "g", "k", "--from", "bag", "--to", "quietus", ok=True)
    st = g.state("g")
    assert st["bag"]["black"] == 5 and st["quietus"] == 1 and st["supply"]["black"] == 9
    assert g("pulp", "cubes", "-s", "g", "r", "--from", "bag", "--to", "quietus").exit_code == 1
    assert g("pulp", "cubes", "-s", "g", "r", "--from", "shelf", "--to", "bag").exit_code == 2
    g("check", "-s", "g", ok=True)


def test_check_names_a_hand_edit_and_commands_refuse(g):
    path = g.saves / "g.toml"
    doc = tomllib.loads(path.read_text("utf-8"))
    doc["state"]["bag"]["red"] = 9
    path.write_text(tomli_w.dumps(doc), "utf-8")
    r = g("check", "-s", "g")
    assert r.exit_code == 1 and "state.bag.red: bag 9 + supply 11" in r.stdout and "the game has 15" in r.stdout
    r = g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE)
    assert r.exit_code == 1 and "state.bag.red" in r.stderr


def test_undo_restores_the_exact_bytes(g):
    before = g.files("g")
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    g("pulp", "evade", "-s", "g", "1", "--pay", "diplomacy", ok=True)
    g("undo", "-s", "g", "--steps", "2", ok=True)
    assert g.files("g") == before


def test_the_game_ends_and_later_commands_are_refused(g):
    g("pulp", "ability", "-s", "g", "science", "=0", ok=True)
    g("pulp", "round", "-s", "g", "--planet", "Mars", *LINE, ok=True)
    out = g("pulp", "engage", "-s", "g", "1", "--pay", "combat=4", ok=True).stdout
    assert "the game is lost" in out
    st = g.state("g")
    assert st["phase"] == "over" and st["result"] == "lost"
    r = g("pulp", "evade", "-s", "g", "2", "--pay", "diplomacy")
    assert r.exit_code == 1 and "the game is over" in r.stderr
    assert "LOST" in g("show", "-s", "g", ok=True).stdout


def test_new_refuses_bad_setups(journal):
    def swap(old, new):
        return [new if a == old else a for a in NEW]

    for args, message in ((swap("4/6", "7/6"), "at most the maximum"), (swap("4/6", "x"), "VALUE/MAX"),
                          (swap("gray=3", "blue=3"), "not one of the chosen"), (swap("gray=3", "gray=9"), "1-6"),
                          (swap("The Quietus", "Vex"), "The Quietus"), (swap("red", "gray"), "once"),
                          (swap("normal", "easy"), "'easy' is not one of")):
        r = journal(*args)
        assert r.exit_code in (1, 2) and message in r.stderr, (args, r.stderr)
    assert not (journal.saves / "g.toml").exists()
    r = journal(*NEW[:-2], "--die", "blue", "--seed", "1")  # three dice: fine for Mina Tormelson
    assert r.exit_code == 0, r.stderr
    r = journal(*swap("Mina Tormelson", "Rex Nova")[:-2], "--die", "blue", "--seed", "1")
    assert r.exit_code == 2 and "only Mina Tormelson keeps 3" in r.stderr


def test_help_lists_commands_in_playing_order(journal):
    out = journal("pulp", "--help", ok=True).stdout
    order = [out.index(f"  {c} ") for c in ("new", "round", "engage", "evade", "search", "assign", "weapon",
                                            "die", "end-round", "bag")]
    assert order == sorted(order)
