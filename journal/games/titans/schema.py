"""What a valid War Titans save holds: the [state] table's types and ranges (`STATE`; the same
keys typed for the type checker are tables.py's), then the rules' invariants (the package's
`validate`). Each problem names its key."""

from journal.games.titans.rules import effects
from journal.games.titans.rules.model import (
    CATEGORIES, CHARGES_MAX, CHECKS, CITY_HP, COLORS, CREDITS_MAX, DIE_KEYS, EPISODE_CARDS, FACE_UP, FINAL_EPISODES,
    LAIR_SPOTS, MAX_PLAYERS, ONE, PHASES, PILOT_CARDS, RESULTS, SLOTS, SUPPORT_HP, SUPPORT_RANGE, SUPPORTS_MAX, TAGS,
    TECH_CARDS, THREAT_MAX, TIERS, TRIALS, UPGRADE,
)
from journal.schema import Bool, Int, List, Map, Str, Table, fold, key_path, opt, show_value

_NAME = Str(describe="a name")
_NAMES = List(_NAME)
_TAGS = List(Str(choices=TAGS))
_BONUS = Table({k: opt(Int(-9, 9)) for k in CHECKS})      # bonus dice per check
_DIE = {"faces": _NAMES, "red": _NAME, "combat": _NAMES, "movement": _NAMES, "repair": _NAMES}
_EFFECT = Table({k: opt(Bool() if kind == "bool" else Str(choices=effects.CITY_TYPES) if kind == "city type"
                        else Int(lo, hi)) for k, (kind, lo, hi, _) in effects.KEYS.items()})
STATE = Table({
    "threat": Int(0, THREAT_MAX),
    "turn": Int(0),
    "phase": Str(choices=PHASES),
    "lead": _NAME,
    "invaded": Bool(),
    "invasions": Int(0, MAX_PLAYERS),
    "result": opt(Str(choices=RESULTS)),
    "reason": opt(Str(describe="text")),
    "board": opt(Str(describe="the board file's name")),
    "invader_cards": opt(Str(describe="the invaders file's name")),
    "round": Table({"moved": _NAMES, "attacked": _NAMES, "repaired": _NAMES, "developed": _NAMES,
                    "charged": Bool(), "supports_moved": Bool(), "done": _NAMES, "acting": opt(_NAME),
                    "trial": opt(_NAME)}),
    "once_used": opt(_NAMES),
    "decks": Table({"episode": Int(0, EPISODE_CARDS), "episode_discard": Int(0, EPISODE_CARDS),
                    "invasion_discard": Int(0, EPISODE_CARDS), "tech": Int(0, TECH_CARDS),
                    "tech_face_up": Int(0, FACE_UP), "tech_discard": Int(0, TECH_CARDS),
                    "final": Int(0, FINAL_EPISODES), "pilots": Int(0, PILOT_CARDS),
                    "pilot_discard": Int(0, PILOT_CARDS), "face_up_cards": opt(List(_NAME, max_items=FACE_UP))}),
    "players": Map(Table({"titan": _NAME, "color": Str(choices=COLORS), "credits": Int(0, CREDITS_MAX),
                          "supports": List(Table({"city": _NAME, "damage": Int(0, SUPPORT_HP - 1),
                                                  "moved": opt(Int(1, SUPPORT_RANGE))}),
                                           max_items=SUPPORTS_MAX),
                          "artifacts": _NAMES, "artifact_dice": opt(Map(_BONUS))}), min_items=1,
                     unique_casefold=True),
    "titans": Map(Table({
        "player": _NAME, "hp": Int(1, 99), "armor": Int(0, 99), "combat": Int(0, 99), "movement": Int(0, 99),
        "repair": Int(0, 99), "refresh": opt(Int(0, 99)), "blow_tags": _TAGS, "blow_ready": Bool(),
        "blow_dice": opt(Int(1, 99)),
        "pilot": opt(_NAME), "damage": Int(0, 99), "destroyed": Bool(), "city": opt(_NAME), "rift": opt(_NAME),
        "destroyed_turn": opt(Int(0)), "pilot_check": opt(Bool()),
        "tech": Map(Table({"slot": Str(choices=SLOTS), "charges": Int(0, CHARGES_MAX), "disabled": Bool(),
                           "tags": opt(_TAGS), "dice": opt(_BONUS)})),
        "dice": opt(Table({k: opt(v) for k, v in _DIE.items()})),
    }), min_items=1, unique_casefold=True),
    "cities": Map(Table({"type": Str(choices=tuple(CITY_HP)), "damage": Int(0, max(CITY_HP.values())),
                         "destroyed": Bool(), "yellow": _NAME, "green": _NAME, "trails": opt(_NAMES)}),
                  min_items=2),
    "rifts": Map(Table({"type": _NAME, "threatens": _NAMES, "guardians": _NAMES,
                        "lair": Map(_NAME, key_pattern=f"[1-{LAIR_SPOTS}]", key_describe=f"a spot 1-{LAIR_SPOTS}"),
                        "trial": Str(choices=TRIALS), "closed": Bool(), "challenger": opt(_NAME),
                        "trial_turn": opt(Int(0)), "guardian_damage": opt(Map(Int(1, 99)))}), min_items=1),
    "types": Map(Table({"category": Str(choices=CATEGORIES),
                        "code": Str(pattern=r"[A-Za-z]{1,3}", describe="1-3 letters")})),
    "cards": Map(Table({"type": _NAME, "reward": Int(1, 3),
                        "hp": opt(List(Int(1, 99))), "dmg": opt(List(Int(0, 99))),   # both, once entered
                        "credits": opt(List(Int(0, 99))), "immune": opt(List(_TAGS)),
                        "ability": opt(List(Str(nonempty=False))), "effect": opt(List(_EFFECT))})),
    "invaders": Map(Table({"city": _NAME, "damage": Int(0, 99)})),
    "dice": opt(Table(_DIE)),
})


