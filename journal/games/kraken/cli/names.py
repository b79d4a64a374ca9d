"""What the table shell completes for the crew on foot and their gear (issue 20 §4): each argument
and option that takes a name of the campaign offers only those it takes now (journal.options'
CampaignName): `crew hp` the crew members, `ground attack` the conscious members of the combat
and the enemies still fighting, `dungeon med` the team, `ship sell` the ship's systems.

Each `pick(state)` reads the save as it is (a hand-edited one may hold anything: no rules, no
error), and a name it cannot take now is not offered.
"""

from __future__ import annotations

from collections.abc import Callable

from journal.options import CampaignName


def as_table(value: object) -> dict:
    """A table of the save, or {} for anything else (a hand-edited save may hold anything)."""
    return value if isinstance(value, dict) else {}


def members(state: dict) -> dict:
    """The crew members' tables, by name."""
    return {str(n): m for n, m in as_table(state.get("crew")).items() if isinstance(m, dict)}


def crew_members(state: dict) -> list[str]:
    return list(members(state))


def conscious_crew(state: dict) -> list[str]:
    return [n for n, m in members(state).items() if m.get("status") == "active"]


def fighters(state: dict) -> list[str]:
    """The conscious crew members of the Ground Combat going on (none without one)."""
    g = as_table(state.get("ground"))
    up = conscious_crew(state)
    return [str(n) for n in g.get("crew") or [] if str(n) in up]


def team(state: dict) -> list[str]:
    """The conscious members deployed on the exploration going on (none without one)."""
    d = as_table(state.get("dungeon"))
    up = conscious_crew(state)
    return [str(n) for n in d.get("crew") or [] if str(n) in up]


def _enemies(state: dict, *statuses: str) -> list[str]:
    g = as_table(state.get("ground"))
    return [str(k) for k, e in as_table(g.get("enemies")).items()
            if not statuses or (isinstance(e, dict) and e.get("status") in statuses)]


def weapons(state: dict) -> list[str]:
    return list(dict.fromkeys(str(w) for m in members(state).values() for w in as_table(m.get("weapons"))))


def carried(state: dict) -> list[str]:
    return list(dict.fromkeys(str(v) for m in members(state).values() for v in as_table(m.get("inventory")).values()))


def stored(state: dict) -> list[str]:
    return [str(x) for x in [*(state.get("storage") or []), *(state.get("expansion_storage") or [])]]


def traits(state: dict) -> list[str]:
    return list(dict.fromkeys(str(t) for m in members(state).values() for t in as_table(m.get("traits"))))


def _keys(*path: str) -> Callable[[dict], list[str]]:
    def pick(state: dict) -> list[str]:
        node: object = state
        for key in path:
            node = as_table(node).get(key)
        return [str(k) for k in as_table(node)]
    return pick


def nothing(state: dict) -> list[str]:
    """A new name (a crew member joining, a quest accepted): nothing of the campaign to offer."""
    return []


CREW_MEMBER = CampaignName(crew_members, "crew member")
CONSCIOUS = CampaignName(conscious_crew, "crew member")
FIGHTER = CampaignName(fighters, "crew member")
TEAM = CampaignName(team, "crew member")
ON_FOOT = CampaignName(lambda s: list(dict.fromkeys(fighters(s) + team(s))), "crew member")
ENEMY = CampaignName(lambda s: _enemies(s, "active"), "enemy")
ANY_ENEMY = CampaignName(_enemies, "enemy")
DEFEATED = CampaignName(lambda s: _enemies(s, "defeated"), "enemy")
PSI_TARGET = CampaignName(lambda s: fighters(s) + _enemies(s, "active"), "crew member or enemy")
WEAPON = CampaignName(weapons, "weapon")
ATTACK_WEAPON = CampaignName(lambda s: weapons(s) + ["fists"], "weapon")
CARRIED = CampaignName(carried, "item")
STORED = CampaignName(stored, "item")
TRAIT = CampaignName(traits, "trait")
SYSTEM = CampaignName(_keys("ship", "systems"), "ship system")
QUEST = CampaignName(_keys("quests"), "quest")
CAPTIVE = CampaignName(_keys("captives"), "captive")
BUILD = CampaignName(_keys("builds"), "build")
LOCATION = CampaignName(_keys("locations"), "Location slot")
NEW = CampaignName(nothing, "new name")


def _psi_powers(dungeon: bool) -> Callable[[dict], list[str]]:
    def pick(state: dict) -> list[str]:
        from journal.games.kraken.ground_combat.psi import DUNGEON_POWERS, PSI_POWERS

        return [p.lower() for p in PSI_POWERS if (p in DUNGEON_POWERS) == dungeon]
    return pick


def _fields(what: str) -> Callable[[dict], list[str]]:
    def pick(state: dict) -> list[str]:
        from journal.games.kraken.model.constants import ATTRIBUTES

        if what == "crew":
            return [*ATTRIBUTES, "level", "hp_max", "psi"]
        if what == "attribute":
            return [*ATTRIBUTES, "psi"]
        return ["hp", "armor", "agility", "shield", "escape", "weaken", "status", "note"]
    return pick


def _species(state: dict) -> list[str]:
    from journal.games.kraken.model.constants import SPECIES

    return list(SPECIES)


TILE = CampaignName(nothing, "tile")                      # as printed on the map: nothing in the save to offer
TEXT = CampaignName(nothing, "text")                      # a notation, a profile, a table column: typed
SPECIES = CampaignName(_species, "species")
CREW_FIELD = CampaignName(_fields("crew"), "field")
ENEMY_FIELD = CampaignName(_fields("enemy"), "field")
ATTRIBUTE = CampaignName(_fields("attribute"), "attribute")
GROUND_PSI = CampaignName(_psi_powers(False), "PSI power")
DUNGEON_PSI = CampaignName(_psi_powers(True), "PSI power")


def _catalogue(state: dict) -> list[str]:
    from journal.games.kraken import catalogue

    return list(catalogue.load())


CATALOGUE = CampaignName(_catalogue, "system")           # what the ship may buy or build
