"""Chapter 14, Treasure drops: taking one, resolving it on the TREASURE TABLE, the table file."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.campaign import copy_state, known, known_prices
from journal.games.kraken.model.constants import ITEM_KINDS, MAX_TREASURE_GRADE, TREASURE_COMMANDS
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def treasure_add(state: State, dice: Dice, grade: int, count: int = 1, source: str | None = None) -> Outcome:
    """A2 (and the reward for solving a Location): Treasure drops of a grade (at most 6)."""
    s = copy_state(state)
    if not 1 <= grade:
        raise InputError(f"a Treasure grade is 1 or more, not {grade}")
    if not 1 <= count <= 20:
        raise InputError(f"1 to 20 Treasure drops at a time, not {count}")
    if source is not None and (not source.strip() or "\n" in source or "\r" in source):
        raise InputError("where a drop comes from is one line of text (or leave it out)")
    g = min(grade, MAX_TREASURE_GRADE)
    for _ in range(count):
        s.setdefault("loot", []).append({"grade": g, "from": source.strip() if source else "by hand"})
    msg = f"{plural(count, 'Treasure drop')} of grade {g}" + (f" (from grade {grade}: at most 6)" if grade > g else "")
    return Outcome(s, msg, [say(msg, ": ", cmd("kraken treasure take"), ".")], {"loot": s["loot"]})


_CELL = re.compile(r"\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*")


def parse_treasure_table(doc: dict, source: str = "treasure table") -> tuple[dict, list[str]]:
    """A Treasure Table file (book p. 167, typed by the player): [treasure] title, then
    [columns."NAME"] with "ROLL" = KIND cells ("14" = "weapon", "1-3" = "cash"); KIND is
    cash, item, weapon, ammo or prototype. → ({title, columns: {NAME: {d20: KIND}}}, problems)."""
    problems: list[str] = []
    head = doc["treasure"] if isinstance(doc.get("treasure"), dict) else {}
    title = head.get("title") if isinstance(head.get("title"), str) else ""
    cols = doc.get("columns")
    unknown = set(doc) - {"treasure", "columns"}
    if unknown:
        problems.append(f"{source}: {min(unknown)} is not a known table: expected [treasure] and [columns.NAME]")
    if not isinstance(cols, dict):
        return {"title": title, "columns": {}}, problems + [f"{source}: expected [columns.NAME] tables"]
    out: dict = {}
    for name, cells in cols.items():
        if not isinstance(cells, dict):
            problems.append(f"{source}: columns.{name} is not a table")
            continue
        col: dict = {}
        for key, kind in cells.items():
            m = _CELL.fullmatch(str(key))
            if not m:
                problems.append(f"{source}: columns.{name}.{key!r}: a d20 roll N or a range N-M")
                continue
            lo, hi = int(m[1]), int(m[2] or m[1])
            if not 1 <= lo <= hi <= 20:
                problems.append(f"{source}: columns.{name}.{key!r}: rolls 1-20, low to high")
                continue
            if not isinstance(kind, str) or kind.strip().casefold() not in ITEM_KINDS:
                problems.append(f"{source}: columns.{name}.{key!r} = {kind!r}: one of {', '.join(ITEM_KINDS)}")
                continue
            for r in range(lo, hi + 1):
                if r in col:
                    problems.append(f"{source}: columns.{name}: the roll {r} has two cells")
                col[r] = kind.strip().casefold()
        out[str(name)] = col
    return {"title": title, "columns": out}, problems


def _column(s: State, table: dict | None, column: str | None) -> tuple[str | None, dict]:
    """The Treasure Table column for this drop: `column`, else the one named like the type
    of the Location being explored."""
    if not table or not table.get("columns"):
        if column:
            raise InputError("the Treasure Table has no columns to choose from")
        return None, {}
    cols = table["columns"]
    if column:
        key = known(cols, column, "column")
        return key, cols[key]
    d = s.get("dungeon")
    loc = s["locations"].get(d["location"]) if d else None
    if loc:
        t = loc["type"].casefold()
        for k in cols:
            if k.casefold() == t or k.casefold() in t:
                return k, cols[k]
    return None, {}


def _first_loot(s: State) -> dict:
    loot = s.get("loot") or []
    if not loot:
        raise RuleError("no Treasure drop is waiting")
    return loot[0]


def treasure_take(state: State, dice: Dice, first: str, shift: int = 0, table: dict | None = None,
                  column: str | None = None) -> Outcome:
    """Ch. 14 Treasure drop: first a free Stimpack or Credits equal to the grade, then a d20
    on the TREASURE TABLE (book p. 167) for your Location type (PSI DIVINATION: ±3). With
    the table's cell known (`table`, typed from the book; the column is `column` or the
    explored Location's type), journal names what the drop is."""
    s = copy_state(state)
    drop = _first_loot(s)
    if "d20" in drop:
        raise RuleError(say(f"the grade {drop['grade']} drop rolled d20 {drop['d20']} already: resolve it as the "
                            f"table says: ", TREASURE_COMMANDS))
    if first not in ("credits", "stimpack"):
        raise InputError(f"a drop gives Credits or a Stimpack first, not {typed(first)}")
    out: list[str] = []
    if shift:
        d = s.get("dungeon")
        if abs(shift) != 3:
            raise InputError(f"PSI DIVINATION shifts the d20 by +3 or -3, not {shift:+d}")
        if not d or not d.get("divination"):
            raise RuleError(say("shifting the d20 takes a successful PSI DIVINATION first (",
                                cmd("kraken dungeon psi", "NAME", "divination"), ")"))
        d.pop("divination")
    col_name, col = _column(s, table, column)
    drop["first"] = first
    if first == "credits":
        b = s["credits"]
        s["credits"] += drop["grade"]
        out.append(f"Grade {drop['grade']} drop ({drop['from']}): +{drop['grade']}¢ (Credits {b}¢ → "
                   f"{s['credits']}¢).")
    else:
        out.append(say(f"Grade {drop['grade']} drop ({drop['from']}): a free Stimpack (",
                       cmd("kraken crew equip", "NAME", "SLOT", "Stimpack"), ")."))
    r = dice.roll(20, label="Treasure Table d20")
    v = max(1, min(20, r + shift))
    drop["d20"] = v
    kind = col.get(v)
    if kind:
        drop["kind"] = kind
        out.append(say(f"Treasure Table ({col_name}): d20 {r}", f" {shift:+d} = {v}" if shift else "",
                       f": {_KIND_TEXT[kind]} of grade {drop['grade']}: ", cmd(f"kraken treasure {kind}"), "."))
    else:
        out.append(say(f"Treasure Table: d20 {r}", f" {shift:+d} = {v}" if shift else "",
                       " for your Location type: then resolve it as the table says: ", TREASURE_COMMANDS, "."))
    return Outcome(s, f"Treasure grade {drop['grade']}: {first}, d20 {v}" + (f": {kind}" if kind else ""), out,
                   {"grade": drop["grade"], "first": first, "d20": v, **({"kind": kind} if kind else {})})