# --- the same tables for the type checker (tests/test_games.py holds State to STATE) -------------


def validate(state: dict, changed: set[str] | None = None) -> list[str]:
    """Types, ranges and unknown keys, then the rules' invariants, each naming its key."""
    problems: list[str] = []
    STATE.check(state, "state", problems, changed)  # (only the keys `changed`, when given)
    if problems:
        return problems
    for check in (_players, _titans, _decks, _cities, _rifts, _cards, _pawn_places, _turn, _round, _dice):
        check(state, problems)
    return problems


def _players(state, problems) -> None:
    players, titans = state["players"], state["titans"]
    if len(players) > MAX_PLAYERS:
        problems.append(f"state.players has {len(players)} players: War Titans is for 1-{MAX_PLAYERS}")
    if len(titans) != len(players):
        problems.append(f"state.titans has {len(titans)} Titans for {len(players)} players: one each")
    names = [fold(n) for n in (*players, *titans)]
    if len(set(names)) != len(names):
        problems.append("state.players and state.titans: every player and Titan needs a different name")
    colors = [p["color"] for p in players.values()]
    if len(set(colors)) != len(colors):
        problems.append("state.players: two players have the same support colour")
    for name, p in players.items():
        _player(state, name, p, problems)
    if state["lead"] not in players:
        problems.append(f"state.lead = {show_value(state['lead'])} is not a player ({', '.join(players)})")


