"""The `show` command (`summary`, whose last line is what the table does next: the rules say it,
rules/phases.py `next_step`), `list` (`status`), the log's headings (`turn_label`) and the
campaign's names for completion (`names`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.games import TITLES
from journal.games.titans.rules import effects, order
from journal.games.titans.rules.board import invaders_at, lair_text, where_text
from journal.games.titans.rules.checks import dice_pool
from journal.games.titans.rules.model import (
    CHARGES_MAX, CHECKS, CITY_HP, OVER, PHASE_TEXT, SUPPORTS_MAX, THREAT_MAX, episodes_to_draw, stats, tier,
)
from journal.games.titans.rules import phases
from journal.hints import say
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import Player, State, Titan

TITLE = TITLES["titans"]
TABLE_WIDTH = 100  # a row of `show` fits 100 columns (DESIGN: tables fit 100)


def turn_label(state: dict) -> str:
    if state["turn"] == 0:
        return "Setup"
    return f"Turn {state['turn']}"


def status(state: dict) -> str:
    if state["phase"] == OVER:
        return f"turn {state['turn']} · game over, {state.get('result', '?')} · THREAT {state['threat']}"
    return (f"turn {state['turn']} · {PHASE_TEXT[state['phase']]} · THREAT {state['threat']} "
            f"({tier(state['threat']).capitalize()}) · lead {state['lead']}")


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (the `play` command): Titans,
    players, cities, rifts, invader pawns, Tech Cards (equipped or face up, when named), pilots and
    Tyrant Artifacts."""
    titans, players = state["titans"], state["players"]
    cards = [c for t in titans.values() for c in t["tech"]] + list(state["decks"].get("face_up_cards", []))
    return {"titan": list(titans), "player": list(players), "city": list(state["cities"]),
            "rift": list(state["rifts"]),
            "invader": list(dict.fromkeys([*state["invaders"], *state["cards"]])),  # on the board first
            "card": list(dict.fromkeys(cards)),
            "pilot": [t["pilot"] for t in titans.values() if "pilot" in t],
            "artifact": [a for p in players.values() for a in p["artifacts"]]}


# --- the `show` command ------------------------------------------------------------------------

def row(head: str, bits: list[str], indent: int, sep: str = "  ") -> list[str]:
    """A table row: `head`, `sep`, then its bits joined by "; "; the bits on lines of their own
    (under the row, `indent` deep) when the row would not fit TABLE_WIDTH."""
    line = f"{head}{sep}{'; '.join(bits)}" if bits else head
    if len(line.rstrip()) <= TABLE_WIDTH:
        return [line.rstrip()]
    return [head.rstrip()] + [" " * indent + b for b in bits]


def summary(state: dict) -> list[str]:
    """The `show` command: THREAT and its tier, the Titans, the cities, the rifts, the invaders on the
    board, the decks; then what the table does next."""
    s = cast("State", state)        # a valid save's [state] table (the core validated it)
    lines = _threat_lines(s)
    lines += _titan_lines(s)
    lines += _city_lines(s)
    lines += _rift_lines(s)
    lines += _invader_lines(s)
    lines += _deck_lines(s)
    return lines + [say("Next: ", phases.next_step(s))]


def _threat_lines(state: State) -> list[str]:
    phase = state["phase"]
    head = f"{TITLE}: turn {state['turn']}, {PHASE_TEXT[phase]}"
    if phase == OVER:
        head += f" — the players {state.get('result')}: {state.get('reason', '')}"
    t = tier(state["threat"]).capitalize()
    n = episodes_to_draw(state)
    return [head,
            (f"  THREAT {state['threat']:>2}/{THREAT_MAX}  {t} tier: {t} section of the Invader Cards, "
             f"{plural(n, 'Episode Card')} per Opening Phase"),
            f"  Lead Character: {state['lead']}; turn order {', '.join(order.seat_order(state))}"]


def _titan_lines(state: State) -> list[str]:
    lines = ["Titans:"]
    w = max(len(n) for n in state["titans"])
    pad = " " * (w + 4)
    for name, ti in state["titans"].items():
        pl = state["players"][ti["player"]]
        pilot = ti.get("pilot", "no pilot")
        blow = "Final Blow ready" if ti["blow_ready"] else "Final Blow spent"
        lines += row(f"  {name:<{w}}", [f"{ti['player']} ({pl['color']}), pilot {pilot}", where_text(ti),
                                         f"damage {ti['damage']}/{ti['hp']}"], w + 4)
        lines.append(f"{pad}armor {ti['armor']}, combat {ti['combat']}, movement {ti['movement']}, repair "
                     f"{ti['repair']}; {blow}")
        sup = ", ".join(f"{sp['city']}{' (down)' if sp['damage'] else ''}" for sp in pl["supports"]) or "none"
        lines += row(f"{pad}Credits {pl['credits']}", [f"Supports {len(pl['supports'])}/{SUPPORTS_MAX}: {sup}"]
                     + ([f"artifacts: {', '.join(pl['artifacts'])}"] if pl["artifacts"] else []), w + 6, "; ")
        lines += [pad + line for line in _tech_lines(ti, pl)]
        if not ti["destroyed"]:
            pools = [f"{ab} {n}" for ab in CHECKS for n, parts in [dice_pool(state, name, ab)] if len(parts) > 1]
            if pools:
                lines.append(f"{pad}dice with bonuses: {', '.join(pools)}")
    return lines


