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
from journal.games.titans import effects, order
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
ONE = "O.N.E."                  # the Pilot Card printed in the rulebook (The Pilot Cards)


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
            "ability": card["ability"][i] if "ability" in card else "",
            "effect": dict(card["effect"][i]) if "effect" in card else {}}


def _tier_word(t: str) -> str:
    return t.capitalize()


def _ability_line(state: dict, pid: str, when: str) -> str:
    st = stats(state, pid)
    cat = category(state, pid)
    text = f": {st['ability']}" if st["ability"] else ""
    return (f"{pid}'s {cat.capitalize()} ability triggers ({when}): read the {_tier_word(st['section'])} "
            f"section of its card{text}")


# --- invader abilities: the effect vocabulary (effects.py) applied ---------------------------

def _picks(adjacent=(), disable=()) -> dict:
    """The players' choices an ability may need: an adjacent city, Tech Cards to disable."""
    return {"adjacent": [a for a in adjacent if a and a.strip()], "disable": [d for d in disable if d and d.strip()]}


def _unused_picks(picks: dict) -> None:
    """A choice no ability asked for is refused (a typo would otherwise vanish)."""
    if picks["adjacent"]:
        raise InputError(f"--adjacent {picks['adjacent'][0]}: no invader ability here damages an adjacent city")
    if picks["disable"]:
        raise InputError(f"--disable {picks['disable'][0]}: no invader ability here disables a Tech Card")


def _trigger(s: dict, pid: str, loc, lines: list[str], titan: str | None = None, picks: dict | None = None,
             apply: bool = True) -> dict:
    """An invader's special ability triggers: name it (the section in force, T2) and apply its
    effect, if its card has one; otherwise it stays a reminder for the table."""
    cat = category(s, pid)
    st = stats(s, pid)
    lines.append(_ability_line(s, pid, TRIGGER[cat]))
    record = {"invader": pid, "category": cat, "section": st["section"], "ability": st["ability"],
              "effect": st["effect"], "applied": bool(st["effect"])}
    if not st["effect"]:
        if st["ability"]:
            lines.append(f"({pid}'s ability has no effect journal applies: resolve it by hand.)")
    elif apply:
        _apply_effect(s, pid, st["effect"], loc, lines, titan, picks)
    return record


def _apply_effect(s: dict, pid: str, eff: dict, loc, lines: list[str], titan: str | None,
                  picks: dict | None) -> None:
    """Apply an effect (effects.KEYS) at `loc`: its city, the Titans and Supports there, the
    triggering Titan, THREAT. Stops as soon as the game is lost."""
    picks = picks if picks is not None else _picks()
    why = f"{pid}'s ability"
    city = loc[1] if loc is not None and loc[0] == "city" else None
    armor = not eff.get("direct", False)

    def over() -> bool:
        return s["phase"] == "over"

    if eff.get("city") and not over():
        if city:
            _damage_city(s, city, eff["city"], lines, f"damage ({why})")
        else:
            lines.append(f"{why} damages its city: there is none on the {loc[1]} Rift, so the damage is lost.")
    if eff.get("adjacent") and not over():
        if city is None:
            lines.append(f"{why} damages a city next to its own: there is none by the {loc[1]} Rift.")
        else:
            near = sorted(c for c in neighbours(s)[city] if not s["cities"][c]["destroyed"])
            target = _pick_adjacent(s, picks, near, city, why, lines)
            if target:
                _damage_city(s, target, eff["adjacent"], lines, f"damage ({why})")
    if city and eff.get("knock_down") and not over():
        _knock_down(s, city, lines, why)
    if city and eff.get("supports") and not over():
        _hit_supports(s, city, eff["supports"], lines, why)
    if eff.get("titans") and not over():
        for name in titans_at(s, loc):
            if not over():
                _damage_titan(s, name, eff["titans"], lines, f"damage ({why})", armor=armor)
    if titan is not None and not over() and not s["titans"][titan]["destroyed"]:
        if eff.get("titan"):
            _damage_titan(s, titan, eff["titan"], lines, f"damage ({why})", armor=armor)
        t = s["titans"][titan]
        if eff.get("charges") and not t["destroyed"] and not over():
            n = eff["charges"]
            changed = []
            for card, tc in t["tech"].items():
                new = max(0, min(CHARGES_MAX, tc["charges"] + n))
                if new != tc["charges"]:
                    tc["charges"] = new
                    changed.append(f"{card} {new}/{CHARGES_MAX}")
            verb = "gains" if n > 0 else "loses"
            lines.append(f"Each Tech Card of {titan} {verb} {plural(abs(n), 'Charge')} ({why}): "
                         + (", ".join(changed) if changed else "none changes") + ".")
        if eff.get("disable") and not t["destroyed"] and not over():
            _disable_tech(s, titan, eff["disable"], lines, why, picks)
    if eff.get("threat") and not over():
        cond = eff.get("threat_if")
        if cond and not (city and s["cities"][city]["type"] == cond):
            lines.append(f"THREAT does not move: {why} moves it only on a {CITY_LABEL[cond]}.")
        else:
            _threat(s, eff["threat"], why, lines)


def _pick_adjacent(s: dict, picks: dict, near: list[str], city: str, why: str, lines: list[str]) -> str | None:
    if not near:
        lines.append(f"{why}: no standing city is adjacent to {city}, so the damage is lost.")
        return None
    if picks["adjacent"]:
        name = picks["adjacent"].pop(0)
        c = find(s["cities"], name, "city", "--adjacent")
        if c not in near:
            raise RuleError(f"--adjacent {c} is not a standing city adjacent to {city} ({', '.join(near)})")
        return c
    if len(near) == 1:
        return near[0]
    raise InputError(f"--adjacent CITY is required: {why} damages one city adjacent to {city}: one of "
                     f"{', '.join(near)}")


def _disable_tech(s: dict, titan: str, n: int, lines: list[str], why: str, picks: dict) -> None:
    t = s["titans"][titan]
    enabled = [c for c, tc in t["tech"].items() if not tc["disabled"]]
    k = min(n, len(enabled))
    if k == 0:
        lines.append(f"{why} disables a Tech Card of {titan}: it has no enabled one.")
        return
    chosen: list[str] = []
    while picks["disable"] and len(chosen) < k:
        c = find(t["tech"], picks["disable"].pop(0), f"Tech Card of {titan}", "--disable")
        if c not in enabled or c in chosen:
            raise RuleError(f"--disable {c}: it is not an enabled Tech Card of {titan} ({', '.join(enabled)})")
        chosen.append(c)
    rest = [c for c in enabled if c not in chosen]
    if len(chosen) < k:
        if len(rest) != k - len(chosen):
            raise InputError(f"--disable CARD is required: {why} disables {plural(k - len(chosen), 'Tech Card')} "
                             f"of {titan}: one of {', '.join(rest)}")
        chosen += rest
    for c in chosen:
        t["tech"][c]["disabled"] = True
        lines.append(f"Disable {c} ({titan}, {why}): flip it upside down; it gives no bonus until re-enabled.")


