"""The Ending Phase (rulebook, T7): step 1, Invader Damage; step 2, THREAT Level Control; step 3,
Titan Presence Control; step 4, Rift Status Control; step 5, The Show Must Go On (the Lead
Character Token passes to the right). And the Final Episode's outcome (`end`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from journal.dice import Dice
from journal.errors import NeedChoice, RuleError
from journal.games.titans.rules.board import loc_text, location, open_rifts, standing, supports_at, titans_at
from journal.games.titans.rules.model import ENDING, FINAL, OVER, stats, tier
from journal.games.titans.rules.phases import close_turn, need_phase, opening_hint, refuse_if_over
from journal.games.titans.rules.trackers import damage_city, damage_supports, damage_titan, end_game
from journal.hints import cmd, say
from journal.lookup import shell_quote
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.titans.tables import State


class Assignment(NamedTuple):
    """Where the players send (part of) an invader's damage instead of its city: "Instead of the
    city, this damage can be assigned to Titans or Supports that are present there"."""

    invader: str
    kind: str                   # "titan", "support" (`target` is the Supports' player) or "city"
    target: str | None = None   # the Titan, or the player whose Supports take it (None: the city)
    points: int | None = None   # None: all that is left of its DMG


class Ending(NamedTuple):
    """What the Ending Phase's damage did."""

    report: list[dict]
    destroyed_cities: list[str]
    destroyed_titans: list[str]


def ending(state: State, dice: Dice, assign: tuple = (), order: tuple = ()) -> Outcome:
    """Ending Phase: invader damage (to the city, or assigned to Titans or Supports there),
    THREAT control, Titan presence control, rift status control, the Lead passes right (T7).
    `order`: the invaders that deal their damage first, in the players' order (the others follow
    as `show` lists them)."""
    need_phase(state, ENDING, "the Ending Phase")
    s = copy_state(state)
    lines: list[str] = [f"Ending Phase of turn {s['turn']}."]
    closed = close_turn(s, lines)
    s["phase"] = ENDING
    plan = _plan(assign)
    attackers = _attackers(s)
    for pid in [*plan, *order]:
        if pid not in [a for a, _ in attackers]:
            raise RuleError(f"{pid} deals no damage this Ending Phase (it is not on a city, or guards a rift with no "
                            f"Titan on it)")
    attackers.sort(key=lambda a: order.index(a[0]) if a[0] in order else len(order))
    _ask_targets(s, attackers, plan)
    done = invader_damage(s, attackers, plan, lines)
    # step 2, THREAT Level Control: reaching the sixth Red step already ended the game (T1)
    titan_presence_control(s, lines)
    rift_status_control(s, lines)
    the_show_must_go_on(s, lines)
    data = {"turn": s["turn"], "closed": closed, "damage": done.report, "destroyed_cities": done.destroyed_cities,
            "destroyed_titans": done.destroyed_titans, "threat": s["threat"], "tier": tier(s["threat"]),
            "phase": s["phase"], "lead": s["lead"]}
    if "result" in s:
        data["result"] = s["result"]
    return Outcome(s, _summary(s, done.report), lines, data)


def _plan(assign) -> dict[str, list[Assignment]]:
    """The players' assignments by invader."""
    plan: dict[str, list[Assignment]] = {}
    for item in assign:
        a = Assignment(*item)
        plan.setdefault(a.invader, []).append(a)
    return plan


def _attackers(s: State) -> list[tuple]:
    """(invader, where) for each invader that deals damage: on a city, or guarding a rift a Titan
    stands on ("played as if they are occupying the same city")."""
    attackers = [(pid, ("city", inv["city"])) for pid, inv in s["invaders"].items()]
    for rift, r in s["rifts"].items():
        if titans_at(s, ("rift", rift)):
            attackers += [(pid, ("rift", rift)) for pid in r["guardians"]]
    return attackers


def targets_at(s: State, loc) -> list[str]:
    """Where an invader's damage may go instead of its city: the Titans standing there and the
    colours of the Supports there ("Instead of the city, this damage can be assigned to Titans
    or Supports that are present there")."""
    here = list(titans_at(s, loc))
    if loc[0] == "city":
        here += [s["players"][p]["color"] for p in supports_at(s, loc[1])]
    return here


