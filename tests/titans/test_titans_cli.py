"""`journal titans ...` end to end: the issue's exact command forms, JSON keys, refusals."""

from __future__ import annotations

import json

import pytest

NEW = ["titans", "new", "g", "--players", "2",
       "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,pilot=Ono,player=Ana,city=Tokyo",
       "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira,player=Bo,city=London",
       "--rift", "North=Flying", "--rift", "South=Amphibious", "--rift", "East=Mechanical",
       "--rift", "West=Terrestrial", "--seed", "7"]


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr or r.stdout
    return json.loads(r.stdout)


def t(journal, *args, **kw):
    return journal("titans", args[0], "-s", "g", *args[1:], **kw)


@pytest.fixture
def game(journal):
    journal(*NEW, ok=True)
    return journal


def state(journal):
    return j(journal, "show", "-s", "g")["state"]


def test_new_in_the_exact_form_of_the_issue(journal):
    d = j(journal, "titans", "new", "x", "--players", "2",
          "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2",
          "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2", "--seed", "3")
    st = d["state"]
    assert set(st["titans"]) == {"Atlas", "Brute"} and set(st["players"]) == {"P1", "P2"}
    assert st["titans"]["Brute"]["hp"] == 12 and st["threat"] == 0 and st["phase"] == "setup"
    assert st["titans"]["Atlas"]["pilot"] == "Atlas's pilot" and st["decks"]["pilots"] == 4
    assert sorted(d["rifts"].values()) == ["Amphibious", "Flying", "Mechanical", "Terrestrial"]
    out = journal("titans", "opening", "-s", "x")
    assert out.exit_code == 1 and "place every Titan" in out.stderr
    journal("titans", "move", "-s", "x", "Atlas", "Tokyo", ok=True)
    journal("titans", "move", "-s", "x", "P2", "Lima", ok=True)
    journal("titans", "opening", "-s", "x", ok=True)


def test_new_with_the_same_seed_draws_the_same_rifts(journal):
    args = ["--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2", "--seed", "11"]
    a = j(journal, "titans", "new", "a", *args)["rifts"]
    assert j(journal, "titans", "new", "b", *args)["rifts"] == a


def test_new_refuses_bad_titans_with_one_line(journal):
    for spec, msg in (("Atlas", "expected NAME:KEY=VALUE"), ("Atlas:hp=x,armor=1,combat=1,movement=1,repair=1",
                                                              "not a whole number"),
                      ("Atlas:hp=1,armor=1,combat=1,movement=1,repair=1,wings=2", "unknown key 'wings'"),
                      ("Atlas:hp=1,armor=1,combat=1,movement=1,repair=1,blow=fire", "Attack Tags are")):
        r = journal("titans", "new", "z", "--titan", spec)
        assert r.exit_code == 2 and msg in r.stderr and r.stderr.count("\n") == 1
    assert not (journal.saves / "z.toml").exists()


def test_show_json_has_the_documented_keys(game):
    st = state(game)
    assert {"threat", "tier", "players", "cities", "titans", "rifts", "phase", "turn"} <= set(st)
    assert {"type", "damage", "destroyed"} <= set(st["cities"]["Tokyo"])
    assert {"damage", "destroyed", "city"} <= set(st["titans"]["Atlas"])
    assert st["rifts"]["North"]["closed"] is False and "result" not in st


def test_opening_json_has_threat_tier_and_episodes_to_draw(game):
    d = j(game, "titans", "opening", "-s", "g")
    assert (d["threat"], d["tier"], d["episodes_to_draw"]) == (1, "green", 1)
    assert d["turn"] == 1 and d["lead"] == "Ana" and d["invader_moves"] == []


