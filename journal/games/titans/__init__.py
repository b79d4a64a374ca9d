"""War Titans: Invaders Must Die! (`titans`): THREAT, Titans, cities, invaders and rifts."""

from __future__ import annotations

from journal.games.titans.rules import effects, order
from journal.games.titans.rules.board import invaders_at, where_text
from journal.games.titans.rules.checks import dice_pool
from journal.games.titans.rules.model import (
    CHARGES_MAX, CITY_HP, PHASE_TEXT, SUPPORTS_MAX, THREAT_MAX, episodes_to_draw, plural, public_state, stats, tier,
)
from journal.games.titans.rules.phases import opening_hint
from journal.games.titans.rules.schema import validate
from journal.lookup import shell_quote as q

ID = "titans"
TITLE = "War Titans: Invaders Must Die!"
SCHEMA_VERSION = 3
__all__ = ["ID", "TITLE", "SCHEMA_VERSION", "MIGRATIONS", "validate", "summary", "status", "turn_label",
           "undo_refusal", "public_state", "next_step", "names"]  # the game interface (journal/games/README.md)


def _to_2(state: dict) -> dict:
    """Schema 2 records whose turn it is in the ordered steps (round.done, round.acting): a
    Titan that attacked this turn has had its Fight turn, one that only moved is acting; in
    the Development step, who took an action has had their turn."""
    rnd = dict(state.get("round", {}))
    if "done" not in rnd:
        owner = {v.get("titan"): p for p, v in state.get("players", {}).items() if isinstance(v, dict)}
        done: list = []
        if state.get("phase") in ("opening", "fight"):
            done = [owner[t] for t in rnd.get("attacked", []) if t in owner]
            busy = [owner[t] for t in rnd.get("moved", []) if t in owner and owner[t] not in done]
            if len(busy) == 1:
                rnd["acting"] = busy[0]
            else:
                done += busy
        elif state.get("phase") == "upgrade" and not rnd.get("supports_moved"):
            done = list(rnd.get("developed", []))
        rnd["done"] = list(dict.fromkeys(done))
    return {**state, "round": rnd}


def _to_3(state: dict) -> dict:
    """Schema 3 derives THREAT's tier instead of storing it (`public_state` shows it)."""
    if not isinstance(state, dict):
        return state            # validate names what is wrong with it
    return {k: v for k, v in state.items() if k != "tier"}


MIGRATIONS: dict = {1: _to_2, 2: _to_3}  # {from_version: fn(state) -> state}, applied in order on load


# --- what `show`, `list` and the log print ----------------------------------------------------

def turn_label(state: dict) -> str:
    if state["turn"] == 0:
        return "Setup"
    return f"Turn {state['turn']}"


def status(state: dict) -> str:
    if state["phase"] == "over":
        return f"turn {state['turn']} · game over, {state.get('result', '?')} · THREAT {state['threat']}"
    return (f"turn {state['turn']} · {PHASE_TEXT[state['phase']]} · THREAT {state['threat']} "
            f"({tier(state['threat']).capitalize()}) · lead {state['lead']}")


