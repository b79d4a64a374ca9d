"""journal/games/kraken/cli/common.py, what every command shares: a choice typed in any case, a
missing decision asked for on a terminal."""

from __future__ import annotations

from kraken.kraken_helpers import state


def test_a_missing_decision_is_asked_for_on_a_terminal(camp, monkeypatch):
    from journal.runtime import Runtime

    monkeypatch.setattr(Runtime, "can_prompt", lambda rt: True)
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", input="b\n\n")  # B, then Enter: journal rolls the d20 (K8 asks)
    assert r.exit_code == 0, r.stderr
    assert "option B → 2AK" in r.stdout and state(camp, "sk")["interlink"]["K"] == -1


def test_choose_and_other_choices_accept_any_case(camp):
    camp("kraken", "turn", "-s", "sk", ok=True)
    camp("kraken", "turn", "-s", "sk", "--roll", "3", ok=True)
    r = camp("kraken", "turn", "-s", "sk", "--choose", "b", ok=True)
    assert "option B → 2AK" in r.stdout
    camp("kraken", "end", "-s", "sk", "WON", ok=True)
    assert camp.state("sk")["result"] == "won"