def _knock_down(s: dict, city: str, lines: list[str], why: str) -> None:
    for pl in s["players"].values():
        k = 0
        for sp in pl["supports"]:
            if sp["city"] == city and sp["damage"] == 0:
                sp["damage"] = 1
                k += 1
        if k:
            color = pl["color"]
            lines.append(f"Knock down {plural(k, color + ' Support')} in {city} ({why}): lay "
                         f"{'it' if k == 1 else 'them'} down.")
    if not any(sp["city"] == city for pl in s["players"].values() for sp in pl["supports"]):
        lines.append(f"{why} knocks down the Supports in {city}: there are none.")


def _hit_supports(s: dict, city: str, n: int, lines: list[str], why: str) -> None:
    hit = False
    for p, pl in s["players"].items():
        kept, down, gone = [], 0, 0
        for sp in pl["supports"]:
            if sp["city"] != city:
                kept.append(sp)
                continue
            hit = True
            sp["damage"] += n
            if sp["damage"] >= SUPPORT_HP:
                gone += 1
            else:
                down += 1
                kept.append(sp)
        pl["supports"] = kept
        color = pl["color"]
        if gone:
            lines.append(f"{plural(gone, color + ' Support')} in {city} {'is' if gone == 1 else 'are'} destroyed "
                         f"({why}): return {'it' if gone == 1 else 'them'} to {p}.")
        if down:
            lines.append(f"{plural(down, color + ' Support')} in {city} {'is' if down == 1 else 'are'} knocked "
                         f"down ({why}).")
    if not hit:
        lines.append(f"{why} damages every Support in {city}: there are none.")


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
            "supports_moved": False, "done": []}


STEP_NAME = {"fight": "Fight Phase", "development": "Development step", "supports": "Support Movement"}


def _close_step(s: dict, step: str, lines: list[str]) -> None:
    """An ordered step ends (a command of a later step, or `next`): who never acted passed."""
    missed = order.missed(s, step)
    if missed:
        lines.append(f"(The {STEP_NAME[step]} is over: {', '.join(missed)} did not take "
                     f"{'a turn' if step == 'fight' else 'an action'}.)")
    order.restart(s)


def _turn_line(s: dict, step: str) -> str:
    """Whose turn is next in an ordered step, or what comes after it."""
    who = order.whose_turn(s, step)
    if who is None:
        return {"fight": "Every Titan has had its turn: journal titans next (Upgrade Phase).",
                "development": "Development done. Supports may move up to 3 cities (journal titans supports "
                               "PLAYER --from C --to C), then journal titans ending.",
                "supports": "Support Movement done: journal titans ending.",
                "setup": "Then start turn 1: journal titans opening."}[step]
    if step == "setup":
        return f"Next {order.STEP_TEXT[step]}: {who} ({order.hint(s, step, who)})."
    return f"Next {order.STEP_TEXT[step]}: {who} ({order.hint(s, step, who)}, or journal titans pass {who})."


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
    if current in ("opening", "fight") and phase != "fight":
        _close_step(s, "fight", lines)
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
            credits, immune, ability, effect = [], [], [], []
            for t_name in TIERS:
                sec = card.get(t_name)
                spath = f"{cpath}.{t_name}"
                if not isinstance(sec, dict):
                    raise _issue(source, spath, "is missing: every card has a green, white, blue and red section")
                for k in sec:
                    if k not in ("hp", "dmg", "reward", "immune", "ability", "effect"):
                        raise _issue(source, f"{spath}.{k}", "is not a known key: expected hp, dmg, reward, "
                                                             "immune, ability, effect")
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
                effect.append(effects.load(source, f"{spath}.effect", sec["effect"], cat) if "effect" in sec else {})
            if any(c != entry["reward"] for c in credits):
                entry["credits"] = credits
            if any(immune):
                entry["immune"] = immune
            if any(ability):
                entry["ability"] = ability
            if any(effect):
                entry["effect"] = effect
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
        board_name: str = "", invaders_name: str = "", face_up: tuple = ()) -> Outcome:
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
        if spec.get("blow_dice"):
            titan["blow_dice"] = spec["blow_dice"]
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
    # Setup 13: the Titans are placed starting with the Lead Character, clockwise
    first_unplaced = None
    for p in order.seat_order(state):
        tname = state["players"][p]["titan"]
        if "city" not in state["titans"][tname]:
            first_unplaced = first_unplaced or tname
        elif first_unplaced:
            raise InputError(f"--titan '{tname}': city= places it before {first_unplaced}, who comes first from the "
                             f"Lead Character ({state['lead']}) clockwise (Setup 13): give {first_unplaced} a city= "
                             f"too, or place {tname} with `journal titans move` after it")
    names_up = [n.strip() for n in face_up if n and n.strip()]
    if len(names_up) > FACE_UP:
        raise InputError(f"--face-up given {len(names_up)} times: {FACE_UP} Tech Cards are drawn face up (Setup 10)")
    if names_up:
        state["decks"]["face_up_cards"] = names_up
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
    unplaced = [state["players"][p]["titan"] for p in order.waiting(state, "setup")]
    if unplaced:
        lines.append(f"Starting with {state['lead']} and going clockwise, place each Titan on a city: "
                     + ", ".join(f"journal titans move {t} CITY" for t in unplaced) + ".")
    lines.append(f"Then start turn 1: {opening_hint(state)}.")
    summary = f"Game set up: {names}; lead {state['lead']}; rifts " + ", ".join(
        f"{r}={v['type']}" for r, v in state["rifts"].items())
    return Outcome(state, summary, lines, {"state": state, "rifts": {r: v["type"] for r, v in state["rifts"].items()}})


# --- Opening Phase --------------------------------------------------------------------

def _draw_episodes(s: dict, n: int, lines: list[str], choose: bool = False) -> int:
    """Draw n Episode Cards: the first to the Episode Discard Pile, the rest to the Invasion
    Discard Pile; an empty deck is remade from the Invasion Discard Pile. `choose`: O.N.E.
    draws one more with the first and keeps one (the other goes to the Episode Discard Pile)."""
    d = s["decks"]
    drawn = 0
    for i in range(n + (1 if choose else 0)):
        if d["episode"] == 0 and d["invasion_discard"] > 0:
            d["episode"], d["invasion_discard"] = d["invasion_discard"], 0
            lines.append(f"The Episode deck is empty: shuffle the Invasion Discard Pile into a new deck "
                         f"({d['episode']} cards).")
        if d["episode"] == 0:
            lines.append("No Episode Card is left to draw (the deck and the Invasion Discard Pile are empty).")
            break
        d["episode"] -= 1
        if i == 0 or (choose and i == 1):
            d["episode_discard"] += 1
        else:
            d["invasion_discard"] += 1
        drawn += 1
    return drawn


def is_one(pilot: str | None) -> bool:
    """The pilot O.N.E. (the Pilot Card printed in the rulebook), however its name is typed."""
    return bool(pilot) and "".join(ch for ch in pilot.casefold() if ch.isalnum()) == "one"


def _lead_pilot(s: dict) -> str | None:
    return s["titans"][s["players"][s["lead"]]["titan"]].get("pilot")


