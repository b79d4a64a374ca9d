"""Space Kraken: the printable pages (filled from a save, or blank for pencil play).

1. The CGM Line Tracker (book p. 14): six line slots of seven coordinate cells with the
   variables A-H under each and a note, the interlink memory I-Z, the Starmap Locations
   Log (2 slots, 6 with HyperNavMemory; cleared Map IDs underlined).
2. The Spaceship page: hull, structure, shields, Credits, XP, the Oxygen track, every
   system and weapon of the catalogue (owned, damaged), storage, Notes/Quests with their
   timer ticks, constructions.
3. One page per crew member: attributes, HP bar, level, traits, inventory L/R/1-4.
4-6. SPACE COMBAT, GROUND COMBAT and DUNGEON EXPLORATION (sheets_adventure.py).

Everything is drawn with `journal.pdf.primitives`; user text goes through `safe`/`fit_text`.
"""

from __future__ import annotations

from journal.games.kraken.catalogue import AMMO, CATEGORY_TEXT, half_up
from journal.games.kraken.catalogue import load as load_catalogue
from journal.games.kraken.cgm import INTERLINK, LINE_CELLS, LINE_VARS, SLOTS
from journal.games.kraken.state import (
    ATTRIBUTES,
    DIFFICULTY_TEXT,
    HP_CAP,
    INVENTORY,
    MAX_TICKS,
    MAX_TRAITS,
    OXYGEN_BASE,
    carry_capacity,
    location_capacity,
    overload,
    oxygen_max,
    ship_stats,
)
from journal.pdf.primitives import (
    BOLD,
    INK,
    MUTED,
    REGULAR,
    SHADE,
    ZEBRA,
    checkbox,
    field,
    fit_text,
    grid,
    heading,
    text,
    text_width,
    track,
    wrap_text,
)

GAP = 10
LABEL_W = 44            # the LINE n box
NOTE_W = 128            # the note box right of each line


def _d(value) -> dict:
    return value if isinstance(value, dict) else {}


def _badge(c, right, y, label, dark=True) -> float:
    """Bold text on a rounded box ending at `right`, baseline y; returns its width."""
    w = text_width(label, BOLD, 8.5) + 12
    c.setFillGray(0.15 if dark else 0.85)
    c.setStrokeGray(INK)
    c.roundRect(right - w, y - 4.5, w, 15, 3, stroke=0 if dark else 1, fill=1)
    text(c, right - w / 2, y, label, BOLD, 8.5, align="c", grey=1 if dark else INK)
    c.setFillGray(INK)
    return w


def _header(c, page, title, sub, badges=(), blank=False) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    right = x + w
    for label, dark in badges:
        right -= _badge(c, right, top - 15, fit_text(label, BOLD, 8.5, 160), dark) + 5
    text(c, x, top - 15, title, BOLD, 16, max_width=right - x - 6)
    if blank:
        field(c, x, top - 31, 220, "Campaign")
        field(c, x + 236, top - 31, 110, "Date")
    else:
        text(c, x, top - 30, sub, REGULAR, 9, max_width=w, grey=MUTED)
    page.take(40)


def _cell(c, x, y, w, h, value=None, label=None, size=10.0, shade=None, frame=0.6, font=BOLD) -> None:
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
        text(c, x + w / 2, base, str(value), font, size, max_width=w - 4, align="c")


def _campaign_sub(s, title, what) -> str:
    parts = [what]
    if title:
        parts.append(title)
    if s.get("difficulty"):
        parts.append(DIFFICULTY_TEXT.get(s["difficulty"], str(s["difficulty"])))
    if s.get("backstory"):
        parts.append(s["backstory"])
    return " \u00b7 ".join(parts)


def _turn_badges(s, blank) -> list:
    if blank:
        return []
    badges = []
    if s.get("result"):
        badges.append((f"CAMPAIGN {str(s['result']).upper()}", True))
    turn = s.get("turn", 0)
    badges.append(("SETUP" if not turn else f"TURN {turn} \u00b7 PHASE {s.get('phase')}", True))
    return badges


