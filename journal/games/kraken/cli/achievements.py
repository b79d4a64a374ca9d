"""`journal kraken score`, `achievements`, `achievement`: the campaign score and achievements.

The score follows rulings K9; achievements (3.1) are kept for every future campaign, in one
file in the saves folder.
"""

from __future__ import annotations

from pathlib import Path

import click

from journal.errors import InputError, RuleError
from journal.games import kraken as game
from journal.games.kraken.cli.common import run
from journal.lookup import find
from journal.options import OrderedGroup, save_option
from journal.runtime import pass_rt

ACHIEVEMENTS_FILE = ".kraken-achievements.toml"   # one file in the saves folder (rulings K9)


@click.command()
@save_option
@click.option("--record", is_flag=True, help="Write the score of a won campaign into the achievements file.")
@pass_rt
def score(rt, save, record):
    """Campaign score: crew levels by difficulty (K9).

    Surviving crew levels x 1/2 (rounded up), 1, 2 or 3 for Just a Simulation,
    Adventurer, Real Life, Hardcore.
    """
    from journal.games.kraken.model.campaign import score as score_of
    from journal.games.kraken.model.constants import DIFFICULTY_TEXT

    with rt.read(save) as s:
        if s.game.ID != game.ID:
            raise RuleError("this save is not a Space Kraken campaign")
        state, name = s.state, s.paths.name
    sc = score_of(state)
    factor = {0.5: "halved (rounded up)", 1.0: "unmodified", 2.0: "doubled", 3.0: "tripled"}[sc["factor"]]
    out = [f"Campaign score: crew levels {sc['levels']}, {DIFFICULTY_TEXT[sc['difficulty']]}: {factor} "
           f"→ {sc['score']}."]
    data = {**sc, "campaign": name, "recorded": False}
    if record:
        if state.get("result") != "won":
            raise RuleError("a score is claimed when the campaign is won (journal kraken end won)")

        def add(doc):
            if any(x.get("campaign") == name for x in doc["scores"]):
                raise RuleError(f"the score of '{name}' is recorded already")
            doc["scores"].append({"campaign": name, "score": sc["score"], "levels": sc["levels"],
                                  "difficulty": sc["difficulty"], "date": rt.now()[:10]})
        update_achievements(rt, add)
        data["recorded"] = True
        out.append(f"Recorded in {achievements_path(rt)}.")
    rt.emit(out, data)


def achievements_path(rt) -> Path:
    return Path(rt.saves_dir) / ACHIEVEMENTS_FILE


def read_achievements(rt) -> dict:
    import tomllib

    path = achievements_path(rt)
    try:
        doc = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {"achievements": {}, "scores": []}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise InputError(f"cannot read {path}: {e}") from None
    ach, scores = doc.get("achievements", {}), doc.get("scores", [])
    if not isinstance(ach, dict) or not all(isinstance(v, dict) for v in ach.values()) \
            or not isinstance(scores, list) or not all(isinstance(x, dict) for x in scores):
        raise InputError(f"{path}: expected [achievements.NAME] tables and [[scores]]")
    return {"achievements": ach, "scores": scores}


def update_achievements(rt, change) -> dict:
    """Read, change and write the achievements file under the saves folder's lock."""
    import tomli_w

    from journal import save as savemod

    if rt.batch is not None:
        raise InputError("achievements live in their own file: run this command on its own, not in a batch")
    folder = Path(rt.saves_dir)
    folder.mkdir(parents=True, exist_ok=True)
    with savemod.locked(folder, True):
        doc = read_achievements(rt)
        change(doc)
        savemod.atomic_write(achievements_path(rt), tomli_w.dumps(doc).encode("utf-8"))
    return doc


def _note_achievement(state, dice, name):
    from journal.outcome import Outcome

    return Outcome(state, f"Achievement unlocked: {name}", [f"Achievement unlocked: {name}."], {"achievement": name})


@click.command()
@pass_rt
def achievements(rt):
    """Achievements and recorded campaign scores."""
    doc = read_achievements(rt)
    out = ["Achievements:" if doc["achievements"] else "Achievements: none unlocked yet"]
    for name, a in doc["achievements"].items():
        out.append(f"  {name}" + (f": {a['bonus']}" if a.get("bonus") else "")
                   + (f" (unlocked in {a['campaign']})" if a.get("campaign") else ""))
    if doc["scores"]:
        out.append("Campaign scores:")
        for x in doc["scores"]:
            out.append(f"  {x.get('campaign')}: {x.get('score')} ({x.get('difficulty')}, {x.get('date', '')})")
    rt.emit(out, doc)


@click.group(cls=OrderedGroup)
def achievement():
    """Unlock or remove achievements (kept for good)."""


@achievement.command("unlock")
@click.option("-s", "--save", "save", metavar="SAVE", help="Also note it in this campaign's log.")
@click.argument("name")
@click.option("--bonus", metavar="TEXT", help="The bonus it grants in future campaigns.")
@pass_rt
def achievement_unlock(rt, save, name, bonus):
    """Unlock an achievement (book p. 11): it stays for every future campaign."""
    name = name.strip()
    if not name:
        raise InputError("name the achievement")

    def add(doc):
        if any(k.casefold() == name.casefold() for k in doc["achievements"]):
            raise RuleError(f"'{name}' is unlocked already")
        entry = {"unlocked": rt.now()}
        if bonus:
            entry["bonus"] = bonus.strip()
        if save:
            entry["campaign"] = save
        doc["achievements"][name] = entry

    if rt.batch is not None:
        raise InputError("achievements live in their own file: run this command on its own, not in a batch")
    if save:  # the campaign's log first: a refused save changes nothing
        quiet, rt.quiet = rt.quiet, True
        try:
            run(rt, save, _note_achievement, name=name)
        finally:
            rt.quiet = quiet
    update_achievements(rt, add)
    rt.emit([f"Achievement unlocked: {name}" + (f" ({bonus})" if bonus else "") + ".",
             f"Kept in {achievements_path(rt)} for every future campaign."],
            {"achievement": name, "bonus": bonus, "file": str(achievements_path(rt))})


@achievement.command("remove")
@click.argument("name")
@pass_rt
def achievement_remove(rt, name):
    """Remove an achievement unlocked by mistake."""
    def drop(doc):
        key = find(doc["achievements"], name, "achievement")
        del doc["achievements"][key]
    update_achievements(rt, drop)
    rt.emit(f"Achievement removed: {name}.", {"removed": name})
