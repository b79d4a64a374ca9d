"""`journal titans box`: the player's own box, entered once and kept for every later campaign.

The box lives in the saves folder, in `box/titans/`: `board.toml`, `invaders.toml` and `dice.toml`,
each in the format of the sample files (templates/titans/*-sample.toml), so that a player can copy
them, share them or name them with `new --board/--invaders/--dice`. The board and the invader types
are entered before the first campaign (they are on the table at set-up); an invader's card only the
first time that invader comes out (`card_for`: the box, a terminal's questions, or a refusal naming
`journal titans box card`), so nothing is typed before it is on the table. `new` takes each part
from the box when no file is named for it (`for_new`).

Every change is read, checked whole and written atomically under the box folder's lock: a value
refused leaves the file byte-for-byte as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import click

from journal import box as box_files
from journal.errors import InputError, RuleError, typed
from journal.games.titans.cli import files as data
from journal.games.titans.rules.model import CATEGORIES, CHECKS, PAWNS_PER_TYPE, RIFT_SPOTS, TAGS, TIERS
from journal.hints import cmd
from journal.options import OrderedGroup
from journal.runtime import Mode, Runtime, asked_until_read, pass_rt
from journal.schema import fold
from journal.text import plural, word_problem, wrap

if TYPE_CHECKING:
    from journal.games.titans.rules.model import MissingCard

PARTS = ("board", "invaders", "dice")
INVADER_TYPES = 4      # the box: 4 Invader Lairs, 20 Invader Cards
HEADER = ("# Your own War Titans box, kept by journal for every campaign (see `journal titans box`).\n"
          "# The format of templates:titans/{part}-sample.toml: share it, or start a game with it as --{part} FILE.\n\n")


# --- the files --------------------------------------------------------------------------------

def folder(rt: Runtime) -> str:
    return box_files.folder(rt, "titans")


def path_of(rt: Runtime, part: str) -> str:
    return os.path.join(folder(rt), f"{part}.toml")


def read_part(rt: Runtime, part: str) -> dict | None:
    """A part of the box as written (None: not entered yet)."""
    return box_files.read(path_of(rt, part))


def inline(value: object) -> str:
    """A TOML value on one line (the invaders file writes each card's sections inline, as the
    sample does)."""
    import tomli_w

    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key_text(k)} = {inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    return tomli_w.dumps({"v": value})[4:].strip()


def key_text(key: str) -> str:
    import re

    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else inline(key)


def invaders_text(doc: dict) -> str:
    """The invaders file as the sample writes it: a [TYPE] table, then its five [[TYPE.card]]
    (a card not entered yet is an empty one)."""
    out = [f"title = {inline(doc['title'])}\n"] if "title" in doc else []
    for kind, t in doc.items():
        if kind == "title":
            continue
        out.append(f"\n[{key_text(kind)}]\n" + "".join(f"{k} = {inline(v)}\n" for k, v in t.items() if k != "card"))
        for card in t.get("card", []):
            out.append(f"\n[[{key_text(kind)}.card]]\n" + ("".join(f"{k} = {inline(v)}\n" for k, v in card.items())
                                                          or "# not entered yet: asked for as it comes out\n"))
    return "".join(out).lstrip("\n")


def update(rt: Runtime, part: str, change: Callable[[dict], dict]) -> dict:
    """Read a part, change it (`change(doc) -> doc`, refusing bad input before anything is
    written), check it whole and write it (journal/box.py)."""
    import tomli_w

    def layout(doc: dict) -> tuple[str, str]:
        check_part(part, doc, path_of(rt, part))
        return HEADER.format(part=part), invaders_text(doc) if part == "invaders" else tomli_w.dumps(doc)

    return box_files.update(rt, path_of(rt, part), change, layout)


def check_part(part: str, doc: dict, source: str) -> None:
    if part == "board":
        board_of(doc, source)
    elif part == "invaders":
        invaders_of(doc, source)
    else:
        data.load_dice(doc, source)


# --- what the box holds ----------------------------------------------------------------------

class Board(NamedTuple):
    cities: dict
    rifts: dict
    missing: list[str]   # what still has to be entered, as a player reads it
    wanted: dict         # a city a trail names and the box does not hold -> who names it


class Invaders(NamedTuple):
    types: dict          # type -> {category, code}
    cards: dict          # pawn -> its card's entry in the save's form
    missing: list[str]   # pawns whose card is not entered yet


def referenced(cities_in: dict, rifts_in: dict) -> dict[str, str]:
    """Every city a trail or a Threat Connector names -> who names it first."""
    named: dict[str, str] = {}
    for name, c in cities_in.items():
        if isinstance(c, dict):
            for key in ("yellow", "green"):
                if isinstance(c.get(key), str):
                    named.setdefault(c[key], f"{name}'s {key} trail")
            for other in c.get("trails", []) if isinstance(c.get("trails"), list) else []:
                if isinstance(other, str):
                    named.setdefault(other, f"a trail of {name}")
    for name, r in rifts_in.items():
        threatens = r.get("threatens") if isinstance(r, dict) else None
        for c in threatens if isinstance(threatens, list) else []:
            if isinstance(c, str):
                named.setdefault(c, f"the {name} Rift")
    return named


def board_of(doc: dict, source: str) -> Board:
    """The board as far as it is entered: its cities and rifts, each checked, and what is missing
    (cities its trails name, a rift). Whole, it is checked as `new --board` checks a file."""
    data.known_keys(source, "", doc, ("cities", "rifts", "title"))
    cities_in = data.table_of(source, "cities", doc.get("cities", {}))
    rifts_in = data.table_of(source, "rifts", doc.get("rifts", {}))
    named = referenced(cities_in, rifts_in)
    known = {*cities_in, *named}
    cities = {n: data.city_entry(source, n, c, known) for n, c in cities_in.items()}
    rifts = {n: data.rift_entry(source, n, r, known) for n, r in rifts_in.items()}
    wanted = {c: by for c, by in named.items() if c not in cities_in}
    missing = [f"city {typed(c)} ({by})" for c, by in wanted.items()]
    if len(cities_in) < 2 and not missing:
        missing.append("cities (a board has two at least)")
    if not rifts_in:
        missing.append("rifts (the Rift Token spots)")
    if not missing:
        data.load_board(doc, source)
    return Board(cities, rifts, missing, wanted)


def invaders_of(doc: dict, source: str) -> Invaders:
    """The invader types entered and the cards entered so far (an empty card: not yet)."""
    types: dict = {}
    cards: dict = {}
    missing: list[str] = []
    codes: set = set()
    for kind, t in doc.items():
        if kind == "title":
            continue
        t = data.table_of(source, kind, t, "should be a table [NAME] with category, code and [[NAME.card]]")
        types[kind] = data.invader_type(source, kind, t, codes)
        deck = t.get("card", [])
        if not isinstance(deck, list) or len(deck) > PAWNS_PER_TYPE:
            raise data.issue(source, f"{kind}.card", f"should be up to {PAWNS_PER_TYPE} [[{kind}.card]] tables, "
                                                     f"one per pawn")
        for i in range(1, PAWNS_PER_TYPE + 1):
            card = deck[i - 1] if i <= len(deck) else {}
            pid = f"{types[kind]['code']}{i}"
            if card == {}:
                missing.append(pid)
            else:
                cards[pid] = data.card_entry(source, kind, i, card, types[kind]["category"])
    return Invaders(types, cards, missing)


def box_parts(rt: Runtime) -> dict:
    """Each part of the box read and checked: board (Board), invaders (Invaders), dice (the face
    table), None for a part not entered."""
    out: dict = {}
    for part in PARTS:
        doc = read_part(rt, part)
        source = path_of(rt, part)
        if doc is None:
            out[part] = None
        elif part == "board":
            out[part] = board_of(doc, source)
        elif part == "invaders":
            out[part] = invaders_of(doc, source)
        else:
            out[part] = data.load_dice(doc, source)
    return out


# --- `new` -----------------------------------------------------------------------------------

def for_new(rt: Runtime, board: bool, invaders: bool, dice: bool) -> dict:
    """The parts of the box `new` takes (those asked for and entered): {"board": the file's document,
    "invaders": Invaders, "dice": the face table}, and "said", the line that tells the table so.
    A board not whole is refused naming what is missing."""
    wanted = {"board": board, "invaders": invaders, "dice": dice}
    parts = {k: v for k, v in box_parts(rt).items() if wanted[k] and v is not None}
    b = parts.get("board")
    if b is not None and b.missing:
        more = f", and {len(b.missing) - 1} more" if len(b.missing) > 1 else ""
        raise RuleError(f"your box's board is not whole yet ({b.missing[0]} is missing{more}): `journal titans box` "
                        f"says what to record; or name a board with --board FILE")
    if "invaders" in parts and not parts["invaders"].types:
        del parts["invaders"]
    if not parts:
        return {}
    out: dict = {**parts, "said": f"From your box ({folder(rt)}): {', '.join(taken(parts))}."}
    if "board" in parts:
        out["board"] = read_part(rt, "board")
    return out


def taken(parts: dict) -> list[str]:
    """What `new` took from the box, as the table is told."""
    said = []
    b, inv = parts.get("board"), parts.get("invaders")
    if b is not None:
        said.append(f"the board ({plural(len(b.cities), 'city', 'cities')}, {plural(len(b.rifts), 'rift')})")
    if inv is not None:
        said.append(f"the invader types ({len(inv.cards)} of {len(inv.types) * PAWNS_PER_TYPE} cards entered"
                    + ("; the others are asked for as they come out" if inv.missing else "") + ")")
    if "dice" in parts:
        said.append("the dice")
    return said


# --- an invader's card, as it comes out ------------------------------------------------------

def card_for(rt: Runtime, missing: MissingCard) -> dict:
    """The card of an invader that comes out and that the campaign does not hold: from the box
    (recorded since the campaign began), else typed on a terminal (and kept in the box for every
    later campaign); else the command is refused naming the one that records it."""
    number = int(missing.pid[len(missing.code):])
    doc = read_part(rt, "invaders") or {}
    inv = invaders_of(doc, path_of(rt, "invaders"))
    kind = next((k for k in inv.types if fold(k) == fold(missing.kind)), None)
    if kind is not None:
        pid = f"{inv.types[kind]['code']}{number}"
        if pid in inv.cards:
            return inv.cards[pid]
    if not rt.can_prompt() or rt.mode == Mode.DEMO:
        raise missing
    card = ask_card(rt, missing)

    def record(doc: dict) -> dict:
        t = doc.setdefault(kind or missing.kind, {"category": missing.category, "code": missing.code, "card": []})
        put_card(t, number, card)
        return doc
    update(rt, "invaders", record)
    click.echo("\n".join(wrap([f"Kept in your box ({path_of(rt, 'invaders')}) for every later campaign."])))
    return data.card_entry(path_of(rt, "invaders"), kind or missing.kind, number, card, missing.category)


def put_card(t: dict, number: int, card: dict) -> None:
    deck = t.setdefault("card", [])
    deck += [{} for _ in range(PAWNS_PER_TYPE - len(deck))]
    deck[number - 1] = card


def ask_card(rt: Runtime, missing: MissingCard) -> dict:
    """The card's numbers, typed by the player as the invader comes out (the prompt of the dice:
    the table shell's own in `journal play`)."""
    read = rt.dice_asker().read_line
    pid = missing.pid
    click.echo("\n".join(wrap([f"{pid} ({missing.kind}) comes out, and its Invader Card is not in your box yet: "
                                f"type its numbers (Ctrl-C: nothing is saved)."])))
    reward = asked_until_read(read, f"{pid} Reward Value (1-{RIFT_SPOTS}; Enter: {missing.reward})",
                              lambda text: reward_of(text) if text else missing.reward)
    card: dict = {"reward": reward}
    for tier in TIERS:
        def section(text: str, t: str = tier) -> dict:
            return section_of(text, t)
        card[tier] = asked_until_read(read, f"{pid} {tier} section, HP/DMG (e.g. 3/1)", section)
    immune = asked_until_read(read, f"{pid} red section immune to ({', '.join(TAGS)}; Enter: none)", tags_of)
    if immune:
        card["red"]["immune"] = immune
    return card


