"""Space combat phase 4, Enemy fire: hits, evading (after the hit), Shields and Armor, damaged systems."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.catalogue import half_up
from journal.games.kraken.model.campaign import copy_state, known
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.combat import boarding_pending, current_space_combat, ships_left
from journal.games.kraken.model.constants import COMBAT_STEP_TEXT, COMBAT_STEPS, EMP, HIGH_EXPLOSIVE, TIMELINE_IDLE
from journal.games.kraken.model.systems import check_removal, ship_stats, working
from journal.games.kraken.space_combat.after import finish_combat
from journal.games.kraken.space_combat.page import (
    after_fire,
    available_crew,
    enemy_at,
    free_crew,
    mark_used,
    refresh_shield,
)
from journal.games.kraken.model.commands import OBJECTIVES_OR_FIRE
from journal.hints import Text, cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

ENEMY_HIT = 4            # 4) an enemy hits on 4+
ENEMY_SIX = 3            # ... a 6 deals 3 more damage
EVADE_TARGET = 8         # 1a) TECH/2 + d6 >= 8 with Maneuver Engines


def combat_enemy_fire(state: State, dice, cat: dict, evade=(), evade_enemy: int | None = None, shields=(),
                      ask_evade: bool = False, evade_after=(), no_evade: bool = False) -> Outcome:
    """10 (4): every enemy left fires, 1 to 4: d6 ≥ 4 hits, a 6 adds 3 damage. Once a turn,
    with Maneuver Engines, up to two unused crew may evade a hit (Tech ÷ 2 + d6 ≥ 8, a 1
    fails): after seeing it (`combat evade`, or `ask_evade`: asked after each hit), or named
    beforehand (`evade`, `evade_enemy`). Damage: Shields, then Armor, then SP; lost SP risk
    a system (d6, d20). What each hit took is kept until the turn ends, so that an evasion
    can take it back. A hit that would lose the ship while it can still be evaded is not
    taken silently: asked on a terminal, else refused naming `--evade`/`--no-evade`."""
    s = copy_state(state)
    c = current_space_combat(s)
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(boarding_pending(c))
    if COMBAT_STEPS.index(c["step"]) > COMBAT_STEPS.index("enemy-fire"):
        raise RuleError(f"the enemies fired this turn already; this turn is at {COMBAT_STEP_TEXT[c['step']]}")
    if c["step"] == "timeline" and c["crossed"] < len(c["timeline"]):
        raise RuleError(say("activate the timeline first: ", cmd("kraken combat timeline")))
    out: list[str] = []
    if c.get("event") == TIMELINE_IDLE:
        raise RuleError(say("Idle: the enemies do not fire this turn: go on (", cmd("kraken combat board", "N", crew="NAME"),
                            ", ", cmd("kraken combat escape"), " or ", cmd("kraken combat recharge"), ")"))
    if not ships_left(c):
        raise RuleError("no enemy is left to fire")
    c["step"] = "enemy-fire"
    data = enemy_fire(s, c, dice, cat, evade, evade_enemy, shields, out, ask_evade, evade_after, no_evade=no_evade)
    if s.get("combat"):
        c["step"] = "boarding"
        hint = evade_hint(s, c)
        if hint:
            out.append(hint)
        out.append(after_fire(c))
    taken = sum(x.get("sp", 0) for x in data)
    return Outcome(s, f"Space Combat turn {c['turn']}: enemy fire, {plural(sum(1 for x in data if x['hit']), 'hit')}, "
                      f"{taken} SP lost", out, {"shots": data, "ship": c["ship"], "over": "combat" not in s},
                   with_checks({}, fire_checks(data)))


def fire_checks(shots: list[dict]) -> list[dict]:
    """The luck audit's checks of an enemy fire: each enemy's hit roll (d6 ≥ 4: for the enemy),
    and an evasion named beforehand (Tech ÷ 2 + d6 ≥ 8, a 1 fails)."""
    out = []
    for shot in shots:
        out.append(check("enemy hit", d6_chance(0, ENEMY_HIT), shot["hit"]))
        ev = shot.get("evade")
        if ev:
            out.append(check("evasion", d6_chance(ev["total"] - ev["roll"], EVADE_TARGET, one_fails=True), ev["evaded"]))
    return out


def can_evade(s: State, c: dict) -> bool:
    """The ship may still try its evasion this turn: working Maneuver Engines, not tried
    this turn, an unused conscious crew member to pilot."""
    return working(s, "Maneuver Engines") and not c.get("evaded") and bool(free_crew(s, c))


def _hit_the_engines(s: State, hit: dict) -> bool:
    took = hit.get("system") or {}
    entry = took.get("entry") or s["ship"]["systems"].get(took.get("label", ""), {})
    return entry.get("system") == "Maneuver Engines"


def evade_hint(s: State, c: dict) -> Text | None:
    """After the enemy fire: how to evade a hit now that it is seen (Maneuver Engines that
    a hit of this fire damaged work again once that hit is evaded)."""
    hits = [h for h in (c.get("fire") or {}).get("hits", []) if not h.get("evaded")]
    engines = working(s, "Maneuver Engines") or any(_hit_the_engines(s, h) for h in hits)
    if not hits or not engines or c.get("evaded") or not free_crew(s, c):
        return None
    return say(f"Evade a hit now that you have seen it (once this turn, Maneuver Engines; enemy {hits[-1]['enemy']}'s "
               f"unless you name another with --enemy N, two pilots with two --crew): ",
               cmd("kraken combat evade", crew="NAME"), ".")


def _ask_pilots(s: State, c: dict, i: int, dmg: int, answers: list) -> list[str]:
    """On a terminal, after a hit: the pilots who evade it, or none ("no")."""
    free = free_crew(s, c)
    if not answers:
        from journal.errors import NeedChoice

        pairs = [f"{a}+{b}" for k, a in enumerate(free) for b in free[k + 1:]]
        raise NeedChoice(f"enemy {i} hits for {dmg} damage: evade it with one or two unused crew (Maneuver Engines, "
                         f"once this turn), or no", "--evade-after", ["no", *free, *pairs],
                         f"Enemy {i} hits for {dmg}: evade with", param="evade_after")
    answer = str(answers.pop(0)).strip()
    if answer == "no":
        return []
    return available_crew(s, c, [x for x in answer.split("+") if x.strip()])


@dataclass
class EnemyFire:
    """One enemy fire (10 (4)) and what travels through it: the campaign and its combat, the dice,
    the catalogue, the ship's Armor, the shield systems a 6 may damage (in the player's order),
    the pilots who evade (named beforehand, or asked after a hit on a terminal), what to tell."""

    s: State
    c: dict
    dice: Dice
    cat: dict
    armor: int
    shield_pref: list[str]
    pilots: list[str]
    evade_enemy: int | None
    ask_evade: bool
    answers: list
    out: list[str]
    named: bool = False            # the pilots were named beforehand (--evade)
    no_evade: bool = False         # every hit is taken (--no-evade)
    command: str = "kraken combat enemy-fire"     # what to type again, naming the pilots


def enemy_fire(s: State, c: dict, dice: Dice, cat: dict, evade, evade_enemy, shields, out: list[str],
               ask_evade: bool = False, evade_after=(), no_evade: bool = False,
               command: str = "kraken combat enemy-fire") -> list[dict]:
    c["fire"] = {"step": "boarding" if c["step"] == "enemy-fire" else c["step"], "hits": []}
    pilots = evasion_pilots(s, c, evade, evade_enemy)
    if no_evade and pilots:
        raise InputError("--no-evade takes every hit: it goes without --evade")
    pool = _shield_systems(s, cat, working=False)
    shield_pref = [known(pool, x, "shield system") for x in shields]   # used in order, as 6s come
    fire = EnemyFire(s, c, dice, cat, ship_stats(s, cat)["armor"], shield_pref, pilots, evade_enemy, ask_evade,
                     list(evade_after), out, named=bool(evade), no_evade=no_evade, command=command)
    shots = []
    for i in ships_left(c):
        if "combat" not in s:
            break
        shots.append(enemy_shot(fire, i))
    return shots


def evasion_pilots(s: State, c: dict, evade, evade_enemy: int | None) -> list[str]:
    """10 (4.1a): up to two unused crew pilot, with working Maneuver Engines, once a turn."""
    pilots = available_crew(s, c, evade) if evade else []
    if len(pilots) > 2:
        raise InputError("up to two crew members pilot the ship")
    if pilots and not working(s, "Maneuver Engines"):
        raise RuleError("an evasion needs working Maneuver Engines")
    if pilots and c.get("evaded"):
        raise RuleError("the ship tried to evade this turn already (once per Space Combat turn)")
    if evade_enemy is not None:
        enemy_at(c, evade_enemy)
        if not pilots:
            raise InputError(say("the hit to evade goes with the pilots who evade it (",
                                 cmd("kraken combat enemy-fire", evade="NAME", evade_enemy=evade_enemy), ")"))
    return pilots


def enemy_shot(fire: EnemyFire, i: int) -> dict:
    """Enemy `i` fires: d6 ≥ 4 hits, a 6 adds 3 damage; the ship may evade it; else the damage is taken."""
    c, out = fire.c, fire.out
    e = c["enemies"][i - 1]
    r = fire.dice.roll(6, label=f"enemy {i} hit d6")
    shot = {"enemy": i, "roll": r, "hit": r >= ENEMY_HIT, "sp": 0, "shield": 0}
    if r < ENEMY_HIT:
        out.append(f"Enemy {i} ({e['type']}) fires: d6 {r}: miss.")
        return shot
    dmg = e["damage"] + (ENEMY_SIX if r == 6 else 0)
    line = f"Enemy {i} ({e['type']}) fires: d6 {r}: hit, {dmg} damage" + (" (6: +3)" if r == 6 else "")
    _decide_evasion(fire, i, e, dmg, r)
    if fire.pilots and not c.get("evaded") and (fire.evade_enemy is None or fire.evade_enemy == i):
        line, evaded = _evade(fire, shot, line)
        if evaded:
            out.append(line)
            return shot
    take_hit(fire, e, shot, dmg, line)
    return shot


def _decide_evasion(fire: EnemyFire, i: int, e: dict, dmg: int, roll: int) -> None:
    """After a hit, unless the pilots were named (or --no-evade): on a terminal, ask who evades
    it; in a script, refuse a hit that would lose the ship silently."""
    if fire.named or fire.no_evade or not can_evade(fire.s, fire.c):
        return
    if fire.ask_evade:
        fire.pilots = _ask_pilots(fire.s, fire.c, i, dmg, fire.answers)
        fire.evade_enemy = i
    elif _lethal(fire, e, dmg, roll):
        _refuse_silent_loss(fire, i, dmg)


def _lethal(fire: EnemyFire, e: dict, dmg: int, roll: int) -> bool:
    """Whether this hit, taken, would bring the ship's SP to 0."""
    ship = dict(fire.c["ship"])
    return ship["sp"] - _ship_damage(ship, dmg, e.get("effect"), fire.armor, roll) <= 0


