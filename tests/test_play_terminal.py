"""`journal play` on a pseudo-terminal (pexpect), as a player types it: TAB completes a partial
command and a partial name, a left-out die is asked for, a choice is a menu, the status line
shows the next step, the history is kept per campaign; help, quit, Ctrl-C and Ctrl-D.

Built to hold on a slow, loaded machine: a fixed terminal size, generous timeouts, and every
keystroke that needs the screen waits for what the shell draws (the prompt, the status line,
the completed text), never for a fixed time. The shell asks the terminal where its cursor is
(CPR, before it draws the status line): `Shell.expect` answers like a terminal does.
"""

from __future__ import annotations

import json
import os
import sys

import pytest

from journal_testing import Runner

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 120  # seconds for one thing to appear: a loaded 2-core machine can be slow to start Python
CPR = "\x1b[6n"

EPM_TABLE = ["epm", "new", "table", "--character", "Anastasia:piloting=1,diplomacy=-1", "--character",
             "Boris:strength=1", "--planet", "Zorb:blue", "--planet", "New Kell:pink", "--planet", "Vex:yellow",
             "--seed", "7"]
TITANS_NEW = ["titans", "new", "earth", "--players", "2", "--titan",
              "Atlas:hp=10,armor=1,combat=4,movement=3,repair=2,pilot=Kira,player=Ana,city=Tokyo", "--titan",
              "Brute:hp=12,armor=2,combat=3,movement=2,repair=2,pilot=Mox,player=Bo,city=London", "--rift",
              "North=Amphibious", "--rift", "South=Flying", "--rift", "East=Mechanical", "--rift",
              "West=Terrestrial", "--seed", "7"]
PULP_NEW = ["pulp", "new", "g", "--level", "normal", "--captain", "Mina Tormelson", "--combat", "4/6", "--science",
            "3/5", "--diplomacy", "3/5", "--die", "red", "--die", "gray", "--face", "gray=3", "--hegemony",
            "The Quietus", "--hegemony", "Kah", "--hegemony", "Zorn", "--seed", "11"]


class Shell:
    """`journal play` on a pseudo-terminal of 40 rows × 120 columns."""

    def __init__(self, saves, name: str, *args: str):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JOURNAL_", "PROMPT_TOOLKIT_"))}
        env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="120", LINES="40")
        self.name = name
        self.child = pexpect.spawn(sys.executable, ["-m", "journal", "--saves", str(saves), "play", "-s", name,
                                                    *args], cwd=str(saves.parent), env=env, dimensions=(40, 120),
                                   encoding="utf-8", timeout=TIMEOUT)

    def expect(self, text: str) -> str:
        """Wait for `text`, answering the shell's cursor-position requests meanwhile; what came before."""
        seen = ""
        while True:
            found = self.child.expect_exact([text, CPR])
            seen += self.child.before
            if found == 0:
                return seen
            self.child.send("\x1b[1;1R")  # the cursor is at the top left: room for the status line below

    def ready(self) -> str:
        """The prompt naming the campaign, and its status line under it: the shell waits for a line.
        Everything drawn until then (the last command's output among it)."""
        return self.expect(f"{self.name}>") + self.expect(f"{self.name} · ")

    def tab(self, typed: str, completed: str) -> None:
        """Type, press TAB, and wait until the completed text is drawn."""
        self.child.send(typed + "\t")
        self.expect(completed)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def leave(self, how: str = "quit") -> int:
        if how == "Ctrl-D":
            self.child.sendcontrol("d")
        else:
            self.line(how)
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


@pytest.fixture
def journal_at(tmp_path):
    return Runner(tmp_path / "saves")


def log(journal, name: str) -> list[dict]:
    return json.loads(journal("--json", "log", "-s", name, ok=True).stdout)


