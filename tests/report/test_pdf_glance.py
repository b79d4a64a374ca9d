"""The PDF shows what the player wrote and how the game went (issue 22 §2): the latest notes in
the tracker's Notes box, commands quoted as typed, the campaign at a glance."""

from __future__ import annotations

from pypdf import PdfReader

from journal.quoting import readable_command


def test_commands_are_quoted_as_a_player_types_them():
    assert readable_command("note 'Kell'\"'\"'s queen is suspicious'") == 'note "Kell\'s queen is suspicious"'
    assert readable_command("epm challenge strength --character 'Bo & \"Kip\"' --roll 5") == \
        "epm challenge strength --character 'Bo & \"Kip\"' --roll 5"
    assert readable_command("epm card 3") == "epm card 3"


def test_the_pdf_has_the_latest_notes_the_glance_page_and_readable_commands(camp):
    for k in range(1, 25):
        camp("note", f"Note number {k} about Kell's queen", ok=True)
    camp("epm", "data-find", "--boost", "6", ok=True)
    camp("epm", "track", "signal", "+3", ok=True)
    camp("epm", "travel", "Kell", "--segments", "2", ok=True)
    camp("pdf", ok=True)
    pages = [p.extract_text() for p in PdfReader(camp.saves / "camp.pdf").pages]
    tracker = pages[0]
    assert "Note number 24 about Kell's queen" in tracker and "Note number 1 about" not in tracker
    # the one chart beside the Notes box: the tracker's free space (issue 27 §4)
    assert "The campaign at a glance" in tracker and "Signal and EPM Meter" in tracker
    assert "Challenge level 5" in tracker  # Signal 9: the level the game entered, marked
    log = "\n".join(pages[1:])
    assert 'note "Note number 3 about Kell\'s queen"' in log
