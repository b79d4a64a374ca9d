"""`journal demo`: a scripted campaign for each game, saved and rendered to PDF.

Each game ships ``templates/<game>/demo.toml``::

    title = "..."                 # what the demo shows
    save = "demo-epm"             # save name in the saves folder (replaced on each run)
    new = "epm new demo-epm ..."  # the creating command, as typed after `journal`
    commands = '''...'''          # batch lines, exactly as `journal batch` reads them

In both, {templates} stands for the installed templates folder (shell-quoted).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Collection

import click

from journal import games, templates
from journal.store import atomic, locking
from journal.batch import batch_lines, run_batch
from journal.errors import JournalError, SaveError
from journal.runtime import Mode, Runtime
from journal.session import Session


def run_all(rt: Runtime, root: click.Group, only: Collection[str] = ()) -> list[dict]:
    """Every game's demo, in `journal games` order (or only the games named)."""
    return [run_one(rt, root, game_id, title) for game_id, (_module, title) in games.GAMES.items()
            if not only or game_id in only]


def run_one(rt: Runtime, root: click.Group, game_id: str, title: str) -> dict:
    from journal.pdf import document

    spec = templates.load(game_id, "demo.toml")
    name = spec["save"]
    os.makedirs(rt.saves_dir, exist_ok=True)
    log = os.path.join(rt.saves_dir, f"{name}.log.jsonl")
    # never under another command's feet: the demo campaign's own lock (its commands finish first),
    # then the folder's while its names go
    with locking.campaign(rt.saves_dir, log, True), locking.names_changing(rt.saves_dir):
        for suffix in (".toml", ".log.jsonl", ".undone.jsonl", ".pdf"):  # as named: a link is removed, not its target
            atomic.remove(os.path.join(rt.saves_dir, f"{name}{suffix}"))
    paths = rt.paths(name)
    folder = shlex.quote(str(templates.root()))
    args = shlex.split(spec["new"].replace("{templates}", folder))
    steps = Runtime(rt.saves_dir, False, args, Mode.DEMO)  # prints nothing; the player's current campaign stays
    steps.found = rt.found
    try:
        with root.make_context("journal", list(args), obj=steps) as ctx:
            root.invoke(ctx)
        run_batch(steps, root, paths, batch_lines(spec["commands"].replace("{templates}", folder)))
    except (JournalError, click.ClickException) as e:  # pragma: no cover - the shipped demo is tested
        msg = e.message if isinstance(e, JournalError) else e.format_message()
        raise JournalError(f"the {game_id} demo failed: {msg}") from None
    with Session(paths, exclusive=False) as s:
        entries = s.log.read_all()
        game, state = s.game, s.state
    out = paths.save[: -len(".toml")] + ".pdf"
    document.render_save(game, state, entries, out, "a4", title=paths.name, progress=False, follow_links=False,
                         error=SaveError)
    return {"game": game_id, "title": spec.get("title", title), "save": paths.name, "entries": len(entries),
            "pdf": str(out)}


def how_to_type(argv0: str, path: str) -> tuple[str, str]:
    """How a player types `journal` in the terminal the demo ran in: (the command, a remark).

    `journal` itself when the one on PATH is the one that ran; otherwise the path it was run as
    (`.venv/bin/journal`), with how to make plain `journal` work; `python -m journal` when it ran
    as a module."""
    import shutil

    if os.path.basename(argv0) == "__main__.py" or not argv0:
        return "python3 -m journal", ""
    found = shutil.which("journal", path=path)
    if found and os.path.realpath(found) == os.path.realpath(argv0):
        return "journal", ""
    if os.path.basename(argv0) != "journal":
        return "journal", ""
    folder = os.path.dirname(argv0)
    activate = os.path.join(folder, "activate")
    remark = (f" (journal is not on your PATH: type it as below, or `source {activate}` first to type plain "
              f"journal)" if os.path.exists(activate) else " (journal is not on your PATH: type it as below)")
    return shlex.quote(argv0), remark

