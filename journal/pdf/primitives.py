"""ReportLab canvas primitives shared by every game's sheets.

Plain canvas drawing only (no Platypus): every user string goes through `safe` (or a
helper that calls it) and is drawn with ``drawString`` or a `TextLayer`, so nothing is
ever parsed as markup. Conventions:

* coordinates are PDF points, origin bottom-left;
* block elements (`track`, `heading`, `rules_box`) take the *top* edge ``y`` and return the
  height they used, so a layout can stack them with a `Page` cursor;
* small elements (`checkbox`, `disc`, `text`) take a baseline / lower-left corner / centre as
  documented on each.

Tables that wrap and grow, fields, notes boxes and headings written shorter when long are
journal/pdf/flow.py's, built on these.

Everything must read in greyscale: states are shown by shape and text (a filled box,
an arrow, a cross, a colour's name), never by hue alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from journal.pdf import fonts
from journal.pdf.fonts import BOLD, MONO, MONO_BOLD, REGULAR  # the sheets import the names from here

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PAPERS = {"a4": A4, "letter": LETTER}

MARGIN = 15 * mm        # safe for home printers on all four sides
FOOTER_H = 7 * mm       # footer strip inside the bottom margin, below the frame

# Greys (0 = black, 1 = white)
INK = 0.0
MUTED = 0.38            # secondary text
RULE = 0.62             # thin rules
SHADE = 0.86            # header fills
ZEBRA = 0.955           # alternate table rows

Fill = Union[str, float, tuple[float, float, float]]  # a TINTS name, a grey level or an (r, g, b) colour
Band = tuple[int, int, Any, Fill]  # a track's band: its lo, hi, caption and tint
Row = tuple[float, int, int, float]  # a row of a track: its x, first and last value, box width
DrawCell = Callable[["Canvas", float, float, float, float], None]  # a grid cell drawn inside (x, y, w, h)
Cell = Any  # a grid cell: text, (text, font), None (empty) or a DrawCell; rows mix them freely

# Colours of tinted bands, picked to stay distinct in greyscale (luminance ~.90/.84/.73)
TINTS = {
    "green": (0.84, 0.95, 0.84),
    "amber": (0.99, 0.82, 0.55),
    "red": (0.94, 0.64, 0.60),
    "grey": (0.88, 0.88, 0.88),
}

# Disc colours; the name is always written beside the disc as well.
DISC_COLOURS = {
    "blue": (0.27, 0.49, 0.86),
    "yellow": (0.99, 0.86, 0.25),
    "pink": (0.95, 0.52, 0.75),
}

ELLIPSIS = "\u2026"


# --- text ------------------------------------------------------------------------

# What a few characters become on paper: white space and line breaks a single space, an
# invisible soft hyphen nothing. Other control and format characters (zero-width joiners,
# variation selectors) are left out; every other character is drawn (see journal/pdf/fonts.py).
_TRANSLIT = {
    "\t": " ", "\n": " ", "\r": " ", "\u00a0": " ", "\u2028": " ", "\u2029": " ", "\u00ad": "",
}


class _SafeMap(dict):
    """str.translate table filled lazily: a character a font can draw maps to itself, white
    space to a space, an invisible control or format character to nothing; a character no font
    on this machine has to `fonts.REPLACEMENT`, and is not kept here, so that every document
    using it records it in `fonts.unprintable`."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        if ch in _TRANSLIT:
            value = _TRANSLIT[ch]
        elif not ch.isprintable() and not ch.isspace():
            value = ""
        elif ch.isspace():
            value = " "
        elif fonts.printable(ch):
            value = ch
        else:
            return fonts.REPLACEMENT
        self[code] = value
        return value


_SAFE_MAP = _SafeMap()


def safe(text: object) -> str:
    """`text` as a string the page can draw: every printable character stays (a character no
    font has becomes `fonts.REPLACEMENT` and is reported), white space becomes a space. `<`, `&`
    and quotes stay literal (we never use markup)."""
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    if text.isascii() and text.isprintable():
        return text                            # the common case, no per-character work
    return text.translate(_SAFE_MAP)