def _player(state: dict, name: str, p: dict, problems: list[str]) -> None:
    """A player's Titan (whose player is this one), Supports (on cities; `moved` only during the
    Upgrade Phase) and the bonus dice of artifacts they hold."""
    path = key_path("state.players", name)
    titans = state["titans"]
    t = titans.get(p["titan"])
    if t is None:
        problems.append(f"{path}.titan = {show_value(p['titan'])} is not a Titan ({', '.join(titans)})")
    elif t["player"] != name:
        problems.append(f"{path}.titan = {show_value(p['titan'])} but that Titan's player is "
                        f"{show_value(t['player'])}")
    for i, sp in enumerate(p["supports"]):
        if sp["city"] not in state["cities"]:
            problems.append(f"{path}.supports[{i}].city = {show_value(sp['city'])} is not a city")
        if "moved" in sp and state["phase"] != UPGRADE:
            problems.append(f"{path}.supports[{i}].moved is only kept during the Upgrade Phase")
    for art in p.get("artifact_dice", {}):
        if art not in p["artifacts"]:
            problems.append(f"{key_path(path + '.artifact_dice', art)}: {show_value(art)} is not one of "
                            f"{name}'s artifacts")


def _titans(state, problems) -> None:
    for name, t in state["titans"].items():
        path = key_path("state.titans", name)
        if t["player"] not in state["players"]:
            problems.append(f"{path}.player = {show_value(t['player'])} is not a player")
        if t["damage"] > t["hp"]:
            problems.append(f"{path}.damage = {t['damage']} is above its hp {t['hp']}")
        _titan_place(state, path, t, problems)
        if t["destroyed"]:
            _destroyed_titan(path, t, problems)
        else:
            _standing_titan(state, path, t, problems)
        if t.get("pilot_check") and "pilot" not in t:
            problems.append(f"{path}.pilot_check: there is no pilot to roll for")
        _tech_slots(path, t, problems)


def _titan_place(state, path: str, t: dict, problems) -> None:
    """A Titan stands on a city of the board or on an open rift, not both."""
    if "city" in t and "rift" in t:
        problems.append(f"{path}: a Titan stands on a city or on a rift, not both")
    if "city" in t and t["city"] not in state["cities"]:
        problems.append(f"{path}.city = {show_value(t['city'])} is not a city of the board")
    if "rift" in t:
        rifts = state["rifts"]
        if t["rift"] not in rifts:
            problems.append(f"{path}.rift = {show_value(t['rift'])} is not a rift of the board")
        elif rifts[t["rift"]]["closed"]:
            problems.append(f"{path}.rift = {show_value(t['rift'])} is closed (gone from the board)")


def _destroyed_titan(path: str, t: dict, problems) -> None:
    """Off the board, damage equal to its hp, the turn it was destroyed kept."""
    for k in ("city", "rift"):
        if k in t:
            problems.append(f"{path}.{k}: a destroyed Titan is off the board")
    if t["damage"] != t["hp"]:
        problems.append(f"{path}.damage = {t['damage']}: a destroyed Titan has damage equal to its hp ({t['hp']})")
    if "destroyed_turn" not in t:
        problems.append(f"{path}.destroyed_turn is missing: the turn it was destroyed")


def _standing_titan(state, path: str, t: dict, problems) -> None:
    if t["damage"] >= t["hp"]:
        problems.append(f"{path}.damage = {t['damage']} reaches its hp {t['hp']} but destroyed = false")
    for k in ("destroyed_turn", "pilot_check"):
        if k in t:
            problems.append(f"{path}.{k} is only kept for a destroyed Titan")
    if "city" not in t and "rift" not in t and state["phase"] != "setup":
        problems.append(f"{path}: a Titan that is not destroyed stands on a city (city = ...) or a rift")


def _tech_slots(path: str, t: dict, problems) -> None:
    """One Tech Card per slot; a two-handed one leaves no hand free; bonus dice name a check."""
    used: dict = {}
    for card, tc in t["tech"].items():
        used.setdefault(tc["slot"], []).append(card)
    for slot, cards in used.items():
        if len(cards) > 1:
            problems.append(f"{path}.tech: {', '.join(cards)} share the {slot} slot")
    if "hands" in used and ("hand1" in used or "hand2" in used):
        problems.append(f"{path}.tech: a two-handed card (slot hands) leaves no hand slot free")
    for card, tc in t["tech"].items():
        if "dice" in tc and not tc["dice"]:
            problems.append(f"{key_path(path + '.tech', card)}.dice is empty: leave it out, or give "
                            f"{', '.join(CHECKS)} = N")


