"""The Fight Phase (rulebook, Fight Phase), in turn from the Lead Character: step 1, Movement
(or a Combat Repair instead), then step 2, Attack (Provoke first brings a rift's first invader
onto the Titan's city). The Repair Check of the Upgrade Phase is here too (`repair` with
`upgrade`): the same successes, spent the same way. Rifts and Tyrants: rifts.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import apply_effect, player_picks, refuse_unused_picks, titan_enters, trigger
from journal.games.titans.rules.board import (
    distance, invaders_at, lair_put, loc_text, location, open_rifts, pawn_damage, remaining_hp, where_text,
)
from journal.games.titans.rules.checks import check_record, pool_lines, refuse_too_many, roll_check
from journal.games.titans.rules.model import (
    AMPHIBIOUS, CHARGES_MAX, CREDITS_MAX, FIGHT, OVER, REFRESH, REFUGE, SETUP, TAGS, TERRESTRIAL, UPGRADE, category,
    joined, rift_of_pawn, stats,
)
from journal.games.titans.rules.opening import invade_from
from journal.games.titans.rules.phases import (
    enter_phase, need_phase, opening_hint, refuse_if_over, repairs_line, trial_hints, turn_line,
)
from journal.hints import cmd, say
from journal.outcome import Outcome, copy_state
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.titans.tables import State, Titan


def spot(s: State, name: str):
    """("city", name) or ("rift", name): a city's and a rift's names differ (schema)."""
    return ("city", name) if name in s["cities"] else ("rift", name)


# --- Setup 13: the Titans placed, from the Lead Character clockwise ----------------------------

def place(state: State, titan: str, city: str, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Setup 13: "Starting with the Lead Character and proceeding clockwise, each player places
    his Titan miniature on a city of his choice on the game board." """
    s = copy_state(state)
    t = s["titans"][titan]
    if city not in s["cities"]:
        raise RuleError(f"at setup each Titan is placed on a city, not on the {city} Rift")
    if location(t) is not None:
        raise RuleError(say(f"{titan} is already placed on {where_text(t)}: Setup 13 places each Titan once (",
                            cmd("undo"), " to place it again)"))
    refuse_unused_picks(player_picks(adjacent, disable))      # no invader ability triggers at setup
    why, _ = order.turn(s, SETUP, t["player"])
    if why:
        raise RuleError(why)
    t["city"] = city
    lines = [f"Place {titan} on {city}."]
    nxt = order.whose_turn(s, SETUP)
    lines.append(turn_line(s, SETUP) if nxt else say("Then start turn 1: ", opening_hint(s), "."))
    return Outcome(s, lines[0], lines, {"titan": titan, "city": city, "placed": True, "next": nxt})


# --- Fight step 1: Movement ---------------------------------------------------------------------

