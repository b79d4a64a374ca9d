"""Set by hand (rules note A2): a card's printed text overrides the rules, so every tracker
can be changed with a logged command: abilities, cubes, decks, planets, the hand, the
Location, and the end of the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError, typed
from journal.games.pulp.rules.components import (
    ABILITY_LABEL, BLACK, CODE, COLOURS, DECK_SIZE, DECKS, ENCOUNTER, KEY, LOCATION, OVER, READY, WON, Card,
    card_token, count_cubes, cubes_text, parse_card,
)
from journal.games.pulp.rules.model import alien_name, check_loss, cubes_met, weapon_index, weapon_problems
from journal.games.pulp.rules.phase import refuse_once_over
from journal.outcome import Outcome, copy_state

if TYPE_CHECKING:
    from journal.games.pulp.tables import State


def set_ability(state: State, dice: Dice, ability: str, delta: int | None = None, value: int | None = None,
                maximum: int | None = None) -> Outcome:
    """A2: a card moves an ability by `delta`, sets it to `value`, or sets its `maximum`; the value
    stays within 0..max. During an encounter two at 0 lose (P3)."""
    refuse_once_over(state)
    s = copy_state(state)
    ab = s["abilities"][ability]
    before = dict(ab)
    if maximum is not None:
        ab["max"] = maximum
    if value is not None and not 0 <= value <= ab["max"]:
        raise InputError(f"{ABILITY_LABEL[ability]} runs 0-{ab['max']}, not {value}")
    target = value if value is not None else ab["value"] + (delta or 0)
    ab["value"] = max(0, min(ab["max"], target))
    lines = [f"{ABILITY_LABEL[ability]}: {before['value']}/{before['max']} → {ab['value']}/{ab['max']}" +
             (" (kept within 0..max)" if ab["value"] != target else "") + "."]
    if s["phase"] == ENCOUNTER:
        lines += check_loss(s)
    summary = lines[0].rstrip(".") + " (by hand)"
    return Outcome(s, summary, lines, {"ability": ability, "before": before, "after": ab, "phase": s["phase"]})


PLACES = ("bag", "supply", "quietus", "weapon")
PLACE_NAMES = {"bag": "the bag", "supply": "the supply", "quietus": "The Quietus"}


def move_cubes(state: State, dice: Dice, cubes: list[str], src: str, dst: str, src_weapon: int | None = None,
               dst_weapon: int | None = None) -> Outcome:
    """A2: a card moves cubes between the bag, the supply, The Quietus and a Super Weapon
    (never creating or destroying one, P1)."""
    refuse_once_over(state)
    s = copy_state(state)
    for c in cubes:
        if BLACK != c and "quietus" in (src, dst):
            raise RuleError(f"only black cubes go on The Quietus, not {c}")
        take_from(s, src, src_weapon, c)
        put_on(s, dst, dst_weapon, c)
    for k, w in enumerate(s["weapons"]):
        w["cubes"] = {c: w["cubes"][c] for c in COLOURS if w["cubes"].get(c)}
        problems = weapon_problems(w, f"Super Weapon {k + 1}")
        if problems:
            raise RuleError(problems[0])
        if cubes_met(w) and not w["understood"]:
            w["understood"] = True
    a = PLACE_NAMES.get(src, f"Super Weapon {src_weapon}")
    b = PLACE_NAMES.get(dst, f"Super Weapon {dst_weapon}")
    line = f"Move {cubes_text(count_cubes(cubes))} from {a} to {b}."
    return Outcome(s, line, [line], {"bag": s["bag"], "supply": s["supply"], "quietus": s["quietus"]})


def pool(s: State, place: str, number: int | None) -> dict[str, int]:
    """The cubes of the bag, the supply, or Super Weapon `number`."""
    if place == "weapon":
        return s["weapons"][weapon_index(s, number)]["cubes"]
    return {"bag": s["bag"], "supply": s["supply"]}[place]


def take_from(s: State, place: str, number: int | None, c: str) -> None:
    if place == "quietus":
        if s["quietus"] <= 0:
            raise RuleError("The Quietus holds no black cube")
        s["quietus"] -= 1
        return
    p = pool(s, place, number)
    if p.get(c, 0) <= 0:
        raise RuleError(f"{PLACE_NAMES.get(place, f'Super Weapon {number}')} holds no {c} cube")
    p[c] -= 1
    if place == "weapon" and p[c] == 0:
        del p[c]


def put_on(s: State, place: str, number: int | None, c: str) -> None:
    if place == "quietus":
        s["quietus"] += 1
        return
    p = pool(s, place, number)
    p[c] = p.get(c, 0) + 1


def set_deck(state: State, dice: Dice, alien: int, delta: int | None = None, value: int | None = None) -> Outcome:
    """A2: a card adds or removes cards of an alien's Encounter deck (alien 1-3, left to right)."""
    refuse_once_over(state)
    s = copy_state(state)
    k = alien - 1
    before = s["decks"][k]
    target = value if value is not None else before + (delta or 0)
    if not 0 <= target <= DECK_SIZE:
        raise InputError(f"{alien_name(s, k)}'s deck would hold {target} cards: 0-{DECK_SIZE}")
    if k < s["alien"] and target > 0:
        raise RuleError(f"{alien_name(s, k)}'s sector is behind you: its deck stays empty")
    s["decks"][k] = target
    lines = [f"{alien_name(s, k)}'s deck: {before} → {target} cards."]
    if s["phase"] == READY and s["decks"][s["alien"]] == 0:
        nxt = next((j for j in range(s["alien"] + 1, DECKS) if s["decks"][j] > 0), None)
        if nxt is None:
            raise RuleError("that would leave no Encounter cards at all (the game would be lost: play on, or "
                            "set another deck)")
        s["alien"] = nxt
        lines.append(f"Move on to {alien_name(s)}'s sector.")
    return Outcome(s, lines[0] + " (by hand)", lines, {"decks": s["decks"], "alien": s["alien"]})


