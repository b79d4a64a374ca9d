"""Page 1, the CGM Line Tracker (book p. 14): line slots, interlink, Locations Log, turn box."""

from __future__ import annotations

from journal.games.kraken.cgm import INTERLINK, LINE_CELLS, LINE_VARS, SLOTS
from journal.games.kraken.model.locations import location_capacity
from journal.games.kraken.sheets.parts import GAP, as_dict, campaign_sub, header, labelled_cell, turn_badges
from journal.pdf.flow import field, heading
from journal.pdf.primitives import BOLD, INK, MONO_BOLD, MUTED, REGULAR, ZEBRA, checkbox, text, text_width, wrap_text

LABEL_W = 44            # the LINE n box
NOTE_W = 128            # the note box right of each line
LOC_ROW, LOC_IDS = 21.0, 17.0
TURN_BOX_H = 34.0


def draw_line_tracker(c, page, s, title, blank) -> None:
    sub = campaign_sub(s, title, "CGM Line Tracker")
    if not blank and s.get("pack"):
        sub += f" \u00b7 pack: {as_dict(s['pack']).get('title', '')}"
    header(c, page, "CGM LINE TRACKER", sub, turn_badges(s, blank), blank)
    x, w = page.x0, page.width
    y = page.cursor
    legend = ("Write each coordinate followed in the next free cell; when all seven are full, erase them "
              "and start again with the last one. Red coordinate: the line stops this turn. '/': erase "
              "the line and its A-H. STANDBY: the line waits on that event until you activate it.")
    if not blank:
        legend = "Framed, shaded cell: the coordinate to look up next. " + legend
    wrapped = wrap_text(legend, REGULAR, 7, w)
    for i, ln in enumerate(wrapped):
        text(c, x, y - 8 - i * 8.5, ln, REGULAR, 7, grey=MUTED)
    page.take(8.5 * len(wrapped) + 6)
    # the six slots share what the interlink, the locations log and the turn box leave
    n_locs = 6 if blank else max([location_capacity(s)] + [int(k) for k in as_dict(s.get("locations"))])
    below = (19 + 24 + GAP) + (19 + n_locs * (LOC_ROW + LOC_IDS + 4)) + TURN_BOX_H + 6
    slot_h = max(40.0, min(58.0, (page.remaining() - below) / len(SLOTS)))
    lines = as_dict(s.get("lines"))
    done = set(s.get("done") or []) if not blank else set()
    for slot in SLOTS:
        _line_slot(c, page, slot, None if blank else lines.get(slot), s, done, blank, slot_h)
    page.take(2)
    _interlink(c, page, s, blank)
    _locations(c, page, s, blank)
    _turn_box(c, page, s, blank)


def _line_slot(c, page, slot, line, s, done, blank, slot_h) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    coord_h, var_h = round(slot_h * 0.5, 1), round(slot_h * 0.34, 1)
    cells_w = w - LABEL_W - NOTE_W - 8
    cw = cells_w / LINE_CELLS
    h = coord_h + var_h
    c.setFillGray(0.18)
    c.rect(x, top - h, LABEL_W - 4, h, stroke=0, fill=1)
    text(c, x + (LABEL_W - 4) / 2, top - h / 2 + 5, "LINE", BOLD, 7.5, align="c", grey=1)
    text(c, x + (LABEL_W - 4) / 2, top - h / 2 - 12, slot, BOLD, 15, align="c", grey=1)
    c.setFillGray(INK)
    coords = list(line["coords"]) if line else []
    cx = x + LABEL_W
    for i in range(LINE_CELLS):
        value = coords[i] if i < len(coords) else None
        current = line is not None and i == len(coords) - 1
        labelled_cell(c, cx + i * cw, top - coord_h, cw, coord_h, value, str(i + 1), size=12,
                      shade=0.80 if current else None, frame=1.8 if current else 0.6, font=MONO_BOLD)
    vw = cells_w / len(LINE_VARS)
    vars_ = as_dict(line.get("vars")) if line else {}
    for i, v in enumerate(LINE_VARS):
        labelled_cell(c, cx + i * vw, top - h, vw, var_h, vars_.get(v), v, size=10, shade=ZEBRA, font=MONO_BOLD)
    _slot_note(c, x + w - NOTE_W, top, h, _slot_notes(slot, line, s, done, blank), bool(line))
    page.take(h + (slot_h - h))


