"""One vocabulary, hints you can paste (issue 10) for War Titans: --reason on by-hand changes,
`end won|lost`, `odds`, values in any case, templates:titans/FILE, whole-command hints, output
that fits 100 columns, exit codes."""

from __future__ import annotations

import json
import tomllib

import pytest
import tomli_w
from titans_helpers import DICE_TABLE, apply, fighting, put

from journal.errors import NeedChoice, RuleError
from journal.games import titans as game
from journal.games.titans.rules import checks, fight, model, upgrade

NEW = ["titans", "new", "g", "--players", "2",
       "--titan", "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,pilot=Ono,player=Ana,city=Tokyo",
       "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira,player=Bo,city=London",
       "--rift", "North=Flying", "--rift", "South=Amphibious", "--rift", "East=Mechanical",
       "--rift", "West=Terrestrial", "--seed", "7"]
DICE = ["--dice", "templates:titans/dice-sample.toml"]


def t(journal, *args, **kw):
    return journal("titans", args[0], "-s", "g", *args[1:], **kw)


def j(journal, *args):
    r = journal("--json", *args)
    assert r.exit_code == 0, r.stderr or r.stdout
    return json.loads(r.stdout)


@pytest.fixture
def g(journal):
    journal(*NEW, ok=True)
    return journal


@pytest.fixture
def rolling(journal):
    journal(*NEW, *DICE, ok=True)
    return journal


def test_every_by_hand_change_takes_an_optional_reason_kept_in_the_log(g):
    t(g, "opening", ok=True)
    t(g, "invade", "--rift", "North", "--city", "Tokyo", ok=True)
    out = t(g, "threat", "+1", ok=True).stdout                         # no longer required
    assert "THREAT 1 → 2 (by hand): move the Alert Token up." in out
    out = t(g, "threat", "+2", "--reason", "Episode card: the Tyrants stir", ok=True).stdout
    assert "THREAT 2 → 4 (Episode card: the Tyrants stir)" in out
    t(g, "credits", "Ana", "+2", "--reason", "card 12", ok=True)
    t(g, "damage", "--city", "Paris", "1", "--reason", "card 13", ok=True)
    t(g, "lead", "Bo", "--reason", "card 14", ok=True)
    t(g, "invader", "F1", "--damage", "1", "--reason", "card 15", ok=True)
    t(g, "set", "players.Bo.credits", "3", "--reason", "card 16", ok=True)
    t(g, "defeat", "F1", "--titan", "Atlas", "--reason", "card 17", ok=True)
    t(g, "pilot-dies", "Bo", "--reason", "card 18", ok=True)
    log = g("log", "-s", "g", "--tail", "8", ok=True).stdout
    assert "THREAT 2 → 4 (reason: Episode card: the Tyrants stir)" in log
    for n in range(12, 19):
        assert f"(reason: card {n})" in log, n
    t(g, "damage", "--titan", "Atlas", "1", ok=True)                   # optional everywhere


def _to_the_final_episode(journal, name: str) -> None:
    """Every rift closed and the Final Episode drawn, as a hand edit of the save."""
    path = journal.saves / f"{name}.toml"
    doc = tomllib.loads(path.read_text("utf-8"))
    st = doc["state"]
    for r in st["rifts"].values():
        r.update(closed=True, trial="defeated", lair=sorted(r["guardians"] + r["lair"]), guardians=[])
    st["phase"], st["decks"]["final"], st["turn"] = "final", 3, 1
    path.write_text(tomli_w.dumps(doc), "utf-8")


def test_end_won_or_lost_ends_the_game_and_final_stays_an_unlisted_alias(g):
    r = t(g, "end", "won")
    assert r.exit_code == 1 and "the game ends with the Final Episode" in r.stderr
    assert "journal titans threat =21 --reason TEXT" in r.stderr
    _to_the_final_episode(g, "g")
    g("check", "-s", "g", ok=True)
    assert "journal titans end won or journal titans end lost" in g("show", "-s", "g", ok=True).stdout
    d = j(g, "titans", "end", "-s", "g", "WON", "--reason", "Final Episode: the Tyrant Queen falls")
    assert d["result"] == "won" and d["phase"] == "over"
    assert j(g, "log", "-s", "g", "--tail", "1")[0]["reason"] == "Final Episode: the Tyrant Queen falls"
    g("undo", "-s", "g", ok=True)
    t(g, "final", "lost", ok=True)
    assert g.state("g")["result"] == "lost"
    listed = g("titans", "--help", ok=True).stdout
    assert " end " in listed and " final " not in listed


