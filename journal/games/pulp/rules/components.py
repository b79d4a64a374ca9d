"""Pulp Invasion's components: the names and numbers the rulebook prints, in one place.

The cubes, abilities, icons, decks, phases and captain's dice as the rulebook's Components,
Icons and Dice Icons pages list them (rules notes P1, P6), and the card token: the notation
a card is typed and kept in (`G2C.r.PK`), read by `parse_card` and written by `card_token`.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple, TypedDict

from journal.errors import InputError, typed
from journal.text import plural

# Cubes (P1: 76 of them, never created)
RED, ORANGE, BLUE, BLACK, YELLOW, WHITE = "red", "orange", "blue", "black", "yellow", "white"
COLOURS = (RED, ORANGE, BLUE, BLACK, YELLOW, WHITE)
ABILITY_CUBES = (RED, ORANGE, BLUE)  # Combat, Science and Diplomacy cubes
LETTER = {"r": RED, "o": ORANGE, "b": BLUE, "k": BLACK, "y": YELLOW, "w": WHITE}
SHORT = {v: k for k, v in LETTER.items()}
TOTALS = {RED: 15, ORANGE: 15, BLUE: 15, BLACK: 15, YELLOW: 6, WHITE: 10}
CUBE_HEX = {RED: "#d6302b", ORANGE: "#f59429", BLUE: "#386bd9", BLACK: "#141414", YELLOW: "#fcdb38",
            WHITE: "#ffffff"}  # each cube's colour, as the pages and charts print it
DRAWN = (RED, ORANGE, BLUE, BLACK)  # cubes a search can leave waiting for a decision

# Abilities (the Player Tracking cards), the cube of each and the icon that calls for it
COMBAT, SCIENCE, DIPLOMACY = "combat", "science", "diplomacy"
ABILITIES = (COMBAT, SCIENCE, DIPLOMACY)
ABILITY_LABEL = {COMBAT: "Combat", SCIENCE: "Science", DIPLOMACY: "Diplomacy"}
ABILITY_COLOUR = {COMBAT: RED, SCIENCE: ORANGE, DIPLOMACY: BLUE}
COLOUR_ABILITY = {v: k for k, v in ABILITY_COLOUR.items()}
ICONS = {"C": COMBAT, "D": DIPLOMACY, "S": SCIENCE}
ICON_OF = {v: k for k, v in ICONS.items()}
ABILITY_MAX = 10  # the highest maximum a Captain card may give

# Cards: the kinds, and the flags a card token carries (one P per planet icon, a Key, a Code)
GUARDFORCE, AGENT, LOCATION, EVENT = "G", "A", "L", "E"
KINDS = {GUARDFORCE: "Guardforce", AGENT: "Agent", LOCATION: "Location", EVENT: "Event"}
PLANET, KEY, CODE = "P", "K", "O"

# "Guardforce and Agents cards show 1 cube, Locations show 2 cubes" (the Encounter Phase); an
# Event's cubes the book does not count
CUBES_SHOWN = {GUARDFORCE: 1, AGENT: 1, LOCATION: 2}

# Setup: skill level N (P1), the three Encounter decks of 16 (P6), the Planet cards
LEVELS = {"basic": 4, "normal": 5, "advanced": 6}
SEEDED = {RED: 4, ORANGE: 4, BLUE: 4, BLACK: 4}      # P1: the bag's cubes at every level; N yellow, N white more
DECKS = 3
DECK_SIZE = 16  # P6: four rounds per alien
LINE_SIZE = 4
PLANETS = 12
FACE_UP = 3
QUIETUS = "The Quietus"
MINA = "mina tormelson"  # the captain who keeps all three dice

# The round: its phases, and where each card of the Encounter Line stands
READY, ENCOUNTER, SEARCH, SEARCHED, OVER = "ready", "encounter", "search", "searched", "over"
PHASES = (READY, ENCOUNTER, SEARCH, SEARCHED, OVER)
PHASE_TEXT = {READY: "between rounds", ENCOUNTER: "encounter phase", SEARCH: "planet search",
              SEARCHED: "placing drawn cubes", OVER: "game over"}
PENDING, ENGAGED, EVADED = "pending", "engaged", "evaded"
STATUSES = (PENDING, ENGAGED, EVADED)
WON: Final = "won"  # how the game ends (journal.games.Result)
LOST: Final = "lost"

# Captain's dice: the crew dice and the systems dice
GRAY = "gray"
DIE_COLOURS = (RED, ORANGE, BLUE, YELLOW, GRAY)
CREW = (RED, ORANGE, BLUE)
SYSTEMS = (YELLOW, GRAY)
DIE_NAMES = {RED: "Weapons Specialist", ORANGE: "Engineer", BLUE: "Infiltration Agent",
             YELLOW: "Artificial Intelligence", GRAY: "Scanning Technology"}

# Each face's Engage Strength (rulebook, Dice Icons): (points, against which ability, or ANY)
ANY = "any"
STRENGTH = {
    (RED, 1): (1, COMBAT), (RED, 2): (1, ANY), (RED, 3): (2, COMBAT), (RED, 4): (2, ANY),
    (RED, 5): (2, COMBAT), (RED, 6): (3, COMBAT),
    (ORANGE, 1): (1, SCIENCE), (ORANGE, 2): (1, SCIENCE), (ORANGE, 3): (2, SCIENCE),
    (ORANGE, 4): (2, ANY), (ORANGE, 5): (2, SCIENCE), (ORANGE, 6): (2, SCIENCE),
    (BLUE, 2): (1, DIPLOMACY), (BLUE, 3): (1, DIPLOMACY), (BLUE, 4): (1, ANY),
    (BLUE, 5): (2, DIPLOMACY), (BLUE, 6): (2, DIPLOMACY),
}
FACE_TEXT = {
    RED: ("+1 vs Combat", "+1 vs any", "+2 vs Combat", "+2 vs any",
          "+2 vs Combat, or evade: remove 2 white", "+3 vs Combat"),
    ORANGE: ("+1 vs Science", "+1 vs Science, or upgrade a Systems die 1", "+2 vs Science",
             "+2 vs any", "+2 vs Science", "+2 vs Science and upgrade a Systems die 2"),
    BLUE: ("search: +1 cube", "+1 vs Diplomacy", "+1 vs Diplomacy, or search: +1 cube",
           "+1 vs any", "+2 vs Diplomacy", "+2 vs Diplomacy, or evade: remove 2 chosen"),
    YELLOW: ("engage: roll the red die", "swap an owned die (Guardforce with planet)",
             "engage: roll the blue die", "reroll an owned die (Agent)",
             "engage: roll the orange die", "reroll an owned die (Guardforce with planet)"),
    GRAY: ("search: +1 evaded planet icon", "evade: take 1 chosen cube (not yellow)",
           "1 Super Weapon is Understood", "evade: draw 1 cube to the supply",
           "search: +2 evaded planet icons", "search: choose the Super Weapon card"),
}


class DieUse(NamedTuple):
    """The Captain's die an action uses: its colour, the face the player says it shows (None: as the
    save has it), the face it turns down to (None: one lower)."""
    colour: str
    face: int | None = None
    to: int | None = None


AI_ROLLS = {1: RED, 3: BLUE, 5: ORANGE}  # Artificial Intelligence faces that roll a crew die
# Where each face that has no engage strength is used: in an engage, an evade, a search, or on its own
IN_ENGAGE, IN_EVADE, IN_SEARCH, ON_ITS_OWN = "engage", "evade", "search", "die"
FACE_USE = {
    (RED, 5): IN_EVADE, (ORANGE, 2): IN_ENGAGE, (ORANGE, 6): IN_ENGAGE,
    (BLUE, 1): IN_SEARCH, (BLUE, 3): IN_SEARCH, (BLUE, 6): IN_EVADE,
    (YELLOW, 1): IN_ENGAGE, (YELLOW, 2): ON_ITS_OWN, (YELLOW, 3): IN_ENGAGE, (YELLOW, 4): ON_ITS_OWN,
    (YELLOW, 5): IN_ENGAGE, (YELLOW, 6): ON_ITS_OWN,
    (GRAY, 1): IN_SEARCH, (GRAY, 2): IN_EVADE, (GRAY, 3): ON_ITS_OWN, (GRAY, 4): IN_EVADE,
    (GRAY, 5): IN_SEARCH, (GRAY, 6): IN_SEARCH,
}


# --- the card token ---------------------------------------------------------------------

class Card(TypedDict):
    """A card as its token tells it: kind, Engage Strength and the icon it shows (None where the
    card prints none), its cubes (letters), its planet icons, a Key, a Code."""
    kind: str
    strength: int | None
    shows: str | None
    cubes: str
    planets: int
    key: bool
    code: bool


TOKEN_GRAMMAR = ("KIND[STRENGTH][ICON][.CUBES][.FLAGS]: KIND G Guardforce, A Agent, L Location, "
                 "E Event; STRENGTH 0-9; ICON C, D or S; CUBES from r o b k y w; FLAGS P (one per "
                 "planet icon), K key, O code; e.g. G2C.r.PK, A4S.o.PP, L.rb, ES")


TOKEN = re.compile(r"([GALE])([0-9])?([CDS])?", re.IGNORECASE)


def parse_card(token: str) -> Card:
    """`G2C.r.PK` → kind, strength, shows (the icon printed), cubes, planets, key, code."""
    head, *parts = token.strip().split(".")
    m = TOKEN.fullmatch(head)
    if not m or len(parts) > 2:
        raise InputError(f"card {typed(token)} is not a card: {TOKEN_GRAMMAR}")
    kind = m.group(1).upper()
    card: Card = {"kind": kind, "strength": int(m.group(2)) if m.group(2) else None,
                  "shows": m.group(3).upper() if m.group(3) else None,
                  "cubes": "", "planets": 0, "key": False, "code": False}
    for n, part in enumerate(parts):
        read_part(card, token, part, parts[:n])
    if len(card["cubes"]) > 4:
        raise InputError(f"card {typed(token)} shows {len(card['cubes'])} cubes, at most 4: {TOKEN_GRAMMAR}")
    if kind == LOCATION and (card["strength"] is not None or card["shows"]):
        raise InputError(f"card {typed(token)}: a Location shows no Engage Strength or icon, only its cubes: "
                         f"{TOKEN_GRAMMAR}")
    return card


def read_part(card: Card, token: str, part: str, before: list[str]) -> None:
    """One `.PART` of a token: its cubes (lower case letters) or its flags (P, K, O), each once."""
    if part and all(ch in LETTER for ch in part) and not any(is_cubes(p) for p in before):
        card["cubes"] = part
    elif part and all(ch in PLANET + KEY + CODE for ch in part) and not any(is_flags(p) for p in before):
        card["planets"] = part.count(PLANET)
        card["key"], card["code"] = KEY in part, CODE in part
        if part.count(KEY) > 1 or part.count(CODE) > 1:
            raise InputError(f"card {typed(token)}: K (key) and O (code) appear once each: {TOKEN_GRAMMAR}")
    else:
        raise InputError(f"card {typed(token)}: '.{part}' is neither cubes (lower case r o b k y w) nor "
                         f"flags (upper case P K O): {TOKEN_GRAMMAR}")


def is_cubes(part: str) -> bool:
    return bool(part) and all(ch in LETTER for ch in part)


def is_flags(part: str) -> bool:
    return bool(part) and all(ch in PLANET + KEY + CODE for ch in part)


def card_token(card: Card) -> str:
    """The canonical spelling of a parsed card."""
    out = card["kind"] + ("" if card["strength"] is None else str(card["strength"])) + (card["shows"] or "")
    if card["cubes"]:
        out += "." + card["cubes"]
    flags = PLANET * card["planets"] + (KEY if card["key"] else "") + (CODE if card["code"] else "")
    return out + ("." + flags if flags else "")


def wrong_cubes(card: Card) -> str | None:
    """Why a drawn card's cubes cannot be what it shows ("Guardforce and Agents cards show 1 cube,
    Locations show 2 cubes"), or None when they can (an Event: any)."""
    want = CUBES_SHOWN.get(card["kind"])
    if want is None or len(card["cubes"]) == want:
        return None
    example = card_token({**card, "cubes": (card["cubes"] + "rb")[:want]})
    return (f"shows {plural(len(card['cubes']), 'cube')}: {KINDS[card['kind']]} cards show "
            f"{plural(want, 'cube')} (Guardforce and Agents 1, Locations 2), typed after a dot, e.g. {example}")


# --- cubes as players read them ---------------------------------------------------------

def starting_bag(level: str) -> dict[str, int]:
    """P1: the bag at set-up, by colour: 4 red, orange, blue and black, N yellow and N white."""
    n = LEVELS[level]
    return {**SEEDED, YELLOW: n, WHITE: n}


def needs_text(needs: dict) -> str:
    return ",".join(f"{SHORT[c]}{n}" for c, n in needs.items()) if needs else "none"


def cubes_text(counts: dict, empty: str = "none") -> str:
    parts = [f"{n} {c}" for c, n in counts.items() if n]
    return ", ".join(parts) if parts else empty


def count_cubes(cubes: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cubes:
        out[c] = out.get(c, 0) + 1
    return {c: out[c] for c in COLOURS if c in out}
