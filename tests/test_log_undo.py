"""Log entries, line patches, value diffs and undo."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from journal import log as logmod
from journal.errors import RuleError

lines = st.lists(st.sampled_from(["a = 1\n", "b = 2\n", "[t]\n", "\n", "# c\n", "x = \"é\"\n", "z = 3"]),
                 max_size=30)


@given(lines, lines)
def test_patch_turns_the_new_text_back_into_the_old(before, after):
    b, a = "".join(before), "".join(after)
    assert logmod.apply_patch(a, logmod.make_patch(a, b)) == b


@given(st.lists(st.tuples(st.sampled_from(["a = 1\n", "b = 2\n", "[t]\n", "\n"]),
                          st.sampled_from(["a = 1\n", "a = 2\n", "[u]\n", "\n"])), max_size=30))
def test_patch_of_values_changed_in_place_turns_the_new_text_back_into_the_old(pairs):
    # same number of lines: the patch replaces the runs that differ, without a general diff
    b, a = "".join(p[0] for p in pairs), "".join(p[1] for p in pairs)
    ops = logmod.make_patch(a, b)
    assert logmod.apply_patch(a, ops) == b
    assert sum(i2 - i1 for i1, i2, _lines in ops) == sum(x != y for x, y in pairs)
    assert all(one[1] < two[0] for one, two in zip(ops, ops[1:]))  # each run whole: one operation


def test_patch_survives_json_round_trip():
    b, a = "x = 1\ny = 2\n", "x = 1\ny = 3\nz = 4\n"
    ops = json.loads(json.dumps(logmod.make_patch(a, b)))
    assert logmod.apply_patch(a, ops) == b


def test_value_changes_revert_added_changed_and_removed_keys():
    before = {"s": {"a": 1, "gone": {"x": 1}, "t": True}}
    after = {"s": {"a": 2, "new": [1, 2], "t": True}}
    changes = logmod.diff_values(before, after)
    doc = json.loads(json.dumps(after))
    logmod.revert_values(doc, changes, 5)
    assert doc == before


def test_value_revert_refuses_a_value_edited_since():
    changes = logmod.diff_values({"s": {"epm": 4}}, {"s": {"epm": 5}})
    with pytest.raises(RuleError, match=r"s.epm was edited by hand since \(now 7, the command left 5\)"):
        logmod.revert_values({"s": {"epm": 7}}, changes, 3)


def test_value_revert_tells_booleans_from_numbers():
    changes = logmod.diff_values({"s": {"v": 0}}, {"s": {"v": 1}})
    with pytest.raises(RuleError):
        logmod.revert_values({"s": {"v": True}}, changes, 1)


# --- through the CLI -------------------------------------------------------------------------

def test_undo_restores_the_exact_bytes(camp):
    before = camp.files("camp")
    camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", ok=True)
    assert camp.files("camp") != before
    r = camp("--json", "undo", "-s", "camp", ok=True)
    assert camp.files("camp") == before
    assert [e["command"] for e in json.loads(r.stdout)] == ["epm challenge piloting --character Ana"]


def test_undo_steps_reverts_several_commands(camp):
    before = camp.files("camp")
    camp("epm", "track", "-s", "camp", "signal", "+3", ok=True)
    camp("note", "-s", "camp", "hello", ok=True)
    camp("epm", "track", "-s", "camp", "epm", "-1", ok=True)
    r = camp("--json", "undo", "-s", "camp", "--steps", "3", ok=True)
    assert [e["n"] for e in json.loads(r.stdout)] == [4, 3, 2]
    assert camp.files("camp") == before


def test_undo_keeps_hand_edits_to_other_values(camp, saves):
    camp("epm", "track", "-s", "camp", "epm", "+2", ok=True)
    path = saves / "camp.toml"
    path.write_text(path.read_text().replace("signal = 0", "signal = 4"))
    camp("undo", "-s", "camp", ok=True)
    state = camp.state("camp")
    assert state["epm"] == 0 and state["signal"] == 4


def test_undo_refuses_when_the_value_it_reverts_was_edited(camp, saves):
    camp("epm", "track", "-s", "camp", "epm", "+2", ok=True)
    path = saves / "camp.toml"
    path.write_text(path.read_text().replace("epm = 2", "epm = 7"))
    before = camp.files("camp")
    r = camp("undo", "-s", "camp")
    assert r.exit_code == 1
    assert "state.epm was edited by hand since (now 7, the command left 2)" in r.stderr
    assert camp.files("camp") == before


def test_undo_keeps_comments_of_a_hand_edited_save(camp, saves):
    path = saves / "camp.toml"
    path.write_text("# my campaign\n" + path.read_text())
    before = camp.files("camp")
    camp("epm", "card", "-s", "camp", "4", ok=True)
    assert "# my campaign" not in path.read_text()  # commands rewrite the file
    camp("undo", "-s", "camp", ok=True)
    assert camp.files("camp") == before


def test_undo_cannot_go_past_the_creation(camp):
    r = camp("undo", "-s", "camp")
    assert r.exit_code == 1 and "nothing to undo" in r.stderr
    camp("note", "-s", "camp", "x", ok=True)
    r = camp("undo", "-s", "camp", "--steps", "2")
    assert r.exit_code == 1 and "only 1 command to undo" in r.stderr


def test_undo_then_the_same_command_rolls_the_same_dice(camp):
    camp("epm", "challenge", "-s", "camp", "strength", "--character", "Bo", ok=True)
    first = camp.files("camp")[0]
    camp("undo", "-s", "camp", ok=True)
    camp("epm", "challenge", "-s", "camp", "strength", "--character", "Bo", ok=True)
    assert camp.files("camp")[0] == first


def test_log_lists_rolls_with_their_source(camp):
    camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Ana", "--roll", "4", ok=True)
    camp("epm", "challenge", "-s", "camp", "piloting", "--character", "Bo", ok=True)
    entries = json.loads(camp("--json", "log", "-s", "camp", ok=True).stdout)
    assert [e["n"] for e in entries] == [1, 2, 3]
    assert set(entries[0]) >= {"n", "command", "summary", "rolls"}
    assert entries[1]["rolls"] == [{"die": "d6", "value": 4, "source": "entered"}]
    assert entries[2]["rolls"][0]["source"] == "rolled"


def test_log_tail(camp):
    for n in range(5):
        camp("note", "-s", "camp", f"note {n}", ok=True)
    entries = json.loads(camp("--json", "log", "-s", "camp", "--tail", "2", ok=True).stdout)
    assert [e["summary"] for e in entries] == ["note 3", "note 4"]


def test_undo_through_a_hand_edit_made_between_two_commands(camp, saves):
    """undo --to walks the text back quickly while each entry follows the one before it; a save
    edited by hand between two commands breaks that chain: from there each entry's values are
    reverted, and the hand edit stands."""
    camp("epm", "track", "-s", "camp", "epm", "+2", ok=True)
    path = saves / "camp.toml"
    path.write_text("# kept\n" + path.read_text().replace("signal = 0", "signal = 4"))
    camp("epm", "card", "-s", "camp", "4", ok=True)
    camp("note", "-s", "camp", "hello", ok=True)
    camp("undo", "-s", "camp", "--to", "1", ok=True)
    state = camp.state("camp")
    assert state["epm"] == 0 and state["signal"] == 4 and state["card"] != 4


def test_undo_names_the_entry_whose_patch_does_not_restore_its_save(camp, saves):
    """A damaged patch in a long undo: the quick walk finds the text wrong at its end, the exact one
    names the entry, and nothing changes. (A damaged patch whose line a patch before it writes again
    leaves the right text, checked by its hash: that undo stands.)"""
    for card in ("3", "4", "5"):
        camp("epm", "card", "-s", "camp", card, ok=True)
    log = saves / "camp.log.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    damaged = re.sub(rb'"card = (\d+)\\n"', rb'"card = 9\\n"', lines[1])  # entry 2 puts back a card never read
    assert damaged != lines[1] and len(damaged) == len(lines[1])
    log.write_bytes(b"".join([lines[0], damaged, *lines[2:]]))
    before = camp.files("camp")
    r = camp("undo", "-s", "camp", "--to", "1")
    assert r.exit_code == 1 and "entry 2 does not restore its save (the log was damaged)" in r.stderr
    assert camp.files("camp") == before