class _Widths(dict):
    """Character -> width in 1/1000 em for one font, filled as characters are met (a character
    the font lacks is measured in the font that draws it)."""

    def __init__(self, font: str):
        super().__init__()
        self.font = font

    def __missing__(self, ch: str) -> float:
        value = self[ch] = fonts.width(self.font, ch)
        return value


_WIDTHS: dict[str, _Widths] = {}


def text_width(s: str, font: str, size: float) -> float:
    """Width of an already `safe` string, from a per-font table of character widths: the same
    number as ReportLab's stringWidth, several times faster, which matters for long logs."""
    table = _WIDTHS.get(font)
    if table is None:
        table = _WIDTHS[font] = _Widths(font)
    return sum(map(table.__getitem__, s)) * size / 1000


def fit_text(text: object, font: str, size: float, max_width: float) -> str:
    """`safe(text)`, truncated with an ellipsis so it is at most `max_width` wide."""
    text = safe(text)
    if text_width(text, font, size) <= max_width:
        return text
    ell = text_width(ELLIPSIS, font, size)
    if ell > max_width:
        return ""
    lo, hi = 0, len(text)                      # largest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip(), font, size) + ell <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


HYPHENS = "-\u2010\u2013\u2014/"  # a long word breaks after one of these before it breaks anywhere else
_AFTER_HYPHENS = re.compile(f"(?<=[{re.escape(HYPHENS)}])")


def _break_word(word: str, font: str, size: float, width: float) -> list[str]:
    """Split one over-long word into pieces no wider than `width`: after its hyphens (and dashes
    and slashes) where they come, the parts still too long anywhere (at least one char a piece)."""
    parts = [part for part in _AFTER_HYPHENS.split(word) if part]
    return _pack(parts, "", font, size, width, _break_chars)


def _break_chars(word: str, font: str, size: float, width: float) -> list[str]:
    """Split a word with no place to break into pieces no wider than `width` (at least one char each)."""
    return _pack(list(word), "", font, size, width, lambda ch, *_: [ch])


def _pack(parts: list[str], joiner: str, font: str, size: float, width: float,
          split: Callable[[str, str, float, float], list[str]]) -> list[str]:
    """`parts` laid in lines no wider than `width`, as many on a line as fit (joined by `joiner`);
    a part wider than a line is first split by `split`. At least one line when there is a part."""
    gap = text_width(joiner, font, size)
    lines: list[str] = []
    cur: list[str] = []
    cur_w = 0.0
    for part in parts:
        pw = text_width(part, font, size)
        if pw > width:
            if cur:
                lines.append(joiner.join(cur))
            pieces = split(part, font, size, width)
            lines.extend(pieces[:-1])
            cur, cur_w = [pieces[-1]], text_width(pieces[-1], font, size)
        elif cur and cur_w + gap + pw > width:
            lines.append(joiner.join(cur))
            cur, cur_w = [part], pw
        else:
            cur_w = cur_w + gap + pw if cur else pw
            cur.append(part)
    if cur:
        lines.append(joiner.join(cur))
    return lines


def wrap_text(text: object, font: str, size: float, width: float) -> list[str]:
    """`safe(text)` broken into lines no wider than `width` (greedy, on spaces; a word
    longer than a line is split). Always returns at least one line."""
    text = safe(text)
    if text_width(text, font, size) <= width:
        return [text]
    return _pack(text.split(), " ", font, size, width, _break_word) or [""]


def text(c: Canvas, x: float, y: float, s: object, font: str = REGULAR, size: float = 8.0,
         max_width: float | None = None, align: str = "l", grey: float = INK) -> float:
    """Draw `s` (made safe, and fitted to `max_width` if given) with its baseline at y.
    align: "l" starts at x, "c" centres on x, "r" ends at x. Returns the drawn width."""
    s = fit_text(s, font, size, max_width) if max_width is not None else safe(s)
    w = text_width(s, font, size)
    c.setFillGray(grey)
    if align == "c":
        x -= w / 2
    elif align == "r":
        x -= w
    for name, piece in fonts.runs(s, font):
        fonts.get(name)                        # registered before the canvas is asked for it
        c.setFont(name, size)
        c.drawString(x, y, piece)
        x += text_width(piece, name, size)
    c.setFillGray(INK)
    return w


