"""War With the Evil Power Master: the printable tracker page (filled or blank).

Top to bottom: title and phase; where the crew is (planet, visit, phase, Story Card)
beside a rules reminder; the Signal Tracker with its challenge-level bands; the EPM
Meter; the characters and their proficiencies; items by owner beside the planets and
their Signal Booster Discs. A blank sheet (state None) has the same layout with empty
cells for pencil play. Everything is drawn with `journal.pdf.primitives`.
"""

from __future__ import annotations

from typing import NamedTuple

from journal.games.epm.constants import (
    ASSIST, BOOSTER, COLORS, FLIPPED, LEVELS, PHASE_TEXT, PHASES, SHOWDOWN, STATUSES, STORY_CARDS, TRACK_MAX,
    TYPES, challenge_level,
)
from journal.pdf.flow import (
    BLANK_NOTE_LINES, NOTE_LINE, PENCIL_ROW, continued_line, field, grid, grid_heights, heading, natural_key,
    notes_box, put, rows_that_fit, shorter,
)
from journal.pdf.primitives import (
    BOLD, INK, MUTED, REGULAR, ZEBRA, badge, checkbox_cell, checkbox_row, disc, rules_box, safe, text,
    track, triangle,
)
from journal.text import plural

# Signal Tracker position -> challenge level (rulebook, Challenges step 1; E2), a colour per band
LOWEST = (0,) + tuple(highest + 1 for highest, _ in LEVELS[:-1])
LEVEL_BANDS = tuple((low, highest, f"Challenge level {level}", colour)
                    for low, (highest, level), colour in zip(LOWEST, LEVELS, ("green", "amber", "red")))
DISC_RANGES = tuple((colour, f"{lo}-{hi}") for colour, (lo, hi) in COLORS.items())
STATUS_LABELS = {status: status.replace("_", " ") for status in STATUSES}

RULES = (
    ("Challenge", "roll d6 + proficiency (+1/-1) + booster. Total >= level: WIN; below: LOSE."),
    ("Level", "Signal 0-6: 4 \u00b7 7-12: 5 \u00b7 13+: 6."),
    ("Who", "only Active characters; flip to Inactive after. When the last Active one has "
            "gone, all become Active."),
    ("Booster", "one per challenge, owned by the character, matching type. A 1 rolled with "
                "it destroys it (its effect still counts)."),
    ("Travel", "EPM +2 per path segment. Data Find: flip the disc, Signal + its number. "
               "The End: discard the disc."),
    ("25", "Signal: Final Showdown (Story Card 13). EPM: the Evil Power Master wins."),
)

GAP = 11                # between sections
HEAD_H = 19             # a section heading (see primitives.heading at size 11)
ROW_H = 15.0            # table rows at full size
MIN_ROW_H = 11.5        # tables shrink to this before continuing on another page
TABLE_SIZE = 8.0


