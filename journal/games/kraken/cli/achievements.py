"""`journal kraken score`, `achievements`, `achievement`: the campaign score and achievements.

The score follows rules note K9; achievements (3.1) are kept for every future campaign, in one
side file beside the saves. A change made for a campaign (`achievement unlock -s`, `score
--record`) is a rules function of `kraken.achievements`: logged with the campaign, committed
with its save (in a batch too) and undone with it. With no campaign, `achievement unlock`
and `remove` write the file directly under the saves folder's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from journal.games.kraken.achievements import ACHIEVEMENTS_FILE
from journal.games.kraken.cli import names
from journal.games.kraken.cli.common import run
from journal.lookup import find
from journal.options import JournalCommand, OrderedGroup, save_option
from journal.runtime import How, Runtime, pass_rt

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


@click.command(cls=JournalCommand)
@save_option
@click.option("--record", is_flag=True, help="Write the score of a won campaign into the achievements file.")
@pass_rt
def score(rt: Runtime, save: str | None, record: bool) -> None:
    """Campaign score: crew levels by difficulty (K9).

    Surviving crew levels x 1/2 (rounded up), 1, 2 or 3 for Just a Simulation,
    Adventurer, Real Life, Hardcore.
    """
    from journal.games.kraken import achievements as rules
    from journal.games.kraken.model.campaign import score as score_of

    if record:
        run(rt, save, rules.record_score, How(side_files=(ACHIEVEMENTS_FILE,)), campaign=rt.paths(save).name,
            date=rt.now()[:10])
        return
    with rt.read(save) as s:
        state, name = cast("State", s.state), s.paths.name
    sc = score_of(state)
    rt.emit([rules.score_line(sc)], {**sc, "campaign": name, "recorded": False})


def achievements_path(rt: Runtime) -> Path:
    return Path(rt.saves_dir) / ACHIEVEMENTS_FILE


def read_achievements(rt: Runtime) -> dict:
    from journal.store import document

    path = achievements_path(rt)
    return document.parse_side(path, document.read_side(path))  # the guarded reader (journal/files.py)


def update_achievements(rt: Runtime, change: Callable[[dict], dict]) -> dict:
    """Outside a campaign: read, change (`change(doc) -> new doc`) and write the file under
    the saves folder's lock."""
    import tomli_w

    from journal.store import atomic, locking

    folder = Path(rt.saves_dir)
    folder.mkdir(parents=True, exist_ok=True)
    with locking.locked(folder, True):
        doc = change(read_achievements(rt))
        atomic.atomic_write(achievements_path(rt), tomli_w.dumps(doc).encode("utf-8"))
    return doc


@click.command(cls=JournalCommand)
@pass_rt
def achievements(rt: Runtime) -> None:
    """Achievements and recorded campaign scores."""
    from journal.games.kraken.achievements import records

    ach, scores = records(read_achievements(rt), str(achievements_path(rt)))
    out = ["Achievements:" if ach else "Achievements: none unlocked yet"]
    for name, a in ach.items():
        out.append(f"  {name}" + (f": {a['bonus']}" if a.get("bonus") else "")
                   + (f" (unlocked in {a['campaign']})" if a.get("campaign") else ""))
    if scores:
        out.append("Campaign scores:")
        for x in scores:
            out.append(f"  {x.get('campaign')}: {x.get('score')} ({x.get('difficulty')}, {x.get('date', '')})")
    rt.emit(out, {"achievements": ach, "scores": scores})


@click.group(cls=OrderedGroup)
def achievement() -> None:
    """Unlock or remove achievements (kept for good)."""


@achievement.command("unlock")
@click.option("-s", "--save", "save", metavar="SAVE", help="Also note it in this campaign's log (undone with it).")
@click.argument("name", type=names.NEW)
@click.option("--bonus", metavar="TEXT", help="The bonus it grants in future campaigns.")
@pass_rt
def achievement_unlock(rt: Runtime, save: str | None, name: str, bonus: str | None) -> None:
    """Unlock an achievement (book p. 11): it stays for every future campaign."""
    from journal.games.kraken import achievements as rules

    if save or rt.batch is not None:   # with the campaign: logged, committed and undone with its save
        run(rt, save, rules.unlock, How(side_files=(ACHIEVEMENTS_FILE,)), name=name, bonus=bonus,
            campaign=rt.paths(save).name, when=rt.now())
        return
    doc = update_achievements(rt, lambda doc: rules.add_achievement(doc, name, bonus, None, rt.now()))
    name = " ".join(name.split())
    bonus = doc["achievements"][name].get("bonus")
    rt.emit([f"Achievement unlocked: {name}" + (f" ({bonus})" if bonus else "") + ".",
             f"Kept in {achievements_path(rt)} for every future campaign."],
            {"achievement": name, "bonus": bonus, "file": str(achievements_path(rt))})


@achievement.command("remove")
@click.argument("name", type=names.NEW)  # achievements live beside the saves, not in the campaign
@pass_rt
def achievement_remove(rt: Runtime, name: str) -> None:
    """Remove an achievement unlocked by mistake."""
    from journal.errors import InputError
    from journal.games.kraken.achievements import records

    if rt.batch is not None:
        raise InputError("achievement remove changes no campaign: run it on its own, not in a batch")

    def drop(doc: dict) -> dict:
        ach, _scores = records(doc, str(achievements_path(rt)))
        del ach[find(ach, name, "achievement")]
        return doc
    update_achievements(rt, drop)
    rt.emit(f"Achievement removed: {name}.", {"removed": name})
