"""journal/games/kraken/cli/picks.py: what the table shell completes for the campaign, its turn and
story lines, the Starmap and the Space Combat: only the names a command takes now (issue 20 §4)."""

from __future__ import annotations

from journal.cli import root
from journal.play import shell
from journal.play.completion import Completer
from journal.runtime import Runtime


def offered(journal, save: str, line: str) -> list[str]:
    """The names TAB offers after `line` in `journal play` on campaign `save` (with none, it offers
    the command's options: left out here)."""
    t = shell.Table(Runtime(journal.saves, False, []), root, save)
    found = Completer(t.root, t.group, t.game_id, t.name, lambda: t.names, lambda: t.state).candidates(line)
    return [x.text.strip() for x in found if not x.text.startswith("--")]


def test_the_story_line_commands_offer_the_lines_they_take_now(manual):
    """`line skip` offers the lines Phase 1 may still skip; `step` the lines in play; `turn
    --activate` the lines holding a STANDBY event (none here); `--leader` the crew."""
    assert offered(manual, "hand", "step ") == ["1", "2"]
    assert offered(manual, "hand", "line skip ") == ["1", "2"]
    manual("kraken", "step", "-s", "hand", "1", "4MB", ok=True)
    assert offered(manual, "hand", "line skip ") == ["2"]                   # line 1 was activated this turn
    manual("kraken", "line", "skip", "-s", "hand", "2", ok=True)
    assert offered(manual, "hand", "line skip ") == []                      # one skip a turn
    assert offered(manual, "hand", "turn --skip ") == ["1"]                 # not line 2 two turns running
    assert offered(manual, "hand", "turn --activate ") == []
    assert offered(manual, "hand", "turn --leader ") == ["Ray"]
    assert offered(manual, "hand", "var A --line ") == ["1", "2"]


def test_the_starmap_and_space_combat_commands_offer_what_they_take_now(fly):
    """`location clear` offers the Locations of the log; `combat repair` the damaged systems
    (or sp); `combat objective --crew` the crew not used this combat turn; `combat heal` the
    unconscious (none); `combat fire` the working weapons."""
    assert offered(fly, "fly", "location clear ") == []
    fly("kraken", "location", "add", "-s", "fly", "--type", "Mine", "--difficulty", "1", "--ao", "NO", "--ai",
        "YES", "--depth", "4", "--teleport", "0", "--species", "Grey", "--event", ok=True)
    assert offered(fly, "fly", "location clear ") == ["1"]
    assert offered(fly, "fly", "combat repair ") == []                     # no Space Combat going on
    fly("kraken", "combat", "start", "-s", "fly", "--enemy", "Mine 3-0, 5, 0-0", ok=True)
    fly("kraken", "ship", "damage", "-s", "fly", "Laser", ok=True)
    assert offered(fly, "fly", "combat repair ") == ["Laser", "sp"]
    assert offered(fly, "fly", "combat fire ") == ['"Laser 2"']                   # quoted as typed
    assert offered(fly, "fly", "combat objective --crew ") == ["Ray", "Mila", "Dax"]
    fly("kraken", "combat", "repair", "-s", "fly", "Laser", "--crew", "Mila", "--roll", "1", ok=True)
    assert offered(fly, "fly", "combat objective --crew ") == ["Ray", "Dax"]
    assert offered(fly, "fly", "combat heal ") == []
    assert offered(fly, "fly", "combat enemy-fire --shield ") == ['"Primary Shields"', '"Secondary Shields"']
