"""Every game declares the interface the core uses (journal.games.Game), in the same files."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from journal import games
from journal.games.interface import Game, History

HOOKS = [name for name, value in vars(Game).items() if inspect.isfunction(value) and not name.startswith("_")]
FILES = ("__init__.py", "schema.py", "tables.py", "history.py", "migrations.py")  # and views.py or views/


@pytest.mark.parametrize("gid", list(games.GAMES))
def test_every_game_declares_every_hook_of_the_game_interface(gid):
    game = games.load(gid)
    assert isinstance(game, Game)
    assert game.ID == gid and game.TITLE == games.TITLES[gid]
    for name in HOOKS:
        wanted = list(inspect.signature(getattr(Game, name)).parameters)[1:]
        assert list(inspect.signature(getattr(game, name)).parameters) == wanted, name


@pytest.mark.parametrize("gid", list(games.GAMES))
def test_every_game_keeps_its_hooks_in_the_same_files(gid):
    folder = Path(games.__file__).parent / gid
    for name in FILES:
        assert (folder / name).is_file(), name
    assert (folder / "views.py").is_file() or (folder / "views" / "__init__.py").is_file()
    game = games.load(gid)
    assert game.validate.__module__ == f"journal.games.{gid}.schema"
    assert game.MIGRATIONS is importlib_module(f"journal.games.{gid}.migrations").MIGRATIONS
    for hook in ("summary", "status", "turn_label", "names", "public_state"):
        assert getattr(game, hook).__module__.startswith(f"journal.games.{gid}.views"), hook
    for hook in ("next_step", "result"):  # the game's end and the step due are rules: the views render them
        module = getattr(game, hook).__module__
        assert module.startswith(f"journal.games.{gid}.") and ".views" not in module, hook


def importlib_module(name: str):
    import importlib

    return importlib.import_module(name)


def test_the_conformance_module_names_every_game():
    from journal.games import conformance

    assert list(conformance.GAMES) == list(games.GAMES)


@pytest.mark.parametrize("gid", list(games.GAMES))
def test_the_typed_state_names_exactly_the_keys_of_the_schema(gid):
    """[state] is described twice: schema.py's validators (STATE) and tables.py's TypedDict (State)
    for the type checker; the two name the same keys, required and optional alike."""
    schema = importlib_module(f"journal.games.{gid}.schema")
    tables = importlib_module(f"journal.games.{gid}.tables")
    fields = schema.STATE.fields
    assert set(tables.State.__required_keys__) == {k for k, f in fields.items() if f.required}
    assert set(tables.State.__optional_keys__) == {k for k, f in fields.items() if not f.required}


@pytest.mark.parametrize("gid", list(games.GAMES))
def test_a_command_never_builds_the_typed_tables(gid):
    """TypedDicts cost a command more than reading its save (about 10 M instructions for the first
    one): the game's modules import tables.py under TYPE_CHECKING only."""
    import ast

    folder = Path(games.__file__).parent / gid
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == f"journal.games.{gid}.tables":
                assert node.col_offset > 0, f"{path}: import tables.py under `if TYPE_CHECKING:`"


@pytest.mark.parametrize("gid", list(games.GAMES))
def test_every_game_keeps_its_history_for_the_report(gid):
    """journal/games/ID/history.py declares journal.games.interface.History (the report's and the glance
    page's trackers, stages and checks), found by name like the sheets."""
    hist = games.history(gid)
    assert isinstance(hist, History) and hist.__name__ == f"journal.games.{gid}.history"
    assert hist.UNIT in ("Visit", "Turn", "Round")
