"""Chapter 14, Spawn enemies: the Primary level, the reaction check, a second Primary, Minions.

A LV6+ Boss battle may bring a creature from hell; the second Primary's and the Minions'
species are rolled (at most two of one faction at LV7 and LV8).
"""

from __future__ import annotations

from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, refuse_if_over
from journal.games.kraken.model.constants import MAX_LEVEL, SPECIES
from journal.games.kraken.model.exploration import (
    atmosphere_here,
    map_cleared,
    parse_tile,
    resolved,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.locations import hardcore_atmosphere
from journal.lookup import find
from journal.outcome import Outcome

HELL_BOSS_LEVEL = 6       # a LV6+ Boss battle: a 6 spawns a CREATURE FROM HELL
REACTION = 4              # the reaction check: d6 >= 4


def ground_start(state: dict, dice, level: int | None = None, tile: str | None = None, boss: bool = False,
                 ambush: bool = False, map_no: int | None = None, atmosphere: str | None = None,
                 crew=()) -> Outcome:
    """Ch. 14 spawning: the Primary level (Location Difficulty + E#, at most 8); a LV6+
    Boss battle rolls for a CREATURE FROM HELL; the reaction check (d6 ≥ 4, failed in an
    ambush) gives a bonus action; a second Primary when d6 < the map number; Minions (level
    - 1, none at LV1) by d6 + map number: 2-5 none, 6-10 one, 11+ two (a Boss has one at
    least); the second Primary's and the Minions' species by d6."""
    s = copy_state(state)
    refuse_if_over(s)
    if s.get("ground"):
        raise RuleError("a Ground Combat is going on already")
    if s.get("combat"):
        raise RuleError("a Space Combat is going on")
    d = s.get("dungeon")
    out: list[str] = []
    key = hardcore = None
    if d and d.get("visit"):
        raise RuleError("a short visit is one trade on a cleared map: no enemy is there (journal kraken dungeon leave "
                        "teleport)")
    if d:
        if tile is None and level is None:
            raise InputError("name the Enemy or Boss tile (E3, B2, E?) or give --level N (an event's combat)")
        if tile is not None:
            label, kind, lv_txt = parse_tile(tile)
            if kind not in ("E", "B"):
                raise InputError(f"'{label}' is not an Enemy (E#) or Boss (B#) tile")
            boss = boss or kind == "B"
            key = tile_key(d, label)
            if kind == "B" and key not in d.get("bosses", []):
                d.setdefault("bosses", []).append(key)          # its map's Safety Bulkheads stay shut while it lives
            if map_cleared(s, d):
                raise RuleError(f"map {d['map']} is cleared: no enemy or boss is there")
            if resolved(d, key):
                raise RuleError(f"{label} was defeated this exploration: it does not attack again")
            lv = s["locations"][d["location"]]["difficulty"] + tile_value(s, d, dice, label, lv_txt, out)
            if level is not None and level != lv:
                raise InputError(f"--level {level}: {label} at Difficulty "
                                 f"{s['locations'][d['location']]['difficulty']} is level {lv}")
            level = lv
            d.pop("avoid_failed", None)
        if map_no is not None and map_no != d["map"]:
            raise InputError(f"--map: the team is on map {d['map']}")
        map_no = d["map"]
        atmosphere = atmosphere or atmosphere_here(s, d)
        names = [n for n in d["crew"] if n in s["crew"] and s["crew"][n]["status"] == "active"]
    else:
        if tile is not None:
            raise RuleError("the crew is not exploring a Location: an Enemy tile is met there (journal kraken "
                            "dungeon enter SLOT); an event's Ground Combat: journal kraken ground start --level N")
        if level is None:
            raise InputError("--level is required (an event's combat: its level), or explore a Location")
        map_no = map_no or 1
        given = (atmosphere or "YES").upper()
        if given not in ("YES", "NO", "HELL"):
            raise InputError(f"--atmosphere {given}: YES, NO or HELL")
        atmosphere = hardcore_atmosphere(s, given)
        if atmosphere != given:
            hardcore = f"Hardcore: the event's {given} atmosphere counts as {atmosphere}."
        builders = {n for b in s["builds"].values() for n in b["crew"]}
        if crew:
            names = []
            for c in crew:
                n = find(s["crew"], c, "crew member", "--crew")
                if n not in names:
                    names.append(n)
        else:
            names = [n for n, m in s["crew"].items() if m["status"] == "active" and n not in builders]
        for n in names:
            if n in builders:
                raise RuleError(f"{n} is building and does not join Ground Combats (ch. 7)")
            if s["crew"][n]["status"] != "active":
                raise RuleError(f"{n} is unconscious")
    if not names:
        raise RuleError("no conscious crew member can fight")
    if not 1 <= level:
        raise InputError(f"--level {level}: 1 or more")
    shown = min(level, MAX_LEVEL)
    g = {"level": shown, "boss": boss, "ambush": ambush, "map": map_no, "atmosphere": atmosphere, "turn": 0,
         "step": "spawn", "minions": 0, "enemies": {}, "crew": names}
    if key:
        g["tile"] = key
    if d and d.get("surprise"):
        g["surprise"] = True
        d.pop("surprise")
    if d and d.get("midas"):
        g["midas"] = True
        d.pop("midas")
    sheet = min(shown, 6)
    extra = {7: " (a LV6 sheet: +1 damage to every enemy attack)",
             8: " (a LV6 sheet: +2 damage and +1 to hit on every enemy attack)"}.get(shown, "")
    species = s["locations"][d["location"]]["species"] if d else None
    out.append(f"{'Boss battle' if boss else 'Ground Combat'}: Primary Enemy level {shown}"
               + (f" (capped from {level})" if level > MAX_LEVEL else "") + extra + ".")
    if hardcore:
        out.append(hardcore)
    data: dict = {"level": shown, "boss": boss, "ambush": ambush}
    if boss and shown >= HELL_BOSS_LEVEL:
        r = dice.roll(6)
        data["hell"] = r
        if r == 6:
            g["from_hell"] = True
            out.append(f"LV{shown} Boss: d6 6: a CREATURE FROM HELL instead (fold out a random one).")
        else:
            out.append(f"LV{shown} Boss: d6 {r}: no creature from hell.")
    if not g.get("from_hell"):
        out.append(f"Fold out a LV{sheet} {species or 'enemy'} sheet (either profile) for Primary 1.")
    if ambush:
        out.append("Ambush: the reaction check fails; the enemies act first all combat.")
    else:
        r = dice.roll(6)
        data["reaction"] = r
        if r >= REACTION:
            g["bonus"] = True
            out.append(f"Reaction: d6 {r}: one crew member may take a bonus action now (not Flank) or use a PSI "
                       f"power.")
        else:
            out.append(f"Reaction: d6 {r}: no reaction.")
    factions: dict[str, int] = {}
    if species and not g.get("from_hell"):
        factions[species] = 1

    def faction(what: str) -> str:
        """A d6 species; at LV7 and LV8 (stacked LV6 sheets) no more than 2 enemies of one
        faction: a species that would make a third is rolled again."""
        rolls = [dice.roll(6)]
        while shown >= 7 and factions.get(SPECIES[rolls[-1] - 1], 0) >= 2:
            rolls.append(dice.roll(6))
        kind = SPECIES[rolls[-1] - 1]
        factions[kind] = factions.get(kind, 0) + 1
        if len(rolls) > 1:
            out.append(f"{what}: d6 {', '.join(map(str, rolls))}: no more than 2 enemies of one faction at LV{shown} "
                       f"(" + ", ".join(SPECIES[x - 1] for x in rolls[:-1]) + f" rerolled) → {kind}.")
        return kind

    r = dice.roll(6)
    data["second"] = r
    if r < map_no:
        g["second"] = True
        n_out = len(out)
        kind = faction("Second Primary species")
        sp = SPECIES.index(kind) + 1
        out.insert(n_out, f"Second Primary: d6 {r} < map {map_no}: a second LV{sheet} Primary, species d6 {sp}: "
                          f"{kind}.")
        data["second_species"] = kind
    else:
        out.append(f"Second Primary: d6 {r} is not below map {map_no}: none.")
    minions = 0
    if shown > 1 or boss:
        r = dice.roll(6)
        total = r + map_no
        minions = 0 if total <= 5 else 1 if total <= 10 else 2
        line = f"Minions: d6 {r} + map {map_no} = {total}: {minions}"
        if boss and minions == 0:
            minions = 1
            line += " (a Boss always brings one)"
        out.append(line + ".")
        kinds = []
        for i in range(minions):
            kinds.append(faction(f"Minion {i + 1} species"))
        if kinds:
            out.append(f"Minions (LV{max(1, min(shown - 1, 6))}): {', '.join(kinds)}.")
        data["minion_species"] = kinds
    else:
        out.append("Level 1: no Minions.")
    g["minions"] = minions
    s["ground"] = g
    if shown >= 7:
        out.append("No more than 2 enemies of one faction (LV7/LV8): journal rerolled any species that would make a "
                   "third" + ("" if species else " (the first Primary's faction is the sheet you fold out: mind it)")
                   + ".")
    out.append("Enter each enemy's values from its sheet: journal kraken ground add LABEL --hp N --armor N --agility N "
               "… (or --profile NAME), then journal kraken ground initiative.")
    data["minions"] = minions
    return Outcome(s, f"Ground Combat LV{shown}" + (" (Boss)" if boss else "") + f": {1 + bool(g.get('second'))} "
                      f"Primary, {minions} Minion(s)", out, data)
