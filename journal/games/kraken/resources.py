"""The crew's resources: Credits (K12), XP, Oxygen (3.6), item prices by grade (p. 165/167)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, credits_line, oxygen_max, pay_credits
from journal.games.kraken.model.constants import GRADE_PRICES, MAX_TREASURE_GRADE
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def credits(state: State, dice: Dice, delta: int | None = None, value: int | None = None, buy: bool = False,
            why: str | None = None) -> Outcome:
    """K12: a penalty you cannot cover takes all your Credits and nothing more; a purchase
    (--buy) you cannot cover is refused."""
    s = copy_state(state)
    before = s["credits"]
    out: list[str] = []
    what = why or ("a purchase" if buy else "a payment")
    if value is not None:
        if value < 0:
            raise InputError(f"Credits are 0 or more, not {value}")
        s["credits"] = value
        out.append(credits_line(before, value) + " (set by hand)")
    elif delta is None or delta == 0:
        raise InputError("a DELTA of 0 changes nothing: +N gains, -N pays, =N sets")
    elif delta > 0:
        if buy:
            raise InputError("a purchase takes Credits away: a negative DELTA (e.g. -12)")
        s["credits"] += delta
        out.append(credits_line(before, s["credits"]))
    else:
        pay_credits(s, -delta, what, out, purchase=buy)
    how = f"={value}" if value is not None else f"{delta:+d}"
    summary = f"Credits {before} → {s['credits']} ({how}{', ' + why if why else ''})"
    return Outcome(s, summary, out, {"before": before, "credits": s["credits"]})


def xp(state: State, dice: Dice, delta: int | None = None, value: int | None = None, why: str | None = None) -> Outcome:
    """XP are shared by the crew (ch. 14); spent by levelling up."""
    s = copy_state(state)
    before = s["xp"]
    if value is not None:
        if value < 0:
            raise InputError(f"XP are 0 or more, not {value}")
        s["xp"] = value
    elif not delta:
        raise InputError("a DELTA of 0 changes nothing: +N gains, -N spends, =N sets")
    else:
        if before + delta < 0:
            raise RuleError(f"the crew has {before} XP: cannot take away {-delta}")
        s["xp"] = before + delta
    how = f"={value}" if value is not None else f"{delta:+d}"
    line = f"XP {before} → {s['xp']}"
    return Outcome(s, f"{line} ({how}{', ' + why if why else ''})", [line + "."], {"before": before, "xp": s["xp"]})


def oxygen(state: State, dice: Dice, delta: int | None = None, value: int | None = None, tanks: int | None = None
           ) -> Outcome:
    """3.6: 25 units shared by the crew plus Oxygen tanks; 0 to the maximum."""
    s = copy_state(state)
    out: list[str] = []
    before = s["oxygen"]
    if tanks is not None:
        if not 0 <= tanks <= 999:
            raise InputError(f"the crew's tanks hold 0 or more extra Oxygen, not {tanks}")
        old_max = oxygen_max(s)
        s["oxygen_tanks"] = tanks
        new_max = oxygen_max(s)
        out.append(f"Oxygen maximum {old_max} → {new_max} (25 + {tanks} in tanks).")
        if s["oxygen"] > new_max:
            s["oxygen"] = new_max
    mx = oxygen_max(s)
    if value is not None:
        if not 0 <= value <= mx:
            raise InputError(f"Oxygen is 0..{mx}, not {value}")
        s["oxygen"] = value
    elif delta:
        target = s["oxygen"] + delta
        s["oxygen"] = max(0, min(mx, target))
        if target < 0:
            out.append(f"Only {before} Oxygen left: it runs out.")
        elif target > mx:
            out.append(f"(Oxygen stops at its maximum {mx}.)")
    elif tanks is None:
        raise InputError("a DELTA of 0 changes nothing: -N spends, +N refills, =N sets (or give the tanks' extra "
                         "Oxygen)")
    out.insert(0, f"Oxygen {before} → {s['oxygen']}/{mx}.")
    if s["oxygen"] == 0:
        out.append("Out of Oxygen: every action that costs Oxygen now makes an active crew member "
                   "unconscious (chapter 13).")
    return Outcome(s, f"Oxygen {before} → {s['oxygen']}", out, {"before": before, "oxygen": s["oxygen"], "max": mx})


def grade_price(state: State, dice: Dice, grade: int, price: int | None = None) -> Outcome:
    """Note the price of an item or weapon grade from the book's Weapons and Items pages
    (p. 165/167), once per campaign: Shops, Modders and extra cash drops use it. The
    grades our rulebook text prints (3: 12¢, 4: 30¢) are fixed."""
    s = copy_state(state)
    if not 1 <= grade <= MAX_TREASURE_GRADE:
        raise InputError(f"grade {grade}: grades are 1-{MAX_TREASURE_GRADE}")
    if grade in GRADE_PRICES:
        raise RuleError(f"grade {grade} costs {GRADE_PRICES[grade]}¢: the rulebook prints it (ch. 13-14)")
    table = s.setdefault("grade_prices", {})
    if price is None:
        if str(grade) not in table:
            raise RuleError(f"no price noted for grade {grade}")
        del table[str(grade)]
        if not table:
            del s["grade_prices"]
        msg = f"Grade {grade}: price erased"
        return Outcome(s, msg, [msg + " (give --price again when you need it)."], {"grade": grade})
    if price < 0:
        raise InputError("a price is 0 or more Credits")
    table[str(grade)] = price
    s["grade_prices"] = {k: table[k] for k in sorted(table)}
    msg = f"Grade {grade} items and weapons cost {price}¢"
    return Outcome(s, msg, [msg + " (from your book, p. 165/167)."], {"grade": grade, "price": price})
