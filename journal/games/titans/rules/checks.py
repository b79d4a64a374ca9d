"""Dice and Ability Checks: the dice pool, counting successes, and rolls by journal.

A check rolls the ability's dice plus the bonus dice of enabled Tech Cards, Tyrant
Artifacts, the Final Blow and Amphibious invaders; the custom die's face table (given at
`new`) says which symbols are successes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.titans.rules.board import invaders_at, location
from journal.games.titans.rules.model import AMPHIBIOUS, HANDS, category, face_table, stats
from journal.games.titans.rules.phases import refuse_if_over
from journal.hints import Hint, cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State, Titan


def ability_score(t: Titan, ability: str) -> int:
    """The number the Titan Sheet prints for a check's ability: its dice before any bonus."""
    return {"combat": t["combat"], "movement": t["movement"], "repair": t["repair"]}[ability]


def dice_pool(s: State, name: str, ability: str, ignored=(), blow: bool = False, foes=()) -> tuple[int, list]:
    """The dice of an ability check (rulebook, Dice and Ability Checks): the ability score plus
    the bonus dice of enabled Tech Cards (not those ignored for an immunity), Tyrant Artifacts,
    the Final Blow (when used), and, in a Combat Check, the Amphibious invaders' dice effects.
    Returns (dice, [(source, n), ...])."""
    t = s["titans"][name]
    parts = [(ability.capitalize(), ability_score(t, ability))]
    for card, tc in t["tech"].items():
        n = tc.get("dice", {}).get(ability, 0)
        if n and not tc["disabled"] and card not in ignored:
            parts.append((card, n))
    for art, bonus in s["players"][t["player"]].get("artifact_dice", {}).items():
        n = bonus.get(ability, 0)
        if n:
            parts.append((art, n))
    if ability == "combat":
        if blow and t.get("blow_dice"):
            parts.append(("Final Blow", t["blow_dice"]))
        for pid in foes:
            if category(s, pid) == AMPHIBIOUS:
                n = stats(s, pid)["effect"].get("dice", 0)
                if n:
                    parts.append((pid, n))
    return max(0, sum(n for _, n in parts)), parts


def pool_text(parts) -> str:
    """The sources of a dice pool: Combat 4, Plasma Sword +1."""
    return ", ".join(f"{src} {n}" if k == 0 else f"{src} {n:+d}" for k, (src, n) in enumerate(parts))


def pool_lines(s: State, name: str, foes, ability: str = "combat", ignored=(), blow: bool = False,
                typed: bool = False, bonus_dice: int = 0) -> list[str]:
    """Say how many dice to roll, when anything changes the plain ability score."""
    n, parts = dice_pool(s, name, ability, ignored=ignored, blow=blow, foes=foes)
    if bonus_dice:
        n, parts = n + bonus_dice, [*parts, ("bonus", bonus_dice)]
    if len(parts) == 1:
        return []
    if typed:
        return [(f"{name}'s dice for this {ability.capitalize()} Check: {n} ({pool_text(parts)}); the successes "
                 f"are taken as typed.")]
    return [f"{name} rolls {plural(n, 'die', 'dice')} in a {ability.capitalize()} Check here ({pool_text(parts)})."]


def _two_handed(t: Titan, ignored=()) -> bool:
    """An enabled Two-Handed Tech Card (not ignored for an immunity) is on the sheet."""
    return any(tc["slot"] == HANDS and not tc["disabled"] and card not in ignored for card, tc in t["tech"].items())


def _is_success(table: dict, ability: str, face: int) -> bool:
    return table["faces"][face - 1] in table[ability]


def face_values(state: State, titan: str, ability: str, ignored=()) -> list[int]:
    """The successes each face of the die counts in this Titan's check: 1 on a symbol of the
    ability (its face table), 0 otherwise; with an enabled Two-Handed Tech Card the red symbol
    counts 2 in a Combat Check."""
    table = face_table(state, titan)
    assert table is not None, "a check is weighed with a face table (the caller's check)"
    two = ability == "combat" and _two_handed(state["titans"][titan], ignored)
    return [(2 if two and sym == table["red"] else 1) if sym in table[ability] else 0 for sym in table["faces"]]


def count_successes(state: State, titan: str, ability: str, faces: list[int], ignored=()) -> int:
    """Successes of rolled custom dice: the symbols counted for that ability (the Titan's face
    table); with an enabled Two-Handed Tech Card the red symbol counts 2 in a Combat Check."""
    per_face = face_values(state, titan, ability, ignored)
    return sum(per_face[f - 1] for f in faces)