def opening_hint(s: dict) -> str:
    """`journal titans opening`, with O.N.E.'s choice when O.N.E. flies the lead's Titan."""
    if is_one(_lead_pilot(s)):
        return (f"journal titans opening ({s['lead']}'s pilot {_lead_pilot(s)} may draw two Episode Cards and "
                f"choose which one resolves: add --pilot-draw)")
    return "journal titans opening"


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


def opening(state: dict, dice, pilot_draw: bool = False) -> Outcome:
    """Opening Phase: THREAT +1 (T4), the Episode Cards to draw (T3), invader movements.
    `pilot_draw`: the Lead Character's pilot O.N.E. draws two Episode Cards and chooses which
    one resolves (its Pilot Card, printed in the rulebook)."""
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
    if pilot_draw and not is_one(_lead_pilot(s)):
        raise RuleError(f"--pilot-draw: {s['lead']}'s pilot is {_lead_pilot(s) or 'missing'}; only {ONE} draws "
                        f"two Episode Cards and chooses which one resolves")
    drawn = _draw_episodes(s, n, lines, choose=pilot_draw)
    chosen_from = 2 if pilot_draw and drawn >= 2 else 1
    if chosen_from == 2:
        drawn -= 1
        lines.append(f"{_lead_pilot(s)} ({s['lead']}'s pilot) draws two Episode Cards and chooses which one "
                     f"resolves: put the other on the Episode Discard Pile unread.")
    s["invasions"] = drawn
    if drawn:
        extra = drawn - 1
        first = (f"{s['lead']} draws {plural(drawn, 'Episode Card')}. Read the first aloud and resolve its text, "
                 f"then put it on the Episode Discard Pile.")
        if chosen_from == 2:
            first = (f"{s['lead']} draws {plural(drawn, 'Episode Card')} (the chosen one first). Read it aloud and "
                     f"resolve its text, then put it on the Episode Discard Pile.")
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
                invasions=drawn, invader_moves=moved, phase=s["phase"], decks=dict(s["decks"]),
                pilot_draw=chosen_from == 2, order=order.seat_order(s))
    summary = (f"Turn {s['turn']} opens: THREAT {s['threat']} ({_tier_word(s['tier'])}), "
               f"{plural(drawn, 'Episode Card')} drawn")
    if moved:
        summary += ", " + ", ".join(f"{m['invader']} {m['from']}→{m['to']}" for m in moved)
    return Outcome(s, summary, lines, data)


def _invade(s: dict, rift: str, city: str, lines: list[str], provoked: bool = False, picks: dict | None = None,
            abilities: list | None = None) -> str | None:
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
    if category(s, pid) == "flying" and s["phase"] != "over":
        rec = _trigger(s, pid, ("city", city), lines, picks=picks)
        if abilities is not None:
            abilities.append(rec)
    return pid