def coordinate_text(c: Canvas, x: float, y: float, s: object, size: float = 8.0, bold: bool = False,
                    max_width: float | None = None, align: str = "l", grey: float = INK) -> float:
    """A coordinate or code (a CGM cell, a Starmap ID, "30O" against "300") set in DejaVu Sans
    Mono, whose zero is dotted and whose I, 1, l, O and 0 differ at a glance; otherwise as `text`."""
    return text(c, x, y, s, MONO_BOLD if bold else MONO, size, max_width, align, grey)


_PDF_ESCAPES = {ord("\\"): "\\\\", ord("("): "\\(", ord(")"): "\\)"}
_PDF_ESCAPES.update({b: "\\%03o" % b for b in range(128, 256)})
_PDF_ESCAPES.update({b: "\\%03o" % b for b in range(0, 32)})


class _Code:
    """A finished text object for ``canvas.drawText`` (which only calls getCode())."""

    def __init__(self, code: str):
        self.code = code

    def getCode(self) -> str:
        return self.code


class TextLayer:
    """Many strings written as one PDF text object per page.

    ``canvas.drawString`` builds a text object per call and escapes through ReportLab's
    pure-Python fallback; for thousands of log lines that dominates the run time. A
    layer collects "position, string" operators with the same meaning and hands them
    to ``canvas.drawText`` in one block on `flush()` (call it before the page ends).
    Strings must already be `safe` (fitted or wrapped); text is drawn over any shapes
    the page draws before the flush. Fonts are embedded TrueType subsets: ASCII is the same
    bytes in the first subset of every font, other characters go through the font's own
    subset assignment (``TTFont.splitString``).
    """

    def __init__(self, c: Canvas):
        self.c = c
        self._ops: list[str] = []
        self._font: tuple[str, float] | None = None
        self._grey = INK
        self._refs: dict[tuple[str, int], str] = {}
        self._first: dict[str, tuple[dict[int, str], set[str]]] = {}  # per font: its first subset's codes

    def _ref(self, font: str, subset: int = 0) -> str:
        """The document's resource name for a subset of `font` (e.g. /F1+0); asking for it
        registers the font with the document."""
        ref = self._refs.get((font, subset))
        if ref is None:
            ref = self._refs[(font, subset)] = fonts.get(font).getSubsetInternalName(subset, self.c._doc)
        return ref

    def _use(self, ref: str, size: float) -> None:
        if self._font != (ref, size):
            self._ops.append(f"{ref} {size:g} Tf")
            self._font = (ref, size)

    def put(self, x: float, y: float, s: str, font: str, size: float, grey: float = INK) -> None:
        """Draw safe string `s` with its baseline starting at (x, y)."""
        ops = self._ops
        if grey != self._grey:
            ops.append(f"{grey:g} g")
            self._grey = grey
        if s.isascii():
            self._use(self._ref(font), size)
            if "(" in s or ")" in s or "\\" in s:
                s = s.translate(_PDF_ESCAPES)
            ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm ({s}) Tj")
            return
        ops.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
        for name, piece in fonts.runs(s, font):
            first = self._first.get(name)
            if first is not None and first[1].issuperset(piece):   # all in the font's first subset
                self._use(self._ref(name), size)
                ops.append(f"({piece.translate(first[0])}) Tj")
                continue
            for subset, chunk in fonts.get(name).splitString(piece, self.c._doc):
                self._use(self._ref(name, subset), size)
                ops.append(f"({chunk.decode('latin-1').translate(_PDF_ESCAPES)}) Tj")
            self._learn(name, piece)

    def _learn(self, name: str, piece: str) -> None:
        """Remember the codes `piece`'s characters have in the first subset of font `name` (the
        document keeps a character's code once given), so that the next string made only of
        known characters is written with one `str.translate`."""
        table, known = self._first.setdefault(name, (dict(_PDF_ESCAPES), set(map(chr, range(32, 127)))))
        for ch in set(piece) - known:
            [(subset, chunk)] = fonts.get(name).splitString(ch, self.c._doc)
            if subset == 0:
                table[ord(ch)] = chunk.decode("latin-1").translate(_PDF_ESCAPES)
                known.add(ch)

    def put_right(self, x: float, y: float, s: str, font: str, size: float, grey: float = INK) -> None:
        """Like `put`, but the string ends at x."""
        self.put(x - text_width(s, font, size), y, s, font, size, grey)

    def flush(self) -> None:
        if self._ops:
            if self._grey != INK:
                self._ops.append("0 g")         # fill colour outlives ET: restore black
            self.c.drawText(_Code("BT\n" + "\n".join(self._ops) + "\nET"))
        self._ops = []
        self._font = None
        self._grey = INK


