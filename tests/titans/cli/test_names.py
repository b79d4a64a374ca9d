"""The names a player types (cli/names.py): in any case, and a player stands for their Titan."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.titans.cli import fight as cli_fight
from journal.games.titans.rules import fight
from titans.titans_helpers import fighting, typed


def test_names_match_ignoring_case_and_players_stand_for_their_titans():
    s = typed(cli_fight.read_move, fight.move, fighting(), titan="ana", dest="beijing").state
    assert s["titans"]["Atlas"]["city"] == "Beijing"
    with pytest.raises(InputError, match="not a Titan or a player"):
        cli_fight.read_move(s, {"titan": "Zed", "dest": "Tokyo"})