def test_terminal_tab_completes_a_command_and_a_name_asks_the_die_and_keeps_history(journal_at):
    journal_at(*EPM_TABLE, ok=True)
    sh = Shell(journal_at.saves, "table")
    assert "War With the Evil Power Master: 'table'" in sh.ready()
    sh.expect("Next: Read Story Card 1 of Zorb")  # the status line says what comes next
    sh.tab("cha", "llenge")        # challenge
    sh.tab("pil", "oting")         # piloting
    sh.tab("--cha", "racter")      # --character
    sh.tab("Anas", "tasia")        # Anastasia, from the campaign's characters
    sh.line("")
    sh.expect("d6 result (1-6; Enter: journal rolls)")
    sh.line("4")
    assert "Anastasia rolls 4 +1 piloting = 5: WIN" in sh.ready()
    sh.line("data-find --boost 5")
    sh.ready()
    sh.expect("Next: travel PLANET --segments N")  # refreshed after the command, as typed here
    sh.tab("travel new", 'Kell"')  # a name with a space, completed quoted
    sh.line(" --segments 2")
    assert "Place the Ship Mover on New Kell" in sh.ready()
    assert sh.leave("quit") == 0

    entries = log(journal_at, "table")
    assert [e["command"] for e in entries[1:]] == ["epm challenge piloting --character Anastasia",
                                                   "epm data-find --boost 5", "epm travel 'New Kell' --segments 2"]
    assert entries[1]["rolls"] == [{"die": "d6", "value": 4, "source": "entered"}]
    assert journal_at.state("table")["planet"] == "New Kell"
    history = (journal_at.saves / ".table.history").read_text("utf-8")
    assert "+challenge piloting --character Anastasia" in history
    assert '+travel "New Kell"  --segments 2' in history


def test_terminal_enter_lets_journal_roll_and_a_missing_choice_is_a_menu(journal_at):
    journal_at(*EPM_TABLE, ok=True)
    sh = Shell(journal_at.saves, "table")
    sh.ready()
    sh.line("challenge piloting")  # no --character: which Active character?
    sh.expect("Which Active character takes the challenge?")
    sh.expect("2. Boris")
    sh.line("2")
    sh.expect("d6 result (1-6; Enter: journal rolls)")
    sh.line("")                    # Enter: journal rolls
    out = sh.ready()
    assert "journal rolled d6:" in out and "Boris rolls" in out
    assert sh.leave("Ctrl-D") == 0
    entry = log(journal_at, "table")[-1]
    assert entry["command"] == "epm challenge piloting"
    assert entry["rolls"][0]["source"] == "rolled" and "Boris" in entry["summary"]


def test_terminal_needchoice_menu_answered_by_number(journal_at):
    journal_at(*PULP_NEW, ok=True)
    journal_at("pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P", ok=True)
    sh = Shell(journal_at.saves, "g")
    sh.ready()
    sh.line("evade 1")             # the rules need --pay: a menu of the abilities above 0
    sh.expect("Which ability pays the evade?")
    sh.expect("3. diplomacy")
    sh.expect("Choose 1-3")
    sh.line("2")
    sh.expect("bag draw (Enter: journal draws)")  # then the cubes it draws, as dice are: Enter lets journal draw
    sh.line("")
    assert "Pay 1 Science: 3 → 2." in sh.ready()
    assert sh.leave("exit") == 0
    assert journal_at.state("g")["abilities"]["science"]["value"] == 2
    assert log(journal_at, "g")[-1]["summary"].startswith("Evaded card 1 (G2C.r.PK): paid 1 science")


def test_terminal_help_errors_ctrl_c_and_history_of_a_titans_campaign(journal_at):
    journal_at(*TITANS_NEW, ok=True)
    sh = Shell(journal_at.saves, "earth")
    sh.ready()
    sh.line("help")
    assert "Game commands" in sh.ready()
    sh.child.send("move Atlas somewhere")
    sh.child.sendcontrol("c")      # Ctrl-C drops the line, the shell stays
    sh.ready()
    sh.line("opening")
    sh.ready()
    sh.tab("invade --rift E", "ast")
    sh.tab("--city ne", 'York"')
    sh.line("")
    assert "place it on New York" in sh.ready()
    sh.line("move Brute Paris")    # a refusal: one line, and the shell goes on
    assert "Error: it is Ana's turn" in sh.ready()
    sh.line("help move")
    assert "Usage: journal titans move [OPTIONS] TITAN CITY" in sh.ready()
    assert sh.leave("Ctrl-D") == 0
    state = journal_at.state("earth")
    assert state["invaders"]["M1"]["city"] == "New York" and state["titans"]["Atlas"]["city"] == "Tokyo"
    assert [e["command"] for e in log(journal_at, "earth")[-2:]] == ["titans opening",
                                                                    "titans invade --rift East --city 'New York'"]

    again = Shell(journal_at.saves, "earth")  # the campaign's history comes back: Up, Enter
    again.ready()
    again.child.send("\x1b[A")
    again.expect("help move")
    again.line("")
    assert "Usage: journal titans move" in again.ready()
    assert again.leave("quit") == 0


