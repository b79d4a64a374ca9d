"""Pulp Invasion (`pulp`): encounter lines, the cube bag, three abilities, captain's dice and
Super Weapons, in three Cosmic Hegemony sectors."""

from __future__ import annotations

from journal.errors import JournalError
from journal.games.pulp.rules.components import (ABILITIES, ABILITY_LABEL, ABILITY_MAX, COLOURS, DECK_SIZE, DECKS,
                                                 DIE_COLOURS, DRAWN, FACE_UP, ICONS, KINDS, LEVELS, LINE_SIZE,
                                                 PHASE_TEXT, PHASES, PLANETS, QUIETUS, TOTALS, cubes_text,
                                                 parse_card)
from journal.games.pulp.rules.model import (alien_name, card_requirement, cubes_met, line_icon, n_weapons,
                                            past_quietus, shown_line, weapon_problems)
from journal.games.pulp.rules.next_steps import next_step
from journal.schema import Bool, Int, List, Map, Str, Table, opt, show_value

ID = "pulp"
TITLE = "Pulp Invasion"
SCHEMA_VERSION = 2

_COUNTS = Table({c: Int(0, TOTALS[c]) for c in COLOURS})
_ICON = Str(choices=tuple(ICONS))
STATUSES = ("pending", "engaged", "evaded")
STATE = Table({
    "level": Str(choices=tuple(LEVELS)),
    "captain": Str(describe="the Captain's name"),
    "round": Int(0, 99),
    "phase": Str(choices=PHASES),
    "result": opt(Str(choices=("won", "lost"))),
    "abilities": Table({a: Table({"value": Int(0, ABILITY_MAX), "max": Int(1, ABILITY_MAX)}) for a in ABILITIES}),
    "dice": Map(Int(1, 6), key_pattern="|".join(DIE_COLOURS), key_describe="a die colour (red, orange, blue, "
                                                                          "yellow, gray)"),
    "hegemony": List(Table({"name": Str(describe="an alien's name"), "icon": opt(_ICON)}), max_items=DECKS,
                     unique_casefold="name"),
    "decks": List(Int(0, DECK_SIZE), max_items=DECKS),
    "alien": Int(0, DECKS - 1),
    "quietus": Int(0, TOTALS["black"]),
    "bag": _COUNTS,
    "supply": _COUNTS,
    "drawn": Table({c: Int(0, TOTALS[c]) for c in DRAWN}),
    "weapons": List(Table({
        "name": opt(Str(describe="the weapon's name")),
        "needs": opt(Table({c: opt(Int(1, TOTALS[c])) for c in ("red", "orange", "blue")})),
        "cubes": Table({c: opt(Int(1, TOTALS[c])) for c in COLOURS}),
        "understood": Bool(),
        "used": Bool(),
    }), max_items=max(LEVELS.values())),
    "line": List(Table({
        "card": Str(describe="a card token"),
        "kind": Str(choices=tuple(k.lower() for k in KINDS.values() if k != "Location")),
        "planets": Int(0, 9),
        "status": Str(choices=STATUSES),
        "icon_override": opt(_ICON),  # the engage icon a card's text set (--icon); the rest is derived
    }), max_items=LINE_SIZE),
    "hand": List(Str(describe="a card token")),
    "location": opt(Str(describe="a Location card token")),
    "planet": opt(Str(describe="a planet's name")),
    "planets": Table({"face_up": Int(0, FACE_UP), "deck": Int(0, PLANETS - FACE_UP),
                      "searched": List(Str(describe="a planet's name"))}),
})


