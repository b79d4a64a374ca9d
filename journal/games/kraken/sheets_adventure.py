"""Space Kraken printables for issue 6 (drawn after the crew pages by sheets.py):

4. SPACE COMBAT (as the book structures it): the flight's parameters, the timeline (cells
   crossed out), the objectives, enemies 1-4 (type, SP with a log of cells, crew, weapon
   damage, shield, recharge), your ship (SP log, shield, recharge, armor, weapons with
   Ammo boxes) and the crew's usage boxes for the turn.
5. GROUND COMBAT: initiative, each combatant's HP, Shield, Armor and effects, the enemies'
   action tables, the damage pipeline.
6. EXPLORATION: the Location and its maps (IDs, cleared, where the team is), Oxygen,
   bulkheads with their three tries, '?' values, resolved tiles, Treasure drops.

Each page is filled from the state when that part of the game is going on, and otherwise
printed as a form (with the ship and crew already written in where a save has them).
"""

from __future__ import annotations

from journal.games.kraken.catalogue import load as load_catalogue
from journal.games.kraken.sheets import _cell
from journal.games.kraken.state import (
    COMBAT_STEP_TEXT,
    MAX_DEPTH,
    OXYGEN_BASE,
    TIMELINE_TEXT,
    oxygen_max,
    ship_stats,
)
from journal.pdf.primitives import (
    BOLD,
    INK,
    MUTED,
    REGULAR,
    ZEBRA,
    checkbox,
    field,
    grid,
    heading,
    notes_area,
    rules_box,
    text,
    track,
    triangle,
)

GAP = 9


def _d(v) -> dict:
    return v if isinstance(v, dict) else {}


def _box(c, x, y, w, h, value=None, label=None, size=10.0, shade=None, frame=0.6, font=BOLD, cross=False) -> None:
    """The tracker's labelled cell (sheets._cell); `cross` strikes it out."""
    _cell(c, x, y, w, h, value, label, size, shade, frame, font)
    if cross:
        c.setLineWidth(1.4)
        c.line(x + 3, y + 3, x + w - 3, y + h - 3)
        c.line(x + 3, y + h - 3, x + w - 3, y + 3)
        c.setLineWidth(0.6)


def _title(c, page, title, sub, badge=None) -> None:
    x, w = page.x0, page.width
    top = page.cursor
    right = x + w
    if badge:
        bw = min(200, 12 + len(badge) * 5.2)
        c.setFillGray(0.15)
        c.roundRect(right - bw, top - 19.5, bw, 15, 3, stroke=0, fill=1)
        text(c, right - bw / 2, top - 15, badge, BOLD, 8.5, align="c", grey=1, max_width=bw - 6)
        c.setFillGray(INK)
        right -= bw + 6
    text(c, x, top - 15, title, BOLD, 16, max_width=right - x - 6)
    text(c, x, top - 29, sub, REGULAR, 8.5, max_width=w, grey=MUTED)
    page.take(38)


def _ammo_boxes(c, x, y, cap: int, left: int | None, size: float = 6.5, most: int = 12) -> float:
    """Ammo as boxes: spent ones crossed (the book's A8:|||)."""
    shown = min(cap, most)
    for i in range(shown):
        bx = x + i * (size + 1.5)
        checkbox(c, bx, y, left is not None and i >= left, size)
    if cap > most:
        text(c, x + shown * (size + 1.5) + 1, y + 1, f"+{cap - most}", REGULAR, 6)
    return shown * (size + 1.5)


# --- 4. SPACE COMBAT ------------------------------------------------------------------------------