def _refuse_silent_loss(fire: EnemyFire, i: int, dmg: int) -> None:
    """10 (4.1a): "After a successful Enemy hit, you may assign up to two unused Crew Members to
    pilot your Ship": a hit that loses the ship ends the campaign before `combat evade` could
    run, so a script names its choice: the pilots, or none."""
    raise InputError(say(f"--evade NAME or --no-evade is required: enemy {i}'s hit ({dmg} damage) would lose the "
                         f"ship, and it can still be evaded (Maneuver Engines, once this turn; unused crew: "
                         f"{', '.join(free_crew(fire.s, fire.c))}): ",
                         cmd(fire.command, evade="NAME", evade_enemy=i), " names its pilots, or ",
                         cmd(fire.command, no_evade=True), " takes it"))


def _evade(fire: EnemyFire, shot: dict, line: str) -> tuple[str, bool]:
    """10 (4.1a): Tech ÷ 2 of the pilots + d6 ≥ 8 evades (a 1 fails); once this turn."""
    fire.c["evaded"] = True
    mark_used(fire.c, fire.pilots, "pilot")
    tech = sum(fire.s["crew"][p]["tech"] for p in fire.pilots)
    er = fire.dice.roll(6, label="evasion d6")
    total = half_up(tech) + er
    ok = er != 1 and total >= EVADE_TARGET
    shot["evade"] = {"pilots": fire.pilots, "roll": er, "total": total, "evaded": ok}
    line += (f"; {' and '.join(fire.pilots)} evade: Tech {tech} ÷ 2 = {half_up(tech)} + d6 {er} = {total}: "
             + ("evaded, no damage." if ok else ("a 1 always fails." if er == 1 else "failed.")))
    return line, ok


