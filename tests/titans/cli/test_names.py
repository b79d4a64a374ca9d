"""The names a player types (cli/names.py): in any case, and a player stands for their Titan."""

from __future__ import annotations

import pytest

from journal.errors import InputError
from journal.games.titans.cli import fight as cli_fight
from journal.games.titans.rules import fight
from titans.titans_helpers import NEW, fighting, typed


def test_names_match_ignoring_case_and_players_stand_for_their_titans():
    s = typed(cli_fight.read_move, fight.move, fighting(), titan="ana", dest="beijing").state
    assert s["titans"]["Atlas"]["city"] == "Beijing"
    with pytest.raises(InputError, match="not a Titan or a player"):
        cli_fight.read_move(s, {"titan": "Zed", "dest": "Tokyo"})


def test_the_table_shell_completes_only_the_names_a_command_takes_now(journal):
    """Issue 20 §4: `move` offers the Titan whose turn it is and the places it may reach; `attack`
    the Titan that may attack and, for --target, the invaders where it stands; `pass` the player
    whose turn it is; `repair`, in the Upgrade Phase, the Titans still to roll their check."""
    from test_play import completer, table, texts

    journal(*NEW, ok=True)
    journal("titans", "opening", "-s", "g", ok=True)
    journal("titans", "invade", "-s", "g", "--rift", "North", "--city", "Tokyo", ok=True)
    journal("titans", "invader", "-s", "g", "T1", "--city", "Tokyo", ok=True)
    c = completer(table(journal, "g"))
    assert texts(c, "move ") == ["Atlas "]                                     # Ana's turn, not Bo's
    assert "Beijing " in texts(c, "move Atlas ") and "Tokyo " not in texts(c, "move Atlas ")
    assert texts(c, "move Atlas cape") == ['"Cape Town" ']
    assert texts(c, "attack ") == ["Atlas "] and texts(c, "attack Atlas --target ") == ["F1 ", "T1 "]
    assert texts(c, "attack Atlas --provoke --rift ") == ["North ", "South ", "East ", "West "]
    assert texts(c, "pass ") == ["Ana "] and texts(c, "reenter ") == ["--pilot "]     # no Titan to re-enter
    journal("titans", "move", "-s", "g", "Atlas", "Beijing", ok=True)
    c = completer(table(journal, "g"))
    assert "Atlas " not in texts(c, "move ") and texts(c, "attack ") == ["Atlas "]   # moved; it may Provoke
    assert "F1 " not in texts(c, "attack Atlas --target ")
    journal("titans", "next", "-s", "g", ok=True)
    journal("titans", "repair", "-s", "g", "Brute", "--skip", ok=True)
    assert texts(completer(table(journal, "g")), "repair ") == ["Atlas "]


def test_every_hint_names_what_it_can(journal):
    """Issue 20 §4: a hint is a whole command that runs as pasted: no TITAN or PLAYER where the
    Titan or the player is known, along a turn and in `show`."""
    journal(*NEW, ok=True)
    said = []
    for args in (["opening"], ["invade", "--rift", "North", "--city", "Tokyo"], ["next"], ["pass"],
                 ["move", "Brute", "Paris"], ["pass"], ["next"], ["repair", "Atlas", "--successes", "1"],
                 ["repair", "Brute", "--skip"], ["credits", "Ana", "+1"], ["develop", "Ana", "army", "--city", "Paris"],
                 ["develop", "Bo", "industry"], ["supports", "Ana", "--from", "Paris", "--to", "London"]):
        said.append(journal("titans", args[0], "-s", "g", *args[1:], ok=True).stdout)
        said.append(journal("show", "-s", "g", ok=True).stdout.split("Next:")[-1])
    for text in said:
        for placeholder in (" TITAN", " PLAYER", " C ", "--from CITY"):
            assert placeholder not in text, (placeholder, text)