# --- page 1: the CGM Line Tracker ------------------------------------------------------

def draw_tracker(c, page, state, title) -> None:
    """Every page for `state` (None: blank sheets); leaves the last page open."""
    blank = state is None
    s = _d(state)
    _line_tracker(c, page, s, title, blank)
    page.new_page()
    _ship_page(c, page, s, title, blank)
    crew = _d(s.get("crew"))
    names = [None] if blank else list(crew)
    for name in names:
        page.new_page()
        _crew_page(c, page, s, name, _d(crew.get(name)) if name else {}, blank)
    from journal.games.kraken import sheets_adventure

    sheets_adventure.draw_pages(c, page, s, blank)


def _line_tracker(c, page, s, title, blank) -> None:
    sub = _campaign_sub(s, title, "CGM Line Tracker")
    if not blank and s.get("pack"):
        sub += f" \u00b7 pack: {_d(s['pack']).get('title', '')}"
    _header(c, page, "CGM LINE TRACKER", sub, _turn_badges(s, blank), blank)
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
    n_locs = 6 if blank else max([location_capacity(s)] + [int(k) for k in _d(s.get("locations"))])
    below = (19 + 24 + GAP) + (19 + n_locs * (LOC_ROW + LOC_IDS + 4)) + TURN_BOX_H + 6
    slot_h = max(40.0, min(58.0, (page.remaining() - below) / len(SLOTS)))
    lines = _d(s.get("lines"))
    done = set(s.get("done") or []) if not blank else set()
    for slot in SLOTS:
        _line_slot(c, page, slot, None if blank else lines.get(slot), s, done, blank, slot_h)
    page.take(2)
    _interlink(c, page, s, blank)
    _locations(c, page, s, blank)
    _turn_box(c, page, s, blank)


LOC_ROW, LOC_IDS = 21.0, 17.0
TURN_BOX_H = 34.0


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
        _cell(c, cx + i * cw, top - coord_h, cw, coord_h, value, str(i + 1), size=12,
              shade=0.80 if current else None, frame=1.8 if current else 0.6)
    vw = cells_w / len(LINE_VARS)
    vars_ = _d(line.get("vars")) if line else {}
    for i, v in enumerate(LINE_VARS):
        _cell(c, cx + i * vw, top - h, vw, var_h, vars_.get(v), v, size=10, shade=ZEBRA)
    nx = x + w - NOTE_W
    c.setStrokeGray(INK)
    c.setLineWidth(0.6)
    c.rect(nx, top - h, NOTE_W, h, stroke=1, fill=0)
    text(c, nx + 2, top - 6.5, "NOTE", BOLD, 5.8, grey=MUTED)
    notes = []
    if line:
        if line.get("standby"):
            notes.append((f"STANDBY {line['standby']}", BOLD))
        if line.get("running"):
            notes.append((f"running: look up {coords[-1]}", BOLD))
        if s.get("skipped") == slot:
            notes.append(("skipped this turn", BOLD))
        elif s.get("phase") == 1 and slot not in done and not line.get("standby"):
            notes.append(("to activate this turn", REGULAR))
        if line.get("note"):
            notes.append((line["note"], REGULAR))
    elif not blank:
        notes.append(("free slot", REGULAR))
    yy = top - 15
    for note, font in notes:
        for piece in wrap_text(note, font, 7.5, NOTE_W - 6):
            if yy < top - h + 3:
                break
            text(c, nx + 3, yy, piece, font, 7.5, grey=INK if line else MUTED)
            yy -= 8.5
    page.take(h + (slot_h - h))


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
    field(c, x + 6, y2, 128, "Skipped line (K5)", s.get("skipped") if not blank else None, size=9)
    field(c, x + 142, y2, 128, "Skipped last turn", s.get("skipped_before") if not blank else None, size=9)
    fa = s.get("free_action") if not blank else None
    field(c, x + 278, y2, w - 284, "Phase 3 free action", fa, size=9)
    page.take(TURN_BOX_H + 6)