def next_step(state: dict) -> str:
    phase = state["phase"]
    titans = state["titans"]
    if phase == "setup":
        unplaced = [state["players"][p]["titan"] for p in order.waiting(state, "setup")]
        if unplaced:
            return ("Place each Titan on a city, from the Lead Character clockwise: "
                    + ", ".join(f"journal titans move {q(t)} CITY" for t in unplaced))
        return "Start turn 1: " + opening_hint(state)
    if phase == "opening":
        back = [t for t, v in titans.items() if v["destroyed"] and v.get("destroyed_turn", state["turn"]) < state["turn"]]
        if state["invasions"]:
            msg = (f"{plural(state['invasions'], 'invasion')} to place: journal titans invade --rift RIFT "
                   f"--city CITY (from each Episode Card)")
        else:
            who = order.whose_turn(state, "fight")
            msg = "Fight Phase: journal titans move TITAN CITY, journal titans attack TITAN --successes N"
            if who:
                msg += f" ({who} first, then clockwise)"
        if back:
            msg += "; " + ", ".join(f"journal titans reenter {q(t)} CITY" for t in back)
        return msg
    if phase == "fight":
        who = order.whose_turn(state, "fight")
        now = (f"{who}'s turn: {order.hint(state, 'fight', who)} (journal titans move|attack|trial), or "
               f"journal titans pass {q(who)}; then " if who else "")
        return (now + "the Upgrade Phase: journal titans repair TITAN --upgrade --successes N, or "
                "journal titans next")
    if phase == "upgrade":
        rnd = state["round"]
        if not rnd["charged"]:
            waiting = [t for t, v in titans.items() if not v["destroyed"] and t not in rnd["repaired"]]
            if waiting:
                return ("Repair Checks: journal titans repair TITAN --successes N (" + ", ".join(waiting)
                        + "), then Development: journal titans develop PLAYER ACTION")
        step = order.step_of(state)
        if step == "development":
            waiting = order.waiting(state, "development")
            return ("Development, in turn: journal titans develop PLAYER industry|army|research|refresh, or "
                    "journal titans pass PLAYER (" + ", ".join(waiting) + "); then Supports move; then "
                    "journal titans ending")
        who = order.whose_turn(state, "supports")
        if who:
            return (f"Supports may move, {who} first (journal titans supports {q(who)} --from C --to C, or "
                    f"journal titans pass {q(who)}), then journal titans ending")
        return "Supports may move (journal titans supports PLAYER --from C --to C), then journal titans ending"
    if phase == "ending":
        return f"Start turn {state['turn'] + 1}: {opening_hint(state)}"
    if phase == "final":
        return "Play the Final Episode from its card, then: journal titans end won|lost"
    return "The game is over."


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (`journal play`): Titans,
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


TABLE_WIDTH = 100  # a row of `show` fits 100 columns (DESIGN: tables fit 100)


def _row(head: str, bits: list[str], indent: int, sep: str = "  ") -> list[str]:
    """A table row: `head`, `sep`, then its bits joined by "; "; the bits on lines of their own
    (under the row, `indent` deep) when the row would not fit TABLE_WIDTH."""
    line = f"{head}{sep}{'; '.join(bits)}" if bits else head
    if len(line.rstrip()) <= TABLE_WIDTH:
        return [line.rstrip()]
    return [head.rstrip()] + [" " * indent + b for b in bits]


