"""The luck audit: how the dice, the checks and the bag went against their odds.

- Checks whose odds journal knew when they were made (a game's `History.checks`): successes
  expected (the sum of the chances) against successes had, with an exact two-sided p-value.
- Dice: the faces of each kind of die, the player's entered dice and journal's own apart, against
  a fair die (chi-square goodness of fit).
- Bag draws (Pulp Invasion): each colour drawn against the bag's contents at each draw.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable

from journal.games.interface import Check
from journal.report import stats
from journal.text import plural

BIASED = 0.01  # a p-value below this is called a sign of bias
PER_FACE = 5   # the chi-square test needs about this many rolls expected per face
_SIDES = re.compile(r"(?:^|\s)d(\d{1,3})$")  # "d6", "d20", "orange d6"
SOURCE_WORDS = {"entered": "your entered", "rolled": "journal's"}


def numbered_sides(die: str) -> int | None:
    """The faces of a die named by its number of sides ("d6", "orange d6"); None for another name."""
    found = _SIDES.search(die)
    return int(found.group(1)) if found else None


def as_often(ratio: float) -> str:
    if ratio >= 1.95 and abs(ratio - 2) < 0.05:
        return "twice as often"
    if ratio >= 1:
        return f"{ratio:.1f} times as often"
    return f"only {ratio:.0%} as often"


class Tally:
    """What the audit counts, entry by entry (in any order)."""

    def __init__(self, sides: Callable[[str], int | None] = numbered_sides) -> None:
        self.sides = sides  # a die's number of faces (None: not a die)
        self.kinds: dict[str, int] = {}
        self.checks: dict[str, list[Check]] = defaultdict(list)
        self.faces: dict[tuple[str, str], Counter] = defaultdict(Counter)
        self.draws: list[tuple[dict[str, float], str]] = []  # (each colour's chance, the colour drawn)
        self.unmatched_draws = 0

    def add_checks(self, checks: list[Check]) -> None:
        for check in checks:
            self.checks[check.kind].append(check)

    def add_rolls(self, rolls: list[dict] | None, bag: dict[str, int]) -> None:
        """The dice of one entry; its bag draws against `bag`, the cubes before the entry."""
        drawn = []
        for roll in rolls or ():
            die, value, source = roll.get("die"), roll.get("value"), roll.get("source")
            if die == "bag":
                drawn.append(value)
            elif isinstance(die, str) and isinstance(value, int) and not isinstance(value, bool):
                sides = self.kinds[die] if die in self.kinds else self.kinds.setdefault(die, self.sides(die) or 0)
                if 1 <= value <= sides:
                    self.faces[(die, str(source))][value] += 1
        if drawn:
            self.add_draws(drawn, bag)

    def add_draws(self, drawn: list, bag: dict[str, int]) -> None:
        left = dict(bag)
        chances = []
        for colour in drawn:
            total = sum(left.values())
            if not total or left.get(colour, 0) <= 0:
                self.unmatched_draws += len(drawn)  # the bag as rebuilt does not hold it: left out
                return
            chances.append(({c: n / total for c, n in left.items()}, colour))
            left[colour] -= 1
        self.draws.extend(chances)

    def audit(self, names: dict[str, list[str]] | None = None) -> dict:
        """The audit; `names`: a custom die's face names (face 1 first), as the player typed them."""
        names = names or {}
        out: dict = {"checks": [check_audit(kind, checks) for kind, checks in sorted(self.checks.items())],
               "dice": [dice_audit(die, source, faces, self.kinds[die], names.get(die)) for (die, source), faces in
                        sorted(self.faces.items(), key=lambda kv: (self.kinds[kv[0][0]], kv[0][0], kv[0][1]))],
               "draws": draws_audit(self.draws, self.unmatched_draws) if self.draws or self.unmatched_draws else None,
               "overall": overall([c for kind in self.checks.values() for c in kind])}
        out["sentence"] = sentence(out)
        return out


def check_audit(kind: str, checks: list[Check]) -> dict:
    chances = [c.chance for c in checks]
    won = sum(1 for c in checks if c.success)
    expected = sum(chances)
    p = stats.successes_p(chances, won)
    said = (f"{won} of {plural(len(checks), kind)} won" if len(checks) > 1 else
            f"the one {kind} was {'won' if won else 'lost'}") + f" where the odds gave {expected:.1f}"
    if p < BIASED:
        verdict = f"{'luckier' if won > expected else 'unluckier'} than the odds, p = {p:.3g}"
    else:
        verdict = f"within the odds (p = {p:.2f})"
    return {"kind": kind, "count": len(checks), "successes": won, "expected": round(expected, 3), "p": p,
            "text": f"{said}: {verdict}."}


def by_symbol(observed: list[int], names: list[str] | None) -> tuple[list[str], list[int], list[int]]:
    """The faces' counts by what they show: (labels, counts, faces showing each); the numbers
    themselves for a die whose faces are numbers."""
    if not names or len(names) != len(observed):
        names = [str(face) for face in range(1, len(observed) + 1)]
    labels = list(dict.fromkeys(names))
    counts = [sum(c for nm, c in zip(names, observed) if nm == lb) for lb in labels]
    return labels, counts, [names.count(lb) for lb in labels]