def move(state: State, dice: Dice, titan: str, dest: str, bonus: int = 0, anywhere: bool = False,
         adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Fight step 1, Movement: "the Active Player can move his Titan by a number of Cities equal
    to its Movement ability", in turn from the Lead Character (at setup: placed, Setup 13).
    Mechanical invaders where it arrives trigger (`adjacent`, `disable`: what their effect picks)."""
    refuse_if_over(state)
    if state["phase"] == SETUP:
        return place(state, titan, dest, adjacent, disable)
    need_phase(state, FIGHT, "moving a Titan")
    s = copy_state(state)
    t = s["titans"][titan]
    here, loc = location(t), spot(s, dest)
    steps = _reach(s, titan, here, loc, bonus, anywhere)
    lines: list[str] = []
    enter_phase(s, FIGHT, lines)
    out_of_turn, closed = order.turn(s, FIGHT, t["player"])
    t.pop("city", None)
    t.pop("rift", None)
    t[loc[0]] = loc[1]
    s["round"]["moved"].append(titan)
    far = f" ({plural(steps, 'city', 'cities')})" if steps is not None and not anywhere else ""
    lines.insert(0, f"Move {titan} from {loc_text(here)} to {loc_text(loc)}{far}.")
    picks = player_picks(adjacent, disable)
    abilities = titan_enters(s, loc, lines, titan, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, FIGHT, t["player"], closed, finished=False)
    foes = invaders_at(s, loc)
    if s["phase"] != OVER and not t["destroyed"]:
        lines += _arrival(s, titan, loc, foes)
    return Outcome(s, f"{titan} moves {loc_text(here)} → {loc_text(loc)}", lines,
                   {"titan": titan, "from": loc_text(here), "to": loc_text(loc), "steps": steps, "invaders": foes,
                    "phase": s["phase"], "abilities": abilities, "damage": t["damage"], "destroyed": t["destroyed"]})


def _reach(s: State, titan: str, here, loc, bonus: int, anywhere: bool) -> int | None:
    """Whether the Titan may move there this turn; the steps it takes (None: unreachable)."""
    t = s["titans"][titan]
    if t["destroyed"]:
        raise RuleError(say(f"{titan} is destroyed: it re-enters with `", cmd("titans reenter", titan, "CITY"), "`"))
    if titan in s["round"]["moved"]:
        raise RuleError(f"{titan} has already moved (or made a Combat Repair) this turn")
    if titan in s["round"]["attacked"]:
        raise RuleError(f"{titan} has already attacked this turn: a Titan moves, then attacks")
    if here is None:
        raise RuleError(f"{titan} is not on the board")
    refuse_if_facing_tyrant(s, titan, f"{titan} passed the {{rift}} Rift's Trial and faces the Tyrant there")
    if loc == here:
        raise RuleError(f"{titan} is already on {loc_text(loc)}")
    if loc[0] == "rift" and s["rifts"][loc[1]]["closed"]:
        raise RuleError(f"the {loc[1]} Rift is closed and gone from the board")
    if loc[0] == "rift" and not anywhere:
        refuse_if_tyrant_faced(s, titan, loc[1])
    steps = distance(s, here, loc)
    if anywhere:
        return steps
    if steps is None:
        raise RuleError(f"{loc_text(loc)} cannot be reached from {loc_text(here)} along the trails")
    if steps > t["movement"] + bonus:
        raise RuleError(say(f"{loc_text(loc)} is {plural(steps, 'city', 'cities')} away from {loc_text(here)} and "
                            f"{titan}'s Movement is {t['movement']}" + (f" + {bonus}" if bonus else ""),
                            " (a card allowing more: ", cmd("titans move", titan, loc[1], bonus="N"), " or ",
                            cmd("titans move", titan, loc[1], anywhere=True), ")"))
    return steps


def refuse_if_facing_tyrant(s: State, titan: str, why: str) -> None:
    """A Titan facing a Tyrant (its Trial passed) fights it, or fails it, and does nothing else."""
    for rift, r in s["rifts"].items():
        if r.get("challenger") == titan:
            raise RuleError(say(why.format(rift=rift), ": record the fight with `",
                                cmd("titans rift close", rift, titan=titan), "` or `",
                                cmd("titans trial", titan, "fail", rift=rift, to="CITY"), "`"))


def refuse_if_tyrant_faced(s: State, titan: str, rift: str) -> None:
    """Tyrant Trial: the Titan that passes the Trial moves "into the second part of the Rift Token
    where it will face the Tyrant himself in the next turn": the Trial is behind, the Tyrant is
    that Titan's, and the book gives another Titan nothing to do there (it would only skip its
    Development). Refused, unless a card puts it there (`--anywhere`)."""
    r = s["rifts"][rift]
    who = r.get("challenger")
    if r["trial"] == "tyrant" and who not in (None, titan) and not r["guardians"]:
        raise RuleError(say(f"{who} passed the {rift} Rift's Trial and faces its Tyrant: {titan} would find "
                            f"nothing to do there (no Trial, no invader). A card that sends it there: ",
                            cmd("titans move", titan, rift, anywhere=True)))


def _arrival(s: State, titan: str, loc, foes: list[str]) -> list:
    """What the Titan finds where it stops: invaders to attack, a rift's guardians, or an empty
    rift whose Trial it may face."""
    if foes:
        if loc[0] == "city":
            head = say(f"Invaders here: {foes_text(s, foes)}. Attack: ",
                       cmd("titans attack", titan, successes="N", target=list(foes) if len(foes) > 1 else None))
        else:
            head = say(f"The {loc[1]} Rift is guarded by {foes_text(s, foes)}: {titan} must defeat them all before "
                       f"revealing the Rift Token on a later turn (attack them as in a city).")
        return [head, *pool_lines(s, titan, foes)]
    r = s["rifts"][loc[1]] if loc[0] == "rift" else None
    if r is not None and r["trial"] == "tyrant" and r.get("challenger") != titan:
        return [f"{r.get('challenger')} faces the {loc[1]} Tyrant here: {titan} has no Trial to face; it stands on "
                f"the rift until it moves on (its player skips Development meanwhile)."]
    if r is None or r["trial"] not in ("sealed", "revealed"):
        return []
    s["round"]["trial"] = titan
    what = "reveals the Rift Token and faces the Trial" if r["trial"] == "sealed" else "faces the Trial again"
    return [say(f"{titan} finished its movement on the empty {loc[1]} Rift: it {what}, before anything else ("
                f"", *trial_hints(titan, loc[1]), ").")]


def foes_text(s: State, pids: list[str]) -> str:
    parts = []
    for pid in pids:
        st = stats(s, pid)
        left = remaining_hp(s, pid)
        hp = f"HP {left}/{st['hp']}" if left != st["hp"] else f"HP {st['hp']}"
        imm = f", immune to {'/'.join(st['immune'])}" if st["immune"] else ""
        parts.append(f"{pid} ({hp}, DMG {st['dmg']}{imm})")
    return ", ".join(parts)


# --- Fight step 2: Attack -----------------------------------------------------------------------

@dataclass
class Attack:
    """An attack as the player declares it (Fight step 2): the attacker, the invaders in the order
    the damage goes, what it attacks with, and its Combat Check."""

    titan: str
    targets: tuple[str, ...] = ()       # the damage goes to them in this order (excess to the next)
    successes: int | None = None        # counted on the table's dice; None: journal rolls the check
    provoke: bool = False               # Provoke first: a rift's first invader comes to the Titan's city
    rift: str | None = None             # the rift provoked (None: the only one with invaders)
    tech: tuple[str, ...] = ()          # Tech Cards used (checked against immunities at Red)
    final_blow: bool = False
    bonus_dice: int = 0                 # extra dice a card gives, when journal rolls
    reroll: int = 0                     # failed dice a card lets re-roll once, when journal rolls


@dataclass
class Strike:
    """The attack under way: where, what it ignores at Red, and what its damage did."""

    loc: tuple
    picks: dict
    lines: list = field(default_factory=list)
    abilities: list = field(default_factory=list)
    immune: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    hits: list[dict] = field(default_factory=list)
    killed: list[str] = field(default_factory=list)
    credits: int = 0
    left: int = 0
    checks: list[dict] = field(default_factory=list)   # its Combat Check, for the luck audit (Outcome.meta)


def attack(state: State, dice: Dice, declared: Attack, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Fight step 2, Attack: each success is 1 damage, dealt to the targets in order; excess
    carries to the next named invader and is lost after the last. Provoke first brings a rift's
    first invader onto the Titan's city. At Red, immunities make the attack ignore the Tech Cards
    and Final Blow bearing those Attack Tags. The attack ends the player's Fight turn."""
    a = declared
    need_phase(state, FIGHT, "attacking")
    s = copy_state(state)
    t = s["titans"][a.titan]
    strike = Strike(_may_attack(s, a.titan), player_picks(adjacent, disable))
    enter_phase(s, FIGHT, strike.lines)
    out_of_turn, closed = order.turn(s, FIGHT, t["player"])
    provoked = provoke(s, a, strike) if a.provoke else None
    if s["phase"] == OVER:
        if out_of_turn:
            raise RuleError(out_of_turn)
        return Outcome(s, f"{a.titan} provokes {provoked} onto {strike.loc[1]}: the game is lost", strike.lines,
                       {"titan": a.titan, "provoked": provoked, "threat": s["threat"], "phase": OVER,
                        "abilities": strike.abilities})
    head_at = len(strike.lines)
    here = invaders_at(s, strike.loc)
    targets = _damage_order(s, a, strike.loc, here)
    _immunities(s, a, targets, strike)
    if a.final_blow:
        t["blow_ready"] = False
        strike.lines.append(f"{a.titan} uses its Final Blow: turn its Final Blow Token over.")
    amphibious = [pid for pid in here if category(s, pid) == AMPHIBIOUS]
    for pid in amphibious:          # they trigger as the attack is performed; effects after the damage
        strike.abilities.append(trigger(s, pid, strike.loc, strike.lines, titan=a.titan, apply=False))
    successes = _combat_check(s, dice, a, here, strike)
    strike.checks = check_record("Combat Check", s, a.titan, "combat", remaining_hp(s, targets[0]), successes,
                                 a.bonus_dice, a.reroll, strike.ignored, a.final_blow, here)
    deal(s, a.titan, targets, successes, strike)
    for pid in amphibious:
        eff = {k: v for k, v in stats(s, pid)["effect"].items() if k != "dice"}
        if eff and s["phase"] != OVER:
            apply_effect(s, pid, eff, strike.loc, strike.lines, a.titan, strike.picks)
    refuse_unused_picks(strike.picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["attacked"].append(a.titan)
    order.take(s, FIGHT, t["player"], closed, finished=True)
    strike.lines.insert(head_at, f"{a.titan} attacks on {loc_text(strike.loc)} with "
                                 f"{plural(successes, 'success', 'successes')}.")
    _after_attack(s, a.titan, strike)
    return _attack_outcome(s, a, strike, successes, provoked)


def _may_attack(s: State, titan: str):
    """Where the Titan attacks: it stands on the board, has not attacked this turn and does not
    face a Tyrant."""
    t = s["titans"][titan]
    if t["destroyed"]:
        raise RuleError(f"{titan} is destroyed and cannot attack")
    if titan in s["round"]["attacked"]:
        raise RuleError(f"{titan} has already attacked this turn")
    loc = location(t)
    if loc is None:
        raise RuleError(f"{titan} is not on the board")
    refuse_if_facing_tyrant(s, titan, f"{titan} faces the {{rift}} Tyrant")
    return loc


def provoke(s: State, a: Attack, strike: Strike) -> str | None:
    """Provoke: "the first Invader invades the city where the Titan of this player is positioned.
    Apply the Invasion Damage normally, then resolve a normal attack. Note: a player can't provoke
    Invaders from the Lairs." Returns the invader provoked."""
    if strike.loc[0] != "city":
        raise RuleError(f"{a.titan} can only Provoke from a city")
    candidates = [r for r in open_rifts(s) if s["rifts"][r]["guardians"]]
    if a.rift is not None:
        rift = a.rift
        if rift not in candidates:
            raise RuleError(f"the {rift} Rift has no invader to provoke (the Lair cannot be provoked)")
    elif len(candidates) == 1:
        rift = candidates[0]
    elif not candidates:
        raise RuleError("no rift has an invader left to provoke (the Lairs cannot be provoked)")
    else:
        raise InputError(say(f"name the rift to provoke, one of {', '.join(candidates)}: ",
                             *joined([cmd("titans attack", a.titan, provoke=True, rift=r) for r in candidates])))
    strike.lines.append(f"{a.titan} provokes the {rift} Rift.")
    return invade_from(s, rift, strike.loc[1], strike.lines, provoked=True, picks=strike.picks,
                       abilities=strike.abilities)


def _damage_order(s: State, a: Attack, loc, here: list[str]) -> list[str]:
    """The invaders the damage goes to, in the order named (the only one, when alone)."""
    if not here:
        raise RuleError(f"there is no invader on {loc_text(loc)} to attack")
    for pid in a.targets:
        if pid not in here:
            raise RuleError(f"{pid} is not on {loc_text(loc)} (here: {', '.join(here)})")
    if a.targets:
        return list(a.targets)
    if len(here) == 1:
        return list(here)
    raise InputError(say(f"name the invaders in the order the damage goes (here: {', '.join(here)}): ",
                         cmd("titans attack", a.titan, successes="N", target=list(here))))


def _immunities(s: State, a: Attack, targets: list[str], strike: Strike) -> None:
    """At Red, "consider all their Attack Tag immunities before rolling": a Tech Card or the Final
    Blow bearing such a tag is left out, and every equipped card bearing one gives nothing."""
    t = s["titans"][a.titan]
    _refuse_unready(t, a)
    strike.immune = sorted({tag for pid in targets for tag in stats(s, pid)["immune"]}, key=TAGS.index)
    if not strike.immune:
        return
    immune = strike.immune
    strike.lines.append(f"Red tier: the targets are immune to {', '.join(immune)} — ignore Tech Cards and Final "
                        f"Blows bearing those Attack Tags.")
    _refuse_immune_tags(t, a, immune)
    strike.ignored = [c for c, tc in t["tech"].items() if not tc["disabled"] and set(tc.get("tags", [])) & set(immune)]
    if strike.ignored:
        shown = ", ".join(f"{c} ({'/'.join(x for x in t['tech'][c]['tags'] if x in immune)})" for c in strike.ignored)
        strike.lines.append(f"{a.titan} ignores {shown} in this attack: no bonus from "
                            f"{'it' if len(strike.ignored) == 1 else 'them'}.")


def _refuse_unready(t: Titan, a: Attack) -> None:
    """What the attack uses must be ready: its Tech Cards enabled, the Final Blow not spent."""
    for card in a.tech:
        if t["tech"][card]["disabled"]:
            raise RuleError(f"{card} is disabled: re-enable it with a repair success first")
    if a.final_blow and not t["blow_ready"]:
        raise RuleError(say(f"{a.titan}'s Final Blow is spent: refresh it in the Development step (",
                            cmd("titans develop", t["player"], REFRESH), ")"))


def _refuse_immune_tags(t: Titan, a: Attack, immune: list[str]) -> None:
    """At Red, a Tech Card or the Final Blow bearing a tag the targets are immune to is left out."""
    for card in a.tech:
        bad = [tag for tag in t["tech"][card].get("tags", []) if tag in immune]
        if bad:
            raise RuleError(f"{card} bears the {'/'.join(bad)} Attack Tag and the targets are immune to it at Red: "
                            f"leave it out of this attack")
    bad = [tag for tag in t["blow_tags"] if tag in immune]
    if a.final_blow and bad:
        raise RuleError(f"{a.titan}'s Final Blow bears the {'/'.join(bad)} Attack Tag and the targets are immune to "
                        f"it at Red")


def _combat_check(s: State, dice: Dice, a: Attack, here: list[str], strike: Strike) -> int:
    """The Combat Check's successes: as counted on the table's dice, or rolled by journal."""
    if a.successes is not None:
        refuse_too_many(s, a.titan, "combat", a.successes, a.bonus_dice, ignored=strike.ignored, blow=a.final_blow,
                        foes=here)
        strike.lines.extend(pool_lines(s, a.titan, here, ignored=strike.ignored, blow=a.final_blow, typed=True,
                                       bonus_dice=a.bonus_dice))
        return a.successes
    return roll_check(s, dice, a.titan, "combat", a.bonus_dice, strike.lines, ignored=strike.ignored,
                      blow=a.final_blow, foes=here, reroll=a.reroll,
                      typed=cmd("titans attack", a.titan, successes="N", target=list(a.targets) or None))


def deal(s: State, titan: str, targets: list[str], successes: int, strike: Strike) -> None:
    """Each success is 1 damage, to the targets in order: an invader destroyed takes what it had
    left, the excess goes to the next one; after the last it is lost."""
    left = successes
    for pid in targets:
        if left <= 0:
            break
        need = remaining_hp(s, pid)
        dealt = min(need, left)
        left -= dealt
        strike.hits.append({"invader": pid, "damage": dealt})
        if dealt >= need:
            strike.credits += kill(s, pid, titan, strike.lines, picks=strike.picks, abilities=strike.abilities)
            strike.killed.append(pid)
        else:
            _hurt_pawn(s, pid, dealt)
            strike.lines.append(f"{pid} takes {dealt} damage: put {plural(dealt, 'Invader Damage Token')} on it "
                                f"({pawn_damage(s, pid)}/{stats(s, pid)['hp']}).")
        if s["phase"] == OVER:
            break
    strike.left = left
    if left > 0 and successes and s["phase"] != OVER:
        strike.lines.append(f"{plural(left, 'point')} of excess damage {'is' if left == 1 else 'are'} lost"
                            + (" (no other target was named)." if invaders_at(s, strike.loc) else "."))
    if not successes:
        strike.lines.append(f"{titan} scores no success: no damage.")


def kill(s: State, pid: str, name: str, lines: list[str], picks: dict | None = None,
         abilities: list | None = None) -> int:
    """An invader destroyed: its reward to the attacker's player, the pawn "in the Lair on the first
    available spot" (the lowest free one); a Terrestrial invader's ability triggers (where it
    stood; "the Titan" is `name`)."""
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
    spot = lair_put(r, pid)
    player = s["titans"][name]["player"]
    s["players"][player]["credits"] = min(CREDITS_MAX, s["players"][player]["credits"] + st["reward"])
    lines.append(f"{pid} is destroyed: {player} gains {plural(st['reward'], 'Credit')}; put the pawn on spot "
                 f"{spot} of the {rift} Lair (its first free spot).")
    if category(s, pid) == TERRESTRIAL and s["phase"] != OVER:
        rec = trigger(s, pid, loc, lines, titan=name, picks=picks)
        if abilities is not None:
            abilities.append(rec)
    return st["reward"]


def _hurt_pawn(s: State, pid: str, n: int) -> None:
    if pid in s["invaders"]:
        s["invaders"][pid]["damage"] += n
    else:
        r = s["rifts"][rift_of_pawn(s, pid)]
        gd = r.setdefault("guardian_damage", {})
        gd[pid] = gd.get(pid, 0) + n


def _after_attack(s: State, titan: str, strike: Strike) -> None:
    """A rift left without guardians may be revealed next turn; then whose Fight turn it is."""
    if s["phase"] == OVER:
        return
    loc = strike.loc
    if loc[0] == "rift" and not invaders_at(s, loc) and not s["titans"][titan]["destroyed"]:
        strike.lines.append(say(f"The {loc[1]} Rift has no guardian left: next turn {titan} may reveal the Rift "
                                f"Token (", *trial_hints(titan, loc[1]), ")."))
    strike.lines.append(turn_line(s, FIGHT))


def _attack_outcome(s: State, a: Attack, strike: Strike, successes: int, provoked: str | None) -> Outcome:
    summary = f"{a.titan} attacks: {successes} damage"
    if provoked:
        summary = f"{a.titan} provokes {provoked} and attacks: {successes} damage"
    if strike.killed:
        summary += f", destroys {', '.join(strike.killed)} (+{plural(strike.credits, 'Credit')})"
    elif strike.hits:
        summary += " to " + ", ".join(h["invader"] for h in strike.hits)
    return Outcome(cast(dict, s), summary, strike.lines,
                   {"titan": a.titan, "successes": successes, "rolled": a.successes is None, "hits": strike.hits,
                    "destroyed": strike.killed, "credits": strike.credits, "excess_lost": max(0, strike.left),
                    "provoked": provoked, "immune": strike.immune, "final_blow": a.final_blow,
                    "ignored_tech": strike.ignored, "abilities": strike.abilities, "threat": s["threat"],
                    "phase": s["phase"]}, meta={"checks": strike.checks} if strike.checks else None)


# --- Combat Repair (Fight Phase) and the Repair Action (Upgrade step 1) -------------------------

@dataclass
class Repair:
    """A Repair Check's successes as the player spends them: each removes 1 damage (`heal`; None:
    as many as possible when nothing else is chosen), gives a Tech Card 1 Charge (`charge`) or
    re-enables one (`enable`)."""

    titan: str
    successes: int | None = None        # counted on the table's dice; None: journal rolls (or a Refuge City)
    heal: int | None = None
    charge: tuple[str, ...] = ()
    enable: tuple[str, ...] = ()
    upgrade: bool = False               # the Upgrade Phase's Repair Action
    bonus_dice: int = 0
    reroll: int = 0
    skip: bool = False                  # the player says they skip the Upgrade Phase's Repair Check


def repair(state: State, dice: Dice, declared: Repair) -> Outcome:
    """A Repair Check: each success removes 1 damage, gives a Tech Card 1 Charge (max 3), or
    re-enables a Tech Card (with 0 Charges). In the Fight Phase: Combat Repair (not moved, no
    invader in its city, at most Repair successes). In the Upgrade Phase: the Repair Action
    (a Titan on a Refuge City gets a success per point of Repair)."""
    a = declared
    refuse_if_over(state)
    phase = UPGRADE if a.upgrade or state["phase"] == UPGRADE else FIGHT
    need_phase(state, phase, "a Repair Check")
    s = copy_state(state)
    t = s["titans"][a.titan]
    if t["destroyed"]:
        raise RuleError(f"{a.titan} is destroyed: it cannot repair")
    lines: list[str] = []
    if phase == FIGHT:
        kind, cap, refuge = "Combat Repair", t["repair"], False
        out_of_turn, closed = _may_combat_repair(s, a, lines)
    else:
        kind, cap, out_of_turn, closed = "Repair Action", None, None, []
        refuge = _may_repair_action(s, a.titan, lines)
        if a.skip:
            return _skipped(s, a.titan, lines)
    successes, rolled = _repair_check(s, dice, a, refuge, lines)
    audit = [] if refuge else _repair_record(s, a, cap, successes)
    usable = _usable(a.titan, successes, cap, lines)
    heal, spent = _spend(t, a, usable, lines)
    if out_of_turn:
        raise RuleError(out_of_turn)
    _repaired(s, a.titan, phase, closed)
    unspent = usable - spent
    lines.insert(0, f"{a.titan}: {kind} with {plural(successes, 'success', 'successes')}.")
    if phase == UPGRADE:
        lines.append(repairs_line(s))
    summary = (f"{a.titan}: {kind}, {plural(successes, 'success', 'successes')} (healed {heal}"
               + (f", {plural(len(a.charge), 'charge')}" if a.charge else "")
               + (f", re-enabled {len(a.enable)}" if a.enable else "") + ")")
    return Outcome(s, summary, lines, {"titan": a.titan, "kind": kind, "successes": successes, "rolled": rolled,
                                       "healed": heal, "charged": list(a.charge), "enabled": list(a.enable),
                                       "unspent": unspent, "damage": t["damage"], "phase": s["phase"]},
                   meta={"checks": audit} if audit else None)


def _usable(titan: str, successes: int, cap: int | None, lines: list[str]) -> int:
    """The successes the Titan may spend: Combat Repair spends at most its Repair (`cap`)."""
    if cap is not None and successes > cap:
        lines.append(f"Combat Repair spends at most {cap} successes ({titan}'s Repair).")
        return cap
    return successes


def _repaired(s: State, titan: str, phase: str, closed: list[str]) -> None:
    """The check is made: Combat Repair takes the place of the Titan's movement (and may end its
    Fight turn); the Upgrade Phase's Repair Action is over for it."""
    if phase == FIGHT:
        s["round"]["moved"].append(titan)
        order.take(s, FIGHT, s["titans"][titan]["player"], closed, finished=False)
    else:
        s["round"]["repaired"].append(titan)


def _repair_record(s: State, a: Repair, cap: int | None, successes: int) -> list[dict]:
    """The Repair Check for the luck audit: won when it mends all it can (every Damage Token and
    disabled Tech Card; Combat Repair at most the Titan's Repair)."""
    t = s["titans"][a.titan]
    mend = t["damage"] + sum(1 for tc in t["tech"].values() if tc["disabled"])
    return check_record("Repair Check", s, a.titan, "repair", mend if cap is None else min(mend, cap), successes,
                        a.bonus_dice, a.reroll)


def _skipped(s: State, titan: str, lines: list[str]) -> Outcome:
    """The player says they skip the Repair Check: it is over for their Titan, with no success."""
    s["round"]["repaired"].append(titan)
    lines.insert(0, f"{titan}: no Repair Check this Upgrade Phase ({s['titans'][titan]['player']} skips it).")
    lines.append(repairs_line(s))
    return Outcome(cast(dict, s), f"{titan}: Repair Action skipped", lines,
                   {"titan": titan, "kind": "Repair Action", "skipped": True, "phase": s["phase"]})


def _may_combat_repair(s: State, a: Repair, lines: list[str]) -> tuple[str | None, list[str]]:
    """Combat Repair: "If there are no Invaders in the City where the Titan is located and the
    Titan has not moved this Turn" (the player's choice: there is no check to skip). Returns
    order.turn's verdict."""
    titan = a.titan
    if a.skip:
        raise RuleError(say("Combat Repair is the player's choice: nothing to skip (the Upgrade Phase's Repair "
                            "Check: ", cmd("titans repair", titan, upgrade=True, skip=True), ")"))
    enter_phase(s, FIGHT, lines)
    loc = location(s["titans"][titan])
    if titan in s["round"]["moved"]:
        raise RuleError(say(f"{titan} has moved this turn: Combat Repair needs a Titan that has not moved (the "
                            f"Upgrade Phase's Repair Action: ", cmd("titans repair", titan, upgrade=True), ")"))
    if invaders_at(s, loc):
        raise RuleError(f"invaders are on {loc_text(loc)}: Combat Repair needs a city with no invader")
    if titan in s["round"]["attacked"]:
        raise RuleError(f"{titan} has attacked this turn: Combat Repair replaces its movement")
    return order.turn(s, FIGHT, s["titans"][titan]["player"])


def _may_repair_action(s: State, titan: str, lines: list[str]) -> bool:
    """Upgrade step 1, once per Titan and before Gain Charges. Returns whether the Titan stands on
    a Refuge City ("it automatically obtains a success for each point of its Repair ability")."""
    if titan in s["round"]["repaired"]:
        raise RuleError(f"{titan} has already made its Repair Check this Upgrade Phase")
    if s["round"]["charged"]:
        raise RuleError("the Repair Action is step 1 of the Upgrade Phase and Charges were already gained "
                        "this turn")
    enter_phase(s, UPGRADE, lines)
    loc = location(s["titans"][titan])
    # reading: a destroyed Refuge City shelters no one, so it gives no success without rolling
    return loc is not None and loc[0] == "city" and s["cities"][loc[1]]["type"] == REFUGE and \
        not s["cities"][loc[1]]["destroyed"]


def _repair_check(s: State, dice: Dice, a: Repair, refuge: bool, lines: list[str]) -> tuple[int, bool]:
    """(successes, whether journal rolled them): a Refuge City gives the Titan's Repair at least."""
    t = s["titans"][a.titan]
    if a.successes is None and refuge:
        lines.append(f"{a.titan} is on a Refuge City: {plural(t['repair'], 'success', 'successes')} without rolling.")
        return t["repair"], False
    if a.successes is None:
        return roll_check(s, dice, a.titan, "repair", a.bonus_dice, lines, reroll=a.reroll,
                          typed=cmd("titans repair", a.titan, successes="N", upgrade=a.upgrade)), True
    refuse_too_many(s, a.titan, "repair", a.successes, a.bonus_dice, at_least=t["repair"] if refuge else 0)
    if refuge and a.successes < t["repair"]:
        lines.append(f"{a.titan} is on a Refuge City: it gets {t['repair']} successes (its Repair).")
        return t["repair"], False
    return a.successes, False


def _spend(t: Titan, a: Repair, usable: int, lines: list[str]) -> tuple[int, int]:
    """Spend the successes: re-enable first (a re-enabled card restarts at 0 Charges: T6), then
    Charges, then healing. Returns (damage healed, successes spent)."""
    spent = 0
    for card in a.enable:
        tc = t["tech"][card]
        if not tc["disabled"]:
            raise RuleError(f"{card} is not disabled")
        tc["disabled"] = False
        tc["charges"] = 0
        spent += 1
        lines.append(f"Re-enable {card}: turn it face up with 0 Charges.")
    for card in a.charge:
        tc = t["tech"][card]
        if tc["disabled"]:
            raise RuleError(f"{card} is disabled: re-enable it first")
        if tc["charges"] >= CHARGES_MAX:
            raise RuleError(f"{card} already has {CHARGES_MAX} Charges (the most a Tech Card holds)")
        tc["charges"] += 1
        spent += 1
        lines.append(f"{card} gains a Charge ({tc['charges']}/{CHARGES_MAX}).")
    heal = a.heal
    if heal is None:
        heal = max(0, min(usable - spent, t["damage"])) if not (a.charge or a.enable) else 0
    if heal > t["damage"]:
        raise RuleError(f"{a.titan} has only {plural(t['damage'], 'Damage Token')} to remove")
    spent += heal
    if spent > usable:
        raise RuleError(f"{plural(spent, 'success', 'successes')} spent but only {usable} available")
    if heal:
        t["damage"] -= heal
        lines.append(f"Remove {plural(heal, 'Damage Token')} from {a.titan} ({t['damage']}/{t['hp']}).")
    if usable - spent:
        lines.append(f"{plural(usable - spent, 'success', 'successes')} left unspent.")
    return heal, spent
