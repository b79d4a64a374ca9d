"""The Fight Phase: a Titan moves, then attacks (or makes a Combat Repair), in turn
from the Lead Character. The Repair Check of the Upgrade Phase is here too (`repair
--upgrade`): the same successes, spent the same way. Rifts and Tyrants: rifts.py.
"""

from __future__ import annotations

from journal.errors import InputError, RuleError, typed
from journal.games.titans.rules import order
from journal.games.titans.rules.abilities import apply_effect, player_picks, refuse_unused_picks, titan_enters, trigger
from journal.games.titans.rules.board import (
    distance, invaders_at, loc_text, location, open_rifts, pawn_damage, remaining_hp, where_text,
)
from journal.games.titans.rules.checks import pool_lines, roll_check
from journal.games.titans.rules.model import (
    CHARGES_MAX, TAGS, category, pawn_of, plural, rift_of, rift_of_pawn, stats, titan_of,
)
from journal.games.titans.rules.opening import invade_from
from journal.games.titans.rules.phases import enter_phase, need_phase, opening_hint, refuse_if_over, turn_line
from journal.lookup import find
from journal.lookup import shell_quote as q
from journal.outcome import Outcome, copy_state


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
    raise InputError(f"{typed(dest)} is not a city or a rift: cities are {', '.join(s['cities'])}; rifts are "
                     f"{', '.join(s['rifts'])}")


