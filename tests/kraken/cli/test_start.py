"""journal/games/kraken/cli/start.py, end to end: `journal kraken new` and `end`: a campaign begins
(chapter 3) and ends (3.9)."""

from __future__ import annotations

from kraken.kraken_helpers import DEMO_PACK, HUGE, state


def test_new_with_difficulty_pack_and_lines(journal):
    out = journal("kraken", "new", "S", "--difficulty", "adventurer", "--pack", str(DEMO_PACK), "--line", "1AA",
                  "--line", "1AF", ok=True).stdout
    assert "Write 1AA in the first cell of line 1." in out and "Write 1AF in the first cell of line 2." in out
    s = state(journal, "S")
    assert (s["difficulty"], s["credits"], s["oxygen"], s["turn"]) == ("adventurer", 100, 25, 0)
    assert s["lines"] == {"1": {"coords": ["1AA"], "vars": {}}, "2": {"coords": ["1AF"], "vars": {}}}
    assert s["pack"]["path"] == "templates:kraken/demo-pack.toml" and len(s["pack"]["sha256"]) == 64


def test_new_without_difficulty_fails_naming_the_choices(journal):
    r = journal("kraken", "new", "S", "--line", "1AA")
    assert r.exit_code == 2 and "--difficulty is required: one of simulation, adventurer, real-life, hardcore" \
        in r.stderr


def test_a_campaign_records_a_shipped_pack_by_its_template_name(journal):
    journal("kraken", "new", "p", "--difficulty", "simulation", "--pack", "templates:kraken/demo-pack.toml",
            "--line", "1AA", ok=True)
    assert journal.state("p")["pack"]["path"] == "templates:kraken/demo-pack.toml"


def test_a_huge_seed_is_a_usage_error(journal):
    r = journal("kraken", "new", "x", "--difficulty", "simulation", "--seed", HUGE)
    assert r.exit_code == 2 and "--seed" in r.stderr and len(r.stderr) < 400
