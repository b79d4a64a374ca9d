"""War Titans: Invaders Must Die! — the rules as pure functions.

Every command is ``fn(state, dice, **params) -> Outcome``: it never touches files,
clocks or global randomness and never mutates the state it is given (it works on a
deep copy and raises before returning when the rules refuse). Rule numbers (T1-T7,
A1-A2) refer to ../shared/rules/RULINGS.md; "reading:" marks our own choices where the
rulebook is silent or ambiguous (README, "Rules notes").
"""

from __future__ import annotations

import copy

from journal.errors import InputError, RuleError
from journal.lookup import find
from journal.outcome import Outcome

# --- the game's numbers -------------------------------------------------------------

THREAT_MAX = 21                 # T1: 0 = numberless first Green step, 21 = numberless sixth Red step
TIERS = ("green", "white", "blue", "red")
TIER_SPANS = {"green": (0, 5), "white": (6, 10), "blue": (11, 15), "red": (16, 20)}   # T1
CITY_HP = {"metropolis": 4, "refuge": 5}                                                # T6
CITY_THREAT = {"metropolis": 1, "refuge": 2}                                            # T4
CITY_LABEL = {"metropolis": "Metropolis", "refuge": "Refuge City"}
CATEGORIES = ("terrestrial", "mechanical", "amphibious", "flying")
TRIGGER = {"terrestrial": "when it is destroyed", "mechanical": "when a Titan enters its city",
           "amphibious": "when a Titan attacks in its city", "flying": "when it invades a city"}
BORDER = {"terrestrial": "green", "mechanical": "grey", "amphibious": "blue", "flying": "red"}
COLORS = ("blue", "yellow", "red", "green")              # support pawn colours
TAGS = ("melee", "ranged", "energy", "physical")          # Attack Tags
ABILITIES = ("hp", "armor", "combat", "movement", "repair")
CHECKS = ("combat", "movement", "repair")
SLOTS = ("hand1", "hand2", "hands", "head", "core", "tools")
SLOT_TEXT = {"hand1": "first hand", "hand2": "second hand", "hands": "both hands (two-handed)",
             "head": "head", "core": "core", "tools": "tools"}
PHASES = ("setup", "opening", "fight", "upgrade", "ending", "final", "over")
PHASE_TEXT = {"setup": "Setup", "opening": "Opening Phase", "fight": "Fight Phase", "upgrade": "Upgrade Phase",
              "ending": "turn over", "final": "Final Episode", "over": "game over"}
PHASE_ORDER = {"opening": 1, "fight": 2, "upgrade": 3, "ending": 4}
TRIALS = ("sealed", "revealed", "tyrant", "defeated")
RESULTS = ("won", "lost")
ACTIONS = ("industry", "army", "research", "refresh")

EPISODE_CARDS = 72
TECH_CARDS = 75
FACE_UP = 3
FINAL_EPISODES = 4
PILOT_CARDS = 8
PAWNS_PER_TYPE = 5              # T5
RIFT_SPOTS = 3                  # Reward Values 1-3 are the rift's spots 1-3
SUPPORTS_MAX = 3                # T6
SUPPORT_HP = 2
SUPPORT_RANGE = 3               # Support Movement: up to 3 city spaces
CHARGES_MAX = 3                 # T6
INDUSTRY_CREDITS = 2
MAX_PLAYERS = 4


# --- small helpers ------------------------------------------------------------------

def tier(threat: int) -> str:
    """T1: Green 0-5, White 6-10, Blue 11-15, Red 16-20 (and 21, the sixth Red step)."""
    if threat <= 5:
        return "green"
    if threat <= 10:
        return "white"
    if threat <= 15:
        return "blue"
    return "red"


def episodes_to_draw(state: dict) -> int:
    """T3: 1 before the first invasion; then max(1, players-1), or `players` at Red."""
    if not state["invaded"]:
        return 1
    players = len(state["players"])
    return players if tier(state["threat"]) == "red" else max(1, players - 1)


def episodes_for(players: int, threat: int, invaded: bool) -> int:
    """The same count for any table (sheets and help text use it)."""
    if not invaded:
        return 1
    return players if tier(threat) == "red" else max(1, players - 1)


def _copy(state: dict) -> dict:
    return copy.deepcopy(state)


def plural(n: int, noun: str, many: str | None = None) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"




def titan_of(state: dict, name: str, option: str | None = None) -> str:
    """A Titan by its name or by its player's name."""
    titans = state["titans"]
    try:
        return find(titans, name, "Titan", option)
    except InputError:
        pass
    players = state["players"]
    folded = str(name).strip().casefold()
    hits = [p for p in players if p.casefold() == folded]
    if len(hits) == 1:
        return players[hits[0]]["titan"]
    label = f"{option} " if option else ""
    raise InputError(f"{label}'{name}' is not a Titan or a player: Titans are {', '.join(titans)}; "
                     f"players are {', '.join(players)}")


def player_of(state: dict, name: str, option: str | None = None) -> str:
    """A player by name, by their Titan's name or by their support colour."""
    players = state["players"]
    folded = str(name).strip().casefold()
    hits = [p for p in players if p.casefold() == folded]
    if len(hits) == 1:
        return hits[0]
    hits = [p for p, v in players.items() if v["titan"].casefold() == folded]
    if len(hits) == 1:
        return hits[0]
    hits = [p for p, v in players.items() if v["color"] == folded]
    if len(hits) == 1:
        return hits[0]
    label = f"{option} " if option else ""
    raise InputError(f"{label}'{name}' is not a player: players are {', '.join(players)} "
                     f"(a Titan's name or a support colour works too)")


def city_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["cities"], name, "city", option)


def rift_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["rifts"], name, "rift", option)


def pawn_of(state: dict, name: str, option: str | None = None) -> str:
    return find(state["cards"], name, "invader", option)


def category(state: dict, pid: str) -> str:
    return state["types"][state["cards"][pid]["type"]]["category"]


def rift_of_pawn(state: dict, pid: str) -> str:
    kind = state["cards"][pid]["type"]
    for name, r in state["rifts"].items():
        if r["type"] == kind:
            return name
    raise RuleError(f"invader {pid} ({kind}) belongs to no rift")  # validate() prevents this


def stats(state: dict, pid: str) -> dict:
    """The invader card's section in force (T2): hp, dmg, reward (Credits), immune, ability."""
    card = state["cards"][pid]
    t = state["tier"]
    i = TIERS.index(t)
    return {"section": t, "hp": card["hp"][i], "dmg": card["dmg"][i],
            "reward": card["credits"][i] if "credits" in card else card["reward"],
            # the rulebook: "Invaders become immune to Attack Tags only on THREAT Level Red"
            "immune": list(card["immune"][i]) if "immune" in card and t == "red" else [],
            "ability": card["ability"][i] if "ability" in card else ""}


def _tier_word(t: str) -> str:
    return t.capitalize()


def _ability_line(state: dict, pid: str, when: str) -> str:
    st = stats(state, pid)
    cat = category(state, pid)
    text = f": {st['ability']}" if st["ability"] else ""
    return (f"{pid}'s {cat.capitalize()} ability triggers ({when}): read the {_tier_word(st['section'])} "
            f"section of its card{text}")


def location(titan: dict):
    """("city", name), ("rift", name) or None (destroyed, or not placed yet)."""
    if "city" in titan:
        return ("city", titan["city"])
    if "rift" in titan:
        return ("rift", titan["rift"])
    return None


def where_text(titan: dict) -> str:
    if titan["destroyed"]:
        return "destroyed"
    if "city" in titan:
        return titan["city"]
    if "rift" in titan:
        return f"{titan['rift']} Rift"
    return "not placed"


def invaders_at(state: dict, loc) -> list[str]:
    """The invaders a Titan at `loc` fights: pawns on that city, or a rift's guardians."""
    if loc is None:
        return []
    kind, name = loc
    if kind == "city":
        return [pid for pid, inv in state["invaders"].items() if inv["city"] == name]
    return list(state["rifts"][name]["guardians"])


def pawn_damage(state: dict, pid: str) -> int:
    if pid in state["invaders"]:
        return state["invaders"][pid]["damage"]
    r = state["rifts"][rift_of_pawn(state, pid)]
    return r.get("guardian_damage", {}).get(pid, 0)


def remaining_hp(state: dict, pid: str) -> int:
    # a lower tier can leave an invader with as much damage as its HP: the next hit destroys it
    return max(1, stats(state, pid)["hp"] - pawn_damage(state, pid))


def titans_at(state: dict, loc) -> list[str]:
    return [n for n, t in state["titans"].items() if not t["destroyed"] and location(t) == loc]


def supports_at(state: dict, city: str) -> dict:
    """{player: count} of support pawns in `city`."""
    out = {}
    for p, pl in state["players"].items():
        n = sum(1 for sp in pl["supports"] if sp["city"] == city)
        if n:
            out[p] = n
    return out


def standing(state: dict) -> list[str]:
    return [n for n, t in state["titans"].items() if not t["destroyed"]]


def open_rifts(state: dict) -> list[str]:
    return [n for n, r in state["rifts"].items() if not r["closed"]]


# --- the board graph ------------------------------------------------------------------

def neighbours(state: dict) -> dict:
    """City -> set of adjacent cities (a city is adjacent to another when they share a trail)."""
    adj = {c: set() for c in state["cities"]}
    for c, city in state["cities"].items():
        for other in [city["yellow"], city["green"], *city.get("trails", [])]:
            if other in adj and other != c:
                adj[c].add(other)
                adj[other].add(c)
    return adj


def distance(state: dict, start, goal) -> int | None:
    """Steps from one location to another (cities and rift tokens); None when unreachable.

    A rift token is reached from the cities it threatens (its Threat Connector) and is a
    dead end: a Titan stops on it.
    """
    if start == goal:
        return 0
    adj = neighbours(state)
    rift_links = {name: set(r["threatens"]) for name, r in state["rifts"].items()}
    frontier, seen, steps = [start], {start}, 0
    while frontier:
        steps += 1
        nxt = []
        for loc in frontier:
            kind, name = loc
            if kind == "city":
                out = [("city", c) for c in adj[name]]
                out += [("rift", r) for r, cities in rift_links.items() if name in cities]
            else:
                if loc != start:
                    continue            # a Titan stops on a rift token
                out = [("city", c) for c in rift_links[name]]
            for o in out:
                if o == goal:
                    return steps
                if o not in seen:
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    return None


def city_distance(state: dict, a: str, b: str) -> int | None:
    if a == b:
        return 0
    adj = neighbours(state)
    frontier, seen, steps = [a], {a}, 0
    while frontier:
        steps += 1
        nxt = []
        for c in frontier:
            for o in adj[c]:
                if o == b:
                    return steps
                if o not in seen:
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    return None


# --- phases ---------------------------------------------------------------------------

def _refuse_if_over(state: dict) -> None:
    if state["phase"] == "over":
        verdict = "won" if state.get("result") == "won" else "lost"
        raise RuleError(f"the game is over: the players {verdict} ({state.get('reason', '')}); "
                        f"journal undo, or start a new game")


def _refuse_if_final(state: dict) -> None:
    if state["phase"] == "final":
        raise RuleError("the Final Episode is under way: play it from its card, then record the outcome "
                        "with `journal titans final won|lost`")


def _new_round() -> dict:
    return {"moved": [], "attacked": [], "repaired": [], "developed": [], "charged": False,
            "supports_moved": False}


def _enter(s: dict, phase: str, lines: list[str]) -> None:
    """Move on to `phase` within this turn (commands belong to a phase; one for a later phase
    closes the earlier ones, and `_need` refuses one for an earlier phase)."""
    current = s["phase"]
    if current == phase:
        return
    if current == "opening":
        if s["invasions"]:
            lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards "
                         f"{'was' if s['invasions'] == 1 else 'were'} not recorded.)")
        s["invasions"] = 0
    if phase == "upgrade":
        lines.append(f"Upgrade Phase of turn {s['turn']}.")
    s["phase"] = phase


def _need(s: dict, phase: str, what: str) -> None:
    """Refuse a command whose phase of this turn is over (or before the turn has begun)."""
    _refuse_if_over(s)
    _refuse_if_final(s)
    current = s["phase"]
    if current == "setup":
        raise RuleError(f"{what} happens during a turn: start turn 1 with `journal titans opening`")
    if current == "ending":
        raise RuleError(f"turn {s['turn']} is over: start turn {s['turn'] + 1} with `journal titans opening` "
                        f"before {what}")
    if PHASE_ORDER[current] > PHASE_ORDER[phase]:
        raise RuleError(f"{what} belongs to the {PHASE_TEXT[phase]}, and turn {s['turn']} is in the "
                        f"{PHASE_TEXT[current]}")


def _gain_charges(s: dict, lines: list[str]) -> None:
    """Upgrade Phase step 2: every enabled Tech Card gains 1 Charge (at most 3; T6)."""
    if s["round"]["charged"]:
        return
    s["round"]["charged"] = True
    gained = []
    for name, t in s["titans"].items():
        for card, tc in t["tech"].items():
            if not tc["disabled"] and tc["charges"] < CHARGES_MAX:
                tc["charges"] += 1
                gained.append(f"{card} ({name}) {tc['charges']}")
    if gained:
        lines.append("Gain Charges: slide each enabled Tech Card one Charge Slot: " + ", ".join(gained) + ".")
    else:
        lines.append("Gain Charges: no enabled Tech Card can gain a Charge.")


# --- trackers -------------------------------------------------------------------------

def _end(s: dict, result: str, reason: str, lines: list[str]) -> None:
    s["phase"] = "over"
    s["invasions"] = 0
    s["result"] = result
    s["reason"] = reason
    if result == "won":
        lines.append(f"The players have won: {reason}.")
    else:
        lines.append(f"The game is over and the players have lost: {reason}.")