def test_terminal_asks_each_cube_drawn_from_the_bag_and_enter_lets_journal_draw(journal_at):
    journal_at(*PULP_NEW, ok=True)
    journal_at("pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P", ok=True)
    sh = Shell(journal_at.saves, "g")
    sh.ready()
    sh.line("evade 1 --pay combat")  # no --draw: each cube is asked, as it comes out of the real bag
    sh.expect("bag: r red, o orange, b blue, k black, y yellow, w white")
    sh.expect("bag draw (Enter: journal draws)")
    sh.line("purple")
    sh.expect("Expected one of ")   # not a cube: asked again
    sh.expect("bag draw (Enter: journal draws)")
    sh.line("k")                    # black, by the game's letter: back into the bag, a third cube is drawn
    sh.expect("bag draw (Enter: journal draws)")
    sh.line("red")
    sh.expect("bag draw (Enter: journal draws)")
    sh.line("blue")
    out = sh.ready()
    assert "Drew black: back into the bag, draw again." in out and "Drew blue: Diplomacy 3 → 2" in out
    assert "journal drew" not in out
    sh.line("evade 2 --pay science")
    sh.expect("bag draw (Enter: journal draws)")
    sh.line("")                     # Enter: journal draws this cube and the rest
    assert "journal drew bag: " in sh.ready()  # and no second question (the prompt came back)
    sh.line("evade 3 --pay diplomacy --draw r,b")  # the line gave the cubes: nothing is asked
    assert "Enter: journal draws" not in sh.ready()
    assert sh.leave("quit") == 0
    entries = log(journal_at, "g")
    assert entries[-3]["rolls"] == [{"die": "bag", "value": c, "source": "entered"} for c in ("black", "red", "blue")]
    assert entries[-2]["rolls"] and {r["source"] for r in entries[-2]["rolls"]} == {"rolled"}
    assert entries[-1]["rolls"] == [{"die": "bag", "value": c, "source": "entered"} for c in ("red", "blue")]


def test_terminal_a_pasted_block_of_lines_runs_one_command_per_line(journal_at):
    """Issue 21, item 25: a bracketed paste of several lines ran as one command."""
    journal_at(*EPM_TABLE, ok=True)
    sh = Shell(journal_at.saves, "table")
    sh.ready()
    sh.child.send("\x1b[200~card 3\rnote pasted\rcard 4\x1b[201~")
    sh.line("")
    out = sh.ready()
    assert "Read Story Card 4 of Zorb." in out
    assert sh.leave("quit") == 0
    assert [e["command"] for e in log(journal_at, "table")[1:]] == ["epm card 3", "note pasted", "epm card 4"]


def test_terminal_tab_and_enter_in_one_write_run_the_completed_line(journal_at):
    """Issue 20, §1: TAB then Enter arriving together ran the line as typed (`sho`: "No such
    command") while the screen showed it completed (`show`). Both keys go in one write here."""
    journal_at(*EPM_TABLE, ok=True)
    sh = Shell(journal_at.saves, "table")
    sh.ready()
    sh.child.send("sho\t\r")
    out = sh.ready()
    assert "No such command" not in out and "Characters:" in out  # `show` ran
    sh.child.send("car\t3\r")          # a command completed, its argument typed, Enter: one write
    assert "Read Story Card 3 of Zorb." in sh.ready()
    sh.child.send("challenge pil\t--character Anas\t--roll 4\r")  # a choice and a name, mid-line
    assert "Anastasia rolls 4 +1 piloting = 5: WIN" in sh.ready()
    assert sh.leave("quit") == 0
    assert [e["command"] for e in log(journal_at, "table")[1:]] == [
        "epm card 3", "epm challenge piloting --character Anastasia --roll 4"]


def test_terminal_the_readmes_shell_sample_is_what_the_shell_prints(journal_at):
    """Issue 20, §5: the README's `journal play` sample, replayed on a terminal after its quick
    start: each line it shows is printed, and nothing is printed after `quit`."""
    import re
    import shlex
    from pathlib import Path

    from test_tours import page_tours

    readme = Path(__file__).resolve().parents[1] / "README.md"
    for cmd, _shown in page_tours(readme)[0][1]:
        journal_at(*shlex.split(cmd.split(">")[0])[1:], ok=True)
    sample = re.search(r"```text\n\$ journal play\n(.*?)```", readme.read_text("utf-8"), re.S).group(1).splitlines()
    name = journal_at("use", ok=True).stdout.split("'")[1]
    sh = Shell(journal_at.saves, name)
    transcript = sh.ready()
    prompt = f"{name}> "
    for line in sample[2:]:
        if line.startswith(prompt):
            if line == prompt + "quit":
                break
            sh.line(line[len(prompt):])
        elif line.startswith("d6 result ("):
            sh.expect(line.rsplit(": ", 1)[0])
            sh.line(line.rsplit(": ", 1)[1])
        else:
            transcript += sh.expect(line)
    sh.ready()
    sh.line("quit")
    sh.child.expect(pexpect.EOF)
    after = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", sh.child.before)
    assert after[after.rindex(prompt + "quit") + len(prompt) + 4:].strip() == "", after  # the status line went
    assert sample[-1] == prompt + "quit"


