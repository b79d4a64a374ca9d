"""Rifts and Tyrants: the Tyrant Trial on an unguarded rift, and closing the rift
when its Tyrant is defeated (THREAT -1, the Tyrant Artifact to the player).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError, typed
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import player_picks, refuse_unused_picks, titan_enters
from journal.games.titans.rules.board import location, open_rifts, titans_at
from journal.games.titans.rules.checks import bonus_table, bonus_text
from journal.games.titans.rules.model import city_of, rift_of, titan_of
from journal.games.titans.rules.phases import enter_phase, need_phase
from journal.games.titans.rules.trackers import damage_titan, move_threat
from journal.lookup import shell_quote as q
from journal.outcome import Outcome, copy_state


def trial(state: dict, dice, titan: str, rift: str, result: str, damage: int = 0, to: str | None = None,
          direct: bool = False, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """The Tyrant Trial: reveal the Rift Token of an unguarded rift; pass → the Titan faces the
    Tyrant next turn; fail → follow the token (damage, back to a threatened city)."""
    need_phase(state, "fight", "the Tyrant Trial")
    if result not in ("pass", "fail"):
        raise InputError(f"{typed(result)} is not a trial result: expected pass or fail")
    s = copy_state(state)
    name = titan_of(s, titan)
    rname = rift_of(s, rift, "--rift")
    t, r = s["titans"][name], s["rifts"][rname]
    lines: list[str] = []
    if r["closed"]:
        raise RuleError(f"the {rname} Rift is closed")
    if location(t) != ("rift", rname):
        raise RuleError(f"{name} is not on the {rname} Rift: move there first (journal titans move {q(name)} {q(rname)})")
    if r["guardians"]:
        raise RuleError(f"the {rname} Rift is still guarded by {', '.join(r['guardians'])}: defeat them first")
    if damage < 0:
        raise InputError(f"--damage {damage}: expected 0 or more")
    enter_phase(s, "fight", lines)
    out_of_turn, closed = order.turn(s, "fight", t["player"])
    picks = player_picks(adjacent=adjacent, disable=disable)
    abilities: list = []
    stage = "tyrant" if r["trial"] == "tyrant" else "trial"
    if stage == "tyrant":
        if r.get("challenger") != name:
            raise RuleError(f"{r.get('challenger')} faces the {rname} Tyrant, not {name}")
        if result == "pass":
            raise RuleError(f"defeating the Tyrant closes the rift: journal titans rift close {q(rname)} --titan {q(name)}")
    else:
        if name in s["round"]["attacked"]:
            raise RuleError(f"{name} fought the {rname} guardians this turn: the Rift Token is revealed next turn")
    if result == "pass":
        if damage or to:
            raise InputError("--damage and --to record a failed trial")
        r["trial"] = "tyrant"
        r["challenger"] = name
        r["trial_turn"] = s["turn"]
        lines.insert(0, f"{name} passes the {rname} Rift's Trial: move it to the second part of the Rift Token.")
        lines.append(f"Next turn {name} faces the Tyrant (journal titans rift close {q(rname)} --titan {q(name)} when "
                     f"it is defeated). While on the rift, {s['titans'][name]['player']} skips Development.")
        summary = f"{name} passes the {rname} Rift's Trial"
    else:
        r["trial"] = "revealed"
        r.pop("challenger", None)
        r.pop("trial_turn", None)
        what = "Trial" if stage == "trial" else "fight against the Tyrant"
        lines.insert(0, f"{name} fails the {rname} Rift's {what}: follow the text on the Rift Token.")
        if damage:
            damage_titan(s, name, damage, lines, "damage from the Rift Token", armor=not direct)
        if not t["destroyed"]:
            if to is None:
                options = r["threatens"]
                raise InputError(f"--to CITY is required: where {name} returns (a city threatened by the {rname} "
                                 f"Rift: {', '.join(options)})")
            cname = city_of(s, to, "--to")
            if cname not in r["threatens"]:
                raise RuleError(f"{cname} is not threatened by the {rname} Rift ({', '.join(r['threatens'])})")
            t.pop("rift", None)
            t["city"] = cname
            lines.append(f"Put {name} on {cname}.")
            abilities = titan_enters(s, ("city", cname), lines, name, picks)
        summary = f"{name} fails the {rname} Rift's {what}" + (f", {damage} damage" if damage else "")
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", t["player"], closed, finished=stage == "tyrant" or t["destroyed"])
    return Outcome(s, summary, lines, {"titan": name, "rift": rname, "result": result, "stage": stage,
                                       "trial": r["trial"], "threat": s["threat"], "phase": s["phase"],
                                       "abilities": abilities})


def rift_close(state: dict, dice, rift: str, titan: str, city: str | None = None,
               artifact: str | None = None, bonus: dict | None = None, adjacent: tuple = (),
               disable: tuple = ()) -> Outcome:
    """The Tyrant defeated: the rift closes, THREAT -1 (T4), the Rift Token and its Tyrant
    Artifact go to the player, the Titan to a city threatened by the rift."""
    need_phase(state, "fight", "fighting a Tyrant")
    s = copy_state(state)
    rname = rift_of(s, rift)
    name = titan_of(s, titan, "--titan")
    r, t = s["rifts"][rname], s["titans"][name]
    if r["closed"]:
        raise RuleError(f"the {rname} Rift is already closed")
    if r["trial"] != "tyrant" or r.get("challenger") != name:
        raise RuleError(f"{name} does not face the {rname} Tyrant: pass the Trial first "
                        f"(journal titans trial {q(name)} --rift {q(rname)} pass)")
    if r.get("trial_turn", 0) >= s["turn"]:
        raise RuleError(f"{name} passed the Trial this turn: it faces the Tyrant next turn")
    if city is None:
        if len(r["threatens"]) == 1:
            city = r["threatens"][0]
        else:
            raise InputError(f"--city is required: where {name} goes (a city threatened by the {rname} Rift: "
                             f"{', '.join(r['threatens'])})")
    cname = city_of(s, city, "--city")
    if cname not in r["threatens"]:
        raise RuleError(f"{cname} is not threatened by the {rname} Rift ({', '.join(r['threatens'])})")
    lines: list[str] = []
    enter_phase(s, "fight", lines)
    out_of_turn, closed = order.turn(s, "fight", t["player"])
    picks = player_picks(adjacent=adjacent, disable=disable)
    r["closed"] = True
    r["trial"] = "defeated"
    r.pop("challenger", None)
    r.pop("trial_turn", None)
    player = t["player"]
    art = (artifact or f"{rname} Tyrant Artifact").strip()
    if not art:
        raise InputError("--artifact is empty")
    if art in s["players"][player]["artifacts"]:
        raise RuleError(f"{player} already holds an artifact named {art}: name this one with --artifact NAME")
    s["players"][player]["artifacts"].append(art)
    if bonus:
        s["players"][player].setdefault("artifact_dice", {})[art] = bonus_table(bonus, "--bonus")
    t.pop("rift", None)
    t["city"] = cname
    for other in titans_at(s, ("rift", rname)):
        s["titans"][other].pop("rift")
        s["titans"][other]["city"] = cname
        lines.append(f"{other} leaves the closed rift with {name}: put it on {cname}.")
    lines.insert(0, f"{name} defeats the {rname} Tyrant: the rift is closed. Remove the Rift Token from the board "
                    f"and give it with its Artifact Card ({art}) to {player}; put it beside the Titan Sheet.")
    lines.append(f"Put {name} on {cname}.")
    if bonus:
        lines.append(f"{art} adds dice to {name}'s checks: {bonus_text(bonus)} (not a Tech Card: never disabled, "
                     f"never ignored for an immunity).")
    abilities = titan_enters(s, ("city", cname), lines, name, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", player, closed, finished=True)
    move_threat(s, -1, f"the {rname} Rift closed", lines)
    left = open_rifts(s)
    if not left:
        lines.append("Every rift is closed: at the Ending Phase draw the Final Episode.")
    else:
        lines.append(f"Rifts still open: {', '.join(left)}.")
    summary = f"{name} closes the {rname} Rift (artifact: {art})"
    return Outcome(s, summary, lines, {"rift": rname, "titan": name, "player": player, "artifact": art,
                                       "city": cname, "threat": s["threat"], "open_rifts": left,
                                       "abilities": abilities})