# --- reading what was typed ------------------------------------------------------------------

def reward_of(text: str) -> int:
    n = int(text) if text.strip().isdigit() and len(text.strip()) <= 3 else 0
    if not 1 <= n <= RIFT_SPOTS:
        raise InputError(f"--reward {typed(text)}: a card's Reward Value is 1-{RIFT_SPOTS}")
    return n


def section_of(text: str, tier: str) -> dict:
    """"3/1": a section's HP 3 and DMG 1."""
    hp, sep, dmg = text.partition("/")
    if not sep or not all(v.strip().isdigit() and len(v.strip()) <= 3 for v in (hp, dmg)):
        raise InputError(f"--{tier} {typed(text)}: expected HP/DMG, e.g. 3/1")
    if not 1 <= int(hp) <= 99 or int(dmg) > 99:
        raise InputError(f"--{tier} {typed(text)}: HP is 1-99 and DMG 0-99")
    return {"hp": int(hp), "dmg": int(dmg)}


def tags_of(text: str) -> list[str]:
    tags = [t.strip().lower() for t in text.replace("+", ",").replace(" ", ",").split(",") if t.strip()]
    bad = [t for t in tags if t not in TAGS]
    if bad:
        raise InputError(f"--immune {typed(bad[0])}: Attack Tags are {', '.join(TAGS)}")
    return sorted(set(tags), key=TAGS.index)