def _baseline(y_bottom: float, h: float, size: float) -> float:
    """Baseline that centres capital letters of `size` in a cell [y_bottom, y_bottom+h]."""
    return y_bottom + (h - 0.72 * size) / 2


# --- page --------------------------------------------------------------------------

class Page:
    """The drawable frame of the current page and a top-down cursor.

    The frame is the paper minus `MARGIN` on every side, minus a footer strip at the
    bottom: (x0, y0) is its lower-left corner, `width` x `height` its size and `top`
    its upper edge. `finish()` draws the footer (`footer` left, "page N" right) and ends
    the page; `new_page()` does that and puts the cursor back at the top of the next.
    """

    def __init__(self, c: Canvas, paper: str = "a4", footer: str = ""):
        self.c = c
        self.paper = paper
        self.page_width, self.page_height = PAPERS[paper]
        self.x0 = MARGIN
        self.y0 = MARGIN + FOOTER_H
        self.width = self.page_width - 2 * MARGIN
        self.height = self.page_height - MARGIN - self.y0
        self.footer = footer
        self.finished = 0                      # pages completed so far
        self.cursor = self.top
        self.notes: list[str] = []             # the campaign's notes, oldest first: notes_area writes the latest
        for font in (REGULAR, BOLD):           # read once; the charts' labels ask the canvas for them by name
            fonts.get(font)
        self.keep_free = 0.0                   # room a Notes box leaves at the page's foot (for the glance charts)
        self.chart_beside = 0.0                # the least height of a glance chart beside the Notes box (0: none)
        self.beside: tuple[float, float, float, float] | None = None   # x, top, w, h the Notes box left it

    @property
    def top(self) -> float:
        return self.y0 + self.height

    @property
    def right(self) -> float:
        return self.x0 + self.width

    @property
    def number(self) -> int:
        """1-based number of the page being drawn."""
        return self.finished + 1

    def remaining(self) -> float:
        return self.cursor - self.y0

    def fits(self, h: float) -> bool:
        return self.cursor - h >= self.y0 - 0.01

    def take(self, h: float) -> float:
        """Reserve `h` points below the cursor; returns the top of the reserved strip."""
        y = self.cursor
        self.cursor -= h
        return y

    def finish(self) -> None:
        c = self.c
        rule_y = MARGIN + 11
        c.setStrokeGray(RULE)
        c.setLineWidth(0.5)
        c.line(self.x0, rule_y, self.right, rule_y)
        number = f"page {self.number}"
        text(c, self.right, MARGIN + 2, number, REGULAR, 7.5, align="r", grey=MUTED)
        room = self.width - text_width(number, REGULAR, 7.5) - 12
        text(c, self.x0, MARGIN + 2, self.footer, REGULAR, 7.5, max_width=room, grey=MUTED)
        c.showPage()
        self.finished += 1

    def new_page(self) -> None:
        self.finish()
        self.cursor = self.top


# --- shapes ------------------------------------------------------------------------