def space_combat(c, page, s: dict, blank: bool) -> None:
    cb = _d(s.get("combat")) if not blank else {}
    f = _d(s.get("flight")) if not blank else {}
    live = bool(cb)
    sub = ("Chapter 10: 1) timeline 2) objectives and repair 3) targets and fire 4) enemy fire 5) boarding "
           "6) escape 7) recharge, then loop")
    badge = f"COMBAT TURN {cb['turn']} \u00b7 {COMBAT_STEP_TEXT[cb['step']].upper()}" if live else None
    _title(c, page, "SPACE COMBAT" + (f": {cb['name']}" if cb.get("name") else ""), sub, badge)
    x, w = page.x0, page.width
    # the flight (left side of the book's page)
    top = page.cursor
    from journal.games.kraken.flight import OPTION_TEXT

    boxes = [("Location Difficulty", f.get("location_difficulty")), ("Flight Difficulty", f.get("difficulty")),
             ("Flight number", cb.get("number") or f.get("number")), ("Dice modifications", f.get("modifications")),
             ("XP (and Credits)", cb.get("xp") if live else f.get("xp"))]
    bw = w * 0.62 / 5
    for i, (label, value) in enumerate(boxes):
        _box(c, x + i * bw, top - 28, bw - 3, 28, value, label, size=11)
    ox = x + w * 0.62 + 4
    text(c, ox, top - 6, "Flight options (one or two)", BOLD, 6.5, grey=MUTED)
    opts = f.get("options", [])
    colw = (x + w - ox) / 2
    for i, (key, label) in enumerate(OPTION_TEXT.items()):
        cx, cy = ox + (i % 2) * colw, top - 16 - (i // 2) * 9
        checkbox(c, cx, cy, key in opts, 6.5)
        text(c, cx + 8.5, cy + 1, label, BOLD if key in opts else REGULAR, 6.5, max_width=colw - 10)
    page.take(28 + GAP)
    # timeline and objectives
    top = page.cursor
    page.take(heading(c, x, top, w * 0.62 - 6, "TIMELINE", 10, right="cross out each as it is used"))
    heading(c, x + w * 0.62, top, w * 0.38, "OBJECTIVES", 10, right="left to right")
    top = page.cursor
    tw = (w * 0.62 - 6) / 8
    tl = cb.get("timeline", [])
    crossed = cb.get("crossed", 0)
    for i in range(8):
        code = tl[i] if i < len(tl) else None
        current = live and i == crossed and i < len(tl) and cb.get("step") == "timeline"
        _box(c, x + i * tw, top - 30, tw - 2, 30, code if code != "-" else "\u2013", str(i + 1), size=13,
             shade=0.8 if current else (ZEBRA if code is None and live else None), frame=1.6 if current else 0.6,
             cross=live and i < crossed)
        if code and code != "-":
            text(c, x + i * tw + (tw - 2) / 2, top - 28, TIMELINE_TEXT[code], REGULAR, 5.5, align="c",
                 max_width=tw - 4, grey=MUTED)
    objs = cb.get("objectives", [])
    ow = w * 0.38 / 4
    for i in range(4):
        o = objs[i] if i < len(objs) else None
        ox = x + w * 0.62 + i * ow
        _box(c, ox, top - 30, ow - 2, 30, f"{o['check']}{o['target']}" if o else None, f"OBJ {i + 1}", size=13)
        checkbox(c, ox + ow - 12, top - 28, bool(o and o["solved"]), 7)
    text(c, x + w * 0.62, top - 39, "A attack \u00b7 T tech \u00b7 C charisma \u00b7 ? choose; d6 + attributes, "
         "1 fails", REGULAR, 6, grey=MUTED, max_width=w * 0.38)
    text(c, x, top - 39, "A Attack \u00b7 B Backup \u00b7 C Combat (board) \u00b7 E Evading \u00b7 G Game over \u00b7 "
         "I Idle \u00b7 S Shields \u00b7 T Time \u00b7 V Victory", REGULAR, 6, grey=MUTED, max_width=w * 0.62 - 8)
    page.take(44)
    # enemies 1-4
    page.take(heading(c, x, page.cursor, w, "ENEMIES", 10, right="SP-CREW, DAMAGE, SHIELD-RECHARGE"))
    top = page.cursor
    enemies = cb.get("enemies", [])
    ew = w / 4
    eh = 100
    for i in range(4):
        e = enemies[i] if i < len(enemies) else None
        ex = x + i * ew
        _enemy_column(c, ex, top, ew - 5, eh, i + 1, e, live)
    page.take(eh + GAP)
    # your ship and the crew
    _own_ship(c, page, s, cb, blank)
    _crew_usage(c, page, s, cb, blank)
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
    page.take(rules_box(c, x, page.cursor, w, "SPACE COMBAT RULES", rules, size=6.6, lead=7.8, fit_below=page.y0)
              + GAP)
    notes_area(c, page, 10, most=8)


def _enemy_column(c, x, top, w, h, n, e, live) -> None:
    c.setStrokeGray(INK)
    c.setLineWidth(0.8)
    c.rect(x, top - h, w, h, stroke=1, fill=0)
    triangle(c, x + 12, top - 16, 12, "down", grey=0.25)
    text(c, x + 12, top - 9.5, str(n), BOLD, 7, align="c", grey=1)
    destroyed = bool(e and e["sp"] == 0)
    _box(c, x + 22, top - 21, w - 26, 19, None, "ENEMY TYPE")
    if e:
        text(c, x + 25, top - 18.5, e["type"], BOLD, 8.5, max_width=w - 32)
    y = top - 46
    half = (w - 8) / 2
    _box(c, x + 4, y, half - 2, 23, f"{e['sp']}/{e['sp_max']}" if e else None, "SP", size=10)
    _box(c, x + 4 + half, y, half - 2, 23, e["crew"] if e else None, "CREW", size=10)
    third = (w - 8) / 3
    y2 = y - 25
    vals = [("DAMAGE", (f"{e['damage']}" + (f" {e['effect']}" if e.get("effect") else "")) if e else None),
            ("SHIELD", f"{e['shield']}/{e['shield_max']}" if e else None),
            ("RECHARGE", f"+{e['recharge']}" if e else None)]
    for i, (label, v) in enumerate(vals):
        _box(c, x + 4 + i * third, y2, third - 2, 23, v, label, size=9.5)
    text(c, x + 4, top - h + 20, "SP log", BOLD, 5.8, grey=MUTED)
    lw = (w - 8) / 6
    for i in range(6):
        _box(c, x + 4 + i * lw, top - h + 4, lw - 2, 13, None, None)
    if destroyed:
        c.setStrokeGray(0.35)
        c.setLineWidth(1.4)
        c.line(x + 3, top - h + 3, x + w - 3, top - 22)
        c.setLineWidth(0.6)
        c.setStrokeGray(INK)
        c.setFillGray(1)
        c.rect(x + w / 2 - 28, top - 32, 56, 12, stroke=1, fill=1)
        text(c, x + w / 2, top - 28.5, "DESTROYED", BOLD, 7, align="c")


def _own_ship(c, page, s, cb, blank) -> None:
    x, w = page.x0, page.width
    ship = _d(s.get("ship")) if not blank else {}
    cat = load_catalogue()
    st = ship_stats(s, cat) if ship else None
    cs = _d(cb.get("ship"))
    page.take(heading(c, x, page.cursor, w, "YOUR SHIP" + (f": {ship['hull']}" if ship.get("hull") else ""), 10,
                      right="SP, shield and Ammo full at the start; shields recharge in 7)"))
    top = page.cursor
    triangle(c, x + 10, top - 4, 14, "up", grey=0.25)
    vals = [("SP", f"{cs['sp']}/{cs['sp_max']}" if cs else (st["sp"] if st else None)),
            ("SHIELD", f"{cs['shield']}/{cs['shield_max']}" if cs else (st["shield"] if st else None)),
            ("RECHARGE", (f"+{cs['recharge']}" if cs else (f"+{st['recharge']}" if st else None))),
            ("ARMOR", st["armor"] if st else None)]
    bw = 60
    for i, (label, v) in enumerate(vals):
        _box(c, x + 22 + i * bw, top - 26, bw - 3, 26, v, label, size=11)
    lx = x + 22 + 4 * bw + 4
    text(c, lx, top - 7, "SP log (write the SP after each change; when full, erase and go on)", REGULAR, 6,
         grey=MUTED)
    n = 12
    lw = (x + w - lx) / n
    for i in range(n):
        _box(c, lx + i * lw, top - 26, lw - 2, 15, None, None)
    page.take(30)
    # weapons
    systems = _d(ship.get("systems"))
    weapons = [(label, e) for label, e in systems.items() if cat.get(e.get("system"), {}).get("category") == "weapon"]
    mags = [(label, e) for label, e in systems.items() if e.get("system") == "Ammo"]
    ammo = _d(cb.get("ammo"))
    rows = []
    for label, e in weapons:
        info = cat[e["system"]]
        cap = info.get("ammo")
        left = ammo.get(label, cap) if cb else cap
        rows.append([(label, BOLD), f"{info['damage']}{(' ' + info['special']) if info.get('special') else ''}",
                     _ammo_cell(cap, left), "DAMAGED" if e.get("damaged") else ""])
    for label, e in mags:
        cap = cat.get(e.get("for", ""), {}).get("ammo", 0)
        rows.append([(label, BOLD), f"magazine for {e.get('for')}", _ammo_cell(cap, ammo.get(label, cap) if cb else cap),
                     ""])
    rows += [[None, None, None, None]] * max(0, 4 - len(rows))
    h = grid(c, x, page.cursor, [w * 0.30, w * 0.18, w * 0.36, w * 0.16], rows, row_h=13,
             header=["Weapon (at most 4 fire a turn)", "Damage", "Ammo (crossed: spent)", "State"], size=7.5)
    page.take(h + GAP)


def _ammo_cell(cap, left):
    def draw(c, x, y, w, h):
        if not cap:
            text(c, x + 4, y + (h - 5) / 2, "unlimited", REGULAR, 6.5, grey=MUTED)
            return
        _ammo_boxes(c, x + 4, y + (h - 6.5) / 2, cap, left)
    return draw


TASKS = ("objective", "repair", "reroll", "pilot", "boarding", "defence")


def _crew_usage(c, page, s, cb, blank) -> None:
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "CREW", 10, right="each crew member once per turn: mark the task"))
    crew = list(_d(s.get("crew"))) if not blank else []
    used = _d(cb.get("used"))
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
    h = grid(c, x, page.cursor, widths, rows, row_h=14,
             header=["Crew member", "HP", "TEC", "CHA", "RG/ML"] + [t.capitalize() for t in TASKS], size=7.5,
             align=["l", "c", "c", "c", "c"] + ["c"] * len(TASKS))
    page.take(h + GAP)