def test_a_turn_in_the_exact_forms_of_the_issue(game):
    t(game, "opening", ok=True)
    out = t(game, "invade", "--rift", "East", "--city", "Beijing", ok=True).stdout
    assert "Take M1" in out and "Beijing takes 1 Invasion Damage" in out
    out = t(game, "move", "Atlas", "Beijing", ok=True).stdout
    assert "M1's Mechanical ability" in out
    d = j(game, "titans", "attack", "-s", "g", "Atlas", "--successes", "3", "--target", "M1")
    assert d["destroyed"] == ["M1"] and d["credits"] == 1 and d["excess_lost"] == 1
    d = j(game, "titans", "attack", "-s", "g", "Brute", "--successes", "2", "--provoke", "--rift", "North")
    assert d["provoked"] == "F1" and d["destroyed"] == ["F1"]
    t(game, "tech", "Atlas", "equip", "Plasma Sword", "--slot", "hands", "--tag", "energy", ok=True)
    t(game, "next", ok=True)
    t(game, "damage", "--titan", "Atlas", "3", ok=True)
    t(game, "tech", "Atlas", "disable", "Plasma Sword", ok=True)
    d = j(game, "titans", "repair", "-s", "g", "Atlas", "--successes", "2", "--heal", "1", "--enable", "Plasma Sword")
    assert d["healed"] == 1 and d["enabled"] == ["Plasma Sword"]
    t(game, "develop", "Ana", "industry", ok=True)
    t(game, "develop", "Bo", "army", "--city", "London", "--count", "1", ok=True)
    st = state(game)
    assert st["titans"]["Atlas"]["tech"]["Plasma Sword"]["charges"] == 1      # re-enabled at 0, then +1 (step 2)
    assert len(st["players"]["Bo"]["supports"]) == 1 and st["players"]["Bo"]["credits"] == 0
    t(game, "tech", "Atlas", "charge", "Plasma Sword", "2", ok=True)
    t(game, "tech", "Atlas", "spend", "Plasma Sword", "1", ok=True)
    t(game, "tech", "Atlas", "discard", "Plasma Sword", ok=True)
    d = j(game, "titans", "ending", "-s", "g")
    assert d["lead"] == "Bo" and d["phase"] == "ending"
    st = state(game)
    assert st["titans"]["Atlas"]["tech"] == {} and st["decks"]["tech_discard"] == 1
    d = j(game, "titans", "opening", "-s", "g")
    assert d["threat"] == 2 and d["episodes_to_draw"] == 1                   # 2 players after the first invasion