def name_of(text: str, option: str) -> str:
    name = " ".join(text.split())
    problem = word_problem(text) or ("" if name else "is empty")
    if problem:
        raise InputError(f"{option} {typed(text)}: {problem}")
    return name


def spelled(name: str, names: list[str]) -> str:
    """A name typed in any case, written as the box already spells it (a new one as typed)."""
    return next((n for n in names if fold(n) == fold(name)), name)


def symbols(text: str, option: str) -> list[str]:
    out = [s.strip() for s in text.split(",") if s.strip()]
    if not out:
        raise InputError(f"{option} {typed(text)}: expected symbols separated by commas, e.g. red,bolt")
    return out


# --- the commands ----------------------------------------------------------------------------

@click.group(cls=OrderedGroup, invoke_without_command=True)
@pass_rt
@click.pass_context
def box(ctx: click.Context, rt: Runtime) -> None:
    """Your own box, entered once for every campaign: what it holds, what is missing.

    `new` uses it when no --board, --invaders or --dice is named. An invader's card is asked for
    the first time that invader comes out (a script is told the command that records it).
    """
    if ctx.invoked_subcommand is None:
        show_box(rt)


def show_box(rt: Runtime) -> None:
    parts = box_parts(rt)
    lines = [f"Your War Titans box ({folder(rt)}):"]
    lines += board_lines(parts["board"])
    lines += invader_lines(parts["invaders"], parts["board"])
    dice = parts["dice"]
    record = cmd("titans box dice", faces="A,B,C,D,E,F", red="SYMBOL", combat="A,B", movement="A,B",
                 repair="A,B")
    lines.append(f"Dice: faces {', '.join(dice['faces'])}; red {dice['red']}" if dice else
                 f"Dice: not entered (optional: without them you type --successes N): {record}")
    rt.emit(lines, box_data(rt, parts))