def test_odds_gives_the_exact_chance_of_at_least_k_successes(rolling):
    # the sample table's faces: red, bolt, bolt, gear, wing, blank; combat succeeds on red and
    # bolt (3 faces of 6). Atlas rolls 4 dice: at least 1 = 1 - (1/2)^4 = 15/16, at least 2 =
    # 1 - 1/16 - 4/16 = 11/16, at least 3 = (4 + 1)/16, all 4 = 1/16
    d = j(rolling, "titans", "odds", "-s", "g", "Atlas", "combat")
    assert d["dice"] == 4 and d["successes_on"] == ["red", "bolt"] and not d["red_counts_two"]
    assert d["at_least"] == pytest.approx([1, 15 / 16, 11 / 16, 5 / 16, 1 / 16])
    assert d["expected"] == pytest.approx(2)
    # repair succeeds on gear and red (2 of 6); Brute rolls 2 + 1 bonus die: 1 - (2/3)^3 = 19/27,
    # at least 2 = 3·(1/3)²·(2/3) + 1/27 = 7/27, all 3 = 1/27
    d = j(rolling, "titans", "odds", "-s", "g", "Brute", "REPAIR", "--bonus-dice", "1")
    assert d["dice"] == 3 and d["at_least"] == pytest.approx([1, 19 / 27, 7 / 27, 1 / 27])
    out = rolling("titans", "odds", "-s", "g", "Atlas", "combat", ok=True).stdout
    assert "Atlas's Combat Check: 4 dice (Combat 4); a success on red, bolt." in out
    assert "          1               93.8%" in out and "Expected successes: 2.00." in out


def test_odds_count_the_red_symbol_twice_with_a_two_handed_tech_card():
    s = fighting(die_table=DICE_TABLE)
    s = apply(upgrade.tech, s, "Atlas", "equip", "Maul", slot="hands").state
    s["titans"]["Atlas"]["combat"] = 2
    # one die: 2 successes on red (1/6), 1 on bolt (2/6), none on the 3 others; two dice:
    # 0 → 9/36, 1 → 12/36, 2 → 6/36 + 4/36, 3 → 4/36, 4 → 1/36
    o = checks.odds(s, "Atlas", "combat")
    assert o["red_counts_two"] and o["at_least"] == pytest.approx([1, 27 / 36, 15 / 36, 5 / 36, 1 / 36])


def test_odds_of_a_combat_check_count_the_amphibious_invaders_where_the_titan_stands():
    s = put(fighting(die_table=DICE_TABLE), "A1", "Tokyo")      # A1 (Green): the attacker rolls 1 die less
    o = checks.odds(s, "Atlas", "combat")
    assert o["dice"] == 3 and [p["source"] for p in o["pool"]] == ["Combat", "A1"]