def invade(state: dict, dice, rift: str, city: str, adjacent: tuple = ()) -> Outcome:
    """Opening step 3: an Episode Card's invasion symbol names a rift and a city. A Flying
    invader's ability triggers as it invades (`adjacent`: the city its effect picks)."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    if state["phase"] in ("setup", "ending"):
        raise RuleError("invasions happen during a turn: start it with `journal titans opening`")
    s = _copy(state)
    rname = rift_of(s, rift, "--rift")
    cname = city_of(s, city, "--city")
    lines: list[str] = []
    picks = _picks(adjacent=adjacent)
    abilities: list = []
    pid = _invade(s, rname, cname, lines, picks=picks, abilities=abilities)
    _unused_picks(picks)
    if s["phase"] == "opening":
        s["invasions"] = max(0, s["invasions"] - 1)
    if s["phase"] != "over":
        if s["phase"] == "opening" and s["invasions"]:
            lines.append(f"{plural(s['invasions'], 'invasion')} still to place this Opening Phase.")
        elif s["phase"] == "opening":
            seats = [p for p in order.seat_order(s) if order.eligible(s, "fight", p)]
            lines.append(f"Fight Phase next, in turn from the Lead Character ({', then '.join(seats)}): move "
                         f"(journal titans move TITAN CITY) and attack (journal titans attack TITAN --successes N), "
                         f"or pass (journal titans pass PLAYER).")
    summary = (f"{pid} invades {cname} from the {rname} Rift" if pid else f"No invader from the {rname} Rift "
               f"for {cname}")
    return Outcome(s, summary, lines, {"invader": pid, "rift": rname, "city": cname,
                                       "city_damage": s["cities"][cname]["damage"],
                                       "destroyed": s["cities"][cname]["destroyed"], "threat": s["threat"],
                                       "invasions": s["invasions"], "phase": s["phase"], "abilities": abilities})


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


def move(state: dict, dice, titan: str, dest: str, bonus: int = 0, anywhere: bool = False,
         disable: tuple = ()) -> Outcome:
    """Fight step 1: move up to Movement cities, in turn from the Lead Character (Setup 13:
    place the Titans before turn 1, in the same order). Mechanical invaders where it
    arrives trigger (`disable`: the Tech Cards their effect disables)."""
    _refuse_if_over(state)
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    player = t["player"]
    loc = _destination(s, dest)
    lines: list[str] = []
    if s["phase"] == "setup":
        if loc[0] != "city":
            raise RuleError(f"at setup each Titan is placed on a city, not on {_loc_text(loc)}")
        if location(t) is not None:
            raise RuleError(f"{name} is already placed on {where_text(t)}: Setup 13 places each Titan once "
                            f"(journal undo to place it again)")
        if disable:
            raise InputError("--disable: no invader ability triggers at setup")
        why, _ = order.turn(s, "setup", player)
        if why:
            raise RuleError(why)
        t["city"] = loc[1]
        lines = [f"Place {name} on {loc[1]}."]
        nxt = order.whose_turn(s, "setup")
        lines.append(_turn_line(s, "setup") if nxt else f"Then start turn 1: {opening_hint(s)}.")
        return Outcome(s, lines[0], lines, {"titan": name, "city": loc[1], "placed": True, "next": nxt})
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
    out_of_turn, closed = order.turn(s, "fight", player)
    t.pop("city", None)
    t.pop("rift", None)
    t[loc[0]] = loc[1]
    s["round"]["moved"].append(name)
    far = f" ({plural(steps, 'city', 'cities')})" if steps is not None and not anywhere else ""
    lines.insert(0, f"Move {name} from {_loc_text(here)} to {_loc_text(loc)}{far}.")
    picks = _picks(disable=disable)
    abilities = _enters(s, loc, lines, name, picks)
    _unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", player, closed, finished=False)
    foes = invaders_at(s, loc)
    if s["phase"] == "over" or t["destroyed"]:
        pass
    elif loc[0] == "city":
        if foes:
            lines.append(f"Invaders here: {_foes_text(s, foes)}. Attack: journal titans attack {name} "
                         f"--successes N [--target ID]...")
            lines.extend(_pool_lines(s, name, foes))
    else:
        r = s["rifts"][loc[1]]
        if foes:
            lines.append(f"The {loc[1]} Rift is guarded by {_foes_text(s, foes)}: {name} must defeat them all "
                         f"before revealing the Rift Token on a later turn (attack them as in a city).")
            lines.extend(_pool_lines(s, name, foes))
        else:
            what = "reveal the Rift Token and face the Trial" if r["trial"] == "sealed" else "face the Trial again"
            lines.append(f"{name} stands on the empty {loc[1]} Rift: {what} "
                         f"(journal titans trial {name} --rift {loc[1]} pass|fail).")
    summary = f"{name} moves {_loc_text(here)} → {_loc_text(loc)}"
    return Outcome(s, summary, lines, {"titan": name, "from": _loc_text(here), "to": _loc_text(loc),
                                       "steps": steps, "invaders": foes, "phase": s["phase"],
                                       "abilities": abilities, "damage": t["damage"],
                                       "destroyed": t["destroyed"]})


def _enters(s: dict, loc, lines: list[str], titan: str | None = None, picks: dict | None = None) -> list[dict]:
    """A Titan enters a city (or a guarded rift, whose guardians are "played as if they are
    occupying the same city"): the Mechanical invaders there trigger."""
    if isinstance(loc, str):
        loc = ("city", loc)
    out = []
    for pid in invaders_at(s, loc):
        if category(s, pid) == "mechanical" and s["phase"] != "over":
            if titan is not None and s["titans"][titan]["destroyed"]:
                break
            out.append(_trigger(s, pid, loc, lines, titan=titan, picks=picks))
    return out


def dice_pool(s: dict, name: str, ability: str, ignored=(), blow: bool = False, foes=()) -> tuple[int, list]:
    """The dice of an ability check (rulebook, Dice and Ability Checks): the ability score plus
    the bonus dice of enabled Tech Cards (not those ignored for an immunity), Tyrant Artifacts,
    the Final Blow (when used), and, in a Combat Check, the Amphibious invaders' dice effects.
    Returns (dice, [(source, n), ...])."""
    t = s["titans"][name]
    parts = [(ability.capitalize(), t[ability])]
    for card, tc in t["tech"].items():
        n = tc.get("dice", {}).get(ability, 0)
        if n and not tc["disabled"] and card not in ignored:
            parts.append((card, n))
    for art, bonus in s["players"][t["player"]].get("artifact_dice", {}).items():
        n = bonus.get(ability, 0)
        if n:
            parts.append((art, n))
    if ability == "combat":
        if blow and t.get("blow_dice"):
            parts.append(("Final Blow", t["blow_dice"]))
        for pid in foes:
            if category(s, pid) == "amphibious":
                n = stats(s, pid)["effect"].get("dice", 0)
                if n:
                    parts.append((pid, n))
    return max(0, sum(n for _, n in parts)), parts


def _pool_text(parts) -> str:
    return ", ".join(f"{src} {n}" if k == 0 else f"{src} {n:+d}" for k, (src, n) in enumerate(parts))


def _pool_lines(s: dict, name: str, foes, ability: str = "combat", ignored=(), blow: bool = False,
                typed: bool = False) -> list[str]:
    """Say how many dice to roll, when anything changes the plain ability score."""
    n, parts = dice_pool(s, name, ability, ignored=ignored, blow=blow, foes=foes)
    if len(parts) == 1:
        return []
    if typed:
        return [(f"{name}'s dice for this {ability.capitalize()} Check: {n} ({_pool_text(parts)}); the successes "
                 f"are taken as typed.")]
    return [f"{name} rolls {plural(n, 'die', 'dice')} in a {ability.capitalize()} Check here ({_pool_text(parts)})."]


def _foes_text(s: dict, pids: list[str]) -> str:
    parts = []
    for pid in pids:
        st = stats(s, pid)
        left = remaining_hp(s, pid)
        hp = f"HP {left}/{st['hp']}" if left != st["hp"] else f"HP {st['hp']}"
        imm = f", immune to {'/'.join(st['immune'])}" if st["immune"] else ""
        parts.append(f"{pid} ({hp}, DMG {st['dmg']}{imm})")
    return ", ".join(parts)


def _kill(s: dict, pid: str, name: str, lines: list[str], picks: dict | None = None,
          abilities: list | None = None) -> int:
    """An invader destroyed: its reward to the attacker's player, the pawn to its Lair; a
    Terrestrial invader's ability triggers (where it stood; "the Titan" is `name`)."""
    st = stats(s, pid)
    rift = rift_of_pawn(s, pid)
    r = s["rifts"][rift]
    if pid in s["invaders"]:
        loc = ("city", s["invaders"][pid]["city"])
        del s["invaders"][pid]
    else:
        loc = ("rift", rift)
        r["guardians"].remove(pid)
        r.get("guardian_damage", {}).pop(pid, None)
        if not r.get("guardian_damage"):
            r.pop("guardian_damage", None)
    r["lair"].append(pid)
    player = s["titans"][name]["player"]
    s["players"][player]["credits"] += st["reward"]
    lines.append(f"{pid} is destroyed: {player} gains {plural(st['reward'], 'Credit')}; put the pawn on the "
                 f"first free spot of the {rift} Lair.")
    if category(s, pid) == "terrestrial" and s["phase"] != "over":
        rec = _trigger(s, pid, loc, lines, titan=name, picks=picks)
        if abilities is not None:
            abilities.append(rec)
    return st["reward"]


def _hurt_pawn(s: dict, pid: str, n: int) -> None:
    if pid in s["invaders"]:
        s["invaders"][pid]["damage"] += n
    else:
        r = s["rifts"][rift_of_pawn(s, pid)]
        gd = r.setdefault("guardian_damage", {})
        gd[pid] = gd.get(pid, 0) + n


def _two_handed(t: dict, ignored=()) -> bool:
    """An enabled Two-Handed Tech Card (not ignored for an immunity) is on the sheet."""
    return any(tc["slot"] == "hands" and not tc["disabled"] and card not in ignored for card, tc in t["tech"].items())


def _is_success(table: dict, ability: str, face: int) -> bool:
    return table["faces"][face - 1] in table[ability]


def count_successes(state: dict, titan: str, ability: str, faces: list[int], ignored=()) -> int:
    """Successes of rolled custom dice: the symbols counted for that ability (face table);
    with an enabled Two-Handed Tech Card the red symbol counts 2 in a Combat Check."""
    table = state["dice"]
    t = state["titans"][titan]
    two_handed = ability == "combat" and _two_handed(t, ignored)
    total = 0
    for f in faces:
        sym = table["faces"][f - 1]
        if sym in table[ability]:
            total += 2 if (two_handed and sym == table["red"]) else 1
    return total


def _roll_check(s: dict, dice, name: str, ability: str, bonus_dice: int, lines: list[str], ignored=(),
                blow: bool = False, foes=(), reroll: int = 0) -> int:
    """Roll an ability check with the face table: the dice pool (dice_pool) plus `bonus_dice`;
    `reroll` failed dice are rolled again, once each ("a re-rolled die cannot be re-rolled")."""
    if "dice" not in s:
        raise InputError("--successes N is required: count the successes on your custom dice (or start the game "
                         "with --dice FILE so journal can roll them)")
    if bonus_dice < 0:
        raise InputError(f"--bonus-dice {bonus_dice}: extra dice are 0 or more")
    if reroll < 0:
        raise InputError(f"--reroll {reroll}: re-rolls are 0 or more")
    n, parts = dice_pool(s, name, ability, ignored=ignored, blow=blow, foes=foes)
    n += bonus_dice
    if n > 60:
        raise InputError(f"{n} dice is too many to roll at once")
    faces = [dice.roll(6, "titan die") for _ in range(n)]
    table = s["dice"]
    syms = [table["faces"][f - 1] for f in faces]
    how = f" ({_pool_text(parts)}{f', +{bonus_dice} bonus' if bonus_dice else ''})" if len(parts) > 1 else ""
    got = count_successes(s, name, ability, faces, ignored)
    lines.append(f"{name}'s {ability.capitalize()} Check: {plural(n, 'die', 'dice')}{how} → "
                 f"{', '.join(syms) or 'none'}: {plural(got, 'success', 'successes')}.")
    if reroll:
        failed = [i for i, f in enumerate(faces) if not _is_success(table, ability, f)][:reroll]
        if failed:
            again = []
            for i in failed:
                old = syms[i]
                faces[i] = dice.roll(6, "titan die")
                syms[i] = table["faces"][faces[i] - 1]
                again.append(f"{old} → {syms[i]}")
            got = count_successes(s, name, ability, faces, ignored)
            lines.append(f"Re-roll {plural(len(failed), 'failed die', 'failed dice')} once each: {', '.join(again)}: "
                         f"{plural(got, 'success', 'successes')}.")
        else:
            lines.append("No die failed: nothing to re-roll.")
    return got


def attack(state: dict, dice, titan: str, successes: int | None = None, targets: tuple = (),
           provoke: bool = False, rift: str | None = None, tech: tuple = (), final_blow: bool = False,
           bonus_dice: int = 0, reroll: int = 0, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Fight step 2: each success is 1 damage, dealt to the targets in order; excess carries to
    the next listed invader and is lost after the last. Provoke first brings a rift's first
    invader onto the Titan's city. At Red, immunities make the attack ignore the Tech Cards
    and Final Blow bearing those Attack Tags. The attack ends the player's Fight turn."""
    _need(state, "fight", "attacking")
    s = _copy(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    player = t["player"]
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
    out_of_turn, closed = order.turn(s, "fight", player)
    picks = _picks(adjacent=adjacent, disable=disable)
    abilities: list = []
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
        provoked = _invade(s, rname, loc[1], lines, provoked=True, picks=picks, abilities=abilities)
        head_at = len(lines)
        if s["phase"] == "over":
            if out_of_turn:
                raise RuleError(out_of_turn)
            return Outcome(s, f"{name} provokes {provoked} onto {loc[1]}: the game is lost", lines,
                           {"titan": name, "provoked": provoked, "threat": s["threat"], "phase": "over",
                            "abilities": abilities})
    elif rift is not None:
        raise InputError("--rift only goes with --provoke")
    here = invaders_at(s, loc)
    if not here:
        raise RuleError(f"there is no invader on {_loc_text(loc)} to attack")
    order_ = []
    for tg in targets:
        pid = pawn_of(s, tg, "--target")
        if pid not in here:
            raise RuleError(f"--target {pid} is not on {_loc_text(loc)} (here: {', '.join(here)})")
        if pid in order_:
            raise InputError(f"--target {pid} is named twice")
        order_.append(pid)
    if not order_:
        if len(here) == 1:
            order_ = list(here)
        else:
            raise InputError(f"--target is required: name the invaders in the order the damage goes "
                             f"(here: {', '.join(here)})")
    # Attack Tags and immunities (only at Red): "consider all their Attack Tag immunities before rolling"
    cards = []
    for c in tech:
        cname = find(t["tech"], c, f"Tech Card of {name}", "--tech")
        if t["tech"][cname]["disabled"]:
            raise RuleError(f"{cname} is disabled: re-enable it with a repair success first")
        cards.append(cname)
    if final_blow and not t["blow_ready"]:
        raise RuleError(f"{name}'s Final Blow is spent: refresh it in the Development step (develop ... refresh)")
    immune = sorted({tag for pid in order_ for tag in stats(s, pid)["immune"]}, key=TAGS.index)
    ignored = []
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
        # every equipped card bearing such a tag gives nothing to this attack (checked, not only declared)
        ignored = [c for c, tc in t["tech"].items() if not tc["disabled"] and set(tc.get("tags", [])) & set(immune)]
        if ignored:
            shown = ", ".join(f"{c} ({'/'.join(x for x in t['tech'][c]['tags'] if x in immune)})" for c in ignored)
            lines.append(f"{name} ignores {shown} in this attack: no bonus from "
                         f"{'it' if len(ignored) == 1 else 'them'}.")
    if final_blow:
        t["blow_ready"] = False
        lines.append(f"{name} uses its Final Blow: turn its Final Blow Token over.")
    amphibious = [pid for pid in here if category(s, pid) == "amphibious"]
    for pid in amphibious:          # they trigger as the attack is performed; effects after the damage
        abilities.append(_trigger(s, pid, loc, lines, titan=name, apply=False))
    rolled = successes is None
    if rolled:
        successes = _roll_check(s, dice, name, "combat", bonus_dice, lines, ignored=ignored, blow=final_blow,
                                foes=here, reroll=reroll)
    else:
        if successes < 0:
            raise InputError(f"--successes {successes}: expected 0 or more")
        if bonus_dice:
            raise InputError("--bonus-dice only goes with a roll by journal (leave out --successes)")
        if reroll:
            raise InputError("--reroll only goes with a roll by journal (leave out --successes)")
        lines.extend(_pool_lines(s, name, here, ignored=ignored, blow=final_blow, typed=True))
    left = successes
    hits, killed, credits = [], [], 0
    for pid in order_:
        if left <= 0:
            break
        need = remaining_hp(s, pid)
        dealt = min(need, left)
        left -= dealt
        hits.append({"invader": pid, "damage": dealt})
        if dealt >= need:
            credits += _kill(s, pid, name, lines, picks=picks, abilities=abilities)
            killed.append(pid)
        else:
            _hurt_pawn(s, pid, dealt)
            lines.append(f"{pid} takes {dealt} damage: put {plural(dealt, 'Invader Damage Token')} on it "
                         f"({pawn_damage(s, pid)}/{stats(s, pid)['hp']}).")
        if s["phase"] == "over":
            break
    if left > 0 and successes and s["phase"] != "over":
        lines.append(f"{plural(left, 'point')} of excess damage {'is' if left == 1 else 'are'} lost"
                     + (" (no other target was named)." if len([p for p in invaders_at(s, loc)]) else "."))
    if not successes:
        lines.append(f"{name} scores no success: no damage.")
    for pid in amphibious:
        eff = {k: v for k, v in stats(s, pid)["effect"].items() if k != "dice"}
        if eff and s["phase"] != "over":
            _apply_effect(s, pid, eff, loc, lines, name, picks)
    _unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["attacked"].append(name)
    order.take(s, "fight", player, closed, finished=True)
    lines.insert(head_at, f"{name} attacks on {_loc_text(loc)} with {plural(successes, 'success', 'successes')}.")
    rest = invaders_at(s, loc)
    if loc[0] == "rift" and not rest and not t["destroyed"] and s["phase"] != "over":
        lines.append(f"The {loc[1]} Rift has no guardian left: next turn {name} may reveal the Rift Token "
                     f"(journal titans trial {name} --rift {loc[1]} pass|fail).")
    if s["phase"] != "over":
        lines.append(_turn_line(s, "fight"))
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
                                       "ignored_tech": ignored, "abilities": abilities,
                                       "threat": s["threat"], "phase": s["phase"]})


def trial(state: dict, dice, titan: str, rift: str, result: str, damage: int = 0, to: str | None = None,
          direct: bool = False, disable: tuple = ()) -> Outcome:
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
    out_of_turn, closed = order.turn(s, "fight", t["player"])
    picks = _picks(disable=disable)
    abilities: list = []
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
            abilities = _enters(s, ("city", cname), lines, name, picks)
        summary = f"{name} fails the {rname} Rift's {what}" + (f", {damage} damage" if damage else "")
    _unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", t["player"], closed, finished=stage == "tyrant" or t["destroyed"])
    return Outcome(s, summary, lines, {"titan": name, "rift": rname, "result": result, "stage": stage,
                                       "trial": r["trial"], "threat": s["threat"], "phase": s["phase"],
                                       "abilities": abilities})


def rift_close(state: dict, dice, rift: str, titan: str, city: str | None = None,
               artifact: str | None = None, bonus: dict | None = None, disable: tuple = ()) -> Outcome:
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
    out_of_turn, closed = order.turn(s, "fight", t["player"])
    picks = _picks(disable=disable)
    r["closed"] = True
    r["trial"] = "defeated"
    r.pop("challenger", None)
    r.pop("trial_turn", None)
    player = t["player"]
    art = (artifact or f"{rname} Tyrant Artifact").strip()
    if not art:
        raise InputError("--artifact is empty")
    if art in s["players"][player]["artifacts"]:
        raise RuleError(f"{player} already holds an artifact named {art}: name this one with --artifact NAME")
    s["players"][player]["artifacts"].append(art)
    if bonus:
        s["players"][player].setdefault("artifact_dice", {})[art] = _bonus_table(bonus, "--bonus")
    t.pop("rift", None)
    t["city"] = cname
    for other in titans_at(s, ("rift", rname)):
        s["titans"][other].pop("rift")
        s["titans"][other]["city"] = cname
        lines.append(f"{other} leaves the closed rift with {name}: put it on {cname}.")
    lines.insert(0, f"{name} defeats the {rname} Tyrant: the rift is closed. Remove the Rift Token from the board "
                    f"and give it with its Artifact Card ({art}) to {player}; put it beside the Titan Sheet.")
    lines.append(f"Put {name} on {cname}.")
    if bonus:
        lines.append(f"{art} adds dice to {name}'s checks: {_bonus_text(bonus)} (not a Tech Card: never disabled, "
                     f"never ignored for an immunity).")
    abilities = _enters(s, ("city", cname), lines, name, picks)
    _unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", player, closed, finished=True)
    _threat(s, -1, f"the {rname} Rift closed", lines)
    left = open_rifts(s)
    if not left:
        lines.append("Every rift is closed: at the Ending Phase draw the Final Episode.")
    else:
        lines.append(f"Rifts still open: {', '.join(left)}.")
    summary = f"{name} closes the {rname} Rift (artifact: {art})"
    return Outcome(s, summary, lines, {"rift": rname, "titan": name, "player": player, "artifact": art,
                                       "city": cname, "threat": s["threat"], "open_rifts": left,
                                       "abilities": abilities})


def repair(state: dict, dice, titan: str, successes: int | None = None, heal: int | None = None,
           charge: tuple = (), enable: tuple = (), upgrade: bool = False, bonus_dice: int = 0,
           reroll: int = 0) -> Outcome:
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
        out_of_turn, closed = order.turn(s, "fight", t["player"])
        cap = t["repair"]
        kind = "Combat Repair"
    else:
        if s["round"]["charged"]:
            raise RuleError("the Repair Action is step 1 of the Upgrade Phase and Charges were already gained "
                            "this turn")
        _enter(s, "upgrade", lines)
        refuge = loc is not None and loc[0] == "city" and s["cities"][loc[1]]["type"] == "refuge"
        kind = "Repair Action"
        out_of_turn, closed = None, []
    rolled = False
    if successes is None:
        if refuge:
            successes = t["repair"]
            lines.append(f"{name} is on a Refuge City: {plural(successes, 'success', 'successes')} without rolling.")
        else:
            successes = _roll_check(s, dice, name, "repair", bonus_dice, lines, reroll=reroll)
            rolled = True
    elif successes < 0:
        raise InputError(f"--successes {successes}: expected 0 or more")
    elif bonus_dice:
        raise InputError("--bonus-dice only goes with a roll by journal (leave out --successes)")
    elif reroll:
        raise InputError("--reroll only goes with a roll by journal (leave out --successes)")
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
    if out_of_turn:
        raise RuleError(out_of_turn)
    if phase == "fight":
        s["round"]["moved"].append(name)            # Combat Repair takes the place of its movement
        order.take(s, "fight", t["player"], closed, finished=False)
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


def _enter_supports(s: dict, lines: list[str]) -> None:
    """Support Movement (Upgrade step 4) begins: Development is over."""
    _enter_development(s, lines)
    if not s["round"]["supports_moved"]:
        _close_step(s, "development", lines)
        s["round"]["supports_moved"] = True


def _bonus_table(bonus: dict, option: str) -> dict:
    """Bonus dice per ability check ({"combat": 1}) from a card, checked."""
    out = {}
    for k, n in bonus.items():
        if k not in CHECKS:
            raise InputError(f"{option} {k}: bonus dice go to a check: {', '.join(CHECKS)}")
        if not isinstance(n, int) or isinstance(n, bool) or not -9 <= n <= 9 or n == 0:
            raise InputError(f"{option} {k}{n:+d}: expected -9..+9 dice, not 0")
        out[k] = n
    return out


def _bonus_text(bonus: dict) -> str:
    return ", ".join(f"{k} {n:+d} {'die' if abs(n) == 1 else 'dice'}" for k, n in bonus.items())


def develop(state: dict, dice, player: str, action: str, city: str | None = None, count: int = 1,
            card: str | None = None, redraw: bool = False, slot: str | None = None, cost: int = 0,
            tags: tuple = (), draw: tuple = (), bonus: dict | None = None) -> Outcome:
    """Upgrade step 3, one action per player in turn from the Lead Character: INDUSTRY +2
    Credits; ARMY Supports at 1 Credit (at most 3 each, T6); RESEARCH a face-up Tech Card (or
    redraw all 3; `draw` names the cards drawn face up); REFRESH the Final Blow."""
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
    out_of_turn, closed = order.turn(s, "development", pname)
    if (draw or bonus) and action != "research":
        raise InputError("--draw and --bonus go with research")
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
            if cost or slot or tags or bonus:
                raise InputError("--redraw buys nothing: leave out --slot, --cost, --tag and --bonus")
            d["tech_discard"] += d["tech_face_up"]
            d["tech_face_up"] = 0
            d.pop("face_up_cards", None)
            lines.append("RESEARCH: discard the face-up Tech Cards and draw new ones.")
            _refill_market(s, lines, draw)
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
            card = _take_face_up(s, card, "--card")
            d["tech_face_up"] -= 1
            p["credits"] -= cost
            equip_line = _equip(t, tname, card, slot, tags, bonus)
            lines.append(f"RESEARCH: {pname} buys {card}" + (f" for {plural(cost, 'Credit')}" if cost else "")
                         + f"; {equip_line}")
            if not cost:
                lines.append("(no --cost given: pay the card's printed cost with journal titans credits if it has one)")
            _refill_market(s, lines, draw)
            summary = f"{pname}: Research, bought {card}" + (f" for {cost}" if cost else "")
            data.update(card=card, slot=t["tech"][card]["slot"], cost=cost, credits=p["credits"])
        if d.get("face_up_cards"):
            data["face_up_cards"] = list(d["face_up_cards"])
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
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["developed"].append(pname)
    order.take(s, "development", pname, closed, finished=True)
    waiting = _still_to_develop(s)
    if waiting:
        lines.append(f"Still to take a Development action: {', '.join(waiting)}.")
    else:
        lines.append("Development done. Supports may move up to 3 cities (journal titans supports PLAYER --from C "
                     "--to C), then journal titans ending.")
    data["credits"] = p["credits"]
    return Outcome(s, summary, lines, data)


def _still_to_develop(s: dict) -> list[str]:
    """The players still to take (or pass) their Development action, in turn order."""
    if s["round"]["supports_moved"]:
        return []
    return order.waiting(s, "development")


def _take_face_up(s: dict, card: str, option: str) -> str:
    """A face-up Tech Card taken by name: it must be one of the named ones, unless some of the
    face-up cards were never named (then it is one of those)."""
    card = card.strip()
    if not card:
        raise InputError(f"{option}: the Tech Card's name is empty")
    d = s["decks"]
    names = d.get("face_up_cards", [])
    hit = [n for n in names if n.casefold() == card.casefold()]
    if hit:
        names.remove(hit[0])
        if not names:
            d.pop("face_up_cards", None)
        return hit[0]
    if len(names) >= d["tech_face_up"]:
        raise RuleError(f"{option} {card}: it is not face up; the face-up Tech Cards are {', '.join(names)}")
    return card


def _refill_market(s: dict, lines: list[str], draw: tuple = ()) -> None:
    """Draw face-up Tech Cards back up to 3 (the discards remade into a deck when it runs
    out); `draw` names the cards drawn, in order."""
    d = s["decks"]
    before = d["tech_face_up"]
    while d["tech_face_up"] < FACE_UP:
        if d["tech"] == 0 and d["tech_discard"] > 0:
            d["tech"], d["tech_discard"] = d["tech_discard"], 0
            lines.append(f"The Tech deck is empty: shuffle the discarded Tech Cards into a new deck ({d['tech']}).")
        if d["tech"] == 0:
            lines.append("No Tech Card is left to draw.")
            break
        d["tech"] -= 1
        d["tech_face_up"] += 1
    new = d["tech_face_up"] - before
    names = [n.strip() for n in draw if n and n.strip()]
    if len(names) > new:
        raise InputError(f"--draw names {plural(len(names), 'card')} but {plural(new, 'Tech Card')} "
                         f"{'was' if new == 1 else 'were'} drawn face up")
    if names:
        d["face_up_cards"] = d.get("face_up_cards", []) + names
    known = d.get("face_up_cards", [])
    shown = ""
    if known:
        unnamed = d["tech_face_up"] - len(known)
        shown = ": " + ", ".join(known) + (f" and {unnamed} unnamed" if unnamed else "")
    lines.append(f"Face-up Tech Cards: {d['tech_face_up']}{shown} (deck {d['tech']}, discarded {d['tech_discard']}).")


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


def _equip(t: dict, tname: str, card: str, slot: str, tags=(), bonus: dict | None = None) -> str:
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
    if bonus:
        entry["dice"] = _bonus_table(bonus, "--bonus")
    t["tech"][card] = entry
    extra = f" It adds {_bonus_text(entry['dice'])} to {tname}'s checks while enabled." if bonus else ""
    return f"put it in {tname}'s {SLOT_TEXT[where]} slot with 0 Charges.{extra}"


def tech(state: dict, dice, titan: str, action: str, card: str, slot: str | None = None, n: int | None = None,
         tags: tuple = (), face_up: bool = False, bonus: dict | None = None, draw: tuple = ()) -> Outcome:
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
        d = s["decks"]
        if draw and not face_up:
            raise InputError("--draw names the card drawn to replace a face-up one: it goes with --face-up")
        if face_up:
            if d["tech_face_up"] < 1:
                raise RuleError("no Tech Card is face up")
            card = _take_face_up(s, card, "CARD")
        line = _equip(t, name, card, slot, tags, bonus)
        if face_up:
            d["tech_face_up"] -= 1
            lines.append(f"Equip {card.strip()} (a face-up card): {line}")
            _refill_market(s, lines, draw)
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
    if slot is not None or tags or face_up or bonus or draw:
        raise InputError("--slot, --tag, --bonus, --face-up and --draw only go with equip")
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
    """Upgrade step 4: a player's Supports move up to 3 city spaces, each player in turn from
    the Lead Character (a player's turn goes on until the next player moves or passes)."""
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
    _enter_supports(s, lines)
    out_of_turn, closed = order.turn(s, "supports", pname)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "supports", pname, closed, finished=False)
    # healthy ones move first unless the player moves them all
    here.sort(key=lambda i: p["supports"][i]["damage"])
    for i in here[:count]:
        p["supports"][i]["city"] = b
    lines.insert(0, f"Move {plural(count, 'Support')} of {pname} ({p['color']}) from {a} to {b} "
                    f"({plural(steps, 'city', 'cities')}).")
    nxt = [q for q in order.waiting(s, "supports") if q != pname]
    if nxt:
        lines.append(f"{pname} may move more Supports; then {nxt[0]}: journal titans supports {nxt[0]} --from C "
                     f"--to C, or journal titans pass {nxt[0]}.")
    else:
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
        seats = list(s["players"])
        i = seats.index(s["lead"])
        s["lead"] = seats[i - 1]
        lines.append(f"The turn ends: pass the Lead Character Token to the right, to {s['lead']}. "
                     f"Next: {opening_hint(s)}.")
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
        seats = [p for p in order.seat_order(s) if order.eligible(s, "fight", p)]
        lines.insert(0, f"Fight Phase of turn {s['turn']}: from {s['lead']}, clockwise ({', '.join(seats)}), each "
                        f"Titan may move, then attack (or its player passes: journal titans pass PLAYER).")
    else:
        _close_step(s, "fight", lines)
        s["phase"] = "upgrade"
        lines.insert(0, f"Upgrade Phase of turn {s['turn']}: each player rolls a Repair Check "
                        f"(journal titans repair TITAN --successes N), then Development.")
    return Outcome(s, f"{PHASE_TEXT[s['phase']]} of turn {s['turn']}", lines, {"phase": s["phase"], "turn": s["turn"]})


