"""What the state shows: `journal show` (summary, Next), the log's headings (turn_label), the
status line and the names `journal play` completes."""

from __future__ import annotations

from epm.epm_helpers import dice, fresh

from journal.games.epm import rules, views


def test_show_summary_tells_what_next(camp):
    out = camp("show", "-s", "camp", ok=True).stdout
    assert "Signal  0/25" in out and "challenge level 4" in out and "Next: Read Story Card 1 of Zorb" in out


def test_log_groups_by_visit(camp):
    camp("epm", "the-end", "-s", "camp", ok=True)
    camp("epm", "travel", "-s", "camp", "Vex", "--segments", "1", ok=True)
    out = camp("log", "-s", "camp", ok=True).stdout
    assert "— Visit 1 · Zorb —" in out and "— Visit 2 · Vex —" in out


def test_the_log_heading_names_the_visit_and_the_final_showdown():
    assert views.turn_label(fresh()) == "Visit 1 · Zorb"
    assert views.turn_label(fresh(signal=25)) == "Visit 1 · Zorb · Final Showdown"
    assert views.turn_label(rules.track(fresh(epm=24), dice(), "epm", delta=1).state) == "Visit 1 · Zorb"


def test_status_names_and_public_state():
    s = fresh(signal=7, epm=3)
    assert views.status(s) == "visit 1 · Zorb · exploring · Signal 7 · EPM 3"
    assert views.names(s) == {"character": ["Ana", "Bo", "Cy"], "planet": ["Zorb", "Kell", "Vex"], "item": []}
    assert views.public_state(s) == s


def test_summary_lists_characters_items_and_planets():
    s = rules.item_add(fresh(), dice(), "Lucky Dice", "Bo", "booster", "strength", "twice").state
    s = rules.data_find(s, dice(), 5).state
    assert views.summary(s) == [
        "War With the Evil Power Master: Visit 1 on Zorb (en route)",
        "  Signal  5/25   challenge level 4",
        "  EPM     0/25",
        "Characters:",
        "  Ana  Active    piloting +1, diplomacy -1",
        "  Bo   Active    strength +1",
        "  Cy   Active    no proficiencies",
        "Items:",
        "  Lucky Dice (Bo): strength booster roll twice",
        "Planets:",
        "  Zorb  blue    flipped (5)  ← Ship Mover",
        "  Kell  pink    face down",
        "  Vex   yellow  face down",
        "Next: Travel: journal epm travel PLANET --segments N (Kell, Vex)",
    ]
