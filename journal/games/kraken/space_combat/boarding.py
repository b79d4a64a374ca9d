"""Space combat phase 5, Boarding enemy ships: boarding, repelling, rounds, healing after."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError, typed
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.checks import check
from journal.games.kraken.model.combat import boarding_pending, current_space_combat
from journal.games.kraken.model.members import drop_member, note_fallen, wound
from journal.games.kraken.model.systems import working
from journal.games.kraken.space_combat.after import check_crew, finish_combat
from journal.games.kraken.space_combat.page import (
    BOARD_CREW_LEFT,
    BOARD_SHIELD,
    after_timeline,
    available_crew,
    enemy_at,
    goto_step,
    mark_used,
)
from journal.hints import Text, cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

BOARD_POINTS = 6         # ... one die per 6 points of Ranged/Melee
BOARD_WOUND = 4          # ... an enemy hit costs a crew member 4 HP
BOARD_SACRIFICE = 3      # ... a sacrifice attack costs 3 HP
BOARD_ROUNDS = 3
HURRY_HEAL = 2           # after boarding: d6 2-6 → 2 HP, 1 → dies
HURRY_CHANCE = 5 / 6     # ... the chance of a 2-6


def _pool(s: State, names) -> int:
    """One die per 6 points of the members' best battle attribute (our reading: a party
    with a conscious member has at least one die, as step 5 of the loop gives)."""
    points = sum(max(s["crew"][n]["ranged"], s["crew"][n]["melee"]) for n in names)
    return max(1, points // BOARD_POINTS) if names else 0


def combat_board(state: State, dice, enemy: int, crew) -> Outcome:
    """10 (5): board one enemy ship with 3 or less Shield and some crew, once a turn; the
    crew you send are used. Your dice: one per 6 points of their better of Ranged and
    Melee; theirs: one per 2 crew."""
    s = copy_state(state)
    c = current_space_combat(s)
    goto_step(c, "boarding")
    if c.get("boarded"):
        raise RuleError("you boarded a ship this turn already: one boarding per Space Combat turn")
    e = enemy_at(c, enemy)
    if e["sp"] == 0:
        raise RuleError(f"enemy {enemy} is destroyed")
    if e["crew"] == 0:
        raise RuleError(f"enemy {enemy} ({e['type']}) has no crew: it cannot be boarded")
    if e["shield"] > BOARD_SHIELD:
        raise RuleError(f"enemy {enemy}'s Shield is {e['shield']}: a ship is boarded at {BOARD_SHIELD} or less")
    names = available_crew(s, c, crew)
    if not names:
        raise InputError(say("who boards? ", cmd("kraken combat board", enemy, crew="NAME")))
    mark_used(c, names, "boarding")
    c["boarded"] = True
    mine, theirs = _pool(s, names), e["crew"] // 2
    c["boarding"] = {"enemy": enemy, "by": "us", "crew": names, "dice": mine, "enemy_dice": theirs,
                     "enemy_start": theirs, "round": 0}
    points = sum(max(s["crew"][n]["ranged"], s["crew"][n]["melee"]) for n in names)
    out = [f"Boarding enemy {enemy} ({e['type']}): {', '.join(names)} {'goes' if len(names) == 1 else 'go'} across "
           f"(used this turn).",
           f"Your pool: {points} battle points → {mine} d6; theirs: {e['crew']} crew → {theirs} d6.",
           say("Roll the rounds: ", cmd("kraken combat round"), " (with --negate N, --hurt NAME for each hit or "
               "--sacrifice NAME as the round asks; or ", cmd("kraken combat retreat"), ").")]
    if theirs == 0:
        out.extend(_end_boarding(s, c))
    return Outcome(s, f"Boarding enemy {enemy}: {mine} d6 against {theirs} d6", out, {"boarding": c.get("boarding"),
                                                                                      "dice": mine,
                                                                                      "enemy_dice": theirs})


def combat_repel(state: State, dice, enemy: int, crew) -> Outcome:
    """10 (1) Combat: an enemy ship with 4+ crew boards you (leaving 2 aboard): your
    defenders fight it as a Boarding Combat (no retreat; it lasts three rounds at most)."""
    s = copy_state(state)
    c = current_space_combat(s)
    if c.get("boarding"):
        raise RuleError(boarding_pending(c))
    if not c.get("boarders"):
        raise RuleError("no enemy is boarding your ship")
    if enemy not in c["boarders"]:
        raise RuleError(f"enemy {enemy} is not boarding: the boarders are {', '.join(map(str, c['boarders']))}")
    # Defenders may have acted this turn already: boarders are fought off by whoever is standing.
    names = available_crew(s, c, crew, allow_used=True)
    up = [n for n, m in s["crew"].items() if m["status"] == "active"]
    if not names and up:
        raise InputError(say(f"who defends the ship ({', '.join(up)})? ",
                             cmd("kraken combat repel", enemy, crew="NAME")))
    c["boarders"].remove(enemy)
    if not c["boarders"]:
        del c["boarders"]
    e = c["enemies"][enemy - 1]
    sent = max(0, e["crew"] - BOARD_CREW_LEFT)
    if not names:
        out = [f"Enemy {enemy} ({e['type']}) boards with {sent} crew and nobody stands to defend the ship."]
        finish_combat(s, c, "lost", out)
        return Outcome(s, f"Enemy {enemy} boards an undefended ship", out, {"enemy": enemy})
    for n in names:
        c["used"].setdefault(n, "defence")
    mine, theirs = _pool(s, names), sent // 2
    c["boarding"] = {"enemy": enemy, "by": "them", "crew": names, "dice": mine, "enemy_dice": theirs,
                     "enemy_start": theirs, "round": 0}
    out = [f"Enemy {enemy} ({e['type']}) boards with {sent} crew ({BOARD_CREW_LEFT} stay aboard): {theirs} d6.",
           f"Defenders {', '.join(names)}: {mine} d6.",
           say("Roll the rounds: ", cmd("kraken combat round"), " (with --negate N, --hurt NAME for each hit or "
               "--sacrifice NAME as the round asks).")]
    if theirs == 0:
        out.extend(_end_boarding(s, c))
    return Outcome(s, f"Enemy {enemy} boards: {theirs} d6 against {mine} d6", out,
                   {"boarding": c.get("boarding"), "dice": mine, "enemy_dice": theirs})


def _hits(faces) -> int:
    return sum(2 if f == 6 else 1 if f >= 4 else 0 for f in faces)


def combat_round(state: State, dice: Dice, negate: int | None = None, hurt=(), sacrifice: str | None = None,
                 rerolls=None) -> Outcome:
    """10 (5) one Boarding Combat round: roll both pools (4-5 a hit, 6 two; with a Boarding
    Armory / Onboard defense you reroll the dice you name, once: `rerolls`), negate enemy
    hits 1:1, each enemy hit left costs a crew member 4 HP (an unconscious one takes a die
    away), every two of your hits left remove one of their dice (one hit left: sacrifice 3 HP
    for a die)."""
    s = copy_state(state)
    c = current_space_combat(s)
    b = c.get("boarding")
    if not b:
        raise RuleError("there is no Boarding Combat going on")
    out: list[str] = []
    b["round"] += 1
    mine, theirs = _roll_pools(s, b, dice, out, rerolls)
    h_me, h_them = _hits(mine), _hits(theirs)
    most = min(h_me, h_them)
    n = most if negate is None else negate
    if not 0 <= n <= most:
        raise InputError(f"you can negate 0-{most} {'hit' if most == 1 else 'hits'} this round, not {negate}")
    out.append(f"Hits: yours {h_me}, theirs {h_them}; you negate {n}.")
    lost_dice = _take_enemy_hits(s, b, h_them - n, _hurt_order(s, b, hurt), out)
    b["dice"] = max(0, b["dice"] - lost_dice)
    if lost_dice:
        out.append(f"You lose {lost_dice} d6 from your pool.")
    _remove_enemy_dice(s, b, h_me - n, sacrifice, out)
    _last_die(s, b, out)
    data = {"round": b["round"], "dice": mine, "enemy_dice": theirs, "hits": h_me, "enemy_hits": h_them,
            "negated": n}
    if b["enemy_dice"] == 0 or b["dice"] == 0 or b["round"] >= BOARD_ROUNDS:
        out.extend(_end_boarding(s, c))
        data["over"] = True
    else:
        retreat = (", or ", cmd("kraken combat retreat"), ".") if b["by"] == "us" else (".",)
        out.append(say("Next round: ", cmd("kraken combat round"), f" ({b['dice']} d6 against {b['enemy_dice']} d6)",
                       *retreat))
    return Outcome(s, f"Boarding round {data['round']}: {plural(h_me, 'hit')} against {h_them}", out, data)


def _remove_enemy_dice(s: State, b: dict, left: int, sacrifice: str | None, out: list[str]) -> None:
    """Every two of your hits left remove one of their dice (one hit left: a sacrifice of 3 HP for a die)."""
    removed = left // 2 + (_sacrifice(s, b, sacrifice, left, out) if sacrifice is not None else 0)
    removed = min(removed, b["enemy_dice"])
    b["enemy_dice"] -= removed
    if removed:
        out.append(f"They lose {removed} d6 ({b['enemy_dice']} left).")


def _last_die(s: State, b: dict, out: list[str]) -> None:
    """With no dice left but someone still standing, the party rolls a single d6 next round."""
    b["crew"] = [x for x in b["crew"] if x in s["crew"]]
    conscious = [x for x in b["crew"] if s["crew"][x]["status"] == "active"]
    if b["dice"] == 0 and conscious:
        b["dice"] = 1
        out.append("You have no dice left but someone still stands: take a single d6 for the next round.")


def _roll_pools(s: State, b: dict, dice: Dice, out: list[str], rerolls=None) -> tuple[list[int], list[int]]:
    """Both pools roll; with the Boarding Armory (boarding) or Onboard defense (repelling) you
    "re-roll any amount of your attack dice a single time": the dice you name, by their place."""
    mine = [dice.roll(6, label=f"your boarding d6 {i + 1}") for i in range(b["dice"])]
    theirs = [dice.roll(6, label=f"their boarding d6 {i + 1}") for i in range(b["enemy_dice"])]
    system = "Boarding Armory" if b["by"] == "us" else "Onboard defense"
    line = f"Boarding round {b['round']}: your dice {' '.join(map(str, mine)) or '-'}"
    places = _reroll_places(s, b, system, mine, rerolls)
    if places:
        for i in places:
            mine[i - 1] = dice.roll(6, label=f"reroll of your die {i}")
        named = ", ".join(str(i) for i in places)
        line += (f", the {system} rerolls die {named}" if len(places) == 1 else
                 f", the {system} rerolls dice {named}") + f": {' '.join(map(str, mine))}"
    line += f"; theirs {' '.join(map(str, theirs)) or '-'}."
    out.append(line)
    return mine, theirs


def _reroll_places(s: State, b: dict, system: str, mine: list[int], rerolls) -> list[int]:
    """The places (1 = your first die) the player rerolls: asked once the dice are seen when a
    working system allows it; none without one. "none" rerolls nothing."""
    words = [w for x in ([rerolls] if isinstance(rerolls, str) else rerolls or [])
             for w in str(x).replace(",", " ").split()]
    if not working(s, system):
        if words and words != ["none"]:
            raise RuleError(f"only a working {system} rerolls your dice "
                            + ("when you board" if b["by"] == "us" else "when your ship is boarded"))
        return []
    if rerolls is None:
        if not mine or all(f == 6 for f in mine):
            return []
        faces = " ".join(map(str, mine)) + (" (place 1)" if len(mine) == 1 else f" (places 1-{len(mine)}, in order)")
        raise NeedChoice(f"--reroll is required: your dice show {faces}; the {system} rerolls as many of them as you "
                         f"like, once: name each by its place (--reroll 1, repeated for more), or --reroll none",
                         "--reroll", [], f"Your dice: {faces}. Reroll which (their places, e.g. 1 3; or none)",
                         param="rerolls")
    if words == ["none"]:
        return []
    return _places_named(words, len(mine))


def _places_named(words: list[str], dice: int) -> list[int]:
    """The dice's places as typed: each 1-`dice`, each once."""
    places: list[int] = []
    for w in words:
        if not (w.isdigit() and 1 <= int(w) <= dice):
            raise InputError(f"--reroll {typed(w)}: a die's place in your roll, 1-{dice}, or none")
        if int(w) in places:
            raise InputError(f"--reroll {w} is named twice: each die is rerolled once")
        places.append(int(w))
    return places


