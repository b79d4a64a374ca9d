"""Page 3+, a crew member's profile: attributes, HP, level, traits, inventory, combat gear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.model.constants import ARMOR_MAX, ATTRIBUTES, HP_CAP, INVENTORY, MAX_TRAITS
from journal.games.kraken.model.members import (
    carry_capacity,
    crew_armor,
    hand_holding,
    overload,
    strength_armor,
    worn_armor,
)
from journal.games.kraken.model.weapons import weapon_spec
from journal.games.kraken.sheets.parts import (
    FORM_GAP, GAP, ammo_cell, as_dict, campaign_sub, header, labelled_cell, pencil, rules_and_notes, rules_fit,
)
from journal.pdf.flow import BLANK_NOTE_LINES, MIN_NOTE_LINES, field, grid, heading, notes_box, put
from journal.pdf.primitives import BOLD, MUTED, REGULAR, track

if TYPE_CHECKING:
    from journal.games.kraken.tables import ArmorPiece, CrewMember, State


def draw_crew_member(c, page, s, name, m, blank, rules_at: int | None = None) -> int:
    """A crew member's page (`blank`: for pencil). `rules_at`: the page an earlier crew page printed
    the crew's rules reminder on, named here when this page has no room for it beside eight note
    lines. Returns the page the rules reminder is on."""
    sub = campaign_sub(s, "", "Crew member profile")
    header(c, page, ("CREW MEMBER: " + name) if name else "CREW MEMBER", sub, [] if blank else _badges(s, name, m),
           blank)
    x, w = page.x0, page.width
    top = page.cursor
    # attributes
    attrs = list(ATTRIBUTES) + ["psi"]
    bw = w / len(attrs)
    cell_h = 32 if blank else 40          # a pencilled digit needs less than a printed 20 pt one
    for i, a in enumerate(attrs):
        value = None if blank else m.get(a, "-" if a == "psi" else None)
        labelled_cell(c, x + i * bw, top - cell_h, bw - 4, cell_h, value, a.upper() if a != "psi" else "PSI (trait)",
                      size=20)
    page.take(cell_h + 6)
    put(c, x, page.cursor - 7, "Attributes 1-8 (16 in all at creation). Strength: HP max = 2 x Strength (at most "
        "14); one backpack item per 2 Strength. PSI: one crew member at most.", REGULAR, 7, max_width=w, grey=MUTED)
    page.take(12)
    _health_and_level(c, page, s, m, blank)
    # traits and inventory side by side
    gap = 14
    left_w = w * 0.38
    right_x = x + left_w + gap
    right_w = w - left_w - gap
    top = page.cursor
    heading(c, x, top, left_w, "Traits", right="at most 4, PSI included")
    heading(c, right_x, top, right_w, "Inventory",
            right=None if blank else _capacity_note(m))
    traits = as_dict(m.get("traits"))
    rows: list[list] = [[(t, BOLD), f"{v:+d}" if isinstance(v, int) else str(v)] for t, v in traits.items()]
    if "psi" in m and not blank:
        rows.insert(0, [("PSI", BOLD), f"level {m['psi']}"])
    rows += [[None, None]] * max(0, MAX_TRAITS - len(rows))
    ht = grid(c, x, top - 19, [left_w * 0.7, left_w * 0.3], rows, row_h=pencil(16, blank), zebra=not blank,
              header=["Trait", "Value"], size=8.5,
              align=["l", "c"])
    hi = _inventory(c, right_x, top - 19, right_w, m, blank)
    page.take(19 + max(ht, hi) + GAP)
    _combat_gear(c, page, m, blank)
    return _crew_rules(c, page, blank, rules_at)


def _badges(s: State, name: str, m: CrewMember) -> list[tuple[str, bool]]:
    """The badges by the name: the level, unconscious, the leader, building (ch. 7)."""
    badges = [(f"LV{m.get('level', 1)}", True)]
    if m.get("status") == "unconscious":
        badges.append(("UNCONSCIOUS", False))
    if s.get("leader") == name:
        badges.append(("LEADER", False))
    for b in as_dict(s.get("builds")).values():
        if name in as_dict(b).get("crew", []):
            badges.append(("BUILDING", False))
    return badges


def _health_and_level(c, page, s: State, m: CrewMember, blank: bool) -> None:
    """The HP bar (cross out lost HP), the level, the next level's cost, the crew's XP."""
    x, w = page.x0, page.width
    hp_max = m.get("hp_max") if not blank else HP_CAP
    hp = None if blank else m.get("hp")
    label = "Health points" + ("" if blank else f": {hp}/{hp_max}" + ("  (unconscious)" if hp == 0 else ""))
    if blank:
        label += " (cross out lost HP; 0 to -3: unconscious, -4: killed)"
    h = track(c, x, page.cursor, w, 1, max(1, hp_max or 1), current=hp if hp else None, label=label, box_h=20,
              min_box=18, marks=None)
    page.take(h + GAP)
    level = None if blank else m.get("level")
    y = page.cursor - 12
    field(c, x, y, w * 0.2, "Level", level, size=12)
    nxt = None if level is None else f"{(level + 1) ** 2} XP"
    field(c, x + w * 0.24, y, w * 0.34, "Next level costs (new level)\u00b2", nxt, size=11)
    field(c, x + w * 0.62, y, w * 0.38, "Crew XP (shared)", None if blank else s.get("xp"), size=11)
    page.take(22)


def _capacity_note(m) -> str:
    cap = carry_capacity(m.get("strength", 1))
    over = overload(m)
    return f"capacity {cap}" + (f" · overload -{over} to attacks" if over else "")


def _inventory(c, x, top, w, m, blank) -> float:
    inv = as_dict(m.get("inventory"))
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
        labelled_cell(c, bx, by, half, box_h, None, labels[slot] + ("  (overload)" if over else ""),
              shade=0.88 if over else None)
        item = inv.get(slot)
        if item:
            put(c, bx + 4, by + 5, item, BOLD, 9, max_width=half - 8)
    return 3 * (box_h + 4)


def _combat_gear(c, page, m: CrewMember, blank: bool) -> None:
    """The crew page's COMBAT GEAR: the Armor worn (one jacket, one helmet, one physical
    Shield in a hand) and its total, the Shield, PSI, weapons with their Ammo and jams."""
    x, w = page.x0, page.width
    if page.remaining() < 150:
        return
    page.take(heading(c, x, page.cursor, w, "Combat gear", right="Armor applies after Shields; a hero's "
                                                                        "Armor is 8 at most"))
    lw = w * 0.52
    rows = [["Jacket"] + _armor_piece(m, "jacket", blank), ["Helmet"] + _armor_piece(m, "helmet", blank),
            ["Physical Shield (in a hand)"] + _armor_piece(m, "physical_shield", blank)]
    top = page.cursor
    h = grid(c, x, top, [lw * 0.42, lw * 0.44, lw * 0.14], rows, row_h=pencil(15, blank), zebra=not blank,
             header=["Armor worn (one of each)", "Item", "Armor"], size=7.5, align=["l", "l", "c"])
    _armor_shield_psi(c, x + lw + 14, top, w - lw - 14, m, blank)
    page.take(max(h, 52) + 6)
    _weapons(c, page, m, blank)


def _armor_piece(m: CrewMember, k: ArmorPiece, blank: bool) -> list:
    """A row of the Armor worn: the item (and the hand that holds a physical Shield), its Armor."""
    p = m.get(k) if not blank else None
    if k == "jacket" and not blank and not p and m.get("armor"):
        return ["(unnamed)", f"{m['armor']}"]
    if not p:
        return [None if blank else "-", None if blank else ""]
    hand = hand_holding(m, p["name"]) if k == "physical_shield" else None
    return [(p["name"] + (f" (hand {hand})" if hand else ""), BOLD), f"{p['armor']}"]


def _armor_shield_psi(c, rx: float, top: float, rw: float, m: CrewMember, blank: bool) -> None:
    """Beside the Armor worn: the ARMOR total, the Shield and PSI."""
    sh = m.get("shield") if not blank else None
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


def _weapons(c, page, m: CrewMember, blank: bool) -> None:
    """The weapons as printed, with their Ammo (crossed: spent) and jams; three rows at least."""
    x, w = page.x0, page.width
    rows = []
    for name, wpn in as_dict(m.get("weapons")).items() if not blank else ():
        try:
            spec = weapon_spec(wpn)
        except Exception:  # noqa: BLE001 - a hand-edited spec: show it as written
            spec = {"ammo": None}
        rows.append([(name + ("*" if wpn.get("mod") else ""), BOLD), wpn["spec"],
                     ammo_cell(spec.get("ammo"), wpn.get("ammo", spec.get("ammo"))),
                     wpn.get("jam", "") + (" T2: recharge" if wpn.get("spent") else "")])
    rows += [[None, None, None, None]] * max(0, 3 - len(rows))
    h = grid(c, x, page.cursor, [w * 0.2, w * 0.36, w * 0.28, w * 0.16], rows, row_h=pencil(14, blank), zebra=not blank,
             header=["Weapon", "As printed (e.g. Rifle (3) 4+, 3 A5 RG)", "Ammo (crossed: spent)",
                     "Jam / state"], size=7.5)
    page.take(h + FORM_GAP)


CREW_RULES = [
    ("HP", "0 to -3: unconscious (recorded as 0, no further damage); -4 or lower: killed and erased. A preset crew "
           "member who died may not rejoin in this campaign."),
    ("Level up", "pay (new level)\u00b2 XP (2 \u2192 3 costs 9) for +1 to one attribute (max 8); raising Strength "
                 "raises HP max and HP together. Or: two levels for a positive trait; one level for a positive and a "
                 "negative trait."),
    ("Carry", "L and R hands plus one backpack item per 2 Strength; one or two items over that is an overload "
              "(-1 / -2 to Ranged and Melee attack rolls). Two magazines of a kind share a slot; a weapon's slot "
              "holds one of its magazines."),
    ("Armor", "carry several Armor Items but wear one jacket, one helmet and one physical Shield (held in a hand); "
              "Armor = their sum + 0.5 a Strength point above 8 (rounded up), 8 at most. Switching them in combat "
              "takes no action; handing items to a team mate is an Exchange action."),
    ("Checks", "d6 + attribute >= target. Bulkheads, mines, lasers: 2d6 + Tech >= 10 + level."),
]


def _crew_rules(c, page, blank: bool, rules_at: int | None) -> int:
    """The rules a crew member's sheet is read with, then lines for pencil (the campaign's notes are
    on the tracker pages and in the log): eight on a blank sheet. Where the page has no room for
    both and an earlier crew page has the rules, a line names that page in their place."""
    if rules_at is None or rules_fit(page, CREW_RULES, blank):
        return rules_and_notes(c, page, "Rules reminder", CREW_RULES, blank, most=10, lines_only=True)
    put(c, page.x0, page.cursor - 9, f"Rules reminder: page {rules_at}", BOLD, 8.5, grey=MUTED)
    page.take(14)
    notes_box(c, page, True, most=10, least=BLANK_NOTE_LINES if blank else MIN_NOTE_LINES)
    return rules_at