def _threat(s: dict, delta: int, why: str, lines: list[str], value: int | None = None) -> None:
    """Move the Alert Token (T1/T4), clamped to 0..21; reaching 21 loses at once (T1, T7)."""
    if s["phase"] == "over":
        return
    before = s["threat"]
    target = value if value is not None else before + delta
    after = max(0, min(THREAT_MAX, target))
    old = s["tier"]
    s["threat"], s["tier"] = after, tier(after)
    capped = "" if after == target else f", capped at {after}"
    if after > before:
        lines.append(f"THREAT {before} → {after} ({why}{capped}): move the Alert Token up.")
    elif after < before:
        lines.append(f"THREAT {before} → {after} ({why}{capped}): move the Alert Token down.")
    else:
        lines.append(f"THREAT stays at {after} ({why}{capped}).")
    if after == THREAT_MAX:
        _end(s, "lost", "THREAT reached the sixth, numberless Red step", lines)
        return
    if s["tier"] != old:
        n = episodes_to_draw(s)
        lines.append(f"The Alert Token is in the {_tier_word(s['tier'])} tier: use the {_tier_word(s['tier'])} "
                     f"section of the Invader Cards; {plural(n, 'Episode Card')} per Opening Phase"
                     + (" (Invaders are immune to Attack Tags now)." if s["tier"] == "red" else "."))


def _damage_city(s: dict, city: str, n: int, lines: list[str], why: str) -> int:
    """Damage a city (T6): never below 0, destroyed when damage reaches HP (THREAT +1/+2)."""
    c = s["cities"][city]
    hp = CITY_HP[c["type"]]
    if c["destroyed"] or n <= 0:
        if c["destroyed"] and n > 0:
            lines.append(f"{city} is already destroyed: the {why} is lost.")
        return 0
    dealt = min(n, hp - c["damage"])
    c["damage"] += dealt
    lines.append(f"{city} takes {dealt} {why}: put {plural(dealt, 'City Damage Token')} on it "
                 f"({c['damage']}/{hp}).")
    if c["damage"] >= hp:
        c["destroyed"] = True
        lines.append(f"{city} is destroyed: put a City Destroyed Token on it.")
        _threat(s, CITY_THREAT[c["type"]], f"{CITY_LABEL[c['type']]} destroyed", lines)
    return dealt


def _damage_titan(s: dict, name: str, n: int, lines: list[str], why: str, armor: bool = True) -> int:
    """Damage a Titan: Armor prevents up to its value (per damage); destroyed at HP."""
    t = s["titans"][name]
    if t["destroyed"] or n <= 0:
        return 0
    prevented = min(t["armor"], n) if armor else 0
    dealt = min(n - prevented, t["hp"] - t["damage"])
    t["damage"] += dealt
    shield = f" (Armor prevents {prevented})" if prevented else ""
    if dealt:
        lines.append(f"{name} suffers {n} {why}{shield}: put {plural(dealt, 'Titan Damage Token')} on its sheet "
                     f"({t['damage']}/{t['hp']}).")
    else:
        lines.append(f"{name} suffers {n} {why}, all prevented by its Armor ({t['damage']}/{t['hp']}).")
    if t["damage"] >= t["hp"]:
        _destroy_titan(s, name, lines)
    return dealt


def _destroy_titan(s: dict, name: str, lines: list[str]) -> None:
    """A destroyed Titan: off the board, Tech Cards disabled, pilot die, THREAT +1 (T4)."""
    t = s["titans"][name]
    t["destroyed"] = True
    t["damage"] = t["hp"]
    t["destroyed_turn"] = s["turn"]
    for r in s["rifts"].values():
        if r.get("challenger") == name:
            del r["challenger"]
            r.pop("trial_turn", None)
            r["trial"] = "revealed"
    t.pop("city", None)
    t.pop("rift", None)
    for tc in t["tech"].values():
        tc["disabled"] = True
    lines.append(f"{name} is destroyed: remove its miniature from the board and flip its Tech Cards "
                 f"upside down (disabled).")
    if "pilot" in t:
        t["pilot_check"] = True
        lines.append(f"Roll one die for {t['pilot']}: on the red symbol the pilot dies "
                     f"(journal titans pilot-check {name} --red, or --not-red).")
    lines.append(f"Next turn, after the Episode Card, {name} re-enters with 1 Hit Point on a city with no "
                 f"Invader (journal titans reenter {name} CITY).")
    _threat(s, 1, f"{name} destroyed", lines)


def _damage_supports(s: dict, player: str, city: str, n: int, lines: list[str], why: str) -> int:
    """Supports soak damage (T6: 2 HP each): a knocked-down one takes the next point."""
    sups = s["players"][player]["supports"]
    dealt = 0
    color = s["players"][player]["color"]
    while n > 0:
        here = [i for i, sp in enumerate(sups) if sp["city"] == city]
        if not here:
            break
        i = max(here, key=lambda k: sups[k]["damage"])   # finish a knocked-down support first
        sups[i]["damage"] += 1
        n -= 1
        dealt += 1
        if sups[i]["damage"] >= SUPPORT_HP:
            del sups[i]
            lines.append(f"A {color} Support in {city} is destroyed ({why}): return it to {player}.")
        else:
            lines.append(f"A {color} Support in {city} takes 1 damage ({why}): lay it down.")
    return dealt


# --- setting up -----------------------------------------------------------------------

def _issue(source: str, path: str, text: str) -> InputError:
    return InputError(f"{source}: {path} {text}")


