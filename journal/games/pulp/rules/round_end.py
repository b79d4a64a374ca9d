"""Round End: discard the line and the planet, keep engaged Key and Code cards, move on to
the next alien when a deck is empty; the game is lost when no cards are left (P6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import (
    ABILITY_LABEL, BLACK, DECKS, DRAWN, ENGAGED, LOST, OVER, READY, SEARCH, SEARCHED, cubes_text, parse_card,
)
from journal.games.pulp.rules.model import alien_name, n_weapons, zero_abilities
from journal.games.pulp.rules.phase import need_phase, next_step
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def end_round(state: State, dice: Dice, leave: Sequence[int] = ()) -> Outcome:
    """Round end: unused drawn cubes go to the supply, Key and Code cards from engaged cards go to
    the hand (but those at the positions to `leave`), the line and the searched planet are
    discarded; an empty deck moves play to the next alien (P6); with no cards left and weapons
    missing, the game is lost."""
    need_phase(state, (SEARCH, SEARCHED), "ending the round")
    s = copy_state(state)
    if s["drawn"][BLACK]:
        raise RuleError(say(f"{plural(s['drawn'][BLACK], 'black cube')} past The Quietus still cost an ability "
                            f"point each: ", cmd("pulp assign", "k"), " (it asks which ability)"))
    lines: list[str] = []
    if state["phase"] == SEARCH:
        lines.append(say(f"The Planet Search is over: {s.get('planet', 'the planet')} was not searched (no `",
                         cmd("pulp search"), "`)."))
    lines += unused_cubes_to_the_supply(s)
    kept = keep_keys_and_codes(s, leave)
    if kept:
        lines.append(f"Take into your hand: {', '.join(kept)} (Key/Code cards you engaged).")
    lines.append("Discard the Encounter Line" + (f" and {s['planet']}" if s.get("planet") else "") + ".")
    if s.get("planet"):
        s["planets"]["searched"].append(s.pop("planet"))
    s["line"] = []
    for w in s["weapons"]:
        w["used"] = False
    s["phase"] = READY
    lines += next_sector(s)
    if s["phase"] == READY:
        zeros = zero_abilities(s)
        if len(zeros) >= 2:
            lines.append(f"Warning: {' and '.join(ABILITY_LABEL[a] for a in zeros)} are 0: the next encounter "
                         f"loses the game unless a card raises one.")
        lines.append(say("Next: ", next_step(s)))
    summary = f"Round {s['round']} ends" + (f": {', '.join(kept)} to the hand" if kept else "") + \
        (" — lost, the decks are exhausted" if s.get("result") == LOST else "")
    return Outcome(s, summary, lines, {"round": s["round"], "phase": s["phase"], "alien": s["alien"],
                                       "decks": s["decks"], "hand": s["hand"],
                                       **({"result": s["result"]} if "result" in s else {})})


def unused_cubes_to_the_supply(s: State) -> list[str]:
    unused = {c: s["drawn"][c] for c in DRAWN if s["drawn"][c]}
    for c, n in unused.items():
        s["supply"][c] += n
        s["drawn"][c] = 0
    return [f"Unused cubes to the supply: {cubes_text(unused)}."] if unused else []


def keep_keys_and_codes(s: State, leave: Sequence[int]) -> list[str]:
    """Add all Code and Key cards from engaged enemies to your hand (evaded ones keep nothing)."""
    for p in leave:
        if not 1 <= p <= len(s["line"]):
            raise InputError(f"there is no card {p} to leave: the Encounter Line has cards 1-{len(s['line'])}")
    kept = []
    for i, c in enumerate(s["line"]):
        parsed = parse_card(c["card"])
        if c["status"] == ENGAGED and (parsed["key"] or parsed["code"]) and (i + 1) not in leave:
            s["hand"].append(c["card"])
            kept.append(c["card"])
    return kept


def next_sector(s: State) -> list[str]:
    """P6: once an alien's deck is exhausted, move to the next alien in the row; with none left the
    game is lost (the Super Weapons were not all found in time)."""
    if s["decks"][s["alien"]] != 0:
        return []
    old = alien_name(s)
    nxt = next((k for k in range(s["alien"] + 1, DECKS) if s["decks"][k] > 0), None)
    if nxt is None:
        s["phase"], s["result"] = OVER, LOST
        return [f"The Encounter decks are exhausted with {len(s['weapons'])} of {n_weapons(s)} Super Weapons "
                f"found: the game is lost (P6). The Cosmic Hegemony invades."]
    s["alien"] = nxt
    return [f"{old}'s deck is empty: move on to {alien_name(s)}'s sector."]