def move(state: dict, dice, titan: str, dest: str, bonus: int = 0, anywhere: bool = False,
         adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Fight step 1: move up to Movement cities, in turn from the Lead Character (Setup 13:
    place the Titans before turn 1, in the same order). Mechanical invaders where it
    arrives trigger (`adjacent`, `disable`: the city and Tech Cards their effect picks)."""
    refuse_if_over(state)
    s = copy_state(state)
    name = titan_of(s, titan)
    t = s["titans"][name]
    player = t["player"]
    loc = _destination(s, dest)
    lines: list[str] = []
    if s["phase"] == "setup":
        if loc[0] != "city":
            raise RuleError(f"at setup each Titan is placed on a city, not on {loc_text(loc)}")
        if location(t) is not None:
            raise RuleError(f"{name} is already placed on {where_text(t)}: Setup 13 places each Titan once "
                            f"(journal undo to place it again)")
        if disable or adjacent:
            raise InputError(f"{'--disable' if disable else '--adjacent'}: no invader ability triggers at setup")
        why, _ = order.turn(s, "setup", player)
        if why:
            raise RuleError(why)
        t["city"] = loc[1]
        lines = [f"Place {name} on {loc[1]}."]
        nxt = order.whose_turn(s, "setup")
        lines.append(turn_line(s, "setup") if nxt else f"Then start turn 1: {opening_hint(s)}.")
        return Outcome(s, lines[0], lines, {"titan": name, "city": loc[1], "placed": True, "next": nxt})
    need_phase(s, "fight", "moving a Titan")
    if t["destroyed"]:
        raise RuleError(f"{name} is destroyed: it re-enters with `journal titans reenter {q(name)} CITY`")
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
                            f"with `journal titans rift close {q(rn)} --titan {q(name)}` or "
                            f"`journal titans trial {q(name)} --rift {q(rn)} fail --to CITY`")
    if loc == here:
        raise RuleError(f"{name} is already on {loc_text(loc)}")
    if loc[0] == "rift" and s["rifts"][loc[1]]["closed"]:
        raise RuleError(f"the {loc[1]} Rift is closed and gone from the board")
    steps = distance(s, here, loc)
    reach = t["movement"] + bonus
    if not anywhere:
        if steps is None:
            raise RuleError(f"{loc_text(loc)} cannot be reached from {loc_text(here)} along the trails")
        if steps > reach:
            raise RuleError(f"{loc_text(loc)} is {plural(steps, 'city', 'cities')} away from {loc_text(here)} "
                            f"and {name}'s Movement is {t['movement']}"
                            + (f" + {bonus}" if bonus else "") + " (a card allowing more: --bonus N or --anywhere)")
    enter_phase(s, "fight", lines)
    out_of_turn, closed = order.turn(s, "fight", player)
    t.pop("city", None)
    t.pop("rift", None)
    t[loc[0]] = loc[1]
    s["round"]["moved"].append(name)
    far = f" ({plural(steps, 'city', 'cities')})" if steps is not None and not anywhere else ""
    lines.insert(0, f"Move {name} from {loc_text(here)} to {loc_text(loc)}{far}.")
    picks = player_picks(adjacent=adjacent, disable=disable)
    abilities = titan_enters(s, loc, lines, name, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    order.take(s, "fight", player, closed, finished=False)
    foes = invaders_at(s, loc)
    if s["phase"] == "over" or t["destroyed"]:
        pass
    elif loc[0] == "city":
        if foes:
            lines.append(f"Invaders here: {_foes_text(s, foes)}. Attack: journal titans attack {q(name)} "
                         f"--successes N [--target ID]...")
            lines.extend(pool_lines(s, name, foes))
    else:
        r = s["rifts"][loc[1]]
        if foes:
            lines.append(f"The {loc[1]} Rift is guarded by {_foes_text(s, foes)}: {name} must defeat them all "
                         f"before revealing the Rift Token on a later turn (attack them as in a city).")
            lines.extend(pool_lines(s, name, foes))
        else:
            what = "reveal the Rift Token and face the Trial" if r["trial"] == "sealed" else "face the Trial again"
            lines.append(f"{name} stands on the empty {loc[1]} Rift: {what} "
                         f"(journal titans trial {q(name)} --rift {q(loc[1])} pass|fail).")
    summary = f"{name} moves {loc_text(here)} → {loc_text(loc)}"
    return Outcome(s, summary, lines, {"titan": name, "from": loc_text(here), "to": loc_text(loc),
                                       "steps": steps, "invaders": foes, "phase": s["phase"],
                                       "abilities": abilities, "damage": t["damage"],
                                       "destroyed": t["destroyed"]})


def _foes_text(s: dict, pids: list[str]) -> str:
    parts = []
    for pid in pids:
        st = stats(s, pid)
        left = remaining_hp(s, pid)
        hp = f"HP {left}/{st['hp']}" if left != st["hp"] else f"HP {st['hp']}"
        imm = f", immune to {'/'.join(st['immune'])}" if st["immune"] else ""
        parts.append(f"{pid} ({hp}, DMG {st['dmg']}{imm})")
    return ", ".join(parts)


def kill(s: dict, pid: str, name: str, lines: list[str], picks: dict | None = None,
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
        rec = trigger(s, pid, loc, lines, titan=name, picks=picks)
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


def attack(state: dict, dice, titan: str, successes: int | None = None, targets: tuple = (),
           provoke: bool = False, rift: str | None = None, tech: tuple = (), final_blow: bool = False,
           bonus_dice: int = 0, reroll: int = 0, adjacent: tuple = (), disable: tuple = ()) -> Outcome:
    """Fight step 2: each success is 1 damage, dealt to the targets in order; excess carries to
    the next listed invader and is lost after the last. Provoke first brings a rift's first
    invader onto the Titan's city. At Red, immunities make the attack ignore the Tech Cards
    and Final Blow bearing those Attack Tags. The attack ends the player's Fight turn."""
    need_phase(state, "fight", "attacking")
    s = copy_state(state)
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
        rn = next(r for r, v in s["rifts"].items() if v.get("challenger") == name)
        raise RuleError(f"{name} faces the {rn} Tyrant: record the fight with `journal titans rift close {q(rn)} "
                        f"--titan {q(name)}` or `journal titans trial {q(name)} --rift {q(rn)} fail --to CITY`")
    enter_phase(s, "fight", lines)
    out_of_turn, closed = order.turn(s, "fight", player)
    picks = player_picks(adjacent=adjacent, disable=disable)
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
        provoked = invade_from(s, rname, loc[1], lines, provoked=True, picks=picks, abilities=abilities)
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
        raise RuleError(f"there is no invader on {loc_text(loc)} to attack")
    order_ = []
    for tg in targets:
        pid = pawn_of(s, tg, "--target")
        if pid not in here:
            raise RuleError(f"--target {pid} is not on {loc_text(loc)} (here: {', '.join(here)})")
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
        raise RuleError(f"{name}'s Final Blow is spent: refresh it in the Development step (journal titans "
                        f"develop {q(player)} refresh)")
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
        abilities.append(trigger(s, pid, loc, lines, titan=name, apply=False))
    rolled = successes is None
    if rolled:
        successes = roll_check(s, dice, name, "combat", bonus_dice, lines, ignored=ignored, blow=final_blow,
                                foes=here, reroll=reroll)
    else:
        if successes < 0:
            raise InputError(f"--successes {successes}: expected 0 or more")
        if bonus_dice:
            raise InputError("--bonus-dice only goes with a roll by journal (leave out --successes)")
        if reroll:
            raise InputError("--reroll only goes with a roll by journal (leave out --successes)")
        lines.extend(pool_lines(s, name, here, ignored=ignored, blow=final_blow, typed=True))
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
            credits += kill(s, pid, name, lines, picks=picks, abilities=abilities)
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
            apply_effect(s, pid, eff, loc, lines, name, picks)
    refuse_unused_picks(picks)
    if out_of_turn:
        raise RuleError(out_of_turn)
    s["round"]["attacked"].append(name)
    order.take(s, "fight", player, closed, finished=True)
    lines.insert(head_at, f"{name} attacks on {loc_text(loc)} with {plural(successes, 'success', 'successes')}.")
    rest = invaders_at(s, loc)
    if loc[0] == "rift" and not rest and not t["destroyed"] and s["phase"] != "over":
        lines.append(f"The {loc[1]} Rift has no guardian left: next turn {name} may reveal the Rift Token "
                     f"(journal titans trial {q(name)} --rift {q(loc[1])} pass|fail).")
    if s["phase"] != "over":
        lines.append(turn_line(s, "fight"))
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


def repair(state: dict, dice, titan: str, successes: int | None = None, heal: int | None = None,
           charge: tuple = (), enable: tuple = (), upgrade: bool = False, bonus_dice: int = 0,
           reroll: int = 0) -> Outcome:
    """A Repair Check: each success removes 1 damage, gives a Tech Card 1 Charge (max 3), or
    re-enables a Tech Card (with 0 Charges). In the Fight Phase: Combat Repair (not moved, no
    invader in its city, at most Repair successes). In the Upgrade Phase: the Repair Action
    (a Titan on a Refuge City gets a success per point of Repair)."""
    refuse_if_over(state)
    phase = "upgrade" if upgrade or state["phase"] == "upgrade" else "fight"
    need_phase(state, phase, "a Repair Check")
    s = copy_state(state)
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
        enter_phase(s, "fight", lines)
        if name in s["round"]["moved"]:
            raise RuleError(f"{name} has moved this turn: Combat Repair needs a Titan that has not moved "
                            f"(the Upgrade Phase's Repair Action: add --upgrade)")
        if invaders_at(s, loc):
            raise RuleError(f"invaders are on {loc_text(loc)}: Combat Repair needs a city with no invader")
        if name in s["round"]["attacked"]:
            raise RuleError(f"{name} has attacked this turn: Combat Repair replaces its movement")
        out_of_turn, closed = order.turn(s, "fight", t["player"])
        cap = t["repair"]
        kind = "Combat Repair"
    else:
        if s["round"]["charged"]:
            raise RuleError("the Repair Action is step 1 of the Upgrade Phase and Charges were already gained "
                            "this turn")
        enter_phase(s, "upgrade", lines)
        refuge = loc is not None and loc[0] == "city" and s["cities"][loc[1]]["type"] == "refuge"
        kind = "Repair Action"
        out_of_turn, closed = None, []
    rolled = False
    if successes is None:
        if refuge:
            successes = t["repair"]
            lines.append(f"{name} is on a Refuge City: {plural(successes, 'success', 'successes')} without rolling.")
        else:
            successes = roll_check(s, dice, name, "repair", bonus_dice, lines, reroll=reroll)
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