def _ask_targets(s: State, attackers: list, plan: dict) -> None:
    """The players choose where each invader's damage goes when a Titan or Supports share its
    city (or two Titans its rift): NeedChoice, asked on a terminal, refused in a script."""
    open_ = []
    for pid, loc in attackers:
        if pid in plan or not stats(s, pid)["dmg"]:
            continue
        if loc[0] == "city" and s["cities"][loc[1]]["destroyed"]:
            continue  # its damage is lost on a destroyed city: nobody would send it to a Titan instead
        others = targets_at(s, loc)
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


def invader_damage(s: State, attackers: list, plan: dict, lines: list[str]) -> Ending:
    """Step 1, Invader Damage: "All the Invaders on the game board deal damage equal to their DMG
    ability to the city they are placed on. Instead of the city, this damage can be assigned to
    Titans or Supports that are present there." """
    done = Ending([], [], [])
    for i, (pid, loc) in enumerate(attackers):
        if s["phase"] == OVER:
            break
        section = tier(s["threat"])
        for kind, who, pts in _shares(s, pid, loc, plan.get(pid, []), lines):
            if s["phase"] != OVER and pts > 0:
                DEAL[kind](s, pid, loc, who, pts, lines, done)
        later = [p for p, _ in attackers[i + 1:]]
        if later and s["phase"] != OVER and tier(s["threat"]) != section:
            lines.append(say(f"The tier changed during the Invader Damage: {', '.join(later)} "
                             f"{'deals' if len(later) == 1 else 'deal'} the damage of the "
                             f"{tier(s['threat']).capitalize()} section (the players may order the invaders: ",
                             cmd("undo"), ", then ", cmd("titans ending", order=later + [pid]), ")."))
    if not attackers:
        lines.append("No invader is on the board: no Invader Damage.")
    return done


def _shares(s: State, pid: str, loc, assigned: list[Assignment], lines: list[str]) -> list[tuple]:
    """(kind, target, points) for each share of the invader's DMG: those assigned (checked), then
    the rest to its city (on a rift: to the first Titan there)."""
    dmg = stats(s, pid)["dmg"]
    left = dmg
    parts = []
    for a in assigned:
        pts = left if a.points is None else a.points
        if pts > left:
            raise RuleError(f"{pid}: more points assigned than its DMG {dmg}")
        _may_take(s, a, loc)
        parts.append((a.kind, a.target, pts))
        left -= pts
    if left and loc[0] == "city":
        parts.append(("city", None, left))
    elif left and titans_at(s, loc):
        parts.append(("titan", titans_at(s, loc)[0], left))
    elif left:
        lines.append(f"No Titan is left on the {loc[1]} Rift: {pid}'s damage is lost.")
    return parts


def _may_take(s: State, a: Assignment, loc) -> None:
    """The Titan, the Supports or the city a share is assigned to is where the invader is."""
    pid, who = a.invader, a.target
    if a.kind == "titan":
        assert who is not None, "a share assigned to a Titan names it"
        if location(s["titans"][who]) != loc or s["titans"][who]["destroyed"]:
            raise RuleError(f"{who} is not on {loc_text(loc)}, where {pid} is")
    elif a.kind == "support":
        if loc[0] != "city" or not supports_at(s, loc[1]).get(who):
            raise RuleError(f"{who} has no Support on {loc_text(loc)}, where {pid} is")
    elif loc[0] != "city":
        raise RuleError(f"{pid} guards the {loc[1]} Rift, where there is no city to damage")


def _dealt(done: Ending, pid: str, target: str, kind: str, pts: int, dealt: int) -> None:
    """The report's entry (the log line and --json say it as the output does): the points dealt,
    and those lost (on a destroyed city, a destroyed Titan, Supports all gone)."""
    entry = {"invader": pid, "target": target, "kind": kind, "damage": dealt}
    if pts > dealt:
        entry["lost"] = pts - dealt
    done.report.append(entry)


def _to_city(s: State, pid: str, loc, who, pts: int, lines: list[str], done: Ending) -> None:
    was = s["cities"][loc[1]]["destroyed"]
    dealt = damage_city(s, loc[1], pts, lines, f"damage from {pid}")
    if s["cities"][loc[1]]["destroyed"] and not was:
        done.destroyed_cities.append(loc[1])
    if pts > dealt and not was:
        lines.append(f"The rest of {pid}'s damage ({pts - dealt}) is lost: {loc[1]} had no more to take.")
    _dealt(done, pid, loc[1], "city", pts, dealt)


