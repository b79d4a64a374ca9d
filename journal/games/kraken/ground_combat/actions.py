"""Chapter 14, the other combat actions: Cover, Reload, Recharge, Item, Exchange, Wait, Unjam, Escape."""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, NeedChoice, RuleError
from journal.games.kraken.dungeon.actions import deployed_member, take_action
from journal.games.kraken.ground_combat.attacks import free_carrier, weapon_of
from journal.games.kraken.ground_combat.loop import (
    acted,
    close_ground,
    crew_turn,
    end_check,
    has_crew_trait,
    must_attack,
    phase_done,
)
from journal.games.kraken.ground_combat.psi import PSI_FLASH
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.constants import AGGRESSIVE
from journal.games.kraken.model.ground import activations_allowed, active_enemies, conscious, current_ground_combat
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.members import carrying, drop_member, heal as heal_fn, note_fallen, use_item, wound
from journal.games.kraken.model.weapons import magazines, unplace_weapon, use_magazine
from journal.hints import cmd, say
from journal.outcome import Outcome

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

UNJAM = (8, 6, 6)         # unjam: 8+, then 6+ (fail: damaged), then 6+ (fail: broken)
ESCAPE_SACRIFICE, ESCAPE_AGAIN = 3, 2
SACRIFICE_FAIL = 2        # a failed escape costs each sacrificed member 2 HP


SIMPLE_ACTIONS = ("cover", "reload", "recharge", "item", "exchange", "wait")


def ground_simple(state: State, dice: Dice, name: str, action: str, weapon: str | None = None,
                  item: str | None = None, heal: int | None = None, target: str | None = None,
                  captive_to: str | None = None, mag_slot: str | None = None) -> Outcome:
    """Ch. 14's other actions: Cover (+1 Armor, +1 to be hit, +3 Armor against explosives,
    until the next activation), Reload (a magazine the member carries fills the weapon and
    is erased; what was left in it is lost), Recharge a T2 weapon, Use an Item (heal someone, half in Hell; a use of a U
    item is erased), Exchange (a captive may change hands), Wait."""
    s = copy_state(state)
    g = current_ground_combat(s)
    n = crew_turn(s, g, name)
    if action not in SIMPLE_ACTIONS:
        raise InputError(f"'{action}' is not an action")
    must_attack(s, g, n)
    if captive_to is not None and action != "exchange":
        raise InputError("a captive changes hands with the Exchange action")
    if mag_slot is not None and action != "reload":
        raise InputError("a magazine's slot goes with the Reload action")
    out: list[str] = []
    last = "other"
    if action == "cover":
        last = take_cover(s, g, n, out)
    elif action == "reload":
        reload_weapon(s, n, weapon, out, mag_slot)
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


def take_cover(s: State, g: dict, n: str, out: list[str]) -> str:
    """Cover: +1 Armor (+3 against explosives) and enemy rolls +1 until the member's next
    activation; set at the initiative check the first turn; an AGGRESSIVE member only with no
    functional weapon in hand (ch. 14: "unless they have no functional Weapons in their hands",
    checked by must_attack)."""
    if g["step"] == "spawn":
        raise RuleError(say("cover is set at the initiative check (", cmd("kraken ground initiative", cover="NAME"),
                            ")"))
    g.setdefault("cover", [])
    if n not in g["cover"]:
        g["cover"].append(n)
    out.append(f"{n} takes cover: +1 Armor (+3 against explosives) and enemy rolls +1 until their next activation.")
    return "cover"