def _slot_notes(slot, line, s, done, blank) -> list[tuple]:
    """What the slot's NOTE says: STANDBY, running, skipped or to activate this turn, the line's note."""
    notes: list[tuple] = []
    if line:
        if line.get("standby"):
            notes.append((f"STANDBY {line['standby']}", BOLD))
        if line.get("running"):
            notes.append((f"running: look up {line['coords'][-1]}", BOLD))
        if s.get("skipped") == slot:
            notes.append(("skipped this turn", BOLD))
        elif s.get("phase") == 1 and slot not in done and not line.get("standby"):
            notes.append(("to activate this turn", REGULAR))
        if line.get("note"):
            notes.append((line["note"], REGULAR))
    elif not blank:
        notes.append(("free slot", REGULAR))
    return notes


def _slot_note(c, nx: float, top: float, h: float, notes: list[tuple], used: bool) -> None:
    """The NOTE box beside a line slot, its notes wrapped into it."""
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    c.rect(nx, top - h, NOTE_W, h, stroke=1, fill=0)
    text(c, nx + 2, top - 6.5, "NOTE", BOLD, 5.8, grey=MUTED)
    yy = top - 15
    for note, font in notes:
        for piece in wrap_text(note, font, 7.5, NOTE_W - 6):
            if yy < top - h + 3:
                break
            text(c, nx + 3, yy, piece, font, 7.5, grey=INK if used else MUTED)
            yy -= 8.5


def _turn_box(c, page, s, blank) -> None:
    """The turn, its phases and what K5 and Phase 3 keep track of."""
    if page.remaining() < TURN_BOX_H + 4:
        return
    x, w = page.x0, page.width
    top = page.cursor - 4
    c.setStrokeGray(INK)
    c.setLineWidth(0.7)
    c.setFillGray(ZEBRA)
    c.roundRect(x, top - TURN_BOX_H, w, TURN_BOX_H, 3, stroke=1, fill=1)
    c.setFillGray(INK)
    turn = None if blank else s.get("turn")
    phase = None if blank else s.get("phase")
    y = top - 13
    field(c, x + 6, y, 62, "Turn", turn if turn else (None if blank else "setup"), size=10)
    text(c, x + 78, y, "Phase", REGULAR, 7, grey=MUTED)
    px = x + 102
    for p in (1, 2, 3, 4, 5):
        checkbox(c, px, y - 1, phase == p, 8)
        text(c, px + 11, y, str(p), BOLD if phase == p else REGULAR, 8)
        px += 24
    checkbox(c, px + 4, y - 1, bool(s.get("recovered")) and not blank, 8)
    text(c, px + 15, y, "Recovered this turn", REGULAR, 7.5)
    y2 = top - 27
    field(c, x + 6, y2, 128, "Skipped line", s.get("skipped") if not blank else None, size=9)
    field(c, x + 142, y2, 128, "Skipped last turn", s.get("skipped_before") if not blank else None, size=9)
    fa = s.get("free_action") if not blank else None
    field(c, x + 278, y2, w - 284, "Phase 3 free action", fa, size=9)
    page.take(TURN_BOX_H + 6)


def _interlink(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Interlink memory",
                      right="variables I-Z shared by every line; empty = 0"))
    values = {} if blank else as_dict(s.get("interlink"))
    cw = w / len(INTERLINK)
    top = page.cursor
    for i, v in enumerate(INTERLINK):
        labelled_cell(c, x + i * cw, top - 22, cw, 22, values.get(v), v, size=9.5, font=MONO_BOLD)
    page.take(22 + GAP)


