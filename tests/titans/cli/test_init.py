"""The `journal titans` commands together (cli/__init__.py): exit codes (1 a refusal, 2 a usage
error) with one line and no file changed, undo, batch, the demo, values in any case, hints
that name whole commands and quote names with spaces."""

from __future__ import annotations

import pytest

from journal.errors import NeedChoice
from journal.games.titans.rules import fight, model
from titans.titans_helpers import apply, fighting, mechanical_blue_game, put, shown_state, skip_repairs, t


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
        said = r.stderr.splitlines()  # one Error line, then the commands it names, if any, one a line
        assert said[0].startswith("Error: ") and all(c.startswith("  journal titans ") for c in said[1:]), args
        assert game.files("g") == before, args
    r = game("titans", "rift", "close", "-s", "g", "North", "--titan", "Brute")
    assert r.exit_code == 1 and "pass the Trial first" in r.stderr and game.files("g") == before


def test_usage_errors_exit_2(game):
    assert t(game, "trial", "Atlas", "--rift", "North", "maybe").exit_code == 2
    assert t(game, "develop", "Ana", "sleep").exit_code == 2
    assert t(game, "invade", "--rift", "North").exit_code == 2


def test_undo_restores_the_exact_save(game):
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    skip_repairs(game, "Atlas", "Brute")
    before = game.files("g")
    t(game, "ending", "--assign", "F1=Atlas", ok=True)
    game("undo", "-s", "g", ok=True)
    assert game.files("g") == before


def test_batch_runs_a_turn(game, tmp_path):
    f = tmp_path / "turn.txt"
    f.write_text("titans opening\ntitans invade --rift South --city 'Sao Paulo'\ntitans pass Ana\n"
                 "titans move Brute Paris\n"
                 "titans next\ntitans repair Atlas --successes 0\ntitans repair Brute --skip\n"
                 "titans develop Ana industry\ntitans develop Bo industry\ntitans ending\n")
    out = game("batch", "-s", "g", str(f), ok=True).stdout
    assert "Ran 10 commands" in out
    st = shown_state(game)
    assert st["invaders"]["A1"]["city"] == "Sao Paulo" and st["players"]["Bo"]["credits"] == 2


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


def test_a_batch_line_missing_a_choice_is_refused_naming_the_option(journal):
    mechanical_blue_game(journal)
    before = journal.files("g")
    r = journal("batch", "-s", "g", "-", input="titans move Atlas Beijing\n")
    assert r.exit_code == 2 and journal.files("g") == before
    assert "line 1: --disable CARD is required" in r.stderr and "Gun, Visor" in r.stderr


def test_values_listed_in_a_help_are_accepted_in_any_case(game):
    t(game, "opening", ok=True)
    t(game, "tech", "Atlas", "EQUIP", "Plasma Sword", "--slot", "HANDS", "--tag", "Energy", ok=True)
    assert game.state("g")["titans"]["Atlas"]["tech"]["Plasma Sword"]["tags"] == ["energy"]
    assert t(game, "check", "Atlas", "Combat").exit_code == 1    # refused for want of a table, not for the value
    assert "is not one of" not in t(game, "odds", "Atlas", "MOVEMENT").stderr


def test_hints_quote_names_with_spaces(journal):
    args = ["titans", "new", "q", "--titan", "Atlas Prime:hp=10,armor=1,combat=4,movement=3,repair=2,player=Ana Maria",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,player=Bo", "--seed", "3"]
    out = journal(*args, ok=True).stdout
    assert "journal titans move 'Atlas Prime' CITY" in out
    journal("titans", "move", "Atlas Prime", "Tokyo", ok=True)
    journal("titans", "move", "Bo", "Lima", ok=True)
    journal("titans", "opening", ok=True)
    journal("titans", "next", ok=True)
    r = journal("titans", "pass", "Bo")
    assert r.exit_code == 1 and "journal titans pass 'Ana Maria'" in r.stderr


@pytest.mark.parametrize("args", [["threat", "+0"], ["damage", "--city", "Tokyo", "abc"],
                                  ["invader", "F1", "--damage", "-1"], ["develop", "Ana", "army"],
                                  ["odds", "Zed", "combat"]])
def test_a_malformed_value_is_a_usage_error_exit_2(game, args):
    t(game, "opening", ok=True)
    r = t(game, *args)
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.parametrize("args,told", [(["threat", "x"], "'x' is not a DELTA"),
                                       (["threat", "0"], "'0' could mean either: type +0 to add 0, or =0 to set it"),
                                       (["credits", "Ana", "+x"], "'+x' is not a DELTA")])
def test_a_malformed_delta_is_a_usage_error_naming_the_delta(game, args, told):
    """A DELTA is +N or -N (a change) or =N (a value): anything else, a bare number too, is refused
    as Click refuses any bad argument (exit 2, with the command's usage)."""
    r = t(game, *args)
    assert r.exit_code == 2 and f"Error: Invalid value for 'DELTA': {told}" in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["lead", "Ana"], ["credits", "Bo", "-1"], ["end", "won"], ["reenter", "Atlas", "Cairo"],
                                  ["attack", "Atlas", "--successes", "2"], ["pilot", "Atlas", "Nova"]])