def board_lines(b: Board | None) -> list[str]:
    city = cmd("titans box city", "NAME", type="metropolis", yellow="CITY", green="CITY")
    if b is None:
        return [f"Board: not entered: {city} for each city, then {cmd('titans box rift', 'NAME', threatens='CITY')}"]
    lines = [f"Board: {plural(len(b.cities), 'city', 'cities')}, {plural(len(b.rifts), 'rift')}"
             + (f" ({', '.join(b.rifts)})" if b.rifts else "") + ("; whole" if not b.missing else "")]
    for name, by in b.wanted.items():
        lines.append(f"  missing: {name} ({by}): "
                     f"{cmd('titans box city', name, type='TYPE', yellow='CITY', green='CITY')}")
    for what in b.missing[len(b.wanted):]:
        record = cmd("titans box rift", "NAME", threatens="CITY") if what.startswith("rifts") else city
        lines.append(f"  missing: {what}: {record}")
    return lines


def invader_lines(inv: Invaders | None, b: Board | None) -> list[str]:
    record = cmd("titans box invader", "NAME", category="CATEGORY", code="X")
    if inv is None or not inv.types:
        return [f"Invader types: not entered: {record} for each of the {INVADER_TYPES} Lairs"]
    lines = ["Invader types: " + ", ".join(f"{k} ({t['code']}, {t['category']})" for k, t in inv.types.items())]
    wanted = max(INVADER_TYPES, len(b.rifts) if b else 0)
    if len(inv.types) < wanted:
        lines.append(f"  missing: {plural(wanted - len(inv.types), 'invader type')}: {record}")
    lines.append(f"Invader Cards: {len(inv.cards)} of {len(inv.types) * PAWNS_PER_TYPE} entered")
    if inv.missing:
        lines.append(f"  not yet: {' '.join(inv.missing)} (asked for as each comes out; or "
                     f"{cmd('titans box card', 'PAWN', reward='N', green='HP/DMG', white='HP/DMG', blue='HP/DMG', red='HP/DMG')})")
    return lines


