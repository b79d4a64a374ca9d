"""Chapter 13, Dungeon exploration: one module per part of the chapter.

An exploration lives in ``[state.dungeon]``: the Location and map the team is on, whether
it stands outside or inside, the deployed crew, bulkheads (fails, open or locked), the '?'
values rolled, the tiles resolved (mines, defeated enemies, treasures ...) and the maps
whose Treasure was activated. Tiles are named as printed on the map ("B2", "M", "E?",
"T1"); a map with two alike tiles names them apart ("E2a", "E2b"): the level is read from
the first number (or '?').

`actions` (an action and its Oxygen, fainting, the exploration's end), `maps` (entering,
moving, the maps in order, leaving), `hazards` (bulkheads, mines, laser barriers),
`stations` (med, Oxygen and clone stations, Treasures), `elements` (Disruptors, Hull
Breaches, Teleportals, doors), `shops` (traders and the Phase 4 short visit), `avoid`
(avoiding a Ground Combat).
"""

from __future__ import annotations
