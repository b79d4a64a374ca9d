"""Page 2, the Spaceship (ch. 11): hull, stats, Oxygen, systems, storage, quests, builds."""

from __future__ import annotations

from dataclasses import dataclass

from journal.games.kraken.catalogue import AMMO, CATEGORY_TEXT, half_up, load as load_catalogue
from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.constants import MAX_TICKS, OXYGEN_BASE
from journal.games.kraken.model.systems import ship_stats
from journal.games.kraken.sheets.parts import GAP, as_dict, campaign_sub, header, labelled_cell, pencil, turn_badges
from journal.pdf.flow import (
    MIN_NOTE_LINES, continued_line, grid, grid_height, grid_heights, heading, notes_box, notes_height,
    rows_that_fit,
)
from journal.pdf.primitives import BOLD, MUTED, REGULAR, SHADE, checkbox, text, track


def draw_spaceship(c, page, s, title, blank) -> None:
    ship = as_dict(s.get("ship"))
    cat = load_catalogue()
    sub = campaign_sub(s, title, "Spaceship")
    name = ship.get("hull") if ship else None
    header(c, page, "SPACESHIP" + (f": {name}" if name else ""), sub, turn_badges(s, blank), blank)
    st = ship_stats(s, cat) if ship else None
    _ship_boxes(c, page, s, ship, st, blank)
    x = page.x0
    extra = ship.get("expansion_sp") if ship else None
    if ship:
        note = f"Hull {ship['sp']} SP" + (f"; a Hull expansion adds {extra} SP on this ship" if extra else "")
        text(c, x, page.cursor - 7, note, REGULAR, 7.5, grey=MUTED)
        page.take(11)
    _oxygen_track(c, page, s, blank)
    _systems(c, page, s, ship, cat, blank)
    _storage_and_quests(c, page, s, blank)
    if page.remaining() >= notes_height(least=MIN_NOTE_LINES):    # where the page has room for them
        notes_box(c, page, blank, most=10, least=MIN_NOTE_LINES)  # the campaign's latest notes (blank: lines)


def _ship_boxes(c, page, s, ship: dict, st: dict | None, blank: bool) -> None:
    """The hull, its price, the ship's SP, Shields, Recharge and Armor, the Credits and XP."""
    x, w = page.x0, page.width
    top = page.cursor
    boxes = [("Hull", ship.get("hull") if ship else None),
             ("Hull price", f"{ship['hull_price']}\u00a2" if ship else None),
             ("Structure points (SP)", st["sp"] if st else None), ("Shields", st["shield"] if st else None),
             ("Recharge", st["recharge"] if st else None), ("Armor", st["armor"] if st else None),
             ("Credits", f"{s['credits']}\u00a2" if not blank else None), ("XP", s.get("xp") if not blank else None)]
    fr = [0.20, 0.10, 0.15, 0.09, 0.09, 0.09, 0.14, 0.14]
    cx = x
    for (label, value), f in zip(boxes, fr, strict=True):
        bw = w * f
        labelled_cell(c, cx, top - 30, bw, 30, value, label, size=12 if label != "Hull" else 10)
        cx += bw
    page.take(30 + 6)


def _oxygen_track(c, page, s, blank: bool) -> None:
    """The Oxygen track, shared by the crew: 25 + tanks."""
    mx = oxygen_max(s) if not blank else OXYGEN_BASE
    cur = None if blank else s.get("oxygen")
    label = "Oxygen (shared by the crew: 25 + tanks)" + ("" if blank else f": {cur}/{mx}")
    h = track(c, page.x0, page.cursor, page.width, 0, mx, current=cur, label=label, box_h=15, min_box=15,
              number_size=7.5)
    page.take(h + GAP - 2)


