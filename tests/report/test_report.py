"""`journal report` (issue 22 §3): the Markdown parses into the expected headings (markdown-it, as
a forum's CommonMark would), the player's text is never markup, a golden report of the EPM demo,
the parts of a log a report can cover, and the states rebuilt from the log."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from journal.history import states_back
from journal.report import markdown as md
from journal.report import model
from journal_testing import EPM_NEW, PULP_NEW

GOLDEN = Path(__file__).resolve().parent / "golden" / "demo-epm.md"
HOSTILE = "*Kell* _x_ `c` [a](http://x.invalid) ![i](y.png) <b>bold</b> &amp; #1 | ~~s~~ \\ $x$"


def parse(text: str):
    return MarkdownIt("commonmark").enable("table").enable("strikethrough").parse(text)


def headings(text: str) -> list[tuple[str, str]]:
    tokens = parse(text)
    return [(t.tag, tokens[i + 1].content) for i, t in enumerate(tokens) if t.type == "heading_open"]


def html_of(text: str) -> str:
    return MarkdownIt("commonmark").enable("table").enable("strikethrough").render(text)


def test_the_markdown_parses_into_the_expected_headings(camp):
    camp("epm", "card", "3", ok=True)
    camp("epm", "challenge", "piloting", "--character", "Ana", "--roll", "3", ok=True)
    camp("note", "Kell's queen is suspicious", ok=True)
    camp("epm", "track", "signal", "+2", ok=True)   # a chart of zeros would be left out
    text = camp("report", ok=True).stdout
    heads = headings(text)
    assert heads[0] == ("h1", "camp: War With the Evil Power Master")
    assert [h for h in heads if h[0] == "h2"] == [("h2", "Turning points"), ("h2", "Turn by turn"),
                                                 ("h2", "Who did what"), ("h2", "How the game went"),
                                                 ("h2", "Luck audit"), ("h2", "The full story")]
    assert ("h4", "Visit 1 · Zorb") in heads and ("h3", "Signal and EPM Meter") in heads
    assert [h[1] for h in heads if h[0] == "h3"][0].startswith("Session 1 · ")
    rendered = html_of(text)
    assert "Kell's queen is suspicious" in rendered
    assert "d6 3 (entered)" in rendered and "the one challenge was won where the odds gave 0.7" in rendered


def test_names_and_notes_are_text_never_markup(journal):
    journal("epm", "new", "x", "--character", "*Ana*:piloting=1", "--character", "<b>Bo</b>",
            "--planet", "[Zorb](http://x.invalid):blue", "--at", "[Zorb](http://x.invalid)", "--seed", "1", ok=True)
    journal("note", HOSTILE, ok=True)
    journal("epm", "challenge", "piloting", "--character", "*Ana*", "--roll", "2", ok=True)
    text = journal("report", ok=True).stdout
    rendered = html_of(text)
    player_part = rendered.split("<pre><code>")[0] + rendered.split("</code></pre>")[1]  # the dice chart is code
    for markup in ("<em>", "<a ", "<img", "<b>", "<code>", "<s>", "<del>"):
        assert markup not in player_part, markup
    assert "<strong>" not in rendered.split("<h2>The full story</h2>")[1].split("<li>#1")[0]
    assert "*Kell* _x_ `c` [a](http://x.invalid) ![i](y.png) &lt;b&gt;bold&lt;/b&gt; &amp;amp; #1 | ~~s~~ \\ $x$" \
        in rendered
    assert "*Ana*: piloting challenge" in rendered and "&lt;b&gt;Bo&lt;/b&gt;" in rendered
    page = journal("report", "--format", "html", "-o", "-", ok=True).stdout
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page and "<script" not in page
    assert "&lt;b&gt;bold&lt;/b&gt; &amp;amp; #1" in page


def fixed_clock(monkeypatch, start="2026-12-01T20:00:00Z"):
    from datetime import datetime, timedelta

    from journal.runtime import Runtime

    clock = {"t": datetime.fromisoformat(start)}

    def now(self):
        if self._time is None:
            clock["t"] += timedelta(minutes=1)
            self._time = clock["t"].strftime("%Y-%m-%dT%H:%M:%SZ")
        return self._time

    monkeypatch.setattr(Runtime, "now", now)


def test_the_epm_demo_report_is_the_golden_one(journal, monkeypatch):
    """The Markdown of the EPM demo, times fixed. JOURNAL_GOLDEN=write rewrites the file after a
    deliberate change (then read its diff)."""
    fixed_clock(monkeypatch)
    journal("demo", "epm", ok=True)
    text = journal("report", "-s", "demo-epm", ok=True).stdout
    if os.environ.get("JOURNAL_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_sessions_of_play_are_split_by_a_pause_and_the_last_one_reported_alone(camp, clock):
    camp("epm", "card", "3", ok=True)
    clock.advance(hours=3, minutes=59)  # a pause: the next command starts another session of play
    camp("epm", "card", "4", ok=True)
    camp("note", "second evening", ok=True)
    data = json.loads(camp("--json", "report").stdout)["text"]
    assert [h[1].split(" · ")[0] for h in headings(data) if h[0] == "h3"][:2] == ["Session 1", "Session 2"]
    last = camp("report", "--last-session", ok=True).stdout
    assert "Read Story Card 3" not in last and "Read Story Card 4" in last and "second evening" in last
    assert "the last session of play: entries 3 to 4 of 4, 1 session of play" in last
    assert "Session 2 · " in last


def test_since_and_turns_choose_the_part_reported(camp):
    camp("epm", "data-find", "--boost", "5", ok=True)
    camp("epm", "travel", "Kell", "--segments", "2", ok=True)
    camp("epm", "card", "2", ok=True)
    since = camp("report", "--since", "3", ok=True).stdout
    assert "Data Find" not in since and "Travelled Zorb → Kell" in since
    turns = camp("report", "--turns", "2-2", ok=True).stdout
    assert "#### Visit 2 · Kell" in turns and "Visit 1 · Zorb" not in turns.split("## The full story")[1].split("##")[0]
    assert "| Visit 1 | 5 | 0 |" in turns  # the chart starts where visit 1 ended
    assert "choose one of" in camp("report", "--since", "2", "--last-session").stderr
    assert "no entry of the log is in those turns" in camp("report", "--turns", "9-12").stderr
    assert camp("report", "--turns", "x").exit_code == 2


def test_html_report_is_written_beside_the_save_by_default_and_never_over_a_save(camp):
    r = camp("report", "--format", "html", ok=True)
    assert r.stdout.startswith("Wrote saves/camp.html (html, 1 log entry).")
    page = (camp.saves / "camp.html").read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "default-src 'none'" in page
    before = camp.files("camp")
    assert camp("report", "-o", "saves/camp.toml").exit_code == 2
    assert camp.files("camp") == before
    camp("report", "-o", "out.md", ok=True)
    assert Path("out.md").read_text("utf-8").startswith("# camp: War With")


def test_luck_prints_the_audit_and_one_json_document(camp):
    camp("epm", "challenge", "piloting", "--character", "Ana", "--roll", "3", ok=True)
    lines = camp("luck", ok=True).stdout.splitlines()
    assert lines[0] == "Luck audit of 'camp', the whole campaign:"
    assert lines[1].startswith("Your dice ran true to the odds: 1 of 1 check won where the odds gave 0.7 (p = 1.00)")
    at = lines.index("Checks with known odds:")
    assert lines[at + 1].startswith("  the one challenge was won where the odds gave 0.7: within the odds (p = 1.00)")
    data = json.loads(camp("--json", "luck").stdout)
    assert data["checks"][0]["count"] == 1 and data["dice"][0]["faces"] == [0, 0, 1, 0, 0, 0]
    assert data["overall"]["successes"] == 1 and data["sentence"].startswith("Your dice ran true to the odds")


@pytest.mark.parametrize("new", [EPM_NEW, PULP_NEW], ids=["epm", "pulp"])
def test_states_rebuilt_from_the_log_are_the_states_the_commands_left(journal, new):
    """Walking back from the save through each entry's changes gives, entry by entry, the state
    the save held right after that command."""
    moves = {"epm": [["epm", "card", "3"], ["epm", "challenge", "piloting", "--character", "Ana", "--roll", "5"],
                     ["epm", "data-find", "--boost", "5"], ["epm", "travel", "Kell", "--segments", "2"],
                     ["set", "signal", "9"]],
             "pulp": [["pulp", "round", "--planet", "Mars", "G2C.r.PK", "A4S.o.PP", "L.rb", "G2D.b.P"],
                      ["pulp", "ability", "combat", "-1"], ["note", "steady"]]}[new[0]]
    journal(*new, ok=True)
    name = new[2]
    seen = [journal.state(name)]
    for move in moves:
        journal(*move, "-s", name, ok=True)
        seen.append(journal.state(name))
    entries = [json.loads(line) for line in (journal.saves / f"{name}.log.jsonl").read_text("utf-8").splitlines()]
    import tomllib

    state = tomllib.loads((journal.saves / f"{name}.toml").read_text("utf-8"))["state"]
    rebuilt = {i: json.loads(json.dumps(s)) for i, s in states_back(state, entries) if i >= 0}
    assert [rebuilt[i] for i in range(len(seen))] == seen


def test_a_selection_outside_the_log_is_refused():
    entries = [{"n": 1, "time": "2026-01-01T00:00:00Z"}]
    with pytest.raises(Exception, match="--since 5: the log has entries 1 to 1"):
        model.select(entries, [0], False, 5, None)
    assert md.md("a*b") == "a\\*b"


def test_a_report_printed_shows_control_characters_and_never_sends_them(journal):
    """A note with a bell and an escape sequence is printed escaped (\\x07, \\x1b), as every other
    command prints it; found by the full sweep (test_sweep.py)."""
    journal("epm", "new", "x", "--character", "Ana", "--planet", "Zorb:blue", "--seed", "1", ok=True)
    journal("note", "\t\x07\x1b[31m\x7f", ok=True)
    for args in (["report"], ["report", "--format", "html", "-o", "-"], ["report", "--format", "bbcode"],
                 ["report", "--short"]):
        out = journal(*args, ok=True).stdout
        assert not any(c in out for c in "\x07\x1b\x7f")
        assert "\\x07\\x1b" in out.replace("\\\\", "\\") or "--short" in args  # a short report holds no note
