"""War Titans: Invaders Must Die! — the printable tracker pages (filled or blank).

Page 1: title and turn; the THREAT track 0-21 in its four tier bands with the Alert
Token's position, and what each tier means (Invader Card section, Episode Cards to
draw); the decks; the cities table (HP boxes, damage, destroyed, invaders, Titans,
supports); the rifts and their lairs. Then one Titan sheet per player (abilities, damage
boxes up to HP, Final Blow, credits, supports, the five Tech Card slots with charge
boxes, pilot, artifacts) and the invaders on the board. A blank sheet (state None) has
the same layout with empty cells for pencil play. Drawn with `journal.pdf.primitives`.
"""

from __future__ import annotations

from journal.games.titans.rules.model import (
    AMPHIBIOUS, BLUE, CHARGES_MAX, CITY_HP, CORE, ENDING, FIGHT, FINAL, FLYING, GREEN, HAND1, HAND2, HANDS, HEAD,
    MECHANICAL, METROPOLIS, OPENING, OVER, PHASE_TEXT, RED, SUPPORTS_MAX, TERRESTRIAL, THREAT_MAX, TIER_SPANS, TIERS,
    PAWNS_PER_TYPE, TOOLS, UPGRADE, WHITE, episodes_for, public_state, tier,
)
from journal.pdf.flow import (
    PENCIL_ROW, continued_line, field, field_size, fitted, grid, grid_heights, heading, natural, notes_box, put,
    rows_that_fit, shorter,
)
from journal.pdf.primitives import (
    BOLD, INK, MUTED, REGULAR, badge, checkbox, checkbox_cell, checkbox_row, safe, text, track, wrap_text,
)

# Tier colours, chosen to stay apart in greyscale (luminance ~.89 / .97 / .84 / .74);
# every band is also captioned with its name.
TIER_TINT = {GREEN: (0.80, 0.93, 0.80), WHITE: (0.975, 0.975, 0.975), BLUE: (0.76, 0.85, 0.97),
             RED: (0.95, 0.66, 0.62)}
GAP = 10
HEAD_H = 19
ROW_H = 14.0
SIZE = 7.8
TURN_PHASES = (OPENING, FIGHT, UPGRADE, ENDING)
SHORT_TRIGGER = {TERRESTRIAL: "when destroyed", MECHANICAL: "Titan enters", AMPHIBIOUS: "Titan attacks",
                 FLYING: "on invading"}
SLOT_ROWS = ((HAND1, "Hand"), (HAND2, "Hand"), (HEAD, "Head"), (CORE, "Core"), (TOOLS, "Tools"))
BLANK_HP = 16


def _d(value) -> dict:
    return value if isinstance(value, dict) else {}


def _l(value) -> list:
    return value if isinstance(value, list) else []


def _i(value, default=None):
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def blank_board(cities: dict, rifts: dict) -> dict:
    """What `draw_tracker` takes for a blank sheet of a board (journal sheet titans --board FILE):
    its cities (name, type, trails) and rifts printed, everything else left for pencil."""
    return {"blank": True, "cities": cities, "rifts": rifts}


def draw_tracker(c, page, state, title) -> None:
    """The tracker for `state` (None: a blank sheet; `blank_board`: a blank sheet of a board) from
    the top of `page`; continues on further pages as needed and leaves the last page open."""
    blank = state is None or _d(state).get("blank") is True
    s = _d(state if blank else public_state(state))     # with the derived values (the tier)
    _header(c, page, s, title, blank)
    _threat(c, page, s, blank)
    _decks(c, page, s, blank)
    _cities(c, page, s, blank)
    _rifts(c, page, s, blank)
    _ensure(page, HEAD_H + PANEL_H + GAP)      # the Titan sheets under the rifts when a row of them fits
    _titans(c, page, s, blank)
    _invaders(c, page, s, blank)
    notes_box(c, page, blank, most=12)


def _ensure(page, h) -> None:
    if not page.fits(h):
        page.new_page()


# --- header and THREAT -----------------------------------------------------------------

