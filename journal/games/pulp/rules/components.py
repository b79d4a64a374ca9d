"""Pulp Invasion's components and the values players type.

The cubes, abilities, icons, decks and captain's dice as the rulebook's Components and Dice
Icons pages list them (rules notes P1, P6), and the parsers for what is typed on the command
line: card tokens (`G2C.r.PK`), cubes (`k,r,o`), payments (`combat=2`), strength a card's
text adds (`1C`), weapon requirements (`r2,b1`) and dice (`red:4:2`).
"""

from __future__ import annotations

import re

from journal.errors import InputError, typed


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
FACE_USE = {  # where each face that has no engage strength is used
    ("red", 5): "evade", ("orange", 2): "engage", ("orange", 6): "engage",
    ("blue", 1): "search", ("blue", 3): "search", ("blue", 6): "evade",
    ("yellow", 1): "engage", ("yellow", 2): "die", ("yellow", 3): "engage", ("yellow", 4): "die",
    ("yellow", 5): "engage", ("yellow", 6): "die",
    ("gray", 1): "search", ("gray", 2): "evade", ("gray", 3): "die", ("gray", 4): "evade",
    ("gray", 5): "search", ("gray", 6): "search",
}


# --- what players type ------------------------------------------------------------------

TOKEN_GRAMMAR = ("KIND[STRENGTH][ICON][.CUBES][.FLAGS]: KIND G Guardforce, A Agent, L Location, "
                 "E Event; STRENGTH 0-9; ICON C, D or S; CUBES from r o b k y w; FLAGS P (one per "
                 "planet icon), K key, O code; e.g. G2C.r.PK, A4S.o.PP, L.rb, ES")


_TOKEN = re.compile(r"([GALE])([0-9])?([CDS])?", re.IGNORECASE)


def parse_card(token: str) -> dict:
    """`G2C.r.PK` → kind, strength, shows (the icon printed), cubes, planets, key, code."""
    raw = token.strip()
    head, *parts = raw.split(".")
    m = _TOKEN.fullmatch(head)
    if not m or len(parts) > 2:
        raise InputError(f"card {typed(token)} is not a card: {TOKEN_GRAMMAR}")
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
                raise InputError(f"card {typed(token)}: K (key) and O (code) appear once each: {TOKEN_GRAMMAR}")
        else:
            raise InputError(f"card {typed(token)}: '.{part}' is neither cubes (lower case r o b k y w) nor "
                             f"flags (upper case P K O): {TOKEN_GRAMMAR}")
    if len(card["cubes"]) > 4:
        raise InputError(f"card {typed(token)} shows {len(card['cubes'])} cubes, at most 4: {TOKEN_GRAMMAR}")
    if kind == "L" and (card["strength"] is not None or card["shows"]):
        raise InputError(f"card {typed(token)}: a Location shows no Engage Strength or icon, only its cubes: "
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
    raise InputError(f"{option} {typed(text)} is not an ability: expected combat, science or diplomacy "
                     f"(or c, s, d)")


def colour_name(text: str, option: str = "CUBE", allowed=COLOURS) -> str:
    t = str(text).strip().lower()
    c = LETTER.get(t, t)
    if c == "grey":
        c = "gray"
    if c not in allowed:
        shown = ", ".join(f"{SHORT.get(a, a)} ({a})" if a in SHORT else a for a in allowed)
        raise InputError(f"{option} {typed(text)} is not one of {shown}")
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
            raise InputError(f"{option} {typed(text)}: {typed(part)} is not a cube: use r (red), o (orange), "
                             f"b (blue), k (black), y (yellow), w (white), comma-separated, e.g. k,r,o")
    return out


def parse_payment(specs) -> dict:
    """`combat=2,science=2` (several --pay are added up) → {"combat": 2, "science": 2}."""
    pay: dict = {}
    for spec in ([specs] if isinstance(specs, str) else specs):
        for part in filter(None, (p.strip() for p in spec.split(","))):
            key, eq, val = part.partition("=")
            if not eq or not val.strip().isdigit():
                raise InputError(f"--pay {typed(spec)}: {typed(part)} should be ABILITY=N, e.g. combat=2,science=2")
            a = ability_name(key, "--pay")
            pay[a] = pay.get(a, 0) + int(val)
    return pay


_ADD = re.compile(r"([+-]?)(\d{1,2})\s*([CDS])", re.IGNORECASE)


def parse_add(text: str) -> tuple[int, str]:
    """`1C` (or +1C, -1D) → (1, "C"): engage strength a card's text adds (or removes)."""
    m = _ADD.fullmatch(str(text).strip())
    if not m:
        raise InputError(f"--add {typed(text)}: expected a strength and an icon, e.g. 1C, 2D or -1S")
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
            raise InputError(f"--needs {typed(text)}: {typed(part)} should be a cube colour and a count: r (red), "
                             f"o (orange) or b (blue), e.g. r2,b1 (or none)")
        c = LETTER.get(m.group(1), m.group(1))
        needs[c] = needs.get(c, 0) + int(m.group(2))
    if not needs:
        raise InputError(f"--needs {typed(text)}: expected cube counts such as r2,b1 (or none)")
    return needs


def parse_die(spec: str, option: str = "--die") -> tuple[str, int | None, int | None]:
    """`red` / `red:4` (the face it shows) / `red:4:2` (then turned down to 2)."""
    parts = [p.strip() for p in str(spec).split(":")]
    if not 1 <= len(parts) <= 3 or not all(p for p in parts):
        raise InputError(f"{option} {typed(spec)}: expected COLOUR[:FACE[:TO]], e.g. red, red:4 or red:4:2")
    colour = colour_name(parts[0], option, DIE_COLOURS)
    nums = []
    for p in parts[1:]:
        if not p.isdigit() or not 1 <= int(p) <= 6:
            raise InputError(f"{option} {typed(spec)}: a die face is 1-6")
        nums.append(int(p))
    nums += [None] * (2 - len(nums))
    return colour, nums[0], nums[1]


def needs_text(needs: dict) -> str:
    return ",".join(f"{SHORT[c]}{n}" for c, n in needs.items()) if needs else "none"


def cubes_text(counts: dict, empty: str = "none") -> str:
    parts = [f"{n} {c}" for c, n in counts.items() if n]
    return ", ".join(parts) if parts else empty


def count_cubes(cubes: list[str]) -> dict:
    out: dict = {}
    for c in cubes:
        out[c] = out.get(c, 0) + 1
    return {c: out[c] for c in COLOURS if c in out}
