"""Pulp Invasion: the rules as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness, and never mutates the state it is given. Cubes drawn
from the bag come from ``dice.draw(bag, "bag")`` (physical draws typed with
``--draw``), captain's dice from ``dice.roll(6)`` (``--roll``). Rulings P1-P6 and
A1-A2 are in ../shared/rules/RULINGS.md; "our reading" marks choices the rulebook
leaves open (README, Rules notes).
"""

from __future__ import annotations

import copy
import re
from math import comb

from journal.errors import InputError, RuleError
from journal.outcome import Outcome

# --- components ---------------------------------------------------------------------

COLOURS = ("red", "orange", "blue", "black", "yellow", "white")
LETTER = {"r": "red", "o": "orange", "b": "blue", "k": "black", "y": "yellow", "w": "white"}
SHORT = {v: k for k, v in LETTER.items()}
TOTALS = {"red": 15, "orange": 15, "blue": 15, "black": 15, "yellow": 6, "white": 10}  # P1: 76 cubes
ABILITIES = ("combat", "science", "diplomacy")
ABILITY_LABEL = {"combat": "Combat", "science": "Science", "diplomacy": "Diplomacy"}
ABILITY_COLOUR = {"combat": "red", "science": "orange", "diplomacy": "blue"}
COLOUR_ABILITY = {v: k for k, v in ABILITY_COLOUR.items()}
ICONS = {"C": "combat", "D": "diplomacy", "S": "science"}
ICON_OF = {v: k for k, v in ICONS.items()}
DRAWN = ("red", "orange", "blue", "black")          # cubes a search can leave waiting for a decision
LEVELS = {"basic": 4, "normal": 5, "advanced": 6}   # P1: N
KINDS = {"G": "Guardforce", "A": "Agent", "L": "Location", "E": "Event"}
DECKS = 3
DECK_SIZE = 16                                       # P6: 16 cards, four rounds per alien
LINE_SIZE = 4
PLANETS = 12
FACE_UP = 3
ABILITY_MAX = 10                                     # the highest maximum a Captain card may give
DIE_COLOURS = ("red", "orange", "blue", "yellow", "gray")
CREW = ("red", "orange", "blue")
SYSTEMS = ("yellow", "gray")
DIE_NAMES = {"red": "Weapons Specialist", "orange": "Engineer", "blue": "Infiltration Agent",
             "yellow": "Artificial Intelligence", "gray": "Scanning Technology"}
PHASES = ("ready", "encounter", "search", "searched", "over")
PHASE_TEXT = {"ready": "between rounds", "encounter": "encounter phase", "search": "planet search",
              "searched": "placing drawn cubes", "over": "game over"}
QUIETUS = "The Quietus"
MINA = "mina tormelson"                              # the captain who keeps all three dice

# Captain's dice (rulebook, Dice Icons). Engage strength: (points, against which icon
# type, "any" = any type); the other effects by where they are used.
STRENGTH = {
    ("red", 1): (1, "combat"), ("red", 2): (1, "any"), ("red", 3): (2, "combat"), ("red", 4): (2, "any"),
    ("red", 5): (2, "combat"), ("red", 6): (3, "combat"),
    ("orange", 1): (1, "science"), ("orange", 2): (1, "science"), ("orange", 3): (2, "science"),
    ("orange", 4): (2, "any"), ("orange", 5): (2, "science"), ("orange", 6): (2, "science"),
    ("blue", 2): (1, "diplomacy"), ("blue", 3): (1, "diplomacy"), ("blue", 4): (1, "any"),
    ("blue", 5): (2, "diplomacy"), ("blue", 6): (2, "diplomacy"),
}
FACE_TEXT = {
    "red": ("+1 vs Combat", "+1 vs any", "+2 vs Combat", "+2 vs any",
            "+2 vs Combat, or evade: remove 2 white", "+3 vs Combat"),
    "orange": ("+1 vs Science", "+1 vs Science, or upgrade a Systems die 1", "+2 vs Science",
               "+2 vs any", "+2 vs Science", "+2 vs Science and upgrade a Systems die 2"),
    "blue": ("search: +1 cube", "+1 vs Diplomacy", "+1 vs Diplomacy, or search: +1 cube",
             "+1 vs any", "+2 vs Diplomacy", "+2 vs Diplomacy, or evade: remove 2 chosen"),
    "yellow": ("engage: roll the red die", "swap an owned die (Guardforce with planet)",
               "engage: roll the blue die", "reroll an owned die (Agent)",
               "engage: roll the orange die", "reroll an owned die (Guardforce with planet)"),
    "gray": ("search: +1 evaded planet icon", "evade: take 1 chosen cube (not yellow)",
             "1 Super Weapon is Understood", "evade: draw 1 cube to the supply",
             "search: +2 evaded planet icons", "search: choose the Super Weapon card"),
}
AI_ROLLS = {1: "red", 3: "blue", 5: "orange"}        # Artificial Intelligence faces that roll a crew die
_USE = {  # where each face that has no engage strength is used
    ("red", 5): "evade", ("orange", 2): "engage", ("orange", 6): "engage",
    ("blue", 1): "search", ("blue", 3): "search", ("blue", 6): "evade",
    ("yellow", 1): "engage", ("yellow", 2): "die", ("yellow", 3): "engage", ("yellow", 4): "die",
    ("yellow", 5): "engage", ("yellow", 6): "die",
    ("gray", 1): "search", ("gray", 2): "evade", ("gray", 3): "die", ("gray", 4): "evade",
    ("gray", 5): "search", ("gray", 6): "search",
}
_WHERE = {"engage": "pulp engage POS --die {d}", "evade": "pulp evade POS --die {d}",
          "search": "pulp search --die {d}", "die": "pulp die {d} --use"}

TOKEN_GRAMMAR = ("KIND[STRENGTH][ICON][.CUBES][.FLAGS]: KIND G Guardforce, A Agent, L Location, "
                 "E Event; STRENGTH 0-9; ICON C, D or S; CUBES from r o b k y w; FLAGS P (one per "
                 "planet icon), K key, O code; e.g. G2C.r.PK, A4S.o.PP, L.rb, ES")


def n_weapons(state: dict) -> int:
    """P1: the Super Weapons used, and to be found, at this skill level."""
    return LEVELS[state["level"]]


# --- typed values -----------------------------------------------------------------

_TOKEN = re.compile(r"([GALE])([0-9])?([CDS])?", re.IGNORECASE)


def parse_card(token: str) -> dict:
    """`G2C.r.PK` → kind, strength, shows (the icon printed), cubes, planets, key, code."""
    raw = token.strip()
    head, *parts = raw.split(".")
    m = _TOKEN.fullmatch(head)
    if not m or len(parts) > 2:
        raise InputError(f"card '{token}' is not a card: {TOKEN_GRAMMAR}")
    kind = m.group(1).upper()
    card = {"kind": kind, "strength": int(m.group(2)) if m.group(2) else None,
            "shows": m.group(3).upper() if m.group(3) else None,
            "cubes": "", "planets": 0, "key": False, "code": False}
    seen = set()
    for part in parts:
        if part and all(ch in LETTER for ch in part) and "cubes" not in seen:
            seen.add("cubes")
            card["cubes"] = part
        elif part and all(ch in "PKO" for ch in part) and "flags" not in seen:
            seen.add("flags")
            card["planets"] = part.count("P")
            card["key"] = "K" in part
            card["code"] = "O" in part
            if part.count("K") > 1 or part.count("O") > 1:
                raise InputError(f"card '{token}': K (key) and O (code) appear once each: {TOKEN_GRAMMAR}")
        else:
            raise InputError(f"card '{token}': '.{part}' is neither cubes (lower case r o b k y w) nor "
                             f"flags (upper case P K O): {TOKEN_GRAMMAR}")
    if len(card["cubes"]) > 4:
        raise InputError(f"card '{token}' shows {len(card['cubes'])} cubes, at most 4: {TOKEN_GRAMMAR}")
    if kind == "L" and (card["strength"] is not None or card["shows"]):
        raise InputError(f"card '{token}': a Location shows no Engage Strength or icon, only its cubes: "
                         f"{TOKEN_GRAMMAR}")
    return card


def card_token(card: dict) -> str:
    """The canonical spelling of a parsed card."""
    out = card["kind"] + ("" if card["strength"] is None else str(card["strength"])) + (card["shows"] or "")
    if card["cubes"]:
        out += "." + card["cubes"]
    flags = "P" * card["planets"] + ("K" if card["key"] else "") + ("O" if card["code"] else "")
    return out + ("." + flags if flags else "")


def ability_name(text: str, option: str = "ABILITY") -> str:
    t = str(text).strip().lower()
    for a in ABILITIES:
        if t in (a, a[0], ICON_OF[a].lower()) or (a == "science" and t in ("super science", "super-science")):
            return a
    raise InputError(f"{option} '{text}' is not an ability: expected combat, science or diplomacy "
                     f"(or c, s, d)")


def colour_name(text: str, option: str = "CUBE", allowed=COLOURS) -> str:
    t = str(text).strip().lower()
    c = LETTER.get(t, t)
    if c == "grey":
        c = "gray"
    if c not in allowed:
        shown = ", ".join(f"{SHORT.get(a, a)} ({a})" if a in SHORT else a for a in allowed)
        raise InputError(f"{option} '{text}' is not one of {shown}")
    return c


def parse_cubes(text: str, option: str = "--draw") -> list[str]:
    """`k,r,o` (or `kro`, or colour names) → ["black", "red", "orange"]."""
    out = []
    for part in filter(None, (p.strip() for p in str(text).split(","))):
        low = part.lower()
        if low in COLOURS or low in LETTER:
            out.append(LETTER.get(low, low))
        elif all(ch in LETTER for ch in low):
            out.extend(LETTER[ch] for ch in low)
        else:
            raise InputError(f"{option} '{text}': '{part}' is not a cube: use r (red), o (orange), "
                             f"b (blue), k (black), y (yellow), w (white), comma-separated, e.g. k,r,o")
    return out