def _tick(on: bool):
    def draw(c, x, y, w, h):
        checkbox(c, x + (w - 7.5) / 2, y + (h - 7.5) / 2, on, 7.5)
    return draw


# --- 5. GROUND COMBAT --------------------------------------------------------------------------------

def ground_combat(c, page, s: dict, blank: bool) -> None:
    g = _d(s.get("ground")) if not blank else {}
    live = bool(g)
    badge = None
    if live:
        badge = "SPAWNING" if g["step"] == "spawn" else f"TURN {g['turn']} \u00b7 {g['step'].upper()} ACT"
    _title(c, page, "GROUND COMBAT", "Chapter 14: spawn, initiative, then each turn: Oxygen, crew actions, "
           "enemy actions (top to bottom), shields recharge", badge)
    x, w = page.x0, page.width
    top = page.cursor
    vals = [("Primary level", g.get("level")), ("Boss", ("yes" if g.get("boss") else "no") if live else None),
            ("Ambush", ("yes" if g.get("ambush") else "no") if live else None), ("Map no.", g.get("map")),
            ("Atmosphere", g.get("atmosphere")), ("Turn", g.get("turn") if live and g.get("turn") else None),
            ("First", {"crew": "crew", "enemies": "enemies"}.get(g.get("first")) if live else None),
            ("Oxygen", f"{s['oxygen']}/{oxygen_max(s)}" if not blank else None)]
    bw = w / len(vals)
    for i, (label, v) in enumerate(vals):
        _box(c, x + i * bw, top - 26, bw - 3, 26, v, label, size=10)
    page.take(26 + 4)
    flags = []
    if live:
        for key, label in (("second", "second Primary"), ("from_hell", "creature from hell"), ("bonus", "reaction bonus"),
                           ("flank", "flank used"), ("flash", "PSI FLASH +3"), ("midas", "MIDAS TOUCH"),
                           ("surprise", "PSI SURPRISE +2")):
            if g.get(key):
                flags.append(label)
        if g.get("minions"):
            flags.append(f"{g['minions']} minion(s)")
        if g.get("escapes"):
            flags.append(f"{g['escapes']} escape tr{'y' if g['escapes'] == 1 else 'ies'}")
        if g.get("taunt"):
            flags.append(f"TAUNT: {g['taunt']}")
    text(c, x, page.cursor - 7, ("Effects: " + ", ".join(flags)) if flags else
         "Initiative: lowest crew Agility + d6 against lowest enemy Agility + d6 (a draw: the crew). Lone wolf: wins "
         "it, two activations.", REGULAR, 7, grey=MUTED, max_width=w)
    page.take(12)
    # crew
    page.take(heading(c, x, page.cursor, w, "CREW", 10, right="initiative order: yours as you choose"))
    names = [n for n in g.get("crew", []) if n in s.get("crew", {})] if live else \
        (list(_d(s.get("crew"))) if not blank else [])
    rows = []
    for n in names:
        m = s["crew"][n]
        sh = m.get("shield")
        shown = g.get("shields", {}).get(n, sh["power"]) if (sh and live) else (sh["power"] if sh else None)
        eff = []
        if n in g.get("cover", []):
            eff.append("cover")
        if m.get("psi_exhausted"):
            eff.append("PSI exh.")
        if n in g.get("boosts", {}):
            eff.append("+2 conc.")
        if n in g.get("extra", []):
            eff.append("extra act")
        from journal.games.kraken.state import carrying, crew_armor

        if carrying(s, n):
            eff.append(f"carries {carrying(s, n)}")
        weapons = "; ".join(f"{k}{'*' if v.get('mod') else ''}" + (f" A{v['ammo']}" if "ammo" in v else "")
                            + (f" {v['jam']}" if v.get("jam") else "") for k, v in _d(m.get("weapons")).items())
        acted = g.get("acted", {}).get(n, 0) if live else 0
        rows.append([(n, BOLD), _hp_cell(m["hp"], m["hp_max"]),
                     (f"{sh['class']} {shown}/{sh['power']} +{sh['recharge']}"
                      + (f"+{m['charger']}" if m.get("charger") else "") if sh else "-"),
                     f"{crew_armor(m)}", f"{m['agility']}", weapons or "fists", ", ".join(eff), _acts(acted)])
    rows += [[None, _hp_cell(None, 14), None, None, None, None, None, _acts(0)]] * max(0, 4 - len(rows))
    widths = [w * 0.15, w * 0.27, w * 0.11, w * 0.05, w * 0.05, w * 0.19, w * 0.10, w * 0.08]
    h = grid(c, x, page.cursor, widths, rows, row_h=16,
             header=["Crew", "HP", "Shield", "ARM", "AGI", "Weapons (Ammo, jams)", "Effects", "Acted"], size=7,
             align=["l", "l", "c", "c", "c", "l", "l", "c"])
    page.take(h + GAP)
    # enemies
    page.take(heading(c, x, page.cursor, w, "ENEMIES", 10, right="act top to bottom; LV7 +1 dmg, LV8 +2 dmg and +1 "
                                                                  "to hit"))
    enemies = list(_d(g.get("enemies")).items()) if live else []
    rows = []
    for k, e in enemies:
        sh = e.get("shield")
        eff = []
        if e.get("weaken"):
            eff.append(f"weaken {e['weaken']}")
        if e.get("confused"):
            eff.append("confused")
        if e["status"] != "active":
            eff.insert(0, e["status"].upper())
        wr = ("W " + ",".join(e["weak"]) if e.get("weak") else "") + (" R " + ",".join(e["resist"])
                                                                       if e.get("resist") else "")
        rows.append([(f"{k}: {e['name']}", BOLD), f"{e['level']}{'m' if e['minion'] else ''}",
                     _hp_cell(max(e["hp"], 0), e["hp_max"]),
                     f"{sh['class']} {sh['power']}/{sh['max']}" if sh else "-",
                     f"{e['armor']}", f"{e['agility']}", str(e.get("escape", "-")), str(e.get("treasure", "-")),
                     str(e.get("xp", "-")), wr.strip(), ", ".join(eff)])
    rows += [[None, None, _hp_cell(None, 14), None, None, None, None, None, None, None, None]] * max(0, 4 - len(rows))
    widths = [w * 0.16, w * 0.05, w * 0.24, w * 0.08, w * 0.05, w * 0.05, w * 0.05, w * 0.05, w * 0.05, w * 0.11,
              w * 0.11]
    h = grid(c, x, page.cursor, widths, rows, row_h=16,
             header=["Enemy", "LV", "HP", "Shield", "ARM", "AGI", "Esc.", "Tre.", "XP", "Weak/Res.", "Effects"],
             size=6.8, align=["l", "c", "l", "c", "c", "c", "c", "c", "c", "l", "l"])
    page.take(h + 4)
    tables = [(k, e) for k, e in enemies if e.get("actions") or e.get("traits")]
    for k, e in tables[:4]:
        line = (f"{k} actions (d6): " + "  \u00b7  ".join(
            f"{r['lo']}{'-' + str(r['hi']) if r['hi'] != r['lo'] else ''}: {r['do']}" for r in e.get("actions", []))
            if e.get("actions") else f"{k}")
        if e.get("traits"):
            line += "   traits: " + "  \u00b7  ".join(e["traits"])
        text(c, x, page.cursor - 7, line, REGULAR, 6.8, max_width=w)
        page.take(9.5)
    page.take(GAP - 4)
    rules = [("Attack", "every 2 Ranged/Melee points: +1 damage or -1 to the roll (first attack only); a 1 misses and "
                        "jams, a 6 adds 1; Ammo spent unless jammed. Flank: Agility 8+, +3 damage. Berserk: up to 3 HP "
                        "into melee damage."),
             ("Damage", "Shield first (A: ranged only, B: all; IS ignores) \u2192 Armor (AP half, IA none, WEAKEN "
                        "lowers it) \u2192 weaknesses/resistances (x3, x2, x1, x0.5, 0) \u2192 HP. A crew member's "
                        "Armor: one jacket + one helmet + one physical Shield in a hand (+0.5 a Strength point "
                        "above 8), 8 at most; switching them takes no action."),
             ("Other actions", "cover (+1 Armor, +1 to be hit), reload, unjam (8+, then 6+, then 6+ or it breaks), "
                               "item, exchange, escape (d6 + lowest Agility + 3 per sacrificed + 2 per try \u2265 the "
                               "highest enemy Agility), PSI (d6 + PSI \u2265 difficulty), meditate (d6 \u2265 3 + "
                               "missing HP)."),
             ("Capture", "an attack that leaves an alien at 0, -1 or -2 HP may capture it (a Zombie lower too); "
                         "its carrier cannot attack."),
             ("After", "a Treasure drop per defeated (or captured) Primary; XP for every defeated, captured or escaped "
                       "enemy (double for a Boss); jams clear.")]
    page.take(rules_box(c, x, page.cursor, w, "GROUND COMBAT RULES", rules, size=6.6, lead=7.8, fit_below=page.y0)
              + GAP)
    notes_area(c, page, 10, most=12)