def _systems(c, page, s, ship, cat, blank) -> None:
    x, w = page.x0, page.width
    owned: dict[str, list[dict]] = {}
    for label, e in as_dict(ship.get("systems")).items() if ship else ():
        key = e.get("system")
        if key == AMMO:
            key = f"{AMMO}:{e.get('for')}"
        owned.setdefault(key, []).append({"label": label, **e})
    page.take(heading(c, x, page.cursor, w, "Systems and weapons",
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
        rows: list[list] = []  # cells: None, text, or (text, font)
        styles: list[dict | None] = []
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


@dataclass
class _Columns:
    """Storage on the left, quests (and constructions) on the right: the rows still to draw."""
    left_w: float
    right_x: float
    right_w: float
    blank: bool
    storage: list[list]
    quests: list[list]

    @property
    def row_h(self) -> float:
        return pencil(14, self.blank)

    @property
    def storage_widths(self) -> list[float]:
        return [24, self.left_w - 24]

    @property
    def quest_widths(self) -> list[float]:
        return [self.right_w * 0.30, 64, self.right_w * 0.35 - 32, self.right_w * 0.35 - 32]


TABLE_SIZE = 7.5


def _storage_and_quests(c, page, s, blank) -> None:
    """The ship's storage beside the quests, the constructions under the quests: a long list goes on
    to the next page with a "continued on page N" line, nothing cut."""
    x, w = page.x0, page.width
    gap = 12
    t = _Columns(w * 0.32, x + w * 0.32 + gap, w - w * 0.32 - gap, blank, _storage_rows(s, blank),
                 _quest_rows(as_dict(s.get("quests"))))
    if page.remaining() < 19 + t.row_h * 4 + 14:           # the headings, a header and three rows at least
        continued_line(c, page, "Storage and quests", begun=False)
    continued = False
    while True:
        yq = _storage_and_quests_page(c, page, t, continued)
        if not t.storage and not t.quests:
            break
        continued_line(c, page, "Storage and quests")
        continued = True
    builds = as_dict(s.get("builds"))
    if builds or blank:
        _constructions(c, page, t, yq, builds, blank)


def _storage_and_quests_page(c, page, t: _Columns, continued: bool) -> float:
    """The headings and as many rows of each list as fit on this page (room kept for a "continued"
    line); returns where the quests end."""
    x, top = page.x0, page.cursor
    suffix = " (continued)" if continued else ""
    if t.storage or not continued:
        heading(c, x, top, t.left_w, "Storage" + suffix)
    if t.quests or not continued:
        heading(c, t.right_x, top, t.right_w, "Notes / Quests" + suffix, right="urgent: the 4th tick fails")
    y = top - 19
    room = y - page.y0 - t.row_h - 14
    n_s = rows_that_fit(grid_heights(t.storage_widths, t.storage, t.row_h, TABLE_SIZE), room)
    n_q = rows_that_fit(grid_heights(t.quest_widths, t.quests, t.row_h, TABLE_SIZE), room)
    n_s, n_q = max(1, n_s) if t.storage else 0, max(1, n_q) if t.quests else 0
    hs = grid(c, x, y, t.storage_widths, t.storage[:n_s], row_h=t.row_h, zebra=not t.blank,
              header=["#", "Item (EXP: expansion storage)"], size=TABLE_SIZE) if n_s or not continued else 0.0
    hq = grid(c, t.right_x, y, t.quest_widths, t.quests[:n_q], row_h=t.row_h, zebra=not t.blank,
              header=["Quest", "Timer", "Reward", "Penalty"], size=TABLE_SIZE) if n_q or not continued else 0.0
    t.storage, t.quests = t.storage[n_s:], t.quests[n_q:]
    page.take(19 + max(hs, hq) + GAP)
    return y - hq


def _storage_rows(s, blank: bool) -> list[list]:
    """The ship's storage, then the expansion storage's items (EXP); eight rows at least."""
    items = [] if blank else list(s.get("storage") or [])
    exp = [] if blank else list(s.get("expansion_storage") or [])
    rows: list[list] = [[str(i + 1), it] for i, it in enumerate(items)]
    if exp:
        rows += [[("EXP", BOLD), it] for it in exp]
    blank_rows = max(0, 8 - len(rows))
    rows += [[None, None]] * blank_rows
    return rows


def _quest_rows(quests: dict) -> list[list]:
    """Each quest: its timer's ticks (urgent ones), reward and penalty; five rows at least."""
    q_rows = []
    for name, q in quests.items():
        q = as_dict(q)
        q_rows.append([(name, BOLD), _ticks(q.get("ticks", 0) if q.get("urgent") else None, q.get("activated")),
                       q.get("reward"), q.get("penalty") or (f"{q['penalty_credits']}\u00a2"
                                                             if q.get("penalty_credits") else None)])
    q_rows += [[None, _ticks(0, False, blank=True), None, None]] * max(0, 5 - len(q_rows))
    return q_rows


def _constructions(c, page, t: _Columns, yq: float, builds: dict, blank: bool) -> None:
    """Phase 2's constructions under the quests, or on the next page when they do not fit there."""
    rows: list[list] = []
    for name, b in builds.items():
        b = as_dict(b)
        rows.append([(name, BOLD), ", ".join(b.get("crew", [])), f"turn {b.get('due')}",
                     f"{max(0, b.get('cost', 0) - b.get('discount', 0))}\u00a2"])
    rows += [[None] * 4] * (2 if blank else 0)
    widths = [t.right_w * f for f in (0.3, 0.36, 0.16, 0.18)]
    need = 14 + grid_height(widths, rows, t.row_h, size=TABLE_SIZE)
    if yq - need < page.y0:
        continued_line(c, page, "Constructions", begun=False)
        yq = page.cursor + 4
    y = yq - 10
    text(c, t.right_x, y, "Construction (Phase 2: d6 + Tech per builder, x2 over two turns)", BOLD, 8)
    hb = grid(c, t.right_x, y - 4, widths, rows, row_h=t.row_h, zebra=not t.blank,
              header=["Building", "Crew", "Done", "To pay"], size=TABLE_SIZE)
    page.cursor = min(page.cursor, y - 4 - hb - GAP)


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