def parse_payment(specs) -> dict:
    """`combat=2,science=2` (several --pay are added up) → {"combat": 2, "science": 2}."""
    pay: dict = {}
    for spec in ([specs] if isinstance(specs, str) else specs):
        for part in filter(None, (p.strip() for p in spec.split(","))):
            key, eq, val = part.partition("=")
            if not eq or not val.strip().isdigit():
                raise InputError(f"--pay '{spec}': '{part}' should be ABILITY=N, e.g. combat=2,science=2")
            a = ability_name(key, "--pay")
            pay[a] = pay.get(a, 0) + int(val)
    return pay


_ADD = re.compile(r"([+-]?)(\d{1,2})\s*([CDS])", re.IGNORECASE)


def parse_add(text: str) -> tuple[int, str]:
    """`1C` (or +1C, -1D) → (1, "C"): engage strength a card's text adds (or removes)."""
    m = _ADD.fullmatch(str(text).strip())
    if not m:
        raise InputError(f"--add '{text}': expected a strength and an icon, e.g. 1C, 2D or -1S")
    n = int(m.group(2))
    return (-n if m.group(1) == "-" else n), m.group(3).upper()


_NEED = re.compile(r"(red|orange|blue|[rob])\s*=?\s*(\d{1,2})", re.IGNORECASE)


def parse_needs(text: str) -> dict:
    """`r2,b1` → {"red": 2, "blue": 1}; `none` → {} (usable without being Understood)."""
    t = str(text).strip().lower()
    if t in ("none", "-", "0"):
        return {}
    needs: dict = {}
    for part in filter(None, (p.strip() for p in t.split(","))):
        m = _NEED.fullmatch(part)
        if not m or int(m.group(2)) < 1:
            raise InputError(f"--needs '{text}': '{part}' should be a cube colour and a count: r (red), "
                             f"o (orange) or b (blue), e.g. r2,b1 (or none)")
        c = LETTER.get(m.group(1), m.group(1))
        needs[c] = needs.get(c, 0) + int(m.group(2))
    if not needs:
        raise InputError(f"--needs '{text}': expected cube counts such as r2,b1 (or none)")
    return needs


def parse_die(spec: str, option: str = "--die") -> tuple[str, int | None, int | None]:
    """`red` / `red:4` (the face it shows) / `red:4:2` (then turned down to 2)."""
    parts = [p.strip() for p in str(spec).split(":")]
    if not 1 <= len(parts) <= 3 or not all(p for p in parts):
        raise InputError(f"{option} '{spec}': expected COLOUR[:FACE[:TO]], e.g. red, red:4 or red:4:2")
    colour = colour_name(parts[0], option, DIE_COLOURS)
    nums = []
    for p in parts[1:]:
        if not p.isdigit() or not 1 <= int(p) <= 6:
            raise InputError(f"{option} '{spec}': a die face is 1-6")
        nums.append(int(p))
    nums += [None] * (2 - len(nums))
    return colour, nums[0], nums[1]


def needs_text(needs: dict) -> str:
    return ",".join(f"{SHORT[c]}{n}" for c, n in needs.items()) if needs else "none"


def cubes_text(counts: dict, empty: str = "none") -> str:
    parts = [f"{n} {c}" for c, n in counts.items() if n]
    return ", ".join(parts) if parts else empty


def _count_list(cubes: list[str]) -> dict:
    out: dict = {}
    for c in cubes:
        out[c] = out.get(c, 0) + 1
    return {c: out[c] for c in COLOURS if c in out}


# --- reading the state ------------------------------------------------------------

def _copy(state: dict) -> dict:
    return copy.deepcopy(state)


def _refuse_if_over(state: dict) -> None:
    if state["phase"] == "over":
        how = "won: every Super Weapon was found" if state.get("result") == "won" else \
            "lost: the Cosmic Hegemony invades"
        raise RuleError(f"the game is over ({how}); journal undo, or start a new game")


def _need_phase(state: dict, phases: tuple, doing: str) -> None:
    _refuse_if_over(state)
    if state["phase"] in phases:
        return
    raise RuleError(f"{doing} is not possible now ({PHASE_TEXT[state['phase']]}); next: {next_step(state)}")


def alien_name(state: dict, index: int | None = None) -> str:
    return state["hegemony"][state["alien"] if index is None else index]["name"]


def quietus_index(state: dict) -> int | None:
    for i, h in enumerate(state["hegemony"]):
        if is_quietus(h["name"]):
            return i
    return None


def is_quietus(name: str) -> bool:
    n = name.strip().casefold()
    return n in ("the quietus", "quietus")


def past_quietus(state: dict) -> bool:
    """P6: past the Quietus means its deck is empty."""
    q = quietus_index(state)
    return q is not None and state["decks"][q] == 0


def zero_abilities(state: dict) -> list[str]:
    return [a for a in ABILITIES if state["abilities"][a]["value"] == 0]


def pending(state: dict) -> list[int]:
    return [i for i, c in enumerate(state["line"]) if c["status"] == "pending"]


def icon_source(line: list[dict], i: int) -> int:
    """P2: the card whose icon card i uses: the nearest card to its right still in the line
    and not evaded, wrapping from the rightmost to the leftmost; a card left alone uses its own."""
    n = len(line)
    for step in range(1, n):
        j = (i + step) % n
        if line[j]["status"] != "evaded":
            return j
    return i


def refresh_line(line: list[dict]) -> None:
    """Recompute the engage strength and icon of every card still to be encountered (P2);
    engaged and evaded cards keep what they had when they were resolved."""
    for i, card in enumerate(line):
        if card["status"] != "pending":
            continue
        parsed = parse_card(card["card"])
        card.pop("engage_strength", None)
        card.pop("engage_icon", None)
        if parsed["strength"] is None:
            continue
        card["engage_strength"] = parsed["strength"]
        shows = parse_card(line[icon_source(line, i)]["card"])["shows"]
        if shows:
            card["engage_icon"] = shows


def line_entry(token: str) -> dict:
    card = parse_card(token)
    return {"card": card_token(card), "kind": KINDS[card["kind"]].lower(), "planets": card["planets"],
            "status": "pending"}


def _ability_line(state: dict) -> str:
    return ", ".join(f"{ABILITY_LABEL[a]} {state['abilities'][a]['value']}/{state['abilities'][a]['max']}"
                     for a in ABILITIES)


def _card_label(state: dict, i: int) -> str:
    return f"card {i + 1} ({state['line'][i]['card']})"


def card_requirement(card: dict) -> str:
    if "engage_strength" not in card:
        return "no strength"
    if card["engage_strength"] == 0:
        return "0, evade it"
    icon = card.get("engage_icon")
    return f"{card['engage_strength']} {ABILITY_LABEL[ICONS[icon]] if icon else '(no icon)'}"


# --- setting up -------------------------------------------------------------------

def new(dice, level: str, captain: str, abilities: dict, dice_chosen: list[str], faces: dict,
        hegemony: list[tuple[str, str | None]]) -> Outcome:
    """Set up (rulebook Setup; P1): abilities from the Captain card, 2 captain's dice (3 for
    Mina Tormelson), crew dice at 6 and systems dice rolled, three alien decks of 16, the bag
    seeded by level, 3 planets face up."""
    level = str(level).lower()
    if level not in LEVELS:
        raise InputError(f"--level '{level}' is not a skill level: expected basic, normal or advanced")
    captain = str(captain or "").strip()
    if not captain:
        raise InputError('--captain is required: the Captain card drawn, e.g. --captain "Mina Tormelson"')
    state_ab = {}
    for a in ABILITIES:
        if a not in abilities:
            raise InputError(f"--{a} is required: VALUE/MAX from the Captain card, e.g. --{a} 4/6")
        value, top = abilities[a]
        if not 1 <= top <= ABILITY_MAX:
            raise InputError(f"--{a} {value}/{top}: the maximum is 1-{ABILITY_MAX}")
        if not 0 <= value <= top:
            raise InputError(f"--{a} {value}/{top}: the starting value is 0-{top} (at most the maximum)")
        state_ab[a] = {"value": value, "max": top}
    chosen = [colour_name(d, "--die", DIE_COLOURS) for d in dice_chosen]
    if len(set(chosen)) != len(chosen):
        raise InputError("--die: each captain's die is chosen once (there is one die of each colour)")
    most = 3 if captain.casefold() == MINA else 2
    if not 2 <= len(chosen) <= most:
        who = "Mina Tormelson keeps 2 or 3" if most == 3 else "choose 2 (only Mina Tormelson keeps 3)"
        raise InputError(f"--die given {len(chosen)} time(s): {who} of the dice on the Captain card, "
                         f"e.g. --die red --die gray")
    for colour in faces:
        if colour not in chosen:
            raise InputError(f"--face {colour}=N: the {colour} die is not one of the chosen dice "
                             f"({', '.join(chosen)})")
    if len(hegemony) != DECKS:
        raise InputError(f"--hegemony given {len(hegemony)} time(s): name the 3 Cosmic Hegemony aliens in "
                         f"their row, left to right (e.g. --hegemony \"The Quietus\" --hegemony Kah "
                         f"--hegemony Zorn)")
    aliens = []
    for name, icon in hegemony:
        name = name.strip()
        if not name:
            raise InputError("--hegemony: an alien's name is empty")
        if any(a["name"].casefold() == name.casefold() for a in aliens):
            raise InputError(f"--hegemony: '{name}' is named twice")
        alien = {"name": QUIETUS if is_quietus(name) else name}
        if icon:
            alien["icon"] = icon
        aliens.append(alien)
    if sum(1 for a in aliens if a["name"] == QUIETUS) != 1:
        raise InputError("--hegemony: one of the three aliens is The Quietus (black cubes go onto its card)")
    n = LEVELS[level]
    bag = {"red": 4, "orange": 4, "blue": 4, "black": 4, "yellow": n, "white": n}
    state = {
        "level": level, "captain": captain, "round": 0, "phase": "ready",
        "abilities": state_ab, "dice": {},
        "hegemony": aliens, "decks": [DECK_SIZE] * DECKS, "alien": 0, "quietus": 0,
        "bag": bag, "supply": {c: TOTALS[c] - bag[c] for c in COLOURS},
        "drawn": {c: 0 for c in DRAWN},
        "weapons": [], "line": [], "hand": [],
        "planets": {"face_up": FACE_UP, "deck": PLANETS - FACE_UP, "searched": []},
    }
    lines = [f"Pulp Invasion, {level} level: find {n} Super Weapons before the three Encounter decks "
             f"run out. Captain {captain}."]
    rolled = []
    for colour in chosen:
        if colour in faces:
            face = faces[colour]
            if not 1 <= face <= 6:
                raise InputError(f"--face {colour}={face}: a die face is 1-6")
        elif colour in CREW:
            face = 6
        else:
            face = dice.roll(6, f"{colour} d6")
            rolled.append(f"{colour} {face}")
        state["dice"][colour] = face
    lines.append("Tracking cards: " + ", ".join(
        f"{ABILITY_LABEL[a]} {state_ab[a]['value']} (max {state_ab[a]['max']})" for a in ABILITIES) + ".")
    lines.append("Captain's dice: " + ", ".join(f"{c} ({DIE_NAMES[c]}) on {f}" for c, f in state["dice"].items())
                 + "." + (f" Rolled: {', '.join(rolled)}." if rolled else ""))
    lines.append("Aliens, left to right: " + ", ".join(a["name"] for a in aliens)
                 + f"; deal {DECK_SIZE} Encounter cards face down under each.")
    lines.append(f"Seed the bag: 4 red, 4 orange, 4 blue, 4 black, {n} yellow, {n} white; the rest is the "
                 f"supply. Shuffle {n} Super Weapon cards into their deck.")
    lines.append(f"Deal {FACE_UP} Planet cards face up.")
    lines.append("Next: " + next_step(state))
    summary = f"Pulp Invasion ({level}) begins: Captain {captain}, " + \
        ", ".join(f"{c} die {f}" for c, f in state["dice"].items())
    return Outcome(state, summary, lines, {"state": state})


