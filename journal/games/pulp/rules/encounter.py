"""1. Encounter Phase: the round's Encounter Line, and what every encounter of a card shares.

`begin_round`: choose the planet, draw the line from the current alien's deck, seed the bag
from the supply (P1: cubes are never created) and keep the last Location drawn. Each card is
then engaged (engage.py, 1a) or evaded (evade.py, 1b), left to right; two abilities at 0
during an encounter lose (P3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.pulp.rules.components import (
    ABILITY_LABEL, COLOURS, ENCOUNTER, FACE_UP, ICONS, LETTER, LINE_SIZE, LOCATION, LOST, OVER, PENDING, QUIETUS,
    READY, SEARCH, Card, card_token, count_cubes, cubes_text, wrong_cubes,
)
from journal.games.pulp.rules.model import alien_name, card_requirement, line_entry, pending, shown_line, zero_abilities
from journal.games.pulp.rules.phase import need_phase, next_step
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def begin_round(state: State, dice: Dice, planet: str, cards: list[Card]) -> Outcome:
    """Encounter phase set-up: choose a face-up planet, draw the line from the leftmost alien
    whose deck is not empty, put the cards' cubes from the supply into the bag (P1: cubes are
    never created), Locations leave the line (the last drawn becomes the Location)."""
    need_phase(state, (READY,), "drawing a new Encounter Line")
    s = copy_state(state)
    want = cards_to_draw(s, cards)
    s["round"] += 1
    sector = alien_name(s)
    if zero_abilities(s)[1:]:
        return lost_as_the_encounter_begins(s)
    lines = [f"Round {s['round']} in {sector}'s sector: you search {planet}. "
             f"Place the {want} cards in a row, in the order drawn.", *choose_the_planet(s, planet)]
    s["decks"][s["alien"]] -= want
    lines += seed_the_bag(s, cards) + keep_the_last_location(s, cards, planet)
    s["line"] = [line_entry(c) for c in cards if c["kind"] != LOCATION]
    for w in s["weapons"]:
        w["used"] = False
    lines += lay_out_the_line(s, sector)
    if s["decks"][s["alien"]] == 0:
        lines.append(f"{sector}'s deck is now empty: this is the last round in its sector" +
                     (" (you are past The Quietus: black cubes now cost an ability point, P6)."
                      if sector == QUIETUS else "."))
    lines.append(say("Next: ", next_step(s)))
    summary = f"Round {s['round']} ({sector}), searching {planet}: {' '.join(card_token(c) for c in cards)}"
    return Outcome(s, summary, lines, round_data(s))


def cards_to_draw(s: State, cards: list[Card]) -> int:
    """Draw 4 cards from the deck below the leftmost alien with cards (fewer when it holds fewer)."""
    deck = s["decks"][s["alien"]]
    if deck == 0:
        raise RuleError(say("no Encounter deck has cards left (a card that says otherwise: ",
                            cmd("pulp deck", "ALIEN", "+N"), ")"))
    want = min(LINE_SIZE, deck)
    if len(cards) != want:
        raise InputError(f"{plural(len(cards), 'card')} given: draw {want} from {alien_name(s)}'s deck "
                         f"({deck} left) and type each, e.g. G2C.r.PK A4S.o.PP L.rb G2D.b.P")
    for n, card in enumerate(cards, 1):
        why = wrong_cubes(card)
        if why:
            raise InputError(f"card {n}, {card_token(card)}, {why}")
    return want


def lost_as_the_encounter_begins(s: State) -> Outcome:
    """P3: two abilities already at 0 when the encounter begins lose the game."""
    two = " and ".join(ABILITY_LABEL[a] for a in zero_abilities(s))
    s["phase"], s["result"] = OVER, LOST
    lines = [f"{two} are 0 as the encounter begins: the game is lost. The Cosmic Hegemony invades the "
             f"Intergalactic Alliance (P3)."]
    return Outcome(cast(dict, s), f"Round {s['round']}: lost, {two} at 0", lines, round_data(s))  # State is a dict


def choose_the_planet(s: State, planet: str) -> list[str]:
    """Choose 1 face-up Planet card; when all have been searched, deal 3 new face up."""
    pl, lines = s["planets"], []
    if pl["face_up"] == 0:
        deal = min(FACE_UP, pl["deck"])
        if deal == 0:
            raise RuleError(say("no Planet card is left, face up or in the deck (a card that says otherwise: ",
                                cmd("pulp planets", face_up="N", deck="N"), ")"))
        pl["deck"] -= deal
        pl["face_up"] = deal
        lines.append(f"Every face-up planet has been searched: deal {plural(deal, 'new Planet card')} face up.")
    pl["face_up"] -= 1
    s["planet"] = planet
    return lines


def seed_the_bag(s: State, cards: list[Card]) -> list[str]:
    """The cubes the drawn cards show go from the supply into the bag; a colour the supply lacks
    is not placed (P1: cubes are not unlimited)."""
    placed, missing = [], []
    for c in (LETTER[ch] for card in cards for ch in card["cubes"]):
        if s["supply"][c] > 0:
            s["supply"][c] -= 1
            s["bag"][c] += 1
            placed.append(c)
        else:
            missing.append(c)
    lines = []
    if placed:
        lines.append(f"Put into the bag from the supply: {cubes_text(count_cubes(placed))}.")
    if missing:
        lines.append(f"The supply has no more {', '.join(sorted(set(missing), key=COLOURS.index))}: "
                     f"{cubes_text(count_cubes(missing))} not placed (cubes are not unlimited, P1).")
    return lines


def keep_the_last_location(s: State, cards: list[Card], planet: str) -> list[str]:
    """A Location drawn replaces the current one below the planet; of several, the last drawn."""
    locations = [c for c in cards if c["kind"] == LOCATION]
    if not locations:
        return []
    new, old = card_token(locations[-1]), s.get("location")
    extra = f"; discard {plural(len(locations) - 1, 'other Location')} drawn" if len(locations) > 1 else ""
    s["location"] = new
    return [f"Location {new} goes below {planet}" + (f", replacing {old}" if old else "") + extra + "."]


def lay_out_the_line(s: State, sector: str) -> list[str]:
    """The Encounter Line as the table reads it, and the Location's action to apply for each card."""
    if not s["line"]:
        s["phase"] = SEARCH
        return ["No card is left in the Encounter Line."]
    s["phase"] = ENCOUNTER
    lines = ["Encounter Line: " + " · ".join(f"{i + 1} {c['card']} ({card_requirement(c)})"
                                             for i, c in enumerate(shown_line(s["line"])))]
    if s.get("location"):
        icon = s["hegemony"][s["alien"]].get("icon")
        which = f"{ABILITY_LABEL[ICONS[icon]]} action ({sector}'s icon)" if icon else \
            f"action that matches {sector}'s icon"
        lines.append(f"For each card, first apply the Location's {which}.")
    return lines