def take_hit(fire: EnemyFire, e: dict, shot: dict, dmg: int, line: str) -> None:
    """10 (4.2): Shields, then Armor, then SP (EMP: Shields only; HE: nothing through a Shield);
    SP 0 loses the ship; lost SP risk a system."""
    s, c, out = fire.s, fire.c, fire.out
    ship, eff = c["ship"], e.get("effect")
    sh_before, sp_before = ship["shield"], ship["sp"]
    rest = _ship_damage(ship, dmg, eff, fire.armor, shot["roll"])
    ship["sp"] = max(0, ship["sp"] - rest)
    shot["shield"], shot["sp"] = sh_before - ship["shield"], sp_before - ship["sp"]
    hit = {"enemy": shot["enemy"], "roll": shot["roll"], "damage": dmg, "shield": shot["shield"], "sp": shot["sp"]}
    c["fire"]["hits"].append(hit)
    if eff == HIGH_EXPLOSIVE and sh_before > 0:
        parts = ["HE: your Shield stops it"]
    else:
        parts = [f"Shield {sh_before} → {ship['shield']}"]
        if eff != EMP:
            doubled = " (HE: the SP damage doubled on a 6)" if eff == HIGH_EXPLOSIVE and shot["roll"] == 6 else ""
            parts += ([f"Armor -{fire.armor}"] if fire.armor else []) + [f"SP {sp_before} → {ship['sp']}{doubled}"]
    out.append(f"{line}. {', '.join(parts)}.")
    if ship["sp"] == 0:
        out.append("Your ship's SP reach 0: the ship is lost.")
        finish_combat(s, c, "lost", out)
        return
    if rest > 0:
        before = ship["shield"]
        shot["system"] = _system_damage(s, c, fire.dice, fire.cat, fire.shield_pref, out, hit)
        if ship["shield"] < before:
            hit["clamped"] = before - ship["shield"]


