"""Chapter 14, Spawn enemies: the Primary level, the reaction check, a second Primary, Minions.

A LV6+ Boss battle may bring a creature from hell; the second Primary's and the Minions'
species are rolled (at most two of one faction at LV7 and LV8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from journal.dice import Dice
from journal.errors import InputError, RuleError
from journal.games.kraken.model.campaign import copy_state, known, refuse_if_over
from journal.games.kraken.model.constants import ATMOSPHERES, MAX_LEVEL, SPECIES
from journal.games.kraken.model.exploration import (
    atmosphere_here,
    map_cleared,
    parse_tile,
    resolved,
    tile_key,
    tile_value,
)
from journal.games.kraken.model.checks import check, d6_chance, with_checks
from journal.games.kraken.model.ground import spawn_hint
from journal.games.kraken.model.locations import hardcore_atmosphere
from journal.hints import cmd, say
from journal.outcome import Outcome
from journal.text import plural

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

HELL_BOSS_LEVEL = 6       # a LV6+ Boss battle: a 6 spawns a CREATURE FROM HELL
REACTION = 4              # the reaction check: d6 >= 4
SHEET_MAX = 6             # the highest level a sheet prints: LV7 and LV8 are LV6 sheets made stronger
FACTION_MAX = 2           # at LV7 and LV8, no more than 2 enemies of one faction
LEVEL_SHEET_NOTE = {7: " (a LV6 sheet: +1 damage to every enemy attack)",
                    8: " (a LV6 sheet: +2 damage and +1 to hit on every enemy attack)"}


@dataclass
class Encounter:
    """What meets the crew: the Primary level, a Boss, an ambush, where (the map, its
    atmosphere, the Enemy tile's key in a dungeon) and who fights."""

    level: int | None
    boss: bool = False
    ambush: bool = False
    map_no: int | None = None
    atmosphere: str | None = None
    tile: str | None = None
    crew: list[str] = field(default_factory=list)
    hardcore: str | None = None


@dataclass
class Spawn:
    """A Ground Combat as it spawns: the new ``[state.ground]``, the dice, what the table is
    told (`out`, `data`) and the factions met so far."""

    g: dict
    dice: Dice
    out: list[str]
    data: dict
    factions: dict[str, int] = field(default_factory=dict)
    checks: list[dict] = field(default_factory=list)       # the reaction check, for the luck audit

    @property
    def level(self) -> int:
        return self.g["level"]

    @property
    def sheet(self) -> int:
        return min(self.level, SHEET_MAX)

    def faction(self, what: str) -> str:
        """A d6 species; at LV7 and LV8 (stacked LV6 sheets) no more than 2 enemies of one
        faction: a species that would make a third is rolled again."""
        rolls = [self.dice.roll(6, label=f"{what} d6")]
        while self.level > SHEET_MAX and self.factions.get(SPECIES[rolls[-1] - 1], 0) >= FACTION_MAX:
            rolls.append(self.dice.roll(6, label=f"{what} d6 (again)"))
        kind = SPECIES[rolls[-1] - 1]
        self.factions[kind] = self.factions.get(kind, 0) + 1
        if len(rolls) > 1:
            self.out.append(f"{what}: d6 {', '.join(map(str, rolls))}: no more than 2 enemies of one faction at "
                            f"LV{self.level} (" + ", ".join(SPECIES[x - 1] for x in rolls[:-1])
                            + f" rerolled) → {kind}.")
        return kind


def ground_start(state: State, dice: Dice, level: int | None = None, tile: str | None = None, boss: bool = False,
                 ambush: bool = False, map_no: int | None = None, atmosphere: str | None = None,
                 crew=()) -> Outcome:
    """Ch. 14 spawning: the Primary level (Location Difficulty + E#, at most 8); a LV6+
    Boss battle rolls for a CREATURE FROM HELL; the reaction check (d6 ≥ 4, failed in an
    ambush) gives a bonus action; a second Primary when d6 < the map number; Minions (level
    - 1, none at LV1) by d6 + map number: 2-5 none, 6-10 one, 11+ two (a Boss has one at
    least); the second Primary's and the Minions' species by d6."""
    s = copy_state(state)
    refuse_if_over(s)
    check_no_fight(s)
    d = s.get("dungeon")
    out: list[str] = []
    enc = Encounter(level, boss=boss, ambush=ambush, map_no=map_no, atmosphere=atmosphere)
    if d:
        in_dungeon(s, d, dice, enc, tile, out)
    else:
        at_an_event(s, enc, tile, crew)
    if not enc.crew:
        raise RuleError("no conscious crew member can fight")
    if enc.level is None or enc.level < 1:
        raise InputError(f"an enemy level is 1 or more, not {enc.level}")
    species = s["locations"][d["location"]]["species"] if d else None
    sp = Spawn(new_ground(d, enc), dice, out, {"level": min(enc.level, MAX_LEVEL), "boss": enc.boss,
                                               "ambush": enc.ambush})
    out.append(f"{'Boss battle' if enc.boss else 'Ground Combat'}: Primary Enemy level {sp.level}"
               + (f" (capped from {enc.level})" if enc.level > MAX_LEVEL else "") + LEVEL_SHEET_NOTE.get(sp.level, "")
               + ".")
    if enc.hardcore:
        out.append(enc.hardcore)
    first_primary(sp, species)
    reaction_check(sp)
    if species and not sp.g.get("from_hell"):
        sp.factions[species] = 1
    second_primary(sp)
    minions(sp)
    s["ground"] = sp.g
    if sp.level > SHEET_MAX:
        out.append("No more than 2 enemies of one faction (LV7/LV8): journal rerolled any species that would make a "
                   "third" + ("" if species else " (the first Primary's faction is the sheet you fold out: mind it)")
                   + ".")
    out.append(say("Next: ", spawn_hint(sp.g), "."))
    sp.data["minions"] = sp.g["minions"]
    return Outcome(s, f"Ground Combat LV{sp.level}" + (" (Boss)" if enc.boss else "")
                   + f": {1 + bool(sp.g.get('second'))} Primary, {plural(sp.g['minions'], 'Minion')}", out, sp.data,
                   with_checks({}, sp.checks))


def check_no_fight(s: State) -> None:
    """One fight at a time, and none on a short visit (a trade on a cleared map)."""
    if s.get("ground"):
        raise RuleError("a Ground Combat is going on already")
    if s.get("combat"):
        raise RuleError("a Space Combat is going on")
    d = s.get("dungeon")
    if d and d.get("visit"):
        raise RuleError(say("a short visit is one trade on a cleared map: no enemy is there (",
                            cmd("kraken dungeon leave", "teleport"), ")"))


def in_dungeon(s: State, d: dict, dice: Dice, enc: Encounter, tile: str | None, out: list[str]) -> None:
    """An Enemy or Boss tile of the map the team is on: its level is the Location's
    Difficulty + the tile's number; the team deployed and conscious fights, in the
    atmosphere where it stands."""
    if tile is None and enc.level is None:
        raise InputError(say("name the Enemy or Boss tile (E3, B2, E?): ", cmd("kraken dungeon enemy", "TILE"),
                             "; an event's combat has its level: ", cmd("kraken ground start", level="N")))
    if tile is not None:
        enemy_tile(s, d, dice, enc, tile, out)
    if enc.map_no is not None and enc.map_no != d["map"]:
        raise InputError(f"the team is on map {d['map']}, not map {enc.map_no}")
    enc.map_no = d["map"]
    enc.atmosphere = enc.atmosphere or atmosphere_here(s, d)
    enc.crew = [n for n in d["crew"] if n in s["crew"] and s["crew"][n]["status"] == "active"]


def enemy_tile(s: State, d: dict, dice: Dice, enc: Encounter, tile: str, out: list[str]) -> None:
    """Ch. 13 Enemy (E#) and Boss (B#) tiles: not on a cleared map, not one defeated this
    exploration; a Boss keeps its map's Safety Bulkheads shut while it lives."""
    label, kind, lv_txt = parse_tile(tile)
    if kind not in ("E", "B"):
        raise InputError(f"'{label}' is not an Enemy (E#) or Boss (B#) tile")
    enc.boss = enc.boss or kind == "B"
    key = tile_key(d, label)
    if kind == "B" and key not in d.get("bosses", []):
        d.setdefault("bosses", []).append(key)          # its map's Safety Bulkheads stay shut while it lives
    if map_cleared(s, d):
        raise RuleError(f"map {d['map']} is cleared: no enemy or boss is there")
    if resolved(d, key):
        raise RuleError(f"{label} was defeated this exploration: it does not attack again")
    difficulty = s["locations"][d["location"]]["difficulty"]
    lv = difficulty + tile_value(s, d, dice, label, lv_txt, out)
    if enc.level is not None and enc.level != lv:
        raise InputError(f"{label} at Difficulty {difficulty} is level {lv}, not {enc.level}")
    enc.level = lv
    enc.tile = key
    d.pop("avoid_failed", None)


def at_an_event(s: State, enc: Encounter, tile: str | None, crew) -> None:
    """An event's Ground Combat: its level, map and atmosphere as the event gives them
    (Hardcore makes the air worse), fought by those named or every conscious member not
    building."""
    if tile is not None:
        raise RuleError(say("the crew is not exploring a Location: an Enemy tile is met there (",
                            cmd("kraken dungeon enter", "SLOT"), "); an event's Ground Combat: ",
                            cmd("kraken ground start", level="N")))
    if enc.level is None:
        raise InputError(say("an event's Ground Combat has the level the event gives (",
                             cmd("kraken ground start", level="N"), "), or explore a Location"))
    enc.map_no = enc.map_no or 1
    given = (enc.atmosphere or "YES").upper()
    if given not in ATMOSPHERES:
        raise InputError(f"'{given}' is not an atmosphere: YES, NO or HELL")
    enc.atmosphere = hardcore_atmosphere(s, given)
    if enc.atmosphere != given:
        enc.hardcore = f"Hardcore: the event's {given} atmosphere counts as {enc.atmosphere}."
    enc.crew = fighters(s, crew)


def fighters(s: State, crew) -> list[str]:
    """Who fights an event's combat: those named (each once), else every conscious member;
    nobody building (ch. 7) or unconscious."""
    builders = {n for b in s["builds"].values() for n in b["crew"]}
    if crew:
        names = list(dict.fromkeys(known(s["crew"], c, "crew member") for c in crew))
    else:
        names = [n for n, m in s["crew"].items() if m["status"] == "active" and n not in builders]
    for n in names:
        if n in builders:
            raise RuleError(f"{n} is building and does not join Ground Combats (ch. 7)")
        if s["crew"][n]["status"] != "active":
            raise RuleError(f"{n} is unconscious")
    return names


def new_ground(d: dict | None, enc: Encounter) -> dict:
    """`[state.ground]` as the spawn begins (a dungeon's PSI SURPRISE and MIDAS TOUCH carry
    over into it)."""
    assert enc.level is not None and enc.map_no is not None
    g: dict[str, Any] = {"level": min(enc.level, MAX_LEVEL), "boss": enc.boss, "ambush": enc.ambush, "map": enc.map_no,
         "atmosphere": enc.atmosphere, "turn": 0, "step": "spawn", "minions": 0, "enemies": {}, "crew": enc.crew}
    if enc.tile:
        g["tile"] = enc.tile
    for k in ("surprise", "midas"):
        if d and d.get(k):
            g[k] = True
            d.pop(k)
    return g


def first_primary(sp: Spawn, species: str | None) -> None:
    """A LV6+ Boss battle: d6, a 6 brings a CREATURE FROM HELL; else the Primary's sheet."""
    if sp.g["boss"] and sp.level >= HELL_BOSS_LEVEL:
        r = sp.dice.roll(6, label="creature from hell d6")
        sp.data["hell"] = r
        if r == 6:
            sp.g["from_hell"] = True
            sp.out.append(f"LV{sp.level} Boss: d6 6: a CREATURE FROM HELL instead (fold out a random one).")
        else:
            sp.out.append(f"LV{sp.level} Boss: d6 {r}: no creature from hell.")
    if not sp.g.get("from_hell"):
        sp.out.append(f"Fold out a LV{sp.sheet} {species or 'enemy'} sheet (either profile) for Primary 1.")


def reaction_check(sp: Spawn) -> None:
    """d6 ≥ 4: one crew member takes a bonus action (not a Flank) or a PSI power; an ambush
    fails it."""
    if sp.g["ambush"]:
        sp.out.append("Ambush: the reaction check fails; the enemies act first all combat.")
        return
    r = sp.dice.roll(6, label="reaction d6")
    sp.checks.append(check("reaction check", d6_chance(0, REACTION), r >= REACTION))
    sp.data["reaction"] = r
    if r >= REACTION:
        sp.g["bonus"] = True
        sp.out.append(f"Reaction: d6 {r}: one crew member may take a bonus action now (not Flank) or use a PSI "
                      f"power.")
    else:
        sp.out.append(f"Reaction: d6 {r}: no reaction.")


def second_primary(sp: Spawn) -> None:
    """A second Primary of the same level when d6 < the map number, its species by d6."""
    r = sp.dice.roll(6, label="second Primary d6")
    sp.data["second"] = r
    map_no = sp.g["map"]
    if r >= map_no:
        sp.out.append(f"Second Primary: d6 {r} is not below map {map_no}: none.")
        return
    sp.g["second"] = True
    n_out = len(sp.out)
    kind = sp.faction("Second Primary species")
    sp.out.insert(n_out, f"Second Primary: d6 {r} < map {map_no}: a second LV{sp.sheet} Primary, species d6 "
                         f"{SPECIES.index(kind) + 1}: {kind}.")
    sp.data["second_species"] = kind


def minions(sp: Spawn) -> None:
    """Minions (level - 1, none at LV1 unless a Boss): d6 + map number, 2-5 none, 6-10 one,
    11+ two; a Boss brings one at least; each one's species by d6."""
    if sp.level <= 1 and not sp.g["boss"]:
        sp.out.append("Level 1: no Minions.")
        return
    r = sp.dice.roll(6, label="Minions d6")
    total = r + sp.g["map"]
    count = 0 if total <= 5 else 1 if total <= 10 else 2
    line = f"Minions: d6 {r} + map {sp.g['map']} = {total}: {count}"
    if sp.g["boss"] and count == 0:
        count = 1
        line += " (a Boss always brings one)"
    sp.out.append(line + ".")
    kinds = [sp.faction(f"Minion {i + 1} species") for i in range(count)]
    if kinds:
        sp.out.append(f"Minions (LV{max(1, min(sp.level - 1, SHEET_MAX))}): {', '.join(kinds)}.")
    sp.data["minion_species"] = kinds
    sp.g["minions"] = count