def _header(c, page, s, title, blank) -> None:
    """The title (and the phase badge), the turn, its phases and the Lead Character; once the game
    is over or in its Final Episode, a line that says so."""
    _title(c, page, s, title, blank)
    _turn_fields(c, page, s, blank)
    if not blank and s.get("phase") == OVER:
        msg = f"The players {s.get('result', '?')}: {s.get('reason', '')}"
        put(c, page.x0, page.cursor - 10, msg, BOLD, 9.5, max_width=page.width)
        page.take(16)
    elif not blank and s.get("phase") == FINAL:
        put(c, page.x0, page.cursor - 10, "Every rift is closed: play the Final Episode and record its outcome.",
            BOLD, 9.5, max_width=page.width)
        page.take(16)
    page.take(4)


def _title(c, page, s, title, blank) -> None:
    """The game's name with the phase's badge; the campaign's title (blank: Game and Date fields)."""
    x, w, top = page.x0, page.width, page.cursor
    badge_w = 0.0
    if not blank:
        phase = s.get("phase", "")
        label = PHASE_TEXT.get(phase, str(phase)).upper()
        if phase == OVER:
            label = f"GAME {str(s.get('result', '')).upper()}"
        elif phase == ENDING:
            label = f"END OF TURN {s.get('turn', '')}".strip()
        shown, size = shorter(label, BOLD, 9, 200)
        badge_w = badge(c, x + w, top - 17, shown, size=size)
    put(c, x, top - 16, "War Titans: Invaders Must Die!", BOLD, 17, max_width=w - badge_w - 10)
    y = top - 31
    if blank:
        field(c, x, y, 200, "Game")
        field(c, x + 212, y, 90, "Date")
    else:
        put(c, x, y, f"Game tracker \u00b7 {safe(title)}" if title else "Game tracker", REGULAR, 9.5,
            max_width=w, grey=MUTED)
    page.take(38)


def _turn_fields(c, page, s, blank) -> None:
    """Turn, the phase ticked among the turn's four, and the Lead Character (then the seating)."""
    x, w = page.x0, page.width
    y = page.cursor - 12
    turn = None if blank else _i(s.get("turn"))
    lead = None if blank else s.get("lead")
    players = list(_d(s.get("players")))
    if lead in players and len(players) > 1:
        i = players.index(lead)
        lead = f"{lead} (then {', '.join(players[i + 1:] + players[:i])})"
    field(c, x, y, 62, "Turn", turn)
    text(c, x + 72, y, "Phase", REGULAR, 7, grey=MUTED)
    phase = None if blank else s.get("phase")
    labels = [PHASE_TEXT[p] for p in TURN_PHASES[:3]] + ["Ending Phase"]
    on = {PHASE_TEXT[phase]} if phase in TURN_PHASES[:3] else ({"Ending Phase"} if phase == ENDING else set())
    used = checkbox_row(c, x + 96, y - 1, labels, on, size=7.5, font_size=7.5, gap=6)
    at = x + 104 + used
    if lead is not None and field_size(x + w - at, "Lead Character", lead) < 8:  # a line of its own
        page.take(20)
        at, y = x, y - 20
    field(c, at, y, x + w - at, "Lead Character", lead)
    page.take(20)


def _threat(c, page, s, blank) -> None:
    """The THREAT track in the rules' tier bands, what each tier means, and what moves THREAT."""
    threat = None if blank else _i(s.get("threat"))
    _threat_track(c, page, threat)
    _tier_table(c, page, s, threat, blank)
    note = ("THREAT +1 at each Opening Phase, for each Titan destroyed, each pilot who dies and each Metropolis "
            "destroyed; +2 for each Refuge City destroyed; -1 for each rift closed. Step 21, the sixth Red step, "
            "loses the game at once.")
    lines = wrap_text(note, REGULAR, 7, page.width)
    for k, line in enumerate(lines):
        text(c, page.x0, page.cursor - 8 - 8.5 * k, line, REGULAR, 7, grey=MUTED)
    page.take(4 + 8.5 * len(lines) + GAP - 2)