def dice_audit(die: str, source: str, faces: Counter, sides: int, names: list[str] | None = None) -> dict:
    """A die's faces against a fair die. A custom die is counted by the symbols its faces show (a
    symbol on two faces expected twice as often), as the player typed them."""
    n = sum(faces.values())
    observed = [faces.get(face, 0) for face in range(1, sides + 1)]
    labels, counts, weight = by_symbol(observed, names)
    who = f"{SOURCE_WORDS.get(source, source)} {die}"
    row = {"die": die, "source": source, "rolls": n, "faces": observed, "labels": labels, "counts": counts, "p": None}
    if n < PER_FACE * sides:
        row["text"] = f"{who}: {plural(n, 'roll')}, too few to tell (a test needs {PER_FACE * sides})."
        return row
    expected = [n * w / sides for w in weight]
    p = stats.chi_square_p(stats.chi_square(counts, expected), len(labels) - 1) if len(labels) > 1 else 1.0
    row["p"] = p
    if p >= BIASED:
        row["text"] = f"{who}: {plural(n, 'roll')}, no sign of bias (p = {p:.2f})."
        return row
    k = max(range(len(labels)), key=lambda i: abs(counts[i] - expected[i]))
    row["text"] = (f"{who}: {plural(n, 'roll')}, shows {labels[k]} {as_often(counts[k] / expected[k])} as it "
                   f"should, p = {p:.2g}.")
    return row


def overall(checks: list[Check]) -> dict | None:
    """All the checks with known odds together: how many, won, expected, and the p-value."""
    if not checks:
        return None
    chances = [c.chance for c in checks]
    won = sum(1 for c in checks if c.success)
    return {"count": len(checks), "successes": won, "expected": round(sum(chances), 3),
            "sd": math.sqrt(sum(p * (1 - p) for p in chances)), "p": stats.successes_p(chances, won)}


def temperature(won: int, expected: float, sd: float) -> str:
    z = (won - expected) / sd if sd else 0.0
    for bound, said in ((-1.5, "ran cold"), (-0.5, "ran a little cold"), (0.5, "ran true to the odds"),
                        (1.5, "ran a little hot")):
        if z <= bound:
            return said
    return "ran hot"


def chance_words(p: float) -> str:
    if p >= 0.2:
        return "well within chance"
    if p >= 0.05:
        return "within chance"
    return "a little unusual" if p >= BIASED else "rarely so by chance"


def sentence(audit: dict) -> str:
    """The luck in one sentence: the checks with known odds together, or else the dice."""
    o = audit["overall"]
    if o:
        said = "ran true to the odds" if o["successes"] == round(o["expected"]) else \
            temperature(o["successes"], o["expected"], o["sd"])
        return (f"Your dice {said}: {o['successes']} of {plural(o['count'], 'check')} won where the odds gave "
                f"{o['expected']:.1f} (p = {o['p']:.2f}), {chance_words(o['p'])}.")
    tested = [d for d in audit["dice"] if d["p"] is not None]
    rolls = sum(d["rolls"] for d in audit["dice"])
    if not rolls:
        return "No dice and no checks with known odds in this part of the log."
    if not tested:
        return f"{plural(rolls, 'die', 'dice')} rolled and no check with known odds: too few to judge the luck."
    worst = min(tested, key=lambda d: d["p"])
    if worst["p"] >= BIASED:
        return f"{plural(rolls, 'die', 'dice')} rolled, no check with known odds: the dice showed no sign of bias."
    said = worst["text"]
    return f"{plural(rolls, 'die', 'dice')} rolled, no check with known odds; {said[:1].lower()}{said[1:]}"


def draws_audit(draws: list[tuple[dict[str, float], str]], unmatched: int) -> dict:
    colours = sorted({c for chances, _ in draws for c in chances})
    expected = {c: sum(chances.get(c, 0.0) for chances, _ in draws) for c in colours}
    drawn = Counter(colour for _, colour in draws)
    rows = [{"colour": c, "drawn": drawn.get(c, 0), "expected": round(expected[c], 3)} for c in colours]
    out = {"draws": len(draws), "colours": rows, "p": None, "left_out": unmatched}
    if not draws or min(expected.values()) < PER_FACE:
        out["text"] = (f"{plural(len(draws), 'cube')} drawn: too few to tell (a test needs {PER_FACE} expected of "
                       f"each colour).")
        return out
    p = stats.chi_square_p(stats.chi_square([drawn.get(c, 0) for c in colours], [expected[c] for c in colours]),
                           len(colours) - 1)
    out["p"] = p
    if p >= BIASED:
        out["text"] = f"{plural(len(draws), 'cube')} drawn: as the bag's contents gave, no sign of bias (p = {p:.2f})."
    else:
        c = max(colours, key=lambda k: abs(drawn.get(k, 0) - expected[k]))
        out["text"] = (f"{plural(len(draws), 'cube')} drawn: {c} came {as_often(drawn.get(c, 0) / expected[c])} as "
                       f"the bag's contents gave, p = {p:.2g}.")
    return out


def text_lines(audit: dict) -> list[str]:
    """The audit for the terminal (`journal luck`)."""
    lines = [audit["sentence"], "Checks with known odds:"]
    lines += [f"  {c['text']}" for c in audit["checks"]] or ["  none in this part of the log."]
    lines.append("Dice:")
    lines += [f"  {d['text']}" for d in audit["dice"]] or ["  no dice in this part of the log."]
    if audit["draws"]:
        lines.append("Bag draws:")
        lines.append(f"  {audit['draws']['text']}")
    return lines