def reload_weapon(s: State, n: str, weapon: str | None, out: list[str], mag_slot: str | None = None) -> None:
    """Reload: "You may use a Magazine in one of your Crew Member's Item slots to reload their
    Weapon. Any Ammo currently in the Weapon is lost." (ch. 14): a magazine for this weapon the
    member carries fills it, and is erased from the sheet."""
    wkey, w, spec = weapon_of(s, n, weapon)
    if w is None or spec["ammo"] is None:
        raise RuleError(f"the {wkey} takes no Ammo")
    m = s["crew"][n]
    mags = magazines(m, wkey)
    if not mags:
        raise RuleError(say(f"{n} carries no magazine for the {wkey} (ch. 14: \"You may use a Magazine in one of your "
                            f"Crew Member's Item slots\"): note one in a slot as '{wkey} mag' (",
                            cmd("kraken crew equip", n, "SLOT", f"{wkey} mag"), ")"))
    if mag_slot is None:
        if len(mags) > 1:
            raise NeedChoice(f"--slot is required: {n} carries magazines for the {wkey} in slots {', '.join(mags)}",
                             "--slot", list(mags), "From which slot", param="mag_slot")
        mag_slot = next(iter(mags))
    if mag_slot not in mags:
        raise RuleError(f"{n}'s slot {mag_slot} holds no magazine for the {wkey} (slots {', '.join(mags)} do)")
    lost = w.get("ammo", spec["ammo"])
    w["ammo"] = spec["ammo"]
    left = use_magazine(m, mag_slot, wkey)
    out.append(f"{n} reloads the {wkey} with a magazine: Ammo {spec['ammo']}"
               + (f" ({lost} left in it are lost)" if lost else "") + ".")
    out.append(f"Erase the magazine from {n}'s slot {mag_slot}" + (f" (now: {left})." if left else " (now empty)."))


def recharge_weapon(s: State, n: str, weapon: str | None, out: list[str]) -> None:
    """Recharge a T2 weapon that fired."""
    wkey, w, _spec = weapon_of(s, n, weapon)
    if w is None or not w.get("spent"):
        raise RuleError(f"the {wkey} needs no recharge")
    w.pop("spent")
    out.append(f"{n} recharges the {wkey} (T2).")