_KIND_TEXT = {"cash": "an extra cash drop", "item": "an Item drop", "weapon": "a Weapon drop", "ammo": "an Ammo drop",
              "prototype": "a Prototype drop"}


def treasure_resolve(state: State, dice: Dice, kind: str, value: int | None = None,
                     proto: str | None = None, table: dict | None = None, column: str | None = None) -> Outcome:
    """Ch. 14 what the d20 found: Extra cash (d6 1-5: half the grade's value, 6: all of it),
    an Item or Weapon (d6: the row; choose left or right; weapons come loaded), Ammo (one
    for a weapon of this grade, or two across lower grades), a Prototype (reroll the d20
    until it gives an Item or Weapon — journal rolls it when the column's twenty cells are
    known —, d6 for left or right, then its prototype effect)."""
    s = copy_state(state)
    prices = known_prices(s)
    drop = _first_loot(s)
    if "d20" not in drop:
        raise RuleError(say("take the drop first: ", cmd("kraken treasure take", credits=True), " or ",
                            cmd("kraken treasure take", stimpack=True)))
    if drop.get("kind") and kind != drop["kind"]:
        raise RuleError(say(f"the Treasure Table gave {_KIND_TEXT[drop['kind']]} (d20 {drop['d20']}): ",
                            cmd(f"kraken treasure {drop['kind']}")))
    if kind not in ITEM_KINDS:
        raise InputError(f"'{kind}': cash, item, weapon, ammo or prototype")
    grade = drop["grade"]
    out: list[str] = []
    data: dict = {"grade": grade, "kind": kind}
    if kind == "cash":
        cash_drop(s, dice, grade, value, prices, data, out)
    elif kind in ("item", "weapon"):
        r = dice.roll(6, label=f"{kind} row d6")
        out.append(f"{kind.capitalize()} drop: grade {grade}, d6 {r}: choose the left or right {kind} of row {r}"
                   + (" (it comes with full Ammo)" if kind == "weapon" else "") + ".")
        data["roll"] = r
    elif kind == "ammo":
        out.append(f"Ammo drop: one magazine for a grade {grade} weapon, or two across weapons of lower grades.")
    else:
        prototype_drop(s, dice, grade, proto, table, column, data, out)
    s["loot"].pop(0)
    if not s["loot"]:
        del s["loot"]
    return Outcome(s, f"Treasure grade {grade}: {kind}", out, data)


