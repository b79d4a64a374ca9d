"""Chapter 14, Combat initiative and the combat loop, to the combat's end and its rewards.

Oxygen each turn, whose part of the turn it is, a side through with its actions, the
turn's end (the shields recharge), the end of the combat (Treasure drops, XP, captives),
and an enemy or the combat by hand (A2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.dungeon.actions import close_exploration
from journal.games.kraken.model.campaign import copy_state, known, mark_returned
from journal.games.kraken.model.constants import AGGRESSIVE, MAX_TREASURE_GRADE
from journal.games.kraken.model.exploration import deployed, resolve
from journal.games.kraken.model.ground import (
    activations_allowed,
    active_enemies,
    conscious,
    current_ground_combat,
    lone_wolf,
    turn_hint,
)
from journal.games.kraken.model.checks import check, opposed_chance, with_checks
from journal.games.kraken.model.members import carrying, drop_member, note_fallen
from journal.games.kraken.model.weapons import back_on_ship, ready_weapons
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.schema import fold

if TYPE_CHECKING:
    from journal.games.kraken.tables import CrewMember, State

MIDAS = 3


def enemy_key(g: dict, label: str) -> str:
    """The enemy of this combat a label names (E1, Boss, Minion 1), as the command found it."""
    return known(g["enemies"], label, "enemy label")


def has_crew_trait(member: CrewMember, trait: str) -> bool:
    """Whether a crew member has a trait the rules read by name (AGGRESSIVE, Chain Attack...)."""
    return any(fold(t) == trait for t in member["traits"])


def must_attack(s: State, g: dict, n: str) -> None:
    """Ch. 14: "Crew Members with the Trait aggressive must attack if they can and can't perform
    any other action in this case. Only if their Weapon is empty or jammed or they have no
    Weapon in hand can they choose another action": refused, naming the attack, while an
    AGGRESSIVE member holds a loaded, working weapon (and carries no captive, which stops
    any attack)."""
    m = s["crew"][n]
    if not has_crew_trait(m, AGGRESSIVE) or carrying(s, n):
        return
    ready = ready_weapons(m)
    if ready:
        enemies = active_enemies(g)
        target = enemies[0] if len(enemies) == 1 else "TARGET"
        raise RuleError(say(f"{n} is AGGRESSIVE and holds a loaded, working {ready[0]}: they must attack and can't "
                            f"perform any other action (ch. 14): ",
                            cmd("kraken ground attack", n, target, weapon=ready[0])))


def _oxygen(s: State, g: dict, out: list[str], faint: str | None) -> None:
    """Combat loop step 1: one Oxygen a turn in a non-breathable or Hell atmosphere."""
    if g["atmosphere"] == "YES":
        return
    if s["oxygen"] >= 1:
        before = s["oxygen"]
        s["oxygen"] -= 1
        out.append(f"Oxygen for this combat turn ({g['atmosphere']}): {before} → {s['oxygen']}.")
        return
    up = conscious(s, g)
    if faint is None and len(up) > 1:
        raise NeedChoice(f"--faint is required: out of Oxygen, one of {', '.join(up)} becomes unconscious",
                         "--faint", up, "Who faints")
    who = known(s["crew"], faint, "crew member") if faint else up[0]
    if who not in up:
        raise InputError(f"{who} is not a conscious member of this combat: one of {', '.join(up)} faints")
    s["crew"][who]["hp"], s["crew"][who]["status"] = 0, "unconscious"
    out.append(f"Out of Oxygen: {who} faints (HP 0).")


def ground_initiative(state: State, dice: Dice, cover=(), faint: str | None = None) -> Outcome:
    """Ch. 14 initiative: the lowest Agility of the crew (members set in COVER are skipped
    and stay in cover the first turn) + d6 against the lowest enemy Agility + d6; a draw
    goes to the crew; a lone wolf wins; in an ambush the enemies always act first."""
    s = copy_state(state)
    g = current_ground_combat(s)
    if g["step"] != "spawn":
        raise RuleError("the initiative was decided already")
    if not g["enemies"]:
        raise RuleError(say("enter the enemies first (", cmd("kraken ground add", "LABEL", hp="N", agility="N"),
                            ")"))
    out: list[str] = []
    up = conscious(s, g)
    covered = set_in_cover(s, up, cover)
    rest = [n for n in up if n not in covered]
    data: dict = {}
    checks: list[dict] = []
    if g["ambush"]:
        g["first"] = "enemies"
        out.append("Ambush: the enemies act first for the whole combat (no initiative roll).")
    elif len(up) == 1:
        g["first"] = "crew"
        out.append(f"Lone wolf: {up[0]} wins the initiative.")
    else:
        roll_initiative(s, g, dice, rest, out, data, checks)
    if covered:
        g["cover"] = covered
        out.append(f"In cover the first turn: {', '.join(covered)} (+1 Armor, hit rolls against them +1).")
    g.pop("bonus", None)
    g["turn"] = 1
    g["step"] = g["first"]
    g["acted"] = {n: activations_allowed(s, g, n) for n in covered}
    g["shields"] = {n: s["crew"][n]["shield"]["power"] for n in g["crew"] if s["crew"][n].get("shield")}
    _oxygen(s, g, out, faint)
    out.append(turn_hint(s, g))
    data["first"] = g["first"]
    return Outcome(s, f"Initiative: {g['first']} first", out, data, with_checks({}, checks))


def set_in_cover(s: State, up: list[str], cover) -> list[str]:
    """The members set in cover at the initiative check: conscious members of the combat; an
    AGGRESSIVE one only with no functional weapon in hand (ch. 14)."""
    covered = []
    for c in cover:
        n = known(s["crew"], c, "crew member")
        if n not in up:
            raise RuleError(f"{n} is not a conscious member of this combat")
        if has_crew_trait(s["crew"][n], AGGRESSIVE) and ready_weapons(s["crew"][n]):
            raise RuleError(f"{n} is AGGRESSIVE and holds a working {ready_weapons(s['crew'][n])[0]}: an AGGRESSIVE "
                            f"member is set in cover only with no functional weapon in hand (ch. 14)")
        covered.append(n)
    return covered


def roll_initiative(s: State, g: dict, dice: Dice, rest: list[str], out: list[str], data: dict,
                    checks: list[dict]) -> None:
    """The lowest Agility of the members out of cover + d6 (+2 PSI SURPRISE) against the
    enemies' lowest Agility + d6; a draw goes to the crew."""
    if not rest:
        raise RuleError("someone must stay out of cover to set the initiative")
    low = min(rest, key=lambda n: s["crew"][n]["agility"])
    surprise = 2 if g.pop("surprise", None) else 0
    low_e = min(e["agility"] for e in g["enemies"].values())
    chance = opposed_chance(s["crew"][low]["agility"] + surprise, low_e)
    r1 = dice.roll(6, label="crew initiative d6")
    mine = s["crew"][low]["agility"] + r1 + surprise
    r2 = dice.roll(6, label="enemies' initiative d6")
    theirs = low_e + r2
    g["first"] = "crew" if mine >= theirs else "enemies"
    checks.append(check("initiative", chance, mine >= theirs))
    out.append(f"Initiative: {low}'s Agility {s['crew'][low]['agility']} + d6 {r1}"
               + (" + 2 (PSI SURPRISE)" if surprise else "") + f" = {mine} against the enemies' lowest Agility "
               f"{low_e} + d6 {r2} = {theirs}: " + ("the crew acts first." if g["first"] == "crew"
                                                   else "the enemies act first."))
    data.update(crew=mine, enemies=theirs)


