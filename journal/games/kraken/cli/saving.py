"""`journal kraken savepoint`, `clone-station`, `reload`: saving and loading (3.2, K8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from journal.errors import RuleError
from journal.games import kraken as game
from journal.games.kraken.cli.common import run, run_asking
from journal.options import JournalCommand, save_option
from journal.runtime import Runtime, pass_rt

if TYPE_CHECKING:
    from journal.session import Session


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def savepoint(rt: Runtime, save: str | None) -> None:
    """Just a Simulation: a save point at the start of a turn."""
    from journal.games.kraken import saving as rules

    run(rt, save, rules.savepoint)


@click.command("clone-station", cls=JournalCommand)
@save_option
@click.argument("tile", required=False)
@click.option("--heal/--no-heal", default=True, show_default=True, help="Heal each crew member 4 HP.")
@click.option("--savepoint/--no-savepoint", "make_save", default=True, show_default=True,
              help="A save point (Just a Simulation and Adventurer).")
@pass_rt
def clone_station(rt: Runtime, save: str | None, tile: str | None, heal: bool, make_save: bool) -> None:
    """The clone station TILE of the exploration: heal 4 HP each, save (K8), once per station."""
    from journal.games.kraken import saving as rules

    run_asking(rt, save, rules.clone_station, tile=tile, heal=heal, keep=make_save)


@click.command(cls=JournalCommand)
@save_option
@pass_rt
def reload(rt: Runtime, save: str | None) -> None:
    """Go back to the save point (K8).

    Achievements stay unlocked: they are not in the save. In a batch, a save point made
    earlier in the same batch is found too.
    """
    from journal.games.kraken import saving as rules

    if rt.batch is not None:                 # the batch's open session, its pending entries included
        snapshot, point = _save_point(rt.check_game(rt.batch.session))
    else:
        with rt.read(save) as s:
            snapshot, point = _save_point(s)
    run(rt, save, rules.reload, snapshot=snapshot, point=point)


def _save_point(session: Session) -> tuple[dict, int]:
    """(the state kept by the save point the save records, its number); ({}, 0) when there is
    none to reload (the rules explain the refusal)."""
    from journal.games.kraken.model import constants

    state = session.state
    sp = state.get("savepoint")
    if state.get("difficulty") not in constants.SAVE_DIFFICULTIES or not sp:
        return {}, 0
    return _find_snapshot(session, sp["id"]), sp["id"]


def _find_snapshot(session: Session, point: int) -> dict:
    """The state kept in the log entry that made save point `point` (newest first)."""
    for entry in session.newest_entries():
        meta = entry.get("meta") or {}
        if meta.get("savepoint") == point and "snapshot" in meta:
            snapshot, version = meta["snapshot"], meta.get("schema", 1)
            while version < game.SCHEMA_VERSION:       # a save point from an older journal
                snapshot = game.MIGRATIONS[version](snapshot)
                version += 1
            return snapshot
    raise RuleError(f"save point {point} is not in the campaign log any more: it cannot be reloaded")
