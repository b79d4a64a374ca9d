"""What the table does next away from the ship (ch. 9-14): the space combat's step, the ground
combat's, the new Location a flight found, a Treasure drop, the exploration. The sequence of play
(model/sequence.py) loads it only then; views render it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.games.kraken.model.combat import boarding_pending, enemy_fire_due
from journal.games.kraken.model.commands import LOCATION_ADD, LOCATION_GENERATE
from journal.games.kraken.model.constants import TREASURE_COMMANDS
from journal.games.kraken.model.ground import turn_hint
from journal.hints import Text, cmd, say

if TYPE_CHECKING:
    from journal.games.kraken.tables import State


def away_next(state: State) -> Text | None:
    """What comes next away from the ship: the combat, the new Location, a Treasure drop, the exploration."""
    if state.get("combat"):
        return next_command(state)
    if state.get("ground"):
        return ground_next(state)
    f = state.get("flight")
    if f and f.get("generation"):
        return say("the new Location: ", cmd("kraken location accept"), " (or ",
                   cmd("kraken location modify", "reroll"), ").")
    if f:
        return say("generate the new Location: ", LOCATION_GENERATE, " (or, rolled by hand from the book, ",
                   LOCATION_ADD, ").")
    if state.get("loot"):
        return loot_next(state["loot"][0])
    if state.get("dungeon"):
        return dungeon_next(state["dungeon"])
    return None


def ground_next(state: State) -> Text:
    """Ch. 14: the enemies spawn, then the turns of Ground Combat."""
    g = state["ground"]
    return say("Ground Combat: ", turn_hint(state, g), "." if g["step"] == "spawn" else "")


def loot_next(drop: dict) -> Text:
    """Ch. 14: a Treasure drop is taken (Credits or a Stimpack first), then read on the table."""
    if "d20" in drop:
        if drop.get("kind"):
            return say("resolve the Treasure drop: ", cmd(f"kraken treasure {drop['kind']}"), ".")
        return say("resolve the Treasure drop: as the table says, ", TREASURE_COMMANDS, ".")
    return say("take the Treasure drop: ", cmd("kraken treasure take", credits=True), " (or ",
               cmd("kraken treasure take", stimpack=True), ").")


def dungeon_next(d: dict) -> Text:
    """Ch. 13: the free first move, a short visit's trade, or exploring."""
    if d.get("free_move"):
        return say("the free first move on this map: ", cmd("kraken dungeon move", free=True),
                   " (or a tile command with --free).")
    if d.get("visit"):
        return say("trade (", cmd("kraken dungeon buy", "ITEM", grade="G"), ", ",
                   cmd("kraken dungeon sell", "ITEM", value="V"), ", ",
                   cmd("kraken dungeon gamble", "ITEM", grade="G"), ", ",
                   cmd("kraken dungeon mod", "NAME", "WEAPON", damage=True), ", ", cmd("kraken quest add", "NAME"),
                   "), then ", cmd("kraken dungeon leave", "teleport"), ".")
    return say("explore: ", cmd("kraken dungeon move"), ", or the command of the tile you step on (",
               cmd("kraken dungeon bulkhead", "TILE", crew="NAME"), ", ", cmd("kraken dungeon enemy", "TILE"), ", ",
               cmd("kraken dungeon treasure", "TILE"), ", and the others); leave by ",
               cmd("kraken dungeon exit"), ", ", cmd("kraken dungeon back"), " or ", cmd("kraken dungeon leave", "WAY"),
               ".")


def next_command(s: State) -> Text:
    """Ch. 10: the Space Combat's next step: boarding, the timeline, objectives and repairs, fire,
    enemy fire, then board, escape or recharge."""
    c = s["combat"]
    if c.get("boarding") or c.get("boarders"):
        return say(boarding_pending(c), ".")
    step = c["step"]
    if step == "timeline" and c["crossed"] < len(c["timeline"]):
        return say("Space Combat: activate the timeline (", cmd("kraken combat timeline"), ").")
    if step in ("timeline", "objectives"):
        return say("Space Combat: objectives and repairs (", cmd("kraken combat objective", crew="NAME"), ", ",
                   cmd("kraken combat repair", "SYSTEM", crew="NAME"), "), then fire (",
                   cmd("kraken combat fire", "WEAPON"), ").")
    if step == "fire":
        return say("Space Combat: fire (", cmd("kraken combat fire", "WEAPON", target="N"), ").")
    if step == "enemy-fire" and enemy_fire_due(c):
        return say("Space Combat: enemy fire (", cmd("kraken combat enemy-fire"), ").")
    return say("Space Combat: board (", cmd("kraken combat board", "N", crew="NAME"), "), escape (",
               cmd("kraken combat escape"), ") or recharge (", cmd("kraken combat recharge"), ").")