# --- the encounter phase ------------------------------------------------------------

def begin_round(state: dict, dice, planet: str, cards: list[str]) -> Outcome:
    """Encounter phase set-up: choose a face-up planet, draw the line from the leftmost alien
    whose deck is not empty, put the cards' cubes from the supply into the bag (P1: cubes are
    never created), Locations leave the line (the last drawn becomes the Location)."""
    _need_phase(state, ("ready",), "drawing a new Encounter Line")
    planet = str(planet or "").strip()
    if not planet:
        raise InputError("--planet is required: the face-up Planet card you search this round")
    parsed = [parse_card(t) for t in cards]
    s = _copy(state)
    deck = s["decks"][s["alien"]]
    want = min(LINE_SIZE, deck)
    if deck == 0:
        raise RuleError("no Encounter deck has cards left (journal pulp deck to set one by hand)")
    if len(parsed) != want:
        raise InputError(f"{len(parsed)} card(s) given: draw {want} from {alien_name(s)}'s deck "
                         f"({deck} left) and type each, e.g. G2C.r.PK A4S.o.PP L.rb G2D.b.P")
    lines = []
    s["round"] += 1
    if zero_abilities(s)[1:]:
        two = " and ".join(ABILITY_LABEL[a] for a in zero_abilities(s))
        s["phase"] = "over"
        s["result"] = "lost"
        lines.append(f"{two} are 0 as the encounter begins: the game is lost. The Cosmic Hegemony "
                     f"invades the Intergalactic Alliance (P3).")
        return Outcome(s, f"Round {s['round']}: lost, {two} at 0", lines, _round_data(s))
    pl = s["planets"]
    if pl["face_up"] == 0:
        deal = min(FACE_UP, pl["deck"])
        if deal == 0:
            raise RuleError("no Planet card is left, face up or in the deck (journal pulp planets to set "
                            "them by hand)")
        pl["deck"] -= deal
        pl["face_up"] = deal
        lines.append(f"Every face-up planet has been searched: deal {deal} new Planet card(s) face up.")
    pl["face_up"] -= 1
    s["planet"] = planet
    s["decks"][s["alien"]] -= want
    sector = alien_name(s)
    lines.insert(0, f"Round {s['round']} in {sector}'s sector: you search {planet}. "
                    f"Place the {want} cards in a row, in the order drawn.")
    placed, missing = [], []
    for card in parsed:
        for ch in card["cubes"]:
            c = LETTER[ch]
            if s["supply"][c] > 0:
                s["supply"][c] -= 1
                s["bag"][c] += 1
                placed.append(c)
            else:
                missing.append(c)
    if placed:
        lines.append(f"Put into the bag from the supply: {cubes_text(_count_list(placed))}.")
    if missing:
        lines.append(f"The supply has no more {', '.join(sorted(set(missing), key=COLOURS.index))}: "
                     f"{cubes_text(_count_list(missing))} not placed (cubes are not unlimited, P1).")
    locations = [c for c in parsed if c["kind"] == "L"]
    if locations:
        new_loc = card_token(locations[-1])
        old = s.get("location")
        extra = f"; discard {len(locations) - 1} other Location(s) drawn" if len(locations) > 1 else ""
        lines.append(f"Location {new_loc} goes below {planet}" + (f", replacing {old}" if old else "") + extra + ".")
        s["location"] = new_loc
    s["line"] = [line_entry(card_token(c)) for c in parsed if c["kind"] != "L"]
    refresh_line(s["line"])
    for w in s["weapons"]:
        w["used"] = False
    if s["line"]:
        s["phase"] = "encounter"
        lines.append("Encounter Line: " + " · ".join(
            f"{i + 1} {c['card']} ({card_requirement(c)})" for i, c in enumerate(s["line"])))
        icon = s["hegemony"][s["alien"]].get("icon")
        if s.get("location"):
            which = f"{ABILITY_LABEL[ICONS[icon]]} action ({sector}'s icon)" if icon else \
                f"action that matches {sector}'s icon"
            lines.append(f"For each card, first apply the Location's {which}.")
    else:
        s["phase"] = "search"
        lines.append("No card is left in the Encounter Line.")
    if s["decks"][s["alien"]] == 0:
        lines.append(f"{sector}'s deck is now empty: this is the last round in its sector" +
                     (" (you are past The Quietus: black cubes now cost an ability point, P6)."
                      if sector == QUIETUS else "."))
    lines.append("Next: " + next_step(s))
    cards_text = " ".join(card_token(c) for c in parsed)
    summary = f"Round {s['round']} ({sector}), searching {planet}: {cards_text}"
    return Outcome(s, summary, lines, _round_data(s))


def _round_data(s: dict) -> dict:
    return {"round": s["round"], "phase": s["phase"], "alien": s["alien"], "decks": s["decks"],
            "planet": s.get("planet"), "location": s.get("location"), "line": s["line"],
            "bag": s["bag"], "supply": s["supply"], **({"result": s["result"]} if "result" in s else {})}


def _next_card(state: dict, pos: int, doing: str) -> int:
    line = state["line"]
    if not isinstance(pos, int) or not 1 <= pos <= len(line):
        raise InputError(f"POS {pos}: the Encounter Line has cards 1-{len(line)}")
    i = pos - 1
    left = pending(state)
    if line[i]["status"] != "pending":
        raise RuleError(f"{_card_label(state, i)} was already {line[i]['status']}; "
                        f"next is card {left[0] + 1}")
    if i != left[0]:
        raise RuleError(f"encounter the line left to right: {doing} card {left[0] + 1} "
                        f"({line[left[0]]['card']}) first")
    return i


def _check_loss(s: dict, lines: list[str]) -> bool:
    """P3: the game is lost the moment two abilities are 0 during an encounter."""
    zeros = zero_abilities(s)
    if len(zeros) >= 2 and s["phase"] != "over":
        s["phase"] = "over"
        s["result"] = "lost"
        lines.append(f"{' and '.join(ABILITY_LABEL[a] for a in zeros)} are 0 during an encounter: the game "
                     f"is lost. The Cosmic Hegemony invades the Intergalactic Alliance.")
        return True
    return False


def _after_encounter(s: dict, lines: list[str]) -> None:
    refresh_line(s["line"])
    if s["phase"] == "over":
        return
    left = pending(s)
    if left:
        i = left[0]
        lines.append(f"Next: card {i + 1} {s['line'][i]['card']} ({card_requirement(s['line'][i])}): "
                     f"engage or evade it.")
    else:
        s["phase"] = "search"
        lines.append("Next: " + next_step(s))


def _rotate(s: dict, colour: str, face: int, to: int | None, lines: list[str], spec: str) -> None:
    """A used die turns down to a lower face (one lower unless told; it may skip faces);
    at its lowest face it stays."""
    if to is None:
        to = max(1, face - 1)
    elif face > 1 and not 1 <= to < face:
        raise InputError(f"--die {spec}: a used die turns down to a lower face, 1-{face - 1}")
    elif face == 1 and to != 1:
        raise InputError(f"--die {spec}: the die is on its lowest face and stays on 1")
    if colour in s["dice"]:
        s["dice"][colour] = to
        lines.append(f"Turn the {colour} die down to {to}." if to != face else
                     f"The {colour} die stays on its lowest face, 1.")