def _int_in(source, path, value, lo, hi=None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _issue(source, path, f"= {value!r} is not a whole number")
    if value < lo or (hi is not None and value > hi):
        raise _issue(source, path, f"= {value} is outside {lo}..{hi}" if hi is not None else f"= {value} is below {lo}")
    return value


def _str_list(source, path, value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _issue(source, path, "should be a list of names, e.g. [\"Toronto\", \"London\"]")
    return list(value)


def load_board(doc: dict, source: str = "board") -> tuple[dict, dict]:
    """A board file (see templates/titans/board-sample.toml) → (cities, rifts) for the save."""
    known = {"title", "cities", "rifts"}
    for k in doc:
        if k not in known:
            raise _issue(source, k, f"is not a known key: expected {', '.join(sorted(known))}")
    cities_in, rifts_in = doc.get("cities"), doc.get("rifts")
    if not isinstance(cities_in, dict) or len(cities_in) < 2:
        raise _issue(source, "cities", "should hold at least two [cities.NAME] tables")
    if not isinstance(rifts_in, dict) or not rifts_in:
        raise _issue(source, "rifts", "should hold at least one [rifts.NAME] table")
    cities = {}
    for name, c in cities_in.items():
        path = f"cities.{name}"
        if not isinstance(c, dict):
            raise _issue(source, path, "should be a table")
        for k in c:
            if k not in ("type", "yellow", "green", "trails"):
                raise _issue(source, f"{path}.{k}", "is not a known key: expected type, yellow, green, trails")
        kind = c.get("type")
        if kind not in CITY_HP:
            raise _issue(source, f"{path}.type", "should be \"metropolis\" (blue hexagon, HP 4) or "
                                                 "\"refuge\" (green hexagon, HP 5)")
        entry = {"type": kind, "damage": 0, "destroyed": False}
        for trail in ("yellow", "green"):
            target = c.get(trail)
            if not isinstance(target, str) or target not in cities_in:
                raise _issue(source, f"{path}.{trail}", f"should name the city the {trail} triangle points to "
                                                        f"(one of the board's cities)")
            if target == name:
                raise _issue(source, f"{path}.{trail}", "points to the city itself")
            entry[trail] = target
        if entry["yellow"] == entry["green"]:
            raise _issue(source, path, "has its yellow and green trails on the same city")
        trails = _str_list(source, f"{path}.trails", c.get("trails", []))
        for other in trails:
            if other not in cities_in or other == name:
                raise _issue(source, f"{path}.trails", f"names '{other}', which is not another city of the board")
        if trails:
            entry["trails"] = trails
        cities[name] = entry
    if len(rifts_in) > 6:
        raise _issue(source, "rifts", f"has {len(rifts_in)} rifts: the box has 6 Rift Tokens")
    rifts = {}
    for name, r in rifts_in.items():
        path = f"rifts.{name}"
        if not isinstance(r, dict):
            raise _issue(source, path, "should be a table")
        for k in r:
            if k != "threatens":
                raise _issue(source, f"{path}.{k}", "is not a known key: expected threatens")
        threatens = _str_list(source, f"{path}.threatens", r.get("threatens"))
        if not threatens:
            raise _issue(source, f"{path}.threatens", "should list the cities along its Threat Connector")
        for c in threatens:
            if c not in cities:
                raise _issue(source, f"{path}.threatens", f"names '{c}', which is not a city of the board")
        if name in cities:
            raise _issue(source, path, "has the name of a city: rifts and cities need different names")
        rifts[name] = {"threatens": threatens}
    return cities, rifts


def load_invaders(doc: dict, source: str = "invaders") -> tuple[dict, dict]:
    """An invaders file (see templates/titans/invaders-sample.toml) → (types, cards)."""
    if not doc:
        raise _issue(source, "(file)", "holds no invader type")
    types, cards, codes = {}, {}, set()
    for kind, t in doc.items():
        if kind == "title":
            continue
        path = kind
        if not isinstance(t, dict):
            raise _issue(source, path, "should be a table [NAME] with category, code and five [[NAME.card]]")
        for k in t:
            if k not in ("category", "code", "card"):
                raise _issue(source, f"{path}.{k}", "is not a known key: expected category, code, card")
        cat = t.get("category")
        if cat not in CATEGORIES:
            raise _issue(source, f"{path}.category", f"should be one of {', '.join(CATEGORIES)}")
        code = t.get("code", kind[:1].upper())
        if not isinstance(code, str) or not code.isalpha() or len(code) > 3:
            raise _issue(source, f"{path}.code", "should be 1-3 letters (the pawns are CODE1..CODE5)")
        if code.upper() in codes:
            raise _issue(source, f"{path}.code", f"'{code}' is used by another type")
        codes.add(code.upper())
        deck = t.get("card")
        if not isinstance(deck, list) or len(deck) != PAWNS_PER_TYPE:
            raise _issue(source, f"{path}.card", f"should be {PAWNS_PER_TYPE} [[{kind}.card]] tables, one per pawn (T5)")
        types[kind] = {"category": cat, "code": code}
        for i, card in enumerate(deck, 1):
            cpath = f"{path}.card[{i}]"
            if not isinstance(card, dict):
                raise _issue(source, cpath, "should be a table")
            for k in card:
                if k not in ("reward", *TIERS):
                    raise _issue(source, f"{cpath}.{k}", f"is not a known key: expected reward, {', '.join(TIERS)}")
            entry = {"type": kind, "reward": _int_in(source, f"{cpath}.reward", card.get("reward"), 1, RIFT_SPOTS),
                     "hp": [], "dmg": []}
            credits, immune, ability = [], [], []
            for t_name in TIERS:
                sec = card.get(t_name)
                spath = f"{cpath}.{t_name}"
                if not isinstance(sec, dict):
                    raise _issue(source, spath, "is missing: every card has a green, white, blue and red section")
                for k in sec:
                    if k not in ("hp", "dmg", "reward", "immune", "ability"):
                        raise _issue(source, f"{spath}.{k}", "is not a known key: expected hp, dmg, reward, "
                                                             "immune, ability")
                entry["hp"].append(_int_in(source, f"{spath}.hp", sec.get("hp"), 1, 99))
                entry["dmg"].append(_int_in(source, f"{spath}.dmg", sec.get("dmg"), 0, 99))
                credits.append(_int_in(source, f"{spath}.reward", sec.get("reward", entry["reward"]), 0, 99))
                tags = sec.get("immune", [])
                if not isinstance(tags, list) or any(x not in TAGS for x in tags):
                    raise _issue(source, f"{spath}.immune", f"should be a list of Attack Tags: {', '.join(TAGS)}")
                immune.append(sorted(set(tags), key=TAGS.index))
                text = sec.get("ability", "")
                if not isinstance(text, str):
                    raise _issue(source, f"{spath}.ability", "should be text")
                ability.append(" ".join(text.split()))
            if any(c != entry["reward"] for c in credits):
                entry["credits"] = credits
            if any(immune):
                entry["immune"] = immune
            if any(ability):
                entry["ability"] = ability
            cards[f"{code}{i}"] = entry
    if not types:
        raise _issue(source, "(file)", "holds no invader type")
    return types, cards


def load_dice(doc: dict, source: str = "dice") -> dict:
    """A custom-die face table (see templates/titans/dice-sample.toml)."""
    for k in doc:
        if k not in ("faces", "red", *CHECKS):
            raise _issue(source, k, f"is not a known key: expected faces, red, {', '.join(CHECKS)}")
    faces = doc.get("faces")
    if not isinstance(faces, list) or len(faces) != 6 or not all(isinstance(f, str) and f.strip() for f in faces):
        raise _issue(source, "faces", "should list the 6 faces' symbols, e.g. [\"red\", \"bolt\", ...]")
    out = {"faces": faces}
    red = doc.get("red")
    if red not in faces:
        raise _issue(source, "red", "should name the red symbol, one of the faces")
    out["red"] = red
    for ability in CHECKS:
        syms = _str_list(source, ability, doc.get(ability))
        for sym in syms:
            if sym not in faces:
                raise _issue(source, ability, f"names '{sym}', which is on no face")
        out[ability] = syms
    return out


def _setup_pawns(players: int, rewards: list[int]) -> tuple[list[int], list[int]]:
    """T5: the rift holds players+1 pawns (a solo game sets up as 2 players); the rest start
    in the Lair, Reward-2 pawns first. Returns (guardian indexes by spot, lair indexes)."""
    hold = min(len(rewards), max(2, players) + 1)
    leave = len(rewards) - hold
    order = sorted(range(len(rewards)), key=lambda i: (rewards[i] != 2, -rewards[i], -i))
    lair = sorted(order[:leave])
    guardians = sorted((i for i in range(len(rewards)) if i not in lair), key=lambda i: (rewards[i], i))
    return guardians, lair


def new(titans: list[dict], players: int | None, board: dict, invaders: dict, dice,
        rifts: dict | None = None, lead: str | None = None, die_table: dict | None = None,
        board_name: str = "", invaders_name: str = "") -> Outcome:
    """Set-up (rulebook Setup 1-13, rulings T1, T5): one Titan per player, the Alert Token on 0,
    decks as counts, an invader type on each rift and its pawns by Reward Value."""
    if not titans:
        raise InputError('--titan is required, one per player, e.g. --titan "Atlas:hp=10,armor=1,combat=4,'
                         'movement=3,repair=2"')
    if players is None:
        players = len(titans)
    if not 1 <= players <= MAX_PLAYERS:
        raise InputError(f"--players {players} is outside 1..{MAX_PLAYERS} (War Titans is for 1-4 players)")
    if len(titans) != players:
        raise InputError(f"--players {players} but {plural(len(titans), '--titan')} given: one Titan per player")
    cities, rift_table = board["cities"], board["rifts"]
    types, cards = invaders["types"], invaders["cards"]
    if len(types) < len(rift_table):
        raise InputError(f"the board has {len(rift_table)} rifts but the invaders file only "
                         f"{plural(len(types), 'invader type')}: each rift needs its own type")
    state = {"threat": 0, "tier": "green", "turn": 0, "phase": "setup", "lead": "", "invaded": False,
             "invasions": 0, "round": _new_round(),
             "decks": {"episode": EPISODE_CARDS, "episode_discard": 0, "invasion_discard": 0,
                       "tech": TECH_CARDS - FACE_UP, "tech_face_up": FACE_UP, "tech_discard": 0,
                       "final": FINAL_EPISODES, "pilots": PILOT_CARDS, "pilot_discard": 0},
             "players": {}, "titans": {}, "cities": {}, "rifts": {}, "types": {}, "cards": {},
             "invaders": {}}
    if board_name:
        state["board"] = board_name
    if invaders_name:
        state["invader_cards"] = invaders_name
    state["cities"] = copy.deepcopy(cities)
    lines = ["War Titans: Invaders Must Die!"]
    # players, titans, colours
    used_colors = [t["color"] for t in titans if t.get("color")]
    free_colors = [c for c in COLORS if c not in used_colors]
    for i, spec in enumerate(titans, 1):
        name = spec["name"].strip()
        if not name:
            raise InputError("--titan: a Titan's name is empty")
        player = (spec.get("player") or f"P{i}").strip()
        taken = {k.casefold() for k in (*state["titans"], *state["players"])}
        if player.casefold() == name.casefold():
            raise InputError(f"--titan '{name}': the player and the Titan need different names")
        for label in (name, player):
            if label.casefold() in taken:
                raise InputError(f"--titan '{name}': the name '{label}' is used twice (Titan and player names "
                                 f"must all differ)")
        color = spec.get("color") or free_colors.pop(0)
        if color not in COLORS:
            raise InputError(f"--titan '{name}': color={color} is not one of {', '.join(COLORS)}")
        if any(p["color"] == color for p in state["players"].values()):
            raise InputError(f"--titan '{name}': the {color} supports are taken: each player has a different colour")
        titan = {"player": player}
        for ab in ABILITIES:
            if ab not in spec:
                raise InputError(f"--titan '{name}': {ab}=N is missing (give hp, armor, combat, movement, repair)")
            titan[ab] = spec[ab]
        if titan["hp"] < 1:
            raise InputError(f"--titan '{name}': hp={titan['hp']} should be 1 or more")
        if "refresh" in spec:
            titan["refresh"] = spec["refresh"]
        titan["blow_tags"] = list(spec.get("blow_tags", []))
        titan["blow_ready"] = True
        titan["damage"] = 0
        titan["destroyed"] = False
        # an unnamed pilot still sits in the cockpit (Setup 12): the save names it after the Titan
        titan["pilot"] = (spec.get("pilot") or f"{name}'s pilot").strip()
        if spec.get("city"):
            c = city_of(state, spec["city"], f"--titan '{name}': city=")
            titan["city"] = c
        titan["tech"] = {}
        state["titans"][name] = titan
        state["players"][player] = {"titan": name, "color": color, "credits": 0, "supports": [], "artifacts": []}
    # pilots: 2 dealt to each player, one kept and one discarded (Setup 2, 12)
    n = len(state["players"])
    state["decks"]["pilots"] = PILOT_CARDS - 2 * n
    state["decks"]["pilot_discard"] = n
    if lead is None:
        state["lead"] = next(iter(state["players"]))
    else:
        state["lead"] = player_of(state, lead, "--lead")
    # rifts and invader types (Setup 5-8)
    assigned = {}
    for r, kind in (rifts or {}).items():
        rname = find(rift_table, r, "rift", "--rift")
        kname = find(types, kind, "invader type", "--rift")
        if kname in assigned.values():
            raise InputError(f"--rift {rname}={kname}: {kname} is on another rift already")
        assigned[rname] = kname
    drawn = []
    for rname in rift_table:
        if rname in assigned:
            continue
        pool = {k: 1 for k in types if k not in assigned.values()}
        kname = dice.draw(pool, "invader types")
        assigned[rname] = kname
        drawn.append(rname)
    eff_players = max(2, n)     # T5: a solo game sets up as 2 players
    for rname in rift_table:
        kname = assigned[rname]
        code = types[kname]["code"]
        state["types"][kname] = {"category": types[kname]["category"], "code": code}
        ids = [f"{code}{i}" for i in range(1, PAWNS_PER_TYPE + 1)]
        for pid in ids:
            state["cards"][pid] = copy.deepcopy(cards[pid])
        rewards = [cards[pid]["reward"] for pid in ids]
        g, lair = _setup_pawns(eff_players, rewards)
        state["rifts"][rname] = {"type": kname, "threatens": list(rift_table[rname]["threatens"]),
                                 "guardians": [ids[i] for i in g], "lair": [ids[i] for i in lair],
                                 "trial": "sealed", "closed": False}
    if die_table:
        state["dice"] = copy.deepcopy(die_table)
    names = ", ".join(f"{t} ({v['player']})" for t, v in state["titans"].items())
    lines.append(f"{plural(n, 'player')}: {names}. Lead Character: {state['lead']}.")
    lines.append("Put the Alert Token on the first, numberless Green step (THREAT 0). Shuffle the Episode "
                 "Cards (72), the Tech Cards (draw 3 face up) and the Final Episodes (4).")
    for rname, r in state["rifts"].items():
        spots = {}
        for pid in r["guardians"]:
            spots.setdefault(state["cards"][pid]["reward"], []).append(pid)
        shown = ", ".join(f"spot {k}: {' '.join(v)}" for k, v in sorted(spots.items()))
        lair = f"; Lair: {' '.join(r['lair'])}" if r["lair"] else ""
        how = " (drawn)" if rname in drawn else ""
        lines.append(f"{rname} Rift: {r['type']}{how} — {shown}{lair}.")
    unplaced = [t for t, v in state["titans"].items() if "city" not in v]
    if unplaced:
        lines.append(f"Starting with {state['lead']} and going clockwise, place each Titan on a city: "
                     + ", ".join(f"journal titans move {t} CITY" for t in unplaced) + ".")
    lines.append("Then start turn 1: journal titans opening.")
    summary = f"Game set up: {names}; lead {state['lead']}; rifts " + ", ".join(
        f"{r}={v['type']}" for r, v in state["rifts"].items())
    return Outcome(state, summary, lines, {"state": state, "rifts": {r: v["type"] for r, v in state["rifts"].items()}})


# --- Opening Phase --------------------------------------------------------------------

def _draw_episodes(s: dict, n: int, lines: list[str]) -> int:
    """Draw n Episode Cards: the first to the Episode Discard Pile, the rest to the Invasion
    Discard Pile; an empty deck is remade from the Invasion Discard Pile."""
    d = s["decks"]
    drawn = 0
    for i in range(n):
        if d["episode"] == 0 and d["invasion_discard"] > 0:
            d["episode"], d["invasion_discard"] = d["invasion_discard"], 0
            lines.append(f"The Episode deck is empty: shuffle the Invasion Discard Pile into a new deck "
                         f"({d['episode']} cards).")
        if d["episode"] == 0:
            lines.append("No Episode Card is left to draw (the deck and the Invasion Discard Pile are empty).")
            break
        d["episode"] -= 1
        if i == 0:
            d["episode_discard"] += 1
        else:
            d["invasion_discard"] += 1
        drawn += 1
    return drawn


def _move_invaders(s: dict, lines: list[str]) -> list[dict]:
    """Opening step 2: invaders on a destroyed city follow its yellow trail, or the green one
    when the yellow points to a destroyed city (even if the green does too)."""
    moved = []
    for pid, inv in s["invaders"].items():
        here = s["cities"][inv["city"]]
        if not here["destroyed"]:
            continue
        to = here["yellow"]
        trail = "yellow"
        if s["cities"][to]["destroyed"]:
            to, trail = here["green"], "green"
        moved.append({"invader": pid, "from": inv["city"], "to": to, "trail": trail})
    for m in moved:
        s["invaders"][m["invader"]]["city"] = m["to"]
        lines.append(f"Move {m['invader']} from destroyed {m['from']} to {m['to']} ({m['trail']} trail).")
    return moved


def opening(state: dict, dice) -> Outcome:
    """Opening Phase: THREAT +1 (T4), the Episode Cards to draw (T3), invader movements."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    if state["phase"] not in ("setup", "ending"):
        raise RuleError(f"turn {state['turn']} has not ended (it is in the {PHASE_TEXT[state['phase']]}): "
                        f"finish it with `journal titans ending` first")
    unplaced = [t for t, v in state["titans"].items() if not v["destroyed"] and location(v) is None]
    if unplaced:
        raise RuleError("place every Titan on a city first (Setup 13): "
                        + ", ".join(f"journal titans move {t} CITY" for t in unplaced))
    s = _copy(state)
    s["turn"] += 1
    s["phase"] = "opening"
    s["round"] = _new_round()
    lines = [f"Turn {s['turn']}, Opening Phase. Lead Character: {s['lead']}."]
    _threat(s, 1, "start of the Opening Phase", lines)
    data = {"turn": s["turn"], "lead": s["lead"]}
    if s["phase"] == "over":
        data.update(threat=s["threat"], tier=s["tier"], episodes_to_draw=0, phase="over", result=s["result"])
        return Outcome(s, f"Turn {s['turn']}: THREAT {s['threat']}, the game is lost", lines, data)
    n = episodes_to_draw(s)
    drawn = _draw_episodes(s, n, lines)
    s["invasions"] = drawn
    if drawn:
        extra = drawn - 1
        first = (f"{s['lead']} draws {plural(drawn, 'Episode Card')}. Read the first aloud and resolve its text, "
                 f"then put it on the Episode Discard Pile.")
        lines.append(first)
        if extra:
            lines.append(f"The other {plural(extra, 'card')} only name a rift and a city (ignore their text) and "
                         f"go to the Invasion Discard Pile.")
    moved = []
    if s["turn"] > 1:
        moved = _move_invaders(s, lines)
    else:
        lines.append("Invader Movements are skipped on the first turn.")
    for name, t in s["titans"].items():
        if t["destroyed"] and t.get("destroyed_turn", s["turn"]) < s["turn"]:
            if t.get("pilot_check"):
                lines.append(f"First roll the die for {name}'s pilot {t['pilot']}: journal titans pilot-check "
                             f"{name} --red|--not-red.")
            pilot = "" if "pilot" in t else " --pilot NAME (draw a new Pilot Card)"
            lines.append(f"After the Episode Card, {name} re-enters with 1 Hit Point: journal titans reenter "
                         f"{name} CITY{pilot}.")
    if drawn:
        lines.append(f"Invasion: for each card, journal titans invade --rift RIFT --city CITY "
                     f"({plural(drawn, 'invasion')} to place).")
    data.update(threat=s["threat"], tier=s["tier"], section=s["tier"], episodes_to_draw=n, episodes_drawn=drawn,
                invasions=drawn, invader_moves=moved, phase=s["phase"], decks=dict(s["decks"]))
    summary = (f"Turn {s['turn']} opens: THREAT {s['threat']} ({_tier_word(s['tier'])}), "
               f"{plural(drawn, 'Episode Card')} drawn")
    if moved:
        summary += ", " + ", ".join(f"{m['invader']} {m['from']}→{m['to']}" for m in moved)
    return Outcome(s, summary, lines, data)


def _invade(s: dict, rift: str, city: str, lines: list[str], provoked: bool = False) -> str | None:
    """Take the first invader of a rift (spot order), or of its Lair, onto a city; Invasion
    Damage 1. Provoking never takes from the Lair. Returns the pawn, or None."""
    r = s["rifts"][rift]
    if r["closed"]:
        lines.append(f"The {rift} Rift is closed: no invader comes through it.")
        return None
    if r["guardians"]:
        pid = r["guardians"].pop(0)
        dmg = r.get("guardian_damage", {}).pop(pid, 0)
        if not r.get("guardian_damage"):
            r.pop("guardian_damage", None)
        origin = f"the {rift} Rift (spot {s['cards'][pid]['reward']})"
    elif r["lair"] and not provoked:
        pid = r["lair"].pop(0)
        dmg = 0
        origin = f"the {rift} Lair"
    else:
        where = "Rift" if provoked else "Rift or its Lair"
        lines.append(f"No invader is left on the {rift} {where}: nobody invades {city}.")
        return None
    s["invaders"][pid] = {"city": city, "damage": dmg}
    s["invaded"] = True
    st = stats(s, pid)
    lines.append(f"Take {pid} ({s['cards'][pid]['type']}, {_tier_word(st['section'])}: HP {st['hp']}, "
                 f"DMG {st['dmg']}) from {origin} and place it on {city}.")
    _damage_city(s, city, 1, lines, "Invasion Damage")
    if category(s, pid) == "flying":
        lines.append(_ability_line(s, pid, TRIGGER["flying"]))
    return pid


def invade(state: dict, dice, rift: str, city: str) -> Outcome:
    """Opening step 3: an Episode Card's invasion symbol names a rift and a city."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    if state["phase"] in ("setup", "ending"):
        raise RuleError("invasions happen during a turn: start it with `journal titans opening`")
    s = _copy(state)
    rname = rift_of(s, rift, "--rift")
    cname = city_of(s, city, "--city")
    lines: list[str] = []
    pid = _invade(s, rname, cname, lines)
    if s["phase"] == "opening":
        s["invasions"] = max(0, s["invasions"] - 1)
    if s["phase"] != "over":
        if s["phase"] == "opening" and s["invasions"]:
            lines.append(f"{plural(s['invasions'], 'invasion')} still to place this Opening Phase.")
        elif s["phase"] == "opening":
            lines.append("Fight Phase next: from the Lead Character, move (journal titans move TITAN CITY) "
                         "and attack (journal titans attack TITAN --successes N).")
    summary = (f"{pid} invades {cname} from the {rname} Rift" if pid else f"No invader from the {rname} Rift "
               f"for {cname}")
    return Outcome(s, summary, lines, {"invader": pid, "rift": rname, "city": cname,
                                       "city_damage": s["cities"][cname]["damage"],
                                       "destroyed": s["cities"][cname]["destroyed"], "threat": s["threat"],
                                       "invasions": s["invasions"], "phase": s["phase"]})


# --- Fight Phase ------------------------------------------------------------------------

def _destination(s: dict, dest: str):
    if dest in s["cities"]:
        return ("city", dest)
    if dest in s["rifts"]:
        return ("rift", dest)
    folded = dest.strip().casefold()
    for c in s["cities"]:
        if c.casefold() == folded:
            return ("city", c)
    for r in s["rifts"]:
        if r.casefold() == folded or f"{r} rift".casefold() == folded:
            return ("rift", r)
    raise InputError(f"'{dest}' is not a city or a rift: cities are {', '.join(s['cities'])}; rifts are "
                     f"{', '.join(s['rifts'])}")


def _loc_text(loc) -> str:
    return loc[1] if loc[0] == "city" else f"the {loc[1]} Rift"


def move(state: dict, dice, titan: str, dest: str, bonus: int = 0, anywhere: bool = False) -> Outcome:
    """Fight step 1: move up to Movement cities (Setup 13: place the Titan before turn 1)."""
    _refuse_if_over(state)
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    loc = _destination(s, dest)
    lines: list[str] = []
    if s["phase"] == "setup":
        if loc[0] != "city":
            raise RuleError(f"at setup each Titan is placed on a city, not on {_loc_text(loc)}")
        t.pop("rift", None)
        t["city"] = loc[1]
        line = f"Place {name} on {loc[1]}."
        return Outcome(s, line, [line], {"titan": name, "city": loc[1], "placed": True})
    _need(s, "fight", "moving a Titan")
    if t["destroyed"]:
        raise RuleError(f"{name} is destroyed: it re-enters with `journal titans reenter {name} CITY`")
    if name in s["round"]["moved"]:
        raise RuleError(f"{name} has already moved (or made a Combat Repair) this turn")
    if name in s["round"]["attacked"]:
        raise RuleError(f"{name} has already attacked this turn: a Titan moves, then attacks")
    if bonus < 0:
        raise InputError(f"--bonus {bonus}: extra movement from a card is 0 or more")
    here = location(t)
    if here is None:
        raise RuleError(f"{name} is not on the board")
    for rn, r in s["rifts"].items():
        if r.get("challenger") == name:
            raise RuleError(f"{name} passed the {rn} Rift's Trial and faces the Tyrant there: record the fight "
                            f"with `journal titans rift close {rn} --titan {name}` or `trial {name} --rift {rn} fail`")
    if loc == here:
        raise RuleError(f"{name} is already on {_loc_text(loc)}")
    if loc[0] == "rift" and s["rifts"][loc[1]]["closed"]:
        raise RuleError(f"the {loc[1]} Rift is closed and gone from the board")
    steps = distance(s, here, loc)
    reach = t["movement"] + bonus
    if not anywhere:
        if steps is None:
            raise RuleError(f"{_loc_text(loc)} cannot be reached from {_loc_text(here)} along the trails")
        if steps > reach:
            raise RuleError(f"{_loc_text(loc)} is {plural(steps, 'city', 'cities')} away from {_loc_text(here)} "
                            f"and {name}'s Movement is {t['movement']}"
                            + (f" + {bonus}" if bonus else "") + " (a card allowing more: --bonus N or --anywhere)")
    _enter(s, "fight", lines)
    t.pop("city", None)
    t.pop("rift", None)
    t[loc[0]] = loc[1]
    s["round"]["moved"].append(name)
    far = f" ({plural(steps, 'city', 'cities')})" if steps is not None and not anywhere else ""
    lines.insert(0, f"Move {name} from {_loc_text(here)} to {_loc_text(loc)}{far}.")
    foes = invaders_at(s, loc)
    if loc[0] == "city":
        _enters(s, loc[1], lines)
        if foes:
            lines.append(f"Invaders here: {_foes_text(s, foes)}. Attack: journal titans attack {name} "
                         f"--successes N [--target ID]...")
    else:
        r = s["rifts"][loc[1]]
        if foes:
            lines.append(f"The {loc[1]} Rift is guarded by {_foes_text(s, foes)}: {name} must defeat them all "
                         f"before revealing the Rift Token on a later turn (attack them as in a city).")
        else:
            what = "reveal the Rift Token and face the Trial" if r["trial"] == "sealed" else "face the Trial again"
            lines.append(f"{name} stands on the empty {loc[1]} Rift: {what} "
                         f"(journal titans trial {name} --rift {loc[1]} pass|fail).")
    summary = f"{name} moves {_loc_text(here)} → {_loc_text(loc)}"
    return Outcome(s, summary, lines, {"titan": name, "from": _loc_text(here), "to": _loc_text(loc),
                                       "steps": steps, "invaders": foes, "phase": s["phase"]})


def _enters(s: dict, city: str, lines: list[str]) -> None:
    """A Titan enters a city: the Mechanical invaders there trigger."""
    for pid in invaders_at(s, ("city", city)):
        if category(s, pid) == "mechanical":
            lines.append(_ability_line(s, pid, TRIGGER["mechanical"]))


def _foes_text(s: dict, pids: list[str]) -> str:
    parts = []
    for pid in pids:
        st = stats(s, pid)
        left = remaining_hp(s, pid)
        hp = f"HP {left}/{st['hp']}" if left != st["hp"] else f"HP {st['hp']}"
        imm = f", immune to {'/'.join(st['immune'])}" if st["immune"] else ""
        parts.append(f"{pid} ({hp}, DMG {st['dmg']}{imm})")
    return ", ".join(parts)


def _kill(s: dict, pid: str, name: str, lines: list[str]) -> int:
    """An invader destroyed: its reward to the attacker's player, the pawn to its Lair."""
    st = stats(s, pid)
    rift = rift_of_pawn(s, pid)
    r = s["rifts"][rift]
    if pid in s["invaders"]:
        del s["invaders"][pid]
    else:
        r["guardians"].remove(pid)
        r.get("guardian_damage", {}).pop(pid, None)
        if not r.get("guardian_damage"):
            r.pop("guardian_damage", None)
    r["lair"].append(pid)
    player = s["titans"][name]["player"]
    s["players"][player]["credits"] += st["reward"]
    lines.append(f"{pid} is destroyed: {player} gains {plural(st['reward'], 'Credit')}; put the pawn on the "
                 f"first free spot of the {rift} Lair.")
    if category(s, pid) == "terrestrial":
        lines.append(_ability_line(s, pid, TRIGGER["terrestrial"]))
    return st["reward"]


def _hurt_pawn(s: dict, pid: str, n: int) -> None:
    if pid in s["invaders"]:
        s["invaders"][pid]["damage"] += n
    else:
        r = s["rifts"][rift_of_pawn(s, pid)]
        gd = r.setdefault("guardian_damage", {})
        gd[pid] = gd.get(pid, 0) + n


def count_successes(state: dict, titan: str, ability: str, faces: list[int]) -> int:
    """Successes of rolled custom dice: the symbols counted for that ability (face table);
    with an enabled Two-Handed Tech Card the red symbol counts 2 in a Combat Check."""
    table = state["dice"]
    t = state["titans"][titan]
    two_handed = ability == "combat" and any(tc["slot"] == "hands" and not tc["disabled"]
                                             for tc in t["tech"].values())
    total = 0
    for f in faces:
        sym = table["faces"][f - 1]
        if sym in table[ability]:
            total += 2 if (two_handed and sym == table["red"]) else 1
    return total


def _roll_check(s: dict, dice, name: str, ability: str, bonus_dice: int, lines: list[str]) -> int:
    if "dice" not in s:
        raise InputError("--successes N is required: count the successes on your custom dice (or start the game "
                         "with --dice FILE so journal can roll them)")
    if bonus_dice < 0:
        raise InputError(f"--bonus-dice {bonus_dice}: extra dice are 0 or more")
    t = s["titans"][name]
    n = t[ability] + bonus_dice
    if n > 60:
        raise InputError(f"{n} dice is too many to roll at once")
    faces = [dice.roll(6, "titan die") for _ in range(n)]
    syms = [s["dice"]["faces"][f - 1] for f in faces]
    got = count_successes(s, name, ability, faces)
    lines.append(f"{name}'s {ability.capitalize()} Check: {plural(n, 'die', 'dice')} → {', '.join(syms) or 'none'}: "
                 f"{plural(got, 'success', 'successes')}.")
    return got


def attack(state: dict, dice, titan: str, successes: int | None = None, targets: tuple = (),
           provoke: bool = False, rift: str | None = None, tech: tuple = (), final_blow: bool = False,
           bonus_dice: int = 0) -> Outcome:
    """Fight step 2: each success is 1 damage, dealt to the targets in order; excess carries to
    the next listed invader and is lost after the last. Provoke first brings a rift's first
    invader onto the Titan's city. At Red, immunities bar the Tech Cards and Final Blow
    bearing those Attack Tags."""
    _need(state, "fight", "attacking")
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    lines: list[str] = []
    if t["destroyed"]:
        raise RuleError(f"{name} is destroyed and cannot attack")
    if name in s["round"]["attacked"]:
        raise RuleError(f"{name} has already attacked this turn")
    loc = location(t)
    if loc is None:
        raise RuleError(f"{name} is not on the board")
    if any(r.get("challenger") == name for r in s["rifts"].values()):
        raise RuleError(f"{name} faces a Tyrant: record the fight with `journal titans rift close` or `trial ... fail`")
    _enter(s, "fight", lines)
    provoked = None
    head_at = len(lines)
    if provoke:
        if loc[0] != "city":
            raise RuleError(f"{name} can only Provoke from a city")
        candidates = [r for r in open_rifts(s) if s["rifts"][r]["guardians"]]
        if rift is not None:
            rname = rift_of(s, rift, "--rift")
            if rname not in candidates:
                raise RuleError(f"the {rname} Rift has no invader to provoke (the Lair cannot be provoked)")
        elif len(candidates) == 1:
            rname = candidates[0]
        elif not candidates:
            raise RuleError("no rift has an invader left to provoke (the Lairs cannot be provoked)")
        else:
            raise InputError(f"--provoke needs --rift: one of {', '.join(candidates)}")
        lines.append(f"{name} provokes the {rname} Rift.")
        provoked = _invade(s, rname, loc[1], lines, provoked=True)
        head_at = len(lines)
        if s["phase"] == "over":
            return Outcome(s, f"{name} provokes {provoked} onto {loc[1]}: the game is lost", lines,
                           {"titan": name, "provoked": provoked, "threat": s["threat"], "phase": "over"})
    elif rift is not None:
        raise InputError("--rift only goes with --provoke")
    here = invaders_at(s, loc)
    if not here:
        raise RuleError(f"there is no invader on {_loc_text(loc)} to attack")
    order = []
    for tg in targets:
        pid = pawn_of(s, tg, "--target")
        if pid not in here:
            raise RuleError(f"--target {pid} is not on {_loc_text(loc)} (here: {', '.join(here)})")
        if pid in order:
            raise InputError(f"--target {pid} is named twice")
        order.append(pid)
    if not order:
        if len(here) == 1:
            order = list(here)
        else:
            raise InputError(f"--target is required: name the invaders in the order the damage goes "
                             f"(here: {', '.join(here)})")
    # Attack Tags and immunities (only at Red): checked before rolling
    cards = []
    for c in tech:
        cname = find(t["tech"], c, f"Tech Card of {name}", "--tech")
        if t["tech"][cname]["disabled"]:
            raise RuleError(f"{cname} is disabled: re-enable it with a repair success first")
        cards.append(cname)
    if final_blow and not t["blow_ready"]:
        raise RuleError(f"{name}'s Final Blow is spent: refresh it in the Development step (develop ... refresh)")
    immune = sorted({tag for pid in order for tag in stats(s, pid)["immune"]}, key=TAGS.index)
    if immune:
        lines.append(f"Red tier: the targets are immune to {', '.join(immune)} — ignore Tech Cards and Final Blows "
                     f"bearing those Attack Tags.")
        for cname in cards:
            bad = [tag for tag in t["tech"][cname].get("tags", []) if tag in immune]
            if bad:
                raise RuleError(f"{cname} bears the {'/'.join(bad)} Attack Tag and the targets are immune to it "
                                f"at Red: leave it out of this attack")
        bad = [tag for tag in t["blow_tags"] if tag in immune]
        if final_blow and bad:
            raise RuleError(f"{name}'s Final Blow bears the {'/'.join(bad)} Attack Tag and the targets are immune "
                            f"to it at Red")
    if final_blow:
        t["blow_ready"] = False
        lines.append(f"{name} uses its Final Blow: turn its Final Blow Token over.")
    for pid in here:
        if loc[0] == "city" and category(s, pid) == "amphibious":
            lines.append(_ability_line(s, pid, TRIGGER["amphibious"]))
    rolled = successes is None
    if rolled:
        successes = _roll_check(s, dice, name, "combat", bonus_dice, lines)
    elif successes < 0:
        raise InputError(f"--successes {successes}: expected 0 or more")
    elif bonus_dice:
        raise InputError("--bonus-dice only goes with a roll by journal (leave out --successes)")
    left = successes
    hits, killed, credits = [], [], 0
    for pid in order:
        if left <= 0:
            break
        need = remaining_hp(s, pid)
        dealt = min(need, left)
        left -= dealt
        hits.append({"invader": pid, "damage": dealt})
        if dealt >= need:
            credits += _kill(s, pid, name, lines)
            killed.append(pid)
        else:
            _hurt_pawn(s, pid, dealt)
            lines.append(f"{pid} takes {dealt} damage: put {plural(dealt, 'Invader Damage Token')} on it "
                         f"({pawn_damage(s, pid)}/{stats(s, pid)['hp']}).")
    if left > 0 and successes:
        lines.append(f"{plural(left, 'point')} of excess damage {'is' if left == 1 else 'are'} lost"
                     + (" (no other target was named)." if len([p for p in invaders_at(s, loc)]) else "."))
    if not successes:
        lines.append(f"{name} scores no success: no damage.")
    s["round"]["attacked"].append(name)
    lines.insert(head_at, f"{name} attacks on {_loc_text(loc)} with {plural(successes, 'success', 'successes')}.")
    rest = invaders_at(s, loc)
    if loc[0] == "rift" and not rest:
        lines.append(f"The {loc[1]} Rift has no guardian left: next turn {name} may reveal the Rift Token "
                     f"(journal titans trial {name} --rift {loc[1]} pass|fail).")
    summary = f"{name} attacks: {successes} damage"
    if provoked:
        summary = f"{name} provokes {provoked} and attacks: {successes} damage"
    if killed:
        summary += f", destroys {', '.join(killed)} (+{plural(credits, 'Credit')})"
    elif hits:
        summary += " to " + ", ".join(h["invader"] for h in hits)
    return Outcome(s, summary, lines, {"titan": name, "successes": successes, "rolled": rolled, "hits": hits,
                                       "destroyed": killed, "credits": credits, "excess_lost": max(0, left),
                                       "provoked": provoked, "immune": immune, "final_blow": final_blow,
                                       "threat": s["threat"], "phase": s["phase"]})


def trial(state: dict, dice, titan: str, rift: str, result: str, damage: int = 0, to: str | None = None,
          direct: bool = False) -> Outcome:
    """The Tyrant Trial: reveal the Rift Token of an unguarded rift; pass → the Titan faces the
    Tyrant next turn; fail → follow the token (damage, back to a threatened city)."""
    _need(state, "fight", "the Tyrant Trial")
    if result not in ("pass", "fail"):
        raise InputError(f"'{result}' is not a trial result: expected pass or fail")
    s = _copy(state)
    name = titan_of(s, titan)
    rname = rift_of(s, rift, "--rift")
    t, r = s["titans"][name], s["rifts"][rname]
    lines: list[str] = []
    if r["closed"]:
        raise RuleError(f"the {rname} Rift is closed")
    if location(t) != ("rift", rname):
        raise RuleError(f"{name} is not on the {rname} Rift: move there first (journal titans move {name} {rname})")
    if r["guardians"]:
        raise RuleError(f"the {rname} Rift is still guarded by {', '.join(r['guardians'])}: defeat them first")
    if damage < 0:
        raise InputError(f"--damage {damage}: expected 0 or more")
    _enter(s, "fight", lines)
    stage = "tyrant" if r["trial"] == "tyrant" else "trial"
    if stage == "tyrant":
        if r.get("challenger") != name:
            raise RuleError(f"{r.get('challenger')} faces the {rname} Tyrant, not {name}")
        if result == "pass":
            raise RuleError(f"defeating the Tyrant closes the rift: journal titans rift close {rname} --titan {name}")
    else:
        if name in s["round"]["attacked"]:
            raise RuleError(f"{name} fought the {rname} guardians this turn: the Rift Token is revealed next turn")
    if result == "pass":
        if damage or to:
            raise InputError("--damage and --to record a failed trial")
        r["trial"] = "tyrant"
        r["challenger"] = name
        r["trial_turn"] = s["turn"]
        lines.insert(0, f"{name} passes the {rname} Rift's Trial: move it to the second part of the Rift Token.")
        lines.append(f"Next turn {name} faces the Tyrant (journal titans rift close {rname} --titan {name} when "
                     f"it is defeated). While on the rift, {s['titans'][name]['player']} skips Development.")
        summary = f"{name} passes the {rname} Rift's Trial"
    else:
        r["trial"] = "revealed"
        r.pop("challenger", None)
        r.pop("trial_turn", None)
        what = "Trial" if stage == "trial" else "fight against the Tyrant"
        lines.insert(0, f"{name} fails the {rname} Rift's {what}: follow the text on the Rift Token.")
        if damage:
            _damage_titan(s, name, damage, lines, "damage from the Rift Token", armor=not direct)
        if not t["destroyed"]:
            if to is None:
                options = r["threatens"]
                raise InputError(f"--to CITY is required: where {name} returns (a city threatened by the {rname} "
                                 f"Rift: {', '.join(options)})")
            cname = city_of(s, to, "--to")
            if cname not in r["threatens"]:
                raise RuleError(f"{cname} is not threatened by the {rname} Rift ({', '.join(r['threatens'])})")
            t.pop("rift", None)
            t["city"] = cname
            lines.append(f"Put {name} on {cname}.")
            _enters(s, cname, lines)
        summary = f"{name} fails the {rname} Rift's {what}" + (f", {damage} damage" if damage else "")
    return Outcome(s, summary, lines, {"titan": name, "rift": rname, "result": result, "stage": stage,
                                       "trial": r["trial"], "threat": s["threat"], "phase": s["phase"]})


def rift_close(state: dict, dice, rift: str, titan: str, city: str | None = None,
               artifact: str | None = None) -> Outcome:
    """The Tyrant defeated: the rift closes, THREAT -1 (T4), the Rift Token and its Tyrant
    Artifact go to the player, the Titan to a city threatened by the rift."""
    _need(state, "fight", "fighting a Tyrant")
    s = _copy(state)
    rname = rift_of(s, rift)
    name = titan_of(s, titan, "--titan")
    r, t = s["rifts"][rname], s["titans"][name]
    if r["closed"]:
        raise RuleError(f"the {rname} Rift is already closed")
    if r["trial"] != "tyrant" or r.get("challenger") != name:
        raise RuleError(f"{name} does not face the {rname} Tyrant: pass the Trial first "
                        f"(journal titans trial {name} --rift {rname} pass)")
    if r.get("trial_turn", 0) >= s["turn"]:
        raise RuleError(f"{name} passed the Trial this turn: it faces the Tyrant next turn")
    if city is None:
        if len(r["threatens"]) == 1:
            city = r["threatens"][0]
        else:
            raise InputError(f"--city is required: where {name} goes (a city threatened by the {rname} Rift: "
                             f"{', '.join(r['threatens'])})")
    cname = city_of(s, city, "--city")
    if cname not in r["threatens"]:
        raise RuleError(f"{cname} is not threatened by the {rname} Rift ({', '.join(r['threatens'])})")
    lines: list[str] = []
    _enter(s, "fight", lines)
    r["closed"] = True
    r["trial"] = "defeated"
    r.pop("challenger", None)
    r.pop("trial_turn", None)
    player = t["player"]
    art = (artifact or f"{rname} Tyrant Artifact").strip()
    if not art:
        raise InputError("--artifact is empty")
    s["players"][player]["artifacts"].append(art)
    t.pop("rift", None)
    t["city"] = cname
    for other in titans_at(s, ("rift", rname)):
        s["titans"][other].pop("rift")
        s["titans"][other]["city"] = cname
        lines.append(f"{other} leaves the closed rift with {name}: put it on {cname}.")
    lines.insert(0, f"{name} defeats the {rname} Tyrant: the rift is closed. Remove the Rift Token from the board "
                    f"and give it with its Artifact Card ({art}) to {player}; put it beside the Titan Sheet.")
    lines.append(f"Put {name} on {cname}.")
    _enters(s, cname, lines)
    _threat(s, -1, f"the {rname} Rift closed", lines)
    left = open_rifts(s)
    if not left:
        lines.append("Every rift is closed: at the Ending Phase draw the Final Episode.")
    else:
        lines.append(f"Rifts still open: {', '.join(left)}.")
    summary = f"{name} closes the {rname} Rift (artifact: {art})"
    return Outcome(s, summary, lines, {"rift": rname, "titan": name, "player": player, "artifact": art,
                                       "city": cname, "threat": s["threat"], "open_rifts": left})


def repair(state: dict, dice, titan: str, successes: int | None = None, heal: int | None = None,
           charge: tuple = (), enable: tuple = (), upgrade: bool = False, bonus_dice: int = 0) -> Outcome:
    """A Repair Check: each success removes 1 damage, gives a Tech Card 1 Charge (max 3), or
    re-enables a Tech Card (with 0 Charges). In the Fight Phase: Combat Repair (not moved, no
    invader in its city, at most Repair successes). In the Upgrade Phase: the Repair Action
    (a Titan on a Refuge City gets a success per point of Repair)."""
    _refuse_if_over(state)
    phase = "upgrade" if upgrade or state["phase"] == "upgrade" else "fight"
    _need(state, phase, "a Repair Check")
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    lines: list[str] = []
    if t["destroyed"]:
        raise RuleError(f"{name} is destroyed: it cannot repair")
    if phase == "upgrade" and name in s["round"]["repaired"]:
        raise RuleError(f"{name} has already made its Repair Check this Upgrade Phase")
    loc = location(t)
    cap = None
    refuge = False
    if phase == "fight":
        _enter(s, "fight", lines)
        if name in s["round"]["moved"]:
            raise RuleError(f"{name} has moved this turn: Combat Repair needs a Titan that has not moved "
                            f"(the Upgrade Phase's Repair Action: add --upgrade)")
        if invaders_at(s, loc):
            raise RuleError(f"invaders are on {_loc_text(loc)}: Combat Repair needs a city with no invader")
        if name in s["round"]["attacked"]:
            raise RuleError(f"{name} has attacked this turn: Combat Repair replaces its movement")
        cap = t["repair"]
        kind = "Combat Repair"
    else:
        if s["round"]["charged"]:
            raise RuleError("the Repair Action is step 1 of the Upgrade Phase and Charges were already gained "
                            "this turn")
        _enter(s, "upgrade", lines)
        refuge = loc is not None and loc[0] == "city" and s["cities"][loc[1]]["type"] == "refuge"
        kind = "Repair Action"
    rolled = False
    if successes is None:
        if refuge:
            successes = t["repair"]
            lines.append(f"{name} is on a Refuge City: {plural(successes, 'success', 'successes')} without rolling.")
        else:
            successes = _roll_check(s, dice, name, "repair", bonus_dice, lines)
            rolled = True
    elif successes < 0:
        raise InputError(f"--successes {successes}: expected 0 or more")
    elif bonus_dice:
        raise InputError("--bonus-dice only goes with a roll by journal (leave out --successes)")
    elif refuge and successes < t["repair"]:
        lines.append(f"{name} is on a Refuge City: it gets {t['repair']} successes (its Repair).")
        successes = t["repair"]
    usable = successes if cap is None else min(successes, cap)
    if cap is not None and successes > cap:
        lines.append(f"Combat Repair spends at most {cap} successes ({name}'s Repair).")
    spent = 0
    # re-enable first (a re-enabled card restarts at 0 Charges: T6), then charges, then healing
    for c in enable:
        cname = find(t["tech"], c, f"Tech Card of {name}", "--enable")
        tc = t["tech"][cname]
        if not tc["disabled"]:
            raise RuleError(f"{cname} is not disabled")
        tc["disabled"] = False
        tc["charges"] = 0
        spent += 1
        lines.append(f"Re-enable {cname}: turn it face up with 0 Charges.")
    for c in charge:
        cname = find(t["tech"], c, f"Tech Card of {name}", "--charge")
        tc = t["tech"][cname]
        if tc["disabled"]:
            raise RuleError(f"{cname} is disabled: re-enable it first (--enable)")
        if tc["charges"] >= CHARGES_MAX:
            raise RuleError(f"{cname} already has {CHARGES_MAX} Charges (the most a Tech Card holds)")
        tc["charges"] += 1
        spent += 1
        lines.append(f"{cname} gains a Charge ({tc['charges']}/{CHARGES_MAX}).")
    if heal is None:
        heal = max(0, min(usable - spent, t["damage"])) if not (charge or enable) else 0
    if heal < 0:
        raise InputError(f"--heal {heal}: expected 0 or more")
    if heal > t["damage"]:
        raise RuleError(f"{name} has only {plural(t['damage'], 'Damage Token')} to remove")
    spent += heal
    if spent > usable:
        raise RuleError(f"{plural(spent, 'success', 'successes')} spent but only {usable} available")
    if heal:
        t["damage"] -= heal
        lines.append(f"Remove {plural(heal, 'Damage Token')} from {name} ({t['damage']}/{t['hp']}).")
    unspent = usable - spent
    if unspent:
        lines.append(f"{plural(unspent, 'success', 'successes')} left unspent.")
    if phase == "fight":
        s["round"]["moved"].append(name)            # Combat Repair takes the place of its movement
    else:
        s["round"]["repaired"].append(name)
    lines.insert(0, f"{name}: {kind} with {plural(successes, 'success', 'successes')}.")
    summary = f"{name}: {kind}, {plural(successes, 'success', 'successes')} (healed {heal}" + \
              (f", {len(charge)} charge(s)" if charge else "") + (f", re-enabled {len(enable)}" if enable else "") + ")"
    return Outcome(s, summary, lines, {"titan": name, "kind": kind, "successes": successes, "rolled": rolled,
                                       "healed": heal, "charged": list(charge), "enabled": list(enable),
                                       "unspent": unspent, "damage": t["damage"], "phase": s["phase"]})


# --- Upgrade Phase ------------------------------------------------------------------------

def _enter_development(s: dict, lines: list[str]) -> None:
    _enter(s, "upgrade", lines)
    _gain_charges(s, lines)


def develop(state: dict, dice, player: str, action: str, city: str | None = None, count: int = 1,
            card: str | None = None, redraw: bool = False, slot: str | None = None, cost: int = 0,
            tags: tuple = ()) -> Outcome:
    """Upgrade step 3, one action per player: INDUSTRY +2 Credits; ARMY Supports at 1 Credit
    (at most 3 each, T6); RESEARCH a face-up Tech Card (or redraw all 3); REFRESH the Final Blow."""
    _need(state, "upgrade", "Development")
    if action not in ACTIONS:
        raise InputError(f"'{action}' is not a Development action: expected {', '.join(ACTIONS)}")
    if state["round"]["supports_moved"]:
        raise RuleError("Development (step 3) is over: supports have started moving (step 4)")
    s = _copy(state)
    pname = player_of(s, player)
    p = s["players"][pname]
    tname = p["titan"]
    t = s["titans"][tname]
    if pname in s["round"]["developed"]:
        raise RuleError(f"{pname} has already taken a Development action this turn")
    if location(t) is not None and location(t)[0] == "rift":
        raise RuleError(f"{tname} is on the {t['rift']} Rift: {pname} skips the Development step")
    lines: list[str] = []
    _enter_development(s, lines)
    data = {"player": pname, "action": action}
    if action == "industry":
        p["credits"] += INDUSTRY_CREDITS
        lines.append(f"INDUSTRY: {pname} takes {INDUSTRY_CREDITS} Credit Tokens ({p['credits']} now).")
        summary = f"{pname}: Industry, +2 Credits ({p['credits']})"
    elif action == "army":
        if city is None:
            raise InputError("army needs --city C: the non-destroyed city where the Supports go")
        cname = city_of(s, city, "--city")
        if s["cities"][cname]["destroyed"]:
            raise RuleError(f"{cname} is destroyed: Supports go on a non-destroyed city")
        if count < 1:
            raise InputError(f"--count {count}: buy 1 or more Supports")
        have = len(p["supports"])
        if have + count > SUPPORTS_MAX:
            raise RuleError(f"{pname} has {have} Supports on the board: at most {SUPPORTS_MAX} (T6), so "
                            f"{SUPPORTS_MAX - have} more at most")
        if p["credits"] < count:
            raise RuleError(f"{plural(count, 'Support')} cost{'s' if count == 1 else ''} {plural(count, 'Credit')} "
                            f"and {pname} has {p['credits']}")
        p["credits"] -= count
        p["supports"].extend({"city": cname, "damage": 0} for _ in range(count))
        lines.append(f"ARMY: {pname} pays {plural(count, 'Credit')} and places {plural(count, 'Support')} "
                     f"({p['color']}) on {cname}.")
        summary = f"{pname}: Army, {count} Support(s) on {cname}"
        data.update(city=cname, count=count, credits=p["credits"])
    elif action == "research":
        d = s["decks"]
        if redraw == (card is not None):
            raise InputError("research takes --card NAME (buy a face-up Tech Card) or --redraw (discard the 3 "
                             "face-up cards and draw 3 new ones)")
        if redraw:
            if cost or slot or tags:
                raise InputError("--redraw buys nothing: leave out --slot, --cost and --tag")
            d["tech_discard"] += d["tech_face_up"]
            d["tech_face_up"] = 0
            lines.append("RESEARCH: discard the face-up Tech Cards and draw new ones.")
            _refill_market(s, lines)
            summary = f"{pname}: Research, redrew the face-up Tech Cards"
        else:
            if d["tech_face_up"] < 1:
                raise RuleError("no Tech Card is face up to buy")
            if cost < 0:
                raise InputError(f"--cost {cost}: expected 0 or more")
            if p["credits"] < cost:
                raise RuleError(f"{card} costs {cost} Credits and {pname} has {p['credits']}")
            if slot is None:
                raise InputError(f"--slot is required: where {card} goes on {tname}'s sheet "
                                 f"({', '.join(SLOTS)}, or hand for the first free hand)")
            d["tech_face_up"] -= 1
            p["credits"] -= cost
            equip_line = _equip(t, tname, card, slot, tags)
            lines.append(f"RESEARCH: {pname} buys {card}" + (f" for {plural(cost, 'Credit')}" if cost else "")
                         + f"; {equip_line}")
            if not cost:
                lines.append("(no --cost given: pay the card's printed cost with journal titans credits if it has one)")
            _refill_market(s, lines)
            summary = f"{pname}: Research, bought {card}" + (f" for {cost}" if cost else "")
            data.update(card=card.strip(), slot=t["tech"][card.strip()]["slot"], cost=cost, credits=p["credits"])
    else:  # refresh
        if "refresh" not in t:
            raise RuleError(f"{tname}'s Final Blow shows no Refresh Cost")
        if t["blow_ready"]:
            raise RuleError(f"{tname}'s Final Blow is ready: there is nothing to refresh")
        if p["credits"] < t["refresh"]:
            raise RuleError(f"refreshing costs {t['refresh']} Credits and {pname} has {p['credits']}")
        p["credits"] -= t["refresh"]
        t["blow_ready"] = True
        lines.append(f"REFRESH: {pname} pays {plural(t['refresh'], 'Credit')}; {tname}'s Final Blow is ready again.")
        summary = f"{pname}: Refresh, {tname}'s Final Blow ready"
        data.update(credits=p["credits"])
    s["round"]["developed"].append(pname)
    waiting = _still_to_develop(s)
    if waiting:
        lines.append(f"Still to take a Development action: {', '.join(waiting)}.")
    else:
        lines.append("Development done. Supports may move up to 3 cities (journal titans supports PLAYER --from C "
                     "--to C), then journal titans ending.")
    data["credits"] = p["credits"]
    return Outcome(s, summary, lines, data)


def _still_to_develop(s: dict) -> list[str]:
    out = []
    for p, v in s["players"].items():
        t = s["titans"][v["titan"]]
        if p in s["round"]["developed"]:
            continue
        if location(t) is not None and location(t)[0] == "rift":
            continue
        out.append(p)
    return out


def _refill_market(s: dict, lines: list[str]) -> None:
    d = s["decks"]
    while d["tech_face_up"] < FACE_UP:
        if d["tech"] == 0 and d["tech_discard"] > 0:
            d["tech"], d["tech_discard"] = d["tech_discard"], 0
            lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
        if d["tech"] == 0:
            lines.append("No Tech Card is left to draw.")
            break
        d["tech"] -= 1
        d["tech_face_up"] += 1
    lines.append(f"Face-up Tech Cards: {d['tech_face_up']} (deck {d['tech']}, discarded {d['tech_discard']}).")


def _slot_for(t: dict, slot: str) -> str:
    slot = slot.strip().lower()
    used = {tc["slot"] for tc in t["tech"].values()}
    if slot == "hand":
        for h in ("hand1", "hand2"):
            if h not in used and "hands" not in used:
                return h
        raise RuleError("both hand slots are taken: discard a Tech Card first (a slot must be empty)")
    if slot not in SLOTS:
        raise InputError(f"--slot {slot}: expected one of {', '.join(SLOTS)}, or hand (the first free hand)")
    taken = {slot}
    if slot == "hands":
        taken = {"hands", "hand1", "hand2"}
    elif slot in ("hand1", "hand2"):
        taken = {slot, "hands"}
    clash = [c for c, tc in t["tech"].items() if tc["slot"] in taken]
    if clash:
        raise RuleError(f"the {SLOT_TEXT[slot]} slot is taken by {', '.join(clash)}: discard it first "
                        f"(journal titans tech TITAN discard CARD)")
    return slot


def _equip(t: dict, tname: str, card: str, slot: str, tags=()) -> str:
    card = card.strip()
    if not card:
        raise InputError("the Tech Card's name is empty")
    if any(c.casefold() == card.casefold() for c in t["tech"]):
        raise RuleError(f"{tname} already has a Tech Card named {card} (name a second copy differently)")
    if len(t["tech"]) >= 5:
        raise RuleError(f"{tname}'s five Tech Card slots are full")
    where = _slot_for(t, slot)
    bad = [x for x in tags if x not in TAGS]
    if bad:
        raise InputError(f"--tag {bad[0]}: Attack Tags are {', '.join(TAGS)}")
    entry = {"slot": where, "charges": 0, "disabled": False}
    if tags:
        entry["tags"] = sorted(set(tags), key=TAGS.index)
    t["tech"][card] = entry
    return f"put it in {tname}'s {SLOT_TEXT[where]} slot with 0 Charges."


def tech(state: dict, dice, titan: str, action: str, card: str, slot: str | None = None, n: int | None = None,
         tags: tuple = (), face_up: bool = False) -> Outcome:
    """Tech Cards on a Titan Sheet: equip (into an empty slot; a card a card's text gives,
    from the deck or one of the face-up cards), discard (at any time), spend Charges, and
    by hand (A2): set Charges, disable, enable."""
    _refuse_if_over(state)
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    lines: list[str] = []
    if action == "equip":
        if slot is None:
            raise InputError(f"equip needs --slot: one of {', '.join(SLOTS)}, or hand")
        if n is not None:
            raise InputError("equip takes no number")
        line = _equip(t, name, card, slot, tags)
        d = s["decks"]
        if face_up:
            if d["tech_face_up"] < 1:
                raise RuleError("no Tech Card is face up")
            d["tech_face_up"] -= 1
            lines.append(f"Equip {card.strip()} (a face-up card): {line}")
            _refill_market(s, lines)
        else:
            if d["tech"] == 0 and d["tech_discard"] > 0:
                d["tech"], d["tech_discard"] = d["tech_discard"], 0
                lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
            if d["tech"] == 0:
                raise RuleError("the Tech deck is empty: no card to take (use --face-up for a face-up card)")
            d["tech"] -= 1
            lines.append(f"Equip {card.strip()} (from the Tech deck): {line}")
        summary = f"{name} equips {card.strip()} ({t['tech'][card.strip()]['slot']})"
        return Outcome(s, summary, lines, {"titan": name, "card": card.strip(), **t["tech"][card.strip()]})
    cname = find(t["tech"], card, f"Tech Card of {name}")
    tc = t["tech"][cname]
    if slot is not None or tags or face_up:
        raise InputError("--slot, --tag and --face-up only go with equip")
    if action == "discard":
        if n is not None:
            raise InputError("discard takes no number")
        del t["tech"][cname]
        s["decks"]["tech_discard"] += 1
        line = f"Discard {cname} from {name}'s {SLOT_TEXT[tc['slot']]} slot."
        return Outcome(s, line, [line], {"titan": name, "card": cname})
    if action == "spend":
        if n is None or n < 1:
            raise InputError("spend needs the number of Charges: spend CARD N (1 or more)")
        if tc["disabled"]:
            raise RuleError(f"{cname} is disabled: it gives nothing until re-enabled")
        if tc["charges"] < n:
            raise RuleError(f"{cname} has {plural(tc['charges'], 'Charge')}, not {n}")
        tc["charges"] -= n
        line = f"{name} spends {plural(n, 'Charge')} of {cname}: slide it back {n} ({tc['charges']}/{CHARGES_MAX})."
        return Outcome(s, f"{name} spends {n} Charge(s) of {cname}", [line],
                       {"titan": name, "card": cname, "charges": tc["charges"]})
    if action == "charge":
        if n is None or not 0 <= n <= CHARGES_MAX:
            raise InputError(f"charge needs the number of Charges to set: 0-{CHARGES_MAX} (T6)")
        tc["charges"] = n
        line = f"{cname} ({name}) now has {plural(n, 'Charge')} (set by hand)."
        return Outcome(s, line, [line], {"titan": name, "card": cname, "charges": n})
    if action in ("disable", "enable"):
        if n is not None:
            raise InputError(f"{action} takes no number")
        if action == "disable":
            if tc["disabled"]:
                raise RuleError(f"{cname} is already disabled")
            tc["disabled"] = True
            line = f"Disable {cname} ({name}): flip it upside down; it gives no bonus until re-enabled."
        else:
            if not tc["disabled"]:
                raise RuleError(f"{cname} is not disabled")
            tc["disabled"] = False
            tc["charges"] = 0
            line = f"Re-enable {cname} ({name}) with 0 Charges (by a card's text; repairs use --enable)."
        return Outcome(s, line, [line], {"titan": name, "card": cname, "disabled": tc["disabled"]})
    raise InputError(f"'{action}' is not a tech action: expected equip, discard, spend, charge, disable, enable")


def supports_move(state: dict, dice, player: str, src: str, dst: str, count: int = 1) -> Outcome:
    """Upgrade step 4: a player's Supports move up to 3 city spaces."""
    _need(state, "upgrade", "Support Movement")
    s = _copy(state)
    pname = player_of(s, player)
    p = s["players"][pname]
    a, b = city_of(s, src, "--from"), city_of(s, dst, "--to")
    if count < 1:
        raise InputError(f"--count {count}: move 1 or more")
    here = [i for i, sp in enumerate(p["supports"]) if sp["city"] == a]
    if len(here) < count:
        raise RuleError(f"{pname} has {plural(len(here), 'Support')} on {a}, not {count}")
    if a == b:
        raise InputError("--from and --to are the same city")
    steps = city_distance(s, a, b)
    if steps is None or steps > SUPPORT_RANGE:
        raise RuleError(f"{b} is {'unreachable' if steps is None else plural(steps, 'city', 'cities') + ' away'} "
                        f"from {a}: Supports move up to {SUPPORT_RANGE} cities")
    lines: list[str] = []
    _enter_development(s, lines)
    s["round"]["supports_moved"] = True
    # healthy ones move first unless the player moves them all
    here.sort(key=lambda i: p["supports"][i]["damage"])
    for i in here[:count]:
        p["supports"][i]["city"] = b
    lines.insert(0, f"Move {plural(count, 'Support')} of {pname} ({p['color']}) from {a} to {b} "
                    f"({plural(steps, 'city', 'cities')}).")
    lines.append("When every player has moved their Supports: journal titans ending.")
    return Outcome(s, f"{pname} moves {count} Support(s) {a} → {b}", lines,
                   {"player": pname, "from": a, "to": b, "count": count})


# --- Ending Phase ---------------------------------------------------------------------------

def _parse_assign(s: dict, assign) -> dict:
    """{pawn: [(kind, target, n|None)]} from ("T1", "Atlas", 2) triples."""
    plan: dict = {}
    for pid_in, target, n in assign:
        pid = pawn_of(s, pid_in, "--assign")
        t = target.strip()
        if t.casefold() == "city":
            entry = ("city", None, n)
        elif t.casefold() in COLORS:
            owner = [p for p, v in s["players"].items() if v["color"] == t.casefold()]
            if not owner:
                raise InputError(f"--assign {pid}={t}: no player has the {t.casefold()} supports")
            entry = ("support", owner[0], n)
        else:
            entry = ("titan", titan_of(s, t, "--assign"), n)
        if n is not None and n < 1:
            raise InputError(f"--assign {pid}={t}:{n}: the points are 1 or more")
        plan.setdefault(pid, []).append(entry)
    return plan


def ending(state: dict, dice, assign: tuple = ()) -> Outcome:
    """Ending Phase: invader damage (to the city, or assigned to Titans or Supports there),
    THREAT control, Titan presence control, rift status control, the Lead passes right (T7)."""
    _need(state, "ending", "the Ending Phase")
    s = _copy(state)
    lines: list[str] = [f"Ending Phase of turn {s['turn']}."]
    if s["invasions"]:
        lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards "
                     f"{'was' if s['invasions'] == 1 else 'were'} not recorded.)")
        s["invasions"] = 0
    _gain_charges(s, lines)
    s["phase"] = "ending"
    plan = _parse_assign(s, assign)
    attackers = []
    for pid, inv in s["invaders"].items():
        attackers.append((pid, ("city", inv["city"])))
    for rname, r in s["rifts"].items():
        if titans_at(s, ("rift", rname)):
            for pid in r["guardians"]:
                attackers.append((pid, ("rift", rname)))
    for pid in plan:
        if pid not in [a for a, _ in attackers]:
            raise RuleError(f"--assign {pid}: {pid} deals no damage this Ending Phase (it is not on a city, or "
                            f"guards a rift with no Titan on it)")
    report = []
    destroyed_cities, destroyed_titans = [], []
    # step 1: Invader Damage
    for pid, loc in attackers:
        if s["phase"] == "over":
            break
        dmg = stats(s, pid)["dmg"]
        left = dmg
        parts = []
        for kind, who, n in plan.get(pid, []):
            pts = left if n is None else n
            if pts > left:
                raise RuleError(f"--assign {pid}: more points assigned than its DMG {dmg}")
            if kind == "titan":
                if location(s["titans"][who]) != loc or s["titans"][who]["destroyed"]:
                    raise RuleError(f"--assign {pid}={who}: {who} is not on {_loc_text(loc)}")
            elif kind == "support":
                if loc[0] != "city" or not supports_at(s, loc[1]).get(who):
                    raise RuleError(f"--assign {pid}: {who} has no Support on {_loc_text(loc)}")
            elif loc[0] != "city":
                raise RuleError(f"--assign {pid}=city: {pid} guards the {loc[1]} Rift, where there is no city")
            parts.append((kind, who, pts))
            left -= pts
        if left:
            if loc[0] == "city":
                parts.append(("city", None, left))
            elif titans_at(s, loc):
                parts.append(("titan", titans_at(s, loc)[0], left))
            else:
                lines.append(f"No Titan is left on the {loc[1]} Rift: {pid}'s damage is lost.")
        for kind, who, pts in parts:
            if s["phase"] == "over" or pts <= 0:
                continue
            why = f"damage from {pid}"
            if kind == "city":
                was = s["cities"][loc[1]]["destroyed"]
                _damage_city(s, loc[1], pts, lines, why)
                if s["cities"][loc[1]]["destroyed"] and not was:
                    destroyed_cities.append(loc[1])
                report.append({"invader": pid, "target": loc[1], "kind": "city", "damage": pts})
            elif kind == "titan":
                if s["titans"][who]["destroyed"]:
                    lines.append(f"{who} is already destroyed: {pid}'s damage is lost.")
                    continue
                _damage_titan(s, who, pts, lines, why)
                if s["titans"][who]["destroyed"]:
                    destroyed_titans.append(who)
                report.append({"invader": pid, "target": who, "kind": "titan", "damage": pts})
            else:
                got = _damage_supports(s, who, loc[1], pts, lines, why)
                if pts > got:
                    lines.append(f"{pts - got} of {pid}'s damage finds no Support left and goes to {loc[1]}.")
                    _damage_city(s, loc[1], pts - got, lines, why)
                report.append({"invader": pid, "target": f"{who}'s Supports", "kind": "support", "damage": pts})
    if not attackers:
        lines.append("No invader is on the board: no Invader Damage.")
    data = {"turn": s["turn"], "damage": report, "destroyed_cities": destroyed_cities,
            "destroyed_titans": destroyed_titans}
    # step 2: THREAT Level Control (T7) — reaching 21 already ended the game (T1)
    if s["phase"] != "over" and not standing(s):
        # step 3: Titan Presence Control
        _end(s, "lost", "no Titan stands on the board at the Titan Presence Control", lines)
    if s["phase"] != "over" and not open_rifts(s):
        # step 4: Rift Status Control
        s["decks"]["final"] = max(0, s["decks"]["final"] - 1)
        s["phase"] = "final"
        lines.append(f"Every rift is closed: {s['lead']} shuffles the Final Episode deck, draws one and reads its "
                     f"Flavor and Game Text. Play it out, then journal titans final won|lost.")
    if s["phase"] == "ending":
        # step 5: the Lead Character Token passes to the player on the right
        order = list(s["players"])
        i = order.index(s["lead"])
        s["lead"] = order[i - 1]
        lines.append(f"The turn ends: pass the Lead Character Token to the right, to {s['lead']}. "
                     f"Next: journal titans opening.")
    data.update(threat=s["threat"], tier=s["tier"], phase=s["phase"], lead=s["lead"])
    if "result" in s:
        data["result"] = s["result"]
    summary = f"Turn {s['turn']} ends: " + (", ".join(f"{r['invader']}→{r['target']} {r['damage']}"
                                                       for r in report) or "no invader damage")
    if s["phase"] == "over":
        summary += f"; the game is lost ({s['reason']})"
    elif s["phase"] == "final":
        summary += "; all rifts closed, Final Episode drawn"
    else:
        summary += f"; lead → {s['lead']}"
    return Outcome(s, summary, lines, data)


def final(state: dict, dice, result: str) -> Outcome:
    """T7: the Final Episode's outcome, as the players read it from the card."""
    _refuse_if_over(state)
    if state["phase"] != "final":
        raise RuleError("the Final Episode is drawn at the Ending Phase once every rift is closed")
    if result not in RESULTS:
        raise InputError(f"'{result}' is not an outcome: expected won or lost")
    s = _copy(state)
    lines: list[str] = []
    _end(s, result, "the Final Episode " + ("is won" if result == "won" else "is lost"), lines)
    return Outcome(s, lines[0], lines, {"result": result, "phase": "over"})


# --- destroyed Titans and pilots ------------------------------------------------------------

def _discard_pilot(s: dict, name: str, lines: list[str]) -> str:
    t = s["titans"][name]
    pilot = t.pop("pilot")
    t.pop("pilot_check", None)
    s["decks"]["pilot_discard"] += 1
    lines.append(f"{pilot} dies: discard the Pilot Card.")
    _threat(s, 1, f"pilot {pilot} died", lines)
    if t["destroyed"]:
        lines.append(f"Next turn, after the Episode Card, {t['player']} draws a new Pilot Card: journal titans "
                     f"reenter {name} CITY --pilot NAME.")
    else:
        lines.append(f"{t['player']} draws a new Pilot Card: journal titans pilot {name} NAME.")
    return pilot


def pilot_dies(state: dict, dice, player: str) -> Outcome:
    """A pilot dies (the red symbol on a destroyed Titan's die, or a card): THREAT +1 (T4)."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    s = _copy(state)
    name = titan_of(s, player)
    t = s["titans"][name]
    if "pilot" not in t:
        raise RuleError(f"{name}'s cockpit is empty: no pilot to lose")
    lines: list[str] = []
    pilot = _discard_pilot(s, name, lines)
    return Outcome(s, f"{pilot} ({name}) dies", lines, {"titan": name, "player": t["player"], "pilot": pilot,
                                                         "threat": s["threat"], "phase": s["phase"]})


def pilot_check(state: dict, dice, titan: str, red: bool | None = None) -> Outcome:
    """The single die rolled for a destroyed Titan's pilot: the red symbol kills the pilot."""
    _refuse_if_over(state)
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    if not t.get("pilot_check"):
        raise RuleError(f"no pilot die is waiting for {name} (one is rolled when a Titan is destroyed)")
    lines: list[str] = []
    face = None
    if red is None:
        if "dice" not in s:
            raise InputError("say what the die shows: --red or --not-red (or start the game with --dice FILE so "
                             "journal can roll it)")
        face = dice.roll(6, "titan die")
        sym = s["dice"]["faces"][face - 1]
        red = sym == s["dice"]["red"]
        lines.append(f"The die shows {sym}.")
    if red:
        pilot = _discard_pilot(s, name, lines)
        summary = f"{name}'s pilot die: red, {pilot} dies"
    else:
        t.pop("pilot_check")
        lines.append(f"{t['pilot']} survives and stays in {name}'s cockpit.")
        summary = f"{name}'s pilot die: {t['pilot']} survives"
    return Outcome(s, summary, lines, {"titan": name, "red": red, "face": face, "threat": s["threat"],
                                       "phase": s["phase"]})


def _draw_pilot(s: dict, lines: list[str]) -> None:
    d = s["decks"]
    if d["pilots"] == 0 and d["pilot_discard"] > 0:
        d["pilots"], d["pilot_discard"] = d["pilot_discard"], 0
        lines.append(f"The Pilot deck is empty: shuffle the discarded Pilot Cards into a new deck ({d['pilots']}).")
    if d["pilots"] == 0:
        raise RuleError("no Pilot Card is left to draw")
    d["pilots"] -= 1


def pilot(state: dict, dice, titan: str, name: str) -> Outcome:
    """A new Pilot Card drawn into an empty cockpit."""
    _refuse_if_over(state)
    s = _copy(state)
    tname = titan_of(s, titan)
    t = s["titans"][tname]
    if "pilot" in t:
        raise RuleError(f"{tname}'s cockpit holds {t['pilot']}: a new pilot comes only when one dies")
    if t["destroyed"]:
        raise RuleError(f"{tname} is destroyed: draw the pilot as it re-enters (journal titans reenter {tname} "
                        f"CITY --pilot NAME)")
    if not name.strip():
        raise InputError("the pilot's name is empty")
    lines: list[str] = []
    _draw_pilot(s, lines)
    t["pilot"] = name.strip()
    lines.append(f"{t['player']} draws {t['pilot']} and places the Pilot Card in {tname}'s cockpit.")
    return Outcome(s, f"{t['pilot']} pilots {tname}", lines, {"titan": tname, "pilot": t["pilot"]})


def reenter(state: dict, dice, titan: str, city: str, pilot_name: str | None = None) -> Outcome:
    """A destroyed Titan re-enters the turn after, once the Episode Card is resolved: 1 Hit
    Point left, on a city with no invader; a dead pilot is replaced first."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    if not t["destroyed"]:
        raise RuleError(f"{name} is not destroyed")
    if s["phase"] not in ("opening", "fight"):
        raise RuleError("a destroyed Titan re-enters in the next turn's Opening Phase, after the Episode Card "
                        "(or later in that turn's Fight Phase)")
    if t.get("destroyed_turn", 0) >= s["turn"]:
        raise RuleError(f"{name} was destroyed this turn: it re-enters next turn")
    if t.get("pilot_check"):
        raise RuleError(f"roll {name}'s pilot die first: journal titans pilot-check {name} --red|--not-red")
    cname = city_of(s, city)
    if invaders_at(s, ("city", cname)):
        raise RuleError(f"{cname} holds invaders ({', '.join(invaders_at(s, ('city', cname)))}): a Titan re-enters "
                        f"on a city with no invader")
    lines: list[str] = []
    if "pilot" not in t:
        if not pilot_name or not pilot_name.strip():
            raise InputError(f"{name}'s cockpit is empty: draw a Pilot Card and name it with --pilot NAME")
        _draw_pilot(s, lines)
        t["pilot"] = pilot_name.strip()
        lines.append(f"{t['player']} draws {t['pilot']}: place the card on {name}'s sheet.")
    elif pilot_name:
        raise RuleError(f"{t['pilot']} survived: {name} keeps its pilot")
    t["destroyed"] = False
    t.pop("destroyed_turn", None)
    t["damage"] = t["hp"] - 1
    t["city"] = cname
    lines.insert(0, f"{name} re-enters on {cname} with 1 Hit Point left ({t['damage']}/{t['hp']} damage). Its "
                    f"Tech Cards stay disabled until re-enabled by repair successes.")
    return Outcome(s, f"{name} re-enters on {cname}", lines, {"titan": name, "city": cname, "damage": t["damage"],
                                                               "pilot": t["pilot"]})


# --- by hand (A2) ---------------------------------------------------------------------------

def threat(state: dict, dice, delta: int | None = None, value: int | None = None, reason: str = "") -> Outcome:
    """A2: THREAT moved by a card's text, logged with the reason (0..21; 21 loses, T1)."""
    _refuse_if_over(state)
    reason = " ".join((reason or "").split())
    if not reason:
        raise InputError("--reason is required: the card or rule that moves THREAT")
    if value is None and not delta:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    if value is not None and not 0 <= value <= THREAT_MAX:
        raise InputError(f"=N: THREAT runs 0..{THREAT_MAX}")
    s = _copy(state)
    lines: list[str] = []
    before = s["threat"]
    _threat(s, delta or 0, reason, lines, value=value)
    summary = f"THREAT {before} → {s['threat']} ({reason})"
    return Outcome(s, summary, lines, {"before": before, "threat": s["threat"], "tier": s["tier"],
                                       "phase": s["phase"], **({"result": s["result"]} if "result" in s else {})})


def damage(state: dict, dice, n: int, city: str | None = None, titan: str | None = None,
           support: str | None = None, player: str | None = None, direct: bool = False) -> Outcome:
    """A2: damage (or, negative, repair) a city, a Titan or Supports as a card says. Armor
    applies to Titans unless --direct; destruction and THREAT follow the rules."""
    _refuse_if_over(state)
    if sum(x is not None for x in (city, titan, support)) != 1:
        raise InputError("name exactly one of --city C, --titan T, --support C")
    if n == 0:
        raise InputError("N = 0 changes nothing: positive N damages, negative N removes damage")
    s = _copy(state)
    lines: list[str] = []
    data: dict = {"n": n}
    if city is not None:
        cname = city_of(s, city, "--city")
        c = s["cities"][cname]
        if n > 0:
            _damage_city(s, cname, n, lines, "damage")
        else:
            before = c["damage"]
            c["damage"] = max(0, c["damage"] + n)
            lines.append(f"Remove {plural(before - c['damage'], 'City Damage Token')} from {cname} "
                         f"({c['damage']}/{CITY_HP[c['type']]}).")
            if c["destroyed"]:
                c["destroyed"] = False
                lines.append(f"{cname} is no longer destroyed: take its City Destroyed Token off (THREAT is not "
                             f"lowered: use journal titans threat if the card says so).")
        data.update(city=cname, damage=c["damage"], destroyed=c["destroyed"])
        summary = f"{cname}: {n:+d} damage by hand → {c['damage']}"
    elif titan is not None:
        name = titan_of(s, titan, "--titan")
        t = s["titans"][name]
        if t["destroyed"]:
            raise RuleError(f"{name} is destroyed: it re-enters with journal titans reenter")
        if n > 0:
            _damage_titan(s, name, n, lines, "damage", armor=not direct)
        else:
            before = t["damage"]
            t["damage"] = max(0, t["damage"] + n)
            lines.append(f"Remove {plural(before - t['damage'], 'Damage Token')} from {name} "
                         f"({t['damage']}/{t['hp']}).")
        data.update(titan=name, damage=t["damage"], destroyed=t["destroyed"])
        summary = f"{name}: {n:+d} damage by hand → {t['damage']}" + (" (destroyed)" if t["destroyed"] else "")
    else:
        cname = city_of(s, support, "--support")
        here = supports_at(s, cname)
        if player is not None:
            pname = player_of(s, player, "--player")
        elif len(here) == 1:
            pname = next(iter(here))
        elif not here:
            raise RuleError(f"no Support is on {cname}")
        else:
            raise InputError(f"--player is required: Supports of {', '.join(here)} are on {cname}")
        if not here.get(pname):
            raise RuleError(f"{pname} has no Support on {cname}")
        if n > 0:
            got = _damage_supports(s, pname, cname, n, lines, "damage")
            if got < n:
                lines.append(f"{n - got} more damage finds no {pname} Support on {cname}.")
        else:
            sups = [sp for sp in s["players"][pname]["supports"] if sp["city"] == cname and sp["damage"]]
            fixed = 0
            for sp in sups[: -n]:
                sp["damage"] = 0
                fixed += 1
            lines.append(f"Stand {plural(fixed, 'knocked-down Support')} of {pname} on {cname} back up.")
        data.update(player=pname, city=cname, supports=supports_at(s, cname).get(pname, 0))
        summary = f"{pname}'s Supports on {cname}: {n:+d} damage by hand"
    data.update(threat=s["threat"], phase=s["phase"])
    if "result" in s:
        data["result"] = s["result"]
    return Outcome(s, summary, lines, data)


def credits(state: dict, dice, player: str, delta: int | None = None, value: int | None = None,
            reason: str = "") -> Outcome:
    """A2: Credits gained or paid by a card (never below 0)."""
    _refuse_if_over(state)
    s = _copy(state)
    pname = player_of(s, player)
    p = s["players"][pname]
    before = p["credits"]
    after = value if value is not None else before + (delta or 0)
    if value is None and not delta:
        raise InputError("a DELTA of 0 changes nothing: type +N, -N or =N")
    if after < 0:
        raise RuleError(f"{pname} has {plural(before, 'Credit')}: cannot pay {before - after}")
    p["credits"] = after
    why = f" ({' '.join(reason.split())})" if reason and reason.strip() else ""
    line = f"{pname}: Credits {before} → {after}{why}."
    return Outcome(s, line, [line], {"player": pname, "before": before, "credits": after})


def lead(state: dict, dice, player: str) -> Outcome:
    """A2: hand the Lead Character Token to a player."""
    _refuse_if_over(state)
    s = _copy(state)
    pname = player_of(s, player)
    if s["lead"] == pname:
        raise RuleError(f"{pname} is already the Lead Character")
    s["lead"] = pname
    line = f"Give the Lead Character Token to {pname}."
    return Outcome(s, line, [line], {"lead": pname})


def invader(state: dict, dice, pawn: str, city: str | None = None, lair: bool = False, rift: bool = False,
            hurt: int | None = None) -> Outcome:
    """A2: put an invader pawn where a card says (a city, its Lair, back on its rift) or set
    its damage. No invasion damage is dealt (use `invade` for an invasion)."""
    _refuse_if_over(state)
    s = _copy(state)
    pid = pawn_of(s, pawn)
    rname = rift_of_pawn(s, pid)
    r = s["rifts"][rname]
    if sum(bool(x) for x in (city is not None, lair, rift)) > 1:
        raise InputError("give one of --city C, --lair, --rift")
    if city is None and not lair and not rift and hurt is None:
        raise InputError("say what changes: --city C, --lair, --rift or --damage N")
    if hurt is not None and hurt < 0:
        raise InputError(f"--damage {hurt}: expected 0 or more")
    lines: list[str] = []
    dmg = pawn_damage(s, pid) if hurt is None else hurt
    moved_to = None
    if city is not None or lair or rift:
        # take it off wherever it is
        s["invaders"].pop(pid, None)
        if pid in r["guardians"]:
            r["guardians"].remove(pid)
        if pid in r["lair"]:
            r["lair"].remove(pid)
        r.get("guardian_damage", {}).pop(pid, None)
        if city is not None:
            cname = city_of(s, city, "--city")
            s["invaders"][pid] = {"city": cname, "damage": dmg}
            moved_to = cname
        elif lair:
            r["lair"].append(pid)
            dmg = 0
            moved_to = f"{rname} Lair"
        else:
            if r["closed"]:
                raise RuleError(f"the {rname} Rift is closed")
            spot = s["cards"][pid]["reward"]
            pos = len([g for g in r["guardians"] if s["cards"][g]["reward"] <= spot])
            r["guardians"].insert(pos, pid)
            moved_to = f"{rname} Rift (spot {spot})"
        lines.append(f"Put {pid} on the {moved_to}." if moved_to.endswith(("Lair", ")")) else f"Put {pid} on {moved_to}.")
    if pid in s["invaders"]:
        s["invaders"][pid]["damage"] = dmg
    elif pid in r["guardians"]:
        gd = r.setdefault("guardian_damage", {})
        gd[pid] = dmg
        if not dmg:
            gd.pop(pid)
        if not gd:
            r.pop("guardian_damage")
    elif hurt:
        raise RuleError(f"{pid} is in the {rname} Lair: a pawn there has no damage")
    if hurt is not None:
        lines.append(f"{pid} has {plural(dmg, 'Invader Damage Token')}.")
    if (pid in s["invaders"] or pid in r["guardians"]) and dmg >= stats(s, pid)["hp"]:
        raise RuleError(f"{pid} would have {dmg} damage and its HP is {stats(s, pid)['hp']}: an invader with "
                        f"that much damage is destroyed (journal titans invader {pid} --lair)")
    summary = f"{pid} set by hand: " + (f"to {moved_to}" if moved_to else "") + \
              (f"{', ' if moved_to else ''}damage {dmg}" if hurt is not None else "")
    return Outcome(s, summary, lines, {"invader": pid, "where": moved_to, "damage": dmg})


def next_phase(state: dict, dice) -> Outcome:
    """Close the current phase and start the next (Opening → Fight → Upgrade)."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    phase = state["phase"]
    if phase in ("setup", "ending"):
        return opening(state, dice)
    if phase == "upgrade":
        raise RuleError("the Ending Phase is next: journal titans ending [--assign INVADER=TARGET]...")
    s = _copy(state)
    lines: list[str] = []
    if phase == "opening":
        if s["invasions"]:
            lines.append(f"({plural(s['invasions'], 'invasion')} from this turn's Episode Cards were not recorded.)")
        s["invasions"] = 0
        s["phase"] = "fight"
        lines.insert(0, f"Fight Phase of turn {s['turn']}: from {s['lead']}, each Titan may move, then attack.")
    else:
        s["phase"] = "upgrade"
        lines.insert(0, f"Upgrade Phase of turn {s['turn']}: each player rolls a Repair Check "
                        f"(journal titans repair TITAN --successes N), then Development.")
    return Outcome(s, f"{PHASE_TEXT[s['phase']]} of turn {s['turn']}", lines, {"phase": s["phase"], "turn": s["turn"]})


def check(state: dict, dice, titan: str, ability: str, bonus_dice: int = 0) -> Outcome:
    """An ability check rolled with the custom-die face table (logged; the state is unchanged)."""
    _refuse_if_over(state)
    if ability not in CHECKS:
        raise InputError(f"'{ability}' is not an ability check: expected {', '.join(CHECKS)}")
    name = titan_of(state, titan)
    lines: list[str] = []
    got = _roll_check(state, dice, name, ability, bonus_dice, lines)
    return Outcome(copy.deepcopy(state), lines[0], lines, {"titan": name, "ability": ability, "successes": got})


def set_value(state: dict, dice, path: list[str], value=None, unset: bool = False) -> Outcome:
    """A2: set any value of the save by hand (a card's text overrides the rules); the result
    must still be a valid save. THREAT keeps its tier in step."""
    from journal.games.titans import validate   # the package imports this module first

    _ = dice
    if not path:
        raise InputError("name the key to set, e.g. cities.Tokyo.damage")
    s = _copy(state)
    node = s
    for part in path[:-1]:
        if not isinstance(node, dict) or part not in node:
            raise InputError(f"{'.'.join(path)}: there is no {part!r} here")
        node = node[part]
    leaf = path[-1]
    if not isinstance(node, dict):
        raise InputError(f"{'.'.join(path)}: {path[-2]!r} is not a table")
    before = node.get(leaf, None)
    if unset:
        if leaf not in node:
            raise InputError(f"{'.'.join(path)} is not set")
        del node[leaf]
    else:
        node[leaf] = value
    if path == ["threat"] and not unset and isinstance(value, int) and not isinstance(value, bool):
        s["tier"] = tier(value) if 0 <= value <= THREAT_MAX else s["tier"]
        if value == THREAT_MAX and s["phase"] != "over":
            lines: list[str] = []
            _end(s, "lost", "THREAT reached the sixth, numberless Red step", lines)
    problems = validate(s)
    if problems:
        raise InputError(f"that would make the save invalid: {problems[0]}")
    shown = "(removed)" if unset else _show(value)
    line = f"Set {'.'.join(path)} = {shown} by hand (was {_show(before) if before is not None else 'unset'})."
    return Outcome(s, line, [line], {"path": path, "before": before, "value": None if unset else value})


def _show(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)
