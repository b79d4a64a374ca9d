"""War With the Evil Power Master: the names and numbers the rulebook prints, in one place.

The rules, the schema, the views, the commands and the sheets all spell the book's words
(challenge types, disc colours, booster effects, phases) through these names.
"""

from __future__ import annotations

from typing import Final, Literal

# Challenges: the five types (a character's proficiencies, a booster's type)
PILOTING, DIPLOMACY, DEXTERITY, PERCEPTION, STRENGTH = "piloting", "diplomacy", "dexterity", "perception", "strength"
TYPES = (PILOTING, DIPLOMACY, DEXTERITY, PERCEPTION, STRENGTH)
WIN, LOSE = "win", "lose"  # Step 4: Challenge Total >= Challenge Level wins

# Step 1 - Check the Challenge Level (E2): the highest Signal of each band, and its level
TRACK_MAX = 25  # E1: the Signal Tracker and the EPM Meter run 0..25
LEVELS = ((6, 4), (12, 5), (TRACK_MAX, 6))

# DATA Cards: Challenge Boosters (+1, +2, +3 or roll twice) and one-use Assist Items
BOOSTER, ASSIST = "booster", "assist"
KINDS = (BOOSTER, ASSIST)
TWICE = "twice"
EFFECTS = ("+1", "+2", "+3", TWICE)

# Signal Booster Disc strength: each colour's range of numbers (E7)
BLUE, YELLOW, PINK = "blue", "yellow", "pink"
COLORS = {BLUE: (4, 6), YELLOW: (6, 8), PINK: (8, 10)}
FACE_DOWN, FLIPPED, DISCARDED = "face_down", "flipped", "discarded"
STATUSES = (FACE_DOWN, FLIPPED, DISCARDED)

# Where the campaign is: on a planet, between planets, in the Final Showdown, or over
EXPLORING, EN_ROUTE, SHOWDOWN = "exploring", "en_route", "showdown"
WON: Final = "won"  # the outcomes a game ends with (journal.games.Result)
LOST: Final = "lost"
PHASES = (EXPLORING, EN_ROUTE, SHOWDOWN, WON, LOST)
PHASE_TEXT = {EXPLORING: "exploring", EN_ROUTE: "en route", SHOWDOWN: "Final Showdown", WON: "won", LOST: "lost"}

# The two trackers (E1) and what moves them
SIGNAL: Final = "signal"
EPM: Final = "epm"
Tracker = Literal["signal", "epm"]
TRACKERS: tuple[Tracker, ...] = (SIGNAL, EPM)
TRACKER_NAMES = {SIGNAL: "Signal Tracker", EPM: "EPM Meter"}
EPM_PER_SEGMENT = 2  # E6: the EPM Meter rises 2 per path segment travelled
STORY_CARDS = 13  # a planet's deck
SHOWDOWN_CARD = 13  # E8: the Final Showdown starts at Story Card 13 of the current planet


def challenge_level(signal: int) -> int:
    """Step 1 (E2): Signal 0-6 → 4, 7-12 → 5, 13 or higher → 6."""
    for highest, level in LEVELS:
        if signal <= highest:
            return level
    return LEVELS[-1][1]
