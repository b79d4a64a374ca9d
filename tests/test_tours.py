"""The tours are real: every `$ journal ...` line of the README's quick start and of each
guide's tour (docs/*.md) runs, and prints what the page shows.

Each "## Quick start" or "## Tour" section is replayed in a fresh folder, in order (its
`export` lines set the environment for the rest of the section). A command whose shown output is elided
("...") or empty, or that is sent to /dev/null, only has to succeed; one shown with an
`Error:` line must be refused with exactly that line.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from journal_testing import _Journal, collect

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOUR_TITLES = ("Quick start", "Tour", "A tour")


def tours() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    out = []
    for page in PAGES:
        out += page_tours(page)
    return out


def page_tours(page: Path) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    out = []
    for section in re.split(r"^## ", page.read_text(encoding="utf-8"), flags=re.M)[1:]:
        title = section.splitlines()[0]
        if not title.startswith(TOUR_TITLES):
            continue
        title = f"{page.name}: {title}"
        steps = []
        for block in re.findall(r"```console\n(.*?)```", section, re.S):
            lines = block.splitlines()
            i = 0
            while i < len(lines):
                if not lines[i].startswith("$ "):
                    i += 1
                    continue
                cmd = lines[i][2:]
                while cmd.endswith("\\"):
                    i += 1
                    cmd = cmd[:-1] + " " + lines[i].strip()
                i += 1
                shown = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    shown.append(lines[i])
                    i += 1
                steps.append((cmd, shown))
        out.append((title, steps))
    return out


TOURS = tours()


def test_every_game_guide_has_a_tour_and_the_readme_a_quick_start():
    from journal import games

    pages = {t.split(":")[0] for t, _ in TOURS}
    assert "README.md" in pages
    for gid in games.GAMES:
        assert f"{gid}.md" in pages


@pytest.mark.parametrize("title,steps", TOURS, ids=[t for t, _ in TOURS])
def test_tour_runs_as_shown(title, steps, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()  # the pages are read in a checkout, whose saves/ journal marked
    (tmp_path / "saves" / ".journal-saves").write_text("journal's saves\n")
    env = {"JOURNAL_SAVE": None, "JOURNAL_SAVES": None, "JOURNAL_DEBUG": None, "COLUMNS": "200"}
    runner = CliRunner()
    for cmd, shown in steps:
        cmd = re.split(r"\s{2,}#", cmd)[0].strip()
        quiet = cmd.endswith(">/dev/null")
        cmd = cmd.removesuffix(">/dev/null").strip()
        args = shlex.split(cmd)
        if args[0] == "export":
            key, _, value = args[1].partition("=")
            env[key] = value
            continue
        assert args[0] == "journal", cmd
        r = runner.invoke(_Journal(), args[1:], env=env, catch_exceptions=False)
        collect(args, r)
        if shown and shown[0].startswith("Error: "):  # the page shows a refusal
            assert r.exit_code in (1, 2) and r.stderr.splitlines() == shown, cmd
            continue
        assert r.exit_code == 0, f"{cmd}\n{r.stderr}"
        if quiet or not shown or any("..." in line for line in shown):
            continue
        assert r.stdout.splitlines() == shown, f"`{cmd}` printed something else than the page shows"