def box_data(rt: Runtime, parts: dict) -> dict:
    b, inv = parts["board"], parts["invaders"]
    return {"folder": folder(rt),
            "board": None if b is None else {"cities": list(b.cities), "rifts": list(b.rifts), "missing": b.missing},
            "invaders": None if inv is None else {"types": inv.types, "cards": sorted(inv.cards),
                                                  "missing": inv.missing},
            "dice": parts["dice"]}


def told(rt: Runtime, said: str, data_out: dict) -> None:
    rt.emit([said, f"Kept in {folder(rt)}; `journal titans box` shows what is still missing."], data_out)


@box.command("city")
@click.argument("name")
@click.option("--type", "kind", required=True, type=click.Choice(["metropolis", "refuge"], case_sensitive=False),
              help="metropolis (blue hexagon, HP 4) or refuge (green hexagon, HP 5).")
@click.option("--yellow", required=True, metavar="CITY", help="The city the yellow triangle's trail leads to.")
@click.option("--green", required=True, metavar="CITY", help="The city the green triangle's trail leads to.")
@click.option("--trail", "trails", multiple=True, metavar="CITY", help="Another trail from this city (repeat).")
@pass_rt
def box_city(rt: Runtime, name: str, kind: str, yellow: str, green: str, trails: tuple[str, ...]) -> None:
    """Record a city of your board: its type and its trails (again: replace it)."""
    where: dict = {}

    def change(doc: dict) -> dict:
        cities = doc.setdefault("cities", {})
        names = [*cities, *referenced(cities, doc.get("rifts", {}))]
        city = spelled(name_of(name, "NAME"), names)
        entry: dict = {"type": kind.lower(), "yellow": spelled(name_of(yellow, "--yellow"), names),
                       "green": spelled(name_of(green, "--green"), names)}
        if trails:
            entry["trails"] = [spelled(name_of(t, "--trail"), names) for t in trails]
        cities[city] = entry
        where.update(city=city, **entry)
        return doc
    update(rt, "board", change)
    told(rt, f"{where['city']}: {where['type']}, yellow trail to {where['yellow']}, green to {where['green']}.", where)


@box.command("rift")
@click.argument("name")
@click.option("--threatens", multiple=True, required=True, metavar="CITY",
              help="A city along its Threat Connector (repeat).")
@pass_rt
def box_rift(rt: Runtime, name: str, threatens: tuple[str, ...]) -> None:
    """Record a Rift Token spot of your board and the cities it threatens."""
    def change(doc: dict) -> dict:
        rifts = doc.setdefault("rifts", {})
        names = [*doc.get("cities", {}), *referenced(doc.get("cities", {}), rifts)]
        rift = spelled(name_of(name, "NAME"), list(rifts))
        rifts[rift] = {"threatens": [spelled(name_of(c, "--threatens"), names) for c in threatens]}
        return doc
    doc = update(rt, "board", change)
    rift = spelled(name_of(name, "NAME"), list(doc["rifts"]))
    told(rt, f"The {rift} Rift threatens {', '.join(doc['rifts'][rift]['threatens'])}.",
         {"rift": rift, **doc["rifts"][rift]})


@box.command("invader")
@click.argument("name")
@click.option("--category", required=True, type=click.Choice(CATEGORIES, case_sensitive=False),
              help="Its cards' border: when its ability triggers.")
@click.option("--code", metavar="X", help="1-3 letters its pawns are named by (X1..X5; default: its initial).")
@pass_rt
def box_invader(rt: Runtime, name: str, category: str, code: str | None) -> None:
    """Record an invader type (its Lair): its category and its pawns' code."""
    def change(doc: dict) -> dict:
        kind = spelled(name_of(name, "NAME"), [k for k in doc if k != "title"])
        t = doc.setdefault(kind, {})
        t["category"] = category.lower()
        t["code"] = code.strip() if code is not None else t.get("code", kind[:1].upper())
        t.setdefault("card", [{} for _ in range(PAWNS_PER_TYPE)])
        doc[kind] = {"category": t["category"], "code": t["code"], "card": t["card"]}
        return doc
    doc = update(rt, "invaders", change)
    kind = spelled(name_of(name, "NAME"), list(doc))
    t = doc[kind]
    told(rt, f"{kind}: {t['category']}, pawns {t['code']}1-{t['code']}{PAWNS_PER_TYPE}; their cards are asked for "
             f"as they come out.", {"invader": kind, "category": t["category"], "code": t["code"]})


