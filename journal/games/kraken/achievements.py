"""3.1 Achievements and 3.9 the campaign score (rules note K9): records kept for every campaign.

They live in one side file beside the saves (ACHIEVEMENTS_FILE): a rules function here reads
it as `side[ACHIEVEMENTS_FILE]` (the session passes `side`: a command names the file in
`How(side_files=...)` and gives no `side` itself) and returns its new content in
`Outcome.side`, so the change is logged with the campaign's entry, committed with the save
(in a batch too) and taken back by an undo with it. A save point's reload never touches the
file: achievements persist through a reload (K8, K9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError, SaveError
from journal.hints import cmd, say
from journal.lookup import already
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from collections.abc import Mapping
    from journal.games.kraken.tables import State

ACHIEVEMENTS_FILE = ".kraken-achievements.toml"   # one file in the saves folder (rules note K9)


def records(doc: dict, shown: str = ACHIEVEMENTS_FILE) -> tuple[dict, list]:
    """The achievements ({NAME: {...}}) and scores ([{...}]) of the file's content."""
    ach, scores = doc.get("achievements", {}), doc.get("scores", [])
    if not isinstance(ach, dict) or not all(isinstance(v, dict) for v in ach.values()) \
            or not isinstance(scores, list) or not all(isinstance(x, dict) for x in scores):
        raise SaveError(f"{shown}: expected [achievements.NAME] tables and [[scores]]")
    return ach, scores


def add_achievement(doc: dict, name: str, bonus: str | None, campaign: str | None, when: str) -> dict:
    """The file's content with achievement `name` unlocked (refused if it is already)."""
    name = " ".join(str(name).split())
    if not name:
        raise InputError("name the achievement: its name is empty")
    ach, _scores = records(doc)
    if already(ach, name):
        raise RuleError(f"'{already(ach, name)}' is unlocked already")
    new = copy_state(doc)
    entry = {"unlocked": when}
    if bonus and bonus.strip():
        entry["bonus"] = " ".join(bonus.split())
    if campaign:
        entry["campaign"] = campaign
    new.setdefault("achievements", {})[name] = entry
    return new


def unlock(state: State, dice: Dice, name: str, bonus: str | None, campaign: str, when: str,
           side: Mapping[str, dict] = {}) -> Outcome:
    """Book p. 11: an achievement, noted in the campaign's log and kept for every future one."""
    doc = add_achievement(side[ACHIEVEMENTS_FILE], name, bonus, campaign, when)
    name = " ".join(str(name).split())
    bonus_text = doc["achievements"][name].get("bonus")
    line = f"Achievement unlocked: {name}" + (f" ({bonus_text})" if bonus_text else "") + "."
    return Outcome(cast(dict, state), f"Achievement unlocked: {name}",
                   [line, f"Kept in {ACHIEVEMENTS_FILE} beside the saves for every future campaign."],
                   {"achievement": name, "bonus": bonus_text}, side={ACHIEVEMENTS_FILE: doc})


def score_line(sc: dict) -> str:
    from journal.games.kraken.model.constants import DIFFICULTY_TEXT

    factor = {0.5: "halved (rounded up)", 1.0: "unmodified", 2.0: "doubled", 3.0: "tripled"}[sc["factor"]]
    return (f"Campaign score: crew levels {sc['levels']}, {DIFFICULTY_TEXT[sc['difficulty']]}: {factor} "
            f"→ {sc['score']}.")


def record_score(state: State, dice: Dice, campaign: str, date: str, side: Mapping[str, dict] = {}) -> Outcome:
    """K9: a won campaign's score goes into the achievements file (once)."""
    from journal.games.kraken.model.campaign import score

    if state.get("result") != "won":
        raise RuleError(say("a score is claimed when the campaign is won (", cmd("kraken end", "won"), ")"))
    doc = copy_state(side[ACHIEVEMENTS_FILE])
    _ach, scores = records(doc)
    if any(x.get("campaign") == campaign for x in scores):
        raise RuleError(f"the score of '{campaign}' is recorded already")
    sc = score(state)
    doc["scores"] = [*scores, {"campaign": campaign, "score": sc["score"], "levels": sc["levels"],
                               "difficulty": sc["difficulty"], "date": date}]
    return Outcome(cast(dict, state), f"Campaign score {sc['score']} recorded",
                   [score_line(sc), f"Recorded in {ACHIEVEMENTS_FILE} beside the saves."],
                   {**sc, "campaign": campaign, "recorded": True}, side={ACHIEVEMENTS_FILE: doc})
