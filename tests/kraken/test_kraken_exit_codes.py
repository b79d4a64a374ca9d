"""Exit codes (DESIGN.md): 2 for a usage error (a malformed, out-of-range or unknown value,
also when checked inside a command), 1 when the rules refuse legal input now; inputs that
crashed (issue 13) are refused like any other, and a refused command changes no file."""

from __future__ import annotations

import shlex

import pytest

from journal import templates

HUGE = "9" * 5000


def play_demo_until(journal, stop: str) -> None:
    """The demo campaign 'demo-kraken' (templates/kraken/demo.toml), played up to `stop`."""
    spec = templates.load("kraken", "demo.toml")
    folder = str(templates.root())
    for line in [spec["new"]] + spec["commands"].splitlines():
        if not line.strip() or line.strip().startswith("#"):
            continue
        journal(*shlex.split(line.replace("{templates}", folder)), ok=True)
        if line.startswith(stop):
            return
    raise AssertionError(f"the demo has no line {stop}")


@pytest.fixture
def exploring(journal):
    play_demo_until(journal, "kraken dungeon enter 1")
    return journal


def refused(journal, code: int, *args) -> str:
    before = journal.files("demo-kraken")
    r = journal("kraken", *args, "-s", "demo-kraken")
    assert r.exit_code == code, (args, r.exit_code, r.stderr)
    assert "internal error" not in r.stderr and len(r.stderr) < 400, r.stderr
    assert journal.files("demo-kraken") == before
    return r.stderr


@pytest.mark.parametrize("args, says", [
    (("credits", "nonsense"), "is not a DELTA"),
    (("credits", "5"), "'5' could mean either: type +5 to add 5, or =5 to set it to 5"),
    (("xp", "12345678"), "is not a DELTA"),
    (("oxygen", "2"), "'2' could mean either"),
    (("crew", "hp", "Ray", "abc"), "is not a DELTA"),
    (("crew", "hp", "Ray", "3"), "'3' could mean either: type +3 to add 3, or =3 to set it to 3"),
    (("crew", "level-up", "Ray", "--attribute", "luck"), "'luck' is not one of 'agility'"),
    (("crew", "hp", "Nobody", "-1"), "'Nobody' is not a crew member"),
    (("phase", "9"), "a phase 1-5"),
    (("quest", "add", "Ore", "--penalty-credits", "999999999999"), "--penalty-credits"),
    (("quest", "add", "Ore", "--penalty-credits", HUGE), "is outside 0..100000"),
    (("grade-price", "2", "999999999999"), "is outside 0..100000"),
    (("grade-price", "2", HUGE), "is outside 0..100000"),
    (("xp", "+1", "--reason", "two\nlines"), "is one line of text"),
    (("treasure", "add", "--grade", "2", "--from", " "), "--from is one line of text"),
    (("treasure", "add", "--grade", "2", "--from", "a\nb"), "is one line of text"),
    (("treasure", "add", "--grade", HUGE), "--grade"),
    (("dungeon", "element", "A1", "disruptor", "--portals", "x"), "--portals 'x'"),
    (("dungeon", "tile", "P1", "teleportal", "--portals", "x"), "--portals 'x'"),
    (("dungeon", "tile", "P1", "teleportal", "--portals", HUGE), "teleportal numbers 1-6"),
])
def test_a_usage_error_exits_2_and_names_what_was_wrong(exploring, args, says):
    assert says in refused(exploring, 2, *args)


@pytest.mark.parametrize("args, says", [
    (("location", "remove", "1"), "the crew is exploring MAP1: leave it first"),
    (("savepoint",), "Adventurer saves only at clone stations"),
    (("xp", "-999"), "cannot take away 999"),
    (("score", "--record"), "when the campaign is won"),
    (("ground", "initiative"), "there is no Ground Combat going on"),
])
def test_a_rules_refusal_exits_1(exploring, args, says):
    assert says in refused(exploring, 1, *args)


def test_a_huge_seed_is_a_usage_error(journal):
    r = journal("kraken", "new", "x", "--difficulty", "simulation", "--seed", HUGE)
    assert r.exit_code == 2 and "--seed" in r.stderr and len(r.stderr) < 400
