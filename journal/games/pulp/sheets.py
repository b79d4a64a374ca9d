"""Pulp Invasion: the printable tracker pages (filled, or blank for pencil play).

Page 1 is the Player Tracking card: the three ability tracks with the current value and
the Captain's maximum, the captain's dice with every face, the Encounter Line with its
engage strengths, and the bag as a bar chart with the odds of each colour on the next
draw. Page 2: the three Cosmic Hegemony sectors with the cards left in each deck and the
cubes on The Quietus, the Super Weapons and their cube progress, the planets, the hand,
a rules reminder and room for notes. A blank sheet (state None) has the same layout.
"""

from __future__ import annotations

from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_COLOUR, ABILITY_LABEL, ABILITY_MAX, BLACK, BLUE, COLOURS, COMBAT, CREW, CUBE_HEX, DECK_SIZE,
    DIE_COLOURS, DIE_NAMES, DIPLOMACY, ENGAGED, EVADED, FACE_TEXT, FACE_UP, GRAY, ICONS, LEVELS, ORANGE, OVER, PENDING,
    PHASE_TEXT, PLANETS, QUIETUS, RED, SCIENCE, TOTALS, WON, YELLOW, needs_text, parse_card,
)
from journal.games.pulp.rules.model import card_requirement
from journal.games.pulp.rules.odds import bag_odds
from journal.games.pulp.views import public_state
from journal.pdf.flow import draw_lines, field, fitted_lines, heading, notes_box, notes_height, put, shorter
from journal.pdf.primitives import (BOLD, INK, MUTED, REGULAR, ZEBRA, badge, checkbox, rules_box, safe, text,
                                    text_width, triangle, wrap_text)
from journal.text import plural

GAP = 12
HEAD_H = 19

CUBE_RGB = {colour: tuple(int(code[k:k + 2], 16) / 255 for k in (1, 3, 5)) for colour, code in CUBE_HEX.items()}
DIE_RGB = {RED: CUBE_RGB[RED], ORANGE: CUBE_RGB[ORANGE], BLUE: CUBE_RGB[BLUE], YELLOW: CUBE_RGB[YELLOW],
           GRAY: (0.6, 0.6, 0.6)}
ABILITY_HEADINGS = {COMBAT: "Combat", SCIENCE: "Super Science", DIPLOMACY: "Diplomacy"}

RULES = (
    ("Round", "choose a face-up planet; draw 4 cards from the leftmost alien's deck; their cubes go "
              "from the supply into the bag (none left: not placed). A Location leaves the line."),
    ("Engage", "strength and icon: the icon of the nearest card to the right, not evaded (the last "
               "card wraps to the first; alone: its own). Pay each point with the matching ability or "
               "2 points of one other. Strength 0: evade."),
    ("Evade", "pay 1 point, draw 2 cubes: yellow/white/black go back, draw again; red/orange/blue "
              "lower that ability by 1, cube to the supply."),
    ("Dice", "use any time in the encounter; then turn the die down (skip faces if you like)."),
    ("Search", "1 cube per planet icon on cards not evaded; draw all, then: yellow = Super Weapon; "
               "red/orange/blue = +1 ability (max) or onto a weapon; black = The Quietus (past it: "
               "lose 1 point); white back in the bag."),
    ("End", "two abilities at 0 during an encounter: lost. Decks exhausted before all weapons are "
            "found: lost. All weapons found: won."),
)


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _rgb(c, rgb) -> None:
    c.setFillColorRGB(*rgb)


def draw_tracker(c, page, state, title) -> None:
    """The tracker for `state` (None: a blank sheet), two pages; leaves the last page open."""
    blank = state is None
    s = {} if blank else public_state(state)  # with each line card's engage strength and icon
    _header(c, page, s, title, blank)
    _abilities(c, page, s, blank)
    _dice(c, page, s, blank)
    _line(c, page, s, blank)
    _bag(c, page, s, blank)
    page.new_page()
    _sectors(c, page, s, blank)
    _weapons(c, page, s, blank)
    _planets_and_hand(c, page, s, blank)
    below = page.y0 + notes_height(blank) + GAP  # the notes keep their lines on this page
    h = (rules_box(c, page.x0, page.cursor, page.width, "Rules reminder", RULES, gap=2, fit_below=below)
         or rules_box(c, page.x0, page.cursor, page.width, "Rules reminder", RULES, gap=2, fit_below=below,
                      columns=2))
    if h:
        page.take(h + GAP)
    notes_box(c, page, blank, most=12)
    if not h:  # no room above the notes: the reminder on the next page, never left out
        page.new_page()
        page.take(rules_box(c, page.x0, page.cursor, page.width, "Rules reminder", RULES, gap=2) + GAP)


