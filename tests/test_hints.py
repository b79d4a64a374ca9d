"""Hints as values (journal.hints): a rule names the command, the runtime renders the line, and the
test suite checks every hint rendered against the command tree (conftest.py, hints.py)."""

from __future__ import annotations

from hints import hint_problem

from journal.hints import Hint, Text, cmd, hints_in, say


def test_a_hint_renders_as_the_line_a_player_pastes():
    assert cmd("epm travel", "PLANET", segments="N").render() == "journal epm travel PLANET --segments N"
    assert str(cmd("epm item use", "Zap Gun")) == "journal epm item use 'Zap Gun'"
    assert cmd("epm disc", "Kell", face_down=True, reason=None).render() == "journal epm disc Kell --face-down"
    assert cmd("kraken crew add", trait=["Tough:+1", "Slow:-1"]).render() == \
        "journal kraken crew add --trait Tough:+1 --trait Slow:-1"
    assert cmd("epm disc", "Kell", flip_=4).render() == "journal epm disc Kell --flip 4"
    assert cmd("epm card", 3).words == ("3",)


def test_a_text_is_the_rendered_line_and_keeps_its_hints():
    hint = cmd("epm card", "N")
    line = say("Read the next card: ", hint, ".")
    assert isinstance(line, str) and line == "Read the next card: journal epm card N."
    assert line.hints() == [hint] and hints_in([line, "plain", hint]) == [hint, hint]
    nested = Text("Then ", line)
    assert nested == "Then Read the next card: journal epm card N." and nested.hints() == [hint]


def test_the_hint_check_knows_the_command_tree():
    assert hint_problem(cmd("epm travel", "Kell", segments="N")) is None
    assert hint_problem(cmd("epm end", "won")) is None
    assert "no command 'fly'" in hint_problem(cmd("epm fly", "Kell"))
    assert "has no option --speed" in hint_problem(cmd("epm travel", "Kell", speed="2"))
    assert "is not one of won, lost" in hint_problem(cmd("epm end", "maybe"))
    assert "is not one value" in hint_problem(Hint(("epm", "end"), ("won|lost",)))
    assert "is not one value" in hint_problem(cmd("epm challenge", "TYPE", booster="…"))
    assert "is not one value" in hint_problem(Hint(("epm", "challenge"), ("TYPE", "[--booster", "ITEM]")))
    assert "is not one value" in hint_problem(Hint(("epm", "challenge"), ("TYPE", "[--booster ITEM]")))
    assert hint_problem(cmd("epm card", "[")) is None  # a name the player gave: one value (the sweep's)
    assert "takes 1 argument" in hint_problem(cmd("epm card", "3", "4"))
    assert "is a group" in hint_problem(cmd("epm item"))
    assert hint_problem(cmd("show")) is None and hint_problem(cmd("undo")) is None
