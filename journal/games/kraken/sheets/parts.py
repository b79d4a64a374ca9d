"""What the Space Kraken pages share: header, badges, labelled and crossed cells, Ammo boxes."""

from __future__ import annotations

from journal.games.kraken.model.constants import DIFFICULTY_TEXT
from journal.pdf.flow import BLANK_NOTE_LINES, MIN_NOTE_LINES, PENCIL_ROW, field, notes_box, notes_height, put, shorter
from journal.pdf.primitives import BOLD, INK, MUTED, REGULAR, badge, checkbox, rules_box, rules_layout, text, wrap_text
from journal.pdf.primitives import badge as badge_box

GAP = 10
FORM_GAP = 9


def pencil(row_h: float, blank: bool) -> float:
    """A table's row height: `row_h`, or a pencil's write-in row on a blank sheet (at least 6.5 mm)."""
    return PENCIL_ROW if blank else row_h


def rules_and_notes(c, page, title: str, rules: list[tuple[str, str]], blank: bool, most: int = 12,
                    lines_only: bool = False) -> int:
    """A chapter's rules in brief, then the Notes box with its least lines (eight on a blank sheet,
    for pencil; five on a filled one): the rules across the page when that leaves the notes their
    room, else in two columns; when even that does not, the rules are printed all the same (on the
    next page if this one has no room for them) and the Notes box continues on the next page. A
    rule is never dropped. `lines_only`: ruled lines, without the campaign's notes written on them.
    Returns the number of the page the rules are on."""
    least = BLANK_NOTE_LINES if blank else MIN_NOTE_LINES
    below = page.y0 + notes_height(least=least) + FORM_GAP
    x, w = page.x0, page.width
    h = (rules_box(c, x, page.cursor, w, title, rules, size=6.6, lead=7.8, fit_below=below)
         or rules_box(c, x, page.cursor, w, title, rules, size=6.6, lead=7.8, fit_below=below, columns=2)
         or rules_box(c, x, page.cursor, w, title, rules, size=6.6, lead=7.8, fit_below=page.y0, columns=2))
    if not h:
        page.new_page()
        h = rules_box(c, x, page.cursor, w, title, rules, size=6.6, lead=7.8, columns=2)
    page.take(h + FORM_GAP)
    at = page.number
    notes_box(c, page, blank or lines_only, most=most, least=least)
    return at


def rules_fit(page, rules: list[tuple[str, str]], blank: bool) -> bool:
    """Whether the rules, in two columns, and the Notes box's least lines fit in the page's room."""
    least = BLANK_NOTE_LINES if blank else MIN_NOTE_LINES
    return page.remaining() >= rules_layout(page.width, rules, 6.6, 7.8, columns=2)[2] + FORM_GAP + notes_height(least=least)


def as_dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def header(c, page, title, sub, badges=(), blank=False) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    right = x + w
    for label, dark in badges:
        shown, size = shorter(label, BOLD, 8.5, w * 0.4)
        right -= badge(c, right, top - 15, shown, size=size, dark=dark) + 5
    put(c, x, top - 15, title, BOLD, 16, max_width=right - x - 6)
    if blank:
        field(c, x, top - 31, 220, "Campaign")
        field(c, x + 236, top - 31, 110, "Date")
        page.take(40)
        return
    lines = wrap_text(sub, REGULAR, 9, w)       # a long subtitle takes two lines, never cut
    for k, line in enumerate(lines):
        text(c, x, top - 30 - 11 * k, line, REGULAR, 9, grey=MUTED)
    page.take(40 + 11 * (len(lines) - 1))


def labelled_cell(c, x, y, w, h, value=None, label=None, size=10.0, shade=None, frame=0.6, font=BOLD) -> None:
    """A box with lower-left (x, y), an optional small label top-left, a centred value."""
    if shade is not None:
        c.setFillGray(shade)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setFillGray(INK)
    c.setStrokeGray(INK)
    c.setLineWidth(frame)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setLineWidth(0.6)
    if label:
        text(c, x + 2, y + h - 6.5, label, BOLD, 5.8, grey=MUTED)
    if value not in (None, ""):
        base = y + (h - 0.72 * size) / 2 - (1.5 if label else 0)
        put(c, x + w / 2, base, str(value), font, size, max_width=w - 4, align="c")


def campaign_sub(s, title, what) -> str:
    parts = [what]
    if title:
        parts.append(title)
    if s.get("difficulty"):
        parts.append(DIFFICULTY_TEXT.get(s["difficulty"], str(s["difficulty"])))
    if s.get("backstory"):
        parts.append(s["backstory"])
    return " \u00b7 ".join(parts)


def turn_badges(s, blank) -> list:
    if blank:
        return []
    badges = []
    if s.get("result"):
        badges.append((f"CAMPAIGN {str(s['result']).upper()}", True))
    turn = s.get("turn", 0)
    badges.append(("SETUP" if not turn else f"TURN {turn} \u00b7 PHASE {s.get('phase')}", True))
    return badges


def form_cell(c, x, y, w, h, value=None, label=None, size=10.0, shade=None, frame=0.6, font=BOLD, cross=False) -> None:
    """The tracker's labelled cell (sheets._cell); `cross` strikes it out."""
    labelled_cell(c, x, y, w, h, value, label, size, shade, frame, font)
    if cross:
        c.setLineWidth(1.4)
        c.line(x + 3, y + 3, x + w - 3, y + h - 3)
        c.line(x + 3, y + h - 3, x + w - 3, y + 3)
        c.setLineWidth(0.6)


def form_title(c, page, title, sub, badge=None) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    right = x + w
    if badge:
        shown, size = shorter(badge, BOLD, 8.5, w * 0.45)
        right -= badge_box(c, right, top - 15, shown, size=size) + 6
    put(c, x, top - 15, title, BOLD, 16, max_width=right - x - 6)
    lines = wrap_text(sub, REGULAR, 8.5, w)
    for k, line in enumerate(lines):
        text(c, x, top - 29 - 10 * k, line, REGULAR, 8.5, grey=MUTED)
    page.take(38 + 10 * (len(lines) - 1))


def ammo_boxes(c, x, y, cap: int, left: int | None, size: float = 6.5, most: int = 12) -> float:
    """Ammo as boxes: spent ones crossed (the book's A8:|||)."""
    shown = min(cap, most)
    for i in range(shown):
        bx = x + i * (size + 1.5)
        checkbox(c, bx, y, left is not None and i >= left, size)
    if cap > most:
        text(c, x + shown * (size + 1.5) + 1, y + 1, f"+{cap - most}", REGULAR, 6)
    return shown * (size + 1.5)


def ammo_cell(cap, left):
    def draw(c, x, y, w, h):
        if not cap:
            text(c, x + 4, y + (h - 5) / 2, "unlimited", REGULAR, 6.5, grey=MUTED)
            return
        ammo_boxes(c, x + 4, y + (h - 6.5) / 2, cap, left)
    return draw
