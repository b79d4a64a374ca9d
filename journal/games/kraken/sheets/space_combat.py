"""The SPACE COMBAT form (ch. 10): the flight, timeline, objectives, enemies, ship and crew.

As the book structures it: the flight's parameters, the timeline (cells crossed out), the
objectives, enemies 1-4 (type, SP with a log of cells, crew, weapon damage, shield,
recharge), your ship (SP log, shield, recharge, armor, weapons with Ammo boxes) and the
crew's usage boxes for the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.catalogue import load as load_catalogue
from journal.games.kraken.model.constants import COMBAT_STEP_TEXT, OPTION_TEXT, TIMELINE_TEXT
from journal.games.kraken.model.systems import ship_stats
from journal.games.kraken.sheets.parts import (
    FORM_GAP, ammo_cell, as_dict, form_cell, form_title, pencil, rules_and_notes,
)
from journal.pdf.flow import grid, heading, put
from journal.pdf.primitives import BOLD, INK, MUTED, REGULAR, ZEBRA, badge, checkbox, text, text_width, triangle

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def draw_space_combat(c, page, s: State, blank: bool) -> None:
    cb = as_dict(s.get("combat")) if not blank else {}
    f = as_dict(s.get("flight")) if not blank else {}
    live = bool(cb)
    sub = ("Chapter 10: 1) timeline 2) objectives and repair 3) targets and fire 4) enemy fire 5) boarding "
           "6) escape 7) recharge, then loop")
    badge = f"COMBAT TURN {cb['turn']} \u00b7 {COMBAT_STEP_TEXT[cb['step']].upper()}" if live else None
    form_title(c, page, "SPACE COMBAT" + (f": {cb['name']}" if cb.get("name") else ""), sub, badge)
    _flight(c, page, cb, f)
    _timeline_and_objectives(c, page, cb, live)
    _enemies(c, page, cb, live)
    _own_ship(c, page, s, cb, blank)
    _crew_usage(c, page, s, cb, blank)
    _rules(c, page, blank)


def _flight(c, page, cb: dict, f: dict) -> None:
    """The flight's values (the left side of the book's page) and its options."""
    x, w = page.x0, page.width
    live = bool(cb)
    top = page.cursor
    boxes = [("Location Difficulty", f.get("location_difficulty")), ("Flight Difficulty", f.get("difficulty")),
             ("Flight number", cb.get("number") or f.get("number")), ("Dice modifications", f.get("modifications")),
             ("XP (and Credits)", cb.get("xp") if live else f.get("xp"))]
    bw = w * 0.62 / 5
    for i, (label, value) in enumerate(boxes):
        form_cell(c, x + i * bw, top - 28, bw - 3, 28, value, label, size=11)
    ox = x + w * 0.62 + 4
    text(c, ox, top - 6, "Flight options (one or two)", BOLD, 6.5, grey=MUTED)
    opts = f.get("options", [])
    colw = (x + w - ox) / 2
    for i, (key, label) in enumerate(OPTION_TEXT.items()):
        cx, cy = ox + (i % 2) * colw, top - 16 - (i // 2) * 9
        checkbox(c, cx, cy, key in opts, 6.5)
        put(c, cx + 8.5, cy + 1, label, BOLD if key in opts else REGULAR, 6.5, max_width=colw - 10)
    page.take(28 + FORM_GAP)


def _timeline_and_objectives(c, page, cb: dict, live: bool) -> None:
    """The timeline's eight cells (crossed out as used) and the four objectives."""
    x, w = page.x0, page.width
    top = page.cursor
    page.take(heading(c, x, top, w * 0.62 - 6, "Timeline", right="cross out each as it is used"))
    heading(c, x + w * 0.62, top, w * 0.38, "Objectives", right="left to right")
    top = page.cursor
    _timeline_cells(c, x, top, (w * 0.62 - 6) / 8, cb, live)
    objs = cb.get("objectives", [])
    ow = w * 0.38 / 4
    for i in range(4):
        o = objs[i] if i < len(objs) else None
        ox = x + w * 0.62 + i * ow
        form_cell(c, ox, top - 30, ow - 2, 30, f"{o['check']}{o['target']}" if o else None, f"OBJ {i + 1}", size=13)
        checkbox(c, ox + ow - 12, top - 28, bool(o and o["solved"]), 7)
    put(c, x + w * 0.62, top - 39, "A attack \u00b7 T tech \u00b7 C charisma \u00b7 ? choose; d6 + attributes, "
        "1 fails", REGULAR, 6, grey=MUTED, max_width=w * 0.38)
    put(c, x, top - 39, "A Attack \u00b7 B Backup \u00b7 C Combat (board) \u00b7 E Evading \u00b7 G Game over \u00b7 "
        "I Idle \u00b7 S Shields \u00b7 T Time \u00b7 V Victory", REGULAR, 6, grey=MUTED, max_width=w * 0.62 - 8)
    page.take(44)


