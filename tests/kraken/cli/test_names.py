"""journal/games/kraken/cli/names.py: what the table shell completes for the crew on foot and their
gear (issue 20 §4)."""

from __future__ import annotations

from journal.cli import root
from journal.play import shell
from journal.play.completion import Completer
from journal.runtime import Runtime


def offered(journal, name: str, line: str) -> list[str]:
    t = shell.Table(Runtime(journal.saves, False, []), root, name)
    c = Completer(t.root, t.group, t.game_id, t.name, lambda: t.names, lambda: t.state)
    return [x.display for x in c.candidates(line)]


def test_a_command_that_names_what_it_takes_completes_only_those_names(fly):
    """Issue 20 §4: "`crew hp` offers crew members (not ship systems or numbers)"; a Ground Combat
    command offers the conscious members of the combat and the enemies still fighting; a new name
    offers nothing of the campaign."""
    assert offered(fly, "fly", "crew hp ") == ["Ray", "Mila", "Dax"]
    assert offered(fly, "fly", "crew hp M") == ["Mila"]
    assert offered(fly, "fly", "ship sell ") == ["Primary Shields", "Secondary Shields", "Laser", "Laser 2",
                                                   "Long-range sensors"]
    assert "Ray" not in offered(fly, "fly", "crew add ")
    assert not {"Ray", "Mila", "Dax"} & set(offered(fly, "fly", "ground attack "))   # no Ground Combat going on
    fly("kraken", "ground", "start", "-s", "fly", "--level", "2", "--crew", "Ray", "--crew", "Mila", "--roll", "1",
        "--roll", "6", "--roll", "1", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "E1", "--hp", "5", "--agility", "3", ok=True)
    fly("kraken", "ground", "add", "-s", "fly", "E2", "--hp", "5", "--agility", "3", ok=True)
    fly("kraken", "ground", "set", "-s", "fly", "E2", "status", "defeated", ok=True)
    assert offered(fly, "fly", "ground attack ") == ["Ray", "Mila"]
    assert offered(fly, "fly", "ground attack Ray ") == ["E1"]
    assert offered(fly, "fly", "ground capture ") == ["E2"]
    assert offered(fly, "fly", "ground attack Ray E1 --weapon ") == ["fists"]
