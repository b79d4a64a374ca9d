"""journal/games/kraken/cli/files.py: the files a player names: packs, flight tables, generators,
enemy profiles, Treasure Tables."""

from __future__ import annotations

import os
import shutil

import pytest
from kraken.kraken_helpers import DEMO_PACK, cli_set_up


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pack_that_cannot_be_read_is_named_so_and_missing_only_when_nothing_is_there(journal, tmp_path):
    """Issue 21: a FIFO where the pack was was called "missing": the reader's own message says
    what is there; "missing" is for a path with nothing at it (a dangling link included)."""
    pack = tmp_path / "p.toml"
    shutil.copy(DEMO_PACK, pack)
    journal("kraken", "new", "P", "--difficulty", "simulation", "--pack", str(pack), "--line", "1AA", ok=True)
    cli_set_up(journal, "P")
    pack.unlink()
    os.mkfifo(pack)
    r = journal("kraken", "turn", "-s", "P")
    assert r.exit_code == 1 and r.stderr == (f"Error: the pack Demo sheets: the Drift of Saint Vell cannot be read: "
                                             f"cannot read the pack {pack}: it is a FIFO, not a regular file\n")
    pack.unlink()
    pack.mkdir()
    assert "it is a folder, not a regular file" in journal("kraken", "turn", "-s", "P").stderr
    pack.rmdir()
    pack.symlink_to(tmp_path / "nowhere.toml")
    assert f"is missing from {pack}: if it moved" in journal("kraken", "turn", "-s", "P").stderr


def test_a_campaign_without_a_pack_hints_whole_commands(manual):
    """Issue 20 §4: every hint is one whole command (no `…`)."""
    r = manual("kraken", "advance", "-s", "hand", "1")
    assert r.exit_code == 1 and r.stderr == ("Error: this campaign has no pack: follow lines by hand (journal kraken "
                                             "step LINE CELL) or add one (journal kraken pack use FILE)\n")