def _timeline_cells(c, x: float, top: float, tw: float, cb: dict, live: bool) -> None:
    """The timeline's eight cells: each code and its word, the current one framed, those used crossed out."""
    tl = cb.get("timeline", [])
    crossed = cb.get("crossed", 0)
    for i in range(8):
        code = tl[i] if i < len(tl) else None
        current = live and i == crossed and i < len(tl) and cb.get("step") == "timeline"
        form_cell(c, x + i * tw, top - 30, tw - 2, 30, code if code != "-" else "\u2013", str(i + 1), size=13,
             shade=0.8 if current else (ZEBRA if code is None and live else None), frame=1.6 if current else 0.6,
             cross=live and i < crossed)
        if code and code != "-":
            put(c, x + i * tw + (tw - 2) / 2, top - 28, TIMELINE_TEXT[code], REGULAR, 5.5, align="c",
                max_width=tw - 4, grey=MUTED)


def _enemies(c, page, cb: dict, live: bool) -> None:
    """Enemies 1-4, a column each."""
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Enemies", right="SP-CREW, DAMAGE, SHIELD-RECHARGE"))
    top = page.cursor
    enemies = cb.get("enemies", [])
    ew = w / 4
    eh = 116 if any(e and e["sp"] == 0 for e in enemies) else 100   # room for a DESTROYED stamp
    for i in range(4):
        e = enemies[i] if i < len(enemies) else None
        ex = x + i * ew
        _enemy_column(c, ex, top, ew - 5, eh, i + 1, e, live)
    page.take(eh + FORM_GAP)


def _rules(c, page, blank: bool) -> None:
    """The chapter's rules in brief, and room for notes."""
    rules = [("Fire", "up to 4 weapons; hit on 4+ (3+ Combat Bridge, +1 when Evading); an unused crew member may "
                      "reroll a miss once; damage hits the Shield, then the SP. EMP: shields only. HE: nothing "
                      "against a Shield, double SP on a 6. OC: 2 more Ammo, double damage."),
             ("Enemy fire", "d6 4+ hits, a 6 adds 3. Evade (Maneuver Engines, once a turn): up to two unused crew, "
                            "Tech / 2 + d6 \u2265 8, a 1 fails. Shields, then Armor, then SP; lost SP: d6 1-2 "
                            "nothing, 3-4 a standard system (d20), 5 a weapon (d20), 6 a shield (choose)."),
             ("Boarding", "Shield \u2264 3, once a turn. One d6 per 6 points of Ranged/Melee, theirs per 2 crew; 4-5 "
                          "a hit, 6 two; negate 1:1; each hit left costs 4 HP; two of your hits remove a die; "
                          "three rounds at most."),
             ("Escape", "d20 + unused crew's Tech \u2265 20 (15 after a failed try): the battle counts as lost."),
             ("After", "systems repaired, SP restored, Ammo refilled; a won flight gives its XP and as many Credits.")]
    rules_and_notes(c, page, "Space Combat rules", rules, blank, most=8)


def _enemy_column(c, x, top, w, h, n, e, live) -> None:
    c.setStrokeGray(INK)
    c.setLineWidth(0.8)
    c.rect(x, top - h, w, h, stroke=1, fill=0)
    triangle(c, x + 12, top - 16, 12, "down", grey=0.25)
    text(c, x + 12, top - 9.5, str(n), BOLD, 7, align="c", grey=1)
    destroyed = bool(e and e["sp"] == 0)
    form_cell(c, x + 22, top - 21, w - 26, 19, None, "ENEMY TYPE")
    if e:
        put(c, x + 25, top - 18.5, e["type"], BOLD, 8.5, max_width=w - 32)
    y = top - 46
    half = (w - 8) / 2
    form_cell(c, x + 4, y, half - 2, 23, f"{e['sp']}/{e['sp_max']}" if e else None, "SP", size=10)
    form_cell(c, x + 4 + half, y, half - 2, 23, e["crew"] if e else None, "CREW", size=10)
    third = (w - 8) / 3
    y2 = y - 25
    vals = [("DAMAGE", (f"{e['damage']}" + (f" {e['effect']}" if e.get("effect") else "")) if e else None),
            ("SHIELD", f"{e['shield']}/{e['shield_max']}" if e else None),
            ("RECHARGE", f"+{e['recharge']}" if e else None)]
    for i, (label, v) in enumerate(vals):
        form_cell(c, x + 4 + i * third, y2, third - 2, 23, v, label, size=9.5)
    text(c, x + 4, top - h + 20, "SP log", BOLD, 5.8, grey=MUTED)
    lw = (w - 8) / 6
    for i in range(6):
        form_cell(c, x + 4 + i * lw, top - h + 4, lw - 2, 13, None, None)
    if destroyed:                        # the stamp in the free strip above the SP log, over no box
        badge(c, x + w / 2 + text_width("DESTROYED", BOLD, 7.5) / 2 + 5.8, top - 84, "DESTROYED", size=7.5)


