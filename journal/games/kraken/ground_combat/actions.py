"""Chapter 14, the other combat actions: Cover, Reload, Recharge, Item, Exchange, Wait, Unjam, Escape."""

from __future__ import annotations

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.ground_combat.attacks import free_carrier, weapon_of
from journal.games.kraken.ground_combat.loop import (
    acted,
    close_ground,
    crew_turn,
    end_check,
    has_crew_trait,
    phase_done,
)
from journal.games.kraken.ground_combat.psi import PSI_FLASH
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.constants import AGGRESSIVE
from journal.games.kraken.model.ground import activations_allowed, active_enemies, conscious, current_ground_combat
from journal.games.kraken.model.members import carrying, drop_member, heal as heal_fn, note_fallen, use_item, wound
from journal.games.kraken.model.weapons import unplace_weapon
from journal.hints import cmd, say
from journal.outcome import Outcome

UNJAM = (8, 6, 6)         # unjam: 8+, then 6+ (fail: damaged), then 6+ (fail: broken)
ESCAPE_SACRIFICE, ESCAPE_AGAIN = 3, 2
SACRIFICE_FAIL = 2        # a failed escape costs each sacrificed member 2 HP


SIMPLE_ACTIONS = ("cover", "reload", "recharge", "item", "exchange", "wait")


def ground_simple(state: dict, dice: Dice, name: str, action: str, weapon: str | None = None,
                  item: str | None = None, heal: int | None = None, target: str | None = None,
                  captive_to: str | None = None) -> Outcome:
    """Ch. 14's other actions: Cover (+1 Armor, +1 to be hit, +3 Armor against explosives,
    until the next activation), Reload (a magazine fills the weapon; what was left is
    lost), Recharge a T2 weapon, Use an Item (heal someone, half in Hell; a use of a U
    item is erased), Exchange (a captive may change hands), Wait."""
    s = copy_state(state)
    g = current_ground_combat(s)
    n = crew_turn(s, g, name)
    if action not in SIMPLE_ACTIONS:
        raise InputError(f"'{action}' is not an action")
    if captive_to is not None and action != "exchange":
        raise InputError("a captive changes hands with the Exchange action")
    out: list[str] = []
    last = "other"
    if action == "cover":
        last = take_cover(s, g, n, out)
    elif action == "reload":
        reload_weapon(s, n, weapon, out)
    elif action == "recharge":
        recharge_weapon(s, n, weapon, out)
    elif action == "item":
        use_an_item(s, g, n, item, heal, target, out)
    elif action == "exchange":
        exchange(s, g, n, captive_to, out)
    else:
        out.append(f"{n} does nothing this turn.")
    acted(s, g, n, out, last)
    return Outcome(s, f"{n}: {action}" + (f" ({weapon})" if weapon else ""), out, {"crew": n, "action": action})


def take_cover(s: dict, g: dict, n: str, out: list[str]) -> str:
    """Cover: +1 Armor (+3 against explosives) and enemy rolls +1 until the member's next
    activation; set at the initiative check the first turn; never for an AGGRESSIVE member."""
    if g["step"] == "spawn":
        raise RuleError(say("cover is set at the initiative check (", cmd("kraken ground initiative", cover="NAME"),
                            ")"))
    if has_crew_trait(s["crew"][n], AGGRESSIVE):
        raise RuleError(f"{n} is AGGRESSIVE and must attack while they can")
    g.setdefault("cover", [])
    if n not in g["cover"]:
        g["cover"].append(n)
    out.append(f"{n} takes cover: +1 Armor (+3 against explosives) and enemy rolls +1 until their next activation.")
    return "cover"


def reload_weapon(s: dict, n: str, weapon: str | None, out: list[str]) -> None:
    """Reload: a magazine fills the weapon; the Ammo left in it is lost."""
    wkey, w, spec = weapon_of(s, n, weapon)
    if w is None or spec["ammo"] is None:
        raise RuleError(f"the {wkey} takes no Ammo")
    lost = w.get("ammo", spec["ammo"])
    w["ammo"] = spec["ammo"]
    out.append(f"{n} reloads the {wkey} with a magazine: Ammo {spec['ammo']}"
               + (f" ({lost} left in it are lost)" if lost else "") + ". Erase the magazine.")