def _ship_damage(ship: dict, dmg: int, eff: str | None, armor: int, roll: int) -> int:
    """The Shield takes the damage first (an EMP's all of it); Armor stops some of the rest;
    returns the SP lost. HE, "applied as usual": nothing while the ship has Shield energy,
    and on a 6 the SP damage (what gets past the Armor) is doubled."""
    if eff == EMP:
        ship["shield"] -= min(ship["shield"], dmg)
        return 0
    if eff == HIGH_EXPLOSIVE:
        if ship["shield"] > 0:
            return 0
        return max(0, dmg - armor) * (2 if roll == 6 else 1)
    absorbed = min(ship["shield"], dmg)
    ship["shield"] -= absorbed
    return max(0, dmg - absorbed - armor)


def _shield_systems(s: State, cat: dict, working: bool = True) -> list[str]:
    return [label for label, e in s["ship"]["systems"].items()
            if cat.get(e["system"], {}).get("category") == "shield" and not (working and e.get("damaged"))]


def _system_damage(s: State, c: dict, dice, cat: dict, shield_pref: list, out: list[str], hit: dict) -> dict:
    """10 (4.2): lost SP may damage a system: d6 1-2 none; 3-4 a standard system (d20
    counted through them, damaged ones too); 5 a weapon (the same way); 6 a shield (your
    choice). Damaged again it is destroyed, unless it was damaged this very turn."""
    r = dice.roll(6, label=f"enemy {hit['enemy']}'s system damage d6")
    systems = s["ship"]["systems"]
    if r <= 2:
        out.append(f"  System damage: d6 {r}: no system is damaged.")
        return {"roll": r}
    if r in (3, 4, 5):
        category = "standard" if r <= 4 else "weapon"
        pool = [label for label, e in systems.items() if cat.get(e["system"], {}).get("category") == category]
        what = "standard system" if r <= 4 else "weapon"
        if not pool:
            out.append(f"  System damage: d6 {r}: a {what}, but the ship has none.")
            return {"roll": r}
        n = dice.roll(20, label=f"enemy {hit['enemy']}'s system d20")
        label = pool[(n - 1) % len(pool)]
        out.append(f"  System damage: d6 {r}: a {what}; d20 {n} counted through {len(pool)} → {label}.")
        return {"roll": r, "d20": n, "system": label, "result": _damage_system(s, c, cat, label, out, hit)}
    pool = [label for label, e in systems.items() if cat.get(e["system"], {}).get("category") == "shield"]
    if not pool:
        out.append(f"  System damage: d6 {r}: a shield system, but the ship has none.")
        return {"roll": r}
    if len(pool) == 1:
        label = pool[0]
    elif shield_pref:
        label = known(pool, shield_pref.pop(0), "shield system")
    else:
        from journal.errors import NeedChoice

        raise NeedChoice(f"--shield is required: a 6 on the system damage roll damages a shield system of your "
                         f"choice: one of {', '.join(pool)}", "--shield", pool, "Which shield system is damaged")
    out.append(f"  System damage: d6 {r}: a shield system: {label}.")
    return {"roll": r, "system": label, "result": _damage_system(s, c, cat, label, out, hit)}