def test_terminal_undo_in_the_shell_asks_unless_it_takes_back_the_line_just_before(journal_at):
    """Issue 20, §2: in the table shell, `undo` takes back the line just before without a question;
    a command typed earlier (another line came between, a refused one say) is named and asked
    about first, and a no leaves it. --yes never asks."""
    journal_at(*EPM_TABLE, ok=True)
    sh = Shell(journal_at.saves, "table")
    sh.ready()
    sh.line("card 3")
    sh.ready()
    sh.line("undo")
    assert "Undid #2 epm card 3" in sh.ready()       # the line just before: no question
    sh.line("card 4")
    sh.ready()
    sh.line("show")
    sh.ready()
    sh.line("undo")
    sh.expect("Undo #2 epm card 4 (Read Story Card 4 of Zorb.)? It is not the command of your last line. [y/N]")
    sh.line("y")
    assert "Undid #2 epm card 4" in sh.ready()
    sh.line("card 5")
    sh.ready()
    sh.line("card 99")                                # refused: nothing to undo on that line
    assert "Error: Story Card 99" in sh.ready()
    sh.line("undo")
    sh.expect("Undo #2 epm card 5 (Read Story Card 5 of Zorb.)? It is not the command of your last line. [y/N]")
    sh.line("")                                       # Enter: no
    assert "Error: not undone: you answered no (nothing was changed)" in sh.ready()
    sh.line("undo --yes")
    assert "Undid #2 epm card 5" in sh.ready()
    sh.line("redo")
    assert "Redid #2 epm card 5" in sh.ready()
    assert sh.leave("quit") == 0
    assert [e["command"] for e in log(journal_at, "table")][1:] == ["epm card 5"]


def test_terminal_undo_on_the_command_line_asks_when_the_command_is_minutes_old(journal_at):
    """Issue 20, §2: `journal undo` on a terminal names an old command and asks first; a script is
    never asked (test_undo_redo.py)."""
    journal_at(*EPM_TABLE, ok=True)
    journal_at("epm", "card", "-s", "table", "3", ok=True)
    path = journal_at.saves / "table.log.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    stamp = json.loads(lines[-1])["time"].encode()
    path.write_bytes(b"".join(lines[:-1]) + lines[-1].replace(stamp, b"2020-01-01T00:00:00Z"))  # its length kept
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    for answer, code in (("n", 1), ("y", 0)):
        child = pexpect.spawn(sys.executable, ["-m", "journal", "--saves", str(journal_at.saves), "undo", "-s",
                                               "table"], cwd=str(journal_at.saves.parent), env=env,
                              dimensions=(40, 120), encoding="utf-8", timeout=TIMEOUT)
        child.expect_exact("Undo #2 epm card 3 (Read Story Card 3 of Zorb.)? It was typed ")
        child.expect_exact(" ago. [y/N]: ")
        child.sendline(answer)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == code, child.before
    assert [e["n"] for e in log(journal_at, "table")] == [1]


def test_a_ctrl_c_that_comes_as_the_line_is_accepted_lets_the_line_stand():
    """Issue 31 item 11: a Ctrl-C (the key, or the SIGINT of a terminal already back in its usual
    mode) that came as a line was accepted made prompt-toolkit's own binding fail ("Return value
    already set") with a raw traceback. The shell's binding sees the prompt done and lets the line
    stand; at a prompt still waiting, it clears the line as before."""
    from prompt_toolkit.keys import Keys

    from journal.play.terminal import interrupt, prompt_bindings

    class App:
        def __init__(self, done: bool):
            self.is_done, self.exits = done, []

        def exit(self, **how):
            if self.is_done:
                raise Exception("Return value already set. Application.exit() failed.")
            self.exits.append(how)

    class Event:
        def __init__(self, app):
            self.app = app

    done, waiting = App(True), App(False)
    interrupt(Event(done))
    interrupt(Event(waiting))
    assert done.exits == [] and isinstance(waiting.exits[0]["exception"], KeyboardInterrupt)
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as typed:  # the last binding of a key is the one prompt-toolkit calls
        bound = PromptSession(key_bindings=prompt_bindings(), input=typed, output=DummyOutput()).app.key_bindings
        for key in (Keys.ControlC, Keys.SIGINT):
            assert bound.get_bindings_for_keys((key,))[-1].handler is interrupt