def triangle(c: Canvas, x: float, y: float, size: float, direction: str = "down", grey: float = INK) -> None:
    """A filled arrowhead whose tip is at (x, y), pointing `direction` (down/right/up)."""
    p = c.beginPath()
    half = size / 2
    if direction == "down":
        p.moveTo(x, y); p.lineTo(x - half, y + size); p.lineTo(x + half, y + size)
    elif direction == "up":
        p.moveTo(x, y); p.lineTo(x - half, y - size); p.lineTo(x + half, y - size)
    else:                                      # right
        p.moveTo(x, y); p.lineTo(x - size, y + half); p.lineTo(x - size, y - half)
    p.close()
    c.setFillGray(grey)
    c.drawPath(p, stroke=0, fill=1)
    c.setFillGray(INK)


def band(c: Canvas, x: float, y: float, w: float, h: float, fill: Fill, caption: object = None, size: float = 7.5,
         font: str = BOLD, align: str = "c") -> None:
    """A tinted strip with lower-left (x, y) and an optional caption inside it.
    `fill` is an (r, g, b) tuple, a `TINTS` name or a grey level."""
    set_fill(c, fill)
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillGray(INK)
    if caption:
        base = _baseline(y, h, size)
        if align == "c":
            text(c, x + w / 2, base, caption, font, size, max_width=w - 4, align="c")
        else:
            text(c, x + 3, base, caption, font, size, max_width=w - 6)


def set_fill(c: Canvas, fill: Fill) -> None:
    """The canvas's fill: a `TINTS` name, a grey level or an (r, g, b) tuple."""
    if isinstance(fill, str):
        fill = TINTS[fill]
    if isinstance(fill, (int, float)):
        c.setFillGray(fill)
    else:
        c.setFillColorRGB(*fill)


def badge(c: Canvas, right: float, y: float, label: str, size: float = 9.0, dark: bool = True) -> float:
    """Bold text on a rounded box ending at `right`, baseline y (white on dark, or ink on a light
    outlined box); returns its width."""
    pad, h = size * 14 / 9, size * 17 / 9
    w = text_width(label, BOLD, size) + pad
    c.setFillGray(0.15 if dark else 0.85)
    c.setStrokeGray(INK)
    c.roundRect(right - w, y - h * 5 / 17, w, h, 3, stroke=0 if dark else 1, fill=1)
    text(c, right - w / 2, y, label, BOLD, size, align="c", grey=1 if dark else INK)
    c.setFillGray(INK)
    return w


def heading(c: Canvas, x: float, y: float, w: float, title: object, size: float = 11.0, right: object = None) -> float:
    """A section title in bold caps-ish weight with a rule under it; `right` is an optional
    small grey note at the right end. `y` is the top; returns the height used."""
    base = y - size
    right_w = 0.0
    if right:
        right_w = text(c, x + w, base, right, REGULAR, 8, max_width=w * 0.45, align="r", grey=MUTED)
    text(c, x, base, title, BOLD, size, max_width=w - right_w - 8)
    c.setStrokeGray(INK)
    c.setLineWidth(0.9)
    c.line(x, base - 3.5, x + w, base - 3.5)
    return size + 8


def checkbox(c: Canvas, x: float, y: float, checked: bool = False, size: float = 7.0) -> None:
    """A square with lower-left (x, y); checked ones get a bold cross."""
    c.setStrokeGray(INK)
    c.setLineWidth(0.7)
    c.setFillGray(1)
    c.rect(x, y, size, size, stroke=1, fill=1)
    c.setFillGray(INK)
    if checked:
        inset = size * 0.18
        c.setLineWidth(max(1.2, size * 0.17))
        c.setLineCap(1)
        c.line(x + inset, y + inset, x + size - inset, y + size - inset)
        c.line(x + inset, y + size - inset, x + size - inset, y + inset)
        c.setLineCap(0)
        c.setLineWidth(0.7)