def round_data(s: State) -> dict:
    return {"round": s["round"], "phase": s["phase"], "alien": s["alien"], "decks": s["decks"],
            "planet": s.get("planet"), "location": s.get("location"), "line": shown_line(s["line"]),
            "bag": s["bag"], "supply": s["supply"], **({"result": s["result"]} if "result" in s else {})}


# --- encountering a card, left to right ------------------------------------------------------

def card_label(state: State, i: int) -> str:
    return f"card {i + 1} ({state['line'][i]['card']})"


def next_card(state: State, pos: int) -> int:
    """Encounter each card in turn, left to right: card `pos` must be the next one."""
    line = state["line"]
    if not 1 <= pos <= len(line):
        raise InputError(f"there is no card {pos}: the Encounter Line has cards 1-{len(line)}")
    i, left = pos - 1, pending(state)
    if line[i]["status"] != PENDING:
        raise RuleError(f"{card_label(state, i)} was already {line[i]['status']}; next is card {left[0] + 1}")
    if i != left[0]:
        raise RuleError(f"encounter the line left to right: engage or evade card {left[0] + 1} "
                        f"({line[left[0]]['card']}) first")
    return i


def after_encounter(s: State) -> list[str]:
    """The next card to encounter, or the Planet Search once every card is (unless the game is over)."""
    if s["phase"] == OVER:
        return []
    if not pending(s):
        s["phase"] = SEARCH
    return [say("Next: ", next_step(s))]