@box.command("card")
@click.argument("pawn")
@click.option("--reward", required=True, metavar="N", help=f"The card's Reward Value (1-{RIFT_SPOTS}).")
@click.option("--green", required=True, metavar="HP/DMG", help="The green section's HP and DMG, e.g. 2/1.")
@click.option("--white", required=True, metavar="HP/DMG", help="The white section's.")
@click.option("--blue", required=True, metavar="HP/DMG", help="The blue section's.")
@click.option("--red", required=True, metavar="HP/DMG", help="The red section's.")
@click.option("--immune", multiple=True, metavar="TAG", help="An Attack Tag it is immune to at Red (repeat).")
@pass_rt
def box_card(rt: Runtime, pawn: str, reward: str, green: str, white: str, blue: str, red: str,
             immune: tuple[str, ...]) -> None:
    """Record the Invader Card of a pawn (T3: the Terrestrial's third): its numbers per section."""
    card: dict = {"reward": reward_of(reward)}
    for tier, text in zip(TIERS, (green, white, blue, red)):
        card[tier] = section_of(text, tier)
    tags = tags_of(",".join(immune))
    if tags:
        card["red"]["immune"] = tags
    where: dict = {}

    def change(doc: dict) -> dict:
        inv = invaders_of(doc, path_of(rt, "invaders"))
        kind, number = pawn_of(pawn, inv.types)
        put_card(doc[kind], number, card)
        where.update(kind=kind, pid=f"{inv.types[kind]['code']}{number}")
        return doc
    update(rt, "invaders", change)
    told(rt, f"{where['pid']} ({where['kind']}): HP/DMG " + ", ".join(f"{t} {card[t]['hp']}/{card[t]['dmg']}"
                                                                        for t in TIERS)
         + (f", immune to {'/'.join(tags)} at Red" if tags else "") + ".", {"pawn": where["pid"], **card})


def pawn_of(pawn: str, types: dict) -> tuple[str, int]:
    """'T3' -> (the type whose code is T, 3)."""
    text = pawn.strip()
    code, digits = text.rstrip("0123456789"), text[len(text.rstrip("0123456789")):]
    kind = next((k for k, t in types.items() if fold(t["code"]) == fold(code)), None)
    if kind is None or not digits or not 1 <= int(digits) <= PAWNS_PER_TYPE:
        known = ", ".join(f"{t['code']}1-{t['code']}{PAWNS_PER_TYPE}" for t in types.values()) or "none yet"
        raise InputError(f"PAWN {typed(pawn)}: expected a pawn of a type in your box ({known}); a type is recorded "
                         f"with {cmd('titans box invader', 'NAME', category='CATEGORY', code='X')}")
    return kind, int(digits)


@box.command("dice")
@click.option("--faces", required=True, metavar="A,B,C,D,E,F", help="The six faces' symbols, face 1 to 6.")
@click.option("--red", "red_symbol", required=True, metavar="SYMBOL", help="The red symbol (a pilot dies on it).")
@click.option("--combat", required=True, metavar="A,B", help="The symbols a Combat Check counts.")
@click.option("--movement", required=True, metavar="A,B", help="The symbols a Movement Check counts.")
@click.option("--repair", required=True, metavar="A,B", help="The symbols a Repair Check counts.")
@pass_rt
def box_dice(rt: Runtime, faces: str, red_symbol: str, combat: str, movement: str, repair: str) -> None:
    """Record your custom dice's faces and what each check counts, so journal can roll them."""
    table = {"faces": symbols(faces, "--faces"), "red": red_symbol.strip(), "combat": symbols(combat, "--combat"),
             "movement": symbols(movement, "--movement"), "repair": symbols(repair, "--repair")}
    update(rt, "dice", lambda doc: table)
    told(rt, f"Dice: faces {', '.join(table['faces'])}; red {table['red']}; "
         + "; ".join(f"{c} {'/'.join(table[c])}" for c in CHECKS) + ".", table)


@box.command("import")
@click.argument("part", type=click.Choice(PARTS, case_sensitive=False))
@click.argument("file")
@pass_rt
def box_import(rt: Runtime, part: str, file: str) -> None:
    """Take a whole part of your box from a file (a friend's, or the sample), replacing it."""
    part = part.lower()
    doc, name = data.read_data_file(file, "", "FILE")
    check_part(part, doc, name)
    if part == "board" and board_of(doc, name).missing:
        raise InputError(f"FILE {typed(file)}: the board is not whole ({board_of(doc, name).missing[0]} is missing)")
    update(rt, part, lambda _old: doc)
    told(rt, f"Your box's {part} is now {name}.", {"part": part, "file": name})
