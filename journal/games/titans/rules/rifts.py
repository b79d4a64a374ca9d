"""Rifts and Tyrants (rulebook, Tyrant Trial and The Rifts): the Tyrant Trial on an unguarded
rift, and closing the rift when its Tyrant is defeated (THREAT -1, the Tyrant Artifact to the
player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import NeedChoice, RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import player_picks, refuse_unused_picks, titan_enters
from journal.games.titans.rules.board import location, open_rifts, titans_at
from journal.games.titans.rules.checks import bonus_text
from journal.games.titans.rules.phases import enter_phase, need_phase
from journal.games.titans.rules.trackers import damage_titan, move_threat
from journal.games.titans.rules.model import FIGHT
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.titans.tables import Rift, State


def trial(state: State, dice: Dice, titan: str, rift: str, result: str, damage: int = 0,
          to: str | None = None, direct: bool = False, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """The Tyrant Trial: "When a Titan finishes its movement on a Rift with no Invaders, it will
    reveal the Rift Token and face the Trial. If it succeeds in the first part of the Trial, move
    the Titan into the second part of the Rift Token where it will face the Tyrant himself in the
    next turn. If the Titan fails to succeed, follow the text on the Rift Token" (damage, back to
    a threatened city). Failing against the Tyrant is recorded the same way."""
    need_phase(state, FIGHT, "the Tyrant Trial", trial=True)
    s = copy_state(state)
    t, r = s["titans"][titan], s["rifts"][rift]
    stage = _may_face(s, titan, rift, result)
    lines: list[str] = []
    enter_phase(s, FIGHT, lines)
    out_of_turn, closed = order.turn(s, FIGHT, t["player"])
    picks = player_picks(adjacent, disable)
    abilities: list = []
    if result == "pass":
        summary = _passed(s, titan, rift, lines)
    else:
        summary, abilities = _failed(s, titan, rift, stage, damage, to, direct, lines, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, FIGHT, t["player"], closed, finished=stage == "tyrant" or t["destroyed"])
    if s["round"].get("trial") == titan:
        del s["round"]["trial"]         # faced, as the book has it
    return Outcome(s, summary, lines, {"titan": titan, "rift": rift, "result": result, "stage": stage,
                                       "trial": r["trial"], "threat": s["threat"], "phase": s["phase"],
                                       "abilities": abilities})


def _may_face(s: State, titan: str, rift: str, result: str) -> str:
    """Whether the Titan faces the rift's Trial (or its Tyrant) now: it stands on the open,
    unguarded rift and has not fought its guardians this turn. Returns the stage: "trial" or
    "tyrant"."""
    t, r = s["titans"][titan], s["rifts"][rift]
    if r["closed"]:
        raise RuleError(f"the {rift} Rift is closed")
    if location(t) != ("rift", rift):
        raise RuleError(say(f"{titan} is not on the {rift} Rift: move there first (", cmd("titans move", titan, rift),
                            ")"))
    if r["guardians"]:
        raise RuleError(f"the {rift} Rift is still guarded by {', '.join(r['guardians'])}: defeat them first")
    if r["trial"] != "tyrant":
        if titan in s["round"]["attacked"]:
            raise RuleError(f"{titan} fought the {rift} guardians this turn: the Rift Token is revealed next turn")
        return "trial"
    if r.get("challenger") != titan:
        raise RuleError(f"{r.get('challenger')} faces the {rift} Tyrant, not {titan}")
    if result == "pass":
        raise RuleError(say("defeating the Tyrant closes the rift: ", cmd("titans rift close", rift, titan=titan)))
    return "tyrant"


def _passed(s: State, titan: str, rift: str, lines: list[str]) -> str:
    """The first part of the Trial passed: the Titan faces the Tyrant next turn."""
    r = s["rifts"][rift]
    r["trial"] = "tyrant"
    r["challenger"] = titan
    r["trial_turn"] = s["turn"]
    lines.insert(0, f"{titan} passes the {rift} Rift's Trial: move it to the second part of the Rift Token.")
    lines.append(say(f"Next turn {titan} faces the Tyrant (", cmd("titans rift close", rift, titan=titan),
                     f" when it is defeated). While on the rift, {s['titans'][titan]['player']} skips Development."))
    return f"{titan} passes the {rift} Rift's Trial"


def _failed(s: State, titan: str, rift: str, stage: str, damage: int, to: str | None, direct: bool,
            lines: list[str], picks: dict) -> tuple[str, list]:
    """The Trial (or the fight against the Tyrant) failed: the Rift Token's damage, then back to
    a city the rift threatens. Returns (the summary, the abilities that triggered there)."""
    t, r = s["titans"][titan], s["rifts"][rift]
    r["trial"] = "revealed"
    r.pop("challenger", None)
    r.pop("trial_turn", None)
    what = "Trial" if stage == "trial" else "fight against the Tyrant"
    lines.insert(0, f"{titan} fails the {rift} Rift's {what}: follow the text on the Rift Token.")
    if damage:
        damage_titan(s, titan, damage, lines, "damage from the Rift Token", armor=not direct)
    abilities: list = []
    if not t["destroyed"]:
        city = _threatened(r, rift, to, f"where {titan} returns")
        t.pop("rift", None)
        t["city"] = city
        lines.append(f"Put {titan} on {city}.")
        abilities = titan_enters(s, ("city", city), lines, titan, picks)
    return f"{titan} fails the {rift} Rift's {what}" + (f", {damage} damage" if damage else ""), abilities


def _threatened(r: Rift, rift: str, city: str | None, why: str) -> str:
    """The city the players chose among those the rift threatens (its Threat Connector)."""
    if city is None:
        raise NeedChoice(f"--to CITY is required: {why} (a city threatened by the {rift} Rift: "
                         f"{', '.join(r['threatens'])})", "--to", r["threatens"], f"{why}?")
    if city not in r["threatens"]:
        raise RuleError(f"{city} is not threatened by the {rift} Rift ({', '.join(r['threatens'])})")
    return city


def rift_close(state: State, dice: Dice, rift: str, titan: str, city: str | None = None,
               artifact: str | None = None, bonus: dict | None = None, adjacent: tuple = (),
               disable: tuple = ()) -> Outcome:
    """"If the Tyrant is defeated, the Rift will be closed. Remove it from the game board, assign
    the Rift Token and its Artifact Card to the player, position the Titan on one of the cities
    threatened by the Rift and lower the THREAT Level by 1." (T4)"""
    need_phase(state, FIGHT, "fighting a Tyrant")
    s = copy_state(state)
    r, t = s["rifts"][rift], s["titans"][titan]
    player = t["player"]
    _may_close(s, rift, titan)
    if city is None and len(r["threatens"]) == 1:
        city = r["threatens"][0]
    if city is None:
        raise NeedChoice(f"--city is required: where {titan} goes (a city threatened by the {rift} Rift: "
                         f"{', '.join(r['threatens'])})", "--city", r["threatens"], f"Where does {titan} go?")
    city = _threatened(r, rift, city, f"where {titan} goes")
    art = artifact or f"{rift} Tyrant Artifact"
    if art in s["players"][player]["artifacts"]:
        raise RuleError(say(f"{player} already holds an artifact named {art}: name this one (",
                            cmd("titans rift close", rift, titan=titan, artifact="NAME"), ")"))
    lines: list[str] = []
    enter_phase(s, FIGHT, lines)
    out_of_turn, closed = order.turn(s, FIGHT, player)
    picks = player_picks(adjacent, disable)
    r.update(closed=True, trial="defeated")
    r.pop("challenger", None)
    r.pop("trial_turn", None)
    _take_artifact(s, player, art, bonus)
    _leave_rift(s, rift, titan, city, lines)
    lines.insert(0, f"{titan} defeats the {rift} Tyrant: the rift is closed. Remove the Rift Token from the board "
                    f"and give it with its Artifact Card ({art}) to {player}; put it beside the Titan Sheet.")
    lines.append(f"Put {titan} on {city}.")
    if bonus:
        lines.append(f"{art} adds dice to {titan}'s checks: {bonus_text(bonus)} (not a Tech Card: never disabled, "
                     f"never ignored for an immunity).")
    abilities = titan_enters(s, ("city", city), lines, titan, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, FIGHT, player, closed, finished=True)
    move_threat(s, -1, f"the {rift} Rift closed", lines)
    left = open_rifts(s)
    lines.append("Every rift is closed: at the Ending Phase draw the Final Episode." if not left
                 else f"Rifts still open: {', '.join(left)}.")
    return Outcome(s, f"{titan} closes the {rift} Rift (artifact: {art})", lines,
                   {"rift": rift, "titan": titan, "player": player, "artifact": art, "city": city,
                    "threat": s["threat"], "open_rifts": left, "abilities": abilities})