def phase_done(s: State, g: dict, out: list[str]) -> None:
    """Switch from the crew's actions to the enemies' (or the other way) when one side is
    through."""
    if "ground" not in s:
        return
    if g["step"] == "crew":
        todo = [n for n in conscious(s, g) if g.get("acted", {}).get(n, 0) < activations_allowed(s, g, n)]
        if todo:
            return
        if g["first"] == "crew":
            g["step"] = "enemies"
    elif g["step"] == "enemies":
        todo = [k for k in active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
        if todo:
            return
        g.pop("taunt", None)
        if g["first"] == "enemies":
            g["step"] = "crew"
    if active_enemies(g):                 # else the combat is won: end_check says so, no turn hint
        out.append(turn_hint(s, g))


def crew_turn(s: State, g: dict, name: str) -> str:
    """The crew member whose action it is: in this combat, conscious, their turn to act."""
    n = known(s["crew"], name, "crew member")
    if n not in g["crew"]:
        raise RuleError(f"{n} is not in this Ground Combat")
    if s["crew"][n]["status"] != "active":
        raise RuleError(f"{n} is unconscious")
    if g["step"] == "spawn":
        if not g.get("bonus"):
            raise RuleError(say("the combat has not begun: ", cmd("kraken ground initiative"),
                                " (a reaction bonus action comes only with a successful reaction check)"))
        return n
    if g["step"] != "crew":
        raise RuleError(say(f"it is the enemies' part of turn {g['turn']}: ", cmd("kraken ground enemy", "LABEL")))
    if n in g.get("revived", []):
        raise RuleError(f"{n} was healed from unconscious this turn: active again, but no action before the next "
                        f"Ground Combat turn (ch. 4)")
    if g.get("acted", {}).get(n, 0) >= activations_allowed(s, g, n):
        what = "stays in cover this turn" if n in g.get("cover", []) and g["turn"] == 1 else "has acted this turn"
        raise RuleError(f"{n} {what}")
    return n


def acted(s: State, g: dict, n: str, out: list[str], last: str = "other") -> None:
    if g["step"] == "spawn":
        g.pop("bonus", None)
        out.append(say("The reaction bonus action is taken: ", cmd("kraken ground initiative"), "."))
        return
    g.setdefault("acted", {})[n] = g.get("acted", {}).get(n, 0) + 1
    if g["acted"][n] > (2 if lone_wolf(s, g) else 1) and n in g.get("extra", []):
        g["extra"].remove(n)
    g.setdefault("last", {})[n] = "other" if last == "cover" else last
    if n in g.get("cover", []) and last != "cover":
        g["cover"].remove(n)
    if n in g.get("boosts", {}) and last in ("melee", "ranged"):
        del g["boosts"][n]
    phase_done(s, g, out)


def crew_down(s: State, g: dict, out: list[str]) -> None:
    """No conscious member left in the combat: the team is lost (our reading: as when the
    Oxygen runs out at a Location)."""
    if "ground" not in s or conscious(s, g):
        return
    lost = [n for n in g["crew"] if n in s["crew"]]
    out.append(f"No conscious member is left in the Ground Combat: {', '.join(lost)} are lost.")
    for n in lost:
        note_fallen(s, n, out)
        drop_member(s, n, out)
    s.pop("ground", None)
    d = s.get("dungeon")
    if not d:
        mark_returned(s)
    if d:
        if not deployed(s, d, conscious=True):
            close_exploration(s, out, cleared=False)
    if not s["crew"]:
        s["result"] = "lost"
        out.append("Every crew member is dead: the campaign is lost.")


def ground_turn(state: State, dice: Dice, faint: str | None = None) -> Outcome:
    """Ch. 14 loop: the turn ends with the shields' recharge (the crew's by their recharge
    value, up to their power; an enemy's by the recharge its sheet gives); the next begins
    with its Oxygen (1 in a non-breathable or Hell atmosphere), in the same initiative
    order."""
    s = copy_state(state)
    g = current_ground_combat(s)
    if g["step"] == "spawn":
        raise RuleError(say("the combat has not begun: ", cmd("kraken ground initiative")))
    _refuse_turn_not_over(s, g)
    out: list[str] = []
    _crew_shields_recharge(s, g, out)
    _enemy_shields_recharge(g, out)
    g["turn"] += 1
    g["step"] = g["first"]
    g["acted"] = {}
    for k in ("flank", "psi_used", "flash", "rerolled", "extra", "taunt", "revived"):
        g.pop(k, None)
    if g["turn"] == 2:
        g.pop("cover", None)
    out.insert(0, f"Ground Combat turn {g['turn']}.")
    _oxygen(s, g, out, faint)
    crew_down(s, g, out)
    if "ground" in s:
        out.append(turn_hint(s, g))
    return Outcome(s, f"Ground Combat turn {g['turn']}", out, {"turn": g["turn"]})


def _refuse_turn_not_over(s: State, g: dict) -> None:
    """The turn ends once both sides are through: who still acts, in the part of the turn it is."""
    second = "enemies" if g["first"] == "crew" else "crew"
    todo_c = [n for n in conscious(s, g) if g.get("acted", {}).get(n, 0) < activations_allowed(s, g, n)]
    todo_e = [k for k in active_enemies(g) if g["enemies"][k].get("acted", 0) < g["enemies"][k].get("acts", 1)]
    if g["step"] != second:
        pass                            # still the first side's part: both sides have work left
    elif second == "enemies":
        todo_c = []                     # the crew's part is over (someone may have fallen since)
    else:
        todo_e = []
    if todo_c or todo_e:
        who = (f"{', '.join(todo_c)} (crew)" if todo_c else "") + (" and " if todo_c and todo_e else "") + \
              (f"{', '.join(todo_e)} (enemies)" if todo_e else "")
        raise RuleError(say(f"turn {g['turn']} is not over: {who} still act (a crew member may wait: `",
                            cmd("kraken ground wait", "NAME"), "`)"))


def _crew_shields_recharge(s: State, g: dict, out: list[str]) -> None:
    """A crew member's Shield recharges by its recharge value (and a Shield charger's), up to its power."""
    for n, sh in list(g.get("shields", {}).items()):
        m = s["crew"].get(n)
        if not m or not m.get("shield"):
            continue
        charger = m.get("charger", 0)
        new = min(m["shield"]["power"], sh + m["shield"]["recharge"] + charger)
        if new != sh:
            g["shields"][n] = new
            out.append(f"{n}'s Shield recharges: {sh} → {new}" + (f" (+{m['shield']['recharge']}, Shield charger "
                                                                  f"+{charger})" if charger else "") + ".")


def _enemy_shields_recharge(g: dict, out: list[str]) -> None:
    """An active enemy's Shield recharges by what its sheet gives, up to its maximum; its actions reset."""
    for k, e in g["enemies"].items():
        if e["status"] == "active" and e.get("shield") and e["shield"]["recharge"]:
            b = e["shield"]["power"]
            e["shield"]["power"] = min(e["shield"]["max"], b + e["shield"]["recharge"])
            if e["shield"]["power"] != b:
                out.append(f"{k}'s Shield recharges: {b} → {e['shield']['power']}.")
        e.pop("acted", None)


def end_check(s: State, g: dict, out: list[str]) -> None:
    if "ground" not in s:
        return
    crew_down(s, g, out)
    if "ground" in s and not active_enemies(g):
        close_ground(s, out, "won")


def close_ground(s: State, out: list[str], result: str) -> None:
    """After Ground Combat: a Treasure drop per defeated Primary (its Treasure value, at
    most 6; Minions and escaped enemies give none), the XP of every defeated or escaped
    enemy (double in a Boss battle; escaping gives none), PSI MIDAS TOUCH; jams clear. An
    event's Ground Combat (no exploration) ends back on the ship: weapons are repaired and
    PSI recovers there (ch. 14)."""
    g = s.pop("ground")
    d = s.get("dungeon")
    if not d:
        mark_returned(s)
    take_captives(s, g, out)
    if result == "won":
        out.append("The Ground Combat is won." + (" Boss battle: XP doubled." if g["boss"] else ""))
        gain_xp(s, g, out)
        treasure_drops(s, g, out)
        if g.get("midas"):
            s["credits"] += MIDAS
            out.append(f"PSI MIDAS TOUCH: +{MIDAS}¢.")
        if d and g.get("tile"):
            resolve(d, g["tile"])
    else:
        out.append("The Ground Combat is over: you escaped.")
    clear_jams(s, g)
    if d:
        out.append("Back to the Dungeon Exploration: jammed weapons are cleared (damaged ones are not).")
        for n, wkey in damaged_weapons(s, g["crew"]):
            out.append(say(f"{n}'s {wkey} is damaged: a Tech check may repair it (an action): ",
                           cmd("kraken ground unjam", n, wkey), "."))
    else:
        back_on_ship(s, g["crew"])
        out.append("Back on the ship: every weapon is unjammed and repaired; an exhausted PSI trait recovers.")


def take_captives(s: State, g: dict, out: list[str]) -> None:
    """Ch. 4: the enemies captured in the combat stay with their carriers as captives."""
    for k, e in g["enemies"].items():
        if e["status"] != "captured" or e.get("carrier") not in s["crew"]:
            continue
        label = k
        caps = s.setdefault("captives", {})
        while label in caps:
            label += "'"
        caps[label] = {"name": e["name"], "level": e["level"], "carrier": e["carrier"],
                       **({"species": e["species"]} if e.get("species") else {})}
        out.append(say(f"Captive {label} ({e['name']}): {e['carrier']} carries it (a Capture quest takes it: ",
                       cmd("kraken quest done", "NAME", captive=label), ")."))


def gain_xp(s: State, g: dict, out: list[str]) -> None:
    """The XP of every enemy defeated, captured or escaped, doubled in a Boss battle."""
    gone = [k for k, e in g["enemies"].items() if e["status"] in ("defeated", "escaped", "captured")]
    xp = sum(g["enemies"][k]["xp"] for k in gone if "xp" in g["enemies"][k]) * (2 if g["boss"] else 1)
    missing = [k for k in gone if "xp" not in g["enemies"][k]]
    if xp:
        b = s["xp"]
        s["xp"] += xp
        out.append(f"XP +{xp}: {b} → {s['xp']}.")
    if missing:
        out.append(say(f"No XP value for {', '.join(missing)}: add it by hand (", cmd("kraken xp", "+N"), ")."))


def treasure_drops(s: State, g: dict, out: list[str]) -> None:
    """A Treasure drop for each Primary defeated or captured, of its Treasure value (its
    level if the sheet gives none), at most 6; Minions drop nothing."""
    drops = []
    for k, e in g["enemies"].items():
        if e["status"] in ("defeated", "captured") and not e["minion"]:
            grade = min(MAX_TREASURE_GRADE, e.get("treasure", min(e["level"], 6)))
            if grade >= 1:
                drops.append((k, grade))
    for k, grade in drops:
        s.setdefault("loot", []).append({"grade": grade, "from": f"{k} ({g['enemies'][k]['name']})"})
    if drops:
        out.append(say(f"Treasure drops: {', '.join(f'{k} grade {gr}' for k, gr in drops)} (",
                       cmd("kraken treasure take"), ")."))


def damaged_weapons(s: State, names) -> list[tuple[str, str]]:
    """(member, weapon) for each damaged weapon the members carry."""
    return [(n, k) for n in names if n in s["crew"]
            for k, w in (s["crew"][n].get("weapons") or {}).items() if w.get("jam") == "damaged"]


def clear_jams(s: State, g: dict) -> None:
    """After the combat jammed weapons clear and T2 weapons are charged (damaged ones stay)."""
    for n in g["crew"]:
        m = s["crew"].get(n)
        if not m:
            continue
        for w in (m.get("weapons") or {}).values():
            if w.get("jam") in ("jammed", "jammed-again"):
                w.pop("jam")
            w.pop("spent", None)


ENEMY_NUMBERS = ("hp", "armor", "agility", "shield", "escape", "weaken")
ENEMY_STATUSES = ("active", "defeated", "escaped")
ENEMY_FIELDS = ENEMY_NUMBERS + ("status", "note")


def ground_set(state: State, dice: Dice, label: str, field: str, value: int | str) -> Outcome:
    """A2: an enemy's HP, Shield, Armor, status or note by hand (its special traits, a
    card): a number for hp, armor, agility, shield, escape and weaken; active, defeated or
    escaped for the status; a line of text for the note."""
    s = copy_state(state)
    g = current_ground_combat(s)
    key = enemy_key(g, label)
    e = g["enemies"][key]
    if field in ENEMY_NUMBERS:
        if not isinstance(value, int):
            raise InputError(f"{field} takes a whole number")
        set_enemy_number(e, key, field, value)
        msg = f"{key} {field} = {value}"
    elif field == "status":
        if value not in ENEMY_STATUSES:
            raise InputError("status: active, defeated or escaped")
        e["status"] = value
        msg = f"{key} is {value}"
    elif field == "note":
        e["note"] = str(value).strip()
        msg = f"{key}: {str(value).strip()}"
    else:
        raise InputError(f"'{field}': hp, shield, armor, agility, escape, weaken, status or note")
    out = [msg + " (by hand)."]
    end_check(s, g, out)
    return Outcome(s, msg + " (by hand)", out, {"enemy": key})


def set_enemy_number(e: dict, key: str, field: str, v: int) -> None:
    """One of an enemy's numbers, within what its sheet allows (HP up to its maximum: at 0 or
    below it is defeated; a Shield it has, up to its power; escape may be negative)."""
    if field == "hp":
        if v > e["hp_max"]:
            raise InputError(f"{key}'s HP is at most {e['hp_max']}")
        e["hp"] = v
        if v <= 0 and e["status"] == "active":
            e["status"] = "defeated"
    elif field == "shield":
        if "shield" not in e:
            raise RuleError(f"{key} has no Shield")
        if not 0 <= v <= e["shield"]["max"]:
            raise InputError(f"{key}'s Shield is 0-{e['shield']['max']}")
        e["shield"]["power"] = v
    elif field == "weaken":
        if v < 0:
            raise InputError("weaken is 0 or more")
        if v:
            e["weaken"] = v
        else:
            e.pop("weaken", None)
    else:
        if v < (-99 if field == "escape" else 0):
            raise InputError(f"{field} is 0 or more")
        e[field] = v


def ground_end(state: State, dice: Dice, result: str) -> Outcome:
    """A2: an event or card ends the Ground Combat (won: rewards as usual; escaped: none)."""
    s = copy_state(state)
    current_ground_combat(s)
    if result not in ("won", "escaped"):
        raise InputError(f"'{result}': won or escaped")
    g = s["ground"]
    if result == "won":
        for e in g["enemies"].values():
            if e["status"] == "active":
                e["status"] = "defeated"
    out: list[str] = []
    close_ground(s, out, result)
    return Outcome(s, f"Ground Combat ended by hand: {result}", out, {"result": result})
