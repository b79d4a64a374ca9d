"""journal/games/kraken/model/campaign.py: The campaign as every chapter handles it: guards, paying
(K12), save points (K8), the score."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from kraken.kraken_helpers import CREW, apply, cli_set_up, dice, in_turn, new_state, with_crew

from journal.errors import RuleError
from journal.games import kraken
from journal.games.kraken import crew, phases
from journal.games.kraken.model.campaign import score


@pytest.mark.parametrize("difficulty, expected", [("simulation", 4), ("adventurer", 7), ("real-life", 14),
                                                  ("hardcore", 21)])
def test_campaign_score_is_surviving_levels_times_the_difficulty_factor(difficulty, expected):
    s = with_crew(new_state(difficulty), "A", "B", "C")
    s["crew"]["A"]["level"] = 3
    s["crew"]["B"]["level"] = 3                     # 3 + 3 + 1 = 7 (halved and rounded up: 4)
    assert score(s)["score"] == expected


def test_everyone_dead_is_a_loss_however_it_happens(journal):
    """3.9: "If all of your Crew Members are dead or your spaceship is destroyed, you have lost
    the game": a death by hand (`crew hp`, `set`) ends the campaign as a lost combat does, and
    no later turn begins."""
    s = in_turn(with_crew(new_state(), "Ann"))
    out = apply(s, crew.crew_hp, name="Ann", delta=-12)                  # 8 - 12 = -4: killed
    assert out.state["result"] == "lost" and "the campaign is lost (3.9)" in out.lines[-1]
    with pytest.raises(RuleError, match="the game is over: the campaign was lost"):
        phases.turn(out.state, dice())
    assert kraken.result(out.state) == "lost"
    journal("kraken", "new", "k", "--difficulty", "simulation", "--line", "1AA", ok=True)
    cli_set_up(journal, "k")
    journal("kraken", "crew", "add", "-s", "k", "Bo", *CREW, ok=True)
    journal("kraken", "turn", "-s", "k", ok=True)
    journal("set", "-s", "k", "crew.Bo", "--unset", ok=True)            # Bo dies by `set`
    path = journal.saves / "k.toml"                                     # and Ann in the file, by hand
    doc = tomllib.loads(path.read_text("utf-8"))
    doc["state"]["crew"] = {}
    del doc["state"]["leader"]
    path.write_text(tomli_w.dumps(doc), "utf-8")
    assert journal.state("k")["crew"] == {} and journal("check", "-s", "k").exit_code == 0
    r = journal("kraken", "turn", "-s", "k")
    assert r.exit_code == 1 and "the campaign was lost (no crew member is left)" in r.stderr
    assert "campaign LOST" in journal("show", "-s", "k", ok=True).stdout


def test_a_crew_emptied_during_the_set_up_loses_nothing():
    s = apply(with_crew(new_state(), "Ann"), crew.crew_remove, name="Ann")
    assert "result" not in s.state and kraken.result(s.state) is None