def checkbox_cell(on: bool, size: float = 8.0) -> Cell:
    """A grid cell (see `grid`) holding a centred checkbox."""
    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        checkbox(c, x + (w - size) / 2, y + (h - size) / 2, on, size=size)
    return draw


def checkbox_row(c: Canvas, x: float, y: float, labels: Sequence[str], checked: Collection[object] = (),
                 size: float = 7.0, font_size: float = 8.0, gap: float = 9.0) -> float:
    """Checkboxes with labels left to right from (x, y) (y = box bottom). Labels in
    `checked` are ticked, and their label is bold. Returns the total width."""
    start = x
    base = y + (size - 0.72 * font_size) / 2
    for i, label in enumerate(labels):
        on = label in checked
        checkbox(c, x, y, on, size)
        x += size + 3
        x += text(c, x, base, label, BOLD if on else REGULAR, font_size)
        if i < len(labels) - 1:
            x += gap
    return x - start


def disc(c: Canvas, x: float, y: float, r: float, colour_name: str | None, state: str | None = None,
         inner: object = None, label: bool = True, size: float = 8.0) -> float:
    """A Signal-Booster-style disc centred at (x, y), filled with `colour_name`'s colour
    and that name written beside it so it reads in greyscale. `state` "discarded"
    crosses it out; `inner` is a short text drawn inside (e.g. the boost). A disc
    without a colour (blank sheets) is an empty ring. Returns the width used."""
    colour = DISC_COLOURS.get(str(colour_name).lower()) if colour_name else None
    c.setLineWidth(0.7)
    c.setStrokeGray(INK)
    if colour:
        c.setFillColorRGB(*colour)
        c.circle(x, y, r, stroke=1, fill=1)
    else:
        c.circle(x, y, r, stroke=1, fill=0)
    c.setFillGray(INK)
    if inner:
        text(c, x, y - 0.36 * r * 1.1, inner, BOLD, r * 1.1, align="c")
    if state == "discarded":
        d = r * 0.95
        c.setLineWidth(1.3)
        c.line(x - d, y - d, x + d, y + d)
        c.line(x - d, y + d, x + d, y - d)
        c.setLineWidth(0.7)
    width = 2 * r
    if label and colour_name:
        width += 4 + text(c, x + r + 4, y - 0.36 * size, colour_name, REGULAR, size)
    return width


# --- tracks ------------------------------------------------------------------------

LABEL_H = 17            # track label line (the marker arrow below it stays clear of it)
CAPTION_H = 11          # band caption strip
MARKER_H = 9            # room for the arrow above the current box
MARK_H = 10             # captions under marked boxes
ROW_GAP = 5