def use_an_item(s: State, g: dict, n: str, item: str | None, heal: int | None, target: str | None,
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


def exchange(s: State, g: dict, n: str, captive_to: str | None, out: list[str]) -> None:
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


def ground_unjam(state: State, dice: Dice, name: str, weapon: str, bonus: int = 0, faint: str | None = None
                 ) -> Outcome:
    """Ch. 14 Unjam: Tech + d6 ≥ 8 (only unjamming bonuses count); a failure makes the next
    try 6+, and failing that damages the weapon; a third try at 6+ repairs it, or it
    breaks and is erased. Outside combat, in a Dungeon Exploration, a damaged weapon is
    repaired the same way ("You can try to repair them with a dice check as you would during
    combat"): an action where the team stands (its Oxygen, `faint` if there is none left)."""
    s = copy_state(state)
    out: list[str] = []
    g = s.get("ground")
    if g:
        n = crew_turn(s, g, name)
        must_attack(s, g, n)
    else:
        n = repairer(s, name)
    wkey, w, _spec = weapon_of(s, n, weapon)
    if w is None or not w.get("jam"):
        raise RuleError(f"the {wkey} is not jammed" + ("" if g else " or damaged"))
    if not g:
        take_action(s, s["dungeon"], "stay", None, faint, out, f"{n} repairs the {wkey}")
    stage = {"jammed": 0, "jammed-again": 1, "damaged": 2}[w["jam"]]
    target = UNJAM[stage]
    chance = d6_chance(s["crew"][n]["tech"] + bonus, target)
    r = dice.roll(6, label=f"{n}'s unjam d6")
    total = r + s["crew"][n]["tech"] + bonus
    ok = total >= target
    out.append(f"{n} {'unjams' if stage < 2 else 'repairs'} the {wkey}: d6 {r} + Tech {s['crew'][n]['tech']}"
               + (f" + {bonus}" if bonus else "") + f" = {total} against {target}: "
               + (("cleared." if stage < 2 else "repaired.") if ok else "failed."))
    unjam_result(s, n, wkey, w, stage, ok, out)
    if g and "ground" in s:
        acted(s, g, n, out)
    return Outcome(s, f"{n} unjams the {wkey}: {total} vs {target} ({'cleared' if ok else 'failed'})", out,
                   {"crew": n, "weapon": wkey, "roll": r, "total": total, "target": target, "cleared": ok},
                   with_checks({}, [check("unjam check" if stage < 2 else "weapon repair", chance, ok)]))


def repairer(s: State, name: str) -> str:
    """Who repairs a damaged weapon outside combat: a conscious member of the exploration (on the
    ship every weapon is repaired already)."""
    d = s.get("dungeon")
    if not d:
        raise RuleError(say("outside combat a damaged weapon is repaired during a Dungeon Exploration; on the ship "
                            "every weapon is repaired (ch. 14), and one still marked jammed or damaged is set by "
                            "hand: ", cmd("kraken crew weapon", name, weapon="WEAPON", jam="none")))
    if s.get("ground"):
        raise RuleError("a Ground Combat is going on")
    return deployed_member(s, d, name)


def unjam_result(s: State, n: str, wkey: str, w: dict, stage: int, ok: bool, out: list[str]) -> None:
    """What an unjam try did: cleared, the next stage (6+, then damaged), or the weapon breaks."""
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


def who_escapes(s: State, g: dict, up: list[str], sacrifice, crew) -> tuple[list[str], list[str]]:
    """(escapers, sacrificed): those who acted this turn, the AGGRESSIVE ("They will also never
    participate in an attempt to escape!") and those chosen stay behind."""
    acted = g.get("acted", {})
    forced = [n for n in up if acted.get(n, 0) > 0 or has_crew_trait(s["crew"][n], AGGRESSIVE)]
    chosen = [known(s["crew"], x, "crew member") for x in sacrifice]
    for x in chosen:
        if x not in up:
            raise RuleError(f"{x} is not a conscious member of this combat: nobody to sacrifice")
    sacrificed = list(dict.fromkeys(forced + chosen))
    escapers = [n for n in up if n not in sacrificed]
    if crew:
        escapers = _escapers_chosen(s, escapers, crew)
        sacrificed = [n for n in up if n not in escapers]
    if not escapers:
        raise RuleError("nobody is left to escape: at least one member who has not acted this turn")
    return escapers, sacrificed


def _escapers_chosen(s: State, escapers: list[str], crew) -> list[str]:
    """The members the player names to escape, each one who may."""
    wanted = [known(s["crew"], x, "crew member") for x in crew]
    for x in wanted:
        if x not in escapers:
            raise RuleError(f"{x} acted this turn (or is AGGRESSIVE) and can only be sacrificed")
    return wanted


def ground_escape(state: State, dice: Dice, sacrifice=(), crew=()) -> Outcome:
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
    escapers, sacrificed = who_escapes(s, g, up, sacrifice, crew)
    enemies = active_enemies(g)
    low = min(s["crew"][n]["agility"] for n in escapers)
    high = max(g["enemies"][k]["agility"] for k in enemies)
    prev = g.get("escapes", 0)
    flash = PSI_FLASH if g.get("flash") else 0
    bonus = low + ESCAPE_SACRIFICE * len(sacrificed) + ESCAPE_AGAIN * prev + flash
    chance = d6_chance(bonus, high)
    r = dice.roll(6, label="escape d6")
    total = r + bonus
    ok = total >= high
    checks = [check("escape check", chance, ok)]
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
        return Outcome(s, f"Escape: {total} vs {high}: escaped", out, data, with_checks({}, checks))
    g["escapes"] = prev + 1
    for n in sacrificed:
        wound(s, n, SACRIFICE_FAIL, out, "left behind for a while")
    if "ground" in s:
        for n in conscious(s, g):
            g.setdefault("acted", {})[n] = activations_allowed(s, g, n)
        out.append("Your turn is over.")
        phase_done(s, g, out)
        end_check(s, g, out)
    return Outcome(s, f"Escape: {total} vs {high}: failed", out, data, with_checks({}, checks))
