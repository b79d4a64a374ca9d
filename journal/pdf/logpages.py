"""Campaign log pages, the same for every game.

A filled log lists the entries grouped under their turn ("Visit 2 · Kell"), one block
per entry::

     12  Ana: piloting challenge (level 5): 3 +1 = 4 -> LOSE            d6 3 (entered)
         epm challenge piloting --character Ana                        2026-11-29 11:41

Notes are italic with a bar in the margin. A blank sheet's log is ruled pages for
pencil play. Logs can hold tens of thousands of entries, so all text goes through a
`TextLayer` (one text object per page) and widths through `text_width`.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from journal.quoting import readable_command
from journal.pdf.primitives import (
    BOLD, INK, ITALIC, MUTED, REGULAR, RULE, SHADE, Page, TextLayer, fit_text, heading, safe,
    text, text_width, wrap_text,
)
from journal.text import plural

NUM_W = 32              # entry number column (numbers right-aligned in it)
ROLL_W = 100            # rolls, and the entry's time under them
COL_GAP = 8
SUM_SIZE = 9.0          # summary
SUM_LEAD = 11.2
CMD_SIZE = 6.8          # command and time line
CMD_LEAD = 8.8
ROLL_SIZE = 8.0
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
    """'d6 3' for each roll; physical results typed in by the player get '(entered)'."""
    out = []
    for r in rolls or ():
        if isinstance(r, dict):
            token = f"{safe(r.get('die', ''))} {safe(r.get('value', ''))}".strip()
            if r.get("source") == "entered":
                token += " (entered)"
        else:
            token = safe(r)
        out.append(token)
    return out


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

    def __init__(self, page: Page, entry_count: int):
        self.page = page
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
        """The log's first page header (the log always starts on a new page)."""
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

    def write(self, entries: list[dict], progress: bool = False) -> None:
        if not progress:
            for e in entries:
                self.entry(e)
            return
        with click.progressbar(length=len(entries), label="Rendering campaign log",
                               file=sys.stderr) as bar:
            done = 0
            for i, e in enumerate(entries, 1):
                self.entry(e)
                if i % PROGRESS_STEP == 0:
                    bar.update(i - done)
                    done = i
            bar.update(len(entries) - done)

    def entry(self, e: dict) -> None:
        note = e.get("kind") == "note"
        font = ITALIC if note else (BOLD if e.get("kind") == "new" else REGULAR)
        lines, rolls, command, when = self._texts(e, font)
        tail = CMD_LEAD if (command or when) else 0.0
        height = max(len(lines), len(rolls)) * SUM_LEAD + tail + ENTRY_GAP
        self._place(safe(e.get("turn") or ""), height)
        number = safe(e.get("n", ""))
        page = self.page
        # an entry taller than a whole page: its lines continue on the next pages
        while not page.fits(height):
            room = max(1, int((page.remaining() - ENTRY_GAP) // SUM_LEAD))
            self._draw(number, lines[:room], rolls[:room], "", "", font, note)
            lines, rolls = lines[room:] or [""], rolls[room:]
            height = max(len(lines), len(rolls)) * SUM_LEAD + tail + ENTRY_GAP
            self._new_page()
        self._draw(number, lines, rolls, command, when, font, note)

    def _texts(self, e: dict, font: str) -> tuple[list[str], list[str], str, str]:
        """An entry's text as it is set: the summary (and reason) wrapped, the rolls in lines, the
        command typed and the time, each fitted to its column ("" when the entry has none)."""
        summary = e.get("summary", "") + (f" ({e['reason']})" if e.get("reason") else "")
        lines = wrap_text(summary, font, SUM_SIZE, self.text_w)
        rolls = _join_lines(roll_tokens(e.get("rolls")), REGULAR, ROLL_SIZE, ROLL_W)
        command = e.get("command")
        command = fit_text(readable_command(str(command)), REGULAR, CMD_SIZE, self.text_w) if command else ""
        when = e.get("time")
        when = fit_text(_short_time(when), REGULAR, CMD_SIZE, ROLL_W) if when else ""
        return lines, rolls, command, when

    def _place(self, turn: str, height: float) -> None:
        """Room for an entry `height` tall: a new turn's band first (a turn heading stays with its
        first entry), and a new page when the entry does not fit on this one."""
        page = self.page
        if turn != self.turn and turn:
            self.turn = turn
            if not page.fits(TURN_H + TURN_GAP + height) and not self.fresh:
                self._new_page(continued=False)
            self._turn_band(turn)
        else:
            self.turn = turn
            if not page.fits(height) and not self.fresh:
                self._new_page()

    def _draw(self, number: str, lines: list[str], rolls: list[str], command: str, when: str, font: str,
              note: bool) -> None:
        page, lay = self.page, self.layer
        top = page.cursor
        y = top - 8.2
        if number:
            lay.put_right(self.num_x, y, number, BOLD, 8.5, MUTED)
        yy = y
        for line in lines:
            lay.put(self.text_x, yy, line, font, SUM_SIZE)
            yy -= SUM_LEAD
        yy = y
        for line in rolls:
            lay.put_right(self.right, yy, line, REGULAR, ROLL_SIZE)
            yy -= SUM_LEAD
        body = max(len(lines), len(rolls)) * SUM_LEAD
        tail = CMD_LEAD if (command or when) else 0.0
        if tail:
            cy = top - body - 6.4
            if command:
                lay.put(self.text_x, cy, command, REGULAR, CMD_SIZE, MUTED)
            if when:
                lay.put_right(self.right, cy, when, REGULAR, CMD_SIZE, MUTED)
        if note:                                 # margin mark: a bar beside the whole note
            self.c.setFillGray(0.35)
            self.c.rect(page.x0 + 1, top - body - tail - 0.5, 2.4, body + tail - 1, stroke=0, fill=1)
            self.c.setFillGray(INK)
        page.take(body + tail + ENTRY_GAP)
        self.fresh = False


def write_log(page: Page, entries: list[dict], progress: bool = False) -> None:
    """The campaign log from the top of the current (new) page to its end."""
    writer = LogWriter(page, len(entries))
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
