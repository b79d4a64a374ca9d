"""The GROUND COMBAT form (ch. 14): initiative, combatants, action tables, the damage rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.model.campaign import oxygen_max
from journal.games.kraken.model.members import carrying, crew_armor
from journal.games.kraken.sheets.parts import FORM_GAP, as_dict, form_cell, form_title, pencil, rules_and_notes
from journal.pdf.flow import grid, heading, put
from journal.pdf.primitives import BOLD, MUTED, REGULAR, checkbox, text
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def draw_ground_combat(c, page, s: State, blank: bool) -> None:
    g = as_dict(s.get("ground")) if not blank else {}
    live = bool(g)
    badge = None
    if live:
        badge = "SPAWNING" if g["step"] == "spawn" else f"TURN {g['turn']} \u00b7 {g['step'].upper()} ACT"
    form_title(c, page, "GROUND COMBAT", "Chapter 14: spawn, initiative, then each turn: Oxygen, crew actions, "
           "enemy actions (top to bottom), shields recharge", badge)
    x, w = page.x0, page.width
    top = page.cursor
    vals = _fight_values(s, g, blank)
    bw = w / len(vals)
    for i, (label, v) in enumerate(vals):
        form_cell(c, x + i * bw, top - 26, bw - 3, 26, v, label, size=10)
    page.take(26 + 4)
    flags = _effects(g) if live else []
    put(c, x, page.cursor - 7, ("Effects: " + ", ".join(flags)) if flags else
        "Initiative: lowest crew Agility + d6 against lowest enemy Agility + d6 (a draw: the crew). Lone wolf: wins "
        "it, two activations.", REGULAR, 7, grey=MUTED, max_width=w)
    page.take(12)
    _crew_table(c, page, s, g, blank)
    enemies = list(as_dict(g.get("enemies")).items()) if live else []
    _enemy_table(c, page, enemies, blank)
    _action_tables(c, page, enemies)
    page.take(FORM_GAP - 4)
    rules_and_notes(c, page, "Ground Combat rules", RULES, blank)


def _fight_values(s: State, g: dict, blank: bool) -> list[tuple[str, object]]:
    """The combat's values across the top: level, Boss, ambush, map, atmosphere, turn, who
    acts first, Oxygen."""
    live = bool(g)
    return [("Primary level", g.get("level")), ("Boss", ("yes" if g.get("boss") else "no") if live else None),
            ("Ambush", ("yes" if g.get("ambush") else "no") if live else None), ("Map no.", g.get("map")),
            ("Atmosphere", g.get("atmosphere")), ("Turn", g.get("turn") if live and g.get("turn") else None),
            ("First", g.get("first") if live and g.get("first") in ("crew", "enemies") else None),
            ("Oxygen", f"{s['oxygen']}/{oxygen_max(s)}" if not blank else None)]


FLAG_TEXT = (("second", "second Primary"), ("from_hell", "creature from hell"), ("bonus", "reaction bonus"),
             ("flank", "flank used"), ("flash", "PSI FLASH +3"), ("midas", "MIDAS TOUCH"),
             ("surprise", "PSI SURPRISE +2"))


def _effects(g: dict) -> list[str]:
    """What holds in this combat: a second Primary, the reaction bonus, PSI effects, minions,
    escape tries, a TAUNT."""
    flags = [label for key, label in FLAG_TEXT if g.get(key)]
    if g.get("minions"):
        flags.append(plural(g['minions'], 'minion'))
    if g.get("escapes"):
        flags.append(f"{g['escapes']} escape tr{'y' if g['escapes'] == 1 else 'ies'}")
    if g.get("taunt"):
        flags.append(f"TAUNT: {g['taunt']}")
    return flags


def _crew_table(c, page, s: State, g: dict, blank: bool) -> None:
    """The CREW table: HP, Shield, Armor, Agility, weapons, effects and actions, four rows at least."""
    x, w = page.x0, page.width
    live = bool(g)
    page.take(heading(c, x, page.cursor, w, "Crew", right="initiative order: yours as you choose"))
    names = [n for n in g.get("crew", []) if n in s.get("crew", {})] if live else \
        (list(as_dict(s.get("crew"))) if not blank else [])
    rows = [_crew_row(s, g, n) for n in names]
    rows += [[None, _hp_cell(None, 14), None, None, None, None, None, _acts(0)]] * max(0, 4 - len(rows))
    widths = [w * 0.15, w * 0.27, w * 0.11, w * 0.05, w * 0.05, w * 0.19, w * 0.10, w * 0.08]
    h = grid(c, x, page.cursor, widths, rows, row_h=pencil(16, blank), zebra=not blank,
             header=["Crew", "HP", "Shield", "ARM", "AGI", "Weapons (Ammo, jams)", "Effects", "Acted"], size=7,
             align=["l", "l", "c", "c", "c", "l", "l", "c"])
    page.take(h + FORM_GAP)


def _crew_row(s: State, g: dict, n: str) -> list:
    live = bool(g)
    m = s["crew"][n]
    sh = m.get("shield")
    shown = g.get("shields", {}).get(n, sh["power"]) if (sh and live) else (sh["power"] if sh else None)
    eff = [label for on, label in ((n in g.get("cover", []), "cover"), (m.get("psi_exhausted"), "PSI exh."),
                                   (n in g.get("boosts", {}), "+2 conc."), (n in g.get("extra", []), "extra act"))
           if on]
    if carrying(s, n):
        eff.append(f"carries {carrying(s, n)}")
    weapons = "; ".join(f"{k}{'*' if v.get('mod') else ''}" + (f" A{v['ammo']}" if "ammo" in v else "")
                        + (f" {v['jam']}" if v.get("jam") else "") for k, v in as_dict(m.get("weapons")).items())
    acted = g.get("acted", {}).get(n, 0) if live else 0
    return [(n, BOLD), _hp_cell(m["hp"], m["hp_max"]),
            (f"{sh['class']} {shown}/{sh['power']} +{sh['recharge']}"
             + (f"+{m['charger']}" if m.get("charger") else "") if sh else "-"),
            f"{crew_armor(m)}", f"{m['agility']}", weapons or "fists", ", ".join(eff), _acts(acted)]


def _enemy_table(c, page, enemies: list, blank: bool) -> None:
    """The ENEMIES table, in the order they act, four rows at least."""
    x, w = page.x0, page.width
    page.take(heading(c, x, page.cursor, w, "Enemies", right="act top to bottom; LV7 +1 dmg, LV8 +2 dmg and +1 "
                                                                  "to hit"))
    rows = [_enemy_row(k, e) for k, e in enemies]
    rows += [[None, None, _hp_cell(None, 14), None, None, None, None, None, None, None, None]] * max(0, 4 - len(rows))
    widths = [w * 0.16, w * 0.05, w * 0.24, w * 0.08, w * 0.05, w * 0.05, w * 0.05, w * 0.05, w * 0.05, w * 0.11,
              w * 0.11]
    h = grid(c, x, page.cursor, widths, rows, row_h=pencil(16, blank), zebra=not blank,
             header=["Enemy", "LV", "HP", "Shield", "ARM", "AGI", "Esc.", "Tre.", "XP", "Weak/Res.", "Effects"],
             size=6.8, align=["l", "c", "l", "c", "c", "c", "c", "c", "c", "l", "l"])
    page.take(h + 4)


def _enemy_row(k: str, e: dict) -> list:
    sh = e.get("shield")
    eff = ([e["status"].upper()] if e["status"] != "active" else []) \
        + ([f"weaken {e['weaken']}"] if e.get("weaken") else []) + (["confused"] if e.get("confused") else [])
    wr = ("W " + ",".join(e["weak"]) if e.get("weak") else "") + (" R " + ",".join(e["resist"])
                                                                   if e.get("resist") else "")
    return [(f"{k}: {e['name']}", BOLD), f"{e['level']}{'m' if e['minion'] else ''}",
            _hp_cell(max(e["hp"], 0), e["hp_max"]),
            f"{sh['class']} {sh['power']}/{sh['max']}" if sh else "-",
            f"{e['armor']}", f"{e['agility']}", str(e.get("escape", "-")), str(e.get("treasure", "-")),
            str(e.get("xp", "-")), wr.strip(), ", ".join(eff)]


def _action_tables(c, page, enemies: list) -> None:
    """Each enemy's d6 action table and traits, one line each (four enemies at most)."""
    tables = [(k, e) for k, e in enemies if e.get("actions") or e.get("traits")]
    for k, e in tables[:4]:
        line = (f"{k} actions (d6): " + "  \u00b7  ".join(
            f"{r['lo']}{'-' + str(r['hi']) if r['hi'] != r['lo'] else ''}: {r['do']}" for r in e.get("actions", []))
            if e.get("actions") else f"{k}")
        if e.get("traits"):
            line += "   traits: " + "  \u00b7  ".join(e["traits"])
        put(c, page.x0, page.cursor - 7, line, REGULAR, 6.8, max_width=page.width)
        page.take(9.5)


RULES = [("Attack", "every 2 Ranged/Melee points: +1 damage or -1 to the roll (first attack only); a 1 misses and "
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