def _decks(state, problems) -> None:
    """The cards are all somewhere: the Pilot, Episode and Tech decks, their discards, the cockpits
    and the Titan Sheets."""
    seated = sum(1 for t in state["titans"].values() if "pilot" in t)
    d = state["decks"]
    if d["pilots"] + d["pilot_discard"] + seated != PILOT_CARDS:
        problems.append(f"state.decks: pilots {d['pilots']} + pilot_discard {d['pilot_discard']} + {seated} in "
                        f"cockpits should be the {PILOT_CARDS} Pilot Cards")
    if d["episode"] + d["episode_discard"] + d["invasion_discard"] != EPISODE_CARDS:
        problems.append(f"state.decks: episode {d['episode']} + episode_discard {d['episode_discard']} + "
                        f"invasion_discard {d['invasion_discard']} should be the {EPISODE_CARDS} Episode Cards")
    equipped = sum(len(t["tech"]) for t in state["titans"].values())
    if d["tech"] + d["tech_face_up"] + d["tech_discard"] + equipped > TECH_CARDS:
        problems.append(f"state.decks: tech {d['tech']} + tech_face_up {d['tech_face_up']} + tech_discard "
                        f"{d['tech_discard']} + {equipped} equipped is more than the {TECH_CARDS} Tech Cards")
    if len(d.get("face_up_cards", [])) > d["tech_face_up"]:
        problems.append(f"state.decks.face_up_cards names {len(d['face_up_cards'])} cards but tech_face_up is "
                        f"{d['tech_face_up']}")


def _cities(state, problems) -> None:
    cities = state["cities"]
    for name, c in cities.items():
        path = key_path("state.cities", name)
        hp = CITY_HP[c["type"]]
        if c["damage"] > hp:
            problems.append(f"{path}.damage = {c['damage']} is outside 0..{hp} (a {c['type']} has HP {hp})")
        elif c["destroyed"] != (c["damage"] == hp):
            problems.append(f"{path}.destroyed = {show_value(c['destroyed'])} but damage is {c['damage']}/{hp}: "
                            f"a city is destroyed exactly when its damage reaches its HP")
        for k in ("yellow", "green"):
            if c[k] not in cities or c[k] == name:
                problems.append(f"{path}.{k} = {show_value(c[k])} is not another city of the board")
        if c["yellow"] == c["green"]:
            problems.append(f"{path}: the yellow and green trails lead to the same city")
        for other in c.get("trails", []):
            if other not in cities or other == name:
                problems.append(f"{path}.trails: {show_value(other)} is not another city of the board")


def _rifts(state, problems) -> None:
    cities = state["cities"]
    kinds = [r["type"] for r in state["rifts"].values()]
    if len(set(kinds)) != len(kinds):
        problems.append("state.rifts: two rifts have the same invader type")
    for name, r in state["rifts"].items():
        path = key_path("state.rifts", name)
        if name in cities:
            problems.append(f"{path}: a rift needs a name that is not a city's")
        if r["type"] not in state["types"]:
            problems.append(f"{path}.type = {show_value(r['type'])} is not an invader type "
                            f"({', '.join(state['types'])})")
        for c in r["threatens"]:
            if c not in cities:
                problems.append(f"{path}.threatens: {show_value(c)} is not a city")
        _trial(state, name, r, problems)
        for pid in r.get("guardian_damage", {}):
            if pid not in r["guardians"]:
                problems.append(f"{path}.guardian_damage.{pid}: {pid} is not a guardian of this rift")
    if state["phase"] == "final" and any(not r["closed"] for r in state["rifts"].values()):
        problems.append("state.phase = \"final\" but a rift is still open: the Final Episode comes when all are closed")


