"""Campaign log pages, the same for every game.

A filled log lists the entries grouped under their turn ("Visit 2 · Kell"), one block
per entry::

     12  Ana: piloting challenge (level 5): 3 +1 = 4 → LOSE             d6 3 (entered)
         epm challenge piloting --character Ana                        2026-11-29 11:41

A summary's events (parts joined by "; " or " | ", as a CGM trace's steps are) each take a line
of their own, and so do the events a game reads from the entry's changes (`events`: a city
destroyed, a crew member down); WIN, LOSE, DESTROYED, GAME OVER and the like are set bold, and
coordinates (1AA, 2AC) in the monospaced font whose zero is dotted. Every die is marked: "entered"
(typed in from the table) or "rolled by journal". A logged command is shown as the player typed
it, but a file is named by its file name, never by where it lies on the player's machine. A turn
heading always stands with the entry under it.

Notes are italic with a bar in the margin. A blank sheet's log is ruled pages for
pencil play. Logs can hold tens of thousands of entries, so all text goes through a
`TextLayer` (one text object per page) and widths through `text_width`.
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from journal.quoting import readable_word
from journal.pdf.fonts import ITALIC
from journal.pdf.primitives import (
    BOLD, INK, MONO, MUTED, REGULAR, RULE, SHADE, Page, TextLayer, fit_text, heading, safe,
    text, text_width, wrap_text,
)

Events = Callable[[dict], list[str]]  # a game's events of an entry, read from its changes
from journal.text import plural

NUM_W = 32              # entry number column (numbers right-aligned in it)
ROLL_W = 112            # rolls, and the entry's time under them
INDENT = 10.0           # an event's line after the first
COL_GAP = 8
SUM_SIZE = 9.0          # summary
SUM_LEAD = 11.2
CMD_SIZE = 6.8          # command and time line
CMD_LEAD = 8.8
CMD_LINE = 8.0         # a long command's next lines: it wraps, never cut
ROLL_SIZE = 7.5
ENTRY_GAP = 3.6
TURN_H = 15.0           # turn heading band
TURN_GAP = 4.0
PROGRESS_STEP = 200     # entries between progress bar updates


def _short_time(value: Any) -> str:
    """'2026-11-29T11:41:13Z' -> '2026-11-29 11:41'; anything else as it is."""
    s = safe(value)
    if len(s) >= 16 and s[10] == "T":
        return f"{s[:10]} {s[11:16]}"
    return s


def roll_tokens(rolls: list | None) -> list[str]:
    """The rolls as tokens to join with ", ": a run of the same die from the same hand as
    'd6 4', '1', '3 (entered)', or '... (rolled by journal)' for dice journal rolled: every die says
    which, once a run."""
    out: list[str] = []
    last: tuple[str, bool] | None = None
    for r in rolls or ():
        if not isinstance(r, dict):
            out.append(safe(r))
            last = None
            continue
        die, value = safe(r.get("die", "")), safe(r.get("value", ""))
        run = (die, r.get("source") == "entered")
        if run == last:
            out[-1] = out[-1].rsplit(" (", 1)[0]
            out.append(value)
        else:
            out.append(f"{die} {value}".strip())
        out[-1] += " (entered)" if run[1] else " (rolled by journal)"
        last = run
    return out


# Words of an outcome, set bold wherever they stand in a summary
OUTCOME = r"\b(?:WIN|WON|LOSE|LOST|DESTROYED|GAME OVER|GAME WON|GAME LOST|VICTORY|DEFEAT|DOWN|DEAD)\b"
COORDINATE = r"\b\d[A-Z]{2}\b"          # a CGM coordinate: 1AA, 2AC
_MARKED = re.compile(f"({OUTCOME})|({COORDINATE})")
_EVENT_BREAK = re.compile(r";\s+|\s+\|\s+")
PATH_OPTIONS = frozenset({"--pack", "--board", "--file", "--output", "-o", "--saves", "--from", "--to"})
_PATHLIKE = re.compile(r"^(?:~|/|\\|[A-Za-z]:[\\/])")


def event_parts(summary: str) -> list[str]:
    """A summary cut into its events at "; " and " | " (outside parentheses): one a line."""
    if ";" not in summary and "|" not in summary:
        return [summary]
    parts, start, depth = [], 0, 0
    last = 0
    for m in _EVENT_BREAK.finditer(summary):
        depth += summary.count("(", last, m.start()) - summary.count(")", last, m.start())
        last = m.start()
        if depth <= 0:
            parts.append(summary[start:m.start()])
            start = m.end()
    parts.append(summary[start:])
    return [p for p in parts if p.strip()] or [summary]


def _file_name(word: str) -> str:
    """A path as the name of its file ('/home/ana/packs/demo-pack.toml' -> 'demo-pack.toml')."""
    name = word.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    return name or word


def shown_command(command: str) -> str:
    """A logged command as the player typed it, quoted for reading (an apostrophe's word in double
    quotes), with every file named by its file name only. The log writes commands with
    `shlex.join`, so one without quotes or paths is shown as it is, without re-reading it."""
    if not any(ch in command for ch in "'\"\\/~"):
        return command
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    out, prev = [], ""
    for word in words:
        option, eq, value = word.partition("=")
        if prev in PATH_OPTIONS or _PATHLIKE.match(word):
            shown = _file_name(word)
        elif eq and option in PATH_OPTIONS:
            shown = f"{option}={_file_name(value)}"
        else:
            shown = word
        out.append(readable_word(shown))
        prev = word
    return " ".join(out)


def _join_lines(tokens: list[str], font: str, size: float, width: float) -> list[str]:
    """Tokens joined with ', ' into as few lines of at most `width` as possible."""
    if not tokens:
        return []
    joined = ", ".join(tokens)
    if text_width(joined, font, size) <= width:
        return [joined]
    lines, cur = [], ""
    for tok in tokens:
        cand = f"{cur}, {tok}" if cur else tok
        if cur and text_width(cand + ",", font, size) > width:
            lines.append(cur + ",")
            cur = tok
        else:
            cur = cand
    lines.append(cur)
    return [fit_text(line, font, size, width) for line in lines]


class LogWriter:
    """Draws log entries on successive pages of a `Page`."""

    def __init__(self, page: Page, entry_count: int, events: Events | None = None):
        self.page = page
        self.events = events
        self.c = page.c
        self.layer = TextLayer(page.c)
        self.entry_count = entry_count
        x0 = page.x0
        self.num_x = x0 + NUM_W - 6                     # right edge of numbers
        self.text_x = x0 + NUM_W
        self.text_w = page.width - NUM_W - ROLL_W - COL_GAP
        self.right = page.right
        self.turn = ""
        self.fresh = True                               # nothing drawn below the page header

    # --- page furniture ---------------------------------------------------------

    def start(self) -> None:
        """The log's first page header (on a new page, or under glance charts that took a page of their own)."""
        page = self.page
        n = self.entry_count
        note = plural(n, "entry", "entries")
        page.take(heading(self.c, page.x0, page.cursor, page.width, "Campaign log", 13, right=note))
        self._columns()

    def _columns(self) -> None:
        page, lay = self.page, self.layer
        y = page.take(11) - 7
        lay.put_right(self.num_x, y, "#", BOLD, 6.5, MUTED)
        lay.put(self.text_x, y, "What happened  (the command typed, in grey)", BOLD, 6.5, MUTED)
        lay.put_right(self.right, y, "Rolls / time", BOLD, 6.5, MUTED)
        page.take(3)
        self.fresh = True

    def _new_page(self, continued: bool = True) -> None:
        self.layer.flush()
        self.page.new_page()
        self._columns()
        if continued and self.turn:
            self._turn_band(self.turn, continued=True)

    def _turn_band(self, turn: str, continued: bool = False) -> None:
        page, c = self.page, self.c
        top = page.take(TURN_H + TURN_GAP)
        c.setFillGray(SHADE)
        c.rect(page.x0, top - TURN_H, page.width, TURN_H, stroke=0, fill=1)
        c.setFillGray(INK)
        base = top - TURN_H + 4.4
        more = "  (continued)" if continued else ""
        label = fit_text(turn, BOLD, 9.5, page.width - 12 - text_width(more, REGULAR, 8))
        self.layer.put(page.x0 + 5, base, label, BOLD, 9.5)
        if more:
            self.layer.put(page.x0 + 5 + text_width(label, BOLD, 9.5), base, more, REGULAR, 8, MUTED)
        self.fresh = False

    def finish(self) -> None:
        self.layer.flush()

    # --- entries -----------------------------------------------------------------

    def write(self, entries: Iterable[dict], progress: bool = False) -> None:
        """Draw the entries as they come (a stream of the log: none is kept)."""
        if not progress:
            for e in entries:
                self.entry(e)
            return
        with click.progressbar(length=self.entry_count, label="Rendering campaign log",
                               file=sys.stderr) as bar:
            done = i = 0
            for i, e in enumerate(entries, 1):
                self.entry(e)
                if i % PROGRESS_STEP == 0:
                    bar.update(i - done)
                    done = i
            bar.update(i - done)

    def entry(self, e: dict) -> None:
        note = e.get("kind") == "note"
        font = ITALIC if note else (BOLD if e.get("kind") == "new" else REGULAR)
        lines, rolls, command, when = self._texts(e, font)
        tail = command_room(command, when)
        height = max(len(lines), len(rolls)) * SUM_LEAD + tail + ENTRY_GAP
        self._place(safe(e.get("turn") or ""), height)
        number = safe(e.get("n", ""))
        page = self.page
        # an entry taller than a whole page: its lines continue on the next pages
        while not page.fits(height):
            room = max(1, int((page.remaining() - ENTRY_GAP) // SUM_LEAD))
            self._draw(number, lines[:room], rolls[:room], [], "", font, note)
            lines, rolls = lines[room:] or [(0.0, "")], rolls[room:]
            height = max(len(lines), len(rolls)) * SUM_LEAD + tail + ENTRY_GAP
            self._new_page()
        self._draw(number, lines, rolls, command, when, font, note)

    def _texts(self, e: dict, font: str) -> tuple[list[tuple[float, str]], list[str], list[str], str]:
        """An entry's text as it is set: its events one a line (the first at the margin, the
        others indented), each wrapped (measured bold, as outcome words are set), the rolls in
        lines, the command typed (wrapped, never cut) and the time ("" when it has none)."""
        summary = str(e.get("summary", "")) + (f" ({e['reason']})" if e.get("reason") else "")
        parts = event_parts(summary)
        if self.events is not None and not e.get("kind") == "note":
            parts += self.events(e)
        measure = font if font == ITALIC else BOLD
        lines: list[tuple[float, str]] = []
        for i, part in enumerate(parts):
            indent = INDENT if i else 0.0
            lines += [(indent, line) for line in wrap_text(part, measure, SUM_SIZE, self.text_w - indent)]
        rolls = _join_lines(roll_tokens(e.get("rolls")), REGULAR, ROLL_SIZE, ROLL_W)
        typed = e.get("command")
        command = wrap_text(shown_command(str(typed)), REGULAR, CMD_SIZE, self.text_w) if typed else []
        when = _short_time(e["time"]) if e.get("time") else ""
        if len(when) > 16:                       # not a time journal wrote: fitted to the column
            when = fit_text(when, REGULAR, CMD_SIZE, ROLL_W)
        return lines, rolls, command, when

    def _place(self, turn: str, height: float) -> None:
        """Room for an entry `height` tall: a new turn's band first (a turn heading stays with its
        first entry), and a new page when the entry does not fit on this one."""
        page = self.page
        if turn != self.turn and turn:
            self.turn = turn
            if not page.fits(TURN_H + TURN_GAP + min(height, 2 * SUM_LEAD + ENTRY_GAP)) and not self.fresh:
                self._new_page(continued=False)
            elif not page.fits(TURN_H + TURN_GAP + height) and not self.fresh and height < page.height / 3:
                self._new_page(continued=False)
            self._turn_band(turn)
        else:
            self.turn = turn
            if not page.fits(height) and not self.fresh:
                self._new_page()

    def _line(self, x: float, y: float, line: str, font: str) -> None:
        """A summary line: outcome words bold, coordinates in the monospaced font."""
        lay = self.layer
        if font == ITALIC or not _MARKED.search(line):
            lay.put(x, y, line, font, SUM_SIZE)
            return
        at = 0
        for m in _MARKED.finditer(line):
            if m.start() > at:
                piece = line[at:m.start()]
                lay.put(x, y, piece, font, SUM_SIZE)
                x += text_width(piece, font, SUM_SIZE)
            shown = BOLD if m.group(1) else MONO
            lay.put(x, y, m.group(0), shown, SUM_SIZE)
            x += text_width(m.group(0), shown, SUM_SIZE)
            at = m.end()
        if at < len(line):
            lay.put(x, y, line[at:], font, SUM_SIZE)

    def _draw(self, number: str, lines: list[tuple[float, str]], rolls: list[str], command: list[str], when: str,
              font: str, note: bool) -> None:
        page, lay = self.page, self.layer
        top = page.cursor
        y = top - 8.2
        if number:
            lay.put_right(self.num_x, y, number, BOLD, 8.5, MUTED)
        yy = y
        for indent, line in lines:
            self._line(self.text_x + indent, yy, line, font)
            yy -= SUM_LEAD
        yy = y
        for line in rolls:
            lay.put_right(self.right, yy, line, REGULAR, ROLL_SIZE)
            yy -= SUM_LEAD
        body = max(len(lines), len(rolls)) * SUM_LEAD
        tail = command_room(command, when)
        if tail:
            cy = top - body - 6.4
            for k, line in enumerate(command):
                lay.put(self.text_x, cy - k * CMD_LINE, line, REGULAR, CMD_SIZE, MUTED)
            if when:
                lay.put_right(self.right, cy, when, REGULAR, CMD_SIZE, MUTED)
        if note:                                 # margin mark: a bar beside the whole note
            self.c.setFillGray(0.35)
            self.c.rect(page.x0 + 1, top - body - tail - 0.5, 2.4, body + tail - 1, stroke=0, fill=1)
            self.c.setFillGray(INK)
        page.take(body + tail + ENTRY_GAP)
        self.fresh = False


def command_room(command: list[str], when: str) -> float:
    """The height of an entry's command lines and time (none without either)."""
    return CMD_LEAD + max(len(command) - 1, 0) * CMD_LINE if (command or when) else 0.0


def write_log(page: Page, entries: Iterable[dict], progress: bool = False, events: Events | None = None,
              count: int | None = None) -> None:
    """The campaign log from the top of the current (new) page to its end (`events`: the game's
    events of an entry, each given a line; `count`: how many entries a stream yields)."""
    if count is None:
        entries = list(entries)
        count = len(entries)
    writer = LogWriter(page, count, events)
    writer.start()
    writer.write(entries, progress)
    writer.finish()


def ruled_pages(page: Page, count: int = 3) -> None:
    """`count` pages of ruled lines (turn / what happened / rolls) for a pencil log.
    Leaves the last page open for the caller to finish."""
    c = page.c
    turn_w, roll_w = 86.0, 78.0
    line_h = 20.0
    for i in range(count):
        if i:
            page.new_page()
        if i == 0:
            page.take(heading(c, page.x0, page.cursor, page.width, "Campaign log", 13))
        top = page.take(14)
        c.setFillGray(SHADE)
        c.rect(page.x0, top - 14, page.width, 14, stroke=0, fill=1)
        base = top - 10
        text(c, page.x0 + 4, base, "Turn", BOLD, 8)
        text(c, page.x0 + turn_w + 4, base, "What happened", BOLD, 8)
        text(c, page.right - roll_w + 4, base, "Rolls", BOLD, 8)
        rows = int(page.remaining() // line_h)
        bottom = top - 14 - rows * line_h
        c.setStrokeGray(RULE)
        c.setLineWidth(0.5)
        y = top - 14
        for _ in range(rows):
            y -= line_h
            c.line(page.x0, y, page.right, y)
        c.line(page.x0 + turn_w, top, page.x0 + turn_w, bottom)
        c.line(page.right - roll_w, top, page.right - roll_w, bottom)
        page.take(rows * line_h)
