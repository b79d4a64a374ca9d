"""Space Kraken: the printable pages (filled from a save, or blank for pencil play).

1. The CGM Line Tracker (book p. 14): six line slots of seven coordinate cells with the
   variables A-H under each and a note, the interlink memory I-Z, the Starmap Locations
   Log (2 slots, 6 with HyperNavMemory; cleared Map IDs underlined): `line_tracker`.
2. The Spaceship page: hull, structure, shields, Credits, XP, the Oxygen track, every
   system and weapon of the catalogue (owned, damaged), storage, Notes/Quests with their
   timer ticks, constructions: `spaceship`.
3. One page per crew member (six on a blank sheet): attributes, HP bar, level, traits,
   inventory L/R/1-4, combat gear: `crew`.
4-6. SPACE COMBAT, GROUND COMBAT and DUNGEON EXPLORATION forms: `space_combat`,
   `ground_combat`, `exploration`; a filled PDF prints each only while one is under way
   (ADVENTURE_PAGES), a blank sheet all three.
7. A blank sheet ends with the achievements and the campaign scores, for pencil: `records`.

Drawn with `journal.pdf.primitives` and `journal.pdf.flow`: user text is wrapped or set smaller,
never cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from journal.games.kraken.sheets.crew import draw_crew_member
from journal.games.kraken.sheets.exploration import draw_exploration
from journal.games.kraken.sheets.ground_combat import draw_ground_combat
from journal.games.kraken.sheets.line_tracker import draw_line_tracker
from journal.games.kraken.sheets.parts import as_dict
from journal.games.kraken.sheets.records import draw_records
from journal.games.kraken.sheets.space_combat import draw_space_combat
from journal.games.kraken.sheets.spaceship import draw_spaceship

if TYPE_CHECKING:
    from journal.games.kraken.tables import State

BLANK_CREW_PAGES = 6    # a crew of four at a time, and the members who join as others fall


def draw_tracker(c, page, state, title) -> None:
    """Every page for `state` (None: blank sheets); leaves the last page open."""
    blank = state is None
    s = as_dict(state)
    draw_line_tracker(c, page, s, title, blank)
    page.new_page()
    draw_spaceship(c, page, s, title, blank)
    crew = as_dict(s.get("crew"))
    names = [None] * BLANK_CREW_PAGES if blank else list(crew)
    rules_at = None                 # the page of the crew's rules reminder, once a crew page printed it
    for name in names:
        page.new_page()
        rules_at = draw_crew_member(c, page, s, name, as_dict(crew.get(name)) if name else {}, blank, rules_at)
    draw_pages(c, page, cast("State", s), blank)
    if blank:
        page.new_page()
        draw_records(c, page)


def space_combat_shown(s: State) -> bool:
    """A filled PDF prints the SPACE COMBAT page while a Space Combat is under way."""
    return bool(s.get("combat"))


def ground_combat_shown(s: State) -> bool:
    """A filled PDF prints the GROUND COMBAT page while a Ground Combat is under way."""
    return bool(s.get("ground"))


def exploration_shown(s: State) -> bool:
    """A filled PDF prints the DUNGEON EXPLORATION page while an exploration (or a short visit)
    is under way."""
    return bool(s.get("dungeon"))


# The adventure pages in their order, each with when a filled PDF prints it (issue 22: only while
# one is under way); a blank sheet (`journal sheet`) prints them all.
ADVENTURE_PAGES = ((space_combat_shown, draw_space_combat), (ground_combat_shown, draw_ground_combat),
                   (exploration_shown, draw_exploration))


def draw_pages(c, page, s: State, blank: bool) -> None:
    """The SPACE COMBAT, GROUND COMBAT and EXPLORATION forms, each on a new page (the caller
    started none): all of them blank, or those under way."""
    for shown, draw in ADVENTURE_PAGES:
        if blank or shown(s):
            page.new_page()
            draw(c, page, s, blank)