def test_odds_and_check_without_a_face_table_say_how_to_set_one_up(g):
    for cmd in (("odds", "Atlas", "combat"), ("check", "Atlas", "combat")):
        r = t(g, *cmd)
        assert r.exit_code == 1, cmd
        assert "journal titans new NAME --titan TITAN --dice templates:titans/dice-sample.toml" in r.stderr
        assert "--successes" not in r.stderr                     # `check` has no such option
    t(g, "opening", ok=True)
    t(g, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    r = t(g, "attack", "Atlas")                                  # `attack` has: it is what is missing
    assert r.exit_code == 2 and r.stderr.startswith("Error: count the successes on your custom dice and type them: "
                                                    "journal titans attack Atlas --successes N")


def test_shipped_data_files_are_named_templates_titans_file(journal):
    args = [a for a in NEW if a != "g"]
    args.insert(2, "x")
    d = j(journal, *args, "--board", "templates:titans/board-sample.toml",
          "--invaders", "templates:titans/invaders-sample.toml", *DICE)
    assert d["state"]["dice"]["faces"][0] == "red"
    r = journal(*args, "--board", "templates:titans/no-such-board.toml")
    assert r.exit_code == 2 and "templates:titans/board-sample.toml" in r.stderr


def test_values_listed_in_a_help_are_accepted_in_any_case(g):
    t(g, "opening", ok=True)
    t(g, "tech", "Atlas", "EQUIP", "Plasma Sword", "--slot", "HANDS", "--tag", "Energy", ok=True)
    assert g.state("g")["titans"]["Atlas"]["tech"]["Plasma Sword"]["tags"] == ["energy"]
    assert t(g, "check", "Atlas", "Combat").exit_code == 1    # refused for want of a table, not for the value
    assert "is not one of" not in t(g, "odds", "Atlas", "MOVEMENT").stderr


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


def test_a_titan_facing_a_tyrant_is_told_the_whole_commands():
    s = fighting()
    s["rifts"]["North"].update(trial="tyrant", challenger="Atlas", trial_turn=0, guardians=[],
                               lair=["F1", "F2", "F3", "F4", "F5"])
    s["titans"]["Atlas"].pop("city")
    s["titans"]["Atlas"]["rift"] = "North"
    with pytest.raises(RuleError) as e:
        fight.move(s, None, "Atlas", "Tokyo")
    assert ("`journal titans rift close North --titan Atlas` or `journal titans trial Atlas fail --rift North "
            "--to CITY`") in str(e.value)


def busy_titans(journal):
    """A three-player game in its second turn with long names, Supports, Tech Cards and invaders."""
    journal("titans", "new", "busy", "--players", "3", *DICE,
            "--titan", "Atlas Prime:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,blow=energy+melee,"
                       "pilot=O.N.E.,player=Ana Maria,city=New York",
            "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira Vex,player=Bo,city=London",
            "--titan", "Cora:hp=8,armor=0,combat=3,movement=4,repair=3,pilot=Mox,player=Cy,city=Sao Paulo",
            "--seed", "5", ok=True)
    for cmd in (["opening"], ["invade", "--rift", "North", "--city", "New York"],
                ["move", "Atlas Prime", "Toronto"], ["attack", "Brute", "--provoke", "--rift", "East",
                                                      "--successes", "1"],
                ["pass", "Cy"], ["next"], ["credits", "Bo", "+9"], ["develop", "Ana Maria", "industry"],
                ["develop", "Bo", "army", "--city", "London", "--count", "3"],
                ["tech", "Brute", "equip", "Very Long Named Plasma Sword Mk II", "--slot", "hands", "--tag",
                 "energy", "--bonus", "combat+1"],
                ["tech", "Cora", "equip", "Visor", "--slot", "head", "--bonus", "repair+1"],
                ["develop", "Cy", "industry"], ["supports", "Bo", "--from", "London", "--to", "Paris"],
                ["face-up", "Rail Gun", "Ion Shield"], ["invader", "T1", "--city", "London"],
                ["invader", "M1", "--city", "London"], ["invader", "F2", "--city", "London", "--damage", "1"]):
        journal("titans", *cmd, "-s", "busy", ok=True)
    return journal


def test_show_and_odds_of_a_busy_game_fit_100_columns(journal):
    busy_titans(journal)
    state = journal.state("busy")
    rows = game.summary(state)
    assert max(len(r) for r in rows if r.startswith(" ")) <= 100     # the tables, before any wrapping
    for cmd in (["show"], ["log"], ["titans", "odds", "Brute", "combat"]):
        out = journal(*cmd, "-s", "busy", ok=True).stdout
        assert max(len(line) for line in out.splitlines()) <= 100, cmd
    out = journal("titans", "ending", "-s", "busy", "--assign", "T1=city", "--assign", "M1=city",
                  "--assign", "F2=yellow", "--assign", "F1=city", "--assign", "A1=city", ok=True).stdout
    assert max(len(line) for line in out.splitlines()) <= 100
    wide = journal("titans", "ending", "-s", "busy", env={"COLUMNS": "60"})
    assert wide.exit_code == 1                                   # (the turn is over) ...
    out = journal("show", "-s", "busy", env={"COLUMNS": "60"}, ok=True).stdout
    assert max(len(line) for line in out.splitlines() if not line.startswith(" ")) <= 60   # prose at 60


@pytest.mark.parametrize("args", [["threat", "+0"], ["damage", "--city", "Tokyo", "abc"],
                                  ["invader", "F1", "--damage", "-1"], ["develop", "Ana", "army"],
                                  ["odds", "Zed", "combat"]])
def test_a_malformed_value_is_a_usage_error_exit_2(g, args):
    t(g, "opening", ok=True)
    r = t(g, *args)
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.stderr


@pytest.mark.parametrize("args,told", [(["threat", "x"], "'x' is not a DELTA"),
                                       (["threat", "0"], "'0' could mean either: type +0 to add 0, or =0 to set it"),
                                       (["credits", "Ana", "+x"], "'+x' is not a DELTA")])
def test_a_malformed_delta_is_a_usage_error_naming_the_delta(g, args, told):
    """A DELTA is +N or -N (a change) or =N (a value): anything else, a bare number too, is refused
    as Click refuses any bad argument (exit 2, with the command's usage)."""
    r = t(g, *args)
    assert r.exit_code == 2 and f"Error: Invalid value for 'DELTA': {told}" in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["lead", "Ana"], ["credits", "Bo", "-1"], ["end", "won"], ["reenter", "Atlas", "Cairo"],
                                  ["attack", "Atlas", "--successes", "2"], ["pilot", "Atlas", "Nova"]])
def test_a_rules_refusal_is_exit_1(g, args):
    t(g, "opening", ok=True)
    r = t(g, *args)
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