def _int(value):
    """An int from the state, or None when missing or not a number (hand-edited saves)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def draw_tracker(c, page, state, title) -> None:
    """The tracker for `state` (None: a blank sheet) from the top of `page`. Continues
    on further pages if the item and planet tables are too long; leaves the last page
    open."""
    blank = state is None
    s = _dict(state)
    _header(c, page, s, title, blank)
    _status(c, page, s, blank)
    _tracks(c, page, s, blank)
    _characters(c, page, s, blank)
    _items_and_planets(c, page, s, blank)
    notes_box(c, page, blank)


# --- sections ------------------------------------------------------------------------

def _header(c, page, s, title, blank) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    badge_w = 0.0
    if not blank and s.get("phase"):
        label = PHASE_TEXT.get(s.get("phase"), str(s.get("phase"))).upper()
        shown, size = shorter(label, BOLD, 9, 200)
        badge_w = badge(c, x + w, top - 17, shown, size=size)
    put(c, x, top - 16, "War With the Evil Power Master", BOLD, 17, max_width=w - badge_w - 10)
    sub_y = top - 31
    if blank:
        field(c, x, sub_y, 230, "Campaign")
        field(c, x + 246, sub_y, 110, "Date")
    else:
        put(c, x, sub_y, f"Campaign tracker \u00b7 {safe(title)}" if title else "Campaign tracker",
            REGULAR, 9.5, max_width=w, grey=MUTED)
    page.take(40)


def _status(c, page, s, blank) -> None:
    """Where the crew is (left) and the rules reminder (right)."""
    x, w = page.x0, page.width
    top = page.cursor
    left_w = w * 0.56
    rules_x = x + left_w + 14
    rules_w = x + w - rules_x

    planet = None if blank else s.get("planet")
    visit = None if blank else _int(s.get("visit"))
    signal = None if blank else _int(s.get("signal"))
    level = challenge_level(signal) if signal is not None else None
    y = top - 10
    field(c, x, y, left_w * 0.52, "Current planet", planet)
    field(c, x + left_w * 0.56, y, left_w * 0.18, "Visit", visit)
    field(c, x + left_w * 0.78, y, left_w * 0.22, "Level", level)

    y -= 20
    text(c, x, y, "Phase", REGULAR, 7, grey=MUTED)
    phase = None if blank else s.get("phase")
    checked = {PHASE_TEXT.get(phase)} if phase else set()
    checkbox_row(c, x + 30, y - 1, [PHASE_TEXT[p] for p in PHASES], checked, size=7.5,
                 font_size=7.5, gap=7)

    y -= 10
    card = None if blank else _int(s.get("card"))
    h = track(c, x, y, left_w, 1, STORY_CARDS, current=card, box_h=16, min_box=14,
              label="Story Card of this planet (13 per planet)")
    y -= h + 14

    showdown = None if blank else _int(s.get("showdown_card"))
    if not blank and showdown is None:
        showdown = "-" if s.get("phase") != SHOWDOWN else None
    field(c, x, y, left_w * 0.30, "Showdown card", showdown)
    last = None if blank else _last_challenge(s)
    field(c, x + left_w * 0.34, y, left_w * 0.66, "Last challenge", last, size=8.5)
    left_bottom = y - 6

    rules_bottom = top - rules_box(c, rules_x, top, rules_w, "Rules reminder", RULES)
    page.take(top - min(left_bottom, rules_bottom) + GAP)


def _last_challenge(s) -> str | None:
    last = _dict(s.get("last_challenge"))
    if not last:
        return None
    parts = [safe(last.get(k)) for k in ("character", "type") if last.get(k)]
    result = safe(last.get("result", "")).upper()
    return " \u00b7 ".join(parts + ([result] if result else []))




def _tracks(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    signal = None if blank else _int(s.get("signal"))
    epm = None if blank else _int(s.get("epm"))
    label = "Signal Tracker"
    if signal is not None:
        label = f"Signal Tracker: {signal}   (challenge level {challenge_level(signal)})"
        if signal >= TRACK_MAX:
            label = f"Signal Tracker: {signal}   (Final Showdown)"
    h = track(c, x, page.cursor, w, 0, TRACK_MAX, current=signal, bands=LEVEL_BANDS,
              label=label, marks={TRACK_MAX: "Final Showdown"}, box_h=20)
    page.take(h + GAP - 2)
    label = "EPM Meter" if epm is None else f"EPM Meter: {epm}"
    h = track(c, x, page.cursor, w, 0, TRACK_MAX, current=epm, label=label,
              marks={TRACK_MAX: "EPM wins"}, box_h=20)
    page.take(h + GAP)


def _character_rows(chars: dict, blank: bool) -> list:
    """A row per character (six empty ones on a blank sheet): name, Active, Inactive, proficiencies."""
    names = [None] * 6 if blank else list(chars)
    rows = []
    for name in names:
        if name is None:
            rows.append([None, checkbox_cell(False), checkbox_cell(False)] + [None] * 5)
            continue
        ch = _dict(chars[name])
        active = ch.get("active") is not False   # characters start Active
        row = [(name, BOLD), checkbox_cell(active), checkbox_cell(not active)]
        for t in TYPES:
            p = _int(ch.get(t, 0))             # a missing proficiency is 0
            row.append(None if p is None else ((f"{p:+d}", BOLD) if p else ("0", REGULAR)))
        rows.append(row)
    return rows


def _characters(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    chars = _dict(s.get("characters"))
    fr = (0.26, 0.085, 0.085) + (0.114,) * 5
    widths = [w * f for f in fr]
    header = ["Character", "Active", "Inactive"] + [t.capitalize() for t in TYPES]
    rows = _character_rows(chars, blank)
    if blank:
        note = "tick one box each"
    else:
        n_active = sum(1 for n in chars if _dict(chars[n]).get("active") is not False)
        note = f"{n_active} of {len(chars)} Active"
    # A dozen characters fit; beyond that the table continues on the next page.
    row_h = PENCIL_ROW if blank else ROW_H
    heights = grid_heights(widths, rows, row_h, TABLE_SIZE + 0.5)
    title = "Characters"
    while True:
        room = rows_that_fit(heights, page.remaining() - HEAD_H - row_h)   # rows under heading + header
        if room < 1:
            page.new_page()
            continue
        chunk, rows, heights = rows[:room], rows[room:], heights[room:]
        page.take(heading(c, x, page.cursor, w, title, right=note))
        h = grid(c, x, page.cursor, widths, chunk, row_h=row_h, header=header, size=TABLE_SIZE + 0.5,
                 align=["l", "c", "c"] + ["c"] * 5, zebra=not blank)
        page.take(h + GAP)
        if not rows:
            return
        continued_line(c, page, title)
        title = "Characters (continued)"


def _item_rows(s, blank, blank_rows):
    if blank:
        return [[None] * 5 for _ in range(blank_rows)], [None] * blank_rows
    items = _dict(s.get("items"))
    chars = list(_dict(s.get("characters")))
    order = {name: i for i, name in enumerate(chars)}

    def key(name):
        owner = _dict(items[name]).get("owner")
        return (0 if owner in order else 1 if owner else 2, order.get(owner, 0), natural_key(owner or ""),
                natural_key(name))

    rows, styles = [], []
    previous = object()
    for name in sorted(items, key=key):  # natural order: Gizmo 2 before Gizmo 10
        it = _dict(items[name])
        owner = it.get("owner")
        kind = str(it.get("kind", ""))
        first = owner != previous
        previous = owner
        owner_cell = ((owner or "(nobody)", BOLD) if first else None)
        if kind == BOOSTER:
            rows.append([owner_cell, name, BOOSTER, it.get("type", ""), it.get("effect", "")])
        else:
            rows.append([owner_cell, name, kind or "?", "-", "once" if kind == ASSIST else ""])
        styles.append({"group": first, "owner": owner or "(nobody)"})
    return rows, styles


def _planet_rows(s, blank, blank_rows):
    if blank:
        return [[None, None, _disc_cell(None, None), None] for _ in range(blank_rows)], [None] * blank_rows
    planets = _dict(s.get("planets"))
    current = s.get("planet")
    rows, styles = [], []
    for name in planets:
        p = _dict(planets[name])
        status = str(p.get("status", ""))
        label = STATUS_LABELS.get(status, status or "?")
        boost = _int(p.get("boost"))
        if status == FLIPPED and boost is not None:
            label = f"flipped (+{boost})"
        here = name == current
        rows.append([_here if here else None, (name, BOLD) if here else name,
                     _disc_cell(p.get("color"), status), (label, BOLD) if here else label])
        styles.append({"fill": 0.86} if here else None)
    if current and current not in planets:
        rows.append([_here, (current, BOLD), _disc_cell(None, None), "not listed"])
        styles.append({"fill": 0.86})
    return rows, styles


def _here(c, x, y, w, h):
    """The current-planet marker: an arrowhead pointing at the name."""
    triangle(c, x + w - 3, y + h / 2, 7, "right")


def _disc_cell(colour, status):
    def draw(c, x, y, w, h):
        r = min(4.6, h / 2 - 2)
        size = shorter(str(colour), REGULAR, 7.5, w - 2 * r - 10)[1] if colour else 7.5
        disc(c, x + 4 + r, y + h / 2, r, colour, status, size=size)
    return draw


class _Tables(NamedTuple):
    """The items and planets tables side by side: where each goes, and the rows still to draw
    (taken from the front, a page at a time)."""
    x: float
    left_w: float
    right_x: float
    right_w: float
    legend_h: int
    row_h: float
    size: float
    items: list
    item_styles: list
    planets: list
    planet_styles: list


def _items_and_planets(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    gap = 14
    left_w = (w - gap) * 0.55
    right_x = x + left_w + gap
    right_w = x + w - right_x
    legend_h = 29 if blank else 17
    head_h = HEAD_H
    full = PENCIL_ROW if blank else ROW_H
    if page.remaining() - head_h - 2 * full - legend_h < 0:   # not even one row would fit
        page.new_page()
    avail = page.remaining() - head_h - full - legend_h
    notes = HEAD_H + BLANK_NOTE_LINES * NOTE_LINE + GAP      # a blank sheet keeps its note lines on the page
    blank_items = max(4, min(8, int((avail - notes) // full))) if blank else 0
    items, item_styles = _item_rows(s, blank, blank_items)
    planets, planet_styles = _planet_rows(s, blank, blank_items)
    n = max(len(items), len(planets), 1)
    row_h = full if n * full <= avail or blank else max(MIN_ROW_H, avail / n)
    size = TABLE_SIZE if row_h >= 13 else 7.2
    tables = _Tables(x, left_w, right_x, right_w, legend_h, row_h, size, items, item_styles, planets, planet_styles)
    continued = False
    while True:
        _items_and_planets_page(c, page, s, blank, tables, continued)
        if not tables.items and not tables.planets:
            return
        continued_line(c, page, "Items and planets")
        continued = True


def _items_and_planets_page(c, page, s, blank, t: _Tables, continued: bool) -> None:
    """The two tables' headings and as many rows of each as fit on this page (the planets' disc legend
    under their last row)."""
    top = page.cursor
    suffix = " (continued)" if continued else ""
    show_items, show_planets = bool(t.items) or not continued, bool(t.planets) or not continued
    if show_items:
        heading(c, t.x, top, t.left_w, "Items by owner" + suffix,
                right=None if blank else plural(len(_dict(s.get("items"))), "item"))
    if show_planets:
        heading(c, t.right_x, top, t.right_w, "Planets" + suffix,
                right=None if blank else "arrow: current planet")
    avail = top - HEAD_H - page.y0 - t.row_h - t.legend_h - 12   # room for a "continued" line
    iw = [t.left_w * f for f in (0.22, 0.33, 0.15, 0.18, 0.12)]
    pw = [14] + [(t.right_w - 14) * f for f in (0.36, 0.29, 0.35)]
    i_fit = max(1, rows_that_fit(grid_heights(iw, t.items, t.row_h, t.size), avail))
    p_fit = max(1, rows_that_fit(grid_heights(pw, t.planets, t.row_h, t.size), avail))
    i_chunk, is_chunk = _first(t.items, i_fit), _first(t.item_styles, i_fit)
    p_chunk, ps_chunk = _first(t.planets, p_fit), _first(t.planet_styles, p_fit)
    y = top - HEAD_H
    ih = _item_grid(c, t.x, y, iw, i_chunk, is_chunk, t.row_h, t.size) if show_items else 0.0
    ph = 0.0
    if show_planets:
        ph = grid(c, t.right_x, y, pw, p_chunk, row_h=t.row_h, header=["", "Planet", "Disc", "Status"],
                  size=t.size, styles=ps_chunk, zebra=not blank)
        if not t.planets:                    # the legend goes under the table's end
            ph += _disc_legend(c, t.right_x, y - ph, t.right_w, blank)
    page.take(HEAD_H + max(ih, ph) + GAP)


def _first(rows: list, n: int) -> list:
    """The first n rows, taken out of `rows`."""
    chunk = rows[:n]
    del rows[:n]
    return chunk


def _item_grid(c, x, y, widths, rows, styles, row_h, size) -> float:
    if not rows:
        return 0.0
    header = ["Owner", "Item", "Kind", "Type", "Effect"]
    if styles and styles[0] and not styles[0].get("group"):
        # a chunk continuing an owner's items from the previous page names them again
        rows = [[(styles[0]["owner"], BOLD)] + rows[0][1:]] + rows[1:]
    # zebra striping by owner group, not by row, so each owner's items read as one block
    fills, shade = [], False
    for st in styles:
        if st and st.get("group"):
            shade = not shade
        fills.append({"fill": ZEBRA} if shade and st else {"fill": 1.0})
    h = grid(c, x, y, widths, rows, row_h=row_h, header=header, size=size, styles=fills,
             zebra=False)
    # a firmer rule above each new owner
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    yy = y - row_h
    for i, (st, rh) in enumerate(zip(styles, grid_heights(widths, rows, row_h, size))):
        if i and st and st.get("group"):
            c.line(x, yy, x + sum(widths), yy)
        yy -= rh
    return h


def _disc_legend(c, x, top, w, blank) -> float:
    """Signal Booster Disc colours and their ranges (and, on a blank sheet, the status
    words to use) below `top`; returns the height used."""
    y = top - 12
    xx = x + text(c, x, y, "Discs:", BOLD, 7.5) + 6
    step = (x + w - xx) / len(DISC_RANGES)
    for colour, rng in DISC_RANGES:
        used = disc(c, xx + 4.5, y + 2.6, 4.5, colour, size=7.5)
        text(c, xx + used + 3, y, rng, BOLD, 7.5)
        xx += step
    if not blank:
        return 17.0
    text(c, x, y - 12, "Status: face down \u00b7 flipped (+boost) \u00b7 discarded", REGULAR, 7.5,
         max_width=w, grey=MUTED)
    return 29.0