def _damage_system(s: State, c: dict, cat: dict, label: str, out: list[str], hit: dict) -> str:
    """Damage a system; `hit` keeps what it takes (the system, its Ammo, what is lost with it)."""
    systems = s["ship"]["systems"]
    e = systems[label]
    now = c.setdefault("damaged_now", [])
    took: dict = {"label": label}
    if not e.get("damaged"):
        e["damaged"] = True
        now.append(label)
        out.append(f"  Mark the {label} damaged: it does not work until repaired.")
        result = took["result"] = "damaged"
    elif label in now:
        out.append(f"  The {label} was damaged this very turn: it stays damaged.")
        result, took["result"] = "damaged", "stays"
    else:
        took.update(result="destroyed", entry=dict(e), index=list(systems).index(label))
        if label in c["ammo"]:
            took["ammo"] = c["ammo"][label]
        locations, storage = copy_state(s["locations"]), list(s["expansion_storage"])
        out.extend("  " + x for x in check_removal(s, label, selling=False))
        if s["locations"] != locations:
            took["locations"] = {k: v for k, v in locations.items() if k not in s["locations"]}
        if s["expansion_storage"] != storage:
            took["expansion_storage"] = storage
        del systems[label]
        c["ammo"].pop(label, None)
        out.append(f"  The {label} is damaged a second time: destroyed, erase it.")
        result = "destroyed"
    hit["system"] = took
    refresh_shield(s, c, cat)
    return result


def take_back(s: State, c: dict, cat: dict, hit: dict, out: list[str]) -> None:
    """An evaded hit does no damage: give back the system it damaged or destroyed (with its
    Ammo and what was lost with it), the Shield energy and the SP it took."""
    took = hit.get("system")
    systems = s["ship"]["systems"]
    if took and took["result"] == "damaged" and took["label"] in systems:
        systems[took["label"]].pop("damaged", None)
        if took["label"] in c.get("damaged_now", []):
            c["damaged_now"].remove(took["label"])
        out.append(f"  The {took['label']} is not damaged after all.")
    elif took and took["result"] == "destroyed" and took["label"] not in systems:
        items = list(systems.items())
        items.insert(min(took.get("index", len(items)), len(items)), (took["label"], dict(took["entry"])))
        systems.clear()
        systems.update(items)
        if "ammo" in took:
            c["ammo"][took["label"]] = took["ammo"]
        for slot, loc in took.get("locations", {}).items():
            s["locations"].setdefault(slot, loc)
        if "expansion_storage" in took and not s["expansion_storage"]:
            s["expansion_storage"] = list(took["expansion_storage"])
        out.append(f"  The {took['label']} is not destroyed after all (damaged, as it was)"
                   + (": what it held is back" if "locations" in took or "expansion_storage" in took else "") + ".")
    refresh_shield(s, c, cat)
    ship = c["ship"]
    sh, sp = ship["shield"], ship["sp"]
    ship["shield"] = min(ship["shield_max"], sh + hit["shield"] + hit.get("clamped", 0))
    ship["sp"] = min(ship["sp_max"], sp + hit["sp"])
    out.append(f"  Shield {sh} → {ship['shield']}, SP {sp} → {ship['sp']}.")
    hit["evaded"] = True


