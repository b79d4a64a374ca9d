"""journal/games/kraken/cli/resources.py, end to end: `journal kraken credits`, `xp`, `oxygen`,
`grade-price`, `odds`: resources and check odds."""

from __future__ import annotations

from kraken.kraken_helpers import j, state


def test_level_up_and_resources(camp):
    assert j(camp, "kraken", "xp", "-s", "sk", "+9")["xp"] == 9
    d = j(camp, "kraken", "crew", "level-up", "-s", "sk", "Ray", "--attribute", "strength")
    assert (d["level"], d["cost"], d["xp"]) == (2, 4, 5)
    assert state(camp, "sk")["crew"]["Ray"]["hp_max"] == 10
    assert j(camp, "kraken", "credits", "-s", "sk", "-30")["credits"] == 70
    r = camp("kraken", "credits", "-s", "sk", "-80", "--buy")
    assert r.exit_code == 1 and "refused (rules note K12)" in r.stderr
    out = camp("kraken", "credits", "-s", "sk", "-80", ok=True).stdout
    assert "pay all 70¢ and nothing more" in out
    assert j(camp, "kraken", "oxygen", "-s", "sk", "-4")["oxygen"] == 21
    assert j(camp, "kraken", "oxygen", "-s", "sk", "=25")["oxygen"] == 25
    assert j(camp, "kraken", "credits", "-s", "sk", "=12")["credits"] == 12


def test_odds_before_rolling(camp):
    d = j(camp, "kraken", "odds", "-s", "sk", "--crew", "ray", "--attribute", "tech", "--target", "8")
    assert abs(d["p"] - 2 / 6) < 1e-9
    d = j(camp, "kraken", "odds", "-s", "sk", "--crew", "Ray", "--bulkhead", "2")
    assert d["target"] == 12 and abs(d["p"] - 10 / 36) < 1e-9 and abs(d["p_three"] - (1 - (26 / 36) ** 3)) < 1e-9
    out = camp("kraken", "odds", "--value", "4", "--target", "8", ok=True).stdout
    assert out.startswith("d6 + attribute 4 (4) >= 8: 50.0%")


def test_odds_names_the_checks_where_a_1_always_fails(camp):
    """Issue 29 §6: an avoid check (l.544), an objective (l.630), an evasion (l.679) or a Flank
    (l.1282) fails on a 1: `--check KIND` applies it; an evasion's and a Flank's 8+ is the default."""
    assert j(camp, "kraken", "odds", "--value", "5", "--target", "6")["p"] == 1.0
    d = j(camp, "kraken", "odds", "--value", "5", "--target", "6", "--check", "avoid")
    assert abs(d["p"] - 5 / 6) < 1e-9 and d["check"] == "avoid"
    out = camp("kraken", "odds", "-s", "sk", "--crew", "Ray", "--attribute", "agility", "--check", "flank",
               ok=True).stdout
    assert out == "d6 + Ray's Agility (3) >= 8 (a Flank: a 1 always fails): 33.3%.\n"
    r = camp("kraken", "odds", "--value", "3", "--check", "flank", "--mine", "2")
    assert r.exit_code == 2 and "--check flank is a d6 check: it goes with --target N, not --mine" in r.stderr
