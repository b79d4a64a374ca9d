"""The luck audit's statistics against exact figures, on constructed logs (issue 22 §3): a fair
log gives a high p-value, a loaded one a low one."""

from __future__ import annotations

import math
from collections import Counter
from itertools import product

import pytest

from journal.games.interface import Check
from journal.report import luck, stats


def chi2_sf_even(x: float, df: int) -> float:
    """The chi-square tail for an even df, in closed form: e^(-x/2) Σ_{i<df/2} (x/2)^i / i!."""
    return math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range(df // 2))


def chi2_sf_odd(x: float, df: int) -> float:
    """The chi-square tail for an odd df, in closed form (erfc and the odd terms)."""
    total = math.erfc(math.sqrt(x / 2))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for k in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * k + 1)
    return total


@pytest.mark.parametrize("df", [1, 2, 3, 5, 7, 19])
@pytest.mark.parametrize("x", [0.1, 1.0, 4.5, 11.07, 30.0, 80.0])
def test_chi_square_p_values_match_the_closed_forms(df, x):
    exact = chi2_sf_even(x, df) if df % 2 == 0 else chi2_sf_odd(x, df)
    assert stats.chi_square_p(x, df) == pytest.approx(exact, rel=1e-10, abs=1e-300)


def test_the_textbook_critical_value_of_a_d6():
    assert stats.chi_square_p(11.0705, 5) == pytest.approx(0.05, abs=1e-5)
    assert stats.chi_square_p(15.0863, 5) == pytest.approx(0.01, abs=1e-5)


def test_the_successes_distribution_is_exact():
    chances = [0.5, 1 / 3, 5 / 6]
    by_hand = Counter()
    for outcome in product([0, 1], repeat=3):
        p = math.prod(c if won else 1 - c for c, won in zip(chances, outcome))
        by_hand[sum(outcome)] += p
    assert stats.successes_distribution(chances) == pytest.approx([by_hand[k] for k in range(4)], abs=1e-15)
    # ten fair coins, all heads: two-sided p = 2 / 1024
    assert stats.successes_p([0.5] * 10, 10) == pytest.approx(2 / 1024)
    assert stats.successes_p([0.5] * 10, 5) == pytest.approx(1.0)


def test_a_fair_d6_log_shows_no_bias_and_a_loaded_one_does():
    fair, loaded = luck.Tally(), luck.Tally()
    for face in range(1, 7):
        fair.add_rolls([{"die": "d6", "value": face, "source": "entered"}] * 20, {})
    rolls = [1] * 40 + [2, 3, 4, 5, 6] * 16   # 120 rolls, 1 twice as often as it should
    loaded.add_rolls([{"die": "d6", "value": v, "source": "entered"} for v in rolls], {})
    [f] = fair.audit()["dice"]
    [b] = loaded.audit()["dice"]
    assert f["p"] == pytest.approx(1.0) and "no sign of bias" in f["text"]
    statistic = (40 - 20) ** 2 / 20 + 5 * (16 - 20) ** 2 / 20                 # 24
    assert b["p"] == pytest.approx(chi2_sf_odd(statistic, 5), rel=1e-12)     # 0.000218
    assert b["text"] == "your entered d6: 120 rolls, shows 1 twice as often as it should, p = 0.00022."


def test_entered_and_rolled_dice_are_audited_apart_and_few_rolls_say_so():
    t = luck.Tally()
    t.add_rolls([{"die": "d6", "value": 3, "source": "entered"}, {"die": "d6", "value": 4, "source": "rolled"},
                 {"die": "d20", "value": 20, "source": "rolled"}], {})
    rows = {(d["die"], d["source"]): d for d in t.audit()["dice"]}
    assert set(rows) == {("d6", "entered"), ("d6", "rolled"), ("d20", "rolled")}
    assert rows[("d6", "rolled")]["text"] == "journal's d6: 1 roll, too few to tell (a test needs 30)."
    assert rows[("d20", "rolled")]["faces"][19] == 1


def test_checks_count_expected_successes_against_had():
    t = luck.Tally()
    t.add_checks([Check("challenge", 0.5, True)] * 7 + [Check("challenge", 0.5, False)] * 3)
    [c] = t.audit()["checks"]
    assert (c["count"], c["successes"], c["expected"]) == (10, 7, 5.0)
    assert c["p"] == pytest.approx(sum(math.comb(10, k) for k in (0, 1, 2, 3, 7, 8, 9, 10)) / 1024)
    assert c["text"].startswith("7 of 10 challenges won where the odds gave 5.0: within the odds")
    lucky = luck.Tally()
    lucky.add_checks([Check("challenge", 0.1, True)] * 10)
    assert "luckier than the odds" in lucky.audit()["checks"][0]["text"]
    searches = luck.Tally()
    searches.add_checks([Check("planet search", 0.5, True)] * 2 + [Check("planet search", 0.5, False)])
    assert searches.audit()["checks"][0]["text"].startswith("2 of 3 planet searches won where the odds gave 1.5")


def test_bag_draws_are_judged_against_the_bag_at_each_draw():
    t = luck.Tally()
    for _ in range(60):  # a bag of 2 red and 1 blue, a cube drawn and put back each time
        t.add_rolls([{"die": "bag", "value": "red", "source": "entered"}], {"red": 2, "blue": 1})
    d = t.audit()["draws"]
    assert {c["colour"]: (c["drawn"], c["expected"]) for c in d["colours"]} == {"red": (60, 40.0), "blue": (0, 20.0)}
    assert d["p"] == pytest.approx(chi2_sf_odd(30.0, 1), rel=1e-9)  # (60-40)²/40 + (0-20)²/20 = 30, 1 df
    t2 = luck.Tally()
    t2.add_rolls([{"die": "bag", "value": c, "source": "entered"} for c in ("red", "red", "red")], {"red": 2})
    assert t2.audit()["draws"]["left_out"] == 3  # the third red is not in the bag as rebuilt


def test_a_single_check_is_told_as_one_not_1_of_1():
    """Issue 30 §8: never "1 of 1 CGM %12 random switch won"."""
    from journal.games.interface import Check
    from journal.report.luck import check_audit

    won = check_audit("CGM %12 random switch", [Check("CGM %12 random switch", 0.45, True)])
    assert won["text"].startswith("the one CGM %12 random switch was won where the odds gave 0.5")
    lost = check_audit("bulkhead", [Check("bulkhead", 0.5, False)])
    assert lost["text"].startswith("the one bulkhead was lost")