SET_UP_WITH_TABLE = cmd("titans new", "NAME", titan="TITAN", dice="templates:titans/dice-sample.toml")
MAX_DICE = 60


def no_table(what: str) -> str:
    """Why journal cannot roll or weigh the custom dice: the game was set up without their face table."""
    return say(f"{what} needs the custom dice's face table, and this game was set up without one (a table is "
               f"given at set-up: ", SET_UP_WITH_TABLE, ", or your own file)")


def refuse_too_many(s: State, name: str, ability: str, successes: int, bonus_dice: int = 0, ignored=(),
                    blow: bool = False, foes=(), at_least: int = 0) -> None:
    """Successes typed as counted on the table's dice are at most what those dice can show: a
    success per die (two on the red symbol in a Combat Check while a Two-Handed Tech Card counts
    it so), and no more (`at_least`: what the check gets anyway, a Refuge City's)."""
    n, parts = dice_pool(s, name, ability, ignored=ignored, blow=blow, foes=foes)
    n += bonus_dice
    table = face_table(s, name)
    two = ability == "combat" and _two_handed(s["titans"][name], ignored)
    per_die = max(face_values(s, name, ability, ignored)) if table else 2 if two else 1
    most = max(n * per_die, at_least)
    if successes > most:
        how = pool_text(parts) + (f", +{bonus_dice} bonus" if bonus_dice else "")
        raise InputError(say(f"--successes {successes}: {name}'s {plural(n, 'die', 'dice')} in this "
                             f"{ability.capitalize()} Check ({how}) give at most {plural(most, 'success', 'successes')}"
                             f" (more dice from a card: --bonus-dice N)"))


def roll_die(dice: Dice, table: dict) -> int:
    """One custom die (a face 1-6): a player asked for it types the symbol they see."""
    return dice.roll(6, "titan die", faces=list(table["faces"]))


def _pool(s: State, name: str, ability: str, bonus_dice: int, **kw) -> tuple[int, list]:
    """The dice of a check plus `bonus_dice` extra dice (at most 60 in all)."""
    n, parts = dice_pool(s, name, ability, **kw)
    n += bonus_dice
    if n > MAX_DICE:
        raise InputError(f"{n} dice is too many to roll at once (at most {MAX_DICE})")
    return n, parts


def roll_check(s: State, dice: Dice, name: str, ability: str, bonus_dice: int, lines: list[str], ignored=(),
               blow: bool = False, foes=(), reroll: int = 0, typed: Hint | None = None) -> int:
    """Roll an ability check with the face table: the dice pool (dice_pool) plus `bonus_dice`;
    `reroll` failed dice are rolled again, once each ("a re-rolled die cannot be re-rolled").
    Without a face table the command is refused, showing the command with the successes typed
    (`typed`), when it takes them."""
    table = face_table(s, name)
    if table is None:
        if typed:
            raise InputError(say("count the successes on your custom dice and type them: ", typed, " (journal "
                                 "rolls them only in a game set up with their face table: ", SET_UP_WITH_TABLE, ")"))
        raise RuleError(no_table(f"journal's {ability.capitalize()} Check"))
    n, parts = _pool(s, name, ability, bonus_dice, ignored=ignored, blow=blow, foes=foes)
    faces = [roll_die(dice, table) for _ in range(n)]
    syms = [table["faces"][f - 1] for f in faces]
    how = f" ({pool_text(parts)}{f', +{bonus_dice} bonus' if bonus_dice else ''})" if len(parts) > 1 else ""
    got = count_successes(s, name, ability, faces, ignored)
    lines.append(f"{name}'s {ability.capitalize()} Check: {plural(n, 'die', 'dice')}{how} → "
                 f"{', '.join(syms) or 'none'}: {plural(got, 'success', 'successes')}.")
    if reroll:
        failed = [i for i, f in enumerate(faces) if not _is_success(table, ability, f)][:reroll]
        if failed:
            again = []
            for i in failed:
                old = syms[i]
                faces[i] = roll_die(dice, table)
                syms[i] = table["faces"][faces[i] - 1]
                again.append(f"{old} → {syms[i]}")
            got = count_successes(s, name, ability, faces, ignored)
            lines.append(f"Re-roll {plural(len(failed), 'failed die', 'failed dice')} once each: {', '.join(again)}: "
                         f"{plural(got, 'success', 'successes')}.")
        else:
            lines.append("No die failed: nothing to re-roll.")
    return got


