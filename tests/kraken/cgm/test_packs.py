"""journal/games/kraken/cgm/packs.py: CGM packs: a TOML file transcribing CGM sheets (cells and
events), its format and lint."""

from __future__ import annotations

from kraken.kraken_helpers import demo_pack, pack_of

from journal.games.kraken import cgm
from journal.games.kraken.cgm import cells as cells_rules, packs


def test_pack_format_as_pinned():
    doc = {"pack": {"title": "Demo sheets"},
           "cells": {"1AA": "A+1 1AB", "1AB": "A>2 1AC 1AD", "1AC": "2BC", "1AD": "/", "2BC": "/"},
           "events": {"A7": {"title": "Distress call", "text": "…", "standby": True}}}
    pack, problems = packs.parse_pack(doc, "p")
    assert problems == []
    assert pack["cells"]["1AC"] == {"kind": "red", "coord": "2BC"}
    assert pack["events"]["A7"]["standby"] is True


def test_pack_problems_name_the_cell():
    doc = {"pack": {"title": "T", "colour": "red"},
           "cells": {"1AA": "A>4 1AB", "1A": "/", "1AC": 3, "1ac": "/"},
           "events": {"A": {}, "B1": {"title": 3, "mood": "x"}},
           "extra": {}}
    _pack, problems = packs.parse_pack(doc, "p")
    text = "\n".join(problems)
    for part in ("[extra] is not a pack table", "pack.colour is not a known key",
                 "cell 1AA: 'A>4' compares", "cell 1A: '1A' is not a coordinate", "cell 1AC: should be a string",
                 "events.A: 'A' is not an event ID", "events.B1.title should be a string",
                 "events.B1.mood is not a known key"):
        assert part in text, part
    _pack, problems = packs.parse_pack({"cells": {}}, "p")
    assert any("[pack] is missing" in p for p in problems)


def test_lint_finds_dangling_coordinates_and_loops_with_no_red_stop():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>2 1AA 1AC", "1AC": "9ZZ",
                    "2AA": "B+1 2AB", "2AB": "%10 2AA 2AB"},
                   {"U1": {"title": "never used"}})
    errors, warnings = packs.lint(pack)
    assert any("red coordinate 9ZZ has no cell" in e for e in errors)
    loops = [e for e in errors if "loops forever" in e]
    assert len(loops) == 1 and "cells 2AA, 2AB never reach a red coordinate or '/'" in loops[0]
    assert any("[events.U1] is not used" in w for w in warnings)


def test_lint_accepts_loops_that_can_leave():
    pack = pack_of({"1AA": "A+1 1AB", "1AB": "A>2 1AC 1AA", "1AC": "/"})
    assert packs.lint(pack) == ([], [])


def test_the_demo_pack_is_clean_and_uses_every_command_kind():
    pack = demo_pack()
    assert packs.lint(pack) == ([], [])
    kinds = {c["kind"] for c in pack["cells"].values()}
    assert kinds == {"red", "end", "cmp", "add", "event", "random"}
    texts = [cells_rules.cell_text(c) for c in pack["cells"].values()]
    assert {op for t in texts for op in "<>=+-" if op in t.split()[0] and t[0] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} \
        == set("<>=+-")
    assert any(c["kind"] == "event" and len(c["to"]) == 2 for c in pack["cells"].values())
    assert any(e.get("standby") for e in pack["events"].values())
    interlink_written = {c["var"] for c in pack["cells"].values() if c["kind"] == "add" and c["var"] in cgm.INTERLINK}
    assert {"K", "L"} <= interlink_written
