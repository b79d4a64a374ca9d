"""`journal titans check` and `odds` (cli/checks.py): rolled with the face table, or refused saying
how to set one up."""

from __future__ import annotations

import pytest

from titans.titans_helpers import j, t


def test_odds_gives_the_exact_chance_of_at_least_k_successes(rolling):
    # the sample table's faces: red, bolt, bolt, gear, wing, blank; combat succeeds on red and
    # bolt (3 faces of 6). Atlas rolls 4 dice: at least 1 = 1 - (1/2)^4 = 15/16, at least 2 =
    # 1 - 1/16 - 4/16 = 11/16, at least 3 = (4 + 1)/16, all 4 = 1/16
    d = j(rolling, "titans", "odds", "-s", "g", "Atlas", "combat")
    assert d["dice"] == 4 and d["successes_on"] == ["red", "bolt"] and not d["red_counts_two"]
    assert d["at_least"] == pytest.approx([1, 15 / 16, 11 / 16, 5 / 16, 1 / 16])
    assert d["expected"] == pytest.approx(2)
    # repair succeeds on gear and red (2 of 6); Brute rolls 2 + 1 bonus die: 1 - (2/3)^3 = 19/27,
    # at least 2 = 3·(1/3)²·(2/3) + 1/27 = 7/27, all 3 = 1/27
    d = j(rolling, "titans", "odds", "-s", "g", "Brute", "REPAIR", "--bonus-dice", "1")
    assert d["dice"] == 3 and d["at_least"] == pytest.approx([1, 19 / 27, 7 / 27, 1 / 27])
    out = rolling("titans", "odds", "-s", "g", "Atlas", "combat", ok=True).stdout
    assert "Atlas's Combat Check: 4 dice (Combat 4); a success on red, bolt." in out
    assert "          1               93.8%" in out and "Expected successes: 2.00." in out


def test_odds_and_check_without_a_face_table_say_how_to_set_one_up(game):
    for cmd in (("odds", "Atlas", "combat"), ("check", "Atlas", "combat")):
        r = t(game, *cmd)
        assert r.exit_code == 1, cmd
        assert "journal titans new NAME --titan TITAN --dice templates:titans/dice-sample.toml" in r.stderr
        assert "--successes" not in r.stderr                     # `check` has no such option
    t(game, "opening", ok=True)
    t(game, "invade", "--rift", "West", "--city", "Tokyo", ok=True)
    r = t(game, "attack", "Atlas")                                  # `attack` has: it is what is missing
    assert r.exit_code == 2 and r.stderr.startswith("Error: count the successes on your custom dice and type them: "
                                                    "journal titans attack Atlas --successes N")


def test_the_table_shell_asks_each_custom_die_by_the_symbol_the_player_sees(journal):
    """In `journal play` on a terminal, a die the line leaves out is asked for: War Titans' custom
    dice by the symbol names of the face table (issue 20 §1), not by numbers; a name that is on
    no face is asked again."""
    from test_play_terminal import TITANS_NEW, Shell

    journal(*TITANS_NEW, "--dice", "templates:titans/dice-sample.toml", ok=True)
    sh = Shell(journal.saves, "earth")
    sh.ready()
    sh.line("check Atlas combat")
    for symbol in ("bolt", "skull", "RED", "gear", "blank"):
        sh.expect("titan die result (red, bolt, gear, wing, blank; Enter: journal rolls)")
        sh.line(symbol)
    assert "Atlas's Combat Check: 4 dice → bolt, red, gear, blank: 2 successes." in sh.ready()
    assert sh.leave("quit") == 0
    entry = j(journal, "log", "-s", "earth", "--tail", "1")[0]
    assert entry["rolls"] == [{"die": "titan die", "value": v, "source": "entered"} for v in (2, 1, 4, 6)]