def _hp_cell(hp, hp_max):
    def draw(c, x, y, w, h):
        n = max(1, hp_max or 1)
        size = min(7.0, (w - 6) / n - 1)
        for i in range(n):
            checkbox(c, x + 3 + i * (size + 1), y + (h - size) / 2, hp is not None and i >= hp, size)
        if hp is not None:
            text(c, x + w - 3, y + (h - 5) / 2, f"{hp}/{hp_max}", BOLD, 6, align="r")
    return draw


def _acts(n):
    def draw(c, x, y, w, h):
        for i in range(2):
            checkbox(c, x + 4 + i * 10, y + (h - 7) / 2, i < n, 7)
    return draw


# --- 6. EXPLORATION -----------------------------------------------------------------------------------

def exploration(c, page, s: dict, blank: bool) -> None:
    from journal.games.kraken.rules import effective_atmosphere

    d = _d(s.get("dungeon")) if not blank else {}
    live = bool(d)
    loc = _d(s.get("locations", {}).get(d.get("location"))) if live else {}
    badge = f"MAP{d['location']} \u00b7 MAP {d['map']} OF {loc.get('depth', '?')}" if live else None
    _title(c, page, "DUNGEON EXPLORATION" + (f": {loc.get('name') or loc.get('type')}" if loc else ""),
           "Chapter 13: move and activate tiles; Oxygen by atmosphere (breathable 0, none 1, hell 2 an action); "
           "leave a map and it is cleared", badge)
    x, w = page.x0, page.width
    top = page.cursor
    ao = effective_atmosphere(s, loc, "ao") if loc else None
    ai = effective_atmosphere(s, loc, "ai") if loc else None
    vals = [("Location", f"MAP{d['location']}" if live else None), ("Type", loc.get("type")),
            ("Difficulty", loc.get("difficulty")), ("AO (counts as)", f"{loc['ao']} ({ao})" if loc else None),
            ("AI (counts as)", f"{loc['ai']} ({ai})" if loc else None), ("Teleport", loc.get("teleport")),
            ("Special", (loc.get("special") or "-") if loc else None), ("Species", loc.get("species"))]
    fr = [0.09, 0.18, 0.09, 0.13, 0.13, 0.09, 0.15, 0.14]
    cx = x
    for (label, v), f in zip(vals, fr, strict=True):
        _box(c, cx, top - 26, w * f - 3, 26, v, label, size=9)
        cx += w * f
    page.take(30)
    # the maps
    page.take(heading(c, x, page.cursor, w, "MAPS", 10, right="Map ID (d20 as you enter) \u00b7 X cleared \u00b7 "
                                                             "arrow: the team"))
    top = page.cursor
    depth = loc.get("depth", MAX_DEPTH) if loc else MAX_DEPTH
    mw = w / MAX_DEPTH
    maps = loc.get("maps", []) if loc else []
    cleared = set(loc.get("cleared", [])) if loc else set()
    for i in range(MAX_DEPTH):
        mx = x + i * mw
        beyond = loc and i >= depth
        here = live and d["map"] == i + 1
        _box(c, mx, top - 34, mw - 3, 26, maps[i] if i < len(maps) else None, f"MAP {i + 1}", size=12,
             shade=0.8 if beyond else (0.9 if here else None), frame=1.8 if here else 0.6)
        if here:
            triangle(c, mx + (mw - 3) / 2, top - 7, 7, "down")
        if not beyond:
            checkbox(c, mx + mw - 13, top - 32, i + 1 in cleared, 7)
        if beyond:
            c.setStrokeGray(0.55)
            c.line(mx + 2, top - 32, mx + mw - 5, top - 10)
            c.setStrokeGray(INK)
    page.take(38)
    if live:
        from journal.games.kraken.dungeon import atmosphere_here, breached

        where = f"{d['where']} ({atmosphere_here(s, d)}" + (": breach)" if breached(d) and d["where"] == "inside"
                                                             else ")")
    else:
        where = None
    status = []
    if live:
        if d.get("free_move"):
            status.append("free move pending")
        if d.get("backwards"):
            status.append("went back: no exit forward")
        if d.get("at"):
            status.append(f"at {d['at'].replace(':', ' ')}")
        if d.get("visit"):
            status.append("short visit")
        if d.get("portal"):
            status.append(f"on teleportal {d['portal']}")
    y = page.cursor - 12
    field(c, x, y, w * 0.3, "The team stands", where, size=9)
    field(c, x + w * 0.32, y, w * 0.26, "Actions so far", d.get("actions") if live else None, size=9)
    field(c, x + w * 0.6, y, w * 0.4, "Status", ", ".join(status) if status else None, size=8)
    page.take(20)
    team = [n for n in d.get("crew", []) if n in s.get("crew", {})] if live else []
    field(c, x, page.cursor - 10, w, "Deployed crew (HP)",
          ", ".join(f"{n} {s['crew'][n]['hp']}/{s['crew'][n]['hp_max']}" for n in team) if team else None, size=8.5)
    page.take(18)
    mx_ox = oxygen_max(s) if not blank else OXYGEN_BASE
    cur = None if blank else s.get("oxygen")
    h = track(c, x, page.cursor, w, 0, mx_ox, current=cur, label="Oxygen" + ("" if blank else f": {cur}/{mx_ox}"),
              box_h=14, min_box=14, number_size=7)
    page.take(h + GAP)
    # bulkheads, values, resolved
    half = (w - 12) / 2
    top = page.cursor
    heading(c, x, top, half, "BULKHEADS", 10, right="2d6+Tech \u2265 10+B#")
    heading(c, x + half + 12, top, half, "TILES THIS EXPLORATION", 10, right="'?' = d6 / 2, rounded up")
    top -= 19
    rows = []
    for key, b in _d(d.get("bulkheads")).items():
        mapno, _sep, tile = key.partition(":")
        state_ = "open" if b["open"] else ("LOCKED" if b["fails"] >= 3 else "closed")
        rows.append([(tile, BOLD), mapno, _fails(b["fails"]), (state_, BOLD if state_ == "LOCKED" else REGULAR)])
    rows += [[None, None, _fails(0), None]] * max(0, 5 - len(rows))
    hb = grid(c, x, top, [half * 0.25, half * 0.15, half * 0.35, half * 0.25], rows, row_h=14,
              header=["Bulkhead", "Map", "Failed tries", "State"], size=7.5, align=["l", "c", "l", "c"])
    trows = []
    for key, v in _d(d.get("values")).items():
        trows.append([key.replace(":", " "), f"? = {v}"])
    for key in d.get("resolved", []) if live else []:
        parts = key.split(":")
        kind = parts[1][:1]
        what = {"clone": "clone station used", "quest": "quest master used", "repaired": "hull breach repaired"}.get(
            parts[2] if len(parts) > 2 else "",
            {"M": "mines dealt with", "E": "enemy defeated", "B": "boss defeated", "T": "treasure taken"}.get(
                kind, "resolved"))
        trows.append([f"map {parts[0]} {parts[1]}", what])
    for key, uses in _d(d.get("med")).items():
        trows.append([key.replace(":", " "), f"med-station used {uses}/3"])
    for key in d.get("disabled", []) if live else []:
        parts = key.split(":")
        trows.append([f"map {parts[0]} {parts[1]}", "disruptor off" if key.endswith(":disruptor") else "laser off"])
    for key in d.get("disruptors", []) if live else []:
        if f"{key}:disruptor" not in d.get("disabled", []):
            mapno, _sep, tile = key.partition(":")
            trows.append([f"map {mapno} {tile}", "DISRUPTOR on: no Teleporter"])
    for key in d.get("breaches", []) if live else []:
        if f"{key}:repaired" not in d.get("resolved", []):
            mapno, _sep, tile = key.partition(":")
            trows.append([f"map {mapno} {tile}", "HULL BREACH: its areas Outside"])
    if live and d.get("portals"):
        trows.append([f"map {d['map']} teleportals", " ".join(map(str, d["portals"]))])
    trows += [[None, None]] * max(0, 5 - len(trows))
    ht = grid(c, x + half + 12, top, [half * 0.4, half * 0.6], trows[:12], row_h=14, header=["Tile", "Note"],
              size=7.5)
    page.take(19 + max(hb, ht) + GAP)
    # treasure drops
    loot = s.get("loot", []) if not blank else []
    page.take(heading(c, x, page.cursor, w, "TREASURE DROPS", 10, right="Credits = grade or a Stimpack, then d20 on "
                                                                        "the Treasure Table"))
    rows = [[(f"grade {drop['grade']}", BOLD), drop["from"], drop.get("first", ""), str(drop.get("d20", ""))]
            for drop in loot]
    rows += [[None] * 4] * max(0, 3 - len(rows))
    h = grid(c, x, page.cursor, [w * 0.15, w * 0.5, w * 0.2, w * 0.15], rows[:8], row_h=14,
             header=["Drop", "From", "Taken", "d20"], size=7.5)
    page.take(h + GAP)
    rules = [("Oxygen", "every move-and-activate action costs 1 (none) or 2 (hell); breathable is free; Hardcore: "
                        "NO counts as HELL, YES as NO. Out of Oxygen: a member faints per action."),
             ("Checks", "bulkheads, mines, lasers: 2d6 + Tech \u2265 10 + level. Mines: else each d6 + Agility "
                        "\u2265 8 or take difficulty + grade (the disarmer +2); Armor helps, Shields do not."),
             ("Avoid", "Run d6 + lowest + highest Agility \u2265 LV + 9; Camouflage each d6 + Tech \u2265 LV + 2; "
                       "Charisma d6 + all Charisma + Credits \u2265 LV x 3 + 5; Intimidate LV < second lowest crew "
                       "level. Never a Boss."),
             ("Leave", "the first map's entrance, the last map's exit (solves it: XP = maps x difficulty x 2, four "
                       "Treasures of difficulty + 1 or two of + 2), an Exit Location '/', the Teleporter in range "
                       "(no active Disruptor), or nobody left.")]
    page.take(rules_box(c, x, page.cursor, w, "EXPLORATION RULES", rules, size=6.6, lead=7.8, fit_below=page.y0)
              + GAP)
    notes_area(c, page, 10, most=12)