def test_research_and_refresh(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    t(game, "attack", "Atlas", "--successes", "2", "--final-blow", ok=True)
    t(game, "credits", "Ana", "+3", "--reason", "Episode card", ok=True)
    t(game, "next", ok=True)
    r = t(game, "develop", "Ana", "research")
    assert r.exit_code == 2 and "--card NAME" in r.stderr
    d = j(game, "titans", "develop", "-s", "g", "Ana", "research", "--card", "Rail Gun", "--slot", "hand", "--cost", "1")
    assert d["slot"] == "hand1" and d["credits"] == 3
    d = j(game, "titans", "develop", "-s", "g", "Bo", "research", "--redraw")
    assert d["action"] == "research"
    st = state(game)
    assert st["decks"]["tech"] == 68 and st["decks"]["tech_discard"] == 3


def test_refresh_the_final_blow(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    t(game, "attack", "Atlas", "--successes", "2", "--final-blow", ok=True)
    t(game, "next", ok=True)
    r = t(game, "develop", "Ana", "refresh")                 # 1 Credit from T1; the Refresh Cost is 2
    assert r.exit_code == 1 and "costs 2 Credits and Ana has 1" in r.stderr
    t(game, "credits", "Atlas", "+1", ok=True)
    d = j(game, "titans", "develop", "-s", "g", "Ana", "refresh")
    assert d["credits"] == 0 and state(game)["titans"]["Atlas"]["blow_ready"] is True


def test_damage_takes_plain_negative_numbers_and_supports(game):
    t(game, "opening", ok=True)
    t(game, "damage", "--city", "Tokyo", "3", ok=True)
    d = j(game, "titans", "damage", "-s", "g", "--city", "Tokyo", "-2")
    assert d["damage"] == 1
    d = j(game, "titans", "threat", "-s", "g", "-1", "--reason", "Episode card")
    assert d["threat"] == 0
    d = j(game, "titans", "threat", "-s", "g", "=7", "--reason", "Episode card")
    assert d["tier"] == "white"
    t(game, "set", "players.Bo.supports", '[{city = "Toronto", damage = 0}, {city = "Toronto", damage = 0}]',
      ok=True)
    t(game, "damage", "--support", "Toronto", "3", ok=True)
    assert state(game)["players"]["Bo"]["supports"] == [{"city": "Toronto", "damage": 1}]
    r = t(game, "damage", "--city", "Tokyo", "--titan", "Atlas", "1")
    assert r.exit_code == 2 and "exactly one of" in r.stderr


def test_ending_assigns_damage(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    t(game, "set", "titans.Atlas.armor", "0", ok=True)
    d = j(game, "titans", "ending", "-s", "g", "--assign", "F1=Atlas")
    assert d["damage"] == [{"invader": "F1", "target": "Atlas", "kind": "titan", "damage": 1}]
    assert state(game)["titans"]["Atlas"]["damage"] == 1
    r = game("titans", "ending", "-s", "g", "--assign", "F1")
    assert r.exit_code == 2 and "INVADER=TARGET" in r.stderr


def test_trial_and_rift_close(game):
    t(game, "opening", ok=True)
    for pid in ("F1", "F2", "F5"):
        t(game, "invader", pid, "--lair", ok=True)
    t(game, "pass", "Ana", ok=True)                     # Ana (the Lead Character) acts first, or passes
    t(game, "move", "Brute", "North", ok=True)
    out = t(game, "trial", "Brute", "--rift", "North", "pass", ok=True).stdout
    assert "second part of the Rift Token" in out
    t(game, "ending", ok=True)
    t(game, "opening", ok=True)
    d = j(game, "titans", "rift", "close", "-s", "g", "North", "--titan", "Brute", "--city", "Toronto",
          "--artifact", "Storm Crown")
    assert d["threat"] == 1 and d["artifact"] == "Storm Crown"
    st = state(game)
    assert st["rifts"]["North"]["closed"] is True and st["titans"]["Brute"]["city"] == "Toronto"


def test_destroyed_titan_pilot_and_reentry(game):
    t(game, "opening", ok=True)
    out = t(game, "damage", "--titan", "Atlas", "10", "--direct", ok=True).stdout
    assert "pilot-check Atlas" in out
    d = j(game, "titans", "pilot-check", "-s", "g", "Atlas", "--red")
    assert d["red"] is True and d["threat"] == 3
    t(game, "ending", ok=True)
    t(game, "opening", ok=True)
    d = j(game, "titans", "reenter", "-s", "g", "Atlas", "Cairo", "--pilot", "Nova")
    assert d["damage"] == 9 and d["pilot"] == "Nova"
    d = j(game, "titans", "pilot-dies", "-s", "g", "Bo")
    assert d["pilot"] == "Kira"
    t(game, "pilot", "Brute", "Rook", ok=True)
    assert state(game)["titans"]["Brute"]["pilot"] == "Rook"


def test_loss_at_threat_21_and_result_in_show(game):
    t(game, "opening", ok=True)
    d = j(game, "titans", "threat", "-s", "g", "+25", "--reason", "Episode card")
    assert d["threat"] == 21 and d["result"] == "lost"
    st = state(game)
    assert st["result"] == "lost" and st["phase"] == "over"
    r = t(game, "opening")
    assert r.exit_code == 1 and "the game is over" in r.stderr


def test_refused_commands_change_no_file_and_say_one_line(game):
    t(game, "opening", ok=True)
    before = game.files("g")
    for args in (["move", "Atlas", "Paris", "--bonus", "-1"], ["move", "Atlas", "Atlantis"],
                 ["attack", "Atlas", "--successes", "2"], ["invade", "--rift", "Nowhere", "--city", "Tokyo"],
                 ["develop", "Zed", "industry"],
                 ["repair", "Atlas", "--successes", "-1"], ["ending", "--assign", "F1=Atlas"],
                 ["tech", "Atlas", "spend", "Gun", "1"], ["pilot-check", "Atlas", "--red"],
                 ["set", "threat", "99"], ["set", "cities.Tokyo.damage", "7"]):
        r = t(game, *args)
        assert r.exit_code in (1, 2), args  # a refusal (1) or a bad value (2)
        assert r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, (args, r.stderr)
        assert game.files("g") == before, args
    r = game("titans", "rift", "close", "-s", "g", "North", "--titan", "Brute")
    assert r.exit_code == 1 and "pass the Trial first" in r.stderr and game.files("g") == before


def test_usage_errors_exit_2(game):
    assert t(game, "trial", "Atlas", "--rift", "North", "maybe").exit_code == 2
    assert t(game, "develop", "Ana", "sleep").exit_code == 2
    assert t(game, "invade", "--rift", "North").exit_code == 2


def test_set_by_hand_with_quoted_keys(game):
    t(game, "set", 'cities."New York".damage', "2", ok=True)
    assert state(game)["cities"]["New York"]["damage"] == 2
    r = t(game, "set", 'cities."New York".destroyed', "true")
    assert r.exit_code == 2 and "destroyed exactly when its damage reaches its HP" in r.stderr
    t(game, "set", "threat", "12", ok=True)
    assert state(game)["tier"] == "blue"
    assert t(game, "set", "lead", "Bo", ok=True)
    assert state(game)["lead"] == "Bo"


def test_own_board_and_invader_files(journal, tmp_path):
    board = tmp_path / "board.toml"
    board.write_text('[cities.Alpha]\ntype = "refuge"\nyellow = "Beta"\ngreen = "Gamma"\n'
                     '[cities.Beta]\ntype = "metropolis"\nyellow = "Gamma"\ngreen = "Alpha"\n'
                     '[cities.Gamma]\ntype = "metropolis"\nyellow = "Alpha"\ngreen = "Beta"\n'
                     '[rifts.Deep]\nthreatens = ["Alpha"]\n')
    sec = "{ hp = 2, dmg = 1 }"
    cards = "".join(f"[[Crab.card]]\nreward = {r}\ngreen = {sec}\nwhite = {sec}\nblue = {sec}\nred = {sec}\n"
                    for r in (1, 1, 2, 2, 3))
    inv = tmp_path / "inv.toml"
    inv.write_text('[Crab]\ncategory = "amphibious"\ncode = "CR"\n' + cards)
    d = j(journal, "titans", "new", "own", "--titan", "Atlas:hp=5,armor=0,combat=2,movement=1,repair=1,city=Alpha",
          "--board", str(board), "--invaders", str(inv), "--seed", "1")
    st = d["state"]
    assert st["rifts"] == {"Deep": {"type": "Crab", "threatens": ["Alpha"], "guardians": ["CR1", "CR2", "CR5"],
                                    "lair": ["CR3", "CR4"], "trial": "sealed", "closed": False}}
    assert st["board"] == "board.toml" and st["invader_cards"] == "inv.toml"
    r = journal("titans", "new", "bad", "--titan", "A:hp=5,armor=0,combat=2,movement=1,repair=1",
                "--board", str(tmp_path / "nope.toml"))
    assert r.exit_code == 2 and "no such file" in r.stderr
    inv.write_text("[Crab\n")
    r = journal("titans", "new", "bad", "--titan", "A:hp=5,armor=0,combat=2,movement=1,repair=1",
                "--board", str(board), "--invaders", str(inv))
    assert r.exit_code == 2 and "inv.toml' line 1, column 6: TOML syntax error" in r.stderr


def test_dice_face_table_lets_journal_roll(journal):
    from journal import templates

    journal(*NEW, "--dice", str(templates.path("titans", "dice-sample.toml")), ok=True)
    t(journal, "opening", ok=True)
    t(journal, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    d = j(journal, "titans", "attack", "-s", "g", "Atlas", "--roll", "1", "--roll", "2", "--roll", "6",
          "--roll", "6")
    assert d["successes"] == 2 and d["rolled"] and [r["source"] for r in d["rolls"]] == ["entered"] * 4
    r = t(journal, "check", "Atlas", "movement", "--roll", "7")
    assert r.exit_code == 2 and "expected 1-6" in r.stderr
    d = j(journal, "titans", "check", "-s", "g", "Brute", "repair")
    assert len(d["rolls"]) == 2 and all(x["source"] == "rolled" for x in d["rolls"])


def test_undo_restores_the_exact_save(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    before = game.files("g")
    t(game, "ending", "--assign", "F1=Atlas", ok=True)
    game("undo", "-s", "g", ok=True)
    assert game.files("g") == before


def test_batch_runs_a_turn(game, tmp_path):
    f = tmp_path / "turn.txt"
    f.write_text("titans opening\ntitans invade --rift South --city 'Sao Paulo'\ntitans pass Ana\n"
                 "titans move Brute Paris\n"
                 "titans next\ntitans develop Ana industry\ntitans develop Bo industry\ntitans ending\n")
    out = game("batch", "-s", "g", str(f), ok=True).stdout
    assert "Ran 8 command(s)" in out
    st = state(game)
    assert st["invaders"]["A1"]["city"] == "Sao Paulo" and st["players"]["Bo"]["credits"] == 2


def test_check_names_a_hand_edited_key(game):
    path = game.saves / "g.toml"
    path.write_text(path.read_text().replace("threat = 0", "threat = 30"))
    r = game("check", "-s", "g")
    assert r.exit_code == 1 and "state.threat = 30 is outside 0..21" in r.stdout
    assert t(game, "opening").exit_code == 1


def test_show_and_list_speak_the_game(game):
    out = game("show", "-s", "g", ok=True).stdout
    assert "THREAT  0/21" in out and "Next: Start turn 1: journal titans opening" in out
    assert "Setup" in game("list", ok=True).stdout or "turn 0" in game("list", ok=True).stdout


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_and_blank_sheet(game, tmp_path, paper):
    from pypdf import PdfReader

    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    d = j(game, "pdf", "-s", "g", "-o", str(tmp_path / "g.pdf"), "--paper", paper)
    text = "".join(p.extract_text() for p in PdfReader(d["pdf"]).pages)
    assert "THREAT 1: Green tier" in text and "Atlas" in text and "Invaders on the board" in text
    d = j(game, "sheet", "titans", "-o", str(tmp_path / "b.pdf"), "--paper", paper)
    assert d["pages"] >= 3


def test_the_demo_plays_two_turns_of_a_two_player_game(journal):
    from journal import demo
    from journal.cli import root
    from journal.runtime import Runtime

    rt = Runtime(journal.saves, False, [])
    rt.configured = True
    made = demo.run_one(rt, root, "titans", "War Titans")
    assert made["save"] == "demo-titans" and made["entries"] > 20
    journal("check", "-s", "demo-titans", ok=True)
    st = journal.state("demo-titans")
    assert st["turn"] == 2 and st["phase"] == "ending" and len(st["players"]) == 2
    first = (journal.saves / "demo-titans.toml").read_bytes()
    demo.run_one(rt, root, "titans", "War Titans")
    assert (journal.saves / "demo-titans.toml").read_bytes() == first


def test_a_schema_2_save_with_a_stored_tier_is_read_and_upgraded(game):
    """Schema 3 derives the tier from THREAT: an older save's stored tier is dropped as it is
    read, the next command writes the save without it, and `show --json` still shows it."""
    t(game, "opening", ok=True)
    t(game, "threat", "=7", "--reason", "card", ok=True)
    path = game.saves / "g.toml"
    text = path.read_text()
    assert "schema = 3" in text and "tier" not in text
    path.write_text(text.replace("schema = 3", "schema = 2").replace("threat = 7\n", 'threat = 7\ntier = "white"\n'))
    assert 'tier = "white"' in path.read_text()
    game("check", "-s", "g", ok=True)
    assert state(game)["tier"] == "white"
    t(game, "threat", "+4", "--reason", "card", ok=True)
    text = path.read_text()
    assert "schema = 3" in text and "tier" not in game.state("g") and game.state("g")["threat"] == 11
    assert state(game)["tier"] == "blue"
    game("undo", "-s", "g", ok=True)                       # back to the schema-2 text, read as before
    assert 'tier = "white"' in path.read_text() and state(game)["tier"] == "white"
    game("check", "-s", "g", ok=True)


def test_the_migration_to_schema_3_drops_the_stored_tier():
    from journal.games import titans

    assert titans.MIGRATIONS[2]({"threat": 7, "tier": "white", "turn": 1}) == {"threat": 7, "turn": 1}


def test_new_and_show_json_give_the_derived_tier(journal):
    d = j(journal, *NEW)
    assert d["state"]["tier"] == "green" and "tier" not in journal.state("g")
    journal("titans", "set", "-s", "g", "threat", "16", ok=True)
    assert state(journal)["tier"] == "red" and "tier" not in journal.state("g")
