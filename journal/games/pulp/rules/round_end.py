"""Round End: discard the line and the planet, keep engaged Key and Code cards, move on to
the next alien when a deck is empty; the game is lost when no cards are left (P6).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import ABILITY_LABEL, DECKS, DRAWN, cubes_text, parse_card
from journal.games.pulp.rules.model import alien_name, n_weapons, zero_abilities
from journal.games.pulp.rules.next_steps import need_phase, next_step
from journal.outcome import Outcome, copy_state


def end_round(state: dict, dice, leave=()) -> Outcome:
    """Round end: unused drawn cubes go to the supply, Key and Code cards from engaged cards go
    to the hand, the line and the searched planet are discarded; an empty deck moves play to
    the next alien (P6); with no cards left and weapons missing, the game is lost."""
    need_phase(state, ("search", "searched"), "ending the round")
    s = copy_state(state)
    if s["drawn"]["black"]:
        raise RuleError(f"{s['drawn']['black']} black cube(s) past The Quietus still cost an ability point "
                        f"each: journal pulp assign k --lose ABILITY")
    lines = []
    if state["phase"] == "search":
        lines.append(f"The Planet Search is over: {s.get('planet', 'the planet')} was not searched (no "
                     f"`journal pulp search`).")
    unused = {c: s["drawn"][c] for c in DRAWN if s["drawn"][c]}
    for c, n in unused.items():
        s["supply"][c] += n
        s["drawn"][c] = 0
    if unused:
        lines.append(f"Unused cubes to the supply: {cubes_text(unused)}.")
    for p in leave:
        if not isinstance(p, int) or not 1 <= p <= len(s["line"]):
            raise InputError(f"--leave {p}: the Encounter Line has cards 1-{len(s['line'])}")
    kept = []
    for i, c in enumerate(s["line"]):
        parsed = parse_card(c["card"])
        if c["status"] == "engaged" and (parsed["key"] or parsed["code"]) and (i + 1) not in leave:
            s["hand"].append(c["card"])
            kept.append(c["card"])
    if kept:
        lines.append(f"Take into your hand: {', '.join(kept)} (Key/Code cards you engaged).")
    lines.append("Discard the Encounter Line" + (f" and {s['planet']}" if s.get("planet") else "") + ".")
    if s.get("planet"):
        s["planets"]["searched"].append(s["planet"])
        s.pop("planet")
    s["line"] = []
    for w in s["weapons"]:
        w["used"] = False
    s["phase"] = "ready"
    if s["decks"][s["alien"]] == 0:
        old = alien_name(s)
        nxt = next((k for k in range(s["alien"] + 1, DECKS) if s["decks"][k] > 0), None)
        if nxt is None:
            s["phase"] = "over"
            s["result"] = "lost"
            lines.append(f"The Encounter decks are exhausted with {len(s['weapons'])} of {n_weapons(s)} Super "
                         f"Weapons found: the game is lost (P6). The Cosmic Hegemony invades.")
        else:
            s["alien"] = nxt
            lines.append(f"{old}'s deck is empty: move on to {alien_name(s)}'s sector.")
    if s["phase"] == "ready":
        zeros = zero_abilities(s)
        if len(zeros) >= 2:
            lines.append(f"Warning: {' and '.join(ABILITY_LABEL[a] for a in zeros)} are 0: the next encounter "
                         f"loses the game unless a card raises one.")
        lines.append("Next: " + next_step(s))
    summary = f"Round {s['round']} ends" + (f": {', '.join(kept)} to the hand" if kept else "")
    if s.get("result") == "lost":
        summary += " — lost, the decks are exhausted"
    return Outcome(s, summary, lines, {"round": s["round"], "phase": s["phase"], "alien": s["alien"],
                                       "decks": s["decks"], "hand": s["hand"],
                                       **({"result": s["result"]} if "result" in s else {})})