def check(state: dict, dice, titan: str, ability: str, bonus_dice: int = 0, reroll: int = 0) -> Outcome:
    """An ability check rolled with the custom-die face table (logged; the state is unchanged):
    the ability's dice plus the bonus dice of enabled Tech Cards and Tyrant Artifacts."""
    _refuse_if_over(state)
    if ability not in CHECKS:
        raise InputError(f"'{ability}' is not an ability check: expected {', '.join(CHECKS)}")
    name = titan_of(state, titan)
    lines: list[str] = []
    got = _roll_check(state, dice, name, ability, bonus_dice, lines, reroll=reroll)
    return Outcome(copy.deepcopy(state), " ".join(lines), lines,
                   {"titan": name, "ability": ability, "successes": got})


# --- whose turn: passing ------------------------------------------------------------------------

def pass_turn(state: dict, dice, player: str | None = None) -> Outcome:
    """A player passes their turn in the step under way (the Fight Phase, Development or
    Support Movement), so the next player, clockwise from the Lead Character, may act.
    Without PLAYER: whoever's turn it is."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    phase = state["phase"]
    if phase == "setup":
        raise RuleError("at setup every Titan is placed on a city (Setup 13): nobody passes")
    if phase == "ending":
        raise RuleError(f"turn {state['turn']} is over: start the next with `journal titans opening`")
    s = _copy(state)
    lines: list[str] = []
    step = order.step_of(s)
    if step == "fight":
        _enter(s, "fight", lines)
    elif step == "development":
        _enter_development(s, lines)
    else:
        _enter_supports(s, lines)
    who = order.whose_turn(s, step)
    if player is None:
        if who is None:
            raise RuleError(f"nobody is waiting to act {order.STEP_TEXT[step]}")
        pname = who
    else:
        pname = player_of(s, player)
    if not order.eligible(s, step, pname) and pname not in s["round"]["done"]:
        why = {"fight": "its Titan is not on the board", "development": "has taken its action or skips it",
               "supports": "has no Support on the board"}[step]
        raise RuleError(f"{pname} has nothing to pass {order.STEP_TEXT[step]}: {why}")
    out_of_turn, closed = order.turn(s, step, pname)
    if out_of_turn:
        raise RuleError(out_of_turn)
    acted = s["round"].get("acting") == pname
    order.take(s, step, pname, closed, finished=True)
    what = {"fight": "ends its turn in the Fight Phase" if acted else "passes in the Fight Phase",
            "development": "takes no Development action this turn",
            "supports": "ends its Support Movement" if acted else "moves no Support this turn"}[step]
    lines.insert(0, f"{pname} {what}.")
    lines.append(_turn_line(s, step))
    nxt = order.whose_turn(s, step)
    return Outcome(s, f"{pname} passes ({order.STEP_TEXT[step]})", lines,
                   {"player": pname, "step": step, "next": nxt, "phase": s["phase"]})


# --- face-up Tech Cards by name (b) ----------------------------------------------------------------

def face_up(state: dict, dice, names: tuple = ()) -> Outcome:
    """Name the face-up Tech Cards as they lie beside the board (Research buys one of them by
    name); no names forgets them."""
    _refuse_if_over(state)
    s = _copy(state)
    d = s["decks"]
    names_ = [n.strip() for n in names if n and n.strip()]
    if len(names_) > d["tech_face_up"]:
        raise RuleError(f"{plural(len(names_), 'name')} for {plural(d['tech_face_up'], 'face-up Tech Card')}")
    if names_:
        d["face_up_cards"] = names_
        unnamed = d["tech_face_up"] - len(names_)
        line = f"Face-up Tech Cards: {', '.join(names_)}" + (f" and {unnamed} unnamed." if unnamed else ".")
    else:
        if "face_up_cards" not in d:
            raise InputError("name the face-up Tech Cards: journal titans face-up NAME [NAME...]")
        d.pop("face_up_cards")
        line = "The face-up Tech Cards are no longer named."
    return Outcome(s, line, [line], {"face_up_cards": names_, "tech_face_up": d["tech_face_up"]})


# --- defeating an invader by a card's text; O.N.E.'s once-a-game ability ---------------------------

def defeat(state: dict, dice, pawn: str, titan: str, pilot_ability: bool = False, adjacent: tuple = (),
           disable: tuple = ()) -> Outcome:
    """An invader defeated by a card's text (a pilot, a Final Blow, a Tech Card, an artifact):
    its reward goes to the Titan's player, the pawn to the first free spot of its Lair, and a
    Terrestrial invader's ability triggers. `pilot_ability`: O.N.E.'s "Once in every game you
    can choose an invader in one city: defeat him and take his reward"."""
    _refuse_if_over(state)
    _refuse_if_final(state)
    if state["phase"] in ("setup", "ending"):
        raise RuleError("invaders are defeated during a turn: start it with `journal titans opening`")
    s = _copy(state)
    pid = pawn_of(s, pawn)
    name = titan_of(s, titan, "--titan")
    t = s["titans"][name]
    on_city = pid in s["invaders"]
    guardian = pid in s["rifts"][rift_of_pawn(s, pid)]["guardians"]
    if not on_city and not guardian:
        raise RuleError(f"{pid} is in its Lair: only an invader on the board can be defeated")
    lines: list[str] = []
    if pilot_ability:
        pilot_name = t.get("pilot")
        if not is_one(pilot_name):
            raise RuleError(f"{name}'s pilot is {pilot_name or 'missing'}: the once-a-game defeat is {ONE}'s ability")
        if ONE in s.get("once_used", []):
            raise RuleError(f"{ONE}'s once-in-every-game ability has been used already")
        if not on_city:
            raise RuleError(f"{pid} guards a rift: {ONE} chooses an invader in a city")
        s.setdefault("once_used", []).append(ONE)
        lines.append(f"{pilot_name} ({t['player']}'s pilot) uses its once-in-every-game ability on {pid} in "
                     f"{s['invaders'][pid]['city']}.")
    picks = _picks(adjacent=adjacent, disable=disable)
    abilities: list = []
    credits_ = _kill(s, pid, name, lines, picks=picks, abilities=abilities)
    _unused_picks(picks)
    summary = f"{pid} defeated by {name}" + (f" ({ONE})" if pilot_ability else "") + f", +{credits_} Credits"
    return Outcome(s, summary, lines, {"invader": pid, "titan": name, "player": t["player"], "credits": credits_,
                                       "pilot_ability": pilot_ability, "abilities": abilities,
                                       "threat": s["threat"], "phase": s["phase"]})


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