def _threat_track(c, page, threat) -> None:
    """The track 0-21 with the Alert Token's position (None: blank)."""
    # the rules' tier spans; the last band also holds the numberless sixth Red step (THREAT_MAX)
    bands = [(lo, THREAT_MAX if t == TIERS[-1] else hi, f"{t.upper()} {lo}-{hi}", TIER_TINT[t])
             for t, (lo, hi) in TIER_SPANS.items()]
    label = "THREAT track (Alert Token)"
    if threat is not None:
        label = f"THREAT {threat}: {tier(threat).capitalize()} tier"
        if threat >= THREAT_MAX:
            label = f"THREAT {threat}: the sixth Red step \u2014 the players have lost"
    h = track(c, page.x0, page.cursor, page.width, 0, THREAT_MAX, current=threat, bands=bands, label=label,
              marks={0: "start", THREAT_MAX: "LOST"}, box_h=19)
    page.take(h + 6)


def _tier_table(c, page, s, threat, blank) -> None:
    """What the tiers mean: steps, the Invader Card section, Episode Cards, immunities; the tier in
    force in bold."""
    w = page.width
    players = 0 if blank else len(_d(s.get("players")))
    invaded = bool(s.get("invaded")) if not blank else None
    header = ["Tier", "Steps", "Invader Card section", "Episode Cards per Opening Phase", "Attack Tag immunities"]
    widths = [w * f for f in (0.11, 0.10, 0.19, 0.38, 0.22)]
    rows: list[list] = []
    styles: list = []
    current = tier(threat) if threat is not None else None
    for t in TIERS:
        lo, hi = TIER_SPANS[t]
        steps = f"{lo}-{hi}" + (" (0: start)" if t == GREEN else "")
        rows.append([(t.capitalize(), BOLD), steps, f"{t.capitalize()} section", _episodes(t, players, invaded),
                     "immune as printed" if t == RED else "none"])
        styles.append({"fill": TIER_TINT[t]} if t != WHITE else {"fill": 1.0})
        if t == current:
            rows[-1][0] = (f"\u00bb {t.capitalize()} (now)", BOLD)
            rows[-1] = [cell if isinstance(cell, tuple) else (cell, BOLD) for cell in rows[-1]]
    h = grid(c, page.x0, page.cursor, widths, rows, row_h=12.5, header=header, size=7.4, styles=styles, zebra=False)
    page.take(h + 3)


def _episodes(t, players, invaded) -> str:
    """The Episode Cards a tier draws per Opening Phase (T3), for this table (none: the rule)."""
    if not players:
        return "1 until the first invasion, then players" + (" (all)" if t == RED else " - 1 (at least 1)")
    n = episodes_for(players, TIER_SPANS[t][0], True)
    eps = f"{n} ({'players' if t == 'red' else 'players - 1, at least 1'})"
    return eps if invaded else f"1 now (no invasion yet); then {eps}"