def recharge_weapon(s: dict, n: str, weapon: str | None, out: list[str]) -> None:
    """Recharge a T2 weapon that fired."""
    wkey, w, _spec = weapon_of(s, n, weapon)
    if w is None or not w.get("spent"):
        raise RuleError(f"the {wkey} needs no recharge")
    w.pop("spent")
    out.append(f"{n} recharges the {wkey} (T2).")


def use_an_item(s: dict, g: dict, n: str, item: str | None, heal: int | None, target: str | None,
                out: list[str]) -> None:
    """Use an Item: it may heal a member of the combat (half in a Hell atmosphere); a use of
    a U item is erased."""
    what = (item or "an item").strip()
    out.append(f"{n} uses {what}.")
    if heal is not None:
        if heal < 1:
            raise InputError(f"an item heals 1 HP or more, not {heal}")
        who = known(s["crew"], target, "crew member") if target else n
        if who not in g["crew"]:
            raise RuleError(f"{who} is not in this Ground Combat")
        heal_fn(s, who, heal, out, what, hell=g["atmosphere"] == "HELL")
    if item:
        use_item(s, n, what, out)
    else:
        out.append("Erase a use of it if it has uses (U).")


def exchange(s: dict, g: dict, n: str, captive_to: str | None, out: list[str]) -> None:
    """Exchange: equipment changes hands or places; a captive may change carriers."""
    out.append(say(f"{n} exchanges and rearranges equipment with a team mate (update the inventories: ",
                   cmd("kraken crew unequip", "NAME", "SLOT"), ", ", cmd("kraken crew equip", "NAME", "SLOT", "ITEM"),
                   ")."))
    if captive_to is None:
        return
    held = carrying(s, n)
    if not held:
        raise RuleError(f"{n} carries no captive")
    to = free_carrier(s, g, captive_to)
    if held in g["enemies"]:
        g["enemies"][held]["carrier"] = to
    else:
        s["captives"][held]["carrier"] = to
    out.append(f"{n} hands the captive {held} to {to}: {to} cannot attack while carrying it.")


def ground_unjam(state: dict, dice: Dice, name: str, weapon: str, bonus: int = 0) -> Outcome:
    """Ch. 14 Unjam: Tech + d6 ≥ 8 (only unjamming bonuses count); a failure makes the next
    try 6+, and failing that damages the weapon; a third try at 6+ repairs it, or it
    breaks and is erased."""
    s = copy_state(state)
    g = current_ground_combat(s)
    n = crew_turn(s, g, name)
    wkey, w, _spec = weapon_of(s, n, weapon)
    if w is None or not w.get("jam"):
        raise RuleError(f"the {wkey} is not jammed")
    stage = {"jammed": 0, "jammed-again": 1, "damaged": 2}[w["jam"]]
    target = UNJAM[stage]
    r = dice.roll(6)
    total = r + s["crew"][n]["tech"] + bonus
    ok = total >= target
    out = [f"{n} unjams the {wkey}: d6 {r} + Tech {s['crew'][n]['tech']}" + (f" + {bonus}" if bonus else "")
           + f" = {total} against {target}: " + ("cleared." if ok else "failed.")]
    if ok:
        w.pop("jam")
    elif stage == 0:
        w["jam"] = "jammed-again"
        out.append("The next try needs 6+ (fail it and the weapon is damaged).")
    elif stage == 1:
        w["jam"] = "damaged"
        out.append(f"The {wkey} is damaged: a third try at 6+ repairs it, or it breaks.")
    else:
        del s["crew"][n]["weapons"][wkey]
        if not s["crew"][n]["weapons"]:
            del s["crew"][n]["weapons"]
        more: list[str] = []
        gone = unplace_weapon(s["crew"][n], wkey, n, more)
        out.append(f"The {wkey} breaks: erase it" + (f" from slot {gone}" if gone else "")
                   + " (its Ammo may go to a team mate with the same weapon).")
        out.extend(more)
    acted(s, g, n, out)
    return Outcome(s, f"{n} unjams the {wkey}: {total} vs {target} ({'cleared' if ok else 'failed'})", out,
                   {"crew": n, "weapon": wkey, "roll": r, "total": total, "target": target, "cleared": ok})