def _locations(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    cap = 6 if blank else location_capacity(s)
    locs = as_dict(s.get("locations"))
    used = max([int(k) for k in locs if str(k).isdigit()] + [cap])
    note = "MAP 3-6 need HyperNavMemory" if blank or cap < 6 else "6 slots (HyperNavMemory)"
    page.take(heading(c, x, page.cursor, w, "Starmap Locations Log", right=note + " · cleared maps underlined"))
    cols = [("MAP", 34), ("Type", 0), ("Dif.", 26), ("AO", 32), ("AI", 32), ("Depth", 30), ("Telep.", 30),
            ("Special", 64), ("Species", 60), ("Solved", 32)]
    cols[1] = ("Type", w - sum(cw for _n, cw in cols))
    for slot in SLOTS[:used]:
        loc = None if blank else locs.get(slot)
        if page.remaining() < LOC_ROW + LOC_IDS:
            page.new_page()
        top = page.cursor
        locked = int(slot) > 2 and (blank or int(slot) > cap)
        shade = 0.93 if locked else None
        _location_row(c, x, top, cols, _location_values(slot, loc, blank), loc, shade)
        _map_ids(c, x, top - LOC_ROW - LOC_IDS, w, cols[0][1], loc, shade)
        page.take(LOC_ROW + LOC_IDS + 4)


def _location_row(c, x: float, top: float, cols: list, values: list, loc, shade) -> None:
    """A Location's values, a cell a column: MAP#, Type, ... Solved."""
    cx = x
    for (name, cw), value in zip(cols, values, strict=True):
        y = top - LOC_ROW
        if name == "MAP":
            labelled_cell(c, cx, y, cw, LOC_ROW, None, None, shade=0.18)
            text(c, cx + cw / 2, y + LOC_ROW / 2 - 3, value, BOLD, 9, align="c", grey=1)
        elif name == "Solved":
            labelled_cell(c, cx, y, cw, LOC_ROW, None, name, shade=shade)
            checkbox(c, cx + cw / 2 - 4, y + 2.5, bool(loc and loc.get("solved")), 8)
        else:
            labelled_cell(c, cx, y, cw, LOC_ROW, value, name, size=8.5, shade=shade)
        cx += cw


def _map_ids(c, x: float, y2: float, w: float, lab_w: float, loc, shade) -> None:
    """The Location's nine Map ID cells: those beyond its depth struck through, cleared maps underlined."""
    labelled_cell(c, x, y2, lab_w, LOC_IDS, None, None, shade=ZEBRA)
    text(c, x + lab_w / 2, y2 + 5.5, "Map IDs", BOLD, 6, align="c", grey=MUTED)
    mw = (w - lab_w) / 9
    maps = list(loc.get("maps", [])) if loc else []
    depth = loc.get("depth", 9) if loc else 9
    cleared = set(loc.get("cleared", [])) if loc else set()
    for i in range(9):
        mx = x + lab_w + i * mw
        beyond = loc is not None and i >= depth
        value = maps[i] if i < len(maps) else None
        labelled_cell(c, mx, y2, mw, LOC_IDS, value, str(i + 1), size=9.5, shade=0.80 if beyond else shade,
                      font=MONO_BOLD)
        if beyond:
            c.setStrokeGray(0.55)
            c.line(mx + 2, y2 + 2, mx + mw - 2, y2 + LOC_IDS - 2)
            c.setStrokeGray(INK)
        if value is not None and i + 1 in cleared:
            tw = text_width(str(value), MONO_BOLD, 9.5)
            c.setLineWidth(1.5)
            c.line(mx + mw / 2 - tw / 2 - 1.5, y2 + 2.4, mx + mw / 2 + tw / 2 + 1.5, y2 + 2.4)
            c.setLineWidth(0.6)


def _location_values(slot, loc, blank) -> list:
    if not loc:
        return [f"MAP{slot}"] + [None] * 9
    return [f"MAP{slot}", loc.get("name") and f"{loc['name']}: {loc.get('type', '')}" or loc.get("type"),
            loc.get("difficulty"), loc.get("ao"), loc.get("ai"), loc.get("depth"), loc.get("teleport"),
            loc.get("special") or "-", loc.get("species"), None]
