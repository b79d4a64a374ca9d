"""journal/ is type-checked: mypy (pyproject.toml's [tool.mypy]: every body checked, every command
annotated) finds no error, and a wrong call of a rules function is one of the errors it finds."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Calls a command could make by mistake: each line marked `# wrong` must be an error.
WRONG_CALLS = '''
from journal.games.epm import rules
from journal.games.kraken import resources
from journal.games.kraken.cli.common import named, run
from journal.games.titans.rules import byhand
from journal.runtime import How, Runtime


def commands(rt: Runtime) -> None:
    rt.run(None, rules.card, number=3)
    rt.run(None, rules.travel, How(log_reason="x"), planet="Kell", segments=2)
    rt.run(None, rules.card, numbr=3)  # wrong: a keyword the rules function does not take
    rt.run(None, rules.card)  # wrong: its parameter is missing
    rt.run(None, rules.card, number="3")  # wrong: a string where it takes a number
    rt.run(None, rules.card, How(entered=["six"]), number=3)  # wrong: dice are numbers
    run(rt, None, resources.credits, How(log_reason="found"), delta=2)
    run(rt, None, resources.credits, named({}), delta="+2")  # wrong: a game's run helper checks too
    rt.run(None, byhand.threat, delta=1)
    rt.run(None, byhand.threat, delta=1, nonsense=4)  # wrong: the issue's own example
'''


def mypy(*args: str) -> tuple[str, int]:
    from mypy import api

    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental", *args])
    return out + err, status


@pytest.mark.slow
def test_mypy_finds_no_error_in_journal():
    out, status = mypy(str(ROOT / "journal"))
    assert status == 0, out[-5000:]


@pytest.mark.slow
def test_mypy_rejects_a_wrong_call_of_a_rules_function(tmp_path, monkeypatch):
    """The contract between commands and rules is checked: a scratch module beside the package
    calls rules functions rightly and wrongly; mypy reports exactly the wrong lines."""
    scratch = tmp_path / "scratch_calls.py"
    scratch.write_text(WRONG_CALLS, encoding="utf-8")
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    monkeypatch.chdir(ROOT)
    out, status = mypy(str(scratch))
    wrong = [n for n, line in enumerate(WRONG_CALLS.splitlines(), 1) if "# wrong" in line]
    reported = sorted({int(line.split(":")[1]) for line in out.splitlines() if line.startswith(str(scratch))
                       and ": error:" in line})
    assert status == 1 and reported == wrong, out