def ground_escape(state: dict, dice: Dice, sacrifice=(), crew=()) -> Outcome:
    """Ch. 14 Escape: members not yet activated this turn may escape; those already
    activated (and any you choose) are sacrificed. d6 + the lowest Agility of the escapers
    + 3 per sacrificed + 2 per earlier try (+3 PSI FLASH) ≥ the highest enemy Agility.
    Success ends the combat with no rewards (the sacrificed are lost); failure costs each
    sacrificed member 2 HP and ends your turn."""
    s = copy_state(state)
    g = current_ground_combat(s)
    if g["step"] != "crew":
        raise RuleError("an escape is a crew action, in the crew's part of the turn")
    up = conscious(s, g)
    acted = g.get("acted", {})
    forced = [n for n in up if acted.get(n, 0) > 0 or has_crew_trait(s["crew"][n], AGGRESSIVE)]
    chosen = [known(s["crew"], x, "crew member") for x in sacrifice]
    for x in chosen:
        if x not in up:
            raise RuleError(f"{x} is not a conscious member of this combat: nobody to sacrifice")
    sacrificed = list(dict.fromkeys(forced + chosen))
    escapers = [n for n in up if n not in sacrificed]
    if crew:
        wanted = [known(s["crew"], x, "crew member") for x in crew]
        for x in wanted:
            if x not in escapers:
                raise RuleError(f"{x} acted this turn (or is AGGRESSIVE) and can only be sacrificed")
        escapers = wanted
        sacrificed = [n for n in up if n not in escapers]
    if not escapers:
        raise RuleError("nobody is left to escape: at least one member who has not acted this turn")
    enemies = active_enemies(g)
    low = min(s["crew"][n]["agility"] for n in escapers)
    high = max(g["enemies"][k]["agility"] for k in enemies)
    r = dice.roll(6)
    prev = g.get("escapes", 0)
    flash = PSI_FLASH if g.get("flash") else 0
    total = r + low + ESCAPE_SACRIFICE * len(sacrificed) + ESCAPE_AGAIN * prev + flash
    ok = total >= high
    out = [f"Escape: d6 {r} + lowest Agility {low}" + (f" + 3 × {len(sacrificed)} sacrificed" if sacrificed else "")
           + (f" + 2 × {prev} earlier tries" if prev else "") + (" + 3 PSI FLASH" if flash else "")
           + f" = {total} against the enemies' highest Agility {high}: " + ("you escape." if ok else "failed.")]
    data = {"roll": r, "total": total, "target": high, "escaped": ok, "sacrificed": sacrificed}
    if ok:
        for n in sacrificed:
            out.append(f"{n} is left behind: erase them and all they carry.")
            note_fallen(s, n, out)
            drop_member(s, n, out, abandoned=True)
        close_ground(s, out, "escaped")
        out.append("No rewards or XP. Back to where you were before the combat (if it began as you entered a new map: "
                   "back at the previous map's exit, or the ship from the first map).")
        return Outcome(s, f"Escape: {total} vs {high}: escaped", out, data)
    g["escapes"] = prev + 1
    for n in sacrificed:
        wound(s, n, SACRIFICE_FAIL, out, "left behind for a while")
    if "ground" in s:
        for n in conscious(s, g):
            g.setdefault("acted", {})[n] = activations_allowed(s, g, n)
        out.append("Your turn is over.")
        phase_done(s, g, out)
        end_check(s, g, out)
    return Outcome(s, f"Escape: {total} vs {high}: failed", out, data)
