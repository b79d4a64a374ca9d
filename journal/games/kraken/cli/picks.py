"""What the table shell completes for the campaign, its turn and story lines, the Starmap and the
Space Combat (issue 20 §4): each argument and option that takes a name of the campaign offers
only those it takes now (journal.options' CampaignName): `line skip` the lines Phase 1 may still
skip, `turn --activate` the lines holding a STANDBY event, `location clear` the Locations of the
log, `combat repair` the damaged systems (or sp), `combat objective --crew` the crew not used
this combat turn, `combat heal` the unconscious.

Each `pick(state)` reads the save as it is (a hand-edited one may hold anything: no rules, no
error), and a name it cannot take now is not offered.
"""

from __future__ import annotations

from journal.options import CampaignName


def _table(value) -> dict:
    return value if isinstance(value, dict) else {}


def _members(state: dict) -> dict:
    return {str(n): m for n, m in _table(state.get("crew")).items() if isinstance(m, dict)}


def _conscious(state: dict) -> list[str]:
    return [n for n, m in _members(state).items() if m.get("status") == "active"]


def _lines(state: dict) -> dict:
    return {str(k): v for k, v in _table(state.get("lines")).items() if isinstance(v, dict)}


# --- the campaign and its story lines ----------------------------------------------------------

def crew_members(state: dict) -> list[str]:
    """`--leader`: any member of the crew."""
    return list(_members(state))


def lines_in_play(state: dict) -> list[str]:
    """`step`, `advance`, `line set|note|end`, `var --line`: the line slots in use."""
    return list(_lines(state))


def lines_to_skip(state: dict) -> list[str]:
    """`line skip`: in Phase 1, a line not activated yet this turn and not skipped last turn,
    while no line is skipped this turn (K5)."""
    if state.get("phase") != 1 or not state.get("turn") or state.get("skipped"):
        return []
    done = state["done"] if isinstance(state.get("done"), list) else []
    return [k for k, v in _lines(state).items() if k not in done and not v.get("running")
            and not v.get("standby") and k != state.get("skipped_before")]


def lines_to_skip_next_turn(state: dict) -> list[str]:
    """`turn --skip`: any line but the one skipped this turn (it may not be skipped twice running)."""
    return [k for k in _lines(state) if k != state.get("skipped")]


def lines_on_standby(state: dict) -> list[str]:
    """`turn --activate`: the lines holding a STANDBY event."""
    return [k for k, v in _lines(state).items() if v.get("standby")]


def lines_not_on_standby(state: dict) -> list[str]:
    """`turn --standby`: the lines that may reach a STANDBY event and hold it."""
    return [k for k, v in _lines(state).items() if not v.get("standby")]


# --- the Starmap Locations Log -----------------------------------------------------------------

def location_slots(state: dict) -> list[str]:
    """`location map|clear|solve|remove`: the slots of the Starmap Locations Log in use."""
    return [str(k) for k in _table(state.get("locations"))]


# --- the Space Combat --------------------------------------------------------------------------

def _combat(state: dict) -> dict:
    return _table(state.get("combat"))


def unused_crew(state: dict) -> list[str]:
    """Who may still act this Space Combat turn: conscious, not used yet (none without a combat)."""
    c = _combat(state)
    if not c:
        return []
    used = _table(c.get("used"))
    return [n for n in _conscious(state) if n not in used]


def defenders(state: dict) -> list[str]:
    """`combat repel --crew`: whoever stands, used or not, while enemies board the ship."""
    return _conscious(state) if _combat(state).get("boarders") else []


def boarding_party(state: dict) -> list[str]:
    """`combat round --hurt|--sacrifice`: the conscious crew of the Boarding Combat going on."""
    b = _table(_combat(state).get("boarding"))
    up = _conscious(state)
    return [str(n) for n in b.get("crew") or [] if str(n) in up]


def unconscious_crew(state: dict) -> list[str]:
    """`combat heal`: the unconscious, healed in a hurry after a Boarding Combat."""
    if not _combat(state):
        return []
    return [n for n, m in _members(state).items() if m.get("status") == "unconscious"]


def _systems(state: dict) -> dict:
    return {str(k): e for k, e in _table(_table(state.get("ship")).get("systems")).items() if isinstance(e, dict)}


def _category(system: object) -> str:
    from journal.games.kraken.catalogue import load

    return str(_table(load().get(system)).get("category", ""))


def repairs(state: dict) -> list[str]:
    """`combat repair`, `combat recharge --drones`: a damaged system, or 3 SP (sp)."""
    if not _combat(state):
        return []
    return [k for k, e in _systems(state).items() if e.get("damaged")] + ["sp"]


def working_weapons(state: dict) -> list[str]:
    """`combat fire`: the ship's weapons that are not damaged."""
    if not _combat(state):
        return []
    return [k for k, e in _systems(state).items() if _category(e.get("system")) == "weapon" and not e.get("damaged")]


def overclockable(state: dict) -> list[str]:
    """`combat fire --oc`: the working weapons that fire in burst mode (OC)."""
    from journal.games.kraken.catalogue import load
    from journal.games.kraken.model.constants import OVERCLOCK

    cat = load()
    return [k for k in working_weapons(state)
            if OVERCLOCK in str(_table(cat.get(_systems(state)[k].get("system"))).get("special", ""))]


def shield_systems(state: dict) -> list[str]:
    """`--shield`: the shield systems a 6 on the system damage roll may hit."""
    if not _combat(state):
        return []
    return [k for k, e in _systems(state).items() if _category(e.get("system")) == "shield"]


LEADER = CampaignName(crew_members, "crew member")
LINE = CampaignName(lines_in_play, "story line")
LOCATION = CampaignName(location_slots, "Location")
UNUSED = CampaignName(unused_crew, "crew member")
DEFENDERS = CampaignName(defenders, "crew member")
BOARDERS = CampaignName(boarding_party, "boarder")
UNCONSCIOUS = CampaignName(unconscious_crew, "unconscious crew member")
REPAIRS = CampaignName(repairs, "damaged system")
WEAPONS = CampaignName(working_weapons, "weapon")
OC_WEAPONS = CampaignName(overclockable, "OC weapon")
SHIELDS = CampaignName(shield_systems, "shield system")