def _die_in_hand(s: dict, colour: str, face: int | None, spec: str) -> int:
    if colour not in s["dice"]:
        owned = ", ".join(f"{c} {f}" for c, f in s["dice"].items()) or "none"
        raise RuleError(f"--die {spec}: you have no {colour} die (your dice: {owned})")
    now = s["dice"][colour]
    if face is not None and face != now:
        raise RuleError(f"--die {spec}: the save has the {colour} die on {now}, not {face}; if it shows "
                        f"{face}, set it first with `pulp die {colour} --to {face}`")
    return now


def _wrong_place(colour: str, face: int, here: str) -> RuleError:
    """A face used where it has no effect: say where it belongs."""
    where = _USE.get((colour, face), "engage")
    what = FACE_TEXT[colour][face - 1]
    return RuleError(f"the {colour} die on {face} ({what}) does nothing in this {here}: it is used with "
                     f"`{_WHERE[where].format(d=colour)}`")


def _upgrade(s: dict, target: str | None, sides: int, lines: list[str], required: bool) -> None:
    systems = [c for c in SYSTEMS if c in s["dice"]]
    if target is None:
        if len(systems) == 1:
            target = systems[0]
        elif not systems:
            lines.append("You have no Systems die to upgrade.")
            return
        elif required:
            raise InputError(f"--upgrade is required: which Systems die goes up {sides} side(s): "
                             f"{' or '.join(systems)}")
        else:
            return
    if target not in systems:
        raise RuleError(f"--upgrade {target}: you have no {target} Systems die "
                        f"({', '.join(systems) or 'no Systems die'})")
    before = s["dice"][target]
    s["dice"][target] = min(6, before + sides)
    lines.append(f"Upgrade the {target} die {before} → {s['dice'][target]}.")


def _engage_dice(s: dict, dice, specs, upgrade, lines: list[str]) -> tuple[dict, int, list[dict]]:
    """Captain's dice used for an engage: strength against an icon type, or against any."""
    bonus = {a: 0 for a in ABILITIES}
    wild = 0
    used = []
    seen = set()
    upgrade_done = upgrade is None
    for colour, face, to in specs:
        spec = colour + (f":{face}" if face else "") + (f":{to}" if to else "")
        if colour in seen:
            raise InputError(f"--die {colour} given twice: each die is used once per action")
        seen.add(colour)
        now = _die_in_hand(s, colour, face, spec)
        effect = STRENGTH.get((colour, now))
        if colour == "yellow" and now in AI_ROLLS:
            crew = AI_ROLLS[now]
            if crew in s["dice"]:
                raise RuleError(f"the yellow die on {now} rolls an unowned {crew} die, and the {crew} die is "
                                f"yours (our reading: it would be discarded after the roll)")
            rolled = dice.roll(6, f"{crew} d6")
            effect = STRENGTH.get((crew, rolled))
            what = f"+{effect[0]} vs {'any type' if effect[1] == 'any' else ABILITY_LABEL[effect[1]]}" \
                if effect else "no engage strength"
            lines.append(f"Artificial Intelligence: roll the {crew} die: {rolled} ({what}); "
                         f"put it back after this engage.")
            used.append({"die": colour, "face": now, "rolled": {crew: rolled}})
        elif colour == "orange" and now == 2 and upgrade is not None:
            _upgrade(s, upgrade, 1, lines, True)
            upgrade_done = True
            effect = None
            used.append({"die": colour, "face": now, "upgrade": 1})
        elif effect is None:
            raise _wrong_place(colour, now, "engage")
        else:
            used.append({"die": colour, "face": now})
        if effect:
            points, against = effect
            if against == "any":
                wild += points
            else:
                bonus[against] += points
            if colour != "yellow":
                lines.append(f"The {colour} die on {now}: +{points} Engage Strength against "
                             f"{'any type' if against == 'any' else ABILITY_LABEL[against]}.")
        if colour == "orange" and now == 6:
            _upgrade(s, upgrade, 2, lines, True)
            upgrade_done = True
        _rotate(s, colour, now, to, lines, spec)
    if not upgrade_done:
        raise InputError(f"--upgrade {upgrade}: only the orange die on 2 or 6 upgrades a Systems die")
    return bonus, wild, used