def _own_ship(c, page, s, cb, blank) -> None:
    x, w = page.x0, page.width
    ship = as_dict(s.get("ship")) if not blank else {}
    cat = load_catalogue()
    st = ship_stats(s, cat) if ship else None
    cs = as_dict(cb.get("ship"))
    page.take(heading(c, x, page.cursor, w, "Your ship" + (f": {ship['hull']}" if ship.get("hull") else ""),
                      right="SP, shield and Ammo full at the start; shields recharge in 7)"))
    top = page.cursor
    triangle(c, x + 10, top - 4, 14, "up", grey=0.25)
    vals = [("SP", f"{cs['sp']}/{cs['sp_max']}" if cs else (st["sp"] if st else None)),
            ("SHIELD", f"{cs['shield']}/{cs['shield_max']}" if cs else (st["shield"] if st else None)),
            ("RECHARGE", (f"+{cs['recharge']}" if cs else (f"+{st['recharge']}" if st else None))),
            ("ARMOR", st["armor"] if st else None)]
    bw = 60
    for i, (label, v) in enumerate(vals):
        form_cell(c, x + 22 + i * bw, top - 26, bw - 3, 26, v, label, size=11)
    lx = x + 22 + 4 * bw + 4
    text(c, lx, top - 7, "SP log (write the SP after each change; when full, erase and go on)", REGULAR, 6,
         grey=MUTED)
    n = 12
    lw = (x + w - lx) / n
    for i in range(n):
        form_cell(c, lx + i * lw, top - 26, lw - 2, 15, None, None)
    page.take(30)
    rows = _ship_weapon_rows(as_dict(ship.get("systems")), cat, cb)
    h = grid(c, x, page.cursor, [w * 0.30, w * 0.18, w * 0.36, w * 0.16], rows,
             row_h=pencil(13, blank), zebra=not blank,
             header=["Weapon (at most 4 fire a turn)", "Damage", "Ammo (crossed: spent)", "State"], size=7.5)
    page.take(h + FORM_GAP)


def _ship_weapon_rows(systems: dict, cat: dict, cb: dict) -> list[list]:
    """The ship's weapons (damage, Ammo, damaged) and their magazines; four rows at least."""
    weapons = [(label, e) for label, e in systems.items() if cat.get(e.get("system"), {}).get("category") == "weapon"]
    mags = [(label, e) for label, e in systems.items() if e.get("system") == "Ammo"]
    ammo = as_dict(cb.get("ammo"))
    rows: list[list] = []
    for label, e in weapons:
        info = cat[e["system"]]
        cap = info.get("ammo")
        left = ammo.get(label, cap) if cb else cap
        rows.append([(label, BOLD), f"{info['damage']}{(' ' + info['special']) if info.get('special') else ''}",
                     ammo_cell(cap, left), "DAMAGED" if e.get("damaged") else ""])
    for label, e in mags:
        cap = cat.get(e.get("for", ""), {}).get("ammo", 0)
        rows.append([(label, BOLD), f"magazine for {e.get('for')}", ammo_cell(cap, ammo.get(label, cap) if cb else cap),
                     ""])
    rows += [[None, None, None, None]] * max(0, 4 - len(rows))
    return rows


TASKS = ("objective", "repair", "reroll", "pilot", "boarding", "defence")


def _crew_usage(c, page, s, cb, blank) -> None:
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Crew", right="each crew member once per turn: mark the task"))
    crew = list(as_dict(s.get("crew"))) if not blank else []
    used = as_dict(cb.get("used"))
    rows = []
    for name in crew:
        m = s["crew"][name]
        what = used.get(name, "")
        cells = [(name, BOLD), f"{m['hp']}/{m['hp_max']}" + (" unc." if m["status"] != "active" else ""),
                 f"{m['tech']}", f"{m['charisma']}", f"{max(m['ranged'], m['melee'])}"]
        for t in TASKS:
            cells.append(_tick(what.startswith(t)))
        rows.append(cells)
    rows += [[None] * 5 + [_tick(False)] * len(TASKS)] * max(0, 4 - len(rows))
    widths = [w * 0.22, w * 0.09, w * 0.06, w * 0.06, w * 0.07] + [w * 0.50 / len(TASKS)] * len(TASKS)
    h = grid(c, x, page.cursor, widths, rows, row_h=pencil(14, blank), zebra=not blank,
             header=["Crew member", "HP", "TEC", "CHA", "RG/ML"] + [t.capitalize() for t in TASKS], size=7.5,
             align=["l", "c", "c", "c", "c"] + ["c"] * len(TASKS))
    page.take(h + FORM_GAP)


def _tick(on: bool):
    def draw(c, x, y, w, h):
        checkbox(c, x + (w - 7.5) / 2, y + (h - 7.5) / 2, on, 7.5)
    return draw