def _to_titan(s: State, pid: str, loc, who, pts: int, lines: list[str], done: Ending) -> None:
    if s["titans"][who]["destroyed"]:
        lines.append(f"{who} is already destroyed: {pid}'s damage is lost.")
        _dealt(done, pid, who, "titan", pts, 0)
        return
    damage_titan(s, who, pts, lines, f"damage from {pid}")
    if s["titans"][who]["destroyed"]:
        done.destroyed_titans.append(who)
    _dealt(done, pid, who, "titan", pts, pts)     # what it suffers (its Armor prevents some: the output says)


def _to_supports(s: State, pid: str, loc, who, pts: int, lines: list[str], done: Ending) -> None:
    """Damage assigned to a player's Supports goes "instead of the city": one Support after another
    (the book's Toronto example: "The same applies to the second Support in case of excess
    damage"); what is left once they are all destroyed is lost, as excess attack damage is when
    no invader is left to take it, never sent on to the city."""
    got = damage_supports(s, who, loc[1], pts, lines, f"damage from {pid}")
    if pts > got:
        lines.append(f"{pts - got} of {pid}'s damage finds no {s['players'][who]['color']} Support left in "
                     f"{loc[1]}: it is lost (it went to the Supports instead of the city).")
    _dealt(done, pid, f"{who}'s Supports", "support", pts, got)


DEAL = {"city": _to_city, "titan": _to_titan, "support": _to_supports}


def titan_presence_control(s: State, lines: list[str]) -> None:
    """Step 3: "If at this point of the game there are no Titans still standing on the game board,
    Earth is unprotected, the game is over, and the players have lost." (T7)"""
    if s["phase"] != OVER and not standing(s):
        end_game(s, "lost", "no Titan stands on the board at the Titan Presence Control", lines)


def rift_status_control(s: State, lines: list[str]) -> None:
    """Step 4: "If at this point of the game all Rift Tokens have been removed from the board,
    shuffle the Final Episode deck, draw a token, and resolve it." (T7)"""
    if s["phase"] != OVER and not open_rifts(s):
        s["decks"]["final"] = max(0, s["decks"]["final"] - 1)
        s["phase"] = FINAL
        lines.append(say(f"Every rift is closed: {s['lead']} shuffles the Final Episode deck, draws one and reads "
                         f"its Flavor and Game Text. Play it out, then ", cmd("titans end", "won"), " or ",
                         cmd("titans end", "lost"), "."))


def the_show_must_go_on(s: State, lines: list[str]) -> None:
    """Step 5: "the game turn ends, the Lead Character Token is passed to the player on the right
    of the current owner, and a new Opening Phase begins." """
    if s["phase"] != ENDING:
        return
    seats = list(s["players"])
    s["lead"] = seats[seats.index(s["lead"]) - 1]
    lines.append(say(f"The turn ends: pass the Lead Character Token to the right, to {s['lead']}. Next: ",
                     opening_hint(s), "."))


def _summary(s: State, report: list[dict]) -> str:
    summary = f"Turn {s['turn']} ends: " + (", ".join(f"{r['invader']}→{r['target']} {r['damage']}"
                                                       + (f" ({r['lost']} lost)" if r.get("lost") else "")
                                                       for r in report) or "no invader damage")
    if s["phase"] == OVER:
        return summary + f"; the game is lost ({s['reason']})"
    if s["phase"] == FINAL:
        return summary + "; all rifts closed, Final Episode drawn"
    return summary + f"; lead → {s['lead']}"


def end(state: State, dice: Dice, result: str) -> Outcome:
    """T7: the game ends with the Final Episode's outcome, as the players read it from the card."""
    refuse_if_over(state)
    if state["phase"] != FINAL:
        raise RuleError(say("the game ends with the Final Episode, drawn at the Ending Phase once every rift is "
                            "closed (a card that ends it otherwise: ", cmd("titans threat", "=21", reason="TEXT"),
                            ", for a loss)"))
    s = copy_state(state)
    lines: list[str] = []
    end_game(s, result, "the Final Episode " + ("is won" if result == "won" else "is lost"), lines)
    return Outcome(s, lines[0], lines, {"result": result, "phase": OVER})
