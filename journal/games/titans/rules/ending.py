"""The Ending Phase (T7): invader damage, THREAT, Titan presence and rift status
controls, the Lead Character passes right; and the Final Episode's outcome.
"""

from __future__ import annotations

import re

from journal.errors import InputError, NeedChoice, RuleError, typed
from journal.games.titans.rules.board import loc_text, location, open_rifts, standing, supports_at, titans_at
from journal.games.titans.rules.model import COLORS, RESULTS, pawn_of, stats, tier, titan_of
from journal.games.titans.rules.phases import close_turn, need_phase, opening_hint, refuse_if_over
from journal.games.titans.rules.trackers import damage_city, damage_supports, damage_titan, end_game
from journal.lookup import shell_quote
from journal.outcome import Outcome, copy_state


def parse_assign(spec: str) -> tuple[str, str, int | None]:
    """"T1=Atlas", "T1=Atlas:2", "T1=blue", "T1=city:1" → (pawn, target, points or None)."""
    pid, eq, rest = spec.partition("=")
    if not eq or not pid.strip() or not rest.strip():
        raise InputError(f"--assign {typed(spec)}: expected INVADER=TARGET[:N], TARGET a Titan, a support colour or "
                         f"city (e.g. T1=Atlas, T1=blue:1)")
    target, colon, n = rest.rpartition(":")
    if colon and re.fullmatch(r"\d+", n.strip()):
        return pid.strip(), target.strip(), int(n)
    return pid.strip(), rest.strip(), None


def _plan(s: dict, assign) -> dict:
    """{pawn: [(kind, target, n|None)]} from ("T1", "Atlas", 2) triples or "T1=Atlas:2" texts."""
    plan: dict = {}
    for item in assign:
        pid_in, target, n = parse_assign(item) if isinstance(item, str) else item
        pid = pawn_of(s, pid_in, "--assign")
        t = target.strip()
        if t.casefold() == "city":
            entry = ("city", None, n)
        elif t.casefold() in COLORS:
            owner = [p for p, v in s["players"].items() if v["color"] == t.casefold()]
            if not owner:
                raise InputError(f"--assign {pid}={t}: no player has the {t.casefold()} supports")
            entry = ("support", owner[0], n)
        else:
            entry = ("titan", titan_of(s, t, "--assign"), n)
        if n is not None and n < 1:
            raise InputError(f"--assign {pid}={t}:{n}: the points are 1 or more")
        plan.setdefault(pid, []).append(entry)
    return plan


def _targets(s: dict, loc) -> list[str]:
    """Where an invader's damage may go instead of its city: the Titans standing there and the
    colours of the Supports there ("Instead of the city, this damage can be assigned to Titans
    or Supports that are present there")."""
    here = list(titans_at(s, loc))
    if loc[0] == "city":
        here += [s["players"][p]["color"] for p in supports_at(s, loc[1])]
    return here


def _ask_targets(s: dict, attackers: list, plan: dict) -> None:
    """The players choose where each invader's damage goes when a Titan or Supports share its
    city (or two Titans its rift): NeedChoice, asked on a terminal, refused in a script."""
    open_ = []
    for pid, loc in attackers:
        if pid in plan or not stats(s, pid)["dmg"]:
            continue
        if loc[0] == "city" and s["cities"][loc[1]]["destroyed"]:
            continue  # its damage is lost on a destroyed city: nobody would send it to a Titan instead
        others = _targets(s, loc)
        choices = (["city"] if loc[0] == "city" else []) + others
        if others and len(choices) > 1:
            open_.append((pid, loc, choices))
    if not open_:
        return
    pid, loc, choices = open_[0]
    each = "; ".join(f"--assign {p}={'|'.join(shell_quote(c) for c in ch)}" for p, _, ch in open_)
    where = "the city, or instead a Titan or Supports there" if loc[0] == "city" else "one of the Titans there"
    raise NeedChoice(f"--assign is required: the damage of an invader goes to {where} (Ending Phase, step 1): "
                     f"{each} (N points of it with :N, e.g. {pid}={choices[-1]}:1)",
                     "--assign", [f"{pid}={c}" for c in choices],
                     f"{pid} deals {stats(s, pid)['dmg']} damage on {loc_text(loc)}: to whom?")