def _decks(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    d = _d(s.get("decks"))

    def v(key):
        return None if blank else _i(d.get(key))

    page.take(heading(c, x, page.cursor, w, "Decks", right="counts of cards"))
    y = page.cursor - 11
    cols = [("Episode deck", "episode"), ("Episode discard", "episode_discard"),
            ("Invasion discard", "invasion_discard"), ("Tech deck", "tech"), ("Face up", "tech_face_up"),
            ("Tech discard", "tech_discard"), ("Final Episodes", "final"), ("Pilots", "pilots"),
            ("Pilot discard", "pilot_discard")]
    row1, row2 = cols[:5], cols[5:]
    for row, yy in ((row1, y), (row2, y - 17)):
        cw = w / len(row)
        for i, (label, key) in enumerate(row):
            field(c, x + i * cw, yy, cw - 8, label, v(key), size=9)
    names = None
    if not blank:
        known = [str(n) for n in _l(d.get("face_up_cards"))]
        unnamed = (_i(d.get("tech_face_up"), 0) or 0) - len(known)
        names = ", ".join(known + ([f"{unnamed} unnamed"] if unnamed > 0 and known else [])) or "-"
    field(c, x, y - 34, w - 8, "Face-up Tech Cards (Research buys one by name)", names, size=8.5)
    page.take(51 + GAP - 2)


# --- cities and rifts -------------------------------------------------------------------

def _hp_boxes(damage, hp, destroyed, blank_hp=5):
    """A grid cell: HP boxes, damaged ones crossed (blank sheets: 5 empty boxes)."""
    def draw(c, x, y, w, h):
        n = hp if hp else blank_hp
        size = min(8.0, (w - 6) / max(n, 1) - 2)
        bx = x + 3
        for i in range(n):
            checkbox(c, bx, y + (h - size) / 2, bool(damage) and i < damage, size=size)
            bx += size + 2
        if destroyed:
            text(c, bx + 2, y + (h - 6) / 2, "X", BOLD, 8)
    return draw


def _cities(c, page, s, blank) -> None:
    w = page.width
    cities = _d(s.get("cities"))
    header = ["City", "Type", "Damage", "Destroyed", "Invaders", "Titans", "Supports", "Yellow / green trail"]
    widths = [w * f for f in (0.15, 0.09, 0.13, 0.095, 0.14, 0.10, 0.10, 0.195)]
    rows: list[list] = []
    styles: list = []
    if blank and not cities:
        for _ in range(18):
            rows.append([None, None, _hp_boxes(0, 0, False), checkbox_cell(False), None, None, None, None])
            styles.append(None)
    elif blank:
        for name, cty in cities.items():
            cty = _d(cty)
            kind = cty.get("type", "")
            rows.append([(name, BOLD), "Metropolis" if kind == METROPOLIS else "Refuge",
                         _hp_boxes(0, CITY_HP.get(kind, 5), False), checkbox_cell(False), None, None, None,
                         f"{cty.get('yellow', '')} / {cty.get('green', '')}"])
            styles.append(None)
    else:
        for name, cty in cities.items():
            rows.append(_city_row(s, name, _d(cty)))
            styles.append({"fill": 0.80} if _d(cty).get("destroyed") else None)
    note = "Metropolis HP 4 (+1 THREAT) \u00b7 Refuge HP 5 (+2 THREAT)"
    _table(c, page, "Cities", note, widths, header, rows, styles, align=["l", "l", "l", "c", "l", "l", "l", "l"],
           blank=blank)


def _city_row(s, name, cty) -> list:
    """A city's row: its type, HP boxes with the damage crossed, destroyed, the invaders, Titans and
    Supports (by colour) on it, and its yellow and green trails."""
    kind = cty.get("type", "")
    destroyed = bool(cty.get("destroyed"))
    here = [p for p, inv in _d(s.get("invaders")).items() if _d(inv).get("city") == name]
    tis = [t for t, v in _d(s.get("titans")).items() if _d(v).get("city") == name and not _d(v).get("destroyed")]
    sups = {}
    for p, v in _d(s.get("players")).items():
        k = sum(1 for sp in _l(_d(v).get("supports")) if _d(sp).get("city") == name)
        if k:
            sups[_d(v).get("color", p)] = k
    trails = f"{cty.get('yellow', '')} / {cty.get('green', '')}"
    return [(name, BOLD), "Metropolis" if kind == METROPOLIS else "Refuge",
            _hp_boxes(_i(cty.get("damage"), 0), CITY_HP.get(kind, 5), destroyed), checkbox_cell(destroyed),
            " ".join(here), " ".join(tis), " ".join(f"{col} {k}" for col, k in sups.items()), trails]


def _table(c, page, title, note, widths, header, rows, styles, align=None, blank=False, min_rows=2) -> None:
    """A headed table whose rows grow to hold their text; it continues on the next page, saying
    so, when it runs out of room (rows of a blank sheet are for pencil: taller, not striped)."""
    x, w = page.x0, sum(widths)
    row_h = PENCIL_ROW if blank else ROW_H
    heights = grid_heights(widths, rows, row_h, SIZE, styles)
    first = True
    while True:
        room = rows_that_fit(heights, page.remaining() - HEAD_H - row_h - (12 if len(rows) > 1 else 0))
        if room < min(min_rows, len(rows) or 1):
            page.new_page()
            continue
        chunk, rows, heights = rows[:room], rows[room:], heights[room:]
        st, styles = styles[:room], styles[room:]
        page.take(heading(c, x, page.cursor, w, title if first else f"{title} (continued)",
                          right=note if first else None))
        h = grid(c, x, page.cursor, widths, chunk, row_h=row_h, header=header, size=SIZE, styles=st, align=align,
                 zebra=not blank)
        page.take(h + GAP)
        first = False
        if not rows:
            return
        continued_line(c, page, title)


def _rifts(c, page, s, blank) -> None:
    w = page.width
    rifts = _d(s.get("rifts"))
    types = _d(s.get("types"))
    header = ["Rift", "Invaders (ability)", "Guardians", "Lair (spot:pawn)", "Rift Token", "Threatens"]
    widths = [w * f for f in (0.07, 0.22, 0.15, 0.13, 0.15, 0.28)]
    rows: list[list] = []
    styles: list = []
    if blank:
        for name, r in list(rifts.items()) if rifts else [(None, {})] * 4:
            rows.append([(name, BOLD) if name else None, None, None, None, _trial_cell(None),
                         ", ".join(_l(_d(r).get("threatens"))) or None])
            styles.append(None)
    else:
        for name, r in rifts.items():
            r = _d(r)
            kind = r.get("type", "")
            cat = _d(types.get(kind)).get("category", "")
            gd = _d(r.get("guardian_damage"))
            guards = " ".join(f"{g}({gd[g]})" if g in gd else g for g in _l(r.get("guardians")))
            trial = r.get("trial")
            closed = bool(r.get("closed"))
            lair_of = _d(r.get("lair"))
            lair = " ".join(f"{k}:{lair_of[k]}" for k in natural(lair_of))
            rows.append([(name, BOLD), f"{kind} ({SHORT_TRIGGER.get(cat, cat)})", guards or "none",
                         lair or "empty", _trial_cell(trial, r.get("challenger")),
                         ", ".join(_l(r.get("threatens")))])
            styles.append({"fill": 0.80} if closed else None)
    note = ("guardians in spot order, damaged ones as ID(damage)" if not blank else
            "Rift Token: sealed, revealed, Tyrant, closed")
    _table(c, page, "Rifts and Lairs", note, widths, header, rows, styles, blank=blank)


def _trial_cell(trial, challenger=None):
    labels = {"sealed": "sealed", "revealed": "revealed", "tyrant": "Tyrant", "defeated": "closed"}

    def draw(c, x, y, w, h):
        if trial is None:
            return
        word = labels.get(trial, str(trial))
        if trial == "tyrant" and challenger:
            word = f"Tyrant vs {challenger}"
        put(c, x + 3, y + (h - 5.5) / 2, word.upper() if trial == "defeated" else word,
            BOLD if trial in ("tyrant", "defeated") else REGULAR, 7.4, max_width=w - 6)
    return draw


# --- Titan sheets ------------------------------------------------------------------------------

PANEL_H = 216.0


def _titans(c, page, s, blank) -> None:
    x, w = page.x0, page.width
    titans = _d(s.get("titans"))
    names = [None] * 4 if blank else list(titans)
    gap = 12
    pw = (w - gap) / 2
    page.take(heading(c, x, page.cursor, w, "Titan sheets",
                      right=None if blank else f"{len(names)} player{'s' if len(names) != 1 else ''}"))
    for i in range(0, len(names), 2):
        _ensure(page, PANEL_H + GAP)
        top = page.cursor
        for j, name in enumerate(names[i:i + 2]):
            _panel(c, x + j * (pw + gap), top, pw, s, name, blank)
        page.take(PANEL_H + GAP)


class Panel:
    """A Titan sheet's box: where it stands on the page and whose it is (nothing: a blank one)."""

    PAD = 6

    def __init__(self, c, x, top, w, s, name, blank):
        self.c, self.x, self.top, self.w, self.blank = c, x, top, w, blank
        self.name = name
        self.t = {} if blank else _d(_d(s.get("titans")).get(name))
        self.player = None if blank else self.t.get("player")
        self.p = {} if blank else _d(_d(s.get("players")).get(self.player))
        self.inner = w - 2 * self.PAD
        self.left = x + self.PAD


def _panel(c, x, top, w, s, name, blank) -> None:
    """A Titan sheet: name and player, pilot and place, the abilities, damage boxes up to HP, the
    Final Blow, Credits and Supports, the Tech Card slots with their Charges, Tyrant Artifacts."""
    pn = Panel(c, x, top, w, s, name, blank)
    y = _panel_title(pn)
    y = _panel_abilities(pn, y)
    y = _panel_damage(pn, y)
    y = _panel_blow_and_supports(pn, y)
    y = _panel_tech(pn, y)
    bonus = _d(pn.p.get("artifact_dice"))
    arts = None if blank else (", ".join(
        str(a) + "".join(f" {n:+d} {k[:3]}" for k, n in _d(bonus.get(a)).items() if _i(n))
        for a in _l(pn.p.get("artifacts"))) or "-")
    field(c, pn.left, y, pn.inner, "Tyrant Artifacts", arts, size=7.5)


def _panel_title(pn: Panel) -> float:
    """The box, its title bar (Titan, player, colour; DESTROYED), the pilot and where it stands."""
    c, x, top, w, t = pn.c, pn.x, pn.top, pn.w, pn.t
    c.setStrokeGray(INK)
    c.setLineWidth(0.9)
    c.roundRect(x, top - PANEL_H, w, PANEL_H, 4, stroke=1, fill=0)
    c.setFillGray(0.88)
    c.rect(x + 0.5, top - 18, w - 1, 17.5, stroke=0, fill=1)
    c.setFillGray(INK)
    if pn.blank:
        field(c, pn.left, top - 13, pn.inner * 0.55, "Titan")
        field(c, pn.left + pn.inner * 0.58, top - 13, pn.inner * 0.42, "Player")
    else:
        rw = text(c, x + w - pn.PAD, top - 13, "DESTROYED", BOLD, 8.5, align="r") if t.get("destroyed") else 0
        label = f"{pn.name} \u00b7 {pn.player} ({pn.p.get('color', '')})"
        put(c, pn.left, top - 13, label, BOLD, 10, max_width=pn.inner - rw - 6, two=6.5)
    y = top - 32
    where = None
    if not pn.blank:
        where = t.get("city") or (f"{t.get('rift')} Rift" if t.get("rift") else ("off the board" if
                                                                                t.get("destroyed") else "not placed"))
    field(c, pn.left, y, pn.inner * 0.50, "Pilot", None if pn.blank else t.get("pilot", "(empty cockpit)"), size=8.5)
    field(c, pn.left + pn.inner * 0.53, y, pn.inner * 0.47, "On", where, size=8.5)
    return y - 10


ABILITY_BOXES = (("hp", "Hit Points"), ("armor", "Armor"), ("combat", "Combat"), ("movement", "Movement"),
                 ("repair", "Repair"))


def _panel_abilities(pn: Panel, y: float) -> float:
    c = pn.c
    bw = pn.inner / len(ABILITY_BOXES)
    for k, (key, label) in enumerate(ABILITY_BOXES):
        bx = pn.left + k * bw
        c.setLineWidth(0.6)
        c.rect(bx + 1, y - 22, bw - 2, 22, stroke=1, fill=0)
        text(c, bx + bw / 2, y - 7.5, label, REGULAR, 6.3, align="c", grey=MUTED)
        val = None if pn.blank else _i(pn.t.get(key))
        if val is not None:
            text(c, bx + bw / 2, y - 19, str(val), BOLD, 10, align="c")
    return y - 33


def _panel_damage(pn: Panel, y: float) -> float:
    """A box per Hit Point, the damage crossed out."""
    c = pn.c
    hp = BLANK_HP if pn.blank else max(1, _i(pn.t.get("hp"), 1))
    dmg = 0 if pn.blank else _i(pn.t.get("damage"), 0)
    text(c, pn.left, y, "Damage" if pn.blank else f"Damage {dmg}/{hp}", BOLD, 7.5)
    lw, step = 62, 10.5
    per_row = max(1, int((pn.inner - lw) // step))
    for k in range(hp):
        row, col = divmod(k, per_row)
        checkbox(c, pn.left + lw + col * step, y - 2 - row * 11, k < dmg, size=8.0)
    rows = (hp + per_row - 1) // per_row
    if pn.blank:
        text(c, pn.left, y - 9, "(cross out boxes above HP)", REGULAR, 5.8, grey=MUTED)
    return y - (11 * rows + (9 if pn.blank else 6))


def _panel_blow_and_supports(pn: Panel, y: float) -> float:
    """The Final Blow (ready or spent, its Refresh Cost and Attack Tags); Credits; three Support slots
    with their city and a knocked-down mark."""
    _panel_blow(pn, y)
    y -= 15
    field(pn.c, pn.left, y, 60, "Credits", None if pn.blank else _i(pn.p.get("credits")), size=9)
    _panel_supports(pn, y)
    y -= 5
    text(pn.c, pn.x + pn.w - pn.PAD, y - 5, "box: knocked down (1 damage)", REGULAR, 5.6, align="r", grey=MUTED)
    return y - 8


def _panel_blow(pn: Panel, y: float) -> None:
    """The Final Blow: ready or spent, its Refresh Cost, its Attack Tags (and extra dice)."""
    c, t, blank = pn.c, pn.t, pn.blank
    ready = None if blank else bool(t.get("blow_ready"))
    text(c, pn.left, y, "Final Blow", BOLD, 7.5)
    used = checkbox_row(c, pn.left + 44, y - 1, ["ready", "spent"],
                        () if ready is None else ({"ready"} if ready else {"spent"}), size=7, font_size=7, gap=5)
    refresh = None if blank else (t.get("refresh") if "refresh" in t else "-")
    fx = pn.left + 50 + used
    field(c, fx, y, 54, "Refresh", refresh, size=8)
    tags = None if blank else ("/".join(_l(t.get("blow_tags"))) or "-")
    if not blank and _i(t.get("blow_dice")):
        tags = f"{tags}; +{t['blow_dice']} dice"
    field(c, fx + 58, y, pn.x + pn.w - pn.PAD - fx - 58, "Tags", tags, size=7.5)


EMPTY_SUPPORT_W = 34.0  # an empty Support slot beside filled ones: room to pencil a city in


def _panel_supports(pn: Panel, y: float) -> None:
    """Three Support slots: the city each stands on, a box ticked when it is knocked down."""
    c = pn.c
    sups = [] if pn.blank else _l(pn.p.get("supports"))
    sx = pn.left + 66
    text(c, sx, y, "Supports", BOLD, 7.5)
    sx += 36
    room = pn.x + pn.w - pn.PAD - sx
    filled = [_d(sp) for sp in sups[:SUPPORTS_MAX]]
    empty = SUPPORTS_MAX - len(filled)
    if filled and empty:  # a pencil's slot each for the empty ones, the rest of the room shared by the cities
        widths = [(room - EMPTY_SUPPORT_W * empty) / len(filled)] * len(filled) + [EMPTY_SUPPORT_W] * empty
    else:
        widths = [room / SUPPORTS_MAX] * SUPPORTS_MAX
    for k, sw in enumerate(widths):
        sp = filled[k] if k < len(filled) else None
        c.setLineWidth(0.5)
        c.line(sx + 9, y - 2, sx + sw - 3, y - 2)
        checkbox(c, sx, y - 1, bool(sp and sp.get("damage")), size=6.5)
        if sp:
            put(c, sx + 10, y, sp.get("city", ""), REGULAR, 6.8, max_width=sw - 14, two=6.0)
        sx += sw


def _panel_tech(pn: Panel, y: float) -> float:
    """The five Tech Card slots (a two-handed card fills both hands): card, tags and bonus dice,
    Charges, disabled."""
    tech = {} if pn.blank else _d(pn.t.get("tech"))
    by_slot = {}
    for card, tc in tech.items():
        by_slot[_d(tc).get("slot")] = (card, _d(tc))
    rows = []
    for slot, label in SLOT_ROWS:
        entry = by_slot.get(slot)
        if entry is None and slot in (HAND1, HAND2) and HANDS in by_slot:
            entry = by_slot[HANDS]
            label = "Hands (2H)"
        if entry is None:
            rows.append([label, None, _charges(0, pn.blank), checkbox_cell(False)])
        else:
            card, tc = entry
            tags = f" [{'/'.join(_l(tc.get('tags')))}]" if tc.get("tags") else ""
            tags += "".join(f" {n:+d} {k}" for k, n in _d(tc.get("dice")).items() if _i(n))
            rows.append([label, fitted(f"{card}{tags}", BOLD, 7.2), _charges(_i(tc.get("charges"), 0), False),
                         checkbox_cell(bool(tc.get("disabled")))])
    widths = [pn.inner * f for f in (0.2, 0.54, 0.17, 0.09)]
    h = grid(pn.c, pn.left, y, widths, rows, row_h=12.5, header=["Slot", "Tech Card", "Charges", "Off"], size=7.2,
             align=["l", "l", "l", "c"], zebra=not pn.blank)
    return y - max(h, 12.5 * 6) - 12


def _charges(n, blank):
    def draw(c, x, y, w, h):
        for k in range(CHARGES_MAX):
            checkbox(c, x + 4 + k * 11, y + (h - 7.5) / 2, k < n and not blank, size=7.5)
    return draw


# --- invaders on the board, notes ------------------------------------------------------------

def _invaders(c, page, s, blank) -> None:
    w = page.width
    cards = _d(s.get("cards"))
    invaders = _d(s.get("invaders"))
    t = s.get("tier", GREEN)
    idx = TIERS.index(t) if t in TIERS else 0
    header = ["Invader", "Type", "On city", "Damage", "HP", "DMG", "Reward", "Immune", "Ability (section in force)"]
    widths = [w * f for f in (0.075, 0.11, 0.12, 0.08, 0.05, 0.06, 0.075, 0.09, 0.34)]
    rows: list[list] = []
    styles: list = []
    if blank:
        rows, styles = _roster(s)
    else:
        for pid, inv in invaders.items():
            card = _d(cards.get(pid))
            hp = _l(card.get("hp"))
            dmg = _l(card.get("dmg"))
            cr = _l(card.get("credits")) or [card.get("reward")] * 4
            imm = _l(card.get("immune"))
            ab = _l(card.get("ability"))
            rows.append([(pid, BOLD), card.get("type", ""), _d(inv).get("city", ""), str(_d(inv).get("damage", 0)),
                         str(hp[idx]) if len(hp) > idx else "", str(dmg[idx]) if len(dmg) > idx else "",
                         str(cr[idx]) if len(cr) > idx else "",
                         "/".join(imm[idx]) if t == RED and len(imm) > idx else "-",
                         ab[idx] if len(ab) > idx else ""])
            styles.append(None)
        if not rows:
            rows.append([None, "no invader is on a city", None, None, None, None, None, None, None])
            styles.append(None)
    note = None if blank else f"{t.capitalize()} section of the Invader Cards"
    _table(c, page, "Invaders on the board" if not blank else "Invader pawns", note, widths, header, rows, styles,
           align=["l", "l", "l", "c", "c", "c", "c", "l", "l"], blank=blank)


def _roster(s) -> tuple[list, list]:
    """A blank sheet's roster of the 20 invader pawns: five a type (a rift each), numbered 1-5 for
    the type's code to be written before; a board's rift names printed on its first row."""
    rifts = list(_d(s.get("rifts")))
    rows, styles = [], []
    for k in range(len(TIERS)):
        for i in range(1, PAWNS_PER_TYPE + 1):
            rift = f"{rifts[k]} rift" if i == 1 and k < len(rifts) else None
            rows.append([_pawn_cell(i), rift, None, None, None, None, None, None, None])
            styles.append({"rule": True} if i == 1 else None)
    return rows, styles


def _pawn_cell(number):
    """A roster's pawn: a line for its type's code, then its number."""
    def draw(c, x, y, w, h):
        c.setLineWidth(0.5)
        c.line(x + 3, y + 4, x + w - 14, y + 4)
        text(c, x + w - 4, y + 5, str(number), BOLD, 8, align="r")
    return draw