def _may_close(s: State, rift: str, titan: str) -> None:
    """The Titan faces this rift's Tyrant since an earlier turn (it passed the Trial then)."""
    r = s["rifts"][rift]
    if r["closed"]:
        raise RuleError(f"the {rift} Rift is already closed")
    if r["trial"] != "tyrant" or r.get("challenger") != titan:
        raise RuleError(say(f"{titan} does not face the {rift} Tyrant: pass the Trial first (",
                            cmd("titans trial", titan, "pass", rift=rift), ")"))
    if r.get("trial_turn", 0) >= s["turn"]:
        raise RuleError(f"{titan} passed the Trial this turn: it faces the Tyrant next turn")


def _take_artifact(s: State, player: str, art: str, bonus: dict | None) -> None:
    """The Rift Token and its Tyrant Artifact go to the player (with the dice it adds to checks)."""
    p = s["players"][player]
    p["artifacts"].append(art)
    if bonus:
        p.setdefault("artifact_dice", {})[art] = dict(bonus)


def _leave_rift(s: State, rift: str, titan: str, city: str, lines: list[str]) -> None:
    """The Titan, and any other Titan on the closed rift, go to the city chosen."""
    t = s["titans"][titan]
    t.pop("rift", None)
    t["city"] = city
    for other in titans_at(s, ("rift", rift)):
        s["titans"][other].pop("rift")
        s["titans"][other]["city"] = city
        lines.append(f"{other} leaves the closed rift with {titan}: put it on {city}.")