def _trial(state, name: str, r: dict, problems) -> None:
    """A rift closes when its Tyrant is defeated; while a Titan faces it, the Titan is on the rift."""
    path = key_path("state.rifts", name)
    if r["closed"] != (r["trial"] == "defeated"):
        problems.append(f"{path}.closed = {show_value(r['closed'])} but trial = {show_value(r['trial'])}: a rift "
                        f"closes when its Tyrant is defeated")
    if r["closed"] and r["guardians"]:
        problems.append(f"{path}.guardians: a closed rift has no guardian")
    ch = r.get("challenger")
    if (ch is not None) != (r["trial"] == "tyrant"):
        problems.append(f"{path}: trial = \"tyrant\" goes with challenger (the Titan facing the Tyrant)")
    if ch is not None:
        t = state["titans"].get(ch)
        if t is None or t.get("rift") != name:
            problems.append(f"{path}.challenger = {show_value(ch)} is not a Titan on this rift")
        if "trial_turn" not in r:
            problems.append(f"{path}.trial_turn is missing: the turn the Trial was passed")
    elif "trial_turn" in r:
        problems.append(f"{path}.trial_turn is only kept while a Titan faces the Tyrant")


def _cards(state, problems) -> None:
    """The invader types (codes differ, each on a rift) and their cards (a value per section)."""
    cards, types = state["cards"], state["types"]
    codes = [t["code"].upper() for t in types.values()]
    if len(set(codes)) != len(codes):
        problems.append("state.types: two invader types share a code")
    rift_types = {r["type"] for r in state["rifts"].values()}
    for kind in types:
        if kind not in rift_types:
            problems.append(f"{key_path('state.types', kind)} is on no rift")
    sections = len(TIERS)
    for pid, c in cards.items():  # key paths are built only for a problem (this runs twice a command)
        if c["type"] not in types:
            problems.append(f"{key_path('state.cards', pid)}.type = {show_value(c['type'])} is not an invader type")
        _entered(pid, c, problems)
        for k in ("hp", "dmg", "credits", "immune", "ability", "effect"):
            if k in c and len(c[k]) != sections:
                problems.append(f"{key_path('state.cards', pid)}.{k} has {len(c[k])} values: one per section "
                                f"({', '.join(TIERS)})")
        if c["type"] in types and c.get("effect"):
            category = types[c["type"]]["category"]
            for i, eff in enumerate(c["effect"]):
                why = effects.mismatch(eff, category)
                if why:
                    problems.append(f"{key_path('state.cards', pid)}.effect[{i}]: {why}")


def _entered(pid: str, c: dict, problems: list[str]) -> None:
    """A card not in the player's box yet has neither hp nor dmg (its numbers are entered together,
    as its pawn comes out)."""
    if ("hp" in c) != ("dmg" in c):
        problems.append(f"{key_path('state.cards', pid)} has {'hp' if 'hp' in c else 'dmg'} without "
                        f"{'dmg' if 'hp' in c else 'hp'}: a card's numbers are entered together")


def _pawn_places(state, problems) -> None:
    """Every pawn is in exactly one place: on its rift, in its Lair or on a city."""
    cards = state["cards"]
    where: dict = {}  # pawn -> where it is: (rift, spot) or (None, None) for a city
    for rname, r in state["rifts"].items():
        for spot in ("guardians", "lair"):
            for pid in (r[spot].values() if spot == "lair" else r[spot]):
                where.setdefault(pid, []).append((rname, spot))
                if pid in cards and cards[pid]["type"] != r["type"]:
                    problems.append(f"{key_path('state.rifts', rname)}.{spot}: {pid} is a {cards[pid]['type']}, "
                                    f"not a {r['type']}")
    for pid, inv in state["invaders"].items():
        where.setdefault(pid, []).append((None, None))
        if inv["city"] not in state["cities"]:
            problems.append(f"{key_path('state.invaders', pid)}.city = {show_value(inv['city'])} is not a city")

    def place(pid, at) -> str:
        return f"rifts.{at[0]}.{at[1]}" if at[0] is not None else f"invaders.{pid}"

    for pid in where:
        if pid not in cards:
            problems.append(f"{place(pid, where[pid][0])}: {show_value(pid)} has no invader card (state.cards)")
    for pid in cards:
        found = where.get(pid, [])
        if len(found) != 1:
            shown = " and ".join(place(pid, at) for at in found) if found else "nowhere"
            problems.append(f"state.cards.{pid}: the pawn must be in exactly one place (rift, lair or a city), "
                            f"it is {shown}")


