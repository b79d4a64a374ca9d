"""The data files `new` starts from, read into the save's tables: the board (cities, trails,
rifts: templates/titans/board-sample.toml), the invaders (a type per rift, five cards each, a
section per tier: invaders-sample.toml) and the custom die's face table (dice-sample.toml).

Each mistake is refused in one line naming the file and the key (`--board FILE: cities.A.yellow
should name ...`).
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from journal.errors import InputError, typed
from journal.games.titans.rules import effects
from journal.games.titans.rules.model import (
    CATEGORIES, CHECKS, CITY_HP, DIE_KEYS, PAWNS_PER_TYPE, RIFT_SPOTS, TAGS, TIERS,
)

MAX_RIFTS = 6            # the box has 6 Rift Tokens
SAMPLE_BOARD = "board-sample.toml"
SAMPLE_INVADERS = "invaders-sample.toml"


def read_data_file(file: str | None, sample: str, option: str) -> tuple[dict, str]:
    """A data file named by an option: a path, or a shipped one (templates:titans/FILE), read by the
    core's guarded reader: a missing, non-regular, non-UTF-8, too big or too deeply nested file is
    refused naming it."""
    from journal import files as guarded
    from journal import templates

    if file is None:
        path = templates.path("titans", sample)
        shown = sample
    else:
        path = templates.resolve(file)
        shown = path.name
    try:
        return guarded.read_toml(path, f"{option} {typed(file or sample)}", InputError), shown
    except (FileNotFoundError, NotADirectoryError):
        shipped = ", ".join(templates.shipped("titans"))
        raise InputError(f"{option} {typed(file or sample)}: no such file (shipped files: {shipped})") from None


def issue(source: str, path: str, text: str) -> InputError:
    return InputError(f"{source}: {path} {text}")


def int_in(source: str, path: str, value: object, lo: int, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise issue(source, path, f"= {value!r} is not a whole number")
    if value < lo or (hi is not None and value > hi):
        raise issue(source, path, f"= {value} is outside {lo}..{hi}" if hi is not None else f"= {value} is below {lo}")
    return value


def str_list(source: str, path: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise issue(source, path, "should be a list of names, e.g. [\"Toronto\", \"London\"]")
    return list(value)


def known_keys(source: str, path: str, table: dict, keys: Sequence[str]) -> None:
    """Every key of `table` is one of `keys`."""
    for k in table:
        if k not in keys:
            raise issue(source, f"{path}.{k}" if path else k, f"is not a known key: expected {', '.join(keys)}")


def table_of(source: str, path: str, value: object, what: str = "should be a table") -> dict:
    if not isinstance(value, dict):
        raise issue(source, path, what)
    return value


# --- the board ----------------------------------------------------------------------------------

def load_board(doc: dict, source: str = "board") -> tuple[dict, dict]:
    """A board file (see templates/titans/board-sample.toml) → (cities, rifts) for the save."""
    known_keys(source, "", doc, sorted({"title", "cities", "rifts"}))
    cities_in, rifts_in = doc.get("cities"), doc.get("rifts")
    if not isinstance(cities_in, dict) or len(cities_in) < 2:
        raise issue(source, "cities", "should hold at least two [cities.NAME] tables")
    if not isinstance(rifts_in, dict) or not rifts_in:
        raise issue(source, "rifts", "should hold at least one [rifts.NAME] table")
    cities = {name: city_entry(source, name, c, cities_in) for name, c in cities_in.items()}
    if len(rifts_in) > MAX_RIFTS:
        raise issue(source, "rifts", f"has {len(rifts_in)} rifts: the box has {MAX_RIFTS} Rift Tokens")
    rifts = {name: rift_entry(source, name, r, cities) for name, r in rifts_in.items()}
    return cities, rifts


def city_entry(source: str, name: str, value: object, cities_in: Container[str]) -> dict:
    """A city: its type (a Metropolis or a Refuge City), the cities its yellow and green trail
    triangles point to, and its other trails (each one of `cities_in`: the box, being filled in, lets
    them name cities it does not hold yet)."""
    path = f"cities.{name}"
    c = table_of(source, path, value)
    known_keys(source, path, c, ("type", "yellow", "green", "trails"))
    kind = c.get("type")
    if not isinstance(kind, str) or kind not in CITY_HP:
        raise issue(source, f"{path}.type", "should be \"metropolis\" (blue hexagon, HP 4) or "
                                            "\"refuge\" (green hexagon, HP 5)")
    entry = {"type": kind, "damage": 0, "destroyed": False}
    for trail in ("yellow", "green"):
        target = c.get(trail)
        if not isinstance(target, str) or target not in cities_in:
            raise issue(source, f"{path}.{trail}", f"should name the city the {trail} triangle points to (one of the "
                                                   f"board's cities)")
        if target == name:
            raise issue(source, f"{path}.{trail}", "points to the city itself")
        entry[trail] = target
    if entry["yellow"] == entry["green"]:
        raise issue(source, path, "has its yellow and green trails on the same city")
    trails = str_list(source, f"{path}.trails", c.get("trails", []))
    for other in trails:
        if other not in cities_in or other == name:
            raise issue(source, f"{path}.trails", f"names {typed(other)}, which is not another city of the board")
    if trails:
        entry["trails"] = trails
    return entry


def rift_entry(source: str, name: str, value: object, cities: Container[str]) -> dict:
    """A rift: the cities along its Threat Connector."""
    path = f"rifts.{name}"
    r = table_of(source, path, value)
    known_keys(source, path, r, ("threatens",))
    threatens = str_list(source, f"{path}.threatens", r.get("threatens"))
    if not threatens:
        raise issue(source, f"{path}.threatens", "should list the cities along its Threat Connector")
    for c in threatens:
        if c not in cities:
            raise issue(source, f"{path}.threatens", f"names {typed(c)}, which is not a city of the board")
    if name in cities:
        raise issue(source, path, "has the name of a city: rifts and cities need different names")
    return {"threatens": threatens}


# --- the invaders -------------------------------------------------------------------------------

def load_invaders(doc: dict, source: str = "invaders") -> tuple[dict, dict]:
    """An invaders file (see templates/titans/invaders-sample.toml) → (types, cards)."""
    types: dict = {}
    cards: dict = {}
    codes: set = set()
    for kind, t in doc.items():
        if kind == "title":
            continue
        t = table_of(source, kind, t, "should be a table [NAME] with category, code and five [[NAME.card]]")
        types[kind] = invader_type(source, kind, t, codes)
        deck = t.get("card")
        if not isinstance(deck, list) or len(deck) != PAWNS_PER_TYPE:
            raise issue(source, f"{kind}.card", f"should be {PAWNS_PER_TYPE} [[{kind}.card]] tables, one per pawn (T5)")
        for i, card in enumerate(deck, 1):
            cards[f"{types[kind]['code']}{i}"] = card_entry(source, kind, i, card, types[kind]["category"])
    if not types:
        raise issue(source, "(file)", "holds no invader type")
    return types, cards


def invader_type(source: str, kind: str, t: dict, codes: set) -> dict:
    """An invader type: its category (which says when its ability triggers) and the code its
    pawns are named by (CODE1..CODE5)."""
    known_keys(source, kind, t, ("category", "code", "card"))
    cat = t.get("category")
    if cat not in CATEGORIES:
        raise issue(source, f"{kind}.category", f"should be one of {', '.join(CATEGORIES)}")
    code = t.get("code", kind[:1].upper())
    if not isinstance(code, str) or not code.isalpha() or len(code) > 3:
        raise issue(source, f"{kind}.code", "should be 1-3 letters (the pawns are CODE1..CODE5)")
    if code.upper() in codes:
        raise issue(source, f"{kind}.code", f"{typed(code)} is used by another type")
    codes.add(code.upper())
    return {"category": cat, "code": code}


def card_entry(source: str, kind: str, i: int, value: object, category: str) -> dict:
    """An Invader Card: its Reward Value (the rift spot its pawn starts on) and a section per tier
    (T2); the values that never change from one section to the next are kept once."""
    path = f"{kind}.card[{i}]"
    card = table_of(source, path, value)
    known_keys(source, path, card, ("reward", *TIERS))
    entry: dict = {"type": kind, "reward": int_in(source, f"{path}.reward", card.get("reward"), 1, RIFT_SPOTS),
                   "hp": [], "dmg": []}
    sections = [_section(source, f"{path}.{name}", card.get(name), entry["reward"], category) for name in TIERS]
    entry["hp"] = [sec["hp"] for sec in sections]
    entry["dmg"] = [sec["dmg"] for sec in sections]
    if any(sec["reward"] != entry["reward"] for sec in sections):
        entry["credits"] = [sec["reward"] for sec in sections]
    for key in ("immune", "ability", "effect"):
        if any(sec[key] for sec in sections):
            entry[key] = [sec[key] for sec in sections]
    return entry


def _section(source: str, path: str, value: object, reward: int, category: str) -> dict:
    """A tier's section of a card: HP, DMG, the Credits it rewards, its Attack Tag immunities (they
    count at Red only), its ability's text and the effect journal applies."""
    sec = table_of(source, path, value, "is missing: every card has a green, white, blue and red section")
    known_keys(source, path, sec, ("hp", "dmg", "reward", "immune", "ability", "effect"))
    out = {"hp": int_in(source, f"{path}.hp", sec.get("hp"), 1, 99),
           "dmg": int_in(source, f"{path}.dmg", sec.get("dmg"), 0, 99),
           "reward": int_in(source, f"{path}.reward", sec.get("reward", reward), 0, 99)}
    tags = sec.get("immune", [])
    if not isinstance(tags, list) or any(x not in TAGS for x in tags):
        raise issue(source, f"{path}.immune", f"should be a list of Attack Tags: {', '.join(TAGS)}")
    text = sec.get("ability", "")
    if not isinstance(text, str):
        raise issue(source, f"{path}.ability", "should be text")
    return {**out, "immune": sorted(set(tags), key=TAGS.index), "ability": " ".join(text.split()),
            "effect": effects.load(source, f"{path}.effect", sec["effect"], category) if "effect" in sec else {}}


