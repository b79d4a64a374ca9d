"""Issue 30 §9: help that is not cut. `journal --help`, a game's help and `help` in `play` list
each command with its whole first sentence on a 100-column terminal (wrapped, never ended with
"..." or "…"); `journal list` breaks a long row between its items, never inside one."""

from __future__ import annotations

import pytest

from journal.text import row_items

WIDE = {"COLUMNS": "100"}


def cut(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.rstrip().endswith(("...", "…")) and "[ARGS]..." not in line]


@pytest.mark.parametrize("words", [[], ["epm"], ["titans"], ["kraken"], ["pulp"]])
def test_no_help_line_is_cut_at_100_columns(journal, words):
    r = journal(*words, "--help", env=WIDE, ok=True)
    assert cut(r.stdout) == []
    assert all(len(line) <= 100 for line in r.stdout.splitlines())


def test_the_root_help_shows_each_shared_commands_whole_first_sentence(journal):
    text = " ".join(journal("--help", env=WIDE, ok=True).stdout.split())
    assert "list Saves in the folder: name, game, turn/phase, last change (* the current campaign)." in text
    assert "luck The luck audit: checks with known odds" in text and "against the bag." in text


def test_help_in_the_table_shell_is_not_cut(camp):
    r = camp("play", input="help\n", env=WIDE, ok=True)
    assert "Game commands" in r.stdout and cut(r.stdout) == []
    assert all(len(line) <= 100 for line in r.stdout.splitlines())


def test_a_list_row_breaks_between_items_never_inside_one():
    prefix = "  demo-kraken  kraken  2026-12-03 09:05  "
    items = ["turn 3", "phase 5", "Adventurer", "2 lines", "3 crew", "17¢", "9 XP"]
    lines = row_items(prefix, items, columns=80)
    assert lines == [prefix + "turn 3 · phase 5 · Adventurer ·", " " * len(prefix) + "2 lines · 3 crew · 17¢ · 9 XP"]
    assert row_items(prefix, items, columns=110) == [prefix + "turn 3 · phase 5 · Adventurer · 2 lines · 3 crew · "
                                                              "17¢ · 9 XP"]
    narrow = row_items(prefix, items, columns=50)  # too little room beside the columns: 4 in
    assert narrow[1].startswith("    phase 5 · ") and all(len(line) <= 50 for line in narrow)


def test_journal_list_keeps_each_status_item_whole(journal):
    import json

    from kraken.kraken_helpers import cli_set_up

    journal("kraken", "new", "a-long-campaign-name", "--difficulty", "adventurer", "--line", "1AA", "--seed", "2",
            ok=True)
    cli_set_up(journal, "a-long-campaign-name")
    out = journal("list", env={"COLUMNS": "70"}, ok=True).stdout.splitlines()
    items = json.loads(journal("--json", "list", ok=True).stdout)[0]["status"].split(" · ")
    assert len(out) > 1 and all(len(line) <= 70 for line in out)
    assert all(any(item in line for line in out) for item in items), (items, out)  # each on one line