def covers(need: dict, wild: int, pay: dict) -> bool:
    """P3: does paying `pay` (plus `wild` points of dice strength against any type) meet `need`?
    Each point is paid with the matching ability or with 2 points of one other ability."""
    r = [need.get(a, 0) for a in ABILITIES]
    p = [pay.get(a, 0) for a in ABILITIES]
    for w0 in range(min(wild, r[0]) + 1):
        for w1 in range(min(wild - w0, r[1]) + 1):
            w2 = min(wild - w0 - w1, r[2])
            rest = [r[0] - w0, r[1] - w1, r[2] - w2]
            short = sum(max(0, rest[k] - p[k]) for k in range(3))
            spare = sum(max(0, p[k] - rest[k]) // 2 for k in range(3))
            if short <= spare:
                return True
    return False


def _direct_payment(s: dict, need: dict, wild: int) -> dict | None:
    """The payment journal proposes without --pay: each point with its matching ability
    (dice 'any' strength placed where it helps), if the abilities can afford it."""
    best = None
    r = [need.get(a, 0) for a in ABILITIES]
    have = [s["abilities"][a]["value"] for a in ABILITIES]
    for w0 in range(min(wild, r[0]) + 1):
        for w1 in range(min(wild - w0, r[1]) + 1):
            w2 = min(wild - w0 - w1, r[2])
            rest = [r[0] - w0, r[1] - w1, r[2] - w2]
            if all(rest[k] <= have[k] for k in range(3)):
                total = sum(rest)
                if best is None or total < best[0]:
                    best = (total, rest)
    if best is None:
        return None
    return {a: best[1][k] for k, a in enumerate(ABILITIES) if best[1][k]}


def engage(state: dict, dice, pos: int, pay: dict | None = None, dice_used=(), adds=(),
           icon: str | None = None, upgrade: str | None = None) -> Outcome:
    """1a. Engage: pay the card's Engage Strength (P2 icon) with abilities, 2-for-1 (P3),
    helped by captain's dice; strength a card's text adds comes with --add."""
    _need_phase(state, ("encounter",), "engaging")
    s = _copy(state)
    i = _next_card(s, pos, "engage or evade")
    card = s["line"][i]
    parsed = parse_card(card["card"])
    if parsed["strength"] == 0:
        raise RuleError(f"{_card_label(s, i)} has Engage Strength 0: it must be evaded "
                        f"(pulp evade {pos} --pay ABILITY)")
    need = {a: 0 for a in ABILITIES}
    parts = []
    if parsed["strength"] is not None:
        ic = (icon or card.get("engage_icon") or "").upper() or None
        if ic is None:
            src = icon_source(s["line"], i)
            raise RuleError(f"{_card_label(s, i)} takes its engage icon from card {src + 1} "
                            f"({s['line'][src]['card']}), which shows none: give --icon C, D or S")
        if ic not in ICONS:
            raise InputError(f"--icon {icon}: expected C (Combat), D (Diplomacy) or S (Science)")
        need[ICONS[ic]] += parsed["strength"]
        parts.append(f"{parsed['strength']} {ABILITY_LABEL[ICONS[ic]]}")
        card["engage_icon"] = ic
    for amount, ic in adds:
        need[ICONS[ic]] = max(0, need[ICONS[ic]] + amount)
        parts.append(f"{amount:+d} {ABILITY_LABEL[ICONS[ic]]} (card text)")
    lines = [f"Engage {_card_label(s, i)}: Engage Strength " + (", ".join(parts) if parts else "none") + "."]
    bonus, wild, used = _engage_dice(s, dice, dice_used, upgrade, lines)
    for u in used:  # an owned die that cannot help is a slip of the finger, not a choice
        plain = "rolled" not in u and "upgrade" not in u and (u["die"], u["face"]) != ("orange", 6)
        effect = STRENGTH.get((u["die"], u["face"])) if plain else None
        if effect and not (need[effect[1]] if effect[1] != "any" else any(need.values())):
            raise RuleError(f"the {u['die']} die on {u['face']} adds strength against "
                            f"{'any type' if effect[1] == 'any' else ABILITY_LABEL[effect[1]]}, and "
                            f"{_card_label(s, i)} needs {_need_text(need, 0)}: it would not help")
    rest = {a: max(0, need[a] - bonus[a]) for a in ABILITIES}
    proposed = pay is None
    if pay is None:
        pay = _direct_payment(s, rest, wild)
        if pay is None or (_would_lose(s, pay) and sum(rest.values()) > 0):
            why = "cannot be paid point for point" if pay is None else \
                "paid point for point would leave two abilities at 0 and lose the game"
            raise RuleError(f"{_card_label(s, i)} needs {_need_text(rest, wild)}, which {why}: give --pay "
                            f"(2 points of one ability pay 1 of another; you have {_ability_line(s)}), "
                            f"or evade it")
    for a, n in pay.items():
        have = s["abilities"][a]["value"]
        if n > have:
            raise RuleError(f"--pay {a}={n}: {ABILITY_LABEL[a]} is only {have}")
    if not covers(rest, wild, pay):
        raise RuleError(f"--pay {_pay_text(pay)} does not cover {_card_label(s, i)}: it needs "
                        f"{_need_text(rest, wild)} after dice; each point is paid with the matching "
                        f"ability or with 2 points of one other ability")
    spare = [a for a in ABILITIES if pay.get(a) and covers(rest, wild, {**pay, a: pay[a] - 1})]
    for a in ABILITIES:
        if pay.get(a):
            before = s["abilities"][a]["value"]
            s["abilities"][a]["value"] -= pay[a]
            lines.append(f"Move the {ABILITY_LABEL[a]} cube down {before} → {s['abilities'][a]['value']}.")
    if not any(pay.values()):
        lines.append("Nothing to pay.")
    if spare and not proposed:
        lines.append(f"(You pay more than needed: {', '.join(ABILITY_LABEL[a] for a in spare)} could pay "
                     f"1 point less.)")
    card["status"] = "engaged"
    if parsed["key"] or parsed["code"]:
        what = " and ".join(w for w, f in (("Key", parsed["key"]), ("Code", parsed["code"])) if f)
        lines.append(f"Its {what} card goes to your hand at the end of the round.")
    lost = _check_loss(s, lines)
    _after_encounter(s, lines)
    summary = f"Engaged {_card_label(s, i)}: {', '.join(parts) or 'no strength'}; paid {_pay_text(pay)}"
    if used:
        summary += "; dice " + ", ".join(f"{u['die']} {u['face']}" for u in used)
    if lost:
        summary += " — lost"
    data = {"pos": pos, "card": card["card"], "need": need, "dice_bonus": bonus, "dice_any": wild,
            "paid": {a: pay.get(a, 0) for a in ABILITIES}, "dice": used, "abilities": s["abilities"],
            "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def _would_lose(s: dict, pay: dict) -> bool:
    return sum(1 for a in ABILITIES if s["abilities"][a]["value"] - pay.get(a, 0) == 0) >= 2


def _need_text(rest: dict, wild: int) -> str:
    parts = [f"{n} {ABILITY_LABEL[a]}" for a, n in rest.items() if n]
    text = " + ".join(parts) if parts else "nothing"
    return text + (f" (dice add {wild} against any type)" if wild and parts else "")


def _pay_text(pay: dict) -> str:
    return ",".join(f"{a}={n}" for a, n in pay.items() if n) or "nothing"


def _draw(dice, bag: dict, strict: bool, drawn: list[str]) -> str:
    if strict and not dice.draws:
        so_far = ",".join(SHORT[c] for c in drawn) or "none"
        raise InputError(f"--draw lists {len(drawn)} cube(s) ({so_far}) but the draw goes on: type every "
                         f"cube drawn, in order, redraws included")
    cube = dice.draw({c: bag[c] for c in COLOURS}, "bag")
    drawn.append(cube)
    return cube


def evade(state: dict, dice, pos: int, pay: str, dice_used=(), take=()) -> Outcome:
    """1b. Evade (P4): pay 1 ability point, draw 2 cubes; yellow, white and black go back
    and are redrawn; each red/orange/blue lowers that ability by 1 (not below 0) and goes
    to the supply. The card's icon no longer counts (P2) nor do its planet icons."""
    _need_phase(state, ("encounter",), "evading")
    s = _copy(state)
    i = _next_card(s, pos, "engage or evade")
    ability = ability_name(pay, "--pay")
    if s["abilities"][ability]["value"] == 0:
        others = [a for a in ABILITIES if s["abilities"][a]["value"] > 0]
        raise RuleError(f"--pay {ability}: {ABILITY_LABEL[ability]} is 0; pay the evade with "
                        f"{' or '.join(others) or 'an ability above 0'}")
    strict = bool(getattr(dice, "draws", None))
    drawn: list[str] = []
    lines = [f"Evade {_card_label(s, i)}: rotate it ninety degrees."]
    take = list(take)
    seen = set()
    used = []
    for colour, face, to in dice_used:
        spec = colour + (f":{face}" if face else "") + (f":{to}" if to else "")
        if colour in seen:
            raise InputError(f"--die {colour} given twice: each die is used once per action")
        seen.add(colour)
        now = _die_in_hand(s, colour, face, spec)
        if (colour, now) == ("red", 5):
            n = min(2, s["bag"]["white"])
            s["bag"]["white"] -= n
            s["supply"]["white"] += n
            lines.append(f"The red die on 5: take {n} white cube(s) out of the bag to the supply.")
        elif (colour, now) in (("blue", 6), ("gray", 2)):
            n = 2 if colour == "blue" else 1
            if len(take) < n:
                raise InputError(f"--take: the {colour} die on {now} removes {n} chosen cube(s) from the bag: "
                                 f"name them, e.g. --take {'k,w' if n == 2 else 'k'}")
            chosen, take = take[:n], take[n:]
            for c in chosen:
                if colour == "gray" and c == "yellow":
                    raise RuleError("--take yellow: the gray die on 2 cannot take a yellow cube")
                if s["bag"][c] <= 0:
                    raise RuleError(f"--take {SHORT[c]}: the bag holds no {c} cube "
                                    f"(it holds {cubes_text(s['bag'], 'nothing')})")
                s["bag"][c] -= 1
                s["supply"][c] += 1
            lines.append(f"The {colour} die on {now}: take {cubes_text(_count_list(chosen))} out of the bag "
                         f"to the supply.")
        elif (colour, now) == ("gray", 4):
            if sum(s["bag"].values()) == 0:
                lines.append("The gray die on 4: the bag is empty, nothing to draw.")
            else:
                c = _draw(dice, s["bag"], strict, drawn)
                if c == "yellow":
                    lines.append("The gray die on 4: drew yellow, which goes back into the bag.")
                else:
                    s["bag"][c] -= 1
                    s["supply"][c] += 1
                    lines.append(f"The gray die on 4: drew {c}, which goes to the supply.")
        else:
            raise _wrong_place(colour, now, "evade")
        used.append({"die": colour, "face": now})
        _rotate(s, colour, now, to, lines, spec)
    if take:
        raise InputError(f"--take {','.join(SHORT[c] for c in take)}: only the blue die on 6 (2 cubes) and "
                         f"the gray die on 2 (1 cube) take chosen cubes from the bag")
    before = s["abilities"][ability]["value"]
    s["abilities"][ability]["value"] -= 1
    lines.append(f"Pay 1 {ABILITY_LABEL[ability]}: {before} → {before - 1}.")
    hits: list[str] = []
    redrawn: list[str] = []
    while len(hits) < 2:
        if not any(s["bag"][c] for c in ABILITY_COLOUR.values()):
            lines.append("The bag holds no red, orange or blue cube: the drawing stops (P4).")
            break
        c = _draw(dice, s["bag"], strict, drawn)
        if c not in COLOUR_ABILITY:
            redrawn.append(c)
            lines.append(f"Drew {c}: back into the bag, draw again.")
            continue
        hits.append(c)
        s["bag"][c] -= 1
        s["supply"][c] += 1
        a = COLOUR_ABILITY[c]
        v = s["abilities"][a]["value"]
        if v > 0:
            s["abilities"][a]["value"] = v - 1
            lines.append(f"Drew {c}: {ABILITY_LABEL[a]} {v} → {v - 1}; the cube goes to the supply.")
        else:
            lines.append(f"Drew {c}: {ABILITY_LABEL[a]} is already 0 (ignored); the cube goes to the supply.")
    s["line"][i]["status"] = "evaded"
    lost = _check_loss(s, lines)
    _after_encounter(s, lines)
    summary = f"Evaded {_card_label(s, i)}: paid 1 {ability}; drew " + \
        (",".join(SHORT[c] for c in drawn) if drawn else "nothing")
    if lost:
        summary += " — lost"
    data = {"pos": pos, "card": s["line"][i]["card"], "paid": ability, "drawn": drawn, "hits": hits,
            "redrawn": redrawn, "dice": used, "abilities": s["abilities"], "phase": s["phase"],
            **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


# --- the planet search phase ----------------------------------------------------------

def search_count(state: dict, extra: int = 0, dice_used=()) -> tuple[int, list[str]]:
    """How many cubes the search draws: planet icons on cards not evaded, + dice, + extra."""
    engaged = sum(c["planets"] for c in state["line"] if c["status"] != "evaded")
    evaded = sorted((c["planets"] for c in state["line"] if c["status"] == "evaded" and c["planets"]),
                    reverse=True)
    notes = [f"{engaged} planet icon(s) on the cards not evaded"]
    total = engaged
    for colour, face in dice_used:
        if colour == "blue" and face in (1, 3):
            total += 1
            notes.append(f"+1 (blue die on {face})")
        elif colour == "gray" and face in (1, 5):
            n = min(1 if face == 1 else 2, len(evaded))
            if n == 0:
                raise RuleError(f"the gray die on {face} uses planet icons of evaded cards, and no evaded card "
                                f"shows one")
            total += n
            notes.append(f"+{n} from evaded card(s) (gray die on {face})")
    if extra:
        total += extra
        notes.append(f"{extra:+d} (cards' text)")
    return max(0, total), notes


def search(state: dict, dice, extra: int = 0, dice_used=(), spend=()) -> Outcome:
    """2. Planet Search (P5): draw all the cubes first, then resolve them: yellow → a Super
    Weapon card with its cube; red/orange/blue wait for `assign`; black → the Quietus unless
    past it (then 1 ability point of your choice is lost); white → back into the bag."""
    _need_phase(state, ("search",), "the planet search")
    s = _copy(state)
    lines = []
    faces = []
    gray6 = None
    seen = set()
    for colour, face, to in dice_used:
        spec = colour + (f":{face}" if face else "") + (f":{to}" if to else "")
        if colour in seen:
            raise InputError(f"--die {colour} given twice: each die is used once per action")
        seen.add(colour)
        now = _die_in_hand(s, colour, face, spec)
        if (colour, now) == ("gray", 6):
            gray6 = (colour, now, to, spec)
            continue
        if _USE.get((colour, now)) != "search":
            raise _wrong_place(colour, now, "search")
        faces.append((colour, now))
        _rotate(s, colour, now, to, lines, spec)
    for icon in spend:
        flag = "key" if icon.upper() == "K" else "code" if icon.upper() == "O" else None
        if flag is None:
            raise InputError(f"--spend {icon}: expected K (a Key card) or O (a Code card)")
        cards = [t for t in s["hand"] if parse_card(t)[flag]]
        if not cards:
            raise RuleError(f"--spend {icon.upper()}: your hand has no {flag.capitalize()} card "
                            f"({', '.join(s['hand']) or 'the hand is empty'})")
        cards.sort(key=lambda t: (parse_card(t)["key"] + parse_card(t)["code"]))
        s["hand"].remove(cards[0])
        lines.append(f"Pay the {flag.capitalize()} card {cards[0]} to the Encounter discard pile: follow "
                     f"{s.get('planet', 'the planet')}'s action.")
    count, notes = search_count(s, extra, faces)
    lines.insert(0, f"Search {s.get('planet', 'the planet')}: draw {count} cube(s) ({'; '.join(notes)}).")
    strict = bool(getattr(dice, "draws", None))
    drawn: list[str] = []
    held = {c: 0 for c in COLOURS}
    for _ in range(count):
        if sum(s["bag"].values()) == 0:
            lines.append("The bag is empty: the search stops.")
            break
        c = _draw(dice, s["bag"], strict, drawn)
        s["bag"][c] -= 1
        held[c] += 1
    if drawn:
        lines.append(f"Drew {', '.join(drawn)}.")
    n = n_weapons(s)
    found = []
    if held["yellow"] and gray6:
        colour, now, to, spec = gray6
        _rotate(s, colour, now, to, lines, spec)
        lines.append("The gray die on 6: choose which Super Weapon card you take.")
    elif gray6:
        lines.append("The gray die on 6 is kept for a search that draws yellow (no yellow drawn, not turned).")
    for _ in range(held["yellow"]):
        if len(s["weapons"]) < n:
            s["weapons"].append({"cubes": {"yellow": 1}, "understood": False, "used": False})
            found.append(len(s["weapons"]))
            lines.append(f"Yellow: draw Super Weapon card {len(s['weapons'])} and put the cube on it "
                         f"(then: pulp weapon {len(s['weapons'])} --needs r2,b1 as the card says).")
        else:
            s["supply"]["yellow"] += 1
            lines.append("Yellow, but the Super Weapon deck is empty: the cube goes to the supply.")
    if held["white"]:
        s["bag"]["white"] += held["white"]
        lines.append(f"White: {held['white']} false lead(s), back into the bag.")
    for _ in range(held["black"]):
        if not past_quietus(s):
            s["quietus"] += 1
            lines.append(f"Black: onto The Quietus ({s['quietus']} there now).")
        else:
            s["drawn"]["black"] += 1
    for c in ("red", "orange", "blue"):
        s["drawn"][c] += held[c]
    s["phase"] = "searched"
    if len(s["weapons"]) >= n:
        s["phase"] = "over"
        s["result"] = "won"
        lines.append(f"All {n} Super Weapons are found: you win! The Intergalactic Alliance repulses the "
                     f"Cosmic Hegemony invasion.")
    else:
        _auto_black(s, lines)
        lines.append("Next: " + next_step(s))
    summary = f"Searched {s.get('planet', 'the planet')}: drew " + \
        (",".join(SHORT[c] for c in drawn) if drawn else "nothing")
    if found:
        summary += f"; found Super Weapon {', '.join(map(str, found))}"
    if s.get("result") == "won":
        summary += " — won"
    data = {"count": count, "drawn": drawn, "weapons_found": found, "waiting": s["drawn"],
            "quietus": s["quietus"], "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})}
    return Outcome(s, summary, lines, data)


def _auto_black(s: dict, lines: list[str]) -> None:
    """A black cube past the Quietus costs 1 ability point of your choice: resolved at once
    when there is no choice (one ability above 0, or none)."""
    while s["drawn"]["black"]:
        above = [a for a in ABILITIES if s["abilities"][a]["value"] > 0]
        if len(above) > 1:
            lines.append(f"Black past The Quietus: lose 1 point of an ability of your choice for each of "
                         f"{s['drawn']['black']} black cube(s) (pulp assign k --lose ABILITY).")
            return
        s["drawn"]["black"] -= 1
        s["supply"]["black"] += 1
        if above:
            a = above[0]
            s["abilities"][a]["value"] -= 1
            v = s["abilities"][a]["value"]
            lines.append(f"Black past The Quietus: lose 1 {ABILITY_LABEL[a]} ({v + 1} → {v}), the only "
                         f"ability above 0; the cube goes to the supply.")
        else:
            lines.append("Black past The Quietus: every ability is 0, nothing to lose; the cube goes to "
                         "the supply.")


def assign(state: dict, dice, cube: str, ability: bool = False, weapon: int | None = None,
           lose: str | None = None, supply: bool = False) -> Outcome:
    """Resolve a cube the search drew: red/orange/blue → +1 to the matching ability (up to
    its maximum) or onto a Super Weapon toward Understanding; black past the Quietus → lose 1
    point of an ability of your choice."""
    _need_phase(state, ("searched",), "placing a drawn cube")
    c = colour_name(cube, "CUBE", DRAWN)
    chosen = sum(1 for x in (ability, weapon is not None, lose is not None, supply) if x)
    if chosen != 1:
        raise InputError("give exactly one of --ability, --weapon N, --lose ABILITY (black) or --supply")
    s = _copy(state)
    if s["drawn"][c] <= 0:
        raise RuleError(f"no {c} cube is waiting to be placed (waiting: {cubes_text(s['drawn'])})")
    lines = []
    if c == "black":
        if lose is None and not supply:
            raise InputError("a black cube past The Quietus costs 1 ability point: --lose ABILITY")
        if supply:
            raise RuleError("a black cube past The Quietus costs 1 ability point: --lose ABILITY")
        a = ability_name(lose, "--lose")
        v = s["abilities"][a]["value"]
        if v == 0:
            raise RuleError(f"--lose {a}: {ABILITY_LABEL[a]} is already 0; lose a point of an ability above 0")
        s["abilities"][a]["value"] = v - 1
        s["drawn"]["black"] -= 1
        s["supply"]["black"] += 1
        lines.append(f"Black past The Quietus: {ABILITY_LABEL[a]} {v} → {v - 1}; the cube goes to the supply.")
        summary = f"Black cube: lost 1 {a} ({v} → {v - 1})"
    elif lose is not None:
        raise InputError(f"--lose is for black cubes; a {c} cube goes to --ability, --weapon N or --supply")
    elif ability:
        a = COLOUR_ABILITY[c]
        ab = s["abilities"][a]
        if ab["value"] >= ab["max"]:
            raise RuleError(f"{ABILITY_LABEL[a]} is at its maximum {ab['max']}: put the {c} cube on a Super "
                            f"Weapon (--weapon N) or leave it (--supply)")
        ab["value"] += 1
        s["drawn"][c] -= 1
        s["supply"][c] += 1
        lines.append(f"{c.capitalize()}: {ABILITY_LABEL[a]} {ab['value'] - 1} → {ab['value']} "
                     f"(max {ab['max']}); the cube goes to the supply.")
        summary = f"{c.capitalize()} cube: {a} {ab['value'] - 1} → {ab['value']}"
    elif supply:
        s["drawn"][c] -= 1
        s["supply"][c] += 1
        lines.append(f"The {c} cube goes unused to the supply.")
        summary = f"{c.capitalize()} cube left unused"
    else:
        k = _weapon_index(s, weapon)
        w = s["weapons"][k]
        if "needs" not in w:
            raise RuleError(f"Super Weapon {weapon}'s requirement is not recorded yet: pulp weapon {weapon} "
                            f"--needs r2,b1 (as the card says)")
        if w["understood"]:
            raise RuleError(f"Super Weapon {weapon} is already Understood: no more cubes are needed")
        need = w["needs"].get(c, 0)
        have = w["cubes"].get(c, 0)
        if have >= need:
            raise RuleError(f"Super Weapon {weapon} needs {need} {c} (it has {have}); it needs "
                            f"{_missing_text(w)}")
        w["cubes"][c] = have + 1
        s["drawn"][c] -= 1
        lines.append(f"Put the {c} cube on Super Weapon {weapon} ({_progress_text(w)}).")
        if _met(w):
            w["understood"] = True
            lines.append(f"Super Weapon {weapon} is Understood: its power is active, once per Encounter phase.")
        summary = f"{c.capitalize()} cube onto Super Weapon {weapon}" + (" — Understood" if w["understood"] else "")
    _auto_black(s, lines)
    lines.append("Next: " + next_step(s))
    return Outcome(s, summary, lines, {"cube": c, "waiting": s["drawn"], "abilities": s["abilities"],
                                       "weapons": s["weapons"]})


def weapon_problems(w: dict, label: str) -> list[str]:
    """What a Super Weapon card cannot hold: its one yellow cube, and red/orange/blue cubes up to
    its requirement (none before the requirement is recorded); never black or white."""
    out = []
    cubes = w.get("cubes", {})
    needs = w.get("needs")
    if cubes.get("yellow", 0) > 1:
        out.append(f"{label} holds {cubes['yellow']} yellow cubes: a Super Weapon card holds its one yellow cube")
    for c in ("black", "white"):
        if cubes.get(c):
            out.append(f"{label} holds {c} cubes: only yellow and the red, orange and blue cubes it needs go "
                       f"on a Super Weapon")
    for c in ("red", "orange", "blue"):
        have = cubes.get(c, 0)
        if not have:
            continue
        if needs is None:
            out.append(f"{label} holds {have} {c} but its requirement is not recorded (needs)")
        elif have > needs.get(c, 0):
            out.append(f"{label} holds {have} {c} but needs {needs.get(c, 0)}")
    return out


def _weapon_index(s: dict, number) -> int:
    if not s["weapons"]:
        raise RuleError("no Super Weapon has been found yet")
    if not isinstance(number, int) or not 1 <= number <= len(s["weapons"]):
        raise InputError(f"Super Weapon {number}: you have found weapons 1-{len(s['weapons'])}")
    return number - 1


def _met(w: dict) -> bool:
    return "needs" in w and all(w["cubes"].get(c, 0) >= n for c, n in w["needs"].items())


def _missing_text(w: dict) -> str:
    miss = {c: n - w["cubes"].get(c, 0) for c, n in w.get("needs", {}).items() if n > w["cubes"].get(c, 0)}
    return ", ".join(f"{n} {c}" for c, n in miss.items()) or "nothing more"


def _progress_text(w: dict) -> str:
    if "needs" not in w:
        return "requirement not recorded"
    if not w["needs"]:
        return "needs no cubes"
    return ", ".join(f"{c} {w['cubes'].get(c, 0)}/{n}" for c, n in w["needs"].items())


def weapon(state: dict, dice, number: int, needs: dict | None = None, name: str | None = None,
           understood: bool | None = None, use: bool = False) -> Outcome:
    """A found Super Weapon: its understanding requirement as printed, its name, whether it is
    Understood (set by hand, A2), or its once-per-Encounter-phase use."""
    _refuse_if_over(state)
    s = _copy(state)
    k = _weapon_index(s, number)
    w = s["weapons"][k]
    lines = []
    if needs is None and name is None and understood is None and not use:
        raise InputError("give --needs r2,b1, --name NAME, --understood/--not-understood or --use")
    if name is not None:
        name = name.strip()
        if not name:
            raise InputError("--name is empty")
        w["name"] = name
        lines.append(f"Super Weapon {number} is the {name}.")
    if needs is not None:
        for c, n in w["cubes"].items():
            if c != "yellow" and n > needs.get(c, 0):
                raise RuleError(f"--needs {needs_text(needs)}: Super Weapon {number} already holds {n} {c}")
        w["needs"] = needs
        lines.append(f"Super Weapon {number} needs {needs_text(needs)} to be Understood "
                     f"({_progress_text(w)}).")
        if _met(w) and not w["understood"]:
            w["understood"] = True
            lines.append(f"Super Weapon {number} is Understood" +
                         (": it works without cubes." if not needs else "."))
    if understood is not None:
        w["understood"] = understood
        lines.append(f"Super Weapon {number} is {'Understood' if understood else 'not Understood'} (by hand).")
        if not understood and _met(w):
            raise RuleError(f"Super Weapon {number} holds every cube it needs: it is Understood")
    if use:
        if not w["understood"]:
            raise RuleError(f"Super Weapon {number} is not Understood yet ({_progress_text(w)})")
        if state["phase"] != "encounter":
            raise RuleError("a Super Weapon's power is used during the Encounter phase")
        if w["used"]:
            raise RuleError(f"Super Weapon {number} was already used this Encounter phase")
        w["used"] = True
        lines.append(f"Use Super Weapon {number}{' (' + w['name'] + ')' if w.get('name') else ''}: follow "
                     f"its card. Once per Encounter phase.")
    parts = []
    if name is not None:
        parts.append(f"named {name}")
    if needs is not None:
        parts.append(f"needs {needs_text(needs)}")
    if understood is not None:
        parts.append("Understood" if understood else "not Understood")
    if use:
        parts.append("used")
    label = f"Super Weapon {number}" + (f" ({w['name']})" if w.get("name") and name is None else "")
    summary = f"{label}: {', '.join(parts)}" + (" — Understood" if needs is not None and w["understood"] else "")
    return Outcome(s, summary, lines, {"weapon": number, **w})


# --- captain's dice ------------------------------------------------------------------

def die(state: dict, dice, colour: str, to: int | None = None, reroll: bool = False, use: bool = False,
        target: str | None = None, swap_for: str | None = None, weapon: int | None = None,
        then: int | None = None) -> Outcome:
    """A captain's die: set it by hand (A2), reroll it, or use a face whose effect is not part
    of an engage, evade or search (swap/reroll by the Artificial Intelligence, Understand a
    weapon by Scanning Technology, upgrade a Systems die by the Engineer)."""
    _refuse_if_over(state)
    colour = colour_name(colour, "COLOUR", DIE_COLOURS)
    s = _copy(state)
    if colour not in s["dice"]:
        owned = ", ".join(s["dice"]) or "none"
        raise RuleError(f"you have no {colour} die (your dice: {owned})")
    if sum(1 for x in (to is not None, reroll, use) if x) != 1:
        raise InputError("give exactly one of --to FACE, --reroll or --use")
    lines = []
    face = s["dice"][colour]
    if to is not None:
        if not 1 <= to <= 6:
            raise InputError(f"--to {to}: a die face is 1-6")
        s["dice"][colour] = to
        line = f"Turn the {colour} die to {to} (was {face})."
        return Outcome(s, line, [line], {"die": colour, "face": to, "was": face})
    if reroll:
        value = dice.roll(6, f"{colour} d6")
        s["dice"][colour] = value
        line = f"Reroll the {colour} die: {value} (was {face})."
        return Outcome(s, line, [line], {"die": colour, "face": value, "was": face})
    if s["phase"] != "encounter":
        raise RuleError(f"the {colour} die on {face} is used during the Encounter phase "
                        f"(now: {PHASE_TEXT[s['phase']]})")
    key = (colour, face)
    spec = f"{colour}:{face}" + (f":{then}" if then else "")
    nxt = s["line"][pending(s)[0]]
    nparsed = parse_card(nxt["card"])
    data = {"die": colour, "face": face}
    if colour == "yellow" and face in (2, 4, 6):
        if face == 4 and nparsed["kind"] != "A":
            raise RuleError(f"the yellow die on 4 rerolls a die when engaging an Agent; the card to encounter "
                            f"is {nxt['card']}")
        if face in (2, 6) and not (nparsed["kind"] == "G" and nparsed["planets"]):
            raise RuleError(f"the yellow die on {face} works when engaging a Guardforce card with a planet "
                            f"icon; the card to encounter is {nxt['card']}")
        if target is None:
            raise InputError(f"--target is required: which of your dice ({', '.join(s['dice'])}) to "
                             f"{'swap' if face == 2 else 'reroll'}")
        tgt = colour_name(target, "--target", DIE_COLOURS)
        if tgt not in s["dice"]:
            raise RuleError(f"--target {tgt}: you have no {tgt} die ({', '.join(s['dice'])})")
        _rotate(s, colour, face, then, lines, spec)
        if face == 2:
            if swap_for is None:
                unowned = [c for c in DIE_COLOURS if c not in s["dice"]]
                raise InputError(f"--swap-for is required: the unowned die you take ({', '.join(unowned)})")
            new = colour_name(swap_for, "--swap-for", DIE_COLOURS)
            if new in s["dice"]:
                raise RuleError(f"--swap-for {new}: the {new} die is already yours")
            value = dice.roll(6, f"{new} d6")
            del s["dice"][tgt]
            s["dice"][new] = value
            lines.append(f"Swap your {tgt} die for the {new} die and roll it: {value}.")
            data.update(swapped=tgt, taken=new, rolled=value)
        else:
            value = dice.roll(6, f"{tgt} d6")
            was = s["dice"][tgt]
            s["dice"][tgt] = value
            lines.append(f"Reroll your {tgt} die: {value} (was {was}).")
            data.update(rerolled=tgt, rolled=value)
    elif key == ("gray", 3):
        k = _weapon_index(s, weapon)
        w = s["weapons"][k]
        if w["understood"]:
            raise RuleError(f"Super Weapon {weapon} is already Understood")
        w["understood"] = True
        _rotate(s, colour, face, then, lines, spec)
        lines.append(f"Super Weapon {weapon} is Understood automatically.")
        data.update(weapon=weapon)
    elif key == ("orange", 2):
        _upgrade(s, target, 1, lines, True)
        _rotate(s, colour, face, then, lines, spec)
        data.update(upgraded=1)
    else:
        raise _wrong_place(colour, face, "command")
    if swap_for is not None and "taken" not in data:
        raise InputError("--swap-for goes with the yellow die on 2")
    summary = f"Used the {colour} die on {face}: " + " ".join(lines)
    return Outcome(s, summary, lines, data)


# --- round end -------------------------------------------------------------------------

def end_round(state: dict, dice, leave=()) -> Outcome:
    """Round end: unused drawn cubes go to the supply, Key and Code cards from engaged cards go
    to the hand, the line and the searched planet are discarded; an empty deck moves play to
    the next alien (P6); with no cards left and weapons missing, the game is lost."""
    _need_phase(state, ("search", "searched"), "ending the round")
    s = _copy(state)
    if s["drawn"]["black"]:
        raise RuleError(f"{s['drawn']['black']} black cube(s) past The Quietus still cost an ability point "
                        f"each: pulp assign k --lose ABILITY")
    lines = []
    if state["phase"] == "search":
        lines.append(f"{s.get('planet', 'The planet')} was not searched (no `pulp search`).")
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


# --- set by hand (A2) ----------------------------------------------------------------

def set_ability(state: dict, dice, ability: str, delta: int | None = None, value: int | None = None,
                maximum: int | None = None) -> Outcome:
    """A2: a card moves an ability (or its maximum); during an encounter two at 0 lose (P3)."""
    _refuse_if_over(state)
    a = ability_name(ability)
    s = _copy(state)
    ab = s["abilities"][a]
    before = dict(ab)
    if maximum is not None:
        if not 1 <= maximum <= ABILITY_MAX:
            raise InputError(f"--max {maximum}: an ability's maximum is 1-{ABILITY_MAX}")
        ab["max"] = maximum
    if delta is None and value is None and maximum is None:
        raise InputError("give a change (+N, -N, =N) and/or --max N")
    target = ab["value"] if delta is None and value is None else (value if value is not None else ab["value"] + delta)
    if value is not None and not 0 <= value <= ab["max"]:
        raise InputError(f"={value}: {ABILITY_LABEL[a]} runs 0-{ab['max']}")
    ab["value"] = max(0, min(ab["max"], target))
    lines = [f"{ABILITY_LABEL[a]}: {before['value']}/{before['max']} → {ab['value']}/{ab['max']}" +
             (" (kept within 0..max)" if ab["value"] != target else "") + "."]
    if s["phase"] == "encounter":
        _check_loss(s, lines)
    summary = lines[0].rstrip(".") + " (by hand)"
    return Outcome(s, summary, lines, {"ability": a, "before": before, "after": ab, "phase": s["phase"]})


PLACES = ("bag", "supply", "quietus", "weapon")


def move_cubes(state: dict, dice, cubes: list[str], src: str, dst: str, src_weapon: int | None = None,
               dst_weapon: int | None = None) -> Outcome:
    """A2: a card moves cubes between the bag, the supply, The Quietus and a Super Weapon
    (never creating or destroying one, P1)."""
    _refuse_if_over(state)
    if not cubes:
        raise InputError("name the cubes to move, e.g. k,k or r,w")
    s = _copy(state)

    def pool(place, number):
        if place == "bag":
            return s["bag"]
        if place == "supply":
            return s["supply"]
        if place == "weapon":
            return s["weapons"][_weapon_index(s, number)]["cubes"]
        return None

    if src == dst and src_weapon == dst_weapon:
        raise InputError("--from and --to are the same place")
    for c in cubes:
        for place in (src, dst):
            if place == "quietus" and c != "black":
                raise RuleError(f"only black cubes go on The Quietus, not {c}")
        if src == "quietus":
            if s["quietus"] <= 0:
                raise RuleError("The Quietus holds no black cube")
            s["quietus"] -= 1
        else:
            p = pool(src, src_weapon)
            if p.get(c, 0) <= 0:
                where = f"Super Weapon {src_weapon}" if src == "weapon" else f"the {src}"
                raise RuleError(f"{where} holds no {c} cube")
            p[c] -= 1
            if src == "weapon" and p[c] == 0:
                del p[c]
        if dst == "quietus":
            s["quietus"] += 1
        else:
            p = pool(dst, dst_weapon)
            p[c] = p.get(c, 0) + 1
    for k, w in enumerate(s["weapons"]):
        w["cubes"] = {c: w["cubes"][c] for c in COLOURS if w["cubes"].get(c)}
        problems = weapon_problems(w, f"Super Weapon {k + 1}")
        if problems:
            raise RuleError(problems[0])
        if _met(w) and not w["understood"]:
            w["understood"] = True
    label = {"bag": "the bag", "supply": "the supply", "quietus": "The Quietus"}
    a = label.get(src, f"Super Weapon {src_weapon}")
    b = label.get(dst, f"Super Weapon {dst_weapon}")
    line = f"Move {cubes_text(_count_list(cubes))} from {a} to {b}."
    return Outcome(s, line, [line], {"bag": s["bag"], "supply": s["supply"], "quietus": s["quietus"]})


def set_deck(state: dict, dice, alien: int, delta: int | None = None, value: int | None = None) -> Outcome:
    """A2: a card adds or removes cards of an alien's Encounter deck."""
    _refuse_if_over(state)
    if not isinstance(alien, int) or not 1 <= alien <= DECKS:
        raise InputError(f"ALIEN {alien}: the aliens are numbered 1-{DECKS}, left to right")
    s = _copy(state)
    k = alien - 1
    before = s["decks"][k]
    target = value if value is not None else before + delta
    if not 0 <= target <= DECK_SIZE:
        raise InputError(f"{alien_name(s, k)}'s deck would hold {target} cards: 0-{DECK_SIZE}")
    if k < s["alien"] and target > 0:
        raise RuleError(f"{alien_name(s, k)}'s sector is behind you: its deck stays empty")
    s["decks"][k] = target
    lines = [f"{alien_name(s, k)}'s deck: {before} → {target} cards."]
    if s["phase"] == "ready" and s["decks"][s["alien"]] == 0:
        nxt = next((j for j in range(s["alien"] + 1, DECKS) if s["decks"][j] > 0), None)
        if nxt is None:
            raise RuleError("that would leave no Encounter cards at all (the game would be lost: play on, or "
                            "set another deck)")
        s["alien"] = nxt
        lines.append(f"Move on to {alien_name(s)}'s sector.")
    return Outcome(s, lines[0] + " (by hand)", lines, {"decks": s["decks"], "alien": s["alien"]})


def set_planets(state: dict, dice, face_up: int | None = None, deck: int | None = None) -> Outcome:
    """A2: a card changes the face-up planets or the planet deck."""
    _refuse_if_over(state)
    s = _copy(state)
    pl = s["planets"]
    if face_up is None and deck is None:
        raise InputError("give --face-up N and/or --deck N")
    if face_up is not None:
        if not 0 <= face_up <= FACE_UP:
            raise InputError(f"--face-up {face_up}: 0-{FACE_UP} Planet cards lie face up")
        pl["face_up"] = face_up
    if deck is not None:
        if not 0 <= deck <= PLANETS - FACE_UP:
            raise InputError(f"--deck {deck}: the planet deck holds 0-{PLANETS - FACE_UP} cards")
        pl["deck"] = deck
    line = f"Planets: {pl['face_up']} face up, {pl['deck']} in the deck."
    return Outcome(s, line + " (by hand)", [line], {"planets": pl})


def hand(state: dict, dice, gain: str | None = None, discard: str | None = None) -> Outcome:
    """A2: a card puts a Key or Code card into your hand or takes one away."""
    _refuse_if_over(state)
    s = _copy(state)
    if (gain is None) == (discard is None):
        raise InputError("give --gain CARD or --discard K|O|CARD")
    if gain is not None:
        card = parse_card(gain)
        if not (card["key"] or card["code"]):
            raise InputError(f"--gain {gain}: only Key (K) and Code (O) cards are kept in hand, e.g. G2C.K")
        token = card_token(card)
        s["hand"].append(token)
        line = f"Take {token} into your hand."
    else:
        d = discard.strip()
        if d.upper() in ("K", "O"):
            flag = "key" if d.upper() == "K" else "code"
            hits = [t for t in s["hand"] if parse_card(t)[flag]]
        else:
            token = card_token(parse_card(d))
            hits = [t for t in s["hand"] if t == token]
        if not hits:
            raise RuleError(f"--discard {discard}: not in your hand ({', '.join(s['hand']) or 'empty'})")
        s["hand"].remove(hits[0])
        line = f"Discard {hits[0]} from your hand."
    return Outcome(s, line, [line], {"hand": s["hand"]})


def set_location(state: dict, dice, token: str | None = None, discard: bool = False) -> Outcome:
    """A2: a card replaces or discards the current Location."""
    _refuse_if_over(state)
    if (token is None) == (not discard):
        raise InputError("give a Location card (e.g. L.rb) or --discard")
    s = _copy(state)
    old = s.get("location")
    if discard:
        if old is None:
            raise RuleError("there is no Location to discard")
        del s["location"]
        line = f"Discard the Location {old}."
    else:
        card = parse_card(token)
        if card["kind"] != "L":
            raise InputError(f"'{token}' is not a Location card: a Location token starts with L (e.g. L.rb)")
        s["location"] = card_token(card)
        line = f"The Location is now {s['location']}" + (f" (was {old})." if old else ".")
    return Outcome(s, line, [line], {"location": s.get("location")})


# --- odds and next steps --------------------------------------------------------------

def bag_odds(state: dict, draws: int = 1) -> dict:
    """The chance of each colour on the next draw, and of at least one in the next N draws
    (without replacement), with the expected count."""
    bag = state["bag"]
    total = sum(bag.values())
    if not isinstance(draws, int) or draws < 1:
        raise InputError(f"--odds {draws}: the number of draws is 1 or more")
    n = min(draws, total)
    out = {}
    for c in COLOURS:
        k = bag[c]
        nxt = k / total if total else 0.0
        at_least = (comb(total, n) - comb(total - k, n)) / comb(total, n) if total and n else 0.0
        out[c] = {"count": k, "next": nxt, "at_least_one": at_least, "expected": n * k / total if total else 0.0}
    return {"total": total, "draws": draws, "drawn": n, "colours": out}


def next_step(state: dict) -> str:
    phase = state["phase"]
    if phase == "ready":
        if not state["decks"][state["alien"]]:
            return "No Encounter cards are left."
        n = min(LINE_SIZE, state["decks"][state["alien"]])
        face_up = state["planets"]["face_up"]
        planets = f"choose one of the {face_up} face-up planets" if face_up else \
            "deal 3 new Planet cards face up and choose one"
        cards = " ".join(["CARD"] * n)
        return f"{planets}, draw {n} cards from {alien_name(state)}'s deck: pulp round --planet NAME {cards}"
    if phase == "encounter":
        i = pending(state)[0]
        return (f"card {i + 1} {state['line'][i]['card']}: pulp engage {i + 1} --pay ... "
                f"or pulp evade {i + 1} --pay ABILITY")
    if phase == "search":
        return "search the planet: pulp search (planet actions: --spend K|O, --extra N)"
    if phase == "searched":
        waiting = {c: n for c, n in state["drawn"].items() if n}
        if waiting.get("black"):
            return "lose 1 ability point per black cube: pulp assign k --lose ABILITY"
        if waiting:
            return (f"place {cubes_text(waiting)}: pulp assign CUBE --ability | --weapon N "
                    f"(unused ones go to the supply), then pulp end-round")
        return "pulp end-round"
    return "the game is over."