def _turn(state, problems) -> None:
    """THREAT 21 loses (T1); the result is kept exactly once over; turn 0 is the setup."""
    phase = state["phase"]
    if state["threat"] == THREAT_MAX and not (phase == "over" and state.get("result") == "lost"):
        problems.append(f"state.threat = {THREAT_MAX} but the game is not lost: the sixth Red step ends it (T1)")
    if (phase == "over") != ("result" in state):
        problems.append("state.result is kept exactly when state.phase = \"over\"")
    if "reason" in state and "result" not in state:
        problems.append("state.reason is only kept with state.result")
    if (state["turn"] == 0) != (phase == "setup"):
        problems.append(f"state.turn = {state['turn']} and state.phase = {show_value(phase)}: turn 0 is the setup")
    if state["invasions"] and phase != "opening":
        problems.append("state.invasions: invasions wait only during the Opening Phase")
    for n in state.get("once_used", []):
        if n != ONE:
            problems.append(f"state.once_used: {show_value(n)} is not a once-a-game ability journal knows ({ONE})")


def _round(state, problems) -> None:
    """Who has done what this turn names Titans and players of the save; whose turn it is (order.py)."""
    rnd = state["round"]
    for k in ("moved", "attacked", "repaired"):
        for n in rnd[k]:
            if n not in state["titans"]:
                problems.append(f"state.round.{k}: {show_value(n)} is not a Titan")
    for k in ("developed", "done"):
        for n in rnd[k]:
            if n not in state["players"]:
                problems.append(f"state.round.{k}: {show_value(n)} is not a player")
    if len(set(rnd["done"])) != len(rnd["done"]):
        problems.append("state.round.done names a player twice")
    if "trial" in rnd and rnd["trial"] not in state["titans"]:
        problems.append(f"state.round.trial = {show_value(rnd['trial'])} is not a Titan")
    if "acting" in rnd:
        if rnd["acting"] not in state["players"]:
            problems.append(f"state.round.acting = {show_value(rnd['acting'])} is not a player")
        elif rnd["acting"] in rnd["done"]:
            problems.append(f"state.round.acting = {show_value(rnd['acting'])} but that player's turn is done")


def _dice(state, problems) -> None:
    """The custom die's face table: six faces, and the symbols it names are on them; a Titan's own
    table, over the game's, gives every key."""
    if "dice" in state:
        _face_table("state.dice", state["dice"], problems)
    for name, t in state["titans"].items():
        if "dice" not in t:
            continue
        path = key_path("state.titans", name) + ".dice"
        table = {**state.get("dice", {}), **t["dice"]}
        missing = [k for k in DIE_KEYS if k not in table]
        if missing:
            problems.append(f"{path} lacks {', '.join(missing)}, and the game has no face table to take "
                            f"{'it' if len(missing) == 1 else 'them'} from")
        else:
            _face_table(path, table, problems)


def _face_table(path: str, d: dict, problems) -> None:
    if len(d["faces"]) != 6:
        problems.append(f"{path}.faces has {len(d['faces'])} faces: the custom die has 6")
    if d["red"] not in d["faces"]:
        problems.append(f"{path}.red = {show_value(d['red'])} is on no face")
    for k in CHECKS:
        for sym in d[k]:
            if sym not in d["faces"]:
                problems.append(f"{path}.{k}: {show_value(sym)} is on no face")