def combat_evade(state: State, dice, cat: dict, crew=(), enemy: int | None = None) -> Outcome:
    """10 (4.1a) Evade: "After a successful Enemy hit, you may assign up to two unused Crew
    Members to pilot your Ship": once per Space Combat turn, with working Maneuver Engines,
    right after the enemy fire (phase 4, or a timeline Attack) and for the hit you choose
    (`enemy`; default: the last one): their Tech ÷ 2 (rounded up) + d6 ≥ 8, a 1 always
    fails; the pilots are marked used. Evaded, the hit does no damage: what it took (Shield,
    SP, a system) is given back."""
    s = copy_state(state)
    c = current_space_combat(s)
    fire, hit = _hit_to_evade(c, enemy)
    pilots = _pilots(s, c, crew)
    out: list[str] = []
    after = copy_state(s)                # the hit taken back (Maneuver Engines it damaged work again)
    take_back(after, after["combat"], cat, after["combat"]["fire"]["hits"][fire["hits"].index(hit)], out)
    if not working(after, "Maneuver Engines"):
        raise RuleError("evading needs working Maneuver Engines")
    tech = sum(s["crew"][p]["tech"] for p in pilots)
    r = dice.roll(6)
    total = half_up(tech) + r
    ok = r != 1 and total >= EVADE_TARGET
    head = (f"{' and '.join(pilots)} {'pilots' if len(pilots) == 1 else 'pilot'} the ship to evade enemy "
            f"{hit['enemy']}'s hit ({hit['damage']} damage): "
            f"Tech {tech} ÷ 2 = {half_up(tech)} + d6 {r} = {total}: "
            + ("evaded, no damage." if ok else ("a 1 always fails." if r == 1 else "failed (8+ needed).")))
    if ok:
        s = after
        lines = [head] + out
    else:
        lines = [head]
    c = s["combat"]
    c["evaded"] = True
    mark_used(c, pilots, "pilot")
    lines.append(after_fire(c) if c["step"] == "boarding" else say("Next: ", OBJECTIVES_OR_FIRE, "."))
    return Outcome(s, f"Evade enemy {hit['enemy']}'s hit: {total} vs {EVADE_TARGET} ({'evaded' if ok else 'failed'})",
                   lines, {"enemy": hit["enemy"], "pilots": pilots, "roll": r, "total": total, "evaded": ok,
                           "ship": c["ship"]},
                   {"checks": [check("evasion", d6_chance(half_up(tech), EVADE_TARGET, one_fails=True), ok)]})


def _hit_to_evade(c: dict, enemy: int | None) -> tuple[dict, dict]:
    """The enemy fire just done and the hit of it to evade (`enemy`'s, or the last one), once a turn."""
    if c.get("boarders") or c.get("boarding"):
        raise RuleError(boarding_pending(c))
    fire = c.get("fire")
    if not fire or c["step"] != fire["step"]:
        raise RuleError(say("the ship evades an enemy's hit right after the enemy fire (",
                            cmd("kraken combat enemy-fire"), ", or a timeline Attack), before the next sub-phase"))
    if c.get("evaded"):
        raise RuleError("the ship tried to evade this turn already (once per Space Combat turn)")
    hits = [h for h in fire["hits"] if not h.get("evaded")]
    if not hits:
        raise RuleError("no enemy hit the ship in that fire: there is nothing to evade")
    if enemy is None:
        return fire, hits[-1]
    enemy_at(c, enemy)
    hit = next((h for h in hits if h["enemy"] == enemy), None)
    if hit is None:
        raise RuleError(f"enemy {enemy} did not hit the ship in that fire (hits: "
                        f"{', '.join(str(h['enemy']) for h in hits)})")
    return fire, hit


def _pilots(s: State, c: dict, crew) -> list[str]:
    """One or two unused crew members pilot the ship."""
    if not crew:
        raise InputError(say("one or two unused crew members pilot the ship: ",
                             cmd("kraken combat evade", crew="NAME")))
    pilots = available_crew(s, c, crew)
    if len(pilots) > 2:
        raise InputError("up to two crew members pilot the ship")
    return pilots