def _hurt_order(s: State, b: dict, hurt) -> list[str]:
    """Who takes the enemy hits, in order: members of this boarding party."""
    order = []
    for h in hurt:
        key = known(s["crew"], h, "crew member")
        if key not in b["crew"]:
            raise InputError(f"{key} is not hit: only the crew in this Boarding Combat ({', '.join(b['crew'])}) are")
        order.append(key)
    return order


def _take_enemy_hits(s: State, b: dict, wounds: int, order: list[str], out: list[str]) -> int:
    """Each enemy hit left costs a conscious boarder 4 HP; returns the dice lost (one per boarder down)."""
    lost_dice = 0
    for k in range(wounds):
        conscious = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "active"]
        if not conscious:
            out.append("Every one of your boarders is down: the remaining hits find nobody.")
            break
        while order and order[0] not in conscious:      # a name given for a member already down: the next one
            order.pop(0)
        if order:
            who = order.pop(0)
        elif len(conscious) == 1:
            who = conscious[0]
        else:
            raise NeedChoice(f"--hurt is required: enemy hit {k + 1} of {wounds} costs one of your boarders "
                             f"{BOARD_WOUND} HP: one of {', '.join(conscious)} (repeat --hurt for each hit)",
                             "--hurt", conscious, "Who takes the hit")
        if wound(s, who, BOARD_WOUND, out, "boarding") in ("unconscious", "killed"):
            lost_dice += 1
    return lost_dice