def summary(state: dict) -> list[str]:
    phase = state["phase"]
    head = f"{TITLE}: turn {state['turn']}, {PHASE_TEXT[phase]}"
    if phase == "over":
        head += f" — the players {state.get('result')}: {state.get('reason', '')}"
    t = tier(state["threat"])
    n = episodes_to_draw(state)
    lines = [head,
             (f"  THREAT {state['threat']:>2}/{THREAT_MAX}  {t.capitalize()} tier: {t.capitalize()} section of the "
              f"Invader Cards, {plural(n, 'Episode Card')} per Opening Phase"),
             f"  Lead Character: {state['lead']}; turn order {', '.join(order.seat_order(state))}"]
    lines.append("Titans:")
    w = max(len(n_) for n_ in state["titans"])
    pad = " " * (w + 4)
    for name, ti in state["titans"].items():
        pl = state["players"][ti["player"]]
        pilot = ti.get("pilot", "no pilot")
        blow = "Final Blow ready" if ti["blow_ready"] else "Final Blow spent"
        lines += _row(f"  {name:<{w}}", [f"{ti['player']} ({pl['color']}), pilot {pilot}", where_text(ti),
                                          f"damage {ti['damage']}/{ti['hp']}"], w + 4)
        lines.append(f"{pad}armor {ti['armor']}, combat {ti['combat']}, movement {ti['movement']}, repair "
                     f"{ti['repair']}; {blow}")
        sup = ", ".join(f"{sp['city']}{' (down)' if sp['damage'] else ''}" for sp in pl["supports"]) or "none"
        lines += _row(f"{pad}Credits {pl['credits']}", [f"Supports {len(pl['supports'])}/{SUPPORTS_MAX}: {sup}"]
                      + ([f"artifacts: {', '.join(pl['artifacts'])}"] if pl["artifacts"] else []), w + 6, "; ")
        for card, tc in ti["tech"].items():
            tags = f" [{', '.join(tc['tags'])}]" if tc.get("tags") else ""
            bonus = "".join(f", {k} {n:+d} dice" for k, n in tc.get("dice", {}).items())
            lines.append(f"{pad}tech {card} ({tc['slot']}){tags}: {tc['charges']}/{CHARGES_MAX} charges"
                         + bonus + (", DISABLED" if tc["disabled"] else ""))
        for art, b in pl.get("artifact_dice", {}).items():
            lines.append(f"{pad}artifact {art}: " + ", ".join(f"{k} {n:+d} dice" for k, n in b.items()))
        if not ti["destroyed"]:
            pools = []
            for ab in ("combat", "movement", "repair"):
                n_, parts = dice_pool(state, name, ab)
                if len(parts) > 1:
                    pools.append(f"{ab} {n_}")
            if pools:
                lines.append(f"{pad}dice with bonuses: {', '.join(pools)}")
    lines.append("Cities:")
    w = max(len(c) for c in state["cities"])
    for name, c in state["cities"].items():
        hp = CITY_HP[c["type"]]
        status_ = "DESTROYED" if c["destroyed"] else f"damage {c['damage']}/{hp}"
        here = invaders_at(state, ("city", name))
        bits = []
        if here:
            bits.append("invaders " + " ".join(here))
        tis = [n_ for n_, v in state["titans"].items() if v.get("city") == name and not v["destroyed"]]
        if tis:
            bits.append("Titans " + ", ".join(tis))
        sups = {}
        for v in state["players"].values():
            k = sum(1 for sp in v["supports"] if sp["city"] == name)
            if k:
                sups[v["color"]] = k
        if sups:
            bits.append("supports " + " ".join(f"{col}×{k}" for col, k in sups.items()))
        lines += _row(f"  {name:<{w}}  {c['type']:<10}  {status_:<12}", bits, w + 6)
    lines.append("Rifts:")
    for name, r in state["rifts"].items():
        if r["closed"]:
            lines.append(f"  {name}: {r['type']} — CLOSED; Lair {' '.join(r['lair']) or 'empty'}")
            continue
        gd = r.get("guardian_damage", {})
        guards = " ".join(f"{g}({gd[g]} dmg)" if g in gd else g for g in r["guardians"]) or "none"
        trial = {"sealed": "token face down", "revealed": "token revealed", "tyrant":
                 f"{r.get('challenger')} faces the Tyrant"}.get(r["trial"], r["trial"])
        lines += _row(f"  {name}: {r['type']} —", [f"guardians {guards}", f"Lair {' '.join(r['lair']) or 'empty'}",
                                                    trial], 4, " ")
    if state["invaders"]:
        lines.append("Invaders on the board:")
        for pid, inv in state["invaders"].items():
            st = stats(state, pid)
            lines += _row(f"  {pid} ({state['cards'][pid]['type']}) on {inv['city']}:",
                          [f"damage {inv['damage']}/{st['hp']}, DMG {st['dmg']}, reward {st['reward']}"
                           + (f", immune {'/'.join(st['immune'])}" if st["immune"] else "")]
                          + ([f"ability: {effects.describe(st['effect'])}"] if st["effect"] else []), 4, " ")
    d = state["decks"]
    lines.append(f"Decks: Episode {d['episode']} (discard {d['episode_discard']}, invasion discard "
                 f"{d['invasion_discard']}) · Final Episodes {d['final']} · Pilots {d['pilots']} (discard "
                 f"{d['pilot_discard']})")
    lines.append(f"       Tech {d['tech']} + {d['tech_face_up']} face up (discard {d['tech_discard']})"
                 + (f": {', '.join(d['face_up_cards'])}" if d.get("face_up_cards") else "")
                 + (f" and {d['tech_face_up'] - len(d['face_up_cards'])} unnamed"
                    if d.get("face_up_cards") and d["tech_face_up"] > len(d["face_up_cards"]) else ""))
    if state.get("once_used"):
        lines.append("Once-a-game abilities used: " + ", ".join(state["once_used"]))
    lines.append("Next: " + next_step(state))
    return lines


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None