def _interlink(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "INTERLINK MEMORY", 10.5,
                      right="variables I-Z shared by every line; empty = 0"))
    values = {} if blank else _d(s.get("interlink"))
    cw = w / len(INTERLINK)
    top = page.cursor
    for i, v in enumerate(INTERLINK):
        _cell(c, x + i * cw, top - 22, cw, 22, values.get(v), v, size=9.5)
    page.take(22 + GAP)


def _locations(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    cap = 6 if blank else location_capacity(s)
    locs = _d(s.get("locations"))
    used = max([int(k) for k in locs if str(k).isdigit()] + [cap])
    note = "MAP 3-6 need HyperNavMemory" if blank or cap < 6 else "6 slots (HyperNavMemory)"
    page.take(heading(c, x, page.cursor, w, "STARMAP LOCATIONS LOG", 10.5, right=note + " · cleared maps underlined"))
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
        cx = x
        values = _location_values(slot, loc, blank)
        for (name, cw), value in zip(cols, values, strict=True):
            y = top - LOC_ROW
            if name == "MAP":
                _cell(c, cx, y, cw, LOC_ROW, None, None, shade=0.18)
                text(c, cx + cw / 2, y + LOC_ROW / 2 - 3, value, BOLD, 9, align="c", grey=1)
            elif name == "Solved":
                _cell(c, cx, y, cw, LOC_ROW, None, name, shade=shade)
                checkbox(c, cx + cw / 2 - 4, y + 2.5, bool(loc and loc.get("solved")), 8)
            else:
                _cell(c, cx, y, cw, LOC_ROW, value, name, size=8.5, shade=shade)
            cx += cw
        y2 = top - LOC_ROW - LOC_IDS
        lab_w = cols[0][1]
        _cell(c, x, y2, lab_w, LOC_IDS, None, None, shade=ZEBRA)
        text(c, x + lab_w / 2, y2 + 5.5, "Map IDs", BOLD, 6, align="c", grey=MUTED)
        mw = (w - lab_w) / 9
        maps = list(loc.get("maps", [])) if loc else []
        depth = loc.get("depth", 9) if loc else 9
        cleared = set(loc.get("cleared", [])) if loc else set()
        for i in range(9):
            mx = x + lab_w + i * mw
            beyond = loc is not None and i >= depth
            value = maps[i] if i < len(maps) else None
            _cell(c, mx, y2, mw, LOC_IDS, value, str(i + 1), size=9.5, shade=0.80 if beyond else shade)
            if beyond:
                c.setStrokeGray(0.55)
                c.line(mx + 2, y2 + 2, mx + mw - 2, y2 + LOC_IDS - 2)
                c.setStrokeGray(INK)
            if value is not None and i + 1 in cleared:
                tw = text_width(str(value), BOLD, 9.5)
                c.setLineWidth(1.5)
                c.line(mx + mw / 2 - tw / 2 - 1.5, y2 + 2.4, mx + mw / 2 + tw / 2 + 1.5, y2 + 2.4)
                c.setLineWidth(0.6)
        page.take(LOC_ROW + LOC_IDS + 4)


def _location_values(slot, loc, blank) -> list:
    if not loc:
        return [f"MAP{slot}"] + [None] * 9
    return [f"MAP{slot}", loc.get("name") and f"{loc['name']}: {loc.get('type', '')}" or loc.get("type"),
            loc.get("difficulty"), loc.get("ao"), loc.get("ai"), loc.get("depth"), loc.get("teleport"),
            loc.get("special") or "-", loc.get("species"), None]


# --- page 2: the Spaceship ---------------------------------------------------------------

def _ship_page(c, page, s, title, blank) -> None:
    ship = _d(s.get("ship"))
    cat = load_catalogue()
    sub = _campaign_sub(s, title, "Spaceship")
    name = ship.get("hull") if ship else None
    _header(c, page, "SPACESHIP" + (f": {name}" if name else ""), sub, _turn_badges(s, blank), blank)
    x, w = page.x0, page.width
    st = ship_stats(s, cat) if ship else None
    top = page.cursor
    boxes = [("Hull", name), ("Hull price", f"{ship['hull_price']}\u00a2" if ship else None),
             ("Structure points (SP)", st["sp"] if st else None), ("Shields", st["shield"] if st else None),
             ("Recharge", st["recharge"] if st else None), ("Armor", st["armor"] if st else None),
             ("Credits", f"{s['credits']}\u00a2" if not blank else None), ("XP", s.get("xp") if not blank else None)]
    fr = [0.20, 0.10, 0.15, 0.09, 0.09, 0.09, 0.14, 0.14]
    cx = x
    for (label, value), f in zip(boxes, fr, strict=True):
        bw = w * f
        _cell(c, cx, top - 30, bw, 30, value, label, size=12 if label != "Hull" else 10)
        cx += bw
    page.take(30 + 6)
    extra = ship.get("expansion_sp") if ship else None
    if ship:
        note = f"Hull {ship['sp']} SP" + (f"; a Hull expansion adds {extra} SP on this ship" if extra else "")
        text(c, x, page.cursor - 7, note, REGULAR, 7.5, grey=MUTED)
        page.take(11)
    # the Oxygen track
    mx = oxygen_max(s) if not blank else OXYGEN_BASE
    cur = None if blank else s.get("oxygen")
    label = "Oxygen (shared by the crew: 25 + tanks)" + ("" if blank else f": {cur}/{mx}")
    h = track(c, x, page.cursor, w, 0, mx, current=cur, label=label, box_h=15, min_box=15, number_size=7.5)
    page.take(h + GAP - 2)
    _systems(c, page, s, ship, cat, blank)
    _storage_and_quests(c, page, s, blank)


def _systems(c, page, s, ship, cat, blank) -> None:
    x, w = page.x0, page.width
    owned: dict[str, list[dict]] = {}
    for label, e in _d(ship.get("systems")).items() if ship else ():
        key = e.get("system")
        if key == AMMO:
            key = f"{AMMO}:{e.get('for')}"
        owned.setdefault(key, []).append({"label": label, **e})
    page.take(heading(c, x, page.cursor, w, "SYSTEMS AND WEAPONS", 10.5,
                      right="X installed · damaged: off until repaired"))
    gap = 10
    half = (w - gap) / 2
    left = [n for n in cat if cat[n]["category"] == "standard"]
    right = [n for n in cat if cat[n]["category"] != "standard"]
    ammo = sorted(k for k in owned if k.startswith(AMMO + ":"))
    widths = [18, half * 0.36, 22, half - 18 - half * 0.36 - 22 - 26, 26]
    header = ["X", "System", "\u00a2", "Effect", "Dmg"]
    top = page.cursor
    row_h = 11.6

    def rows_for(names, with_heads):
        rows, styles = [], []
        last = None
        for n in names:
            info = cat.get(n)
            category = info["category"] if info else "weapon"
            if with_heads and category != last:
                rows.append([None, (CATEGORY_TEXT[category], BOLD), None, None, None])
                styles.append({"fill": SHADE})
                last = category
            mine = owned.get(n, [])
            count = len(mine)
            damaged = sum(1 for e in mine if e.get("damaged"))
            mark = _box(count > 0, f"{count}" if count > 1 else None)
            dmg = _box(damaged > 0, f"{damaged}" if damaged > 1 else None) if count else _box(False)
            if info:
                price, effect = f"{info['price']}", info.get("short", "")
            else:
                weapon = n.split(":", 1)[1]
                price = f"{half_up(cat[weapon]['price'])}"
                effect = f"magazine for {weapon}"
            rows.append([mark, (n, BOLD) if count else n, price, effect, dmg])
            styles.append({"fill": 0.88} if count else None)
        return rows, styles

    lrows, lst = rows_for(left, True)
    rrows, rst = rows_for(right + ammo, True)
    hl = grid(c, x, top, widths, lrows, row_h=row_h, header=header, size=7, styles=lst,
              align=["c", "l", "r", "l", "c"], zebra=False)
    hr = grid(c, x + half + gap, top, widths, rrows, row_h=row_h, header=header, size=7, styles=rst,
              align=["c", "l", "r", "l", "c"], zebra=False)
    page.take(max(hl, hr) + GAP)


def _box(on: bool, count: str | None = None):
    def draw(c, x, y, w, h):
        size = 7
        checkbox(c, x + (w - size) / 2 - (3 if count else 0), y + (h - size) / 2, on, size)
        if count:
            text(c, x + (w + size) / 2 - 1, y + (h - 6) / 2 + 0.5, f"\u00d7{count}", BOLD, 6)
    return draw


def _storage_and_quests(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    quests = _d(s.get("quests"))
    builds = _d(s.get("builds"))
    need = 19 + 14 * (max(4, len(quests)) + 1) + 10
    if page.remaining() < need:
        page.new_page()
    gap = 12
    left_w = w * 0.32
    right_x = x + left_w + gap
    right_w = w - left_w - gap
    top = page.cursor
    heading(c, x, top, left_w, "STORAGE", 10.5)
    heading(c, right_x, top, right_w, "NOTES / QUESTS", 10.5, right="urgent: the 4th tick fails")
    y = top - 19
    items = [] if blank else list(s.get("storage") or [])
    exp = [] if blank else list(s.get("expansion_storage") or [])
    rows = [[str(i + 1), it] for i, it in enumerate(items)]
    if exp:
        rows += [[("EXP", BOLD), it] for it in exp]
    blank_rows = max(0, 8 - len(rows))
    rows += [[None, None]] * blank_rows
    hs = grid(c, x, y, [24, left_w - 24], rows, row_h=14, header=["#", "Item (EXP: expansion storage)"], size=7.5)
    q_rows = []
    for name, q in quests.items():
        q = _d(q)
        q_rows.append([(name, BOLD), _ticks(q.get("ticks", 0) if q.get("urgent") else None, q.get("activated")),
                       q.get("reward"), q.get("penalty") or (f"{q['penalty_credits']}\u00a2"
                                                             if q.get("penalty_credits") else None)])
    q_rows += [[None, _ticks(0, False, blank=True), None, None]] * max(0, 5 - len(q_rows))
    widths = [right_w * 0.30, 64, right_w * 0.35 - 32, right_w * 0.35 - 32]
    hq = grid(c, right_x, y, widths, q_rows, row_h=14, header=["Quest", "Timer", "Reward", "Penalty"], size=7.5)
    yq = y - hq
    if builds or blank:
        yq -= 10
        text(c, right_x, yq, "Construction (Phase 2: d6 + Tech per builder, x2 over two turns)", BOLD, 8)
        yq -= 4
        b_rows = []
        for name, b in builds.items():
            b = _d(b)
            b_rows.append([(name, BOLD), ", ".join(b.get("crew", [])), f"turn {b.get('due')}",
                           f"{max(0, b.get('cost', 0) - b.get('discount', 0))}\u00a2"])
        b_rows += [[None] * 4] * (2 if blank else 0)
        hb = grid(c, right_x, yq, [right_w * 0.3, right_w * 0.36, right_w * 0.16, right_w * 0.18], b_rows,
                  row_h=14, header=["Building", "Crew", "Done", "To pay"], size=7.5)
        yq -= hb
    page.take(max(19 + hs, top - yq) + GAP)


def _ticks(ticks, activated, blank=False):
    """Four timer cells: three ticks, the fourth fails the quest."""
    def draw(c, x, y, w, h):
        if ticks is None:
            text(c, x + 4, y + (h - 5) / 2, "not urgent", REGULAR, 6.5, grey=MUTED)
            return
        size = 7.5
        for i in range(MAX_TICKS):
            bx = x + 4 + i * (size + 3)
            checkbox(c, bx, y + (h - size) / 2, i < ticks, size)
            if i == MAX_TICKS - 1:
                text(c, bx + size + 2, y + (h - 5) / 2, "fail", REGULAR, 5.5, grey=MUTED)
        if activated and not blank:
            text(c, x + w - 3, y + (h - 5) / 2, "act.", BOLD, 5.5, align="r")
    return draw


# --- page 3+: crew members --------------------------------------------------------------------

def _crew_page(c, page, s, name, m, blank) -> None:
    sub = _campaign_sub(s, "", "Crew member profile")
    badges = []
    if not blank:
        badges.append((f"LV{m.get('level', 1)}", True))
        if m.get("status") == "unconscious":
            badges.append(("UNCONSCIOUS", False))
        if s.get("leader") == name:
            badges.append(("LEADER", False))
        for b in _d(s.get("builds")).values():
            if name in _d(b).get("crew", []):
                badges.append(("BUILDING", False))
    _header(c, page, ("CREW MEMBER: " + name) if name else "CREW MEMBER", sub, badges, blank)
    x, w = page.x0, page.width
    top = page.cursor
    # attributes
    attrs = list(ATTRIBUTES) + ["psi"]
    bw = w / len(attrs)
    for i, a in enumerate(attrs):
        value = None if blank else m.get(a, "-" if a == "psi" else None)
        _cell(c, x + i * bw, top - 40, bw - 4, 40, value, a.upper() if a != "psi" else "PSI (trait)", size=20)
    page.take(40 + 6)
    text(c, x, page.cursor - 7, "Attributes 1-8 (16 in all at creation). Strength: HP max = 2 x Strength (at most "
         "14); one backpack item per 2 Strength. PSI: one crew member at most.", REGULAR, 7, max_width=w, grey=MUTED)
    page.take(12)
    # HP bar
    hp_max = m.get("hp_max") if not blank else HP_CAP
    hp = None if blank else m.get("hp")
    label = "Health points" + ("" if blank else f": {hp}/{hp_max}" + ("  (unconscious)" if hp == 0 else ""))
    if blank:
        label += " (cross out lost HP; 0 to -3: unconscious, -4: killed)"
    h = track(c, x, page.cursor, w, 1, max(1, hp_max or 1), current=hp if hp else None, label=label, box_h=20,
              min_box=18, marks=None)
    page.take(h + GAP)
    # level and XP
    level = None if blank else m.get("level")
    y = page.cursor - 12
    field(c, x, y, w * 0.2, "Level", level, size=12)
    nxt = None if blank else f"{(level + 1) ** 2} XP"
    field(c, x + w * 0.24, y, w * 0.34, "Next level costs (new level)\u00b2", nxt, size=11)
    field(c, x + w * 0.62, y, w * 0.38, "Crew XP (shared)", None if blank else s.get("xp"), size=11)
    page.take(22)
    # traits and inventory side by side
    gap = 14
    left_w = w * 0.38
    right_x = x + left_w + gap
    right_w = w - left_w - gap
    top = page.cursor
    heading(c, x, top, left_w, "TRAITS", 10.5, right="at most 4, PSI included")
    heading(c, right_x, top, right_w, "INVENTORY", 10.5,
            right=None if blank else _capacity_note(m))
    traits = _d(m.get("traits"))
    rows = [[(t, BOLD), f"{v:+d}" if isinstance(v, int) else str(v)] for t, v in traits.items()]
    if "psi" in m and not blank:
        rows.insert(0, [("PSI", BOLD), f"level {m['psi']}"])
    rows += [[None, None]] * max(0, MAX_TRAITS - len(rows))
    ht = grid(c, x, top - 19, [left_w * 0.7, left_w * 0.3], rows, row_h=16, header=["Trait", "Value"], size=8.5,
              align=["l", "c"])
    hi = _inventory(c, right_x, top - 19, right_w, m, blank)
    page.take(19 + max(ht, hi) + GAP)
    from journal.games.kraken.sheets_adventure import crew_gear

    crew_gear(c, page, m, blank)
    _crew_rules(c, page)


def _capacity_note(m) -> str:
    cap = carry_capacity(m.get("strength", 1))
    over = overload(m)
    return f"capacity {cap}" + (f" · overload -{over} to attacks" if over else "")


def _inventory(c, x, top, w, m, blank) -> float:
    inv = _d(m.get("inventory"))
    cap = carry_capacity(m.get("strength", 1)) if not blank else None
    box_h = 24.0
    labels = {"L": "L hand", "R": "R hand", "1": "Backpack 1", "2": "Backpack 2", "3": "Backpack 3",
              "4": "Backpack 4"}
    half = (w - 6) / 2
    y = top
    for i, slot in enumerate(INVENTORY):
        col, row = i % 2, i // 2
        bx = x + col * (half + 6)
        by = y - (row + 1) * (box_h + 4)
        backpack_no = INVENTORY.index(slot) - 1 if slot not in ("L", "R") else 0
        over = cap is not None and slot not in ("L", "R") and backpack_no > cap - 2
        _cell(c, bx, by, half, box_h, None, labels[slot] + ("  (overload)" if over else ""),
              shade=0.88 if over else None)
        item = inv.get(slot)
        if item:
            text(c, bx + 4, by + 5, item, BOLD, 9, max_width=half - 8)
    return 3 * (box_h + 4)


def _crew_rules(c, page) -> None:
    x, w = page.x0, page.width
    rules = [
        "HP 0 to -3: unconscious (recorded as 0, no further damage); -4 or lower: killed and erased. A preset "
        "crew member who died may not rejoin in this campaign.",
        "Level up: pay (new level)\u00b2 XP (2 \u2192 3 costs 9) for +1 to one attribute (max 8); raising Strength "
        "raises HP max and HP together. Or: two levels for a positive trait; one level for a positive and a "
        "negative trait.",
        "Carry: L and R hands plus one backpack item per 2 Strength; one or two items over that is an overload "
        "(-1 / -2 to Ranged and Melee attack rolls). Two magazines of a kind share a slot; a weapon's slot holds "
        "one of its magazines.",
        "Armor: carry several Armor Items but wear one jacket, one helmet and one physical Shield (held in a "
        "hand); Armor = their sum + 0.5 a Strength point above 8 (rounded up), 8 at most. Switching them in "
        "combat takes no action; handing items to a team mate is an Exchange action.",
        "Attribute check: d6 + attribute >= target. Bulkheads, mines, lasers: 2d6 + Tech >= 10 + level.",
    ]
    if page.remaining() < 70:
        return
    page.take(heading(c, x, page.cursor, w, "RULES REMINDER", 10.5))
    for r in rules:
        wrapped = wrap_text(r, REGULAR, 7.5, w - 10)
        if page.remaining() < 9.2 * len(wrapped) + 4:
            return
        for i, ln in enumerate(wrapped):
            text(c, x + (10 if i else 0), page.cursor - 8, ("\u2022 " if i == 0 else "") + ln, REGULAR, 7.5)
            page.take(9.2)
        page.take(2)
    room = page.remaining()
    if room > 60:
        page.take(heading(c, x, page.cursor, w, "NOTES", 10.5))
        c.setStrokeGray(0.7)
        c.setLineWidth(0.5)
        for _ in range(min(10, int(page.remaining() // 18))):
            yy = page.take(18) - 18
            c.line(x, yy, x + w, yy)