def _sacrifice(s: State, b: dict, sacrifice: str, left: int, out: list[str]) -> int:
    """10 (5): with a single hit left over, a conscious boarder gives 3 HP to remove one more enemy die."""
    if left % 2 != 1:
        raise RuleError("a sacrifice attack needs exactly one hit left over")
    key = known(s["crew"], sacrifice, "crew member")
    if key not in b["crew"] or s["crew"][key]["status"] != "active":
        raise RuleError(f"{key} cannot make the sacrifice attack: a conscious member of this boarding party gives "
                        f"everything")
    if wound(s, key, BOARD_SACRIFICE, out, "sacrifice attack") in ("unconscious", "killed"):
        b["dice"] = max(0, b["dice"] - 1)
        out.append("You lose a d6 from your pool.")
    return 1


def combat_retreat(state: State, dice) -> Outcome:
    """10 (5.6): when you board, you may retreat to your ship at the end of a round."""
    s = copy_state(state)
    c = current_space_combat(s)
    b = c.get("boarding")
    if not b:
        raise RuleError("there is no Boarding Combat going on")
    if b["by"] != "us":
        raise RuleError("you cannot retreat from your own ship: the boarders stay until the third round is over")
    out = ["Your boarders retreat to your ship."]
    out.extend(_end_boarding(s, c, retreat=True))
    return Outcome(s, f"Boarders retreat from enemy {b['enemy']}", out, {"enemy": b["enemy"]})