def _drop_derived(state: dict) -> dict:
    """Schema 1 → 2: a line card no longer stores its `engage_strength` and `engage_icon`, which
    are derived from the printed cards and the line (rules note P2; `public_state` shows them). An
    engaged card whose stored icon is not the line's keeps it as `icon_override`: a card's text
    set it (--icon), and nothing else records that."""
    line = state.get("line") if isinstance(state, dict) else None
    if not isinstance(line, list):
        return state
    cards = [dict(c) if isinstance(c, dict) else c for c in line]
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        card.pop("engage_strength", None)
        stored = card.pop("engage_icon", None)
        if stored is None or card.get("status") != "engaged":
            continue
        try:
            derived = line_icon(cards, i)
        except (JournalError, KeyError, TypeError, AttributeError):
            derived = None  # a damaged line: keep what the player had; validate names the damage
        if stored != derived:
            card["icon_override"] = stored
    return {**state, "line": cards}


MIGRATIONS: dict = {1: _drop_derived}  # {from_version: fn(state) -> state}, applied in order on load


def public_state(state: dict) -> dict:
    """The state as players read it (`journal show --json`, the sheets): the stored state with
    the derived values filled in, each line card's `engage_strength` (as printed) and
    `engage_icon` (rules note P2, or as a card's text set it)."""
    return {**state, "line": shown_line(state["line"])}


def _token_problem(token: str, path: str) -> tuple[dict | None, str | None]:
    try:
        return parse_card(token), None
    except JournalError as e:
        return None, f"{path} = {show_value(token)}: {e.message}"