def bonus_text(bonus: dict) -> str:
    return ", ".join(f"{k} {n:+d} {'die' if abs(n) == 1 else 'dice'}" for k, n in bonus.items())


def check(state: State, dice: Dice, titan: str, ability: str, bonus_dice: int = 0, reroll: int = 0) -> Outcome:
    """An ability check rolled with the custom-die face table (logged; the state is unchanged):
    the ability's dice plus the bonus dice of enabled Tech Cards and Tyrant Artifacts."""
    refuse_if_over(state)
    lines: list[str] = []
    got = roll_check(state, dice, titan, ability, bonus_dice, lines, reroll=reroll)
    return Outcome(copy_state(state), " ".join(lines), lines,
                   {"titan": titan, "ability": ability, "successes": got})


def distribution(per_face: list[int], n: int, reroll: int = 0) -> list:
    """The exact chance of each number of successes (index k: k successes) of `n` dice whose faces
    count `per_face` successes each; `reroll` failed dice (a face counting 0) are rolled again,
    once each. Fractions: every figure exact."""
    from fractions import Fraction  # only odds need exact fractions (start-up: not on every command)

    side = Fraction(1, len(per_face))
    states = {(0, 0): Fraction(1)}      # (successes, failed dice to re-roll) -> chance
    for _ in range(n):
        nxt: dict = {}
        for (k, f), p in states.items():
            for v in per_face:
                key = (k + v, f) if v else (k, min(f + 1, reroll))
                nxt[key] = nxt.get(key, 0) + p * side
        states = nxt
    plain = [[Fraction(1)]]             # plain[m]: m dice rolled again, no further re-roll
    for _ in range(min(n, reroll)):
        plain.append([sum((p * side for j, p in enumerate(plain[-1]) for v in per_face if j + v == k), Fraction(0))
                      for k in range(len(plain[-1]) + max(per_face))])
    dist: list = []
    for (k, f), p in states.items():
        for j, q in enumerate(plain[f]):
            dist += [Fraction(0)] * (k + j + 1 - len(dist))
            dist[k + j] += p * q
    while len(dist) > 1 and dist[-1] == 0:
        dist.pop()
    return dist or [Fraction(1)]


def check_record(kind: str, s: State, name: str, ability: str, need: int, got: int, bonus_dice: int = 0,
                 reroll: int = 0, ignored=(), blow: bool = False, foes=()) -> list[dict]:
    """A check whose odds journal knows as it is made (the Titan's face table, the dice pool), for the
    luck audit (journal luck): the chance of `need` successes or more, and whether it got them.
    None known (no face table, nothing needed): an empty list."""
    if need <= 0 or face_table(s, name) is None:
        return []
    n, _ = dice_pool(s, name, ability, ignored=ignored, blow=blow, foes=foes)
    dist = distribution(face_values(s, name, ability, ignored), n + bonus_dice, reroll)
    return [{"kind": kind, "chance": round(float(sum(dist[need:])), 6), "success": got >= need}]


def odds(state: State, titan: str, ability: str, bonus_dice: int = 0) -> dict:
    """The exact chance of at least k successes in an ability check, for every k, from the
    face table: the check's dice pool (a Combat Check counts the Amphibious invaders where
    the Titan stands) plus `bonus_dice`; the red symbol counts 2 in a Combat Check while a
    Two-Handed Tech Card is enabled. `at_least[k]` is the chance of k or more successes."""
    name = titan
    table = face_table(state, name)
    if table is None:
        raise RuleError(no_table("the odds of a check"))
    t = state["titans"][name]
    foes = invaders_at(state, location(t)) if ability == "combat" else []
    n, parts = _pool(state, name, ability, bonus_dice, foes=foes)
    two = ability == "combat" and _two_handed(t)
    per_face = face_values(state, name, ability)
    dist = distribution(per_face, n)
    at_least = [float(sum(dist[k:])) for k in range(len(dist))]
    expected = float(sum(k * p for k, p in enumerate(dist)))
    symbols = [sym for sym in dict.fromkeys(table["faces"]) if sym in table[ability]]
    return {"titan": name, "ability": ability, "dice": n, "bonus_dice": bonus_dice,
            "pool": [{"source": src, "dice": k} for src, k in parts], "successes_on": symbols,
            "red_counts_two": two, "at_least": at_least, "expected": expected}