def cash_drop(s: State, dice: Dice, grade: int, value: int | None, prices: dict, data: dict, out: list[str]) -> None:
    """Extra cash: d6 1-5 half the grade's value (rounded up), 6 all of it."""
    if value is None:
        if grade not in prices:
            noted = ", ".join(f"grade {g}: {p}¢" for g, p in sorted(prices.items()))
            raise InputError(say(f"the value of grade {grade} is in your book ({noted} known): ",
                                 cmd("kraken treasure cash", value="N")))
        value = prices[grade]
    r = dice.roll(6, label="extra cash d6")
    gain = value if r == 6 else half_up(value)
    b = s["credits"]
    s["credits"] += gain
    out.append(f"Extra cash: d6 {r}: {'all' if r == 6 else 'half'} of grade {grade}'s {value}¢ = {gain}¢ "
               f"(Credits {b}¢ → {s['credits']}¢).")
    data.update(roll=r, credits=gain)


def prototype_drop(s: State, dice: Dice, grade: int, proto: str | None, table: dict | None, column: str | None,
                   data: dict, out: list[str]) -> None:
    """A Prototype: the d20 rerolled until it gives an Item or a Weapon (journal rolls it when
    the column's twenty cells are known), a d6 for the row, a d6 for its prototype effect."""
    col_name, col = _column(s, table, column)
    if proto is None and len(col) == 20 and any(v in ("item", "weapon") for v in col.values()):
        rolls: list[int] = []
        while not rolls or col[rolls[-1]] not in ("item", "weapon"):
            rolls.append(dice.roll(20, label="Prototype d20 (rerolled until an Item or Weapon)"))
        proto = col[rolls[-1]]
        out.append(f"Prototype: reroll the d20 until an Item or Weapon ({col_name}): {', '.join(map(str, rolls))} "
                   f"→ {proto}.")
        data["d20"] = rolls
    if proto not in ("item", "weapon"):
        raise InputError(say("what did the rerolled d20 give? ", cmd("kraken treasure prototype", as_="item"), " or ",
                             cmd("kraken treasure prototype", as_="weapon")))
    r = dice.roll(6, label=f"{proto} row d6")
    e = dice.roll(6, label="prototype effect d6")
    out.append(f"Prototype {proto}: grade {grade}, d6 {r}: the left or right {proto} of row {r}; prototype effect "
               f"d6 {e} (book p. 168; no effect if it does not fit). Note the number before its name.")
    data.update(roll=r, effect=e)


def treasure_discard(state: State, dice: Dice) -> Outcome:
    s = copy_state(state)
    drop = _first_loot(s)
    s["loot"].pop(0)
    if not s["loot"]:
        del s["loot"]
    msg = f"Treasure drop of grade {drop['grade']} ({drop['from']}) discarded by hand"
    return Outcome(s, msg, [msg + "."], {"grade": drop["grade"]})
