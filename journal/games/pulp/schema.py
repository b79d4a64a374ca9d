"""Pulp Invasion: the save's [state] table, its validators (`STATE`; the same keys typed for the
type checker are tables.py's), and `validate`: types and ranges first, then the rules'
invariants, each problem naming its key.
"""

from __future__ import annotations

from journal.errors import JournalError
from journal.games.pulp.rules.components import (
    ABILITIES, ABILITY_CUBES, ABILITY_MAX, BLACK, COLOURS, DECK_SIZE, DECKS, DIE_COLOURS, DRAWN, ENCOUNTER, ENGAGED,
    FACE_UP, ICONS, KINDS, LEVELS, LINE_SIZE, LOCATION, LOST, OVER, PENDING, PHASES, PLANETS, QUIETUS, READY, SEARCH,
    SEARCHED, STATUSES, TOTALS, WON, Card, parse_card,
)
from journal.games.pulp.rules.model import cubes_met, n_weapons, weapon_problems
from journal.schema import Bool, Int, List, Map, Str, Table, opt, show_value
from journal.text import plural


COUNTS = Table({c: Int(0, TOTALS[c]) for c in COLOURS})
ICON = Str(choices=tuple(ICONS))
STATE = Table({
    "level": Str(choices=tuple(LEVELS)),
    "captain": Str(describe="the Captain's name"),
    "round": Int(0, 99),
    "phase": Str(choices=PHASES),
    "result": opt(Str(choices=(WON, LOST))),
    "abilities": Table({a: Table({"value": Int(0, ABILITY_MAX), "max": Int(1, ABILITY_MAX)}) for a in ABILITIES}),
    "dice": Map(Int(1, 6), key_pattern="|".join(DIE_COLOURS), key_describe="a die colour (red, orange, blue, "
                                                                          "yellow, gray)"),
    "hegemony": List(Table({"name": Str(describe="an alien's name"), "icon": opt(ICON)}), max_items=DECKS,
                     unique_casefold="name"),
    "decks": List(Int(0, DECK_SIZE), max_items=DECKS),
    "alien": Int(0, DECKS - 1),
    "quietus": Int(0, TOTALS[BLACK]),
    "bag": COUNTS,
    "supply": COUNTS,
    "drawn": Table({c: Int(0, TOTALS[c]) for c in DRAWN}),
    "weapons": List(Table({
        "name": opt(Str(describe="the weapon's name")),
        "needs": opt(Table({c: opt(Int(1, TOTALS[c])) for c in ABILITY_CUBES})),
        "cubes": Table({c: opt(Int(1, TOTALS[c])) for c in COLOURS}),
        "understood": Bool(),
        "used": Bool(),
    }), max_items=max(LEVELS.values())),
    "line": List(Table({
        "card": Str(describe="a card token"),
        "kind": Str(choices=tuple(k.lower() for k in KINDS.values() if k != KINDS[LOCATION])),
        "planets": Int(0, 9),
        "status": Str(choices=STATUSES),
        "icon_override": opt(ICON),
    }), max_items=LINE_SIZE),
    "hand": List(Str(describe="a card token")),
    "location": opt(Str(describe="a Location card token")),
    "planet": opt(Str(describe="a planet's name")),
    "planets": Table({"face_up": Int(0, FACE_UP), "deck": Int(0, PLANETS - FACE_UP),
                      "searched": List(Str(describe="a planet's name"))}),
})


def validate(state: dict, changed: set[str] | None = None) -> list[str]:
    """Types, ranges and unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems, changed)  # (only the keys `changed`, when given)
    if problems:
        return problems
    for check in (abilities_within_their_maximum, cubes_are_conserved, three_aliens_one_the_quietus):
        problems += check(state)
    if problems:
        return problems
    for check in (decks_behind_are_empty, dice_and_weapons_by_level, the_result_ends_the_game,
                  the_round_holds_its_cards, line_problems, location_and_hand_cards):
        problems += check(state)
    return problems


def abilities_within_their_maximum(state: dict) -> list[str]:
    return [f"state.abilities.{a}.value = {ab['value']} is above its max {ab['max']}"
            for a in ABILITIES if (ab := state["abilities"][a])["value"] > ab["max"]]


def cubes_are_conserved(state: dict) -> list[str]:
    """P1: the 76 cubes are conserved: each colour's bag, supply, drawn cubes, The Quietus and the
    weapons add up to the game's count."""
    problems = []
    for c in COLOURS:
        on_weapons = sum(w["cubes"].get(c, 0) for w in state["weapons"])
        held = state["drawn"].get(c, 0)
        quietus = state["quietus"] if c == BLACK else 0
        total = state["bag"][c] + state["supply"][c] + held + quietus + on_weapons
        if total != TOTALS[c]:
            parts = f"bag {state['bag'][c]} + supply {state['supply'][c]}"
            parts += f" + drawn {held}" if c in DRAWN else ""
            parts += f" + Quietus {quietus}" if c == BLACK else ""
            parts += f" + weapons {on_weapons}"
            problems.append(f"state.bag.{c}: {parts} = {total} {c} cubes, but the game has {TOTALS[c]}")
    return problems


def three_aliens_one_the_quietus(state: dict) -> list[str]:
    """Setup 1 and 3: three Cosmic Hegemony aliens in a row, one of them The Quietus, a deck under each."""
    problems = []
    if len(state["hegemony"]) != DECKS:
        problems.append(f"state.hegemony has {len(state['hegemony'])} aliens: expected {DECKS}")
    elif sum(1 for h in state["hegemony"] if h["name"] == QUIETUS) != 1:
        problems.append(f"state.hegemony: exactly one alien is named {show_value(QUIETUS)}")
    if len(state["decks"]) != DECKS:
        problems.append(f"state.decks has {len(state['decks'])} counts: expected {DECKS}")
    return problems


