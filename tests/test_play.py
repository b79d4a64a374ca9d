"""`journal play`, the table shell, from a pipe: each line runs through the real command tree
(same rules, log, undo and errors as the CLI); a refused line says so and the rest go on.
Also the pieces the terminal uses: completion from the Click tree and the games' `names`, the
status line, the menu's answers. (On a pseudo-terminal: test_play_terminal.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from journal.cli import root
from journal.play import shell
from journal.play.completion import Completer, partial_words, quoted
from journal.runtime import Runtime
from journal_testing import EPM_NEW, Runner

TITANS_NEW = ["titans", "new", "earth", "--players", "2", "--titan",
              "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,refresh=2,blow=energy,pilot=O.N.E.,player=Ana,"
              "city=Tokyo", "--titan", "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Kira,player=Bo,"
              "city=London", "--rift", "North=Amphibious", "--rift", "South=Flying", "--rift", "East=Mechanical",
              "--rift", "West=Terrestrial", "--seed", "7"]
PULP_NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6", "--science",
            "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3", "--hegemony",
            "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]
PULP_ROUND = ["pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"]


def play(journal, text: str, *args, env=None):
    return journal("play", *args, input=text, env=env)


def commands(journal, name: str) -> list[str]:
    return [e["command"] for e in json.loads(journal("--json", "log", "-s", name, ok=True).stdout)]


# --- piped lines ------------------------------------------------------------------------

def test_play_runs_each_piped_line_as_the_cli_would_and_logs_the_same_commands(camp, tmp_path):
    lines = ["card 3", "challenge piloting --character Ana --roll 3", "", "# the table talks", "journal epm odds "
             "strength --character Bo", "epm item add \"Jet Pack\" --owner Bo --booster piloting:+2",
             "note Ana found a map", "track epm -2 --reason 'a kind card'"]
    r = play(camp, "\n".join(lines) + "\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    assert "Read Story Card 3 of Zorb." in r.stdout and "Ana rolls 3 +1 piloting = 4: WIN" in r.stdout
    assert "Chance to win: 66.7%." in r.stdout
    # the same commands typed one by one on the command line leave the same state and log
    cli = Runner(tmp_path / "cli")
    cli(*EPM_NEW, ok=True)
    for args in (["epm", "card", "3"], ["epm", "challenge", "piloting", "--character", "Ana", "--roll", "3"],
                 ["epm", "item", "add", "Jet Pack", "--owner", "Bo", "--booster", "piloting:+2"],
                 ["note", "Ana", "found", "a", "map"], ["epm", "track", "epm", "-2", "--reason", "a kind card"]):
        cli(*args, ok=True)
    assert camp.state("camp") == cli.state("camp")
    assert commands(camp, "camp") == commands(cli, "camp")
    assert commands(camp, "camp")[1:3] == ["epm card 3", "epm challenge piloting --character Ana --roll 3"]


def test_play_piped_goes_on_after_a_refused_line_and_exits_1(camp):
    r = play(camp, "card 99\nfoo\ncard 4\nchallenge piloting --character Zed --roll 2\n")
    assert r.exit_code == 1
    errors = r.stderr.splitlines()
    assert len(errors) == 3 and all(e.startswith("Error: line ") for e in errors)
    assert errors[0].startswith("Error: line 1: ") and "13" in errors[0]
    assert errors[1] == "Error: line 2: No such command 'foo'. (help lists the commands)"
    assert errors[2].startswith("Error: line 4: ") and "Zed" in errors[2]
    assert camp.state("camp")["card"] == 4
    assert r.stdout == "Read Story Card 4 of Zorb.\n"


def test_play_piped_usage_error_is_one_line_naming_the_help_to_read(camp):
    r = play(camp, "challenge\n")
    assert r.exit_code == 1
    assert r.stderr == ("Error: line 1: Missing argument 'TYPE'. Choose from: piloting, diplomacy, dexterity, "
                        "perception, strength (help challenge)\n")


def test_play_undo_takes_the_last_line_back(camp):
    before = camp.files("camp")[0]
    r = play(camp, "card 3\nundo\n")
    assert r.exit_code == 0, r.stderr
    assert "Undid #2 epm card 3" in r.stdout
    assert camp.files("camp")[0] == before


def test_play_quit_and_exit_stop_reading(camp):
    assert play(camp, "card 3\nquit\ncard 4\n").exit_code == 0
    assert camp.state("camp")["card"] == 3
    assert play(camp, "card 5\nexit\ncard 6\n").exit_code == 0
    assert camp.state("camp")["card"] == 5


def test_play_quit_with_words_after_it_is_refused_saying_so(camp):
    """Issue 20, §4: `quit now` left without a word; now it is refused, and the shell goes on."""
    r = play(camp, "quit now\ncard 6\nexit please\ncard 7\n")
    assert r.exit_code == 1
    assert r.stderr.splitlines() == [
        "Error: line 1: quit takes nothing after it: type quit alone to leave (every command is already saved)",
        "Error: line 3: exit takes nothing after it: type exit alone to leave (every command is already saved)"]
    assert camp.state("camp")["card"] == 7


def test_play_help_lists_the_commands_and_help_command_shows_its_options(camp):
    r = play(camp, "help\nhelp challenge\nhelp item add\nhelp quit\n")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    for word in ("Game commands", "challenge", "travel", "Commands every game shares", "undo", "log", "note",
                 "Table shell", "quit, exit, Ctrl-D"):
        assert word in out
    assert "\n  new " not in out and "\n  play " not in out and "\n  demo " not in out
    assert "Usage: journal epm challenge [OPTIONS] TYPE" in out
    assert "Usage: journal epm item add [OPTIONS] ITEM" in out
    assert "Leave the table shell" in out


def test_play_help_of_a_command_shows_no_s_option_the_shell_refuses(camp):
    """Issue 20, §4: the shell stays on its campaign, so `help CMD` does not offer -s/--save."""
    r = play(camp, "help show\nhelp card\nhelp item add\nhelp journal log\n")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.count("Usage: journal") == 4 and "--tail N" in r.stdout
    assert "-s, --save" not in r.stdout and "--save" not in r.stdout
    assert "-s, --save" in camp("show", "--help", ok=True).stdout  # the command line still has it


def test_play_shared_commands_a_game_command_hides_are_typed_journal_cmd(journal):
    """Issue 20, §4: War Titans' own `check` and `set` hide the shared ones in the shell; typed
    `journal check` and `journal set`, the shared ones run, `help` lists both, TAB completes both."""
    journal(*TITANS_NEW, ok=True)
    r = play(journal, "help\njournal check\njournal set threat 2 --reason test\nhelp journal check\n",
             "-s", "earth")
    assert r.exit_code == 0, r.stderr
    assert "earth.toml is valid: War Titans: Invaders Must Die!, 1 log entry." in r.stdout
    shared = r.stdout.split("Commands every game shares:")[1]
    assert "\n  journal check  Validate" in shared and "(check alone: the game's)" in shared
    assert "\n  journal set " in shared
    assert "\n  check " in r.stdout.split("Commands every game shares:")[0]  # the game's, listed too
    assert "Usage: journal check [OPTIONS]" in r.stdout
    assert commands(journal, "earth")[-1] == "set threat 2 --reason test"
    assert journal.state("earth")["threat"] == 2
    c = completer(table(journal, "earth"))
    assert "--bonus-dice " in texts(c, "check Atlas combat --")   # the game's check
    assert texts(c, "journal check --") == []                     # the shared one: no option but -s
    assert "--unset " in texts(c, "journal set threat 2 --")


def test_play_help_and_completion_of_a_game_whose_commands_load_lazily(journal):
    """Space Kraken and War Titans import a command's module only when it is used: the table
    shell still lists, completes and runs every one of them (its first `help` once crashed)."""
    from journal import templates

    journal("kraken", "new", "sk", "--difficulty", "adventurer", "--pack", str(templates.path("kraken", "demo-pack.toml")),
            "--line", "1AA", "--seed", "11", ok=True)
    r = play(journal, "help\ncredits +2\nhelp credits\n", "-s", "sk")
    assert r.exit_code == 0, r.stderr
    game = r.stdout.split("Game commands:")[1].split("Commands every game shares:")[0]
    for word in ("step", "advance", "credits", "flight", "treasure-table"):
        assert f"\n  {word} " in game, word
    assert "\n  new " not in game and "\n  show " not in game
    assert "Usage: journal kraken credits [OPTIONS] DELTA" in r.stdout
    assert commands(journal, "sk")[-1] == "kraken credits +2"
    c = completer(table(journal, "sk"))
    assert texts(c, "flight-") == ["flight-table ", "flight-end "]
    journal(*TITANS_NEW, ok=True)
    assert "final " not in texts(completer(table(journal, "earth")), "")  # an old name works, unlisted
    assert "Game commands" in play(journal, "help\n", "-s", "earth").stdout


@pytest.mark.parametrize("line,says", [
    ("-s other show", "the table shell plays 'camp', not 'other'"),
    ("show -s other", "the table shell plays 'camp', not 'other'"),
    ("titans show", "'camp' is a War With the Evil Power Master campaign: titans commands do not apply"),
    ("new x", "quit, then start a campaign with journal epm new NAME"),
    ("journal epm new x", "quit, then start a campaign with journal epm new NAME"),
    ("use camp", "the table shell stays on 'camp'"),
    ("play", "already open on 'camp'"),
    ("demo", "journal demo"),
    ("show --json", "--json is for scripts"),
    ("--saves elsewhere show", "--saves goes before play"),
    ("-s camp -s camp show", "-s is given twice"),  # the root's own parser reads what comes before
    ("-x show", "No such option"),  # Click's own words, which differ between 8.2.0 and later
    ("batch -", "batch reads a file in the table shell"),
    ("note \"unclosed", "no closing quotation"),
])
def test_play_refuses_what_would_leave_the_campaign(camp, line, says):
    before = camp.files("camp")
    r = play(camp, line + "\n")
    assert r.exit_code == 1
    assert r.stderr.startswith("Error: line 1: ") and says in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1
    assert camp.files("camp") == before


def test_play_accepts_its_own_campaign_named_with_s(camp):
    r = play(camp, "-s camp card 3\ncard 4 -s camp\njournal -s camp show\n")
    assert r.exit_code == 0, r.stderr
    assert camp.state("camp")["card"] == 4


def test_play_finds_its_campaign_by_s_then_environment_then_current(journal):
    journal(*EPM_NEW, ok=True)
    journal(*PULP_NEW, ok=True)  # current: g
    assert "Pulp Invasion" in play(journal, "show\n").stdout
    assert "Evil Power Master" in play(journal, "show\n", env={"JOURNAL_SAVE": "camp"}).stdout
    assert "Pulp Invasion" in play(journal, "show\n", "-s", "g", env={"JOURNAL_SAVE": "camp"}).stdout
    assert "Pulp Invasion" in journal("-s", "g", "play", input="show\n", env={"JOURNAL_SAVE": "camp"}).stdout


def test_play_without_a_campaign_or_with_json_is_refused(journal):
    r = play(journal, "show\n")  # none at all: how to start one, as `list` says (issue 30 item 6)
    assert r.exit_code == 2 and "no campaign in saves/ yet: start one with `journal epm new NAME ...`" in r.stderr
    journal(*EPM_NEW, ok=True)
    r = journal("--json", "play", input="show\n")
    assert r.exit_code == 2 and "--json is for scripts" in r.stderr


def test_play_a_choice_from_a_pipe_is_refused_naming_the_option(journal):
    journal(*PULP_NEW, ok=True)
    journal(*PULP_ROUND, ok=True)
    before = journal.files("g")
    r = play(journal, "evade 1\n")
    assert r.exit_code == 1 and "--pay is required" in r.stderr
    assert journal.files("g") == before
    r = play(journal, "evade 1 --pay science\n")
    assert r.exit_code == 0, r.stderr
    assert journal.state("g")["abilities"]["science"]["value"] == 2


def test_play_from_a_pipe_asks_for_no_draw_journal_draws_and_says_so(journal):
    journal(*PULP_NEW, ok=True)
    journal(*PULP_ROUND, ok=True)
    r = play(journal, "evade 1 --pay science\n")
    assert r.exit_code == 0, r.stderr
    assert "Enter: journal draws" not in r.stdout and "journal drew bag: " in r.stdout
    entry = json.loads(journal("--json", "log", "--tail", "1", ok=True).stdout)[0]
    assert entry["rolls"] and {r["source"] for r in entry["rolls"]} == {"rolled"}


def test_play_titans_turn_from_a_pipe(journal):
    journal(*TITANS_NEW, ok=True)
    r = play(journal, "opening\ninvade --rift East --city Beijing\nmove Atlas Beijing\n"
                      "attack Atlas --successes 3 --target M1\n")
    assert r.exit_code == 0, r.stderr
    st = journal.state("earth")
    assert st["titans"]["Atlas"]["city"] == "Beijing" and "M1" not in st["invaders"]
    assert commands(journal, "earth")[-1] == "titans attack Atlas --successes 3 --target M1"
    # War Titans has a `check` of its own (an ability check); `journal check` is still the save's check
    r = play(journal, "journal check\ncheck Atlas combat\n")
    assert "earth.toml is valid: War Titans" in " ".join(r.stdout.split())
    assert r.exit_code == 1 and "Error: line 2: journal's Combat Check needs the custom dice's face table" in r.stderr


def test_play_sheet_is_this_campaigns_game_and_roll_is_logged(camp, tmp_path):
    out = tmp_path / "blank.pdf"
    r = play(camp, f"sheet -o {out}\nroll 2d6 --roll 3 --roll 4\n")
    assert r.exit_code == 0, r.stderr
    assert out.exists() and out.read_bytes().startswith(b"%PDF")
    assert commands(camp, "camp")[-1] == "roll 2d6 --roll 3 --roll 4"


def test_play_a_line_that_is_not_utf8_is_refused_and_the_rest_run(camp):
    r = camp("play", input=b"card 3\n\xff\xfe\ncard 4\n")
    assert r.exit_code == 1
    assert r.stderr == "Error: line 2: the line is not UTF-8 text\n"
    assert camp.state("camp")["card"] == 4


def test_other_commands_do_not_import_prompt_toolkit_nor_does_a_piped_play(camp, tmp_path):
    code = ("import sys\nfrom journal.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('prompt_toolkit' in sys.modules, file=sys.stderr)\n")
    env = {"JOURNAL_SAVES": str(camp.saves), "PATH": "", "PYTHONPATH": os.environ["PYTHONPATH"]}  # this checkout
    for args, stdin in ((["show"], ""), (["play"], "card 2\n")):
        r = subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True,
                           env=env, timeout=120)
        assert r.stderr.strip().splitlines()[-1] == "False", (args, r.stderr)
    assert camp.state("camp")["card"] == 2


# --- what the terminal shows ------------------------------------------------------------

def table(journal, name: str) -> shell.Table:
    return shell.Table(Runtime(journal.saves, False, []), root, name)


def test_status_line_shows_the_game_status_and_the_next_step_as_typed_in_the_shell(camp):
    from journal.play.terminal import toolbar_lines

    t = table(camp, "camp")
    assert t.status == "visit 1 · Zorb · exploring · Signal 0 · EPM 0"
    assert t.next == "Read Story Card 1 of Zorb and follow it."
    t.run_line("data-find --boost 5")
    # `journal epm ` taken off, and the label "Travel: " that said it again (issue 20, §4)
    assert t.next.startswith("travel PLANET --segments N (Kell, Vex)")
    lines = toolbar_lines(t, 60)
    assert lines[0] == "camp · visit 1 · Zorb · en route · Signal 5 · EPM 0"
    assert lines[1].startswith("Next: travel PLANET") and all(len(x) < 60 for x in lines)


def test_status_line_does_not_repeat_the_hints_words(journal):
    """Issue 20, §4: "Next: Phase 5: phase 5." — a label that the command as typed in the shell
    says again is left out; other prose stays."""
    from journal.hints import cmd, say

    cases = [(say("Phase 5: ", cmd("kraken phase", "5"), "."), "phase 5."),
             (say("Done. Phase 2: ", cmd("kraken phase", "2"), "."), "Done. phase 2."),
             (say("recover (", cmd("kraken recover"), ") if you like, then a new turn: ", cmd("kraken turn"), "."),
              "recover if you like, then a new turn: turn."),
             (say("Fight Phase: ", cmd("kraken step"), "."), "Fight Phase: step."),
             (say("The ", "Phase 3: ", cmd("kraken phase", "3"), " (or stay)"), "The Phase 3: phase 3 (or stay)")]
    for text, shown in cases:
        assert shell.next_as_typed(text, "kraken", ["phase", "recover", "turn", "step"]) == shown
    journal("demo", "kraken", ok=True)
    t = table(journal, "demo-kraken")
    assert t.next == "recover if you like, then a new turn: turn."


def test_status_next_step_and_names_come_from_the_game_interface():
    game = SimpleNamespace(next_step=lambda state: "journal x go north", names=lambda state: {"room": [1, "Hall"]})
    assert shell.next_hint(game, {}) == "journal x go north"
    assert shell.campaign_names(game, {}) == {"room": ["1", "Hall"]}
    assert shell.as_typed("then journal pulp engage 1, or pulp evade 1", "pulp", ["engage", "evade"]) == \
        "then engage 1, or evade 1"


def test_menu_answers_by_number_name_or_unique_beginning():
    from journal.play.terminal import chosen

    values = ["combat", "science", "diplomacy"]
    assert chosen("2", values) == "science"
    assert chosen("Diplomacy", values) == "diplomacy"
    assert chosen("sci", values) == "science"
    assert chosen("4", values) is None and chosen("", values) is None and chosen("x", values) is None


# --- completion ------------------------------------------------------------------------------

def completer(t: shell.Table) -> Completer:
    return Completer(t.root, t.group, t.game_id, t.name, lambda: t.names, lambda: t.state)


def texts(c: Completer, line: str) -> list[str]:
    return [x.text for x in c.candidates(line)]


def test_partial_words_and_quoting():
    assert partial_words('move Atlas "New Y') == (["move", "Atlas"], "New Y", 6)
    assert partial_words("card ") == (["card"], "", 0)
    assert partial_words("note 'a b' c\\ d x") == (["note", "a b", "c d"], "x", 1)
    assert quoted("New York") == '"New York"' and quoted("O.N.E.") == "O.N.E." and quoted('a "b"') == "'a \"b\"'"


def test_completion_of_commands_subcommands_options_and_choices(camp):
    c = completer(table(camp, "camp"))
    assert texts(c, "cha") == ["challenge "]
    assert texts(c, "journal epm tra") == ["travel ", "track "]
    assert {"help ", "quit ", "exit ", "undo ", "log ", "show ", "note "} <= set(texts(c, ""))
    assert "new " not in texts(c, "") and "play " not in texts(c, "") and "outcome " not in texts(c, "")
    assert texts(c, "item ") == ["add ", "give ", "use ", "discard "]
    assert texts(c, "challenge pil") == ["piloting "]
    assert texts(c, "challenge piloting --b") == ["--booster "]
    assert "--save " not in texts(c, "challenge piloting --") and "--help " not in texts(c, "challenge --")
    assert texts(c, "challenge piloting --character Ana --ch") == []  # given once already
    assert texts(c, "track ") == ["signal ", "epm "]
    assert texts(c, "pdf --paper ") == ["a4 ", "letter "]
    assert texts(c, "help it") == ["item "] and texts(c, "help item g") == ["give "]
    assert texts(c, "log --tail ") == [] and texts(c, "roll ") == ["--roll "]


def test_completion_of_epm_names_by_kind(camp):
    camp("epm", "item", "add", "Jet Pack", "--owner", "Bo", "--booster", "piloting:+2", ok=True)
    t = table(camp, "camp")
    assert t.names == {"character": ["Ana", "Bo", "Cy"], "planet": ["Zorb", "Kell", "Vex"], "item": ["Jet Pack"]}
    c = completer(t)
    assert texts(c, "challenge piloting --character ") == ["Ana ", "Bo ", "Cy "]
    assert texts(c, "challenge piloting --character a") == ["Ana "]
    assert texts(c, "challenge piloting --character Ana --booster j") == ['"Jet Pack" ']
    assert texts(c, "challenge piloting --booster \"Jet") == ['"Jet Pack" ']
    assert texts(c, "travel k") == ["Kell "] and texts(c, "flip C") == ["Cy "]
    assert texts(c, "item give Jet\\ ") == ['"Jet Pack" ']  # an escaped space goes on with the word
    assert texts(c, "item give \"Jet Pack\" ") == ["--to "]
    assert texts(c, "item give \"Jet Pack\" --to ") == ["Ana ", "Bo ", "Cy "]  # --to: a character
    assert texts(c, "item add Gun --owner B") == ["Bo "]
    assert texts(c, "track epm +") == [] and texts(c, "note A") == []  # DELTA, TEXT: no names
    assert texts(c, "track epm ") == ["--reason "]  # nothing to offer for the value: the options


def test_completion_of_titans_names_quotes_those_with_spaces(journal):
    journal(*TITANS_NEW, ok=True)
    journal("titans", "opening", "-s", "earth", ok=True)                 # Ana's Fight turn comes
    journal("titans", "invade", "-s", "earth", "--rift", "East", "--city", "Tokyo", ok=True)
    c = completer(table(journal, "earth"))
    assert texts(c, "move at") == ["Atlas "]
    assert texts(c, "move Atlas ne") == ['"New York" ']
    assert texts(c, "move Atlas york") == ['"New York" ']  # a word of the name
    assert texts(c, "invade --rift N") == ["North "]
    assert texts(c, "pass ") == ["Ana "]                                   # whose turn it is
    assert texts(c, "reenter Atlas Tokyo --pilot ") == ["O.N.E. ", "Kira "]
    assert texts(c, "attack Atlas --target M") == ["M1 "]                  # the invaders where Atlas stands


def test_completion_of_pulp_names(journal):
    journal(*PULP_NEW, ok=True)
    journal(*PULP_ROUND, ok=True)
    t = table(journal, "g")
    assert t.names["card"] == ["G2C.r.PK", "A4S.o.PP", "G2D.b.P", "L.rb"] and t.names["planet"] == ["Mars"]
    assert t.names["colour"] == ["red", "gray"]
    c = completer(t)
    assert texts(c, "evade 1 --pay ") == ["combat ", "science ", "diplomacy "]
    assert texts(c, "die g") == ["gray "]
    assert texts(c, "engage 1 --die r") == ["red "]
    assert texts(c, "location L") == ["L.rb "]
    assert texts(c, "engage 1") == []  # POS is a number


def test_completion_without_the_campaign_still_completes_commands_and_choices(camp):
    t = table(camp, "camp")
    c = Completer(t.root, t.group, t.game_id, t.name)  # neither its names nor its state
    assert texts(c, "challenge pil") == ["piloting "]
    assert texts(c, "travel ") == ["--segments "] and texts(c, "challenge piloting --character ") == []


def test_a_command_that_names_what_it_takes_completes_only_those_names(camp):
    """`travel` takes a planet whose disc is face down: it offers those, not the planet the party is on
    once its disc is flipped, nor the characters."""
    camp("epm", "data-find", "--boost", "5", ok=True)  # Zorb's disc flipped: the party may leave
    t = table(camp, "camp")
    assert texts(completer(t), "travel ") == ["Kell ", "Vex "]
    assert texts(completer(t), "travel k") == ["Kell "]


# --- issue 21 ----------------------------------------------------------------------------------

def test_a_paste_of_several_lines_runs_each_line_as_one_command(camp):
    """Item 25: on a terminal a multi-line paste came back as one text and ran as one command."""
    t = table(camp, "camp")
    t.interactive = False
    assert t.run_typed("card 3\r\nnote Ana hid\ncard 4") is True
    assert commands(camp, "camp")[1:] == ["epm card 3", "note Ana hid", "epm card 4"]
    assert t.run_typed("card 5\nquit\ncard 6") is None  # quit ends the paste: card 6 never runs
    assert commands(camp, "camp")[-1] == "epm card 5"


def test_a_play_line_with_a_nul_or_bytes_that_are_not_utf8_is_named_so(camp, capsys):
    """Item 26: a NUL was "one line of text"; item 12: text that is not UTF-8, typed in play."""
    r = play(camp, "note a\x00b\n")
    assert r.stderr == ("Error: line 1: 'a\\x00b' holds a NUL character: a name or value is text (help lists "
                        "the commands)\n")
    t = table(camp, "camp")
    t.interactive = False
    assert t.run_line("note caf\udce9") is False
    assert "'caf\\xe9' is not UTF-8 text" in capsys.readouterr().err
    assert commands(camp, "camp") == ["epm new camp --character Ana:piloting=1,diplomacy=-1 --character "
                                      "Bo:strength=1 --character Cy --planet Zorb:blue --planet Kell:pink --planet "
                                      "Vex:yellow --at Zorb --seed 7"]


# --- issue 30 §10: suggested commands written bare --------------------------------------

def test_play_writes_the_commands_it_suggests_bare_as_the_status_line_does(camp):
    r = play(camp, "card 5\nundo\nzorb\n")
    assert "(redo puts it back)" in r.stdout and "journal redo" not in r.stdout
    assert "journal" not in r.stderr


def test_bare_commands_keep_journal_where_the_shell_needs_it():
    from journal.play.shell import bare_commands

    here = {"card", "travel", "redo", "show"}  # what the shell runs bare (not War Titans' hidden `check`)
    assert bare_commands("Then journal epm travel Kell --segments 2.", "epm", here) == "Then travel Kell --segments 2."
    assert bare_commands("(journal redo puts it back)", "epm", here) == "(redo puts it back)"
    assert bare_commands("type journal check to validate", "titans", here) == "type journal check to validate"
    assert bare_commands("journal --saves /x show -s a", "epm", here) == "journal --saves /x show -s a"
    assert bare_commands("quit, then journal use NAME", "epm", here) == "quit, then journal use NAME"
    assert bare_commands("journal drew bag: red", "pulp", here) == "journal drew bag: red"


def test_a_refusal_from_a_command_in_play_names_its_commands_bare(journal):
    from kraken.kraken_helpers import cli_set_up

    journal("kraken", "new", "sk", "--difficulty", "adventurer", "--line", "1AA", "--seed", "2", ok=True)
    cli_set_up(journal, "sk")
    journal("roll", "d20", "-s", "sk", "--roll", "5", ok=True)  # a die typed wrong: undo refuses it (K8)
    r = play(journal, "undo\n", "-s", "sk")
    assert "Set what it changed by hand, saying why: line set LINE COORD --reason TEXT, crew hp NAME DELTA " \
           "--reason TEXT or set KEY VALUE --reason TEXT" in " ".join(r.stderr.split())
