"""journal/games/kraken/history.py: Space Kraken over a campaign, and the checks the luck audit reads."""

from __future__ import annotations

from kraken.kraken_helpers import apply, armed, fighters, started, with_enemy

from journal.games import Check
from journal.games.kraken import history
from journal.games.kraken.ground_combat import attacks


def test_the_luck_audit_reads_the_checks_the_rules_recorded():
    """An attack's hit rolls, with the chance journal knew, come back from its log entry's meta."""
    s = started(armed(with_enemy(fighters(), hp=30, armor=0)))
    out = apply(s, attacks.ground_attack, 5, name="Ann", weapon="Rifle", targets=["E1"])
    entry = {"meta": out.meta}
    assert history.checks(entry, s) == [Check("hit roll", 0.5, True)]
    assert history.checks({"meta": {"revealed": ["A7"]}}, s) == []