def validate(state: dict) -> list[str]:
    """Types, ranges and unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems)
    if problems:
        return problems
    n = n_weapons(state)
    for a in ABILITIES:
        ab = state["abilities"][a]
        if ab["value"] > ab["max"]:
            problems.append(f"state.abilities.{a}.value = {ab['value']} is above its max {ab['max']}")
    # P1: the 76 cubes are conserved
    for c in COLOURS:
        on_weapons = sum(w["cubes"].get(c, 0) for w in state["weapons"])
        held = state["drawn"].get(c, 0)
        quietus = state["quietus"] if c == "black" else 0
        total = state["bag"][c] + state["supply"][c] + held + quietus + on_weapons
        if total != TOTALS[c]:
            parts = f"bag {state['bag'][c]} + supply {state['supply'][c]}"
            parts += f" + drawn {held}" if c in DRAWN else ""
            parts += f" + Quietus {quietus}" if c == "black" else ""
            parts += f" + weapons {on_weapons}"
            problems.append(f"state.bag.{c}: {parts} = {total} {c} cubes, but the game has {TOTALS[c]}")
    if len(state["hegemony"]) != DECKS:
        problems.append(f"state.hegemony has {len(state['hegemony'])} aliens: expected {DECKS}")
    elif sum(1 for h in state["hegemony"] if h["name"] == QUIETUS) != 1:
        problems.append(f"state.hegemony: exactly one alien is named {show_value(QUIETUS)}")
    if len(state["decks"]) != DECKS:
        problems.append(f"state.decks has {len(state['decks'])} counts: expected {DECKS}")
    if problems:
        return problems
    alien = state["alien"]
    for k in range(alien):
        if state["decks"][k]:
            problems.append(f"state.decks[{k}] = {state['decks'][k]}, but state.alien = {alien}: the decks of "
                            f"sectors behind you are empty")
    phase = state["phase"]
    if phase == "ready" and state["decks"][alien] == 0:
        problems.append(f"state.decks[{alien}] = 0 but state.phase = \"ready\": the next round draws from the "
                        f"leftmost deck that has cards (set state.alien)")
    if len(state["dice"]) > 3:
        problems.append(f"state.dice has {len(state['dice'])} dice: a captain keeps at most 3")
    if len(state["weapons"]) > n:
        problems.append(f"state.weapons has {len(state['weapons'])} weapons: a {state['level']} game uses {n}")
    for k, w in enumerate(state["weapons"]):
        path = f"state.weapons[{k}]"
        for p in weapon_problems(w, path):
            problems.append(p)
        if cubes_met(w) and not w["understood"]:
            problems.append(f"{path}.understood = false, but it holds every cube it needs: true")
    if ("result" in state) != (phase == "over"):
        problems.append("state.result is set exactly when state.phase = \"over\"" if phase == "over" else
                        f"state.result = {show_value(state['result'])} but state.phase = {show_value(phase)}: "
                        f"a result ends the game (phase \"over\")")
    if phase == "ready" and (state["line"] or "planet" in state):
        problems.append("state.line and state.planet are empty between rounds (state.phase = \"ready\")")
    if phase in ("encounter", "search", "searched") and "planet" not in state:
        problems.append(f"state.planet is missing: during a round ({phase}) you search a planet")
    if phase not in ("searched", "over"):
        for c in DRAWN:
            if state["drawn"][c]:
                problems.append(f"state.drawn.{c} = {state['drawn'][c]}: drawn cubes wait only after a search "
                                f"(state.phase = \"searched\")")
    problems.extend(_line_problems(state))
    if "location" in state:
        card, err = _token_problem(state["location"], "state.location")
        if err:
            problems.append(err)
        elif card["kind"] != "L":
            problems.append(f"state.location = {show_value(state['location'])} is not a Location card (L...)")
    for k, t in enumerate(state["hand"]):
        card, err = _token_problem(t, f"state.hand[{k}]")
        if err:
            problems.append(err)
        elif not (card["key"] or card["code"]):
            problems.append(f"state.hand[{k}] = {show_value(t)} has no Key (K) or Code (O): only those are kept")
    return problems


def _line_problems(state: dict) -> list[str]:
    problems = []
    line, phase = state["line"], state["phase"]
    statuses = [c["status"] for c in line]
    if phase == "encounter" and "pending" not in statuses:
        problems.append("state.phase = \"encounter\" but no card of state.line is pending")
    if phase in ("search", "searched") and "pending" in statuses:
        problems.append(f"state.phase = {show_value(phase)} but state.line still has pending cards")
    if "pending" in statuses and any(st != "pending" for st in statuses[statuses.index("pending"):]):
        problems.append("state.line: cards are encountered left to right (a resolved card follows a pending one)")
    for k, c in enumerate(line):
        path = f"state.line[{k}]"
        card, err = _token_problem(c["card"], f"{path}.card")
        if err:
            problems.append(err)
            continue
        if card["kind"] == "L":
            problems.append(f"{path}.card = {show_value(c['card'])}: a Location leaves the line (state.location)")
            continue
        if c["kind"] != KINDS[card["kind"]].lower():
            problems.append(f"{path}.kind = {show_value(c['kind'])} but the card is a "
                            f"{KINDS[card['kind']].lower()}")
        if c["planets"] != card["planets"]:
            problems.append(f"{path}.planets = {c['planets']} but the card shows {card['planets']} planet icon(s)")
        if "icon_override" in c and (c["status"] != "engaged" or card["strength"] is None):
            problems.append(f"{path}.icon_override: only an engaged card that shows an Engage Strength keeps the "
                            f"engage icon a card's text set (the others take theirs from the line, rules note P2)")
    return problems


# --- what players read -------------------------------------------------------------

def turn_label(state: dict) -> str:
    if state["round"] == 0:
        return "Setup"
    return f"Round {state['round']} · {_sector(state)}"


def _sector(state: dict) -> str:
    """The sector of the current round (between rounds: the one just played)."""
    return alien_name(state)


def status(state: dict) -> str:
    ab = " ".join(f"{a[0].upper()}{state['abilities'][a]['value']}" for a in ABILITIES)
    where = f"round {state['round']} · {alien_name(state)} · {PHASE_TEXT[state['phase']]}"
    if state.get("result"):
        where += f" ({state['result']})"
    return f"{where} · {ab} · weapons {len(state['weapons'])}/{n_weapons(state)}"


def _weapon_line(k: int, w: dict) -> str:
    name = f" {w['name']}" if w.get("name") else ""
    if "needs" not in w:
        prog = "requirement not recorded"
    elif not w["needs"]:
        prog = "needs no cubes"
    else:
        prog = ", ".join(f"{c} {w['cubes'].get(c, 0)}/{m}" for c, m in w["needs"].items())
    state = "Understood" if w["understood"] else "not Understood"
    used = ", used this round" if w.get("used") else ""
    return f"  {k + 1}{name}: {prog} — {state}{used}"


def names(state: dict) -> dict[str, list[str]]:
    """The campaign's names by kind, for completion in the table shell (`journal play`): the card
    tokens in play (the Encounter Line, the hand, the Location), the planets chosen, the Captain's
    dice (`colour`), the abilities and the named Super Weapons."""
    cards = [c["card"] for c in state["line"]] + list(state["hand"]) + [state[k] for k in ("location",) if k in state]
    planets = [state["planet"]] if state.get("planet") else []
    return {"card": list(dict.fromkeys(cards)),
            "planet": list(dict.fromkeys(planets + list(state["planets"]["searched"]))),
            "colour": list(state["dice"]), "ability": list(ABILITIES),
            "weapon": [w["name"] for w in state["weapons"] if w.get("name")]}


def summary(state: dict) -> list[str]:
    n = n_weapons(state)
    head = f"{TITLE} ({state['level']}, {n} Super Weapons to find), Captain {state['captain']}"
    lines = [head]
    if state["phase"] == "over":
        lines.append(f"Game over: {'WON' if state['result'] == 'won' else 'LOST'} in round {state['round']}.")
    elif state["round"] == 0:
        lines.append(f"Set up, before round 1 · {alien_name(state)}'s sector comes first")
    else:
        lines.append(f"Round {state['round']} · {alien_name(state)}'s sector · {PHASE_TEXT[state['phase']]}")
    for a in ABILITIES:
        ab = state["abilities"][a]
        bar = "#" * ab["value"] + "." * (ab["max"] - ab["value"])
        lines.append(f"  {ABILITY_LABEL[a]:<10} {ab['value']:>2}/{ab['max']:<2}  [{bar}]")
    dice = ", ".join(f"{c} {f}" for c, f in state["dice"].items()) or "none"
    lines.append(f"Captain's dice: {dice}")
    total = sum(state["bag"].values())
    lines.append(f"Bag ({total}): " + " · ".join(f"{state['bag'][c]} {c}" for c in COLOURS))
    lines.append("Supply: " + " · ".join(f"{state['supply'][c]} {c}" for c in COLOURS))
    decks = []
    for k, h in enumerate(state["hegemony"]):
        mark = " ←" if k == state["alien"] else ""
        decks.append(f"{h['name']} {state['decks'][k]}{mark}")
    past = " (past it)" if past_quietus(state) else ""
    lines.append(f"Decks: {' · '.join(decks)}   Quietus: {state['quietus']} black{past}")
    pl = state["planets"]
    where = f"Planet: {state['planet']}" if state.get("planet") else "Planet: none chosen"
    lines.append(f"{where}; {pl['face_up']} face up, {pl['deck']} in the deck, {len(pl['searched'])} searched. "
                 f"Location: {state.get('location', 'none')}")
    lines.append(f"Super Weapons found: {len(state['weapons'])}/{n}")
    for k, w in enumerate(state["weapons"]):
        lines.append(_weapon_line(k, w))
    if state["line"]:
        lines.append("Encounter Line:")
        for k, c in enumerate(shown_line(state["line"])):
            lines.append(f"  {k + 1} {c['card']:<10} {c['status']:<8} {card_requirement(c)}")
    waiting = {c: m for c, m in state["drawn"].items() if m}
    if waiting:
        lines.append(f"Drawn, waiting to be placed: {cubes_text(waiting)}")
    lines.append(f"Hand: {', '.join(state['hand']) or 'no Key or Code cards'}")
    lines.append("Next: " + next_step(state))
    return lines


def undo_refusal(entry: dict, state: dict) -> str | None:
    """Every command can be undone in this game."""
    return None