def track_layout(w: float, lo: int, hi: int, min_box: float = 17.0, max_box: float = 32.0) -> tuple[int, int, float]:
    """(boxes per row, rows, box width) for a track of lo..hi in width w."""
    n = hi - lo + 1
    per_row = n if w / n >= min_box else max(1, int(w // min_box))
    rows = math.ceil(n / per_row)
    return per_row, rows, min(w / per_row, max_box)


def track_height(w: float, lo: int, hi: int, bands: Sequence[Band] = (), label: object = None,
                 marks: Mapping[int, str] | None = None, box_h: float = 18.0, min_box: float = 17.0) -> float:
    """The height `track` will use with the same arguments."""
    _per_row, rows, _bw = track_layout(w, lo, hi, min_box)
    row = (CAPTION_H if bands else 0) + MARKER_H + box_h + (MARK_H if marks else 0)
    return (LABEL_H if label else 0) + rows * row + (rows - 1) * ROW_GAP


def track(c: Canvas, x: float, y: float, w: float, lo: int, hi: int, current: int | None = None,
          bands: Sequence[Band] = (), label: object = None, marks: Mapping[int, str] | None = None,
          box_h: float = 18.0, min_box: float = 17.0, number_size: float = 9.0) -> float:
    """A row (or rows, if narrow) of numbered boxes lo..hi from top-left (x, y).

    The `current` box is filled black with a white bold number and has an arrow above
    it. `bands` is a list of (lo, hi, caption, tint): a tinted strip with the caption
    above those boxes, which are tinted too. `marks` {value: caption} frames a box twice
    and writes the caption under it. Returns the height used (see `track_height`).
    """
    per_row, rows, box_w = track_layout(w, lo, hi, min_box)
    marks = marks or {}
    top = y
    if label:
        text(c, x, top - 10, label, BOLD, 9.5, max_width=w)
        top -= LABEL_H
    for r in range(rows):
        first = lo + r * per_row
        row = (x, first, min(hi, first + per_row - 1), box_w)
        if bands:
            _track_bands(c, row, top, bands)
            top -= CAPTION_H
        if current is not None and first <= current <= row[2]:
            cx = x + (current - first + 0.5) * box_w
            triangle(c, cx, top - MARKER_H + 1.5, min(9.0, box_w * 0.6), "down")
        top -= MARKER_H + box_h
        _track_boxes(c, row, top, box_h, current, bands, marks, number_size)
        if marks:
            _track_marks(c, row, top, marks)
            top -= MARK_H
        if r < rows - 1:
            top -= ROW_GAP
    return y - top


def _track_bands(c: Canvas, row: Row, top: float, bands: Sequence[Band]) -> None:
    """The tinted caption strips above one row of a track: row is (x, first, last, box width)."""
    x, first, last, box_w = row
    for blo, bhi, caption, tint in bands:
        a, b = max(blo, first), min(bhi, last)
        if a <= b:
            band(c, x + (a - first) * box_w + 0.6, top - CAPTION_H, (b - a + 1) * box_w - 1.2, CAPTION_H - 1.5,
                 tint, caption, size=7)


def _track_boxes(c: Canvas, row: Row, by: float, box_h: float, current: int | None, bands: Sequence[Band],
                 marks: Mapping[int, str], number_size: float) -> None:
    """One row of numbered boxes, their bottom at `by`: the current one black, banded ones tinted,
    milestones framed twice."""
    x, first, last, box_w = row
    for v in range(first, last + 1):
        bx = x + (v - first) * box_w
        tint = next((t for blo, bhi, _cap, t in bands if blo <= v <= bhi), None)
        is_current = v == current
        if is_current:
            c.setFillGray(INK)
        elif tint is not None:
            set_fill(c, tint)
        else:
            c.setFillGray(1)
        c.setStrokeGray(INK)
        c.setLineWidth(0.6)
        c.rect(bx, by, box_w, box_h, stroke=1, fill=1)
        if v in marks:                     # doubled frame on milestone boxes
            c.setLineWidth(1.6)
            c.rect(bx + 1.2, by + 1.2, box_w - 2.4, box_h - 2.4, stroke=1, fill=0)
            c.setLineWidth(0.6)
        base = _baseline(by, box_h, number_size)
        text(c, bx + box_w / 2, base, str(v), BOLD if is_current else REGULAR,
             number_size + (1 if is_current else 0), align="c", grey=1 if is_current else INK)


def _track_marks(c: Canvas, row: Row, top: float, marks: Mapping[int, str]) -> None:
    """The milestone captions under one row of a track, each kept under the row."""
    x, first, last, box_w = row
    row_w = (last - first + 1) * box_w
    for v, caption in marks.items():
        if first <= v <= last:
            cap = fit_text(caption, BOLD, 7, row_w)
            cw = text_width(cap, BOLD, 7)
            cx = x + (v - first + 0.5) * box_w - cw / 2
            cx = min(max(cx, x), x + row_w - cw)
            text(c, cx, top - 8, cap, BOLD, 7)


# --- tables ------------------------------------------------------------------------

def table_rules(c: Canvas, x: float, y: float, bottom: float, widths: Sequence[float], row_ends: Sequence[float],
                header_h: float) -> None:
    """A table's light rules between rows (at `row_ends`) and columns, a firm outer frame from `y`
    down to `bottom`, and the header's line (`header_h` below the top; none when 0)."""
    total_w = sum(widths)
    c.setStrokeGray(RULE)
    c.setLineWidth(0.4)
    for yy in row_ends:
        c.line(x, yy, x + total_w, yy)
    cx = x
    for w in widths[:-1]:
        cx += w
        c.line(cx, y, cx, bottom)
    c.setStrokeGray(INK)
    c.setLineWidth(0.8)
    c.rect(x, bottom, total_w, y - bottom, stroke=1, fill=0)
    if header_h:
        c.line(x, y - header_h, x + total_w, y - header_h)
    c.setLineWidth(0.6)


def rules_box(c: Canvas, x: float, top: float, w: float, title: object, rules: Iterable[tuple[str, str]],
              size: float = 7.0, lead: float = 8.4, gap: float = 2.5, pad: float = 6.0, fit_below: float | None = None,
              columns: int = 1) -> float:
    """A shaded rules-reminder box from `top`: `rules` are (key, text) pairs, the key in bold, in
    one column or two (`columns`: the rules split where the columns come out most even).

    Returns the box's height; draws nothing (and returns 0) when `fit_below` is given and
    the box would reach below it.
    """
    col_w, parts, h = rules_layout(w, rules, size, lead, gap, pad, columns)
    if fit_below is not None and top - h < fit_below:
        return 0.0
    c.setFillGray(ZEBRA)
    c.setStrokeGray(INK)
    c.setLineWidth(0.7)
    c.roundRect(x, top - h, w, h, 4, stroke=1, fill=1)
    c.setFillGray(INK)
    text(c, x + pad, top - 12, title, BOLD, 8.5)
    for k, part in enumerate(parts):
        left, y = x + pad + k * (col_w + 2 * pad), top - 17 - size
        for key, lines in part:
            for i, line in enumerate(lines):
                if i == 0 and line.startswith(key + ":"):  # the key in bold, the rest on the same line
                    kw = text(c, left, y, key + ":", BOLD, size)
                    text(c, left + kw, y, line[len(key) + 1:], REGULAR, size)
                else:
                    text(c, left, y, line, REGULAR, size)
                y -= lead
            y -= gap
    return h


def rules_layout(w: float, rules: Iterable[tuple[str, str]], size: float = 7.0, lead: float = 8.4, gap: float = 2.5,
                 pad: float = 6.0, columns: int = 1) -> tuple[float, list[list[tuple[str, list[str]]]], float]:
    """A rules box's column width, its rules wrapped and split into columns, and its height."""
    col_w = (w - 2 * pad - (columns - 1) * 2 * pad) / columns
    wrapped = [(key, wrap_text(f"{key}: {body}", REGULAR, size, col_w)) for key, body in rules]
    parts = even_columns(wrapped, columns, lead, gap)
    return col_w, parts, 17 + max(column_height(part, lead, gap) for part in parts) + pad


def column_height(part: list[tuple[str, list[str]]], lead: float, gap: float) -> float:
    return sum(len(lines) for _k, lines in part) * lead + gap * max(0, len(part) - 1)


def even_columns(wrapped: list[tuple[str, list[str]]], columns: int, lead: float,
                 gap: float) -> list[list[tuple[str, list[str]]]]:
    """The wrapped rules in one column, or in two split where the taller of them is least tall."""
    if columns < 2 or len(wrapped) < 2:
        return [wrapped]
    best = min(range(1, len(wrapped)), key=lambda k: max(column_height(wrapped[:k], lead, gap),
                                                         column_height(wrapped[k:], lead, gap)))
    return [wrapped[:best], wrapped[best:]]


def latest_notes(notes: list[str], lines: int, width: float, size: float = 8.5) -> list[str]:
    """The latest notes that fit on `lines` lines of `width`, wrapped, oldest first."""
    kept: list[list[str]] = []
    used = 0
    for note in reversed(notes):
        wrapped = wrap_text(note, REGULAR, size, width)
        if used + len(wrapped) > lines:
            break
        kept.append(wrapped)
        used += len(wrapped)
    return [line for wrapped in reversed(kept) for line in wrapped]