def decks_behind_are_empty(state: dict) -> list[str]:
    """P6: play moves on to the next alien when a deck is empty, and never back."""
    alien, problems = state["alien"], []
    for k in range(alien):
        if state["decks"][k]:
            problems.append(f"state.decks[{k}] = {state['decks'][k]}, but state.alien = {alien}: the decks of "
                            f"sectors behind you are empty")
    if state["phase"] == READY and state["decks"][alien] == 0:
        problems.append(f"state.decks[{alien}] = 0 but state.phase = \"ready\": the next round draws from the "
                        f"leftmost deck that has cards (set state.alien)")
    return problems


def dice_and_weapons_by_level(state: dict) -> list[str]:
    """A captain keeps at most 3 dice; the skill level says how many Super Weapons there are, and
    each holds only what it may (Understood once it holds every cube it needs)."""
    problems, n = [], n_weapons(state)
    if len(state["dice"]) > 3:
        problems.append(f"state.dice has {len(state['dice'])} dice: a captain keeps at most 3")
    if len(state["weapons"]) > n:
        problems.append(f"state.weapons has {len(state['weapons'])} weapons: a {state['level']} game uses {n}")
    for k, w in enumerate(state["weapons"]):
        path = f"state.weapons[{k}]"
        problems += weapon_problems(w, path)
        if cubes_met(w) and not w["understood"]:
            problems.append(f"{path}.understood = false, but it holds every cube it needs: true")
    return problems


def the_result_ends_the_game(state: dict) -> list[str]:
    phase = state["phase"]
    if ("result" in state) == (phase == OVER):
        return []
    return ["state.result is set exactly when state.phase = \"over\"" if phase == OVER else
            f"state.result = {show_value(state['result'])} but state.phase = {show_value(phase)}: "
            f"a result ends the game (phase \"over\")"]


def the_round_holds_its_cards(state: dict) -> list[str]:
    """Between rounds the line and the planet are empty; during one a planet is searched; drawn
    cubes wait only after a search."""
    problems, phase = [], state["phase"]
    if phase == READY and (state["line"] or "planet" in state):
        problems.append("state.line and state.planet are empty between rounds (state.phase = \"ready\")")
    if phase in (ENCOUNTER, SEARCH, SEARCHED) and "planet" not in state:
        problems.append(f"state.planet is missing: during a round ({phase}) you search a planet")
    if phase not in (SEARCHED, OVER):
        for c in DRAWN:
            if state["drawn"][c]:
                problems.append(f"state.drawn.{c} = {state['drawn'][c]}: drawn cubes wait only after a search "
                                f"(state.phase = \"searched\")")
    return problems


def line_problems(state: dict) -> list[str]:
    """The Encounter Line: encountered left to right, pending exactly during the encounter, each
    card's kind and planet icons those of its token (P2: its icon is derived)."""
    problems = []
    line, phase = state["line"], state["phase"]
    statuses = [c["status"] for c in line]
    if phase == ENCOUNTER and PENDING not in statuses:
        problems.append("state.phase = \"encounter\" but no card of state.line is pending")
    if phase in (SEARCH, SEARCHED) and PENDING in statuses:
        problems.append(f"state.phase = {show_value(phase)} but state.line still has pending cards")
    if PENDING in statuses and any(st != PENDING for st in statuses[statuses.index(PENDING):]):
        problems.append("state.line: cards are encountered left to right (a resolved card follows a pending one)")
    for k, c in enumerate(line):
        problems += line_card_problems(c, f"state.line[{k}]")
    return problems


def line_card_problems(c: dict, path: str) -> list[str]:
    card, err = token_problem(c["card"], f"{path}.card")
    if card is None:
        return [err]
    if card["kind"] == LOCATION:
        return [f"{path}.card = {show_value(c['card'])}: a Location leaves the line (state.location)"]
    problems = []
    if c["kind"] != KINDS[card["kind"]].lower():
        problems.append(f"{path}.kind = {show_value(c['kind'])} but the card is a {KINDS[card['kind']].lower()}")
    if c["planets"] != card["planets"]:
        problems.append(f"{path}.planets = {c['planets']} but the card shows {plural(card['planets'], 'planet icon')}")
    if "icon_override" in c and (c["status"] != ENGAGED or card["strength"] is None):
        problems.append(f"{path}.icon_override: only an engaged card that shows an Engage Strength keeps the "
                        f"engage icon a card's text set (the others take theirs from the line, rules note P2)")
    return problems


def location_and_hand_cards(state: dict) -> list[str]:
    """The Location is a Location card; the hand keeps only Key and Code cards."""
    problems = []
    if "location" in state:
        card, err = token_problem(state["location"], "state.location")
        if card is None:
            problems.append(err)
        elif card["kind"] != LOCATION:
            problems.append(f"state.location = {show_value(state['location'])} is not a Location card (L...)")
    for k, t in enumerate(state["hand"]):
        card, err = token_problem(t, f"state.hand[{k}]")
        if card is None:
            problems.append(err)
        elif not (card["key"] or card["code"]):
            problems.append(f"state.hand[{k}] = {show_value(t)} has no Key (K) or Code (O): only those are kept")
    return problems


def token_problem(token: str, path: str) -> tuple[Card | None, str]:
    """The card a stored token is, or what is wrong with it."""
    try:
        return parse_card(token), ""
    except JournalError as e:
        return None, f"{path} = {show_value(token)}: {e.message}"