def set_planets(state: State, dice: Dice, face_up: int | None = None, deck: int | None = None) -> Outcome:
    """A2: a card changes the face-up planets or the planet deck."""
    refuse_once_over(state)
    s = copy_state(state)
    pl = s["planets"]
    if face_up is not None:
        pl["face_up"] = face_up
    if deck is not None:
        pl["deck"] = deck
    line = f"Planets: {pl['face_up']} face up, {pl['deck']} in the deck."
    return Outcome(s, line + " (by hand)", [line], {"planets": pl})


def hand(state: State, dice: Dice, gain: Card | None = None, discard: str | None = None) -> Outcome:
    """A2: a card puts a Key or Code card into your hand (`gain`), or takes one away (`discard`: K
    for a Key card, O for a Code card, or that card's token)."""
    refuse_once_over(state)
    s = copy_state(state)
    if gain is not None:
        if not (gain["key"] or gain["code"]):
            raise InputError(f"{card_token(gain)} is neither a Key nor a Code card: only those are kept in hand, "
                             f"e.g. G2C.K")
        s["hand"].append(card_token(gain))
        line = f"Take {card_token(gain)} into your hand."
    else:
        hits = [t for t in s["hand"] if discard == t or (discard == KEY and parse_card(t)["key"])
                or (discard == CODE and parse_card(t)["code"])]
        if not hits:
            what = {KEY: "no Key card is", CODE: "no Code card is"}.get(discard or "", f"{discard} is not")
            raise RuleError(f"{what} in your hand ({', '.join(s['hand']) or 'empty'})")
        s["hand"].remove(hits[0])
        line = f"Discard {hits[0]} from your hand."
    return Outcome(s, line, [line], {"hand": s["hand"]})


def set_location(state: State, dice: Dice, card: Card | None = None) -> Outcome:
    """A2: a card replaces the current Location (`card`), or discards it (None)."""
    refuse_once_over(state)
    s = copy_state(state)
    old = s.get("location")
    if card is None:
        if old is None:
            raise RuleError("there is no Location to discard")
        del s["location"]
        line = f"Discard the Location {old}."
    elif card["kind"] != LOCATION:
        raise InputError(f"{typed(card_token(card))} is not a Location card: a Location token starts with L "
                         f"(e.g. L.rb)")
    else:
        s["location"] = card_token(card)
        line = f"The Location is now {s['location']}" + (f" (was {old})." if old else ".")
    return Outcome(s, line, [line], {"location": s.get("location")})


def end_game(state: State, dice: Dice, ending: str) -> Outcome:
    """A2: the game ends, won or lost, because a card's text says so (the rules end it on their
    own when the Super Weapons are found, two abilities reach 0 or the decks run out)."""
    refuse_once_over(state)
    s = copy_state(state)
    s["phase"], s["result"] = OVER, ending
    line = (f"The game ends by hand: you have {ending}. " +
            ("The Intergalactic Alliance repulses the Cosmic Hegemony invasion." if ending == WON else
             "The Cosmic Hegemony invades the Intergalactic Alliance."))
    return Outcome(s, f"The game ends by hand: {ending}", [line], {"result": ending, "phase": OVER,
                                                                  "round": s["round"]})