def test_a_rules_refusal_is_exit_1(game, args):
    t(game, "opening", ok=True)
    r = t(game, *args)
    assert r.exit_code == 1 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr


def test_every_command_that_can_trigger_an_adjacent_effect_has_the_option_that_answers_it(journal):
    """A Mechanical invader's effect may damage an adjacent city when a Titan enters its city
    (move, a failed Trial, a closed rift): each of those commands takes --adjacent, as its
    refusal in a script says."""
    s = put(fighting(), "M1", "Sydney")
    s["cards"]["M1"]["effect"] = [{"adjacent": 1} for _ in model.TIERS]
    with pytest.raises(NeedChoice, match="--adjacent CITY is required"):
        fight.move(s, None, "Atlas", "Sydney")
    out = apply(fight.move, s, "Atlas", "Sydney", adjacent=("Tokyo",))
    assert out.state["cities"]["Tokyo"]["damage"] == 1
    from journal.games.titans.cli import titans as titans_group

    for name in ("move", "trial", "invade", "attack", "defeat"):
        cmd = titans_group.get_command(None, name)
        assert "--adjacent" in [o for p in cmd.params for o in getattr(p, "opts", [])], name
    close = titans_group.get_command(None, "rift").commands["close"]
    assert "--adjacent" in [o for p in close.params for o in getattr(p, "opts", [])]


def test_an_option_typed_twice_is_a_usage_error(game):
    """Issue 19 item 28: an option that takes one value, typed twice, is a usage error (exit 2), not
    "the last one wins" — in a War Titans command too."""
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    before = game.files("g")
    for args, said in ((["attack", "Atlas", "--successes", "2", "--successes", "3"], "--successes is given twice"),
                       (["threat", "+1", "--reason", "a", "--reason", "b"], "--reason is given twice"),
                       (["move", "Atlas", "Cairo", "--bonus", "1", "--bonus=2"], "--bonus is given twice")):
        r = t(game, *args)
        assert r.exit_code == 2 and said in r.stderr and r.stderr.count("\n") == 1, (args, r.stderr)
    assert game.files("g") == before


def test_a_bare_number_to_a_tracker_names_both_readings(game):
    """Issue 20 §3: `titans threat 3` could mean +3 or =3: a usage error naming both."""
    r = t(game, "threat", "3")
    assert r.exit_code == 2 and "'3' could mean either: type +3 to add 3, or =3 to set it to 3" in r.stderr
    r = t(game, "credits", "Ana", "3")
    assert r.exit_code == 2 and "+3" in r.stderr and "=3" in r.stderr


def test_every_number_is_bounded_by_what_the_table_can_show(game):
    """Issue 20 §3: `attack --successes 99` with 4 dice is refused naming the most they can give;
    the other numbers a player types are bounded too, each refusal naming the range."""
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    before = game.files("g")
    r = t(game, "attack", "Atlas", "--successes", "99")
    assert r.exit_code == 2 and r.stderr == ("Error: --successes 99: Atlas's 4 dice in this Combat Check (Combat 4) "
                                             "give at most 4 successes (more dice from a card: --bonus-dice N)\n")
    assert game.files("g") == before
    t(game, "attack", "Atlas", "--successes", "6", "--bonus-dice", "2", ok=True)
    before = game.files("g")
    for args, said in ((["move", "Atlas", "Cairo", "--bonus", "100"], "--bonus 100: extra movement from a card is "
                                                                      "0-99"),
                       (["damage", "--city", "Paris", "100"], "N 100: damage by hand is -99-99"),
                       (["credits", "Ana", "+998"], None), (["credits", "Ana", "+1"], "1000 would be more than the 999"),
                       (["check", "Atlas", "combat", "--bonus-dice", "61"], "--bonus-dice 61: extra dice are 0-60"),
                       (["tech", "Atlas", "spend", "Gun", "4"], "spend CARD N (1-3, T6)"),
                       (["supports", "Ana", "--from", "Tokyo", "--to", "Cairo", "--count", "4"],
                        "--count 4: a player moves 1-3")):
        r = t(game, *args)
        if said is None:
            assert r.exit_code == 0, r.stderr
            before = game.files("g")
            continue
        assert r.exit_code in (1, 2) and said in r.stderr, (args, r.stderr)
        assert game.files("g") == before


def test_no_output_says_s_in_brackets(game):
    """Issue 20 §3: singular and plural as a person writes them ("1 Support", "2 Supports")."""
    t(game, "opening", ok=True)
    t(game, "next", ok=True)
    t(game, "next", ok=True)
    t(game, "repair", "Atlas", "--successes", "0", ok=True)
    t(game, "repair", "Brute", "--skip", ok=True)
    t(game, "credits", "Ana", "+3", ok=True)
    outs = [t(game, "develop", "Ana", "army", "--city", "Paris", "--count", "2", ok=True).stdout,
            t(game, "develop", "Bo", "industry", ok=True).stdout,
            t(game, "supports", "Ana", "--from", "Paris", "--to", "London", "--count", "2", ok=True).stdout,
            game("log", "-s", "g", ok=True).stdout]
    assert "2 Supports" in outs[0] and not any("(s)" in out for out in outs)
