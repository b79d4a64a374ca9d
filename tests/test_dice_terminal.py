"""Issue 30 §2, on a real terminal (pexpect): a command typed at the shell's prompt, outside
`journal play`, asks for each die and each cube it was not given, in every game, with one
question that fits an 80-column terminal; Enter lets journal roll or draw, and it says so.
(Scripts are never asked: tests/test_no_silent_dice.py.)"""

from __future__ import annotations

import json
import os
import sys

import pytest

from journal_testing import EPM_NEW, PULP_NEW, TITANS_NEW, Runner

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 120  # a loaded 2-core machine can be slow to start Python


def spawn(saves, *args: str):
    """`journal --saves SAVES ARGS` on a pseudo-terminal of 24 rows × 80 columns."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="80", LINES="24")
    return pexpect.spawn(sys.executable, ["-m", "journal", "--saves", str(saves), *args], cwd=str(saves.parent),
                         env=env, dimensions=(24, 80), encoding="utf-8", timeout=TIMEOUT)


def finish(child) -> str:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


@pytest.fixture
def journal_at(tmp_path):
    return Runner(tmp_path / "saves")


def last_rolls(journal, name: str) -> list[dict]:
    return json.loads(journal("--json", "log", "-s", name, "--tail", "1", ok=True).stdout)[0]["rolls"]


def test_epm_asks_for_the_die_on_a_terminal_and_enter_lets_journal_roll(journal_at):
    journal_at(*EPM_NEW, ok=True)
    child = spawn(journal_at.saves, "epm", "challenge", "piloting", "--character", "Ana")
    child.expect_exact("d6 result (1-6; Enter: journal rolls): ")
    child.sendline("7")                       # not a d6 face: asked again
    child.expect_exact("Expected a number from 1 to 6.")
    child.expect_exact("d6 result (1-6; Enter: journal rolls): ")
    child.sendline("5")
    out = finish(child)
    assert "Ana rolls 5 +1 piloting = 6" in out and "journal rolled" not in out
    assert last_rolls(journal_at, "camp") == [{"die": "d6", "value": 5, "source": "entered"}]

    child = spawn(journal_at.saves, "epm", "challenge", "strength", "--character", "Bo")
    child.expect_exact("d6 result (1-6; Enter: journal rolls): ")
    child.sendline("")
    assert "journal rolled d6: " in finish(child)
    assert last_rolls(journal_at, "camp")[0]["source"] == "rolled"


def test_war_titans_asks_for_each_custom_die_by_its_symbols(journal_at):
    journal_at(*TITANS_NEW, "--dice", "templates:titans/dice-sample.toml", ok=True)
    child = spawn(journal_at.saves, "titans", "check", "Atlas", "combat")
    for symbol in ("bolt", "red", "gear", "blank"):
        child.expect_exact("titan die result (red, bolt, gear, wing, blank; Enter: journal rolls): ")
        child.sendline(symbol)
    assert "journal rolled" not in finish(child)
    assert [r["source"] for r in last_rolls(journal_at, "t")] == ["entered"] * 4


def test_pulp_asks_for_each_cube_with_the_bag_on_its_own_line(journal_at):
    journal_at(*PULP_NEW, ok=True)
    journal_at("pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P", ok=True)
    child = spawn(journal_at.saves, "pulp", "evade", "1", "--pay", "combat")
    child.expect_exact("bag: r red, o orange, b blue, k black, y yellow, w white")
    child.expect_exact("bag draw (Enter: journal draws): ")
    child.sendline("red")
    child.expect_exact("bag draw (Enter: journal draws): ")
    child.sendline("")                       # Enter: journal draws this cube and the rest
    out = finish(child)
    assert "journal drew bag: " in out
    sources = [r["source"] for r in last_rolls(journal_at, "p")]
    assert sources[0] == "entered" and set(sources[1:]) == {"rolled"}


def test_every_question_fits_80_columns(journal_at):
    """What the terminal shows before the answer: no line wider than 80."""
    journal_at(*PULP_NEW, ok=True)
    journal_at("pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P", ok=True)
    child = spawn(journal_at.saves, "pulp", "evade", "1", "--pay", "combat")
    child.expect_exact("bag draw (Enter: journal draws): ")
    shown = (child.before + child.after).replace("\r", "").split("\n")
    child.sendline("")
    finish(child)
    assert shown[-1] == "bag draw (Enter: journal draws): " and all(len(line) <= 80 for line in shown)


def test_a_new_campaigns_set_up_draws_are_asked_too(journal_at):
    """War Titans' `new` draws the invader type of each rift --rift left out: on a terminal the
    player draws them from the box and types them (Enter: journal draws the rest)."""
    args = [a for a in TITANS_NEW if not a.startswith(("--rift", "North=", "South=", "East=", "West="))]
    child = spawn(journal_at.saves, *args)
    child.expect_exact("invader types: ")
    child.expect_exact("invader types draw (Enter: journal draws): ")
    child.sendline("Flying")
    child.expect_exact("invader types draw (Terrestrial, Mechanical, Amphibious; Enter: journal draws): ")
    child.sendline("")  # three types left: they fit on the question's line
    out = finish(child)
    assert "journal drew invader types: " in out and "North Rift: Flying (drawn)" in out