# --- the custom die -----------------------------------------------------------------------------

def load_dice(doc: dict, source: str = "dice", over: dict | None = None) -> dict:
    """A custom-die face table (see templates/titans/dice-sample.toml): the six faces' symbols, the
    red one, and the symbols each ability check counts as successes. `over`: the game's table, that
    a Titan Sheet's own file overrides key by key (Dice and Ability Checks: "compare the symbols on
    the dice with the symbols shown on the corresponding ability on the Titan Sheet"), so that such
    a file may give only some keys."""
    known_keys(source, "", doc, DIE_KEYS)
    out = die_keys(doc, source, every=over is None)
    die_symbols({**(over or {}), **out}, source)
    return out


def die_keys(doc: dict, source: str, every: bool) -> dict:
    """The keys a face table file gives, each checked: all of them (`every`), or those it has."""
    out: dict = {}
    if "faces" in doc or every:
        faces = doc.get("faces")
        if not isinstance(faces, list) or len(faces) != 6 or not all(isinstance(f, str) and f.strip() for f in faces):
            raise issue(source, "faces", "should list the 6 faces' symbols, e.g. [\"red\", \"bolt\", ...]")
        out["faces"] = faces
    if "red" in doc or every:
        if not isinstance(doc.get("red"), str):
            raise issue(source, "red", "should name the red symbol, one of the faces")
        out["red"] = doc["red"]
    for ability in CHECKS:
        if ability in doc or every:
            out[ability] = str_list(source, ability, doc.get(ability))
    return out


def die_symbols(table: dict, source: str) -> None:
    """A whole face table (the game's, with a Titan's keys over it): every key given, and the red
    symbol and each check's symbols on a face of the die."""
    missing = [k for k in DIE_KEYS if k not in table]
    if missing:
        raise issue(source, missing[0], "is missing, and the game has no face table (--dice) to take it from")
    if table["red"] not in table["faces"]:
        raise issue(source, "red", "should name the red symbol, one of the faces")
    for ability in CHECKS:
        for sym in table[ability]:
            if sym not in table["faces"]:
                raise issue(source, ability, f"names {typed(sym)}, which is on no face")