# --- page 1 --------------------------------------------------------------------------

def _header(c, page, s, title, blank) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    badge_w = 0.0
    if not blank:
        label = PHASE_TEXT.get(s.get("phase"), "").upper()
        if s.get("result"):
            label = "GAME WON" if s["result"] == WON else "GAME LOST"
        shown, size = shorter(label, BOLD, 9, 200)
        badge_w = badge(c, x + w, top - 17, shown, size=size)
    put(c, x, top - 16, "Pulp Invasion", BOLD, 17, max_width=w - badge_w - 10)
    put(c, x + 130, top - 16, "Player Tracking Card", REGULAR, 11, max_width=w - badge_w - 140, grey=MUTED)
    y = top - 34
    level = s.get("level")
    n = LEVELS.get(level) if level else None
    field(c, x, y, w * 0.36, "Captain", None if blank else s.get("captain"))
    field(c, x + w * 0.39, y, w * 0.25, "Level",
          None if blank else f"{level} ({n} weapons)" if n else level)
    field(c, x + w * 0.67, y, w * 0.12, "Round", None if blank else s.get("round"))
    field(c, x + w * 0.82, y, w * 0.18, "Game", None if blank else title or "")
    page.take(44)


def _abilities(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    note = "black: now \u00b7 double frame: the Captain's maximum"
    page.take(heading(c, x, page.cursor, w, "Abilities", right=note))
    abilities = _dict(s.get("abilities"))
    label_w = 108
    n = ABILITY_MAX + 1
    box_w = min(34.0, (w - label_w) / n)
    box_h = 18.0
    for a in ABILITIES:
        ab = _dict(abilities.get(a))
        value = None if blank else ab.get("value")
        top = ab.get("max") if not blank else None
        y = page.cursor
        by = y - 10 - box_h
        _ability_label(c, x, by, box_h, a, value, top)
        bx0 = x + label_w
        for v in range(n):
            _ability_box(c, bx0 + v * box_w, by, box_w, box_h, v, value, top)
        page.take(10 + box_h + 7)
    page.take(GAP - 5)


def _ability_label(c, x, by, box_h, a, value, top) -> None:
    """An ability's name, its cube colour, and its value of the Captain's maximum."""
    _cube(c, x + 4, by + box_h / 2 - 4.5, 9, ABILITY_COLOUR[a])
    text(c, x + 17, by + 10, ABILITY_HEADINGS[a], BOLD, 9.5)
    sub = f"{value} of max {top}" if value is not None and top is not None else "now ___  max ___"
    text(c, x + 17, by + 1, sub, REGULAR, 7.5, grey=MUTED)


def _ability_box(c, bx, by, box_w, box_h, v, value, top) -> None:
    """Box v of an ability track: black with an arrow at the value now, grey above the maximum,
    framed twice at the maximum."""
    above = top is not None and v > top
    current = value == v
    c.setFillGray(INK if current else 0.78 if above else 1)
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    c.rect(bx, by, box_w, box_h, stroke=1, fill=1)
    both = current and top == v
    if top is not None and v == top:
        _maximum_frame(c, bx, by, box_w, box_h, current, both)
    if current:
        triangle(c, bx + box_w / 2 - (6 if both else 0), by + box_h + 1, 7, "down")
    text(c, bx + box_w / 2, by + 5.5, str(v), BOLD if current else REGULAR, 9.5 if current else 9,
         align="c", grey=1 if current else (MUTED if above else INK))


def _maximum_frame(c, bx, by, box_w, box_h, current, both) -> None:
    """The inner frame and the "max" label of the Captain's maximum (beside the arrow when the value
    is at the maximum)."""
    c.setLineWidth(1.6)
    c.setStrokeGray(1 if current else INK)
    c.rect(bx + 1.8, by + 1.8, box_w - 3.6, box_h - 3.6, stroke=1, fill=0)
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    text(c, bx + box_w / 2 + (5 if both else 0), by + box_h + 2.5, "max", BOLD, 6.5, align="l" if both else "c")


def _cube(c, x, y, size, colour) -> None:
    """A small cube swatch with lower-left (x, y), outlined so white reads on white."""
    _rgb(c, CUBE_RGB.get(colour, (1, 1, 1)))
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    c.rect(x, y, size, size, stroke=1, fill=1)
    c.setFillGray(INK)


def _dice(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    owned = _dict(s.get("dice"))
    note = "tick the dice you keep; circle the face showing" if blank else \
        "framed face: showing now; turn a die down after using it"
    page.take(heading(c, x, page.cursor, w, "Captain's dice", right=note))
    name_w = 104
    face_w = (w - name_w) / 6
    row_h = 27.0
    y = page.cursor
    # header row: face numbers
    c.setFillGray(0.86)
    c.rect(x, y - 12, w, 12, stroke=0, fill=1)
    text(c, x + 4, y - 9, "Die", BOLD, 7.5)
    for f in range(6):
        text(c, x + name_w + (f + 0.5) * face_w, y - 9, f"face {f + 1}", BOLD, 7.5, align="c")
    y -= 12
    for i, colour in enumerate(DIE_COLOURS):
        ry = y - row_h
        if i % 2 and not blank:            # rows to mark in pencil are never striped
            c.setFillGray(ZEBRA)
            c.rect(x, ry, w, row_h, stroke=0, fill=1)
        _die_row(c, x, ry, name_w, face_w, row_h, colour, owned, blank)
        y = ry
    c.setStrokeGray(0.62)
    c.setLineWidth(0.4)
    for f in range(6):
        c.line(x + name_w + f * face_w, page.cursor, x + name_w + f * face_w, y)
    c.setStrokeGray(INK)
    c.setLineWidth(0.8)
    c.rect(x, y, w, page.cursor - y, stroke=1, fill=0)
    page.take(page.cursor - y + GAP)


def _die_row(c, x, ry, name_w, face_w, row_h, colour, owned, blank) -> None:
    """A captain's die: kept or not, its colour and name, its six faces (the one showing framed)."""
    mine = colour in owned
    face = owned.get(colour)
    checkbox(c, x + 4, ry + row_h / 2 - 3.5, mine and not blank, size=7)
    _rgb(c, DIE_RGB[colour])
    c.setStrokeGray(INK)
    c.roundRect(x + 15, ry + row_h / 2 - 5, 10, 10, 2, stroke=1, fill=1)
    kind = "crew" if colour in CREW else "systems"
    put(c, x + 29, ry + 14, f"{colour.capitalize()} ({kind})", BOLD if mine else REGULAR, 8,
        max_width=name_w - 31)
    put(c, x + 29, ry + 5, DIE_NAMES[colour], REGULAR, 6.5, max_width=name_w - 31, grey=MUTED)
    for f in range(6):
        _die_face(c, x + name_w + f * face_w, ry, face_w, row_h, FACE_TEXT[colour][f],
                  not blank and face == f + 1, INK if (mine or blank) else MUTED)


def _die_face(c, fx, ry, face_w, row_h, said, now, grey) -> None:
    """One face of a die, its text in up to three lines; shaded and framed when it is showing (`now`)."""
    if now:
        c.setFillGray(0.80)
        c.rect(fx + 1, ry + 1, face_w - 2, row_h - 2, stroke=0, fill=1)
    lines = wrap_text(said, REGULAR, 6.3, face_w - 6)[:3]
    lead = 7.0
    top = ry + row_h / 2 + (len(lines) - 1) * lead / 2 - 2.2
    for k, ln in enumerate(lines):
        text(c, fx + face_w / 2, top - k * lead, ln, BOLD if now else REGULAR, 6.3, align="c", grey=grey)
    if now:
        c.setStrokeGray(INK)
        c.setLineWidth(1.8)
        c.rect(fx + 1, ry + 1, face_w - 2, row_h - 2, stroke=1, fill=0)
        c.setLineWidth(0.6)


def _line(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    line = _list(s.get("line"))
    where = "" if blank else (f"searching {s['planet']}" if s.get("planet") else "no round under way")
    page.take(heading(c, x, page.cursor, w, "Encounter Line", right=where or None))
    top = page.cursor
    loc_w = 96
    gap = 7
    slot_w = (w - loc_w - gap * 4) / 4
    h = 58
    for k in range(4):
        sx = x + k * (slot_w + gap)
        card = _dict(line[k]) if k < len(line) else None
        status = card.get("status") if card else None
        c.setLineWidth(0.8 if status != PENDING else 1.4)
        c.setStrokeGray(INK)
        c.setFillGray(0.9 if status == EVADED else 1)
        c.roundRect(sx, top - h, slot_w, h, 4, stroke=1, fill=1)
        text(c, sx + 5, top - 11, f"{k + 1}", BOLD, 9)
        if card:
            _line_card(c, sx, top, slot_w, card, status, k, line, over=bool(s.get("result")) or s.get("phase") == OVER)
        else:
            _empty_slot(c, sx, top, slot_w)
    _location(c, x + w - loc_w, top, loc_w, h, None if blank else s.get("location"), blank)
    page.take(h + GAP)


def _line_card(c, sx, top, slot_w, card, status, k, line, over=False) -> None:
    """Card k of the Encounter Line: its token, kind, status (the next one to encounter says NEXT;
    once the game is over, one never reached says so), Engage Strength and icon, planet icons
    (disregarded once evaded)."""
    put(c, sx + 15, top - 11, card.get("card", ""), BOLD, 9, max_width=slot_w - 20)
    first = next((i for i, x in enumerate(line) if _dict(x).get("status") == PENDING), None)
    waiting = "NOT REACHED" if over else "NEXT" if k == first else "PENDING"
    label = {PENDING: waiting, ENGAGED: "ENGAGED", EVADED: "EVADED"}.get(str(status), "")
    lw = text(c, sx + slot_w - 5, top - 23, label, BOLD, 6.5, align="r")
    put(c, sx + 5, top - 23, f"{card.get('kind', '').capitalize()}", REGULAR, 7.5, grey=MUTED,
        max_width=slot_w - lw - 14)
    put(c, sx + 5, top - 36, "Engage: " + card_requirement(card), BOLD if status == PENDING and not over
        else REGULAR, 7.5, max_width=slot_w - 10)
    planets = card.get("planets", 0)
    icons = plural(planets, "planet icon")
    put(c, sx + 5, top - 49, icons + (", disregarded" if status == EVADED and planets else ""),
        REGULAR, 7, max_width=slot_w - 10, grey=MUTED)


def _empty_slot(c, sx, top, slot_w) -> None:
    """A slot of the line with no card: lines to write one in."""
    for k2, lab in enumerate(("card", "strength / icon", "engaged / evaded")):
        yy = top - 24 - k2 * 12
        text(c, sx + 5, yy, lab, REGULAR, 6.5, grey=MUTED)
        c.setStrokeGray(0.7)
        c.setLineWidth(0.4)
        c.line(sx + 5 + text_width(lab, REGULAR, 6.5) + 3, yy - 1.5, sx + slot_w - 5, yy - 1.5)


def _location(c, lx, top, loc_w, h, loc, blank) -> None:
    """The Location card beside the line (none, or blank to write in)."""
    c.setLineWidth(0.8)
    c.setStrokeGray(INK)
    c.setFillGray(ZEBRA)
    c.roundRect(lx, top - h, loc_w, h, 4, stroke=1, fill=1)
    c.setFillGray(INK)
    text(c, lx + 5, top - 11, "Location", BOLD, 8.5)
    put(c, lx + 5, top - 26, loc or ("" if blank else "none"), BOLD if loc else REGULAR, 9, max_width=loc_w - 10)
    text(c, lx + 5, top - 40, "its action for the", REGULAR, 6.5, grey=MUTED)
    text(c, lx + 5, top - 49, "current sector's icon", REGULAR, 6.5, grey=MUTED)


def _bag(c, page, s, blank) -> None:
    if blank:
        _bag_boxes(c, page)
        return
    x, w = page.x0, page.width
    bag = _dict(s.get("bag"))
    supply = _dict(s.get("supply"))
    total = sum(v for v in bag.values() if isinstance(v, int)) if not blank else 0
    right = "%: the chance of that colour on the next draw"
    page.take(heading(c, x, page.cursor, w, "The bag" + ("" if blank else f": {total} cubes"), right=right))
    avail = page.remaining() - 4
    chart_h = max(70.0, min(190.0, avail - 60))
    top = page.cursor
    axis_w = 20
    col_w = (w - axis_w) / len(COLOURS)
    odds = None
    if not blank and total:
        two, four = bag_odds(s, 2)["colours"], bag_odds(s, 4)["colours"]
        odds = {k: (two[k]["at_least_one"], four[k]["at_least_one"]) for k in COLOURS}
    base = top - chart_h
    scale_max = max(TOTALS.values())
    unit = (chart_h - 14) / scale_max
    c.setStrokeGray(0.8)
    c.setLineWidth(0.35)
    for v in range(0, scale_max + 1, 5):
        yy = base + v * unit
        c.line(x + axis_w, yy, x + w, yy)
        text(c, x + axis_w - 3, yy - 2.5, str(v), REGULAR, 6.5, align="r", grey=MUTED)
    for k, colour in enumerate(COLOURS):
        cx = x + axis_w + k * col_w
        _bag_bar(c, cx, col_w, base, unit, colour, bag.get(colour) if not blank else None, total, blank)
        _bag_foot(c, cx, col_w, base, colour, supply.get(colour) if not blank else None,
                  odds[colour] if odds else None)
    page.take(chart_h + 38 + GAP)


def _bag_bar(c, cx, col_w, base, unit, colour, n, total, blank) -> None:
    """A colour's bar: the cubes in the bag and their share (a blank sheet: the colour's whole count,
    dashed, to shade in)."""
    bw = col_w * 0.46
    bx = cx + (col_w - bw) / 2
    c.setStrokeGray(INK)
    c.setLineWidth(0.7)
    if n:
        _rgb(c, CUBE_RGB[colour])
        c.rect(bx, base, bw, n * unit, stroke=1, fill=1)
        c.setFillGray(INK)
    if blank:
        c.setStrokeGray(0.6)
        c.setDash(2, 2)
        c.rect(bx, base, bw, TOTALS[colour] * unit, stroke=1, fill=0)
        c.setDash()
    label_y = base + (n or 0) * unit + 3
    if n is not None:
        pct = n / total if total else 0.0
        text(c, bx + bw / 2, label_y, f"{n} ({pct:.0%})", BOLD, 8, align="c")


def _bag_foot(c, cx, col_w, base, colour, sup, odds) -> None:
    """Under a colour's bar: its name, the cubes of it in the supply, the chance of at least one in the
    next 2 and 4 draws."""
    c.setStrokeGray(INK)
    c.setLineWidth(0.9)
    c.line(cx + 2, base, cx + col_w - 2, base)
    _cube(c, cx + col_w / 2 - 26, base - 12, 7, colour)
    text(c, cx + col_w / 2 - 16, base - 11.5, colour, BOLD, 8)
    sup_text = f"supply {sup} of {TOTALS[colour]}" if sup is not None else f"supply ___ of {TOTALS[colour]}"
    put(c, cx + col_w / 2, base - 22, sup_text, REGULAR, 7, align="c", grey=MUTED, max_width=col_w - 4)
    if odds:
        put(c, cx + col_w / 2, base - 32, f"1+ in 2: {odds[0]:.0%} \u00b7 in 4: {odds[1]:.0%}", REGULAR, 6.5,
            align="c", grey=MUTED, max_width=col_w - 4)


def _bag_boxes(c, page) -> None:
    """A blank sheet's bag for pencil: a row of tick boxes per colour for the cubes in the bag and
    one for those in the supply, as many as the box holds of that colour."""
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "The bag", right="tick a box per cube: in the bag, in the supply"))
    label_w, box, step, row_h = 124.0, 10.0, 13.0, 14.0
    most = max(TOTALS.values())
    step = min(step, (w - label_w - 60) / most)
    y = page.cursor - 4
    for colour in COLOURS:
        _cube(c, x + 2, y - 15, 9, colour)
        text(c, x + 15, y - 13, f"{colour} ({TOTALS[colour]})", BOLD, 8.5)
        for k, where in enumerate(("in the bag", "in the supply")):
            ry = y - row_h * (k + 1)
            text(c, x + label_w - 4, ry + 3, where, REGULAR, 7, align="r", grey=MUTED)
            for i in range(TOTALS[colour]):
                checkbox(c, x + label_w + i * step, ry + 1.5, False, size=box)
        y -= 2 * row_h + 6
        c.setStrokeGray(0.8)
        c.setLineWidth(0.4)
        c.line(x, y + 3, x + w, y + 3)
    page.take(page.cursor - y + GAP - 4)


# --- page 2 --------------------------------------------------------------------------

def _sectors(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    aliens = _list(s.get("hegemony"))
    decks = _list(s.get("decks"))
    current = s.get("alien")
    quietus = s.get("quietus")
    note = "cross off a box per card drawn" if blank else "arrow: the sector being played"
    page.take(heading(c, x, page.cursor, w, "Cosmic Hegemony sectors", right=note))
    top = page.cursor
    gap = 9
    bw = (w - 2 * gap) / 3
    h = 92
    for k in range(3):
        bx = x + k * (bw + gap)
        alien = _dict(aliens[k]) if k < len(aliens) else {}
        left = decks[k] if k < len(decks) and not blank else None
        here = not blank and current == k and s.get("phase") != OVER
        name = _sector_head(c, bx, top, bw, h, k, alien, here, blank)
        _sector_deck(c, bx, top, bw, left, here, blank)
        if name == QUIETUS or blank:
            _quietus(c, bx, top - h + 8, bw, left, quietus, blank)
    page.take(h + GAP)


def _sector_head(c, bx, top, bw, h, k, alien, here, blank):
    """Sector k's box, its alien's name (an arrow on the sector being played) and icon; returns the
    name (None on a blank sheet)."""
    c.setStrokeGray(INK)
    c.setLineWidth(1.6 if here else 0.8)
    c.setFillGray(1)
    c.roundRect(bx, top - h, bw, h, 4, stroke=1, fill=1)
    c.setLineWidth(0.6)
    name = alien.get("name") if not blank else None
    lines, size = fitted_lines(safe(f"{k + 1}. " + (name or "")), BOLD, 10, bw - 40)
    nw = draw_lines(c, bx + 6, top - (13 if len(lines) == 1 else 16), lines, BOLD, size)  # two: clear of the top
    if blank:
        c.setStrokeGray(INK)
        c.setLineWidth(0.5)
        c.line(bx + 8 + nw, top - 15, bx + bw - 10, top - 15)
    if here:
        triangle(c, bx + bw - 8, top - 9, 8, "down")
    icon = alien.get("icon")
    shown = ABILITY_LABEL[ICONS[icon]] if icon else ("____" if blank else "not recorded")
    text(c, bx + 6, top - 25, f"icon: {shown}", REGULAR, 7.5, grey=MUTED)
    return name


def _sector_deck(c, bx, top, bw, left, here, blank) -> None:
    """The sector's Encounter deck: 16 boxes, the drawn ones crossed out, and the cards left."""
    per = 8
    cell = min(12.0, (bw - 12) / per)
    for i in range(DECK_SIZE):
        cx = bx + 6 + (i % per) * cell
        cy = top - 40 - (i // per) * (cell + 2)
        drawn = left is not None and i < DECK_SIZE - left
        checkbox(c, cx, cy, drawn, size=cell - 3)
    label = f"deck: {left} of {DECK_SIZE} left" if left is not None else f"deck of {DECK_SIZE}"
    if left == 0 and not blank:
        label += " (sector done)"
    text(c, bx + 6, top - 40 - 2 * (cell + 2) + 3, label, BOLD if here else REGULAR, 7.5)


def _quietus(c, bx, qy, bw, left, quietus, blank) -> None:
    """The black cubes on The Quietus (past it once its deck is empty), or a line to count them."""
    if blank:
        checkbox(c, bx + 6, qy - 1, False, size=7)
        put(c, bx + 16, qy, "The Quietus \u00b7 black cubes: ______", REGULAR, 7.5, max_width=bw - 22)
        return
    past = left == 0
    text(c, bx + 6, qy, f"black cubes on it: {quietus}" + ("  (past it)" if past else ""), BOLD, 8)
    for i in range(min(quietus or 0, 15)):
        _cube(c, bx + 6 + i * 9, qy + 10, 7, BLACK)


def _weapons(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    weapons = _list(s.get("weapons"))
    n = LEVELS.get(s.get("level"), 6)
    right = "" if blank else f"{len(weapons)} of {n} found"
    page.take(heading(c, x, page.cursor, w, "Super Weapons", right=right or "N = 4 basic, 5 normal, 6 advanced"))
    cols = [24, 130, 54, 92, w - 24 - 130 - 54 - 92 - 110, 110]
    head = ["#", "Name", "Found", "Needs", "Cubes placed / needed", "Understood / used"]
    row_h = 22.0
    y = page.cursor
    c.setFillGray(0.86)
    c.rect(x, y - 13, w, 13, stroke=0, fill=1)
    cx = x
    for label, cw in zip(head, cols, strict=True):
        put(c, cx + 4, y - 9.5, label, BOLD, 7.5, max_width=cw - 6)
        cx += cw
    y -= 13
    rows = max(n, len(weapons)) if not blank else 6
    for k in range(rows):
        ry = y - row_h
        if k % 2 and not blank:            # rows to write in are never striped
            c.setFillGray(ZEBRA)
            c.rect(x, ry, w, row_h, stroke=0, fill=1)
            c.setFillGray(INK)
        _weapon_row(c, x, ry, cols, k, _dict(weapons[k]) if k < len(weapons) else None, blank or k >= n)
        y = ry
    c.setStrokeGray(0.62)
    c.setLineWidth(0.4)
    cx = x
    for cw in cols[:-1]:
        cx += cw
        c.line(cx, page.cursor, cx, y)
    c.setStrokeGray(INK)
    c.setLineWidth(0.8)
    c.rect(x, y, w, page.cursor - y, stroke=1, fill=0)
    page.take(page.cursor - y + GAP)


def _weapon_row(c, x, ry, cols, k, wpn, unused) -> None:
    """One Super Weapon's row (`wpn` None: not found yet; `unused`: a blank sheet's row, or one past
    the weapons this level uses)."""
    base = ry + 8
    text(c, x + 4, base, str(k + 1), BOLD, 9)
    cx = x + cols[0]
    if wpn:
        put(c, cx + 4, base, wpn.get("name") or "(name)", BOLD if wpn.get("name") else REGULAR, 8.5,
            max_width=cols[1] - 8, grey=INK if wpn.get("name") else MUTED)
    cx += cols[1]
    _weapon_found(c, cx, ry, base, wpn, unused)
    cx += cols[2]
    if wpn:
        _weapon_needs(c, cx, ry, base, cols, wpn)
    cx += cols[3]
    cx += cols[4]
    understood = bool(wpn and wpn.get("understood"))
    checkbox(c, cx + 6, ry + 7, understood, size=8)
    text(c, cx + 17, base, "Understood", BOLD if understood else REGULAR, 7.5)
    checkbox(c, cx + 68, ry + 7, bool(wpn and wpn.get("used")), size=8)
    text(c, cx + 79, base, "used", REGULAR, 7.5)


def _weapon_found(c, cx, ry, base, wpn, unused) -> None:
    """Found: the weapon's yellow cube, or a box to tick."""
    if wpn and wpn.get("cubes", {}).get(YELLOW):
        _cube(c, cx + 6, ry + 7, 8, YELLOW)
    else:
        checkbox(c, cx + 6, ry + 7, bool(wpn), size=8)
    text(c, cx + 18, base, "yes" if wpn else ("" if unused else "not yet"), REGULAR, 7.5, grey=MUTED)


def _weapon_needs(c, cx, ry, base, cols, wpn) -> None:
    """A found weapon's requirement (or that it is not recorded) and the cubes placed toward it."""
    needs = wpn.get("needs")
    put(c, cx + 4, base, needs_text(needs) if needs is not None else "(not recorded)",
        BOLD if needs is not None else REGULAR, 8.5, max_width=cols[3] - 8)
    cx += cols[3]
    if needs:
        _weapon_cubes(c, cx, ry, cols[4], _dict(wpn.get("cubes")), needs)
    elif needs is not None:
        text(c, cx + 5, base, "works without cubes", REGULAR, 7.5, grey=MUTED)


def _weapon_cubes(c, cx, ry, width, cubes, needs) -> None:
    """The cubes a weapon needs, those placed filled, those missing dashed, colour by colour."""
    px = cx + 5
    for colour, m in needs.items():
        have = cubes.get(colour, 0)
        for i in range(m):
            if i < have:
                _cube(c, px, ry + 7, 8, colour)
            else:
                c.setStrokeGray(INK)
                c.setLineWidth(0.6)
                c.setDash(1.5, 1.5)
                c.rect(px, ry + 7, 8, 8, stroke=1, fill=0)
                c.setDash()
            px += 10
        text(c, px + 1, ry + 8, f"{colour} {have}/{m}", REGULAR, 7, grey=MUTED)
        px += text_width(f"{colour} {have}/{m}", REGULAR, 7) + 9
        if px > cx + width - 10:
            break


def _planets_and_hand(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    half = (w - 14) / 2
    top = page.cursor
    heading(c, x, top, half, "Planets")
    heading(c, x + half + 14, top, half, "Hand: Key and Code cards")
    left_bottom = _planets(c, x, top - HEAD_H - 10, half, s, blank)
    y = _hand(c, x + half + 14, top - HEAD_H - 10, half, _list(s.get("hand")), blank)
    page.take(top - min(left_bottom, y) + GAP - 4)


def _planets(c, x, y, half, s, blank):
    """The planet being searched, the face-up cards, the deck and the planets searched; returns the
    height reached."""
    pl = _dict(s.get("planets"))
    field(c, x, y, half * 0.62, "Searching now", None if blank else (s.get("planet") or "-"))
    field(c, x + half * 0.66, y, half * 0.34, "Face up", None if blank else pl.get("face_up"))
    y -= 17
    field(c, x, y, half * 0.5, "Planet deck", None if blank else f"{pl.get('deck')} of {PLANETS - FACE_UP}")
    searched = _list(pl.get("searched"))
    field(c, x + half * 0.54, y, half * 0.46, "Searched", None if blank else len(searched))
    y -= 13
    if not blank and searched:
        for ln in wrap_text("Searched: " + ", ".join(map(str, searched)), REGULAR, 7.5, half)[:3]:
            text(c, x, y, ln, REGULAR, 7.5, grey=MUTED)
            y -= 9
    elif blank:
        for _ in range(2):
            c.setStrokeGray(0.7)
            c.setLineWidth(0.4)
            c.line(x, y - 2, x + half, y - 2)
            y -= 14
    return y


def _hand(c, hx, y, half, cards, blank):
    """The Key and Code cards in hand (lines to write them on a blank sheet); returns the height
    reached."""
    if blank:
        for _ in range(4):
            c.setStrokeGray(0.7)
            c.setLineWidth(0.4)
            c.line(hx, y - 2, hx + half, y - 2)
            y -= 15
    elif not cards:
        put(c, hx, y, "none yet (engaged Key/Code cards come here at round end)", REGULAR, 8, grey=MUTED,
            max_width=half)
        y -= 12
    else:
        keys = sum(1 for t in cards if parse_card(t)["key"])
        codes = sum(1 for t in cards if parse_card(t)["code"])
        text(c, hx, y, f"{keys} Key · {codes} Code", BOLD, 9)
        y -= 12
        for ln in wrap_text(", ".join(cards), REGULAR, 8, half)[:4]:
            text(c, hx, y, ln, REGULAR, 8)
            y -= 10
    return y