def _tech_lines(ti: Titan, pl: Player) -> list[str]:
    """A Titan's Tech Cards and its player's Tyrant Artifacts that add dice."""
    lines = []
    for card, tc in ti["tech"].items():
        tags = f" [{', '.join(tc['tags'])}]" if tc.get("tags") else ""
        bonus = "".join(f", {k} {n:+d} dice" for k, n in tc.get("dice", {}).items())
        lines.append(f"tech {card} ({tc['slot']}){tags}: {tc['charges']}/{CHARGES_MAX} charges" + bonus
                     + (", DISABLED" if tc["disabled"] else ""))
    for art, b in pl.get("artifact_dice", {}).items():
        lines.append(f"artifact {art}: " + ", ".join(f"{k} {n:+d} dice" for k, n in b.items()))
    return lines


def _city_lines(state: State) -> list[str]:
    lines = ["Cities:"]
    w = max(len(c) for c in state["cities"])
    for name, c in state["cities"].items():
        hp = CITY_HP[c["type"]]
        status_ = "DESTROYED" if c["destroyed"] else f"damage {c['damage']}/{hp}"
        bits = []
        here = invaders_at(state, ("city", name))
        if here:
            bits.append("invaders " + " ".join(here))
        tis = [n for n, v in state["titans"].items() if v.get("city") == name and not v["destroyed"]]
        if tis:
            bits.append("Titans " + ", ".join(tis))
        sups = {v["color"]: k for v in state["players"].values()
                if (k := sum(1 for sp in v["supports"] if sp["city"] == name))}
        if sups:
            bits.append("supports " + " ".join(f"{col}×{k}" for col, k in sups.items()))
        lines += row(f"  {name:<{w}}  {c['type']:<10}  {status_:<12}", bits, w + 6)
    return lines


TRIAL_TEXT = {"sealed": "token face down", "revealed": "token revealed"}


def _rift_lines(state: State) -> list[str]:
    lines = ["Rifts:"]
    for name, r in state["rifts"].items():
        lair = lair_text(r)
        if r["closed"]:
            lines.append(f"  {name}: {r['type']} — CLOSED; Lair {lair}")
            continue
        gd = r.get("guardian_damage", {})
        guards = " ".join(f"{g}({gd[g]} dmg)" if g in gd else g for g in r["guardians"]) or "none"
        trial = (f"{r.get('challenger')} faces the Tyrant" if r["trial"] == "tyrant"
                 else TRIAL_TEXT.get(r["trial"], r["trial"]))
        lines += row(f"  {name}: {r['type']} —", [f"guardians {guards}", f"Lair {lair}", trial], 4, " ")
    return lines


def _invader_lines(state: State) -> list[str]:
    if not state["invaders"]:
        return []
    lines = ["Invaders on the board:"]
    for pid, inv in state["invaders"].items():
        if "hp" not in state["cards"][pid]:   # placed by hand before its card was entered
            lines.append(f"  {pid} ({state['cards'][pid]['type']}) on {inv['city']}: damage {inv['damage']}, "
                         f"its card is not entered yet")
            continue
        st = stats(state, pid)
        lines += row(f"  {pid} ({state['cards'][pid]['type']}) on {inv['city']}:",
                     [f"damage {inv['damage']}/{st['hp']}, DMG {st['dmg']}, reward {st['reward']}"
                      + (f", immune {'/'.join(st['immune'])}" if st["immune"] else "")]
                     + ([f"ability: {effects.describe(st['effect'])}"] if st["effect"] else []), 4, " ")
    return lines


def _deck_lines(state: State) -> list[str]:
    d = state["decks"]
    named = d.get("face_up_cards", [])
    lines = [f"Decks: Episode {d['episode']} (discard {d['episode_discard']}, invasion discard "
             f"{d['invasion_discard']}) · Final Episodes {d['final']} · Pilots {d['pilots']} (discard "
             f"{d['pilot_discard']})",
             f"       Tech {d['tech']} + {d['tech_face_up']} face up (discard {d['tech_discard']})"
             + (f": {', '.join(named)}" if named else "")
             + (f" and {d['tech_face_up'] - len(named)} unnamed" if named and d["tech_face_up"] > len(named) else "")]
    if state.get("once_used"):
        lines.append("Once-a-game abilities used: " + ", ".join(state["once_used"]))
    return lines
