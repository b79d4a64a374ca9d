"""The statistics of the luck audit, exact where it is cheap: the chi-square goodness-of-fit
p-value (the regularized upper incomplete gamma function), and the distribution of a number of
successes whose chances differ (Poisson binomial), with its two-sided p-value."""

from __future__ import annotations

import math
from collections.abc import Sequence

EXACT_UP_TO = 600  # checks: the exact distribution up to this many, a normal approximation beyond


def gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, a continued fraction above (Numerical
    Recipes' gser and gcf, to 1e-15)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_p(statistic: float, df: int) -> float:
    """The chance of a chi-square statistic at least this large with `df` degrees of freedom."""
    return gamma_q(df / 2, statistic / 2)


def chi_square(observed: Sequence[float], expected: Sequence[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected) if e > 0)


def successes_distribution(chances: list[float]) -> list[float]:
    """P(exactly k successes) for k = 0..n, the checks independent with these chances."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def successes_p(chances: list[float], actual: int) -> float:
    """Two-sided p-value of `actual` successes: the chance of an outcome no more likely than it
    (exact up to EXACT_UP_TO checks; beyond, a normal approximation with continuity correction)."""
    if not chances:
        return 1.0
    if len(chances) <= EXACT_UP_TO:
        dist = successes_distribution(chances)
        seen = dist[actual] * (1 + 1e-9)
        return min(1.0, sum(q for q in dist if q <= seen))
    mean = sum(chances)
    sd = math.sqrt(sum(p * (1 - p) for p in chances))
    if sd == 0:
        return 1.0 if actual == round(mean) else 0.0
    z = max(0.0, abs(actual - mean) - 0.5) / sd
    return min(1.0, math.erfc(z / math.sqrt(2)))
