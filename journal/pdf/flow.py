"""Layout that never cuts: text shrinks or wraps, table rows grow, headings are written shorter,
and a section that runs out of room continues on the next page, saying so.

The same conventions as `journal.pdf.primitives` (points, origin bottom-left; a block takes its
top edge and returns the height used). The trackers of every game use these in place of the
primitives that fit text with an ellipsis: a player's name or an item is never printed half.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from journal.pdf.primitives import BOLD, HYPHENS, INK, MUTED, REGULAR, SHADE, ZEBRA, Cell, Page
from journal.pdf.primitives import latest_notes, safe, set_fill, table_rules, text, text_width, wrap_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PENCIL_ROW = 7 * mm         # a write-in row of a blank sheet (at least 6.5 mm: a pencil's line)
NOTE_LINE = 7 * mm          # a ruled note line
MIN_NOTE_LINES = 5          # the Notes box of a filled tracker, at least
BLANK_NOTE_LINES = 8        # ... of a blank one
SMALLEST = 0.62             # fitted_size's default floor: the share of its size text may shrink to
READABLE = 6.5             # pt: a name set smaller than this on one line takes two (fitted_lines)
TWO_LINE_LEAD = 1.08       # the line spacing of those two lines, in font sizes
LEAD = 1.18                 # line spacing of wrapped cell text, in font sizes


# --- text ----------------------------------------------------------------------------

def fitted_size(s: str, font: str, size: float, width: float, smallest: float = SMALLEST) -> float | None:
    """The size (at most `size`, at least `smallest` of it) at which safe string `s` fits
    `width`; None when it does not fit even then."""
    w = text_width(s, font, size)
    if w <= width:
        return size
    shrunk = size * width / w if w else size
    return shrunk if shrunk >= size * smallest else None


def put(c: Canvas, x: float, y: float, s: object, font: str = REGULAR, size: float = 8.0,
        max_width: float | None = None, align: str = "l", grey: float = INK, two: float | None = None) -> float:
    """`primitives.text`, but a string wider than `max_width` is set smaller to fit, never cut;
    with `two` (the size two lines may have at most), it takes a second line above the first
    rather than be set under READABLE (`fitted_lines`). Returns the drawn width."""
    shown = safe(s)
    if max_width is not None and max_width > 0:
        if two is not None:
            lines, size = fitted_lines(shown, font, size, max_width, two)
            return draw_lines(c, x, y, lines, font, size, align=align, grey=grey)
        fits = fitted_size(shown, font, size, max_width, smallest=0.0)
        size = fits if fits is not None else size
    return text(c, x, y, shown, font, size, align=align, grey=grey)


def shorter(options: str | Sequence[str | None], font: str, size: float, width: float) -> tuple[str, float]:
    """The first of `options` (longest first) that fits `width` at `size`, else the last one set
    small enough to fit: (text, size)."""
    choices = [options] if isinstance(options, str) else [o for o in options if o]
    choices = [safe(o) for o in choices] or [""]
    for option in choices:
        if text_width(option, font, size) <= width:
            return option, size
    last = choices[-1]
    return last, size * width / max(text_width(last, font, size), 0.01)


def natural_key(name: object) -> list:
    """Sort key that puts "Gizmo 2" before "Gizmo 10": digits compare as numbers."""
    parts = re.split(r"(\d+)", str(name).casefold())
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts]


def natural(names: Iterable) -> list:
    """`names` in natural order (see `natural_key`)."""
    return sorted(names, key=natural_key)


# --- headings --------------------------------------------------------------------------

HEADING_SIZE = 10.5         # one heading style for the four games


def heading(c: Canvas, x: float, y: float, w: float, title: str | Sequence[str], size: float = HEADING_SIZE,
            right: str | Sequence[str | None] | None = None) -> float:
    """A section title with a rule under it, and an optional grey note at the right end. Both
    may be given longest first: the note is written shorter (or left out) before the title is,
    and the title is written shorter, never cut. `y` is the top; returns the height used."""
    base = y - size
    titles = [title] if isinstance(title, str) else list(title)
    first, _ = shorter(titles, BOLD, size, w)
    title_w = text_width(first, BOLD, size)
    notes = [right] if isinstance(right, str) else list(right or [])
    note, note_size = "", 8.0
    for option in notes:
        if option and text_width(safe(option), REGULAR, 8) + 10 + title_w <= w:
            note = safe(option)
            break
    right_w = text(c, x + w, base, note, REGULAR, note_size, align="r", grey=MUTED) + 10 if note else 0.0
    shown, tsize = shorter(titles, BOLD, size, w - right_w)
    text(c, x, base, shown, BOLD, tsize)
    c.setStrokeGray(INK)
    c.setLineWidth(0.9)
    c.line(x, base - 3.5, x + w, base - 3.5)
    return size + 8


def continued_line(c: Canvas, page: Page, what: str = "", begun: bool = True) -> None:
    """Ends the page with a "continued on page N" line at its foot (`begun` False: "WHAT on page
    N", for a section that starts there) and starts the next one."""
    later = page.number + 1
    say = f"{what} {'continued on' if begun else 'on'} page {later}" if what else f"continued on page {later}"
    text(c, page.right, page.y0 + 2, say, BOLD, 8, align="r", grey=MUTED)
    page.new_page()


# --- tables ----------------------------------------------------------------------------

def _lines(cell: Cell, font: str, size: float, width: float) -> tuple[list[str], str]:
    """A text cell's lines in `width`, and its font."""
    if isinstance(cell, tuple):
        cell, font = cell
    return wrap_text(cell, font, size, width), font


def row_height(cells: Sequence[Cell], widths: Sequence[float], row_h: float, font: str, size: float) -> float:
    """How tall a row is: `row_h`, or more when a cell's text needs several lines."""
    most = 1
    for cell, w in zip(cells, widths):
        if cell is None or cell == "" or callable(cell):
            continue
        most = max(most, len(_lines(cell, font, size, w - 2 * PAD)[0]))
    return max(row_h, most * size * LEAD + 5) if most > 1 else row_h


PAD = 3.0


def grid_heights(widths: Sequence[float], rows: Sequence[Sequence[Cell]], row_h: float = 14.0,
                 size: float = 8.0, styles: Sequence[dict | None] | None = None) -> list[float]:
    """The height of each row `grid` draws (the header's is `row_h`)."""
    out = []
    for i, cells in enumerate(rows):
        style = (styles[i] if styles and i < len(styles) else None) or {}
        out.append(row_height(cells, widths, row_h, style.get("font", REGULAR), size))
    return out


def grid_height(widths: Sequence[float], rows: Sequence[Sequence[Cell]], row_h: float = 14.0,
                header: bool = True, size: float = 8.0, styles: Sequence[dict | None] | None = None) -> float:
    return (row_h if header else 0) + sum(grid_heights(widths, rows, row_h, size, styles))


def _cell(c: Canvas, cell: Cell, box: tuple[float, float, float, float], font: str, size: float,
          align: str) -> None:
    """One text cell drawn in box (x, y bottom, w, h): its lines centred vertically."""
    x, yb, w, h = box
    lines, font = _lines(cell, font, size, w - 2 * PAD)
    lead = size * LEAD
    base = yb + h / 2 + (len(lines) - 1) * lead / 2 - 0.36 * size
    for line in lines:
        if align == "c":
            text(c, x + w / 2, base, line, font, size, align="c")
        elif align == "r":
            text(c, x + w - PAD, base, line, font, size, align="r")
        else:
            text(c, x + PAD, base, line, font, size)
        base -= lead


def _row(c: Canvas, x: float, yb: float, widths: Sequence[float], cells: Sequence[Cell], h: float, font: str,
         size: float, align: Sequence[str]) -> None:
    cx = x
    for i, cell in enumerate(cells):
        w = widths[i]
        if callable(cell):
            cell(c, cx, yb, w, h)
        elif cell is not None and cell != "":
            _cell(c, cell, (cx, yb, w, h), font, size, align[i])
        cx += w


def grid(c: Canvas, x: float, y: float, widths: Sequence[float], rows: Sequence[Sequence[Cell]], row_h: float = 14.0,
         header: Sequence[Cell] | None = None, size: float = 8.0, align: Sequence[str] | None = None,
         styles: Sequence[dict | None] | None = None, zebra: bool = True, header_size: float | None = None) -> float:
    """A table from top-left (x, y) with columns of `widths`, whose text cells wrap and whose rows
    grow to hold them: nothing is cut. A header's text is set smaller when it does not fit.

    Each cell is a string, a (string, font) pair, None (empty, for pencil) or a callable
    ``f(c, x, y, w, h)`` drawing inside the cell whose lower-left is (x, y). `align` is one
    "l"/"c"/"r" per column. `styles` is one dict or None per row: {"fill": tint or grey, "font":
    font}. Returns the height used."""
    align = align or ["l"] * len(widths)
    total_w = sum(widths)
    top = y
    ends = []
    if header:
        c.setFillGray(SHADE)
        c.rect(x, top - row_h, total_w, row_h, stroke=0, fill=1)
        c.setFillGray(INK)
        _header(c, x, top - row_h, widths, header, row_h, header_size or size, align)
        top -= row_h
    for i, (cells, h) in enumerate(zip(rows, grid_heights(widths, rows, row_h, size, styles))):
        style = (styles[i] if styles and i < len(styles) else None) or {}
        fill = style.get("fill")
        if fill is None and zebra and i % 2 == 1:
            fill = ZEBRA
        if fill is not None:
            set_fill(c, fill)
            c.rect(x, top - h, total_w, h, stroke=0, fill=1)
            c.setFillGray(INK)
        _row(c, x, top - h, widths, cells, h, style.get("font", REGULAR), size, align)
        top -= h
        ends.append(top)
    table_rules(c, x, y, top, widths, ends[:-1], row_h if header else 0.0)
    return y - top


def _header(c: Canvas, x: float, yb: float, widths: Sequence[float], cells: Sequence[Cell], h: float,
            size: float, align: Sequence[str]) -> None:
    cx = x
    for cell, w, a in zip(cells, widths, align):
        if callable(cell):
            cell(c, cx, yb, w, h)
        elif cell:
            label, font = cell if isinstance(cell, tuple) else (cell, BOLD)
            shown, fsize = shorter(str(label), font, size, w - 2 * PAD)
            base = yb + (h - 0.72 * fsize) / 2
            at = {"c": cx + w / 2, "r": cx + w - PAD}.get(a, cx + PAD)
            text(c, at, base, shown, font, fsize, align=a if a in "cr" else "l")
        cx += w


def rows_that_fit(heights: Sequence[float], room: float) -> int:
    """How many of the rows (of `heights`, in order) fit in `room`."""
    used, n = 0.0, 0
    for h in heights:
        if used + h > room + 0.01:
            break
        used += h
        n += 1
    return n


# --- notes -----------------------------------------------------------------------------

def notes_height(blank: bool = False, size: float = HEADING_SIZE, least: int | None = None) -> float:
    """The least height `notes_box` takes on a page (its heading and five lines, eight when blank)."""
    return size + 8 + (least or (BLANK_NOTE_LINES if blank else MIN_NOTE_LINES)) * NOTE_LINE


BESIDE_GAP = 14.0


def beside_chart(page: Page, least_h: float) -> bool:
    """Whether a Notes box of `least_h` at the least goes in the left half of the page's foot, the
    glance chart in the right half (`page.chart_beside`: the least height of that chart, when the
    game charts one tracker): when the chart does not fit under the box but fits beside it."""
    room = page.remaining()
    return bool(page.chart_beside) and least_h + page.keep_free > room >= max(page.chart_beside, least_h)


def notes_box(c: Canvas, page: Page, blank: bool = False, most: int = 14, title: str = "Notes",
              size: float = HEADING_SIZE, least: int | None = None) -> int:
    """Ruled note lines in the room the page has left, the latest of the campaign's notes
    (page.notes) written on them. The box keeps at least five lines (eight on a blank sheet for
    pencil; `least`: another minimum, for a form's own notes): where fewer fit, the page says so
    and the box continues on the next page. Past its least lines it leaves `page.keep_free` at the
    page's foot (room for the glance charts). Returns the number of lines."""
    least = least or (BLANK_NOTE_LINES if blank else MIN_NOTE_LINES)
    line_h = NOTE_LINE
    if page.remaining() < notes_height(blank, size, least):
        continued_line(c, page, title, begun=False)
        most = max(most, 60) if blank else most   # a page of its own: lines all the way down
    x, w = page.x0, page.width
    keep = 0.0 if blank else page.keep_free     # pencil lines (blank) never wait for a chart
    if not blank and beside_chart(page, notes_height(blank, size, least)):
        w, keep = (page.width - BESIDE_GAP) / 2, 0.0     # the left half, down to the foot; the chart the right
        page.beside = (x + w + BESIDE_GAP, page.cursor, w, page.remaining())
    shown = bool(page.notes) and not blank
    page.take(heading(c, x, page.cursor, w, title, size,
                      right=("the latest; every note is in the campaign log", "the latest") if shown else None))
    rows = max(least, min(most, int((page.remaining() - keep) // line_h)))
    written = latest_notes(page.notes, rows, w - 4) if shown else []
    c.setStrokeGray(0.7)
    c.setLineWidth(0.5)
    for k in range(rows):
        yy = page.take(line_h) - line_h
        c.line(x, yy, x + w, yy)
        if k < len(written):
            text(c, x + 2, yy + 5, written[k], REGULAR, 8.5)
    return rows


def field(c: Canvas, x: float, y: float, w: float, label: object, value: object = None, size: float = 10.0,
          label_size: float = 7.0) -> None:
    """A labelled line whose value is set smaller when long, never cut: a small grey label,
    then an underline with `value` on it in bold (empty for pencil when value is None). A value
    that would be set under READABLE on one line takes two, the first above the other."""
    lw = text(c, x, y, label, REGULAR, label_size, grey=MUTED) + 4
    c.setStrokeGray(INK)
    c.setLineWidth(0.5)
    c.line(x + lw, y - 2, x + w, y - 2)
    if value is None or value == "":
        return
    lines, fits = fitted_lines(safe(value), BOLD, size, field_room(w, label, label_size))
    draw_lines(c, x + lw + 2, y, lines, BOLD, fits)


def field_room(w: float, label: object, label_size: float = 7.0) -> float:
    """The width a `field` of width `w` has for its value: less its label and the gaps."""
    return w - text_width(safe(label), REGULAR, label_size) - 8


def field_size(w: float, label: object, value: object, size: float = 10.0, label_size: float = 7.0) -> float:
    """The size a `field` of width `w` sets `value` at on one line."""
    return fitted_size(safe(value), BOLD, size, field_room(w, label, label_size), smallest=0.0) or size


def fitted_lines(shown: str, font: str, size: float, width: float, most: float = 7.0) -> tuple[list[str], float]:
    """Safe string `shown` on one line at the size it fits (at most `size`), or, when that would
    be under READABLE, on two at most `most` points (the room two lines have), if they come out larger."""
    one = fitted_size(shown, font, size, width, smallest=0.0) or size
    if one < min(size, READABLE):
        lines, two = two_lines(shown, font, min(size, most), width)
        if two > one:
            return list(lines), two
    return [shown], one


def draw_lines(c: Canvas, x: float, y: float, lines: Sequence[str], font: str, size: float, align: str = "l",
               grey: float = INK) -> float:
    """`fitted_lines`' lines, the last on baseline y, the first above it; returns the widest's width."""
    return max(text(c, x, y + (len(lines) - 1 - k) * size * TWO_LINE_LEAD, line, font, size, align=align, grey=grey)
               for k, line in enumerate(lines))


def two_lines(shown: str, font: str, size: float, width: float) -> tuple[tuple[str, str], float]:
    """Safe string `shown` split in two where the longer half is least long (after a space, a
    hyphen or a dash; anywhere in a word with none), and the size (at most `size`) at which both
    halves fit `width`."""
    def split(at: int) -> tuple[tuple[str, str], float]:
        first, second = shown[:at].rstrip(), shown[at:].lstrip()
        widest = max(text_width(first, font, size), text_width(second, font, size), 0.01)
        return (first, second), min(size, size * width / widest)

    if len(shown) < 2:
        return (shown, ""), fitted_size(shown, font, size, width, smallest=0.0) or size
    words = [split(i + 1) for i, ch in enumerate(shown[:-1]) if ch == " " or ch in HYPHENS]
    best = max(words, key=lambda found: found[1], default=None)
    if best is None or best[1] < READABLE:  # a word too long for a line: anywhere, if much larger
        anywhere = max((split(i) for i in range(1, len(shown))), key=lambda found: found[1])
        if best is None or anywhere[1] > best[1] * 1.15:
            best = anywhere
    return best


def fitted(value: object, font: str = REGULAR, size: float = 8.0, align: str = "l") -> Cell:
    """A grid cell whose text stays in its box: set smaller when long, on two lines rather than
    under READABLE when the row has room for them (boxes of a fixed size)."""
    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        lines, fsize = fitted_lines(safe(value), font, size, w - 2 * PAD, most=(h - 2) / (1 + TWO_LINE_LEAD))
        base = y + (h - 0.72 * fsize - (len(lines) - 1) * fsize * TWO_LINE_LEAD) / 2
        at = {"c": x + w / 2, "r": x + w - PAD}.get(align, x + PAD)
        draw_lines(c, at, base, lines, font, fsize, align=align)
    return draw
