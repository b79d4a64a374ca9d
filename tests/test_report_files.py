"""`report -o`'s file (issue 31 item 12): it never replaces a file journal did not write, and it
escapes control characters as the report on stdout does."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal_testing import one_error


@pytest.mark.parametrize("name", ["notes.md", "page.html", "todo.txt"])
def test_report_never_replaces_a_file_journal_did_not_write(camp, name):
    Path(name).write_text("my own notes\n")
    assert "journal did not write it" in one_error(camp("report", "-o", name), 2)
    assert Path(name).read_text() == "my own notes\n"


def test_report_replaces_the_report_it_wrote(camp):
    camp("report", "-o", "r.md", ok=True)
    camp("note", "a second note", ok=True)
    camp("report", "-o", "r.md", ok=True)
    assert "a second note" in Path("r.md").read_text("utf-8")
    camp("report", "--format", "html", ok=True)
    camp("report", "--format", "html", ok=True)  # beside the save: its own file, replaced


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_report_file_escapes_control_characters_as_stdout_does(camp, fmt):
    camp("note", "bell \x07 and \x1b]0;owned\x07 title", ok=True)
    camp("report", "--format", fmt, "-o", f"r.{fmt}", ok=True)
    data = Path(f"r.{fmt}").read_bytes()
    assert b"\x1b" not in data and b"\x07" not in data
    assert "\\x1b" in data.decode("utf-8") and "\\x07" in data.decode("utf-8")
    if fmt == "md":
        on_stdout = camp("report", ok=True).stdout
        assert data.decode("utf-8").startswith(on_stdout)


@pytest.mark.parametrize("args", [("report", "-o", "r.md"), ("report", "--format", "html"), ("pdf",), ("sheet",)])
def test_a_file_written_is_never_denied_when_the_output_fails_after(camp, monkeypatch, args):
    """Issue 31 item 4: stdout on a full disk once the file is made: the message says it stands."""
    import errno

    from journal.runtime import Runtime

    def full(self, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Runtime, "emit", full)
    error = one_error(camp(*args))
    assert "nothing was saved" not in error and "was saved before this, and stands" in error, error


def test_a_markdown_report_is_signed_with_what_markdown_never_shows(camp):
    """Stop 35: the signature was an HTML comment, which a forum that escapes HTML (as many do)
    shows as text at the end of the post. In Markdown it is now a link reference definition, after
    a blank line, which CommonMark never shows; a report signed the old way is still replaced."""
    camp("report", "-o", "r.md", ok=True)
    text = Path("r.md").read_text("utf-8")
    assert text.endswith("\n\n[//]: # (written by journal report: it replaces this file when asked to)\n")
    assert "<!--" not in text
    Path("r.md").write_text("# old\n<!-- written by journal report: it replaces this file when asked to -->\n")
    camp("report", "-o", "r.md", ok=True)
    assert Path("r.md").read_text("utf-8").startswith(camp("report", ok=True).stdout)
    camp("report", "--format", "bbcode", "-o", "r.bbcode", ok=True)
    assert Path("r.bbcode").read_text("utf-8").endswith(
        "\n<!-- written by journal report: it replaces this file when asked to -->\n")  # BoardGameGeek drops it