def ending(state: dict, dice, assign: tuple = ()) -> Outcome:
    """Ending Phase: invader damage (to the city, or assigned to Titans or Supports there),
    THREAT control, Titan presence control, rift status control, the Lead passes right (T7)."""
    need_phase(state, "ending", "the Ending Phase")
    s = copy_state(state)
    lines: list[str] = [f"Ending Phase of turn {s['turn']}."]
    closed = close_turn(s, lines)
    s["phase"] = "ending"
    plan = _plan(s, assign)
    attackers = []
    for pid, inv in s["invaders"].items():
        attackers.append((pid, ("city", inv["city"])))
    for rname, r in s["rifts"].items():
        if titans_at(s, ("rift", rname)):
            for pid in r["guardians"]:
                attackers.append((pid, ("rift", rname)))
    for pid in plan:
        if pid not in [a for a, _ in attackers]:
            raise RuleError(f"--assign {pid}: {pid} deals no damage this Ending Phase (it is not on a city, or "
                            f"guards a rift with no Titan on it)")
    _ask_targets(s, attackers, plan)
    report = []
    destroyed_cities, destroyed_titans = [], []
    # step 1: Invader Damage
    for pid, loc in attackers:
        if s["phase"] == "over":
            break
        dmg = stats(s, pid)["dmg"]
        left = dmg
        parts = []
        for kind, who, n in plan.get(pid, []):
            pts = left if n is None else n
            if pts > left:
                raise RuleError(f"--assign {pid}: more points assigned than its DMG {dmg}")
            if kind == "titan":
                if location(s["titans"][who]) != loc or s["titans"][who]["destroyed"]:
                    raise RuleError(f"--assign {pid}={who}: {who} is not on {loc_text(loc)}")
            elif kind == "support":
                if loc[0] != "city" or not supports_at(s, loc[1]).get(who):
                    raise RuleError(f"--assign {pid}: {who} has no Support on {loc_text(loc)}")
            elif loc[0] != "city":
                raise RuleError(f"--assign {pid}=city: {pid} guards the {loc[1]} Rift, where there is no city")
            parts.append((kind, who, pts))
            left -= pts
        if left:
            if loc[0] == "city":
                parts.append(("city", None, left))
            elif titans_at(s, loc):
                parts.append(("titan", titans_at(s, loc)[0], left))
            else:
                lines.append(f"No Titan is left on the {loc[1]} Rift: {pid}'s damage is lost.")
        for kind, who, pts in parts:
            if s["phase"] == "over" or pts <= 0:
                continue
            why = f"damage from {pid}"
            if kind == "city":
                was = s["cities"][loc[1]]["destroyed"]
                damage_city(s, loc[1], pts, lines, why)
                if s["cities"][loc[1]]["destroyed"] and not was:
                    destroyed_cities.append(loc[1])
                report.append({"invader": pid, "target": loc[1], "kind": "city", "damage": pts})
            elif kind == "titan":
                if s["titans"][who]["destroyed"]:
                    lines.append(f"{who} is already destroyed: {pid}'s damage is lost.")
                    continue
                damage_titan(s, who, pts, lines, why)
                if s["titans"][who]["destroyed"]:
                    destroyed_titans.append(who)
                report.append({"invader": pid, "target": who, "kind": "titan", "damage": pts})
            else:
                got = damage_supports(s, who, loc[1], pts, lines, why)
                if pts > got:
                    lines.append(f"{pts - got} of {pid}'s damage finds no Support left and goes to {loc[1]}.")
                    damage_city(s, loc[1], pts - got, lines, why)
                report.append({"invader": pid, "target": f"{who}'s Supports", "kind": "support", "damage": pts})
    if not attackers:
        lines.append("No invader is on the board: no Invader Damage.")
    data = {"turn": s["turn"], "closed": closed, "damage": report, "destroyed_cities": destroyed_cities,
            "destroyed_titans": destroyed_titans}
    # step 2: THREAT Level Control (T7) — reaching 21 already ended the game (T1)
    if s["phase"] != "over" and not standing(s):
        # step 3: Titan Presence Control
        end_game(s, "lost", "no Titan stands on the board at the Titan Presence Control", lines)
    if s["phase"] != "over" and not open_rifts(s):
        # step 4: Rift Status Control
        s["decks"]["final"] = max(0, s["decks"]["final"] - 1)
        s["phase"] = "final"
        lines.append(f"Every rift is closed: {s['lead']} shuffles the Final Episode deck, draws one and reads its "
                     f"Flavor and Game Text. Play it out, then journal titans end won|lost.")
    if s["phase"] == "ending":
        # step 5: the Lead Character Token passes to the player on the right
        seats = list(s["players"])
        i = seats.index(s["lead"])
        s["lead"] = seats[i - 1]
        lines.append(f"The turn ends: pass the Lead Character Token to the right, to {s['lead']}. "
                     f"Next: {opening_hint(s)}.")
    data.update(threat=s["threat"], tier=tier(s["threat"]), phase=s["phase"], lead=s["lead"])
    if "result" in s:
        data["result"] = s["result"]
    summary = f"Turn {s['turn']} ends: " + (", ".join(f"{r['invader']}→{r['target']} {r['damage']}"
                                                       for r in report) or "no invader damage")
    if s["phase"] == "over":
        summary += f"; the game is lost ({s['reason']})"
    elif s["phase"] == "final":
        summary += "; all rifts closed, Final Episode drawn"
    else:
        summary += f"; lead → {s['lead']}"
    return Outcome(s, summary, lines, data)


def end(state: dict, dice, result: str) -> Outcome:
    """T7: the game ends with the Final Episode's outcome, as the players read it from the card."""
    refuse_if_over(state)
    if state["phase"] != "final":
        raise RuleError("the game ends with the Final Episode, drawn at the Ending Phase once every rift is closed "
                        "(a card that ends it otherwise: journal titans threat =21 --reason TEXT, for a loss)")
    if result not in RESULTS:
        raise InputError(f"{typed(result)} is not an outcome: expected won or lost")
    s = copy_state(state)
    lines: list[str] = []
    end_game(s, result, "the Final Episode " + ("is won" if result == "won" else "is lost"), lines)
    return Outcome(s, lines[0], lines, {"result": result, "phase": "over"})