def _fails(n):
    def draw(c, x, y, w, h):
        for i in range(3):
            checkbox(c, x + 4 + i * 11, y + (h - 7.5) / 2, i < n, 7.5)
        if n >= 3:
            text(c, x + 40, y + (h - 5) / 2, "locked", BOLD, 6.5)
    return draw


def draw_pages(c, page, s: dict, blank: bool) -> None:
    """The three issue-6 pages, each on a new page (the caller started none)."""
    page.new_page()
    space_combat(c, page, s, blank)
    page.new_page()
    ground_combat(c, page, s, blank)
    page.new_page()
    exploration(c, page, s, blank)



def crew_gear(c, page, m: dict, blank: bool) -> None:
    """The crew page's COMBAT GEAR: the Armor worn (one jacket, one helmet, one physical
    Shield in a hand) and its total, the Shield, PSI, weapons with their Ammo and jams."""
    x, w = page.x0, page.width
    if page.remaining() < 150:
        return
    page.take(heading(c, x, page.cursor, w, "COMBAT GEAR", 10.5, right="Armor applies after Shields; a hero's "
                                                                        "Armor is 8 at most"))
    sh = m.get("shield") if not blank else None
    from journal.games.kraken.state import (
        ARMOR_MAX,
        crew_armor,
        hand_holding,
        strength_armor,
        worn_armor,
    )

    def piece(k):
        p = m.get(k) if not blank else None
        if k == "jacket" and not blank and not p and m.get("armor"):
            return ["(unnamed)", f"{m['armor']}"]
        if not p:
            return [None if blank else "-", None if blank else ""]
        hand = hand_holding(m, p["name"]) if k == "physical_shield" else None
        return [(p["name"] + (f" (hand {hand})" if hand else ""), BOLD), f"{p['armor']}"]

    lw = w * 0.52
    rows = [["Jacket"] + piece("jacket"), ["Helmet"] + piece("helmet"),
            ["Physical Shield (in a hand)"] + piece("physical_shield")]
    top = page.cursor
    h = grid(c, x, top, [lw * 0.42, lw * 0.44, lw * 0.14], rows, row_h=15,
             header=["Armor worn (one of each)", "Item", "Armor"], size=7.5, align=["l", "l", "c"])
    rx, rw = x + lw + 14, w - lw - 14
    extra = strength_armor(m) if not blank else 0
    total = None if blank else (f"{crew_armor(m)}" + (f" ({worn_armor(m)} worn + {extra} Strength)" if extra else ""))
    field(c, rx, top - 12, rw, f"ARMOR (the sum; {ARMOR_MAX} at most)", total, size=10)
    field(c, rx, top - 12 - 20, rw, "Shield (A: ranged only; B: all)",
          (f"{sh['class']} {sh['power']}, +{sh['recharge']} a turn" + (f", charger +{m['charger']}"
                                                                      if m.get("charger") else "")) if sh
          else (None if blank else "none"),
          size=9)
    field(c, rx, top - 12 - 40, rw, "PSI", ("exhausted" if m.get("psi_exhausted") else
                                           ("ready" if "psi" in m else "-")) if not blank else None, size=9)
    page.take(max(h, 52) + 6)
    from journal.games.kraken.ground import weapon_spec

    rows = []
    for name, wpn in _d(m.get("weapons")).items() if not blank else ():
        try:
            spec = weapon_spec(wpn)
        except Exception:  # noqa: BLE001 - a hand-edited spec: show it as written
            spec = {"ammo": None}
        rows.append([(name + ("*" if wpn.get("mod") else ""), BOLD), wpn["spec"],
                     _ammo_cell(spec.get("ammo"), wpn.get("ammo", spec.get("ammo"))),
                     wpn.get("jam", "") + (" T2: recharge" if wpn.get("spent") else "")])
    rows += [[None, None, None, None]] * max(0, 3 - len(rows))
    h = grid(c, x, page.cursor, [w * 0.2, w * 0.36, w * 0.28, w * 0.16], rows, row_h=14,
             header=["Weapon", "As printed (e.g. Rifle (3) 4+, 3 A5 RG)", "Ammo (crossed: spent)",
                     "Jam / state"], size=7.5)
    page.take(h + GAP)