def _end_boarding(s: State, c: dict, retreat: bool = False) -> list[str]:
    b = c.pop("boarding")
    e = c["enemies"][b["enemy"] - 1]
    out = []
    lost = b["enemy_start"] - b["enemy_dice"]
    conscious = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "active"]
    if b["by"] == "them" and not conscious:
        out.append("The boarders overrun your ship: you lose the game.")
        finish_combat(s, c, "lost", out)
        return out
    if b["by"] == "us" and b["enemy_dice"] == 0 and not retreat:
        e["sp"] = 0
        out.append(f"Enemy {b['enemy']} ({e['type']}): every defender is beaten: their ship is destroyed.")
    elif lost:
        before = e["crew"]
        e["crew"] = max(0, e["crew"] - 2 * lost)
        out.append(f"Enemy {b['enemy']} lost {lost} d6: crew {before} → {e['crew']}.")
    down = [x for x in b["crew"] if x in s["crew"] and s["crew"][x]["status"] == "unconscious"]
    out.append("The Boarding Combat is over.")
    if down:
        out.append(say(f"Unconscious: {', '.join(down)}: heal them in a hurry (", cmd("kraken combat heal", "NAME"),
                       ": d6 2-6 → 2 HP, a 1 kills) or leave them be."))
    if s.get("combat"):
        out.append(_after_boarding(c))
        check_crew(s, c, out)
    return out


def _after_boarding(c: dict) -> Text:
    if c.get("boarders"):
        return say(f"Next: repel enemy {c['boarders'][0]} (", cmd("kraken combat repel", c["boarders"][0], crew="NAME"),
                   ").")
    if c["step"] in ("timeline", "objectives"):
        return after_timeline(c)
    return say("Next: try to escape (", cmd("kraken combat escape"), ") or recharge (", cmd("kraken combat recharge"),
               ").")


def combat_heal(state: State, dice, name: str) -> Outcome:
    """10 (5): after a Boarding Combat an unconscious crew member may be healed in a hurry:
    d6 2-6 → 2 HP (back next turn), 1 → dies."""
    s = copy_state(state)
    c = current_space_combat(s)
    if c.get("boarding"):
        raise RuleError("heal in a hurry after the Boarding Combat")
    key = known(s["crew"], name, "crew member")
    m = s["crew"][key]
    if m["status"] != "unconscious":
        raise RuleError(f"{key} is not unconscious")
    r = dice.roll(6)
    out = []
    if r == 1:
        out.append(f"Healing {key} in a hurry: d6 1: {key} dies (keep their equipment if you like).")
        note_fallen(s, key, out)
        drop_member(s, key, out)
        check_crew(s, c, out)
        return Outcome(s, f"{key} healed in a hurry: d6 1, dies", out, {"name": key, "roll": r, "died": True},
                       {"checks": [check("heal in a hurry roll", HURRY_CHANCE, False)]})
    m["hp"] = min(m["hp_max"], HURRY_HEAL)
    m["status"] = "active"
    c["used"][key] = "healed in a hurry"
    out.append(f"Healing {key} in a hurry: d6 {r}: {key} is back on 2 HP (available next combat turn).")
    return Outcome(s, f"{key} healed in a hurry: d6 {r}, 2 HP", out, {"name": key, "roll": r, "died": False},
                   {"checks": [check("heal in a hurry roll", HURRY_CHANCE, True)]})
