"""Set-up (rulebook Setup 1-13, rules notes T1, T5): `new`, and reading the board,
invaders and dice files it starts from.
"""

from __future__ import annotations

from journal.errors import InputError, typed
from journal.games.titans.rules import effects, order
from journal.games.titans.rules.model import (
    ABILITIES, CATEGORIES, CHECKS, CITY_HP, COLORS, EPISODE_CARDS, FACE_UP, FINAL_EPISODES, MAX_PLAYERS,
    PAWNS_PER_TYPE, PILOT_CARDS, RIFT_SPOTS, TAGS, TECH_CARDS, TIERS, city_of, player_of, plural,
)
from journal.games.titans.rules.phases import new_round, opening_hint
from journal.games.titans.views.state import public_state
from journal.lookup import find
from journal.lookup import shell_quote as q
from journal.outcome import Outcome, copy_state


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
        if not isinstance(kind, str) or kind not in CITY_HP:
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
                raise _issue(source, f"{path}.trails", f"names {typed(other)}, which is not another city of the board")
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
                raise _issue(source, f"{path}.threatens", f"names {typed(c)}, which is not a city of the board")
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
            raise _issue(source, f"{path}.code", f"{typed(code)} is used by another type")
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
                raise _issue(source, ability, f"names {typed(sym)}, which is on no face")
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
    """Set-up (rulebook Setup 1-13, rules notes T1, T5): one Titan per player, the Alert Token on 0,
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
    state = {"threat": 0, "turn": 0, "phase": "setup", "lead": "", "invaded": False,
             "invasions": 0, "round": new_round(),
             "decks": {"episode": EPISODE_CARDS, "episode_discard": 0, "invasion_discard": 0,
                       "tech": TECH_CARDS - FACE_UP, "tech_face_up": FACE_UP, "tech_discard": 0,
                       "final": FINAL_EPISODES, "pilots": PILOT_CARDS, "pilot_discard": 0},
             "players": {}, "titans": {}, "cities": {}, "rifts": {}, "types": {}, "cards": {},
             "invaders": {}}
    if board_name:
        state["board"] = board_name
    if invaders_name:
        state["invader_cards"] = invaders_name
    state["cities"] = copy_state(cities)
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
            raise InputError(f"--titan {typed(name)}: the player and the Titan need different names")
        for label in (name, player):
            if label.casefold() in taken:
                raise InputError(f"--titan {typed(name)}: the name {typed(label)} is used twice (Titan and player names "
                                 f"must all differ)")
        color = spec.get("color") or free_colors.pop(0)
        if color not in COLORS:
            raise InputError(f"--titan {typed(name)}: color={color} is not one of {', '.join(COLORS)}")
        if any(p["color"] == color for p in state["players"].values()):
            raise InputError(f"--titan {typed(name)}: the {color} supports are taken: each player has a different colour")
        titan = {"player": player}
        for ab in ABILITIES:
            if ab not in spec:
                raise InputError(f"--titan {typed(name)}: {ab}=N is missing (give hp, armor, combat, movement, repair)")
            titan[ab] = spec[ab]
        if titan["hp"] < 1:
            raise InputError(f"--titan {typed(name)}: hp={titan['hp']} should be 1 or more")
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
            c = city_of(state, spec["city"], f"--titan {typed(name)}: city=")
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
            raise InputError(f"--titan {typed(tname)}: city= places it before {first_unplaced}, who comes first from the "
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
            state["cards"][pid] = copy_state(cards[pid])
        rewards = [cards[pid]["reward"] for pid in ids]
        g, lair = _setup_pawns(eff_players, rewards)
        state["rifts"][rname] = {"type": kname, "threatens": list(rift_table[rname]["threatens"]),
                                 "guardians": [ids[i] for i in g], "lair": [ids[i] for i in lair],
                                 "trial": "sealed", "closed": False}
    if die_table:
        state["dice"] = copy_state(die_table)
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
                     + ", ".join(f"journal titans move {q(t)} CITY" for t in unplaced) + ".")
    lines.append(f"Then start turn 1: {opening_hint(state)}.")
    summary = f"Game set up: {names}; lead {state['lead']}; rifts " + ", ".join(
        f"{r}={v['type']}" for r, v in state["rifts"].items())
    return Outcome(state, summary, lines, {"state": public_state(state),
                                           "rifts": {r: v["type"] for r, v in state["rifts"].items()}})
