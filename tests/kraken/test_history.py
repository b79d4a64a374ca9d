"""journal/games/kraken/history.py: Space Kraken over a campaign, and the checks the luck audit reads."""

from __future__ import annotations

from kraken.kraken_helpers import apply, armed, fighters, started, with_enemy

from journal.games.interface import Check
from journal.games.kraken import history
from journal.games.kraken.ground_combat import attacks


def test_the_luck_audit_reads_the_checks_the_rules_recorded():
    """An attack's hit rolls, with the chance journal knew, come back from its log entry's meta."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0)))
    out = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Rifle", targets=["E1"])
    entry = {"meta": out.meta}
    assert history.checks(entry, s) == [Check("hit roll", 0.5, True)]
    assert history.checks({"meta": {"revealed": ["A7"]}}, s) == []


def test_journal_luck_counts_the_crews_checks_with_the_odds_journal_knew(gap):
    """Issue 22 §3: "for every check whose odds journal knew when it was made, the expected number of
    successes against the actual": a bulkhead's 2d6 + Tech >= 10 + level, tried twice."""
    gap("kraken", "dungeon", "enter", "-s", "gap", "1", ok=True)
    gap("kraken", "dungeon", "bulkhead", "-s", "gap", "B2", "--crew", "Mila", "--free", "--roll", "3", "--roll", "1",
        ok=True)                                                        # 3 + 1 + Tech 5 = 9 < 12
    gap("kraken", "dungeon", "bulkhead", "-s", "gap", "B2", "--crew", "Mila", "--stay", "--roll", "5", "--roll", "4",
        ok=True)                                                        # 14: open
    out = gap("luck", "-s", "gap", ok=True).stdout
    assert "1 of 2 bulkheads won where the odds gave 1.2" in out       # 2 x P(2d6 >= 7) = 2 x 21/36
